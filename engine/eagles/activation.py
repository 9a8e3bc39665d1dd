"""The activation segment (8.x): the die against the army commander's initiative (8.1, 8.11, 8.12), the
formations named (8.14-8.18) with their command determined at once (9.0), the action phase's segments in
order (8.2), its end (8.17), the next try (1.1, 8.13); the Guard light cavalry's release (facts 7.3)."""

from __future__ import annotations

from . import board as B
from . import command, turns
from .context import Ctx, error
from .machine import SEGMENTS, Phase, go
from .table import segment_of


def allowed(initiative: int, roll: int) -> int:
    """8.1: initiative - roll formations; 8.11: a roll equal to the initiative, 1; 8.12: a roll above it,
    0."""
    if roll < initiative:
        return initiative - roll
    return 1 if roll == initiative else 0


def roll(ctx: Ctx, side: str, *, dry: bool = False) -> None:
    """8.1: the side whose try it is rolls 1d6 against its army commander's initiative."""
    if dry:
        return
    st = ctx.st
    init = turns.army_initiative(ctx, side)
    (d,) = ctx.roll("activation", side=side, initiative=init, leader=st.army_commander[side])
    k = allowed(init, d)
    if k == 0:
        st.fails += 1
        ctx.emit("no-activation", {"side": side, "roll": d, "initiative": init, "fails": st.fails})
        turns.next_try(ctx, side)
        return
    st.fails, st.may_activate = 0, k
    ctx.emit("may-activate", {"side": side, "roll": d, "initiative": init, "n": k})
    go(st, Phase.ACTIVATE)


def activate(ctx: Ctx, side: str, names: tuple[str, ...], *, dry: bool = False) -> None:
    """8.1, 8.15: at least one formation (activation cannot be refused) and at most as many as the roll
    allows,
    each one that may still activate this turn (8.15-8.17, facts 7.3); then 9.0 command for each."""
    st = ctx.st
    ready = turns.ready(ctx, side)
    chosen = [formation_id(ctx, n) for n in names]
    if not chosen:
        raise error("8.15", "eagles.activate.none", n=st.may_activate, ready=ready)
    if len(set(chosen)) != len(chosen):
        raise error("8.15", "eagles.activate.twice", formations=chosen)
    if len(chosen) > st.may_activate:
        raise error("8.1", "eagles.activate.too_many", n=st.may_activate, formations=chosen)
    for f in chosen:
        if f not in st.formations or st.formations[f].side != side:
            raise error("8.1", "eagles.activate.unknown", formation=f, ready=ready)
        if not st.formations[f].released:
            raise error("7.3", "eagles.activate.guard", formation=f)
        if f not in ready:
            raise error("8.16", "eagles.activate.done", formation=f, ready=ready)
    if dry:
        return
    act = turns.begin_action(ctx, side, chosen)
    for f in chosen:
        fm = st.formations[f]
        fm.activated, fm.last_turn = True, st.turn  # 8.15-8.17: flipped to Activated; once a turn
    ctx.emit("activate", {"side": side, "formations": chosen})
    determine(ctx, chosen)
    del act
    go(st, Phase.CHARGE)


def determine(ctx: Ctx, formations: list[str]) -> None:
    """9.0: the command of each formation just activated, determined at once and told."""
    for f in formations:
        got = command.determine(ctx, f)
        ctx.emit(
            "command",
            {
                "formation": f,
                "in": sorted(p for p, ok in got.items() if ok),
                "out": sorted(p for p, ok in got.items() if not ok),
            },
        )


def formation_id(ctx: Ctx, name: str) -> str:
    """A formation by its id, or by its leader's id (``F-L3`` names Bachelu's division)."""
    st = ctx.st
    n = name.strip()
    if n in st.formations:
        return n
    low = n.lower()
    if low in st.formations:
        return low
    for f in st.formations.values():
        if f.leader.upper() == n.upper():
            return f.id
    return n


def release(ctx: Ctx, side: str, *, dry: bool = False) -> None:
    """Facts 7.3: the French release the Guard light cavalry at the start of an activation; the Allies score
    its VP."""
    st = ctx.st
    sc = B.scenario(ctx.board, st.scenario)
    guard = getattr(sc, "guard", None)
    if guard is None or side != guard.released_by:
        raise error("7.3", "eagles.release.not_yours")
    if st.guard_released:
        raise error("7.3", "eagles.release.already")
    if dry:
        return
    st.guard_released = True
    for f in {st.units[u].formation for u in guard.units}:
        st.formations[f].released = True
    enemy = "allies" if side == "french" else "french"
    st.bonus_vp[enemy] = st.bonus_vp.get(enemy, 0) + int(guard.vp_to_enemy)
    ctx.emit("release", {"side": side, "units": list(guard.units), "vp": int(guard.vp_to_enemy), "to": enemy})


def to_segment(ctx: Ctx, kind: str, *, dry: bool = False) -> None:
    """8.2: the segments in order; an order of a later segment closes the ones before it (ours), one of a
    segment already closed is refused."""
    st = ctx.st
    seg = segment_of(kind)
    if seg is None:
        return
    here = Phase(st.phase)
    if here not in SEGMENTS:
        return  # a grand charge at the roll (10.8): no segment of an activation yet
    if SEGMENTS.index(seg) < SEGMENTS.index(here):
        raise error("8.2", "eagles.segment.over", order=kind, segment=str(seg), now=str(here))
    if dry or seg == here:
        return
    go(st, seg)


def done(ctx: Ctx, side: str, *, dry: bool = False) -> None:
    """8.17: the action phase is over; the next try (1.1)."""
    if dry:
        return
    st = ctx.st
    act = st.activation
    ctx.emit("action-end", {"side": side, "formations": list(act.formations) if act else []})
    st.activation = None
    turns.next_try(ctx, side)
