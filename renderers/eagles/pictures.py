"""Eagles of the Empire's pictures, drawn from a role's view (a dict: :mod:`renderers.eagles.read`) and the
data, never from the game's state.

- ``draw_map(subject, locale)``: the area map with every unit on a card beside its area's LOS point (one card
  an area, placed by :func:`renderers.cards.place_cards` so that no card covers another, a name or a LOS
  point), each counter with its id, type, SP and steps, a long counter drawn long with its front along the
  border it faces (13.9) and every faced counter's arrow pointing at that neighbour; the leaders' pennants;
  the victory areas' VP in the colour of the side holding them (our scenario's victory rules); the title
  line (turn and time, weather, VP, who is to act); a leader's command range on demand (the subject's
  ``command``: the areas within his range hatched, 9.0); the panel with the victory areas, the units not on
  the map and the key.
- ``draw_los(subject, locale)``: the line of sight between two areas' LOS points (12.5, G25) on a crop of
  the map: the intervening areas outlined, the blocking area or border marked, the engine's answer written.
- ``draw_action(subject, locale)``: a crop round the areas of the last activation, outlined.

The map copies its static layer (:mod:`renderers.eagles.base`), draws on it and maps only what it drew onto
the fixed palette; then an indexed PNG at level 3. Same view, same bytes.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from engine.eagles.messages import EN as MESSAGES_EN
from engine.eagles.messages_ja import JA as MESSAGES_JA

from ..cards import KEY_GAP, KEY_W, Card, Placed, draw_key, place_cards
from ..fonts import draw_text, font, script_of, text_length, wrap_lines
from ..geometry import Box, Point, overlap
from ..palette import Part, encode_png, mapped
from . import base as B
from . import board as G
from . import colours as C
from . import read as R
from . import sprites as S
from . import text as T

TITLE_PX = 22
SUB_PX = 15
GAP = 2
PAD = 3
HEAD_H = 16  # a card away from its area names it in a header
HEAD_PX = 12
ROW_W = (150, 100, 196)  # the widths a card's rows may take, preferred first
PLACED_KEPT = 128


def _view_of(subject: Any) -> Any:
    """The view in a picture's subject: the view itself, or a mapping holding it under ``view``."""
    if isinstance(subject, Mapping) and "view" in subject:
        return subject["view"]
    return subject


def _opt(subject: Any, key: str) -> Any:
    return subject.get(key) if isinstance(subject, Mapping) and "view" in subject else None


# ---------------------------------------------------------------------------------------------------------
# the title line


def _sub(p: R.Picture, locale: str) -> str:
    time = p.time
    if f"light.{p.light}" in T.EN:
        time = f"{time} ({T.say(f'light.{p.light}', locale)})"
    parts = [T.say("title.turn", locale, n=p.turn, of=p.turns, time=time)]
    wkey = f"weather.{p.weather}"
    weather = T.say(wkey, locale) if wkey in T.EN else p.weather
    parts.append(T.say("title.weather", locale, weather=weather))
    parts.append(T.say("title.vp", locale, french=p.vp["french"], allies=p.vp["allies"]))
    if p.winner:
        rkey = f"result.{p.winner}"
        parts.append(T.say("title.over", locale, result=T.say(rkey, locale) if rkey in T.EN else p.winner))
    elif p.active:
        sides = ", ".join(T.side_name(s, locale) for s in p.active.split(","))
        parts.append(T.say("title.act", locale, side=sides))
    return " · ".join(parts)


@lru_cache(maxsize=64)
def _title_bar(sub: str, locale: str, width: int) -> Image.Image:
    sc = script_of(locale)
    im = Image.new("RGB", (width, G.TITLE_H), C.TITLE_BG)
    d = ImageDraw.Draw(im)
    draw_text(d, (G.MAP_X, 8), T.say("title.game", locale), TITLE_PX, "bold", sc, fill=C.TITLE_TEXT)
    draw_text(d, (G.MAP_X, 38), sub, SUB_PX, "regular", sc, fill=C.TITLE_TEXT)
    return im


# ---------------------------------------------------------------------------------------------------------
# the cards


def facing_angle(area: str, neighbour: str) -> float:
    """The direction (degrees, picture coordinates) from ``area``'s LOS point to ``neighbour``'s, rounded
    to 5 degrees (the sprites are kept by it)."""
    (ax, ay), (bx, by) = G.centre(area), G.centre(neighbour)
    return round(math.degrees(math.atan2(by - ay, bx - ax)) / 5) * 5.0


def short_name(name: str) -> str:
    """A leader's name as his pennant says it: without a title, a long one cut ("Lefebvre-Desnoëttes" ->
    "Lefebvre-D.")."""
    for title in ("Prince of ", "Duke of ", "Marshal "):
        name = name.removeprefix(title)
    if len(name) <= 11:
        return name
    for sep in ("-", " "):
        if sep in name:
            head, tail = name.split(sep, 1)
            return f"{head}{sep}{tail[0]}."
    return name[:10] + "."


def _sprites(area: str, units: Sequence[R.Unit], leaders: Sequence[R.Leader]) -> list[Image.Image]:
    """A card's sprites: the leaders' pennants (by id), then the counters (the long ones first)."""
    out = [
        S.pennant(ld.side, f"{short_name(ld.name)} {ld.range}/{ld.tactical}/{ld.initiative}")
        for ld in sorted(leaders, key=lambda x: x.id)
    ]
    areas = G.board().areas
    for u in sorted(units, key=lambda u: (u.side, not u.long, u.id)):
        face = facing_angle(area, u.facing) if u.facing in areas and u.facing != area else None
        out.append(S.counter(u.side, u.id, u.kind, u.long, u.sp, u.steps, u.most, face, u.posture))
    return out


Arrangement = tuple[int, int, tuple[tuple[int, int], ...]]  # width, height, each sprite's offset


@lru_cache(maxsize=2048)
def _arrange(sizes: tuple[tuple[int, int], ...], row_w: int, header: int, min_w: int) -> Arrangement:
    """Sprites in rows no wider than ``row_w`` (one at least a row), under a header of ``header`` px."""
    rows: list[list[int]] = [[]]
    x = 0
    for i, (w, _) in enumerate(sizes):
        if rows[-1] and x + w > row_w:
            rows.append([])
            x = 0
        rows[-1].append(i)
        x += w + GAP
    width = max(sum(sizes[i][0] for i in r) + GAP * (len(r) - 1) for r in rows)
    width = max(width + 2 * PAD, min_w)
    offsets: list[tuple[int, int]] = [(0, 0)] * len(sizes)
    y = header + PAD
    for r in rows:
        rw = sum(sizes[i][0] for i in r) + GAP * (len(r) - 1)
        x = (width - rw) // 2
        rh = max(sizes[i][1] for i in r)
        for i in r:
            offsets[i] = (x, y + (rh - sizes[i][1]) // 2)
            x += sizes[i][0] + GAP
        y += rh + GAP
    return width, y - GAP + PAD, tuple(offsets)


@dataclass
class _Card:
    area: str
    sprites: list[Image.Image]
    docked: list[Arrangement]
    displaced: list[Arrangement]


def _head_w(area: str) -> int:
    return round(text_length(area, HEAD_PX, "bold")) + 2 * PAD + 8


def _cards(p: R.Picture) -> list[_Card]:
    out = []
    for area, (units, leaders) in sorted(p.on_map().items()):
        if area not in G.board().areas:
            continue
        sprites = _sprites(area, units, leaders)
        sizes = tuple(s.size for s in sprites)
        docked: list[Arrangement] = []
        away: list[Arrangement] = []
        for w in ROW_W:
            a = _arrange(sizes, w, 0, 0)
            if all(a[:2] != o[:2] for o in docked):
                docked.append(a)
            h = _arrange(sizes, w, HEAD_H, _head_w(area))
            if all(h[:2] != o[:2] for o in away):
                away.append(h)
        out.append(_Card(area, sprites, docked, away))
    return out


PANEL_TEXT_H = 330  # the panel's victory areas and lines; below them, down to the key, the cards' margin


def bounds() -> Box:
    """Where cards stand: the map, and the panel's free part (the margin)."""
    x0, y0, _, y1 = G.map_box()
    return (x0 + 2, y0 + 2, G.panel_box()[2] - 2, y1 - 2)


def margin_box() -> Box:
    """The panel's free part, between its lines and the key: where a card with no clean place near its
    area stands, with a letter that a tag beside its area repeats (:func:`renderers.cards.to_margin`)."""
    x0, y0, x1, _ = G.panel_box()
    return (x0 + 4, y0 + PANEL_TEXT_H + 4, x1 - 4, B.key_box()[1] - 12)


def keep_out() -> tuple[Box, ...]:
    """What no card covers: the strip between the map and the panel, the panel's lines and the key."""
    mx1 = G.map_box()[2]
    px0, py0, px1, py1 = G.panel_box()
    return ((mx1 - 1, py0, px0 + 4, py1), (px0, py0, px1, py0 + PANEL_TEXT_H), B.key_box())


def _place(base: B.Base, cards: Sequence[_Card]) -> dict[str, Placed]:
    """Where each card stands (:func:`renderers.cards.place_cards`): beside its area's LOS point, clear of
    every area's id and name, of the other LOS points and of the other cards."""
    specs = tuple(
        Card(c.area, tuple(a[:2] for a in c.docked), tuple(a[:2] for a in c.displaced)) for c in cards
    )
    placed = base.placed.get(specs)
    if placed is None:
        towns = {a: G.centre(a) for a in G.board().areas}
        placed = place_cards(specs, towns, B.dots(), B.labels(), bounds(), keep_out(), (margin_box(),))
        base.placed[specs] = placed
        while len(base.placed) > PLACED_KEPT:
            base.placed.pop(next(iter(base.placed)))
    return dict(placed)


def card_layout(view: Any, locale: str = "en") -> dict[str, Placed]:
    """The cards of ``view``'s map, by area, as :func:`map_image` lays them out (for tests: nothing drawn)."""
    return _place(B.base_for(T.locale_of(locale)), _cards(R.read(view)))


FRONT_HALF = 24  # px: half a long counter's front


def _front(d: ImageDraw.ImageDraw, area: str, neighbour: str, side: str) -> Box:
    """13.9: a long counter's front, a bar in its side's colour along the border it faces, inside its area,
    where the line towards the faced neighbour's LOS point crosses that border."""
    (p, q), (cx, cy) = G.border(area, neighbour), G.centre(area)
    (mx, my), _ = B.crossing(area, neighbour)
    ln = math.dist(p, q) or 1
    half = min(FRONT_HALF, ln * 0.4)
    ux, uy = (q[0] - p[0]) / ln, (q[1] - p[1]) / ln
    # keep the bar on the border: its middle no nearer an end than half its length
    t = max(half, min(ln - half, (mx - p[0]) * ux + (my - p[1]) * uy))
    mx, my = p[0] + ux * t, p[1] + uy * t
    dc = math.dist((mx, my), (cx, cy)) or 1
    ox, oy = (cx - mx) / dc * 5, (cy - my) / dc * 5
    pts = [(mx - ux * half + ox, my - uy * half + oy), (mx + ux * half + ox, my + uy * half + oy)]
    d.line(pts, fill=C.WHITE, width=9)
    d.line(pts, fill=C.INK, width=7)
    d.line(pts, fill=C.SIDE.get(side, C.INK), width=4)
    xs, ys = [x for x, _ in pts], [y for _, y in pts]
    return (min(xs) - 5, min(ys) - 5, max(xs) + 5, max(ys) + 5)


def draw_cards(im: Image.Image, p: R.Picture, base: B.Base) -> list[Box]:
    """Every area's card drawn on ``im`` (and the fronts of long counters); the boxes drawn."""
    d = ImageDraw.Draw(im)
    dirty: list[Box] = []
    areas = G.board().areas
    for u in p.units:
        if u.long and u.at in areas and u.facing in areas and u.facing != u.at:
            dirty.append(_front(d, u.at, u.facing, u.side))
    cards = _cards(p)
    placed = _place(base, cards)
    for c in cards:  # leader lines first, under every card
        pl = placed[c.area]
        if pl.leader is not None:
            (x, y), end = pl.leader
            d.line((x, y, *(() if pl.bend is None else pl.bend), *end), fill=C.INK, width=2, joint="curve")
            d.ellipse((x - 3, y - 3, x + 3, y + 3), fill=C.INK)
            xs = [x, end[0], *(() if pl.bend is None else (pl.bend[0],))]
            ys = [y, end[1], *(() if pl.bend is None else (pl.bend[1],))]
            dirty.append((min(xs) - 4, min(ys) - 4, max(xs) + 4, max(ys) + 4))
    fh = font(HEAD_PX, "bold")
    for c in cards:
        pl = placed[c.area]
        x0, y0 = round(pl.box[0]), round(pl.box[1])
        _, h, offsets = c.displaced[pl.shape] if pl.headed else c.docked[pl.shape]
        w = round(pl.box[2] - pl.box[0])
        d.rounded_rectangle((x0, y0, x0 + w - 1, y0 + h - 1), radius=5, fill=C.PANEL_BG, outline=C.PANEL_EDGE)
        if pl.headed:  # away from its area: the header names it
            d.rounded_rectangle((x0, y0, x0 + w - 1, y0 + HEAD_H), radius=5, fill=C.INK)
            kx = 0
            if pl.key:
                kx = KEY_W + KEY_GAP
                draw_key(d, (x0 + 2, y0 + 1, x0 + 2 + KEY_W, y0 + 1 + KEY_W), pl.key, C.INK, C.WHITE)
            d.text((x0 + PAD + 2 + kx, y0 + HEAD_H / 2 + 1), c.area, font=fh, fill=C.WHITE, anchor="lm")
        for s, (ox, oy) in zip(c.sprites, offsets, strict=True):
            im.paste(s, (x0 + ox, y0 + oy), s)
        dirty.append((x0, y0, x0 + w, y0 + h))
        if pl.tag is not None:
            draw_key(d, pl.tag, pl.key, C.INK, C.WHITE)
            dirty.append(pl.tag)
    return dirty


def draw_badges(im: Image.Image, p: R.Picture) -> list[Box]:
    """The victory areas' VP, each in the colour of the side holding it."""
    out = []
    for a in G.board().areas.values():
        if a.vp:
            box = B.vp_box(a.id)
            s = S.vp_badge(a.vp, p.holders.get(a.id))
            im.paste(s, (round(box[0]), round(box[1])), s)
            out.append(box)
    return out


# ---------------------------------------------------------------------------------------------------------
# command ranges, outlines


def command_areas(p: R.Picture, leader: str) -> tuple[str, ...]:
    """9.0: the areas within ``leader``'s command range: the view's, where it tells them; else traced as the
    rules trace command (2.21: his own area counted, each step to a neighbour one more), never onward from an
    area of enemy combat units (9.11: the trace may end there), through a corner only where neither area
    flanking it holds enemy units (9.1); the army commander with his HQ in his area has range +1 (9.5)."""
    if leader in p.command:
        return p.command[leader]
    ld = next((x for x in p.leaders if x.id == leader), None)
    b = G.board()
    if ld is None or ld.at not in b.areas:
        return ()
    reach = ld.range
    if p.army.get(ld.side) == ld.id and any(
        u.kind == "hq" and u.side == ld.side and u.at == ld.at for u in p.units
    ):
        reach += 1
    enemy = {u.at for u in p.units if u.side != ld.side}
    blocking = {u.at for u in p.units if u.side != ld.side and u.kind != "hq"}
    seen = {ld.at: 0}
    todo = [ld.at]
    while todo:
        a = todo.pop(0)
        if seen[a] >= reach or (a != ld.at and a in blocking):
            continue
        for n in b.neighbours(a):
            if n in seen:
                continue
            link = b.link(a, n)
            if link is not None and link.diagonal:
                flank = set(b.neighbours(a)) & set(b.neighbours(n))
                if flank & enemy:
                    continue
            seen[n] = seen[a] + 1
            todo.append(n)
    return tuple(sorted(seen, key=lambda a: (seen[a], a)))


@lru_cache(maxsize=32)
def _tint(areas: tuple[str, ...], colour: C.RGB, step: int) -> tuple[tuple[int, int], Image.Image]:
    """The tint and hatching of ``areas`` (RGBA) and where it goes."""
    boxes = [G.area_box(a) for a in areas]
    x0, y0 = int(min(b[0] for b in boxes)), int(min(b[1] for b in boxes))
    x1, y1 = int(max(b[2] for b in boxes)) + 1, int(max(b[3] for b in boxes)) + 1
    mask = Image.new("L", (x1 - x0, y1 - y0), 0)
    md = ImageDraw.Draw(mask)
    for a in areas:
        md.polygon([(x - x0, y - y0) for x, y in G.polygon(a)], fill=255)
    pattern = Image.new("L", mask.size, 60)
    ld = ImageDraw.Draw(pattern)
    for k in range(-mask.height, mask.width, step):
        ld.line((k, mask.height, k + mask.height, 0), fill=150, width=1)
    tint = Image.new("RGBA", mask.size, colour)
    tint.putalpha(ImageChops.multiply(pattern, mask))
    return (x0, y0), tint


@lru_cache(maxsize=16)
def _range_layer(areas: tuple[str, ...]) -> tuple[tuple[int, int], Image.Image, Image.Image]:
    """The map round ``areas`` with their range drawn (:func:`hatch`): where it goes, in RGB and on the
    fixed palette (the ground under it is static: drawn and mapped once for each range)."""
    base = B.base_for("en")
    scratch = base.image.copy()
    box = hatch(scratch, areas, C.RANGE)
    assert box is not None
    mx0, my0, mx1, my1 = G.map_box()
    b = (max(int(mx0), int(box[0])), max(int(my0), int(box[1])), min(int(mx1) + 1, int(box[2]) + 1),
         min(int(my1) + 1, int(box[3]) + 1))  # fmt: skip
    rgb = scratch.crop(b)
    return (b[0], b[1]), rgb, rgb.quantize(palette=base.palette, dither=Image.Dither.NONE)


def hatch(im: Image.Image, areas: Iterable[str], colour: C.RGB, step: int = 10) -> Box | None:
    """``areas`` lightly tinted and hatched in ``colour`` (a pattern as well as a colour: the names stay
    legible), their outer edge thick in ink and ``colour``."""
    areas = [a for a in areas if a in G.board().areas]
    if not areas:
        return None
    (x0, y0), tint = _tint(tuple(sorted(areas)), colour, step)
    im.paste(tint, (x0, y0), tint)
    x1, y1 = x0 + tint.width, y0 + tint.height
    outline(im, areas, C.INK, 6)
    outline(im, areas, colour, 3)
    return (x0 - 4, y0 - 4, x1 + 4, y1 + 4)


def outline(im: Image.Image, areas: Iterable[str], colour: C.RGB, width: int) -> Box | None:
    """The outer edge of ``areas`` (the borders between two of them left out)."""
    inside = set(areas)
    d = ImageDraw.Draw(im)
    xs: list[float] = []
    ys: list[float] = []
    for a in inside:
        poly = G.cells()[a]
        for i, (pt, lab) in enumerate(poly):
            if lab in inside:
                continue
            q = poly[(i + 1) % len(poly)][0]
            seg = [G.px(*pt), G.px(*q)]
            d.line(seg, fill=colour, width=width)
            xs += [seg[0][0], seg[1][0]]
            ys += [seg[0][1], seg[1][1]]
    if not xs:
        return None
    return (min(xs) - width, min(ys) - width, max(xs) + width, max(ys) + width)


# ---------------------------------------------------------------------------------------------------------
# the panel: victory areas, units not on the map


def panel_box() -> Box:
    x0, y0, x1, _ = G.panel_box()
    return (x0, y0, x1, y0 + PANEL_TEXT_H)


def _panel(im: Image.Image, p: R.Picture, locale: str, extra: Sequence[str]) -> Box:
    gone = [u.id for u in p.units if u.at in ("gone", "eliminated", "dead")]
    gone += [ld.id for ld in p.leaders if ld.at in ("gone", "eliminated", "dead", "killed")]
    away = [u.id for u in p.units if u.at in R.OFF and u.id not in gone]
    lines = []
    if gone:
        lines.append(T.say("panel.gone", locale, ids=", ".join(gone)))
    if away:
        lines.append(T.say("panel.away", locale, ids=", ".join(away)))
    lines += list(extra)
    box = panel_box()
    im.paste(_panel_image(tuple(sorted(p.holders.items())), tuple(lines), locale), (int(box[0]), int(box[1])))
    return box


@lru_cache(maxsize=64)
def _panel_image(held: tuple[tuple[str, str], ...], lines: tuple[str, ...], locale: str) -> Image.Image:
    """The panel: the victory areas with their VP and who holds them, then ``lines``."""
    sc = script_of(locale)
    holders = dict(held)
    bx0, by0, bx1, by1 = panel_box()
    im = Image.new("RGB", (int(bx1 - bx0) + 1, int(by1 - by0) + 1), C.PANEL_BG)
    box = (0, 0, im.width - 1, im.height - 1)
    d = ImageDraw.Draw(im)
    d.rectangle(box, fill=C.PANEL_BG, outline=C.PANEL_EDGE)
    x0, x1 = box[0] + 10, box[2] - 10
    y = box[1] + 10
    draw_text(d, (x0, y), T.say("panel.victory", locale), 15, "bold", sc, fill=C.INK)
    y += 24
    vareas = sorted((a for a in G.board().areas.values() if a.vp), key=lambda a: (-a.vp, a.id))
    for a in vareas:
        s = S.vp_badge(a.vp, holders.get(a.id))
        im.paste(s, (round(x0), round(y)), s)
        holder = holders.get(a.id)
        who = T.side_name(holder, locale) if holder else T.say("panel.none", locale)
        d.text((x0 + 36, y + 8), a.id, font=font(13, "bold"), fill=C.INK, anchor="lm")
        name = a.name.split(" (")[0]
        room = x1 - x0 - 66 - 54
        if text_length(name, 12, "condensed") > room:
            while name and text_length(name + "…", 12, "condensed") > room:
                name = name[:-1]
            name = name.rstrip() + "…"
        d.text((x0 + 66, y + 8), name, font=font(12, "condensed"), fill=C.INK, anchor="lm")
        draw_text(d, (x1, y + 8), who, 12, "bold", sc, anchor="rm", fill=C.SIDE.get(holder or "", C.INK_SOFT))
        y += 19
    y += 8
    for text in lines:
        for line in wrap_lines(text, x1 - x0, 12, sc):
            if y > box[3] - 18:
                break
            draw_text(d, (x0, y), line, 12, "regular", sc, fill=C.INK)
            y += 15
        y += 4
    return im


# ---------------------------------------------------------------------------------------------------------
# the map


Under = Callable[[Image.Image, R.Picture], None]


def _compose(
    subject: Any, locale: str, under: Under | None = None
) -> tuple[Image.Image, B.Base, list[Box], R.Picture, list[Part]]:
    """The map of ``subject`` in RGB, with the boxes drawn anew; ``under`` draws on the map before the cards
    (a crop's marks: the whole crop is mapped anew)."""
    loc = T.locale_of(locale)
    base = B.base_for(loc)
    p = R.read(_view_of(subject))
    im = base.image.copy()
    w = im.width
    im.paste(_title_bar(_sub(p, loc), loc, w), (0, 0))
    dirty: list[Box] = [(0, 0, w, G.TITLE_H)]
    layers: list[tuple[tuple[int, int], Image.Image]] = []
    extra = []
    leader = _opt(subject, "command")
    if leader:
        areas = command_areas(p, str(leader))
        if areas:
            xy, rgb, indexed = _range_layer(tuple(sorted(areas)))
            im.paste(rgb, xy)
            layers.append((xy, indexed))
        name = next((x.name for x in p.leaders if x.id == leader), str(leader))
        extra.append(T.say("panel.range", locale, leader=name, n=", ".join(areas)))
    if p.last:
        extra.append(T.say("panel.last", locale, areas=", ".join(p.last)))
    dirty.append(_panel(im, p, loc, extra))
    if under is not None:
        under(im, p)
    dirty += draw_badges(im, p)
    dirty += draw_cards(im, p, base)
    return im, base, dirty, p, layers


def map_image(subject: Any, locale: str = "en") -> Image.Image:
    """The map of ``subject`` (a view, or ``{"view": view, "command": leader id}``) as an indexed image on
    the fixed palette (only what is drawn anew is mapped)."""
    im, base, dirty, _, layers = _compose(subject, locale)
    return mapped(im, base, dirty, layers)


def draw_map(subject: Any, locale: str = "en") -> bytes:
    """The area map of ``subject`` (a view, or ``{"view": view, "command": leader id}``), PNG bytes."""
    return encode_png(map_image(subject, locale))


# ---------------------------------------------------------------------------------------------------------
# crops: the line of sight, the last activation

CROP_MIN = (560, 440)
CAPTION_PX = 15


def crop_box(areas: Iterable[str], margin: int = 36, cards: Iterable[Box] = ()) -> Box:
    """The part of the map round ``areas``: their polygons (and ``cards``, their cards wherever they stand)
    and ``margin``, at least ``CROP_MIN``, inside the map."""
    boxes = [G.area_box(a) for a in areas if a in G.board().areas] or [G.map_box()]
    boxes += [(b[0] + margin - 8, b[1] + margin - 8, b[2] - margin + 8, b[3] - margin + 8) for b in cards]
    x0, y0 = min(b[0] for b in boxes) - margin, min(b[1] for b in boxes) - margin
    x1, y1 = max(b[2] for b in boxes) + margin, max(b[3] for b in boxes) + margin
    mx0, my0, mx1, my1 = G.map_box()
    for lo, hi, lo_lim, hi_lim, least, axis in (
        (x0, x1, mx0, mx1, CROP_MIN[0], 0),
        (y0, y1, my0, my1, CROP_MIN[1], 1),
    ):
        if hi - lo < least:
            grow = (least - (hi - lo)) / 2
            lo, hi = lo - grow, hi + grow
        if lo < lo_lim:
            lo, hi = lo_lim, hi + (lo_lim - lo)
        if hi > hi_lim:
            lo, hi = lo - (hi - hi_lim), hi_lim
        lo = max(lo, lo_lim)
        if axis == 0:
            x0, x1 = lo, hi
        else:
            y0, y1 = lo, hi
    return (round(x0), round(y0), round(x1), round(y1))


GROW_MOST = 90  # px: a crop grows this much at most on a side to take in a card its edge would cut


def whole_cards(box: Box, subject: Any, locale: str) -> Box:
    """``box`` grown to take in the cards on the map its edges would cut (each side by ``GROW_MOST`` at
    most), inside the map."""
    x0, y0, x1, y1 = box
    mx0, my0, mx1, my1 = G.map_box()
    for pl in card_layout(_view_of(subject), locale).values():
        b = pl.box
        if pl.key or not overlap(b, box) or (b[0] >= x0 and b[1] >= y0 and b[2] <= x1 and b[3] <= y1):
            continue
        if b[0] >= box[0] - GROW_MOST and b[2] <= box[2] + GROW_MOST:
            x0, x1 = min(x0, b[0] - 4), max(x1, b[2] + 4)
        if b[1] >= box[1] - GROW_MOST and b[3] <= box[3] + GROW_MOST:
            y0, y1 = min(y0, b[1] - 4), max(y1, b[3] + 4)
    return (round(max(mx0, x0)), round(max(my0, y0)), round(min(mx1, x1)), round(min(my1, y1)))


def _framed(
    crop: Image.Image,
    title: str,
    lines: Sequence[tuple[str, C.RGB]],
    locale: str,
    cards: Sequence[Image.Image] = (),
) -> Image.Image:
    """A crop under a title bar, above the cards of its areas that stand in the map's margin (each with the
    letter its area's tag in the crop repeats) and its caption lines."""
    sc = script_of(locale)
    w = max(crop.width + 24, 560)
    wrapped: list[tuple[str, C.RGB]] = []
    for text, colour in lines:
        wrapped += [(s, colour) for s in wrap_lines(text, w - 24, CAPTION_PX, sc)]
    rows: list[list[Image.Image]] = [[]]
    x = 12
    for c in cards:
        if rows[-1] and x + c.width > w - 12:
            rows.append([])
            x = 12
        rows[-1].append(c)
        x += c.width + 6
    strip = sum(max(c.height for c in r) + 6 for r in rows if r)
    h = G.TITLE_H + crop.height + strip + 20 + 20 * len(wrapped) + 8
    out = Image.new("RGB", (w, h), C.PANEL_BG)
    d = ImageDraw.Draw(out)
    d.rectangle((0, 0, w, G.TITLE_H), fill=C.TITLE_BG)
    draw_text(d, (12, 8), T.say("title.game", locale), 18, "bold", sc, fill=C.TITLE_TEXT)
    draw_text(d, (12, 36), title, SUB_PX, "bold", sc, fill=C.TITLE_TEXT)
    out.paste(crop, (12, G.TITLE_H + 8))
    d.rectangle((11, G.TITLE_H + 7, 12 + crop.width, G.TITLE_H + 8 + crop.height), outline=C.INK)
    y = G.TITLE_H + crop.height + 14
    for r in rows:
        x = 12
        for c in r:
            out.paste(c, (x, y))
            x += c.width + 6
        if r:
            y += max(c.height for c in r) + 6
    y += 2
    for text, colour in wrapped:
        draw_text(d, (12, y), text, CAPTION_PX, "bold" if colour != C.INK else "regular", sc, fill=colour)
        y += 20
    return out


def between(a: str, b: str) -> tuple[str, ...]:
    """G25: the areas the straight line between the LOS points of ``a`` and ``b`` crosses, in order (the
    data's)."""
    return G.data().between(a, b).areas


def answer(subject: Mapping[str, Any], locale: str) -> str:
    """The engine's reason for its answer in ``locale``: ``why`` is a key of the game's messages (said with
    the event's ``params``) or a text already said."""
    why = str(subject.get("why") or "")
    catalogue = MESSAGES_JA if T.locale_of(locale) == "ja" else MESSAGES_EN
    if why in catalogue:
        try:
            return catalogue[why].format(**dict(subject.get("params") or {}))
        except (KeyError, IndexError, ValueError):
            return why
    return why


def _card_boxes(subject: Any, locale: str, areas: Iterable[str]) -> tuple[list[Box], list[Box]]:
    """The boxes of the cards of ``areas`` on the map (with their tags), and of those in the margin."""
    placed = card_layout(_view_of(subject), locale)
    on_map: list[Box] = []
    margin: list[Box] = []
    for a in areas:
        pl = placed.get(a)
        if pl is None:
            continue
        if pl.key:
            margin.append(pl.box)
            if pl.tag is not None:
                on_map.append(pl.tag)
        else:
            on_map.append(pl.box)
    return on_map, margin


def _cut(im: Image.Image, boxes: Iterable[Box]) -> list[Image.Image]:
    return [im.crop((int(b[0]), int(b[1]), int(b[2]) + 1, int(b[3]) + 1)) for b in boxes]


def _crossing_point(pa: Point, pb: Point, area: str) -> Point:
    """The middle of the stretch of the line ``pa``-``pb`` inside ``area`` (its LOS point if none)."""
    n = 64
    inside = [
        (pa[0] + (pb[0] - pa[0]) * k / n, pa[1] + (pb[1] - pa[1]) * k / n)
        for k in range(n + 1)
        if G.inside(area, (pa[0] + (pb[0] - pa[0]) * k / n, pa[1] + (pb[1] - pa[1]) * k / n))
    ]
    if not inside:
        return G.centre(area)
    return inside[len(inside) // 2]


def _x_mark(d: ImageDraw.ImageDraw, x: float, y: float, r: float) -> None:
    for k in (-1, 1):
        d.line((x - r, y - r * k, x + r, y + r * k), fill=C.WHITE, width=9)
    for k in (-1, 1):
        d.line((x - r, y - r * k, x + r, y + r * k), fill=C.BLOCKED, width=5)


def los_image(subject: Mapping[str, Any], locale: str = "en") -> Image.Image:
    """12.5: the line of sight from ``subject["from"]`` to ``subject["to"]`` on a crop of the map: the line
    between their LOS points, the intervening areas (``through``, else the data's) outlined, what blocks it
    (``blocker``: an area, or a border "A|B") crossed out; the answer is the engine's (``ok``, and ``why``
    its text in the picture's language), written under it. The subject is the view with the engine's
    answer: ``{"view": view, "from", "to", "ok", "why", "blocker", "through"}``."""
    loc = T.locale_of(locale)
    a, b = str(subject["from"]), str(subject["to"])
    mid = tuple(str(x) for x in subject.get("between") or subject.get("through") or between(a, b))
    blocker = str(subject.get("blocker") or "")
    ok = bool(subject.get("ok"))
    areas = G.board().areas
    edge = tuple(blocker.split("|", 1)) if "|" in blocker else ()
    if edge and not all(x in areas for x in edge):
        edge = ()

    def marks(im: Image.Image, p: R.Picture) -> None:
        for x in mid:
            outline(im, [x], C.INK, 3)
        for x in (a, b):
            outline(im, [x], C.SIGHT, 4)
        if blocker in areas:
            outline(im, [blocker], C.BLOCKED, 6)

    im, _, _, _, _ = _compose(subject, loc, marks)
    d = ImageDraw.Draw(im)
    pa, pb = G.centre(a), G.centre(b)
    d.line((*pa, *pb), fill=C.WHITE, width=7)
    d.line((*pa, *pb), fill=C.CLEAR_SIGHT if ok else C.SIGHT, width=3)
    for pt in (pa, pb):
        d.ellipse((pt[0] - 6, pt[1] - 6, pt[0] + 6, pt[1] + 6), fill=C.WHITE, outline=C.SIGHT, width=3)
    what = blocker
    if edge:
        p, q = G.border(edge[0], edge[1])
        d.line((*p, *q), fill=C.WHITE, width=11)
        d.line((*p, *q), fill=C.BLOCKED, width=7)
        _x_mark(d, (p[0] + q[0]) / 2, (p[1] + q[1]) / 2, 9)
        what = T.say("los.border", loc, a=edge[0], b=edge[1])
    elif blocker in areas:
        x, y = _crossing_point(pa, pb, blocker)
        _x_mark(d, x, y, 11)
        what = f"{blocker} {areas[blocker].name}"
    near, far = _card_boxes(subject, loc, (a, b))
    box = whole_cards(crop_box((a, b, *mid), cards=near), subject, loc)
    crop = im.crop(box)
    title = T.say("los.title", loc, a=a, b=b)
    verdict = T.say("los.yes" if ok else "los.no", loc, a=a, b=b)
    lines: list[tuple[str, C.RGB]] = [(verdict, C.CLEAR_SIGHT if ok else C.BLOCKED)]
    if what:
        lines.append((T.say("los.blocker", loc, what=what), C.BLOCKED))
    why = answer(subject, loc)
    if why:
        lines.append((why, C.INK))
    lines.append((T.say("los.between", loc, areas=", ".join(mid) or "—"), C.INK))
    return _framed(crop, title, lines, loc, _cut(im, far))


def draw_los(subject: Mapping[str, Any], locale: str = "en") -> bytes:
    """The line-of-sight picture, PNG bytes (RGB: a crop of every colour the map has)."""
    return encode_png(
        los_image(subject, locale).quantize(palette=B.base_for("en").palette, dither=Image.Dither.NONE)
    )


def action_image(subject: Any, locale: str = "en") -> Image.Image:
    """A crop round the areas of the last activation, outlined in the colour of now: the subject's ``areas``
    where it names them, else those of the activation under way or of the last ``activate`` in the
    subject's ``events`` (or the view's): ``{"view": view, "events": [...]}``."""
    loc = T.locale_of(locale)
    given = _opt(subject, "areas")
    last = given if given is not None else R.read(_view_of(subject), _opt(subject, "events")).last
    areas = [a for a in last if a in G.board().areas]

    def marks(im: Image.Image, p: R.Picture) -> None:
        if areas:
            outline(im, areas, C.INK, 8)
            outline(im, areas, C.NOW, 5)

    im, _, _, p, _ = _compose(subject, loc, marks)
    if not areas:
        crop = im.crop(tuple(round(v) for v in G.map_box()))  # type: ignore[arg-type]
        crop = crop.resize((crop.width // 2, crop.height // 2), Image.Resampling.BILINEAR)
        return _framed(crop, T.say("crop.none", loc), [], loc)
    near, far = _card_boxes(subject, loc, areas)
    crop = im.crop(whole_cards(crop_box(areas, cards=near), subject, loc))
    title = T.say("crop.title", loc, areas=", ".join(areas))
    return _framed(crop, title, [(_sub(p, loc), C.INK)], loc, _cut(im, far))


def draw_action(subject: Any, locale: str = "en") -> bytes:
    """The crop round the current action, PNG bytes."""
    return encode_png(
        action_image(subject, locale).quantize(palette=B.base_for("en").palette, dither=Image.Dither.NONE)
    )
