"""14.0 assault: 14.1 procedure (simultaneous fire, one target area, the defender firing back at one of the
attacking areas), 14.2 modifiers (the seed's list, its end G1), then the seed's lost sections as the digest's
gaps, ours: 14.3 losses (G3), 14.4 stand or retreat (G4), 14.5 advance after assault (G5), 14.6 restrictions
(G6); 14.7 massed column assault is left out (G7).

``targets`` lists the areas the named units of one area may assault now; ``assault`` makes the assault
(with the units of other areas joining it: ``also``) and returns its events. The defender's choices are the
rules' defaults (``losses``; the area it fires back at: the one with the most SP); the attacker's own choice
is a keyword: ``advance`` (14.5, default every surviving unit that fits)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from data.eagles import Eagles
from engine.dice import Dice
from engine.events import Event

from ..state import State, Unit, other
from . import common, losses
from .common import Log, error


def key(area: str) -> str:
    """The activation's record of what an area's units assaulted (G6: one target an activation)."""
    return f"assault:{area}"


def _attackers(board: Eagles, state: State, area: str, units: Sequence[str]) -> list[Unit]:
    """The named units of ``area`` and the artillery attached to them (11.1: it must take part), each of which
    may assault now (14.1, 12.6, 10.7, 9.4, G6)."""
    if not units:
        raise error("14.1", "eagles.assault.no_units", area=area)
    out = common.named_units(state, area, units, "14.1", "eagles.assault", _may_assault)
    for u in list(out):
        for a in common.units_in(state, area, u.side):
            if a.attached_to == u.id and a not in out:
                out.append(a)
    if state.activation is not None and key(area) in state.activation.targets:
        raise error("G6", "eagles.assault.one_target", area=area, other=state.activation.targets[key(area)])
    return out


def _may_assault(u: Unit) -> None:
    """12.6: infantry, cavalry and attached artillery assault; G6: once an activation."""
    if u.kind not in ("infantry", "cavalry") and not (u.kind == "artillery" and u.attached_to):
        raise error("12.6", "eagles.assault.arm", unit=u.id)
    if common.attacked(u):
        raise error("G6", "eagles.assault.done", unit=u.id)


def reach(board: Eagles, state: State, area: str, target: str, units: Sequence[Unit]) -> None:
    """14.0: an adjacent area holding enemy units, across a border the assaulting units could cross (ours:
    an assault goes where an advance could), not through a corner both of whose flanking areas hold enemy
    units (G6)."""
    border = board.border(area, target)
    if border is None:
        raise error("14.0", "eagles.assault.not_adjacent", target=target, area=area)
    side = units[0].side
    if not common.enemy_in(state, target, side):
        raise error("14.0", "eagles.assault.no_enemy", target=target)
    if border.diagonal:
        flank = board.corner(area, target)
        if flank and all(state.enemy_combat_in(c, side) for c in flank):
            raise error("G6", "eagles.assault.corner", area=area, target=target)
    for u in units:
        if u.kind == "artillery":
            continue  # attached artillery fires into the adjacent area whatever lies between (11.1 note)
        if not _crossable(board, u, area, target):
            raise error("14.0", "eagles.assault.prohibited", unit=u.id, area=area, target=target)


def _crossable(board: Eagles, u: Unit, a: str, b: str) -> bool:
    border = board.border(a, b)
    if border is None:
        return False
    kind = losses.arm(u)
    if getattr(board.terrain_of(b), f"{kind}_mp", None) is None:
        return False
    if border.stream and not (border.road or border.trail):
        spec = board.borders.get("stream")
        return spec is not None and getattr(spec, f"{kind}_mp", None) is not None
    return True


def targets(board: Eagles, state: State, area: str, units: Sequence[str]) -> list[str]:
    """The areas the named units of ``area`` may assault now."""
    attackers = _attackers(board, state, area, units)
    return common.allowed_targets(board.neighbours(area), lambda t: reach(board, state, area, t, attackers))


# -- 14.1-14.2 the fire of one area --------------------------------------------------------------------------
@dataclass
class Fire:
    """One side's fire from one area in an assault: its dice and what made them."""

    area: str
    units: list[Unit]
    sp: int = 0
    leader: str | None = None
    percent: int = 0
    dice: int = 0
    modifier: int = 0
    why: list[str] = field(default_factory=list)

    def said(self) -> dict[str, object]:
        return {
            "area": self.area,
            "units": [u.id for u in self.units],
            "sp": self.sp,
            "leader": self.leader,
            "percent": self.percent,
            "count": self.dice,
            "modifier": self.modifier,
            "modifiers": list(self.why),
        }


def morale_level(units: Sequence[Unit]) -> int:
    """G1: the SP-weighted average current morale (G14) of the units firing from one area, rounded down."""
    firing = [u for u in units if u.combat and u.on_map]
    weight = sum(max(u.sp, 1) for u in firing)
    if not weight:
        return 0
    return sum(common.morale_now(u) * max(u.sp, 1) for u in firing) // weight


def flanked(board: Eagles, u: Unit, area: str, frm: str) -> bool:
    """14.2: a defending infantry division (a long counter) or artillery unit attacked from ``frm`` in its
    flank (``rear`` too for the die modifier): never across a corner (G6), in an all-round area, in square."""
    if u.facing is None or common.in_square(u) or board.border(area, frm) is None:
        return False
    if board.border(area, frm).diagonal:  # type: ignore[union-attr]
        return False
    return common.shown(board, area, u.facing, frm) in ("flank", "rear")


def _percent(
    board: Eagles, state: State, f: Fire, into: str, frm: str, attacking: bool
) -> tuple[int, list[str]]:
    """14.2's SP percentages, added together (2.3): rain or snow -25% (not for riflemen, G17), a higher
    target -25%, a lower +25%, from a square -50%; the terrain chart into the target and across its border
    (the attacker's only: 14.1, the terrain of the attacking area gives the defender nothing)."""
    pct, why = 0, list[str]()
    rifles = all(getattr(common.udef(board, u), "rifles", False) for u in f.units)
    if state.weather in ("rain", "snow") and not rifles:
        pct, why = pct - 25, [*why, state.weather]
    rise = common.rise(board, frm, into)
    if rise:
        pct, why = pct + (-25 if rise > 0 else 25), [*why, "higher" if rise > 0 else "lower"]
    if attacking and any(common.in_square(u) for u in f.units):
        pct, why = pct - 50, [*why, "square"]
    if attacking:
        t = board.terrain_of(into).assault_pct
        if t:
            pct, why = pct + t, [*why, f"terrain {t}%"]
        b = _border_pct(board, frm, into)
        if b:
            pct, why = pct + b, [*why, f"border {b}%"]
    return pct, why


def _border_pct(board: Eagles, a: str, b: str) -> int:
    """G18, 13.3: the border's effect on an attack across it (a bridge -50%, a ford or the stream -25%); of
    several the defender takes one (2.3): the strongest for him."""
    border = board.border(a, b)
    if border is None or not border.stream:
        return 0
    kinds = ["bridge"] if border.bridge else ["ford"] if border.ford else ["stream"]
    pcts = [board.borders[k].assault_pct for k in kinds if k in board.borders]
    return min(pcts, default=0)


def fire_of(
    board: Eagles,
    state: State,
    area: str,
    units: Sequence[Unit],
    into: str,
    enemy: Sequence[Unit],
    *,
    attacking: bool,
    flank_from: str | None = None,
) -> Fire:
    """14.1-14.2: the dice of ``units`` firing from ``area`` into ``into``: their SP (cavalry halved, rounding
    up), plus one leader's value (3.1), the percentages (2.3, G2: to nearest, halves up; at least 1 die), and
    the die modifiers, at most +2 (G1): elite, combined arms (the attacker's), flank or rear of a division
    (the attacker's), morale twice the enemy's. A defending division or battery taken in the flank fires at
    -50% (``flank_from``: the area the attack comes from)."""
    f = Fire(area, [u for u in units if u.on_map])
    cav = sum(u.sp for u in f.units if u.kind == "cavalry")
    sp = sum(u.sp for u in f.units if u.kind != "cavalry") + common.half_up(cav)
    half = 0
    if flank_from is not None and not any(common.in_square(u) for u in f.units):  # 10.2: 14.21
        half = sum(
            u.sp
            for u in f.units
            if (u.kind == "artillery" or (u.kind == "infantry" and u.long))
            and flanked(board, u, area, flank_from)
        )
    ld = common.adding_leader(board, state, area, f.units, attacking=attacking)
    f.leader = ld.id if ld is not None else None
    f.sp = sp + (common.leader_value(board, ld, f.units) if ld is not None else 0)
    f.percent, f.why = _percent(board, state, f, into, area, attacking)
    base = f.sp - half + common.pct(half, -50)
    if half:
        f.why.append("flank -50%")
    f.dice = common.pct(base, f.percent)
    if sp > 0:
        f.dice = max(f.dice, 1)  # G2
    f.modifier, more = _die_mods(board, f, area, into, enemy, attacking)
    f.why += more
    return f


def _die_mods(
    board: Eagles, f: Fire, area: str, into: str, enemy: Sequence[Unit], attacking: bool
) -> tuple[int, list[str]]:
    why: list[str] = []
    if any(getattr(common.udef(board, u), "elite", False) for u in f.units):
        why.append("elite")
    if attacking:
        kinds = {(u.formation, u.kind) for u in f.units}
        formations = {fm for fm, _ in kinds}
        if any(all((fm, k) in kinds for k in ("infantry", "cavalry", "artillery")) for fm in formations):
            why.append("combined arms")
        if any(u.kind == "infantry" and u.long and flanked(board, u, into, area) for u in enemy if u.on_map):
            why.append("flank")
    mine, theirs = morale_level(f.units), morale_level(enemy)
    if theirs and mine >= 2 * theirs:
        why.append("morale")
    return min(len(why), 2), [f"+{w}" for w in why]


# -- the assault ---------------------------------------------------------------------------------------------
def assault(
    board: Eagles,
    state: State,
    dice: Dice,
    area: str,
    units: Sequence[str],
    target: str,
    *,
    also: Mapping[str, Sequence[str]] | None = None,
    advance: bool = True,
) -> list[Event]:
    """The named units of ``area`` (and of the areas in ``also``) assault ``target`` (14.1-14.5)."""
    groups = {area: _attackers(board, state, area, units)}
    for a, ids in sorted((also or {}).items()):
        if a == area:
            continue
        groups[a] = _attackers(board, state, a, ids)
    if not common.is_area(board, target):
        raise error("14.1", "eagles.order.no_area", area=target)
    for a, us in groups.items():
        reach(board, state, a, target, us)
    side = groups[area][0].side
    log = Log(dice)
    defenders = [u for u in common.units_in(state, target) if u.side != side]
    log.emit(
        "assault",
        {"side": side, "target": target, "from": {a: [u.id for u in us] for a, us in groups.items()}},
    )
    fires = {a: fire_of(board, state, a, us, target, defenders, attacking=True) for a, us in groups.items()}
    back_at = max(sorted(groups), key=lambda a: (common.sp_total(groups[a]), -sorted(groups).index(a)))
    back = fire_of(
        board, state, target, defenders, back_at, groups[back_at], attacking=False, flank_from=back_at
    )
    rolls = {a: log.roll("assault", f.dice, side=side, **f.said()) for a, f in fires.items()}
    back_rolls = log.roll("assault", back.dice, side=other(side), at=back_at, **back.said())
    # 14.1: the results at the same time: every roll is made before any loss is taken
    dealt = sum(common.hits(rolls[a], fires[a].modifier) for a in fires)
    taken = common.hits(back_rolls, back.modifier)
    lost_def = losses.spread(board, state, log, defenders, dealt, why="14.3")
    lost_att = losses.spread(board, state, log, groups[back_at], taken, why="14.3")
    wiped = bool(lost_def) and not any(u.on_map for u in defenders)
    losses.casualties(state, log, target, other(side), sum(lost_def.values()), wiped=wiped)
    losses.casualties(state, log, back_at, side, sum(lost_att.values()))
    for us in groups.values():
        for u in us:
            u.assaulted = True
    if state.activation is not None:
        for a in groups:
            state.activation.targets[key(a)] = target
    log.emit(
        "assault-result", {"target": target, "hits_dealt": dealt, "hits_taken": taken, "fired_at": back_at}
    )
    alone: list[Unit] = []
    may = _stand_or_retreat(board, state, log, groups, target, side, dealt, taken, alone)
    if _advance(board, state, log, groups, target, side, may, advance):
        losses.eliminate(log, alone, "20.2")
    return log.events


def _stand_or_retreat(
    board: Eagles,
    state: State,
    log: Log,
    groups: Mapping[str, Sequence[Unit]],
    target: str,
    side: str,
    dealt: int,
    taken: int,
    alone: list[Unit],
) -> bool:
    """14.4 (G4, ours): the side that took more hits (the defender on equal hits) checks morale for each of
    its areas in the assault: 1d6 against the lowest current morale there (G14), the leader's value there
    taken off (the owner's default); a natural 1 passes, a natural 6 fails. The defender's area fails: all
    its units retreat 1 area (20.0). An attacking area fails: it retreats only if an enemy is adjacent to it,
    and it does not advance. A defending area emptied by losses checks nothing. Returns whether the attacker
    may advance (False when the defender passed or any attacking area failed)."""
    defenders = [u for u in common.units_in(state, target) if u.side != side]
    if taken > dealt:
        ok = True
        for a, us in groups.items():
            if not _check(board, state, log, a, [u for u in us if u.on_map]):
                ok = False
                if any(state.enemy_combat_in(n, side) for n in board.neighbours(a)):
                    losses.retreat(board, state, log, [u for u in us if u.on_map], a, [target], why="14.4")
        return ok and not defenders
    if not defenders:
        return True
    if _check(board, state, log, target, defenders):
        return False
    left = losses.retreat(board, state, log, defenders, target, list(groups), why="14.4")
    losses.eliminate(log, left, "11.1")
    for u in defenders:  # 20.2: artillery that retreated alone is lost if the enemy advances (``_advance``)
        if (
            u.on_map
            and u.kind == "artillery"
            and not any(
                x.on_map and x.area == u.area and x.kind in ("infantry", "cavalry") for x in defenders
            )
        ):
            u.retreated = True
            alone.append(u)
    return True


def _check(board: Eagles, state: State, log: Log, area: str, units: Sequence[Unit]) -> bool:
    """G14: one morale roll for the units of one area."""
    combat = [u for u in units if u.combat and u.on_map]
    if not combat:
        return True
    need = min(common.morale_now(u) for u in combat)
    leaders = common.leaders_in(state, area, combat[0].side)
    value = max((ld.tactical for ld in leaders), default=0)
    (d,) = log.roll("morale", 1, area=area, morale=need, leader=value, units=[u.id for u in combat])
    ok = d == 1 or (d != 6 and d - value <= need)
    log.emit("morale-check", {"area": area, "units": [u.id for u in combat], "passed": ok})
    return ok


def _advance(
    board: Eagles,
    state: State,
    log: Log,
    groups: Mapping[str, Sequence[Unit]],
    target: str,
    side: str,
    may: bool,
    wanted: bool,
) -> bool:
    """14.5 (G5, ours): into an emptied target area the attacker may advance any or all of its surviving
    assaulting units (our default: all, area by area, as stacking allows), attached artillery with its
    division, facing the way they went (13.9); no HQ (9.53); no further. The enemy's artillery left behind
    there, or retreated alone from it, is eliminated (11.1, 20.2); enemy leaders alone there move off
    (3.13)."""
    if not may or not wanted or any(u.side != side for u in state.units_in(target) if u.combat):
        return False
    moved: list[str] = []
    for a, us in groups.items():
        for u in sorted((u for u in us if u.on_map and not u.attached_to), key=lambda x: x.id):
            riders = [x for x in us if x.attached_to == u.id and x.on_map]
            if not _crossable(board, u, a, target) or not losses.room(board, state, target, [u, *riders]):
                continue
            for x in (u, *riders):
                x.area = target
                if x.facing is not None:
                    x.facing = _ahead(board, a, target, x.facing)
                moved.append(x.id)
    if not moved:
        return False
    log.emit("advance", {"side": side, "area": target, "units": moved})
    there = [x for x in state.units.values() if x.side != side and x.on_map and x.area == target]
    losses.eliminate(log, there, "20.2")  # left behind (11.1) or HQ alone
    losses.lone_leaders(board, state, log, target, side)
    return True


def _ahead(board: Eagles, came: str, area: str, facing: str) -> str:
    """13.9: the facing that points most nearly the way the unit went (kept if it is one of the area's)."""
    options = board.facings(area)
    (x0, y0), (x1, y1) = board.los_point(came), board.los_point(area)
    dx, dy = x1 - x0, y1 - y0

    def score(n: str) -> float:
        nx, ny = board.los_point(n)
        return -((nx - x1) * dx + (ny - y1) * dy) / max(math.hypot(nx - x1, ny - y1), 1e-9)

    return min(options, key=lambda n: (score(n), n)) if options else facing
