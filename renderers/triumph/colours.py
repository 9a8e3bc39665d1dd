"""Napoleon's Triumph's colours: the two sides' blocks (French blue, Allied red: apart for deuteranopes,
protanopes and tritanopes, ``tests/renderers/test_triumph_pictures.py`` checks with
``renderers.colours.simulate``), the ground of each kind of locale, water, roads and the objective stars. The
colours every game shares are ``renderers.colours``."""

from __future__ import annotations

from ..colours import BATTLE, INK, INK_SOFT, PANEL_BG, PANEL_EDGE, RGB, TITLE_BG, TITLE_TEXT

FRENCH: RGB = (34, 84, 196)
ALLIES: RGB = (196, 52, 36)
SIDE: dict[str, RGB] = {"french": FRENCH, "allies": ALLIES}
GUARD: RGB = (232, 190, 40)  # the Guard's band (15): a shape as well as a colour
WHITE: RGB = (255, 255, 255)

KIND: dict[str, RGB] = {
    "village": (238, 226, 206),
    "castle": (230, 214, 196),
    "open": (236, 234, 204),
    "hill": (202, 214, 160),
    "wood": (150, 184, 128),
    "marsh": (196, 216, 214),
}
BORDER: RGB = (170, 160, 140)
APPROACH: RGB = (92, 70, 52)
WATER: RGB = (120, 168, 214)
POND: RGB = (150, 190, 226)
ROAD_MAIN: RGB = (150, 96, 52)
ROAD_CORE: RGB = (240, 214, 170)
ROAD_LOCAL: RGB = (164, 124, 88)
VILLAGE: RGB = (70, 62, 56)
STAR: dict[str, RGB] = {
    "blue": (40, 80, 220),
    "green": (30, 150, 60),
    "red": (210, 40, 40),
    "black": (20, 20, 20),
}
NIGHT: RGB = (24, 30, 64)
NIGHT_TEXT: RGB = (236, 232, 210)
NOW: RGB = BATTLE
PAPER: RGB = (246, 241, 226)

__all__ = [
    "ALLIES", "APPROACH", "BATTLE", "BORDER", "FRENCH", "GUARD", "INK", "INK_SOFT", "KIND", "NIGHT",
    "NIGHT_TEXT", "NOW", "PANEL_BG", "PANEL_EDGE", "PAPER", "POND", "RGB", "ROAD_CORE", "ROAD_LOCAL",
    "ROAD_MAIN", "SIDE", "STAR", "TITLE_BG", "TITLE_TEXT", "VILLAGE", "WATER", "WHITE",
]  # fmt: skip
