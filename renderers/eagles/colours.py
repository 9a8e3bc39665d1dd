"""Eagles of the Empire's colours: the two sides' counters (French blue, Allied red, the pair the other maps
use: apart for deuteranopes, protanopes and tritanopes, ``tests/renderers/test_eagles_pictures.py`` checks
with ``renderers.colours.simulate``), the ground by terrain and elevation (the ridges darker than the
valley: told by lightness, not hue), water, roads and trails, the marks of command ranges, of line of sight
and of the last activation. The colours every game shares are ``renderers.colours``."""

from __future__ import annotations

from ..colours import BATTLE, INK, INK_SOFT, PANEL_BG, PANEL_EDGE, PAPER, RGB, TITLE_BG, TITLE_TEXT

FRENCH: RGB = (34, 84, 196)
ALLIES: RGB = (196, 52, 36)
SIDE: dict[str, RGB] = {"french": FRENCH, "allies": ALLIES}
WHITE: RGB = (255, 255, 255)
GOLD: RGB = (232, 190, 40)

# the ground of each terrain in the valley (elevation 0) and on the ridges (+1)
GROUND: dict[tuple[str, int], RGB] = {
    ("clear", 0): (242, 238, 214),
    ("clear", 1): (214, 198, 158),
    ("woods", 0): (168, 200, 140),
    ("woods", 1): (128, 160, 104),
    ("marsh", 0): (188, 214, 214),
    ("marsh", 1): (160, 186, 186),
}
BUILT: RGB = (78, 66, 58)  # farm, hamlet and village buildings
TREE: RGB = (74, 110, 62)
BORDER: RGB = (120, 108, 90)
SLOPE: RGB = (120, 92, 60)  # the gentle slopes' hachures, on the high side
WATER: RGB = (86, 168, 226)
ROAD: RGB = (122, 76, 40)
ROAD_CORE: RGB = (250, 232, 190)
TRAIL: RGB = (122, 76, 40)
LOS_DOT: RGB = (33, 30, 28)
NOW: RGB = BATTLE  # the last activation's areas
RANGE: RGB = (255, 212, 0)  # a leader's command range (hatched as well as tinted)
SIGHT: RGB = (20, 20, 20)  # the line of sight
BLOCKED: RGB = (255, 0, 170)  # what blocks it (a ring and a cross: a shape as well as a colour)
CLEAR_SIGHT: RGB = (20, 130, 255)

__all__ = [
    "ALLIES", "BLOCKED", "BORDER", "BUILT", "CLEAR_SIGHT", "FRENCH", "GOLD", "GROUND", "INK", "INK_SOFT",
    "LOS_DOT", "NOW", "PANEL_BG", "PANEL_EDGE", "PAPER", "RANGE", "RGB", "ROAD", "ROAD_CORE", "SIDE", "SIGHT",
    "SLOPE", "TITLE_BG", "TITLE_TEXT", "TRAIL", "TREE", "WATER", "WHITE",
]  # fmt: skip
