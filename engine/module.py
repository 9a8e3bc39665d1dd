"""The game-module contract: what a game declares so that the bot, the console, the script runner and the
tools play it without knowing its name.

A *module* is one game: a subclass of ``Module`` (``engine/<game>/module.py``)
generic in the game's own types (its options object, its game object, its views). It declares:

- its ``id`` (stored with every game), its ``title``, and its **options** (``OptionSpec``: a name, a type, a
  default, the values accepted, and a help line — they drive ``/game new`` and ``@options``);
- its **roles** for given options, and which roles may **talk privately** when (two partners' thread);
- its **order kinds** with typed options (``OrderKind``/``OrderOption`` — they drive slash commands and
  autocomplete) and which unit ids belong to a role (``owns``: seats, hidden faces, order templates);
- its **orders as values** (``engine/orders.py``: an ``Order`` per kind, read from its text by the module's
  one parser and said again by ``text()``): ``legal(role).choices`` holds them, or plain order texts for a
  module not yet ported; the platform treats a choice only through ``str(choice)`` (``text_of``,
  ``command_of``), and ``apply`` takes the order's text or the choice itself;
- ``new_game(options, seed)`` and ``loads(snapshot)``, returning a **game object** (``GameObject`` below:
  ``apply``, ``view``, ``legal``, ``active``, ``over``, ``script``, ``dumps``, ``log``);
- its **pictures** (``PictureKind``: which kinds, which roles see them, made from a view) and its **fuzz
  invariants**. What draws a picture and the bot player are registered above the engine by the game's own
  packages (``renderers/registry.py``, ``ai/registry.py``), so that ``engine`` imports neither.

Every hook with a body in ``Module`` is the platform's default; a module overrides what it says better. One
name per idea: the platform calls ``module.status(game, ...)`` and the module's ``status`` answers.

Modules are registered by id in ``engine/modules.py`` (``get(id)``, ``modules()``; ``python -m engine.scenario
--list``). The rules stay in the module's package; this file holds no game and imports none.

Narrower than Rally the Troops' ``rules.js`` (``roles``, ``scenarios``, ``setup(seed, scenario, options)``,
``view(state, player)`` carrying the prompt and the actions, ``action(state, player, action, arg)``,
``resign``) and OpenSpiel's ``GameType`` (a record of a game's traits and parameters) with its ``State``
(``current_player``, ``legal_actions``, ``apply_action``, ``observation_string``, ``serialize``): the game
object answers ``active``, ``legal``, ``apply``, ``view`` and ``dumps``; the module declares plain values
(options, order kinds, pictures) and hooks that each have a default, so that a small game declares a
handful of them and names no trait it does not have.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, Self, TypeVar, cast, final, runtime_checkable

from .errors import RuleError
from .events import Event
from .messages import rule_error
from .orders import Choice, Order
from .text import Command, Value, fold, parse_command

if TYPE_CHECKING:
    from random import Random

OptionValue = str | int | bool  # an option's value as ``OptionSpec.read`` gives it
EventData = dict[str, Any]  # an event as a role sees it (``Event.visible``, ``Event.to_dict``): JSON values
OptionsT = TypeVar("OptionsT")  # the game's options object
GameT = TypeVar("GameT", bound="GameObject")  # its game object
GameC = TypeVar("GameC", bound="GameObject", contravariant=True)  # a game object, taken (``Fuzzing``'s hooks)
ViewT = TypeVar("ViewT")  # what ``game.view(role)`` gives

OPTION_KINDS = ("choice", "int", "bool", "text")
ORDER_OPTION_KINDS = ("units", "unit", "town", "path", "number", "bool", "text", "list")


@dataclass(frozen=True)
class OptionSpec:
    """One game option (``players=3``). ``kind``: choice (one of ``choices``), int (``lo``..``hi``), bool
    (on/off), text; ``typed``: whether a chat client offers it as an option of its own."""

    name: str
    kind: str
    default: OptionValue
    help: str
    choices: tuple[str, ...] = ()
    lo: int | None = None
    hi: int | None = None
    # False: a chat client offers it only as text among the other options (``name=value``), not as a typed
    # option of its own (Discord allows a command 25 options, shared by every game's)
    typed: bool = True

    def __post_init__(self) -> None:
        assert self.kind in OPTION_KINDS, self.kind

    def read(self, value: str) -> OptionValue:
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


def parse_values(
    specs: Sequence[OptionSpec], text: str, base: Mapping[str, OptionValue]
) -> dict[str, OptionValue]:
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

    def read(self, value: Value) -> Value:
        """The option's typed value, from its text (a console's, a script's) or from a front end's typed value
        (a slash command's), by its kind: a number an ``int``, a yes/no a ``bool``, a value of ``choices``
        the one listed (any case), any other its text. What it cannot read (``forced:maybe``) stays as
        written, for the order's own reader to refuse under its rule and in its words."""
        if isinstance(value, str):
            v = value.strip()
            if self.kind == "number" and v.isascii() and v.lstrip("-").isdigit():  # "²" is a digit to isdigit
                return int(v)
            if self.kind == "bool" and v.lower() in _YES_NO:
                return _YES_NO[v.lower()]
            return next((c for c in self.choices if fold(c) == fold(v)), v)
        return value


_YES_NO = {"yes": True, "y": True, "true": True, "on": True, "1": True}
_YES_NO |= {"no": False, "n": False, "false": False, "off": False, "0": False}


@dataclass(frozen=True)
class OrderKind:
    """One kind of order (``/move``), with its typed options, the rule it follows and a help line. The
    Discord front end makes a slash command of it (``bot/discord_app/cog.py order_commands``): its options in
    this order (the required first), and the order it sends says them in this order too."""

    name: str
    options: tuple[OrderOption, ...] = ()
    rule: str = ""
    help: str = ""
    # a choice the rules keep secret until a later step (a card played face down): the platform posts a
    # SHA-256 commitment to each one when it is accepted, opened when the game ends (``Module.sealed``)
    sealed: bool = False

    def read(self, cmd: Command) -> Command:
        """``cmd`` (this kind's) with its options typed once by their declarations (``OrderOption.read``);
        an option this kind does not declare (an alias its reader takes) keeps its text. The text form is
        kept as given: the log's."""
        declared = {o.name: o for o in self.options}
        values: dict[str, Value] = {}
        for k, text in cmd.options.items():
            given = cmd.values.get(k, text)
            values[k] = declared[k].read(given) if k in declared else given
        return Command(cmd.name, cmd.options, values)


@dataclass(frozen=True)
class PictureKind(Generic[GameT, ViewT]):
    """One kind of picture (``map``), drawn above the engine by the function the game's renderer package
    registers for it (``renderers/registry.py``: module id and kind -> ``draw(subject, locale)`` -> bytes).
    A picture is drawn from a view, never from the game's state: the subject is the role's view, or what
    ``subject(game, view, role, place)`` makes of it (plain picklable data, made on the bot's event loop, so
    cheap: a battle board takes the one battle of the view at ``place``). ``replay``: the subject is
    the game's script, played where the picture is drawn into its public views
    (``engine.script.public_views``, so that no renderer plays a game). The bot draws every kind the same
    way, in its process pool (``bot/pictures.py``), knowing no game. ``after`` names the event kinds that
    change it (empty: every change).

    Which pictures a change posts (the service, ``bot/service/broadcast.py``): one of each kind whose
    ``places`` is None; for a kind with ``places(game, role, events)``, one per place it returns (a game's
    battle boards: the open battles the events touched, None for all, that the role fights in); ``at_end``
    kinds only once the game is over (the replay), and only in public posts; ``private`` kinds also in each
    player's DM, as their role sees it; ``board``: the kind the pinned status shows. ``rank``: the order the
    pictures waiting are drawn in, lowest first (a private picture waits two places behind its public one)."""

    name: str
    after: frozenset[str] = frozenset()
    places: Callable[[GameT, str, Sequence[Event] | None], list[str]] | None = None
    at_end: bool = False
    private: bool = True
    board: bool = False
    rank: int = 4  # the order pictures are drawn in when several wait (public first; lower first)
    subject: Callable[[GameT, ViewT, str, str], object] | None = None  # (game, view, role, place) -> subject
    replay: bool = False  # the subject is a script, drawn as its public views


class Text(Protocol):
    """The translator a front end hands a module's presentation hooks (narration, prompts, status): the
    bot's catalogs, so that the module's words live with its rules and the engine imports nothing above it.
    ``t(key, lang, **params)`` says a message; ``join`` a list; ``term`` names an order as the player's client
    does; ``localize_error`` says a RuleError."""

    def t(self, key: str, lang: str, /, **params: Any) -> str: ...
    def join(self, items: Iterable[str], lang: str) -> str: ...
    def term(self, kind: str, text: str, lang: str) -> str: ...
    def localize_error(self, err: Exception, lang: str) -> str: ...


@dataclass(frozen=True)
class Pick:
    """An order picked from a list in the role's private prompt: the next battle to fight, a hit among
    equals (7.32). ``orders``: the texts of the orders offered (at most ``PICKS_SHOWN``), each sent as it is
    through the one order path. The platform draws it (a select in the role's DM, a numbered list at the
    console); a list the game has moved past is refused as out of date."""

    orders: tuple[str, ...]


@dataclass(frozen=True)
class SealedChoice:
    """A choice made secretly and revealed later (the engine keeps it hidden from the other side until then).

    From a list: ``orders``, one picked, drawn as a ``Pick`` (a card played face down).
    From a form: each of ``pieces`` put in one of ``slots`` in a private prompt, the draft kept by the
    platform, and confirmed as one ``order`` whose options are the slots (their pieces joined by ",") and
    ``place``:``at`` (a battle deployment: blocks into its columns, ``battle:TOWN``). Every
    piece must be placed; the order's own rules judge the rest. ``head`` and ``help``: message keys of the
    prompt's first and last lines (fields ``at``, ``n``), the platform's plain words when empty. ``words``: a
    term family naming the slots in the player's language (``term.<words>.<slot>`` in a line,
    ``term.<words>_title.<slot>`` on a button), the slots' ids when empty."""

    orders: tuple[str, ...] = ()
    order: str = ""
    pieces: tuple[str, ...] = ()
    slots: tuple[str, ...] = ()
    place: str = ""
    at: str = ""
    head: str = ""
    help: str = ""
    words: str = ""

    def __post_init__(self) -> None:
        assert bool(self.orders) != bool(self.slots), "a sealed choice is a list or a form"

    @property
    def form(self) -> bool:
        return bool(self.slots)

    def slot_said(self, slot: str, term: Callable[[str, str], str], title: bool = False) -> str:
        """A slot as the player reads it: ``term(family, slot)`` of its ``words`` (a title on a button)."""
        return term(self.words + ("_title" if title else ""), slot) if self.words else slot

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
class Standing(Generic[GameT]):
    """Standing orders a player may leave (standing battle orders): the preference ``key``, the
    ``words`` it takes, and ``choose(game, role, spec)`` -> the next order they give, or None. ``spec`` maps
    each word to whether it was given, or to its number for a ``counted`` word given as ``word:N``."""

    key: str
    words: tuple[str, ...]
    choose: Callable[[GameT, str, dict[str, Any]], str | None]
    when: Callable[[GameT], bool] = lambda game: True  # whether standing orders may play now
    always: tuple[str, ...] = ()  # words every standing order holds ("hold")
    counted: tuple[str, ...] = ()  # words that may carry a number, ``word:N`` ("press:3")
    # the catalog keys of its messages: this + "set", "cancelled", "bad" (words it does not take), and each
    # word (this + word; + "_n" for a word given with its number {n}); with scopes, this + "scoped" ({scope}:
    # {spec}), "ask" (a scope with no word) and "bad_scope" ({scope})
    said: str = "svc.standing_"
    # words that narrow a set of standing orders to part of the game, each given as ``word:VALUE`` ("into:L");
    # the words given with them answer there instead of the others (``choose`` finds them under
    # ``spec[SCOPED][key]``), and ``scope(game, {word: value})`` -> that key, or None where the game has no
    # such place; ``scope_said(key, lang)`` says the key in words
    scopes: tuple[str, ...] = ()
    scope: Callable[[GameT, dict[str, str]], str | None] = lambda game, given: None
    scope_said: Callable[[str, str], str] = lambda key, lang: key


SCOPED = (
    "scoped"  # the key of a standing order's scoped sets of words, beside its words (``Standing.scopes``)
)


class LegalOrders(Protocol):
    """What the platform reads of ``game.legal(role)``: the orders legal now, ``Order`` values or their texts,
    each said by ``str`` (a game's own record says more: its phase, its prompt, its moves by unit)."""

    @property
    def choices(self) -> Sequence[Choice]: ...


class View(Protocol):
    """What the platform reads of a view (``game.view(role)``): the events as the role may see them (the
    log, the archive, the demo). The rest is the game's own, read by its renderers, its bot player and its
    presentation hooks, which take the module's own view type (``Module``'s ``ViewT``)."""

    @property
    def events(self) -> Sequence[EventData]: ...


class GameOptions(Protocol):
    """A game's options object as the platform holds it: made and read by its module only (``make_options``,
    ``options_dict``, ``roles``, ``narrate``), so the platform reads none of its fields; a module's hooks
    take its own type (``Module``'s ``OptionsT``)."""


@runtime_checkable
class GameObject(Protocol):
    """What the bot, the console and the script runner call on a game (docs/architecture.md, the contract).
    ``log`` is the list of accepted orders (``role: /order``) and directives, in the order they came; the
    script of a game is its options, its seed and its log."""

    def apply(self, role: str, order: str | Command | Order) -> list[Event]: ...
    def view(self, role: str = "public", *, events: bool = True) -> View: ...
    def legal(self, role: str) -> LegalOrders: ...
    def active(self) -> list[str]: ...
    @property
    def over(self) -> bool: ...
    def script(self) -> str: ...
    def dumps(self) -> str: ...
    @property
    def log(self) -> list[str]: ...
    @property
    def events(self) -> list[Event]: ...
    @property
    def options(self) -> GameOptions: ...


@dataclass(frozen=True)
class Fuzzing(Generic[OptionsT, GameC]):
    """How the fuzzer and the tools (``python -m tools.fuzz --game ID``, ``tools/samples.py``,
    ``bench/ai.py``) play this game beyond what every game has; every field has a default that fits any
    game. A *mode* is "random" (random orders for every seat), "bot-SIDE" (the bot player for SIDE's roles,
    random orders for the others) or "bots" (the bot everywhere). Generic in the game's options object and
    game object, as its ``Module`` is: each hook takes the module's own (or any game object)."""

    sides: tuple[str, ...] = ()  # the sides a bot takes in turn (default: the default options' roles)
    # (options, side) -> the roles a side's bot plays (default: the side itself, if it is a role)
    side_roles: Callable[[OptionsT, str], tuple[str, ...]] | None = None
    # (seed, wanted) -> (options object, mode) of game ``seed``, a fixed function of the seed; ``wanted`` is
    # "all", "bot" or one mode (default: the options drawn from their specs, the mode ``seed % len(modes)``)
    plan: Callable[[int, str], tuple[OptionsT, str]] | None = None
    random_options: Callable[[Random], OptionsT] | None = None  # (a random.Random) -> options (samples)
    # (i, random.Random, fixed values) -> the options of the AI bench's i-th game (default: the defaults)
    bench_options: Callable[[int, Random, Mapping[str, Any]], OptionsT] | None = None
    # (random.Random, game, role, budget) -> the text of a random legal order of ``role``, or None; reads the
    # game, as the fuzzer may (default: any legal choice, evenly)
    pick: Callable[[Random, GameC, str, dict[str, int]], str | None] | None = None
    # game -> a check of each order as it is applied (order text), with what it remembers of the orders before
    watch: Callable[[GameC], Callable[[GameC, str], None]] | None = None
    final: tuple[Callable[[GameC], None], ...] = ()  # checks of a finished game
    result: Callable[[GameC], tuple[str, str]] | None = None  # a finished game -> (winner, why)
    counts: Callable[[GameC], dict[str, int]] = lambda game: {}  # what a finished game counts (battles)
    label: Callable[[OptionsT], str] | None = None  # options -> in words (default: the values not defaults)
    cap: int = 5000  # orders after which a game has failed to end
    bot_fallbacks: bool = False  # a rejected bot order is replaced by a legal one and counted (not a failure)
    # the AI bench's default opponent: "fuzz" (``pick``) or "random" (the game's random player: ai/registry)
    bench_opponent: str = "fuzz"


class Module(ABC, Generic[OptionsT, GameT, ViewT]):
    """A game module: a subclass declares the game's values as class attributes and its rules' hooks as
    methods; each method here with a body is the platform's default, fit for a small game (tests' Dash
    overrides only ``directive``, ``report`` and ``passing``). Generic in the game's options object, its game
    object and its views."""

    id: str  # stored with every game
    title: str
    options: tuple[OptionSpec, ...]
    orders: tuple[OrderKind, ...]
    # its message catalog: a dir of gettext catalogs, ``<locale>/<lang>/LC_MESSAGES/<id>.po``
    # (engine/catalog.py), joined to the engine's while the module is registered (``engine/modules.py``)
    locale: str = ""
    directives: tuple[str, ...] = ()  # the script directives after @game/@options/@seed (``@dice 1 5``)
    pictures: tuple[PictureKind[GameT, ViewT], ...] = ()
    fuzz_invariants: tuple[Callable[[GameT], None], ...] = ()  # checked after every order the fuzzer plays
    seats: tuple[str, ...] = ()  # every seat any options give (default: the default options' seats)
    first_options: str = ""  # the options of a console game when none are given (a historical set-up)
    preferences: tuple[str, ...] = ()  # the ``@prefer ROLE KEY:IDS`` keys players may set (priority lists)
    standing: Standing[GameT] | None = None
    # how the fuzzer, the sample games and the AI bench play it
    fuzzing: Fuzzing[OptionsT, GameT] = Fuzzing()

    # --- what every module says: its options, seats and games ----------------------------------------------
    @abstractmethod
    def make_options(self, values: Mapping[str, OptionValue]) -> OptionsT:
        """The option values -> the game's own options object."""

    @abstractmethod
    def options_dict(self, options: OptionsT) -> dict[str, OptionValue]:
        """The options object -> its values (stored, scripted)."""

    @abstractmethod
    def roles(self, options: OptionsT) -> tuple[str, ...]:
        """The seats these options give."""

    @abstractmethod
    def new_game(self, options: OptionsT, seed: int) -> GameT: ...

    @abstractmethod
    def loads(self, snapshot: str) -> GameT:
        """The game a snapshot (``dumps``) holds."""

    @abstractmethod
    def owns(self, role: str, unit: str) -> bool:
        """Whether the unit id is the role's (seats, hidden faces, order templates)."""

    # --- the platform's defaults, each overridden by a module that says more ------------------------------
    def private_talk(self, game: GameT) -> Sequence[tuple[str, ...]]:
        """The groups of roles that may talk privately now."""
        return ()

    def private_roles(self, options: OptionsT) -> tuple[str, ...]:
        """Who ever talks privately under these options."""
        return ()

    def directive(self, game: GameT, word: str, rest: str) -> None:
        """Play the script directive ``@word rest`` (one of ``directives``) on the game."""

    def report(self, game: GameT) -> dict[str, Any]:
        """``python -m engine.script``'s JSON document of the game."""
        return {}

    def copy(self, game: GameT, deep: bool = False) -> GameT:
        """A copy of ``game`` to apply an order to (``deep``: to change in place, as a directive does), so
        that the game as it was stays as it was; by default the game reloaded from its snapshot."""
        return self.loads(game.dumps())

    def dumps_state(self, game: GameT) -> str:
        """The snapshot without its two growing logs (the store keeps them apart); by default the whole."""
        return game.dumps()

    def loads_state(self, state: str, events: list[EventData], log: list[str]) -> GameT:
        """The game of a ``dumps_state`` with the event log and script log the store holds."""
        return self.loads(state)

    def with_history(self, game: GameT, events: list[EventData], log: list[str]) -> GameT:
        """``game`` with the event log and script log the store holds (by default the game's own)."""
        return game

    def epoch(self, game: GameT) -> int | None:
        """A snapshot is kept whenever it moves (a turn)."""
        return None

    def waiting(self, game: GameT) -> str:
        """A new deadline whenever it moves (the players awaited)."""
        return ",".join(game.active())

    def outcome(self, game: GameT) -> str:
        """Why the game ended, in words (once over)."""
        return ""

    def placings(self, game: GameT, forfeits: Sequence[str] = ()) -> list[tuple[int, tuple[str, ...]]]:
        """Each side that plays (its roles) with its place, 1 the winner (a draw: every side 1): once the game
        is over, or at once when ``forfeits`` names roles that gave it up (their sides last, the others
        first); [] when there is no result to say. What ratings read. By default each role is a side, and the
        public view's ``winner`` (a role, or "draw") says who won."""
        roles = tuple(self.roles(cast(OptionsT, game.options)))  # a module's game holds its own options
        if forfeits:
            return [(2 if r in forfeits else 1, (r,)) for r in roles]
        if not game.over:
            return []
        winner = getattr(game.view("public", events=False), "winner", None)
        if winner == "draw":
            return [(1, (r,)) for r in roles]
        if winner not in roles:
            return []
        return [(1 if r == winner else 2, (r,)) for r in roles]

    def narrate(self, event: EventData, lang: str, options: OptionsT, text: Text) -> str | None:
        """One event as a role sees it in one line, or None for bookkeeping nobody reads; by default its
        kind and plain fields."""
        return plain(event)

    def status(self, game: GameT, lang: str, text: Text) -> str:
        """The game's state in one line (the status board's)."""
        if game.over:
            return self.outcome(game) or "over"
        return "waiting for " + (", ".join(game.active()) or "nobody")

    def prompt(self, game: GameT, role: str, lang: str, text: Text, examples: bool = True) -> str:
        """What ``role`` is asked to do now ("" when it is not asked); by default its legal orders' own
        prompt and (``examples``) three of them."""
        if game.over or role not in game.active():
            return ""
        lg = game.legal(role)
        choices = [str(c) for c in getattr(lg, "choices", ())]
        shown = " · ".join(f"`{c}`" for c in choices[:3]) if examples else ""
        return " ".join(x for x in (str(getattr(lg, "prompt", "")), shown) if x)

    @final
    def headline(self, game: GameT, role: str, lang: str, text: Text) -> str:
        """What ``role`` is asked to do now, said to everyone (the channel's ping): ``public_headline`` of the
        public view, never of the game, nor of the role's view or legal orders; "" when it is not asked."""
        if game.over or role not in game.active():
            return ""
        return self.public_headline(cast(ViewT, game.view("public", events=False)), role, lang, text)

    def public_headline(self, view: ViewT, role: str, lang: str, text: Text) -> str:
        """The headline from the public view alone, so that it cannot say what only the role may know (a
        block drawn blind); a module without one has none."""
        return ""

    def describe_options(self, options: OptionsT, lang: str, text: Text) -> str:
        """The options in words; by default ``name=value`` as ``@options`` writes them."""
        return " ".join(f"{k}={_said(v)}" for k, v in self.options_dict(options).items())

    def ranked(self, choices: Sequence[Choice]) -> list[Choice]:
        """The order the legal choices show in (``Order`` values, or texts for a module whose orders are
        text)."""
        return list(choices)

    def suggest(
        self, game: GameT, role: str, order: str, option: str, current: str, given: dict[str, str]
    ) -> list[str] | None:
        """The values autocomplete offers for ``option`` of ``order``, or None to offer the values of the
        option in the role's legal choices (a move's units and the paths they may take)."""
        return None

    # an imported script's dice (docs/service.md): the forced dice it leaves queued, dropping them, and a new
    # secret seed for the dice from then on (a module without forced dice or a reseed keeps its own)
    def forced_dice(self, game: GameT) -> list[int]:
        return []

    def clear_dice(self, game: GameT) -> None:
        return None

    def reseed(self, game: GameT, seed: int) -> None:
        return None

    def preferred(self, game: GameT, role: str, key: str) -> list[str]:
        """The priority list ``role`` saved under ``key`` (one of ``preferences``)."""
        return []

    def interactions(self, game: GameT, role: str) -> Sequence[Interaction]:
        """What the role is asked besides plain orders (slash commands): a ``Pick`` from a list, a
        ``SealedChoice`` (from a list or a form), drawn by the platform; () when it gives its orders by
        command."""
        return ()

    def sealed(self, order: str) -> bool:
        """Whether an accepted order (its text as logged) is a sealed choice, whose commitment the platform
        posts (``bot/verify.py``): by default, an order of a kind declared ``OrderKind(sealed=True)``."""
        try:
            kind = self.order(parse_command(order).name)
        except RuleError:
            return False
        return kind is not None and kind.sealed

    def passing(self, game: GameT, role: str) -> tuple[Choice, bool] | None:
        """What a passed deadline (``pass``) gives the late ``role`` next: an order doing the least the rules
        allow, and whether it ends the role's current step (False: one the rules force before the step may
        end, a roll they make it roll); None when there is nothing to give. By default ``/end`` when legal."""
        return ("/end", True) if "/end" in game.legal(role).choices else None

    def dump_data(self) -> dict[str, Any] | None:
        """Its data as plain values (``python -m engine.scenario ID --json``), or None when it has none."""
        return None

    def place_said(self, place: str, lang: str) -> str:
        """A place a picture kind's ``places`` names (where a battle is), as a player reads it; by default
        its id (a game whose places are named by their names)."""
        return place

    # --- what the platform reads of the declarations --------------------------------------------------
    def defaults(self) -> dict[str, OptionValue]:
        return {o.name: o.default for o in self.options}

    def parse_options(self, text: str, base: Mapping[str, OptionValue] | None = None) -> OptionsT:
        """``key=value ...`` over ``base`` (or the defaults) -> the game's options object; a RuleError (rule
        "options") names the bad item and what would be accepted."""
        return self.make_options(parse_values(self.options, text, self.defaults() if base is None else base))

    def order(self, name: str) -> OrderKind | None:
        return next((k for k in self.orders if k.name == name), None)

    @final
    def command(self, order: str | Command) -> Command:
        """An order as its name and typed options, read once at the platform's edge: a line of text (the
        console's, a script's) or a front end's typed options (``Command.given``), each option typed by its
        order kind's declaration (``OrderKind.read``); an order this module does not declare keeps its text
        (its parser refuses it). A RuleError when the line is not an order."""
        cmd = parse_command(order) if isinstance(order, str) else order
        kind = self.order(cmd.name)
        return kind.read(cmd) if kind is not None else cmd

    def every_role(self) -> tuple[str, ...]:
        """Every seat any options give (``/game join role:``)."""
        return self.seats or tuple(self.roles(self.make_options(self.defaults())))

    def picture(self, name: str) -> PictureKind[GameT, ViewT] | None:
        return next((k for k in self.pictures if k.name == name), None)


OptionsC = TypeVar("OptionsC", contravariant=True)
GameCo = TypeVar("GameCo", covariant=True)


class GameClass(Protocol[OptionsC, GameCo]):
    """A game object's class, as a module makes its games: a new one (``new(options, seed)``), one from its
    snapshot (``loads``) and one from its snapshot without the logs and the logs the store holds
    (``loads_state``)."""

    def new(self, options: OptionsC, seed: int, /) -> GameCo: ...
    def loads(self, snapshot: str, /) -> GameCo: ...
    def loads_state(
        self, state: str, events: Sequence[Mapping[str, Any]], log: Sequence[str], /
    ) -> GameCo: ...


class StoredGame(GameObject, Protocol):
    """A game object that stores itself apart from its two growing logs (``engine/gamebase.py GameBase``'s):
    its snapshot without them (``dumps_state``), the same game with the logs the store holds
    (``with_history``), and a copy to apply an order to while it stays as it is (``copy``)."""

    def dumps_state(self) -> str: ...
    def with_history(self, events: Sequence[Mapping[str, Any]], log: Sequence[str]) -> Self: ...
    def copy(self) -> Self: ...


GameS = TypeVar("GameS", bound=StoredGame)  # a game object that stores itself without its logs


class GameModule(Module[OptionsT, GameS, ViewT]):
    """A module whose games are one class's (``game``): it makes them, stores them without their logs and
    copies them by the game's own hooks, so that the module writes none of them. Played by the same
    ``sides`` under any options, unless its ``roles`` says otherwise."""

    game: GameClass[OptionsT, GameS]
    sides: tuple[str, ...]

    def roles(self, options: OptionsT) -> tuple[str, ...]:
        return self.sides

    def new_game(self, options: OptionsT, seed: int) -> GameS:
        return self.game.new(options, seed)

    def loads(self, snapshot: str) -> GameS:
        return self.game.loads(snapshot)

    def copy(self, game: GameS, deep: bool = False) -> GameS:
        return game.copy()  # deep or not: the copy's state is its own

    def dumps_state(self, game: GameS) -> str:
        return game.dumps_state()

    def loads_state(self, state: str, events: list[EventData], log: list[str]) -> GameS:
        return self.game.loads_state(state, events, log)

    def with_history(self, game: GameS, events: list[EventData], log: list[str]) -> GameS:
        return game.with_history(events, log)


class Presenter(Protocol):
    """What a game says in words (its ``present`` module): an event in one line, the status line and the
    channel's headline from the public view alone, the options, a place by its name."""

    def narrate(self, event: Mapping[str, Any], lang: str, /) -> str | None: ...
    def status(self, view: Any, lang: str, /) -> str: ...
    def headline(self, view: Any, role: str, lang: str, /) -> str: ...
    def describe_options(self, options: Mapping[str, Any], lang: str, /) -> str: ...
    def place(self, place: Any, lang: str, /) -> str: ...


class Presented(Module[OptionsT, GameT, ViewT]):
    """A module whose words are its ``presenter``'s: the hooks that say the game in words (``outcome``,
    ``narrate``, ``status``, ``public_headline``, ``describe_options``, ``place_said``) are said by it, each
    from what its audience may know (the event as it sees it, the public view)."""

    presenter: Presenter

    def outcome(self, game: GameT) -> str:
        if not game.over:
            return ""
        return self.presenter.status(game.view("public", events=False), "en")

    def narrate(self, event: EventData, lang: str, options: OptionsT, text: Text) -> str | None:
        try:
            return self.presenter.narrate(event, lang)
        except (KeyError, TypeError, ValueError, IndexError):  # a template it cannot fill: the plain event
            return plain(event)

    def status(self, game: GameT, lang: str, text: Text) -> str:
        return self.presenter.status(game.view("public", events=False), lang)

    def public_headline(self, view: ViewT, role: str, lang: str, text: Text) -> str:
        return self.presenter.headline(view, role, lang)

    def describe_options(self, options: OptionsT, lang: str, text: Text) -> str:
        return self.presenter.describe_options(self.options_dict(options), lang)

    def place_said(self, place: str, lang: str) -> str:
        return self.presenter.place(place, lang)


AnyModule = Module[Any, Any, Any]  # a module of some game, as the platform holds it (registry, service)


def plain(event: EventData) -> str:
    """An event as its kind and plain fields (``moved: role=red, to=2``), when nothing tells it better."""
    fields = [
        (k, v) for k, v in event.items() if k not in ("kind", "seq") and not isinstance(v, (dict, list))
    ]
    return f"{event.get('kind', 'event')}: " + ", ".join(f"{k}={v}" for k, v in fields)


def _said(value: OptionValue) -> str:
    """An option's value as ``@options`` writes it (booleans on/off)."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)
