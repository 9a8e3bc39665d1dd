"""Napoleon's Triumph's rules options: the flagged alternatives of the gaps (``docs/rulings.md``)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class Options:
    scenario: str = "2dec"
    # G9: units blocking the attacked approach must fight ([JW]); off: the seed's free choice at 11.2
    blockers_must_fight: bool = True
    # G16: "corps" ([JW]: a moving corps of 2+ units stops next to an enemy corps of 2+ units); "units" (the
    # seed: any road move stops next to a locale holding 2+ enemy units)
    road_stop: str = "corps"
    # G21: a retreat before combat costs the retreating army morale (the seed's "loses the fight"); off ([JW])
    give_ground_morale: bool = False
    # 6 ([JW]): the French set-up step first: the fixed battery and up to 6 detached units; off: the data's
    # default allocation as it stands, no fixed battery
    french_setup: bool = False
    # 17 (optional, [JW]): game balance: a morale auction before the first turn, the bids sealed (a ruling)
    balance: bool = False
    # 18 (optional, [JW]): the Santon: the fixed battery in the Santon's reserve gives the French defending it
    # the printed approach penalties; it brings the French set-up of 6 with it (the battery is named there)
    santon: bool = False

    @property
    def setup(self) -> bool:
        """6: the French set-up step is played (its own option, or the Santon's battery, 18)."""
        return self.french_setup or self.santon

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Options:
        return cls(**d)
