"""Napoleon: The Waterloo Campaign 1815 (Columbia Games) — the rules."""

from .battle_views import BattleSideView, BattleView
from .game import Game, new_game
from .legal import Legal
from .module import MODULE  # the module, and with it its message catalog (engine/catalog.py)
from .options import Options
from .views import BlockView, TownView, View

__all__ = [
    "MODULE",
    "BattleSideView",
    "BattleView",
    "BlockView",
    "Game",
    "Legal",
    "Options",
    "TownView",
    "View",
    "new_game",
]
