"""Who must act now (4.0, 13.1): in the set-up, the roles still deploying (3.1); in a movement phase, the
acting side's roles that still move; in battles, the battle rules say (6.2-7.6)."""

from __future__ import annotations

from . import battle as battle_rules
from . import movement
from .context import Ctx
from .sequence import ROWS, Who
from .state import armies_of


def active_roles(ctx: Ctx) -> list[str]:
    """The roles that must act now: who the sequence of play's table names (``sequence.Who``)."""
    who = ROWS[ctx.st.phase].who
    if who is Who.DEPLOYING:
        return list(ctx.st.setup_waiting)
    if who is Who.MOVING:
        return movement_roles(ctx)
    if who is Who.FIGHTING:
        return battle_rules.active_roles(ctx)
    return []


def movement_roles(ctx: Ctx) -> list[str]:
    """The roles that still move this phase: the acting side's roles that have units and have not ended
    (13.1: in a 3-player game the British and Prussian players each end their own movement)."""
    out = []
    for r in ctx.roles_of_side(movement.acting_side(ctx)):
        if r in ctx.st.movement.ended:
            continue
        if movement.waiting_for_ally(ctx, r):
            continue  # 13.1 with 6.1: the ally completes or undoes its attack first (rulings 6.1)
        if any(u.army in armies_of(r) and not u.eliminated for u in ctx.st.units.values()):
            out.append(r)
    return out
