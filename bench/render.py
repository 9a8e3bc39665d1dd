"""Picture benchmark of a game module: time (min, median, p99 over ``--runs``) and PNG size of each of the
game's sample pictures, in this process, one picture at a time.

    python bench/render.py [--game ID] [--runs 30] [--levels]

``--game``: a registered module's id (the registry's default game without it); the pictures are the ones the
game's samples module times (``render_bench`` of ``renderers.registry.samples``, ``renderers/showcase.py``).
Budgets (docs/performance.md; ``renderers/showcase.py``): a map in at most 75 ms median and under 1 MB, a
battle board or a hand under 50 ms. Times are per picture once the static layers and palettes exist (drawn
once per process at start-up; that one-off cost is printed first). The machine's load average is printed first
and last (the machine is shared), and a reference measured in the same run (the game's, e.g. encoding its
public start map as an RGB PNG, no fixed palette): each map's ratio to it is printed, and on a loaded machine
both slow down alike. Then the processor time of each picture (what a quiet machine's wall clock would
show) and where one picture's time goes. ``--levels`` also prints time and size for each PNG compression
level (where the game gives them).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import modules
from renderers.showcase import SIZE_BUDGET
from tools.samples import random_games, showcase


def timed(fn: Callable[[], bytes], runs: int) -> tuple[list[float], bytes]:
    """Milliseconds of each of ``runs`` calls (after one that warms this state's sprites), and the output."""
    fn()
    times = []
    out = b""
    for _ in range(runs):
        t0 = time.perf_counter()
        out = fn()
        times.append((time.perf_counter() - t0) * 1000)
    return times, out


def cpu_ms(fn: Callable[[], object], runs: int) -> float:
    """The median processor time of ``runs`` calls, ms."""
    ts = []
    for _ in range(runs):
        t0 = time.process_time()
        fn()
        ts.append((time.process_time() - t0) * 1000)
    return statistics.median(ts)


def p99(ms: list[float]) -> float:
    return sorted(ms)[min(len(ms) - 1, int(0.99 * len(ms)))]


def row(name: str, ms: list[float], size: int, budget_ms: float, ref: float = 0.0) -> str:
    med = statistics.median(ms)
    ok = med <= budget_ms and size < SIZE_BUDGET
    vs = f"{med / ref:5.2f}x" if ref else " " * 6
    return (
        f"{name:<42} {min(ms):6.1f} {med:6.1f} {p99(ms):6.1f} {vs} {size / 1024:6.0f} KB"
        f"   {'ok' if ok else 'OVER BUDGET'}"
    )


def _load() -> str:
    return " ".join(f"{v:.2f}" for v in os.getloadavg())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python bench/render.py")
    ap.add_argument("--game", default="", help="a registered game module (default: the registry's default)")
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--levels", action="store_true", help="compare PNG compression levels")
    args = ap.parse_args(argv)
    module = modules.get(args.game or None)
    samples = showcase(module)
    if samples is None:
        ap.error(f"{module.id} has no sample pictures to time")
    print(f"{module.title}: load average (1, 5, 15 min) {_load()} on {os.cpu_count()} cores")
    for what, call in samples.render_warm():
        t0 = time.perf_counter()
        call()
        print(f"{what}: {(time.perf_counter() - t0) * 1000:.0f} ms")

    bench = samples.render_bench(lambda seeds, every: random_games(seeds, every, game=module.id))
    words, reference = bench.reference
    ref_ms, ref_png = timed(reference, args.runs)
    ref = statistics.median(ref_ms)
    print(f"reference: {words}: median {ref:.1f} ms, {len(ref_png) / 1024:.0f} KB ({args.runs} runs)")
    print(f"{args.runs} runs each, ms:")
    print(f"{'picture':<42} {'min':>6} {'median':>6} {'p99':>6} {'vs ref':>6} {'PNG':>9}   budget")
    cpu: dict[str, float] = {}
    for name, fn, budget, compared in bench.pictures:
        ms, png = timed(fn, args.runs)
        print(row(name, ms, len(png), budget, ref if compared else 0.0))
        cpu[name] = cpu_ms(fn, args.runs)
    # on a loaded machine the wall clock counts the time waiting for a core; the processor time does not
    print("\nprocessor time (median ms), about what a quiet machine's wall clock would show:")
    print("  " + ", ".join(f"{name} {ms:.0f}" for name, ms in cpu.items()))

    title, parts = bench.parts
    if parts:
        print(f"\nwhere {title}'s time goes (median ms):")
        for name, fn in parts.items():
            ts = []
            for _ in range(args.runs):
                t0 = time.perf_counter()
                fn()
                ts.append(time.perf_counter() - t0)
            print(f"  {name:<42} {statistics.median(ts) * 1000:7.1f} ms")
    if args.levels and bench.levels is not None:
        print()
        print("\n".join(bench.levels(args.runs)))
    print(f"load average at the end: {_load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
