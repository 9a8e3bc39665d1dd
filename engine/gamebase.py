"""What a game object of the contract (``engine/module.py``'s ``GameObject``) has in common with the others,
held once: its rules' context (the state, the data, the options, the event log) and its log of accepted
orders; ``apply`` atomic (an order refused, by its parser or its rules, raises RuleError and changes
nothing); the script (``@game``, ``@options``, ``@seed``, the log), the snapshot (``dumps``/``loads``, the
stored format every game of this shape keeps: options, state, log, events) and the working copy.

A game subclasses ``GameBase[State, Options]`` and says what is its own: ``name`` (its id, as a script names
it), ``sides``, its ``grammar``, how it refuses a role that is not a side (``_not_a_side``, in its words),
what an order does (``_play``), how a stored state and its options make its context (``_stored``), and
``active``, ``view``, ``legal``, ``result``."""

from __future__ import annotations

import copy
import json
import threading
from abc import ABC, abstractmethod
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from .errors import RuleError
from .events import Event
from .orders import Grammar, Order
from .text import Command


class GameState(Protocol):
    """What the common part reads of a game's state: its seed, its phase, a copy, its stored form."""

    @property
    def seed(self) -> int: ...
    @property
    def phase(self) -> str: ...
    def clone(self) -> Self: ...
    def to_dict(self) -> dict[str, Any]: ...


class StoredOptions(Protocol):
    """What the common part reads of a game's options object: its values, stored and scripted."""

    def to_dict(self) -> dict[str, Any]: ...


StateT = TypeVar("StateT", bound=GameState)
OptionsT = TypeVar("OptionsT", bound=StoredOptions)


class Context(Protocol[StateT, OptionsT]):
    """What every rule works on (a game's ``Ctx``): the state, the options and the event log (and the game's
    data, which the common part never reads)."""

    st: StateT
    opts: OptionsT
    events: list[Event]


def said(value: Any) -> str:
    """An option's value as ``@options`` writes it (on/off for a yes/no)."""
    return ("on" if value else "off") if isinstance(value, bool) else str(value)


class GameBase(ABC, Generic[StateT, OptionsT]):
    """A game object: the common part (see the module's text). ``ctx`` is the game's own context type (a
    subclass declares it, ``ctx: Ctx``)."""

    name: ClassVar[str]  # the game's id: ``@game NAME`` begins its script
    sides: ClassVar[tuple[str, ...]]  # the roles that give orders
    grammar: ClassVar[Grammar]  # the one parser of its order text
    # options written in the script only when on (optional rules added later: a game without them reads as it
    # always did)
    quiet_options: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, ctx: Context[StateT, OptionsT], log: Sequence[str] | None = None) -> None:
        self.ctx = ctx
        self._log: list[str] = list(log or [])

    # --- what the game says of its own ------------------------------------------------------------------
    @abstractmethod
    def _not_a_side(self, role: str) -> RuleError:
        """The refusal of an order given for ``role``, which is not one of ``sides``."""

    @abstractmethod
    def _play(self, role: str, order: Order) -> None:
        """The order's rules on the context (and whatever follows of itself); a RuleError if not legal now."""

    @classmethod
    @abstractmethod
    def _stored(cls, state: dict[str, Any], options: dict[str, Any]) -> Context[StateT, OptionsT]:
        """The context of a stored state and options (the event log set by ``loads``)."""

    @abstractmethod
    def result(self) -> dict[str, Any] | None:
        """Once over: who won (``winner``), why (``reason``) and the game's own figures; None before."""

    def _logged(self, order: str | Command | Order, typed: Order) -> str:
        """The order as the log keeps it: a line as written, else the order's text."""
        return order.strip() if isinstance(order, str) else typed.text()

    # --- the contract ---------------------------------------------------------------------------------------
    @property
    def state(self) -> StateT:
        return self.ctx.st

    @property
    def options(self) -> OptionsT:
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

    def apply(self, role: str, order: str | Command | Order) -> list[Event]:
        """Apply one order for ``role`` (its text, read by the game's one parser, or the order itself); return
        the new events. Raises RuleError and changes nothing if the order cannot be read or is not legal
        now."""
        if role not in self.sides:
            raise self._not_a_side(role)
        typed = self.grammar.parse(order)
        logged = self._logged(order, typed)
        saved = self.ctx.st.clone()
        before = len(self.ctx.events)
        try:
            self._play(role, typed)
        except RuleError:
            self.ctx.st.__dict__.update(saved.__dict__)  # in place: references to the state stay good
            del self.ctx.events[before:]
            raise
        self._log.append(f"{role}: {logged}")
        return self.ctx.events[before:]

    def script(self) -> str:
        opts = " ".join(
            f"{k}={said(v)}" for k, v in self.ctx.opts.to_dict().items() if v or k not in self.quiet_options
        )
        return "\n".join([f"@game {self.name}", f"@options {opts}", f"@seed {self.ctx.st.seed}", *self._log])

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
    def loads(cls, text: str) -> Self:
        d: Mapping[str, Any] = json.loads(text)
        ctx = cls._stored(d["state"], d["options"])
        ctx.events = [Event.from_dict(e) for e in d["events"]]
        return cls(ctx, d["log"])

    def dumps_state(self) -> str:
        """The snapshot without the two logs that grow with every order, the events and the script lines (the
        store keeps those as each change adds them, and ``loads_state`` puts them back): ``dumps`` with both
        empty."""
        return json.dumps(
            {"options": self.ctx.opts.to_dict(), "state": self.ctx.st.to_dict(), "log": [], "events": []},
            sort_keys=True,
        )

    def with_history(self, events: Sequence[Mapping[str, Any]], log: Sequence[str]) -> Self:
        """This game with another event log and script log (``Event.to_dict`` forms), its state cloned."""
        ctx = copy.copy(self.ctx)
        ctx.st = self.ctx.st.clone()
        ctx.events = [Event.from_dict(dict(e)) for e in events]
        return type(self)(ctx, log)

    @classmethod
    def loads_state(cls, text: str, events: Sequence[Mapping[str, Any]], log: Sequence[str]) -> Self:
        """A game from ``dumps_state`` (or a whole ``dumps``) and its event log and script log."""
        return cls.loads(text).with_history(events, log)

    def copy(self) -> Self:
        """The game to apply an order to while this one stays as it is (the service's working copy): the state
        cloned, the rules' data and the options shared, the events (never changed once emitted) and the log in
        lists of the copy's own. The same game as ``loads(dumps())``, without the JSON."""
        ctx = copy.copy(self.ctx)
        ctx.st = self.ctx.st.clone()
        ctx.events = list(self.ctx.events)
        return type(self)(ctx, self._log)


def winner_and_why(game: GameBase[Any, Any]) -> tuple[str, str]:
    """A finished game's winner and why, from its ``result()`` ("" for each it does not say): the fuzzer's
    ``Fuzzing.result``."""
    won = game.result() or {}
    return str(won.get("winner") or ""), str(won.get("reason") or "")


# --- a game played in steps (its machine's): what a role may order, and whether an order is taken --------


@dataclass(frozen=True)
class Legal:
    """``legal(role)`` of a game played in steps: the role, the step under way, whether the role acts now,
    the orders it may give (their texts, and the orders themselves)."""

    role: str
    step: str
    active: bool
    orders: tuple[str, ...] = ()
    choices: tuple[Order, ...] = ()

    @property
    def phase(self) -> str:
        """The step of play (the platform's bot players read a game's phase by this name)."""
        return self.step


AnswerT = TypeVar("AnswerT")


class KeptByContent(Generic[AnswerT]):
    """The answers of ``legal`` kept by the state's whole content (a game's ``content`` bytes): a state
    changed in any way since (an order, a refused order undone, a field written from outside) is another key,
    never a stale answer; the working copies of one game, and a game loaded again, share them. Kept apart
    from the state and its snapshot; the ``most`` recent states only. ``AnswerT``: the game's answer (its
    ``Legal``)."""

    def __init__(self, most: int = 64) -> None:
        self.most = most
        self.states: OrderedDict[bytes, dict[str, AnswerT]] = OrderedDict()
        # kept for the process: a replay in a worker thread asks beside the event loop, and a key forgotten
        # between the look-up and the move to the end would raise
        self._lock = threading.Lock()

    def of(self, key: bytes) -> dict[str, AnswerT]:
        """The answers kept for the state of ``key`` (made empty for a new one; the oldest forgotten)."""
        with self._lock:
            found = self.states.get(key)
            if found is None:
                found = self.states[key] = {}
                if len(self.states) > self.most:
                    self.states.popitem(last=False)
            else:
                self.states.move_to_end(key)
            return found

    def clear(self) -> None:
        with self._lock:
            self.states.clear()

    def peek(self, key: bytes, role: str) -> AnswerT | None:
        """The answer kept for ``role`` in the state of ``key``, if any (nothing made, nothing moved)."""
        return self.states.get(key, {}).get(role)


class KeptAnswers(KeptByContent[Legal]):
    """``KeptByContent`` of the answers of a game played in steps (``Legal`` above)."""


CtxC = TypeVar("CtxC", contravariant=True)


class Dispatch(Protocol[CtxC]):
    """A game's one path from an order to its rules (``play.dispatch``); ``dry``: judged, nothing done."""

    def __call__(self, ctx: CtxC, role: str, o: Order, /, *, dry: bool = ...) -> None: ...


CtxT = TypeVar("CtxT")


def allowed(dispatch: Dispatch[CtxT], ctx: CtxT, role: str, order: Order) -> bool:
    """Whether the rules take ``order`` of ``role`` now: the order tried dry, which changes nothing."""
    try:
        dispatch(ctx, role, order, dry=True)
    except RuleError:
        return False
    return True
