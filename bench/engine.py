"""Engine benchmark: median time to apply one order, and to play a whole random campaign.

    python bench/engine.py [--games 20]

Budgets (DESIGN.md): one order well under 1 ms; a whole random game in under a second.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import RuleError, new_game
from tools.fuzz import pick, random_options


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    args = ap.parse_args()
    apply_times: list[float] = []
    legal_times: list[float] = []
    view_times: list[float] = []
    game_times: list[float] = []
    orders = 0
    for seed in range(args.games):
        rng = random.Random(seed)
        game = new_game(random_options(rng), seed)
        budget: dict[str, int] = {}
        t_game = 0.0
        while not game.over:
            role = rng.choice(game.active())
            t0 = time.perf_counter()
            game.legal(role)  # what a front end asks before each order
            t1 = time.perf_counter()
            order = pick(rng, game, role, budget)  # the random player's own choosing is not the engine's time
            t2 = time.perf_counter()
            try:
                game.apply(role, order)
            except RuleError as e:
                raise SystemExit(f"legal order rejected: {e}") from None
            t3 = time.perf_counter()
            legal_times.append(t1 - t0)
            apply_times.append(t3 - t2)
            t_game += (t1 - t0) + (t3 - t2)
            orders += 1
            if orders % 50 == 0:
                t3 = time.perf_counter()
                game.view("public")
                view_times.append(time.perf_counter() - t3)
        game_times.append(t_game)

    def ms(xs: list[float], q: float | None = None) -> str:
        if q is None:
            return f"{statistics.median(xs) * 1000:.3f} ms"
        return f"{sorted(xs)[int(q * (len(xs) - 1))] * 1000:.3f} ms"

    print(f"games: {args.games}, orders: {orders}")
    print(f"apply one order:    median {ms(apply_times)}, p99 {ms(apply_times, 0.99)}")
    print(f"legal(role):        median {ms(legal_times)}, p99 {ms(legal_times, 0.99)}")
    print(f"view(public):       median {ms(view_times)}")
    print(
        f"whole random game:  median {ms(game_times)}, max {max(game_times) * 1000:.1f} ms "
        f"(engine time: legal() and apply() for every order)"
    )


if __name__ == "__main__":
    main()
