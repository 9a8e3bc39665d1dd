"""8.3-8.5 fire, hits and squares; 10.0 a leader taking a hit; 13.3 the corps restriction. Both editions:
[3rd] hits on 6 / 5-6 / 4-6, [3.4] on 1 / 1-2 / 1-3 (docs/rulings.md, 8.4 Hits)."""

from __future__ import annotations

import pytest
from support.battlefield import fight

from engine.dice import Dice
from engine.napoleon.battle import fire_hits, roll_fire

# dice that give exactly one hit at single fire, two at double, three at triple, per edition
ONE = {"3rd": [6, 5, 4, 1], "3.4": [1, 2, 3, 6]}
MISS = {"3rd": 1, "3.4": 6}  # a face that never hits


def start(
    ruleset="3.4",
    att_cols=None,
    def_cols=None,
    att="FR-1,FR-2,FR-3,FR-11,FR-16",
    dfn="PR-1,PR-2,PR-3,PR-4",
    **kw,
):
    return fight(
        att,
        dfn,
        ruleset=ruleset,
        att_cols=att_cols or {"left": "FR-1", "center": "FR-2", "right": "FR-3", "reserve": "FR-11,FR-16"},
        def_cols=def_cols or {"left": "PR-1", "center": "PR-2,PR-3", "right": "PR-4"},
        **kw,
    )


def french_engages_center(f):
    """Battle turn 1: FR-16 holds the French Center while FR-2 engages the Allied Center; then the Allies."""
    f.do("french", "/battle-move unit:FR-16 to:center")
    f.do("french", "/battle-move unit:FR-2 to:across-center")
    f.do("french", "/end")


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_8_3_fire_classes_hit_at_one_two_three_sixths_over_100000_rolls(ruleset):
    dice = Dice.seeded(2024)
    for klass in (1, 2, 3):
        rolled = 0
        hit = 0
        for _ in range(25_000):
            d, h = roll_fire(dice, 4, klass, ruleset)
            rolled += len(d)
            hit += h
        assert rolled == 100_000
        assert abs(hit / rolled - klass / 6) < 0.01


def test_8_3_the_faces_that_hit_differ_by_edition():
    assert [fire_hits([f], 1, "3rd") for f in range(1, 7)] == [0, 0, 0, 0, 0, 1]
    assert [fire_hits([f], 2, "3rd") for f in range(1, 7)] == [0, 0, 0, 0, 1, 1]
    assert [fire_hits([f], 3, "3rd") for f in range(1, 7)] == [0, 0, 0, 1, 1, 1]
    assert [fire_hits([f], 1, "3.4") for f in range(1, 7)] == [1, 0, 0, 0, 0, 0]
    assert [fire_hits([f], 2, "3.4") for f in range(1, 7)] == [1, 1, 0, 0, 0, 0]
    assert [fire_hits([f], 3, "3.4") for f in range(1, 7)] == [1, 1, 1, 0, 0, 0]


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_8_3_engaged_infantry_single_fire_one_die_per_cv_with_the_editions_faces(ruleset):
    f = start(ruleset)
    french_engages_center(f)
    f.dice(*ONE[ruleset])  # one face hits at single fire
    f.do("allied", "/fire unit:PR-2")
    assert f.cv("FR-2") == 3
    fire = f.view("french").last_fire
    assert fire["dice"] == ONE[ruleset] and fire["class"] == {"3rd": "SF", "3.4": "F1"}[ruleset]
    assert fire["hits"] == 1


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_faq_9_infantry_and_cavalry_must_be_engaged_to_fire(ruleset):
    f = start(ruleset)
    f.rejects("french", "/fire unit:FR-1", "8.3")
    f.do("french", "/battle-move unit:FR-11 to:left")
    f.do("french", "/end")
    f.rejects("allied", "/fire unit:PR-4", "8.3")  # faces FR-1 and FR-11 but is not engaged


def test_8_4_each_hit_to_the_highest_cv_then_ties_by_the_owners_standing_preference():
    f = start(
        "3.4",
        att="FR-1,FR-2,FR-3,FR-4,FR-16",
        att_cols={"left": "FR-1", "center": "FR-2,FR-4,FR-16", "right": "FR-3"},
        cv={"FR-4": 3},
    )
    f.do("french", "/battle-move unit:FR-2 to:across-center")
    f.do("french", "/battle-move unit:FR-16 to:reserve")  # FR-4 holds the Center
    f.do("french", "/end")
    f.do("allied", "/end")
    f.state.preferences["french"] = {"hits": ["FR-4"]}
    # FR-2 (4) and a second block, FR-4 (3), both across in the Allied Center
    f.b.pos["FR-4"] = "allied:center"
    f.b.pos["FR-16"] = "french:center"
    f.do("french", "/end")
    f.dice(1, 1, 6, 6)  # 2 hits: FR-2 4->3, then FR-2 and FR-4 tie at 3: the preference names FR-4
    f.do("allied", "/fire unit:PR-2")
    assert (f.cv("FR-2"), f.cv("FR-4")) == (3, 2)
    f.state.preferences["french"] = {}
    f.dice(1, 6, 6, 6)  # 1 hit: FR-2 is the highest
    f.do("allied", "/fire unit:PR-3")
    assert (f.cv("FR-2"), f.cv("FR-4")) == (2, 2)


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_faq_1_cavalry_charges_triple_on_its_first_fire_after_engaging_then_double(ruleset):
    f = start(ruleset)
    f.do("french", "/battle-move unit:FR-11 to:center")  # redeploy, then engage (8.2 example)
    f.do("french", "/battle-move unit:FR-11 to:across-center")
    f.do("french", "/end")
    f.do("allied", "/end")
    triple = {"3rd": [4, 4, 3], "3.4": [3, 3, 4]}[ruleset]  # two hits at triple fire, one at double
    f.dice(*triple)
    f.do("french", "/fire unit:FR-11")
    assert f.view("allied").last_fire["class"] == {"3rd": "TF", "3.4": "F3"}[ruleset]
    assert f.cv("PR-2") + f.cv("PR-3") == 8 - 2
    f.do("french", "/end")
    f.do("allied", "/end")
    f.dice(*triple)
    f.do("french", "/fire unit:FR-11")
    assert f.view("allied").last_fire["class"] == {"3rd": "DF", "3.4": "F2"}[ruleset]


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_faq_1_cavalry_from_the_reserve_into_its_own_engaged_column_charges(ruleset):
    f = start(
        ruleset,
        dfn="PR-1,PR-2,PR-3,PR-4,PR-5",
        def_cols={"left": "PR-1,PR-5", "center": "PR-2,PR-3", "right": "PR-4"},
    )
    f.do("french", "/end")
    f.do("allied", "/battle-move unit:PR-5 to:across-left")  # engages the French Right
    f.do("allied", "/end")
    f.do("french", "/battle-move unit:FR-11 to:right")  # Reserve -> an engaged friendly column: engage
    assert f.b.acts["FR-11"] == ["engage"]
    f.do("french", "/end")
    f.do("allied", "/end")
    f.dice(6, 6, 6)
    f.do("french", "/fire unit:FR-11")
    assert f.view("allied").last_fire["class"] == {"3rd": "TF", "3.4": "F3"}[ruleset]


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_faq_10_passively_engaged_cavalry_charges_for_one_turn_only(ruleset):
    f = start(
        ruleset,
        att_cols={"left": "FR-1", "center": "FR-2", "right": "FR-3,FR-11", "reserve": "FR-16"},
        dfn="PR-1,PR-2,PR-3,PR-4,PR-5",
        def_cols={"left": "PR-1,PR-5", "center": "PR-2,PR-3", "right": "PR-4"},
    )
    f.do("french", "/end")
    f.do("allied", "/battle-move unit:PR-5 to:across-left")  # infantry engages FR-11 (passive for it)
    f.do("allied", "/end")
    f.dice(6, 6, 6)
    f.do("french", "/fire unit:FR-11")
    assert f.view("allied").last_fire["class"] == {"3rd": "TF", "3.4": "F3"}[ruleset]

    g = start(
        ruleset,
        att_cols={"left": "FR-1", "center": "FR-2", "right": "FR-3,FR-11", "reserve": "FR-16"},
        dfn="PR-1,PR-2,PR-3,PR-4,PR-5",
        def_cols={"left": "PR-1,PR-5", "center": "PR-2,PR-3", "right": "PR-4"},
    )
    g.do("french", "/end")
    g.do("allied", "/battle-move unit:PR-5 to:across-left")
    g.do("allied", "/end")
    g.do("french", "/end")  # FR-11 does not fire in its first turn: the charge is gone (rulings 8.3)
    g.do("allied", "/end")
    g.dice(6, 6, 6)
    g.do("french", "/fire unit:FR-11")
    assert g.view("allied").last_fire["class"] == {"3rd": "DF", "3.4": "F2"}[ruleset]


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_8_3_artillery_long_range_single_not_at_an_engaged_column(ruleset):
    f = start(ruleset, att_cols={"left": "FR-1", "center": "FR-2", "right": "FR-3,FR-16", "reserve": "FR-11"})
    f.dice(*ONE[ruleset][:3])  # 3 cv artillery at single fire: one hit
    f.do("french", "/fire unit:FR-16")  # the French Right faces the Allied Left (PR-1)
    assert f.cv("PR-1") == 3
    assert f.view("allied").last_fire["range"] == "long"
    f.do("french", "/battle-move unit:FR-3 to:across-right")  # now the Allied Left is engaged
    f.do("french", "/end")
    f.do("allied", "/end")
    f.rejects("french", "/fire unit:FR-16", "8.3")


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_8_3_artillery_short_range_double_right_after_the_enemy_engaged_then_single(ruleset):
    f = start(
        ruleset,
        att_cols={"left": "FR-1", "center": "FR-2", "right": "FR-3,FR-16", "reserve": "FR-11"},
        dfn="PR-1,PR-2,PR-3,PR-4,PR-5",
        def_cols={"left": "PR-1,PR-5", "center": "PR-2,PR-3", "right": "PR-4"},
    )
    f.do("french", "/end")
    f.do("allied", "/battle-move unit:PR-5 to:across-left")
    f.do("allied", "/end")
    f.dice(6, 6, 6)
    f.do("french", "/fire unit:FR-16")
    fire = f.view("allied").last_fire
    assert fire["range"] == "short" and fire["class"] == {"3rd": "DF", "3.4": "F2"}[ruleset]
    f.do("french", "/end")
    f.do("allied", "/end")
    f.dice(6, 6, 6)
    f.do("french", "/fire unit:FR-16")
    assert f.view("allied").last_fire["class"] == {"3rd": "SF", "3.4": "F1"}[ruleset]


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_faq_6_artillery_fires_at_one_formation_square_double_or_cavalry_single(ruleset):
    roll = {"3rd": [5, 5, 6], "3.4": [2, 2, 1]}[ruleset]

    def setup():
        g = start(
            ruleset,
            att_cols={"left": "FR-1", "center": "FR-2", "right": "FR-3,FR-16", "reserve": "FR-11"},
            dfn="PR-1,PR-2,PR-3,PR-4,PR-11",
            def_cols={"left": "PR-1,PR-11", "center": "PR-2,PR-3", "right": "PR-4"},
            cv={"PR-1": 3},
        )
        g.do("french", "/end")
        g.do("allied", "/square unit:PR-1")
        g.do("allied", "/end")
        return g

    f = setup()
    e = f.rejects("french", "/fire unit:FR-16", "8.5")
    assert "target:" in e.message
    f.dice(*roll)
    f.do("french", "/fire unit:FR-16 target:square")  # double fire at the square: 3 hits
    assert f.unit("PR-1").eliminated and f.cv("PR-11") == 3
    assert f.view("allied").last_fire["hits"] == 3
    g = setup()
    g.dice(*roll)
    g.do("french", "/fire unit:FR-16 target:line")  # single fire at the cavalry: 1 hit
    assert g.cv("PR-11") == 2 and g.cv("PR-1") == 3


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_8_5_artillery_doubles_at_a_square_at_long_range_only(ruleset):
    """8.5 「砲兵が方陣を射撃(長射程)するとDF」: double fire at a square is for long range. At short range the
    artillery fires at a square as at any other target: single once its close double fire (8.3) is past."""
    f = start(
        ruleset,
        att_cols={"left": "FR-1", "center": "FR-2,FR-16", "right": "FR-3", "reserve": "FR-11"},
    )
    f.do("french", "/end")
    f.do("allied", "/battle-move unit:PR-2 to:across-center")  # engages the French Center: short range
    f.do("allied", "/end")
    f.do("french", "/end")  # FR-16's close double fire (the battle turn right after) is not used
    f.do("allied", "/square unit:PR-2")  # in square, on the French Center
    f.do("allied", "/end")
    f.dice(*[MISS[ruleset]] * 3)
    f.do("french", "/fire unit:FR-16")
    fire = f.view("allied").last_fire
    assert (fire["range"], fire["formation"]) == ("short", "square")
    assert fire["class"] == {"3rd": "SF", "3.4": "F1"}[ruleset]


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_8_5_squares_cavalry_single_no_charge_infantry_double_square_fires_single(ruleset):
    f = start(
        ruleset,
        dfn="PR-1,PR-2,PR-3,PR-4,PR-5",
        def_cols={"left": "PR-1", "center": "PR-2,PR-3,PR-5", "right": "PR-4"},
    )
    f.do("french", "/battle-move unit:FR-11 to:center")
    f.do("french", "/battle-move unit:FR-11 to:across-center")
    f.do("french", "/battle-move unit:FR-16 to:center")
    f.do("french", "/battle-move unit:FR-2 to:across-center")
    f.do("french", "/end")
    f.do("allied", "/square unit:PR-2")
    f.rejects("allied", "/fire unit:PR-2", "8.3")  # forming square was its combat move
    f.do("allied", "/square unit:PR-3")
    f.do("allied", "/end")
    f.dice(*[MISS[ruleset]] * 3)
    f.do("french", "/fire unit:FR-11 target:square")
    fire = f.view("allied").last_fire
    assert fire["class"] == {"3rd": "SF", "3.4": "F1"}[ruleset] and not fire["charge"]
    f.dice(*[MISS[ruleset]] * 4)
    f.do("french", "/fire unit:FR-2 target:square")
    assert f.view("allied").last_fire["class"] == {"3rd": "DF", "3.4": "F2"}[ruleset]
    f.do("french", "/end")
    f.dice(*[MISS[ruleset]] * 4)
    f.do("allied", "/fire unit:PR-2")
    assert f.view("french").last_fire["class"] == {"3rd": "SF", "3.4": "F1"}[ruleset]


def test_digest_21_3rd_squares_make_no_other_combat_move_3_4_squares_may():
    for ruleset, ok in (("3rd", False), ("3.4", True)):
        f = start(ruleset)
        f.do("french", "/square unit:FR-1")
        f.do("french", "/end")
        f.do("allied", "/end")
        if ok:
            f.do("french", "/battle-move unit:FR-11 to:left")
            f.do("french", "/battle-move unit:FR-1 to:across-left")
            assert f.unit("FR-1").in_square
        else:
            f.rejects("french", "/battle-move unit:FR-1 to:across-left", "8.5")
            f.do("french", "/unsquare unit:FR-1")
            assert not f.unit("FR-1").in_square


def test_digest_23_3rd_a_square_hides_its_face_3_4_shows_it():
    for ruleset, visible in (("3rd", False), ("3.4", True)):
        f = start(ruleset)
        f.do("french", "/square unit:FR-1")
        left = f.view("allied").side("french").left
        assert [(x.known, x.in_square) for x in left] == [(visible, True)]
        assert (left[0].cv == 4) is visible
        assert f.view("french").side("french").left[0].known  # the owner always sees it


def test_10_0_a_leader_that_must_take_a_hit_is_killed_and_napoleon_ends_the_game():
    f = start(
        "3.4",
        att="FR-1,FR-2,FR-3,FR-11,FR-16,NAP",
        cv={"FR-2": 1},
        att_cols={"left": "FR-1", "center": "FR-2,FR-16,NAP", "right": "FR-3", "reserve": "FR-11"},
    )
    f.do("french", "/battle-move unit:FR-2 to:across-center")
    f.do("french", "/battle-move unit:NAP to:across-center")
    f.do("french", "/end")
    f.dice(1, 1, 6, 6)  # 2 hits: FR-2 and NAP tie at 1; the leader goes last; then Napoleon
    f.do("allied", "/fire unit:PR-2")
    assert f.unit("FR-2").eliminated and f.unit("NAP").eliminated
    assert f.state.phase == "over" and f.state.result.winner == "allied"
    assert f.active() == [] and f.legal("allied") == []


def test_13_3_only_one_corps_infantry_fires_in_an_engaged_column_per_battle_turn():
    def setup(option):
        g = start(
            "3.4",
            dfn="PR-1,PR-2,PR-3,PR-4,PR-5,PR-11",
            def_cols={"left": "PR-1", "center": "PR-2,PR-3,PR-5,PR-11", "right": "PR-4"},
            corps_restriction=option,
        )
        french_engages_center(g)
        return g

    f = setup(True)  # PR-3 and PR-5 are I Corps, PR-2 II Corps (toy order of battle)
    f.do("allied", "/fire unit:PR-3")
    f.do("allied", "/fire unit:PR-5")
    e = f.rejects("allied", "/fire unit:PR-2", "13.3")
    assert "I Corps" in e.message
    f.do("allied", "/fire unit:PR-11")  # cavalry is exempt
    assert "/fire unit:PR-2" not in f.legal("allied")
    g = setup(False)
    g.do("allied", "/fire unit:PR-3")
    g.do("allied", "/fire unit:PR-2")
