"""*Ridge*'s one picture, drawn with Pillow from a view: the areas as discs shaded by elevation (R1), the
paths between them, and each unit as a counter in its side's colour with its steps."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from .rules import ADJACENT, ELEVATION, RidgeView

AT = {
    "ford": (70, 260),
    "mill": (200, 300),
    "farm": (330, 330),
    "orchard": (150, 150),
    "wood": (330, 190),
    "church": (230, 70),
    "ridge": (300, 100),
}
SHADE = {0: (214, 226, 190), 1: (186, 200, 150), 2: (150, 160, 110)}
SIDE = {"blue": (40, 80, 170), "grey": (110, 110, 110)}
R = 34


def draw_map(view: RidgeView, lang: str) -> bytes:
    img = Image.new("RGB", (420, 380), (245, 242, 232))
    d = ImageDraw.Draw(img)
    for a, near in ADJACENT.items():
        for b in near:
            if a < b:
                d.line([AT[a], AT[b]], fill=(120, 110, 90), width=3)
    for area, (x, y) in AT.items():
        d.ellipse([x - R, y - R, x + R, y + R], fill=SHADE[ELEVATION[area]], outline=(60, 60, 40), width=2)
        d.text((x - R + 4, y + R - 14), f"{area} {ELEVATION[area]}", fill=(30, 30, 20))
    placed: dict[str, int] = {}
    for unit in view.units:
        x, y = AT[unit.area]
        i = placed[unit.area] = placed.get(unit.area, -1) + 1
        box = [x - 26 + 28 * i, y - 22, x - 2 + 28 * i, y + 2]
        d.rectangle(box, fill=SIDE[unit.side], outline=(0, 0, 0) if unit.fresh else (230, 200, 60), width=2)
        d.text((box[0] + 3, box[1] + 5), f"{unit.id[1]}·{unit.steps}", fill=(255, 255, 255))
    title = f"{view.round}/{view.rounds}" + (f"  {view.winner}" if view.winner else "")
    d.text((10, 10), title, fill=(0, 0, 0))
    buf = io.BytesIO()
    img.save(buf, "PNG")
    return buf.getvalue()
