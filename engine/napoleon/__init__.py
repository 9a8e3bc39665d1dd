"""Napoleon: The Waterloo Campaign 1815 (Columbia Games) — the rules."""

from .game import Game, new_game
from .legal import Legal
from .options import Options
from .views import BlockView, TownView, View

__all__ = ["BlockView", "Game", "Legal", "Options", "TownView", "View", "new_game"]
