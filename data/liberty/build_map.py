"""Build ``map.toml`` (the Liberty hex map the game loads) from ``sources.toml`` and ``land_survey.toml``.

Our reconstruction from history, not the published board. The grid is the fact sheet's (facts §5.1,
README.md): a Lambert conformal conic projection, flat-topped hexes 73 km across the flats in "odd-q" offset
coordinates (odd columns half a hex south), ids ``cc.rr``. The script

1. lays the grid over the frame and cuts the north-west corner;
2. classes each hex as land, sea or lake from 41 sample points: the ocean samples come from
   ``land_survey.toml`` (the GLOBE 1-km land mask, which counts lakes as land), the lake samples from the lake
   polygons of ``sources.toml``;
3. classes each hexside from samples along the hexside and along the line between the two centres: a water
   crossing (sea or lake), else clear, forest or swamp from the fact sheet's zones; navigable (by warships,
   8.1) when the hexside touches the ocean; the rivers and lake lines crossing it; the lake shore it follows;
4. places the towns and labels in their hexes and derives wilderness (1.4), the weather regions (4.0) and
   the half hexes the frame cuts (1.1).

``python -m data.liberty.build_map`` rewrites ``map.toml``; ``--check`` only says whether it is up to date;
``--survey`` first rewrites ``land_survey.toml`` (needs the ``global-land-mask`` package). Everything but the
survey uses the standard library only, so the build is reproducible anywhere (a test checks it).
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
import tomllib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from data.liberty.models import grid_neighbours, hex_id

HERE = Path(__file__).resolve().parent
SOURCES, SURVEY, MAP = HERE / "sources.toml", HERE / "land_survey.toml", HERE / "map.toml"

Point = tuple[float, float]  # projected km: x east, y north
Cell = tuple[int, int]  # (col, row)

HEX_LATTICE = 4  # 41 samples per hex
EDGE_T = (-0.75, -0.5, -0.25, 0.0, 0.25, 0.5, 0.75)  # along a hexside, in half-sides from its middle
LINE_T = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)  # along the line between the two hex centres
RIVER_STEP_KM = 2.0


# -- projection and grid ------------------------------------------------------------------------------------


class Grid:
    """The fact sheet's grid (§5.1), with the frame of ``sources.toml``."""

    def __init__(self, spec: dict[str, Any]) -> None:
        self.radius = float(spec["radius_km"])
        p1, p2 = (math.radians(v) for v in spec["standard_parallels"])
        lat0, lon0 = spec["origin"]
        self.lon0 = math.radians(lon0)
        self.n = math.log(math.cos(p1) / math.cos(p2)) / math.log(
            math.tan(math.pi / 4 + p2 / 2) / math.tan(math.pi / 4 + p1 / 2)
        )
        self.f = math.cos(p1) * math.tan(math.pi / 4 + p1 / 2) ** self.n / self.n
        self.rho0 = self.radius * self.f / math.tan(math.pi / 4 + math.radians(lat0) / 2) ** self.n
        self.width = float(spec["hex_km"])  # across the flats
        self.side = self.width / math.sqrt(3)
        self.shift = tuple(spec["shift_km"])
        self.c0, self.r0 = spec["renumber"]
        self.cols = range(spec["cols"][0], spec["cols"][1] + 1)
        self.rows = range(spec["rows"][0], spec["rows"][1] + 1)

    def project(self, lat: float, lon: float) -> Point:
        rho = self.radius * self.f / math.tan(math.pi / 4 + math.radians(lat) / 2) ** self.n
        t = self.n * (math.radians(lon) - self.lon0)
        return rho * math.sin(t), self.rho0 - rho * math.cos(t)

    def unproject(self, x: float, y: float) -> Point:
        dy = self.rho0 - y
        rho = math.copysign(math.hypot(x, dy), self.n)
        t = math.atan2(x, dy)
        lat = 2 * math.atan((self.radius * self.f / rho) ** (1 / self.n)) - math.pi / 2
        return math.degrees(lat), math.degrees(self.lon0 + t / self.n)

    def centre(self, cell: Cell) -> Point:
        c, r = cell[0] + self.c0, cell[1] + self.r0
        return 1.5 * self.side * c + self.shift[0], -(self.width * (r + 0.5 * (c & 1))) + self.shift[1]

    def cell_at(self, point: Point) -> Cell:
        """The hex holding a projected point (cube rounding, as in the fact sheet)."""
        x, y = point[0] - self.shift[0], -(point[1] - self.shift[1])
        q = (2 / 3 * x) / self.side
        r = (-x / 3 + math.sqrt(3) / 3 * y) / self.side
        s = -q - r
        rq, rr, rs = round(q), round(r), round(s)
        dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
        if dq > dr and dq > ds:
            rq = -rr - rs
        elif dr > ds:
            rr = -rq - rs
        return rq - self.c0, rr + (rq - (rq & 1)) // 2 - self.r0

    def cell_of(self, lat: float, lon: float) -> Cell:
        return self.cell_at(self.project(lat, lon))

    def in_frame(self, cell: Cell) -> bool:
        return cell[0] in self.cols and cell[1] in self.rows

    def hex_points(self, cell: Cell) -> list[Point]:
        """41 sample points: a square lattice (a quarter of a side apart) clipped to the hex."""
        cx, cy = self.centre(cell)
        k, limit = HEX_LATTICE, self.width / 2 * 0.999
        points = []
        for i in range(-k, k + 1):
            for j in range(-k, k + 1):
                x, y = i * self.side / k, j * self.width / 2 / k
                if abs(y) <= limit and abs(x) * math.sqrt(3) / 2 + abs(y) / 2 <= limit:
                    points.append((cx + x, cy + y))
        return points

    def side_points(self, a: Cell, b: Cell) -> tuple[list[Point], list[Point]]:
        """Samples along the hexside between adjacent ``a`` and ``b``, and along the line between centres."""
        (ax, ay), (bx, by) = self.centre(a), self.centre(b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        length = math.hypot(bx - ax, by - ay)
        px, py = -(by - ay) / length, (bx - ax) / length  # unit vector along the hexside
        half = self.side / 2
        edge = [(mx + t * half * px, my + t * half * py) for t in EDGE_T]
        line = [(ax + t * (bx - ax), ay + t * (by - ay)) for t in LINE_T]
        return edge, line


def side_key(a: str, b: str) -> str:
    return f"{a}/{b}" if a < b else f"{b}/{a}"


# -- polygons -----------------------------------------------------------------------------------------------


@dataclass
class Zone:
    """A named polygon, projected; ``contains`` tests a projected point (even-odd rule)."""

    name: str
    points: list[Point]
    box: tuple[float, float, float, float] = field(init=False)

    def __post_init__(self) -> None:
        xs, ys = [p[0] for p in self.points], [p[1] for p in self.points]
        self.box = (min(xs), min(ys), max(xs), max(ys))

    def contains(self, p: Point) -> bool:
        x, y = p
        x0, y0, x1, y1 = self.box
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            return False
        inside = False
        pts = self.points
        for (xa, ya), (xb, yb) in zip(pts, pts[1:] + pts[:1], strict=True):
            if (ya > y) != (yb > y) and x < xa + (y - ya) * (xb - xa) / (yb - ya):
                inside = not inside
        return inside


def zones(grid: Grid, specs: Iterable[dict[str, Any]], key: str = "polygon") -> list[Zone]:
    return [Zone(s["name"], [grid.project(lat, lon) for lat, lon in s[key]]) for s in specs]


def first_zone(zs: Sequence[Zone], p: Point) -> str | None:
    return next((z.name for z in zs if z.contains(p)), None)


# -- the survey (ocean samples from the GLOBE land mask) ----------------------------------------------------


def frame_cells(grid: Grid) -> list[Cell]:
    return [(c, r) for c in grid.cols for r in grid.rows]


def frame_sides(grid: Grid, cells: Iterable[Cell]) -> Iterator[tuple[Cell, Cell]]:
    on = set(cells)
    for a in sorted(on):
        for b in grid_neighbours(*a):
            if b in on and hex_id(*a) < hex_id(*b):
                yield a, b


def write_survey(grid: Grid) -> str:
    """Sample the GLOBE land mask at every point the build uses; return the text of ``land_survey.toml``."""
    from global_land_mask import globe  # optional: only the survey needs it

    def ocean(points: Sequence[Point]) -> str:
        return "".join("0" if globe.is_land(*grid.unproject(*p)) else "1" for p in points)

    cells = frame_cells(grid)
    lines = [
        "# Ocean samples for build_map.py, from the GLOBE 1-km land mask (package `global-land-mask`, which",
        "# counts lakes as land). Written by `python -m data.liberty.build_map --survey`, not by hand.",
        "# hexes: the ocean samples of each hex (of 41) where any; hexsides: a digit a sample (1 = ocean),",
        "# along the hexside, then '/' and along the line between the two centres, where any is ocean.",
        "",
        "[hexes]",
    ]
    for cell in cells:
        n = ocean(grid.hex_points(cell)).count("1")
        if n:
            lines.append(f'"{hex_id(*cell)}" = {n}')
    lines += ["", "[hexsides]"]
    for a, b in frame_sides(grid, cells):
        edge, line = grid.side_points(a, b)
        bits = f"{ocean(edge)}/{ocean(line)}"
        if "1" in bits:
            lines.append(f'"{side_key(hex_id(*a), hex_id(*b))}" = "{bits}"')
    return "\n".join(lines) + "\n"


# -- the build ----------------------------------------------------------------------------------------------


@dataclass
class Side:
    a: str
    b: str
    terrain: str
    navigable: bool
    rivers: list[str] = field(default_factory=list)
    shore: str | None = None


class Problem(Exception):
    """The sources do not make a valid map (a town at sea, a port on no coast, ...)."""


@dataclass
class _Land:
    """What the steps of ``build`` share: the grid, its zones, and each hex's terrain as step 2 found it."""

    grid: Grid
    spec: dict[str, Any]
    lakes: list[Zone]
    forests: list[Zone]
    clears: list[Zone]
    swamps: list[Zone]
    terrain: dict[Cell, str] = field(default_factory=dict)
    lake_of: dict[Cell, str] = field(default_factory=dict)
    touches: dict[Cell, set[str]] = field(default_factory=dict)


def build(sources: dict[str, Any], survey: dict[str, Any]) -> Built:
    spec = sources["grid"]
    grid = Grid(spec)
    land = _Land(
        grid,
        spec,
        zones(grid, sources["lakes"]),
        zones(grid, sources["forest"]),
        zones(grid, sources["clear"]),
        zones(grid, sources["swamp"]),
    )
    problems: list[str] = []

    towns = sources["towns"]
    town_cells: dict[Cell, str] = {}
    for town in towns:
        cell = grid.cell_of(town["lat"], town["lon"])
        if cell in town_cells:
            problems.append(f"{town['name']} falls in {hex_id(*cell)} with {town_cells[cell]}")
        town_cells[cell] = town["name"]

    # 1. the frame, less the trimmed corner
    def trimmed(cell: Cell) -> bool:
        lat, lon = grid.unproject(*grid.centre(cell))
        return bool(lat > spec["trim_north_of"] and lon < spec["trim_west_of"])

    cells = [c for c in frame_cells(grid) if not trimmed(c)]

    # 2. hex terrain
    _hex_terrain(land, cells, survey.get("hexes", {}), town_cells)
    terrain = land.terrain

    # open sea beyond the first ring of sea hexes serves no move (warships end in ports, 8.1): left out
    on_map = set(cells)
    cells = [
        c
        for c in cells
        if terrain[c] != "sea" or any(n in on_map and terrain[n] != "sea" for n in grid_neighbours(*c))
    ]
    on_map = set(cells)

    # 3. hexsides, rivers and lake lines
    sides = _hexsides(land, cells, survey.get("hexsides", {}), sources["overrides"])
    waterways = _waterways(grid, sources, on_map, sides, land.lakes)

    # 4. wilderness, regions, half hexes
    forest_sides: dict[str, int] = {hex_id(*c): 0 for c in cells}
    for side in sides.values():
        if side.terrain in ("forest", "swamp"):
            forest_sides[side.a] += 1
            forest_sides[side.b] += 1
    boundary = [grid.project(lat, lon) for lat, lon in sources["weather"]["boundary"]]

    town_points = {grid.cell_of(t["lat"], t["lon"]): grid.project(t["lat"], t["lon"]) for t in towns}

    def region(cell: Cell) -> str:
        x, y = town_points.get(cell) or grid.centre(cell)
        for (xa, ya), (xb, yb) in itertools.pairwise(boundary):
            if xa <= x <= xb:
                return "north" if y > ya + (yb - ya) * (x - xa) / (xb - xa) else "south"
        raise Problem(f"the weather boundary does not reach the x of {hex_id(*cell)}")

    def half(cell: Cell) -> bool:
        col, row = cell
        return (
            col in (grid.cols[0], grid.cols[-1])
            or (row == grid.rows[0] and col % 2 == 0)
            or (row == grid.rows[-1] and col % 2 == 1)
        )

    # towns and labels
    coastal = {s.a for s in sides.values() if s.navigable} | {s.b for s in sides.values() if s.navigable}
    for cell, name in town_cells.items():
        if cell not in on_map:
            problems.append(f"{name} ({hex_id(*cell)}) is off the map")
    for town in towns:
        cell = grid.cell_of(town["lat"], town["lon"])
        if town.get("port") and hex_id(*cell) not in coastal:
            problems.append(f"port {town['name']} ({hex_id(*cell)}) has no navigable hexside")
    if problems:
        raise Problem("; ".join(problems))

    return Built(
        grid=grid,
        cells=cells,
        terrain={hex_id(*c): terrain[c] for c in cells},
        region={hex_id(*c): region(c) for c in cells},
        wilderness={hex_id(*c): forest_sides[hex_id(*c)] >= 2 for c in cells},
        half={hex_id(*c): half(c) for c in cells},
        sides=sorted(sides.values(), key=lambda s: (s.a, s.b)),
        waterways=waterways,
        towns=[(t, hex_id(*grid.cell_of(t["lat"], t["lon"]))) for t in towns],
        labels=[
            (lb, hex_id(*grid.cell_of(lb["lat"], lb["lon"])))
            for lb in sources["labels"]
            if grid.cell_of(lb["lat"], lb["lon"]) in on_map
        ],
    )


def _hex_terrain(
    land: _Land, cells: list[Cell], ocean_counts: dict[str, int], town_cells: dict[Cell, str]
) -> None:
    """Each hex land, lake or sea by the share of its sample points in each; a town's hex is land."""
    grid, spec = land.grid, land.spec
    n_hex = len(grid.hex_points((0, 0)))
    for cell in cells:
        points = grid.hex_points(cell)
        ocean = ocean_counts.get(hex_id(*cell), 0) / n_hex
        in_lakes = [first_zone(land.lakes, p) for p in points]
        land.touches[cell] = {name for name in in_lakes if name}
        lake = sum(1 for name in in_lakes if name) / n_hex
        dry = 1 - ocean - lake
        kind = "land"
        if lake >= spec["lake_from"] or (dry < spec["sea_below"] and lake > ocean):
            kind = "lake"
            land.lake_of[cell] = max(land.touches[cell], key=lambda name: in_lakes.count(name))
        elif dry < spec["sea_below"]:
            kind = "sea"
        if kind != "land" and cell in town_cells:
            kind = "land"  # a town's hex is land, whatever the samples say
            land.lake_of.pop(cell, None)
        land.terrain[cell] = kind


def _hexsides(
    land: _Land, cells: list[Cell], side_bits: dict[str, str], overrides: dict[str, Any]
) -> dict[str, Side]:
    forced_land = {side_key(a, b) for a, b in overrides.get("land", [])}
    forced_water = {side_key(a, b) for a, b in overrides.get("water", [])}
    sides: dict[str, Side] = {}
    for a, b in frame_sides(land.grid, cells):
        key = side_key(hex_id(*a), hex_id(*b))
        forced = None if key not in forced_land and key not in forced_water else key in forced_water
        sides[key] = _hexside(land, a, b, side_bits.get(key), forced)
    for a, b in overrides.get("swamp", []):
        sides[side_key(a, b)].terrain = "swamp"
    for a, b in overrides.get("navigable", []):
        sides[side_key(a, b)].navigable = True
    return sides


def _hexside(land: _Land, a: Cell, b: Cell, bits: str | None, forced_water: bool | None) -> Side:
    """One hexside's crossing from the samples along it: sea or lake where it touches one, else water
    (``forced_water`` from the overrides), swamp, forest or clear by its dry points; a land crossing along a
    lake is its shore."""
    grid = land.grid
    edge, line = grid.side_points(a, b)
    bits = bits or "0" * len(edge) + "/" + "0" * len(line)
    edge_ocean, line_ocean = ([c == "1" for c in part] for part in bits.split("/"))
    edge_lake = [first_zone(land.lakes, p) for p in edge]
    line_lake = [first_zone(land.lakes, p) for p in line]
    kinds = {land.terrain[a], land.terrain[b]}
    navigable = any(edge_ocean) and "lake" not in kinds
    if "sea" in kinds:
        kind = "sea"
    elif "lake" in kinds:
        kind = "lake"
    else:
        water_ocean = sum(edge_ocean)
        water_lake = sum(1 for name in edge_lake if name)
        water = water_ocean + water_lake >= land.spec["water_from"] if forced_water is None else forced_water
        if water:
            kind = "sea" if water_ocean >= water_lake else "lake"
        else:
            dry = [
                p
                for p, o, lk in zip(edge + line, edge_ocean + line_ocean, edge_lake + line_lake, strict=True)
                if not o and not lk
            ] or line
            swampy = sum(1 for p in dry if first_zone(land.swamps, p))
            wooded = sum(1 for p in dry if first_zone(land.forests, p) and not first_zone(land.clears, p))
            kind = "swamp" if swampy * 2 >= len(dry) else "forest" if wooded * 2 >= len(dry) else "clear"
    side = Side(hex_id(*a), hex_id(*b), kind, navigable)
    if kind in ("clear", "forest", "swamp"):
        near = {
            name
            for name in (land.lake_of.get(n) for n in set(grid_neighbours(*a)) & set(grid_neighbours(*b)))
            if name
        }
        along = {name for name in edge_lake + line_lake if name} | near
        shore = sorted(name for name in along if name in land.touches[a] | lake_names(a, grid, land.lake_of))
        shore = [name for name in shore if name in land.touches[b] | lake_names(b, grid, land.lake_of)]
        if shore:
            side.shore = shore[0]
    return side


def _waterways(
    grid: Grid, sources: dict[str, Any], on_map: set[Cell], sides: dict[str, Side], lakes: list[Zone]
) -> list[tuple[str, str, list[str]]]:
    """Rivers and lake lines: each crossing of land they follow carries their name; a lake with a shore."""
    waterways: list[tuple[str, str, list[str]]] = []
    for kind, specs in (("river", sources["rivers"]), ("lake", sources["lake_lines"])):
        for river in specs:
            path = river_path(grid, river["points"])
            ids = [hex_id(*c) for c in path if c in on_map]
            crossed = False
            for x, y in itertools.pairwise(ids):
                crossing = sides.get(side_key(x, y))
                if (
                    crossing
                    and crossing.terrain in ("clear", "forest", "swamp")
                    and river["name"] not in crossing.rivers
                ):
                    crossing.rivers.append(river["name"])
                    crossed = True
            if crossed:
                waterways.append((river["name"], kind, ids))
    for zone in lakes:
        if any(s.shore == zone.name for s in sides.values()):
            waterways.append((zone.name, "lake", []))
    return waterways


@dataclass
class Built:
    grid: Grid
    cells: list[Cell]
    terrain: dict[str, str]
    region: dict[str, str]
    wilderness: dict[str, bool]
    half: dict[str, bool]
    sides: list[Side]
    waterways: list[tuple[str, str, list[str]]]
    towns: list[tuple[dict[str, Any], str]]
    labels: list[tuple[dict[str, Any], str]]


def lake_names(cell: Cell, grid: Grid, lake_of: dict[Cell, str]) -> set[str]:
    return {lake_of[n] for n in grid_neighbours(*cell) if n in lake_of}


def river_path(grid: Grid, points: Sequence[Sequence[float]]) -> list[Cell]:
    """The hexes a polyline passes through, in order, without loops (a hex met again cuts the path back)."""
    xy = [grid.project(lat, lon) for lat, lon in points]
    path: list[Cell] = []
    for (xa, ya), (xb, yb) in itertools.pairwise(xy):
        steps = max(1, math.ceil(math.hypot(xb - xa, yb - ya) / RIVER_STEP_KM))
        for i in range(steps + 1):
            cell = grid.cell_at((xa + (xb - xa) * i / steps, ya + (yb - ya) * i / steps))
            if path and path[-1] == cell:
                continue
            if cell in path:
                del path[path.index(cell) + 1 :]
                continue
            path.append(cell)
    return path


def toml_value(value: Any) -> str:
    """A value as TOML: strings, numbers, booleans and lists of them (all this map needs)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} as TOML")


def inline(entry: dict[str, Any]) -> str:
    return "{ " + ", ".join(f"{k} = {toml_value(v)}" for k, v in entry.items()) + " }"


HEADER = """\
# Liberty 1775–83 — the hex map. OUR RECONSTRUCTION FROM HISTORY, NOT THE PUBLISHED COLUMBIA GAMES BOARD
# (which we do not have). Written by `python -m data.liberty.build_map` from sources.toml and
# land_survey.toml: do not edit by hand (a test rebuilds it and compares); README.md explains every choice.
#
# Hexes are `cc.rr` (column, row) in odd-q offset coordinates: flat-topped hexes, odd columns half a hex lower
# (south); row 00 is the north edge, column 02 the west edge. A hex is 73 km across the flats.
#   terrain     land | sea | lake: land blocks never enter sea or lake hexes (1.1)
#   region      north | south, for the weather (4.0)
#   wilderness  at least two forest/swamp hexsides (1.4)
#   half        cut by the map's frame (1.1: half hexes are fully playable)
# Hexsides (one per pair of adjacent hexes, a < b):
#   terrain     clear | forest | swamp: a land crossing (5.2: 4 blocks; forest/swamp 2 and stop, 3 and no stop
#               where a river crosses) | sea | lake: a water crossing no land block may make (1.1)
#   navigable   warships may cross (8.1: never a land hexside): the hexside touches the sea
#   rivers      the rivers (and lake lines) that cross it (5.2, 5.6)
#   shore       the lake whose shore it follows (5.6)
"""


def render(built: Built, sources: dict[str, Any]) -> str:
    """The text of map.toml."""
    g = built.grid
    lines = [HEADER]
    lines.append(f"hexes = [  # {len(built.cells)}")
    for cell in built.cells:
        h = hex_id(*cell)
        entry: dict[str, Any] = {"id": h, "terrain": built.terrain[h], "region": built.region[h]}
        if built.wilderness[h]:
            entry["wilderness"] = True
        if built.half[h]:
            entry["half"] = True
        lines.append(f"  {inline(entry)},")
    lines.append("]")
    lines.append("")
    lines.append(f"hexsides = [  # {len(built.sides)}")
    for side in built.sides:
        entry = {"a": side.a, "b": side.b, "terrain": side.terrain}
        if side.navigable:
            entry["navigable"] = True
        if side.rivers:
            entry["rivers"] = side.rivers
        if side.shore:
            entry["shore"] = side.shore
        lines.append(f"  {inline(entry)},")
    lines.append("]")
    lines.append("")
    lines.append(
        "# Each waterway once: a river or lake line with the hexes it passes (for drawing), or a lake's"
    )
    lines.append(
        "# shore (its hexsides carry `shore`). A river move follows the hexsides of one waterway (5.6)."
    )
    lines.append("waterways = [")
    for name, kind, hexes in built.waterways:
        lines.append(f"  {inline({'name': name, 'kind': kind, 'hexes': hexes})},")
    lines.append("]")
    lines.append("")
    lines.append(
        "# Towns (1.2, 1.3): colour blue | red | orange (Indian); value 1-4 (supply and British victory"
    )
    lines.append(
        "# points, 1.2, 11.1), 0 = small town; port: an anchor; fort: drawn only; indians: whose own town."
    )
    lines.append("towns = [")
    for town, h in built.towns:
        entry = {"name": town["name"], "hex": h, "colour": town["colour"], "value": town.get("value", 0)}
        for key in ("port", "fort"):
            if town.get(key):
                entry[key] = True
        if town.get("indians"):
            entry["indians"] = town["indians"]
        entry["lat"], entry["lon"] = town["lat"], town["lon"]
        lines.append(f"  {inline(entry)},")
    lines.append("]")
    lines.append("")
    lines.append(
        "# Places drawn as labels only (merged into another town's hex, battlefields, other Indian towns)."
    )
    lines.append("labels = [")
    for label, h in built.labels:
        lines.append(
            f"  {inline({'name': label['name'], 'hex': h, 'lat': label['lat'], 'lon': label['lon']})},"
        )
    lines.append("]")
    lines.append("")
    lines.append("[grid]")
    lines.append('convention = "odd-q"  # odd columns shifted half a hex south; flat-topped hexes')
    lines.append(f"hex_km = {g.width!r}  # across the flats")
    lines.append(f"cols = [{g.cols[0]}, {g.cols[-1]}]")
    lines.append(f"rows = [{g.rows[0]}, {g.rows[-1]}]")
    spec = sources["grid"]
    lines.append(
        "# projection of the towns' lat/lon: Lambert conformal conic, sphere R = "
        f"{spec['radius_km']} km, parallels {spec['standard_parallels']}, origin {spec['origin']}"
    )
    lines.append("")
    lines.append(f"[atlantic]\nname = {toml_value(sources['atlantic']['name'])}")
    for wi in sources["west_indies"]:
        lines.append("")
        lines.append("[[west_indies]]  # 9.1")
        lines += [f"{k} = {toml_value(v)}" for k, v in wi.items()]
    lines.append("")
    lines.append("[sea]")
    lines += [f"{k} = {toml_value(v)}" for k, v in sources["sea"].items()]
    for table in ("disband_bars", "breaks"):
        for entry in sources[table]:
            lines.append("")
            lines.append(f"[[{table}]]")
            lines += [f"{k} = {toml_value(v)}" for k, v in entry.items()]
    return "\n".join(lines) + "\n"


def build_text() -> str:
    """Build map.toml's text from the committed sources and survey."""
    sources = tomllib.loads(SOURCES.read_text(encoding="utf-8"))
    survey = tomllib.loads(SURVEY.read_text(encoding="utf-8"))
    return render(build(sources, survey), sources)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m data.liberty.build_map", description=__doc__.split("\n")[0])
    ap.add_argument("--survey", action="store_true", help="first rewrite land_survey.toml (global-land-mask)")
    ap.add_argument("--check", action="store_true", help="only check that map.toml is up to date")
    args = ap.parse_args(argv)
    if args.survey:
        sources = tomllib.loads(SOURCES.read_text(encoding="utf-8"))
        SURVEY.write_text(write_survey(Grid(sources["grid"])), encoding="utf-8")
    try:
        text = build_text()
    except Problem as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.check:
        same = MAP.exists() and MAP.read_text(encoding="utf-8") == text
        print(
            "map.toml is up to date"
            if same
            else "map.toml is out of date: run python -m data.liberty.build_map"
        )
        return 0 if same else 1
    MAP.write_text(text, encoding="utf-8")
    print(f"wrote {MAP}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
