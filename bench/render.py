"""Picture benchmark: time (min, median, p99 over ``--runs``) and PNG size of the campaign map and the
battle board, in this process, one picture at a time.

    python bench/render.py [--runs 30] [--levels]

Budgets (DESIGN.md, "Budgets"): the campaign map (about 1900×1400) in at most 75 ms median and under 1 MB
— five times faster than a comparable bot's ~370 ms through an SVG converter — and the battle board under
50 ms. Times are per picture once the scenario's static layer and palette exist (drawn once per process,
``renderers.napoleon.warm`` at start-up; that one-off cost is printed first). The reference, measured in the
same run: encoding the public start map as an RGB PNG (no fixed palette), which alone costs more than drawing
and encoding a whole map the way the renderer does; each map's ratio to it is printed. ``--levels`` also
prints time and size for each PNG compression level.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from data.napoleon import load_scenario
from engine.napoleon import Options, new_game
from renderers.napoleon import battle as battle_r
from renderers.napoleon import map as map_r
from tools.samples import battle_game, random_games

MAP_BUDGET_MS = 75
BATTLE_BUDGET_MS = 50
SIZE_BUDGET = 1_000_000


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


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--levels", action="store_true", help="compare PNG compression levels")
    args = ap.parse_args()

    sc = load_scenario()
    t0 = time.perf_counter()
    map_r.base_for(sc)
    base_ms = (time.perf_counter() - t0) * 1000
    t0 = time.perf_counter()
    map_r.base_for(sc, "ja")
    base_ja_ms = (time.perf_counter() - t0) * 1000

    start = new_game(Options(setup="historical"), seed=1)
    mid = None
    for i, g in enumerate(random_games(range(7, 8), every=25)):
        if i == 2:
            mid = g.view("french"), g.view("public")
            break
    assert mid is not None
    maps = {
        "map, public, start": start.view("public"),
        "map, French private, start (38 faces)": start.view("french"),
        "map, Allied private, start (47 faces)": start.view("allied"),
        "map, French private, mid-game": mid[0],
        "map, public, mid-game": mid[1],
    }
    bg = battle_game()
    battles = {f"battle board, {role}": bg.view(role) for role in ("public", "french", "allied")}

    print(f"static layer and palette, once per scenario: {base_ms:.0f} ms (+{base_ja_ms:.0f} ms in Japanese)")
    plain = map_r.map_image(maps["map, public, start"], sc).convert("RGB")
    ref_ms, ref_png = timed(lambda: map_r.encode_png(plain, map_r.PNG_COMPRESS), args.runs)
    ref = statistics.median(ref_ms)
    print(
        f"reference: encoding the public start map as an RGB PNG (no fixed palette) alone: median {ref:.1f}"
        f" ms, {len(ref_png) / 1024:.0f} KB ({args.runs} runs)"
    )
    print(f"{args.runs} runs each, ms:")
    print(f"{'picture':<42} {'min':>6} {'median':>6} {'p99':>6} {'vs ref':>6} {'PNG':>9}   budget")
    for name, v in maps.items():
        ms, png = timed(partial(map_r.render_map, v, sc), args.runs)
        print(row(name, ms, len(png), MAP_BUDGET_MS, ref))
    for name, v in battles.items():
        if not v.battles:
            print(f"{name:<42} no open battle in the sample script")
            continue
        ms, png = timed(partial(battle_r.render_battle, v.battles[0], v.role), args.runs)
        print(row(name, ms, len(png), BATTLE_BUDGET_MS))
    for name in ("map, French private, start (38 faces)", "map, French private, mid-game"):
        ms, png = timed(partial(map_r.render_map, maps[name], sc, "ja"), args.runs)
        print(row(f"{name}, ja", ms, len(png), MAP_BUDGET_MS, ref))
    v = battles["battle board, allied"]
    if v.battles:
        ms, png = timed(partial(battle_r.render_battle, v.battles[0], v.role, "ja"), args.runs)
        print(row("battle board, allied, ja", ms, len(png), BATTLE_BUDGET_MS))

    v = maps["map, French private, start (38 faces)"]
    parts: dict[str, Callable[[], object]] = {}
    im = map_r.base_for(sc).image.copy()
    parts["copy the static layer"] = lambda: map_r.base_for(sc).image.copy()
    parts["title bar"] = lambda: map_r._draw_title(im, v)
    parts["blocks (layout and sprites)"] = lambda: map_r._draw_blocks(im, map_r.base_for(sc), v.towns)
    parts["map onto the fixed palette"] = lambda: im.quantize(
        palette=map_r.base_for(sc).palette, dither=map_r.Image.Dither.NONE
    )
    pim = map_r.map_image(v, sc)
    parts[f"PNG encoding (level {map_r.PNG_COMPRESS})"] = lambda: map_r.encode_png(pim)
    print("\nwhere the French private map's time goes (median ms):")
    for name, fn in parts.items():
        ts = []
        for _ in range(args.runs):
            t0 = time.perf_counter()
            fn()
            ts.append(time.perf_counter() - t0)
        print(f"  {name:<42} {statistics.median(ts) * 1000:7.1f} ms")

    if args.levels:
        print("\nPNG compression level (indexed image of the French private map):")
        for level in range(0, 10):
            ms, png = timed(partial(map_r.encode_png, pim, level), max(5, args.runs // 3))
            print(f"  level {level}: {statistics.median(ms):7.1f} ms {len(png) / 1024:8.0f} KB")
        rgb = pim.convert("RGB")
        ms, png = timed(lambda: map_r.encode_png(rgb, map_r.PNG_COMPRESS), 5)
        print(
            f"  for comparison, the same picture as RGB at level {map_r.PNG_COMPRESS}: "
            f"{statistics.median(ms):.1f} ms, {len(png) / 1024:.0f} KB"
        )


if __name__ == "__main__":
    main()
