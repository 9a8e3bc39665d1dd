"""Napoleon's Triumph (Austerlitz, 1805) data: OUR RECONSTRUCTION of the locale map from the battlefield's
geography, not the published Simmons Games board (see README.md in this folder), with the order of battle,
morale, the time track and both scenarios.

>>> from data.triumph import load_triumph
>>> t = load_triumph()
>>> len(t.locales), len(t.units), len(t.commanders)
(82, 80, 17)
"""

from .loader import load_triumph
from .models import (
    ALLIED_COLOURS,
    ARMS,
    ROAD_REACH,
    SIDES,
    Approach,
    CommanderDef,
    Entry,
    Locale,
    Morale,
    Objective,
    Road,
    Round,
    Scenario,
    Triumph,
    UnitDef,
)

__all__ = [
    "ALLIED_COLOURS",
    "ARMS",
    "ROAD_REACH",
    "SIDES",
    "Approach",
    "CommanderDef",
    "Entry",
    "Locale",
    "Morale",
    "Objective",
    "Road",
    "Round",
    "Scenario",
    "Triumph",
    "UnitDef",
    "load_triumph",
]
