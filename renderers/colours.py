"""Colours of the pictures, and a colour-vision-deficiency simulation to check them (Machado et al. 2009).

Army colours follow the game's blocks (French blue, Imperial Guard blue and green, British red,
Dutch-Belgian red and blue, Prussian dark grey), picked so that they stay apart for deuteranopes,
protanopes and tritanopes as well (``tests/test_render.py`` checks the distances).
"""

from __future__ import annotations

RGB = tuple[int, int, int]

# --- armies and nations ------------------------------------------------------------------------------
FRENCH: RGB = (34, 84, 196)
GUARD_GREEN: RGB = (40, 180, 150)
BRITISH: RGB = (226, 58, 36)
PRUSSIAN: RGB = (40, 40, 44)

ARMY: dict[str, RGB] = {"french": FRENCH, "british": BRITISH, "prussian": PRUSSIAN}
DUTCH_BAND = FRENCH  # Dutch-Belgian blocks: red with a blue band
GUARD_BAND = GUARD_GREEN  # Guard blocks: blue with a green band
ARMY_TEXT: RGB = (255, 255, 255)
# the armies' colours, in the order the fixed palettes of the maps and boards list them
ARMY_COLOURS = (FRENCH, GUARD_GREEN, BRITISH, PRUSSIAN, ARMY_TEXT)

# --- map ---------------------------------------------------------------------------------------------
PAPER: RGB = (240, 233, 214)
FRANCE_TINT: RGB = (232, 222, 204)
INK: RGB = (33, 30, 28)
INK_SOFT: RGB = (96, 88, 78)
HALO: RGB = (250, 246, 236)
ROAD_MAJOR: RGB = (150, 96, 52)
ROAD_MINOR: RGB = (160, 128, 96)
RIVER: RGB = (110, 160, 205)
BORDER: RGB = (150, 120, 160)
DEPLOY: RGB = (120, 150, 120)
TOWN_FILL: RGB = (255, 255, 255)
SQUARE_MARK: RGB = (255, 212, 0)
BATTLE: RGB = (255, 120, 0)
TITLE_BG: RGB = (38, 42, 56)
TITLE_TEXT: RGB = (245, 242, 232)
NIGHT_BG: RGB = (20, 24, 52)
PANEL_BG: RGB = (250, 247, 238)
PANEL_EDGE: RGB = (120, 110, 96)

# --- colour-vision-deficiency simulation ----------------------------------------------------------------
# Machado, Oliveira & Fernandes (2009), severity 1.0, applied to linear RGB.
CVD: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def _to_linear(c: float) -> float:
    c /= 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _to_srgb(c: float) -> int:
    c = min(1.0, max(0.0, c))
    v = 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055
    return round(v * 255)


def simulate(rgb: RGB, kind: str) -> RGB:
    """How ``rgb`` looks to a viewer with the colour-vision deficiency ``kind`` (a key of ``CVD``)."""
    lin = [_to_linear(c) for c in rgb]
    m = CVD[kind]
    out = [sum(m[i][j] * lin[j] for j in range(3)) for i in range(3)]
    return (_to_srgb(out[0]), _to_srgb(out[1]), _to_srgb(out[2]))


def lab(rgb: RGB) -> tuple[float, float, float]:
    r, g, b = (_to_linear(c) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e(a: RGB, b: RGB) -> float:
    """CIE76 colour difference (about 2.3 is a just-noticeable difference)."""
    la, lb = lab(a), lab(b)
    return float(sum((p - q) ** 2 for p, q in zip(la, lb, strict=True)) ** 0.5)
