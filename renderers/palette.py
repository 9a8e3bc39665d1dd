"""The fixed palette every game's map picture is mapped onto (each game's map in ``renderers/<game>/``):
indexed PNGs are a fraction of an RGB PNG's size and encoding time. A map keeps its static layer drawn once
and mapped once (``Static``); a picture copies it and maps only the parts it drew anew (``mapped``)."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, Self, TypeVar

from PIL import Image

from .geometry import Box

PALETTE_SIZE = 255  # one index left free: the replay GIF marks unchanged pixels with it (transparent)
PNG_COMPRESS = 3  # measured (bench/render.py --levels): level 3 is the knee of time against size
Part = tuple[tuple[int, int], Image.Image]  # where, and a part of a picture already on the fixed palette


def fixed_palette(sample: Image.Image, keys: Sequence[tuple[int, int, int]]) -> Image.Image:
    """255 colours: ``keys`` exactly, then the median cut of ``sample`` for the rest (one index left free)."""
    n = PALETTE_SIZE - len(keys)
    adaptive = sample.quantize(colors=n, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    flat = [v for c in keys for v in c] + (adaptive.getpalette() or [])[: 3 * n]
    pal = Image.new("P", (1, 1))
    pal.putpalette(flat)
    return pal


class OnPalette(Protocol):
    """A map's static layer mapped onto its fixed palette (a game's ``Base``)."""

    @property
    def palette(self) -> Image.Image: ...

    @property
    def indexed(self) -> Image.Image: ...


@dataclass
class Static:
    """A map's static layer: ``image`` (RGB, everything that never changes), ``palette`` (the fixed palette
    every picture of the map is mapped onto) and ``indexed`` (``image`` mapped onto ``palette``)."""

    image: Image.Image
    palette: Image.Image
    indexed: Image.Image

    @classmethod
    def of(cls, image: Image.Image, pal: Image.Image) -> Self:
        """``image`` with ``pal``, mapped onto it once."""
        return cls(image, pal, image.quantize(palette=pal, dither=Image.Dither.NONE))


L = TypeVar("L", bound=Static)


class Layers(Generic[L]):
    """A map's static layer in each locale, drawn on first use and kept (``get``): ``draw(locale)`` draws it
    (RGB), ``palette_of(layer)`` makes the fixed palette, once, from the English layer (a map differs between
    languages only in its texts), and ``make(layer, palette)`` keeps both."""

    def __init__(
        self,
        draw: Callable[[str], Image.Image],
        palette_of: Callable[[Image.Image], Image.Image],
        make: Callable[[Image.Image, Image.Image], L],
    ) -> None:
        self._draw, self._palette_of, self._make = draw, palette_of, make
        self._kept: dict[str, L] = {}

    def get(self, locale: str) -> L:
        hit = self._kept.get(locale)
        if hit is not None:
            return hit
        im = self._draw(locale)
        pal = self._palette_of(im) if locale == "en" else self.get("en").palette
        layer = self._make(im, pal)
        self._kept[locale] = layer
        return layer

    def clear(self) -> None:
        """Forget every layer (each is drawn again when next asked for)."""
        self._kept.clear()


def mapped(im: Image.Image, base: OnPalette, dirty: Iterable[Box], parts: Iterable[Part] = ()) -> Image.Image:
    """The picture ``im`` (RGB, drawn on a copy of ``base.image``) on the fixed palette: ``base.indexed``
    with ``parts`` pasted as they are, then each box of ``dirty`` (and 2 px round it: its antialiased
    edges) mapped anew."""
    out = base.indexed.copy()
    for xy, part in parts:
        out.paste(part, xy)
    w, h = im.size
    for box in dirty:
        b = (
            max(0, int(box[0]) - 2),
            max(0, int(box[1]) - 2),
            min(w, int(box[2]) + 3),
            min(h, int(box[3]) + 3),
        )
        if b[2] > b[0] and b[3] > b[1]:
            out.paste(im.crop(b).quantize(palette=base.palette, dither=Image.Dither.NONE), b[:2])
    return out


def encode_png(im: Image.Image, compress_level: int = PNG_COMPRESS) -> bytes:
    buf = io.BytesIO()
    im.save(buf, "PNG", compress_level=compress_level)
    return buf.getvalue()
