"""Eagles of the Empire's sprites, drawn once and cached: a unit's counter (its id, its type's symbol, its SP
and its steps as dots, filled for those left; a long counter drawn long, 2.22; the arrow of its facing,
13.9, where it has one), a leader's pennant (name, range/tactical/initiative, 2.21), a victory area's badge
(its VP in the colour of the side holding it).

Shapes at ``SS``× and reduced (smooth edges), text at 1× (the sizes recorded by :mod:`renderers.fonts` are
the sizes seen).
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from .. import blocks as NB
from ..fonts import font
from . import colours as C

SS = NB.SS
SHORT_W, LONG_W, COUNTER_H = 46, 66, 30
PENNANT_H = 17


def _arrow(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, angle: float) -> None:
    """13.9: the facing, an arrow in a white disc pointing at the faced neighbour (``angle`` in degrees,
    picture coordinates: 0 east, 90 south)."""
    d.ellipse(((cx - r) * SS, (cy - r) * SS, (cx + r) * SS, (cy + r) * SS), fill=C.WHITE, outline=C.INK,
              width=SS)  # fmt: skip
    a = math.radians(angle)
    ux, uy = math.cos(a), math.sin(a)
    nx, ny = -uy, ux
    tip = (cx + ux * (r - 1.2), cy + uy * (r - 1.2))
    back = (cx - ux * (r - 2), cy - uy * (r - 2))
    w = r * 0.62
    pts = [tip, (back[0] + nx * w, back[1] + ny * w), (cx - ux * 1.0, cy - uy * 1.0),
           (back[0] - nx * w, back[1] - ny * w)]  # fmt: skip
    d.polygon([(x * SS, y * SS) for x, y in pts], fill=C.INK)


def _posture(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, posture: str) -> None:
    """17.0: a defensive posture in a white disc: a hollow square (17.1) or a crest (17.2)."""
    d.ellipse(((cx - r) * SS, (cy - r) * SS, (cx + r) * SS, (cy + r) * SS), fill=C.WHITE, outline=C.INK,
              width=SS)  # fmt: skip
    k = r * 0.5
    if posture == "square":
        d.rectangle(((cx - k) * SS, (cy - k) * SS, (cx + k) * SS, (cy + k) * SS), outline=C.INK,
                    width=max(1, round(1.4 * SS)))  # fmt: skip
    else:
        pts = [(cx - r * 0.7, cy + k), (cx, cy - k), (cx + r * 0.7, cy + k)]
        d.line([(x * SS, y * SS) for x, y in pts], fill=C.INK, width=max(1, round(1.4 * SS)), joint="curve")


@lru_cache(maxsize=512)
def counter(
    side: str,
    uid: str,
    kind: str,
    long: bool,
    sp: int,
    steps: int,
    most: int,
    facing: float | None,
    posture: str = "",
) -> Image.Image:
    """A unit's counter. ``facing``: the direction of the neighbour it faces (degrees), None if it faces
    all round (cavalry, small infantry: 2.3; a square, 17.1). ``posture``: "square" (17.1, a hollow square
    in a white disc) or "slope" (17.2, a crest in a white disc), "" in line."""
    w, h = (LONG_W if long else SHORT_W), COUNTER_H
    body = C.SIDE.get(side, C.INK_SOFT)
    fg = NB.text_on(body)
    im = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((0, 0, (w - 1) * SS, (h - 1) * SS), radius=4 * SS, fill=body, outline=C.INK, width=SS)
    if long:  # a long counter's line across it (2.22): the front it faces
        d.line((3 * SS, 14 * SS, (w - 4) * SS, 14 * SS), fill=fg, width=SS)
    sym = "artillery" if kind == "horse" else kind
    if kind != "hq":
        NB.draw_symbol(d, sym, (4, 17, 17, 26), fg, SS)
        if kind == "horse":  # horse artillery: the gun and the cavalry's stroke
            d.line((4 * SS, 26 * SS, 17 * SS, 17 * SS), fill=fg, width=max(1, round(1.6 * SS)))
    cx = (w / 2 + 2) if long else 25
    if posture and (posture == "square" or facing is None):
        _posture(d, cx, 21.5, 6.5, posture)  # 17.1: a square faces all round
    elif facing is not None:
        _arrow(d, cx, 21.5, 6.5, facing)
        if posture:
            _posture(d, cx + 11, 23.0, 4.5, posture)
    im = im.resize((w, h), Image.Resampling.LANCZOS)
    d = ImageDraw.Draw(im)
    d.text((4, 2), uid, font=font(12, "condensed"), fill=fg)
    if kind != "hq":
        d.text((w - 3, 22), str(sp), font=font(14, "bold"), fill=fg, anchor="rm")
    for k in range(most):  # the steps: filled while left
        x = w - 7 - 6 * (most - 1 - k)
        y = 7
        if k < steps:
            d.ellipse((x - 2, y - 2, x + 2, y + 2), fill=fg)
        else:
            d.ellipse((x - 2, y - 2, x + 2, y + 2), outline=fg)
    if kind == "hq":
        d.text((4, 22), "HQ", font=font(12, "condensed"), fill=fg, anchor="lm")
    return im


@lru_cache(maxsize=128)
def pennant(side: str, text: str) -> Image.Image:
    """A leader's pennant: ★ and the name with range/tactical/initiative on the side's colour (dark)."""
    f = font(12, "condensed")
    w = round(f.getlength(text)) + 20
    h = PENNANT_H
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    body = NB.shade(C.SIDE.get(side, C.INK_SOFT), 0.7)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=4, fill=body, outline=C.INK)
    d.text((4, h / 2), "★", font=font(12, "bold"), fill=C.GOLD, anchor="lm")
    d.text((16, h / 2), text, font=f, fill=C.WHITE, anchor="lm")
    return im


@lru_cache(maxsize=32)
def vp_badge(vp: int | str, holder: str | None) -> Image.Image:
    """A victory area's VP (★ and the number) on the colour of the side holding it (white: nobody); the
    key's sample says "VP" in place of a number, so that it is not read as an area's value."""
    w, h = 30, 15
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    fill = C.SIDE.get(holder or "", C.WHITE)
    ink = C.WHITE if holder in C.SIDE else C.INK
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=4, fill=fill, outline=C.INK)
    d.text((w / 2, h / 2 + 1), f"★{vp}", font=font(12, "bold"), fill=ink, anchor="mm")
    return im


def paste_samples(sample: Image.Image, y: int) -> int:
    """Every kind of sprite on ``sample`` from row ``y`` (so that the fixed palette has their colours)."""
    x = 0
    for side in C.SIDE:
        for kind, long in (("infantry", True), ("cavalry", False), ("artillery", False), ("horse", False)):
            s = counter(side, "X00", kind, long, 3, 2, 3, 45.0 if kind != "cavalry" else None)
            sample.paste(s, (x, y), s)
            x += s.width + 2
        s = pennant(side, "Lannes 2/2/3")
        sample.paste(s, (x, y), s)
        x += s.width + 2
        s = vp_badge(10, side)
        sample.paste(s, (x, y), s)
        x += s.width + 2
    return y + 40
