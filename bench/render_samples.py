"""The picture bench for a samples module named by its dotted path, for a game whose module is not in the
registry yet (or any samples module): the same figures as ``bench/render.py`` (the one-off costs, a reference
measured in the same run, min / median / p99 over ``--runs`` with the number of runs, the processor time,
where one picture's time goes), from the module's ``render_warm`` and ``render_bench``
(``renderers/showcase.py``).

    python bench/render_samples.py renderers.<game>.samples [--runs 30]
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.render import _load, cpu_ms, row, timed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python bench/render_samples.py")
    ap.add_argument("samples", help="the dotted path of a samples module (renderers/showcase.py)")
    ap.add_argument("--runs", type=int, default=30)
    args = ap.parse_args(argv)
    samples = importlib.import_module(args.samples)
    print(f"{args.samples}: load average (1, 5, 15 min) {_load()}")
    for what, call in samples.render_warm():
        t0 = time.perf_counter()
        call()
        print(f"{what}: {(time.perf_counter() - t0) * 1000:.0f} ms")
    bench = samples.render_bench(None)
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
    print(f"load average at the end: {_load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
