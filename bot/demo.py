"""``estafette demo``: two bot players play a whole campaign; the public map after every campaign turn, the
replay and the log are written to a folder (issue 6, item 5). ``--scripted`` prints the short scripted demo
of ``examples/demo.txt`` instead."""

from __future__ import annotations

import random
import time
from pathlib import Path

from engine import Options, new_game
from engine.script import run_lines

from .narrate import describe

DEMO = Path(__file__).resolve().parent.parent / "examples" / "demo.txt"


def scripted(path: Path = DEMO) -> int:
    out = run_lines(path.read_text(encoding="utf-8").splitlines())
    game = out.game
    assert game is not None
    print(f"Estafette demo — {path.name} (ruleset {game.options.ruleset}, setup {game.options.setup})\n")
    for line in (describe(e) for e in game.view("public").events):
        if line:
            print(line)
    for r in out.results:
        if not r["ok"]:
            print(f"  (line {r['line']} rejected: {r['error']})")
    v = game.view("public")
    print(
        f"\nNow: turn {v.turn} of {v.last_turn}, {v.day} {v.slot}, phase {v.phase}, "
        f"waiting for {', '.join(v.active) or 'nobody'}."
    )
    return 0


def bots(out_dir: Path, seed: int = 1815, options: str = "", pictures: bool = True) -> int:
    """Two heuristic bot players play a whole game."""
    from ai import HeuristicPlayer, PlayStats, play_turn

    opts = Options.parse(options, Options(setup="historical")) if options else Options(setup="historical")
    game = new_game(opts, seed)
    rng = random.Random(seed)
    players = {role: HeuristicPlayer() for role in opts.roles}
    stats = PlayStats()
    out_dir.mkdir(parents=True, exist_ok=True)
    views = [game.view("public", events=False)]
    t0 = time.perf_counter()
    if pictures:
        from renderers import render_map

        (out_dir / "turn-00.png").write_bytes(render_map(views[0], game.scenario))
    turn = game.state.turn
    while not game.over:
        role = game.active()[0]
        play_turn(game, role, players[role], rng, stats=stats)
        if game.state.turn != turn or game.over:
            turn = game.state.turn
            v = game.view("public", events=False)
            views.append(v)
            if pictures:
                (out_dir / f"turn-{len(views) - 1:02d}.png").write_bytes(render_map(v, game.scenario))
    played = time.perf_counter() - t0
    log = [t for t in (describe(e) for e in game.view("public").events) if t]
    (out_dir / "log.txt").write_text("\n".join(log) + "\n", encoding="utf-8")
    (out_dir / "game.txt").write_text(game.script(), encoding="utf-8")
    if pictures:
        from renderers import render_replay

        (out_dir / "replay.gif").write_bytes(render_replay(views, game.scenario))
    result = game.state.result
    assert result is not None
    print(f"Two bot players, {opts.players} players, rules {opts.ruleset}, setup {opts.setup}, seed {seed}:")
    print(f"  {result.winner} — {result.reason}, after {game.state.orders} orders ({played:.1f} s of play)")
    print(
        f"  written to {out_dir}/: turn-NN.png (the public map after each campaign turn), replay.gif, "
        f"log.txt, game.txt (replay it with `python -m engine.script`)"
    )
    return 0
