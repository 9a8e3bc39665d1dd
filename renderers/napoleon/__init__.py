"""Napoleon's pictures: the campaign map (``map``), the battle board (``battle``) and the replay GIF
(``replay``), their fixed texts in English and Japanese (``text``, ``locale/…/pictures.po``).

``PICTURES`` gives the functions below for the module's picture kinds (``engine/napoleon/pictures.py``;
gathered by ``renderers/registry.py``): each takes what the engine's subject hook made of a role's view —
plain, picklable data, drawn in a worker process — and a locale.

>>> from engine.napoleon import Options, new_game
>>> from renderers.napoleon import render_map
>>> png = render_map(new_game(Options(setup="historical"), seed=1).view("public"))
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import battle as battle_r
from . import map as map_r
from .battle import render_battle, render_battles
from .map import render_map
from .replay import render_replay

__all__ = [
    "PICTURES",
    "battle_png",
    "map_png",
    "render_battle",
    "render_battles",
    "render_map",
    "render_replay",
    "replay_png",
    "warm",
]


def map_png(subject: Any, locale: str = "en") -> bytes:
    """The campaign map of a ``MapSubject`` (a role's view and its scenario)."""
    return render_map(subject.view, map_r._scenario(subject.scenario), locale)


def battle_png(subject: Any, locale: str = "en") -> bytes:
    """The board of a ``BattleSubject``'s battle as its role sees it; the map when the battle had ended by
    the picture's moment (the map then says what happened)."""
    if subject.battle is None:
        return map_png(subject.map, locale)
    return render_battle(subject.battle, subject.role, locale)


def replay_png(views: Sequence[Any], locale: str = "en") -> bytes:
    """The replay GIF of a game's public views (``engine.script.public_views`` made them from its script)."""
    return render_replay(views, None, locale)


# the functions that draw the module's picture kinds (engine/napoleon/pictures.py), gathered by
# renderers/registry.py
PICTURES = {"map": map_png, "battle": battle_png, "replay": replay_png}


def warm(locale: str = "en") -> None:
    """Draw the static layers and palettes of ``locale`` now (about a second), not on the first picture a
    player asks for: a picture worker calls it as it starts."""
    map_r.base_for(map_r._scenario(None), locale)
    battle_r._palette(locale)
