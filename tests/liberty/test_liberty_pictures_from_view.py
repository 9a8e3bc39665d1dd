"""Liberty's pictures drawn from the engine's views (renderers/liberty/from_view.py): the
map, the battle and the hand of a game played by random legal orders, each from one role's view, with
nothing the view hides (G50: another side's faces; 3.0: another side's hand)."""

from __future__ import annotations

import io
import random

from PIL import Image
from support.liberty import new

from ai.liberty import LibertyRandomPlayer
from engine.liberty.game import Game
from renderers.liberty.from_view import (
    battle_picture,
    battle_png,
    hand_picture,
    hand_png,
    map_picture,
    map_png,
)


def _until_battle(seed: int) -> Game:
    g = new(seed)
    rng = random.Random(seed)
    player = LibertyRandomPlayer()
    for _ in range(3000):
        if g.over or g.state.battle is not None:
            break
        role = rng.choice(g.active())
        g.apply(role, player.choose(g.view(role), g.legal(role), rng))
    return g


def test_the_map_from_each_view_shows_only_that_roles_faces():
    g = new(3)
    public, british = map_picture(g.view("public")), map_picture(g.view("british"))
    assert public.viewer == "public" and not any(b.shown for b in public.blocks)
    mine = {b.face.id for b in british.blocks if b.face is not None}
    assert mine and all(b.side == "british" for b in british.blocks if b.shown)
    assert mine == {d["id"] for d in g.view("british").blocks if "id" in d}
    png = map_png(g.view("american"), "ja")
    assert Image.open(io.BytesIO(png)).size[0] > 1000


def test_a_battle_and_a_hand_are_drawn_from_the_views_and_the_public_view_has_no_hand():
    for seed in range(1, 40):
        g = _until_battle(seed)
        if g.state.battle is not None:
            break
    else:
        raise AssertionError("no battle in 39 random games")
    bt = g.state.battle
    pic = battle_picture(g.view("public"))
    assert pic is not None and pic.where == bt.hex and pic.attacker == bt.attacker
    assert {b.side for b in pic.attacking} <= {bt.attacker} and {b.side for b in pic.defending} <= {
        pic.defender
    }
    assert Image.open(io.BytesIO(battle_png(g.view("british")) or b"")).format == "PNG"
    assert hand_picture(g.view("public")) is None and hand_png(g.view("public")) is None
    hand = hand_picture(g.view("american"))
    assert hand is not None and [c.id for c in hand.cards] == list(g.view("american").hand)
    assert Image.open(io.BytesIO(hand_png(g.view("american"), "ja") or b"")).format == "PNG"


def test_the_battle_picture_keeps_round_1_reserves_apart_face_up_only_for_their_owner():
    """Box after 7.5 (the T16 battle of tests/liberty/test_liberty_rules.py): AM-2 reinforced the battle the
    British started; in round 1 it is a reserve, drawn apart, face up for the Americans and hidden for the
    British and the public, and not among the blocks that fight."""
    from test_liberty_rules import reserve_battle

    g = reserve_battle()
    g.apply("american", "/end")
    american, british, public = (battle_picture(g.view(r)) for r in ("american", "british", "public"))
    assert [b.face.id for b in american.reserves if b.face] == ["AM-2"]
    assert len(british.reserves) == 1 and british.reserves[0].face is None  # one hidden reserve: its count
    assert len(public.reserves) == 1 and public.reserves[0].face is None
    for pic in (american, british, public):
        assert len(pic.defending) == 1  # AM-1 fights; the reserve does not in round 1
    assert g.view("british").battle["reserve_ids"] == [] and g.view("american").battle["reserve_ids"] == [
        "AM-2"
    ]
    assert battle_png(g.view("american")).startswith(b"\x89PNG")


def test_the_battle_picture_shows_the_last_roll_and_the_hits_it_did():
    """7.31: every roll is public; the picture shows the last one's dice, the firer's number and the hits
    each block took (T16's battle: AM-1 misses, then one of BR-2's four dice hits)."""
    from test_liberty_rules import reserve_battle

    g = reserve_battle()
    g.apply("american", "/end")
    assert battle_picture(g.view("public")).dice == ()  # nothing fired yet
    g.state.dice.force([6, 6, 6, 6, 1, 6, 6, 6])
    g.apply("american", "/fire")
    missed = battle_picture(g.view("british"))
    assert missed.dice == (6, 6, 6, 6) and missed.hits == () and missed.fire > 0
    g.apply("british", "/fire unit:BR-2")  # one die of four hits: AM-1, the only target, loses a step
    hit = battle_picture(g.view("public"))
    assert hit.dice == (1, 6, 6, 6) and hit.hits == (("AM-1", 1),)
    assert battle_png(g.view("public")).startswith(b"\x89PNG")
