"""Pictures of Columbia Games' *Liberty 1775–83*: the hex map (public, and each side's with its own faces),
the battle in progress and a player's hand of cards (DM only), as PNG bytes.

The input is the small frozen dataclasses of :mod:`renderers.liberty.model` (an engine view is adapted to them
in a few lines); the scenario's data comes from ``data.liberty``. Same input, same bytes. What each picture
shows and how it is made fast: ``docs/pictures.md``, "Liberty".

>>> from renderers.liberty import draw_map
>>> from renderers.liberty.samples import setup_picture
>>> draw_map(setup_picture("public"))[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

from .from_view import battle_png, hand_png, map_png
from .model import BattlePicture, Block, BlockFace, HandCard, HandPicture, MapPicture
from .pictures import card_layout, draw_battle, draw_hand, draw_map, warm

# what draws each of the module's picture kinds from a role's view (engine/liberty/module.py), gathered by
# renderers/registry.py
PICTURES = {"map": map_png, "battle": battle_png, "hand": hand_png}

__all__ = [
    "PICTURES",
    "BattlePicture",
    "Block",
    "BlockFace",
    "HandCard",
    "HandPicture",
    "MapPicture",
    "card_layout",
    "draw_battle",
    "draw_hand",
    "draw_map",
    "warm",
]
