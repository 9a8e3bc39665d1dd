r"""The sequence of play (4.0) as one table: the phases of a turn and of an activation, as a ``StrEnum``
stored in
``State.phase``, with every transition and its rule. ``go`` is the only writer of the phase and refuses a
change
the table does not list. Who acts in each phase and the order kinds ``legal()`` offers are ``table.py``.

    I.   Preparation (once a turn): 5.0 weather (clear all game: automatic), 6.0 reinforcements (ENTER, when a
         side has arrivals due), 7.0 first player (both roll, automatic; FIRST: the higher total chooses)
    II.  Activation step: ROLL (8.1 the die against the army commander's initiative) -> ACTIVATE (8.1 name the
         formations; 9.0 command determined at once) -> the action phase's segments CHARGE (10) -> ASSIGN (11)
         -> BOMBARD (12) -> MOVE (13) -> ASSAULT (14) -> ROLL (the other side, 1.1), until both fail in a row
         (8.13), or every formation has activated
    III. End step: 15 rally, recovery and replacement (automatic), then the next turn's preparation, or OVER
         after the last turn (facts 9) or at a French decisive victory (facts 9: the end of any turn)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.errors import RuleError

from .state import State


class Phase(StrEnum):
    ENTER = "enter"  # 6.0: the side with arrivals due brings them on, or delays some one turn
    FIRST = "first"  # 7.0: the side with the higher total chooses who tries first
    ROLL = "roll"  # 8.1: the activation die
    ACTIVATE = "activate"  # 8.1, 8.14-8.18: the formations named; 9.0 command determination
    CHARGE = "charge"  # 10.0
    ASSIGN = "assign"  # 11.0
    BOMBARD = "bombard"  # 12.0
    MOVE = "move"  # 13.0
    ASSAULT = "assault"  # 14.0
    OVER = "over"


SEGMENTS = (Phase.CHARGE, Phase.ASSIGN, Phase.BOMBARD, Phase.MOVE, Phase.ASSAULT)  # 8.2, in order
PREPARATION = (Phase.ENTER, Phase.FIRST)


@dataclass(frozen=True)
class Transition:
    src: tuple[Phase, ...]
    dst: Phase
    when: str
    rule: str


_P = Phase
_ENDS = (_P.ROLL, *SEGMENTS)  # where an activation step may end (a failure, the last action phase)
TRANSITIONS: tuple[Transition, ...] = (
    Transition((_P.ENTER,), _P.ENTER, "one side's arrivals are in; the other side has arrivals due", "6.0"),
    Transition((_P.ENTER,), _P.FIRST, "the arrivals are in; both roll for the first player", "6.0, 7.0"),
    Transition((_P.FIRST,), _P.ROLL, "the side with the higher total names who tries first", "7.0"),
    Transition(
        (_P.ROLL,),
        _P.ROLL,
        "a failed roll: the next try (the other side, or the same one alone)",
        "8.12, 1.1",
    ),
    Transition((_P.ROLL,), _P.ACTIVATE, "a roll not above the initiative: formations to name", "8.1, 8.11"),
    Transition((_P.ACTIVATE,), _P.CHARGE, "formations named; command determined", "8.1, 9.0"),
    Transition((_P.CHARGE,), _P.ASSIGN, "the charges are done", "8.2"),
    Transition((_P.CHARGE, _P.ASSIGN), _P.BOMBARD, "the assignments are done", "8.2"),
    Transition((_P.CHARGE, _P.ASSIGN, _P.BOMBARD), _P.MOVE, "the bombardments are done", "8.2"),
    Transition((_P.CHARGE, _P.ASSIGN, _P.BOMBARD, _P.MOVE), _P.ASSAULT, "the moves are done", "8.2"),
    Transition(SEGMENTS, _P.ROLL, "the action phase is over: the next try", "8.17, 1.1"),
    Transition(
        _ENDS,
        _P.ENTER,
        "the activation step ends (8.13 two failures in a row, or every formation has"
        " activated); recovery; the next turn has arrivals",
        "8.13, 15, 6.0",
    ),
    Transition(_ENDS, _P.FIRST, "the activation step ends; recovery; the next turn begins", "8.13, 15, 7.0"),
    Transition(
        _ENDS, _P.OVER, "the last turn ends, or the French hold the crossroads at a turn's end", "facts 9"
    ),
)
_ALLOWED = {(s, t.dst) for t in TRANSITIONS for s in t.src}


def go(st: State, dst: Phase) -> None:
    """Move the game (its ``phase``) to ``dst``, refusing a change the table does not list (a bug, not a
    player's error: the order is undone whole)."""
    src = Phase(st.phase)
    if (src, dst) not in _ALLOWED:
        raise RuleError("4.0", f"no transition {src} -> {dst} in the sequence of play")
    st.phase = str(dst)
