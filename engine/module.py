"""The game-module contract (issue 4/6): what a game declares so that the bot, the console, the script runner
and the tools play it without knowing its name.

A *module* is one game (Napoleon is the first; ``engine/napoleon/module.py``). It says:

- its ``id`` (stored with every game), its ``title``, and its **options** (``OptionSpec``: a name, a type, a
  default, the values accepted, and a help line — they drive ``/game new`` and ``@options``);
- its **roles** for given options, and which roles may **talk privately** when (Napoleon's allied thread);
- its **order kinds** with typed options (``OrderKind``/``OrderOption`` — they drive slash commands and
  autocomplete) and which unit ids belong to a role (``owns``: seats, hidden faces, order templates);
- ``new_game(options, seed)`` and ``loads(snapshot)``, returning a **game object** that keeps the engine
  contract of ``../shared/DESIGN.md`` (``GameObject`` below: ``apply``, ``view``, ``legal``, ``active``,
  ``over``, ``script``, ``dumps``, ``log``);
- its **pictures** (``PictureKind``: which kinds, which roles see them, drawn from a view) and its **bot
  player** and **fuzz invariants** (plain callables, so that ``engine`` imports neither ``ai`` nor Pillow).

Modules are registered by id in ``engine/modules.py`` (``get(id)``, ``modules()``; ``python -m engine.scenario
--list``). The rules stay in the module's package; this file holds no game and imports none.

This contract borrows from Rally the Troops' module contract (setup / view / action / prompt: a module is a
pure object the server drives) and from OpenSpiel's game API (a game type with its parameters, and states
that answer who acts and what is legal).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from . import catalog
from .messages import rule_error

OPTION_KINDS = ("choice", "int", "bool", "text")
ORDER_OPTION_KINDS = ("units", "unit", "town", "path", "number", "bool", "text", "list")


@dataclass(frozen=True)
class OptionSpec:
    """One game option (``players=3``). ``kind``: choice (one of ``choices``), int (``lo``..``hi``), bool
    (on/off), text."""

    name: str
    kind: str
    default: Any
    help: str
    choices: tuple[str, ...] = ()
    lo: int | None = None
    hi: int | None = None

    def __post_init__(self) -> None:
        assert self.kind in OPTION_KINDS, self.kind

    def read(self, value: str) -> Any:
        """The option's value from its text, or a RuleError saying what would be accepted."""
        v = value.strip()
        if self.kind == "bool":
            if v.lower() in ("on", "yes", "true", "1"):
                return True
            if v.lower() in ("off", "no", "false", "0"):
                return False
            raise rule_error("options", "options.on_off", option=self.name, value=v)
        if self.kind == "int":
            try:
                n = int(v)
            except ValueError:
                raise rule_error("options", "options.whole_number", option=self.name, value=v) from None
            if (self.lo is not None and n < self.lo) or (self.hi is not None and n > self.hi):
                lo, hi = self.lo, self.hi
                raise rule_error("options", "options.range", option=self.name, value=v, lo=lo, hi=hi)
            return n
        if self.kind == "choice" and v not in self.choices:
            raise rule_error("options", "options.choice", option=self.name, value=v, known=list(self.choices))
        return v


def parse_values(specs: Sequence[OptionSpec], text: str, base: Mapping[str, Any]) -> dict[str, Any]:
    """``key=value`` items, spaces between them, read by ``specs`` over the values ``base``."""
    by_name = {o.name: o for o in specs}
    values = dict(base)
    for item in text.split():
        key, sep, value = item.partition("=")
        key = key.strip().lower().replace("-", "_")
        if not sep or key not in by_name:
            raise rule_error("options", "options.unknown", item=item, known=list(by_name))
        values[key] = by_name[key].read(value)
    return values


@dataclass(frozen=True)
class OrderOption:
    """One option of an order (``units:`` of ``/move``): its ``kind`` says what autocomplete offers."""

    name: str
    kind: str
    required: bool = True
    help: str = ""

    def __post_init__(self) -> None:
        assert self.kind in ORDER_OPTION_KINDS, self.kind


@dataclass(frozen=True)
class OrderKind:
    """One kind of order (``/move``), with its typed options, the rule it follows and a help line."""

    name: str
    options: tuple[OrderOption, ...] = ()
    rule: str = ""
    help: str = ""


@dataclass(frozen=True)
class PictureKind:
    """One kind of picture (``map``). ``draw`` names ("package.module:function") a function above the engine
    (renderers/, or a test module) that takes a role's view and a language and returns PNG bytes: a picture
    is drawn from a view, never from the game's state. ``after`` names the event kinds that change it (empty:
    every change)."""

    name: str
    draw: str
    after: frozenset[str] = frozenset()


@runtime_checkable
class GameObject(Protocol):
    """What the bot, the console and the script runner call on a game (DESIGN, "The engine contract").
    ``log`` is the list of accepted orders (``role: /order``) and directives, in the order they came; the
    script of a game is its options, its seed and its log."""

    def apply(self, role: str, order: str) -> list[Any]: ...
    def view(self, role: str = "public", *, events: bool = True) -> Any: ...
    def legal(self, role: str) -> Any: ...
    def active(self) -> list[str]: ...
    @property
    def over(self) -> bool: ...
    def script(self) -> str: ...
    def dumps(self) -> str: ...
    @property
    def log(self) -> list[str]: ...
    @property
    def events(self) -> list[Any]: ...
    @property
    def options(self) -> Any: ...


@dataclass(frozen=True)
class Module:
    """A game module. Everything here is a plain value or a function: a module is data plus pure code."""

    id: str
    title: str
    options: tuple[OptionSpec, ...]
    make_options: Callable[[dict[str, Any]], Any]  # a dict of option values -> the game's own options object
    options_dict: Callable[[Any], dict[str, Any]]  # the options object -> its values (stored, scripted)
    roles: Callable[[Any], tuple[str, ...]]  # options -> the seats
    new_game: Callable[[Any, int], GameObject]  # (options, seed) -> a new game
    loads: Callable[[str], GameObject]  # a snapshot (``dumps``) -> the game
    orders: tuple[OrderKind, ...]
    owns: Callable[[str, str], bool]  # (role, unit id) -> the unit is the role's
    private_talk: Callable[[GameObject], Sequence[tuple[str, ...]]] = lambda game: ()  # the groups open now
    private_roles: Callable[[Any], tuple[str, ...]] = (
        lambda options: ()
    )  # options -> who ever talks privately
    # its message catalog: a dir of gettext catalogs, ``<locale>/<lang>/LC_MESSAGES/<id>.po``
    # (engine/catalog.py), added to the engine's when the module is made; or plain dicts, lang -> key -> text
    # (a module not yet ported: ``python -m tools.catalog convert`` makes the .po files of them)
    locale: str = ""
    messages: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    directives: tuple[str, ...] = ()  # the script directives after @game/@options/@seed (``@dice 1 5``)
    directive: Callable[[GameObject, str, str], None] = lambda game, word, rest: None
    report: Callable[[GameObject], dict[str, Any]] = lambda game: {}  # ``python -m engine.script``'s JSON
    pictures: tuple[PictureKind, ...] = ()
    bot_player: str = ""  # "package.module:Class" of the bot player (resolved above the engine: ai/ or tests)
    fuzz_invariants: tuple[Callable[[GameObject], None], ...] = ()

    def __post_init__(self) -> None:
        if self.locale:
            catalog.register("engine", self.locale, self.id)

    # --- options ---------------------------------------------------------------------------------------
    def defaults(self) -> dict[str, Any]:
        return {o.name: o.default for o in self.options}

    def parse_options(self, text: str, base: Mapping[str, Any] | None = None) -> Any:
        """``key=value ...`` over ``base`` (or the defaults) -> the game's options object; a RuleError (rule
        "options") names the bad item and what would be accepted."""
        return self.make_options(parse_values(self.options, text, self.defaults() if base is None else base))

    def order(self, name: str) -> OrderKind | None:
        return next((k for k in self.orders if k.name == name), None)


def resolve(path: str) -> Any:
    """The object a "package.module:name" path names (a module's bot player or picture function): imported
    when asked for, so that the engine depends on nothing above it."""
    import importlib

    mod, _, name = path.partition(":")
    return getattr(importlib.import_module(mod), name)
