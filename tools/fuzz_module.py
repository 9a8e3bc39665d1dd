"""The fuzzer for any game module (``engine/module.py``): whole games by random legal orders and by the
module's bot player against random ones, the module's own invariants (``Module.fuzz_invariants``) checked
after every order, and at the end the snapshot and the script replayed to the same game.

    python -m tools.fuzz_module liberty [--games 1000] [--seed 0] [--cap 5000]

(``python -m tools.fuzz`` is Napoleon's, with its option combinations and checks.) Game ``seed+i`` plays
mode ``i % 3``: random against random, the bot as the first seat, the bot as the second; every order a
player picks must be accepted (a rejected legal order is a failure), and a game must end within ``--cap``
orders. A failure prints the game's seed and what broke, and the run goes on; the exit status is 1 if any
game failed. Prints a JSON summary: games, failures, results by mode, orders, seconds."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from engine import modules
from engine.module import Module, resolve
from engine.script import run_lines

MODES = ("random", "bot-first", "bot-second")


class _Random:
    def choose(self, view: Any, legal: Any, rng: random.Random) -> str:
        return str(rng.choice(list(legal.choices)))


def play(module: Module, seed: int, mode: str, cap: int) -> tuple[str, int]:
    """One whole game; returns its winner (``result()["winner"]`` or "") and its number of orders. Raises
    AssertionError on a broken invariant, a rejected legal order or a game that does not end."""
    options = module.parse_options("")
    game = module.new_game(options, seed)
    seats = module.roles(options)
    rng = random.Random(seed)
    players: dict[str, Any] = {r: _Random() for r in seats}
    if mode != "random" and module.bot_player:
        players[seats[0 if mode == "bot-first" else 1]] = resolve(module.bot_player)()
    orders = 0
    while not game.over:
        assert orders < cap, f"no result after {cap} orders"
        role = rng.choice(game.active())
        order = players[role].choose(game.view(role, events=False), game.legal(role), rng)
        game.apply(role, order)
        orders += 1
        for check in module.fuzz_invariants:
            check(game)
    again = module.loads(game.dumps())
    assert again.dumps() == game.dumps(), "the snapshot does not load back to the same game"
    assert run_lines(game.script().splitlines()).game.dumps() == game.dumps(), "the script replays otherwise"
    result = getattr(game, "result", None)
    won = result() if callable(result) else result
    return (str(won.get("winner", "")) if isinstance(won, dict) else str(won or "")), orders


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.fuzz_module")
    ap.add_argument("game", help="a registered game module (liberty is registered by this tool)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--cap", type=int, default=5000)
    args = ap.parse_args(argv)
    if args.game == "liberty":
        from engine.liberty.module import MODULE as LIBERTY

        modules.register(LIBERTY)  # not in the default registry yet (engine/liberty/module.py)
    module = modules.get(args.game)
    started = time.perf_counter()
    failures: list[dict[str, Any]] = []
    results: dict[str, dict[str, int]] = {m: {} for m in MODES}
    total = 0
    for i in range(args.games):
        seed, mode = args.seed + i, MODES[i % len(MODES)]
        try:
            winner, n = play(module, seed, mode, args.cap)
        except Exception as e:  # a failure of the game under test, reported with its seed
            failures.append({"seed": seed, "mode": mode, "error": f"{type(e).__name__}: {e}"})
            print(f"seed {seed} ({mode}): {type(e).__name__}: {e}", file=sys.stderr)
            continue
        total += n
        results[mode][winner] = results[mode].get(winner, 0) + 1
    summary = {
        "game": module.id,
        "games": args.games,
        "failures": len(failures),
        "results": results,
        "orders": total,
        "seconds": round(time.perf_counter() - started, 1),
        "failed": failures[:20],
    }
    print(json.dumps(summary))
    return 1 if failures else 0


if __name__ == "__main__":
    from engine.cli import run

    sys.exit(run(main))
