"""Eagles of the Empire: the sequence of play (4.0), weather (5.0), reinforcements (6.0), the first player
(7.0),
the activation segment (8.x) and command (9.x), by rule number and by the digest's test cases (T01-T12), on
our Quatre Bras. Rulings (ours) are in docs/rulings.md, "Eagles of the Empire — ..."."""

from __future__ import annotations

import pytest
from support.eagles import clear, put

from engine.eagles import activation, command, turns
from engine.eagles.game import Game
from engine.eagles.machine import TRANSITIONS, Phase
from engine.eagles.options import Options
from engine.eagles.state import GONE, OFF
from engine.eagles.table import ROWS, acting
from engine.errors import RuleError

SEED = 7


def new(seed: int = SEED) -> Game:
    return Game.new(Options(), seed)


def to_roll(g: Game, first: str = "french") -> None:
    """Past 7.0: the chooser names ``first``."""
    assert g.state.phase == "first"
    g.apply(str(g.state.chooser), f"/first side:{first}")
    assert g.state.phase == "roll" and g.state.roller == first


# -- 4.0 the sequence of play as one table
# ---------------------------------------------------------------------
def test_4_0_every_phase_has_a_row_and_a_transition_into_it():
    assert set(ROWS) == set(Phase)
    targets = {t.dst for t in TRANSITIONS}
    assert set(Phase) - {Phase.ENTER, Phase.FIRST} <= targets | {Phase.ROLL}


def test_4_0_a_change_of_phase_the_table_does_not_list_is_refused():
    from engine.eagles.machine import go

    g = new()
    with pytest.raises(RuleError):
        go(g.state, Phase.ASSAULT)  # FIRST -> ASSAULT is no transition


def test_4_0_only_the_acting_side_gives_the_phases_orders():
    g = new()
    chooser = str(g.state.chooser)
    other = "allies" if chooser == "french" else "french"
    with pytest.raises(RuleError) as e:
        g.apply(other, "/first side:french")
    assert e.value.key == "eagles.order.not_your_turn"
    with pytest.raises(RuleError) as e:
        g.apply(chooser, "/roll")
    assert e.value.key == "eagles.order.not_now"


# -- 5.0 weather, 7.0 first player
# -------------------------------------------------------------------------------
def test_5_0_the_weather_is_clear_all_game():
    g = new()
    assert g.state.weather == "clear"
    assert g.view("public").weather == "clear"


def test_7_0_t06_a_tie_is_rolled_again_the_higher_chooses():
    g = new()
    st = g.state
    st.dice.force([2, 4])  # French 2 + 4, Allies 4 + 3
    before = len(g.events)
    turns._first_player(g.ctx)
    rolls = [e.data for e in g.events[before:] if e.kind == "dice"]
    # French d6 + Ney's 4, Allies d6 + the acting commander's 3 (facts 7.3: Wellington away)
    assert [(r["side"], r["dice"][0] + r["initiative"]) for r in rolls] == [("french", 6), ("allies", 7)]
    assert st.chooser == "allies"
    st.dice.force([3, 4])  # 3+4 = 7 and 4+3 = 7: a tie, rolled again
    st.dice.force([6, 1])  # then 10 against 4
    before = len(g.events)
    turns._first_player(g.ctx)
    kinds = [e.kind for e in g.events[before:]]
    assert kinds.count("tie") == 1 and kinds.count("dice") == 4
    assert st.chooser == "french"


def test_7_0_the_chooser_may_name_the_other_side_first():
    g = new()
    chooser = str(g.state.chooser)
    other = "allies" if chooser == "french" else "french"
    g.apply(chooser, f"/first side:{other}")
    assert g.state.roller == other and g.active() == [other]


def test_7_0_a_side_that_is_no_side_is_refused_with_the_sides_named():
    g = new()
    with pytest.raises(RuleError) as e:
        g.apply(str(g.state.chooser), "/first side:prussians")
    assert e.value.key == "eagles.first.side" and "french" in str(e.value)


# -- 8.1 the activation die
# --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("initiative", "roll", "n"),
    [(5, 3, 2), (2, 2, 1), (2, 4, 0), (4, 1, 3), (4, 4, 1), (4, 5, 0)],
)
def test_8_1_t01_t02_the_formations_a_roll_allows(initiative, roll, n):
    assert activation.allowed(initiative, roll) == n


def test_8_1_t01_a_roll_of_3_against_neys_4_allows_one_formation():
    g = new()
    to_roll(g)
    g.state.dice.force([3])
    g.apply("french", "/roll")
    assert g.state.phase == "activate" and g.state.may_activate == 1
    with pytest.raises(RuleError) as e:
        g.apply("french", "/activate formations:foy,bachelu")
    assert e.value.key == "eagles.activate.too_many"
    g.apply("french", "/activate formations:foy")
    assert g.state.phase == "charge" and g.state.formations["foy"].activated


def test_8_12_t02_a_roll_above_the_initiative_passes_the_try_to_the_other_side():
    g = new()
    to_roll(g)
    g.state.dice.force([5])
    g.apply("french", "/roll")
    assert g.state.phase == "roll" and g.state.roller == "allies" and g.state.fails == 1


def test_8_13_t03_both_failing_in_a_row_ends_the_step():
    g = new()
    to_roll(g)
    g.state.dice.force([6, 6])
    g.apply("french", "/roll")
    g.apply("allies", "/roll")
    kinds = [e.kind for e in g.events]
    assert "step-end" in kinds
    assert g.state.turn == 2  # 15 then the next turn's preparation
    assert g.state.phase in ("enter", "first")


def test_8_13_t03_a_failure_then_a_success_lets_the_first_side_roll_again():
    g = new()
    to_roll(g)
    g.state.dice.force([6, 1])  # French fail; Allies roll 1 against the Prince's 3: 2 formations
    g.apply("french", "/roll")
    g.apply("allies", "/roll")
    assert g.state.phase == "activate" and g.state.fails == 0
    g.apply("allies", "/activate formations:perponcher")
    g.apply("allies", "/done")
    assert g.state.phase == "roll" and g.state.roller == "french" and g.state.turn == 1


def test_8_1_t04_the_other_side_rolls_alone_until_two_failures():
    g = new()
    to_roll(g)
    st = g.state
    for f in st.formations.values():
        if f.side == "allies":
            f.activated, f.last_turn = True, st.turn
    st.dice.force([6, 6])
    g.apply("french", "/roll")
    assert st.roller == "french" and st.phase == "roll" and st.fails == 1  # the Allies have nothing left
    g.apply("french", "/roll")
    assert st.turn == 2  # two failures in a row: the step ended


def test_8_15_t05_a_formation_activates_once_a_turn():
    g = new()
    to_roll(g)
    g.state.dice.force([1])
    g.apply("french", "/roll")
    g.apply("french", "/activate formations:foy")
    g.apply("french", "/done")
    g.state.dice.force([6, 1])
    g.apply("allies", "/roll")
    g.apply("french", "/roll")
    with pytest.raises(RuleError) as e:
        g.apply("french", "/activate formations:foy")
    assert e.value.key == "eagles.activate.done"
    assert "foy" not in turns.ready(g.ctx, "french")


def test_8_17_t05_a_formation_still_activated_from_last_turn_cannot_activate():
    g = new()
    st = g.state
    st.formations["foy"].activated, st.formations["foy"].last_turn = True, 0
    assert "foy" not in turns.ready(g.ctx, "french")
    assert "bachelu" in turns.ready(g.ctx, "french")


def test_8_15_activation_cannot_be_refused_at_least_one_formation_is_named():
    g = new()
    to_roll(g)
    g.state.dice.force([1])
    g.apply("french", "/roll")
    with pytest.raises(RuleError) as e:
        g.apply("french", "/activate formations:")
    assert e.value.key in ("text.needs", "eagles.activate.none")


def test_8_1_a_formation_is_named_by_its_leader_too():
    g = new()
    to_roll(g)
    g.state.dice.force([3])
    g.apply("french", "/roll")
    g.apply("french", "/activate formations:F-L4")
    assert g.state.activation is not None and g.state.activation.formations == ["foy"]


def test_g35_a_formation_with_nothing_on_the_map_is_not_counted():
    g = new()
    assert "jerome" not in turns.ready(g.ctx, "french")  # arrives at 15:00
    assert "i-corps" not in turns.ready(g.ctx, "allies")  # the Prince of Orange has no units


# -- 8.2 the action phase's segments
# ----------------------------------------------------------------------------
def test_8_2_a_later_segments_order_closes_the_earlier_ones():
    g = new()
    to_roll(g)
    g.state.dice.force([1])
    g.apply("french", "/roll")
    g.apply("french", "/activate formations:foy")
    assert g.state.phase == "charge"
    g.apply("french", "/face unit:F02 to:S2")
    assert g.state.phase == "move"
    with pytest.raises(RuleError) as e:
        g.apply("french", "/attach unit:F11 to:F02")
    assert e.value.key == "eagles.segment.over" and e.value.rule == "8.2"


# -- facts 7.3 the Guard light cavalry
# ---------------------------------------------------------------------------
def test_facts_7_3_the_guard_cavalry_activates_once_released_for_3_vp():
    g = new()
    to_roll(g)
    assert "guard-cavalry" not in turns.ready(g.ctx, "french")
    before = g.view("public").vp["allies"]
    g.apply("french", "/release")
    assert g.state.guard_released and "guard-cavalry" in turns.ready(g.ctx, "french")
    assert g.view("public").vp["allies"] == before + 3
    with pytest.raises(RuleError) as e:
        g.apply("french", "/release")
    assert e.value.key == "eagles.release.already"


def test_facts_7_3_wellington_away_the_prince_of_orange_commands():
    g = new()
    assert g.state.army_commander["allies"] == "A-L2"
    assert turns.army_initiative(g.ctx, "allies") == 3
    g.state.leaders["A-L1"].area = "C5"
    turns._acting_commander(g.ctx)
    assert g.state.army_commander["allies"] == "A-L1" and turns.army_initiative(g.ctx, "allies") == 5
    g.state.leaders["A-L1"].alive, g.state.leaders["A-L1"].area = False, GONE
    turns._acting_commander(g.ctx)
    assert g.state.army_commander["allies"] == "A-L2"


# -- 6.0 reinforcements
# -----------------------------------------------------------------------------------------
def _to_turn_2(g: Game) -> None:
    to_roll(g)
    g.state.dice.force([6, 6])
    g.apply("french", "/roll")
    g.apply("allies", "/roll")
    assert g.state.turn == 2 and g.state.phase == "enter"


def test_6_0_arrivals_come_on_in_command_and_may_be_delayed_once():
    g = new()
    _to_turn_2(g)
    assert acting(g.state) == "french"
    g.apply("french", "/enter delay:F12")
    assert g.state.units["F03"].area == "F1" and g.state.units["F12"].area == OFF
    assert g.state.units["F03"].in_command
    g.apply("allies", "/enter")
    assert g.state.units["A06"].area == "N6" and g.state.leaders["A-L1"].area == "C5"
    assert g.state.army_commander["allies"] == "A-L1"  # facts 7.3: Wellington is here
    assert g.state.phase == "first"
    g.state.dice.force([6, 6])
    to_roll(g)
    g.apply("french", "/roll")
    g.apply("allies", "/roll")
    assert g.state.turn == 3 and "F12" in g.state.due["french"]
    with pytest.raises(RuleError) as e:
        g.apply("french", "/enter delay:F12")
    assert e.value.key == "eagles.enter.delayed_once"


def test_6_0_an_entry_area_held_by_the_enemy_sends_them_along_the_edge():
    g = new()
    _to_turn_2(g)
    put(g, "A01", "F1")  # an Allied unit in Frasnes, the French entry area
    g.apply("french", "/enter")
    where = g.state.units["F03"].area
    assert where != "F1" and g.ctx.board.area(where).edges
    assert not g.state.enemy_combat_in(where, "french")


# -- 9.x command
# --------------------------------------------------------------------------------------------------
def test_2_21_9_1_t07_range_counts_the_commanders_area_not_the_subordinates():
    g = new()
    clear(g)
    # S8 -> S4 -> S3 -> V4: three steps; Bachelu (range 2) one short, Reille (range 3) reaches
    put(g, "F-L3", "V4")
    assert command.trace(g.ctx, "french", "S8", "V4", 3) == 3
    assert command.trace(g.ctx, "french", "S8", "V4", 2) is None
    assert command.trace(g.ctx, "french", "V4", "V4", 0) == 0  # the same area: distance 0


def test_9_1_t08_a_trace_through_a_corner_needs_both_flanking_areas_free_of_the_enemy():
    """The seed (9.1: 「両側エリアに敵ユニットがいてはならない」) wins over the digest's T08, which lets one
    enemy pass: a corner with an enemy in either flanking area blocks the trace (docs/rulings.md)."""
    g = new()
    clear(g)
    b = g.ctx.board
    a, c = "N3", "W5"  # a corner contact (facts 5)
    assert b.border(a, c).diagonal
    flank = sorted(set(b.neighbours(a)) & set(b.neighbours(c)))
    assert len(flank) == 2
    assert command.trace(g.ctx, "french", a, c, 1) == 1
    put(g, "A05", flank[0])
    assert command.trace(g.ctx, "french", a, c, 1) is None
    put(g, "A12", flank[1])
    assert command.trace(g.ctx, "french", a, c, 1) is None


def test_9_11_9_12_t09_an_enemy_hq_alone_passes_a_courier_on_1_to_4():
    g = new()
    clear(g)
    # S5 -> S1 -> V1: V1 holds only the enemy's HQ
    put(g, "A-HQ", "S1")
    assert command.trace(g.ctx, "french", "S5", "V1", 2) is None
    g.state.dice.force([4])
    assert command.reaches(g.ctx, "french", "S5", "V1", 2, "test")
    g.state.dice.force([5])
    assert not command.reaches(g.ctx, "french", "S5", "V1", 2, "test")
    g.state.units["A-HQ"].area = OFF
    put(g, "A-L3", "S1")  # a leader alone never blocks (9.11)
    assert command.trace(g.ctx, "french", "S5", "V1", 2) == 2
    put(g, "A01", "S1")  # combat units block (9.11)
    assert command.trace(g.ctx, "french", "S5", "V1", 2) is None


def test_9_3_t10_a_leader_failing_his_initiative_leaves_his_units_out_of_command():
    g = new()
    clear(g)
    put(g, "F-L1", "F1")  # Ney far behind
    put(g, "F-L2", "F1")
    put(g, "F-L3", "C7")  # Bachelu far forward, out of Ney's and Reille's range
    put(g, "F01", "C7", "C4")
    g.state.dice.force([6])  # above his initiative 3
    got = command.determine(g.ctx, "bachelu")
    assert got == {"F-L3": False, "F01": False}
    assert not g.state.units["F01"].in_command
    g.state.dice.force([3])  # at his initiative: he and his units within his range are in command
    got = command.determine(g.ctx, "bachelu")
    assert got == {"F-L3": True, "F01": True}


def test_9_3_t10_the_formation_counts_as_activated_either_way():
    g = new()
    to_roll(g)
    st = g.state
    st.leaders["F-L4"].area = "C7"  # Foy out of every range, and his superiors far away
    st.leaders["F-L1"].area = st.leaders["F-L2"].area = "N1"
    st.dice.force([1, 6])  # the activation roll, then Foy's initiative roll fails
    g.apply("french", "/roll")
    g.apply("french", "/activate formations:foy")
    assert st.formations["foy"].activated
    assert not st.units["F02"].in_command


def test_9_4_t11_out_of_command_infantry_has_ma_1_and_keeps_off_the_enemy():
    from engine.eagles import movement

    g = new()
    to_roll(g)
    st = g.state
    st.dice.force([1])
    g.apply("french", "/roll")
    g.apply("french", "/activate formations:bachelu")
    u = st.units["F01"]
    u.in_command = False
    assert movement.ma(g.ctx, "F01") == 1 * 2  # MA 2 - 1, in halves
    reach = movement.reach(g.ctx, ["F01"])
    assert reach and all(not movement.next_to_enemy(g.ctx, a, "french") for a in reach)


def test_9_5_t12_hq_range_with_its_chief_of_staff_and_the_army_commander_in_its_area():
    g = new()
    clear(g)
    put(g, "A-HQ", "C5")
    put(g, "A-L1", "C5")
    g.state.army_commander["allies"] = "A-L1"
    hq = g.state.units["A-HQ"]
    assert command.hq_range(g.ctx, hq) == 2 + 1  # 2.22: +1 with De Lancey
    assert command.leader_range(g.ctx, "A-L1") == 4 + 1  # 9.5: +1 in the HQ's area
    put(g, "A-L1", "C4")
    assert command.leader_range(g.ctx, "A-L1") == 4


def test_6_0_reinforcements_are_in_command_the_turn_they_arrive():
    g = new()
    _to_turn_2(g)
    g.apply("french", "/enter")
    g.apply("allies", "/enter")
    st = g.state
    st.leaders["F-L5"].area = "C7"  # Jérôme far from his division
    st.leaders["F-L1"].area = st.leaders["F-L2"].area = "C7"
    to_roll(g)
    st.dice.force([1, 6])
    g.apply("french", "/roll")
    g.apply("french", "/activate formations:jerome")
    assert st.units["F03"].in_command  # arrived this turn (6.0)
