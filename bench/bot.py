"""Bot benchmark: what a player waits for, through the real service, outbox and discord.py against
the fake Discord API (tests/support/discord_fake.py, on loopback in this process), with real pictures.

    python bench/bot.py [--game ID] [--games 100] [--rounds 30] [--overlap 10] [--forward 10:80] [--workers N]

``--game``: a registered module's id (the registry's default game without it), made with the module's first
options (``Module.first_options``), played by its fuzzer's random player (``Module.fuzzing``). It builds
``--games`` running games (each with its own players), each played forward a random number
of random legal orders (``--forward``, through the service) so that some stand in a battle and others on
the march, as in a live club; then starts the bot on them (the picture workers warmed) and plays
``--rounds`` rounds of ``--overlap`` interactions at once, each an order of the player to move in a
different game (random legal orders). For each interaction
it times, from the moment the interaction is handed to discord.py (as the gateway would):

- **reply**: until the fake Discord receives the interaction's first response;
- **map posted**: until the fake Discord has received the game channel's post carrying the public map (the
  module's board picture).

Budgets: reply under 150 ms median and 500 ms p99; map posted under 250 ms median and 600 ms p99. The
reference, measured in the same run with nothing else going on: one public map drawn alone (through the
pool when there is one, and in this process), and a ratio to it. ``--workers 0`` draws in the bot's process
(no pool), for comparison. Then the memory of a loaded game (budget: under 1 MB).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import itertools
import os
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from support.discord_fake import (  # noqa: E402
    JSON,
    Answer,
    BotHandle,
    Call,
    ChannelLike,
    FakeDiscord,
    UserLike,
    World,
    running_bot,
)

from bot.discord_app.client import EstafetteBot  # noqa: E402
from bot.outbox import Picture  # noqa: E402
from bot.pictures import Pictures, rank  # noqa: E402
from bot.service import Caller, Service  # noqa: E402
from bot.storage import Store  # noqa: E402
from engine import modules  # noqa: E402
from engine.module import AnyModule, GameObject, OptionValue, parse_values  # noqa: E402
from tools.fuzz import draw  # noqa: E402
from tools.fuzz import pick as fuzz_pick  # noqa: E402

# the game benched (``--game``; the registry's default until it is read)
MODULE: AnyModule = modules.get(None)

BUDGETS = {"reply": (150, 500), "map posted": (250, 600)}  # ms: median, p99


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def line(name: str, xs: list[float], budget: tuple[float, float] | None = None, ref: float = 0.0) -> str:
    ms = [x * 1000 for x in xs]
    med, p99 = statistics.median(ms), pct(ms, 0.99)
    out = f"  {name:<34} n={len(ms):4d}  min {min(ms):6.1f}  median {med:6.1f}  p99 {p99:6.1f}"
    out += f"  max {max(ms):6.1f} ms"
    if ref:
        out += f"  ({med / ref:.1f}x the reference)"
    if budget:
        ok = med <= budget[0] and p99 <= budget[1]
        out += f"  budget {budget[0]:.0f}/{budget[1]:.0f}: {'ok' if ok else 'OVER'}"
    return out


def pick(rng: random.Random, game: GameObject, role: str, budget: dict[str, int]) -> str | None:
    """A random legal order of the game's fuzzer (``Module.fuzzing``)."""
    return fuzz_pick(MODULE, rng, game, role, budget)


def seats() -> tuple[str, ...]:
    """The roles of a game made with the module's first options (those of ``/game new`` without any)."""
    return tuple(MODULE.roles(MODULE.make_options(MODULE.defaults() | options())))


def options() -> dict[str, OptionValue]:
    return parse_values(MODULE.options, MODULE.first_options, {})


def user_of(role: str, i: int) -> str:
    """The name of game ``i``'s player of ``role``."""
    return f"p{seats().index(role)}-{i}"


def battles(game: GameObject) -> list[str]:
    """The places where a battle is being fought now (the pictures drawn for a place, as the public sees
    them)."""
    return [p for k in MODULE.pictures if k.places for p in k.places(game, "public", None)]


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


async def build(
    svc: Service, world: World, n_games: int, distinct: int, forward: tuple[int, int], rng: random.Random
) -> None:
    """``n_games`` running games, each with its own two players: ``distinct`` of them played forward through
    the service (a random number of random legal orders in ``forward``), the others copies of those (rows,
    seats and orders) in channels of their own, which go their own ways from the first round."""
    guild = world.guilds[0].id
    store = svc.store
    t0 = time.perf_counter()
    orders = 0
    for i in range(distinct):
        ch = world.channel(f"game-{i}").id
        users = {role: world.user(user_of(role, i)).id for role in seats()}
        first = users[seats()[0]]
        await svc.new_game(Caller(first, ch, guild), MODULE.first_options, game=MODULE.id)
        for role, user in users.items():
            await svc.join(Caller(user, ch, guild), role)
        await svc.start(Caller(first, ch, guild))
        gid = await store.game_id_in_channel(ch)
        assert gid is not None
        budget: dict[str, int] = {}
        more = rng.randint(*forward)
        while True:  # every other game is played on until it stands in a battle
            game = svc.live[gid].game
            assert game is not None
            if game.over or (more <= 0 and (i % 2 or battles(game) or more < -200)):
                break
            role = rng.choice(game.active())
            order = pick(rng, game, role, budget)
            assert order is not None
            await svc.order(Caller(users[role], ch, guild), order, role=role)
            orders += 1
            more -= 1
    await svc.idle()
    cols = "guild_id, host_id, options, seed, status, created, version, snapshot, settings, rev"
    for i in range(distinct, n_games):
        source = i % distinct + 1
        async with store._tx() as tx:
            row = await tx.fetchone(
                f"INSERT INTO games (channel_id, {cols}) SELECT ?, {cols} FROM games WHERE id=? RETURNING id",
                (world.channel(f"game-{i}").id, source),
            )
            assert row is not None
            gid = row["id"]
            for role in seats():
                await tx.execute(
                    "INSERT INTO seats (game_id, role, user_id, is_bot) VALUES (?, ?, ?, 0)",
                    (gid, role, world.user(user_of(role, i)).id),
                )
            await tx.execute(
                "INSERT INTO orders (game_id, seq, role, user_id, text, interaction_id, created, reply)"
                " SELECT ?, seq, role, user_id, text, NULL, created, reply FROM orders WHERE game_id=?",
                (gid, source),
            )
    await store._exec("UPDATE outbox SET done=1")  # what the set-up sent is not what is timed
    for gid in await store.game_ids("running"):
        await svc.game(gid)  # loaded, as in a bot that has been running a while
    fighting = sum(1 for lv in svc.live.values() if lv.game is not None and battles(lv.game))
    print(
        f"built {n_games} running games of {MODULE.title} ({distinct} played forward through the service with"
        f" {orders} random orders, the others copies of them) in {time.perf_counter() - t0:.0f} s;"
        f" {fighting} in a battle"
    )


def order_payload(h: BotHandle, order: str, user: UserLike, channel: ChannelLike) -> JSON:
    """The slash command a player would type for an engine order text."""
    from engine import parse_command

    cmd = parse_command(order)
    kind = next((k for k in MODULE.orders if k.name == cmd.name), None)
    declared = {o.name: o for o in kind.options} if kind is not None else {}
    opts: dict[str, OptionValue] = {}
    for name, value in cmd.options.items():
        o = declared.get(name)
        if o is not None:  # what the slash command takes, typed as Discord sends it
            opts[name] = value == "yes" if o.kind == "bool" else value
    for name, o in declared.items():
        if o.kind == "bool" and name not in opts:
            opts[name] = False
    return h.slash(cmd.name, opts, user=user, channel=channel)


async def reference(svc: Service, runs: int = 15) -> tuple[float, float, float, float, int]:
    """Measured alone (nothing else of the bot running), median seconds: one public map through the pool's
    round trip (or this process's render thread without a pool); the same rendered in this process; the
    pictures of one change in a battle (public map and board, each player's map and board) asked for at once
    as the outbox asks for them; and the same drawn one after the other in this process."""
    lives = [lv for lv in svc.live.values() if lv.game is not None and battles(lv.game)]
    live = max(lives or svc.live.values(), key=lambda lv: lv.row.version)
    game = live.game
    assert game is not None
    pictures = svc.pictures
    queue = pictures.pool.queue if pictures.pool is not None else pictures._local
    board = next(k for k in MODULE.pictures if k.board)
    drawn = [
        (Picture(board.name, live.id, live.row.version, role), board) for role in ("public", *seats()[:2])
    ]
    for kind in MODULE.pictures:
        places = kind.places(game, "public", None) if kind.places else []
        if places:
            roles = ("public", seats()[0])
            drawn += [
                (Picture(kind.name, live.id, live.row.version, r, "en", places[0]), kind) for r in roles
            ]
    specs, kinds = [p for p, _ in drawn], [k for _, k in drawn]
    jobs = [pictures.job(p, game, k, MODULE.id) for p, k in zip(specs, kinds, strict=True)]
    one, here, change, serial = [], [], [], []
    for _ in range(runs):
        t0 = time.perf_counter()
        await queue.draw(rank(kinds[0], "public"), jobs[0])
        one.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        pictures.run(jobs[0])
        here.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        await asyncio.gather(*(queue.draw(rank(k, j.role), j) for k, j in zip(kinds, jobs, strict=True)))
        change.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        for j in jobs:
            pictures.run(j)
        serial.append(time.perf_counter() - t0)
    med = statistics.median
    return med(one), med(here), med(change), med(serial), len(jobs)


async def latency(args: argparse.Namespace) -> None:
    n_games = args.games
    board = next(k for k in MODULE.pictures if k.board)  # the map, whose public picture is waited for
    users = [user_of(role, i) for i in range(n_games) for role in seats()]
    world = World.default(users=["host", *users], channels=[f"game-{i}" for i in range(n_games)])
    fake = FakeDiscord(world)
    stamps: dict[int, float] = {}  # call seq -> when the fake had received the whole request
    route = fake._route

    async def stamped(call: Call) -> Answer:
        stamps[call.seq] = time.perf_counter()
        return await route(call)

    fake._route = stamped
    rng = random.Random(args.seed)
    print(load(), "(the machine is shared: other work runs beside this)")
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "bench.db")
        await store.open()
        seeds = itertools.count(args.seed)
        svc = Service(store, pictures=Pictures(), seed_source=lambda: next(seeds))
        lo, hi = (int(x) for x in args.forward.split(":"))
        await build(svc, world, n_games, min(args.distinct, n_games), (lo, hi), rng)

        async def no_checks(*, lazy: bool = False) -> list[str]:
            return []  # the games are this service's own, in its cache: a bot well after its start-up

        setattr(svc, "recover", no_checks)  # noqa: B010 (on this service only)
        if args.workers is not None:
            os.environ["ESTAFETTE_PICTURE_WORKERS"] = str(args.workers)

        def make() -> EstafetteBot:
            return EstafetteBot(store, service=svc, tick_seconds=0)

        async with running_bot(make, fake=fake, timeout=120) as h:
            pool = svc.pictures.pool
            print("pictures:", f"a pool of {pool.workers} worker processes" if pool else "in this process")
            t0 = time.perf_counter()
            await reference(svc, runs=1)  # waits for the workers' start and warm-up
            print(f"  ready (static layers warmed) in {time.perf_counter() - t0:.1f} s, before any round")
            ref_pool, ref_here, ref_change, ref_serial, n_pics = await reference(svc, args.reference_runs)
            where = "through the pool" if pool else "on the render thread"
            print(f"reference, measured alone ({args.reference_runs} runs each, medians):")
            print(f"  one public map drawn {where}: {ref_pool * 1000:.1f} ms")
            print(f"  the same, the renderer alone in this process: {ref_here * 1000:.1f} ms")
            print(
                f"  the {n_pics} pictures of one change in a battle, asked for at once {where}:"
                f" {ref_change * 1000:.1f} ms (one after the other here: {ref_serial * 1000:.1f} ms,"
                f" {ref_serial / ref_change:.1f}x)"
            )
            reply: list[float] = []
            posted: list[float] = []
            by_kind: dict[str, list[float]] = {}
            missing = 0
            channels = {lv.id: lv.row.channel_id for lv in svc.live.values()}
            t_run = time.perf_counter()
            prof = cProfile.Profile() if args.profile else None
            if prof is not None:
                prof.enable()
            for _ in range(args.rounds):
                playing = [lv for lv in svc.live.values() if lv.game is not None and not lv.game.over]
                chosen = rng.sample(playing, min(args.overlap, len(playing)))
                payloads, kinds = [], []
                for lv in chosen:
                    game = lv.game
                    assert game is not None
                    role = rng.choice(game.active())
                    i = int(world.channel_by_id(lv.row.channel_id).name.split("-")[1])
                    user = world.user(user_of(role, i))
                    order = pick(rng, game, role, {})
                    assert order is not None
                    payloads.append(order_payload(h, order, user, world.channel_by_id(lv.row.channel_id)))
                    kinds.append("battle" if battles(game) else "campaign")
                first_call = len(fake.calls)
                start = time.perf_counter()
                await h.feed_concurrently(*payloads, timeout=120)
                await h.bot.outbox.settle()
                calls = fake.calls[first_call:]
                for lv, payload, kind in zip(chosen, payloads, kinds, strict=True):
                    cb = next(
                        (c for c in calls if c.path.startswith(f"/interactions/{payload['id']}/")), None
                    )
                    if cb is not None:
                        reply.append(stamps[cb.seq] - start)
                    post = next(
                        (
                            c
                            for c in calls
                            if c.method == "POST"
                            and c.path == f"/channels/{channels[lv.id]}/messages"
                            and any(
                                f.filename.startswith(f"{board.name}-") and "-public" in f.filename
                                for f in c.files
                            )
                        ),
                        None,
                    )
                    if post is None:
                        missing += 1
                        continue
                    posted.append(stamps[post.seq] - start)
                    by_kind.setdefault(kind, []).append(stamps[post.seq] - start)
            took = time.perf_counter() - t_run
            if prof is not None:
                prof.disable()
                prof.dump_stats(args.profile)
            n = len(reply)
            print(
                f"{args.rounds} rounds of {args.overlap} interactions at once over {n_games} active games"
                f" ({n} interactions in {took:.0f} s; {load()}):"
            )
            print(line("interaction -> reply", reply, BUDGETS["reply"]))
            print(line("interaction -> public map posted", posted, BUDGETS["map posted"], ref_pool * 1000))
            for kind, xs in sorted(by_kind.items()):
                print(line(f"  map posted, {kind} orders", xs))
            if missing:
                print(f"  ({missing} interactions posted no public map: a refused order)")
            if pool is not None:
                print(f"  picture pool replaced {pool.replaced} times")


def _busy(n: int) -> int:
    total = 0
    for i in range(n):
        total += i
    return total


def parallelism(n: int = 3_000_000) -> float:
    """What two processes gain over one on this machine now: two busy loops side by side against one after
    the other (2.0 on two free cores; below 1 when the machine is saturated). The most the pool can gain."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("fork")) as ex:
        list(ex.map(_busy, [10, 10]))
        t0 = time.perf_counter()
        list(ex.map(_busy, [n, n]))
        side_by_side = time.perf_counter() - t0
    t0 = time.perf_counter()
    _busy(n)
    _busy(n)
    return (time.perf_counter() - t0) / side_by_side


def memory(n: int = 100) -> None:
    """Memory per loaded mid-game game (engine state with its history)."""
    snaps = []
    for seed in range(5):
        rng = random.Random(seed)
        rand = MODULE.fuzzing.random_options
        opts = rand(rng) if rand is not None else MODULE.make_options(MODULE.defaults() | draw(MODULE, seed))
        g = MODULE.new_game(opts, seed)
        budget: dict[str, int] = {}
        played = 0
        # mid-game: the 12th turn (the module's epoch), or 300 orders in a game that counts none
        while not g.over and (MODULE.epoch(g) or 0) < 12 and (MODULE.epoch(g) is not None or played < 300):
            role = rng.choice(g.active())
            order = pick(rng, g, role, budget)
            assert order is not None
            g.apply(role, order)
            played += 1
        snaps.append(g.dumps())
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    games = [MODULE.loads(snaps[i % len(snaps)]) for i in range(n)]
    gc.collect()
    after = tracemalloc.take_snapshot()
    used = sum(s.size_diff for s in after.compare_to(before, "filename"))
    tracemalloc.stop()
    size = sum(len(s) for s in snaps) / len(snaps)
    print(
        f"memory per loaded mid-game game: {used / n / 1024:.0f} KiB (budget 1024 KiB; "
        f"snapshot JSON {size / 1024:.0f} KiB; {len(games)} games loaded)"
    )


def main() -> None:
    global MODULE
    ap = argparse.ArgumentParser(prog="python bench/bot.py")
    ap.add_argument("--game", default="", help="a registered game module (default: the registry's default)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--rounds", type=int, default=30)
    ap.add_argument("--overlap", type=int, default=10, help="interactions at once, each in its own game")
    ap.add_argument("--forward", default="10:80", help="random orders each game is played forward: LO:HI")
    ap.add_argument("--distinct", type=int, default=6, help="games played forward (the others are copies)")
    ap.add_argument("--workers", type=int, default=None, help="picture workers (0: none; default: the cores)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--reference-runs", type=int, default=10)
    ap.add_argument("--no-memory", action="store_true")
    ap.add_argument("--profile", help="write a cProfile of the bot's process during the rounds to this file")
    args = ap.parse_args()
    MODULE = modules.get(args.game or None)
    print(
        f"this machine now: two busy loops in two processes go {parallelism():.2f}x as fast as one after the"
        " other (2.00 with two free cores)"
    )
    asyncio.run(latency(args))
    if not args.no_memory:
        memory()


if __name__ == "__main__":
    main()
