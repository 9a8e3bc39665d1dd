"""The application service: games bound to channels, seats, permissions, deadlines, standing preferences.

It imports nothing of discord: the Discord cogs and the console are two adapters over it (DESIGN, "Layers").
Every call takes a ``Caller`` (who, where) and returns a ``Result``: the reply to the caller and an outbox of
posts, DMs and thread changes for the front end to send.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine import Game, Options, RuleError, parse_command
from engine.napoleon.state import armies_of
from engine.script import ScriptError, run_lines

from .i18n import join, locale_of, localize_error, t
from .narrate import describe
from .outbox import DM, Message, Picture, Post, Reply, Result, Thread
from .pictures import Pictures
from .storage import DuplicateInteraction, GameRow, Store
from .suggest import suggest

log = logging.getLogger("estafette.service")

ROLE_NAMES = {"french": "French", "allied": "Allied", "british": "British", "prussian": "Prussian"}
DEFAULT_SETTINGS = {"deadline_hours": 24.0, "reminder_hours": 4.0, "deadline_action": "pass"}


class ServiceError(Exception):
    """A request the service refuses (not a rule of the game): wrong channel, not your seat, not host.

    ``key`` and ``params`` name the message in ``i18n`` (``svc.*``) so that each front end says it in the
    player's language (``i18n.localize_error``); ``str()`` is the English. A key the catalog does not know is
    taken as the English text itself."""

    def __init__(self, key: str, /, **params: Any) -> None:
        try:
            text = t(key, "en", **params)
        except KeyError:
            text, key = key, ""
        self.key: str | None = key or None
        self.params = params
        super().__init__(text)

    @classmethod
    def of_rule(cls, err: RuleError) -> ServiceError:
        """A rule error (bad options, say) refused as a request: said exactly as ``str(err)``."""
        return cls("svc.rule", error=err)


@dataclass(frozen=True)
class Caller:
    user_id: int
    channel_id: int
    guild_id: int = 0
    manager: bool = False  # holds Manage Server: may run administrative commands in any game
    name: str = ""
    locale: str = "en"  # the user's language (Discord's interaction locale): replies are in it

    @property
    def loc(self) -> str:
        return locale_of(self.locale)


@dataclass
class Live:
    """A loaded game: its row, its engine game once started, and its lock (one order at a time)."""

    row: GameRow
    game: Game | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot: Any = None  # the game's bot player (ai.HeuristicPlayer), kept so that it remembers its plans


def parse_options(text: str) -> Options:
    """``setup=historical players=3 ruleset=3rd command_control=on``"""
    return Options.parse(text)


class Service:
    def __init__(
        self,
        store: Store,
        *,
        pictures: Pictures | None = None,
        clock: Callable[[], float] = time.time,
        seed_source: Callable[[], int] | None = None,
    ) -> None:
        self.store = store
        self.pictures = pictures or Pictures()
        self.clock = clock
        self.seed_source = seed_source or (lambda: secrets.randbelow(2**31))
        self.live: dict[int, Live] = {}
        self.problems: list[str] = []  # games that failed their start-up check

    # --- start-up and recovery ------------------------------------------------------------------------
    async def recover(self) -> list[str]:
        """Load every running game from its latest snapshot and check it against a replay of its orders; a
        game that disagrees is suspended and reported, never silently used (DESIGN)."""
        report = []
        for row in await self.store.games_with_status("running"):
            live = Live(row)
            try:
                live.game = Game.loads(row.snapshot or "")
                replay = await self._replay(row)
            except Exception as e:
                replay = None
                log.exception("game %s could not be loaded", row.id)
                report.append(f"game {row.id}: cannot be loaded ({e})")
            if replay is None or live.game is None or replay.dumps() != live.game.dumps():
                await self.store.set_status(row.id, "suspended")
                row.status = "suspended"
                msg = (
                    f"game {row.id} in channel {row.channel_id}: its snapshot disagrees with a replay of its "
                    f"orders; suspended (an administrator can /game abort or /game export it)"
                )
                report.append(msg)
                log.error(msg)
            self.live[row.id] = live
        self.problems = report
        return report

    async def _replay(self, row: GameRow) -> Game:
        """The game rebuilt from its options, seed, imported script (if any) and stored orders."""
        seed = row.settings.get("seed", row.seed)  # an imported script brings its own seed
        lines = [f"@options {_options_line(row.options)}", f"@seed {seed}", *row.settings.get("base", [])]
        for o in await self.store.orders(row.id):
            lines.append(o.text if o.text.startswith("@") else f"{o.role}: {o.text}")
        out = run_lines(lines)
        assert out.game is not None
        if not out.ok:
            raise ScriptError("a stored order was rejected on replay")
        return out.game

    # --- lookup and permissions ------------------------------------------------------------------------
    async def _live(self, channel_id: int, *, finished: bool = False) -> Live:
        row = await self.store.game_in_channel(channel_id, finished=finished)
        if row is None:
            raise ServiceError("svc.no_game")
        live = self.live.get(row.id)
        if live is None:
            live = Live(row)
            if row.snapshot:
                live.game = Game.loads(row.snapshot)
            self.live[row.id] = live
        else:
            live.row = row
        return live

    def _is_admin(self, live: Live, caller: Caller) -> bool:
        return caller.manager or caller.user_id == live.row.host_id

    def _roles_of(self, live: Live, user_id: int) -> list[str]:
        return [r for r, (u, _bot) in live.row.seats.items() if u == user_id]

    def _need_admin(self, live: Live, caller: Caller, what: str) -> None:
        """``what``: the action refused (``start``, ``options``, ``spectate``, ``abort``, ``import``)."""
        if not self._is_admin(live, caller):
            raise ServiceError("svc.need_admin", host=live.row.host_id, what=what)

    def _need_game(self, live: Live) -> Game:
        if live.game is None or live.row.status == "lobby":
            raise ServiceError("svc.not_started")
        if live.row.status == "suspended":
            raise ServiceError("svc.suspended")
        return live.game

    # --- languages ------------------------------------------------------------------------------------
    @staticmethod
    def language(live: Live) -> str:
        """The game's language: its channel posts and reminders (``/game new language:``)."""
        return locale_of(live.row.settings.get("language", "en"))

    def player_locale(self, live: Live, user_id: int) -> str:
        """A player's language for DMs sent on other people's turns: the last one seen from them in this
        game, else the game's."""
        seen = live.row.settings.get("locales", {}).get(str(user_id))
        return locale_of(seen) if seen else self.language(live)

    def game_locale(self, game_id: int) -> str:
        live = self.live.get(game_id)
        return self.language(live) if live is not None else "en"

    async def _seen(self, live: Live, caller: Caller) -> None:
        """Remember the caller's language in the game's settings (saved only when it changes)."""
        seen = live.row.settings.setdefault("locales", {})
        if seen.get(str(caller.user_id)) != caller.loc:
            seen[str(caller.user_id)] = caller.loc
            await self.store.set_settings(live.row.id, live.row.settings)

    # --- /game ----------------------------------------------------------------------------------------
    async def new_game(
        self,
        caller: Caller,
        options: str = "",
        *,
        deadline_hours: float | None = None,
        deadline_action: str | None = None,
        language: str | None = None,
    ) -> Result:
        """``language``: of the channel posts, ``en`` or ``ja`` (default: the host's own)."""
        loc = caller.loc
        if await self.store.game_in_channel(caller.channel_id):
            raise ServiceError("svc.channel_has_game")
        try:
            opts = parse_options(options)
        except RuleError as e:
            raise ServiceError.of_rule(e) from None
        settings: dict[str, Any] = dict(DEFAULT_SETTINGS)
        if deadline_hours is not None:
            if deadline_hours < 0:
                raise ServiceError("svc.deadline_hours")
            settings["deadline_hours"] = deadline_hours
            settings["reminder_hours"] = min(settings["reminder_hours"], deadline_hours / 4)
        if deadline_action is not None:
            if deadline_action not in ("pass", "bot"):
                raise ServiceError("svc.deadline_action")
            settings["deadline_action"] = deadline_action
        if language is not None and language not in ("en", "ja"):
            raise ServiceError("svc.language", value=language)
        settings["language"] = language or loc
        settings["locales"] = {str(caller.user_id): loc}
        gid = await self.store.create_game(
            caller.guild_id, caller.channel_id, caller.user_id, opts.to_dict(), self.seed_source(), settings
        )
        text = t("svc.new_game", loc, game=gid, options=_describe_options(opts, loc), roles=list(opts.roles))
        return Result(Reply(text, ephemeral=False))

    async def join(self, caller: Caller, role: str | None = None, *, bot: bool = False) -> Result:
        """Take a seat; ``bot``: seat a bot player (host or Manage Server). After the start, a player may take
        back a seat a bot holds for them (a deadline handed it over), and the host may seat anyone there."""
        live = await self._live(caller.channel_id)
        opts = Options.from_dict(live.row.options)
        if bot:
            self._need_admin(live, caller, "add")
        if live.row.status == "running" and role is not None and live.row.seats.get(role, (None, False))[1]:
            handed = live.row.settings.get("handed", {})
            if handed.get(role) != caller.user_id and not self._is_admin(live, caller):
                raise ServiceError("svc.started_no_join")
            await self.store.seat(live.row.id, role, caller.user_id)
            live.row.seats[role] = (caller.user_id, False)
            handed.pop(role, None)
            await self.store.set_settings(live.row.id, live.row.settings)
            return Result(
                Reply(t("svc.seat_back", caller.loc, user=caller.user_id, role=role), ephemeral=False)
            )
        if live.row.status != "lobby":
            raise ServiceError("svc.started_no_join")
        free = [r for r in opts.roles if r not in live.row.seats]
        if role is None:
            if not free:
                raise ServiceError("svc.seats_full")
            role = free[0]
        if role not in opts.roles:
            raise ServiceError("svc.no_such_seat", role=role, seats=list(opts.roles))
        if role in live.row.seats:
            holder = live.row.seats[role][0]
            raise ServiceError("svc.seat_taken", role=role, holder=holder)
        if bot:
            await self.store.seat(live.row.id, role, None, is_bot=True)
            live.row.seats[role] = (None, True)
            left = [r for r in opts.roles if r not in live.row.seats]
            return Result(Reply(t("svc.bot_joins", caller.loc, role=role, free=left), ephemeral=False))
        await self.store.seat(live.row.id, role, caller.user_id)
        live.row.seats[role] = (caller.user_id, False)
        await self._seen(live, caller)
        left = [r for r in opts.roles if r not in live.row.seats]
        key = "svc.joined_free" if left else "svc.joined_full"
        return Result(Reply(t(key, caller.loc, user=caller.user_id, role=role, free=left), ephemeral=False))

    async def leave(self, caller: Caller) -> Result:
        live = await self._live(caller.channel_id)
        roles = self._roles_of(live, caller.user_id)
        if not roles:
            raise ServiceError("svc.no_seat")
        if live.row.status != "lobby":
            raise ServiceError("svc.started_no_leave")
        for r in roles:
            await self.store.unseat(live.row.id, r)
            live.row.seats.pop(r, None)
        return Result(Reply(t("svc.left", caller.loc, user=caller.user_id, roles=roles), ephemeral=False))

    async def start(self, caller: Caller) -> Result:
        live = await self._live(caller.channel_id)
        self._need_admin(live, caller, "start")
        if live.row.status != "lobby":
            raise ServiceError("svc.already_started")
        opts = Options.from_dict(live.row.options)
        empty = [r for r in opts.roles if r not in live.row.seats]
        if empty:
            raise ServiceError("svc.seats_empty", roles=empty)
        async with live.lock:
            if live.game is None and live.row.settings.get("base"):
                live.game = await self._replay(live.row)  # imported before a restart
            game = live.game or Game.new(opts, live.row.seed)
            live.game = game
            await self.store.start(live.row.id, game.dumps(), 0)
            live.row.status = "running"
            self._arm_deadline(live)
            await self.store.set_settings(live.row.id, live.row.settings)
        out = self._after_change(live, new_events=game.state.events, everyone=True)
        async with live.lock:
            out += await self._automatic(live)
            await self._save_deadline(live)
        text = t("svc.begins", caller.loc, options=_describe_options(opts, caller.loc))
        return Result(Reply(text, ephemeral=False), out)

    async def status(self, caller: Caller) -> Result:
        live = await self._live(caller.channel_id, finished=True)
        loc = caller.loc
        if live.row.status == "lobby" or live.game is None:
            opts = Options.from_dict(live.row.options)
            seats = join(
                (
                    t("svc.seat_held", loc, role=r, user=live.row.seats[r][0])
                    if r in live.row.seats
                    else t("svc.seat_free", loc, role=r)
                    for r in opts.roles
                ),
                loc,
            )
            text = t(
                "svc.status_lobby", loc, game=live.row.id, options=_describe_options(opts, loc), seats=seats
            )
            return Result(Reply(text))
        return Result(Reply(self._status_text(live, loc), pictures=[self._map_picture(live, "public", loc)]))

    async def map(self, caller: Caller) -> Result:
        live = await self._live(caller.channel_id, finished=True)
        self._need_game(live)
        roles = self._roles_of(live, caller.user_id)
        if roles:
            await self._seen(live, caller)
        role = roles[0] if roles else "public"
        return Result(
            Reply(t("svc.map", caller.loc, role=role), pictures=[self._map_picture(live, role, caller.loc)])
        )

    async def log_text(self, caller: Caller, last: int = 25) -> Result:
        live = await self._live(caller.channel_id, finished=True)
        game = self._need_game(live)
        roles = self._roles_of(live, caller.user_id)
        if roles:
            await self._seen(live, caller)
        role = roles[0] if roles else "public"
        lines = [x for x in (describe(e, caller.loc) for e in game.view(role).events) if x]
        return Result(Reply("\n".join(lines[-last:]) or t("svc.log_empty", caller.loc)))

    async def set_options(self, caller: Caller, options: str) -> Result:
        live = await self._live(caller.channel_id)
        loc = caller.loc
        if not options.strip():
            shown = _describe_options(Options.from_dict(live.row.options), loc)
            settings = _describe_settings(live.row.settings, loc)
            return Result(Reply(t("svc.options_show", loc, options=shown, settings=settings)))
        self._need_admin(live, caller, "options")
        if live.row.status != "lobby":
            raise ServiceError("svc.options_fixed")
        try:
            opts = Options.parse(options, Options.from_dict(live.row.options))
        except RuleError as e:
            raise ServiceError.of_rule(e) from None
        for r in list(live.row.seats):
            if r not in opts.roles:
                await self.store.unseat(live.row.id, r)
                live.row.seats.pop(r)
        await self.store.set_options(live.row.id, opts.to_dict())
        live.row.options = opts.to_dict()
        return Result(Reply(t("svc.options_set", loc, options=_describe_options(opts, loc)), ephemeral=False))

    async def spectate(self, caller: Caller, channel_id: int, stop: bool = False) -> Result:
        live = await self._live(caller.channel_id)
        self._need_admin(live, caller, "spectate")
        if stop:
            await self.store.remove_spectator(live.row.id, channel_id)
            return Result(Reply(t("svc.spectate_stop", caller.loc, channel=channel_id), ephemeral=False))
        await self.store.add_spectator(live.row.id, channel_id)
        live.row.spectators = sorted({*live.row.spectators, channel_id})
        out: list[Message] = []
        if live.game is not None:
            lang = self.language(live)
            out.append(
                Post(
                    channel_id,
                    t("svc.following", lang, game=live.row.id, status=self._status_text(live, lang)),
                    [self._map_picture(live, "public", lang)],
                )
            )
        return Result(Reply(t("svc.spectate", caller.loc, channel=channel_id), ephemeral=False), out)

    async def abort(self, caller: Caller) -> Result:
        live = await self._live(caller.channel_id)
        self._need_admin(live, caller, "abort")
        await self.store.set_status(live.row.id, "aborted")
        self.live.pop(live.row.id, None)
        return Result(
            Reply(t("svc.aborted", caller.loc, game=live.row.id, user=caller.user_id), ephemeral=False)
        )

    async def export(self, caller: Caller) -> Result:
        """The game as a script. Only once it is over (or, for the host, suspended): the script holds every
        secret — deployments, hidden faces, the dice seed."""
        live = await self._live(caller.channel_id, finished=True)
        if live.row.status == "suspended":
            self._need_admin(live, caller, "export")
        elif live.row.status not in ("over", "aborted"):
            raise ServiceError("svc.export_running")
        game = live.game if live.row.status not in ("suspended", "lobby") else None
        if game is None:
            game = await self._replay(live.row)
        text = game.script()
        return Result(
            Reply(
                t("svc.export", caller.loc, game=live.row.id),
                file=(f"estafette-game-{live.row.id}.txt", text.encode()),
            )
        )

    async def import_script(self, caller: Caller, text: str) -> Result:
        """Start this channel's game from a script (a club's own scenario, or an exported game)."""
        live = await self._live(caller.channel_id)
        self._need_admin(live, caller, "import")
        if live.row.status != "lobby":
            raise ServiceError("svc.import_started")
        try:
            out = run_lines(text.splitlines())
        except ScriptError as e:
            raise ServiceError("svc.script_unreadable", error=str(e)) from None
        if not out.ok or out.game is None:
            bad = next((r for r in out.results if not r["ok"]), None)
            raise ServiceError("svc.script_bad", line=bad["line"] if bad else "?")
        live.game = out.game
        live.row.options = out.game.options.to_dict()
        await self.store.set_options(live.row.id, live.row.options)
        # the imported lines and seed are part of the game: replays (start-up check, export) start from them
        live.row.settings["base"] = list(out.game.state.log)
        live.row.settings["seed"] = out.game.state.seed
        await self.store.set_settings(live.row.id, live.row.settings)
        text = t(
            "svc.imported",
            caller.loc,
            options=_describe_options(out.game.options, caller.loc),
            turn=out.game.state.turn,
            roles=list(out.game.options.roles),
        )
        return Result(Reply(text, ephemeral=False))

    # --- preferences --------------------------------------------------------------------------------------
    async def prefer(self, caller: Caller, key: str, value: str) -> Result:
        """Standing preferences: ``hits`` and ``supply`` (priority lists of own unit ids, rules README
        decision 7) go to the engine; ``battle`` sets standing battle orders (``fire``, ``square``,
        ``off``)."""
        live = await self._live(caller.channel_id)
        game = self._need_game(live)
        roles = self._roles_of(live, caller.user_id)
        if not roles:
            raise ServiceError("svc.prefs_no_seat")
        await self._seen(live, caller)
        loc = caller.loc
        if key == "battle":
            spec = _standing_spec(value)
            await self.store.set_preference(live.row.id, caller.user_id, "battle", spec or None)
            text = (
                t("svc.standing_cancelled", loc)
                if not spec
                else t("svc.standing_set", loc, spec=_describe_standing(spec, loc))
            )
            out: list[Message] = []
            async with live.lock:
                out += await self._automatic(live)
            return Result(Reply(text), out)
        if key not in ("hits", "supply"):
            raise ServiceError("svc.pref_keys")
        ids = [v.strip() for v in value.replace(" ", ",").split(",") if v.strip()]
        async with live.lock:
            work = Game.loads(game.dumps())
            try:
                work.prefer(roles[0], key, ids)
            except RuleError as e:
                raise ServiceError.of_rule(e) from None
            seq = live.row.version + 1
            directive = work.state.log[-1]  # "@prefer role key:ids" - a directive, replayed as one
            await self.store.record(
                live.row.id, seq, roles[0], caller.user_id, directive, None, work.dumps(), None
            )
            live.game = work
            live.row.version = seq
        saved = work.state.preferences[roles[0]][key]
        return Result(Reply(t("svc.pref_saved", loc, key=key, units=list(saved))))

    # --- orders -------------------------------------------------------------------------------------------
    async def order(
        self, caller: Caller, text: str, interaction_id: str | None = None, role: str | None = None
    ) -> Result:
        """Apply one order for the caller. The order is stored with the new snapshot before any reply."""
        live = await self._live(caller.channel_id)
        loc = caller.loc
        if interaction_id is not None:
            prev = await self.store.find_interaction(interaction_id)
            if prev is not None:
                return Result(Reply(prev.reply or t("svc.already_done", loc)))
        async with live.lock:
            game = self._need_game(live)
            if interaction_id is not None:  # checked again under the lock: two deliveries at once
                prev = await self.store.find_interaction(interaction_id)
                if prev is not None:
                    return Result(Reply(prev.reply or t("svc.already_done", loc)))
            role = self._acting_role(live, game, caller, text, role)
            await self._seen(live, caller)
            before = len(game.state.events)
            old_state = game.state
            try:
                game.apply(role, text)  # atomic: on a RuleError nothing changed
            except RuleError as e:
                return Result(Reply(t("svc.not_accepted", loc, error=localize_error(e, loc))))
            new = game.state.events[before:]
            reply = self._reply_text(game, role, new, loc)
            try:
                await self._store_order(live, role, caller.user_id, interaction_id, reply)
            except DuplicateInteraction as d:
                game.state = old_state
                return Result(Reply(d.reply or t("svc.already_done", loc)))
            except Exception:
                game.state = old_state  # not stored, so not applied
                raise
            out = self._after_change(live, new_events=new)
            out += await self._automatic(live)
            await self._save_deadline(live)
        return Result(Reply(reply), out)

    def _acting_role(self, live: Live, game: Game, caller: Caller, text: str, role: str | None) -> str:
        mine = self._roles_of(live, caller.user_id)
        if not mine:
            raise ServiceError("svc.no_seat_order")
        if role is not None:
            if role not in mine:
                raise ServiceError("svc.not_your_seat", role=role)
            return role
        active = [r for r in mine if r in game.active()]
        if len(active) == 1:
            return active[0]
        if not active:
            return mine[0]  # the engine's answer says whose turn it is
        # one person holding several active seats (console, hot seat): the seat whose units the order names
        for r in active:
            if any(p in text.upper() for p in _unit_prefixes(r)):
                return r
        return active[0]

    def _reply_text(self, game: Game, role: str, events: list, loc: str = "en") -> str:
        lines = [x for x in (describe(e.visible(role), loc) for e in events) if x]
        return t("svc.done", loc) + ("\n" + "\n".join(lines[-15:]) if lines else "")

    # --- autocomplete and battle deployment drafts ---------------------------------------------------
    async def suggestions(
        self, caller: Caller, order: str, option: str, current: str, given: dict[str, str] | None = None
    ) -> list[str]:
        """Autocomplete: only what is legal now for the caller's seats (empty if nothing is)."""
        row = await self.store.game_in_channel(caller.channel_id)
        if row is None:
            return []
        live = await self._live(caller.channel_id)
        if live.game is None or live.row.status != "running":
            return []
        return suggest(live.game, self._roles_of(live, caller.user_id), order, option, current, given)

    async def live_game(self, game_id: int) -> Live | None:
        live = self.live.get(game_id)
        if live is None:
            row = await self.store.game(game_id)
            if row is None:
                return None
            live = Live(row, Game.loads(row.snapshot) if row.snapshot else None)
            self.live[game_id] = live
        return live

    def deploy_state(self, live: Live, role: str, town: str) -> tuple[list[str], dict[str, str]] | None:
        """The role's blocks to deploy in the battle at ``town`` and the draft so far (unit -> column),
        or None when that deployment is no longer awaited (a stale prompt)."""
        game = live.game
        if game is None or game.over or role not in game.active():
            return None
        lg = game.legal(role)
        deploys = [parse_command(c) for c in lg.choices if c.startswith("/deploy")]
        mine: list[str] = []
        for cmd in deploys:
            if cmd.options.get("battle", town) != town:
                continue
            for k in ("left", "center", "right", "reserve"):
                mine += [u.strip() for u in cmd.options.get(k, "").split(",") if u.strip()]
        if not mine:
            return None
        units = sorted(dict.fromkeys(mine), key=_unit_order)
        draft = live.row.settings.setdefault("drafts", {}).setdefault(f"{role}@{town}", {})
        return units, {u: c for u, c in draft.items() if u in units}

    async def draft_assign(
        self,
        game_id: int,
        user_id: int,
        town: str,
        units: list[str],
        column: str | None,
        locale: str = "en",
    ) -> str:
        live = await self.live_game(game_id)
        if live is None:
            raise ServiceError("svc.game_gone")
        role = self._deploy_role(live, user_id, town)
        state = self.deploy_state(live, role, town)
        if state is None:
            raise ServiceError("svc.prompt_stale", town=town)
        all_units, _ = state
        draft = live.row.settings["drafts"][f"{role}@{town}"]
        for u in units:
            if u not in all_units:
                raise ServiceError("svc.not_your_block", unit=u, town=town)
            if column is None:
                draft.pop(u, None)
            else:
                draft[u] = column
        await self.store.set_settings(live.row.id, live.row.settings)
        return self.draft_text(live, role, town, locale)

    def _deploy_role(self, live: Live, user_id: int, town: str) -> str:
        for r in self._roles_of(live, user_id):
            if self.deploy_state(live, r, town) is not None:
                return r
        mine = self._roles_of(live, user_id)
        if not mine:
            raise ServiceError("svc.no_seat_that")
        raise ServiceError("svc.prompt_stale", town=town)

    def draft_text(self, live: Live, role: str, town: str, locale: str = "en") -> str:
        loc = locale_of(locale)
        state = self.deploy_state(live, role, town)
        if state is None:
            return t("svc.draft_stale", loc, town=town)
        units, draft = state
        cols = {c: [u for u in units if draft.get(u) == c] for c in ("left", "center", "right", "reserve")}
        todo = [u for u in units if u not in draft]
        lines = [t("svc.draft_head", loc, town=town, n=len(units))]
        for c, us in cols.items():
            lines.append(
                t("svc.draft_column", loc, column=c, units=join(us, loc) or t("svc.draft_none", loc))
            )
        lines.append(t("svc.draft_todo", loc, units=join(todo, loc) or t("svc.draft_todo_none", loc)))
        lines.append(t("svc.draft_help", loc, town=town))
        return "\n".join(lines)

    async def draft_confirm(
        self, game_id: int, user_id: int, town: str, interaction_id: str | None, locale: str = "en"
    ) -> Result:
        live = await self.live_game(game_id)
        if live is None:
            raise ServiceError("svc.game_gone")
        role = self._deploy_role(live, user_id, town)
        state = self.deploy_state(live, role, town)
        assert state is not None
        units, draft = state
        todo = [u for u in units if u not in draft]
        if todo:
            raise ServiceError("svc.place_all", units=todo)
        parts = [
            f"{c}:{','.join(u for u in units if draft[u] == c)}"
            for c in ("left", "center", "right", "reserve")
        ]
        text = "/deploy " + " ".join(p for p in parts if not p.endswith(":")) + f" battle:{town}"
        caller = Caller(user_id, live.row.channel_id, live.row.guild_id, locale=locale)
        version = live.row.version
        res = await self.order(caller, text, interaction_id, role=role)
        if live.row.version > version:  # the deployment was accepted: the draft is done
            live.row.settings.get("drafts", {}).pop(f"{role}@{town}", None)
            await self.store.set_settings(live.row.id, live.row.settings)
        return res

    # --- after every change: the public map, private maps, pings, threads ------------------------------
    def _after_change(self, live: Live, new_events: list, everyone: bool = False) -> list[Message]:
        game = live.game
        assert game is not None
        row = live.row
        out: list[Message] = []
        lang = self.language(live)  # channel posts: the game's language
        public_lines = [x for x in (describe(e.visible("public"), lang) for e in new_events) if x]
        pic = self._map_picture(live, "public", lang)
        active = game.active()
        mentions = tuple(sorted({row.seats[r][0] for r in active if r in row.seats and row.seats[r][0]}))
        due = row.settings.get("due_at")
        when = t("svc.deadline_when", lang, due=int(due)) if due and active else ""
        ping = ""
        if game.over and game.state.result:
            ping = "\n" + t("svc.game_over_ping", lang, reason=game.state.result.reason)
        elif active:
            who = ", ".join(f"<@{u}>" for u in mentions)
            ping = "\n" + t("svc.your_move", lang, mentions=who, active=list(active), when=when)
        body = "\n".join(public_lines[-12:]) + ping
        # the battle boards of the battles this change touched (all of them for a full refresh)
        touched = {e.data.get("town") for e in new_events} if not everyone else None
        boards = self._battle_pictures(live, "public", touched, lang)
        extra = [self._replay_picture(live, lang)] if game.over else []
        for ch in (row.channel_id, *row.spectators):
            out.append(
                Post(
                    ch,
                    body.strip() or self._status_text(live, lang),
                    [pic, *boards, *extra],
                    mentions if ch == row.channel_id else (),
                )
            )
        for role, (user, is_bot) in row.seats.items():
            if is_bot or user is None:
                continue
            ploc = self.player_locale(live, user)  # a DM: the player's own language
            mine = [
                x
                for x in (describe(e.visible(role), ploc) for e in new_events if e.secret and role in e.to)
                if x
            ]
            if not (everyone or mine or role in active):
                continue
            deploy = tuple(
                sorted(
                    {
                        b.town
                        for b in game.state.open_battles()
                        if getattr(b, "status", "") == "deploy" and role in game.active()
                    }
                )
            )
            text = "\n".join(mine[-12:]) or t("svc.your_forces", ploc, role=role)
            out.append(
                DM(
                    user,
                    text,
                    [self._map_picture(live, role, ploc), *self._battle_pictures(live, role, touched, ploc)],
                    fallback_channel=row.channel_id,
                    game_id=row.id,
                    role=role,
                    deploy=deploy,
                )
            )
        if game.options.players == 3:
            out.append(self._thread_state(live))
        return out

    def _battle_pictures(self, live: Live, role: str, towns: set | None, locale: str = "en") -> list[Picture]:
        """Battle boards (as ``role`` sees them, their texts in ``locale``) of the open battles in ``towns``
        (None: all); for a player, only the battles its army fights in."""
        game = live.game
        assert game is not None
        out = []
        mine = armies_of(role)
        for b in game.state.open_battles():
            if towns is not None and b.town not in towns:
                continue
            if role != "public" and not any(
                u.location == b.town and u.army in mine and not u.eliminated
                for u in game.state.units.values()
            ):
                continue
            town = b.town

            def draw(town: str = town) -> bytes:
                bv = next(x for x in game.view(role, events=False).battles if x.town == town)
                return self.pictures.battle(bv, role, locale)

            name = f"battle-{live.row.id}-{live.row.version}-{_slug(town)}-{locale}-{role}.png"
            out.append(Picture(name, draw))
        return out

    def _replay_picture(self, live: Live, locale: str = "en") -> Picture:
        """The whole game as an animated map (its texts in ``locale``), posted when it ends."""
        game = live.game
        assert game is not None
        script = game.script()
        return Picture(
            f"replay-{locale}-{live.row.id}.gif", lambda: self.pictures.replay(script, game.scenario, locale)
        )

    def _thread_state(self, live: Live) -> Thread:
        game = live.game
        assert game is not None
        st = game.state
        turn = game.scenario.turns[st.turn - 1] if st.turn else None
        # 13.1: the allies may confer only during deployment and Allied night turns.
        open_ = st.phase == "setup" or bool(turn and turn.side == "allied" and turn.night and not game.over)
        members = tuple(
            u for r, (u, b) in live.row.seats.items() if r in ("british", "prussian") and u and not b
        )
        return Thread(
            live.row.id, live.row.channel_id, open_, members, int(live.row.settings.get("thread_id") or 0)
        )

    async def set_thread(self, game_id: int, thread_id: int) -> None:
        live = await self.live_game(game_id)
        if live is not None:
            live.row.settings["thread_id"] = thread_id
            await self.store.set_settings(game_id, live.row.settings)

    def _map_picture(self, live: Live, role: str, locale: str = "en") -> Picture:
        """The map as ``role`` sees it, its texts in ``locale``: the language of whoever will see it (the
        game's for a channel post, the player's for a DM or a reply). The name carries both."""
        game = live.game
        assert game is not None
        version = live.row.version
        return Picture(
            f"map-{live.row.id}-{version}-{locale}-{role}.png",
            lambda: self.pictures.map(game.view(role, events=False), game.scenario, locale),
        )

    def _status_text(self, live: Live, loc: str = "en") -> str:
        game = live.game
        assert game is not None
        v = game.view("public", events=False)
        if v.result:
            return t("svc.status_over", loc, reason=v.result["reason"])
        if v.phase == "setup":
            return t("svc.status_setup", loc, active=list(v.active))
        when = "night" if v.night else v.slot
        waiting = t("svc.status_waiting", loc, active=list(v.active)) if v.active else t("svc.nobody", loc)
        return t(
            "svc.status",
            loc,
            turn=v.turn,
            last=v.last_turn,
            day=v.day,
            when=when,
            side=v.side or "french",
            phase=v.phase,
            waiting=waiting,
        )

    # --- standing battle orders -------------------------------------------------------------------------
    async def _standing_orders(self, live: Live) -> list[Message]:
        """Carry out standing battle orders for every active seat that has them (DESIGN, "Asynchronous
        play"): the orders are ordinary orders, stored like any other, and reported to the player."""
        game = live.game
        out: list[Message] = []
        if game is None or live.row.status != "running":
            return out
        prefs = await self.store.preferences(live.row.id)
        for _ in range(200):  # bounded: each round applies at least one order or stops
            if game.over or game.state.phase != "battle":
                break
            applied = False
            for role in game.active():
                user = live.row.seats.get(role, (None, False))[0]
                spec = prefs.get(user or -1, {}).get("battle") if user else None
                if not spec:
                    continue
                order = _standing_choice(game, role, spec)
                if order is None:
                    continue
                before = len(game.state.events)
                try:
                    game.apply(role, order)
                except RuleError:
                    continue
                await self._store_order(live, role, user)
                new = game.state.events[before:]
                ploc = self.player_locale(live, user or 0)
                lines = [x for x in (describe(e.visible(role), ploc) for e in new) if x]
                out.append(
                    DM(
                        user or 0,
                        t("svc.standing_dm", ploc, order=order) + "\n" + "\n".join(lines[-8:]),
                        fallback_channel=live.row.channel_id,
                        game_id=live.row.id,
                        role=role,
                    )
                )
                out += self._after_change(live, new)
                applied = True
                break
            if not applied:
                break
        return out

    # --- deadlines ----------------------------------------------------------------------------------------
    async def _save_deadline(self, live: Live) -> None:
        if self._arm_deadline(live):
            await self.store.set_settings(live.row.id, live.row.settings)

    def _arm_deadline(self, live: Live) -> bool:
        """A new deadline whenever the set of players awaited changes. Returns whether it changed."""
        hours = float(live.row.settings.get("deadline_hours", 0) or 0)
        game = live.game
        key = _waiting_key(game) if game else ""
        if live.row.settings.get("waiting") == key and live.row.settings.get("due_at"):
            return False
        live.row.settings["waiting"] = key
        live.row.settings["reminded"] = False
        live.row.settings["due_at"] = (
            self.clock() + hours * 3600 if hours > 0 and game and not game.over else None
        )
        return True

    async def tick(self) -> list[Message]:
        """Reminders before deadlines and the per-game action when one passes. Call every minute or so."""
        out: list[Message] = []
        now = self.clock()
        for row in await self.store.games_with_status("running"):
            live = self.live.get(row.id) or Live(row, Game.loads(row.snapshot) if row.snapshot else None)
            self.live[row.id] = live
            live.row = row
            due = row.settings.get("due_at")
            game = live.game
            if not due or game is None or game.over:
                continue
            remind = float(row.settings.get("reminder_hours", 0) or 0) * 3600
            users = sorted({row.seats[r][0] for r in game.active() if r in row.seats and row.seats[r][0]})
            if not row.settings.get("reminded") and remind and now >= due - remind and now < due:
                row.settings["reminded"] = True
                await self.store.set_settings(row.id, row.settings)
                who = ", ".join(f"<@{u}>" for u in users)
                out.append(
                    Post(
                        row.channel_id,
                        t("svc.reminder", self.language(live), mentions=who, due=int(due)),
                        mentions=tuple(users),
                    )
                )
            if now >= due:
                out += await self._deadline_passed(live)
        return out

    async def _deadline_passed(self, live: Live) -> list[Message]:
        """The per-game action when a deadline passes: ``pass`` ends what each late player was doing (the
        current deployment, movement phase or battle turn — nothing more), ``bot`` hands the late seats to
        bot players, who play on until the player takes the seat back with /game join."""
        game = live.game
        assert game is not None
        action = live.row.settings.get("deadline_action", "pass")
        out: list[Message] = []
        late = list(game.active())
        async with live.lock:
            before = len(game.state.events)
            if action == "bot":
                handed = live.row.settings.setdefault("handed", {})
                for role in late:
                    user = live.row.seats.get(role, (None, False))[0]
                    if user is not None:
                        handed[role] = user
                    await self.store.seat(live.row.id, role, user, is_bot=True)
                    live.row.seats[role] = (user, True)
            else:
                for role in late:
                    for _ in range(300):
                        if game.over or role not in game.active():
                            break
                        lg = game.legal(role)
                        order = "/end" if "/end" in lg.choices else (lg.choices[0] if lg.choices else None)
                        if order is None:
                            break
                        game.apply(role, order)
                        await self._store_order(live, role, None)
                        if order == "/end":
                            break
            key = "svc.deadline_passed" if action == "pass" else "svc.deadline_passed_bot"
            out.append(Post(live.row.channel_id, t(key, self.language(live), late=late)))
            out += self._after_change(live, game.state.events[before:])
            out += await self._bot_moves(live)
            live.row.settings["due_at"] = None
            live.row.settings["waiting"] = None
            await self._save_deadline(live)
            await self.store.set_settings(live.row.id, live.row.settings)
        return out

    async def _store_order(
        self,
        live: Live,
        role: str,
        user: int | None,
        interaction_id: str | None = None,
        reply: str | None = None,
    ) -> None:
        """Store the order just applied with the new snapshot (DESIGN: before anything is sent), in one
        transaction; the version moves on only once it is stored."""
        game = live.game
        assert game is not None
        seq = live.row.version + 1
        await self.store.record(
            live.row.id,
            seq,
            role,
            user,
            _last_order(game),
            interaction_id,
            game.dumps(),
            reply,
            "over" if game.over else None,
        )
        live.row.version = seq
        if game.over:
            live.row.status = "over"

    async def _automatic(self, live: Live) -> list[Message]:
        """What plays by itself after a change: standing battle orders, then bot seats, until neither acts."""
        out: list[Message] = []
        for _ in range(50):
            version = live.row.version
            out += await self._standing_orders(live)
            out += await self._bot_moves(live)
            if live.row.version == version:
                break
        return out

    # --- bot players ----------------------------------------------------------------------------------
    async def _bot_moves(self, live: Live) -> list[Message]:
        """Let bot players play every seat they hold while it must act (issue 6: any seat may be a bot).
        They decide from their role's view and legal orders only (ai.HeuristicPlayer)."""
        game = live.game
        if game is None or live.row.status != "running":
            return []
        bots = {r for r, (_u, is_bot) in live.row.seats.items() if is_bot}
        if not bots:
            return []
        from ai import HeuristicPlayer, play_one

        if live.bot is None:
            live.bot = HeuristicPlayer()  # it may also start afresh (after a restart): it plans from its view
        rng = random.Random(live.row.seed + live.row.version)
        before = len(game.state.events)
        for _ in range(3000):  # bounded; a whole game is a few hundred orders
            acting = [r for r in game.active() if r in bots] if not game.over else []
            if not acting or play_one(game, acting[0], live.bot, rng) is None:
                break
            await self._store_order(live, acting[0], None)
        if len(game.state.events) == before:
            return []
        return self._after_change(live, game.state.events[before:])


# --- helpers ----------------------------------------------------------------------------------------------


def _unit_order(uid: str) -> tuple[str, int]:
    head, _, num = uid.partition("-")
    return (head, int(num) if num.isdigit() else 0)


def _slug(town: str) -> str:
    import unicodedata

    plain = unicodedata.normalize("NFKD", town).encode("ascii", "ignore").decode()
    return "".join(c if c.isalnum() else "-" for c in plain).strip("-").lower()


def _last_order(game: Game) -> str:
    """The text of the order just accepted, as the engine logged it (``role: /order``)."""
    return game.state.log[-1].split(": ", 1)[1]


def _waiting_key(game: Game) -> str:
    st = game.state
    return f"{st.turn}:{st.phase}:{','.join(game.active())}:{len(st.battles)}"


def _options_line(d: dict[str, Any]) -> str:
    return " ".join(f"{k}={('on' if v else 'off') if isinstance(v, bool) else v}" for k, v in d.items())


def _describe_options(o: Options, loc: str = "en") -> str:
    extras = [
        t(key, loc)
        for key, on in (
            ("svc.options_command_control", o.command_control),
            ("svc.options_corps_restriction", o.corps_restriction),
        )
        if on
    ]
    days = t("svc.options_days", loc, days=o.days) if o.days else ""
    more = t("svc.options_extras", loc, extras=extras) if extras else ""
    return t(
        "svc.options_text", loc, players=o.players, ruleset=o.ruleset, setup=o.setup, days=days, extras=more
    )


def _describe_settings(s: dict[str, Any], loc: str = "en") -> str:
    h = s.get("deadline_hours") or 0
    if not h:
        return t("svc.deadline_none", loc)
    return t(
        "svc.deadline_text",
        loc,
        hours=h,
        reminder=s.get("reminder_hours", 0),
        action=s.get("deadline_action", "pass"),
    )


def _unit_prefixes(role: str) -> tuple[str, ...]:
    return tuple({"french": "FR-", "british": "BR-", "prussian": "PR-"}[a] for a in armies_of(role))


def _standing_spec(value: str) -> dict[str, bool]:
    words = {w.strip().lower() for w in value.replace(",", " ").split()}
    if not words or words <= {"off", "none", "cancel"}:
        return {}
    known = {"fire", "square", "hold"}
    bad = words - known - {"on"}
    if bad:
        raise ServiceError("svc.standing_bad", words=sorted(bad))
    return {"fire": "fire" in words, "square": "square" in words, "hold": True}


def _describe_standing(spec: dict[str, bool], loc: str = "en") -> str:
    parts = [
        t(key, loc)
        for key, on in (
            ("svc.standing_fire", spec.get("fire")),
            ("svc.standing_square", spec.get("square")),
            ("svc.standing_hold", True),
        )
        if on
    ]
    return t("svc.standing_sep", loc).join(parts)


def _standing_choice(game: Game, role: str, spec: dict[str, bool]) -> str | None:
    """The next order standing battle orders give, or None when they have nothing (or the player must
    decide: deployments and regroups are real decisions, rules README decision 7)."""
    lg = game.legal(role)
    names = set(lg.orders)
    if "deploy" in names or "regroup" in names:
        return None
    choices = lg.choices
    if spec.get("square"):
        threatened = _threatened_by_cavalry(game, role)
        sq = [
            c
            for c in choices
            if c.startswith("/square") and parse_command(c).options.get("unit") in threatened
        ]
        if sq:
            return sq[0]
    if spec.get("fire"):
        fire = [c for c in choices if c.startswith("/fire")]
        if fire:
            return fire[0]
    if "/end" in choices and (spec.get("fire") or spec.get("square")):
        return "/end"
    return None


def _threatened_by_cavalry(game: Game, role: str) -> set[str]:
    """The role's blocks standing on a spot where enemy cavalry stands too (8.5: squares are formed against
    cavalry engaged with them)."""
    v = game.view(role, events=False)
    mine = armies_of(role)
    out: set[str] = set()
    for b in v.battles:
        for s in getattr(b, "sides", ()):
            for col in (s.left, s.center, s.right):
                if any(x.army not in mine and x.type == "cavalry" for x in col):
                    out |= {x.id for x in col if x.army in mine and x.id}
    return out
