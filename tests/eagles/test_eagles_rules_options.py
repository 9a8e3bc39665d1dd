"""Eagles of the Empire: the scenario's optional rules as game options: 11.3 deployment (the Nassau picket)
and the variant "d'Erlon comes" (facts 7.2). Rulings (ours): docs/rulings.md."""

from __future__ import annotations

from engine.eagles import turns, victory
from engine.eagles.game import Game
from engine.eagles.module import MODULE
from engine.eagles.options import Options

SEED = 11


# -- 11.3 deployment ----------------------------------------------------------------------------------------
def test_11_3_without_the_option_there_is_no_picket():
    g = Game.new(Options(), SEED)
    assert "A02P" not in g.state.units
    assert g.state.units["A02"].steps == 3


def test_11_3_the_picket_stands_in_its_parents_area_and_the_division_is_one_step_less():
    g = Game.new(Options(nassau_picket=True), SEED)
    st = g.state
    parent, picket = st.units["A02"], st.units["A02P"]
    assert picket.area == parent.area == "W2"  # 11.3: in the parent division's area (not the facts' W4)
    assert (picket.sp, picket.steps, picket.long, picket.parent) == (1, 1, False, "A02")
    assert (parent.steps, parent.sp, parent.long) == (2, 2, True)
    assert picket.formation == parent.formation and picket.side == "allies"
    # the deployed step is no loss: no victory points for the French at the start
    assert victory.score(g.ctx) == victory.score(Game.new(Options(), SEED).ctx)


def test_11_3_the_picket_is_in_the_view_and_the_option_round_trips():
    g = Game.new(MODULE.make_options({"nassau_picket": True}), SEED)
    view = g.view("french").to_dict()
    row = next(u for u in view["units"] if u["id"] == "A02P")
    assert row["parent"] == "A02" and row["area"] == "W2" and row["arm"] == "line"
    again = Game.loads(g.dumps())
    assert again.state.units["A02P"].parent == "A02"
    assert "Nassau picket" in MODULE.describe_options(g.options, "en", None)  # type: ignore[arg-type]


# -- facts 7.2 the variant "d'Erlon comes" ------------------------------------------------------------------
DERLON = ("F16", "F17", "F18", "F19", "F20", "F21", "F22", "F23")


def test_7_2_without_the_option_the_corps_is_not_in_the_game_and_no_vp():
    g = Game.new(Options(), SEED)
    assert not any(u in g.state.units for u in DERLON) and "F-L9" not in g.state.leaders
    assert "derlon" not in g.state.formations


def test_7_2_the_corps_waits_off_the_map_and_the_allies_score_5_while_it_has_not_come():
    g = Game.new(Options(derlon=True), SEED)
    st = g.state
    assert all(st.units[u].area == "off" and st.units[u].arrive == 99 for u in DERLON)
    base = victory.score(Game.new(Options(), SEED).ctx)
    assert victory.score(g.ctx)["allies"] == base["allies"] + 5  # facts 7.2: if it never arrives


def variant_dice(g: Game) -> list[dict[str, object]]:
    return [e.data for e in g.ctx.events if e.kind == "dice" and e.data.get("for") == "variant"]


def test_7_2_no_roll_before_17_00_then_a_roll_each_turn_a_1_brings_i_corps_to_s9():
    g = Game.new(Options(derlon=True), SEED)
    st = g.state
    for turn in (1, 2, 3):  # 14:00-16:00: no roll
        st.turn = turn
        turns.variant_rolls(g.ctx)
    assert not variant_dice(g)
    st.turn = 4  # 17:00: a 2, it does not come
    st.dice.force([2])
    turns.variant_rolls(g.ctx)
    assert [d["dice"] for d in variant_dice(g)] == [[2]] and "derlon" not in st.came
    assert not set(DERLON) & set(turns.due_pieces(g.ctx, "french"))
    st.turn = 5  # 18:00: a 1
    st.dice.force([1])
    turns.variant_rolls(g.ctx)
    assert st.came == {"derlon": 5}
    assert set(DERLON) | {"F-L9"} <= set(turns.due_pieces(g.ctx, "french"))
    st.due = {"french": turns.due_pieces(g.ctx, "french"), "allies": []}
    st.phase = "enter"
    g.apply("french", "/enter")
    placed = {st.units[u].area for u in DERLON}
    assert "S9" in placed and "off" not in placed  # facts 7.2: at S9 (6.0: the nearest edge areas if full)
    assert st.leaders["F-L9"].area in placed
    assert victory.score(g.ctx)["allies"] == victory.score(Game.new(Options(), SEED).ctx)["allies"]
    st.turn = 6
    turns.variant_rolls(g.ctx)
    assert len(variant_dice(g)) == 2  # no roll once it has come


def test_7_2_the_roll_is_made_in_the_reinforcement_phase_of_a_whole_game():
    from engine.eagles import turns as T

    g = Game.new(Options(derlon=True), SEED)
    st = g.state
    st.turn, st.phase = 4, "roll"  # the activation step of 16:00 has ended (8.13)
    st.dice.force([1])
    T._prepare(g.ctx)  # the 17:00 preparation: 5.0, then 6.0 with the variant's die
    assert [d["dice"] for d in variant_dice(g)] == [[1]] and st.came == {"derlon": 4}
    assert st.phase == "enter" and set(DERLON) <= set(st.due["french"])
    assert any(e.kind == "variant-comes" for e in g.ctx.events)
