"""6.3-6.4 and 8.6, battle turns: the attacker first, then the sides alternate (6.3), each turn opened by
the morale check (8.6) and closed when every acting role has sent ``/end`` (13.1); a round (the attacker's
turn and the defender's reply) finishes before any other battle moves (6.4, ``machine.lock``); an attack
that does not press routs (rulings 6.3). The phases of a turn and their orders are the rule files'
(``retreat.py``, ``combat.py``, ``reinforce.py``)."""

from __future__ import annotations

from ...orders import Order
from ..board import RESERVE, Board, classify, facing_spot, split, spot
from ..context import Ctx
from ..state import LEADER_OF, Battle, BattlePhase, BattleStatus, Unit
from . import machine
from .combat import combat_choices
from .common import board_of, named, nat, owned, roll, side_roles, units_in
from .reinforce import reinforce_choices, reinforcements
from .retreat import retreat_choices
from .rout import check_rout, rout_side

STALL_ROUNDS = 3  # rulings 6.3: rounds without the attacker pressing and without losses before it breaks
MAX_BATTLE_TURNS = 100  # rulings 6.3: a hard bound, never reached in play


def turn_roles(ctx: Ctx, b: Battle) -> list[str]:
    """The roles that still act in the current battle turn: each role of the battle-turn side with blocks
    in the battle or reinforcements next to it (13.1, product decision 8), until it sends /end."""
    if b.status != BattleStatus.FIGHTING or b.turn_side is None:
        return []
    out = []
    for r in side_roles(ctx, b.turn_side):
        if r in b.ended:
            continue
        if any(owned(u, r) for u in units_in(ctx, b, b.turn_side)) or reinforcements(ctx, b, r):
            out.append(r)
    return out


def begin_turn(ctx: Ctx, b: Battle, side: str) -> None:
    """6.3: ``side``'s battle turn begins (``machine.begin_turn``) with its morale check (8.6); past
    ``MAX_BATTLE_TURNS`` the attacker routs instead (rulings 6.3)."""
    machine.begin_turn(b, side)
    ctx.emit("battle_turn", {"town": b.town, "battle_turn": b.battle_turn, "side": side})
    if b.battle_turn > MAX_BATTLE_TURNS:
        rout_side(
            ctx,
            b,
            b.attacker,
            "the attack stalled: {turns} battle turns (rulings 6.3)",
            {"turns": MAX_BATTLE_TURNS},
        )
        return
    _morale(ctx, b, side)


def _leader_bonus(ctx: Ctx, b: Battle, board: Board, u: Unit) -> int:
    """10.2, FAQ 11: +1 if the leader of the unit's army stands in the same lane, engaged or not."""
    lid = LEADER_OF.get(u.army)
    if lid and lid in b.pos and lid != u.id and board.in_lane(lid, b.pos[u.id]):
        return 1
    return 0


def _morale(ctx: Ctx, b: Battle, side: str) -> None:
    """8.6: the battle-turn side's engaged 1-cv blocks roll; 1-3 (after the leader's +1) fails and the block
    disengages at once as a forced combat move ([3rd] text; rulings 8.6 for [3.4]). [3rd]: a leader that is
    its side's only block in an engaged column checks too."""
    board = board_of(ctx, b)
    checks = []
    for u in sorted(units_in(ctx, b, side), key=lambda u: nat(u.id)):
        s = b.pos[u.id]
        if not board.engaged(s):
            continue
        if (not u.leader and u.cv == 1) or (ctx.third and u.leader and board.at(s, side) == [u.id]):
            checks.append(u)
    for u in checks:
        if u.id not in b.pos:
            continue
        board = board_of(ctx, b)
        if not board.engaged(b.pos[u.id]):
            continue
        bonus = 0 if u.leader else _leader_bonus(ctx, b, board, u)
        pub, sec, to = named(ctx, b, u)
        # need: the lowest die that passes (8.6: 1-3 fails, after the leader's +1), said with the roll
        need = 4 - bonus
        die = roll(ctx, 1, "morale (8.6)", {"town": b.town, "bonus": bonus, "need": need, **pub}, sec, to)[0]
        if die >= need:
            continue
        dest = _disengage_spot(board, u.id)
        b.acts.setdefault(u.id, []).append("forced")
        if dest is None:
            continue  # cannot happen on this board (rulings 8.6); the block stays and may not act
        if u.in_square and ctx.third:
            ctx.st.own(
                u
            ).in_square = False  # rulings 8.6: [3rd] a square that fails breaks square to disengage
        src = b.pos[u.id]
        b.pos[u.id] = dest
        ctx.emit("morale_failed", {"town": b.town, "from": src, "to": dest, **pub}, secret=sec, to=to)
        if check_rout(ctx, b, side, "a line column emptied by a failed morale check (7.5, 8.6)"):
            return


def _disengage_spot(board: Board, uid: str) -> str | None:
    side = board.side_of[uid]
    s = board.pos[uid]
    s_side, _col = split(s)
    dest = spot(side, RESERVE) if s_side == side else facing_spot(s)
    try:
        return dest if classify(board, uid, dest) == "disengage" else None
    except ValueError:
        return None


def end_turn(ctx: Ctx, b: Battle) -> None:
    ctx.emit("battle_turn_end", {"town": b.town, "battle_turn": b.battle_turn, "side": b.turn_side})
    if b.turn_side == b.attacker:
        begin_turn(ctx, b, b.defender)
        return
    # the round is over (6.4: the attacker chooses again)
    machine.close_round(b)
    if b.progress:
        b.idle_rounds = 0
    else:
        b.idle_rounds += 1
        if b.idle_rounds >= STALL_ROUNDS:
            b.progress = False
            rout_side(
                ctx,
                b,
                b.attacker,
                "the attack stalled: {rounds} rounds without the attacker "
                "firing or reinforcing and without a loss (rulings 6.3)",
                {"rounds": STALL_ROUNDS},
            )
            return
        ctx.emit("attack_stalling", {"town": b.town, "idle_rounds": b.idle_rounds, "limit": STALL_ROUNDS})
    b.progress = False
    begin_turn(ctx, b, b.attacker)


def turn_choices(ctx: Ctx, b: Battle, role: str) -> list[Order]:
    """Every order of the battle turn ``role`` may give now, by phase (6.3; /end apart)."""
    side = b.acting()
    mine = sorted([u for u in units_in(ctx, b, side) if owned(u, role)], key=lambda u: nat(u.id))
    out: list[Order] = []
    if b.phase == BattlePhase.RETREAT:
        out += retreat_choices(ctx, b, role, side, mine)
    if b.phase in (BattlePhase.RETREAT, BattlePhase.COMBAT):
        out += combat_choices(ctx, b, role, mine)
    return out + reinforce_choices(ctx, b, role)
