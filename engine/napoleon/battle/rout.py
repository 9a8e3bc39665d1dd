"""7.5, the rout: attrition, then every block of the routed side leaves by itself (``rout``: shared by the
automatic rout of 6.1, ``movement.py``, and by battles); and in a battle, when a side routs (a line column
holding none of its blocks) and when the battle is over (a side with no block left, product decision 6).
Where a routed block may go is 7.1's (``destinations.py``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from data.napoleon import Road

from ..context import Ctx
from ..sequence import Phase
from ..state import Battle, BattleStatus, Unit, other_side, road_key
from . import machine
from .common import board_of, units_in
from .destinations import may_retreat_far, retreat_towns

ROUT_LOSS = {"artillery": 2, "infantry": 1, "cavalry": 1, "leader": 0}  # 7.5


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
    # copy on write (state.py): every routing unit is written (attrition or its move), so each is taken as
    # this state's own object first, and only those objects are read from here on
    units = [ctx.st.own(u) for u in units if not u.eliminated]
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


def check_rout(ctx: Ctx, b: Battle, side: str, cause: str, **params: Any) -> bool:
    """7.5: a side whose line column holds none of its blocks routs. Returns True if the battle ended.
    ``cause`` is a phrase of the catalog (its English template) and ``params`` fill it."""
    if b.status != BattleStatus.FIGHTING or ctx.st.phase == Phase.OVER:
        return b.status != BattleStatus.FIGHTING
    if not units_in(ctx, b, side):
        battle_over(ctx, b, other_side(side))
        return True
    empty = board_of(ctx, b).empty_columns(side)
    if empty:
        rout_side(ctx, b, side, cause, params, empty)
        return True
    return False


def rout_side(
    ctx: Ctx,
    b: Battle,
    side: str,
    cause: str,
    params: dict[str, Any] | None = None,
    empty: Sequence[str] = (),
) -> None:
    """7.5: every remaining block of the side takes rout attrition, then all leave (``rout``). The event says
    ``cause`` (a phrase of the catalog) with ``params``, and the line columns left ``empty``."""
    board = board_of(ctx, b)
    units = [ctx.st.own(u) for u in units_in(ctx, b, side)]  # copy on write: all of them are written
    enemy = units_in(ctx, b, other_side(side))
    cav_engaged = {
        u.id
        for u in units
        if u.type == "cavalry"
        and any(ctx.st.units[e].type == "cavalry" for e in board.enemies_at(b.pos[u.id], side))
    }
    for u in units:
        u.in_square = False
    rout(
        ctx,
        b.town,
        units,
        side=side,
        attacker=b.attacker,
        enemy=enemy,
        cavalry_engaged=cav_engaged,
        passed=b.passed,
        reinforced_from=b.reinforced_from,
        cause=cause,
        cause_params=params,
        empty=empty,
    )
    _prune(ctx, b)
    if ctx.st.phase == Phase.OVER:
        return
    battle_over(ctx, b, other_side(side))


def _prune(ctx: Ctx, b: Battle) -> None:
    for uid in list(b.pos):
        u = ctx.st.units[uid]
        if u.eliminated or u.location != b.town:
            del b.pos[uid]
            b.fresh.pop(uid, None)


def check_over(ctx: Ctx, b: Battle) -> bool:
    """Product decision 6: a battle ends when one side has no block left in it."""
    if b.status != BattleStatus.FIGHTING:
        return True
    for side in (b.attacker, b.defender):
        if not units_in(ctx, b, side):
            battle_over(ctx, b, other_side(side))
            return True
    return False


def battle_over(ctx: Ctx, b: Battle, victor: str) -> None:
    """The side left in the town is the victor (rulings 7.6): the battle goes to its regroup (7.6; finished at
    once by ``settle`` if there is nothing to regroup)."""
    if ctx.st.phase == Phase.OVER:
        return
    machine.won(ctx, b, victor)
