"""Napoleon's Triumph's bot players (``players.py``): the heuristic player, the module's bot player, and a
random one; what they know (``knowledge.py``), their commands (``commands.py``) and fights (``fight.py``)."""

from .players import TriumphPlayer, TriumphRandomPlayer

__all__ = ["TriumphPlayer", "TriumphRandomPlayer"]
