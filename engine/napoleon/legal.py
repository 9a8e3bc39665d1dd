"""``legal(role)``: what a role may do now — for prompts, autocomplete, bot players and the fuzzer."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from ..orders import Order
from . import battle as battle_rules
from . import setup as setup_rules
from . import undo as undo_rules
from .context import Ctx
from .movement import (
    SPEED,
    Walked,
    attackers_in,
    incomplete_attacks,
    walk_paths,
)
from .orders import End, Move, Setup, Undo
from .sequence import ROWS, Phase
from .state import Kept, armies_of

# one walk of the units standing together (``_legal``): normal paths, forced-march paths, the attacks among
# them (path + "N"/"F") with the room of each (for a combat unit's walk; 5.3, 5.4) and the plain
# moves (path, forced march)
_Walked = tuple[
    tuple[tuple[str, ...], ...],
    tuple[tuple[str, ...], ...],
    dict[tuple[str, ...], int | None],
    tuple[tuple[tuple[str, ...], bool], ...],
]


@dataclass(frozen=True)
class Legal:
    role: str
    phase: Phase
    active: bool  # this role must act now
    prompt: str  # what the role is asked to do, in words
    orders: tuple[str, ...] = ()  # order names accepted now
    # concrete orders that are legal now (complete where the set is finite): values of orders.py, whose
    # text (``str``) is the order's text
    choices: tuple[Order, ...] = ()
    moves: dict[str, tuple[tuple[str, ...], ...]] = field(default_factory=dict)  # unit -> normal paths
    forced: dict[str, tuple[tuple[str, ...], ...]] = field(default_factory=dict)  # unit -> forced-march paths
    setup_towns: dict[str, tuple[str, ...]] = field(default_factory=dict)  # unit -> towns it may deploy in
    attacks: tuple[Move, ...] = ()  # the choices that attack an enemy-held town (6.1)
    # the key of the prompt front ends show (bot/i18n.py; in battles the table of battle/table.py), "" if none
    prompt_key: str = ""


# The one-unit moves and placements legal() offers, by unit, kept from one call to the next: the same few
# thousand values come back state after state (a value is frozen, its text kept with it), and making them
# afresh each time made legal() slower than the strings it offered before.
_MOVES: dict[str, dict[tuple[tuple[str, ...], bool], Move]] = {}
_SETUPS: dict[str, dict[str, Setup]] = {}
# unit -> its plain moves the last time they were asked (its (path, forced) pairs, and their values): a unit
# far from the last order has the same moves again, found by one comparison of the pairs
_LAST: dict[str, tuple[tuple[tuple[tuple[str, ...], bool], ...], tuple[Move, ...]]] = {}
_ATTACKS: Kept[tuple[tuple[str, ...], tuple[str, ...], bool], Move] = Kept(
    100_000
)  # the attacks offered, by fields


def _split(walk: Walked) -> _Walked:
    """A walk's paths (``walk_paths``) as ``legal`` reads them: the normal and the forced-march paths, the
    attacks among them (path + "N"/"F"), the plain moves (path, forced march). Kept with the walk's lists
    (``walk_paths`` gives the same lists again while they hold)."""
    normal_ends, fm_ends, rooms = walk
    kept = _SPLITS.get(id(normal_ends))
    if kept is not None and kept[0] is normal_ends:
        return kept[1]
    into_enemy = {(*p, "N"): rooms.get(p) for p, hostile in normal_ends if hostile}
    into_enemy.update({(*p, "F"): rooms.get(p) for p, hostile in fm_ends if hostile})
    plain = (
        *((p, False) for p, hostile in normal_ends if not hostile),
        *((p, True) for p, hostile in fm_ends if not hostile),
    )
    split = (tuple(p for p, _ in normal_ends), tuple(p for p, _ in fm_ends), into_enemy, plain)
    if normal_ends:  # an empty list is made afresh each time: nothing to keep it by
        _SPLITS.keep(id(normal_ends), (normal_ends, split))  # the list kept with it: its id is not reused
    return split


# id of a walk's list of normal paths -> (that list, its ``_split``)
_SPLITS: Kept[int, tuple[list[tuple[tuple[str, ...], bool]], _Walked]] = Kept(20_000)


def _move(units: tuple[str, ...], path: tuple[str, ...], forced: bool) -> Move:
    """``Move(units, path, forced)``, the same value each time (an attack, or a unit joining one)."""
    key = (units, path, forced)
    m = _ATTACKS.get(key)
    return m if m is not None else _ATTACKS.keep(key, Move(units, path, forced))


def legal(ctx: Ctx, role: str, active: list[str]) -> Legal:
    """What ``role`` may do now; ``/undo`` among the choices whenever it may take back its last order (product
    decision 9), even while it waits for another role."""
    out = _legal(ctx, role, active)
    if role in ctx.opts.roles and undo_rules.refusal(ctx.st, role) is None:
        out = dataclasses.replace(
            out, orders=(*out.orders, "undo"), choices=(*out.choices, Undo()), prompt=out.prompt
        )
    return out


def _legal(ctx: Ctx, role: str, active: list[str]) -> Legal:
    st = ctx.st
    if st.phase == Phase.OVER:
        return Legal(role, Phase.OVER, False, "the game is over")
    if role not in active:
        who = ", ".join(active) or "nobody"
        return Legal(role, st.phase, False, f"waiting for {who}")
    if st.phase == Phase.SETUP:
        return _legal_setup(ctx, role)
    if st.phase == Phase.MOVEMENT:
        return _legal_movement(ctx, role)
    choices = battle_rules.legal_battle(ctx, role)
    names = tuple(sorted({c.kind for c in choices}))
    return Legal(
        role,
        st.phase,
        True,
        "fight your battles (6.0)",
        names,
        tuple(choices),
        prompt_key=battle_rules.prompt_key(ctx, role),
    )


def _legal_setup(ctx: Ctx, role: str) -> Legal:
    """3.1: each unit still to place, to each town of its set-up area with room for it; then /end."""
    st = ctx.st
    towns: dict[str, tuple[str, ...]] = {}
    choices: list[Order] = []
    # 3.1 caps: the combat blocks of each army in each town (setup.placed_count), counted once
    placed: dict[tuple[str, str], int] = {}
    for u in st.units.values():
        if u.location is not None and not u.leader:
            placed[(u.location, u.army)] = placed.get((u.location, u.army), 0) + 1
    room: dict[tuple[str, bool], tuple[str, ...]] = {}  # (army, leader) -> towns with room
    for uid in setup_rules.unplaced(ctx, role):
        u = st.units[uid]
        kind = (u.army, u.leader)
        if kind not in room:
            cap = ctx.sc.free_cap(u.army)
            room[kind] = tuple(
                t
                for t in setup_rules.allowed_towns(ctx, u.army)
                if u.leader or placed.get((t, u.army), 0) < cap
            )
        ok = room[kind]
        towns[uid] = ok
        placing = _SETUPS.get(uid)
        if placing is None:
            placing = _SETUPS[uid] = {}
        for t in ok:
            o = placing.get(t)
            if o is None:
                o = placing[t] = Setup((uid,), t)
            choices.append(o)
    if towns and setup_rules.auto_towns(ctx, role):
        choices.insert(0, Setup(auto=True))  # 3.1: the rest as in history, to change before /end
    if not towns:
        choices.append(End())
    return Legal(
        role,
        st.phase,
        True,
        "deploy your units with /setup, then /end (3.1)",
        ROWS[st.phase].orders,
        tuple(choices),
        setup_towns=towns,
        prompt_key="prompt.setup" if towns else "prompt.setup_done",
    )


def _legal_movement(ctx: Ctx, role: str) -> Legal:
    """5.0-5.6, 6.1: each unit's moves, the attacks a group may begin or join, then /end."""
    st = ctx.st
    moves: dict[str, tuple[tuple[str, ...], ...]] = {}
    forced: dict[str, tuple[tuple[str, ...], ...]] = {}
    moves_out: list[Move] = []
    attacks: dict[tuple[str, ...], list[str]] = {}
    rooms: dict[tuple[str, ...], int] = {}  # attack -> its room, from a combat unit's walk
    walked: dict[tuple[str, str, int, bool, bool], _Walked] = {}
    mine = armies_of(role)
    for u in st.units.values():
        if u.army not in mine or u.eliminated or u.location is None:
            continue
        # units of one army, speed (5.2) and kind (leader or not) standing together have the same paths:
        # walk them once
        key = (u.army, u.location, SPEED[u.type], u.leader, u.moved)
        found = walked.get(key)
        if found is None:
            found = walked[key] = _split(walk_paths(ctx, u))
        normal, fm, into_enemy, plain = found
        if normal:
            moves[u.id] = normal
        if fm:
            forced[u.id] = fm
        for p, attack_room in into_enemy.items():
            attacks.setdefault(p, []).append(u.id)
            if attack_room is not None:
                rooms[p] = attack_room
        last = _LAST.get(u.id)
        if last is not None and (last[0] is plain or last[0] == plain):
            moves_out.extend(last[1])  # the unit's moves as the last time it was asked
            continue
        made = _MOVES.get(u.id)
        if made is None:
            made = _MOVES[u.id] = {}
        mine_out: list[Move] = []
        for pf in plain:
            m = made.get(pf)
            if m is None:
                m = made[pf] = Move((u.id,), *pf)
            mine_out.append(m)
        _LAST[u.id] = (plain, tuple(mine_out))
        moves_out.extend(mine_out)
    n_plain = len(moves_out)
    moves_out.extend(_attack_moves(ctx, attacks, rooms))
    attack_choices = tuple(moves_out[n_plain:])
    choices: list[Order] = list(moves_out)
    if not incomplete_attacks(ctx, role):
        choices.append(End())  # 6.1: not while an enemy town holds only 1-2 of this role's attack
    return Legal(
        role,
        st.phase,
        True,
        "move your groups with /move, then /end (5.0)",
        ROWS[st.phase].orders,
        tuple(choices),
        moves,
        forced,
        attacks=attack_choices,
        prompt_key="prompt.movement",
    )


def _attack_moves(
    ctx: Ctx, attacks: dict[tuple[str, ...], list[str]], rooms: dict[tuple[str, ...], int]
) -> list[Move]:
    """6.1: the moves into enemy-held towns: a group's units the road takes (3 or more attack, 1-2 stand
    until a third comes), or one unit at a time joining an attack already begun."""
    st = ctx.st
    out: list[Move] = []
    for attack, ids in attacks.items():
        path, flag = attack[:-1], attack[-1] == "F"
        if attackers_in(ctx, path[-1]) >= 1:
            # joining an attack already begun (6.1: the count runs over every order): one unit at a time
            out.extend(_move((i,), path, flag) for i in ids)
            continue
        combat = [i for i in ids if not st.units[i].leader]
        if not combat:
            continue  # leaders alone do not begin an attack (10.0, 6.1)
        carry = rooms[attack]  # found by the combat units' walks (``walk_paths``)
        take = combat[: min(carry, len(combat))]
        if take:
            # the group's units that the road takes: 3 or more attack; 1-2 stand until a third comes
            out.append(_move(tuple(take), path, flag))
    return out
