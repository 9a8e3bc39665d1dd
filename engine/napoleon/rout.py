"""Retreat destinations (7.1) and the rout (7.5), shared by the automatic rout of 6.1 and by battles."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from data import Road

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


def may_retreat_far(
    ctx: Ctx, town: str, side: str, attacker: str, passed: Iterable[str], reinforced_from: Iterable[str]
) -> bool:
    """7.1 / 7.3 for a town that is not next to the battle: never a town holding enemy units; for the attacker
    one of its towns (friendly-held, passed through, reinforcements' origin), for the defender a town the
    attacker could not retreat to."""
    if ctx.enemy_in(town, side):
        return False
    attackers = ctx.friendly_in(town, attacker) or town in passed or town in reinforced_from
    return attackers if side == attacker else not attackers


def rout_speed(u: Unit) -> int:
    """7.5 「潰走は、…強制的な退却です」 … 「退却します」: a rout is a retreat, at the retreat speed of
    7.3 (「通常の移動速度で退却できます」): infantry and artillery 1 town, cavalry and leaders 2 (rulings
    7.5). No forced march (5.5: a forced march is ordered by the player; nobody orders a rout)."""
    return 2 if u.type in ("cavalry", "leader") else 1


def rout_limit(road: Road) -> int:
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
    cause_params: Mapping[str, Any] | None = None,
    empty: Sequence[str] = (),
) -> None:
    """7.5: the routed side takes attrition on every remaining unit, then all of them leave ``town``.

    ``cavalry_engaged``: ids of this side's cavalry engaged with enemy cavalry (they lose 1 cv).
    ``enemy``: the enemy force involved (for the [3rd] lone-leader clause).
    Destinations are chosen by the engine (rulings 7.5): towns holding friendly units first (cavalry and
    leaders may rout two towns to reach them, 7.3), then the nearer, then the road with more room, then by
    name; leaders go first and use no road capacity (rulings 10.0, FAQ 5); whatever cannot get away is
    eliminated."""
    units = [u for u in units if not u.eliminated]
    if not units:
        return
    army_roles = {u.army: ctx.roles_of_army(u.army) for u in units}
    said: dict[str, Any] = {"cause": cause}  # a phrase of the catalog, its parameters, the empty columns
    if cause_params:
        said["cause_params"] = dict(cause_params)
    if empty:
        said["empty"] = list(empty)
    ctx.emit("rout", {"town": town, "side": side, "units": len(units), **said})

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

    passed, reinforced_from = list(passed), list(reinforced_from)
    dests = retreat_towns(ctx, town, side, attacker, passed, reinforced_from)
    room = {}
    for d in dests:
        road = ctx.sc.road(town, d)
        assert road is not None  # retreat_towns() gives towns next to the battle (7.1)
        room[d] = rout_limit(road)
    # 7.3, 7.5 (rulings 7.5): cavalry and leaders may rout two towns, through a town they may retreat to,
    # to a town they may retreat to; the capacity is that of the road leaving the battle town (as for 7.2)
    far: dict[str, list[str]] = {}
    for d in dests:
        for n, _road in ctx.sc.neighbours(d):
            if n != town and may_retreat_far(ctx, n, side, attacker, passed, reinforced_from):
                far.setdefault(d, []).append(n)
    friends = {t for t in [*dests, *(n for ns in far.values() for n in ns)] if ctx.friendly_in(t, side)}
    # towns holding friendly units first (a fast unit goes on to them if none is next to the battle), then the
    # nearer, then the road with more room, then by name
    near = [(d, d, 1) for d in dests]
    two = [(n, d, 2) for d in dests for n in far.get(d, [])]
    order = sorted(near, key=lambda o: (o[0] not in friends, -room[o[1]], o[0]))
    fast_order = sorted(near + two, key=lambda o: (o[0] not in friends, o[2], -room[o[1]], o[0], o[1]))
    # FAQ 5: a leader escapes if possible; leaders take no road capacity (rulings 10.0).
    survivors.sort(key=lambda u: (not u.leader, -u.cv, u.id))
    moved: dict[str, list[str]] = {}
    firsts: dict[str, str] = {}  # town reached -> the road out of the battle town that led there
    for u in survivors:
        dest = first = None
        for final, road_to, _steps in fast_order if rout_speed(u) == 2 else order:
            if u.leader or room[road_to] > 0:
                dest, first = final, road_to
                break
        if dest is None or first is None:
            ctx.eliminate(u, "could not get away from the rout (7.5)")
            continue
        if not u.leader:
            room[first] -= 1
        u.location = dest
        u.disrupted = True  # 7.4: routed units have retreated, so they are disrupted
        u.retreated = True
        u.in_square = False
        moved.setdefault(dest, []).append(u.id)
        firsts.setdefault(dest, first)
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
                    "road": road_key(town, firsts[dest]),
                },
                secret={"units": mine},
                to=army_roles[army],
            )
