"""Storage benchmark (issue 5/6 item 2): bytes written per order while whole campaigns are played through the
service, and what a load replays.

    python bench/storage.py [--games 3] [--database postgresql://...]

Each game (days=0, historical set-up, random legal orders from ``tools.fuzz.pick``) is played to its end
through ``Service.order``, one order per change. For every order it prints min / median / p99 / max of:

- **rows**: the sum of the sizes of the rows its commit writes (``bot.storage.base.commit_sizes``: text as
  UTF-8, blobs as stored, numbers 8 bytes; without the databases' own headers), split into the game's
  storage (games row, orders, events, snapshots: the budget is < 5 KB) and the outbox (the messages the
  order sends, which any storage writes);
- **WAL**: how much the write-ahead log grew (SQLite: the -wal file with automatic checkpoints off, whole
  4 KiB pages plus frame headers; PostgreSQL: ``pg_current_wal_lsn`` moved, the server's WAL for the whole
  cluster);
- the reference, measured in the same run: the whole snapshot ``Game.dumps()`` that schema 5 rewrote into
  the games row at every order.

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
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.pictures import NoPictures
from bot.service import Caller, Service
from bot.service.core import SNAPSHOT_EVERY, Games
from bot.storage import open_store
from bot.storage.base import commit_sizes
from engine import Game
from tools.fuzz import pick

GAME_TABLES = ("games", "orders", "events", "snapshots", "other")


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
            for con in {self.store.db, self.store.reader}:
                await con.execute("PRAGMA wal_autocheckpoint=0")  # the file only grows, by what is written

    async def now(self) -> int:
        if self.pg:
            r = await self.store._one("SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::BIGINT AS n")
            return int(r["n"])
        wal = self.store.path + "-wal"
        return os.path.getsize(wal) if os.path.exists(wal) else 0


async def play(database: str, seed: int, channel: int, out: dict[str, list[float]]) -> int:
    store = open_store(database)
    await store.open()
    wal = Wal(store)
    await wal.setup()
    svc = Service(store, pictures=NoPictures())
    sizes: list[dict[str, int]] = []
    commit = store.commit

    async def measured(c: Any) -> Any:
        sizes.append(commit_sizes(c))
        return await commit(c)

    store.commit = measured  # type: ignore[method-assign]
    host, french, allied = Caller(1, channel, 9, manager=True), Caller(2, channel, 9), Caller(3, channel, 9)
    await svc.new_game(host, "setup=historical days=0")
    await svc.join(french, "french")
    await svc.join(allied, "allied")
    await svc.start(host)
    gid = await store.game_id_in_channel(channel)
    assert gid is not None
    rng = random.Random(seed)
    budget: dict[str, int] = {}
    who = {"french": french, "allied": allied}
    while True:
        live = svc.live[gid]
        game = live.game
        if game is None or game.over:
            break
        role = rng.choice(game.active())
        order = pick(rng, game, role, budget)
        sizes.clear()
        before = await wal.now()
        r = await svc.order(who[role], order, role=role)
        grew = await wal.now() - before
        assert r.reply.text.startswith("Done"), r.reply.text
        out["reference"].append(len(svc.live[gid].game.dumps()))
        out["game"].append(sum(s[t] for s in sizes for t in GAME_TABLES))
        out["outbox"].append(sum(s["outbox"] for s in sizes))
        out["wal"].append(grew)
        for t in GAME_TABLES:
            out[t].append(sum(s[t] for s in sizes))
        if len(out["game"]) % 7 == 0:
            await load(store, gid, svc.live[gid].game.dumps(), out)
    await svc.idle()
    await load(store, gid, svc.live[gid].game.dumps(), out)
    row = await store.game(gid)
    assert row is not None
    await store.close()
    return row.version


async def load(store: Any, gid: int, now: str, out: dict[str, list[float]]) -> None:
    """Load the game as a process that never saw it would (a new ``Games``): its time, its replayed orders."""
    row = await store.game(gid)
    loader = Games(store)
    t0 = time.perf_counter()
    loaded = await loader.load(row)
    out["load_ms"].append((time.perf_counter() - t0) * 1000)
    out["replayed"].append(loader.replayed)
    assert loaded is not None and loaded.dumps() == now
    t0 = time.perf_counter()
    Game.loads(now)  # what a load of schema 5 did: the whole snapshot
    out["load_ref_ms"].append((time.perf_counter() - t0) * 1000)


async def main_async(args: argparse.Namespace) -> None:
    keys = ["reference", "game", "outbox", "wal", "load_ms", "load_ref_ms", "replayed", *GAME_TABLES]
    out: dict[str, list[float]] = {k: [] for k in keys}
    with tempfile.TemporaryDirectory() as tmp:
        database = args.database or str(Path(tmp) / "storage.db")
        t = time.perf_counter()
        orders = [await play(database, seed, 1000 + seed, out) for seed in range(args.games)]
        took = time.perf_counter() - t
    backend = "PostgreSQL" if database.startswith("postgres") else "SQLite"
    print(f"{backend}: {args.games} whole campaigns (days=0) of {orders} orders, played in {took:.1f} s")
    print("bytes written per order:")
    print(summary("rows, the game's (budget < 5 KB)", out["game"]))
    for t in GAME_TABLES:
        print(summary(f"  of which {t}", out[t]))
    print(summary("rows, the outbox (its messages)", out["outbox"]))
    print(summary("WAL growth (pages, whole change)", out["wal"]))
    print(summary("reference: schema 5's snapshot", out["reference"]))
    ratio = statistics.median(out["game"]) / statistics.median(out["reference"])
    print(f"median game rows / median schema-5 snapshot: {ratio:.3f}")
    print(summary(f"orders a load replayed (< {SNAPSHOT_EVERY})", out["replayed"], " ", "loads"))
    print(summary("load time", out["load_ms"], "ms", "loads"))
    print(summary("reference: schema 5's Game.loads", out["load_ref_ms"], "ms", "loads"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--database", default=None, help="a postgresql:// URL of an empty database (else SQLite)")
    asyncio.run(main_async(ap.parse_args()))


if __name__ == "__main__":
    main()
