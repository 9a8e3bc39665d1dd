"""Slash commands and components: they only translate between Discord and the application service."""

from __future__ import annotations

import asyncio
import contextlib
import keyword
import logging
import re
from collections.abc import Awaitable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from engine import RuleError, modules
from engine.module import SealedChoice

from ..i18n import CATALOGS, locale_of, localize_error, t, term
from ..outbox import DM, Result, picks_key
from ..service import Caller, Service, ServiceError
from .send import Sender, chunks
from .translate import description_key

DEFER_AFTER = 2.0  # seconds: a call still running then is deferred (Discord's deadline for a reply is 3 s)

log = logging.getLogger("estafette.discord")

PAGE = 25  # a select offers at most 25 options


def _d(command: str) -> str:
    """The English description of a command (``"game new"``); the translator gives the Japanese one."""
    return t("cmd." + command.replace(" ", "."))


def _o(command: str, *options: str) -> dict[str, str]:
    """English descriptions of a command's options, for ``app_commands.describe``."""
    return {o: t(f"opt.{command.replace(' ', '.')}.{o}") for o in options}


def caller_of(interaction: discord.Interaction) -> Caller:
    perms = interaction.permissions
    return Caller(
        user_id=interaction.user.id,
        channel_id=interaction.channel_id or 0,
        guild_id=interaction.guild_id or 0,
        manager=bool(perms and perms.manage_guild),
        name=str(interaction.user),
        locale=str(interaction.locale),
    )


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
    discord.ui.DynamicItem[discord.ui.Button],
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
    discord.ui.DynamicItem[discord.ui.Select],
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
    discord.ui.DynamicItem[discord.ui.Select],
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
    view = discord.ui.View(timeout=None)
    pages = max(1, (len(units) + PAGE - 1) // PAGE)
    page = min(page, pages - 1)
    shown = units[page * PAGE : (page + 1) * PAGE]
    options = [
        discord.SelectOption(
            label=u,
            value=u,
            description=t("ui.now", loc, column=draft[u]) if u in draft else t("ui.now_unplaced", loc),
            default=u in (picked or []),
        )
        for u in shown
    ]
    view.add_item(FormSelect(game_id, version, town, page, options, t("ui.pick_blocks", loc)))
    for c in form.slots:
        label = t("ui.to_column", loc, column=c)
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


def _auto(order: str, option: str, words: str = ""):
    """Autocomplete of an order's option from the caller's legal orders (``suggest``); ``words``: the term
    family that names its values in the player's language (``OrderOption.words``)."""

    async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        cog = _cog_of(interaction)
        given = {
            k: str(v) for k, v in interaction.namespace.__dict__.items() if v is not None and k != option
        }
        try:
            values = await cog.service.suggestions(caller_of(interaction), order, option, current, given)
        except Exception:
            log.exception("autocomplete failed")
            values = []
        loc = locale_of(interaction.locale)
        # A value is what the order will carry: one over Discord's 100 characters would arrive cut, as an
        # order nobody meant; it is offered shortened at one of its items, its name saying there is more
        # (typing it in full still works); names are cut.
        # Never one that drops an item the player typed whole: picked, it would change their order.
        kept = current[: max(current.rfind(sep) for sep in (",", ">", " ")) + 1]
        short = {v: _shortened(v) for v in values}
        more = {s for v, s in short.items() if s != v}
        values = list(dict.fromkeys(s for s in short.values() if s and s.startswith(kept)))[:25]
        if words and loc != "en":  # the values in the player's words, as they are sent
            return [
                app_commands.Choice(
                    name=_cut(f"{term(words, v, loc)} ({v})" + ("…" if v in more else "")), value=v
                )
                for v in values
            ]
        return [app_commands.Choice(name=v + "…" if v in more else _cut(v), value=v) for v in values]

    return complete


def _identifier(name: str) -> str:
    """An option's name as a Python parameter (``from`` -> ``from_``); refused if it cannot be one."""
    py = name.replace("-", "_")
    if not py.isidentifier():
        raise ValueError(f"an order option's name must be a word: {name!r}")
    return py + "_" if keyword.iskeyword(py) else py


# --- /game new: its typed options are those of every game module -------------------------------------------

_OPTION_TYPES = {"int": "int", "bool": "bool", "choice": "str"}  # a text option goes in ``options:``
_NEW = ("deadline_hours", "deadline_action", "language", "game", "options")  # the platform's own


def _game_options() -> dict[str, Any]:
    """The typed options of ``/game new``: each game module's int, bool and choice options by name, the
    default module's first (two games' options of one name are one option, checked by the game chosen)."""
    specs: dict[str, Any] = {}
    for module in modules.modules():
        for o in module.options:
            if o.kind in _OPTION_TYPES and o.name not in _NEW:
                specs.setdefault(o.name, o)
                if specs[o.name].kind != o.kind:
                    raise ValueError(f"/game new {o.name}: two games give it two kinds")
    return specs


def _game_new_command(group: app_commands.Group) -> app_commands.Command[Any, ..., None]:
    """``/game new`` (a command of the cog's ``/game`` group): the game, every game module's typed options
    (all optional: each is passed to the game chosen, which refuses one it does not have, saying which it
    has), then the platform's own (deadline, language) and ``options`` for any option as text."""
    specs = _game_options()
    names = {n: _identifier(n) for n in specs}

    def annotation(o: Any) -> str:  # an int option with its bounds as Discord's min and max
        if o.kind == "int" and o.lo is not None and o.hi is not None:
            return f"app_commands.Range[int, {int(o.lo)}, {int(o.hi)}]"
        return _OPTION_TYPES[o.kind]

    typed = ", ".join(f"{names[n]}: {annotation(o)} | None = None" for n, o in specs.items())
    values = ", ".join(f"{n!r}: {names[n]}" for n in specs)
    source = (
        "async def new(self, interaction: discord.Interaction, game: str | None = None, "
        + (typed + ", " if typed else "")
        + "deadline_hours: app_commands.Range[float, 0, 720] = 24.0, deadline_action: str = 'pass', "
        "language: str | None = None, options: str = '') -> None:\n"
        f"    await _game_new(self, interaction, game, {{{values}}},"
        " deadline_hours, deadline_action, language, options)\n"
    )
    scope: dict[str, Any] = {"discord": discord, "app_commands": app_commands, "_game_new": _game_new}
    exec(source, scope)  # the source holds only identifiers checked by _identifier and names as literals
    scope["new"].__qualname__ = "EstafetteCog.game_new"  # a method of the cog: discord.py binds its self
    cmd: app_commands.Command[Any, ..., None] = group.command(name="new", description=_d("game new"))(
        scope["new"]
    )
    app_commands.describe(  # as locale strings, so that the translator is asked for them
        **{k: app_commands.locale_str(v) for k, v in _o("game new", *_NEW).items()},
        **{names[n]: app_commands.locale_str(_option_described(n, o)) for n, o in specs.items()},
    )(cmd)
    renamed = {names[n]: app_commands.locale_str(n) for n in specs if names[n] != n}
    if renamed:
        app_commands.rename(**renamed)(cmd)
    listed: dict[str, list[app_commands.Choice[str]]] = {
        "game": [app_commands.Choice(name=m.title, value=m.id) for m in modules.modules()],
        "deadline_action": [app_commands.Choice(name=n, value=n) for n in ("pass", "bot")],
        "language": [
            app_commands.Choice(name="English", value="en"),
            app_commands.Choice(name="日本語", value="ja"),
        ],
    }
    for n, o in specs.items():
        if o.kind == "choice":
            listed[names[n]] = [app_commands.Choice(name=c, value=c) for c in o.choices]
    said = {  # the choices' names as locale strings too (English but for the languages' own names)
        k: [app_commands.Choice(name=app_commands.locale_str(c.name), value=c.value) for c in v]
        for k, v in listed.items()
    }
    app_commands.choices(**said)(cmd)
    return cmd


def _option_described(name: str, spec: Any) -> str:
    """A game option's description: the catalogs' ``opt.game.new.<name>``, else the option's help."""
    key = description_key("game new", name)
    return (t(key) if key in CATALOGS["en"] else spec.help or name)[:100]


async def _game_new(
    cog: EstafetteCog,
    interaction: discord.Interaction,
    game: str | None,
    typed: dict[str, Any],
    deadline_hours: float,
    deadline_action: str,
    language: str | None,
    options: str,
) -> None:
    """``/game new``: the typed options given, as the game's options text, then ``options``; the game
    refuses an option it does not have, naming those it has, and one given twice (typed and in the text)."""
    given = [
        f"{k}={('on' if v else 'off') if isinstance(v, bool) else v}"
        for k, v in typed.items()
        if v is not None
    ]
    opts = " ".join([*given, options.strip()]).strip()
    await cog.run(
        interaction,
        cog.service.new_game(
            caller_of(interaction),
            opts,
            deadline_hours=deadline_hours,
            deadline_action=deadline_action,
            language=language,
            game=game,
        ),
        public=True,
    )


class EstafetteCog(commands.Cog):
    game = app_commands.Group(name="game", description=_d("game"))

    def __init__(self, bot: commands.Bot, service: Service, sender: Sender) -> None:
        self.bot = bot
        self.service = service
        self.sender = sender
        self.picked: dict[tuple[int, int, str], list[str]] = {}  # (user, game, town) -> blocks picked
        sender.dm_view = self._dm_view

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

    async def order(self, interaction: discord.Interaction, text: str) -> None:
        await self.run(interaction, self.service.order(caller_of(interaction), text, str(interaction.id)))

    # --- /game ------------------------------------------------------------------------------------------
    game_new = _game_new_command(game)  # its typed options are every game module's (below)

    @game.command(name="join", description=_d("game join"))
    @app_commands.describe(**_o("game join", "role", "bot"))
    @app_commands.choices(
        role=[
            app_commands.Choice(name=n, value=n)
            for n in dict.fromkeys(r for m in modules.modules() for r in m.every_role())
        ]
    )
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
    @app_commands.choices(
        key=[app_commands.Choice(name=n, value=n) for n in ("hits", "supply", "battle", "reminders", "quiet")]
    )
    async def game_prefer(self, interaction: discord.Interaction, key: str, value: str) -> None:
        await self.run(interaction, self.service.prefer(caller_of(interaction), key, value))

    @app_commands.command(name="mygames", description=_d("mygames"))
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def mygames(self, interaction: discord.Interaction) -> None:
        """Every game the player sits in, across servers, with whose move it is and the deadline."""
        await self.sender.reply(interaction, (await self.service.my_games(caller_of(interaction))).reply)

    @game.command(name="abort", description=_d("game abort"))
    async def game_abort(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self.service.abort(caller_of(interaction)), public=True)

    @game.command(name="export", description=_d("game export"))
    async def game_export(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self.service.export(caller_of(interaction)))

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

    # --- a private prompt's list of orders ----------------------------------------------------------------
    async def order_pick(self, interaction: discord.Interaction, item: OrderPick) -> None:
        # discord.py types data as a union of TypedDicts (or None); a select's holds "values"
        values = list(interaction.data.get("values", []))  # type: ignore[union-attr, arg-type]
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
        # discord.py types data as a union of TypedDicts (or None); a select's holds "values"
        self.picked[key] = list(interaction.data.get("values", []))  # type: ignore[union-attr, arg-type]
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

_PYTHON_TYPES = {"number": "int", "bool": "bool"}  # every other kind of option is typed text


def order_commands(taken: set[str]) -> list[app_commands.Command[Any, ..., None]]:
    """A slash command for every order name of the registered game modules (none of ``taken``, the names of
    the cog's own commands: a new order kind gets its command with no code here). A name several games share
    (``/move``) is one command whose options are all of theirs: required only where every one of those games
    requires it, each order checked by the caller's game (its parser says what its ``/move`` takes). Options
    are typed by their ``OrderOption`` kind and autocompleted from the caller's legal orders (``suggest``)
    unless not ``suggested``. The order sent is ``/name option:value ...``, its options in the order kind's
    order (``quoted`` ones in quotes); the service finds the caller's game and its module."""
    kinds: dict[str, list[tuple[Any, Any]]] = {}  # name -> (module, kind), the default module first
    for module in modules.modules():
        for kind in module.orders:
            if kind.name not in taken:
                kinds.setdefault(kind.name, []).append((module, kind))
    return [_order_command(name, shared) for name, shared in kinds.items()]


def _order_command(name: str, shared: list[tuple[Any, Any]]) -> app_commands.Command[Any, ..., None]:
    """One order name as a slash command (its callback written out, so that discord.py reads its typed
    parameters as it reads the cog's), its options those of every game that has the order."""
    options: dict[str, Any] = {}  # option name -> the first game's OrderOption of that name
    for _module, kind in shared:
        for o in kind.options:
            options.setdefault(o.name, o)
            if _PYTHON_TYPES.get(options[o.name].kind) != _PYTHON_TYPES.get(o.kind):
                raise ValueError(f"/{name} {o.name}: two games give it two types")
            if options[o.name].quoted != o.quoted:
                raise ValueError(f"/{name} {o.name}: one game quotes it, another does not")
    required = {  # required only where every game with the order requires it
        o: all(any(m.name == o and m.required for m in kind.options) for _module, kind in shared)
        for o in options
    }
    suggested = {  # autocompleted where any game with the order suggests its values
        o: any(m.name == o and m.suggested for _module, kind in shared for m in kind.options) for o in options
    }
    quoted = tuple(o for o, spec in options.items() if spec.quoted)
    names = {o: _identifier(o) for o in options}
    ordered = sorted(options.values(), key=lambda o: not required[o.name])  # Discord: required options first
    params = ", ".join(
        f"{names[o.name]}: {_PYTHON_TYPES.get(o.kind, 'str')}" + ("" if required[o.name] else " = None")
        for o in ordered
    )
    values = ", ".join(f"{o!r}: {names[o]}" for o in options)
    source = (
        f"async def callback(interaction: discord.Interaction{', ' if params else ''}{params}) -> None:\n"
        f"    await _order_of(interaction, {name!r}, {{{values}}}, {quoted!r})\n"
    )
    scope: dict[str, Any] = {"discord": discord, "_order_of": _order_of}
    exec(source, scope)  # the source holds only identifiers checked above and names as literals
    cmd: app_commands.Command[Any, ..., None] = app_commands.Command(
        name=name, description=_described(name, None, shared), callback=scope["callback"]
    )
    if options:  # as locale strings, so that the translator is asked for them
        app_commands.describe(
            **{names[o]: app_commands.locale_str(_described(name, o, shared)) for o in options}
        )(cmd)
    renamed = {v: app_commands.locale_str(k) for k, v in names.items() if k != v}
    if renamed:
        app_commands.rename(**renamed)(cmd)
    listed = {
        names[o.name]: [app_commands.Choice(name=app_commands.locale_str(c), value=c) for c in o.choices]
        for o in options.values()
    }
    if any(listed.values()):
        app_commands.choices(**{k: v for k, v in listed.items() if v})(cmd)
    auto = {
        names[o.name]: _auto(name, o.name, o.words)
        for o in options.values()
        if o.kind not in _PYTHON_TYPES and not o.choices and suggested[o.name]
    }
    if auto:
        app_commands.autocomplete(**auto)(cmd)
    return cmd


def _described(name: str, option: str | None, shared: list[tuple[Any, Any]]) -> str:
    """The English description of a generated command or of one of its options: the catalogs' (the bot's
    words for a name several games share, a game's own ``cmd.``/``opt.`` keys for its own orders), else the
    order kind's help and rule (the translator finds the Japanese under the same key)."""
    key = description_key(name, option)
    if key in CATALOGS["en"]:
        return t(key)[:100]
    kind = shared[0][1]
    if option is None:
        line = (kind.help or name) + (f" ({kind.rule})" if kind.rule else "")
    else:
        line = next((o.help for _m, k in shared for o in k.options if o.name == option and o.help), option)
    return line[:100]


async def _order_of(
    interaction: discord.Interaction, name: str, values: dict[str, Any], quoted: tuple[str, ...] = ()
) -> None:
    """A generated order command: its options as the order's text (``yes`` for a boolean set, a ``quoted``
    option's value in quotes: ``/orders list:"fire A; B>left"``)."""
    parts = [f"/{name}"]
    for k, v in values.items():
        if v is None or v is False:
            continue
        parts.append(f"{k}:yes" if v is True else f'{k}:"{v}"' if k in quoted else f"{k}:{v}")
    await _cog_of(interaction).order(interaction, " ".join(parts))


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
    cog: Any = interaction.client.get_cog("EstafetteCog")  # type: ignore[attr-defined]
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


def _not_done(interaction: discord.Interaction, err: Exception) -> str:
    """A refused request or a rejected order, in the player's language."""
    loc = locale_of(interaction.locale)
    return t("ui.not_done", loc, error=localize_error(err, loc))
