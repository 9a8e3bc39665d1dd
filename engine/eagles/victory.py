"""Victory (facts 9, G21): objective areas held by the side whose combat units were the last to occupy them,
1 VP per enemy step eliminated and 2 per enemy leader killed, the Guard's release (facts 7.3); a French
decisive victory at the end of any turn; otherwise the VP compared after the last turn with a margin."""

from __future__ import annotations

from typing import Any

from . import board as B
from .context import Ctx
from .state import OFF, SIDES, other


def _victory(ctx: Ctx) -> Any:
    return B.scenario(ctx.board, ctx.st.scenario).victory


def update_holders(ctx: Ctx) -> None:
    """Facts 9: an objective is held by the side whose combat units were the last to occupy it."""
    st = ctx.st
    for o in _victory(ctx).objectives:
        side = st.side_of_area(o.area)
        if side is not None and st.holders.get(o.area) != side:
            st.holders[o.area] = side
            ctx.emit("objective", {"area": o.area, "side": side})


def losses(ctx: Ctx, side: str) -> tuple[int, int]:
    """The steps ``side`` has lost (of units that came on the map) and its leaders killed."""
    st = ctx.st
    steps = sum(u.full_steps - u.steps for u in st.units.values() if u.side == side and u.area != OFF)
    leaders = sum(1 for x in st.leaders.values() if x.side == side and not x.alive)
    return steps, leaders


def score(ctx: Ctx) -> dict[str, int]:
    """Each side's VP now (facts 9)."""
    st, v = ctx.st, _victory(ctx)
    out = {}
    for s in SIDES:
        held = sum(int(o.vp) for o in v.objectives if st.holders.get(o.area) == s)
        steps, leaders = losses(ctx, other(s))
        out[s] = held + steps * int(v.step_vp) + leaders * int(v.leader_vp) + st.bonus_vp.get(s, 0)
    for var in getattr(B.scenario(ctx.board, st.scenario), "variants", ()):
        if var.id in ctx.opts.variants() and var.id not in st.came:  # facts 7.2: while it has not come
            out[other(var.side)] += int(var.vp_to_enemy_if_absent)
    return out


def decisive(ctx: Ctx) -> bool:
    """Facts 9: the French hold C1 and C3 with no Allied combat unit adjacent to C1."""
    st, v = ctx.st, _victory(ctx)
    d = getattr(v, "decisive", None)
    if d is None:
        return False
    if any(st.holders.get(a) != d.side for a in d.hold):
        return False
    near = d.no_enemy_adjacent
    return not any(st.enemy_combat_in(n, d.side) for n in (near, *B.neighbours(ctx.board, near)))


def at_turn_end(ctx: Ctx, last: bool) -> tuple[str, str] | None:
    """The result at the end of a turn: a French decisive victory at the end of any turn; after the last, the
    side ahead by the margin wins, else a draw (facts 9)."""
    if decisive(ctx):
        return str(_victory(ctx).decisive.side), "decisive"
    if not last:
        return None
    vp = score(ctx)
    margin = int(_victory(ctx).margin)
    for s in SIDES:
        if vp[s] >= vp[other(s)] + margin:
            return s, "margin"
    return "draw", "draw"
