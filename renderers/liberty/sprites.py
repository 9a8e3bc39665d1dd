"""Liberty's block sprites and colours: a block's back (its side's colour, a count) and its face (id on a band
in its nation's colour, type symbol, rating, strength out of its most), drawn once and cached.

Shapes are drawn at 4× and reduced (smooth edges); text at 1× so the font sizes recorded by
:mod:`renderers.fonts` are the sizes seen.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from .. import blocks as NB
from .. import colours as C
from ..fonts import font
from .model import BlockFace

SS = NB.SS
RGB = C.RGB

# 2.0: the British are red, the Americans (and the French) blue: the red and blue of the other game's blocks,
# checked apart for colour-blind viewers (tests/liberty/test_liberty_render.py)
BRITISH_RED: RGB = (226, 58, 36)
AMERICAN_BLUE: RGB = (34, 84, 196)
SIDE: dict[str, RGB] = {"british": BRITISH_RED, "american": AMERICAN_BLUE}
# the band a face carries its id on: the nation (a back shows none of it)
NATION_BAND: dict[str, RGB] = {
    "british": (150, 30, 22),
    "hessian": (36, 70, 58),
    "loyalist": (44, 128, 64),
    "indian": (232, 146, 30),
    "american": (20, 50, 120),
    "french": (240, 240, 236),
}
TOWN: dict[str, RGB] = {"blue": (52, 104, 200), "red": (204, 50, 40), "orange": (232, 146, 30)}

PAPER: RGB = (246, 241, 226)
INK: RGB = C.INK
INK_SOFT: RGB = (112, 104, 92)
HEX_ID: RGB = (150, 140, 122)
CLEAR_N: RGB = (238, 232, 206)
CLEAR_S: RGB = (242, 224, 196)
WILD_N: RGB = (196, 214, 168)
WILD_S: RGB = (204, 206, 158)
WATER: RGB = (166, 200, 226)
OFF_MAP: RGB = (214, 212, 204)
GRID: RGB = (176, 166, 146)
FOREST: RGB = (46, 110, 52)
SWAMP: RGB = (70, 130, 130)
RIVER: RGB = (48, 110, 196)
WEATHER: RGB = (150, 60, 150)
BATTLE: RGB = C.BATTLE
PANEL_BG: RGB = C.PANEL_BG
PANEL_EDGE: RGB = C.PANEL_EDGE
TITLE_BG: RGB = C.TITLE_BG
TITLE_TEXT: RGB = C.TITLE_TEXT
WHITE: RGB = (255, 255, 255)
HIT: RGB = (255, 212, 0)

FACE_H = 46
BAND_H = 17


def text_on(bg: RGB) -> RGB:
    return NB.text_on(bg)


def shade(c: RGB, k: float) -> RGB:
    return (round(c[0] * k), round(c[1] * k), round(c[2] * k))


def _text(
    im: Image.Image, xy: tuple[float, float], s: str, size: int, weight: str, fill: RGB, anchor: str
) -> None:
    ImageDraw.Draw(im).text(xy, s, font=font(size, weight), fill=fill, anchor=anchor)


@lru_cache(maxsize=256)
def back(side: str, count: int, size: int = 22, step: int = 3, count_px: int = 14) -> Image.Image:
    """``count`` blocks of ``side`` seen from behind: a square in the side's colour (a shadow behind when
    several) with the count. Nothing else: no id, no nation, no strength."""
    body = SIDE[side]
    depth = 1 if count > 1 else 0
    w = h = size + step
    im = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    if depth:
        NB.block_shape(d, (step, 0, step + size, size), shade(body, 0.7), None, None, False)
    NB.block_shape(d, (0, step, size, step + size), body, None, None, False)
    im = im.resize((w, h), Image.Resampling.LANCZOS)
    _text(im, (size / 2, step + size / 2), str(count), count_px, "bold", text_on(body), "mm")
    return im


@lru_cache(maxsize=512)
def face_width(uid: str, k: float = 1.0) -> int:
    return max(round(62 * k), round(font(round(12 * k), "condensed").getlength(uid) + 10 * k))


def _symbol(d: ImageDraw.ImageDraw, kind: str, box: tuple[float, float, float, float], colour: RGB) -> None:
    """2.2's block types: leader ★, infantry × (light infantry, rifles and the Guards too: their rating tells
    them apart), dragoons /, warship a hull, Indians a tipi."""
    x0, y0, x1, y1 = (v * SS for v in box)
    if kind == "warship":
        w = max(1, round(1.6 * SS))
        d.polygon([(x0, y0 + (y1 - y0) * 0.45), (x1, y0 + (y1 - y0) * 0.45), (x1 - (x1 - x0) * 0.2, y1),
                   (x0 + (x1 - x0) * 0.2, y1)], fill=colour)  # fmt: skip
        mx = (x0 + x1) / 2
        d.line((mx, y0, mx, y0 + (y1 - y0) * 0.45), fill=colour, width=w)
        d.polygon([(mx, y0), (mx + (x1 - x0) * 0.35, y0 + (y1 - y0) * 0.35), (mx, y0 + (y1 - y0) * 0.35)],
                  fill=colour)  # fmt: skip
        return
    if kind == "indians":
        d.polygon([((x0 + x1) / 2, y0), (x1, y1), (x0, y1)], outline=colour, width=max(1, round(1.6 * SS)))
        return
    nkind = {"dragoons": "cavalry", "leader": "leader"}.get(kind, "infantry")
    NB.draw_symbol(d, nkind, box, colour, SS)


@lru_cache(maxsize=512)
def face(f: BlockFace, k: float = 1.0) -> Image.Image:
    """A block face up: its id on a band in its nation's colour; below, its type, rating and current strength,
    and under the strength a pip for each step of its most (2.11), the lost ones hollow."""
    body = SIDE["british" if f.nation in ("british", "hessian", "loyalist", "indian") else "american"]
    band = NATION_BAND.get(f.nation, shade(body, 0.78))
    w, h, bh = face_width(f.id, k), round(FACE_H * k), round(BAND_H * k)
    im = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    NB.block_shape(d, (0, 0, w, h), body, band, (k, k, w - k, bh), False, k)
    fg = text_on(body)
    _symbol(d, f.type, (5 * k, bh + 7 * k, 17 * k, bh + 17 * k), fg)
    r, gap = 1.7 * k, 5 * k
    x = w - 5 * k - gap * (f.max_cv - 1) - r
    for i in range(f.max_cv):
        cx, cy = (x + i * gap) * SS, (h - 5 * k) * SS
        box = (cx - r * SS, cy - r * SS, cx + r * SS, cy + r * SS)
        d.ellipse(box, fill=fg if i < f.cv else None, outline=fg, width=max(1, round(0.6 * SS * k)))
    im = im.resize((w, h), Image.Resampling.LANCZOS)
    _text(im, (w / 2, bh / 2 + 1), f.id, round(12 * k), "condensed", text_on(band), "mm")
    mid = bh + (h - bh) / 2 - 2 * k
    _text(im, (20 * k, mid), f.rating, round(14 * k), "bold", fg, "lm")
    _text(im, (w - 5 * k, mid - 1 * k), str(f.cv), round(17 * k), "bold", fg, "rm")
    return im


SAMPLE_FACES = tuple(
    BlockFace(uid, "", kind, "B2", 3, 4, nation)
    for uid, nation, kind in (
        ("BR-10", "british", "infantry"), ("HE-2", "hessian", "infantry"), ("LO-4", "loyalist", "dragoons"),
        ("IN-1", "indian", "indians"), ("AM-10", "american", "infantry"), ("FR-2", "french", "infantry"),
        ("RN-1", "british", "warship"), ("FN-1", "french", "warship"), ("HOWE", "british", "leader"),
        ("GATES", "american", "leader"),
    )
)  # fmt: skip


def paste_samples(sample: Image.Image, y: int, k: float = 1.0) -> int:
    """Every kind of sprite on ``sample`` from row ``y`` (so that the fixed palette has their colours)."""
    x = 0
    for f in SAMPLE_FACES:
        s = face(f, k)
        sample.paste(s, (x, y), s)
        x += s.width + 2
    y += round(FACE_H * k) + 4
    x = 0
    for side in SIDE:
        for n in (1, 2, 12):
            s = back(side, n, round(22 * k), round(3 * k), round(14 * k))
            sample.paste(s, (x, y), s)
            x += s.width + 2
    return y + round(30 * k)
