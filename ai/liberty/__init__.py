"""Liberty's bot players (``players.py``): the heuristic player, the module's bot player, and a random one."""

from .players import LibertyHeuristicPlayer, LibertyRandomPlayer

__all__ = ["LibertyHeuristicPlayer", "LibertyRandomPlayer"]
