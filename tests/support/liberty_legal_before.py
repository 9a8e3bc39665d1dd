"""The reference of Liberty's ``legal()`` tests: its moves and its walks (``board._reach``) as they were
before any of them was kept (``ref_moves``, ``ref_reach``), and ``reference``, the answer they give, nothing
kept. ``test_liberty_legal_kept_places`` and ``test_liberty_legal_calm_moves`` compare every answer with
it. Two older moves, the same code with less shared: ``ref_moves_afresh``, each call walking afresh (before
the walks were kept from one call to the next, ``test_liberty_legal_kept_walks``), and ``ref_moves_alone``,
every block walked on its own (``ref_reach_alone``, ``ref_river_reach_alone``) and every candidate walked
again by ``move_check`` (before the walks were shared, ``test_liberty_legal_walks``)."""

from __future__ import annotations

from collections import OrderedDict
from itertools import pairwise

import pytest

from engine.errors import RuleError
from engine.liberty import board, turns
from engine.liberty import legal as legal_rules
from engine.liberty import orders as O
from engine.liberty.board import MOVE, REGROUP, RETREAT, battle_places, friendly, indian_may_enter, not_enemy
from engine.liberty.context import Ctx
from engine.liberty.game import Game
from engine.liberty.legal import Candidate, Legal
from engine.liberty.state import Block, other
from engine.orders import Order


def ref_moves(ctx: Ctx, side: str, only: str | None = None) -> tuple[list[Order], list[Order]]:
    """The moves of ``side``; with ``only``, the ``also:yes`` moves of the group in that hex (G7)."""
    # one walk serves every like block, and every call while the enemy stays put
    return ref_moves_by(ctx, side, only, ref_walks(ctx, side))


def ref_moves_afresh(ctx: Ctx, side: str, only: str | None = None) -> tuple[list[Order], list[Order]]:
    """``ref_moves``, each call walking afresh: the state does not change while legal() asks, so one walk
    serves every like block of one call."""
    return ref_moves_by(ctx, side, only, {})


def ref_moves_alone(ctx: Ctx, side: str, only: str | None = None) -> tuple[list[Order], list[Order]]:
    """``ref_moves`` with nothing shared: every block walked on its own (``ref_reach_alone``,
    ``ref_river_reach_alone``) and every candidate walked again by ``move_check``."""
    return ref_moves_by(ctx, side, only, None)


def ref_moves_by(
    ctx: Ctx, side: str, only: str | None, walks: board.Walks | None
) -> tuple[list[Order], list[Order]]:
    """The moves of ``side`` with the walks of ``walks`` (None: every block on its own, nothing walked)."""
    st = ctx.st
    choices: list[Order] = []
    attacks: list[Order] = []
    seas: set[tuple[tuple[str, ...], str]] = set()
    groups: dict[str, list[Block]] = {}
    rooms: dict[tuple[str, ...], int] = {}  # each hexside's room, and each path's, is worked out once
    foe, occupied = other(side), ctx.occupied()
    also = only is not None
    for b in st.at_side(side):
        if not b.moved and (only is None or b.at == only):
            groups.setdefault(b.at, []).append(b)
    for origin, blocks in groups.items():
        unpinned = origin not in st.pinned or side == st.p1  # 5.4 binds only P2's blocks in a pinned hex
        for group, path, forced, river, walked in ref_candidates(ctx, side, origin, blocks, walks, rooms):
            attack = foe in occupied.get(path[-1], ())  # board.enemy_in
            # a walked path into no enemy, from a hex that pins nothing: move_check has nothing left to refuse
            # (4.0 and 8.4 are about attacks, 5.4 about pinned hexes)
            if not (walked and unpinned and not attack):
                try:
                    turns.move_check(ctx, side, group, path, forced=forced, river=river, walked=walked)
                except RuleError:
                    continue
            move = O.Move(tuple(b.id for b in group), tuple(path), forced, river, also)
            choices.append(move)
            if attack:
                attacks.append(move)
        if only is None:
            ref_sea_moves(ctx, side, origin, blocks, seas, choices, attacks)
    return choices, attacks


# The land and river walks of a side (``board.reach``, ``board.river_reach``) read nothing of the state but
# where the enemy stands (5.1: a walk stops where enemy blocks are) and the blocks' own kind, start and
# allowance (their memo's keys); so they are kept from one call to the next while the enemy blocks stand
# where they stood (the side to act moves on and on, one action after another), for the last few such
# positions of any game.
REF_WALKS: OrderedDict[tuple[object, ...], tuple[object, board.Walks]] = OrderedDict()
REF_KEEP_WALKS = 8


def ref_walks(ctx: Ctx, side: str) -> board.Walks:
    """The memo of ``side``'s walks for where the enemy stands now (made empty for a new position)."""
    foe = other(side)
    here = frozenset(p for p, sides in ctx.occupied().items() if foe in sides)
    key = (id(ctx.lib), ctx.opts.indians_wilderness, side, here)
    kept = REF_WALKS.get(key)
    if kept is not None and kept[0] is ctx.lib:
        REF_WALKS.move_to_end(key)
        return kept[1]
    walks: board.Walks = {}
    REF_WALKS[key] = (ctx.lib, walks)
    if len(REF_WALKS) > REF_KEEP_WALKS:
        REF_WALKS.popitem(last=False)
    return walks


def ref_candidates(
    ctx: Ctx,
    side: str,
    origin: str,
    blocks: list[Block],
    walks: board.Walks | None = None,
    rooms: dict[tuple[str, ...], int] | None = None,
) -> list[Candidate]:
    """The moves worth checking from ``origin``: on each path one block, and as many as the hexsides carry
    (5.2; a pinned hex's, 5.3); each block by forced march (5.5) and by river (5.6); the warships together
    and one alone (8.1). A land path ``board.reach`` found for every block of the group, with room on its
    hexsides for the group (5.2), is ``walked``: ``walk`` would find nothing more to refuse. ``walks``
    None: each block walked on its own (``ref_reach_alone``) and no path ``walked``."""
    st = ctx.st
    by_path: dict[tuple[str, ...], list[Block]] = {}
    extra: list[Candidate] = []
    rooms = {} if rooms is None else rooms
    shared = walks is not None
    lib = ctx.lib
    if origin in lib._index.hexes:
        ships = [b for b in blocks if lib.unit(b.id).type == "warship"]
        if ships:  # 8.1: the warships of the hex together, and one alone
            for forced in (False, True):
                for path in board.naval_reach(ctx, side, origin, forced=forced).values():
                    extra.append((ships[:1], path, forced, False, False))
                    if len(ships) > 1 and not forced:
                        extra.append((ships, path, False, False, False))
        for b in blocks:
            if walks is None:
                land = ref_reach_alone(ctx, side, b)
                march = ref_reach_alone(ctx, side, b, forced=True)
                river = ref_river_reach_alone(ctx, side, b)
            else:
                land = board.reach(ctx, side, b, memo=walks)
                march = board.reach(ctx, side, b, forced=True, memo=walks)
                river = board.river_reach(ctx, side, b, memo=walks)
            for path in land.values():
                by_path.setdefault(tuple(path), []).append(b)
            for path in march.values():
                extra.append(([b], path, True, False, shared and ref_room(ctx, side, path, rooms) > 0))
            for path in river.values():
                extra.append(([b], path, False, True, False))
    candidates: list[Candidate] = []
    for path_t, movers in by_path.items():
        path = list(path_t)
        room = ref_room(ctx, side, path, rooms)
        if origin in st.pinned and side != st.p1:
            room = min(room, st.pinned[origin])
        if room <= 0:
            continue
        candidates.append((movers[:1], path, False, False, shared))
        if len(movers) > 1 and room > 1:
            candidates.append((movers[:room], path, False, False, shared))
    return candidates + extra


def ref_room(ctx: Ctx, side: str, path: list[str], rooms: dict[tuple[str, ...], int]) -> int:
    """5.2: how many more blocks of ``side`` the fullest hexside of a land path carries this turn (each
    hexside's room, and each path's, kept in ``rooms``: the paths from one hex share their first steps, and
    the blocks alike the same paths)."""
    whole = tuple(path)
    room = rooms.get(whole)
    if room is not None:
        return room
    for step in pairwise(path):
        here = rooms.get(step)
        if here is None:
            c = ctx.lib.hexside(*step)
            if c is None:
                continue
            here = rooms[step] = c.limit - ctx.st.hexsides.get(board.side_key(side, *step), 0)
        room = here if room is None else min(room, here)
    assert room is not None
    rooms[whole] = room
    return room


def ref_sea_moves(
    ctx: Ctx,
    side: str,
    origin: str,
    blocks: list[Block],
    seas: set[tuple[tuple[str, ...], str]],
    choices: list[Order],
    attacks: list[Order],
) -> None:
    """5.7, 8.4: sea moves of the blocks that can go by sea, from a port or the Atlantic box; the same
    group to the same place offered once (``seas``)."""
    sailors = [b for b in blocks if ctx.lib.unit(b.id).can_sea_move]
    if not sailors or not (board.is_port(ctx, origin) or origin == ctx.lib.atlantic):
        return
    ships = [b for b in sailors if ctx.lib.unit(b.id).type == "warship"]
    land = [b for b in sailors if b not in ships]
    for dest in board.sea_links(ctx, origin):
        for group in ([*ships[:1], *land[:3]], land[:2], sailors, ships[:1]):
            if not group:
                continue
            try:
                attack = turns.sea_check(ctx, side, group, dest)
            except RuleError:
                continue
            ids = tuple(b.id for b in group)
            if (ids, dest) not in seas:
                seas.add((ids, dest))
                sea = O.Sea(ids, dest)
                choices.append(sea)
                if attack:
                    attacks.append(sea)


def ref_reach(
    ctx: Ctx, side: str, block: Block, mode: str, limit: int, first: str | None
) -> dict[str, list[str]]:
    """The walk of ``reach``, ``limit`` steps out: every place it reaches, by one shortest path."""
    st, lib = ctx.st, ctx.lib
    unit = lib.unit(block.id)
    indian = unit.type == "indians"
    picky = indian and ctx.opts.indians_wilderness  # 10.0 with G9: only then may a hex be closed to it
    occ, foe = ctx.occupied(), other(side)
    battles = set(battle_places(st)) if mode == RETREAT else set()
    out: dict[str, list[str]] = {}
    frontier = [[block.at]]
    seen = {block.at}
    for _ in range(limit):
        nxt: list[list[str]] = []
        for path in frontier:
            here = path[-1]
            if len(path) > 1:
                if foe in occ.get(here, ()):
                    continue  # 5.1: stop and fight
                c = lib.hexside(path[-2], here)
                if c is not None and c.stops and not indian:
                    continue  # 5.2
            for n, c in lib.neighbours(here):
                if (
                    n in seen
                    or not c.land
                    or not lib.hex(n).land
                    or (len(path) == 1 and first not in (None, n))
                ):
                    continue
                if picky and not indian_may_enter(ctx, block, n):
                    continue
                if mode == RETREAT and (not not_enemy(ctx, n, side) or n in battles):
                    continue
                if mode == REGROUP and not friendly(ctx, n, side):
                    continue
                seen.add(n)
                nxt.append([*path, n])
        frontier = nxt
        for p in nxt:
            out[p[-1]] = p
    return out


def ref_reach_alone(
    ctx: Ctx, side: str, block: Block, mode: str = MOVE, *, forced: bool = False, first: str | None = None
) -> dict[str, list[str]]:
    """The walk of one block on its own, as ``board.reach`` was before walks were shared: ``ref_reach`` as far
    as the block's allowance, a forced march exactly one hex beyond it (5.5)."""
    lib = ctx.lib
    unit = lib.unit(block.id)
    if unit.type == "warship" or block.at not in lib._index.hexes:
        return {}
    limit = unit.move + (1 if forced else 0)
    out = ref_reach(ctx, side, block, mode, limit, first)
    return {d: p for d, p in out.items() if len(p) - 1 == limit} if forced else out


def ref_river_reach_alone(ctx: Ctx, side: str, block: Block) -> dict[str, list[str]]:
    """The river walk of one block (5.6), as ``board.river_reach`` was before walks were shared."""
    lib = ctx.lib
    unit = lib.unit(block.id)
    if unit.type == "warship" or block.at not in lib._index.hexes:
        return {}
    out: dict[str, list[str]] = {}
    ways = {w for _, c in lib.neighbours(block.at) for w in c.waterways}
    for way in sorted(ways):
        for n in lib.waterway_neighbours(block.at, way):
            if not lib.hex(n).land or not indian_may_enter(ctx, block, n):
                continue
            out.setdefault(n, [block.at, n])
            if board.enemy_in(ctx, n, side):
                continue
            for m in lib.waterway_neighbours(n, way):
                if m != block.at and lib.hex(m).land and indian_may_enter(ctx, block, m):
                    out.setdefault(m, [block.at, n, m])
    return out


def reference(g: Game, role: str, monkeypatch: pytest.MonkeyPatch) -> Legal:
    """The answer of the code before: its moves, its walks (the retreats' and regroups' too), nothing kept."""
    with monkeypatch.context() as m:
        m.setattr(legal_rules, "_moves", ref_moves)
        m.setattr(board, "_reach", ref_reach)
        return legal_rules.legal(g.ctx, role, g.active())
