"""Where things go on Liberty's hex map: hex centres and corners in pixels, and the layout of the towns'
markers, names and the room left for blocks in each hex. Pure geometry (no Pillow), the same in every locale
(town names and hex ids are drawn in the Latin font in every picture).

The grid is the data's (``data/liberty``): flat-topped hexes in odd-q offset coordinates, odd columns half a
hex lower; the frame cuts the half hexes of the edge columns and rows (1.1), so the map is clipped to the
rectangle through the centres of column 02, column 24, the even columns of row 00 and the odd ones of row 26.

>>> from data.liberty import load_liberty
>>> g = layout(load_liberty())
>>> len(g.towns), all(b[0] < b[2] for b in g.towns.values())
(57, True)
"""

from __future__ import annotations

import copy
import heapq
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from ..cards import Placed, bend_candidates
from ..fonts import font
from ..geometry import Box, Point, overlap

if TYPE_CHECKING:
    from data.liberty import Liberty

S = 38  # hex side, px (flat-topped: 2S corner to corner, S·√3 flat to flat)
H = S * math.sqrt(3)  # flat to flat
TITLE_H = 58
MARGIN = 22
MAP_X = MARGIN  # centre of column 02 = the frame's west edge
MAP_Y = TITLE_H + MARGIN  # centre of the even columns' row 00 = the frame's north edge
COLS = (2, 24)
ROWS = (0, 26)
FRAME: Box = (MAP_X, MAP_Y, MAP_X + 1.5 * S * (COLS[1] - COLS[0]), MAP_Y + H * (ROWS[1] - ROWS[0] + 0.5))
WIDTH = round(FRAME[2] + MARGIN)
HEIGHT = round(FRAME[3] + MARGIN)

TOWN_PX = 13  # town names (bold condensed)
HEX_ID_PX = 12  # hex ids
LABEL_PX = 12  # places without a town (battlefields, other Indian towns)
TOWN_R = 9  # a supply town's marker; a town without value is smaller
SMALL_R = 6
MARKER_DY = -15  # the town marker stands above the hex centre, its blocks below
STACK = 22  # a block's back on the map (px square)
STACK_GAP = 3
STACK_STEP = 3  # the shadow behind a stack of several


def centre(hex_: str) -> Point:
    """The hex's centre in picture pixels."""
    col, row = int(hex_[:2]), int(hex_[3:5])
    return (MAP_X + 1.5 * S * (col - COLS[0]), MAP_Y + H * (row - ROWS[0] + 0.5 * (col % 2)))


def cell_centre(col: int, row: int) -> Point:
    return (MAP_X + 1.5 * S * (col - COLS[0]), MAP_Y + H * (row - ROWS[0] + 0.5 * (col % 2)))


def corners(c: Point, k: float = 1.0) -> list[Point]:
    """The six corners of the hex centred at ``c`` (east first, clockwise in screen coordinates)."""
    return [
        (c[0] + k * S * math.cos(math.pi / 3 * i), c[1] + k * S * math.sin(math.pi / 3 * i)) for i in range(6)
    ]


def shared_side(a: str, b: str) -> tuple[Point, Point]:
    """The two ends of the hexside between adjacent hexes ``a`` and ``b``."""
    ca, cb = centre(a), centre(b)
    mx, my = (ca[0] + cb[0]) / 2, (ca[1] + cb[1]) / 2
    dx, dy = cb[0] - ca[0], cb[1] - ca[1]
    n = math.hypot(dx, dy)
    # the hexside is perpendicular to the line of centres, S long
    ux, uy = -dy / n * S / 2, dx / n * S / 2
    return (mx + ux, my + uy), (mx - ux, my - uy)


def marker_centre(hex_: str) -> Point:
    x, y = centre(hex_)
    return (x, y + MARKER_DY)


def name_size(name: str) -> tuple[float, float]:
    f = font(TOWN_PX, "condensed")
    return (f.getlength(name) + 4, TOWN_PX + 3)


def _stack_zone(c: Point, town: bool) -> Box:
    """Where a town hex's blocks go: below its marker and name (the layout keeps names out of it)."""
    return (
        (c[0] - 25, c[1] + 10, c[0] + 25, c[1] + 32) if town else (c[0] - 12, c[1] - 11, c[0] + 12, c[1] + 11)
    )


# where a hex's row of block backs may stand (its top edge's middle, from the hex centre), first choice first
_TOPS = tuple((dx, top) for top in (-12, -6, -18, 0, -24, 5, -16, -9, -3) for dx in (0, -8, 8, -16, 16))
_TOWN_TOPS = tuple((dx, top) for top in (5, 7, 8) for dx in (0, -8, 8, -16, 16, -24, 24))


def stack_width(sides: int) -> float:
    """The width of a hex's row of block backs, one a side, each with its shadow."""
    return sides * (STACK + STACK_STEP) + (sides - 1) * STACK_GAP


def _stack_places(hex_: str, town: bool, sides: int, taken: Sequence[Box]) -> Iterable[tuple[float, Point]]:
    """Each place of the hex's row of backs and how much of ``taken`` it covers, first choice first."""
    x, y = centre(hex_)
    half = stack_width(sides) / 2
    for dx, top in _TOWN_TOPS if town else _TOPS:
        z = (x + dx - half, y + top, x + dx + half, y + top + STACK + STACK_STEP)
        yield sum(overlap(z, o) for o in taken), (x + dx, y + top)


def _stack_place(hex_: str, town: bool, sides: int, taken: list[Box]) -> Point:
    best: tuple[float, Point] | None = None
    for covered, at in _stack_places(hex_, town, sides, taken):
        if not covered:
            return at
        if best is None or covered < best[0]:
            best = (covered, at)
    assert best is not None
    return best[1]  # the least over a name (written again over the backs, ``pictures._renamed``)


@dataclass(frozen=True)
class MapLayout:
    """Boxes of the static map, by town name (``towns``: the names; ``markers``: the markers with their port
    and fort signs) and by hex id (``hex_ids``: the hex ids drawn, ``stacks``: where each land hex's blocks
    go, ``labels``: the battlefields and other places the data names in hexes without a town)."""

    towns: dict[str, Box]
    markers: dict[str, Box]
    hex_ids: dict[str, Box]
    stacks: dict[tuple[str, int], Point]  # (hex, sides) -> the middle of the top of its row of block backs
    labels: dict[str, tuple[str, Box]]  # hex -> a place the data labels there (no town) and its box


def _candidates(c: Point, w: float, h: float, r: float) -> Iterable[tuple[float, Box]]:
    """Places for a town's name round its marker, each with its cost (the nearest, in its own hex, first)."""
    mx, my = c[0], c[1] + MARKER_DY
    yield 0, (mx - w / 2, my + r + 1, mx + w / 2, my + r + 1 + h)  # under the marker, above the blocks
    yield 3, (mx + r + 3, my - h / 2, mx + r + 3 + w, my + h / 2)  # right of it
    yield 3, (mx - r - 3 - w, my - h / 2, mx - r - 3, my + h / 2)  # left of it
    yield 5, (mx - w / 2, my - r - 1 - h, mx + w / 2, my - r - 1)  # above it
    for dx in (-20, 20, -35, 35):
        yield 8, (mx - w / 2 + dx, my + r + 1, mx + w / 2 + dx, my + r + 1 + h)
        yield 8, (mx - w / 2 + dx, my - r - 1 - h, mx + w / 2 + dx, my - r - 1)


def _inside(b: Box, frame: Box) -> bool:
    return b[0] >= frame[0] + 2 and b[1] >= frame[1] + 2 and b[2] <= frame[2] - 2 and b[3] <= frame[3] - 2


@lru_cache(maxsize=4)
def _layout_of(lib: Liberty) -> MapLayout:
    town_hexes = {t.hex: t for t in lib.towns if t.hex is not None}
    markers: dict[str, Box] = {}
    for t in town_hexes.values():
        mx, my = marker_centre(t.hex or "")
        r = TOWN_R if t.value else SMALL_R
        left = mx - r - (12 if t.port else 0)
        right = mx + r + (10 if t.fort else 0)
        markers[t.name] = (left, my - r - 1, right, my + r + 1)
    zones = [_stack_zone(centre(h), True) for h in town_hexes]

    land = [h.id for h in lib.hexes if h.land and h.id not in town_hexes]
    centres = [_stack_zone(centre(h), False) for h in land]
    placed: dict[str, Box] = {}
    # the longest names first: they have the fewest places
    for t in sorted(town_hexes.values(), key=lambda t: (-name_size(t.name)[0], t.name)):
        c = centre(t.hex or "")
        w, h = name_size(t.name)
        best: tuple[float, Box] | None = None
        for cost, box in _candidates(c, w, h, TOWN_R if t.value else SMALL_R):
            if not _inside(box, FRAME):
                continue
            hard = [*placed.values(), *markers.values()]
            if any(overlap(box, o) > 0 for o in hard):
                continue
            # over a town's blocks is worse than over the middle of an empty hex
            soft = cost + sum(overlap(box, o) for o in zones) / 4 + sum(overlap(box, o) for o in centres) / 40
            if best is None or soft < best[0]:
                best = (soft, box)
        if best is None:  # nothing free: under the marker, over whatever is there (a test catches it)
            best = next(iter(_candidates(c, w, h, TOWN_R)))
        placed[t.name] = best[1]
    # the places the data labels in hexes without a town (battlefields, other Indian towns): under the hex id,
    # or lower, where they touch no town's name or marker and leave room for the hex's blocks; else in the
    # hex id's place (the id then stands just below it, in the blocks' room); else under the hex id over
    # the blocks' room; one a hex (the first the data gives)
    small = font(LABEL_PX)
    labels: dict[str, tuple[str, Box]] = {}
    for lb in lib.labels:
        if lb.hex in town_hexes or lb.hex in labels:
            continue
        x, y = centre(lb.hex)
        w = small.getlength(lb.name) + 4
        others = [*placed.values(), *markers.values(), *(b for _, b in labels.values())]
        free: list[tuple[bool, Box]] = []  # (in the hex id's place, box)
        for top in (-H / 2 + HEX_ID_PX + 3, 10, -H / 2 + 1):
            box = (x - w / 2, y + top, x + w / 2, y + top + LABEL_PX + 3)
            if _inside(box, FRAME) and not any(overlap(box, o) > 0 for o in others):
                free.append((top < -H / 2 + HEX_ID_PX, box))
        roomy = [b for _, b in free if any(not c for c, _ in _stack_places(lb.hex, False, 2, [*others, b]))]
        chosen = [*roomy, *(b for in_id, b in free if not in_id)]
        if chosen:
            labels[lb.hex] = (lb.name, chosen[0])
    taken = [*placed.values(), *markers.values(), *(b for _, b in labels.values())]
    stacks = {
        (h.id, n): _stack_place(h.id, h.id in town_hexes, n, taken)
        for h in lib.hexes
        if h.land
        for n in (1, 2)
    }
    ids: dict[str, Box] = {}
    f = font(HEX_ID_PX)
    for hid in land:
        x, y = centre(hid)
        w = f.getlength(hid)
        box = (x - w / 2, y - H / 2 + 2, x + w / 2, y - H / 2 + 2 + HEX_ID_PX + 1)
        if hid in labels and overlap(box, labels[hid][1]) > 0:  # the place's name in its place: just below
            top = labels[hid][1][3] + 1
            box = (x - w / 2, top, x + w / 2, top + HEX_ID_PX + 1)  # where the blocks cover it, if any
        if _inside(box, FRAME) and not any(overlap(box, o) > 0 for o in taken):
            ids[hid] = box
    return MapLayout(placed, markers, ids, stacks, labels)


def layout(lib: Liberty) -> MapLayout:
    """The static map's layout (computed once per scenario): every town's name box, none over another name
    or another town's marker; each land hex's hex id box (when it is free) and the point its blocks centre
    on (``stacks``, by hex and the number of sides there: the middle of the top edge of the row of backs)."""
    return _layout_of(lib)


# ---------------------------------------------------------------------------------------------------------
# the cards of faces


DOCK_ALONG = (0.5, 0.0, 1.0, 0.25, 0.75, -0.25, 1.25)  # where the card's edge meets its row of backs: its
# middle, top or bottom, left or right, and between and beyond (the card still touching the backs' side)
RING_STEP = 22  # a displaced card tries rings this far apart round its hex
RINGS = 24
LOOKS = 80  # ... weighs at most this many free places
FOREIGN_COST = 60  # px of distance a place nearer another hex's backs than its own costs
TRIED = 320  # ... among at most this many places, free or not, once one is weighed
DIRECTIONS = 16
AWAY = 8  # px: a displaced card keeps at least this far from its backs (nearer, it would seem docked)
DENSE_TRIED = 1500  # a card with no clean place on the rings looks for one among this many places on a grid
BEND_COST = 20  # px of distance a bent leader line costs
GAP = 2  # between a card and what it must not cover
BUCKET = 96  # px square: the obstacles are filed by the buckets they touch
CROSS_COST = (
    150  # px of distance a leader line over a name, a marker or other backs costs (it seems to lead there)
)


CELL = 4  # px: the free-cell grid's resolution


class _Obstacles:
    """Boxes no card may cover: as a grid of cells (a row of bits per ``CELL`` px of height; a box takes every
    cell it touches, so a box on free cells covers none), and filed by buckets of the picture for the leader
    lines' crossings."""

    def __init__(self, boxes: Iterable[Box], bounds: Box) -> None:
        self.x0, self.y0 = bounds[0], bounds[1]
        self.cols = math.ceil((bounds[2] - bounds[0]) / CELL)
        self.walls = [0] * math.ceil((bounds[3] - bounds[1]) / CELL)  # names, markers, key, panel, cards
        self.all = self.walls  # ... and the rows of backs (once there are any: :meth:`with_stacks`)
        self.buckets: dict[tuple[int, int], list[Box]] = {}
        self.stacks: dict[tuple[int, int], list[Box]] = {}  # the rows of backs: a card docks right by its own
        for b in boxes:
            self.add(b)

    def with_stacks(self, stacks: Iterable[Box]) -> _Obstacles:
        """A copy with the rows of backs of one picture (the static obstacles are filed once,
        :func:`_static`)."""
        o = copy.copy(self)
        o.walls = list(self.walls)
        o.all = list(self.walls)
        o.buckets = {k: list(v) for k, v in self.buckets.items()}
        o.stacks = {}
        for b in stacks:
            o._mark(o.all, b)
            for k in o._keys(b):
                o.stacks.setdefault(k, []).append(b)
                o.buckets.setdefault(k, []).append(b)
        return o

    def _cells(self, b: Box) -> tuple[int, int, int]:
        c0 = max(0, math.floor((b[0] - GAP - self.x0) / CELL))
        c1 = min(self.cols, math.ceil((b[2] + GAP - self.x0) / CELL))
        r0 = max(0, math.floor((b[1] - GAP - self.y0) / CELL))
        r1 = min(len(self.walls), math.ceil((b[3] + GAP - self.y0) / CELL))
        m = ((1 << max(0, c1 - c0)) - 1) << c0
        return m, r0, r1

    def _keys(self, b: Box) -> Iterable[tuple[int, int]]:
        for i in range(int(b[0] // BUCKET), int(b[2] // BUCKET) + 1):
            for j in range(int(b[1] // BUCKET), int(b[3] // BUCKET) + 1):
                yield (i, j)

    def _mark(self, rows: list[int], b: Box) -> None:
        m, r0, r1 = self._cells(b)
        for r in range(r0, r1):
            rows[r] |= m

    def add(self, b: Box) -> None:
        """A box no card may cover from now on (a name, a marker, a wall, a card placed)."""
        self._mark(self.walls, b)
        if self.all is not self.walls:
            self._mark(self.all, b)
        for k in self._keys(b):
            self.buckets.setdefault(k, []).append(b)

    def hit(self, b: Box) -> bool:
        """Whether ``b`` (with ``GAP`` round it) touches anything taken, rows of backs included."""
        x0, y0, cols = self.x0, self.y0, self.cols
        c0 = int((b[0] - GAP - x0) // CELL)
        c1 = min(cols, -int(-(b[2] + GAP - x0) // CELL))
        rows = self.all
        r0 = int((b[1] - GAP - y0) // CELL)
        r1 = min(len(rows), -int(-(b[3] + GAP - y0) // CELL))
        if c0 < 0 or r0 < 0:
            c0, r0 = max(0, c0), max(0, r0)
        m = ((1 << max(0, c1 - c0)) - 1) << c0
        return any(rows[r] & m for r in range(r0, r1))

    def hit_beside(self, b: Box, own: Box) -> bool:
        """As :meth:`hit`, but ``b`` may touch the row of backs ``own`` (a card docked to it)."""
        m, r0, r1 = self._cells(b)
        rows = self.walls
        if any(rows[r] & m for r in range(r0, r1)):
            return True
        g = (b[0] - GAP, b[1] - GAP, b[2] + GAP, b[3] + GAP)
        return any(
            o is not own and o[0] < g[2] and g[0] < o[2] and o[1] < g[3] and g[1] < o[3]
            for k in self._keys(g)
            for o in self.stacks.get(k, ())
        )

    def crossed(self, a: Point, b: Point, skip: Box, most: int = 1 << 30) -> int:
        """How many boxes (but ``skip``) the segment a–b passes through (counted up to ``most``)."""
        from ..cards import _crosses

        x0, y0, x1, y1 = min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1])
        seen = set()
        n = 0
        for k in self._keys((x0, y0, x1, y1)):
            for o in self.buckets.get(k, ()):
                if o in seen or o == skip or o[2] <= x0 or o[0] >= x1 or o[3] <= y0 or o[1] >= y1:
                    continue
                seen.add(o)
                if _crosses((a, b), o):
                    n += 1
                    if n == most:
                        return n
        return n


@lru_cache(maxsize=8)
def _static(keep_out: tuple[Box, ...], bounds: Box) -> _Obstacles:
    """The obstacles that are the same in every picture of a scenario and locale, filed once."""
    return _Obstacles(keep_out, bounds)


@dataclass(frozen=True)
class CardSpec:
    """A hex's card of faces: its sizes docked to the hex's row of backs and displaced (with a header),
    preferred first."""

    hex: str
    docked: tuple[tuple[int, int], ...]
    displaced: tuple[tuple[int, int], ...]
    tried: tuple[int, ...] = (0, 1)  # the displaced sizes tried (their indices), preferred first


def _docked_boxes(stack: Box, w: int, h: int) -> Iterable[Box]:
    """Boxes of a w×h card touching the row of backs ``stack``: right, left, below, above, at a few places
    along each edge."""
    x0, y0, x1, y1 = stack
    for f in DOCK_ALONG:
        y = y0 + (y1 - y0) / 2 - f * h if f != 0.5 else (y0 + y1) / 2 - h / 2
        y = min(max(y, y0 - h + 6), y1 - 6)  # a side of the card still along a side of the backs
        yield (x1 + GAP + 1, y, x1 + GAP + 1 + w, y + h)
        yield (x0 - GAP - 1 - w, y, x0 - GAP - 1, y + h)
        x = (x0 + x1) / 2 - f * w
        x = min(max(x, x0 - w + 6), x1 - 6)
        yield (x, y1 + GAP + 1, x + w, y1 + GAP + 1 + h)
        yield (x, y0 - GAP - 1 - h, x + w, y0 - GAP - 1)


def place_face_cards(
    cards: Sequence[CardSpec], stacks: Mapping[str, Box], keep_out: Sequence[Box], bounds: Box
) -> dict[str, Placed]:
    """Each hex's card of faces (:class:`renderers.cards.Placed`, by hex): docked to its row of backs when a
    place touching it is free, else displaced as near as it can (its leader line crossing as few boxes as it
    can). No card covers a box of ``keep_out`` (names, markers, the key, a panel), another hex's row of backs
    or another card, and every card stays in ``bounds`` when any place does. Pure and deterministic: the
    biggest cards first, then by hex, each at its full sizes before its compact ones; the cards that find no
    docked place are displaced once all the others have docked (a displaced card may stand anywhere: it must
    not take a docked card's only place), and those that find no clean place last."""
    order = sorted(cards, key=lambda c: (-(c.docked[0][0] * c.docked[0][1]), c.hex))
    out = _place_all(order, cards, stacks, keep_out, bounds)
    return {c.hex: out[c.hex] for c in cards}


def _place_all(
    order: Sequence[CardSpec],
    cards: Sequence[CardSpec],
    stacks: Mapping[str, Box],
    keep_out: Sequence[Box],
    bounds: Box,
) -> dict[str, Placed]:
    """The cards placed in ``order``: docked where they can, then the others displaced."""
    from ..cards import _crosses

    obstacles = _static(tuple(keep_out), bounds).with_stacks(stacks.values())
    out: dict[str, Placed] = {}

    def inside(b: Box) -> bool:
        return bounds[0] <= b[0] and bounds[1] <= b[1] and b[2] <= bounds[2] and b[3] <= bounds[3]

    def free(b: Box) -> bool:
        return inside(b) and not obstacles.hit(b)

    lines: list[tuple[Point, Point]] = []  # the leader lines drawn so far
    later: list[CardSpec] = []
    for c in order:
        stack = stacks[c.hex]
        placed = next(
            (
                Placed(c.hex, _whole(b), k)
                for k, (w, h) in enumerate(c.docked)
                for b in _docked_boxes(stack, w, h)
                if inside(_whole(b))
                and not obstacles.hit_beside(_whole(b), stack)
                and not any(_crosses(line, _whole(b)) for line in lines)
            ),
            None,
        )
        if placed is None:
            later.append(c)
            continue
        out[c.hex] = placed
        obstacles.add(placed.box)
    # displaced once every card that may dock has docked; the cards with no clean place (the margin will take
    # them) last, at their least bad places, so that they take no other card's clean place
    unclean = []
    for c in later:
        others = [stacks[o.hex] for o in cards if o.hex != c.hex]  # the other cards' backs
        placed, clean = _displaced(c, stacks[c.hex], obstacles, free, others, lines)
        if not clean:  # looked for more closely
            found = _clean(c, stacks[c.hex], obstacles, free, others, lines)
            if found is None:
                unclean.append((c, placed))
                continue
            placed = found
        out[c.hex] = placed
        obstacles.add(placed.box)
        lines += placed.path
    for c, placed in unclean:  # where it was found, if it still takes no place or line since taken
        if not free(placed.box) or any(_crosses(line, placed.box) for line in lines):
            others = [stacks[o.hex] for o in cards if o.hex != c.hex]
            placed, _ = _displaced(c, stacks[c.hex], obstacles, free, others, lines)
        out[c.hex] = placed
        obstacles.add(placed.box)
        lines += placed.path
    return out


def _whole(b: Box) -> Box:
    x0, y0 = round(b[0]), round(b[1])
    return (x0, y0, x0 + round(b[2] - b[0]), y0 + round(b[3] - b[1]))


_UNITS = tuple(
    (math.cos(2 * math.pi * i / DIRECTIONS), math.sin(2 * math.pi * i / DIRECTIONS))
    for i in range(DIRECTIONS)
)


def _gap(a: Box, b: Box) -> float:
    return math.hypot(max(b[0] - a[2], a[0] - b[2], 0.0), max(b[1] - a[3], a[1] - b[3], 0.0))


def _leader(
    hid: str,
    box: Box,
    k: int,
    at: Point,
    stack: Box,
    obstacles: _Obstacles,
    lines: Sequence[tuple[Point, Point]],
    may_bend: bool = True,
) -> tuple[Placed, int]:
    """The card at ``box`` with its leader line from ``at`` (its backs' centre) and how many boxes and leader
    lines that line crosses: straight to the card's nearest edge, else, when that crosses something, bent
    once at a right angle (along a row, then down a column into the card, or the other way) if such a
    line crosses nothing."""
    sx, sy = at
    end = (min(max(sx, box[0]), box[2]), min(max(sy, box[1]), box[3]))
    straight = Placed(hid, box, k, (at, end))
    crossed = _path_crossed(straight, stack, obstacles, lines)
    if not crossed or not may_bend:
        return straight, crossed
    bends = bend_candidates(at, box)  # (bend, end)
    for bend, e in bends:
        p = Placed(hid, box, k, (at, e), bend=bend)
        if not _path_crossed(p, stack, obstacles, lines, 1):
            return p, 0
    return straight, crossed


def _path_crossed(
    p: Placed, stack: Box, obstacles: _Obstacles, lines: Sequence[tuple[Point, Point]], most: int = 1 << 30
) -> int:
    """How many boxes (but its own backs) and leader lines ``p``'s leader line crosses (up to ``most``)."""
    from ..cards import _segments_cross

    n = 0
    for a, b in p.path:
        n += obstacles.crossed(a, b, stack, most - n)
        n += sum(1 for line in lines if _segments_cross((a, b), line))
        if n >= most:
            break
    return n


def _rings(c: CardSpec, stack: Box, obstacles: _Obstacles) -> Iterable[tuple[float, int, Box]]:
    """The card's places on rings round its backs inside the picture, nearest first (a ring's places once
    no nearer ring's can cost less)."""
    sx, sy = (stack[0] + stack[2]) / 2, (stack[1] + stack[3]) / 2
    b0, b1 = obstacles.x0, obstacles.y0
    b2, b3 = b0 + obstacles.cols * CELL, b1 + len(obstacles.walls) * CELL
    step, units = RING_STEP, _UNITS
    waiting: list[tuple[float, int, Box]] = []
    n = round(RINGS * RING_STEP / step)
    shapes = [k for k in c.tried if k < len(c.displaced)]
    for ring in range(1, n + 2):
        while waiting and waiting[0][0] <= ring * step:
            yield heapq.heappop(waiting)
        if ring > n:
            break
        for i, k in enumerate(shapes):
            w, h = c.displaced[k]
            for ux, uy in units:
                reach = ring * step + (w / 2) * abs(ux) + (h / 2) * abs(uy)
                x0, y0 = round(sx + ux * reach - w / 2), round(sy + uy * reach - h / 2)
                if b0 <= x0 and b1 <= y0 and x0 + w <= b2 and y0 + h <= b3:
                    heapq.heappush(waiting, (ring * step + 40 * i, k, (x0, y0, x0 + w, y0 + h)))
    while waiting:
        yield heapq.heappop(waiting)


GRID_STEP = 8  # px: the places a card with no clean place on the rings tries, on a grid round its backs
GRID_REACH = 200  # ... at most this far from them


@lru_cache(maxsize=256)
def _grid_offsets(w: int, h: int, sw: int, sh: int) -> tuple[tuple[float, int, int], ...]:
    """The places of a w×h card round a sw×sh row of backs (its top left corner from the backs'), on a grid
    of ``GRID_STEP`` px, with their distances from the backs, nearest first."""
    out = []
    n = math.ceil((GRID_REACH + max(w, h)) / GRID_STEP)
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            x, y = i * GRID_STEP + (sw - w) // 2, j * GRID_STEP + (sh - h) // 2
            d = _gap((x, y, x + w, y + h), (0, 0, sw, sh))
            if AWAY <= d <= GRID_REACH:
                out.append((d, x, y))
    return tuple(sorted(out))


def _grid_places(c: CardSpec, stack: Box, obstacles: _Obstacles) -> Iterable[tuple[float, int, Box]]:
    """The card's places on a grid round its backs inside the picture, nearest first (each size after the
    first costs 40 px more)."""
    b0, b1 = obstacles.x0, obstacles.y0
    b2, b3 = b0 + obstacles.cols * CELL, b1 + len(obstacles.walls) * CELL
    sx, sy = round(stack[0]), round(stack[1])
    sw, sh = round(stack[2] - stack[0]), round(stack[3] - stack[1])
    streams = []
    for i, k in enumerate(t for t in c.tried if t < len(c.displaced)):
        w, h = c.displaced[k]
        offsets = _grid_offsets(w, h, sw, sh)
        streams.append(((d + 40 * i, k, (sx + x, sy + y, sx + x + w, sy + y + h)) for d, x, y in offsets))
    for cost, k, box in heapq.merge(*streams):
        if b0 <= box[0] and b1 <= box[1] and box[2] <= b2 and box[3] <= b3:
            yield cost, k, box


def _clean(
    c: CardSpec,
    stack: Box,
    obstacles: _Obstacles,
    free: Callable[[Box], bool],
    others: Sequence[Box],
    lines: Sequence[tuple[Point, Point]],
) -> Placed | None:
    """The nearest free place on a grid round the card's backs that breaks no rule (as :func:`_displaced`
    looks for among fewer, on rings), among the first ``DENSE_TRIED``, or None."""
    from ..cards import _crosses

    at = ((stack[0] + stack[2]) / 2, (stack[1] + stack[3]) / 2)
    for tried, (_, k, box) in enumerate(_grid_places(c, stack, obstacles)):
        if tried == DENSE_TRIED:
            return None
        own = _gap(box, stack)
        if own < AWAY or not free(box):
            continue
        if any(_gap(box, o) <= own for o in others) or any(_crosses(line, box) for line in lines):
            continue
        p, crossed = _leader(c.hex, box, k, at, stack, obstacles, lines)
        if not crossed:
            return p
    return None


def _displaced(
    c: CardSpec,
    stack: Box,
    obstacles: _Obstacles,
    free: Callable[[Box], bool],
    others: Sequence[Box] = (),
    lines: Sequence[tuple[Point, Point]] = (),
) -> tuple[Placed, bool]:
    """The card's cheapest free place on rings round its backs, weighed nearest first: its distance, plus
    ``CROSS_COST`` for each name, marker, row of backs or card its leader line passes through and each leader
    line drawn before (``lines``) it covers, plus ``FOREIGN_COST`` if it stands as near another hex's backs
    (``others``) as its own; the first place that breaks none of these is taken, and the search stops once
    no place further out can cost less (or after ``LOOKS`` free places). Also whether that first place was
    found."""
    from ..cards import _crosses

    sx, sy = (stack[0] + stack[2]) / 2, (stack[1] + stack[3]) / 2
    cheapest: tuple[float, Placed] | None = None
    looked = 0
    for tried, (cost, k, box) in enumerate(_rings(c, stack, obstacles)):
        if cheapest is not None and (tried >= TRIED or cost >= cheapest[0]):
            break  # nothing further can cost less
        if _gap(box, stack) < AWAY or not free(box):
            continue
        covered = sum(1 for line in lines if _crosses(line, box))
        own = _gap(box, stack)
        foreign = any(_gap(box, o) <= own for o in others)
        # a bent line could still make this place the first clean one, or the cheapest
        worth = not foreign or cheapest is None or cost + FOREIGN_COST + BEND_COST < cheapest[0]
        p, crossed = _leader(c.hex, box, k, (sx, sy), stack, obstacles, lines, worth)
        crossed += covered
        if not crossed:
            if not foreign:
                return p, True  # the nearest place that breaks no rule
            cost += FOREIGN_COST
        cost += CROSS_COST * crossed
        if p.bend is not None:
            cost += BEND_COST
        if cheapest is None or cost < cheapest[0]:
            cheapest = (cost, p)
        looked += 1
        if looked == LOOKS:
            break
    if cheapest is not None:
        return cheapest[1], False
    w, h = c.displaced[0]  # nowhere free: next to its backs, over whatever is there
    box = _whole((stack[2] + GAP, stack[1], stack[2] + GAP + w, stack[1] + h))
    return Placed(c.hex, box, 0, ((sx, sy), (box[0], sy))), False
