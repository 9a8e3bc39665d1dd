"""What every rule function works on: the state, the scenario data, the options and the event log."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from data.liberty import Liberty
from engine.errors import RuleError
from engine.events import Event
from engine.messages import render

from .messages import EN
from .options import Options
from .state import State


def error(rule: str, key: str, /, **params: Any) -> RuleError:
    """A RuleError whose English text is Liberty's template ``key`` (``engine/liberty/messages.py``), said
    when first read (``legal`` drops the errors of the orders it refuses unread)."""
    return RuleError(rule, say=lambda: render(EN[key], params, EN), key=key, params=params)


@dataclass
class Ctx:
    st: State
    lib: Liberty
    opts: Options
    events: list[Event] = field(default_factory=list)
    frozen: dict[str, set[str]] | None = None  # the occupancy while nothing moves (``legal``, ``view``)

    def occupied(self) -> dict[str, set[str]]:
        """place -> the sides with blocks there (computed once while the state is ``frozen``)."""
        return self.frozen if self.frozen is not None else self.st.occupied()

    def emit(
        self, kind: str, data: dict[str, Any], secret: dict[str, Any] | None = None, to: tuple[str, ...] = ()
    ) -> None:
        """An event: ``data`` for everyone, ``secret`` only for the roles ``to`` (hidden blocks, cards)."""
        self.events.append(Event(kind, data, secret, frozenset(to), seq=len(self.events) + 1))

    def pick(self, n: int) -> int:
        """A uniform choice among ``n`` (0..n-1) from the seeded d6 (shuffles and blind draws, 3.0, 6.0)."""
        if n <= 1:
            return 0
        k, span = 1, 6
        while span < n:
            k, span = k + 1, span * 6
        limit = span - span % n
        while True:
            v = 0
            for _ in range(k):
                v = v * 6 + self.st.dice.roll() - 1
            if v < limit:
                return v % n
