"""Read the Eagles of the Empire TOML files, validate them, and build an :class:`~data.eagles.models.Eagles`.

The data is a directory ``<data directory>/eagles/`` holding ``map.toml``, ``units.toml`` and
``scenarios.toml``. Faults are reported as one :class:`~data.ScenarioError` whose lines each name the file,
the entry and the field, as the other games' loaders do, e.g.
``eagles/map.toml: areas[8] ("C1"): field "neighbours[0].to": unknown area "N44" (did you mean "N4"?)``.
Beyond the schema it checks that every border is listed from both sides with the same attributes, that the
Voronoi cells of the centres reproduce the neighbour lists (diagonal contacts included) and the map edges,
that the roads run over road borders, that the chain of command is a tree, and that the set-up and the
reinforcements name existing units and areas within the stacking limits.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import Field

from data.base import DATA_DIR, DataFile, _at, _entry_label
from data.loading import (
    GameData,
    GameFiles,
    raise_faults,
    route_faults,
    same_ids,
    same_name,
    unknown,
    unreachable,
)

from . import geometry as plane
from .models import (
    SIDES,
    Area,
    BorderDef,
    BorderKind,
    Chain,
    Eagles,
    Formation,
    HQDef,
    LeaderDef,
    MapInfo,
    Road,
    Scenario,
    SideCounts,
    Stacking,
    StackingClass,
    Terrain,
    TerrainDef,
    UnitDef,
)

NAME = "eagles"
MAP, UNITS, SCENARIOS = "map.toml", "units.toml", "scenarios.toml"


def load_eagles(directory: Path | None = None) -> Eagles:
    """Load and validate ``directory / "eagles"`` (by default this package's own data, read once per process
    and shared). Raises :class:`~data.ScenarioError` listing every fault found."""
    return _DATA.load(NAME, directory)


# -- file schemas --------------------------------------------------------------------------------------------


class _MapFile(DataFile):
    map: MapInfo
    stacking: dict[StackingClass, Stacking]
    terrain: dict[Terrain, TerrainDef]
    borders: dict[BorderKind, BorderDef]
    roads: tuple[Road, ...] = ()
    areas: tuple[Area, ...] = Field(min_length=1)


class _UnitsFile(DataFile):
    source: str
    chain: Chain
    counts: dict[str, SideCounts]
    formations: tuple[Formation, ...] = Field(min_length=1)
    leaders: tuple[LeaderDef, ...] = Field(min_length=1)
    hqs: tuple[HQDef, ...] = ()
    units: tuple[UnitDef, ...] = Field(min_length=1)


class _ScenariosFile(DataFile):
    scenarios: tuple[Scenario, ...] = Field(min_length=1)


# -- loading -------------------------------------------------------------------------------------------------


def _build(name: str, files: _Files) -> Eagles:
    m, u, s = files.map, files.units, files.scenarios

    problems = _check_map(f"{NAME}/{MAP}", m)
    problems += _check_units(f"{NAME}/{UNITS}", u)
    if not problems:  # the scenario's checks need sound areas and units
        problems += _check_scenarios(f"{NAME}/{SCENARIOS}", s, u, m)
    raise_faults(problems)

    eagles = Eagles(
        name=NAME,
        map=m.map,
        stacking=m.stacking,
        terrain=m.terrain,
        borders=m.borders,
        areas=m.areas,
        roads=m.roads,
        chain=u.chain,
        counts={side: u.counts[side] for side in SIDES},
        formations=u.formations,
        leaders=u.leaders,
        hqs=u.hqs,
        units=u.units,
        scenarios=s.scenarios,
    )
    raise_faults(_check_geometry(f"{NAME}/{MAP}", eagles))
    eagles.precompute()
    return eagles


class _Files(GameFiles):
    map: _MapFile
    units: _UnitsFile
    scenarios: _ScenariosFile


_DATA = GameData(_Files, _build, DATA_DIR, what="game data")


# -- the map -------------------------------------------------------------------------------------------------


def _check_map(file: str, m: _MapFile) -> list[str]:
    problems = same_ids(file, "areas", m.areas)
    problems += _check_areas(file, m)
    problems += _check_neighbours(file, m)
    if not problems:
        problems += _check_connected(file, m)
        problems += _check_roads(file, m)
    return problems


def _check_areas(file: str, m: _MapFile) -> list[str]:
    problems: list[str] = []
    names: dict[str, int] = {}
    x0, x1, y0, y1 = m.map.frame
    for i, area in enumerate(m.areas):
        entry = _entry_label("areas", i, area)
        problems += same_name(file, "areas", m.areas, i, names)
        if not (x0 < area.x < x1 and y0 < area.y < y1):
            problems.append(_at(file, entry, "x", f"({area.x}, {area.y}) is outside the map's rectangle"))
        if area.terrain not in m.terrain:
            problems.append(_at(file, entry, "terrain", f"no [terrain.{area.terrain}] in the chart"))
        if area.stacking not in m.stacking:
            problems.append(_at(file, entry, "stacking", f"no [stacking.{area.stacking}] class"))
        if len(set(area.edges)) != len(area.edges):
            problems.append(_at(file, entry, "edges", "an edge is listed twice"))
    return problems


def _check_neighbours(file: str, m: _MapFile) -> list[str]:
    """Every border leads to another area, once, not both road and trail, and the neighbour lists it back with
    the same attributes (one border, two sides)."""
    problems: list[str] = []
    by_id = {a.id: a for a in m.areas}
    ids = list(by_id)
    for i, area in enumerate(m.areas):
        entry = _entry_label("areas", i, area)
        seen: set[str] = set()
        for j, n in enumerate(area.neighbours):
            field = f"neighbours[{j}]"
            if n.to not in by_id:
                problems.append(_at(file, entry, f"{field}.to", unknown("area", n.to, ids)))
                continue
            if n.to == area.id:
                problems.append(_at(file, entry, f"{field}.to", "an area is not its own neighbour"))
                continue
            if n.to in seen:
                problems.append(_at(file, entry, f"{field}.to", f'"{n.to}" is listed twice'))
                continue
            seen.add(n.to)
            if n.road and n.trail:
                problems.append(_at(file, entry, field, "a border carries a road or a trail, not both"))
            back = next((x for x in by_id[n.to].neighbours if x.to == area.id), None)
            if back is None:
                problems.append(
                    _at(file, entry, f"{field}.to", f'"{n.to}" does not list "{area.id}" as its neighbour')
                )
                continue
            for attr in ("diagonal", "road", "trail", "stream"):
                if getattr(n, attr) != getattr(back, attr) and area.id < n.to:
                    problems.append(
                        _at(
                            file,
                            entry,
                            f"{field}.{attr}",
                            f'{getattr(n, attr)} here but {getattr(back, attr)} on "{n.to}"\'s side of the'
                            " border: a border is the same from both sides",
                        )
                    )
    return problems


def _check_connected(file: str, m: _MapFile) -> list[str]:
    start = m.areas[0].id
    cut = unreachable({a.id: [n.to for n in a.neighbours] for a in m.areas}, start)
    return [f'{file}: areas: not reachable from "{start}": {", ".join(cut)}'] if cut else []


def _check_roads(file: str, m: _MapFile) -> list[str]:
    """Each road runs over borders of its kind (13.3); every road or trail border lies on a listed road."""
    problems = same_ids(file, "roads", m.roads)
    by_id = {a.id: a for a in m.areas}
    on_road: set[tuple[str, str]] = set()
    for i, road in enumerate(m.roads):
        entry = _entry_label("roads", i, road)
        found, known = route_faults(file, entry, "areas", "area", road.areas, list(by_id))
        problems += found
        if not known:
            continue
        for a, b in zip(road.areas, road.areas[1:], strict=False):
            n = next((x for x in by_id[a].neighbours if x.to == b), None)
            if n is None:
                problems.append(_at(file, entry, "areas", f'"{a}" and "{b}" are not neighbours'))
            elif not getattr(n, road.kind):
                problems.append(
                    _at(file, entry, "areas", f'the border "{a}"–"{b}" is not marked {road.kind}')
                )
            on_road.add((road.kind, *sorted((a, b))))  # type: ignore[arg-type]
        ends = {road.areas[0], road.areas[-1]}
        for edge in road.exits:
            if not any(edge in by_id[x].edges for x in ends):
                problems.append(_at(file, entry, "exits", f"neither end of the road is on the {edge} edge"))
    for i, area in enumerate(m.areas):
        for j, n in enumerate(area.neighbours):
            for kind in ("road", "trail"):
                if getattr(n, kind) and (kind, *sorted((area.id, n.to))) not in on_road and area.id < n.to:
                    problems.append(
                        _at(
                            file,
                            _entry_label("areas", i, area),
                            f"neighbours[{j}].{kind}",
                            f'no {kind} of [[roads]] runs from "{area.id}" to "{n.to}"',
                        )
                    )
    return problems


def _check_geometry(file: str, e: Eagles) -> list[str]:
    """The Voronoi cells of the centres must reproduce the neighbour lists, diagonal contacts (a shared border
    shorter than ``diagonal_max_m``) included, and the map edges each area lists (facts §5)."""
    problems: list[str] = []
    geo = e.geometry
    cells = geo.adjacency()
    for i, area in enumerate(e.areas):
        entry = _entry_label("areas", i, area)
        listed = {n.to: n.diagonal for n in area.neighbours}
        found = cells[area.id]
        for other in sorted(set(found) - set(listed)):
            problems.append(
                _at(
                    file,
                    entry,
                    "neighbours",
                    f'its cell borders "{other}"\'s ({geo.lengths[(area.id, other)]:.0f} m)'
                    f' but "{other}" is not listed',
                )
            )
        for other in sorted(set(listed) - set(found)):
            problems.append(_at(file, entry, "neighbours", f'"{other}" is listed but the cells do not touch'))
        for other in sorted(set(listed) & set(found)):
            if listed[other] != found[other]:
                length = geo.lengths[(area.id, other)]
                want = "diagonal" if found[other] else "not diagonal"
                problems.append(
                    _at(
                        file,
                        entry,
                        "neighbours",
                        f'the border with "{other}" is {length:.0f} m long: {want}'
                        f" (diagonal below {e.map.diagonal_max_m:.0f} m)",
                    )
                )
        sides = plane.map_sides(geo.cells[area.id])
        if tuple(sorted(area.edges)) != sides:
            problems.append(
                _at(
                    file,
                    entry,
                    "edges",
                    f"{list(area.edges)} but its cell touches {list(sides) or 'no side of the map'}",
                )
            )
    return problems


# -- the armies ----------------------------------------------------------------------------------------------


def _check_units(file: str, u: _UnitsFile) -> list[str]:
    problems = same_ids(file, "units", u.units)
    problems += same_ids(file, "leaders", u.leaders)
    problems += same_ids(file, "formations", u.formations)
    problems += same_ids(file, "hqs", u.hqs)
    formations = {f.id: f for f in u.formations}
    leaders = {ld.id: ld for ld in u.leaders}
    for side in u.counts:
        if side not in SIDES:
            problems.append(_at(file, "counts", side, f"not a side: {', '.join(SIDES)}"))
    for side in SIDES:
        if side not in u.counts:
            problems.append(_at(file, "counts", side, "missing"))
    for i, unit in enumerate(u.units):
        entry = _entry_label("units", i, unit)
        f = formations.get(unit.formation)
        if f is None:
            problems.append(
                _at(file, entry, "formation", unknown("formation", unit.formation, list(formations)))
            )
        elif f.side != unit.side:
            problems.append(_at(file, entry, "formation", f'"{f.id}" is a {f.side} formation'))
        elif f.variant is not None and unit.variant != f.variant:
            problems.append(
                _at(file, entry, "variant", f'"{f.id}" comes only with the variant "{f.variant}"')
            )
    for side in SIDES:
        if side not in u.counts:
            continue
        own = [x for x in u.units if x.side == side and x.variant is None]
        for arm in ("infantry", "cavalry", "artillery"):
            total = sum(x.sp for x in own if x.arm == arm)
            want = getattr(u.counts[side], f"{arm}_sp")
            if total != want:
                problems.append(
                    _at(file, f"counts.{side}", f"{arm}_sp", f"{want}, but the units total {total}")
                )
    problems += _check_leaders(file, u, formations, leaders)
    problems += _check_chain(file, u, formations, leaders)
    return problems


def _check_leaders(
    file: str, u: _UnitsFile, formations: dict[str, Formation], leaders: dict[str, LeaderDef]
) -> list[str]:
    problems: list[str] = []
    for side in SIDES:
        army = [ld.id for ld in u.leaders if ld.side == side and ld.role == "army"]
        if len(army) != 1:
            problems.append(f"{file}: leaders: {side} need one army commander, not {len(army)}: {army}")
    for i, ld in enumerate(u.leaders):
        entry = _entry_label("leaders", i, ld)
        if ld.formation is not None:
            f = formations.get(ld.formation)
            if f is None:
                problems.append(
                    _at(file, entry, "formation", unknown("formation", ld.formation, list(formations)))
                )
            elif f.side != ld.side:
                problems.append(_at(file, entry, "formation", f'"{f.id}" is a {f.side} formation'))
            elif ld.role != "division" and f.leader != ld.id:
                problems.append(_at(file, entry, "formation", f'"{f.id}" names "{f.leader}" as its leader'))
        if ld.replaces is not None:
            other = leaders.get(ld.replaces)
            if other is None:
                problems.append(_at(file, entry, "replaces", unknown("leader", ld.replaces, list(leaders))))
            elif other.formation != ld.formation:
                problems.append(_at(file, entry, "replaces", f'"{other.id}" commands another formation'))
        if ld.grand_charge and not ld.cavalry:
            problems.append(
                _at(file, entry, "grand_charge", "only a cavalry leader makes a grand charge (10.8)")
            )
    for i, hq in enumerate(u.hqs):
        entry = _entry_label("hqs", i, hq)
        cmd = leaders.get(hq.commander)
        if cmd is None:
            problems.append(_at(file, entry, "commander", unknown("leader", hq.commander, list(leaders))))
        elif cmd.role != "army" or cmd.side != hq.side:
            problems.append(_at(file, entry, "commander", f'"{cmd.id}" is not the {hq.side} army commander'))
    return problems


def _check_chain(
    file: str, u: _UnitsFile, formations: dict[str, Formation], leaders: dict[str, LeaderDef]
) -> list[str]:
    """Each formation's leader commands it, its superior is a formation of its side, and following superiors
    always ends at the army commander (the chain is a tree, 3.3)."""
    problems: list[str] = []
    for i, f in enumerate(u.formations):
        entry = _entry_label("formations", i, f)
        ld = leaders.get(f.leader)
        if ld is None:
            problems.append(_at(file, entry, "leader", unknown("leader", f.leader, list(leaders))))
        elif ld.formation != f.id:
            problems.append(_at(file, entry, "leader", f'"{ld.id}" commands "{ld.formation}"'))
        if f.superior is None:
            continue
        sup = formations.get(f.superior)
        if sup is None:
            problems.append(_at(file, entry, "superior", unknown("formation", f.superior, list(formations))))
            continue
        if sup.side != f.side:
            problems.append(_at(file, entry, "superior", f'"{sup.id}" is a {sup.side} formation'))
        seen = [f.id]
        here: Formation | None = sup
        while here is not None:
            if here.id in seen:
                problems.append(
                    _at(file, entry, "superior", f"the chain runs in a circle: {' > '.join(seen)}")
                )
                break
            seen.append(here.id)
            here = formations.get(here.superior) if here.superior is not None else None
    return problems


# -- the scenario --------------------------------------------------------------------------------------------


def _check_scenarios(file: str, s: _ScenariosFile, u: _UnitsFile, m: _MapFile) -> list[str]:
    problems = same_ids(file, "scenarios", s.scenarios)
    for i, sc in enumerate(s.scenarios):
        problems += _check_scenario(file, _entry_label("scenarios", i, sc), sc, u, m)
    return problems


class _Where:
    """What a scenario's checks share: the file, the scenario's entry, the tables and the faults found."""

    def __init__(self, file: str, entry: str, u: _UnitsFile, m: _MapFile) -> None:
        self.file, self.entry = file, entry
        self.areas = {a.id: a for a in m.areas}
        self.units = {x.id: x for x in u.units}
        self.leaders = {ld.id: ld for ld in u.leaders}
        self.hqs = {h.id: h for h in u.hqs}
        self.problems: list[str] = []
        self.placed: dict[str, str] = {}

    def fault(self, field: str, message: str) -> None:
        self.problems.append(_at(self.file, self.entry, field, message))

    def area(self, field: str, area_id: str) -> bool:
        if area_id in self.areas:
            return True
        self.fault(field, unknown("area", area_id, list(self.areas)))
        return False


def _check_scenario(file: str, entry: str, sc: Scenario, u: _UnitsFile, m: _MapFile) -> list[str]:
    w = _Where(file, entry, u, m)
    for k, turn in enumerate(sc.turns):
        if turn.n != k + 1:
            w.fault(f"turns[{k}].n", f"{turn.n}: turns are numbered 1, 2, 3 ...")
        if k and turn.hour <= sc.turns[k - 1].hour:
            w.fault(f"turns[{k}].hour", f"{turn.hour} is not after the turn before")
    for k, p in enumerate(sc.setup):
        _place(w, f"setup[{k}]", p, p.hqs, None)
    for k, r in enumerate(sc.reinforcements):
        field = f"reinforcements[{k}]"
        _place(w, field, r, r.hqs, None)
        if not 1 <= r.turn <= len(sc.turns):
            w.fault(f"{field}.turn", f"{r.turn}: the scenario has turns 1–{len(sc.turns)}")
        if r.area in w.areas and not w.areas[r.area].edges:
            w.fault(f"{field}.area", f'"{r.area}" is not on an edge of the map')
    for k, v in enumerate(sc.variants):
        field = f"variants[{k}]"
        _place(w, field, v, (), v.id)
        if not 1 <= v.from_turn <= len(sc.turns):
            w.fault(f"{field}.from_turn", f"{v.from_turn} is not a turn of the scenario")
    pieces: list[tuple[str, Any]] = [*w.units.items(), *w.leaders.items()]
    for x, piece in pieces:
        if x not in w.placed and piece.variant is None and getattr(piece, "role", "") != "division":
            w.problems.append(f'{file}: {entry}: "{x}" is neither set up nor arriving')
    for x in w.hqs:
        if x not in w.placed:
            w.problems.append(f'{file}: {entry}: "{x}" is neither set up nor arriving')
    _check_rules(w, sc)
    _check_victory(w, sc)
    return w.problems + _check_setup_stacking(file, entry, sc, u, m)


def _place(w: _Where, field: str, group: Any, hqs: Sequence[str], variant: str | None) -> None:
    """Every piece named exists, is of the group's side and variant, and is placed once; the facing is a
    neighbour across a border; long counters and artillery outside all-round areas have one."""
    for kind, ids, table in (("units", group.units, w.units), ("leaders", group.leaders, w.leaders)):
        for k, x in enumerate(ids):
            where = f"{field}.{kind}[{k}]"
            piece: Any = table.get(x)
            if piece is None:
                w.fault(where, unknown(kind[:-1], x, list(table)))
                continue
            if piece.side != group.side:
                w.fault(where, f'"{x}" is {piece.side}, not {group.side}')
            if piece.variant != variant:
                w.fault(
                    where,
                    f'"{x}" belongs to the variant "{piece.variant}"'
                    if piece.variant is not None
                    else f'"{x}" is not of the variant "{variant}"',
                )
            if x in w.placed:
                w.fault(where, f'"{x}" is already placed at {w.placed[x]}')
            w.placed.setdefault(x, field)
    for k, x in enumerate(hqs):
        if x not in w.hqs:
            w.fault(f"{field}.hqs[{k}]", unknown("HQ", x, list(w.hqs)))
        elif x in w.placed:
            w.fault(f"{field}.hqs[{k}]", f'"{x}" is already placed at {w.placed[x]}')
        w.placed.setdefault(x, field)
    if not w.area(f"{field}.area", group.area):
        return
    area = w.areas[group.area]
    if group.facing is not None and group.facing not in [n.to for n in area.neighbours if not n.diagonal]:
        w.fault(
            f"{field}.facing", f'"{group.facing}" is no neighbour across a border of "{group.area}" (G24)'
        )
    faces = [x for x in group.units if x in w.units and w.units[x].faces]
    if faces and group.facing is None and not area.all_round:
        w.fault(f"{field}.facing", f"{', '.join(faces)} need a facing (13.9)")


def _check_rules(w: _Where, sc: Scenario) -> None:
    """Deployments (11.3) and the special rules name existing pieces and turns."""
    for k, d in enumerate(sc.deployments):
        field = f"deployments[{k}]"
        w.area(f"{field}.area", d.area)
        parent = w.units.get(d.unit)
        if parent is None:
            w.fault(f"{field}.unit", unknown("unit", d.unit, list(w.units)))
        elif not parent.deploys:
            w.fault(f"{field}.unit", f'"{d.unit}" deploys no short counter (11.3)')
        elif d.sp >= parent.sp:
            w.fault(f"{field}.sp", f"{d.sp}: less than the parent's {parent.sp} SP")
    if sc.guard is not None:
        for k, x in enumerate(sc.guard.units):
            if x not in w.units:
                w.fault(f"guard.units[{k}]", unknown("unit", x, list(w.units)))
    if sc.acting_commander is not None:
        for field in ("leader", "until"):
            x = getattr(sc.acting_commander, field)
            if x not in w.leaders:
                w.fault(f"acting_commander.{field}", unknown("leader", x, list(w.leaders)))
    if sc.tall_crops is not None and not 1 <= sc.tall_crops.until_turn <= len(sc.turns):
        w.fault("tall_crops.until_turn", "not a turn of the scenario")


def _check_victory(w: _Where, sc: Scenario) -> None:
    v = sc.victory
    seen: set[str] = set()
    for k, o in enumerate(v.objectives):
        if w.area(f"victory.objectives[{k}].area", o.area) and o.area in seen:
            w.fault(f"victory.objectives[{k}].area", f'"{o.area}" is listed twice')
        seen.add(o.area)
    for k, x in enumerate(v.french_start):
        w.area(f"victory.french_start[{k}]", x)
    if v.decisive is not None:
        for k, x in enumerate(v.decisive.hold):
            w.area(f"victory.decisive.hold[{k}]", x)
        w.area("victory.decisive.no_enemy_adjacent", v.decisive.no_enemy_adjacent)


def _check_setup_stacking(file: str, entry: str, sc: Scenario, u: _UnitsFile, m: _MapFile) -> list[str]:
    """At set-up: one side an area, SP within the limit (13.6), long counters within the area's number (13.7,
    G34). Reinforcements: SP within the limit of the entry area."""
    problems: list[str] = []
    areas = {a.id: a for a in m.areas}
    units = {x.id: x for x in u.units}
    sides: dict[str, set[str]] = {}
    sp: Counter[str] = Counter()
    long: Counter[str] = Counter()
    for p in sc.setup:
        if p.area not in areas:
            continue
        sides.setdefault(p.area, set()).add(p.side)
        for x in p.units:
            if x in units:
                sp[p.area] += units[x].sp
                long[p.area] += units[x].long
    for area_id, who in sides.items():
        area = areas[area_id]
        limit = m.stacking[area.stacking]
        longs = 0 if area.no_long_counters else limit.long_counters
        if len(who) > 1:
            problems.append(_at(file, entry, "setup", f'both sides set up in "{area_id}"'))
        if sp[area_id] > limit.max_sp:
            problems.append(
                _at(file, entry, "setup", f'{sp[area_id]} SP in "{area_id}": at most {limit.max_sp} (13.6)')
            )
        if long[area_id] > longs:
            problems.append(
                _at(
                    file,
                    entry,
                    "setup",
                    f'{long[area_id]} long counters in "{area_id}": at most {longs} (13.7)',
                )
            )
    for k, r in enumerate(sc.reinforcements):
        if r.area not in areas:
            continue
        total = sum(units[x].sp for x in r.units if x in units)
        limit = m.stacking[areas[r.area].stacking]
        if total > limit.max_sp:
            problems.append(
                _at(
                    file,
                    entry,
                    f"reinforcements[{k}]",
                    f'{total} SP arrive in "{r.area}": at most {limit.max_sp}',
                )
            )
    return problems
