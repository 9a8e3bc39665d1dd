"""Storage: SQLite through aiosqlite, WAL mode, a versioned schema with migrations run at start-up.

Each accepted order is stored in the same transaction as the game's new snapshot (DESIGN, "Storage and
recovery"); interaction ids are unique, so a retried interaction is applied once. One interface: a
PostgreSQL store can stand beside this one when the bot outgrows one machine.
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiosqlite

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
]
SCHEMA_VERSION = len(MIGRATIONS)


@dataclass
class GameRow:
    id: int
    guild_id: int
    channel_id: int
    host_id: int
    options: dict[str, Any]
    seed: int
    status: str
    created: float
    version: int
    snapshot: str | None
    settings: dict[str, Any] = field(default_factory=dict)
    seats: dict[str, tuple[int | None, bool]] = field(default_factory=dict)  # role -> (user, is_bot)
    spectators: list[int] = field(default_factory=list)


@dataclass
class OrderRow:
    seq: int
    role: str
    user_id: int | None
    text: str
    interaction_id: str | None
    reply: str | None


class DuplicateInteraction(Exception):
    """This interaction id was already stored: the order it carried has been applied once already."""

    def __init__(self, reply: str | None) -> None:
        super().__init__("interaction already applied")
        self.reply = reply


class Store:
    """The storage interface the service uses (SQLite by default)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self.db: aiosqlite.Connection | None = None
        # One connection serves every game: writes take turns so that one game's transaction never swallows
        # another game's statement (different games still never wait on each other's rules work).
        self.write_lock = asyncio.Lock()

    async def open(self) -> None:
        # isolation_level=None: autocommit; ``record`` opens its own transaction explicitly.
        self.db = await aiosqlite.connect(self.path, isolation_level=None)
        self.db.row_factory = aiosqlite.Row
        if self.path != ":memory:":
            await self.db.execute("PRAGMA journal_mode=WAL")
        await self.db.execute("PRAGMA foreign_keys=ON")
        await self.db.execute("PRAGMA synchronous=NORMAL")
        await self.migrate()

    async def close(self) -> None:
        if self.db is not None:
            await self.db.close()
            self.db = None

    async def migrate(self) -> int:
        db = self._db
        async with db.execute("PRAGMA user_version") as cur:
            (version,) = await cur.fetchone()
        if version > SCHEMA_VERSION:
            raise RuntimeError(
                f"the database is at schema version {version}, newer than this program "
                f"({SCHEMA_VERSION}); upgrade Estafette"
            )
        for v in range(version, SCHEMA_VERSION):
            await db.executescript("BEGIN;\n" + MIGRATIONS[v] + f"\nPRAGMA user_version = {v + 1};\nCOMMIT;")
        return SCHEMA_VERSION

    @property
    def _db(self) -> aiosqlite.Connection:
        if self.db is None:
            raise RuntimeError("the store is not open")
        return self.db

    # --- games --------------------------------------------------------------------------------------------
    async def create_game(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        options: dict[str, Any],
        seed: int,
        settings: dict[str, Any],
    ) -> int:
        db = self._db
        async with self.write_lock:
            cur = await db.execute(
                "INSERT INTO games (guild_id, channel_id, host_id, options, seed, status, created, settings) "
                "VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?)",
                (guild_id, channel_id, host_id, json.dumps(options), seed, time.time(), json.dumps(settings)),
            )
        await db.commit()
        assert cur.lastrowid is not None
        return cur.lastrowid

    async def _fill(self, row: aiosqlite.Row) -> GameRow:
        g = GameRow(
            row["id"],
            row["guild_id"],
            row["channel_id"],
            row["host_id"],
            json.loads(row["options"]),
            row["seed"],
            row["status"],
            row["created"],
            row["version"],
            row["snapshot"],
            json.loads(row["settings"]),
        )
        async with self._db.execute(
            "SELECT role, user_id, is_bot FROM seats WHERE game_id=?", (g.id,)
        ) as cur:
            for r in await cur.fetchall():
                g.seats[r["role"]] = (r["user_id"], bool(r["is_bot"]))
        async with self._db.execute(
            "SELECT channel_id FROM spectators WHERE game_id=? ORDER BY channel_id", (g.id,)
        ) as cur:
            g.spectators = [r["channel_id"] for r in await cur.fetchall()]
        return g

    async def game(self, game_id: int) -> GameRow | None:
        async with self._db.execute("SELECT * FROM games WHERE id=?", (game_id,)) as cur:
            row = await cur.fetchone()
        return await self._fill(row) if row else None

    async def game_in_channel(self, channel_id: int, *, finished: bool = False) -> GameRow | None:
        """The open game (lobby, running or suspended) bound to a channel; with ``finished``, the channel's
        latest game even if it is over (for /game status, map, log and export after the end)."""
        statuses = (
            "('lobby','running','suspended','over','aborted')"
            if finished
            else "('lobby','running','suspended')"
        )
        async with self._db.execute(
            f"SELECT * FROM games WHERE channel_id=? AND status IN {statuses} ORDER BY id DESC LIMIT 1",
            (channel_id,),
        ) as cur:
            row = await cur.fetchone()
        return await self._fill(row) if row else None

    async def games_with_status(self, *status: str) -> list[GameRow]:
        q = f"SELECT * FROM games WHERE status IN ({','.join('?' * len(status))}) ORDER BY id"
        async with self._db.execute(q, status) as cur:
            rows = await cur.fetchall()
        return [await self._fill(r) for r in rows]

    async def set_status(self, game_id: int, status: str) -> None:
        await self._write("UPDATE games SET status=? WHERE id=?", (status, game_id))

    async def set_settings(self, game_id: int, settings: dict[str, Any]) -> None:
        await self._write("UPDATE games SET settings=? WHERE id=?", (json.dumps(settings), game_id))

    async def set_options(self, game_id: int, options: dict[str, Any]) -> None:
        await self._write("UPDATE games SET options=? WHERE id=?", (json.dumps(options), game_id))

    async def seat(self, game_id: int, role: str, user_id: int | None, is_bot: bool = False) -> None:
        await self._write(
            "INSERT OR REPLACE INTO seats (game_id, role, user_id, is_bot) VALUES (?,?,?,?)",
            (game_id, role, user_id, int(is_bot)),
        )

    async def unseat(self, game_id: int, role: str) -> None:
        await self._write("DELETE FROM seats WHERE game_id=? AND role=?", (game_id, role))

    async def add_spectator(self, game_id: int, channel_id: int) -> None:
        await self._write(
            "INSERT OR IGNORE INTO spectators (game_id, channel_id) VALUES (?,?)", (game_id, channel_id)
        )

    async def remove_spectator(self, game_id: int, channel_id: int) -> None:
        await self._write("DELETE FROM spectators WHERE game_id=? AND channel_id=?", (game_id, channel_id))

    # --- orders and snapshots ------------------------------------------------------------------------------
    async def start(self, game_id: int, snapshot: str, version: int) -> None:
        await self._write(
            "UPDATE games SET status='running', snapshot=?, version=? WHERE id=?",
            (snapshot, version, game_id),
        )

    async def find_interaction(self, interaction_id: str) -> OrderRow | None:
        async with self._db.execute("SELECT * FROM orders WHERE interaction_id=?", (interaction_id,)) as cur:
            r = await cur.fetchone()
        return (
            OrderRow(r["seq"], r["role"], r["user_id"], r["text"], r["interaction_id"], r["reply"])
            if r
            else None
        )

    async def _write(self, sql: str, params: tuple = ()) -> None:
        async with self.write_lock:
            await self._db.execute(sql, params)

    async def record(
        self,
        game_id: int,
        seq: int,
        role: str,
        user_id: int | None,
        text: str,
        interaction_id: str | None,
        snapshot: str,
        reply: str | None,
        status: str | None = None,
    ) -> None:
        """Store one accepted order and the snapshot after it, in one transaction."""
        db = self._db
        async with self.write_lock:
            await self._record(db, game_id, seq, role, user_id, text, interaction_id, snapshot, reply, status)

    async def _record(
        self, db, game_id, seq, role, user_id, text, interaction_id, snapshot, reply, status
    ) -> None:
        try:
            await db.execute("BEGIN")
            await db.execute(
                "INSERT INTO orders (game_id, seq, role, user_id, text, interaction_id, created, reply) "
                "VALUES (?,?,?,?,?,?,?,?)",
                (game_id, seq, role, user_id, text, interaction_id, time.time(), reply),
            )
            await db.execute(
                "UPDATE games SET snapshot=?, version=?, status=COALESCE(?, status) WHERE id=?",
                (snapshot, seq, status, game_id),
            )
            await db.commit()
        except aiosqlite.IntegrityError:
            await db.rollback()
            if interaction_id is not None:
                prev = await self.find_interaction(interaction_id)
                if prev is not None:
                    raise DuplicateInteraction(prev.reply) from None
            raise

    async def orders(self, game_id: int) -> list[OrderRow]:
        async with self._db.execute("SELECT * FROM orders WHERE game_id=? ORDER BY seq", (game_id,)) as cur:
            rows = await cur.fetchall()
        return [
            OrderRow(r["seq"], r["role"], r["user_id"], r["text"], r["interaction_id"], r["reply"])
            for r in rows
        ]

    # --- preferences ---------------------------------------------------------------------------------------
    async def set_preference(self, game_id: int, user_id: int, key: str, value: Any) -> None:
        if value is None:
            await self._write(
                "DELETE FROM preferences WHERE game_id=? AND user_id=? AND key=?", (game_id, user_id, key)
            )
        else:
            await self._write(
                "INSERT OR REPLACE INTO preferences (game_id, user_id, key, value) VALUES (?,?,?,?)",
                (game_id, user_id, key, json.dumps(value)),
            )

    async def preferences(self, game_id: int) -> dict[int, dict[str, Any]]:
        out: dict[int, dict[str, Any]] = {}
        async with self._db.execute(
            "SELECT user_id, key, value FROM preferences WHERE game_id=?", (game_id,)
        ) as cur:
            for r in await cur.fetchall():
                out.setdefault(r["user_id"], {})[r["key"]] = json.loads(r["value"])
        return out
