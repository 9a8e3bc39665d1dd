"""Eagles of the Empire's bot players (``players.py``): the module's bot player for either side and a
random one; what they know (``knowledge.py``), the value of a position (``plan.py``) and of a fight
(``fight.py``)."""

from .players import EaglesPlayer, EaglesRandomPlayer

__all__ = ["EaglesPlayer", "EaglesRandomPlayer"]
