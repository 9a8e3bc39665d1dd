"""The rally, recovery and replacement phase (15; the seed's text is lost: G8-G10, ours, ``docs/rulings.md``):
the turn's marks cleared (15.1, G8), Activated leaders recovering (15.2, G9: by range of their superior, else
1d6 <= initiative; 8.17), one step recovered per formation in command away from the enemy (15.2, G9), lost
leaders replaced (15.3, G10)."""

from __future__ import annotations

from . import board as B
from . import command
from .context import Ctx
from .state import OFF, Leader, Unit


def end_of_turn(ctx: Ctx) -> None:
    st = ctx.st
    for u in st.units.values():  # 15.1, G8
        u.retreated = u.disordered = False
    _replace(ctx)
    for f in sorted(st.formations.values(), key=lambda x: x.id):
        if not f.activated:
            continue
        ld = st.leaders.get(f.leader)
        back = f.id == "hq" or command.leader_by_range(ctx, f.id)
        if not back and ld is not None and ld.on_map:
            (d,) = ctx.roll("recovery", leader=ld.id, initiative=ld.initiative)
            back = d <= ld.initiative
        if back:
            f.activated = False
            ctx.emit("recover", {"formation": f.id})
        else:
            ctx.emit("still-activated", {"formation": f.id})  # 8.17: it may not activate next turn
    for f in sorted(st.formations.values(), key=lambda x: x.id):
        _steps(ctx, f.id)


def _steps(ctx: Ctx, formation: str) -> None:
    """15.2, G9: a formation in command with no unit next to an enemy recovers one step of one reduced unit
    (never artillery, never above its printed SP, never out of command: 9.4) on 1d6 <= that unit's morale; the
    unit with the most steps lost, then by id (ours)."""
    from .movement import next_to_enemy

    st = ctx.st
    units = [u for u in st.units.values() if u.formation == formation and u.on_map and u.combat]
    if not units or any(next_to_enemy(ctx, u.area, u.side) for u in units):
        return
    if formation == "hq" or not command.leader_by_range(ctx, formation):
        return
    from .state import step_sp

    def room(u: Unit) -> bool:  # 13.6 (ours here): a step comes back only where the stack has room for it
        side_sp = sum(x.sp for x in st.units.values() if x.on_map and x.area == u.area and x.side == u.side)
        more = step_sp(u.full_sp, u.full_steps, u.steps + 1) - u.sp
        limit: int = B.stacking(ctx.board, u.area).max_sp
        return side_sp + more <= limit

    hurt = [u for u in units if u.kind != "artillery" and u.steps < u.full_steps and u.in_command and room(u)]
    if not hurt:
        return
    u = min(hurt, key=lambda x: (x.steps - x.full_steps, x.id))
    (d,) = ctx.roll("rally", unit=u.id, morale=u.morale)
    if d <= u.morale:
        u.steps += 1
        u.sp = step_sp(u.full_sp, u.full_steps, u.steps)
        ctx.emit("recovered", {"unit": u.id, "steps": u.steps})


def _replace(ctx: Ctx) -> None:
    """15.3, G10: a formation whose leader fell gets its division commander (2.3) on one of its units, else a
    generic replacement (range 1, tactical 0, initiative 1); the army commander's by the scenario (facts
    7.3)."""
    st, b = ctx.st, ctx.board
    for f in sorted(st.formations.values(), key=lambda x: x.id):
        ld = st.leaders.get(f.leader)
        if f.id == "hq" or ld is None or ld.alive:
            continue
        units = sorted((u for u in st.units.values() if u.formation == f.id and u.on_map), key=lambda x: x.id)
        if not units:
            continue
        spare = next(
            (x for x in st.leaders.values() if x.kind == "division" and x.alive and x.area == OFF
             and getattr(B.leader(b, x.id), "replaces", None) == ld.id),
            None,
        )  # fmt: skip
        if spare is None:
            rid = f"{ld.id}R"
            if rid in st.leaders:
                continue
            spare = Leader(rid, ld.side, "formation", 1, 0, 1)
            st.leaders[rid] = spare
        spare.area, spare.kind = units[0].area, "formation"
        f.leader = spare.id
        ctx.emit("replace", {"formation": f.id, "leader": spare.id, "was": ld.id, "area": spare.area})
