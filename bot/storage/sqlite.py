"""The SQLite backend: aiosqlite, WAL mode, a versioned schema (PRAGMA user_version) with migrations run at
start-up. The embedded default, for a club's one bot process."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiosqlite

from .base import Row, StoreBase, StoreUnavailable

log = logging.getLogger("estafette.storage")

# Each entry upgrades the schema by one version (PRAGMA user_version). Never edit a released entry: add one.
MIGRATIONS: list[str] = [
    # 1: games, seats, spectators, orders
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        host_id INTEGER NOT NULL,
        options TEXT NOT NULL,
        seed INTEGER NOT NULL,
        status TEXT NOT NULL,            -- lobby | running | over | aborted | suspended
        created REAL NOT NULL,
        version INTEGER NOT NULL DEFAULT 0,   -- accepted orders so far
        snapshot TEXT,                   -- engine snapshot (JSON) after the last accepted order
        settings TEXT NOT NULL DEFAULT '{}'   -- deadlines, thread id, locale, ...
    );
    CREATE INDEX games_channel ON games(channel_id, status);
    CREATE TABLE seats (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        role TEXT NOT NULL,
        user_id INTEGER,                 -- NULL for a bot player
        is_bot INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, role)
    );
    CREATE TABLE spectators (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        channel_id INTEGER NOT NULL,
        PRIMARY KEY (game_id, channel_id)
    );
    CREATE TABLE orders (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        role TEXT NOT NULL,
        user_id INTEGER,
        text TEXT NOT NULL,              -- the order as text, or a directive (@prefer ...)
        interaction_id TEXT UNIQUE,      -- Discord interaction id: a retried interaction is applied once
        created REAL NOT NULL,
        reply TEXT,                      -- what the player was told (returned again for a retry)
        PRIMARY KEY (game_id, seq)
    );
    """,
    # 2: standing preferences per player and game (standing battle orders live here too)
    """
    CREATE TABLE preferences (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (game_id, user_id, key)
    );
    """,
    # 3: a revision for compare-and-set writes, the durable outbox, players across games, the
    # imported script in a table of its own, and at most one open game per channel.
    """
    ALTER TABLE games ADD COLUMN rev INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id INTEGER NOT NULL,
        rev INTEGER NOT NULL,            -- the game's rev written by the change that made this item
        kind TEXT NOT NULL,              -- post | dm | thread
        target INTEGER NOT NULL,         -- channel id (post, thread) or user id (dm)
        body TEXT NOT NULL,              -- JSON: texts, picture specs, mentions, components
        created REAL NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_at REAL NOT NULL DEFAULT 0, -- not before (back-off after a refusal)
        done REAL,                       -- when delivered (or given up: see error)
        error TEXT                       -- the last refusal
    );
    CREATE INDEX outbox_pending ON outbox(done, next_at);
    CREATE TABLE users (
        user_id INTEGER PRIMARY KEY,
        locale TEXT,                     -- the last language seen from this user
        dms_closed_since REAL            -- set when Discord refused a DM, cleared when one gets through
    );
    CREATE TABLE imports (
        game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        script TEXT NOT NULL             -- JSON list of the lines a replay starts from
    );
    UPDATE games SET status = 'aborted'
     WHERE status IN ('lobby', 'running', 'suspended')
       AND id NOT IN (SELECT MAX(id) FROM games WHERE status IN ('lobby', 'running', 'suspended')
                      GROUP BY channel_id);
    CREATE UNIQUE INDEX games_one_open_per_channel ON games(channel_id)
     WHERE status IN ('lobby', 'running', 'suspended');
    """,
    # 4: each player's own reminders and quiet hours, across games
    """
    ALTER TABLE users ADD COLUMN reminders TEXT;   -- JSON list of hours before a deadline, or NULL
    ALTER TABLE users ADD COLUMN quiet TEXT;       -- "HH:MM-HH:MM Area/City", or NULL
    """,
    # 5: one process at a time delivers to one destination
    """
    CREATE TABLE outbox_claims (
        destination TEXT PRIMARY KEY,    -- "dm:USER" or "channel:CHANNEL"
        owner TEXT NOT NULL,             -- the process delivering
        until REAL NOT NULL              -- the claim lapses then (a process that died)
    );
    """,
    # 6: storage that grows by events, not by snapshots. Each change appends what it did to
    # the game's event log and script log (events); the engine state without those logs is kept every few
    # orders and at the end of each campaign turn (snapshots), so a load replays only the orders since. A
    # game stored before keeps its whole snapshot in games.snapshot until its next change moves it here.
    # And the game module that plays a game (the game-module contract).
    """
    ALTER TABLE games ADD COLUMN module TEXT NOT NULL DEFAULT 'napoleon';
    ALTER TABLE games ADD COLUMN snapshot_seq INTEGER;   -- the order of its latest snapshot (NULL: none)
    CREATE TABLE events (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,            -- the game's version after the change
        events_from INTEGER NOT NULL,    -- the event log was cut to this length (an /undo), then
        events BLOB NOT NULL,            -- grew by these events (zlib of a JSON list)
        log_from INTEGER NOT NULL,       -- the same for the script log
        log TEXT NOT NULL,               -- (JSON list of script lines)
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID;
    CREATE TABLE snapshots (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,            -- after this order
        state BLOB NOT NULL,             -- zlib of the engine state's JSON, without its two logs
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID;
    """,
    # 7: storage that stays bounded. Each snapshot's epoch (the module's: a campaign turn), so that only
    # the first of each epoch is kept beside the latest two (base.StoreBase._thin_snapshots); NULL for the
    # snapshots stored before, until the service reads them (Games.housekeeping). Delivered outbox items
    # are deleted after a grace period, and finished games' working rows folded away (docs/service.md).
    """
    ALTER TABLE snapshots ADD COLUMN epoch TEXT;  -- JSON of the module's epoch (NULL: not known yet)
    """,
    # 8: when the deadline ticker looks at a running game next (a deadline or a reminder may be due then;
    # NULL: no deadline), indexed, so that no tick reads every running game. Every change sets it to 0 (look
    # at the next tick), the tick to the next moment. The running games of before: looked at once.
    """
    ALTER TABLE games ADD COLUMN wake_at REAL;
    UPDATE games SET wake_at=0 WHERE status='running';
    CREATE INDEX games_wake ON games(wake_at) WHERE status='running';
    """,
    # 9: players' vacations (their clocks stop in every game they sit in: bot/service/clock.py). A game's
    # pace and time banks live in its settings; a game stored before has none and keeps its fixed deadline.
    """
    CREATE TABLE vacations (
        user_id INTEGER NOT NULL,
        start REAL NOT NULL,             -- the clocks stop then
        until REAL NOT NULL,             -- and run again then (moved to the moment /vacation end was said)
        created REAL NOT NULL,
        PRIMARY KEY (user_id, start)
    );
    """,
    # 10: ratings. Each finished game's result, written by the change that ends it (bot/ratings.py reads
    # them); the games finished before are filled in at start-up from their stored state
    # (Records.backfill). And each timeout, on the player's record.
    """
    CREATE TABLE results (
        game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        guild_id INTEGER NOT NULL,
        module TEXT NOT NULL,
        options TEXT NOT NULL,           -- JSON: the scenario (the game's options)
        finished REAL NOT NULL,
        placings TEXT NOT NULL,          -- JSON [[place, [role, ...]], ...]: 1 the winner
        seats TEXT NOT NULL,             -- JSON {role: user or null}
        rated INTEGER NOT NULL,
        why TEXT NOT NULL DEFAULT '',    -- why not rated: unrated | bot | self | no_result
        how TEXT NOT NULL DEFAULT 'end'  -- end | forfeit
    );
    CREATE INDEX results_guild ON results(guild_id, module, finished);
    CREATE TABLE timeouts (              -- every deadline passed for a player, kept when the game is gone
        game_id INTEGER NOT NULL,
        role TEXT NOT NULL,
        user_id INTEGER NOT NULL,
        at REAL NOT NULL,                -- the deadline that passed
        PRIMARY KEY (game_id, role, at)
    ) WITHOUT ROWID;
    CREATE INDEX timeouts_user ON timeouts(user_id);
    """,
    # 11: each player's private notes per game (/note: shown to that player alone, in their own export only)
    """
    CREATE TABLE notes (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        body TEXT NOT NULL,              -- the notes, one a line, in the order written
        updated REAL NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    """,
    # 12: leagues (bot/league.py, bot/service/leagues.py): a round robin among the players who join, its
    # pairings and the games started for them
    """
    CREATE TABLE leagues (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,     -- where it was made: its standings are pinned there
        games_channel INTEGER NOT NULL,  -- its games are started in threads of this channel
        host_id INTEGER NOT NULL,
        module TEXT NOT NULL,
        options TEXT NOT NULL,           -- JSON: the games' options
        mode TEXT NOT NULL,              -- sequential | concurrent
        status TEXT NOT NULL,            -- lobby | running | over
        round INTEGER NOT NULL DEFAULT 0,
        standings_message INTEGER NOT NULL DEFAULT 0,
        locale TEXT NOT NULL,
        created REAL NOT NULL
    );
    CREATE UNIQUE INDEX leagues_open ON leagues(channel_id) WHERE status<>'over';
    CREATE TABLE league_members (
        league_id INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        joined REAL NOT NULL,
        dropped REAL,                    -- dropped out then: their remaining games are forfeited
        PRIMARY KEY (league_id, user_id)
    );
    CREATE TABLE league_games (
        league_id INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
        round INTEGER NOT NULL,
        idx INTEGER NOT NULL,
        first_id INTEGER NOT NULL,       -- plays the game's first side
        second_id INTEGER NOT NULL,
        game_id INTEGER,                 -- once started
        winner TEXT,                     -- first | second | draw, once over
        forfeit INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (league_id, round, idx)
    );
    CREATE INDEX league_games_game ON league_games(game_id);
    """,
    # 13: a league's Discord effects through the outbox: each pairing's thread asked for once (asked, with
    # its outbox item in the same transaction) and the thread it got; the standings last asked for
    """
    ALTER TABLE league_games ADD COLUMN asked REAL;           -- when its thread was asked for (outbox)
    ALTER TABLE league_games ADD COLUMN thread_id INTEGER;    -- the thread (or forum post) it got
    ALTER TABLE leagues ADD COLUMN standings_text TEXT;       -- the standings last sent to be pinned
    """,
]
SCHEMA_VERSION = len(MIGRATIONS)
WAL_LIMIT = 1 << 20  # bytes of write-ahead log kept after a checkpoint
# bytes of write-ahead log after which a change asks for a checkpoint (SQLite's own default: 1,000 pages)
WAL_CHECKPOINT = 4 << 20


class _SqliteTx:
    """A transaction's statements, run on the write connection at once, in the caller's thread. A statement of
    a change takes microseconds; a trip to aiosqlite's thread for each took a turn of the event loop (tens of
    milliseconds with ten changes under way), and every other change waited that long for the write lock."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: tuple[Any, ...] = ()) -> int:
        return self.conn.execute(sql, params).rowcount

    async def fetchone(self, sql: str, params: tuple[Any, ...] = ()) -> Row | None:
        rows = self.conn.execute(sql, params).fetchall()  # every row: the statement is done before COMMIT
        return rows[0] if rows else None


class Store(StoreBase):
    """The SQLite store (``ESTAFETTE_DATABASE`` a file path; the default ``./estafette.db``)."""

    integrity_errors = (sqlite3.IntegrityError,)
    database_errors = (sqlite3.Error,)

    def __init__(self, path: str | Path, *, schema: int = SCHEMA_VERSION) -> None:
        self.path = str(path)
        self.schema = schema  # migrate up to this version (tests: an older database)
        self.db: aiosqlite.Connection | None = None  # writes (one transaction at a time)
        self.reader: aiosqlite.Connection | None = None  # reads: never sees a transaction in progress
        # One connection serves every game: writes take turns so that one game's transaction never swallows
        # another game's statement (different games still never wait on each other's rules work).
        self.write_lock = asyncio.Lock()
        self._checkpoint: asyncio.Task[None] | None = None

    async def open(self) -> None:
        # isolation_level=None: autocommit; ``_tx`` opens its own transactions explicitly.
        # check_same_thread off: the statements of changes and reads run on the raw connections in the event
        # loop's thread (``_tx``, ``_all``), the rest (opening, migrations, checkpoints) on aiosqlite's
        self.db = await aiosqlite.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.row_factory = aiosqlite.Row
        await self.db.execute_fetchall("PRAGMA busy_timeout=5000")
        if self.path != ":memory:":
            await self._wal()
        await self.db.execute("PRAGMA foreign_keys=ON")
        await self.db.execute("PRAGMA synchronous=NORMAL")
        # a checkpoint that empties the log cuts it back to this (else it stays at its largest, ~4 MB)
        await self.db.execute_fetchall(f"PRAGMA journal_size_limit={WAL_LIMIT}")
        # no checkpoint at a commit: a commit runs in the event loop's thread (``_tx``), and a checkpoint
        # writes and syncs the file; ``_checkpoint_soon`` runs it on aiosqlite's thread instead. (A statement
        # that answers rows is read to its end here: one left unread would keep the next COMMIT from ending.)
        await self.db.execute_fetchall("PRAGMA wal_autocheckpoint=0")
        await self.migrate(self.schema)
        # SQLite serves one bot process: claims on the outbox left by a process that died are void
        await self.db.execute("DELETE FROM outbox_claims")
        if self.path == ":memory:":
            self.reader = self.db  # one connection is the whole database
        else:
            self.reader = await aiosqlite.connect(self.path, isolation_level=None, check_same_thread=False)
            self.reader.row_factory = aiosqlite.Row
            await self.reader.execute_fetchall("PRAGMA busy_timeout=5000")

    async def _wal(self) -> None:
        """Write-ahead logging. Turning it on takes the file for a moment, and SQLite answers "database is
        locked" at once (without its busy timeout) while another process opening the same file holds it —
        two bot processes starting together: tried again for up to 5 s."""
        for attempt in range(50):
            try:
                await self._db.execute_fetchall("PRAGMA journal_mode=WAL")
                return
            except sqlite3.OperationalError as e:
                if "locked" not in str(e) or attempt == 49:
                    raise
                await asyncio.sleep(0.1)

    async def close(self) -> None:
        if self._checkpoint is not None:
            await asyncio.gather(self._checkpoint, return_exceptions=True)
            self._checkpoint = None
        # the store reads as closed before a connection closes on aiosqlite's thread: the statements of
        # ``_all`` and ``_tx`` run on the raw connections in this thread, and one running there while the
        # other thread closes its connection would use freed memory (a change under way finishes first:
        # the write lock)
        reader, self.reader = self.reader, None
        async with self.write_lock:
            db, self.db = self.db, None
        if reader is not None and reader is not db:
            await reader.close()
        if db is not None:
            await db.close()

    @property
    def is_open(self) -> bool:
        return self.db is not None

    async def tidy(self) -> None:
        """Copy the write-ahead log into the database and cut it to nothing (housekeeping), so that the
        files hold the data and little more. Changes wait meanwhile (the write lock): a read still running
        after 100 ms leaves the log as it is, and the next round tries again."""
        if self.path != ":memory:":
            async with self.write_lock:
                db = self._db
                await db.execute_fetchall("PRAGMA busy_timeout=100")
                try:
                    await db.execute_fetchall("PRAGMA wal_checkpoint(TRUNCATE)")
                finally:
                    await db.execute_fetchall("PRAGMA busy_timeout=5000")

    async def migrate(self, upto: int = SCHEMA_VERSION) -> int:
        """Run the migrations up to schema ``upto`` (tests build older databases with a lower one)."""
        db = self._db
        for _ in range(SCHEMA_VERSION + 1):
            # each step under the write lock, the version read inside it: two processes starting at once
            # on one file migrate once
            await db.execute("BEGIN IMMEDIATE")
            async with db.execute("PRAGMA user_version") as cur:
                row = await cur.fetchone()
            version = int(row[0]) if row else 0
            if version >= upto:
                await db.rollback()
                if version > SCHEMA_VERSION:
                    raise RuntimeError(
                        f"the database is at schema version {version}, newer than this program "
                        f"({SCHEMA_VERSION}); upgrade Estafette"
                    )
                break
            await db.rollback()
            try:  # one script, one transaction: ALTER TABLE and the version move together
                await db.executescript(
                    "BEGIN IMMEDIATE;\n"
                    + MIGRATIONS[version]
                    + f"\nPRAGMA user_version = {version + 1};\nCOMMIT;"
                )
            except sqlite3.OperationalError:
                if db.in_transaction:
                    await db.rollback()
                async with db.execute("PRAGMA user_version") as cur:
                    row = await cur.fetchone()
                if not row or int(row[0]) <= version:  # not another process's migration: a real failure
                    raise
        return upto

    @property
    def _db(self) -> aiosqlite.Connection:
        if self.db is None:
            raise RuntimeError("the store is not open")
        return self.db

    async def _all(self, sql: str, params: tuple[Any, ...] = ()) -> list[Row]:
        # at once, on the reader's raw connection: an indexed read takes microseconds, where a trip to
        # aiosqlite's thread waited a turn of a busy event loop (and handed the GIL over and back)
        reader = self.reader or self._db
        return list(reader._conn.execute(sql, params).fetchall())

    @contextlib.asynccontextmanager
    async def _tx(self) -> AsyncIterator[_SqliteTx]:
        # the write lock first (a change waits for the one before without blocking the loop), then the whole
        # transaction at once on the raw connection: nothing in it waits for the loop, so the lock is held
        # for the statements' own time and a cancelled change never leaves half a transaction
        async with self.write_lock:
            conn = (
                self._db._conn
            )  # inside the lock: a store closed meanwhile says so, no closed connection used
            if conn.in_transaction:  # left open by a statement run through aiosqlite that failed
                conn.rollback()
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield _SqliteTx(conn)
            except BaseException:
                if conn.in_transaction:
                    conn.rollback()
                raise
            try:
                conn.commit()
            except sqlite3.Error as e:
                if conn.in_transaction:
                    conn.rollback()
                raise StoreUnavailable(str(e)) from e
        self._checkpoint_soon()

    def _checkpoint_soon(self) -> None:
        """Once the write-ahead log has grown past ``WAL_CHECKPOINT``, copy it into the database on
        aiosqlite's thread, changes waiting meanwhile (the write lock), the event loop not."""
        if self.path == ":memory:" or (self._checkpoint is not None and not self._checkpoint.done()):
            return
        try:
            if os.stat(self.path + "-wal").st_size < WAL_CHECKPOINT:
                return
        except OSError:
            return
        self._checkpoint = asyncio.get_running_loop().create_task(
            self._copy_log(), name="estafette-checkpoint"
        )

    async def _copy_log(self) -> None:
        async with self.write_lock:
            if self.db is None:
                return
            try:
                await self.db.execute_fetchall("PRAGMA wal_checkpoint(PASSIVE)")
            except sqlite3.Error as e:  # the next change past the size asks again
                log.warning("the write-ahead log could not be copied into the database: %s", e)
