"""The steps' table (``engine/triumph/machine.py``, ``table.py``): every step has its row, every order a row
offers is an order of the grammar, and every change of step seen in play is a declared transition."""

from __future__ import annotations

import random

from engine.triumph.game import Game
from engine.triumph.machine import TRANSITIONS, Step
from engine.triumph.options import Options
from engine.triumph.orders import GRAMMAR
from engine.triumph.table import ROWS, TABLE, step_of


def test_every_step_has_one_row_and_its_orders_exist() -> None:
    assert [row.step for row in TABLE] == list(ROWS) and set(ROWS) == set(Step)
    for row in TABLE:
        assert set(row.orders) <= set(GRAMMAR.kinds), row
        assert row.rule
    assert {o for row in TABLE for o in row.orders} == set(GRAMMAR.kinds)  # every order has a step


def test_every_change_of_step_in_play_is_declared() -> None:
    declared = {(src, t.dst) for t in TRANSITIONS for src in t.src}
    seen: set[tuple[Step, Step]] = set()
    for seed in range(2):
        rng = random.Random(seed)
        g = Game.new(Options(french_setup=True), seed=seed)
        for _ in range(250):
            if g.over:
                break
            before = step_of(g.state)
            role = g.active()[0]
            choices = g.legal(role).choices
            attacks = [o for o in choices if o.kind in ("attack", "ready")]
            order = rng.choice(attacks) if attacks and rng.random() < 0.6 else rng.choice(choices)
            g.apply(role, order)
            seen.add((before, step_of(g.state)))
    undeclared = {p for p in seen if p not in declared and p[0] != p[1]}
    assert not undeclared, undeclared
    assert (Step.ORDERS, Step.DEFEND) in seen and (Step.SETUP, Step.ORDERS) in seen
