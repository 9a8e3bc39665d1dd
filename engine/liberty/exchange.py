"""11.5 prisoner exchange: "the players may negotiate an exchange of blocks, on any terms they agree ... at
any time". Either side may offer at any time (out of turn too): ``/exchange give:IDS take:IDS`` returns the
other side's blocks it holds (``give``) for its own blocks the other side holds (``take``); the other side
answers ``/accept`` or ``/decline`` whenever it likes. A new offer replaces a pending one. Exchanged blocks
go back to their owners' pools (a French block before entry to the French pool, G43); no agreement, no
exchange (G46)."""

from __future__ import annotations

from collections.abc import Sequence

from .context import Ctx, error
from .state import FRENCH_POOL, POOL, PRISONER, other


def offer(ctx: Ctx, side: str, give: Sequence[str], take: Sequence[str]) -> None:
    st = ctx.st
    if not give and not take:
        raise error("11.5", "liberty.exchange.empty")
    for u in give:
        b = st.blocks[u]
        if b.at != PRISONER or b.side == side:
            raise error("11.5", "liberty.exchange.not_held", unit=u)
    for u in take:
        b = st.blocks[u]
        if b.at != PRISONER or b.side != side:
            raise error("11.5", "liberty.exchange.not_captured", unit=u)
    st.offer = {"by": side, "give": sorted(set(give)), "take": sorted(set(take))}
    ctx.emit("exchange_offered", dict(st.offer))


def answer(ctx: Ctx, side: str, accept: bool) -> None:
    st = ctx.st
    if st.offer is None or st.offer["by"] == side:
        raise error("11.5", "liberty.exchange.no_offer")
    deal = st.offer
    st.offer = None
    if accept:
        for u in [*deal["give"], *deal["take"]]:
            b = st.blocks[u]
            if b.at != PRISONER:  # cannot happen: prisoners stay prisoners but by exchange
                raise error("11.5", "liberty.exchange.not_held", unit=u)
            french = ctx.lib.unit(u).nation == "french"
            b.at = FRENCH_POOL if french and not st.french_in else POOL
            b.strength = ctx.lib.unit(u).max_cv
    ctx.emit("exchange_answered", {**deal, "by": other(deal["by"]), "accepted": accept})  # by: who answers
