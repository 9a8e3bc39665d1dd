"""The colours every game's pictures share (ink, paper, panels, titles, marks), and a colour-vision-deficiency
simulation to check a game's own colours with (Machado et al. 2009). Each game's colours (its armies, its
map) are in its own folder (``renderers/<game>/``), checked with this simulation by its tests.
"""

from __future__ import annotations

RGB = tuple[int, int, int]

# --- blocks and marks --------------------------------------------------------------------------------------
ARMY_TEXT: RGB = (255, 255, 255)  # text on a block's colour (``blocks.text_on``)
SQUARE_MARK: RGB = (255, 212, 0)
BATTLE: RGB = (255, 120, 0)

# --- paper, ink and panels -----------------------------------------------------------------------------
PAPER: RGB = (240, 233, 214)
INK: RGB = (33, 30, 28)
INK_SOFT: RGB = (96, 88, 78)
HALO: RGB = (250, 246, 236)
TOWN_FILL: RGB = (255, 255, 255)
TITLE_BG: RGB = (38, 42, 56)
TITLE_TEXT: RGB = (245, 242, 232)
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
