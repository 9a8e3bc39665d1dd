"""Napoleon's data as plain values, for outside tools (``python -m engine.scenario napoleon --json``)."""

from __future__ import annotations

from typing import Any

from .loader import load_scenario


def dump(name: str = "napoleon") -> dict[str, Any]:
    """The scenario as plain values: ``towns``, ``roads``, ``units``, the set-ups and the ``turns``."""
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
