"""Eagles of the Empire: the end of a turn, 15 rally, recovery and replacement (the seed's text is lost:
G8-G10,
ours), and victory (facts 9: objectives held by the last to occupy them, VP per step and leader, the French
decisive victory, the margin), on our Quatre Bras. Rulings (ours) are in docs/rulings.md."""

from __future__ import annotations

from support.eagles import clear

from engine.eagles import recovery, victory
from engine.eagles.game import Game
from engine.eagles.options import Options
from engine.eagles.state import GONE, OFF


def new(seed: int = 5) -> Game:
    return Game.new(Options(), seed)


# -- facts 9 victory ----------------------------------------------------------------------------------------
def test_facts_9_objectives_start_with_their_holders_and_change_to_the_last_to_occupy_them():
    g = new()
    st = g.state
    assert st.holders["C1"] == "allies" and st.holders["W8"] == "french" and st.holders["V1"] == "allies"
    st.units["A01"].area = OFF  # Bijlandt leaves Gemioncourt: still Allied (the last to occupy it)
    victory.update_holders(g.ctx)
    assert st.holders["V1"] == "allies"
    st.units["F04"].area = "V1"
    victory.update_holders(g.ctx)
    assert st.holders["V1"] == "french"
    st.units["F04"].area = "S5"
    victory.update_holders(g.ctx)
    assert st.holders["V1"] == "french"


def test_facts_9_vp_objectives_plus_1_a_step_and_2_a_leader():
    g = new()
    st = g.state
    base = victory.score(g.ctx)
    assert base == {"french": 2, "allies": 5 + 4 + 3 + 3 + 3 + 2 + 2}  # W8 French; the rest Allied
    st.units["A01"].lose(1)
    st.leaders["A-L3"].alive, st.leaders["A-L3"].area = False, GONE
    assert victory.score(g.ctx)["french"] == 2 + 1 + 2
    st.units["F02"].lose(3)  # eliminated: 3 steps
    assert victory.score(g.ctx)["allies"] == base["allies"] + 3


def test_facts_9_steps_of_units_not_yet_arrived_are_not_counted():
    g = new()
    steps, leaders = victory.losses(g.ctx, "allies")
    assert (steps, leaders) == (0, 0)


def test_facts_9_a_french_decisive_victory_holds_c1_and_c3_with_no_allied_unit_next_to_c1():
    g = new()
    st = g.state
    st.holders["C1"] = st.holders["C3"] = "french"
    assert not victory.decisive(g.ctx)  # Allied units stand next to C1 (C2: Stevenart)
    for u in st.units.values():
        if u.side == "allies":
            u.area = OFF
    assert victory.decisive(g.ctx)
    assert victory.at_turn_end(g.ctx, False) == ("french", "decisive")


def test_facts_9_after_the_last_turn_the_margin_decides_else_a_draw():
    g = new()
    st = g.state
    st.holders = {k: "french" for k in st.holders}
    st.bonus_vp["allies"] = 16  # 24 French (all objectives) against 16
    assert victory.at_turn_end(g.ctx, True) == ("french", "margin")
    st.bonus_vp["allies"] = 17  # 24 against 17: within the margin of 8
    assert victory.at_turn_end(g.ctx, True) == ("draw", "draw")
    assert victory.at_turn_end(g.ctx, False) is None


def test_facts_9_ours_the_crossroads_is_worth_5_vp_and_the_allies_win_by_the_same_margin():
    """Ours (docs/rulings.md, "Facts 9 the victory points measured"): Quatre Bras (C1) counts 5 VP, not the
    fact sheet's 10; the margin stays 8 for either side."""
    g = new()
    st = g.state
    start = victory.score(g.ctx)
    assert start == {"french": 2, "allies": 22}  # 20 ahead at the start: the French must gain 13 for a draw
    st.holders["C1"] = "french"
    assert victory.score(g.ctx) == {"french": 2 + 5, "allies": 22 - 5}
    st.holders["C1"] = "allies"
    st.bonus_vp["french"] = 13  # 15 against 22: the Allies 7 ahead, within the margin
    assert victory.at_turn_end(g.ctx, True) == ("draw", "draw")
    st.bonus_vp["french"] = 12  # 14 against 22: 8 ahead
    assert victory.at_turn_end(g.ctx, True) == ("allies", "margin")


def test_facts_9_the_game_ends_after_the_eighth_turn():
    g = new()
    st = g.state
    st.turn = 8
    g.apply(str(st.chooser), "/first side:french")
    st.dice.force([6, 6])
    g.apply("french", "/roll")
    g.apply("allies", "/roll")
    assert g.over and st.winner in ("french", "allies", "draw")
    assert g.events[-1].kind == "over"
    assert g.legal("french").choices == ()


# -- 15 rally, recovery, replacement ------------------------------------------------------------------------
def test_15_1_g8_the_turns_marks_are_cleared():
    g = new()
    st = g.state
    st.units["F01"].retreated = st.units["F01"].disordered = True
    recovery.end_of_turn(g.ctx)
    assert not st.units["F01"].retreated and not st.units["F01"].disordered


def test_15_2_g9_an_activated_leader_in_range_of_his_superior_recovers_without_a_roll():
    g = new()
    st = g.state
    st.formations["foy"].activated = True  # Foy in S1, Reille in S5: in range
    before = len(g.events)
    recovery.end_of_turn(g.ctx)
    assert not st.formations["foy"].activated
    assert not [e for e in g.events[before:] if e.kind == "dice" and e.data.get("leader") == "F-L4"]


def test_15_2_g9_8_17_out_of_range_he_recovers_on_his_initiative_or_stays_activated():
    g = new()
    st = g.state
    st.formations["bachelu"].activated = True
    st.leaders["F-L3"].area = "N8"  # far from Reille and Ney
    st.dice.force([6])  # above Bachelu's 3
    recovery.end_of_turn(g.ctx)
    assert st.formations["bachelu"].activated  # 8.17: it may not activate next turn
    st.dice.force([3])
    recovery.end_of_turn(g.ctx)
    assert not st.formations["bachelu"].activated


def test_15_2_g9_a_formation_away_from_the_enemy_recovers_one_step_on_its_morale():
    g = new()
    st = g.state
    clear(g)
    st.units["F02"].area, st.units["F02"].facing = "S7", "S5"
    st.leaders["F-L4"].area = st.leaders["F-L2"].area = st.leaders["F-L1"].area = "S7"
    st.units["F02"].lose(1)
    st.dice.force([4])  # at Foy's division's morale 4
    recovery.end_of_turn(g.ctx)
    assert st.units["F02"].steps == 3 and st.units["F02"].sp == 3
    st.units["F02"].lose(1)
    st.units["A01"].area = "S5"  # next to the enemy: no recovery
    recovery.end_of_turn(g.ctx)
    assert st.units["F02"].steps == 2


def test_15_3_g10_a_fallen_leader_is_replaced_by_his_division_commander_else_by_a_generic_one():
    g = new()
    st = g.state
    for u in ("A10", "A11", "A12"):
        st.units[u].area = "N6"
    st.leaders["A-L5"].alive, st.leaders["A-L5"].area = False, GONE
    recovery.end_of_turn(g.ctx)
    assert st.formations["brunswick"].leader == "A-L9" and st.leaders["A-L9"].area == "N6"  # Olfermann
    st.leaders["F-L4"].alive, st.leaders["F-L4"].area = False, GONE
    recovery.end_of_turn(g.ctx)
    new_leader = st.leaders[st.formations["foy"].leader]
    assert (new_leader.range, new_leader.tactical, new_leader.initiative) == (1, 0, 1)
    assert new_leader.area == st.units["F02"].area


def test_15_2_13_6_a_step_comes_back_only_where_the_stack_has_room_for_it():
    """Ours (15.2 with 13.6): recovering a step never puts a side over its area's stacking limit (a fuzzer's
    game ended a turn with 17 French SP in Quatre Bras, the 15 of a normal area)."""
    g = new()
    st = g.state
    clear(g)
    st.units["F02"].area, st.units["F02"].facing = "S7", "S5"
    st.leaders["F-L4"].area = st.leaders["F-L2"].area = st.leaders["F-L1"].area = "S7"
    st.units["F02"].lose(1)
    for uid in ("F13", "F04", "F05", "F06", "F07", "F14", "F15"):  # 13 SP of short counters beside it
        st.units[uid].area = "S7"
    side_sp = sum(u.sp for u in st.units.values() if u.area == "S7")
    assert side_sp == 15  # the normal area's limit (13.6), reached
    st.dice.force([1])  # a sure rally, were it asked
    recovery.end_of_turn(g.ctx)
    assert st.units["F02"].steps == 2
    assert not any(e.kind == "recovered" and e.data["unit"] == "F02" for e in g.ctx.events)
    st.units["F15"].area = "S5"  # room for the step (14 + 1)
    recovery.end_of_turn(g.ctx)
    assert st.units["F02"].steps == 3
