"""The attack picture (rule 11): the approach from the attack locale to the defence locale on the map, the
nine steps with the one under way, and the pieces committed as the view reveals them: the defenders (11.2,
faces only where the view carries them), the defence leaders once the attacker has pressed or to the defender
(11.4, G7), the attacking units and their leaders with the attack's width (11.5), the initial result (11.6),
the counter-attack (11.7) and the units to retreat (12).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from ..fonts import draw_text, font, script_of, wrap_lines
from ..palette import encode_png
from . import base as B
from . import colours as C
from . import sprites as S
from . import text as T
from .pictures import _attack_arrow, _sub, _title_bar, _viewer, draw_groups

CROP_W, CROP_H = 520, 560
PANEL_W = 600
WIDTH = CROP_W + PANEL_W + 36
HEIGHT = B.TITLE_H + CROP_H + 24  # at least: taller when the panel needs it
TALL = 1400
ROW_PX = 14


def _crop_origin(attack: dict[str, Any]) -> tuple[int, int]:
    """The top left of the map's part shown: centred on the approach, kept inside the map."""
    p, q = B.border(attack["source"], attack["target"])
    mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
    mw, mh = B.map_size()
    x = min(max(B.MAP_X, round(mx - CROP_W / 2)), B.MAP_X + mw - CROP_W)
    y = min(max(B.MAP_Y, round(my - CROP_H / 2)), B.MAP_Y + mh - CROP_H)
    return x, y


def _steps(attack: dict[str, Any]) -> tuple[set[int], set[int], str]:
    """The steps done, the steps under way, and what came of the attack once its steps are over (the view's
    step says it: after combat the defender retreats or holds; before it, a feint or ground given)."""
    step = attack["step"]
    fought = "ir" in attack
    if step == "defend":
        return {1}, {2, 4}, ""
    if step == "feint":
        return {1, 2, 4}, {3}, ""
    if step == "lead":
        return {1, 2, 3, 4}, {5}, ""
    if step == "counter":
        return {1, 2, 3, 4, 5, 6}, {7}, ""
    if step == "step-up":
        return (
            (set(range(1, 10)), set(), "attack.held") if fought else ({1, 2, 3, 4}, set(), "attack.feinted")
        )
    if step == "retreat":
        return (set(range(1, 10)), set(), "attack.won") if fought else ({1, 2}, set(), "attack.gave")
    if step == "advance":
        return {1, 2}, set(), "attack.advance"
    return {1}, set(), ""


@lru_cache(maxsize=128)
def _piece(side: str, face: str | None, uid: str) -> Image.Image:
    """One committed piece: its face where the view carries it, else its back; its id under it (ids are
    public and neutral: they say nothing of the face)."""
    s = S.face(side, face) if face else S.hidden(side)
    w = max(S.FACE_W, round(font(12, "condensed").getlength(uid)) + 4)
    im = Image.new("RGBA", (w, S.FACE_H + 16), (0, 0, 0, 0))
    im.paste(s, (round((w - s.width) / 2), round((S.FACE_H - s.height) / 2)), s)
    ImageDraw.Draw(im).text((w / 2, S.FACE_H + 2), uid, font=font(12, "condensed"), fill=C.INK, anchor="mt")
    return im


def _row(im: Image.Image, view: Any, ids: Sequence[str], x0: float, y: float, side: str) -> float:
    """The pieces ``ids`` from (x0, y), wrapping at the panel's edge; the bottom."""
    blocks = {b["id"]: b for b in view.blocks}
    x = x0
    for uid in ids:
        b = blocks.get(uid, {})
        s = _piece(b.get("side", side), b.get("face"), uid)
        if x + s.width > x0 + PANEL_W - 10:
            x, y = x0, y + S.FACE_H + 20
        im.paste(s, (round(x), round(y)), s)
        x += s.width + 6
    return y + S.FACE_H + 20


def attack_image(view: Any, locale: str = "en") -> Image.Image:
    loc = T.locale_of(locale)
    sc = script_of(loc)
    base = B.base_for(loc)
    canvas = Image.new("RGB", (WIDTH, TALL), C.PANEL_BG)
    canvas.paste(_title_bar(_sub(view, loc), bool(view.night), _viewer(view), loc, WIDTH), (0, 0))
    d = ImageDraw.Draw(canvas)
    a = view.attack
    x0, y0 = 12, B.TITLE_H + 12
    if not a:
        draw_text(d, (x0, y0 + 10), T.say("attack.none", loc), 18, "bold", sc, fill=C.INK)
        return canvas.crop((0, 0, WIDTH, HEIGHT)).quantize(palette=base.palette, dither=Image.Dither.NONE)
    t = B.data()
    # the map round the approach, with the two locales' blocks and the arrow (11.1)
    full = base.image.copy()
    draw_groups(full, view, frozenset((a["source"], a["target"])), sc)
    _attack_arrow(full, a)  # over the blocks: here the approach is the subject
    cx, cy = _crop_origin(a)
    canvas.paste(full.crop((cx, cy, cx + CROP_W, cy + CROP_H)), (x0, y0))
    d.rectangle((x0, y0, x0 + CROP_W, y0 + CROP_H), outline=C.INK, width=2)
    # the panel
    x = x0 + CROP_W + 16
    y: float = y0
    target, source = B.locale_name(a["target"], sc), B.locale_name(a["source"], sc)
    ap = t.approach(a["target"], a["source"])
    width = a.get("width") or (ap.width if ap else "wide")  # 11.5: the attack's width once it is led
    ap_width = ap.width if ap else width
    attacker = a["attacker"]
    draw_text(d, (x, y), T.say("attack.title", loc, target=target), 22, "bold", sc, fill=C.INK)
    y += 30
    sub = T.say("attack.from", loc, source=source, width=T.say(f"attack.width.{ap_width}", loc),
                attacker=T.say(f"army.{attacker}", loc))  # fmt: skip
    for line in wrap_lines(sub, PANEL_W - 10, ROW_PX, sc):
        draw_text(d, (x, y), line, ROW_PX, "regular", sc, fill=C.SIDE[attacker])
        y += 19
    if ap is not None:  # 4: the symbols printed in the defence locale on this approach
        arms = (", " if loc == "en" else "・").join(T.say(f"arm.{arm}", loc) for arm in ap.penalties)
        line = T.say("attack.symbols" if arms else "attack.no_penalty", loc, target=target, arms=arms)
        if ap.obstructed:
            line += T.say("attack.obstructed", loc)
        draw_text(d, (x, y), line, 13, "regular", sc, fill=C.INK_SOFT)
        y += 19
    y += 6
    done, now, after = _steps(a)
    draw_text(d, (x, y), T.say("attack.steps", loc), 15, "bold", sc, fill=C.INK)
    y += 22
    col_w = (PANEL_W - 10) / 3
    for k in range(1, 10):
        sx, sy = x + 12 + ((k - 1) % 3) * col_w, y + ((k - 1) // 3) * 24
        label = T.say(f"attack.s{k}", loc)
        if k in now:
            d.rectangle((sx - 3, sy - 3, sx + col_w - 8, sy + 19), fill=C.WHITE, outline=C.NOW, width=3)
            draw_text(d, (sx + 2, sy), label, ROW_PX, "bold", sc, fill=C.INK)
        else:
            draw_text(d, (sx + 2, sy), label, ROW_PX, "regular", sc, fill=C.INK if k in done else C.INK_SOFT)
            if k in done:  # a step done is ticked: a shape, not only a colour
                d.line([(sx - 10, sy + 8), (sx - 7, sy + 12), (sx - 2, sy + 3)], fill=C.INK, width=2)
    y += 3 * 24 + 4
    if after:
        draw_text(
            d, (x, y), T.say("attack.after", loc, what=T.say(after, loc)), ROW_PX, "bold", sc, fill=C.NOW
        )
        y += 22
    defender = "french" if attacker == "allies" else "allies"

    def section(title: str, ids: Sequence[str] | None, side: str, note: str = "") -> None:
        nonlocal y
        draw_text(d, (x, y), title, ROW_PX, "bold", sc, fill=C.SIDE[side])
        if note:
            tx = x + 12 + font(ROW_PX, "bold", sc).getlength(title)
            draw_text(d, (tx, y), note, 13, "regular", sc, fill=C.INK_SOFT)
        y += 20
        if ids:
            y = _row(canvas, view, ids, x, y, side)
        else:
            key = "attack.nobody" if ids is not None or after else "attack.waiting"
            draw_text(d, (x + 4, y), T.say(key, loc), 13, "regular", sc, fill=C.INK_SOFT)
            y += 22

    if "defenders" in a:
        where = T.say("attack.blocked" if a.get("blocked") else "attack.reserve", loc)
        section(T.say("attack.defenders", loc), a["defenders"], defender, where)
        if "defence_leaders" in a:
            section(T.say("attack.dleaders", loc), a["defence_leaders"], defender)
        else:  # 11.4, G7: sealed from the attacker until it presses
            section(T.say("attack.dleaders", loc), None, defender, T.say("attack.sealed", loc))
    else:
        section(T.say("attack.defenders", loc), None, defender)
    if "attackers" in a:
        section(T.say("attack.attackers", loc), a["attackers"], attacker)
    if "leaders" in a:
        section(
            T.say("attack.aleaders", loc, width=T.say(f"attack.width.{width}", loc)), a["leaders"], attacker
        )
        ir = int(a.get("ir", 0))
        draw_text(d, (x, y), T.say("attack.ir", loc, ir=f"{ir:+d}"), 16, "bold", sc, fill=C.INK)
        y += 22
        draw_text(d, (x, y), T.say("attack.sign", loc), 13, "regular", sc, fill=C.INK_SOFT)
        y += 22
    if "counter" in a:
        section(T.say("attack.counter", loc), a["counter"], defender)
    if a.get("retreating"):
        section(T.say("attack.retreating", loc), a["retreating"], defender)
    out = canvas.crop((0, 0, WIDTH, max(HEIGHT, round(y) + 12)))
    return out.quantize(palette=base.palette, dither=Image.Dither.NONE)


def draw_attack(view: Any, locale: str = "en") -> bytes:
    """The attack under way as ``view``'s role sees it, PNG bytes."""
    return encode_png(attack_image(view, locale))
