"""``estafette demo``: bot players play a whole game of the default module; its main picture after every
turn, the end pictures (the replay), the log and the script are written to a folder.
``--scripted`` prints the short scripted demo of ``examples/demo.txt`` instead."""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

from ai.registry import new_player
from engine import modules
from engine.script import run_lines

from .narrate import TEXT, describe
from .outbox import Picture

DEMO = Path(__file__).resolve().parent.parent / "examples" / "demo.txt"


def scripted(path: Path = DEMO) -> int:
    out = run_lines(path.read_text(encoding="utf-8").splitlines())
    game = out.game
    assert game is not None
    module = modules.get(out.module)
    print(f"Estafette demo — {path.name} ({module.describe_options(game.options, 'en', TEXT)})\n")
    for line in (describe(e, "en", game.options, module) for e in game.view("public").events):
        if line:
            print(line)
    for r in out.results:
        if not r["ok"]:
            print(f"  (line {r['line']} rejected: {r['error']})")
    print(f"\nNow: {module.status(game, 'en', TEXT)}")
    return 0


def bots(out_dir: Path, seed: int = 1815, options: str = "", pictures: bool = True) -> int:
    """The module's bot players play a whole game."""
    from ai import PlayStats, play_turn

    from .pictures import Pictures

    if out_dir.exists() and not out_dir.is_dir():
        print(f"error: --out {out_dir} is a file; name a folder (nothing was written)", file=sys.stderr)
        return 2
    module = modules.get()
    first = module.options_dict(module.parse_options(module.first_options))
    opts = module.parse_options(options, first)
    game = module.new_game(opts, seed)
    rng = random.Random(seed)
    players = {role: new_player(module.id) for role in module.roles(opts)}
    stats = PlayStats()
    out_dir.mkdir(parents=True, exist_ok=True)
    drawer = Pictures()
    board = next((k.name for k in module.pictures if k.board), "")
    t0 = time.perf_counter()
    frames = 0

    def frame() -> None:
        nonlocal frames
        if pictures and board:
            png = drawer.draw(Picture(board, 0, frames, "public"), game)
            (out_dir / f"turn-{frames:02d}.png").write_bytes(png)
        frames += 1

    frame()
    epoch = module.epoch(game)
    while not game.over:
        role = game.active()[0]
        play_turn(game, role, players[role], rng, stats=stats)
        if module.epoch(game) != epoch or game.over:
            epoch = module.epoch(game)
            frame()
    played = time.perf_counter() - t0
    log = [x for x in (describe(e, "en", game.options, module) for e in game.view("public").events) if x]
    (out_dir / "log.txt").write_text("\n".join(log) + "\n", encoding="utf-8")
    (out_dir / "game.txt").write_text(game.script(), encoding="utf-8")
    if pictures:
        for kind in module.pictures:
            if kind.at_end:
                (out_dir / f"{kind.name}.gif").write_bytes(drawer.draw(Picture(kind.name, 0, frames), game))
    orders = sum(1 for line in game.log if not line.startswith("@"))
    print(f"Bot players, {module.describe_options(opts, 'en', TEXT)}, seed {seed}:")
    print(f"  {module.status(game, 'en', TEXT)}, after {orders} orders ({played:.1f} s of play)")
    print(
        f"  written to {out_dir}/: turn-NN.png (the public picture after each turn), the end pictures, "
        f"log.txt, game.txt (replay it with `python -m engine.script`)"
    )
    return 0
