"""The static layer of Liberty's hex map, drawn once per scenario and locale and copied for every picture.

Hexes coloured by terrain (clear or wilderness, 1.4) and weather region (North or South, 4.0), water, the
cut-off north-west (off the map); hexsides: clear thin, forest a green band, swamp a dashed teal band, a
water crossing between two land hexes a blue band (1.1, 5.2); rivers and the Lake Champlain line through the
hexsides they cross (5.2, 5.6); the weather line along the hexsides between North and South (4.0); hex ids;
the towns' markers (colour, value, port, fort, 1.2, 1.3) and names; the key in the cut-off north-west, the
frame of the Atlantic box, West Indies and pools panel in the open sea of the south-east. The lines are
drawn at 2× and reduced (smooth edges). Then a fixed palette of 255 colours is built from it and from every
kind of sprite, so that a picture is mapped onto it and written as an indexed PNG.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from .. import palette
from ..fonts import draw_text, font, script_of, text_length, wrap_lines
from ..geometry import Box, Point, smooth
from . import geometry as G
from . import sprites as P
from . import text as T

if TYPE_CHECKING:
    from data.liberty import Liberty

SS = 2
KEY_PX = 13
KEY_HEAD_PX = 15
PANEL_PX = 14
PANEL_HEAD_PX = 15

# the key stands in the cut-off north-west, the boxes panel in the open sea of the south-east (no hex there)
KEY_BOX: Box = (G.FRAME[0] + 8, G.FRAME[1] + 8, 492, 434)
PANEL_BOX: Box = (988, 968, G.FRAME[2] - 8, G.FRAME[3] - 8)


def _off_map_land(col: int, row: int) -> bool:
    """A cell of the frame with no hex: the cut-off Canadian Shield in the north-west, else open sea."""
    return col <= 12 and row <= 7


@dataclass
class Base:
    image: Image.Image  # RGB: everything static
    palette: Image.Image  # P: the fixed palette every map picture of this scenario and locale is mapped onto
    layout: G.MapLayout
    indexed: Image.Image  # ``image`` mapped onto ``palette``: a picture maps only what it drew anew


def _scaled(pts: list[Point]) -> list[Point]:
    return [(x * SS, y * SS) for x, y in pts]


def _band(
    d: ImageDraw.ImageDraw, a: Point, b: Point, colour: P.RGB, width: float, trim: float = 0.12
) -> None:
    (x0, y0), (x1, y1) = a, b
    tx, ty = (x1 - x0) * trim, (y1 - y0) * trim
    d.line(_scaled([(x0 + tx, y0 + ty), (x1 - tx, y1 - ty)]), fill=colour, width=round(width * SS))


def _dashes(d: ImageDraw.ImageDraw, a: Point, b: Point, colour: P.RGB, width: float, n: int = 3) -> None:
    (x0, y0), (x1, y1) = a, b
    for i in range(n):
        t0, t1 = (i + 0.15) / n, (i + 0.75) / n
        p = (x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0)
        q = (x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1)
        d.line(_scaled([p, q]), fill=colour, width=round(width * SS))


def river_line(hexes: tuple[str, ...]) -> list[Point]:
    """A waterway's line: from its first hex through the middle of each hexside it crosses to its last."""
    cs = [G.centre(h) for h in hexes]
    mids = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in itertools.pairwise(cs)]
    if not mids:
        return []
    first = ((cs[0][0] + mids[0][0]) / 2, (cs[0][1] + mids[0][1]) / 2)
    last = ((cs[-1][0] + mids[-1][0]) / 2, (cs[-1][1] + mids[-1][1]) / 2)
    return smooth([first, *mids, last])


def anchor(d: ImageDraw.ImageDraw, x: float, y: float, colour: P.RGB, k: float = 1.0) -> None:
    """A port's anchor (1.3), centred at (x, y), at SS× coordinates given in 1× px."""
    w = max(1, round(1.5 * SS * k))
    s = SS * k
    d.line((x * SS, (y - 5 * k) * SS, x * SS, (y + 5 * k) * SS), fill=colour, width=w)
    d.line(((x - 3 * k) * SS, (y - 2.5 * k) * SS, (x + 3 * k) * SS, (y - 2.5 * k) * SS), fill=colour, width=w)
    d.arc(
        ((x - 5 * k) * SS, (y - 1 * k) * SS, (x + 5 * k) * SS, (y + 6 * k) * SS),
        20,
        160,
        fill=colour,
        width=w,
    )
    d.ellipse(((x - 1.6 * k) * SS, (y - 7.5 * k) * SS, (x + 1.6 * k) * SS, (y - 4.4 * k) * SS),
              outline=colour, width=max(1, round(s)))  # fmt: skip


def fort(d: ImageDraw.ImageDraw, x: float, y: float, colour: P.RGB, k: float = 1.0) -> None:
    """A fort: a small square bastion."""
    r = 3.6 * k
    d.rectangle(((x - r) * SS, (y - r) * SS, (x + r) * SS, (y + r) * SS), fill=colour)
    d.rectangle(((x - r + 1.6 * k) * SS, (y - r + 1.6 * k) * SS, (x + r - 1.6 * k) * SS, (y + r - 1.6 * k) *
                SS), fill=P.WHITE)  # fmt: skip


def town_marker(
    d: ImageDraw.ImageDraw, c: Point, colour: str, value: int, port: bool, has_fort: bool
) -> None:
    """A town's marker at SS×: a disc of its colour (bigger for a supply town, 1.2), an anchor left of it for
    a port, a bastion right of it for a fort. The value is written on it afterwards, at 1×."""
    x, y = c
    r = G.TOWN_R if value else G.SMALL_R
    d.ellipse(((x - r) * SS, (y - r) * SS, (x + r) * SS, (y + r) * SS), fill=P.TOWN[colour], outline=P.INK,
              width=SS)  # fmt: skip
    if port:
        anchor(d, x - r - 6, y, P.INK)
    if has_fort:
        fort(d, x + r + 5, y, P.INK)


def _draw_map(lib: Liberty) -> Image.Image:
    """Hexes, hexsides, rivers, the weather line, the frame and the towns' markers (no text)."""
    im = Image.new("RGB", (G.WIDTH * SS, G.HEIGHT * SS), P.WATER)
    d = ImageDraw.Draw(im)
    hexes = {h.id: h for h in lib.hexes}
    for col in range(G.COLS[0], G.COLS[1] + 1):
        for row in range(G.ROWS[0] - 1, G.ROWS[1] + 2):
            hid = f"{col:02d}.{row:02d}"
            h = hexes.get(hid) if row >= 0 else None
            if h is None:
                fill = P.OFF_MAP if _off_map_land(col, row) else P.WATER
            elif h.terrain != "land":
                fill = P.WATER
            elif h.wilderness:
                fill = P.WILD_N if h.region == "north" else P.WILD_S
            else:
                fill = P.CLEAR_N if h.region == "north" else P.CLEAR_S
            d.polygon(_scaled(G.corners(G.cell_centre(col, row))), fill=fill)
    # hexsides: grid and coast first, then the bands over them
    from data.liberty import grid_neighbours, hex_id, parse_hex

    for h in lib.hexes:
        if not h.land:
            continue
        for n in grid_neighbours(*parse_hex(h.id)):
            other = hexes.get(hex_id(*n))
            if (other is None and not _off_map_land(*n)) or (other is not None and not other.land):
                a, b = G.shared_side(h.id, hex_id(*n))
                d.line(_scaled([a, b]), fill=(96, 132, 160), width=round(1.5 * SS))
    for s in lib.hexsides:
        a, b = G.shared_side(s.a, s.b)
        if hexes[s.a].land and hexes[s.b].land:
            d.line(_scaled([a, b]), fill=P.GRID, width=SS // 2 + 1)
    for s in lib.hexsides:
        if not (hexes[s.a].land and hexes[s.b].land):
            continue
        a, b = G.shared_side(s.a, s.b)
        if s.terrain == "forest":
            _band(d, a, b, P.FOREST, 5)
        elif s.terrain == "swamp":
            _dashes(d, a, b, P.SWAMP, 5)
        elif s.terrain in ("sea", "lake"):
            _band(d, a, b, P.WATER, 7, 0.0)
            _band(d, a, b, (96, 132, 160), 1.5, 0.0)
    for s in lib.hexsides:  # 4.0: the weather line
        if hexes[s.a].region != hexes[s.b].region and (hexes[s.a].land or hexes[s.b].land):
            a, b = G.shared_side(s.a, s.b)
            _dashes(d, a, b, P.WEATHER, 3.5, 2)
    for w in lib.waterways:
        line = river_line(w.hexes)
        if not line:
            continue
        if w.kind == "lake":
            d.line(_scaled(line), fill=P.RIVER, width=10 * SS // 2 * 2, joint="curve")
            d.line(_scaled(line), fill=P.WATER, width=7 * SS, joint="curve")
        else:
            d.line(_scaled(line), fill=P.RIVER, width=3 * SS, joint="curve")
    # the frame cuts the half hexes (1.1)
    fx0, fy0, fx1, fy1 = (v * SS for v in G.FRAME)
    W, H = im.size
    for box in ((0, 0, W, fy0), (0, fy1, W, H), (0, 0, fx0, H), (fx1, 0, W, H)):
        d.rectangle(box, fill=P.PAPER)
    d.rectangle((fx0, fy0, fx1, fy1), outline=P.INK, width=2 * SS)
    for t in lib.towns:
        if t.hex is not None:
            town_marker(d, G.marker_centre(t.hex), t.colour, t.value, t.port, t.fort)
    return im.resize((G.WIDTH, G.HEIGHT), Image.Resampling.LANCZOS)


def halo_text(d: ImageDraw.ImageDraw, xy: Point, s: str, size: int, weight: str, fill: P.RGB, anchor: str,
              script: str = "latin") -> None:  # fmt: skip
    draw_text(d, xy, s, size, weight, script, anchor=anchor, fill=fill, stroke_width=2, stroke_fill=P.PAPER)


NAME_INK: dict[str, P.RGB] = {"red": (150, 30, 22), "blue": (20, 50, 130), "orange": (150, 80, 10)}


def draw_town_name(d: ImageDraw.ImageDraw, box: Box, name: str, colour: str) -> None:
    ink = NAME_INK[colour]
    halo_text(d, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), name, G.TOWN_PX, "condensed", ink, "mm")


@lru_cache(maxsize=128)
def town_name_sprite(name: str, colour: str, w: int, h: int) -> Image.Image:
    """A town's name with its halo on a transparent patch of its name box's size (to write it again over a
    row of backs or a battle mark)."""
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw_town_name(ImageDraw.Draw(im), (0, 0, w, h), name, colour)
    return im


@lru_cache(maxsize=4)
def _geo(lib: Liberty) -> Image.Image:
    """The map with its text (the same in every locale: town names, values and hex ids)."""
    im = _draw_map(lib)
    d = ImageDraw.Draw(im)
    lay = G.layout(lib)
    for hid, box in lay.hex_ids.items():
        d.text(((box[0] + box[2]) / 2, box[1]), hid, font=font(G.HEX_ID_PX), fill=P.HEX_ID, anchor="mt")
    for name, box in lay.labels.values():
        halo_text(
            d, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), name, G.LABEL_PX, "regular", P.INK_SOFT, "mm"
        )
    for t in lib.towns:
        if t.hex is None:
            continue
        if t.value:
            x, y = G.marker_centre(t.hex)
            d.text((x, y + 0.5), str(t.value), font=font(12, "bold"), fill=P.WHITE, anchor="mm")
        draw_town_name(d, lay.towns[t.name], t.name, t.colour)
    return im


# ---------------------------------------------------------------------------------------------------------
# the key


def _key_item(im: Image.Image, kind: str, x: float, y: float) -> None:
    """The sample drawn before a key item's label, in a 34×18 box at (x, y)."""
    big = Image.new("RGB", (34 * SS, 18 * SS), P.PANEL_BG)
    d = ImageDraw.Draw(big)
    a, b = (3.0, 9.0), (31.0, 9.0)
    fills = {"clear": P.CLEAR_N, "wilderness": P.WILD_N, "water": P.WATER, "south": P.CLEAR_S}
    if kind in fills:
        d.rectangle((2 * SS, 2 * SS, 32 * SS, 16 * SS), fill=fills[kind], outline=P.GRID, width=SS)
    elif kind == "forest":
        _band(d, a, b, P.FOREST, 5, 0)
    elif kind == "swamp":
        _dashes(d, a, b, P.SWAMP, 5)
    elif kind == "river":
        d.line(_scaled([a, (12, 5), (22, 13), b]), fill=P.RIVER, width=3 * SS, joint="curve")
    elif kind == "water_side":
        _band(d, a, b, P.WATER, 7, 0)
        _band(d, a, b, (96, 132, 160), 1.5, 0)
    elif kind == "clear_side":
        d.line(_scaled([a, b]), fill=P.GRID, width=SS // 2 + 1)
    elif kind == "weather_line":
        _dashes(d, a, b, P.WEATHER, 3.5, 2)
    elif kind == "town":
        town_marker(d, (17, 9), "blue", 2, False, False)
    elif kind == "small_town":
        town_marker(d, (17, 9), "blue", 0, False, False)
    elif kind == "colours":
        for i, c in enumerate(("blue", "red", "orange")):
            town_marker(d, (6 + 11 * i, 9), c, 0, False, False)
    elif kind == "port":
        anchor(d, 17, 10, P.INK)
    elif kind == "fort":
        fort(d, 17, 9, P.INK)
    elif kind == "control":
        town_marker(d, (17, 9), "blue", 0, False, False)
        d.ellipse((8 * SS, 0, 26 * SS, 18 * SS), outline=P.SIDE["british"], width=3 * SS)
    elif kind == "battle":
        d.regular_polygon((17 * SS, 9 * SS, 9 * SS), 6, fill=None, outline=P.BATTLE, width=3 * SS)
    small = big.resize((34, 18), Image.Resampling.LANCZOS)
    im.paste(small, (round(x), round(y)))
    if kind == "town":
        ImageDraw.Draw(im).text((x + 17, y + 9.5), "2", font=font(12, "bold"), fill=P.WHITE, anchor="mm")
    elif kind == "back":
        s = P.back("american", 3)
        im.paste(s, (round(x + 4), round(y - 4)), s)
    elif kind == "hex_id":
        ImageDraw.Draw(im).text((x + 17, y + 9), "20.08", font=font(G.HEX_ID_PX), fill=P.HEX_ID, anchor="mm")


KEY_ITEMS = (
    ("clear", "wilderness", "south", "water", "weather_line", "clear_side", "forest", "swamp", "river",
     "water_side"),
    ("town", "small_town", "colours", "port", "fort", "control", "battle", "back", "hex_id"),
)  # fmt: skip
KEY_LINE = 21


def _draw_key(im: Image.Image, lib: Liberty, locale: str) -> None:
    sc = script_of(locale)
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = KEY_BOX
    d.rectangle((x0, y0, x1, y1), fill=P.PANEL_BG, outline=P.PANEL_EDGE, width=1)
    draw_text(d, (x0 + 10, y0 + 8), T.say("key", locale), KEY_HEAD_PX, "bold", sc, fill=P.INK)
    widths = [
        max(text_length(T.say(f"key.{k}", locale), KEY_PX, "regular", sc) for k in items)
        for items in KEY_ITEMS
    ]
    col_x = (x0 + 10, x0 + 10 + 40 + widths[0] + 14)
    bottom = y0
    y = y0
    for ci, items in enumerate(KEY_ITEMS):
        x = col_x[ci]
        y = y0 + 32
        for kind in items:
            _key_item(im, kind, x, y)
            draw_text(d, (x + 40, y + 9), T.say(f"key.{kind}", locale), KEY_PX, "regular", sc, anchor="lm",
                      fill=P.INK)  # fmt: skip
            y += KEY_LINE
        bottom = max(bottom, y)
    assert col_x[1] + 40 + widths[1] <= x1, "the key's second column is wider than its box"
    own = P.face(P.SAMPLE_FACES[4])
    x = col_x[1]
    lines = wrap_lines(T.say("key.face", locale), x1 - x - own.width - 14, KEY_PX, sc)
    for i, line in enumerate(lines):
        ty = y + 2 + own.height / 2 + (i - (len(lines) - 1) / 2) * (KEY_PX + 3)
        draw_text(d, (x + 6 + own.width, ty), line, KEY_PX, "regular", sc, anchor="lm", fill=P.INK)
    im.paste(own, (round(x), round(y + 2)), own)
    y = max(bottom, y + own.height + 4) + 6
    notes = [
        T.say("key.bars", locale, town=bar.enemy_in, ports=T.join(list(bar.ports), locale))
        for bar in lib.disband_bars
    ]
    notes.append(T.say("key.reconstruction", locale))
    for note in notes:
        for line in wrap_lines(note, x1 - x0 - 20, KEY_PX, sc):
            draw_text(d, (x0 + 10, y), line, KEY_PX, "regular", sc, fill=P.INK_SOFT)
            y += KEY_PX + 4
    assert y <= y1 + 1, f"the key overflows its box by {y - y1:.0f} px"


def _draw_panel_frame(im: Image.Image) -> None:
    d = ImageDraw.Draw(im)
    d.rectangle(PANEL_BOX, fill=P.PANEL_BG, outline=P.PANEL_EDGE, width=1)


def title_bar(im: Image.Image, width: int, height: int = G.TITLE_H) -> None:
    ImageDraw.Draw(im).rectangle((0, 0, width, height), fill=P.TITLE_BG)


# ---------------------------------------------------------------------------------------------------------
# the palette


def fixed_palette(sample: Image.Image, keys: list[P.RGB]) -> Image.Image:
    """255 colours: ``keys`` exactly, then the median cut of ``sample`` for the rest (one index left free)."""
    return palette.fixed_palette(sample, list(dict.fromkeys(keys)))


KEY_COLOURS: list[P.RGB] = [
    P.PAPER, P.INK, P.INK_SOFT, P.HEX_ID, P.CLEAR_N, P.CLEAR_S, P.WILD_N, P.WILD_S, P.WATER, P.OFF_MAP,
    P.GRID, P.FOREST, P.SWAMP, P.RIVER, P.WEATHER, P.BATTLE, P.PANEL_BG, P.PANEL_EDGE, P.TITLE_BG,
    P.TITLE_TEXT,
    P.WHITE, P.HIT, *P.SIDE.values(), *P.NATION_BAND.values(), *P.TOWN.values(), (0, 0, 0),
]  # fmt: skip


def _palette(base: Image.Image) -> Image.Image:
    sample = Image.new("RGB", (G.WIDTH, G.HEIGHT + 200), P.PAPER)
    sample.paste(base, (0, 0))
    y = P.paste_samples(sample, G.HEIGHT)
    ImageDraw.Draw(sample).rectangle((0, y, G.WIDTH, y + 40), fill=P.TITLE_BG)
    return fixed_palette(sample, KEY_COLOURS)


_BASES: dict[tuple[int, str], tuple[Liberty, Base]] = {}


def base_for(lib: Liberty, locale: str = "en") -> Base:
    """The static layer of the map in ``locale`` (its key is in that language), drawn on first use and kept
    for the life of the process; the map itself and the palette are made once for all locales."""
    loc = T.locale_of(locale)
    hit = _BASES.get((id(lib), loc))
    if hit is not None and hit[0] is lib:
        return hit[1]
    im = _geo(lib).copy()
    title_bar(im, G.WIDTH)
    _draw_key(im, lib, loc)
    _draw_panel_frame(im)
    # one palette for every locale, from the English layer: a map differs between languages only in its texts
    pal = _palette(im) if loc == "en" else base_for(lib, "en").palette
    base = Base(im, pal, G.layout(lib), im.quantize(palette=pal, dither=Image.Dither.NONE))
    _BASES[(id(lib), loc)] = (lib, base)
    return base
