"""Scenario data model: map, order of battle, setups and time record, as frozen pydantic models.

The TOML files of ``data/napoleon/`` are read by :mod:`data.napoleon.loader`; this module describes what a
valid scenario looks like and gives the engine fast lookups (adjacency, road by its ends, name matching).

>>> from data.napoleon import load_scenario
>>> s = load_scenario("napoleon")
>>> [town for town, _ in s.neighbours("Brussels")]
['Alost', 'Hal', 'Louvain', 'Ninove', 'Waterloo', 'Wavre']
>>> s.road("Charleroi", "Laneffe").limit
10
>>> s.match_town("quatre")
'Quatre Bras'
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from datetime import date
from functools import cached_property
from types import MappingProxyType
from typing import Any, Literal

from pydantic import ConfigDict, Field, ValidationInfo, field_validator

from ..base import FrozenDict, _check_name, _Frozen, _match, normalize

Army = Literal["french", "british", "prussian"]
ARMIES: tuple[Army, ...] = ("french", "british", "prussian")
TurnSide = Literal["french", "allied"]
Country = Literal["france", "netherlands"]
DeploySide = Literal["west", "east"]
RoadClass = Literal["major", "minor"]
UnitType = Literal["infantry", "cavalry", "artillery", "leader"]
Nation = Literal["french", "british", "kgl", "dutch_belgian", "hanoverian", "brunswick", "nassau", "prussian"]

#: Which nations may serve in which army (product decision 3: the Dutch-Belgian, Hanoverian, Brunswick
#: and Nassau blocks are red blocks of the British army).
ARMY_NATIONS: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        "french": frozenset({"french"}),
        "british": frozenset({"british", "kgl", "dutch_belgian", "hanoverian", "brunswick", "nassau"}),
        "prussian": frozenset({"prussian"}),
    }
)

#: 5.3: units per road segment in one movement phase.
ROAD_LIMITS: Mapping[RoadClass, int] = MappingProxyType({"major": 10, "minor": 6})

KM_PER_DEGREE_LAT = 110.57
KM_PER_DEGREE_LON_EQUATOR = 111.32


class SupplyBase(_Frozen):
    """11.0: while a French unit holds this town, ``army`` loses ``loss`` units per French turn."""

    army: Literal["british", "prussian"]
    loss: int = Field(ge=1, le=10)


class Town(_Frozen):
    """A town (map node). ``x``, ``y``: km east and south of the scenario origin (:meth:`Scenario.to_xy`)."""

    name: str
    lat: float = Field(ge=-90, le=90)
    lon: float = Field(ge=-180, le=180)
    x: float
    y: float
    country: Country
    deploy_side: DeploySide | None = Field(default=None, validate_default=True)
    supply_base: SupplyBase | None = None

    @field_validator("name")
    @classmethod
    def _valid_name(cls, value: str) -> str:
        return _check_name(value)

    @field_validator("deploy_side")
    @classmethod
    def _side_only_outside_france(cls, value: DeploySide | None, info: ValidationInfo) -> DeploySide | None:
        # 3.1: the deployment line divides the Netherlands between the two Allied armies; France has no side.
        country = info.data.get("country")
        if country == "france" and value is not None:
            raise ValueError("a French town has no deployment side; omit it")
        if country == "netherlands" and value is None:
            raise ValueError('a Netherlands town needs a deploy_side, "west" (British) or "east" (Prussian)')
        return value

    @field_validator("supply_base")
    @classmethod
    def _base_outside_france(cls, value: SupplyBase | None, info: ValidationInfo) -> SupplyBase | None:
        if value is not None and info.data.get("country") == "france":
            raise ValueError("an Allied supply base (11.0) cannot be a French town")
        return value


class Road(_Frozen):
    """A road segment between two adjacent towns. ``cls`` is written ``class`` in TOML and JSON."""

    model_config = ConfigDict(
        frozen=True, extra="forbid", validate_by_name=True, validate_by_alias=True, serialize_by_alias=True
    )

    a: str
    b: str
    cls: RoadClass = Field(alias="class")
    river: str | None = None

    @property
    def limit(self) -> int:
        """5.3: 10 units per movement phase on a major road, 6 on a minor one."""
        return ROAD_LIMITS[self.cls]

    @property
    def ends(self) -> tuple[str, str]:
        return (self.a, self.b)

    def other(self, town: str) -> str:
        """The end of this road that is not ``town``."""
        if town == self.a:
            return self.b
        if town == self.b:
            return self.a
        raise ValueError(f"{town!r} is not an end of the road between {self.a} and {self.b}")


class UnitDef(_Frozen):
    """One block of the order of battle (its fixed data; the engine keeps current cv and location)."""

    id: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_-]*$", max_length=12)
    name: str = Field(min_length=1)
    army: Army
    nation: Nation
    type: UnitType
    corps: str = Field(min_length=1)
    max_cv: int
    guard: bool = False
    commander: str | None = None
    note: str | None = None

    @field_validator("nation")
    @classmethod
    def _nation_of_army(cls, value: str, info: ValidationInfo) -> str:
        army = info.data.get("army")
        nations = ARMY_NATIONS.get(army) if isinstance(army, str) else None
        if nations is not None and value not in nations:
            allowed = ", ".join(sorted(nations))
            raise ValueError(f"nation {value!r} does not serve in the {army} army (allowed: {allowed})")
        return value

    @field_validator("max_cv")
    @classmethod
    def _cv_range(cls, value: int, info: ValidationInfo) -> int:
        # 2.3: a block has 4, 3 or 2 cv (British II Corps artillery: 2); a leader is a 1-step unit (10.0).
        kind = info.data.get("type")
        if kind == "leader" and value != 1:
            raise ValueError("a leader has max_cv 1")
        if kind != "leader" and not 2 <= value <= 4:
            raise ValueError("a combat block has max_cv 2, 3 or 4")
        return value

    @field_validator("guard")
    @classmethod
    def _guard_is_french(cls, value: bool, info: ValidationInfo) -> bool:
        if value and info.data.get("army") != "french":
            raise ValueError("only French units can be Imperial Guard")
        return value

    @property
    def is_leader(self) -> bool:
        return self.type == "leader"


class TurnDef(_Frozen):
    """One campaign turn of the time record (one side's turn; a slot is a French then an Allied turn)."""

    n: int = Field(ge=1)
    side: TurnSide
    day: date
    slot: str = Field(min_length=1)
    night: bool


class River(_Frozen):
    """A river course for drawing, as (lat, lon) points from upstream to downstream."""

    name: str = Field(min_length=1)
    points: tuple[tuple[float, float], ...] = Field(min_length=2)


class FreeRule(_Frozen):
    """3.1 free deployment: the towns an army may set up in (all criteria must hold) and the cap per town."""

    country: Country | None = None
    side: DeploySide | None = None
    cap: int = Field(ge=1)

    def allows(self, town: Town) -> bool:
        if self.country is not None and town.country != self.country:
            return False
        return self.side is None or town.deploy_side == self.side


class Scenario(_Frozen):
    """A whole scenario, validated; :func:`data.napoleon.load_scenario` reads one from its TOML files."""

    name: str
    origin: tuple[float, float]
    mid_lat: float = Field(ge=-89, le=89)
    towns: tuple[Town, ...]
    roads: tuple[Road, ...]
    units: tuple[UnitDef, ...]
    counts: Mapping[Army, int]
    historical: Mapping[str, str]
    free: Mapping[Army, FreeRule]
    turns: tuple[TurnDef, ...]
    deployment_line: tuple[tuple[float, float], ...]
    border: tuple[tuple[float, float], ...]
    rivers: tuple[River, ...]

    def model_post_init(self, context: Any, /) -> None:
        # Read-only mappings: one cached Scenario is shared by every game in the process.
        for field in ("counts", "historical", "free"):
            object.__setattr__(self, field, FrozenDict(getattr(self, field)))
        self._index  # noqa: B018 -- build the lookups now, not in the middle of a game

    @cached_property
    def _index(self) -> _Index:
        # A cached_property lives in the instance __dict__: reading it is a plain attribute lookup, which the
        # engine does thousands of times per game (pydantic private attributes go through __getattr__).
        return _Index(self)

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Scenario:
        """The scenario itself (it is immutable), or with ``update`` a new, validated scenario."""
        if not update:
            return self
        fields = {name: getattr(self, name) for name in type(self).model_fields}
        return type(self).model_validate({**fields, **update})

    def __copy__(self) -> Scenario:
        return self

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Scenario:
        return self  # immutable: game states that refer to their scenario can be deep-copied cheaply

    def __getstate__(self) -> dict[Any, Any]:
        state = super().__getstate__()
        state["__dict__"] = {k: v for k, v in state["__dict__"].items() if k != "_index"}
        return state

    def __hash__(self) -> int:  # equal scenarios have equal names; the mappings themselves are not hashable
        return hash(self.name)

    # -- towns and roads -------------------------------------------------------------------------------------

    def town(self, name: str) -> Town:
        """The town with exactly this name; ``KeyError`` otherwise (use :meth:`match_town` for typed text)."""
        return self._index.towns[name]

    def road(self, a: str, b: str) -> Road | None:
        """The road between two towns, in either order, or ``None`` if they are not adjacent."""
        return self._index.roads.get((a, b))

    def neighbours(self, name: str) -> tuple[tuple[str, Road], ...]:
        """Adjacent towns with the road to each, sorted by town name; ``KeyError`` for an unknown town."""
        return self._index.adjacent[name]

    def is_french(self, name: str) -> bool:
        """Whether a town lay in France in June 1815 (3.1)."""
        return self._index.towns[name].country == "france"

    def supply_bases(self) -> tuple[Town, ...]:
        """The Allied supply bases (11.0), in map order."""
        return self._index.bases

    def to_xy(self, lat: float, lon: float) -> tuple[float, float]:
        """Equirectangular projection: km east and south of :attr:`origin`, scaled at :attr:`mid_lat`."""
        return project(self.origin, self.mid_lat, lat, lon)

    # -- units and setups ------------------------------------------------------------------------------------

    def unit(self, unit_id: str) -> UnitDef:
        """The unit with exactly this id; ``KeyError`` otherwise."""
        return self._index.units[unit_id]

    def free_towns(self, army: str) -> tuple[str, ...]:
        """3.1: the towns where ``army`` may deploy in a free setup, sorted by name."""
        return self._index.free_towns[army]

    def free_cap(self, army: str) -> int:
        """3.1: at most this many units of ``army`` per town in a free setup."""
        return self._index.free_caps[army]

    # -- text matching (orders typed by players) -------------------------------------------------------------

    def match_town(self, text: str) -> str:
        """The town meant by ``text``, ignoring case and accents: an exact name first, else a unique prefix.

        Raises :class:`NoMatch` or :class:`AmbiguousMatch` (both ``LookupError``) with a message for players.
        """
        return _match(text, self._index.town_keys, "town")

    def match_unit(self, text: str) -> str:
        """The unit id meant by ``text``: case-insensitive; an exact id first (``FR-1`` is not ``FR-10``),
        else a unique prefix. Raises :class:`NoMatch` or :class:`AmbiguousMatch`."""
        return _match(text, self._index.unit_keys, "unit", fold=str.casefold)


class _Index:
    """Lookups derived from a scenario, built once. Built leniently (a duplicate keeps its first entry, a road
    to an unknown town is still indexed): the loader's checks report such faults with their file and entry."""

    __slots__ = (
        "adjacent",
        "bases",
        "free_caps",
        "free_towns",
        "roads",
        "town_keys",
        "towns",
        "unit_keys",
        "units",
    )

    def __init__(self, s: Scenario) -> None:
        self.towns: dict[str, Town] = {}
        self.town_keys: dict[str, str] = {}
        for town in s.towns:
            self.towns.setdefault(town.name, town)
            self.town_keys.setdefault(normalize(town.name), town.name)
        self.units: dict[str, UnitDef] = {}
        self.unit_keys: dict[str, str] = {}
        for unit in s.units:
            self.units.setdefault(unit.id, unit)
            self.unit_keys.setdefault(unit.id.casefold(), unit.id)
        self.roads: dict[tuple[str, str], Road] = {}
        adjacent: dict[str, list[tuple[str, Road]]] = {name: [] for name in self.towns}
        for road in s.roads:
            if road.a == road.b or (road.a, road.b) in self.roads:
                continue
            self.roads[(road.a, road.b)] = self.roads[(road.b, road.a)] = road
            adjacent.setdefault(road.a, []).append((road.b, road))
            adjacent.setdefault(road.b, []).append((road.a, road))
        self.adjacent: dict[str, tuple[tuple[str, Road], ...]] = {
            name: tuple(sorted(pairs, key=lambda pair: pair[0])) for name, pairs in adjacent.items()
        }
        self.free_towns: dict[str, tuple[str, ...]] = {
            army: tuple(sorted(t.name for t in s.towns if rule.allows(t))) for army, rule in s.free.items()
        }
        self.free_caps: dict[str, int] = {army: rule.cap for army, rule in s.free.items()}
        self.bases: tuple[Town, ...] = tuple(t for t in s.towns if t.supply_base is not None)


def project(origin: tuple[float, float], mid_lat: float, lat: float, lon: float) -> tuple[float, float]:
    """km east and south of ``origin`` (lat0, lon0), equirectangular:
    x = (lon - lon0) * 111.32 * cos(mid_lat), y = (lat0 - lat) * 110.57."""
    lat0, lon0 = origin
    x = (lon - lon0) * KM_PER_DEGREE_LON_EQUATOR * math.cos(math.radians(mid_lat))
    return (x, (lat0 - lat) * KM_PER_DEGREE_LAT)


def connected_components(names: Iterable[str], roads: Iterable[Road]) -> list[set[str]]:
    """The road network's connected parts (largest first); a valid map has exactly one."""
    parent = {name: name for name in names}

    def root(n: str) -> str:
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    for road in roads:
        if road.a in parent and road.b in parent:
            parent[root(road.a)] = root(road.b)
    parts: dict[str, set[str]] = {}
    for name in parent:
        parts.setdefault(root(name), set()).add(name)
    return sorted(parts.values(), key=len, reverse=True)
