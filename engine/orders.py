"""Orders as values, game-independent: each kind of order a module declares is a small
frozen dataclass (``Order``) that reads itself from its text (``parse``) and says itself as text again
(``text``, byte for byte the text the module offered before orders were values: scripts, logs and replays
keep it).

A module's ``legal().choices`` items are ``Order``\\ s or plain strings (a module not yet ported); anything
generic that needs an order's text uses ``str(choice)``. An order equals its own text (``End() == "/end"``)
and hashes like it, so that a choice is found among strings and a string among choices either way.

``Grammar`` is a module's one parser: the order kinds by name, ``read`` (a ``Command`` -> its order) and
``parse`` (text -> its order). Syntax errors are the kinds' own ``RuleError``\\ s; whether an order is legal
now is the rules' question, not the parser's.

``Spoken`` is an order kind whose text is its options in its fields' order, each declared once (``spec``:
``One``, ``Ids``, ``Path``, ``Flag``, ``Number``): read and said by the declarations, so that a kind writes
neither unless it reads something they do not (an alias, a word checked before the rest).
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, Self, TypeVar, cast, dataclass_transform

from .messages import rule_error
from .text import Command, flag, listed_ids, needs, number, parse_command, takes

OrderT = TypeVar("OrderT", bound="Order")


class Order(ABC):
    """One order. Subclasses are ``@order``-decorated dataclasses with a ``kind`` (the order's name, ``move``
    for ``/move``), ``read(cmd)`` (its options, checked for syntax only) and ``say()`` (its text), both
    abstract: a kind that says neither cannot be made."""

    kind: ClassVar[str] = ""

    @classmethod
    @abstractmethod
    def read(cls: type[OrderT], cmd: Command) -> OrderT:
        """The order of this kind that ``cmd`` says (``cmd.name`` is this kind); a RuleError on bad syntax."""

    @classmethod
    def parse(cls: type[OrderT], text: str) -> OrderT:
        """The order of this kind that ``text`` says; a RuleError if it cannot be read or is another kind."""
        cmd = parse_command(text)
        if cmd.name != cls.kind:
            raise rule_error("", "text.wrong_order", order=cmd.name, kind=cls.kind)
        return cls.read(cmd)

    def text(self) -> str:
        """The order's text (kept with it: a frozen value says the same text every time)."""
        d = self.__dict__
        t = d.get("_text")
        if t is None:
            t = d["_text"] = self.say()
        return t

    @abstractmethod
    def say(self) -> str:
        """The order's text, made (``text`` keeps it)."""

    def command(self) -> Command:
        """The order as a name and options, as its text says them (for code that knows no order kind)."""
        d = self.__dict__
        c = d.get("_command")
        if c is None:
            c = d["_command"] = parse_command(self.text())
        return c

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.text()!r})"

    def __eq__(self, other: object) -> bool:
        # by kind and text: a kind's text says all of its fields (``text()`` is kept, so this is quick); the
        # kind and str asked first, each a plain type check, before the ABC's slower one
        if other is self:
            return True
        if type(other) is type(self):
            return other.text() == self.text()
        if isinstance(other, str):
            return self.text() == other
        return False if isinstance(other, Order) else NotImplemented

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        return hash(self.text())


@dataclass_transform(frozen_default=True, eq_default=False)
def order(kind: str) -> Callable[[type[OrderT]], type[OrderT]]:
    """Make a class an order kind: a frozen dataclass (equality and hashing are ``Order``'s: by kind and
    text, and equal to its own text) named ``kind``."""

    def make(cls: type[OrderT]) -> type[OrderT]:
        cls.kind = kind
        made = dataclasses.dataclass(frozen=True, eq=False)(cls)
        spec = getattr(made, "spec", None)
        if isinstance(spec, tuple):  # a ``Spoken`` kind: one declaration a field, in the fields' order
            names = [f.name for f in dataclasses.fields(cast(Any, made))]
            assert len(spec) == len(names), (kind, names, spec)
            cast(Any, made).fields_said = tuple(zip(names, spec, strict=True))
        return made

    return make


# --- an order's options, declared once: how each is read from the text and said again -------------------


@dataclasses.dataclass(frozen=True)
class Said(ABC):
    """One option of a ``Spoken`` order: its ``name`` in the text, whether the order ``needs`` it, and the
    ``case`` its values are kept in ("upper", "lower" or as written); ``read`` and ``say`` are each kind's."""

    name: str
    needed: bool = True
    case: str = ""

    def cased(self, v: str) -> str:
        return v.upper() if self.case == "upper" else v.lower() if self.case == "lower" else v

    @abstractmethod
    def read(self, cmd: Command) -> Any:
        """The option's value in ``cmd``; a RuleError on bad syntax."""

    @abstractmethod
    def say(self, value: Any) -> str:
        """`` name:value``; "" for an option not needed and not given."""


@dataclasses.dataclass(frozen=True)
class One(Said):
    """One value (``to:V1``): needed, or None when not given."""

    def read(self, cmd: Command) -> str | None:
        if self.needed:
            return self.cased(needs(cmd, self.name))
        v = cmd.options.get(self.name, "").strip()
        return self.cased(v) if v else None

    def say(self, value: str | None) -> str:
        return f" {self.name}:{value}" if value or self.needed else ""


@dataclasses.dataclass(frozen=True)
class Ids(Said):
    """Ids joined by "," (``units:F02,F03``); ``always``: said even when none are given (``hits:``)."""

    needed: bool = False
    always: bool = False

    def read(self, cmd: Command) -> tuple[str, ...]:
        return tuple(self.cased(x) for x in listed_ids(cmd, self.name, needed=self.needed))

    def say(self, value: Sequence[str]) -> str:
        return f" {self.name}:{','.join(value)}" if value or self.needed or self.always else ""


@dataclasses.dataclass(frozen=True)
class Path(Said):
    """Places joined by ">" (``path:A>B``); a needed one given (what it names is the rules' to judge);
    ``always``: said even when it names none (``path:``), though not needed."""

    always: bool = False

    def read(self, cmd: Command) -> tuple[str, ...]:
        raw = needs(cmd, self.name) if self.needed else cmd.options.get(self.name, "")
        return tuple(p.strip() for p in raw.split(">") if p.strip())

    def say(self, value: Sequence[str]) -> str:
        return f" {self.name}:{'>'.join(value)}" if value or self.needed or self.always else ""


@dataclasses.dataclass(frozen=True)
class Flag(Said):
    """A yes/no (``river:yes``), said only when yes; a slash command's as typed, a line's read once."""

    needed: bool = False

    def read(self, cmd: Command) -> bool:
        return flag(cmd, self.name)

    def say(self, value: bool) -> str:
        return f" {self.name}:yes" if value else ""


@dataclasses.dataclass(frozen=True)
class Number(Said):
    """A whole number (``morale:3``): a slash command's as typed, a line's read once; None when not given and
    not needed."""

    def read(self, cmd: Command) -> int | None:
        if self.needed:
            needs(cmd, self.name)
        return number(cmd, self.name)

    def say(self, value: int | None) -> str:
        return "" if value is None else f" {self.name}:{value}"


class Spoken(Order):
    """An order kind whose text is ``/kind`` and its options in its fields' order: ``spec`` declares each
    field's option (a ``Said``), the kind reads and says itself by them. A kind with no option reads none."""

    spec: ClassVar[tuple[Said, ...]] = ()
    fields_said: ClassVar[tuple[tuple[str, Said], ...]] = ()  # (field, its option): made by ``order``

    @classmethod
    def read(cls, cmd: Command) -> Self:
        takes(cmd, *(o.name for o in cls.spec))
        return cast(Callable[..., Self], cls)(*(o.read(cmd) for o in cls.spec))

    def say(self) -> str:
        return f"/{self.kind}" + "".join([o.say(getattr(self, name)) for name, o in self.fields_said])


class Grammar:
    """A module's order language: its kinds by name, and the one parser of its order text."""

    def __init__(self, kinds: Iterable[type[Order]]) -> None:
        self.kinds: dict[str, type[Order]] = {k.kind: k for k in kinds}

    def read(self, cmd: Command) -> Order:
        """The order ``cmd`` says; a RuleError on bad syntax or an order kind this module does not have."""
        kind = self.kinds.get(cmd.name)
        if kind is None:
            raise rule_error("", "text.unknown_order", order=cmd.name, orders=["/" + k for k in self.kinds])
        return kind.read(cmd)

    def parse(self, text: str | Command | Order) -> Order:
        """The order a text (or a ``Command``, or an order already) says."""
        if isinstance(text, str):  # the plain types asked first: the ABC's check is the slower
            return self.read(parse_command(text))
        return self.read(text) if isinstance(text, Command) else text


Choice = Order | str  # an item of a module's ``legal().choices``: an order, or the text of one


def text_of(choice: Choice) -> str:
    """A legal choice as text, whether the module gives orders or strings."""
    return choice if isinstance(choice, str) else choice.text()


def command_of(choice: Choice) -> Command:
    """A legal choice as a name and options, whether the module gives orders or strings (the platform's
    generic code: autocomplete, drafts)."""
    return parse_command(choice) if isinstance(choice, str) else choice.command()
