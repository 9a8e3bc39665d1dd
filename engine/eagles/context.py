"""What every rule function works on: the state, the data (``board``), the options and the event log."""

from __future__ import annotations

import io
import pickle
from dataclasses import dataclass, field
from typing import Any

from engine.dice import Dice
from engine.errors import RuleError
from engine.events import Event
from engine.messages import render

from .messages import EN
from .options import Options
from .state import State


def error(rule: str, key: str, /, **params: Any) -> RuleError:
    """A RuleError whose English text is the template ``key`` of ``eagles.po``."""
    return RuleError(rule, say=lambda: render(EN[key], params, EN), key=key, params=dict(params))


@dataclass
class Ctx:
    st: State
    board: Any  # data.eagles.Eagles
    opts: Options
    events: list[Event] = field(default_factory=list)

    def emit(
        self, kind: str, data: dict[str, Any], secret: dict[str, Any] | None = None, to: tuple[str, ...] = ()
    ) -> None:
        """An event: ``data`` for everyone, ``secret`` only for the roles ``to`` (a player's queued
        orders)."""
        self.events.append(Event(kind, data, secret, frozenset(to), seq=len(self.events) + 1))

    def roll(self, purpose: str, n: int = 1, **data: Any) -> list[int]:
        """``n`` dice from the game's seeded dice, told as one ``dice`` event naming their purpose (``for``)
        so that the log says every roll and ``estafette verify`` replays it."""
        dice: Dice = self.st.dice
        got = dice.rolls(n)
        self.emit("dice", {"for": purpose, "dice": got, **data})
        return got


def content(ctx: Ctx) -> bytes:
    """Everything ``legal`` reads (the state and the options; the board's data never changes for them) as
    bytes: equal bytes are an equal state, and an equal state gives equal bytes (a game loaded again too).
    Plain dicts and lists pickle several times faster than the dataclasses."""
    st = ctx.st
    d = dict(st.__dict__)
    d["units"] = [u.__dict__ for u in st.units.values()]
    d["leaders"] = [x.__dict__ for x in st.leaders.values()]
    d["formations"] = [f.__dict__ for f in st.formations.values()]
    d["activation"] = None if st.activation is None else st.activation.__dict__
    d["dice"] = (st.dice.state, st.dice.forced, st.dice.rolled)
    out = io.BytesIO()
    p = pickle.Pickler(out, pickle.HIGHEST_PROTOCOL)
    # no memo: a shared string would be written once and referred to after, so a game loaded again (its
    # strings apart) would give other bytes for an equal state and miss what was kept for it
    p.fast = True
    p.dump((d, ctx.opts.__dict__))
    return out.getvalue()
