"""The assignment segment (11.x): the HQ assigns reserves to formations (11.1, G35), artillery attaches to an
infantry division in its area (11.1, 11.2) or detaches (11.1)."""

from __future__ import annotations

from . import board as B
from . import command
from .activation import formation_id
from .context import Ctx, error
from .movement import is_horse


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
