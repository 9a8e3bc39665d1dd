"""Eagles of the Empire's pictures (``renderers/eagles``): the area map of the set-up and of a mid-game view,
every area's card placed cleanly (inside the map, on no other card, area name or LOS point, beside its own
area or naming it), the line of sight with its blocker marked, the crop round the last activation, the
colour-vision check, both languages, and the registration the bot and the tools look the pictures up by."""

from __future__ import annotations

import io
import math
import random
import string
from functools import lru_cache
from typing import Any

import pytest
from PIL import Image

from engine import modules
from renderers import colours, fonts, registry
from renderers.cards import Placed, _crosses
from renderers.eagles import base as B
from renderers.eagles import board as G
from renderers.eagles import colours as EC
from renderers.eagles import pictures as P
from renderers.eagles import read as R
from renderers.eagles import samples, text
from renderers.eagles import sprites as S
from renderers.geometry import Box, overlap
from tools import fuzz
from tools.picture_sweep import Sampler

PNG = b"\x89PNG\r\n\x1a\n"


def _open(png: bytes) -> Image.Image:
    assert png[:8] == PNG
    im = Image.open(io.BytesIO(png))
    im.load()
    return im


def _rgb(png: bytes) -> Image.Image:
    return _open(png).convert("RGB")


def _pixels(im: Image.Image) -> list[tuple[int, int, int]]:
    raw = im.convert("RGB").tobytes()
    return [(raw[i], raw[i + 1], raw[i + 2]) for i in range(0, len(raw), 3)]


# ---------------------------------------------------------------------------------------------------------
# the platform


def test_registered_for_the_platform() -> None:
    """The module's picture kinds are drawn by this package, and its samples are the tools' (the picture
    demo, the render bench, the picture sweep: renderers/registry.py)."""
    assert registry.drawing("eagles", "map") is P.draw_map
    assert registry.drawing("eagles", "los") is P.draw_los
    assert registry.drawing("eagles", "action") is P.draw_action
    assert registry.samples("eagles") is samples
    registry.warm("en", ("eagles",))


def test_the_demo_writes_every_sample() -> None:
    out: dict[str, bytes] = {}
    samples.demo(out.__setitem__)
    assert {"eagles-map-start.png", "eagles-map-mid.png", "eagles-los-area.png", "eagles-action.png"} <= set(
        out
    )
    for png in out.values():
        _open(png)


# ---------------------------------------------------------------------------------------------------------
# the map


def test_the_map_has_the_42_areas_of_the_data() -> None:
    """Every area of the data is drawn as its region: its LOS point inside it, its neighbours' regions
    sharing a border with it (or a corner: a diagonal contact, 2.3)."""
    b = G.board()
    assert len(b.areas) == 42
    for aid in b.areas:
        assert G.inside(aid, G.centre(aid))
        assert len(G.polygon(aid)) >= 3
    for (a, c), link in b.links.items():
        if not link.diagonal:
            assert (a, c) in G.borders(), (a, c)


@pytest.mark.parametrize("name", ["setup", "mid"])
def test_the_map_draws_the_set_up_and_a_mid_game_view(name: str) -> None:
    view = samples.setup_view() if name == "setup" else samples.mid_view()
    png = P.draw_map(view)
    im = _open(png)
    assert im.size == G.size() and im.mode == "P"
    assert len(png) < 1_000_000
    assert P.draw_map(view) == png  # same view, same bytes


def test_the_map_draws_the_engine_s_views_of_a_new_game() -> None:
    """The engine's own views (``view(role)``, open information: every role sees the same units) are drawn
    as they are, the same picture for every role; they place the units as our set-up view does."""
    module = modules.get("eagles")
    game = module.new_game(module.make_options(module.defaults()), 1)
    pngs = {role: P.draw_map(game.view(role, events=False)) for role in ("public", "french", "allies")}
    for png in pngs.values():
        assert _open(png).size == G.size()
    assert len(set(pngs.values())) == 1
    engine = R.read(game.view("public", events=False)).on_map()
    ours = R.read(samples.setup_view()).on_map()
    assert {a: sorted(u.id for u in us) for a, (us, _) in engine.items()} == {
        a: sorted(u.id for u in us) for a, (us, _) in ours.items()
    }


def test_every_unit_on_the_map_is_on_its_areas_card() -> None:
    """Each area holding units or leaders has one card; it holds them all (a counter or pennant each)."""
    view = samples.mid_view()
    pic = R.read(view)
    cards = {c.area: c for c in P._cards(pic)}
    for area, (units, leaders) in pic.on_map().items():
        assert len(cards[area].sprites) == len(units) + len(leaders)
    placed = P.card_layout(view)
    assert set(placed) == set(pic.on_map())


def test_units_off_the_map_are_not_drawn_on_it() -> None:
    view = samples.setup_view()
    pic = R.read(view)
    assert "F03" not in {u.id for us, _ in pic.on_map().values() for u in us}
    assert any(u.id == "F03" and u.at in R.OFF for u in pic.units)


def test_strength_and_steps_change_the_counter() -> None:
    full = S.counter("french", "F02", "infantry", True, 3, 3, 3, -90.0)
    hit = S.counter("french", "F02", "infantry", True, 2, 2, 3, -90.0)
    assert full.tobytes() != hit.tobytes()
    assert full.width > S.counter("french", "F04", "cavalry", False, 2, 2, 2, None).width  # long drawn long


def test_the_facing_arrow_points_at_the_faced_neighbour() -> None:
    """13.9: the arrow of a counter in S1 facing V1 points north (V1 lies north); from C2, south-east."""
    assert -100 <= P.facing_angle("S1", "V1") <= -80
    assert 0 < P.facing_angle("C2", "V1") < 90
    north = S.counter("french", "F02", "infantry", True, 3, 3, 3, P.facing_angle("S1", "V1"))
    south = S.counter("french", "F02", "infantry", True, 3, 3, 3, P.facing_angle("V1", "S1"))
    assert north.tobytes() != south.tobytes()


def test_a_long_counter_s_front_lies_along_the_border_it_faces() -> None:
    """13.9: a long counter's front is drawn inside its area, along the border of the neighbour it faces."""
    view = samples.setup_view()
    one = {**view, "units": [u for u in view["units"] if u["id"] == "F02"]}
    turned = {**one, "units": [{**one["units"][0], "facing": "S3"}]}
    a, b = P.map_image(one).convert("RGB"), P.map_image(turned).convert("RGB")
    (p, q) = G.border("S1", "V1")
    mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
    cx, cy = G.centre("S1")
    ln = math.dist(mid, (cx, cy))
    probe = (round(mid[0] + (cx - mid[0]) / ln * 5), round(mid[1] + (cy - mid[1]) / ln * 5))
    assert colours.delta_e(a.getpixel(probe), EC.FRENCH) < 12  # type: ignore[arg-type]
    assert colours.delta_e(b.getpixel(probe), EC.FRENCH) > 12  # type: ignore[arg-type]


def test_victory_areas_show_who_holds_them() -> None:
    """Our scenario's victory areas: the VP badge is in the colour of the side holding the area."""
    view = samples.mid_view()
    x0, y0, _, y1 = B.vp_box("V1")
    at = (round(x0 + 3), round((y0 + y1) / 2))
    french = P.map_image(view).convert("RGB").getpixel(at)
    allied = P.map_image({**view, "holders": {**view["holders"], "V1": "allies"}}).convert("RGB").getpixel(at)
    assert colours.delta_e(french, EC.FRENCH) < 12  # type: ignore[arg-type]
    assert colours.delta_e(allied, EC.ALLIES) < 12  # type: ignore[arg-type]


def test_the_title_line_says_turn_time_weather_vp_and_who_acts() -> None:
    pic = R.read(samples.mid_view())
    sub = P._sub(pic, "en")
    assert "turn 4 of 8" in sub and "17:00" in sub and "clear" in sub
    assert "French 9" in sub and "Allies 7" in sub and "Allies" in sub.split("to act:")[1]
    over = R.read({**samples.mid_view(), "winner": "allies"})
    assert "Allied victory" in P._sub(over, "en")
    assert "ターン 4/8" in P._sub(pic, "ja")
    dusk = R.read({**samples.mid_view(), "turn": 8, "time": "21:00", "light": "dusk"})
    assert "21:00 (dusk)" in P._sub(dusk, "en")
    both = R.read({**samples.mid_view(), "active": ["french", "allies"]})
    assert "to act: French, Allies" in P._sub(both, "en")


def _alone(units: list[dict[str, Any]], leaders: list[dict[str, Any]]) -> dict[str, Any]:
    return {**samples.setup_view(), "units": units, "leaders": leaders, "army_commander": {}}


def test_a_command_range_is_traced_as_the_rules_trace_command() -> None:
    """2.21, 9.1, 9.11: Foy (range 2) in S1 reaches two areas out over an empty map; an area of enemy combat
    units ends the trace there (it is reached, nothing beyond it through it); an enemy unit flanking a corner
    closes the corner."""
    foy = [{"id": "F-L4", "at": "S1"}]
    free = P.command_areas(R.read(_alone([], foy)), "F-L4")
    assert set(free) == set(G.distances("S1", 2))
    assert "C2" in free  # S1 - V1 - C2
    line = [{"id": "A01", "at": "V1"}, {"id": "A02", "at": "V2"}, {"id": "A11", "at": "V4"}]
    held = P.command_areas(R.read(_alone(line, foy)), "F-L4")
    assert {"V1", "V2", "V4"} <= set(held) and "C2" not in held and "V3" not in held
    # 9.5: the army commander with his HQ in his area reaches one further
    duke = [{"id": "A-L1", "at": "C1"}]
    hq = [{"id": "A-HQ", "at": "C1"}]
    plain = P.command_areas(R.read(_alone([], duke)), "A-L1")
    army = R.read({**_alone(hq, duke), "army_commander": {"allies": "A-L1"}})
    assert len(P.command_areas(army, "A-L1")) > len(plain) == len(G.distances("C1", 4))
    # 9.1: a corner (W1-C1 is one) is closed when an area flanking it holds enemy units
    corner = G.board().link("C1", "W1")
    assert corner is not None and corner.diagonal
    one = [{"id": "A-L8", "at": "W1"}]  # van Merlen, range 1
    assert "C1" in P.command_areas(R.read(_alone([], one)), "A-L8")
    flank = sorted(set(G.board().neighbours("C1")) & set(G.board().neighbours("W1")))
    blocked = [{"id": "F04", "at": a} for a in flank[:1]] + [{"id": "F05", "at": a} for a in flank[1:2]]
    assert "C1" not in P.command_areas(R.read(_alone(blocked, one)), "A-L8")


def test_a_command_range_is_shaded_on_demand() -> None:
    """9.0: asked for a leader's command range, the areas within it are hatched; the others are not."""
    view = samples.mid_view()
    plain = P.map_image(view).convert("RGB")
    shaded = P.map_image({"view": view, "command": "F-L4"}).convert("RGB")
    areas = P.command_areas(R.read(view), "F-L4")
    assert "V1" in areas and "S1" in areas and "N1" not in areas

    def changed(area: str) -> int:
        x0, y0, x1, y1 = (round(v) for v in G.area_box(area))
        n = 0
        for x in range(x0, x1, 3):
            for y in range(y0, y1, 3):
                if G.inside(area, (x, y)) and plain.getpixel((x, y)) != shaded.getpixel((x, y)):
                    n += 1
        return n

    assert changed("S2") > 50  # in range, no card on it
    assert changed("W7") == 0  # out of range
    # the view's own range wins where the engine tells it
    told = P.command_areas(R.read({**view, "command_areas": {"F-L4": ["V1"]}}), "F-L4")
    assert told == ("V1",)


# ---------------------------------------------------------------------------------------------------------
# cards: clean placement


def _gap(box: Box, other: Box) -> float:
    dx = max(other[0] - box[2], box[0] - other[2], 0.0)
    dy = max(other[1] - box[3], box[1] - other[3], 0.0)
    return math.hypot(dx, dy)


def problems(placed: dict[str, Placed]) -> list[str]:
    """What is wrong with ``placed`` (cards by area): a card outside the map (but in the panel's free part,
    with a letter or a leader line to its area), on another card, on another
    area's id and name or LOS point; a card that neither touches its own LOS point with its centre in its
    own area nor names its area in a header (with a leader line or a tag beside its area); a leader line
    across another card."""
    out = []
    mx0, my0, mx1, my1 = G.map_box()
    margin = P.margin_box()
    labels, dots = B.labels(), B.dots()
    for area, p in sorted(placed.items()):
        box = p.box
        in_map = box[0] >= mx0 and box[1] >= my0 and box[2] <= mx1 and box[3] <= my1
        in_margin = (
            box[0] >= margin[0] and box[1] >= margin[1] and box[2] <= margin[2] and box[3] <= margin[3]
        )
        if not in_map and not (in_margin and (p.key or p.leader is not None)):
            out.append(
                f"{area}'s card leaves the map (and is not in the panel's free part, tied to its area)"
            )
        out += [
            f"{area}'s card covers {o}'s card" for o, q in placed.items() if o != area and overlap(box, q.box)
        ]
        out += [
            f"{area}'s card covers {o}'s name" for o, n in labels.items() if o != area and overlap(box, n)
        ]
        out += [
            f"{area}'s card covers {o}'s LOS point" for o, d in dots.items() if o != area and overlap(box, d)
        ]
        if p.tag is not None:
            out += [
                f"{area}'s tag covers {o}'s card"
                for o, q in placed.items()
                if o != area and overlap(p.tag, q.box)
            ]
        centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        docked = _gap(box, dots[area]) <= 6 and G.inside(area, centre)
        if not docked and not p.headed:
            out.append(f"{area}'s card stands away from its area without naming it")
        if p.headed and not (p.leader is not None or p.tag is not None or p.over_name):
            out.append(f"{area}'s card names its area but nothing ties it to it")
    return out


def crossings(placed: dict[str, Placed]) -> list[str]:
    """The leader lines that cross another area's card."""
    return [
        f"{area}'s leader line crosses {o}'s card"
        for area, p in sorted(placed.items())
        for line in p.path
        for o, q in placed.items()
        if o != area and _crosses(line, q.box)
    ]


def _random_view(seed: int) -> dict[str, Any]:
    """Units and leaders scattered over the map (up to four counters an area, both sides), facing a
    neighbour each where they have a facing: a stress test of the cards' places."""
    rng = random.Random(seed)
    b = G.board()
    areas = sorted(b.areas)
    crowd = rng.sample(areas, rng.randint(10, 26))
    units, leaders = [], []
    for uid in sorted(b.units):
        at = rng.choice(crowd) if rng.random() < 0.85 else "off"
        facing = rng.choice(G.data().facings(at)) if at in b.areas else None
        info = b.units[uid]
        steps = rng.randint(1, info.steps)
        units.append({"id": uid, "at": at, "facing": facing, "steps": steps, "sp": steps})
    for lid in sorted(b.leaders):
        leaders.append({"id": lid, "at": rng.choice(crowd) if rng.random() < 0.8 else "off"})
    return {**samples.mid_view(), "units": units, "leaders": leaders}


@lru_cache(maxsize=1)
def _layouts() -> list[tuple[str, dict[str, Placed]]]:
    out = [("set-up", P.card_layout(samples.setup_view())), ("mid-game", P.card_layout(samples.mid_view()))]
    out += [(f"random {s}", P.card_layout(_random_view(s))) for s in range(12)]
    return out


def test_every_card_is_placed_cleanly() -> None:
    """Every card inside the map, on no other card, name or LOS point; beside its own area's LOS point (its
    centre in that area) or naming its area in a header, tied to it by a leader line or a lettered tag."""
    found = [f"{where}: {p}" for where, placed in _layouts() for p in problems(placed)]
    assert not found, "\n".join(found[:30])


def test_leader_lines_cross_no_card() -> None:
    """A card away from its area is tied to it by a leader line that crosses no other card (or, where no
    such place is free, stands in the panel's margin with a letter its area's tag repeats)."""
    found = [f"{where}: {p}" for where, placed in _layouts() for p in crossings(placed)]
    assert not found, "\n".join(found[:30])


def test_the_set_up_and_the_mid_game_cards_stand_by_their_areas() -> None:
    """In the sample views most cards dock at their own LOS point (the margin is for the crowded few)."""
    for where, placed in _layouts()[:2]:
        margin = [a for a, p in placed.items() if p.key]
        assert len(margin) <= 2, (where, margin)


# ---------------------------------------------------------------------------------------------------------
# line of sight and the crop


def test_the_los_picture_marks_the_blocking_area() -> None:
    """12.5: the area that blocks is outlined and crossed out in the blocker's colour; the answer is the
    engine's (taken as given) and written under the crop."""
    subject = samples.los_subjects()["area"]
    blocked = _rgb(P.draw_los(subject))
    clear = _rgb(P.draw_los(samples.los_subjects()["clear"]))

    def pink(im: Image.Image) -> int:
        return sum(1 for px in _pixels(im) if colours.delta_e(px, EC.BLOCKED) < 15)

    assert pink(blocked) > 300 > pink(clear)
    assert "W2" in P.between("S1", "W1")


def test_the_los_picture_marks_a_blocking_border() -> None:
    """12.5 b: a border "A|B" that blocks is drawn thick in the blocker's colour."""
    subject = samples.los_subjects()["border"]
    im = _rgb(P.draw_los(subject))
    assert sum(1 for px in _pixels(im) if colours.delta_e(px, EC.BLOCKED) < 15) > 150


def test_the_los_picture_shows_the_engine_s_answer() -> None:
    """The answer is the engine's: its ``los`` event's message key said in the picture's language with the
    event's values, or a text as given."""
    s = samples.los_subjects()["area"]
    assert s["why"] == "eagles.los.obstacle" and s["blocker"] == "W2"
    assert "W2" in P.answer(s, "en") and "eagles." not in P.answer(s, "en")
    assert P.answer(s, "ja") != P.answer(s, "en")
    assert P.answer({**s, "why": "a reason as said"}, "en") == "a reason as said"
    with_why = P.los_image(s)
    other = P.los_image({**s, "why": "a different reason from the engine"})
    assert with_why.tobytes() != other.tobytes()


def test_the_los_picture_marks_ground_that_blocks() -> None:
    """12.5: higher ground between (the engine names the area) is crossed out like any blocking area."""
    s = samples.los_subjects()["ground"]
    assert s["ok"] is False and s["blocker"] in G.board().areas
    im = _rgb(P.draw_los(s))
    assert sum(1 for px in _pixels(im) if colours.delta_e(px, EC.BLOCKED) < 15) > 300


def test_intervening_areas_are_those_the_line_crosses() -> None:
    """G25: the areas between two LOS points, in order, are those the straight line crosses."""
    assert "V1" in P.between("S1", "C2")
    assert P.between("C2", "S1") == tuple(reversed(P.between("S1", "C2")))
    assert P.between("S1", "V1") == ()
    assert P.between("S1", "C1")[0] == "V1" and P.between("S1", "C1")[-1] == "C2"


def test_the_crop_contains_the_action_s_areas() -> None:
    """The crop round the last activation holds every area of it and its cards."""
    view = samples.mid_view()
    last = view["last_activation"]["areas"]
    placed = P.card_layout(view)
    near, far = P._card_boxes(view, "en", last)
    box = P.whole_cards(P.crop_box(last, cards=near), view, "en")
    for a in last:
        ab = G.area_box(a)
        # the crop holds each area's LOS point and card
        x, y = G.centre(a)
        assert box[0] <= x <= box[2] and box[1] <= y <= box[3]
        assert overlap(box, ab) > 0
        # ... and its card, or its tag when the card stands in the margin (drawn under the crop)
        pl = placed[a]
        cb = pl.tag if pl.key and pl.tag is not None else pl.box
        assert box[0] <= cb[0] and box[1] <= cb[1] and box[2] >= cb[2] and box[3] >= cb[3], a
        if pl.key:
            assert pl.box in far
    im = P.action_image(view)
    assert im.width == max(box[2] - box[0] + 24, 560)
    assert im.height >= G.TITLE_H + (box[3] - box[1]) + sum(round(b[3] - b[1]) for b in far)
    _open(P.draw_action(view))


def test_the_last_activation_is_found_in_the_log() -> None:
    """The areas of the last activation (8.1): its formations' units and leaders, and the areas its events
    name, from the last ``activate`` on; the log may come with the subject (the bot's views carry none)."""
    view = {**samples.mid_view(), "last_activation": None, "activation": None, "events": []}
    log = [
        {"kind": "activate", "side": "french", "formations": ["kellermann"]},
        {"kind": "move", "side": "french", "units": ["F15"], "from": "S7", "to": "S5", "path": ["S7", "S5"]},
        {"kind": "action-end", "side": "french", "formations": ["kellermann"]},
    ]
    units = [
        {**u, "formation": "kellermann" if u["id"] in ("F06", "F07", "F15") else "x"} for u in view["units"]
    ]
    view = {**view, "units": units, "formations": [{"id": "kellermann", "leader": "F-L7"}]}
    old = [{"kind": "activate", "side": "allies", "formations": ["x"]}, {"kind": "move", "to": "N1"}]
    assert R.read({**view, "events": old + log}).last == ("S5", "S7")
    assert R.read(view, old + log).last == ("S5", "S7")
    assert R.read(view).last == ()
    crop = P.action_image({"view": view, "events": log})
    assert crop.size != P.action_image(view).size
    assert P.action_image({"view": view, "areas": ["S5", "S7"]}).tobytes() == crop.tobytes()


def test_no_activation_under_way_draws_the_whole_map_small() -> None:
    im = _open(P.draw_action(samples.setup_view()))
    assert im.width >= 560


# ---------------------------------------------------------------------------------------------------------
# colours, words, sizes


def test_side_colours_apart_for_colour_blind_viewers() -> None:
    """The two sides' counters, and the marks of line of sight, stay apart for deuteranopes, protanopes and
    tritanopes (CIE76 above 25 for the sides; the blocker, clear sight and the range's yellow above 20 from
    one another and from the ink)."""
    fr, al = EC.SIDE["french"], EC.SIDE["allies"]
    pairs = [(fr, al, 25.0), (EC.BLOCKED, EC.CLEAR_SIGHT, 20.0), (EC.BLOCKED, EC.INK, 20.0),
             (EC.RANGE, EC.INK, 20.0), (EC.NOW, EC.INK, 20.0)]  # fmt: skip
    for a, b, least in pairs:
        assert colours.delta_e(a, b) > least
        for kind in colours.CVD:
            assert colours.delta_e(colours.simulate(a, kind), colours.simulate(b, kind)) > least, (a, b, kind)


def test_valley_and_ridge_differ_in_lightness() -> None:
    """12.55: elevation is told by lightness (the ridges darker), so it holds for every viewer."""
    for terrain in ("clear", "woods", "marsh"):
        low, high = colours.lab(B.ground(terrain, 0))[0], colours.lab(B.ground(terrain, 1))[0]
        assert low - high > 6, terrain


def test_texts_in_both_languages_with_the_same_fields() -> None:
    assert set(text.EN) == set(text.JA)
    for key, en in text.EN.items():
        fields = {f for _, f, _, _ in string.Formatter().parse(en) if f}
        assert fields == {f for _, f, _, _ in string.Formatter().parse(text.JA[key]) if f}, key


def test_japanese_pictures_draw() -> None:
    view = samples.mid_view()
    ja, en = P.draw_map(view, "ja"), P.draw_map(view, "en")
    assert _open(ja).size == G.size() and ja != en
    _open(P.draw_los(samples.los_subjects()["border"], "ja"))
    _open(P.draw_action(view, "ja"))


def test_no_text_under_12_px() -> None:
    fonts.SIZES_USED.clear()
    B._BASES.clear()
    B.base_for("en")
    P.draw_map(samples.mid_view())
    P.draw_los(samples.los_subjects()["area"])
    P.draw_action(samples.mid_view())
    assert fonts.SIZES_USED and min(fonts.SIZES_USED) >= fonts.MIN_TEXT_PX


def test_area_names_do_not_overlap() -> None:
    labels = B.labels()
    ids = sorted(labels)
    bad = [(a, c) for i, a in enumerate(ids) for c in ids[i + 1 :] if overlap(labels[a], labels[c]) > 0]
    assert not bad
    x0, y0, x1, y1 = G.map_box()
    for a, box in labels.items():
        assert box[0] >= x0 and box[2] <= x1 and box[1] >= y0 and box[3] <= y1, a


# ---------------------------------------------------------------------------------------------------------
# the picture sweep: random games of the engine, every kind the module declares drawn as the bot draws it


@pytest.mark.parametrize("seed", [1, 2])
def test_the_picture_sweep_draws_every_kind_over_random_games(seed: int) -> None:
    """The fuzzer's picture sweep (tools/picture_sweep.py) over a game of the module's own players: each
    kind the module declares (the map, the line of sight asked, the crop round the action), drawn from the
    subject the module makes of the role's view; a picture that cannot be drawn fails the game."""
    module = modules.get("eagles")
    options, mode = fuzz.plan(module, seed)
    sampler = Sampler(module, seed, every=15)
    fuzz.play(module, seed, options, mode=mode, check_every=False, final_checks=False, pictures=sampler)
    assert sampler.states >= 5 and sampler.pictures >= sampler.states
