"""The game-module contract (issue 4/6): what a game declares so that the bot, the console, the script runner
and the tools play it without knowing its name.

A *module* is one game (Napoleon is the first; ``engine/napoleon/module.py``). It says:

- its ``id`` (stored with every game), its ``title``, and its **options** (``OptionSpec``: a name, a type, a
  default, the values accepted, and a help line — they drive ``/game new`` and ``@options``);
- its **roles** for given options, and which roles may **talk privately** when (Napoleon's allied thread);
- its **order kinds** with typed options (``OrderKind``/``OrderOption`` — they drive slash commands and
  autocomplete) and which unit ids belong to a role (``owns``: seats, hidden faces, order templates);
- its **orders as values** (``engine/orders.py``: an ``Order`` per kind, read from its text by the module's
  one parser and said again by ``text()``): ``legal(role).choices`` holds them, or plain order texts for a
  module not yet ported; the platform treats a choice only through ``str(choice)`` (``text_of``,
  ``command_of``), and ``apply`` takes the order's text or the choice itself;
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

from .messages import rule_error
from .orders import Choice

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
    given: set[str] = set()
    for item in text.split():
        key, sep, value = item.partition("=")
        key = key.strip().lower().replace("-", "_")
        if not sep or key not in by_name:
            raise rule_error("options", "options.unknown", item=item, known=list(by_name))
        if key in given:  # which one was meant is not for us to guess
            raise rule_error("options", "options.twice", option=key)
        given.add(key)
        values[key] = by_name[key].read(value)
    return values


PICKS_SHOWN = 25  # Discord's most options in one select


@dataclass(frozen=True)
class OrderOption:
    """One option of an order (``units:`` of ``/move``): its ``kind`` says what autocomplete offers."""

    name: str
    kind: str
    required: bool = True
    help: str = ""
    choices: tuple[str, ...] = ()  # the only values it takes (offered as a list), or () for any
    suggested: bool = True  # offered by autocomplete (False: the player writes it, a deployment's columns)
    quoted: bool = False  # its value goes in quotes in the order's text (it may hold ":", ``/orders list:``)
    words: str = ""  # a term family naming its values in the player's language (``term.<words>.<value>``)

    def __post_init__(self) -> None:
        assert self.kind in ORDER_OPTION_KINDS, self.kind


@dataclass(frozen=True)
class OrderKind:
    """One kind of order (``/move``), with its typed options, the rule it follows and a help line. The
    Discord front end makes a slash command of it (``bot/discord_app/cog.py order_commands``): its options in
    this order (the required first), and the order it sends says them in this order too."""

    name: str
    options: tuple[OrderOption, ...] = ()
    rule: str = ""
    help: str = ""


@dataclass(frozen=True)
class PictureKind:
    """One kind of picture (``map``). ``draw`` names ("package.module:function") a function above the engine
    (``renderers/``, or a test module) that takes the picture's *subject* and a language and returns the
    image's bytes. A picture is drawn from a view, never from the game's state: the subject is the role's
    view, or what ``subject(game, view, role, place)`` makes of it (plain picklable data, made on the bot's
    event loop, so cheap: Napoleon's battle board takes the one battle of the view at ``place``). ``prepare``
    names an engine function run where the picture is drawn, before ``draw``, on the subject (Napoleon's
    replay: the game's script played into its public views, so that no renderer plays a game). The bot draws
    every kind the same way, in its process pool (``bot/pictures.py``), knowing no game. ``after`` names the
    event kinds that change it (empty: every change).

    Which pictures a change posts (the service, ``bot/service/broadcast.py``): one of each kind whose
    ``places`` is None; for a kind with ``places(game, role, events)``, one per place it returns (Napoleon's
    battle boards: the open battles the events touched, None for all, that the role fights in); ``at_end``
    kinds only once the game is over (the replay), and only in public posts; ``private`` kinds also in each
    player's DM, as their role sees it; ``board``: the kind the pinned status shows. ``rank``: the order the
    pictures waiting are drawn in, lowest first (a private picture waits two places behind its public one)."""

    name: str
    draw: str
    after: frozenset[str] = frozenset()
    places: Callable[[Any, str, Sequence[Any] | None], list[str]] | None = None
    at_end: bool = False
    private: bool = True
    board: bool = False
    rank: int = 4  # the order pictures are drawn in when several wait (public first; lower first)
    subject: Callable[[Any, Any, str, str], Any] | None = None  # (game, view, role, place) -> draw's input
    prepare: str = ""  # "package.module:function" of the engine, run on the subject before ``draw``


class Text(Protocol):
    """The translator a front end hands a module's presentation hooks (narration, prompts, status): the
    bot's catalogs, so that the module's words live with its rules and the engine imports nothing above it.
    ``t(key, lang, **params)`` says a message; ``join`` a list; ``term`` names an order as the player's client
    does; ``localize_error`` says a RuleError."""

    def t(self, key: str, lang: str, /, **params: Any) -> str: ...
    def join(self, items: Any, lang: str) -> str: ...
    def term(self, kind: str, text: str, lang: str) -> str: ...
    def localize_error(self, err: Any, lang: str) -> str: ...


@dataclass(frozen=True)
class Pick:
    """An order picked from a list in the role's private prompt: Liberty's next battle (7.1), a hit among
    equals (7.32). ``orders``: the texts of the orders offered (at most ``PICKS_SHOWN``), each sent as it is
    through the one order path. The platform draws it (a select in the role's DM, a numbered list at the
    console); a list the game has moved past is refused as out of date."""

    orders: tuple[str, ...]


@dataclass(frozen=True)
class SealedChoice:
    """A choice made secretly and revealed later (the engine keeps it hidden from the other side until then).

    From a list: ``orders``, one picked, drawn as a ``Pick`` (Liberty's card played face down, 3.1).
    From a form: each of ``pieces`` put in one of ``slots`` in a private prompt, the draft kept by the
    platform, and confirmed as one ``order`` whose options are the slots (their pieces joined by ",") and
    ``place``:``at`` (Napoleon's battle deployment, 6.2: blocks into left..reserve, ``battle:TOWN``). Every
    piece must be placed; the order's own rules judge the rest. ``head`` and ``help``: message keys of the
    prompt's first and last lines (fields ``at``, ``n``), the platform's plain words when empty."""

    orders: tuple[str, ...] = ()
    order: str = ""
    pieces: tuple[str, ...] = ()
    slots: tuple[str, ...] = ()
    place: str = ""
    at: str = ""
    head: str = ""
    help: str = ""

    def __post_init__(self) -> None:
        assert bool(self.orders) != bool(self.slots), "a sealed choice is a list or a form"

    @property
    def form(self) -> bool:
        return bool(self.slots)

    def text(self, placed: Mapping[str, str]) -> str:
        """The order that confirms the form: ``/order slot:a,b ... place:at`` (``placed``: piece -> slot;
        the slots in their order, the pieces in theirs, an empty slot left out)."""
        parts = [f"{s}:{','.join(p for p in self.pieces if placed.get(p) == s)}" for s in self.slots]
        said = [p for p in parts if not p.endswith(":")]
        return " ".join([f"/{self.order}", *said, *([f"{self.place}:{self.at}"] if self.place else [])])


# what a module asks of a role besides plain orders (slash commands), one of a small closed set
Interaction = Pick | SealedChoice


def listed(interactions: Sequence[Interaction]) -> tuple[str, ...]:
    """The orders of the role's list to pick from (a ``Pick``, or a ``SealedChoice`` made from a list): the
    first one's, at most ``PICKS_SHOWN``; () when it has none."""
    for i in interactions:
        if isinstance(i, Pick) or not i.form:
            return tuple(i.orders[:PICKS_SHOWN])
    return ()


def forms(interactions: Sequence[Interaction]) -> list[SealedChoice]:
    """The role's sealed choices made by a form, one per place."""
    return [i for i in interactions if isinstance(i, SealedChoice) and i.form]


@dataclass(frozen=True)
class Standing:
    """Standing orders a player may leave (Napoleon's standing battle orders): the preference ``key``, the
    ``words`` it takes, and ``choose(game, role, spec)`` -> the next order they give, or None."""

    key: str
    words: tuple[str, ...]
    choose: Callable[[Any, str, dict[str, bool]], str | None]
    when: Callable[[Any], bool] = lambda game: True  # whether standing orders may play now
    always: tuple[str, ...] = ()  # words every standing order holds (Napoleon: hold)


@dataclass(frozen=True)
class Fuzzing:
    """How the fuzzer and the tools (``python -m tools.fuzz --game ID``, ``tools/samples.py``,
    ``bench/ai.py``) play this game beyond what every game has; every field has a default that fits any
    game. A *mode* is "random" (random orders for every seat), "bot-SIDE" (the bot player for SIDE's roles,
    random orders for the others) or "bots" (the bot everywhere)."""

    sides: tuple[str, ...] = ()  # the sides a bot takes in turn (default: the default options' roles)
    # (options, side) -> the roles a side's bot plays (default: the side itself, if it is a role)
    side_roles: Callable[[Any, str], tuple[str, ...]] | None = None
    # (seed, wanted) -> (options object, mode) of game ``seed``, a fixed function of the seed; ``wanted`` is
    # "all", "bot" or one mode (default: the options drawn from their specs, the mode ``seed % len(modes)``)
    plan: Callable[[int, str], tuple[Any, str]] | None = None
    random_options: Callable[[Any], Any] | None = None  # (random.Random) -> an options object (samples)
    # (i, random.Random, fixed values) -> the options of the AI bench's i-th game (default: the defaults)
    bench_options: Callable[[int, Any, Mapping[str, Any]], Any] | None = None
    # (random.Random, game, role, budget) -> the text of a random legal order of ``role``, or None; reads the
    # game, as the fuzzer may (default: any legal choice, evenly)
    pick: Callable[[Any, GameObject, str, dict[str, int]], str | None] | None = None
    # game -> a check of each order as it is applied (order text), with what it remembers of the orders before
    watch: Callable[[GameObject], Callable[[GameObject, str], None]] | None = None
    final: tuple[Callable[[GameObject], None], ...] = ()  # checks of a finished game
    result: Callable[[GameObject], tuple[str, str]] | None = None  # a finished game -> (winner, why)
    counts: Callable[[GameObject], dict[str, int]] = lambda game: {}  # what a finished game counts (battles)
    label: Callable[[Any], str] | None = None  # options -> in words (default: the values not the defaults)
    cap: int = 5000  # orders after which a game has failed to end
    bot_fallbacks: bool = False  # a rejected bot order is replaced by a legal one and counted (not a failure)
    random_player: str = ""  # "package.module:Class" of a random bot player deciding from its view (ai/)
    bench_opponent: str = "fuzz"  # the AI bench's default opponent: "fuzz" (``pick``) or "random" (the above)


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
    dump_data: Callable[[], dict[str, Any]] | None = None  # its data as plain values (engine.scenario --json)
    pictures: tuple[PictureKind, ...] = ()
    warm: str = ""  # "package.module:function" (locale) drawing the pictures' static layers, at start-up
    bot_player: str = ""  # "package.module:Class" of the bot player (resolved above the engine: ai/ or tests)
    fuzz_invariants: tuple[Callable[[GameObject], None], ...] = ()
    fuzzing: Fuzzing = Fuzzing()
    # "package.module" above the engine with the game's sample pictures (``tools/picture_demo.py``,
    # ``tools/samples.py``) and picture bench (``bench/render.py``); "" for none
    samples: str = ""

    # --- how the platform stores, tells and plays it (each default fits a small game like tests' Dash) ----
    # (game, deep) -> a working copy to apply to (``deep``: to change in place, as a directive does); the
    # default reloads the game's snapshot
    copy: Callable[[GameObject, bool], GameObject] | None = None
    dumps_state: Callable[[GameObject], str] | None = None  # the snapshot without its logs (default: dumps)
    # (state, events, log) -> the game (default: ``loads(state)``: a snapshot that holds its own logs)
    loads_state: Callable[[str, list[Any], list[str]], GameObject] | None = None
    with_history: Callable[[GameObject, list[Any], list[str]], GameObject] | None = None
    epoch: Callable[[GameObject], Any] = lambda game: None  # a snapshot is kept whenever it moves (a turn)
    # a new deadline whenever it moves (the players awaited)
    waiting: Callable[[GameObject], str] = lambda game: ",".join(game.active())
    outcome: Callable[[GameObject], str] = lambda game: ""  # why the game ended, in words (once over)
    # (event as the role sees it, lang, options, text) -> one line, or None for bookkeeping nobody reads
    narrate: Callable[[dict[str, Any], str, Any, Text], str | None] | None = None
    status: Callable[[GameObject, str, Text], str] | None = None  # the game's state in one line
    # (game, role, lang, text, examples) -> what the role is asked to do now ("" when it is not asked)
    prompt: Callable[[GameObject, str, str, Text, bool], str] | None = None
    # (public view, role, lang, text) -> one line for everyone (the channel's ping): what the role is asked to
    # do. It is handed the public view and nothing else, so that it cannot say what only the role may know (a
    # block drawn blind); a module without one has no headline
    headline: Callable[[Any, str, str, Text], str] | None = None
    describe_options: Callable[[Any, str, Text], str] | None = None  # the options in words
    # the order the legal choices show in (items: ``Order``s, or strings for a module whose orders are text)
    ranked: Callable[[Sequence[Choice]], list[Choice]] = lambda choices: list(choices)
    # (game, role, order, option, typed, given) -> the values autocomplete offers, or None to offer the values
    # of the option in the role's legal choices (Napoleon: a move's units and the paths they may take)
    suggest: Callable[[GameObject, str, str, str, str, dict[str, str]], list[str] | None] = (
        lambda game, role, order, option, current, given: None
    )
    # an imported script's dice (DESIGN, "Import"): the forced dice it leaves queued, dropping them, and a new
    # secret seed for the dice from then on (a module without forced dice or a reseed keeps its own)
    forced_dice: Callable[[GameObject], list[int]] = lambda game: []
    clear_dice: Callable[[GameObject], None] = lambda game: None
    reseed: Callable[[GameObject, int], None] = lambda game, seed: None
    seats: tuple[str, ...] = ()  # every seat any options give (default: the default options' seats)
    first_options: str = ""  # the options of a console game when none are given (Napoleon: its history)
    preferences: tuple[str, ...] = ()  # the ``@prefer ROLE KEY:IDS`` keys players may set (priority lists)
    preferred: Callable[[GameObject, str, str], list[str]] = lambda game, role, key: []  # the list saved
    standing: Standing | None = None
    # (game, role) -> what the role is asked besides plain orders now (``Interaction``s: a ``Pick`` from a
    # list, a ``SealedChoice`` by a list or a form); () where it gives its orders by command. The platform
    # draws each kind once, for every game
    interactions: Callable[[GameObject, str], Sequence[Interaction]] = lambda game, role: ()
    # (place, lang) -> a place a picture kind's ``places`` names (where a battle is), as a player reads it;
    # the default says its id (a game whose places are named by their names)
    place_said: Callable[[str, str], str] = lambda place, lang: place

    # --- options ---------------------------------------------------------------------------------------
    def defaults(self) -> dict[str, Any]:
        return {o.name: o.default for o in self.options}

    def parse_options(self, text: str, base: Mapping[str, Any] | None = None) -> Any:
        """``key=value ...`` over ``base`` (or the defaults) -> the game's options object; a RuleError (rule
        "options") names the bad item and what would be accepted."""
        return self.make_options(parse_values(self.options, text, self.defaults() if base is None else base))

    def order(self, name: str) -> OrderKind | None:
        return next((k for k in self.orders if k.name == name), None)

    def every_role(self) -> tuple[str, ...]:
        """Every seat any options give (``/game join role:``)."""
        return self.seats or tuple(self.roles(self.make_options(self.defaults())))

    def picture(self, name: str) -> PictureKind | None:
        return next((k for k in self.pictures if k.name == name), None)

    # --- the platform's defaults ---------------------------------------------------------------------------
    def working_copy(self, game: GameObject, deep: bool = False) -> GameObject:
        """A copy of ``game`` to apply an order to (``deep``: to change in place), so that the game as it
        was stays as it was."""
        return self.copy(game, deep) if self.copy is not None else self.loads(game.dumps())

    def state_of(self, game: GameObject) -> str:
        return self.dumps_state(game) if self.dumps_state is not None else game.dumps()

    def from_state(self, state: str, events: list[Any], log: list[str]) -> GameObject:
        return self.loads_state(state, events, log) if self.loads_state is not None else self.loads(state)

    def history_into(self, game: GameObject, events: list[Any], log: list[str]) -> GameObject:
        """``game`` with the event log and script log the store holds (default: the game's own)."""
        return self.with_history(game, events, log) if self.with_history is not None else game

    def told(self, event: dict[str, Any], lang: str, options: Any, text: Text) -> str | None:
        """One event in words; without a narration of its own, its kind and plain fields."""
        if self.narrate is not None:
            return self.narrate(event, lang, options, text)
        return plain(event)

    def asked(self, game: GameObject, role: str, lang: str, text: Text, examples: bool = True) -> str:
        """What ``role`` is asked to do now: the module's prompt, else its legal orders' own prompt."""
        if self.prompt is not None:
            return self.prompt(game, role, lang, text, examples)
        if game.over or role not in game.active():
            return ""
        lg = game.legal(role)
        choices = [str(c) for c in getattr(lg, "choices", ())]
        shown = " · ".join(f"`{c}`" for c in choices[:3]) if examples else ""
        return " ".join(x for x in (str(getattr(lg, "prompt", "")), shown) if x)

    def headline_of(self, game: GameObject, role: str, lang: str, text: Text) -> str:
        """What ``role`` is asked to do now, said to everyone: the module's ``headline`` of the public view
        (never of the game, nor of the role's view or legal orders); "" when it is not asked."""
        if self.headline is None or game.over or role not in game.active():
            return ""
        return self.headline(game.view("public", events=False), role, lang, text)

    def said(self, game: GameObject, lang: str, text: Text) -> str:
        """The game's state in one line (the status board's)."""
        if self.status is not None:
            return self.status(game, lang, text)
        if game.over:
            return self.outcome(game) or "over"
        return "waiting for " + (", ".join(game.active()) or "nobody")

    def options_said(self, options: Any, lang: str, text: Text) -> str:
        if self.describe_options is not None:
            return self.describe_options(options, lang, text)
        values = self.options_dict(options)
        return " ".join(f"{k}={_said(v)}" for k, v in values.items())


def plain(event: dict[str, Any]) -> str:
    """An event as its kind and plain fields (``moved: role=red, to=2``), when nothing tells it better."""
    fields = [
        (k, v) for k, v in event.items() if k not in ("kind", "seq") and not isinstance(v, (dict, list))
    ]
    return f"{event.get('kind', 'event')}: " + ", ".join(f"{k}={v}" for k, v in fields)


def _said(value: Any) -> str:
    """An option's value as ``@options`` writes it (booleans on/off)."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def resolve(path: str) -> Any:
    """The object a "package.module:name" path names (a module's bot player or picture function): imported
    when asked for, so that the engine depends on nothing above it."""
    import importlib

    mod, _, name = path.partition(":")
    return getattr(importlib.import_module(mod), name)
