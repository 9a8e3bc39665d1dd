"""Capacity benchmark: how many interactions a second one, two and three bot processes on one PostgreSQL
serve before the p99 reply passes its limit.

    python bench/capacity.py [--processes 1,2,3] [--games 120] [--start 1] [--factor 1.5] [--step 10]
        [--max-rate 400] [--limit-ms 500] [--seconds 300] [--database postgresql://...] [--seed 1]

Loopback only, bounded in count and time. Without ``--database`` it starts a throwaway PostgreSQL server in
a temporary directory (``initdb``/``pg_ctl`` on the PATH or under /usr/lib/postgresql) and removes it at the
end. It builds ``--games`` running games (game ``i`` of every registered module in turn, with its own
players: one of each module played forward through the service by its random player, the others copies
with every row a game has, ``bench/common.py``). For each number of processes it starts that many bot
processes (this file's ``worker``: the real service on the database, its deadline ticker every 2 s, serving
interactions on a loopback port), has each load and check its games (a bot that has run a while), and, at
rising rates (``--start`` interactions a second, times ``--factor`` a step, each step ``--step`` seconds
and at least 50 interactions), sends interactions at fixed moments, open loop (the next is sent on time
whether or not the last was answered): each an order of the player to move in a game (a random legal
order), the game's interactions going to one process (Discord gives a guild's events to
one shard). For each step it prints the rate offered and achieved, and min / median / p99 / max of the
reply, from the moment the interaction is sent to its answer. It stops a process count at the first step
whose p99 passes ``--limit-ms`` (or that answers fewer than 90 % of what it was sent), and reports the
capacity: the highest rate whose p99 stayed within the limit, per process, and its scaling with processes.
At most 300 interactions wait at once (a step that would exceed it counts as over the limit) and the whole
run stops after ``--seconds``.

``python bench/capacity.py memory [--stored 20000] [--touched 2000] [--cache N]``: a bot process's memory
(RSS, from /proc) on an SQLite database of ``--stored`` running games, ``--touched`` of them used (read and
one order each) in random order, at most ``--cache`` in memory (``ESTAFETTE_GAME_CACHE``).

The reference, measured in the same run: one order at a time in this process (the same service, the same
database, nothing else sent), min / median / p99.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
# the tests' support/ (its throwaway PostgreSQL server), last: it shadows nothing when the soak test imports
# this file
sys.path.append(str(ROOT / "tests"))

from support.pg_server import pg_bin, pg_server  # noqa: E402

from bench.common import chooser, copy_game, games_of, load_average, pct  # noqa: E402
from bot.pictures import NoPictures  # noqa: E402
from bot.service import Caller, Service, ServiceError  # noqa: E402
from bot.storage import open_store  # noqa: E402
from engine.module import AnyModule, parse_values  # noqa: E402

GUILD = 9
MAX_WAITING = 300  # interactions waiting for their answer at once, at most


# --- a throwaway PostgreSQL server ------------------------------------------------------------------------


@contextlib.contextmanager
def postgres() -> Iterator[str]:
    """A PostgreSQL server on loopback in a temporary directory, for this run only; its URL."""
    pg = pg_bin()
    if pg is None:
        raise SystemExit("no PostgreSQL found (pg_ctl): install postgresql or pass --database")
    with pg_server(pg, "estafette-capacity-", "-c max_connections=200") as (url, _ctl):
        yield url


# --- the games -------------------------------------------------------------------------------------------


def user_id(i: int, seat: int) -> int:
    return 1_000_000 + i * 10 + seat


def channel_id(i: int) -> int:
    return 5_000_000 + i


async def build(database: str, mods: list[AnyModule], n: int, seed: int) -> list[int]:
    """``n`` running games, game ``i`` of ``mods[i % len(mods)]``: the first of each module played forward
    by its random player through the service, the others copies of it with their own players."""
    store = open_store(database)
    await store.open()
    svc = Service(store, pictures=NoPictures(), seed_source=lambda: seed)
    rng = random.Random(seed)
    sources: dict[str, tuple[int, int]] = {}  # module id -> (its game played forward, its number)
    ids = []
    for i in range(n):
        module = mods[i % len(mods)]
        if module.id not in sources:
            ch = channel_id(i)
            roles = seats(module)
            await svc.new_game(Caller(user_id(i, 0), ch, GUILD), module.first_options, game=module.id)
            for k, role in enumerate(roles):
                await svc.join(Caller(user_id(i, k), ch, GUILD), role)
            await svc.start(Caller(user_id(i, 0), ch, GUILD))
            gid = await store.game_id_in_channel(ch)
            assert gid is not None
            pick = chooser(module)
            for _ in range(20):  # a few orders played: a game under way, with events and a snapshot
                game = svc.live[gid].game
                assert game is not None and not game.over
                role = rng.choice(game.active())
                text = pick(rng, game, role)
                if text is None:
                    break
                with contextlib.suppress(ServiceError):
                    await svc.order(Caller(user_id(i, roles.index(role)), ch, GUILD), text, role=role)
            sources[module.id] = (gid, i)
            ids.append(gid)
            continue
        source, j = sources[module.id]
        users = {user_id(j, k): user_id(i, k) for k in range(len(seats(module)))}
        await svc.idle()
        ids.append(await copy_game(store, source, channel_id(i), users))
    await svc.idle()
    await store._exec("UPDATE outbox SET done=1")  # what the set-up sent is not what is timed
    await store.close()
    return ids


def seats(module: AnyModule) -> list[str]:
    """The roles of a game made with the module's first options."""
    values = parse_values(module.options, module.first_options, {})
    return list(module.roles(module.make_options(module.defaults() | values)))


# --- a bot process -----------------------------------------------------------------------------------------


async def worker(database: str, port: int, seed: int) -> None:
    """The service on the database, its deadline ticker every 2 s, and interactions on a loopback port:
    ``POST /act`` with a game id (and an interaction id) plays a random legal order of a player to move
    in it."""
    from aiohttp import web

    from bot.i18n import t
    from bot.service.common import module_of

    store = open_store(database)
    await store.open()
    svc = Service(store, pictures=NoPictures(), seed_source=lambda: seed)
    await svc.recover(lazy=True)  # as the bot starts: each game checked in the background or at its first use
    rng = random.Random(seed)
    choosers: dict[str, Any] = {}

    async def act(request: web.Request) -> web.Response:
        body = await request.json()
        gid = int(body["game"])
        try:
            live = await svc.game(gid)
            if live is None or live.game is None or live.game.over:
                return web.json_response({"over": True})
            game = live.game
            humans = [r for r in game.active() if not live.row.seats.get(r, (None, True))[1]]
            if not humans:
                return web.json_response({"over": True})
            role = rng.choice(humans)
            module = module_of(live.row)
            pick = choosers.setdefault(module.id, chooser(module))
            text = pick(rng, game, role)
            user = live.row.seats[role][0]
            if text is None or user is None:
                return web.json_response({"over": True})
            res = await svc.order(Caller(user, live.row.channel_id, GUILD), text, body.get("id"), role=role)
            # answered either way; "applied": the order was stored (not refused by the rules)
            refused = res.reply.text.startswith(t("svc.not_accepted", "en", error=""))
            return web.json_response({"ok": True, "applied": not refused})
        except ServiceError as e:  # an answer all the same: the player is told what was wrong
            return web.json_response({"ok": False, "error": e.key})
        except Exception as e:  # counted as an error and said: never a dead worker
            print(f"worker: {type(e).__name__}: {e}", file=sys.stderr, flush=True)
            return web.json_response({"ok": False, "error": type(e).__name__})

    async def warm(request: web.Request) -> web.Response:
        """Every game of this process loaded and checked, as a bot that has run a while has them."""
        for gid in (await request.json())["games"]:
            with contextlib.suppress(ServiceError):
                await svc.game(int(gid))
        return web.json_response({"ok": True})

    async def ticker() -> None:
        while True:
            await asyncio.sleep(2)
            with contextlib.suppress(Exception):
                await svc.tick()

    app = web.Application()
    app.router.add_post("/act", act)
    app.router.add_post("/warm", warm)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    tick = asyncio.create_task(ticker())
    print("ready", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)  # until the parent closes it
    tick.cancel()
    await runner.cleanup()
    await svc.idle()
    await store.close()


@contextlib.asynccontextmanager
async def processes(database: str, n: int, seed: int) -> AsyncIterator[list[str]]:
    import socket

    ports = []
    for _ in range(n):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            ports.append(s.getsockname()[1])
    procs = []
    for k, port in enumerate(ports):
        procs.append(
            await asyncio.create_subprocess_exec(
                sys.executable,
                str(Path(__file__)),
                "worker",
                database,
                str(port),
                str(seed + k),
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
            )
        )
    try:
        for p in procs:
            assert p.stdout is not None
            line = await asyncio.wait_for(p.stdout.readline(), 60)
            assert line.strip() == b"ready", line
        yield [f"http://127.0.0.1:{port}/act" for port in ports]
    finally:
        for p in procs:
            assert p.stdin is not None
            p.stdin.close()
        for p in procs:
            try:
                await asyncio.wait_for(p.wait(), 30)
            except TimeoutError:
                p.kill()  # this run's own worker, by its handle
                await p.wait()


# --- the driver ------------------------------------------------------------------------------------------


def line(xs: list[float]) -> str:
    if not xs:
        return "-"
    return (
        f"min {min(xs):6.1f}  median {statistics.median(xs):6.1f}  p99 {pct(xs, 0.99):7.1f}"
        f"  max {max(xs):7.1f} ms"
    )


async def step(
    urls: list[str], games: list[int], rate: float, seconds: float, rng: random.Random
) -> dict[str, Any]:
    """Interactions at ``rate`` a second for ``seconds``, open loop; their reply times."""
    import aiohttp

    times: list[float] = []
    errors: dict[str, int] = {}
    over: set[int] = set()
    waiting = 0
    overflow = False
    n = int(rate * seconds)

    async def one(session: aiohttp.ClientSession, gid: int) -> None:
        nonlocal waiting
        t0 = time.perf_counter()
        waiting += 1
        try:
            async with session.post(urls[gid % len(urls)], json={"game": gid}) as r:
                body = await r.json()
        finally:
            waiting -= 1
        times.append((time.perf_counter() - t0) * 1000)
        if body.get("over"):
            over.add(gid)
        elif not body.get("ok"):
            errors[body.get("error", "?")] = errors.get(body.get("error", "?"), 0) + 1

    t_start = time.perf_counter()
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=MAX_WAITING)) as session:
        tasks = []
        for k in range(n):
            delay = t_start + k / rate - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            if waiting >= MAX_WAITING:
                overflow = True
                break
            live = [g for g in games if g not in over]
            tasks.append(asyncio.create_task(one(session, rng.choice(live))))
        await asyncio.gather(*tasks, return_exceptions=True)
    elapsed = time.perf_counter() - t_start
    games[:] = [g for g in games if g not in over]
    return {
        "rate": rate,
        "sent": len(tasks),
        "answered": len(times),
        "achieved": len(times) / max(elapsed, seconds),
        "times": times,
        "errors": errors,
        "overflow": overflow,
        "p99": pct(times, 0.99) if times else float("inf"),
    }


async def warmed(urls: list[str], games: list[int]) -> None:
    """Every process's games loaded and checked first (their interactions go to it): the steps time a bot
    that has run a while, not its start-up."""
    import aiohttp

    async with aiohttp.ClientSession() as session:

        async def one(k: int, url: str) -> None:
            mine = [g for g in games if g % len(urls) == k]
            async with session.post(url.replace("/act", "/warm"), json={"games": mine}) as r:
                assert (await r.json())["ok"]

        await asyncio.gather(*(one(k, url) for k, url in enumerate(urls)))


async def reference(database: str, games: list[int], runs: int, seed: int) -> list[float]:
    """One order at a time in this process, nothing else sent: the same service, the same database."""
    from bot.service.common import module_of

    store = open_store(database)
    await store.open()
    svc = Service(store, pictures=NoPictures(), seed_source=lambda: seed)
    rng = random.Random(seed)
    out = []
    for gid in rng.sample(games, min(runs, len(games))):
        live = await svc.game(gid)  # loaded first: the reference times the order, as the steps mostly do
        if live is None or live.game is None or live.game.over:
            continue
        role = rng.choice(live.game.active())
        text = chooser(module_of(live.row))(rng, live.game, role)
        user = live.row.seats[role][0]
        if text is None or user is None:
            continue
        t0 = time.perf_counter()
        with contextlib.suppress(ServiceError):
            await svc.order(Caller(user, live.row.channel_id, GUILD), text, role=role)
        out.append((time.perf_counter() - t0) * 1000)
    await svc.idle()
    await store.close()
    return out


async def run(args: argparse.Namespace, database: str) -> None:
    mods = games_of(args.game)
    t0 = time.perf_counter()
    games = await build(database, mods, args.games, args.seed)
    print(
        f"built {len(games)} running games ({', '.join(m.title for m in mods)}) in "
        f"{time.perf_counter() - t0:.0f} s; {load_average()}",
        flush=True,
    )
    ref = await reference(database, games, 30, args.seed)
    print(f"reference: one order at a time in one process: {line(ref)} (n={len(ref)})", flush=True)
    rng = random.Random(args.seed)
    end = time.monotonic() + args.seconds
    capacity: dict[int, float] = {}
    for n in args.processes:
        async with processes(database, n, args.seed * 101 + n) as urls:
            await warmed(urls, games)
            rate, best = args.start, 0.0
            print(f"\n{n} process{'es' if n > 1 else ''}:  {load_average()}", flush=True)
            while rate <= args.max_rate and time.monotonic() < end:
                # at least 50 interactions a step: a p99 of fewer is its largest sample
                s = await step(urls, games, rate, max(args.step, 50 / rate), rng)
                ok = s["p99"] <= args.limit_ms and not s["overflow"] and s["answered"] >= 0.9 * s["sent"]
                print(
                    f"  offered {rate:6.1f}/s  achieved {s['achieved']:6.1f}/s  n={s['answered']:5d}"
                    f"  refused {sum(s['errors'].values()):3d}  {line(s['times'])}"
                    f"{'' if ok else '  <- over the limit'}",
                    flush=True,
                )
                if s["errors"]:
                    print(f"    refused: {s['errors']}", flush=True)
                if not ok:
                    break
                best = max(best, s["achieved"])
                rate *= args.factor
            capacity[n] = best
            if not best:
                print(f"  capacity: below {args.start:g}/s, the first rate; {load_average()}", flush=True)
                continue
            print(
                f"  capacity: {best:.1f} interactions/s ({best / n:.1f} per process) with p99 within "
                f"{args.limit_ms:.0f} ms; {load_average()}",
                flush=True,
            )
    print(
        "\ncapacity by processes (p99 reply within "
        f"{args.limit_ms:.0f} ms): "
        + ", ".join(
            f"{n}: {c:.1f}/s ({c / n:.1f}/process, x{c / capacity[min(capacity)]:.2f})"
            if capacity[min(capacity)]
            else f"{n}: {c:.1f}/s"
            for n, c in capacity.items()
        )
    )
    print(f"games still running at the end: {len(games)}; {load_average()}")


# --- memory: idle games leave ------------------------------------------------------------------------------


def rss() -> tuple[float, float]:
    """This process's resident memory now and at its highest, in MB (Linux)."""
    got = {}
    for text in Path("/proc/self/status").read_text().splitlines():
        key, _, value = text.partition(":")
        if key in ("VmRSS", "VmHWM"):
            got[key] = int(value.split()[0]) / 1024
    return got.get("VmRSS", 0.0), got.get("VmHWM", 0.0)


async def memory_worker(database: str, touched: int, seed: int) -> None:
    """A bot process started on the stored games (their checks in the background, as the bot's), then
    ``touched`` of them used in random order, each read and played one order; its memory as it goes."""
    from bot.service.common import module_of

    store = open_store(database)
    await store.open()
    svc = Service(store, pictures=NoPictures(), seed_source=lambda: seed)
    t0 = time.perf_counter()
    await svc.recover(lazy=True)
    rng = random.Random(seed)
    ids = rng.sample(await store.game_ids("running"), touched)
    for k, gid in enumerate(ids, 1):
        live = await svc.game(gid)
        if live is not None and live.game is not None and not live.game.over:
            role = rng.choice(live.game.active())
            text = chooser(module_of(live.row))(rng, live.game, role)
            user = live.row.seats[role][0]
            if text is not None and user is not None:
                with contextlib.suppress(ServiceError):
                    await svc.order(Caller(user, live.row.channel_id, GUILD), text, role=role)
        if k % max(1, touched // 5) == 0:
            now, high = rss()
            print(
                f"  {k:6d} games used: RSS {now:6.0f} MB (highest {high:6.0f} MB), {len(svc.live)} in memory,"
                f" {svc.games.cache.evicted} left it; {time.perf_counter() - t0:.0f} s",
                flush=True,
            )
    # the start-up checks of the games not used are still going in the background: ended with the process
    sys.stdout.flush()
    os._exit(0)


async def memory(args: argparse.Namespace) -> None:
    mods = games_of(args.game)
    with tempfile.TemporaryDirectory() as tmp:
        database = str(Path(tmp) / "memory.db")
        t0 = time.perf_counter()
        await build(database, mods, args.stored, args.seed)
        print(
            f"stored {args.stored} running games ({', '.join(m.title for m in mods)}) in"
            f" {time.perf_counter() - t0:.0f} s; a bot process keeping at most {args.cache} in memory"
            f" uses {args.touched} of them; {load_average()}",
            flush=True,
        )
        env = {**os.environ, "ESTAFETTE_GAME_CACHE": str(args.cache)}
        subprocess.run(
            [
                sys.executable,
                str(Path(__file__)),
                "memory-worker",
                database,
                str(args.touched),
                str(args.seed),
            ],
            env=env,
            check=True,
        )
        print(load_average())


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["worker"]:
        asyncio.run(worker(argv[1], int(argv[2]), int(argv[3])))
        return
    if argv[:1] == ["memory-worker"]:
        asyncio.run(memory_worker(argv[1], int(argv[2]), int(argv[3])))
        return
    if argv[:1] == ["memory"]:
        from bot.service.core import GAME_CACHE

        mp = argparse.ArgumentParser(description="a bot process's memory with many stored games")
        mp.add_argument("--game", default="")
        mp.add_argument("--stored", type=int, default=20_000)
        mp.add_argument("--touched", type=int, default=2_000)
        mp.add_argument("--cache", type=int, default=GAME_CACHE)
        mp.add_argument("--seed", type=int, default=1)
        asyncio.run(memory(mp.parse_args(argv[1:])))
        return
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="", help="a registered module's id (default: every game)")
    ap.add_argument("--processes", default="1,2,3")
    ap.add_argument("--games", type=int, default=120)
    ap.add_argument("--start", type=float, default=1.0, help="interactions a second at the first step")
    ap.add_argument("--factor", type=float, default=1.5)
    ap.add_argument("--step", type=float, default=10.0, help="seconds a step")
    ap.add_argument("--max-rate", type=float, default=400.0)
    ap.add_argument("--limit-ms", type=float, default=500.0)
    ap.add_argument("--seconds", type=float, default=300.0, help="the whole run stops after this")
    ap.add_argument(
        "--database",
        default=None,
        help="a PostgreSQL server's URL: the run makes a database of its own there",
    )
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    args.processes = [int(x) for x in args.processes.split(",")]
    if args.database:
        asyncio.run(fresh(args, args.database))
    else:
        with postgres() as url:
            asyncio.run(fresh(args, url))


async def fresh(args: argparse.Namespace, server: str) -> None:
    """The run on a database of its own on the server, dropped at the end."""
    import uuid

    import asyncpg

    name = f"estafette_capacity_{uuid.uuid4().hex[:10]}"
    admin = await asyncpg.connect(server)
    await admin.execute(f'CREATE DATABASE "{name}"')
    try:
        await run(args, server.rsplit("/", 1)[0] + "/" + name)
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.close()


if __name__ == "__main__":
    main()
