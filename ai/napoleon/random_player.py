"""A random player that sees only its view and legal orders (the baseline the heuristic is measured against).

It follows the fuzzer's biases (``engine.napoleon.fuzzing.pick``): a random number of moves each movement
phase, attacks often, fires and engages more than it shuffles. Unlike the fuzzer it cannot try an order on a
copy of the game to avoid routing itself, because a bot player never sees the engine state.
"""

from __future__ import annotations

import random

from engine import Order
from engine.napoleon import Legal, View
from engine.napoleon.orders import BattleMove, End, Fire, Retreat, Undo


def _mine(role: str) -> tuple[str, ...]:
    return {"french": ("french",), "allied": ("british", "prussian")}.get(role, (role,))


UNDO_RATE = 0.03  # how often a random player takes its last order back when it may
END, UNDO = End(), Undo()


def finish_movement(legal: Legal, rng: random.Random) -> Order:
    """``/end``; or, while an attack short of 3 units holds it back (6.1), ``/undo`` — always possible then
    (rulings 6.1) — until it may end (each undo takes one move back, so this ends)."""
    if END in legal.choices:
        return END
    return UNDO if UNDO in legal.choices else rng.choice(legal.choices)


class RandomPlayer:
    """Uniformly random among legal orders, with the fuzzer's biases."""

    def __init__(self) -> None:
        self._budget: dict[tuple[int, str], int] = {}
        self._joins: dict[tuple[int, str], int] = {}

    def choose(self, game_view: View, legal: Legal, rng: random.Random) -> Order:
        choices = [c for c in legal.choices if c != UNDO]
        if UNDO in legal.choices and (not choices or rng.random() < UNDO_RATE):
            return UNDO  # now and then, as a player would (product decision 9)
        if legal.phase == "movement":
            moves = [c for c in choices if c != END]
            key = (game_view.turn, legal.role)
            left = self._budget.setdefault(key, rng.randint(0, 8))
            if not moves or left <= 0:
                if END not in legal.choices and self._joins.get(key, 0) < 3:
                    begun = {
                        t.name for t in game_view.towns if any(b.army in _mine(legal.role) for b in t.blocks)
                    }
                    joins = [c for c in legal.attacks if c.path[-1] in begun]
                    if joins:  # 6.1: try to bring a third unit, a few times a turn, before taking moves back
                        self._joins[key] = self._joins.get(key, 0) + 1
                        return rng.choice(joins)
                return finish_movement(legal, rng)
            self._budget[key] = left - 1
            # 6.1: attacks begun (own blocks already in an enemy-held town), mostly joined; 1-2 units starting
            # an attack are tried now and then (the fuzzer's biases, engine.napoleon.fuzzing.pick)
            begun = {t.name for t in game_view.towns if any(b.army in _mine(legal.role) for b in t.blocks)}
            joins = [c for c in legal.attacks if c.path[-1] in begun]
            starts = [c for c in legal.attacks if c not in joins and len(c.units) < 3]
            whole = [c for c in legal.attacks if c not in joins and c not in starts]
            if joins and END not in legal.choices and rng.random() < 0.7:
                return rng.choice(joins)
            if (whole or joins) and rng.random() < 0.5:
                return rng.choice(whole + joins)
            if starts and rng.random() < 0.05:
                return rng.choice(starts)
            moves = [c for c in moves if c not in starts]
            return rng.choice(moves) if moves else finish_movement(legal, rng)
        if legal.phase == "setup":
            return rng.choice(choices)
        fire = [c for c in choices if isinstance(c, Fire)]
        engage = [c for c in choices if isinstance(c, BattleMove) and c.to.startswith("across-")]
        r = rng.random()
        if fire and r < 0.5:
            return rng.choice(fire)
        if engage and r < 0.7:
            return rng.choice(engage)
        calm = [c for c in choices if not isinstance(c, (End, Retreat))]
        if calm and rng.random() < 0.7:
            return rng.choice(calm)
        return rng.choice(choices)
