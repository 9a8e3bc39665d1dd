"""A random player that sees only its view and legal orders (the baseline the heuristic is measured against).

It follows the fuzzer's biases (``engine.fuzz.pick``): a random number of moves each movement phase, attacks
often, fires and engages more than it shuffles. Unlike the fuzzer it cannot try an order on a copy of the
game to avoid routing itself, because a bot player never sees the engine state.
"""

from __future__ import annotations

import random

from engine import Legal, View


class RandomPlayer:
    """Uniformly random among legal orders, with the fuzzer's biases."""

    def __init__(self) -> None:
        self._budget: dict[tuple[int, str], int] = {}

    def choose(self, game_view: View, legal: Legal, rng: random.Random) -> str:
        choices = list(legal.choices)
        if legal.phase == "movement":
            moves = [c for c in choices if c != "/end"]
            key = (game_view.turn, legal.role)
            left = self._budget.setdefault(key, rng.randint(0, 8))
            if not moves or left <= 0:
                return "/end"
            self._budget[key] = left - 1
            if legal.attacks and rng.random() < 0.5:
                return rng.choice(legal.attacks)
            return rng.choice(moves)
        if legal.phase == "setup":
            return rng.choice(choices)
        fire = [c for c in choices if c.startswith("/fire")]
        engage = [c for c in choices if c.startswith("/battle-move") and " to:across-" in c]
        r = rng.random()
        if fire and r < 0.5:
            return rng.choice(fire)
        if engage and r < 0.7:
            return rng.choice(engage)
        calm = [c for c in choices if not c.startswith("/end") and not c.startswith("/retreat")]
        if calm and rng.random() < 0.7:
            return rng.choice(calm)
        return rng.choice(choices)
