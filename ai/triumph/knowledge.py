"""What a Napoleon's Triumph bot knows: the public map and order of battle (``data/triumph``), and one role's
picture of the battlefield read from its view — every position, corps and commander is public (G8), a face
only its owner's or once the rules have shown it (G5); a hidden enemy block counts at its army's mean
strength (the order of battle is public, rule 3), never at its face."""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Protocol

from data.triumph import Triumph, load_triumph
from data.triumph.models import Colour

OFF, GONE = "off", "gone"
ARMS = {"inf": "infantry", "cav": "cavalry", "art": "artillery", "guard": "infantry"}
#: 16: the stars each side must take from the other (the Allied colours are the French objectives, blue the
#: Allies')
ALLIED_COLOURS: tuple[Colour, ...] = ("green", "red", "black")
LAST_LABEL = "2 Dec 16:00"  # the last round of both scenarios (the time track, rule 5)


class TriumphView(Protocol):
    """What the bot reads of ``game.view(role)`` (``engine.triumph.views.View``)."""

    @property
    def role(self) -> str: ...
    @property
    def round(self) -> int: ...
    @property
    def label(self) -> str: ...
    @property
    def night(self) -> bool: ...
    @property
    def side(self) -> str: ...
    @property
    def step(self) -> str: ...
    @property
    def morale(self) -> dict[str, int]: ...
    @property
    def blocks(self) -> tuple[dict[str, Any], ...]: ...
    @property
    def commanders(self) -> tuple[dict[str, Any], ...]: ...
    @property
    def attack(self) -> dict[str, Any] | None: ...
    @property
    def reinforced(self) -> bool: ...


def other(side: str) -> str:
    return "french" if side == "allies" else "allies"


@dataclass(frozen=True)
class Board:
    """The public map, worked out once: distances (passable approaches), stars, main-road entries."""

    data: Triumph
    dist: Mapping[str, Mapping[str, int]]
    stars: Mapping[str, tuple[str, ...]]  # side -> the stars that side must keep (16)
    main_entries: Mapping[str, frozenset[str]]  # side -> locales of its main-road entries (16, G33)
    entries: Mapping[str, frozenset[str]]  # side -> locales of all its entry roads (reinforcements, G31)
    road_next: Mapping[
        str, tuple[str, ...]
    ]  # locale -> its neighbours along a road (sorted: the same game each run)
    mean_strength: Mapping[str, float]  # side -> its army's mean strength (the public order of battle)

    def neighbours(self, loc: str) -> tuple[str, ...]:
        return self.data.neighbours(loc)

    def d(self, a: str, b: str) -> int:
        return self.dist.get(a, {}).get(b, 99)


@lru_cache(maxsize=1)
def board() -> Board:
    data = load_triumph()
    ids = [loc.id for loc in data.locales]
    dist: dict[str, dict[str, int]] = {}
    for s in ids:
        seen = {s: 0}
        todo = deque([s])
        while todo:
            x = todo.popleft()
            for n in data.neighbours(x):
                if n not in seen:
                    seen[n] = seen[x] + 1
                    todo.append(n)
        dist[s] = seen
    allied = tuple(sorted({loc for c in ALLIED_COLOURS for loc in data.stars(c)}))
    stars = {"french": tuple(sorted(data.stars("blue"))), "allies": allied}
    entries = {
        s: frozenset(e.locale for e in data.entries if e.side == s and e.road_class == "main")
        for s in ("french", "allies")
    }
    road: dict[str, set[str]] = {i: set() for i in ids}
    for r in data.roads:
        for p, q in zip(r.locales, r.locales[1:], strict=False):
            road[p].add(q)
            road[q].add(p)
    mean = {str(s): c.strength / c.units for s, c in data.counts.items()}
    return Board(
        data,
        dist,
        stars,
        entries,
        {s: frozenset(e.locale for e in data.entries if e.side == s) for s in ("french", "allies")},
        {k: tuple(sorted(v)) for k, v in road.items()},
        mean,
    )


@dataclass
class Piece:
    id: str
    side: str
    at: str
    on: str | None
    corps: str | None
    arm: str | None  # None: hidden from this role
    strength: float  # the face's, or the army's mean when hidden
    guard: bool = False
    known: bool = False


@dataclass
class Seen:
    """One role's picture of the battlefield from its view."""

    role: str
    pieces: list[Piece]
    commanders: dict[str, dict[str, Any]]
    at: dict[str, list[Piece]] = field(default_factory=dict)
    morale: dict[str, int] = field(default_factory=dict)

    @property
    def enemy(self) -> str:
        return other(self.role)

    def stakes(self) -> dict[str, float]:
        """Each army's morale (13: at 0 it loses), as ``me`` and ``them``."""
        return {"me": self.morale.get(self.role, 99), "them": self.morale.get(self.enemy, 99)}

    def mine(self, loc: str) -> list[Piece]:
        return [p for p in self.at.get(loc, ()) if p.side == self.role]

    def foes(self, loc: str) -> list[Piece]:
        return [p for p in self.at.get(loc, ()) if p.side != self.role]

    def holder(self, loc: str) -> str | None:
        ps = self.at.get(loc)
        return ps[0].side if ps else None

    def corps(self, commander: str) -> list[Piece]:
        return [p for p in self.pieces if p.corps == commander]

    def force(self, name: str) -> list[Piece]:
        """A commander's corps, or one detached unit."""
        if name in self.commanders:
            return self.corps(name)
        return [p for p in self.pieces if p.id == name]

    def might(self, ps: Sequence[Piece]) -> float:
        return sum(p.strength for p in ps)


def read(view: TriumphView, b: Board) -> Seen:
    pieces: list[Piece] = []
    for d in view.blocks:
        if d["at"] in (OFF, GONE):
            continue
        face = d.get("face")
        if face:
            kind, s = str(face).split("-")
            p = Piece(
                d["id"], d["side"], d["at"], d["on"], d["corps"], ARMS[kind], float(s), kind == "guard", True
            )
        else:
            p = Piece(d["id"], d["side"], d["at"], d["on"], d["corps"], None, b.mean_strength[d["side"]])
        pieces.append(p)
    seen = Seen(view.role, pieces, {c["id"]: c for c in view.commanders}, morale=dict(view.morale))
    for p in pieces:
        seen.at.setdefault(p.at, []).append(p)
    return seen


def holds(b: Board, seen: Seen, side: str, loc: str) -> bool:
    """16 (G33) as far as the view tells: a corps unit of the side there (infantry or artillery when its face
    is known; a hidden enemy block might be either) that traces a road, through no locale with an enemy
    piece, to a main-road entry of its side the enemy does not hold."""
    here = [p for p in seen.at.get(loc, ()) if p.side == side and p.corps is not None]
    if not any(p.arm in (None, "infantry", "artillery") for p in here):
        return False
    enemy = {p.at for p in seen.pieces if p.side != side}
    goals = b.main_entries[side] - enemy
    done, todo = {loc}, deque([loc])
    while todo:
        x = todo.popleft()
        if x in goals:
            return True
        for n in b.road_next.get(x, ()):
            if n not in done and n not in enemy:
                done.add(n)
                todo.append(n)
    return False


def trace_blockers(b: Board, seen: Seen, side: str, loc: str) -> list[str]:
    """16 (G33): the enemy-held locales on the road from ``loc`` to a main-road entry of ``side`` that
    passes the fewest of them (empty: the road is open) — what must be taken for a star there to be held."""
    enemy = {p.at for p in seen.pieces if p.side != side}
    goals = b.main_entries[side]
    best: dict[str, tuple[int, int]] = {loc: (0, 0)}
    back: dict[str, str] = {}
    todo = [(0, 0, loc)]
    end = None
    while todo:
        todo.sort()
        cost, steps, x = todo.pop(0)
        if best.get(x, (99, 99)) < (cost, steps):
            continue
        if x in goals:
            end = x
            break
        for n in b.road_next.get(x, ()):
            c = (cost + (1 if n in enemy else 0), steps + 1)
            if c < best.get(n, (99, 99)):
                best[n] = c
                back[n] = x
                todo.append((c[0], c[1], n))
    if end is None:
        return []
    out = []
    x = end
    while x != loc:
        if x in enemy:
            out.append(x)
        x = back[x]
    return out


def rounds_left(view: TriumphView) -> int:
    """Rounds after this one: both scenarios end with the round of 2 December 16:00 (the time track, 5)."""
    day, _, hour = view.label.split(" ")[:3]
    if hour == "night":
        return 10  # 14: the night of 1-2 December, then the ten rounds of 2 December
    left = 16 - int(hour.split(":")[0])
    return max(0, left + (11 if day == "1" else 0))
