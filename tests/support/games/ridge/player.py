"""*Ridge*'s bot player: attacks where the ground helps most, else moves towards the ridge, else passes.
It decides from its view and legal orders only, as every bot player does."""

from __future__ import annotations

import random

from .rules import ADJACENT, ELEVATION, RidgeLegal, RidgeView


def _distance(a: str, b: str) -> int:
    seen, front, n = {a}, [a], 0
    while b not in seen:
        front = [y for x in front for y in ADJACENT[x] if y not in seen]
        seen.update(front)
        n += 1
    return n


class RidgeBot:
    def choose(self, view: RidgeView, legal: RidgeLegal, rng: random.Random) -> str:
        at = {u.id: u.area for u in view.units}

        def score(order: str) -> tuple[int, float]:
            if order == "/pass":
                return (0, rng.random())
            words = dict(w.split(":", 1) for w in order.split()[1:])
            frm, to = at[words["unit"]], words.get("area") or words["to"]
            if order.startswith("/attack"):
                return (3 + ELEVATION[frm] - ELEVATION[to], rng.random())
            closer = _distance(frm, "ridge") - _distance(to, "ridge")
            return (1 + closer if legal.role == "blue" else ELEVATION[to] - ELEVATION[frm], rng.random())

        return max(legal.choices, key=score)
