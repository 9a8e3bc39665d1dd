"""The assignment segment (11.x): the HQ assigns reserves to formations (11.1, G35), artillery attaches to an
infantry division in its area (11.1, 11.2) or detaches (11.1); a division deploys its short counter or
takes it back (11.3)."""

from __future__ import annotations

from . import board as B
from . import command, movement, turns
from .activation import formation_id
from .context import Ctx, error
from .movement import is_horse
from .state import Unit, step_sp


def assign_limit(ctx: Ctx, side: str) -> int:
    """11.1: per turn up to the HQ's command range (+1 with its chief of staff); ours: a side without an HQ
    assigns by its army commander, up to his range."""
    st = ctx.st
    hq = next((u for u in st.units.values() if u.kind == "hq" and u.side == side and u.on_map), None)
    if hq is not None:
        return command.hq_range(ctx, hq)
    return st.leaders[st.army_commander[side]].range


def assign(ctx: Ctx, side: str, uid: str, to: str, *, dry: bool = False) -> None:
    """11.1: with the HQ activated (ours: for a side without an HQ, any activation, by the army commander), a
    reserve unit on the map goes to a formation of its side; it acts with that formation from its next
    activation (ours)."""
    st = ctx.st
    act = st.activation
    assert act is not None
    u = st.units.get(uid.upper())
    if u is None or u.side != side or not u.on_map:
        raise error("11.1", "eagles.unknown_piece", unit=uid)
    if not u.reserve:
        raise error("11.1", "eagles.assign.not_reserve", unit=u.id)
    has_hq = any(x.kind == "hq" and x.side == side for x in st.units.values())
    if has_hq and "hq" not in act.formations:
        raise error("11.1", "eagles.assign.hq")
    if st.assigned.get(side, 0) >= assign_limit(ctx, side):
        raise error("11.1", "eagles.assign.limit", n=assign_limit(ctx, side))
    f = formation_id(ctx, to)
    if f not in st.formations or st.formations[f].side != side or f == "hq" or f == u.formation:
        raise error("11.1", "eagles.assign.formation", formation=to)
    if dry:
        return
    u.formation, u.reserve = f, False
    st.assigned[side] = st.assigned.get(side, 0) + 1
    act.assigned.append(u.id)
    ctx.emit("assign", {"side": side, "unit": u.id, "formation": f})


def attach(ctx: Ctx, side: str, uid: str, to: str, *, dry: bool = False) -> None:
    """11.2: activated artillery attaches to an infantry division (a long counter, 11.1) in its area; never
    heavy artillery; horse artillery only to its own formation; at most 2 on a division. It joins the
    division's formation."""
    st = ctx.st
    act = st.activation
    assert act is not None
    a = st.units.get(uid.upper())
    d = st.units.get(to.upper())
    if a is None or a.side != side or not a.on_map:
        raise error("11.2", "eagles.unknown_piece", unit=uid)
    if d is None or d.side != side or not d.on_map:
        raise error("11.2", "eagles.unknown_piece", unit=to)
    if a.kind != "artillery":
        raise error("11.2", "eagles.attach.not_artillery", unit=a.id)
    if a.formation not in act.formations:
        raise error("11.2", "eagles.attach.not_active", unit=a.id)
    if a.attached_to:
        raise error("11.2", "eagles.attach.already", unit=a.id, division=a.attached_to)
    if d.kind != "infantry" or not d.long:
        raise error("11.1", "eagles.attach.not_division", unit=d.id)
    if d.area != a.area:
        raise error("11.2", "eagles.attach.apart", unit=a.id, division=d.id)
    kind = str(getattr(B.unit(ctx.board, a.id), "kind", ""))
    if kind == "heavy":
        raise error("11.1", "eagles.attach.heavy", unit=a.id)
    if is_horse(ctx, a) and a.formation != d.formation:
        raise error("11.1", "eagles.attach.horse", unit=a.id, division=d.id)
    if sum(1 for x in st.units.values() if x.attached_to == d.id) >= 2:
        raise error("11.1", "eagles.attach.full", division=d.id)
    if a.bombarded or a.moved or a.charged:
        raise error("11.2", "eagles.attach.acted", unit=a.id)
    if dry:
        return
    a.attached_to, a.formation, a.facing = d.id, d.formation, d.facing
    ctx.emit("attach", {"side": side, "unit": a.id, "division": d.id})


def detach(ctx: Ctx, side: str, uid: str, *, dry: bool = False) -> None:
    """11.1: attached artillery of an activated formation detaches in the assignment segment; MA -1 in this
    activation's movement segment."""
    st = ctx.st
    act = st.activation
    assert act is not None
    a = st.units.get(uid.upper())
    if a is None or a.side != side or not a.on_map:
        raise error("11.1", "eagles.unknown_piece", unit=uid)
    if not a.attached_to:
        raise error("11.1", "eagles.detach.not_attached", unit=a.id)
    if a.formation not in act.formations:
        raise error("11.1", "eagles.attach.not_active", unit=a.id)
    if dry:
        return
    division = a.attached_to
    a.attached_to, a.detached_now = None, True
    ctx.emit("detach", {"side": side, "units": [a.id], "division": division, "why": "order"})


# -- 11.3 deployment -----------------------------------------------------------------------------------------
def _short_sp(ctx: Ctx, parent: str) -> int:
    """The SP of the short counter ``parent`` deploys: the scenario's deployment of it (ours: else 1)."""
    sc = B.scenario(ctx.board, ctx.st.scenario)
    return next((int(d.sp) for d in getattr(sc, "deployments", ()) if d.unit == parent), 1)


def deploys(ctx: Ctx, u: Unit) -> bool:
    """11.3: a unit the scenario names to deploy a short counter (the data's ``deploys``)."""
    return u.parent is None and u.kind != "hq" and bool(getattr(B.unit(ctx.board, u.id), "deploys", False))


def _may_deploy_here(ctx: Ctx, u: Unit) -> None:
    """11.3: neither deployment nor reabsorption next to an enemy or out of command; only an activated
    formation's units, in its assignment segment."""
    act = ctx.st.activation
    assert act is not None
    if u.formation not in act.formations:
        raise error("11.3", "eagles.attach.not_active", unit=u.id)
    if movement.next_to_enemy(ctx, u.area, u.side):
        raise error("11.3", "eagles.split.enemy", unit=u.id, area=u.area)
    if not u.in_command:
        raise error("11.3", "eagles.split.command", unit=u.id)


def split(ctx: Ctx, side: str, uid: str, *, dry: bool = False) -> None:
    """11.3: a division the scenario names deploys its short counter in its own area and is one step less
    (ours: one such counter at a time, and the division keeps a long counter of at least 2 SP)."""
    st = ctx.st
    u = st.units.get(uid.upper())
    if u is None or u.side != side or not u.on_map:
        raise error("11.3", "eagles.unknown_piece", unit=uid)
    if not deploys(ctx, u):
        named = sorted(x.id for x in st.units.values() if deploys(ctx, x))
        raise error("11.3", "eagles.split.cannot", unit=u.id, units=named)
    short = turns.deployed_id(u.id)
    if short in st.units:
        raise error("11.3", "eagles.split.out", unit=u.id, short=short)
    _may_deploy_here(ctx, u)
    left = step_sp(u.full_sp, u.full_steps, u.steps - 1) if u.full_steps > 1 else 0
    if not u.long or left < 2:
        raise error("11.3", "eagles.split.weak", unit=u.id, sp=u.sp)
    if dry:
        return
    made = turns.deploy(st, u.id, _short_sp(ctx, u.id))
    made.charged, made.bombarded, made.moved = u.charged, u.bombarded, u.moved
    ctx.emit("split", {"side": side, "division": u.id, "unit": made.id, "area": u.area})


def reabsorb(ctx: Ctx, side: str, uid: str, *, dry: bool = False) -> None:
    """11.3: a deployed short counter in its division's area goes back into it; the division has its step
    again (ours: the step the short counter still has)."""
    st = ctx.st
    name = uid.upper()
    u = st.units.get(name)
    if u is not None and u.parent:
        name = u.parent  # the deployed counter named instead of its division
    d = st.units.get(name)
    if d is None or d.side != side or not d.on_map:
        raise error("11.3", "eagles.unknown_piece", unit=uid)
    short = st.units.get(turns.deployed_id(d.id))
    if short is None or not short.on_map:
        raise error("11.3", "eagles.reabsorb.none", unit=d.id)
    if short.area != d.area:
        raise error("11.3", "eagles.reabsorb.apart", unit=d.id, short=short.id, area=d.area)
    _may_deploy_here(ctx, d)
    if not short.in_command:
        raise error("11.3", "eagles.split.command", unit=short.id)
    if dry:
        return
    printed = B.unit(ctx.board, d.id)
    d.full_steps += 1
    d.full_sp = step_sp(int(printed.sp), int(printed.steps), d.full_steps)
    d.steps += short.steps
    d.sp = step_sp(d.full_sp, d.full_steps, d.steps)
    del st.units[short.id]
    ctx.emit("reabsorb", {"side": side, "division": d.id, "unit": short.id, "area": d.area})
