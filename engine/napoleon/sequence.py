r"""The campaign's sequence of play (4.0) as one table: the phases a game goes through (``Phase``, stored in
``GameState.phase`` as the strings it always held), for each who must act, the kinds of order ``legal()``
offers them and the keys of the prompt every front end shows (``TABLE``), and every change of phase with its
rule (``TRANSITIONS``). ``go`` is the only code that writes ``GameState.phase`` (but ``/undo``, which puts a
whole earlier state back), and it refuses a change the table does not list
(``tests/napoleon/test_sequence.py`` checks both, on the source and on real games). A battle's own states
are ``battle/machine.py``'s, and who acts in the battle phase is ``battle/table.py``'s.

Phases::

    SETUP -> MOVEMENT -> BATTLE -> MOVEMENT (the next campaign turn) ...   3.1, 4.0-4.2
             MOVEMENT -> MOVEMENT (no battle: the next campaign turn)       4.0
    MOVEMENT / BATTLE -> OVER                                              10.0, 12.0-12.3
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final, Protocol

from ..sequence import Transition, listed
from .orders import BATTLE_KINDS


class Phase(StrEnum):
    """Where the game stands between two orders (its value is the stored string)."""

    SETUP = "setup"  # 3.1: the players deploy their blocks
    MOVEMENT = "movement"  # 4.1, 5.0: the acting side's movement phase of a campaign turn
    BATTLE = "battle"  # 4.2, 6.0-9.0: the battles the movement made, fought
    OVER = "over"  # 10.0, 12.0-12.3


class Who(StrEnum):
    """Who must act in a phase (``active.active_roles`` says it of a game)."""

    DEPLOYING = "deploying"  # 3.1: the roles that have not ended their set-up
    MOVING = "moving"  # 4.1, 13.1: the acting side's roles that still move
    FIGHTING = "fighting"  # 6.2-7.6: who the battles' own table asks (``battle/table.py``)
    NOBODY = "nobody"  # the game is over


@dataclass(frozen=True)
class Row:
    """What the game asks in ``phase``."""

    phase: Phase
    who: Who  # the roles that must act
    orders: tuple[str, ...]  # the kinds of order the phase takes (``legal()`` offers some of them)
    prompts: tuple[str, ...]  # the keys of the prompt they are shown (bot/i18n.py), the usual one first
    rule: str


# the battle's orders: the kinds an /orders list may hold, and /orders itself before /end (``game.py``'s
# BATTLE_ORDERS, in the order a refusal lists them)
BATTLE_ORDERS: Final = (*(k for k in BATTLE_KINDS if k != "end"), "orders", "end")
# what a role may send whenever it has an order to take back (product decision 9)
ANY_TIME: Final = ("undo",)

_P = Phase
TABLE: tuple[Row, ...] = (
    Row(_P.SETUP, Who.DEPLOYING, ("setup", "end"), ("prompt.setup", "prompt.setup_done"), "3.1"),
    Row(_P.MOVEMENT, Who.MOVING, ("move", "end"), ("prompt.movement",), "4.0, 4.1, 5.0, 13.1"),
    Row(
        _P.BATTLE,
        Who.FIGHTING,
        BATTLE_ORDERS,
        ("prompt.deploy", "prompt.battle", "prompt.regroup"),
        "4.2, 6.0, 6.2, 6.3, 7.6",
    ),
    Row(_P.OVER, Who.NOBODY, (), (), "10.0, 12.0"),
)
ROWS: Final = {row.phase: row for row in TABLE}


TRANSITIONS: tuple[Transition[Phase], ...] = (
    Transition(
        (_P.SETUP,),
        _P.MOVEMENT,
        "every role has ended its set-up (or a script's @turn): campaign turn 1 (or the one named) begins",
        "3.1, 4.0",
    ),
    Transition(
        (_P.MOVEMENT,),
        _P.BATTLE,
        "every acting role has ended its movement and an attack is in an enemy-held town",
        "4.0, 4.2, 6.0",
    ),
    Transition(
        (_P.MOVEMENT, _P.BATTLE),
        _P.MOVEMENT,
        "the movement ends with no battle, or the last battle is over: the campaign turn ends (supply, "
        "surrender, recovery) and the next begins",
        "4.0, 7.4, 11.0, 12.0",
    ),
    Transition(
        (_P.MOVEMENT, _P.BATTLE),
        _P.OVER,
        "Napoleon is killed, an army surrenders (after the battles), or the time record runs out",
        "10.0, 12.0, 12.1, 12.2, 12.3",
    ),
)


def moves(src: Phase, dst: Phase) -> bool:
    """Whether the game may go from ``src`` to ``dst`` (``TRANSITIONS``)."""
    return listed(TRANSITIONS, src, dst)


class _Phased(Protocol):
    """The game state as ``go`` sees it (``state.GameState``)."""

    phase: Phase


def go(st: _Phased, dst: Phase) -> None:
    """The game enters ``dst``: the only writer of ``GameState.phase``. A change the table does not list is
    a fault of the rules, not of an order: it fails loudly."""
    if not moves(st.phase, dst):
        raise AssertionError(f"no transition from {st.phase!r} to {dst!r} in the campaign's sequence of play")
    st.phase = dst
