"""Liberty scenario data (our reconstruction of the board and the block table): the rules' facts about the
map, the blocks, the set-up and the deck; the build script's reproducibility; name matching; and the loader's
error messages for broken copies.

Rule numbers are the rules' own; test cases (Tnn) are the worked cases of tests/liberty/test_liberty_rules.py;
what our reconstruction decided where the rules give no figure is in data/liberty/README.md.
"""

from __future__ import annotations

import copy
import pickle
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from data import AmbiguousMatch, NoMatch, ScenarioError
from data.liberty import HEXSIDE_LIMITS, Liberty, grid_neighbours, hex_id, load_liberty, parse_hex
from data.liberty.build_map import MAP, build_text
from data.liberty.loader import DATA_DIR


@pytest.fixture(scope="module")
def lib() -> Liberty:
    return load_liberty()


def hex_of(lib: Liberty, town: str) -> str:
    hex_ = lib.town(town).hex
    assert hex_ is not None
    return hex_


def side(lib: Liberty, a: str, b: str):
    s = lib.hexside(hex_of(lib, a) if "." not in a else a, hex_of(lib, b) if "." not in b else b)
    assert s is not None, (a, b)
    return s


# -- loading ------------------------------------------------------------------------------------------------


def test_loads_once_and_is_shared(lib: Liberty) -> None:
    assert lib.name == "liberty"
    assert load_liberty() is lib


def test_scenario_is_read_only_copies_and_pickles(lib: Liberty) -> None:
    with pytest.raises(TypeError):
        lib.counts["indians"] = 4  # type: ignore[index]
    with pytest.raises(ValueError):
        lib.name = "other"
    assert copy.deepcopy(lib) is lib
    assert pickle.loads(pickle.dumps(lib)) == lib
    assert lib.model_dump_json()


def test_carries_what_the_scenario_dump_prints(lib: Liberty) -> None:
    """The scenario dump's keys: places (name, value, port), hexes, hexsides, units (id, side, type, rating,
    max_cv)."""
    place = lib.places[0].model_dump()
    assert {"name", "value", "port", "hex"} <= set(place)
    assert {"id", "terrain", "region"} <= set(lib.hexes[0].model_dump())
    assert {"a", "b", "terrain", "navigable", "rivers"} <= set(lib.hexsides[0].model_dump())
    assert {"id", "side", "type", "rating", "max_cv"} <= set(lib.units[0].model_dump())
    assert [t.name for t in lib.west_indies()] == ["Jamaica", "Martinique"]
    assert lib.atlantic == "Atlantic"


# -- the build script ----------------------------------------------------------------------------------------


def test_build_script_reproduces_the_committed_map() -> None:
    """map.toml is exactly what build_map.py makes from sources.toml and land_survey.toml."""
    assert build_text() == MAP.read_text(encoding="utf-8"), "run: python -m data.liberty.build_map"


# -- 1.1 the grid --------------------------------------------------------------------------------------------


def test_1_1_grid_is_odd_q_and_every_hex_on_it(lib: Liberty) -> None:
    assert lib.grid.convention == "odd-q" and lib.grid.hex_km == 73.0
    assert 350 <= len(lib.hexes) <= 450
    for h in lib.hexes:
        assert lib.grid.contains(h.col, h.row) and hex_id(h.col, h.row) == h.id
    # odd-q: an odd column sits half a hex south, so 21.08 (odd) touches 22.09 and 20.09, not 22.07
    assert set(grid_neighbours(21, 8)) == {(21, 7), (22, 8), (22, 9), (21, 9), (20, 9), (20, 8)}
    assert set(grid_neighbours(20, 8)) == {(20, 7), (21, 7), (21, 8), (20, 9), (19, 8), (19, 7)}
    assert lib.centre_km("02.00") == (0.0, 0.0) and lib.centre_km("03.00")[1] == 36.5


def test_1_1_neighbours_symmetric_and_one_hexside_each(lib: Liberty) -> None:
    ids = {h.id for h in lib.hexes}
    pairs = [frozenset((s.a, s.b)) for s in lib.hexsides]
    assert len(set(pairs)) == len(pairs)
    for h in ids:
        for other, s in lib.neighbours(h):
            assert other in ids and {s.a, s.b} == {h, other} and s.other(h) == other
            assert h in {n for n, _ in lib.neighbours(other)}
            assert lib.distance(h, other) == 1
        on_grid = {hex_id(*c) for c in grid_neighbours(*parse_hex(h))} & ids
        assert {n for n, _ in lib.neighbours(h)} == on_grid
    assert sum(len(lib.neighbours(h)) for h in ids) == 2 * len(lib.hexsides)


def test_1_1_water_hexes_and_crossings(lib: Liberty) -> None:
    """1.1: land blocks never cross into all-sea or all-lake hexes; warships never cross a land hexside."""
    terrain = {h.id: h.terrain for h in lib.hexes}
    assert Counter(terrain.values())["sea"] >= 20 and Counter(terrain.values())["lake"] >= 4
    for s in lib.hexsides:
        if terrain[s.a] != "land" or terrain[s.b] != "land":
            assert not s.land and s.limit == 0
        if s.navigable:
            assert "lake" not in (terrain[s.a], terrain[s.b])
    assert side(lib, "Boston", "Springfield").land


def test_1_1_half_hexes_are_the_frames_edge(lib: Liberty) -> None:
    """1.1: half hexes are fully playable; ours are the hexes the map's frame cuts."""
    halves = {h.id for h in lib.hexes if h.half}
    assert halves and all(lib.hex(h).col in lib.grid.cols or lib.hex(h).row in lib.grid.rows for h in halves)
    assert "02.10" in halves and "21.08" not in halves


def test_1_4_wilderness_is_two_forest_hexsides(lib: Liberty) -> None:
    forest = Counter(x for s in lib.hexsides if s.forest for x in (s.a, s.b))
    for h in lib.hexes:
        assert h.wilderness == (forest[h.id] >= 2), h.id
    assert lib.hex(hex_of(lib, "Canajoharie")).wilderness


# -- 1.2, 1.3 towns and ports --------------------------------------------------------------------------------


def test_1_0_quebec_to_georgia(lib: Liberty) -> None:
    """1.0: the coast from Quebec to Georgia; British to the east, Americans to the west."""
    north, south = lib.hex(hex_of(lib, "Quebec")), lib.hex(hex_of(lib, "Savannah"))
    assert north.row <= 2 and south.row >= 24
    assert lib.hex(hex_of(lib, "Augusta")).col < lib.hex(hex_of(lib, "Boston")).col


def test_1_2_towns_in_land_hexes_one_a_hex(lib: Liberty) -> None:
    at = Counter(t.hex for t in lib.towns if t.hex)
    assert max(at.values()) == 1
    for town in lib.towns:
        if town.west_indies:
            assert town.hex is None and town.port
            continue
        assert lib.hex(town.hex).land, town.name  # type: ignore[arg-type]
        assert lib.town_at(town.hex) is town  # type: ignore[arg-type]


def test_1_2_colours_and_values(lib: Liberty) -> None:
    """1.2: blue, red and orange towns; values 1-4 or none; 11.4: Boston supplies 3 blocks."""
    on_map = [t for t in lib.towns if not t.west_indies]
    colours = Counter(t.colour for t in on_map)
    assert set(colours) == {"blue", "red", "orange"} and colours["orange"] == 3
    assert {t.value for t in on_map} == {0, 1, 2, 3, 4}
    assert lib.town("Boston").value == 3  # 11.4 example, T33
    assert all(t.value == 0 and t.indians for t in on_map if t.colour == "orange")
    assert lib.total_vp() == 58
    assert sum(t.victory_points for t in on_map if t.colour in ("red", "orange")) == 14


def test_1_3_ports_on_the_coast_and_to_the_atlantic(lib: Liberty) -> None:
    """1.3: ports are anchored towns on the coast; Quebec is one and reaches the Atlantic box."""
    ports = lib.ports()
    assert lib.town("Quebec").port and len(ports) >= 20
    for port in ports:
        assert lib.coastal(port.hex), port.name  # type: ignore[arg-type]
        assert lib.sea_links(port.name) == ("Atlantic",)
    assert set(lib.sea_links("Atlantic")) == {p.name for p in ports} | {"Jamaica", "Martinique"}
    assert not lib.town("Albany").port and not lib.town("Lancaster").port


def test_named_places_of_the_rules_exist(lib: Liberty) -> None:
    """Quebec, Boston, Springfield, Newport, Ticonderoga, Albany, Niagara, Yorktown, Dover, Philadelphia."""
    for name in ("Quebec", "Boston", "Springfield", "Newport", "Ticonderoga", "Albany", "Niagara", "Yorktown",
                 "Dover", "Philadelphia", "Canajoharie", "Chota", "Chillicothe"):  # fmt: skip
        assert lib.town(name).name == name


# -- 1.5, 1.6, 9.1 off the map -------------------------------------------------------------------------------


def test_9_1_west_indies(lib: Liberty) -> None:
    """9.1, T39: two ports, one British, one French, linked directly and to the Atlantic; 2 blocks each before
    French entry; 4.0: they are in the South."""
    jamaica, martinique = lib.town("Jamaica"), lib.town("Martinique")
    assert (jamaica.colour, martinique.colour) == ("red", "blue")
    assert lib.sea_links("Jamaica") == ("Atlantic", "Martinique")
    assert lib.sea_links("Martinique") == ("Atlantic", "Jamaica")
    assert lib.west_indies_stack == 2
    assert lib.region("Jamaica") == "south" and lib.region("Atlantic") is None


# -- 4.0 weather ---------------------------------------------------------------------------------------------


def test_4_0_north_and_south(lib: Liberty) -> None:
    north = (
        "Quebec",
        "Boston",
        "New York",
        "Philadelphia",
        "Baltimore",
        "Fort Pitt",
        "Niagara",
        "Chillicothe",
    )
    south = (
        "Alexandria",
        "Williamsburg",
        "Yorktown",
        "Norfolk",
        "Charleston",
        "Savannah",
        "Chota",
        "Winchester",
    )
    assert all(lib.region(t) == "north" for t in north)
    assert all(lib.region(t) == "south" for t in south)
    assert {h.region for h in lib.hexes} == {"north", "south"}


# -- 5.2 hexside limits --------------------------------------------------------------------------------------


def test_5_2_example_springfield_and_newport_into_boston(lib: Liberty) -> None:
    """5.2 example, T18: 4 blocks from Springfield and 4 from Newport may enter Boston: both sides clear."""
    for town in ("Springfield", "Newport"):
        s = side(lib, town, "Boston")
        assert s.terrain == "clear" and s.limit == 4 and not s.stops


def test_5_2_limits_by_terrain(lib: Liberty) -> None:
    """5.2, T20: clear 4; forest/swamp 2 and stop; forest/swamp with a river 3 and no stop."""
    assert HEXSIDE_LIMITS["clear"] == 4 and HEXSIDE_LIMITS["forest"] == HEXSIDE_LIMITS["swamp"] == 2
    kinds = {(s.terrain, bool(s.rivers)): s for s in lib.hexsides if s.land}
    assert {("clear", False), ("clear", True), ("forest", False), ("forest", True), ("swamp", False)} <= set(
        kinds
    )
    for s in lib.hexsides:
        if s.forest:
            assert (s.limit, s.stops) == ((3, False) if s.rivers else (2, True))
        elif s.terrain == "clear":
            assert (s.limit, s.stops) == (4, False)


# -- 5.6 rivers and lakes ------------------------------------------------------------------------------------


def _reach(lib: Liberty, start: str, way: str, steps: int = 2) -> set[str]:
    seen, frontier = {start}, {start}
    for _ in range(steps):
        frontier = {n for h in frontier for n in lib.waterway_neighbours(h, way)} - seen
        seen |= frontier
    return seen - {start}


def test_5_6_rivers_follow_their_course(lib: Liberty) -> None:
    """The fact sheet's hex paths (facts §4.1): the Hudson runs New York - Albany - 18.07."""
    hudson = next(w for w in lib.waterways if w.name == "Hudson")
    assert hudson.kind == "river" and hudson.hexes == ("18.11", "18.10", "18.09", "18.08", "18.07")
    assert _reach(lib, hex_of(lib, "Albany"), "Hudson") == {"18.09", "18.10", "18.07"}
    names = {s for side in lib.hexsides for s in side.waterways}
    assert names == {w.name for w in lib.waterways}


def test_5_6_no_river_move_between_ticonderoga_and_albany(lib: Liberty) -> None:
    """5.6, T22: Ticonderoga and Albany are 2 hexes apart (facts §5.4) but on no one river."""
    ti, al = hex_of(lib, "Ticonderoga"), hex_of(lib, "Albany")
    assert lib.distance(ti, al) == 2
    for way in lib.waterways:
        assert al not in _reach(lib, ti, way.name), way.name
    assert "18.07" in _reach(lib, ti, "Lake Champlain") and "18.07" in _reach(lib, al, "Hudson")


def test_5_6_lake_shores_but_not_past_niagara_falls(lib: Liberty) -> None:
    """5.6, T22: river moves follow lake shores, but never past Niagara Falls: Lake Erie's and Lake Ontario's
    shores are separate waterways that meet at Niagara without sharing a hexside."""
    niagara = hex_of(lib, "Niagara")
    erie = {(s.a, s.b) for s in lib.hexsides if s.shore == "Lake Erie"}
    ontario = {(s.a, s.b) for s in lib.hexsides if s.shore == "Lake Ontario"}
    assert len(erie) >= 8 and len(ontario) >= 6 and not erie & ontario
    assert lib.waterway_neighbours(niagara, "Lake Erie") and lib.waterway_neighbours(niagara, "Lake Ontario")
    assert hex_of(lib, "Oswego") in _reach(lib, "12.08", "Lake Ontario")
    assert not _reach(lib, niagara, "Lake Erie") & _reach(lib, niagara, "Lake Ontario")
    assert {b.name for b in lib.breaks} == {"Niagara Falls", "Fort Ticonderoga and Albany"}


# -- 8.1 warships --------------------------------------------------------------------------------------------


def test_8_1_warships_move_port_to_port_on_navigable_hexsides(lib: Liberty) -> None:
    """8.1, T32: 2 hexes ending in a port, never across a land hexside: Boston and Portsmouth are 2 sea hexes
    apart, and so are Yorktown and Norfolk; the Hudson is no sea lane."""

    def by_sea(a: str, steps: int) -> set[str]:
        seen, frontier = {a}, {a}
        for _ in range(steps):
            frontier = {n for h in frontier for n, s in lib.neighbours(h) if s.navigable} - seen
            seen |= frontier
        return seen

    for a, b in (("Boston", "Portsmouth"), ("Yorktown", "Norfolk"), ("Charleston", "Beaufort")):
        assert hex_of(lib, b) in by_sea(hex_of(lib, a), 2), (a, b)
    assert hex_of(lib, "Albany") not in by_sea(hex_of(lib, "New York"), 3)


# -- 11.3 disbanding -----------------------------------------------------------------------------------------


def test_11_3_yorktown_and_dover(lib: Liberty) -> None:
    """11.3, T37: enemies at Yorktown bar the Chesapeake Bay ports, at Dover Philadelphia; Dover is next to
    Philadelphia and Yorktown next to Norfolk and Williamsburg (facts §5.4)."""
    bars = {b.enemy_in: set(b.ports) for b in lib.disband_bars}
    assert bars == {
        "Yorktown": {"Yorktown", "Norfolk", "Annapolis", "Baltimore", "Alexandria"},
        "Dover": {"Philadelphia"},
    }
    assert all(lib.town(p).port for ports in bars.values() for p in ports)
    assert lib.distance(hex_of(lib, "Dover"), hex_of(lib, "Philadelphia")) == 1
    assert lib.distance(hex_of(lib, "Yorktown"), hex_of(lib, "Norfolk")) == 1
    assert lib.distance(hex_of(lib, "Yorktown"), hex_of(lib, "Williamsburg")) == 1
    # T37: some hexes are 3 or more from any port (British blocks there cannot disband)
    ports = [p.hex for p in lib.ports()]
    assert any(h.land and min(lib.distance(h.id, p) for p in ports) >= 3 for h in lib.hexes)  # type: ignore[arg-type]


# -- 2.x blocks ----------------------------------------------------------------------------------------------


def test_2_0_twenty_five_blocks_a_colour(lib: Liberty) -> None:
    """2.0: 25 red (British) and 25 blue (American and French) blocks; 2.24 3 + 3 warships; 2.25 3 Indians;
    2.21 leaders: 3 British (Howe/Clinton one block, G47), Washington and Gates, Rochambeau."""
    assert Counter(u.side for u in lib.units) == {"british": 25, "american": 25}
    assert Counter(u.colour for u in lib.units) == {"red": 25, "blue": 25}
    assert Counter(u.nation for u in lib.units if u.type == "warship") == {"british": 3, "french": 3}
    assert sorted(u.name for u in lib.units if u.type == "indians") == ["Cherokee", "Mohawk", "Shawnee"]
    leaders = {u.id: u.nation for u in lib.units if u.is_leader}
    assert leaders == {"HOWE": "british", "CORNWALLIS": "british", "CARLETON": "british",
                       "WASHINGTON": "american", "GATES": "american", "ROCHAMBEAU": "french"}  # fmt: skip
    assert {u.side for u in lib.units if u.nation == "french"} == {"american"}
    assert sum(u.militia for u in lib.units) == 4


def test_2_1_ratings_strengths_and_moves(lib: Liberty) -> None:
    """2.11 max 4, 3 or 2; 2.12 letter + number; 2.22 infantry C1/C2 moving 1, light infantry B2, rifles B3,
    Guards C4; 2.23 dragoons B2 moving 2; 2.25 Indians B1; 8.1 warships move 2."""
    expected = {"infantry": {"C1", "C2"}, "light_infantry": {"B2"}, "rifles": {"B3"}, "guards": {"C4"},
                "dragoons": {"B2"}, "indians": {"B1"}}  # fmt: skip
    for u in lib.units:
        assert 2 <= u.max_cv <= 4 and re.fullmatch(r"[ABC][1-6]", u.rating)
        assert u.letter == u.rating[0] and u.fire == int(u.rating[1])
        if u.type in expected:
            assert u.rating in expected[u.type], u.id
        if u.type in ("infantry", "light_infantry", "rifles", "guards"):
            assert u.move == 1, u.id
        if u.type in ("dragoons", "warship"):
            assert u.move == 2, u.id
    assert [u.id for u in lib.units if u.type == "guards"] == ["BR-1"]
    types = {"leader", "infantry", "light_infantry", "rifles", "guards", "dragoons", "warship", "indians"}
    assert {u.type for u in lib.units} == types
    assert {u.nation for u in lib.units if u.type == "light_infantry"} >= {"hessian"}  # the Jäger (2.22)


def test_2_25_indians_b2_in_their_own_town(lib: Liberty) -> None:
    """2.25, 10.0, T38: the Mohawk hits on 1 elsewhere and on 1-2 in its own town."""
    mohawk = lib.unit("IN-2")
    assert mohawk.name == "Mohawk" and lib.home_of("IN-2").name == "Canajoharie"  # type: ignore[union-attr]
    assert lib.rating("IN-2", "17.07") == "B2" and lib.rating("IN-2", "17.08") == "B1"
    assert lib.rating("BR-2", hex_of(lib, "Canajoharie")) == "C2"
    for u in lib.units:
        if u.type == "indians":
            home = lib.town(u.home)  # type: ignore[arg-type]
            assert home.colour == "orange" and home.indians == u.name
            around = [home.hex, *(n for n, _ in lib.neighbours(home.hex))]  # type: ignore[arg-type]
            assert any(lib.hex(h).wilderness for h in around), (
                u.name
            )  # G9: an Indian must be able to leave its town through wilderness


DEPLOYS = {"british": "atlantic", "hessian": "atlantic", "french": "atlantic", "loyalist": "supply_town",
           "american": "supply_town", "indian": "home_town"}  # fmt: skip


def test_5_7_and_6_sea_moves_and_deployment(lib: Liberty) -> None:
    """5.7, T24: American and Indian blocks never move by sea; 6.1, 6.2, T26: British, Hessians and French are
    built in the Atlantic box, Loyalists and Americans in supply towns, Indians in their own town."""
    for u in lib.units:
        assert u.can_sea_move == (u.nation not in ("american", "indian")), u.id
        assert u.deploys == DEPLOYS[u.nation], u.id


# -- 12.0 the set-up -----------------------------------------------------------------------------------------


def test_12_0_setup_in_legal_hexes(lib: Liberty) -> None:
    """12.0: each set-up block in a land hex of its side (no town of the other colour, no enemy blocks),
    warships in ports, Indians at home (10.0), the French only in their West Indies port (9.0), at most 2 a
    West Indies port (9.1)."""
    sides: dict[str, set[str]] = {}
    for entry in lib.setup:
        unit = lib.unit(entry.id)
        if entry.at in {t.name for t in lib.towns}:
            town = lib.town(entry.at)
            hex_ = town.hex
        else:
            town, hex_ = lib.town_at(entry.at), entry.at
        sides.setdefault(entry.at if hex_ is None else hex_, set()).add(unit.side)
        assert entry.cv is None or 1 <= entry.cv <= unit.max_cv
        if hex_ is None:  # a West Indies port
            assert town is not None and town.colour == unit.colour and unit.nation in ("british", "french")
            continue
        assert lib.hex(hex_).land
        assert town is None or (town.colour == "blue") == (unit.side == "american"), entry
        assert unit.nation != "french"
        if unit.type == "warship":
            assert town is not None and town.port
        if unit.type == "indians":
            assert town is not None and town.name == unit.home
    assert all(len(s) == 1 for s in sides.values())
    assert max(Counter(e.at for e in lib.setup if e.at in ("Jamaica", "Martinique")).values()) <= 2


def test_12_0_pools(lib: Liberty) -> None:
    """12.0, 9.0, T36: blocks not set up form the pools; the French ones wait face up in the French pool, all
    but the West Indies blocks."""
    set_up = {e.id for e in lib.setup}
    pools = {name: set(lib.pool(name)) for name in ("british", "american", "french")}  # type: ignore[arg-type]
    assert all(set_up.isdisjoint(pool) for pool in pools.values())
    assert set_up | pools["british"] | pools["american"] | pools["french"] == {u.id for u in lib.units}
    assert pools["french"] == {u.id for u in lib.units if u.nation == "french"} - {"FR-3", "FN-1"}
    assert "ROCHAMBEAU" in pools["french"] and {"FR-3", "FN-1"} <= set_up
    assert all(lib.unit(u).side == "british" for u in pools["british"])
    assert lib.start("HOWE").at == "Boston" and lib.start("BR-4").cv == 2  # type: ignore[union-attr]
    assert lib.start("AM-8") is None


# -- 3.0 cards, 11.1 victory, 9.0 French entry ---------------------------------------------------------------


def test_3_0_deck(lib: Liberty) -> None:
    """3.0, T05: 20 action cards (1-3) and 5 supply cards (2 or 3 steps); 5 a hand, one a game turn."""
    kinds = Counter(c.kind for c in lib.cards)
    assert kinds == {"action": 20, "supply": 5}
    assert {c.value for c in lib.cards if c.kind == "action"} == {1, 2, 3}
    assert {c.value for c in lib.cards if c.kind == "supply"} == {2, 3}  # T27
    assert (lib.deck.hand, lib.deck.turns_per_year) == (5, 5)
    assert len({c.id for c in lib.cards}) == 25


def test_11_1_victory_and_french_entry_defaults(lib: Liberty) -> None:
    """11.1, T35: British win at 30 or more, Americans below 12 or at the end of 1783 (not "1873"); 9.0, 11.2,
    T36: France enters on 2d6 >= 8 from the end of 1776."""
    v = lib.victory
    assert (v.british_at_least, v.american_below, v.first_year, v.last_year) == (30, 12, 1775, 1783)
    f = lib.french_entry
    assert (f.from_year, f.dice, f.at_least) == (1776, 2, 8)
    assert v.american_below <= 14 < v.british_at_least <= lib.total_vp()  # the British start with 14


# -- name matching -------------------------------------------------------------------------------------------


def test_match_town_and_place(lib: Liberty) -> None:
    assert lib.match_town("ticon") == "Ticonderoga"
    assert lib.match_town("NEW YORK") == "New York"
    assert lib.match_town("york") == "York"  # exact beats the prefix of Yorktown
    assert lib.match_place("21.08") == "21.08" and lib.match_place("atlantic") == "Atlantic"
    assert lib.match_place("jamaica") == "Jamaica"
    with pytest.raises(AmbiguousMatch) as info:
        lib.match_town("new")
    assert {"New York", "New Haven", "New London", "New Bern", "Newport"} <= set(info.value.candidates)
    with pytest.raises(NoMatch):
        lib.match_town("Halifax NS")


def test_match_unit(lib: Liberty) -> None:
    assert lib.match_unit("am-1") == "AM-1"  # not ambiguous with AM-10, AM-11
    assert lib.match_unit("wash") == "WASHINGTON" and lib.match_unit("roch") == "ROCHAMBEAU"
    with pytest.raises(AmbiguousMatch):
        lib.match_unit("c")  # CARLETON, CORNWALLIS
    with pytest.raises(NoMatch):
        lib.match_unit("AM-99")


def test_match_accents_and_case(lib: Liberty) -> None:
    assert lib.match_town("Québec") == "Quebec"
    assert lib.match_town("  ninety-six ") == "Ninety Six"
    assert lib.match_town("MONTRÉAL") == "Montreal"
    assert lib.match_unit("he-4") == "HE-4"


# -- broken copies: the loader names the file, the entry and the field ---------------------------------------


@pytest.fixture
def root(tmp_path: Path) -> Path:
    (tmp_path / "liberty").mkdir()
    for file in ("map.toml", "units.toml", "setup.toml", "cards.toml"):
        shutil.copy(DATA_DIR / "liberty" / file, tmp_path / "liberty" / file)
    return tmp_path


def edit(root: Path, file: str, line_has: str, old: str, new: str) -> None:
    """In the one line of ``file`` containing ``line_has``, replace ``old`` by ``new``."""
    path = root / "liberty" / file
    lines = path.read_text(encoding="utf-8").split("\n")
    [i] = [i for i, line in enumerate(lines) if line_has in line]
    assert old in lines[i], lines[i]
    lines[i] = lines[i].replace(old, new, 1)
    path.write_text("\n".join(lines), encoding="utf-8")


def drop(root: Path, file: str, line_has: str) -> None:
    path = root / "liberty" / file
    lines = path.read_text(encoding="utf-8").split("\n")
    [i] = [i for i, line in enumerate(lines) if line_has in line]
    del lines[i]
    path.write_text("\n".join(lines), encoding="utf-8")


def edit_unit(root: Path, uid: str, key: str, value: str) -> None:
    path = root / "liberty" / "units.toml"
    blocks = path.read_text(encoding="utf-8").split("[[units]]")
    [i] = [i for i, block in enumerate(blocks) if f'\nid = "{uid}"\n' in block]
    blocks[i], n = re.subn(rf"(?m)^{key} = .*$", f"{key} = {value}", blocks[i])
    assert n == 1
    path.write_text("[[units]]".join(blocks), encoding="utf-8")


MAP_, UNITS, SETUP, CARDS = (f"liberty/{f}.toml: " for f in ("map", "units", "setup", "cards"))


def error(root: Path) -> str:
    with pytest.raises(ScenarioError) as info:
        load_liberty(root)
    return str(info.value)


def test_copy_of_the_data_loads(root: Path) -> None:
    assert load_liberty(root) == load_liberty()


def test_error_hexsides_adjacent_complete_and_once(root: Path) -> None:
    edit(root, "map.toml", '{ a = "20.09", b = "21.08"', 'b = "21.08"', 'b = "22.08"')
    drop(root, "map.toml", '{ a = "20.08", b = "21.08"')
    message = error(root)
    assert "hexsides[" in message and '("20.09", "22.08")' in message and "are not adjacent" in message
    assert MAP_ + "hexsides: no hexside between the adjacent hexes 20.08 and 21.08" in message
    assert "no hexside between the adjacent hexes 20.09 and 21.08" in message


def test_error_duplicate_hexside_and_unknown_hex(root: Path) -> None:
    edit(
        root,
        "map.toml",
        '{ a = "20.09", b = "21.08"',
        "{",
        '{ a = "21.08", b = "20.09", terrain = "clear" },\n  {',
    )
    edit(root, "map.toml", '{ a = "21.07", b = "21.08"', 'a = "21.07"', 'a = "31.07"')
    message = error(root)
    assert "duplicate hexside (same hexes as hexsides[" in message
    assert 'field "a": unknown hex "31.07"' in message


def test_error_water_crossings_and_rivers(root: Path) -> None:
    """1.1: a sea hex's hexsides are sea crossings; rivers only on land crossings, only declared ones."""
    line = next(
        line for line in (root / "liberty" / "map.toml").read_text(encoding="utf-8").split("\n")
        if 'terrain = "sea"' in line and "a = " in line and "navigable" not in line
    )  # fmt: skip
    edit(root, "map.toml", line.strip(), 'terrain = "sea"', 'terrain = "clear"')
    edit(root, "map.toml", '{ a = "18.10", b = "18.11"', 'rivers = ["Hudson"]', 'rivers = ["Hudsn"]')
    message = error(root)
    assert "a hexside of a sea hex is a sea crossing (1.1)" in message
    assert 'field "rivers": "Hudsn" is not a river or lake line of waterways' in message


def test_error_wilderness_flag(root: Path) -> None:
    """1.4: the wilderness flag must agree with the hex's forest/swamp hexsides."""
    edit(root, "map.toml", '{ id = "21.08"', 'region = "north"', 'region = "north", wilderness = true')
    message = error(root)
    assert re.fullmatch(
        re.escape(MAP_) + r'hexes\[\d+\] \("21\.08"\): field "wilderness": True but the hex has 0 '
        r"forest/swamp hexsides \(1\.4: 2 or more\)",
        message,
    ), message


def test_error_towns(root: Path) -> None:
    """A town in a sea hex, two in one hex, a port off the coast."""
    edit(root, "map.toml", '{ name = "Springfield"', 'hex = "20.09"', 'hex = "21.09"')
    edit(root, "map.toml", '{ name = "Fort Pitt"', '"blue", value = 1', '"blue", value = 1, port = true')
    sea = next(
        line
        for line in (root / "liberty" / "map.toml").read_text().split("\n")
        if 'terrain = "sea"' in line and "id = " in line
    )
    sea_hex = sea.split('"')[1]
    edit(root, "map.toml", '{ name = "Bennington"', 'hex = "19.07"', f'hex = "{sea_hex}"')
    message = error(root)
    assert 'towns[13] ("Newport"): field "hex": 21.09 already holds "Springfield"' in message
    assert 'field "port": 10.12 has no navigable hexside: a port is on the coast' in message
    assert f'("Bennington"): field "hex": {sea_hex} is a sea hex' in message


def test_error_orange_town_without_its_indians(root: Path) -> None:
    edit(root, "map.toml", '{ name = "Chota"', ', indians = "Cherokee"', "")
    assert error(root) == (
        MAP_ + 'towns[55] ("Chota"): field "indians": an orange town (1.2) is an Indian town: '
        "name its Indian block"
    )


def test_error_town_names_equal_without_accents(root: Path) -> None:
    edit(root, "map.toml", '{ name = "Kingston"', '"Kingston"', '"ALBANY"')
    assert (
        'towns[20] ("Albany"): field "name": same name as "ALBANY" if case and accents are ignored'
        in error(root)
    )


def test_error_breaks(root: Path) -> None:
    """5.6: the Hudson and Lake Champlain must not meet on a hexside (Ticonderoga and Albany)."""
    path = root / "liberty" / "map.toml"
    text = path.read_text(encoding="utf-8")
    text = text.replace('rivers = ["Lake Champlain"]', 'rivers = ["Lake Champlain", "Hudson"]', 1)
    path.write_text(text, encoding="utf-8")
    assert (
        'breaks[1] ("Fort Ticonderoga and Albany"): Lake Champlain and Hudson meet on the hexside'
        in error(root)
    )


def test_error_unit_counts(root: Path) -> None:
    """2.0, 2.24: 25 a side; 3 warships a navy."""
    edit_unit(root, "BR-1", "side", '"american"')
    edit_unit(root, "RN-3", "type", '"infantry"')
    message = error(root)
    assert (
        'units[3] ("BR-1"): field "nation": nation \'british\' is on the british side (2.0), not american'
        in message
    )


def test_error_same_ids(root: Path) -> None:
    edit_unit(root, "AM-11", "id", '"am-10"')
    edit(root, "cards.toml", '{ id = "ACT-2"', '"ACT-2"', '"act-1"')
    message = error(root)
    assert UNITS + 'units[38] ("am-10"): field "id": same id as units[37] ("AM-10")' in message
    assert CARDS + 'cards[1] ("act-1"): field "id": same id as cards[0] ("ACT-1")' in message


def test_error_unit_counts_after_valid_edits(root: Path) -> None:
    edit_unit(root, "BR-5", "side", '"american"')
    edit_unit(root, "BR-5", "nation", '"american"')
    edit(root, "units.toml", "blocks = {", "british = 25", "british = 24")
    message = error(root)
    assert UNITS + 'counts: field "blocks.american": 26 blocks listed, 25 expected' in message
    assert UNITS + 'counts: field "blocks.british"' not in message


def test_error_ratings_moves_and_strengths(root: Path) -> None:
    """2.22, 2.23, 2.11: infantry C1/C2, dragoons move 2, strength at most 4, warships British or French."""
    edit_unit(root, "AM-1", "rating", '"B2"')
    edit_unit(root, "AM-10", "move", "1")
    edit_unit(root, "HE-1", "max_cv", "5")
    edit_unit(root, "IN-1", "rating", '"B3"')
    edit_unit(root, "MI-1", "rating", '"X1"')
    message = error(root)
    assert '("AM-1"): field "rating": a infantry block is rated C1 or C2 (2.22-2.25), not B2' in message
    assert '("AM-10"): field "move": a dragoons block moves 2 (2.22, 2.23, 8.1), not 1' in message
    assert '("HE-1"): field "max_cv": Input should be less than or equal to 4' in message
    assert '("IN-1"): field "rating": a indians block is rated B1' in message
    assert "is not a combat rating" in message


def test_error_indian_home(root: Path) -> None:
    edit_unit(root, "IN-1", "home", '"Canajoharie"')
    message = error(root)
    assert '("IN-1"): field "home": Canajoharie is the Mohawk town (1.2)' in message
    assert "units: 0 Indian blocks have Chota as their own town, 1 expected" in message


def test_error_setup(root: Path) -> None:
    """12.0: no block twice; each in a legal place of its side; 9.1: at most 2 a West Indies port; American
    blocks never there; the French only there; warships in ports; Indians at home; cv at most the maximum."""
    edit(root, "setup.toml", '{ id = "AM-2", at = "Newport" }', '"Newport"', '"Boston"')
    edit(root, "setup.toml", '{ id = "AM-5", at = "Baltimore" }', '"Baltimore"', '"Jamaica"')
    edit(root, "setup.toml", '{ id = "RN-3", at = "Jamaica" }', '"Jamaica"', '"Martinique"')
    edit(root, "setup.toml", '{ id = "IN-1", at = "Chota" }', '"Chota"', '"04.18"')
    edit(root, "setup.toml", '{ id = "LO-1", at = "Quebec" }', '"Quebec" }', '"Quebec", cv = 3 }')
    edit(root, "setup.toml", '{ id = "MI-4", at = "Camden" }', '"MI-4"', '"MI-3"')
    edit(root, "setup.toml", '{ id = "AM-7", at = "Charleston" }', '"Charleston"', '"Charlestown"')
    message = error(root)
    assert SETUP + 'blocks[19] ("AM-2"): field "at": Boston is a red town' in message
    assert "Boston is a red town: american blocks may not start there" in message
    assert "only British or French blocks occupy the West Indies (9.1), not american" in message
    assert "Martinique is the other side's West Indies port" in message
    assert "Cherokee start in their own town, Chota (10.0)" in message
    assert "3 is more than LO-1's maximum 2" in message
    assert 'MI-3 is already set up in "Philadelphia"' in message
    assert '"Charlestown" is no town, hex or the Atlantic (did you mean "Charleston"?)' in message
    assert "both sides start in 21.08: a set-up has no battle" in message


def test_error_setup_french_and_warships(root: Path) -> None:
    edit(root, "setup.toml", '{ id = "FR-3", at = "Martinique" }', '"Martinique"', '"Philadelphia"')
    edit(root, "setup.toml", '{ id = "RN-1", at = "Boston" }', '"Boston"', '"20.08"')
    message = error(root)
    assert "before French entry the French stand only in their West Indies port (12.0)" in message
    assert "a warship stands in a port (8.1)" in message


def test_error_cards(root: Path) -> None:
    """3.0: 20 action and 5 supply cards; action 1-3; supply 2 or 3."""
    edit(root, "cards.toml", '{ id = "ACT-20"', "value = 3", "value = 4")
    edit(root, "cards.toml", '{ id = "SUP-5"', 'kind = "supply", value = 3', 'kind = "supply", value = 1')
    message = error(root)
    assert CARDS + 'deck: field "cards[19].value": an action card gives 1, 2 or 3 actions (3.1)' in message
    assert CARDS + 'deck: field "cards[24].value": a supply card gives 2 or 3 steps (3.3)' in message


def test_error_card_counts_and_victory(root: Path) -> None:
    edit(root, "cards.toml", '{ id = "SUP-5"', 'kind = "supply"', 'kind = "action"')
    edit(root, "cards.toml", "american_below = 12", "12", "31")
    message = error(root)
    assert CARDS + 'deck: field "action": 21 action cards listed, 20 expected (3.0)' in message
    assert CARDS + 'deck: field "supply": 4 supply cards listed, 5 expected (3.0)' in message
    assert (
        CARDS + "victory: needs american_below < british_at_least <= 58, the map's victory points" in message
    )


def test_error_missing_file_and_bad_toml(root: Path) -> None:
    (root / "liberty" / "cards.toml").unlink()
    edit(root, "setup.toml", '{ id = "HOWE"', "{", "{{")
    message = error(root)
    assert CARDS + "file not found" in message
    assert SETUP + "not valid TOML" in message
    with pytest.raises(ScenarioError, match="no scenario 'liberty'"):
        load_liberty(root / "nowhere")
