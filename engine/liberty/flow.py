"""The steps of the sequence of play that need no order: the battle phase once the last action is taken
(Game turn, 7.1) and the winter turn after the fifth game turn (11.0). The rules enter
``Phase.BATTLE_PHASE`` or ``Phase.WINTER`` (``sequence.go``) and ``run`` (called after every accepted order)
carries them out, so that the modules below it never call upwards."""

from __future__ import annotations

from . import battle, winter
from .context import Ctx
from .sequence import Phase


def run(ctx: Ctx) -> None:
    while True:
        if ctx.st.phase == Phase.BATTLE_PHASE:
            battle.begin_battles(ctx)
        elif ctx.st.phase == Phase.WINTER:
            winter.begin(ctx)
        else:
            return
