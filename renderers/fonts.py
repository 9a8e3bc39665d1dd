"""Fonts shipped with the package (``renderers/fonts/``), loaded by path: never the machine's fonts.

DejaVu Sans (Bitstream Vera licence, ``fonts/LICENSE-DejaVu.txt``) covers Latin, Greek and Cyrillic. A
second family for Japanese (issue 5/5) slots in as another entry of ``FAMILIES``: ``font(size, script="ja")``.

Every size asked for is recorded in ``SIZES_USED`` so that a test can check that no text is drawn under
``MIN_TEXT_PX`` (pictures are posted at the size they are drawn: no scaling afterwards).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
MIN_TEXT_PX = 12  # phone legibility (issue 3/5): no text under 12 px at the size posted

# script -> weight -> file name in FONT_DIR
FAMILIES: dict[str, dict[str, str]] = {
    "latin": {
        "regular": "DejaVuSans.ttf",
        "bold": "DejaVuSans-Bold.ttf",
        "condensed": "DejaVuSansCondensed-Bold.ttf",
    },
}

SIZES_USED: set[int] = set()

Font = ImageFont.FreeTypeFont


@lru_cache(maxsize=128)
def _load(path: str, size: int) -> Font:
    return ImageFont.truetype(path, size)


def font_path(weight: str = "regular", script: str = "latin") -> Path:
    family = FAMILIES.get(script, FAMILIES["latin"])
    return FONT_DIR / family.get(weight, family["regular"])


def font(size: int, weight: str = "regular", script: str = "latin") -> Font:
    """The shipped font at ``size`` pixels (``weight``: regular, bold or condensed)."""
    SIZES_USED.add(size)
    return _load(str(font_path(weight, script)), size)
