"""6.2 battle set-up, 6.3 battle turns and phases, 6.4 multiple battles, the /orders list."""

from __future__ import annotations

import pytest
from support.battlefield import Fight, fight

from engine.napoleon import battle as B
from engine.napoleon.state import Attack

ATT = "FR-1,FR-2,FR-3,FR-11,FR-16"
DEF = "PR-1,PR-2,PR-3,PR-4"


def example() -> Fight:
    """6.2 example: the defender 1 / 2 / 1; the attacker 1 / 1 / 1 and 2 in Reserve."""
    return fight(
        ATT,
        DEF,
        att_cols={"left": "FR-1", "center": "FR-2", "right": "FR-3", "reserve": "FR-11,FR-16"},
        def_cols={"left": "PR-1", "center": "PR-2,PR-3", "right": "PR-4"},
    )


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_6_2_example_defender_deploys_first_in_secret_then_attacker_then_line_revealed(ruleset):
    f = Fight(ATT.split(","), DEF.split(","), ruleset=ruleset)
    assert f.active() == ["allied"]  # the defender deploys first
    f.rejects("french", "/deploy left:FR-1 center:FR-2 right:FR-3 reserve:FR-11,FR-16", "6.2")
    f.deploy("allied", left="PR-1", center="PR-2,PR-3", right="PR-4")
    # secret until both sides have deployed: the attacker sees four hidden blocks, no columns
    fv = f.view("french").side("allied")
    assert (fv.left, fv.center, fv.right) == ((), (), ())
    assert fv.reserve_count == 4 and not any(x.known for x in fv.reserve)
    assert all("PR-" not in str(e.visible("french")) for e in f.state.events)
    # the owner sees its own deployment
    av = f.view("allied").side("allied")
    assert [x.id for x in av.center] == ["PR-2", "PR-3"]
    assert f.active() == ["french"]
    f.deploy("french", left="FR-1", center="FR-2", right="FR-3", reserve="FR-11,FR-16")
    f.rejects("allied", "/deploy left:PR-1 center:PR-2 right:PR-3,PR-4", "6.2")  # too late to change
    view = f.view("allied")
    fr = view.side("french")
    assert [(x.id, x.type, x.cv) for x in fr.left + fr.center + fr.right] == [
        ("FR-1", "infantry", 4),
        ("FR-2", "infantry", 4),
        ("FR-3", "infantry", 4),
    ]
    assert fr.reserve_count == 2 and not any(x.known for x in fr.reserve)  # reserves stay hidden
    assert [x.id for x in view.side("allied").center] == ["PR-2", "PR-3"]
    assert view.status == "fighting" and view.battle_turn == 1 and view.turn_side == "french"


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_6_2_the_defender_may_change_its_deployment_until_the_attacker_starts_placing(ruleset):
    """6.2 「防御側は一度攻撃側が配置を始めたら、その配置を変更することはできません」: until then it may —
    a second /deploy replaces the first; once the attacker has deployed, it is refused, naming 6.2."""
    f = Fight(ATT.split(","), DEF.split(","), ruleset=ruleset)
    f.deploy("allied", left="PR-1", center="PR-2,PR-3", right="PR-4")
    f.deploy("allied", left="PR-1,PR-2", center="PR-3", right="PR-4")  # changed: the second stands
    assert [x.id for x in f.view("allied").side("allied").left] == ["PR-1", "PR-2"]
    assert f.active() == ["french"]
    fv = f.view("french").side("allied")
    assert (fv.left, fv.center, fv.right) == ((), (), ()) and fv.reserve_count == 4  # still secret
    assert all("PR-" not in str(e.visible("french")) for e in f.state.events)
    f.deploy("french", left="FR-1", center="FR-2", right="FR-3", reserve="FR-11,FR-16")
    e = f.rejects("allied", "/deploy left:PR-1 center:PR-2 right:PR-3,PR-4", "6.2")
    assert "attacker has started deploying" in e.message
    assert (f.spot("PR-1"), f.spot("PR-2"), f.spot("PR-3")) == ("allied:left", "allied:left", "allied:center")


def test_6_2_three_players_the_defence_may_change_until_the_first_attacking_ally_places():
    """6.2 with 13.1: the French defend against both allies; they may change until the British (the first
    attacking ally to place) have deployed, even though the Prussians have not yet."""
    att = ["BR-1", "BR-2", "PR-1", "PR-2"]
    dfn = ["FR-1", "FR-2", "FR-3"]
    f = Fight(att, dfn, players=3, attacker="allied")
    f.do("french", "/deploy left:FR-1 center:FR-2 right:FR-3")
    f.do("french", "/deploy left:FR-3 center:FR-2 right:FR-1")
    assert f.spot("FR-3") == "french:left"
    f.do("british", "/deploy left:BR-1 center:BR-2")
    f.rejects("french", "/deploy left:FR-1 center:FR-2 right:FR-3", "6.2")
    f.do("prussian", "/deploy right:PR-1 reserve:PR-2")
    assert f.b.status == "fighting" and f.spot("FR-3") == "french:left"


def test_6_2_each_line_column_needs_a_block_and_every_block_is_placed():
    f = Fight(ATT.split(","), DEF.split(","))
    e = f.rejects("allied", "/deploy left:PR-1 center:PR-2,PR-3,PR-4", "6.2")
    assert "at least one" in e.message
    e = f.rejects("allied", "/deploy left:PR-1 center:PR-2 right:PR-3", "6.2")
    assert "PR-4" in e.message
    f.rejects("allied", "/deploy left:PR-1 center:PR-2 right:PR-3 reserve:PR-4,FR-1", "6.2")


def test_10_2_one_leader_per_side_in_the_line_the_other_waits_in_reserve():
    """10.2 「1つの会戦には1人の指揮官しか配置することができません」, read per side (rulings 10.2):
    Napoleon stands in the line against Blücher; Wellington waits in the Allied Reserve."""
    f = Fight([*ATT.split(","), "NAP"], [*DEF.split(","), "BLU", "WEL"])
    f.rejects("allied", "/deploy left:PR-1,BLU center:PR-2,PR-3 right:PR-4,WEL", "10.2")
    f.deploy("allied", left="PR-1,BLU", center="PR-2,PR-3", right="PR-4", reserve="WEL")
    f.deploy("french", left="FR-1", center="FR-2,NAP", right="FR-3", reserve="FR-11,FR-16")
    assert (f.spot("NAP"), f.spot("BLU")) == ("french:center", "allied:left")
    f.do("french", "/end")
    f.rejects("allied", "/battle-move unit:WEL to:center", "10.2")
    f.do("allied", "/battle-move unit:BLU to:reserve")
    f.do("allied", "/battle-move unit:WEL to:center")


def test_6_3_the_attacker_takes_battle_turn_1_then_the_sides_alternate():
    f = example()
    assert f.active() == ["french"] and f.b.battle_turn == 1
    f.rejects("allied", "/end", "6.3")
    f.do("french", "/end")
    assert f.active() == ["allied"] and f.b.battle_turn == 2 and f.b.turn_side == "allied"
    f.do("allied", "/end")
    assert f.active() == ["french"] and f.b.battle_turn == 3


def test_6_3_a_later_phase_closes_the_earlier_ones():
    f = example()
    f.do("french", "/battle-move unit:FR-11 to:left")  # the combat phase closes the retreat phase
    assert f.b.phase == "combat"
    f.rejects("french", "/retreat units:FR-16 to:Fleurus", "7.0")
    f.unit("FR-12").location = "Fleurus"
    f.do("french", "/reinforce units:FR-12 from:Fleurus")  # the reinforcement phase closes combat
    f.rejects("french", "/fire unit:FR-1", "6.3")
    assert f.spot("FR-12") == "french:reserve"


def test_8_0_a_block_moves_or_fires_not_both_and_infantry_moves_once():
    f = example()
    f.do("french", "/battle-move unit:FR-16 to:center")
    f.do("french", "/battle-move unit:FR-2 to:across-center")
    f.rejects("french", "/fire unit:FR-2", "8.3")
    f.rejects("french", "/battle-move unit:FR-2 to:center", "8.2")


def test_orders_list_applies_in_order_and_stops_at_the_first_illegal_item_keeping_the_earlier():
    f = example()
    f.do("french", '/orders list:"FR-16>center; FR-2>across-center; fire FR-2; FR-11>right"')
    assert f.spot("FR-16") == "french:center" and f.spot("FR-2") == "allied:center"
    assert f.spot("FR-11") == "french:reserve"  # the item after the failing one was not applied
    stopped = f.events("orders_stopped")[-1]
    assert stopped.data["item"] == 3 and stopped.data["done"] == 2
    assert "moved" in stopped.secret["error"] and stopped.to == frozenset({"french"})
    # an illegal first item rejects the whole order, naming the item
    e = f.rejects("french", '/orders list:"fire FR-11; FR-11>right"', "8.3")
    assert "item 1" in e.message


def test_6_4_multiple_battles_the_attacker_chooses_and_a_round_finishes_first():
    f = example()
    # a second battle at Sombreffe (toy map), attacked this turn as well
    for uid in ("FR-4", "FR-5", "FR-6"):
        f.unit(uid).location = "Sombreffe"
    for uid in ("PR-5", "PR-6", "PR-7"):
        f.unit(uid).location = "Sombreffe"
    ctx = f.ctx()
    B.start_battle(ctx, Attack("Sombreffe", "french", ["FR-4", "FR-5", "FR-6"], ["Ligny"], ["Ligny"]))
    f.do("allied", "/deploy left:PR-5 center:PR-6 right:PR-7")
    f.do("french", "/deploy left:FR-4 center:FR-5 right:FR-6")
    assert "battle:Ligny" in " ".join(f.legal("french")) and "battle:Sombreffe" in " ".join(f.legal("french"))
    e = f.rejects("french", "/end", "6.4")
    assert "Ligny" in e.message and "Sombreffe" in e.message
    f.do("french", "/end battle:Sombreffe")  # the attacker chooses Sombreffe
    # the defender replies there before anything else moves (FAQ 7: a whole battle turn, 4 phases)
    assert f.active() == ["allied"]
    f.rejects("french", "/battle-move unit:FR-11 to:left battle:Ligny", "6.4")
    f.do("allied", "/end")
    assert f.active() == ["french"]
    f.do("french", "/battle-move unit:FR-11 to:left")  # the unit names the battle: Ligny
    f.rejects("french", "/end battle:Sombreffe", "6.4")  # Ligny's round must finish first
    f.do("french", "/end battle:Ligny")
    f.do("allied", "/end")
    assert {b.town: b.battle_turn for b in f.state.battles} == {"Ligny": 3, "Sombreffe": 3}
