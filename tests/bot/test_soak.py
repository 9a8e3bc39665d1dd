"""The soak in CI size (the long one is documented in docs/crash-test.md): two bot processes on one
PostgreSQL server of the test's own, orders flowing to both, the server restarted (``pg_ctl restart``) and
then the database read-only for a moment while they flow. Afterwards: every order answered as done is stored
once, no game is suspended and every game agrees with a replay of its orders, no advisory lock is left
behind, and every interaction was answered — done, or one of the service's own plain lines (never a
traceback, never the database's words)."""

from __future__ import annotations

import asyncio
import contextlib
import random
import subprocess
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

RATE = 8.0  # interactions a second, over both processes
SECONDS = 16.0
RESTART_AT, READ_ONLY_AT, READ_ONLY_FOR = 4.0, 10.0, 2.0


@contextlib.contextmanager
def server() -> Iterator[tuple[str, list[str]]]:
    """A PostgreSQL server of this test's own (it is restarted), its URL and the ``pg_ctl`` restart line."""
    # imported here: run as a script, this file puts tests/ on the path in __main__
    from support.pg_server import pg_bin, pg_server

    pg = pg_bin()
    if pg is None:
        pytest.skip("PostgreSQL is not installed (pg_ctl): bash .ci/run installs it")
    with pg_server(pg, "estafette-soak-", "-c fsync=off -c max_connections=100") as (url, ctl):
        yield url, [*ctl, "-m", "fast", "restart"]


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


async def soak(
    processes_n: int = 2, rate: float = RATE, seconds: float = SECONDS, n_games: int = 12
) -> dict[str, Any]:
    """Orders at ``rate`` a second for ``seconds`` to ``processes_n`` bot processes on a server of its own,
    restarted at ``RESTART_AT`` s and read-only from ``READ_ONLY_AT`` s for ``READ_ONLY_FOR`` s (the times
    scaled to ``seconds``). Its figures, checked by the caller."""
    import aiohttp
    import asyncpg

    from bench.capacity import build, processes
    from bot.pictures import NoPictures
    from bot.service import Service
    from bot.storage import open_store
    from engine import modules

    scale = seconds / SECONDS
    with server() as (url, restart):
        db = "soak"
        await admin_sql(url, f'CREATE DATABASE "{db}"')
        database = url.rsplit("/", 1)[0] + "/" + db
        games = await build(database, modules.modules(), n_games, seed=3)
        rng = random.Random(7)
        answers: dict[str, dict] = {}  # interaction id -> the answer
        unanswered: list[str] = []
        faults: list[str] = []
        t_begin = time.perf_counter()

        async def faults_while_orders_flow(t0: float) -> None:
            await asyncio.sleep(RESTART_AT * scale - (time.perf_counter() - t0))
            await asyncio.to_thread(subprocess.run, restart, check=True, capture_output=True)
            faults.append("restart")
            await asyncio.sleep(READ_ONLY_AT * scale - (time.perf_counter() - t0))
            await admin_sql(
                url, f'ALTER DATABASE "{db}" SET default_transaction_read_only = on', terminate(db)
            )
            faults.append("read-only")
            await asyncio.sleep(READ_ONLY_FOR)
            await admin_sql(url, f'ALTER DATABASE "{db}" RESET default_transaction_read_only', terminate(db))

        async with processes(database, processes_n, seed=11) as urls, aiohttp.ClientSession() as http:

            async def one(gid: int) -> None:
                iid = uuid.uuid4().hex
                t0 = time.perf_counter()
                try:
                    async with http.post(
                        urls[gid % len(urls)],
                        json={"game": gid, "id": iid},
                        timeout=aiohttp.ClientTimeout(30),
                    ) as r:
                        answers[iid] = await r.json()
                        answers[iid]["ms"] = (time.perf_counter() - t0) * 1000
                except (aiohttp.ClientError, TimeoutError):
                    unanswered.append(iid)

            t0 = time.perf_counter()
            chaos = asyncio.create_task(faults_while_orders_flow(t0))
            sent = []
            for k in range(int(rate * seconds)):
                await asyncio.sleep(max(0.0, t0 + k / rate - time.perf_counter()))
                sent.append(asyncio.create_task(one(rng.choice(games))))
            await asyncio.gather(*sent)
            await chaos
            await asyncio.sleep(1.0)  # the last changes' broadcasts and bot moves settle
            con = await asyncpg.connect(database)
            locks = await con.fetchval("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'")
            await con.close()

        done = [iid for iid, a in answers.items() if a.get("applied")]  # answered "Done"
        said: dict[str, int] = {}
        for a in answers.values():
            if not a.get("ok") and not a.get("over"):
                said[a.get("error", "?")] = said.get(a.get("error", "?"), 0) + 1
        store = open_store(database)
        await store.open()
        try:
            stored = await store._all("SELECT interaction_id FROM orders WHERE interaction_id IS NOT NULL")
            ids = [r["interaction_id"] for r in stored]
            svc = Service(store, pictures=NoPictures())
            problems = await svc.recover()  # every game against a replay of its orders
            suspended = await store.game_ids("suspended")
            await svc.idle()
        finally:
            await store.close()
        times = sorted(a["ms"] for a in answers.values())
        return {
            "processes": processes_n,
            "games": len(games),
            "sent": len(sent),
            "faults": faults,
            "unanswered": len(unanswered),
            "done": len(done),
            "refused_or_unavailable": said,
            "lost": sorted(set(done) - set(ids)),
            "applied_twice": len(ids) - len(set(ids)),
            "problems": problems,
            "suspended": suspended,
            "advisory_locks_left": locks,
            "reply_ms_median": round(times[len(times) // 2]) if times else None,
            "reply_ms_p99": round(times[min(len(times) - 1, int(0.99 * len(times)))]) if times else None,
            "seconds": round(time.perf_counter() - t_begin, 1),
        }


async def test_two_processes_through_a_restart_and_a_read_only_moment_lose_nothing_and_suspend_nothing():
    f = await soak()
    assert f["faults"] == ["restart", "read-only"]
    assert f["unanswered"] == 0  # every interaction answered
    # the service's own lines only (a refused order, the database unavailable), never an exception
    assert all(key.startswith(("svc.", "err.", "rule.")) for key in f["refused_or_unavailable"]), f
    assert f["done"] > RATE * SECONDS / 3, f
    assert f["lost"] == [] and f["applied_twice"] == 0, f  # nothing acknowledged lost, nothing twice
    assert f["problems"] == [] and f["suspended"] == [], f  # every game agrees with a replay of its orders
    assert f["advisory_locks_left"] == 0, f


if __name__ == "__main__":  # the longer soak (docs/crash-test.md): python tests/bot/test_soak.py 3 10 90 60
    import json
    import sys

    sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parents[1])]
    n, r, sec, g = (float(x) for x in (sys.argv[1:] + ["3", "10", "90", "60"][len(sys.argv) - 1 :])[:4])
    print(json.dumps(asyncio.run(soak(int(n), r, sec, int(g))), indent=1))
