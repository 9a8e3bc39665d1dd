"""Read the Napoleon's Triumph TOML files, validate them, and build a :class:`~data.triumph.models.Triumph`.

The data is a directory ``<data directory>/triumph/`` holding ``map.toml``, ``units.toml`` and
``scenarios.toml``. Faults are reported as one :class:`~data.ScenarioError` whose lines each name the file,
the entry and the field, as the other games' loaders do, e.g.
``triumph/map.toml: locales[2] ("podolie_heights"): field "approaches[0].to": unknown locale "bosenitz_wood"
(did you mean "bosenitz_woods"?)``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from pydantic import Field

from data.base import DATA_DIR, DataFile, _at, _entry_label, _suggest
from data.loading import GameData, GameFiles, raise_faults, route_faults, same_ids, same_name, unreachable

from .models import (
    ALLIED_COLOURS,
    SIDES,
    ArmyCounts,
    CommanderDef,
    Commands,
    CorpsRules,
    Entry,
    Locale,
    MapInfo,
    Morale,
    Objective,
    Pond,
    Road,
    Scenario,
    SetupRules,
    Stream,
    Triumph,
    UnitDef,
)

NAME = "triumph"
MAP, UNITS, SCENARIOS = "map.toml", "units.toml", "scenarios.toml"
EDGE_KM = 2.0  # a locale on an edge of the map has its centre within this distance of it
VILLAGE_CAPACITY = 4  # facts §1, §6: villages hold 4, as on the published board
SETTLED = ("village", "castle")


def load_triumph(directory: Path | None = None) -> Triumph:
    """Load and validate ``directory / "triumph"`` (by default this package's own data, read once per process
    and shared). Raises :class:`~data.ScenarioError` listing every fault found."""
    return _DATA.load(NAME, directory)


# -- file schemas --------------------------------------------------------------------------------------------


class _MapFile(DataFile):
    map: MapInfo
    streams: tuple[Stream, ...] = ()
    ponds: tuple[Pond, ...] = ()
    locales: tuple[Locale, ...] = Field(min_length=1)
    roads: tuple[Road, ...] = ()
    entries: tuple[Entry, ...] = Field(min_length=1)
    objectives: tuple[Objective, ...] = Field(min_length=1)


class _UnitsFile(DataFile):
    corps: CorpsRules
    counts: dict[str, ArmyCounts]
    units: tuple[UnitDef, ...] = Field(min_length=1)
    commanders: tuple[CommanderDef, ...] = Field(min_length=1)
    allocation: dict[str, tuple[str, ...]]


class _ScenariosFile(DataFile):
    commands: Commands
    setup: SetupRules
    morale: Morale
    scenarios: tuple[Scenario, ...] = Field(min_length=1)


# -- loading -------------------------------------------------------------------------------------------------


def _build(name: str, files: _Files) -> Triumph:
    m, u, s = files.map, files.units, files.scenarios
    problems = _check_map(f"{NAME}/{MAP}", m)
    problems += _check_units(f"{NAME}/{UNITS}", u, m)
    problems += _check_scenarios(f"{NAME}/{SCENARIOS}", s, u, m)
    raise_faults(problems)

    return Triumph(
        name=NAME,
        map=m.map,
        locales=m.locales,
        streams=m.streams,
        ponds=m.ponds,
        roads=m.roads,
        entries=m.entries,
        objectives=m.objectives,
        units=u.units,
        commanders=u.commanders,
        counts={side: u.counts[side] for side in SIDES},
        corps=u.corps,
        allocation=u.allocation,
        commands=s.commands,
        setup_rules=s.setup,
        morale=s.morale,
        scenarios=s.scenarios,
    )


class _Files(GameFiles):
    map: _MapFile
    units: _UnitsFile
    scenarios: _ScenariosFile


_DATA = GameData(_Files, _build, DATA_DIR, what="game data")


# -- cross-checks: the map -----------------------------------------------------------------------------------


def _check_map(file: str, m: _MapFile) -> list[str]:
    problems = same_ids(file, "locales", m.locales)
    problems += _check_locales(file, m)
    problems += _check_approaches(file, m)
    if not problems:  # the graph checks need every approach sound
        problems += _check_connected(file, m)
    problems += _check_roads(file, m)
    problems += _check_entries(file, m)
    problems += _check_objectives(file, m)
    return problems


def _check_locales(file: str, m: _MapFile) -> list[str]:
    problems: list[str] = []
    names: dict[str, int] = {}
    names_ja: dict[str, int] = {}
    for i, loc in enumerate(m.locales):
        entry = _entry_label("locales", i, loc)
        problems += same_name(file, "locales", m.locales, i, names)
        if loc.name_ja in names_ja:
            first = _entry_label("locales", names_ja[loc.name_ja], m.locales[names_ja[loc.name_ja]])
            problems.append(_at(file, entry, "name_ja", f"same Japanese name as {first}"))
        names_ja.setdefault(loc.name_ja, i)
        if not (0 <= loc.x <= m.map.width_km and 0 <= loc.y <= m.map.height_km):
            problems.append(
                _at(
                    file,
                    entry,
                    "x",
                    f"({loc.x}, {loc.y}) is outside the map's {m.map.width_km} × {m.map.height_km} km",
                )
            )
        if loc.kind == "village" and loc.capacity != VILLAGE_CAPACITY:
            problems.append(
                _at(file, entry, "capacity", f"{loc.capacity}: a village holds {VILLAGE_CAPACITY}")
            )
        distance = {
            "west": loc.x,
            "east": m.map.width_km - loc.x,
            "south": loc.y,
            "north": m.map.height_km - loc.y,
        }
        for edge in loc.edges:
            if distance[edge] > EDGE_KM:
                problems.append(
                    _at(
                        file,
                        entry,
                        "edges",
                        f"{distance[edge]:.1f} km from the {edge} edge: not on it (at most {EDGE_KM})",
                    )
                )
        for pond in m.ponds:
            (cx, cy), (rx, ry) = pond.centre, pond.radii
            if ((loc.x - cx) / rx) ** 2 + ((loc.y - cy) / ry) ** 2 < 1:
                problems.append(_at(file, entry, "x", f"the centre lies in the {pond.name}"))
    return problems


def _check_approaches(file: str, m: _MapFile) -> list[str]:
    """Every approach leads to another locale of the map, once, and its neighbour has the matching approach
    back with the same width, stream, water and passability (one border, two sides)."""
    problems: list[str] = []
    ids = [loc.id for loc in m.locales]
    by_id = {loc.id: loc for loc in m.locales}
    streams = {s.name for s in m.streams}
    ponds = {p.name for p in m.ponds}
    for i, loc in enumerate(m.locales):
        entry = _entry_label("locales", i, loc)
        seen: set[str] = set()
        for j, a in enumerate(loc.approaches):
            field = f"approaches[{j}]"
            if a.to not in by_id:
                problems.append(
                    _at(file, entry, f"{field}.to", f'unknown locale "{a.to}"{_suggest(a.to, ids)}')
                )
                continue
            if a.to == loc.id:
                problems.append(_at(file, entry, f"{field}.to", "a locale is not its own neighbour"))
                continue
            if a.to in seen:
                problems.append(_at(file, entry, f"{field}.to", f'a second approach to "{a.to}"'))
                continue
            seen.add(a.to)
            if a.stream is not None and a.stream not in streams:
                problems.append(
                    _at(
                        file,
                        entry,
                        f"{field}.stream",
                        f'unknown stream "{a.stream}"{_suggest(a.stream, sorted(streams))}',
                    )
                )
            if a.impassable and (a.water is None or a.water not in ponds):
                problems.append(
                    _at(file, entry, f"{field}.water", "an impassable approach names the pond it crosses")
                )
            if a.impassable and (a.penalties or a.obstructed):
                problems.append(_at(file, entry, field, "an impassable approach carries no other symbol"))
            back = next((b for b in by_id[a.to].approaches if b.to == loc.id), None)
            if back is None:
                problems.append(
                    _at(
                        file,
                        entry,
                        f"{field}.to",
                        f'"{a.to}" has no approach back to "{loc.id}" (approaches are symmetric)',
                    )
                )
                continue
            for key in ("width", "impassable", "stream", "water"):
                if getattr(a, key) != getattr(back, key):
                    problems.append(
                        _at(
                            file,
                            entry,
                            f"{field}.{key}",
                            f'{getattr(a, key)!r} but "{a.to}" has {getattr(back, key)!r} on the same border',
                        )
                    )
    return problems


def _passable(m: _MapFile) -> dict[str, set[str]]:
    return {loc.id: {a.to for a in loc.approaches if not a.impassable} for loc in m.locales}


def _check_connected(file: str, m: _MapFile) -> list[str]:
    start = m.locales[0].id
    cut = unreachable(_passable(m), start)
    if cut:
        return [f'{file}: locales: not reachable from "{start}" by passable approaches: {", ".join(cut)}']
    return []


def _check_roads(file: str, m: _MapFile) -> list[str]:
    problems = same_ids(file, "roads", m.roads)
    ids = [loc.id for loc in m.locales]
    graph = _passable(m)
    for i, road in enumerate(m.roads):
        entry = _entry_label("roads", i, road)
        found, known = route_faults(file, entry, "locales", "locale", road.locales, ids)
        problems += found
        if not known:
            continue
        for a, b in zip(road.locales, road.locales[1:], strict=False):
            if b not in graph[a]:
                problems.append(
                    _at(
                        file,
                        entry,
                        "locales",
                        f'"{a}" to "{b}" is no passable approach: a road crosses one (rule 10)',
                    )
                )
    return problems


def _check_entries(file: str, m: _MapFile) -> list[str]:
    problems = same_ids(file, "entries", m.entries)
    by_id = {loc.id: loc for loc in m.locales}
    for i, e in enumerate(m.entries):
        entry = _entry_label("entries", i, e)
        loc = by_id.get(e.locale)
        if loc is None:
            problems.append(
                _at(file, entry, "locale", f'unknown locale "{e.locale}"{_suggest(e.locale, list(by_id))}')
            )
            continue
        if e.edge not in loc.edges:
            problems.append(_at(file, entry, "edge", f'"{e.locale}" is not on the {e.edge} edge of the map'))
        classes = {r.road_class for r in m.roads if e.locale in r.locales}
        if e.road_class == "main" and "main" not in classes:
            problems.append(_at(file, entry, "class", f'no main road runs through "{e.locale}"'))
        elif not classes:
            problems.append(_at(file, entry, "locale", f'no road runs through "{e.locale}"'))
    for side in SIDES:
        if not any(e.side == side and e.road_class == "main" for e in m.entries):
            problems.append(
                f"{file}: entries: {side} need a main-road entry: objectives trace a road to one (rule 16)"
            )
    return problems


def _check_objectives(file: str, m: _MapFile) -> list[str]:
    """Stars on locales with a road (a star is held through a road trace, rule 16 [JW]); blue apart from the
    Allied colours; every colour on the map."""
    problems: list[str] = []
    by_id = {loc.id: loc for loc in m.locales}
    on_road = {x for r in m.roads for x in r.locales}
    seen: dict[str, int] = {}
    for i, o in enumerate(m.objectives):
        entry = _entry_label("objectives", i, {"id": o.locale})
        if o.locale not in by_id:
            problems.append(
                _at(file, entry, "locale", f'unknown locale "{o.locale}"{_suggest(o.locale, list(by_id))}')
            )
            continue
        if o.locale in seen:
            problems.append(
                _at(file, entry, "locale", f'"{o.locale}" already has stars (objectives[{seen[o.locale]}])')
            )
        seen.setdefault(o.locale, i)
        if len(set(o.colours)) != len(o.colours):
            problems.append(_at(file, entry, "colours", "a colour is listed twice"))
        if "blue" in o.colours and len(o.colours) > 1:
            problems.append(_at(file, entry, "colours", "a blue (French) star stands alone"))
        if o.locale not in on_road:
            problems.append(
                _at(
                    file,
                    entry,
                    "locale",
                    f'no road runs through "{o.locale}": a star is held by a road trace',
                )
            )
    for colour in ("blue", *ALLIED_COLOURS):
        if not any(colour in o.colours for o in m.objectives):
            problems.append(f"{file}: objectives: no {colour} star")
    return problems


# -- cross-checks: the order of battle -----------------------------------------------------------------------


def _check_units(file: str, u: _UnitsFile, m: _MapFile) -> list[str]:
    problems = same_ids(file, "units", u.units)
    for side in u.counts:
        if side not in SIDES:
            problems.append(_at(file, "counts", side, f"not a side: {', '.join(SIDES)}"))
    for i, unit in enumerate(u.units):
        entry = _entry_label("units", i, unit)
        if unit.id[0] != unit.side[0].upper():
            problems.append(
                _at(file, entry, "id", f"a {unit.side} block's id starts with {unit.side[0].upper()}")
            )
        if unit.guard and (unit.arm != "infantry" or unit.strength != 3):
            problems.append(_at(file, entry, "guard", "the Guard blocks are infantry of strength 3 (rule 3)"))
    for side in SIDES:
        expected = u.counts.get(side)
        if expected is None:
            problems.append(_at(file, "counts", side, "missing"))
            continue
        mine = [x for x in u.units if x.side == side]
        for field, found in (
            ("units", len(mine)),
            ("strength", sum(x.strength for x in mine)),
            ("guard", sum(x.guard for x in mine)),
            ("heavy_cavalry", sum(x.heavy_cavalry for x in mine)),
        ):
            if found != getattr(expected, field):
                problems.append(
                    _at(
                        file,
                        f"counts.{side}",
                        field,
                        f"the {side} blocks give {found}, {getattr(expected, field)} expected",
                    )
                )
    problems += _check_commanders(file, u, m)
    return problems


def _check_commanders(file: str, u: _UnitsFile, m: _MapFile) -> list[str]:
    problems = same_ids(file, "commanders", u.commanders)
    locales = {loc.id: loc for loc in m.locales}
    units = {x.id: x for x in u.units}
    commanders = {c.id: c for c in u.commanders}
    for i, c in enumerate(u.commanders):
        entry = _entry_label("commanders", i, c)
        loc = locales.get(c.setup)
        if loc is None:
            problems.append(
                _at(file, entry, "setup", f'unknown locale "{c.setup}"{_suggest(c.setup, list(locales))}')
            )
        elif loc.capacity < c.minimum:
            problems.append(
                _at(
                    file,
                    entry,
                    "setup",
                    f'"{c.setup}" holds {loc.capacity}, fewer than the minimum {c.minimum}',
                )
            )
        if c.minimum > u.corps.max_units:
            problems.append(_at(file, entry, "minimum", f"more than a corps holds ({u.corps.max_units})"))
    owner: dict[str, str] = {}
    for cid, blocks in u.allocation.items():
        entry = f'allocation."{cid}"'
        cmd = commanders.get(cid)
        if cmd is None:
            problems.append(
                _at(file, entry, None, f'unknown commander "{cid}"{_suggest(cid, list(commanders))}')
            )
            continue
        for uid in blocks:
            unit = units.get(uid)
            if unit is None:
                problems.append(_at(file, entry, None, f'unknown block "{uid}"{_suggest(uid, list(units))}'))
            elif uid in owner:
                problems.append(_at(file, entry, None, f'{uid} is already allocated to "{owner[uid]}"'))
            elif unit.side != cmd.side:
                problems.append(
                    _at(file, entry, None, f"{uid} is a {unit.side} block, {cid} a {cmd.side} commander")
                )
            owner.setdefault(uid, cid)
        if not cmd.minimum <= len(blocks) <= u.corps.max_units:
            problems.append(
                _at(
                    file,
                    entry,
                    None,
                    f"{len(blocks)} blocks: {cid} takes {cmd.minimum} to {u.corps.max_units} (rule 6)",
                )
            )
    for c in u.commanders:
        if c.id not in u.allocation:
            problems.append(f'{file}: allocation: no blocks for "{c.id}"')
    loose = [x.id for x in u.units if x.id not in owner]
    if loose:
        problems.append(f"{file}: allocation: blocks allocated to no commander: {', '.join(loose)}")
    return problems


# -- cross-checks: rules, morale, scenarios ------------------------------------------------------------------


def _check_scenarios(file: str, s: _ScenariosFile, u: _UnitsFile, m: _MapFile) -> list[str]:
    problems = same_ids(file, "scenarios", s.scenarios)
    for key, table in (("morale", s.morale.start), ("commands", s.commands.independent)):
        for side in SIDES:
            if side not in table:
                problems.append(
                    _at(file, key, "start" if key == "morale" else "independent", f"missing {side}")
                )
    if s.setup.santon not in {loc.id for loc in m.locales}:
        problems.append(_at(file, "setup", "santon", f'unknown locale "{s.setup.santon}"'))
    for i, sc in enumerate(s.scenarios):
        problems += _check_scenario(file, _entry_label("scenarios", i, sc), sc, u, m)
    return problems


def _check_scenario(file: str, entry: str, sc: Scenario, u: _UnitsFile, m: _MapFile) -> list[str]:
    problems: list[str] = []
    commanders = {c.id: c for c in u.commanders}
    locales = {loc.id: loc for loc in m.locales}
    entries = {e.id: e for e in m.entries}
    for j, rnd in enumerate(sc.rounds):
        if rnd.n != j + 1:
            problems.append(
                _at(file, entry, f"rounds[{j}].n", f"{rnd.n}: rounds are numbered 1, 2, ... in order")
            )
        if rnd.night != (rnd.hour == "night"):
            problems.append(
                _at(file, entry, f"rounds[{j}]", 'a night round has hour = "night" and night = true')
            )
    placed: dict[str, str] = {}
    held: dict[str, set[str]] = {}
    load: Counter[str] = Counter()
    for side in SIDES:
        for cid in sc.on_map.get(side, ()):
            c = commanders.get(cid)
            if c is None:
                problems.append(
                    _at(
                        file,
                        entry,
                        f"on_map.{side}",
                        f'unknown commander "{cid}"{_suggest(cid, list(commanders))}',
                    )
                )
                continue
            if c.side != side:
                problems.append(_at(file, entry, f"on_map.{side}", f"{cid} is a {c.side} commander"))
            if cid in placed:
                problems.append(_at(file, entry, f"on_map.{side}", f"{cid} is listed twice"))
            placed[cid] = "on the map"
            held.setdefault(c.setup, set()).add(c.side)
            load[c.setup] += len(u.allocation.get(cid, ()))
    for where, sides in sorted(held.items()):
        if len(sides) > 1:
            problems.append(
                _at(file, entry, "on_map", f'both sides set up in "{where}": one side a locale (rule 4)')
            )
        if where in locales and load[where] > locales[where].capacity:
            problems.append(
                _at(
                    file,
                    entry,
                    "on_map",
                    f'the default allocation puts {load[where]} blocks in "{where}", '
                    f"which holds {locales[where].capacity}",
                )
            )
    for j, r in enumerate(sc.reinforcements):
        field = f"reinforcements[{j}]"
        c = commanders.get(r.commander)
        if c is None:
            problems.append(
                _at(
                    file,
                    entry,
                    f"{field}.commander",
                    f'unknown commander "{r.commander}"{_suggest(r.commander, list(commanders))}',
                )
            )
            continue
        if r.commander in placed:
            problems.append(
                _at(file, entry, f"{field}.commander", f"{r.commander} is already {placed[r.commander]}")
            )
        placed[r.commander] = "a reinforcement"
        if r.round > len(sc.rounds):
            problems.append(
                _at(file, entry, f"{field}.round", f"{r.round}: the scenario has {len(sc.rounds)} rounds")
            )
        elif sc.rounds[r.round - 1].night:
            problems.append(_at(file, entry, f"{field}.round", "nobody enters at night"))
        for eid in r.entries:
            e = entries.get(eid)
            if e is None:
                problems.append(
                    _at(
                        file,
                        entry,
                        f"{field}.entries",
                        f'unknown entry "{eid}"{_suggest(eid, list(entries))}',
                    )
                )
            elif e.side != c.side:
                problems.append(
                    _at(file, entry, f"{field}.entries", f"{eid} is an entry road of the {e.side}")
                )
        blocks = [x for x in u.units if x.id in set(u.allocation.get(r.commander, ()))]
        if c.side == "french":
            problems += _check_reinforcement(file, entry, field, r.commander, blocks, u.corps)
    choose = sc.allied_on_map
    if choose is not None and choose != len(sc.on_map.get("allies", ())):
        problems.append(
            _at(
                file,
                entry,
                "allied_on_map",
                f"{choose}, but on_map.allies names {len(sc.on_map.get('allies', ()))}",
            )
        )
    missing = [
        c.id
        for c in u.commanders
        if c.id not in placed and not (c.side == "allies" and sc.allied_entry_round)
    ]
    if missing:
        problems.append(
            _at(file, entry, None, f"neither on the map nor a reinforcement: {', '.join(missing)}")
        )
    if sc.allied_entry_round is not None and sc.allied_entry_round > len(sc.rounds):
        problems.append(
            _at(file, entry, "allied_entry_round", f"{sc.allied_entry_round}: past the last round")
        )
    return problems


def _check_reinforcement(
    file: str, entry: str, field: str, cid: str, blocks: Sequence[UnitDef], corps: CorpsRules
) -> list[str]:
    """[FAQ]: a French reinforcement corps has at least 4 units, one of them not a 2-strength infantry."""
    problems: list[str] = []
    other = corps.reinforcement_other_than
    if len(blocks) < corps.reinforcement_min_units:
        problems.append(
            _at(
                file,
                entry,
                f"{field}.commander",
                f"{cid}'s default corps has {len(blocks)} blocks, fewer than {corps.reinforcement_min_units}",
            )
        )
    if blocks and all(b.arm == other.arm and b.strength == other.strength and not b.guard for b in blocks):
        problems.append(
            _at(
                file,
                entry,
                f"{field}.commander",
                f"{cid}'s default corps is all {other.arm} of strength {other.strength}",
            )
        )
    return problems
