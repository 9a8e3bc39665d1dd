"""Sample games for the demo, the benchmark and the picture tests: scripts in the engine's own format
(DESIGN, "Script runner"), played through ``engine.script.run_lines``. They only set up positions worth
looking at; the rules are the engine's.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.napoleon.game import Game

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
    assert out.game is not None
    return out.game


def battle_game() -> Game:
    return script_game(BATTLE_SCRIPT)


def random_games(seeds: range, every: int = 9, max_orders: int = 4000) -> Iterator[Game]:
    """Games of the engine's random player (``tools.fuzz.pick``), yielded every ``every`` orders and at
    their end. The same game object is yielded again as it goes on: take what you need from it at once."""
    from engine.napoleon.game import new_game
    from tools.fuzz import random_options

    for seed in seeds:
        rng = random.Random(seed)
        yield from walk(new_game(random_options(rng), seed), rng, every, max_orders)


def walk(game: Game, rng: random.Random, every: int = 9, max_orders: int = 4000) -> Iterator[Game]:
    """``game`` played on by the engine's random player, yielded every ``every`` orders and at its end."""
    from tools.fuzz import pick

    budget: dict[str, int] = {}
    n = 0
    while not game.over and n < max_orders:
        role = rng.choice(game.active())
        order = pick(rng, game, role, budget)
        if order is None:
            break
        game.apply(role, order)
        n += 1
        if n % every == 0:
            yield game
    yield game


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
