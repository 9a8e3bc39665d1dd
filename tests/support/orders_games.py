"""Whole random games whose legal choices' texts ``tests/fixtures/orders_texts.json`` holds (hashed), recorded
with the code before orders were values (main at 2c9adba). The player here reads the
choices as text only (``str``), so that it chooses the same orders from either code:

    python tests/support/orders_games.py > tests/fixtures/orders_texts.json  # on a checkout of that code
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path.cwd()))

from engine.napoleon import new_game
from engine.napoleon.movement import attackers_in, incomplete_attacks
from engine.napoleon.options import Options

GAMES: list[tuple[dict[str, Any], int]] = [
    ({"ruleset": "3.4", "setup": "free", "players": 2, "days": 1}, 1),
    ({"ruleset": "3rd", "setup": "historical", "players": 3, "days": 0}, 2),
    (
        {
            "ruleset": "3.4",
            "setup": "initiative",
            "players": 3,
            "command_control": True,
            "corps_restriction": True,
            "days": 2,
        },
        3,
    ),
    ({"ruleset": "3rd", "setup": "free", "players": 2, "days": 2}, 4),
]
LIMIT = 3000


def _dest(text: str) -> str:
    return text.split(" path:")[1].split(" forced:")[0].split(">")[-1]


def _n_units(text: str) -> int:
    return len(text.split("units:")[1].split(" path:")[0].split(","))


def choose(rng: random.Random, game: Any, role: str, budget: dict[str, int]) -> str | None:
    """A random legal order's text, biased as the fuzzer's player is (attacks, fire, engaging)."""
    lg = game.legal(role)
    texts = [str(c) for c in lg.choices]
    attacks = [str(c) for c in lg.attacks]
    choices = [c for c in texts if c != "/undo"]
    if "/undo" in texts and (not choices or rng.random() < 0.03):
        return "/undo"
    if not choices:
        return None
    if lg.phase == "movement":
        moves = [c for c in choices if c != "/end"]
        key = f"{game.state.turn}:{role}"
        budget.setdefault(key, rng.randint(0, 8))
        finish = "/end" if "/end" in choices else "/undo" if "/undo" in texts else None
        ctx = game.ctx()
        short = {t for t, _n in incomplete_attacks(ctx, role)}
        if not moves or budget[key] <= 0:
            completing = [c for c in attacks if _dest(c) in short]
            if finish == "/undo" and completing and budget.get(key + ":joins", 0) < 3:
                budget[key + ":joins"] = budget.get(key + ":joins", 0) + 1
                return rng.choice(completing)
            return finish
        budget[key] -= 1
        begun = {t for t in ctx.st.movement.attacks if attackers_in(ctx, t) >= 1}
        joins = [c for c in attacks if _dest(c) in begun]
        whole = [c for c in attacks if c not in joins and _n_units(c) >= 3]
        completing = [c for c in joins if _dest(c) in short]
        if completing and rng.random() < 0.7:
            return rng.choice(completing)
        if (whole or joins) and rng.random() < 0.5:
            return rng.choice(whole + joins)
        starts = [c for c in attacks if c not in joins and c not in whole]
        moves = [c for c in moves if c not in starts]
        return rng.choice(moves) if moves else finish
    if lg.phase == "setup":
        return rng.choice(choices)
    fire = [c for c in choices if c.startswith("/fire")]
    engage = [c for c in choices if c.startswith("/battle-move") and " to:across-" in c]
    r = rng.random()
    pool = fire if fire and r < 0.5 else engage if engage and r < 0.7 else choices
    return rng.choice(pool)


def play(options: dict[str, Any], seed: int) -> dict[str, Any]:
    """One game to its end: the hash of every role's choices and attacks after every order, and of its
    script."""
    game = new_game(Options(**options), seed)
    rng = random.Random(seed)
    budget: dict[str, int] = {}
    h = hashlib.sha256()
    n = orders = 0
    while not game.over and orders < LIMIT:
        for role in game.options.roles:
            lg = game.legal(role)
            for c in lg.choices:
                h.update(str(c).encode() + b"\n")
                n += 1
            h.update(b"|")
            for c in lg.attacks:
                h.update(str(c).encode() + b"\n")
            h.update(b"#")
        role = game.active()[0]
        order = choose(rng, game, role, budget)
        if order is None:
            break
        game.apply(role, order)
        orders += 1
    kinds = sorted({line.split(": ", 1)[1].split()[0] for line in game.log if ": /" in line})
    return {
        "options": options,
        "seed": seed,
        "orders": orders,
        "over": game.over,
        "kinds": kinds,
        "choices": n,
        "sha256": h.hexdigest(),
        "script_sha256": hashlib.sha256(game.script().encode()).hexdigest(),
    }


if __name__ == "__main__":
    print(json.dumps([play(o, s) for o, s in GAMES], indent=1))
