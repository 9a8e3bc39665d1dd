"""Start-up benchmark: from a new bot process on a database of N stored running games to its first
answered interaction, through the real discord.py against the fake Discord API.

    python bench/startup.py [--game ID] [--games 5000] [--orders 60] [--runs 3] [--check-all]
        [--database postgresql://...]

``--game``: a registered module's id; without it every registered game, channel ``n`` holding a game of the
module ``n`` mod their number. It builds the database once: one game of each module played ``--orders``
random orders (its fuzzer's random player) through the service, copied with every row a game has
(``bench/common.py``, ``copy_game``) into the other channels; a copy of each game is loaded afresh and must be
its source. Then for each run it starts a new bot on it and times, in wall-clock time: construction to
logged in and ready; ready to the reply of a ``/game status`` in the last game (which that game's check,
replaying its orders, must come before; the reply must be the game's status, as the service said it when the
database was built); with ``--check-all``, how long the background checks of all N games take (each must
pass). The reference, measured in the same run: the same start-up on an empty database (its first
interaction a ``/game status`` in a channel without a game). Budget: start-up to the first answered
interaction under 5 s with 5,000 games.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from support.discord_fake import FakeDiscord, World, running_bot  # noqa: E402

from bench.common import copy_game, games_of, load_average  # noqa: E402
from bot.discord_app.client import EstafetteBot  # noqa: E402
from bot.pictures import NoPictures  # noqa: E402
from bot.service import Caller, Service  # noqa: E402
from bot.service.core import Games  # noqa: E402
from bot.storage import open_store  # noqa: E402
from engine.module import AnyModule  # noqa: E402
from tools.fuzz import pick  # noqa: E402


async def build(
    database: str,
    mods: list[AnyModule],
    games: int,
    orders: int,
    channels: list[int],
    guild: int,
    users: list[int],
) -> str:
    """One game of each module played ``orders`` random orders, then copied into the other channels
    (channel ``n`` a game of ``mods[n % len(mods)]``). The status of the last channel's game, as the service
    says it."""
    store = open_store(database)
    await store.open()
    svc = Service(store, pictures=NoPictures())
    sources: dict[str, int] = {}
    for k, module in enumerate(mods[:games]):
        ch = channels[k]
        first = Caller(users[0], ch, guild, manager=True)
        await svc.new_game(first, module.first_options, game=module.id)
        await svc.join(first)
        await svc.join(Caller(users[1], ch, guild))
        await svc.start(first)
        gid = await store.game_id_in_channel(ch)
        assert gid is not None
        sources[module.id] = gid
        row = await store.game(gid)
        assert row is not None
        who = {role: Caller(u, ch, guild) for role, (u, _bot) in row.seats.items() if u is not None}
        rng = random.Random(1)
        budget: dict[str, int] = {}
        for _ in range(orders):
            game = svc.live[gid].game
            if game is None or game.over:
                break
            role = rng.choice(game.active())
            order = pick(module, rng, game, role, budget)
            if order is None:
                raise SystemExit(f"{module.id}: no legal order for {role}")
            await svc.order(who[role], order, role=role)
    await svc.idle()
    last: dict[str, int] = {}
    for n in range(len(mods), games):
        module = mods[n % len(mods)]
        last[module.id] = await copy_game(store, sources[module.id], channels[n], {})
    await store._exec("UPDATE outbox SET done=1")  # nothing left to send: the start-up is what is timed
    for module in mods:  # a copy, loaded afresh, is its source
        if module.id in last:
            fresh = Games(store)
            a, b = await store.game(last[module.id]), await store.game(sources[module.id])
            assert a is not None and b is not None
            ga, gb = await fresh.load(a), await fresh.load(b)
            assert ga is not None and gb is not None and ga.dumps() == gb.dumps(), f"{module.id}: a bad copy"
    status = await svc.status(Caller(users[0], channels[games - 1], guild))
    await store.close()
    return status.reply.text.splitlines()[0]


async def one_run(
    database: str, world: World, last_channel: str, expect: str, check: bool
) -> tuple[float, float, float]:
    fake = FakeDiscord(world)
    await fake.start()
    t0 = time.perf_counter()

    def make() -> EstafetteBot:
        return EstafetteBot(open_store(database), pictures=NoPictures(), tick_seconds=0)

    try:
        async with running_bot(make, fake=fake, timeout=120) as h:
            ready = time.perf_counter()
            d = await h.feed(h.slash("game status", user="alice", channel=last_channel), timeout=120)
            answered = time.perf_counter()
            got = (d.reply.content or "").splitlines()
            assert got and got[0] == expect, (got[:1], expect)
            checked = answered
            if check:
                await h.bot.service.check_all(full=True)  # each game replayed from its first order
                checked = time.perf_counter()
                assert not h.bot.service.problems, h.bot.service.problems
    finally:
        await fake.close()
    return ready - t0, answered - t0, checked - t0


def show(label: str, xs: list[float], games: int) -> None:
    print(
        f"{label:36s} min {min(xs):6.2f} s  median {statistics.median(xs):6.2f} s  max {max(xs):6.2f} s"
        f"  ({len(xs)} runs, {games} games)"
    )


async def main_async(args: argparse.Namespace) -> None:
    mods = games_of(args.game)
    names = [f"game-{n}" for n in range(args.games)]
    world = World.default(channels=[*names, "empty"])
    guild = world.guilds[0].id
    channels = [world.channel(n).id for n in names]
    users = [world.user("alice").id, world.user("bob").id]
    print(f"{', '.join(m.title for m in mods)}: {load_average()}")
    with tempfile.TemporaryDirectory() as tmp:
        database = args.database or str(Path(tmp) / "startup.db")
        t = time.perf_counter()
        expect = await build(database, mods, args.games, args.orders, channels, guild, users)
        built = time.perf_counter() - t
        print(
            f"built {args.games} running games of {args.orders} orders each ({len(mods)} played, the others"
            f" copies) in {built:.1f} s"
        )
        empty = str(Path(tmp) / "empty.db")
        store = open_store(empty)  # its schema made before the runs, as the games' was
        await store.open()
        await store.close()
        runs, refs = [], []
        for _ in range(args.runs):  # one after the other, so that both meet the same load
            runs.append(await one_run(database, world, names[-1], expect, args.check_all))
            refs.append(await reference_run(empty, world))
    labels = [("logged in and ready", 0), ("first interaction answered", 1)]
    if args.check_all:
        labels.append(("every game checked (full)", 2))
    for label, i in labels:
        show(label, [r[i] for r in runs], args.games)
    show("reference: ready, an empty database", [r[0] for r in refs], 0)
    show("reference: answered, the same", [r[1] for r in refs], 0)
    ratio = statistics.median([r[1] for r in runs]) / statistics.median([r[1] for r in refs])
    print(f"first interaction answered / the reference (medians): {ratio:.2f}x; {load_average()}")
    print("budget: first interaction answered < 5 s with 5,000 games")


async def reference_run(database: str, world: World) -> tuple[float, float]:
    """The same start-up on an empty database, its first interaction a ``/game status`` without a game."""
    fake = FakeDiscord(world)
    await fake.start()
    t0 = time.perf_counter()

    def make() -> EstafetteBot:
        return EstafetteBot(open_store(database), pictures=NoPictures(), tick_seconds=0)

    try:
        async with running_bot(make, fake=fake, timeout=120) as h:
            ready = time.perf_counter()
            d = await h.feed(h.slash("game status", user="alice", channel="empty"), timeout=120)
            answered = time.perf_counter()
            assert d.reply.content, "no answer"
    finally:
        await fake.close()
    return ready - t0, answered - t0


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python bench/startup.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="", help="a registered game module (default: every one)")
    ap.add_argument("--games", type=int, default=5000)
    ap.add_argument("--orders", type=int, default=60)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--check-all", action="store_true", help="also time the background checks of every game")
    ap.add_argument(
        "--database", default=None, help="a postgresql:// URL of an empty database (default: SQLite)"
    )
    asyncio.run(main_async(ap.parse_args(argv)))


if __name__ == "__main__":
    main()
