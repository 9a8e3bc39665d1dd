"""Fonts shipped with the package (``renderers/fonts/``), loaded by path: never the machine's fonts.

DejaVu Sans (Bitstream Vera licence, ``fonts/LICENSE-DejaVu.txt``) covers Latin, Greek and Cyrillic.
Japanese is drawn in IPAexGothic (``fonts/ipaexg.ttf``, IPA Font License v1.0,
``fonts/IPA_Font_License_Agreement_v1.0.txt``, shipped unmodified with its readme):
``font(size, script="ja")``.
It covers Latin too, so a Japanese picture draws all its labels in it. It has one weight: "bold" and
"condensed" are the same file, and :func:`draw_text` draws "bold" with a thin stroke of the text's own colour
(``FAUX_BOLD``; Pillow 11 or newer, which takes fractional stroke widths). The few signs it lacks
(``FALLBACK``) are drawn in DejaVu by :func:`draw_text`.

Every size asked for is recorded in ``SIZES_USED`` so that a test can check that no text is drawn under
``MIN_TEXT_PX`` (pictures are posted at the size they are drawn: no scaling afterwards).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import PIL
from PIL import ImageDraw, ImageFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
MIN_TEXT_PX = 12  # phone legibility: no text under 12 px at the size posted

# script -> weight -> file name in FONT_DIR
FAMILIES: dict[str, dict[str, str]] = {
    "latin": {
        "regular": "DejaVuSans.ttf",
        "bold": "DejaVuSans-Bold.ttf",
        "condensed": "DejaVuSansCondensed-Bold.ttf",
    },
    "ja": {
        "regular": "ipaexg.ttf",
        "bold": "ipaexg.ttf",
        "condensed": "ipaexg.ttf",
    },
}

# signs a family lacks, drawn in the Latin family instead (IPAexGothic has no moon and no crossed swords)
FALLBACK: dict[str, frozenset[str]] = {"ja": frozenset("☾⚔")}
# families with a single weight: "bold" is drawn with a stroke of this many px per px of size
FAUX_BOLD: dict[str, float] = {"ja": 0.024}
_FLOAT_STROKE = tuple(int(p) for p in PIL.__version__.split(".")[:2]) >= (11, 0)

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


def script_of(locale: str) -> str:
    """The font family a picture in ``locale`` draws its labels in."""
    return "ja" if locale == "ja" else "latin"


def runs(text: str, size: int, weight: str = "regular", script: str = "latin") -> list[tuple[str, Font]]:
    """``text`` cut into pieces, each with the font that has its glyphs (``FALLBACK`` signs in Latin)."""
    main = font(size, weight, script)
    missing = FALLBACK.get(script)
    if not missing or not any(ch in missing for ch in text):
        return [(text, main)]
    latin = font(size, weight, "latin")
    out: list[tuple[str, Font]] = []
    for ch in text:
        f = latin if ch in missing else main
        if out and out[-1][1] is f:
            out[-1] = (out[-1][0] + ch, f)
        else:
            out.append((ch, f))
    return out


@lru_cache(maxsize=4096)
def text_length(text: str, size: int, weight: str = "regular", script: str = "latin") -> float:
    """The advance width of ``text`` as :func:`draw_text` draws it (kept: a map measures the same labels
    again and again; the same widths, so the same pictures)."""
    return sum(f.getlength(piece) for piece, f in runs(text, size, weight, script))


def faux_bold(size: int, weight: str = "regular", script: str = "latin") -> float:
    """The stroke that makes ``weight`` look bold in a family with a single weight (0: none needed)."""
    k = FAUX_BOLD.get(script)
    if not k or weight == "regular" or not _FLOAT_STROKE:
        return 0
    return round(k * size, 2)


def draw_text(
    d: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    weight: str = "regular",
    script: str = "latin",
    anchor: str | None = None,
    **kw: Any,  # passed on to ``ImageDraw.text`` as given (fill, stroke_width, ...): each its own type there
) -> None:
    """``d.text`` in the family of ``script``, falling back to Latin for the signs it lacks, bold drawn with
    a stroke where the family has no bold. In Latin it is exactly
    ``d.text(xy, text, font=font(size, weight), anchor=anchor, ...)``."""
    stroke = faux_bold(size, weight, script)
    if stroke and "stroke_width" not in kw:
        kw = {**kw, "stroke_width": stroke, "stroke_fill": kw.get("fill")}
    pieces = runs(text, size, weight, script)
    if len(pieces) == 1:
        d.text(xy, text, font=pieces[0][1], anchor=anchor, **kw)
        return
    h, v = (anchor or "la")[0], (anchor or "la")[1]
    total = sum(f.getlength(piece) for piece, f in pieces)
    x = xy[0] - (total / 2 if h == "m" else total if h == "r" else 0)
    for piece, f in pieces:
        d.text((x, xy[1]), piece, font=f, anchor="l" + v, **kw)
        x += f.getlength(piece)


def wrap_lines(text: str, width: float, size: int, script: str) -> list[str]:
    """``text`` in lines no wider than ``width`` (by words in English, by characters in Japanese)."""
    units = list(text) if script == "ja" else text.split(" ")
    sep = "" if script == "ja" else " "
    lines: list[str] = []
    cur = ""
    for u in units:
        cand = f"{cur}{sep}{u}" if cur else u
        if cur and text_length(cand, size, "regular", script) > width:
            lines.append(cur)
            cur = u
        else:
            cur = cand
    if cur:
        lines.append(cur)
    return lines
