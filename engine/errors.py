"""The one error type a rejected order raises."""

from __future__ import annotations

from typing import Any


class RuleError(Exception):
    """An order was rejected. ``rule`` is the rule number it breaks (``"5.3"``), or ``""`` when the
    order could not be read at all. The game is unchanged when this is raised.

    ``message`` is the English text. ``key`` and ``params`` name the same message in the catalog of
    ``engine.messages`` so that a front end can say it in another language; errors built with
    ``engine.messages.rule_error`` always have them."""

    def __init__(
        self, rule: str, message: str, *, key: str | None = None, params: dict[str, Any] | None = None
    ) -> None:
        self.rule = rule
        self.message = message
        self.key = key
        self.params = dict(params or {})
        super().__init__(f"{rule}: {message}" if rule else message)

    def __reduce__(self) -> tuple[type[RuleError], tuple[str, str], dict[str, Any]]:
        # keep pickling and copying simple
        return (RuleError, (self.rule, self.message), {"key": self.key, "params": self.params})
