"""Storage benchmark: how big the database file grows per order over whole campaigns of every game
(``--file``, the default), and the bytes each commit writes and what a load replays (``--rows``).

    python bench/storage.py [--game ID] [--campaigns 2] [--minutes 3] [--no-prune]   # the whole file, SQLite
    python bench/storage.py --database postgresql://... [--game ID] [--campaigns 2] [--vacuum auto|none|both]
    python bench/storage.py --rows [--game ID] [--games 3] [--database postgresql://...]

``--game``: a registered module's id; without it every registered game. A campaign is a whole game made with
its module's first options (``Module.first_options``: a whole campaign, the historical set-up where there
is one), played by its bench's random player (``bench/common.py``, ``chooser``: the fuzzer's, or the game's
random bot, as ``Fuzzing.bench_opponent`` says).

**The whole file** (``file_main``). Campaigns of each game are played one after another (a campaign of
each, then again) in one SQLite database, as a club's bot plays them, through ``Service.order`` with the
outbox delivered by a front end that always succeeds (``Service.outbox``) and the housekeeping run as the
delivery loop runs it (``Outbox.run``: at start-up and every ``HOUSEKEEPING_EVERY`` seconds). Time is a
clock of the bench's: each order comes ``--minutes`` after the one before (play by chat), and between two
campaigns the grace (``ESTAFETTE_OUTBOX_KEEP``) passes. After each campaign it measures the file — database,
-wal and -shm — as it is, then after ``PRAGMA wal_checkpoint(TRUNCATE)``, and reports the growth over the
campaign divided by its orders, min / median / p99 over the campaigns and per game, and the whole file over
all orders (the budget: < 1.5 KB an order). Then the same figure for each game alone: the same campaigns of
that game only (its seeds) in a database of their own, the whole file by their orders (``--together``: not
this). The reference, in the same run: the campaigns of every game without pruning (``--no-prune`` alone:
only that, which also runs on the code from before pruning existed).

**The whole database on PostgreSQL** (``pg_main``, ``--database`` a server's URL without ``--rows``): the
same clubs (every game together, each alone), each in a database of its own made on the server and dropped
after it (``PgDisk``), pruned as the bot prunes (the same housekeeping); what counts is every relation of the
database — tables, indexes, TOAST, free space and visibility maps, the database's own catalogs, sequences —
its growth from the empty schema to the end by the orders (the empty schema's catalogs are the server's, not
the orders'); the WAL is the cluster's, recycled at checkpoints, not the database's. Autovacuum is modelled
(``PgDisk``: a plain VACUUM of a table at the points the server's would run it), or off (``--vacuum none``),
or both. Where the bytes are, by table, and the same clubs on SQLite in the same run (the reference).

**The rows** (``rows_main``): bytes written per order while whole campaigns are played through the service,
and what a load replays. Each campaign of each game is played to its end through ``Service.order``, one
order per change. For every order it prints min / median / p99 / max of:

- **rows**: the sum of the sizes of the rows its commit writes (``bot.storage.base.commit_sizes``: text as
  UTF-8, blobs as stored, numbers 8 bytes; without the databases' own headers), split into the game's
  storage (games row, orders, events, snapshots: the budget is < 5 KB) and the outbox (the messages the
  order sends, which any storage writes);
- **WAL**: how much the write-ahead log grew (SQLite: the -wal file with automatic checkpoints off, whole
  4 KiB pages plus frame headers; PostgreSQL: ``pg_current_wal_lsn`` moved, the server's WAL for the whole
  cluster);
- the reference, measured in the same run: the whole snapshot ``dumps()`` that schema 5 rewrote into the
  games row at every order.

Every 7th order and at the end it loads the game afresh from the database (a new ``Games``, as a process
that never saw it) and reports the orders each load replayed (fewer than ``SNAPSHOT_EVERY``) and its time.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any, NotRequired, TypedDict
from unittest.mock import patch

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import asyncpg

from bench.common import chooser, games_of, load_average
from bot.delivery import Outbox, Outcome
from bot.pictures import NoPictures
from bot.service import Caller, Service
from bot.service.core import SNAPSHOT_EVERY, Games
from bot.storage import Store, open_store
from bot.storage import base as storage_base
from bot.storage.base import Commit, OutboxRow, StoreBase, commit_sizes
from bot.storage.postgres import PostgresStore
from engine import modules
from engine.module import AnyModule

GAME_TABLES = ("games", "orders", "events", "snapshots", "other")


def dumps_of(svc: Service, gid: int) -> str:
    """The snapshot of the channel's game as the service holds it now."""
    game = svc.live[gid].game
    assert game is not None
    return game.dumps()


def summary(label: str, xs: list[float], unit: str = "B", what: str = "orders") -> str:
    xs = sorted(xs)
    p99 = xs[min(len(xs) - 1, int(0.99 * len(xs)))]
    return (
        f"{label:34s} min {xs[0]:8.1f} {unit}  median {statistics.median(xs):8.1f} {unit}"
        f"  p99 {p99:8.1f} {unit}  max {xs[-1]:8.1f} {unit}  ({len(xs)} {what})"
    )


class Wal:
    """How far the write-ahead log has grown, in bytes."""

    def __init__(self, store: Any) -> None:
        self.store = store
        self.pg = not hasattr(store, "path")

    async def setup(self) -> None:
        if not self.pg:
            from bot.storage import sqlite

            sqlite.WAL_CHECKPOINT = 1 << 62  # the store's own checkpoints too: the file only grows
            for con in {self.store.db, self.store.reader}:
                await con.execute_fetchall(
                    "PRAGMA wal_autocheckpoint=0"
                )  # the file only grows, by what is written

    async def now(self) -> int:
        if self.pg:
            r = await self.store._one("SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::BIGINT AS n")
            return int(r["n"])
        wal = self.store.path + "-wal"
        return os.path.getsize(wal) if os.path.exists(wal) else 0


async def play(
    database: str, module: AnyModule, seed: int, channel: int, out: dict[str, list[float]], cap: int = 0
) -> int:
    store = open_store(database)
    await store.open()
    wal = Wal(store)
    await wal.setup()
    svc = Service(store, pictures=NoPictures())
    sizes: list[dict[str, int]] = []
    commit = store.commit

    async def measured(c: Commit) -> list[int]:
        sizes.append(commit_sizes(c))
        return await commit(c)

    setattr(store, "commit", measured)  # noqa: B010 (on this store only: each commit measured)
    host, a, b = Caller(1, channel, 9, manager=True), Caller(2, channel, 9), Caller(3, channel, 9)
    await svc.new_game(host, module.first_options, game=module.id)
    await svc.join(a)
    await svc.join(b)
    await svc.start(host)
    gid = await store.game_id_in_channel(channel)
    assert gid is not None
    who = {role: a if u == a.user_id else b for role, (u, _bot) in svc.live[gid].row.seats.items()}
    rng, choose, played = random.Random(seed), chooser(module), 0
    while True:
        live = svc.live[gid]
        game = live.game
        if game is None or game.over or (cap and played >= cap):
            break
        role = rng.choice(game.active())
        order = choose(rng, game, role)
        if order is None:
            raise SystemExit(f"{module.id} seed {seed}: no legal order for {role}")
        sizes.clear()
        before = await wal.now()
        r = await svc.order(who[role], order, role=role)
        played += 1
        grew = await wal.now() - before
        assert r.reply.text.startswith("Done"), r.reply.text
        out["reference"].append(len(dumps_of(svc, gid)))
        out["game"].append(sum(s[t] for s in sizes for t in GAME_TABLES))
        out.setdefault(f"game:{module.id}", []).append(out["game"][-1])
        out["outbox"].append(sum(s["outbox"] for s in sizes))
        out["wal"].append(grew)
        for t in GAME_TABLES:
            out[t].append(sum(s[t] for s in sizes))
        if len(out["game"]) % 7 == 0:
            await load(store, module, gid, dumps_of(svc, gid), out)
    await svc.idle()
    await load(store, module, gid, dumps_of(svc, gid), out)
    row = await store.game(gid)
    assert row is not None
    await store.close()
    return row.version


async def load(store: StoreBase, module: AnyModule, gid: int, now: str, out: dict[str, list[float]]) -> None:
    """Load the game as a process that never saw it would (a new ``Games``): its time, its replayed orders."""
    row = await store.game(gid)
    assert row is not None
    loader = Games(store)
    t0 = time.perf_counter()
    loaded = await loader.load(row)
    out["load_ms"].append((time.perf_counter() - t0) * 1000)
    out["replayed"].append(loader.replayed)
    assert loaded is not None and loaded.dumps() == now
    t0 = time.perf_counter()
    module.loads(now)  # what a load of schema 5 did: the whole snapshot
    out["load_ref_ms"].append((time.perf_counter() - t0) * 1000)


async def rows_main(args: argparse.Namespace) -> None:
    keys = ["reference", "game", "outbox", "wal", "load_ms", "load_ref_ms", "replayed", *GAME_TABLES]
    out: dict[str, list[float]] = {k: [] for k in keys}
    with tempfile.TemporaryDirectory() as tmp:
        database = args.database or str(Path(tmp) / "storage.db")
        t0 = time.perf_counter()
        orders = [
            await play(database, m, seed, 1000 + 100 * k + seed, out, args.cap)
            for k, m in enumerate(games_of(args.game))
            for seed in range(args.games)
        ]
        took = time.perf_counter() - t0
    backend = "PostgreSQL" if database.startswith("postgres") else "SQLite"
    names = ", ".join(m.id for m in games_of(args.game))
    print(
        f"{backend}: {args.games} whole campaigns of each of {names}, of {orders} orders, played in"
        f" {took:.1f} s ({load_average()})"
    )
    print("bytes written per order:")
    print(summary("rows, the game's (budget < 5 KB)", out["game"]))
    for t in GAME_TABLES:
        print(summary(f"  of which {t}", out[t]))
    for m in games_of(args.game):
        print(summary(f"  {m.id}'s orders", out[f"game:{m.id}"]))
    print(summary("rows, the outbox (its messages)", out["outbox"]))
    print(summary("WAL growth (pages, whole change)", out["wal"]))
    print(summary("reference: schema 5's snapshot", out["reference"]))
    ratio = statistics.median(out["game"]) / statistics.median(out["reference"])
    print(f"median game rows / median schema-5 snapshot: {ratio:.3f}")
    print(summary(f"orders a load replayed (< {SNAPSHOT_EVERY})", out["replayed"], " ", "loads"))
    print(summary("load time", out["load_ms"], "ms", "loads"))
    print(summary("reference: schema 5's loads()", out["load_ref_ms"], "ms", "loads"))


# --- the whole file -------------------------------------------------------------------------------------


class Growth(TypedDict):
    """One campaign's growth of the file per order (``module`` "all": the whole club's, with ``total``)."""

    module: str
    orders: int
    as_is: float
    after: float
    total: NotRequired[float]
    empty: NotRequired[float]


class Clock:
    """The bench's time: the service's, the outbox's and the store's (``done`` marks, order times)."""

    def __init__(self) -> None:
        self.now = 1.8e9

    def __call__(self) -> float:
        return self.now

    def time(self) -> float:
        return self.now


class Unpruned(Store):
    """The store as it was before pruning: every snapshot kept (the reference)."""

    @staticmethod
    async def _thin_snapshots(*_args: Any) -> None:
        return None


def file_bytes(path: str) -> int:
    return sum(os.path.getsize(p) for p in (path, path + "-wal", path + "-shm") if os.path.exists(p))


class Disk:
    """Where a club's database lives and what it measures: SQLite's file (``SqliteDisk``) or a database of
    its own on a PostgreSQL server (``PgDisk``)."""

    backend = ""

    async def store(self, prune: bool) -> StoreBase:
        raise NotImplementedError

    async def size(self) -> int:
        """The database's bytes as they are now."""
        raise NotImplementedError

    async def settled(self) -> int:
        """The database's bytes once what the backend does between two changes is done."""
        raise NotImplementedError

    async def after_order(self) -> None:
        """What the backend does on its own after a change (PostgreSQL: autovacuum)."""

    async def tables(self, label: str) -> None:
        """Print where the bytes are, table by table (``--tables``)."""

    async def close(self) -> None:
        """Close and remove the database."""


class SqliteDisk(Disk):
    """A file in a temporary directory: the database, its -wal and -shm."""

    backend = "SQLite"

    def __init__(self) -> None:
        self.tmp = tempfile.TemporaryDirectory()
        self.path = str(Path(self.tmp.name) / "club.db")
        self.db: Any = None

    async def store(self, prune: bool) -> StoreBase:
        store = Store(self.path) if prune else Unpruned(self.path)
        await store.open()
        self.db = store.db
        return store

    async def size(self) -> int:
        return file_bytes(self.path)

    async def settled(self) -> int:
        await self.db.execute_fetchall("PRAGMA wal_checkpoint(TRUNCATE)")
        return file_bytes(self.path)

    async def tables(self, label: str) -> None:
        async with self.db.execute(
            "SELECT name, COUNT(*), SUM(pgsize) FROM dbstat GROUP BY name ORDER BY 3 DESC"
        ) as cur:
            rows = await cur.fetchall()
        async with self.db.execute("PRAGMA freelist_count") as cur:
            free = await cur.fetchone()
        assert free is not None
        print(f"{label}: pages by table", [tuple(r) for r in rows], "free", free[0])

    async def close(self) -> None:
        self.tmp.cleanup()


class PgUnpruned(PostgresStore):
    """The PostgreSQL store as it was before pruning: every snapshot kept."""

    @staticmethod
    async def _thin_snapshots(*_args: Any) -> None:
        return None


class PgDisk(Disk):
    """A database of its own on the server ``--database`` names, made for the club and dropped after it.
    Its size is every relation of the database (``size``: tables, indexes, TOAST, free space and visibility
    maps, the database's system catalogs, sequences); the server's write-ahead log is the cluster's,
    recycled at checkpoints, not a file of the database, and is not counted.

    Autovacuum (``vacuum="auto"``) is the bench's own, at the points the server's would run, so that two runs
    of the same campaigns give the same figure (the server's runs on wall-clock time, once a minute): the
    server's autovacuum is turned off for the club's tables, and after every order (an order every
    ``--minutes``, longer than ``autovacuum_naptime``) and after each housekeeping round each table whose
    dead rows (``pgstattuple``) pass ``autovacuum_vacuum_threshold + autovacuum_vacuum_scale_factor x
    reltuples`` (its TOAST table's by the same) gets a plain ``VACUUM (ANALYZE)``, as autovacuum would
    (never FULL: nothing is given back to the system but empty pages at a table's end). The insert
    threshold (which only marks pages visible) is not modelled. ``vacuum="none"``: never vacuumed."""

    backend = "PostgreSQL"

    def __init__(self, server: str, vacuum: str = "auto") -> None:
        self.server = server
        self.vacuum = vacuum
        self.name = f"estafette_bench_{uuid.uuid4().hex[:12]}"
        self.url = server.rsplit("/", 1)[0] + "/" + self.name
        self.con: Any = None
        self.exact = True  # dead rows counted by pgstattuple (else the statistics collector's estimate)
        self.threshold, self.scale = 50.0, 0.2
        self.vacuums = 0
        self.empty: dict[str, tuple[int, int, int]] = {}

    async def store(self, prune: bool) -> StoreBase:
        admin = await asyncpg.connect(self.server)
        try:
            await admin.execute(f'CREATE DATABASE "{self.name}"')
        finally:
            await admin.close()
        store = PostgresStore(self.url) if prune else PgUnpruned(self.url)
        await store.open()
        self.con = await asyncpg.connect(self.url)
        try:
            await self.con.execute("CREATE EXTENSION IF NOT EXISTS pgstattuple")
        except asyncpg.PostgresError:
            self.exact = False
        for r in await self.con.fetch(
            "SELECT name, setting FROM pg_settings WHERE name IN"
            " ('autovacuum_vacuum_threshold', 'autovacuum_vacuum_scale_factor')"
        ):
            if r["name"].endswith("threshold"):
                self.threshold = float(r["setting"])
            else:
                self.scale = float(r["setting"])
        for t in await self._tables():
            await self.con.execute(
                f'ALTER TABLE "{t}" SET (autovacuum_enabled=false, toast.autovacuum_enabled=false)'
            )
        self.empty = await self.by_table()
        return store

    async def _tables(self) -> list[str]:
        rows = await self.con.fetch(
            "SELECT relname FROM pg_class WHERE relkind='r'"
            " AND relnamespace='public'::regnamespace ORDER BY 1"
        )
        return [str(r["relname"]) for r in rows]

    async def size(self) -> int:
        """Every relation of the database — its tables and system catalogs with their indexes, TOAST and
        maps (``pg_total_relation_size``), and its sequences: ``pg_database_size`` without the files that
        are no relation's (the relation cache's init file, rewritten when a catalog changes)."""
        return int(
            await self.con.fetchval(
                "SELECT SUM(pg_total_relation_size(oid))::BIGINT FROM pg_class"
                " WHERE relkind IN ('r', 'm', 'S')"
            )
        )

    async def settled(self) -> int:
        await self.after_order()
        return await self.size()

    async def after_order(self) -> None:
        if self.vacuum != "auto":
            return
        dead = (
            "(SELECT dead_tuple_count FROM pgstattuple({}))"
            if self.exact
            else "COALESCE(pg_stat_get_dead_tuples({}), 0)"
        )
        rows = await self.con.fetch(
            f"SELECT c.relname, {dead.format('c.oid')} > $1 + $2 * GREATEST(c.reltuples, 0)"
            f" OR (t.oid IS NOT NULL AND {dead.format('t.oid')} > $1 + $2 * GREATEST(t.reltuples, 0)) AS due"
            " FROM pg_class c LEFT JOIN pg_class t ON t.oid=c.reltoastrelid"
            " WHERE c.relkind='r' AND c.relnamespace='public'::regnamespace",
            self.threshold,
            self.scale,
        )
        for r in rows:
            if r["due"]:
                await self.con.execute(f'VACUUM (ANALYZE) "{r["relname"]}"')
                self.vacuums += 1

    async def by_table(self) -> dict[str, tuple[int, int, int]]:
        """Each table's (heap with its maps, indexes, TOAST with its index) bytes."""
        rows = await self.con.fetch(
            "SELECT c.relname, pg_table_size(c.oid) AS whole, pg_indexes_size(c.oid) AS idx,"
            " COALESCE(pg_total_relation_size(NULLIF(c.reltoastrelid, 0)), 0) AS toast"
            " FROM pg_class c WHERE c.relkind='r' AND c.relnamespace='public'::regnamespace"
        )
        return {str(r["relname"]): (r["whole"] - r["toast"], r["idx"], r["toast"]) for r in rows}

    async def report(self, orders: int, grew_all: float) -> list[str]:
        """Where the growth from the empty schema (``grew_all`` bytes) is, per table, per order: heap,
        indexes, TOAST; the table's live and dead rows and its heap's free space now; last what is left, the
        catalogs' (the statistics an ANALYZE keeps, ...)."""
        now, lines, total = await self.by_table(), [], 0
        for t, (heap, idx, toast) in sorted(now.items(), key=lambda kv: -sum(kv[1])):
            h0, i0, t0 = self.empty.get(t, (0, 0, 0))
            grew = heap - h0 + idx - i0 + toast - t0
            total += grew
            if grew == 0:
                continue
            live = dead = free = 0
            if self.exact:
                r = await self.con.fetchrow(
                    f"SELECT tuple_count, dead_tuple_count, free_space FROM pgstattuple('\"{t}\"')"
                )
                live, dead, free = int(r["tuple_count"]), int(r["dead_tuple_count"]), int(r["free_space"])
            lines.append(
                f"    {t:12s} {grew / orders:7.1f} B an order (heap {(heap - h0) / orders:6.1f},"
                f" indexes {(idx - i0) / orders:6.1f}, TOAST {(toast - t0) / orders:6.1f});"
                f" rows {live}, dead {dead}, heap free {free / 1024:.0f} KiB"
            )
        lines.append(f"    the catalogs and the rest {(grew_all - total) / orders:7.1f} B an order")
        return lines

    async def close(self) -> None:
        if self.con is not None:
            await self.con.close()
        admin = await asyncpg.connect(self.server)
        try:
            await admin.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')
        finally:
            await admin.close()


async def campaign(
    svc: Service,
    box: Outbox,
    clock: Clock,
    module: AnyModule,
    seed: int,
    channel: int,
    step: float,
    hk: list[float],
    disk: Disk,
    cap: int = 0,
) -> int:
    """One whole campaign through the service, delivered (``cap``: at most that many orders); the orders
    it took."""
    host, a, b = Caller(1, channel, 9, manager=True), Caller(2, channel, 9), Caller(3, channel, 9)
    svc.seed_source = lambda: seed
    await svc.new_game(host, module.first_options, game=module.id)
    await svc.join(a)
    await svc.join(b)
    await svc.start(host)
    gid = await svc.store.game_id_in_channel(channel)
    assert gid is not None
    live = await svc.current(channel)
    user = {role: u for role, (u, _bot) in live.row.seats.items()}
    who = {role: a if u == a.user_id else b for role, u in user.items()}
    rng, choose, n = random.Random(seed), chooser(module), 0
    while live.game is not None and not live.game.over and not (cap and n >= cap):
        role = rng.choice(live.game.active())
        clock.now += step
        order = choose(rng, live.game, role)
        assert order is not None, f"{module.id} seed {seed}: no legal order for {role}"
        r = await svc.order(who[role], order, f"i-{channel}-{n}", role=role)
        assert r.reply.text.startswith("Done"), r.reply.text
        n += 1
        await box.settle()
        await housekeeping(box, clock, hk)
        await disk.after_order()
        live = await svc.current(channel, finished=True)
    await svc.idle()
    await box.settle()
    return n


async def housekeeping(box: Outbox, clock: Clock, hk: list[float]) -> None:
    """What ``Outbox.run`` does: a round every ``HOUSEKEEPING_EVERY`` seconds (none without pruning)."""
    from bot import delivery

    every = getattr(delivery, "HOUSEKEEPING_EVERY", None)
    run = getattr(box, "housekeeping", None)
    if run is not None and every is not None and clock.now - hk[0] >= every:
        hk[0] = clock.now
        await run()


async def club(disk: Disk, args: argparse.Namespace, prune: bool, mods: list[AnyModule]) -> list[Growth]:
    """Campaigns of ``mods`` one after another (one of each, then again) in one database; per campaign:
    orders, growth as is and settled (checkpointed); last the whole club's."""
    from bot import delivery

    clock = Clock()
    clocked = patch.object(storage_base, "time", clock)  # the store's done marks and order times
    clocked.start()
    store = await disk.store(prune)

    async def deliver(_item: OutboxRow) -> Outcome:
        return Outcome.done()

    svc = Service(store, pictures=NoPictures(), clock=clock)
    box = svc.outbox(deliver)
    if not prune:
        box.housekeeping = None
    hk = [-1e18]
    await housekeeping(box, clock, hk)  # at start-up
    out: list[Growth] = []
    base = await disk.settled()
    first = base
    n = 0
    every = modules.modules()  # a game's seeds and channels are the same whichever games the club plays
    for i in range(args.campaigns):
        for module in mods:
            k = every.index(module)
            orders = await campaign(
                svc, box, clock, module, 100 + i, 1000 + 10 * i + k, args.minutes * 60, hk, disk, args.cap
            )
            n += orders
            as_is = await disk.size()  # as the last order left it: no checkpoint but the automatic ones
            clock.now += getattr(delivery, "KEEP", 3600.0) + 1  # the grace passes before the next campaign
            await housekeeping(box, clock, hk)
            after = await disk.settled()
            out.append(
                {
                    "module": module.id,
                    "orders": orders,
                    "as_is": (as_is - base) / orders,
                    "after": (after - base) / orders,
                }
            )
            base = after
    out.append(
        {
            "module": "all",
            "orders": n,
            "as_is": 0.0,
            "after": (base - first) / n,
            "total": base / n,
            "empty": first,
        }
    )
    if args.tables:
        await disk.tables("pruned" if prune else "not pruned")
    await store.close()
    clocked.stop()
    return out


BUDGET = 1536  # bytes of the whole file an order


async def file_main(args: argparse.Namespace) -> None:
    mods = games_of(args.game)
    # (label, pruned, games): the club of every game, its reference unpruned, and each game's club alone
    plan: list[tuple[str, bool, list[AnyModule]]] = []
    if not args.no_prune:
        plan.append(("pruned", True, mods))
    plan.append(("reference: not pruned", False, mods))
    if not args.no_prune and len(mods) > 1 and not args.together:
        plan += [(f"{m.id} alone, pruned", True, [m]) for m in mods]
    results: dict[str, list[Growth]] = {}
    t0 = time.perf_counter()
    for label, prune, games in plan:
        disk = SqliteDisk()
        try:
            results[label] = await club(disk, args, prune, games)
        finally:
            await disk.close()
    took = time.perf_counter() - t0
    names = ", ".join(m.id for m in mods)
    print(
        f"SQLite: {args.campaigns} x {len(mods)} whole campaigns ({names}), one after another"
        f" in one database, an order every {args.minutes:g} min; {took:.1f} s ({load_average()})"
    )
    for label, _prune, games in plan:
        rows = results[label]
        camp = [r for r in rows if r["module"] != "all"]
        total = rows[-1]
        print(f"{label}: orders per campaign {[int(r['orders']) for r in camp]}")
        print(summary("  growth per order, at its last order", [r["as_is"] for r in camp], "B", "campaigns"))
        print(summary("  growth per order, checkpointed", [r["after"] for r in camp], "B", "campaigns"))
        if len(games) > 1:
            for module in games:
                mine = [r["after"] for r in camp if r["module"] == module.id]
                print(summary(f"    {module.id}, checkpointed", mine, "B", "campaigns"))
        print(
            f"  whole file (db + wal + shm) / all {int(total['orders'])} orders: {total['total']:.1f} B"
            f" (growth after the empty schema {total['after']:.1f} B)"
        )
    if "pruned" in results:
        whole = results["pruned"][-1]["total"]
        camp = [r for r in results["pruned"] if r["module"] != "all"]
        ref = whole / results["reference: not pruned"][-1]["total"]
        print(
            f"budget < 1.5 KB an order, the whole file over whole campaigns of {names}: {whole:.0f} B"
            f" ({'ok' if whole < BUDGET else 'OVER'}, {ref:.2f} of the reference)"
        )
        for m in mods:
            alone = results.get(f"{m.id} alone, pruned", results["pruned"] if len(mods) == 1 else None)
            if alone is not None:
                own = alone[-1]["total"]
                print(
                    f"  {m.id} alone, the whole file over its whole campaigns: {own:.0f} B"
                    f" ({'ok' if own < BUDGET else 'OVER'})"
                )
        med, worst = statistics.median([r["after"] for r in camp]), max(r["as_is"] for r in camp)
        print(
            f"  a campaign's own growth, checkpointed: median {med:.0f} B;"
            f" at its last order (before the grace and the fold): worst {worst:.0f} B"
        )


async def pg_main(args: argparse.Namespace) -> None:
    """The whole database per order on PostgreSQL: the clubs of ``file_main`` (every game together, and each
    alone), each in a database of its own on the server, and the same clubs on SQLite in the same run (the
    reference)."""
    mods = games_of(args.game)
    clubs: list[tuple[str, list[AnyModule]]] = [
        ("together" if len(mods) > 1 else f"{mods[0].id} alone", mods)
    ]
    if len(mods) > 1 and not args.together:
        clubs += [(f"{m.id} alone", [m]) for m in mods]
    vacuums = ["auto", "none"] if args.vacuum == "both" else [args.vacuum]
    prune = not args.no_prune
    names = ", ".join(m.id for m in mods)
    pg: dict[tuple[str, str], list[Growth]] = {}
    tables: dict[tuple[str, str], list[str]] = {}
    done: dict[tuple[str, str], int] = {}
    ref: dict[str, list[Growth]] = {}
    t0 = time.perf_counter()
    for label, games in clubs:
        for vacuum in vacuums:
            disk = PgDisk(args.database, vacuum)
            try:
                rows = await club(disk, args, prune, games)
                pg[(label, vacuum)] = rows
                tables[(label, vacuum)] = await disk.report(
                    int(rows[-1]["orders"]), rows[-1]["after"] * rows[-1]["orders"]
                )
                done[(label, vacuum)] = disk.vacuums
                exact = disk.exact
                threshold, scale = disk.threshold, disk.scale
            finally:
                await disk.close()
    took = time.perf_counter() - t0
    t1 = time.perf_counter()
    for label, games in clubs:
        sdisk = SqliteDisk()
        try:
            ref[label] = await club(sdisk, args, prune, games)
        finally:
            await sdisk.close()
    took_ref = time.perf_counter() - t1
    print(
        f"PostgreSQL: {args.campaigns} x {len(mods)} whole campaigns ({names}), one after another in a"
        f" database of their own on the server{' (each game alone too)' if len(clubs) > 1 else ''}, an order"
        f" every {args.minutes:g} min,"
        f" {'pruned as the bot prunes' if prune else 'nothing pruned'}; {took:.1f} s, the SQLite reference"
        f" {took_ref:.1f} s ({load_average()})"
    )
    print(
        "what counts: every relation of the database (its tables and catalogs with their indexes, TOAST, free"
        " space and visibility maps; its sequences: pg_database_size but the relation cache's init file),"
        " its growth from the empty schema to the end, by the orders; not the WAL (the cluster's, recycled)"
    )
    how = {
        "auto": f"autovacuum as the server's would run it (a plain VACUUM of a table past {threshold:g} +"
        f" {scale:g} x its rows dead, looked at after every order; dead rows by"
        f" {'pgstattuple' if exact else 'the statistics collector'})",
        "none": "never vacuumed (autovacuum off)",
    }
    for label, games in clubs:
        for vacuum in vacuums:
            rows = pg[(label, vacuum)]
            camp = [r for r in rows if r["module"] != "all"]
            total = rows[-1]
            print(f"{label}, {how[vacuum]}: orders per campaign {[int(r['orders']) for r in camp]}")
            print(
                summary("  growth per order, at its last order", [r["as_is"] for r in camp], "B", "campaigns")
            )
            print(
                summary("  growth per order, after the grace", [r["after"] for r in camp], "B", "campaigns")
            )
            print(
                f"  whole database's growth from the empty schema ({total.get('empty', 0) / 1e6:.2f} MB)"
                f" / all {int(total['orders'])} orders: {total['after']:.1f} B;"
                f" VACUUMs run {done[(label, vacuum)]}; by table:"
            )
            for line in tables[(label, vacuum)]:
                print(line)
            later = camp[len(games) :]  # after the first round: the fixed costs (maps, first pages) paid
            if later:
                n = sum(r["orders"] for r in later)
                print(
                    f"  after the first round of campaigns: growth / their {n} orders"
                    f" {sum(r['after'] * r['orders'] for r in later) / n:.1f} B"
                )
        r = ref[label][-1]
        print(
            f"  reference, SQLite, the same campaigns: the whole file (db + wal + shm) / {int(r['orders'])}"
            f" orders {r['total']:.1f} B (growth after the empty schema {r['after']:.1f} B)"
        )
    head = "auto" if "auto" in vacuums else vacuums[0]
    print(f"budget < 1.5 KB an order, the whole database on PostgreSQL ({how[head].split(' (')[0]}):")
    for label, _games in clubs:
        grew = pg[(label, head)][-1]["after"]
        print(
            f"  {label}: {grew:.0f} B ({'ok' if grew < BUDGET else 'OVER'});"
            f" SQLite's whole file in this run {ref[label][-1]['total']:.0f} B"
        )


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python bench/storage.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="", help="a registered game module (default: every one)")
    ap.add_argument("--rows", action="store_true", help="the bytes each commit writes")
    ap.add_argument("--games", type=int, default=3, help="--rows: campaigns")
    ap.add_argument(
        "--database",
        default=None,
        help="--rows: a postgresql:// URL of an empty database; else a server's URL whose user may create"
        " databases (each club gets one, dropped after)",
    )
    ap.add_argument(
        "--vacuum",
        choices=["auto", "none", "both"],
        default="auto",
        help="PostgreSQL: autovacuum as the server runs it, none, or both",
    )
    ap.add_argument("--campaigns", type=int, default=2, help="campaigns of each game")
    ap.add_argument("--minutes", type=float, default=3.0, help="minutes between two orders")
    ap.add_argument("--no-prune", action="store_true", help="only the reference: nothing pruned")
    ap.add_argument("--tables", action="store_true", help="the pages of each table at the end (dbstat)")
    ap.add_argument("--together", action="store_true", help="no club of each game alone")
    ap.add_argument("--cap", type=int, default=0, help="at most this many orders a campaign (a quick try)")
    args = ap.parse_args(argv)
    pg = bool(args.database) and args.database.startswith(("postgresql://", "postgres://"))
    asyncio.run(rows_main(args) if args.rows else pg_main(args) if pg else file_main(args))


if __name__ == "__main__":
    main()
