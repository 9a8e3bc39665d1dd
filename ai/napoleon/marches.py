"""Marches (5.0-5.5): the task forces that march on one target, each stack's march toward its target, its
main body or a waypoint (kept together, by forced march toward an objective by day, road limits respected,
5.3), and which stacks get the army's group moves (5.1)."""

from __future__ import annotations

from collections.abc import Callable

from .planning import CLOSE_UP_PRIORITY, Move, Path, Planning, Stack, StackKey, TaskForce

Options = dict[str, dict[Path, bool]]  # unit -> its legal paths (True: by forced march) that end clear


def task_forces(p: Planning, mobile: list[str], targets: dict[str, str]) -> dict[tuple[str, str], str]:
    """The units marching on one target form a task force. Its main body (the strongest stack, the one
    nearest the target on ties) leads; the other stacks close up on it, since 5.1 allows few group moves and
    a force spread over many towns crawls. The main body waits while detachments next to it catch up; it
    steps toward the target otherwise, and when an enemy stack it cannot beat has stopped it for two turns,
    it goes round (a waypoint kept until reached). Returns (town, target) -> the town to march toward, or
    "wait"."""
    sit = p.sit
    forces: dict[str, dict[str, float]] = {}
    members: dict[tuple[str, str], list[str]] = {}
    for u in mobile:
        t = targets.get(u)
        here = sit.where[u]
        if t is None or t == here:
            continue
        forces.setdefault(t, {})
        forces[t][here] = forces[t].get(here, 0.0) + p.cv(u)
        members.setdefault((here, t), []).append(u)
    out: dict[tuple[str, str], str] = {}
    for t in list(p.tf):
        if t not in forces:
            del p.tf[t]
    for t, towns in sorted(forces.items()):
        state = p.tf.setdefault(t, TaskForce())
        head = _close_up(p, t, towns, out)
        if head is not None:
            out[(head, t)] = _head_order(p, t, head, towns, members[(head, t)], state)
    return out


def _close_up(p: Planning, t: str, towns: dict[str, float], out: dict[tuple[str, str], str]) -> str | None:
    """The orders of a task force's detachments (``out``): each closes up on the main body, unless it is
    ahead of it and goes on by itself. Returns the main body's town, or None when it waits for the
    detachments next to it (they then get the group moves, 5.1, or it waits for ever)."""
    cost = p.cost_to(t)
    heads = [w for w in towns if towns[w] >= 0.5 * max(towns.values())]
    head = min(sorted(heads), key=lambda w: (cost.get(w, 99.0), -towns[w]))
    closing = 0.0
    closers = []
    for w, cv in towns.items():
        if w == head:
            continue
        if cost.get(w, 99.0) < cost.get(head, 99.0) and p.mi.dist[w][head] >= 2:
            out[(w, t)] = t  # ahead of the main body: a detachment that goes on by itself
            continue
        out[(w, t)] = head
        if p.mi.dist[w][head] <= 1:
            closing += cv
            closers.append(w)
    if closing >= 0.5 * towns[head]:
        out[(head, t)] = "wait"
        p.closers.update((w, t) for w in closers)
        return None
    return head


def _head_order(
    p: Planning, t: str, head: str, towns: dict[str, float], ids: list[str], state: TaskForce
) -> str:
    """The main body's order: a step toward the target (or its waypoint); "wait" when enemy stacks it cannot
    beat stop it, and after two turns of that, the way round (if not much longer)."""
    via = state.via
    if via is not None and (via == head or via in p.enemy_towns):
        via = state.via = None
    goal = via or t
    if can_advance(p, head, ids, goal, t):
        state.wait = 0
        return goal
    state.wait += 1
    if state.wait >= 2 and len(ids) >= 3:
        way = detour(p, head, ids, t)
        if way is not None:
            state.via = way
            state.wait = 0
            return way  # the way round begins now (not a third turn standing still)
    return "wait"


def detour(p: Planning, town: str, ids: list[str], target: str) -> str | None:
    """The first town on the way round the blocking stacks that is nearer the target than ``town`` (None if
    the way round is more than 4 towns longer, or leads through an enemy-held town: then the force waits and
    gathers)."""
    static = p.cost_to(target)
    dyn = p.route_cost(town, ids, target)
    if town not in dyn or dyn[town] > static.get(town, 99.0) + 4:
        return None
    here = town
    seen = {town}
    for _ in range(8):
        nxt = [n for n in p.mi.adj[here] if n in dyn and n not in seen and dyn[n] < dyn[here]]
        if not nxt:
            return None
        here = min(nxt, key=lambda n: (dyn[n], n))
        seen.add(here)
        if here in p.enemy_towns:
            return None
        if static.get(here, 99.0) < static.get(town, 99.0) or here == target:
            return here
    return here if here != town else None


def _options(p: Planning, ids: list[str], target: str) -> Options:
    """Each unit's legal paths that end clear of the enemy; by forced march toward an objective (5.5)."""
    legal = p.legal
    opts: Options = {}
    for u in ids:
        p_all: dict[Path, bool] = {path: False for path in legal.moves.get(u, ())}
        if p.may_force(u, target):
            for path in legal.forced.get(u, ()):
                p_all.setdefault(path, True)
        opts[u] = {path: f for path, f in p_all.items() if path[-1] not in p.enemy_towns}
    return opts


def _end_scorer(d: dict[str, float]) -> Callable[[str, bool], float]:
    """How good a march's end is: its cost to the goal, a forced march a little dearer."""

    def end_score(t: str, forced: bool) -> float:
        return d.get(t, 99.0) + (0.3 if forced else 0.0)

    return end_score


def _common_ends(d: dict[str, float], opts: Options, slow: list[str]) -> dict[str, float]:
    """The end towns the slow units reach, each with the sum of their best scores there."""
    end_score = _end_scorer(d)
    common: dict[str, float] = {}
    for u in slow:
        ends: dict[str, float] = {}
        for path, f in opts[u].items():
            sc = end_score(path[-1], f)
            ends[path[-1]] = min(ends.get(path[-1], 99.0), sc)
        for t, sc in ends.items():
            common[t] = common.get(t, 0.0) + sc
    return common


def _slow(p: Planning, ids: list[str]) -> list[str]:
    """The units a march waits for: cavalry waits for the infantry unless all are cavalry."""
    return [u for u in ids if p.utype(u) != "cavalry"] or list(ids)


def can_advance(p: Planning, town: str, ids: list[str], goal_town: str, target: str) -> bool:
    """Whether some slow unit of the group can get nearer ``goal_town`` this turn."""
    d = p.cost_to(goal_town)
    here = d.get(town, 99.0)
    common = _common_ends(d, _options(p, ids, target), _slow(p, ids))
    return any(d.get(t, 99.0) < here for t in common)


def march(p: Planning, town: str, ids: list[str], goal_town: str, target: str) -> tuple[list[Move], float]:
    """A march of the group toward ``goal_town`` (its target, its main body, or a waypoint): to the common
    end town nearest the target that every slow unit of the group can reach. Returns the moves (their roads
    taken from ``p.road_plan``) and how much nearer they come."""
    d = p.cost_to(goal_town)
    here = d.get(town, 99.0)
    opts = _options(p, ids, target)
    slow = _slow(p, ids)
    common = _common_ends(d, opts, slow)
    if not common:
        return [], 0.0
    reach = {t: sum(1 for u in slow if any(path[-1] == t for path in opts[u])) for t in common}
    # the end the most slow units reach, then the nearest the target
    goal = min(common, key=lambda t: (-reach[t], d.get(t, 99.0), t))
    if d.get(goal, 99.0) >= here:
        # nowhere nearer for all: the nearest end any slow unit reaches
        goal = min(common, key=lambda t: (d.get(t, 99.0), -reach[t], t))
        if d.get(goal, 99.0) >= here:
            return [], 0.0
    end_score = _end_scorer(d)
    groups: dict[tuple[Path, bool], list[str]] = {}
    for u in sorted(ids, key=lambda u: (-p.cv(u), u)):
        paths = [(path, f) for path, f in opts[u].items() if path[-1] == goal]
        if not paths:
            # it cannot reach the goal: its own best step toward the target
            paths = [(path, f) for path, f in opts[u].items() if d.get(path[-1], 99.0) < here]
            paths.sort(key=lambda pf: (end_score(pf[0][-1], pf[1]), len(pf[0]), pf[0]))
            paths = paths[:3]
        else:
            paths.sort(key=lambda pf: (pf[1], len(pf[0]), -p.path_room(pf[0]), pf[0]))
        for path, f in paths:
            if p.path_room(path) > 0:
                p.use(path, 1)
                groups.setdefault((path, f), []).append(u)
                break
    moves = [Move(u, path, f, False) for (path, f), u in groups.items()]
    if not moves:
        return [], 0.0
    return moves, here - min(d.get(m.path[-1], here) for m in moves)


def plan_group(
    p: Planning, town: str, ids: list[str], target: str, value: dict[str, float]
) -> tuple[list[Move], float]:
    """Moves for the units of one stack that share a target, as its task force orders them (``p.orders``),
    and their priority for a group move (5.1): a detachment its main body waits for first."""
    if town == target:
        return [], 0.0
    group_cv = p.team_cv(ids)
    base_pri = (value.get(target, 0.5) + 0.5) * group_cv
    order = p.orders.get((town, target))
    if order is None or order == "wait":
        return [], 0.0
    moves, gain = march(p, town, ids, order, target)
    if not moves:
        return [], 0.0
    if (town, target) in p.closers:
        return moves, base_pri * CLOSE_UP_PRIORITY
    return moves, base_pri * (1.0 + gain) / 2.0


def march_stack(p: Planning, st: Stack, targets: dict[str, str], value: dict[str, float]) -> None:
    """The moves of one stack (``st.moves``), its groups by target, the strongest first; its priority is
    raised to that of its most important march."""
    st.moves = []
    groups: dict[str, list[str]] = {}
    for uid in st.units:
        groups.setdefault(targets.get(uid, st.town), []).append(uid)
    for tgt, ids in sorted(groups.items(), key=lambda kv: (-p.team_cv(kv[1]), kv[0])):
        moves, pri = plan_group(p, st.town, ids, tgt, value)
        st.moves += moves
        st.priority = max(st.priority, pri)


def choose_stacks(
    p: Planning,
    stacks: dict[StackKey, Stack],
    used_towns: set[StackKey],
    gm_left: dict[str, int],
    targets: dict[str, str],
    value: dict[str, float],
) -> list[Stack]:
    """The stacks that move (5.1), their marches planned: the stacks an attack starts from move anyway;
    then, for each army, as many of the rest as it has group moves left, the most important first (a trial
    plan of every stack ranks them; the roads are then shared out in that order)."""
    saved = dict(p.road_plan)
    for st in sorted(stacks.values(), key=lambda s: (-s.cv, s.town)):
        march_stack(p, st, targets, value)
    p.road_plan = saved
    chosen: list[Stack] = [s for k, s in stacks.items() if k in used_towns]
    for army in sorted({s.army for s in stacks.values()}):
        left = gm_left.get(army, 0)
        cands = sorted(
            [s for k, s in stacks.items() if s.army == army and s.moves and k not in used_towns],
            key=lambda s: (-s.priority, s.town),
        )
        chosen += cands[:left]
    chosen.sort(key=lambda s: (-s.priority, s.town))
    for st in chosen:
        march_stack(p, st, targets, value)
    return chosen
