"""Bot players: any seat of a game can be played by a bot that decides from its role's view and legal
orders only (issue 6, item 1).

>>> import random
>>> from engine.napoleon import new_game, Options
>>> from ai import HeuristicPlayer, play_turn
>>> game = new_game(Options(setup="historical"), seed=1)
>>> orders = play_turn(game, "french", HeuristicPlayer(), random.Random(1))
>>> orders[-1]
End(battle=None)
>>> str(orders[-1])
'/end'
"""

from .heuristic import HeuristicPlayer
from .player import Player, PlayStats, fallback_order, play_one, play_turn
from .random_player import RandomPlayer

__all__ = [
    "HeuristicPlayer",
    "PlayStats",
    "Player",
    "RandomPlayer",
    "fallback_order",
    "play_one",
    "play_turn",
]
