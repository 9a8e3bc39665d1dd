"""What the games' check pictures share (``python -m data.<game>.check_picture OUT.png``: a drawing of a
game's data for the people editing it, not the game's picture): the fonts, the margin, the title line and
the command line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONTS = Path(__file__).resolve().parent.parent / "renderers" / "fonts"
MARGIN = 30  # px around the map; the title stands in it


def font(size: int, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONTS / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")), size)


def title(d: ImageDraw.ImageDraw, text: str, face: ImageFont.FreeTypeFont) -> None:
    d.text((MARGIN, 8), text, fill="black", font=face)


def main(argv: list[str], default: str, draw: Callable[[], Image.Image]) -> int:
    """Save the picture ``draw`` makes as the file ``argv`` names (``default`` where it names none), and
    print its name."""
    out = Path(argv[0] if argv else default)
    draw().save(out)
    print(out)
    return 0
