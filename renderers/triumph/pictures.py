"""Napoleon's Triumph's pictures, drawn from a role's view (``engine.triumph.views.View``) only: what the view
leaves out (the enemy's faces, a sealed choice) is not in it, so it cannot be in the picture.

- ``draw_map(view, locale)``: the locale map with every block where it stands, face up only where the view
  carries its face (rule 5 with G5, G6), else face down with the count of a side's hidden blocks there;
  commanders (G8); the attack under way as an arrow; the title bar (round, time, whose turn, the step, night,
  an "eyes only" badge on a private view); the time track with the night (7, 14), both morale tracks (13)
  and the eliminated blocks (public) in the panel.
- ``draw_attack(view, locale)``: the attack under way (11): the approach from the attack locale to the
  defence locale on the map, the nine steps with the one under way, and the committed pieces as the view
  reveals them.

The map copies its static layer (:mod:`renderers.triumph.base`), draws on it and maps only what it drew onto
the fixed palette; then an indexed PNG at level 3. Same view, same bytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from ..fonts import draw_text, script_of, text_length, wrap_lines
from ..geometry import Box
from ..palette import encode_png, mapped
from . import base as B
from . import colours as C
from . import sprites as S
from . import text as T

TITLE_PX = 22
SUB_PX = 15
GAP = 2
PER_ROW = 3
SIDES = ("french", "allies")
OFF, GONE = "off", "gone"


def _viewer(view: Any) -> str:
    return view.role if view.role in SIDES else "public"


# ---------------------------------------------------------------------------------------------------------
# the title bar


def _sub(view: Any, locale: str) -> str:
    rounds = B.data().scenario(view.scenario).rounds
    parts = [T.say("title.round", locale, label=T.when(view.label, locale), n=view.round, of=len(rounds))]
    if view.winner:
        why = f"reason.{view.reason}"
        reason = T.say(why, locale) if why in T.EN else view.reason or ""
        parts.append(T.say("title.over", locale, side=T.say(f"army.{view.winner}", locale), reason=reason))
    else:
        parts.append(T.say("title.turn", locale, side=T.side_name(view.side, locale)))
        parts.append(T.say(f"step.{view.step}", locale) if f"step.{view.step}" in T.EN else view.step)
        if view.active:
            parts.append(
                T.say("title.act", locale, side=", ".join(T.side_name(s, locale) for s in view.active))
            )
    return " · ".join(parts)


@lru_cache(maxsize=64)
def _title_bar(sub: str, night: bool, viewer: str, locale: str, width: int) -> Image.Image:
    """The game, the moment (a moon and the word at night, the bar night-blue: not colour alone), and a
    side's "eyes only" badge on a private picture."""
    sc = script_of(locale)
    bg = C.NIGHT if night else C.TITLE_BG
    im = Image.new("RGB", (width, B.TITLE_H), bg)
    d = ImageDraw.Draw(im)
    title = T.say("title.game", locale)
    draw_text(d, (B.MAP_X, 8), title, TITLE_PX, "bold", sc, fill=C.TITLE_TEXT)
    if night:
        x = B.MAP_X + text_length(title, TITLE_PX, "bold", sc) + 20
        draw_text(d, (x, 8), T.say("title.night", locale), TITLE_PX, "bold", sc, fill=C.GUARD)
    draw_text(d, (B.MAP_X, 38), sub, SUB_PX, "regular", sc, fill=C.TITLE_TEXT)
    if viewer in SIDES:
        badge = T.say("eyes_only", locale, side=T.side_name(viewer, locale))
        w = text_length(badge, 17, "bold", sc) + 24
        x1 = width - B.MAP_X
        d.rounded_rectangle((x1 - w, 12, x1, B.TITLE_H - 12), radius=6, fill=C.SIDE[viewer], outline=C.WHITE)
        draw_text(d, (x1 - w / 2, B.TITLE_H / 2), badge, 17, "bold", sc, anchor="mm", fill=C.WHITE)
    return im


# ---------------------------------------------------------------------------------------------------------
# blocks on the map


def _sprites(blocks: Sequence[dict[str, Any]]) -> list[Image.Image]:
    """A group's blocks: each face the view carries (by id), then one back a side with the count of its
    hidden blocks there."""
    out = [S.face(b["side"], b["face"]) for b in sorted(blocks, key=lambda b: b["id"]) if "face" in b]
    for side in SIDES:
        n = sum(1 for b in blocks if b["side"] == side and "face" not in b)
        if n:
            out.append(S.back(side, n))
    return out


def _rows(sprites: Sequence[Image.Image]) -> list[list[Image.Image]]:
    rows: list[list[Image.Image]] = []
    for i, s in enumerate(sprites):
        if i % PER_ROW == 0:
            rows.append([])
        rows[-1].append(s)
    return rows


def _group_size(pennants: Sequence[Image.Image], rows: Sequence[Sequence[Image.Image]]) -> tuple[int, int]:
    w = max([p.width for p in pennants] + [sum(s.width for s in r) + GAP * (len(r) - 1) for r in rows] + [0])
    h = sum(p.height + GAP for p in pennants) + sum(max(s.height for s in r) + GAP for r in rows)
    return w, max(0, h - GAP)


def _paste_group(im: Image.Image, pennants: Sequence[Image.Image], sprites: Sequence[Image.Image], x0: float,
                 y0: float) -> Box:  # fmt: skip
    """Pennants, then rows of blocks, centred on one column from (x0 + width / 2, y0); the box drawn."""
    rows = _rows(sprites)
    w, h = _group_size(pennants, rows)
    cx, y = x0 + w / 2, y0
    for p in pennants:
        im.paste(p, (round(cx - p.width / 2), round(y)), p)
        y += p.height + GAP
    for r in rows:
        rw = sum(s.width for s in r) + GAP * (len(r) - 1)
        x = cx - rw / 2
        for s in r:
            im.paste(s, (round(x), round(y)), s)
            x += s.width + GAP
        y += max(s.height for s in r) + GAP
    return (x0, y0, x0 + w, y0 + h)


def _groups(view: Any) -> dict[tuple[str, str | None], tuple[list[dict[str, Any]], list[dict[str, Any]]]]:
    """(locale, approach or None) -> (blocks, commanders) standing there, on the map."""
    out: dict[tuple[str, str | None], tuple[list[dict[str, Any]], list[dict[str, Any]]]] = {}
    for b in view.blocks:
        if b["at"] not in (OFF, GONE):
            out.setdefault((b["at"], b.get("on")), ([], []))[0].append(b)
    for c in view.commanders:
        if c["at"] not in (OFF, GONE):
            out.setdefault((c["at"], c.get("on")), ([], []))[1].append(c)
    return out


def _commander_name(t: Any, cid: str, script: str) -> str:
    """A commander's name in the picture's script (the data's ``name``, in Japanese ``name_ja``)."""
    c = t.commander(cid)
    return str(c.name_ja if script == "ja" else c.name)


def draw_groups(
    im: Image.Image, view: Any, only: frozenset[str] | None = None, script: str = "latin"
) -> dict[tuple[str, str | None], Box]:
    """Every group of blocks and commanders (in a locale's reserve, or on one of its approaches) drawn on
    ``im``; the box each took, by (locale, approach or None)."""
    t = B.data()
    drawn: dict[tuple[str, str | None], Box] = {}
    # the approaches' groups first, the reserves' (with the commanders' pennants) over them
    order = sorted(_groups(view).items(), key=lambda kv: (kv[0][1] is None, kv[0][0], kv[0][1] or ""))
    for (at, on), (blocks, cmdrs) in order:
        if only is not None and at not in only:
            continue
        pennants = [
            S.commander(c["side"], _commander_name(t, c["id"], script), script)
            for c in sorted(cmdrs, key=lambda c: c["id"])
        ]
        sprites = _sprites(blocks)
        w, h = _group_size(pennants, _rows(sprites))
        if on is None:  # the reserve: above the locale's centre
            x, y = B.centre(at)
            box = _paste_group(im, pennants, sprites, x - w / 2, y - 6 - h)
        else:  # 4: on the approach to ``on``, near that border, tied to it by a line of its side's colour
            x, y = B.approach_point(at, on)
            p, q = B.border(at, on)
            m = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
            side = (blocks or cmdrs)[0]["side"]
            ImageDraw.Draw(im).line((x, y, m[0], m[1]), fill=C.SIDE[side], width=3)
            box = _paste_group(im, pennants, sprites, x - w / 2, y - h / 2)
            box = (min(box[0], m[0]), min(box[1], m[1]), max(box[2], m[0]), max(box[3], m[1]))
        drawn[(at, on)] = box
    return drawn


def _attack_arrow(im: Image.Image, attack: dict[str, Any]) -> Box:
    """11.1: the threatened approach, from the attack locale to the defence locale."""
    a, b = B.centre(attack["source"]), B.centre(attack["target"])
    (p, q) = B.border(attack["source"], attack["target"])
    m = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
    start = (a[0] + (m[0] - a[0]) * 0.3, a[1] + (m[1] - a[1]) * 0.3)
    end = (m[0] + (b[0] - m[0]) * 0.55, m[1] + (b[1] - m[1]) * 0.55)
    return B.arrow(ImageDraw.Draw(im), start, end, 1, 7)


# ---------------------------------------------------------------------------------------------------------
# the panel: time track, morale, eliminated


def tracks_box() -> Box:
    x0, y0, x1, _ = B.panel_box()
    return (x0, y0, x1, B.key_box()[1] - 8)


CELL_W, CELL_H, CELL_GAP = 42, 36, 4


def _time_track(d: ImageDraw.ImageDraw, view: Any, x0: float, y: float, locale: str) -> float:
    sc = script_of(locale)
    draw_text(d, (x0, y), T.say("track.time", locale), 15, "bold", sc, fill=C.INK)
    y += 24
    rounds = B.data().scenario(view.scenario).rounds
    date = ""
    col = 0
    for r in rounds:
        if r.date != date:
            if date:
                y += CELL_H + CELL_GAP
            date = r.date
            col = 0
            day = r.label.split(" ")[0] + " " + r.label.split(" ")[1]
            draw_text(d, (x0, y), T.when(day, locale), 13, "bold", sc, fill=C.INK_SOFT)
            y += 18
        elif col == 7:
            col = 0
            y += CELL_H + CELL_GAP
        x = x0 + col * (CELL_W + CELL_GAP)
        now = r.n == view.round
        fill = C.NIGHT if r.night else (C.WHITE if now else C.PANEL_BG)
        d.rectangle((x, y, x + CELL_W, y + CELL_H), fill=fill, outline=C.NOW if now else C.PANEL_EDGE,
                    width=4 if now else 1)  # fmt: skip
        ink = C.NIGHT_TEXT if r.night else (C.INK if r.n >= view.round else C.INK_SOFT)
        if r.night:  # 14: the night, said in a sign and a word
            draw_text(d, (x + CELL_W / 2, y + 11), "☾", 13, "bold", "latin", anchor="mm", fill=ink)
            night = T.say("track.night", locale)
            draw_text(d, (x + CELL_W / 2, y + 26), night, 12, "regular", sc, anchor="mm", fill=ink)
        else:
            draw_text(d, (x + CELL_W / 2, y + 11), r.hour, 12, "bold", "latin", anchor="mm", fill=ink)
            draw_text(d, (x + CELL_W / 2, y + 26), str(r.n), 12, "regular", "latin", anchor="mm", fill=ink)
        col += 1
    return y + CELL_H + 14


def _morale(d: ImageDraw.ImageDraw, view: Any, x0: float, y: float, width: float, locale: str) -> float:
    """13: each side's morale on a track of cells from 0, filled up to its morale."""
    sc = script_of(locale)
    draw_text(d, (x0, y), T.say("track.morale", locale), 15, "bold", sc, fill=C.INK)
    y += 24
    top = max(max(B.data().morale.start.values()), *view.morale.values())
    cell = (width - 4) / (top + 1)
    for side in SIDES:
        n = view.morale.get(side, 0)
        draw_text(d, (x0, y), T.say("track.morale_side", locale, side=T.say(f"army.{side}", locale), n=n), 13,
                  "bold", sc, fill=C.SIDE[side])  # fmt: skip
        y += 18
        for k in range(top + 1):
            x = x0 + k * cell
            d.rectangle((x, y, x + cell - 1, y + 14), fill=C.SIDE[side] if 0 < k <= n else C.WHITE,
                        outline=C.PANEL_EDGE)  # fmt: skip
            if k % 5 == 0:
                draw_text(
                    d, (x + cell / 2, y + 16), str(k), 12, "regular", "latin", anchor="mt", fill=C.INK_SOFT
                )
        y += 36
    return y


def _eliminated(im: Image.Image, view: Any, x0: float, y: float, x1: float, locale: str) -> float:
    sc = script_of(locale)
    d = ImageDraw.Draw(im)
    draw_text(d, (x0, y), T.say("track.eliminated", locale), 15, "bold", sc, fill=C.INK)
    y += 22
    gone = [b for b in view.blocks if b["at"] == GONE]
    if not gone:
        draw_text(d, (x0, y), T.say("track.none", locale), 13, "regular", sc, fill=C.INK_SOFT)
        return y + 20
    for side in SIDES:
        x = x0
        row = [b for b in sorted(gone, key=lambda b: b["id"]) if b["side"] == side]
        if not row:
            continue
        for b in row:
            s = S.face(side, b["face"]) if "face" in b else S.back(side, 1)
            if x + s.width > x1:
                x, y = x0, y + S.FACE_H + GAP
            im.paste(s, (round(x), round(y)), s)
            x += s.width + GAP
        y += S.FACE_H + 6
    return y + 4


def _off_map(d: ImageDraw.ImageDraw, view: Any, x0: float, y: float, x1: float, locale: str) -> float:
    """The commanders not yet on the map (reinforcements, the Allied corps of 1 December): public."""
    sc = script_of(locale)
    t = B.data()
    for side in SIDES:
        names = [
            _commander_name(t, c["id"], sc) for c in view.commanders if c["side"] == side and c["at"] == OFF
        ]
        if names:
            text = T.say("track.off", locale, names=("、" if sc == "ja" else ", ").join(names))
            for line in wrap_lines(text, x1 - x0, 13, sc):
                draw_text(d, (x0, y), line, 13, "regular", sc, fill=C.SIDE[side])
                y += 17
            y += 2
    return y


def _panel(im: Image.Image, view: Any, locale: str) -> Box:
    box = tracks_box()
    d = ImageDraw.Draw(im)
    d.rectangle(box, fill=C.PANEL_BG, outline=C.PANEL_EDGE)
    x0, x1 = box[0] + 10, box[2] - 10
    y = _time_track(d, view, x0, box[1] + 10, locale)
    y = _morale(d, view, x0, y, x1 - x0, locale)
    y = _eliminated(im, view, x0, y, x1, locale)
    _off_map(d, view, x0, y + 4, x1, locale)
    return box


# ---------------------------------------------------------------------------------------------------------
# the map


def map_image(view: Any, locale: str = "en") -> Image.Image:
    """The map of ``view`` as an indexed image on the fixed palette (only what is drawn anew is mapped)."""
    loc = T.locale_of(locale)
    base = B.base_for(loc)
    im = base.image.copy()
    w = im.width
    im.paste(_title_bar(_sub(view, loc), bool(view.night), _viewer(view), loc, w), (0, 0))
    dirty: list[Box] = [(0, 0, w, B.TITLE_H), _panel(im, view, loc)]
    if view.attack:
        dirty.append(_attack_arrow(im, view.attack))
    dirty += draw_groups(im, view, script=script_of(loc)).values()
    return mapped(im, base, dirty)


def draw_map(view: Any, locale: str = "en") -> bytes:
    """The locale map as ``view``'s role sees it, PNG bytes."""
    return encode_png(map_image(view, locale))
