"""Sample pictures of Eagles of the Empire: the set-up at 14:00 (our scenario's, built here as a view) and a
mid-game view of our own making (17:00, Kellermann up, the French in Gemioncourt), drawn as the map, the map
with a command range, lines of sight (clear, blocked by an area, blocked by a border) and the crop round the
last activation. Used by the picture demo (``demo``) and the picture bench (``render_warm``,
``render_bench``; ``renderers/showcase.py``). The views are dicts in the shape the pictures read
(:mod:`renderers.eagles.read`)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, partial
from typing import Any

from engine.eagles.game import Game
from engine.eagles.options import Options

from ..showcase import (
    MAP_BUDGET_MS,
    Games,
    Guide,
    Moment,
    RenderBench,
    in_both,
    map_parts,
    rgb_png,
    warm_steps,
)
from . import base as B
from . import board as G
from . import pictures as P

CROP_BUDGET_MS = 50


def _u(uid: str, at: str, facing: str | None = None, **kw: Any) -> dict[str, Any]:
    return {"id": uid, "at": at, "facing": facing, **kw}


def _l(lid: str, at: str) -> dict[str, Any]:
    return {"id": lid, "at": at}


def setup_view() -> dict[str, Any]:
    """The set-up at 14:00 (our scenario's, from the data): every unit, leader and HQ where it starts, facing
    as placed where it has a facing (2.3); the reinforcements off the map; the French holding the areas the
    scenario gives them, the Allies the rest."""
    d = G.data()
    sc = d.scenario(G.SCENARIO)
    units: list[dict[str, Any]] = []
    leaders: list[dict[str, Any]] = []
    for pl in sc.setup:
        for uid in pl.units:
            units.append(_u(uid, pl.area, pl.facing if d.unit(uid).faces else None))
        units += [_u(h, pl.area) for h in pl.hqs]
        leaders += [_l(x, pl.area) for x in pl.leaders]
    placed = {u["id"] for u in units} | {x["id"] for x in leaders}
    units += [_u(u.id, "off") for u in d.units if u.id not in placed and u.variant is None]
    units += [_u(h.id, "off") for h in d.hqs if h.id not in placed]
    leaders += [_l(x.id, "off") for x in d.leaders if x.id not in placed and x.variant is None]
    held = {
        o.area: ("french" if o.area in sc.victory.french_start else "allies") for o in sc.victory.objectives
    }
    return {
        "game": "eagles", "role": "public", "turn": 1, "time": sc.turns[0].hour, "weather": sc.weather,
        "vp": {"french": 0, "allies": 0}, "active": "french", "units": units, "leaders": leaders,
        "holders": held, "last_activation": {"areas": []},
    }  # fmt: skip


def mid_view() -> dict[str, Any]:
    """17:00 of a game of our own making: Foy in Gemioncourt, Jérôme in the Bossu wood, Kellermann up,
    Picton on the Namur road, Alten arriving, Bijlandt and the Duke of Brunswick lost."""
    units = [
        _u("F02", "V1", "C2", steps=2, sp=2), _u("F11", "V1", "C2"), _u("F13", "S1", "V1"),
        _u("F03", "W3", "W2", steps=4, sp=4), _u("F12", "S2", "W3"), _u("F01", "V4", "V3", steps=2, sp=2),
        _u("F10", "S3", "V4"), _u("F04", "V2", steps=1, sp=1), _u("F05", "V3"), _u("F14", "S1", "V1"),
        _u("F06", "S5"), _u("F07", "S5"), _u("F15", "S7", "S5"), _u("F08", "F1"), _u("F09", "F1"),
        _u("A02", "W1", "W2", steps=2, sp=2), _u("A01", "gone", steps=0, sp=0), _u("A03", "C2", "V1"),
        _u("A04", "C3", "V3", steps=1, sp=1), _u("A05", "N4"), _u("A06", "C3", "V3"), _u("A07", "C4", "V5"),
        _u("A08", "C5", "V6"), _u("A09", "C1", "C2"), _u("A10", "C2", "V2"), _u("A11", "C1"), _u("A12", "N6"),
        _u("A13", "off"), _u("A14", "N4", "W1"), _u("A15", "N3", "W1"), _u("A16", "off"), _u("A17", "off"),
        _u("A18", "off"), _u("A-HQ", "C1"),
    ]  # fmt: skip
    leaders = [
        _l("F-L1", "S1"), _l("F-L2", "S1"), _l("F-L3", "V4"), _l("F-L4", "V1"), _l("F-L5", "W3"),
        _l("F-L6", "V2"), _l("F-L7", "S5"), _l("F-L8", "F1"), _l("A-L1", "C1"), _l("A-L2", "C2"),
        _l("A-L3", "C2"), _l("A-L4", "C3"), _l("A-L5", "gone"), _l("A-L6", "N4"), _l("A-L7", "off"),
        _l("A-L8", "N4"),
    ]  # fmt: skip
    held = {"C1": "allies", "C2": "allies", "C3": "allies", "C4": "allies", "W1": "allies", "V1": "french",
            "V6": "allies", "W8": "french"}  # fmt: skip
    return {
        "game": "eagles", "role": "public", "turn": 4, "time": "17:00", "weather": "clear",
        "vp": {"french": 9, "allies": 7}, "active": "allies", "units": units, "leaders": leaders,
        "holders": held, "last_activation": {"side": "french", "areas": ["S1", "V1", "C2"]},
    }  # fmt: skip


@lru_cache(maxsize=8)
def engine_los(a: str, b: str) -> dict[str, Any]:
    """The line of sight from ``a`` to ``b`` at the set-up as the engine answers ``/los`` (12.5: its
    ``los`` event, yes or no and why, the blocking area or border), with the view it was asked in."""
    game = Game.new(Options(), 1)
    game.apply(game.active()[0], f"/los from:{a} to:{b}")
    view = game.view("public")
    event = dict(view.events[-1])
    return {**event, "view": game.view("public", events=False)}


def los_subjects() -> dict[str, dict[str, Any]]:
    """Lines of sight to draw: the engine's answers at the set-up (clear; blocked by the Bossu wood between;
    blocked by higher ground between), and one along a blocking border in our mid-game view (12.5 b), its
    answer written as the engine would."""
    return {
        "clear": engine_los("S1", "C2"),
        "area": engine_los("S1", "W1"),
        "ground": engine_los("C1", "V1"),
        "border": {"view": mid_view(), "from": "S1", "to": "C3", "ok": False, "blocker": "V1|V3",
                   "why": "the line runs along the border V1|V3, which blocks (12.5 b)"},
    }  # fmt: skip


def demo(write: Callable[[str, bytes], None], games: Games | None = None) -> None:
    write("eagles-map-start.png", P.draw_map(setup_view()))
    write("eagles-map-mid.png", P.draw_map(mid_view()))
    write("eagles-map-mid-ja.png", P.draw_map(mid_view(), "ja"))
    write("eagles-map-command.png", P.draw_map({"view": mid_view(), "command": "A-L1"}))
    for name, subject in los_subjects().items():
        write(f"eagles-los-{name}.png", P.draw_los(subject))
    write("eagles-los-area-ja.png", P.draw_los(los_subjects()["area"], "ja"))
    write("eagles-action.png", P.draw_action(mid_view()))
    write("eagles-action-start.png", P.draw_action(setup_view()))


def render_warm() -> list[tuple[str, Callable[[], object]]]:
    return warm_steps(B.warm)


def render_bench(games: Games | None = None) -> RenderBench:
    start, mid = setup_view(), mid_view()
    los = los_subjects()
    cases: list[tuple[str, Callable[[], bytes], float, bool]] = [
        ("map, public, start", partial(P.draw_map, start), MAP_BUDGET_MS, True),
        ("map, public, mid-game", partial(P.draw_map, mid), MAP_BUDGET_MS, True),
        ("map, mid-game, ja", partial(P.draw_map, mid, "ja"), MAP_BUDGET_MS, True),
        ("map, command range", partial(P.draw_map, {"view": mid, "command": "A-L1"}), MAP_BUDGET_MS, True),
        ("line of sight, blocked", partial(P.draw_los, los["area"]), MAP_BUDGET_MS, True),
        ("last activation crop", partial(P.draw_action, mid), MAP_BUDGET_MS, True),
    ]
    parts = map_parts(P.map_image, mid)
    reference = (
        "the public start map as an RGB PNG (no fixed palette)",
        partial(rgb_png, P.map_image, start),
    )
    return RenderBench(reference, cases, ("the mid-game map", parts))


def _guide_picture(kind: str, view: Any, locale: str) -> bytes | None:
    """``map``; ``command:LEADER`` (the map with his command range, 9.0); ``action`` (the crop round the last
    activation); ``los:A:B`` (the engine's answer to ``/los from:A to:B`` at the set-up, drawn on ``view``,
    which is the set-up's)."""
    name, _, rest = kind.partition(":")
    if name == "map":
        return P.draw_map(view, locale)
    if name == "command":
        return P.draw_map({"view": view, "command": rest}, locale)
    if name == "action":
        return P.draw_action(view, locale)
    if name == "los":
        a, b = rest.split(":")
        return P.draw_los({**engine_los(a, b), "view": view}, locale)
    return None


def _at_start(g: Game) -> bool:
    return g.state.turn == 1 and not g.log


def _allied_activation(g: Game) -> bool:
    """Wellington on the map (facts 7.2: 15:00) and an Allied activation under way, before its moves."""
    st = g.state
    return (
        st.turn >= 3
        and st.phase == "move"
        and g.active() == ["allies"]
        and st.leaders["A-L1"].area not in ("off", "gone")
    )


def _assault(g: Game) -> bool:
    """The French assault segment of an activation from 16:00 on, an assault just fought (14.1)."""
    st = g.state
    return st.turn >= 3 and st.phase == "assault" and bool(g.log) and g.log[-1].startswith("french: /assault")


GUIDE = Guide(
    seed=1,
    moments=(
        Moment(
            "start",
            _at_start,
            (
                *in_both("eagles-guide-start", "map", "public"),
                ("eagles-guide-los-ground.png", "los:C1:V1", "public", "en"),
                *in_both("eagles-guide-los-wood", "los:S1:W1", "public"),
            ),
        ),
        Moment(
            "command",
            _allied_activation,
            in_both("eagles-guide-command", "command:A-L1", "public"),
        ),
        Moment(
            "assault",
            _assault,
            in_both("eagles-guide-assault", "action", "public"),
        ),
    ),
    draw=_guide_picture,
    about="the pictures of the guide's Eagles of the Empire chapters (docs/guide-eagles.md, .ja.md)",
)
