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
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ai import bench
from ai.player import Player, PlayStats
from engine.eagles import game as eagles_game
from engine.eagles import options as eagles_options

from .players import EaglesPlayer, EaglesRandomPlayer

SIDES = ("allies", "french")
BENCHES = (("bot french", "french"), ("bot allies", "allies"), ("random vs random", None))
LIMIT = 6000  # orders a game at most (a game ends by the turn track long before)


@dataclass
class Tally(bench.Tally):
    refused: list[tuple[int, str, str, str]] = field(default_factory=list)  # (seed, role, order, error)
    margins: list[int] = field(default_factory=list)  # French VP - Allied VP after the last turn
    decisive: int = 0  # games ended by the French decisive victory (facts 9: no VP compared)

    REFUSED: ClassVar[str] = "refused"


def play(seed: int, players: dict[str, Player[Any, Any]]) -> bench.Played:
    """One game: the players by role; returns the result, the orders, the seconds and the stats."""
    game = eagles_game.Game.new(eagles_options.Options(), seed)
    return bench.play_out(game, players, seed, LIMIT, crashes=True)  # an engine error counted and named


def _count(t: Tally, seed: int, result: dict[str, Any], n: int, secs: float, cpu: float, stats: PlayStats,
           side: str) -> None:  # fmt: skip
    won = result.get("winner") == side
    reason = (
        f"{'won' if won else 'lost' if result.get('winner') in SIDES else 'drawn'}:{result.get('reason')}"
    )
    t.add(n, secs, cpu, stats, won=won, reason=reason)
    t.refused += [(seed, *r) for r in stats.rejected]
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
    taken: dict[str, int] = {}  # objective -> games the French held it at the end (facts 9)
    for i in range(games):
        s = seed * 100_000 + i
        game = eagles_game.Game.new(eagles_options.Options(), s)
        players: dict[str, Player[Any, Any]] = {r: EaglesPlayer() for r in SIDES}
        result, n, secs, cpu, stats = bench.play_out(game, players, s, LIMIT, crashes=True)
        _count(t, s, result, n, secs, cpu, stats, "french")
        for area, side in game.view("public", events=False).holders.items():  # open information (4.0)
            taken[area] = taken.get(area, 0) + (side == "french")
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
    out(f"Objectives the French held at the end (games): {taken}")
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
