"""Eagles of the Empire: the scenario's optional rules as game options: 11.3 deployment (the Nassau picket)
and the variant "d'Erlon comes" (facts 7.2). Rulings (ours): docs/rulings.md."""

from __future__ import annotations

from engine.eagles import victory
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
