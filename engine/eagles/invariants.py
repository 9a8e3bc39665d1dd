"""What must hold between any two orders (checked by the fuzzer and the tests after every order): never both
sides' units in one area (13.1), no area over its stacking limit or long counters (13.6, 13.7, G34), steps and
SP within the printed ones (2.3), attached artillery on a division in its area (11.1, 11.2), at most 2 on one,
a facing for long counters and artillery on the map that is a neighbour of their area (13.9), no formation
activated twice in a turn (8.15), the phase one of the table's, a posture (square, reverse slope) only on
infantry and one at a time (17.0)."""

from __future__ import annotations

from . import board as B
from .context import Ctx
from .machine import Phase
from .state import step_sp


def problems(ctx: Ctx) -> list[str]:
    st, b, out = ctx.st, ctx.board, []
    Phase(st.phase)
    sides: dict[str, set[str]] = {}
    sp: dict[tuple[str, str], int] = {}
    longs: dict[str, int] = {}
    for u in st.units.values():
        if not 0 <= u.steps <= u.full_steps:
            out.append(f"{u.id} has {u.steps} of {u.full_steps} steps")
        if u.sp != step_sp(u.full_sp, u.full_steps, u.steps):
            out.append(f"{u.id} has {u.sp} SP with {u.steps} steps")
        if (u.square or u.reverse_slope) and (u.kind != "infantry" or (u.square and u.reverse_slope)):
            out.append(f"{u.id} ({u.kind}) square={u.square} reverse_slope={u.reverse_slope}")  # 17.0
        if not u.on_map:
            if u.attached_to:
                out.append(f"{u.id} is off the map but attached")
            continue
        sides.setdefault(u.area, set()).add(u.side)
        sp[(u.area, u.side)] = sp.get((u.area, u.side), 0) + u.sp
        if u.long:
            longs[u.area] = longs.get(u.area, 0) + 1
        if u.attached_to:
            d = st.units.get(u.attached_to)
            if d is None or d.area != u.area or not d.on_map:
                out.append(f"{u.id} is attached to {u.attached_to} elsewhere")
        if (u.long or u.kind == "artillery") and u.facing not in B.facings(b, u.area):
            out.append(f"{u.id} in {u.area} faces {u.facing}")
    for area, s in sides.items():
        if len(s) > 1:
            out.append(f"both sides in {area}")
    for (area, side), total in sp.items():
        if total > B.stacking(b, area).max_sp:
            out.append(f"{side} has {total} SP in {area}")
    for area, n in longs.items():
        if n > B.long_room(b, area):
            out.append(f"{n} long counters in {area}")
    for d in st.units.values():
        n = sum(1 for x in st.units.values() if x.attached_to == d.id)
        if n > 2:
            out.append(f"{n} batteries on {d.id}")
    for f in st.formations.values():
        if f.last_turn > st.turn:
            out.append(f"{f.id} activated in a later turn")
    for ld in st.leaders.values():
        if (
            ld.on_map
            and st.enemy_combat_in(ld.area, ld.side)
            and not any(u.area == ld.area and u.side == ld.side for u in st.units.values())
        ):
            out.append(f"{ld.id} alone with the enemy in {ld.area}")
    return out
