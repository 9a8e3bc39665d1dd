"""What every combat does to the side that is hit: hits spread over a stack (10.3, 12.2, G3), leader
casualties (3.2, G26), retreats (20.0, G16) and leaders left alone (3.13).

The choices the rules give the owner (which unit loses the step, where a unit retreats) are made here by a
fixed default, the same for both sides and written in ``docs/rulings.md``: a player who wants another answer
has none to give in a game where the dice run on without him, and the default is the one a careful player
would take (never eliminate a unit while another may take the step; retreat away from the enemy, towards
friends)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from data.eagles import Eagles

from ..state import GONE, Leader, State, Unit, other
from . import common
from .common import Log

# -- 10.3, 12.2: hits on a stack -----------------------------------------------------------------------------


def may_take(state: State, u: Unit, pool: Sequence[Unit]) -> bool:
    """12.21: attached artillery takes no loss while its division stands as a long counter; 12.22, 9.54: an
    HQ takes losses only when it is the only unit in its area."""
    if not u.on_map:
        return False
    if u.kind == "hq":
        return all(x.kind == "hq" for x in pool if x.on_map)
    if u.attached_to:
        div = state.units.get(u.attached_to)
        return div is None or not div.on_map or not div.long
    return True


def spread(
    board: Eagles,
    state: State,
    log: Log,
    units: Sequence[Unit],
    n: int,
    *,
    why: str,
    per_hit: int = 1,
    taken: dict[str, int] | None = None,
) -> dict[str, int]:
    """Apply ``n`` hits to ``units`` (one area's, or one attacking area's), one step each (``per_hit`` 2 in
    counter-battery fire, 12.72): the first on a long counter if there is one; no unit takes a second step
    before each has taken one in this combat, nor a third before each has taken two (10.3, 12.2). ``taken``
    carries what each unit lost earlier in the same combat (10.3 counts the whole charge). Among the units
    the rule leaves, the owner's default: the one with most steps left (so none is eliminated while another
    could take it), then the strongest, then by id. Returns the steps lost by unit."""
    lost: dict[str, int] = {}
    taken = taken if taken is not None else {}
    pool = list(units)
    for _ in range(n):
        _detach_exposed(state, log, pool)
        alive = [u for u in pool if may_take(state, u, pool)]
        if not alive:
            break
        low = min(taken.get(u.id, 0) for u in alive)
        first = [u for u in alive if taken.get(u.id, 0) == low]
        if not any(taken.values()) and any(u.long for u in first):
            first = [u for u in first if u.long]  # 10.3, 12.2: the first step on a long counter
        u = min(first, key=lambda x: (-x.steps, -x.sp, x.id))
        got = u.lose(per_hit if u.kind != "hq" else u.steps)  # 9.54: one step eliminates an HQ
        taken[u.id] = taken.get(u.id, 0) + 1
        lost[u.id] = lost.get(u.id, 0) + got
        log.emit(
            "loss",
            {"unit": u.id, "side": u.side, "why": why, "lost": got, "steps": u.steps, "sp": u.sp},
        )
        if not u.on_map:
            log.emit("eliminated", {"unit": u.id, "side": u.side, "why": why})
    _detach_exposed(state, log, pool)
    return lost


def _detach_exposed(state: State, log: Log, pool: Iterable[Unit]) -> None:
    """11.1: artillery whose division is eliminated or reduced to a short counter is detached."""
    for u in pool:
        if u.on_map and u.attached_to:
            div = state.units.get(u.attached_to)
            if div is None or not div.on_map or not div.long:
                u.attached_to = None
                log.emit("detached", {"unit": u.id, "why": "11.1"})


# -- 3.2 leader casualties -----------------------------------------------------------------------------------


def casualties(
    state: State,
    log: Log,
    area: str,
    side: str,
    steps: int,
    *,
    charged: Iterable[str] = (),
    wiped: bool = False,
) -> None:
    """3.2: after a step loss, 2d6 for each leader of ``side`` in ``area`` (and for the leaders who rode in
    the charge, ``charged``: +1); +1 when 3 or more steps were lost there, +2 instead when every step there
    was (G26); a modified 12 kills him."""
    if steps <= 0:
        return
    riders = set(charged)
    here = [ld for ld in common.leaders_in(state, area, side) if ld.id not in riders]
    there = [state.leaders[x] for x in sorted(riders) if x in state.leaders and state.leaders[x].on_map]
    for ld in [*here, *there]:
        mod = (2 if wiped else 1 if steps >= 3 else 0) + (1 if ld.id in riders else 0)
        a, b = log.roll("casualty", 2, leader=ld.id, modifier=mod, steps=steps)
        if a + b + mod >= 12:
            kill(log, ld, "3.2")


def kill(log: Log, ld: Leader, why: str) -> None:
    """A leader killed (3.2: ``leader-killed``) or removed with nowhere to go (3.13: ``leader-lost``)."""
    area = ld.area
    ld.alive, ld.area = False, GONE
    kind = "leader-lost" if why == "3.13" else "leader-killed"
    log.emit(kind, {"leader": ld.id, "side": ld.side, "area": area, "why": why})


def eliminate(log: Log, units: Iterable[Unit], why: str) -> None:
    """Each of ``units`` loses every step it has left (``eliminated``), by the rule ``why``."""
    for u in units:
        u.lose(u.steps)
        log.emit("eliminated", {"unit": u.id, "side": u.side, "why": why})


# -- 20.0 retreats (G16) -------------------------------------------------------------------------------------


def arm(u: Unit) -> str:
    return "artillery" if u.kind == "hq" else u.kind  # 13.5: an HQ moves as artillery


def passable(board: Eagles, state: State, u: Unit, a: str, n: str) -> bool:
    """May ``u`` step from ``a`` into the neighbour ``n`` when it retreats or advances: no enemy there (13.1),
    no prohibited terrain (G18), no hedged stream for cavalry and artillery but by a road or trail (bridge,
    ford), room for a long counter (G34), not through a corner both of whose flanking areas hold enemy combat
    units (G33)."""
    border = board.border(a, n)
    if border is None or any(x.side != u.side for x in state.units_in(n)):
        return False
    kind = arm(u)
    # G18: prohibited terrain; artillery in woods only along a road or trail
    closed = getattr(board.terrain_of(n), f"{kind}_mp", None) is None
    if closed and not (kind == "artillery" and (border.road or border.trail)):
        return False
    if border.stream and not (border.road or border.trail):
        spec = board.borders.get("stream")
        if spec is None or getattr(spec, f"{kind}_mp", None) is None:
            return False
    if u.long and board.max_long_counters(n) == 0:
        return False
    if border.diagonal:
        flank = board.corner(a, n)
        if flank and all(state.enemy_combat_in(c, u.side) for c in flank):
            return False
    return True


def room(board: Eagles, state: State, area: str, units: Sequence[Unit]) -> bool:
    """13.6, 13.7: ``units`` fit in ``area`` with the friendly units already there."""
    if not units:
        return True
    side = units[0].side
    moving = {u.id for u in units}
    there = [u for u in state.units_in(area, side) if u.id not in moving]
    spec = board.stacking_of(area)
    if sum(u.sp for u in there) + sum(u.sp for u in units) > spec.max_sp:
        return False
    longs = sum(1 for u in [*there, *units] if u.long)
    return not any(u.long for u in units) or longs <= board.max_long_counters(area)


def destinations(board: Eagles, state: State, u: Unit, area: str, enemy: Iterable[str]) -> list[str]:
    """G16: where ``u`` may retreat from ``area``, best first: away from the areas of the enemy that caused
    the retreat (``enemy``): not adjacent to them, then farther from them, then not adjacent to any enemy,
    then holding friends, then by id."""
    causes = sorted(set(enemy))
    out = [n for n in board.neighbours(area) if passable(board, state, u, area, n)]

    def key(n: str) -> tuple[int, int, int, int, str]:
        near = sum(1 for c in causes if board.border(n, c) is not None)
        far = min((board.distance(n, c) for c in causes), default=9)
        beside = any(state.enemy_combat_in(m, u.side) for m in board.neighbours(n))
        friends = any(x.combat for x in state.units_in(n, u.side))
        return (near, -far, int(beside), int(not friends), n)

    return sorted(out, key=key)


def retreat(
    board: Eagles, state: State, log: Log, units: Sequence[Unit], area: str, enemy: Iterable[str], *, why: str
) -> list[Unit]:
    """20.0 (G16): each unit retreats 1 area at no MP cost to the best destination with room (the stack kept
    together where it fits); 20.3, 9.53: an HQ is eliminated; 20.2: unattached artillery loses a step, then
    retreats; attached artillery goes with its division (11.1: it is detached and left behind where the
    division crosses a border closed to artillery: the caller eliminates it if the enemy advances); 20.1: a
    unit with nowhere to go is eliminated. Facing may change (13.9): it faces the area it left. The leaders
    of the area go with the first unit (ours). Returns the artillery left behind."""
    enemy = list(enemy)
    left: list[Unit] = []
    moved_to: str | None = None
    movers = [u for u in units if u.on_map and u.area == area and not u.attached_to]
    for u in sorted(movers, key=lambda x: (not x.long, x.kind == "artillery", x.id)):
        if u.kind == "hq":
            eliminate(log, [u], "9.53")
            continue
        riders = [x for x in state.units.values() if x.attached_to == u.id and x.on_map]
        if u.kind == "artillery":
            u.lose(1)
            log.emit(
                "loss", {"unit": u.id, "side": u.side, "why": "20.2", "lost": 1, "steps": u.steps, "sp": u.sp}
            )
            if not u.on_map:
                log.emit("eliminated", {"unit": u.id, "side": u.side, "why": "20.2"})
                continue
        options = [
            n for n in destinations(board, state, u, area, enemy) if room(board, state, n, [u, *riders])
        ]
        if moved_to in options:
            options = [moved_to]  # the stack keeps together where it fits
        if not options:
            u.lose(u.steps)
            for r in riders:
                r.lose(r.steps)
            log.emit("eliminated", {"unit": u.id, "side": u.side, "why": "20.1"})
            continue
        dest = options[0]
        _go(board, log, u, area, dest)
        lone_leaders(board, state, log, dest, u.side)  # 3.13: enemy leaders alone where it goes
        for r in riders:
            if passable(board, state, r, area, dest) or board.border(area, dest).road:  # type: ignore[union-attr]
                _go(board, log, r, area, dest)
            else:
                r.attached_to = None
                left.append(r)
                log.emit("detached", {"unit": r.id, "why": "11.1"})
        moved_to = moved_to or dest
    if moved_to is not None:
        side = units[0].side if units else ""
        for ld in common.leaders_in(state, area, side):
            if not state.units_in(area, side):
                ld.area = moved_to
                log.emit("leader-retreat", {"leader": ld.id, "from": area, "to": moved_to, "why": why})
    return left


def _go(board: Eagles, log: Log, u: Unit, area: str, dest: str) -> None:
    u.area = dest
    u.retreated = True
    if hasattr(u, "square"):  # G13: a unit in square leaves it when it retreats
        u.square = False
    u.reverse_slope = False  # 17.2 (ours, G13): and reverse-slope defence ends
    if u.facing is not None:
        facings = board.facings(dest)
        u.facing = area if area in facings else (u.facing if u.facing in facings else facings[0])
    log.emit("retreat", {"unit": u.id, "side": u.side, "from": area, "to": dest})


def lone_leaders(board: Eagles, state: State, log: Log, area: str, side: str) -> None:
    """3.13: leaders of the other side left alone in ``area`` that ``side`` enters go to an adjacent area
    with no enemy and no prohibited terrain (ours: one holding their own combat units first, then by id), or
    are removed."""
    foe = other(side)
    if state.units_in(area, foe):
        return
    for ld in common.leaders_in(state, area, foe):
        options = [
            n
            for n in board.neighbours(area)
            if not any(x.side != foe for x in state.units_in(n))
            and (board.terrain_of(n).infantry_mp is not None or board.terrain_of(n).cavalry_mp is not None)
        ]
        if options:
            dest = min(options, key=lambda n: (not any(x.combat for x in state.units_in(n, foe)), n))
            ld.area = dest
            log.emit("leader-moved", {"leader": ld.id, "from": area, "to": dest, "why": "3.13"})
        else:
            kill(log, ld, "3.13")
