"""What the games' own bot benches share (``python -m ai.<game>.bench``): one game played out by its players
through ``play_one`` and timed (``play_out``), and the tally of a bench's games with its summary line
(``Tally``). Like ``player.py`` it holds the games and decides nothing.

>>> t = Tally()
>>> t.add(120, 1.5, 1.25, PlayStats(fallbacks=1), won=True, reason="won:vp")
>>> t.reasons, t.fallbacks, "1 / 1    (100.0 %)" in t.line("bot")
({'won:vp': 1}, 1, True)
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from .player import PlayedGame, Player, PlayStats, play_one

# A game played out: its result, the orders applied, the seconds (wall clock), the process's CPU seconds and
# what ``play_one`` counted.
Played = tuple[dict[str, Any], int, float, float, PlayStats]


class BenchGame(PlayedGame[Any, Any], Protocol):
    """A game a bench plays out: who acts, and the result once it is over."""

    def active(self) -> list[str]: ...

    def result(self) -> dict[str, Any] | None: ...


def play_out(
    game: BenchGame, players: Mapping[str, Player[Any, Any]], seed: int, limit: int, *, crashes: bool = False
) -> Played:
    """Play ``game`` out, the first role that acts ordering by its player, until it is over or ``limit``
    orders were applied. A game past the limit is "limit", one the engine leaves with no legal order for the
    side that must act "stuck" (neither is won). ``crashes``: an engine error ends the game as "crash ..."
    and is counted with the refused orders, named rather than hidden; otherwise it is raised."""
    rng = random.Random(seed * 7919 + 17)
    stats = PlayStats()
    start, cpu = time.perf_counter(), time.process_time()
    n = 0
    crash = ""
    while not game.over and n < limit:
        active = game.active()
        if not active:
            break
        role = active[0]
        try:
            if play_one(game, role, players[role], rng, stats=stats) is None:
                break
        except Exception as e:  # an engine error is the engine's bug
            if not crashes:
                raise
            crash = f"crash {type(e).__name__}: {e}"
            stats.rejected.append((role, "(engine error)", crash))
            break
        n += 1
    result = game.result() or {"winner": None, "reason": crash or ("limit" if n >= limit else "stuck")}
    return result, n, time.perf_counter() - start, time.process_time() - cpu, stats


@dataclass
class Tally:
    """A bench's games of one kind: the wins, the orders a game, the seconds a game (wall clock, and the
    process's CPU time, which other work on the machine does not swell), why each game ended and the orders
    the engine refused (each replaced by a legal fallback)."""

    wins: int = 0
    games: int = 0
    orders: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    reasons: dict[str, int] = field(default_factory=dict)
    fallbacks: int = 0

    REFUSED: ClassVar[str] = "fallbacks"  # what the line calls the refused orders

    def add(self, n: int, secs: float, cpu: float, stats: PlayStats, *, won: bool, reason: str) -> None:
        """One game more: ``n`` orders, its seconds, won or not, and why it ended."""
        self.games += 1
        self.orders.append(n)
        self.seconds.append(secs)
        self.cpu.append(cpu)
        self.fallbacks += stats.fallbacks
        self.wins += won
        self.reasons[reason] = self.reasons.get(reason, 0) + 1

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
            f"{self.REFUSED} {self.fallbacks}  by {dict(sorted(self.reasons.items()))}"
        )
