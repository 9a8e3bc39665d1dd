"""Read a scenario's TOML files, validate them, and build a :class:`~data.napoleon.models.Scenario`.

A scenario is a directory ``<data directory>/<name>/`` holding ``map.toml``, ``units.toml``,
``setups.toml`` and ``turns.toml``. Any fault is reported as a :class:`ScenarioError` whose lines each name
the file, the entry and the field, for example
``napoleon/map.toml: towns[9] ("Quatre Bras"): field "lat": Input should be a valid number``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pydantic import Field

from ..base import DATA_DIR, DataFile, ScenarioError, _at, _entry_label, _suggest
from ..loading import GameData, GameFiles, raise_faults, same_name
from .models import (
    ARMIES,
    Army,
    FreeRule,
    River,
    Road,
    Scenario,
    Town,
    TurnDef,
    UnitDef,
    connected_components,
    project,
)

MAP, UNITS, SETUPS, TURNS = "map.toml", "units.toml", "setups.toml", "turns.toml"
_NAME = re.compile(r"^[a-z0-9_]+$")
_XY_TOLERANCE = 0.06  # km: the files keep one decimal


def load_scenario(name: str = "napoleon", directory: Path | None = None) -> Scenario:
    """Load and validate the scenario in ``directory / name`` (``directory`` holds one folder per scenario;
    by default the ``data`` package's folder). Raises :class:`ScenarioError` listing every fault found.

    The scenarios of the default directory are read once per process and shared (the model is immutable).
    """
    if not _NAME.match(name):
        raise ScenarioError([f"{name!r} is not a scenario name (lower-case letters, digits and _ only)"])
    return _DATA.load(name, directory)


# -- file schemas --------------------------------------------------------------------------------------------


class _MapFile(DataFile):
    origin: tuple[float, float]
    mid_lat: float = Field(ge=-89, le=89)
    towns: tuple[Town, ...] = Field(min_length=1)
    roads: tuple[Road, ...]
    deployment_line: tuple[tuple[float, float], ...] = Field(min_length=2)
    border: tuple[tuple[float, float], ...] = Field(min_length=2)
    rivers: tuple[River, ...] = ()


class _UnitsFile(DataFile):
    counts: dict[Army, int]
    units: tuple[UnitDef, ...] = Field(min_length=1)


class _SetupsFile(DataFile):
    historical: dict[str, list[str]]
    free: dict[Army, FreeRule]


class _TurnsFile(DataFile):
    turns: tuple[TurnDef, ...] = Field(min_length=1)


# -- loading -------------------------------------------------------------------------------------------------


def _build(name: str, files: _Files) -> Scenario:
    m, u, s, t = files.map, files.units, files.setups, files.turns
    problems = _check_map(f"{name}/{MAP}", m)
    problems += _check_units(f"{name}/{UNITS}", u)
    problems += _check_setups(f"{name}/{SETUPS}", s, m, u)
    problems += _check_turns(f"{name}/{TURNS}", t)
    raise_faults(problems)

    historical = {unit: town for town, units in s.historical.items() for unit in units}
    return Scenario(
        name=name,
        origin=m.origin,
        mid_lat=m.mid_lat,
        towns=m.towns,
        roads=m.roads,
        units=u.units,
        counts=u.counts,
        historical={unit.id: historical[unit.id] for unit in u.units},
        free=s.free,
        turns=t.turns,
        deployment_line=m.deployment_line,
        border=m.border,
        rivers=m.rivers,
    )


class _Files(GameFiles):
    map: _MapFile
    units: _UnitsFile
    setups: _SetupsFile
    turns: _TurnsFile


_DATA = GameData(_Files, _build, DATA_DIR, prepare=lambda raw: _fill_in_xy(raw[MAP]))


def _fill_in_xy(data: dict[str, Any]) -> None:
    """A town written without x and y gets them from lat/lon (a club moving a town need not compute them)."""
    try:
        lat0, lon0 = (float(v) for v in data["origin"])
        mid_lat = float(data["mid_lat"])
    except (KeyError, TypeError, ValueError):
        return
    towns = data.get("towns")
    for town in towns if isinstance(towns, list) else ():
        if isinstance(town, dict) and "x" not in town and "y" not in town:
            lat, lon = town.get("lat"), town.get("lon")
            if isinstance(lat, int | float) and isinstance(lon, int | float):
                x, y = project((lat0, lon0), mid_lat, lat, lon)
                town["x"], town["y"] = round(x, 1), round(y, 1)


# -- cross-checks --------------------------------------------------------------------------------------------


def _check_map(file: str, m: _MapFile) -> list[str]:
    problems: list[str] = []
    names = [t.name for t in m.towns]
    seen: dict[str, int] = {}
    for i, town in enumerate(m.towns):
        entry = _entry_label("towns", i, town)
        problems += same_name(file, "towns", m.towns, i, seen)
        x, y = project(m.origin, m.mid_lat, town.lat, town.lon)
        for field, given, expected in (("x", town.x, x), ("y", town.y, y)):
            if abs(given - expected) > _XY_TOLERANCE:
                problems.append(
                    _at(
                        file,
                        entry,
                        field,
                        f"{given} does not match lat/lon (expected {expected:.1f}; "
                        "leave out x and y to have them computed)",
                    )
                )

    rivers = {r.name for r in m.rivers}
    river_seen: set[str] = set()
    for i, river in enumerate(m.rivers):
        if river.name in river_seen:
            problems.append(_at(file, _entry_label("rivers", i, river), "name", "duplicate river"))
        river_seen.add(river.name)

    known = set(names)
    pairs: dict[frozenset[str], int] = {}
    for i, road in enumerate(m.roads):
        entry = _entry_label("roads", i, road)
        for field, end in (("a", road.a), ("b", road.b)):
            if end not in known:
                problems.append(_at(file, entry, field, f'unknown town "{end}"{_suggest(end, names)}'))
        if road.a == road.b:
            problems.append(_at(file, entry, "b", "a road cannot lead from a town to itself"))
        pair = frozenset((road.a, road.b))
        if pair in pairs:
            first = _entry_label("roads", pairs[pair], m.roads[pairs[pair]])
            problems.append(_at(file, entry, None, f"duplicate road (same towns as {first})"))
        pairs.setdefault(pair, i)
        if road.river is not None and road.river not in rivers:
            problems.append(
                _at(
                    file,
                    entry,
                    "river",
                    f'"{road.river}" is not one of the [[rivers]] drawn in this file'
                    f"{_suggest(road.river, sorted(rivers))}",
                )
            )

    if not problems:
        parts = connected_components(names, m.roads)
        if len(parts) > 1:
            cut_off = "; ".join(", ".join(sorted(part)) for part in parts[1:])
            problems.append(f"{file}: roads: the road network is not connected; cut off: {cut_off}")
    return problems


def _check_units(file: str, u: _UnitsFile) -> list[str]:
    problems: list[str] = []
    seen: dict[str, int] = {}
    for i, unit in enumerate(u.units):
        key = unit.id.casefold()
        if key in seen:
            first = _entry_label("units", seen[key], u.units[seen[key]])
            problems.append(_at(file, _entry_label("units", i, unit), "id", f"same id as {first}"))
        seen.setdefault(key, i)
    for army in ARMIES:
        # 2.1, 2.5: the army's blocks (units), its leader included
        blocks = sum(1 for unit in u.units if unit.army == army)
        expected = u.counts.get(army)
        if expected is None:
            problems.append(_at(file, "counts", army, "missing: the number of blocks of this army"))
        elif blocks != expected:
            problems.append(_at(file, "counts", army, f"{blocks} blocks listed, {expected} expected"))
    return problems


def _check_setups(file: str, s: _SetupsFile, m: _MapFile, u: _UnitsFile) -> list[str]:
    problems: list[str] = []
    towns = [t.name for t in m.towns]
    known_towns = set(towns)
    ids = [unit.id for unit in u.units]
    known_units = set(ids)
    placed: dict[str, str] = {}
    for town, units in s.historical.items():
        entry = f'historical."{town}"'
        if town not in known_towns:
            problems.append(f'{file}: {entry}: unknown town "{town}"{_suggest(town, towns)}')
        for unit in units:
            if unit not in known_units:
                problems.append(f'{file}: {entry}: unknown unit "{unit}"{_suggest(unit, ids)}')
            elif unit in placed:
                problems.append(f'{file}: {entry}: unit "{unit}" is already placed in "{placed[unit]}"')
            else:
                placed[unit] = town
    missing = [unit for unit in ids if unit not in placed]
    if missing:
        problems.append(f"{file}: historical: units not placed: {', '.join(missing)}")

    for army in ARMIES:
        rule = s.free.get(army)
        if rule is None:
            problems.append(f"{file}: free: missing the free-deployment rule (3.1) for the {army} army")
        elif not any(rule.allows(town) for town in m.towns):
            problems.append(f"{file}: free.{army}: no town of {MAP} fits these criteria")
    return problems


def _check_turns(file: str, t: _TurnsFile) -> list[str]:
    problems: list[str] = []
    turns = t.turns
    for i, turn in enumerate(turns):
        entry = _entry_label("turns", i, turn)
        if turn.n != i + 1:
            problems.append(_at(file, entry, "n", f"expected {i + 1}: turns are numbered 1, 2, 3, ..."))
        side = "french" if i % 2 == 0 else "allied"
        if turn.side != side:
            problems.append(
                _at(file, entry, "side", f'expected "{side}": a slot is a French then an Allied turn (1.0)')
            )
        if i % 2 == 1:
            french = turns[i - 1]
            for field in ("day", "slot", "night"):
                if getattr(turn, field) != getattr(french, field):
                    problems.append(
                        _at(file, entry, field, f"differs from the French turn of its slot, turns[{i - 1}]")
                    )
        if i > 0 and turn.day < turns[i - 1].day:
            problems.append(_at(file, entry, "day", "earlier than the turn before it"))
    if len(turns) % 2:
        problems.append(f"{file}: turns: the last slot has no Allied turn")
    return problems
