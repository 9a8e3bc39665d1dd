"""Campaign decisions of the heuristic player: free deployment (3.1) and the movement phase (5.0-6.1).

The movement plan is made once per movement phase from the view and the legal paths, then given out one
order at a time, each checked against the legal orders of that moment (a plan step that has become illegal
is skipped or cut down, never sent as it was).

Objectives come from the scenario's supply bases (11.0): the French march on them and hold them, the Allies
garrison them and gather the rest of each army there. Every stack of units (one army in one town) gets a
target town; the stacks with the most important moves use the army's group moves (5.1). A stack attacks an
enemy-held town on its way only with clearly superior force (or when the defenders are 1-2 blocks, which
rout at once, 6.1), judging hidden blocks by their count.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field

from engine import Order
from engine.napoleon import Legal
from engine.napoleon.orders import End, Setup

from .knowledge import SURRENDER_AT, MapInfo, Situation

ATTACK_RATIO = 1.1  # attack a town of 3+ blocks only with this much more (estimated) strength
URGENT_RATIO = 1.0  # ... or this much for a supply base the French must take now (``urgent``)
SUPPORT_WEIGHT = 0.2  # share of the enemy's strength next door counted as coming to its help (9.0)
GARRISON_MIN_CV = 8.0  # a held supply base keeps at least this much, and 3 blocks (a battle, not a rout)
GARRISON_MIN_N = 3
ALLIED_GARRISON_CV = 12.0
GARRISON_MAX_CV = 30.0
REINFORCE_WEIGHT = 0.7  # share of our own strength next to an attacked town counted as reinforcements (9.0)
LIEGE_WEIGHT = 2.0  # a base whose army loses 2 a turn (Liège) weighs this much more
FULL_GROUP_MOVES = {"french": 3, "british": 2, "prussian": 2}  # 5.1
LEADER_PULL = 4.0  # a leader's wish to stand with his army's main force, per town away from it (5.5, 10.1)
LEADER_FOLLOW_CV = 8.0  # ... when the force in that town is at least this strong
CLOSE_UP_PRIORITY = 3.0  # a detachment its main body waits for moves before other marches (5.1)


@dataclass
class Move:
    """One planned order: these units along this path (a forced march, an attack)."""

    units: list[str]
    path: tuple[str, ...]
    forced: bool = False
    attack: bool = False


@dataclass
class Stack:
    """One army's movable (not garrison) units in one town: one group move (5.1)."""

    army: str
    town: str
    units: list[str]
    cv: float
    moves: list[Move] = field(default_factory=list)
    priority: float = 0.0


# --- free deployment (3.1) ----------------------------------------------------------------------------------


def plan_setup(sit: Situation, legal: Legal, mi: MapInfo) -> list[Order]:
    """One /setup order per town, then /end. The French stage near the supply bases they will march on;
    the Allies fill their bases and the towns around them."""
    view = sit.view
    unplaced = [b for b in view.unplaced if b.id and b.id in legal.setup_towns]
    if not unplaced:
        return [End()]
    by_army: dict[str, list] = {}
    for b in unplaced:
        by_army.setdefault(b.army, []).append(b)
    orders: list[Order] = []
    for army, blocks in sorted(by_army.items()):
        allowed: set[str] = set()
        for b in blocks:
            allowed.update(legal.setup_towns.get(b.id, ()))
        cap = mi.free_cap[army]
        used = {t: sum(1 for b in bs if b.army == army and b.type != "leader") for t, bs in sit.mine.items()}
        room = {t: cap - used.get(t, 0) for t in allowed}
        towns = _french_staging(mi, allowed) if army == "french" else _allied_staging(mi, army, allowed)
        combat = sorted([b for b in blocks if b.type != "leader"], key=lambda b: (-(b.cv or 0), b.id))
        leaders = [b for b in blocks if b.type == "leader"]
        plan: dict[str, list[str]] = {}
        # deal the blocks out round-robin by strength, so each group has a share of every kind
        slots = [t for t in towns if room.get(t, 0) > 0]
        if army == "french":
            kinds: dict[str, list] = {}
            for b in combat:
                kinds.setdefault(b.type or "", []).append(b)
            order = []
            for k in ("cavalry", "infantry", "artillery"):
                order += kinds.get(k, [])
            i = 0
            for b in order:
                for _ in range(len(slots)):
                    t = slots[i % len(slots)]
                    i += 1
                    if room[t] > 0 and t in legal.setup_towns.get(b.id, ()):
                        plan.setdefault(t, []).append(b.id)
                        room[t] -= 1
                        break
        else:
            for b in combat:
                for t in slots:
                    if room[t] > 0 and t in legal.setup_towns.get(b.id, ()):
                        plan.setdefault(t, []).append(b.id)
                        room[t] -= 1
                        break
        if leaders and plan:
            biggest = max(plan, key=lambda t: (len(plan[t]), -towns.index(t) if t in towns else 0))
            for b in leaders:
                if biggest in legal.setup_towns.get(b.id, ()):
                    plan[biggest].append(b.id)
        placed = {u for ids in plan.values() for u in ids}
        for b in combat + leaders:
            if b.id not in placed:  # no room in the planned towns: anywhere legal with room
                for t in legal.setup_towns.get(b.id, ()):
                    if b.type == "leader" or room.get(t, cap) > 0:
                        plan.setdefault(t, []).append(b.id)
                        if b.type != "leader":
                            room[t] = room.get(t, cap) - 1
                        break
        for t, ids in plan.items():
            orders.append(Setup(tuple(ids), t))
    orders.append(End())
    return orders


def _french_staging(mi: MapInfo, allowed: set[str]) -> list[str]:
    """The French towns closest to the supply bases: for each base (most valuable first) the nearest
    allowed town; a town that serves two bases counts once."""
    out: list[str] = []
    bases = sorted(mi.bases, key=lambda b: (-mi.bases[b][1], b))
    for b in bases:
        best = min(sorted(allowed), key=lambda t: (mi.dist[t][b], -_major_roads(mi, t)))
        if best not in out:
            out.append(best)
    # two bases share a staging town: the third group goes to the next town nearest the most valuable base
    rest = sorted(allowed - set(out), key=lambda t: (mi.dist[t][bases[0]], -_major_roads(mi, t), t))
    while len(out) < 3 and rest:
        out.append(rest.pop(0))
    return out


def _allied_staging(mi: MapInfo, army: str, allowed: set[str]) -> list[str]:
    bases = [b for b, (a, _loss) in mi.bases.items() if a == army and b in allowed]
    return sorted(allowed, key=lambda t: (min((mi.dist[t][b] for b in bases), default=9), t))


def _major_roads(mi: MapInfo, t: str) -> int:
    return sum(1 for n in mi.adj[t] if mi.road(t, n).cls == "major")


# --- movement (5.0-6.1) -------------------------------------------------------------------------------------


class MovePlanner:
    """Plans one movement phase. ``memory`` (unit id -> target town) carries targets from one turn to the
    next so that forces do not turn back and forth as the enemy moves; a fresh player starts with none."""

    def __init__(
        self,
        sit: Situation,
        legal: Legal,
        mi: MapInfo,
        rng: random.Random,
        memory: dict[str, str] | None = None,
        tf: dict[str, dict] | None = None,
    ) -> None:
        self.sit = sit
        self.legal = legal
        self.mi = mi
        self.rng = rng
        self.view = sit.view
        self.memory = memory if memory is not None else {}
        self.tf = tf if tf is not None else {}
        self.enemy_towns = set(sit.enemy) | set(sit.battle_towns)
        self._cost_cache: dict[str, dict[str, float]] = {}
        self.attacks = _parse_attacks(legal, sit)
        self.locked: set[str] = set()
        self.road_plan: dict[tuple[str, str], int] = {}
        self.held: set[str] = set()
        self.garrison_cv: dict[str, float] = {}
        self.orders: dict[tuple[str, str], str] = {}
        self.closers: set[tuple[str, str]] = set()  # (town, target) of detachments a main body waits for

    # -- helpers ---------------------------------------------------------------------------------------------
    def cost_to(self, target: str) -> dict[str, float]:
        """Cost from every town to ``target`` on the map: one per town, and the last step into the target
        dearer across a river (5.4 halves an attack there) or along a minor road (6 units a turn, not 10), so
        forces gather where they can attack in strength. Enemy stacks are dealt with where they stand in the
        way (attacked, gone round, or waited out while the force gathers), not by routes that swing about as
        the enemy moves."""
        d = self._cost_cache.get(target)
        if d is None:
            d = self.mi.approach_cost(target)
            self._cost_cache[target] = d
        return d

    def route_cost(self, town: str, ids: list[str], target: str) -> dict[str, float]:
        """``cost_to`` for this group, going round the enemy stacks it could not beat: the defenders of a
        town of 3+ blocks that this group (as many of it as the road takes, 5.3-5.4) is not clearly
        stronger than. The target itself stays open: the group gathers next to it."""
        sit = self.sit
        cvs = sorted((self.cv(u) for u in ids), reverse=True)
        total = sum(cvs)
        blocked = []
        for e in sorted(self.enemy_towns):
            if e == target or e in sit.battle_towns:
                if e != target:
                    blocked.append(e)
                continue
            if sit.enemy_count(e) <= 2 and len(ids) >= 3:
                continue
            strength = total
            if e in self.mi.adj[town]:
                r = self.mi.road(town, e)
                strength = sum(cvs[: r.limit // 2 if r.river else r.limit])
            support = sum(sit.enemy_cv(t) for t in self.mi.adj[e])
            if len(ids) >= 3 and strength >= ATTACK_RATIO * (sit.enemy_cv(e) + SUPPORT_WEIGHT * support):
                continue
            blocked.append(e)
        d = self.mi.approach_cost(target, frozenset(blocked))
        if town not in d:
            return self.cost_to(target)
        return d

    def cv(self, uid: str) -> float:
        b = self.sit.block.get(uid)
        return float(b.cv or 0) if b and b.type != "leader" else 0.0

    def team_cv(self, ids: list[str]) -> float:
        return sum(self.cv(u) for u in ids)

    def utype(self, uid: str) -> str:
        b = self.sit.block.get(uid)
        return (b.type if b else None) or "infantry"

    def room(self, a: str, b: str) -> int:
        r = self.mi.road(a, b)
        limit = r.limit // 2 if (r.river and b in self.enemy_towns) else r.limit
        return limit - self.road_plan.get(_rk(a, b), 0)

    def path_room(self, path: tuple[str, ...]) -> int:
        return min(self.room(a, b) for a, b in itertools.pairwise(path))

    def use(self, path: tuple[str, ...], n: int) -> None:
        for a, b in itertools.pairwise(path):
            self.road_plan[_rk(a, b)] = self.road_plan.get(_rk(a, b), 0) + n

    def threat(self, town: str) -> float:
        """Enemy strength that could reach ``town`` soon, weighted by distance."""
        w = {0: 0.8, 1: 0.35, 2: 0.1}
        total = 0.0
        dt = self.mi.dist[town]
        for t in self.sit.enemy:
            d = dt.get(t, 9)
            if d in w:
                total += w[d] * self.sit.enemy_cv(t)
        return total

    # -- objectives ------------------------------------------------------------------------------------------
    def objectives(self) -> tuple[dict[str, float], dict[str, float]]:
        """(value of each objective town, strength it still needs from the mobile units)."""
        sit, mi = self.sit, self.mi
        value: dict[str, float] = {}
        need: dict[str, float] = {}
        surrendered = set(self.view.surrendered)
        for base, (army, loss) in mi.bases.items():
            if army in surrendered:
                continue
            if sit.side == "french":
                # the army further from surrender (in turns of supply losses) matters more; Liège, far and
                # strongly held, counts double again
                rate = sum(ls for b, (a, ls) in mi.bases.items() if a == army)
                surplus = max(1, sit.alive.get(army, 0) - SURRENDER_AT[army])
                value[base] = float(loss) * surplus / rate * (LIEGE_WEIGHT if loss > 1 else 1.0) / 4.0
                if base in self.held:
                    need[base] = max(0.0, self.garrison_need(base) - self.garrison_cv.get(base, 0.0))
                else:
                    adj = sum(sit.enemy_cv(n) for n in mi.adj[base])
                    need[base] = ATTACK_RATIO * (sit.enemy_cv(base) + 0.4 * adj) + GARRISON_MIN_CV
            else:
                if army not in sit.armies:
                    continue
                value[base] = 2.0 * loss
                if sit.enemy.get(base):
                    need[base] = ATTACK_RATIO * sit.enemy_cv(base) + ALLIED_GARRISON_CV
                else:
                    need[base] = max(0.0, self.garrison_need(base) - self.garrison_cv.get(base, 0.0))
        return value, need

    def garrison_need(self, base: str) -> float:
        """Enough to beat off what the enemy could bring next turn: most of what stands next door (one
        group move per town, road limits) and a little of what stands two towns away."""
        floor = GARRISON_MIN_CV if self.sit.side == "french" else ALLIED_GARRISON_CV
        return min(GARRISON_MAX_CV, max(floor, self.threat(base)))

    def choose_garrisons(self) -> None:
        """Units that stay to hold a supply base: artillery and infantry first, cavalry stays mobile."""
        sit = self.sit
        order = {"artillery": 0, "infantry": 1, "cavalry": 2}
        for base, (army, _loss) in self.mi.bases.items():
            if army in self.view.surrendered:
                continue
            if sit.side != "french" and army not in sit.armies:
                continue
            here = [b for b in sit.mine.get(base, ()) if b.type != "leader" and b.id]
            if not here or base in sit.battle_towns:
                continue
            self.held.add(base)
            need = self.garrison_need(base)
            got = 0.0
            for n, b in enumerate(
                sorted(here, key=lambda b: (order.get(b.type or "", 3), -(b.cv or 0), b.id))
            ):
                if got >= need and n >= GARRISON_MIN_N:
                    break
                assert b.id is not None  # ``here`` holds only blocks whose id we know
                self.locked.add(b.id)
                got += b.cv or 0
            self.garrison_cv[base] = got

    def update_targets(
        self, mobile: list[str], value: dict[str, float], need: dict[str, float]
    ) -> dict[str, str]:
        """Each mobile unit's target: kept from earlier turns while it is still wanted, otherwise chosen
        stack by stack (the biggest first) by value over distance, favouring objectives that still need
        strength."""
        sit, mi = self.sit, self.mi
        targets: dict[str, str] = {}
        remaining = dict(need)
        for uid in mobile:
            t = self.memory.get(uid)
            if t is None or t not in value:
                continue
            if sit.side != "french" and mi.bases[t][0] != sit.block[uid].army:
                continue
            here = sit.where.get(uid)
            if t in self.held and remaining.get(t, 0.0) <= 0 and here == t:
                continue  # it arrived and the base is held well enough: free for the next objective
            targets[uid] = t
        for uid, t in targets.items():
            if t not in self.held or sit.where.get(uid) != t:
                remaining[t] = remaining.get(t, 0.0) - self.cv(uid)
        free: dict[tuple[str, str], list[str]] = {}  # (army, town) -> units without a target
        for uid in mobile:
            if uid not in targets:
                free.setdefault((sit.block[uid].army, sit.where[uid]), []).append(uid)
        big: dict[tuple[str, str], tuple[int, str]] = {}  # (army, town) -> (units, target) of assigned forces
        for uid, t in targets.items():
            key = (sit.block[uid].army, sit.where[uid])
            n, _t = big.get(key, (0, t))
            big[key] = (n + 1, t)
        for army, town in sorted(free, key=lambda k: (-self.team_cv(free[k]), k)):
            ids = free[(army, town)]
            # the Allies defend their own army's bases; the French go for any
            mine = {o: v for o, v in value.items() if sit.side == "french" or mi.bases[o][0] == army}
            # a small detachment joins the nearest strong force instead of marching alone
            near = [
                (mi.dist[town][w], w)
                for (a, w), (n, _t) in big.items()
                if a == army and n >= 4 and w != town and mi.dist[town][w] <= 3
            ]
            if len(ids) <= 2 and near and mine:
                tgt = big[(army, min(near)[1])][1]
            elif not mine:
                tgt = self.hunt_target(town)
            else:
                fast = all(self.utype(u) == "cavalry" for u in ids)
                speed = 2.0 if fast else 1.0

                def score(o: str, town: str = town, speed: float = speed) -> tuple[float, str]:
                    d = mi.dist[town][o] / speed
                    wanted = 1.0 if remaining.get(o, 0.0) > 0 else 0.25
                    return (-value[o] * wanted / (d + 2.0), o)

                tgt = min(mine, key=score)
            for uid in ids:
                targets[uid] = tgt
            remaining[tgt] = remaining.get(tgt, 0.0) - self.team_cv(ids)
            n, _t = big.get((army, town), (0, tgt))
            big[(army, town)] = (n + len(ids), tgt)
        self.detach(targets, value, remaining)
        self.memory.clear()
        self.memory.update(targets)
        return targets

    def detach(self, targets: dict[str, str], value: dict[str, float], remaining: dict[str, float]) -> None:
        """A supply base nobody marches on (typically Ghent) gets a flying column: up to four cavalry blocks
        from a force marching on the same army's other base that has more than it needs."""
        sit, mi = self.sit, self.mi
        if sit.side != "french":
            return
        for obj in sorted(value, key=lambda o: (-value[o], o)):
            if obj in self.held or any(t == obj for t in targets.values()):
                continue
            if remaining.get(obj, 0.0) <= 0:
                continue
            cands = []
            for u, t in targets.items():
                if self.utype(u) != "cavalry" or self.cv(u) < 2 or remaining.get(t, 0.0) > -self.cv(u):
                    continue
                if mi.bases.get(t, ("", 0))[0] != mi.bases[obj][0]:
                    continue  # only from a force marching on the same army's other base
                cands.append((mi.dist[sit.where[u]][obj], -self.cv(u), u))
            team = []
            for _d, _cv, u in sorted(cands):
                t = targets[u]
                if remaining.get(t, 0.0) > -self.cv(u):
                    continue
                targets[u] = obj
                remaining[t] = remaining.get(t, 0.0) + self.cv(u)
                remaining[obj] = remaining.get(obj, 0.0) - self.cv(u)
                team.append(u)
                if len(team) >= 4 or remaining[obj] <= 0:
                    break

    def hunt_target(self, town: str) -> str:
        """No objective left: the nearest enemy stack (or stay)."""
        if not self.sit.enemy:
            return town
        d = self.mi.dist[town]
        return min(self.sit.enemy, key=lambda t: (d.get(t, 99) - 0.1 * len(self.sit.enemy[t]), t))

    # -- the plan --------------------------------------------------------------------------------------------
    def plan(self) -> list[Move]:
        sit, legal = self.sit, self.legal
        self.choose_garrisons()
        movable = set(legal.moves) | set(legal.forced)
        mobile = []
        leaders = []
        for uid in sorted(movable):
            b = sit.block.get(uid)
            if b is None or sit.where.get(uid) is None or uid in self.locked:
                continue
            if b.type == "leader":
                leaders.append(uid)
            else:
                mobile.append(uid)
        value, need = self.objectives()
        targets = self.update_targets(mobile, value, need)
        gm_left = {a: self.view.group_moves_left.get(a, n) for a, n in FULL_GROUP_MOVES.items()}
        attack_moves, used_towns, pri_of = self.plan_attacks(mobile, targets, value, gm_left)
        grabs, grab_towns = self.plan_grabs(mobile, targets, value, gm_left, attack_moves, used_towns)
        attack_moves += grabs
        for k in grab_towns:
            pri_of[k] = max(pri_of.get(k, 0.0), 150.0)
        used_towns |= grab_towns
        busy = {u for m in attack_moves for u in m.units}
        stacks: dict[tuple[str, str], Stack] = {}
        for uid in mobile:
            b = sit.block[uid]
            st = stacks.setdefault((b.army, sit.where[uid]), Stack(b.army, sit.where[uid], [], 0.0))
            if uid not in busy:
                st.units.append(uid)
            st.cv += b.cv or 0
        for key, st in stacks.items():
            st.priority = pri_of.get(key, 0.0)
        self.orders = self.task_forces(mobile, targets)

        def march(st: Stack) -> None:
            st.moves = []
            groups: dict[str, list[str]] = {}
            for uid in st.units:
                groups.setdefault(targets.get(uid, st.town), []).append(uid)
            for tgt, ids in sorted(groups.items(), key=lambda kv: (-self.team_cv(kv[1]), kv[0])):
                moves, pri = self.plan_group(st.town, ids, tgt, value)
                st.moves += moves
                st.priority = max(st.priority, pri)

        # a trial plan of every stack ranks them; the roads are then shared out in that order
        saved = dict(self.road_plan)
        for st in sorted(stacks.values(), key=lambda s: (-s.cv, s.town)):
            march(st)
        self.road_plan = saved
        # group moves (5.1): towns an attack starts from move anyway; then the most important stacks
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
            march(st)
        moves: list[Move] = list(attack_moves)
        for st in chosen:
            moves += st.moves
        moves += self.plan_leaders(leaders, attack_moves, chosen, targets, value)
        return moves

    def plan_attacks(
        self, mobile: list[str], targets: dict[str, str], value: dict[str, float], gm_left: dict[str, int]
    ) -> tuple[list[Move], set[tuple[str, str]], dict[tuple[str, str], float]]:
        """Attacks this turn (6.1): on each enemy-held town in reach, with every unit for which it is on the
        way (all units for a supply base), when the force is clearly superior or the defenders are 1-2 blocks
        (they rout at once). The first order brings 3+ units of one group (the engine's own attack choice
        bounds how many its road takes); units of other groups follow."""
        sit = self.sit
        if self.view.night:
            return [], set(), {}
        moves: list[Move] = []
        used: set[tuple[str, str]] = set()
        pri: dict[tuple[str, str], float] = {}
        taken: set[str] = set()
        choices: dict[str, list[tuple[tuple[str, ...], bool, list[str]]]] = {}
        for path, forced, ids in self.attacks:
            choices.setdefault(path[-1], []).append((path, forced, ids))
        towns = [t for t in self.enemy_towns if t in choices and t not in sit.battle_towns]

        # supply bases first, then the towns that rout at once (6.1); among those, the one with the most
        # strength waiting behind it first (a lone block in a road junction holds up a whole corps)
        def behind(t: str) -> float:
            return max(self.team_cv(ids) for _p, _f, ids in choices[t])

        towns.sort(key=lambda t: (t not in value, sit.enemy_count(t) > 2, -behind(t), t))
        for dest in towns:
            avail: list[tuple[str, tuple[str, ...], bool]] = []
            for u in mobile:
                if u in taken:
                    continue
                here = sit.where[u]
                tgt = targets.get(u, here)
                relevant = (
                    dest in value
                    or (dest in self.mi.adj[here] and here == tgt)
                    or self.cost_to(tgt).get(dest, 99.0) < self.cost_to(tgt).get(here, 99.0)
                )
                if not relevant:
                    continue
                attack = self._attack_path(u, dest)
                if attack is not None:
                    avail.append((u, *attack))
            if len(avail) < 3:
                continue
            # the first order: the attack choice whose units here bring the most strength
            best = None
            ids_avail = {u for u, _p, _f in avail}
            for path, forced, ids in choices[dest]:
                mine = [u for u in ids if u in ids_avail and (not forced or self.cv(u) >= 2)]
                if len(mine) < 3:
                    continue
                cv = self.team_cv(mine)
                if best is None or cv > best[0]:
                    best = (cv, path, forced, mine)
            if best is None:
                continue
            _cv, path0, forced0, first = best
            army0 = sit.block[first[0]].army
            key0 = (army0, path0[0])
            gm = dict(gm_left)
            if key0 not in used:
                if gm.get(army0, 0) <= 0:
                    continue
                gm[army0] -= 1
            plan_use: dict[tuple[str, str], int] = {}
            for a, b in itertools.pairwise(path0):
                plan_use[_rk(a, b)] = plan_use.get(_rk(a, b), 0) + len(first)
            team = list(first)
            followers: list[tuple[str, tuple[str, ...], bool]] = []
            new_keys = {key0}
            # followers: first those whose group already moves; a unit of another group costs a group move
            # (5.1), spent only while the attack is not yet good enough (a town of 1-2 blocks needs 3 units)
            ordered = sorted(avail, key=lambda x: (-self.cv(x[0]), x[0]))
            for costly_pass in (False, True):
                for u, p, f in ordered:
                    if u in team:
                        continue
                    key = (sit.block[u].army, sit.where[u])
                    costly = key not in used and key not in new_keys
                    if costly and (not costly_pass or self.attack_ok(dest, self.team_cv(team), len(team))):
                        continue
                    if any(self.room(a, b) <= plan_use.get(_rk(a, b), 0) for a, b in itertools.pairwise(p)):
                        continue
                    if costly:
                        if gm.get(key[0], 0) <= 0:
                            continue
                        gm[key[0]] -= 1
                        new_keys.add(key)
                    for a, b in itertools.pairwise(p):
                        plan_use[_rk(a, b)] = plan_use.get(_rk(a, b), 0) + 1
                    team.append(u)
                    followers.append((u, p, f))
            cv = self.team_cv(team)
            if not self.attack_ok(dest, cv, len(team)):
                continue
            # keep only the group moves the followers really use
            gm_left.update(gm)
            used |= {(sit.block[u].army, sit.where[u]) for u in team}
            for k, n in plan_use.items():
                self.road_plan[k] = self.road_plan.get(k, 0) + n
            taken.update(team)
            moves.append(Move(first, path0, forced0, True))
            moves += [Move([u], p, f, True) for u, p, f in followers]
            score = 100.0 + (20.0 if dest in value else 0.0) + cv / 5.0
            for k in {(sit.block[u].army, sit.where[u]) for u in team}:
                pri[k] = max(pri.get(k, 0.0), score)
        return moves, used, pri

    def plan_grabs(
        self,
        mobile: list[str],
        targets: dict[str, str],
        value: dict[str, float],
        gm_left: dict[str, int],
        attack_moves: list[Move],
        used: set[tuple[str, str]],
    ) -> tuple[list[Move], set[tuple[str, str]]]:
        """An empty supply base the enemy left (11.0: one unit in it is enough) is taken at once by the
        nearest units that can reach it this turn, up to four."""
        sit, legal = self.sit, self.legal
        if sit.side != "french":
            return [], set()
        busy = {u for m in attack_moves for u in m.units}
        moves: list[Move] = []
        new: set[tuple[str, str]] = set()
        for base in sorted(value, key=lambda b: (-value[b], b)):
            if base in self.held or base in self.enemy_towns or sit.mine.get(base):
                continue
            cands = []
            for u in mobile:
                if u in busy:
                    continue
                normal = [p for p in legal.moves.get(u, ()) if p[-1] == base]
                forced = []
                if not normal and self.cv(u) >= 2:
                    forced = [p for p in legal.forced.get(u, ()) if p[-1] == base]
                for p, f in [(p, False) for p in normal] + [(p, True) for p in forced]:
                    if self.path_room(p) > 0:
                        cands.append((f, -self.cv(u), len(p), u, p))
                        break
            team = []
            for f, _cv, _n, u, p in sorted(cands):
                key = (sit.block[u].army, sit.where[u])
                if key not in used and key not in new:
                    if gm_left.get(key[0], 0) <= 0:
                        continue
                    gm_left[key[0]] -= 1
                    new.add(key)
                if self.path_room(p) <= 0:
                    continue
                self.use(p, 1)
                busy.add(u)
                team.append(Move([u], p, f, False))
                if len(team) >= 4:
                    break
            moves += team
        return moves, new

    def _attack_path(self, u: str, dest: str) -> tuple[tuple[str, ...], bool] | None:
        """The shortest path ``u`` may take into ``dest`` (normal first, a forced march for blocks that can
        spare a step); a unit of a small group next to the town is assumed able to follow an attack."""
        legal = self.legal
        normal = [p for p in legal.moves.get(u, ()) if p[-1] == dest and self._group_attack(u, p)]
        if normal:
            return min(normal, key=lambda p: (len(p), p)), False
        if self.cv(u) >= 2 and not self.view.night:
            forced = [p for p in legal.forced.get(u, ()) if p[-1] == dest and self._group_attack(u, p)]
            if forced:
                return min(forced, key=lambda p: (len(p), p)), True
        here = self.sit.where[u]
        if dest in self.mi.adj[here] and (legal.moves.get(u) or legal.forced.get(u)):
            return (here, dest), False
        return None

    def _group_attack(self, u: str, path: tuple[str, ...]) -> bool:
        """The engine lists every path into an enemy-held town (6.1: 1-2 units may begin an attack that
        other groups complete); the planner follows an attack along a path only where ``u``'s own group could
        bring 3 units along it, or from the town next door (it joins once the attack has 3)."""
        here = path[0]
        if len(path) == 2:
            return True
        legal = self.legal
        group = [
            g
            for g in self.sit.mine.get(here, ())
            if g.id
            and g.type != "leader"
            and (path in legal.moves.get(g.id, ()) or path in legal.forced.get(g.id, ()))
        ]
        return len(group) >= 3 and self.path_room(path) >= 3

    def attack_ok(self, dest: str, cv: float, n: int) -> bool:
        sit = self.sit
        k = sit.enemy_count(dest)
        if n < 3 or self.view.night or dest in sit.battle_towns:
            return False
        if k <= 2:
            return True  # 6.1: 1-2 defenders rout at once
        support = sum(sit.enemy_cv(t) for t in self.mi.adj[dest] if t != dest)
        ratio = URGENT_RATIO if self.urgent(dest) else ATTACK_RATIO
        # our own blocks next door that do not march in now can feed in as reinforcements (9.0)
        ours = sum(sit.my_cv(t) for t in self.mi.adj[dest] if t != dest)
        cv += REINFORCE_WEIGHT * max(0.0, ours - cv)
        return cv >= ratio * (sit.enemy_cv(dest) + SUPPORT_WEIGHT * support)

    def urgent(self, dest: str) -> bool:
        """A French supply-base attack becomes urgent when holding the base from now on would only just make
        its army surrender in the time left (11.0, 12.1): waiting for more is then waiting to lose."""
        if self.sit.side != "french" or dest not in self.mi.bases:
            return False
        army, loss = self.mi.bases[dest]
        surplus = self.sit.alive.get(army, 0) - SURRENDER_AT[army]
        turns_left = (self.view.last_turn - self.view.turn) // 2 + 1
        return surplus / loss >= turns_left - 2

    def may_force(self, uid: str, target: str) -> bool:
        """5.5: force-march toward an objective, with blocks that can spare a step. By night only where the
        legal orders offer it: the army's leader stands in the town (5.6, 10.1)."""
        if self.cv(uid) < 2:
            return False
        if self.sit.side != "french":
            return False
        return target in self.mi.bases and target not in self.held

    def plan_group(
        self, town: str, ids: list[str], target: str, value: dict[str, float]
    ) -> tuple[list[Move], float]:
        """Moves for the units of one stack that share a target: an attack on the way if it is clearly
        favourable, else a march that keeps them together (cavalry waits for the infantry unless all are
        cavalry), by forced march toward an objective by day; road limits respected (5.3)."""
        if town == target:
            return [], 0.0
        group_cv = self.team_cv(ids)
        base_pri = (value.get(target, 0.5) + 0.5) * group_cv
        order = self.orders.get((town, target))
        if order is None or order == "wait":
            return [], 0.0
        moves, gain = self.march(town, ids, order, target)
        if not moves:
            return [], 0.0
        if (town, target) in self.closers:
            return moves, base_pri * CLOSE_UP_PRIORITY
        return moves, base_pri * (1.0 + gain) / 2.0

    def task_forces(self, mobile: list[str], targets: dict[str, str]) -> dict[tuple[str, str], str]:
        """The units marching on one target form a task force. Its main body (the strongest stack, the one
        nearest the target on ties) leads; the other stacks close up on it, since 5.1 allows few group moves
        and a force spread over many towns crawls. The main body waits while detachments next to it catch
        up; it steps toward the target otherwise, and when an enemy stack it cannot beat has stopped it for
        two turns, it goes round (a waypoint kept until reached). Returns (town, target) -> the town to
        march toward, or "wait"."""
        sit, mi = self.sit, self.mi
        forces: dict[str, dict[str, float]] = {}
        members: dict[tuple[str, str], list[str]] = {}
        for u in mobile:
            t = targets.get(u)
            here = sit.where[u]
            if t is None or t == here:
                continue
            forces.setdefault(t, {})
            forces[t][here] = forces[t].get(here, 0.0) + self.cv(u)
            members.setdefault((here, t), []).append(u)
        out: dict[tuple[str, str], str] = {}
        for t in list(self.tf):
            if t not in forces:
                del self.tf[t]
        for t, towns in sorted(forces.items()):
            state = self.tf.setdefault(t, {"wait": 0, "via": None})
            cost = self.cost_to(t)
            heads = [w for w in towns if towns[w] >= 0.5 * max(towns.values())]
            head = min(sorted(heads), key=lambda w: (cost.get(w, 99.0), -towns[w]))
            closing = 0.0
            closers = []
            for w, cv in towns.items():
                if w == head:
                    continue
                if cost.get(w, 99.0) < cost.get(head, 99.0) and mi.dist[w][head] >= 2:
                    out[(w, t)] = t  # ahead of the main body: a detachment that goes on by itself
                    continue
                out[(w, t)] = head
                if mi.dist[w][head] <= 1:
                    closing += cv
                    closers.append(w)
            if closing >= 0.5 * towns[head]:
                out[(head, t)] = "wait"
                # the detachments it waits for must get the group moves (5.1), or it waits for ever
                self.closers.update((w, t) for w in closers)
                continue
            via = state.get("via")
            if via is not None and (via == head or via in self.enemy_towns):
                via = state["via"] = None
            goal = via or t
            ids = members[(head, t)]
            if self.march(head, ids, goal, t, dry=True):
                state["wait"] = 0
                out[(head, t)] = goal
                continue
            # stopped by enemy stacks it cannot beat: after two turns it goes round them (if the way round
            # is not much longer), by a waypoint kept until reached
            state["wait"] = state.get("wait", 0) + 1
            out[(head, t)] = "wait"
            if state["wait"] >= 2 and len(ids) >= 3:
                way = self.detour(head, ids, t)
                if way is not None:
                    state["via"] = way
                    state["wait"] = 0
                    out[(head, t)] = w
        return out

    def detour(self, town: str, ids: list[str], target: str) -> str | None:
        """The first town on the way round the blocking stacks that is nearer the target than ``town``
        (None if the way round is more than 4 towns longer, or leads through an enemy-held town: then the
        force waits and gathers)."""
        static = self.cost_to(target)
        dyn = self.route_cost(town, ids, target)
        if town not in dyn or dyn[town] > static.get(town, 99.0) + 4:
            return None
        here = town
        seen = {town}
        for _ in range(8):
            nxt = [n for n in self.mi.adj[here] if n in dyn and n not in seen and dyn[n] < dyn[here]]
            if not nxt:
                return None
            here = min(nxt, key=lambda n: (dyn[n], n))
            seen.add(here)
            if here in self.enemy_towns:
                return None
            if static.get(here, 99.0) < static.get(town, 99.0) or here == target:
                return here
        return here if here != town else None

    def march(self, town: str, ids: list[str], goal_town: str, target: str, dry: bool = False):
        """A march of the group toward ``goal_town`` (its target, its main body, or a waypoint). ``dry``:
        only whether some unit can get nearer."""
        legal = self.legal
        d = self.cost_to(goal_town)
        here = d.get(town, 99.0)
        # march: the common end town nearest the target that every slow unit of the group can reach
        opts: dict[str, dict[tuple[str, ...], bool]] = {}
        for u in ids:
            p_all: dict[tuple[str, ...], bool] = {p: False for p in legal.moves.get(u, ())}
            if self.may_force(u, target):
                for p in legal.forced.get(u, ()):
                    p_all.setdefault(p, True)
            opts[u] = {p: f for p, f in p_all.items() if p[-1] not in self.enemy_towns}
        slow = [u for u in ids if self.utype(u) != "cavalry"] or list(ids)

        def end_score(t: str, forced: bool) -> tuple[float, float]:
            return (d.get(t, 99.0), 0.3 if forced else 0.0)

        common: dict[str, float] = {}
        for u in slow:
            ends: dict[str, float] = {}
            for p, f in opts[u].items():
                sc = sum(end_score(p[-1], f))
                ends[p[-1]] = min(ends.get(p[-1], 99.0), sc)
            for t, sc in ends.items():
                common[t] = common.get(t, 0.0) + sc
        reach = {t: sum(1 for u in slow if any(p[-1] == t for p in opts[u])) for t in common}
        if dry:
            return any(d.get(t, 99.0) < here for t in common)
        if not common:
            return [], 0.0
        # the end the most slow units reach, then the nearest the target
        goal = min(common, key=lambda t: (-reach[t], d.get(t, 99.0), t))
        if d.get(goal, 99.0) >= here:
            # nowhere nearer for all: the nearest end any slow unit reaches
            goal = min(common, key=lambda t: (d.get(t, 99.0), -reach[t], t))
            if d.get(goal, 99.0) >= here:
                return [], 0.0
        groups: dict[tuple[tuple[str, ...], bool], list[str]] = {}
        for u in sorted(ids, key=lambda u: (-self.cv(u), u)):
            paths = [(p, f) for p, f in opts[u].items() if p[-1] == goal]
            if not paths:
                # it cannot reach the goal: its own best step toward the target
                paths = [(p, f) for p, f in opts[u].items() if d.get(p[-1], 99.0) < here]
                paths.sort(key=lambda pf: (sum(end_score(pf[0][-1], pf[1])), len(pf[0]), pf[0]))
                paths = paths[:3]
            else:
                paths.sort(key=lambda pf: (pf[1], len(pf[0]), -self.path_room(pf[0]), pf[0]))
            for p, f in paths:
                if self.path_room(p) > 0:
                    self.use(p, 1)
                    groups.setdefault((p, f), []).append(u)
                    break
        moves = [Move(u, p, f, False) for (p, f), u in groups.items()]
        if not moves:
            return [], 0.0
        return moves, here - min(d.get(m.path[-1], here) for m in moves)

    def plan_leaders(
        self,
        leaders: list[str],
        attack_moves: list[Move],
        chosen: list[Stack],
        targets: dict[str, str],
        value: dict[str, float],
    ) -> list[Move]:
        """A leader goes where it is safest after the moves: with its army, away from enemy stacks, with a
        way out. It can be caught: a lone leader (7.5), or a leader in a routed force that cannot get away
        (Napoleon's death loses the game, 10.0). Napoleon also follows the force marching on the most valuable
        objective: where he stands, its forced marches lose a step less often and may go on at night
        (5.5, 5.6, 10.1)."""
        sit, legal, mi = self.sit, self.legal, self.mi
        moves = []
        end: dict[str, float] = {}
        # the French force marching on the most valuable objective, by the town each unit ends in (attackers
        # excluded: a leader does not follow them into battle)
        top = max(sorted(value), key=lambda o: value[o]) if sit.side == "french" and value else None
        main: dict[str, float] = {}
        moving: set[str] = set()
        attacked: set[str] = set()
        for m in [*attack_moves, *(m for st in chosen for m in st.moves)]:
            moving.update(m.units)
            if m.attack:
                attacked.add(m.path[-1])
            else:
                end[m.path[-1]] = end.get(m.path[-1], 0.0) + self.team_cv(m.units)
                ours = [u for u in m.units if targets.get(u) == top]
                if top and ours:
                    main[m.path[-1]] = main.get(m.path[-1], 0.0) + self.team_cv(ours)
        for town, bs in sit.mine.items():
            stay = [b for b in bs if b.type != "leader" and b.id not in moving]
            if stay:
                end[town] = end.get(town, 0.0) + sum(b.cv or 0 for b in stay)
            bound = [b for b in stay if top and b.id is not None and targets.get(b.id) == top]
            if bound:
                main[town] = main.get(town, 0.0) + sum(b.cv or 0 for b in bound)
        focus = max(sorted(main), key=lambda t: main[t]) if main else None
        if focus is not None and main[focus] < LEADER_FOLLOW_CV:
            focus = None  # no main body to speak of: the leader just keeps safe

        def danger(t: str, here: str) -> float:
            near = sum(sit.enemy_cv(n) for n in mi.adj[t])
            far = sum(sit.enemy_cv(e) for e in sit.enemy if mi.dist[t].get(e, 9) == 2)
            exits = sum(1 for n in mi.adj[t] if n not in self.enemy_towns and n not in attacked)
            own = end.get(t, 0.0)
            lone = 6.0 if own < 6 and (near or far) else 0.0
            pull = 0.0
            if focus:
                # toward the main force only from troops to troops: never alone across the country (7.5)
                toward = t if own >= 6 or t == here else here
                pull = LEADER_PULL * mi.dist[toward][focus] - 0.1 * main.get(t, 0.0)
            trap = 8.0 if exits <= 1 else 0.0
            return max(0.0, near - 0.6 * own) + 0.3 * far + lone + trap - 0.02 * own + pull

        for lid in leaders:
            here = sit.where.get(lid)
            if here is None:
                continue
            options = {here}
            for p in legal.moves.get(lid, ()):
                t = p[-1]
                if t not in self.enemy_towns and t not in attacked and t not in sit.battle_towns:
                    options.add(t)
            best = min(
                sorted(options), key=lambda t: (danger(t, here) + (0.0 if t == here else 0.3), t != here, t)
            )
            if best != here:
                path = min((p for p in legal.moves.get(lid, ()) if p[-1] == best), key=lambda p: (len(p), p))
                moves.append(Move([lid], path, False, False))
        return moves


def _rk(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def _parse_attacks(legal: Legal, sit: Situation) -> list[tuple[tuple[str, ...], bool, list[str]]]:
    """The attack choices this planner uses: a first order of 3 or more units, or a unit joining an attack
    begun (our blocks already in the town). The engine also offers 1-2 units to start an attack that other
    groups complete (6.1); the planner does not start attacks that way (it would have to finish them)."""
    out = []
    for c in legal.attacks:
        if len(c.units) < 3 and not sit.mine.get(c.path[-1]):
            continue
        out.append((c.path, c.forced, list(c.units)))
    return out
