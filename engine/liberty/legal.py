"""``legal(role)``: what a role may do now, as concrete orders (values of ``orders.py``, each saying the
order line it was before orders were values; for prompts, autocomplete, bot players). Moves are offered per
block and per group along one path (5.1), each checked by the same rules as the order."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, replace
from itertools import pairwise

from engine.errors import RuleError
from engine.orders import Order

from . import battle as battle_rules
from . import board, turns, winter
from . import orders as O
from .context import Ctx
from .sequence import ANY_TIME, ROWS, Phase
from .state import SIDES, Block, other


@dataclass(frozen=True)
class Legal:
    role: str
    phase: Phase
    active: bool
    prompt: str
    orders: tuple[str, ...] = ()
    choices: tuple[Order, ...] = ()
    attacks: tuple[Order, ...] = ()  # the choices that start or join a battle


Candidate = tuple[list[Block], list[str], bool, bool, bool]  # (group, path, forced, by river, walked)


def _moves(ctx: Ctx, side: str, only: str | None = None) -> tuple[list[Order], list[Order]]:
    """The moves of ``side``; with ``only``, the ``also:yes`` moves of the group in that hex (G7)."""
    st = ctx.st
    choices: list[Order] = []
    attacks: list[Order] = []
    seas: set[tuple[tuple[str, ...], str]] = set()
    groups: dict[str, list[Block]] = {}
    walks = _walks(ctx, side)  # one walk serves every like block, and every call while the enemy stays put
    rooms: dict[tuple[str, ...], int] = {}  # and each hexside's room, and each path's, is worked out once
    foe, occupied = other(side), ctx.occupied()
    also = only is not None
    for b in st.at_side(side):
        if not b.moved and (only is None or b.at == only):
            groups.setdefault(b.at, []).append(b)
    for origin, blocks in groups.items():
        unpinned = origin not in st.pinned or side == st.p1  # 5.4 binds only P2's blocks in a pinned hex
        for group, path, forced, river, walked in _candidates(ctx, side, origin, blocks, walks, rooms):
            attack = foe in occupied.get(path[-1], ())  # board.enemy_in
            # a walked path into no enemy, from a hex that pins nothing: move_check has nothing left to refuse
            # (4.0 and 8.4 are about attacks, 5.4 about pinned hexes)
            if not (walked and unpinned and not attack):
                try:
                    turns.move_check(ctx, side, group, path, forced=forced, river=river, walked=walked)
                except RuleError:
                    continue
            move = _move(tuple([b.id for b in group]), tuple(path), forced, river, also)
            choices.append(move)
            if attack:
                attacks.append(move)
        if only is None:
            _sea_moves(ctx, side, origin, blocks, seas, choices, attacks)
    return choices, attacks


# The land and river walks of a side (``board.reach``, ``board.river_reach``) read nothing of the state but
# where the enemy stands (5.1: a walk stops where enemy blocks are) and the blocks' own kind, start and
# allowance (their memo's keys); so they are kept from one call to the next while the enemy blocks stand
# where they stood (the side to act moves on and on, one action after another), for the last few such
# positions of any game.
_WALKS: OrderedDict[tuple[object, ...], tuple[object, board.Walks]] = OrderedDict()
_KEEP_WALKS = 8


def _walks(ctx: Ctx, side: str) -> board.Walks:
    """The memo of ``side``'s walks for where the enemy stands now (made empty for a new position)."""
    foe = other(side)
    here = frozenset(p for p, sides in ctx.occupied().items() if foe in sides)
    key = (id(ctx.lib), ctx.opts.indians_wilderness, side, here)
    kept = _WALKS.get(key)
    if kept is not None and kept[0] is ctx.lib:
        _WALKS.move_to_end(key)
        return kept[1]
    walks: board.Walks = {}
    _WALKS[key] = (ctx.lib, walks)
    if len(_WALKS) > _KEEP_WALKS:
        _WALKS.popitem(last=False)
    return walks


_new = object.__new__


def _move(units: tuple[str, ...], path: tuple[str, ...], forced: bool, river: bool, also: bool) -> O.Move:
    """``O.Move(units, path, forced, river, also)``, its fields set at once (the frozen dataclass's
    ``__init__`` sets them one by one through ``object.__setattr__``: a few hundred moves a call)."""
    move: O.Move = _new(O.Move)
    move.__dict__.update(units=units, path=path, forced=forced, river=river, also=also)
    return move


def _candidates(
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
    hexsides for the group (5.2), is ``walked``: ``walk`` would find nothing more to refuse."""
    st = ctx.st
    by_path: dict[tuple[str, ...], list[Block]] = {}
    extra: list[Candidate] = []
    rooms = {} if rooms is None else rooms
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
            for path in board.reach(ctx, side, b, memo=walks).values():
                by_path.setdefault(tuple(path), []).append(b)
            for path in board.reach(ctx, side, b, forced=True, memo=walks).values():
                extra.append(([b], path, True, False, _room(ctx, side, path, rooms) > 0))
            for path in board.river_reach(ctx, side, b, memo=walks).values():
                extra.append(([b], path, False, True, False))
    candidates: list[Candidate] = []
    for path_t, movers in by_path.items():
        path = list(path_t)
        room = _room(ctx, side, path, rooms)
        if origin in st.pinned and side != st.p1:
            room = min(room, st.pinned[origin])
        if room <= 0:
            continue
        candidates.append((movers[:1], path, False, False, True))
        if len(movers) > 1 and room > 1:
            candidates.append((movers[:room], path, False, False, True))
    return candidates + extra


def _room(ctx: Ctx, side: str, path: list[str], rooms: dict[tuple[str, ...], int]) -> int:
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


def _sea_moves(
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


def legal(ctx: Ctx, role: str, active: list[str]) -> Legal:
    ctx.frozen = ctx.st.occupied()
    try:
        out = _legal(ctx, role, active)
    finally:
        ctx.frozen = None
    offer = ctx.st.offer
    if out.active and offer is not None and offer["by"] != role:  # 11.5: an answer, in turn or not
        out = replace(
            out, orders=(*out.orders, "accept", "decline"), choices=(*out.choices, O.Accept(), O.Decline())
        )
    return out


def _legal(ctx: Ctx, role: str, active: list[str]) -> Legal:
    st = ctx.st
    if st.phase == Phase.OVER:
        return Legal(role, Phase.OVER, False, "the game is over")
    answers: tuple[Order, ...] = ()
    if st.offer is not None and st.offer["by"] != role and role in SIDES:
        answers = (O.Accept(), O.Decline())  # 11.5: answered at any time, in turn or not
    if role not in SIDES or role not in active:
        wait = f"waiting for {', '.join(active) or 'nobody'}"
        return Legal(role, st.phase, False, wait, ANY_TIME, answers)
    orders = ROWS[st.phase].orders  # the kinds the sequence of play's table says
    if st.phase == Phase.CARDS:
        cards = tuple(O.Play(c) for c in st.hands[role])
        return Legal(role, st.phase, True, "play a card face down (3.1)", orders, cards)
    if st.phase == Phase.SUPPLY:
        ok = turns.supply_eligible(ctx, role)
        steps = turns.card(ctx, st.revealed[role])[1]
        supplies = [O.Supply(), *(O.Supply((u,)) for u in ok)]
        if len(ok) > 1:
            supplies.append(O.Supply(tuple(ok[:steps])))
        return Legal(
            role, st.phase, True, f"add up to {steps} steps, 1 a block (3.3)", orders, tuple(supplies)
        )
    if st.phase == Phase.ACTIONS:
        choices, attacks = ([], []) if st.built or not st.actions_left else _moves(ctx, role)
        if st.group_from is not None:
            also, also_attacks = _moves(ctx, role, st.group_from)
            choices, attacks = also + choices, also_attacks + attacks
        if st.pool(role) and st.actions_left:
            choices.append(O.Build())
        choices.append(O.End())
        return Legal(role, st.phase, True, f"{st.actions_left} action(s) left: move, build or /end (3.1)",
                     orders, tuple(choices), tuple(attacks))  # fmt: skip
    if st.phase == Phase.PLACE:
        assert st.drawn is not None
        places = turns.deploy_places(ctx, st.blocks[st.drawn])
        return Legal(role, st.phase, True, f"place {st.drawn} (6.1, 6.2)", orders,
                     tuple(O.Place(p) for p in places))  # fmt: skip
    if st.phase == Phase.CHOOSING_BATTLE:
        return Legal(role, st.phase, True, "choose the next battle (7.1)", orders,
                     tuple(O.Battle(h) for h in st.battles))  # fmt: skip
    if st.phase == Phase.COMBAT:
        now = battle_rules.step(ctx)
        assert now is not None
        turn: list[Order] = [O.Fire()]
        for b in now[2]:
            turn.append(O.Fire(b.id))
            for path, river in battle_rules.retreat_options(ctx, b):
                turn.append(O.Retreat(b.id, tuple(path), river))
            for place in battle_rules.sea_retreat_places(ctx, b):  # 8.5, 9.1
                turn.append(O.Retreat(b.id, (place,)))
        return Legal(role, st.phase, True, f"combat turn: {now[1]} blocks fire or retreat (7.21)",
                     orders, tuple(turn))  # fmt: skip
    if st.phase == Phase.HIT:  # 7.32, G25: the owner chooses which of its equally strong blocks takes the hit
        units = battle_rules.hit_choices(ctx)
        prompt = f"choose which of {', '.join(units)} takes the hit (7.32)"
        return Legal(role, st.phase, True, prompt, orders, tuple(O.Hit(u) for u in units))
    if (
        st.phase == Phase.WITHDRAW
    ):  # 7.2 with G30, G27: each block's way; /end: the engine's (the way it came)
        bt = st.battle
        assert bt is not None
        ways: list[Order] = []
        for u in bt.withdrawing:
            for p, river in battle_rules.withdrawal_options(ctx, st.blocks[u]):
                sea = p[-1] == ctx.lib.atlantic or board.west_indies(p[-1])
                ways.append(O.Retreat(u, (p[-1],) if sea else tuple(p), river))
        prompt = f"your blocks must retreat ({bt.withdraw_rule}): choose each one's way, or /end"
        return Legal(role, st.phase, True, prompt, orders, (*ways, O.End()))
    if st.phase == Phase.REGROUP:
        regroups = [
            O.Regroup((u,), tuple(p)) for u, paths in battle_rules.regroup_options(ctx).items() for p in paths
        ] + [
            O.Regroup((u,), tuple(p), river=True)
            for u, paths in battle_rules.river_regroups(ctx).items()
            for p in paths
        ]
        return Legal(role, st.phase, True, "regroup, or /end (7.5)", orders, (*regroups, O.End()))
    if st.phase == Phase.DISBAND:
        ids = [b.id for b in st.at_side(role) if winter.may_disband(ctx, b)]
        return Legal(role, st.phase, True, "disband blocks, then /end (11.3)", orders,
                     (*(O.Disband((u,)) for u in ids), O.End()))  # fmt: skip
    if st.phase == Phase.ATTRITION:  # 11.4: the owner chooses who goes; /end: the standing order decides
        places = winter.attrition_places(ctx, role)
        goes = [O.Attrition(tuple(ids)) for p in places for ids in winter.attrition_choices(ctx, role, p)]
        prompt = f"winter attrition: choose the blocks that go at {', '.join(places)}, or /end (11.4)"
        return Legal(role, st.phase, True, prompt, orders, (*goes, O.End()))
    return Legal(role, st.phase, False, "")
