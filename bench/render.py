"""Picture benchmark: median time and PNG size of the campaign map and the battle board.

    python bench/render.py [--runs 30] [--levels]

Budgets (DESIGN.md, "Budgets"): the campaign map (about 1900×1400) in at most 75 ms and under 1 MB — five
times faster than a comparable bot's ~370 ms through an SVG converter — and the battle board under 50 ms.
Times are per picture once the scenario's static layer and palette exist (built once per process; that
one-off cost is printed too). ``--levels`` also prints time and size for each PNG compression level.
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

from data import load_scenario
from engine.napoleon import Options, new_game
from renderers import battle as battle_r
from renderers import map as map_r
from tools.samples import battle_game, random_games

MAP_BUDGET_MS = 75
BATTLE_BUDGET_MS = 50
SIZE_BUDGET = 1_000_000


def timed(fn: Callable[[], bytes], runs: int) -> tuple[float, bytes]:
    fn()  # warm: sprites of this state are drawn once
    times = []
    out = b""
    for _ in range(runs):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000, out


def row(name: str, ms: float, size: int, budget_ms: float) -> str:
    ok = ms <= budget_ms and size < SIZE_BUDGET
    return f"{name:<44} {ms:7.1f} ms {size / 1024:8.0f} KB   {'ok' if ok else 'OVER BUDGET'}"


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
    print(f"{'picture':<44} {'median':>10} {'PNG':>11}   budget")
    for name, v in maps.items():
        ms, png = timed(partial(map_r.render_map, v, sc), args.runs)
        print(row(name, ms, len(png), MAP_BUDGET_MS))
    for name, v in battles.items():
        if not v.battles:
            print(f"{name:<44} no open battle in the sample script")
            continue
        ms, png = timed(partial(battle_r.render_battle, v.battles[0], v.role), args.runs)
        print(row(name, ms, len(png), BATTLE_BUDGET_MS))
    for name in ("map, French private, start (38 faces)", "map, French private, mid-game"):
        ms, png = timed(partial(map_r.render_map, maps[name], sc, "ja"), args.runs)
        print(row(f"{name}, ja", ms, len(png), MAP_BUDGET_MS))
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
    print("\nwhere the French private map's time goes:")
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
            print(f"  level {level}: {ms:7.1f} ms {len(png) / 1024:8.0f} KB")
        rgb = pim.convert("RGB")
        ms, png = timed(lambda: map_r.encode_png(rgb, map_r.PNG_COMPRESS), 5)
        print(
            f"  for comparison, the same picture as RGB at level {map_r.PNG_COMPRESS}: {ms:.1f} ms, "
            f"{len(png) / 1024:.0f} KB"
        )


if __name__ == "__main__":
    main()
