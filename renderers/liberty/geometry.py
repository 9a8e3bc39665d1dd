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

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

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
_TOPS = tuple((dx, top) for top in (-12, -6, -18, 0, -24, 5) for dx in (0, -8, 8, -16, 16))
_TOWN_TOPS = tuple((dx, top) for top in (9, 7, 5) for dx in (0, -8, 8, -16, 16, -24, 24))


def stack_width(sides: int) -> float:
    """The width of a hex's row of block backs, one a side, each with its shadow."""
    return sides * (STACK + STACK_STEP) + (sides - 1) * STACK_GAP


def _stack_place(hex_: str, town: bool, sides: int, taken: list[Box]) -> Point:
    x, y = centre(hex_)
    half = stack_width(sides) / 2
    tops = _TOWN_TOPS if town else _TOPS
    for dx, top in tops:
        z = (x + dx - half, y + top, x + dx + half, y + top + STACK + STACK_STEP)
        if not any(overlap(z, o) > 0 for o in taken):
            return (x + dx, y + top)
    return (x + tops[0][0], y + tops[0][1])


@dataclass(frozen=True)
class MapLayout:
    """Boxes of the static map, by town name (``towns``: the names; ``markers``: the markers with their port
    and fort signs) and by hex id (``hex_ids``: the hex ids drawn, ``stacks``: where each land hex's blocks
    go)."""

    towns: dict[str, Box]
    markers: dict[str, Box]
    hex_ids: dict[str, Box]
    stacks: dict[tuple[str, int], Point]  # (hex, sides) -> the middle of the top of its row of block backs


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
    taken = [*placed.values(), *markers.values()]
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
        if _inside(box, FRAME) and not any(overlap(box, o) > 0 for o in taken):
            ids[hid] = box
    return MapLayout(placed, markers, ids, stacks)


def layout(lib: Liberty) -> MapLayout:
    """The static map's layout (computed once per scenario): every town's name box, none over another name
    or another town's marker; each land hex's hex id box (when it is free) and the point its blocks centre
    on (``stacks``, by hex and the number of sides there: the middle of the top edge of the row of backs)."""
    return _layout_of(lib)
