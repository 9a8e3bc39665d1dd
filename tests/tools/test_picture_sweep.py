"""The picture sweep (``tools/picture_sweep.py``): every picture of every module drawn for every role on a
sample of the states fuzzer games reach, a failure the game's failure; and the battle in a West Indies port
(9.1) a Liberty map once could not draw."""

from __future__ import annotations

import dataclasses
import io

import pytest
from PIL import Image
from support.liberty import actions, new

from bot.outbox import Picture
from bot.pictures import Pictures
from engine import modules
from engine.liberty.module import MODULE as LIBERTY
from engine.module import PictureKind
from renderers import registry
from renderers.colours import BATTLE
from renderers.liberty import base as BA
from renderers.liberty.from_view import map_picture
from renderers.liberty.pictures import check_map, map_image
from tools import fuzz, fuzz_module
from tools.picture_sweep import PictureFailure, Sampler, draw_all, places_now

NAPOLEON = modules.get("napoleon")


def _count(im: Image.Image, colour: tuple[int, int, int]) -> int:
    return sum(n for n, c in im.getcolors(1 << 20) or () if c == colour)


def _west_indies_battle(seed: int = 115):
    """Seed 115's British navy sailing from Jamaica to attack Martinique (8.4 with 9.1: a sea attack between
    the two ports), France in the war: a battle in a port off the map."""
    g = new(seed)
    g.state.french_in = True
    actions(g, "british")
    g.apply("british", "/sea units:RN-3 to:Martinique")
    while g.view("public", events=False).battle is None:
        g.apply(g.active()[0], "/end")
    assert g.view("public", events=False).battle["at"] == "Martinique"
    return g


def test_seed_115_a_battle_in_martinique_is_drawn_on_every_map_and_board_as_the_bot_draws_them():
    g = _west_indies_battle()
    pictures = Pictures()
    for role in ("public", "british", "american"):
        for kind, town in (("map", ""), ("battle", "Martinique")):
            data = pictures.draw(Picture(kind, 1, 9, role, "en", town), g, LIBERTY)
            assert data.startswith(b"\x89PNG")
        im = Image.open(io.BytesIO(pictures.draw(Picture("map", 1, 9, role), g, LIBERTY))).convert("RGB")
        # 5.5 with 9.1: the port fought over is framed in the boxes panel as a hex with a battle is
        panel = im.crop(tuple(round(v) for v in BA.PANEL_BOX))
        framed = _count(panel, BATTLE)
        assert framed > 400, role
    assert draw_all(LIBERTY, g) == 8  # 3 maps, 3 boards, 2 hands


def test_no_port_is_framed_where_no_battle_is_fought():
    g = _west_indies_battle()
    pic = dataclasses.replace(map_picture(g.view("public", events=False)), battles=())
    panel = map_image(pic).convert("RGB").crop(tuple(round(v) for v in BA.PANEL_BOX))
    assert _count(panel, BATTLE) == 0


def test_the_map_still_refuses_a_battle_where_none_can_be_fought_saying_where_they_are():
    g = _west_indies_battle()
    pic = dataclasses.replace(map_picture(g.view("public", events=False)), battles=("Atlantic",))
    with pytest.raises(ValueError, match=r"land hexes .* or in a West Indies port \(Jamaica or Martinique\)"):
        check_map(g.ctx.lib, pic)


def test_a_picture_that_cannot_be_drawn_fails_the_fuzzers_game_naming_the_state_kind_and_role():
    class Broken(type(LIBERTY)):
        id = "liberty-broken"  # Liberty with one more picture, which its renderer cannot draw
        pictures = (*LIBERTY.pictures, PictureKind("broken"))
        locale = ""  # Liberty's own catalog, registered under its id already

    drawings = {k.name: registry.drawing(LIBERTY.id, k.name) for k in LIBERTY.pictures}
    registry.register("liberty-broken", {**drawings, "broken": _cannot_draw})
    broken = Broken()
    with pytest.raises(PictureFailure, match=r"after order 1: the broken for public .*cannot draw this"):
        fuzz_module.play(broken, 7, "random", 5000, pictures=Sampler(broken, 7))


def _cannot_draw(subject: object, locale: str) -> bytes:
    raise ValueError("cannot draw this")


def test_every_state_where_a_battle_opens_somewhere_new_is_drawn():
    seen: list[frozenset[tuple[str, str]]] = []

    class Watch(Sampler):
        def _draw(self, game, at_end, locales=("en",)):
            seen.append(places_now(self.module, game))
            self.states += 1

    sampler = Watch(LIBERTY, 4, every=10**9, new_places=10**9)
    fuzz_module.play(LIBERTY, 4, "bot-first", 5000, fuzz_module.draw(LIBERTY, 4), pictures=sampler)
    drawn = set().union(*seen)
    assert ("battle", "Martinique") in drawn  # this game's sea attack on Martinique (9.1)
    assert len(drawn) >= 3 and sampler.states == len(seen)


@pytest.mark.parametrize("seed", [0, 4, 11])
def test_liberty_fuzzer_games_draw_every_picture_of_their_sampled_states(seed):
    sampler = Sampler(LIBERTY, seed, at_end_every=1)
    fuzz_module.play(LIBERTY, seed, fuzz_module.MODES[seed % 3], 5000, fuzz_module.draw(LIBERTY, seed),
                     pictures=sampler)  # fmt: skip
    assert sampler.states >= 2 and sampler.pictures >= 5 * sampler.states


@pytest.mark.parametrize("seed", [1, 2])
def test_napoleon_fuzzer_games_draw_every_picture_of_their_sampled_states(seed):
    options, mode = fuzz.plan(NAPOLEON, seed)
    sampler = Sampler(NAPOLEON, seed, at_end_every=seed)  # the replay at the end of game 1
    run = fuzz.play(
        NAPOLEON, seed, options, mode=mode, check_every=False, final_checks=False, pictures=sampler
    )
    assert sampler.states >= 2 and sampler.pictures >= 3 * sampler.states
    assert run.counts["battles"] == 0 or sampler.pictures > 3 * sampler.states  # a battle's boards were drawn
