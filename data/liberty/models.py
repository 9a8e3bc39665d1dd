"""Liberty data model: the hex map, the block table, the 1775 set-up and the deck, as frozen pydantic models.

OUR RECONSTRUCTION FROM HISTORY, NOT THE PUBLISHED BOARD OR BLOCK SHEET (see ``data/liberty/README.md``).
The TOML files of ``data/liberty/`` are read by :mod:`data.liberty.loader`; this module describes a valid
scenario and gives the engine fast lookups (hex neighbours with their hexsides, waterways, towns, names).

>>> from data.liberty import load_liberty
>>> lib = load_liberty()
>>> lib.town("Boston").hex, lib.town("Boston").value
('21.08', 3)
>>> sorted(h for h, side in lib.neighbours("21.08") if side.land)[:3]
['20.08', '20.09', '21.07']
>>> lib.match_town("ticon"), lib.match_unit("wash")
('Ticonderoga', 'WASHINGTON')
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from functools import cached_property
from typing import Any, Literal

from pydantic import Field, ValidationInfo, field_validator

from data.base import FrozenDict, _check_name, _Frozen, _match, normalize

Side = Literal["british", "american"]
Colour = Literal["blue", "red", "orange"]
HexTerrain = Literal["land", "sea", "lake"]
Region = Literal["north", "south"]
SideTerrain = Literal["clear", "forest", "swamp", "sea", "lake"]
WaterwayKind = Literal["river", "lake"]
Nation = Literal["british", "hessian", "loyalist", "indian", "american", "french"]
UnitType = Literal[
    "leader", "infantry", "light_infantry", "rifles", "guards", "dragoons", "warship", "indians"
]
CardKind = Literal["action", "supply"]
Deploy = Literal["atlantic", "supply_town", "home_town"]

SIDES: tuple[Side, ...] = ("british", "american")
#: 2.0: the British are the red blocks; the Americans and the French the blue ones.
SIDE_OF_NATION: Mapping[str, Side] = FrozenDict(
    {"british": "british", "hessian": "british", "loyalist": "british", "indian": "british",
     "american": "american", "french": "american"}
)  # fmt: skip
#: 5.2: blocks per player across one hexside in one game turn.
HEXSIDE_LIMITS: Mapping[str, int] = FrozenDict({"clear": 4, "forest": 2, "swamp": 2, "sea": 0, "lake": 0})
RIVER_FOREST_LIMIT = 3  # 5.2: a forest/swamp hexside a river flows through
LAND_CROSSINGS = frozenset({"clear", "forest", "swamp"})
#: 2.22, 2.23, 2.25: the ratings and movement the text gives per type (None: not given, ours).
TYPE_RATINGS: Mapping[str, frozenset[str] | None] = FrozenDict(
    {"infantry": frozenset({"C1", "C2"}), "light_infantry": frozenset({"B2"}), "rifles": frozenset({"B3"}),
     "guards": frozenset({"C4"}), "dragoons": frozenset({"B2"}), "indians": frozenset({"B1"}),
     "leader": None, "warship": None}
)  # fmt: skip
TYPE_MOVES: Mapping[str, int | None] = FrozenDict(
    {"infantry": 1, "light_infantry": 1, "rifles": 1, "guards": 1, "dragoons": 2, "warship": 2,
     "leader": None, "indians": None}
)  # fmt: skip
_RATING = re.compile(r"^[ABC][1-6]$")

# -- the hex grid (odd-q offset coordinates) ---------------------------------------------------------------

_HEX_ID = re.compile(r"^(\d{2})\.(\d{2})$")
# odd-q: odd columns sit half a hex lower (south) than even ones; the six neighbours of (col, row):
_EVEN_COL_STEPS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1))
_ODD_COL_STEPS = ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))


def hex_id(col: int, row: int) -> str:
    """The id of the hex in column ``col``, row ``row``: ``cc.rr``, e.g. ``hex_id(21, 8) == "21.08"``."""
    return f"{col:02d}.{row:02d}"


def parse_hex(text: str) -> tuple[int, int]:
    """(col, row) of a hex id ``cc.rr``; ``ValueError`` for anything else."""
    m = _HEX_ID.match(text)
    if not m:
        raise ValueError(f"{text!r} is not a hex id (cc.rr, e.g. 21.08)")
    return int(m.group(1)), int(m.group(2))


def grid_neighbours(col: int, row: int) -> tuple[tuple[int, int], ...]:
    """The six neighbours of (col, row) on the unbounded odd-q grid, clockwise from north."""
    steps = _ODD_COL_STEPS if col % 2 else _EVEN_COL_STEPS
    return tuple((col + dc, row + dr) for dc, dr in steps)


def grid_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Hexes between two (col, row) cells, counted in steps from hex to hex."""

    def cube(col: int, row: int) -> tuple[int, int]:
        return col, row - (col - (col & 1)) // 2

    (x1, z1), (x2, z2) = cube(*a), cube(*b)
    return max(abs(x1 - x2), abs(z1 - z2), abs((x1 + z1) - (x2 + z2)))


# -- map ----------------------------------------------------------------------------------------------------


class GridSpec(_Frozen):
    """The grid: odd-q offset coordinates, flat-topped hexes ``hex_km`` across the flats."""

    convention: Literal["odd-q"]
    hex_km: float = Field(gt=0)
    cols: tuple[int, int]
    rows: tuple[int, int]

    def contains(self, col: int, row: int) -> bool:
        return self.cols[0] <= col <= self.cols[1] and self.rows[0] <= row <= self.rows[1]


class Hex(_Frozen):
    """One hex. ``wilderness``: at least two forest/swamp hexsides (1.4); ``half``: cut by the frame (1.1)."""

    id: str
    terrain: HexTerrain
    region: Region
    wilderness: bool = False
    half: bool = False

    @field_validator("id")
    @classmethod
    def _valid_id(cls, value: str) -> str:
        parse_hex(value)
        return value

    @property
    def col(self) -> int:
        return parse_hex(self.id)[0]

    @property
    def row(self) -> int:
        return parse_hex(self.id)[1]

    @property
    def land(self) -> bool:
        """1.1: land blocks may stand here (not an all-sea or all-lake hex)."""
        return self.terrain == "land"


class Hexside(_Frozen):
    """The side between two adjacent hexes ``a`` < ``b``.

    ``terrain`` clear, forest or swamp is a land crossing; sea or lake, a water crossing no land block makes
    (1.1).
    ``navigable``: warships may cross it (8.1). ``rivers``: the rivers and lake lines crossing it (5.2, 5.6).
    ``shore``: the lake whose shore it follows (5.6)."""

    a: str
    b: str
    terrain: SideTerrain
    navigable: bool = False
    rivers: tuple[str, ...] = ()
    shore: str | None = None

    @property
    def land(self) -> bool:
        """Land blocks may cross it."""
        return self.terrain in LAND_CROSSINGS

    @property
    def forest(self) -> bool:
        """A forest/swamp hexside (5.2; both count for wilderness, 1.4)."""
        return self.terrain in ("forest", "swamp")

    @property
    def limit(self) -> int:
        """5.2: the most blocks one player may move across it in a game turn (0: no land block may)."""
        if self.forest and self.rivers:
            return RIVER_FOREST_LIMIT
        return HEXSIDE_LIMITS[self.terrain]

    @property
    def stops(self) -> bool:
        """5.2: a block (not an Indian) crossing it must stop: forest/swamp with no river through it."""
        return self.forest and not self.rivers

    @property
    def waterways(self) -> tuple[str, ...]:
        """The waterways a river move may follow across it (5.6)."""
        return (*self.rivers, self.shore) if self.shore else self.rivers

    def other(self, hex_: str) -> str:
        if hex_ == self.a:
            return self.b
        if hex_ == self.b:
            return self.a
        raise ValueError(f"{hex_} is not a hex of the hexside {self.a}/{self.b}")


class Waterway(_Frozen):
    """A river or lake line (``hexes`` in order, for drawing) or a lake shore (``hexes`` empty)."""

    name: str = Field(min_length=1)
    kind: WaterwayKind
    hexes: tuple[str, ...] = ()


class Town(_Frozen):
    """A place blocks can stand in with a name: a town in a hex, or a West Indies port (``hex`` None, 9.1).

    ``value``: 1–4 for a supply town (winter supply, 11.4), 0 for a small town; ``vp``: British victory points
    (1.2, 11.1), the value unless given; ``indians``: the Indian block whose own town it is (orange towns)."""

    name: str
    hex: str | None = None
    colour: Colour
    value: int = Field(default=0, ge=0, le=4)
    vp: int | None = Field(default=None, ge=0, le=4)
    port: bool = False
    fort: bool = False
    indians: str | None = Field(default=None, validate_default=True)
    west_indies: bool = False
    lat: float | None = Field(default=None, ge=-90, le=90)
    lon: float | None = Field(default=None, ge=-180, le=180)

    @field_validator("name")
    @classmethod
    def _valid_name(cls, value: str) -> str:
        return _check_name(value)

    @field_validator("indians")
    @classmethod
    def _indians_in_orange(cls, value: str | None, info: ValidationInfo) -> str | None:
        orange = info.data.get("colour") == "orange"
        if orange and value is None:
            raise ValueError("an orange town (1.2) is an Indian town: name its Indian block")
        if value is not None and not orange:
            raise ValueError("only an orange town is an Indian block's own town")
        if orange and info.data.get("value"):
            raise ValueError("an Indian town has no supply value (3.3 supplies Indians there separately)")
        return value

    @property
    def victory_points(self) -> int:
        """1.2: the town's value counts for the British at the winter victory check (11.1)."""
        return self.value if self.vp is None else self.vp

    @property
    def supply(self) -> bool:
        """A supply town (1.2): value 1–4."""
        return self.value > 0


class Label(_Frozen):
    """A place drawn on the map only (a merged town, a battlefield, another Indian town)."""

    name: str
    hex: str
    lat: float
    lon: float


class Break(_Frozen):
    """5.6: a place no river move passes: the two waterways never share a hexside."""

    name: str
    waterways: tuple[str, str]


class DisbandBar(_Frozen):
    """11.3: enemy blocks in ``enemy_in`` forbid disbanding in ``ports``."""

    enemy_in: str
    ports: tuple[str, ...] = Field(min_length=1)


# -- blocks -------------------------------------------------------------------------------------------------


class UnitDef(_Frozen):
    """One block's fixed data (the engine keeps its strength and place)."""

    id: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_-]*$", max_length=12)
    name: str = Field(min_length=1)
    side: Side
    nation: Nation
    type: UnitType
    rating: str
    max_cv: int = Field(ge=2, le=4)
    move: int = Field(ge=1, le=4)
    militia: bool = False
    home: str | None = None
    note: str | None = None

    @field_validator("nation")
    @classmethod
    def _nation_of_side(cls, value: str, info: ValidationInfo) -> str:
        side = info.data.get("side")
        if side is not None and SIDE_OF_NATION[value] != side:
            raise ValueError(f"nation {value!r} is on the {SIDE_OF_NATION[value]} side (2.0), not {side}")
        return value

    @field_validator("rating")
    @classmethod
    def _rating(cls, value: str, info: ValidationInfo) -> str:
        if not _RATING.match(value):
            raise ValueError(f"{value!r} is not a combat rating: a letter A, B or C and a number 1-6 (2.12)")
        kind = info.data.get("type")
        allowed = TYPE_RATINGS.get(kind) if isinstance(kind, str) else None
        if allowed is not None and value not in allowed:
            raise ValueError(
                f"a {kind} block is rated {' or '.join(sorted(allowed))} (2.22-2.25), not {value}"
            )
        return value

    @field_validator("move")
    @classmethod
    def _move(cls, value: int, info: ValidationInfo) -> int:
        kind = info.data.get("type")
        expected = TYPE_MOVES.get(kind) if isinstance(kind, str) else None
        if expected is not None and value != expected:
            raise ValueError(f"a {kind} block moves {expected} (2.22, 2.23, 8.1), not {value}")
        return value

    @field_validator("militia")
    @classmethod
    def _militia(cls, value: bool, info: ValidationInfo) -> bool:
        if value and (info.data.get("nation") != "american" or info.data.get("type") != "infantry"):
            raise ValueError("militia (6.2) are American infantry")
        return value

    @field_validator("home")
    @classmethod
    def _home(cls, value: str | None, info: ValidationInfo) -> str | None:
        indians = info.data.get("type") == "indians"
        if indians and value is None:
            raise ValueError("an Indian block needs its own town (2.25, 10.0)")
        if value is not None and not indians:
            raise ValueError("only an Indian block has a home town")
        return value

    @field_validator("type")
    @classmethod
    def _type_of_nation(cls, value: str, info: ValidationInfo) -> str:
        nation = info.data.get("nation")
        if (value == "indians") != (nation == "indian"):
            raise ValueError("Indian blocks, and only they, are of nation 'indian' (2.25)")
        if value == "warship" and nation not in ("british", "french"):
            raise ValueError("warships are British or French (2.24)")
        if value == "guards" and nation != "british":
            raise ValueError("the Guards are British (2.22)")
        return value

    @property
    def letter(self) -> str:
        """2.12: A blocks fire before B, B before C."""
        return self.rating[0]

    @property
    def fire(self) -> int:
        """2.12: the highest die roll that hits."""
        return int(self.rating[1:])

    def rating_in(self, hex_: str | None, home_hex: str | None) -> str:
        """2.25: an Indian block is B2 attacking or defending in its own town's hex, its rating elsewhere."""
        if self.type == "indians" and hex_ is not None and hex_ == home_hex:
            return f"{self.letter}{self.fire + 1}"
        return self.rating

    @property
    def is_leader(self) -> bool:
        return self.type == "leader"

    @property
    def colour(self) -> Literal["red", "blue"]:
        return "red" if self.side == "british" else "blue"

    @property
    def can_sea_move(self) -> bool:
        """5.7: American and Indian blocks cannot move by sea (British, Hessian, Loyalist, French can)."""
        return self.nation not in ("american", "indian")

    @property
    def deploys(self) -> Deploy:
        """6.1, 6.2: where a block drawn from the pool is placed: British, Hessians and French in the Atlantic
        box; Loyalists and Americans in a friendly supply town; Indians in their own town."""
        if self.nation in ("british", "hessian", "french"):
            return "atlantic"
        if self.nation == "indian":
            return "home_town"
        return "supply_town"


class SetupEntry(_Frozen):
    """12.0: a block that starts on the board (or in the Atlantic or a West Indies port)."""

    id: str
    at: str = Field(min_length=1)
    cv: int | None = Field(default=None, ge=1, le=4)


# -- cards and constants ------------------------------------------------------------------------------------


class Card(_Frozen):
    """3.0: an action card (1–3 actions, 3.1) or a supply card (2 or 3 steps, 3.3)."""

    id: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_-]*$", max_length=12)
    kind: CardKind
    value: int

    @field_validator("value")
    @classmethod
    def _value(cls, value: int, info: ValidationInfo) -> int:
        kind = info.data.get("kind")
        if kind == "action" and not 1 <= value <= 3:
            raise ValueError("an action card gives 1, 2 or 3 actions (3.1)")
        if kind == "supply" and value not in (2, 3):
            raise ValueError("a supply card gives 2 or 3 steps (3.3)")
        return value


class DeckRules(_Frozen):
    action: int = Field(ge=1)
    supply: int = Field(ge=0)
    hand: int = Field(ge=1)
    turns_per_year: int = Field(ge=1)


class Victory(_Frozen):
    """11.1 (options, the text's defaults): British win at ``british_at_least`` victory points or more, the
    Americans when the British have fewer than ``american_below``, or at the end of ``last_year``."""

    british_at_least: int = Field(default=30, ge=1)
    american_below: int = Field(default=12, ge=0)
    first_year: int = 1775
    last_year: int = 1783


class FrenchEntry(_Frozen):
    """9.0, 11.2: each winter from ``from_year`` on the American rolls ``dice`` d6; ``at_least`` brings France
    in."""

    from_year: int = 1776
    dice: int = Field(default=2, ge=1)
    at_least: int = Field(default=8, ge=1)


# -- the scenario -------------------------------------------------------------------------------------------


class Liberty(_Frozen):
    """The whole Liberty scenario, validated; use :func:`data.liberty.load_liberty` to read it."""

    name: str
    grid: GridSpec
    hexes: tuple[Hex, ...]
    hexsides: tuple[Hexside, ...]
    waterways: tuple[Waterway, ...]
    towns: tuple[Town, ...]
    labels: tuple[Label, ...]
    atlantic: str
    west_indies_direct: tuple[tuple[str, str], ...]
    west_indies_stack: int = Field(ge=1)
    disband_bars: tuple[DisbandBar, ...]
    breaks: tuple[Break, ...]
    units: tuple[UnitDef, ...]
    counts: Mapping[str, Any]
    setup: tuple[SetupEntry, ...]
    deck: DeckRules
    cards: tuple[Card, ...]
    victory: Victory
    french_entry: FrenchEntry

    def model_post_init(self, context: Any, /) -> None:
        object.__setattr__(self, "counts", FrozenDict(self.counts))
        self._index  # noqa: B018 -- build the lookups now, not in the middle of a game

    @cached_property
    def _index(self) -> _Index:
        return _Index(self)

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Liberty:
        """The scenario itself (it is immutable), or with ``update`` a new, validated scenario."""
        if not update:
            return self
        fields = {name: getattr(self, name) for name in type(self).model_fields}
        return type(self).model_validate({**fields, **update})

    def __copy__(self) -> Liberty:
        return self

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Liberty:
        return self

    def __getstate__(self) -> dict[Any, Any]:
        state = super().__getstate__()
        state["__dict__"] = {k: v for k, v in state["__dict__"].items() if k != "_index"}
        return state

    def __hash__(self) -> int:
        return hash(self.name)

    # -- hexes ----------------------------------------------------------------------------------------------

    def hex(self, hex_: str) -> Hex:
        """The hex with this id; ``KeyError`` if it is not on the map."""
        return self._index.hexes[hex_]

    def hexside(self, a: str, b: str) -> Hexside | None:
        """The hexside between two hexes, in either order, or ``None`` if they are not adjacent on the map."""
        return self._index.sides.get((a, b))

    def neighbours(self, hex_: str) -> tuple[tuple[str, Hexside], ...]:
        """The adjacent hexes on the map with the hexside to each, clockwise from north."""
        return self._index.adjacent[hex_]

    def distance(self, a: str, b: str) -> int:
        """Hexes from ``a`` to ``b`` on the grid, counted in steps (whatever the terrain)."""
        return grid_distance(parse_hex(a), parse_hex(b))

    def region(self, place: str) -> Region | None:
        """4.0: "north" or "south" for a hex or a town; the West Indies are South, the Atlantic neither."""
        if place in self._index.hexes:
            return self._index.hexes[place].region
        town = self._index.towns.get(place)
        if town is None:
            if place == self.atlantic:
                return None
            raise KeyError(place)
        return "south" if town.hex is None else self._index.hexes[town.hex].region

    def rating(self, unit_id: str, hex_: str | None) -> str:
        """2.25: the block's combat rating in a battle in ``hex_`` (an Indian is B2 in its own town's hex)."""
        unit = self._index.units[unit_id]
        home = self._index.towns[unit.home].hex if unit.home else None
        return unit.rating_in(hex_, home)

    def coastal(self, hex_: str) -> bool:
        """The hex has a navigable hexside (a port must, 1.3)."""
        return hex_ in self._index.coastal

    def waterway_neighbours(self, hex_: str, waterway: str) -> tuple[str, ...]:
        """The hexes one step from ``hex_`` along ``waterway``'s hexsides (5.6; a river move is two such steps
        along one waterway)."""
        return self._index.along.get((hex_, waterway), ())

    def centre_km(self, hex_: str) -> tuple[float, float]:
        """The hex centre in km east and south of the centre of the frame's first hex (col 02, row 00)."""
        col, row = parse_hex(hex_)
        side = self.grid.hex_km / math.sqrt(3)
        x = 1.5 * side * (col - self.grid.cols[0])
        y = self.grid.hex_km * (row - self.grid.rows[0] + 0.5 * (col % 2))
        return (round(x, 3), round(y, 3))

    # -- places ---------------------------------------------------------------------------------------------

    @property
    def places(self) -> tuple[Town, ...]:
        """Every town: those on the map, then the two West Indies ports (the Atlantic box is ``atlantic``)."""
        return self.towns

    def town(self, name: str) -> Town:
        """The town (or West Indies port) with exactly this name; ``KeyError`` otherwise."""
        return self._index.towns[name]

    def town_at(self, hex_: str) -> Town | None:
        """The town in this hex, if any (a hex holds at most one town)."""
        return self._index.town_at.get(hex_)

    def west_indies(self) -> tuple[Town, ...]:
        """9.1: the British and the French West Indies ports."""
        return tuple(t for t in self.towns if t.west_indies)

    def ports(self) -> tuple[Town, ...]:
        """1.3: the towns with an anchor on the map (every one leads to the Atlantic box, 5.7)."""
        return tuple(t for t in self.towns if t.port and not t.west_indies)

    def total_vp(self) -> int:
        """11.1: the victory points of every supply town (what the thresholds are measured against)."""
        return sum(t.victory_points for t in self.towns)

    def home_of(self, unit_id: str) -> Town | None:
        """An Indian block's own town (2.25)."""
        home = self._index.units[unit_id].home
        return None if home is None else self._index.towns[home]

    def sea_links(self, place: str) -> tuple[str, ...]:
        """Where a sea move from ``place`` may go (5.7, 9.1): a port to the Atlantic box; the Atlantic box to
        every port and both West Indies ports; a West Indies port to the Atlantic box and the other one."""
        return self._index.sea.get(place, ())

    # -- blocks ---------------------------------------------------------------------------------------------

    def unit(self, unit_id: str) -> UnitDef:
        """The block with exactly this id; ``KeyError`` otherwise."""
        return self._index.units[unit_id]

    def start(self, unit_id: str) -> SetupEntry | None:
        """12.0: where the block starts, or ``None`` if it starts in a pool."""
        return self._index.start.get(unit_id)

    def pool(self, pool: Literal["british", "american", "french"]) -> tuple[str, ...]:
        """12.0: the blocks not set up: the British pool, the American pool and the French pool (face up until
        French entry, then mixed into the American pool)."""
        return self._index.pools[pool]

    # -- text matching --------------------------------------------------------------------------------------

    def match_town(self, text: str) -> str:
        """The town meant by ``text``, ignoring case and accents: an exact name first, else a unique prefix.
        Raises :class:`~data.NoMatch` or :class:`~data.AmbiguousMatch`."""
        return _match(text, self._index.town_keys, "town")

    def match_place(self, text: str) -> str:
        """A hex id (``21.08``), the Atlantic box, or a town (as :meth:`match_town`: its name)."""
        key = text.strip()
        if key in self._index.hexes:
            return key
        if normalize(key) == normalize(self.atlantic):
            return self.atlantic
        return self.match_town(key)

    def match_unit(self, text: str) -> str:
        """The block id meant by ``text``: case-insensitive; an exact id first (``AM-1`` is not ``AM-10``),
        else a unique prefix. Raises :class:`~data.NoMatch` or :class:`~data.AmbiguousMatch`."""
        return _match(text, self._index.unit_keys, "unit", fold=str.casefold)


class _Index:
    """Lookups derived from a scenario, built once, leniently (the loader reports faults with their entry)."""

    __slots__ = ("adjacent", "along", "coastal", "hexes", "pools", "sea", "sides", "start", "town_at",
                 "town_keys", "towns", "unit_keys", "units")  # fmt: skip

    def __init__(self, s: Liberty) -> None:
        self.hexes: dict[str, Hex] = {}
        for h in s.hexes:
            self.hexes.setdefault(h.id, h)
        self.sides: dict[tuple[str, str], Hexside] = {}
        for side in s.hexsides:
            self.sides.setdefault((side.a, side.b), side)
            self.sides.setdefault((side.b, side.a), side)
        self.adjacent: dict[str, tuple[tuple[str, Hexside], ...]] = {}
        for hid in self.hexes:
            cells = (hex_id(c, r) for c, r in grid_neighbours(*parse_hex(hid)))
            self.adjacent[hid] = tuple((n, self.sides[(hid, n)]) for n in cells if (hid, n) in self.sides)
        self.coastal = frozenset(x for side in s.hexsides if side.navigable for x in (side.a, side.b))
        along: dict[tuple[str, str], list[str]] = {}
        for side in s.hexsides:
            for way in side.waterways:
                along.setdefault((side.a, way), []).append(side.b)
                along.setdefault((side.b, way), []).append(side.a)
        self.along = {key: tuple(sorted(hexes)) for key, hexes in along.items()}
        self.towns: dict[str, Town] = {}
        self.town_keys: dict[str, str] = {}
        self.town_at: dict[str, Town] = {}
        for town in s.towns:
            self.towns.setdefault(town.name, town)
            self.town_keys.setdefault(normalize(town.name), town.name)
            if town.hex is not None:
                self.town_at.setdefault(town.hex, town)
        wi = [t.name for t in s.towns if t.west_indies]
        ports = [t.name for t in s.towns if t.port and not t.west_indies]
        self.sea: dict[str, tuple[str, ...]] = {s.atlantic: (*ports, *wi)}
        for port in ports:
            self.sea[port] = (s.atlantic,)
        for name in wi:
            direct = [b if a == name else a for a, b in s.west_indies_direct if name in (a, b)]
            self.sea[name] = (s.atlantic, *direct)
        self.units: dict[str, UnitDef] = {}
        self.unit_keys: dict[str, str] = {}
        for unit in s.units:
            self.units.setdefault(unit.id, unit)
            self.unit_keys.setdefault(unit.id.casefold(), unit.id)
        self.start: dict[str, SetupEntry] = {}
        for entry in s.setup:
            self.start.setdefault(entry.id, entry)
        pools: dict[str, list[str]] = {"british": [], "american": [], "french": []}
        for unit in s.units:
            if unit.id not in self.start:
                pools["french" if unit.nation == "french" else unit.side].append(unit.id)
        self.pools = {name: tuple(ids) for name, ids in pools.items()}
