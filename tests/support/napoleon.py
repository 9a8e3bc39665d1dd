"""Helpers for the Napoleon tests: games on a cleared board, so each test places only the blocks it needs."""

from __future__ import annotations

from engine.napoleon import Game, Options, new_game
from support.rules import refused

rejected = refused  # an order refused citing its rule, the game unchanged: every game's check

# Out-of-the-way towns where every block waits unless a test places it (far from the action, each army
# in its own country; Ghent is a British base so parking British there never triggers supply).
PARK = {"french": "Avesnes", "british": "Ghent", "prussian": "Tongres"}


def cleared(turn: int = 1, **options) -> Game:
    """A game at campaign turn ``turn`` (1 = French, 15 June morning) with every block parked."""
    opts = {"setup": "historical", **options}
    game = new_game(Options(**opts), seed=1)
    game.set_turn(turn)
    for u in game.state.units.values():
        u.location = PARK[u.army]
    return game


def place(game: Game, town: str, *units: str, cv: int | None = None) -> None:
    for u in units:
        game.place(u, town, cv)


def loc(game: Game, uid: str) -> str | None:
    return game.state.units[uid].location


def cv(game: Game, uid: str) -> int:
    return game.state.units[uid].cv


def units_of(
    game: Game, army: str, kind: str, n: int, *, skip: int = 0, max_cv: int | None = None
) -> list[str]:
    """``n`` unit ids of this army and type (in order of the order of battle), optionally of one max cv."""
    ids = [
        d.id
        for d in game.scenario.units
        if d.army == army and d.type == kind and (max_cv is None or d.max_cv == max_cv)
    ]
    got = ids[skip : skip + n]
    assert len(got) == n, f"the order of battle has too few {army} {kind}"
    return got


def forced_march_setup(**kw):
    """Two French infantry at Beaumont, ready for a forced march (5.5)."""
    g = cleared(**kw)
    a, b = units_of(g, "french", "infantry", 2)
    place(g, "Beaumont", a, b)
    return g, a, b
