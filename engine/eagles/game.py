"""The Eagles of the Empire game object, with the surface of the other games (``apply``, ``view``, ``legal``,
``active``, ``over``, ``result``, ``script``, ``dumps``/``loads``, ``log``, ``events``, ``options``):
``apply`` takes one order line and is atomic (a rejected order raises RuleError and changes nothing); after
it, the queued orders of the side that must act are played (``queue.py``)."""

from __future__ import annotations

import json
from typing import Any

from engine.errors import RuleError
from engine.events import Event
from engine.orders import Order
from engine.text import Command

from . import board as B
from . import queue, turns, victory
from .context import Ctx, error
from .legal import Legal, legal
from .options import Options
from .orders import GRAMMAR
from .play import dispatch
from .state import SIDES, State
from .table import acting
from .views import View, build_view


class Game:
    def __init__(self, ctx: Ctx, log: list[str] | None = None) -> None:
        self.ctx = ctx
        self._log: list[str] = list(log or [])

    @classmethod
    def new(cls, options: Options | None = None, seed: int = 0) -> Game:
        opts = options or Options()
        board = B.load()
        ctx = Ctx(turns.new_state(board, opts, seed), board, opts)
        turns.start(ctx)
        return cls(ctx)

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
        if not self.over:
            return None
        return {"winner": st.winner, "reason": st.reason, "vp": victory.score(self.ctx)}

    def active(self) -> list[str]:
        side = acting(self.ctx.st)
        return [side] if side else []

    def copy(self) -> Game:
        """The game to apply an order to while this one stays as it is (the service's working copy): the state
        cloned, the board and the options shared, the events (never changed once emitted) and the log in lists
        of the copy's own. The same game as ``loads(dumps())``, without the JSON."""
        ctx = Ctx(self.ctx.st.clone(), self.ctx.board, self.ctx.opts, list(self.ctx.events))
        return Game(ctx, self._log)

    def view(self, role: str = "public", *, events: bool = True) -> View:
        return build_view(self.ctx, role, self.active(), events=events)

    def legal(self, role: str) -> Legal:
        return legal(self.ctx, role)

    def apply(self, role: str, order: str | Command | Order) -> list[Event]:
        """Apply one order for ``role``; return the new events. Raises RuleError and changes nothing if the
        order cannot be read or is not legal now."""
        if role not in SIDES:
            raise error("", "eagles.order.role", role=role, roles=list(SIDES))
        typed = GRAMMAR.parse(order)
        logged = order.strip() if isinstance(order, str) else typed.text()
        saved = self.ctx.st.clone()
        before = len(self.ctx.events)
        try:
            dispatch(self.ctx, role, typed)
            queue.run(self.ctx, dispatch)
        except RuleError:
            self.ctx.st.__dict__.update(saved.__dict__)
            del self.ctx.events[before:]
            raise
        self._log.append(f"{role}: {logged}")
        return self.ctx.events[before:]

    def script(self) -> str:
        opts = " ".join(f"{k}={_say(v)}" for k, v in self.ctx.opts.to_dict().items())
        return "\n".join(["@game eagles", f"@options {opts}", f"@seed {self.ctx.st.seed}", *self._log])

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

    @classmethod
    def loads(cls, text: str) -> Game:
        d = json.loads(text)
        ctx = Ctx(State.from_dict(d["state"]), B.load(), Options.from_dict(d["options"]))
        ctx.events = [Event.from_dict(e) for e in d["events"]]
        return cls(ctx, d["log"])


def _say(v: Any) -> str:
    return ("on" if v else "off") if isinstance(v, bool) else str(v)
