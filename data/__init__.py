"""Scenario data: map, order of battle, setups and time record, read from TOML and validated on load.

>>> from data import load_scenario
>>> s = load_scenario("napoleon")
>>> len(s.towns), len(s.roads), len(s.units), len(s.turns)
(66, 134, 82, 24)
"""

from .loader import DATA_DIR, ScenarioError, load_scenario
from .models import (
    ARMIES,
    ROAD_LIMITS,
    AmbiguousMatch,
    Army,
    Country,
    DeploySide,
    FreeRule,
    Nation,
    NoMatch,
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
    normalize,
)

__all__ = [
    "ARMIES",
    "DATA_DIR",
    "ROAD_LIMITS",
    "AmbiguousMatch",
    "Army",
    "Country",
    "DeploySide",
    "FreeRule",
    "Nation",
    "NoMatch",
    "River",
    "Road",
    "RoadClass",
    "Scenario",
    "ScenarioError",
    "SupplyBase",
    "Town",
    "TurnDef",
    "TurnSide",
    "UnitDef",
    "UnitType",
    "load_scenario",
    "normalize",
]
