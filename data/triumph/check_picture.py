"""A check picture of our Austerlitz map for the people editing the data, not the game's picture.

``python -m data.triumph.check_picture out.png`` draws each locale as the points nearer to its centre than to
any other, coloured by kind, with its capacity; streams, ponds, roads (main red, local brown), approaches
(thick = wide, thin = narrow, blue = impassable), stars, entry roads and the commanders' set-up locales.
"""

from __future__ import annotations

import sys

from PIL import Image, ImageDraw

from .. import check_picture as check
from ..check_picture import MARGIN
from . import load_triumph
from .models import Triumph

SCALE = 90  # px a km
KIND_FILL = {
    "village": (236, 226, 214),
    "castle": (226, 210, 200),
    "open": (228, 236, 204),
    "hill": (176, 204, 146),
    "wood": (126, 166, 114),
    "marsh": (176, 204, 224),
}
STAR = {"blue": (40, 80, 220), "green": (30, 150, 60), "red": (210, 40, 40), "black": (20, 20, 20)}
Point = tuple[float, float]


def cells(t: Triumph) -> dict[str, list[Point]]:
    """Each locale's cell: the frame clipped by the half-planes nearer its centre than each other centre."""
    out: dict[str, list[Point]] = {}
    for loc in t.locales:
        poly: list[Point] = [
            (0, 0),
            (t.map.width_km, 0),
            (t.map.width_km, t.map.height_km),
            (0, t.map.height_km),
        ]
        for other in t.locales:
            if other.id != loc.id:
                a, b = other.x - loc.x, other.y - loc.y
                c = (other.x**2 + other.y**2 - loc.x**2 - loc.y**2) / 2
                poly = _clip(poly, a, b, c)
        out[loc.id] = poly
    return out


def _clip(poly: list[Point], a: float, b: float, c: float) -> list[Point]:
    """The part of ``poly`` where a·x + b·y <= c."""
    out: list[Point] = []
    for i, p in enumerate(poly):
        q = poly[(i + 1) % len(poly)]
        fp, fq = a * p[0] + b * p[1] - c, a * q[0] + b * q[1] - c
        if fp <= 0:
            out.append(p)
        if (fp < 0) != (fq < 0) and fp != fq:
            s = fp / (fp - fq)
            out.append((p[0] + s * (q[0] - p[0]), p[1] + s * (q[1] - p[1])))
    return out


def draw(t: Triumph) -> Image.Image:
    h = t.map.height_km

    def px(x: float, y: float) -> Point:
        return (MARGIN + x * SCALE, MARGIN + (h - y) * SCALE)

    size = (int(t.map.width_km * SCALE + 2 * MARGIN), int(h * SCALE + 2 * MARGIN))
    im = Image.new("RGB", size, "white")
    d = ImageDraw.Draw(im)
    font = check.font(13)
    bold = check.font(14, bold=True)
    shapes = cells(t)
    for loc in t.locales:
        d.polygon([px(*p) for p in shapes[loc.id]], fill=KIND_FILL[loc.kind], outline=(150, 150, 150))
    for stream in t.streams:
        d.line([px(*p) for p in stream.course], fill=(70, 120, 220), width=4)
    for pond in t.ponds:
        (cx, cy), (rx, ry) = pond.centre, pond.radii
        d.ellipse([px(cx - rx, cy + ry), px(cx + rx, cy - ry)], fill=(90, 140, 230))
    centre = {loc.id: (loc.x, loc.y) for loc in t.locales}
    for loc in t.locales:
        for a in loc.approaches:
            if loc.id < a.to:
                colour = (40, 40, 220) if a.impassable else (150, 150, 150)
                d.line(
                    [px(*centre[loc.id]), px(*centre[a.to])], fill=colour, width=5 if a.width == "wide" else 1
                )
    for road in t.roads:
        colour, width = ((200, 30, 30), 5) if road.road_class == "main" else ((150, 95, 40), 3)
        d.line([px(*centre[x]) for x in road.locales], fill=colour, width=width)
    for o in t.objectives:
        x, y = px(*centre[o.locale])
        for k, star in enumerate(o.colours):
            d.regular_polygon((x - 18 + 12 * k, y - 22, 7), 5, fill=STAR[star])
    for e in t.entries:
        x, y = px(*centre[e.locale])
        d.text((x, y + 40), f"⇒ {e.id} ({e.road_class})", fill=(0, 0, 160), font=font, anchor="mt")
    for c in t.commanders:
        x, y = px(*centre[c.setup])
        d.text(
            (x, y - 40),
            c.name,
            fill=(0, 0, 200) if c.side == "french" else (190, 0, 0),
            font=bold,
            anchor="mb",
        )
    for loc in t.locales:
        x, y = px(loc.x, loc.y)
        if loc.kind in ("village", "castle"):
            d.rectangle([x - 10, y - 7, x + 10, y + 7], fill=(40, 40, 40))
        d.text((x, y + 10), f"{loc.name} {loc.capacity}", fill="black", font=font, anchor="mt")
    check.title(d, f"{t.map.title} — check picture, our reconstruction", font)
    return im


if __name__ == "__main__":
    raise SystemExit(check.main(sys.argv[1:], "triumph_check.png", lambda: draw(load_triumph())))
