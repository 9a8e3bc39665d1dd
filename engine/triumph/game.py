"""The Napoleon's Triumph game object, with the surface of the other games (``apply``, ``view``, ``legal``,
``active``, ``over``, ``result``, ``script``, ``dumps``/``loads``, ``log``, ``events``, ``options``):
``apply`` takes one order line and is atomic (a rejected order raises RuleError and changes nothing)."""

from __future__ import annotations

import json
from typing import Any

from data.triumph import load_triumph
from engine.errors import RuleError
from engine.events import Event
from engine.orders import Order
from engine.text import Command

from .context import Ctx, error
from .legal import Legal, legal
from .options import Options
from .orders import GRAMMAR
from .play import dispatch
from .state import SIDES, State
from .table import actors
from .turns import new_state
from .views import View, build_view


class Game:
    def __init__(self, ctx: Ctx, log: list[str] | None = None) -> None:
        self.ctx = ctx
        self._log: list[str] = list(log or [])

    @classmethod
    def new(cls, options: Options | None = None, seed: int = 0) -> Game:
        opts = options or Options()
        data = load_triumph()
        return cls(Ctx(new_state(data, opts, seed), data, opts))

    @property
    def state(self) -> State:
        return self.ctx.st

    @property
    def options(self) -> Options:
        return self.ctx.opts

    @property
    def log(self) -> list[str]:
        return self._log

    @property
    def events(self) -> list[Event]:
        return self.ctx.events

    @property
    def over(self) -> bool:
        return self.ctx.st.phase == "over"

    def result(self) -> dict[str, Any] | None:
        st = self.ctx.st
        return {"winner": st.winner, "reason": st.reason, "morale": dict(st.morale)} if self.over else None

    def active(self) -> list[str]:
        return actors(self.ctx.st)

    def copy(self) -> Game:
        """The game to apply an order to while this one stays as it is (the service's working copy): the state
        cloned, the rules' data and the options shared, the events (never changed once emitted) and the log in
        lists of the copy's own. The same game as ``loads(dumps())``, without the JSON."""
        ctx = Ctx(self.ctx.st.clone(), self.ctx.data, self.ctx.opts, list(self.ctx.events))
        return Game(ctx, self._log)

    def view(self, role: str = "public", *, events: bool = True) -> View:
        return build_view(self.ctx, role, self.active(), events=events)

    def legal(self, role: str) -> Legal:
        return legal(self.ctx, role)

    def apply(self, role: str, order: str | Command | Order) -> list[Event]:
        """Apply one order for ``role``; return the new events. Raises RuleError and changes nothing if the
        order cannot be read or is not legal now."""
        if role not in SIDES:
            raise error("", "triumph.order.role", role=role, roles=list(SIDES))
        typed = GRAMMAR.parse(order)
        logged = order.strip() if isinstance(order, str) else typed.text()
        saved = self.ctx.st.clone()
        before = len(self.ctx.events)
        try:
            dispatch(self.ctx, role, typed)
        except RuleError:
            self.ctx.st.__dict__.update(saved.__dict__)
            del self.ctx.events[before:]
            raise
        self._log.append(f"{role}: {logged}")
        return self.ctx.events[before:]

    def script(self) -> str:
        # the optional rules (17, 18) are written only when played: a game without them reads as it always did
        opts = " ".join(
            f"{k}={_say(v)}"
            for k, v in self.ctx.opts.to_dict().items()
            if v or k not in ("balance", "santon")
        )
        return "\n".join(["@game triumph", f"@options {opts}", f"@seed {self.ctx.st.seed}", *self._log])

    def dumps(self) -> str:
        return json.dumps(
            {
                "options": self.ctx.opts.to_dict(),
                "state": self.ctx.st.to_dict(),
                "log": self._log,
                "events": [e.to_dict() for e in self.ctx.events],
            },
            sort_keys=True,
        )

    def dumps_state(self) -> str:
        """The snapshot without the two logs that grow with every order, the events and the script lines (the
        store keeps those as each change adds them, and ``loads_state`` puts them back): ``dumps`` with both
        empty."""
        return json.dumps(
            {"options": self.ctx.opts.to_dict(), "state": self.ctx.st.to_dict(), "log": [], "events": []},
            sort_keys=True,
        )

    def with_history(self, events: list[dict[str, Any]], log: list[str]) -> Game:
        """This game with another event log and script log (``Event.to_dict`` forms), its state cloned."""
        ctx = Ctx(self.ctx.st.clone(), self.ctx.data, self.ctx.opts, [Event.from_dict(e) for e in events])
        return Game(ctx, log)

    @classmethod
    def loads_state(cls, text: str, events: list[dict[str, Any]], log: list[str]) -> Game:
        """A game from ``dumps_state`` (or a whole ``dumps``) and its event log and script log."""
        return cls.loads(text).with_history(events, log)

    @classmethod
    def loads(cls, text: str) -> Game:
        d = json.loads(text)
        ctx = Ctx(State.from_dict(d["state"]), load_triumph(), Options.from_dict(d["options"]))
        ctx.events = [Event.from_dict(e) for e in d["events"]]
        return cls(ctx, d["log"])


def _say(v: Any) -> str:
    return ("on" if v else "off") if isinstance(v, bool) else str(v)
