"""Napoleon's map maps onto its palette only what it drew anew (its title, panel, cards, leader lines, town
dots, battle marks, margin keys, result banner): every picture must be the very picture the whole image
mapped gives, byte for byte, over random games in both languages and for every role."""

from __future__ import annotations

import random

from PIL import Image

import renderers.napoleon.map as M
from engine.module import parse_values
from engine.napoleon.module import MODULE
from renderers.palette import encode_png
from tools.fuzz import pick


def _whole(im, base, dirty):
    return im.quantize(palette=base.palette, dither=Image.Dither.NONE)


def test_the_map_is_the_whole_picture_mapped(monkeypatch):
    options = MODULE.make_options(MODULE.defaults() | parse_values(MODULE.options, MODULE.first_options, {}))
    seen = 0
    for seed in (1, 2):
        rng = random.Random(seed)
        game = MODULE.new_game(options, seed)
        for step in range(90):
            if game.over:
                break
            if step % 15 == 0:
                for role in ("public", *MODULE.roles(game.options)):
                    for locale in ("en", "ja"):
                        view = game.view(role)
                        got = encode_png(M.map_image(view, None, locale))
                        with monkeypatch.context() as m:
                            m.setattr(M, "mapped", _whole)
                            want = encode_png(M.map_image(view, None, locale))
                        assert got == want, (seed, step, role, locale)
                        seen += 1
            role = rng.choice(game.active())
            game.apply(role, pick(MODULE, rng, game, role, {}))
    assert seen >= 24
