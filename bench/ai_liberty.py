"""Liberty's bot player against the random one (issue 6/6 item 5: >= 90 % from either side over 200 games,
a game in < 10 s).

    python bench/ai_liberty.py [--games 200] [--seed 0]

Plays ``--games`` whole games with the heuristic player (``ai.liberty.LibertyHeuristicPlayer``, the module's
bot player) as the British against the random player, and as many as the Americans; then, for the victory
thresholds (11.1), the heuristic player against itself. Prints the wins, the share, and min / median / max
seconds a game (wall clock), with the load average: the machine is shared."""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.liberty import LibertyHeuristicPlayer, LibertyRandomPlayer
from engine.liberty.game import Game
from engine.liberty.options import Options


def play(seed: int, players: dict[str, object], options: Options) -> tuple[str, float]:
    g = Game.new(options, seed)
    rng = random.Random(seed)
    t = time.perf_counter()
    while not g.over:
        role = rng.choice(g.active())
        g.apply(role, players[role].choose(g.view(role, events=False), g.legal(role), rng))  # type: ignore[attr-defined]
    return str(g.result()["winner"]), time.perf_counter() - t


def series(name: str, games: int, seed: int, players: dict[str, object], options: Options) -> None:
    wins: dict[str, int] = {}
    times: list[float] = []
    for i in range(games):
        winner, s = play(seed + i, players, options)
        wins[winner] = wins.get(winner, 0) + 1
        times.append(s)
    said = ", ".join(f"{k} {v} ({v / games:.0%})" for k, v in sorted(wins.items()))
    print(
        f"{name:38s} {games} games: {said}; a game min {min(times):.2f} median {statistics.median(times):.2f}"
        f" max {max(times):.2f} s"
    )


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--thresholds", default="30/12,20/10", help="british_win/american_win pairs, bot vs bot")
    args = ap.parse_args()
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    bot, rnd = LibertyHeuristicPlayer(), LibertyRandomPlayer()
    series("heuristic British vs random", args.games, args.seed, {"british": bot, "american": rnd}, Options())
    series(
        "heuristic Americans vs random", args.games, args.seed, {"british": rnd, "american": bot}, Options()
    )
    for pair in args.thresholds.split(","):
        b, a = (int(x) for x in pair.split("/"))
        both = {"british": LibertyHeuristicPlayer(), "american": LibertyHeuristicPlayer()}
        series(f"heuristic vs heuristic, {b}/{a}", args.games // 4, args.seed, both, Options(b, a))
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
