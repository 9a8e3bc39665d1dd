"""The movement phase (5.0-5.6), the start of battles (6.1) and forced-march rolls (5.5)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import RuleError
from ..messages import rule_error
from . import battle as battle_rules
from .battle.rout import rout
from .context import Ctx
from .orders import Move
from .sequence import Phase
from .state import (
    LEADER_OF,
    SIDE_OF,
    Attack,
    Kept,
    PendingForcedMarch,
    Unit,
    armies_of,
    other_side,
    road_key,
)

if TYPE_CHECKING:
    from data.napoleon import Scenario

GROUP_MOVES = {"french": 3, "british": 2, "prussian": 2}  # 5.1
SPEED = {"infantry": 1, "artillery": 1, "cavalry": 2, "leader": 2}  # 5.2


def acting_side(ctx: Ctx) -> str:
    return ctx.sc.turns[ctx.st.turn - 1].side


def not_your_move(ctx: Ctx, role: str, active: list[str]) -> RuleError:
    """Why ``role`` may not move now (4.0): the other side's campaign turn, or (13.1, 3 players) its own
    part of its side's turn already ended with /end while an ally still moves."""
    side = acting_side(ctx)
    if role in ctx.st.movement.ended and role in ctx.roles_of_side(side) and active:
        return rule_error("13.1", "game.move_ended", side=side, role=role, waiting=list(active))
    return rule_error("4.0", "game.not_your_move", side=side, role=role)


def is_night(ctx: Ctx) -> bool:
    return ctx.sc.turns[ctx.st.turn - 1].night


def group_key(army: str, town: str) -> str:
    return f"{army}@{town}"


def group_moves_left(ctx: Ctx, army: str) -> int:
    used = sum(1 for k in ctx.st.movement.group_moves if k.startswith(army + "@"))
    return GROUP_MOVES[army] - used


def road_room(ctx: Ctx, a: str, b: str, side: str) -> tuple[int, int, bool]:
    """(units it may still carry, its limit now, whether the river halves it) for a step a -> b (5.3, 5.4)."""
    road = ctx.sc.road(a, b)
    assert road is not None
    limit = road.limit
    halved = bool(road.river) and ctx.enemy_in(b, side)  # 5.4: river crossed into an enemy-held town
    if halved:
        limit //= 2
    used = ctx.st.movement.road_use.get(road_key(a, b), 0)
    return max(0, limit - used), limit, halved


def active_leader_in(ctx: Ctx, town: str, army: str) -> bool:
    """10.1: an active (face-up) leader of this army stands in ``town``. A leader is active unless it is
    disrupted (rulings 10.1)."""
    lid = LEADER_OF[army]
    u = ctx.st.units.get(lid)
    return bool(u and not u.eliminated and u.location == town and not u.disrupted)


@dataclass(frozen=True, slots=True)
class MovePlan:
    units: tuple[Unit, ...]
    path: tuple[str, ...]
    forced: tuple[str, ...]  # ids of the units that force-march
    attack: bool


def parse_move(ctx: Ctx, role: str, order: Move) -> MovePlan:
    """Check a /move order (its syntax checked by ``Move.read``) against 5.0-5.6, 6.1 and 13.2 without
    changing anything. The checks run in this order, so that the first broken rule is the one said."""
    side = acting_side(ctx)
    units = _group(ctx, role, order)
    start = units[0].location
    assert start is not None
    path = _path(ctx, order, units, start)
    steps = len(path) - 1
    for t in path[1:-1]:
        if ctx.enemy_in(t, side):
            raise ctx.fail("5.0", "move.must_stop", town=t)
    dest = path[-1]
    attack = ctx.enemy_in(dest, side)
    night = is_night(ctx)
    if attack and night:
        raise ctx.fail("5.6", "move.night_attack", town=dest)
    # where the group stands and the path read from there (a path may leave out its start, 5.0)
    where = {"start": start, "path": ">".join(path), "steps": steps}
    forced = _forced(ctx, units, order.forced, where)
    if forced and night:
        _night_forced(ctx, units, forced, start)
    _check_group_moves(ctx, units, start)
    combat = [u for u in units if not u.leader]
    _check_roads(ctx, path, len(combat), side)
    if attack:
        _check_attack(ctx, dest, start, len(combat))
    return MovePlan(units, tuple(path), tuple(forced), attack)


def _group(ctx: Ctx, role: str, order: Move) -> tuple[Unit, ...]:
    """5.1: the role's own units, none eliminated or moved already, all in one town."""
    ids = [ctx.match_unit(text) for text in order.units]
    if not ids:  # a value made without units (its text would not read: Move.read)
        raise ctx.fail("", "move.no_units")
    if len(set(ids)) != len(ids):
        raise ctx.fail("", "move.unit_twice")
    units = tuple(ctx.st.units[i] for i in ids)
    mine = armies_of(role)
    for u in units:
        if u.army not in mine:
            raise ctx.fail(
                "5.1" if ctx.opts.players == 2 else "13.1",
                "move.not_yours",
                unit=u.id,
                role=role,
                armies=list(mine),
            )
        if u.eliminated:
            raise ctx.fail("2.4", "move.eliminated", unit=u.id)
        if u.moved:
            raise ctx.fail("5.1", "move.moved", unit=u.id)
    starts = {u.location for u in units}
    if len(starts) != 1:
        raise ctx.fail("5.1", "move.one_group", towns=sorted(t or "?" for t in starts))
    return units


def _path(ctx: Ctx, order: Move, units: tuple[Unit, ...], start: str) -> list[str]:
    """5.0: the towns the group passes, from where it stands, along roads (1.0), none twice."""
    path = [ctx.match_town(p) for p in order.path]
    first = path[0] if path else start
    if path and path[0] != start:
        path.insert(0, start)  # the path may leave out the town the units stand in
    if len(path) < 2:
        raise ctx.fail("5.0", "move.no_path", start=start)
    for a, b in itertools.pairwise(path):
        if ctx.sc.road(a, b) is None:
            if a == start and first != start:  # written from another town: say where the group stands
                raise ctx.fail("5.0", "move.not_there", units=[u.id for u in units], start=start, first=first)
            roads = [o for o, _ in ctx.sc.neighbours(a)]
            raise ctx.fail("1.0", "move.no_road", a=a, b=b, roads=roads)
    if len(set(path)) != len(path):
        raise ctx.fail("5.0", "move.town_twice")
    return path


def _forced(ctx: Ctx, units: tuple[Unit, ...], forced_flag: bool, where: dict[str, Any]) -> list[str]:
    """5.2: the units that must force-march to go so far (one town beyond their speed, when the order says
    so); 5.5: never a leader."""
    forced: list[str] = []
    for u in units:
        speed = SPEED[u.type]
        if where["steps"] <= speed:
            continue
        if u.leader:
            raise ctx.fail("5.5", "move.leader_forced", unit=u.id)
        if where["steps"] > speed + 1:
            raise ctx.fail(
                "5.2", "move.too_far", unit=u.id, type=u.type, speed=speed, forced=speed + 1, **where
            )
        if not forced_flag:
            raise ctx.fail("5.2", "move.needs_forced", unit=u.id, type=u.type, speed=speed, **where)
        forced.append(u.id)
    return forced


def _night_forced(ctx: Ctx, units: tuple[Unit, ...], forced: list[str], start: str) -> None:
    """5.6, 10.1: at night only a leader may order a forced march (from the town it stands in)."""
    if not active_leader_in(ctx, start, units[0].army):
        raise ctx.fail("5.6", "move.night_forced", town=start)
    for uid in forced:
        if not active_leader_in(ctx, start, ctx.st.units[uid].army):
            raise ctx.fail("5.6", "move.night_forced_unit", unit=uid, town=start)


def _check_group_moves(ctx: Ctx, units: tuple[Unit, ...], start: str) -> None:
    """5.1 group moves: the first move out of a town starts that group's move; leaders are ignored (10.0)."""
    moves = ctx.st.movement.group_moves
    new_groups = sorted({u.army for u in units if not u.leader and group_key(u.army, start) not in moves})
    for army in new_groups:
        if group_moves_left(ctx, army) <= 0:
            used = [k.split("@", 1)[1] for k in moves if k.startswith(army + "@")]
            raise ctx.fail("5.1", "move.group_moves", army=army, limit=GROUP_MOVES[army], towns=used)


def _check_roads(ctx: Ctx, path: list[str], n: int, side: str) -> None:
    """5.3 road limits on every segment; 5.4 river halving on the segment into an enemy-held town."""
    for a, b in itertools.pairwise(path):
        room, limit, halved = road_room(ctx, a, b, side)
        if n <= room:
            continue
        road = ctx.sc.road(a, b)
        assert road is not None  # road_room found this road (5.3)
        carried = ctx.st.movement.road_use.get(road_key(a, b), 0)
        what: dict[str, Any] = {"a": a, "b": b, "cls": road.cls, "limit": road.limit}
        if halved:
            what.update(halved=limit, river=road.river)
        river = "_river" if halved else ""
        if room == 0:
            raise ctx.fail("5.4" if halved else "5.3", f"move.road_full{river}", used=carried, **what)
        raise ctx.fail("5.4" if halved else "5.3", f"move.road_room{river}", room=room, n=n, **what)


def _check_attack(ctx: Ctx, dest: str, start: str, n: int) -> None:
    """6.1 with 10.0 and 13.2: an attack needs a combat unit, and joins others only from road-connected
    towns when command control is played."""
    att = ctx.st.movement.attacks.get(dest)
    if attackers_in(ctx, dest) + n == 0:
        # 10.0: a leader is ignored for movement, so it cannot make an attack (6.1) by itself
        raise ctx.fail("6.1", "move.attack_leader_alone", town=dest)
    # 6.1: 3 or more units make the attack, counted over every order into the town; an order bringing
    # fewer stands provisionally, and /end waits for the third (rulings 6.1)
    if ctx.opts.command_control and att and start not in att.origins:
        for o in att.origins:
            if ctx.sc.road(o, start) is None:
                # 13.2: two groups may attack one enemy group only from road-connected adjacent towns.
                raise ctx.fail("13.2", "move.command_control", origin=o, town=dest, start=start)


def attackers_in(ctx: Ctx, town: str) -> int:
    """6.1: the combat units (10.0: leaders are ignored for movement) the acting side has brought into the
    enemy-held ``town`` this movement phase."""
    att = ctx.st.movement.attacks.get(town)
    if att is None:
        return 0
    return sum(1 for i in att.units if not ctx.st.units[i].eliminated and not ctx.st.units[i].leader)


def incomplete_attacks(ctx: Ctx, role: str | None = None) -> list[tuple[str, int]]:
    """6.1: (town, units) of the enemy-held towns that hold only 1-2 of the acting side's combat units this
    movement phase (with ``role``: only those with a unit of that role among them). The movement phase cannot
    end while there is one (rulings 6.1)."""
    out = []
    for town, att in ctx.st.movement.attacks.items():
        n = attackers_in(ctx, town)
        if not 1 <= n <= 2 or not ctx.enemy_in(town, att.side):
            continue
        if role is not None and not any(
            ctx.st.units[i].army in armies_of(role) and not ctx.st.units[i].eliminated for i in att.units
        ):
            continue
        out.append((town, n))
    return out


def waiting_for_ally(ctx: Ctx, role: str) -> tuple[str, str] | None:
    """13.1 with 6.1: (ally, town) when another role of the acting side has an attack still short of 3 units.
    That ally alone may act until it is completed or undone (each role's undo needs it, product
    decision 9); ``role`` may only bring the units that complete it (rulings 6.1)."""
    for other in ctx.roles_of_side(acting_side(ctx)):
        if other != role:
            inc = incomplete_attacks(ctx, other)
            if inc:
                return other, inc[0][0]
    return None


def do_move(ctx: Ctx, role: str, plan: MovePlan) -> None:
    st = ctx.st
    side = acting_side(ctx)
    start, dest = plan.path[0], plan.path[-1]
    for u in plan.units:
        if not u.leader:
            key = group_key(u.army, start)
            if key not in st.movement.group_moves:
                st.movement.group_moves.append(key)
    combat = [u for u in plan.units if not u.leader]
    for a, b in zip(plan.path, plan.path[1:], strict=False):
        k = road_key(a, b)
        st.movement.road_use[k] = st.movement.road_use.get(k, 0) + len(combat)
    # 10.1: +1 with an active leader in the town the march starts from (by day; at night normal odds), where
    # he stands when the order is given: read before anyone moves, a leader marching with the group included
    led = {
        a
        for a in {st.units[uid].army for uid in plan.forced}
        if not is_night(ctx) and active_leader_in(ctx, start, a)
    }
    for u in plan.units:
        w = st.own(u)  # copy on write (state.py); the plan's own objects are not read after this
        w.location = dest
        w.moved = True
    for uid in plan.forced:
        u = st.own(st.units[uid])
        u.force_marched = True
        st.movement.forced.append(PendingForcedMarch(uid, plan.path, 1 if u.army in led else 0))
    if plan.attack:
        att = st.movement.attacks.setdefault(dest, Attack(dest, side))
        att.units.extend(u.id for u in plan.units)
        if start not in att.origins:
            att.origins.append(start)
        for t in plan.path[:-1]:
            if t not in att.passed:
                att.passed.append(t)
        k = road_key(plan.path[-2], dest)
        att.roads.extend(k for _ in combat)
    armies = sorted({u.army for u in plan.units})
    ctx.emit(
        "move",
        {
            "side": side,
            "armies": armies,
            "from": start,
            "to": dest,
            "path": list(plan.path),
            "count": len(plan.units),
            "forced": len(plan.forced),
            "attack": plan.attack,
        },
        secret={"units": [u.id for u in plan.units], "forced_units": list(plan.forced)},
        to=tuple({r for a in armies for r in ctx.roles_of_army(a)}),
    )


def end_movement(ctx: Ctx) -> None:
    """End of the movement phase: forced-march rolls (5.5, after all normal moves), then battles (6.1)."""
    st = ctx.st
    for fm in st.movement.forced:
        u = st.units[fm.unit]
        if u.eliminated:
            continue
        # 5.5: loss on 1-3; +1 with a leader (10.1), so 3 counts as 4; [3rd] 7.3: -1 in a retreat. need: the
        # lowest die that avoids the loss, said with the roll
        mod = fm.bonus - fm.penalty
        need = 4 - mod
        (die,) = ctx.roll(1, "forced march (5.5)", army=u.army, town=u.location, bonus=mod, need=need)
        if die < need:
            ctx.lose(st.own(u), 1, "forced march (5.5)")  # copy on write (state.py)
        if st.phase == Phase.OVER:
            return
    st.movement.forced.clear()
    for town, att in list(st.movement.attacks.items()):
        start_attack(ctx, town, att)
        if st.phase == Phase.OVER:
            return


def start_attack(ctx: Ctx, town: str, att: Attack) -> None:
    """6.1: 3+ attackers against 1-2 defending units: they rout at once (7.5); otherwise a battle."""
    attackers = ctx.units_at(town, att.side)
    defenders = ctx.units_at(town, other_side(att.side))
    if not attackers or not defenders:
        return
    if len(attackers) < 3:
        # Forced-march losses (5.5, rolled after the moves) left fewer than 3 attacking units: they cannot
        # form a battle line (6.2) and rout at once, as 1-2 defenders do (rulings 6.1).
        cav = (
            {u.id for u in attackers if u.type == "cavalry"}
            if any(u.type == "cavalry" for u in defenders)
            else set()
        )
        ctx.emit(
            "automatic_rout",
            {"town": town, "defenders": len(defenders), "attackers": len(attackers), "side": att.side},
        )
        rout(
            ctx,
            town,
            attackers,
            side=att.side,
            attacker=att.side,
            enemy=defenders,
            cavalry_engaged=cav,
            passed=att.passed,
            cause="6.1: fewer than 3 attacking units after forced-march losses",
        )
        return
    if len(defenders) <= 2:
        # 6.1 / 7.5(a): 1 or 2 defending units (leaders are units, 2.5) rout at once.
        # FAQ 2: a lone cavalry block loses 1 cv only if the attackers include cavalry.
        attackers_have_cavalry = any(u.type == "cavalry" for u in attackers)
        cav = {u.id for u in defenders if u.type == "cavalry"} if attackers_have_cavalry else set()
        ctx.emit(
            "automatic_rout",
            {
                "town": town,
                "defenders": len(defenders),
                "attackers": len(attackers),
                "side": other_side(att.side),
            },
        )
        rout(
            ctx,
            town,
            defenders,
            side=other_side(att.side),
            attacker=att.side,
            enemy=attackers,
            cavalry_engaged=cav,
            passed=att.passed,
            cause="6.1: fewer than 3 defending units",
        )
        return
    battle_rules.start_battle(ctx, att)


def legal_paths(ctx: Ctx, u: Unit) -> tuple[list[tuple[str, ...]], list[tuple[str, ...]]]:
    """Paths this unit could take alone or with its group now: (normal, forced). Attack paths are listed
    whatever the count: fewer than 3 units stand provisionally (rulings 6.1)."""
    normal, forced, _rooms = walk_paths(ctx, u)
    return [p for p, _ in normal], [p for p, _ in forced]


# a walk's (path, ends in an enemy-held town) lists, normal and forced-march (5.2, 5.5), and the room each
# path into an enemy-held town still has (the least ``road_room`` of its steps; a combat unit's walk only)
Walked = tuple[
    list[tuple[tuple[str, ...], bool]], list[tuple[tuple[str, ...], bool]], dict[tuple[str, ...], int]
]


def walk_paths(ctx: Ctx, u: Unit) -> Walked:
    """``legal_paths`` with each path's end: (path, whether it ends in an enemy-held town), and for a combat
    unit the units each path into an enemy-held town may still carry (found on the way: the least
    ``road_room`` of its steps, 5.3, 5.4). What it returns is kept (``_WALKS``) for the next walk from the
    same town with the same inputs: read it, do not change it."""
    st, sc = ctx.st, ctx.sc
    side = u.side
    if u.moved or u.eliminated or u.location is None:
        return [], [], {}
    if (
        not u.leader
        and group_key(u.army, u.location) not in st.movement.group_moves
        and group_moves_left(ctx, u.army) <= 0
    ):
        return [], [], {}
    night = is_night(ctx)
    speed = SPEED[u.type]
    leader = u.leader
    can_force = not leader and (not night or active_leader_in(ctx, u.location, u.army))
    max_steps = speed + (1 if can_force else 0)
    start = u.location
    command_control = ctx.opts.command_control
    key = (id(sc), side, start, speed, leader, max_steps, night, command_control)
    # looked up once for the whole walk (nothing changes while it runs): who stands where, the roads' use
    occ = ctx.occupancy()
    road_use = st.movement.road_use
    kept = _WALKS.get(key)
    if kept is not None and kept.sc is sc and kept.still(ctx, occ, road_use):
        return kept.normal, kept.forced, kept.rooms
    normal: list[tuple[tuple[str, ...], bool]] = []
    forced: list[tuple[tuple[str, ...], bool]] = []
    rooms: dict[tuple[str, ...], int] = {}
    towns: set[str] = set()  # what the walk read, to tell later whether it would find the same
    hostiles: set[str] = set()
    roads: dict[str, int | None] = {}
    answers: dict[str, bool] = {}
    get_side, get_use = occ.get, road_use.get
    # the least room of the roads so far (5.3, 5.4) after each step: [0] before the first
    least = [_NO_LIMIT] * (max_steps + 1)
    # every simple path of up to ``max_steps`` roads from ``start``, in the order a depth-first walk finds
    # them (``_tree``); a step that the walk may not take skips the steps beyond it (``end``)
    nodes = _tree(sc, start, max_steps)
    i, n = 0, len(nodes)
    while i < n:
        nxt, limit, river, road, new, steps, end = nodes[i]
        towns.add(nxt)
        sides = get_side(nxt)
        hostile = bool(sides and (len(sides) > 1 or side not in sides))  # Ctx.enemy_in
        if hostile:
            hostiles.add(nxt)
        # road_room: 5.3 the road's limit, 5.4 halved on a river crossed into an enemy-held town
        room = least[steps - 1]
        if not leader:
            used = roads[road] = get_use(road)
            here = (limit // 2 if river and hostile else limit) - (used or 0)
            if here < 1:
                i = end
                continue
            if here < room:
                room = here
        out = normal if steps <= speed else forced
        if hostile:
            i = end  # 5.0: a move stops in an enemy-held town
            if night:
                continue
            ok = answers.get(nxt)
            if ok is None:
                ok = answers[nxt] = _may_attack(ctx, nxt, start, leader)
            if ok:
                out.append((new, True))
                if not leader:
                    rooms[new] = room  # the least room of its roads
            continue
        out.append((new, False))
        least[steps] = room
        i += 1  # on to the steps beyond (none past ``max_steps``)
    _WALKS.keep(
        key,
        _Walk(
            sc,
            side,
            start,
            leader,
            normal,
            forced,
            rooms,
            frozenset(towns),
            frozenset(hostiles),
            tuple(roads),
            list(roads.values()),
            tuple(answers.items()),
        ),
    )
    return normal, forced, rooms


_NO_LIMIT = 1 << 30  # the room of no road yet (``walk_paths``)

# a step of a walk: (town, road limit, river, road key, the path to the town, roads taken, where the steps
# beyond this one end in the tree)
_Step = tuple[str, int, bool, str, tuple[str, ...], int, int]
_TREES: dict[tuple[int, str, int], tuple[Scenario, tuple[_Step, ...]]] = {}


def _tree(sc: Scenario, start: str, max_steps: int) -> tuple[_Step, ...]:
    """Every simple path of 1 to ``max_steps`` roads from ``start`` (5.0: a unit never enters a town twice in
    one move), in the order a depth-first walk of ``roads_from`` finds them, each with the index where the
    paths that go on from it end: what a walk visits when nothing stops it, made once per scenario, town and
    length (a few dozen steps; the walk skips what a full road or an enemy-held town cuts off)."""
    key = (id(sc), start, max_steps)
    kept = _TREES.get(key)
    if kept is not None and kept[0] is sc:
        return kept[1]
    adjacent = roads_from(sc)
    out: list[_Step] = []

    def grow(path: tuple[str, ...], here: str, steps: int) -> None:
        for nxt, limit, river, road in adjacent[here]:
            if nxt in path:
                continue
            at = len(out)
            new = (*path, nxt)
            out.append((nxt, limit, river, road, new, steps, 0))
            if steps < max_steps:
                grow(new, nxt, steps + 1)
            out[at] = (nxt, limit, river, road, new, steps, len(out))

    grow((start,), start, 1)
    tree = tuple(out)
    _TREES[key] = (sc, tree)  # one assignment: a thread sees no half-made tree
    return tree


def _may_attack(ctx: Ctx, town: str, start: str, leader: bool) -> bool:
    """Whether a unit from ``start`` may move into the enemy-held ``town`` now (by day): a leader only into an
    attack begun (10.0, 6.1); 13.2 two groups only from road-connected adjacent towns."""
    if leader and attackers_in(ctx, town) == 0:
        return False  # a leader does not start an attack (10.0, 6.1)
    att = ctx.st.movement.attacks.get(town)
    return not (
        ctx.opts.command_control
        and att
        and start not in att.origins
        and any(ctx.sc.road(o, start) is None for o in att.origins)
    )


@dataclass(frozen=True, slots=True)
class _Walk:
    """One walk's paths and what they were found from: whether each town it looked at was held by the
    enemy, the use of each road it looked at (None: unused), and its answer about each attack it could make
    (``_may_attack``). The walk is made of these answers alone (its key gives the rest), so the same answers
    now give the same paths."""

    sc: Scenario
    side: str
    start: str
    leader: bool
    normal: list[tuple[tuple[str, ...], bool]]
    forced: list[tuple[tuple[str, ...], bool]]
    rooms: dict[tuple[str, ...], int]
    towns: frozenset[str]
    hostiles: frozenset[str]
    roads: tuple[str, ...]
    uses: list[int | None]
    attacks: tuple[tuple[str, bool], ...]

    def still(self, ctx: Ctx, occ: dict[str, set[str]], road_use: dict[str, int]) -> bool:
        """Whether the same walk now would find these paths."""
        if self.towns & _hostile_towns(occ, self.side) != self.hostiles:
            return False
        if list(map(road_use.get, self.roads)) != self.uses:
            return False
        return all(_may_attack(ctx, t, self.start, self.leader) == ok for t, ok in self.attacks)


# walk key (scenario, side, start, speed, leader, steps, night, 13.2) -> the last walk made with it
_WALKS: Kept[tuple[object, ...], _Walk] = Kept(20_000)
# an occupancy (``Ctx.occupancy``: a new dict whenever a place changes) -> the towns held by each side's enemy
_HOSTILE: list[tuple[object, dict[str, frozenset[str]]]] = [(None, {})]


def _hostile_towns(occ: dict[str, set[str]], side: str) -> frozenset[str]:
    """The towns of ``occ`` where ``side`` finds the enemy (``Ctx.enemy_in``), made once per occupancy."""
    kept = _HOSTILE[0]
    if kept[0] is not occ:
        kept = (occ, {})
        _HOSTILE[0] = kept  # one assignment: another thread sees the old pair or the new one
    found = kept[1].get(side)
    if found is None:
        found = kept[1][side] = frozenset(t for t, s in occ.items() if len(s) > 1 or side not in s)
    return found


_ROADS: list[Any] = [None, None]  # the scenario, and its roads_from table


def roads_from(sc: Scenario) -> dict[str, tuple[tuple[str, int, bool, str], ...]]:
    """Town -> (neighbour, road limit (5.3), crosses a river (5.4), road key), in ``sc.neighbours`` order:
    what a walk asks of every road, made once per scenario."""
    if _ROADS[0] is not sc:
        table = {
            t.name: tuple((o, r.limit, bool(r.river), road_key(t.name, o)) for o, r in sc.neighbours(t.name))
            for t in sc.towns
        }
        _ROADS[:] = [sc, table]  # one assignment: a thread sees the old pair or the new one
    roads: dict[str, tuple[tuple[str, int, bool, str], ...]] = _ROADS[1]
    return roads


__all__ = ["SIDE_OF", "do_move", "end_movement", "legal_paths", "parse_move"]
