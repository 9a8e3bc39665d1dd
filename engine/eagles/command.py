"""Command determination (9.x) on a semi-rigid chain (3.32, facts 6): command traced from a unit or leader to
a commander within his range (2.21: the subordinate's area not counted, the commander's counted), across
borders, through a corner only if the two areas flanking it hold no enemy (9.1), never through an area of
enemy combat units (9.11), through one of an enemy HQ alone only on a courier's roll of 1-4 (9.12); command by
initiative (9.3); the HQ (9.5); reinforcements in command on the turn they arrive (6.0)."""

from __future__ import annotations

from collections import deque

from data.eagles import Eagles

from ..gamebase import KeptByContent
from . import board as B
from .context import Ctx, content, error
from .state import Leader, Unit

HQ_FORMATION = "hq"


def _passable(ctx: Ctx, area: str, side: str, hq_ok: bool) -> bool:
    """9.11, 9.12: an area the trace may pass through (not its ends)."""
    st = ctx.st
    enemy = [u for u in st.units.values() if u.area == area and u.side != side]
    if not enemy:
        return True  # 9.11: enemy leaders alone never block
    if all(u.kind == "hq" for u in enemy):
        return hq_ok  # 9.12
    return False


def trace(ctx: Ctx, side: str, start: str, goal: str, limit: int, hq_ok: bool = False) -> int | None:
    """The length of the shortest command trace from ``start`` to ``goal`` (2.21: steps between areas), at
    most
    ``limit``, or None. A corner (diagonal contact) only if neither area flanking it holds enemy units
    (9.1)."""
    if start == goal:
        return 0
    b, st = ctx.board, ctx.st
    seen = {start: 0}
    todo = deque([start])
    while todo:
        a = todo.popleft()
        d = seen[a]
        if d >= limit:
            continue
        for n in B.neighbours(b, a):
            if n in seen:
                continue
            if B.is_diagonal(b, a, n) and any(
                any(u.area == c and u.side != side for u in st.units.values()) for c in B.corner(b, a, n)
            ):
                continue
            if n == goal:
                return d + 1
            if _passable(ctx, n, side, hq_ok):
                seen[n] = d + 1
                todo.append(n)
    return None


def reaches(ctx: Ctx, side: str, start: str, goal: str, limit: int, purpose: str) -> bool:
    """A trace within ``limit``; one through an area of an enemy HQ alone needs the courier's roll (9.12)."""
    if trace(ctx, side, start, goal, limit) is not None:
        return True
    if trace(ctx, side, start, goal, limit, hq_ok=True) is None:
        return False
    (d,) = ctx.roll("command", courier=purpose, need=4)
    return d <= 4


def in_range(ctx: Ctx, lid: str) -> list[str]:
    """9.2: the areas a command trace reaches from leader ``lid`` within his range (2.21, 9.5), as
    :func:`trace` traces it from each of them to him: his own area counted, never onward through an area of
    enemy units (9.11; an area alone of an enemy HQ too: its courier's roll is not made here, 9.12), through a
    corner only where neither flanking area holds enemy units (9.1). Nearest first, then by id; [] for a
    leader off the map."""
    return list(_in_range(ctx, lid))


def _in_range(ctx: Ctx, lid: str) -> tuple[str, ...]:
    st = ctx.st
    ld = st.leaders.get(lid)
    if ld is None or not ld.on_map:
        return ()
    limit = leader_range(ctx, lid)
    enemy = frozenset(u.area for u in st.units.values() if u.side != ld.side and u.on_map)
    return _traced(ctx.board, ld.area, limit, enemy)


# the traces made, by data set, then by start, range and the enemy's areas (all a trace reads): from one
# order to the next most leaders stand where they stood, facing the same enemy
_TRACED: dict[int, tuple[Eagles, dict[tuple[str, int, frozenset[str]], tuple[str, ...]]]] = {}


def _traced(b: Eagles, start: str, limit: int, enemy: frozenset[str]) -> tuple[str, ...]:
    hit = _TRACED.get(id(b))
    if hit is None or hit[0] is not b:
        hit = _TRACED[id(b)] = (b, {})
    kept = hit[1]
    key = (start, limit, enemy)
    found = kept.get(key)
    if found is None:
        if len(kept) >= 4096:  # bounded
            kept.clear()
        found = kept[key] = _trace_range(b, start, limit, enemy)
    return found


def _trace_range(b: Eagles, start: str, limit: int, enemy: frozenset[str]) -> tuple[str, ...]:
    seen = {start: 0}
    todo = deque([start])
    while todo:
        a = todo.popleft()
        d = seen[a]
        if d >= limit or (a != start and a in enemy):
            continue
        for n in B.neighbours(b, a):
            if n in seen:
                continue
            if B.is_diagonal(b, a, n) and any(c in enemy for c in B.corner(b, a, n)):
                continue
            seen[n] = d + 1
            todo.append(n)
    return tuple(sorted(seen, key=lambda a: (seen[a], a)))


def ranges(ctx: Ctx, state: bytes | None = None) -> dict[str, tuple[str, ...]]:
    """9.2: every leader on the map -> the areas in his command range (:func:`in_range`). Every role's view
    of a state shows them (the public's and each side's): kept by the state's whole content (``state``, if
    the caller has it), a new dict each time. A leader's areas are the same tuple while his trace is (the
    secrecy check reads a tuple once)."""
    kept = _RANGES.of(content(ctx) if state is None else state)
    found = kept.get("ranges")
    if found is None:
        found = kept["ranges"] = {
            lid: _in_range(ctx, lid) for lid in sorted(ctx.st.leaders) if ctx.st.leaders[lid].on_map
        }
    return dict(found)


_RANGES: KeptByContent[dict[str, tuple[str, ...]]] = KeptByContent(8)


def ask(ctx: Ctx, role: str, lid: str, *, dry: bool = False) -> None:
    """9.2, the command range question (``/range leader:X``): one public event naming the areas in the
    leader's range; nothing on the board changes, and either side may ask at any time."""
    ld = ctx.st.leaders.get(lid.upper())
    if ld is None:
        raise error("9.2", "eagles.range.unknown", leader=lid, leaders=sorted(ctx.st.leaders))
    if not ld.on_map:
        raise error("9.2", "eagles.range.off_map", leader=ld.id)
    if dry:
        return
    ctx.emit("range", {"side": role, "leader": ld.id, "area": ld.area, "range": leader_range(ctx, ld.id),
                       "areas": in_range(ctx, ld.id)})  # fmt: skip


def leader_range(ctx: Ctx, lid: str) -> int:
    """2.21; 9.5: the army commander in his HQ's area has range +1."""
    st = ctx.st
    ld = st.leaders[lid]
    r = ld.range
    if st.army_commander.get(ld.side) == lid and any(
        u.kind == "hq" and u.side == ld.side and u.area == ld.area for u in st.units.values()
    ):
        r += 1
    return r


def hq_range(ctx: Ctx, hq: Unit) -> int:
    """9.5, 2.22: the HQ's range, +1 with its chief of staff in its area (ours: he is its own leader,
    always)."""
    spec = next(h for h in ctx.board.hqs if h.id == hq.id)
    return int(spec.range) + (1 if getattr(spec, "chief_of_staff", None) else 0)


def _sources(ctx: Ctx, side: str) -> list[tuple[str, int]]:
    """The supreme commanders of ``side`` on the map with their ranges (3.31, 9.5): the army commander (the
    acting one, facts 7.3) and the HQ."""
    st = ctx.st
    out = []
    army = st.leaders.get(st.army_commander.get(side, ""))
    if army is not None and army.on_map:
        out.append((army.area, leader_range(ctx, army.id)))
    for u in st.units.values():
        if u.kind == "hq" and u.side == side and u.on_map:
            out.append((u.area, hq_range(ctx, u)))
    return out


def _superior_leader(ctx: Ctx, formation: str) -> Leader | None:
    """The leader next above the formation's leader (3.3): the formation above's leader, or the army commander
    for a formation directly under him; on the map and alive, or None."""
    st = ctx.st
    sup = B.superior(ctx.board, formation) if formation != HQ_FORMATION else None
    if sup is None or sup not in st.formations:
        ld = st.leaders.get(st.army_commander.get(st.formations[formation].side, ""))
        if ld is not None and ld.id == st.formations[formation].leader:
            return None
    else:
        ld = st.leaders.get(st.formations[sup].leader)
    return ld if ld is not None and ld.on_map else None


def intermediate_in_command(ctx: Ctx, ld: Leader, why: str) -> bool:
    """An intermediate commander (3.3) commands only while he is within a supreme commander's range (9.2;
    ours: he makes no initiative roll of his own when no formation of his is activated)."""
    if ctx.st.army_commander.get(ld.side) == ld.id:
        return True
    return any(reaches(ctx, ld.side, ld.area, a, r, why) for a, r in _sources(ctx, ld.side))


def leader_by_range(ctx: Ctx, formation: str) -> bool:
    """9.2 on the semi-rigid chain (3.32): the formation's leader is within range of the leader next above him
    (in command) or of a supreme commander (the army commander, the HQ: 9.5)."""
    st = ctx.st
    f = st.formations[formation]
    if formation == HQ_FORMATION:
        return True  # 9.5: the HQ is a supreme commander
    ld = st.leaders.get(f.leader)
    if ld is None or not ld.on_map:
        return False
    if st.army_commander.get(ld.side) == ld.id:
        return True  # 2.3: the army commander is always in command
    for a, r in _sources(ctx, ld.side):
        if reaches(ctx, ld.side, ld.area, a, r, ld.id):
            return True
    sup = _superior_leader(ctx, formation)
    if sup is not None and intermediate_in_command(ctx, sup, ld.id):
        return reaches(ctx, ld.side, ld.area, sup.area, leader_range(ctx, sup.id), ld.id)
    return False


def determine(ctx: Ctx, formation: str) -> dict[str, bool]:
    """9.0: when a formation activates, which of its pieces are in command (unit or leader id -> bool). The
    leader by range (9.2) or by initiative (9.3: 1d6 <= his initiative; either way the formation counts as
    activated); each unit within his range while he commands, or within the range of the leader above him
    (semi-rigid, 3.32); arrivals of this turn in command (6.0); the HQ's own units by its chief of staff
    (9.5).
    A formation whose leader is lost and not yet replaced commands by initiative 1 (15.3, G10)."""
    st = ctx.st
    f = st.formations[formation]
    units = [u for u in st.units.values() if u.formation == formation and u.on_map]
    out: dict[str, bool] = {}
    if formation == HQ_FORMATION:
        for u in units:
            out[u.id] = True
        _set(ctx, out)
        return out
    ld = st.leaders.get(f.leader)
    if ld is None or not ld.on_map:
        (d,) = ctx.roll("command", formation=formation, initiative=1)  # G10: no leader, initiative 1
        for u in units:
            out[u.id] = d <= 1 or u.arrive == st.turn
        _set(ctx, out)
        return out
    by_range = leader_by_range(ctx, formation)
    leads = by_range
    if not by_range:
        (d,) = ctx.roll("initiative", leader=ld.id, initiative=ld.initiative)  # 9.3
        leads = d <= ld.initiative
    out[ld.id] = leads or ld.arrive == st.turn
    sup = _superior_leader(ctx, formation)
    sup_ok = sup is not None and intermediate_in_command(ctx, sup, formation)
    for u in sorted(units, key=lambda x: x.id):
        ok = u.arrive == st.turn  # 6.0
        if not ok and leads:
            ok = reaches(ctx, u.side, u.area, ld.area, leader_range(ctx, ld.id), u.id)
        if not ok and sup is not None and sup_ok:
            ok = reaches(ctx, u.side, u.area, sup.area, leader_range(ctx, sup.id), u.id)
        out[u.id] = ok
    _set(ctx, out)
    return out


def _set(ctx: Ctx, out: dict[str, bool]) -> None:
    st = ctx.st
    for pid, ok in out.items():
        if pid in st.units:
            st.units[pid].in_command = ok
        else:
            st.leaders[pid].in_command = ok
