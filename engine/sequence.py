"""What every game's sequence of play is made of (each game's ``sequence.py``): a transition from some
phases to one, with when it happens and the rules that say so, and the check that a change of phase is one
the table lists. Game-independent."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

P = TypeVar("P")  # a game's phases (a StrEnum)


@dataclass(frozen=True)
class Transition(Generic[P]):
    """The game may go from any of ``src`` to ``dst`` ``when`` this happens, as ``rule`` says."""

    src: tuple[P, ...]
    dst: P
    when: str
    rule: str


def listed(transitions: Iterable[Transition[P]], src: P, dst: P) -> bool:
    """Whether a transition of ``transitions`` goes from ``src`` to ``dst``."""
    return any(src in t.src and t.dst == dst for t in transitions)
