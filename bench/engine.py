"""Engine benchmark: whole random campaigns (days=0), timing what the bot does after every order.

    python bench/engine.py [--games 20] [--seed 0]

Game ``seed+i`` plays random options (fuzzing.random_options) over the whole time record (days=0), the
random player (fuzzing.pick) choosing every order. After every order it does what the bot's service does
(bot/service/core.py, broadcast.py, prompts.py): the public view twice (the status line, the pinned status),
``legal(role)`` twice (headline, prompt) and ``view(role)`` of every active role, and what the change stores
(``Change.commit``): the events and script lines the order added (``history_of``, as the storage appends
them) and, every ``SNAPSHOT_EVERY`` orders and at the end of each campaign turn and of the game, the
snapshot of the state without its event log (``state_of``), compressed (``pack``). "legal, first ask" is the
first call on a new state; "asked again" the repeat (kept with the state). "whole campaign, all" sums
everything timed; "apply + legal only" sums ``apply`` and the first ``legal`` of each active role (what the
older bench called a whole game). ``dumps()`` (the whole state with its event log, which the bot wrote after
every order before its storage grew by events) is timed after every order for comparison, outside the sums.
Timed with ``time.process_time`` (CPU: the machine is shared); the random player's own choosing is not
timed.

Budgets (docs/performance.md): apply one order < 0.2 ms median, ``legal()`` < 0.5 ms median, a whole random
campaign (everything timed, summed over the game) < 0.5 s.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.service.core import SNAPSHOT_EVERY, history_of, snapshot_due
from bot.storage.base import pack
from engine import RuleError
from engine.napoleon import new_game
from engine.napoleon.fuzzing import pick, random_options
from engine.napoleon.game import Game
from engine.napoleon.module import MODULE as NAPOLEON

clock = time.process_time


def stats(xs: list[float], unit: float = 1000.0) -> str:
    s = sorted(xs)
    p99 = s[min(len(s) - 1, int(0.99 * len(s)))]
    return (
        f"min {s[0] * unit:7.3f}  median {statistics.median(s) * unit:7.3f}  p99 {p99 * unit:7.3f}"
        f"  (runs: {len(s)})"
    )


def play(seed: int, t: dict[str, list[float]]) -> tuple[float, float]:
    """One whole campaign; returns its timed CPU seconds (everything; apply and the first legal of each
    active role only) and appends every timing to ``t``."""
    rng = random.Random(seed)
    game = new_game(dataclasses.replace(random_options(rng), days=0), seed)
    budget: dict[str, int] = {}
    total = engine = 0.0
    n = since = 0
    while not game.over:
        # what the bot does after a change (bot/service/broadcast.py): who acts, the status line and the
        # pinned status (the public view, twice), each active role's headline and prompt (legal twice, view)
        t0 = clock()
        active = game.active()
        game.view("public", events=False)
        game.view("public", events=False)
        t1 = clock()
        for r in active:
            a = clock()
            game.legal(r)
            b = clock()
            game.legal(r)
            c = clock()
            game.view(r, events=False)
            d = clock()
            t["legal"].append(b - a)
            t["legal_again"].append(c - b)
            t["view"].append(d - c)
        t2 = clock()
        role = rng.choice(active)
        order = pick(rng, game, role, budget)  # the random player's own choosing is not the engine's time
        if order is None:
            raise SystemExit(f"seed {seed}: no legal order for {role}")
        before = Game(game.state, game.scenario)  # the game before the order (apply leaves its state be)
        t3 = clock()
        try:
            game.apply(role, order)
        except RuleError as e:
            raise SystemExit(f"seed {seed}: legal order rejected: {role}: {order}: {e}") from None
        t4 = clock()
        # what the change stores (bot/service/core.py, ``Change.commit``): the history it added, and the
        # snapshot when one is due (``_snapshot_due``)
        history_of(before, game)
        since += 1
        if snapshot_due(NAPOLEON, before, game, since, SNAPSHOT_EVERY):
            pack(NAPOLEON.dumps_state(game))
            since = 0
        t5 = clock()
        game.dumps()
        t6 = clock()
        t["public"].append(t1 - t0)
        t["apply"].append(t4 - t3)
        t["store"].append(t5 - t4)
        t["dumps"].append(t6 - t5)
        t["order"].append((t2 - t0) + (t5 - t3))
        t["engine"].append((t4 - t3) + sum(t["legal"][-len(active) :]))
        t["dumps_at"].append(n)
        total += (t2 - t0) + (t5 - t3)
        engine += t["engine"][-1]
        n += 1
    t["orders"].append(n)
    return total, engine


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    kinds = ("apply", "legal", "legal_again", "view", "public", "store", "dumps", "order", "engine")
    t: dict[str, list[float]] = {k: [] for k in kinds}
    t["dumps_at"], t["orders"] = [], []
    games: list[float] = []
    engine_games: list[float] = []
    w0 = time.perf_counter()
    for i in range(args.games):
        whole, engine = play(args.seed + i, t)
        games.append(whole)
        engine_games.append(engine)
    wall = time.perf_counter() - w0
    # dumps() early and late in a game: the snapshot grows with the event log
    early = [d for d, k in zip(t["dumps"], t["dumps_at"], strict=True) if k < 20]
    late: list[float] = []
    start = 0
    for n in map(int, t["orders"]):  # whole numbers, kept with the timings
        late += t["dumps"][start + max(0, n - 20) : start + n]
        start += n
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"{args.games} whole campaigns (days=0, seeds {args.seed}..{args.seed + args.games - 1}), "
        f"{sum(t['orders'])} orders (median {statistics.median(t['orders']):.0f} a game); "
        f"CPU time (process_time), ms; load average {load:.2f}"
    )
    print(f"apply one order           {stats(t['apply'])}")
    print(f"legal(role), first ask    {stats(t['legal'])}")
    print(f"legal(role), asked again  {stats(t['legal_again'])}")
    print(f"view(role), each active   {stats(t['view'])}")
    print(f"active(), view(public) x2 {stats(t['public'])}")
    print(f"stored, history+snapshot {stats(t['store'])}")
    print(f"dumps() (not in the sums) {stats(t['dumps'])}")
    print(f"  dumps, first 20 orders  {stats(early)}")
    print(f"  dumps, last 20 orders   {stats(late)}")
    print(f"all of the above, order   {stats(t['order'])}")
    print(f"whole campaign, all (s)   {stats(games, 1.0)}")
    print(f"  apply + legal only (s)  {stats(engine_games, 1.0)}")
    print(f"(wall clock for the run: {wall:.1f} s, the random player's choosing included)")


if __name__ == "__main__":
    main()
