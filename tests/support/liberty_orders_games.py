"""Whole seeded Liberty games whose legal choices' texts ``tests/fixtures/liberty_orders_texts.json`` holds
(hashed), recorded with the code before Liberty's orders were values (main at ebe0aa9).
The player here reads the choices as text only (``str``), biased as the fuzzer's random player is
(``ai/liberty/``'s ``LibertyRandomPlayer``: attacks, fire, few regroups), so that it chooses the same orders
from either code:

    python tests/support/liberty_orders_games.py > tests/fixtures/liberty_orders_texts.json  # on that code
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path.cwd()))

from engine.liberty.game import Game
from engine.liberty.options import Options
from engine.liberty.state import SIDES

GAMES: list[tuple[dict[str, Any], int]] = [
    ({}, 1),
    ({}, 2),
    ({"british_win": 30, "american_win": 12}, 3),
    ({"indians_wilderness": False, "french_entry": 2}, 4),
    ({"last_year": 1790, "french_entry": 13}, 5),
    ({"british_win": 58, "american_win": 0, "last_year": 1778}, 6),
]
LIMIT = 5000


def choose(rng: random.Random, phase: str, choices: list[str], attacks: list[str]) -> str:
    """A random legal order's text: attacks half the time in the actions phase, fire more than retreat."""
    if phase == "actions":
        if attacks and rng.random() < 0.5:
            return rng.choice(attacks)
        moves = [c for c in choices if c.startswith(("/move", "/sea"))]
        r = rng.random()
        if "/build" in choices and r < 0.3:
            return "/build"
        if moves and r < 0.85:
            return rng.choice(moves)
        return "/end"
    if phase == "battle":
        fire = [c for c in choices if c.startswith("/fire")]
        return rng.choice(fire) if fire and rng.random() < 0.85 else rng.choice(choices)
    if phase in ("regroup", "disband", "withdraw", "attrition"):
        return "/end" if "/end" in choices and rng.random() < 0.6 else rng.choice(choices)
    return rng.choice(choices)


def play(options: dict[str, Any], seed: int) -> dict[str, Any]:
    """One game to its end: the hash of every side's phase, choices, attacks and order kinds after every
    order, and of its script."""
    game = Game.new(Options(**options), seed)
    rng = random.Random(seed)
    h = hashlib.sha256()
    n = orders = 0
    kinds: set[str] = set()
    while not game.over and orders < LIMIT:
        for role in SIDES:
            lg = game.legal(role)
            h.update(f"{role} {lg.phase} {lg.active} {','.join(lg.orders)}\n".encode())
            for c in lg.choices:
                h.update(str(c).encode() + b"\n")
                kinds.add(str(c).split()[0])
                n += 1
            h.update(b"|")
            for c in lg.attacks:
                h.update(str(c).encode() + b"\n")
            h.update(b"#")
        role = rng.choice(game.active())
        lg = game.legal(role)
        order = choose(rng, lg.phase, [str(c) for c in lg.choices], [str(c) for c in lg.attacks])
        game.apply(role, order)
        orders += 1
    return {
        "options": options,
        "seed": seed,
        "orders": orders,
        "over": game.over,
        "kinds": sorted(kinds),
        "choices": n,
        "sha256": h.hexdigest(),
        "script_sha256": hashlib.sha256(game.script().encode()).hexdigest(),
    }


if __name__ == "__main__":
    print(json.dumps([play(o, s) for o, s in GAMES], indent=1))
