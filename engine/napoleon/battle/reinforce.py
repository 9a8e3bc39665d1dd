"""9.0-9.2, reinforcements in a battle turn's reinforcement phase: which units next to the battle may join it
(not disrupted, retreated or force-marched; 7.4, 9.2, 5.5), 2/1 a road a battle turn (9.1), straight into the
Reserve (9.0); an attacker's reinforcement's town becomes one it may retreat to (7.1). ``/reinforce``."""

from __future__ import annotations

from ...errors import RuleError
from ..board import RESERVE, spot
from ..context import Ctx
from ..orders import Reinforce
from ..state import Battle, BattlePhase, Unit, road_key
from . import machine
from .common import ROAD_LIMIT, err, match_town, nat, owned, unit_ids


def reinforcements(ctx: Ctx, b: Battle, role: str, *, regroup: bool = False) -> list[tuple[str, Unit]]:
    """9.0-9.2: the role's units in adjacent towns that may join the battle: not disrupted or retreated
    (7.4, 9.2), not force-marched this campaign turn (5.5), in a town holding no enemy (rulings 9.0)."""
    side = b.acting(regroup)
    out = []
    for town, _r in ctx.sc.neighbours(b.town):
        if ctx.enemy_in(town, side):
            continue
        for u in ctx.units_at(town, side):
            if owned(u, role) and not u.disrupted and not u.retreated and not u.force_marched:
                out.append((town, u))
    return out


def plan_reinforce(
    ctx: Ctx,
    b: Battle,
    role: str,
    ids: list[str],
    town: str,
    use: dict[str, int],
    *,
    regroup: bool = False,
    found: list[tuple[str, Unit]] | None = None,
) -> None:
    """Validate a reinforcement (9.0-9.2) or a regroup by reinforcement (7.6) of ``ids`` from ``town``
    (``found``: ``reinforcements(ctx, b, role, regroup=regroup)`` if already asked). Nothing is changed."""
    rule = "7.6" if regroup else "9.0"
    road = ctx.sc.road(b.town, town)
    if road is None:
        raise err(rule, "battle.no_road", town=town, battle=b.town)
    side = b.acting(regroup)
    if ctx.enemy_in(town, side):
        raise err(rule, "battle.enemy_town", town=town)
    if found is None:
        found = reinforcements(ctx, b, role, regroup=regroup)
    eligible = {u.id for t, u in found if t == town}
    n = 0
    for uid in ids:
        u = ctx.st.units[uid]
        if u.location != town or not owned(u, role):
            raise err(rule, "battle.not_your_unit_at", unit=uid, town=town)
        if uid not in eligible:
            why = (
                "disrupted"
                if u.disrupted
                else "retreated"
                if u.retreated
                else "forced"
                if u.force_marched
                else "not_free"
            )
            raise err(
                "9.2" if u.retreated else "5.5" if u.force_marched else "7.4" if u.disrupted else rule,
                f"battle.cannot_reinforce_{why}",
                unit=uid,
            )
        if not u.leader:
            n += 1
    key = road_key(b.town, town)
    if use.get(key, 0) + n > ROAD_LIMIT[road.cls]:
        raise err(
            "7.6" if regroup else "9.1",
            "battle.regroup_reinforce_road" if regroup else "battle.reinforce_road",
            cls=road.cls,
            town=town,
            battle=b.town,
            limit=ROAD_LIMIT[road.cls],
            used=use.get(key, 0),
        )


def do_reinforce(ctx: Ctx, b: Battle, role: str, order: Reinforce) -> None:
    ids = unit_ids(ctx, order.units)
    town = match_town(ctx, order.source)
    machine.may_enter(b, BattlePhase.REINFORCE)
    plan_reinforce(ctx, b, role, ids, town, b.reinforce_use)
    machine.open_round(b)
    machine.enter(b, BattlePhase.REINFORCE)
    side = b.acting()
    key = road_key(b.town, town)
    for uid in ids:
        u = ctx.st.own(ctx.st.units[uid])  # copy on write (state.py)
        u.location = b.town
        b.pos[uid] = spot(side, RESERVE)  # 9.0: straight into the Reserve
        if not u.leader:
            b.reinforce_use[key] = b.reinforce_use.get(key, 0) + 1
    if side == b.attacker:
        b.progress = True
        if town not in b.reinforced_from:
            b.reinforced_from.append(town)  # 7.1
    army = sorted({ctx.st.units[i].army for i in ids})
    ctx.emit(
        "reinforce",
        {"town": b.town, "from": town, "armies": army, "count": len(ids)},
        secret={"units": ids},
        to=tuple(r for a in army for r in ctx.roles_of_army(a)),
    )


def reinforce_choices(ctx: Ctx, b: Battle, role: str) -> list[Reinforce]:
    """9.0-9.2: the role's units that may join the battle, one order each."""
    out: list[Reinforce] = []
    by_town: dict[str, list[Unit]] = {}
    found = reinforcements(ctx, b, role)  # asked once: nothing changes while the choices are tried
    for town, u in found:
        by_town.setdefault(town, []).append(u)
    for town in sorted(by_town):
        for u in sorted(by_town[town], key=lambda u: nat(u.id)):
            try:
                plan_reinforce(ctx, b, role, [u.id], town, b.reinforce_use, found=found)
            except RuleError:
                continue
            out.append(Reinforce((u.id,), town))
    return out
