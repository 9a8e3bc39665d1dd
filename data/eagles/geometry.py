"""Plane geometry of our Quatre Bras map, computed from the area centres alone (no dependencies beyond the
standard library, deterministic: the same arithmetic in the same order on every run).

- An area's polygon is its **Voronoi cell**: the map rectangle clipped by the half-plane "nearer to this
  centre than to that one" for every other centre (Sutherland–Hodgman). Every edge of a cell remembers what
  made it: the other centre (a shared border) or a side of the map (an edge of the map).
- A **segment's areas** (G25): the cells a straight segment crosses, in order, each with the stretch of the
  segment inside it (Cyrus–Beck clipping of the segment by each convex cell).
- **Runs along** (12.5 b/c): the length of a segment lying within a tolerance of a border.

>>> cells = voronoi_cells({"a": (0.0, 0.0), "b": (10.0, 0.0)}, (-10.0, 20.0, -5.0, 5.0))
>>> sorted(shared_borders(cells))
[('a', 'b'), ('b', 'a')]
>>> [(name, round(t0, 2), round(t1, 2)) for name, t0, t1 in crossings(cells, (0.0, 0.0), (10.0, 0.0))]
[('a', 0.0, 0.5), ('b', 0.5, 1.0)]
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

Point = tuple[float, float]
#: A cell: its corners counter-clockwise, each with what made the edge from it to the next corner (the id of
#: the neighbouring centre, or "north" / "east" / "south" / "west" for a side of the map).
Cell = tuple[tuple[Point, str], ...]
SIDES_OF_MAP = ("north", "east", "south", "west")
EPS = 1e-9
MIN_STRETCH_M = 1.0  # a cell the segment touches for less than this (a corner) is not crossed


def voronoi_cells(centres: Mapping[str, Point], frame: tuple[float, float, float, float]) -> dict[str, Cell]:
    """Each centre's cell: the frame ``(x_min, x_max, y_min, y_max)`` clipped by the perpendicular bisector of
    the centre and every other centre, keeping the side nearer to the centre."""
    x0, x1, y0, y1 = frame
    out: dict[str, Cell] = {}
    for i, (xi, yi) in centres.items():
        poly: list[tuple[Point, str]] = [
            ((x0, y0), "south"),
            ((x1, y0), "east"),
            ((x1, y1), "north"),
            ((x0, y1), "west"),
        ]
        for j, (xj, yj) in centres.items():
            if i == j:
                continue
            # nearer to i than to j:  (pj - pi) . p <= (|pj|^2 - |pi|^2) / 2
            a, b = xj - xi, yj - yi
            c = (xj * xj + yj * yj - xi * xi - yi * yi) / 2
            poly = _clip(poly, a, b, c, j)
        out[i] = tuple(_drop_short(poly))
    return out


def _clip(
    poly: Sequence[tuple[Point, str]], a: float, b: float, c: float, tag: str
) -> list[tuple[Point, str]]:
    out: list[tuple[Point, str]] = []
    n = len(poly)
    for k in range(n):
        p, tp = poly[k]
        q = poly[(k + 1) % n][0]
        fp = a * p[0] + b * p[1] - c
        fq = a * q[0] + b * q[1] - c
        if fp <= 0:
            out.append((p, tp))
            if fq > 0:
                t = fp / (fp - fq)
                out.append(((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])), tag))
        elif fq <= 0:
            t = fp / (fp - fq)
            out.append(((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])), tp))
    return out


def _drop_short(poly: list[tuple[Point, str]]) -> list[tuple[Point, str]]:
    """Corners closer than a millimetre to the next are one corner (clipping through a corner repeats it)."""
    out: list[tuple[Point, str]] = []
    n = len(poly)
    for k in range(n):
        p, tag = poly[k]
        q = poly[(k + 1) % n][0]
        if math.dist(p, q) > 1e-3:
            out.append((p, tag))
    return out


def edges(cell: Cell) -> list[tuple[Point, Point, str]]:
    """The cell's edges ``(from, to, made by)`` counter-clockwise."""
    n = len(cell)
    return [(cell[k][0], cell[(k + 1) % n][0], cell[k][1]) for k in range(n)]


def shared_borders(cells: Mapping[str, Cell]) -> dict[tuple[str, str], tuple[Point, Point]]:
    """Every border of positive length, both ways: ``(a, b) -> (p, q)``, the segment seen from ``a``."""
    out: dict[tuple[str, str], tuple[Point, Point]] = {}
    for a, cell in cells.items():
        for p, q, tag in edges(cell):
            if tag not in SIDES_OF_MAP:
                out[(a, tag)] = (p, q)
    return out


def map_sides(cell: Cell) -> tuple[str, ...]:
    """The sides of the map the cell touches along an edge."""
    return tuple(sorted({tag for p, q, tag in edges(cell) if tag in SIDES_OF_MAP and math.dist(p, q) > EPS}))


def centroid(cell: Cell) -> Point:
    pts = [p for p, _ in cell]
    area = cx = cy = 0.0
    for k in range(len(pts)):
        (x0, y0), (x1, y1) = pts[k], pts[(k + 1) % len(pts)]
        cross = x0 * y1 - x1 * y0
        area += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    return (cx / (3 * area), cy / (3 * area))


def clip_segment(cell: Cell, p: Point, q: Point) -> tuple[float, float] | None:
    """The stretch ``(t0, t1)`` of the segment p + t (q - p), 0 <= t <= 1, inside the convex cell, or None."""
    t0, t1 = 0.0, 1.0
    dx, dy = q[0] - p[0], q[1] - p[1]
    for (ax, ay), (bx, by), _ in edges(cell):
        # inside = left of the counter-clockwise edge: cross((b - a), (x - a)) >= 0
        ex, ey = bx - ax, by - ay
        f0 = ex * (p[1] - ay) - ey * (p[0] - ax)  # value at t = 0
        df = ex * dy - ey * dx  # change per unit t
        if abs(df) < EPS:
            if f0 < 0:
                return None
            continue
        t = -f0 / df
        if df > 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return (t0, t1)


def crossings(cells: Mapping[str, Cell], p: Point, q: Point) -> list[tuple[str, float, float]]:
    """The cells the segment p–q crosses, in order from p: ``(id, t0, t1)``; a cell touched for less than
    ``MIN_STRETCH_M`` (at a corner) is left out."""
    length = math.dist(p, q)
    lo_x, hi_x, lo_y, hi_y = min(p[0], q[0]), max(p[0], q[0]), min(p[1], q[1]), max(p[1], q[1])
    hits: list[tuple[str, float, float]] = []
    for name, cell in cells.items():
        xs, ys = [c[0][0] for c in cell], [c[0][1] for c in cell]
        if max(xs) < lo_x or min(xs) > hi_x or max(ys) < lo_y or min(ys) > hi_y:
            continue  # the boxes do not meet
        stretch = clip_segment(cell, p, q)
        if stretch is not None and (stretch[1] - stretch[0]) * length >= MIN_STRETCH_M:
            hits.append((name, stretch[0], stretch[1]))
    hits.sort(key=lambda h: (h[1], h[2]))
    return hits


def run_along(border: tuple[Point, Point], p: Point, q: Point, tolerance: float) -> float:
    """How many metres of the segment p–q lie within ``tolerance`` of the border segment."""
    (ax, ay), (bx, by) = border
    length = math.dist(p, q)
    if length < EPS:
        return 0.0
    dx, dy = (q[0] - p[0]) / length, (q[1] - p[1]) / length
    best: tuple[float, float] | None = None
    # the band along the border: 0 <= u <= |e|, |v| <= tolerance, in the border's own axes
    elen = math.dist((ax, ay), (bx, by))
    if elen > EPS:
        ux, uy = (bx - ax) / elen, (by - ay) / elen
        u0 = (p[0] - ax) * ux + (p[1] - ay) * uy
        v0 = -(p[0] - ax) * uy + (p[1] - ay) * ux
        du = dx * ux + dy * uy
        dv = -dx * uy + dy * ux
        lo, hi = 0.0, length
        for value, rate, low, high in ((u0, du, 0.0, elen), (v0, dv, -tolerance, tolerance)):
            if abs(rate) < EPS:
                if not low <= value <= high:
                    lo, hi = 1.0, 0.0
                continue
            s_a, s_b = (low - value) / rate, (high - value) / rate
            lo, hi = max(lo, min(s_a, s_b)), min(hi, max(s_a, s_b))
        if lo <= hi:
            best = (lo, hi)
    # the discs at the border's ends
    for cx, cy in ((ax, ay), (bx, by)):
        fx, fy = p[0] - cx, p[1] - cy
        half_b = fx * dx + fy * dy
        disc = half_b * half_b - (fx * fx + fy * fy - tolerance * tolerance)
        if disc < 0:
            continue
        root = math.sqrt(disc)
        lo, hi = max(0.0, -half_b - root), min(length, -half_b + root)
        if lo <= hi:
            best = (lo, hi) if best is None else (min(best[0], lo), max(best[1], hi))
    return 0.0 if best is None else best[1] - best[0]


def angle(a: tuple[Point, Point], b: tuple[Point, Point]) -> float:
    """The angle between two segments' lines in degrees, 0 to 90."""
    (p0, p1), (q0, q1) = a, b
    ua = math.atan2(p1[1] - p0[1], p1[0] - p0[0])
    ub = math.atan2(q1[1] - q0[1], q1[0] - q0[0])
    d = math.degrees(abs(ua - ub)) % 180.0
    return min(d, 180.0 - d)


def first_cell_beyond(cells: Mapping[str, Cell], p: Point, q: Point, beyond: str) -> str | None:
    """The cell the ray from p through q enters after leaving ``beyond`` (the cell of q), or None when the ray
    leaves the map there."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    cell = cells[beyond]
    stretch = clip_segment(cell, q, (q[0] + dx * 100, q[1] + dy * 100))
    if stretch is None:
        return None
    t_exit = stretch[1]
    far = (q[0] + dx * 100 * t_exit, q[1] + dy * 100 * t_exit)
    step = 1.0 / max(math.hypot(dx, dy), EPS)  # one metre further along the ray
    probe = (far[0] + dx * step, far[1] + dy * step)
    for name, c in cells.items():
        if name != beyond and _inside(c, probe):
            return name
    return None


def _inside(cell: Cell, point: Point) -> bool:
    for (ax, ay), (bx, by), _ in edges(cell):
        if (bx - ax) * (point[1] - ay) - (by - ay) * (point[0] - ax) < -EPS:
            return False
    return True


def side_of(origin: Point, direction: Point, point: Point) -> float:
    """Signed distance of ``point`` ahead of the line through ``origin`` perpendicular to ``direction``."""
    norm = math.hypot(*direction)
    return ((point[0] - origin[0]) * direction[0] + (point[1] - origin[1]) * direction[1]) / norm
