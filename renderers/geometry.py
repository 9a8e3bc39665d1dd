"""Where things go on the campaign map: a schematic layout of the scenario's towns, fitted to the picture.

The scenario gives each town's true position (km east/south of a NW origin). Around Quatre Bras, Ligny and
Fleurus towns stand 3-6 km apart, too close for their names and blocks at any legible scale, so the towns are
nudged apart (a small relaxation: pairs closer than ``min_gap`` push apart, each town is pulled back towards
its true place, and towns keep clear of roads they are not on). Everything drawn from (lat, lon) — rivers,
the border, the deployment line — is moved by the same displacement field (inverse-distance weighted from
the towns'), so a river that ran beside a town still runs beside it. Pure geometry: no game logic, no Pillow.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1


class TownLike(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def x(self) -> float: ...
    @property
    def y(self) -> float: ...


class RoadLike(Protocol):
    @property
    def a(self) -> str: ...
    @property
    def b(self) -> str: ...


@dataclass(frozen=True)
class Layout:
    """Town positions in pixels and a way to carry any scenario point (km) into the picture."""

    towns: dict[str, Point]
    scale: float  # pixels per km (before the relaxation's local stretching)
    offset: Point
    _src: tuple[Point, ...]
    _moved: tuple[Point, ...]

    def km_to_px(self, p: Point) -> Point:
        """A point in scenario km, displaced like the towns around it, in picture pixels."""
        dx, dy = _idw(p, self._src, self._moved)
        return (self.offset[0] + (p[0] + dx) * self.scale, self.offset[1] + (p[1] + dy) * self.scale)


def _idw(p: Point, src: Sequence[Point], moved: Sequence[Point], power: float = 2.0) -> Point:
    """Inverse-distance-weighted displacement at ``p`` (exact at the towns themselves)."""
    wsum = sx = sy = 0.0
    for (x, y), (mx, my) in zip(src, moved, strict=True):
        d2 = (p[0] - x) ** 2 + (p[1] - y) ** 2
        if d2 < 1e-12:
            return (mx - x, my - y)
        w = 1.0 / d2 ** (power / 2)
        wsum += w
        sx += w * (mx - x)
        sy += w * (my - y)
    return (sx / wsum, sy / wsum) if wsum else (0.0, 0.0)


def _seg_dist(p: Point, a: Point, b: Point) -> tuple[float, Point]:
    """Distance from ``p`` to segment ``ab`` and the nearest point on it."""
    ax, ay = a
    vx, vy = b[0] - ax, b[1] - ay
    L2 = vx * vx + vy * vy
    t = 0.0 if L2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * vx + (p[1] - ay) * vy) / L2))
    q = (ax + t * vx, ay + t * vy)
    return math.hypot(p[0] - q[0], p[1] - q[1]), q


def relax(
    towns: Sequence[TownLike],
    roads: Iterable[RoadLike],
    min_gap: float,
    road_gap: float,
    iterations: int = 160,
    pull: float = 0.04,
) -> dict[str, Point]:
    """Town positions (km) nudged so that towns stand ``min_gap`` apart and ``road_gap`` clear of roads
    they are not on, each staying as near its true place as that allows. Deterministic."""
    names = [t.name for t in towns]
    orig = [(float(t.x), float(t.y)) for t in towns]
    pos = [list(p) for p in orig]
    index = {n: i for i, n in enumerate(names)}
    segs = [(index[r.a], index[r.b]) for r in roads if r.a in index and r.b in index]
    n = len(pos)
    for _ in range(iterations):
        move = [[0.0, 0.0] for _ in range(n)]
        for i in range(n):
            xi, yi = pos[i]
            for j in range(i + 1, n):
                dx, dy = pos[j][0] - xi, pos[j][1] - yi
                d = math.hypot(dx, dy)
                if d >= min_gap:
                    continue
                if d < 1e-6:
                    dx, dy, d = 1.0, 0.0, 1.0
                push = (min_gap - d) / 2 * 0.5
                ux, uy = dx / d, dy / d
                move[i][0] -= ux * push
                move[i][1] -= uy * push
                move[j][0] += ux * push
                move[j][1] += uy * push
        for a, b in segs:
            pa, pb = (pos[a][0], pos[a][1]), (pos[b][0], pos[b][1])
            lo_x, hi_x = min(pa[0], pb[0]) - road_gap, max(pa[0], pb[0]) + road_gap
            lo_y, hi_y = min(pa[1], pb[1]) - road_gap, max(pa[1], pb[1]) + road_gap
            for k in range(n):
                kx, ky = pos[k]
                if kx < lo_x or kx > hi_x or ky < lo_y or ky > hi_y or k in (a, b):
                    continue
                pk = (kx, ky)
                d, q = _seg_dist(pk, pa, pb)
                if d >= road_gap:
                    continue
                if d < 1e-6:
                    ux, uy = -(pb[1] - pa[1]), pb[0] - pa[0]
                    norm = math.hypot(ux, uy) or 1.0
                    ux, uy = ux / norm, uy / norm
                else:
                    ux, uy = (pk[0] - q[0]) / d, (pk[1] - q[1]) / d
                push = (road_gap - d) * 0.3
                move[k][0] += ux * push
                move[k][1] += uy * push
                move[a][0] -= ux * push / 2
                move[a][1] -= uy * push / 2
                move[b][0] -= ux * push / 2
                move[b][1] -= uy * push / 2
        for i in range(n):
            pos[i][0] += move[i][0] + (orig[i][0] - pos[i][0]) * pull
            pos[i][1] += move[i][1] + (orig[i][1] - pos[i][1]) * pull
    return {name: (p[0], p[1]) for name, p in zip(names, pos, strict=True)}


def fit(
    towns: Sequence[TownLike], roads: Iterable[RoadLike], box: Box, min_gap_px: float, road_gap_px: float
) -> Layout:
    """Lay the towns out in ``box`` (pixels): relaxed so that they stand about ``min_gap_px`` apart."""
    xs = [t.x for t in towns]
    ys = [t.y for t in towns]
    w, h = box[2] - box[0], box[3] - box[1]
    scale = min(w / (max(xs) - min(xs)), h / (max(ys) - min(ys)))
    roads = list(roads)
    moved: dict[str, Point] = {}
    for _ in range(2):  # relaxing spreads the towns a little: refit once
        moved = relax(towns, roads, min_gap_px / scale, road_gap_px / scale)
        mx = [p[0] for p in moved.values()]
        my = [p[1] for p in moved.values()]
        new_scale = min(w / (max(mx) - min(mx)), h / (max(my) - min(my)))
        if abs(new_scale - scale) < 0.02 * scale:
            scale = new_scale
            break
        scale = new_scale
    mx = [p[0] for p in moved.values()]
    my = [p[1] for p in moved.values()]
    # centre the relaxed towns in the box
    ox = box[0] + (w - (max(mx) - min(mx)) * scale) / 2 - min(mx) * scale
    oy = box[1] + (h - (max(my) - min(my)) * scale) / 2 - min(my) * scale
    px = {n: (ox + p[0] * scale, oy + p[1] * scale) for n, p in moved.items()}
    src = tuple((float(t.x), float(t.y)) for t in towns)
    dst = tuple(moved[t.name] for t in towns)
    return Layout(px, scale, (ox, oy), src, dst)


def overlap(a: Box, b: Box) -> float:
    """Area shared by two boxes."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def inside(a: Box, bounds: Box) -> bool:
    return a[0] >= bounds[0] and a[1] >= bounds[1] and a[2] <= bounds[2] and a[3] <= bounds[3]


def smooth(pts: list[Point], rounds: int = 2) -> list[Point]:
    """The line through ``pts`` with its corners cut ``rounds`` times (a quarter of each segment off either
    end), its two ends kept: a river's course drawn from a few points."""
    for _ in range(rounds):
        out = [pts[0]]
        for p, q in itertools.pairwise(pts):
            out += [(0.75 * p[0] + 0.25 * q[0], 0.75 * p[1] + 0.25 * q[1]),
                    (0.25 * p[0] + 0.75 * q[0], 0.25 * p[1] + 0.75 * q[1])]  # fmt: skip
        out.append(pts[-1])
        pts = out
    return pts
