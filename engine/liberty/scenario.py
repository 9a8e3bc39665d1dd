"""``python -m engine.liberty.scenario [--json]``: Liberty's loaded scenario for outside tools, with the keys
of ``python -m engine.scenario napoleon --json`` where they mean the same (issue 16, item 6): ``places``
(``name``, ``value``, ``port``, ...), ``hexes``, ``hexsides``, ``units`` (``id``, ``side``, ``type``,
``rating``, ``max_cv``), the set-up and the deck. (``engine/scenario.py`` is shared; the lead wires
``liberty`` in.)"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from data.liberty import load_liberty


def dump() -> dict[str, Any]:
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
    ap = argparse.ArgumentParser(prog="python -m engine.liberty.scenario")
    ap.add_argument("--json", action="store_true", help="print the scenario as JSON")
    args = ap.parse_args(argv)
    d = dump()
    if args.json:
        print(json.dumps(d, ensure_ascii=False, indent=1))
    else:
        counts = ", ".join(f"{len(d[k])} {k}" for k in ("places", "hexes", "hexsides", "units", "cards"))
        print(f"{d['name']}: {counts}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
