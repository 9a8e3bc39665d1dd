"""Bot benchmark of a game module: its bot player against a random player, from either side.

    python bench/ai.py [--game ID] [--games 200] [--seed 1] [--opponent fuzz|random] [--side both|SIDE]
        [--options "key=value ..."] [--players N] [--setup S] [--self-play 5] [--reference 10] [--verbose]

``--game``: a registered module's id (the registry's default game without it). Game ``i`` plays seed
``S * 100003 + i``, the bot on the module's sides in turn (``Module.fuzzing.sides``; ``--side`` one of them
only), on the options of the game's bench (``Fuzzing.bench_options``: a game may vary its editions, setups
and optional rules; by default the module's defaults), with
``--options`` fixed (``--players N``, ``--setup S``: the same as ``--options "players=N setup=S"``). The
opponent is the fuzzer's random player (``fuzz``: the module's ``Fuzzing.pick``) or the module's random bot
player deciding from its view and legal orders only (``random``: the game's random player,
``ai/registry.py``); the module says which by default (``Fuzzing.bench_opponent``). The games are played
by the fuzzer's game loop (``tools.fuzz.play``, without its per-order checks), so the bench and the fuzzer's
bot-versus-random games are the same games.

Prints the bot's win rate per side (and per option combination) and overall, the seconds a game (min, median,
p99, mean, max, over the number of games), the bot's own share, the number of orders the engine rejected
(each replaced by a legal fallback where the module allows it), why the bot lost; the reference, measured in
the same run: ``--reference`` of the same games (options and seeds) played random against random, and the
ratio of the medians; then ``--self-play`` games of the bot against itself. Target: at least 90 % wins from
either side, a whole game in under 10 s.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.registry import new_random_player
from engine import modules
from engine.errors import RuleError
from engine.module import AnyModule, parse_values
from tools.fuzz import Failure, GameRun, describe, play, sides


def p99(xs: list[float]) -> float:
    return sorted(xs)[min(len(xs) - 1, int(0.99 * len(xs)))]


def spread(xs: list[float]) -> str:
    """min / median / p99 / mean / max of seconds, and how many."""
    return (
        f"min {min(xs):.2f}, median {statistics.median(xs):.2f}, p99 {p99(xs):.2f}, "
        f"mean {statistics.mean(xs):.2f}, max {max(xs):.2f} s ({len(xs)} games)"
    )


def bench_options(module: AnyModule, i: int, rng: random.Random, fixed: dict[str, Any]) -> Any:
    """The i-th game's options: the game's own bench plan, or its defaults (and ``fixed``)."""
    if module.fuzzing.bench_options is not None:
        return module.fuzzing.bench_options(i, rng, fixed)
    return module.make_options(module.defaults() | fixed)


def play_game(
    module: AnyModule, seed: int, options: Any, side: str | None, opponent: str = "fuzz"
) -> GameRun:
    """One game through the fuzzer's game loop (without its per-order checks). ``side``: the bot's side
    (the other random), or None: the bot on every side."""
    other = new_random_player(module.id) if opponent == "random" and side is not None else None
    return play(
        module,
        seed,
        options,
        mode=f"bot-{side}" if side else "bots",
        check_every=False,
        final_checks=False,
        opponent=other,
    )


def _args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="python bench/ai.py")
    ap.add_argument("--game", default="", help="a registered game module (default: the registry's default)")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--opponent", choices=("fuzz", "random"), help="default: the game's choice")
    ap.add_argument("--options", default="", help='option values every game plays ("key=value ...")')
    ap.add_argument("--players", type=int, help='the same as --options "players=N"')
    ap.add_argument("--setup", help='the same as --options "setup=S"')
    ap.add_argument("--self-play", type=int, default=5, help="also time this many bot-vs-bot games")
    ap.add_argument("--reference", type=int, default=10, help="time this many of the games random vs random")
    ap.add_argument("--side", default="both", help="both, or the one side the bot plays")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args(argv)
    try:
        args.module = modules.get(args.game or None)
        text = " ".join(
            [args.options]
            + ([f"players={args.players}"] if args.players else [])
            + ([f"setup={args.setup}"] if args.setup else [])
        )
        args.fixed = parse_values(args.module.options, text, {})
    except RuleError as e:
        ap.error(f"--game or --options: {e}")
    if args.side != "both" and args.side not in sides(args.module):
        ap.error(f"--side: give both or one of {', '.join(sides(args.module))}")
    args.opponent = args.opponent or args.module.fuzzing.bench_opponent
    return args


def main(argv: list[str] | None = None) -> int:
    args = _args(argv)
    module: AnyModule = args.module
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{module.title}: load average {load} on {os.cpu_count()} cores")
    rng = random.Random(args.seed)
    turn = sides(module)
    games: list[tuple[int, Any, str]] = []
    outcomes: list[tuple[GameRun, str]] = []
    failed: list[Failure] = []
    for i in range(args.games):
        seed = args.seed * 100003 + i
        opts = bench_options(module, i, rng, args.fixed)
        side = turn[i % len(turn)] if args.side == "both" else args.side
        games.append((seed, opts, side))
        try:
            run = play_game(module, seed, opts, side, args.opponent)
        except Failure as f:
            failed.append(f)
            print(f"game {i} seed {seed}: {f}", file=sys.stderr)
            continue
        outcomes.append((run, side))
        if args.verbose:
            print(
                f"game {i:3d} seed {seed} {describe(module, opts):<28} bot={side:<9} winner={run.result:<9} "
                f"{run.seconds:5.2f}s orders={run.orders} {run.counts} fallbacks={run.fallbacks}"
                f" ({run.reason})",
                flush=True,
            )
    print(f"games: {len(outcomes)} (opponent: {args.opponent}; {len(failed)} failed)")
    for side in turn:
        mine = [(o, s) for o, s in outcomes if s == side]
        if mine:
            wins = sum(o.result == s for o, s in mine)
            print(f"bot as {side:<9}: {wins}/{len(mine)} wins ({100 * wins / len(mine):.1f} %)")
            combos: dict[str, list[bool]] = {}
            for o, s in mine:
                combos.setdefault(describe(module, o.options), []).append(o.result == s)
            for name, won in sorted(combos.items()):
                print(f"    {name:<32}: {sum(won)}/{len(won)}")
    if outcomes:
        wins = sum(o.result == s for o, s in outcomes)
        print(f"overall          : {wins}/{len(outcomes)} wins ({100 * wins / len(outcomes):.1f} %)")
        secs = [o.seconds for o, _ in outcomes]
        print(f"seconds per game : {spread(secs)}")
        bots = [o.bot_seconds for o, _ in outcomes]
        share = f"mean {statistics.mean(bots):.2f}, max {max(bots):.2f}"
        print(f"the bot's share  : {share} (its view, legal and choose calls)")
        print(f"fallback orders  : {sum(o.fallbacks for o, _ in outcomes)}")
        lost: dict[str, int] = {}
        for o, s in outcomes:
            if o.result != s:
                lost[o.reason or o.result] = lost.get(o.reason or o.result, 0) + 1
        for why, n in sorted(lost.items(), key=lambda kv: -kv[1]):
            print(f"    lost {n:3d}: {why}")
        for o, _ in outcomes:
            for r in o.rejected[:3]:
                print(f"    seed {o.seed}: {r}")
        if args.reference:
            ref = [
                play(module, seed, opts, check_every=False, final_checks=False).seconds
                for seed, opts, _ in games
            ]
            ref = ref[: args.reference]
            print(f"reference, the same games random vs random: {spread(ref)}")
            print(f"bot games / reference (medians): {statistics.median(secs) / statistics.median(ref):.2f}x")
    if args.self_play:
        times = []
        res: dict[str, int] = {}
        fb = 0
        for i in range(args.self_play):
            opts = bench_options(module, i, rng, args.fixed)
            o = play_game(module, args.seed * 7919 + i, opts, None)
            times.append(o.seconds)
            res[o.result] = res.get(o.result, 0) + 1
            fb += o.fallbacks
        print(f"bot vs bot: {spread(times)}, results {res}, fallbacks {fb}")
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
