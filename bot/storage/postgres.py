"""The PostgreSQL backend: several bot processes on one database server.

``ESTAFETTE_DATABASE=postgresql://user@host/db``. The same statements as SQLite (``base.StoreBase``), through
an asyncpg pool; migrations tracked in ``estafette_schema`` and run under an advisory lock, so that two
processes starting at once migrate once. A change holds the game's advisory lock from reading the row to
its commit (``game_lock``): two processes never change one game at once, and the compare-and-set on the
row's revision stays the last guard. Outbox destinations are claimed in ``outbox_claims`` (``claim``), so
one process at a time delivers to one channel or player, in order."""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator
from typing import Any

import asyncpg

from .base import DUE_BATCH, DUE_LEASE, Row, StoreBase

LOCK_SPACE = 0x4553  # "ES": the first key of Estafette's advisory locks (the game id is the second)
MIGRATION_LOCK = 0  # the second key while migrating

# Each entry upgrades the schema by one version. Never edit a released entry: add one.
PG_MIGRATIONS: list[str] = [
    # 1: the schema of SQLite's version 5, in PostgreSQL's words (Discord ids are 64-bit)
    """
    CREATE TABLE games (
        id BIGSERIAL PRIMARY KEY,
        guild_id BIGINT NOT NULL,
        channel_id BIGINT NOT NULL,
        host_id BIGINT NOT NULL,
        options TEXT NOT NULL,
        seed BIGINT NOT NULL,
        status TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        version INTEGER NOT NULL DEFAULT 0,
        snapshot TEXT,
        settings TEXT NOT NULL DEFAULT '{}',
        rev INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX games_channel ON games(channel_id, status);
    CREATE UNIQUE INDEX games_one_open_per_channel ON games(channel_id)
     WHERE status IN ('lobby', 'running', 'suspended');
    CREATE TABLE seats (
        game_id BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        role TEXT NOT NULL,
        user_id BIGINT,
        is_bot INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, role)
    );
    CREATE INDEX seats_user ON seats(user_id);
    CREATE TABLE spectators (
        game_id BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        channel_id BIGINT NOT NULL,
        PRIMARY KEY (game_id, channel_id)
    );
    CREATE TABLE orders (
        game_id BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        role TEXT NOT NULL,
        user_id BIGINT,
        text TEXT NOT NULL,
        interaction_id TEXT UNIQUE,
        created DOUBLE PRECISION NOT NULL,
        reply TEXT,
        PRIMARY KEY (game_id, seq)
    );
    CREATE TABLE preferences (
        game_id BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        user_id BIGINT NOT NULL,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (game_id, user_id, key)
    );
    CREATE TABLE outbox (
        id BIGSERIAL PRIMARY KEY,
        game_id BIGINT NOT NULL,
        rev INTEGER NOT NULL,
        kind TEXT NOT NULL,
        target BIGINT NOT NULL,
        body TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_at DOUBLE PRECISION NOT NULL DEFAULT 0,
        done DOUBLE PRECISION,
        error TEXT
    );
    CREATE INDEX outbox_pending ON outbox(done, next_at);
    CREATE TABLE users (
        user_id BIGINT PRIMARY KEY,
        locale TEXT,
        dms_closed_since DOUBLE PRECISION,
        reminders TEXT,
        quiet TEXT
    );
    CREATE TABLE imports (
        game_id BIGINT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        script TEXT NOT NULL
    );
    CREATE TABLE outbox_claims (
        destination TEXT PRIMARY KEY,
        owner TEXT NOT NULL,
        until DOUBLE PRECISION NOT NULL
    );
    """,
    # 2 (SQLite's 6): storage that grows by events, not by snapshots, and the game module (sqlite.py)
    """
    ALTER TABLE games ADD COLUMN module TEXT NOT NULL DEFAULT 'napoleon';
    ALTER TABLE games ADD COLUMN snapshot_seq INTEGER;
    CREATE TABLE events (
        game_id BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        events_from INTEGER NOT NULL,
        events BYTEA NOT NULL,
        log_from INTEGER NOT NULL,
        log TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    CREATE TABLE snapshots (
        game_id BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        state BYTEA NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    """,
    # 3 (SQLite's 7): each snapshot's epoch, for keeping storage bounded (sqlite.py)
    """
    ALTER TABLE snapshots ADD COLUMN epoch TEXT;
    """,
    # 4 (SQLite's 8): when the deadline ticker looks at a running game next, indexed (sqlite.py)
    """
    ALTER TABLE games ADD COLUMN wake_at DOUBLE PRECISION;
    UPDATE games SET wake_at=0 WHERE status='running';
    CREATE INDEX games_wake ON games(wake_at) WHERE status='running';
    """,
    # 5 (SQLite's 9): players' vacations (sqlite.py)
    """
    CREATE TABLE vacations (
        user_id BIGINT NOT NULL,
        start DOUBLE PRECISION NOT NULL,
        until DOUBLE PRECISION NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (user_id, start)
    );
    """,
    # 6 (SQLite's 10): finished games' results for ratings, and timeouts (sqlite.py)
    """
    CREATE TABLE results (
        game_id BIGINT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        guild_id BIGINT NOT NULL,
        module TEXT NOT NULL,
        options TEXT NOT NULL,
        finished DOUBLE PRECISION NOT NULL,
        placings TEXT NOT NULL,
        seats TEXT NOT NULL,
        rated INTEGER NOT NULL,
        why TEXT NOT NULL DEFAULT '',
        how TEXT NOT NULL DEFAULT 'end'
    );
    CREATE INDEX results_guild ON results(guild_id, module, finished);
    CREATE TABLE timeouts (
        game_id BIGINT NOT NULL,
        role TEXT NOT NULL,
        user_id BIGINT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, role, at)
    );
    CREATE INDEX timeouts_user ON timeouts(user_id);
    """,
    # 7 (SQLite's 11): each player's private notes per game (sqlite.py)
    """
    CREATE TABLE notes (
        game_id BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        user_id BIGINT NOT NULL,
        body TEXT NOT NULL,
        updated DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    """,
    # 8 (SQLite's 12): leagues, their players and their games (sqlite.py)
    """
    CREATE TABLE leagues (
        id BIGSERIAL PRIMARY KEY,
        guild_id BIGINT NOT NULL,
        channel_id BIGINT NOT NULL,
        games_channel BIGINT NOT NULL,
        host_id BIGINT NOT NULL,
        module TEXT NOT NULL,
        options TEXT NOT NULL,
        mode TEXT NOT NULL,
        status TEXT NOT NULL,
        round INTEGER NOT NULL DEFAULT 0,
        standings_message BIGINT NOT NULL DEFAULT 0,
        locale TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL
    );
    CREATE UNIQUE INDEX leagues_open ON leagues(channel_id) WHERE status<>'over';
    CREATE TABLE league_members (
        league_id BIGINT NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
        user_id BIGINT NOT NULL,
        joined DOUBLE PRECISION NOT NULL,
        dropped DOUBLE PRECISION,
        PRIMARY KEY (league_id, user_id)
    );
    CREATE TABLE league_games (
        league_id BIGINT NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
        round INTEGER NOT NULL,
        idx INTEGER NOT NULL,
        first_id BIGINT NOT NULL,
        second_id BIGINT NOT NULL,
        game_id BIGINT,
        winner TEXT,
        forfeit INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (league_id, round, idx)
    );
    CREATE INDEX league_games_game ON league_games(game_id);
    """,
    # 9 (SQLite's 13): a league's threads and standings through the outbox (sqlite.py)
    """
    ALTER TABLE league_games ADD COLUMN asked DOUBLE PRECISION;
    ALTER TABLE league_games ADD COLUMN thread_id BIGINT;
    ALTER TABLE leagues ADD COLUMN standings_text TEXT;
    """,
]
PG_SCHEMA_VERSION = len(PG_MIGRATIONS)
_MARK = re.compile(r"\?")


def _pg(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1, $2, ...``."""
    n = 0

    def number(_m: re.Match[str]) -> str:
        nonlocal n
        n += 1
        return f"${n}"

    return _MARK.sub(number, sql)


def _changed(status: str) -> int:
    """Rows changed, from asyncpg's command status ("UPDATE 1", "INSERT 0 1")."""
    tail = status.rsplit(" ", 1)[-1]
    return int(tail) if tail.isdigit() else 0


class _PgTx:
    def __init__(self, con: asyncpg.Connection) -> None:
        self.con = con

    async def execute(self, sql: str, params: tuple[Any, ...] = ()) -> int:
        return _changed(await self.con.execute(_pg(sql), *params))

    async def fetchone(self, sql: str, params: tuple[Any, ...] = ()) -> Row | None:
        row: Row | None = await self.con.fetchrow(_pg(sql), *params)  # asyncpg has no types: a Record
        return row


class PostgresStore(StoreBase):
    """The PostgreSQL store (``ESTAFETTE_DATABASE`` a ``postgresql://`` URL)."""

    integrity_errors = (asyncpg.IntegrityConstraintViolationError,)
    # InternalClientError: asyncpg's own, on a connection the server dropped in the middle of an operation
    # ("cannot switch to state ..."), met at a server restart in the soak: the connection's, not the data's
    database_errors = (asyncpg.PostgresError, asyncpg.InterfaceError, asyncpg.InternalClientError, OSError)

    def __init__(self, url: str, *, pool_size: int = 10, schema: int = PG_SCHEMA_VERSION) -> None:
        self.url = url
        self.schema = schema  # migrate up to this version (tests: an older database)
        self.pool_size = pool_size
        self.pool: asyncpg.Pool | None = None
        # a change holds one connection for its lock and needs another for its statements: at most half
        # the pool may hold locks, or changes could wait on each other for connections for ever
        self._lockers = asyncio.Semaphore(max(1, pool_size // 2))

    async def open(self) -> None:
        self.pool = await asyncpg.create_pool(self.url, min_size=1, max_size=self.pool_size)
        await self.migrate()

    async def close(self) -> None:
        if self.pool is not None:
            await self.pool.close()
            self.pool = None

    @property
    def is_open(self) -> bool:
        return self.pool is not None

    @property
    def _pool(self) -> asyncpg.Pool:
        if self.pool is None:
            raise RuntimeError("the store is not open")
        return self.pool

    async def migrate(self) -> int:
        async with self._pool.acquire() as con:
            await con.execute("SELECT pg_advisory_lock($1, $2)", LOCK_SPACE, MIGRATION_LOCK)
            try:
                await con.execute("CREATE TABLE IF NOT EXISTS estafette_schema (version INTEGER NOT NULL)")
                version = await con.fetchval("SELECT MAX(version) FROM estafette_schema") or 0
                if version > PG_SCHEMA_VERSION:
                    raise RuntimeError(
                        f"the database is at schema version {version}, newer than this program "
                        f"({PG_SCHEMA_VERSION}); upgrade Estafette"
                    )
                for v in range(version, self.schema):
                    async with con.transaction():
                        await con.execute(PG_MIGRATIONS[v])
                        await con.execute("INSERT INTO estafette_schema (version) VALUES ($1)", v + 1)
            finally:
                await con.execute("SELECT pg_advisory_unlock($1, $2)", LOCK_SPACE, MIGRATION_LOCK)
        return self.schema

    async def _all(self, sql: str, params: tuple[Any, ...] = ()) -> list[Row]:
        async with self._pool.acquire() as con:
            return list(await con.fetch(_pg(sql), *params))

    @contextlib.asynccontextmanager
    async def _tx(self) -> AsyncIterator[_PgTx]:
        async with self._pool.acquire() as con, con.transaction():
            yield _PgTx(con)

    async def claim_due(self, now: float, lease: float = DUE_LEASE, limit: int = DUE_BATCH) -> list[int]:
        """As ``StoreBase.claim_due``, in one statement: the due rows another process is claiming at this
        instant are skipped (``SKIP LOCKED``), never waited for, so ticks of several processes at once
        share the due games between them and each game is handled by one."""
        async with self._pool.acquire() as con:
            rows = await con.fetch(
                "UPDATE games SET wake_at=$1 WHERE id IN (SELECT id FROM games WHERE status='running'"
                " AND wake_at <= $2 ORDER BY wake_at LIMIT $3 FOR UPDATE SKIP LOCKED)"
                " AND status='running' AND wake_at <= $2 RETURNING id",
                now + lease,
                now,
                limit,
            )
        return sorted(int(r["id"]) for r in rows)

    @contextlib.asynccontextmanager
    async def game_lock(self, game_id: int) -> AsyncIterator[None]:
        """The game's advisory lock, held on a connection of its own for the whole change."""
        async with self._lockers, self._pool.acquire() as con:
            await con.execute("SELECT pg_advisory_lock($1, $2)", LOCK_SPACE, game_id)
            try:
                yield
            finally:
                await con.execute("SELECT pg_advisory_unlock($1, $2)", LOCK_SPACE, game_id)
