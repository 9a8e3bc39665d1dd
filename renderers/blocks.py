"""Block sprites: a face (unit id, type symbol, current cv), a hidden stack (army colour and a count), upright
or laid down (disrupted, 7.4), framed when in square (8.5).

Sprites are RGBA images drawn once and cached: shapes at 4× and reduced (smooth edges), text at 1× so that
the font sizes recorded by :mod:`renderers.fonts` are the sizes seen.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol

from PIL import Image, ImageDraw

from . import colours as C
from .fonts import font

SS = 4  # supersampling factor for shapes


@dataclass(frozen=True)
class Sizes:
    """Tile sizes at 1× (a frame for "in square" is drawn inside these bounds) and their text sizes."""

    k: float  # 1 on the campaign map; larger on the battle board
    face: tuple[int, int]  # upright face: id band on top, type symbol and cv below
    face_down: tuple[int, int]  # laid down (disrupted): one row, wider than tall
    stack: tuple[int, int]  # hidden blocks of one army: a square with the count
    stack_down: tuple[int, int]  # hidden and laid down
    id_px: int
    cv_px: int
    cv_down_px: int
    count_px: int
    count_down_px: int
    step: int = 4  # offset of each shadow square behind a stack


MAP = Sizes(1.0, (48, 42), (76, 26), (30, 30), (40, 20), 12, 18, 15, 16, 13)
BOARD = Sizes(1.4, (66, 58), (104, 36), (46, 46), (60, 30), 15, 25, 20, 22, 17, 5)
STACK_DEPTH = 2  # at most this many shadow squares behind a stack of several

# the campaign map's sizes, by their old names
FACE = MAP.face
FACE_DOWN = MAP.face_down


class BlockLike(Protocol):
    """What a sprite needs of a block: :class:`engine.napoleon.views.BlockView` has it."""

    @property
    def army(self) -> str: ...
    @property
    def known(self) -> bool: ...
    @property
    def id(self) -> str | None: ...
    @property
    def nation(self) -> str | None: ...
    @property
    def type(self) -> str | None: ...
    @property
    def cv(self) -> int | None: ...
    @property
    def guard(self) -> bool: ...
    @property
    def disrupted(self) -> bool: ...
    @property
    def in_square(self) -> bool: ...


def army_colour(army: str) -> C.RGB:
    return C.ARMY.get(army, C.INK_SOFT)


def band_colour(army: str, nation: str | None, guard: bool) -> C.RGB | None:
    """The second colour of a two-colour block (Guard: green; Dutch-Belgian: blue), or None."""
    if guard:
        return C.GUARD_BAND
    if nation == "dutch_belgian":
        return C.DUTCH_BAND
    return None


def text_on(bg: C.RGB) -> C.RGB:
    """Dark or light text, whichever reads better on ``bg``."""
    r, g, b = bg
    return C.INK if 0.299 * r + 0.587 * g + 0.114 * b > 128 else C.ARMY_TEXT


def _shade(c: C.RGB, k: float) -> C.RGB:
    return (round(c[0] * k), round(c[1] * k), round(c[2] * k))


def _canvas(w: int, h: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    im = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    return im, ImageDraw.Draw(im)


def _reduce(im: Image.Image) -> Image.Image:
    return im.resize((im.width // SS, im.height // SS), Image.Resampling.LANCZOS)


def _block_shape(
    d: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    fill: C.RGB,
    band: C.RGB | None,
    band_box: tuple[float, float, float, float] | None,
    square: bool,
    k: float = 1.0,
) -> None:
    """The block's body at SS×: rounded, outlined; optional band; a yellow frame when in square."""
    x0, y0, x1, y1 = (v * SS for v in box)
    r = 4 * SS * k
    d.rounded_rectangle((x0, y0, x1, y1), radius=r, fill=_shade(fill, 0.55))
    inset = SS * k
    d.rounded_rectangle((x0 + inset, y0 + inset, x1 - inset, y1 - inset), radius=r - inset, fill=fill)
    if band is not None and band_box is not None:
        bx0, by0, bx1, by1 = (v * SS for v in band_box)
        d.rectangle((bx0, by0, bx1, by1), fill=band)
    if square:
        w = round(3 * SS * k)
        d.rounded_rectangle((x0, y0, x1, y1), radius=r, outline=C.SQUARE_MARK, width=w)


def key_symbol(kind: str, ink: Any) -> Image.Image:
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
        import math

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


def _text(
    im: Image.Image, xy: tuple[float, float], s: str, size: int, weight: str, fill: C.RGB, anchor: str = "mm"
) -> None:
    ImageDraw.Draw(im).text(xy, s, font=font(size, weight), fill=fill, anchor=anchor)


@lru_cache(maxsize=2048)
def face_sprite(
    army: str,
    nation: str | None,
    guard: bool,
    kind: str | None,
    cv: int | None,
    uid: str | None,
    disrupted: bool,
    in_square: bool,
    sz: Sizes = MAP,
) -> Image.Image:
    """A known block: id, type symbol and current cv (upright), or one row when laid down."""
    body = army_colour(army)
    band = band_colour(army, nation, guard)
    band_fill = band if band is not None else _shade(body, 0.78)
    fg = text_on(body)
    k = sz.k
    if not disrupted:
        w, h = sz.face
        bh = round(16 * k)
        im, d = _canvas(w, h)
        _block_shape(d, (0, 0, w, h), body, band_fill, (k, k, w - k, bh), in_square, k)
        sym = (6 * k, 22 * k, 22 * k, 34 * k) if kind != "leader" else (7 * k, 22 * k, 21 * k, 35 * k)
        draw_symbol(d, kind, sym, fg, SS)
        im = _reduce(im)
        _text(im, (w / 2, bh / 2 + 1), uid or "?", sz.id_px, "condensed", text_on(band_fill))
        _text(im, (w - 12 * k, (bh + h) / 2), "" if cv is None else str(cv), sz.cv_px, "bold", fg)
        return im
    w, h = sz.face_down
    im, d = _canvas(w, h)
    split = round(42 * k)
    _block_shape(d, (0, 0, w, h), body, band_fill, (k, k, split, h - k), in_square, k)
    sym = (46 * k, 8 * k, 58 * k, 17 * k) if kind != "leader" else (46 * k, 7 * k, 58 * k, 19 * k)
    draw_symbol(d, kind, sym, fg, SS)
    im = _reduce(im)
    _text(im, (split / 2, h / 2), uid or "?", sz.id_px, "condensed", text_on(band_fill))
    _text(im, (w - 9 * k, h / 2), "" if cv is None else str(cv), sz.cv_down_px, "bold", fg)
    return im


@lru_cache(maxsize=512)
def stack_sprite(army: str, count: int, disrupted: bool, in_square: bool, sz: Sizes = MAP) -> Image.Image:
    """``count`` hidden blocks of one army: a square (flat when laid down), shadows behind, the count."""
    body = army_colour(army)
    bw, bh = sz.stack_down if disrupted else sz.stack
    depth = min(STACK_DEPTH, max(0, count - 1))
    step = sz.step
    w, h = bw + depth * step, bh + depth * step
    im, d = _canvas(w, h)
    for i in range(depth, -1, -1):  # back to front
        x, y = i * step, (depth - i) * step
        fill = body if i == 0 else _shade(body, 0.8 if i == 1 else 0.65)
        _block_shape(d, (x, y, x + bw, y + bh), fill, None, None, in_square and i == 0, sz.k)
    im = _reduce(im)
    y = depth * step
    _text(
        im,
        (bw / 2, y + bh / 2),
        str(count),
        sz.count_down_px if disrupted else sz.count_px,
        "bold",
        text_on(body),
    )
    return im


def sprite(b: BlockLike, sz: Sizes = MAP) -> Image.Image:
    """The sprite of one block as the viewer sees it."""
    if b.known:
        return face_sprite(b.army, b.nation, b.guard, b.type, b.cv, b.id, b.disrupted, b.in_square, sz)
    return stack_sprite(b.army, 1, b.disrupted, b.in_square, sz)


SAMPLE_ARMIES = (
    ("french", "french", False),
    ("french", "french", True),
    ("british", "british", False),
    ("british", "dutch_belgian", False),
    ("prussian", "prussian", False),
)


def paste_samples(
    sample: Image.Image, x: int, y: int, right: int, line: int, stacks: tuple[int, ...], sz: Sizes = MAP
) -> tuple[int, int]:
    """Paste every kind of block face and stack onto ``sample`` (a picture whose colours make a fixed
    palette); returns where the next sprite would go."""
    for army, nation, guard in SAMPLE_ARMIES:
        for kind in ("infantry", "cavalry", "artillery", "leader"):
            for down in (False, True):
                for sq in (False, True):
                    s = face_sprite(army, nation, guard, kind, 3, "FR-28", down, sq, sz)
                    sample.paste(s, (x, y), s)
                    x += s.width + 2
                    if x > right:
                        x, y = 0, y + line
        for n in stacks:
            for down in (False, True):
                s = stack_sprite(army, n, down, False, sz)
                sample.paste(s, (x, y), s)
                x += s.width + 2
    return x, y
