"""The table of the steps (``machine.py``): for each step, who must act and the kinds of order ``legal()``
offers, with the rule. Everything that asks who acts (``Game.active``, ``legal``, ``apply``) reads it."""

from __future__ import annotations

from dataclasses import dataclass

from .machine import Step
from .state import SIDES, State, other


@dataclass(frozen=True)
class Row:
    step: Step
    # "mover" (the side whose turn it is), "attacker", "defender", "both" (each till it acts), "french", ""
    who: str
    orders: tuple[str, ...]
    rule: str


ORDERS = ("move", "march", "detach", "attach", "enter", "attack", "end")
TABLE: tuple[Row, ...] = (
    Row(Step.AUCTION, "both", ("bid",), "17"),
    Row(Step.SETUP, "french", ("battery", "post", "ready"), "6"),
    Row(Step.ORDERS, "mover", ORDERS, "7, 9, 10"),
    Row(Step.DEFEND, "defender", ("defend", "give-ground"), "11.2, 11.4"),
    Row(Step.FEINT, "attacker", ("feint", "press"), "11.3"),
    Row(Step.LEAD, "attacker", ("lead",), "11.5"),
    Row(Step.COUNTER, "defender", ("counter",), "11.7"),
    Row(Step.STEP_UP, "defender", ("step-up",), "11.3, 11.9"),
    Row(Step.RETREAT, "defender", ("retreat",), "12"),
    Row(Step.ADVANCE, "attacker", ("advance",), "G35"),
    Row(Step.OVER, "", (), "13, 16"),
)
ROWS = {row.step: row for row in TABLE}


def step_of(st: State) -> Step:
    if st.phase == "over":
        return Step.OVER
    if st.phase == "auction":
        return Step.AUCTION
    if st.phase == "setup":
        return Step.SETUP
    return Step(st.attack.step) if st.attack is not None else Step.ORDERS


def actors(st: State) -> list[str]:
    """Every side that must act now: both armies in the auction until each has bid (17: the bids are sealed,
    so neither waits on the other), else the one side of ``acting``."""
    if ROWS[step_of(st)].who == "both":
        return [s for s in SIDES if s not in st.bids]
    side = acting(st)
    return [side] if side else []


def acting(st: State) -> str | None:
    """The side that must act now (the table's ``who``; of both, the first still to act)."""
    row = ROWS[step_of(st)]
    if row.who == "both":
        return next((s for s in SIDES if s not in st.bids), None)
    if row.who == "mover" or row.who == "attacker":
        return st.side
    if row.who == "defender":
        return other(st.side)
    if row.who == "french":
        return "french"
    return None
