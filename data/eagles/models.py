"""Eagles of the Empire data model: our Quatre Bras area map, both orders of battle with their leaders and
chain of command, and the scenario (set-up, reinforcements, turns, special rules, victory), as frozen
pydantic models, with the lookups and the map's geometry the engine needs (neighbours, borders, distance,
polygons, the areas between two LOS points, front / flank / rear).

OUR DESIGN, NOT THE SERIES' PUBLISHED MAP OR COUNTERS (see ``data/eagles/README.md``). The TOML files of
``data/eagles/`` are read by :mod:`data.eagles.loader`.

>>> from data.eagles import load_eagles
>>> e = load_eagles()
>>> len(e.areas), e.area("C1").name, e.neighbours("V1")
(42, 'Quatre Bras (crossroads and farm)', ('C2', 'V2', 'V3', 'V4', 'S1'))
>>> b = e.border("C2", "V1")
>>> b.road, b.stream, b.bridge, b.slope
(True, True, True, 'down')
>>> e.between("S1", "C3").areas, e.distance("S1", "C1")
(('V1', 'V3'), 3)
>>> e.facing_class("S1", "V1", "V2"), e.facing_class("S1", "V1", "S5")
('front', 'rear')
"""

from __future__ import annotations

import itertools
import math
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from data.base import FrozenDict, _check_name, _Frozen

from . import geometry as plane
from .geometry import Cell, Point

Side = Literal["french", "allies"]
Terrain = Literal["clear", "farm", "hamlet", "village", "town", "woods", "marsh"]
Edge = Literal["north", "east", "south", "west"]
StackingClass = Literal["normal", "circled-2", "circled-3", "town"]
Arm = Literal["infantry", "cavalry", "artillery"]
# infantry: line; cavalry: light / medium / heavy / irregular;
# artillery: light / heavy / horse / mortar / rocket
Kind = Literal["line", "light", "medium", "heavy", "irregular", "horse", "mortar", "rocket"]
Role = Literal["army", "intermediate", "formation", "division"]
Chain = Literal["rigid", "semi-rigid", "flexible"]
Weather = Literal["clear", "rain", "snow", "fog"]
Light = Literal["day", "dusk", "night", "dawn"]
FacingClass = Literal["front", "flank", "rear"]
BorderKind = Literal["stream", "bridge", "ford"]

SIDES: tuple[Side, ...] = ("french", "allies")
KINDS: Mapping[str, tuple[str, ...]] = FrozenDict(
    {
        "infantry": ("line",),
        "cavalry": ("light", "medium", "heavy", "irregular"),
        "artillery": ("light", "heavy", "horse", "mortar", "rocket"),
    }
)
ARTILLERY_MORALE = 3  # all artillery has morale 3 (2.21)
FACING_TOLERANCE_M = 1.0  # a border end this near the facing line is on it, not across it (G24)
ALONG_TOLERANCE_M = 25.0  # a line of sight this near a border runs along it (G25, 12.5 b/c) [OURS]
ALONG_MIN_M = 100.0  # ... for at least this length [OURS]
ALONG_MAX_DEG = 10.0  # ... nearly parallel to it: a steeper line crosses the border [OURS]
_AREA_ID = r"^[NCWVSF]\d{1,2}$"
_SLUG = r"^[a-z][a-z0-9-]*$"


# -- the map -------------------------------------------------------------------------------------------------


class Neighbour(_Frozen):
    """One border of an area as listed in ``map.toml``; the neighbour lists it back the same."""

    to: str
    diagonal: bool = False  # a corner contact (2.3): a shared border shorter than the map's diagonal_max_m
    road: bool = False  # a chaussée crosses it (13.3)
    trail: bool = False  # a farm lane crosses it (13.3)
    stream: bool = False  # the hedged Gemioncourt stream runs along it (G18)


class Area(_Frozen):
    """An area of our map. ``x`` / ``y``: its centre (and LOS point, G25) in metres east / north of the
    crossroads; its shape is the Voronoi cell of the centres."""

    id: str = Field(pattern=_AREA_ID)
    name: str
    terrain: Terrain
    elevation: int = Field(ge=-2, le=3)  # 12.55
    x: float
    y: float
    edges: tuple[Edge, ...] = ()  # the sides of the map it touches
    all_round: bool = False  # the hexagon: all-round defence (2.3, 13.9)
    stacking: StackingClass = "normal"  # 13.6
    no_long_counters: bool = False  # too small for a long counter (13.8, G34)
    neighbours: tuple[Neighbour, ...] = Field(min_length=1)

    _name = field_validator("name")(_check_name)

    @property
    def centre(self) -> Point:
        return (self.x, self.y)


class Border(_Frozen):
    """The border between two areas seen from ``a`` to ``b`` (``rise`` = b's elevation − a's)."""

    a: str
    b: str
    diagonal: bool
    road: bool
    trail: bool
    stream: bool
    rise: int
    length_m: float

    @property
    def slope(self) -> Literal["up", "down"] | None:
        """A gentle slope (every elevation step on this map; no steep slopes, facts §5): "up" from a to b."""
        if self.rise == 0:
            return None
        return "up" if self.rise > 0 else "down"

    @property
    def bridge(self) -> bool:
        """The chaussée over the stream (facts §5, G18)."""
        return self.stream and self.road

    @property
    def ford(self) -> bool:
        """A trail over the stream (facts §5, G18)."""
        return self.stream and self.trail and not self.road

    @property
    def blocks_los(self) -> bool:
        """Tree lines block (12.5 a); hedges do not. Our map has no tree lines."""
        return False

    @property
    def key(self) -> str:
        """``"C2|V1"``: the border's name, the two ids in sorted order."""
        return "|".join(sorted((self.a, self.b)))


class Stacking(_Frozen):
    """A stacking class (13.6): max SP, dense from (None = never dense), long counters it holds (13.7)."""

    max_sp: int = Field(ge=1)
    dense_from: int | None = None
    long_counters: int = Field(ge=0, le=3)


class TerrainDef(_Frozen):
    """Effects of an area's terrain (the G18 chart, ours). MP to enter (None = prohibited)."""

    infantry_mp: int | None = None
    cavalry_mp: int | None = None
    artillery_mp: int | None = None
    charge: bool = False  # cavalry may charge into it (10.0)
    bombard_die: int = 0  # 12.3 target terrain
    assault_pct: int = 0  # the attacker's SP into it (14.2)
    blocks_los: bool = False  # 12.5
    source: Literal["ours"]


class BorderDef(_Frozen):
    """Effects of a border terrain (G18, ours): extra MP to cross (None = prohibited), the attacker's SP
    across."""

    infantry_mp: int | None = None
    cavalry_mp: int | None = None
    artillery_mp: int | None = None
    assault_pct: int = 0
    source: Literal["ours"]


class Road(_Frozen):
    """A chaussée (``kind = "road"``, ½ MP) or a farm lane (``"trail"``, 1 MP) as the chain of areas it runs
    through (13.3)."""

    id: str = Field(pattern=_SLUG)
    name: str
    kind: Literal["road", "trail"]
    areas: tuple[str, ...] = Field(min_length=2)
    exits: tuple[Edge, ...] = ()  # the map's sides it leaves by, at its first or last area
    source: Literal["ours"] | None = None


class MapInfo(_Frozen):
    title: str
    attribution: str
    source: Literal["ours"]
    x_min: float
    x_max: float
    y_min: float
    y_max: float
    origin: tuple[float, float]  # lat, lon of (0, 0)
    metres_per_degree: tuple[float, float]  # of longitude (x), of latitude (y)
    diagonal_max_m: float = Field(gt=0)

    @property
    def frame(self) -> tuple[float, float, float, float]:
        return (self.x_min, self.x_max, self.y_min, self.y_max)


# -- the armies ----------------------------------------------------------------------------------------------


class Formation(_Frozen):
    """The units that activate together (2.3) under one leader; ``superior`` is the formation above in the
    chain (None: directly under the army commander)."""

    id: str = Field(pattern=_SLUG)
    name: str
    side: Side
    leader: str
    superior: str | None = None
    variant: str | None = None


class LeaderDef(_Frozen):
    """A leader: command range / tactical value / initiative (2.21). ``role``: army commander, intermediate
    commander, formation leader, or division commander (off the map until he replaces ``replaces``, 2.3)."""

    id: str = Field(pattern=r"^[FA]-L\d+$")
    name: str
    side: Side
    role: Role
    formation: str | None = None  # the formation he commands (None for the army commander)
    range: int = Field(ge=0, le=6)
    tactical: int = Field(ge=0, le=6)
    initiative: int = Field(ge=0, le=6)
    cavalry: bool = False  # a cavalry leader (10.3)
    grand_charge: bool = False  # named by the scenario for the grand charge (10.8)
    acting_army: bool = False  # stands in for the army commander while he is away (scenario)
    replaces: str | None = None  # a division commander: the leader he replaces
    variant: str | None = None

    @model_validator(mode="after")
    def _role_fits(self) -> LeaderDef:
        if self.role == "army" and self.formation is not None:
            raise ValueError("an army commander commands the army, not a formation")
        if self.role != "army" and self.formation is None:
            raise ValueError(f"a {self.role} leader needs the formation he commands")
        if (self.role == "division") != (self.replaces is not None):
            raise ValueError("a division commander, and only he, names the leader he replaces")
        return self


class HQDef(_Frozen):
    """An army HQ (9.5): its range, +1 with the chief of staff in its area (2.22)."""

    id: str = Field(pattern=r"^[FA]-HQ$")
    name: str
    side: Side
    commander: str
    chief_of_staff: str | None = None
    range: int = Field(ge=0, le=6)
    steps: int = Field(ge=1)


class UnitDef(_Frozen):
    """A combat unit: SP, morale (2.21), steps, counter (long or short), facing."""

    id: str = Field(pattern=r"^[FA]\d\d$")
    name: str
    side: Side
    formation: str
    arm: Arm
    kind: Kind
    sp: int = Field(ge=1, le=12)
    morale: int = Field(ge=2, le=6)
    steps: int = Field(ge=1, le=8)
    long: bool = False  # a long infantry counter (13.7)
    elite: bool = False  # G23
    lancers: bool = False  # +1 charging (10.2)
    reserve: bool = False  # reserve artillery, not yet assigned (11.1, G35)
    deploys: bool = False  # may deploy a short counter (11.3)
    variant: str | None = None

    @model_validator(mode="after")
    def _consistent(self) -> UnitDef:
        if self.kind not in KINDS[self.arm]:
            raise ValueError(f'"{self.kind}" is no {self.arm} kind: {", ".join(KINDS[self.arm])}')
        if self.arm == "artillery" and self.morale != ARTILLERY_MORALE:
            raise ValueError(f"artillery has morale {ARTILLERY_MORALE} (2.21)")
        if self.long and self.arm != "infantry":
            raise ValueError("only infantry has long counters (2.22)")
        if self.lancers and self.arm != "cavalry":
            raise ValueError("only cavalry carries lances")
        if self.deploys and not self.long:
            raise ValueError("only a long counter deploys a short one (11.3)")
        return self

    @property
    def type(self) -> str:
        """The counter's type in words: "infantry", "light cavalry", "heavy cavalry", "horse artillery"..."""
        return "infantry" if self.arm == "infantry" else f"{self.kind} {self.arm}"

    @property
    def faces(self) -> bool:
        """Long infantry counters and artillery have a facing (13.9); cavalry and short counters are all-round
        (2.3)."""
        return self.long or self.arm == "artillery"

    @property
    def heavy_cavalry(self) -> bool:
        return self.arm == "cavalry" and self.kind == "heavy"

    @property
    def charge_kind(self) -> str | None:
        """Cavalry as it charges: medium counts as light (2.22)."""
        if self.arm != "cavalry":
            return None
        return "light" if self.kind == "medium" else self.kind

    @property
    def ignores_los(self) -> bool:
        """Mortars, howitzers and rockets (2.22, 12.57)."""
        return self.arm == "artillery" and self.kind in ("mortar", "rocket")

    def sp_at(self, steps_left: int) -> int:
        """SP with ``steps_left`` steps: the full SP spread over the steps, rounded up [OURS] (3 SP in 2
        steps: 3, 2; 1 SP in 2 steps: 1, 1; 0 steps: 0)."""
        if steps_left <= 0:
            return 0
        return -(-self.sp * min(steps_left, self.steps) // self.steps)


class SideCounts(_Frozen):
    infantry_sp: int = Field(ge=0)
    cavalry_sp: int = Field(ge=0)
    artillery_sp: int = Field(ge=0)


# -- the scenario --------------------------------------------------------------------------------------------


class Turn(_Frozen):
    n: int = Field(ge=1)
    hour: str = Field(pattern=r"^[0-2]\d:00$")
    light: Light = "day"


class Placement(_Frozen):
    """Units, leaders and HQs of one side set up in one area; ``facing`` is the neighbour the long counters
    and artillery among them face (13.9)."""

    side: Side
    area: str
    units: tuple[str, ...] = ()
    leaders: tuple[str, ...] = ()
    hqs: tuple[str, ...] = ()
    facing: str | None = None


class Deployment(_Frozen):
    """A short counter deployed from a long one at set-up (11.3)."""

    id: str = Field(pattern=_SLUG)
    side: Side
    unit: str
    area: str
    sp: int = Field(ge=1)
    optional: bool = True


class Reinforcement(Placement):
    """Arrivals in the reinforcement phase of ``turn`` (6.0)."""

    turn: int = Field(ge=1)


class GuardRule(_Frozen):
    """Units that may not activate until their side releases them (facts §7.3); the release scores for the
    enemy."""

    units: tuple[str, ...] = Field(min_length=1)
    released_by: Side
    vp_to_enemy: int = Field(ge=0)


class ActingCommander(_Frozen):
    """A leader acting as army commander (7.0, 8.1) with ``initiative`` until ``until`` arrives, and again if
    ``until`` is killed."""

    leader: str
    initiative: int = Field(ge=0, le=6)
    until: str


class TallCrops(_Frozen):
    """Optional: to the end of ``until_turn``, bombardment at these ranges into these terrains takes ``die``
    (12.3 target terrain)."""

    optional: bool = True
    until_turn: int = Field(ge=1)
    ranges: tuple[int, ...]
    terrain: tuple[Terrain, ...]
    die: int


class Variant(_Frozen):
    """A reinforcement that may come: from ``from_turn``, in each reinforcement phase, 1d6 <= ``roll_at_most``
    brings it to ``area``; if it never comes the enemy scores ``vp_to_enemy_if_absent``."""

    id: str = Field(pattern=_SLUG)
    name: str
    side: Side
    from_turn: int = Field(ge=1)
    roll_at_most: int = Field(ge=1, le=6)
    area: str
    units: tuple[str, ...]
    leaders: tuple[str, ...] = ()
    facing: str | None = None
    vp_to_enemy_if_absent: int = Field(ge=0)


class Objective(_Frozen):
    area: str
    vp: int = Field(ge=1)
    why: str


class Decisive(_Frozen):
    """``side`` wins at once at the end of a turn holding every area of ``hold`` with no enemy combat unit
    adjacent to ``no_enemy_adjacent``."""

    side: Side
    hold: tuple[str, ...] = Field(min_length=1)
    no_enemy_adjacent: str


class Victory(_Frozen):
    """Objective areas are held by the side whose combat units last occupied them (facts §9)."""

    step_vp: int = Field(ge=0)
    leader_vp: int = Field(ge=0)
    margin: int = Field(ge=1)
    french_start: tuple[str, ...]  # areas the French hold at the start; the Allies hold the rest
    objectives: tuple[Objective, ...] = Field(min_length=1)
    decisive: Decisive | None = None


class Scenario(_Frozen):
    id: str = Field(pattern=_SLUG)
    name: str
    date: str = Field(pattern=r"^\d{4}-\d\d-\d\d$")
    description: str
    source: Literal["ours"]
    weather: Weather
    chain: Chain
    turns: tuple[Turn, ...] = Field(min_length=1)
    setup: tuple[Placement, ...] = Field(min_length=1)
    deployments: tuple[Deployment, ...] = ()
    reinforcements: tuple[Reinforcement, ...] = ()
    guard: GuardRule | None = None
    acting_commander: ActingCommander | None = None
    tall_crops: TallCrops | None = None
    variants: tuple[Variant, ...] = ()
    victory: Victory

    def turn(self, n: int) -> Turn:
        return self.turns[n - 1]

    def placements(self, side: Side) -> tuple[Placement, ...]:
        return tuple(p for p in self.setup if p.side == side)

    def arrivals(self, turn: int, side: Side | None = None) -> tuple[Reinforcement, ...]:
        return tuple(r for r in self.reinforcements if r.turn == turn and (side is None or r.side == side))

    def variant(self, variant_id: str) -> Variant:
        return next(v for v in self.variants if v.id == variant_id)

    def start_area(self, piece_id: str) -> str | None:
        """Where a unit, leader or HQ sets up; None when it arrives later (or never)."""
        return next((p.area for p in self.setup if piece_id in (*p.units, *p.leaders, *p.hqs)), None)

    def start_facing(self, unit_id: str) -> str | None:
        """The neighbour a unit faces at set-up (13.9), None for an all-round unit or one not set up."""
        return next((p.facing for p in self.setup if unit_id in p.units), None)

    def holder_at_start(self, area_id: str) -> Side:
        return "french" if area_id in self.victory.french_start else "allies"

    def objective_vp(self, area_id: str) -> int:
        return next((o.vp for o in self.victory.objectives if o.area == area_id), 0)


# -- geometry results ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    """The straight line between two LOS points (G25): ``areas`` the intervening areas in order (the two ends
    left out), ``borders`` the borders it crosses in order (``(from, to)``), ``along`` the borders it runs
    along (12.5 b/c: within ``ALONG_MAX_DEG`` of parallel and ``ALONG_TOLERANCE_M`` of the border for
    ``ALONG_MIN_M`` or more), each as a sorted pair."""

    start: str
    end: str
    areas: tuple[str, ...]
    borders: tuple[tuple[str, str], ...]
    along: tuple[tuple[str, str], ...]


class Geometry:
    """The map's geometry, computed once from the centres (see :mod:`data.eagles.geometry`)."""

    def __init__(self, areas: tuple[Area, ...], info: MapInfo) -> None:
        self.centres: dict[str, Point] = {a.id: a.centre for a in areas}
        self.cells: dict[str, Cell] = plane.voronoi_cells(self.centres, info.frame)
        self.shared: dict[tuple[str, str], tuple[Point, Point]] = plane.shared_borders(self.cells)
        self.lengths: dict[tuple[str, str], float] = {k: math.dist(*seg) for k, seg in self.shared.items()}
        self.diagonal_max_m = info.diagonal_max_m
        self.lines: dict[tuple[str, str], Line] = {}

    def adjacency(self) -> dict[str, dict[str, bool]]:
        """Each area's neighbours by the cells, each with whether the contact is diagonal."""
        out: dict[str, dict[str, bool]] = {a: {} for a in self.cells}
        for (a, b), length in self.lengths.items():
            out[a][b] = length < self.diagonal_max_m
        return out

    def line(self, a: str, b: str) -> Line:
        key = (a, b)
        if key not in self.lines:
            self.lines[key] = self._line(a, b)
        return self.lines[key]

    def _line(self, a: str, b: str) -> Line:
        p, q = self.centres[a], self.centres[b]
        hits = [name for name, _, _ in plane.crossings(self.cells, p, q)]
        # the ends are the cells of the LOS points themselves (a point is in the cell of its nearest centre)
        inner = tuple(name for name in hits if name not in (a, b))
        chain = [a, *inner, b] if a != b else [a]
        borders = tuple(itertools.pairwise(chain))
        near = set(hits)  # a line running along a border lies in one of the two areas beside it
        along = tuple(
            sorted(
                (x, y)
                for (x, y), seg in self.shared.items()
                if x < y
                and (x in near or y in near)
                and plane.angle(seg, (p, q)) <= ALONG_MAX_DEG
                and plane.run_along(seg, p, q, ALONG_TOLERANCE_M) >= ALONG_MIN_M
            )
        )
        return Line(start=a, end=b, areas=inner, borders=borders, along=along)


# -- the whole data set --------------------------------------------------------------------------------------


class Eagles(_Frozen):
    """The whole data set, validated by :func:`data.eagles.load_eagles`."""

    name: str
    map: MapInfo
    stacking: dict[StackingClass, Stacking]  # the chart (13.6); an area's class: stacking_of()
    terrain: dict[Terrain, TerrainDef]
    borders: dict[BorderKind, BorderDef]  # the border chart (G18); a border: border()
    areas: tuple[Area, ...]
    roads: tuple[Road, ...]
    chain: Chain
    counts: dict[Side, SideCounts]
    formations: tuple[Formation, ...]
    leaders: tuple[LeaderDef, ...]
    hqs: tuple[HQDef, ...]
    units: tuple[UnitDef, ...]
    scenarios: tuple[Scenario, ...]

    # -- indexes, built once --

    @cached_property
    def _areas(self) -> Mapping[str, Area]:
        return FrozenDict({a.id: a for a in self.areas})

    @cached_property
    def _units(self) -> Mapping[str, UnitDef]:
        return FrozenDict({u.id: u for u in self.units})

    @cached_property
    def _leaders(self) -> Mapping[str, LeaderDef]:
        return FrozenDict({ld.id: ld for ld in self.leaders})

    @cached_property
    def _formations(self) -> Mapping[str, Formation]:
        return FrozenDict({f.id: f for f in self.formations})

    @cached_property
    def geometry(self) -> Geometry:
        return Geometry(self.areas, self.map)

    @cached_property
    def _borders(self) -> Mapping[tuple[str, str], Border]:
        out: dict[tuple[str, str], Border] = {}
        for area in self.areas:
            for n in area.neighbours:
                out[(area.id, n.to)] = Border(
                    a=area.id,
                    b=n.to,
                    diagonal=n.diagonal,
                    road=n.road,
                    trail=n.trail,
                    stream=n.stream,
                    rise=self._areas[n.to].elevation - area.elevation,
                    length_m=round(self.geometry.lengths.get((area.id, n.to), 0.0), 1),
                )
        return FrozenDict(out)

    @cached_property
    def _distances(self) -> Mapping[str, Mapping[str, int]]:
        out: dict[str, Mapping[str, int]] = {}
        for start in self._areas:
            seen = {start: 0}
            queue = deque([start])
            while queue:
                here = queue.popleft()
                for n in self._areas[here].neighbours:
                    if n.to not in seen:
                        seen[n.to] = seen[here] + 1
                        queue.append(n.to)
            out[start] = FrozenDict(seen)
        return FrozenDict(out)

    @cached_property
    def _facing_classes(self) -> Mapping[tuple[str, str], Mapping[str, FacingClass]]:
        """For each area and each facing it allows, every neighbour's class (13.9, G24): the line through the
        centre perpendicular to the facing separates front from rear; a neighbour whose shared border that
        line cuts is a flank."""
        out: dict[tuple[str, str], Mapping[str, FacingClass]] = {}
        geo = self.geometry
        for area in self.areas:
            centre = area.centre
            for facing in self.facings(area.id):
                fc = self._areas[facing].centre
                direction = (fc[0] - centre[0], fc[1] - centre[1])
                classes: dict[str, FacingClass] = {}
                for n in area.neighbours:
                    seg = geo.shared.get((area.id, n.to))
                    ends = seg if seg is not None else (self._areas[n.to].centre,)
                    sides = [plane.side_of(centre, direction, p) for p in ends]
                    if min(sides) >= -FACING_TOLERANCE_M:
                        classes[n.to] = "front"
                    elif max(sides) <= FACING_TOLERANCE_M:
                        classes[n.to] = "rear"
                    else:
                        classes[n.to] = "flank"
                out[(area.id, facing)] = FrozenDict(classes)
        return FrozenDict(out)

    def precompute(self) -> None:
        """Build the indexes, the borders, the distances and the facing classes now (the loader does, once a
        process), not at the first question."""
        for index in (
            self._areas,
            self._units,
            self._leaders,
            self._formations,
            self._borders,
            self._distances,
        ):
            assert index is not None
        assert self._facing_classes is not None and self._perimeter is not None

    # -- the map --

    def area(self, area_id: str) -> Area:
        return self._areas[area_id]

    def neighbours(self, area_id: str, *, diagonal: bool = True) -> tuple[str, ...]:
        """The areas adjacent to ``area_id`` in the map's order; ``diagonal=False`` leaves out corners."""
        return tuple(n.to for n in self._areas[area_id].neighbours if diagonal or not n.diagonal)

    def border(self, a: str, b: str) -> Border | None:
        """The border from ``a`` to ``b``, or None when they are not adjacent."""
        return self._borders.get((a, b))

    def stacking_of(self, area_id: str) -> Stacking:
        return self.stacking[self._areas[area_id].stacking]

    def max_long_counters(self, area_id: str) -> int:
        """Long counters the area holds (13.7, G34): 0 where none fits."""
        area = self._areas[area_id]
        return 0 if area.no_long_counters else self.stacking[area.stacking].long_counters

    def terrain_of(self, area_id: str) -> TerrainDef:
        return self.terrain[self._areas[area_id].terrain]

    def blocks_los(self, area_id: str) -> bool:
        """The area's terrain blocks line of sight (woods, towns: 12.5)."""
        return self.terrain_of(area_id).blocks_los

    def roads_through(self, area_id: str) -> tuple[Road, ...]:
        return tuple(r for r in self.roads if area_id in r.areas)

    def distance(self, a: str, b: str) -> int:
        """Areas from ``a`` to ``b`` over neighbours, diagonal contacts included (2.3: b counted, a not)."""
        return self._distances[a][b]

    def within(self, area_id: str, reach: int) -> tuple[str, ...]:
        """The areas at distance 1 to ``reach`` from ``area_id``, nearest first, then in the map's order."""
        d = self._distances[area_id]
        order = {a.id: i for i, a in enumerate(self.areas)}
        return tuple(sorted((x for x, n in d.items() if 0 < n <= reach), key=lambda x: (d[x], order[x])))

    # -- geometry --

    def polygon(self, area_id: str) -> tuple[Point, ...]:
        """The area's shape in metres, counter-clockwise: its Voronoi cell clipped to the map."""
        return tuple(p for p, _ in self.geometry.cells[area_id])

    def los_point(self, area_id: str) -> Point:
        """The area's LOS point: its centre (G25)."""
        return self._areas[area_id].centre

    def between(self, a: str, b: str) -> Line:
        """The straight line between the LOS points of ``a`` and ``b`` (G25): the intervening areas in order,
        the borders crossed and those it runs along. Computed once per pair and kept."""
        return self.geometry.line(a, b)

    def facings(self, area_id: str) -> tuple[str, ...]:
        """The facings a long counter or battery may take in the area: towards one of its neighbours across a
        border, not a corner (G24) [OURS]."""
        return self.neighbours(area_id, diagonal=False)

    def facing_class(self, area_id: str, facing: str, neighbour: str) -> FacingClass:
        """Whether ``neighbour`` is front, flank or rear of a unit in ``area_id`` facing ``facing`` (13.9,
        G24). In an all-round-defence area every neighbour is front (2.3)."""
        if self._areas[area_id].all_round:
            return "front"
        return self._facing_classes[(area_id, facing)][neighbour]

    def facing_classes(self, area_id: str, facing: str) -> Mapping[str, FacingClass]:
        """Every neighbour's class for this facing, as computed from the polygons (all-round areas too)."""
        return self._facing_classes[(area_id, facing)]

    def charge_via(self, start: str, target: str) -> str | None:
        """The area a charge from ``start`` passes through to ``target`` (10.1): the target must be 2 areas
        away and the straight line between the LOS points must cross exactly one area, adjacent to both."""
        if self.distance(start, target) != 2:
            return None
        line = self.between(start, target)
        if len(line.areas) != 1:
            return None
        via = line.areas[0]
        if self.border(start, via) is None or self.border(via, target) is None:
            return None
        return via

    def charge_targets(self, start: str) -> Mapping[str, str]:
        """Every area a charge from ``start`` may aim at, with the area it passes through (10.1)."""
        return FrozenDict(
            {t: via for t in self.within(start, 2) if (via := self.charge_via(start, t)) is not None}
        )

    def continuation(self, before: str, target: str) -> str | None:
        """The grand charge's continuation (10.8): the area the line from ``before``'s LOS point through
        ``target``'s enters beyond the target, or None when it leaves the map."""
        return plane.first_cell_beyond(
            self.geometry.cells, self.los_point(before), self.los_point(target), target
        )

    def border_segment(self, a: str, b: str) -> tuple[Point, Point] | None:
        """The shared border of two neighbours as a segment in metres (seen from ``a``), None if none."""
        return self.geometry.shared.get((a, b))

    @cached_property
    def _perimeter(self) -> tuple[str, ...]:
        m = self.map
        width, height = m.x_max - m.x_min, m.y_max - m.y_min

        def around(x: float, y: float, side: str) -> float:  # clockwise from the north-west corner
            if side == "north":
                return x - m.x_min
            if side == "east":
                return width + (m.y_max - y)
            if side == "south":
                return width + height + (m.x_max - x)
            return 2 * width + height + (y - m.y_min)

        stops = sorted(
            (around((p[0] + q[0]) / 2, (p[1] + q[1]) / 2, tag), area)
            for area, cell in self.geometry.cells.items()
            for p, q, tag in plane.edges(cell)
            if tag in plane.SIDES_OF_MAP
        )
        order = [area for _, area in stops]
        out = [x for i, x in enumerate(order) if x != order[i - 1]]  # i - 1 = -1 wraps round the corner
        if not out:
            return tuple(order[:1])
        if out[-1] == order[0]:  # the corner area's last edge closes the ring: it starts it
            out = [out[-1], *out[:-1]]
        return tuple(out)

    def perimeter(self) -> tuple[str, ...]:
        """The areas on the map's edges clockwise from the north-west corner (6.0: "the nearest map-edge
        area", "the next area along the edge")."""
        return self._perimeter

    def corner(self, a: str, b: str) -> tuple[str, ...]:
        """For diagonal neighbours, the areas flanking the corner (G33: a diagonal move is forbidden when both
        hold enemy combat units): the other areas whose cells meet the short border's ends."""
        seg = self.geometry.shared.get((a, b))
        border = self.border(a, b)
        if seg is None or border is None or not border.diagonal:
            return ()
        out = []
        for other in self.neighbours(a):
            if other == b:
                continue
            mine = self.geometry.shared.get((a, other))
            theirs = self.geometry.shared.get((b, other))
            if mine is None or theirs is None:
                continue
            if any(math.dist(p, e) < 1.0 for p in seg for e in (*mine, *theirs)):
                out.append(other)
        return tuple(out)

    # -- the armies --

    def leaders_of(self, side: Side, *, variant: str | None = None) -> tuple[LeaderDef, ...]:
        """A side's leaders; those of a variant only when it is named."""
        return tuple(ld for ld in self.leaders if ld.side == side and ld.variant in (None, variant))

    def unit(self, unit_id: str) -> UnitDef:
        return self._units[unit_id]

    def leader(self, leader_id: str) -> LeaderDef:
        return self._leaders[leader_id]

    def hq(self, hq_id: str) -> HQDef:
        return next(h for h in self.hqs if h.id == hq_id)

    def formation(self, formation_id: str) -> Formation:
        return self._formations[formation_id]

    def formation_units(self, formation_id: str) -> tuple[str, ...]:
        """The units of a formation (its own units only, not those of formations under it)."""
        return tuple(u.id for u in self.units if u.formation == formation_id)

    def subordinates(self, formation_id: str) -> tuple[str, ...]:
        """The formations directly under ``formation_id`` in the chain."""
        return tuple(f.id for f in self.formations if f.superior == formation_id)

    def army_commander(self, side: Side) -> LeaderDef:
        return next(ld for ld in self.leaders if ld.side == side and ld.role == "army")

    def superior(self, leader_id: str) -> str | None:
        """The leader above ``leader_id`` in the chain (3.3): his formation's superior's leader, else the army
        commander; None for the army commander."""
        ld = self._leaders[leader_id]
        if ld.role == "army" or ld.formation is None:
            return None
        sup = self._formations[ld.formation].superior
        if sup is None:
            return self.army_commander(ld.side).id
        return self._formations[sup].leader

    def units_of(self, side: Side, *, variant: str | None = None) -> tuple[UnitDef, ...]:
        """A side's units; those of a variant only when it is named."""
        return tuple(u for u in self.units if u.side == side and u.variant in (None, variant))

    def scenario(self, scenario_id: str = "quatre-bras") -> Scenario:
        return next(s for s in self.scenarios if s.id == scenario_id)

    # -- the data as plain values --

    def dump(self) -> dict[str, Any]:
        """The map, the armies and the scenarios as plain values (for ``python -m engine.scenario eagles``):
        ``areas`` with ``id``, ``name``, ``elevation``, ``neighbours``; ``units`` with ``id``, ``side``,
        ``type``, ``sp``, ``morale``; ``leaders``; ``formations``; ``hqs``; ``roads``; ``scenarios``."""
        return {
            "name": self.name,
            "areas": [
                {
                    "id": a.id,
                    "name": a.name,
                    "terrain": a.terrain,
                    "elevation": a.elevation,
                    "x": a.x,
                    "y": a.y,
                    "edges": list(a.edges),
                    "all_round": a.all_round,
                    "stacking": a.stacking,
                    "max_long_counters": self.max_long_counters(a.id),
                    "neighbours": [n.model_dump() for n in a.neighbours],
                    "polygon": [[round(x, 1), round(y, 1)] for x, y in self.polygon(a.id)],
                }
                for a in self.areas
            ],
            "roads": [{"id": r.id, "kind": r.kind, "areas": list(r.areas)} for r in self.roads],
            "formations": [f.model_dump() for f in self.formations],
            "leaders": [{**ld.model_dump(), "superior": self.superior(ld.id)} for ld in self.leaders],
            "hqs": [h.model_dump() for h in self.hqs],
            "units": [{**u.model_dump(), "type": u.type} for u in self.units],
            "scenarios": [s.model_dump() for s in self.scenarios],
        }
