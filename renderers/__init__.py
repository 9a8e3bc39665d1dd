"""Pictures drawn from views with Pillow: the campaign map, the battle board and the replay (issue 3/5).

Renderers take view types (``engine.napoleon.views.View``, ``BattleView``) and return image bytes; they
hold no game logic and never see the engine's state. Every picture takes ``locale`` (``en`` or ``ja``): its
fixed texts come from :mod:`renderers.text` in that language. What each picture shows: docs/pictures.md.

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
from .replay import render_replay

if TYPE_CHECKING:
    from data import Scenario

__all__ = ["render_battle", "render_battles", "render_map", "render_replay", "warm"]


def warm(scenario: Scenario | None = None, locales: tuple[str, ...] = ("en", "ja")) -> None:
    """Draw the static layers and palettes of ``locales`` now (about a second), not on the first picture a
    player asks for: call it once at start-up."""
    from . import battle as battle_r
    from . import map as map_r

    sc = map_r._scenario(scenario)
    for loc in locales:
        map_r.base_for(sc, loc)
        battle_r._palette(loc)
