"""One path for every order: whether the game takes it now (over; the table of ``table.py``: the phase's order
kinds and who acts), then its rule. ``dry``: check only (``legal``). Queued orders and the line-of-sight
questions are taken from either side at any time (``queue.py``; ``los``, ``range``)."""

from __future__ import annotations

from engine.orders import Order

from . import activation, assignment, movement, posture, queue, turns, victory
from . import orders as O
from .context import Ctx, error
from .machine import SEGMENTS, Phase
from .table import ROWS, acting, phase_of, segment_of


def dispatch(ctx: Ctx, role: str, o: Order, *, dry: bool = False) -> None:
    st = ctx.st
    if st.phase == "over":
        raise error("facts 9", "eagles.order.over")
    if isinstance(o, O.Queue):
        queue.give(ctx, role, o.orders, dry=dry)
        return
    if isinstance(o, O.Los):
        from . import sight

        sight.ask(ctx, role, o.source, o.target, dry=dry)
        return
    if isinstance(o, O.Range):
        from . import command

        command.ask(ctx, role, o.leader, dry=dry)
        return
    phase = phase_of(st)
    row = ROWS[phase]
    if isinstance(o, O.Charge) and o.grand and phase != Phase.ROLL:
        raise error("10.8", "eagles.charge.grand_when", phase=str(phase))
    if phase in SEGMENTS and segment_of(o.kind) is not None and acting(st) == role:
        activation.to_segment(ctx, o.kind, dry=True)  # 8.2: one of a segment already closed says so
    if o.kind not in row.orders:
        raise error(row.rule, "eagles.order.not_now", order=o.kind, phase=str(phase), orders=list(row.orders))
    if acting(st) != role:
        raise error(row.rule, "eagles.order.not_your_turn", role=role, phase=str(phase), who=acting(st) or "")
    activation.to_segment(ctx, o.kind, dry=dry)
    _rule(ctx, role, o, dry)
    if not dry:
        victory.update_holders(ctx)


def _rule(ctx: Ctx, role: str, o: Order, dry: bool) -> None:
    if isinstance(o, O.Enter):
        turns.enter(ctx, role, o.delay, dry=dry)
    elif isinstance(o, O.First):
        turns.choose_first(ctx, role, o.side, dry=dry)
    elif isinstance(o, O.Roll):
        activation.roll(ctx, role, dry=dry)
    elif isinstance(o, O.Release):
        activation.release(ctx, role, dry=dry)
    elif isinstance(o, O.Activate):
        activation.activate(ctx, role, o.formations, dry=dry)
    elif isinstance(o, O.Assign):
        assignment.assign(ctx, role, o.unit, o.to, dry=dry)
    elif isinstance(o, O.Attach):
        assignment.attach(ctx, role, o.unit, o.to, dry=dry)
    elif isinstance(o, O.Detach):
        for uid in o.units:
            assignment.detach(ctx, role, uid, dry=dry)
    elif isinstance(o, O.Move):
        movement.move(ctx, role, o.units, o.to, o.facing, dry=dry)
    elif isinstance(o, O.Face):
        movement.face(ctx, role, o.unit, o.to, dry=dry)
    elif isinstance(o, O.Split):
        assignment.split(ctx, role, o.unit, dry=dry)
    elif isinstance(o, O.Reabsorb):
        assignment.reabsorb(ctx, role, o.unit, dry=dry)
    elif isinstance(o, (O.FormSquare, O.ReverseSlope, O.Line)):
        posture.order(ctx, role, o.kind, o.units, dry=dry)
    elif isinstance(o, O.Done):
        activation.done(ctx, role, dry=dry)
    elif isinstance(o, O.Charge) and (ctx.st.phase == Phase.ROLL or o.grand or o.start or o.then):
        from . import grand

        grand.declare(ctx, role, o, dry=dry)  # 10.8: instead of an activation
    else:
        from . import fight

        fight.order(ctx, role, o, dry=dry)
