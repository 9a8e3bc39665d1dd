"""Start-up benchmark: from a new bot process on a database of N stored running games to its first
answered interaction, through the real discord.py against the fake Discord API.

    python bench/startup.py [--games 5000] [--runs 3] [--database postgresql://...]

It builds the database once (one game of M orders, copied N times into N channels), then for each run starts
a new bot on it and times: construction to logged in and ready; ready to the reply of a ``/game status`` in
the last game (which that game's check, replaying its orders, must come before); and how long the background
checks of all N games take. Budget: start-up to the first answered interaction under 5 s with 5,000 games.
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

from bot.discord_app.client import EstafetteBot  # noqa: E402
from bot.pictures import NoPictures  # noqa: E402
from bot.service import Caller, Service  # noqa: E402
from bot.storage import open_store  # noqa: E402
from engine.napoleon.fuzzing import pick  # noqa: E402


async def build(
    database: str, games: int, orders: int, channels: list[int], guild: int, users: list[int]
) -> None:
    """One game played ``orders`` random orders, then copied into ``games`` channels (rows only)."""
    store = open_store(database)
    await store.open()
    svc = Service(store, pictures=NoPictures())
    first = Caller(users[0], channels[0], guild, manager=True)
    await svc.new_game(first, "setup=historical")
    await svc.join(first, "french")
    await svc.join(Caller(users[1], channels[0], guild), "allied")
    await svc.start(first)
    rng = random.Random(1)
    who = {"french": users[0], "allied": users[1]}
    for _ in range(orders):
        game = svc.live[1].game
        if game is None or game.over:
            break
        role = rng.choice(game.active())
        order = pick(rng, game, role, {})
        if order is None:
            raise SystemExit(f"no legal order for {role}")
        await svc.order(Caller(who[role], channels[0], guild), order, role=role)
    await svc.idle()
    cols = "guild_id, host_id, options, seed, status, created, version, snapshot, settings, rev"
    cols += ", module, snapshot_seq"
    for n in range(1, games):
        async with store._tx() as tx:
            row = await tx.fetchone(
                f"INSERT INTO games (channel_id, {cols}) SELECT ?, {cols} FROM games WHERE id=1 RETURNING id",
                (channels[n],),
            )
            assert row is not None
            gid = row["id"]
            await tx.execute(
                "INSERT INTO seats (game_id, role, user_id, is_bot)"
                " SELECT ?, role, user_id, is_bot FROM seats WHERE game_id=1",
                (gid,),
            )
            await tx.execute(
                "INSERT INTO orders (game_id, seq, role, user_id, text, interaction_id, created, reply)"
                " SELECT ?, seq, role, user_id, text, NULL, created, reply FROM orders WHERE game_id=1",
                (gid,),
            )
            for table, rest in (("events", "events_from, events, log_from, log"), ("snapshots", "state")):
                await tx.execute(
                    f"INSERT INTO {table} (game_id, seq, {rest})"
                    f" SELECT ?, seq, {rest} FROM {table} WHERE game_id=1",
                    (gid,),
                )
    await store._exec("UPDATE outbox SET done=1")  # nothing left to send: the start-up is what is timed
    await store.close()


async def one_run(database: str, world: World, last_channel: str, check: bool) -> tuple[float, float, float]:
    fake = FakeDiscord(world)
    await fake.start()
    t0 = time.perf_counter()
    holder: dict[str, EstafetteBot] = {}

    def make() -> EstafetteBot:
        holder["bot"] = EstafetteBot(open_store(database), pictures=NoPictures(), tick_seconds=0)
        return holder["bot"]

    try:
        async with running_bot(make, fake=fake, timeout=120) as h:
            ready = time.perf_counter()
            d = await h.feed(h.slash("game status", user="alice", channel=last_channel), timeout=120)
            answered = time.perf_counter()
            assert "Turn" in (d.reply.content or ""), d.reply.content
            checked = answered
            if check:
                await h.bot.service.check_all(full=True)  # each game replayed from its first order
                checked = time.perf_counter()
    finally:
        await fake.close()
    return ready - t0, answered - t0, checked - t0


async def main_async(args: argparse.Namespace) -> None:
    names = [f"game-{n}" for n in range(args.games)]
    world = World.default(channels=names)
    guild = world.guilds[0].id
    channels = [world.channel(n).id for n in names]
    users = [world.user("alice").id, world.user("bob").id]
    with tempfile.TemporaryDirectory() as tmp:
        database = args.database or str(Path(tmp) / "startup.db")
        t = time.perf_counter()
        await build(database, args.games, args.orders, channels, guild, users)
        built = time.perf_counter() - t
        print(f"built {args.games} running games of {args.orders} orders each in {built:.1f} s")
        runs = [await one_run(database, world, names[-1], args.check_all) for _ in range(args.runs)]
    labels = [("logged in and ready", 0), ("first interaction answered", 1)]
    if args.check_all:
        labels.append(("every game checked (full)", 2))
    for label, i in labels:
        xs = [r[i] for r in runs]
        print(
            f"{label:28s} min {min(xs):6.2f} s  median {statistics.median(xs):6.2f} s  max {max(xs):6.2f} s"
            f"  ({len(xs)} runs, {args.games} games)"
        )
    print("budget: first interaction answered < 5 s with 5,000 games")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=5000)
    ap.add_argument("--orders", type=int, default=60)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--check-all", action="store_true", help="also time the background checks of every game")
    ap.add_argument(
        "--database", default=None, help="a postgresql:// URL of an empty database (default: SQLite)"
    )
    asyncio.run(main_async(ap.parse_args()))


if __name__ == "__main__":
    main()
