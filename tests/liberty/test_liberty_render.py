"""Liberty's pictures (renderers/liberty): the hex map, the battle, the hand.

Hidden information is the point of the game: a block hidden from the viewer has no id in the input
(``Block.face is None``), and these tests check that the picture then depends only on what is public (its side
and place, 2.0). Times are measured in bench/render.py --game liberty, not here."""

from __future__ import annotations

import io
import random
from dataclasses import replace
from typing import Any

import pytest
from PIL import Image

from data.liberty import load_liberty
from renderers import fonts
from renderers.geometry import overlap
from renderers.liberty import (
    BattlePicture,
    Block,
    HandCard,
    HandPicture,
    MapPicture,
    card_layout,
    draw_battle,
    draw_hand,
    draw_map,
    warm,
)
from renderers.liberty import base as BA
from renderers.liberty import geometry as G
from renderers.liberty import text as T
from renderers.liberty.pictures import check_map
from renderers.liberty.pictures import stack_layout as stack_boxes
from renderers.liberty.samples import (
    block,
    crowded_picture,
    face_of,
    sample_battle,
    sample_hand,
    setup_picture,
)

LIB = load_liberty()


def decode(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    im = Image.open(io.BytesIO(png))
    im.load()
    return im


@pytest.fixture(scope="module", autouse=True)
def _warm() -> None:
    warm("en")
    warm("ja")


# -- the map ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("viewer", ["public", "british", "american"])
def test_map_decodes_indexed_under_a_megabyte(viewer: str) -> None:
    png = draw_map(setup_picture(viewer))  # type: ignore[arg-type]
    im = decode(png)
    assert im.size == (G.WIDTH, G.HEIGHT)
    assert im.mode == "P"
    assert len(png) < 1_000_000


def test_map_is_deterministic_and_ignores_the_order_of_the_blocks() -> None:
    pic = setup_picture("british")
    shuffled = list(pic.blocks)
    random.Random(3).shuffle(shuffled)
    assert draw_map(pic) == draw_map(pic) == draw_map(replace(pic, blocks=tuple(shuffled)))


def test_a_hidden_block_shows_nothing_of_its_id() -> None:
    """2.0: the public map of the set-up equals the public map of a set-up with other blocks of the same sides
    in the same places; and the owner's face changes what is drawn."""
    public = setup_picture("public")
    # every British block swapped for another British block, every American for another American
    ids = {"british": [u.id for u in LIB.units if u.side == "british"],
           "american": [u.id for u in LIB.units if u.side == "american"]}  # fmt: skip
    others = []
    for i, e in enumerate(LIB.setup):
        side = LIB.unit(e.id).side
        others.append(block(LIB, ids[side][-1 - i % len(ids[side])], e.at, "public"))
    assert all(b.face is None for b in public.blocks)
    assert draw_map(public) == draw_map(replace(public, blocks=tuple(others)))
    # the same blocks with the owner's faces: the picture differs where the faces are drawn
    british = setup_picture("british")
    a = decode(draw_map(public)).convert("RGB")
    b = decode(draw_map(replace(british, viewer="public"))).convert("RGB")
    boston = card_layout(british)["21.08"].box
    crop = tuple(round(v) for v in boston)
    assert a.crop(crop).tobytes() != b.crop(crop).tobytes()
    # and a face differs from another face in the same place
    howe = [b if not (b.face and b.face.id == "HOWE") else replace(b, face=face_of(LIB, "HOWE", 1))
            for b in british.blocks]  # fmt: skip
    assert draw_map(british) != draw_map(replace(british, blocks=tuple(howe)))


def test_backs_carry_the_count_of_each_side() -> None:
    """A hex's blocks are drawn as one back a side with their number: one block more changes the picture."""
    pic = setup_picture("public")
    more = replace(pic, blocks=(*pic.blocks, Block("21.08", "british")))
    assert draw_map(pic) != draw_map(more)


def test_every_town_has_a_name_over_no_other_name_or_marker() -> None:
    lay = G.layout(LIB)
    on_map = [t.name for t in LIB.towns if t.hex is not None]
    assert sorted(lay.towns) == sorted(on_map) and len(on_map) == 57
    names = list(lay.towns.items())
    for i, (a, box) in enumerate(names):
        assert G.FRAME[0] < box[0] and box[2] < G.FRAME[2] and G.FRAME[1] < box[1] and box[3] < G.FRAME[3], a
        for b, other in names[i + 1 :]:
            assert overlap(box, other) == 0, (a, b)
        for b, marker in lay.markers.items():
            assert overlap(box, marker) == 0, (a, b)
        for wall in (BA.KEY_BOX, BA.PANEL_BOX):
            assert overlap(box, wall) == 0, a


def test_the_key_and_the_boxes_panel_cover_no_hex() -> None:
    """The key stands in the cut-off north-west, the Atlantic box and the West Indies in the open sea."""
    for h in LIB.hexes:
        x, y = G.centre(h.id)
        hexbox = (x - G.S, y - G.H / 2, x + G.S, y + G.H / 2)
        for wall in (BA.KEY_BOX, BA.PANEL_BOX):
            assert overlap(hexbox, wall) == 0, h.id


def test_places_without_a_town_are_named_clear_of_towns_and_ids() -> None:
    """The data's labels in hexes without a town (Saratoga, Monmouth, the Iroquois towns...) are drawn where
    they touch no town's name or marker, no hex id and no other such name."""
    lay = G.layout(LIB)
    assert "Saratoga" in {name for name, _ in lay.labels.values()}
    boxes = [b for _, b in lay.labels.values()]
    for hid, (name, box) in lay.labels.items():
        assert LIB.town_at(hid) is None and any(lb.name == name and lb.hex == hid for lb in LIB.labels)
        others = (
            *lay.towns.values(),
            *lay.markers.values(),
            *lay.hex_ids.values(),
            *(b for b in boxes if b != box),
        )
        assert all(overlap(box, o) == 0 for o in others), name


def test_a_place_without_a_town_keeps_room_for_its_blocks_and_its_id() -> None:
    """A named place's blocks (one side's back) stand clear of its name and every other name and marker, so
    its card finds room beside them; where that takes the name into the hex id's place (Saratoga, between
    its id and Canajoharie's name), the id is still drawn, just below the name."""
    lay = G.layout(LIB)
    taken = [*lay.towns.values(), *lay.markers.values(), *(b for _, b in lay.labels.values())]
    for hid in lay.labels:
        for n in (1, 2) if hid == "18.07" else (1,):
            cx, top = lay.stacks[(hid, n)]
            half = G.stack_width(n) / 2
            backs = (cx - half, top, cx + half, top + G.STACK + G.STACK_STEP)
            assert all(overlap(backs, o) == 0 for o in taken), (hid, n)
        if lay.labels[hid][1][1] < G.centre(hid)[1] - G.H / 2 + G.HEX_ID_PX:  # in the id's place
            assert lay.hex_ids[hid][1] >= lay.labels[hid][1][3], hid
    name, box = lay.labels["18.07"]
    assert name == "Saratoga" and lay.hex_ids["18.07"][1] >= box[3]


def test_hex_ids_drawn_clear_of_names_and_markers() -> None:
    lay = G.layout(LIB)
    assert len(lay.hex_ids) > 250  # most land hexes without a town: ids to type in orders
    for hid, box in lay.hex_ids.items():
        assert LIB.hex(hid).land and LIB.town_at(hid) is None
        assert all(overlap(box, o) == 0 for o in (*lay.towns.values(), *lay.markers.values())), hid


@pytest.mark.parametrize("viewer", ["british", "american"])
@pytest.mark.parametrize("sample", [setup_picture, crowded_picture])
def test_cards_of_faces_cover_no_name_marker_backs_or_other_card(viewer: str, sample: Any) -> None:
    pic = sample(viewer)
    placed = card_layout(pic)
    own = {b.hex for b in pic.blocks if b.face is not None and b.hex[:2].isdigit()}
    assert set(placed) == own
    lay = G.layout(LIB)
    stacks = stack_boxes(pic)
    boxes = list(placed.values())
    for i, p in enumerate(boxes):
        assert all(overlap(p.box, o) == 0 for o in (*lay.towns.values(), *lay.markers.values())), p.town
        assert all(overlap(p.box, q.box) == 0 for q in boxes[i + 1 :]), p.town
        assert all(overlap(p.box, s) == 0 for h, s in stacks.items() if h != p.town), p.town
        assert overlap(p.box, BA.KEY_BOX) == 0 and overlap(p.box, BA.PANEL_BOX) == 0
        x0, y0, x1, y1 = G.FRAME
        assert x0 <= p.box[0] and y0 <= p.box[1] and p.box[2] <= x1 and p.box[3] <= y1
        if p.key:  # in the margin: a tag with its letter touches its own hex's backs
            s = stacks[p.town]
            assert p.tag is not None and p.leader is None, p.town
            gap = max(s[0] - p.tag[2], p.tag[0] - s[2], s[1] - p.tag[3], p.tag[1] - s[3])
            assert gap <= 6, p.town
            assert all(overlap(p.tag, o) == 0 for o in (*lay.towns.values(), *lay.markers.values())), p.town
            assert all(overlap(p.tag, q.box) == 0 for q in boxes), p.town
        elif not p.displaced:  # docked: it touches its own hex's backs, which is what says whose it is
            s = stacks[p.town]
            gap = max(s[0] - p.box[2], p.box[0] - s[2], s[1] - p.box[3], p.box[1] - s[3])
            assert gap <= G.GAP + 2, p.town
        else:  # its leader line runs from its backs to its edge
            sx0, sy0, sx1, sy1 = stacks[p.town]
            assert p.leader is not None and p.leader[0] == ((sx0 + sx1) / 2, (sy0 + sy1) / 2)


def test_battle_and_control_marks_are_drawn() -> None:
    pic = setup_picture("public")
    plain = decode(draw_map(pic)).convert("RGB")
    marked = decode(draw_map(replace(pic, battles=("20.08",), control={"Boston": "american"}))).convert("RGB")
    x, y = G.centre("20.08")
    corner = G.corners((x, y), 0.93)[0]
    assert plain.getpixel((round(corner[0]) - 2, round(corner[1]))) != marked.getpixel(
        (round(corner[0]) - 2, round(corner[1]))
    )
    mx, my = G.marker_centre("21.08")
    ring = (round(mx), round(my - G.TOWN_R - 4))
    assert marked.getpixel(ring) != plain.getpixel(ring)


def test_bad_input_says_what_would_be_accepted() -> None:
    pic = setup_picture("public")
    with pytest.raises(ValueError, match="land hex"):
        check_map(LIB, replace(pic, blocks=(Block("99.99", "british"),)))
    with pytest.raises(ValueError, match="land hexes"):
        check_map(LIB, replace(pic, battles=("24.26",)))  # a sea hex
    with pytest.raises(ValueError, match="Boston"):
        check_map(LIB, replace(pic, control={"Atlantis": "british"}))
    with pytest.raises(ValueError, match="pools"):
        check_map(LIB, replace(pic, pools={"spanish": 2}))


def test_atlantic_and_west_indies_contents() -> None:
    """1.6, 9.1: blocks in the Atlantic box and the West Indies are drawn in the boxes panel."""
    pic = setup_picture("public")
    more = replace(pic, blocks=(*pic.blocks, Block(LIB.atlantic, "british")))
    a = decode(draw_map(pic)).convert("RGB").crop(tuple(round(v) for v in BA.PANEL_BOX))
    b = decode(draw_map(more)).convert("RGB").crop(tuple(round(v) for v in BA.PANEL_BOX))
    assert a.tobytes() != b.tobytes()


def test_japanese_map_draws_and_differs_only_in_its_texts() -> None:
    en = decode(draw_map(setup_picture("british"))).convert("RGB")
    ja = decode(draw_map(setup_picture("british", "ja"))).convert("RGB")
    key = tuple(round(v) for v in BA.KEY_BOX)
    assert en.crop(key).tobytes() != ja.crop(key).tobytes()
    # the map itself (town names and hex ids are the data's, the palette the same) is the same in both
    land = (300, 1300, 960, 1700)
    assert en.crop(land).tobytes() == ja.crop(land).tobytes()


def test_texts_have_the_same_keys_and_fields_in_both_languages() -> None:
    import string

    assert set(T.EN) == set(T.JA) - {k for k in T.JA if k.endswith("#one")} | {
        k for k in T.EN if k.endswith("#one")
    }
    for key, en in T.EN.items():
        base = key.split("#")[0]
        fields_en = {f for _, f, _, _ in string.Formatter().parse(en) if f}
        fields_ja = {f for _, f, _, _ in string.Formatter().parse(T.JA.get(key, T.JA[base])) if f}
        assert fields_en == fields_ja, key


def test_no_text_under_the_minimum_size() -> None:
    fonts.SIZES_USED.clear()
    for loc in ("en", "ja"):
        draw_map(setup_picture("american", loc))
        draw_battle(sample_battle("british", loc))
        draw_hand(sample_hand("british", loc))
    assert fonts.SIZES_USED and min(fonts.SIZES_USED) >= fonts.MIN_TEXT_PX


# -- the battle ---------------------------------------------------------------------------------------------


def test_battle_decodes_and_is_deterministic() -> None:
    pic = sample_battle("british")
    png = draw_battle(pic)
    im = decode(png)
    assert im.width == 1100 and im.mode == "P" and len(png) < 1_000_000
    assert png == draw_battle(pic)
    assert decode(draw_battle(sample_battle("british", "ja"))).size == im.size


def test_battle_hides_the_reserve_from_the_other_side() -> None:
    """The box after 7.5: a reserve is hidden until round 2: which blocks they are does not change the other
    side's picture, and their owner's picture shows them."""
    american = sample_battle("american")
    assert all(b.face is None for b in american.reserves)
    other = replace(american, reserves=(Block("18.07", "british"), Block("18.07", "british")))
    assert draw_battle(american) == draw_battle(other)
    assert draw_battle(replace(sample_battle("british"), viewer="american")) != draw_battle(american)


def test_battle_shows_whose_fire_it_is() -> None:
    pic = sample_battle("public")
    assert draw_battle(pic) != draw_battle(replace(pic, firing=("C", "british")))
    assert draw_battle(pic) != draw_battle(replace(pic, dice=(6, 6, 6, 6)))


def test_battle_groups_blocks_by_letter() -> None:
    """7.21: A before B before C: a block's column is its rating's letter."""
    pic = sample_battle("public")
    gates = next(b for b in pic.attacking if b.face and b.face.id == "GATES")
    assert gates.face is not None and gates.face.rating.startswith("A")
    as_c = replace(gates, face=replace(gates.face, rating="C1"))
    moved = replace(pic, attacking=tuple(as_c if b is gates else b for b in pic.attacking))
    assert draw_battle(pic) != draw_battle(moved)


# -- the hand -----------------------------------------------------------------------------------------------


def test_hand_decodes_grows_with_its_cards_and_is_deterministic() -> None:
    pic = sample_hand("british")
    im = decode(draw_hand(pic))
    assert im.mode == "P"
    assert draw_hand(pic) == draw_hand(pic)
    fewer = decode(draw_hand(replace(pic, cards=pic.cards[:1], played=None)))
    assert fewer.width < im.width
    empty = decode(draw_hand(HandPicture("american", (), 1775, 1)))
    assert empty.height == im.height


def test_hand_values_change_the_picture() -> None:
    a = HandPicture("british", (HandCard("action", 1, "ACT-1"),), 1775, 1)
    b = HandPicture("british", (HandCard("action", 3, "ACT-1"),), 1775, 1)
    c = HandPicture("british", (HandCard("supply", 3, "ACT-1"),), 1775, 1)
    assert len({draw_hand(a), draw_hand(b), draw_hand(c)}) == 3


def test_winter_turn_title() -> None:
    pic = setup_picture("public")
    assert draw_map(pic) != draw_map(replace(pic, turn=0))


def test_model_is_the_documented_input() -> None:
    """An engine view adapts to the model by plain values: frozen, hashable, comparable."""
    pic = sample_battle("public")
    assert isinstance(pic, BattlePicture) and hash(pic.attacking[0]) == hash(pic.attacking[0])
    assert isinstance(setup_picture(), MapPicture)
    with pytest.raises(AttributeError):
        pic.round = 3  # type: ignore[misc]


def test_the_firing_columns_frame_leaves_the_rows_label_clear() -> None:
    """Column A's orange frame (whose fire it is, 7.21) stands below the row's "Defender"/"Attacker" label,
    which reaches into that column: no orange pixel in the label's box."""
    from renderers.liberty import pictures as LP
    from renderers.liberty import sprites as SP

    pic = sample_battle("public")
    for r, side in enumerate((pic.defender, pic.attacker)):
        label = T.say("battle.defender" if r == 0 else "battle.attacker", "en", side=T.side_name(side, "en"))
        im = decode(draw_battle(replace(pic, firing=("A", side)))).convert("RGB")
        y = LP.BATTLE_TOP + 36 + r * LP.ROW_H + 10
        x1 = 20 + fonts.text_length(label, 15, "bold")
        seen = {im.getpixel((x, yy)) for x in range(20, round(x1)) for yy in range(y, y + 18)}
        assert tuple(SP.BATTLE) not in seen, label


@pytest.mark.parametrize("kind", [None, "protanopia", "deuteranopia", "tritanopia"])
def test_the_sides_colours_stay_apart_under_colour_blindness(kind: str | None) -> None:
    """2.0: red British, blue Americans, told apart by colour-blind viewers too (Machado et al. 2009, as
    Napoleon's armies are checked): a CIE76 difference above 25."""
    from renderers import colours
    from renderers.liberty.sprites import SIDE

    red, blue = SIDE["british"], SIDE["american"]
    if kind:
        red, blue = colours.simulate(red, kind), colours.simulate(blue, kind)
    assert colours.delta_e(red, blue) > 25
