"""Eagles of the Empire: the action crop's subject (8.1, 8.2): the areas of the activation under way or just
ended, from the game's events, so that the crop shows them after the activation is over."""

from __future__ import annotations

from engine.eagles.game import Game
from engine.eagles.module import MODULE, action_areas
from engine.eagles.options import Options


def test_8_2_the_action_crop_names_the_areas_of_the_activation_just_ended():
    g = Game.new(Options(), 11)
    st = g.state
    kind = next(k for k in MODULE.pictures if k.name == "action")
    assert kind.subject is not None
    assert action_areas(g) == []  # before any activation
    g.apply(str(st.chooser), "/first side:french")
    st.dice.force([1])
    g.apply("french", "/roll")
    g.apply("french", "/activate formations:foy")
    start = st.units["F02"].area
    g.apply("french", "/move units:F02 to:S5")
    during = action_areas(g)
    assert {start, "S5"} <= set(during)
    g.apply("french", "/done")
    assert st.activation is None  # the activation has ended ...
    subject = kind.subject(g, g.view("public"), "public", "action")
    assert isinstance(subject, dict)
    assert {start, "S5"} <= set(subject["areas"])  # ... and the crop still shows its areas


def test_8_2_the_crop_is_drawn_round_those_areas():
    from renderers.eagles import pictures

    g = Game.new(Options(), 11)
    st = g.state
    g.apply(str(st.chooser), "/first side:french")
    st.dice.force([1])
    g.apply("french", "/roll")
    g.apply("french", "/activate formations:foy")
    g.apply("french", "/done")
    kind = next(k for k in MODULE.pictures if k.name == "action")
    assert kind.subject is not None
    subject = kind.subject(g, g.view("public", events=False), "public", "action")
    whole = pictures.action_image({"view": g.view("public", events=False).to_dict(), "areas": []})
    crop = pictures.action_image(subject)
    assert crop.size != whole.size  # a crop round the areas, not the whole map's "nothing to show"
