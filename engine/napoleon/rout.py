"""Retreat destinations (7.1) and the rout (7.5), shared by the automatic rout of 6.1 and by battles."""

from __future__ import annotations

from collections.abc import Iterable

from .context import Ctx
from .state import Unit, road_key

ROUT_LOSS = {"artillery": 2, "infantry": 1, "cavalry": 1, "leader": 0}  # 7.5


def attacker_towns(
    ctx: Ctx, town: str, attacker: str, passed: Iterable[str], reinforced_from: Iterable[str]
) -> set[str]:
    """7.1: the towns the attacker may retreat to from ``town``: towns holding its units (and no enemy), towns
    its units in the battle passed through (their starting towns included), towns its reinforcements came
    from. Never a town holding enemy units."""
    out: set[str] = set(passed) | set(reinforced_from)
    for other, _road in ctx.sc.neighbours(town):
        if ctx.friendly_in(other, attacker):
            out.add(other)
    out.discard(town)
    return {t for t in out if not ctx.enemy_in(t, attacker)}


def retreat_towns(
    ctx: Ctx, town: str, side: str, attacker: str, passed: Iterable[str], reinforced_from: Iterable[str]
) -> list[str]:
    """7.1: the adjacent towns ``side`` may retreat or rout to from ``town``."""
    passed = list(passed)
    reinforced_from = list(reinforced_from)
    att = attacker_towns(ctx, town, attacker, passed, reinforced_from)
    out = []
    for other, _road in ctx.sc.neighbours(town):
        if ctx.enemy_in(other, side):
            continue  # 7.1: never into a town containing enemy units
        if side == attacker:
            if other in att:
                out.append(other)
        elif other not in att:  # 7.1: the defender only where the attacker could not retreat
            out.append(other)
    return out


def rout_limit(road) -> int:
    """7.5 / FAQ 4: routing units use the movement limits 10 / 6, halved on a road crossing a river."""
    return road.limit // 2 if road.river else road.limit


def rout(
    ctx: Ctx,
    town: str,
    units: list[Unit],
    *,
    side: str,
    attacker: str,
    enemy: list[Unit],
    cavalry_engaged: set[str],
    passed: Iterable[str] = (),
    reinforced_from: Iterable[str] = (),
    cause: str,
) -> None:
    """7.5: the routed side takes attrition on every remaining unit, then all of them leave ``town``.

    ``cavalry_engaged``: ids of this side's cavalry engaged with enemy cavalry (they lose 1 cv).
    ``enemy``: the enemy force involved (for the [3rd] lone-leader clause).
    Destinations are chosen by the engine (rulings 7.5): towns holding friendly units first, then the road
    with more room, then by name; leaders go first and use no road capacity (rulings 10.0, FAQ 5); whatever
    cannot get away is eliminated."""
    units = [u for u in units if not u.eliminated]
    if not units:
        return
    army_roles = {u.army: ctx.roles_of_army(u.army) for u in units}
    ctx.emit("rout", {"town": town, "side": side, "units": len(units), "cause": cause})

    # [3rd] 7.5: a lone leader facing 3+ enemy units including at least one cavalry is eliminated.
    if ctx.third and all(u.leader for u in units):
        combat = [e for e in enemy if not e.leader and not e.eliminated]
        if len(combat) >= 3 and any(e.type == "cavalry" for e in combat):
            for u in units:
                ctx.eliminate(u, "7.5 [3rd]: a lone leader caught by 3+ enemy units with cavalry")
            return

    # Attrition first (7.5).
    for u in units:
        loss = ROUT_LOSS[u.type]
        if u.type == "cavalry" and u.id not in cavalry_engaged:
            loss = 0  # 7.5, FAQ 2: cavalry loses 1 cv only if engaged with enemy cavalry
        if loss:
            ctx.lose(u, loss, "rout attrition (7.5)")
    survivors = [u for u in units if not u.eliminated]

    dests = retreat_towns(ctx, town, side, attacker, passed, reinforced_from)
    room = {}
    for d in dests:
        road = ctx.sc.road(town, d)
        room[d] = rout_limit(road)
    order = sorted(dests, key=lambda d: (not ctx.friendly_in(d, side), -room[d], d))
    # FAQ 5: a leader escapes if possible; leaders take no road capacity (rulings 10.0).
    survivors.sort(key=lambda u: (not u.leader, -u.cv, u.id))
    moved: dict[str, list[str]] = {}
    for u in survivors:
        dest = None
        for d in order:
            if u.leader or room[d] > 0:
                dest = d
                break
        if dest is None:
            ctx.eliminate(u, "could not get away from the rout (7.5)")
            continue
        if not u.leader:
            room[dest] -= 1
        u.location = dest
        u.disrupted = True  # 7.4: routed units have retreated, so they are disrupted
        u.retreated = True
        u.in_square = False
        moved.setdefault(dest, []).append(u.id)
    for dest, ids in moved.items():
        # one event per army, so that in a 3-player game each ally reads only its own unit ids (13.1)
        for army in sorted({ctx.unit(i).army for i in ids}):
            mine = [i for i in ids if ctx.unit(i).army == army]
            ctx.emit(
                "routed",
                {
                    "from": town,
                    "to": dest,
                    "count": len(mine),
                    "armies": [army],
                    "road": road_key(town, dest),
                },
                secret={"units": mine},
                to=army_roles[army],
            )
