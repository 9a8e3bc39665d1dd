"""The shared situation of one movement plan (5.0-6.1): what every part of the planner reads and what they
share out between them (the roads' capacity, the garrisons, the task forces' orders), with the measures
they all use (strength, cost to a town, whether an attack is good enough).

Each part plans one thing from it: the garrisons that hold the supply bases (``garrisons``), each unit's
target (``objectives``), the attacks and the grabs of empty bases (``attacks``), the marches of the task
forces (``marches``), the leaders' safety (``leaders``); ``campaign.MovePlanner`` calls them in order.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field

from engine.napoleon import Legal

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

Path = tuple[str, ...]
StackKey = tuple[str, str]  # (army, town): one group move (5.1)
AttackChoice = tuple[Path, bool, list[str]]  # (path, forced march, units) of an attack the engine offers


@dataclass
class Move:
    """One planned order: these units along this path (a forced march, an attack)."""

    units: list[str]
    path: Path
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


@dataclass
class TaskForce:
    """What a task force remembers from turn to turn: the turns its main body has been stopped, and the
    waypoint of its way round (kept until reached)."""

    wait: int = 0
    via: str | None = None


class Planning:
    """The shared situation of one movement phase. ``memory`` (unit id -> target town) carries targets from
    one turn to the next so that forces do not turn back and forth as the enemy moves; ``tf`` (target ->
    task force) the task forces' state; a fresh player starts with none of either."""

    def __init__(
        self,
        sit: Situation,
        legal: Legal,
        mi: MapInfo,
        rng: random.Random,
        memory: dict[str, str] | None = None,
        tf: dict[str, TaskForce] | None = None,
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
        self.attacks = parse_attacks(legal, sit)
        self.locked: set[str] = set()
        self.road_plan: dict[tuple[str, str], int] = {}
        self.held: set[str] = set()
        self.garrison_cv: dict[str, float] = {}
        self.orders: dict[tuple[str, str], str] = {}
        self.closers: set[tuple[str, str]] = set()  # (town, target) of detachments a main body waits for

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
        cvs = sorted((self.cv(u) for u in ids), reverse=True)
        blocked = [e for e in sorted(self.enemy_towns) if e != target and self._blocks(e, town, ids, cvs)]
        d = self.mi.approach_cost(target, frozenset(blocked))
        if town not in d:
            return self.cost_to(target)
        return d

    def _blocks(self, e: str, town: str, ids: list[str], cvs: list[float]) -> bool:
        """Whether the enemy stack in ``e`` (not the target) stops this group: a battle, or 3+ blocks it is
        not clearly stronger than (as many of it as the road takes, 5.3-5.4)."""
        sit = self.sit
        if e in sit.battle_towns:
            return True
        if sit.enemy_count(e) <= 2 and len(ids) >= 3:
            return False
        strength = sum(cvs)
        if e in self.mi.adj[town]:
            r = self.mi.road(town, e)
            strength = sum(cvs[: r.limit // 2 if r.river else r.limit])
        support = sum(sit.enemy_cv(t) for t in self.mi.adj[e])
        return not (len(ids) >= 3 and strength >= ATTACK_RATIO * (sit.enemy_cv(e) + SUPPORT_WEIGHT * support))

    def cv(self, uid: str) -> float:
        b = self.sit.block.get(uid)
        return float(b.cv or 0) if b and b.type != "leader" else 0.0

    def team_cv(self, ids: list[str]) -> float:
        return sum(self.cv(u) for u in ids)

    def utype(self, uid: str) -> str:
        b = self.sit.block.get(uid)
        return (b.type if b else None) or "infantry"

    def key(self, uid: str) -> StackKey:
        """The stack (army, town) a unit moves with: its group move (5.1)."""
        return (self.sit.block[uid].army, self.sit.where[uid])

    def room(self, a: str, b: str) -> int:
        r = self.mi.road(a, b)
        limit = r.limit // 2 if (r.river and b in self.enemy_towns) else r.limit
        return limit - self.road_plan.get(road_key(a, b), 0)

    def path_room(self, path: Path) -> int:
        return min(self.room(a, b) for a, b in itertools.pairwise(path))

    def use(self, path: Path, n: int) -> None:
        for a, b in itertools.pairwise(path):
            self.road_plan[road_key(a, b)] = self.road_plan.get(road_key(a, b), 0) + n

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


def road_key(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def parse_attacks(legal: Legal, sit: Situation) -> list[AttackChoice]:
    """The attack choices this planner uses: a first order of 3 or more units, or a unit joining an attack
    begun (our blocks already in the town). The engine also offers 1-2 units to start an attack that other
    groups complete (6.1); the planner does not start attacks that way (it would have to finish them)."""
    out: list[AttackChoice] = []
    for c in legal.attacks:
        if len(c.units) < 3 and not sit.mine.get(c.path[-1]):
            continue
        out.append((c.path, c.forced, list(c.units)))
    return out
