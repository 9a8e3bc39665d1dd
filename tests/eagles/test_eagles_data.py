"""Eagles of the Empire data (our Quatre Bras map and ratings, not the series' published ones): the counts
and ratings of the fact sheet (§5–§9, see data/eagles/README.md), the map's borders and roads, the geometry
computed from the centres (Voronoi cells, lines of sight, facing classes, charge lines), and the loader's
messages for broken copies. Rule numbers are the series rules'; G numbers the rules digest's gaps
(docs/rulings.md).
"""

from __future__ import annotations

import json
import math
import re
import shutil
import time
from pathlib import Path

import pytest

from data import ScenarioError
from data.eagles import Eagles, load_eagles
from data.eagles.loader import DATA_DIR

# The fact sheet's neighbour table (facts §5) as printed: (d) diagonal, =R chaussée, =t trail, ~s stream.
FACT_NEIGHBOURS = {
    "N1": "N2 N3=R N5",
    "N2": "N1 N3 W5 W9",
    "N3": "N1=R N2 N4=R N5 W1 W5(d)",
    "N4": "N3=R N5 N6 C1=R W1",
    "N5": "N1 N3 N4 N6",
    "N6": "N4 N5 N7 C1=R",
    "N7": "N6 N8 C1 C3 C6",
    "N8": "N7 C6 C7",
    "C1": "N4=R N6=R N7 C2=R C3=R W1(d)",
    "C2": "C1=R C3 W1 V1=R~s V2~s V3(d)",
    "C3": "N7 C1=R C2 C4=R C6 V3",
    "C4": "C3=R C5=R C6 C7 V3 V5",
    "C5": "C4=R C7 V5 V6=t~s V7~s",
    "C6": "N7 N8 C3 C4 C7",
    "C7": "N8 C4 C5 C6",
    "W1": "N3 N4 C1(d) C2 W2 W5 V2(d)",
    "W2": "W1 W3 W5 V2",
    "W3": "W2 W4 W5 W6 V2 S1(d) S2",
    "W4": "W3 W6 W8 S2 S6(d)",
    "W5": "N2 N3(d) W1 W2 W3 W6 W9",
    "W6": "W3 W4 W5 W7 W8=t W9=t",
    "W7": "W6 W8 S6 F1",
    "W8": "W4 W6=t W7 S6=t",
    "W9": "N2 W5 W6=t",
    "V1": "C2=R~s V2 V3~s V4=t S1=R",
    "V2": "C2~s W1(d) W2 W3 V1 S1",
    "V3": "C2(d) C3 C4 V1~s V4~s V5",
    "V4": "V1=t V3~s V5 V6=t S1 S3",
    "V5": "C4 C5 V3 V4 V6",
    "V6": "C5=t~s V4=t V5 V7 S3 S10",
    "V7": "C5~s V6 S9(d) S10",
    "S1": "W3(d) V1=R V2 V4 S2 S3 S5=R",
    "S2": "W3 W4 S1 S5 S6(d)",
    "S3": "V4 V6 S1 S4 S5 S10",
    "S4": "S3 S5 S7 S8 S9 S10",
    "S5": "S1=R S2 S3 S4 S6 S7=R",
    "S6": "W4(d) W7 W8=t S2(d) S5 S7=t F1",
    "S7": "S4 S5=R S6=t S8 F1=R",
    "S8": "S4 S7 S9 F1",
    "S9": "V7(d) S4 S8 S10",
    "S10": "V6 V7 S3 S4 S9",
    "F1": "W7 S6 S7=R S8",
}
_TOKEN = re.compile(r"^([A-Z]\d+)(\(d\))?(=R|=t)?(~s)?$")


def _facts() -> dict[str, dict[str, tuple[bool, bool, bool, bool]]]:
    out: dict[str, dict[str, tuple[bool, bool, bool, bool]]] = {}
    for area, text in FACT_NEIGHBOURS.items():
        out[area] = {}
        for token in text.split():
            m = _TOKEN.match(token)
            assert m, token
            out[area][m[1]] = (bool(m[2]), m[3] == "=R", m[3] == "=t", bool(m[4]))
    return out


@pytest.fixture(scope="module")
def e() -> Eagles:
    return load_eagles()


# -- the map -------------------------------------------------------------------------------------------------


def test_areas_as_the_fact_table(e: Eagles) -> None:
    """Facts §5: 42 areas, each with the table's neighbours, diagonal contacts, roads, trails and stream."""
    assert len(e.areas) == 42
    facts = _facts()
    assert [a.id for a in e.areas] == list(facts)
    for area in e.areas:
        for other, (diagonal, road, trail, stream) in facts[area.id].items():
            b = e.border(area.id, other)
            assert b is not None, (area.id, other)
            assert (b.diagonal, b.road, b.trail, b.stream) == (diagonal, road, trail, stream), (
                area.id,
                other,
            )
        assert set(e.neighbours(area.id)) == set(facts[area.id])


def test_neighbours_symmetric(e: Eagles) -> None:
    for area in e.areas:
        for other in e.neighbours(area.id):
            there, back = e.border(area.id, other), e.border(other, area.id)
            assert there is not None and back is not None
            assert (there.diagonal, there.road, there.trail, there.stream) == (
                back.diagonal,
                back.road,
                back.trail,
                back.stream,
            )
            assert there.rise == -back.rise


def test_terrain_elevation_and_classes(e: Eagles) -> None:
    """Facts §5: the valley at 0, the ridges at +1; woods W1–W4 and S4 block LOS (12.5), farms do not; the
    all-round areas; the circled-2 areas; no long counters in the pond."""
    assert {a.id for a in e.areas if a.elevation == 0} == {"W2", "W3", "V1", "V2", "V3", "V4", "V5"}
    assert {a.id for a in e.areas if e.blocks_los(a.id)} == {"W1", "W2", "W3", "W4", "S4"}
    assert {a.id for a in e.areas if a.all_round} == {
        "C1",
        "C2",
        "C4",
        "C5",
        "V1",
        "V4",
        "V6",
        "W6",
        "W8",
        "F1",
    }
    assert {a.id for a in e.areas if a.stacking == "circled-2"} == {"N6", "C3", "S5", "S8"}
    assert (
        e.max_long_counters("V5") == 0 and e.max_long_counters("N6") == 2 and e.max_long_counters("C1") == 1
    )
    assert e.stacking_of("C1").max_sp == 15 and e.stacking_of("S5").max_sp == 21
    assert e.stacking["circled-2"].long_counters == 2 and e.stacking["normal"].dense_from == 11  # 13.6
    # G18 (ours): the stream closed to cavalry and artillery but at the bridge; woods closed to artillery
    assert e.borders["stream"].cavalry_mp is None and e.borders["bridge"].cavalry_mp == 0
    assert e.terrain["woods"].artillery_mp is None and e.terrain_of("W1").blocks_los


def test_slopes_and_stream_crossings(e: Eagles) -> None:
    """Facts §5: a 0/+1 border is a gentle slope; the chaussée bridges the stream at C2–V1, the lane fords it
    at C5–V6 (G18)."""
    up = e.border("V1", "S1")
    assert up is not None and up.slope == "up"
    level = e.border("S1", "S2")
    assert level is not None and level.slope is None
    bridge, ford = e.border("C2", "V1"), e.border("V6", "C5")
    assert bridge is not None and bridge.bridge and not bridge.ford
    assert ford is not None and ford.ford and not ford.bridge
    streams = {b.key for a in e.areas for n in e.neighbours(a.id) if (b := e.border(a.id, n)) and b.stream}
    assert streams == {"C2|V1", "C2|V2", "V1|V3", "V3|V4", "C5|V6", "C5|V7"}


def test_roads_as_listed(e: Eagles) -> None:
    """Facts §5: the chaussées and the farm lanes, over borders marked so, and no other road border."""
    roads = {r.id: r.areas for r in e.roads}
    assert roads["charleroi-brussels"] == ("F1", "S7", "S5", "S1", "V1", "C2", "C1", "N6")
    assert roads["nivelles"] == ("C1", "N4", "N3", "N1")
    assert roads["namur"] == ("C1", "C3", "C4", "C5")
    assert roads["pierrepont-lane"] == ("S7", "S6", "W8", "W6", "W9")
    assert roads["piraumont-lane"] == ("V1", "V4", "V6", "C5")
    on_roads = {(r.kind, *sorted(pair)) for r in e.roads for pair in zip(r.areas, r.areas[1:], strict=False)}
    marked = set()
    for a in e.areas:
        for n in e.neighbours(a.id):
            b = e.border(a.id, n)
            assert b is not None
            if b.road:
                marked.add(("road", *sorted((a.id, n))))
            if b.trail:
                marked.add(("trail", *sorted((a.id, n))))
    assert marked == on_roads


def test_map_edges(e: Eagles) -> None:
    """Facts §5's edge table; W6 also touches the west edge (its cell does: README)."""
    edges = {side: {a.id for a in e.areas if side in a.edges} for side in ("north", "east", "south", "west")}
    assert edges["north"] == {"N1", "N5", "N6", "N7", "N8"}
    assert edges["east"] == {"N8", "C7", "C5", "V7", "S9"}
    assert edges["south"] == {"W7", "F1", "S8", "S9"}
    assert edges["west"] == {"N1", "N2", "W9", "W7", "W6"}


# -- geometry ------------------------------------------------------------------------------------------------


def test_voronoi_adjacency_is_the_table(e: Eagles) -> None:
    """Facts §5: the Voronoi cells of the centres reproduce the neighbour lists; a shared border under 120 m
    is a diagonal contact (2.3)."""
    facts = _facts()
    cells = e.geometry.adjacency()
    for area, listed in facts.items():
        assert cells[area] == {other: flags[0] for other, flags in listed.items()}, area


def test_polygons_tile_the_map(e: Eagles) -> None:
    """The cells cover the 5.0 × 5.4 km rectangle exactly and each holds its own centre."""
    total = 0.0
    for area in e.areas:
        pts = e.polygon(area.id)
        total += 0.5 * sum(
            pts[k][0] * pts[(k + 1) % len(pts)][1] - pts[(k + 1) % len(pts)][0] * pts[k][1]
            for k in range(len(pts))
        )
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        assert min(xs) < area.x < max(xs) and min(ys) < area.y < max(ys)
    assert math.isclose(total, 5000 * 5400, rel_tol=1e-9)


def test_los_example_of_the_fact_sheet(e: Eagles) -> None:
    """Facts §5: a battery in S1 sees C2 across V1 at range 2, C1 at range 3 across V1 and C2, and C3 via
    V1 / V3 (G25: the intervening areas in order)."""
    assert e.distance("S1", "C2") == 2 and "V1" in e.between("S1", "C2").areas
    assert e.between("S1", "C1").areas == ("V1", "C2") and e.distance("S1", "C1") == 3
    line = e.between("S1", "C3")
    assert line.areas == ("V1", "V3")
    assert line.borders == (("S1", "V1"), ("V1", "V3"), ("V3", "C3"))
    assert e.los_point("S1") == (100.0, -1850.0)


def test_between_orders_and_runs_along(e: Eagles) -> None:
    """G25: the line's areas are the reverse of the reverse line's; a line running along a border records it
    (12.5 b/c); adjacent areas have nothing between."""
    for a in e.areas:
        for b in e.within(a.id, 3):
            there, back = e.between(a.id, b), e.between(b, a.id)
            assert there.areas == tuple(reversed(back.areas)), (a.id, b)
            assert there.along == back.along
            assert all(e.border(x, y) is not None for x, y in there.borders)  # each step crosses a border
            assert len(there.areas) >= e.distance(a.id, b) - 1
    assert e.between("C1", "C3").areas == ()
    # S6 → W3 runs along the S2 | W4 border for 700 m, nearly on it; S1 → C2 crosses V1 | V2 at 17°: no run
    assert e.between("S6", "W3").along == (("S2", "W4"),)
    assert e.between("S1", "C2").areas == ("V1", "V2") and e.between("S1", "C2").along == ()


def test_distance(e: Eagles) -> None:
    assert e.distance("C1", "C1") == 0
    assert e.distance("C1", "W1") == 1  # diagonal contact counts (2.3)
    assert e.distance("F1", "C1") == 5
    assert e.within("C1", 1) == e.neighbours("C1")


def test_facing_classes_sane(e: Eagles) -> None:
    """13.9, G24: the facing neighbour is front; front and rear are never both empty where the area has
    neighbours behind; facing a neighbour and the opposite one swap front and rear."""
    for area in e.areas:
        for facing in e.facings(area.id):
            classes = e.facing_classes(area.id, facing)
            assert classes[facing] == "front"
            assert set(classes) == set(e.neighbours(area.id))
    s1 = e.facing_classes("S1", "V1")
    assert s1["S5"] == "rear" and s1["V2"] == "front" and s1["S2"] == "flank"
    north, south = e.facing_classes("S5", "S1"), e.facing_classes("S5", "S7")
    assert north["S7"] == "rear" and south["S1"] == "rear"
    assert e.facing_class("C1", "C2", "N6") == "front"  # all-round area (2.3)


def test_charge_lines(e: Eagles) -> None:
    """10.1, G25: a target 2 areas away through the one area the straight line crosses; 10.8: the line
    through the target continues into the area behind it."""
    assert e.charge_via("S1", "W2") == "V2"
    assert e.charge_via("S1", "C2") is None  # the line crosses V1 and V2: no single area between
    assert e.charge_via("S1", "V1") is None  # adjacent
    assert e.charge_targets("S5")["V1"] == "S1"
    assert e.continuation("S1", "V1") == "C2"
    assert e.continuation("W9", "N2") == "N1"
    assert e.continuation("N2", "N1") is None  # leaves the map


def test_corner_of_a_diagonal(e: Eagles) -> None:
    """G33: the areas flanking the corner between C1 and W1 are N4 and C2."""
    assert set(e.corner("C1", "W1")) == {"N4", "C2"}
    assert e.corner("C1", "C3") == ()


def test_load_time() -> None:
    """The bot loads once a process; a fresh load with all geometry stays small."""
    start = time.perf_counter()
    load_eagles(DATA_DIR)
    assert time.perf_counter() - start < 1.0


# -- the armies ----------------------------------------------------------------------------------------------


def test_order_of_battle_totals(e: Eagles) -> None:
    """Facts §6: 15 French and 18 Allied units; the SP totals by arm."""
    french, allies = e.units_of("french"), e.units_of("allies")
    assert [u.id for u in french] == [f"F{n:02}" for n in range(1, 16)]
    assert [u.id for u in allies] == [f"A{n:02}" for n in range(1, 19)]
    for side, units, want in (("french", french, (11, 12, 11)), ("allies", allies, (22, 4, 10))):
        got = tuple(sum(u.sp for u in units if u.arm == arm) for arm in ("infantry", "cavalry", "artillery"))
        assert got == want, side
    assert len(e.units_of("french", variant="derlon")) == 23


def test_ratings(e: Eagles) -> None:
    """Facts §6: artillery morale 3 (2.21); long counters; lancers; elite; medium dragoons as light (2.22)."""
    assert all(u.morale == 3 for u in e.units if u.arm == "artillery")
    longs = {u.id for u in e.units if u.long and u.variant is None}
    assert longs == {"F01", "F02", "F03", "A02", "A06", "A07", "A08", "A10", "A14", "A15", "A17", "A18"}
    assert e.unit("F05").lancers and e.unit("F08").lancers and e.unit("F08").elite
    assert e.unit("F06").heavy_cavalry and e.unit("F07").charge_kind == "light"
    assert e.unit("F13").sp_at(2) == 3 and e.unit("F13").sp_at(1) == 2
    assert e.unit("F03").sp_at(5) == 5 and e.unit("F03").sp_at(1) == 1 and e.unit("F03").sp_at(0) == 0
    assert e.unit("F01").faces and e.unit("F14").faces and not e.unit("A01").faces and not e.unit("F04").faces


def test_leaders_and_chain(e: Eagles) -> None:
    """Facts §6: range / tactical / initiative; the chain of command as a tree up to Ney and Wellington."""
    ney, wellington = e.leader("F-L1"), e.leader("A-L1")
    assert (ney.range, ney.tactical, ney.initiative) == (3, 3, 4)
    assert (wellington.range, wellington.tactical, wellington.initiative) == (4, 2, 5)
    assert e.leader("F-L7").grand_charge
    assert e.superior("F-L4") == "F-L2" and e.superior("F-L2") == "F-L1" and e.superior("F-L1") is None
    assert e.superior("F-L7") == "F-L1" and e.superior("A-L3") == "A-L2" and e.superior("A-L4") == "A-L1"
    assert e.formation_units("foy") == ("F02", "F11")
    assert e.subordinates("ii-corps") == ("bachelu", "foy", "jerome", "pire")
    assert e.leader("A-L9").replaces == "A-L5" and e.leader("A-L9").role == "division"
    hq = e.hq("A-HQ")
    assert hq.commander == "A-L1" and hq.range == 2
    for leader in e.leaders:  # every chain ends at the army commander
        seen, here = set(), leader.id
        while (up := e.superior(here)) is not None:
            assert up not in seen
            seen.add(up)
            here = up
        assert e.leader(here).role == "army"


# -- the scenario --------------------------------------------------------------------------------------------


def test_setup(e: Eagles) -> None:
    """Facts §7.1: the 14:00 positions, within the stacking limits (13.6, 13.7)."""
    sc = e.scenario("quatre-bras")
    where = {u: p.area for p in sc.setup for u in (*p.units, *p.leaders)}
    assert where["F02"] == "S1" and where["F13"] == "S1" and where["F01"] == "S3" and where["F05"] == "S5"
    assert where["F-L1"] == "S5" and where["F08"] == "F1" and where["A02"] == "W2" and where["A01"] == "V1"
    assert where["A-L2"] == "C1" and where["A04"] == "V3"
    for p in sc.setup:
        units = [e.unit(u) for u in p.units]
        assert sum(u.sp for u in units) <= e.stacking_of(p.area).max_sp
        assert sum(u.long for u in units) <= e.max_long_counters(p.area)
        if p.facing is not None:
            assert p.facing in e.facings(p.area)
    assert sc.deployments[0].unit == "A02" and sc.deployments[0].area == "W4"


def test_reinforcements_and_turns(e: Eagles) -> None:
    """Facts §7.2, §8: the hourly arrivals on the map's edges; 8 turns 14:00–21:00, the last at dusk."""
    sc = e.scenario("quatre-bras")
    assert [t.hour for t in sc.turns] == [f"{h}:00" for h in range(14, 22)]
    assert sc.turn(8).light == "dusk" and sc.weather == "clear"
    arrivals = {(r.turn, r.area): r.units for r in sc.reinforcements}
    assert arrivals[(2, "F1")] == ("F03", "F12")
    assert arrivals[(2, "N6")] == ("A06", "A07", "A08", "A09")
    assert arrivals[(5, "N1")] == ("A17", "A18")
    assert sc.arrivals(2, "allies")[0].hqs == ("A-HQ",)
    for r in sc.reinforcements:
        assert e.area(r.area).edges
    placed = [u for p in (*sc.setup, *sc.reinforcements) for u in p.units]
    assert sorted(placed) == sorted(u.id for u in e.units if u.variant is None)
    derlon = sc.variant("derlon")
    assert derlon.area == "S9" and derlon.from_turn == 4 and derlon.vp_to_enemy_if_absent == 5


def test_special_rules_and_victory(e: Eagles) -> None:
    """Facts §7.3, §9."""
    sc = e.scenario()
    assert sc.guard is not None and sc.guard.units == ("F08", "F09") and sc.guard.vp_to_enemy == 3
    assert sc.acting_commander is not None and sc.acting_commander.leader == "A-L2"
    assert sc.tall_crops is not None and sc.tall_crops.until_turn == 3
    assert sum(o.vp for o in sc.victory.objectives) == 24 and sc.objective_vp("C1") == 5  # ours, measured
    assert sc.victory.margin == 8
    assert sc.holder_at_start("W8") == "french" and sc.holder_at_start("V6") == "allies"
    assert sc.victory.decisive is not None and sc.victory.decisive.hold == ("C1", "C3")


# -- broken copies -------------------------------------------------------------------------------------------


@pytest.fixture
def root(tmp_path: Path) -> Path:
    (tmp_path / "eagles").mkdir()
    for file in ("map.toml", "units.toml", "scenarios.toml"):
        shutil.copy(DATA_DIR / "eagles" / file, tmp_path / "eagles" / file)
    return tmp_path


def edit(root: Path, file: str, old: str, new: str) -> None:
    path = root / "eagles" / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def error(root: Path) -> str:
    with pytest.raises(ScenarioError) as info:
        load_eagles(root)
    return str(info.value)


def test_copy_loads(root: Path) -> None:
    assert len(load_eagles(root).areas) == 42


def test_error_misspelt_neighbour(root: Path) -> None:
    path = root / "eagles" / "map.toml"
    text = path.read_text(encoding="utf-8")
    start = text.index('id = "C1"')
    at = text.index('{ to = "N7" }', start)
    path.write_text(text[:at] + '{ to = "N77" }' + text[at + len('{ to = "N7" }') :], encoding="utf-8")
    message = error(root)
    assert 'eagles/map.toml: areas[8] ("C1"): field "neighbours[2].to": unknown area "N77"' in message
    assert '(did you mean "N7"?)' in message


def test_error_asymmetric_border(root: Path) -> None:
    edit(root, "map.toml", '{ to = "C2", road = true, stream = true },', '{ to = "C2", road = true },')
    message = error(root)
    assert 'areas[9] ("C2"): field "neighbours[3].stream": True here but False on "V1"\'s side' in message


def test_error_missing_back_border(root: Path) -> None:
    edit(root, "map.toml", '  { to = "W5", diagonal = true },\n', "")
    message = error(root)
    assert 'areas[19] ("W5"): field "neighbours[1].to": "N3" does not list "W5" as its neighbour' in message


def test_error_centre_moved_breaks_voronoi(root: Path) -> None:
    """The cells must reproduce the neighbour lists: moving C3's centre far east changes them."""
    edit(
        root,
        "map.toml",
        'id = "C3"\nname = "Namur road east of the crossroads"\nterrain = "clear"\nelevation = 1\nx = 700',
        'id = "C3"\nname = "Namur road east of the crossroads"\nterrain = "clear"\nelevation = 1\nx = 300',
    )
    message = error(root)
    assert 'eagles/map.toml: areas[10] ("C3"): field "neighbours": its cell borders' in message


def test_error_diagonal_flag_against_geometry(root: Path) -> None:
    edit(root, "map.toml", '{ to = "S9", diagonal = true },', '{ to = "S9" },')
    edit(root, "map.toml", '{ to = "V7", diagonal = true },', '{ to = "V7" },')
    message = error(root)
    assert 'areas[30] ("V7"): field "neighbours": the border with "S9" is 26 m long: diagonal' in message


def test_error_road_not_marked(root: Path) -> None:
    edit(root, "map.toml", 'areas = ["C1", "C3", "C4", "C5"]', 'areas = ["C1", "C3", "C6", "C4", "C5"]')
    assert 'roads[2] ("namur"): field "areas": the border "C3"–"C6" is not marked road' in error(root)


def test_error_units_and_chain(root: Path) -> None:
    edit(
        root, "units.toml", 'leader = "F-L3"\nsuperior = "ii-corps"', 'leader = "F-L3"\nsuperior = "bachelu"'
    )
    message = error(root)
    assert (
        'eagles/units.toml: formations[1] ("bachelu"): field "superior": the chain runs in a circle'
        in message
    )


def test_error_oob_total(root: Path) -> None:
    edit(root, "units.toml", "infantry_sp = 11", "infantry_sp = 12")
    assert 'eagles/units.toml: counts.french: field "infantry_sp": 12, but the units total 11' in error(root)


def test_error_artillery_morale(root: Path) -> None:
    edit(
        root,
        "units.toml",
        'kind = "horse"\nsp = 1\nmorale = 3\nsteps = 1\n\n[[units]]\nid = "F15"',
        'kind = "horse"\nsp = 1\nmorale = 4\nsteps = 1\n\n[[units]]\nid = "F15"',
    )
    assert 'units[13] ("F14"): artillery has morale 3 (2.21)' in error(root)


def test_error_setup_unknown_unit_and_stacking(root: Path) -> None:
    edit(
        root, "scenarios.toml", 'units = ["F02", "F11", "F13"]', 'units = ["F02", "F11", "F13", "F01", "F1O"]'
    )
    edit(root, "scenarios.toml", 'units = ["F01", "F10"]', 'units = ["F10"]')
    message = error(root)
    assert 'scenarios[0] ("quatre-bras"): field "setup[0].units[4]": unknown unit "F1O"' in message
    assert '2 long counters in "S1": at most 1 (13.7)' in message


def test_error_reinforcement_twice_and_area(root: Path) -> None:
    edit(root, "scenarios.toml", 'units = ["A13"]', 'units = ["A12"]')
    edit(root, "scenarios.toml", 'area = "C5"  # along', 'area = "C3"  # along')
    message = error(root)
    assert 'field "reinforcements[6].units[0]": "A12" is already placed at reinforcements[4]' in message
    assert '"A13" is neither set up nor arriving' in message
    assert 'field "reinforcements[1].area": "C3" is not on an edge of the map' in message


def test_error_facing_not_a_neighbour(root: Path) -> None:
    edit(
        root,
        "scenarios.toml",
        'facing = "V4"\n\n[[scenarios.setup]]\nside = "french"',
        'facing = "C1"\n\n[[scenarios.setup]]\nside = "french"',
    )
    assert 'field "setup[1].facing": "C1" is no neighbour across a border of "S3" (G24)' in error(root)


# -- the data as plain values, the check picture -------------------------------------------------------------


def test_dump_for_the_scenario_dump(e: Eagles) -> None:
    """The dump carries what ``python -m engine.scenario eagles --json`` promises, as JSON."""
    d = json.loads(json.dumps(e.dump()))
    assert len(d["areas"]) == 42 and {"id", "name", "elevation", "neighbours"} <= set(d["areas"][0])
    units = {u["id"]: u for u in d["units"]}
    assert units["F06"]["type"] == "heavy cavalry" and units["F14"]["type"] == "horse artillery"
    assert {"id", "side", "type", "sp", "morale"} <= set(units["A01"])
    assert {ld["id"]: ld["superior"] for ld in d["leaders"]}["F-L3"] == "F-L2"


def test_check_picture_draws(e: Eagles) -> None:
    from data.eagles.check_picture import draw

    assert draw(e).size == (1060, 1140)


def test_perimeter_and_start_positions(e: Eagles) -> None:
    """6.0 places blocked reinforcements "in the nearest map-edge area": the edge areas clockwise; the set-up
    lookups."""
    ring = e.perimeter()
    assert ring[0] == "N1" and ring[-1] == "N2" and len(ring) == len(set(ring))
    assert set(ring) == {a.id for a in e.areas if a.edges}
    sc = e.scenario()
    assert sc.start_area("F-L1") == "S5" and sc.start_facing("F02") == "V1" and sc.start_area("A06") is None
    assert [ld.id for ld in e.leaders_of("allies")][:2] == ["A-L1", "A-L2"]
    assert e.border_segment("C1", "W1") is not None and e.border_segment("C1", "S1") is None
