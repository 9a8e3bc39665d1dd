"""Engine benchmark: whole random games of each module, timing what the bot does after every order.

    python bench/engine.py [--game ID] [--games 20] [--seed 0] [--options "key=value ..."]

``--game``: a registered module's id; without it every registered game, one after the other. Game ``seed+i``
plays the options of the module's bench (``Fuzzing.bench_options``: whole games; the module's defaults where
it gives none), with ``--options`` fixed, to its end, its fuzzer's random player (``Fuzzing.pick``) choosing
every order. After every order it does what the bot's service does (bot/service/core.py, broadcast.py,
prompts.py): the public view twice (the status line, the pinned status), ``legal(role)`` twice (headline,
prompt) and ``view(role)`` of every active role, then the working copy the order is applied to
(``Module.copy``), ``apply``, and what the change stores (``Change.commit``): the events and script lines the
order added (``history_of``, as the storage appends them) and, every ``SNAPSHOT_EVERY`` orders and at the end
of each epoch and of the game, the snapshot of the state without its event log (``dumps_state``), compressed
(``pack``). "legal, first ask" is the first call on a new state; "asked again" the repeat (kept with the
state). "whole game, all" sums everything timed; "apply + legal only" sums ``apply`` and the first ``legal``
of each active role. ``dumps()`` (the whole state with its event log) is timed after every order for
comparison, outside the sums. The random player's own choosing is not timed.

Every figure is **wall-clock time** (``time.perf_counter``: what a player waits for), with the processor time
of the same calls beside it (``time.process_time``: on a loaded machine the wall clock counts the wait for a
core too, and the ratio of the two says how loaded it was). The reference, measured in the same run: the same
orders replayed alone on a new game of the same options and seed (``apply`` and nothing else), per order, and
the ratio of ``apply``'s median to it.

Budgets (docs/performance.md): apply one order < 0.2 ms median, ``legal()`` < 0.5 ms median, a whole random
game (everything timed, summed over the game) < 0.5 s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import games_of, load_average, pct
from bot.service.core import SNAPSHOT_EVERY, history_of, snapshot_due
from bot.storage.base import pack
from engine import RuleError
from engine.module import AnyModule, GameObject, parse_values
from tools.fuzz import describe
from tools.fuzz import pick as fuzz_pick

KINDS = (
    "public",
    "legal",
    "legal_again",
    "view",
    "copy",
    "apply",
    "store",
    "dumps",
    "order",
    "engine",
    "replay",
)


@dataclass
class Timed:
    """Wall-clock and processor seconds of each call of a kind."""

    wall: dict[str, list[float]] = field(default_factory=lambda: {k: [] for k in KINDS})
    cpu: dict[str, list[float]] = field(default_factory=lambda: {k: [] for k in KINDS})
    games_wall: list[float] = field(default_factory=list)
    games_cpu: list[float] = field(default_factory=list)
    engine_wall: list[float] = field(default_factory=list)
    engine_cpu: list[float] = field(default_factory=list)
    orders: list[int] = field(default_factory=list)
    dumps_at: list[int] = field(default_factory=list)

    def add(self, kind: str, wall: float, cpu: float) -> None:
        self.wall[kind].append(wall)
        self.cpu[kind].append(cpu)


class Clock:
    """Both clocks at once: ``lap()`` gives the wall and processor seconds since the last lap."""

    def __init__(self) -> None:
        self.w, self.c = time.perf_counter(), time.process_time()

    def lap(self) -> tuple[float, float]:
        w, c = time.perf_counter(), time.process_time()
        out = (w - self.w, c - self.c)
        self.w, self.c = w, c
        return out


def options_of(module: AnyModule, i: int, rng: random.Random, fixed: dict[str, Any]) -> Any:
    """The i-th game's options: the module's bench plan (whole games), or its defaults (and ``fixed``)."""
    if module.fuzzing.bench_options is not None:
        opts = module.fuzzing.bench_options(i, rng, fixed)
        return module.make_options(module.options_dict(opts) | fixed)
    return module.make_options(module.defaults() | fixed)


def play(module: AnyModule, seed: int, options: Any, t: Timed, cap: int = 0) -> None:
    """One whole game (``cap``: at most that many orders); every timing appended to ``t``."""
    rng = random.Random(seed)
    game: GameObject = module.new_game(options, seed)
    budget: dict[str, int] = {}
    played: list[tuple[str, str]] = []
    total_w = total_c = engine_w = engine_c = 0.0
    since = 0
    while not game.over and not (cap and len(played) >= cap):
        # what the bot does after a change (bot/service/broadcast.py): who acts, the status line and the
        # pinned status (the public view, twice), each active role's headline and prompt (legal twice, view)
        clock = Clock()
        active = game.active()
        game.view("public", events=False)
        game.view("public", events=False)
        t.add("public", *clock.lap())
        legal_w = legal_c = 0.0
        for r in active:
            clock.lap()
            game.legal(r)
            w, c = clock.lap()
            t.add("legal", w, c)
            legal_w, legal_c = legal_w + w, legal_c + c
            game.legal(r)
            t.add("legal_again", *clock.lap())
            game.view(r, events=False)
            t.add("view", *clock.lap())
        role = rng.choice(active)
        order = fuzz_pick(module, rng, game, role, budget)  # the random player's choosing is not timed
        if order is None:
            raise SystemExit(f"{module.id} seed {seed}: no legal order for {role}")
        clock.lap()
        work = module.copy(game)  # the game as it was stays as it was (bot/service/core.py, Change)
        copy_t = clock.lap()
        try:
            work.apply(role, order)
        except RuleError as e:
            raise SystemExit(f"{module.id} seed {seed}: legal order rejected: {role}: {order}: {e}") from None
        apply_t = clock.lap()
        # what the change stores (``Change.commit``): the history it added, and the snapshot when one is due
        history_of(game, work)
        since += 1
        if snapshot_due(module, game, work, since, SNAPSHOT_EVERY):
            pack(module.dumps_state(work))
            since = 0
        store_t = clock.lap()
        work.dumps()
        dumps_t = clock.lap()
        t.dumps_at.append(len(played))
        played.append((role, order))
        t.add("copy", *copy_t)
        t.add("apply", *apply_t)
        t.add("store", *store_t)
        t.add("dumps", *dumps_t)
        ow, oc = t.wall["public"][-1], t.cpu["public"][-1]  # the public views, then each role's
        n = len(active)
        ow += sum(t.wall["legal"][-n:]) + sum(t.wall["legal_again"][-n:]) + sum(t.wall["view"][-n:])
        oc += sum(t.cpu["legal"][-n:]) + sum(t.cpu["legal_again"][-n:]) + sum(t.cpu["view"][-n:])
        ow += copy_t[0] + apply_t[0] + store_t[0]
        oc += copy_t[1] + apply_t[1] + store_t[1]
        t.add("order", ow, oc)
        t.add("engine", apply_t[0] + legal_w, apply_t[1] + legal_c)
        total_w, total_c = total_w + ow, total_c + oc
        engine_w, engine_c = engine_w + apply_t[0] + legal_w, engine_c + apply_t[1] + legal_c
        game = work
    t.orders.append(len(played))
    t.games_wall.append(total_w)
    t.games_cpu.append(total_c)
    t.engine_wall.append(engine_w)
    t.engine_cpu.append(engine_c)
    # the reference: the same orders replayed alone on a new game (apply only, as a load replays them)
    again: GameObject = module.new_game(options, seed)
    for role, order in played:
        clock = Clock()
        again.apply(role, order)
        t.add("replay", *clock.lap())
    if again.dumps() != game.dumps():
        raise SystemExit(f"{module.id} seed {seed}: the replayed orders did not give the same game")


def row(label: str, wall: list[float], cpu: list[float], unit: float = 1000.0) -> str:
    return (
        f"{label:<27} {min(wall) * unit:8.3f} {statistics.median(wall) * unit:8.3f}"
        f" {pct(wall, 0.99) * unit:8.3f}   {statistics.median(cpu) * unit:8.3f} {pct(cpu, 0.99) * unit:8.3f}"
        f"  ({len(wall)})"
    )


def report(module: AnyModule, args: argparse.Namespace, t: Timed, wall: float, described: set[str]) -> None:
    # dumps() early and late in a game: the snapshot grows with the event log
    early = [i for i, k in enumerate(t.dumps_at) if k < 20]
    late: list[int] = []
    start = 0
    for n in t.orders:
        late += list(range(start + max(0, n - 20), start + n))
        start += n
    print(
        f"{module.title}: {args.games} whole games (seeds {args.seed}..{args.seed + args.games - 1};"
        f" {', '.join(sorted(described))}), {sum(t.orders)} orders (median"
        f" {statistics.median(t.orders):.0f} a game); {load_average()}"
    )
    print(
        f"{'per order, ms':<27} {'wall: min':>8} {'median':>8} {'p99':>8}   {'CPU: med':>8} {'p99':>8}"
        "  (runs)"
    )
    labels = [
        ("apply one order", "apply"),
        ("legal(role), first ask", "legal"),
        ("legal(role), asked again", "legal_again"),
        ("view(role), each active", "view"),
        ("active(), view(public) x2", "public"),
        ("the working copy", "copy"),
        ("stored: history+snapshot", "store"),
        ("dumps() (not in the sums)", "dumps"),
    ]
    for label, kind in labels:
        print(row(label, t.wall[kind], t.cpu[kind]))

    def pick_of(xs: list[float], idx: list[int]) -> list[float]:
        return [xs[i] for i in idx]

    print(row("  dumps, first 20 orders", pick_of(t.wall["dumps"], early), pick_of(t.cpu["dumps"], early)))
    print(row("  dumps, last 20 orders", pick_of(t.wall["dumps"], late), pick_of(t.cpu["dumps"], late)))
    print(row("all of the above, an order", t.wall["order"], t.cpu["order"]))
    print(row("whole game, all (s)", t.games_wall, t.games_cpu, 1.0))
    print(row("  apply + legal only (s)", t.engine_wall, t.engine_cpu, 1.0))
    ref = statistics.median(t.wall["replay"])
    print(row("reference: replayed alone", t.wall["replay"], t.cpu["replay"]))
    print(
        f"apply / reference (wall medians): {statistics.median(t.wall['apply']) / ref:.2f}x;"
        f" wall / CPU of everything timed: {sum(t.games_wall) / max(sum(t.games_cpu), 1e-9):.2f}"
        f" (1.00 on a free core); the run {wall:.1f} s wall, the random player's choosing included"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python bench/engine.py")
    ap.add_argument("--game", default="", help="a registered game module (default: every one)")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--options", default="", help='option values every game plays ("key=value ...")')
    ap.add_argument("--cap", type=int, default=0, help="at most this many orders a game (a quick try)")
    args = ap.parse_args(argv)
    for module in games_of(args.game):
        try:
            fixed = parse_values(module.options, args.options, {})
        except RuleError as e:
            ap.error(f"--options: {e}")
        t = Timed()
        described: set[str] = set()
        w0 = time.perf_counter()
        rng = random.Random(args.seed)
        for i in range(args.games):
            options = options_of(module, i, rng, fixed)
            described.add(describe(module, options))
            play(module, args.seed + i, options, t, args.cap)
        report(module, args, t, time.perf_counter() - w0, described)
    return 0


if __name__ == "__main__":
    sys.exit(main())
