"""What to do next: the prompt of the state a role is in, as its game's module says it
(``Module.prompt``: one with a ready order template of the role's own ids), for every ping and every
DM to the player who must act. Built from ``game.legal(role)`` and ``game.view(role)`` only; the channel's
headline from the public view only."""

from __future__ import annotations

from engine import modules
from engine.module import AnyModule, GameObject

from ..narrate import TEXT


def headline(game: GameObject, role: str, loc: str, module: AnyModule | None = None) -> str:
    """One line: what the role is asked to do now, for everyone (the channel's ping): the module's headline
    of the public view, never of the role's own (``Module.headline``)."""
    return (module or modules.get()).headline(game, role, loc, TEXT)


def prompt(game: GameObject, role: str, loc: str, module: AnyModule | None = None) -> str:
    """What the role is asked to do now, with ready orders of its own (for its DM and replies)."""
    return (module or modules.get()).prompt(game, role, loc, TEXT, examples=True)
