"""Napoleon's Triumph data model: our Austerlitz locale map, the order of battle, morale, the time track and
the two scenarios, as frozen pydantic models.

OUR RECONSTRUCTION FROM THE BATTLEFIELD'S GEOGRAPHY, NOT THE PUBLISHED BOARD (see ``data/triumph/README.md``).
The TOML files of ``data/triumph/`` are read by :mod:`data.triumph.loader`; this module describes valid data
and gives the engine fast lookups (a locale's approaches, the approach between two locales, roads through a
locale, a scenario's set-up).

>>> from data.triumph import load_triumph
>>> t = load_triumph()
>>> t.locale("sokolnitz").capacity, t.approach("pratzeberg", "sokolnitz_slopes").width
(4, 'wide')
>>> into = t.approach("sokolnitz", "sokolnitz_slopes")
>>> into.penalties, into.obstructed, into.stream
(('infantry', 'cavalry', 'artillery'), True, 'Goldbach')
>>> len(t.scenario("2dec").rounds), len(t.scenario("1dec").rounds)
(10, 21)
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Literal

from pydantic import Field, field_validator

from data.base import FrozenDict, _check_name, _Frozen

Side = Literal["french", "allies"]
Arm = Literal["infantry", "cavalry", "artillery"]
Kind = Literal["village", "castle", "open", "hill", "wood", "marsh"]
Width = Literal["narrow", "wide"]
RoadClass = Literal["main", "local"]
Edge = Literal["north", "south", "east", "west"]
Colour = Literal["blue", "green", "red", "black"]
Nation = Literal["french", "russian", "austrian"]
Source = Literal["GN", "M", "ours"]

SIDES: tuple[Side, ...] = ("allies", "french")  # the order of a round: Allied turn, then French turn [Seed]
ARMS: tuple[Arm, ...] = ("infantry", "cavalry", "artillery")
ALLIED_COLOURS: tuple[Colour, ...] = ("green", "red", "black")
#: Road moves: a local road takes a move up to 2 locales onward, a main road up to 3 [Seed, rule 10].
ROAD_REACH: Mapping[str, int] = FrozenDict({"local": 2, "main": 3})
_ID = r"^[a-z][a-z0-9_]*$"


def _check_name_ja(value: str) -> str:
    """A Japanese name: a name (``_check_name``) written in Japanese (katakana as Japanese histories write the
    Czech and German names, and kanji for what a place is: 高地, 丘, 野), with no Latin letter."""
    _check_name(value)
    if not any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in value):
        raise ValueError("must be written in Japanese (kana or kanji)")
    if any(ch.isascii() and ch.isalpha() for ch in value):
        raise ValueError("must not contain Latin letters (the English name is `name`)")
    return value


class Approach(_Frozen):
    """One side of a locale's border, facing ``to``. ``penalties`` and ``obstructed`` are the symbols printed
    in this locale on this approach: they penalise attacks *into* this locale (rule 4, [SG Map]). ``width``,
    ``impassable``, ``stream`` and ``water`` are the same on the neighbour's side."""

    to: str
    width: Width
    penalties: tuple[Arm, ...] = ()
    obstructed: bool = False
    impassable: bool = False
    stream: str | None = None  # the stream the approach crosses (for the picture and the notes)
    water: str | None = None  # the pond that makes it impassable

    @field_validator("penalties")
    @classmethod
    def _distinct(cls, value: tuple[Arm, ...]) -> tuple[Arm, ...]:
        if len(set(value)) != len(value):
            raise ValueError("an arm is listed twice")
        return value


class Locale(_Frozen):
    """A locale of our map: a place the size of a village or a field, ``capacity`` blocks of one side (rule 4,
    [FAQ]: blocks, not strength). ``x`` / ``y``: its centre in km on the fact sheet's grid; its shape on the
    picture is the set of points nearer to it than to any other centre."""

    id: str = Field(pattern=_ID)
    name: str
    name_ja: str  # in Japanese (katakana of the German name, as Japanese histories write it)
    czech: str | None = None  # the modern Czech name where the locale is a place
    x: float
    y: float
    kind: Kind
    capacity: int = Field(ge=1, le=20)
    edges: tuple[Edge, ...] = ()  # the map's edges the locale touches
    source: Source  # of the coordinates: GN (GeoNames), M (memory of maps), ours (a field between places)
    approaches: tuple[Approach, ...] = Field(min_length=1)

    _name = field_validator("name")(_check_name)
    _name_ja = field_validator("name_ja")(_check_name_ja)

    @property
    def hill(self) -> bool:
        """Guns on a hill may fire down two rounds running ([JW], rule 11)."""
        return self.kind == "hill"


class Stream(_Frozen):
    name: str
    course: tuple[tuple[float, float], ...] = Field(min_length=2)


class Pond(_Frozen):
    """A frozen pond: no locale; the approaches across it are impassable."""

    name: str
    centre: tuple[float, float]
    radii: tuple[float, float]


class Road(_Frozen):
    """A road as the chain of locales it runs through; every step crosses an approach (rule 10)."""

    id: str = Field(pattern=_ID)
    name: str
    road_class: RoadClass = Field(alias="class")
    locales: tuple[str, ...] = Field(min_length=2)

    @property
    def reach(self) -> int:
        return ROAD_REACH[self.road_class]


class Entry(_Frozen):
    """An entry road: where a side's reinforcements come on, from ``from_`` off the map."""

    id: str = Field(pattern=_ID)
    side: Side
    name: str
    name_ja: str  # in Japanese
    road_class: RoadClass = Field(alias="class")
    locale: str
    edge: Edge
    from_: str = Field(alias="from")

    _name = field_validator("name")(_check_name)
    _name_ja = field_validator("name_ja")(_check_name_ja)


class Objective(_Frozen):
    """Objective stars in a locale (rule 16): blue for the French to keep, green / red / black for the
    Allies."""

    locale: str
    colours: tuple[Colour, ...] = Field(min_length=1)


class MapInfo(_Frozen):
    title: str
    attribution: str
    origin: tuple[float, float]
    km_per_degree: tuple[float, float]
    width_km: float = Field(gt=0)
    height_km: float = Field(gt=0)


class UnitDef(_Frozen):
    """A block. Its id is neutral (``F01``, ``A17``): it must not give away the face."""

    id: str = Field(pattern=r"^[FA]\d\d$")
    side: Side
    arm: Arm
    strength: int = Field(ge=1, le=3)
    guard: bool = False

    @property
    def heavy_cavalry(self) -> bool:
        """Heavy cavalry = cavalry of strength 3 ([JW], rule 15)."""
        return self.arm == "cavalry" and self.strength == 3

    @property
    def face(self) -> str:
        """``inf-2``, ``cav-3``, ``art-1``, ``guard-3``."""
        return f"{'guard' if self.guard else self.arm[:3]}-{self.strength}"


class CommanderDef(_Frozen):
    id: str = Field(pattern=_ID)
    name: str
    name_ja: str  # in Japanese, as Japanese histories write it
    side: Side
    nation: Nation
    minimum: int = Field(ge=1, le=8)  # units at set-up [JW]
    setup: str  # its locale at dawn on 2 December (facts §8.3)
    historical: str

    _name = field_validator("name")(_check_name)
    _name_ja = field_validator("name_ja")(_check_name_ja)


class ArmyCounts(_Frozen):
    units: int = Field(ge=1)
    strength: int = Field(ge=1)
    guard: int = Field(ge=0)
    heavy_cavalry: int = Field(ge=0)


class FaceRule(_Frozen):
    arm: Arm
    strength: int = Field(ge=1, le=3)


class CorpsRules(_Frozen):
    max_units: int = Field(ge=1)
    reinforcement_min_units: int = Field(ge=1)
    reinforcement_other_than: FaceRule


class Commands(_Frozen):
    per_commander: int = Field(ge=1)
    reinforcement_turn: int = Field(ge=1)
    allied_corps_commands: int = Field(ge=1)
    independent: dict[Side, int]


class SetupRules(_Frozen):
    french_detached_max: int = Field(ge=0)
    french_detached_within: int = Field(ge=0)
    fixed_battery: int = Field(ge=0)
    santon: str


class Morale(_Frozen):
    start: dict[Side, int]
    first_reinforcement: int = Field(ge=0)
    heavy_cavalry: int = Field(ge=0)
    guard: int = Field(ge=0)
    failed_guard_attack: int = Field(ge=0)
    elite_floor: int = Field(ge=0)
    artillery_floor: int = Field(ge=0)
    night_recovery_fraction: float = Field(gt=0, le=1)
    night_recovery_max: int = Field(ge=0)

    def night_recovery(self, lost: int) -> int:
        """Morale an army regains at nightfall having lost ``lost``: half, rounded down, at most 4 [JW]."""
        return min(int(lost * self.night_recovery_fraction), self.night_recovery_max)


class Round(_Frozen):
    n: int = Field(ge=1)
    date: str = Field(pattern=r"^1805-12-0[12]$")
    hour: str = Field(pattern=r"^(night|[01]\d:00)$")
    night: bool = False

    @property
    def label(self) -> str:
        day = "1 Dec" if self.date.endswith("01") else "2 Dec"
        return f"{day} {self.hour}"


class Reinforcement(_Frozen):
    commander: str
    round: int = Field(ge=1)  # the first round it may enter
    entries: tuple[str, ...] = Field(min_length=1)


class Scenario(_Frozen):
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    description: str
    on_map: dict[Side, tuple[str, ...]]
    allied_on_map: int | None = None  # how many Allied corps start on the map when the player may choose
    allied_entry_round: int | None = None  # from which round the other Allied corps enter
    reinforcements: tuple[Reinforcement, ...] = ()
    rounds: tuple[Round, ...] = Field(min_length=1)

    def commanders_on_map(self, side: Side) -> tuple[str, ...]:
        return self.on_map.get(side, ())


class Triumph(_Frozen):
    """The whole data set, validated by :func:`data.triumph.load_triumph`."""

    name: str
    map: MapInfo
    locales: tuple[Locale, ...]
    streams: tuple[Stream, ...]
    ponds: tuple[Pond, ...]
    roads: tuple[Road, ...]
    entries: tuple[Entry, ...]
    objectives: tuple[Objective, ...]
    units: tuple[UnitDef, ...]
    commanders: tuple[CommanderDef, ...]
    counts: dict[Side, ArmyCounts]
    corps: CorpsRules
    allocation: dict[str, tuple[str, ...]]  # the default allocation (ours): commander -> block ids
    commands: Commands
    setup_rules: SetupRules
    morale: Morale
    scenarios: tuple[Scenario, ...]

    @cached_property
    def _locales(self) -> Mapping[str, Locale]:
        return FrozenDict({loc.id: loc for loc in self.locales})

    @cached_property
    def _approaches(self) -> Mapping[tuple[str, str], Approach]:
        return FrozenDict({(loc.id, a.to): a for loc in self.locales for a in loc.approaches})

    def locale(self, locale_id: str) -> Locale:
        return self._locales[locale_id]

    def approach(self, locale_id: str, to: str) -> Approach | None:
        """``locale_id``'s side of the border with ``to`` (its symbols penalise attacks into it)."""
        return self._approaches.get((locale_id, to))

    def neighbours(self, locale_id: str, *, passable: bool = True) -> tuple[str, ...]:
        return tuple(a.to for a in self._locales[locale_id].approaches if not (passable and a.impassable))

    def roads_through(self, locale_id: str) -> tuple[Road, ...]:
        return tuple(r for r in self.roads if locale_id in r.locales)

    def road_crosses(self, a: str, b: str) -> tuple[Road, ...]:
        """The roads crossing the approach between ``a`` and ``b`` (all-cavalry road moves may end on it)."""
        return tuple(
            r
            for r in self.roads
            if any({a, b} == {p, q} for p, q in zip(r.locales, r.locales[1:], strict=False))
        )

    def unit(self, unit_id: str) -> UnitDef:
        return next(u for u in self.units if u.id == unit_id)

    def commander(self, commander_id: str) -> CommanderDef:
        return next(c for c in self.commanders if c.id == commander_id)

    def scenario(self, scenario_id: str) -> Scenario:
        return next(s for s in self.scenarios if s.id == scenario_id)

    def stars(self, colour: Colour) -> tuple[str, ...]:
        return tuple(o.locale for o in self.objectives if colour in o.colours)
