"""10.0 cavalry charges: 10.1 direction and range (2 areas away along a straight line through one empty
area), 10.2 procedure (the defender's strength, the chargers' modifiers, enfilade, squares), 10.3 losses and
the order of fire, 10.4 success, 10.5 repulse, 10.6 forced retreat, 10.7 limits, 10.8 the grand charge, 10.9
pursuit. Charging cavalry may not enter towns, villages, woods or marsh (the terrain chart's ``charge``), may
not climb a gentle slope, and never crosses the hedged stream (10.0, G18).

``targets`` lists the areas the named cavalry of one area may charge now; ``charge`` makes the whole charge,
pursuit included, and returns its events. The defender's choices are the rules' defaults (``losses``); the
charger's own choices are keywords: ``pursue_heavy`` (10.9: heavy cavalry pursues only if its owner wishes;
default no), ``advance`` (10.9: pursuers who force a second retreat may advance into the area left; default
stay)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from data.eagles import Eagles
from engine.dice import Dice
from engine.events import Event

from ..state import Leader, State, Unit, other
from . import common, losses
from .common import Log, error

BONUS_KINDS = ("heavy",)  # 10.2: +1 for heavy cavalry (and lancers, elite)


def _chargers(board: Eagles, state: State, area: str, units: Sequence[str]) -> list[Unit]:
    """The named units, each of which may charge from ``area`` now (10.0, 10.1, 10.7, 9.4, G19)."""
    if not units:
        raise error("10.1", "eagles.charge.no_units", area=area)
    if common.light(board, state) == "night":
        raise error("G19", "eagles.charge.night")
    return common.named_units(state, area, units, "10.1", "eagles.charge", _may_charge)


def _may_charge(u: Unit) -> None:
    """10.7: cavalry only, not after it moved, fired, charged or assaulted in this activation."""
    if u.kind != "cavalry":
        raise error("10.7", "eagles.charge.not_cavalry", unit=u.id)
    if common.attacked(u) or u.moved:
        raise error("10.7", "eagles.charge.done", unit=u.id)


def _enter(board: Eagles, a: str, b: str) -> tuple[str, dict[str, str]] | None:
    """10.0: may charging cavalry ride from ``a`` into ``b``? None, or the refusal's key and values."""
    t = board.area(b).terrain
    if not board.terrain_of(b).charge:
        return ("eagles.charge.terrain", {"blocker": b, "terrain": t})
    border = board.border(a, b)
    if border is None:
        return ("eagles.charge.not_straight", {"area": a, "target": b})
    if border.stream:
        return ("eagles.charge.stream", {"from_area": a, "blocker": b})
    if border.rise > 0:
        return ("eagles.charge.uphill", {"from_area": a, "blocker": b})
    return None


def path(board: Eagles, state: State, area: str, target: str, side: str) -> str:
    """10.1: the area a charge from ``area`` passes through to ``target``; raises the refusal."""
    rng = board.distance(area, target)
    if rng == 1:
        raise error("10.1", "eagles.charge.adjacent", target=target)
    if rng != 2:
        raise error("10.1", "eagles.charge.range", target=target, area=area, range=rng)
    via = board.charge_via(area, target)
    if via is None:
        raise error("10.1", "eagles.charge.not_straight", area=area, target=target)
    if state.units_in(via):
        raise error("10.1", "eagles.charge.occupied", via=via, area=area, target=target)
    if not common.enemy_in(state, target, side):
        raise error("10.0", "eagles.charge.no_enemy", target=target)
    for a, b in ((area, via), (via, target)):
        bad = _enter(board, a, b)
        if bad is not None:
            raise error("10.0", bad[0], **bad[1])
    return via


def targets(board: Eagles, state: State, area: str, units: Sequence[str]) -> list[str]:
    """The areas the named cavalry of ``area`` may charge now (10.1: 2 areas away, straight through one
    empty area; 10.0: no prohibited terrain, no climb, no stream)."""
    side = _chargers(board, state, area, units)[0].side
    return common.allowed_targets(board.charge_targets(area), lambda t: path(board, state, area, t, side))


# -- the fight -----------------------------------------------------------------------------------------------
@dataclass
class Fight:
    """One charge under way: who charges from where, through which area, against which area."""

    side: str
    start: str
    via: str
    target: str
    chargers: list[Unit]
    rider: Leader | None  # 10.3: the senior cavalry leader with them
    bonus: int = 0  # 10.8: +1 in a grand charge
    taken: dict[str, int] = field(default_factory=dict)  # 10.3: steps each unit lost in this charge
    pursuit: bool = False  # 10.9: the further charge of a pursuit (retreated units do not fire)
    silent: frozenset[str] = frozenset()  # 10.9: units that may not fire at the pursuers
    grand: bool = False  # 10.8: a grand charge (no pursuit: it continues or returns)
    origins: dict[str, str] = field(default_factory=dict)  # 10.8: unit -> its start area, where not ``start``


def rider(board: Eagles, state: State, area: str, chargers: Sequence[Unit]) -> Leader | None:
    """10.3, G28: the senior cavalry leader who rides with the chargers: in their area at the start, of
    their chain (3.11) or the army commander; the one of highest value, then by id."""
    options = []
    for ld in common.leaders_in(state, area, chargers[0].side):
        cav = getattr(common.leader_def(board, ld.id), "cavalry", False)
        army = state.army_commander.get(ld.side) == ld.id
        if (cav or army) and common.own_leader(state, ld, chargers):
            options.append(ld)
    return max(options, key=lambda ld: (common.leader_value(board, ld, chargers), ld.id), default=None)


def enfiladed(board: Eagles, u: Unit, target: str, via: str, square: bool = False) -> bool:
    """10.23: artillery or an infantry division charged in the flank or rear may not fire at the chargers
    (not in square, nor any artillery where infantry stands in square: 10.2; never in an all-round area:
    2.3)."""
    if not (u.kind == "artillery" or (u.kind == "infantry" and u.long)) or common.in_square(u):
        return False
    if square and u.kind == "artillery":
        return False
    if u.facing is None or board.border(target, via) is None:
        return False
    return common.shown(board, target, u.facing, via) in ("flank", "rear")


def defender_dice(board: Eagles, state: State, f: Fight, defenders: Sequence[Unit]) -> tuple[int, list[str]]:
    """10.2: the defender's first fire: infantry and artillery SP totalled and halved (rounding up), cavalry
    SP doubled, plus one leader's value; units caught in enfilade (10.23) and, in a pursuit, the retreated
    units (10.9) do not fire."""
    square = any(common.in_square(u) for u in defenders)
    firing = [
        u
        for u in defenders
        if u.combat and not enfiladed(board, u, f.target, f.via, square) and u.id not in f.silent
    ]
    foot = sum(u.sp for u in firing if u.kind in ("infantry", "artillery"))
    horse = sum(u.sp for u in firing if u.kind == "cavalry")
    n = common.half_up(foot) + 2 * horse
    ld = common.adding_leader(board, state, f.target, firing, attacking=False)  # G28: any leader there
    if ld is not None and firing:
        n += common.leader_value(board, ld, firing)
    return n, [u.id for u in firing]


def charger_dice(board: Eagles, state: State, f: Fight, defenders: Sequence[Unit]) -> tuple[int, int]:
    """10.2-10.3: the chargers' SP (-25% into a higher area, +25% into a lower one; halved, rounding up,
    against a square), plus the riding leader's value; +1 on each die for elite cavalry, lancers or heavy
    cavalry (one +1 for the charge: our reading), +1 against a unit that failed its emergency square
    (disordered), +1 in a grand charge (10.8)."""
    alive = [u for u in f.chargers if u.on_map]
    sp = common.sp_total(alive)
    rise = common.rise(board, f.start, f.target)
    sp = common.pct(sp, -25 if rise > 0 else 25 if rise < 0 else 0)
    if any(common.in_square(u) for u in defenders):
        sp = common.half_up(sp)
    if f.rider is not None and f.rider.on_map and alive:
        sp += common.leader_value(board, f.rider, alive)
    mod = f.bonus
    if any(_dashing(board, u) for u in alive):
        mod += 1
    if any(u.disordered for u in defenders):
        mod += 1
    return sp, mod


def _dashing(board: Eagles, u: Unit) -> bool:
    d = common.udef(board, u)
    return d is not None and (d.elite or d.lancers or d.kind in BONUS_KINDS)


def _defenders(state: State, f: Fight) -> list[Unit]:
    return [u for u in common.units_in(state, f.target) if u.side != f.side]


def exchange(board: Eagles, state: State, log: Log, f: Fight) -> tuple[int, int, int, int]:
    """10.3: the defender fires first (unmodified 6s), the losses go on the chargers, then the chargers fire
    (modified 6s) and the losses go on the target area's units. Returns (hits on the chargers, hits on the
    defenders, the defenders' SP before, their SP after)."""
    defenders = _defenders(state, f)
    before = common.sp_total(defenders)
    n, firing = defender_dice(board, state, f, defenders)
    rolls = log.roll("charge", n, fire="defender", area=f.target, units=firing)
    got = common.hits(rolls, unmodified=True)
    lost = losses.spread(board, state, log, f.chargers, got, why="10.3", taken=f.taken)
    riders = [f.rider.id] if f.rider is not None and f.rider.on_map else []
    losses.casualties(state, log, f.start, f.side, sum(lost.values()), charged=riders)
    sp, mod = charger_dice(board, state, f, defenders)
    rolls = log.roll("charge", sp, fire="charger", area=f.start, modifier=mod)
    dealt = common.hits(rolls, mod)
    taken: dict[str, int] = {}
    done = losses.spread(board, state, log, defenders, dealt, why="10.3", taken=taken)
    wiped = bool(done) and not any(u.on_map for u in defenders)
    losses.casualties(state, log, f.target, other(f.side), sum(done.values()), wiped=wiped)
    after = common.sp_total(u for u in defenders if u.on_map)
    return got, dealt, before, after


def success(got: int, dealt: int, before: int, after: int, defenders: Sequence[Unit]) -> bool:
    """10.4: the defenders lost more than half their SP and the chargers dealt at least as many hits as the
    defender's first fire gave them (an area whose every unit is gone is taken)."""
    if not any(u.on_map for u in defenders):
        return True
    return 2 * (before - after) > before and dealt >= got


def _emergency_squares(state: State, log: Log, f: Fight) -> None:
    """17.12 (G13): each infantry unit of the target area not in square tries one when the charge is
    declared: 1d6 <= its morale forms it; a failure leaves it disordered (10.2: +1 to the cavalry). Only where
    the state keeps squares."""
    for u in _defenders(state, f):
        if u.kind != "infantry" or not hasattr(u, "square") or u.square:
            continue
        (d,) = log.roll("square", 1, unit=u.id, morale=common.morale_now(u))
        if d <= common.morale_now(u):
            u.square = True
            u.reverse_slope = False  # 17.2 (ours, G13): one posture at a time, a square ends a reverse slope
        else:
            u.disordered = True


def charge(
    board: Eagles,
    state: State,
    dice: Dice,
    area: str,
    units: Sequence[str],
    target: str,
    *,
    pursue_heavy: bool = False,
    advance: bool = False,
) -> list[Event]:
    """The whole charge of the named cavalry of ``area`` at ``target`` (10.1-10.9)."""
    chargers = _chargers(board, state, area, units)
    side = chargers[0].side
    if not common.is_area(board, target):
        raise error("10.1", "eagles.order.no_area", area=target)
    via = path(board, state, area, target, side)
    log = Log(dice)
    f = Fight(side, area, via, target, chargers, rider(board, state, area, chargers))
    log.emit(
        "charge",
        {"side": side, "area": area, "via": via, "target": target, "units": [u.id for u in chargers],
         "leader": f.rider.id if f.rider else None},
    )  # fmt: skip
    _resolve(board, state, log, f, pursue_heavy=pursue_heavy, advance=advance)
    return log.events


def _resolve(board: Eagles, state: State, log: Log, f: Fight, *, pursue_heavy: bool, advance: bool) -> bool:
    """One charge from its declaration to its end (10.2-10.6), then the pursuit (10.9); True on a success."""
    _emergency_squares(state, log, f)
    defenders = _defenders(state, f)
    got, dealt, before, after = exchange(board, state, log, f)
    won = success(got, dealt, before, after, defenders)
    for u in f.chargers:
        u.charged = True  # 10.7
    log.emit(
        "charge-result",
        {"target": f.target, "success": won, "hits_taken": got, "hits_dealt": dealt, "sp_before": before,
         "sp_after": after},
    )  # fmt: skip
    if won:
        fled = _forced_retreat(board, state, log, f)
        if fled and not f.pursuit and not f.grand:
            _pursue(board, state, log, f, fled, pursue_heavy=pursue_heavy, advance=advance)
    else:
        _repulse(board, state, log, f)
    for u in [*f.chargers, *defenders]:
        u.disordered = False  # G22: disorder lasts to the end of the charge
    return won


def _forced_retreat(board: Eagles, state: State, log: Log, f: Fight) -> dict[str, list[Unit]]:
    """10.4, 10.6: every unit of the target area retreats 1 area (20.0); the chargers move in and must stay
    (their leader with them); artillery left behind by its division is eliminated (11.1), enemy leaders left
    alone move off (3.13). Returns the retreated units by the area they went to."""
    defenders = [u for u in _defenders(state, f) if u.on_map]
    left = losses.retreat(board, state, log, defenders, f.target, [f.start], why="10.6")
    losses.eliminate(log, left, "11.1")
    for u in f.chargers:
        if u.on_map:
            u.area = f.target
            if f.rider is not None and f.rider.on_map:
                f.rider.area = f.target
    log.emit("charge-in", {"units": [u.id for u in f.chargers if u.on_map], "area": f.target})
    losses.lone_leaders(board, state, log, f.target, f.side)
    fled: dict[str, list[Unit]] = {}
    for u in defenders:
        if u.on_map and u.area != f.target and u.retreated:
            fled.setdefault(u.area, []).append(u)
    return fled


def _repulse(board: Eagles, state: State, log: Log, f: Fight) -> None:
    """10.5: the defender's second fire (non-artillery SP, infantry halved rounding up, no other modifier,
    6s hit); the surviving cavalry returns to its start area and retreats one area further. A pursuit is
    never repelled (10.9): its cavalry stays in the area it charged from."""
    if f.pursuit:
        return
    defenders = [u for u in _defenders(state, f) if u.on_map and u.combat and u.kind != "artillery"]
    foot = sum(u.sp for u in defenders if u.kind == "infantry")
    n = common.half_up(foot) + sum(u.sp for u in defenders if u.kind != "infantry")
    rolls = log.roll("charge", n, fire="second", area=f.target)
    lost = losses.spread(board, state, log, f.chargers, common.hits(rolls), why="10.5", taken=f.taken)
    riders = [f.rider.id] if f.rider is not None and f.rider.on_map else []
    losses.casualties(state, log, f.start, f.side, sum(lost.values()), charged=riders)
    back = [u for u in f.chargers if u.on_map]
    for start in sorted({f.origins.get(u.id, f.start) for u in back}):
        group = [u for u in back if f.origins.get(u.id, f.start) == start]
        for u in group:
            u.area = start  # 10.5: back to the start area, then one further
        losses.retreat(board, state, log, group, start, [f.target], why="10.5")
    if f.rider is not None and f.rider.on_map and back and back[0].on_map:
        f.rider.area = back[0].area


def _pursue(
    board: Eagles,
    state: State,
    log: Log,
    f: Fight,
    fled: dict[str, list[Unit]],
    *,
    pursue_heavy: bool,
    advance: bool,
) -> None:
    """10.9: the pursuers (every non-heavy charger; heavy cavalry only if its owner wishes) roll 1d6, the
    riding leader's value taken off (the owner's default: he wants to pursue); at most their morale (the
    lowest, G14), they charge the retreated units at once in the adjacent area they went to (where most of
    them went), ignoring the 2-area rule but not prohibited terrain; the retreated units do not fire."""
    pursuers = [u for u in f.chargers if u.on_map and (pursue_heavy or common.kind_of(board, u) != "heavy")]
    if not pursuers:
        return
    dest = max(sorted(fled), key=lambda a: (common.sp_total(fled[a]), -sorted(fled).index(a)))
    if _enter(board, f.target, dest) is not None or not common.enemy_in(state, dest, f.side):
        log.emit("pursuit", {"units": [u.id for u in pursuers], "to": dest, "pursue": False, "why": "10.0"})
        return
    value = f.rider.tactical if f.rider is not None and f.rider.on_map else 0
    need = min(common.morale_now(u) for u in pursuers)
    (d,) = log.roll("pursuit", 1, units=[u.id for u in pursuers], leader=value, morale=need)
    go = d - value <= need
    log.emit("pursuit", {"units": [u.id for u in pursuers], "to": dest, "pursue": go, "why": "10.9"})
    if not go:
        return
    rider_ = f.rider if f.rider is not None and f.rider.area == f.target else None
    again = Fight(f.side, f.target, f.target, dest, pursuers, rider_, pursuit=True,
                  silent=frozenset(u.id for u in fled[dest]), taken=f.taken)  # fmt: skip
    before = {u.id: u.area for u in pursuers}
    won = _resolve(board, state, log, again, pursue_heavy=pursue_heavy, advance=advance)
    if won and not advance:  # 10.9: they may stay; our default
        for u in pursuers:
            if u.on_map:
                u.area = before[u.id]
        if rider_ is not None and rider_.on_map:
            rider_.area = f.target
        log.emit("charge-stay", {"units": [u.id for u in pursuers if u.on_map], "area": f.target})


# -- 10.8 the grand charge -----------------------------------------------------------------------------------
def grand_leader(board: Eagles, state: State, leader: str) -> Leader:
    """10.8: "Only cavalry leaders named by the scenario may make one": the leader, on the map."""
    ld = state.leaders.get(leader)
    d = common.leader_def(board, leader)
    if ld is None or not ld.on_map or d is None or not d.grand_charge:
        raise error("10.8", "eagles.charge.grand_leader", leader=leader)
    return ld


def grand_leaders(board: Eagles, state: State, side: str) -> list[str]:
    """10.8: the side's leaders on the map whom the scenario names for a grand charge."""
    out = []
    for ld in state.leaders.values():
        d = common.leader_def(board, ld.id)
        if ld.side == side and ld.on_map and d is not None and d.grand_charge:
            out.append(ld.id)
    return sorted(out)


def available(state: State, side: str) -> list[Unit]:
    """10.8: the side's "available (not yet activated)" cavalry on the map: of a formation that has not
    activated this turn (8.15-8.17) and is released (facts 7.3)."""
    out = []
    for u in state.units.values():
        f = state.formations.get(u.formation)
        ready = f is not None and not f.activated and f.last_turn != state.turn and f.released
        if u.side == side and u.kind == "cavalry" and u.on_map and ready:
            out.append(u)
    return sorted(out, key=lambda u: u.id)


def grand_chargers(board: Eagles, state: State, leader: str, areas: Sequence[str]) -> list[Unit]:
    """10.8: every available cavalry unit (``available``) in the named start areas: one area, or two
    adjacent ones. Command is determined when they have formed up (9.0: after the activation)."""
    ld = grand_leader(board, state, leader)
    if not 1 <= len(areas) <= 2 or len(set(areas)) != len(areas):
        raise error("10.8", "eagles.charge.grand_areas", areas=", ".join(areas))
    for a in areas:
        if not common.is_area(board, a):
            raise error("10.8", "eagles.order.no_area", area=a)
    if len(areas) == 2 and board.border(areas[0], areas[1]) is None:
        raise error("10.8", "eagles.charge.grand_areas", areas=", ".join(areas))
    out = [u for u in available(state, ld.side) if u.area in areas]
    if not out:
        raise error("10.8", "eagles.charge.grand_none", areas=", ".join(areas))
    return out


def grand_check(
    board: Eagles, state: State, leader: str, areas: Sequence[str], target: str
) -> tuple[list[Unit], str]:
    """10.8 before its die: the leader, the start areas, the cavalry that would ride, and a target each start
    area charges through the same first area (10.1: 2 away, straight through one empty area; 10.0). Returns
    the cavalry and that area; raises the refusal and changes nothing."""
    if common.light(board, state) == "night":
        raise error("G19", "eagles.charge.night")
    chargers = grand_chargers(board, state, leader, areas)
    side = chargers[0].side
    if not common.is_area(board, target):
        raise error("10.1", "eagles.order.no_area", area=target)
    vias = {a: path(board, state, a, target, side) for a in areas}
    if len(set(vias.values())) != 1:
        raise error("10.8", "eagles.charge.grand_apart", areas=", ".join(areas), target=target)
    return chargers, vias[areas[0]]


def form_up(
    state: State, dice: Dice, leader: str, areas: Sequence[str], target: str
) -> tuple[bool, list[Event]]:
    """10.8: one die; "If the roll is less than the leader's tactical value, the cavalry forms up and
    charges" (「出目が騎兵指揮官の戦術値未満」)."""
    log = Log(dice)
    ld = state.leaders[leader]
    (d,) = log.roll("grand-charge", 1, leader=leader, tactical=ld.tactical)
    formed = d < ld.tactical
    log.emit(
        "grand-charge" if formed else "grand-charge-failed",
        {"leader": leader, "areas": list(areas), "target": target},
    )
    return formed, log.events


def grand_charge(
    board: Eagles,
    state: State,
    dice: Dice,
    leader: str,
    chargers: Sequence[Unit],
    via: str,
    target: str,
    *,
    go_on: bool = True,
) -> list[Event]:
    """10.8, the cavalry formed up: ``chargers`` (from one or two start areas, all through ``via``) charge
    ``target`` as one body, +1 on their dice. On a success it continues into the area beyond the target along
    the line from the area before it (no extra +1; ``go_on=False``: it returns to its start areas instead).
    No pursuit: the continuation or the return replaces it (ours)."""
    side = chargers[0].side
    areas = sorted({u.area for u in chargers})
    log = Log(dice)
    ld = state.leaders[leader]
    rides = ld if ld.area in areas else None
    home = ld.area
    origins = {u.id: u.area for u in chargers}
    start = rides.area if rides is not None else areas[0]
    f = Fight(side, start, via, target, list(chargers), rides, bonus=1, grand=True, origins=origins)
    log.emit("charge", {"side": side, "area": start, "via": via, "target": target,
                        "units": [u.id for u in chargers], "leader": leader if rides else None})  # fmt: skip
    if not _resolve(board, state, log, f, pursue_heavy=False, advance=False):
        return log.events
    beyond = board.continuation(via, target)
    alive = [u for u in chargers if u.on_map]
    if (
        go_on
        and beyond is not None
        and alive
        and common.enemy_in(state, beyond, side)
        and not _enter(board, target, beyond)
    ):
        for u in alive:
            u.charged = False  # the same charge goes on
        again = Fight(
            side, target, target, beyond, alive, rides if rides and rides.on_map else None, grand=True
        )
        who = again.rider.id if again.rider else None
        log.emit("charge", {"side": side, "area": target, "via": target, "target": beyond,
                            "units": [u.id for u in alive], "leader": who})  # fmt: skip
        _resolve(board, state, log, again, pursue_heavy=False, advance=False)
    elif not go_on:
        for u in alive:
            u.area = origins[u.id]
        if rides is not None and rides.on_map:
            rides.area = home  # he rides back with them
        log.emit("charge-return", {"units": [u.id for u in alive]})
    return log.events


def grand(
    board: Eagles,
    state: State,
    dice: Dice,
    leader: str,
    areas: Sequence[str],
    target: str,
    *,
    go_on: bool = True,
) -> list[Event]:
    """10.8: the grand charge, declared instead of a normal activation by a leader the scenario names: 1d6
    less than his tactical value forms the cavalry up; then every available cavalry unit of the start areas
    charges ``target`` as one body (the first area entered the same for all: the target 2 away from each
    start area through one area), +1 on the chargers' dice (``grand_charge``). The game's order does the
    same with the activation and command determination between the die and the charge (``engine/eagles/
    grand.py``)."""
    chargers, via = grand_check(board, state, leader, areas, target)
    formed, events = form_up(state, dice, leader, areas, target)
    if not formed:
        return events
    return events + grand_charge(board, state, dice, leader, chargers, via, target, go_on=go_on)
