"""Eagles of the Empire's options: the scenario and the flagged alternatives of the gaps
(``docs/rulings.md``)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class Options:
    scenario: str = "quatre-bras"
    # facts 7.3 (optional): tall crops until the end of the 16:00 turn (bombardment at range 2-3 in clear -1)
    tall_crops: bool = False
    # 11.3 (optional): the scenario's deployments at set-up (Quatre Bras: the Nassau picket from A02)
    nassau_picket: bool = False
    # facts 7.2 (variant, not historical): "d'Erlon comes": from 17:00 I Corps may arrive on a 1
    derlon: bool = False

    def variants(self) -> tuple[str, ...]:
        """The scenario's variants these options choose (facts 7.2)."""
        return ("derlon",) if self.derlon else ()

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Options:
        return cls(**d)
