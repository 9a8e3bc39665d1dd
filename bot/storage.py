"""Storage: SQLite through aiosqlite, WAL mode, a versioned schema with migrations run at start-up.

Every change to a game is written by one call, ``commit``, in one transaction: the game's row (status,
options, settings, seats, spectators, snapshot), the orders it accepted, the preferences it set and the
outbox items it produced (DESIGN, "Storage and recovery"). The write is a compare-and-set on the game's
``rev``: a writer that read an older row fails loudly (``StaleWrite``) and changes nothing. Interaction ids
are unique, so a retried interaction is applied once. One interface: a PostgreSQL store can stand beside
this one when the bot outgrows one machine (issue 5/6).
"""

from __future__ import annotations

import asyncio
import copy
import json
import sqlite3
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
    # 3 (issue 1/6): a revision for compare-and-set writes, the durable outbox, players across games, the
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
    # 4 (issue 3/6): each player's own reminders and quiet hours, across games
    """
    ALTER TABLE users ADD COLUMN reminders TEXT;   -- JSON list of hours before a deadline, or NULL
    ALTER TABLE users ADD COLUMN quiet TEXT;       -- "HH:MM-HH:MM Area/City", or NULL
    """,
]
SCHEMA_VERSION = len(MIGRATIONS)
OPEN = ("lobby", "running", "suspended")


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
    version: int  # orders accepted so far (the sequence number of the last one)
    snapshot: str | None
    settings: dict[str, Any] = field(default_factory=dict)
    seats: dict[str, tuple[int | None, bool]] = field(default_factory=dict)  # role -> (user, is_bot)
    spectators: list[int] = field(default_factory=list)
    rev: int = 0  # every committed change moves it on by one (compare-and-set)

    def copy(self) -> GameRow:
        return copy.deepcopy(self)


@dataclass
class OrderRow:
    seq: int
    role: str
    user_id: int | None
    text: str
    interaction_id: str | None
    reply: str | None


@dataclass
class NewOrder:
    """An order (or directive) a change accepted, to be stored with it."""

    role: str
    user_id: int | None
    text: str
    interaction_id: str | None = None
    reply: str | None = None


@dataclass
class OutboxRow:
    id: int
    game_id: int
    kind: str
    target: int
    body: dict[str, Any]
    attempts: int
    created: float
    next_at: float = 0.0
    error: str | None = None


@dataclass
class Commit:
    """What one change writes, all or nothing. ``rev`` is the revision the change read under the lock."""

    row: GameRow  # the new values (status, options, settings, seats, spectators, version)
    rev: int
    snapshot: str | None = None  # None: unchanged
    orders: list[NewOrder] = field(default_factory=list)
    outbox: list[tuple[str, int, dict[str, Any]]] = field(default_factory=list)  # (kind, target, body)
    preferences: list[tuple[int, str, Any]] = field(default_factory=list)  # (user, key, value or None)
    import_lines: list[str] | None = None
    seats_changed: bool = False
    spectators_changed: bool = False


class StoreError(Exception):
    """The database refused a write (disk full, locked, read-only): nothing was changed."""


class StaleWrite(StoreError):
    """A writer read the game at an older revision than the stored one: its change is refused. Under the
    game's lock this never happens; it means something wrote around the one path (issue 1/6)."""


class ChannelTaken(StoreError):
    """This channel already has an open game (the unique index refused a second one)."""


class BadRow(StoreError):
    """A game's row cannot be read (its JSON is damaged)."""


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
        # isolation_level=None: autocommit; ``commit`` opens its own transaction explicitly.
        self.db = await aiosqlite.connect(self.path, isolation_level=None)
        self.db.row_factory = aiosqlite.Row
        if self.path != ":memory:":
            await self.db.execute("PRAGMA journal_mode=WAL")
        await self.db.execute("PRAGMA foreign_keys=ON")
        await self.db.execute("PRAGMA synchronous=NORMAL")
        await self.db.execute("PRAGMA busy_timeout=5000")
        await self.migrate()

    async def close(self) -> None:
        if self.db is not None:
            await self.db.close()
            self.db = None

    async def migrate(self) -> int:
        db = self._db
        async with db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        version = int(row[0]) if row else 0
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

    async def _all(self, sql: str, params: tuple[Any, ...] = ()) -> list[aiosqlite.Row]:
        async with self._db.execute(sql, params) as cur:
            return list(await cur.fetchall())

    async def _one(self, sql: str, params: tuple[Any, ...] = ()) -> aiosqlite.Row | None:
        async with self._db.execute(sql, params) as cur:
            return await cur.fetchone()

    # --- games: reads -----------------------------------------------------------------------------------
    async def _fill(self, row: aiosqlite.Row) -> GameRow:
        try:
            options = json.loads(row["options"])
            settings = json.loads(row["settings"])
            if not isinstance(options, dict) or not isinstance(settings, dict):
                raise ValueError("options and settings must be JSON objects")
        except (ValueError, TypeError) as e:
            raise BadRow(f"game {row['id']}: its row cannot be read ({e})") from None
        g = GameRow(
            row["id"],
            row["guild_id"],
            row["channel_id"],
            row["host_id"],
            options,
            row["seed"],
            row["status"],
            row["created"],
            row["version"],
            row["snapshot"],
            settings,
            rev=row["rev"],
        )
        for r in await self._all("SELECT role, user_id, is_bot FROM seats WHERE game_id=?", (g.id,)):
            g.seats[r["role"]] = (r["user_id"], bool(r["is_bot"]))
        g.spectators = [
            r["channel_id"]
            for r in await self._all(
                "SELECT channel_id FROM spectators WHERE game_id=? ORDER BY channel_id", (g.id,)
            )
        ]
        return g

    async def game(self, game_id: int) -> GameRow | None:
        row = await self._one("SELECT * FROM games WHERE id=?", (game_id,))
        return await self._fill(row) if row else None

    async def game_id_in_channel(self, channel_id: int, *, finished: bool = False) -> int | None:
        """The open game (lobby, running or suspended) bound to a channel; with ``finished``, the channel's
        latest game even if it is over (for /game status, map, log and export after the end)."""
        statuses = (*OPEN, "over", "aborted") if finished else OPEN
        marks = ",".join("?" * len(statuses))
        row = await self._one(
            f"SELECT id FROM games WHERE channel_id=? AND status IN ({marks}) ORDER BY id DESC LIMIT 1",
            (channel_id, *statuses),
        )
        return int(row["id"]) if row else None

    async def game_in_channel(self, channel_id: int, *, finished: bool = False) -> GameRow | None:
        gid = await self.game_id_in_channel(channel_id, finished=finished)
        return await self.game(gid) if gid is not None else None

    async def game_ids(self, *status: str) -> list[int]:
        """Ids of the games in these states, without reading their rows (a damaged row must not stop the
        listing of the others)."""
        marks = ",".join("?" * len(status))
        rows = await self._all(f"SELECT id FROM games WHERE status IN ({marks}) ORDER BY id", status)
        return [int(r["id"]) for r in rows]

    async def games_with_status(self, *status: str) -> list[GameRow]:
        return [g for g in [await self.game(i) for i in await self.game_ids(*status)] if g is not None]

    async def games_of_user(self, user_id: int) -> list[int]:
        rows = await self._all(
            "SELECT DISTINCT game_id FROM seats WHERE user_id=? ORDER BY game_id", (user_id,)
        )
        return [int(r["game_id"]) for r in rows]

    async def orders(self, game_id: int, upto: int | None = None) -> list[OrderRow]:
        sql, params = "SELECT * FROM orders WHERE game_id=? ORDER BY seq", (game_id,)
        if upto is not None:
            sql, params = "SELECT * FROM orders WHERE game_id=? AND seq<=? ORDER BY seq", (game_id, upto)
        return [
            OrderRow(r["seq"], r["role"], r["user_id"], r["text"], r["interaction_id"], r["reply"])
            for r in await self._all(sql, params)
        ]

    async def order_count(self, game_id: int) -> tuple[int, int]:
        """How many orders a game has stored, and the highest sequence number."""
        row = await self._one(
            "SELECT COUNT(*), COALESCE(MAX(seq), 0) FROM orders WHERE game_id=?", (game_id,)
        )
        assert row is not None
        return int(row[0]), int(row[1])

    async def find_interaction(self, interaction_id: str) -> OrderRow | None:
        r = await self._one("SELECT * FROM orders WHERE interaction_id=?", (interaction_id,))
        return (
            OrderRow(r["seq"], r["role"], r["user_id"], r["text"], r["interaction_id"], r["reply"])
            if r
            else None
        )

    async def import_lines(self, game_id: int) -> list[str] | None:
        r = await self._one("SELECT script FROM imports WHERE game_id=?", (game_id,))
        return list(json.loads(r["script"])) if r else None

    async def preferences(self, game_id: int) -> dict[int, dict[str, Any]]:
        out: dict[int, dict[str, Any]] = {}
        for r in await self._all("SELECT user_id, key, value FROM preferences WHERE game_id=?", (game_id,)):
            try:
                out.setdefault(r["user_id"], {})[r["key"]] = json.loads(r["value"])
            except ValueError:
                continue  # a damaged preference is as good as none
        return out

    # --- games: the one write path ------------------------------------------------------------------------
    async def create_game(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        options: dict[str, Any],
        seed: int,
        settings: dict[str, Any],
    ) -> int:
        try:
            async with self.write_lock:
                cur = await self._db.execute(
                    "INSERT INTO games"
                    " (guild_id, channel_id, host_id, options, seed, status, created, settings)"
                    " VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?)",
                    (
                        guild_id,
                        channel_id,
                        host_id,
                        json.dumps(options),
                        seed,
                        time.time(),
                        json.dumps(settings),
                    ),
                )
        except sqlite3.IntegrityError:
            raise ChannelTaken(f"channel {channel_id} already has an open game") from None
        except sqlite3.Error as e:
            raise StoreError(str(e)) from e
        assert cur.lastrowid is not None
        return cur.lastrowid

    async def commit(self, c: Commit) -> list[int]:
        """Write one change in one transaction, if the game is still at revision ``c.rev``. Returns the ids
        of the outbox items written. Raises StaleWrite (nothing written) if another change came first,
        DuplicateInteraction if an order's interaction was stored already, StoreError if the database
        refuses."""
        db = self._db
        r = c.row
        async with self.write_lock:
            try:
                await db.execute("BEGIN IMMEDIATE")
                cur = await db.execute(
                    "UPDATE games SET rev=rev+1, status=?, options=?, settings=?, version=?, host_id=?,"
                    " snapshot=COALESCE(?, snapshot) WHERE id=? AND rev=?",
                    (
                        r.status,
                        json.dumps(r.options),
                        json.dumps(r.settings),
                        r.version,
                        r.host_id,
                        c.snapshot,
                        r.id,
                        c.rev,
                    ),
                )
                if cur.rowcount != 1:
                    await db.rollback()
                    raise StaleWrite(f"game {r.id}: written since revision {c.rev} was read")
                if c.seats_changed:
                    await db.execute("DELETE FROM seats WHERE game_id=?", (r.id,))
                    await db.executemany(
                        "INSERT INTO seats (game_id, role, user_id, is_bot) VALUES (?,?,?,?)",
                        [(r.id, role, u, int(b)) for role, (u, b) in r.seats.items()],
                    )
                if c.spectators_changed:
                    await db.execute("DELETE FROM spectators WHERE game_id=?", (r.id,))
                    await db.executemany(
                        "INSERT INTO spectators (game_id, channel_id) VALUES (?,?)",
                        [(r.id, ch) for ch in r.spectators],
                    )
                seq = r.version - len(c.orders)
                now = time.time()
                for o in c.orders:
                    seq += 1
                    await db.execute(
                        "INSERT INTO orders"
                        " (game_id, seq, role, user_id, text, interaction_id, created, reply)"
                        " VALUES (?,?,?,?,?,?,?,?)",
                        (r.id, seq, o.role, o.user_id, o.text, o.interaction_id, now, o.reply),
                    )
                for user, key, value in c.preferences:
                    if value is None:
                        await db.execute(
                            "DELETE FROM preferences WHERE game_id=? AND user_id=? AND key=?",
                            (r.id, user, key),
                        )
                    else:
                        await db.execute(
                            "INSERT OR REPLACE INTO preferences (game_id, user_id, key, value)"
                            " VALUES (?,?,?,?)",
                            (r.id, user, key, json.dumps(value)),
                        )
                if c.import_lines is not None:
                    await db.execute(
                        "INSERT OR REPLACE INTO imports (game_id, script) VALUES (?,?)",
                        (r.id, json.dumps(c.import_lines)),
                    )
                ids = []
                for kind, target, body in c.outbox:
                    cur = await db.execute(
                        "INSERT INTO outbox (game_id, rev, kind, target, body, created) VALUES (?,?,?,?,?,?)",
                        (r.id, c.rev + 1, kind, target, json.dumps(body), now),
                    )
                    assert cur.lastrowid is not None
                    ids.append(cur.lastrowid)
                await db.commit()
            except StaleWrite:
                raise
            except sqlite3.IntegrityError as e:
                await db.rollback()
                for o in c.orders:
                    if o.interaction_id is not None:
                        prev = await self.find_interaction(o.interaction_id)
                        if prev is not None:
                            raise DuplicateInteraction(prev.reply) from None
                raise StoreError(str(e)) from e
            except sqlite3.Error as e:
                if db.in_transaction:
                    await db.rollback()
                raise StoreError(str(e)) from e
        return ids

    async def suspend(self, game_id: int) -> None:
        """Suspend a game whose row or snapshot failed its start-up check (the row may be unreadable, so
        this is the one write that does not go through ``commit``; it moves the revision on all the same)."""
        async with self.write_lock:
            await self._db.execute("UPDATE games SET status='suspended', rev=rev+1 WHERE id=?", (game_id,))

    # --- the outbox ----------------------------------------------------------------------------------------
    async def outbox_due(self, now: float, limit: int = 200) -> list[OutboxRow]:
        rows = await self._all(
            "SELECT * FROM outbox WHERE done IS NULL AND next_at <= ? ORDER BY id LIMIT ?", (now, limit)
        )
        return [self._outbox_row(r) for r in rows]

    async def outbox_pending(self, *, kind: str | None = None, target: int | None = None) -> list[OutboxRow]:
        sql, params = "SELECT * FROM outbox WHERE done IS NULL", []
        if kind is not None:
            sql += " AND kind=?"
            params.append(kind)
        if target is not None:
            sql += " AND target=?"
            params.append(target)
        return [self._outbox_row(r) for r in await self._all(sql + " ORDER BY id", tuple(params))]

    async def outbox_all(self) -> list[tuple[OutboxRow, float | None, str | None]]:
        rows = await self._all("SELECT * FROM outbox ORDER BY id")
        return [(self._outbox_row(r), r["done"], r["error"]) for r in rows]

    @staticmethod
    def _outbox_row(r: aiosqlite.Row) -> OutboxRow:
        try:
            body = json.loads(r["body"])
        except ValueError:
            body = {}
        return OutboxRow(
            r["id"],
            r["game_id"],
            r["kind"],
            r["target"],
            body,
            r["attempts"],
            r["created"],
            r["next_at"],
            r["error"],
        )

    async def outbox_done(self, item_id: int, error: str | None = None) -> None:
        async with self.write_lock:
            await self._db.execute(
                "UPDATE outbox SET done=?, attempts=attempts+1, error=? WHERE id=?",
                (time.time(), error, item_id),
            )

    async def outbox_retry(self, item_id: int, next_at: float, error: str) -> None:
        async with self.write_lock:
            await self._db.execute(
                "UPDATE outbox SET attempts=attempts+1, next_at=?, error=? WHERE id=?",
                (next_at, error, item_id),
            )

    # --- players (across games) --------------------------------------------------------------------------
    async def user_locale(self, user_id: int) -> str | None:
        r = await self._one("SELECT locale FROM users WHERE user_id=?", (user_id,))
        return r["locale"] if r else None

    async def set_user_locale(self, user_id: int, locale: str) -> None:
        """A player's language, as last seen: not part of any game, so a reader may write it."""
        async with self.write_lock:
            await self._db.execute(
                "INSERT INTO users (user_id, locale) VALUES (?,?) "
                "ON CONFLICT(user_id) DO UPDATE SET locale=excluded.locale",
                (user_id, locale),
            )

    async def reminder_prefs(self, user_ids: list[int]) -> dict[int, tuple[list[float] | None, str | None]]:
        """Each player's own reminder hours (None: the game's) and quiet hours (None: none)."""
        if not user_ids:
            return {}
        marks = ",".join("?" * len(user_ids))
        out: dict[int, tuple[list[float] | None, str | None]] = {}
        for r in await self._all(
            f"SELECT user_id, reminders, quiet FROM users WHERE user_id IN ({marks})", tuple(user_ids)
        ):
            try:
                hours = [float(h) for h in json.loads(r["reminders"])] if r["reminders"] else None
            except (ValueError, TypeError):
                hours = None
            out[int(r["user_id"])] = (hours, r["quiet"])
        return out

    async def set_user_pref(self, user_id: int, key: str, value: str | None) -> None:
        """``reminders`` or ``quiet`` of a player (across games)."""
        assert key in ("reminders", "quiet")
        async with self.write_lock:
            await self._db.execute(
                f"INSERT INTO users (user_id, {key}) VALUES (?,?) "
                f"ON CONFLICT(user_id) DO UPDATE SET {key}=excluded.{key}",
                (user_id, value),
            )

    async def dms_closed_since(self, user_id: int) -> float | None:
        r = await self._one("SELECT dms_closed_since FROM users WHERE user_id=?", (user_id,))
        return r["dms_closed_since"] if r else None

    async def set_dms_closed(self, user_id: int, since: float | None) -> None:
        async with self.write_lock:
            await self._db.execute(
                "INSERT INTO users (user_id, dms_closed_since) VALUES (?,?) "
                "ON CONFLICT(user_id) DO UPDATE SET dms_closed_since=excluded.dms_closed_since",
                (user_id, since),
            )
