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
from typing import Any

Point = tuple[float, float]

# the map's rectangle in metres (x east, y north, the crossroads at 0, 0)
X0, X1, Y0, Y1 = -2500.0, 2500.0, -4200.0, 1200.0
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


def _get(obj: Any, *names: str, default: Any = None) -> Any:
    for n in names:
        v = obj.get(n) if isinstance(obj, dict) else getattr(obj, n, None)
        if v is not None:
            return v
    return default


def _side(uid: str) -> str:
    return "french" if uid.startswith("F") else "allies"


def _kind(u: Any) -> str:
    t = str(_get(u, "kind", "type", "arm", default="infantry")).lower()
    if ("horse" in t and "art" in t) or t in ("horse", "horse_artillery", "horse-artillery"):
        return "horse"
    for k in ("hq", "artillery", "cavalry", "infantry"):
        if k in t:
            return k
    return "infantry"


@lru_cache(maxsize=1)
def board() -> Board:
    """The board from ``data.eagles`` (read once)."""
    from data.eagles import load_eagles

    data = load_eagles()
    areas: dict[str, Area] = {}
    links: dict[tuple[str, str], Link] = {}
    vps = {str(_get(v, "area", "id")): int(_get(v, "vp", "points", default=0)) for v in _victory(data)}
    for a in _get(data, "areas", default=[]):
        aid = str(_get(a, "id"))
        x, y = _xy(a)
        areas[aid] = Area(
            aid,
            str(_get(a, "name", default=aid)),
            str(_get(a, "terrain", default="clear")),
            int(_get(a, "elevation", "elev", default=0)),
            x,
            y,
            bool(_get(a, "allround", "all_round", default=False)),
            vps.get(aid, 0),
        )
    for aid in areas:
        for b in data.neighbours(aid):
            bid = str(_get(b, "id", default=b)) if not isinstance(b, str) else b
            key = (aid, bid) if aid < bid else (bid, aid)
            if key in links:
                continue
            bd = data.border(aid, bid)
            links[key] = Link(
                key[0],
                key[1],
                road=bool(_get(bd, "road", default=False)),
                trail=bool(_get(bd, "trail", default=False)),
                stream=bool(_get(bd, "stream", default=False)),
                diagonal=bool(_get(bd, "diagonal", default=False)),
            )
    units = {}
    for u in _get(data, "units", default=[]):
        uid = str(_get(u, "id"))
        units[uid] = UnitInfo(
            uid,
            str(_get(u, "side", default=_side(uid))),
            str(_get(u, "short", "name", default=uid)),
            _kind(u),
            bool(_get(u, "long", default=False)),
            int(_get(u, "sp", default=1)),
            int(_get(u, "steps", default=1)),
        )
    leaders = {}
    for ld in _get(data, "leaders", default=[]):
        lid = str(_get(ld, "id"))
        leaders[lid] = LeaderInfo(
            lid,
            str(_get(ld, "side", default=_side(lid))),
            str(_get(ld, "name", default=lid)),
            int(_get(ld, "range", "command_range", default=0)),
            int(_get(ld, "tactical", default=0)),
            int(_get(ld, "initiative", default=0)),
        )
    return Board(areas, links, units, leaders, _turns(data))


def _xy(a: Any) -> Point:
    x, y = _get(a, "x"), _get(a, "y")
    if x is None:
        x, y = _get(a, "centre", "center", "xy")
    return float(x), float(y)


def _victory(data: Any) -> list[Any]:
    sc = data.scenario("quatre-bras") if hasattr(data, "scenario") else data
    v = _get(sc, "victory_areas", "objectives", "victory", default=[])
    return list(_get(v, "areas", default=v)) if not isinstance(v, list) else v


def _turns(data: Any) -> tuple[str, ...]:
    sc = data.scenario("quatre-bras") if hasattr(data, "scenario") else data
    t = _get(sc, "turns", default=None)
    if t:
        return tuple(str(_get(x, "time", "label", default=x)) for x in t)
    return tuple(f"{h}:00" for h in range(14, 22))


# ---------------------------------------------------------------------------------------------------------
# geometry in picture pixels


def map_size() -> tuple[int, int]:
    return round((X1 - X0) * SCALE), round((Y1 - Y0) * SCALE)


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
    return (MAP_X + (x - X0) * SCALE, MAP_Y + (Y1 - y) * SCALE)


def centre(area: str) -> Point:
    """The area's LOS point (its centre, G25) on the picture."""
    a = board().areas[area]
    return px(a.x, a.y)


Edge = tuple[Point, str]  # a corner and the neighbour whose bisector the edge from it runs along ("" frame)


def _clip(poly: list[Edge], a: float, b: float, c: float, label: str) -> list[Edge]:
    """The part of ``poly`` where a·x + b·y <= c, the new edge labelled ``label``."""
    out: list[Edge] = []
    for i, (p, lab) in enumerate(poly):
        q = poly[(i + 1) % len(poly)][0]
        fp, fq = a * p[0] + b * p[1] - c, a * q[0] + b * q[1] - c
        if fp <= 0:
            out.append((p, lab))
        if (fp < 0) != (fq < 0) and fp != fq:
            s = fp / (fp - fq)
            cut = (p[0] + s * (q[0] - p[0]), p[1] + s * (q[1] - p[1]))
            out.append((cut, label if fp <= 0 else lab))
    return out


@lru_cache(maxsize=1)
def cells() -> dict[str, list[Edge]]:
    """Each area's region in metres: the map's rectangle clipped by the half-planes nearer its centre than
    each other's, each edge labelled with the neighbour across it."""
    areas = board().areas
    out: dict[str, list[Edge]] = {}
    for a in areas.values():
        poly: list[Edge] = [((X0, Y0), ""), ((X1, Y0), ""), ((X1, Y1), ""), ((X0, Y1), "")]
        for o in areas.values():
            if o.id != a.id:
                ca, cb = o.x - a.x, o.y - a.y
                c = (o.x**2 + o.y**2 - a.x**2 - a.y**2) / 2
                poly = _clip(poly, ca, cb, c, o.id)
        out[a.id] = poly
    return out


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
