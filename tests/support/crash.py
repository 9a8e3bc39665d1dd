"""The crash test (docs/crash-test.md): the real bot in a subprocess, killed at random moments, restarted on
the same database.

    python tests/support/crash.py --kills 1000 [--seed 1] [--out DIR]

The parent runs the fake Discord (``discord_fake.py``) on loopback. Each round starts a *driver* process: the
real ``EstafetteBot`` pointed at the fake, which plays three campaigns in three channels (one against a bot
seat) by feeding itself real-shaped interactions — lobby commands, legal orders picked at random, status
reads, and now and then the same interaction twice — several at once. The parent kills it (SIGKILL) after a
random moment and starts the next. A last driver runs without being killed until its outbox is empty.
Then the parent checks:

- **0 acknowledged orders lost**: every interaction the fake saw answered "Done." is an order in the database;
- **0 games suspended wrongly**: no game is suspended, and no start-up check reported a problem;
- **every outbox item delivered at least once**: none is pending, none was dropped;
- **every channel post exactly once**: each post item is one message in its channel (its nonce), no more.

It prints the figures as JSON and exits 1 if a check failed. ``tests/bot/test_crash.py`` runs a few kills
in CI.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import os
import pickle
import random
import signal
import sqlite3
import sys
import time
from pathlib import Path
from typing import Any

TESTS = Path(__file__).resolve().parent.parent  # tests/ (for ``support``) and the repository above it
sys.path[:0] = [str(TESTS), str(TESTS.parent)]

EARLY = 0.15  # the share of kills during start-up
CHANNELS = ("game-1", "game-2", "game-3")  # game-3 plays against a bot seat
OPTIONS = {"setup": "historical", "players": 2, "days": 1}
SEATS = {"french": "alice", "allied": "bob"}


# --- the driver (a subprocess) --------------------------------------------------------------------------


async def drive(
    origin: str, db: str, world_file: str, seed: int, settle: bool, problems: str, worker: int = 0
) -> int:
    import aiohttp

    from bot.discord_app.client import EstafetteBot
    from bot.pictures import NoPictures
    from bot.storage import open_store
    from support import discord_fake
    from support.discord_fake import BotHandle, ErrorGuard, FakeDiscord, pointed_at

    if worker:  # several drivers at once: their interactions' ids must differ (Discord's carry a worker id)
        plain = discord_fake.new_snowflake
        discord_fake.new_snowflake = lambda: (plain() & ~(0x1F << 17)) | (worker << 17)
    world = pickle.loads(Path(world_file).read_bytes())
    local = FakeDiscord(world)  # never started: only builds payloads; the real fake is the parent's
    with pointed_at(origin + "/api/v10"):
        bot = EstafetteBot(open_store(db), pictures=NoPictures(), tick_seconds=0)
        guard = ErrorGuard().install()
        h = BotHandle(local, None, bot, guard, timeout=60)
        h.fail_on_errors = False
        await h.start()
        print("ready", flush=True)
        written = 0

        def report() -> None:  # the start-up check's findings, as the games are checked
            nonlocal written
            with open(problems, "a", encoding="utf-8") as f:
                for p in bot.service.problems[written:]:
                    f.write(p + "\n")
            written = len(bot.service.problems)

        async with aiohttp.ClientSession() as http:
            if settle:
                await bot.service.check_all()
                report()
                await bot.service.idle()
                # a killed driver's claims on destinations lapse after the lease (PostgreSQL; SQLite clears
                # them at start-up): wait them out
                from bot.delivery import LEASE

                deadline = time.monotonic() + LEASE + 30
                while time.monotonic() < deadline:
                    bot.outbox.kick()
                    await bot.outbox.settle()
                    if not await bot.store.outbox_pending():
                        break
                    await asyncio.sleep(0.5)
                await bot.close()
                return 0
            rng = random.Random(seed)
            while True:
                batch = [await next_interaction(h, rng, ch) for ch in rng.sample(CHANNELS, rng.randint(1, 3))]
                batch = [p for p in batch if p is not None]
                if batch and rng.random() < 0.1:
                    batch.append(h.duplicate(batch[0]))  # Discord delivers an interaction twice now and then
                for p in batch:
                    async with http.post(origin + "/_fake/interactions", json=p) as r:
                        assert r.status == 204, r.status
                # a logged error fails a feed: the checks afterwards say whether anything was lost
                with contextlib.suppress(AssertionError):
                    await h.feed_concurrently(*batch)
                report()
    return 0


async def next_interaction(h: Any, rng: random.Random, channel: str) -> dict | None:
    """The next thing a player of this channel would do."""
    from engine.napoleon.fuzzing import pick
    from engine.text import parse_command

    svc = h.bot.service
    ch = h.world.channel(channel)
    gid = await svc.store.game_id_in_channel(ch.id)
    if gid is None:
        return h.slash("game new", OPTIONS, user="alice", channel=channel)
    live = await svc.games.read(gid)
    if live is None:
        return None
    row = live.row
    if row.status == "lobby":
        for role, user in SEATS.items():
            if role not in row.seats:
                if channel == "game-3" and role == "allied":
                    return h.slash("game join", {"role": role, "bot": True}, user="alice", channel=channel)
                return h.slash("game join", {"role": role}, user=user, channel=channel)
        return h.slash("game start", user="alice", channel=channel)
    game = live.game
    if row.status != "running" or game is None or game.over:
        return None
    if rng.random() < 0.15:
        return h.slash("game status", user=rng.choice(list(SEATS.values())), channel=channel)
    humans = [r for r in game.active() if not row.seats.get(r, (None, True))[1]]
    if not humans:
        return None  # a bot seat is moving
    role = rng.choice(humans)
    order = pick(rng, game, role, {})
    if order is None:
        return None
    cmd = parse_command(order)
    opts: dict[str, Any] = {}
    for k, v in cmd.options.items():
        opts[k] = (v == "yes") if k == "forced" else v
    if cmd.name == "orders":
        opts = {
            "list": cmd.options["list"],
            **({"battle": cmd.options["battle"]} if "battle" in cmd.options else {}),
        }
    return h.slash(cmd.name, opts, user=SEATS[role], channel=channel)


# --- the parent ------------------------------------------------------------------------------------------


async def crash_run(
    kills: int,
    seed: int,
    out: Path,
    lo: float = 0.0,
    hi: float = 3.0,
    *,
    processes: int = 1,
    database: str | None = None,
) -> dict[str, Any]:
    """``kills`` rounds of ``processes`` drivers on one database (SQLite in ``out``, or a PostgreSQL URL),
    each killed at a random moment, then a last driver that settles; then the checks."""
    from support.discord_fake import FakeDiscord, World

    out.mkdir(parents=True, exist_ok=True)
    db = database or str(out / "crash.db")
    for f in (out / "crash.db", out / "crash.db-wal", out / "crash.db-shm", out / "problems.txt"):
        f.unlink(missing_ok=True)
    world = World.default(channels=("general", *CHANNELS))
    world_file = out / "world.pickle"
    world_file.write_bytes(pickle.dumps(world))
    fake = FakeDiscord(world)
    await fake.start()
    # a killed driver leaves requests half-sent: the fake's server logs each, which is expected here
    server_log = logging.getLogger("aiohttp.server")
    level = server_log.level
    server_log.setLevel(logging.CRITICAL)
    rng = random.Random(seed)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(TESTS), str(TESTS.parent)])}
    t0 = time.perf_counter()
    killed = [0]

    async def one(k: int, worker: int, settle: bool) -> None:
        argv = [sys.executable, str(Path(__file__)), "drive", fake.origin, db, str(world_file)]
        argv += [str(seed * 100_003 + k * 31 + worker), "1" if settle else "0", str(out / "problems.txt")]
        argv.append(str(worker))
        proc = await asyncio.create_subprocess_exec(
            *argv, env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE
        )
        if settle:
            _out, err = await asyncio.wait_for(proc.communicate(), 300)
            if proc.returncode != 0:
                raise RuntimeError(f"the last driver failed ({proc.returncode}):\n{err.decode()[-3000:]}")
            return
        if rng.random() < EARLY:  # now and then during start-up (recovery, migrations, sync)
            await asyncio.sleep(rng.uniform(0, 1.5))
        else:  # usually while it plays
            assert proc.stdout is not None
            await asyncio.wait_for(proc.stdout.readline(), 120)
            await asyncio.sleep(rng.uniform(lo, hi))
        if proc.returncode is None:
            proc.send_signal(signal.SIGKILL)
            killed[0] += 1
        _out, err = await proc.communicate()
        if proc.returncode not in (0, -signal.SIGKILL):
            raise RuntimeError(f"a driver failed ({proc.returncode}):\n{err.decode()[-3000:]}")

    try:
        for k in range(kills):
            await asyncio.gather(*(one(k, w, False) for w in range(1, processes + 1)))
        await one(kills, 0, True)
        figures = await verify(fake, db, out / "problems.txt")
    finally:
        await fake.close()
        server_log.setLevel(level)
    figures.update(
        {
            "kills": killed[0],
            "processes": processes,
            "seconds": round(time.perf_counter() - t0, 1),
            "seed": seed,
        }
    )
    return figures


class _Db:
    """The database the drivers shared, read by the checks (SQLite or PostgreSQL)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.con: Any = None

    async def __aenter__(self) -> _Db:
        if self.url.startswith("postgres"):
            import asyncpg

            self.con = await asyncpg.connect(self.url)
        else:
            self.con = sqlite3.connect(self.url)
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self.url.startswith("postgres"):
            await self.con.close()
        else:
            self.con.close()

    async def rows(self, sql: str) -> list[tuple[Any, ...]]:
        if self.url.startswith("postgres"):
            return [tuple(r) for r in await self.con.fetch(sql)]
        return list(self.con.execute(sql).fetchall())


async def verify(fake: Any, db: str, problems_file: Path) -> dict[str, Any]:
    """The checks, over the fake's records (indexed once: a long run has a hundred thousand calls)."""
    async with _Db(db) as con:
        return await _verify(fake, con, problems_file)


async def _verify(fake: Any, con: _Db, problems_file: Path) -> dict[str, Any]:
    token_of = {st.token: iid for iid, st in fake._interactions.items()}
    acknowledged: set[str] = set()
    for c in fake.calls:
        if c.status not in (200, 204) or not c.route:
            continue
        if c.route == "/interactions/{interaction_id}/{token}/callback":
            iid, content = int(c.params["interaction_id"]), ((c.body or {}).get("data") or {}).get("content")
        elif c.route.startswith("/webhooks/") and c.params.get("token") in token_of:
            iid, content = token_of[c.params["token"]], (c.body or {}).get("content")
        else:
            continue
        if (content or "").startswith("Done"):
            acknowledged.add(str(iid))
    by_nonce: dict[tuple[int, str], int] = {}
    for m in fake.messages.values():
        if m.get("nonce") is not None:
            key = (int(m["channel_id"]), str(m["nonce"]))
            by_nonce[key] = by_nonce.get(key, 0) + 1
    stored = {
        r[0] for r in await con.rows("SELECT interaction_id FROM orders WHERE interaction_id IS NOT NULL")
    }
    lost = sorted(acknowledged - stored)
    suspended = [r[0] for r in await con.rows("SELECT id FROM games WHERE status='suspended'")]
    problems = problems_file.read_text().splitlines() if problems_file.exists() else []
    pending = (await con.rows("SELECT COUNT(*) FROM outbox WHERE done IS NULL"))[0][0]
    # an item done with an error was dropped, but for a status superseded by a later one
    dropped = [
        r
        for r in await con.rows(
            "SELECT id, kind, error FROM outbox WHERE done IS NOT NULL AND error IS NOT NULL"
        )
        if not str(r[2]).startswith("superseded")
    ]
    posts = await con.rows("SELECT id, target FROM outbox WHERE kind='post'")
    dms = await con.rows("SELECT id, target FROM outbox WHERE kind='dm'")
    twice = [item for item, ch in posts if by_nonce.get((ch, f"e{item}.0"), 0) > 1]
    missing = [item for item, ch in posts if by_nonce.get((ch, f"e{item}.0"), 0) == 0]
    dm_nonces = {nonce for (_ch, nonce) in by_nonce}
    dm_missing = [item for item, _user in dms if f"e{item}.0" not in dm_nonces]
    games = await con.rows("SELECT status, COUNT(*) FROM games GROUP BY status")
    orders = (await con.rows("SELECT COUNT(*) FROM orders"))[0][0]
    ok = not (lost or suspended or problems or pending or dropped or twice or missing or dm_missing)
    return {
        "ok": ok,
        "acknowledged_orders": len(acknowledged),
        "lost": lost,
        "orders_stored": orders,
        "games": dict(games),
        "suspended": suspended,
        "start_up_problems": problems,
        "outbox_items": len(posts) + len(dms),
        "posts": len(posts),
        "dms": len(dms),
        "pending": pending,
        "dropped": dropped,
        "posts_twice": twice,
        "posts_missing": missing,
        "dms_missing": dm_missing,
    }


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "drive":
        origin, db, world, seed, settle, problems, worker = argv[1:8]
        return asyncio.run(drive(origin, db, world, int(seed), settle == "1", problems, int(worker)))
    ap = argparse.ArgumentParser(prog="python tests/support/crash.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--kills", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="crash-test")
    ap.add_argument("--processes", type=int, default=1, help="drivers at once on the one database")
    ap.add_argument("--database", default=None, help="a postgresql:// URL (default: SQLite in --out)")
    args = ap.parse_args(argv)
    figures = asyncio.run(
        crash_run(args.kills, args.seed, Path(args.out), processes=args.processes, database=args.database)
    )
    print(json.dumps(figures, indent=1))
    return 0 if figures["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
