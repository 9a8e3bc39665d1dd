"""Seeded dice whose whole state is part of the game state (game-independent).

The generator is SplitMix64: tiny, fast, and its state is one integer, so a snapshot is two fields.
Tests and scripts may queue forced results (``force``); they are used first, in order, and the seeded
generator resumes afterwards without having advanced.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

_MASK = (1 << 64) - 1
_new = object.__new__


@dataclass(slots=True)
class Dice:
    state: int
    forced: list[int] = field(default_factory=list)
    rolled: int = 0  # how many dice have been rolled in this game

    @classmethod
    def seeded(cls, seed: int) -> Dice:
        return cls(state=(seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK)

    def _next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def roll(self) -> int:
        """One d6."""
        self.rolled += 1
        if self.forced:
            return self.forced.pop(0)
        while True:  # rejection sampling: exactly uniform
            v = self._next()
            if v < _MASK - (_MASK % 6) - 6:
                return v % 6 + 1

    def rolls(self, n: int) -> list[int]:
        return [self.roll() for _ in range(n)]

    def force(self, values: list[int]) -> None:
        for v in values:
            if not 1 <= v <= 6:
                raise ValueError(f"a forced die must be 1-6, not {v}")
        self.forced.extend(values)

    def clone(self) -> Dice:
        new = _new(Dice)  # without the dataclass's __init__ (one copy an order)
        new.state, new.forced, new.rolled = self.state, list(self.forced), self.rolled
        return new

    def to_dict(self) -> dict[str, Any]:
        return {"state": self.state, "forced": list(self.forced), "rolled": self.rolled}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Dice:
        return cls(int(d["state"]), list(d.get("forced", [])), int(d.get("rolled", 0)))
