"""Movement (13.x): movement allowances (13.2), the cost to enter an area by terrain and border (G18), roads
and trails (13.3: no road rate into an area next to the enemy), never into an enemy area (13.1), corners
(G33), stacking by SP at all times (13.6), long counters (13.7, G34), facing (13.9), leaders (13.4), the HQ
(13.5), out-of-command limits (9.4), the lone leader (3.13). MP are counted in halves (``board.HALF``)."""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from typing import Any, cast

from data.eagles import Eagles
from engine.gamebase import KeptByContent

from . import board as B
from .context import Ctx, content, error
from .state import GONE, Leader, Unit

MA = {"leader": 4, "cavalry": 3, "horse": 3, "hq": 2, "infantry": 2, "artillery": 2}  # 13.2


def arm(ctx: Ctx, uid: str) -> str:
    """The data's finer type of a unit (light, heavy, horse, lancers...; "hq" for an HQ)."""
    u = ctx.st.units[uid]
    if u.kind == "hq":
        return "hq"
    return str(getattr(B.unit(ctx.board, u.parent or uid), "kind", "") or u.kind)  # 11.3: a deployed one


def is_horse(ctx: Ctx, u: Unit) -> bool:
    return u.kind == "artillery" and arm(ctx, u.id) == "horse"


def ma(ctx: Ctx, piece: str) -> int:
    """13.2, in halves: by type; -1 (at least 1) for an infantry division with artillery attached, an
    out-of-command unit (9.4) and artillery detached this activation (11.1); rain -1, snow -2 (at least 1)."""
    st = ctx.st
    if piece in st.leaders:
        base, ooc, minus = MA["leader"], not st.leaders[piece].in_command, 0
    else:
        u = st.units[piece]
        kind = "horse" if is_horse(ctx, u) else u.kind
        base = 1 if u.square else MA[kind]  # 17.1 (ours, G13): a square moves slowly
        minus = 0
        if u.kind == "infantry" and any(x.attached_to == u.id for x in st.units.values()):
            minus += 1
        if u.detached_now:
            minus += 1
        ooc = not u.in_command
    if ooc:
        minus += 1
    weather = {"rain": 1, "snow": 2}.get(ctx.st.weather, 0)
    return max(base - minus - weather, 1) * B.HALF


def used(ctx: Ctx, piece: str) -> int:
    st = ctx.st
    return st.leaders[piece].mp_used if piece in st.leaders else st.units[piece].mp_used


def may_move(ctx: Ctx, piece: str) -> str | None:
    """Why ``piece`` may not move now (a message key), or None (13.0, 13.4, 13.5, 10.7, 12.6, 11.2)."""
    st = ctx.st
    act = st.activation
    if act is None:
        return "eagles.move.not_active"
    if piece in st.leaders:
        ld = st.leaders[piece]
        if not ld.on_map or ld.side != act.side:
            return "eagles.move.not_yours"
        if not commands_activated(ctx, ld):
            return "eagles.move.leader_not_active"
        if ld.kind in ("army", "intermediate") and ld.moved and ld.mp_used == 0:
            return "eagles.move.leader_once"  # 13.4: once a turn
        return None
    u = st.units[piece]
    if not u.on_map or u.side != act.side:
        return "eagles.move.not_yours"
    if u.formation not in act.formations:
        return "eagles.move.not_active"
    if u.attached_to:
        return "eagles.move.attached"
    if u.charged:
        return "eagles.move.charged"
    if u.bombarded:
        return "eagles.move.bombarded"
    if u.stopped or u.faced == "end":
        return "eagles.move.stopped"
    return None


def commands_activated(ctx: Ctx, ld: Leader) -> bool:
    """13.4: a leader moves when his formation is activated; the army commander, an intermediate commander
    when a formation he commands is activated."""
    st = ctx.st
    act = st.activation
    if act is None:
        return False
    if st.army_commander.get(ld.side) == ld.id:
        return True
    for f in act.formations:
        if st.formations[f].leader == ld.id:
            return True
        if (
            f != "hq"
            and B.superior(ctx.board, f) in st.formations
            and st.formations[str(B.superior(ctx.board, f))].leader == ld.id
        ):
            return True
    return False


def mp_left(ctx: Ctx, piece: str) -> int | None:
    """The halves of an MP ``piece`` has left in this movement, or None when it may not move now."""
    if may_move(ctx, piece) is not None:
        return None
    return max(ma(ctx, piece) - used(ctx, piece), 0)


# -- costs ---------------------------------------------------------------------------------------------------
def enemy_in(ctx: Ctx, area: str, side: str) -> bool:
    """13.1: an area holding enemy units (an HQ too: ours)."""
    return any(u.area == area and u.side != side for u in ctx.st.units.values())


@dataclass(frozen=True)
class Occ:
    """Who stands where, read once for a state's searches (nothing moves during them)."""

    combat: dict[str, frozenset[str]]  # area -> the sides with combat units there
    units: dict[str, frozenset[str]]  # area -> the sides with any unit (an HQ too) there
    longs: dict[str, frozenset[str]]  # area -> its long counters
    # the steps' costs asked in this state (``step_cost``), by all they depend on: the searches of a state's
    # every group (its candidates) step the same borders with pieces of the same kind
    costs: dict[tuple[Any, ...], int | None] = field(default_factory=dict, compare=False, repr=False)
    near: dict[tuple[str, str], bool] = field(default_factory=dict, compare=False, repr=False)  # likewise


def occupancy(ctx: Ctx) -> Occ:
    combat: dict[str, set[str]] = {}
    units: dict[str, set[str]] = {}
    longs: dict[str, set[str]] = {}
    for u in ctx.st.units.values():
        if not u.on_map:
            continue
        units.setdefault(u.area, set()).add(u.side)
        if u.combat:
            combat.setdefault(u.area, set()).add(u.side)
        if u.long:
            longs.setdefault(u.area, set()).add(u.id)
    return Occ(
        {k: frozenset(v) for k, v in combat.items()},
        {k: frozenset(v) for k, v in units.items()},
        {k: frozenset(v) for k, v in longs.items()},
    )


def _enemy_combat(occ: Occ, area: str, side: str) -> bool:
    return bool(occ.combat.get(area, frozenset()) - {side})


def next_to_enemy(ctx: Ctx, area: str, side: str, occ: Occ | None = None) -> bool:
    """13.3, 9.4: an area adjacent to one holding enemy combat units."""
    o = occ or occupancy(ctx)
    found = o.near.get((side, area))
    if found is None:
        found = o.near[(side, area)] = any(_enemy_combat(o, n, side) for n in B.neighbours(ctx.board, area))
    return found


def long_in(
    ctx: Ctx, area: str, side: str, without: frozenset[str] = frozenset(), occ: Occ | None = None
) -> int:
    o = occ or occupancy(ctx)
    return len(o.longs.get(area, frozenset()) - without)


def road_benefit(
    ctx: Ctx, long: bool, side: str, a: str, n: str, moving: frozenset[str], occ: Occ | None = None
) -> bool:
    """13.3: the step from ``a`` into ``n`` goes along a road or trail at the road rate (not into an area
    next to the enemy; 13.6: not for a long counter joining a long counter)."""
    o = occ or occupancy(ctx)
    if not _crossing(ctx.board, a, n)[1] or next_to_enemy(ctx, n, side, o):
        return False
    return not (long and long_in(ctx, n, side, moving, o) > 0)


def _cost_arm(
    ctx: Ctx,
    arm_: str,
    long: bool,
    side: str,
    a: str,
    n: str,
    moving: frozenset[str],
    occ: Occ | None = None,
    along: bool = True,
) -> int | None:
    road, roadish, extra, t = _entering(ctx.board, arm_, a, n)
    if extra is None:
        return None  # G18: hedged stream, no cavalry or artillery but by a bridge or ford
    # 13.3: a long counter moving by road must face along the road
    benefit = roadish and (along or not long) and road_benefit(ctx, long, side, a, n, moving, occ)
    if benefit:
        return (1 if road else B.HALF) + extra * B.HALF  # 13.3: road 1/2 MP, trail 1 MP, terrain cancelled
    if t is None:
        return None
    return (t + extra) * B.HALF


# what the map alone says of a step, worked out once per data set (the data never changes)
_MAP: dict[int, tuple[Eagles, dict[tuple[str, ...], tuple[bool, bool, int | None, int | None]]]] = {}
_CROSSINGS: dict[int, tuple[Eagles, dict[tuple[str, str], tuple[bool, bool, bool]]]] = {}


def _crossing(b: Eagles, a: str, n: str) -> tuple[bool, bool, bool]:
    """The border from ``a`` into ``n``: a road, a road or a trail (13.3), a diagonal contact (G33)."""
    hit = _CROSSINGS.get(id(b))
    if hit is None or hit[0] is not b:
        hit = _CROSSINGS[id(b)] = (b, {})
    got = hit[1].get((a, n))
    if got is None:
        road = B.is_road(b, a, n)
        got = hit[1][(a, n)] = (road, road or B.is_trail(b, a, n), B.is_diagonal(b, a, n))
    return got


def _entering(b: Eagles, arm_: str, a: str, n: str) -> tuple[bool, bool, int | None, int | None]:
    """G18, 13.3, what the map says of ``arm_`` stepping from ``a`` into ``n``: a road, a road or a trail,
    the border's extra MP (None: it may not cross) and the terrain's MP (None: prohibited)."""
    hit = _MAP.get(id(b))
    if hit is None or hit[0] is not b:
        hit = _MAP[id(b)] = (b, {})
    key = (arm_, a, n)
    got = hit[1].get(key)
    if got is None:
        road, trail, stream = B.is_road(b, a, n), B.is_trail(b, a, n), B.is_stream(b, a, n)
        extra: int | None = 0
        if stream:
            if road:
                extra = B.border_mp(b, "bridge", arm_) or 0
            elif trail:
                extra = B.border_mp(b, "ford", arm_) or 0
            else:
                extra = B.border_mp(b, "stream", arm_)  # None: G18, a hedged stream
        got = hit[1][key] = (road, road or trail, extra, B.terrain_mp(b, n, arm_))
    return got


def step_cost(
    ctx: Ctx,
    piece: str,
    side: str,
    a: str,
    n: str,
    moving: frozenset[str],
    occ: Occ | None = None,
    along: bool = True,
) -> int | None:
    """The halves of an MP ``piece`` pays to go from ``a`` into neighbour ``n``, None where it may not
    (13.1 enemy, G33 corner, G34 no room for a long counter, G18 prohibited terrain or border); ``along``
    False: a long counter not facing along the road pays the terrain (13.3)."""
    st = ctx.st
    o = occ or occupancy(ctx)
    if piece in st.leaders:
        key: tuple[Any, ...] = ("leader", side, a, n)
    else:
        u = st.units[piece]
        # a long counter's cost reads its facing (``along``) and the long counters moving with it (13.3)
        key = (u.kind, u.long, side, a, n, along, moving) if u.long else (u.kind, side, a, n)
    found = o.costs.get(key, -1)
    if found == -1:
        found = o.costs[key] = _step_cost(ctx, piece, side, a, n, moving, o, along)
    return found


def _step_cost(
    ctx: Ctx, piece: str, side: str, a: str, n: str, moving: frozenset[str], o: Occ, along: bool
) -> int | None:
    st, b = ctx.st, ctx.board
    if o.units.get(n, frozenset()) - {side}:
        return None  # 13.1
    if _crossing(b, a, n)[2] and all(_enemy_combat(o, c, side) for c in B.corner(b, a, n) or ["-"]):
        return None  # G33: both areas flanking the corner hold enemy combat units
    if piece in st.leaders:  # 13.4: the cheaper of the infantry or cavalry cost
        costs = [
            c for c in (_cost_arm(ctx, x, False, side, a, n, moving, o) for x in ("infantry", "cavalry")) if c
        ]
        return min(costs) if costs else None
    u = st.units[piece]
    if u.long and B.long_room(b, n) == 0:
        return None
    kind = "artillery" if u.kind == "hq" else u.kind  # 13.5: the HQ moves as artillery
    return _cost_arm(ctx, kind, u.long, side, a, n, moving, o, along)


def _along(b: Eagles, longs: list[Unit], here: str, n: str, column: bool, first: bool) -> bool:
    """13.3, 13.9: a long counter is along the road for the step into ``n`` when it starts its move facing
    ``n``, or facing back along a road or trail that runs on into ``n`` (ours: its front on the line of the
    road, either way; it may turn so at the start of its move), or when it came into ``here`` by road in
    column (ours: the counter follows the road; once off it, it keeps the facing it had: no road rate
    after)."""
    if not first:
        return column

    def on_road(m: str) -> bool:
        return B.is_road(b, here, m) or B.is_trail(b, here, m)

    return all(u.facing == n or (u.facing is not None and on_road(u.facing) and on_road(n)) for u in longs)


# -- stacking
# --------------------------------------------------------------------------------------------------
def room_for(ctx: Ctx, area: str, units: list[Unit], moving: frozenset[str] = frozenset()) -> bool:
    """13.6, 13.7: ``units`` fit in ``area`` with the friendly units already there (SP limit; long counters
    up to the area's number, G34)."""
    st, b = ctx.st, ctx.board
    side = units[0].side if units else ""
    there = [u for u in st.units.values() if u.area == area and u.side == side and u.id not in moving]
    spec = B.stacking(b, area)
    sp = sum(u.sp for u in there) + sum(u.sp for u in units)
    sp += sum(
        x.sp for x in st.units.values() if x.attached_to in {u.id for u in units} and x.id not in moving
    )
    if sp > spec.max_sp:
        return False
    longs = sum(1 for u in there if u.long) + sum(1 for u in units if u.long)
    return bool(longs <= B.long_room(b, area) or not any(u.long for u in units))


def dense(ctx: Ctx, area: str) -> bool:
    """13.6: a stack above its area's density threshold (a town never)."""
    spec = B.stacking(ctx.board, area)
    start = getattr(spec, "dense_from", None)
    if start is None:
        return False
    return sum(u.sp for u in ctx.st.units.values() if u.area == area) >= int(start)


# -- reach
# -------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Route:
    cost: int  # halves of an MP
    path: tuple[str, ...]  # the areas entered, in order
    stop: bool  # 13.7: the last area makes a long counter stop


def reach(ctx: Ctx, pieces: list[str], occ: Occ | None = None) -> dict[str, Route]:
    """Every area the group ``pieces`` (standing together) may end its move in, with the cheapest route:
    within the MP left of each (a group moves at the pace of its slowest: ours), with room at every area
    entered (13.6), never into an area next to the enemy for an out-of-command piece (9.4), stopping where a
    long counter joins another (13.7). ``occ``: who stands where in this state, if the caller has it."""
    st = ctx.st
    units = [st.units[p] for p in pieces if p in st.units]
    side = units[0].side if units else st.leaders[pieces[0]].side
    start = units[0].area if units else st.leaders[pieces[0]].area
    budget = min(ma(ctx, p) - used(ctx, p) for p in pieces)
    ooc = any(not (st.units[p].in_command if p in st.units else st.leaders[p].in_command) for p in pieces)
    moving = frozenset(pieces) | frozenset(x.id for x in st.units.values() if x.attached_to in pieces)
    any_long = any(u.long for u in units)
    occ = occ or occupancy(ctx)
    longs = [u for u in units if u.long]
    square = any(u.square for u in units)
    best: dict[str, Route] = {}
    room: dict[str, bool] = {}
    # 13.3: a long counter's search state is its area and whether it stands in column on the road
    heap: list[tuple[int, tuple[str, ...], bool]] = [(0, (), False)]
    done: set[tuple[str, bool]] = set()
    while heap:
        cost, path, column = heapq.heappop(heap)
        here = path[-1] if path else start
        if (here, column) in done:
            continue
        done.add((here, column))
        if path:
            stop = any_long and long_in(ctx, here, side, moving, occ) > 0
            if here not in best:
                best[here] = Route(cost, path, stop)
            if stop or square:
                continue  # 13.7; 17.1 (ours): a square moves one area at most
        for n in B.neighbours(ctx.board, here):
            if n == start:
                continue
            along = _along(ctx.board, longs, here, n, column, not path)
            costs = [step_cost(ctx, p, side, here, n, moving, occ, along) for p in pieces]
            if None in costs:
                continue
            c = cost + max(cast(list[int], costs))
            if c > budget:
                continue
            if ooc and next_to_enemy(ctx, n, side, occ):
                continue  # 9.4
            if units:  # the same group into the same area: asked once a search (nothing moves in it)
                fits = room.get(n)
                if fits is None:
                    fits = room[n] = room_for(ctx, n, units, moving)
                if not fits:
                    continue
            on_road = bool(longs) and along and road_benefit(ctx, True, side, here, n, moving, occ)
            if (n, on_road) not in done:
                heapq.heappush(heap, (c, (*path, n), on_road))
    return best


def move(
    ctx: Ctx, side: str, pieces: tuple[str, ...], to: str, facing: str | None, *, dry: bool = False
) -> None:
    """13.1: ``pieces`` standing together move to ``to`` by their cheapest route; attached artillery rides
    with
    its division (11.2) and is left behind at a border closed to artillery (11.1); the counter faces the way
    it
    went, or ``facing`` when the move names it (13.9: at the end, not if it turned at the start)."""
    st, b = ctx.st, ctx.board
    ids = [p.upper() for p in pieces]
    for p in ids:
        if p not in st.units and p not in st.leaders:
            raise error("13.1", "eagles.unknown_piece", unit=p)
        why = may_move(ctx, p)
        if why is not None:
            raise error("13.0", why, unit=p)
    wheres = {st.units[p].area if p in st.units else st.leaders[p].area for p in ids}
    if len(wheres) != 1:
        raise error("13.1", "eagles.move.apart", units=ids)
    if len(set(ids)) != len(ids):
        raise error("13.1", "eagles.move.twice", units=ids)
    start = wheres.pop()
    if to not in B.area_ids(b):
        raise error("13.1", "eagles.unknown_area", area=to)
    routes = kept_reach(ctx, ids)
    if to not in routes:
        left = min(ma(ctx, p) - used(ctx, p) for p in ids)
        raise error("13.1", "eagles.move.cannot", units=ids, area=to, mp=B.mp_said(left))
    route = routes[to]
    if facing is not None:
        if facing not in B.facings(b, to):
            raise error("13.9", "eagles.face.not_neighbour", area=to, facing=facing)
        if any(p in st.units and st.units[p].faced == "start" for p in ids):
            raise error("13.9", "eagles.face.both", units=ids)
    if dry:
        return
    prev = (start, *route.path)[-2]
    left_behind: list[str] = []
    for p in ids:
        if p in st.leaders:
            ld = st.leaders[p]
            ld.area, ld.mp_used, ld.moved = to, ld.mp_used + route.cost, True
            continue
        u = st.units[p]
        u.area, u.mp_used, u.moved, u.stopped = to, u.mp_used + route.cost, True, route.stop
        u.reverse_slope = False  # 17.2 (ours, G13): it ends when the unit moves
        if u.long or u.kind == "artillery":
            if facing is not None:
                u.facing, u.faced = facing, "end"
            else:
                u.facing = B.ahead(b, prev, to)
        for x in st.units.values():
            if x.attached_to == u.id:
                x.area = _ride(ctx, x, start, route.path)
                x.facing = u.facing if x.area == to else x.facing
                if x.facing not in B.facings(b, x.area):
                    x.facing = sorted(B.facings(b, x.area))[0]
                if x.area != to:
                    x.attached_to = None
                    left_behind.append(x.id)
    ctx.emit("move", {"side": side, "units": ids, "from": start, "to": to, "path": list(route.path),
                      "mp": route.cost})  # fmt: skip
    if left_behind:
        ctx.emit("detach", {"side": side, "units": left_behind, "why": "border"})
    for a in route.path:
        displace_leaders(ctx, a, side)


def _ride(ctx: Ctx, art: Unit, start: str, path: tuple[str, ...]) -> str:
    """11.1: attached artillery goes with its division up to a border closed to artillery."""
    here = start
    for n in path:
        if _cost_arm(ctx, "artillery", False, art.side, here, n, frozenset()) is None:
            return here
        here = n
    return here


def face(ctx: Ctx, side: str, uid: str, to: str, *, dry: bool = False) -> None:
    """13.9: a long counter or artillery changes facing at the start or at the end of its move, not both."""
    st = ctx.st
    u = st.units.get(uid.upper())
    if u is None:
        raise error("13.9", "eagles.unknown_piece", unit=uid)
    why = may_move(ctx, u.id)
    if why is not None:
        raise error("13.9", why, unit=u.id)
    if not (u.long or u.kind == "artillery"):
        raise error("13.9", "eagles.face.all_round", unit=u.id)
    if to not in B.facings(ctx.board, u.area):
        raise error("13.9", "eagles.face.not_neighbour", area=u.area, facing=to)
    if u.faced:
        raise error("13.9", "eagles.face.both", units=[u.id])
    if dry:
        return
    u.facing, u.faced = to, ("end" if u.moved else "start")
    ctx.emit("face", {"side": side, "unit": u.id, "area": u.area, "facing": to})


def displace_leaders(ctx: Ctx, area: str, side: str) -> None:
    """3.13: enemy leaders alone in an area ``side`` enters go to an adjacent area free of the enemy (ours:
    one
    holding their own combat units first, then by id), or are removed."""
    st, b = ctx.st, ctx.board
    for ld in [x for x in st.leaders.values() if x.on_map and x.area == area and x.side != side]:
        if st.enemy_combat_in(area, side) or any(
            u.area == area and u.side == ld.side for u in st.units.values()
        ):
            continue
        options = [n for n in B.neighbours(b, area) if not enemy_in(ctx, n, ld.side)]
        if options:
            dest = min(options, key=lambda n: (not _friends(ctx, n, ld.side), n))
            ld.area = dest
            ctx.emit("leader-moved", {"leader": ld.id, "from": area, "to": dest})
        else:
            ld.alive, ld.area = False, GONE
            ctx.emit("leader-lost", {"leader": ld.id, "area": area, "why": "alone"})


def _friends(ctx: Ctx, area: str, side: str) -> bool:
    return any(u.area == area and u.side == side and u.combat for u in ctx.st.units.values())


def kept_reach(ctx: Ctx, pieces: list[str], state: bytes | None = None) -> dict[str, Route]:
    """``reach``, kept by the state's whole content (``context.content``, or ``state`` if the caller has it)
    and the group: a state's candidates search every group, then the random player's check of a move and
    the move itself search its group again, in the same state."""
    key = content(ctx) if state is None else state
    kept = _REACHED.of(key)
    group = ",".join(pieces)
    found = kept.get(group)
    if found is None:
        standing = _STANDING.of(key)  # one for the state: its groups' searches share the steps' costs
        occ = standing.get("")
        if occ is None:
            occ = standing[""] = occupancy(ctx)
        found = kept[group] = reach(ctx, pieces, occ)
    return dict(found)


_REACHED: KeptByContent[dict[str, Route]] = KeptByContent(32)  # by state, then by group
_STANDING: KeptByContent[Occ] = KeptByContent(8)
