"""The one path for every change to a game (docs/service.md, "Storage and recovery").

``Games.change(game_id, fn)`` takes the game's lock, reads the game's row inside it, lets ``fn`` work on a
``Change`` (copies of the row and the game, the orders it accepts, the messages it sends), and stores it
with a compare-and-set on the row's revision, all in one transaction; only then does the new state become
the one everybody sees. Readers (``Games.read``) take no lock and never write back what they read: the
cache only ever moves forward, to a higher revision. Lobby commands, orders, drafts, deadline actions, bot
seats, standing orders and imports all go through ``change``; nothing else writes a game.

Pictures are drawn from the game as it was at the moment of the change: a ``Change`` keeps the engine game
after each order as a frozen moment (``moment``), and a picture spec names the game and the order; after a
restart a moment is rebuilt from the latest snapshot before it and the orders since.

Storage grows by events, not by snapshots (schema 6): each change stores its orders and what it
did to the game's event log and script log (``History``); the engine state without those logs is stored
every ``SNAPSHOT_EVERY`` orders and at the end of each campaign turn, so that loading a game (``load``)
replays fewer than ``SNAPSHOT_EVERY`` orders.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import Any, TypeVar

from engine import RuleError, modules, parse_command
from engine.events import Event
from engine.module import AnyModule, GameObject
from engine.orders import Choice
from engine.script import ScriptError, run_lines
from engine.text import Command

from ..i18n import t
from ..outbox import Message, Picture, Post
from ..ratings import GameResult, judge
from ..storage import (
    ChannelTaken,
    Commit,
    DuplicateInteraction,
    GameRow,
    GameSettings,
    NewOrder,
    OrderRow,
    StaleWrite,
    StoreBase,
    StoreError,
)
from ..storage.base import History, pack
from ..verify import sealed_commitment
from .common import Live, ServiceError, language, last_order, module_of, options_line

log = logging.getLogger("estafette.service")
T = TypeVar("T")
MOMENTS = 256  # frozen games kept in memory for pictures not yet drawn
# games kept in memory, the least recently used leaving first: a game left is loaded from its latest
# snapshot at its next use (docs/performance.md, "Memory"); ESTAFETTE_GAME_CACHE overrides it
GAME_CACHE = int(os.environ.get("ESTAFETTE_GAME_CACHE", "600"))
SNAPSHOT_EVERY = 32  # a snapshot at least every this many orders: a load replays fewer (about 20 ms)


class Change:
    """One change to one game, under its lock: working copies, and what the commit will write."""

    def __init__(self, live: Live, locales: dict[int, str], snapshot_every: int = SNAPSHOT_EVERY) -> None:
        self.before = live
        self.snapshot_every = snapshot_every
        self.replaced = False  # the game was set anew (its logs are stored whole)
        self.row = live.row.copy()
        self._game = live.game  # shared until changed: ``apply`` never changes a state in place
        self.prior = live.game  # the game before the last order (what its broadcast compares with)
        self.game_changed = False
        self.orders: list[NewOrder] = []
        self.outbox: list[Message] = []
        # the sealed choices accepted and not yet told: (order number, role, commitment), for the next post
        self.sealed: list[tuple[int, str, str]] = []
        self.preferences: list[tuple[int, str, Any]] = []
        self.import_lines: list[str] | None = None
        self.seats_changed = False
        self.spectators_changed = False
        self.timeouts: list[tuple[str, int, float]] = []  # deadlines passed, for the players' records
        self.touched = False  # anything to store at all
        self.locales = locales  # seated players' languages, as last seen
        self.moments: dict[int, GameObject] = {}
        self.bot = live.bot
        self.module = module_of(live.row)
        self.forfeits: tuple[str, ...] = ()  # roles that gave the game up (``forfeit``)

    # --- the game -------------------------------------------------------------------------------------
    @property
    def game(self) -> GameObject | None:
        return self._game

    def set_game(self, game: GameObject) -> None:
        """A new engine game for this row (at the start, or from an imported script): a game of the row's
        module (``module_of``)."""
        self._game = game
        self.game_changed = self.touched = self.replaced = True

    @property
    def seq(self) -> int:
        """Orders applied so far: the moment of the game now."""
        return self.row.version

    def apply(
        self, role: str, order: Choice | Command, user: int | None, interaction_id: str | None = None
    ) -> list[Event]:
        """Apply one order (RuleError: nothing changed) and record it to be stored with the change: its text,
        or one of the module's legal choices (an order value, whose text is ``str(order)``)."""
        game = self._game
        assert game is not None
        text = (
            order.text() if isinstance(order, Command) else str(order)
        )  # a slash command's name and options
        if isinstance(order, Command):  # a front end's typed options, typed by this game's declarations
            order = self.module.command(order)
        work = self.module.copy(game)  # the game as it was stays as it was
        new: list[Event] = work.apply(role, order)
        self.prior, self._game = game, work
        # an /undo gives back the state before the undone order (its log too): it is stored as itself
        logged = "/undo" if parse_command(text).name == "undo" else last_order(work)[1]
        self.orders.append(NewOrder(role, user, logged, interaction_id))
        self.row.version += 1
        self.game_changed = self.touched = True
        settings = self.row.settings
        if settings.dice_salt and self.module.sealed(
            logged
        ):  # committed now, opened with the seed at the end
            if settings.sealed_from is None:
                settings.sealed_from = self.seq
            promise = sealed_commitment(self.row.id, self.seq, role, logged, settings.dice_salt)
            self.sealed.append((self.seq, role, promise))
        if work.over:
            self.row.status = "over"
        return new

    def directive(self, role: str, user: int | None, fn: Callable[[GameObject], None]) -> None:
        """A directive (``@prefer ...``) applied to a copy of the game and stored as an order line."""
        game = self._game
        assert game is not None
        work = self.module.copy(game, deep=True)
        fn(work)  # RuleError: nothing changed (the copy is dropped)
        self._game = work
        self.orders.append(NewOrder(role, user, work.log[-1]))
        self.row.version += 1
        self.game_changed = self.touched = True

    def moment(self) -> int:
        """Keep the game as it is now for the pictures of this moment; returns its order number."""
        if self._game is not None:
            self.moments[self.seq] = self.module.copy(self._game)
        return self.seq

    # --- the row --------------------------------------------------------------------------------------
    def seat(self, role: str, user: int | None, is_bot: bool = False) -> None:
        self.row.seats[role] = (user, is_bot)
        self.seats_changed = self.touched = True

    def unseat(self, role: str) -> None:
        self.row.seats.pop(role, None)
        self.seats_changed = self.touched = True

    def timed_out(self, role: str, user: int, at: float) -> None:
        """Record on ``user``'s record that the deadline ``at`` passed for them in ``role``."""
        self.timeouts.append((role, user, at))
        self.touched = True

    def set_spectators(self, channels: list[int]) -> None:
        self.row.spectators = sorted(set(channels))
        self.spectators_changed = self.touched = True

    def settings(self) -> GameSettings:
        """The row's settings, to change (the change will be stored)."""
        self.touched = True
        return self.row.settings

    def set_status(self, status: str) -> None:
        self.row.status = status
        self.touched = True

    def set_options(self, options: dict[str, Any]) -> None:
        self.row.options = options
        self.touched = True

    def prefer(self, user: int, key: str, value: Any) -> None:
        self.preferences.append((user, key, value))
        self.touched = True

    def send(self, *messages: Message) -> None:
        self.outbox.extend(messages)
        self.touched = True

    def locale_of(self, user: int | None) -> str:
        """A player's language for DMs sent on other people's turns: the last one seen from them, else the
        game's."""
        from .common import language

        return self.locales.get(user or 0) or language(self.row)

    def forfeit(self, roles: Sequence[str]) -> None:
        """End the game now, lost by the sides of ``roles`` (a forfeit: it counts in the ratings)."""
        self.forfeits = tuple(roles)
        self.set_status("over")

    def _result(self) -> GameResult | None:
        """The game's result when this change ends it (ratings). A result that leaves a seat unplaced is the
        module's fault: the game still ends, unrated, and its channels are told its result is unknown."""
        row = self.row
        if row.status != "over" or self.before.row.status == "over" or self._game is None:
            return None
        result = result_of(row, self.module, self._game, self.forfeits, time.time())
        missing = unplaced(self.module, self._game, result.placings)
        if missing:
            text = t("svc.result_unknown", language(row), roles=missing)
            for channel in dict.fromkeys((row.channel_id, *row.spectators)):
                self.send(Post(channel, text))
        return result

    def commit(self) -> Commit:
        if self.row.status in ("running", "over") and any(b for _u, b in self.row.seats.values()):
            self.row.settings.bot_seated = True  # a bot played: the game is not rated (bot/ratings.py)
        result = self._result()
        game, snapshot, history, legacy, epoch = self._game, None, None, False, None
        if self.game_changed and game is not None:
            # a game set anew, a game's first store, and one loaded from its pre-schema-6 snapshot: whole logs
            whole = self.replaced or self.before.game is None or self.before.row.snapshot is not None
            history = history_of(None if whole else self.before.game, game)
            if whole or self._snapshot_due(game):
                snapshot = pack(self.module.dumps_state(game))
                epoch = epoch_key(self.module, game)
                self.row.snapshot_seq = self.row.version
                legacy, self.row.snapshot = self.row.snapshot is not None, None
        return Commit(
            row=self.row,
            rev=self.before.row.rev,
            snapshot=snapshot,
            epoch=epoch,
            history=history,
            clear_legacy=legacy,
            orders=self.orders,
            outbox=[(m.kind, m.target, m.to_body()) for m in self.outbox],
            preferences=self.preferences,
            import_lines=self.import_lines,
            seats_changed=self.seats_changed,
            spectators_changed=self.spectators_changed,
            result=result,
            timeouts=self.timeouts,
        )

    def _snapshot_due(self, game: GameObject) -> bool:
        """Every ``snapshot_every`` orders, and at the end of each campaign turn (4.0) and of the game."""
        before = self.before.game
        assert before is not None
        last = self.row.snapshot_seq
        since = None if last is None else self.row.version - last
        return snapshot_due(self.module, before, game, since, self.snapshot_every)


def snapshot_due(
    module: AnyModule, before: GameObject, after: GameObject, since: int | None, every: int
) -> bool:
    """Whether the change from ``before`` to ``after`` stores a snapshot: the first one (``since`` None),
    ``every`` orders since the last, at the end of each campaign turn (4.0; the module's ``epoch``) and of
    the game."""
    if since is None or since >= every:
        return True
    return module.epoch(after) != module.epoch(before) or after.over


def result_of(
    row: GameRow, module: AnyModule, game: GameObject, forfeits: Sequence[str], at: float
) -> GameResult:
    """A finished game's result as stored for the ratings: its sides' places (the module's ``placings``),
    who sat where, and whether it is rated (``ratings.judge``)."""
    placings = tuple((p, tuple(roles)) for p, roles in module.placings(game, forfeits))
    why = judge(placings, row.seats, rated=row.settings.rated, bot_seated=row.settings.bot_seated)
    missing = unplaced(module, game, placings)
    if missing:  # the module's fault, not the players': said in the log with what it named
        log.error(
            "game %s: module %r ended it (%s) but its placings name no single place for %s: %r;"
            " its result is unknown, stored unrated",
            row.id,
            module.id,
            "forfeit" if forfeits else "over",
            ", ".join(missing),
            placings,
        )
        why = why or "no_result"
    return GameResult(
        row.id,
        row.guild_id,
        row.module,
        dict(row.options),
        at,
        placings,
        {role: (None if is_bot else user) for role, (user, is_bot) in row.seats.items()},
        rated=not why,
        why=why,
        how="forfeit" if forfeits else "end",
    )


def unplaced(module: AnyModule, game: GameObject, placings: Sequence[tuple[int, Sequence[str]]]) -> list[str]:
    """The roles of a finished game that its module's ``placings`` do not place exactly once, each at a place
    of 1 or more ([] when every seat has its place): a result the ratings and a league can read."""
    counts: dict[str, int] = {}
    for place, roles in placings:
        for r in roles:
            counts[r] = counts.get(r, 0) + (1 if isinstance(place, int) and place >= 1 else 2)
    roles = list(module.roles(game.options))
    return [r for r in roles if counts.get(r) != 1] + sorted(r for r in counts if r not in roles)


def epoch_key(module: AnyModule, game: GameObject) -> str:
    """The module's epoch of a game as stored with its snapshot (JSON): only the first snapshot of each is
    kept for good (storage, schema 7)."""
    return json.dumps(module.epoch(game), sort_keys=True, default=repr)


def history_of(before: GameObject | None, after: GameObject) -> History:
    """What a change did to the event log and the script log: the length each kept (an ``/undo`` cuts
    them back), and what grew after (``before`` None: both logs whole)."""
    ev0, log0 = (before.events, before.log) if before is not None else ([], [])
    ev1, log1 = after.events, after.log
    e, g = _kept(ev0, ev1), _kept(log0, log1)
    return History(e, [x.to_dict() for x in ev1[e:]], g, list(log1[g:]))


def _kept(old: Sequence[object], new: Sequence[object]) -> int:
    """How many entries of ``old`` begin ``new``."""
    n, i = min(len(old), len(new)), 0
    while i < n and (old[i] is new[i] or old[i] == new[i]):
        i += 1
    return i


@contextlib.asynccontextmanager
async def storage_guard(store: StoreBase) -> AsyncIterator[None]:
    """The database failing (``StoreBase.unavailable``: connection lost, read-only, a timeout) is said as one
    plain line in the player's language, never the database's own words: nothing was changed."""
    try:
        yield
    except (ServiceError, RuleError, DuplicateInteraction, StaleWrite):
        raise
    except Exception as e:
        if not store.unavailable(e):
            raise
        log.warning("the database is unavailable: %s: %s", type(e).__name__, e)
        raise ServiceError("svc.storage_down") from None


class LiveCache(OrderedDict[int, Live]):
    """The games in memory by last use: reading or storing one makes it the most recent, and beyond
    ``limit`` the least recently used leaves (a game's memory is its engine state and its bot's plans; what
    is stored is the game, so a game left plays on from the database as if it had stayed)."""

    def __init__(self, limit: int = GAME_CACHE) -> None:
        super().__init__()
        self.limit = max(1, limit)
        self.evicted = 0

    def get(self, key: int, default: Live | None = None) -> Live | None:  # type: ignore[override]
        if key not in self:
            return default
        self.move_to_end(key)
        value: Live = super().__getitem__(key)
        return value

    def __getitem__(self, key: int) -> Live:
        value: Live = super().__getitem__(key)
        self.move_to_end(key)
        return value

    def __setitem__(self, key: int, value: Live) -> None:
        super().__setitem__(key, value)
        self.move_to_end(key)
        while len(self) > self.limit:
            self.popitem(last=False)
            self.evicted += 1


class Games:
    """The loaded games, their locks, and the one path for changing them."""

    def __init__(
        self, store: StoreBase, *, snapshot_every: int = SNAPSHOT_EVERY, cache_limit: int = GAME_CACHE
    ) -> None:
        self.store = store
        self.snapshot_every = snapshot_every
        self.replayed = 0  # orders replayed by loads (not by checks) since this process began
        self.cache = LiveCache(cache_limit)
        self.locks: dict[int, asyncio.Lock] = {}
        self.channel_locks: dict[int, asyncio.Lock] = {}
        self.moments: OrderedDict[tuple[int, int], GameObject] = OrderedDict()
        self.on_commit: list[Callable[[int], None]] = []  # e.g. wake the outbox sender
        self.on_stored: list[Callable[[Change], None]] = []  # e.g. start drawing its posts' pictures
        # a game from before this process is checked against its replay before its first use (the service)
        self.before_use: Callable[[int], Awaitable[None]] | None = None
        self.changing = 0  # games whose locks are held now: none is a quiet moment (bot/collector.py)

    def lock(self, game_id: int) -> asyncio.Lock:
        return self.locks.setdefault(game_id, asyncio.Lock())

    @contextlib.asynccontextmanager
    async def locked(self, game_id: int) -> AsyncIterator[None]:
        """The game's locks, as every change takes them: this process's, then the storage's (PostgreSQL's
        advisory lock, so that two processes never change one game at once)."""
        self.changing += 1
        try:
            async with self.lock(game_id), self.store.game_lock(game_id):
                yield
        finally:
            self.changing -= 1

    # --- reading --------------------------------------------------------------------------------------
    async def _live_for(self, row: GameRow) -> Live:
        """The Live of this row: the cached one if it is at this revision (or newer), else loaded."""
        cached = self.cache.get(row.id)
        if cached is not None and cached.row.rev >= row.rev:
            return cached
        game = await self.load(row)
        cached = self.cache.get(row.id)  # loading awaited: another reader may have gone further
        if cached is not None and cached.row.rev >= row.rev:
            return cached
        live = Live(row, game, cached.bot if cached else None)
        self.cache[row.id] = live  # only ever forward: an older read never replaces a newer one
        return live

    async def read(self, game_id: int) -> Live | None:
        """The game as last committed (no lock: a reader never writes)."""
        async with storage_guard(self.store):
            if self.before_use is not None:
                await self.before_use(game_id)
            row = await self.store.game(game_id)
            if row is None:
                return None
            if row.status == "suspended":
                return self.cache.get(game_id) or Live(row)
            return await self._live_for(row)

    async def read_channel(self, channel_id: int, *, finished: bool = False) -> Live:
        async with storage_guard(self.store):
            gid = await self.store.game_id_in_channel(channel_id, finished=finished)
        if gid is None:
            raise ServiceError("svc.no_game")
        live = await self.read(gid)
        if live is None:
            raise ServiceError("svc.no_game")
        return live

    # --- the one path for every change --------------------------------------------------------------------
    async def change(self, game_id: int, fn: Callable[[Change], Awaitable[T]], *, checked: bool = False) -> T:
        """Run ``fn`` on a change of this game under its lock and store what it did, all or nothing. A
        ServiceError or RuleError from ``fn`` stores nothing, nor does the database failing on the way
        (``storage_guard``). (``checked``: the start-up check itself.)"""
        async with storage_guard(self.store):
            return await self._change(game_id, fn, checked)

    async def _change(self, game_id: int, fn: Callable[[Change], Awaitable[T]], checked: bool) -> T:
        if self.before_use is not None and not checked:
            await self.before_use(game_id)
        async with self.locked(game_id):
            row = await self.store.game(game_id)
            if row is None:
                raise ServiceError("svc.game_gone")
            cached = self.cache.get(game_id)
            if cached is not None and cached.row.rev == row.rev:
                live = cached  # what the cache holds is what is stored (it may hold a bot's memory too)
            else:
                live = Live(row, await self.load(row), cached.bot if cached else None)
            locales = await self._locales(row)
            ch = Change(live, locales, self.snapshot_every)
            result = await fn(ch)
            if ch.touched:
                await self._store(ch)
            return result

    async def _store(self, ch: Change) -> None:
        try:
            await self.store.commit(ch.commit())
        except StaleWrite:
            log.error("game %s: a stale write was refused (written around the game's lock?)", ch.row.id)
            raise ServiceError("svc.stale") from None
        except DuplicateInteraction:
            raise
        except StoreError as e:
            if self.store.unavailable(e):  # said plainly by ``storage_guard``
                raise
            # the database's own words stay in the log: the player is told that nothing was changed
            log.exception("game %s: the database refused a change", ch.row.id)
            raise ServiceError("svc.storage") from None
        ch.row.rev = ch.before.row.rev + 1
        self.cache[ch.row.id] = Live(ch.row, ch.game, ch.bot)
        for seq, game in ch.moments.items():
            self.remember(ch.row.id, seq, game)
        for stored in self.on_stored:
            stored(ch)
        for notify in self.on_commit:
            notify(ch.row.id)

    async def create(self, channel_id: int, make: Callable[[], Awaitable[int]]) -> int:
        """Create a game in a channel: one at a time per channel, and the database holds at most one open
        game per channel (its unique index), whatever another process does."""
        async with self.channel_locks.setdefault(channel_id, asyncio.Lock()):
            if await self.store.game_id_in_channel(channel_id) is not None:
                raise ServiceError("svc.channel_has_game")
            try:
                async with storage_guard(self.store):
                    return await make()
            except ChannelTaken:
                raise ServiceError("svc.channel_has_game") from None
            except StoreError:
                log.exception("channel %s: the database refused a new game", channel_id)
                raise ServiceError("svc.storage") from None

    async def _locales(self, row: GameRow) -> dict[int, str]:
        legacy = row.settings.locales or {}
        users = list(dict.fromkeys(u for u, _bot in row.seats.values() if u is not None))
        known = await self.store.user_locales(users)
        out: dict[int, str] = {}
        for user in users:
            seen = known.get(user) or legacy.get(str(user))
            if seen:
                out[user] = seen
        return out

    # --- keeping storage bounded (schema 7; docs/service.md, "What is kept") ------------------------------
    async def housekeeping(self, now: float, keep: float) -> dict[str, int]:
        """Delete the outbox items delivered more than ``keep`` seconds ago, fold away the working rows of
        the games finished since (``StoreBase.compact_finished``), and find the epochs of snapshots stored
        before schema 7 (then thinned like a change's). A game's rows are touched under its locks, as a
        change takes them: a change never races a fold. How many of each were done."""
        done = {"outbox": await self.store.prune_outbox(now - keep), "finished": 0, "epochs": 0}
        for gid in await self.store.finished_to_compact(now - keep):
            try:
                async with self.locked(gid):
                    done["finished"] += await self.store.compact_finished(gid)
            except Exception:  # one damaged game must not keep the others' rows
                log.exception("game %s: its working rows could not be folded", gid)
        unknown: dict[int, list[int]] = {}
        for gid, seq in await self.store.snapshots_without_epoch():
            unknown.setdefault(gid, []).append(seq)
        for gid, seqs in unknown.items():
            try:
                async with self.locked(gid):
                    done["epochs"] += await self._find_epochs(gid, seqs)
            except Exception:
                log.exception("game %s: the epochs of its snapshots could not be read", gid)
        await self.store.tidy()
        return done

    async def _find_epochs(self, gid: int, seqs: list[int]) -> int:
        row = await self.store.game(gid)
        if row is None:
            return 0
        module, epochs = module_of(row), {}
        for seq in seqs:
            snap = await self.store.snapshot(gid, seq)
            if snap is not None and snap[0] == seq:
                epochs[seq] = epoch_key(module, module.loads_state(snap[1], [], []))
        await self.store.set_epochs(gid, epochs)
        return len(epochs)

    # --- moments: the game as it was at an order, for pictures --------------------------------------------
    def remember(self, game_id: int, seq: int, game: GameObject) -> None:
        self.moments[(game_id, seq)] = game
        self.moments.move_to_end((game_id, seq))
        while len(self.moments) > MOMENTS:
            self.moments.popitem(last=False)

    async def game_at(self, game_id: int, seq: int) -> GameObject:
        """The game as it was after order ``seq``: kept in memory since the change, or rebuilt from the
        stored orders (after a restart)."""
        got = self.moments.get((game_id, seq))
        if got is not None:
            return got
        row = await self.store.game(game_id)
        if row is None:
            raise ServiceError("svc.game_gone")
        game = await self.load(row, upto=seq) if row.status != "lobby" else None
        if game is None:
            game = await self.replay(row, upto=seq)
        self.remember(game_id, seq, game)
        return game

    # --- loading: the latest snapshot, its logs, the orders since -----------------------------------------
    async def load(self, row: GameRow, upto: int | None = None) -> GameObject | None:
        """The engine game of a row after order ``upto`` (default: now; None in the lobby): the latest
        snapshot at or before it, its event log and script log from the stored history, and a replay of the
        orders since (fewer than ``snapshot_every`` for the game now). A game stored before schema 6 holds
        itself whole in its row until its next change; its moments are rebuilt by a whole replay."""
        if row.status == "lobby":
            return None
        at = row.version if upto is None else upto
        got = await self._from_snapshot(row, at, at)
        if got is not None:
            self.replayed += got[1]
            return got[0]
        if row.snapshot is not None and at == row.version:
            loaded: GameObject = module_of(row).loads(row.snapshot)
            return loaded
        return await self.replay(row, upto=at) if upto is not None else None

    async def _from_snapshot(
        self, row: GameRow, snapshot_at: int, upto: int
    ) -> tuple[GameObject, int] | None:
        """The game after order ``upto`` from the latest snapshot at or before ``snapshot_at``, and how many
        orders that replayed (None: no snapshot)."""
        snap = await self.store.snapshot(row.id, snapshot_at)
        if snap is None:
            return None
        seq, state = snap
        events, log = await self.store.history(row.id, seq)
        module = module_of(row)
        game = module.loads_state(state, events, log)
        orders = await self.store.orders(row.id, upto, after=seq)
        if orders:
            game = await self._play(_lines(orders), game, module)
        return game, len(orders)

    async def stored(self, row: GameRow, game: GameObject | None = None) -> GameObject | None:
        """The game as stored now: its state (``game``, else loaded) with its event log and script log as
        the stored history has them (not as a replay made them): what the start-up check compares."""
        game = game if game is not None else await self.load(row)
        if game is None or row.snapshot_seq is None:
            return game  # a game stored before schema 6 is whole in its row
        events, log = await self.store.history(row.id, row.version)
        whole: GameObject = module_of(row).with_history(game, events, log)
        return whole

    async def reference(self, row: GameRow, *, full: bool = False) -> GameObject:
        """The game rebuilt from the snapshot before its latest one (so that the latest one is checked too)
        and the orders since; ``full``, or without two snapshots: from its first order."""
        last = row.snapshot_seq
        if not full and last is not None and last > 0:
            got = await self._from_snapshot(row, last - 1, row.version)
            if got is not None:
                return got[0]
        return await self.replay(row)

    async def script_lines(self, row: GameRow, upto: int | None = None) -> list[str]:
        """The script that rebuilds this game: options, seed, imported lines, then its stored orders."""
        head, orders = await self.script_parts(row, upto)
        return head + orders

    async def script_parts(self, row: GameRow, upto: int | None = None) -> tuple[list[str], list[str]]:
        """The script in two parts: its options, seed and imported lines; then one line per stored order."""
        base = await self.store.import_lines(row.id)
        if base is None:
            base = list(row.settings.base or [])  # stored there before schema 3
        seed = row.settings.seed if row.settings.seed is not None else row.seed  # an imported script's own
        game = [f"@game {row.module}"] if row.module != modules.DEFAULT else []
        lines = [*game, f"@options {options_line(row.options)}", f"@seed {seed}", *base]
        return lines, _lines(await self.store.orders(row.id, upto))

    async def replay(self, row: GameRow, upto: int | None = None) -> GameObject:
        """The game rebuilt from its options, seed, imported script (if any) and every stored order."""
        return await self._play(await self.script_lines(row, upto))

    @staticmethod
    async def _play(
        lines: list[str], start: GameObject | None = None, module: AnyModule | None = None
    ) -> GameObject:
        out = await asyncio.to_thread(
            run_lines, lines, None, start=start, module=module.id if module else None
        )
        if out.game is None or not out.ok:
            bad = next((r for r in out.results if not r["ok"]), None)
            raise ScriptError(f"a stored order was rejected on replay ({bad})")
        game: GameObject = out.game
        return game


def _lines(orders: list[OrderRow]) -> list[str]:
    """Stored orders as script lines (directives are stored as themselves)."""
    return [o.text if o.text.startswith("@") else f"{o.role}: {o.text}" for o in orders]


def canonical(snapshot: str, *, events: bool = True) -> str:
    """A snapshot with its keys sorted: equal for two games that differ only in the order of their dicts;
    ``events=False`` leaves out the event log (what the engine said of the orders, not what they did)."""
    d = json.loads(snapshot)
    if not events:
        d.pop("events", None)
    return json.dumps(d, sort_keys=True, separators=(",", ":"))


__all__ = ["Change", "Games", "Picture", "RuleError", "canonical"]
