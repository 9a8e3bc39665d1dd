r"""Liberty's sequence of play as one table: the phases a game goes through (``Phase``, stored in
``State.phase`` as the strings it always held), for each who must act, the kinds of order ``legal()`` offers
them and the keys of the prompt every front end shows (``TABLE``), and every change of phase with its rule
(``TRANSITIONS``). ``go`` is the only code that writes ``State.phase``, and it refuses a change the table does
not list (``tests/liberty/test_liberty_sequence.py`` checks both: on the source, and on real games walked
order by order).

The phases (Game turn, 7.1, 11.0)::

    CARDS -> SUPPLY -> ACTIONS <-> PLACE                   card phase (3.1, 3.3), action phase (3.2, 6.0)
      -> BATTLE_PHASE -> CHOOSING_BATTLE -> COMBAT <-> HIT battle phase (7.1), its rounds (7.21, 7.32)
                              ^           COMBAT <-> WITHDRAW  7.2 (G30), G27, 8.6 (G37)
                              |____ COMBAT / REGROUP        the battle over (7.5), the next one (7.1)
      -> CARDS (next game turn) or WINTER -> DISBAND -> ATTRITION -> CARDS (next year)   11.0-11.4
    WINTER -> OVER                                         11.1

``BATTLE_PHASE`` and ``WINTER`` ask nobody: the rules set them and ``flow.run`` carries them out before the
order that led there returns, so no stored game rests in them."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final, Protocol

from ..sequence import Transition, listed


class Phase(StrEnum):
    """Where the game stands between two orders (its value is the stored string)."""

    CARDS = "cards"  # card phase (3.1): each side plays a card face down
    SUPPLY = "supply"  # 3.3: a supply card's player adds steps
    ACTIONS = "actions"  # action phase (3.1, 3.2): P1's actions, then P2's
    PLACE = "place"  # 6.0-6.2: a block drawn by a build waits to be placed
    BATTLE_PHASE = "battles"  # 7.1: the actions are over; the battles are found (nobody acts)
    CHOOSING_BATTLE = "battle_order"  # 7.1: P1 chooses the next battle
    COMBAT = "battle"  # 7.21: a battle's combat turns: the blocks of a letter fire or retreat
    HIT = "hit"  # 7.32, G25: the owner chooses which of its equally strong blocks takes a hit
    WITHDRAW = "withdraw"  # 7.2 (G30), G27, 8.6 (G37): a side's blocks must retreat, its owner choosing
    REGROUP = "regroup"  # 7.5: the victor may regroup
    WINTER = "winter"  # 11.0-11.2: the victory check and the French entry roll (nobody acts)
    DISBAND = "disband"  # 11.3: disbanding, the British first
    ATTRITION = "attrition"  # 11.4: winter attrition, the owner choosing who goes
    OVER = "over"  # 11.1: the war is won


class Who(StrEnum):
    """Who must act in a phase (``game.active`` says it of a game)."""

    UNPLAYED = "unplayed"  # card phase (3.1): the sides that have not played their card yet
    ACTING = "acting"  # the side ``State.acting`` names: P1 or P2 (3.1, 3.3), P1 (7.1), the owner, the victor
    STEPPING = "stepping"  # 7.21: the side whose blocks' combat turn it is
    NOBODY = "nobody"  # the engine plays the phase out at once (``flow.run``), or the game is over


@dataclass(frozen=True)
class Row:
    """What the game asks in ``phase``."""

    phase: Phase
    who: Who  # the sides that must act
    orders: tuple[str, ...]  # the kinds of order ``legal()`` offers them (in the order it lists them)
    prompts: tuple[str, ...]  # the catalog keys of the prompt they are shown (the usual one first)
    rule: str


# what a side may send at any time, its turn or not: a standing order for hits (7.32) and the prisoner
# exchange (11.5: "for any deal agreed at any time")
ANY_TIME: Final = ("prefer", "exchange", "accept", "decline")

_P = Phase
TABLE: tuple[Row, ...] = (
    Row(_P.CARDS, Who.UNPLAYED, ("play", "prefer"), ("liberty.prompt.cards",), "Game turn, 3.1"),
    Row(_P.SUPPLY, Who.ACTING, ("supply",), ("liberty.prompt.supply",), "3.3"),
    Row(
        _P.ACTIONS,
        Who.ACTING,
        ("move", "sea", "build", "end", "prefer"),
        ("liberty.prompt.actions", "liberty.prompt.actions_none"),
        "3.1, 3.2, 5.0, 6.0",
    ),
    Row(_P.PLACE, Who.ACTING, ("place",), ("liberty.prompt.place",), "6.0, 6.1, 6.2"),
    Row(_P.BATTLE_PHASE, Who.NOBODY, (), (), "7.1"),
    Row(_P.CHOOSING_BATTLE, Who.ACTING, ("battle",), ("liberty.prompt.battle_order",), "7.1"),
    Row(_P.COMBAT, Who.STEPPING, ("fire", "retreat", "prefer"), ("liberty.prompt.battle",), "7.21, 7.3, 7.4"),
    Row(_P.HIT, Who.ACTING, ("hit", "prefer"), ("liberty.prompt.hit", "liberty.prompt.hit_by"), "7.32, G25"),
    Row(_P.WITHDRAW, Who.ACTING, ("retreat", "end"), ("liberty.prompt.withdraw",), "7.2, G27, G30, 8.6, G37"),
    Row(_P.REGROUP, Who.ACTING, ("regroup", "end"), ("liberty.prompt.regroup",), "7.5"),
    Row(_P.WINTER, Who.NOBODY, (), (), "11.0, 11.1, 11.2"),
    Row(_P.DISBAND, Who.ACTING, ("disband", "end"), ("liberty.prompt.disband",), "11.3"),
    Row(_P.ATTRITION, Who.ACTING, ("attrition", "end"), ("liberty.prompt.attrition",), "11.4"),
    Row(_P.OVER, Who.NOBODY, (), (), "11.1"),
)
ROWS: Final = {row.phase: row for row in TABLE}


_BATTLE_OVER = (_P.BATTLE_PHASE, _P.COMBAT, _P.REGROUP)  # where a battle ends, or there was none (7.1)
TRANSITIONS: tuple[Transition[Phase], ...] = (
    Transition(
        (_P.CARDS,), _P.CARDS, "the set-up deals the first hands and the first game turn begins", "12.0"
    ),
    Transition(
        (_P.CARDS, _P.SUPPLY),
        _P.SUPPLY,
        "both cards are face up; a supply card's player adds its steps first, P1 before P2 (both: the "
        "British)",
        "3.3, G2",
    ),
    Transition(
        (_P.CARDS, _P.SUPPLY, _P.ACTIONS),
        _P.ACTIONS,
        "the action cards are played out: P1's actions, then P2's",
        "3.1, 3.2, G1",
    ),
    Transition((_P.ACTIONS,), _P.PLACE, "a build draws a block that may go to more than one place", "6.0"),
    Transition((_P.PLACE,), _P.ACTIONS, "the drawn block is placed", "6.1, 6.2"),
    Transition((_P.SUPPLY, _P.ACTIONS), _P.BATTLE_PHASE, "all the actions are over", "Game turn, 7.1"),
    Transition(
        _BATTLE_OVER, _P.CHOOSING_BATTLE, "more than one battle is left: P1 chooses which is next", "7.1"
    ),
    Transition(
        (*_BATTLE_OVER, _P.CHOOSING_BATTLE),
        _P.COMBAT,
        "a battle begins (chosen by P1, or the only one left): its blocks are revealed",
        "7.1",
    ),
    Transition(
        (_P.COMBAT, _P.HIT),
        _P.COMBAT,
        "a roll's hits are taken (or the owner chose among equals); the next combat turn",
        "7.31, 7.32, G25",
    ),
    Transition(
        (_P.COMBAT, _P.HIT), _P.HIT, "a hit falls among equally strong blocks of one owner", "7.32, G25"
    ),
    Transition(
        (_P.COMBAT, _P.WITHDRAW),
        _P.WITHDRAW,
        "the battle goes on past round 3 (the attacker withdraws; warships alone against land blocks: the "
        "defender), or ends in round 1 with the defender's reserves in the hex; a block has more than one "
        "way",
        "7.2, G30, G27, 8.6, G37",
    ),
    Transition((_P.WITHDRAW,), _P.COMBAT, "every block has withdrawn: the battle is over", "7.2, G26"),
    Transition(
        (_P.COMBAT,), _P.REGROUP, "the battle is won and the victor has a block that may regroup", "7.5"
    ),
    Transition(
        _BATTLE_OVER, _P.CARDS, "all battles are resolved: the next game turn begins", "Game turn, 5.3"
    ),
    Transition(_BATTLE_OVER, _P.WINTER, "all battles of the fifth game turn are resolved", "11.0"),
    Transition((_P.WINTER,), _P.OVER, "the victory check finds a winner", "11.1"),
    Transition((_P.WINTER,), _P.DISBAND, "no winner: disbanding, the British first", "11.2, 11.3"),
    Transition(
        (_P.DISBAND, _P.ATTRITION),
        _P.ATTRITION,
        "a place over its supply where its owner may choose who goes",
        "11.4",
    ),
    Transition(
        (_P.DISBAND, _P.ATTRITION),
        _P.CARDS,
        "the winter is over: the next year's deal and card phase",
        "11.0, 3.0",
    ),
)


def moves(src: Phase, dst: Phase) -> bool:
    """Whether the game may go from ``src`` to ``dst`` (``TRANSITIONS``)."""
    return listed(TRANSITIONS, src, dst)


class _Phased(Protocol):
    """The game state as ``go`` sees it (``state.State``)."""

    phase: Phase
    acting: str | None


class _Keep:
    """``go``'s default: the acting side stays as it is."""


KEEP: Final = _Keep()


def go(st: _Phased, dst: Phase, acting: str | _Keep | None = KEEP) -> None:
    """The game enters ``dst`` (and ``acting`` acts, if given): the only writer of ``State.phase``. A change
    the table does not list is a fault of the rules, not of an order: it fails loudly."""
    if not moves(st.phase, dst):
        raise AssertionError(f"no transition from {st.phase!r} to {dst!r} in Liberty's sequence of play")
    st.phase = dst
    if not isinstance(acting, _Keep):
        st.acting = acting
