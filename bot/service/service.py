"""The application service: games bound to channels, seats, permissions, deadlines, standing preferences.

It imports nothing of discord: the Discord cogs and the console are two adapters over it
(docs/architecture.md). Every call takes a ``Caller`` (who, where) and returns a ``Result``: the reply to the
caller, and the
messages its change stored in the outbox (``bot.delivery`` sends them; the front end does not). Its parts:
``core`` (the one path for every change), ``lobby`` (/game), ``play`` (orders, bots, standing orders),
``drafts`` (the prompts of sealed choices made by a form), ``deadlines`` and ``broadcast`` (what every
change sends).
"""

from __future__ import annotations

import asyncio
import logging
import math
import secrets
import time
import zlib
from collections.abc import Awaitable, Callable, Coroutine, Iterable
from typing import Any

from engine.module import GameObject, SealedChoice
from engine.orders import Choice
from engine.script import ScriptError
from engine.text import Command

from ..delivery import KEEP, Outbox, Outcome
from ..i18n import t
from ..outbox import Message, Picture, Reply, Result
from ..pictures import Pictures
from ..storage import BadRow, OutboxRow, StoreBase
from .archive import Archive, Shown
from .broadcast import board_picture, pictures_of
from .common import Caller, Live, ServiceError, module_of, need_game, options_of, roles_of
from .core import Change, Games, canonical
from .deadlines import Deadlines
from .drafts import Drafts
from .handover import Handover
from .leagues import Leagues
from .lobby import Lobby
from .notes import Notes
from .play import Play
from .prompts import prompt
from .records import Records
from .rematch import Rematch
from .vacation import DAYS_A_YEAR, Vacations

log = logging.getLogger("estafette.service")
# seconds between the tries of a start-up check that the database interrupted (connection lost, read-only, a
# timeout); after the last, the game is checked again when it is next used
CHECK_RETRIES = (0.2, 1.0, 3.0)


class Service:
    def __init__(
        self,
        store: StoreBase,
        *,
        pictures: Pictures | None = None,
        clock: Callable[[], float] = time.time,
        seed_source: Callable[[], int] | None = None,
        vacation_days: int = DAYS_A_YEAR,
    ) -> None:
        self.store = store
        self.vacation_days = vacation_days  # a player's vacation days a year (the club's setting)
        self.pictures = pictures or Pictures()
        self.clock = clock
        # the dice seed: nobody chooses it, nobody sees it while the game runs (bot/verify.py)
        self.seed_source = seed_source or (lambda: secrets.randbelow(2**62))
        self.games = Games(store)
        self.problems: list[str] = []  # games that failed their start-up check
        self.lobby = Lobby(self)
        self.play = Play(self)
        self.drafts = Drafts(self)
        self.deadlines = Deadlines(self)
        self.vacations = Vacations(self)
        self.records = Records(self)
        self.handovers = Handover(self)
        self.notes = Notes(self)
        self.rematches = Rematch(self, self.lobby)
        self.leagues = Leagues(self, self.lobby)
        self.archive = Archive(self)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._seen: dict[int, str] = {}
        self._unchecked: set[int] = set()  # running games from before this process, not yet checked
        self._checking: dict[int, asyncio.Future[None]] = {}
        self._checker: asyncio.Task[None] | None = None  # the background start-up checks
        # start-up checks replay each game from its first order (``check_all(full=True)``), not only from
        # the snapshot before its latest one
        self.full_checks = False
        self.check_retries: tuple[float, ...] = CHECK_RETRIES

    # --- the front ends' calls ----------------------------------------------------------------------------
    async def new_game(self, caller: Caller, options: str = "", **kw: Any) -> Result:
        return await self.lobby.new_game(caller, options, **kw)

    async def join(self, caller: Caller, role: str | None = None, *, bot: bool = False) -> Result:
        return await self.lobby.join(caller, role, bot=bot)

    async def leave(self, caller: Caller) -> Result:
        return await self.lobby.leave(caller)

    async def start(self, caller: Caller) -> Result:
        return await self.lobby.start(caller)

    async def status(self, caller: Caller, role: str | None = None) -> Result:
        return await self.lobby.status(caller, role)

    async def map(self, caller: Caller, role: str | None = None) -> Result:
        return await self.lobby.map(caller, role)

    async def log_text(self, caller: Caller, last: int = 25, role: str | None = None) -> Result:
        return await self.lobby.log_text(caller, last, role)

    async def set_options(self, caller: Caller, options: str) -> Result:
        return await self.lobby.set_options(caller, options)

    async def spectate(self, caller: Caller, channel_id: int, stop: bool = False) -> Result:
        return await self.lobby.spectate(caller, channel_id, stop)

    async def abort(self, caller: Caller) -> Result:
        return await self.lobby.abort(caller)

    async def export(self, caller: Caller) -> Result:
        return await self.lobby.export(caller)

    async def export_html(self, caller: Caller) -> Result:
        """``/game export format:html``: a finished game as one self-contained web page (archive.py)."""
        return Result(await self.archive.html(caller))

    async def archive_show(self, caller: Caller, at: int | None = None) -> Shown:
        """``/game archive``: a finished game's public picture after order ``at``, for stepping through."""
        await self.seen(caller)
        return await self.archive.show(caller, at)

    async def archive_step(self, game_id: int, at: int, of: int, locale: str) -> Shown:
        """An archive button: game ``game_id`` after order ``at`` (``of``: its orders when the button was
        made; out of date: refused)."""
        return await self.archive.step(game_id, at, of, locale)

    async def check_import(self, caller: Caller, size: int | None = None) -> None:
        await self.lobby.check_import(caller, size)

    async def import_script(self, caller: Caller, text: str, *, keep_dice: bool = False) -> Result:
        return await self.lobby.import_script(caller, text, keep_dice=keep_dice)

    async def prefer(self, caller: Caller, key: str, value: str, role: str | None = None) -> Result:
        return await self.play.prefer(caller, key, value, role)

    async def order(
        self, caller: Caller, text: str | Command, interaction_id: str | None = None, role: str | None = None
    ) -> Result:
        """``text``: the order's line, or its name and typed options (a slash command's)."""
        return await self.play.order(caller, text, interaction_id, role)

    async def vacation_start(self, caller: Caller, days: int, start: str | None = None) -> Result:
        return await self.vacations.start(caller, days, start)

    async def vacation_end(self, caller: Caller) -> Result:
        return await self.vacations.end(caller)

    async def vacation_show(self, caller: Caller) -> Result:
        return await self.vacations.show(caller)

    async def handover(
        self, caller: Caller, choice: str, role: str | None = None, substitute: int | None = None
    ) -> Result:
        return await self.handovers.vote(caller, choice, role, substitute)

    async def note(
        self, caller: Caller, text: str | None = None, game_id: int | None = None, clear: bool = False
    ) -> Result:
        return await self.notes.note(caller, text, game_id, clear)

    async def rematch(self, caller: Caller, game_id: int) -> Result:
        """A press of the rematch button under finished game ``game_id``'s result."""
        return await self.rematches.press(caller, game_id)

    async def your_orders(self, caller: Caller) -> Result:
        """The caller's prompt in the channel's game (the card's Orders button): what each of their seats
        the game waits for is asked, as their DM asks it."""
        live = await self.games.read_channel(caller.channel_id, finished=True)
        game = need_game(live.row, live.game)
        await self.seen(caller)
        mine = roles_of(live.row, caller.user_id)
        if not mine:
            raise ServiceError("svc.no_seat")
        module = module_of(live.row)
        waiting = [r for r in game.active() if r in mine] if not game.over else []
        if not waiting:
            return Result(Reply(t("svc.card_no_orders", caller.loc, roles=mine)))
        return Result(Reply("\n\n".join(prompt(game, r, caller.loc, module) for r in waiting)))

    async def next_game(self, caller: Caller) -> Result:
        """``/next``: the game where the caller's move runs out soonest: a seat's bank at zero (a game with a
        pace) or the game's fixed deadline; a move with no deadline comes after every one that has one."""
        from ..i18n import t
        from ..outbox import Reply

        best: tuple[float, int, int, list[str]] | None = None
        for gid in await self.store.games_of_user(caller.user_id):
            try:
                live = await self.games.read(gid)
            except Exception:
                continue
            if live is None or live.row.status != "running" or live.game is None or live.game.over:
                continue
            mine = [r for r in roles_of(live.row, caller.user_id) if r in live.game.active()]
            if not mine:
                continue
            if live.row.settings.pace is not None:
                due = (await self.deadlines._late(live.row))[1]
                at = min((due[r] for r in mine if r in due), default=math.inf)
            else:
                at = live.row.settings.due_at or math.inf
            if best is None or (at, gid) < best[:2]:
                best = (at, gid, live.row.channel_id, mine)
        if best is None:
            return Result(Reply(t("svc.next_none", caller.loc)))
        at, gid, channel, mine = best
        when = t("svc.deadline_when", caller.loc, due=int(at)) if at != math.inf else ""
        return Result(Reply(t("svc.next_game", caller.loc, game=gid, channel=channel, roles=mine, when=when)))

    async def tick(self) -> list[Message]:
        return await self.deadlines.tick()

    async def ratings(
        self, caller: Caller, game: str | None = None, name_of: Callable[[int], str] | None = None
    ) -> Result:
        """``/ratings game:``: the server's ratings of one game, a picture (names by ``name_of``) and text."""
        return await self.records.ratings(caller, game, name_of)

    async def profile(self, caller: Caller, user_id: int | None = None) -> Result:
        """``/profile user:``: a player's record on this server (the caller's own by default)."""
        return await self.records.profile(caller, user_id)

    async def verify(self, caller: Caller, size: int, read: Callable[[], Awaitable[bytes]]) -> Result:
        """``/game verify``: check an exported game's dice commitment and every die. The size is checked
        before anything is downloaded."""
        from ..i18n import t
        from ..outbox import Reply
        from ..verify import verify
        from .common import ServiceError
        from .lobby import MAX_IMPORT_BYTES

        if size > MAX_IMPORT_BYTES:
            raise ServiceError("svc.import_too_big", size=size, most=MAX_IMPORT_BYTES)
        text = (await read()).decode("utf-8", errors="replace")
        verdict = await asyncio.to_thread(verify, text)
        key = "svc.verified" if verdict.ok else "svc.not_verified"
        return Result(Reply(t(key, caller.loc) + "\n" + "\n".join(verdict.lines)))

    async def my_games(self, caller: Caller) -> Result:
        """``/mygames``: every open game the caller sits in, across servers: where, whose move, deadline."""
        from ..i18n import t
        from ..outbox import Reply
        from .broadcast import status_text

        lines = []
        for gid in await self.store.games_of_user(caller.user_id):
            try:
                live = await self.games.read(gid)
            except Exception:
                continue
            if live is None or live.row.status not in ("lobby", "running"):
                continue
            row, game = live.row, live.game
            seats = roles_of(row, caller.user_id)
            if row.status == "lobby" or game is None:
                lines.append(
                    t("svc.mygames_lobby", caller.loc, game=gid, channel=row.channel_id, roles=seats)
                )
                continue
            mine = [r for r in seats if r in game.active()]
            due = row.settings.due_at
            when = t("svc.deadline_when", caller.loc, due=int(due)) if due and game.active() else ""
            key = "svc.mygames_yours" if mine else "svc.mygames_theirs"
            lines.append(
                t(key, caller.loc, game=gid, channel=row.channel_id, roles=mine or seats, when=when)
                + " "
                + status_text(live.row, game, caller.loc)
            )
        return Result(Reply("\n".join(lines) or t("svc.mygames_none", caller.loc)))

    async def suggestions(
        self, caller: Caller, order: str, option: str, current: str, given: dict[str, str] | None = None
    ) -> list[str]:
        """Autocomplete: only what is legal now for the caller's seats (empty if nothing is)."""
        from ..suggest import suggest

        gid = await self.store.game_id_in_channel(caller.channel_id)
        if gid is None:
            return []
        live = await self.games.read(gid)
        if live is None or live.game is None or live.row.status != "running":
            return []
        roles = roles_of(live.row, caller.user_id)
        return suggest(live.game, roles, order, option, current, given, module_of(live.row))

    # --- reading a game, for the front ends -------------------------------------------------------------
    async def has_game(self, channel_id: int) -> bool:
        """Whether a channel has an open game."""
        return await self.store.game_id_in_channel(channel_id) is not None

    async def current(self, channel_id: int, *, finished: bool = False) -> Live:
        """The channel's game as last committed (``finished``: its last game, over or not); ServiceError
        when it has none."""
        return await self.games.read_channel(channel_id, finished=finished)

    @staticmethod
    def seats(live: Live) -> tuple[str, ...]:
        """The seats of a game (its module's, for its options)."""
        return tuple(module_of(live.row).roles(options_of(live.row)))

    @staticmethod
    def ranked(live: Live, choices: Iterable[Choice]) -> list[str]:
        """Legal choices in the order its module shows them (what matters first), as text."""
        return [str(c) for c in module_of(live.row).ranked(list(choices))]

    def pictures_now(self, live: Live, locale: str) -> list[Picture]:
        """Every picture of the game as it is now, the public's and each seat's (the console keeps them all
        current)."""
        if live.game is None:
            return []
        seq = self.moment(live)
        out = [board_picture(live.row, seq, "public", locale)]
        for role in self.seats(live):
            out += pictures_of(live.row, seq, live.game, role, None, locale)
        return out

    def outbox(
        self,
        deliver: Callable[[OutboxRow], Awaitable[Outcome]],
        prepare: Callable[[OutboxRow], Awaitable[None]] | None = None,
    ) -> Outbox:
        """A front end's outbox: what the service stores to send, sent through ``deliver`` (``prepare``
        draws an item's pictures ahead), woken by every change stored."""
        box = Outbox(self.store, deliver, clock=self.clock, prepare=prepare)
        if prepare is not None:  # a change's posts' pictures drawn from its commit on (Pictures.ahead)
            self.games.on_stored.append(lambda ch: self.pictures.ahead(ch.outbox, ch.moments, ch.module))
        self.games.on_commit.append(box.kick)
        self.leagues.wake.append(box.kick)
        box.housekeeping = lambda: self.games.housekeeping(self.clock(), KEEP)
        return box

    # --- a player's DMs, for the front end that sends them -----------------------------------------------
    async def dms_closed_since(self, user_id: int) -> float | None:
        """When a player's DMs were found closed (None: open, as far as anyone knows)."""
        return await self.store.dms_closed_since(user_id)

    async def set_dms_closed(self, user_id: int, since: float | None) -> None:
        await self.store.set_dms_closed(user_id, since)

    async def refused_dms(self, user_id: int) -> list[OutboxRow]:
        """The DMs to a player still waiting because DMs were refused (closed, or tried and refused)."""
        closed = await self.store.dms_closed_since(user_id) is not None
        waiting = await self.store.outbox_pending(kind="dm", target=user_id)
        return [r for r in waiting if closed or r.attempts > 0]

    async def handed_over(self, item_id: int, how: str) -> None:
        """An outbox item given to its player another way (an ephemeral reply): done."""
        await self.store.outbox_done(item_id, how)

    # --- pictures' workers ---------------------------------------------------------------------------------
    def start_pictures(self) -> None:
        self.pictures.start()

    def close_pictures(self) -> None:
        self.pictures.close()

    @property
    def pictures_kept(self) -> int:
        """How many drawn pictures are kept for reuse (0: none, and none drawn ahead of their message)."""
        return int(self.pictures.keep)

    # --- a sealed choice made by a form (``SealedChoice``), and the lists of picks ----------------
    def draft_prompt(
        self, live: Live, role: str, place: str
    ) -> tuple[int, SealedChoice, dict[str, str]] | None:
        """What a form's prompt shows now: its epoch, the form and the draft so far (None: not awaited)."""
        return self.drafts.prompt(live.row, live.game, role, place)

    def draft_text(self, live: Live, role: str, place: str, locale: str = "en") -> str:
        return self.drafts.text(live.row, live.game, role, place, locale)

    async def draft_current(
        self, game_id: int, user_id: int, epoch: int, place: str, seat: str | None = None
    ) -> tuple[str, int, SealedChoice, dict[str, str]]:
        """The prompt as it stands: role, epoch, form, draft (ServiceError when it is out of date). ``seat``:
        which of the user's seats, when it holds several (the console)."""
        return await self.drafts.current(game_id, user_id, epoch, place, seat)

    async def draft_assign(
        self,
        game_id: int,
        user_id: int,
        epoch: int,
        place: str,
        pieces: list[str] | None,
        column: str | None,
        locale: str = "en",
        seat: str | None = None,
    ) -> str:
        return await self.drafts.assign(game_id, user_id, epoch, place, pieces, column, locale, seat)

    async def draft_confirm(
        self,
        game_id: int,
        user_id: int,
        epoch: int,
        place: str,
        interaction_id: str | None,
        locale: str = "en",
        seat: str | None = None,
    ) -> Result:
        return await self.drafts.confirm(game_id, user_id, epoch, place, interaction_id, locale, seat)

    async def pick(
        self,
        game_id: int,
        user_id: int,
        shown: str,
        text: str,
        interaction_id: str | None,
        locale: str = "en",
    ) -> Result:
        """An order picked from a private prompt's list (``Module.interactions``; refused once stale)."""
        return await self.play.pick(game_id, user_id, shown, text, interaction_id, locale)

    async def game_at(self, game_id: int, seq: int) -> GameObject:
        """The engine game as it was after order ``seq`` (for a picture of that moment)."""
        return await self.games.game_at(game_id, seq)

    @property
    def live(self) -> dict[int, Live]:
        """The loaded games as last committed (read-only for everybody but ``Games``)."""
        return self.games.cache

    async def game(self, game_id: int) -> Live | None:
        return await self.games.read(game_id)

    async def roles(self, game_id: int, user_id: int) -> list[str]:
        live = await self.games.read(game_id)
        return roles_of(live.row, user_id) if live else []

    async def channel_game_id(self, channel_id: int) -> int | None:
        return await self.store.game_id_in_channel(channel_id, finished=True)

    def game_locale(self, game_id: int) -> str:
        from .common import language

        live = self.games.cache.get(game_id)
        return language(live.row) if live is not None else "en"

    async def player_locale(self, game_id: int, user_id: int) -> str:
        from .common import language

        seen = self._seen.get(user_id) or await self.store.user_locale(user_id)
        if seen:
            return seen
        live = await self.games.read(game_id)
        return language(live.row) if live else "en"

    async def seen(self, caller: Caller) -> None:
        """Remember the caller's language (a property of the player, not of a game: it writes no game).
        The database failing here changes nothing the caller asked for: logged, tried at the next command."""
        if caller.user_id and self._seen.get(caller.user_id) != caller.loc:
            try:
                await self.store.set_user_locale(caller.user_id, caller.loc)
            except Exception as e:
                if not self._database_failed(e):
                    raise
                log.warning("user %s: their language could not be saved (%s)", caller.user_id, e)
                return
            self._seen[caller.user_id] = caller.loc

    def moment(self, live: Live) -> int:
        """Keep a reader's game as a moment for its pictures; returns its order number."""
        if live.game is not None:
            self.games.remember(live.id, live.row.version, live.game)
        return live.row.version

    async def status_message(self, game_id: int) -> int:
        """The id of the game channel's pinned status message (0 until there is one)."""
        live = await self.games.read(game_id)
        return int(live.row.settings.status_message or 0) if live else 0

    async def set_status_message(self, game_id: int, message_id: int) -> None:
        async def fn(ch: Change) -> None:
            ch.settings().status_message = message_id

        await self.games.change(game_id, fn)

    async def thread_id(self, game_id: int) -> int:
        live = await self.games.read(game_id)
        return int(live.row.settings.thread_id or 0) if live else 0

    async def set_thread(self, game_id: int, thread_id: int) -> None:
        async def fn(ch: Change) -> None:
            ch.settings().thread_id = thread_id

        await self.games.change(game_id, fn)

    # --- pictures ---------------------------------------------------------------------------------------
    async def draw(self, picture: Picture) -> bytes:
        """A picture's bytes, drawn from the game as it was at the picture's moment (off the event loop)."""
        cached = self.games.cache.get(picture.game_id)
        row = cached.row if cached is not None else await self.store.game(picture.game_id)
        module = module_of(row) if row is not None else None
        return await self.pictures.render(
            picture, lambda: self.games.game_at(picture.game_id, picture.seq), module
        )

    # --- background work ---------------------------------------------------------------------------------
    def background(self, coro: Coroutine[Any, Any, Any], name: str) -> None:
        task = asyncio.get_running_loop().create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background work %s failed", task.get_name(), exc_info=task.exception())

    async def idle(self) -> None:
        """Wait until the background work (standing orders, bot seats) has finished."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def stop(self) -> None:
        """Before the process ends: the start-up checks left undone wait for the next start; the rest
        finishes."""
        pending = [t for t in (self._checker, *self._checking.values()) if t is not None]
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
        await self.idle()

    # --- start-up and recovery ------------------------------------------------------------------------
    async def recover(self, *, lazy: bool = False) -> list[str]:
        """Check every running game against a replay of its orders. A game whose row cannot be read, whose
        stored version disagrees with its orders, whose latest snapshot or stored history (event log and
        script log) disagrees with a replay from the snapshot before it, is suspended and reported with its
        id; the others start. A game stored before schema 6 is checked against a replay of all its orders.
        A snapshot that differs from the replay only in the order of its dicts (saved before schema 3, with
        sorted keys) is replaced by the replay.

        ``lazy`` (the bot): return at once, so that the bot answers while thousands of games are
        checked; each game is checked in the background, or first, when it is used before its turn came."""
        self._unchecked = set(await self.store.game_ids("running"))
        self.games.before_use = self.ensure_checked
        if lazy:  # the results of games finished before schema 9 (ratings), meanwhile
            self.background(self.records.backfill(), "estafette-backfill-results")
        else:
            await self.records.backfill()
        if lazy:
            self._checker = asyncio.get_running_loop().create_task(
                self.check_all(), name="estafette-check-games"
            )
            return []
        await self.check_all()
        return list(self.problems)

    async def check_all(self, *, full: bool = False) -> None:
        """Check the games not checked yet (``full``: each replayed from its first order, and every running
        game, checked already or not)."""
        if full:
            self.full_checks = True
            self._unchecked |= set(await self.store.game_ids("running"))
        for gid in sorted(self._unchecked):
            await self.ensure_checked(gid, quiet=True)

    async def ensure_checked(self, gid: int, *, quiet: bool = False) -> None:
        """Check a game from before this process started, once, before anything uses it. A check the
        database kept failing leaves the game unchecked, to be checked at its next use, and this use is
        refused as the database's (``svc.storage_down``; ``quiet``, the background checks: not refused)."""
        if gid not in self._unchecked:
            return
        task = self._checking.get(gid)
        if task is None:
            task = self._checking[gid] = asyncio.ensure_future(self._check_one(gid))
        await asyncio.shield(task)
        if gid in self._unchecked and not quiet:
            raise ServiceError("svc.storage_down")

    def _database_failed(self, e: BaseException) -> bool:
        """The database failing (as the store or ``storage_guard`` says it), not the game being damaged."""
        return self.store.unavailable(e) or (isinstance(e, ServiceError) and e.key == "svc.storage_down")

    async def _check_one(self, gid: int) -> None:
        problem: str | None = None
        for pause in (*self.check_retries, None):
            try:
                problem = await self._check(gid)
                break
            except Exception as e:  # the check itself must not stop the others
                if not self._database_failed(e):
                    log.exception("game %s could not be checked", gid)
                    problem = f"it could not be checked ({type(e).__name__})"
                    break
                # the database failed, not the game: never a reason to suspend it (tried again, with back-off)
                if pause is None:
                    log.warning("game %s: the database failed throughout its start-up check (%s: %s); it is "
                                "checked at its next use", gid, type(e).__name__, e)  # fmt: skip
                    self._checking.pop(gid, None)
                    return
                log.info("game %s: the database failed during its start-up check (%s); trying again", gid, e)
                await asyncio.sleep(pause)
        self._unchecked.discard(gid)
        self._checking.pop(gid, None)
        if problem is None:
            live = self.games.cache.get(gid)
            if live is not None and live.game is not None and self._may_play_itself(live):
                self.play.schedule(gid)  # a bot seat may have been about to move when the process stopped
            return
        msg = f"game {gid}: {problem}; suspended (an administrator can /game abort or /game export it)"
        self.problems.append(msg)
        log.error("start-up check: %s", msg)
        try:
            await self.store.suspend(gid)
        except Exception:
            log.exception("game %s could not even be suspended", gid)

    @staticmethod
    def _may_play_itself(live: Live) -> bool:
        """Whether a bot seat or standing battle orders could have been about to act."""
        assert live.game is not None
        standing = module_of(live.row).standing
        return any(b for _u, b in live.row.seats.values()) or bool(standing and standing.when(live.game))

    async def _check(self, gid: int) -> str | None:
        # read under the game's locks (this process's and, on PostgreSQL, the advisory lock every process
        # takes to change it): a game another process plays meanwhile is read between two of its changes,
        # never its row of one change with the orders of the next (which looked like a damaged game)
        async with self.games.locked(gid):
            problem, adopted = await self._read_check(gid)
        if adopted is not None:

            async def adopt(ch: Change) -> None:  # the replay is what the players saw: keep its order
                ch.set_game(adopted)

            await self.games.change(gid, adopt, checked=True)
        return problem

    async def _read_check(self, gid: int) -> tuple[str | None, GameObject | None]:
        """The check of ``_check``, read under the game's locks: its problem (None if none), and the replay
        to keep when the stored snapshot differs from it only as ``canonical`` forgives."""
        try:
            row = await self.store.game(gid)
        except BadRow as e:
            return str(e), None
        if row is None:
            return "gone", None
        count, top = await self.store.order_count(gid)
        if not count == top == row.version:
            return f"its stored version ({row.version}) disagrees with its {count} stored orders", None
        try:
            game = await self.games.load(row)
            if game is None:
                return "it has no stored game", None
            replay = await self.games.reference(row, full=self.full_checks or row.snapshot_seq is None)
            stored = await self.games.stored(row, game)
            assert stored is not None
        except Exception as e:
            if self._database_failed(e):
                raise  # the database's, not the game's: ``_check_one`` tries again
            if isinstance(e, (ValueError, KeyError, TypeError, ScriptError, zlib.error)):
                return f"it cannot be loaded or replayed ({e})", None
            log.exception("game %s could not be loaded", gid)  # anything else a damaged snapshot can raise
            return f"it cannot be loaded ({type(e).__name__})", None
        mine, theirs = replay.dumps(), stored.dumps()
        if mine != theirs:
            # The same state reached by the same orders, differing only in the order of its dicts or in the
            # wording of its events (a newer engine says more of a die roll, say: docs/service.md): the
            # replay of the orders is the game, so it is kept. Any other difference suspends the game.
            if canonical(mine, events=False) != canonical(theirs, events=False):
                return f"its snapshot (channel {row.channel_id}) disagrees with a replay of its orders", None
            same = canonical(mine) == canonical(theirs)
            why = "dict order" if same else "the events as this engine says them"
            log.info("game %s: snapshot rewritten from the replay (%s)", gid, why)
            return None, replay
        self.games.cache[gid] = Live(row, game)
        return None, None
