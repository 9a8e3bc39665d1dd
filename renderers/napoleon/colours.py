"""Napoleon's colours: the armies' (following the game's blocks: French blue, Imperial Guard blue and green,
British red, Dutch-Belgian red and blue, Prussian dark grey), picked so that they stay apart for
deuteranopes, protanopes and tritanopes as well (``tests/napoleon/test_render.py`` checks the distances with
``renderers.colours.simulate``), and the map's own. The colours every game shares are ``renderers.colours``.
"""

from __future__ import annotations

from ..colours import ARMY_TEXT, RGB

# --- armies and nations ------------------------------------------------------------------------------
FRENCH: RGB = (34, 84, 196)
GUARD_GREEN: RGB = (40, 180, 150)
BRITISH: RGB = (226, 58, 36)
PRUSSIAN: RGB = (40, 40, 44)

ARMY: dict[str, RGB] = {"french": FRENCH, "british": BRITISH, "prussian": PRUSSIAN}
DUTCH_BAND = FRENCH  # Dutch-Belgian blocks: red with a blue band
GUARD_BAND = GUARD_GREEN  # Guard blocks: blue with a green band
# the armies' colours, in the order the fixed palettes of the maps and boards list them
ARMY_COLOURS = (FRENCH, GUARD_GREEN, BRITISH, PRUSSIAN, ARMY_TEXT)

# --- map ---------------------------------------------------------------------------------------------
FRANCE_TINT: RGB = (232, 222, 204)
ROAD_MAJOR: RGB = (150, 96, 52)
ROAD_MINOR: RGB = (160, 128, 96)
RIVER: RGB = (110, 160, 205)
BORDER: RGB = (150, 120, 160)
DEPLOY: RGB = (120, 150, 120)
NIGHT_BG: RGB = (20, 24, 52)
