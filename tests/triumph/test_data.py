"""Napoleon's Triumph data (our Austerlitz map, after the game; not the published board): the facts the rules
need from the map, the order of battle, morale and the scenarios, the map's geography, and the loader's
messages for broken copies.

Rule numbers are the rulebook's; "facts" are the sections of the historical fact sheet the map is built
from (data/triumph/README.md says which).
"""

from __future__ import annotations

import re
import shutil
from collections import Counter, deque
from pathlib import Path

import pytest

from data import ScenarioError
from data.triumph import ROAD_REACH, SIDES, Triumph, load_triumph
from data.triumph.loader import DATA_DIR

GOLDBACH_VILLAGES = ("schlapanitz", "kobelnitz", "sokolnitz", "telnitz")


@pytest.fixture(scope="module")
def t() -> Triumph:
    return load_triumph()


# -- the map -------------------------------------------------------------------------------------------------


def test_locale_count_and_capacities(t: Triumph) -> None:
    """Facts §6: 60-100 locales; capacities on the board's scale 1-20; villages 4; the Santon 2."""
    assert 60 <= len(t.locales) <= 100
    assert all(1 <= loc.capacity <= 20 for loc in t.locales)
    villages = [loc for loc in t.locales if loc.kind == "village"]
    assert len(villages) >= 30 and {loc.capacity for loc in villages} == {4}
    assert t.locale("santon").capacity == 2 and t.locale("santon").hill


def test_every_locale_reachable(t: Triumph) -> None:
    start = t.locales[0].id
    seen, queue = {start}, deque([start])
    while queue:
        for nxt in t.neighbours(queue.popleft()):
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    assert seen == {loc.id for loc in t.locales}


def test_approaches_symmetric(t: Triumph) -> None:
    """One border, two sides: the same width and passability both ways; symbols may differ (rule 4)."""
    pairs = 0
    for loc in t.locales:
        for a in loc.approaches:
            back = t.approach(a.to, loc.id)
            assert back is not None, (loc.id, a.to)
            assert (a.width, a.impassable, a.stream) == (back.width, back.impassable, back.stream)
            pairs += 1
    assert 150 <= pairs // 2 <= 300


def test_goldbach_villages_are_defiles(t: Triumph) -> None:
    """Facts §4.1: the Goldbach villages are the crossings; an attack into one from the east crosses the
    stream narrow, against infantry, cavalry and artillery penalties and an obstructed approach."""
    for village in GOLDBACH_VILLAGES:
        loc = t.locale(village)
        east = [a for a in loc.approaches if a.stream == "Goldbach" and t.locale(a.to).x > loc.x]
        assert east, village
        for a in east:
            assert a.width == "narrow" and a.obstructed
            assert set(a.penalties) == {"infantry", "cavalry", "artillery"}


def test_ponds_are_impassable_borders(t: Triumph) -> None:
    """Facts §4.2: the frozen ponds are obstacles, not locales; each closes at least one border."""
    water = Counter(a.water for loc in t.locales for a in loc.approaches if a.impassable)
    assert set(water) == {p.name for p in t.ponds} == {"Menitz pond", "Satschan pond", "Kobelnitz pond"}
    assert t.approach("augezd", "satschan_fields").impassable  # type: ignore[union-attr]
    assert "satschan_fields" not in t.neighbours("augezd")
    assert "satschan_fields" in t.neighbours("augezd", passable=False)


def test_geography_reads_right(t: Triumph) -> None:
    """North up, French west, Allies east (facts §2.1): the highway in the north, the Pratzen in the middle
    and the highest, the ponds in the south."""
    highway = next(r for r in t.roads if r.id == "highway")
    assert highway.road_class == "main"
    assert all(t.locale(x).y > 11.5 for x in highway.locales)
    assert [t.locale(x).x for x in highway.locales] == sorted(t.locale(x).x for x in highway.locales)
    assert {t.locale(x).kind for x in ("pratzeberg", "vinohrady", "zuran", "santon")} == {"hill"}
    assert t.locale("vinohrady").y > t.locale("pratzeberg").y  # Staré Vinohrady the north summit
    assert all(p.centre[1] < 6.5 for p in t.ponds)
    assert all(t.locale(v).x < t.locale("pratzeberg").x for v in GOLDBACH_VILLAGES)


def test_roads(t: Triumph) -> None:
    """Rule 10: a local road takes a move 2 locales onward, a main road 3; every step crosses an approach."""
    assert ROAD_REACH == {"local": 2, "main": 3}
    assert {r.id for r in t.roads if r.road_class == "main"} == {"highway", "austerlitz_road"}
    for road in t.roads:
        for a, b in zip(road.locales, road.locales[1:], strict=False):
            assert b in t.neighbours(a), (road.id, a, b)
    assert t.road_crosses("krug", "posthouse") and not t.road_crosses("krug", "holubitz_fields")


def test_entry_roads_on_the_edges(t: Triumph) -> None:
    """Facts §10.8: French entries on the west edge, Allied on the east and north; one French and two Allied
    main-road entries (the highway at both ends, the road from Hungary)."""
    for e in t.entries:
        loc = t.locale(e.locale)
        assert e.edge in loc.edges
        assert e.edge == "west" if e.side == "french" else e.edge in ("east", "north")
    mains = {(e.side, e.id) for e in t.entries if e.road_class == "main"}
    assert mains == {("french", "brunn"), ("allies", "olmuetz"), ("allies", "hungary")}


def _road_graph(t: Triumph) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {loc.id: set() for loc in t.locales}
    for road in t.roads:
        for a, b in zip(road.locales, road.locales[1:], strict=False):
            graph[a].add(b)
            graph[b].add(a)
    return graph


def test_objectives_trace_a_road_home(t: Triumph) -> None:
    """Rule 16 [JW]: a star is held through a road trace to one's own main-road entry; on an empty map every
    star reaches both sides' main entries. Blue across the French rear, the Allied colours in the east, all
    three on the Austerlitz road (facts §7)."""
    graph = _road_graph(t)
    for o in t.objectives:
        seen, queue = {o.locale}, deque([o.locale])
        while queue:
            for nxt in graph[queue.popleft()]:
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        for e in t.entries:
            if e.road_class == "main":
                assert e.locale in seen, (o.locale, e.id)
    assert set(t.stars("blue")) == {"zuran", "latein", "turas", "sokolnitz_fields"}
    assert all(t.locale(x).x < 6 for x in t.stars("blue"))
    for colour in ("green", "red", "black"):
        assert "austerlitz_road" in t.stars(colour)
        assert all(t.locale(x).x > 7 for x in t.stars(colour))


# -- the order of battle -------------------------------------------------------------------------------------


def test_order_of_battle_totals(t: Triumph) -> None:
    """Facts §8.1 [JW] (the seed gives only the scale, so the secondary figures stand): French 36 units of
    strength 81, Allies 44 of 89, by face as the table."""
    faces = {side: Counter(u.face for u in t.units if u.side == side) for side in ("french", "allies")}
    assert faces["french"] == {"art-1": 3, "cav-2": 5, "cav-3": 3, "inf-2": 16, "inf-3": 7, "guard-3": 2}
    assert faces["allies"] == {
        "art-1": 4, "cav-1": 3, "cav-2": 6, "cav-3": 2, "inf-1": 2, "inf-2": 19, "inf-3": 5, "guard-3": 3,
    }  # fmt: skip
    for side, units, strength in (("french", 36, 81), ("allies", 44, 89)):
        assert side in SIDES
        mine = [u for u in t.units if u.side == side]
        assert (len(mine), sum(u.strength for u in mine)) == (units, strength)
        assert (t.counts[side].units, t.counts[side].strength) == (units, strength)
    assert sum(u.heavy_cavalry for u in t.units if u.side == "french") == 3


def test_block_ids_hide_the_face(t: Triumph) -> None:
    """An id is seen by the enemy; it must not carry the face (rule 3: faces are secret)."""
    assert all(re.fullmatch(r"[FA]\d\d", u.id) for u in t.units)


def test_commanders_and_default_allocation(t: Triumph) -> None:
    """Facts §8.1: 17 commanders with their minimums; our default allocation puts every block in one corps of
    minimum..8 units that fits its set-up locale; French reinforcement corps have 4 units, one not inf-2."""
    minimum = {c.id: c.minimum for c in t.commanders}
    assert minimum == {
        "lannes": 4, "murat": 4, "bessieres": 4, "vandamme": 3, "st_hilaire": 3, "legrand": 3,
        "bernadotte": 4, "davout": 4, "bagration": 4, "liechtenstein": 4, "constantine": 4,
        "miloradovich": 3, "kollowrath": 3, "prebyshevsky": 4, "langeron": 4, "dokhturov": 4, "kienmayer": 3,
    }  # fmt: skip
    assert t.corps.max_units == 8
    allocated = Counter(uid for blocks in t.allocation.values() for uid in blocks)
    assert set(allocated) == {u.id for u in t.units} and set(allocated.values()) == {1}
    for c in t.commanders:
        blocks = [t.unit(uid) for uid in t.allocation[c.id]]
        assert c.minimum <= len(blocks) <= 8
        assert {b.side for b in blocks} == {c.side}
        assert len(blocks) <= t.locale(c.setup).capacity
    for cid in ("bernadotte", "davout"):
        blocks = [t.unit(uid) for uid in t.allocation[cid]]
        assert len(blocks) >= 4 and any(b.face != "inf-2" for b in blocks)
    guard = [t.unit(uid).face for uid in t.allocation["constantine"]]
    assert guard.count("guard-3") == 3


def test_setup_locales_historical(t: Triumph) -> None:
    """Facts §8.3: every commander at its historical dawn position; the two sides never share a locale."""
    setup = {c.id: c.setup for c in t.commanders}
    assert (
        setup["bessieres"] == "zuran" and setup["legrand"] == "sokolnitz" and setup["kienmayer"] == "augezd"
    )
    assert setup["langeron"] == "pratzeberg" and setup["bagration"] == "posthouse"
    french = {setup[c.id] for c in t.commanders if c.side == "french"}
    allied = {setup[c.id] for c in t.commanders if c.side == "allies"}
    assert not french & allied
    assert all(t.locale(x).x < 8 for x in french)


# -- morale, time, scenarios ---------------------------------------------------------------------------------


def test_morale(t: Triumph) -> None:
    """Facts §9 [JW]: French 23, Allies 27; +4 at the first French reinforcement; elite 2 / 4, failed Guard
    Attack +3; night recovery half the loss, at most 4."""
    m = t.morale
    assert m.start == {"french": 23, "allies": 27}
    assert (m.first_reinforcement, m.heavy_cavalry, m.guard, m.failed_guard_attack) == (4, 2, 4, 3)
    assert [m.night_recovery(lost) for lost in (0, 1, 5, 8, 20)] == [0, 0, 2, 4, 4]


def test_scenarios_time_track(t: Triumph) -> None:
    """Facts §9: 2 December 10 rounds 07:00-16:00; 1 December 21: ten, the night, ten."""
    two = t.scenario("2dec")
    assert [r.label for r in two.rounds] == [f"2 Dec {h:02d}:00" for h in range(7, 17)]
    one = t.scenario("1dec")
    assert len(one.rounds) == 21 and [r.n for r in one.rounds if r.night] == [11]
    assert one.rounds[0].label == "1 Dec 07:00" and one.rounds[-1].label == "2 Dec 16:00"


def test_scenarios_setup_and_reinforcements(t: Triumph) -> None:
    """[JW]: Bernadotte from 11:00 on 1 December (2 December: round 1), Davout from 08:00 on 2 December;
    1 December puts two Allied corps on the map, the advance guards by default (digest G28)."""
    two, one = t.scenario("2dec"), t.scenario("1dec")
    arrive = {s.id: {r.commander: s.rounds[r.round - 1].label for r in s.reinforcements} for s in (two, one)}
    assert arrive["2dec"] == {"bernadotte": "2 Dec 07:00", "davout": "2 Dec 08:00"}
    assert arrive["1dec"] == {"bernadotte": "1 Dec 11:00", "davout": "2 Dec 08:00"}
    assert len(two.on_map["allies"]) == 9 and len(two.on_map["french"]) == 6
    assert set(one.on_map["allies"]) == {"bagration", "kienmayer"} and one.allied_on_map == 2
    assert one.allied_entry_round == 1


# -- the loader's messages on broken copies ------------------------------------------------------------------


@pytest.fixture
def root(tmp_path: Path) -> Path:
    (tmp_path / "triumph").mkdir()
    for file in ("map.toml", "units.toml", "scenarios.toml"):
        shutil.copy(DATA_DIR / "triumph" / file, tmp_path / "triumph" / file)
    return tmp_path


def edit_in(root: Path, file: str, table: str, key_id: str, old: str, new: str, count: int = 1) -> None:
    """In the ``[[table]]`` entry whose ``id`` is ``key_id``, replace ``old`` by ``new`` (``count`` times)."""
    path = root / "triumph" / file
    text = path.read_text(encoding="utf-8")
    [start] = [m.end() for m in re.finditer(rf'\[\[{table}\]\]\nid = "{key_id}"\n', text)]
    end = text.find("\n[[", start)
    end = len(text) if end < 0 else end
    block = text[start:end]
    assert block.count(old) >= count, (key_id, old)
    path.write_text(text[:start] + block.replace(old, new, count) + text[end:], encoding="utf-8")


def edit(root: Path, file: str, old: str, new: str) -> None:
    path = root / "triumph" / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def error(root: Path) -> str:
    with pytest.raises(ScenarioError) as info:
        load_triumph(root)
    return str(info.value)


MAP_, UNITS_, SCEN_ = (f"triumph/{f}.toml: " for f in ("map", "units", "scenarios"))


def test_copy_loads(root: Path) -> None:
    assert load_triumph(root) == load_triumph()


def test_error_asymmetric_approach(root: Path) -> None:
    edit_in(root, "map.toml", "locales", "loesch", '  { to = "podolie_heights", width = "narrow", ', "  # ")
    assert re.search(
        r'triumph/map\.toml: locales\[\d+\] \("podolie_heights"\): field "approaches\[\d+\]\.to": '
        r'"loesch" has no approach back to "podolie_heights"',
        error(root),
    )


def test_error_width_differs_on_one_border(root: Path) -> None:
    edit_in(
        root,
        "map.toml",
        "locales",
        "pratzeberg",
        '{ to = "pratzen_centre", width = "wide"',
        '{ to = "pratzen_centre", width = "narrow"',
    )
    message = error(root)
    assert re.search(
        r'locales\[\d+\] \("pratzeberg"\): field "approaches\[\d+\]\.width": \'narrow\' but', message
    )


def test_error_unknown_neighbour_suggests(root: Path) -> None:
    edit_in(
        root, "map.toml", "locales", "podolie_heights", '{ to = "bosenitz_woods"', '{ to = "bosenitz_wood"'
    )
    assert 'unknown locale "bosenitz_wood" (did you mean "bosenitz_woods"?)' in error(root)


def test_error_capacity_and_village(root: Path) -> None:
    edit_in(root, "map.toml", "locales", "pratzen_centre", "capacity = 16", "capacity = 21")
    edit_in(root, "map.toml", "locales", "telnitz", "capacity = 4", "capacity = 6")
    message = error(root)
    assert re.search(
        r'map\.toml: locales\[\d+\] \("pratzen_centre"\): field "capacity": .*less than or equal to 20',
        message,
    )


def test_error_village_capacity(root: Path) -> None:
    edit_in(root, "map.toml", "locales", "telnitz", "capacity = 4", "capacity = 6")
    assert re.search(r'locales\[\d+\] \("telnitz"\): field "capacity": 6: a village holds 4', error(root))


def test_error_road_step_not_an_approach(root: Path) -> None:
    edit_in(
        root, "map.toml", "roads", "turas_road", '["turas_fields", "turas", ', '["turas_fields", "zuran", '
    )
    assert re.search(
        r'map\.toml: roads\[\d+\] \("turas_road"\): field "locales": '
        r'"turas_fields" to "zuran" is no passable approach',
        error(root),
    )


def test_error_map_not_connected(root: Path) -> None:
    """Cut Satschan off: every border of it impassable on both sides (a pond all round)."""
    path = root / "triumph" / "map.toml"
    text = path.read_text(encoding="utf-8")
    neighbours = load_triumph().neighbours("satschan")
    edit_in(root, "map.toml", "locales", "satschan", "approaches = [", "approaches = [")
    text = path.read_text(encoding="utf-8")
    parts = text.split("[[locales]]")
    for k, part in enumerate(parts):
        name = re.search(r'\nid = "([a-z_]+)"\n', part)
        if name is None:
            continue
        targets = (
            neighbours
            if name.group(1) == "satschan"
            else ("satschan",)
            if name.group(1) in neighbours
            else ()
        )
        for other in targets:
            part = re.sub(
                rf'\{{ to = "{other}", width = "(\w+)"[^}}]*\}}',
                rf'{{ to = "{other}", width = "\1", impassable = true, water = "Satschan pond" }}',
                part,
            )
        parts[k] = part
    path.write_text("[[locales]]".join(parts), encoding="utf-8")
    message = error(root)
    assert (
        'triumph/map.toml: locales: not reachable from "loesch_wood" by passable approaches: satschan'
        in message
    )


def test_error_entry_and_objective(root: Path) -> None:
    edit_in(root, "map.toml", "entries", "turas", 'locale = "turas_fields"', 'locale = "turas"')
    edit(root, "map.toml", 'locale = "latein"\ncolours = ["blue"]', 'locale = "lattein"\ncolours = ["blue"]')
    message = error(root)
    assert re.search(r'entries\[\d+\] \("turas"\): field "edge": "turas" is not on the west edge', message)
    assert re.search(
        r'objectives\[\d+\] \("lattein"\): field "locale": '
        r'unknown locale "lattein" \(did you mean "latein"\?\)',
        message,
    )


def test_error_star_off_the_roads(root: Path) -> None:
    edit(
        root,
        "map.toml",
        'locale = "turas"\ncolours = ["blue"]',
        'locale = "bosenitz_woods"\ncolours = ["blue"]',
    )
    message = error(root)
    assert (
        'objectives[2] ("bosenitz_woods"): field "locale": no road runs through "bosenitz_woods"' in message
    )
    assert "a star is held by a road trace" in message


def test_error_oob_totals(root: Path) -> None:
    edit_in(root, "units.toml", "units", "F12", "strength = 2", "strength = 3")
    message = error(root)
    assert UNITS_ + 'counts.french: field "strength": the french blocks give 82, 81 expected' in message


def test_error_commander_setup(root: Path) -> None:
    edit_in(root, "units.toml", "commanders", "langeron", 'setup = "pratzeberg"', 'setup = "pratzberg"')
    edit_in(root, "units.toml", "commanders", "dokhturov", 'setup = "st_anthony"', 'setup = "santon"')
    message = error(root)
    assert re.search(
        r'units\.toml: commanders\[\d+\] \("langeron"\): field "setup": unknown locale "pratzberg" '
        r'\(did you mean "pratzeberg"\?\)',
        message,
    )
    assert re.search(r'\("dokhturov"\): field "setup": "santon" holds 2, fewer than the minimum 4', message)


def test_error_allocation(root: Path) -> None:
    edit(root, "units.toml", 'st_hilaire = ["F18", "F19", "F33"]', 'st_hilaire = ["F18", "F19", "F12"]')
    message = error(root)
    assert UNITS_ + 'allocation."st_hilaire": F12 is already allocated to "lannes"' in message
    assert "blocks allocated to no commander: F33" in message


def test_error_scenario_reinforcement(root: Path) -> None:
    edit(
        root,
        "scenarios.toml",
        '{ commander = "bernadotte", round = 5, entries = ["brunn", "loesch", "turas"] }',
        '{ commander = "bernadotte", round = 11, entries = ["brunn", "olmuetz"] }',
    )
    message = error(root)
    assert re.search(
        r'scenarios\[\d+\] \("1dec"\): field "reinforcements\[0\]\.round": nobody enters at night', message
    )
    assert 'field "reinforcements[0].entries": olmuetz is an entry road of the allies' in message


def test_error_toml_syntax(root: Path) -> None:
    edit(root, "scenarios.toml", "[morale]", "[morale")
    assert error(root).startswith("triumph/scenarios.toml: not valid TOML")


# -- the Japanese names (name_ja: the Japanese messages and the Japanese map say them) -----------------------
def test_every_locale_entry_and_commander_has_a_japanese_name(t: Triumph) -> None:
    kana = re.compile(r"[\u30a0-\u30ff]")
    for named in (*t.locales, *t.entries, *t.commanders):
        assert named.name_ja and not re.search(r"[A-Za-z]", named.name_ja), named.id
    for named in (*[loc for loc in t.locales if loc.czech], *t.entries, *t.commanders):
        assert kana.search(named.name_ja), named.id  # a place's or a person's own name in katakana
    assert len({loc.name_ja for loc in t.locales}) == len(t.locales) == 82
    # as Japanese histories write them
    said = {loc.id: loc.name_ja for loc in t.locales}
    assert said["austerlitz"] == "アウステルリッツ" and said["pratzen_centre"] == "プラツェン高地"
    assert said["sokolnitz"] == "ソコルニッツ" and said["telnitz"] == "テルニッツ"
    assert t.commander("davout").name_ja == "ダヴー" and t.commander("bagration").name_ja == "バグラチオン"


def test_error_japanese_name_missing_latin_or_twice(root: Path) -> None:
    edit_in(root, "map.toml", "locales", "krug", 'name_ja = "クルーク"\n', "")
    assert re.search(r'locales\[\d+\] \("krug"\).*name_ja', error(root)), error(root)
    shutil.copy(DATA_DIR / "triumph" / "map.toml", root / "triumph" / "map.toml")
    edit_in(root, "map.toml", "locales", "krug", 'name_ja = "クルーク"', 'name_ja = "Krug"')
    assert "must be written in Japanese" in error(root)
    shutil.copy(DATA_DIR / "triumph" / "map.toml", root / "triumph" / "map.toml")
    edit_in(root, "map.toml", "locales", "krug", 'name_ja = "クルーク"', 'name_ja = "クルークKrug"')
    assert "must not contain Latin letters" in error(root)
    shutil.copy(DATA_DIR / "triumph" / "map.toml", root / "triumph" / "map.toml")
    edit_in(root, "map.toml", "locales", "krug", 'name_ja = "クルーク"', 'name_ja = "ホルビッツ"')
    assert re.search(
        r'\("holubitz"\): field "name_ja": same Japanese name as locales\[\d+\] \("krug"\)', error(root)
    )
    shutil.copy(DATA_DIR / "triumph" / "units.toml", root / "triumph" / "units.toml")
    edit_in(root, "units.toml", "commanders", "davout", 'name_ja = "ダヴー"', 'name_ja = ""')
    assert "name_ja" in error(root)
