"""The bot against the random player: ``python -m ai.eagles.bench [--games N] [--seed S] [--versus]``.

Plays N games with the bot as the French and N as the Allies against ``EaglesRandomPlayer``, and N games of
the random player against itself as the reference, through ``ai.player.play_one`` (the bots see views and
legal orders only; this file, like ``ai/player.py``, holds the games and decides nothing). ``--versus`` plays
N games of the bot against itself instead, with the VP margin of each (to calibrate facts 9's margin).
Prints the wins per side, the orders a game, the seconds a game (wall clock: min / median / p99 / max; and
the process's CPU time, which other work on the machine does not swell) and the orders the engine
refused."""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ai.player import Player, PlayStats, play_one
from engine.eagles import game as eagles_game
from engine.eagles import options as eagles_options

from .players import EaglesPlayer, EaglesRandomPlayer

SIDES = ("allies", "french")
BENCHES = (("bot french", "french"), ("bot allies", "allies"), ("random vs random", None))
LIMIT = 6000  # orders a game at most (a game ends by the turn track long before)


@dataclass
class Tally:
    wins: int = 0
    games: int = 0
    orders: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    reasons: dict[str, int] = field(default_factory=dict)
    fallbacks: int = 0
    refused: list[tuple[int, str, str, str]] = field(default_factory=list)  # (seed, role, order, error)
    margins: list[int] = field(default_factory=list)  # French VP - Allied VP after the last turn
    decisive: int = 0  # games ended by the French decisive victory (facts 9: no VP compared)

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
            f"refused {self.fallbacks}  by {dict(sorted(self.reasons.items()))}"
        )


def play(
    seed: int, players: dict[str, Player[Any, Any]]
) -> tuple[dict[str, Any], int, float, float, PlayStats]:
    """One game: the players by role; returns the result, the orders, the seconds and the stats."""
    game = eagles_game.Game.new(eagles_options.Options(), seed)
    rng = random.Random(seed * 7919 + 17)
    stats = PlayStats()
    start, cpu = time.perf_counter(), time.process_time()
    n = 0
    crash = ""
    while not game.over and n < LIMIT:
        active = game.active()
        if not active:
            break
        role = active[0]
        try:
            if play_one(game, role, players[role], rng, stats=stats) is None:
                break
        except Exception as e:  # an engine error is the engine's bug: counted and named, not hidden
            crash = f"crash {type(e).__name__}: {e}"
            stats.rejected.append((role, "(engine error)", crash))
            break
        n += 1
    # a game the engine leaves with no legal order for the side that must act is "stuck" (counted as not won)
    result = game.result() or {"winner": None, "reason": crash or ("limit" if n >= LIMIT else "stuck")}
    return result, n, time.perf_counter() - start, time.process_time() - cpu, stats


def _count(t: Tally, seed: int, result: dict[str, Any], n: int, secs: float, cpu: float, stats: PlayStats,
           side: str) -> None:  # fmt: skip
    t.games += 1
    t.orders.append(n)
    t.seconds.append(secs)
    t.cpu.append(cpu)
    t.fallbacks += stats.fallbacks
    t.refused += [(seed, *r) for r in stats.rejected]
    won = result.get("winner") == side
    t.wins += won
    reason = (
        f"{'won' if won else 'lost' if result.get('winner') in SIDES else 'drawn'}:{result.get('reason')}"
    )
    t.reasons[reason] = t.reasons.get(reason, 0) + 1
    vp = result.get("vp") or {}
    if result.get("reason") == "decisive":
        t.decisive += 1
    elif vp:
        t.margins.append(int(vp.get("french", 0)) - int(vp.get("allies", 0)))


def run(
    games: int, seed: int = 1, out: Callable[[str], None] = print, reference: bool = True
) -> dict[str, Tally]:
    tallies: dict[str, Tally] = {"bot french": Tally(), "bot allies": Tally(), "random vs random": Tally()}
    for i in range(games):
        s = seed * 100_000 + i
        for name, bot_side in BENCHES:
            if bot_side is None and not reference:
                continue
            ps: dict[str, Player[Any, Any]] = {
                r: (EaglesPlayer() if r == bot_side else EaglesRandomPlayer()) for r in SIDES
            }
            result, n, secs, cpu, stats = play(s, ps)
            _count(tallies[name], s, result, n, secs, cpu, stats, bot_side or "french")
    out(f"Eagles of the Empire bot against the random player: {games} games a side, seed {seed}")
    for name, t in tallies.items():
        if not t.games:
            continue
        out(t.line("random (french wins)" if name == "random vs random" else name))
        for r in t.refused[:5]:
            out(f"  refused: seed {r[0]} {r[1]} {r[2]!r}: {r[3]}")
    return tallies


def versus(games: int, seed: int = 1, out: Callable[[str], None] = print) -> Tally:
    """The bot against itself: the French wins, the Allied wins, the draws and the VP margins (facts 9)."""
    t = Tally()
    for i in range(games):
        s = seed * 100_000 + i
        result, n, secs, cpu, stats = play(s, {r: EaglesPlayer() for r in SIDES})
        _count(t, s, result, n, secs, cpu, stats, "french")
    m = sorted(t.margins)
    out(f"Eagles of the Empire bot against itself: {games} games, seed {seed}")
    out(t.line("bot vs bot (french)"))
    out(f"French decisive victories (facts 9, no VP compared): {t.decisive}")
    if m:
        out(
            f"French VP - Allied VP after the last turn: min {m[0]} median {statistics.median(m)} "
            f"max {m[-1]} "
            f"mean {statistics.mean(m):.1f}; all: {m}"
        )
    return t


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m ai.eagles.bench", description=__doc__)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--versus", action="store_true", help="the bot against itself (margin calibration)")
    ap.add_argument("--no-reference", action="store_true", help="no random-against-random games")
    a = ap.parse_args(argv)
    if a.versus:
        versus(a.games, a.seed)
    else:
        run(a.games, a.seed, reference=not a.no_reference)


if __name__ == "__main__":
    main()
