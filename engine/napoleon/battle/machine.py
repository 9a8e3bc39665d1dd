r"""The battle's state machine (6.2-7.6, 8.6): its states, the transitions between them, and the only
functions that change what a battle is doing.

A battle stores what it is doing in a few fields (``Battle.status`` and ``Battle.phase``, str enums, and
``round_open`` for 6.4, in ``state.py``; stored as the strings they always were). ``state_of`` reads them,
with the 6.4 lock of the other battles, as one ``BattleState``. ``TRANSITIONS`` lists every change of state
with its rule, and the functions below are the only code that writes those fields
(``tests/napoleon/test_battle_machine.py`` checks both: on the source, and on real battles walked order by
order). What each state asks — who acts, which orders, the prompt — is the table of ``table.py``, which sits
above the rules it asks.

States::

    DEPLOY_DEFENDER -> DEPLOY_ATTACKER -> RETREAT -> COMBAT -> REINFORCE    6.2, then a battle turn (6.3)
                                          ^  \___________________/  |
                                          |____ next battle turn ____|     6.3 (its morale, 8.6, at once)
    RETREAT / COMBAT / REINFORCE / REGROUP <-> HELD                        6.4: another battle's round
    any of them -> REGROUP -> OVER                                         7.5, product decision 6; 7.6
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ...messages import rule_error
from ..context import Ctx
from ..state import Battle, BattlePhase, BattleStatus, GameState, armies_of


class BattleState(StrEnum):
    """Where a battle stands between two orders."""

    DEPLOY_DEFENDER = "deploy-defender"  # 6.2: the defender's roles deploy first
    DEPLOY_ATTACKER = "deploy-attacker"  # 6.2: then the attacker's
    RETREAT = "retreat"  # 6.3: a battle turn, its retreat phase (7.0); morale (8.6) already rolled
    COMBAT = "combat"  # 6.3: its combat phase (8.0)
    REINFORCE = "reinforce"  # 6.3: its reinforcement phase (9.0)
    HELD = "held"  # 6.4: another battle's round is under way; this one waits
    REGROUP = "regroup"  # 7.6: won; the victor may regroup
    OVER = "over"


TURN_STATES = (BattleState.RETREAT, BattleState.COMBAT, BattleState.REINFORCE)
# 6.3: the phases of a battle turn after morale, in order (an order of a later one closes the earlier)
PHASES = (BattlePhase.RETREAT, BattlePhase.COMBAT, BattlePhase.REINFORCE)
_TURN_STATE = dict(zip(PHASES, TURN_STATES, strict=True))


def lock(st: GameState) -> Battle | None:
    """6.4 / FAQ 7: once the attacker starts a battle turn in a battle, that battle's round (its battle turn,
    the defender's reply, and a regroup if it ends) finishes before any other battle moves."""
    for b in st.battles:
        if b.status == BattleStatus.REGROUP or (b.status == BattleStatus.FIGHTING and b.round_open):
            return b
    return None


def undeployed(ctx: Ctx, b: Battle, side: str) -> list[str]:
    """6.2: the roles of ``side`` with blocks in the battle that have not deployed them (13.1: each role its
    own blocks)."""
    units = [ctx.st.units[uid] for uid in b.pos]
    return [
        r
        for r in ctx.roles_of_side(side)
        if r not in b.deployed and any(u.side == side and u.army in armies_of(r) for u in units)
    ]


def state_of(ctx: Ctx, b: Battle) -> BattleState:
    """The state of battle ``b`` now."""
    if b.status == BattleStatus.DEPLOY:
        return BattleState.DEPLOY_DEFENDER if undeployed(ctx, b, b.defender) else BattleState.DEPLOY_ATTACKER
    if b.status == BattleStatus.OVER:
        return BattleState.OVER
    held = lock(ctx.st)
    if held is not None and held is not b:
        return BattleState.HELD
    if b.status == BattleStatus.REGROUP:
        return BattleState.REGROUP
    # (a phase of NONE while fighting lasts only from the reveal to the first battle turn, inside one order)
    return _TURN_STATE.get(b.phase, BattleState.RETREAT)


@dataclass(frozen=True)
class Transition:
    src: tuple[BattleState, ...]
    dst: BattleState
    when: str
    rule: str


_S = BattleState
_FIGHT = (*TURN_STATES, _S.HELD)
TRANSITIONS: tuple[Transition, ...] = (
    Transition((_S.DEPLOY_DEFENDER,), _S.DEPLOY_ATTACKER, "the defender's last role deploys", "6.2"),
    Transition(
        (_S.DEPLOY_DEFENDER, _S.DEPLOY_ATTACKER),
        _S.RETREAT,
        "the last role deploys: the lines are revealed (``reveal``), the attacker's first battle turn begins "
        "(``begin_turn``) and its morale is rolled",
        "6.2, 6.3, 8.6",
    ),
    Transition(
        (_S.DEPLOY_DEFENDER, _S.DEPLOY_ATTACKER),
        _S.HELD,
        "the set-up ends while another battle's round is under way",
        "6.2, 6.4",
    ),
    Transition(
        (_S.DEPLOY_DEFENDER, _S.DEPLOY_ATTACKER, *_FIGHT),
        _S.REGROUP,
        "a side routs (a line column empty: at the set-up, by morale, retreat, a combat move or fire; "
        "an attack that stalls) or has no block left (``won``)",
        "7.5, rulings 6.2, 6.3, product decision 6",
    ),
    Transition(
        (_S.DEPLOY_DEFENDER, _S.DEPLOY_ATTACKER, *_FIGHT, _S.REGROUP),
        _S.OVER,
        "won, and the victor has nothing to regroup, or its roles have regrouped (``finish``)",
        "7.6",
    ),
    Transition((_S.RETREAT,), _S.COMBAT, "a combat move, fire or square (``enter``)", "6.3, 8.0"),
    Transition((_S.RETREAT, _S.COMBAT), _S.REINFORCE, "a reinforcement (``enter``)", "6.3, 9.0"),
    Transition(
        TURN_STATES,
        _S.RETREAT,
        "every acting role has sent /end or has nothing left to do: the other side's battle turn begins "
        "(``begin_turn``) and its morale is rolled",
        "6.3, 8.6",
    ),
    Transition(
        (*TURN_STATES, _S.REGROUP),
        _S.HELD,
        "another battle holds the round: its attacker's first order there (``open_round``), or it was won "
        "at its set-up and its regroup comes first",
        "6.4",
    ),
    Transition(
        (_S.HELD,),
        _S.RETREAT,
        "the round under way elsewhere closes (``close_round``) or that battle ends; the battle goes on in "
        "the phase it had (the retreat phase but for a defender's turn that no attacker's order opened)",
        "6.4",
    ),
    Transition((_S.HELD,), _S.COMBAT, "as above, in the combat phase", "6.4"),
    Transition((_S.HELD,), _S.REINFORCE, "as above, in the reinforcement phase", "6.4"),
    Transition((_S.HELD,), _S.REGROUP, "as above, for a battle won meanwhile: its regroup goes on", "6.4"),
)


def moves(src: BattleState, dst: BattleState) -> bool:
    """Whether the machine may go from ``src`` to ``dst`` (``TRANSITIONS``)."""
    return any(src in t.src and t.dst == dst for t in TRANSITIONS)


# --- the transitions: the only writers of status, phase, round_open, turn_side, victor, battle_turn ---------


def reveal(b: Battle) -> None:
    """6.2: both sides have deployed; the battle is fought (the reveal and the first battle turn follow)."""
    b.status = BattleStatus.FIGHTING


def begin_turn(b: Battle, side: str) -> None:
    """6.3: ``side``'s battle turn begins at its retreat phase (its morale, 8.6, is rolled next), with this
    battle turn's bookkeeping cleared."""
    b.battle_turn += 1
    b.turn_side = side
    b.phase = BattlePhase.RETREAT
    b.ended = []
    b.acts = {}
    b.retreat_use = {}
    b.rout_use = {}
    b.reinforce_use = {}
    b.corps_fired = {}
    b.fresh = {k: v for k, v in b.fresh.items() if v >= b.battle_turn and k in b.pos}


def may_enter(b: Battle, phase: BattlePhase) -> None:
    """6.3: an order of a later phase closes the earlier ones; an earlier phase cannot be reopened."""
    if PHASES.index(phase) < PHASES.index(b.phase):
        raise rule_error("6.3", "battle.phase_over", current=b.phase, phase=phase)


def enter(b: Battle, phase: BattlePhase) -> None:
    """6.3: the battle turn is now in ``phase`` (checked by ``may_enter`` first)."""
    b.phase = phase


def open_round(b: Battle) -> None:
    """6.4: an order of the attacker's battle turn: it has chosen this battle, the others wait."""
    if b.turn_side == b.attacker:
        b.round_open = True


def close_round(b: Battle) -> None:
    """6.4: the defender's reply is over; the attacker chooses a battle again."""
    b.round_open = False


def won(ctx: Ctx, b: Battle, victor: str) -> None:
    """The side left in the town is the victor (rulings 7.6); it may regroup (7.6). The caller then finishes
    the battle at once if the victor has nothing to regroup (``orders.settle``: who regroups is a question of
    7.6, asked above the rules that end a battle)."""
    b.victor = victor
    b.status = BattleStatus.REGROUP
    b.ended = []
    b.turn_side = None
    b.phase = BattlePhase.NONE
    for u in ctx.units_at(b.town):
        if u.in_square:
            ctx.st.own(u).in_square = False  # copy on write (state.py)
    b.pos = {}
    b.fresh = {}
    ctx.emit("battle_won", {"town": b.town, "victor": victor, "battle_turn": b.battle_turn})


def finish(ctx: Ctx, b: Battle) -> None:
    """7.6: the regroup is over (or there was none): the battle is over."""
    b.status = BattleStatus.OVER
    b.round_open = False
    b.ended = []
    ctx.emit("battle_over", {"town": b.town, "victor": b.victor})
