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
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from typing import ClassVar, TypeVar, dataclass_transform

from .messages import rule_error
from .text import Command, parse_command

OrderT = TypeVar("OrderT", bound="Order")


class Order:
    """One order. Subclasses are ``@order``-decorated dataclasses with a ``kind`` (the order's name, ``move``
    for ``/move``), ``read(cmd)`` (its options, checked for syntax only) and ``say()`` (its text)."""

    kind: ClassVar[str] = ""

    @classmethod
    def read(cls: type[OrderT], cmd: Command) -> OrderT:
        """The order of this kind that ``cmd`` says (``cmd.name`` is this kind); a RuleError on bad syntax."""
        raise NotImplementedError

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

    def say(self) -> str:
        """The order's text, made (``text`` keeps it)."""
        raise NotImplementedError

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
        # by kind and text: a kind's text says all of its fields (``text()`` is kept, so this is quick)
        if isinstance(other, Order):
            return other is self or (type(other) is type(self) and other.text() == self.text())
        if isinstance(other, str):
            return self.text() == other
        return NotImplemented

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
        return dataclasses.dataclass(frozen=True, eq=False)(cls)

    return make


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
        if isinstance(text, Order):
            return text
        return self.read(parse_command(text) if isinstance(text, str) else text)


Choice = Order | str  # an item of a module's ``legal().choices``: an order, or the text of one


def text_of(choice: Choice) -> str:
    """A legal choice as text, whether the module gives orders or strings."""
    return choice if isinstance(choice, str) else choice.text()


def command_of(choice: Choice) -> Command:
    """A legal choice as a name and options, whether the module gives orders or strings (the platform's
    generic code: autocomplete, drafts)."""
    return parse_command(choice) if isinstance(choice, str) else choice.command()
