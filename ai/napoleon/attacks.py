"""Attacks this turn (6.1) and the grabs of empty supply bases (11.0).

A force attacks an enemy-held town on its way only with clearly superior strength (``Planning.attack_ok``),
or when the defenders are 1-2 blocks, which rout at once (6.1), judging hidden blocks by their count. The
first order brings 3+ units of one group (the engine's own attack choice bounds how many its road takes);
units of other groups follow, each group costing one of the army's group moves (5.1).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from .planning import AttackChoice, Move, Path, Planning, StackKey, road_key

Follower = tuple[str, Path, bool]  # (unit, path, forced march)


@dataclass
class Attack:
    """One attack being put together: its first order, the units that follow it, the group moves it would
    spend (5.1) and the road use it would add (5.3)."""

    first: list[str]
    path: Path
    forced: bool
    gm: dict[str, int]
    keys: set[StackKey]
    use: dict[tuple[str, str], int] = field(default_factory=dict)
    team: list[str] = field(default_factory=list)
    followers: list[Follower] = field(default_factory=list)

    def take(self, path: Path, n: int) -> None:
        for a, b in itertools.pairwise(path):
            self.use[road_key(a, b)] = self.use.get(road_key(a, b), 0) + n


def plan_attacks(
    p: Planning, mobile: list[str], targets: dict[str, str], value: dict[str, float], gm_left: dict[str, int]
) -> tuple[list[Move], set[StackKey], dict[StackKey, float]]:
    """Attacks this turn (6.1): on each enemy-held town in reach, with every unit for which it is on the way
    (all units for a supply base), when the force is clearly superior or the defenders are 1-2 blocks (they
    rout at once). Returns the moves, the stacks (army, town) they start from, and those stacks' priority
    for the group moves; ``gm_left`` loses the group moves the attacks spend (5.1)."""
    if p.view.night:
        return [], set(), {}
    moves: list[Move] = []
    used: set[StackKey] = set()
    pri: dict[StackKey, float] = {}
    taken: set[str] = set()
    choices: dict[str, list[AttackChoice]] = {}
    for path, forced, ids in p.attacks:
        choices.setdefault(path[-1], []).append((path, forced, ids))
    for dest in _attack_towns(p, choices, value):
        avail = _available(p, dest, mobile, taken, targets, value)
        if len(avail) < 3:
            continue
        att = _first_order(p, choices[dest], avail, used, gm_left)
        if att is None:
            continue
        _add_followers(p, dest, att, avail, used)
        cv = p.team_cv(att.team)
        if not p.attack_ok(dest, cv, len(att.team)):
            continue
        # keep only the group moves the followers really use
        gm_left.update(att.gm)
        used |= {p.key(u) for u in att.team}
        for k, n in att.use.items():
            p.road_plan[k] = p.road_plan.get(k, 0) + n
        taken.update(att.team)
        moves.append(Move(att.first, att.path, att.forced, True))
        moves += [Move([u], path, f, True) for u, path, f in att.followers]
        score = 100.0 + (20.0 if dest in value else 0.0) + cv / 5.0
        for k in {p.key(u) for u in att.team}:
            pri[k] = max(pri.get(k, 0.0), score)
    return moves, used, pri


def _attack_towns(p: Planning, choices: dict[str, list[AttackChoice]], value: dict[str, float]) -> list[str]:
    """The enemy-held towns an attack is offered on: supply bases first, then the towns that rout at once
    (6.1); among those, the one with the most strength waiting behind it first (a lone block in a road
    junction holds up a whole corps)."""
    sit = p.sit
    towns = [t for t in p.enemy_towns if t in choices and t not in sit.battle_towns]

    def behind(t: str) -> float:
        return max(p.team_cv(ids) for _p, _f, ids in choices[t])

    towns.sort(key=lambda t: (t not in value, sit.enemy_count(t) > 2, -behind(t), t))
    return towns


def _available(
    p: Planning,
    dest: str,
    mobile: list[str],
    taken: set[str],
    targets: dict[str, str],
    value: dict[str, float],
) -> list[Follower]:
    """The units not yet in an attack for which ``dest`` is on the way (every unit for a supply base; a
    unit standing at its target attacks next door), with the path each may take into it."""
    avail: list[Follower] = []
    for u in mobile:
        if u in taken:
            continue
        here = p.sit.where[u]
        tgt = targets.get(u, here)
        relevant = (
            dest in value
            or (dest in p.mi.adj[here] and here == tgt)
            or p.cost_to(tgt).get(dest, 99.0) < p.cost_to(tgt).get(here, 99.0)
        )
        if not relevant:
            continue
        attack = attack_path(p, u, dest)
        if attack is not None:
            avail.append((u, *attack))
    return avail


def _first_order(
    p: Planning,
    offered: list[AttackChoice],
    avail: list[Follower],
    used: set[StackKey],
    gm_left: dict[str, int],
) -> Attack | None:
    """The first order: the attack choice whose available units bring the most strength (3 or more, a
    forced march only with blocks that can spare a step); None if there is none, or its group has no group
    move left (5.1)."""
    best = None
    ids_avail = {u for u, _p, _f in avail}
    for path, forced, ids in offered:
        mine = [u for u in ids if u in ids_avail and (not forced or p.cv(u) >= 2)]
        if len(mine) < 3:
            continue
        cv = p.team_cv(mine)
        if best is None or cv > best[0]:
            best = (cv, path, forced, mine)
    if best is None:
        return None
    _cv, path0, forced0, first = best
    army0 = p.sit.block[first[0]].army
    key0 = (army0, path0[0])
    gm = dict(gm_left)
    if key0 not in used:
        if gm.get(army0, 0) <= 0:
            return None
        gm[army0] -= 1
    att = Attack(first, path0, forced0, gm, {key0}, team=list(first))
    att.take(path0, len(first))
    return att


def _add_followers(p: Planning, dest: str, att: Attack, avail: list[Follower], used: set[StackKey]) -> None:
    """The units that follow the first order: first those whose group already moves; a unit of another
    group costs a group move (5.1), spent only while the attack is not yet good enough (a town of 1-2
    blocks needs 3 units); each only while its roads have room (5.3)."""
    ordered = sorted(avail, key=lambda x: (-p.cv(x[0]), x[0]))
    for costly_pass in (False, True):
        for u, path, f in ordered:
            if u in att.team:
                continue
            key = p.key(u)
            costly = key not in used and key not in att.keys
            if costly and (not costly_pass or p.attack_ok(dest, p.team_cv(att.team), len(att.team))):
                continue
            if any(p.room(a, b) <= att.use.get(road_key(a, b), 0) for a, b in itertools.pairwise(path)):
                continue
            if costly:
                if att.gm.get(key[0], 0) <= 0:
                    continue
                att.gm[key[0]] -= 1
                att.keys.add(key)
            att.take(path, 1)
            att.team.append(u)
            att.followers.append((u, path, f))


def plan_grabs(
    p: Planning,
    mobile: list[str],
    value: dict[str, float],
    gm_left: dict[str, int],
    attack_moves: list[Move],
    used: set[StackKey],
) -> tuple[list[Move], set[StackKey]]:
    """An empty supply base the enemy left (11.0: one unit in it is enough) is taken at once by the nearest
    units that can reach it this turn, up to four. Returns the moves and the stacks they start from."""
    sit = p.sit
    if sit.side != "french":
        return [], set()
    busy = {u for m in attack_moves for u in m.units}
    moves: list[Move] = []
    new: set[StackKey] = set()
    for base in sorted(value, key=lambda b: (-value[b], b)):
        if base in p.held or base in p.enemy_towns or sit.mine.get(base):
            continue
        team = []
        for f, _cv, _n, u, path in sorted(_grab_candidates(p, base, mobile, busy)):
            key = p.key(u)
            if key not in used and key not in new:
                if gm_left.get(key[0], 0) <= 0:
                    continue
                gm_left[key[0]] -= 1
                new.add(key)
            if p.path_room(path) <= 0:
                continue
            p.use(path, 1)
            busy.add(u)
            team.append(Move([u], path, f, False))
            if len(team) >= 4:
                break
        moves += team
    return moves, new


def _grab_candidates(
    p: Planning, base: str, mobile: list[str], busy: set[str]
) -> list[tuple[bool, float, int, str, Path]]:
    """The units that can reach ``base`` this turn, each by its first path with room (a forced march only
    where no normal path leads there, with blocks that can spare a step): (forced, -strength, length, unit,
    path)."""
    legal = p.legal
    cands = []
    for u in mobile:
        if u in busy:
            continue
        normal = [path for path in legal.moves.get(u, ()) if path[-1] == base]
        forced = []
        if not normal and p.cv(u) >= 2:
            forced = [path for path in legal.forced.get(u, ()) if path[-1] == base]
        for path, f in [(path, False) for path in normal] + [(path, True) for path in forced]:
            if p.path_room(path) > 0:
                cands.append((f, -p.cv(u), len(path), u, path))
                break
    return cands


def attack_path(p: Planning, u: str, dest: str) -> tuple[Path, bool] | None:
    """The shortest path ``u`` may take into ``dest`` (normal first, a forced march for blocks that can
    spare a step); a unit of a small group next to the town is assumed able to follow an attack."""
    legal = p.legal
    normal = [path for path in legal.moves.get(u, ()) if path[-1] == dest and _group_attack(p, u, path)]
    if normal:
        return min(normal, key=lambda path: (len(path), path)), False
    if p.cv(u) >= 2 and not p.view.night:
        forced = [path for path in legal.forced.get(u, ()) if path[-1] == dest and _group_attack(p, u, path)]
        if forced:
            return min(forced, key=lambda path: (len(path), path)), True
    here = p.sit.where[u]
    if dest in p.mi.adj[here] and (legal.moves.get(u) or legal.forced.get(u)):
        return (here, dest), False
    return None


def _group_attack(p: Planning, u: str, path: Path) -> bool:
    """The engine lists every path into an enemy-held town (6.1: 1-2 units may begin an attack that other
    groups complete); the planner follows an attack along a path only where ``u``'s own group could bring 3
    units along it, or from the town next door (it joins once the attack has 3)."""
    here = path[0]
    if len(path) == 2:
        return True
    legal = p.legal
    group = [
        g
        for g in p.sit.mine.get(here, ())
        if g.id
        and g.type != "leader"
        and (path in legal.moves.get(g.id, ()) or path in legal.forced.get(g.id, ()))
    ]
    return len(group) >= 3 and p.path_room(path) >= 3
