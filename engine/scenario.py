"""``python -m engine.scenario napoleon --json``: print the loaded scenario (a contract for outside tools);
``python -m engine.scenario --list``: the game modules (``engine/modules.py``), their seats and options."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from data import ScenarioError
from data.napoleon import load_scenario

from . import modules


def dump(name: str) -> dict[str, Any]:
    if name == "liberty":
        return dump_liberty()
    sc = load_scenario(name)
    return {
        "name": sc.name,
        "towns": [
            {
                "name": t.name,
                "country": t.country,
                "deploy_side": t.deploy_side,
                "supply_base": (
                    {"army": t.supply_base.army, "loss": t.supply_base.loss} if t.supply_base else None
                ),
                "x": t.x,
                "y": t.y,
                "lat": t.lat,
                "lon": t.lon,
            }
            for t in sc.towns
        ],
        "roads": [{"a": r.a, "b": r.b, "class": r.cls, "river": r.river} for r in sc.roads],
        "units": [
            {
                "id": u.id,
                "name": u.name,
                "army": u.army,
                "nation": u.nation,
                "type": u.type,
                "max_cv": u.max_cv,
                "corps": u.corps,
                "guard": u.guard,
            }
            for u in sc.units
        ],
        "setups": {
            "historical": dict(sc.historical),
            "free": {
                a: {"towns": list(sc.free_towns(a)), "cap": sc.free_cap(a)}
                for a in ("french", "british", "prussian")
            },
        },
        "turns": [
            {"n": t.n, "side": t.side, "night": t.night, "day": str(t.day), "slot": t.slot} for t in sc.turns
        ],
    }


def listing() -> str:
    """The game modules, their seats and their options with defaults, values and help (``--list``)."""
    lines = []
    for m in modules.modules():
        lines.append(f"{m.id}: {m.title}; roles {', '.join(m.roles(m.parse_options('')))}")
        for o in m.options:
            values = "|".join(o.choices) if o.choices else o.kind
            default = ("on" if o.default else "off") if o.kind == "bool" else o.default
            lines.append(f"  {o.name}={default}  ({values}) {o.help}")
    return "\n".join(lines) + "\n"


def dump_liberty() -> dict[str, Any]:
    """*Liberty*'s data (``data/liberty``, our reconstruction), with the keys of Napoleon's dump where they
    mean the same: ``places`` (``name``, ``value``, ``port``, ...), ``hexes``, ``hexsides``, ``units``
    (``id``, ``side``, ``type``, ``rating``, ``max_cv``), the set-up, the deck and the victory thresholds."""
    from data.liberty import load_liberty

    lib = load_liberty()
    return {
        "name": lib.name,
        "places": [
            {
                "name": t.name,
                "hex": t.hex,
                "colour": t.colour,
                "value": t.value,
                "vp": t.victory_points,
                "port": t.port,
                "indians": t.indians,
                "west_indies": t.west_indies,
                "lat": t.lat,
                "lon": t.lon,
            }
            for t in lib.towns
        ],
        "atlantic": lib.atlantic,
        "hexes": [
            {"id": h.id, "terrain": h.terrain, "region": h.region, "wilderness": h.wilderness, "half": h.half}
            for h in lib.hexes
        ],
        "hexsides": [
            {
                "a": s.a,
                "b": s.b,
                "terrain": s.terrain,
                "limit": s.limit,
                "stops": s.stops,
                "navigable": s.navigable,
                "rivers": list(s.rivers),
                "shore": s.shore,
            }
            for s in lib.hexsides
        ],
        "units": [
            {
                "id": u.id,
                "name": u.name,
                "side": u.side,
                "nation": u.nation,
                "type": u.type,
                "rating": u.rating,
                "max_cv": u.max_cv,
                "move": u.move,
                "militia": u.militia,
                "home": u.home,
            }
            for u in lib.units
        ],
        "setup": [{"id": e.id, "at": e.at, "cv": e.cv} for e in lib.setup],
        "cards": [{"id": c.id, "kind": c.kind, "value": c.value} for c in lib.cards],
        "victory": lib.victory.model_dump(),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.scenario")
    ap.add_argument("name", nargs="?", default="napoleon")
    ap.add_argument("--json", action="store_true", help="print the scenario as JSON")
    ap.add_argument("--list", action="store_true", help="list the game modules and their options")
    args = ap.parse_args(argv)
    if args.list:
        print(listing(), end="")
        return 0
    try:
        d = dump(args.name)
    except ScenarioError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(d, ensure_ascii=False, indent=1))
    elif "places" in d:
        print(
            f"{d['name']}: {len(d['places'])} places, {len(d['hexes'])} hexes, "
            f"{len(d['hexsides'])} hexsides, {len(d['units'])} blocks, {len(d['cards'])} cards"
        )
    else:
        print(
            f"{d['name']}: {len(d['towns'])} towns, {len(d['roads'])} roads, {len(d['units'])} units, "
            f"{len(d['turns'])} campaign turns"
        )
    return 0


if __name__ == "__main__":
    from .cli import run

    sys.exit(run(main))
