"""The one error type a rejected order raises."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class RuleError(Exception):
    """An order was rejected. ``rule`` is the rule number it breaks (``"5.3"``), or ``""`` when the
    order could not be read at all. The game is unchanged when this is raised.

    ``message`` is the English text. ``key`` and ``params`` name the same message in the catalog of
    ``engine.messages`` so that a front end can say it in another language; errors built with
    ``engine.messages.rule_error`` always have them.

    ``message`` may be given as a function that says it (``say``): it is said when first asked for
    (``message``, ``str``, ``args``) and kept. ``legal()`` tries thousands of orders a call and drops the
    errors of those it refuses unread (docs/performance.md: the engine's budgets)."""

    def __init__(
        self,
        rule: str,
        message: str | None = None,
        *,
        key: str | None = None,
        params: dict[str, Any] | None = None,
        say: Callable[[], str] | None = None,
    ) -> None:
        self.rule = rule
        self._message = message
        self._say = say
        self.key = key
        self.params = dict(params or {})
        super().__init__()

    @property
    def message(self) -> str:
        m = self._message
        if m is None:
            m = self._message = self._say() if self._say is not None else ""
            self._say = None
        return m

    @property
    def args(self) -> tuple[str]:
        # what ``Exception(text)`` would hold: the text ``str`` gives
        return (f"{self.rule}: {self.message}" if self.rule else self.message,)

    @args.setter
    def args(self, value: Any) -> None:
        pass  # BaseException sets it; the text is said from ``rule`` and ``message``

    def __str__(self) -> str:
        return self.args[0]

    def __repr__(self) -> str:
        return f"RuleError({self.args[0]!r})"

    def __reduce__(self) -> tuple[type[RuleError], tuple[str, str], dict[str, Any]]:
        # keep pickling and copying simple
        return (RuleError, (self.rule, self.message), {"key": self.key, "params": self.params})
