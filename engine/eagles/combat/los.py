"""12.5 line of sight (12.55 elevation, 12.56 the chart, 12.57 high-angle fire).

The line runs from the firer's LOS point to the target's (the areas' centres); the data gives, for every pair
up to 3 areas apart, the areas it crosses in order and the borders it crosses or runs along (G25). The ground
decides first, by the range-1, range-2 and range-3 lists of 12.5 (``ground``); then the obstacles: woods and
towns, an area with a long infantry counter or 3 steps of cavalry, blocking borders (12.5 a-c). The firer's
and the target's own areas never block (12.5). Gentle slopes never block (12.5 note).

Obstacles in an intervening area count as +1 elevation of that area (the chart method of 12.56, our default,
G31); the literal 12.5 e)-g) (range 2) and g)-i) (range 3), where an obstacle blocks only in an area level
with the firer, is the option ``los_method = "literal"``. A target two or more below an adjacent firer is out
of sight (the range-1 list, G30); the option ``range1 = "basic"`` allows what the basic elevation rule allows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from data.eagles import Eagles, Line

from ..state import State
from . import common
from .common import error

HIGH_ANGLE = frozenset({"mortar", "rocket"})  # 12.57: they ignore the line of sight
KINDS = frozenset({"light", "heavy", "horse", "mortar", "rocket"})


@dataclass(frozen=True)
class Sight:
    """The answer: ``ok``, ``why`` (a message key of ``messages.EN``, said with ``params()``) and
    ``blocker``, the area or the border ``"A|B"`` that blocks (None when nothing one can point at does)."""

    ok: bool
    why: str
    blocker: str | None = None
    firer: str = ""
    target: str = ""
    range: int = 0
    through: tuple[str, ...] = ()  # the intervening areas, in order from the firer
    artillery: str = "light"

    def params(self) -> dict[str, Any]:
        """The values ``why``'s template names."""
        return {
            "firer": self.firer,
            "target": self.target,
            "blocker": self.blocker or "",
            "range": self.range,
            "artillery": self.artillery,
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "why": self.why,
            "blocker": self.blocker,
            "firer": self.firer,
            "target": self.target,
            "range": self.range,
            "through": list(self.through),
            "artillery": self.artillery,
        }


def ground(
    kind: str, rng: int, between: Sequence[int], diff: int, *, range1: str = "literal"
) -> tuple[str, int] | None:
    """The elevation lists of 12.5 for light and heavy artillery (horse artillery as light: 12.4). ``between``
    is each intervening area's elevation minus the firer's, in order from the firer (an obstacle's +1 already
    added under the chart method); ``diff`` the target's minus the firer's. None when the ground allows the
    shot, else ``(why, i)``: the message key and the index of the intervening area that blocks (-1: the
    target itself).

    >>> ground("light", 2, [-1], 0) is None     # range 2 a): over a lower area to a level target
    True
    >>> ground("light", 2, [0], -1)             # range 2 c): a level area, a lower target
    ('eagles.los.ground', 0)
    >>> ground("heavy", 3, [-1, -1], 1) is None  # range 3 a)
    True
    """
    heavy = kind == "heavy"
    if diff > 1:
        return ("eagles.los.too_high", -1)  # no list allows a target more than 1 higher
    if rng == 1:
        low = (-2 if not heavy else -3) if range1 == "basic" else -1  # a), b); G30
        return None if diff >= low else ("eagles.los.too_low", -1)
    if rng == 2:
        if diff < -2:
            return ("eagles.los.too_low", -1)  # b): at most 2 lower
        for i, e in enumerate(between):
            if e >= 0:
                return ("eagles.los.ground", i)  # a), b) want it lower; c) level; d) higher
        return None
    if rng == 3:
        return _range3(heavy, between, diff)
    return ("eagles.los.too_far", -1)


def _range3(heavy: bool, between: Sequence[int], diff: int) -> tuple[str, int] | None:
    """The range-3 list (heavy artillery only). With more than two intervening areas the first is the
    nearer one (f) and every other one is held to the second's test (ours: the line crosses them all)."""
    if not heavy:
        return ("eagles.los.heavy_only", -1)
    if not between:
        between = [-9]  # the line crosses no other area: nothing between can block
    first, rest = between[0], list(enumerate(between))[1:]
    if first > 0:
        return ("eagles.los.ground", 0)  # f)
    if diff == 1:  # b): never higher between
        bad = [i for i, e in enumerate(between) if e > 0]
        return ("eagles.los.ground", bad[0]) if bad else None
    if diff == 0:  # a): both lower
        bad = [i for i, e in enumerate(between) if e >= 0]
        return ("eagles.los.ground", bad[0]) if bad else None
    if diff < -3:
        return ("eagles.los.too_low", -1)
    if diff == -1:
        return ("eagles.los.chart", -1)  # c) wants 2-3 lower; what the chart does not show is blocked
    # c): the first 1 or more lower, the second 2 or more lower; d) a level one, e) a second only 1 lower
    if first >= 0:
        return ("eagles.los.ground", 0)
    bad = [i for i, e in rest if e > -2]
    return ("eagles.los.ground", bad[0]) if bad else None


def obstacle(board: Eagles, state: State, area: str) -> bool:
    """12.5 blocking terrain of an area: woods and towns (the data's ``blocks_los``), or at least one long
    infantry counter (either side) or at least 3 steps of cavalry (both sides together)."""
    if common.terrain_blocks(board, area):
        return True
    units = common.units_in(state, area)
    if any(u.long for u in units):
        return True
    return sum(u.steps for u in units if u.kind == "cavalry") >= 3


def sight(
    board: Eagles, state: State, firer: str, target: str, artillery: str = "light", *, options: Any = None
) -> Sight:
    """12.5: may artillery of kind ``artillery`` (light, heavy, horse, mortar, rocket; or a unit id, whose
    kind is taken) in ``firer`` see ``target``? Range is not checked here (12.4 is the bombardment's), only
    whether the rules of sight allow the shot at this distance. Facing is the bombardment's too."""
    kind = common.artillery_kind(board, artillery)
    for a in (firer, target):
        if not common.is_area(board, a):
            raise error("12.5", "eagles.order.no_area", area=a)
    if firer == target:
        raise error("12.5", "eagles.los.same_area", area=firer)
    rng = common.distance(board, firer, target)
    line = common.line(board, firer, target)
    if rng == 1:  # the range-1 list names no area between: an adjacent target is judged by its height alone
        line = Line(firer, target, (), ((firer, target),), ())

    def said(ok: bool, why: str, blocker: str | None = None) -> Sight:
        return Sight(ok, why, blocker, firer, target, rng, line.areas, kind)

    diff = common.elevation(board, target) - common.elevation(board, firer)
    if kind in HIGH_ANGLE:  # 12.57: any lower target, at most 3 higher
        if diff > 3:
            return said(False, "eagles.los.too_high")
        return said(True, "eagles.los.high_angle")
    if rng > 3:
        return said(False, "eagles.los.too_far")
    blocked = _blocked(board, state, kind, rng, line, diff, options)
    if blocked is not None:
        return said(False, blocked[0], blocked[1])
    return said(True, "eagles.los.clear")


def _blocked(
    board: Eagles, state: State, kind: str, rng: int, line: Line, diff: int, options: Any
) -> tuple[str, str | None] | None:
    """What blocks, in the order a player checks: the ground, then the obstacles, then the borders."""
    literal = common.opt(options, "los_method", "chart") == "literal"
    range1 = common.opt(options, "range1", "literal")
    base_elev = common.elevation(board, line.start)
    raw = [common.elevation(board, a) - base_elev for a in line.areas]
    # a blocking border crossed counts as an obstacle of each intervening area it bounds (12.5 f), h))
    walls = {a for b in line.borders if common.border_blocks(board, *b) for a in b if a in line.areas}
    obst = [obstacle(board, state, a) or a in walls for a in line.areas]
    why = ground(kind, rng, raw, diff, range1=range1)
    if why is not None:
        return (why[0], line.areas[why[1]] if why[1] >= 0 else None)
    if literal:  # 12.5 e)-g), g)-i): an obstacle in an area level with the firer
        for a, e, o in zip(line.areas, raw, obst, strict=True):
            if o and e == 0:
                return ("eagles.los.obstacle", a)
    else:  # 12.56: an obstacle raises its area by 1, then the chart again
        lifted = [e + 1 if o else e for e, o in zip(raw, obst, strict=True)]
        why = ground(kind, rng, lifted, diff, range1=range1)
        if why is not None and why[1] >= 0:
            return ("eagles.los.obstacle", line.areas[why[1]])
    if rng == 1:  # 12.5 a): a tree line on the border between them
        for b in line.borders:
            if common.border_blocks(board, *b):
                return ("eagles.los.border", "|".join(b))
    for b in line.along:
        if common.border_blocks(board, *b):
            return ("eagles.los.border", "|".join(b))  # 12.5 b)
        ends = {line.start, line.end}
        if not set(b) & ends and all(obstacle(board, state, a) for a in b):
            return ("eagles.los.beside", "|".join(b))  # 12.5 c)
    return None
