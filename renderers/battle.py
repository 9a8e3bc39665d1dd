"""The battle board: a :class:`engine.napoleon.battle_views.BattleView` as PNG bytes (1400 wide).

The board is drawn the way the rules draw it (6.2): the defender's side on top, the attacker's below, the
centre line between. Each side has Left, Center and Right line columns and a Reserve behind them. A side's
Left faces the enemy's Right, so the three lanes read, left to right: attacker Left against defender Right,
Center against Center, attacker Right against defender Left. A column holds its own side's blocks and any
enemy blocks that crossed the centre line into it (they are then engaged, 8.1): such a column is framed in
orange.

Revealed blocks show unit id, type symbol and current cv; hidden ones (the enemy's reserve, and everything
before both sides have deployed) are blank blocks in their army's colour with a count. Disrupted blocks lie
down; blocks in square have a yellow frame. The panel on the right gives the state of the battle, the dice of
the last fire (hits marked) and a key. The picture depends only on the view it is given.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from PIL import Image, ImageDraw

from engine.napoleon.board import FACING, LINE  # the board's geometry has one home: the engine's board.py
from engine.napoleon.state import SIDE_OF

from . import blocks as B
from . import colours as C
from .fonts import font

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
CENTRE_H = 34
GAP = 5
MIN_ROW_H = 100
PNG_COMPRESS = 3

TITLE_PX = 26
SUBTITLE_PX = 19
HEAD_PX = 15
TEXT_PX = 15
SMALL_PX = 13
DIE = 40

SZ = B.BOARD
SIDE_NAMES = {"french": "French", "allied": "Allied"}
ROLE_NAMES = {
    "french": "French",
    "allied": "Allied",
    "british": "British",
    "prussian": "Prussian",
    "public": "Public",
}
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


@dataclass
class _Cell:
    side: str  # whose column it is
    column: str  # left | center | right | reserve
    box: tuple[int, int, int, int]
    own: list[Image.Image]
    intruders: list[Image.Image]  # enemy blocks that crossed into this column


def _cell_height(own: Sequence[Image.Image], intruders: Sequence[Image.Image], width: int) -> int:
    h_own, _ = _flow(own, width - 2 * GAP)
    h_in, _ = _flow(intruders, width - 2 * GAP)
    body = h_own + (h_in + 3 * GAP if intruders else 0)
    return max(MIN_ROW_H, HEAD_H + body + 2 * GAP)


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


def _spot_name(spot: str | None) -> str:
    if not spot:
        return ""
    side, _, column = spot.partition(":")
    return f"{SIDE_NAMES.get(side, side)} {column.capitalize()}".strip()


def status_lines(b: BattleView) -> list[str]:
    """What is happening in the battle, in words."""
    att = SIDE_NAMES.get(b.attacker, b.attacker)
    dfn = SIDE_NAMES.get(b.defender, b.defender)
    lines = [f"{att} attack, {dfn} defend"]
    if b.status == "deploy":
        waiting = ", ".join(ROLE_NAMES.get(r, r) for r in b.must_deploy)
        lines.append("Secret deployment (6.2)" + (f": waiting for {waiting}" if waiting else ""))
    elif b.status == "fighting":
        who = SIDE_NAMES.get(b.turn_side or "", b.turn_side or "")
        lines.append(f"Battle turn {b.battle_turn}: {who}" + (f", {b.phase} phase" if b.phase else ""))
    elif b.status == "regroup":
        victor = SIDE_NAMES.get(b.victor or "", b.victor or "")
        kind = f" ({b.regroup_kind})" if b.regroup_kind else ""
        lines.append(f"Won by the {victor}: regroup{kind} (7.6)")
    elif b.status == "over":
        victor = SIDE_NAMES.get(b.victor or "", b.victor or "")
        lines.append(f"Over: won by the {victor}" if victor else "Over")
    if b.idle_rounds:
        lines.append(f"Rounds without progress: {b.idle_rounds}")
    return lines


def fire_lines(fire: dict[str, Any]) -> list[str]:
    who = fire.get("unit") or f"a {str(fire.get('army', '')).capitalize()} block"
    cls = fire.get("class") or ""
    target = _spot_name(fire.get("target"))
    formation = fire.get("formation") or ""
    kind = []
    if fire.get("charge"):
        kind.append("charge")
    if fire.get("range") and fire.get("range") != "close":
        kind.append(str(fire["range"]))
    extra = f" ({', '.join(kind)})" if kind else ""
    lines = [f"{who} fired {cls}{extra}", f"at the {target}" + (f" {formation}" if formation else "")]
    hits = fire.get("hits", 0)
    applied = fire.get("applied", hits)
    faces = fire.get("faces") or []
    on = "hit on " + ", ".join(str(f) for f in faces) if faces else ""
    res = f"{hits} hit{'s' if hits != 1 else ''}"
    if applied != hits:
        res += f", {applied} taken"
    lines.append(f"{res}" + (f" ({on})" if on else ""))
    return lines


# ---------------------------------------------------------------------------------------------------------
# the picture


def _draw_title(im: Image.Image, b: BattleView, role: str) -> None:
    d = ImageDraw.Draw(im)
    d.rectangle((0, 0, WIDTH, TITLE_H), fill=C.TITLE_BG)
    fb = font(TITLE_PX, "bold")
    fs = font(SUBTITLE_PX)
    title = f"Battle of {b.town}"
    d.text((PAD + 4, TITLE_H / 2), title, font=fb, fill=C.TITLE_TEXT, anchor="lm")
    x = PAD + 4 + int(fb.getlength(title)) + 24
    d.text(
        (x, TITLE_H / 2),
        status_lines(b)[1] if len(status_lines(b)) > 1 else "",
        font=fs,
        fill=C.TITLE_TEXT,
        anchor="lm",
    )
    if role != "public":
        label = f"{ROLE_NAMES.get(role, role)} eyes only"
        fp = font(SUBTITLE_PX, "bold")
        tw = fp.getlength(label) + 24
        d.rounded_rectangle((WIDTH - PAD - tw, 12, WIDTH - PAD, TITLE_H - 12), radius=8, fill=C.HALO)
        d.text((WIDTH - PAD - tw / 2, TITLE_H / 2), label, font=fp, fill=C.INK, anchor="mm")


def _layout(b: BattleView) -> tuple[list[_Cell], list[tuple[str, int, int]], int]:
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
            made.append((column, x0, x1, own, intruders))
        h = max(_cell_height(own, intr, x1 - x0) for _, x0, x1, own, intr in made)
        for column, x0, x1, own, intruders in made:
            cells.append(_Cell(side.side, column, (x0, y, x1, y + h), own, intruders))
        row_spans.append((kind, y, y + h))
        y += h + GAP
    return cells, row_spans, y + PAD


def _draw_cell(im: Image.Image, c: _Cell, b: BattleView) -> None:
    d = ImageDraw.Draw(im)
    x0, y0, x1, _ = c.box
    engaged = bool(c.intruders) and bool(c.own)
    bg = RESERVE_BG if c.column == "reserve" else CELL_BG
    d.rounded_rectangle(
        c.box, radius=8, fill=bg, outline=ENGAGED if engaged else C.PANEL_EDGE, width=4 if engaged else 1
    )
    side_name = SIDE_NAMES.get(c.side, c.side)
    role_word = "attacker" if c.side == b.attacker else "defender"
    side_v = b.side(c.side)
    secret = b.status == "deploy" and any(not x.known for x in side_v.reserve)
    if c.column == "reserve":
        n = side_v.reserve_count
        blocks = f"{n} block{'s' if n != 1 else ''}"
        if secret:
            label = f"{side_name} ({role_word}) · {blocks}, deployment secret (6.2)"
        elif b.status == "deploy":
            state = "deployed" if side_v.deployed else "to deploy"
            label = f"{side_name} Reserve ({role_word}) · {blocks} {state}"
        else:
            label = f"{side_name} Reserve ({role_word}) · {blocks}"
    else:
        label = f"{side_name} {c.column.capitalize()}"
    fh = font(HEAD_PX, "bold")
    _side_mark(d, c.side, x0 + 8, y0 + 7, HEAD_H - 10)
    d.text((x0 + 18, y0 + HEAD_H / 2 + 2), label, font=fh, fill=C.INK, anchor="lm")
    right = x1 - 8
    fe = font(SMALL_PX, "bold")
    if engaged:
        tag = "⚔ engaged"
        tw = fe.getlength(tag) + 12
        d.rounded_rectangle((right - tw, y0 + 5, right, y0 + HEAD_H - 1), radius=5, fill=ENGAGED)
        d.text((right - tw / 2, y0 + HEAD_H / 2 + 2), tag, font=fe, fill=C.INK, anchor="mm")
        right -= int(tw) + 6
    fire = b.last_fire
    if fire and fire.get("target") == f"{c.side}:{c.column}":
        hits = fire.get("applied", fire.get("hits", 0))
        tag = f"last fire: {hits} hit{'s' if hits != 1 else ''}"
        tw = fe.getlength(tag) + 12
        d.rounded_rectangle((right - tw, y0 + 5, right, y0 + HEAD_H - 1), radius=5, fill=C.INK)
        d.text((right - tw / 2, y0 + HEAD_H / 2 + 2), tag, font=fe, fill=C.HALO, anchor="mm")
    if secret and c.column != "reserve" and not c.own and not c.intruders:
        d.text(
            ((x0 + x1) / 2, y0 + HEAD_H + 34),
            "secret until both sides have deployed",
            font=font(SMALL_PX),
            fill=C.INK_SOFT,
            anchor="mm",
        )
    inner = x1 - x0 - 2 * GAP
    h_own, offs = _flow(c.own, inner)
    y = y0 + HEAD_H + GAP
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
        d.rectangle((x, y, x + 5, y + h), fill=C.FRENCH)
    else:
        d.rectangle((x, y, x + 5, y + h // 2), fill=C.BRITISH)
        d.rectangle((x, y + h // 2, x + 5, y + h), fill=C.PRUSSIAN)


def _draw_centre(im: Image.Image, y: int) -> None:
    d = ImageDraw.Draw(im)
    mid = y + CENTRE_H // 2 - GAP // 2
    d.line((BOARD_X0, mid, BOARD_X1, mid), fill=C.INK, width=3)
    f = font(SMALL_PX, "bold")
    label = "centre line"
    tw = f.getlength(label) + 16
    cx = (BOARD_X0 + BOARD_X1) / 2
    d.rectangle((cx - tw / 2, mid - 10, cx + tw / 2, mid + 10), fill=C.PAPER)
    d.text((cx, mid), label, font=f, fill=C.INK, anchor="mm")


def _panel(b: BattleView) -> Image.Image:
    """The panel on the right: the battle's state, the last fire and its dice, the key."""
    w = PANEL_X1 - PANEL_X0
    im = Image.new("RGB", (w, 2000), C.PANEL_BG)
    d = ImageDraw.Draw(im)
    x0, x1 = 0, w
    fh = font(HEAD_PX + 2, "bold")
    f = font(TEXT_PX)
    y = 12
    d.text((x0 + 14, y), "Battle", font=fh, fill=C.INK)
    y += 28
    for line in status_lines(b):
        d.text((x0 + 14, y), line, font=f, fill=C.INK)
        y += 22
    for side in (b.attacker, b.defender):
        sv = b.side(side)
        if sv.leader:
            d.text(
                (x0 + 14, y),
                f"★ {SIDE_NAMES.get(side, side)} leader in the line: {sv.leader}",
                font=f,
                fill=C.INK,
            )
            y += 22
    y += 12
    d.line((x0 + 12, y, x1 - 12, y), fill=C.PANEL_EDGE, width=1)
    y += 12
    d.text((x0 + 14, y), "Last fire", font=fh, fill=C.INK)
    y += 28
    fire = b.last_fire
    if not fire:
        d.text((x0 + 14, y), "none yet", font=f, fill=C.INK_SOFT)
        y += 24
    else:
        colour = C.ARMY.get(str(fire.get("army", "")), C.INK)
        d.rectangle((x0 + 14, y + 3, x0 + 20, y + 17), fill=colour)
        for i, line in enumerate(fire_lines(fire)):
            d.text((x0 + 26 if i == 0 else x0 + 14, y), line, font=f, fill=C.INK)
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
    key = _key()
    im.paste(key, (x0 + 14, y))
    y += key.height + 14
    return im.crop((0, 0, w, y))


@lru_cache(maxsize=1)
def _key() -> Image.Image:
    """The key never changes: drawn once."""
    im = Image.new("RGB", (PANEL_X1 - PANEL_X0 - 28, 600), C.PANEL_BG)
    return im.crop((0, 0, im.width, _draw_key(im, 0, 0)))


def _draw_key(im: Image.Image, x: int, y: int) -> int:
    d = ImageDraw.Draw(im)
    d.text((x, y), "Key", font=font(HEAD_PX + 2, "bold"), fill=C.INK)
    y += 30
    f = font(SMALL_PX)
    face = B.face_sprite("french", "french", False, "infantry", 3, "FR-12", False, False, SZ)
    im.paste(face, (x, y), face)
    d.text((x + face.width + 10, y + 8), "revealed block:", font=f, fill=C.INK)
    d.text((x + face.width + 10, y + 28), "unit, type, current cv", font=f, fill=C.INK)
    y += face.height + 10
    stack = B.stack_sprite("prussian", 3, False, False, SZ)
    im.paste(stack, (x, y), stack)
    d.text((x + stack.width + 10, y + 8), "hidden blocks", font=f, fill=C.INK)
    d.text((x + stack.width + 10, y + 28), "and their count", font=f, fill=C.INK)
    y += stack.height + 10
    x2 = x
    for kind in ("infantry", "cavalry", "artillery", "leader"):
        sym = Image.new("RGBA", (18 * B.SS, 14 * B.SS), (0, 0, 0, 0))
        B.draw_symbol(ImageDraw.Draw(sym), kind, (1, 1, 17, 13), C.INK, B.SS)
        sym = sym.resize((18, 14), Image.Resampling.LANCZOS)
        im.paste(sym, (x2, y + 2), sym)
        d.text((x2 + 22, y + 9), kind, font=f, fill=C.INK, anchor="lm")
        x2 += 22 + int(f.getlength(kind)) + 12
    y += 28
    down = B.face_sprite("british", "british", False, "cavalry", 2, "BR-9", True, False, SZ)
    im.paste(down, (x, y), down)
    d.text(
        (x + down.width + 10, y + down.height / 2), "laid down: disrupted", font=f, fill=C.INK, anchor="lm"
    )
    y += down.height + 8
    sq = B.face_sprite("british", "british", False, "infantry", 2, "BR-3", False, True, SZ)
    im.paste(sq, (x, y), sq)
    d.text((x + sq.width + 10, y + sq.height / 2), "yellow frame: in square", font=f, fill=C.INK, anchor="lm")
    y += sq.height + 8
    d.rounded_rectangle((x, y, x + 40, y + 26), radius=5, outline=ENGAGED, width=4)
    d.text((x + 50, y + 13), "orange: engaged column", font=f, fill=C.INK, anchor="lm")
    y += 34
    d.text((x, y), "A Left faces the enemy's Right.", font=f, fill=C.INK)
    y += 20
    d.text((x, y), "Hits on the dice are marked.", font=f, fill=C.INK)
    return y + 20


_PALETTE: list[Image.Image] = []


def _palette() -> Image.Image:
    """A fixed 256-colour palette for battle boards (built once)."""
    if _PALETTE:
        return _PALETTE[0]
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
        C.FRENCH,
        C.GUARD_GREEN,
        C.BRITISH,
        C.PRUSSIAN,
        C.ARMY_TEXT,
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
    title = "Battle of Fleurus Battle turn 2: French, combat phase ⚔ engaged"
    d.text((10, 820), title, font=font(TITLE_PX, "bold"), fill=C.INK)
    d.rectangle((0, 860, WIDTH, 900), fill=C.TITLE_BG)
    d.text((10, 862), title, font=font(TITLE_PX, "bold"), fill=C.TITLE_TEXT)
    adaptive = sample.quantize(
        colors=256 - len(keys), method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
    )
    flat = [v for c in keys for v in c] + (adaptive.getpalette() or [])[: 3 * (256 - len(keys))]
    flat += [0] * (768 - len(flat))
    pal = Image.new("P", (1, 1))
    pal.putpalette(flat)
    _PALETTE.append(pal)
    return pal


def battle_image(b: BattleView, role: str = "public") -> Image.Image:
    """The battle board of ``b`` as seen by ``role`` (the view already holds only what ``role`` may see)."""
    cells, rows, board_h = _layout(b)
    panel = _panel(b)
    top = TITLE_H + PAD
    height = max(board_h, top + panel.height + PAD)
    im = Image.new("RGB", (WIDTH, height), C.PAPER)
    _draw_title(im, b, role)
    for c in cells:
        _draw_cell(im, c, b)
    _draw_centre(im, rows[1][2] + GAP)
    panel_box = (PANEL_X0, top, PANEL_X1, height - PAD)
    d = ImageDraw.Draw(im)
    d.rounded_rectangle(panel_box, radius=8, fill=C.PANEL_BG, outline=C.PANEL_EDGE, width=2)
    im.paste(panel.crop((2, 2, panel.width - 2, panel.height)), (PANEL_X0 + 2, top + 2))
    return im.quantize(palette=_palette(), dither=Image.Dither.NONE)


def encode_png(im: Image.Image, compress_level: int = PNG_COMPRESS) -> bytes:
    buf = io.BytesIO()
    im.save(buf, "PNG", compress_level=compress_level)
    return buf.getvalue()


def render_battle(b: BattleView, role: str = "public") -> bytes:
    """The battle board of ``b`` (a battle of ``role``'s view) as PNG bytes."""
    return encode_png(battle_image(b, role))


def render_battles(view: View) -> dict[str, bytes]:
    """Every open battle of ``view``, by town, as PNG bytes."""
    return {b.town: render_battle(b, view.role) for b in view.battles if hasattr(b, "sides")}
