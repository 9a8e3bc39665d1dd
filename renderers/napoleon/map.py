"""The campaign map: a :class:`engine.napoleon.views.View` as PNG bytes (about 1900×1400).

What never changes for a scenario — background, France's tint, the border and the deployment line, rivers,
roads, town dots and names, the legend — is drawn once into a base image (:func:`base_for`) and copied for
each picture; on top go the title bar, each occupied town's blocks on a card beside it (laid out by
:mod:`renderers.cards` so that each card reads as its own town's: docked to its dot, or displaced with a
leader line; never over a name or another town's dot), battle marks and the panels (blocks still to place,
eliminated blocks, the result). The picture is then mapped onto a fixed 256-colour palette (built once per
scenario) and written as an indexed PNG: a fraction of the size and of the encoding time of an RGB PNG.

A block whose face the viewer may see (``known``) is drawn with its unit id, type symbol and current cv; other
blocks only as a stack in their army's colour with a count. The picture depends on the view and the locale
alone: the same view gives the same bytes.

The fixed texts (key, title bar, panels, result) are in English or Japanese (``locale``, texts in
:mod:`renderers.napoleon.text`); a Japanese picture draws them in IPAexGothic. Town names, unit ids and the
blocks' faces are the same in both. The static layer is cached per scenario and locale (the key differs).
"""

from __future__ import annotations

import itertools
import math
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from PIL import Image, ImageDraw

from .. import colours as C
from ..cards import KEY_GAP, KEY_W, Card, Placed, draw_key, place_cards
from ..fonts import draw_text, font, script_of, text_length
from ..geometry import Box, Layout, fit, inside, overlap
from ..palette import encode_png, fixed_palette, mapped
from . import blocks as B
from . import colours as NC
from . import text as T

if TYPE_CHECKING:
    from data.napoleon import Scenario
    from engine.napoleon.views import BlockView, TownView, View

WIDTH, HEIGHT = 1900, 1400
TITLE_H = 64
MAP_BOX: Box = (70, TITLE_H + 40, WIDTH - 70, HEIGHT - 34)
SS = 2  # the base layer's lines are drawn at 2× and reduced (smooth edges)

# text sizes at the posted size (all >= fonts.MIN_TEXT_PX)
TITLE_PX = 26
SUBTITLE_PX = 19
TOWN_PX = 15
LEGEND_PX = 14
LEGEND_HEAD_PX = 16
PANEL_PX = 14
BANNER_PX = 30

TOWN_R = 6  # town dot radius
BASE_R = 11  # supply base ring radius
GAP = 3  # between sprites on a card
CARD_PAD = 4
CARD_HEAD_H = 20  # a card away from its town carries the town's name
CARD_HEAD_PX = 13
MAX_FACE_COLS = 4


# ---------------------------------------------------------------------------------------------------------
# the base layer (once per scenario)


@dataclass
class _Geo:
    """What the map's static layer has in every locale: the drawing (without the key) and its geometry."""

    image: Image.Image
    layout: Layout
    dots: dict[str, Box]
    labels: dict[str, Box]
    bases: dict[str, str]


@dataclass
class Base:
    image: Image.Image  # RGB: everything static
    palette: Image.Image  # P: the fixed palette every picture of this scenario is mapped onto
    layout: Layout
    dots: dict[str, Box]
    labels: dict[str, Box]
    legend: Box
    panel: Box  # where blocks to place / eliminated blocks go
    bases: dict[str, str]  # supply base town -> army
    # the cards' places by what decides them (their sizes, the battles, what to avoid): a battle turn or
    # another role's map with the same cards is laid out once (the layout is a third of a map's time)
    placed: OrderedDict[Any, dict[str, Placed]] = field(default_factory=OrderedDict)


_GEOS: dict[int, tuple[Any, _Geo]] = {}
_BASES: dict[tuple[int, str], tuple[Any, Base]] = {}


def base_for(sc: Scenario, locale: str = "en") -> Base:
    """The static layer of ``sc``'s map in ``locale`` (its key is in that language), drawn on first use and
    kept for the life of the process; the map itself is drawn once for all locales."""
    loc = T.locale_of(locale)
    hit = _BASES.get((id(sc), loc))
    if hit is not None and hit[0] is sc:
        return hit[1]
    base = _draw_base(sc, loc)
    _BASES[(id(sc), loc)] = (sc, base)
    return base


def _geo_for(sc: Scenario) -> _Geo:
    hit = _GEOS.get(id(sc))
    if hit is not None and hit[0] is sc:
        return hit[1]
    geo = _draw_geo(sc)
    _GEOS[id(sc)] = (sc, geo)
    return geo


def _poly(layout: Layout, sc: Scenario, pts: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    return [layout.km_to_px(sc.to_xy(lat, lon)) for lat, lon in pts]


def _dashed(
    d: ImageDraw.ImageDraw,
    pts: Sequence[tuple[float, float]],
    fill: C.RGB,
    width: int,
    dash: float,
    gap: float,
) -> None:
    """A dashed polyline (dash pattern continues across vertices)."""
    on, left = True, dash
    for (x0, y0), (x1, y1) in itertools.pairwise(pts):
        seg = math.hypot(x1 - x0, y1 - y0)
        t = 0.0
        while t < seg:
            step = min(left, seg - t)
            if on:
                a = t / seg
                b = (t + step) / seg
                d.line(
                    (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a, x0 + (x1 - x0) * b, y0 + (y1 - y0) * b),
                    fill=fill,
                    width=width,
                )
            t += step
            left -= step
            if left <= 1e-9:
                on = not on
                left = dash if on else gap


def _smooth(pts: list[tuple[float, float]], rounds: int = 2) -> list[tuple[float, float]]:
    """Chaikin corner cutting: a river drawn from a dozen points looks like a river."""
    for _ in range(rounds):
        out = [pts[0]]
        for (x0, y0), (x1, y1) in itertools.pairwise(pts):
            out.append((0.75 * x0 + 0.25 * x1, 0.75 * y0 + 0.25 * y1))
            out.append((0.25 * x0 + 0.75 * x1, 0.25 * y0 + 0.75 * y1))
        out.append(pts[-1])
        pts = out
    return pts


def _extend(line: list[tuple[float, float]], far: float = 4000.0) -> list[tuple[float, float]]:
    """The line with both ends carried on in their own direction, out of the picture."""

    def out(p: tuple[float, float], q: tuple[float, float]) -> tuple[float, float]:
        dx, dy = p[0] - q[0], p[1] - q[1]
        n = math.hypot(dx, dy) or 1.0
        return (p[0] + dx / n * far, p[1] + dy / n * far)

    return [out(line[0], line[1]), *line, out(line[-1], line[-2])]


def _france_polygon(
    border: list[tuple[float, float]], france_pt: tuple[float, float]
) -> list[tuple[float, float]]:
    """Close the border line (carried out of the picture) round the side where France lies."""
    line = _extend(border)
    big = 20_000.0
    first, last = line[0], line[-1]
    for corner in ((-big, big), (big, big), (big, -big), (-big, -big)):
        poly = [*line, (last[0] + corner[0] * 0, corner[1]), corner, (corner[0], first[1])]
        if _point_in(france_pt, poly):
            return poly
    return []


def _point_in(p: tuple[float, float], poly: Sequence[tuple[float, float]]) -> bool:
    x, y = p
    inside_ = False
    n = len(poly)
    for i in range(n):
        (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % n]
        if (y0 > y) != (y1 > y) and x < (x1 - x0) * (y - y0) / (y1 - y0) + x0:
            inside_ = not inside_
    return inside_


def _scaled(pts: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    return [(x * SS, y * SS) for x, y in pts]


def _draw_geo(sc: Scenario) -> _Geo:
    layout = fit(sc.towns, sc.roads, MAP_BOX, min_gap_px=100, road_gap_px=26)
    pos = layout.towns
    big = Image.new("RGB", (WIDTH * SS, HEIGHT * SS), C.PAPER)
    d = ImageDraw.Draw(big)

    # France, tinted, bounded by the 1815 border
    border = _poly(layout, sc, sc.border)
    french = [pos[t.name] for t in sc.towns if t.country == "france"]
    if len(border) >= 2 and french:
        poly = _france_polygon(border, french[0])
        if poly:
            d.polygon(_scaled(poly), fill=NC.FRANCE_TINT)
    # rivers
    for river in sc.rivers:
        pts = _smooth(_poly(layout, sc, river.points))
        d.line(_scaled(pts), fill=NC.RIVER, width=5 * SS, joint="curve")
    # the border and the deployment line (muted, dashed)
    _dashed(d, _scaled(border), NC.BORDER, 3 * SS, 14 * SS, 7 * SS)
    _dashed(d, _scaled(_poly(layout, sc, sc.deployment_line)), NC.DEPLOY, 3 * SS, 6 * SS, 8 * SS)
    # roads: minor under major
    for cls, width, colour in (("minor", 3, NC.ROAD_MINOR), ("major", 7, NC.ROAD_MAJOR)):
        for r in sc.roads:
            if r.cls != cls:
                continue
            (x0, y0), (x1, y1) = pos[r.a], pos[r.b]
            d.line((x0 * SS, y0 * SS, x1 * SS, y1 * SS), fill=colour, width=width * SS)
    for r in sc.roads:  # a lighter core makes a major road read as a chaussée
        if r.cls == "major":
            (x0, y0), (x1, y1) = pos[r.a], pos[r.b]
            d.line((x0 * SS, y0 * SS, x1 * SS, y1 * SS), fill=(226, 196, 150), width=3 * SS)
    # towns and supply bases
    dots: dict[str, Box] = {}
    bases: dict[str, str] = {t.name: t.supply_base.army for t in sc.towns if t.supply_base is not None}
    for t in sc.towns:
        x, y = pos[t.name]
        _town_dot(d, x * SS, y * SS, bases.get(t.name), SS)
        rr = BASE_R if t.supply_base is not None else TOWN_R
        dots[t.name] = (x - rr - 2, y - rr - 2, x + rr + 2, y + rr + 2)
    image = big.resize((WIDTH, HEIGHT), Image.Resampling.LANCZOS)

    # town names, placed where they collide least
    draw = ImageDraw.Draw(image)
    labels = _place_labels(sc, layout, dots)
    f = font(TOWN_PX, "bold")
    for name, box in labels.items():  # town names stay as the data gives them, in every locale
        draw.text((box[0] + 2, box[1] + 1), name, font=f, fill=C.INK, stroke_width=3, stroke_fill=C.HALO)
    return _Geo(image, layout, dots, labels, bases)


def _draw_base(sc: Scenario, locale: str = "en") -> Base:
    geo = _geo_for(sc)
    image = geo.image.copy()
    dots, labels = geo.dots, geo.labels
    legend_img = _legend(locale)
    legend = _corner_for(legend_img.size, [*dots.values(), *labels.values()], geo.layout, sc)
    image.paste(legend_img, (int(legend[0]), int(legend[1])))
    panel = _panel_box(legend)
    palette = _palette(image, locale)
    return Base(image, palette, geo.layout, dots, labels, legend, panel, geo.bases)


def _place_labels(sc: Scenario, layout: Layout, dots: dict[str, Box]) -> dict[str, Box]:
    f = font(TOWN_PX, "bold")
    pos = layout.towns
    segs = [(pos[r.a], pos[r.b]) for r in sc.roads]
    placed: dict[str, Box] = {}

    # crowded towns first: they have the fewest good places
    def crowd(name: str) -> float:
        x, y = pos[name]
        return -sum(1 for (ox, oy) in pos.values() if math.hypot(ox - x, oy - y) < 140)

    for name in sorted(pos, key=lambda n: (crowd(n), n)):
        x, y = pos[name]
        left, top, right, bottom = f.getbbox(name, stroke_width=3)
        w, h = right - left + 4, bottom - top + 2
        rr = (dots[name][2] - dots[name][0]) / 2
        cands = [
            (x + rr + 2, y - h / 2),
            (x - rr - 2 - w, y - h / 2),
            (x - w / 2, y + rr + 1),
            (x - w / 2, y - rr - 1 - h),
            (x + rr - 2, y - rr - h + 2),
            (x + rr - 2, y + rr - 2),
            (x - rr - w + 2, y - rr - h + 2),
            (x - rr - w + 2, y + rr - 2),
        ]
        best: tuple[float, Box] | None = None
        for i, (bx, by) in enumerate(cands):
            box = (bx, by, bx + w, by + h)
            cost = i * 0.5
            if not inside(box, (4, TITLE_H + 4, WIDTH - 4, HEIGHT - 4)):
                cost += 1e6
            cost += sum(overlap(box, o) for o in placed.values()) * 20
            cost += sum(overlap(box, dd) for n, dd in dots.items() if n != name) * 20
            cost += sum(_seg_in_box(a, c, box) for a, c in segs) * 1.0
            if best is None or cost < best[0]:
                best = (cost, box)
        assert best is not None
        placed[name] = best[1]
    return placed


def _seg_in_box(a: tuple[float, float], b: tuple[float, float], box: Box) -> float:
    """Roughly how many pixels of segment ``ab`` lie inside ``box``."""
    if (
        max(a[0], b[0]) < box[0]
        or min(a[0], b[0]) > box[2]
        or max(a[1], b[1]) < box[1]
        or min(a[1], b[1]) > box[3]
    ):
        return 0.0
    n = max(2, int(math.hypot(b[0] - a[0], b[1] - a[1]) / 4))
    hits = 0
    for i in range(n + 1):
        x = a[0] + (b[0] - a[0]) * i / n
        y = a[1] + (b[1] - a[1]) * i / n
        if box[0] <= x <= box[2] and box[1] <= y <= box[3]:
            hits += 1
    return hits * 4.0


def _corner_for(size: tuple[int, int], obstacles: list[Box], layout: Layout, sc: Scenario) -> Box:
    """The corner of the map where the legend hides the least."""
    w, h = size
    m = 10
    corners = [
        (WIDTH - m - w, TITLE_H + m),
        (m, TITLE_H + m),
        (WIDTH - m - w, HEIGHT - m - h),
        (m, HEIGHT - m - h),
    ]
    pos = layout.towns
    segs = [(pos[r.a], pos[r.b]) for r in sc.roads]
    best: tuple[float, Box] | None = None
    for x, y in corners:
        box = (x, y, x + w, y + h)
        cost = sum(overlap(box, o) for o in obstacles) * 10 + sum(_seg_in_box(a, b, box) for a, b in segs)
        if best is None or cost < best[0]:
            best = (cost, box)
    assert best is not None
    return best[1]


def _panel_box(legend: Box) -> Box:
    """The panel for blocks to place and eliminated blocks: the bottom corner opposite the legend's side."""
    w, h = 520, 300
    left = legend[0] > WIDTH / 2
    x = 10 if left else WIDTH - 10 - w
    return (x, HEIGHT - 10 - h, x + w, HEIGHT - 10)


# ---------------------------------------------------------------------------------------------------------
# the legend


def _legend(locale: str = "en") -> Image.Image:
    """The key to the map in ``locale``, drawn once. Where a label is followed by something on its row, the
    next item starts after the label as measured (and never left of where the English key has it)."""
    s = script_of(locale)
    f = font(LEGEND_PX, script=s)

    def say(key: str) -> str:
        return T.say(key, locale)

    def wd(text: str) -> int:
        return math.ceil(f.getlength(text))

    def after(x: int, label: str, gap: int, at_least: int) -> int:
        """Where the next item starts: ``gap`` px after ``label`` drawn at ``x``, or at ``at_least``."""
        return max(at_least, x + wd(label) + gap)

    # armies, in two columns
    swatches = [
        ("french", "french", False, T.term("army", "french", locale)),
        ("french", "french", True, say("legend.guard")),
        ("british", "british", False, T.term("army", "british", locale)),
        ("british", "dutch_belgian", False, say("legend.dutch_belgian")),
        ("prussian", "prussian", False, T.term("army", "prussian", locale)),
    ]
    col2 = after(12 + 30, max((x[3] for x in swatches[::2]), key=wd), 16, 12 + 205)
    rights = [col2 + 30 + wd(x[3]) for x in swatches[1::2]]
    # a face and a hidden stack
    own = (say("legend.own_block"), say("legend.own_block_what"))
    stack_x = after(66, max(own, key=wd), 16, 236)
    hidden = (say("legend.hidden"), say("legend.hidden_what"))
    rights.append(stack_x + 44 + max(wd(x) for x in hidden))
    # symbols
    kinds = [(k, T.term("type", k, locale)) for k in ("infantry", "cavalry", "artillery", "leader")]
    rights.append(12 + sum(22 + int(f.getlength(label)) + 16 for _, label in kinds) - 16)
    # disrupted, in square
    square_x = after(96, say("legend.disrupted"), 16, 268)
    rights.append(square_x + 36 + wd(say("legend.square")))
    # roads and river
    minor_x = after(60, say("legend.major_road"), 20, 170)
    river_x = after(minor_x + 48, say("legend.minor_road"), 20, 318)
    rights.append(river_x + 38 + wd(say("legend.river")))
    # border and deployment line
    deploy_x = after(60, say("legend.border"), 20, 200)
    rights.append(deploy_x + 48 + wd(say("legend.deployment_line")))
    # supply base, battle, France
    mark_x = after(48, say("legend.supply_base"), 30, 176)
    france_x = after(mark_x + 38, say("legend.battle"), 20, 282)
    rights.append(france_x + 28 + wd(say("legend.france")))

    w, h = max(430, max(rights) + 12), 336
    im = Image.new("RGB", (w, h), C.PANEL_BG)
    d = ImageDraw.Draw(im)
    d.rectangle((0, 0, w - 1, h - 1), outline=C.PANEL_EDGE, width=2)
    draw_text(d, (12, 8), say("key"), LEGEND_HEAD_PX, "bold", s, fill=C.INK)
    y = 34
    for i, (army, nation, guard, label) in enumerate(swatches):
        x = 12 if i % 2 == 0 else col2
        yy = y + (i // 2) * 30
        body = NC.ARMY[army]
        band = B.band_colour(army, nation, guard)
        d.rectangle((x, yy, x + 22, yy + 22), fill=body, outline=C.INK)
        if band is not None:
            d.rectangle((x + 1, yy + 1, x + 21, yy + 8), fill=band)
        d.text((x + 30, yy + 11), label, font=f, fill=C.INK, anchor="lm")
    y += 3 * 30 + 4
    face = B.face_sprite("french", "french", False, "infantry", 3, "FR-12", False, False)
    im.paste(face, (12, y), face)
    d.text((66, y + 2), own[0], font=f, fill=C.INK)
    d.text((66, y + 21), own[1], font=f, fill=C.INK)
    stack = B.stack_sprite("british", 3, False, False)
    im.paste(stack, (stack_x, y + 2), stack)
    d.text((stack_x + 44, y + 2), hidden[0], font=f, fill=C.INK)
    d.text((stack_x + 44, y + 21), hidden[1], font=f, fill=C.INK)
    y += 50
    x = 12
    for kind, label in kinds:
        sym = B.key_symbol(kind, C.INK)
        im.paste(sym, (x, y + 3), sym)
        d.text((x + 22, y + 10), label, font=f, fill=C.INK, anchor="lm")
        x += 22 + int(f.getlength(label)) + 16
    y += 30
    down = B.face_sprite("prussian", "prussian", False, "cavalry", 2, "PR-9", True, False)
    im.paste(down, (12, y), down)
    d.text((96, y + 13), say("legend.disrupted"), font=f, fill=C.INK, anchor="lm")
    sq = B.stack_sprite("french", 1, False, True)
    im.paste(sq, (square_x, y - 2), sq)
    d.text((square_x + 36, y + 13), say("legend.square"), font=f, fill=C.INK, anchor="lm")
    y += 36
    # map features
    d.line((12, y + 8, 52, y + 8), fill=NC.ROAD_MAJOR, width=7)
    d.line((12, y + 8, 52, y + 8), fill=(226, 196, 150), width=3)
    d.text((60, y + 8), say("legend.major_road"), font=f, fill=C.INK, anchor="lm")
    d.line((minor_x, y + 8, minor_x + 40, y + 8), fill=NC.ROAD_MINOR, width=3)
    d.text((minor_x + 48, y + 8), say("legend.minor_road"), font=f, fill=C.INK, anchor="lm")
    d.line((river_x, y + 8, river_x + 32, y + 8), fill=NC.RIVER, width=5)
    d.text((river_x + 38, y + 8), say("legend.river"), font=f, fill=C.INK, anchor="lm")
    y += 26
    _dashed(d, [(12, y + 8), (52, y + 8)], NC.BORDER, 3, 14, 7)
    d.text((60, y + 8), say("legend.border"), font=f, fill=C.INK, anchor="lm")
    _dashed(d, [(deploy_x, y + 8), (deploy_x + 40, y + 8)], NC.DEPLOY, 3, 6, 8)
    d.text((deploy_x + 48, y + 8), say("legend.deployment_line"), font=f, fill=C.INK, anchor="lm")
    y += 28
    d.ellipse((18, y, 40, y + 22), fill=C.TOWN_FILL, outline=NC.BRITISH, width=4)
    d.ellipse((23, y + 5, 35, y + 17), fill=C.TOWN_FILL, outline=C.INK, width=2)
    d.text((48, y + 11), say("legend.supply_base"), font=f, fill=C.INK, anchor="lm")
    _battle_mark(d, (mark_x + 14, y + 11))
    d.text((mark_x + 38, y + 11), say("legend.battle"), font=f, fill=C.INK, anchor="lm")
    d.rectangle((france_x, y + 1, france_x + 20, y + 21), fill=NC.FRANCE_TINT, outline=C.PANEL_EDGE)
    d.text((france_x + 28, y + 11), say("legend.france"), font=f, fill=C.INK, anchor="lm")
    return im


def _battle_mark(d: ImageDraw.ImageDraw, centre: tuple[float, float], r: float = 14) -> None:
    """An orange burst with crossed sabres: a battle is open here."""
    x, y = centre
    pts = []
    for i in range(16):
        a = i * math.pi / 8
        rr = r if i % 2 == 0 else r * 0.62
        pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
    d.polygon(pts, fill=C.BATTLE, outline=C.INK)
    k = r * 0.5
    d.line((x - k, y - k, x + k, y + k), fill=C.INK, width=3)
    d.line((x - k, y + k, x + k, y - k), fill=C.INK, width=3)


# ---------------------------------------------------------------------------------------------------------
# the palette


def _palette(base: Image.Image, locale: str = "en") -> Image.Image:
    """255 colours: the key colours exactly, then what the base layer and the sprites need."""
    keys: list[C.RGB] = [
        C.PAPER,
        NC.FRANCE_TINT,
        C.INK,
        C.INK_SOFT,
        C.HALO,
        NC.ROAD_MAJOR,
        NC.ROAD_MINOR,
        NC.RIVER,
        NC.BORDER,
        NC.DEPLOY,
        C.TOWN_FILL,
        C.SQUARE_MARK,
        C.BATTLE,
        C.TITLE_BG,
        C.TITLE_TEXT,
        NC.NIGHT_BG,
        C.PANEL_BG,
        C.PANEL_EDGE,
        *NC.ARMY_COLOURS,
        (0, 0, 0),
    ]
    for body in NC.ARMY.values():
        for k in (0.55, 0.65, 0.78, 0.8):
            keys.append((round(body[0] * k), round(body[1] * k), round(body[2] * k)))
    sample = Image.new("RGB", (WIDTH, HEIGHT + 400), C.PAPER)
    sample.paste(base, (0, 0))
    x, y = 0, HEIGHT
    x, y = B.paste_samples(sample, x, y, WIDTH - 100, 50, (1, 2, 5, 12))
    title = Image.new("RGB", (WIDTH, 2 * TITLE_H), C.TITLE_BG)
    td = ImageDraw.Draw(title)
    td.rectangle((0, TITLE_H, WIDTH, 2 * TITLE_H), fill=NC.NIGHT_BG)
    for yy in (0, TITLE_H):
        draw_text(
            td,
            (20, yy + 10),
            T.say("title.sample", locale),
            TITLE_PX,
            "bold",
            script_of(locale),
            fill=C.TITLE_TEXT,
        )
    sample.paste(title, (0, HEIGHT + 400 - 2 * TITLE_H))
    return fixed_palette(sample, keys)


# ---------------------------------------------------------------------------------------------------------
# the title bar


def _long_date(day: object, locale: str = "en") -> str:
    """``1815-06-16`` (a date or its ISO text) as "Friday 16 June 1815" (1815年6月16日(金) in Japanese)."""
    return T.long_date(day, locale)


def title_text(v: View, locale: str = "en") -> tuple[str, str, str]:
    """The title bar's three parts, in ``locale``: when, what is happening, who must act."""
    if v.turn == 0:
        when = T.say("title.deployment", locale)
    else:
        slot = T.say("title.slot", locale, slot=T.term("slot", v.slot, locale)) if v.slot else ""
        when = (
            T.say("title.turn", locale, turn=v.turn, last=v.last_turn, date=_long_date(v.day, locale)) + slot
        )
    side = T.term("army", v.side, locale)
    phase = T.term("phase", v.phase, locale).replace("_", " ")
    if v.result:
        what = T.say("title.game_over", locale, winner=_winner(v.result.get("winner", ""), locale))
    elif v.turn == 0:
        what = T.term("setup", v.setup, locale)
    else:
        what = T.say("title.side_turn", locale, side=side, phase=phase)
    if v.result:
        who = ""
    elif v.active:
        who = T.say(
            "title.to_act", locale, roles=T.join([T.term("army", r, locale) for r in v.active], locale)
        )
    else:
        who = ""
    return when, what, who


def _winner(w: str, locale: str = "en") -> str:
    return T.term("winner", w, locale)


def _draw_title(im: Image.Image, v: View, locale: str = "en") -> None:
    d = ImageDraw.Draw(im)
    bg = NC.NIGHT_BG if v.night else C.TITLE_BG
    d.rectangle((0, 0, WIDTH, TITLE_H), fill=bg)
    when, what, who = title_text(v, locale)
    s = script_of(locale)
    fb = font(TITLE_PX, "bold", s)
    fs = font(SUBTITLE_PX, script=s)
    x = 20
    # day or night, with a word as well as a sign (not colour alone)
    tag = T.say("title.night", locale) if v.night else (T.say("title.day", locale) if v.turn else "")
    if tag:
        tw = text_length(tag, TITLE_PX, "bold", s) + 24
        d.rounded_rectangle(
            (x, 12, x + tw, TITLE_H - 12), radius=8, fill=(70, 80, 140) if v.night else (232, 190, 70)
        )
        draw_text(
            d,
            (x + 12, TITLE_H / 2),
            tag,
            TITLE_PX,
            "bold",
            s,
            anchor="lm",
            fill=C.TITLE_TEXT if v.night else C.INK,
        )
        x += int(tw) + 18
    draw_text(d, (x, TITLE_H / 2), when, TITLE_PX, "bold", s, anchor="lm", fill=C.TITLE_TEXT)
    x += int(fb.getlength(when)) + 28
    d.text((x, TITLE_H / 2), what, font=fs, fill=C.TITLE_TEXT, anchor="lm")
    right = WIDTH - 20
    if v.role != "public":
        # a private picture says so plainly: it must not be forwarded to the opponent
        label = T.say("eyes_only", locale, role=T.term("army", v.role, locale))
        fp = font(SUBTITLE_PX, "bold", s)
        tw = fp.getlength(label) + 24
        d.rounded_rectangle((right - tw, 12, right, TITLE_H - 12), radius=8, fill=C.HALO)
        draw_text(d, (right - tw / 2, TITLE_H / 2), label, SUBTITLE_PX, "bold", s, anchor="mm", fill=C.INK)
        right -= int(tw) + 20
    if who:
        d.text((right, TITLE_H / 2), who, font=fs, fill=C.TITLE_TEXT, anchor="rm")


# ---------------------------------------------------------------------------------------------------------
# blocks on the map


def _groups(blocks: Sequence[BlockView]) -> list[Image.Image]:
    """The sprites of one town's blocks: known faces one by one, hidden ones as counted stacks."""
    faces = [b for b in blocks if b.known]
    faces.sort(key=lambda b: (b.army, b.disrupted, b.type == "leader", _id_key(b.id)))
    hidden: dict[tuple[str, bool, bool], int] = {}
    for b in blocks:
        if not b.known:
            k = (b.army, b.disrupted, b.in_square)
            hidden[k] = hidden.get(k, 0) + 1
    out = [B.sprite(b) for b in faces]
    for (army, down, sq), n in sorted(hidden.items()):
        out.append(B.stack_sprite(army, n, down, sq))
    return out


def _id_key(uid: str | None) -> tuple[str, int]:
    if not uid:
        return ("", 0)
    head, _, tail = uid.rpartition("-")
    return (head, int(tail)) if tail.isdigit() else (uid, 0)


_Arrangement = tuple[int, int, tuple[tuple[int, int], ...]]  # a card's width and height, each sprite's offset


@lru_cache(maxsize=4096)
def _arrange_sizes(sizes: tuple[tuple[int, int], ...], header: int, min_w: int, max_w: int) -> _Arrangement:
    """Rows of sprites of these sizes, balanced, at most ``MAX_FACE_COLS`` faces wide (or rows up to
    ``max_w`` px), below a header of ``header`` px; returns the card's size and each sprite's offset."""
    if not max_w:
        faces = sum(1 for w, _ in sizes if w >= B.FACE[0])
        rows_needed = max(1, math.ceil(faces / MAX_FACE_COLS))
        cols = max(1, math.ceil(faces / rows_needed))
        max_w = max(cols * (B.FACE[0] + GAP) - GAP, B.FACE_DOWN[0])
        if not faces:  # hidden stacks only: one row (there are at most a few: one per army and posture)
            max_w = max(max_w, sum(w + GAP for w, _ in sizes))
    rows: list[list[tuple[int, int]]] = [[]]
    row_w = 0
    for w, h in sizes:
        if rows[-1] and row_w + GAP + w > max_w:
            rows.append([])
            row_w = 0
        row_w += (GAP if rows[-1] else 0) + w
        rows[-1].append((w, h))
    offsets: list[tuple[int, int]] = []
    y = CARD_PAD + header
    width = min_w
    for row in rows:
        x = CARD_PAD
        row_h = max(h for _, h in row)
        for w, h in row:
            offsets.append((x, y + (row_h - h)))  # bottom-aligned
            x += w + GAP
        width = max(width, x - GAP + CARD_PAD)
        y += row_h + GAP
    return width, y - GAP + CARD_PAD, tuple(offsets)


MAX_SHAPES = 4  # the sizes a card may take docked to its town: its own, then narrower or wider ones
MAX_DISPLACED_SHAPES = 3  # ... and displaced from it
BOUNDS: Box = (4, TITLE_H + 4, WIDTH - 4, HEIGHT - 4)
PLACED_KEPT = 256  # card layouts kept per static layer (a few KB each)
BATTLE_R = 14  # the battle mark's radius: no other card hides under it
MARGIN_AREA: Box = (1350, 1060, WIDTH - 4, HEIGHT - 4)  # the empty south-east beyond Givet: the cards' margin


def _shapes(sprites: list[Image.Image], header: int = 0, min_w: int = 0) -> list[_Arrangement]:
    """The ways a card may be arranged (under a header of ``header`` px, at least ``min_w`` wide):
    balanced rows first (:func:`_arrange_sizes`), then other row widths, the most compact first; each once."""
    return list(_shapes_of(tuple(s.size for s in sprites), header, min_w))


@lru_cache(maxsize=2048)
def _shapes_of(sizes: tuple[tuple[int, int], ...], header: int, min_w: int) -> tuple[_Arrangement, ...]:
    out = [_arrange_sizes(sizes, header, min_w, 0)]
    widest = max(w for w, _ in sizes)
    others: list[_Arrangement] = []
    for cols in range(1, MAX_FACE_COLS + 1):
        a = _arrange_sizes(sizes, header, min_w, max(widest, cols * (B.FACE[0] + GAP) - GAP))
        if all(a[:2] != o[:2] for o in (*out, *others)):
            others.append(a)
    others.sort(key=lambda a: (max(a[0], a[1]), a[0]))
    return tuple(out + others)[:MAX_SHAPES]


@dataclass
class _Card:
    town: TownView
    sprites: list[Image.Image]
    docked: list[_Arrangement]  # beside the town
    displaced: list[_Arrangement]  # further off, under a header with the town's name


@lru_cache(maxsize=256)
def _head_w(town: str) -> int:
    """The least width of a displaced card: its header names the town."""
    return int(font(CARD_HEAD_PX, "bold").getlength(town)) + 2 * CARD_PAD + 4


def _cards(base: Base, towns: Sequence[TownView]) -> list[_Card]:
    cards = []
    for t in towns:
        if t.name not in base.layout.towns or not t.blocks:
            continue
        sprites = _groups(t.blocks)
        away = _shapes(sprites, CARD_HEAD_H, _head_w(t.name))[:MAX_DISPLACED_SHAPES]
        cards.append(_Card(t, sprites, _shapes(sprites), away))
    return cards


def _place(base: Base, cards: Sequence[_Card], avoid: Sequence[Box] = ()) -> dict[str, Placed]:
    """Where each card stands (:func:`renderers.cards.place_cards`): clear of every town's name, of other
    towns' dots (and the battle marks on them), of the key and of ``avoid``."""
    dots = dict(base.dots)
    for c in cards:
        if c.town.battle:
            x, y = base.layout.towns[c.town.name]
            r = max(BATTLE_R + 1, (dots[c.town.name][2] - dots[c.town.name][0]) / 2)
            dots[c.town.name] = (x - r, y - r, x + r, y + r)
    specs = tuple(
        Card(c.town.name, tuple(a[:2] for a in c.docked), tuple(a[:2] for a in c.displaced)) for c in cards
    )
    key = (specs, tuple(c.town.name for c in cards if c.town.battle), tuple(avoid))
    placed = base.placed.get(key)
    if placed is None:
        placed = place_cards(
            specs, base.layout.towns, dots, base.labels, BOUNDS, (base.legend, *avoid), (MARGIN_AREA,)
        )
        base.placed[key] = placed
        while len(base.placed) > PLACED_KEPT:
            base.placed.popitem(last=False)
    else:
        base.placed.move_to_end(key)
    return dict(placed)


def card_layout(view: View, scenario: Scenario | None = None, locale: str = "en") -> dict[str, Placed]:
    """The cards of ``view``'s map, by town, as :func:`map_image` lays them out (for tests: nothing drawn)."""
    loc = T.locale_of(locale)
    base = base_for(_scenario(scenario), loc)
    panel = _panel_layout(base, view, loc)
    return _place(base, _cards(base, view.towns), () if panel is None else (panel.box,))


def _draw_blocks(
    im: Image.Image, base: Base, towns: Sequence[TownView], avoid: Sequence[Box] = ()
) -> list[Box]:
    """Draw the towns' cards; the boxes drawn in (``mapped`` maps only those onto the palette)."""
    d = ImageDraw.Draw(im)
    dirty: list[Box] = []
    pos = base.layout.towns
    fh = font(CARD_HEAD_PX, "bold")
    cards = _cards(base, towns)
    placed = _place(base, cards, avoid)
    for c in cards:  # leader lines first, under every card
        p = placed[c.town.name]
        if p.leader is not None:
            (x, y), end = p.leader
            colour = C.BATTLE if c.town.battle else C.INK
            d.line((x, y, *(() if p.bend is None else p.bend), *end), fill=colour, width=3, joint="curve")
            d.ellipse((x - 4, y - 4, x + 4, y + 4), fill=colour)
            pts = [(x, y), *(() if p.bend is None else [p.bend]), end]
            xs, ys = [q[0] for q in pts], [q[1] for q in pts]
            dirty.append((min(xs) - 6, min(ys) - 6, max(xs) + 6, max(ys) + 6))
    for c in cards:
        p = placed[c.town.name]
        x0, y0 = round(p.box[0]), round(p.box[1])
        _, h, offsets = c.displaced[p.shape] if p.headed else c.docked[p.shape]
        w = round(p.box[2] - p.box[0])  # a card in the margin is wider: its key stands in its header
        battle = c.town.battle
        edge = C.BATTLE if battle else C.PANEL_EDGE
        d.rounded_rectangle(
            (x0, y0, x0 + w - 1, y0 + h - 1),
            radius=5,
            fill=C.PANEL_BG,
            outline=edge,
            width=3 if battle else 1,
        )
        if p.headed:  # away from its town or over its own name: the header names the town
            d.rounded_rectangle(
                (x0, y0, x0 + w - 1, y0 + CARD_HEAD_H), radius=5, fill=C.BATTLE if battle else C.INK
            )
            kx = 0
            if p.key:  # in the margin: the letter of the tag beside its town
                kx = KEY_W + KEY_GAP
                draw_key(d, (x0 + 2, y0 + 2, x0 + 2 + KEY_W, y0 + 2 + KEY_W), p.key, C.INK, C.HALO)
            d.text(
                (x0 + CARD_PAD + 2 + kx, y0 + CARD_HEAD_H / 2 + 1),
                c.town.name,
                font=fh,
                fill=C.INK if battle else C.HALO,
                anchor="lm",
            )
        dirty.append((x0, y0, x0 + w, y0 + h))
        for s, (ox, oy) in zip(c.sprites, offsets, strict=True):
            im.paste(s, (x0 + ox, y0 + oy), s)
            dirty.append((x0 + ox, y0 + oy, x0 + ox + s.width, y0 + oy + s.height))
    for c in cards:  # the towns' dots on top: each card hangs from its town
        x, y = pos[c.town.name]
        _town_dot(d, x, y, base.bases.get(c.town.name))
        dirty.append((x - BASE_R - 3, y - BASE_R - 3, x + BASE_R + 3, y + BASE_R + 3))
    for t in towns:
        if t.battle and t.name in pos:
            _battle_mark(d, pos[t.name], BATTLE_R)
            x, y = pos[t.name]
            dirty.append((x - BATTLE_R - 3, y - BATTLE_R - 3, x + BATTLE_R + 3, y + BATTLE_R + 3))
    for c in cards:  # a card in the margin: its letter beside its town
        p = placed[c.town.name]
        if p.tag is not None:
            draw_key(d, p.tag, p.key, C.BATTLE if c.town.battle else C.INK, C.HALO)
            dirty.append(p.tag)
    return dirty


def _town_dot(d: ImageDraw.ImageDraw, x: float, y: float, base_army: str | None, scale: int = 1) -> None:
    """A town: a white dot; a supply base also has a thick ring in its army's colour."""
    if base_army is not None:
        r = BASE_R * scale
        d.ellipse(
            (x - r, y - r, x + r, y + r),
            fill=C.TOWN_FILL,
            outline=NC.ARMY.get(base_army, C.INK),
            width=4 * scale,
        )
    r = TOWN_R * scale
    d.ellipse((x - r, y - r, x + r, y + r), fill=C.TOWN_FILL, outline=C.INK, width=2 * scale)


# ---------------------------------------------------------------------------------------------------------
# panels: blocks to place, eliminated blocks, the result


@dataclass
class _Panel:
    box: Box
    rows: list[tuple[str, list[Image.Image], int]]  # label, the sprites shown, how many rows of them
    per_row: int


def _panel_layout(base: Base, v: View, locale: str = "en") -> _Panel | None:
    """Blocks to place and eliminated blocks, in a bottom corner: what the panel holds and its box."""
    rows: list[tuple[str, list[Image.Image], int]] = []  # label, sprites, at most this many rows of them
    if v.unplaced:
        rows.append((T.say("panel.to_place", locale, n=len(v.unplaced)), _groups(v.unplaced), 5))
    if v.eliminated:
        by_army: dict[str, list[BlockView]] = {}
        for b in v.eliminated:
            by_army.setdefault(b.army, []).append(b)
        for army in sorted(by_army):
            bs = by_army[army]
            # an eliminated block has no strength left: its face shows unit and type only
            gone = [replace(b, cv=None) if b.known else b for b in bs]
            label = T.say("panel.eliminated", locale, army=T.term("army", army, locale), n=len(bs))
            rows.append((label, _groups(gone), 2))
    if not rows:
        return None
    x0, _, x1, y1 = base.panel
    per_row = max(1, (int(x1 - x0) - 2 * CARD_PAD) // (B.FACE[0] + GAP))
    shown = []
    for label, sprites, max_rows in rows:
        more = len(sprites) - per_row * max_rows
        more_text = T.say("panel.more", locale, n=more) if more > 0 else ""
        some = sprites[: per_row * max_rows]
        shown.append((label + more_text, some, math.ceil(len(some) / per_row)))
    # laid out from the bottom up so the panel hugs the picture's bottom edge
    height = sum(22 + n * (B.FACE[1] + GAP) for _, _, n in shown) + 2 * CARD_PAD
    return _Panel((x0, int(y1 - height), x1, y1), shown, per_row)


def _draw_panel(im: Image.Image, panel: _Panel, locale: str = "en") -> None:
    x0, y0, x1, y1 = panel.box
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((x0, y0, x1, y1), radius=6, fill=C.PANEL_BG, outline=C.PANEL_EDGE, width=2)
    y = y0 + CARD_PAD
    for label, shown, n_rows in panel.rows:
        draw_text(d, (x0 + 8, y + 2), label, PANEL_PX, "bold", script_of(locale), fill=C.INK)
        y += 22
        for i, s in enumerate(shown):
            cx = int(x0 + CARD_PAD + (i % panel.per_row) * (B.FACE[0] + GAP))
            cy = int(y + (i // panel.per_row) * (B.FACE[1] + GAP))
            im.paste(s, (cx, cy + B.FACE[1] - s.height), s)
        y += n_rows * (B.FACE[1] + GAP)


def _draw_result(im: Image.Image, v: View, locale: str = "en") -> None:
    if not v.result:
        return
    text = _winner(v.result.get("winner", ""), locale)
    reason = T.reason(v.result.get("reason", ""), locale)
    d = ImageDraw.Draw(im)
    fb = font(BANNER_PX, "bold", script_of(locale))
    fs = font(SUBTITLE_PX, script=script_of(locale))
    w = max(fb.getlength(text), fs.getlength(reason)) + 60
    x0, y0 = (WIDTH - w) / 2, TITLE_H + 14
    d.rounded_rectangle((x0, y0, x0 + w, y0 + 84), radius=10, fill=C.TITLE_BG, outline=C.SQUARE_MARK, width=3)
    draw_text(
        d, (WIDTH / 2, y0 + 28), text, BANNER_PX, "bold", script_of(locale), anchor="mm", fill=C.TITLE_TEXT
    )
    d.text((WIDTH / 2, y0 + 62), reason, font=fs, fill=C.TITLE_TEXT, anchor="mm")


# ---------------------------------------------------------------------------------------------------------
# entry points


def _scenario(sc: Scenario | str | None) -> Scenario:
    """The scenario itself, or the data package's by name (what a picture worker is sent; None: the
    default)."""
    if sc is not None and not isinstance(sc, str):
        return sc
    from data.napoleon import load_scenario

    return load_scenario(sc or "napoleon")


def map_image(view: View, scenario: Scenario | None = None, locale: str = "en") -> Image.Image:
    """The campaign map as an indexed ("P") image on the scenario's fixed palette (of ``locale``)."""
    loc = T.locale_of(locale)
    base = base_for(_scenario(scenario), loc)
    im = base.image.copy()
    _draw_title(im, view, loc)
    dirty: list[Box] = [(0, 0, WIDTH, TITLE_H)]
    panel = _panel_layout(base, view, loc)
    if panel is not None:  # first, and the blocks' cards keep clear of it
        _draw_panel(im, panel, loc)
        dirty.append(panel.box)
    dirty += _draw_blocks(im, base, view.towns, () if panel is None else (panel.box,))
    if view.result:
        _draw_result(im, view, loc)
        dirty.append((0, TITLE_H, WIDTH, TITLE_H + 110))
    # only what was drawn anew is mapped onto the palette (the same pixels as mapping the whole picture)
    return mapped(im, _OnPalette(base.palette, _indexed(base)), dirty)


@dataclass(frozen=True)
class _OnPalette:
    palette: Image.Image
    indexed: Image.Image


_INDEXED: dict[int, tuple[Base, Image.Image]] = {}


def _indexed(base: Base) -> Image.Image:
    """The static layer mapped onto its palette, once per layer."""
    hit = _INDEXED.get(id(base))
    if hit is None or hit[0] is not base:
        hit = _INDEXED[id(base)] = (base, base.image.quantize(palette=base.palette, dither=Image.Dither.NONE))
    return hit[1]


def render_map(view: View, scenario: Scenario | None = None, locale: str = "en") -> bytes:
    """The campaign map of ``view`` as PNG bytes (about 1900×1400), its texts in ``locale`` (en or ja)."""
    return encode_png(map_image(view, scenario, locale))
