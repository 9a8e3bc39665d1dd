"""What the combat rules share: the refusal with its message key, the dice and the events they make, what the
rules read of the data and the state, each in one small function so that the rules name the game's ideas
(12.5 "a long infantry counter", 10.2 "heavy cavalry") and not the fields, and what every attack order checks
alike (its named units, 9.4; its targets)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from data.eagles import Eagles, LeaderDef, Line, UnitDef
from engine.dice import Dice
from engine.errors import RuleError
from engine.events import Event
from engine.messages import render

from ..state import Leader, State, Unit
from .messages import EN

ARTILLERY_KINDS = ("light", "heavy", "horse", "mortar", "rocket")


def error(rule: str, key: str, /, **params: Any) -> RuleError:
    """A refusal: the rule it rests on, the message key of ``messages.EN`` and its values."""
    return RuleError(rule, say=lambda: render(EN[key], params, EN), key=key, params=dict(params))


@dataclass
class Log:
    """The events a combat makes, in order; every die is one ``dice`` event naming its purpose (``for``),
    the dice and what they count for, so that the log tells it and ``estafette verify`` replays it."""

    dice: Dice
    events: list[Event] = field(default_factory=list)

    def emit(self, kind: str, data: dict[str, Any]) -> None:
        self.events.append(Event(kind, data, seq=len(self.events) + 1))

    def roll(self, purpose: str, n: int, **data: Any) -> list[int]:
        """``n`` dice; none to roll (a side with nothing that may fire) is told as ``no-fire``."""
        if n <= 0:
            self.emit("no-fire", {"for": purpose, **data})
            return []
        got = self.dice.rolls(n)
        self.emit("dice", {"for": purpose, "dice": got, **data})
        return got


def opt(options: Any, name: str, default: Any) -> Any:
    """A flagged alternative of the rulings (``docs/rulings.md``) from the game's options, else its
    default."""
    if isinstance(options, dict):
        return options.get(name, default)
    return getattr(options, name, default)


# -- the map -------------------------------------------------------------------------------------------------
def is_area(board: Eagles, a: str) -> bool:
    try:
        board.area(a)
    except KeyError:
        return False
    return True


def elevation(board: Eagles, a: str) -> int:
    return int(board.area(a).elevation)


def distance(board: Eagles, a: str, b: str) -> int:
    return int(board.distance(a, b))


def line(board: Eagles, a: str, b: str) -> Line:
    """The straight line between the LOS points (G25): intervening areas, borders crossed and run along."""
    return board.between(a, b)


def adjacent(board: Eagles, a: str, b: str) -> bool:
    return board.border(a, b) is not None


def border_blocks(board: Eagles, a: str, b: str) -> bool:
    """12.5 a): a tree line on the border (hedges do not block)."""
    border = board.border(a, b)
    return border is not None and border.blocks_los


def terrain_blocks(board: Eagles, a: str) -> bool:
    """12.5: woods, forests and towns block (villages, hamlets and farms do not)."""
    return board.blocks_los(a)


def shown(board: Eagles, area: str, facing: str, frm: str) -> str | None:
    """The side a unit in ``area`` facing ``facing`` shows to ``frm``: front, flank or rear (13.9, G24);
    None where the map classes no such neighbour."""
    try:
        return board.facing_class(area, facing, frm)
    except KeyError:
        return None


def rise(board: Eagles, a: str, b: str) -> int:
    """How much higher ``b`` is than ``a``."""
    return elevation(board, b) - elevation(board, a)


# -- the pieces ----------------------------------------------------------------------------------------------
def udef(board: Eagles, u: Unit) -> UnitDef | None:
    """A unit's ratings in the data (None for an HQ, which is no combat unit)."""
    if u.kind == "hq":
        return None
    return board.unit(u.parent or u.id)  # 11.3: a deployed short counter has its division's ratings


def kind_of(board: Eagles, u: Unit) -> str:
    """The data's finer kind: light, heavy, horse, lancers are cavalry "light" with ``lancers``..."""
    d = udef(board, u)
    return d.kind if d is not None else "hq"


def artillery_kind(board: Eagles, what: str) -> str:
    """A kind of artillery by name, or the kind of an artillery unit by its id."""
    if what in ARTILLERY_KINDS:
        return what
    try:
        d = board.unit(what)
    except KeyError:
        d = None
    if d is None or d.arm != "artillery":
        raise error("12.4", "eagles.los.kind", artillery=what, kinds=", ".join(ARTILLERY_KINDS))
    return d.kind


def units_in(state: State, area: str, side: str | None = None) -> list[Unit]:
    """The units on the map in ``area`` (HQs included), in id order."""
    return sorted(state.units_in(area, side), key=lambda u: u.id)


def combat_units_in(state: State, area: str, side: str | None = None) -> list[Unit]:
    return [u for u in units_in(state, area, side) if u.combat]


def leaders_in(state: State, area: str, side: str | None = None) -> list[Leader]:
    return sorted(state.leaders_in(area, side), key=lambda ld: ld.id)


def leader_def(board: Eagles, lid: str) -> LeaderDef | None:
    """A leader's ratings in the data (None for a generic replacement, 15.3, which the data does not list)."""
    try:
        return board.leader(lid)
    except KeyError:
        return None


def unit(state: State, uid: str, rule: str) -> Unit:
    u = state.units.get(uid)
    if u is None:
        raise error(rule, "eagles.order.no_unit", unit=uid)
    return u


def enemy_in(state: State, area: str, side: str) -> bool:
    """``area`` holds units of the other side (10.0, 12.0, 14.0: an attack's target)."""
    return any(u.side != side for u in state.units_in(area))


def attacked(u: Unit) -> bool:
    """The unit has fired, charged or assaulted in this activation: once an activation (12.6, 10.7, G6)."""
    return u.charged or u.bombarded or u.assaulted


def in_square(u: Unit) -> bool:
    """17.1 (G13): infantry in square. Read only if the state keeps it."""
    return bool(getattr(u, "square", False))


def sp_total(units: Iterable[Unit]) -> int:
    return sum(u.sp for u in units)


def half_up(n: int) -> int:
    """Halve, rounding up (10.2, 10.5, 13.3, 14.1)."""
    return -(-n // 2)


def pct(n: int, percent: int) -> int:
    """``n`` changed by ``percent`` (the percentages added first, 2.3), rounded to nearest, halves up
    (G2); never below 0."""
    return max(0, (n * (100 + percent) * 2 + 100) // 200)


def hits(rolls: Iterable[int], modifier: int = 0, *, unmodified: bool = False) -> int:
    """Each 6 is a hit: the modified roll (``modifier``), or the natural 6 only (10.3 the defender's fire)."""
    return sum(1 for r in rolls if (r if unmodified else r + modifier) >= 6)


def cap(pos: int, neg: int, top: int = 2, bottom: int = -1) -> int:
    """A sum of die modifiers with its caps (12.3: at most +2 and -1; 14.2: at most +2)."""
    return min(pos, top) + max(neg, bottom)


def light(board: Eagles, state: State) -> str:
    """The turn's light (2.4, G19): day, dusk, night or dawn."""
    try:
        return str(board.scenario(state.scenario).turn(state.turn).light)
    except (StopIteration, KeyError, IndexError, AttributeError):
        return "day"


def morale_now(u: Unit) -> int:
    """G14: the printed morale, -1 while the unit has lost half or more of its steps."""
    return u.morale - (1 if u.steps * 2 <= u.full_steps else 0)


def leader_value(board: Eagles, ld: Leader, units: Iterable[Unit]) -> int:
    """3.1, 3.12: a leader's tactical value for these units: a cavalry leader supporting infantry that is not
    his own gives 2 less (never below 0); capped at the units' total SP."""
    units = list(units)
    value = ld.tactical
    d = leader_def(board, ld.id)
    formation = d.formation if d is not None else None
    if d is not None and d.cavalry and any(u.kind == "infantry" and u.formation != formation for u in units):
        value = max(0, value - 2)
    return min(value, sp_total(units))


def adding_leader(
    board: Eagles, state: State, area: str, units: Sequence[Unit], *, attacking: bool
) -> Leader | None:
    """3.1, 3.11: the one leader in ``area`` who adds his value to ``units``: in attack one of their own
    formation's (or the army commander), in defence any; the best, then by id."""
    if not units:
        return None
    options = [
        ld for ld in leaders_in(state, area, units[0].side) if not attacking or own_leader(state, ld, units)
    ]
    return max(options, key=lambda ld: (leader_value(board, ld, units), ld.id), default=None)


def own_leader(state: State, ld: Leader, units: Iterable[Unit]) -> bool:
    """3.11: in attack a leader adds his value only to units of his own formation (the leader commanding
    their formation now); the army commander to any."""
    if state.army_commander.get(ld.side) == ld.id:
        return True
    return any(
        state.formations[u.formation].leader == ld.id for u in units if u.formation in state.formations
    )


# -- the orders ----------------------------------------------------------------------------------------------
def named_units(
    state: State,
    area: str,
    units: Sequence[str],
    rule: str,
    keys: str,
    arm: Callable[[Unit], None],
    *,
    unled: str = "",
) -> list[Unit]:
    """The units an attack order names in ``area``, refused unit by unit in the order named: not on the map
    there (``rule``, the procedure's units of one area), then by the arm's own restrictions (``arm`` raises
    them), then out of command (9.4: it may not attack). ``keys``: the order's message keys; ``unled``: the
    out-of-command key where it is another order's."""
    out: list[Unit] = []
    for uid in units:
        u = unit(state, uid, rule)
        if not u.on_map or u.area != area:
            raise error(rule, f"{keys}.not_here", unit=uid, area=area)
        arm(u)
        if not u.in_command:
            raise error("9.4", unled or f"{keys}.out_of_command", unit=uid)
        out.append(u)
    return out


def allowed_targets(candidates: Iterable[str], check: Callable[[str], object]) -> list[str]:
    """The candidate target areas ``check`` does not refuse, sorted."""
    out = []
    for t in candidates:
        try:
            check(t)
        except Exception as e:  # a RuleError: not a target
            if not hasattr(e, "rule"):
                raise
            continue
        out.append(t)
    return sorted(out)
