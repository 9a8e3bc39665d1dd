"""One path for every order: who may give it now (the table of ``table.py``), then its rule (``moves``,
``attack``, ``turns``). ``dry``: check only (``legal``)."""

from __future__ import annotations

from engine.orders import Order

from . import attack, moves, turns
from . import orders as O
from .context import Ctx, error
from .table import ROWS, actors, step_of


def dispatch(ctx: Ctx, role: str, o: Order, *, dry: bool = False) -> None:
    st = ctx.st
    if st.phase == "over":
        raise error("16", "triumph.order.over")
    step = step_of(st)
    row = ROWS[step]
    if o.kind not in row.orders:
        raise error(row.rule, "triumph.order.not_now", order=o.kind, step=str(step), orders=list(row.orders))
    if role not in actors(st):
        raise error(row.rule, "triumph.order.not_your_turn", role=role, step=str(step))
    if isinstance(o, O.Move):
        moves.move(ctx, role, o.force, o.to, o.at, o.leave, dry=dry)
    elif isinstance(o, O.March):
        moves.march(ctx, role, o.corps, o.path, o.at, dry=dry)
    elif isinstance(o, O.Detach):
        moves.detach_move(ctx, role, o.corps, o.units, o.to, o.at, dry=dry)
    elif isinstance(o, O.Attach):
        moves.attach(ctx, role, o.corps, o.unit, dry=dry)
    elif isinstance(o, O.Enter):
        moves.enter(ctx, role, o.corps, o.entry, dry=dry)
    elif isinstance(o, O.Threat):
        attack.threaten(ctx, role, o.source, o.target, o.guard, dry=dry)
    elif isinstance(o, O.End):
        turns.end_turn(ctx, role, dry=dry)
    elif isinstance(o, O.Defend):
        attack.defend(ctx, role, o.units, o.leaders, dry=dry)
    elif isinstance(o, O.GiveGround):
        attack.give_ground(ctx, role, dry=dry)
    elif isinstance(o, O.Feint):
        attack.feint(ctx, role, o.forces, o.step, o.road, dry=dry)
    elif isinstance(o, O.Press):
        attack.press(ctx, role, dry=dry)
    elif isinstance(o, O.Lead):
        attack.lead(ctx, role, o.forces, o.width, o.leaders, o.target, o.keep, dry=dry)
    elif isinstance(o, O.Counter):
        attack.counter(ctx, role, o.units, dry=dry)
    elif isinstance(o, O.StepUp):
        attack.step_up(ctx, role, o.units, dry=dry)
    elif isinstance(o, O.Retreat):
        attack.retreat(ctx, role, _plan(ctx, o.to), o.hits, dry=dry)
    elif isinstance(o, O.Battery):
        turns.battery(ctx, role, o.unit, o.facing, dry=dry)
    elif isinstance(o, O.Post):
        turns.post(ctx, role, o.unit, o.to, o.at, dry=dry)
    elif isinstance(o, O.Ready):
        turns.ready(ctx, role, dry=dry)
    elif isinstance(o, O.Bid):
        turns.bid(ctx, role, o.morale, dry=dry)
    elif isinstance(o, O.Advance):
        attack.advance(ctx, role, o.forces, o.road, dry=dry)


def _plan(ctx: Ctx, items: tuple[str, ...]) -> dict[str, str]:
    """``UNIT>LOCALE`` each, or one locale for every retreating unit (12)."""
    a = ctx.st.attack
    assert a is not None
    if len(items) == 1 and ">" not in items[0]:
        return {u: items[0] for u in a.retreating}
    plan: dict[str, str] = {}
    for item in items:
        u, sep, to = item.partition(">")
        if not sep or not to.strip():
            raise error("", "triumph.retreat.syntax", item=item)
        plan[u.strip().upper()] = to.strip()
    return plan
