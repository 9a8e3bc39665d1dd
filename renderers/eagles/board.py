"""The Quatre Bras map as the pictures need it, read once from the game's data (``data.eagles``): each area's
name, terrain, elevation and centre (its LOS point, G25), each pair of neighbours with what their border
carries (chaussée, trail, the Gemioncourt stream, a diagonal contact), the victory areas and their VP, the
units' and leaders' fixed ratings; then the geometry in picture pixels: each area is the region of points
nearer its centre than any other centre, clipped to the map's rectangle (the data's own rule for its
polygons), each edge labelled with the neighbour across it, so that a border can be drawn by itself.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from data.eagles import Eagles, load_eagles

Point = tuple[float, float]

SCENARIO = "quatre-bras"
SCALE = 0.2  # px a metre
TITLE_H = 64
MAP_X, MAP_Y = 12, TITLE_H + 8
PANEL_W = 318


@dataclass(frozen=True)
class Area:
    id: str
    name: str
    terrain: str  # clear, farm, hamlet, village, woods, marsh
    elevation: int
    x: float  # metres
    y: float
    allround: bool = False
    vp: int = 0


@dataclass(frozen=True)
class Link:
    """What the border of two neighbours carries."""

    a: str
    b: str
    road: bool = False
    trail: bool = False
    stream: bool = False
    diagonal: bool = False


@dataclass(frozen=True)
class UnitInfo:
    id: str
    side: str
    name: str
    kind: str  # infantry, cavalry, artillery, horse (horse artillery), hq
    long: bool
    sp: int
    steps: int


@dataclass(frozen=True)
class LeaderInfo:
    id: str
    side: str
    name: str
    range: int
    tactical: int
    initiative: int


@dataclass(frozen=True)
class Board:
    areas: dict[str, Area]
    links: dict[tuple[str, str], Link]
    units: dict[str, UnitInfo]
    leaders: dict[str, LeaderInfo]
    turns: tuple[str, ...]  # the turns' times, 14:00 .. 21:00

    def link(self, a: str, b: str) -> Link | None:
        return self.links.get((a, b) if a < b else (b, a))

    def neighbours(self, a: str) -> list[str]:
        return sorted(b if x == a else x for (x, b) in self.links if a in (x, b))


@lru_cache(maxsize=1)
def data() -> Eagles:
    return load_eagles()


def _kind(arm: str, kind: str) -> str:
    """The counter's symbol: infantry, cavalry, artillery, or horse artillery (2.22)."""
    return "horse" if arm == "artillery" and kind == "horse" else arm


@lru_cache(maxsize=1)
def board() -> Board:
    """The board from ``data.eagles`` (read once)."""
    d = data()
    sc = d.scenario(SCENARIO)
    vps = {o.area: o.vp for o in sc.victory.objectives}
    areas = {
        a.id: Area(a.id, a.name, a.terrain, a.elevation, a.x, a.y, a.all_round, vps.get(a.id, 0))
        for a in d.areas
    }
    links: dict[tuple[str, str], Link] = {}
    for a in d.areas:
        for n in a.neighbours:
            key = (a.id, n.to) if a.id < n.to else (n.to, a.id)
            links.setdefault(key, Link(key[0], key[1], n.road, n.trail, n.stream, n.diagonal))
    units = {
        u.id: UnitInfo(u.id, u.side, u.name, _kind(u.arm, u.kind), u.long, u.sp, u.steps) for u in d.units
    }
    units |= {h.id: UnitInfo(h.id, h.side, h.name, "hq", False, 0, h.steps) for h in d.hqs}
    leaders = {
        ld.id: LeaderInfo(ld.id, ld.side, ld.name, ld.range, ld.tactical, ld.initiative) for ld in d.leaders
    }
    return Board(areas, links, units, leaders, tuple(t.hour for t in sc.turns))


# ---------------------------------------------------------------------------------------------------------
# geometry in picture pixels


@lru_cache(maxsize=1)
def frame() -> tuple[float, float, float, float]:
    """The map's rectangle in metres (x min, x max, y min, y max): x east, y north, crossroads at 0, 0."""
    return data().map.frame


def map_size() -> tuple[int, int]:
    x0, x1, y0, y1 = frame()
    return round((x1 - x0) * SCALE), round((y1 - y0) * SCALE)


def size() -> tuple[int, int]:
    w, h = map_size()
    return MAP_X + w + 12 + PANEL_W + 12, MAP_Y + h + 12


def map_box() -> tuple[float, float, float, float]:
    w, h = map_size()
    return (MAP_X, MAP_Y, MAP_X + w, MAP_Y + h)


def panel_box() -> tuple[float, float, float, float]:
    w, h = map_size()
    x0 = MAP_X + w + 12
    return (x0, MAP_Y, x0 + PANEL_W, MAP_Y + h)


def px(x: float, y: float) -> Point:
    """A point in metres (north up) on the picture."""
    x0, _, _, y1 = frame()
    return (MAP_X + (x - x0) * SCALE, MAP_Y + (y1 - y) * SCALE)


def centre(area: str) -> Point:
    """The area's LOS point (its centre, G25) on the picture."""
    a = board().areas[area]
    return px(a.x, a.y)


Edge = tuple[Point, str]  # a corner and the neighbour across the edge from it ("" for the map's side)


@lru_cache(maxsize=1)
def cells() -> dict[str, list[Edge]]:
    """Each area's region in metres (the data's polygons: the Voronoi cells of the centres clipped to the
    map), each edge labelled with the neighbour across it."""
    areas = board().areas
    return {
        aid: [(p, tag if tag in areas else "") for p, tag in cell]
        for aid, cell in data().geometry.cells.items()
    }


@lru_cache(maxsize=64)
def polygon(area: str) -> tuple[Point, ...]:
    """The area's outline in picture px."""
    return tuple(px(*p) for p, _ in cells()[area])


@lru_cache(maxsize=1)
def borders() -> dict[tuple[str, str], tuple[Point, Point]]:
    """The shared border of two areas (ids in order), in picture px."""
    out: dict[tuple[str, str], tuple[Point, Point]] = {}
    for aid, poly in cells().items():
        for i, (p, lab) in enumerate(poly):
            if lab and aid < lab:
                q = poly[(i + 1) % len(poly)][0]
                out[(aid, lab)] = (px(*p), px(*q))
    return out


def border(a: str, b: str) -> tuple[Point, Point]:
    """The border of ``a`` and ``b`` in px; where their regions only touch at a corner (a diagonal contact),
    a short stretch across the line between their centres, half-way."""
    hit = borders().get((a, b) if a < b else (b, a))
    if hit is not None and math.dist(*hit) > 6:
        return hit
    (ax, ay), (bx, by) = centre(a), centre(b)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    d = math.dist((ax, ay), (bx, by)) or 1
    nx, ny = -(by - ay) / d, (bx - ax) / d
    return ((mx - 6 * nx, my - 6 * ny), (mx + 6 * nx, my + 6 * ny))


def area_box(area: str) -> tuple[float, float, float, float]:
    pts = polygon(area)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))


def inside(area: str, p: Point) -> bool:
    """Whether ``p`` (px) is in ``area``: nearer its centre than any other's (the cells' own rule)."""
    own = math.dist(p, centre(area))
    return all(math.dist(p, centre(o)) >= own - 1e-6 for o in board().areas)


def distances(start: str, most: int) -> dict[str, int]:
    """The areas within ``most`` areas of ``start`` over neighbours (diagonal contacts included), by
    distance."""
    b = board()
    out = {start: 0}
    edge = [start]
    for d in range(1, most + 1):
        nxt = []
        for a in edge:
            for n in b.neighbours(a):
                if n not in out:
                    out[n] = d
                    nxt.append(n)
        edge = nxt
    return out
