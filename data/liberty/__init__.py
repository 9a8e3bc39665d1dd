"""Liberty (1775–83) scenario data: OUR RECONSTRUCTION of the board and the block table from history, not the
published Columbia Games components (see README.md in this folder).

>>> from data.liberty import load_liberty
>>> lib = load_liberty()
>>> len(lib.units), len(lib.cards), lib.victory.british_at_least
(50, 25, 30)
"""

from .loader import load_liberty
from .models import (
    HEXSIDE_LIMITS,
    RIVER_FOREST_LIMIT,
    SIDE_OF_NATION,
    SIDES,
    Break,
    Card,
    DeckRules,
    DisbandBar,
    FrenchEntry,
    GridSpec,
    Hex,
    Hexside,
    Label,
    Liberty,
    SetupEntry,
    Town,
    UnitDef,
    Victory,
    Waterway,
    grid_distance,
    grid_neighbours,
    hex_id,
    parse_hex,
)

__all__ = [
    "HEXSIDE_LIMITS",
    "RIVER_FOREST_LIMIT",
    "SIDES",
    "SIDE_OF_NATION",
    "Break",
    "Card",
    "DeckRules",
    "DisbandBar",
    "FrenchEntry",
    "GridSpec",
    "Hex",
    "Hexside",
    "Label",
    "Liberty",
    "SetupEntry",
    "Town",
    "UnitDef",
    "Victory",
    "Waterway",
    "grid_distance",
    "grid_neighbours",
    "hex_id",
    "load_liberty",
    "parse_hex",
]
