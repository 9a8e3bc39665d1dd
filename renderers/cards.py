"""Where each town's card of blocks stands on the campaign map: a pure, deterministic layout (no Pillow).

A card is *docked* to its town when the town's dot sits on the card's edge; nothing else tells the reader
whose it is, so a docked card must have its centre nearer its own town than any other town's dot. A card
with no docked place beside its town's name may dock over that name, covering it wholly, in a size with a
header naming the town (``Placed.over_name``). When no docked place is free, the card is *displaced*: it
stands away from its town, carries the town's name in a header (the caller draws headers:
``Placed.headed``) and gets a leader line from the town's dot to its nearest edge (or bent once). Docked or
displaced, a card never covers a town's name, another town's dot, the key, a panel or another card, and
stays inside the picture. A displaced card stands as near its town as it can, and its leader line crosses
other towns' dots, cards, names and other leader lines as little as it can (each has a cost, in the same
unit as a pixel of distance).

:func:`place_cards` takes every town's position, dot box and name box and each card's possible sizes, and
returns each card's rectangle and leader line. Docked cards are placed first, the biggest first, each at
the first of a few places round its dot (in each of its sizes) that breaks no rule; the cards that find
none are displaced afterwards (a displaced card may stand anywhere, so it must not take a docked card's
only place). For a displaced card the picture is a grid of cells, ``CELL`` px square, a row of bits each,
with the cells that names, dots, the key and the cards placed so far touch taken; where a card of a given
size fits is then a few ands and shifts of whole rows (:meth:`_Grid.fits`), and the free places are weighed
nearest first. Only if no place at all is free does a card take the place that breaks the rules least.
A leader line whose straight way crosses something may bend once at a right angle round it
(``Placed.bend``). A displaced card that found no clean place (nearest its own town, its line crossing
nothing) is tried once more wholly before the others, and that layout kept if fewer cards are left unclean.

Both games' maps then hand their layouts to :func:`to_margin`: a card still not placed cleanly
(:func:`faults`) moves to a margin at the picture's edge (or a free area the game names), with a letter in
its header, and a tag with the same letter (:func:`draw_key`) touches its town instead of a leader line.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from .colours import RGB
from .geometry import Box, Point

if TYPE_CHECKING:
    from PIL import ImageDraw

Size = tuple[int, int]
Segment = tuple[Point, Point]

DOT_CLEAR = 3  # a card keeps this far from another town's dot box
LINE_CLEAR = 5  # ... and a leader line this much further
CARD_GAP = 2  # between two cards
NEAR_DOT = 24  # a card closer than this to another town's dot looks as if it hung from it: a cost
DOCK_SIDES = ((1, 0), (-1, 0), (0, 1), (0, -1))  # east, west, south, north of the town
DOCK_ALONG = (0.5, 0.25, 0.75, 0.0, 1.0)  # where the dot sits along the card's edge
MIN_GAP = 12  # a displaced card keeps at least this far from its own town's dot
CELL = 4  # the free-cell grid's resolution, px
WEIGHED = 60  # a displaced card weighs at most this many free places, nearest first
STRICT_LOOKS = 120  # ... and looks at no more than this many (most are refused when none may break a rule)
FAR = 300  # ... within this distance of its town, if it can
RUNS = 2  # ... in each row of free cells, in the runs nearest its town on either side
RINGS = (14, 28, 48, 76, 112, 160, 220, 300, 400, 520)  # when nothing is free: the least bad of these
DIRECTIONS = 16
# the compass, starting east, then west, south, north and in between
_DIRS = tuple(
    (math.cos(k * 2 * math.pi / DIRECTIONS), math.sin(k * 2 * math.pi / DIRECTIONS))
    for k in (0, 8, 4, 12, 2, 6, 10, 14, 1, 7, 9, 15, 3, 5, 11, 13)
)

# preference (lower is better) and costs, in one unit
SHAPE_COST = 50.0  # each step down a card's list of docked sizes
DISPLACED_COST = 300.0  # any displaced place against any docked one
PER_PX = 2.0  # a displaced card, per pixel away from its town
FOREIGN_COST = 150.0  # a displaced card whose centre is nearer another town
NEARER_OTHER_COST = 300.0  # ... or whose edge is as near another town with a card as its own
NEAR_DOT_COST = 10.0  # per pixel closer than NEAR_DOT to another town's dot
LINE_OVER_DOT_COST = 1500.0  # a leader line through another town's dot (it seems to lead there)
LINE_UNDER_CARD_COST = 250.0  # a leader line under a card (it vanishes and reappears)
LINE_OVER_NAME_COST = 400.0  # a leader line striking through a town's name
LINES_CROSS_COST = 150.0  # two leader lines crossing
BEND_COST = 40.0  # a leader line bent round what its straight line would cross
BEND_IN = 8  # px: a bent leader line meets its card this far in from the card's corner
BROKEN = 1e6  # a place that breaks a rule, plus what it hides (only when no place breaks none)
REPAIRS = 1  # cards with no clean place tried first, one at a time


@dataclass(frozen=True)
class Card:
    """A town's card: the sizes it may take docked to its town and displaced from it, preferred first."""

    town: str
    docked: tuple[Size, ...]
    displaced: tuple[Size, ...]


@dataclass(frozen=True)
class Placed:
    """Where a card stands: its box, which of its sizes it took, and its leader line from its town's dot to
    its edge (None when docked)."""

    town: str
    box: Box
    shape: int
    leader: Segment | None = None
    over_name: bool = False  # docked over its own town's name, in a displaced size: its header names the town
    bend: Point | None = None  # where the leader line turns (round what its straight line would cross)
    key: str = (
        ""  # in the margin (no clean place near its town): the letter its header and its town's tag show
    )
    tag: Box | None = None  # ... and that tag, beside its town

    @property
    def displaced(self) -> bool:
        return self.leader is not None

    @property
    def path(self) -> tuple[Segment, ...]:
        """The leader line as drawn: one segment, or two meeting at its bend."""
        if self.leader is None:
            return ()
        if self.bend is None:
            return (self.leader,)
        return ((self.leader[0], self.bend), (self.bend, self.leader[1]))

    @property
    def headed(self) -> bool:
        """Whether the card carries its town's name in a header (and takes one of its displaced sizes): away
        from its town, in the margin, or over its own name."""
        return self.leader is not None or self.over_name or bool(self.key)


def place_cards(
    cards: Sequence[Card],
    towns: Mapping[str, Point],
    dots: Mapping[str, Box],
    labels: Mapping[str, Box],
    bounds: Box,
    keep_out: Sequence[Box] = (),
    margin: Sequence[Box] = (),
) -> dict[str, Placed]:
    """Each card's place, by town. ``towns`` and ``dots`` hold *every* town's dot (centre and box), not only
    the towns with cards; ``labels`` every town's name box; ``keep_out`` what no card may cover (the key, a
    panel); ``bounds`` the box every card stays in; ``margin`` the free areas where the cards with no clean
    place near their towns stand first (:func:`to_margin`). Pure and deterministic."""
    names, name_boxes, rows = _names(tuple(labels.items()), bounds)
    grown = {n: _grow(b, DOT_CLEAR) for n, b in dots.items()}
    fixed = _Grid(bounds, list(rows))
    near_dots = _Grid(bounds)
    for b in grown.values():
        near_dots.block(_grow(b, NEAR_DOT))
    for b in (*keep_out, *grown.values()):
        fixed.block(b)

    def scene() -> _Scene:
        return _Scene(
            towns=dict(towns),
            neighbours=_neighbours(tuple(towns.items())),
            dots=grown,
            dot_boxes=_Buckets([(n, b) for n, b in grown.items()]),
            names=names,
            name_boxes=name_boxes,
            walls=list(keep_out),
            bounds=bounds,
            grid=fixed.copy(),
            near_dots=near_dots,
            anchors={towns[c.town] for c in cards},
        )

    order = sorted(cards, key=lambda c: (-(c.docked[0][0] * c.docked[0][1]), c.town))
    out, bad = _place_all(order, scene(), dots, labels)
    # a card that found no clean place first, before the cards round it: it takes the place nearest its town,
    # and they may find others; kept when fewer cards are left unclean
    tried: set[str] = set()
    while bad and len(tried) < REPAIRS:
        town = min(bad - tried, default=None)
        if town is None:
            break
        tried.add(town)
        first = [c for c in order if c.town == town]
        if _place_all(first, scene(), dots, labels, town)[1]:
            continue  # not clean even alone
        again, still = _place_all(first + [c for c in order if c.town != town], scene(), dots, labels, town)
        if len(still) < len(bad):
            out, bad = again, still
    placed = {c.town: out[c.town] for c in cards}
    anchors = {
        c.town: (towns[c.town][0], towns[c.town][1], towns[c.town][0], towns[c.town][1]) for c in cards
    }
    # a tag touches its town's dot (drawn over the tag's edge), however big the battle mark round it
    return to_margin(placed, anchors, labels, dots, keep_out, bounds, TOUCH - 1, margin)


def _place_all(
    order: Sequence[Card], scene: _Scene, dots: Mapping[str, Box], labels: Mapping[str, Box], first: str = ""
) -> tuple[dict[str, Placed], set[str]]:
    """The cards placed in ``order`` (``first`` wholly before the others: docked, over its name or displaced)
    and the towns whose cards found no clean place (:func:`_displaced`)."""
    out: dict[str, Placed] = {}
    bad: set[str] = set()
    later = []
    for c in order:
        p = _docked(c, scene, _radius(dots[c.town]))
        if p is None and c.town == first:
            p = _docked(c, scene, _radius(dots[c.town]), labels.get(c.town))
            if p is None:
                p, clean = _displaced(c, scene, _radius(dots[c.town]))
                if not clean:
                    bad.add(c.town)
        if p is None:
            later.append(c)
        else:
            out[c.town] = scene.add(p)
    still = []
    for c in later:  # docked over its own name, which its header then says
        p = _docked(c, scene, _radius(dots[c.town]), labels.get(c.town))
        if p is None:
            still.append(c)
        else:
            out[c.town] = scene.add(p)
    for c in still:
        p, clean = _displaced(c, scene, _radius(dots[c.town]))
        if not clean:
            bad.add(c.town)
        out[c.town] = scene.add(p)
    return out, bad


def _radius(dot: Box) -> float:
    return (dot[2] - dot[0]) / 2


@lru_cache(maxsize=8)
def _names(
    labels: tuple[tuple[str, Box], ...], bounds: Box
) -> tuple[tuple[Box, ...], _Buckets, tuple[int, ...]]:
    """The towns' name boxes (grown a pixel), filed by place, and the grid's rows with them taken: the
    same for every picture of a scenario, so made once."""
    names = tuple(_grow(b, 1) for _, b in labels)
    grid = _Grid(bounds)
    for b in names:
        grid.block(b)
    return names, _Buckets([("", b) for b in names]), tuple(grid.rows)


@lru_cache(maxsize=8)
def _neighbours(towns: tuple[tuple[str, Point], ...]) -> dict[str, tuple[tuple[float, Point], ...]]:
    """For each town, the others by distance (made once per scenario): a card's centre at d from its town
    that is nearer another town has that town within 2d."""
    return {
        n: tuple(sorted((math.hypot(q[0] - p[0], q[1] - p[1]), q) for m, q in towns if m != n))
        for n, p in towns
    }


class _Buckets:
    """Small boxes found by place: each filed under the square of ``SIZE`` px its top left corner is in."""

    SIZE = 128

    def __init__(self, boxes: list[tuple[str, Box]]) -> None:
        self.cells: dict[tuple[int, int], list[tuple[str, Box]]] = {}
        self.w = max((b[2] - b[0] for _, b in boxes), default=0)
        self.h = max((b[3] - b[1] for _, b in boxes), default=0)
        for n, b in boxes:
            self.cells.setdefault((int(b[0] // self.SIZE), int(b[1] // self.SIZE)), []).append((n, b))

    def within(self, reach: Box, but: str | None = None) -> list[Box]:
        """The boxes within ``reach`` (but not the one filed under the name ``but``)."""
        s, out = self.SIZE, []
        x0, y0, x1, y1 = reach
        for i in range(int((x0 - self.w) // s), int(x1 // s) + 1):
            for j in range(int((y0 - self.h) // s), int(y1 // s) + 1):
                for n, b in self.cells.get((i, j), ()):
                    if b[0] < x1 and x0 < b[2] and b[1] < y1 and y0 < b[3] and n != but:
                        out.append(b)
        return out


class _Grid:
    """Which cells of the picture are taken: a row of bits per ``CELL`` px of height, bit ``c`` for the
    ``c``-th ``CELL`` px of width. A box takes every cell it touches, so a card on free cells is free."""

    def __init__(self, bounds: Box, rows: list[int] | None = None) -> None:
        self.x0, self.y0 = bounds[0], bounds[1]
        self.bounds = bounds
        self.cols = int((bounds[2] - bounds[0]) // CELL)
        self.rows = rows if rows is not None else [0] * int((bounds[3] - bounds[1]) // CELL)

    def copy(self) -> _Grid:
        return _Grid(self.bounds, list(self.rows))

    def block(self, b: Box) -> None:
        c0 = max(0, math.floor((b[0] - self.x0) / CELL))
        c1 = min(self.cols, math.ceil((b[2] - self.x0) / CELL))
        r0 = max(0, math.floor((b[1] - self.y0) / CELL))
        r1 = min(len(self.rows), math.ceil((b[3] - self.y0) / CELL))
        if c0 >= c1 or r0 >= r1:
            return
        m = ((1 << (c1 - c0)) - 1) << c0
        rows = self.rows
        for r in range(r0, r1):
            rows[r] |= m

    def taken(self, b: Box) -> bool:
        """Whether any cell the box touches is taken."""
        c0 = max(0, math.floor((b[0] - self.x0) / CELL))
        c1 = min(self.cols, math.ceil((b[2] - self.x0) / CELL))
        r0 = max(0, math.floor((b[1] - self.y0) / CELL))
        r1 = min(len(self.rows), math.ceil((b[3] - self.y0) / CELL))
        m = ((1 << max(0, c1 - c0)) - 1) << c0
        rows = self.rows
        return any(rows[r] & m for r in range(r0, r1))

    def fits(self, size: Size, window: Box) -> dict[int, int]:
        """Where a card of ``size`` fits with its top left cell in ``window``: row -> bits of the columns."""
        w, h = math.ceil(size[0] / CELL), math.ceil(size[1] / CELL)
        full = (1 << self.cols) - 1
        c0 = max(0, math.floor((window[0] - self.x0) / CELL))
        c1 = min(self.cols, math.ceil((window[2] - self.x0) / CELL))
        r0 = max(0, math.floor((window[1] - self.y0) / CELL))
        r1 = min(len(self.rows) - h + 1, math.ceil((window[3] - self.y0) / CELL))
        if c0 >= c1 or r0 >= r1:
            return {}
        # a row's bit c: cells c .. c+w-1 of the row are free (and inside the picture)
        free = [_run(~row & full, w) for row in self.rows[r0 : r1 + h - 1]]
        across = _runs_down(free, h)  # ... and so in the h rows from this one down
        mask = ((1 << (c1 - c0)) - 1) << c0
        return {r0 + i: m & mask for i, m in enumerate(across[: r1 - r0]) if m & mask}


def _run(bits: int, n: int) -> int:
    """Bit c set where bits c .. c+n-1 are all set."""
    span = 1
    while span * 2 <= n:
        bits &= bits >> span
        span *= 2
    return bits & (bits >> (n - span)) if span < n else bits


def _runs_down(rows: list[int], n: int) -> list[int]:
    """Row i's bit set where it is set in rows i .. i+n-1."""
    span = 1
    while span * 2 <= n:
        rows = [a & b for a, b in zip(rows, rows[span:], strict=False)]
        span *= 2
    if span < n:
        rows = [a & b for a, b in zip(rows, rows[n - span :], strict=False)]
    return rows


@dataclass
class _Scene:
    """What the cards must keep clear of, and the cards and lines placed so far."""

    towns: dict[str, Point]
    neighbours: dict[str, tuple[tuple[float, Point], ...]]
    dots: dict[str, Box]  # grown by DOT_CLEAR
    dot_boxes: _Buckets
    names: tuple[Box, ...]
    name_boxes: _Buckets
    walls: list[Box]
    bounds: Box
    grid: _Grid  # names, walls, dots and the cards placed so far
    near_dots: _Grid  # within NEAR_DOT of a town's dot
    anchors: set[Point] = field(default_factory=set)  # the dots of the towns with cards
    cards: list[Box] = field(default_factory=list)  # grown by CARD_GAP
    lines: list[Segment] = field(default_factory=list)

    def add(self, p: Placed) -> Placed:
        self.cards.append(_grow(p.box, CARD_GAP))
        self.grid.block(self.cards[-1])
        self.lines += p.path
        return p

    def foreign(self, town: str, reach: Box) -> list[Box]:
        """Other towns' dots within ``reach``."""
        return self.dot_boxes.within(reach, but=town)

    def names_within(self, reach: Box) -> list[Box]:
        return self.name_boxes.within(reach)


def _grow(b: Box, m: float) -> Box:
    return (b[0] - m, b[1] - m, b[2] + m, b[3] + m)


def _area(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _box_gap(b: Box, o: Box) -> float:
    """Distance between two boxes (0 when they touch or overlap)."""
    dx = max(o[0] - b[2], b[0] - o[2], 0.0)
    dy = max(o[1] - b[3], b[1] - o[3], 0.0)
    return math.hypot(dx, dy)


def _within(boxes: Sequence[Box], reach: Box) -> list[Box]:
    return [b for b in boxes if b[0] < reach[2] and reach[0] < b[2] and b[1] < reach[3] and reach[1] < b[3]]


def _around(at: Point, reach: float) -> Box:
    return (at[0] - reach, at[1] - reach, at[0] + reach, at[1] + reach)


def _box(x0: float, y0: float, w: int, h: int) -> Box:
    """A card's box on whole pixels (as it is drawn)."""
    x0, y0 = round(x0), round(y0)
    return (x0, y0, x0 + w, y0 + h)


def _docked_places(c: Card, at: Point, r: float) -> Iterator[tuple[float, int, Box]]:
    """(preference, shape, box) of the card docked to its town, best first: the dot on the middle of the
    card's east, west, south or north edge, then further along each edge, in each of the card's sizes."""
    x, y = at
    g = r * 0.3  # the card's edge runs just under the dot (drawn on top)
    for k, (w, h) in enumerate(c.docked):
        i = 0
        for f in DOCK_ALONG:
            for sx, sy in DOCK_SIDES:
                if sx:  # the dot on the card's left or right edge, ``f`` of the way down
                    x0 = x + g if sx > 0 else x - g - w
                    y0 = y - g - f * (h - 2 * g)
                else:  # on its top or bottom edge, ``f`` of the way across
                    x0 = x - g - f * (w - 2 * g)
                    y0 = y + g if sy > 0 else y - g - h
                yield (k * SHAPE_COST + i * 2.0, k, _box(x0, y0, w, h))
                i += 1


def _ring_places(c: Card, at: Point, r: float) -> Iterator[tuple[float, int, Box]]:
    """(preference, shape, box) of the card displaced on rings round its town, nearest first."""
    x, y = at
    found = []
    for ring in RINGS:
        for k, (w, h) in enumerate(c.displaced):
            for i, (ux, uy) in enumerate(_DIRS):
                reach = r + ring + (w / 2) * abs(ux) + (h / 2) * abs(uy)
                cx, cy = x + ux * reach, y + uy * reach
                found.append(
                    (
                        DISPLACED_COST + ring * PER_PX + i + k * SHAPE_COST,
                        k,
                        _box(cx - w / 2, cy - h / 2, w, h),
                    )
                )
    yield from sorted(found)


def _foreign_centre(box: Box, at: Point, others: Sequence[tuple[float, Point]]) -> bool:
    """Whether the box's centre is as near another town as its own."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    d_own = math.hypot(cx - at[0], cy - at[1])
    for d, p in others:
        if d > 2 * d_own:
            return False
        if math.hypot(cx - p[0], cy - p[1]) <= d_own:
            return True
    return False


def _docked(c: Card, scene: _Scene, r: float, own_name: Box | None = None) -> Placed | None:
    """The card's best docked place that breaks no rule, or None; with ``own_name`` (its town's name box),
    in its displaced sizes (with a header) and free to cover that name."""
    at = scene.towns[c.town]
    if own_name is not None:
        c = Card(c.town, c.displaced, c.displaced)
    reach = _around(at, max(max(s) for s in c.docked) + r + NEAR_DOT)
    foreign = scene.foreign(c.town, reach)
    names = scene.names_within(reach)
    if own_name is not None:
        names = [n for n in names if n != _grow(own_name, 1)]
    blockers = [*foreign, *names, *_within([*scene.cards, *scene.walls], reach)]
    others = scene.neighbours[c.town]
    bounds = scene.bounds
    best: tuple[float, Placed] | None = None
    for pref, k, box in _docked_places(c, at, r):
        if best is not None and pref >= best[0]:
            break
        bx0, by0, bx1, by1 = box
        if not (bounds[0] <= bx0 and bounds[1] <= by0 and bx1 <= bounds[2] and by1 <= bounds[3]):
            continue
        if _foreign_centre(box, at, others):
            continue
        if any(o[0] < bx1 and bx0 < o[2] and o[1] < by1 and by0 < o[3] for o in blockers):
            continue
        if own_name is not None and not _covers(box, own_name):  # no piece of its name peeping out
            continue
        if any(_crosses(s, box) for s in scene.lines):  # the leader line of a card placed first
            continue
        cost = pref + _near_dots(box, foreign)
        if best is None or cost < best[0]:
            best = (cost, Placed(c.town, box, k, over_name=own_name is not None))
    return None if best is None else best[1]


def _covers(box: Box, name: Box) -> bool:
    """Whether the card covers the name wholly, or not at all."""
    inside = box[0] <= name[0] and box[1] <= name[1] and name[2] <= box[2] and name[3] <= box[3]
    return inside or _area(box, name) == 0


def _near_dots(box: Box, foreign: list[Box]) -> float:
    """What it costs to stand so near other towns' dots that the card seems to hang from them."""
    m = NEAR_DOT
    cost = 0.0
    for o in foreign:
        if o[0] - m < box[2] and box[0] < o[2] + m and o[1] - m < box[3] and box[1] < o[3] + m:
            cost += (m - _box_gap(box, o)) * NEAR_DOT_COST
    return cost


def _displaced(c: Card, scene: _Scene, r: float) -> tuple[Placed, bool]:
    """The card's cheapest displaced place on free cells. Places are weighed in order of their distance
    from the town (a heap): rows of cells nearest first, and in each the places nearest the town on either
    side; a size of the card is looked at only once a place in it could be the cheapest. The search stops
    when nothing not yet weighed can cost less, or after ``WEIGHED`` places. First the nearest place within
    ``FAR`` that breaks no rule: nearer its own town than any other town with a card, its leader line over no
    other town's dot, no card, name or wall, and under no leader line drawn before; else the cheapest within
    ``FAR`` (standing as near another card's town costing ``NEARER_OTHER_COST``), the rest of the picture
    only if none is free, else the least bad place (:func:`_least_bad`). Also whether the place is clean
    (the first kind)."""
    at = scene.towns[c.town]
    grid = scene.grid.copy()
    grid.block(_around(at, r + MIN_GAP))
    for strict, reach in ((2, FAR), (0, FAR), (0, math.inf)):
        p = _displaced_within(c, scene, grid, reach, strict)
        if p is not None:
            return p, strict == 2
    return _least_bad(c, scene, r), False


def _nearest_own(box: Box, at: Point, others: Sequence[tuple[float, Point]], anchors: set[Point]) -> bool:
    """Whether the box stands nearer its own town ``at`` than any other town with a card (edge to dot, the
    ``anchors``): what tells the reader whose it is, besides its leader line and its header."""
    own = _box_gap(box, (at[0], at[1], at[0], at[1]))
    reach = own + math.hypot(box[2] - box[0], box[3] - box[1]) + own
    for d, p in others:
        if d > reach:
            return True
        if p in anchors and _box_gap(box, (p[0], p[1], p[0], p[1])) <= own:
            return False
    return True


def _displaced_within(c: Card, scene: _Scene, grid: _Grid, reach: float, strict: int = 0) -> Placed | None:
    """The cheapest displaced place within ``reach``; ``strict`` 1: only a place whose leader line crosses no
    other town's dot, no card, name or wall, and that is under no other leader line; 2: that also stands
    nearer its own town than any other town with a card."""
    at = scene.towns[c.town]
    x, y = at
    others = scene.neighbours[c.town]
    hurdles = _hurdles(scene, c.town, _around(at, reach + max(max(s) for s in c.displaced)))
    looked = 0
    rows: list[tuple[float, int, int, int]] = []  # (least preference of a place in it, shape, row, bits)
    spots: list[tuple[float, int, int, int]] = []  # (preference, shape, row, column)
    shapes = iter(enumerate(c.displaced))
    next_shape = DISPLACED_COST  # no place in a size not yet looked at costs less
    best: tuple[float, Placed] | None = None
    weighed = 0
    while True:
        low = min(rows[0][0] if rows else math.inf, next_shape)  # nothing not in ``spots`` costs less
        while spots and spots[0][0] <= low:
            pref, k, row, col = heapq.heappop(spots)
            if (best is not None and pref >= best[0]) or weighed == WEIGHED or looked == STRICT_LOOKS:
                return None if best is None else best[1]
            looked += 1
            w, h = c.displaced[k]
            x0, y0 = grid.x0 + col * CELL, grid.y0 + row * CELL
            box = (x0, y0, x0 + w, y0 + h)
            end = (min(max(x, x0), x0 + w), min(max(y, y0), y0 + h))
            bend: Point | None = None
            if strict:
                if any(_crosses(s, box) for s in scene.lines) or (
                    strict == 2 and not _nearest_own(box, at, others, scene.anchors)
                ):
                    continue
                if _line_cost(hurdles, [], (at, end), 1.0) > 0:
                    clean = _bent(at, box, hurdles, scene.lines)
                    if clean is None:
                        continue
                    bend, end = clean
            weighed += 1
            bound = math.inf if best is None else best[0]
            cost = pref + (FOREIGN_COST if _foreign_centre(box, at, others) else 0.0)
            if not strict and not _nearest_own(box, at, others, scene.anchors):
                cost += NEARER_OTHER_COST
            if scene.near_dots.taken(box):
                cost += _near_dots(box, scene.foreign(c.town, _grow(box, NEAR_DOT)))
            cost += LINE_UNDER_CARD_COST * sum(1 for s in scene.lines if _crosses(s, box))
            if cost >= bound:
                continue
            straight = 0.0 if bend is not None else _line_cost(hurdles, scene.lines, (at, end), bound - cost)
            if straight > BEND_COST:
                clean = _bent(at, box, hurdles, scene.lines)
                if clean is not None:
                    (bend, end), straight = clean, 0.0
            cost += BEND_COST if bend is not None else straight
            if cost < bound:
                best = (cost, Placed(c.town, box, k, (at, end), bend=bend))
        if low == math.inf or (best is not None and low >= best[0]):
            return None if best is None else best[1]
        if low == next_shape:  # the next size's rows: where it fits
            k, (w, h) = next(shapes, (len(c.displaced), (0, 0)))
            next_shape = DISPLACED_COST + (k + 1) * SHAPE_COST if k + 1 < len(c.displaced) else math.inf
            window = (
                (x - reach - w, y - reach - h, x + reach, y + reach) if reach < math.inf else scene.bounds
            )
            fits = grid.fits((w, h), window) if w else {}
            for row, bits in fits.items():
                y0 = grid.y0 + row * CELL
                dy = max(0.0, y0 - y, y - y0 - h)
                heapq.heappush(rows, (DISPLACED_COST + dy * PER_PX + k * SHAPE_COST, k, row, bits))
            continue
        _, k, row, bits = heapq.heappop(rows)  # the nearest row: its places
        w, h = c.displaced[k]
        y0 = grid.y0 + row * CELL
        for col in _nearest_in_runs(bits, (x - grid.x0) / CELL, w / CELL, RUNS):
            x0 = grid.x0 + col * CELL
            gap = math.hypot(max(0.0, x0 - x, x - x0 - w), max(0.0, y0 - y, y - y0 - h))
            heapq.heappush(spots, (DISPLACED_COST + gap * PER_PX + k * SHAPE_COST, k, row, col))


def bend_candidates(at: Point, box: Box) -> list[tuple[Point, Point]]:
    """The right-angled leader lines from ``at`` into the card ``box`` worth trying, as (bend, end): along
    the row, then into the card from above or below; down the column, then in from its side."""
    x, y = at
    x0, y0, x1, y1 = box
    bends: list[tuple[Point, Point]] = []
    if not y0 <= y <= y1:
        ey = y0 if y < y0 else y1
        for bx in dict.fromkeys(
            (min(max(x, x0 + BEND_IN), x1 - BEND_IN), (x0 + x1) / 2, x0 + BEND_IN, x1 - BEND_IN)
        ):
            if abs(bx - x) > BEND_IN:
                bends.append(((bx, y), (bx, ey)))
    if not x0 <= x <= x1:
        ex = x0 if x < x0 else x1
        for by in dict.fromkeys(
            (min(max(y, y0 + BEND_IN), y1 - BEND_IN), (y0 + y1) / 2, y0 + BEND_IN, y1 - BEND_IN)
        ):
            if abs(by - y) > BEND_IN:
                bends.append(((x, by), (ex, by)))
    return bends


def _bent(
    at: Point, box: Box, hurdles: list[tuple[Box, float]], lines: list[Segment]
) -> tuple[Point, Point] | None:
    """A leader line from ``at`` to the card ``box`` bent once at a right angle (along a row, then down a
    column into the card, or the other way) that crosses no hurdle and no other leader line: its bend and its
    end, or None."""
    bends = bend_candidates(at, box)
    for bend, end in bends:
        if all(
            _line_cost(hurdles, lines, seg, 1.0) == 0 and not _crosses(seg, box)
            for seg in ((at, bend), (bend, end))
        ):
            return bend, end
    return None


def _nearest_in_runs(bits: int, x: float, w: float, most: int) -> list[int]:
    """In each of the ``most`` runs of set bits nearest column ``x`` on either side, the column whose card
    (``w`` columns wide) is nearest ``x``."""
    first = math.ceil(x - w)  # a card starting at a column from here to x spans x
    left: list[int] = []
    right: list[int] = []
    col = 0
    while bits:
        skip = (bits & -bits).bit_length() - 1
        bits >>= skip
        col += skip
        n = (~bits & (bits + 1)).bit_length() - 1  # the run's length
        if col + n - 1 < first:
            left.append(col + n - 1)
        else:
            right.append(max(col, first))
            if len(right) == most:
                break
        bits >>= n
        col += n
    return left[-most:] + right


def _hurdles(scene: _Scene, town: str, reach: Box) -> list[tuple[Box, float]]:
    """What a leader line from ``town`` within ``reach`` should not cross, and what crossing it costs:
    other towns' dots (and passing close by them), cards, the key and panels, names."""
    if reach[0] == -math.inf:
        reach = scene.bounds
    out = [(_grow(b, LINE_CLEAR), LINE_OVER_DOT_COST) for b in scene.foreign(town, _grow(reach, LINE_CLEAR))]
    out += [(b, LINE_UNDER_CARD_COST) for b in _within([*scene.cards, *scene.walls], reach)]
    return out + [(b, LINE_OVER_NAME_COST) for b in scene.names_within(reach)]


def _line_cost(hurdles: list[tuple[Box, float]], lines: list[Segment], line: Segment, budget: float) -> float:
    """What a leader line costs for the ``hurdles`` it crosses and the other leader ``lines`` it crosses,
    counted until it is over ``budget``."""
    (x0, y0), (x1, y1) = line
    lx0, lx1, ly0, ly1 = min(x0, x1), max(x0, x1), min(y0, y1), max(y0, y1)
    cost = 0.0
    for b, weight in hurdles:
        if b[0] < lx1 and lx0 < b[2] and b[1] < ly1 and ly0 < b[3] and _crosses(line, b):
            cost += weight
            if cost >= budget:
                return cost
    return cost + LINES_CROSS_COST * sum(1 for s in lines if _segments_cross(line, s))


def _least_bad(c: Card, scene: _Scene, r: float) -> Placed:
    """When nothing is free: the docked or displaced place that hides least (and breaks fewest rules)."""
    at = scene.towns[c.town]
    others = scene.neighbours[c.town]
    hide = [*scene.dots.values(), *scene.names, *scene.cards, *scene.walls]
    own = scene.dots[c.town]
    best: tuple[float, Placed] | None = None
    places = [(pref, k, box, False) for pref, k, box in _docked_places(c, at, r)]
    places += [(pref, k, box, True) for pref, k, box in _ring_places(c, at, r)]
    for pref, k, box, displaced in places:
        hidden = sum(_area(box, o) for o in hide if o is not own)
        outside = (box[2] - box[0]) * (box[3] - box[1]) - _area(box, scene.bounds)
        broken = hidden + outside + (0 if displaced or not _foreign_centre(box, at, others) else 1000.0)
        cost = BROKEN * broken + pref
        if best is None or cost < best[0]:
            leader = None
            if displaced:
                leader = ((at[0], at[1]), (min(max(at[0], box[0]), box[2]), min(max(at[1], box[1]), box[3])))
            best = (cost, Placed(c.town, box, k, leader))
    assert best is not None
    return best[1]


def _crosses(s: Segment, b: Box) -> bool:
    """Whether segment ``s`` passes through box ``b`` (Liang-Barsky clipping)."""
    (x0, y0), (x1, y1) = s
    if max(x0, x1) <= b[0] or min(x0, x1) >= b[2] or max(y0, y1) <= b[1] or min(y0, y1) >= b[3]:
        return False
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x0 - b[0]), (dx, b[2] - x0), (-dy, y0 - b[1]), (dy, b[3] - y0)):
        if p == 0:
            if q <= 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 >= t1:
            return False
    return True


def _segments_cross(a: Segment, b: Segment) -> bool:
    """Whether two segments cross (sharing an end does not count)."""

    def side(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    (p1, p2), (p3, p4) = a, b
    d1, d2 = side(p3, p4, p1), side(p3, p4, p2)
    d3, d4 = side(p1, p2, p3), side(p1, p2, p4)
    return d1 * d2 < 0 and d3 * d4 < 0


# ---------------------------------------------------------------------------------------------------------
# the margin: cards with no clean place near their towns


TOUCH = 6  # px: a card (or a tag) this near its town's anchor touches it
KEY_W = 16  # a key's square: in a margin card's header and beside its town (the tag)
SMALL_KEY_W = 12  # ... a tag where no bigger one fits
KEY_GAP = 2  # ... and between it and the header's name
MARGIN_GAP = 6  # between the cards in the margin
TAG_ALONG = 4  # px: a tag stands along its town's anchor at least this far
TAG_STEPS = 5  # ... at this many places along each side
KEYS = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # no I or O: they read as 1 and 0 beside a block's strength


def faults(
    placed: Mapping[str, Placed],
    anchors: Mapping[str, Box],
    names: Mapping[str, Box],
    dots: Mapping[str, Box],
) -> set[str]:
    """The towns whose cards are not placed cleanly: away from their town's anchor (more than ``TOUCH`` px)
    and as near another town's with a card, or with a leader line over another card, any name, another
    town's dot or anchor. ``anchors``: what each card's town is (by town); ``names`` and ``dots``: every
    name and every dot or marker (a town's own dot by its own key)."""
    out = set()
    cards = {t: p.box for t, p in placed.items()}
    for town, p in placed.items():
        if p.key:
            continue
        own = _box_gap(p.box, anchors[town])
        if own > TOUCH and any(t != town and _box_gap(p.box, a) <= own for t, a in anchors.items()):
            out.add(town)
            continue
        for line in p.path:
            if (
                any(t != town and _crosses(line, b) for t, b in cards.items())
                or any(_crosses(line, n) for n in names.values())
                or any(t != town and _crosses(line, d) for t, d in dots.items())
                or any(t != town and _crosses(line, a) for t, a in anchors.items())
            ):
                out.add(town)
                break
    return out


def to_margin(
    placed: Mapping[str, Placed],
    anchors: Mapping[str, Box],
    names: Mapping[str, Box],
    dots: Mapping[str, Box],
    walls: Sequence[Box],
    bounds: Box,
    reach: float = 1.0,
    areas: Sequence[Box] = (),
) -> dict[str, Placed]:
    """``placed`` with each card that is not placed cleanly (:func:`faults`) moved to the margin: the cards
    stand side by side (or one above another) at the edge of ``bounds`` nearest their towns, on no name, dot,
    anchor, card, leader line or wall, each with a letter in its header, and the same letter stands in a tag
    beside its town (touching its anchor grown by ``reach``), instead of a leader line. The margin is in the
    first of the free ``areas`` (a map's open sea) where it fits, against its east side, else along the edge
    of ``bounds``. A card whose town has no room for a tag stays where it was; so do all of them when the
    margin has no room."""
    bad = faults(placed, anchors, names, dots)
    if not bad:
        return dict(placed)
    if len(bad) > len(KEYS):
        bad = set(sorted(bad)[: len(KEYS)])
    # what no tag or card in the margin may cover: the dots and anchors of the towns whose cards move are
    # checked one by one (``near``), as a tag may touch its own
    boxes = [_grow(b, 1) for b in names.values()] + list(walls)
    boxes += [_grow(p.box, CARD_GAP) for t, p in placed.items() if t not in bad]
    boxes += [_grow(b, DOT_CLEAR) for t, b in (*dots.items(), *anchors.items()) if t not in bad]
    lines = [seg for t, p in placed.items() if t not in bad for seg in p.path]
    grid = _Grid(bounds)
    for b in boxes:
        grid.block(b)
    for seg in lines:
        _block_line(grid, seg)
    near = [(t, _grow(b, DOT_CLEAR)) for t, b in (*dots.items(), *anchors.items()) if t in bad]
    order = sorted(bad, key=lambda t: (anchors[t][1], anchors[t][0], t))
    tags = _tags(order, anchors, near, grid, bounds, reach, (boxes, lines))
    if len(tags) < len(order):  # the towns left without a tag first: those round them may find others
        first = [t for t in order if t not in tags] + [t for t in order if t in tags]
        again = _tags(first, anchors, near, grid, bounds, reach, (boxes, lines))
        if len(again) > len(tags):
            tags = again
    for box in tags.values():
        grid.block(_grow(box, CARD_GAP))
    moving = [t for t in bad if t in tags]
    for t in bad - set(moving):
        p = placed[t]
        grid.block(_grow(p.box, CARD_GAP))
        for seg in p.path:
            _block_line(grid, seg)
    for _, b in near:
        grid.block(b)
    strip = None
    for area in (*areas, bounds):
        strip = _strip(moving, placed, anchors, grid, area, "e" if area is not bounds else "nsew")
        if strip is not None:
            break
    if strip is None:
        return dict(placed)
    out = dict(placed)
    for i, (town, box) in enumerate(strip):
        p = placed[town]
        out[town] = Placed(town, box, p.shape, key=KEYS[i], tag=tags[town])
    return out


def _tags(
    order: Sequence[str],
    anchors: Mapping[str, Box],
    near: Sequence[tuple[str, Box]],
    grid: _Grid,
    bounds: Box,
    reach: float,
    exact: tuple[list[Box], list[Segment]],
) -> dict[str, Box]:
    """Each town's tag (in ``order``, each on the first free place touching its anchor grown by ``reach``),
    by town; a town with no free place has none. A place is free on the ``grid``'s cells, else (the cells
    are coarse) by the ``exact`` boxes and leader lines themselves."""
    grid = grid.copy()
    boxes, lines = list(exact[0]), exact[1]
    tags: dict[str, Box] = {}
    for town in order:
        places = [
            (box, dock)
            for k, r in dict.fromkeys(((KEY_W, reach), (KEY_W, TOUCH), (SMALL_KEY_W, reach)))
            for dock in (_grow(anchors[town], r),)  # right by it, else as far as still touches, else smaller
            for box in _tag_places(dock, k)
            if bounds[0] <= box[0]
            and bounds[1] <= box[1]
            and box[2] <= bounds[2]
            and box[3] <= bounds[3]
            and _box_gap(box, anchors[town]) <= TOUCH  # (its corner rounded to whole pixels)
            # its own dot or anchor only where it touches the dock (a tag on its dot's rim), not its own
            # marker standing apart (a town marker above its blocks)
            and not any(_area(box, b) > 0 and (t != town or not _area(b, dock)) for t, b in near)
        ]
        found = next((box for box, _ in places if not grid.taken(box)), None)
        if found is None:
            found = next(
                (
                    box
                    for box, _ in places
                    if not any(_area(box, b) > 0 for b in boxes) and not any(_crosses(s, box) for s in lines)
                ),
                None,
            )
        if found is not None:
            tags[town] = found
            grid.block(_grow(found, CARD_GAP))
            boxes.append(_grow(found, CARD_GAP))
    return tags


def _block_line(grid: _Grid, line: Segment) -> None:
    """The cells a leader line passes over taken."""
    a, e = line
    n = max(1, math.ceil(math.hypot(e[0] - a[0], e[1] - a[1]) / (CELL / 2)))
    for i in range(n + 1):
        x, y = a[0] + (e[0] - a[0]) * i / n, a[1] + (e[1] - a[1]) * i / n
        grid.block((x - 1, y - 1, x + 1, y + 1))


def _tag_places(dock: Box, k: int = KEY_W) -> Iterator[Box]:
    """A tag's places touching ``dock`` from outside, each side along at least ``TAG_ALONG`` px of it: the
    middles of its right, left, bottom and top sides first, then further along each, nearest first."""
    x0, y0, x1, y1 = dock
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    places = []
    for i in range(TAG_STEPS):
        for t in ((i / (TAG_STEPS - 1)), 1 - i / (TAG_STEPS - 1)) if i else (0.5,):
            ty = y0 - k + TAG_ALONG + t * (y1 - y0 + k - 2 * TAG_ALONG)
            tx = x0 - k + TAG_ALONG + t * (x1 - x0 + k - 2 * TAG_ALONG)
            far = abs(ty + k / 2 - cy), abs(tx + k / 2 - cx)
            places += [(far[0], 0, _box(x1, ty, k, k)), (far[0], 1, _box(x0 - k, ty, k, k))]
            places += [(far[1], 2, _box(tx, y1, k, k)), (far[1], 3, _box(tx, y0 - k, k, k))]
    seen = set()
    for _, _, box in sorted(places):
        if box not in seen:
            seen.add(box)
            yield box


def margin_size(p: Placed) -> Size:
    """A card's size in the margin: its displaced size, and room for its key in its header."""
    return (round(p.box[2] - p.box[0]) + KEY_W + KEY_GAP, round(p.box[3] - p.box[1]))


def _strip(
    towns: Sequence[str],
    placed: Mapping[str, Placed],
    anchors: Mapping[str, Box],
    grid: _Grid,
    bounds: Box,
    edges: str,
) -> list[tuple[str, Box]] | None:
    """The margin's cards in order (west to east along a row, north to south down a column) and their boxes:
    the arrangement (one row, one column, two of either) and place touching the edge of ``bounds`` nearest
    their towns, on free cells; None when none is free."""
    if not towns:
        return []

    def centre(t: str) -> Point:
        a = anchors[t]
        return ((a[0] + a[2]) / 2, (a[1] + a[3]) / 2)

    tx = sum(centre(t)[0] for t in towns) / len(towns)
    ty = sum(centre(t)[1] for t in towns) / len(towns)
    best: tuple[float, list[tuple[str, Box]]] | None = None
    for across, lines in ((True, 1), (False, 1), (True, 2), (False, 2)):
        if lines > len(towns) - 1 and lines > 1:
            continue
        order = sorted(towns, key=lambda t: (centre(t)[0 if across else 1], t))
        per = math.ceil(len(order) / lines)
        offsets: list[tuple[str, float, float, Size]] = []
        along = 0.0
        for i, town in enumerate(order):
            w, h = margin_size(placed[town])
            line = i // per
            if i % per == 0:
                along = 0.0
            if across:
                offsets.append((town, along, line, (w, h)))
                along += w + MARGIN_GAP
            else:
                offsets.append((town, line, along, (w, h)))
                along += h + MARGIN_GAP
        # each line as thick as its thickest card
        thick = [0.0] * lines
        for _, a, b, (w, h) in offsets:
            ln = int(b if across else a)
            thick[ln] = max(thick[ln], h if across else w)
        start = [sum(thick[:i]) + i * MARGIN_GAP for i in range(lines)]
        boxes: list[tuple[str, Box]] = []
        for town, a, b, (w, h) in offsets:
            x, y = (a, start[int(b)]) if across else (start[int(a)], b)
            boxes.append((town, (x, y, x + w, y + h)))
        width = max(b[2] for _, b in boxes)
        height = max(b[3] for _, b in boxes)
        at = _edge_place(grid, (math.ceil(width), math.ceil(height)), bounds, (tx, ty), edges)
        if at is None:
            continue
        d, x0, y0 = at
        if best is None or d < best[0]:
            best = (
                d,
                [(t, _box(x0 + b[0], y0 + b[1], round(b[2] - b[0]), round(b[3] - b[1]))) for t, b in boxes],
            )
    return None if best is None else best[1]


def _edge_place(
    grid: _Grid, size: Size, bounds: Box, target: Point, edges: str
) -> tuple[float, float, float] | None:
    """The free place for a box of ``size`` touching one of the ``edges`` of ``bounds`` whose centre is
    nearest ``target``: (distance, x0, y0), or None."""
    w, h = size
    cw = math.ceil(w / CELL)
    first_col = max(0, math.ceil((bounds[0] - grid.x0) / CELL))
    first_row = max(0, math.ceil((bounds[1] - grid.y0) / CELL))
    last_col = min(grid.cols - cw, math.floor((bounds[2] - w - grid.x0) / CELL))
    last_row = min(len(grid.rows) - math.ceil(h / CELL), math.floor((bounds[3] - h - grid.y0) / CELL))
    if last_col < first_col or last_row < first_row:
        return None
    best: tuple[float, float, float] | None = None
    for row, bits in grid.fits(size, bounds).items():
        if row > last_row or row < first_row:
            continue
        bits &= ((1 << (last_col + 1)) - 1) & ~((1 << first_col) - 1)
        y0 = grid.y0 + row * CELL
        cols = []
        if (row == first_row and "n" in edges) or (row == last_row and "s" in edges):
            cols = _nearest_in_runs(bits, (target[0] - grid.x0) / CELL, cw, 1)
        for c, edge in ((first_col, "w"), (last_col, "e")):
            if edge in edges and bits >> c & 1:
                cols.append(c)
        for c in cols:
            x0 = grid.x0 + c * CELL
            d = math.hypot(x0 + w / 2 - target[0], y0 + h / 2 - target[1])
            if best is None or d < best[0]:
                best = (d, x0, y0)
    return best


def draw_key(draw: ImageDraw.ImageDraw, box: Box, key: str, ink: RGB, paper: RGB) -> None:
    """A key's square (a margin card's letter, in its header and beside its town): the letter in ``ink`` on
    ``paper``, framed in ``ink``; ``draw`` a Pillow ``ImageDraw``."""
    from .fonts import font

    d = draw
    x0, y0, x1, y1 = (round(v) for v in box)
    size = 12 if y1 - y0 >= KEY_W else 9
    d.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), radius=3, fill=paper, outline=ink, width=2)
    d.text(((x0 + x1) / 2, (y0 + y1) / 2), key, font=font(size, "bold"), fill=ink, anchor="mm")
