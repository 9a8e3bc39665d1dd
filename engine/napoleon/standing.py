"""Standing battle orders (a player may be away for days; product decision 7): what a player who is away
leaves to be done in their battle turns — fire, form squares against cavalry (8.5), and hold."""

from __future__ import annotations

from typing import Any

from .game import Game
from .orders import End, Fire, Square
from .sequence import Phase
from .state import armies_of

WORDS = ("fire", "square", "hold")


def when(game: Any) -> bool:
    """Standing orders play in battles only."""
    assert isinstance(game, Game)
    return game.state.phase == Phase.BATTLE


def choose(game: Any, role: str, spec: dict[str, bool]) -> str | None:
    """The next order standing battle orders give, or None when they have nothing (or the player must
    decide: deployments and regroups are real decisions, product decision 7)."""
    lg = game.legal(role)
    names = set(lg.orders)
    if "deploy" in names or "regroup" in names:
        return None
    choices = lg.choices
    if spec.get("square"):
        threatened = threatened_by_cavalry(game, role)
        sq = [c for c in choices if isinstance(c, Square) and c.unit in threatened]
        if sq:
            return sq[0].text()
    if spec.get("fire"):
        fire = [c for c in choices if isinstance(c, Fire)]
        if fire:
            return fire[0].text()
    if End() in choices and (spec.get("fire") or spec.get("square")):
        return End().text()
    return None


def threatened_by_cavalry(game: Any, role: str) -> set[str]:
    """The role's blocks standing on a spot where enemy cavalry stands too (8.5: squares are formed against
    cavalry engaged with them)."""
    v = game.view(role, events=False)
    mine = armies_of(role)
    out: set[str] = set()
    for b in v.battles:
        for s in getattr(b, "sides", ()):
            for col in (s.left, s.center, s.right):
                if any(x.army not in mine and x.type == "cavalry" for x in col):
                    out |= {x.id for x in col if x.army in mine and x.id}
    return out
