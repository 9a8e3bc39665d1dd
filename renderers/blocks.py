"""Block sprites' shared parts, for every game's pictures: a block's rounded body with an optional band and
a frame (``block_shape``), the unit-type symbols (``draw_symbol``, ``key_symbol``), and text that reads on a
colour (``text_on``). Each game draws its own faces from them (in ``renderers/<game>/``).

Shapes are drawn at ``SS``× and reduced (smooth edges), text at 1× so that the font sizes recorded by
:mod:`renderers.fonts` are the sizes seen.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from . import colours as C
from .fonts import font

SS = 4  # supersampling factor for shapes


def text_on(bg: C.RGB) -> C.RGB:
    """Dark or light text, whichever reads better on ``bg``."""
    r, g, b = bg
    return C.INK if 0.299 * r + 0.587 * g + 0.114 * b > 128 else C.ARMY_TEXT


def shade(c: C.RGB, k: float) -> C.RGB:
    return (round(c[0] * k), round(c[1] * k), round(c[2] * k))


def canvas(w: int, h: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    im = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    return im, ImageDraw.Draw(im)


def reduce(im: Image.Image) -> Image.Image:
    return im.resize((im.width // SS, im.height // SS), Image.Resampling.LANCZOS)


def block_shape(
    d: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    fill: C.RGB,
    band: C.RGB | None,
    band_box: tuple[float, float, float, float] | None,
    square: bool,
    k: float = 1.0,
) -> None:
    """A block's body at SS×: rounded, outlined; an optional band; a yellow frame when ``square`` (a block
    marked, as a unit in square)."""
    x0, y0, x1, y1 = (v * SS for v in box)
    r = 4 * SS * k
    d.rounded_rectangle((x0, y0, x1, y1), radius=r, fill=shade(fill, 0.55))
    inset = SS * k
    d.rounded_rectangle((x0 + inset, y0 + inset, x1 - inset, y1 - inset), radius=r - inset, fill=fill)
    if band is not None and band_box is not None:
        bx0, by0, bx1, by1 = (v * SS for v in band_box)
        d.rectangle((bx0, by0, bx1, by1), fill=band)
    if square:
        w = round(3 * SS * k)
        d.rounded_rectangle((x0, y0, x1, y1), radius=r, outline=C.SQUARE_MARK, width=w)


def key_symbol(kind: str, ink: C.RGB) -> Image.Image:
    """A type's symbol as a picture's key shows it: 18×14, drawn supersampled."""
    sym = Image.new("RGBA", (18 * SS, 14 * SS), (0, 0, 0, 0))
    draw_symbol(ImageDraw.Draw(sym), kind, (1, 1, 17, 13), ink, SS)
    return sym.resize((18, 14), Image.Resampling.LANCZOS)


def draw_symbol(
    d: ImageDraw.ImageDraw,
    kind: str | None,
    box: tuple[float, float, float, float],
    colour: C.RGB,
    scale: int = 1,
) -> None:
    """A unit-type symbol in ``box`` (NATO style): infantry ×, cavalry /, artillery ●, leader ★."""
    x0, y0, x1, y1 = (v * scale for v in box)
    w = max(1, round(1.6 * scale))
    if kind == "leader":
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        ro = min(x1 - x0, y1 - y0) / 2 + 1.5 * scale
        ri = ro * 0.42
        pts = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            rr = ro if i % 2 == 0 else ri
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        d.polygon(pts, fill=colour)
        return
    d.rectangle((x0, y0, x1, y1), outline=colour, width=w)
    if kind == "infantry":
        d.line((x0, y0, x1, y1), fill=colour, width=w)
        d.line((x0, y1, x1, y0), fill=colour, width=w)
    elif kind == "cavalry":
        d.line((x0, y1, x1, y0), fill=colour, width=w)
    elif kind == "artillery":
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        rr = (y1 - y0) * 0.28
        d.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), fill=colour)


def text(
    im: Image.Image, xy: tuple[float, float], s: str, size: int, weight: str, fill: C.RGB, anchor: str = "mm"
) -> None:
    ImageDraw.Draw(im).text(xy, s, font=font(size, weight), fill=fill, anchor=anchor)
