"""The bot against the random player: ``python -m ai.triumph.bench [--games N] [--seed S] [--scenario ID]``.

Plays N games with the bot as the French and N as the Allies against ``TriumphRandomPlayer``, and N games of
the random player against itself as the reference, through ``ai.player.play_one`` (the bots see views and
legal orders only; this file, like ``ai/player.py``, holds the games and decides nothing). Prints the wins
per side, the orders a game, the seconds a game (wall clock: min / median / p99 / max; and the process's
CPU time, which other work on the machine does not swell) and the orders the engine refused."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from ai.bench import Played, Tally, play_out
from ai.player import Player
from engine.triumph import game as triumph_game
from engine.triumph import options as triumph_options

from .players import TriumphPlayer, TriumphRandomPlayer

SIDES = ("allies", "french")
LIMIT = 5000  # orders a game at most (a game ends by the time track long before)


def play(seed: int, scenario: str, players: dict[str, Player[Any, Any]]) -> Played:
    """One game: the players by role; returns the result, the orders, the seconds and the stats."""
    game = triumph_game.Game.new(triumph_options.Options(scenario=scenario), seed)
    return play_out(game, players, seed, LIMIT)


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
            won = result.get("winner") == (bot_side or "french")
            reason = f"{'won' if won else 'lost'}:{result.get('reason')}"
            tallies[name].add(n, secs, cpu, stats, won=won, reason=reason)
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
