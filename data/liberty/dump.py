"""Liberty's data as plain values, for outside tools (``python -m engine.scenario liberty --json``)."""

from __future__ import annotations

from typing import Any

from .loader import load_liberty


def dump() -> dict[str, Any]:
    """*Liberty*'s data (``data/liberty``, our reconstruction), with the keys of Napoleon's dump where they
    mean the same: ``places`` (``name``, ``value``, ``port``, ...), ``hexes``, ``hexsides``, ``units``
    (``id``, ``side``, ``type``, ``rating``, ``max_cv``), the set-up, the deck and the victory thresholds."""
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
