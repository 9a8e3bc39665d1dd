"""8.6 morale, 7.0-7.4 retreat, 7.5 rout, 9.0-9.2 reinforcement, 7.6 end of battle and regroup, the end of
every battle (docs/rulings.md, 6.3: a stalled attack routs), and the worked examples of 7.4 (8 units over
three battle turns)."""

from __future__ import annotations

import pytest
from support.battlefield import fight

from engine.napoleon.state import road_key

MISS = {"3rd": 1, "3.4": 6}


def start(
    ruleset="3.4",
    att="FR-1,FR-2,FR-3,FR-11,FR-16",
    dfn="PR-1,PR-2,PR-3,PR-4",
    att_cols=None,
    def_cols=None,
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


# --- 8.6 morale ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_8_6_an_engaged_1_cv_block_failing_morale_disengages_at_once_and_cannot_fire(ruleset):
    f = start(ruleset, cv={"PR-2": 1})
    f.do("french", "/battle-move unit:FR-16 to:center")
    f.do("french", "/battle-move unit:FR-2 to:across-center")
    f.dice(3)  # 1-3 fails
    f.do("french", "/end")
    assert f.events("dice")[-1].data["why"] == "morale (8.6)"
    assert f.spot("PR-2") == "allied:reserve" and f.b.acts["PR-2"] == ["forced"]
    f.rejects("allied", "/fire unit:PR-2", "8.3")
    f.do("allied", "/fire unit:PR-3")  # the 4-cv block does not check


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_8_6_morale_passes_on_4_to_6_and_only_the_battle_turn_sides_blocks_check(ruleset):
    f = start(ruleset, cv={"PR-2": 1, "FR-2": 1})
    f.do("french", "/battle-move unit:FR-16 to:center")
    f.do("french", "/battle-move unit:FR-2 to:across-center")
    f.dice(4)
    f.do("french", "/end")
    assert [e.data.get("unit") for e in f.events("dice")] == ["PR-2"]  # FR-2 (French) does not check now
    assert f.spot("PR-2") == "allied:center"


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_faq_11_the_leader_gives_plus_1_in_its_lane_without_being_engaged(ruleset):
    def run(leader_col, leader="BLU"):
        g = start(
            ruleset,
            dfn=f"PR-1,PR-2,PR-3,PR-4,PR-5,{leader}",
            cv={"PR-5": 1},
            def_cols={
                "left": f"PR-1,PR-5{',' + leader if leader_col == 'left' else ''}",
                "center": f"PR-2,PR-3{',' + leader if leader_col == 'center' else ''}",
                "right": "PR-4",
            },
        )
        g.do("french", "/end")
        g.do("allied", "/battle-move unit:PR-5 to:across-left")  # into the French Right
        g.do("allied", "/end")
        g.do("french", "/end")
        return g

    f = run("left")  # Blücher stays in the Allied Left, the lane PR-5 fights in
    # the morale roll happened when the Allied battle turn began
    morale = [e for e in f.events("dice") if e.data["why"] == "morale (8.6)"]
    assert morale[-1].data["bonus"] == 1
    g = run("center")  # another lane: no bonus
    assert [e for e in g.events("dice") if e.data["why"] == "morale (8.6)"][-1].data["bonus"] == 0
    h = run("left", leader="WEL")  # 10.0: Wellington commands British units only
    assert [e for e in h.events("dice") if e.data["why"] == "morale (8.6)"][-1].data["bonus"] == 0


def test_faq_11_plus_1_turns_a_3_into_a_pass():
    f = start(
        "3.4",
        dfn="PR-1,PR-2,PR-3,PR-4,PR-5,BLU",
        cv={"PR-5": 1},
        def_cols={"left": "PR-1,PR-5,BLU", "center": "PR-2,PR-3", "right": "PR-4"},
    )
    f.do("french", "/end")
    f.do("allied", "/battle-move unit:PR-5 to:across-left")
    f.do("allied", "/end")
    f.dice(3)
    f.do("french", "/end")
    assert f.spot("PR-5") == "french:right"  # 3 + 1 = 4 passes


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_digest_25_3rd_a_leader_alone_in_an_engaged_column_checks_morale(ruleset):
    f = start(
        ruleset,
        att="FR-1,FR-2,FR-3,FR-11,NAP",
        att_cols={"left": "FR-1", "center": "FR-2", "right": "NAP", "reserve": "FR-3,FR-11"},
        dfn="PR-1,PR-2,PR-3,PR-4,PR-5",
        def_cols={"left": "PR-1,PR-5", "center": "PR-2,PR-3", "right": "PR-4"},
    )
    f.do("french", "/end")
    f.do("allied", "/battle-move unit:PR-5 to:across-left")  # engages Napoleon alone in the French Right
    f.dice(2)
    f.do("allied", "/end")
    if ruleset == "3rd":
        assert f.events("dice")[-1].data == {
            "why": "morale (8.6)",
            "dice": [2],
            "town": "Ligny",
            "bonus": 0,
            "need": 4,  # 8.6: 1-3 fails
            "unit": "NAP",
            "army": "french",
        }
        assert f.b.status != "fighting" and f.b.victor == "allied"  # he withdrew: the Right is empty, rout
    else:
        assert not f.events("dice") and f.spot("NAP") == "french:right"


# --- 7.0-7.4 retreat ----------------------------------------------------------------------------------------


def test_7_1_attacker_retreats_where_it_came_from_or_friends_are_defender_elsewhere_never_to_enemy():
    f = start("3.4", others={"PR-9": "Saint-Amand"})
    legal = f.legal("french")
    assert {x.split("to:")[1] for x in legal if x.startswith("/retreat units:FR-1 ")} == {"Fleurus"}
    f.do("french", "/end")
    dests = {x.split("to:")[1] for x in f.legal("allied") if x.startswith("/retreat units:PR-1 ")}
    assert dests == {"Sombreffe", "Saint-Amand", "Tongrinne"}  # not Fleurus: the attacker's road
    f.rejects("allied", "/retreat units:PR-1 to:Fleurus", "7.1")


def test_7_2_two_units_per_major_one_per_minor_road_each_battle_turn_rivers_no_effect():
    f = start(
        "3.4",
        dfn="PR-1,PR-2,PR-3,PR-4,PR-5,PR-6,PR-7",
        def_cols={"left": "PR-1", "center": "PR-2", "right": "PR-3", "reserve": "PR-4,PR-5,PR-6,PR-7"},
    )
    f.do("french", "/end")
    f.do("allied", "/retreat units:PR-4,PR-5 to:Sombreffe")
    f.rejects("allied", "/retreat units:PR-6 to:Sombreffe", "7.2")
    f.do("allied", "/retreat units:PR-6 to:Tongrinne")
    f.rejects("allied", "/retreat units:PR-7 to:Tongrinne", "7.2")
    g = start("3.4", att_cols={"left": "FR-1", "center": "FR-2", "right": "FR-3", "reserve": "FR-11,FR-16"})
    g.do("french", "/retreat units:FR-11,FR-16 to:Fleurus")  # the Fleurus road crosses a river: still 2
    assert g.unit("FR-11").disrupted and g.unit("FR-16").retreated and g.unit("FR-16").location == "Fleurus"


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_7_3_infantry_one_town_cavalry_two_forced_march_retreat_only_in_3rd(ruleset):
    f = start(
        ruleset,
        dfn="PR-1,PR-2,PR-3,PR-4,PR-5,PR-11",
        def_cols={"left": "PR-1", "center": "PR-2", "right": "PR-3", "reserve": "PR-4,PR-5,PR-11"},
    )
    f.do("french", "/end")
    f.do("allied", "/retreat units:PR-11 to:Gembloux")  # cavalry: Ligny > Sombreffe > Gembloux
    assert f.unit("PR-11").location == "Gembloux"
    f.rejects("allied", "/retreat units:PR-4 to:Gembloux", "7.3")
    if ruleset == "3rd":
        f.dice(4)  # 4 - 1 = 3: a loss (5.5, 7.3)
        f.do("allied", "/retreat units:PR-4 to:Gembloux forced:yes")
        assert f.unit("PR-4").location == "Gembloux" and f.cv("PR-4") == 3
        f.dice(5)
        f.do("allied", "/retreat units:PR-5 to:Namur forced:yes")  # Ligny > Tongrinne > Namur
        assert f.cv("PR-5") == 4
    else:
        f.rejects("allied", "/retreat units:PR-4 to:Gembloux forced:yes", "7.3")


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_7_3_the_town_reached_by_a_two_town_retreat_obeys_7_1_in_both_editions(ruleset):
    """7.3: 「通過する町と到着する町の両方とも同じ退却方向ルールを守る」 ([3.4]); [3rd]
    「2つ以上先の町まで退却する場合、通過する町は退却可能な町でなければならない」 — a clarification, not a
    difference (docs/digest-vs-original.md): the same in both editions. The attacker's cavalry may not end in
    Charleroi, a town it never held nor passed."""
    f = start(ruleset)
    for u in f.state.units.values():
        if u.location == "Charleroi":
            u.location = "Wagnelee"  # park the French blocks of Charleroi elsewhere
    f.rejects("french", "/retreat units:FR-11 to:Charleroi", "7.3")
    legal = {x.split("to:")[1] for x in f.legal("french") if x.startswith("/retreat units:FR-11 ")}
    assert legal == {"Fleurus"}
    f.unit("FR-20").location = "Charleroi"  # a friendly-held town (7.1): now it may
    f.do("french", "/retreat units:FR-11 to:Charleroi")
    assert f.unit("FR-11").location == "Charleroi"


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_7_3_the_defender_may_not_retreat_two_towns_into_the_attackers_starting_town(ruleset):
    """7.1, 7.3: French units came into the battle from Gembloux (their starting town, left empty, is a town
    the attacker may retreat to); the Prussian cavalry may not retreat Ligny > Sombreffe > Gembloux, in [3rd]
    as in [3.4]. Namur (by Tongrinne) it may."""
    f = start(
        ruleset,
        dfn="PR-1,PR-2,PR-3,PR-4,PR-11",
        def_cols={"left": "PR-1", "center": "PR-2", "right": "PR-3", "reserve": "PR-4,PR-11"},
        passed=("Fleurus", "Gembloux"),
    )
    f.do("french", "/end")
    f.rejects("allied", "/retreat units:PR-11 to:Gembloux", "7.3")
    dests = {
        x.split("to:")[1]
        for x in f.legal("allied")
        if x.startswith("/retreat units:PR-11 ") and "forced" not in x
    }
    assert dests == {"Sombreffe", "Saint-Amand", "Tongrinne", "Wagnelee", "Namur"}
    f.do("allied", "/retreat units:PR-11 to:Namur")
    assert f.unit("PR-11").location == "Namur"


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_7_0_retreating_from_an_engaged_column_costs_the_rout_attrition(ruleset):
    f = start(
        ruleset,
        att="FR-1,FR-2,FR-3,FR-4,FR-11,FR-16,FR-17",
        att_cols={"left": "FR-1", "center": "FR-2,FR-4,FR-11,FR-17", "right": "FR-3", "reserve": "FR-16"},
        dfn="PR-1,PR-2,PR-3,PR-4,PR-5,PR-12",
        def_cols={"left": "PR-1", "center": "PR-2,PR-3,PR-5,PR-12", "right": "PR-4"},
    )
    f.do("french", "/end")
    f.do("allied", "/battle-move unit:PR-5 to:across-center")  # infantry engages the French Center
    f.do("allied", "/end")
    f.do("french", "/retreat units:FR-4,FR-11 to:Fleurus")
    assert f.cv("FR-4") == 3  # infantry 1
    assert f.cv("FR-11") == 3  # cavalry: no enemy cavalry there, no loss
    f.do("french", "/end")
    f.do("allied", "/battle-move unit:PR-12 to:across-center")
    f.do("allied", "/end")
    f.do("french", "/retreat units:FR-17 to:Fleurus")  # artillery 2: a 2-cv artillery block is eliminated
    assert f.unit("FR-17").eliminated
    assert f.spot("FR-2") == "french:center"


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_7_0_p1_7_0a_a_unit_leaving_an_engaged_column_routs_so_the_rout_road_limits_apply(ruleset):
    """The original: 「そのユニットは潰走し消耗します(7.5)」 — that unit routs: the rout attrition and
    the rout limits (10/6, halved across a river: 5 on the Fleurus road), apart from the 2/1 of 7.2."""
    f = start(
        ruleset,
        att="FR-1,FR-2,FR-3,FR-4,FR-5,FR-11,FR-16,FR-12",
        att_cols={
            "left": "FR-1",
            "center": "FR-2,FR-4,FR-5,FR-11",
            "right": "FR-3",
            "reserve": "FR-16,FR-12",
        },
        dfn="PR-1,PR-2,PR-3,PR-4,PR-5",
        def_cols={"left": "PR-1", "center": "PR-2,PR-3,PR-5", "right": "PR-4"},
    )
    f.do("french", "/end")
    f.do("allied", "/battle-move unit:PR-5 to:across-center")  # the French Center is engaged
    f.do("allied", "/end")
    before = f.cv("FR-4")
    f.do("french", "/retreat units:FR-4,FR-5,FR-11 to:Fleurus")  # 3 > the 2 of an ordinary retreat
    assert all(f.unit(u).location == "Fleurus" for u in ("FR-4", "FR-5", "FR-11"))
    assert f.cv("FR-4") == before - 1  # the rout attrition (7.5)
    assert f.b.rout_use == {road_key("Ligny", "Fleurus"): 3} and not f.b.retreat_use
    # the reserve is not engaged: its ordinary retreat still has the road's 2 (7.2)
    f.do("french", "/retreat units:FR-16,FR-12 to:Fleurus")
    assert f.b.retreat_use == {road_key("Ligny", "Fleurus"): 2}
    assert f.spot("FR-2") == "french:center"


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_7_5_routed_cavalry_and_leaders_may_go_two_towns_to_their_friends(ruleset):
    """7.5 「潰走は、…強制的な退却です」, 「…消耗を…適用してから、退却します」: a rout is a retreat, at
    the speed of 7.3 (「通常の移動速度で退却できます」: cavalry, and leaders, one town further). No friends
    next to Ligny, Prussians at Gembloux two towns off: the cavalry and Blücher rout on to them; the infantry
    stops after one town (Sombreffe: the major road, more room). The town passed through obeys 7.1
    (P1-7.5b)."""
    f = start(
        ruleset,
        dfn="PR-1,PR-2,PR-4,PR-11,PR-13,BLU",
        def_cols={"left": "PR-13", "center": "PR-2,PR-11,BLU", "right": "PR-4", "reserve": "PR-1"},
        others={"PR-5": "Gembloux"},
    )
    f.do("french", "/end")
    f.do("allied", "/retreat units:PR-13 to:Gembloux")  # the Left empties: the Allied side routs
    assert f.b.victor == "french"
    assert (f.unit("PR-11").location, f.unit("BLU").location) == ("Gembloux", "Gembloux")
    assert f.unit("PR-1").location == f.unit("PR-2").location == f.unit("PR-4").location == "Sombreffe"
    routed = [e.data for e in f.events("routed")]
    assert {(d["to"], d["road"]) for d in routed} == {
        ("Gembloux", road_key("Ligny", "Sombreffe")),
        ("Sombreffe", road_key("Ligny", "Sombreffe")),
    }
    # with friends next door too, they go there: friends first, then the nearer
    g = start(
        ruleset,
        dfn="PR-1,PR-2,PR-4,PR-11,PR-13",
        def_cols={"left": "PR-13", "center": "PR-2,PR-11", "right": "PR-4", "reserve": "PR-1"},
        others={"PR-5": "Gembloux", "PR-6": "Saint-Amand"},
    )
    g.do("french", "/end")
    g.do("allied", "/retreat units:PR-13 to:Gembloux")
    assert g.unit("PR-11").location == "Saint-Amand"


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_7_0_an_engaged_block_with_no_way_out_may_retreat_and_is_eliminated(ruleset):
    """7.0 「…交戦中なら、そのユニットは潰走し消耗します(7.5)」 and 7.5
    「(いかなる理由があっても)退却できなかったユニットは全滅します」: an engaged block that retreats routs; if
    no road leads to a town it may retreat to (the Prussians now hold Fleurus, the French way back), it takes
    the attrition and is eliminated. A block that is not engaged does not rout: its retreat to nowhere is
    refused (rulings 7.0)."""
    f = start(ruleset)
    f.do("french", "/battle-move unit:FR-16 to:center")
    f.do("french", "/battle-move unit:FR-2 to:across-center")
    f.do("french", "/end")
    f.do("allied", "/end")
    f.unit("PR-9").location = "Fleurus"  # the French way back is cut
    f.rejects("french", "/retreat units:FR-11 to:Fleurus", "7.1")  # the Reserve is not engaged: refused
    assert "/retreat units:FR-2 to:Fleurus" in f.legal("french")  # the only retreat order it has
    f.rejects("french", "/retreat units:FR-2 to:Gembloux", "7.5")  # a neighbouring town must be named
    events = f.do("french", "/retreat units:FR-2 to:Fleurus")
    assert f.unit("FR-2").eliminated and "FR-2" not in f.b.pos
    gone = [e.data for e in events if e.kind == "eliminated"]
    assert gone and gone[0]["unit"] == "FR-2" and "cannot retreat" in gone[0]["reason"]
    assert f.spot("FR-16") == "french:center" and f.b.status == "fighting"


# --- the 7.4 worked example: 8 units over three battle turns ------------------------------------------------


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_7_4_example_eight_units_retreat_over_three_battle_turns_the_last_three_rout_themselves(ruleset):
    # the defender has two retreat roads: Sombreffe (major, 2) and Saint-Amand (minor, 1); Tongrinne is French
    f = start(
        ruleset,
        dfn="PR-1,PR-2,PR-3,PR-4,PR-5,PR-11,PR-12,PR-13",
        def_cols={
            "left": "PR-1,PR-11",
            "center": "PR-2,PR-3,PR-12",
            "right": "PR-4,PR-13",
            "reserve": "PR-5",
        },
        others={"FR-9": "Tongrinne"},
    )
    f.do("french", "/end")
    f.do("allied", "/retreat units:PR-1,PR-2 to:Sombreffe")
    f.do("allied", "/retreat units:PR-5 to:Saint-Amand")
    f.rejects("allied", "/retreat units:PR-3 to:Sombreffe", "7.2")  # 3 a battle turn at most
    f.do("allied", "/end")
    f.do("french", "/end")
    f.do("allied", "/retreat units:PR-3,PR-4 to:Sombreffe")  # one block stays in each column
    f.do("allied", "/end")
    f.do("french", "/end")
    assert sorted(f.b.pos[u] for u in ("PR-11", "PR-12", "PR-13")) == [
        "allied:center",
        "allied:left",
        "allied:right",
    ]
    f.do("allied", "/retreat units:PR-11 to:Saint-Amand")  # the Left empties: the last cavalry rout
    assert f.events("rout")[-1].data["cause"].startswith("a line column emptied by retreat")
    assert (f.cv("PR-12"), f.cv("PR-13")) == (3, 3)  # cavalry not engaged with cavalry: no loss
    assert f.b.victor == "french" and not any(u.startswith("PR") for u in f.b.pos)
    retreated = [
        u
        for u in ("PR-1", "PR-2", "PR-3", "PR-4", "PR-5", "PR-11", "PR-12", "PR-13")
        if f.unit(u).location != "Ligny"
    ]
    assert len(retreated) == 8 and all(f.unit(u).disrupted for u in retreated)


# --- 7.5 rout -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_7_5_a_column_emptied_by_fire_routs_the_side_with_attrition_reserves_included(ruleset):
    f = start(
        ruleset,
        dfn="PR-1,PR-2,PR-4,PR-11,PR-16,PR-17,BLU",
        cv={"PR-2": 1},
        def_cols={"left": "PR-1,PR-11", "center": "PR-2", "right": "PR-4", "reserve": "PR-16,PR-17,BLU"},
        att="FR-1,FR-2,FR-3,FR-11,FR-16,FR-12",
        att_cols={"left": "FR-1", "center": "FR-2,FR-16", "right": "FR-3,FR-12", "reserve": "FR-11"},
    )
    f.do(
        "french", "/battle-move unit:FR-12 to:across-right"
    )  # French cavalry engages PR-11 in the Allied Left
    f.do("french", "/battle-move unit:FR-2 to:across-center")
    f.do("french", "/end")
    f.dice(4)  # PR-2's morale holds
    f.do("allied", "/end")
    hit = {"3rd": 6, "3.4": 1}[ruleset]
    f.dice(hit, MISS[ruleset], MISS[ruleset], MISS[ruleset])
    f.do("french", "/fire unit:FR-2")  # PR-2 eliminated: the Allied Center is empty: rout
    assert f.unit("PR-2").eliminated
    assert f.cv("PR-1") == 3 and f.cv("PR-4") == 3  # infantry 1
    assert f.cv("PR-11") == 2  # cavalry engaged with French cavalry: 1
    assert f.cv("PR-16") == 1  # artillery 2 (3 -> 1), in the Reserve too
    assert f.unit("PR-17").eliminated  # 2-cv artillery
    assert f.unit("BLU").location != "Ligny" and not f.unit("BLU").eliminated  # FAQ 5: the leader escapes
    assert f.b.victor == "french"


def test_7_5_units_that_cannot_get_away_are_eliminated():
    f = start(
        "3.4",
        others={"FR-7": "Sombreffe", "FR-8": "Saint-Amand", "FR-9": "Tongrinne"},
        cv={"PR-1": 1},
        att="FR-1,FR-2,FR-3,FR-11,FR-16",
        att_cols={"left": "FR-1", "center": "FR-2", "right": "FR-3,FR-16", "reserve": "FR-11"},
    )
    f.dice(6, 6, 1)
    f.do("french", "/fire unit:FR-16")  # long range at the Allied Left: PR-1 eliminated
    assert all(f.unit(u).eliminated for u in ("PR-1", "PR-2", "PR-3", "PR-4"))


# --- 9.0-9.2 reinforcement --------------------------------------------------------------------------------


def test_9_0_reinforcements_enter_the_reserve_2_per_major_1_per_minor_whatever_moved_before():
    f = start(
        "3.4",
        others={
            "FR-4": "Fleurus",
            "FR-5": "Fleurus",
            "FR-6": "Fleurus",
            "FR-7": "Saint-Amand",
            "FR-8": "Saint-Amand",
        },
    )
    f.state.movement.road_use[road_key("Fleurus", "Ligny")] = 10  # FAQ 3: the road was full in movement
    f.do("french", "/reinforce units:FR-4,FR-5 from:Fleurus")
    f.rejects("french", "/reinforce units:FR-6 from:Fleurus", "9.1")
    f.do("french", "/reinforce units:FR-7 from:Saint-Amand")
    f.rejects("french", "/reinforce units:FR-8 from:Saint-Amand", "9.1")
    assert f.spot("FR-4") == "french:reserve" and f.unit("FR-4").location == "Ligny"
    assert "Saint-Amand" in f.b.reinforced_from  # 7.1: now an attacker retreat town
    f.rejects("french", "/fire unit:FR-1", "6.3")  # the reinforcement phase closed the combat phase
    f.do("french", "/end")
    f.do("allied", "/end")
    assert "/battle-move unit:FR-4 to:left" in f.legal("french")  # acts from the next battle turn
    assert any(x.startswith("/reinforce units:FR-6 from:Fleurus") for x in f.legal("french"))  # a new limit


def test_9_2_disrupted_retreated_and_force_marched_units_cannot_reinforce_nor_units_facing_enemy():
    f = start(
        "3.4",
        others={
            "FR-4": "Fleurus",
            "FR-5": "Fleurus",
            "FR-6": "Fleurus",
            "FR-7": "Tongrinne",
            "PR-9": "Tongrinne",
        },
    )
    f.unit("FR-4").disrupted = True
    f.unit("FR-5").retreated = True
    f.unit("FR-6").force_marched = True
    f.rejects("french", "/reinforce units:FR-4 from:Fleurus", "7.4")
    f.rejects("french", "/reinforce units:FR-5 from:Fleurus", "9.2")
    f.rejects("french", "/reinforce units:FR-6 from:Fleurus", "5.5")
    f.rejects("french", "/reinforce units:FR-7 from:Tongrinne", "9.0")
    assert not [x for x in f.legal("french") if x.startswith("/reinforce")]


# --- 7.6 end of battle and regroup --------------------------------------------------------------------------


def won(ruleset, **kw):
    """The French rout the Prussians at once (a 1-cv block alone in the Allied Center is shot away)."""
    f = start(
        ruleset,
        cv={"PR-2": 1},
        dfn="PR-1,PR-2,PR-4",
        def_cols={"left": "PR-1", "center": "PR-2", "right": "PR-4"},
        att_cols={"left": "FR-1", "center": "FR-2,FR-16", "right": "FR-3", "reserve": "FR-11"},
        **kw,
    )
    f.do("french", "/battle-move unit:FR-2 to:across-center")
    f.do("french", "/end")
    f.dice(4)
    f.do("allied", "/end")
    f.dice(*{"3rd": [6, 1, 1, 1], "3.4": [1, 6, 6, 6]}[ruleset])
    f.do("french", "/fire unit:FR-2")
    assert f.b.status == "regroup" and f.b.victor == "french"
    return f


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_7_6_the_victor_regroups_by_retreat_or_reinforcement_not_both_2_1_per_road(ruleset):
    f = won(ruleset, others={"FR-4": "Saint-Amand", "FR-5": "Fleurus", "FR-6": "Fleurus", "FR-7": "Fleurus"})
    assert f.active() == ["french"]
    f.do("french", "/regroup units:FR-5,FR-6 from:Fleurus")
    f.rejects("french", "/regroup units:FR-7 from:Fleurus", "7.6")  # FAQ 8.3: 2 per major road
    f.rejects("french", "/regroup units:FR-1 to:Fleurus", "7.6")  # FAQ 8.2: not both
    f.do("french", "/regroup units:FR-4 from:Saint-Amand")
    # FAQ 8.1 ([3rd]): reinforcing regroupers are not disrupted; [3.4] 7.6: all regrouped units are
    assert f.unit("FR-5").disrupted is (ruleset == "3.4")
    assert f.unit("FR-5").location == "Ligny"
    f.do("french", "/end")
    assert f.b.over and f.b.victor == "french" and f.active() == []


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_7_6_regroup_by_retreat_disrupts_in_both_editions(ruleset):
    f = won(ruleset)
    f.do("french", "/regroup units:FR-1,FR-3 to:Fleurus")
    f.rejects("french", "/regroup units:FR-2 to:Fleurus", "7.6")
    assert f.unit("FR-1").disrupted and f.unit("FR-1").location == "Fleurus"
    assert f.b.over  # nothing is left to regroup: the regroup closes by itself


def test_9_2_the_victors_units_may_reinforce_an_adjacent_battle():
    from engine.napoleon import battle as B
    from engine.napoleon.state import Attack

    f = won("3.4")
    f.do("french", "/end")
    # a second battle next door at Sombreffe, fought after Ligny's: the victors of Ligny may join it
    for uid in ("FR-4", "FR-5", "FR-6"):
        f.unit(uid).location = "Sombreffe"
    for uid in ("PR-5", "PR-6", "PR-7"):
        f.unit(uid).location = "Sombreffe"
    B.start_battle(
        f.ctx(), Attack("Sombreffe", "french", ["FR-4", "FR-5", "FR-6"], ["Gembloux"], ["Gembloux"])
    )
    f.town = "Sombreffe"
    f.do("allied", f.legal("allied")[0])
    f.do("french", "/deploy left:FR-4 center:FR-5 right:FR-6")
    f.do("french", "/reinforce units:FR-1,FR-3 from:Ligny")
    assert f.spot("FR-1") == "french:reserve"


# --- every battle ends (docs/rulings.md, 6.3) ---------------------------------------------------------------


def test_rulings_6_3_an_attacker_that_does_not_press_for_three_rounds_routs():
    f = start("3.4")
    for _ in range(2):
        f.do("french", "/end")
        f.do("allied", "/end")
    assert f.b.idle_rounds == 2 and f.events("attack_stalling")
    f.do("french", "/end")
    f.do("allied", "/end")
    assert f.b.victor == "allied" and "stalled" in f.events("rout")[-1].data["cause"]


def test_rulings_6_3_firing_resets_the_count():
    f = start("3.4", att_cols={"left": "FR-1", "center": "FR-2", "right": "FR-3,FR-16", "reserve": "FR-11"})
    for _ in range(5):
        f.dice(6, 6, 6)
        f.do("french", "/fire unit:FR-16")  # misses, but the attacker pressed
        f.do("french", "/end")
        f.do("allied", "/end")
    assert f.b.status == "fighting" and f.b.idle_rounds == 0
