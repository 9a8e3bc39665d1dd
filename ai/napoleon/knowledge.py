"""What a bot player knows: the published scenario (map, order of battle, supply bases) and what its view
shows. Nothing here reads the engine state: a bot's picture of the enemy is built from block counts and
revealed faces only, with an estimated strength per hidden block.
"""

from __future__ import annotations

import functools
from collections import deque
from dataclasses import dataclass, field

from data.napoleon import load_scenario
from engine.napoleon import BlockView, View

SIDE_OF = {"french": "french", "british": "allied", "prussian": "allied"}
ARMIES_OF = {
    "french": ("french",),
    "allied": ("british", "prussian"),
    "british": ("british",),
    "prussian": ("prussian",),
}
LEADERS = {"french": "NAP", "british": "WEL", "prussian": "BLU"}
SURRENDER_AT = {"french": 19, "british": 9, "prussian": 12}  # 12.0 (public rule; units, leaders included)
ROAD_LIMIT = {"major": 10, "minor": 6}  # 5.3
SPEED = {"infantry": 1, "artillery": 1, "cavalry": 2, "leader": 2}  # 5.2


def side_of_role(role: str) -> str:
    return "french" if role == "french" else "allied"


@dataclass(frozen=True)
class Road:
    a: str
    b: str
    cls: str
    river: bool

    @property
    def limit(self) -> int:
        return ROAD_LIMIT[self.cls]


class MapInfo:
    """The published map and order of battle, indexed for the bots (public knowledge)."""

    def __init__(self, name: str = "napoleon") -> None:
        sc = load_scenario(name)
        self.towns: tuple[str, ...] = tuple(t.name for t in sc.towns)
        self.adj: dict[str, tuple[str, ...]] = {}
        self.roads: dict[tuple[str, str], Road] = {}
        for t in self.towns:
            nbrs = []
            for n, r in sc.neighbours(t):
                nbrs.append(n)
                self.roads[(t, n)] = Road(r.a, r.b, r.cls, bool(r.river))
            self.adj[t] = tuple(nbrs)
        self.bases: dict[str, tuple[str, int]] = {
            t.name: (t.supply_base.army, t.supply_base.loss) for t in sc.supply_bases() if t.supply_base
        }
        self.units = {u.id: u for u in sc.units}
        self.free_cap = {a: sc.free_cap(a) for a in ("french", "british", "prussian")}
        self.free_towns = {a: sc.free_towns(a) for a in ("french", "british", "prussian")}
        self.dist: dict[str, dict[str, int]] = {t: self._bfs(t) for t in self.towns}
        self.max_cv_total: dict[str, int] = {}
        self.combat_count: dict[str, int] = {}
        self.unit_count: dict[str, int] = {}  # 2.1: blocks per army, the leader included (12.0 counts these)
        for u in sc.units:
            self.unit_count[u.army] = self.unit_count.get(u.army, 0) + 1
            if u.type != "leader":
                self.max_cv_total[u.army] = self.max_cv_total.get(u.army, 0) + u.max_cv
                self.combat_count[u.army] = self.combat_count.get(u.army, 0) + 1

    def _bfs(self, src: str) -> dict[str, int]:
        d = {src: 0}
        q = deque([src])
        while q:
            x = q.popleft()
            for y in self.adj[x]:
                if y not in d:
                    d[y] = d[x] + 1
                    q.append(y)
        return d

    def road(self, a: str, b: str) -> Road:
        return self.roads[(a, b)]

    @functools.lru_cache(maxsize=4096)  # noqa: B019 - one MapInfo per scenario, kept for the process
    def approach_cost(self, target: str, blocked: frozenset[str] = frozenset()) -> dict[str, float]:
        """Dijkstra from ``target``: 1 per road, the last road into ``target`` costing 1.5 more across a
        river and 0.5 more if minor; ``blocked`` towns can be neither entered nor passed."""
        import heapq

        dist = {target: 0.0}
        heap = [(0.0, target)]
        while heap:
            c, x = heapq.heappop(heap)
            if c > dist.get(x, 1e9):
                continue
            if x != target and x in blocked:
                continue
            for y in self.adj[x]:
                if y in blocked:
                    continue
                step = 1.0
                if x == target:
                    r = self.road(y, x)
                    step += (1.5 if r.river else 0.0) + (0.5 if r.cls == "minor" else 0.0)
                nc = c + step
                if nc < dist.get(y, 1e9):
                    dist[y] = nc
                    heapq.heappush(heap, (nc, y))
        return dist


@functools.lru_cache(maxsize=4)
def map_info(name: str = "napoleon") -> MapInfo:
    return MapInfo(name)


@dataclass
class Situation:
    """One role's picture of the campaign, from its view alone."""

    role: str
    side: str
    armies: tuple[str, ...]
    view: View
    mine: dict[str, list[BlockView]] = field(default_factory=dict)  # town -> own blocks
    friends: dict[str, list[BlockView]] = field(default_factory=dict)  # town -> the ally's blocks (13.1)
    enemy: dict[str, list[BlockView]] = field(default_factory=dict)  # town -> enemy blocks
    where: dict[str, str] = field(default_factory=dict)  # own unit id -> town
    block: dict[str, BlockView] = field(default_factory=dict)  # own unit id -> block
    battle_towns: frozenset[str] = frozenset()
    avg_cv: dict[str, float] = field(default_factory=dict)  # army -> estimated cv of a hidden block
    alive: dict[str, int] = field(default_factory=dict)  # army -> units left, leader included (public, 12.0)

    def enemy_cv(self, town: str) -> float:
        return sum(self.block_cv(b) for b in self.enemy.get(town, ()))

    def enemy_count(self, town: str) -> int:
        return len(self.enemy.get(town, ()))

    def block_cv(self, b: BlockView) -> float:
        if b.known and b.cv is not None:
            return 1.0 if b.type == "leader" else float(b.cv)
        return self.avg_cv.get(b.army, 3.0)

    def my_cv(self, town: str) -> float:
        return sum(b.cv or 0 for b in self.mine.get(town, ()) if b.type != "leader")


def situation(view: View, mi: MapInfo | None = None) -> Situation:
    mi = mi or map_info()
    role = view.role
    armies = ARMIES_OF.get(role, ())
    side = side_of_role(role)
    sit = Situation(role, side, armies, view)
    for t in view.towns:
        for b in t.blocks:
            if b.army in armies:
                sit.mine.setdefault(t.name, []).append(b)
                if b.id:
                    sit.where[b.id] = t.name
                    sit.block[b.id] = b
            elif SIDE_OF[b.army] == side:
                sit.friends.setdefault(t.name, []).append(b)
            else:
                sit.enemy.setdefault(t.name, []).append(b)
    sit.battle_towns = frozenset(t.name for t in view.towns if t.battle)
    # A hidden enemy block is estimated at the mean full strength of its army's surviving blocks (the order
    # of battle is public, eliminated blocks are shown face up), less a little for losses not yet seen.
    for army in ("french", "british", "prussian"):
        gone = [b for b in view.eliminated if b.army == army and b.type != "leader"]
        total = mi.max_cv_total.get(army, 0) - sum(b.max_cv or 0 for b in gone)
        n = mi.combat_count.get(army, 0) - len(gone)
        sit.alive[army] = mi.unit_count.get(army, 0) - sum(1 for b in view.eliminated if b.army == army)
        sit.avg_cv[army] = 0.9 * total / n if n else 0.0
    return sit
