"""What the Eagles of the Empire bot knows: the public map and orders of battle worked out once (``Board``:
distances, elevations, terrain effects, objectives, charge lines, the chain of command), and the role's
picture of the battle from its view (``Seen``: who stands where, with what strength, and how near the enemy
is). Nothing here reads the game: only ``data.eagles`` (public) and ``game.view(role)``."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from data.eagles import load_eagles

OFF_MAP = ("off", "gone")
SIDES = ("allies", "french")


def other(side: str) -> str:
    return "allies" if side == "french" else "french"


@dataclass(frozen=True)
class UnitInfo:
    """The fixed ratings the view does not repeat (G23 elite, 10.2 lancers and heavy cavalry)."""

    elite: bool
    lancers: bool
    heavy: bool


@dataclass(frozen=True)
class Board:
    areas: tuple[str, ...]
    nbrs: dict[str, tuple[str, ...]]
    dist: dict[str, dict[str, int]]
    elev: dict[str, int]
    centre: dict[str, tuple[float, float]]
    facings: dict[str, tuple[str, ...]]
    assault_pct: dict[str, int]  # 14.2 (TEC): the attacker's SP into the area, in %
    bombard_die: dict[str, int]  # 12.3 target terrain
    chargeable: dict[str, bool]  # 10.0: cavalry may charge into it
    blocks_los: dict[str, bool]  # 12.5
    stream: frozenset[tuple[str, str]]  # the hedged stream's borders (G18)
    stream_pct: int  # 14.2 (G18): the attacker's SP across the stream
    charge_lines: dict[str, dict[str, str]]  # 10.1: start -> target -> the area passed through
    objectives: dict[str, int]  # facts 9: area -> VP
    decisive: tuple[str, tuple[str, ...], str] | None  # facts 9: (side, hold, no enemy adjacent to)
    superior: dict[str, str | None]  # leader -> the leader above him (3.3)
    formation_leader: dict[str, str]
    units: dict[str, UnitInfo]
    turns: int

    def d(self, a: str, b: str) -> int:
        return self.dist[a][b]


@cache
def board() -> Board:
    """The public data, read once (``data.eagles``)."""
    e = load_eagles()
    sc = next(s for s in e.scenarios if s.id == "quatre-bras")  # the public data's, not a game's
    areas = tuple(a.id for a in e.areas)
    terrain = {a.id: e.terrain[a.terrain] for a in e.areas}
    borders: Any = getattr(e, "borders", None) or getattr(e, "border_terrain", {})
    stream_def = borders.get("stream") if isinstance(borders, dict) else None
    stream = frozenset(
        (a.id, n.to) for a in e.areas for n in a.neighbours if n.stream and not (n.road or n.trail)
    )
    v = sc.victory
    dec = v.decisive
    formations = {f.id: f for f in e.formations}
    return Board(
        areas=areas,
        nbrs={a: tuple(e.neighbours(a)) for a in areas},
        dist={a: {b: e.distance(a, b) for b in areas} for a in areas},
        elev={a.id: int(a.elevation) for a in e.areas},
        centre={a.id: (float(a.x), float(a.y)) for a in e.areas},
        facings={a: tuple(e.facings(a)) for a in areas},
        assault_pct={a: int(t.assault_pct) for a, t in terrain.items()},
        bombard_die={a: int(t.bombard_die) for a, t in terrain.items()},
        chargeable={a: bool(t.charge) for a, t in terrain.items()},
        blocks_los={a: bool(t.blocks_los) for a, t in terrain.items()},
        stream=stream,
        stream_pct=int(getattr(stream_def, "assault_pct", 0) or 0),
        charge_lines={a: dict(e.charge_targets(a)) for a in areas},
        objectives={o.area: int(o.vp) for o in v.objectives},
        decisive=(str(dec.side), tuple(dec.hold), str(dec.no_enemy_adjacent)) if dec else None,
        superior={ld.id: e.superior(ld.id) for ld in e.leaders},
        formation_leader={f: x.leader for f, x in formations.items()},
        units={u.id: UnitInfo(bool(u.elite), bool(u.lancers), bool(u.heavy_cavalry)) for u in e.units},
        turns=len(sc.turns),
    )


@dataclass
class Seen:
    """The role's picture of the battle from its view: its pieces and the enemy's on the map, by area."""

    role: str
    enemy: str
    turn: int
    turns: int
    units: dict[str, dict[str, Any]]  # on the map
    leaders: dict[str, dict[str, Any]]  # on the map and alive
    formations: dict[str, dict[str, Any]]
    holders: dict[str, str]
    army: dict[str, str]
    by_area: dict[str, dict[str, list[dict[str, Any]]]] = field(default_factory=dict)  # side -> area -> units
    near: dict[str, int] = field(default_factory=dict)  # area -> distance to the nearest enemy combat unit

    def combat(self, side: str, area: str) -> list[dict[str, Any]]:
        return [u for u in self.by_area[side].get(area, []) if u["kind"] != "hq"]

    def sp(self, side: str, area: str) -> int:
        return sum(int(u["sp"]) for u in self.combat(side, area))

    def enemy_at(self, area: str) -> bool:
        return bool(self.by_area[self.enemy].get(area))

    def leaders_at(self, side: str, area: str) -> list[dict[str, Any]]:
        return [x for x in self.leaders.values() if x["side"] == side and x["area"] == area]


def read(view: Any, b: Board) -> Seen:
    role = str(view.role)
    units = {u["id"]: u for u in view.units if u["area"] not in OFF_MAP}
    leaders = {x["id"]: x for x in view.leaders if x["alive"] and x["area"] not in OFF_MAP}
    seen = Seen(
        role=role,
        enemy=other(role),
        turn=int(view.turn),
        turns=int(view.turns),
        units=units,
        leaders=leaders,
        formations={f["id"]: f for f in view.formations},
        holders=dict(view.holders),
        army=dict(view.army_commander),
    )
    seen.by_area = {s: {} for s in SIDES}
    for u in units.values():
        seen.by_area[u["side"]].setdefault(u["area"], []).append(u)
    enemy_areas = [a for a, us in seen.by_area[seen.enemy].items() if any(u["kind"] != "hq" for u in us)]
    seen.near = {a: min((b.d(a, x) for x in enemy_areas), default=99) for a in b.areas}
    return seen


def bearing(b: Board, a: str, to: str) -> tuple[float, float]:
    (x0, y0), (x1, y1) = b.centre[a], b.centre[to]
    n = math.hypot(x1 - x0, y1 - y0) or 1.0
    return ((x1 - x0) / n, (y1 - y0) / n)
