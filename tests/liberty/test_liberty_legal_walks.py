"""``legal()`` walks once per start place, allowance and kind of block (5.1, 5.2, 5.5, 5.6, 10.0 with G9),
shares the walk among the blocks alike and does not walk again a land path every block of the group was
found to take with room on its hexsides: over many states of random games its answer is the one it gave
before (its moves as they were, a walk per block and every candidate walked again, kept below as the
reference), and each shared walk is the block's own."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import pairwise

import pytest
from support.liberty import new

from engine.errors import RuleError
from engine.liberty import board, turns
from engine.liberty import legal as legal_rules
from engine.liberty import orders as O
from engine.liberty.board import MOVE, REGROUP, RETREAT
from engine.liberty.context import Ctx
from engine.liberty.game import Game
from engine.liberty.sequence import Phase
from engine.liberty.state import Block
from engine.orders import Order

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


OldCandidate = tuple[list[Block], list[str], bool, bool]


def old_moves(ctx: Ctx, side: str, only: str | None = None) -> tuple[list[Order], list[Order]]:
    """``legal``'s moves as they were before walks were shared: every block walked on its own and every
    candidate walked again by ``move_check``."""
    st = ctx.st
    choices: list[Order] = []
    attacks: list[Order] = []
    seas: set[tuple[tuple[str, ...], str]] = set()
    groups: dict[str, list[Block]] = {}
    for b in st.at_side(side):
        if not b.moved and (only is None or b.at == only):
            groups.setdefault(b.at, []).append(b)
    for origin, blocks in groups.items():
        for group, path, forced, river in old_candidates(ctx, side, origin, blocks):
            try:
                turns.move_check(ctx, side, group, path, forced=forced, river=river)
            except RuleError:
                continue
            move = O.Move(tuple(b.id for b in group), tuple(path), forced, river, only is not None)
            choices.append(move)
            if board.enemy_in(ctx, path[-1], side):
                attacks.append(move)
        if only is None:
            legal_rules._sea_moves(ctx, side, origin, blocks, seas, choices, attacks)
    return choices, attacks


def old_candidates(ctx: Ctx, side: str, origin: str, blocks: list[Block]) -> list[OldCandidate]:
    st = ctx.st
    by_path: dict[tuple[str, ...], list[Block]] = {}
    extra: list[OldCandidate] = []
    if origin in ctx.lib._index.hexes:
        ships = [b for b in blocks if ctx.lib.unit(b.id).type == "warship"]
        if ships:
            for forced in (False, True):
                for path in board.naval_reach(ctx, side, origin, forced=forced).values():
                    extra.append((ships[:1], path, forced, False))
                    if len(ships) > 1 and not forced:
                        extra.append((ships, path, False, False))
        for b in blocks:
            for path in old_reach(ctx, side, b).values():
                by_path.setdefault(tuple(path), []).append(b)
            for path in old_reach(ctx, side, b, forced=True).values():
                extra.append(([b], path, True, False))
            for path in old_river_reach(ctx, side, b).values():
                extra.append(([b], path, False, True))
    candidates: list[OldCandidate] = []
    for path_t, movers in by_path.items():
        path = list(path_t)
        room = min(
            c.limit - st.hexsides.get(board.side_key(side, x, y), 0)
            for x, y in pairwise(path)
            if (c := ctx.lib.hexside(x, y)) is not None
        )
        if origin in st.pinned and side != st.p1:
            room = min(room, st.pinned[origin])
        if room <= 0:
            continue
        candidates.append((movers[:1], path, False, False))
        if len(movers) > 1 and room > 1:
            candidates.append((movers[:room], path, False, False))
    return candidates + extra


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
                m.setattr(legal_rules, "_moves", old_moves)
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
