"""Eagles of the Empire (Quatre Bras, 16 June 1815) data: OUR DESIGN of the area map, the ratings and the
scenario, after the fact sheet of the battle, not the series' published map or counters (see README.md in this
folder), with the map's geometry (Voronoi polygons, lines of sight, facing classes) computed from the centres.

>>> from data.eagles import load_eagles
>>> e = load_eagles()
>>> len(e.areas), len(e.units_of("french")), len(e.units_of("allies"))
(42, 15, 18)
"""

from .loader import load_eagles
from .models import (
    SIDES,
    Area,
    Border,
    Eagles,
    Formation,
    HQDef,
    LeaderDef,
    Line,
    Neighbour,
    Placement,
    Reinforcement,
    Road,
    Scenario,
    Stacking,
    TerrainDef,
    Turn,
    UnitDef,
    Variant,
)

__all__ = [
    "SIDES",
    "Area",
    "Border",
    "Eagles",
    "Formation",
    "HQDef",
    "LeaderDef",
    "Line",
    "Neighbour",
    "Placement",
    "Reinforcement",
    "Road",
    "Scenario",
    "Stacking",
    "TerrainDef",
    "Turn",
    "UnitDef",
    "Variant",
    "load_eagles",
]
