"""13.1 (docs/rulings.md, 6.2 Set-up, "Three players"): in a battle with British and Prussian blocks, each
Allied player deploys and orders only its own blocks and neither sees the other's hidden faces; the British
choose first in a regroup."""

from __future__ import annotations

from support.battlefield import Fight

ATT = ["FR-1", "FR-2", "FR-3", "FR-4", "FR-11", "FR-16"]
DEF = ["BR-1", "BR-2", "BR-11", "PR-1", "PR-2", "PR-11"]


def mixed() -> Fight:
    f = Fight(ATT, DEF, players=3)
    assert set(f.active()) == {"british", "prussian"}  # both defend, each its own blocks
    f.rejects("british", "/deploy left:BR-1 center:PR-1 right:BR-2 reserve:BR-11", "6.2")
    f.do("british", "/deploy left:BR-1 center:BR-2 reserve:BR-11")
    # the British deployment is secret from the Prussian player too
    pv = f.view("prussian").side("allied")
    assert not any(x.known and x.army == "british" for x in pv.left + pv.center + pv.right + pv.reserve)
    f.rejects("prussian", "/deploy left:PR-1 center:PR-2 reserve:PR-11", "6.2")  # the Right would stay empty
    f.do("prussian", "/deploy right:PR-1 center:PR-2 reserve:PR-11")
    assert f.active() == ["french"]
    f.do("french", "/deploy left:FR-1 center:FR-2,FR-16 right:FR-3 reserve:FR-4,FR-11")
    return f


def test_13_1_each_allied_player_deploys_its_own_blocks_and_sees_only_its_own_reserve():
    f = mixed()
    bv = f.view("british").side("allied")
    assert [(x.army, x.known) for x in bv.reserve] == [("british", True), ("prussian", False)]
    pv = f.view("prussian").side("allied")
    assert [(x.army, x.known) for x in pv.reserve] == [("british", False), ("prussian", True)]
    assert {x.id for x in pv.left + pv.center + pv.right} == {"BR-1", "BR-2", "PR-1", "PR-2"}  # revealed line
    for role in ("prussian", "french", "public"):
        assert all("BR-11" not in str(e.visible(role)) for e in f.state.events)
    assert any("BR-11" in str(e.visible("british")) for e in f.state.events)


def test_13_1_both_allies_act_in_their_battle_turn_each_with_its_own_blocks():
    f = mixed()
    f.do("french", "/end")
    assert set(f.active()) == {"british", "prussian"}
    f.rejects("british", "/battle-move unit:PR-11 to:left", "8.1")
    f.do("british", "/battle-move unit:BR-11 to:left")
    f.do("british", "/end")
    assert f.active() == ["prussian"] and f.b.turn_side == "allied"
    f.do("prussian", "/battle-move unit:PR-11 to:right")
    f.do("prussian", "/end")
    assert f.active() == ["french"] and f.b.battle_turn == 3


def test_decision_8_the_british_choose_first_in_a_mixed_regroup():
    f = Fight(
        ["BR-1", "BR-2", "PR-1", "PR-2"],
        ["FR-1", "FR-2", "FR-3"],
        players=3,
        attacker="allied",
        passed=("Sombreffe",),
        others={"BR-3": "Sombreffe", "PR-3": "Sombreffe"},
        cv={"FR-2": 1},
    )
    f.do("french", "/deploy left:FR-1 center:FR-2 right:FR-3")
    f.do("british", "/deploy left:BR-1 center:BR-2")
    f.do("prussian", "/deploy right:PR-1 reserve:PR-2")
    f.do("prussian", "/battle-move unit:PR-2 to:center")
    f.b.pos["BR-2"] = "french:center"  # BR-2 engages FR-2; PR-2 holds the Allied Center
    f.do("british", "/end")
    f.do("prussian", "/end")
    f.dice(5)  # FR-2's morale holds
    f.do("french", "/end")
    f.dice(1, 6, 6, 6)
    f.do("british", "/fire unit:BR-2")  # FR-2 eliminated: the French Center empties, rout
    assert f.b.status == "regroup" and f.active() == ["british"]
    f.do("british", "/regroup units:BR-3 from:Sombreffe")
    assert f.active() == ["prussian"]  # nothing more for the British: the Prussians regroup
    f.rejects("prussian", "/regroup units:PR-1 to:Sombreffe", "7.6")  # the British chose to reinforce
    f.do("prussian", "/regroup units:PR-3 from:Sombreffe")  # the major road's 2 are used: the regroup closes
    assert f.b.over and f.b.victor == "allied"
