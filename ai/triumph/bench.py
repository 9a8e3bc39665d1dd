"""The bot against the random player: ``python -m ai.triumph.bench [--games N] [--seed S] [--scenario ID]``.

Plays N games with the bot as the French and N as the Allies against ``TriumphRandomPlayer``, and N games of
the random player against itself as the reference, through ``ai.player.play_one`` (the bots see views and
legal orders only; this file, like ``ai/player.py``, holds the games and decides nothing). Prints the wins
per side, the orders a game, the seconds a game (wall clock: min / median / p99 / max; and the process's
CPU time, which other work on the machine does not swell) and the orders the engine refused."""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ai.player import Player, PlayStats, play_one
from engine.triumph import game as triumph_game
from engine.triumph import options as triumph_options

from .players import TriumphPlayer, TriumphRandomPlayer

SIDES = ("allies", "french")
LIMIT = 5000  # orders a game at most (a game ends by the time track long before)


@dataclass
class Tally:
    wins: int = 0
    games: int = 0
    orders: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    reasons: dict[str, int] = field(default_factory=dict)
    fallbacks: int = 0

    def line(self, name: str) -> str:
        s = sorted(self.seconds)
        p99 = s[min(len(s) - 1, int(len(s) * 0.99))] if s else 0.0
        rate = 100.0 * self.wins / self.games if self.games else 0.0
        return (
            f"{name:<22} {self.wins:>4} / {self.games:<4} ({rate:5.1f} %)  orders/game "
            f"{statistics.mean(self.orders) if self.orders else 0:6.1f}  s/game min {s[0] if s else 0:.2f} "
            f"median {statistics.median(s) if s else 0:.2f} p99 {p99:.2f} max {s[-1] if s else 0:.2f}  "
            f"cpu s/game median {statistics.median(self.cpu) if self.cpu else 0:.2f} "
            f"max {max(self.cpu, default=0):.2f}  "
            f"fallbacks {self.fallbacks}  by {dict(sorted(self.reasons.items()))}"
        )


def play(
    seed: int,
    scenario: str,
    players: dict[str, Player[Any, Any]],
) -> tuple[dict[str, Any], int, float, float, PlayStats]:
    """One game: the players by role; returns the result, the orders, the seconds and the stats."""
    game = triumph_game.Game.new(triumph_options.Options(scenario=scenario), seed)
    rng = random.Random(seed * 7919 + 17)
    stats = PlayStats()
    start, cpu = time.perf_counter(), time.process_time()
    n = 0
    while not game.over and n < LIMIT:
        role = game.active()[0]
        if play_one(game, role, players[role], rng, stats=stats) is None:
            break
        n += 1
    # a game the engine leaves with no legal order for the side that must act is "stuck" (counted as not won)
    result = game.result() or {"winner": None, "reason": "limit" if n >= LIMIT else "stuck"}
    return result, n, time.perf_counter() - start, time.process_time() - cpu, stats


def run(
    games: int,
    seed: int = 1,
    scenarios: tuple[str, ...] = ("2dec",),
    out: Callable[[str], None] = print,
) -> dict[str, Tally]:
    tallies: dict[str, Tally] = {"bot french": Tally(), "bot allies": Tally(), "random vs random": Tally()}
    for i in range(games):
        sc = scenarios[i % len(scenarios)]
        s = seed * 100_000 + i
        for name, bot_side in (
            ("bot french", "french"),
            ("bot allies", "allies"),
            ("random vs random", None),
        ):
            ps: dict[str, Player[Any, Any]] = {
                r: (TriumphPlayer() if r == bot_side else TriumphRandomPlayer()) for r in SIDES
            }
            result, n, secs, cpu, stats = play(s, sc, ps)
            t = tallies[name]
            t.games += 1
            t.orders.append(n)
            t.seconds.append(secs)
            t.cpu.append(cpu)
            t.fallbacks += stats.fallbacks
            side = bot_side or "french"
            won = result.get("winner") == side
            t.wins += won
            reason = f"{'won' if won else 'lost'}:{result.get('reason')}"
            t.reasons[reason] = t.reasons.get(reason, 0) + 1
    out(f"Napoleon's Triumph bot against the random player: {games} games a side, seed {seed}, {scenarios}")
    for name, t in tallies.items():
        label = "random (french wins)" if name == "random vs random" else name
        out(t.line(label))
    return tallies


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m ai.triumph.bench", description=__doc__)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--scenario", dest="which", default="2dec", help="2dec, 1dec or both")
    a = ap.parse_args(argv)
    scs = ("2dec", "1dec") if a.which == "both" else (a.which,)
    run(a.games, a.seed, scs)


if __name__ == "__main__":
    main()
