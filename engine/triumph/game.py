"""The Napoleon's Triumph game object, with the surface of the other games (``engine/gamebase.py``:
``apply``, ``script``, ``dumps``/``loads``, ``copy``, ``log``, ``events``, ``options``; here ``view``,
``legal``, ``active``, ``result``): ``apply`` takes one order line and is atomic (a rejected order raises
RuleError and changes nothing)."""

from __future__ import annotations

from typing import Any

from data.triumph import load_triumph
from engine.errors import RuleError
from engine.gamebase import GameBase
from engine.orders import Order

from .context import Ctx, error
from .legal import Legal, legal
from .options import Options
from .orders import GRAMMAR
from .play import dispatch
from .state import SIDES, State
from .table import actors
from .turns import new_state
from .views import View, build_view


class Game(GameBase[State, Options]):
    name = "triumph"
    sides = SIDES
    grammar = GRAMMAR
    quiet_options = frozenset({"balance", "santon"})  # the optional rules (17, 18), written only when played
    ctx: Ctx

    @classmethod
    def new(cls, options: Options | None = None, seed: int = 0) -> Game:
        opts = options or Options()
        data = load_triumph()
        return cls(Ctx(new_state(data, opts, seed), data, opts))

    @classmethod
    def _stored(cls, state: dict[str, Any], options: dict[str, Any]) -> Ctx:
        return Ctx(State.from_dict(state), load_triumph(), Options.from_dict(options))

    def _not_a_side(self, role: str) -> RuleError:
        return error("", "triumph.order.role", role=role, roles=list(SIDES))

    def _play(self, role: str, order: Order) -> None:
        dispatch(self.ctx, role, order)

    def result(self) -> dict[str, Any] | None:
        st = self.ctx.st
        return {"winner": st.winner, "reason": st.reason, "morale": dict(st.morale)} if self.over else None

    def active(self) -> list[str]:
        return actors(self.ctx.st)

    def view(self, role: str = "public", *, events: bool = True) -> View:
        return build_view(self.ctx, role, self.active(), events=events)

    def legal(self, role: str) -> Legal:
        return legal(self.ctx, role)
