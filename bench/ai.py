"""Bot benchmark: the heuristic player against a random player, from either side.

    python bench/ai.py [--games 200] [--seed 1] [--opponent fuzz|random] [--self-play 5] [--players 2]

Half the games the heuristic plays the French, half the Allies (2 players by default), with the options
varied across rule editions, setups, command control and the corps restriction (never ``days``: every game
runs the whole time record). Prints the heuristic's win rate per side and overall, the mean and maximum
seconds per game, and the number of orders the engine rejected (each replaced by a legal fallback).
Target (issue 6): at least 90 % wins from either side, a whole game in under 10 s.

The opponent is the fuzzer's random player (``tools.fuzz.pick``, default) or ``ai.napoleon.RandomPlayer`` (the
same biases, deciding from its view and legal orders only).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.napoleon import RandomPlayer
from engine.napoleon import Options
from tools.fuzz import GameRun, play


@dataclass
class GameOutcome:
    run: GameRun
    heuristic_side: str

    def __getattr__(self, name: str):
        return getattr(self.run, name)

    @property
    def winner(self) -> str:
        return self.run.result

    @property
    def won(self) -> bool:
        return self.run.result == self.heuristic_side


def bench_options(i: int, rng: random.Random, players: int = 2, setup: str | None = None) -> Options:
    """The i-th game's options: editions alternate every two games (so each edition meets both sides),
    setups cycle (unless one is given), optional rules at random."""
    ruleset = ("3.4", "3rd")[(i // 2) % 2]
    setup = setup or ("initiative", "historical", "free")[(i // 4) % 3]
    return Options(
        ruleset=ruleset,
        setup=setup,
        players=players,
        command_control=rng.random() < 0.3,
        corps_restriction=ruleset == "3.4" and rng.random() < 0.3,
    )


def side_roles(options: Options, side: str) -> tuple[str, ...]:
    if side == "french":
        return ("french",)
    return tuple(r for r in options.roles if r != "french")


def play_game(
    seed: int,
    options: Options,
    heuristic_side: str | None,
    opponent: str = "fuzz",
) -> GameOutcome:
    """One game through the fuzzer's game loop (without its per-order checks). ``heuristic_side`` "french"
    or "allied" (the other side random), or None: heuristic on both sides."""
    mode = {"french": "bot-french", "allied": "bot-allied", None: "bots"}[heuristic_side]
    run = play(
        seed,
        options,
        mode=mode,
        check_every=False,
        final_checks=False,
        opponent=RandomPlayer() if opponent == "random" else None,
    )
    return GameOutcome(run, heuristic_side or "both")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python bench/ai.py")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--opponent", choices=("fuzz", "random"), default="fuzz")
    ap.add_argument("--players", type=int, choices=(2, 3), default=2)
    ap.add_argument(
        "--self-play", type=int, default=5, help="also time this many heuristic-vs-heuristic games"
    )
    ap.add_argument("--side", choices=("both", "french", "allied"), default="both")
    ap.add_argument("--setup", choices=("historical", "free", "initiative"), help="only this setup")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    outcomes: list[GameOutcome] = []
    for i in range(args.games):
        seed = args.seed * 100003 + i
        opts = bench_options(i, rng, args.players, args.setup)
        side = ("french", "allied")[i % 2] if args.side == "both" else args.side
        out = play_game(seed, opts, side, args.opponent)
        outcomes.append(out)
        if args.verbose:
            print(
                f"game {i:3d} seed {seed} {opts.ruleset:>3} {opts.setup:<10} heuristic={side:<7} "
                f"winner={out.winner:<7} {out.seconds:5.2f}s turns={out.turns} alive={out.alive} "
                f"fallbacks={out.fallbacks} ({out.reason})",
                flush=True,
            )
    print(f"games: {len(outcomes)} (opponent: {args.opponent}, {args.players} players)")
    for side in ("french", "allied"):
        mine = [o for o in outcomes if o.heuristic_side == side]
        if mine:
            wins = sum(o.won for o in mine)
            print(f"heuristic as {side:<7}: {wins}/{len(mine)} wins ({100 * wins / len(mine):.1f} %)")
            for ed in ("3rd", "3.4"):
                for st in ("historical", "free", "initiative"):
                    sub = [o for o in mine if o.options.ruleset == ed and o.options.setup == st]
                    if sub:
                        w = sum(o.won for o in sub)
                        print(f"    {ed:>3} {st:<10}: {w}/{len(sub)}")
    if outcomes:
        wins = sum(o.won for o in outcomes)
        print(f"overall           : {wins}/{len(outcomes)} wins ({100 * wins / len(outcomes):.1f} %)")
        secs = [o.seconds for o in outcomes]
        bots = [o.bot_seconds for o in outcomes]
        print(f"seconds per game  : mean {statistics.mean(secs):.2f}, max {max(secs):.2f}")
        print(
            f"heuristic's share : mean {statistics.mean(bots):.2f}, max {max(bots):.2f} "
            "(its own view, legal and choose calls)"
        )
        print(f"fallback orders   : {sum(o.fallbacks for o in outcomes)}")
        lost: dict[str, int] = {}
        for o in outcomes:
            if not o.won:
                why = o.reason
                if o.heuristic_side == "french" and "time record" in why:
                    left = [a for a in ("british", "prussian") if o.alive.get(a, 0)]
                    why = f"time ran out with {' and '.join(left)} still in the field"
                lost[why] = lost.get(why, 0) + 1
        for why, n in sorted(lost.items(), key=lambda kv: -kv[1]):
            print(f"    lost {n:3d}: {why}")
        for o in outcomes:
            for r in o.rejected[:3]:
                print(f"    seed {o.seed}: {r}")
    if args.self_play:
        times = []
        res: dict[str, int] = {}
        fb = 0
        for i in range(args.self_play):
            opts = bench_options(i, rng, args.players, args.setup)
            o = play_game(args.seed * 7919 + i, opts, None)
            times.append(o.seconds)
            res[o.winner] = res.get(o.winner, 0) + 1
            fb += o.fallbacks
        print(
            f"heuristic vs heuristic: {args.self_play} games, mean {statistics.mean(times):.2f} s, "
            f"max {max(times):.2f} s, results {res}, fallbacks {fb}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
