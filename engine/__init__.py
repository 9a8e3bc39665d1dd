"""Estafette's rules engine: pure and deterministic. No I/O, no asyncio, no discord, no Pillow.

This package is the platform: the contract a game module fills (``engine.module``), errors, dice, the
orders' text and values. The games live in their own packages beside it (one folder each) and import
from here; this file imports none of them. The registry of the games (``engine.modules``) and the script
runner (``engine.script``) do, so they are imported by name, not from here:

>>> from engine import modules, parse_command
>>> module = modules.get()  # the default game
>>> game = module.new_game(module.parse_options(""), seed=1)
>>> game.over
False
>>> parse_command("/end").name
'end'
"""

from .dice import Dice
from .errors import RuleError
from .events import Event
from .module import GameObject, Module
from .orders import Choice, Order, command_of, text_of
from .text import Command, parse_command

__all__ = [
    "Choice",
    "Command",
    "Dice",
    "Event",
    "GameObject",
    "Module",
    "Order",
    "RuleError",
    "command_of",
    "parse_command",
    "text_of",
]
