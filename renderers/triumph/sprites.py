"""Napoleon's Triumph's block sprites, drawn once and cached: a side's hidden blocks (the back in its colour
with their count, nothing else), a face (arm symbol and strength, the Guard with a band), a commander's
pennant.

Shapes at ``SS``× and reduced (smooth edges), text at 1× (the sizes recorded by :mod:`renderers.fonts` are
the sizes seen).
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from .. import blocks as NB
from ..fonts import draw_text, font, text_length
from . import colours as C

SS = NB.SS
BACK = 22  # a hidden block's side, px
STEP = 3  # the shadow of a stack of several
FACE_W, FACE_H = 32, 22
ARMS = {"inf": "infantry", "cav": "cavalry", "art": "artillery", "guard": "infantry"}


def parse_face(face: str) -> tuple[str, int, bool]:
    """``inf-2`` -> (infantry, 2, False); ``guard-3`` -> (infantry, 3, True)."""
    kind, _, n = face.partition("-")
    return ARMS.get(kind, "infantry"), int(n or 0), kind == "guard"


@lru_cache(maxsize=64)
def back(side: str, count: int) -> Image.Image:
    """``count`` blocks of ``side`` face down: a square in its colour (a shadow behind when several) with the
    count. No arm, no strength, no id."""
    body = C.SIDE[side]
    w = h = BACK + STEP
    im = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    if count > 1:
        NB.block_shape(d, (STEP, 0, STEP + BACK, BACK), NB.shade(body, 0.7), None, None, False)
    NB.block_shape(d, (0, STEP, BACK, STEP + BACK), body, None, None, False)
    im = im.resize((w, h), Image.Resampling.LANCZOS)
    ImageDraw.Draw(im).text(
        (BACK / 2, STEP + BACK / 2), str(count), font=font(14, "bold"), fill=NB.text_on(body), anchor="mm"
    )
    return im


@lru_cache(maxsize=8)
def hidden(side: str) -> Image.Image:
    """One block of ``side`` face down, without a count (a piece named on its own)."""
    im = Image.new("RGBA", (BACK * SS, BACK * SS), (0, 0, 0, 0))
    NB.block_shape(ImageDraw.Draw(im), (0, 0, BACK, BACK), C.SIDE[side], None, None, False)
    return im.resize((BACK, BACK), Image.Resampling.LANCZOS)


@lru_cache(maxsize=64)
def face(side: str, face_text: str) -> Image.Image:
    """A block face up: its arm's symbol and its strength; the Guard with a gold band on top (15)."""
    arm, strength, guard = parse_face(face_text)
    body = C.SIDE[side]
    im = Image.new("RGBA", (FACE_W * SS, FACE_H * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    band = (1, 1, FACE_W - 1, 5) if guard else None
    NB.block_shape(d, (0, 0, FACE_W, FACE_H), body, C.GUARD if guard else None, band, False)
    fg = NB.text_on(body)
    NB.draw_symbol(d, arm, (4, 7, 16, 16), fg, SS)
    im = im.resize((FACE_W, FACE_H), Image.Resampling.LANCZOS)
    ImageDraw.Draw(im).text((FACE_W - 5, FACE_H / 2 + 2), str(strength), font=font(14, "bold"), fill=fg,
                            anchor="rm")  # fmt: skip
    return im


@lru_cache(maxsize=64)
def commander(side: str, name: str, script: str = "latin") -> Image.Image:
    """A commander's pennant: ★ and the name on the side's colour (commanders are public, G8), the name in the
    picture's script (Japanese: the data's ``name_ja``)."""
    f = font(12, "condensed")
    w = round(f.getlength(name) if script == "latin" else text_length(name, 12, "condensed", script)) + 20
    h = 17
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    body = NB.shade(C.SIDE[side], 0.75)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=4, fill=body, outline=C.INK)
    d.text((4, h / 2), "★", font=font(12, "bold"), fill=C.GUARD, anchor="lm")
    if script == "latin":
        d.text((16, h / 2), name, font=f, fill=C.WHITE, anchor="lm")
    else:
        draw_text(d, (16, h / 2), name, 12, "condensed", script, fill=C.WHITE, anchor="lm")
    return im


def paste_samples(sample: Image.Image, y: int) -> int:
    """Every kind of sprite on ``sample`` from row ``y`` (so that the fixed palette has their colours)."""
    x = 0
    for side in C.SIDE:
        for f in ("inf-2", "cav-3", "art-1", "guard-3"):
            s = face(side, f)
            sample.paste(s, (x, y), s)
            x += s.width + 2
        for n in (1, 3):
            s = back(side, n)
            sample.paste(s, (x, y), s)
            x += s.width + 2
        s = commander(side, "Lannes")
        sample.paste(s, (x, y), s)
        x += s.width + 2
    return y + 30
