"""The Eagles of the Empire game object, with the surface of the other games (``engine/gamebase.py``:
``apply``, ``script``, ``dumps``/``loads``, ``log``, ``events``, ``options``; here ``view``, ``legal``,
``active``, ``result``): ``apply`` takes one order line and is atomic (a rejected order raises RuleError and
changes nothing); after it, the queued orders of the side that must act are played (``queue.py``)."""

from __future__ import annotations

from typing import Any

from engine.errors import RuleError
from engine.gamebase import GameBase
from engine.orders import Order

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


class Game(GameBase[State, Options]):
    name = "eagles"
    sides = SIDES
    grammar = GRAMMAR
    ctx: Ctx

    @classmethod
    def new(cls, options: Options | None = None, seed: int = 0) -> Game:
        opts = options or Options()
        board = B.load()
        ctx = Ctx(turns.new_state(board, opts, seed), board, opts)
        turns.start(ctx)
        return cls(ctx)

    @classmethod
    def _stored(cls, state: dict[str, Any], options: dict[str, Any]) -> Ctx:
        return Ctx(State.from_dict(state), B.load(), Options.from_dict(options))

    def _not_a_side(self, role: str) -> RuleError:
        return error("", "eagles.order.role", role=role, roles=list(SIDES))

    def _play(self, role: str, order: Order) -> None:
        dispatch(self.ctx, role, order)
        queue.run(self.ctx, dispatch)

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
