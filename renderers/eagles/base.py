"""The static layer of the Quatre Bras map, drawn once per locale and copied for every picture.

Each area is its region (:mod:`renderers.eagles.board`) in the ground of its terrain, darker on the ridges
(+1) than in the valley (0, 12.55); woods with trees, the pond's marsh with reeds, the built-up areas with
their buildings in the hexagon of all-round defence (2.3); where 0 meets +1 the gentle slope's ticks on the
high side (10.0); the Gemioncourt stream along its borders with the chaussée's bridge and the trail's ford
(G18); the chaussées thick with a light core, the trails dashed, and their exits off the map; each area's
LOS point (G25) with its id and name under it. The right-hand panel holds the key (its words per locale).
Lines are drawn at 2× and reduced; then a fixed palette of 255 colours is built from the layer and every
kind of sprite, so that a picture is mapped onto it and written as an indexed PNG.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from .. import palette
from ..fonts import draw_text, font, script_of, text_length, wrap_lines
from ..geometry import Box, overlap
from . import board as G
from . import colours as C
from . import sprites as S
from . import text as T

Point = tuple[float, float]
SS = 2
ID_PX = 14
NAME_PX = 12
NAME_W = 92  # a name's lines are at most this wide
NAME_LINE = 13
DOT_R = 3
VP_W = 30  # a victory area's badge beside its id: "★10"

# the chaussées and the trail leave the map here: the area and the edge (n, e, s, w)
EXITS: tuple[tuple[str, str, bool], ...] = (
    ("N1", "w", True),
    ("N6", "n", True),
    ("C5", "e", True),
    ("F1", "s", True),
    ("W9", "w", False),
)


def _s(pts: tuple[Point, ...] | list[Point]) -> list[Point]:
    return [(x * SS, y * SS) for x, y in pts]


def ground(terrain: str, elevation: int) -> C.RGB:
    base = terrain if terrain in ("woods", "marsh") else "clear"
    return C.GROUND[(base, 1 if elevation > 0 else 0)]


def built(terrain: str) -> int:
    """How many buildings a built-up area shows: a farm 2, a hamlet 3, a village 5 (0: not built up)."""
    return {"farm": 2, "hamlet": 3, "village": 5}.get(terrain, 0)


# ---------------------------------------------------------------------------------------------------------
# labels: the id and the name under each LOS point


def name_lines(name: str) -> list[str]:
    return wrap_lines(name, NAME_W, NAME_PX, "latin")


def _label_size(aid: str) -> tuple[float, float]:
    a = G.board().areas[aid]
    lines = name_lines(a.name)
    wid = text_length(a.id, ID_PX, "bold") + (VP_W + 4 if a.vp else 0)
    w = max([wid] + [text_length(s, NAME_PX, "condensed") for s in lines])
    return w, 17 + NAME_LINE * len(lines)


def _label_places(aid: str) -> list[Box]:
    """Where an area's label may stand: under its LOS point, else above, right or left of it."""
    x, y = G.centre(aid)
    w, h = _label_size(aid)
    g = DOT_R + 2
    return [
        (x - w / 2, y + g, x + w / 2, y + g + h),
        (x - w / 2, y - g - h, x + w / 2, y - g),
        (x + g + 2, y - h / 2, x + g + 2 + w, y + h / 2),
        (x - g - 2 - w, y - h / 2, x - g - 2, y + h / 2),
    ]


@lru_cache(maxsize=1)
def labels() -> dict[str, Box]:
    """Where each area's id and name are written: centred under its LOS point (the id line holds the VP
    badge of a victory area), or above or beside it where that is off the map or on another's label."""
    out: dict[str, Box] = {}
    x0, y0, x1, y1 = G.map_box()
    for aid in sorted(G.board().areas, key=lambda a: (G.centre(a)[1], a)):
        places = _label_places(aid)
        for box in places:
            if (
                box[0] >= x0 + 2
                and box[2] <= x1 - 2
                and box[1] >= y0 + 2
                and box[3] <= y1 - 2
                and not any(overlap(box, o) > 0 for o in out.values())
            ):
                out[aid] = box
                break
        else:
            out[aid] = places[0]
    return out


def vp_box(area: str) -> Box:
    """The VP badge of a victory area, right of its id."""
    x0, y0, x1, _ = labels()[area]
    a = G.board().areas[area]
    wid = text_length(a.id, ID_PX, "bold") + VP_W + 4
    left = (x0 + x1) / 2 - wid / 2 + text_length(a.id, ID_PX, "bold") + 4
    return (left, y0 + 1, left + VP_W, y0 + 16)


@lru_cache(maxsize=1)
def dots() -> dict[str, Box]:
    out: dict[str, Box] = {}
    for aid in G.board().areas:
        x, y = G.centre(aid)
        out[aid] = (x - DOT_R - 1, y - DOT_R - 1, x + DOT_R + 1, y + DOT_R + 1)
    return out


# ---------------------------------------------------------------------------------------------------------
# the ground


def _trees(d: ImageDraw.ImageDraw, poly: tuple[Point, ...], aid: str) -> None:
    x0, y0, x1, y1 = G.area_box(aid)
    step = 13
    row = 0
    y = y0 + 6
    while y < y1:
        x = x0 + 6 + (step / 2 if row % 2 else 0)
        while x < x1:
            if G.inside(aid, (x, y)) and _inset(poly, (x, y), 5):
                d.ellipse(((x - 3) * SS, (y - 3) * SS, (x + 3) * SS, (y + 3) * SS), fill=C.TREE)
            x += step
        y += step * 0.8
        row += 1


def _reeds(d: ImageDraw.ImageDraw, poly: tuple[Point, ...], aid: str) -> None:
    x0, y0, x1, y1 = G.area_box(aid)
    row = 0
    y = y0 + 8
    while y < y1:
        x = x0 + 6 + (8 if row % 2 else 0)
        while x < x1:
            if G.inside(aid, (x, y)) and _inset(poly, (x, y), 5):
                d.line(_s([(x - 4, y), (x + 4, y)]), fill=C.WATER, width=SS)
                d.line(_s([(x - 2, y - 3), (x - 2, y)]), fill=C.WATER, width=SS)
                d.line(_s([(x + 2, y - 3), (x + 2, y)]), fill=C.WATER, width=SS)
            x += 16
        y += 10
        row += 1


def _inset(poly: tuple[Point, ...], p: Point, r: float) -> bool:
    """Whether ``p`` is at least ``r`` px from every edge of ``poly``."""
    for i, a in enumerate(poly):
        b = poly[(i + 1) % len(poly)]
        if _seg_dist(p, a, b) < r:
            return False
    return True


def _seg_dist(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    ln = dx * dx + dy * dy
    t = 0.0 if ln == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / ln))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def hexagon(d: ImageDraw.ImageDraw, x: float, y: float, r: float, colour: C.RGB, scale: int = SS) -> None:
    """2.3: the all-round-defence hexagon round a built-up area's buildings."""
    pts = [(x + r * math.cos(math.pi / 3 * k), y + r * math.sin(math.pi / 3 * k)) for k in range(6)]
    d.polygon([(px * scale, py * scale) for px, py in pts], outline=colour, width=scale)


def buildings(d: ImageDraw.ImageDraw, x: float, y: float, n: int, scale: int = SS) -> None:
    """``n`` buildings in a ring round (x, y), inside the all-round hexagon."""
    hexagon(d, x, y, 11, C.BUILT, scale)
    spots = [(-4, -3), (3, -4), (-1, 3), (5, 2), (-6, 2)][:n]
    for dx, dy in spots:
        bx, by = x + dx, y + dy
        d.rectangle(
            ((bx - 2.5) * scale, (by - 2) * scale, (bx + 2.5) * scale, (by + 2) * scale), fill=C.BUILT
        )


def building_spot(aid: str) -> Point:
    """Where a built-up area's buildings stand: above-left of its LOS point (clear of the id and name)."""
    x, y = G.centre(aid)
    return (x - 22, y - 16)


def slope_ticks(d: ImageDraw.ImageDraw, p: Point, q: Point, high: Point, scale: int = SS) -> None:
    """10.0: a gentle slope's ticks along the border ``p``-``q``, on the side of ``high`` (the +1 area)."""
    ln = math.dist(p, q)
    if ln < 4:
        return
    ux, uy = (q[0] - p[0]) / ln, (q[1] - p[1]) / ln
    nx, ny = -uy, ux
    mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
    if (high[0] - mx) * nx + (high[1] - my) * ny < 0:
        nx, ny = -nx, -ny
    n = max(1, int(ln // 8))
    for k in range(n):
        t = (k + 0.5) * ln / n
        bx, by = p[0] + ux * t, p[1] + uy * t
        d.line(
            ((bx + nx * 1.5) * scale, (by + ny * 1.5) * scale, (bx + nx * 6) * scale, (by + ny * 6) * scale),
            fill=C.SLOPE,
            width=scale,
        )


def crossing(a: str, b: str) -> tuple[Point, float]:
    """Where the line between the LOS points of ``a`` and ``b`` crosses their border, and its angle."""
    (ax, ay), (bx, by) = G.centre(a), G.centre(b)
    p, q = G.border(a, b)
    # intersection of the two lines (the border's and the centres')
    d1x, d1y = bx - ax, by - ay
    d2x, d2y = q[0] - p[0], q[1] - p[1]
    den = d1x * d2y - d1y * d2x
    t = 0.5 if den == 0 else ((p[0] - ax) * d2y - (p[1] - ay) * d2x) / den
    return (ax + t * d1x, ay + t * d1y), math.atan2(d1y, d1x)


def bridge(d: ImageDraw.ImageDraw, at: Point, angle: float, scale: int = SS) -> None:
    """G18: the chaussée's bridge over the stream: two dark brackets either side of the road."""
    ux, uy = math.cos(angle), math.sin(angle)
    nx, ny = -uy, ux
    for k in (-1, 1):
        ox, oy = at[0] + nx * 7 * k, at[1] + ny * 7 * k
        a = (ox - ux * 7, oy - uy * 7)
        b = (ox + ux * 7, oy + uy * 7)
        d.line(((a[0] + nx * 2 * k) * scale, (a[1] + ny * 2 * k) * scale, a[0] * scale, a[1] * scale,
                b[0] * scale, b[1] * scale, (b[0] + nx * 2 * k) * scale, (b[1] + ny * 2 * k) * scale),
               fill=C.INK, width=2 * scale)  # fmt: skip


def ford(d: ImageDraw.ImageDraw, at: Point, angle: float, scale: int = SS) -> None:
    """G18: the trail's ford: stepping stones across the stream, along the trail."""
    ux, uy = math.cos(angle), math.sin(angle)
    for k in (-6, 0, 6):
        x, y = at[0] + ux * k, at[1] + uy * k
        d.ellipse(((x - 2.5) * scale, (y - 2.5) * scale, (x + 2.5) * scale, (y + 2.5) * scale), fill=C.WHITE,
                  outline=C.INK, width=scale)  # fmt: skip


def _exit_point(aid: str, edge: str) -> Point:
    x, y = G.centre(aid)
    x0, y0, x1, y1 = G.map_box()
    return {"n": (x, y0), "s": (x, y1), "w": (x0, y), "e": (x1, y)}[edge]


def road_line(d: ImageDraw.ImageDraw, pts: list[Point], scale: int = SS) -> None:
    d.line([(x * scale, y * scale) for x, y in pts], fill=C.ROAD, width=7 * scale, joint="curve")
    d.line([(x * scale, y * scale) for x, y in pts], fill=C.ROAD_CORE, width=3 * scale, joint="curve")


def trail_line(d: ImageDraw.ImageDraw, a: Point, b: Point, scale: int = SS) -> None:
    ln = math.dist(a, b)
    n = max(1, int(ln // 9))
    for k in range(n):
        if k % 2:
            continue
        t0, t1 = k / n, min(1.0, (k + 1) / n)
        p = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
        q = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
        d.line((p[0] * scale, p[1] * scale, q[0] * scale, q[1] * scale), fill=C.TRAIL, width=3 * scale)


def _draw_map() -> Image.Image:
    b = G.board()
    w, h = G.size()
    im = Image.new("RGB", (w * SS, h * SS), C.PAPER)
    d = ImageDraw.Draw(im)
    for a in b.areas.values():
        d.polygon(_s(G.polygon(a.id)), fill=ground(a.terrain, a.elevation))
    for a in b.areas.values():
        if a.terrain == "woods":
            _trees(d, G.polygon(a.id), a.id)
        elif a.terrain == "marsh":
            _reeds(d, G.polygon(a.id), a.id)
    for (ia, ib), (p, q) in G.borders().items():
        d.line(_s([p, q]), fill=C.BORDER, width=SS)
        ea, eb = b.areas[ia].elevation, b.areas[ib].elevation
        if ea != eb:
            slope_ticks(d, p, q, G.centre(ia if ea > eb else ib))
    for link in b.links.values():  # G18: the stream along its borders
        if link.stream:
            p, q = G.border(link.a, link.b)
            d.line(_s([p, q]), fill=C.WATER, width=5 * SS)
    for link in b.links.values():
        if link.trail:
            trail_line(d, G.centre(link.a), G.centre(link.b))
    for aid, edge, road in EXITS:
        if aid in b.areas:
            if road:
                road_line(d, [G.centre(aid), _exit_point(aid, edge)])
            else:
                trail_line(d, G.centre(aid), _exit_point(aid, edge))
    for link in b.links.values():
        if link.road:
            road_line(d, [G.centre(link.a), G.centre(link.b)])
    for link in b.links.values():
        if link.stream and (link.road or link.trail):
            at, angle = crossing(link.a, link.b)
            (bridge if link.road else ford)(d, at, angle)
    for a in b.areas.values():
        n = built(a.terrain)
        if n:
            buildings(d, *building_spot(a.id), n)
    x0, y0, x1, y1 = G.map_box()
    d.rectangle((x0 * SS, y0 * SS, x1 * SS, y1 * SS), outline=C.INK, width=2 * SS)
    im = im.resize((w, h), Image.Resampling.LANCZOS)
    d = ImageDraw.Draw(im)
    for aid in b.areas:
        x, y = G.centre(aid)
        d.ellipse((x - DOT_R - 1, y - DOT_R - 1, x + DOT_R + 1, y + DOT_R + 1), fill=C.WHITE)
        d.ellipse((x - DOT_R, y - DOT_R, x + DOT_R, y + DOT_R), fill=C.LOS_DOT)
    return im


@lru_cache(maxsize=1)
def _geo() -> Image.Image:
    """The map with each area's id and name (the data's, the same in every language)."""
    im = _draw_map()
    d = ImageDraw.Draw(im)
    for a in G.board().areas.values():
        x0, y0, x1, _ = labels()[a.id]
        x = (x0 + x1) / 2
        idw = text_length(a.id, ID_PX, "bold") + (VP_W + 4 if a.vp else 0)
        d.text((x - idw / 2, y0), a.id, font=font(ID_PX, "bold"), fill=C.INK, stroke_width=2,
               stroke_fill=C.WHITE)  # fmt: skip
        for k, line in enumerate(name_lines(a.name)):
            d.text((x, y0 + 16 + NAME_LINE * k), line, font=font(NAME_PX, "condensed"), fill=C.INK,
                   anchor="mt",
                   stroke_width=2, stroke_fill=ground(a.terrain, a.elevation))  # fmt: skip
    return im


# ---------------------------------------------------------------------------------------------------------
# the key

KEY_PX = 12
KEY_LINE = 20
KEY_ITEMS = (
    "valley", "height", "slope", "woods", "marsh", "built", "road", "trail", "stream", "bridge", "los", "vp",
    "unit", "long", "leader",
)  # fmt: skip


TALL = {"unit": 34, "long": 34}  # rows holding a whole counter


def _row_h(kind: str) -> int:
    return TALL.get(kind, KEY_LINE)


def key_box() -> Box:
    x0, _, x1, y1 = G.panel_box()
    return (x0, y1 - 40 - sum(_row_h(k) for k in KEY_ITEMS) - 50, x1, y1)


def _key_item(im: Image.Image, kind: str, x: float, y: float) -> int:
    """The sample before a key item's label, in a 40×18 box at (x, y)."""
    big = Image.new("RGB", (40 * SS, 18 * SS), C.PANEL_BG)
    d = ImageDraw.Draw(big)
    grounds = {"valley": ("clear", 0), "height": ("clear", 1), "woods": ("woods", 1), "marsh": ("marsh", 0)}
    if kind in grounds:
        d.rectangle(
            (2 * SS, 2 * SS, 38 * SS, 16 * SS), fill=ground(*grounds[kind]), outline=C.BORDER, width=SS
        )
        if kind == "woods":
            for cx in (10, 20, 30):
                d.ellipse(((cx - 3) * SS, 6 * SS, (cx + 3) * SS, 12 * SS), fill=C.TREE)
        if kind == "marsh":
            for cx in (12, 28):
                d.line(((cx - 4) * SS, 11 * SS, (cx + 4) * SS, 11 * SS), fill=C.WATER, width=SS)
    elif kind == "slope":
        d.rectangle((2 * SS, 2 * SS, 38 * SS, 9 * SS), fill=ground("clear", 1))
        d.rectangle((2 * SS, 9 * SS, 38 * SS, 16 * SS), fill=ground("clear", 0))
        d.line((2 * SS, 9 * SS, 38 * SS, 9 * SS), fill=C.BORDER, width=SS)
        slope_ticks(d, (2, 10), (38, 10), (20, 0))
    elif kind == "built":
        d.rectangle((2 * SS, 2 * SS, 38 * SS, 16 * SS), fill=ground("clear", 1))
        buildings(d, 20, 9, 3)
    elif kind == "road":
        road_line(d, [(3, 9), (37, 9)])
    elif kind == "trail":
        trail_line(d, (3, 9), (37, 9))
    elif kind == "stream":
        d.line((3 * SS, 9 * SS, 37 * SS, 9 * SS), fill=C.WATER, width=5 * SS)
    elif kind == "bridge":
        d.line((1 * SS, 9 * SS, 39 * SS, 9 * SS), fill=C.WATER, width=5 * SS)
        road_line(d, [(10, 1), (10, 17)])
        bridge(d, (10, 9), math.pi / 2)
        trail_line(d, (30, 1), (30, 17))
        ford(d, (30, 9), math.pi / 2)
    small = big.resize((40, 18), Image.Resampling.LANCZOS)
    im.paste(small, (round(x), round(y)))
    d1 = ImageDraw.Draw(im)
    if kind == "los":
        dx, dy = x + 8, y + 9
        d1.ellipse((dx - DOT_R, dy - DOT_R, dx + DOT_R, dy + DOT_R), fill=C.LOS_DOT)
        d1.text((x + 14, y + 9), "C1", font=font(ID_PX, "bold"), fill=C.INK, anchor="lm")
    sprite = {
        "vp": S.vp_badge("VP", "allies"),
        "unit": S.counter("french", "F04", "cavalry", False, 2, 2, 2, None),
        "long": S.counter("allies", "A02", "infantry", True, 3, 3, 3, -90.0),
        "leader": S.pennant("french", "Ney 3/3/4"),
    }.get(kind)
    if sprite is not None:
        im.paste(sprite, (round(x + 2), round(y + 9 - sprite.height / 2)), sprite)
        return max(40, sprite.width + 2)
    return 40


def key_rows(locale: str) -> int:
    return len(KEY_ITEMS)


def _draw_key(im: Image.Image, locale: str) -> None:
    sc = script_of(locale)
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = key_box()
    d.rectangle((x0, y0, x1, y1), fill=C.PANEL_BG, outline=C.PANEL_EDGE)
    draw_text(d, (x0 + 10, y0 + 8), T.say("key", locale), 15, "bold", sc, fill=C.INK)
    y = y0 + 32
    for kind in KEY_ITEMS:
        x = x0 + 8
        h = _row_h(kind)
        used = _key_item(im, kind, x, y + (h - 18) / 2)
        label = T.say(f"key.{kind}", locale)
        draw_text(d, (x + used + 10, y + h / 2), label, KEY_PX, "regular", sc, anchor="lm",
                  fill=C.INK)  # fmt: skip
        y += h
    y += 6
    for line in wrap_lines(T.say("key.ours", locale), G.PANEL_W - 20, 12, sc):
        draw_text(d, (x0 + 10, y), line, 12, "regular", sc, fill=C.INK_SOFT)
        y += 15


# ---------------------------------------------------------------------------------------------------------
# the layer and its palette


@dataclass
class Base(palette.Static):
    """The map's static layer, and the cards' layouts it has made."""

    placed: dict[Any, Any] = field(default_factory=dict)  # card layouts by their cards (a few kept)


KEY_COLOURS = [
    C.PAPER, C.INK, C.INK_SOFT, C.PANEL_BG, C.PANEL_EDGE, C.TITLE_BG, C.TITLE_TEXT, C.WHITE, C.FRENCH,
    C.ALLIES, C.GOLD, C.NOW, C.RANGE, C.BLOCKED, C.CLEAR_SIGHT, C.BORDER, C.WATER, C.ROAD, C.ROAD_CORE,
    C.BUILT, C.TREE, C.SLOPE, *C.GROUND.values(),
]  # fmt: skip


def _palette(layer: Image.Image) -> Image.Image:
    w, h = layer.size
    sample = Image.new("RGB", (w, h + 80), C.PAPER)
    sample.paste(layer, (0, 0))
    S.paste_samples(sample, h)
    return palette.fixed_palette(sample, KEY_COLOURS)


def _layer(loc: str) -> Image.Image:
    """The static layer in ``loc``: the map, the grounds of the title bar and the panel, the key."""
    im = _geo().copy()
    w, _ = G.size()
    ImageDraw.Draw(im).rectangle((0, 0, w, G.TITLE_H), fill=C.TITLE_BG)
    x0, y0, x1, _ = G.panel_box()
    ImageDraw.Draw(im).rectangle((x0, y0, x1, key_box()[1] - 8), fill=C.PANEL_BG, outline=C.PANEL_EDGE)
    _draw_key(im, loc)
    return im


_BASES = palette.Layers(_layer, _palette, Base.of)


def base_for(locale: str = "en") -> Base:
    """The static layer in ``locale`` (its key in that language), drawn on first use and kept; the map and
    the palette are made once for every locale."""
    return _BASES.get(T.locale_of(locale))


def warm(locale: str = "en") -> None:
    """Draw the static layer of ``locale`` now (the picture workers do at start-up)."""
    base_for(locale)
