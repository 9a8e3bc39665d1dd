"""Napoleon's scenario data: map, order of battle, setups and time record, read from the TOML files of this
folder and validated on load.

>>> from data.napoleon import load_scenario
>>> s = load_scenario("napoleon")
>>> len(s.towns), len(s.roads), len(s.units), len(s.turns)
(66, 134, 82, 24)
"""

from .loader import load_scenario
from .models import (
    ARMIES,
    ROAD_LIMITS,
    Army,
    Country,
    DeploySide,
    FreeRule,
    Nation,
    River,
    Road,
    RoadClass,
    Scenario,
    SupplyBase,
    Town,
    TurnDef,
    TurnSide,
    UnitDef,
    UnitType,
)

__all__ = [
    "ARMIES",
    "ROAD_LIMITS",
    "Army",
    "Country",
    "DeploySide",
    "FreeRule",
    "Nation",
    "River",
    "Road",
    "RoadClass",
    "Scenario",
    "SupplyBase",
    "Town",
    "TurnDef",
    "TurnSide",
    "UnitDef",
    "UnitType",
    "load_scenario",
]
