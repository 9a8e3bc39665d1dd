"""Each game's bot players: module id -> the player class (made anew for each game, so that it may keep
its plans from one turn to the next), and the random player the AI bench may set against it.

Each game's package in ``ai/`` declares its player; this file gathers them, as ``engine/modules.py`` gathers
the game modules, so that the import graph sees every edge (``tests/platform/test_imports.py``). A module
outside the repository's games (tests' Dash) adds its own with ``register``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import eagles, liberty, napoleon, triumph
from .player import Player

_PLAYERS: dict[str, Callable[[], Player[Any, Any]]] = {
    "napoleon": napoleon.HeuristicPlayer,
    "liberty": liberty.LibertyHeuristicPlayer,
}
_RANDOM: dict[str, Callable[[], Player[Any, Any]]] = {
    "napoleon": napoleon.RandomPlayer,
    "liberty": liberty.LibertyRandomPlayer,
}


def register(
    module_id: str,
    player: Callable[[], Player[Any, Any]],
    random: Callable[[], Player[Any, Any]] | None = None,
) -> None:
    """Add (or replace) the bot player of module ``module_id`` (and its random player)."""
    _PLAYERS[module_id] = player
    if random is not None:
        _RANDOM[module_id] = random


register("triumph", triumph.TriumphPlayer, triumph.TriumphRandomPlayer)
register("eagles", eagles.EaglesPlayer, eagles.EaglesRandomPlayer)


def has_player(module_id: str) -> bool:
    return module_id in _PLAYERS


def new_player(module_id: str) -> Player[Any, Any]:
    """A new bot player for a game of module ``module_id``; a LookupError when the module has none."""
    try:
        make = _PLAYERS[module_id]
    except KeyError:
        raise LookupError(f"no bot player for {module_id!r} (registered: {sorted(_PLAYERS)})") from None
    return make()


def new_random_player(module_id: str) -> Player[Any, Any] | None:
    """A random player of module ``module_id`` deciding from its view (the AI bench's opponent), or None."""
    make = _RANDOM.get(module_id)
    return make() if make is not None else None
