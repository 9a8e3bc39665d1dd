"""Pictures of Eagles of the Empire on our Quatre Bras area map: the map (public: open information, every
role sees the whole game), a line of sight between two areas and a crop round the last activation, drawn
from a role's view as PNG bytes. What each shows: ``renderers/eagles/pictures.py``.
"""

from __future__ import annotations

from .base import warm
from .pictures import action_image, draw_action, draw_los, draw_map, los_image, map_image

# what draws each of the module's picture kinds from its subject (a view, or a mapping holding the view and
# the picture's choices: ``command``, ``from``/``to``/``ok``/``why``/``blocker``), gathered by
# renderers/registry.py
PICTURES = {"map": draw_map, "los": draw_los, "action": draw_action, "range": draw_map}  # range: 9.2

__all__ = [
    "PICTURES", "action_image", "draw_action", "draw_los", "draw_map", "los_image", "map_image", "warm",
]  # fmt: skip
