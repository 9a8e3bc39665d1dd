"""The behavioural differences between the editions [3rd] and [3.4] that concern battles (numbered as in
the edition-difference table that docs/digest-vs-original.md checks), each in both editions, and FAQ 2
on the battle board. (Differences 1, 13, 21, 23, 25 are in test_battle_fire / test_battle_turns.)"""

from __future__ import annotations

import pytest
from support.battlefield import fight

from engine.napoleon.state import road_key


def start(
    ruleset, att="FR-1,FR-2,FR-3,FR-11,FR-16", dfn="PR-1,PR-2,PR-3,PR-4", att_cols=None, def_cols=None, **kw
):
    return fight(
        att,
        dfn,
        ruleset=ruleset,
        att_cols=att_cols or {"left": "FR-1", "center": "FR-2", "right": "FR-3", "reserve": "FR-11,FR-16"},
        def_cols=def_cols or {"left": "PR-1", "center": "PR-2,PR-3", "right": "PR-4"},
        **kw,
    )


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_digest_15_artillery_may_engage_in_3rd_not_in_3_4(ruleset):
    f = start(ruleset, att_cols={"left": "FR-1", "center": "FR-2", "right": "FR-3,FR-16", "reserve": "FR-11"})
    if ruleset == "3rd":
        f.do("french", "/battle-move unit:FR-16 to:across-right")
        assert f.spot("FR-16") == "allied:left"
    else:
        e = f.rejects("french", "/battle-move unit:FR-16 to:across-right", "8.1")
        assert "artillery" in e.message
        assert "/battle-move unit:FR-16 to:across-right" not in f.legal("french")


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_digest_16_cavalry_engage_and_disengage_in_one_battle_turn_only_in_3_4(ruleset):
    f = start(ruleset, att_cols={"left": "FR-1", "center": "FR-2,FR-11", "right": "FR-3", "reserve": "FR-16"})
    f.do("french", "/battle-move unit:FR-11 to:across-center")
    if ruleset == "3rd":
        f.rejects("french", "/battle-move unit:FR-11 to:center", "8.2")
    else:
        f.do("french", "/battle-move unit:FR-11 to:center")
        assert f.spot("FR-11") == "french:center"


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_8_2_cavalry_makes_two_combat_moves_infantry_one(ruleset):
    f = start(ruleset)
    f.do("french", "/battle-move unit:FR-11 to:right")  # 8.2 example: Reserve -> Right, then engage
    f.do("french", "/battle-move unit:FR-11 to:across-right")
    f.rejects("french", "/battle-move unit:FR-11 to:right", "8.2")
    f.do("french", "/battle-move unit:FR-16 to:left")
    f.rejects("french", "/battle-move unit:FR-16 to:reserve", "8.2")


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_digest_5_leaders_retreat_two_towns_in_both_editions(ruleset):
    f = start(
        ruleset,
        dfn="PR-1,PR-2,PR-3,PR-4,BLU",
        def_cols={"left": "PR-1", "center": "PR-2,PR-3", "right": "PR-4", "reserve": "BLU"},
    )
    f.do("french", "/end")
    f.do("allied", "/retreat units:BLU to:Gembloux")
    assert f.unit("BLU").location == "Gembloux"


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_digest_22_a_square_may_retreat_in_both_editions(ruleset):
    f = start(
        ruleset, dfn="PR-1,PR-2,PR-3,PR-4", def_cols={"left": "PR-1", "center": "PR-2,PR-3", "right": "PR-4"}
    )
    f.do("french", "/end")
    f.do("allied", "/square unit:PR-3")
    f.do("allied", "/end")
    f.do("french", "/end")
    f.do("allied", "/retreat units:PR-3 to:Sombreffe")
    assert f.unit("PR-3").location == "Sombreffe" and not f.unit("PR-3").in_square


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_digest_26_27_faq_3_reinforcements_ignore_rivers_and_movement_traffic(ruleset):
    f = start(ruleset, others={"FR-4": "Fleurus", "FR-5": "Fleurus"})
    f.state.movement.road_use[road_key("Fleurus", "Ligny")] = (
        10  # the Fleurus road crosses a river, and is full
    )
    f.do("french", "/reinforce units:FR-4,FR-5 from:Fleurus")
    assert f.spot("FR-5") == "french:reserve"


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_faq_2_on_the_board_cavalry_retreating_from_enemy_cavalry_loses_1_cv(ruleset):
    # the lone-cavalry ruling on the battle board: British cavalry in the Center, French cavalry engages it
    for french_cav, loss in ((True, 1), (False, 0)):
        f = fight(
            "FR-1,FR-2,FR-3,FR-11",
            "BR-1,BR-11,BR-3",
            ruleset=ruleset,
            att_cols={"left": "FR-1", "center": "FR-2,FR-11", "right": "FR-3"},
            def_cols={"left": "BR-1", "center": "BR-11", "right": "BR-3"},
        )
        f.do(
            "french",
            "/battle-move unit:FR-11 to:across-center"
            if french_cav
            else "/battle-move unit:FR-2 to:across-center",
        )
        f.do("french", "/end")
        f.do("allied", "/retreat units:BR-11 to:Sombreffe")
        assert f.cv("BR-11") == 3 - loss
