"""Events: every die roll, reveal, loss and movement is one; the event log is the game's history.

An event has a public part (``data``) that every role may see and, optionally, a secret part seen only by
the roles listed in ``to`` (for example the unit ids of a move, seen by the mover's roles). Views merge the
secret part in for those roles only. Game-independent.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

_encode = json.JSONEncoder(separators=(",", ":")).encode


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    secret: dict[str, Any] | None = None
    to: frozenset[str] = frozenset()  # roles that see ``secret``
    seq: int = 0  # position in the game's log (set when appended)
    # the event's snapshot as JSON text, made once (``json``): an event never changes once emitted
    _json: str = field(default="", compare=False, repr=False)

    def visible(self, role: str) -> dict[str, Any]:
        """The event as ``role`` may see it."""
        out: dict[str, Any] = dict(self.data)
        if self.secret and role in self.to:
            out.update(self.secret)
        out["seq"] = self.seq
        out["kind"] = self.kind  # the event's own kind always wins over a data field of that name
        return out

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"seq": self.seq, "kind": self.kind, "data": self.data}
        if self.secret:
            d["secret"] = self.secret
            d["to"] = sorted(self.to)
        return d

    def json(self) -> str:
        """``to_dict()`` as compact JSON (``json.dumps(..., separators=(",", ":"))``), kept with the event."""
        text = self._json
        if not text:
            text = _encode(self.to_dict())
            object.__setattr__(self, "_json", text)  # frozen: this one field is set once, after the fact
        return text

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Event:
        return cls(d["kind"], d.get("data", {}), d.get("secret"), frozenset(d.get("to", ())), d.get("seq", 0))
