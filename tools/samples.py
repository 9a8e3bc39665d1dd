"""Sample games of any game module, for the demo, the benchmarks and the picture tests, and the guide's
pictures drawn from a real game:

    python -m tools.samples OUT_DIR [--game ID]

writes the pictures the game's guide shows (``Guide`` of the game's samples module,
``renderers.registry.samples``; ``renderers/showcase.py``): two of the module's bot players play a seeded
game, and at the moments the game names the pictures the bot would send are drawn from the views. The same
seed gives the same game, so the same pictures. Each picture is saved with Pillow's strongest PNG compression
(the same pixels, smaller files).

The games (``random_games``, ``walk``) are played by the fuzzer's random player of the module
(``Module.fuzzing``: its options drawn from the seed, its ``pick``); ``script_game`` plays a script in the
engine's own format (``engine.script.run_lines``). The game's own sample positions are in its package
(``renderers.registry.samples``).
"""

from __future__ import annotations

import io
import random
import sys
from collections.abc import Iterable, Iterator
from types import ModuleType
from typing import TYPE_CHECKING

from ai.registry import new_player
from engine import modules
from engine.errors import RuleError
from engine.module import AnyModule, GameObject

from .outdir import OutDir

if TYPE_CHECKING:
    from renderers.showcase import Guide


def script_game(script: str, upto: int | None = None) -> GameObject:
    """The game after the script's first ``upto`` lines (all of them by default); lines the engine rejects
    are skipped (the samples must not break when a rule is refined)."""
    from engine.script import run_lines

    lines = script.splitlines()
    out = run_lines(lines if upto is None else lines[:upto])
    game: GameObject | None = out.game  # Outcome.game is Any: each module's own game class
    assert game is not None
    return game


def random_games(
    seeds: range, every: int = 9, max_orders: int = 4000, *, game: str = ""
) -> Iterator[GameObject]:
    """Games of module ``game`` (the registry's default by default) played by its random player, yielded every
    ``every`` orders and at their end. The same game object is yielded again as it goes on: take what you
    need from it at once."""
    from tools.fuzz import draw

    module = modules.get(game or None)
    for seed in seeds:
        rng = random.Random(seed)
        rand = module.fuzzing.random_options
        options = (
            rand(rng) if rand is not None else module.make_options(module.defaults() | draw(module, seed))
        )
        yield from walk(module.new_game(options, seed), rng, every, max_orders, module=module)


def walk(
    game: GameObject,
    rng: random.Random,
    every: int = 9,
    max_orders: int = 4000,
    *,
    module: AnyModule | None = None,
) -> Iterator[GameObject]:
    """``game`` played on by the module's random player, yielded every ``every`` orders and at its end."""
    from tools.fuzz import pick

    module = module or modules.get(None)
    budget: dict[str, int] = {}
    n = 0
    while not game.over and n < max_orders:
        role = rng.choice(game.active())
        order = pick(module, rng, game, role, budget)
        if order is None:
            break
        game.apply(role, order)
        n += 1
        if n % every == 0:
            yield game
    yield game


def showcase(module: AnyModule) -> ModuleType | None:
    """The module's sample pictures (``renderers.registry.samples``), or None."""
    from renderers import registry

    return registry.samples(module.id)


def _small(png: bytes) -> bytes:
    """The same picture saved with the strongest compression (palette kept)."""
    from PIL import Image

    out = io.BytesIO()
    Image.open(io.BytesIO(png)).save(out, "PNG", optimize=True)
    smaller = out.getvalue()
    return smaller if len(smaller) < len(png) else png


def pictures(
    module: AnyModule, only: tuple[str, ...] = (), seed: int | None = None
) -> Iterable[tuple[str, bytes]]:
    """(file name, PNG) of each of the guide's moments (``only``: those named), as the seeded game of the
    module's bot players reaches it; each moment once. The game stops once every moment asked for is drawn."""
    samples = showcase(module)
    guide: Guide | None = getattr(samples, "GUIDE", None)
    if guide is None:
        raise ValueError(f"{module.id} names no guide pictures drawn from a game")
    seed = guide.seed if seed is None else seed
    todo = [m for m in guide.moments if not only or m.name in only]
    game = module.new_game(module.make_options(module.defaults()), seed)
    players = {role: new_player(module.id) for role in module.roles(game.options)}
    rng = random.Random(seed)
    for _ in range(guide.max_orders):
        for m in [m for m in todo if m.when(game)]:
            todo.remove(m)
            for name, kind, role, locale in m.draw:
                png = guide.draw(kind, game.view(role, events=False), locale)
                assert png is not None, f"no {kind} picture for {role} at {m.name}"
                yield name, _small(png)
        if not todo or game.over:
            break
        role = game.active()[0]
        game.apply(role, players[role].choose(game.view(role, events=False), game.legal(role), rng))
    if todo:
        raise RuntimeError(f"seed {seed}: the game never reached {', '.join(m.name for m in todo)}")


def main(argv: list[str] | None = None, only: tuple[str, ...] = ()) -> int:
    """``only``: the names of the moments to draw (all by default)."""
    out = OutDir.parse(argv, "tools.samples")
    if out is None:
        return 2
    try:
        module = modules.get(out.game or None)
    except RuleError as e:
        print(f"python -m tools.samples: {e}", file=sys.stderr)
        return 2
    if getattr(showcase(module), "GUIDE", None) is None:
        print(
            f"python -m tools.samples: {module.id} names no guide pictures drawn from a game", file=sys.stderr
        )
        return 2
    for name, png in pictures(module, only):
        out.write(name, png)
    return out.report("pictures")


if __name__ == "__main__":
    raise SystemExit(main())
