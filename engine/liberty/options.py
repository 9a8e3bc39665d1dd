"""Liberty's game options (``@options``, ``/game new``): the victory thresholds of 11.1 (tuned for the
published board, so options, data/liberty/README.md), the last year, the French entry roll (9.0) and the
reading of the Indians' wilderness rule (2.25, 10.0: ruling G9 of ``docs/rulings.md``
and its literal alternative)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from ..module import OptionSpec

OPTIONS = (
    OptionSpec(
        "british_win",
        "int",
        20,
        "11.1: the British win with this many victory points or more (the text: 30; 20 is ours, for our map)",
        lo=1,
        hi=58,
    ),
    OptionSpec(
        "american_win",
        "int",
        10,
        "11.1: the Americans win if the British have fewer than this (the text: 12; 10 is ours)",
        lo=0,
        hi=58,
    ),
    OptionSpec(
        "last_year",
        "int",
        1783,
        "11.1: the Americans win if the British have not won by its end",
        lo=1775,
        hi=1790,
    ),
    OptionSpec("french_entry", "int", 8, "9.0: the 2d6 roll (or more) that brings France in", lo=2, hi=13),
    OptionSpec(
        "indians_wilderness",
        "bool",
        True,
        "2.25, 10.0 (reading G9): Indians enter only wilderness hexes and their own town",
    ),
)


@dataclass(frozen=True)
class Options:
    british_win: int = 20  # ours, calibrated for our board (data/liberty/README.md); the text's is 30
    american_win: int = 10  # ours, calibrated; the text's is 12
    last_year: int = 1783
    french_entry: int = 8
    indians_wilderness: bool = True

    @property
    def roles(self) -> tuple[str, ...]:
        return ("british", "american")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Options:
        return cls(**{k: v for k, v in d.items() if k in cls.__dataclass_fields__})
