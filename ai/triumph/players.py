"""Napoleon's Triumph's bot players, from a role's view and legal orders only (``docs/ai.md``).

``TriumphPlayer`` plays for the scenario's victory (16: the stars, the enemy's morale, 13) and bluffs as a
person would, from a seeded ``rng``: it threatens weakly held approaches it may not mean (11.1), feints when
the defence named is too strong (11.3), and gives ground when a defence looks lost (11.2, 12).
``TriumphRandomPlayer`` is the baseline: a random number of commands a turn, attacks half the time it may,
every answer in a fight at random."""

from __future__ import annotations

import random
from typing import Any, Protocol

from engine import Order
from engine.triumph.orders import Battery, End, Ready, Threat

from . import fight
from .commands import Commander, aims
from .knowledge import TriumphView, board, read


class TriumphLegal(Protocol):
    """What the bot reads of ``game.legal(role)`` (``engine.triumph.legal.Legal``)."""

    @property
    def role(self) -> str: ...
    @property
    def step(self) -> str: ...
    @property
    def active(self) -> bool: ...
    @property
    def choices(self) -> tuple[Order, ...]: ...


class TriumphPlayer:
    """The module's bot player. It may be kept for a whole game or made afresh at any moment: it keeps only
    the bluffs it chose for the turn under way."""

    def __init__(self) -> None:
        self.board = board()
        self.commander = Commander()

    def choose(self, game_view: TriumphView, legal: TriumphLegal, rng: random.Random) -> Order:
        choices = list(legal.choices)
        if len(choices) == 1:
            return choices[0]
        seen = read(game_view, self.board)
        step = legal.step
        attack: dict[str, Any] = dict(game_view.attack or {})
        if step == "orders":
            return self.commander.choose(self.board, seen, game_view, choices, rng)
        if step == "defend":
            target = str(attack.get("target"))
            a = aims(self.board, seen, game_view)
            keep = 4.0 if target in self.board.stars[seen.role] else 2.0 if target in a.keep else 0.0
            return fight.defend(self.board, seen, attack, choices, rng, keep)
        if step == "feint":
            return fight.feint_or_press(self.board, seen, attack, choices, rng)
        if step == "lead":
            return fight.lead(self.board, seen, attack, choices, rng)
        if step == "counter":
            return fight.counter(seen, attack, choices)
        if step == "step-up":
            return fight.step_up(choices)
        if step == "retreat":
            a = aims(self.board, seen, game_view)
            goals = {loc: 0.3 * w for loc, w in a.weights.items()}
            return fight.retreat(self.board, seen, choices, goals)
        if step == "advance":
            return fight.advance(seen, choices)
        if step == "setup":
            return _setup(seen, choices)
        return choices[0]


def _setup(seen: Any, choices: list[Order]) -> Order:
    """6: the fixed battery facing the enemy where it can, then ready (no set-up detachments)."""
    if Ready() in choices:
        return Ready()
    guns = [c for c in choices if isinstance(c, Battery)]
    facing = [c for c in guns if seen.foes(c.facing)]
    return (facing or guns or choices)[0]


class TriumphRandomPlayer:
    """Random legal orders with a person's rhythm: 0-8 commands a turn, an attack half the time one is
    possible, any answer in a fight (from its view and legal orders only)."""

    def __init__(self) -> None:
        self._budget: dict[tuple[int, str], int] = {}

    def choose(self, game_view: TriumphView, legal: TriumphLegal, rng: random.Random) -> Order:
        choices = list(legal.choices)
        if legal.step != "orders":
            return rng.choice(choices)
        key = (game_view.round, legal.role)
        left = self._budget.setdefault(key, rng.randint(0, 8))
        others = [c for c in choices if not isinstance(c, End)]
        if left <= 0 or not others:
            return End() if End() in choices else rng.choice(choices)
        self._budget[key] = left - 1
        threats = [c for c in others if isinstance(c, Threat)]
        if threats and rng.random() < 0.5:
            return rng.choice(threats)
        return rng.choice(others)
