"""Scenario data: the rules' facts about the map and the order of battle, the setups, the time record,
name matching, and the loader's error messages for broken files.

Rule numbers are the rules' own (docs/rulings.md quotes the sentences these tests rest on).
"""

from __future__ import annotations

import copy
import itertools
import math
import pickle
import re
import shutil
from collections import Counter
from datetime import date
from pathlib import Path

import pytest

from data import DATA_DIR, AmbiguousMatch, NoMatch, ScenarioError, normalize
from data.napoleon import Road, Scenario, load_scenario


@pytest.fixture(scope="module")
def s() -> Scenario:
    return load_scenario("napoleon")


def names(pairs: tuple[tuple[str, Road], ...]) -> set[str]:
    return {town for town, _ in pairs}


# -- loading ------------------------------------------------------------------------------------------------


def test_loads_once_and_is_shared(s: Scenario) -> None:
    assert s.name == "napoleon"
    assert load_scenario() is s
    assert load_scenario("napoleon") is s


def test_scenario_is_read_only(s: Scenario) -> None:
    with pytest.raises(TypeError):
        s.historical["NAP"] = "Brussels"  # type: ignore[index]
    with pytest.raises(ValueError):
        s.name = "other"


def test_scenario_copies_and_pickles(s: Scenario) -> None:
    assert copy.deepcopy(s) is s  # immutable: a game state holding it deep-copies cheaply
    assert pickle.loads(pickle.dumps(s)) == s
    fewer = s.model_copy(update={"roads": tuple(r for r in s.roads if {r.a, r.b} != {"Brussels", "Hal"})})
    assert s.road("Brussels", "Hal") is not None and fewer.road("Brussels", "Hal") is None
    assert "Hal" not in names(fewer.neighbours("Brussels"))


def test_json_dump_writes_road_class(s: Scenario) -> None:
    dumped = s.model_dump(mode="json")
    assert dumped["roads"][0] == {"a": "Brussels", "b": "Waterloo", "class": "major", "river": None}
    assert dumped["turns"][0]["day"] == "1815-06-15"
    assert dumped["historical"]["NAP"] == "Beaumont"
    assert s.model_dump_json()


# -- 1.0 map ------------------------------------------------------------------------------------------------


def test_1_0_town_count_between_55_and_75(s: Scenario) -> None:
    assert 55 <= len(s.towns) <= 75


def test_1_0_named_towns_exist(s: Scenario) -> None:
    """1.0 / 11.0: the three major cities, Mons and Quatre Bras are towns; display names are 1815 English."""
    for name in (
        "Brussels", "Ghent", "Liège", "Mons", "Quatre Bras", "Châtelet", "Fontaine-l'Évêque", "Roeulx",
        "St-Trond", "Condé", "Solre-sur-Sambre", "Braine-le-Comte", "Ninove", "Laneffe", "Waterloo", "Ligny",
    ):  # fmt: skip
        assert s.town(name).name == name
    with pytest.raises(KeyError):
        s.town("Liege")


def test_1_0_town_names_unique_without_accents_and_case(s: Scenario) -> None:
    folded = [normalize(t.name) for t in s.towns]
    assert len(set(folded)) == len(folded)
    assert len({t.name.casefold() for t in s.towns}) == len(s.towns)


def test_1_0_road_network_is_connected(s: Scenario) -> None:
    seen, todo = {"Brussels"}, ["Brussels"]
    while todo:
        for other, _ in s.neighbours(todo.pop()):
            if other not in seen:
                seen.add(other)
                todo.append(other)
    assert seen == {t.name for t in s.towns}


def test_1_0_no_duplicate_road_and_no_road_to_itself(s: Scenario) -> None:
    pairs = [frozenset((r.a, r.b)) for r in s.roads]
    assert all(len(p) == 2 for p in pairs)
    assert len(set(pairs)) == len(pairs)


def test_1_0_roads_join_known_towns_both_ways(s: Scenario) -> None:
    for road in s.roads:
        assert s.road(road.a, road.b) is road
        assert s.road(road.b, road.a) is road
        assert (road.b, road) in s.neighbours(road.a)
        assert (road.a, road) in s.neighbours(road.b)
        assert road.other(road.a) == road.b and road.other(road.b) == road.a
    assert sum(len(s.neighbours(t.name)) for t in s.towns) == 2 * len(s.roads)


def test_neighbours_sorted_by_town_name(s: Scenario) -> None:
    for town in s.towns:
        others = [other for other, _ in s.neighbours(town.name)]
        assert others == sorted(others)
    with pytest.raises(KeyError):
        s.neighbours("Atlantis")


# -- 5.x road facts -----------------------------------------------------------------------------------------


def test_5_1_brussels_example_neighbours() -> None:
    """5.1 example: from Brussels a group may go to Alost, Ninove, Hal, Waterloo, Wavre and Louvain."""
    s = load_scenario()
    assert names(s.neighbours("Brussels")) == {"Alost", "Ninove", "Hal", "Waterloo", "Wavre", "Louvain"}


def test_5_3_road_limits(s: Scenario) -> None:
    """5.3: 10 units on a major road, 6 on a minor one."""
    assert {r.cls for r in s.roads} == {"major", "minor"}
    assert all(r.limit == (10 if r.cls == "major" else 6) for r in s.roads)
    assert s.road("Brussels", "Waterloo").limit == 10  # type: ignore[union-attr]
    assert s.road("Quatre Bras", "Ligny").limit == 6  # type: ignore[union-attr]


def test_5_4_laneffe_charleroi_major_road_across_a_river_from_france(s: Scenario) -> None:
    """5.4 example: Laneffe-Charleroi is a major road crossing a river (10 units, 5 attacking); Laneffe is
    French (the French move along it into Charleroi)."""
    road = s.road("Laneffe", "Charleroi")
    assert road is not None
    assert road.cls == "major" and road.limit == 10
    assert road.river is not None
    assert s.is_french("Laneffe")
    assert not s.is_french("Charleroi")


def test_13_2_quatre_bras_adjacent_to_waterloo_nivelles_ligny(s: Scenario) -> None:
    """13.2 example: Allied groups in Waterloo, Ligny and Nivelles can each attack Quatre Bras."""
    assert {"Waterloo", "Nivelles", "Ligny"} <= names(s.neighbours("Quatre Bras"))


def test_13_2_waterloo_nivelles_road_but_no_waterloo_ligny_road(s: Scenario) -> None:
    """13.2 example: Waterloo and Nivelles are joined by a road; Waterloo and Ligny are not."""
    assert s.road("Waterloo", "Nivelles") is not None
    assert s.road("Nivelles", "Waterloo") is not None
    assert s.road("Waterloo", "Ligny") is None
    assert s.road("Ligny", "Waterloo") is None


# -- geometry: coordinates, border, deployment line, rivers -------------------------------------------------


def test_x_y_follow_the_projection(s: Scenario) -> None:
    lat0, lon0 = s.origin
    assert s.to_xy(lat0, lon0) == (0.0, 0.0)
    for town in s.towns:
        x, y = s.to_xy(town.lat, town.lon)
        assert abs(x - town.x) <= 0.051 and abs(y - town.y) <= 0.051, town.name
        assert town.x > 0 and town.y > 0, f"{town.name} should lie south-east of the origin"
    bx, by = s.town("Brussels").x, s.town("Brussels").y
    wx, wy = s.town("Waterloo").x, s.town("Waterloo").y
    assert 14 <= math.hypot(bx - wx, by - wy) <= 16  # the fact sheet: 15 km


def _line_lon(line: tuple[tuple[float, float], ...], lat: float) -> float:
    for (lat1, lon1), (lat2, lon2) in itertools.pairwise(line):
        if lat1 <= lat <= lat2:
            return lon1 + (lon2 - lon1) * (lat - lat1) / (lat2 - lat1)
    raise AssertionError(f"the deployment line does not reach latitude {lat}")


def test_3_1_deploy_side_agrees_with_the_deployment_line(s: Scenario) -> None:
    """3.1: British towns lie west of the Anglo-Prussian line, Prussian towns east of it."""
    for town in s.towns:
        if town.country == "france":
            assert town.deploy_side is None, town.name
            continue
        west = town.lon < _line_lon(s.deployment_line, town.lat)
        assert town.deploy_side == ("west" if west else "east"), town.name


def _inside(lat: float, lon: float, polygon: list[tuple[float, float]]) -> bool:
    inside = False
    for (lat1, lon1), (lat2, lon2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (lat1 > lat) != (lat2 > lat) and lon < lon1 + (lat - lat1) * (lon2 - lon1) / (lat2 - lat1):
            inside = not inside
    return inside


def test_1_0_border_separates_french_from_netherlands_towns(s: Scenario) -> None:
    """1.0: the drawn France-Netherlands border runs between the French and the Netherlands towns."""
    assert s.border[0][1] < s.border[-1][1], "the border runs west to east"
    south = min(t.lat for t in s.towns) - 1
    france = [*s.border, (south, s.border[-1][1]), (south, s.border[0][1])]
    for town in s.towns:
        assert _inside(town.lat, town.lon, france) == (town.country == "france"), town.name
    assert {t.name for t in s.towns if t.country == "france"} >= {"Laneffe", "Beaumont", "Philippeville"}


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(ax + t * dx - px, ay + t * dy - py)


Point = tuple[float, float]


def _segments_distance(a: Point, b: Point, c: Point, d: Point) -> float:
    def side(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    if side(a, b, c) * side(a, b, d) < 0 and side(c, d, a) * side(c, d, b) < 0:
        return 0.0
    return min(
        _segment_distance(a, c, d),
        _segment_distance(b, c, d),
        _segment_distance(c, a, b),
        _segment_distance(d, a, b),
    )


def test_1_0_rivers_are_drawn_where_roads_cross_them(s: Scenario) -> None:
    """1.0: every river a road crosses is drawn, and its course passes within 1.5 km of that road."""
    rivers = {r.name: [s.to_xy(*p) for p in r.points] for r in s.rivers}
    assert {"Sambre", "Meuse", "Dyle", "Senne", "Dender", "Scheldt", "Lys", "Haine", "Thyle"} <= set(rivers)
    for road in s.roads:
        if road.river is None:
            continue
        course = rivers[road.river]
        a, b = (s.town(road.a).x, s.town(road.a).y), (s.town(road.b).x, s.town(road.b).y)
        gap = min(_segments_distance(a, b, c, d) for c, d in itertools.pairwise(course))
        assert gap <= 1.5, f"{road.a}-{road.b} is {gap:.1f} km from the {road.river}"


# -- 2.x order of battle ------------------------------------------------------------------------------------


def test_2_1_block_counts() -> None:
    """2.1, 2.5 (docs/rulings.md, Data: leaders included): 82 blocks (units), 38 French, 19 British, 25
    Prussian, a leader being one of the four unit types: 37 + Napoleon, 18 + Wellington, 24 + Blücher."""
    s = load_scenario()
    assert len(s.units) == 82
    units = Counter(u.army for u in s.units)
    combat = Counter(u.army for u in s.units if u.type != "leader")
    leaders = Counter(u.army for u in s.units if u.type == "leader")
    assert units == {"french": 38, "british": 19, "prussian": 25}
    assert combat == {"french": 37, "british": 18, "prussian": 24}
    assert leaders == {"french": 1, "british": 1, "prussian": 1}
    assert dict(s.counts) == dict(units)


def test_2_1_unit_ids_stay_stable(s: Scenario) -> None:
    """The ids players type are kept (data/napoleon/README.md): the one block taken out of each army leaves
    its number unused (FR-38 at the end; BR-12 and PR-12 in the middle), nothing is renumbered."""
    ids = [u.id for u in s.units]
    gone = {"FR-38", "BR-12", "PR-12"}
    for prefix, army, n in (("FR", "french", 38), ("BR", "british", 19), ("PR", "prussian", 25)):
        assert [u.id for u in s.units if u.army == army and u.type != "leader"] == [
            f"{prefix}-{i}" for i in range(1, n + 1) if f"{prefix}-{i}" not in gone
        ]
    assert len(set(ids)) == len(ids)
    assert s.unit("FR-1").army == "french"
    for uid in (*gone, "FR-39"):
        with pytest.raises(KeyError):
            s.unit(uid)
    assert (s.unit("FR-37").commander, s.unit("FR-37").max_cv) == ("Milhaud", 4)  # IV Cavalry Corps, whole
    assert s.unit("PR-11").name == "II Corps Reserve Cavalry"  # with Sohr's brigade again


def test_10_0_the_three_leaders(s: Scenario) -> None:
    """10.0: Napoleon, Wellington and Blücher are leader blocks, each a 1-step unit."""
    leaders = (
        ("NAP", "Napoleon", "french"),
        ("WEL", "Wellington", "british"),
        ("BLU", "Blücher", "prussian"),
    )
    for uid, name, army in leaders:
        leader = s.unit(uid)
        assert (leader.name, leader.army, leader.type, leader.max_cv) == (name, army, "leader", 1)


def test_2_3_combat_blocks_have_2_to_4_cv(s: Scenario) -> None:
    assert all(2 <= u.max_cv <= 4 for u in s.units if u.type != "leader")


def test_2_4_british_ii_corps_artillery_has_max_2_cv(s: Scenario) -> None:
    """2.3/2.4 (v3.1 chart, [3.4] erratum): British II Corps artillery is printed 4 cv but has at most 2."""
    [unit] = [u for u in s.units if u.army == "british" and u.type == "artillery" and u.corps == "II"]
    assert unit.max_cv == 2
    assert unit.note and "2" in unit.note


def test_2_1_nations_serve_in_their_army(s: Scenario) -> None:
    """2.1 (docs/rulings.md, Data): Dutch-Belgian, Hanoverian, Brunswick, Nassau, KGL blocks are British."""
    for unit in s.units:
        if unit.army == "british":
            assert unit.nation in {"british", "kgl", "dutch_belgian", "hanoverian", "brunswick", "nassau"}
        else:
            assert unit.nation == unit.army
    british = {u.nation for u in s.units if u.army == "british"}
    assert british >= {"british", "dutch_belgian", "brunswick", "nassau"}


def test_2_1_imperial_guard(s: Scenario) -> None:
    """2.1: Imperial Guard blocks carry a green label: French, corps "Guard"."""
    guard = [u for u in s.units if u.guard]
    assert guard and all(u.army == "french" and u.corps == "Guard" for u in guard)
    assert {u.type for u in guard} == {"infantry", "cavalry", "artillery"}


def test_13_3_infantry_corps_labels(s: Scenario) -> None:
    """13.3: infantry of one corps share one label; the British infantry is I, II and Reserve Corps."""
    corps = {army: {u.corps for u in s.units if u.army == army and u.type == "infantry"} for army in s.counts}
    assert corps["british"] == {"I", "II", "Reserve"}
    assert corps["french"] == {"I", "II", "III", "IV", "VI", "Guard"}
    assert corps["prussian"] == {"I", "II", "III", "IV"}


def test_cv_totals_follow_manpower(s: Scenario) -> None:
    """Balance (data/napoleon/README.md): army cv totals follow manpower, about 124 : 93 : 123 thousand."""
    total = Counter[str]()
    for unit in s.units:
        if unit.type != "leader":
            total[unit.army] += unit.max_cv
    assert 95 <= total["french"] <= 105
    assert 66 <= total["british"] <= 72
    assert 90 <= total["prussian"] <= 97
    men = {"french": 124, "british": 93, "prussian": 123}
    ratios = [total[army] / men[army] for army in men]
    assert max(ratios) / min(ratios) < 1.09


# -- 3.x setups ---------------------------------------------------------------------------------------------


def test_3_2_historical_places_every_unit_exactly_once(s: Scenario) -> None:
    assert set(s.historical) == {u.id for u in s.units}
    assert len(s.historical) == len(s.units) == 82
    assert all(s.town(town) for town in s.historical.values())
    assert [s.historical[leader] for leader in ("NAP", "WEL", "BLU")] == ["Beaumont", "Brussels", "Namur"]


def test_3_2_historical_keeps_the_armies_on_their_side(s: Scenario) -> None:
    """Not required by 3.2, but true of 15 June 1815: French units in France, British west, Prussians east."""
    for uid, town_name in s.historical.items():
        town, army = s.town(town_name), s.unit(uid).army
        if army == "french":
            assert town.country == "france", uid
        else:
            assert town.country == "netherlands", uid
            assert town.deploy_side == ("west" if army == "british" else "east"), uid


def test_3_2_historical_stacks_within_the_free_caps(s: Scenario) -> None:
    stacks = Counter((s.unit(uid).army, town) for uid, town in s.historical.items())
    for (army, town), n in stacks.items():
        assert n <= s.free_cap(army), (army, town, n)


def test_3_1_free_deployment_towns(s: Scenario) -> None:
    """3.1: French in French towns (16 a town); British west of the line (5); Prussians east of it (6);
    no Allied unit in a French town."""
    assert (s.free_cap("french"), s.free_cap("british"), s.free_cap("prussian")) == (16, 5, 6)
    french, british, prussian = (set(s.free_towns(army)) for army in ("french", "british", "prussian"))
    assert french and british and prussian
    assert french == {t.name for t in s.towns if t.country == "france"}
    assert british == {t.name for t in s.towns if t.country != "france" and t.deploy_side == "west"}
    assert prussian == {t.name for t in s.towns if t.deploy_side == "east"}
    assert not (british & prussian) and not ((british | prussian) & french)
    assert french | british | prussian == {t.name for t in s.towns}
    assert list(s.free_towns("british")) == sorted(british)


# -- 11.0 supply --------------------------------------------------------------------------------------------


def test_11_0_supply_bases(s: Scenario) -> None:
    """11.0: Brussels (British, 1 unit), Ghent (British, 1), Liège (Prussian, 2)."""
    bases = {t.name: (t.supply_base.army, t.supply_base.loss) for t in s.supply_bases() if t.supply_base}
    assert bases == {"Brussels": ("british", 1), "Ghent": ("british", 1), "Liège": ("prussian", 2)}
    assert len(s.supply_bases()) == 3


# -- time record --------------------------------------------------------------------------------------------


def test_time_record_24_turns_with_night_slots(s: Scenario) -> None:
    """The time record (docs/rulings.md, Sequence of play): 15-18 June, three slots a day, a French then an
    Allied turn each; the night slot's two turns are night turns."""
    assert [t.n for t in s.turns] == list(range(1, 25))
    assert [t.side for t in s.turns] == ["french", "allied"] * 12
    assert [t.n for t in s.turns if t.night] == [5, 6, 11, 12, 17, 18, 23, 24]
    assert all(t.night == (t.slot == "night") for t in s.turns)
    assert [t.slot for t in s.turns[:6]] == ["morning", "morning", "afternoon", "afternoon", "night", "night"]
    assert sorted({t.day for t in s.turns}) == [date(1815, 6, d) for d in (15, 16, 17, 18)]


# -- name matching ------------------------------------------------------------------------------------------


def test_match_town_ignores_accents_and_case(s: Scenario) -> None:
    assert s.match_town("chatelet") == "Châtelet"
    assert s.match_town("LIEGE") == "Liège"
    assert s.match_town("Fontaine-l'Évêque") == "Fontaine-l'Évêque"
    assert s.match_town("fontaine l eveque") == "Fontaine-l'Évêque"
    assert s.match_town("st trond") == "St-Trond"
    assert s.match_town("  conde ") == "Condé"


def test_match_town_unique_prefix(s: Scenario) -> None:
    assert s.match_town("quatre") == "Quatre Bras"
    assert s.match_town("Solre") == "Solre-sur-Sambre"
    assert s.match_town("hal") == "Hal"  # exact, though "ha" is ambiguous


def test_match_town_ambiguous_prefix_lists_candidates(s: Scenario) -> None:
    with pytest.raises(AmbiguousMatch) as info:
        s.match_town("ch")
    assert set(info.value.candidates) == {"Charleroi", "Châtelet", "Chimay"}
    for name in ("Charleroi", "Châtelet", "Chimay"):
        assert name in str(info.value)
    with pytest.raises(LookupError, match="Hal, Hannut"):
        s.match_town("Ha")


def test_match_town_no_match(s: Scenario) -> None:
    with pytest.raises(NoMatch, match="no town matches 'Paris'"):
        s.match_town("Paris")
    with pytest.raises(LookupError):
        s.match_town("   ")


def test_match_unit_exact_id_wins(s: Scenario) -> None:
    assert s.match_unit("FR-1") == "FR-1"  # not ambiguous with FR-10 .. FR-19
    assert s.match_unit("fr-3") == "FR-3"
    assert s.match_unit("nap") == "NAP"
    assert s.match_unit("WE") == "WEL"
    assert s.match_unit("PR-25") == "PR-25"


def test_match_unit_ambiguous_and_unknown(s: Scenario) -> None:
    with pytest.raises(AmbiguousMatch) as info:
        s.match_unit("B")
    assert "BLU" in info.value.candidates and "BR-19" in info.value.candidates
    with pytest.raises(NoMatch, match="no unit matches 'FR-99'"):
        s.match_unit("FR-99")


# -- broken files: ScenarioError names the file, the entry and the field -------------------------------------


@pytest.fixture
def root(tmp_path: Path) -> Path:
    shutil.copytree(DATA_DIR / "napoleon", tmp_path / "napoleon")
    return tmp_path


def edit(root: Path, file: str, line_has: str, old: str, new: str) -> None:
    """In the one line of ``file`` containing ``line_has``, replace ``old`` by ``new`` (spacing ignored)."""
    path = root / "napoleon" / file
    lines = path.read_text(encoding="utf-8").split("\n")
    [i] = [i for i, line in enumerate(lines) if " ".join(line_has.split()) in " ".join(line.split())]
    pattern = r"\s+".join(re.escape(word) for word in old.split())
    lines[i], n = re.subn(pattern, lambda _: new, lines[i])
    assert n == 1, lines[i]
    path.write_text("\n".join(lines), encoding="utf-8")


def prepend(root: Path, file: str, array: str, entry: str) -> None:
    """Insert ``entry`` as the first element of the top-level array ``array``."""
    edit(root, file, f"{array} = [", "[", "[\n  " + entry + ",")


def edit_unit(root: Path, uid: str, key: str, value: str) -> None:
    """Set ``key = value`` in the [[units]] entry of ``uid``."""
    path = root / "napoleon" / "units.toml"
    blocks = path.read_text(encoding="utf-8").split("[[units]]")
    [i] = [i for i, block in enumerate(blocks) if f'\nid = "{uid}"\n' in block]
    blocks[i], n = re.subn(rf"(?m)^{key} = .*$", f"{key} = {value}", blocks[i])
    assert n == 1
    path.write_text("[[units]]".join(blocks), encoding="utf-8")


MAP, UNITS, SETUPS, TURNS = (f"napoleon/{file}.toml: " for file in ("map", "units", "setups", "turns"))


def error(root: Path) -> str:
    with pytest.raises(ScenarioError) as info:
        load_scenario("napoleon", root)
    return str(info.value)


def test_copy_of_the_data_loads(root: Path) -> None:
    copy = load_scenario("napoleon", root)
    assert copy == load_scenario()
    assert copy is not load_scenario()


def test_error_wrong_type_names_file_entry_and_field(root: Path) -> None:
    edit(root, "map.toml", 'name = "Quatre Bras"', "lat = 50.5710", 'lat = "north"')
    assert error(root) == (
        MAP + 'towns[9] ("Quatre Bras"): field "lat": '
        "Input should be a valid number, unable to parse string as a number"
    )


def test_error_bad_value_in_nested_table(root: Path) -> None:
    edit(root, "map.toml", 'name = "Liège"', 'army = "prussian"', 'army = "french"')
    assert error(root) == (
        MAP + "towns[2] (\"Liège\"): field \"supply_base.army\": Input should be 'british' or 'prussian'"
    )


def test_error_misspelt_key(root: Path) -> None:
    edit(root, "map.toml", 'name = "Ninove"', "deploy_side", "deploy_sid")
    message = error(root)
    assert MAP + 'towns[4] ("Ninove"): field "deploy_sid": Extra inputs are not permitted' in message
    assert 'towns[4] ("Ninove"): field "deploy_side": a Netherlands town needs a deploy_side' in message


def test_error_french_town_with_a_side_or_a_supply_base(root: Path) -> None:
    french = 'country = "france"'
    edit(root, "map.toml", 'name = "Laneffe"', french, french + ', deploy_side = "east"')
    edit(
        root,
        "map.toml",
        'name = "Avesnes"',
        french,
        french + ', supply_base = { army = "british", loss = 1 }',
    )
    message = error(root)
    assert 'towns[13] ("Laneffe"): field "deploy_side": a French town has no deployment side' in message
    assert (
        'towns[37] ("Avesnes"): field "supply_base": an Allied supply base (11.0) cannot be a French town'
        in message
    )


def test_error_road_to_an_unknown_town(root: Path) -> None:
    edit(root, "map.toml", 'a = "Quatre Bras", b = "Ligny"', '"Ligny"', '"Lingy"')
    assert error(root) == (
        MAP + 'roads[14] ("Quatre Bras", "Lingy"): field "b": unknown town "Lingy" (did you mean "Ligny"?)'
    )


def test_error_duplicate_road_either_order(root: Path) -> None:
    prepend(root, "map.toml", "roads", '{ a = "Waterloo", b = "Brussels", class = "minor" }')
    assert error(root) == (
        MAP + 'roads[1] ("Brussels", "Waterloo"): duplicate road (same towns as roads[0] '
        '("Waterloo", "Brussels"))'
    )


def test_error_road_from_a_town_to_itself(root: Path) -> None:
    edit(root, "map.toml", 'a = "Waterloo", b = "Wavre"', 'b = "Wavre"', 'b = "Waterloo"')
    assert error(root) == (
        MAP + 'roads[8] ("Waterloo", "Waterloo"): field "b": a road cannot lead from a town to itself'
    )


def test_error_road_class(root: Path) -> None:
    edit(root, "map.toml", 'a = "Charleroi", b = "Laneffe"', '"major"', '"paved"')
    assert error(root) == (
        MAP + 'roads[34] ("Charleroi", "Laneffe"): field "class": Input should be \'major\' or \'minor\''
    )


def test_error_river_not_drawn(root: Path) -> None:
    edit(root, "map.toml", 'b = "Walcourt",', '"Thyria"', '"Thy"')
    assert error(root) == (
        MAP + 'roads[44] ("Laneffe", "Walcourt"): field "river": "Thy" is not one of the [[rivers]] '
        'drawn in this file (did you mean "Thyle"?)'
    )


def test_error_town_names_equal_without_accents(root: Path) -> None:
    edit(root, "map.toml", 'name = "Fleurus"', '"Fleurus"', '"Chatelet"')
    message = error(root)
    expected = MAP + 'towns[52] ("Châtelet"): field "name": same name as towns[18] ("Chatelet")'
    assert expected in message
    assert 'unknown town "Fleurus"' in message  # every fault is reported, not only the first


def test_error_x_y_do_not_match_lat_lon(root: Path) -> None:
    edit(root, "map.toml", 'name = "Brussels"', "x = 98.9", "x = 90.0")
    assert error(root) == (
        MAP + 'towns[0] ("Brussels"): field "x": 90.0 does not match lat/lon (expected 98.9; '
        "leave out x and y to have them computed)"
    )


def test_town_without_x_y_gets_them_computed_and_must_be_connected(root: Path) -> None:
    antwerp = (
        '{ name = "Antwerp", lat = 51.2194, lon = 4.4025, country = "netherlands", deploy_side = "west" }'
    )
    prepend(root, "map.toml", "towns", antwerp)
    assert error(root) == MAP + "roads: the road network is not connected; cut off: Antwerp"
    prepend(root, "map.toml", "roads", '{ a = "Antwerp", b = "Malines", class = "major" }')
    town = load_scenario("napoleon", root).town("Antwerp")
    assert (town.x, town.y) == (102.7, -7.7)


def test_error_unit_counts(root: Path) -> None:
    """2.1: the scenario declares its block counts and the loader checks them."""
    edit(root, "units.toml", "british = 19", "19", "20")
    assert error(root) == UNITS + 'counts: field "british": 19 blocks listed, 20 expected'


def test_error_duplicate_unit_id(root: Path) -> None:
    edit_unit(root, "FR-37", "id", '"fr-36"')
    message = error(root)
    assert UNITS + 'units[37] ("fr-36"): field "id": same id as units[36] ("FR-36")' in message
    assert UNITS + 'counts: field "french"' not in message
    assert SETUPS + 'historical."Walcourt": unknown unit "FR-37"' in message


def test_error_leader_cv_and_nation(root: Path) -> None:
    edit_unit(root, "NAP", "max_cv", "2")
    edit_unit(root, "PR-1", "nation", '"british"')
    edit_unit(root, "BR-10", "max_cv", "1")
    message = error(root)
    assert UNITS + 'units[0] ("NAP"): field "max_cv": a leader has max_cv 1' in message
    assert (
        UNITS + 'units[58] ("PR-1"): field "nation": nation \'british\' does not serve in the '
        "prussian army" in message
    )
    assert 'units[48] ("BR-10"): field "max_cv": a combat block has max_cv 2, 3 or 4' in message


def test_error_setup_unknown_unit_and_missing_unit(root: Path) -> None:
    edit(root, "setups.toml", '"Walcourt" = [', '"FR-37"', '"FR-38"')
    first, second = error(root).split("\n")
    assert first.startswith(SETUPS + 'historical."Walcourt": unknown unit "FR-38"')
    assert second == SETUPS + "historical: units not placed: FR-37"


def test_error_setup_unknown_town(root: Path) -> None:
    edit(root, "setups.toml", '"Sotteghem" = ', '"Sotteghem"', '"Sottegem"')
    assert error(root) == (
        SETUPS + 'historical."Sottegem": unknown town "Sottegem" (did you mean "Sotteghem"?)'
    )


def test_error_setup_unit_placed_twice(root: Path) -> None:
    edit(root, "setups.toml", '"Soignies" = ', '"BR-2"]', '"BR-2", "BR-1"]')
    assert error(root) == SETUPS + 'historical."Soignies": unit "BR-1" is already placed in "Enghien"'


def test_error_free_rule_selects_no_town(root: Path) -> None:
    edit(root, "setups.toml", 'side = "west"', '"west"', '"east"')
    edit(root, "setups.toml", 'country = "netherlands" # no Allied', '"netherlands"', '"france"')
    assert error(root) == SETUPS + "free.british: no town of map.toml fits these criteria"


def test_error_turns_numbered_in_order(root: Path) -> None:
    edit(root, "turns.toml", "{ n = 5,", "n = 5,", "n = 6,")
    assert error(root) == (TURNS + 'turns[4] (n = 6): field "n": expected 5: turns are numbered 1, 2, 3, ...')


def test_error_turns_slot_is_french_then_allied(root: Path) -> None:
    edit(root, "turns.toml", "{ n = 2,", '"allied"', '"french"')
    edit(root, "turns.toml", "{ n = 4,", "night = false", "night = true")
    message = error(root)
    assert (
        'turns[1] (n = 2): field "side": expected "allied": a slot is a French then an Allied turn' in message
    )
    assert 'turns[3] (n = 4): field "night": differs from the French turn of its slot, turns[2]' in message


def test_error_turn_field_type(root: Path) -> None:
    edit(root, "turns.toml", "{ n = 7,", "day = 1815-06-16", 'day = "16 June"')
    assert error(root).startswith(TURNS + 'turns[6] (n = 7): field "day": Input should be a valid date')


def test_fewer_days_is_fine(root: Path) -> None:
    path = root / "napoleon" / "turns.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: text.index("  # 17 June")] + "]\n", encoding="utf-8")
    assert len(load_scenario("napoleon", root).turns) == 12


def test_error_invalid_toml(root: Path) -> None:
    edit(root, "turns.toml", "{ n = 3,", "{ n = 3,", "{ n = 3")
    message = error(root)
    assert message.startswith(TURNS + "not valid TOML: ")
    assert "line" in message


def test_error_missing_file(root: Path) -> None:
    (root / "napoleon" / "setups.toml").unlink()
    assert error(root) == SETUPS + "file not found"


def test_error_unknown_scenario(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="no scenario 'nope'"):
        load_scenario("nope", tmp_path)
    with pytest.raises(ScenarioError, match="not a scenario name"):
        load_scenario("../napoleon", tmp_path)


def test_error_problems_listed_one_per_line(root: Path) -> None:
    edit(root, "units.toml", "french = 38", "38", "37")
    edit(root, "units.toml", "prussian = 25", "25", "26")
    with pytest.raises(ScenarioError) as info:
        load_scenario("napoleon", root)
    assert info.value.problems == (
        UNITS + 'counts: field "french": 38 blocks listed, 37 expected',
        UNITS + 'counts: field "prussian": 25 blocks listed, 26 expected',
    )
