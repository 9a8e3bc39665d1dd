"""The fixed palette every game's map picture is mapped onto (each game's map in ``renderers/<game>/``):
indexed PNGs are a fraction of an RGB PNG's size and encoding time."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

PALETTE_SIZE = 255  # one index left free: the replay GIF marks unchanged pixels with it (transparent)


def fixed_palette(sample: Image.Image, keys: Sequence[tuple[int, int, int]]) -> Image.Image:
    """255 colours: ``keys`` exactly, then the median cut of ``sample`` for the rest (one index left free)."""
    n = PALETTE_SIZE - len(keys)
    adaptive = sample.quantize(colors=n, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    flat = [v for c in keys for v in c] + (adaptive.getpalette() or [])[: 3 * n]
    pal = Image.new("P", (1, 1))
    pal.putpalette(flat)
    return pal
