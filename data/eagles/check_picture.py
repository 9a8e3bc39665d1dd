"""A check picture of our Quatre Bras map for the people editing the data, not the game's picture.

``python -m data.eagles.check_picture out.png`` draws each area's polygon (its Voronoi cell) coloured by
terrain, darker on the ridges (+1) than in the valley (0), with its id, elevation, stacking class (②) and
all-round hexagon (⬡); borders: the stream blue, roads red, trails brown, diagonal contacts as small black
dots; the objectives with their VP, and the set-up (French blue, Allied red).
"""

from __future__ import annotations

import sys

from PIL import Image, ImageDraw

from .. import check_picture as check
from ..check_picture import MARGIN
from . import load_eagles
from .models import Eagles

SCALE = 0.2  # px a metre
Point = tuple[float, float]
TERRAIN_FILL = {
    "clear": (226, 236, 200),
    "farm": (236, 222, 200),
    "hamlet": (232, 214, 196),
    "village": (228, 206, 190),
    "town": (214, 196, 186),
    "woods": (136, 176, 120),
    "marsh": (176, 206, 226),
}


def _shade(rgb: tuple[int, int, int], elevation: int) -> tuple[int, int, int]:
    k = 1.0 - 0.08 * elevation
    r, g, b = rgb
    return (max(0, min(255, int(r * k))), max(0, min(255, int(g * k))), max(0, min(255, int(b * k))))


def draw(e: Eagles) -> Image.Image:
    m = e.map

    def px(x: float, y: float) -> Point:
        return (MARGIN + (x - m.x_min) * SCALE, MARGIN + (m.y_max - y) * SCALE)

    size = (int((m.x_max - m.x_min) * SCALE + 2 * MARGIN), int((m.y_max - m.y_min) * SCALE + 2 * MARGIN))
    im = Image.new("RGB", size, "white")
    d = ImageDraw.Draw(im)
    font = check.font(11)
    bold = check.font(14, bold=True)
    for area in e.areas:
        fill = _shade(TERRAIN_FILL[area.terrain], area.elevation)
        d.polygon([px(*p) for p in e.polygon(area.id)], fill=fill, outline=(120, 120, 120))
    for (a, b), (p, q) in e.geometry.shared.items():
        border = e.border(a, b)
        if a > b or border is None:
            continue
        if border.stream:
            d.line([px(*p), px(*q)], fill=(40, 90, 220), width=5)
        if border.diagonal:
            x, y = px((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
            d.ellipse([x - 3, y - 3, x + 3, y + 3], fill="black")
    for road in e.roads:
        colour, width = ((200, 30, 30), 4) if road.kind == "road" else ((150, 95, 40), 2)
        d.line([px(*e.los_point(x)) for x in road.areas], fill=colour, width=width)
    sc = e.scenario()
    for o in sc.victory.objectives:
        x, y = px(*e.los_point(o.area))
        d.regular_polygon((x + 26, y - 14, 8), 5, fill=(230, 170, 0))
        d.text((x + 26, y - 14), str(o.vp), fill="black", font=font, anchor="mm")
    for group in sc.setup:
        x, y = px(*e.los_point(group.area))
        text = " ".join((*group.units, *group.leaders))
        colour = (0, 0, 200) if group.side == "french" else (190, 0, 0)
        d.text((x, y + 26), text, fill=colour, font=font, anchor="mt")
    for area in e.areas:
        x, y = px(*area.centre)
        marks = ("⬡" if area.all_round else "") + ("②" if area.stacking == "circled-2" else "")
        d.text((x, y - 2), area.id, fill="black", font=bold, anchor="mb")
        d.text(
            (x, y + 2),
            f"{area.elevation:+d} {area.terrain} {marks}".strip(),
            fill="black",
            font=font,
            anchor="mt",
        )
    check.title(d, f"{m.title} — check picture of our area map", font)
    return im


if __name__ == "__main__":
    raise SystemExit(check.main(sys.argv[1:], "eagles_check.png", lambda: draw(load_eagles())))
