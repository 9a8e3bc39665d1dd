"""Deployment before the game: historical (3.2), free (3.1), Napoleon's initiative (3.3)."""

from __future__ import annotations

from .context import Ctx
from .orders import Setup
from .state import SIDE_OF, armies_of


def setup_modes(mode: str) -> dict[str, str]:
    """How each army deploys in each mode: 'historical' or 'free'."""
    if mode == "historical":  # 3.2
        return {"french": "historical", "british": "historical", "prussian": "historical"}
    if mode == "free":  # 3.1
        return {"french": "free", "british": "free", "prussian": "free"}
    return {"french": "free", "british": "historical", "prussian": "historical"}  # 3.3


def begin(ctx: Ctx) -> None:
    """Place the historical armies, leave the free ones to be placed: the Allies first, then the French."""
    st, sc = ctx.st, ctx.sc
    modes = setup_modes(ctx.opts.setup)
    for u in st.units.values():
        if modes[u.army] == "historical":
            u.location = sc.historical[u.id]  # 3.2: every unit at its historical town, at full strength
        else:
            u.location = None
    allied_free = [
        r for r in ctx.opts.roles if r != "french" and any(modes[a] == "free" for a in armies_of(r))
    ]
    st.setup_waiting = allied_free or (["french"] if modes["french"] == "free" else [])
    ctx.emit("setup", {"mode": ctx.opts.setup, "waiting": list(st.setup_waiting)})


def unplaced(ctx: Ctx, role: str) -> list[str]:
    return [
        u.id
        for u in ctx.st.units.values()
        if u.army in armies_of(role) and u.location is None and not u.eliminated
    ]


def placed_count(ctx: Ctx, town: str, army: str) -> int:
    """3.1 caps count combat blocks only: leaders are ignored for deployment (10.0, rulings 3.1)."""
    return sum(1 for u in ctx.st.units.values() if u.location == town and u.army == army and not u.leader)


def allowed_towns(ctx: Ctx, army: str) -> tuple[str, ...]:
    return ctx.sc.free_towns(army)


def auto_towns(ctx: Ctx, role: str) -> dict[str, str]:
    """Where ``/setup auto:yes`` puts the role's blocks still to place (3.1): each at its historical town
    (3.2) where the army may deploy there and the town has room, else in the first allowed town with room,
    leaders with the first combat block placed so (rulings 3.1: leaders count toward no cap)."""
    st, sc = ctx.st, ctx.sc
    counts: dict[tuple[str, str], int] = {}
    for u in st.units.values():
        if u.location is not None and not u.leader and not u.eliminated:
            counts[(u.location, u.army)] = counts.get((u.location, u.army), 0) + 1
    out: dict[str, str] = {}
    leaders = []
    for uid in unplaced(ctx, role):
        u = st.units[uid]
        if u.leader:
            leaders.append(u)
            continue
        allowed = allowed_towns(ctx, u.army)
        cap = sc.free_cap(u.army)
        wish = sc.historical.get(uid)
        room = [t for t in ((wish,) if wish in allowed else ()) + allowed if counts.get((t, u.army), 0) < cap]
        if not room:
            continue  # no room anywhere: /end will say which block is left
        out[uid] = room[0]
        counts[(room[0], u.army)] = counts.get((room[0], u.army), 0) + 1
    for u in leaders:
        allowed = allowed_towns(ctx, u.army)
        wish = sc.historical.get(u.id)
        ours = [t for t in out.values() if t in allowed]
        out[u.id] = wish if wish in allowed else (ours[0] if ours else allowed[0])
    return out


def apply_setup(ctx: Ctx, role: str, order: Setup) -> None:
    """/setup units:A,B town:T (3.1); /setup auto:yes places every block still to place (auto_towns)."""
    st, sc = ctx.st, ctx.sc
    if role not in st.setup_waiting:
        if not st.setup_waiting:
            raise ctx.fail("3.1", "setup.not_your_turn_nobody")
        raise ctx.fail("3.1", "setup.not_your_turn", who=list(st.setup_waiting))
    if order.auto:
        plan = auto_towns(ctx, role)
        if not plan:
            raise ctx.fail("3.1", "setup.auto_nothing")
        by_town: dict[str, list[str]] = {}
        for uid, town in plan.items():
            by_town.setdefault(town, []).append(uid)
        for town, ids in by_town.items():
            _deploy(ctx, role, ids, town)
        return
    town = ctx.match_town(order.town)
    ids = [ctx.match_unit(t) for t in order.units]
    if not ids:  # a value made without units (its text would not read: Setup.read)
        raise ctx.fail("", "setup.no_units")
    modes = setup_modes(ctx.opts.setup)
    for uid in ids:
        u = st.units[uid]
        if u.army not in armies_of(role):
            raise ctx.fail("3.1", "setup.not_yours", unit=uid)
        if modes[u.army] != "free":
            raise ctx.fail("3.2", "setup.historical", unit=uid, setup=ctx.opts.setup)
        if town not in allowed_towns(ctx, u.army):
            if SIDE_OF[u.army] == "allied" and sc.is_french(town):
                raise ctx.fail("3.1", "setup.not_in_france", town=town)
            raise ctx.fail("3.1", "setup.where", unit=uid, army=u.army, town=town)
    for army in {st.units[i].army for i in ids}:
        cap = sc.free_cap(army)
        moving_in = [
            i
            for i in ids
            if st.units[i].army == army and not st.units[i].leader and st.units[i].location != town
        ]
        total = placed_count(ctx, town, army) + len(moving_in)
        if total > cap:
            raise ctx.fail("3.1", "setup.cap", cap=cap, army=army, town=town, total=total)
    _deploy(ctx, role, ids, town)


def _deploy(ctx: Ctx, role: str, ids: list[str], town: str) -> None:
    """Place ``ids`` at ``town``: the town and the count are public, the blocks only the deploying role's."""
    for uid in ids:
        ctx.st.own(ctx.st.units[uid]).location = town  # copy on write (state.py)
    ctx.emit(
        "deployed",
        {"army": ctx.st.units[ids[0]].army, "town": town, "count": len(ids)},
        secret={"units": ids},
        to=(role,),
    )


def end_setup(ctx: Ctx, role: str) -> bool:
    """/end during setup. Returns True when setup is over and the first campaign turn begins."""
    st = ctx.st
    if role not in st.setup_waiting:
        raise ctx.fail("3.1", "setup.end_not_your_turn", who=list(st.setup_waiting))
    left = unplaced(ctx, role)
    if left:
        raise ctx.fail("3.1", "setup.place_all", units=left)
    st.setup_waiting.remove(role)
    ctx.emit("setup_done", {"role": role})
    if st.setup_waiting:
        return False
    modes = setup_modes(ctx.opts.setup)
    if role != "french" and modes["french"] == "free":
        st.setup_waiting = ["french"]  # 3.1: the French place second
        return False
    return True
