"""``legal()`` walks once per start place, allowance and kind of block (5.1, 5.2, 5.5, 5.6, 10.0 with G9)
and shares the walk among the blocks alike: over many states of random games its answer is the one the
walk per block gave (the per-block walks kept below as the reference), and so is each shared walk."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from support.liberty import new

from engine.liberty import board
from engine.liberty import legal as legal_rules
from engine.liberty.board import MOVE, REGROUP, RETREAT
from engine.liberty.context import Ctx
from engine.liberty.game import Game
from engine.liberty.sequence import Phase
from engine.liberty.state import Block

SIDES = ("british", "american")


def old_reach(
    ctx: Ctx, side: str, block: Block, mode: str = MOVE, *, forced: bool = False, first: str | None = None
) -> dict[str, list[str]]:
    """The walk of one block, as ``board.reach`` was before walks were shared."""
    st, lib = ctx.st, ctx.lib
    unit = lib.unit(block.id)
    if unit.type == "warship" or block.at not in lib._index.hexes:
        return {}
    limit = unit.move + (1 if forced else 0)
    indian = unit.type == "indians"
    battles = set(board.battle_places(st)) if mode == RETREAT else set()
    out: dict[str, list[str]] = {}
    frontier = [[block.at]]
    seen = {block.at}
    for _ in range(limit):
        nxt: list[list[str]] = []
        for path in frontier:
            here = path[-1]
            if len(path) > 1:
                if board.enemy_in(ctx, here, side):
                    continue
                c = lib.hexside(path[-2], here)
                if c is not None and c.stops and not indian:
                    continue
            for n, c in lib.neighbours(here):
                if (
                    n in seen
                    or not c.land
                    or not lib.hex(n).land
                    or (len(path) == 1 and first not in (None, n))
                ):
                    continue
                if not board.indian_may_enter(ctx, block, n):
                    continue
                if mode == RETREAT and (not board.not_enemy(ctx, n, side) or n in battles):
                    continue
                if mode == REGROUP and not board.friendly(ctx, n, side):
                    continue
                seen.add(n)
                nxt.append([*path, n])
        frontier = nxt
        for p in nxt:
            out[p[-1]] = p
    if forced:
        out = {d: p for d, p in out.items() if len(p) - 1 == limit}
    return out


def old_river_reach(ctx: Ctx, side: str, block: Block) -> dict[str, list[str]]:
    """The river walk of one block (5.6), as ``board.river_reach`` was before walks were shared."""
    lib = ctx.lib
    unit = lib.unit(block.id)
    if unit.type == "warship" or block.at not in lib._index.hexes:
        return {}
    out: dict[str, list[str]] = {}
    ways = {w for _, c in lib.neighbours(block.at) for w in c.waterways}
    for way in sorted(ways):
        for n in lib.waterway_neighbours(block.at, way):
            if not lib.hex(n).land or not board.indian_may_enter(ctx, block, n):
                continue
            out.setdefault(n, [block.at, n])
            if board.enemy_in(ctx, n, side):
                continue
            for m in lib.waterway_neighbours(n, way):
                if m != block.at and lib.hex(m).land and board.indian_may_enter(ctx, block, m):
                    out.setdefault(m, [block.at, n, m])
    return out


@contextmanager
def per_block_walks(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``legal()`` with every block walked on its own (the memo ignored): the reference answer."""

    def reach(*args: Any, memo: object = None, **kw: Any) -> dict[str, list[str]]:
        return old_reach(*args, **kw)

    def river_reach(*args: Any, memo: object = None, **kw: Any) -> dict[str, list[str]]:
        return old_river_reach(*args, **kw)

    with monkeypatch.context() as m:
        m.setattr(board, "reach", reach)
        m.setattr(board, "river_reach", river_reach)
        yield


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
            with per_block_walks(monkeypatch):
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
                        want = old_reach(ctx, side, b, mode, forced=forced)
                        assert board.reach(ctx, side, b, mode, forced=forced, memo=memo) == want
                    assert board.river_reach(ctx, side, b, memo=memo) == old_river_reach(ctx, side, b)
                    checked += 1
        finally:
            ctx.frozen = None
    assert checked > 1000
