"""Helpers for the Liberty tests: a game with an empty board, blocks put where a test needs them, and a
turn set to the phase under test (the rules are then driven through ``apply``, as a player would)."""

from __future__ import annotations

import random

from engine.liberty.board import recompute_control
from engine.liberty.game import Game
from engine.liberty.options import Options
from engine.liberty.state import FRENCH_POOL, POOL


def new(seed: int = 1, **options: object) -> Game:
    return Game.new(Options(**options), seed)  # type: ignore[arg-type]


def empty(seed: int = 1, **options: object) -> Game:
    """A game in 1776 turn 1 with every block in its pool (the French in theirs) and control by colour."""
    g = new(seed, **options)
    st = g.state
    for b in st.blocks.values():
        b.at = FRENCH_POOL if g.ctx.lib.unit(b.id).nation == "french" and not st.french_in else POOL
        b.strength = g.ctx.lib.unit(b.id).max_cv
    st.year = 1776
    recompute_control(g.ctx)
    return g


def put(g: Game, unit: str, place: str, strength: int | None = None) -> None:
    b = g.state.blocks[unit]
    b.at = place
    b.strength = strength if strength is not None else g.ctx.lib.unit(unit).max_cv


def actions(g: Game, side: str, n: int = 3, *, p1: str | None = None, weather: int = 6) -> None:
    """Skip to ``side``'s action phase with ``n`` actions (``p1``: who is Player 1 this turn)."""
    st = g.state
    st.p1 = p1 or side
    st.weather = weather
    card = {1: "ACT-1", 2: "ACT-7", 3: "ACT-15"}[n]
    st.played = {"british": card, "american": card}
    st.revealed = dict(st.played)
    st.phase, st.acting, st.actions_left, st.built, st.deployed = "actions", side, n, False, []
    if side != st.p1:
        from engine.liberty.turns import pin

        pin(g.ctx, side)


def to_p2(g: Game, p2: str, n: int = 3) -> None:
    """End P1's actions and give P2 ``n`` actions (through the rules: P1's /end)."""
    st = g.state
    st.queue = [f"actions|{p2}"]
    card = {1: "ACT-1", 2: "ACT-7", 3: "ACT-15"}[n]
    st.revealed[p2] = card
    g.apply(st.p1 or "british", "/end")


def play_random(seed: int, cap: int = 4000) -> tuple[Game, int]:
    """A whole game by random legal orders (every choice must be accepted)."""
    g = new(seed)
    rng = random.Random(seed)
    n = 0
    while not g.over and n < cap:
        role = rng.choice(g.active())
        legal = g.legal(role)
        choice = rng.choice(legal.choices)
        if choice == "/end" and legal.phase == "actions" and rng.random() < 0.7:
            choice = rng.choice(legal.choices)
        g.apply(role, choice)
        n += 1
    return g, n
