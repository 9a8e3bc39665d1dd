"""The storage interface, written once for both backends (SQLite by default, PostgreSQL for several bot
processes; docs/service.md).

Every change to a game is written by one call, ``commit``, in one transaction: the game's row (status,
options, settings, seats, spectators), the orders it accepted, what it did to the game's event log and
script log (a row of ``events``), now and then a snapshot of the engine state (``snapshots``), the
preferences it set and the outbox items it produced (docs/service.md, "Storage and recovery"). The write is a
compare-and-set on the game's ``rev``: a writer that read an older row fails loudly (``StaleWrite``) and
changes nothing. Interaction ids are unique, so a retried interaction is applied once.

The SQL here is written with ``?`` placeholders; a backend supplies the connection primitives (``_all``,
``_one``, ``_exec``, ``_tx``), its error types, and whatever differs (migrations, the game lock)."""

from __future__ import annotations

import abc
import asyncio
import contextlib
import copy
import json
import logging
import time
import zlib
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..ratings import GameResult
from .settings import GameSettings

log = logging.getLogger("estafette.storage")
OPEN = ("lobby", "running", "suspended")
# seconds between the tries of a release of an outbox claim (``release``): a claim left behind lapses anyway
RELEASE_RETRIES = (0.05, 0.25, 1.0)
DUE_LEASE = 300.0  # seconds a tick's claim on a due game holds (a dead process's claim lapses then)
DUE_BATCH = 500  # due games claimed by one tick at most (the next tick takes the rest)
_NO_END = 2**31 - 1  # above every order number (an INTEGER column in PostgreSQL)


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
    # the whole engine game as stored before schema 6 (``Game.dumps``), until the game's next change moves
    # it to ``snapshots`` and ``events``; None for every game stored since
    snapshot: str | None
    settings: GameSettings = field(default_factory=GameSettings)
    seats: dict[str, tuple[int | None, bool]] = field(default_factory=dict)  # role -> (user, is_bot)
    spectators: list[int] = field(default_factory=list)
    rev: int = 0  # every committed change moves it on by one (compare-and-set)
    module: str = "napoleon"  # the game module that plays it (schema 6)
    snapshot_seq: int | None = None  # the order of the latest row of ``snapshots`` (None: none yet)

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
class History:
    """What one change did to a game's two growing logs: each was cut to a length (an ``/undo`` takes its
    order's events and line back; 0 for a game set anew) and then grew by the new entries. Folding the rows
    of a game in order rebuilds both logs (``StoreBase.history``)."""

    events_from: int
    events: list[dict[str, Any]]  # ``Event.to_dict`` forms
    log_from: int
    log: list[str]

    def to_row(self) -> tuple[int, bytes, int, str]:
        return self.events_from, pack(_json(self.events)), self.log_from, _json(self.log)


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def pack(text: str) -> bytes:
    """JSON as stored in a blob, compressed: a snapshot (``Game.dumps_state``) to about a tenth of its size,
    a change's events to about a third."""
    return zlib.compress(text.encode(), 6)


def unpack(blob: bytes) -> str:
    return zlib.decompress(bytes(blob)).decode()


@dataclass
class Commit:
    """What one change writes, all or nothing. ``rev`` is the revision the change read under the lock."""

    row: GameRow  # the new values (status, options, settings, seats, spectators, version, snapshot_seq)
    rev: int
    snapshot: bytes | None = None  # the engine state at ``row.version`` (``pack``), or None: none this time
    # the module's epoch at that snapshot (JSON): the first snapshot of each epoch is kept for good, the
    # others only while they are the latest or the one before it (``_commit_rest``)
    epoch: str | None = None
    history: History | None = None  # what the change did to the event log and the script log (None: nothing)
    clear_legacy: bool = False  # the game's pre-schema-6 snapshot is replaced by the rows written now
    orders: list[NewOrder] = field(default_factory=list)
    outbox: list[tuple[str, int, dict[str, Any]]] = field(default_factory=list)  # (kind, target, body)
    preferences: list[tuple[int, str, Any]] = field(default_factory=list)  # (user, key, value or None)
    import_lines: list[str] | None = None
    seats_changed: bool = False
    spectators_changed: bool = False
    result: GameResult | None = None  # the game's result, once it is over (ratings)
    timeouts: list[tuple[str, int, float]] = field(default_factory=list)  # (role, user, when) missed


def row_bytes(*values: Any) -> int:
    """The bytes of one row's values as a database stores them, give or take its own headers: text as
    UTF-8, blobs as they are, a number as 8 bytes, NULL as none."""
    n = 0
    for v in values:
        if isinstance(v, str):
            n += len(v.encode())
        elif isinstance(v, (bytes, bytearray)):
            n += len(v)
        elif v is not None:
            n += 8
    return n


def commit_sizes(c: Commit) -> dict[str, int]:
    """The bytes of the rows one commit writes, by table (deterministic: what ``bench/storage.py`` reports
    and the tests bound)."""
    r = c.row
    legacy = None if c.clear_legacy else r.snapshot
    out = {
        "games": row_bytes(
            r.id,
            r.guild_id,
            r.channel_id,
            r.host_id,
            json.dumps(r.options),
            r.seed,
            r.status,
            r.created,
            r.version,
            legacy,
            r.settings.dumps(),
            r.rev,
            r.module,
            r.snapshot_seq,
        ),
        "orders": sum(
            row_bytes(r.id, 0, o.role, o.user_id, o.text, o.interaction_id, 0.0, o.reply) for o in c.orders
        ),
        "events": row_bytes(r.id, r.version, *c.history.to_row()) if c.history else 0,
        "snapshots": row_bytes(r.id, r.version, c.snapshot, c.epoch) if c.snapshot else 0,
        "outbox": sum(
            row_bytes(0, r.id, 0, kind, target, json.dumps(body), 0.0, 0, 0.0)
            for kind, target, body in c.outbox
        ),
        "other": sum(row_bytes(r.id, u, k, json.dumps(v)) for u, k, v in c.preferences)
        + (sum(row_bytes(r.id, role, u, 0) for role, (u, _b) in r.seats.items()) if c.seats_changed else 0)
        + (len(r.spectators) * 16 if c.spectators_changed else 0)
        + (row_bytes(r.id, json.dumps(c.import_lines)) if c.import_lines is not None else 0),
    }
    return out


class StoreError(Exception):
    """The database refused a write (disk full, locked, read-only, gone): nothing was changed."""


class StoreUnavailable(StoreError):
    """The database could not be used just now (connection lost, read-only, a timeout, disk full): nothing
    was changed, and the same request may succeed in a moment. Never a sign that a game is damaged."""


class StaleWrite(StoreError):
    """A writer read the game at an older revision than the stored one: its change is refused. Under the
    game's lock this never happens; it means something wrote around the one path (docs/service.md)."""


class ChannelTaken(StoreError):
    """This channel already has an open game (the unique index refused a second one)."""


class BadRow(StoreError):
    """A game's row cannot be read (its JSON is damaged)."""


class DuplicateInteraction(Exception):
    """This interaction id was already stored: the order it carried has been applied once already."""

    def __init__(self, reply: str | None) -> None:
        super().__init__("interaction already applied")
        self.reply = reply


class Row(Protocol):
    def __getitem__(self, key: Any) -> Any: ...


class Tx(Protocol):
    """A transaction's statements (a backend's)."""

    async def execute(self, sql: str, params: tuple[Any, ...] = ()) -> int: ...  # rows changed

    async def fetchone(self, sql: str, params: tuple[Any, ...] = ()) -> Row | None: ...


class StoreBase(abc.ABC):
    """What the service uses, for both backends."""

    integrity_errors: tuple[type[BaseException], ...] = ()
    database_errors: tuple[type[BaseException], ...] = ()

    def unavailable(self, e: BaseException) -> bool:
        """Whether ``e`` is the database failing (connection lost, read-only, a timeout, disk full, locked),
        not the data being wrong: a reason to answer "try again in a moment", never to think a game damaged.
        A row that cannot be read (``BadRow``), a stale write and a constraint (``integrity_errors``) are the
        data's."""
        if isinstance(e, StoreUnavailable):
            return True
        if isinstance(e, (StoreError, *self.integrity_errors)):
            return False
        return isinstance(e, (*self.database_errors, OSError, TimeoutError))

    # --- a backend's primitives ---------------------------------------------------------------------
    @abc.abstractmethod
    async def open(self) -> None:
        """Connect and run the migrations."""

    @abc.abstractmethod
    async def close(self) -> None:
        """Disconnect."""

    @property
    @abc.abstractmethod
    def is_open(self) -> bool:
        """Whether ``open`` has connected."""

    @abc.abstractmethod
    async def _all(self, sql: str, params: tuple[Any, ...] = ()) -> list[Row]:
        """The rows of one query (``?`` placeholders)."""

    async def _one(self, sql: str, params: tuple[Any, ...] = ()) -> Row | None:
        rows = await self._all(sql, params)
        return rows[0] if rows else None

    async def _exec(self, sql: str, params: tuple[Any, ...] = ()) -> None:
        """One statement outside a change (outbox marks, players' settings)."""
        async with self._tx() as tx:
            await tx.execute(sql, params)

    @abc.abstractmethod
    def _tx(self) -> contextlib.AbstractAsyncContextManager[Tx]:
        """A transaction: committed when the block ends, rolled back if it raises."""

    @contextlib.asynccontextmanager
    async def game_lock(self, game_id: int) -> AsyncIterator[None]:
        """Held by a change from reading the row to its commit. In one process the service's own lock is
        enough; PostgreSQL adds an advisory lock so that two processes never change one game at once."""
        yield

    # --- games: reads -----------------------------------------------------------------------------------
    async def _fill(self, row: Row) -> GameRow:
        try:
            options = json.loads(row["options"])
            if not isinstance(options, dict):
                raise ValueError("options must be a JSON object")
            settings = GameSettings.loads(row["settings"])
        except (ValueError, TypeError) as e:
            raise BadRow(f"game {row['id']}: its row cannot be read ({e})") from None
        g = GameRow(
            int(row["id"]),
            int(row["guild_id"]),
            int(row["channel_id"]),
            int(row["host_id"]),
            options,
            int(row["seed"]),
            row["status"],
            float(row["created"]),
            int(row["version"]),
            row["snapshot"],
            settings,
            rev=int(row["rev"]),
            module=row["module"],
            snapshot_seq=int(row["snapshot_seq"]) if row["snapshot_seq"] is not None else None,
        )
        for r in await self._all("SELECT role, user_id, is_bot FROM seats WHERE game_id=?", (g.id,)):
            g.seats[r["role"]] = (int(r["user_id"]) if r["user_id"] is not None else None, bool(r["is_bot"]))
        g.spectators = [
            int(r["channel_id"])
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

    async def game_ids(self, *status: str) -> list[int]:
        """Ids of the games in these states, without reading their rows (a damaged row must not stop the
        listing of the others)."""
        marks = ",".join("?" * len(status))
        rows = await self._all(f"SELECT id FROM games WHERE status IN ({marks}) ORDER BY id", status)
        return [int(r["id"]) for r in rows]

    async def games_of_user(self, user_id: int) -> list[int]:
        rows = await self._all(
            "SELECT DISTINCT game_id FROM seats WHERE user_id=? ORDER BY game_id", (user_id,)
        )
        return [int(r["game_id"]) for r in rows]

    @staticmethod
    def _order(r: Row) -> OrderRow:
        user = int(r["user_id"]) if r["user_id"] is not None else None
        return OrderRow(int(r["seq"]), r["role"], user, r["text"], r["interaction_id"], r["reply"])

    async def orders(self, game_id: int, upto: int | None = None, *, after: int = 0) -> list[OrderRow]:
        """The stored orders ``after`` < seq <= ``upto`` (default: all)."""
        top = upto if upto is not None else _NO_END
        rows = await self._all(
            "SELECT * FROM orders WHERE game_id=? AND seq>? AND seq<=? ORDER BY seq", (game_id, after, top)
        )
        return [self._order(r) for r in rows]

    async def snapshot(self, game_id: int, upto: int | None = None) -> tuple[int, str] | None:
        """The latest snapshot at or before order ``upto`` (default: the latest), as (order, ``dumps_state``
        JSON), or None if there is none."""
        top = upto if upto is not None else _NO_END
        r = await self._one(
            "SELECT seq, state FROM snapshots WHERE game_id=? AND seq<=? ORDER BY seq DESC LIMIT 1",
            (game_id, top),
        )
        return (int(r["seq"]), unpack(r["state"])) if r else None

    async def history(self, game_id: int, upto: int) -> tuple[list[dict[str, Any]], list[str]]:
        """The event log (``Event.to_dict`` forms) and the script log of a game as they were after order
        ``upto``: its rows of ``events`` folded in order, from the last one that set both anew."""
        rows = await self._all(
            "SELECT events_from, events, log_from, log FROM events WHERE game_id=? AND seq<=? AND seq>="
            " (SELECT COALESCE(MAX(seq), 0) FROM events"
            "  WHERE game_id=? AND seq<=? AND events_from=0 AND log_from=0) ORDER BY seq",
            (game_id, upto, game_id, upto),
        )
        events: list[dict[str, Any]] = []
        log: list[str] = []
        for r in rows:
            del events[int(r["events_from"]) :]
            events.extend(json.loads(unpack(r["events"])))
            del log[int(r["log_from"]) :]
            log.extend(json.loads(r["log"]))
        return events, log

    async def order_count(self, game_id: int) -> tuple[int, int]:
        """How many orders a game has stored, and the highest sequence number."""
        row = await self._one(
            "SELECT COUNT(*) AS n, COALESCE(MAX(seq), 0) AS top FROM orders WHERE game_id=?", (game_id,)
        )
        assert row is not None
        return int(row["n"]), int(row["top"])

    async def find_interaction(self, interaction_id: str) -> OrderRow | None:
        r = await self._one("SELECT * FROM orders WHERE interaction_id=?", (interaction_id,))
        return self._order(r) if r else None

    async def import_lines(self, game_id: int) -> list[str] | None:
        r = await self._one("SELECT script FROM imports WHERE game_id=?", (game_id,))
        return list(json.loads(r["script"])) if r else None

    async def preferences(self, game_id: int) -> dict[int, dict[str, Any]]:
        out: dict[int, dict[str, Any]] = {}
        for r in await self._all("SELECT user_id, key, value FROM preferences WHERE game_id=?", (game_id,)):
            try:
                out.setdefault(int(r["user_id"]), {})[r["key"]] = json.loads(r["value"])
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
        settings: GameSettings | dict[str, Any],
        module: str = "napoleon",
    ) -> int:
        if isinstance(settings, dict):
            settings = GameSettings.model_validate(settings)
        try:
            async with self._tx() as tx:
                row = await tx.fetchone(
                    "INSERT INTO games"
                    " (guild_id, channel_id, host_id, options, seed, status, created, settings, module)"
                    " VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?) RETURNING id",
                    (
                        guild_id,
                        channel_id,
                        host_id,
                        json.dumps(options),
                        seed,
                        time.time(),
                        settings.dumps(),
                        module,
                    ),
                )
        except self.integrity_errors:
            raise ChannelTaken(f"channel {channel_id} already has an open game") from None
        except self.database_errors as e:
            raise StoreUnavailable(str(e)) from e
        assert row is not None
        return int(row["id"])

    async def commit(self, c: Commit) -> list[int]:
        """Write one change in one transaction, if the game is still at revision ``c.rev``. Returns the ids
        of the outbox items written. Raises StaleWrite (nothing written) if another change came first,
        DuplicateInteraction if an order's interaction was stored already, StoreError if the database
        refuses."""
        r = c.row
        try:
            async with self._tx() as tx:
                changed = await tx.execute(
                    "UPDATE games SET rev=rev+1, status=?, options=?, settings=?, version=?, host_id=?,"
                    " snapshot_seq=?, snapshot=CASE WHEN ?=1 THEN NULL ELSE snapshot END, wake_at=?"
                    " WHERE id=? AND rev=?",
                    (
                        r.status,
                        json.dumps(r.options),
                        r.settings.dumps(),
                        r.version,
                        r.host_id,
                        r.snapshot_seq,
                        int(c.clear_legacy),
                        # a game with a deadline: looked at by the next tick, which says when next (``wake``)
                        0.0 if r.settings.due_at else None,
                        r.id,
                        c.rev,
                    ),
                )
                if changed != 1:
                    raise StaleWrite(f"game {r.id}: written since revision {c.rev} was read")
                ids = await self._commit_rest(tx, c)
        except (StaleWrite, DuplicateInteraction):
            raise
        except self.integrity_errors as e:
            for o in c.orders:
                if o.interaction_id is not None:
                    prev = await self.find_interaction(o.interaction_id)
                    if prev is not None:
                        raise DuplicateInteraction(prev.reply) from None
            raise StoreError(str(e)) from e
        except self.database_errors as e:
            raise StoreUnavailable(str(e)) from e
        return ids

    async def _commit_rest(self, tx: Tx, c: Commit) -> list[int]:
        r = c.row
        if c.seats_changed:
            await tx.execute("DELETE FROM seats WHERE game_id=?", (r.id,))
            for role, (u, b) in r.seats.items():
                await tx.execute(
                    "INSERT INTO seats (game_id, role, user_id, is_bot) VALUES (?,?,?,?)",
                    (r.id, role, u, int(b)),
                )
        if c.spectators_changed:
            await tx.execute("DELETE FROM spectators WHERE game_id=?", (r.id,))
            for ch in r.spectators:
                await tx.execute("INSERT INTO spectators (game_id, channel_id) VALUES (?,?)", (r.id, ch))
        seq = r.version - len(c.orders)
        now = time.time()
        for o in c.orders:
            seq += 1
            await tx.execute(
                "INSERT INTO orders (game_id, seq, role, user_id, text, interaction_id, created, reply)"
                " VALUES (?,?,?,?,?,?,?,?)",
                (r.id, seq, o.role, o.user_id, o.text, o.interaction_id, now, o.reply),
            )
        if c.history is not None:
            await tx.execute(
                "INSERT INTO events (game_id, seq, events_from, events, log_from, log) VALUES (?,?,?,?,?,?)"
                " ON CONFLICT (game_id, seq) DO UPDATE SET events_from=excluded.events_from,"
                " events=excluded.events, log_from=excluded.log_from, log=excluded.log",
                (r.id, r.version, *c.history.to_row()),
            )
        if c.snapshot is not None:
            await tx.execute(
                "INSERT INTO snapshots (game_id, seq, state, epoch) VALUES (?,?,?,?)"
                " ON CONFLICT (game_id, seq) DO UPDATE SET state=excluded.state, epoch=excluded.epoch",
                (r.id, r.version, c.snapshot, c.epoch),
            )
            await self._thin_snapshots(tx, r.id, r.version)
        for user, key, value in c.preferences:
            await tx.execute(
                "DELETE FROM preferences WHERE game_id=? AND user_id=? AND key=?", (r.id, user, key)
            )
            if value is not None:
                await tx.execute(
                    "INSERT INTO preferences (game_id, user_id, key, value) VALUES (?,?,?,?)",
                    (r.id, user, key, json.dumps(value)),
                )
        if c.import_lines is not None:
            await tx.execute("DELETE FROM imports WHERE game_id=?", (r.id,))
            await tx.execute(
                "INSERT INTO imports (game_id, script) VALUES (?,?)", (r.id, json.dumps(c.import_lines))
            )
        if c.result is not None:
            await self._add_result(tx, c.result)
        for role, user, at in c.timeouts:  # the player's record (``timeouts_of``); a retried change: once
            await tx.execute(
                "INSERT INTO timeouts (game_id, role, user_id, at) VALUES (?,?,?,?) ON CONFLICT DO NOTHING",
                (r.id, role, user, at),
            )
        ids = []
        for kind, target, body in c.outbox:
            row = await tx.fetchone(
                "INSERT INTO outbox (game_id, rev, kind, target, body, created)"
                " VALUES (?,?,?,?,?,?) RETURNING id",
                (r.id, c.rev + 1, kind, target, json.dumps(body), now),
            )
            assert row is not None
            ids.append(int(row["id"]))
        return ids

    async def suspend(self, game_id: int) -> None:
        """Suspend a game whose row or snapshot failed its start-up check (the row may be unreadable, so
        this is the one write that does not go through ``commit``; it moves the revision on all the same)."""
        await self._exec("UPDATE games SET status='suspended', rev=rev+1 WHERE id=?", (game_id,))

    # --- keeping storage bounded (schema 7) -------------------------------------------------------------
    @staticmethod
    async def _thin_snapshots(tx: Tx, game_id: int, latest: int) -> None:
        """Drop the game's snapshots but the latest, the one before it (the start-up check replays from it)
        and the first of each epoch (a turn boundary: a moment of an older turn is rebuilt from its turn's
        first snapshot). A snapshot whose epoch is not known (stored before schema 7) stays."""
        await tx.execute(
            "DELETE FROM snapshots WHERE game_id=? AND epoch IS NOT NULL"
            " AND seq < (SELECT COALESCE(MAX(seq), 0) FROM snapshots WHERE game_id=? AND seq<?)"
            " AND EXISTS (SELECT 1 FROM snapshots t WHERE t.game_id=snapshots.game_id"
            "  AND t.epoch=snapshots.epoch AND t.seq<snapshots.seq)",
            (game_id, game_id, latest),
        )

    async def prune_outbox(self, before: float) -> int:
        """Delete the outbox items delivered (or given up) before ``before``; how many. Their ids are never
        given again (SQLite's AUTOINCREMENT, PostgreSQL's sequence), so no later item carries the nonce of
        a pruned one; an item not yet marked done is never pruned, and is sent again with its own nonce."""
        async with self._tx() as tx:
            return await tx.execute("DELETE FROM outbox WHERE done IS NOT NULL AND done<?", (before,))

    async def finished_to_compact(self, before: float) -> list[int]:
        """Finished games (over or aborted) still holding working rows — snapshots before their latest, or
        more than one row of ``events`` up to it — and whose outbox items were all delivered before
        ``before`` (no picture of one of their moments waits to be drawn)."""
        rows = await self._all(
            "SELECT id FROM games WHERE status IN ('over','aborted') AND snapshot_seq IS NOT NULL"
            " AND (EXISTS (SELECT 1 FROM snapshots s WHERE s.game_id=games.id AND s.seq<games.snapshot_seq)"
            "  OR EXISTS (SELECT 1 FROM events e WHERE e.game_id=games.id AND e.seq<games.snapshot_seq))"
            " AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.game_id=games.id"
            "  AND (o.done IS NULL OR o.done>=?)) ORDER BY id",
            (before,),
        )
        return [int(r["id"]) for r in rows]

    async def compact_finished(self, game_id: int) -> bool:
        """A finished game's working rows folded away, in one transaction (under the game's locks: the
        caller's): its snapshots before the latest deleted, and its rows of ``events`` up to that snapshot
        folded into one row there that holds both logs whole. What stays — the row, seats, orders, imports,
        preferences, the latest snapshot, the history rows after it — exports, replays, verifies and loads
        the game as before; a moment before the latest snapshot is rebuilt by a replay of its orders.
        False if the game is not (or no longer) a finished one with something to fold."""
        row = await self.game(game_id)
        if row is None or row.status not in ("over", "aborted") or row.snapshot_seq is None:
            return False
        at = row.snapshot_seq
        events, log = await self.history(game_id, at)
        whole = History(0, events, 0, log).to_row()
        async with self._tx() as tx:
            # the game as read, still: the fold changes no game, so the revision stays (a change of another
            # process, reading before the fold, still commits)
            same = await tx.execute(
                "UPDATE games SET version=version WHERE id=? AND version=? AND snapshot_seq=?"
                " AND status IN ('over','aborted')",
                (game_id, row.version, at),
            )
            if same != 1:
                return False  # moved on meanwhile: the next round looks again
            await tx.execute("DELETE FROM snapshots WHERE game_id=? AND seq<?", (game_id, at))
            await tx.execute("DELETE FROM events WHERE game_id=? AND seq<=?", (game_id, at))
            await tx.execute(
                "INSERT INTO events (game_id, seq, events_from, events, log_from, log) VALUES (?,?,?,?,?,?)",
                (game_id, at, *whole),
            )
        return True

    async def tidy(self) -> None:
        """After a round of housekeeping: give back what the backend holds beyond the data (SQLite: its
        write-ahead log)."""
        return None

    async def snapshots_without_epoch(self) -> list[tuple[int, int]]:
        """(game, order) of the snapshots stored before schema 7, whose epoch is not known yet."""
        rows = await self._all("SELECT game_id, seq FROM snapshots WHERE epoch IS NULL ORDER BY game_id, seq")
        return [(int(r["game_id"]), int(r["seq"])) for r in rows]

    async def set_epochs(self, game_id: int, epochs: dict[int, str]) -> None:
        """The epochs of a game's older snapshots, found by reading them; then thinned as a change would."""
        async with self._tx() as tx:
            for seq, epoch in epochs.items():
                await tx.execute(
                    "UPDATE snapshots SET epoch=? WHERE game_id=? AND seq=?", (epoch, game_id, seq)
                )
            top = await tx.fetchone("SELECT MAX(seq) AS top FROM snapshots WHERE game_id=?", (game_id,))
            if top is not None and top["top"] is not None:
                await self._thin_snapshots(tx, game_id, int(top["top"]))

    # --- results and ratings (schema 9) ------------------------------------------------------------------
    @staticmethod
    async def _add_result(tx: Tx, r: GameResult) -> None:
        await tx.execute(
            "INSERT INTO results (game_id, guild_id, module, options, finished, placings, seats, rated, why,"
            " how) VALUES (?,?,?,?,?,?,?,?,?,?) ON CONFLICT (game_id) DO NOTHING",
            (
                r.game_id,
                r.guild_id,
                r.module,
                _json(dict(r.options)),
                r.finished,
                _json([[p, list(roles)] for p, roles in r.placings]),
                _json(dict(r.seats)),
                int(r.rated),
                r.why,
                r.how,
            ),
        )

    async def add_result(self, r: GameResult) -> None:
        """A finished game's result stored outside a change (the start-up backfill); a game's first stays."""
        async with self._tx() as tx:
            await self._add_result(tx, r)

    async def results(
        self, guild_id: int, module: str | None = None, *, user: int | None = None
    ) -> list[GameResult]:
        """The results of a server's finished games (of one module; where ``user`` sat), oldest first."""
        sql = "SELECT * FROM results WHERE guild_id=?"
        params: list[Any] = [guild_id]
        if module is not None:
            sql += " AND module=?"
            params.append(module)
        rows = await self._all(sql + " ORDER BY finished, game_id", tuple(params))
        out = []
        for row in rows:
            try:
                stored = json.loads(row["seats"]).items()
                seats = {str(k): (int(v) if v is not None else None) for k, v in stored}
                placings = tuple((int(p), tuple(str(x) for x in rs)) for p, rs in json.loads(row["placings"]))
                options = json.loads(row["options"])
            except (ValueError, TypeError, AttributeError):
                continue  # a damaged result counts as none
            if user is not None and user not in seats.values():
                continue
            out.append(
                GameResult(
                    int(row["game_id"]),
                    int(row["guild_id"]),
                    row["module"],
                    options,
                    float(row["finished"]),
                    placings,
                    seats,
                    bool(row["rated"]),
                    row["why"],
                    row["how"],
                )
            )
        return out

    async def finished_without_result(self) -> list[int]:
        """Games over with no result stored (finished before schema 9): the start-up backfill's."""
        rows = await self._all(
            "SELECT id FROM games WHERE status='over'"
            " AND NOT EXISTS (SELECT 1 FROM results r WHERE r.game_id=games.id) ORDER BY id"
        )
        return [int(r["id"]) for r in rows]

    async def last_order_at(self, game_id: int) -> float | None:
        r = await self._one("SELECT MAX(created) AS at FROM orders WHERE game_id=?", (game_id,))
        return float(r["at"]) if r and r["at"] is not None else None

    async def timeouts_on(self, user_id: int, guild_id: int) -> int:
        """How many deadlines passed for a player in this server's games (``/profile``)."""
        r = await self._one(
            "SELECT COUNT(*) AS n FROM timeouts t JOIN games g ON g.id=t.game_id"
            " WHERE t.user_id=? AND g.guild_id=?",
            (user_id, guild_id),
        )
        return int(r["n"]) if r else 0

    async def move_times(self, user_id: int, guild_id: int) -> list[float]:
        """Seconds each of a player's orders on this server took: from the order before it in its game
        (any seat's) to it."""
        rows = await self._all(
            "SELECT o.created - p.created AS took FROM orders o JOIN games g ON g.id=o.game_id"
            " JOIN orders p ON p.game_id=o.game_id AND p.seq=o.seq-1"
            " WHERE o.user_id=? AND g.guild_id=?",
            (user_id, guild_id),
        )
        return [max(0.0, float(r["took"])) for r in rows if r["took"] is not None]

    async def games_seated(self, user_id: int, guild_id: int, *status: str) -> list[tuple[int, str, int]]:
        """(game, module, channel) of this server's games in these states where the player holds a seat."""
        marks = ",".join("?" * len(status))
        rows = await self._all(
            "SELECT DISTINCT g.id, g.module, g.channel_id FROM games g JOIN seats s ON s.game_id=g.id"
            f" WHERE s.user_id=? AND g.guild_id=? AND g.status IN ({marks}) ORDER BY g.id",
            (user_id, guild_id, *status),
        )
        return [(int(r["id"]), r["module"], int(r["channel_id"])) for r in rows]

    # --- the outbox ------------------------------------------------------------------------------------
    @staticmethod
    def _outbox_row(r: Row) -> OutboxRow:
        try:
            body = json.loads(r["body"])
        except ValueError:
            body = {}
        return OutboxRow(
            int(r["id"]),
            int(r["game_id"]),
            r["kind"],
            int(r["target"]),
            body,
            int(r["attempts"]),
            float(r["created"]),
            float(r["next_at"]),
            r["error"],
        )

    async def outbox_pending(self, *, kind: str | None = None, target: int | None = None) -> list[OutboxRow]:
        sql = "SELECT * FROM outbox WHERE done IS NULL"
        params: list[str | int] = []
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

    async def outbox_done(self, item_id: int, error: str | None = None) -> None:
        await self._exec(
            "UPDATE outbox SET done=?, attempts=attempts+1, error=? WHERE id=?", (time.time(), error, item_id)
        )

    async def outbox_retry(self, item_id: int, next_at: float, error: str) -> None:
        await self._exec(
            "UPDATE outbox SET attempts=attempts+1, next_at=?, error=? WHERE id=?", (next_at, error, item_id)
        )

    async def claim(self, destination: str, owner: str, until: float, now: float) -> bool:
        """Claim a destination's outbox for ``owner`` until ``until`` (seconds since the epoch), unless
        another owner's claim still runs: one process at a time delivers to one destination, in order."""
        async with self._tx() as tx:
            row = await tx.fetchone(
                "INSERT INTO outbox_claims (destination, owner, until) VALUES (?,?,?)"
                " ON CONFLICT (destination) DO UPDATE SET owner=excluded.owner, until=excluded.until"
                " WHERE outbox_claims.until < ? OR outbox_claims.owner = excluded.owner RETURNING owner",
                (destination, owner, until, now),
            )
        return row is not None

    async def release(self, destination: str, owner: str) -> None:
        """Give a destination back. Tried again a few times if the database fails, then left: the claim
        lapses at its ``until`` (and this owner may take it again at once), so a failed release never stops
        the sender."""
        for pause in (*RELEASE_RETRIES, None):
            try:
                await self._exec(
                    "DELETE FROM outbox_claims WHERE destination=? AND owner=?", (destination, owner)
                )
                return
            except Exception as e:
                if not self.unavailable(e):
                    raise
                if pause is None:
                    log.warning("the claim on %s could not be released (%s); it lapses", destination, e)
                    return
                log.info("the claim on %s could not be released (%s); trying again", destination, e)
                await asyncio.sleep(pause)

    # --- deadlines: which games the ticker looks at ------------------------------------------------------
    async def games_due(self, now: float) -> list[int]:
        """The running games whose deadline, or a reminder before it, may be due at ``now`` (``wake_at``,
        indexed): the ticker looks at these only, never at every running game."""
        # no ORDER BY: SQLite would scan the table in id order rather than search the index
        rows = await self._all("SELECT id FROM games WHERE status='running' AND wake_at <= ?", (now,))
        return sorted(int(r["id"]) for r in rows)

    async def claim_due(self, now: float, lease: float = DUE_LEASE, limit: int = DUE_BATCH) -> list[int]:
        """Claim the running games that are due at ``now`` for this process's tick: each one's ``wake_at``
        moves to ``now + lease`` as it is claimed, so that a tick of another process at the same moment
        skips it; the tick then sets the game's next moment (``wake``), or a change sets it to 0. A process
        that dies holding a claim loses it when the lease ends. At most ``limit`` games a tick."""
        ids = [
            int(r["id"])
            for r in await self._all(
                "SELECT id FROM games WHERE status='running' AND wake_at <= ? LIMIT ?", (now, limit)
            )
        ]
        claimed = []
        async with self._tx() as tx:
            for gid in sorted(ids):  # compare-and-set: another tick may have claimed it since the read
                if await tx.execute(
                    "UPDATE games SET wake_at=? WHERE id=? AND status='running' AND wake_at <= ?",
                    (now + lease, gid, now),
                ):
                    claimed.append(gid)
        return claimed

    async def wake(self, game_id: int, rev: int, at: float | None) -> None:
        """When the ticker should look at a game next (None: not until a change), if the game is still at
        revision ``rev`` (a change since asked for a look of its own). Not a change: the revision stays."""
        await self._exec("UPDATE games SET wake_at=? WHERE id=? AND rev=?", (at, game_id, rev))

    async def timeouts_of(self, user_id: int) -> list[tuple[int, str, float]]:
        """A player's record of deadlines passed: (game, seat, when), oldest first."""
        rows = await self._all(
            "SELECT game_id, role, at FROM timeouts WHERE user_id=? ORDER BY at, game_id, role", (user_id,)
        )
        return [(int(r["game_id"]), str(r["role"]), float(r["at"])) for r in rows]

    # --- players (across games) --------------------------------------------------------------------------
    async def user_locale(self, user_id: int) -> str | None:
        r = await self._one("SELECT locale FROM users WHERE user_id=?", (user_id,))
        return r["locale"] if r else None

    async def user_locales(self, user_ids: list[int]) -> dict[int, str]:
        """The languages of these players that were ever seen, in one query (a change asks for its seats')."""
        if not user_ids:
            return {}
        marks = ",".join("?" * len(user_ids))
        rows = await self._all(
            f"SELECT user_id, locale FROM users WHERE user_id IN ({marks})", tuple(user_ids)
        )
        return {int(r["user_id"]): r["locale"] for r in rows if r["locale"]}

    async def _set_user(self, user_id: int, column: str, value: Any) -> None:
        assert column in ("locale", "dms_closed_since", "reminders", "quiet")
        await self._exec(
            f"INSERT INTO users (user_id, {column}) VALUES (?,?) "
            f"ON CONFLICT (user_id) DO UPDATE SET {column}=excluded.{column}",
            (user_id, value),
        )

    async def set_user_locale(self, user_id: int, locale: str) -> None:
        """A player's language, as last seen: not part of any game, so a reader may write it."""
        await self._set_user(user_id, "locale", locale)

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
        """``reminders`` or ``quiet`` of a player (across games). The running games they sit in are looked at
        by the next tick: their reminders' times moved."""
        assert key in ("reminders", "quiet")
        async with self._tx() as tx:
            await tx.execute(
                f"INSERT INTO users (user_id, {key}) VALUES (?,?) "
                f"ON CONFLICT (user_id) DO UPDATE SET {key}=excluded.{key}",
                (user_id, value),
            )
            await tx.execute(
                "UPDATE games SET wake_at=0 WHERE status='running' AND wake_at IS NOT NULL"
                " AND id IN (SELECT game_id FROM seats WHERE user_id=?)",
                (user_id,),
            )

    async def dms_closed_since(self, user_id: int) -> float | None:
        r = await self._one("SELECT dms_closed_since FROM users WHERE user_id=?", (user_id,))
        return float(r["dms_closed_since"]) if r and r["dms_closed_since"] is not None else None

    async def set_dms_closed(self, user_id: int, since: float | None) -> None:
        await self._set_user(user_id, "dms_closed_since", since)

    # --- private notes (a player's own, per game: bot/service/notes.py) -----------------------------
    async def note(self, game_id: int, user_id: int) -> str:
        """A player's notes on a game ("" if none)."""
        r = await self._one("SELECT body FROM notes WHERE game_id=? AND user_id=?", (game_id, user_id))
        return str(r["body"]) if r else ""

    async def add_note(self, game_id: int, user_id: int, line: str, now: float, most: int) -> bool:
        """Append a line to a player's notes, one statement (two at once both land, in some order), unless
        the notes would grow past ``most`` characters. Whether it was stored."""
        async with self._tx() as tx:
            n = await tx.execute(
                "INSERT INTO notes (game_id, user_id, body, updated) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (game_id, user_id) DO UPDATE SET body=notes.body || ? || excluded.body,"
                " updated=excluded.updated WHERE LENGTH(notes.body) + 1 + LENGTH(excluded.body) <= ?",
                (game_id, user_id, line, float(now), "\n", most),
            )
        return n == 1

    async def clear_note(self, game_id: int, user_id: int) -> bool:
        async with self._tx() as tx:
            n = await tx.execute("DELETE FROM notes WHERE game_id=? AND user_id=?", (game_id, user_id))
        return n > 0

    # --- vacations (a player's, across games: bot/service/clock.py) ----------------------------------------
    async def vacations(
        self, user_ids: list[int], after: float = 0.0
    ) -> dict[int, list[tuple[float, float]]]:
        """Each player's vacations that end after ``after``, as (start, until), in order."""
        if not user_ids:
            return {}
        marks = ",".join("?" * len(user_ids))
        out: dict[int, list[tuple[float, float]]] = {}
        for r in await self._all(
            f"SELECT user_id, start, until FROM vacations WHERE user_id IN ({marks}) AND until>?"
            " ORDER BY user_id, start",
            (*user_ids, float(after)),
        ):
            out.setdefault(int(r["user_id"]), []).append((float(r["start"]), float(r["until"])))
        return out

    async def vacation_spans(self, user_id: int, since: float, before: float) -> list[tuple[float, float]]:
        """A player's vacations that start in [``since``, ``before``) (the days used in a year)."""
        rows = await self._all(
            "SELECT start, until FROM vacations WHERE user_id=? AND start>=? AND start<? ORDER BY start",
            (user_id, float(since), float(before)),
        )
        return [(float(r["start"]), float(r["until"])) for r in rows]

    async def add_vacation(self, user_id: int, start: float, until: float, now: float) -> bool:
        """A vacation, unless the player has one not yet over at ``now`` (one statement: two at once make
        one). Whether it was stored."""
        async with self._tx() as tx:
            n = await tx.execute(
                "INSERT INTO vacations (user_id, start, until, created) SELECT CAST(? AS BIGINT),"
                " CAST(? AS DOUBLE PRECISION), CAST(? AS DOUBLE PRECISION), CAST(? AS DOUBLE PRECISION)"
                " WHERE NOT EXISTS (SELECT 1 FROM vacations WHERE user_id=? AND until>?)",
                (user_id, float(start), float(until), float(now), user_id, float(now)),
            )
        return n == 1

    async def end_vacation(self, user_id: int, now: float) -> tuple[float, float] | None:
        """End the player's vacation now (one not begun yet is dropped): the (start, until) it had."""
        async with self._tx() as tx:
            r = await tx.fetchone(
                "SELECT start, until FROM vacations WHERE user_id=? AND until>? ORDER BY start LIMIT 1",
                (user_id, float(now)),
            )
            if r is None:
                return None
            start, until = float(r["start"]), float(r["until"])
            if start >= now:
                await tx.execute("DELETE FROM vacations WHERE user_id=? AND start=?", (user_id, start))
            else:
                await tx.execute(
                    "UPDATE vacations SET until=? WHERE user_id=? AND start=?", (float(now), user_id, start)
                )
        return start, until
