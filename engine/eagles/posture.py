"""17.0 defensive postures: infantry in square (17.1) or in reverse-slope defence (17.2), formed and left in
the movement segment (13.1). Their effects are the combat rules' (10.2 a square halves the chargers and
shields its area's artillery from enfilade; 12.3 +1 to bombard a square, -1 to bombard a reverse slope
across its slope border; 14.2 an assault from square -50%), read from the units' marks; the rest is ours
(docs/rulings.md "Eagles of the Empire — 17.0 squares and reverse slopes")."""

from __future__ import annotations

from . import board as B
from .context import Ctx, error
from .movement import ma, may_move
from .state import Unit

SQUARE, SLOPE, LINE = "form-square", "reverse-slope", "line"


def slope_down(ctx: Ctx, area: str) -> bool:
    """17.2 (ours): the area has a slope border down to a lower neighbour, the crest the troops lie behind."""
    b = ctx.board
    return any(
        not B.is_diagonal(b, area, n) and B.area(b, n).elevation < B.area(b, area).elevation
        for n in B.neighbours(b, area)
    )


def _why_not(ctx: Ctx, u: Unit, kind: str) -> tuple[str, str, dict[str, str]] | None:
    """Why ``u`` may not take (or leave) a posture now: (rule, key, values), or None."""
    if u.kind != "infantry":
        return "17.0", "eagles.posture.not_infantry", {"unit": u.id}
    why = may_move(ctx, u.id)  # 13.0: an activated unit that has not charged or bombarded
    if why is not None:
        return "13.1", why, {"unit": u.id}
    if kind == SQUARE and u.square:
        return "17.1", "eagles.posture.in_square", {"unit": u.id}
    if kind == SLOPE:
        if u.reverse_slope:
            return "17.2", "eagles.posture.in_slope", {"unit": u.id}
        if not slope_down(ctx, u.area):
            return "17.2", "eagles.posture.no_slope", {"unit": u.id, "area": u.area}
    if kind == LINE and not (u.square or u.reverse_slope):
        return "17.0", "eagles.posture.in_line", {"unit": u.id}
    if u.moved or u.mp_used:
        return "13.1", "eagles.posture.moved", {"unit": u.id}
    return None


def order(ctx: Ctx, side: str, kind: str, units: tuple[str, ...], *, dry: bool = False) -> None:
    """13.1, 17.0: the named infantry of the activated formations forms square, takes reverse-slope defence or
    goes back into line; each one's whole move in this movement segment (ours, G13)."""
    st = ctx.st
    ids = [x.upper() for x in units]
    if len(set(ids)) != len(ids):
        raise error("13.1", "eagles.move.twice", units=ids)
    for uid in ids:
        u = st.units.get(uid)
        if u is None or u.side != side or not u.on_map:
            raise error("13.1", "eagles.unknown_piece", unit=uid)
        why = _why_not(ctx, u, kind)
        if why is not None:
            rule, key, values = why
            raise error(rule, key, **values)
    if len({st.units[x].area for x in ids}) != 1:
        raise error("13.1", "eagles.move.apart", units=ids)
    if dry:
        return
    for uid in ids:
        u = st.units[uid]
        u.square = kind == SQUARE  # ours: one posture at a time, square over reverse slope
        u.reverse_slope = kind == SLOPE
        u.moved, u.mp_used = True, ma(ctx, uid)  # 13.1: the posture is its move
    ctx.emit(kind, {"side": side, "units": ids, "area": st.units[ids[0]].area})


def end_slope(u: Unit) -> None:
    """17.2 (ours, G13): reverse-slope defence ends when the unit moves, assaults or retreats."""
    u.reverse_slope = False
