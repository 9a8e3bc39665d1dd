"""The one error type a rejected order raises."""

from __future__ import annotations


class RuleError(Exception):
    """An order was rejected. ``rule`` is the rule number it breaks (``"5.3"``), or ``""`` when the
    order could not be read at all. The game is unchanged when this is raised."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.message = message
        super().__init__(f"{rule}: {message}" if rule else message)

    def __reduce__(self):  # keep pickling and copying simple
        return (RuleError, (self.rule, self.message))
