"""The battle board: a :class:`engine.napoleon.battle_views.BattleView` as PNG bytes (1400 wide).

The board is drawn the way the rules draw it (6.2): the defender's side on top, the attacker's below, the
centre line between. Each side has Left, Center and Right line columns and a Reserve behind them. A side's
Left faces the enemy's Right, so the three lanes read, left to right: attacker Left against defender Right,
Center against Center, attacker Right against defender Left. A column holds its own side's blocks and any
enemy blocks that crossed the centre line into it (they are then engaged, 8.1): such a column is framed in
orange. A column's header holds its name and its tags ("engaged", "last fire"): beside the name when they fit,
else on a line of their own under it (:func:`head_layout`), never over it.

Revealed blocks show unit id, type symbol and current cv; hidden ones (the enemy's reserve, and everything
before both sides have deployed) are blank blocks in their army's colour with a count. Disrupted blocks lie
down; blocks in square have a yellow frame. The panel on the right gives the state of the battle, the dice of
the last fire (hits marked) and a key. The picture depends only on the view it is given and the locale its
texts are in (``en`` or ``ja``, from :mod:`renderers.napoleon.text`; unit ids and town names stay as
they are).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from PIL import Image, ImageDraw, ImageFont

from engine.napoleon.board import FACING, LINE  # the board's geometry has one home: the engine's board.py
from engine.napoleon.state import SIDE_OF

from .. import colours as C
from ..fonts import draw_text, font, script_of, text_length
from ..palette import encode_png
from . import blocks as B
from . import colours as NC
from . import text as T

if TYPE_CHECKING:
    from engine.napoleon.battle_views import BattleSideView, BattleView
    from engine.napoleon.views import BlockView, View

WIDTH = 1400
TITLE_H = 64
PAD = 16
BOARD_X0 = PAD
BOARD_X1 = 1000
PANEL_X0 = 1016
PANEL_X1 = WIDTH - PAD
LANE_GAP = 10
HEAD_H = 26  # a column's name
TITLE_X = 18  # where the name starts in its column
TAG_Y, TAG_H = 5, 20  # a tag beside the name: its top and height
TAG_PAD, TAG_GAP, TAG_RIGHT = 6, 6, 8  # inside a tag either side of its text; between tags; right margin
CENTRE_H = 34
GAP = 5
MIN_ROW_H = 100

TITLE_PX = 26
SUBTITLE_PX = 19
HEAD_PX = 15
TEXT_PX = 15
SMALL_PX = 13
DIE = 40

SZ = B.BOARD
LANES = LINE  # the attacker's columns, left to right as seen on the board (the attacker is below)
ENGAGED: C.RGB = C.BATTLE
CELL_BG: C.RGB = (244, 238, 222)
RESERVE_BG: C.RGB = (232, 226, 210)


def _side_of(army: str) -> str:
    return SIDE_OF.get(army, army)


# ---------------------------------------------------------------------------------------------------------
# sprites and their arrangement


def _sprites(blocks: Sequence[BlockView]) -> list[Image.Image]:
    """Known blocks one by one; hidden ones of the same army and posture as one stack with a count."""
    out = [B.sprite(b, SZ) for b in blocks if b.known]
    hidden: dict[tuple[str, bool, bool], int] = {}
    for b in blocks:
        if not b.known:
            k = (b.army, b.disrupted, b.in_square)
            hidden[k] = hidden.get(k, 0) + 1
    for (army, down, sq), n in sorted(hidden.items()):
        out.append(B.stack_sprite(army, n, down, sq, SZ))
    return out


def _flow(sprites: Sequence[Image.Image], width: int) -> tuple[int, list[tuple[int, int]]]:
    """Rows of sprites within ``width``; returns the height used and each sprite's offset."""
    x = y = 0
    row_h = 0
    offsets = []
    for s in sprites:
        if x and x + s.width > width:
            x = 0
            y += row_h + GAP
            row_h = 0
        offsets.append((x, y))
        x += s.width + GAP
        row_h = max(row_h, s.height)
    return (y + row_h if sprites else 0), offsets


Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Head:
    """A column's header, boxes from the column's top left: its title, and its tags ("engaged", "last
    fire"), each a (kind, text, box). The tags stand right of the title if they fit there, else on a line
    of their own under it (the header is then taller)."""

    title: str
    title_box: Box
    tags: tuple[tuple[str, str, Box], ...]
    height: int


def head_layout(title: str, tags: Sequence[tuple[str, str]], width: int, locale: str = "en") -> Head:
    """Where a column's title and tags (kind, text) go in a header ``width`` px wide (pure: no drawing)."""
    sc = script_of(locale)
    title_box = (TITLE_X, TAG_Y, TITLE_X + text_length(title, HEAD_PX, "bold", sc), HEAD_H - 1)
    widths = [text_length(text, SMALL_PX, "bold", sc) + 2 * TAG_PAD for _, text in tags]
    right: float = width - TAG_RIGHT
    beside = title_box[2] + TAG_GAP + sum(w + TAG_GAP for w in widths) - TAG_GAP <= right
    top = TAG_Y if beside or not tags else HEAD_H
    placed = []
    for (kind, text), w in zip(tags, widths, strict=True):
        placed.append((kind, text, (right - w, top, right, top + TAG_H)))
        right -= w + TAG_GAP
    return Head(title, title_box, tuple(placed), HEAD_H if top == TAG_Y else HEAD_H + TAG_H + 2)


@dataclass
class _Cell:
    side: str  # whose column it is
    column: str  # left | center | right | reserve
    box: tuple[int, int, int, int]
    own: list[Image.Image]
    intruders: list[Image.Image]  # enemy blocks that crossed into this column
    head: Head


def _cell_height(own: Sequence[Image.Image], intruders: Sequence[Image.Image], width: int, head: int) -> int:
    h_own, _ = _flow(own, width - 2 * GAP)
    h_in, _ = _flow(intruders, width - 2 * GAP)
    body = h_own + (h_in + 3 * GAP if intruders else 0)
    return max(MIN_ROW_H, head + body + 2 * GAP)


# ---------------------------------------------------------------------------------------------------------
# dice


@lru_cache(maxsize=64)
def die_sprite(value: int, hit: bool) -> Image.Image:
    """One die showing ``value``; a hit is drawn dark with light pips and a thick orange frame."""
    s = DIE * B.SS
    im = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    face = C.INK if hit else C.TOWN_FILL
    pip = C.TOWN_FILL if hit else C.INK
    d.rounded_rectangle((0, 0, s - 1, s - 1), radius=8 * B.SS, fill=C.BATTLE if hit else C.INK)
    inset = (4 if hit else 2) * B.SS
    d.rounded_rectangle((inset, inset, s - 1 - inset, s - 1 - inset), radius=6 * B.SS, fill=face)
    spots = {
        1: [(1, 1)],
        2: [(0, 0), (2, 2)],
        3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (2, 0), (0, 2), (2, 2)],
        5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
    }
    r = 3.6 * B.SS
    for cx, cy in spots.get(value, []):
        x = s * (0.27 + 0.23 * cx)
        y = s * (0.27 + 0.23 * cy)
        d.ellipse((x - r, y - r, x + r, y + r), fill=pip)
    return im.resize((DIE, DIE), Image.Resampling.LANCZOS)


# ---------------------------------------------------------------------------------------------------------
# text


def _spot_name(spot: str | None, locale: str = "en") -> str:
    if not spot:
        return ""
    side, _, column = spot.partition(":")
    name = T.term("army", side, locale)
    return T.say("spot", locale, side=name, column=T.term("column", column, locale) or column).strip()


def status_lines(b: BattleView, locale: str = "en") -> list[str]:
    """What is happening in the battle, in words (in ``locale``)."""

    def name(side: str | None) -> str:
        return T.term("army", side, locale)

    lines = [T.say("battle.sides", locale, attacker=name(b.attacker), defender=name(b.defender))]
    if b.status == "deploy":
        waiting = T.join([name(r) for r in b.must_deploy], locale)
        lines.append(
            T.say("battle.secret", locale)
            + (T.say("battle.waiting", locale, roles=waiting) if waiting else "")
        )
    elif b.status == "fighting":
        phase = (
            T.say("battle.phase", locale, phase=T.term("battle_phase", b.phase, locale)) if b.phase else ""
        )
        lines.append(T.say("battle.turn", locale, n=b.battle_turn, side=name(b.turn_side)) + phase)
    elif b.status == "regroup":
        kind = T.term("regroup", b.regroup_kind, locale)
        kind = T.say("battle.regroup_kind", locale, kind=kind) if kind else ""
        lines.append(T.say("battle.won", locale, victor=name(b.victor), kind=kind))
    elif b.status == "over":
        victor = name(b.victor)
        lines.append(
            T.say("battle.over_won", locale, victor=victor) if victor else T.say("battle.over", locale)
        )
    if b.idle_rounds:
        lines.append(T.say("battle.idle", locale, n=b.idle_rounds))
    return lines


def fire_lines(fire: dict[str, Any], locale: str = "en") -> list[str]:
    army = str(fire.get("army", ""))
    army_name = army.capitalize() if T.locale_of(locale) == "en" else T.term("army", army, locale)
    who = fire.get("unit") or T.say("fire.block", locale, army=army_name)
    cls = fire.get("class") or ""
    target = _spot_name(fire.get("target"), locale)
    formation = T.term("formation", fire.get("formation") or "", locale)
    kind = []
    if fire.get("charge"):
        kind.append(T.say("fire.charge", locale))
    if fire.get("range") and fire.get("range") != "close":
        kind.append(T.term("range", str(fire["range"]), locale))
    extra = T.say("fire.extra", locale, kinds=T.join(kind, locale)) if kind else ""
    at = T.say("fire.at", locale, target=target)
    if formation:
        at += T.say("fire.formation", locale, formation=formation)
    lines = [T.say("fire.fired", locale, who=who, cls=cls, extra=extra), at]
    hits = fire.get("hits", 0)
    applied = fire.get("applied", hits)
    faces = fire.get("faces") or []
    res = T.say("fire.hits", locale, n=hits)
    if applied != hits:
        res += T.say("fire.taken", locale, n=applied)
    if faces:
        res += T.say("fire.faces", locale, faces=T.join([str(f) for f in faces], locale))
    lines.append(res)
    return lines


# ---------------------------------------------------------------------------------------------------------
# the picture


def _draw_title(im: Image.Image, b: BattleView, role: str, locale: str = "en") -> None:
    d = ImageDraw.Draw(im)
    d.rectangle((0, 0, WIDTH, TITLE_H), fill=C.TITLE_BG)
    s = script_of(locale)
    fb = font(TITLE_PX, "bold", s)
    fs = font(SUBTITLE_PX, script=s)
    title = T.say("battle.title", locale, town=b.town)
    draw_text(d, (PAD + 4, TITLE_H / 2), title, TITLE_PX, "bold", s, anchor="lm", fill=C.TITLE_TEXT)
    x = PAD + 4 + int(fb.getlength(title)) + 24
    lines = status_lines(b, locale)
    d.text(
        (x, TITLE_H / 2),
        lines[1] if len(lines) > 1 else "",
        font=fs,
        fill=C.TITLE_TEXT,
        anchor="lm",
    )
    if role != "public":
        label = T.say("eyes_only", locale, role=T.term("army", role, locale))
        fp = font(SUBTITLE_PX, "bold", s)
        tw = fp.getlength(label) + 24
        d.rounded_rectangle((WIDTH - PAD - tw, 12, WIDTH - PAD, TITLE_H - 12), radius=8, fill=C.HALO)
        draw_text(
            d, (WIDTH - PAD - tw / 2, TITLE_H / 2), label, SUBTITLE_PX, "bold", s, anchor="mm", fill=C.INK
        )


def _title(b: BattleView, side: str, column: str, locale: str = "en") -> str:
    """A column's name (a reserve's says whose, how many blocks and, during deployment, its state)."""
    side_name = T.term("army", side, locale)
    if column != "reserve":
        return T.say("cell.column", locale, side=side_name, column=T.term("column", column, locale))
    role_word = T.say("cell.attacker" if side == b.attacker else "cell.defender", locale)
    side_v = b.side(side)
    blocks = T.say("cell.blocks", locale, n=side_v.reserve_count)
    if _secret(b, side):
        return T.say("cell.secret", locale, side=side_name, role=role_word, blocks=blocks)
    if b.status == "deploy":
        state = T.say("cell.deployed" if side_v.deployed else "cell.to_deploy", locale)
        return T.say("cell.reserve_state", locale, side=side_name, role=role_word, blocks=blocks, state=state)
    return T.say("cell.reserve", locale, side=side_name, role=role_word, blocks=blocks)


def _secret(b: BattleView, side: str) -> bool:
    """Whether ``side``'s deployment is still secret (to this view)."""
    return b.status == "deploy" and any(not x.known for x in b.side(side).reserve)


def _tags(b: BattleView, side: str, column: str, engaged: bool, locale: str = "en") -> list[tuple[str, str]]:
    tags = [("engaged", T.say("cell.engaged", locale))] if engaged else []
    fire = b.last_fire
    if fire and fire.get("target") == f"{side}:{column}":
        tags.append(
            ("last_fire", T.say("cell.last_fire", locale, n=fire.get("applied", fire.get("hits", 0))))
        )
    return tags


def header_boxes(b: BattleView, locale: str = "en") -> list[tuple[str, Box, dict[str, Box]]]:
    """Each column (``side:column``) with its title's box and its tags' boxes by kind, in the picture's
    pixels, as the board draws them (for tests: nothing is drawn)."""
    out = []
    for c in _layout(b, locale)[0]:
        x0, y0 = c.box[0], c.box[1]
        tb = c.head.title_box
        tags = {kind: (x0 + t[0], y0 + t[1], x0 + t[2], y0 + t[3]) for kind, _, t in c.head.tags}
        out.append((f"{c.side}:{c.column}", (x0 + tb[0], y0 + tb[1], x0 + tb[2], y0 + tb[3]), tags))
    return out


def _layout(b: BattleView, locale: str = "en") -> tuple[list[_Cell], list[tuple[str, int, int]], int]:
    """Cells of the board, the rows' (label, top, bottom), and the picture's height."""
    lane_w = (BOARD_X1 - BOARD_X0 - 2 * LANE_GAP) // 3
    att, dfn = b.side(b.attacker), b.side(b.defender)

    def split_own(side: BattleSideView, column: str) -> tuple[list[Image.Image], list[Image.Image]]:
        blocks: tuple[BlockView, ...] = getattr(side, column)
        own = [x for x in blocks if _side_of(x.army) == side.side]
        other = [x for x in blocks if _side_of(x.army) != side.side]
        return _sprites(own), _sprites(other)

    rows: list[tuple[str, BattleSideView, list[tuple[str, int]]]] = [
        ("reserve", dfn, [("reserve", 0)]),
        ("line", dfn, [(FACING[c], i) for i, c in enumerate(LANES)]),
        ("line", att, [(c, i) for i, c in enumerate(LANES)]),
        ("reserve", att, [("reserve", 0)]),
    ]
    cells: list[_Cell] = []
    row_spans: list[tuple[str, int, int]] = []
    y = TITLE_H + PAD
    for n, (kind, side, cols) in enumerate(rows):
        if n == 2:
            y += CENTRE_H
        made = []
        for column, lane in cols:
            if kind == "reserve":
                x0, x1 = BOARD_X0, BOARD_X1
            else:
                x0 = BOARD_X0 + lane * (lane_w + LANE_GAP)
                x1 = x0 + lane_w
            own, intruders = split_own(side, column)
            tags = _tags(b, side.side, column, bool(own) and bool(intruders), locale)
            head = head_layout(_title(b, side.side, column, locale), tags, x1 - x0, locale)
            made.append((column, x0, x1, own, intruders, head))
        h = max(_cell_height(own, intr, x1 - x0, hd.height) for _, x0, x1, own, intr, hd in made)
        for column, x0, x1, own, intruders, head in made:
            cells.append(_Cell(side.side, column, (x0, y, x1, y + h), own, intruders, head))
        row_spans.append((kind, y, y + h))
        y += h + GAP
    return cells, row_spans, y + PAD


def _draw_cell(im: Image.Image, c: _Cell, b: BattleView, locale: str = "en") -> None:
    d = ImageDraw.Draw(im)
    x0, y0, x1, _ = c.box
    engaged = bool(c.intruders) and bool(c.own)
    bg = RESERVE_BG if c.column == "reserve" else CELL_BG
    d.rounded_rectangle(
        c.box, radius=8, fill=bg, outline=ENGAGED if engaged else C.PANEL_EDGE, width=4 if engaged else 1
    )
    sc = script_of(locale)
    _side_mark(d, c.side, x0 + 8, y0 + 7, HEAD_H - 10)
    head = c.head
    draw_text(
        d, (x0 + TITLE_X, y0 + HEAD_H / 2 + 2), head.title, HEAD_PX, "bold", sc, anchor="lm", fill=C.INK
    )
    for kind, text, (tx0, ty0, tx1, ty1) in head.tags:
        paper, ink = (ENGAGED, C.INK) if kind == "engaged" else (C.INK, C.HALO)
        d.rounded_rectangle((x0 + tx0, y0 + ty0, x0 + tx1, y0 + ty1), radius=5, fill=paper)
        mid = (x0 + (tx0 + tx1) / 2, y0 + (ty0 + ty1) / 2)
        draw_text(d, mid, text, SMALL_PX, "bold", sc, anchor="mm", fill=ink)
    if _secret(b, c.side) and c.column != "reserve" and not c.own and not c.intruders:
        d.text(
            ((x0 + x1) / 2, y0 + head.height + 34),
            T.say("cell.secret_until", locale),
            font=font(SMALL_PX, script=sc),
            fill=C.INK_SOFT,
            anchor="mm",
        )
    inner = x1 - x0 - 2 * GAP
    h_own, offs = _flow(c.own, inner)
    y = y0 + head.height + GAP
    for s, (ox, oy) in zip(c.own, offs, strict=True):
        im.paste(s, (x0 + GAP + ox, y + oy), s)
    if c.intruders:
        y += h_own + (GAP if c.own else 0)
        if c.own:
            d.line((x0 + 10, y + GAP // 2, x1 - 10, y + GAP // 2), fill=ENGAGED, width=2)
        y += 2 * GAP
        _, offs = _flow(c.intruders, inner)
        for s, (ox, oy) in zip(c.intruders, offs, strict=True):
            im.paste(s, (x0 + GAP + ox, y + oy), s)


def _side_mark(d: ImageDraw.ImageDraw, side: str, x: int, y: int, h: int) -> None:
    """A small bar in the side's colours (the Allies: British red over Prussian grey)."""
    if side == "french":
        d.rectangle((x, y, x + 5, y + h), fill=NC.FRENCH)
    else:
        d.rectangle((x, y, x + 5, y + h // 2), fill=NC.BRITISH)
        d.rectangle((x, y + h // 2, x + 5, y + h), fill=NC.PRUSSIAN)


def _draw_centre(im: Image.Image, y: int, locale: str = "en") -> None:
    d = ImageDraw.Draw(im)
    mid = y + CENTRE_H // 2 - GAP // 2
    d.line((BOARD_X0, mid, BOARD_X1, mid), fill=C.INK, width=3)
    f = font(SMALL_PX, "bold", script_of(locale))
    label = T.say("centre_line", locale)
    tw = f.getlength(label) + 16
    cx = (BOARD_X0 + BOARD_X1) / 2
    d.rectangle((cx - tw / 2, mid - 10, cx + tw / 2, mid + 10), fill=C.PAPER)
    draw_text(d, (cx, mid), label, SMALL_PX, "bold", script_of(locale), anchor="mm", fill=C.INK)


def _panel(b: BattleView, locale: str = "en") -> Image.Image:
    """The panel on the right: the battle's state, the last fire and its dice, the key."""
    w = PANEL_X1 - PANEL_X0
    im = Image.new("RGB", (w, 2000), C.PANEL_BG)
    d = ImageDraw.Draw(im)
    x0, x1 = 0, w
    sc = script_of(locale)
    f = font(TEXT_PX, script=sc)
    y = 12
    draw_text(d, (x0 + 14, y), T.say("panel.battle", locale), HEAD_PX + 2, "bold", sc, fill=C.INK)
    y += 28
    for line in status_lines(b, locale):
        for part in _wrap(line, f, x1 - x0 - 28):
            d.text((x0 + 14, y), part, font=f, fill=C.INK)
            y += 22
    for side in (b.attacker, b.defender):
        sv = b.side(side)
        if sv.leader:
            line = T.say("panel.leader", locale, side=T.term("army", side, locale), leader=sv.leader)
            for part in _wrap(line, f, x1 - x0 - 28):
                d.text((x0 + 14, y), part, font=f, fill=C.INK)
                y += 22
    y += 12
    d.line((x0 + 12, y, x1 - 12, y), fill=C.PANEL_EDGE, width=1)
    y += 12
    draw_text(d, (x0 + 14, y), T.say("panel.last_fire", locale), HEAD_PX + 2, "bold", sc, fill=C.INK)
    y += 28
    fire = b.last_fire
    if not fire:
        d.text((x0 + 14, y), T.say("panel.none_yet", locale), font=f, fill=C.INK_SOFT)
        y += 24
    else:
        colour = NC.ARMY.get(str(fire.get("army", "")), C.INK)
        d.rectangle((x0 + 14, y + 3, x0 + 20, y + 17), fill=colour)
        for i, line in enumerate(fire_lines(fire, locale)):
            left = x0 + 26 if i == 0 else x0 + 14
            for part in _wrap(line, f, x1 - 14 - left):
                d.text((left, y), part, font=f, fill=C.INK)
                y += 22
        faces = set(fire.get("faces") or [])
        dice = list(fire.get("dice") or [])
        per_row = max(1, (x1 - x0 - 28 + 6) // (DIE + 6))
        for i, v in enumerate(dice):
            s = die_sprite(int(v), int(v) in faces)
            im.paste(s, (x0 + 14 + (i % per_row) * (DIE + 6), y + 6 + (i // per_row) * (DIE + 6)), s)
        y += 12 + math.ceil(len(dice) / per_row) * (DIE + 6)
    y += 8
    d.line((x0 + 12, y, x1 - 12, y), fill=C.PANEL_EDGE, width=1)
    y += 12
    key = _key(T.locale_of(locale))
    im.paste(key, (x0 + 14, y))
    y += key.height + 14
    return im.crop((0, 0, w, y))


def _wrap(text: str, f: ImageFont.FreeTypeFont, width: int) -> list[str]:
    """``text`` in lines that fit ``width``: broken at spaces (anywhere in Japanese); as it is if it fits."""
    if f.getlength(text) <= width:
        return [text]
    lines: list[str] = []
    cur = ""
    spaced = " " in text and not any(ord(ch) > 0x3000 for ch in text)
    for piece in text.split(" ") if spaced else list(text):
        cand = (f"{cur} {piece}" if cur else piece) if spaced else cur + piece
        if cur and f.getlength(cand) > width:
            lines.append(cur)
            cur = piece
        else:
            cur = cand
    return [*lines, cur] if cur else lines


@lru_cache(maxsize=4)
def _key(locale: str = "en") -> Image.Image:
    """The key never changes: drawn once per locale."""
    im = Image.new("RGB", (PANEL_X1 - PANEL_X0 - 28, 600), C.PANEL_BG)
    return im.crop((0, 0, im.width, _draw_key(im, 0, 0, locale)))


def _draw_key(im: Image.Image, x: int, y: int, locale: str = "en") -> int:
    d = ImageDraw.Draw(im)
    sc = script_of(locale)

    def say(key: str) -> str:
        return T.say(key, locale)

    draw_text(d, (x, y), say("key"), HEAD_PX + 2, "bold", sc, fill=C.INK)
    y += 30
    f = font(SMALL_PX, script=sc)
    face = B.face_sprite("french", "french", False, "infantry", 3, "FR-12", False, False, SZ)
    im.paste(face, (x, y), face)
    d.text((x + face.width + 10, y + 8), say("bkey.revealed"), font=f, fill=C.INK)
    d.text((x + face.width + 10, y + 28), say("bkey.revealed_what"), font=f, fill=C.INK)
    y += face.height + 10
    stack = B.stack_sprite("prussian", 3, False, False, SZ)
    im.paste(stack, (x, y), stack)
    d.text((x + stack.width + 10, y + 8), say("bkey.hidden"), font=f, fill=C.INK)
    d.text((x + stack.width + 10, y + 28), say("bkey.hidden_what"), font=f, fill=C.INK)
    y += stack.height + 10
    x2 = x
    for kind in ("infantry", "cavalry", "artillery", "leader"):
        label = T.term("type", kind, locale)
        sym = B.key_symbol(kind, C.INK)
        im.paste(sym, (x2, y + 2), sym)
        d.text((x2 + 22, y + 9), label, font=f, fill=C.INK, anchor="lm")
        x2 += 22 + int(f.getlength(label)) + 12
    y += 28
    down = B.face_sprite("british", "british", False, "cavalry", 2, "BR-9", True, False, SZ)
    im.paste(down, (x, y), down)
    d.text(
        (x + down.width + 10, y + down.height / 2), say("legend.disrupted"), font=f, fill=C.INK, anchor="lm"
    )
    y += down.height + 8
    sq = B.face_sprite("british", "british", False, "infantry", 2, "BR-3", False, True, SZ)
    im.paste(sq, (x, y), sq)
    d.text((x + sq.width + 10, y + sq.height / 2), say("bkey.square"), font=f, fill=C.INK, anchor="lm")
    y += sq.height + 8
    d.rounded_rectangle((x, y, x + 40, y + 26), radius=5, outline=ENGAGED, width=4)
    d.text((x + 50, y + 13), say("bkey.engaged"), font=f, fill=C.INK, anchor="lm")
    y += 34
    for line in (say("bkey.facing"), say("bkey.dice")):
        for part in _wrap(line, f, im.width - x):
            d.text((x, y), part, font=f, fill=C.INK)
            y += 20
    return y


_PALETTE: dict[str, Image.Image] = {}


def _palette(locale: str = "en") -> Image.Image:
    """A fixed 256-colour palette for battle boards (built once per locale)."""
    loc = T.locale_of(locale)
    if loc in _PALETTE:
        return _PALETTE[loc]
    sample = Image.new("RGB", (WIDTH, 900), C.PAPER)
    d = ImageDraw.Draw(sample)
    keys: list[C.RGB] = [
        C.PAPER,
        CELL_BG,
        RESERVE_BG,
        C.INK,
        C.INK_SOFT,
        C.HALO,
        C.TITLE_BG,
        C.TITLE_TEXT,
        C.PANEL_BG,
        C.PANEL_EDGE,
        *NC.ARMY_COLOURS,
        C.SQUARE_MARK,
        C.BATTLE,
        C.TOWN_FILL,
        (0, 0, 0),
    ]
    for i, k in enumerate(keys):
        d.rectangle((i * 40, 0, i * 40 + 39, 39), fill=k)
    x, y = 0, 60
    x, y = B.paste_samples(sample, x, y, WIDTH - 120, 70, (1, 3), SZ)
    for v in range(1, 7):
        for hit in (False, True):
            s = die_sprite(v, hit)
            sample.paste(s, (x, y), s)
            x += DIE + 2
    title = T.say("battle.sample", loc)
    sc = script_of(loc)
    draw_text(d, (10, 820), title, TITLE_PX, "bold", sc, fill=C.INK)
    d.rectangle((0, 860, WIDTH, 900), fill=C.TITLE_BG)
    draw_text(d, (10, 862), title, TITLE_PX, "bold", sc, fill=C.TITLE_TEXT)
    adaptive = sample.quantize(
        colors=256 - len(keys), method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
    )
    flat = [v for c in keys for v in c] + (adaptive.getpalette() or [])[: 3 * (256 - len(keys))]
    flat += [0] * (768 - len(flat))
    pal = Image.new("P", (1, 1))
    pal.putpalette(flat)
    _PALETTE[loc] = pal
    return pal


def battle_image(b: BattleView, role: str = "public", locale: str = "en") -> Image.Image:
    """The battle board of ``b`` as seen by ``role`` (the view already holds only what ``role`` may see),
    its texts in ``locale``."""
    loc = T.locale_of(locale)
    cells, rows, board_h = _layout(b, loc)
    panel = _panel(b, loc)
    top = TITLE_H + PAD
    height = max(board_h, top + panel.height + PAD)
    im = Image.new("RGB", (WIDTH, height), C.PAPER)
    _draw_title(im, b, role, loc)
    for c in cells:
        _draw_cell(im, c, b, loc)
    _draw_centre(im, rows[1][2] + GAP, loc)
    panel_box = (PANEL_X0, top, PANEL_X1, height - PAD)
    d = ImageDraw.Draw(im)
    d.rounded_rectangle(panel_box, radius=8, fill=C.PANEL_BG, outline=C.PANEL_EDGE, width=2)
    im.paste(panel.crop((2, 2, panel.width - 2, panel.height)), (PANEL_X0 + 2, top + 2))
    return im.quantize(palette=_palette(loc), dither=Image.Dither.NONE)


def render_battle(b: BattleView, role: str = "public", locale: str = "en") -> bytes:
    """The battle board of ``b`` (a battle of ``role``'s view) as PNG bytes, its texts in ``locale``."""
    return encode_png(battle_image(b, role, locale))


def render_battles(view: View, locale: str = "en") -> dict[str, bytes]:
    """Every open battle of ``view``, by town, as PNG bytes."""
    return {b.town: render_battle(b, view.role, locale) for b in view.battles if hasattr(b, "sides")}
