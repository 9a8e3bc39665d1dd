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
``One``, ``Single``, ``Ids``, ``Path``, ``Items``, ``Flag``, ``Number``): read and said by the declarations,
lists and paths included (aliases, a pinned path's places, a list of orders, an option needed only with or
without another), so that no kind splits or joins a list itself; a kind that checks something before its
options (a usage of its own) reads them by ``declared``.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, Self, TypeVar, cast, dataclass_transform

from .errors import RuleError
from .messages import rule_error
from .text import Command, flag, needs, number, parse_command, split_list, takes

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
        if isinstance(getattr(made, "spec", None), tuple):  # a ``Spoken`` kind: one declaration a field
            _declare(made, kind)
        return made

    return make


# --- an order's options, declared once: how each is read from the text and said again -------------------


Refuse = Callable[[Command, str], RuleError]  # (the order, the option's value as written) -> its refusal


@dataclasses.dataclass(frozen=True)
class Said(ABC):
    """One option of a ``Spoken`` order: its ``name`` in the text, whether the order ``needs`` it, and the
    ``case`` its values are kept in ("upper", "lower" or as written); ``read`` and ``say`` are each kind's.

    ``aliases``: other names it is read by, the first of it and them given (``unit:`` for ``units:``);
    ``when``/``unless``: needed only when that other option is given, or only when it is not (its need
    depends on it, read and said alike); ``missing``: the order's own refusal of it needed and not given
    (``text.needs`` otherwise)."""

    name: str
    needed: bool = True
    case: str = ""
    aliases: tuple[str, ...] = ()
    when: str = ""
    unless: str = ""
    missing: Refuse | None = None

    def cased(self, v: str) -> str:
        return v.upper() if self.case == "upper" else v.lower() if self.case == "lower" else v

    def names(self) -> tuple[str, ...]:
        """The option's names in the text: its own, then its aliases'."""
        return (self.name, *self.aliases)

    def given(self, cmd: Command) -> str:
        """The option's text: its own, or its first alias given; "" when none is."""
        o = cmd.options
        v = o.get(self.name, "")
        for a in self.aliases:
            if v:
                break
            v = o.get(a, "")
        return v

    def needs_in(self, cmd: Command) -> bool:
        """Whether ``cmd`` needs it: as declared, or by whether the option it depends on is given."""
        if self.when:
            return bool(cmd.options.get(self.when, "").strip())
        if self.unless:
            return not cmd.options.get(self.unless, "").strip()
        return self.needed

    def refused(self, cmd: Command, value: str = "") -> RuleError:
        """The refusal of it needed and not given: the order's own, or ``text.needs``."""
        if self.missing is not None:
            return self.missing(cmd, value)
        return rule_error("", "text.needs", order=cmd.name, option=self.name)

    @abstractmethod
    def read(self, cmd: Command) -> Any:
        """The option's value in ``cmd``; a RuleError on bad syntax."""

    @abstractmethod
    def say(self, value: Any) -> str:
        """`` name:value``; "" for an option not needed and not given."""


@dataclasses.dataclass(frozen=True)
class One(Said):
    """One value (``to:V1``): needed, or ``absent`` (None) when not given; ``among``: the only words it takes
    (any case), refused by ``wrong`` (given what was written) otherwise."""

    absent: str | None = None
    among: tuple[str, ...] = ()
    wrong: Refuse | None = None

    def __post_init__(self) -> None:
        assert self.wrong is not None or not self.among, f"{self.name}: words to take need their refusal"

    def read(self, cmd: Command) -> str | None:
        v = self.given(cmd).strip()
        if not v:
            if self.needs_in(cmd):
                raise self.refused(cmd)
            return self.absent
        if self.among and v.lower() not in self.among and self.wrong is not None:
            raise self.wrong(cmd, v)
        return self.cased(v)

    def say(self, value: str | None) -> str:
        return f" {self.name}:{value}" if value or self.needed else ""


@dataclasses.dataclass(frozen=True)
class Single(One):
    """One id where a list may be written (``unit:A``): refused by ``wrong`` unless it names exactly one; not
    needed and naming none (``unit:,``), ``absent``."""

    def __post_init__(self) -> None:
        assert self.wrong is not None, f"{self.name}: one of several needs its refusal"

    def read(self, cmd: Command) -> str | None:
        text = self.given(cmd)
        needed = self.needs_in(cmd)
        if not text.strip():
            if not needed:
                return self.absent
            raise self.refused(cmd)
        ids = split_list(text)
        if not ids and not needed:
            return self.absent
        if len(ids) != 1 and self.wrong is not None:
            raise self.wrong(cmd, text)
        return self.cased(ids[0])


@dataclasses.dataclass(frozen=True)
class Ids(Said):
    """Ids joined by "," (``units:F02,F03``); ``always``: said even when none are given (``hits:``);
    ``joined``: its aliases' ids read after its own, one list (``centre:`` with ``center:``); ``bare``:
    needed given, though it names none (``units:,``: the rules judge an empty list)."""

    needed: bool = False
    always: bool = False
    joined: bool = False
    bare: bool = False

    def read(self, cmd: Command) -> tuple[str, ...]:
        if self.joined:
            o = cmd.options
            ids = tuple(x for n in self.names() for x in split_list(o.get(n, "")))
        elif self.bare:
            text = self.given(cmd)
            if not text and self.needs_in(cmd):
                raise self.refused(cmd)
            ids = tuple(split_list(text))
        else:
            ids = tuple(split_list(self.given(cmd)))
        if not ids and not self.bare and self.needs_in(cmd):
            raise self.refused(cmd)
        return tuple(self.cased(x) for x in ids) if self.case else ids

    def say(self, value: Sequence[str]) -> str:
        return f" {self.name}:{','.join(value)}" if value or self.needed or self.always else ""


@dataclasses.dataclass(frozen=True)
class Path(Said):
    """Places joined by ">" (``path:A>B``); a needed one given (what it names is the rules' to judge);
    ``always``: said even when it names none (``path:``), though not needed; ``some``: needed, refused when
    it names no place (``path:>``) too; ``pinned``: each place kept as written, an empty one too, for the
    rules to judge (``path:A>>B``)."""

    always: bool = False
    some: bool = False
    pinned: bool = False

    def read(self, cmd: Command) -> tuple[str, ...]:
        raw = self.given(cmd)
        if self.needs_in(cmd) and not raw.strip() and not self.some:
            raise self.refused(cmd)
        if self.pinned:
            return tuple(p.strip() for p in raw.split(">")) if raw else ()
        path = tuple(p.strip() for p in raw.split(">") if p.strip())
        if self.some and not path:
            raise self.refused(cmd)
        return path

    def say(self, value: Sequence[str]) -> str:
        return f" {self.name}:{'>'.join(value)}" if value or self.needed or self.always else ""


@dataclasses.dataclass(frozen=True)
class Items(Said):
    """Items joined by "; " in quotes (``list:"fire A; end"``), each an order's text or a short form of
    one: read one by one by the rules when their turn comes. Needed: refused when not given; said, even
    empty, when needed."""

    needed: bool = False

    def read(self, cmd: Command) -> tuple[str, ...]:
        text = self.given(cmd)
        if not text and self.needs_in(cmd):
            raise self.refused(cmd)
        return tuple(i.strip() for i in text.split(";") if i.strip())

    def say(self, value: Sequence[str]) -> str:
        return f' {self.name}:"{"; ".join(value)}"' if value or self.needed else ""


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
        if self.needs_in(cmd):
            needs(cmd, self.name)
        return number(cmd, self.name)

    def say(self, value: int | None) -> str:
        return "" if value is None else f" {self.name}:{value}"


class Spoken(Order):
    """An order kind whose text is ``/kind`` and its options in its fields' order (or in ``saying``'s, the
    options' names in the text's order, for a kind whose fields keep an older order): ``spec`` declares each
    field's option (a ``Said``), the kind reads and says itself by them. ``read`` refuses an option it does
    not take, then reads each (those of ``reading`` first: their faults said before the others'), in the
    text's order; a kind that checks its options in its own words first reads them by ``declared``. A kind
    with no option reads none."""

    spec: ClassVar[tuple[Said, ...]] = ()
    saying: ClassVar[tuple[str, ...]] = ()  # the options in the text's order, when not the fields'
    reading: ClassVar[tuple[str, ...]] = ()  # the options read first, in this order
    fields_said: ClassVar[tuple[tuple[str, Said], ...]] = ()  # (field, its option): made by ``order``
    said_in_order: ClassVar[tuple[tuple[str, Said], ...]] = ()  # the same in the text's order: by ``order``
    read_in_order: ClassVar[tuple[tuple[str, Said], ...]] = ()  # the same in reading's order: by ``order``
    taken: ClassVar[tuple[str, ...]] = ()  # every option name it takes, aliases after theirs: by ``order``
    depends: ClassVar[bool] = False  # an option's need depends on another's: by ``order``

    @classmethod
    def read(cls, cmd: Command) -> Self:
        takes(cmd, *cls.taken)
        return cls.declared(cmd)

    @classmethod
    def declared(cls, cmd: Command) -> Self:
        """The order ``cmd`` says, each option read by its declaration (none refused for not being taken)."""
        return cast(Callable[..., Self], cls)(**{name: o.read(cmd) for name, o in cls.read_in_order})

    def say(self) -> str:
        if not self.depends:
            return f"/{self.kind}" + "".join([o.say(getattr(self, name)) for name, o in self.said_in_order])
        fields = {o.name: name for name, o in self.fields_said}
        words = [f"/{self.kind}"]
        for name, o in self.said_in_order:
            if o.when or o.unless:  # needed by whether the option it depends on is given in this order
                given = bool(getattr(self, fields[o.when or o.unless]))
                o = dataclasses.replace(o, needed=given if o.when else not given, when="", unless="")
            words.append(o.say(getattr(self, name)))
        return "".join(words)


def _declare(made: Any, kind: str) -> None:
    """A ``Spoken`` kind's declarations: one a field, in the fields' order; said in ``saying``'s, read in
    ``reading``'s then the text's."""
    names = [f.name for f in dataclasses.fields(made)]
    spec = made.spec
    assert len(spec) == len(names), (kind, names, spec)
    pairs = tuple(zip(names, spec, strict=True))
    by_option = {o.name: (name, o) for name, o in pairs}
    said = tuple(by_option[n] for n in made.saying) if made.saying else pairs
    assert len(said) == len(pairs), (kind, made.saying)
    first = tuple(by_option[n] for n in made.reading)
    made.fields_said = pairs
    made.said_in_order = said
    made.read_in_order = first + tuple(p for p in said if p not in first)
    made.taken = tuple(n for o in spec for n in o.names())
    made.depends = any(o.when or o.unless for o in spec)


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
