"""Bot players: any seat of a game can be played by a bot that decides from its role's view and legal
orders only. Here the platform's part: the interface (``Player``) and the loop that plays a role's turn
(``play_turn``); each game's players are in its own folder (``ai/<game>/``), named by its module.

>>> import random
>>> from engine import modules
>>> from ai import play_turn, registry
>>> module = modules.get()  # the default game
>>> game = module.new_game(module.parse_options(module.first_options), 1)
>>> role = game.active()[0]
>>> orders = play_turn(game, role, registry.new_player(module.id), random.Random(1))
>>> str(orders[-1])
'/end'
"""

from .player import LegalOrders, PlayedGame, Player, PlayStats, fallback_order, play_one, play_turn

__all__ = [
    "LegalOrders",
    "PlayStats",
    "PlayedGame",
    "Player",
    "fallback_order",
    "play_one",
    "play_turn",
]
