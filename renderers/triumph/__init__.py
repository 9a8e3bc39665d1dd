"""Pictures of Simmons Games' *Napoleon's Triumph* on our Austerlitz map: the locale map (public, and each
side's with its own faces) and the attack under way, drawn from a role's view as PNG bytes. What each shows
and how it is made fast: ``docs/pictures.md``, "Napoleon's Triumph".

>>> from engine.triumph.game import Game
>>> draw_map(Game.new().view("public", events=False))[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

from .attack import attack_image, draw_attack
from .base import warm
from .pictures import draw_map, map_image

# what draws each of the module's picture kinds from a role's view (engine/triumph/module.py), gathered by
# renderers/registry.py
PICTURES = {"map": draw_map, "attack": draw_attack}

__all__ = ["PICTURES", "attack_image", "draw_attack", "draw_map", "map_image", "warm"]
