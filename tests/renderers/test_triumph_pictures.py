"""Napoleon's Triumph's pictures (``renderers/triumph``): the locale map and the attack under way, drawn from
views of seeded games played by random legal orders. A face is drawn only where the view carries it (rule 5
with G5, G6: a block's face is its owner's until the rules show it), a sealed defence leader only once the
view has it (11.4, G7); the pictures are valid PNGs of their stated size; Japanese pictures draw; a sweep of
random games draws without error."""

from __future__ import annotations

import dataclasses
import io
import random
from functools import lru_cache
from typing import Any

import pytest
from PIL import Image, ImageDraw

from engine.triumph.game import Game
from engine.triumph.options import Options
from engine.triumph.views import View
from renderers import colours, fonts, registry
from renderers.triumph import attack as A
from renderers.triumph import base as B
from renderers.triumph import colours as TC
from renderers.triumph import pictures as P
from renderers.triumph import samples, text
from renderers.triumph.sprites import parse_face

ROLES = ("public", "french", "allies")
PNG = b"\x89PNG\r\n\x1a\n"


def _open(png: bytes) -> Image.Image:
    assert png[:8] == PNG
    im = Image.open(io.BytesIO(png))
    im.load()
    return im


@lru_cache(maxsize=4)
def _views(orders: int, scenario: str = "2dec") -> dict[str, View]:
    return dict(samples.views(orders, scenario))


def _strip(view: View, public: View) -> View:
    """``view`` told as the public sees it: its role public, every face and attack field the public view does
    not carry left out."""
    seen = {b["id"] for b in public.blocks if "face" in b}
    blocks = tuple({k: v for k, v in b.items() if k != "face" or b["id"] in seen} for b in view.blocks)
    attack = None
    if view.attack is not None:
        assert public.attack is not None
        attack = {k: v for k, v in view.attack.items() if k in public.attack}
    return dataclasses.replace(view, role="public", blocks=blocks, attack=attack)


def test_registered_for_the_platform() -> None:
    """The module's picture kinds are drawn by this package (renderers/registry.py)."""
    assert registry.drawing("triumph", "map") is P.draw_map
    assert registry.drawing("triumph", "attack") is A.draw_attack
    registry.warm("en", ("triumph",))


def test_side_colours_apart_for_colour_blind_viewers() -> None:
    """The two sides' blocks stay apart for deuteranopes, protanopes and tritanopes (CIE76 above 25)."""
    fr, al = TC.SIDE["french"], TC.SIDE["allies"]
    assert colours.delta_e(fr, al) > 25
    for kind in colours.CVD:
        assert colours.delta_e(colours.simulate(fr, kind), colours.simulate(al, kind)) > 25


@pytest.mark.parametrize("orders", [0, 150])
def test_map_is_a_png_of_its_size_for_every_role(orders: int) -> None:
    for role in ROLES:
        png = P.draw_map(_views(orders)[role])
        im = _open(png)
        assert im.size == B.size() and im.mode == "P"
        assert len(png) < 1_000_000


def test_same_view_same_bytes() -> None:
    v = _views(150)["french"]
    assert P.draw_map(v) == P.draw_map(v)


@pytest.mark.parametrize("orders", [0, 150])
def test_a_face_is_drawn_only_where_the_view_carries_it(orders: int) -> None:
    """5, G5, G6: a side's own view drawn as the public sees it (its faces the public view does not carry left
    out) is the public picture, byte for byte; with its faces, it differs from the public picture only inside
    the groups of blocks whose faces the public view lacks (and the "eyes only" badge of the title bar)."""
    views = _views(orders)
    public = views["public"]
    public_png = P.draw_map(public)
    for role in ("french", "allies"):
        own = views[role]
        assert P.draw_map(_strip(own, public)) == public_png
        hidden = {b["id"] for b in public.blocks if "face" not in b}
        shown = {b["id"] for b in own.blocks if "face" in b} & hidden
        assert shown, "a side's view carries faces the public does not"
        as_public = dataclasses.replace(own, role="public")
        mine, theirs = P.map_image(as_public).convert("RGB"), P.map_image(public).convert("RGB")
        assert mine.tobytes() != theirs.tobytes()
        # blank every group holding a face the public may not see: what is left is the same picture
        scratch = B.base_for("en").image.copy()
        boxes = P.draw_groups(scratch, as_public)
        groups = {
            (b["at"], b.get("on")) for b in own.blocks if b["id"] in shown and b["at"] not in ("off", "gone")
        }
        assert groups <= set(boxes)
        for im in (mine, theirs):
            d = ImageDraw.Draw(im)
            for key in groups:
                x0, y0, x1, y1 = boxes[key]
                d.rectangle((x0 - 3, y0 - 3, x1 + 3, y1 + 3), fill=(0, 0, 0))
        assert mine.tobytes() == theirs.tobytes()


def test_a_private_map_carries_an_eyes_only_badge() -> None:
    """A private picture says whose eyes it is for, in that side's colour (the public one has no badge)."""
    views = _views(0)
    x, y = B.size()[0] - B.MAP_X - 8, B.TITLE_H // 2
    for role in ("french", "allies"):
        px = P.map_image(views[role]).convert("RGB").getpixel((x, y))
        assert colours.delta_e(px, TC.SIDE[role]) < 10  # type: ignore[arg-type]
    px = P.map_image(views["public"]).convert("RGB").getpixel((x, y))
    assert colours.delta_e(px, TC.TITLE_BG) < 10  # type: ignore[arg-type]


def test_night_is_said_in_the_title_bar() -> None:
    """14: at night the title bar turns night-blue and says so in a word and a moon."""
    v = _views(0)["public"]
    day = P.map_image(v).convert("RGB").getpixel((3, 3))
    night = P.map_image(dataclasses.replace(v, night=True)).convert("RGB").getpixel((3, 3))
    assert colours.delta_e(day, TC.TITLE_BG) < 10  # type: ignore[arg-type]
    assert colours.delta_e(night, TC.NIGHT) < 10  # type: ignore[arg-type]


def test_the_1_december_time_track_has_its_night() -> None:
    """14: the 1-2 December track holds a night round, drawn night-blue in the time track."""
    v = _views(0, "1dec")["public"]
    rounds = B.data().scenario("1dec").rounds
    assert any(r.night for r in rounds)
    _open(P.draw_map(v))


def test_morale_tracks_show_each_side_s_morale() -> None:
    """13: each side's morale track changes with its morale."""
    v = _views(0)["public"]
    lower = dataclasses.replace(v, morale={**v.morale, "french": v.morale["french"] - 5})
    a, b = P.map_image(v).convert("RGB"), P.map_image(lower).convert("RGB")
    diff = Image.frombytes("RGB", a.size, bytes(x ^ y for x, y in zip(a.tobytes(), b.tobytes(), strict=True)))
    box = diff.getbbox()
    assert box is not None
    assert box[0] >= P.tracks_box()[0] and box[2] <= P.tracks_box()[2]


def test_wide_and_narrow_approaches_look_different() -> None:
    """4: a wide approach's bar is long and doubled, a narrow one's short: the ink differs by far."""

    def ink(wide: bool) -> int:
        im = Image.new("RGB", (120, 40), (255, 255, 255))
        B.approach_bar(ImageDraw.Draw(im), (0, 20), (120, 20), wide, 1)
        return sum(1 for p in im.convert("L").tobytes() if p < 128)

    assert ink(True) > 3 * ink(False) > 0


def test_every_approach_has_a_border_to_draw_on() -> None:
    t = B.data()
    for loc in t.locales:
        for ap in loc.approaches:
            p, q = B.border(loc.id, ap.to)
            assert p != q


def test_faces_read_as_the_engine_writes_them() -> None:
    assert parse_face("inf-2") == ("infantry", 2, False)
    assert parse_face("guard-3") == ("infantry", 3, True)
    assert parse_face("art-1") == ("artillery", 1, False)


@lru_cache(maxsize=1)
def _attacks() -> dict[str, dict[str, View]]:
    out: dict[str, dict[str, View]] = {}
    for seed in (1, 2):
        for step, by_role in samples.attack_views(seed).items():
            out.setdefault(step, by_role)
    return out


def test_attacks_reach_their_steps() -> None:
    assert {"defend", "feint", "lead"} <= set(_attacks())


def test_attack_picture_for_every_step_and_role() -> None:
    """11: the attack picture at each step reached, for each role: a PNG at least the stated size."""
    for by_role in _attacks().values():
        for role in ROLES:
            im = _open(A.draw_attack(by_role[role]))
            assert im.width == A.WIDTH and im.height >= A.HEIGHT


def test_attack_picture_shows_only_what_the_view_reveals() -> None:
    """11.4, G7, G5: a side's attack picture drawn as the public sees it is the public picture; the
    defender's own picture of the defend-or-feint steps differs (its sealed defence leaders, its faces)."""
    for step, by_role in _attacks().items():
        public = by_role["public"]
        for role in ("french", "allies"):
            assert A.draw_attack(_strip(by_role[role], public)) == A.draw_attack(public), (step, role)
    feint = _attacks()["feint"]
    defender = "french" if feint["public"].attack["attacker"] == "allies" else "allies"  # type: ignore[index]
    assert "defence_leaders" in feint[defender].attack  # type: ignore[operator]
    assert "defence_leaders" not in feint["public"].attack  # type: ignore[operator]


def test_no_attack_draws_a_plain_picture() -> None:
    v = _views(0)["public"]
    assert v.attack is None
    im = _open(A.draw_attack(v))
    assert im.size == (A.WIDTH, A.HEIGHT)


def test_japanese_pictures_draw() -> None:
    """Japanese labels, the locales and commanders by the data's Japanese names (``name_ja``)."""
    v = _views(150)["french"]
    ja, en = P.draw_map(v, "ja"), P.draw_map(v, "en")
    assert _open(ja).size == B.size() and ja != en
    att = next(iter(_attacks().values()))["allies"]
    assert _open(A.draw_attack(att, "ja")).width == A.WIDTH
    assert A.draw_attack(att, "ja") != A.draw_attack(att, "en")


def test_the_japanese_map_names_locales_and_commanders_in_japanese() -> None:
    from renderers.triumph import sprites as S

    assert (
        B.locale_name("austerlitz", "ja") == "アウステルリッツ"
        and B.locale_name("austerlitz") == "Austerlitz"
    )
    en, ja = B.name_boxes("latin"), B.name_boxes("ja")
    assert en.keys() == ja.keys() and en != ja
    for loc in B.data().locales:  # two lines at most, each as wide as an English one, cut at a word's end
        lines = B.name_lines(loc.name_ja, "ja")
        assert "".join(lines) == loc.name_ja and len(lines) <= 2
        assert all(fonts.text_length(x, B.NAME_PX, "condensed", "ja") <= 118 for x in lines), lines
        assert not any(x[0] in "のと" for x in lines[1:]), lines
    assert B.name_lines("ブラソヴィッツ東の高地", "ja") == ["ブラソヴィッツ", "東の高地"]
    # the names are drawn where the boxes say: the Japanese map's pixels there are not the English map's
    x0, y0, x1, y1 = (round(v) for v in ja["pratzen_centre"])
    crop = (x0, y0, x1, y1)
    assert B._geo("ja").crop(crop).tobytes() != B._geo("latin").crop(crop).tobytes()
    # a pennant in Japanese: the Japanese family's glyphs, not the Latin font's empty boxes
    pennant = S.commander("french", "ランヌ", "ja")
    tofu = S.commander("french", "ランヌ")
    assert pennant.tobytes() != tofu.tobytes()
    g = Game.new(seed=3)
    off = P._commander_name(B.data(), "davout", "ja")
    assert off == "ダヴー" and P._commander_name(B.data(), "davout", "latin") == "Davout"
    assert P.draw_map(g.view("public"), "ja") != P.draw_map(g.view("public"), "en")
    # the rounds' times in Japanese too; English as it was
    assert text.when("2 Dec 07:00", "ja") == "12月2日 07:00" and text.when("2 Dec", "ja") == "12月2日"
    assert text.when("1 Dec night", "ja").startswith("12月1日 夜")
    assert text.when("2 Dec 07:00") == "2 Dec 07:00"
    assert "12月2日 07:00" in P._sub(g.view("public"), "ja")
    assert "2 Dec 07:00" in P._sub(g.view("public"), "en")


def test_texts_in_both_languages_with_the_same_fields() -> None:
    import string

    assert set(text.EN) == set(text.JA)
    for key, en in text.EN.items():
        fields = {f for _, f, _, _ in string.Formatter().parse(en) if f}
        assert fields == {f for _, f, _, _ in string.Formatter().parse(text.JA[key]) if f}, key


def test_no_text_under_12_px() -> None:
    fonts.SIZES_USED.clear()
    B._BASES.clear()
    B.base_for("en")
    P.draw_map(_views(150)["allies"])
    A.draw_attack(next(iter(_attacks().values()))["french"])
    assert fonts.SIZES_USED and min(fonts.SIZES_USED) >= fonts.MIN_TEXT_PX


def _sweep(seed: int, scenario: str, every: int, most: int) -> int:
    game = Game.new(Options(scenario=scenario), seed)
    rng = random.Random(seed)
    drawn = 0
    for n in range(most):
        if game.over:
            break
        if n % every == 0 or (game.state.attack is not None and n % 3 == 0):
            for role in ROLES:
                v: Any = game.view(role, events=False)
                _open(P.draw_map(v))
                if v.attack is not None:
                    _open(A.draw_attack(v))
                drawn += 1
        role = game.active()[0]
        game.apply(role, rng.choice(game.legal(role).choices))
    for role in ROLES:
        _open(P.draw_map(game.view(role, events=False)))
    return drawn


@pytest.mark.parametrize(("seed", "scenario"), [(5, "2dec"), (6, "1dec"), (7, "2dec")])
def test_sweep_of_random_games_draws(seed: int, scenario: str) -> None:
    """Every role's map (and attack picture while one is under way) over the states of a random game."""
    assert _sweep(seed, scenario, 15, 150) > 10


def test_game_over_says_who_won_and_why() -> None:
    """13, 16: the title bar of a finished game names the winner and the reason, in both languages."""
    v = _views(0)["public"]
    over = dataclasses.replace(v, winner="french", reason="objectives", step="over", active=())
    assert "objectives, 16" in P._sub(over, "en") and "French" in P._sub(over, "en")
    assert "目標" in P._sub(over, "ja")
    _open(P.draw_map(over, "ja"))
