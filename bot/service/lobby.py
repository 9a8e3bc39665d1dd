"""``/game``: new, join, leave, options, start, spectate, abort, export, import, and the readers (status,
map, log). Every change goes through ``Games.change`` (under the game's lock, the row read inside it);
the readers take no lock and write nothing."""

from __future__ import annotations

import asyncio
import math
import secrets
from collections.abc import Callable, Mapping
from typing import Any

from engine import RuleError, modules
from engine.messages import rule_error
from engine.module import AnyModule, GameObject, OptionSpec, OptionValue, parse_values
from engine.script import ScriptError, run_lines

from ..i18n import CATALOGS, join, t
from ..narrate import TEXT, describe
from ..outbox import DM, Post, Reply, Result
from ..storage import GameRow, GameSettings
from ..verify import annotate, commitment, live_seed, sealed_commitment
from .broadcast import board_picture, broadcast, status_text
from .clock import PACES, said
from .common import (
    MAX_DEADLINE_HOURS,
    NEW_GAME_DEADLINE_HOURS,
    NEW_GAME_REMINDER_HOURS,
    Caller,
    Hub,
    ServiceError,
    is_admin,
    language,
    module_of,
    need_admin,
    need_game,
    need_open,
    options_of,
    roles_of,
    shown,
)
from .core import Change, Games
from .notes import export_lines

MAX_IMPORT_BYTES = 256 * 1024  # a whole long campaign is about 40 KB of script
MAX_IMPORT_LINES = 20_000
SEALED_SHOWN = 10  # /game log: the most commitments to sealed choices it lists
LOG_LAST = (1, 100)  # /game log last: the fewest and most lines (the Discord command's range too)


def parse_options(text: str, game: str | None = None) -> Any:
    """``setup=historical players=3 ruleset=3rd command_control=on``, read by the game module ``game``
    (the default one when None): its options object, or a RuleError naming what is wrong."""
    return modules.get(game).parse_options(text)


def read_options(module: AnyModule, values: Mapping[str, OptionValue], text: str = "") -> Any:
    """The game's options object from typed values (a front end's own options, ``/game new players:3``) and
    ``key=value`` text (``options:``), read once, over the defaults: each value checked by its
    ``OptionSpec``; an option the game does not have, or one given both ways, is a RuleError naming what
    would be accepted."""
    specs = {o.name: o for o in module.options}
    read = module.defaults()
    for name, value in values.items():
        spec = specs.get(name)
        if spec is None:
            said = ("on" if value else "off") if isinstance(value, bool) else value
            raise rule_error("options", "options.unknown", item=f"{name}={said}", known=list(specs))
        read[name] = _typed(spec, value)
    written = parse_values(module.options, text, {})  # the text's own items only
    twice = next((k for k in written if k in values), None)
    if twice is not None:  # which one was meant is not for us to guess
        raise rule_error("options", "options.twice", option=twice)
    return module.make_options({**read, **written})


def _typed(spec: OptionSpec, value: OptionValue) -> OptionValue:
    """A typed value of one option, checked as ``OptionSpec.read`` checks its text: a yes/no, a whole number
    within its bounds, one of its choices."""
    if spec.kind == "bool":
        if not isinstance(value, bool):
            raise rule_error("options", "options.on_off", option=spec.name, value=value)
        return value
    if spec.kind == "int":
        if not isinstance(value, int) or isinstance(value, bool):
            raise rule_error("options", "options.whole_number", option=spec.name, value=value)
        if (spec.lo is not None and value < spec.lo) or (spec.hi is not None and value > spec.hi):
            raise rule_error(
                "options", "options.range", option=spec.name, value=value, lo=spec.lo, hi=spec.hi
            )
        return value
    text = str(value).strip()
    if spec.kind == "choice" and text not in spec.choices:
        raise rule_error("options", "options.choice", option=spec.name, value=text, known=list(spec.choices))
    return text


class Lobby:
    def __init__(self, svc: Hub) -> None:
        self.svc = svc
        self.games: Games = svc.games
        self.store = svc.store

    # --- new, join, leave, options ---------------------------------------------------------------------
    async def new_game(
        self,
        caller: Caller,
        options: str = "",
        *,
        deadline_hours: float | None = None,
        deadline_action: str | None = None,
        language: str | None = None,
        game: str | None = None,
        values: Mapping[str, OptionValue] | None = None,
        pace: str | None = None,
        rated: bool = True,
    ) -> Result:
        """``language``: of the channel posts, ``en`` or ``ja`` (default: the host's own); ``game``: the game
        module (``engine/modules.py``; the default one when None); ``values``: options as typed values (a
        front end's own), ``options`` as ``key=value`` text, both read once by the game (``read_options``);
        ``pace``: each seat's time bank (``clock.PACES``) instead of a fixed deadline per step."""
        loc = caller.loc
        try:
            module = modules.get(game)
            opts = read_options(module, values or {}, options)
        except RuleError as e:
            raise ServiceError.of_rule(e) from None
        settings = GameSettings(
            deadline_hours=NEW_GAME_DEADLINE_HOURS,
            reminder_hours=NEW_GAME_REMINDER_HOURS,
            deadline_action="pass",
        )
        if deadline_hours is not None:
            if not (isinstance(deadline_hours, (int, float)) and math.isfinite(deadline_hours)) or not (
                0 <= deadline_hours <= MAX_DEADLINE_HOURS
            ):
                raise ServiceError("svc.deadline_hours", most=MAX_DEADLINE_HOURS)
            settings.deadline_hours = float(deadline_hours)
            settings.reminder_hours = min(settings.reminder_hours, deadline_hours / 4)
        if pace is not None:
            if pace not in PACES:
                raise ServiceError("svc.pace_unknown", value=shown(str(pace)), known=list(PACES))
            if deadline_hours is not None:  # a bank or a fixed deadline: which one was meant is not ours
                raise ServiceError("svc.pace_and_hours")
            settings.pace = pace
            paced = PACES[pace]
            settings.deadline_hours = 0.0
            settings.reminder_hours = paced.reminder_hours if paced else 0.0
        if deadline_action is not None:
            if deadline_action not in ("pass", "bot"):
                raise ServiceError("svc.deadline_action")
            settings.deadline_action = deadline_action
        if language is not None and language not in ("en", "ja"):
            raise ServiceError("svc.language", value=shown(str(language)))
        settings.language = language or loc
        settings.dice_salt = secrets.token_hex(16)  # for the dice commitment (bot/verify.py)
        settings.rated = bool(rated)  # ``rated:no``: the game does not count in the ratings
        await self.svc.seen(caller)

        async def create() -> int:
            return await self.store.create_game(
                caller.guild_id,
                caller.channel_id,
                caller.user_id,
                module.options_dict(opts),
                self.svc.seed_source(),
                settings,
                module=module.id,
            )

        gid = await self.games.create(caller.channel_id, create)
        roles = list(module.roles(opts))
        title = CATALOGS[loc].get(f"title.{module.id}", module.title)  # the game's short name
        text = t(
            "svc.new_game",
            loc,
            game=gid,
            title=title,
            options=describe_options(module, opts, loc),
            roles=roles,
        )
        if settings.pace is not None:
            text += "\n" + describe_pace(settings, loc)
        if not settings.rated:
            text += "\n" + t("svc.new_game_unrated", loc)
        return Result(Reply(text, ephemeral=False))

    async def join(self, caller: Caller, role: str | None = None, *, bot: bool = False) -> Result:
        """Take a seat; ``bot``: seat a bot player (host or Manage Server). After the start, a player may take
        back a seat a bot holds for them (a deadline handed it over), and the host may seat anyone there."""
        live = await self.games.read_channel(caller.channel_id)
        await self.svc.seen(caller)

        async def fn(ch: Change) -> Result:
            row = ch.row
            opts = options_of(row)
            if bot:
                need_admin(row, caller, "add")
            if row.status == "running" and role is not None and row.seats.get(role, (None, False))[1]:
                handed = row.settings.handed
                if handed.get(role) != caller.user_id and not is_admin(row, caller):
                    raise ServiceError("svc.started_no_join")
                ch.seat(role, caller.user_id)
                ch.settings().handed.pop(role, None)
                await self.svc.deadlines.arm(ch, force=True)  # a bank runs again for a seat taken back
                return Result(
                    Reply(t("svc.seat_back", caller.loc, user=caller.user_id, role=role), ephemeral=False)
                )
            if row.status != "lobby":
                raise ServiceError("svc.started_no_join")
            free = [r for r in module_of(row).roles(opts) if r not in row.seats]
            seat = role
            if seat is None:
                if not free:
                    raise ServiceError("svc.seats_full")
                seat = free[0]
            if seat not in module_of(row).roles(opts):
                raise ServiceError(
                    "svc.no_such_seat", role=shown(seat), seats=list(module_of(row).roles(opts))
                )
            if seat in row.seats:
                raise ServiceError("svc.seat_taken", role=seat, holder=row.seats[seat][0])
            left = [r for r in free if r != seat]
            if bot:
                ch.seat(seat, None, is_bot=True)
                return Result(Reply(t("svc.bot_joins", caller.loc, role=seat, free=left), ephemeral=False))
            ch.seat(seat, caller.user_id)
            key = "svc.joined_free" if left else "svc.joined_full"
            return Result(
                Reply(t(key, caller.loc, user=caller.user_id, role=seat, free=left), ephemeral=False)
            )

        res = await self.games.change(live.id, fn)
        self.svc.play.schedule(live.id)  # a seat taken back from a bot, or a bot seated: who plays now
        return res

    async def leave(self, caller: Caller) -> Result:
        live = await self.games.read_channel(caller.channel_id)

        async def fn(ch: Change) -> Result:
            roles = roles_of(ch.row, caller.user_id)
            if not roles:
                raise ServiceError("svc.no_seat")
            if ch.row.status != "lobby":
                raise ServiceError("svc.started_no_leave")
            for r in roles:
                ch.unseat(r)
            return Result(Reply(t("svc.left", caller.loc, user=caller.user_id, roles=roles), ephemeral=False))

        return await self.games.change(live.id, fn)

    async def set_options(self, caller: Caller, options: str) -> Result:
        live = await self.games.read_channel(caller.channel_id)
        loc = caller.loc
        if not options.strip():
            shown_opts = describe_options(module_of(live.row), options_of(live.row), loc)
            settings = describe_settings(live.row.settings, loc)
            return Result(Reply(t("svc.options_show", loc, options=shown_opts, settings=settings)))

        async def fn(ch: Change) -> Result:
            need_admin(ch.row, caller, "options")
            if ch.row.status != "lobby":
                raise ServiceError("svc.options_fixed")
            module = module_of(ch.row)
            try:
                opts = module.parse_options(options, {**module.defaults(), **ch.row.options})
            except RuleError as e:
                raise ServiceError.of_rule(e) from None
            for r in list(ch.row.seats):
                if r not in module.roles(opts):
                    ch.unseat(r)
            ch.set_options(module.options_dict(opts))
            return Result(
                Reply(t("svc.options_set", loc, options=describe_options(module, opts, loc)), ephemeral=False)
            )

        return await self.games.change(live.id, fn)

    # --- start --------------------------------------------------------------------------------------------
    async def start(self, caller: Caller) -> Result:
        live = await self.games.read_channel(caller.channel_id)

        async def fn(ch: Change) -> Result:
            row = ch.row
            need_admin(row, caller, "start")
            if row.status != "lobby":
                raise ServiceError("svc.already_started")
            opts = options_of(row)
            empty = [r for r in module_of(row).roles(opts) if r not in row.seats]
            if empty:
                raise ServiceError("svc.seats_empty", roles=empty)
            imported = await self.store.import_lines(row.id) or row.settings.base
            game = await self.games.replay(row) if imported else module_of(row).new_game(opts, row.seed)
            ch.set_game(game)
            ch.set_status("running")
            await self.svc.deadlines.arm(ch)
            broadcast(ch, game.events, everyone=True)
            s = ch.settings()
            if s.dice_salt is None:
                s.dice_salt = secrets.token_hex(16)
            salt = s.dice_salt
            lines = [f"@seed {row.seed}", *(imported or [])]
            promise = commitment(row.id, live_seed(lines), salt)
            ch.send(Post(row.channel_id, t("svc.dice_commitment", language(row), game=row.id, hash=promise)))
            text = t("svc.begins", caller.loc, options=describe_options(module_of(row), opts, caller.loc))
            return Result(Reply(text, ephemeral=False), list(ch.outbox))

        res = await self.games.change(live.id, fn)
        self.svc.play.schedule(live.id)
        return res

    # --- readers ----------------------------------------------------------------------------------------
    async def status(self, caller: Caller, role: str | None = None) -> Result:
        """Turn, phase, whose move, and the public map (``role``: one of the caller's seats, whose private
        map comes with it)."""
        live = await self.games.read_channel(caller.channel_id, finished=True)
        await self.svc.seen(caller)
        loc = caller.loc
        row = live.row
        if row.status == "lobby" or live.game is None:
            opts = options_of(row)
            seats = join(
                (
                    t("svc.seat_held", loc, role=r, user=row.seats[r][0])
                    if r in row.seats
                    else t("svc.seat_free", loc, role=r)
                    for r in module_of(row).roles(opts)
                ),
                loc,
            )
            text = t(
                "svc.status_lobby",
                loc,
                game=row.id,
                options=describe_options(module_of(row), opts, loc),
                seats=seats,
            )
            return Result(Reply(text))
        seq = self.svc.moment(live)
        seat = seat_of(row, live.game, caller, role) if role else "public"
        text = status_text(row, live.game, loc)
        if row.settings.pace is not None and row.status == "running":
            text += "\n" + await self.svc.deadlines.banks_now(row, loc)
        return Result(Reply(text, pictures=[board_picture(row, seq, seat, loc)]))

    async def map(self, caller: Caller, role: str | None = None) -> Result:
        """The caller's private map (``role``: which of their seats; default the one that must act)."""
        live = await self.games.read_channel(caller.channel_id, finished=True)
        game = need_game(live.row, live.game)
        await self.svc.seen(caller)
        role = seat_of(live.row, game, caller, role)
        seq = self.svc.moment(live)
        return Result(
            Reply(
                t("svc.map", caller.loc, role=role), pictures=[board_picture(live.row, seq, role, caller.loc)]
            )
        )

    async def log_text(self, caller: Caller, last: int = 25, role: str | None = None) -> Result:
        if not LOG_LAST[0] <= last <= LOG_LAST[1]:
            # a slice by 0 or a negative number would show the whole log or all but its first lines
            raise ServiceError("svc.log_last", value=last, lo=LOG_LAST[0], hi=LOG_LAST[1])
        live = await self.games.read_channel(caller.channel_id, finished=True)
        game = need_game(live.row, live.game)
        await self.svc.seen(caller)
        role = seat_of(live.row, game, caller, role)
        module = module_of(live.row)
        lines = [
            x for x in (describe(e, caller.loc, game.options, module) for e in game.view(role).events) if x
        ]
        lines = lines[-last:] + await self.sealed_lines(live.row, caller.loc, min(last, SEALED_SHOWN))
        return Result(Reply("\n".join(lines) or t("svc.log_empty", caller.loc)))

    async def sealed_lines(self, row: GameRow, loc: str, last: int) -> list[str]:
        """The commitments to the game's last sealed choices, as posted when each was made (each a function of
        its stored order and the game's salt, so the same after a restart), and whether they can be checked
        yet: the salt is revealed when the game ends."""
        salt, first = row.settings.dice_salt, row.settings.sealed_from
        module = module_of(row)
        if not salt or first is None:  # no sealed choice committed (yet)
            return []
        made = [
            (o.seq, o.role, sealed_commitment(row.id, o.seq, o.role, o.text, salt))
            for o in await self.store.orders(row.id, after=first - 1)
            if not o.text.startswith("@") and module.sealed(o.text)
        ]
        if not made:
            return []
        said = [t("svc.log_sealed_line", loc, order=n, role=r, hash=h) for n, r, h in made[-last:]]
        end = "svc.log_sealed_open" if row.status == "over" else "svc.log_sealed_closed"
        return [t("svc.log_sealed", loc, n=len(made)), *said, t(end, loc)]

    # --- spectators, abort, export, import ------------------------------------------------------------
    async def spectate(self, caller: Caller, channel_id: int, stop: bool = False) -> Result:
        live = await self.games.read_channel(caller.channel_id)

        async def fn(ch: Change) -> Result:
            row = ch.row
            need_open(row)
            need_admin(row, caller, "spectate")
            if channel_id == row.channel_id:
                raise ServiceError("svc.spectate_self")
            if stop:
                ch.set_spectators([c for c in row.spectators if c != channel_id])
                return Result(Reply(t("svc.spectate_stop", caller.loc, channel=channel_id), ephemeral=False))
            ch.set_spectators([*row.spectators, channel_id])
            if ch.game is not None:
                lang = language(row)
                seq = ch.moment()
                ch.send(
                    Post(
                        channel_id,
                        t("svc.following", lang, game=row.id, status=status_text(row, ch.game, lang)),
                        [board_picture(row, seq, "public", lang)],
                    )
                )
            return Result(
                Reply(t("svc.spectate", caller.loc, channel=channel_id), ephemeral=False), list(ch.outbox)
            )

        return await self.games.change(live.id, fn)

    async def abort(self, caller: Caller) -> Result:
        """Abort the game. Its script holds every secret and the dice seed, so it goes to every seated
        player at once, and the channel is told: nobody knows more than the others."""
        live = await self.games.read_channel(caller.channel_id)

        async def fn(ch: Change) -> Result:
            need_open(ch.row)
            need_admin(ch.row, caller, "abort")
            started = ch.row.status != "lobby"
            ch.set_status("aborted")
            if started:
                await self._send_script(ch, "svc.aborted_script")
            return Result(
                Reply(t("svc.aborted", caller.loc, game=ch.row.id, user=caller.user_id), ephemeral=False),
                list(ch.outbox),
            )

        return await self.games.change(live.id, fn)

    async def script_text(self, row: GameRow) -> str:
        """The game's script, with its dice commitment and, after each order, the dice it rolled and, after
        each sealed choice, its commitment."""
        head, orders = await self.games.script_parts(row)
        lines = head + orders
        salt = row.settings.dice_salt
        if not salt:  # a game from before dice commitments
            return "\n".join(lines) + "\n"
        first = row.settings.sealed_from
        return await asyncio.to_thread(annotate, lines, row.id, salt, len(head), first)

    async def _send_script(self, ch: Change, key: str) -> None:
        """The game's script to every seated player at once, and a word in the channel."""
        row = ch.row
        text = await self.script_text(row)
        name = f"estafette-game-{row.id}.txt"
        players = sorted({u for u, is_bot in row.seats.values() if u is not None and not is_bot})
        for user in players:
            ch.send(
                DM(
                    user,
                    t("svc.script_dm", ch.locale_of(user), game=row.id),
                    fallback_channel=row.channel_id,
                    game_id=row.id,
                    file=(name, text),
                )
            )
        ch.send(
            Post(row.channel_id, t(key, language(row), game=row.id, players=[f"<@{u}>" for u in players]))
        )

    async def export(self, caller: Caller) -> Result:
        """The game as a script. A finished game's is public. An aborted or suspended game's holds every
        secret (deployments, hidden faces, the dice seed): the host may send it to every seated player at
        once, never to one alone. A running game's is refused."""
        live = await self.games.read_channel(caller.channel_id, finished=True)
        row = live.row
        # a running game whose every seat is the caller's (the console's): nobody else can learn its secrets
        # (a bot's seat is another side: its hidden blocks stay hidden)
        alone = bool(row.seats) and all(not bot and u == caller.user_id for u, bot in row.seats.values())
        if row.status == "over" or (row.status == "running" and alone):
            text = await self.script_text(row) + await export_lines(self.store, row.id, caller.user_id)
            return Result(
                Reply(
                    t("svc.export", caller.loc, game=row.id),
                    file=(f"estafette-game-{row.id}.txt", text.encode()),
                )
            )
        if row.status not in ("aborted", "suspended"):
            raise ServiceError("svc.export_running")
        need_admin(row, caller, "export")

        async def fn(ch: Change) -> Result:
            await self._send_script(ch, "svc.export_sent")
            return Result(Reply(t("svc.export_to_all", caller.loc, game=ch.row.id)), list(ch.outbox))

        return await self.games.change(row.id, fn)

    async def check_import(self, caller: Caller, size: int | None = None) -> None:
        """Refuse an import before anything is downloaded: not the host, not a lobby, or too large."""
        live = await self.games.read_channel(caller.channel_id)
        need_admin(live.row, caller, "import")
        if live.row.status != "lobby":
            raise ServiceError("svc.import_started")
        if size is not None and size > MAX_IMPORT_BYTES:
            raise ServiceError("svc.import_too_big", size=size, most=MAX_IMPORT_BYTES)

    async def import_script(self, caller: Caller, text: str, *, keep_dice: bool = False) -> Result:
        """Start this channel's game from a script (a club's own scenario, or an exported game). The channel
        is told what the script fixes; forced dice it leaves queued are dropped unless the host keeps them,
        openly (nobody knows more than the others); seats the script's options do not have are freed."""
        await self.check_import(caller, len(text.encode()))
        lines = text.splitlines()
        if len(lines) > MAX_IMPORT_LINES:
            raise ServiceError("svc.import_too_long", lines=len(lines), most=MAX_IMPORT_LINES)
        try:
            out = await asyncio.to_thread(run_lines, lines)  # pure work, off the event loop
        except ScriptError as e:
            raise ServiceError("svc.script_unreadable", error=shown(str(e))) from None
        if not out.ok or out.game is None:
            bad = next((r for r in out.results if not r["ok"]), None)
            raise ServiceError("svc.script_bad", line=bad["line"] if bad else "?")
        game = out.game
        module = modules.get(out.module)
        leftover = module.forced_dice(game)
        if leftover and not keep_dice:
            module.clear_dice(game)
        # the script's @seed was chosen by whoever wrote it: from here on the dice come from a secret seed
        module.reseed(game, self.svc.seed_source())
        fixes = _what_it_fixes(game.log, leftover if keep_dice else [], len(leftover) if not keep_dice else 0)
        live = await self.games.read_channel(caller.channel_id)

        async def fn(ch: Change) -> Result:
            row = ch.row
            need_admin(row, caller, "import")
            if row.status != "lobby":
                raise ServiceError("svc.import_started")
            if module_of(row).id != module.id:
                raise ServiceError("svc.import_other_game", game=module_of(row).id, other=module.id)
            ch.set_options(module.options_dict(game.options))
            for r in list(row.seats):
                if r not in module.roles(game.options):
                    ch.unseat(r)
            # the imported lines and seed are part of the game: replays (start-up check, export) start there
            ch.import_lines = list(game.log)
            ch.settings().seed = seed_of(game.script(), row.seed)
            ch.settings().base = None
            lang = language(row)
            ch.send(Post(row.channel_id, t("svc.import_fixes", lang, user=caller.user_id, fixes=fixes(lang))))
            text = t(
                "svc.imported",
                caller.loc,
                options=describe_options(module_of(row), game.options, caller.loc),
                turn=module.epoch(game),
                roles=list(module_of(row).roles(game.options)),
            )
            return Result(Reply(text, ephemeral=False), list(ch.outbox))

        return await self.games.change(live.id, fn)


def seed_of(script: str, default: int) -> int:
    """The seed a game's script names (``@seed N``)."""
    for line in script.splitlines():
        if line.startswith("@seed "):
            return int(line.split()[1])
    return default


def seat_of(row: GameRow, game: GameObject, caller: Caller, role: str | None) -> str:
    """The seat whose eyes a reader looks through: the one asked for (which the caller must hold), else the
    caller's seat that must act now, else their first seat, else the public's."""
    mine = roles_of(row, caller.user_id)
    if role is not None:
        if role == "public":
            return role
        if role not in mine:
            raise ServiceError("svc.not_your_seat", role=shown(role))
        return role
    acting = [r for r in mine if r in game.active()]
    return (acting or mine or ["public"])[0]


def _what_it_fixes(log: list[str], kept: list[int], dropped: int) -> Callable[[str], str]:
    """What an imported script fixes, said in a language: orders, directives, forced dice kept or dropped."""
    orders = sum(1 for line in log if not line.startswith("@"))
    places = sum(1 for line in log if line.startswith("@place"))
    dice = sum(len(line.split()) - 1 for line in log if line.startswith("@dice") and line != "@dice clear")
    turns = [line.split()[1] for line in log if line.startswith("@turn")]
    prefs = sum(1 for line in log if line.startswith("@prefer"))

    def say(loc: str) -> str:
        parts = [t("svc.fix_orders", loc, n=orders)]
        if places:
            parts.append(t("svc.fix_places", loc, n=places))
        if turns:
            parts.append(t("svc.fix_turn", loc, turn=turns[-1]))
        if prefs:
            parts.append(t("svc.fix_prefs", loc, n=prefs))
        if dice:
            parts.append(t("svc.fix_dice", loc, n=dice))
        if kept:
            parts.append(t("svc.fix_dice_kept", loc, dice=" ".join(str(d) for d in kept)))
        elif dropped:
            parts.append(t("svc.fix_dice_dropped", loc, n=dropped))
        return join(parts, loc)

    return say


def describe_options(module: AnyModule, options: Any, loc: str = "en") -> str:
    """A game's options in words, as its module says them."""
    return module.describe_options(options, loc, TEXT)


def describe_settings(s: GameSettings, loc: str = "en") -> str:
    if s.pace is not None:
        return describe_pace(s, loc)
    h = s.deadline_hours
    if not h:
        return t("svc.deadline_none", loc)
    return t(
        "svc.deadline_text",
        loc,
        hours=h,
        reminder=s.reminder_hours,
        action=s.deadline_action,
    )


def describe_pace(s: GameSettings, loc: str = "en") -> str:
    """A game's pace in words: each seat's bank, its bonus and cap, and what happens at zero."""
    pace = PACES.get(s.pace or "")
    if pace is None:
        return t("svc.pace_none", loc)
    return t(
        "svc.pace_text",
        loc,
        pace=pace.name,
        start=said(pace.start),
        bonus=said(pace.bonus),
        cap=said(pace.cap),
        action=s.deadline_action,
    )
