"""What every rule function works on: the state, the data, the options and the event log."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from data.triumph import Triumph
from engine.errors import RuleError
from engine.events import Event
from engine.messages import render

from .messages import EN
from .options import Options
from .state import State


def error(rule: str, key: str, /, **params: Any) -> RuleError:
    """A RuleError whose English text is the template ``key`` of ``triumph.po``."""
    return RuleError(rule, say=lambda: render(EN[key], params, EN), key=key, params=params)


@dataclass
class Ctx:
    st: State
    data: Triumph
    opts: Options
    events: list[Event] = field(default_factory=list)

    def emit(
        self, kind: str, data: dict[str, Any], secret: dict[str, Any] | None = None, to: tuple[str, ...] = ()
    ) -> None:
        """An event: ``data`` for everyone, ``secret`` only for the roles ``to`` (faces, sealed choices)."""
        self.events.append(Event(kind, data, secret, frozenset(to), seq=len(self.events) + 1))
