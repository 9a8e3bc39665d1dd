"""Slash commands and components: they only translate between Discord and the application service."""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import keyword
import logging
import re
from collections.abc import Awaitable, Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Optional

import discord
from discord import app_commands
from discord.ext import commands

from engine import RuleError, modules
from engine.module import AnyModule, OptionSpec, OptionValue, OrderKind, OrderOption, SealedChoice
from engine.text import Command, matches

from ..i18n import BOT_EN, CATALOGS, locale_of, localize_error, t, term
from ..outbox import DM, Result, picks_key
from ..service import Service, ServiceError
from ..service.clock import PACES
from ..service.common import Live, module_of
from ..service.handover import CHOICES as HANDOVER_CHOICES
from ..service.handover import RULES as HANDOVER_RULES
from .callers import caller_of
from .send import Sender, chunks
from .translate import description_key

# an option's autocomplete: (interaction, what is typed) -> the choices offered
Completer = Callable[[discord.Interaction, str], Coroutine[Any, Any, list[app_commands.Choice[str]]]]
# the games that share an order name: (module, its order kind of that name), the default module first
Shared = list[tuple[AnyModule, OrderKind]]
DEFER_AFTER = 2.0  # seconds: a call still running then is deferred (Discord's deadline for a reply is 3 s)

log = logging.getLogger("estafette.discord")

PAGE = 25  # a select offers at most 25 options


def _d(command: str) -> str:
    """The English description of a command (``"game new"``); the translator gives the Japanese one."""
    return t("cmd." + command.replace(" ", "."))


def _o(command: str, *options: str) -> dict[str, str]:
    """English descriptions of a command's options, for ``app_commands.describe``."""
    return {o: t(f"opt.{command.replace(' ', '.')}.{o}") for o in options}


def _cog_of(interaction: discord.Interaction) -> EstafetteCog:
    """The cog of the bot that received ``interaction`` (discord.py types ``Interaction.client`` as a plain
    Client; ours is a commands.Bot with the cog added in its setup hook)."""
    bot = interaction.client
    assert isinstance(bot, commands.Bot)
    cog = bot.get_cog("EstafetteCog")
    assert isinstance(cog, EstafetteCog)
    return cog


# --- components that survive a restart: their state lives in the custom id --------------------------------


class FormButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"est:d:(?P<game>\d+):(?P<ver>\d+):"
    r"(?P<town>[^:]+):(?P<verb>[a-z]+):(?P<arg>[^:]*)",
):
    """A button of a sealed choice's form (``SealedChoice``): put the selected
    pieces in a slot, clear, confirm, or turn the page of a long list. Carries game, the module's epoch and
    the place: a button of another game or of an earlier choice at that place is out of date."""

    def __init__(
        self,
        game: int,
        ver: int,
        town: str,
        verb: str,
        arg: str = "",
        label: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or verb.title(),
                style=style,
                row=row,
                custom_id=f"est:d:{game}:{ver}:{town}:{verb}:{arg}",
            )
        )
        self.game, self.ver, self.town, self.verb, self.arg = game, ver, town, verb, arg

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> FormButton:
        return cls(int(match["game"]), int(match["ver"]), match["town"], match["verb"], match["arg"])

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = _cog_of(interaction)
        await cog.form_button(interaction, self)


class FormSelect(
    discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
    template=r"est:s:(?P<game>\d+):(?P<ver>\d+):"
    r"(?P<town>[^:]+):(?P<page>\d+)",
):
    """The piece picker of a sealed choice's form (a page of at most 25 pieces; ``ver``: the module's
    epoch)."""

    def __init__(
        self,
        game: int,
        ver: int,
        town: str,
        page: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        opts = options or [discord.SelectOption(label="-", value="-")]
        super().__init__(
            discord.ui.Select(
                custom_id=f"est:s:{game}:{ver}:{town}:{page}",
                min_values=1,
                max_values=len(opts),
                options=opts,
                placeholder=placeholder or t("ui.pick_blocks"),
                row=0,
            )
        )
        self.game, self.ver, self.town, self.page = game, ver, town, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> FormSelect:
        assert isinstance(item, discord.ui.Select)  # the template is a select's custom id
        return cls(int(match["game"]), int(match["ver"]), match["town"], int(match["page"]), item.options)

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = _cog_of(interaction)
        await cog.form_select(interaction, self)


class OrderPick(
    discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
    template=r"est:o:(?P<game>\d+):(?P<key>[0-9a-f]+)",
):
    """The list of orders of a private prompt (a ``Pick``, or a ``SealedChoice`` made from a list:
    ``Module.interactions``).
    Its custom id carries the game and the key of the list as sent (its texts and the moment it was sent),
    and nothing else: it works after a restart, and a list the game has moved past, even one whose texts
    recur, is refused as out of date and changes nothing (the service checks the key)."""

    def __init__(
        self, game: int, key: str, options: list[discord.SelectOption] | None = None, placeholder: str = ""
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"est:o:{game}:{key}",
                min_values=1,
                max_values=1,
                options=options or [discord.SelectOption(label="-", value="-")],
                placeholder=placeholder or t("ui.pick_order"),
            )
        )
        self.game, self.key = game, key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> OrderPick:
        assert isinstance(item, discord.ui.Select)  # the template is a select's custom id
        return cls(int(match["game"]), match["key"], item.options)

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = _cog_of(interaction)
        await cog._component(interaction, self.game, cog.order_pick(interaction, self))


class HandoverButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"est:h:(?P<game>\d+):(?P<role>[^:]+):(?P<choice>bot|forfeit)",
):
    """A vote under a deadline's notice: hand the late seat to the bot player, or end the game as a
    forfeit. Carries the game and the seat: a button of another game, or of a seat handed over since, is
    refused and changes nothing."""

    def __init__(self, game: int, role: str, choice: str, label: str = "") -> None:
        style = discord.ButtonStyle.danger if choice == "forfeit" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=label or choice, style=style, row=1, custom_id=f"est:h:{game}:{role}:{choice}"
            )
        )
        self.game, self.role, self.choice = game, role, choice

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HandoverButton:
        return cls(int(match["game"]), match["role"], match["choice"])

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = _cog_of(interaction)
        await cog._component(
            interaction, self.game, cog.handover_vote(interaction, self.game, self.role, self.choice)
        )


class HandoverUser(
    discord.ui.DynamicItem[discord.ui.UserSelect[discord.ui.View]],
    template=r"est:hu:(?P<game>\d+):(?P<role>[^:]+)",
):
    """A vote under a deadline's notice: hand the late seat to the substitute picked."""

    def __init__(self, game: int, role: str, placeholder: str = "") -> None:
        super().__init__(
            discord.ui.UserSelect(
                custom_id=f"est:hu:{game}:{role}",
                min_values=1,
                max_values=1,
                placeholder=placeholder or None,
                row=0,
            )
        )
        self.game, self.role = game, role

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HandoverUser:
        return cls(int(match["game"]), match["role"])

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = _cog_of(interaction)
        # the users picked (discord.py resolves them when the interaction carries them, else their ids)
        values: list[Any] = list(self.item.values)
        picked = [int(getattr(u, "id", u)) for u in values]
        sub = picked[0] if picked else None
        await cog._component(
            interaction, self.game, cog.handover_vote(interaction, self.game, self.role, "substitute", sub)
        )


def handover_view(game_id: int, roles: Sequence[str], locale: str = "en") -> discord.ui.View:
    """The vote's components under a deadline's notice: for the first late seat, a substitute to pick and
    the bot and forfeit buttons (other seats: ``/game handover role:``)."""
    view = discord.ui.View(timeout=None)
    role = roles[0]
    view.add_item(HandoverUser(game_id, role, t("ui.handover_pick", locale, role=role)))
    view.add_item(HandoverButton(game_id, role, "bot", t("ui.handover_bot", locale)))
    view.add_item(HandoverButton(game_id, role, "forfeit", t("ui.handover_forfeit", locale)))
    return view


class ArchiveButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"est:a:(?P<game>\d+):(?P<at>\d+):(?P<of>\d+):(?P<how>first|back|next|last)",
):
    """A step of a finished game's archive: its custom id holds the game, the order to show and the game's
    orders when it was made (another count: out of date, refused), so it works after a restart."""

    def __init__(
        self, game: int, at: int, of: int, how: str, label: str = "", disabled: bool = False
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or how,
                custom_id=f"est:a:{game}:{at}:{of}:{how}",
                disabled=disabled,
                style=discord.ButtonStyle.secondary,
            )
        )
        self.game, self.at, self.of, self.how = game, at, of, how

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ArchiveButton:
        return cls(int(match["game"]), int(match["at"]), int(match["of"]), match["how"])

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = _cog_of(interaction)
        await cog._component(interaction, self.game, cog.archive_button(interaction, self))


def archive_view(game_id: int, at: int, of: int, locale: str = "en") -> discord.ui.View:
    """First, back, next, last under a step of the archive (one row; those that would not move disabled)."""
    view = discord.ui.View(timeout=None)
    loc = locale_of(locale)
    for how, to in (("first", 0), ("back", at - 1), ("next", at + 1), ("last", of)):
        to = max(0, min(of, to))
        view.add_item(ArchiveButton(game_id, to, of, how, t("ui.archive_" + how, loc), disabled=to == at))
    return view


def picks_view(game_id: int, picks: tuple[str, ...], locale: str = "en", key: str = "") -> discord.ui.View:
    """A private prompt's list of orders to pick from (at most 25; each order's text is its value); ``key``:
    the list's key at the moment it was sent (``DM.picks_key``; an older row's: of its texts alone)."""
    view = discord.ui.View(timeout=None)
    options = [discord.SelectOption(label=_cut(p), value=p) for p in picks if len(p) <= CHOICE_LIMIT]
    view.add_item(OrderPick(game_id, key or picks_key(picks), options, t("ui.pick_order", locale_of(locale))))
    return view


def form_view(
    game_id: int,
    version: int,
    form: SealedChoice,
    draft: dict[str, str],
    page: int = 0,
    picked: list[str] | None = None,
    locale: str = "en",
) -> discord.ui.View:
    """A sealed choice's form (``SealedChoice``): a page of the pieces, a button per slot, clear, confirm and
    the pages. Its custom ids hold the game, the epoch and the place."""
    town, units = form.at, list(form.pieces)
    loc = locale_of(locale)

    def said(family: str, slot: str) -> str:
        return term(family, slot, loc)

    view = discord.ui.View(timeout=None)
    pages = max(1, (len(units) + PAGE - 1) // PAGE)
    page = min(page, pages - 1)
    shown = units[page * PAGE : (page + 1) * PAGE]
    options = [
        discord.SelectOption(
            label=u,
            value=u,
            description=t("ui.now", loc, slot=form.slot_said(draft[u], said))
            if u in draft
            else t("ui.now_unplaced", loc),
            default=u in (picked or []),
        )
        for u in shown
    ]
    view.add_item(FormSelect(game_id, version, town, page, options, t("ui.pick_blocks", loc)))
    for c in form.slots:
        label = t("ui.to_slot", loc, slot=form.slot_said(c, said, title=True))
        view.add_item(
            FormButton(game_id, version, town, c, label=label, style=discord.ButtonStyle.primary, row=1)
        )
    # ◀ and ▶ only where there is a page to go to: with two pages both would lead to the same page, and
    # two buttons of one custom id make Discord refuse the whole message (50035)
    if page > 0:
        view.add_item(FormButton(game_id, version, town, "page", str(page - 1), label="◀", row=2))
    if page < pages - 1:
        view.add_item(FormButton(game_id, version, town, "page", str(page + 1), label="▶", row=2))
    clear, confirm = t("ui.clear", loc), t("ui.confirm", loc)
    view.add_item(
        FormButton(game_id, version, town, "clear", label=clear, style=discord.ButtonStyle.danger, row=2)
    )
    view.add_item(
        FormButton(game_id, version, town, "confirm", label=confirm, style=discord.ButtonStyle.success, row=2)
    )
    return view


# --- the cog --------------------------------------------------------------------------------------------


CHOICE_LIMIT = 100  # Discord: an autocomplete choice's name and value are at most 100 characters


def _cut(text: str) -> str:
    return text if len(text) <= CHOICE_LIMIT else text[: CHOICE_LIMIT - 1] + "…"


def _shortened(value: str) -> str:
    """A value over Discord's 100 characters as its longest start that ends at one of its items (a list's
    ``,``, a path's ``>``, a word's space) and fits, the separator kept: the player picks it and types on
    (the next item is completed in turn); "" if it has no such start."""
    if len(value) <= CHOICE_LIMIT:
        return value
    head = value[: CHOICE_LIMIT - 1]  # room for the name's "…"
    end = max(head.rfind(sep) for sep in (",", ">", " "))
    return head[: end + 1] if end > 0 else ""


def _named(
    values: list[str], current: str, loc: str, words: str, fixed: frozenset[str]
) -> list[app_commands.Choice[str]]:
    """Autocomplete's answer: the values matching what is typed, each named for the player: a value a game
    lists for the option (``fixed``) by the translator's name for it (as a listed choice was), a value of a
    term family (``words``) in the player's words with the value, the others as they are sent."""
    # A value is what the order will carry: one over Discord's 100 characters would arrive cut, as an
    # order nobody meant; it is offered shortened at one of its items, its name saying there is more
    # (typing it in full still works); names are cut.
    # Never one that drops an item the player typed whole: picked, it would change their order.
    kept = current[: max(current.rfind(sep) for sep in (",", ">", " ")) + 1]
    short = {v: _shortened(v) for v in values}
    more = {s for v, s in short.items() if s != v}
    values = list(dict.fromkeys(s for s in short.values() if s and s.startswith(kept)))[:25]
    choices: list[app_commands.Choice[str]] = []
    for v in values:
        if v in fixed:
            choices.append(app_commands.Choice(name=app_commands.locale_str(v), value=v))
        elif words and loc != "en":  # the values in the player's words, as they are sent
            choices.append(
                app_commands.Choice(
                    name=_cut(f"{term(words, v, loc)} ({v})" + ("…" if v in more else "")), value=v
                )
            )
        else:
            choices.append(app_commands.Choice(name=v + "…" if v in more else _cut(v), value=v))
    return choices


def _auto(
    order: str, option: str, words: Mapping[str, str], fixed: frozenset[str] = frozenset()
) -> Completer:
    """Autocomplete of an order's option for the game of the caller's channel (``suggest``: its legal
    values now, or the values the game lists for the option, ``OrderOption.choices``); ``words``: each game's
    term family naming the option's values in the player's language (``OrderOption.words``), by module id."""

    async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        cog = _cog_of(interaction)
        given = {
            k: str(v) for k, v in interaction.namespace.__dict__.items() if v is not None and k != option
        }
        try:
            values = await cog.service.suggestions(caller_of(interaction), order, option, current, given)
            family = await _words_here(interaction, words)
        except Exception:
            log.exception("autocomplete failed")
            values, family = [], ""
        return _named(values, current, locale_of(interaction.locale), family, fixed)

    return complete


async def _words_here(interaction: discord.Interaction, words: Mapping[str, str]) -> str:
    """The term family of an option in the game of the caller's channel (the channel's game is asked only
    where the games that share the option name its values differently)."""
    families = set(words.values())
    if len(families) <= 1:
        return next(iter(families), "")
    here = await _channel_module(interaction)
    return words.get(here[1].id, "") if here else ""


def _identifier(name: str) -> str:
    """An option's name as a Python parameter (``from`` -> ``from_``); refused if it cannot be one."""
    py = name.replace("-", "_")
    if not py.isidentifier():
        raise ValueError(f"an order option's name must be a word: {name!r}")
    return py + "_" if keyword.iskeyword(py) else py


# --- commands made from what the game modules declare: discord.py's own objects, no source text -----------


class CommandConflict(ValueError):
    """Two game modules declare one option of a command they share with two types: refused when the bot
    starts, naming both games (an option of a slash command has one type, whichever game a channel plays)."""


_TYPE_SAID = {int: "a whole number", bool: "yes/no", str: "text"}


def _conflict(command: str, option: str, first: tuple[str, type], other: tuple[str, type]) -> CommandConflict:
    return CommandConflict(
        f"/{command} {option}: the game {first[0]!r} takes it as {_TYPE_SAID[first[1]]}, the game "
        f"{other[0]!r} as {_TYPE_SAID[other[1]]}; a command several games share has one type per option "
        "(rename the option in one of them)"
    )


def _callback(
    call: Callable[[discord.Interaction, dict[str, Any]], Awaitable[None]],
    params: Sequence[inspect.Parameter],
) -> Callable[..., Coroutine[Any, Any, None]]:
    """A command's callback whose parameters are ``params`` (discord.py reads a callback's typed parameters
    from its signature, here the ``__signature__`` made of them), handing what Discord sent to ``call`` as a
    dict by parameter name."""

    async def callback(interaction: discord.Interaction, **values: Any) -> None:
        await call(interaction, values)

    first = inspect.Parameter(
        "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
    )
    # typeshed's stubs give a function no ``__signature__``, the attribute ``inspect.signature`` reads first
    callback.__signature__ = inspect.Signature([first, *params])  # type: ignore[attr-defined]
    return callback


def _param(name: str, annotation: Any, default: Any = inspect.Parameter.empty) -> inspect.Parameter:
    return inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=default)


# --- /game new: its typed options are those of every game module -------------------------------------------

_GAME_TYPES: dict[str, type] = {"int": int, "bool": bool}  # a choice or a text option is text
_TYPED = ("int", "bool", "choice")  # given as options of their own; a text option goes in ``options:``
_NEW = (
    "deadline_hours",
    "deadline_action",
    "language",
    "game",
    "options",
    "pace",
    "rated",
)  # the platform's own


@dataclass(frozen=True)
class _GameOption:
    """An option of ``/game new``: one name of every game that has it, its type, its help (the first
    game's), the bounds that take every game's values (each game checks its own), and whether a game lists
    its values (offered by autocomplete for the game chosen)."""

    name: str
    type: type
    help: str
    lo: int | None
    hi: int | None
    listed: bool


def _game_options() -> dict[str, _GameOption]:
    """The typed options of ``/game new``: each game module's int, bool and choice options by name, the
    default module's first. Two games' options of one name are one option, of one type (else
    ``CommandConflict``), checked by the game chosen; a choice's values come by autocomplete from the game
    chosen, never as a list (another game's values would be offered)."""
    specs: dict[str, list[tuple[str, OptionSpec]]] = {}
    for module in modules.modules():
        for o in module.options:
            if o.name in _NEW:
                continue
            given = specs.setdefault(o.name, [])
            first = given[0] if given else (module.id, o)
            a, b = _GAME_TYPES.get(first[1].kind, str), _GAME_TYPES.get(o.kind, str)
            if a is not b:
                raise _conflict("game new", o.name, (first[0], a), (module.id, b))
            given.append((module.id, o))
    out: dict[str, _GameOption] = {}
    for name, given in specs.items():
        typed = [o for _m, o in given if o.kind in _TYPED and o.typed]
        if typed:
            los, his = [o.lo for o in typed], [o.hi for o in typed]
            lo = None if None in los else min(x for x in los if x is not None)
            hi = None if None in his else max(x for x in his if x is not None)
            kind = _GAME_TYPES.get(typed[0].kind, str)
            listed = any(o.kind == "choice" for o in typed)
            out[name] = _GameOption(name, kind, typed[0].help, lo, hi, listed)
    return out


def _game_option_auto(option: str) -> Completer:
    """Autocomplete of a choice option of ``/game new``: the values of the game chosen (``game:``, the
    default game when none is), named by the translator as a listed choice was."""

    async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            module = modules.get(getattr(interaction.namespace, "game", None))
        except RuleError:
            return []
        return _listed([c for o in module.options if o.name == option for c in o.choices], current)

    return complete


def game_new_command() -> app_commands.Command[Any, ..., None]:
    """``/game new`` (made when the cog is, then added to its ``/game`` group): the game, every game module's
    typed options (all optional: each is passed to the game chosen, which refuses one it does not have,
    saying which it has), then the platform's own (deadline, language) and ``options`` for any option as
    text."""
    specs = _game_options()
    names = {n: _identifier(n) for n in specs}

    def annotation(o: _GameOption) -> Any:  # an int option with its bounds as Discord's min and max
        if o.type is int and o.lo is not None and o.hi is not None:
            return app_commands.Range[int, int(o.lo), int(o.hi)]
        return o.type

    params = [
        _param("game", Optional[str], None),  # noqa: UP045 (discord.py reads the annotation at run time)
        *[_param(names[n], Optional[annotation(o)], None) for n, o in specs.items()],  # noqa: UP045
        _param("deadline_hours", Optional[app_commands.Range[float, 0, 720]], None),  # noqa: UP045
        _param("pace", Optional[str], None),  # noqa: UP045
        _param("deadline_action", str, "pass"),
        _param("language", Optional[str], None),  # noqa: UP045
        _param("options", str, ""),
        _param("rated", bool, True),
    ]

    async def call(interaction: discord.Interaction, values: dict[str, Any]) -> None:
        typed = {n: values[names[n]] for n in specs if values.get(names[n]) is not None}
        await _game_new(
            _cog_of(interaction),
            interaction,
            values["game"],
            typed,
            values["deadline_hours"],
            values["deadline_action"],
            values["language"],
            values["options"],
            values["pace"],
            values["rated"],
        )

    cmd: app_commands.Command[Any, ..., None] = app_commands.Command(
        name="new", description=_d("game new"), callback=_callback(call, params)
    )
    app_commands.describe(  # as locale strings, so that the translator is asked for them
        **{k: app_commands.locale_str(v) for k, v in _o("game new", *_NEW).items()},
        **{names[n]: app_commands.locale_str(_option_described(n, o)) for n, o in specs.items()},
    )(cmd)
    renamed = {names[n]: app_commands.locale_str(n) for n in specs if names[n] != n}
    if renamed:
        app_commands.rename(**renamed)(cmd)
    listed: dict[str, list[app_commands.Choice[str]]] = {  # the platform's own lists, the same for every game
        "game": [app_commands.Choice(name=m.title, value=m.id) for m in modules.modules()],
        "deadline_action": [app_commands.Choice(name=n, value=n) for n in ("pass", "bot")],
        "pace": [app_commands.Choice(name=n, value=n) for n in PACES],
        "language": [
            app_commands.Choice(name="English", value="en"),
            app_commands.Choice(name="日本語", value="ja"),
        ],
    }
    said = {  # the choices' names as locale strings too (English but for the languages' own names)
        k: [app_commands.Choice(name=app_commands.locale_str(c.name), value=c.value) for c in v]
        for k, v in listed.items()
    }
    app_commands.choices(**said)(cmd)
    chosen = {names[n]: _game_option_auto(n) for n, o in specs.items() if o.listed}
    if chosen:
        app_commands.autocomplete(**chosen)(cmd)
    return cmd


def _option_described(name: str, spec: _GameOption) -> str:
    """A game option's description: the catalogs' ``opt.game.new.<name>``, else the option's help."""
    key = description_key("game new", name)
    return (t(key) if key in CATALOGS["en"] else spec.help or name)[:100]


async def _game_new(
    cog: EstafetteCog,
    interaction: discord.Interaction,
    game: str | None,
    typed: dict[str, OptionValue],
    deadline_hours: float,
    deadline_action: str,
    language: str | None,
    options: str,
    pace: str | None = None,
    rated: bool = True,
) -> None:
    """``/game new``: the typed options given go to the game as values (read once, by the game chosen:
    ``Lobby.new_game``), ``options`` as text; the game refuses an option it does not have, naming those it
    has, and one given twice (typed and in the text)."""
    await cog.run(
        interaction,
        cog.service.new_game(
            caller_of(interaction),
            options.strip(),
            values=typed,
            deadline_hours=deadline_hours,
            deadline_action=deadline_action,
            language=language,
            game=game,
            pace=pace,
            rated=rated,
        ),
        public=True,
    )


PLAYER_PREFERENCES = ("reminders", "quiet")  # /game prefer's keys of the player's own, in every game


async def _channel_module(interaction: discord.Interaction) -> tuple[Live, AnyModule] | None:
    """The game of the caller's channel as last committed and its module, or None where it has none."""
    try:
        live = await _cog_of(interaction).service.current(interaction.channel_id or 0)
    except ServiceError:
        return None
    return live, module_of(live.row)


def _listed(values: Sequence[str], current: str) -> list[app_commands.Choice[str]]:
    """A game's own values for an option, matching what is typed, named by the translator as a list's were."""
    shown = [v for v in dict.fromkeys(values) if matches(v, current)][:25]
    return [app_commands.Choice(name=app_commands.locale_str(v), value=v) for v in shown]


async def _seats(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """``/game join role:``: the seats of the channel's game (its options say how many), none of another's."""
    here = await _channel_module(interaction)
    return _listed(Service.seats(here[0]) if here else (), current)


async def _preference_keys(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """``/game prefer key:``: the channel's game's preferences and standing orders, then the player's own."""
    here = await _channel_module(interaction)
    module = here[1] if here else None
    own = [*module.preferences, *([module.standing.key] if module.standing else [])] if module else []
    return _listed([*own, *PLAYER_PREFERENCES], current)


async def _game_ids(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """``/ratings game:``: the games the bot plays."""
    return _listed([m.id for m in modules.modules()], current)


def _names(interaction: discord.Interaction) -> Callable[[int], str]:
    """A player's name as the server shows it (for a picture, where a mention cannot be drawn)."""

    def name_of(user_id: int) -> str:
        member = interaction.guild.get_member(user_id) if interaction.guild else None
        if member is not None:
            return member.display_name
        user = interaction.client.get_user(user_id)
        return user.display_name if user is not None else str(user_id)

    return name_of


async def _handover_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """``/game handover choice:``: the three ways to hand a seat on, and the host's two rules."""
    return _listed([*HANDOVER_CHOICES, *HANDOVER_RULES], current)


class EstafetteCog(commands.Cog):
    game = app_commands.Group(name="game", description=_d("game"))
    vacation = app_commands.Group(name="vacation", description=_d("vacation"))

    def __init__(self, bot: commands.Bot, service: Service, sender: Sender) -> None:
        self.bot = bot
        self.service = service
        self.sender = sender
        self.picked: dict[tuple[int, int, str], list[str]] = {}  # (user, game, town) -> blocks picked
        # made now, from the game modules registered when the bot starts (a conflict stops it here)
        self.game.add_command(game_new_command())
        sender.dm_view = self._dm_view
        sender.post_view = lambda gid, m: handover_view(gid, m.handover, service.game_locale(gid))
        bot.add_dynamic_items(ArchiveButton)  # a finished game's archive: steps that work after a restart

    async def _dm_view(self, m: DM) -> discord.ui.View | None:
        """A DM's components: the form of its first sealed choice as it stands now (None if not awaited), or
        the list of orders to pick from as it was sent."""
        if m.picks and not m.forms:
            loc = await self.service.player_locale(m.game_id, m.user_id)
            return picks_view(m.game_id, m.picks, loc, m.picks_key)
        live = await self.service.game(m.game_id)
        if live is None or not m.forms:
            return None
        got = self.service.draft_prompt(live, m.role, m.forms[0])
        if got is None:
            return None
        epoch, form, draft = got
        loc = await self.service.player_locale(m.game_id, m.user_id)
        return form_view(m.game_id, epoch, form, draft, locale=loc)

    async def run(
        self, interaction: discord.Interaction, call: Awaitable[Result], *, public: bool = False
    ) -> None:
        """Await a service call and answer with its reply. A call still running after ``DEFER_AFTER`` is
        deferred first (ephemeral unless ``public``). What the call's change must send is in the outbox,
        delivered whatever happens to the reply. Errors go through the one error handler."""
        if interaction.guild_id is None:
            await self.sender.answer(interaction, t("ui.guild_only", locale_of(interaction.locale)))
            _close(call)
            return
        task: asyncio.Future[Result] = asyncio.ensure_future(call)
        done, _ = await asyncio.wait({task}, timeout=DEFER_AFTER)
        if not done and not interaction.response.is_done():
            try:
                await interaction.response.defer(ephemeral=not public, thinking=True)
            except discord.HTTPException as e:
                log.warning("could not defer interaction %s: %s", interaction.id, e)
        res = await task
        await self.sender.reply(interaction, res.reply)
        await self.sender.flush_pending(interaction)

    async def order(self, interaction: discord.Interaction, order: Command) -> None:
        """An order command's order (``order_given``: its name and typed options), by the one order path."""
        await self.run(interaction, self.service.order(caller_of(interaction), order, str(interaction.id)))

    # --- /game (``/game new`` is made with the cog: ``game_new_command``) --------------------------------
    @game.command(name="join", description=_d("game join"))
    @app_commands.describe(**_o("game join", "role", "bot"))
    @app_commands.autocomplete(role=_seats)
    async def game_join(
        self, interaction: discord.Interaction, role: str | None = None, bot: bool = False
    ) -> None:
        await self.run(interaction, self.service.join(caller_of(interaction), role, bot=bot), public=True)

    @game.command(name="leave", description=_d("game leave"))
    async def game_leave(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self.service.leave(caller_of(interaction)), public=True)

    @game.command(name="start", description=_d("game start"))
    async def game_start(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self.service.start(caller_of(interaction)), public=True)

    @game.command(name="status", description=_d("game status"))
    async def game_status(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self.service.status(caller_of(interaction)))

    @game.command(name="map", description=_d("game map"))
    async def game_map(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self.service.map(caller_of(interaction)))

    @game.command(name="log", description=_d("game log"))
    @app_commands.describe(**_o("game log", "last"))
    async def game_log(
        self, interaction: discord.Interaction, last: app_commands.Range[int, 1, 100] = 25
    ) -> None:
        await self.run(interaction, self.service.log_text(caller_of(interaction), last))

    @game.command(name="options", description=_d("game options"))
    @app_commands.describe(**_o("game options", "options"))
    async def game_options(self, interaction: discord.Interaction, options: str = "") -> None:
        await self.run(interaction, self.service.set_options(caller_of(interaction), options))

    @game.command(name="spectate", description=_d("game spectate"))
    @app_commands.describe(**_o("game spectate", "channel", "stop"))
    async def game_spectate(
        self, interaction: discord.Interaction, channel: discord.TextChannel, stop: bool = False
    ) -> None:
        await self.run(interaction, self.service.spectate(caller_of(interaction), channel.id, stop))

    @game.command(name="prefer", description=_d("game prefer"))
    @app_commands.describe(**_o("game prefer", "key", "value"))
    @app_commands.autocomplete(key=_preference_keys)
    async def game_prefer(self, interaction: discord.Interaction, key: str, value: str) -> None:
        await self.run(interaction, self.service.prefer(caller_of(interaction), key, value))

    @game.command(name="handover", description=_d("game handover"))
    @app_commands.describe(**_o("game handover", "choice", "role", "user"))
    @app_commands.autocomplete(choice=_handover_choices, role=_seats)
    async def game_handover(
        self,
        interaction: discord.Interaction,
        choice: str,
        role: str | None = None,
        user: discord.User | None = None,
    ) -> None:
        call = self.service.handover(caller_of(interaction), choice, role, user.id if user else None)
        await self.run(interaction, call, public=True)

    # /mygames and /next read the player's games across servers: a user may install them for themselves and
    # use them in any DM or server, the bot's or not (what they show is the caller's own)
    @app_commands.command(name="mygames", description=_d("mygames"))
    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def mygames(self, interaction: discord.Interaction) -> None:
        """Every game the player sits in, across servers, with whose move it is and the deadline."""
        await self.sender.reply(interaction, (await self.service.my_games(caller_of(interaction))).reply)

    @app_commands.command(name="ratings", description=_d("ratings"))
    @app_commands.describe(**_o("ratings", "game"))
    @app_commands.autocomplete(game=_game_ids)
    async def ratings(self, interaction: discord.Interaction, game: str | None = None) -> None:
        """The server's ratings of one game: a picture of the table and its text."""
        await self.run(interaction, self.service.ratings(caller_of(interaction), game, _names(interaction)))

    @app_commands.command(name="profile", description=_d("profile"))
    @app_commands.describe(**_o("profile", "user"))
    async def profile(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        """A player's record on this server (the caller's own by default)."""
        await self.run(interaction, self.service.profile(caller_of(interaction), user.id if user else None))

    @app_commands.command(name="next", description=_d("next"))
    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def next_game(self, interaction: discord.Interaction) -> None:
        """The game where the player's move runs out soonest."""
        await self.sender.reply(interaction, (await self.service.next_game(caller_of(interaction))).reply)

    @app_commands.command(name="note", description=_d("note"))
    @app_commands.describe(**_o("note", "text", "game", "clear"))
    async def note(
        self,
        interaction: discord.Interaction,
        text: app_commands.Range[str, 1, 1000] | None = None,
        game: app_commands.Range[int, 1] | None = None,
        clear: bool = False,
    ) -> None:
        """The player's own notes on a game: only ever an ephemeral reply to them."""
        await self.run(interaction, self.service.note(caller_of(interaction), text, game, clear))

    @game.command(name="abort", description=_d("game abort"))
    async def game_abort(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self.service.abort(caller_of(interaction)), public=True)

    @game.command(name="export", description=_d("game export"))
    @app_commands.describe(**_o("game export", "format"))
    @app_commands.choices(
        format=[
            app_commands.Choice(name="script", value="script"),
            app_commands.Choice(name="html", value="html"),
        ]
    )
    async def game_export(self, interaction: discord.Interaction, format: str = "script") -> None:
        caller = caller_of(interaction)
        call = self.service.export_html(caller) if format == "html" else self.service.export(caller)
        await self.run(interaction, call)

    @game.command(name="archive", description=_d("game archive"))
    @app_commands.describe(**_o("game archive", "at"))
    async def game_archive(
        self, interaction: discord.Interaction, at: app_commands.Range[int, 0, 100000] = 0
    ) -> None:
        """A finished game's public picture after order ``at``, with buttons to step through the others."""
        if interaction.guild_id is None:
            await self.sender.answer(interaction, t("ui.guild_only", locale_of(interaction.locale)))
            return
        # a moment long before the end is replayed from the game's start: deferred if it takes a while
        task = asyncio.ensure_future(self.service.archive_show(caller_of(interaction), at))
        done, _ = await asyncio.wait({task}, timeout=DEFER_AFTER)
        if not done and not interaction.response.is_done():
            with contextlib.suppress(discord.HTTPException):
                await interaction.response.defer(ephemeral=True, thinking=True)
        shown = await task
        view = archive_view(shown.game_id, shown.at, shown.of, str(interaction.locale))
        await self.sender.reply(interaction, shown.reply, view=view)

    async def archive_button(self, interaction: discord.Interaction, item: ArchiveButton) -> None:
        """A step of the archive: the same message shows the picture after the button's order."""
        loc = locale_of(interaction.locale)

        async def drawn() -> tuple[Any, list[discord.File]]:
            shown = await self.service.archive_step(item.game, item.at, item.of, loc)
            return shown, await self.sender.files(shown.reply.pictures)

        task = asyncio.ensure_future(drawn())
        done, _ = await asyncio.wait({task}, timeout=DEFER_AFTER)
        if not done:  # the message is updated when its picture is drawn
            await interaction.response.defer()
        shown, files = await task
        view = archive_view(shown.game_id, shown.at, shown.of, loc)
        if interaction.response.is_done():
            await interaction.edit_original_response(content=shown.reply.text, attachments=files, view=view)
        else:
            await interaction.response.edit_message(content=shown.reply.text, attachments=files, view=view)

    @game.command(name="import", description=_d("game import"))
    @app_commands.describe(**_o("game import", "script", "keep_dice"))
    async def game_import(
        self, interaction: discord.Interaction, script: discord.Attachment, keep_dice: bool = False
    ) -> None:
        caller = caller_of(interaction)

        async def call() -> Result:
            # who may import, and how large, is checked before anything is downloaded
            await self.service.check_import(caller, script.size)
            data = (await script.read()).decode("utf-8", errors="replace")
            return await self.service.import_script(caller, data, keep_dice=keep_dice)

        await self.run(interaction, call(), public=True)

    @game.command(name="verify", description=_d("game verify"))
    @app_commands.describe(**_o("game verify", "script"))
    async def game_verify(self, interaction: discord.Interaction, script: discord.Attachment) -> None:
        """Check a finished game's export: its dice commitment and every die (bot/verify.py)."""

        async def call() -> Result:
            return await self.service.verify(caller_of(interaction), script.size, script.read)

        await self.run(interaction, call())

    # --- /vacation: the player's clocks stopped in every game they sit in ---------------------------------
    @vacation.command(name="start", description=_d("vacation start"))
    @app_commands.describe(
        days=_o("vacation start", "days")["days"], from_=_o("vacation start", "from")["from"]
    )
    @app_commands.rename(from_="from")
    async def vacation_start(
        self,
        interaction: discord.Interaction,
        days: app_commands.Range[int, 1, 366],
        from_: str | None = None,
    ) -> None:
        await self.run(interaction, self.service.vacation_start(caller_of(interaction), days, from_))

    @vacation.command(name="end", description=_d("vacation end"))
    async def vacation_end(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self.service.vacation_end(caller_of(interaction)))

    @vacation.command(name="show", description=_d("vacation show"))
    async def vacation_show(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self.service.vacation_show(caller_of(interaction)))

    # --- a private prompt's list of orders ----------------------------------------------------------------
    async def order_pick(self, interaction: discord.Interaction, item: OrderPick) -> None:
        values = _selected(interaction)
        if not values:
            raise ServiceError("svc.pick_stale")
        res = await self.service.pick(
            item.game,
            interaction.user.id,
            item.key,
            str(values[0]),
            str(interaction.id),
            locale_of(interaction.locale),
        )
        await self.sender.reply(interaction, res.reply)
        await self.sender.flush_pending(interaction)

    # --- a sealed choice's form -------------------------------------------------------------------------
    async def form_select(self, interaction: discord.Interaction, item: FormSelect) -> None:
        await self._component(interaction, item.game, self._form_select(interaction, item))

    async def form_button(self, interaction: discord.Interaction, item: FormButton) -> None:
        await self._component(interaction, item.game, self._form_button(interaction, item))

    async def handover_vote(
        self, interaction: discord.Interaction, game_id: int, role: str, choice: str, sub: int | None = None
    ) -> None:
        """A handover vote from the buttons under a deadline's notice, refused if the channel's game is
        another one now."""
        if await self.service.channel_game_id(interaction.channel_id or 0) != game_id:
            raise ServiceError("svc.pick_stale")
        call = self.service.handover(caller_of(interaction), choice, role, sub)
        await self.run(interaction, call, public=True)

    async def _component(self, interaction: discord.Interaction, game_id: int, work: Awaitable[None]) -> None:
        """A component's one error path: refusals are answered; anything else gets an apology and a log
        record with the game id (never silence)."""
        try:
            await work
        except (ServiceError, RuleError) as e:
            await self.sender.answer(interaction, _not_done(interaction, e))
        except Exception:
            log.exception("unexpected error in a component of game %s", game_id)
            await self.sender.answer(interaction, t("ui.sorry", locale_of(interaction.locale)))

    async def _form_select(self, interaction: discord.Interaction, item: FormSelect) -> None:
        await self.service.draft_current(
            item.game, interaction.user.id, item.ver, item.town
        )  # stale: refused
        key = (interaction.user.id, item.game, item.town)
        self.picked[key] = _selected(interaction)
        await interaction.response.defer()

    async def _form_button(self, interaction: discord.Interaction, item: FormButton) -> None:
        loc = locale_of(interaction.locale)
        user = interaction.user.id
        await self.service.draft_current(item.game, user, item.ver, item.town)  # stale: refused
        key = (user, item.game, item.town)
        page = 0
        if item.verb == "confirm":
            res = await self.service.draft_confirm(
                item.game, user, item.ver, item.town, str(interaction.id), loc
            )
            self.picked.pop(key, None)
            await self.sender.reply(interaction, res.reply)
            return
        if item.verb == "page":
            page = int(item.arg or 0)
        elif item.verb == "clear":
            await self.service.draft_assign(item.game, user, item.ver, item.town, None, None, loc)
        else:
            picked = self.picked.pop(key, [])
            if not picked:
                await self.sender.answer(interaction, t("ui.pick_first", loc))
                return
            await self.service.draft_assign(item.game, user, item.ver, item.town, picked, item.verb, loc)
        role, epoch, form, draft = await self.service.draft_current(item.game, user, item.ver, item.town)
        live = await self.service.game(item.game)
        assert live is not None
        text = chunks(self.service.draft_text(live, role, item.town, loc))[0]
        view = form_view(item.game, epoch, form, draft, page, locale=loc)
        await interaction.response.edit_message(content=text, view=view)


# --- the order commands of every game module, made from their order kinds ---------------------------------

_ORDER_TYPES: dict[str, type] = {"number": int, "bool": bool}  # every other kind of option is text


def order_commands(taken: set[str]) -> list[app_commands.Command[Any, ..., None]]:
    """A slash command for every order name of the registered game modules (none of ``taken``, the names of
    the cog's own commands: a new order kind gets its command with no code here). A name several games share
    (``/move``) is one command whose options are all of theirs: required only where every one of those games
    requires it, each order checked by the caller's game (its parser says what its ``/move`` takes), and one
    type per option name (a ``CommandConflict`` naming both games otherwise, when the bot starts). Options are
    typed by their ``OrderOption`` kind; a text option is autocompleted for the caller's game (its legal
    orders, or the values it lists for the option) unless no game ``suggested`` it. The order sent is the
    command's name and its options in the order kind's order (``order_given``); the service finds the
    caller's game and its module."""
    kinds: dict[str, Shared] = {}  # name -> (module, kind), the default module first
    for module in modules.modules():
        for kind in module.orders:
            if kind.name not in taken:
                kinds.setdefault(kind.name, []).append((module, kind))
    return [_order_command(name, shared) for name, shared in kinds.items()]


def _shared_options(name: str, shared: Shared) -> dict[str, list[tuple[str, OrderOption]]]:
    """Every option of the games that share the order ``name``, by name in the first game's order: (module
    id, ``OrderOption``) of each game that has it; two types for one name is a ``CommandConflict``."""
    options: dict[str, list[tuple[str, OrderOption]]] = {}
    for module, kind in shared:
        for o in kind.options:
            given = options.setdefault(o.name, [])
            first = given[0] if given else (module.id, o)
            a, b = _ORDER_TYPES.get(first[1].kind, str), _ORDER_TYPES.get(o.kind, str)
            if a is not b:
                raise _conflict(name, o.name, (first[0], a), (module.id, b))
            given.append((module.id, o))
    return options


def _order_command(name: str, shared: Shared) -> app_commands.Command[Any, ..., None]:
    """One order name as a slash command, its options those of every game that has the order."""
    options = _shared_options(name, shared)
    types = {o: _ORDER_TYPES.get(given[0][1].kind, str) for o, given in options.items()}
    required = {  # required only where every game with the order requires it
        o: all(any(m.name == o and m.required for m in kind.options) for _module, kind in shared)
        for o in options
    }
    names = {o: _identifier(o) for o in options}
    ordered = sorted(options, key=lambda o: not required[o])  # Discord: required options first
    params = [
        _param(names[o], types[o]) if required[o] else _param(names[o], Optional[types[o]], None)  # noqa: UP045
        for o in ordered
    ]

    async def call(interaction: discord.Interaction, values: dict[str, Any]) -> None:
        given = order_given(name, {o: values.get(names[o]) for o in options})
        await _cog_of(interaction).order(interaction, given)

    cmd: app_commands.Command[Any, ..., None] = app_commands.Command(
        name=name, description=_described(name, None, shared), callback=_callback(call, params)
    )
    if options:  # as locale strings, so that the translator is asked for them
        app_commands.describe(
            **{names[o]: app_commands.locale_str(_described(name, o, shared)) for o in options}
        )(cmd)
    renamed = {v: app_commands.locale_str(k) for k, v in names.items() if k != v}
    if renamed:
        app_commands.rename(**renamed)(cmd)
    auto = {  # a text option a game suggests or lists values for: by autocomplete, for the caller's game
        names[o]: _auto(
            name,
            o,
            {m: spec.words for m, spec in given},
            frozenset(c for _m, spec in given for c in spec.choices),
        )
        for o, given in options.items()
        if types[o] is str and any(spec.suggested or spec.choices for _m, spec in given)
    }
    if auto:
        app_commands.autocomplete(**auto)(cmd)
    return cmd


def order_given(name: str, values: Mapping[str, Any]) -> Command:
    """An order command's options as Discord typed them (a number an ``int``, a yes/no a ``bool``, the rest
    text), kept typed in the ``Command`` the service hands the caller's game (``Command.given``; typed by
    that game's declaration there, ``Module.command``), in the order kind's order. Its text form
    (``Command.text``) is the order's line in the game's log and scripts, as the player would write it."""
    return Command.given(name, values)


def _described(name: str, option: str | None, shared: Shared) -> str:
    """The English description of a generated command or of one of its options: the bot's words for a name
    (or an option) several games share (Discord has one description for all: never one game's words), a
    game's own ``cmd.``/``opt.`` keys for its own orders, else the order kind's help and rule (the translator
    finds the Japanese under the same key, the bot's catalog first)."""
    key = description_key(name, option)
    games = {m.id for m, k in shared if option is None or any(o.name == option for o in k.options)}
    if len(games) > 1:  # one command for several games: the bot's words, never one game's
        return (t(key) if key in BOT_EN else name)[:100]
    if key in CATALOGS["en"]:
        return t(key)[:100]
    kind = shared[0][1]
    if option is None:
        line = (kind.help or name) + (f" ({kind.rule})" if kind.rule else "")
    else:
        line = next((o.help for _m, k in shared for o in k.options if o.name == option and o.help), option)
    return line[:100]


def _close(call: Awaitable[Any]) -> None:
    """A service call that will not be awaited (a refused interaction): close it without a warning."""
    close = getattr(call, "close", None)
    if close is not None:
        close()


async def on_app_command_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
    """The one error handler: rule and service errors become an ephemeral message; anything else an apology
    plus a log record with the game id."""
    original = getattr(error, "original", error)
    loc = locale_of(interaction.locale)
    client = interaction.client
    found = client.get_cog("EstafetteCog") if isinstance(client, commands.Bot) else None
    cog = found if isinstance(found, EstafetteCog) else None
    if isinstance(error, (app_commands.CommandNotFound, app_commands.CommandSignatureMismatch)):
        # a command a client still shows after a sync (gone, or changed): the player is told, no bug logged
        log.info("stale command %s from user %s", error, interaction.user.id)
        if interaction.type is discord.InteractionType.autocomplete:
            with contextlib.suppress(discord.HTTPException):
                await interaction.response.autocomplete([])
            return
        text = t("ui.command_gone", loc)
    elif isinstance(original, (ServiceError, RuleError)):
        text = _not_done(interaction, original)
    elif isinstance(error, app_commands.CheckFailure):
        text = t("ui.not_allowed", loc, error=error)
    else:
        game = None
        with contextlib.suppress(Exception):  # the game id is for the log only
            if cog is not None:
                game = await cog.service.channel_game_id(interaction.channel_id or 0)
        log.error(
            "unexpected error in game %s, command %s",
            game,
            interaction.command.qualified_name if interaction.command else "?",
            exc_info=original,
        )
        text = t("ui.sorry", loc)
    if cog is not None:
        await cog.sender.answer(interaction, text)


def _selected(interaction: discord.Interaction) -> list[str]:
    """The values a select sent (discord.py types ``data`` as a union of TypedDicts, or None; a select's
    holds "values")."""
    data = interaction.data
    values = data.get("values") if data is not None else None
    return [str(v) for v in values] if isinstance(values, list) else []


def _not_done(interaction: discord.Interaction, err: Exception) -> str:
    """A refused request or a rejected order, in the player's language."""
    loc = locale_of(interaction.locale)
    return t("ui.not_done", loc, error=localize_error(err, loc))
