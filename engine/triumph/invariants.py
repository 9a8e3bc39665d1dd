"""What must hold between any two orders (checked by the tests after every order of random play): one side
to a locale (rule 4), no locale over its capacity (4, G4), a corps standing together with its commander and
at most 8 units (8), no commander without a unit, strengths 1-3 on the map."""

from __future__ import annotations

from .context import Ctx
from .state import GONE, OFF


def problems(ctx: Ctx) -> list[str]:
    st, out = ctx.st, []
    sides: dict[str, set[str]] = {}
    count: dict[tuple[str, str], int] = {}
    for b in st.blocks.values():
        if b.at in (OFF, GONE):
            continue
        sides.setdefault(b.at, set()).add(b.side)
        count[(b.at, b.side)] = count.get((b.at, b.side), 0) + 1
        if not 1 <= b.strength <= 3:
            out.append(f"{b.id} has strength {b.strength}")
        if b.corps is not None:
            c = st.commanders[b.corps]
            if (c.at, c.on) != (b.at, b.on):
                out.append(f"{b.id} stands apart from its commander {c.id}")
    for loc, s in sides.items():
        if len(s) > 1:
            out.append(f"both sides in {loc}")
    for (loc, side), n in count.items():
        if n > ctx.data.locale(loc).capacity:
            out.append(f"{side} has {n} units in {loc} (capacity {ctx.data.locale(loc).capacity})")
    for c in st.commanders.values():
        units = st.corps_units(c.id)
        if c.at not in (OFF, GONE) and not units:
            out.append(f"{c.id} stands without a unit")
        if len(units) > ctx.data.corps.max_units:
            out.append(f"{c.id} has {len(units)} units")
    return out
