"""Orders given ahead (ours, ``docs/rulings.md`` "Eagles of the Empire — queued orders"): a side may queue
several activations' orders at any time; whenever that side must act the engine plays them one by one, in
order, through the same path as any order; the first that is not legal then is not played, the rest of the
queue is cancelled, and the side is told which order and why. A new queue replaces the old; ``/queue`` alone
clears it. The queue is the side's own secret until an order of it is played."""

from __future__ import annotations

from collections.abc import Callable

from engine.errors import RuleError
from engine.orders import Order

from . import orders as O
from .context import Ctx, error
from .state import SIDES
from .table import acting

MOST = 60  # orders in one queue


def give(ctx: Ctx, side: str, items: tuple[str, ...], *, dry: bool = False) -> None:
    if side not in SIDES:
        raise error("", "eagles.order.role", role=side, roles=list(SIDES))
    if len(items) > MOST:
        raise error("", "eagles.queue.long", n=len(items), most=MOST)
    for text in items:
        try:
            o = O.GRAMMAR.parse(text)
        except RuleError as e:
            raise error("", "eagles.queue.unreadable", order=text, error=e.message) from None
        if isinstance(o, (O.Queue, O.Los, O.Range)):
            raise error("", "eagles.queue.kind", order=text)
    if dry:
        return
    ctx.st.queue[side] = list(items)
    ctx.emit("queued", {}, {"side": side, "orders": list(items)}, to=(side,))


def run(ctx: Ctx, dispatch: Callable[[Ctx, str, Order], None]) -> None:
    """Play the queued orders of the side that must act, while it has some."""
    st = ctx.st
    while st.phase != "over":
        side = acting(st)
        if side is None or not st.queue.get(side):
            return
        text = st.queue[side][0]
        saved = st.clone()
        before = len(ctx.events)
        try:
            st.queue[side] = st.queue[side][1:]
            ctx.emit("played", {"side": side, "order": text})
            dispatch(ctx, side, O.GRAMMAR.parse(text))
        except RuleError as e:
            st.__dict__.update(saved.__dict__)
            del ctx.events[before:]
            dropped = st.queue[side][1:]
            st.queue[side] = []
            ctx.emit(
                "queue-cancelled",
                {},
                {"side": side, "order": text, "rule": e.rule, "key": e.key or "", "params": _plain(e.params),
                 "dropped": dropped},
                to=(side,),
            )  # fmt: skip


def _plain(params: dict[str, object]) -> dict[str, object]:
    return {
        k: (v if isinstance(v, (str, int, float, bool, list)) or v is None else str(v))
        for k, v in params.items()
    }
