"""The soak in CI size (the long one is documented in docs/crash-test.md): two bot processes on one
PostgreSQL server of the test's own, orders flowing to both, the server restarted (``pg_ctl restart``) and
then the database read-only for a moment while they flow. Afterwards: every order answered as done is stored
once, no game is suspended and every game agrees with a replay of its orders, no advisory lock is left
behind, and every interaction was answered — done, or one of the service's own plain lines (never a
traceback, never the database's words)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

RATE = 8.0  # interactions a second, over both processes
SECONDS = 16.0
RESTART_AT, READ_ONLY_AT, READ_ONLY_FOR = 4.0, 10.0, 2.0


def _pg_bin() -> str | None:
    found = shutil.which("pg_ctl")
    if found:
        return str(Path(found).parent)
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin"))
    return str(versions[-1]) if versions else None


@contextlib.contextmanager
def server() -> Iterator[tuple[str, list[str]]]:
    """A PostgreSQL server of this test's own (it is restarted), its URL and the ``pg_ctl`` restart line."""
    pg = _pg_bin()
    if pg is None:
        pytest.skip("PostgreSQL is not installed (pg_ctl): bash .ci/run installs it")
    root = tempfile.mkdtemp(prefix="estafette-soak-")
    owner: list[str] = []
    if os.getuid() == 0:  # the server refuses to run as root
        shutil.chown(root, "postgres")
        owner = ["runuser", "-u", "postgres", "--"]
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    data = f"{root}/data"
    subprocess.run(
        [*owner, f"{pg}/initdb", "-D", data, "-A", "trust", "-U", "postgres"], check=True, capture_output=True
    )
    opts = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100"
    ctl = [*owner, f"{pg}/pg_ctl", "-D", data, "-w", "-l", f"{root}/server.log", "-o", opts]
    subprocess.run([*ctl, "start"], check=True, capture_output=True)
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres", [*ctl, "-m", "fast", "restart"]
    finally:
        subprocess.run([*owner, f"{pg}/pg_ctl", "-D", data, "-m", "fast", "stop"], capture_output=True)
        shutil.rmtree(root, ignore_errors=True)


async def admin_sql(url: str, *statements: str) -> None:
    import asyncpg

    for _ in range(50):  # the server may be coming back from its restart
        try:
            con = await asyncpg.connect(url)
            break
        except (OSError, asyncpg.PostgresError):
            await asyncio.sleep(0.2)
    try:
        for sql in statements:
            await con.execute(sql)
    finally:
        await con.close()


def terminate(db: str) -> str:
    """Every session on ``db`` ended: the processes' next connections take the database's new settings."""
    return f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{db}'"


async def test_two_processes_through_a_restart_and_a_read_only_moment_lose_nothing_and_suspend_nothing():
    import aiohttp
    import asyncpg

    from bench.capacity import build, processes
    from bot.pictures import NoPictures
    from bot.service import Service
    from bot.storage import open_store
    from engine import modules

    with server() as (url, restart):
        db = "soak"
        await admin_sql(url, f'CREATE DATABASE "{db}"')
        database = url.rsplit("/", 1)[0] + "/" + db
        games = await build(database, modules.modules(), 12, seed=3)
        rng = random.Random(7)
        answers: dict[str, dict] = {}  # interaction id -> the answer
        unanswered: list[str] = []
        faults: list[str] = []

        async def faults_while_orders_flow(t0: float) -> None:
            await asyncio.sleep(RESTART_AT - (time.perf_counter() - t0))
            await asyncio.to_thread(subprocess.run, restart, check=True, capture_output=True)
            faults.append("restart")
            await asyncio.sleep(READ_ONLY_AT - (time.perf_counter() - t0))
            await admin_sql(
                url, f'ALTER DATABASE "{db}" SET default_transaction_read_only = on', terminate(db)
            )
            faults.append("read-only")
            await asyncio.sleep(READ_ONLY_FOR)
            await admin_sql(url, f'ALTER DATABASE "{db}" RESET default_transaction_read_only', terminate(db))

        async with processes(database, 2, seed=11) as urls, aiohttp.ClientSession() as http:

            async def one(gid: int) -> None:
                iid = uuid.uuid4().hex
                try:
                    async with http.post(
                        urls[gid % 2], json={"game": gid, "id": iid}, timeout=aiohttp.ClientTimeout(30)
                    ) as r:
                        answers[iid] = await r.json()
                except (aiohttp.ClientError, TimeoutError):
                    unanswered.append(iid)

            t0 = time.perf_counter()
            chaos = asyncio.create_task(faults_while_orders_flow(t0))
            sent = []
            for k in range(int(RATE * SECONDS)):
                await asyncio.sleep(max(0.0, t0 + k / RATE - time.perf_counter()))
                sent.append(asyncio.create_task(one(rng.choice(games))))
            await asyncio.gather(*sent)
            await chaos
            await asyncio.sleep(1.0)  # the last changes' broadcasts and bot moves settle
            con = await asyncpg.connect(database)
            locks = await con.fetchval("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'")
            await con.close()

        assert faults == ["restart", "read-only"]
        assert unanswered == []  # every interaction answered
        done = [iid for iid, a in answers.items() if a.get("applied")]  # answered "Done"
        said = {a.get("error") for a in answers.values() if not a.get("ok") and not a.get("over")}
        # the service's own lines only (a refused order, the database unavailable), never an exception
        assert all(key and key.startswith(("svc.", "err.", "rule.")) for key in said), said
        assert len(done) > RATE * SECONDS / 3, (len(done), said)
        assert locks == 0

        store = open_store(database)
        await store.open()
        try:
            stored = await store._all("SELECT interaction_id FROM orders WHERE interaction_id IS NOT NULL")
            ids = [r["interaction_id"] for r in stored]
            assert set(done) <= set(ids)  # nothing acknowledged is lost
            assert len(ids) == len(set(ids))  # nothing applied twice
            svc = Service(store, pictures=NoPictures())
            assert await svc.recover() == []  # every game agrees with a replay of its orders
            assert await store.game_ids("suspended") == []
            await svc.idle()
        finally:
            await store.close()
