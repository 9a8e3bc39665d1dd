"""``legal()`` walks once per start place, allowance and kind of block (5.1, 5.2, 5.5, 5.6, 10.0 with G9),
shares the walk among the blocks alike and does not walk again a land path every block of the group was
found to take with room on its hexsides: over many states of random games its answer is the one it gave
before (its moves as they were, a walk per block and every candidate walked again: ``ref_moves_alone`` of
``support/liberty_legal_before.py``, the reference), and each shared walk is the block's own."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from support.liberty import new
from support.liberty_legal_before import ref_moves_alone, ref_reach_alone, ref_river_reach_alone

from engine.liberty import board
from engine.liberty import legal as legal_rules
from engine.liberty.board import MOVE, REGROUP, RETREAT
from engine.liberty.game import Game
from engine.liberty.sequence import Phase

SIDES = ("british", "american")


def answer(g: Game, role: str) -> legal_rules.Legal:
    return legal_rules.legal(g.ctx, role, g.active())


def states(seed: int, orders: int, **options: object) -> Iterator[Game]:
    rng = random.Random(seed)
    g = new(seed, **options)
    for _ in range(orders):
        if g.over:
            return
        yield g
        role = rng.choice(g.active())
        g.apply(role, rng.choice(g.legal(role).choices))


@pytest.mark.parametrize(("seed", "wilderness"), [(1, True), (2, True), (3, False), (4, True), (5, False)])
def test_legal_with_shared_walks_is_legal_with_a_walk_per_block(
    monkeypatch: pytest.MonkeyPatch, seed: int, wilderness: bool
) -> None:
    compared = actions = 0
    for g in states(seed, 260, indians_wilderness=wilderness):
        for role in SIDES:
            new_answer = answer(g, role)
            with monkeypatch.context() as m:
                m.setattr(legal_rules, "_moves", ref_moves_alone)
                old_answer = answer(g, role)
            assert new_answer == old_answer, (seed, role, g.state.phase)
            compared += 1
            actions += g.state.phase == Phase.ACTIONS and new_answer.active
    assert compared > 200 and actions > 20  # the comparison met many states where blocks move


@pytest.mark.parametrize("seed", [6, 7])
def test_each_shared_walk_is_the_walk_of_each_block(seed: int) -> None:
    """Every block of both sides, every kind of walk (move, forced march, retreat, regroup, river): the walk
    found through the shared memo is the block's own walk, dest by dest and path by path."""
    checked = 0
    for g in states(seed, 200):
        ctx = g.ctx
        ctx.frozen = ctx.st.occupied()
        try:
            for side in SIDES:
                memo: board.Walks = {}
                for b in ctx.st.at_side(side):
                    for mode, forced in ((MOVE, False), (MOVE, True), (RETREAT, False), (REGROUP, False)):
                        want = ref_reach_alone(ctx, side, b, mode, forced=forced)
                        assert board.reach(ctx, side, b, mode, forced=forced, memo=memo) == want
                    assert board.river_reach(ctx, side, b, memo=memo) == ref_river_reach_alone(ctx, side, b)
                    checked += 1
        finally:
            ctx.frozen = None
    assert checked > 1000
