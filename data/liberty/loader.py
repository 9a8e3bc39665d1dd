"""Read the Liberty TOML files, validate them, and build a :class:`~data.liberty.models.Liberty`.

The scenario is a directory ``<data directory>/liberty/`` holding ``map.toml``, ``units.toml``, ``setup.toml``
and ``cards.toml``. Faults are reported as one :class:`~data.ScenarioError` whose lines each name the file,
the entry and the field, as Napoleon's loader does, e.g.
``liberty/map.toml: towns[10] ("Boston"): field "value": Input should be less than or equal to 4``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path

from pydantic import Field

from data.base import DATA_DIR, DataFile, _at, _entry_label, _suggest, normalize
from data.loading import GameData, GameFiles, raise_faults, same_ids

from .models import (
    SIDES,
    Break,
    Card,
    Colour,
    DeckRules,
    DisbandBar,
    FrenchEntry,
    GridSpec,
    Hex,
    Hexside,
    Label,
    Liberty,
    SetupEntry,
    Town,
    UnitDef,
    Victory,
    Waterway,
    grid_neighbours,
    hex_id,
    parse_hex,
)

NAME = "liberty"
MAP, UNITS, SETUP, CARDS = "map.toml", "units.toml", "setup.toml", "cards.toml"


def load_liberty(directory: Path | None = None) -> Liberty:
    """Load and validate ``directory / "liberty"`` (by default this package's own data, read once per process
    and shared). Raises :class:`~data.ScenarioError` listing every fault found."""
    return _DATA.load(NAME, directory)


# -- file schemas --------------------------------------------------------------------------------------------


class _Atlantic(DataFile):
    name: str = Field(min_length=1)


class _WestIndies(DataFile):
    name: str
    colour: Colour
    value: int = Field(ge=0, le=4)
    vp: int = Field(ge=0, le=4)


class _Sea(DataFile):
    direct: tuple[tuple[str, str], ...]
    west_indies_stack: int = Field(ge=1)


class _MapFile(DataFile):
    hexes: tuple[Hex, ...] = Field(min_length=1)
    hexsides: tuple[Hexside, ...]
    waterways: tuple[Waterway, ...]
    towns: tuple[Town, ...] = Field(min_length=1)
    labels: tuple[Label, ...] = ()
    grid: GridSpec
    atlantic: _Atlantic
    west_indies: tuple[_WestIndies, ...]
    sea: _Sea
    disband_bars: tuple[DisbandBar, ...] = ()
    breaks: tuple[Break, ...] = ()


class _Counts(DataFile):
    blocks: dict[str, int]
    warships: dict[str, int]
    indians: int
    leaders: dict[str, int]


class _UnitsFile(DataFile):
    counts: _Counts
    units: tuple[UnitDef, ...] = Field(min_length=1)


class _SetupFile(DataFile):
    blocks: tuple[SetupEntry, ...]


class _Deck(DeckRules):
    cards: tuple[Card, ...] = Field(min_length=1)


class _CardsFile(DataFile):
    deck: _Deck
    victory: Victory
    french_entry: FrenchEntry


# -- loading -------------------------------------------------------------------------------------------------


def _build(name: str, files: _Files) -> Liberty:
    m, u, s, c = files.map, files.units, files.setup, files.cards
    cards = c.deck.cards
    towns = (
        *m.towns,
        *(
            Town(name=w.name, colour=w.colour, value=w.value, vp=w.vp, port=True, west_indies=True)
            for w in m.west_indies
        ),
    )
    problems = _check_map(f"{NAME}/{MAP}", m, towns)
    problems += _check_units(f"{NAME}/{UNITS}", u, m)
    if not problems:
        problems += _check_setup(f"{NAME}/{SETUP}", s, m, u, towns)
    problems += _check_cards(f"{NAME}/{CARDS}", c, cards, m)
    raise_faults(problems)

    return Liberty(
        name=NAME,
        grid=m.grid,
        hexes=m.hexes,
        hexsides=m.hexsides,
        waterways=m.waterways,
        towns=towns,
        labels=m.labels,
        atlantic=m.atlantic.name,
        west_indies_direct=m.sea.direct,
        west_indies_stack=m.sea.west_indies_stack,
        disband_bars=m.disband_bars,
        breaks=m.breaks,
        units=u.units,
        counts=u.counts.model_dump(),
        setup=s.blocks,
        deck=DeckRules.model_validate(c.deck.model_dump(exclude={"cards"})),
        cards=cards,
        victory=c.victory,
        french_entry=c.french_entry,
    )


class _Files(GameFiles):
    map: _MapFile
    units: _UnitsFile
    setup: _SetupFile
    cards: _CardsFile


_DATA = GameData(_Files, _build, DATA_DIR)


# -- cross-checks --------------------------------------------------------------------------------------------


def _check_map(file: str, m: _MapFile, towns: Sequence[Town]) -> list[str]:
    hexes, problems = _check_hexes(file, m)
    sides, found = _check_hexsides(file, m, hexes)
    problems += found
    problems += _check_waterways(file, m, sides)
    seen, at, found = _check_towns(file, m, hexes)
    problems += found
    problems += _check_ports(file, m, seen, at, [t.name for t in towns])
    return problems


def _check_hexes(file: str, m: _MapFile) -> tuple[dict[str, Hex], list[str]]:
    problems: list[str] = []
    hexes: dict[str, Hex] = {}
    for i, h in enumerate(m.hexes):
        entry = _entry_label("hexes", i, h)
        if h.id in hexes:
            problems.append(_at(file, entry, "id", "duplicate hex"))
        if not m.grid.contains(h.col, h.row):
            problems.append(
                _at(file, entry, "id", f"outside the grid's columns {m.grid.cols} and rows {m.grid.rows}")
            )
        hexes.setdefault(h.id, h)
    return hexes, problems


def _check_hexsides(
    file: str, m: _MapFile, hexes: Mapping[str, Hex]
) -> tuple[dict[frozenset[str], int], list[str]]:
    """Every hexside joins two adjacent hexes of the map, once; every adjacent pair has one; a hex is
    wilderness when two or more of its hexsides are forest or swamp (1.4)."""
    problems: list[str] = []
    sides: dict[frozenset[str], int] = {}
    forest: Counter[str] = Counter()
    waterway_names = {w.name: w for w in m.waterways}
    for i, side in enumerate(m.hexsides):
        entry = _entry_label("hexsides", i, side)
        unknown = [
            _at(file, entry, field, f'unknown hex "{hid}"')
            for field, hid in (("a", side.a), ("b", side.b))
            if hid not in hexes
        ]
        if unknown:
            problems += unknown
            continue
        if side.b not in {hex_id(*c) for c in grid_neighbours(*parse_hex(side.a))}:
            problems.append(_at(file, entry, None, f"{side.a} and {side.b} are not adjacent"))
            continue
        pair = frozenset((side.a, side.b))
        if pair in sides:
            first = _entry_label("hexsides", sides[pair], m.hexsides[sides[pair]])
            problems.append(_at(file, entry, None, f"duplicate hexside (same hexes as {first})"))
        sides.setdefault(pair, i)
        problems += _check_hexside(file, entry, side, hexes, waterway_names)
        if side.forest:
            forest[side.a] += 1
            forest[side.b] += 1
    for hid in hexes:
        for col, row in grid_neighbours(*parse_hex(hid)):
            other = hex_id(col, row)
            if other in hexes and hid < other and frozenset((hid, other)) not in sides:
                problems.append(f"{file}: hexsides: no hexside between the adjacent hexes {hid} and {other}")
    for i, h in enumerate(m.hexes):
        if h.wilderness != (forest[h.id] >= 2):
            problems.append(
                _at(
                    file,
                    _entry_label("hexes", i, h),
                    "wilderness",
                    f"{h.wilderness} but the hex has {forest[h.id]} forest/swamp hexsides (1.4: 2 or more)",
                )
            )
    return sides, problems


def _check_hexside(
    file: str, entry: str, side: Hexside, hexes: Mapping[str, Hex], waterway_names: Mapping[str, Waterway]
) -> list[str]:
    """One hexside's crossing: of sea or lake where it touches one (1.1), rivers and shores on land (5.6)."""
    problems: list[str] = []
    kinds = {hexes[side.a].terrain, hexes[side.b].terrain}
    if "sea" in kinds and side.terrain != "sea":
        problems.append(_at(file, entry, "terrain", "a hexside of a sea hex is a sea crossing (1.1)"))
    elif "lake" in kinds and side.terrain not in ("lake", "sea"):
        problems.append(_at(file, entry, "terrain", "a hexside of a lake hex is a lake crossing (1.1)"))
    if side.navigable and "lake" in kinds:
        problems.append(_at(file, entry, "navigable", "a lake hex's hexside does not touch the sea"))
    if (side.rivers or side.shore) and not side.land:
        problems.append(_at(file, entry, "rivers", "only a land crossing has a river or a lake shore (5.6)"))
    for name in side.rivers:
        way = waterway_names.get(name)
        if way is None or not way.hexes:
            problems.append(_at(file, entry, "rivers", f'"{name}" is not a river or lake line of waterways'))
    if side.shore is not None and (side.shore not in waterway_names or waterway_names[side.shore].hexes):
        problems.append(_at(file, entry, "shore", f'"{side.shore}" is not a lake shore of waterways'))
    return problems


def _check_waterways(file: str, m: _MapFile, sides: Mapping[frozenset[str], int]) -> list[str]:
    problems: list[str] = []
    waterway_names = {w.name for w in m.waterways}
    for i, way in enumerate(m.waterways):
        entry = _entry_label("waterways", i, way)
        for a, b in zip(way.hexes, way.hexes[1:], strict=False):
            if frozenset((a, b)) not in sides:
                problems.append(_at(file, entry, "hexes", f"{a} and {b} are not adjacent hexes of the map"))
    for i, brk in enumerate(m.breaks):
        entry = _entry_label("breaks", i, brk)
        for name in brk.waterways:
            if name not in waterway_names:
                problems.append(_at(file, entry, "waterways", f'unknown waterway "{name}"'))
        first, second = brk.waterways
        for side in m.hexsides:
            if first in side.waterways and second in side.waterways:
                problems.append(
                    _at(
                        file, entry, None, f"{first} and {second} meet on the hexside {side.a}/{side.b} (5.6)"
                    )
                )
    return problems


def _check_towns(
    file: str, m: _MapFile, hexes: Mapping[str, Hex]
) -> tuple[dict[str, str], dict[str, str], list[str]]:
    """Towns: one a hex, in a land hex; ports on the coast. Returns the names seen (normalized -> name), the
    towns by hex, and the problems."""
    problems: list[str] = []
    seen: dict[str, str] = {}
    at: dict[str, str] = {}
    coastal = {x for side in m.hexsides if side.navigable for x in (side.a, side.b)}
    for i, town in enumerate(m.towns):
        entry = _entry_label("towns", i, town)
        key = normalize(town.name)
        if key in seen:
            problems.append(
                _at(file, entry, "name", f'same name as "{seen[key]}" if case and accents are ignored')
            )
        seen.setdefault(key, town.name)
        if town.hex is None or town.hex not in hexes:
            problems.append(_at(file, entry, "hex", f"not a hex of the map: {town.hex}"))
            continue
        if not hexes[town.hex].land:
            problems.append(_at(file, entry, "hex", f"{town.hex} is a {hexes[town.hex].terrain} hex"))
        if town.hex in at:
            problems.append(_at(file, entry, "hex", f'{town.hex} already holds "{at[town.hex]}"'))
        at.setdefault(town.hex, town.name)
        if town.port and town.hex not in coastal:
            problems.append(
                _at(file, entry, "port", f"{town.hex} has no navigable hexside: a port is on the coast")
            )
    if normalize(m.atlantic.name) in seen:
        problems.append(f'{file}: atlantic: field "name": "{m.atlantic.name}" is also a town')
    for i, label in enumerate(m.labels):
        if label.hex not in hexes:
            problems.append(
                _at(file, _entry_label("labels", i, label), "hex", f"not a hex of the map: {label.hex}")
            )
    return seen, at, problems


def _check_ports(
    file: str, m: _MapFile, seen: dict[str, str], at: Mapping[str, str], names: Sequence[str]
) -> list[str]:
    """The two West Indies ports (9.1), the direct sea routes between them, and the disband bars."""
    problems: list[str] = []
    colours = sorted(w.colour for w in m.west_indies)
    if colours != ["blue", "red"]:
        problems.append(
            f"{file}: west_indies: one British (red) and one French (blue) port (9.1), not {colours}"
        )
    for i, w in enumerate(m.west_indies):
        key = normalize(w.name)
        if key in seen:
            problems.append(
                _at(file, _entry_label("west_indies", i, w), "name", f'same name as "{seen[key]}"')
            )
        seen.setdefault(key, w.name)
    wi = {w.name for w in m.west_indies}
    for route in m.sea.direct:
        for name in route:
            if name not in wi:
                problems.append(
                    f'{file}: sea: field "direct": "{name}" is not a West Indies port{_suggest(name, names)}'
                )
    ports = {t.name for t in m.towns if t.port}
    for i, bar in enumerate(m.disband_bars):
        entry = _entry_label("disband_bars", i, bar)
        if bar.enemy_in not in at.values():
            problems.append(
                _at(file, entry, "enemy_in", f'unknown town "{bar.enemy_in}"{_suggest(bar.enemy_in, names)}')
            )
        for port in bar.ports:
            if port not in ports:
                problems.append(
                    _at(file, entry, "ports", f'"{port}" is not a port{_suggest(port, sorted(ports))}')
                )
    return problems


def _check_units(file: str, u: _UnitsFile, m: _MapFile) -> list[str]:
    problems = same_ids(file, "units", u.units)

    def compare(field: str, counted: Counter[str], expected: dict[str, int], what: str) -> None:
        for key in sorted(set(counted) | set(expected)):
            if counted[key] != expected.get(key, 0):
                problems.append(
                    _at(
                        file,
                        "counts",
                        f"{field}.{key}",
                        f"{counted[key]} {what} listed, {expected.get(key, 0)} expected",
                    )
                )

    compare("blocks", Counter(unit.side for unit in u.units), u.counts.blocks, "blocks")
    compare(
        "warships",
        Counter(unit.nation for unit in u.units if unit.type == "warship"),
        u.counts.warships,
        "warships",
    )
    compare(
        "leaders", Counter(unit.nation for unit in u.units if unit.is_leader), u.counts.leaders, "leaders"
    )
    indians = [unit for unit in u.units if unit.type == "indians"]
    if len(indians) != u.counts.indians:
        problems.append(
            _at(
                file, "counts", "indians", f"{len(indians)} Indian blocks listed, {u.counts.indians} expected"
            )
        )
    for side in SIDES:
        if side not in u.counts.blocks:
            problems.append(_at(file, "counts", "blocks", f"missing: the number of {side} blocks (2.0)"))

    orange = {t.name: t for t in m.towns if t.colour == "orange"}
    homes: Counter[str] = Counter()
    for i, unit in enumerate(u.units):
        if unit.home is None:
            continue
        homes[unit.home] += 1
        town = orange.get(unit.home)
        if town is None:
            problems.append(
                _at(
                    file,
                    _entry_label("units", i, unit),
                    "home",
                    f'"{unit.home}" is not an orange (Indian) town',
                )
            )
        elif town.indians != unit.name:
            problems.append(
                _at(
                    file,
                    _entry_label("units", i, unit),
                    "home",
                    f"{unit.home} is the {town.indians} town (1.2)",
                )
            )
    for name in orange:
        if homes[name] != 1:
            problems.append(
                f"{file}: units: {homes[name]} Indian blocks have {name} as their own town, 1 expected"
            )
    return problems


def _check_setup(file: str, s: _SetupFile, m: _MapFile, u: _UnitsFile, towns: Sequence[Town]) -> list[str]:
    problems: list[str] = []
    units = {unit.id: unit for unit in u.units}
    ids = list(units)
    hexes = {h.id: h for h in m.hexes}
    by_name = {t.name: t for t in towns}
    town_at = {t.hex: t for t in m.towns}
    placed: dict[str, str] = {}
    where: dict[str, str] = {}  # block id -> hex id, West Indies port or the Atlantic
    for i, entry in enumerate(s.blocks):
        label = _entry_label("blocks", i, entry)
        unit = units.get(entry.id)
        if unit is None:
            problems.append(_at(file, label, "id", f'unknown block "{entry.id}"{_suggest(entry.id, ids)}'))
            continue
        if entry.id in placed:
            problems.append(_at(file, label, "id", f'{entry.id} is already set up in "{placed[entry.id]}"'))
            continue
        placed[entry.id] = entry.at
        if entry.cv is not None and entry.cv > unit.max_cv:
            problems.append(
                _at(file, label, "cv", f"{entry.cv} is more than {entry.id}'s maximum {unit.max_cv}")
            )
        town = by_name.get(entry.at)
        hex_ = town.hex if town is not None else entry.at if entry.at in hexes else None
        if entry.at == m.atlantic.name:
            where[entry.id] = entry.at
            if not unit.can_sea_move:
                problems.append(_at(file, label, "at", f"{entry.id} never goes to sea (5.7)"))
            if unit.nation == "french":
                problems.append(
                    _at(file, label, "at", "French blocks wait in their pool until French entry (12.0)")
                )
            continue
        if town is not None and town.west_indies:
            where[entry.id] = town.name
            problems += _check_west_indies(file, label, unit, town)
            continue
        if hex_ is None:
            choices = [*by_name, m.atlantic.name]
            problems.append(
                _at(
                    file,
                    label,
                    "at",
                    f'"{entry.at}" is no town, hex or the Atlantic{_suggest(entry.at, choices)}',
                )
            )
            continue
        where[entry.id] = hex_
        town = town_at.get(hex_)
        if not hexes[hex_].land:
            problems.append(_at(file, label, "at", f"{hex_} is a {hexes[hex_].terrain} hex (1.1)"))
        if town is not None and (town.colour == "blue") != (unit.side == "american"):
            problems.append(
                _at(
                    file,
                    label,
                    "at",
                    f"{town.name} is a {town.colour} town: {unit.side} blocks may not start there",
                )
            )
        if unit.type == "warship" and (town is None or not town.port):
            problems.append(_at(file, label, "at", "a warship stands in a port (8.1)"))
        if unit.home is not None and (town is None or town.name != unit.home):
            problems.append(
                _at(file, label, "at", f"{unit.name} start in their own town, {unit.home} (10.0)")
            )
        if unit.nation == "french":
            problems.append(
                _at(
                    file,
                    label,
                    "at",
                    "before French entry the French stand only in their West Indies port (12.0)",
                )
            )
    sides: dict[str, set[str]] = {}
    for uid, place in where.items():
        sides.setdefault(place, set()).add(units[uid].side)
    for place, present in sorted(sides.items()):
        if len(present) > 1 and place != m.atlantic.name:
            problems.append(f"{file}: blocks: both sides start in {place}: a set-up has no battle")
    stacks = Counter(place for place in where.values() if place in by_name and by_name[place].west_indies)
    for place, n in sorted(stacks.items()):
        if n > 2:
            problems.append(
                f"{file}: blocks: {n} blocks in {place}: at most 2 a West Indies port before entry (9.1)"
            )
    return problems


def _check_west_indies(file: str, label: str, unit: UnitDef, town: Town) -> list[str]:
    """9.1: only British and French blocks in the West Indies, each in its own side's port."""
    if unit.nation not in ("british", "hessian", "french"):
        return [
            _at(
                file,
                label,
                "at",
                f"only British or French blocks occupy the West Indies (9.1), not {unit.nation}",
            )
        ]
    own = "red" if unit.side == "british" else "blue"
    if town.colour != own:
        return [_at(file, label, "at", f"{town.name} is the other side's West Indies port")]
    return []


def _check_cards(file: str, c: _CardsFile, cards: Sequence[Card], m: _MapFile) -> list[str]:
    problems = same_ids(file, "cards", cards)
    kinds = Counter(card.kind for card in cards)
    for kind in ("action", "supply"):
        expected = getattr(c.deck, kind)
        if kinds[kind] != expected:
            problems.append(
                _at(file, "deck", kind, f"{kinds[kind]} {kind} cards listed, {expected} expected (3.0)")
            )
    if 2 * c.deck.hand > len(cards):
        problems.append(_at(file, "deck", "hand", f"two hands of {c.deck.hand} need {2 * c.deck.hand} cards"))
    if c.deck.hand != c.deck.turns_per_year:
        problems.append(
            _at(file, "deck", "hand", "one card is played a game turn: a hand lasts the year (11.0)")
        )
    total = sum(t.value if t.vp is None else t.vp for t in m.towns) + sum(w.vp for w in m.west_indies)
    v = c.victory
    if not v.american_below < v.british_at_least <= total:
        problems.append(
            _at(
                file,
                "victory",
                None,
                f"needs american_below < british_at_least <= {total}, the map's victory points",
            )
        )
    if not v.first_year <= c.french_entry.from_year <= v.last_year:
        problems.append(
            _at(file, "french_entry", "from_year", f"outside the game's years {v.first_year}-{v.last_year}")
        )
    return problems
