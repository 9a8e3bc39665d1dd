"""The static layer of Napoleon's Triumph's map, drawn once per locale and copied for every picture.

Each locale is the region of points nearer its centre than any other centre (the data's geometry,
``data/triumph``), tinted by its kind; its borders thin; the approaches as bars along the border they cross,
long for a wide approach and short for a narrow one (rule 4); streams, the frozen ponds, roads (main thick
with a light core, local thin), villages, the objective stars (16) and the locale names. The right-hand panel
holds the time track, the morale tracks and the key (its words per locale). Lines are drawn at 2× and
reduced; then a fixed palette of 255 colours is built from the layer and every kind of sprite, so that a
picture is mapped onto it and written as an indexed PNG.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from data.triumph import Triumph, load_triumph

from .. import palette
from ..fonts import draw_text, font, script_of, text_length, wrap_lines
from ..geometry import Box, smooth
from . import colours as C
from . import sprites as S
from . import text as T

Point = tuple[float, float]
SS = 2
SCALE = 80  # px a km
TITLE_H = 64
MAP_X, MAP_Y = 12, TITLE_H + 8
PANEL_W = 340
NAME_PX = 12


@lru_cache(maxsize=1)
def data() -> Triumph:
    return load_triumph()


def map_size() -> tuple[int, int]:
    m = data().map
    return round(m.width_km * SCALE), round(m.height_km * SCALE)


def size() -> tuple[int, int]:
    w, h = map_size()
    return MAP_X + w + 12 + PANEL_W + 12, MAP_Y + h + 12


def panel_box() -> Box:
    w, h = map_size()
    x0 = MAP_X + w + 12
    return (x0, MAP_Y, x0 + PANEL_W, MAP_Y + h)


def px(x: float, y: float) -> Point:
    """A point of the data's km grid (north up) on the picture."""
    return (MAP_X + x * SCALE, MAP_Y + (data().map.height_km - y) * SCALE)


def centre(locale: str) -> Point:
    loc = data().locale(locale)
    return px(loc.x, loc.y)


# ---------------------------------------------------------------------------------------------------------
# the regions


Edge = tuple[Point, str]  # a corner and the neighbour whose bisector the edge from it runs along ("" frame)


def _clip(poly: list[Edge], a: float, b: float, c: float, label: str) -> list[Edge]:
    """The part of ``poly`` where a·x + b·y <= c, the new edge labelled ``label``."""
    out: list[Edge] = []
    for i, (p, lab) in enumerate(poly):
        q = poly[(i + 1) % len(poly)][0]
        fp, fq = a * p[0] + b * p[1] - c, a * q[0] + b * q[1] - c
        if fp <= 0:
            out.append((p, lab))
        if (fp < 0) != (fq < 0) and fp != fq:
            s = fp / (fp - fq)
            cut = (p[0] + s * (q[0] - p[0]), p[1] + s * (q[1] - p[1]))
            out.append((cut, label if fp <= 0 else lab))
    return out


@lru_cache(maxsize=1)
def cells() -> dict[str, list[Edge]]:
    """Each locale's region in km: the frame clipped by the half-planes nearer its centre than each other's,
    each edge labelled with the neighbour across it."""
    t = data()
    w, h = t.map.width_km, t.map.height_km
    out: dict[str, list[Edge]] = {}
    for loc in t.locales:
        poly: list[Edge] = [((0, 0), ""), ((w, 0), ""), ((w, h), ""), ((0, h), "")]
        for other in t.locales:
            if other.id != loc.id:
                a, b = other.x - loc.x, other.y - loc.y
                c = (other.x**2 + other.y**2 - loc.x**2 - loc.y**2) / 2
                poly = _clip(poly, a, b, c, other.id)
        out[loc.id] = poly
    return out


@lru_cache(maxsize=1)
def borders() -> dict[tuple[str, str], tuple[Point, Point]]:
    """The shared border of two locales (ids in order), in picture px."""
    out: dict[tuple[str, str], tuple[Point, Point]] = {}
    for lid, poly in cells().items():
        for i, (p, lab) in enumerate(poly):
            if lab and lid < lab:
                q = poly[(i + 1) % len(poly)][0]
                out[(lid, lab)] = (px(*p), px(*q))
    return out


def border(a: str, b: str) -> tuple[Point, Point]:
    """The border between ``a`` and ``b`` in px; where their regions do not touch, a short stretch across the
    line between their centres, half-way."""
    key = (a, b) if a < b else (b, a)
    hit = borders().get(key)
    if hit is not None and math.dist(*hit) > 4:
        return hit
    (ax, ay), (bx, by) = centre(a), centre(b)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    d = math.dist((ax, ay), (bx, by)) or 1
    nx, ny = -(by - ay) / d, (bx - ax) / d
    return ((mx - 12 * nx, my - 12 * ny), (mx + 12 * nx, my + 12 * ny))


def approach_point(at: str, on: str) -> Point:
    """Where blocks standing in ``at`` on its approach to ``on`` are drawn: inside ``at``, near the border."""
    (p, q), (cx, cy) = border(at, on), centre(at)
    mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
    return (cx + (mx - cx) * 0.72, cy + (my - cy) * 0.72)


# ---------------------------------------------------------------------------------------------------------
# the static map


def _s(pts: list[Point] | tuple[Point, ...]) -> list[Point]:
    return [(x * SS, y * SS) for x, y in pts]


def approach_bar(d: ImageDraw.ImageDraw, p: Point, q: Point, wide: bool, scale: int = SS) -> None:
    """4: an approach as a bar along the border it crosses: long and doubled when wide, short when narrow
    (the breadth of the front it lets through)."""
    mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
    ln = math.dist(p, q) or 1
    ux, uy = (q[0] - p[0]) / ln, (q[1] - p[1]) / ln
    half = min(0.34 * ln, 30) if wide else min(0.2 * ln, 7)
    if wide:
        nx, ny = -uy * 2.5, ux * 2.5
        for k in (-1, 1):
            a = ((mx - ux * half + k * nx) * scale, (my - uy * half + k * ny) * scale)
            b = ((mx + ux * half + k * nx) * scale, (my + uy * half + k * ny) * scale)
            d.line((a, b), fill=C.APPROACH, width=3 * scale)
    else:
        a = ((mx - ux * half) * scale, (my - uy * half) * scale)
        b = ((mx + ux * half) * scale, (my + uy * half) * scale)
        d.line((a, b), fill=C.APPROACH, width=6 * scale)


def star(d: ImageDraw.ImageDraw, x: float, y: float, r: float, fill: C.RGB) -> None:
    pts = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.45
        pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
    d.polygon(pts, fill=fill, outline=C.INK)


def stars_at(locale: str) -> list[tuple[Point, str]]:
    """16: the objective stars of ``locale`` and where each is drawn (right of the centre, px)."""
    out: list[tuple[Point, str]] = []
    x, y = centre(locale)
    for o in data().objectives:
        if o.locale == locale:
            for k, colour in enumerate(o.colours):
                out.append(((x + 14 + 15 * k, y + 2), colour))
    return out


def _draw_map() -> Image.Image:
    t = data()
    w, h = size()
    im = Image.new("RGB", (w * SS, h * SS), C.PAPER)
    d = ImageDraw.Draw(im)
    for loc in t.locales:
        d.polygon(_s([px(*p) for p, _ in cells()[loc.id]]), fill=C.KIND[loc.kind])
    for p, q in borders().values():
        d.line(_s([p, q]), fill=C.BORDER, width=SS)
    for pond in t.ponds:
        (cx, cy), (rx, ry) = pond.centre, pond.radii
        (x0, y0), (x1, y1) = px(cx - rx, cy + ry), px(cx + rx, cy - ry)
        d.ellipse((x0 * SS, y0 * SS, x1 * SS, y1 * SS), fill=C.POND, outline=C.WATER, width=2 * SS)
    for stream in t.streams:
        d.line(_s(smooth([px(*p) for p in stream.course])), fill=C.WATER, width=4 * SS, joint="curve")
    for road in sorted(t.roads, key=lambda r: r.road_class == "main"):
        pts = _s([centre(x) for x in road.locales])
        if road.road_class == "main":
            d.line(pts, fill=C.ROAD_MAIN, width=7 * SS, joint="curve")
            d.line(pts, fill=C.ROAD_CORE, width=3 * SS, joint="curve")
        else:
            d.line(pts, fill=C.ROAD_LOCAL, width=3 * SS, joint="curve")
    for loc in t.locales:
        for ap in loc.approaches:
            if loc.id < ap.to and not ap.impassable:
                p, q = border(loc.id, ap.to)
                approach_bar(d, p, q, ap.width == "wide")
    for loc in t.locales:
        x, y = centre(loc.id)
        if loc.kind in ("village", "castle"):
            d.rectangle(((x - 6) * SS, (y - 4) * SS, (x + 6) * SS, (y + 4) * SS), fill=C.VILLAGE)
        else:
            d.ellipse(((x - 3) * SS, (y - 3) * SS, (x + 3) * SS, (y + 3) * SS), fill=C.VILLAGE)
        for (sx, sy), colour in stars_at(loc.id):
            star(d, sx * SS, sy * SS, 7 * SS, C.STAR[colour])
    mw, mh = map_size()
    d.rectangle((MAP_X * SS, MAP_Y * SS, (MAP_X + mw) * SS, (MAP_Y + mh) * SS), outline=C.INK, width=2 * SS)
    return im.resize((w, h), Image.Resampling.LANCZOS)


def name_lines(name: str, script: str = "latin") -> list[str]:
    """A locale's name in one line, or two where it is long: at a space in English; in Japanese after a
    particle (の, と) near the middle, else at the middle."""
    if text_length(name, NAME_PX, "condensed", script) <= 118:
        return [name]
    if script == "ja":  # at a word's end: a particle, a ・, or where katakana meets kanji
        cuts = [
            k
            for k in range(1, len(name))
            if name[k] not in "のと" and (name[k - 1] in "のと・" or _kana(name[k - 1]) != _kana(name[k]))
            if all(text_length(p, NAME_PX, "condensed", script) <= 118 for p in (name[:k], name[k:]))
        ]
        best = min(cuts, key=lambda k: (abs(len(name) - 2 * k), k)) if cuts else len(name) // 2
        return [name[:best], name[best:]]
    if " " not in name:
        return [name]
    words = name.split(" ")
    best = min(range(1, len(words)), key=lambda k: abs(len(" ".join(words[:k])) - len(" ".join(words[k:]))))
    return [" ".join(words[:best]), " ".join(words[best:])]


def _kana(ch: str) -> bool:
    return "\u30a0" <= ch <= "\u30ff"


def locale_name(locale_id: str, script: str = "latin") -> str:
    """A locale's name on the map: the data's ``name``, in Japanese its ``name_ja``."""
    loc = data().locale(locale_id)
    return loc.name_ja if script == "ja" else loc.name


@lru_cache(maxsize=2)
def name_boxes(script: str = "latin") -> dict[str, Box]:
    """Where each locale's name is written: centred under its centre."""
    out: dict[str, Box] = {}
    for loc in data().locales:
        x, y = centre(loc.id)
        lines = name_lines(locale_name(loc.id, script), script)
        wd = max(text_length(s, NAME_PX, "condensed", script) for s in lines)
        out[loc.id] = (x - wd / 2, y + 6, x + wd / 2, y + 6 + 14 * len(lines))
    return out


@lru_cache(maxsize=2)
def _geo(script: str = "latin") -> Image.Image:
    """The map with the locale names in the picture's language (the data's ``name`` or ``name_ja``)."""
    im = _draw_map()
    d = ImageDraw.Draw(im)
    for loc in data().locales:
        x0, y0, x1, _ = name_boxes(script)[loc.id]
        for k, line in enumerate(name_lines(locale_name(loc.id, script), script)):
            if script == "latin":
                d.text(((x0 + x1) / 2, y0 + 14 * k), line, font=font(NAME_PX, "condensed"), fill=C.INK,
                       anchor="mt", stroke_width=2, stroke_fill=C.PAPER)  # fmt: skip
            else:
                draw_text(d, ((x0 + x1) / 2, y0 + 14 * k), line, NAME_PX, "condensed", script, anchor="mt",
                          fill=C.INK, stroke_width=2, stroke_fill=C.PAPER)  # fmt: skip
    return im


# ---------------------------------------------------------------------------------------------------------
# the key

KEY_PX = 13
KEY_LINE = 21
KEY_ITEMS = (
    "village", "open", "hill", "wood", "marsh", "border", "wide", "narrow", "main", "local", "stream", "star",
    "hidden", "face", "guard", "commander", "blocking", "attack",
)  # fmt: skip


def key_box() -> Box:
    x0, _, x1, y1 = panel_box()
    return (x0, y1 - 66 - len(KEY_ITEMS) * KEY_LINE - 34, x1, y1)


def _key_item(im: Image.Image, kind: str, x: float, y: float) -> None:
    """The sample before a key item's label, in a 34×18 box at (x, y)."""
    big = Image.new("RGB", (34 * SS, 18 * SS), C.PANEL_BG)
    d = ImageDraw.Draw(big)
    a, b = (3.0, 9.0), (31.0, 9.0)
    if kind in C.KIND:
        d.rectangle((2 * SS, 2 * SS, 32 * SS, 16 * SS), fill=C.KIND[kind], outline=C.BORDER, width=SS)
        if kind == "village":
            d.rectangle((11 * SS, 5 * SS, 23 * SS, 13 * SS), fill=C.VILLAGE)
    elif kind == "border":
        d.line(_s([a, b]), fill=C.BORDER, width=SS)
    elif kind in ("wide", "narrow"):
        d.line(_s([(3, 9), (31, 9)]), fill=C.BORDER, width=SS)
        approach_bar(d, (-12, 9), (46, 9) if kind == "wide" else (-12, 9), kind == "wide")
        if kind == "narrow":
            approach_bar(d, (3, 9), (31, 9), False)
    elif kind == "main":
        d.line(_s([a, b]), fill=C.ROAD_MAIN, width=7 * SS)
        d.line(_s([a, b]), fill=C.ROAD_CORE, width=3 * SS)
    elif kind == "local":
        d.line(_s([a, b]), fill=C.ROAD_LOCAL, width=3 * SS)
    elif kind == "stream":
        d.line(_s([(3, 12), (12, 5), (16, 12)]), fill=C.WATER, width=3 * SS)
        d.ellipse((19 * SS, 3 * SS, 32 * SS, 15 * SS), fill=C.POND, outline=C.WATER, width=SS)
    elif kind == "star":
        for i, colour in enumerate(("blue", "green", "red", "black")):
            star(d, (5 + 8 * i) * SS, 9 * SS, 5 * SS, C.STAR[colour])
    elif kind == "attack":
        arrow(d, (3, 9), (31, 9), SS, 4)
    small = big.resize((34, 18), Image.Resampling.LANCZOS)
    im.paste(small, (round(x), round(y)))
    sprite = {
        "hidden": S.back("french", 3),
        "face": S.face("allies", "cav-2"),
        "guard": S.face("french", "guard-3"),
        "commander": S.commander("french", "Ney"),
        "blocking": S.back("allies", 2),
    }.get(kind)
    if sprite is not None:
        im.paste(sprite, (round(x + 17 - sprite.width / 2), round(y + 9 - sprite.height / 2)), sprite)
        if kind == "blocking":
            d2 = ImageDraw.Draw(im)
            d2.line((x + 31, y, x + 31, y + 18), fill=C.APPROACH, width=4)


def arrow(d: ImageDraw.ImageDraw, a: Point, b: Point, scale: int, width: float = 6) -> Box:
    """An attack's arrow from ``a`` to ``b`` (px at 1×, drawn at ``scale``); its box at 1×."""
    ln = math.dist(a, b) or 1
    ux, uy = (b[0] - a[0]) / ln, (b[1] - a[1]) / ln
    head = min(5 * width, ln * 0.6)
    base = (b[0] - ux * head, b[1] - uy * head)
    nx, ny = -uy * width * 1.6, ux * width * 1.6
    d.line([(a[0] * scale, a[1] * scale), (base[0] * scale, base[1] * scale)], fill=C.NOW,
           width=round(width * scale))  # fmt: skip
    tri = [b, (base[0] + nx, base[1] + ny), (base[0] - nx, base[1] - ny)]
    d.polygon([(x * scale, y * scale) for x, y in tri], fill=C.NOW, outline=C.INK)
    xs, ys = [a[0], b[0], *(p[0] for p in tri)], [a[1], b[1], *(p[1] for p in tri)]
    return (min(xs) - 2, min(ys) - 2, max(xs) + 2, max(ys) + 2)


def _draw_key(im: Image.Image, locale: str) -> None:
    sc = script_of(locale)
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = key_box()
    d.rectangle((x0, y0, x1, y1), fill=C.PANEL_BG, outline=C.PANEL_EDGE)
    draw_text(d, (x0 + 10, y0 + 8), T.say("key", locale), 15, "bold", sc, fill=C.INK)
    half = len(KEY_ITEMS)
    for i, kind in enumerate(KEY_ITEMS):
        x = x0 + 8
        y = y0 + 32 + i * KEY_LINE
        _key_item(im, kind, x, y)
        draw_text(d, (x + 44, y + 9), T.say(f"key.{kind}", locale), KEY_PX, "regular", sc, anchor="lm",
                  fill=C.INK)  # fmt: skip
    y = y0 + 32 + half * KEY_LINE + 4
    for line in wrap_lines(T.say("key.reconstruction", locale), PANEL_W - 20, 12, sc):
        draw_text(d, (x0 + 10, y), line, 12, "regular", sc, fill=C.INK_SOFT)
        y += 15


# ---------------------------------------------------------------------------------------------------------
# the layer and its palette


Base = palette.Static  # the map's static layer, with nothing of its own


KEY_COLOURS = [
    C.PAPER, C.INK, C.INK_SOFT, C.PANEL_BG, C.PANEL_EDGE, C.TITLE_BG, C.TITLE_TEXT, C.WHITE, C.FRENCH,
    C.ALLIES, C.GUARD, C.NOW, C.NIGHT, C.NIGHT_TEXT, C.APPROACH, C.BORDER, C.WATER, C.POND, C.ROAD_MAIN,
    C.ROAD_CORE, C.ROAD_LOCAL, C.VILLAGE, *C.KIND.values(), *C.STAR.values(),
]  # fmt: skip


def _palette(layer: Image.Image) -> Image.Image:
    w, h = layer.size
    sample = Image.new("RGB", (w, h + 80), C.PAPER)
    sample.paste(layer, (0, 0))
    y = S.paste_samples(sample, h)
    ImageDraw.Draw(sample).rectangle((0, y, w, y + 40), fill=C.TITLE_BG)
    return palette.fixed_palette(sample, KEY_COLOURS)


def _layer(loc: str) -> Image.Image:
    """The static layer in ``loc``: the map, the grounds of the title bar and the panel, the key."""
    im = _geo(script_of(loc)).copy()
    w, _ = size()
    ImageDraw.Draw(im).rectangle((0, 0, w, TITLE_H), fill=C.TITLE_BG)
    x0, y0, x1, _ = panel_box()
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
