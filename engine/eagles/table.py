"""The table of the phases (``machine.py``): for each phase, who must act and the kinds of order ``legal()``
offers, with the rule. Everything that asks who acts (``Game.active``, ``legal``, ``apply``) reads it.

In the action phase an order of a later segment closes the segments before it (8.2 keeps their order: ours,
``docs/rulings.md`` "Eagles of the Empire — 8.2"), so each segment's row offers its own kinds and the later
ones', and ``done`` ends the whole action phase. ``queue`` (orders given ahead, played when the side's turn
comes) and ``los`` (a question) are taken from either side at any time and are not in the table."""

from __future__ import annotations

from dataclasses import dataclass

from .machine import SEGMENTS, Phase
from .state import State


@dataclass(frozen=True)
class Row:
    phase: Phase
    who: str  # "entering" (the side whose arrivals are due), "chooser" (7.0), "roller" (8.1), "" (nobody)
    orders: tuple[str, ...]
    rule: str


SEGMENT_ORDERS: dict[Phase, tuple[str, ...]] = {
    Phase.CHARGE: ("charge",),
    Phase.ASSIGN: ("assign", "attach", "detach", "split", "reabsorb"),
    Phase.BOMBARD: ("bombard",),
    Phase.MOVE: ("move", "face", "form-square", "reverse-slope", "line"),
    Phase.ASSAULT: ("assault",),
}


def _from(seg: Phase) -> tuple[str, ...]:
    i = SEGMENTS.index(seg)
    return (*(k for s in SEGMENTS[i:] for k in SEGMENT_ORDERS[s]), "done")


TABLE: tuple[Row, ...] = (
    Row(Phase.ENTER, "entering", ("enter",), "6.0"),
    Row(Phase.FIRST, "chooser", ("first",), "7.0"),
    Row(Phase.ROLL, "roller", ("roll", "release", "charge"), "8.1"),  # charge: 10.8 the grand charge
    Row(Phase.ACTIVATE, "roller", ("activate", "release"), "8.1"),
    Row(Phase.CHARGE, "roller", _from(Phase.CHARGE), "10.0"),
    Row(Phase.ASSIGN, "roller", _from(Phase.ASSIGN), "11.0"),
    Row(Phase.BOMBARD, "roller", _from(Phase.BOMBARD), "12.0"),
    Row(Phase.MOVE, "roller", _from(Phase.MOVE), "13.0"),
    Row(Phase.ASSAULT, "roller", _from(Phase.ASSAULT), "14.0"),
    Row(Phase.OVER, "", (), "facts 9"),
)
ROWS = {row.phase: row for row in TABLE}
ANY_TIME = ("queue", "los", "range")


def phase_of(st: State) -> Phase:
    return Phase(st.phase)


def acting(st: State) -> str | None:
    """The side that must act now (the table's ``who``)."""
    row = ROWS[phase_of(st)]
    if row.who == "roller":
        return st.roller
    if row.who == "chooser":
        return st.chooser
    if row.who == "entering":
        return next((s for s in ("french", "allies") if st.due.get(s)), None)
    return None


def segment_of(kind: str) -> Phase | None:
    """The segment an order kind belongs to (8.2), or None for an order outside the action phase."""
    return next((s for s, kinds in SEGMENT_ORDERS.items() if kind in kinds), None)
