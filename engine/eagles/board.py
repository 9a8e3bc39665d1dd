"""What the rules read of the data (``data.eagles``): the map's areas and borders, the terrain chart (G18),
the
stacking chart (13.6), the orders of battle and the scenario, each in one small function so that the rules
name the game's ideas and not the data's fields."""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from data.eagles import Eagles, load_eagles

HALF = 2  # MP are counted in halves: a road costs 1 half (13.3)


def mp_said(halves: int) -> str:
    """Halves of an MP as a player reads them: "0", "½", "1", "1½"."""
    return f"{halves // HALF or ''}{'½' if halves % HALF else ''}" or "0"


@cache
def load() -> Eagles:
    return load_eagles()


def area(b: Eagles, a: str) -> Any:
    return b.area(a)


def area_ids(b: Eagles) -> list[str]:
    return [x.id for x in b.areas]


def neighbours(b: Eagles, a: str) -> list[str]:
    return list(b.neighbours(a))


def border(b: Eagles, a: str, c: str) -> Any:
    return b.border(a, c)


def is_road(b: Eagles, a: str, c: str) -> bool:
    return bool(getattr(b.border(a, c), "road", False))


def is_trail(b: Eagles, a: str, c: str) -> bool:
    return bool(getattr(b.border(a, c), "trail", False))


def is_stream(b: Eagles, a: str, c: str) -> bool:
    return bool(getattr(b.border(a, c), "stream", False))


def is_diagonal(b: Eagles, a: str, c: str) -> bool:
    return bool(getattr(b.border(a, c), "diagonal", False))


def corner(b: Eagles, a: str, c: str) -> list[str]:
    """The areas flanking the corner of a diagonal contact (9.1, G33), from the map's geometry."""
    key = (id(b), a, c)
    got = _CORNERS.get(key)
    if got is None:
        got = _CORNERS[key] = tuple(b.corner(a, c))
    return list(got)


_CORNERS: dict[tuple[int, str, str], tuple[str, ...]] = {}


def terrain(b: Eagles, a: str) -> Any:
    return b.terrain[b.area(a).terrain]


def terrain_mp(b: Eagles, a: str, arm: str) -> int | None:
    """The MP to enter ``a`` for an arm (infantry, cavalry, artillery), None where prohibited (G18)."""
    mp = getattr(terrain(b, a), f"{arm}_mp", None)
    return None if mp is None else int(mp)


def border_mp(b: Eagles, kind: str, arm: str) -> int | None:
    """The extra MP to cross a border of ``kind`` (stream, bridge, ford) for an arm; None where prohibited."""
    spec = b.borders.get(kind)  # type: ignore[call-overload]
    if spec is None:
        return 0
    mp = getattr(spec, f"{arm}_mp", None)
    return None if mp is None else int(mp)


def elevation(b: Eagles, a: str) -> int:
    return int(b.area(a).elevation)


def centre(b: Eagles, a: str) -> tuple[float, float]:
    x = b.area(a)
    return (float(x.x), float(x.y))


def stacking(b: Eagles, a: str) -> Any:
    """The area's stacking class (13.6): ``max_sp``, ``dense_from`` (None: never dense), ``long_counters``."""
    return b.stacking_of(a)


def long_room(b: Eagles, a: str) -> int:
    """How many long counters ``a`` holds (13.7, G34): 0 where no long counter fits."""
    return int(b.max_long_counters(a))


def facings(b: Eagles, a: str) -> list[str]:
    """The neighbours a long counter or battery in ``a`` may face (13.9, G24: across a border, not a
    corner)."""
    return list(b.facings(a))


def edges(b: Eagles, a: str) -> list[str]:
    return list(getattr(b.area(a), "edges", ()) or ())


def ahead(b: Eagles, came_from: str, a: str) -> str:
    """The neighbour of ``a`` straight ahead of a move from ``came_from`` (13.9: a counter entering an area
    faces the way it went unless it turns at the end of its move)."""
    (x0, y0), (x1, y1) = centre(b, came_from), centre(b, a)
    dx, dy = x1 - x0, y1 - y0
    best, score = "", -9.0
    for n in sorted(facings(b, a)):
        nx, ny = centre(b, n)
        ex, ey = nx - x1, ny - y1
        norm = math.hypot(dx, dy) * math.hypot(ex, ey) or 1.0
        s = (dx * ex + dy * ey) / norm
        if s > score:
            best, score = n, s
    return best


def unit(b: Eagles, u: str) -> Any:
    return b.unit(u)


def leader(b: Eagles, ld: str) -> Any:
    return b.leader(ld)


def formation(b: Eagles, f: str) -> Any:
    return next(x for x in b.formations if x.id == f)


def superior(b: Eagles, f: str) -> str | None:
    """The formation above ``f`` in the chain (3.3), None: under the army commander."""
    return getattr(formation(b, f), "superior", None)


def scenario(b: Eagles, s: str) -> Any:
    return b.scenario(s)


def distance(b: Eagles, a: str, c: str) -> int:
    return int(b.distance(a, c))
