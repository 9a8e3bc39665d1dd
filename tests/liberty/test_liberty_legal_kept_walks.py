"""``legal()``'s moves made cheaper (5.1, 5.2, 5.5, 5.6, 8.1; G7): the land and river walks kept from one call
to the next while the enemy blocks stand where they stood (a walk stops only where they are, 5.1), each path's
room worked out once (5.2), the moves' values made at once. Over whole random games, state after state as the
bot asks them (so that the walks kept from one ask serve the next), every answer is the one the code before
gave (its moves kept below as the reference, each call walking afresh); and a walk kept is never served once
an enemy block has moved."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest
from support.liberty import actions, empty, new, put

from engine.errors import RuleError
from engine.liberty import board, turns
from engine.liberty import legal as legal_rules
from engine.liberty import orders as O
from engine.liberty.context import Ctx
from engine.liberty.legal import Candidate
from engine.liberty.sequence import Phase
from engine.liberty.state import Block
from engine.orders import Order

SIDES = ("british", "american")


def ref_moves(ctx: Ctx, side: str, only: str | None = None) -> tuple[list[Order], list[Order]]:
    """The moves of ``side``; with ``only``, the ``also:yes`` moves of the group in that hex (G7)."""
    st = ctx.st
    choices: list[Order] = []
    attacks: list[Order] = []
    seas: set[tuple[tuple[str, ...], str]] = set()
    groups: dict[str, list[Block]] = {}
    walks: board.Walks = {}  # the state does not change while legal() asks: one walk serves every like block
    for b in st.at_side(side):
        if not b.moved and (only is None or b.at == only):
            groups.setdefault(b.at, []).append(b)
    for origin, blocks in groups.items():
        unpinned = origin not in st.pinned or side == st.p1  # 5.4 binds only P2's blocks in a pinned hex
        for group, path, forced, river, walked in ref_candidates(ctx, side, origin, blocks, walks):
            attack = board.enemy_in(ctx, path[-1], side)
            # a walked path into no enemy, from a hex that pins nothing: move_check has nothing left to refuse
            # (4.0 and 8.4 are about attacks, 5.4 about pinned hexes)
            if not (walked and unpinned and not attack):
                try:
                    turns.move_check(ctx, side, group, path, forced=forced, river=river, walked=walked)
                except RuleError:
                    continue
            move = O.Move(tuple(b.id for b in group), tuple(path), forced, river, only is not None)
            choices.append(move)
            if attack:
                attacks.append(move)
        if only is None:
            legal_rules._sea_moves(ctx, side, origin, blocks, seas, choices, attacks)
    return choices, attacks


def ref_candidates(
    ctx: Ctx, side: str, origin: str, blocks: list[Block], walks: board.Walks | None = None
) -> list[Candidate]:
    """The moves worth checking from ``origin``: on each path one block, and as many as the hexsides carry
    (5.2; a pinned hex's, 5.3); each block by forced march (5.5) and by river (5.6); the warships together
    and one alone (8.1). A land path ``board.reach`` found for every block of the group, with room on its
    hexsides for the group (5.2), is ``walked``: ``walk`` would find nothing more to refuse."""
    st = ctx.st
    by_path: dict[tuple[str, ...], list[Block]] = {}
    extra: list[Candidate] = []
    rooms: dict[tuple[str, str], int] = {}
    if origin in ctx.lib._index.hexes:
        ships = [b for b in blocks if ctx.lib.unit(b.id).type == "warship"]
        if ships:  # 8.1: the warships of the hex together, and one alone
            for forced in (False, True):
                for path in board.naval_reach(ctx, side, origin, forced=forced).values():
                    extra.append((ships[:1], path, forced, False, False))
                    if len(ships) > 1 and not forced:
                        extra.append((ships, path, False, False, False))
        for b in blocks:
            for path in board.reach(ctx, side, b, memo=walks).values():
                by_path.setdefault(tuple(path), []).append(b)
            for path in board.reach(ctx, side, b, forced=True, memo=walks).values():
                extra.append(([b], path, True, False, ref_room(ctx, side, path, rooms) > 0))
            for path in board.river_reach(ctx, side, b, memo=walks).values():
                extra.append(([b], path, False, True, False))
    candidates: list[Candidate] = []
    for path_t, movers in by_path.items():
        path = list(path_t)
        room = ref_room(ctx, side, path, rooms)
        if origin in st.pinned and side != st.p1:
            room = min(room, st.pinned[origin])
        if room <= 0:
            continue
        candidates.append((movers[:1], path, False, False, True))
        if len(movers) > 1 and room > 1:
            candidates.append((movers[:room], path, False, False, True))
    return candidates + extra


def ref_room(ctx: Ctx, side: str, path: list[str], rooms: dict[tuple[str, str], int]) -> int:
    """5.2: how many more blocks of ``side`` the fullest hexside of a land path carries this turn (each
    hexside's room kept in ``rooms``: the paths from one hex share their first steps)."""
    room: int | None = None
    for step in pairwise(path):
        here = rooms.get(step)
        if here is None:
            c = ctx.lib.hexside(*step)
            if c is None:
                continue
            here = rooms[step] = c.limit - ctx.st.hexsides.get(board.side_key(side, *step), 0)
        room = here if room is None else min(room, here)
    assert room is not None
    return room


@pytest.mark.parametrize(("seed", "wilderness"), [(11, True), (12, False), (13, True)])
def test_every_answer_over_whole_random_games_is_the_one_before(
    monkeypatch: pytest.MonkeyPatch, seed: int, wilderness: bool
) -> None:
    rng = random.Random(seed)
    g = new(seed, indians_wilderness=wilderness)
    actions_seen = 0
    for _ in range(900):
        if g.over:
            break
        for role in SIDES:
            now = legal_rules.legal(g.ctx, role, g.active())
            with monkeypatch.context() as m:
                m.setattr(legal_rules, "_moves", ref_moves)
                before = legal_rules.legal(g.ctx, role, g.active())
            assert now == before, (seed, role, g.state.phase)
            assert [str(c) for c in now.choices] == [str(c) for c in before.choices]
            assert [str(c) for c in now.attacks] == [str(c) for c in before.attacks]
            actions_seen += g.state.phase == Phase.ACTIONS and now.active
        role = rng.choice(g.active())
        g.apply(role, rng.choice(g.legal(role).choices))
    assert actions_seen > 100


def test_a_walk_kept_is_not_served_once_an_enemy_block_has_moved() -> None:
    """5.1: a walk stops and fights where enemy blocks stand: an enemy block put on the way after a first ask
    cuts the moves beyond it at the next ask, and taken away again opens them."""
    g = empty(7)
    put(g, "BR-2", "21.08")
    actions(g, "british")
    far = {tuple(c.path) for c in g.legal("british").choices if isinstance(c, O.Move)}
    mid = sorted(p for p in far if len(p) >= 3)[0][1]  # a hex the walks go through
    put(g, "AM-1", mid)  # an American block on the way
    cut = g.legal("british")
    assert not any(isinstance(c, O.Move) and len(c.path) >= 3 and c.path[1] == mid for c in cut.choices)
    assert any(isinstance(c, O.Move) and c.path[-1] == mid for c in cut.attacks)
    g.state.blocks["AM-1"].at = "pool"  # taken away again: the walks of the first ask are right again
    again = {tuple(c.path) for c in g.legal("british").choices if isinstance(c, O.Move)}
    assert again == far
