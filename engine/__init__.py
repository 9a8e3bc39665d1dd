"""Estafette's rules engine: pure and deterministic. No I/O, no asyncio, no discord, no Pillow.

>>> from engine import new_game, Options
>>> game = new_game(Options(setup="historical"), seed=1)
>>> game.view("public").turn
1
"""

from .dice import Dice
from .errors import RuleError
from .events import Event
from .napoleon import BlockView, Game, Legal, Options, TownView, View, new_game
from .text import Command, parse_command

__all__ = [
    "BlockView",
    "Command",
    "Dice",
    "Event",
    "Game",
    "Legal",
    "Options",
    "RuleError",
    "TownView",
    "View",
    "new_game",
    "parse_command",
]
