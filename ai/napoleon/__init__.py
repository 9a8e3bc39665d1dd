"""Napoleon's bot players, from a role's view and legal orders only (``docs/ai.md``): the heuristic player
(the module's bot player) and the random player it is measured against.

>>> import random
>>> from engine.napoleon import new_game, Options
>>> from ai import play_turn
>>> from ai.napoleon import HeuristicPlayer
>>> game = new_game(Options(setup="historical"), seed=1)
>>> orders = play_turn(game, "french", HeuristicPlayer(), random.Random(1))
>>> orders[-1]
End(battle=None)
>>> str(orders[-1])
'/end'
"""

from .heuristic import HeuristicPlayer
from .random_player import RandomPlayer

__all__ = ["HeuristicPlayer", "RandomPlayer"]
