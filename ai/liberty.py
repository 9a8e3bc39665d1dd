"""A random player for Liberty (engine/liberty): it sees only its role's view and legal orders. It plays a
random card, moves a few groups (attacks half the time it can), builds now and then, fires more often than it
retreats, and regroups or disbands rarely, so that a game reaches its end."""

from __future__ import annotations

import random
from typing import Any


class LibertyRandomPlayer:
    def choose(self, view: Any, legal: Any, rng: random.Random) -> str:
        choices = list(legal.choices)
        if legal.phase == "actions":
            attacks = list(legal.attacks)
            if attacks and rng.random() < 0.5:
                return rng.choice(attacks)
            moves = [c for c in choices if c.startswith(("/move", "/sea"))]
            r = rng.random()
            if "/build" in choices and r < 0.3:
                return "/build"
            if moves and r < 0.85:
                return rng.choice(moves)
            return "/end"
        if legal.phase == "battle":
            fire = [c for c in choices if c.startswith("/fire")]
            return rng.choice(fire) if fire and rng.random() < 0.85 else rng.choice(choices)
        if legal.phase in ("regroup", "disband"):
            return "/end" if rng.random() < 0.7 else rng.choice(choices)
        return rng.choice(choices)
