"""Napoleon's sample pictures (``renderers.registry.samples``; what each tool does with them:
``renderers/showcase.py``): a sample battle, the picture demo's files and what the picture bench times.

The sample battle is a script in the engine's own format, played through ``engine.script.run_lines``: it only
sets up a position worth looking at; the rules are the engine's.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Iterator
from functools import partial
from typing import TYPE_CHECKING

from ..palette import PNG_COMPRESS, encode_png
from ..showcase import BATTLE_BUDGET_MS, MAP_BUDGET_MS, Games, RenderBench

if TYPE_CHECKING:
    from engine.napoleon.game import Game

GUIDE = None  # no guide pictures drawn from a game (the guide's are the demo's)

# A French attack on Fleurus, deployed, then one battle turn each and a French fire (one die forced to hit).
BATTLE_SCRIPT = """\
@options ruleset=3.4 setup=historical players=2
@seed 3
@place FR-1 Charleroi
@place FR-2 Charleroi
@place FR-3 Charleroi
@place FR-5 Charleroi
@place FR-22 Charleroi
@place FR-30 Charleroi
@place NAP Charleroi
@place PR-1 Fleurus
@place PR-2 Fleurus
@place PR-3 Fleurus
@place PR-4 Fleurus
@place PR-20 Fleurus
french: /move units:FR-1,FR-2,FR-3,FR-5,FR-22,FR-30,NAP path:Charleroi>Fleurus
french: /end
allied: /deploy left:PR-1 center:PR-2,PR-20 right:PR-3 reserve:PR-4
french: /deploy left:FR-1 center:FR-2 right:FR-3 reserve:FR-5,FR-22,FR-30,NAP
french: /battle-move unit:FR-30 to:center
french: /battle-move unit:FR-2 to:across-center
french: /battle-move unit:NAP to:center
french: /battle-move unit:FR-22 to:left
french: /end
allied: /square unit:PR-1
allied: /fire unit:PR-2
allied: /fire unit:PR-20
allied: /end
french: /battle-move unit:FR-30 to:across-center
@dice 1 4
french: /fire unit:FR-22
"""


def script_game(script: str, upto: int | None = None) -> Game:
    """The game after the script's first ``upto`` lines (all of them by default); lines the engine rejects
    are skipped (the samples must not break when a rule is refined)."""
    from engine.script import run_lines

    lines = script.splitlines()
    out = run_lines(lines if upto is None else lines[:upto])
    game: Game = out.game  # Outcome.game is Any: each module's own game class
    assert game is not None
    return game


def battle_game() -> Game:
    return script_game(BATTLE_SCRIPT)


def random_battle_games(seed: int, steps: int = 40) -> Iterator[Game]:
    """The sample battle fought on by random legal orders, yielded after each one."""
    from engine.errors import RuleError

    rng = random.Random(seed)
    game = script_game(BATTLE_SCRIPT, upto=16)  # just after the move that starts the battle
    yield game
    for _ in range(steps):
        if game.over or game.state.phase != "battle":
            return
        active = game.active()
        if not active:
            return
        role = rng.choice(active)
        choices = list(game.legal(role).choices)
        if not choices:
            return
        moves = [c for c in choices if c != "/end"]
        order = rng.choice(moves) if moves and rng.random() < 0.8 else "/end"
        try:
            game.apply(role, order)
        except RuleError:
            continue
        yield game


def demo(write: Callable[[str, bytes], None], games: Games) -> None:
    """- ``map-public.png`` and ``map-<role>.png``: the campaign map at the start of the historical setup,
      public and as each player sees it (2 players: French, Allied; 3 players: French, British, Prussian);
    - ``map-midgame-public.png``: a campaign played a while by the engine's random player;
    - ``battle-public.png`` and ``battle-<role>.png``: a battle board, public and private;
    - ``map-french-ja.png`` and ``battle-allied-ja.png``: the same in Japanese;
    - ``replay.gif``: a whole random campaign, one frame a campaign turn."""
    import sys

    from engine.napoleon import Options, new_game
    from engine.script import public_views

    from .battle import render_battle
    from .map import render_map
    from .replay import render_replay

    g2 = new_game(Options(setup="historical"), seed=1)
    write("map-public.png", render_map(g2.view("public")))
    for role in ("french", "allied"):
        write(f"map-{role}.png", render_map(g2.view(role)))
    write("map-french-ja.png", render_map(g2.view("french"), locale="ja"))
    g3 = new_game(Options(setup="historical", players=3), seed=1)
    for role in ("british", "prussian"):
        write(f"map-3p-{role}.png", render_map(g3.view(role)))

    game = None
    for i, game in enumerate(games(range(7, 8), 25)):
        if i == 3:
            write("map-midgame-public.png", render_map(game.view("public")))
            write("map-midgame-french.png", render_map(game.view("french")))
    if game is not None:
        write("replay.gif", render_replay(public_views(game.script())))

    battle = battle_game()
    views = {role: battle.view(role) for role in ("public", "french", "allied")}
    if views["public"].battles:
        for role, v in views.items():
            write(f"battle-{role}.png", render_battle(v.battles[0], role))
        write("battle-allied-ja.png", render_battle(views["allied"].battles[0], "allied", locale="ja"))
        write("map-battle-public.png", render_map(views["public"]))
    else:
        print("no battle is open in the sample battle script: no battle board written", file=sys.stderr)


def render_bench(games: Games) -> RenderBench:
    """The campaign map (about 1900×1400; five times faster than a comparable bot's ~370 ms through an SVG
    converter) and the battle board, once the scenario's static layer and palette exist (``warm``). The
    reference: encoding the public start map as an RGB PNG (no fixed palette), which alone costs more than
    drawing and encoding a whole map the way the renderer does."""
    from PIL import Image

    from data.napoleon import load_scenario
    from engine.napoleon import Options, new_game

    from . import battle as battle_r
    from . import map as map_r

    sc = load_scenario()
    start = new_game(Options(setup="historical"), seed=1)
    mid = None
    for i, g in enumerate(games(range(7, 8), 25)):
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
    plain = map_r.map_image(maps["map, public, start"], sc).convert("RGB")
    reference = (
        "encoding the public start map as an RGB PNG (no fixed palette) alone",
        lambda: encode_png(plain, PNG_COMPRESS),
    )
    pictures: list[tuple[str, Callable[[], bytes], float, bool]] = []
    for name, v in maps.items():
        pictures.append((name, partial(map_r.render_map, v, sc), MAP_BUDGET_MS, True))
    for name, v in battles.items():
        if v.battles:
            pictures.append(
                (name, partial(battle_r.render_battle, v.battles[0], v.role), BATTLE_BUDGET_MS, False)
            )
    for name in ("map, French private, start (38 faces)", "map, French private, mid-game"):
        pictures.append((f"{name}, ja", partial(map_r.render_map, maps[name], sc, "ja"), MAP_BUDGET_MS, True))
    v = battles["battle board, allied"]
    if v.battles:
        call = partial(battle_r.render_battle, v.battles[0], v.role, "ja")
        pictures.append(("battle board, allied, ja", call, BATTLE_BUDGET_MS, False))

    v = maps["map, French private, start (38 faces)"]
    im = map_r.base_for(sc).image.copy()
    pim = map_r.map_image(v, sc)
    parts: dict[str, Callable[[], object]] = {
        "copy the static layer": lambda: map_r.base_for(sc).image.copy(),
        "title bar": lambda: map_r._draw_title(im, v),
        "blocks (layout and sprites)": lambda: map_r._draw_blocks(im, map_r.base_for(sc), v.towns),
        "map onto the fixed palette": lambda: im.quantize(
            palette=map_r.base_for(sc).palette, dither=Image.Dither.NONE
        ),
        f"PNG encoding (level {PNG_COMPRESS})": lambda: encode_png(pim),
    }

    def levels(runs: int) -> list[str]:
        lines = ["PNG compression level (indexed image of the French private map):"]
        for level in range(0, 10):
            ms, png = _timed(partial(encode_png, pim, level), max(5, runs // 3))
            lines.append(f"  level {level}: {statistics.median(ms):7.1f} ms {len(png) / 1024:8.0f} KB")
        rgb = pim.convert("RGB")
        ms, png = _timed(lambda: encode_png(rgb, PNG_COMPRESS), 5)
        lines.append(
            f"  for comparison, the same picture as RGB at level {PNG_COMPRESS}: "
            f"{statistics.median(ms):.1f} ms, {len(png) / 1024:.0f} KB"
        )
        return lines

    return RenderBench(reference, pictures, ("the French private map", parts), levels)


def render_warm() -> list[tuple[str, Callable[[], object]]]:
    """The one-off costs, timed first: the static layer and palette, once per scenario (per locale)."""
    from data.napoleon import load_scenario

    from . import map as map_r

    sc = load_scenario()
    return [
        ("static layer and palette, once per scenario", partial(map_r.base_for, sc)),
        ("the same in Japanese", partial(map_r.base_for, sc, "ja")),
    ]


def _timed(fn: Callable[[], bytes], runs: int) -> tuple[list[float], bytes]:
    fn()
    times, out = [], b""
    for _ in range(runs):
        t0 = time.perf_counter()
        out = fn()
        times.append((time.perf_counter() - t0) * 1000)
    return times, out


# the guide's pinned status picture (``python -m tools.guide_status``): the opening it is taken after
STATUS_OPENING = [("french", "/move units:FR-1,FR-2,FR-3 path:Solre-sur-Sambre>Thuin")]
