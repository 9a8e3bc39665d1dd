"""Sample pictures of Napoleon's Triumph from seeded games of the engine, played by random legal orders: the
start and a later state as each role sees it, an attack under way at each of its steps. Used by the picture
demo (``demo``) and the picture bench (``render_warm``, ``render_bench``; ``renderers/showcase.py``); the
guide's pictures are drawn from a game of the bot players (``GUIDE``, ``python -m tools.samples OUT_DIR --game
triumph``)."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache, partial
from typing import Any

from engine.triumph.game import Game
from engine.triumph.options import Options

from ..showcase import (
    BATTLE_BUDGET_MS,
    MAP_BUDGET_MS,
    Games,
    Guide,
    Moment,
    RenderBench,
    in_both,
    map_parts,
    rgb_png,
    warm_steps,
)
from . import attack as A
from . import base as B
from . import pictures as P

ROLES = ("public", "french", "allies")


def play(seed: int, orders: int, scenario: str = "2dec") -> Game:
    """A game of ``scenario`` after ``orders`` random legal orders (fewer if it ends)."""
    game = Game.new(Options(scenario=scenario), seed)
    rng = random.Random(seed)
    for _ in range(orders):
        if game.over:
            break
        role = game.active()[0]
        game.apply(role, rng.choice(game.legal(role).choices))
    return game


WANTED = frozenset(("defend", "feint", "lead", "counter", "step-up", "retreat", "advance"))


@lru_cache(maxsize=4)
def attack_views(seed: int = 1, most: int = 600) -> dict[str, dict[str, Any]]:
    """An attack at each step the seeded game reaches in ``most`` orders: step -> role -> view."""
    game = Game.new(Options(), seed)
    rng = random.Random(seed)
    out: dict[str, dict[str, Any]] = {}
    for _ in range(most):
        if game.over or set(out) >= WANTED:
            break
        role = game.active()[0]
        game.apply(role, rng.choice(game.legal(role).choices))
        a = game.state.attack
        if a is not None and a.step not in out:
            out[a.step] = {r: game.view(r, events=False) for r in ROLES}
    return out


@lru_cache(maxsize=4)
def views(orders: int, scenario: str = "2dec", seed: int = 1) -> dict[str, Any]:
    game = play(seed, orders, scenario)
    return {r: game.view(r, events=False) for r in ROLES}


def demo(write: Callable[[str, bytes], None], games: Games | None = None) -> None:
    for role in ROLES:
        write(f"triumph-map-start-{role}.png", P.draw_map(views(0)[role]))
        write(f"triumph-map-mid-{role}.png", P.draw_map(views(150)[role]))
    write("triumph-map-1dec-night-public.png", P.draw_map(views(0, "1dec")["public"]))
    write("triumph-map-mid-french-ja.png", P.draw_map(views(150)["french"], "ja"))
    for step, by_role in attack_views().items():
        for role in ROLES:
            write(f"triumph-attack-{step}-{role}.png", A.draw_attack(by_role[role]))
    lead = attack_views().get("counter") or next(iter(attack_views().values()))
    write("triumph-attack-allies-ja.png", A.draw_attack(lead["allies"], "ja"))


def render_warm() -> list[tuple[str, Callable[[], object]]]:
    return warm_steps(B.warm)


def render_bench(games: Games | None = None) -> RenderBench:
    start, mid = views(0), views(150)
    att = attack_views()
    step = "counter" if "counter" in att else next(iter(att))
    cases: list[tuple[str, Callable[[], bytes], float, bool]] = []
    for role in ROLES:
        cases.append((f"map, {role}, start", partial(P.draw_map, start[role]), MAP_BUDGET_MS, True))
    for role in ROLES:
        cases.append((f"map, {role}, mid-game", partial(P.draw_map, mid[role]), MAP_BUDGET_MS, True))
    cases.append(("map, french, mid-game, ja", partial(P.draw_map, mid["french"], "ja"), MAP_BUDGET_MS, True))
    for role in ROLES:
        cases.append(
            (f"attack ({step}), {role}", partial(A.draw_attack, att[step][role]), BATTLE_BUDGET_MS, True)
        )
    cases.append((f"attack ({step}), allies, ja", partial(A.draw_attack, att[step]["allies"], "ja"),
                  BATTLE_BUDGET_MS, True))  # fmt: skip
    parts = map_parts(P.map_image, mid["french"])
    reference = (
        "the public start map as an RGB PNG (no fixed palette)",
        partial(rgb_png, P.map_image, start["public"]),
    )
    return RenderBench(reference, cases, ("the French mid-game map", parts))


def _feint_step(game: Any) -> bool:
    """11.3: two or more units named to defend (11.2, faces hidden), the attacker to feint or press."""
    a = game.state.attack
    return a is not None and a.step == "feint" and len(a.defenders) >= 2


def _guide_picture(kind: str, view: Any, locale: str) -> bytes | None:
    return {"map": P.draw_map, "attack": A.draw_attack}[kind](view, locale)


GUIDE = Guide(
    seed=1,
    moments=(
        Moment(
            "start",
            lambda g: g.state.round == 1 and g.state.side == "allies" and not g.log,
            in_both("triumph-map-start-public", "map", "public"),
        ),
        Moment(
            "feint",
            _feint_step,
            in_both("triumph-attack-feint-public", "attack", "public"),
        ),
        Moment(
            "private",
            lambda g: g.state.round >= 4 and g.state.side == "french" and g.state.attack is None,
            in_both("triumph-map-french", "map", "french"),
        ),
    ),
    draw=_guide_picture,
    about="the pictures of the guide's Napoleon's Triumph chapters (docs/guide-triumph.md, .ja.md)",
)
