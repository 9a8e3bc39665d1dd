"""The combat segments' orders (10 charges, 12 bombardment, 14 assault) on the combat rules of ``combat/``:
the units of one area of the activated formations against one target area; the rules' own ``targets`` say
which areas they may strike, and their events (every die with its purpose) join the game's log."""

from __future__ import annotations

from typing import Any

from engine.errors import RuleError
from engine.events import Event
from engine.orders import Order

from . import orders as O
from .combat import assault, bombard, charge
from .context import Ctx, error
from .machine import Phase

_RULES: dict[str, tuple[Any, str, str]] = {
    "charge": (charge, "charge", "10.1"),
    "bombard": (bombard, "fire", "12.1"),
    "assault": (assault, "assault", "14.1"),
}


def _eligible(ctx: Ctx, role: str, kind: str, uid: str) -> bool:
    """Who may take part (10.7, 12.6, G6, 9.4 are the combat rules' own; here: of the activated
    formations)."""
    st = ctx.st
    act = st.activation
    u = st.units.get(uid)
    return act is not None and u is not None and u.side == role and u.on_map and u.formation in act.formations


def order(ctx: Ctx, role: str, o: Order, *, dry: bool = False) -> None:
    assert isinstance(o, (O.Charge, O.Bombard, O.Assault))
    mod, fn, rule = _RULES[o.kind]
    st = ctx.st
    for uid in o.units:
        if not _eligible(ctx, role, o.kind, uid):
            raise error(rule, "eagles.fight.not_active", unit=uid)
    areas = {st.units[u].area for u in o.units}
    if len(areas) != 1:
        raise error(rule, "eagles.fight.apart", units=list(o.units))
    area = areas.pop()
    targets = _targets(ctx, o.kind, area, list(o.units))
    if o.target not in targets:
        raise error(rule, "eagles.fight.target", order=o.kind, target=o.target, targets=sorted(targets))
    if dry:
        return
    if o.kind == "bombard":
        got = bombard.fire(ctx.board, st, st.dice, area, list(o.units), o.target, options=ctx.opts)
    else:
        got = getattr(mod, fn)(ctx.board, st, st.dice, area, list(o.units), o.target)
        if o.kind == "assault":
            for uid in o.units:
                st.units[uid].reverse_slope = False  # 17.2 (ours, G13): an assault ends it
    for e in got:
        ctx.events.append(Event(e.kind, e.data, e.secret, e.to, seq=len(ctx.events) + 1))


def _targets(ctx: Ctx, kind: str, area: str, ids: list[str]) -> list[str]:
    if kind == "bombard":
        return list(bombard.targets(ctx.board, ctx.st, area, ids, options=ctx.opts))
    mod = _RULES[kind][0]
    return list(mod.targets(ctx.board, ctx.st, area, ids))


def candidates(ctx: Ctx, role: str, seg: Phase) -> list[Order]:
    """For each area of the activated formations: its units of the segment's arm together (and, for a charge,
    each cavalry unit alone), at every target the combat rules give them."""
    st = ctx.st
    kind = {Phase.CHARGE: "charge", Phase.BOMBARD: "bombard", Phase.ASSAULT: "assault"}[seg]
    make = {"charge": O.Charge, "bombard": O.Bombard, "assault": O.Assault}[kind]
    by_area: dict[str, list[str]] = {}
    for u in sorted(st.units.values(), key=lambda x: x.id):
        if not _eligible(ctx, role, kind, u.id) or u.attached_to:
            continue
        if kind == "charge" and u.kind != "cavalry":
            continue
        if kind == "bombard" and u.kind != "artillery":
            continue
        if kind == "assault" and (u.kind not in ("infantry", "cavalry")):
            continue
        by_area.setdefault(u.area, []).append(u.id)
    out: list[Order] = []
    for area, ids in sorted(by_area.items()):
        groups = [ids]
        if kind == "charge" and len(ids) > 1:
            groups += [[u] for u in ids]  # 10.1: any of an area's cavalry may charge, not only all of it
        for group in groups:
            try:
                targets = _targets(ctx, kind, area, group)
            except RuleError:  # a group the rules refuse as a whole offers nothing
                targets = []
            out += [make(tuple(group), t) for t in sorted(targets)]
    return out
