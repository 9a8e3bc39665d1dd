"""Bot benchmark: what a player waits for, through the real service, outbox and discord.py against
the fake Discord API (tests/support/discord_fake.py, on loopback in this process), with real pictures.

    python bench/bot.py [--game ID] [--games 100] [--rounds 30] [--overlap 10] [--forward 10:80]
        [--distinct 20] [--hunt 200] [--workers N] [--seed 1] [--reference-runs 10] [--profile FILE]
        [--no-memory] [--status-text]

``--game``: a registered module's id; without it every registered game, game ``i`` of the module ``i`` mod
their number, all in one bot. Each is made with its module's first options (``Module.first_options``) and
played by its fuzzer's random player (``Module.fuzzing``). It builds ``--games`` running games, each with its
own players: ``--distinct`` of them played forward through the service (a random number of random legal
orders in ``--forward``; of each game's, every third played on, at most ``--hunt`` orders more, until it
stands in a battle, and every third until it stands in a phase none of its game's stands in yet: card
phases, deployments, winters), the others copies of those with every row a game has (``bench/common.py``,
``copy_game``), which go their own ways from the first round. Then the start-up check of every game against
a replay of its orders (``Service.recover``: a copy short of a row would be suspended), and every game
loaded: **the bench stops unless every game made is loaded and checked**. Then it starts the bot on them
(the picture workers warmed) and plays ``--rounds`` rounds of ``--overlap`` interactions handed to
discord.py at the same instant, each an order of the player to move in a different loaded game (random
legal orders; the bench stops if fewer games are left to play). For each interaction it times, from the
moment it is handed to discord.py (as the gateway would), in wall-clock time:

- **reply**: until the fake Discord receives the interaction's first response;
- **map posted**: until the fake Discord has received the game channel's post carrying the public map (the
  module's board picture).

min / median / p99 / max of each, overall, by game, by the game's phase and by battle or not; and the
concurrency achieved: how many interactions were in the bot at once, each from the start of its
``Service.order`` to its reply (the most in a round: the bench stops if a round's never overlapped); how
many ``Service.order`` calls were running at once (the most in a round, and the mean over the time the
round's orders ran: a call that never waits for the database runs alone on the event loop, so this may be
1 while ten interactions wait), and how many interactions were still waiting for their reply, on average,
while any was.

Budgets: reply under 100 ms median and 300 ms p99; map posted under 150 ms median and 400 ms p99;
``Service.order`` under 40 ms p99 for every module (printed per module, beside the same calls made one at a
time with nothing else running: the reference). And the processor time the rounds took, per interaction:
the bot's process (its threads and the fake Discord's handling of the requests too) and the picture
workers. The reference, measured in the same run with nothing else going on: one public map of each game
drawn alone (through the pool when there is one, and in this process), and a ratio to it. ``--workers 0``
draws in the bot's process (no pool), for comparison. Then the memory of a loaded game of each (budget:
under 1 MB).
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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

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

from bench.common import Collections, copy_game, games_of, load_average, pct  # noqa: E402
from bot.discord_app.client import EstafetteBot  # noqa: E402
from bot.outbox import Picture  # noqa: E402
from bot.pictures import Pictures, rank  # noqa: E402
from bot.service import Caller, Live, Service  # noqa: E402
from bot.storage import Store  # noqa: E402
from engine.module import AnyModule, GameObject, OptionValue, parse_values  # noqa: E402
from tools.fuzz import draw  # noqa: E402
from tools.fuzz import pick as fuzz_pick  # noqa: E402

BUDGETS = {"reply": (100, 300), "map posted": (150, 400)}  # ms: median, p99
ORDER_P99 = 40  # ms: Service.order's p99, every module


def line(name: str, xs: list[float], budget: tuple[float, float] | None = None, ref: float = 0.0) -> str:
    ms = [x * 1000 for x in xs]
    med, p99 = statistics.median(ms), pct(ms, 0.99)
    out = f"  {name:<36} n={len(ms):4d}  min {min(ms):6.1f}  median {med:6.1f}  p99 {p99:6.1f}"
    out += f"  max {max(ms):6.1f} ms"
    if ref:
        out += f"  ({med / ref:.1f}x the reference)"
    if budget:
        ok = med <= budget[0] and p99 <= budget[1]
        out += f"  budget {budget[0]:.0f}/{budget[1]:.0f}: {'ok' if ok else 'OVER'}"
    return out


def pick(module: AnyModule, rng: random.Random, game: GameObject, role: str, budget: dict[str, int]) -> str:
    """A random legal order of the game's fuzzer (``Module.fuzzing``)."""
    order = fuzz_pick(module, rng, game, role, budget)
    assert order is not None, f"{module.id}: no legal order for {role}"
    return order


def options(module: AnyModule) -> dict[str, OptionValue]:
    return parse_values(module.options, module.first_options, {})


def seats(module: AnyModule) -> tuple[str, ...]:
    """The roles of a game made with the module's first options (those of ``/game new`` without any)."""
    return tuple(module.roles(module.make_options(module.defaults() | options(module))))


def user_of(module: AnyModule, role: str, i: int) -> str:
    """The name of game ``i``'s player of ``role``."""
    return f"p{seats(module).index(role)}-{i}"


def battles(module: AnyModule, game: GameObject) -> list[str]:
    """The places where a battle is being fought now (the pictures drawn for a place, as the public sees
    them)."""
    return [p for k in module.pictures if k.places for p in k.places(game, "public", None)]


def phase(game: GameObject) -> str:
    """The phase the game stands in, as its legal orders say it (the first role to act)."""
    active = game.active()
    if game.over or not active:
        return "over"
    return str(getattr(game.legal(active[0]), "phase", "") or "-")


@dataclass
class Built:
    """The games made: by id, their module and number; which were played forward and which copied (of
    which source)."""

    module: dict[int, AnyModule] = field(default_factory=dict)
    number: dict[int, int] = field(default_factory=dict)
    copied: dict[int, int] = field(default_factory=dict)  # copy -> source
    orders: int = 0
    ended: int = 0  # games that ended while played forward (made again)


async def play_forward(
    svc: Service,
    world: World,
    module: AnyModule,
    i: int,
    k: int,
    more: int,
    hunt: int,
    seen: set[str],
    rng: random.Random,
) -> tuple[int, int]:
    """Game ``i`` (the ``k``-th of its module) made and played forward through the service: ``more`` random
    orders, then (``k`` mod 3 = 1) on until it stands in a battle or (2) in a phase not in ``seen``, at most
    ``hunt`` orders more. Its id and the orders played."""
    guild = world.guilds[0].id
    ch = world.channel(f"game-{i}").id
    users = {role: world.user(user_of(module, role, i)).id for role in seats(module)}
    first = users[seats(module)[0]]
    await svc.new_game(Caller(first, ch, guild), module.first_options, game=module.id)
    for role, user in users.items():
        await svc.join(Caller(user, ch, guild), role)
    await svc.start(Caller(first, ch, guild))
    gid = await svc.store.game_id_in_channel(ch)
    assert gid is not None
    budget: dict[str, int] = {}
    played = 0
    while True:
        game = svc.live[gid].game
        assert game is not None
        if game.over or more <= -hunt:
            break
        if more <= 0 and (
            k % 3 == 0 or (k % 3 == 1 and battles(module, game)) or (k % 3 == 2 and phase(game) not in seen)
        ):
            break
        role = rng.choice(game.active())
        await svc.order(Caller(users[role], ch, guild), pick(module, rng, game, role, budget), role=role)
        played += 1
        more -= 1
    game = svc.live[gid].game
    if game is not None and not game.over:
        seen.add(phase(game))
    return gid, played


async def build(
    svc: Service,
    world: World,
    mods: list[AnyModule],
    n_games: int,
    distinct: int,
    forward: tuple[int, int],
    hunt: int,
    rng: random.Random,
) -> Built:
    """``n_games`` running games, game ``i`` of ``mods[i % len(mods)]``, each with its own players: the first
    ``distinct`` played forward through the service, the others copies of those of their game (every row a
    game has) in channels of their own, which go their own ways from the first round."""
    store = svc.store
    t0 = time.perf_counter()
    out = Built()
    sources: dict[str, list[tuple[int, int]]] = {}  # module id -> (game id, number) of the games played
    seen: dict[str, set[str]] = {}
    for i in range(n_games):
        module = mods[i % len(mods)]
        mine = sources.setdefault(module.id, [])
        if i < distinct or not mine:
            k, more = len(mine), rng.randint(*forward)
            while True:  # a game that ended on the way is made again, played less far (a running game)
                gid, played = await play_forward(
                    svc, world, module, i, k, more, hunt, seen.setdefault(module.id, set()), rng
                )
                out.orders += played
                game = svc.live[gid].game
                if game is not None and not game.over:
                    break
                out.ended += 1
                more, hunt = more // 2, hunt // 2
            mine.append((gid, i))
        else:
            source, j = mine[(i // len(mods)) % len(mine)]
            users = {
                world.user(user_of(module, role, j)).id: world.user(user_of(module, role, i)).id
                for role in seats(module)
            }
            await svc.idle()
            gid = await copy_game(store, source, world.channel(f"game-{i}").id, users)
            out.copied[gid] = source
        out.module[gid], out.number[gid] = module, i
    await svc.idle()
    await store._exec("UPDATE outbox SET done=1")  # what the set-up sent is not what is timed
    print(
        f"built {n_games} running games ({', '.join(m.title for m in mods)}):"
        f" {n_games - len(out.copied)} played forward through the service with {out.orders} random orders,"
        f" {len(out.copied)} copies of them with every row a game has ({out.ended} ended on the way and were"
        f" made again); {time.perf_counter() - t0:.0f} s"
    )
    return out


async def loaded(svc: Service, built: Built) -> list[Live]:
    """Every game made, checked against a replay of its orders as a bot's start-up checks it (a game whose
    rows disagree with its orders is suspended) and loaded; the bench stops unless every one is, and every
    copy is the game it was copied from."""
    t0 = time.perf_counter()
    svc.games.cache.clear()  # loaded from the database, as a process that never saw them would
    problems = await svc.recover()
    lives = []
    for gid in built.module:
        live = await svc.game(gid)
        if live is not None and live.game is not None and live.row.status == "running":
            lives.append(live)
    for copy, source in built.copied.items():
        a, b = svc.live[copy].game, svc.live[source].game
        assert a is not None and b is not None and a.dumps() == b.dumps(), f"game {copy}: not its source's"
    made = len(built.module)
    print(
        f"games made {made}, checked against a replay and loaded {len(lives)}"
        f" ({made - len(built.copied)} played, {len(built.copied)} copied; start-up check"
        f" {time.perf_counter() - t0:.1f} s; problems: {len(problems)})"
    )
    assert not problems and len(lives) == made, f"only {len(lives)} of {made} games load: {problems}"
    return lives


def order_payload(h: BotHandle, module: AnyModule, order: str, user: UserLike, channel: ChannelLike) -> JSON:
    """The slash command a player would type for an engine order text."""
    from engine import parse_command

    cmd = parse_command(order)
    kind = next((k for k in module.orders if k.name == cmd.name), None)
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


@dataclass
class Reference:
    """Measured alone (nothing else of the bot running), median seconds: one public map through the pool's
    round trip (or this process's render thread without a pool); the same rendered in this process; the
    pictures of one change in a battle (public map and board, each player's map and board) asked for at once
    as the outbox asks for them, and the same drawn one after the other in this process; how many those
    are."""

    one: float
    here: float
    change: float
    serial: float
    pictures: int


async def reference(svc: Service, module: AnyModule, lives: list[Live], runs: int = 15) -> Reference:
    mine = [lv for lv in lives if lv.row.module == module.id and lv.game is not None]
    fighting = [lv for lv in mine if lv.game is not None and battles(module, lv.game)]
    live = max(fighting or mine, key=lambda lv: lv.row.version)
    game = live.game
    assert game is not None
    pictures = svc.pictures
    queue = pictures.pool.queue if pictures.pool is not None else pictures._local
    board = next(k for k in module.pictures if k.board)
    drawn = [
        (Picture(board.name, live.id, live.row.version, role), board)
        for role in ("public", *seats(module)[:2])
    ]
    for kind in module.pictures:
        places = kind.places(game, "public", None) if kind.places else []
        if places:
            roles = ("public", seats(module)[0])
            drawn += [
                (Picture(kind.name, live.id, live.row.version, r, "en", places[0]), kind) for r in roles
            ]
    specs, kinds = [p for p, _ in drawn], [k for _, k in drawn]
    jobs = [pictures.job(p, game, k, module.id) for p, k in zip(specs, kinds, strict=True)]
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
    return Reference(med(one), med(here), med(change), med(serial), len(jobs))


def overlap(spans: list[tuple[float, float]]) -> tuple[int, float]:
    """The most spans running at one instant, and the mean number running over the time any was."""
    if not spans:
        return 0, 0.0
    edges = sorted([(a, 1) for a, _ in spans] + [(b, -1) for _, b in spans], key=lambda e: (e[0], e[1]))
    now = most = 0
    for _, d in edges:
        now += d
        most = max(most, now)
    busy = max(b for _, b in spans) - min(a for a, _ in spans)
    return most, (sum(b - a for a, b in spans) / busy if busy > 0 else float(len(spans)))


async def orders_alone(
    h: BotHandle, svc: Service, world: World, built: Built, module: AnyModule, runs: int, rng: random.Random
) -> list[float]:
    """``Service.order`` with nothing else running: ``runs`` random legal orders, each in another game of
    ``module`` and each after everything the one before sent has been delivered (the reference of the
    rounds' ``Service.order``). Seconds each."""
    guild = world.guilds[0].id
    mine = [
        lv
        for gid, m in built.module.items()
        if m is module and (lv := svc.live.get(gid)) and lv.game is not None and not lv.game.over
    ]
    took = []
    for lv in rng.sample(mine, min(runs, len(mine))):
        game = lv.game
        assert game is not None
        role = rng.choice(game.active())
        i = built.number[lv.id]
        caller = Caller(world.user(user_of(module, role, i)).id, world.channel(f"game-{i}").id, guild)
        order = pick(module, rng, game, role, {})
        t0 = time.perf_counter()
        await svc.order(caller, order, None, role)
        took.append(time.perf_counter() - t0)
        await h.bot.outbox.settle()
    return took


def cpu_of(pids: list[int]) -> float:
    """Processor seconds (user + system) the processes ``pids`` have used so far (Linux's /proc; 0 where it
    cannot be read)."""
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def worker_pids(svc: Service) -> list[int]:
    pool = svc.pictures.pool
    procs = getattr(pool.executor, "_processes", None) if pool is not None else None
    return list(procs or {})


@dataclass
class Timings:
    reply: list[float] = field(default_factory=list)
    posted: list[float] = field(default_factory=list)
    by: dict[str, list[float]] = field(default_factory=dict)  # map posted, by game / phase / battle
    replied_by: dict[str, list[float]] = field(default_factory=dict)  # reply, by game
    ordered_by: dict[str, list[float]] = field(default_factory=dict)  # Service.order, by game
    peaks: list[int] = field(default_factory=list)  # per round: the most Service.order calls at once
    # per round: the most interactions in the bot at once, each from its Service.order's start to its reply
    held: list[int] = field(default_factory=list)
    means: list[float] = field(default_factory=list)  # per round: the mean number at once while any ran
    waiting: list[float] = field(default_factory=list)  # per round: the mean number waiting for a reply
    handed: int = 0
    refused: int = 0
    missing: int = 0


async def rounds(
    args: argparse.Namespace,
    h: BotHandle,
    fake: FakeDiscord,
    svc: Service,
    world: World,
    built: Built,
    stamps: dict[int, float],
    rng: random.Random,
) -> Timings:
    """``--rounds`` rounds of ``--overlap`` orders handed to discord.py at one instant, each in its own
    game."""
    t = Timings()
    spans: dict[str, tuple[float, float]] = {}  # interaction id -> Service.order's start and end
    real = svc.order

    async def timed(
        caller: Caller, text: Any, interaction_id: str | None = None, role: str | None = None
    ) -> Any:
        t0 = time.perf_counter()
        try:
            return await real(caller, text, interaction_id, role)
        except Exception:
            t.refused += 1
            raise
        finally:
            spans[str(interaction_id)] = (t0, time.perf_counter())

    setattr(svc, "order", timed)  # noqa: B010 (on this service only: each order's span is kept)
    for _ in range(args.rounds):
        playing = [
            lv
            for gid in built.module
            if (lv := svc.live.get(gid)) and lv.game is not None and not lv.game.over
        ]
        assert len(playing) >= args.overlap, f"only {len(playing)} games left to play: fewer than --overlap"
        chosen = rng.sample(playing, args.overlap)
        payloads, labels = [], []
        for lv in chosen:
            game, module = lv.game, built.module[lv.id]
            assert game is not None
            role = rng.choice(game.active())
            i = built.number[lv.id]
            user = world.user(user_of(module, role, i))
            order = pick(module, rng, game, role, {})
            channel = world.channel(f"game-{i}")
            payloads.append(order_payload(h, module, order, user, channel))
            fight = "in a battle" if battles(module, game) else "in no battle"
            labels.append((module.id, f"phase {phase(game)}", fight))
        first_call = len(fake.calls)
        t.handed += len(payloads)
        start = time.perf_counter()
        await h.feed_concurrently(*payloads, timeout=120)
        await h.bot.outbox.settle()
        calls = fake.calls[first_call:]
        replies: list[float] = []
        held: list[tuple[float, float]] = []  # each interaction from its Service.order's start to its reply
        for lv, payload, (mid, ph, fight) in zip(chosen, payloads, labels, strict=True):
            module = built.module[lv.id]
            board = next(k for k in module.pictures if k.board)
            cb = next((c for c in calls if c.path.startswith(f"/interactions/{payload['id']}/")), None)
            if cb is not None:
                replies.append(stamps[cb.seq] - start)
                if str(payload["id"]) in spans:
                    held.append((spans[str(payload["id"])][0], stamps[cb.seq]))
                t.replied_by.setdefault(mid, []).append(stamps[cb.seq] - start)
            post = next(
                (
                    c
                    for c in calls
                    if c.method == "POST"
                    and c.path == f"/channels/{lv.row.channel_id}/messages"
                    and any(
                        f.filename.startswith(f"{board.name}-") and "-public" in f.filename for f in c.files
                    )
                ),
                None,
            )
            if post is None:
                t.missing += 1
                continue
            took = stamps[post.seq] - start
            t.posted.append(took)
            for key in (mid, f"{mid}, {ph}", f"{mid}, {fight}"):
                t.by.setdefault(key, []).append(took)
        t.reply += replies
        for lv, payload in zip(chosen, payloads, strict=True):
            span = spans.get(str(payload["id"]))
            if span is not None:
                t.ordered_by.setdefault(built.module[lv.id].id, []).append(span[1] - span[0])
        most, mean = overlap([spans[str(p["id"])] for p in payloads if str(p["id"]) in spans])
        t.peaks.append(most)
        t.means.append(mean)
        t.held.append(overlap(held)[0])
        if replies:
            t.waiting.append(sum(replies) / max(replies))
    setattr(svc, "order", real)  # noqa: B010
    return t


async def latency(args: argparse.Namespace, mods: list[AnyModule]) -> None:
    n_games = args.games
    users = sorted({user_of(m, role, i) for i in range(n_games) for m in mods for role in seats(m)})
    world = World.default(users=["host", *users], channels=[f"game-{i}" for i in range(n_games)])
    fake = FakeDiscord(world)
    stamps: dict[int, float] = {}  # call seq -> when the fake had received the whole request
    route = fake._route

    async def stamped(call: Call) -> Answer:
        stamps[call.seq] = time.perf_counter()
        return await route(call)

    fake._route = stamped
    rng = random.Random(args.seed)
    print(load_average(), "(the machine is shared: other work runs beside this)")
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "bench.db")
        await store.open()
        try:
            await serve(args, mods, store, world, fake, stamps, rng)
        finally:
            await store.close()


async def serve(
    args: argparse.Namespace,
    mods: list[AnyModule],
    store: Store,
    world: World,
    fake: FakeDiscord,
    stamps: dict[int, float],
    rng: random.Random,
) -> None:
    """The games built, checked and loaded, the bot started on them, the references and the rounds."""
    n_games = args.games
    seeds = itertools.count(args.seed)
    svc = Service(store, pictures=Pictures(), seed_source=lambda: next(seeds))
    lo, hi = (int(x) for x in args.forward.split(":"))
    built = await build(svc, world, mods, n_games, min(args.distinct, n_games), (lo, hi), args.hunt, rng)
    lives = await loaded(svc, built)
    fighting = {
        m.id: sum(1 for lv in lives if lv.game and built.module[lv.id] is m and battles(m, lv.game))
        for m in mods
    }
    phases: dict[str, int] = {}
    for lv in lives:
        assert lv.game is not None
        key = f"{lv.row.module} {phase(lv.game)}"
        phases[key] = phases.get(key, 0) + 1
    print(f"  in a battle: {fighting}; by phase: {dict(sorted(phases.items()))}")

    async def no_checks(*, lazy: bool = False) -> list[str]:
        return []  # checked above, and in this service's cache: a bot well after its start-up

    setattr(svc, "recover", no_checks)  # noqa: B010 (on this service only)
    if args.workers is not None:
        os.environ["ESTAFETTE_PICTURE_WORKERS"] = str(args.workers)

    def make() -> EstafetteBot:
        return EstafetteBot(store, service=svc, tick_seconds=0)

    async with running_bot(make, fake=fake, timeout=120) as h:
        # the pinned status as the bot sends it by default (ESTAFETTE_STATUS_CARD: a card with the map and
        # the open battles' boards), unless --status-text
        h.bot.sender.status_card = not args.status_text
        pool = svc.pictures.pool
        print("pictures:", f"a pool of {pool.workers} worker processes" if pool else "in this process")
        print("pinned status:", "plain text with the map" if args.status_text else "a card (the default)")
        t0 = time.perf_counter()
        for m in mods:
            await reference(svc, m, lives, runs=1)  # waits for the workers' start and warm-up
        print(f"  ready (static layers warmed) in {time.perf_counter() - t0:.1f} s, before any round")
        where = "through the pool" if pool else "on the render thread"
        print(f"reference, measured alone ({args.reference_runs} runs each, medians):")
        refs: dict[str, Reference] = {}
        for m in mods:
            r = refs[m.id] = await reference(svc, m, lives, args.reference_runs)
            print(
                f"  {m.id}: one public map drawn {where} {r.one * 1000:.1f} ms (the renderer alone"
                f" in this process {r.here * 1000:.1f} ms); the {r.pictures} pictures of one change in a"
                f" battle asked for at once {r.change * 1000:.1f} ms (one after the other here"
                f" {r.serial * 1000:.1f} ms, {r.serial / r.change:.1f}x)"
            )
        alone = {m.id: await orders_alone(h, svc, world, built, m, args.reference_runs, rng) for m in mods}
        t_run = time.perf_counter()
        pids = worker_pids(svc)
        cpu0, workers0 = time.process_time(), cpu_of(pids)
        prof = cProfile.Profile() if args.profile else None
        if prof is not None:
            prof.enable()
        collections = Collections().start()
        t = await rounds(args, h, fake, svc, world, built, stamps, rng)
        took = time.perf_counter() - t_run
        collections.stop()
        if prof is not None:
            prof.disable()
            prof.dump_stats(args.profile)
        cpu, workers = time.process_time() - cpu0, cpu_of(pids) - workers0
        print(
            f"{args.rounds} rounds of {args.overlap} interactions handed at once, each to its own game,"
            f" over {n_games} loaded games ({t.handed} interactions in {took:.1f} s; {load_average()}):"
        )
        print(line("interaction -> reply", t.reply, BUDGETS["reply"]))
        ref = statistics.median([r.one for r in refs.values()]) * 1000
        print(line("interaction -> public map posted", t.posted, BUDGETS["map posted"], ref))
        for m in mods:
            if t.replied_by.get(m.id):
                print(line(f"{m.id}: reply", t.replied_by[m.id]))
            if t.by.get(m.id):
                print(line(f"{m.id}: map posted", t.by[m.id], ref=refs[m.id].one * 1000))
            for key, xs in sorted(t.by.items()):
                if key.startswith(f"{m.id}, "):
                    print(line(f"  map posted, {key[len(m.id) + 2 :]}", xs))
        for m in mods:
            if t.ordered_by.get(m.id):
                ref_order = statistics.median(alone[m.id]) * 1000 if alone[m.id] else 0.0
                ok = pct(t.ordered_by[m.id], 0.99) * 1000 <= ORDER_P99
                print(
                    line(f"{m.id}: Service.order", t.ordered_by[m.id], ref=ref_order)
                    + f"  budget p99 {ORDER_P99}: {'ok' if ok else 'OVER'}"
                )
            if alone[m.id]:
                print(line(f"  {m.id}: Service.order alone (reference)", alone[m.id]))
        per = 1000 / max(t.handed, 1)
        print(
            f"processor time of the rounds, per interaction: the bot's process {cpu * per:.1f} ms"
            f" (its threads and the fake Discord's handling of the requests included), the picture workers"
            f" {workers * per:.1f} ms ({len(pids)} processes); {(cpu + workers) / max(took, 1e-9):.2f} cores"
            f" busy on average over the rounds' {took:.1f} s"
        )
        print(f"in the bot's process during the rounds: {collections.said()}")
        print(
            f"concurrency achieved: {t.handed} interactions handed {args.overlap} at once;"
            f" interactions in the bot at once (each from its Service.order's start to its reply), the most"
            f" in a round: min"
            f" {min(t.held)}, median {statistics.median(t.held):.0f}, max {max(t.held)};"
            f" Service.order calls running at once, the most in a round: min {min(t.peaks)}, median"
            f" {statistics.median(t.peaks):.0f}, max {max(t.peaks)}; on average while any ran:"
            f" {statistics.mean(t.means):.1f}; interactions waiting for their reply, on average until the"
            f" last was answered: {statistics.mean(t.waiting):.1f}"
        )
        print(
            f"  refused {t.refused}, replies {len(t.reply)}, public maps posted {len(t.posted)}"
            f" (no map: {t.missing})"
        )
        if pool is not None:
            print(f"  picture pool replaced {pool.replaced} times")
        assert len(t.reply) == t.handed, f"{t.handed - len(t.reply)} interactions got no reply"
        assert min(t.held) >= min(2, args.overlap), "the interactions of a round did not overlap"


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


def memory(module: AnyModule, n: int = 100) -> None:
    """Memory per loaded mid-game game (engine state with its history)."""
    snaps = []
    for seed in range(5):
        rng = random.Random(seed)
        rand = module.fuzzing.random_options
        opts = rand(rng) if rand is not None else module.make_options(module.defaults() | draw(module, seed))
        g = module.new_game(opts, seed)
        budget: dict[str, int] = {}
        played = 0
        # mid-game: the 12th turn (the module's epoch), or 300 orders in a game that counts none
        while not g.over and (module.epoch(g) or 0) < 12 and (module.epoch(g) is not None or played < 300):
            role = rng.choice(g.active())
            g.apply(role, pick(module, rng, g, role, budget))
            played += 1
        snaps.append(g.dumps())
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    games = [module.loads(snaps[i % len(snaps)]) for i in range(n)]
    gc.collect()
    after = tracemalloc.take_snapshot()
    used = sum(s.size_diff for s in after.compare_to(before, "filename"))
    tracemalloc.stop()
    size = sum(len(s) for s in snaps) / len(snaps)
    print(
        f"{module.id}: memory per loaded mid-game game: {used / n / 1024:.0f} KiB (budget 1024 KiB; "
        f"snapshot JSON {size / 1024:.0f} KiB; {len(games)} games loaded)"
    )


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python bench/bot.py")
    ap.add_argument("--game", default="", help="a registered game module (default: every one)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--rounds", type=int, default=30)
    ap.add_argument("--overlap", type=int, default=10, help="interactions at once, each in its own game")
    ap.add_argument("--forward", default="10:80", help="random orders each game is played forward: LO:HI")
    ap.add_argument("--distinct", type=int, default=20, help="games played forward (the others are copies)")
    ap.add_argument("--hunt", type=int, default=200, help="orders more to reach a battle or a new phase")
    ap.add_argument("--workers", type=int, default=None, help="picture workers (0: none; default: the cores)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--reference-runs", type=int, default=10)
    ap.add_argument("--no-memory", action="store_true")
    ap.add_argument("--status-text", action="store_true", help="the pinned status as text (not the card)")
    ap.add_argument("--profile", help="write a cProfile of the bot's process during the rounds to this file")
    args = ap.parse_args(argv)
    mods = games_of(args.game)
    print(
        f"this machine now: two busy loops in two processes go {parallelism():.2f}x as fast as one after the"
        " other (2.00 with two free cores)"
    )
    asyncio.run(latency(args, mods))
    if not args.no_memory:
        for m in mods:
            memory(m)


if __name__ == "__main__":
    main()
