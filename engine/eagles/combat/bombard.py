"""12.0 bombardment: 12.1 procedure, 12.2 losses, 12.3 modifiers, 12.4 range (weather; facing the target),
12.5 line of sight (``los``), 12.6 restrictions (one target an area, 8 SP at most), 12.7 massed artillery
(G32: 4 units or more, +1, no 8-SP cap) and counter-battery fire (12.72: a target area with 5 artillery units
or more; only its artillery is hit, every hit 2 steps).

``targets`` lists the areas the named artillery of one area may bombard now; ``fire`` bombards one of them
and returns the events (every die, every loss)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from data.eagles import Eagles
from engine.dice import Dice
from engine.events import Event

from ..state import State, Unit, other
from . import common, los, losses
from .common import Log, error

CAP = 8  # 12.6: SP bombarding from one area at one target
MASSED = 4  # G32: the lost N of 12.71
COUNTER_BATTERY = 5  # 12.72
RANGE = {"light": 2, "heavy": 3, "horse": 2, "mortar": 4, "rocket": 2}  # 12.4 (horse: as light)
MIN_RANGE = {"mortar": 2}  # G29
MASSED_KINDS = ("light", "heavy", "mortar", "rocket")  # 12.71, 12.72 name these (not horse artillery)


def key(area: str) -> str:
    """The activation's record of what an area's artillery fired at (12.6: one target)."""
    return f"bombard:{area}"


def reach(kind: str, weather: str) -> int:
    """12.4: the range of a kind of artillery in the weather: heavy 2 in rain; in snow 1 for all but mortars
    and rockets."""
    r = RANGE[kind]
    if kind in ("mortar", "rocket"):
        return r
    if weather == "snow":
        return 1
    if weather == "rain" and kind == "heavy":
        return 2
    return r


def _firers(board: Eagles, state: State, area: str, units: Sequence[str]) -> list[Unit]:
    """The named units, each of which may bombard from ``area`` now (12.0, 12.6, 9.4)."""
    if not units:
        raise error("12.1", "eagles.bombard.no_units", area=area)
    out = common.named_units(
        state, area, units, "12.1", "eagles.bombard", _may_fire, unled="eagles.charge.out_of_command"
    )
    if state.activation is not None and key(area) in state.activation.targets:
        raise error("12.6", "eagles.bombard.one_target", area=area, other=state.activation.targets[key(area)])
    return out


def _may_fire(u: Unit) -> None:
    """12.0: artillery only; 12.6: unattached, once an activation."""
    if u.kind != "artillery":
        raise error("12.0", "eagles.bombard.not_artillery", unit=u.id)
    if u.attached_to:
        raise error("12.6", "eagles.bombard.attached", unit=u.id)
    if common.attacked(u):
        raise error("12.6", "eagles.bombard.done", unit=u.id)


def first_area(board: Eagles, area: str, target: str) -> str:
    """12.4: the first area of the range count: the first area the line to the target enters."""
    line = common.line(board, area, target)
    return line.borders[0][1] if line.borders and board.distance(area, target) > 1 else target


def faces(board: Eagles, u: Unit, area: str, target: str) -> bool:
    """12.4, 12.5, 13.9: the battery faces the target: the first area of the count is in its front."""
    first = first_area(board, area, target)
    if u.facing is None or board.area(area).all_round:
        return True
    return common.shown(board, area, u.facing, first) == "front"


def check(board: Eagles, state: State, u: Unit, area: str, target: str, options: Any = None) -> None:
    """Whether ``u`` may fire from ``area`` at ``target``: range (12.4, G29), facing (12.4), sight (12.5)."""
    kind = common.kind_of(board, u)
    rng = board.distance(area, target)
    top = reach(kind, state.weather)
    if rng > top:
        raise error("12.4", "eagles.bombard.range", unit=u.id, target=target, area=area, range=rng, reach=top)
    if rng < MIN_RANGE.get(kind, 1):
        raise error("12.4", "eagles.bombard.min_range", unit=u.id, target=target)
    if not faces(board, u, area, target):
        raise error("12.4", "eagles.bombard.facing", unit=u.id, target=target)
    s = los.sight(board, state, area, target, kind, options=options)
    if not s.ok:
        from .messages import EN

        raise error(
            "12.5", "eagles.bombard.sight", unit=u.id, target=target, why=EN[s.why].format(**s.params())
        )


def targets(
    board: Eagles, state: State, area: str, units: Sequence[str], *, options: Any = None
) -> list[str]:
    """The areas the named artillery of ``area`` may bombard together now: holding enemy units, within the
    range of each, in front of each, in sight of each."""
    firers = _firers(board, state, area, units)
    side = firers[0].side

    def each(t: str) -> None:
        for u in firers:
            check(board, state, u, area, t, options)

    near = board.within(area, max(RANGE.values()))
    return common.allowed_targets((t for t in near if common.enemy_in(state, t, side)), each)


def modifiers(
    board: Eagles, state: State, firers: Sequence[Unit], area: str, target: str, options: Any = None
) -> tuple[int, list[str]]:
    """12.3: +1 for each condition (at most +2), -1 for each (at most -1), then +1 massed (12.71: in
    addition); the conditions that apply, by name."""
    side = firers[0].side
    there = [u for u in state.units_in(target) if u.side != side]
    kinds = [common.kind_of(board, u) for u in firers]
    line = common.line(board, area, target)
    plus = _plus(board, state, firers, kinds, there, area, target, line.borders)
    minus = _minus(board, state, kinds, there, area, target, line.borders, options)
    mod = common.cap(len(plus), -len(minus))
    if sum(1 for k in kinds if k in MASSED_KINDS) >= MASSED:
        plus.append("massed")
        mod += 1
    return mod, plus + [f"-{m}" for m in minus]


def _plus(
    board: Eagles,
    state: State,
    firers: Sequence[Unit],
    kinds: Sequence[str],
    there: Sequence[Unit],
    area: str,
    target: str,
    borders: Sequence[tuple[str, str]],
) -> list[str]:
    """12.3's positive conditions."""
    side = firers[0].side
    rng = board.distance(area, target)
    came = borders[-1][0] if rng > 1 and borders else area  # where the shot comes from
    plus: list[str] = []
    if any(_flank(board, u, target, came) for u in there):
        plus.append("flank")
    spec = board.stacking_of(target)
    if spec.dense_from is not None and sum(u.sp for u in there) >= spec.dense_from:
        plus.append("dense")
    if any(common.in_square(u) for u in there):
        plus.append("square")
    if kinds.count("heavy") >= 3:
        plus.append("heavy")
    if sum(1 for u in firers if getattr(board.unit(u.id), "elite", False)) >= 2:
        plus.append("guard")
    near = {area, *board.neighbours(area)}
    leaders = [d for ld in state.leaders.values() if ld.on_map and (d := common.leader_def(board, ld.id))]
    if any(getattr(d, "artillery", False) and state.leaders[d.id].area == area for d in leaders):
        plus.append("artillery leader")
    if any("napoleon" in d.name.lower() and state.leaders[d.id].area in near for d in leaders):
        plus.append("Napoleon")
    if side == "french" and _hq_with_chief(board, state, side, near):
        plus.append("HQ")
    return plus


def _minus(
    board: Eagles,
    state: State,
    kinds: Sequence[str],
    there: Sequence[Unit],
    area: str,
    target: str,
    borders: Sequence[tuple[str, str]],
    options: Any,
) -> list[str]:
    """12.3's negative conditions."""
    rng = board.distance(area, target)
    minus: list[str] = []
    if rng == 2 and "horse" in kinds:
        minus.append("horse at range 2")
    if "rocket" in kinds:
        minus.append("rocket")
    if common.light(board, state) in ("dawn", "night"):
        minus.append(common.light(board, state))
    if state.weather in ("rain", "fog", "snow"):
        minus.append(state.weather)
    if board.terrain_of(target).bombard_die < 0 or _crops(board, state, target, rng, options):
        minus.append("terrain")
    if _reverse_slope(board, there, kinds, borders[-1] if borders else None):
        minus.append("reverse slope")
    return minus


def _flank(board: Eagles, u: Unit, target: str, came: str) -> bool:
    """12.3: an infantry division (a long counter) showing its flank, not its rear, to the shot (not in an
    all-round area, not in square: 10.2's 12.31)."""
    if not (u.long and u.kind == "infantry") or u.facing is None or common.in_square(u):
        return False
    if board.border(target, came) is None:
        return False
    return common.shown(board, target, u.facing, came) == "flank"


def _hq_with_chief(board: Eagles, state: State, side: str, near: set[str]) -> bool:
    """12.3: French or Russian artillery in or next to the area of its HQ with its chief of staff."""
    for h in board.hqs:
        hq = state.units.get(h.id)
        if h.side == side and hq is not None and hq.on_map and hq.area in near and h.chief_of_staff:
            chief = state.leaders.get(h.chief_of_staff)
            if chief is None or chief.area == hq.area:
                return True  # a chief of staff who is no counter of his own is always with his HQ
    return False


def _crops(board: Eagles, state: State, target: str, rng: int, options: Any) -> bool:
    """Facts 7.3 (option ``tall_crops``): until the end of the 16:00 turn, range 2-3 into clear areas is the
    target terrain -1."""
    if not common.opt(options, "tall_crops", False):
        return False
    crops = board.scenario(state.scenario).tall_crops
    return (
        crops is not None
        and state.turn <= crops.until_turn
        and rng in crops.ranges
        and board.area(target).terrain in crops.terrain
    )


def _reverse_slope(
    board: Eagles, there: Sequence[Unit], kinds: Sequence[str], last: tuple[str, str] | None
) -> bool:
    """12.3: the target in reverse-slope defence (17.2, read only if the state keeps it), the firer no mortar
    or rocket, the line crossing a slope border of the target's area."""
    if last is None or any(k in ("mortar", "rocket") for k in kinds):
        return False
    border = board.border(*last)
    return border is not None and border.rise != 0 and any(getattr(u, "reverse_slope", False) for u in there)


def fire(
    board: Eagles,
    state: State,
    dice: Dice,
    area: str,
    units: Sequence[str],
    target: str,
    *,
    options: Any = None,
    counter_battery: bool | None = None,
) -> list[Event]:
    """12.1: the named artillery of ``area`` bombards ``target``: SP totalled (at most 8, 12.6, unless massed,
    G32), one die per SP, each modified 6 a hit (12.3), one step a hit spread over the target's units (12.2);
    leader casualties (3.2). Against an area holding 5 artillery units or more it is counter-battery fire
    (12.72): only the artillery is hit and every hit costs 2 steps (``counter_battery=False``: an ordinary
    bombardment of the whole area)."""
    firers = _firers(board, state, area, units)
    if target not in targets(board, state, area, units, options=options):
        if not common.is_area(board, target):
            raise error("12.1", "eagles.order.no_area", area=target)
        if not common.enemy_in(state, target, firers[0].side):
            raise error("12.0", "eagles.bombard.no_enemy", target=target)
        for u in firers:
            check(board, state, u, area, target, options)
    side = firers[0].side
    kinds = [common.kind_of(board, u) for u in firers]
    massed = sum(1 for k in kinds if k in MASSED_KINDS) >= MASSED
    sp = common.sp_total(firers)
    n = sp if massed else min(sp, CAP)
    mod, why = modifiers(board, state, firers, area, target, options)
    there = [u for u in common.units_in(state, target) if u.side != side]
    guns = [u for u in there if u.kind == "artillery" and common.kind_of(board, u) in MASSED_KINDS]
    battery = len(guns) >= COUNTER_BATTERY and counter_battery is not False
    if counter_battery and not battery:
        raise error("12.72", "eagles.bombard.counter_battery", target=target)
    log = Log(dice)
    rolls = log.roll("bombardment", n, area=area, target=target, modifier=mod)
    hits = common.hits(rolls, mod)
    hit_units = [u for u in there if u.kind == "artillery"] if battery else there
    lost = losses.spread(board, state, log, hit_units, hits, why="12.2", per_hit=2 if battery else 1)
    for u in firers:
        u.bombarded = True
    if state.activation is not None:
        state.activation.targets[key(area)] = target
    log.emit(
        "bombardment",
        {
            "side": side,
            "area": area,
            "target": target,
            "units": [u.id for u in firers],
            "sp": sp,
            "dice": n,
            "modifier": mod,
            "modifiers": why,
            "hits": hits,
            "counter_battery": battery,
            "losses": lost,
        },
    )
    steps = sum(lost.values())
    wiped = steps > 0 and not any(u.on_map for u in there)
    losses.casualties(state, log, target, other(side), steps, wiped=wiped)
    return log.events
