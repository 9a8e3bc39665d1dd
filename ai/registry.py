"""Each game's bot player: module id -> the player class (made anew for each game, so that it may keep
its plans from one turn to the next).

Each game's package in ``ai/`` declares its player; this file gathers them, as ``engine/modules.py`` gathers
the game modules, so that the import graph sees every edge (``tests/test_imports.py``). A module outside
the repository's games (tests' Dash) adds its own with ``register``.
"""

from __future__ import annotations

from collections.abc import Callable

from .heuristic import HeuristicPlayer
from .liberty import LibertyHeuristicPlayer
from .player import Player

_PLAYERS: dict[str, Callable[[], Player]] = {"napoleon": HeuristicPlayer, "liberty": LibertyHeuristicPlayer}


def register(module_id: str, player: Callable[[], Player]) -> None:
    """Add (or replace) the bot player of module ``module_id``."""
    _PLAYERS[module_id] = player


def has_player(module_id: str) -> bool:
    return module_id in _PLAYERS


def new_player(module_id: str) -> Player:
    """A new bot player for a game of module ``module_id``; a LookupError when the module has none."""
    try:
        make = _PLAYERS[module_id]
    except KeyError:
        raise LookupError(f"no bot player for {module_id!r} (registered: {sorted(_PLAYERS)})") from None
    return make()
