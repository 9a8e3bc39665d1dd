"""The table of the battle's states (``machine.py``): for each state, who must act, the kinds of order
``legal()`` offers them, and the key of the prompt every front end shows (bot/i18n.py). It sits above the
rules it asks (6.2 who deploys, 6.3 who acts in a battle turn, 7.6 who regroups); everything that asks who
acts in a battle — ``active_roles``, the choice of battle for an order, ``legal`` — reads it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..context import Ctx
from ..sequence import Phase
from ..state import Battle
from . import machine
from .deploy import redeployers
from .machine import BattleState, state_of
from .regroup import regroup_roles
from .turns import turn_roles


def _nobody(ctx: Ctx, b: Battle) -> list[str]:
    return []


@dataclass(frozen=True)
class Row:
    """What a battle in ``state`` asks (the table below)."""

    state: BattleState
    # the kind of order it waits for, as the "nothing waiting" messages name it; None: nobody acts here
    stage: str | None
    who: Callable[[Ctx, Battle], list[str]]  # the roles that must act, in order
    orders: tuple[str, ...]  # the kinds of order ``legal()`` offers them (``/orders`` takes a list of these)
    prompt: str | None  # the key of the prompt every front end shows them (bot/i18n.py)
    rule: str
    also: Callable[[Ctx, Battle], list[str]] = _nobody  # roles that may order here without having to


TURN_ORDERS = ("retreat", "battle-move", "fire", "square", "unsquare", "reinforce", "end")
TABLE: tuple[Row, ...] = (
    Row(
        BattleState.DEPLOY_DEFENDER,
        "deploy",
        lambda ctx, b: machine.undeployed(ctx, b, b.defender),
        ("deploy",),
        "prompt.deploy",
        "6.2, 13.1",
        also=redeployers,  # 3 players: the ally that has deployed, while the other still deploys
    ),
    Row(
        BattleState.DEPLOY_ATTACKER,
        "deploy",
        lambda ctx, b: machine.undeployed(ctx, b, b.attacker),
        ("deploy",),
        "prompt.deploy",
        "6.2, 13.1",
        also=redeployers,  # until a role of the attacker has deployed
    ),
    Row(BattleState.RETREAT, "turn", turn_roles, TURN_ORDERS, "prompt.battle", "6.3, 7.0"),
    Row(BattleState.COMBAT, "turn", turn_roles, TURN_ORDERS[1:], "prompt.battle", "6.3, 8.0"),
    Row(BattleState.REINFORCE, "turn", turn_roles, TURN_ORDERS[5:], "prompt.battle", "6.3, 9.0"),
    Row(BattleState.HELD, None, _nobody, (), None, "6.4"),
    Row(BattleState.REGROUP, "regroup", regroup_roles, ("regroup", "end"), "prompt.regroup", "7.6"),
    Row(BattleState.OVER, None, _nobody, (), None, "7.6"),
)


ROWS = {row.state: row for row in TABLE}


def stages_for(order: str) -> tuple[str, ...]:
    """The stages whose states take orders of kind ``order`` (``("turn", "regroup")`` for /end), in the
    table's order; none for a kind no battle takes."""
    return tuple(dict.fromkeys(row.stage for row in TABLE if row.stage and order in row.orders))


def battles_for(ctx: Ctx, role: str) -> dict[str, list[Battle]]:
    """The battles in which ``role`` may act now, by kind of order (the table's ``stage``)."""
    out: dict[str, list[Battle]] = {"deploy": [], "turn": [], "regroup": []}
    if ctx.st.phase == Phase.OVER:
        return out
    for b in ctx.st.battles:
        row = ROWS[state_of(ctx, b)]
        if row.stage is not None and (role in row.who(ctx, b) or role in row.also(ctx, b)):
            out[row.stage].append(b)
    return out


def active_roles(ctx: Ctx) -> list[str]:
    """The roles that must act now in the battle phase: those deploying first (6.2), then those of the battle
    turn or the regroup (6.3-7.6), each once."""
    if ctx.st.phase == Phase.OVER:
        return []
    rows = [(b, ROWS[state_of(ctx, b)]) for b in ctx.st.battles]
    out = [r for b, row in rows if row.stage == "deploy" for r in row.who(ctx, b)]
    out += [r for b, row in rows if row.stage not in (None, "deploy") for r in row.who(ctx, b)]
    return list(dict.fromkeys(out))


def prompt_key(ctx: Ctx, role: str) -> str:
    """The prompt of what ``role`` is asked in the battles (the table's ``prompt``): a deployment first,
    then a regroup, then a battle turn; "" if it acts in none."""
    found = battles_for(ctx, role)
    for stage in ("deploy", "regroup", "turn"):
        for b in found[stage]:
            key = ROWS[state_of(ctx, b)].prompt
            if key:
                return key
    return ""
