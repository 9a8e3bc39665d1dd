"""Napoleon's block sprites: a face (unit id, type symbol, current cv), a hidden stack (army colour and a
count), upright or laid down (disrupted, 7.4), framed when in square (8.5); the Guard's and the
Dutch-Belgians' two colours. Drawn from the shared parts of :mod:`renderers.blocks`, once each and cached.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from PIL import Image

from .. import colours as C
from ..blocks import SS, block_shape, canvas, draw_symbol, key_symbol, reduce, shade, text, text_on
from . import colours as NC

__all__ = [
    "BOARD",
    "FACE",
    "FACE_DOWN",
    "MAP",
    "SS",
    "BlockLike",
    "Sizes",
    "draw_symbol",
    "face_sprite",
    "key_symbol",
    "paste_samples",
    "sprite",
    "stack_sprite",
]


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
    return NC.ARMY.get(army, C.INK_SOFT)


def band_colour(army: str, nation: str | None, guard: bool) -> C.RGB | None:
    """The second colour of a two-colour block (Guard: green; Dutch-Belgian: blue), or None."""
    if guard:
        return NC.GUARD_BAND
    if nation == "dutch_belgian":
        return NC.DUTCH_BAND
    return None


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
    band_fill = band if band is not None else shade(body, 0.78)
    fg = text_on(body)
    k = sz.k
    if not disrupted:
        w, h = sz.face
        bh = round(16 * k)
        im, d = canvas(w, h)
        block_shape(d, (0, 0, w, h), body, band_fill, (k, k, w - k, bh), in_square, k)
        sym = (6 * k, 22 * k, 22 * k, 34 * k) if kind != "leader" else (7 * k, 22 * k, 21 * k, 35 * k)
        draw_symbol(d, kind, sym, fg, SS)
        im = reduce(im)
        text(im, (w / 2, bh / 2 + 1), uid or "?", sz.id_px, "condensed", text_on(band_fill))
        text(im, (w - 12 * k, (bh + h) / 2), "" if cv is None else str(cv), sz.cv_px, "bold", fg)
        return im
    w, h = sz.face_down
    im, d = canvas(w, h)
    split = round(42 * k)
    block_shape(d, (0, 0, w, h), body, band_fill, (k, k, split, h - k), in_square, k)
    sym = (46 * k, 8 * k, 58 * k, 17 * k) if kind != "leader" else (46 * k, 7 * k, 58 * k, 19 * k)
    draw_symbol(d, kind, sym, fg, SS)
    im = reduce(im)
    text(im, (split / 2, h / 2), uid or "?", sz.id_px, "condensed", text_on(band_fill))
    text(im, (w - 9 * k, h / 2), "" if cv is None else str(cv), sz.cv_down_px, "bold", fg)
    return im


@lru_cache(maxsize=512)
def stack_sprite(army: str, count: int, disrupted: bool, in_square: bool, sz: Sizes = MAP) -> Image.Image:
    """``count`` hidden blocks of one army: a square (flat when laid down), shadows behind, the count."""
    body = army_colour(army)
    bw, bh = sz.stack_down if disrupted else sz.stack
    depth = min(STACK_DEPTH, max(0, count - 1))
    step = sz.step
    w, h = bw + depth * step, bh + depth * step
    im, d = canvas(w, h)
    for i in range(depth, -1, -1):  # back to front
        x, y = i * step, (depth - i) * step
        fill = body if i == 0 else shade(body, 0.8 if i == 1 else 0.65)
        block_shape(d, (x, y, x + bw, y + bh), fill, None, None, in_square and i == 0, sz.k)
    im = reduce(im)
    y = depth * step
    text(
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
