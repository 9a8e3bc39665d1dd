"""Liberty's picture benchmark: time (min, median, p99 over ``--runs``) and PNG size of the hex map (public
and each side's, at the 1775 set-up and crowded), the battle and the hand, in this process, one picture at a
time.

    python bench/render_liberty.py [--runs 30]

Budgets as Napoleon's map (docs/performance.md): the map in at most 75 ms median on a quiet machine and under
1 MB; the battle board under 50 ms. The machine's load average is printed first, and, as a yardstick measured
in the same run, Napoleon's public start map (renderers.render_map): on a loaded machine both slow down alike.
Times are per picture once the static layers exist (``renderers.liberty.warm``, whose one-off cost is
printed).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from render import BATTLE_BUDGET_MS, MAP_BUDGET_MS, row, timed  # the same measure as Napoleon's pictures

from renderers.liberty import draw_battle, draw_hand, draw_map, warm
from renderers.liberty import pictures as PI
from renderers.liberty.samples import crowded_picture, sample_battle, sample_hand, setup_picture


def cpu_ms(fn: Callable[[], object], runs: int) -> float:
    """The median processor time of ``runs`` calls, ms."""
    ts = []
    for _ in range(runs):
        t0 = time.process_time()
        fn()
        ts.append((time.process_time() - t0) * 1000)
    return statistics.median(ts)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=30)
    args = ap.parse_args()
    print("load average (1, 5, 15 min): " + " ".join(f"{v:.2f}" for v in os.getloadavg()))
    t0 = time.perf_counter()
    warm("en")
    en_ms = (time.perf_counter() - t0) * 1000
    t0 = time.perf_counter()
    warm("ja")
    ja_ms = (time.perf_counter() - t0) * 1000
    print(f"static layers and palettes (warm): {en_ms:.0f} ms, +{ja_ms:.0f} ms in Japanese")

    from engine.napoleon import Options, new_game
    from renderers.napoleon import render_map

    napoleon = new_game(Options(setup="historical"), seed=1).view("public")
    render_map(napoleon)
    ms, png = timed(partial(render_map, napoleon), args.runs)
    ref = statistics.median(ms)
    ref_cpu = cpu_ms(partial(render_map, napoleon), args.runs)
    print(
        f"yardstick, Napoleon's public start map in this run: median {ref:.1f} ms, processor time"
        f" {ref_cpu:.1f} ms (vs ref: the ratio of the medians)"
    )

    print(f"{args.runs} runs each, ms:")
    print(f"{'picture':<42} {'min':>6} {'median':>6} {'p99':>6} {'vs ref':>6} {'PNG':>9}   budget")
    cases: list[tuple[str, Callable[[], bytes], float]] = []
    for viewer in ("public", "british", "american"):
        cases.append((f"map 1775, {viewer}", partial(draw_map, setup_picture(viewer)), MAP_BUDGET_MS))
    for viewer in ("public", "british", "american"):
        cases.append((f"map crowded, {viewer}", partial(draw_map, crowded_picture(viewer)), MAP_BUDGET_MS))
    cases.append(
        ("map crowded, american, ja", partial(draw_map, crowded_picture("american", "ja")), MAP_BUDGET_MS)
    )
    for viewer in ("public", "british"):
        cases.append((f"battle, {viewer}", partial(draw_battle, sample_battle(viewer)), BATTLE_BUDGET_MS))
    cases.append(
        ("battle, british, ja", partial(draw_battle, sample_battle("british", "ja")), BATTLE_BUDGET_MS)
    )
    cases.append(("hand, british", partial(draw_hand, sample_hand("british")), BATTLE_BUDGET_MS))
    cases.append(("hand, american, ja", partial(draw_hand, sample_hand("american", "ja")), BATTLE_BUDGET_MS))
    cpu: dict[str, float] = {}
    for name, fn, budget in cases:
        ms, png = timed(fn, args.runs)
        print(row(name, ms, len(png), budget, ref))
        cpu[name] = cpu_ms(fn, args.runs)
    # on a loaded machine the wall clock counts the time waiting for a core; the processor time does not
    print("\nprocessor time (median ms), about what a quiet machine's wall clock would show:")
    print("  " + ", ".join(f"{name} {ms:.0f}" for name, ms in cpu.items()))

    pic = crowded_picture("british")
    im = PI.map_image(pic)
    parts: dict[str, Callable[[], object]] = {
        "draw and map onto the palette": partial(PI.map_image, pic),
        "of which the cards' layout": partial(PI.card_layout, pic),
        f"PNG encoding (level {PI.PNG_COMPRESS})": partial(PI.encode_png, im),
    }
    print("\nwhere the crowded British map's time goes (median ms):")
    for name, fn in parts.items():
        ts, _ = timed(fn, args.runs)  # type: ignore[arg-type]
        print(f"  {name:<40} {statistics.median(ts):7.1f} ms")
    print("load average at the end: " + " ".join(f"{v:.2f}" for v in os.getloadavg()))


if __name__ == "__main__":
    main()
