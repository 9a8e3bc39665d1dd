"""Pictures drawn from views with Pillow: the campaign map, the battle board and the replay (issue 3/5).

Renderers take view types (``engine.napoleon.views.View``, ``BattleView``) and return image bytes; they
hold no game logic and never see the engine's state. What each picture shows: docs/pictures.md.

>>> from engine import Options, new_game
>>> from renderers import render_map
>>> png = render_map(new_game(Options(setup="historical"), seed=1).view("public"))
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .battle import render_battle, render_battles
from .map import render_map
from .replay import public_views, render_replay

if TYPE_CHECKING:
    from data import Scenario

__all__ = ["public_views", "render_battle", "render_battles", "render_map", "render_replay", "warm"]


def warm(scenario: Scenario | None = None) -> None:
    """Draw the static layers and palettes now (about a second), not on the first picture a player asks
    for: call it once at start-up."""
    from . import battle as battle_r
    from . import map as map_r

    map_r.base_for(map_r._scenario(scenario))
    battle_r._palette()
