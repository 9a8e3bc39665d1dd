"""Liberty's pictures: the hex map, the battle in progress and a player's hand, as PNG bytes.

Each takes one of the frozen inputs of :mod:`renderers.liberty.model` and nothing else (the scenario's data
comes from ``data.liberty``), and is deterministic: the same input gives the same bytes. The map copies its
static layer (:mod:`renderers.liberty.base`), draws the title bar, the blocks and the marks on it, and is
mapped onto the scenario's fixed palette and written as an indexed PNG; the battle and the hand have fixed
palettes of their own. What each shows: ``docs/pictures.md``, "Liberty".
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from data.liberty import Liberty, load_liberty

from ..cards import KEY_GAP, KEY_W, Placed, draw_key, to_margin
from ..fonts import draw_text, font, script_of, text_length
from ..geometry import Box, overlap
from ..palette import encode_png, mapped
from . import base as BA
from . import geometry as G
from . import sprites as P
from . import text as T
from .model import SIDES, BattlePicture, Block, CardKind, HandCard, HandPicture, MapPicture

TITLE_PX = 24
SUB_PX = 17
CARD_PAD = 4
CARD_HEAD = 18
MARGIN_SEA: Box = (600, 1250, 980, 1816)  # the open Atlantic beside the boxes panel: the cards' margin
FACE_GAP = 3
FACES_A_ROW = 3
COMPACT_K = 0.75  # a card docked where a full-size one has no room shows its faces this much smaller


def _lib() -> Liberty:
    return load_liberty()


def _turn_text(year: int, turn: int, locale: str) -> str:
    return (
        T.say("title.winter", locale, year=year)
        if turn == 0
        else T.say("title.turn", locale, year=year, turn=turn)
    )


def _title(im: Image.Image, left: str, sub: str, viewer: str, locale: str, width: int) -> None:
    """The title bar: the game or the picture, a line under it, and a side's "eyes only" badge."""
    im.paste(_title_bar(left, sub, viewer, locale, width), (0, 0))


@lru_cache(maxsize=64)
def _title_bar(left: str, sub: str, viewer: str, locale: str, width: int) -> Image.Image:
    sc = script_of(locale)
    im = Image.new("RGB", (width, G.TITLE_H), P.TITLE_BG)
    d = ImageDraw.Draw(im)
    draw_text(d, (G.MARGIN, 8), left, TITLE_PX, "bold", sc, fill=P.TITLE_TEXT)
    draw_text(d, (G.MARGIN, 36), sub, SUB_PX - 3, "regular", sc, fill=P.TITLE_TEXT)
    if viewer in SIDES:
        badge = T.say("eyes_only", locale, side=T.side_name(viewer, locale))
        w = text_length(badge, SUB_PX, "bold", sc) + 24
        x1 = width - G.MARGIN
        d.rounded_rectangle((x1 - w, 12, x1, G.TITLE_H - 12), radius=6, fill=P.SIDE[viewer])
        draw_text(d, (x1 - w / 2, G.TITLE_H / 2), badge, SUB_PX, "bold", sc, anchor="mm", fill=P.WHITE)
    return im


@lru_cache(maxsize=256)
def _label(text: str, size: int, weight: str, script: str, fill: P.RGB, bg: P.RGB) -> Image.Image:
    """``text`` on a patch of ``bg``, drawn once (the boxes panel's lines repeat from picture to picture)."""
    w = round(text_length(text, size, weight, script)) + 6
    im = Image.new("RGB", (w, size + 8), bg)
    draw_text(ImageDraw.Draw(im), (2, 3), text, size, weight, script, fill=fill)
    return im


def _put(im: Image.Image, xy: tuple[float, float], text: str, size: int, weight: str, script: str,
         fill: P.RGB, bg: P.RGB = P.PANEL_BG) -> None:  # fmt: skip
    im.paste(_label(text, size, weight, script, fill, bg), (round(xy[0]) - 2, round(xy[1]) - 3))


# ---------------------------------------------------------------------------------------------------------
# the map


def _by_place(blocks: Sequence[Block]) -> dict[str, dict[str, list[Block]]]:
    """Blocks by place, then side, each list ordered by what can be told apart without a face (faces by id,
    backs after them): the picture does not depend on the order the input lists them in."""
    out: dict[str, dict[str, list[Block]]] = {}
    for b in blocks:
        out.setdefault(b.hex, {}).setdefault(b.side, []).append(b)
    for sides in out.values():
        for side, lst in sides.items():
            sides[side] = sorted(lst, key=lambda b: (b.face is None, b.face.id if b.face else ""))
    return out


def _faces_size(widths: Sequence[int], head: int, per_row: int, k: float = 1.0) -> tuple[int, int]:
    rows = [widths[i : i + per_row] for i in range(0, len(widths), per_row)]
    w = max(sum(r) + FACE_GAP * (len(r) - 1) for r in rows)
    h = len(rows) * round(P.FACE_H * k) + (len(rows) - 1) * FACE_GAP
    return (w + 2 * CARD_PAD, h + 2 * CARD_PAD + head)


def _card_shape(n: int, shape: int) -> tuple[int, float]:
    """A card of ``n`` faces in its ``shape`` (an index into its sizes, :func:`_map_cards`): faces a row and
    their scale (the full-size shapes first, then the compact ones)."""
    shapes = _per_rows(n)
    return shapes[shape % len(shapes)], (1.0 if shape < len(shapes) else COMPACT_K)


def _per_rows(n: int) -> tuple[int, ...]:
    """The shapes a card of ``n`` faces may take, preferred first: as square as it can, then wider, then
    taller."""
    first = min(n, FACES_A_ROW)
    return tuple(dict.fromkeys(k for k in (first, min(n, 2), min(n, 4), min(n, 6), 1) if k >= 1))


def _paste_faces(im: Image.Image, blocks: Sequence[Block], x0: float, y0: float, right: float) -> float:
    """Faces (and backs of the hidden) left to right from (x0, y0), wrapping at ``right``; the bottom."""
    x, y = x0, y0
    bottom = y0
    for b in blocks:
        s = P.face(b.face) if b.face is not None else P.back(b.side, 1)
        if x > x0 and x + s.width > right:
            x, y = x0, bottom + FACE_GAP
        im.paste(s, (round(x), round(y)), s)
        bottom = max(bottom, y + s.height)
        x += s.width + FACE_GAP
    return bottom


@lru_cache(maxsize=512)
def _head_width(head: str) -> int:
    return round(font(12, "condensed").getlength(head)) + 10


def _card_head(lib: Liberty, hid: str, short: bool = False) -> str:
    """A displaced card's header: its hex's town and id, or its id; ``short`` (a compact card): the town
    alone (an order may name the town)."""
    t = lib.town_at(hid)
    return (t.name if short else f"{t.name} {hid}") if t else hid


def _map_cards(
    lib: Liberty,
    base: BA.Base,
    by_hex: dict[str, dict[str, list[Block]]],
    stack_boxes: dict[str, Box],
    avoid: Sequence[Box],
) -> tuple[dict[str, Placed], dict[str, list[Block]]]:
    """The cards of the faces the viewer sees, each docked to its hex's row of backs (that says whose it is)
    or displaced with a leader line (:func:`geometry.place_face_cards`): no card over a town's name or marker,
    another hex's blocks, the key, the boxes panel or another card."""
    faces: dict[str, list[Block]] = {}
    cards = []
    for hid in sorted(by_hex):
        if hid not in stack_boxes:
            continue
        shown = [b for side in SIDES for b in by_hex[hid].get(side, []) if b.face is not None]
        if not shown:
            continue
        faces[hid] = shown
        docked, displaced = [], []
        for scale in (1.0, COMPACT_K):
            head_w = _head_width(_card_head(lib, hid, scale != 1.0))
            widths = [P.face_width(b.face.id, scale) for b in shown if b.face is not None]
            for k in _per_rows(len(widths)):
                docked.append(_faces_size(widths, 0, k, scale))
                w, h = _faces_size(widths, CARD_HEAD, k, scale)
                displaced.append((max(w, head_w), h))
        n = len(docked) // 2  # a displaced card tries its first two full sizes, then its first compact one
        tried = tuple(dict.fromkeys((0, min(1, n - 1), n)))
        cards.append(G.CardSpec(hid, tuple(docked), tuple(displaced), tried))
    if not cards:
        return {}, faces
    lay = base.layout
    keep_out = [*lay.towns.values(), *lay.markers.values(), *(b for _, b in lay.labels.values()), *avoid]
    placed = G.place_face_cards(cards, stack_boxes, keep_out, G.FRAME)
    # a card with no clean place near its backs goes to the margin, with a key beside its backs
    hexes = {t.name: t.hex for t in lib.towns if t.hex}
    names = {hexes[t]: b for t, b in lay.towns.items() if t in hexes}
    names |= {f"{h} label": b for h, (_, b) in lay.labels.items()}
    dots = {hexes[t]: b for t, b in lay.markers.items() if t in hexes}
    dots |= {f"{h} backs": b for h, b in stack_boxes.items() if h not in placed}
    anchors = {h: stack_boxes[h] for h in placed}
    return to_margin(placed, anchors, names, dots, avoid, G.FRAME, G.GAP, (MARGIN_SEA,)), faces


def _draw_card(im: Image.Image, p: Placed, blocks: list[Block], head: str) -> list[Box]:
    """A card of faces where :func:`_map_cards` placed it (its town and hex in a header when displaced, with
    a leader line); returns the boxes it drew in."""
    d = ImageDraw.Draw(im)
    drawn: list[Box] = [p.box]
    x0, y0, x1, y1 = p.box
    for (ax, ay), (bx, by) in p.path:  # straight, or bent once
        d.line((ax, ay, bx, by), fill=P.INK, width=2)
        drawn.append((min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)))
    d.rectangle((x0, y0, x1, y1), fill=P.PANEL_BG, outline=P.INK, width=1)
    top = y0 + CARD_PAD
    if p.headed:
        d.rectangle((x0, y0, x1, y0 + CARD_HEAD), fill=P.TITLE_BG)
        kx = 0
        if p.key:  # in the margin: the letter of the tag beside its backs
            kx = KEY_W + KEY_GAP
            ky = y0 + (CARD_HEAD - KEY_W) / 2
            draw_key(d, (x0 + 2, ky, x0 + 2 + KEY_W, ky + KEY_W), p.key, P.INK, P.PANEL_BG)
        lab = _label(head, 12, "condensed", "latin", P.TITLE_TEXT, P.TITLE_BG)
        room = round(x1 - x0) - 2 - kx
        im.paste(lab.crop((0, 1, min(lab.width, room), CARD_HEAD)), (round(x0) + 2 + kx, round(y0)))
        top += CARD_HEAD
    if p.tag is not None:
        draw_key(d, p.tag, p.key, P.INK, P.PANEL_BG)
        drawn.append(p.tag)
    per_row, k = _card_shape(len(blocks), p.shape)
    x, y = x0 + CARD_PAD, top
    for i, b in enumerate(blocks):
        if i and i % per_row == 0:
            x, y = x0 + CARD_PAD, y + round(P.FACE_H * k) + FACE_GAP
        s = P.face(b.face, k) if b.face is not None else P.back(b.side, 1)
        im.paste(s, (round(x), round(y)), s)
        x += s.width + FACE_GAP
    return drawn


def _battle_mark(d: ImageDraw.ImageDraw, hid: str) -> Box:
    """5.5: an orange frame round a hex with a battle."""
    x, y = G.centre(hid)
    pts = G.corners((x, y), 0.93)
    d.line([*pts, pts[0]], fill=P.BATTLE, width=4, joint="curve")  # a wide polygon outline costs a full mask
    return (x - G.S, y - G.H / 2, x + G.S, y + G.H / 2)


def _control_ring(d: ImageDraw.ImageDraw, hid: str, value: int, side: str) -> Box:
    """1.2: a ring in the holder's colour round a town held by the side that is not its printed colour's."""
    x, y = G.marker_centre(hid)
    r = (G.TOWN_R if value else G.SMALL_R) + 4
    d.ellipse((x - r, y - r, x + r, y + r), outline=P.SIDE[side], width=3)
    return (x - r, y - r, x + r, y + r)


def _stack_boxes(base: BA.Base, by_hex: dict[str, dict[str, list[Block]]]) -> dict[str, Box]:
    """Where each hex's row of backs stands (one back a side)."""
    boxes: dict[str, Box] = {}
    for hid in sorted(by_hex):
        n = sum(1 for s in SIDES if by_hex[hid].get(s))
        if n and (hid, n) in base.layout.stacks:
            cx, top = base.layout.stacks[(hid, n)]
            half = G.stack_width(n) / 2
            boxes[hid] = (cx - half, top, cx + half, top + G.STACK + G.STACK_STEP)
    return boxes


def _stacks(im: Image.Image, base: BA.Base, by_hex: dict[str, dict[str, list[Block]]]) -> None:
    """Each hex's blocks as backs, one a side with its count (2.0: a block's side is public)."""
    for hid, box in _stack_boxes(base, by_hex).items():
        x = box[0]
        for side in SIDES:
            if by_hex[hid].get(side):
                s = P.back(side, len(by_hex[hid][side]))
                im.paste(s, (round(x), round(box[1])), s)
                x += s.width + G.STACK_GAP


def _renamed(im: Image.Image, lib: Liberty, base: BA.Base, covered: Sequence[Box]) -> list[Box]:
    """Town names a row of backs fell on in the most crowded hexes are written again over it."""
    out = []
    for t in lib.towns:
        box = base.layout.towns.get(t.name)
        if box is not None and any(overlap(box, c) > 0 for c in covered):
            x0, y0 = round(box[0]), round(box[1])
            s = BA.town_name_sprite(t.name, t.colour, round(box[2]) - x0, round(box[3]) - y0)
            im.paste(s, (x0, y0), s)
            out.append(box)
    return out


def _boxes_panel(
    im: Image.Image, lib: Liberty, pic: MapPicture, by_place: dict[str, dict[str, list[Block]]]
) -> None:
    """The Atlantic box (1.6), the two West Indies ports (9.1), the pools (6.1) and France's entry (9.0)."""
    loc = pic.locale
    sc = script_of(loc)
    x0, y0, x1, _ = BA.PANEL_BOX
    x, y = x0 + 10, y0 + 8

    def head(text: str) -> None:
        nonlocal y
        _put(im, (x, y), text, BA.PANEL_HEAD_PX, "bold", sc, P.INK)
        y += BA.PANEL_HEAD_PX + 8

    def contents(place: str) -> None:
        nonlocal y
        sides = by_place.get(place, {})
        blocks = [b for s in SIDES for b in sides.get(s, [])]
        if not blocks:
            _put(im, (x + 4, y), T.say("box.empty", loc), BA.PANEL_PX, "regular", sc, P.INK_SOFT)
            y += BA.PANEL_PX + 10
            return
        shown = [b for b in blocks if b.face is not None]
        hidden = {s: sum(1 for b in sides.get(s, []) if b.face is None) for s in SIDES}
        bottom = _paste_faces(im, shown, x, y, x1 - 8) if shown else y
        bx = x
        by = bottom + FACE_GAP if shown else y
        drew = False
        for side in SIDES:
            if hidden[side]:
                s = P.back(side, hidden[side])
                im.paste(s, (round(bx), round(by)), s)
                bx += s.width + 6
                drew = True
        y = (by + G.STACK + G.STACK_STEP if drew else bottom) + 10

    head(T.say("box.atlantic", loc))
    contents(lib.atlantic)
    head(T.say("box.west_indies", loc))
    for wi in lib.west_indies():
        ink = {"red": (150, 30, 22), "blue": (20, 50, 130)}.get(wi.colour, P.INK)
        top = y
        _put(im, (x, y), wi.name, BA.PANEL_PX, "bold", "latin", ink)
        holder = pic.control.get(wi.name)
        if holder is not None:  # 1.2 with 9.1: a port held by the side that is not its colour's
            hx = x + text_length(wi.name, BA.PANEL_PX, "bold", "latin") + 10
            _put(im, (hx, y), f"({T.side_name(holder, loc)})", BA.PANEL_PX, "bold", sc, P.SIDE[holder])
        y += BA.PANEL_PX + 6
        contents(wi.name)
        if wi.name in pic.battles:  # 5.5 with 9.1: the port fought over, framed as a hex with a battle is
            ImageDraw.Draw(im).rounded_rectangle(
                (x - 6, top - 6, x1 - 6, y - 5), radius=6, outline=P.BATTLE, width=4
            )
    head(T.say("box.pools", loc))
    for pool in ("british", "american", "french"):
        if pool in pic.pools:
            _put(
                im,
                (x + 4, y),
                T.say(f"pool.{pool}", loc, n=pic.pools[pool]),
                BA.PANEL_PX,
                "regular",
                sc,
                P.INK,
            )
            y += BA.PANEL_PX + 6
    y += 4
    _put(im, (x + 4, y), T.say("french.in" if pic.french_in else "french.out", loc), BA.PANEL_PX, "regular",
         sc, P.INK)  # fmt: skip


def check_map(lib: Liberty, pic: MapPicture) -> None:
    """``ValueError`` naming what in ``pic`` the map cannot show, and what it would accept."""
    land = {h.id for h in lib.hexes if h.land}
    boxes = {lib.atlantic, *(t.name for t in lib.west_indies())}
    for b in pic.blocks:
        if b.hex not in land and b.hex not in boxes:
            what = b.face.id if b.face else f"a {b.side} block"
            raise ValueError(
                f"{what} stands at {b.hex!r}: a block stands in a land hex (cc.rr, e.g. 21.08), "
                f"or in {' or '.join(sorted(boxes))}"
            )
    for hid in pic.battles:  # 9.1: a West Indies port is fought over as a town (a sea attack, 8.4)
        if hid not in land and hid not in boxes - {lib.atlantic}:
            raise ValueError(
                f"a battle at {hid!r}: battles are fought in land hexes (cc.rr, e.g. 21.08) "
                f"or in a West Indies port ({' or '.join(t.name for t in lib.west_indies())})"
            )
    towns = {t.name for t in lib.towns if t.hex is not None or t.west_indies}
    for town in pic.control:
        if town not in towns:
            raise ValueError(
                f"control of {town!r}: name a town on the map or a West Indies port, e.g. Boston"
            )
    for key in pic.pools:
        if key not in ("british", "american", "french"):
            raise ValueError(f"pool {key!r}: the pools are british, american and french (6.1, 9.0)")


def map_image(pic: MapPicture) -> Image.Image:
    """The map of ``pic`` as an indexed ("P") image on the scenario's fixed palette. Only what is drawn anew
    (title bar, marks, blocks, cards, the boxes panel) is mapped onto the palette; the rest is copied from the
    static layer's own mapping."""
    lib = _lib()
    loc = T.locale_of(pic.locale)
    check_map(lib, pic)
    base = BA.base_for(lib, loc)
    im = base.image.copy()
    d = ImageDraw.Draw(im)
    dirty: list[Box] = [(0, 0, G.WIDTH, G.TITLE_H), BA.PANEL_BOX]
    sub = [_turn_text(pic.year, pic.turn, loc)]
    if pic.phase:
        sub.append(pic.phase)
    if pic.british_vp is not None:
        sub.append(T.say("title.vp", loc, vp=pic.british_vp))
    _title(im, T.say("title.game", loc), " · ".join(sub), pic.viewer, loc, G.WIDTH)
    marks = [_battle_mark(d, hid) for hid in sorted(set(pic.battles)) if (hid, 1) in base.layout.stacks]
    dirty += marks
    by_place = _by_place(pic.blocks)
    on_map = {k: v for k, v in by_place.items() if (k, 1) in base.layout.stacks}
    stack_boxes = _stack_boxes(base, on_map)
    placed, faces = _map_cards(lib, base, on_map, stack_boxes, (BA.KEY_BOX, BA.PANEL_BOX))
    for hid in sorted(placed):  # under the backs they dock to
        compact = _card_shape(len(faces[hid]), placed[hid].shape)[1] != 1.0
        dirty += _draw_card(im, placed[hid], faces[hid], _card_head(lib, hid, compact))
    _stacks(im, base, on_map)
    dirty += stack_boxes.values()
    dirty += _renamed(im, lib, base, [*stack_boxes.values(), *marks])
    for town, side in sorted(pic.control.items()):
        t = lib.town(town)
        if t.hex is not None:
            dirty.append(_control_ring(d, t.hex, t.value, side))
    _boxes_panel(im, lib, pic, by_place)
    return mapped(im, base, dirty)


def stack_layout(pic: MapPicture) -> dict[str, Box]:
    """Where the map of ``pic`` puts each hex's row of backs, by hex (for tests; the map draws the same)."""
    base = BA.base_for(_lib(), T.locale_of(pic.locale))
    return _stack_boxes(
        base, {k: v for k, v in _by_place(pic.blocks).items() if (k, 1) in base.layout.stacks}
    )


def card_layout(pic: MapPicture) -> dict[str, Placed]:
    """Where the map of ``pic`` puts its cards of faces, by hex (for tests; the map draws the same)."""
    lib = _lib()
    base = BA.base_for(lib, T.locale_of(pic.locale))
    on_map = {k: v for k, v in _by_place(pic.blocks).items() if (k, 1) in base.layout.stacks}
    return _map_cards(lib, base, on_map, _stack_boxes(base, on_map), (BA.KEY_BOX, BA.PANEL_BOX))[0]


def draw_map(pic: MapPicture) -> bytes:
    """The hex map of ``pic`` as PNG bytes (1298×1846, indexed colour)."""
    return encode_png(map_image(pic))


# ---------------------------------------------------------------------------------------------------------
# the battle

BW = 1100
B_K = 1.4  # faces on the battle board are larger than on the map
LETTERS = ("A", "B", "C")
LANE_W = 300
ROW_H = 160
RES_H = 110
BATTLE_TOP = G.TITLE_H + 16


def _place_name(lib: Liberty, hid: str) -> str:
    """A hex by its town's name (or a place the map labels there) and its id."""
    town = lib.town_at(hid)
    label = next((lb.name for lb in lib.labels if lb.hex == hid), None)
    name = town.name if town else label
    return f"{name} ({hid})" if name else hid


def _letter(b: Block) -> str:
    return b.face.rating[0] if b.face is not None else "?"


@lru_cache(maxsize=2)
def _battle_palette(locale: str) -> Image.Image:
    sample = Image.new("RGB", (BW, 400), P.PANEL_BG)
    y = P.paste_samples(sample, 0, B_K)
    y = P.paste_samples(sample, y, 1.0)
    d = ImageDraw.Draw(sample)
    d.rectangle((0, y, BW, y + 60), fill=P.TITLE_BG)
    draw_text(d, (10, y + 10), T.say("battle.title", locale, place="Saratoga 18.07"), TITLE_PX, "bold",
              script_of(locale), fill=P.TITLE_TEXT)  # fmt: skip
    keys = [*BA.KEY_COLOURS, (250, 226, 200), (228, 236, 246), (246, 228, 226)]
    return BA.fixed_palette(sample, keys)


def _lane_blocks(im: Image.Image, blocks: Sequence[Block], x0: float, y0: float, w: float) -> None:
    if not blocks:
        return
    x, y = x0, y0
    for b in blocks:
        s = P.face(b.face, B_K) if b.face is not None else P.back(b.side, 1, 31, 4, 20)
        if x > x0 and x + s.width > x0 + w:
            x, y = x0, y + s.height + 6
        im.paste(s, (round(x), round(y)), s)
        x += s.width + 6


def battle_image(pic: BattlePicture) -> Image.Image:
    lib = _lib()
    loc = T.locale_of(pic.locale)
    sc = script_of(loc)
    n_res = len(pic.reserves)
    height = BATTLE_TOP + 2 * ROW_H + 36 + (RES_H if n_res else 0) + 110
    im = Image.new("RGB", (BW, height), P.PANEL_BG)
    d = ImageDraw.Draw(im)
    place = _place_name(lib, pic.where)
    sub = [T.say("battle.round", loc, n=pic.round),
           T.say("battle.sides", loc, attacker=T.side_name(pic.attacker, loc),
                 defender=T.side_name(pic.defender, loc))]  # fmt: skip
    _title(im, T.say("battle.title", loc, place=place), " · ".join(sub), pic.viewer, loc, BW)
    lanes_x = 120
    # the defender on top, the attacker below (the defender acts first in each letter, 7.21)
    rows = (
        (pic.defender, pic.defending, "battle.defender"),
        (pic.attacker, pic.attacking, "battle.attacker"),
    )
    y = BATTLE_TOP
    for i, L in enumerate(LETTERS):
        cx = lanes_x + i * LANE_W
        firing = pic.firing is not None and pic.firing[0] == L
        d.rectangle((cx + 4, y, cx + LANE_W - 4, y + 28), fill=P.BATTLE if firing else P.TITLE_BG)
        d.text((cx + LANE_W / 2, y + 14), L, font=font(18, "bold"), fill=P.WHITE, anchor="mm")
    y += 36
    for r, (side, blocks, label) in enumerate(rows):
        tint = (246, 228, 226) if side == "british" else (228, 236, 246)
        d.rectangle((10, y, BW - 10, y + ROW_H - 8), fill=tint, outline=P.SIDE[side], width=2)
        draw_text(d, (20, y + 10), T.say(label, loc, side=T.side_name(side, loc)), 15, "bold", sc, fill=P.INK)
        for i, L in enumerate(LETTERS):
            cx = lanes_x + i * LANE_W
            firing = pic.firing == (L, side)
            if firing:  # under the row's label, which reaches into column A
                d.rectangle((cx + 4, y + 29, cx + LANE_W - 4, y + ROW_H - 12), outline=P.BATTLE, width=4)
            mine = [b for b in blocks if _letter(b) == L]
            _lane_blocks(im, mine, cx + 12, y + 34, LANE_W - 24)
        hidden = [b for b in blocks if _letter(b) == "?"]
        if hidden:
            _lane_blocks(im, hidden, 20, y + 40, 90)
        y += ROW_H
        if r == 0:
            d.line((10, y - 4, BW - 10, y - 4), fill=P.INK, width=2)
    if n_res:
        d.rectangle((10, y, BW - 10, y + RES_H - 8), fill=(250, 226, 200), outline=P.PANEL_EDGE, width=1)
        owner = T.side_name(pic.reserves[0].side, loc)
        draw_text(d, (20, y + 10), T.say("battle.reserves", loc, side=owner), 15, "bold", sc, fill=P.INK)
        _lane_blocks(im, sorted(pic.reserves, key=lambda b: (b.face is None, b.face.id if b.face else "")),
                     20, y + 36, BW - 60)  # fmt: skip
        y += RES_H
    y += 6
    if pic.firing is not None:
        L, side = pic.firing
        draw_text(d, (20, y), T.say("battle.firing", loc, side=T.side_name(side, loc), letter=L), 17, "bold",
                  sc, fill=P.INK)  # fmt: skip
        y += 28
    if pic.fire:
        said = last_fire_text(pic)
        draw_text(d, (20, y), said, 15, "regular", sc, fill=P.INK)
        x = 20 + text_length(said, 15, "regular", sc) + 14
        for v in pic.dice:
            hit = v <= pic.fire
            d.rounded_rectangle((x, y - 4, x + 26, y + 22), radius=4, fill=P.INK if hit else P.WHITE,
                                outline=P.BATTLE if hit else P.INK, width=2)  # fmt: skip
            d.text(
                (x + 13, y + 9), str(v), font=font(16, "bold"), fill=P.WHITE if hit else P.INK, anchor="mm"
            )
            x += 32
        y += 30
    draw_text(d, (20, y), T.say("battle.order", loc), 14, "regular", sc, fill=P.INK_SOFT)
    return im.quantize(palette=_battle_palette(loc), dither=Image.Dither.NONE)


def last_fire_text(pic: BattlePicture) -> str:
    """The last roll (7.31) in words: who fired (block and side), whom it hit and the steps each lost."""
    loc = T.locale_of(pic.locale)
    hits = T.join([T.say("battle.hit", loc, id=i, n=n) for i, n in pic.hits], loc)
    parts = [T.say("battle.hits", loc, hits=hits)] if hits else []
    if pic.waiting:
        parts.append(T.say("battle.waiting", loc, n=pic.waiting))
    result = T.say("battle.then", loc).join(parts) or T.say("battle.no_hits", loc)
    side = T.side_name(pic.firer_side, loc) if pic.firer_side else ""
    return T.say("battle.last_fire", loc, firer=pic.firer, side=side, result=result, fire=pic.fire)


def draw_battle(pic: BattlePicture) -> bytes:
    """The battle of ``pic`` as PNG bytes (1100 wide): the defender's blocks above, the attacker's below, in
    columns A, B and C (the order of combat turns, 7.21), the reserves apart, whose fire it is, the last
    fire's dice."""
    return encode_png(battle_image(pic))


# ---------------------------------------------------------------------------------------------------------
# the hand

CARD_W, CARD_H = 170, 240
HAND_GAP = 18
ACTION_BG: P.RGB = (252, 246, 228)
SUPPLY_BG: P.RGB = (226, 240, 224)


@lru_cache(maxsize=2)
def _hand_palette(locale: str) -> Image.Image:
    sample = Image.new("RGB", (1000, 300), P.PANEL_BG)
    cards: tuple[tuple[CardKind, int], ...] = (("action", 1), ("action", 3), ("supply", 2))
    for i, (kind, v) in enumerate(cards):
        c = _card(HandCard(kind, v, f"ACT-{v}"), locale)
        sample.paste(c, (i * (CARD_W + 4), 0), c)
    ImageDraw.Draw(sample).rectangle((0, 250, 1000, 300), fill=P.TITLE_BG)
    return BA.fixed_palette(sample, [*BA.KEY_COLOURS, ACTION_BG, SUPPLY_BG])


@lru_cache(maxsize=64)
def _card(c: HandCard, locale: str) -> Image.Image:
    sc = script_of(locale)
    bg = ACTION_BG if c.kind == "action" else SUPPLY_BG
    edge = (150, 110, 40) if c.kind == "action" else (40, 110, 60)
    im = Image.new("RGBA", (CARD_W, CARD_H), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((0, 0, CARD_W - 1, CARD_H - 1), radius=12, fill=bg, outline=edge, width=3)
    d.rounded_rectangle((0, 0, CARD_W - 1, 40), radius=12, fill=edge)
    d.rectangle((0, 28, CARD_W - 1, 40), fill=edge)
    draw_text(d, (CARD_W / 2, 20), T.say(f"hand.{c.kind}", locale), 18, "bold", sc, anchor="mm", fill=P.WHITE)
    d.text((CARD_W / 2, 118), str(c.value), font=font(72, "bold"), fill=edge, anchor="mm")
    what = T.say("hand.actions" if c.kind == "action" else "hand.steps", locale, n=c.value)
    draw_text(d, (CARD_W / 2, 180), what, 17, "bold", sc, anchor="mm", fill=P.INK)
    if c.id:
        d.text((CARD_W / 2, CARD_H - 18), c.id, font=font(13), fill=P.INK_SOFT, anchor="mm")
    return im


def hand_image(pic: HandPicture) -> Image.Image:
    loc = T.locale_of(pic.locale)
    sc = script_of(loc)
    n = max(1, len(pic.cards)) + (1 if pic.played else 0)
    width = max(560, 2 * G.MARGIN + n * CARD_W + (n - 1) * HAND_GAP + (30 if pic.played else 0))
    height = G.TITLE_H + CARD_H + 90
    im = Image.new("RGB", (width, height), P.PANEL_BG)
    when = T.say("hand.winter", loc, year=pic.year) if pic.turn == 0 else T.say(
        "hand.turn", loc, year=pic.year, turn=pic.turn)  # fmt: skip
    _title(im, T.say("hand.title", loc, side=T.side_name(pic.side, loc)), when, pic.side, loc, width)
    d = ImageDraw.Draw(im)
    x, y = G.MARGIN, G.TITLE_H + 20
    if not pic.cards:
        draw_text(d, (x, y + 20), T.say("hand.empty", loc), 17, "regular", sc, fill=P.INK)
    for c in pic.cards:
        s = _card(c, loc)
        im.paste(s, (x, y), s)
        x += CARD_W + HAND_GAP
    if pic.played is not None:
        x += 30 - HAND_GAP if pic.cards else 0
        s = _card(pic.played, loc)
        im.paste(s, (x, y), s)
        d.rounded_rectangle(
            (x - 6, y - 6, x + CARD_W + 5, y + CARD_H + 5), radius=14, outline=P.BATTLE, width=3
        )
        draw_text(d, (x + CARD_W / 2, y + CARD_H + 20), T.say("hand.played", loc), 14, "bold", sc,
                  anchor="mm", fill=P.INK)  # fmt: skip
    draw_text(d, (G.MARGIN, height - 24), T.say("hand.note", loc), 14, "regular", sc, fill=P.INK_SOFT)
    return im.quantize(palette=_hand_palette(loc), dither=Image.Dither.NONE)


def draw_hand(pic: HandPicture) -> bytes:
    """A player's hand of ``pic`` as PNG bytes (DM only): one card a column, its kind, value and id."""
    return encode_png(hand_image(pic))


def warm(locale: str = "en") -> None:
    """Draw the static layers and palettes of ``locale`` now (about a second the first time), not on the first
    picture a player asks for."""
    loc = T.locale_of(locale)
    BA.base_for(_lib(), loc)
    _battle_palette(loc)
    _hand_palette(loc)
