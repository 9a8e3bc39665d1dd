"""Estafette's rules engine: pure and deterministic. No I/O, no asyncio, no discord, no Pillow.

>>> from engine import new_game, Options
>>> game = new_game(Options(setup="historical"), seed=1)
>>> game.view("public").turn
1
"""

from .dice import Dice
from .errors import RuleError
from .events import Event
from .liberty import orders as liberty_orders  # Liberty's order values, for the bot players (ai/liberty.py)
from .napoleon import BlockView, Game, Legal, Options, TownView, View, new_game
from .napoleon.orders import (
    BattleMove,
    Deploy,
    End,
    Fire,
    Move,
    Orders,
    Regroup,
    Reinforce,
    Retreat,
    Setup,
    Square,
    Undo,
    Unsquare,
)
from .orders import Choice, Order, command_of, text_of
from .text import Command, parse_command

__all__ = [
    "BattleMove",
    "BlockView",
    "Choice",
    "Command",
    "Deploy",
    "Dice",
    "End",
    "Event",
    "Fire",
    "Game",
    "Legal",
    "Move",
    "Options",
    "Order",
    "Orders",
    "Regroup",
    "Reinforce",
    "Retreat",
    "RuleError",
    "Setup",
    "Square",
    "TownView",
    "Undo",
    "Unsquare",
    "View",
    "command_of",
    "liberty_orders",
    "new_game",
    "parse_command",
    "text_of",
]
