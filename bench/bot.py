"""Bot benchmark: server-side latency from an interaction received to the first response sent, with 100
active games, through the real discord.py against the fake Discord API; and memory per loaded game.

    python bench/bot.py [--games 100] [--orders 400] [--pictures]

Budgets (DESIGN.md): under 150 ms median with 100 games active; under 1 MB per loaded game.
Latency is measured from the moment the interaction is handed to discord.py (as the gateway would) to the
moment discord.py starts the interaction-callback request; the posts and DMs that follow are not counted.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
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

import discord  # noqa: E402
from discord_fake import FakeDiscord, World, running_bot  # noqa: E402

from bot.discord_app.client import EstafetteBot  # noqa: E402
from bot.pictures import NoPictures, Pictures  # noqa: E402
from bot.storage import Store  # noqa: E402
from engine import Game, new_game  # noqa: E402
from tools.fuzz import pick, random_options  # noqa: E402


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


async def latency(n_games: int, n_orders: int, pictures: bool) -> None:
    world = World.default(channels=[f"game-{i}" for i in range(n_games)])
    fake = FakeDiscord(world)
    sent: dict[str, float] = {}
    adapter = discord.webhook.async_.AsyncWebhookAdapter
    original = adapter.create_interaction_response

    def timed(self, interaction_id, token, **kw):  # the first response leaves the bot here
        sent.setdefault(str(interaction_id), time.perf_counter())
        return original(self, interaction_id, token, **kw)

    adapter.create_interaction_response = timed  # type: ignore[method-assign]
    with tempfile.TemporaryDirectory() as tmp:
        pics = Pictures() if pictures else NoPictures()

        def make() -> EstafetteBot:
            return EstafetteBot(Store(Path(tmp) / "bench.db"), pictures=pics, tick_seconds=0)

        async with running_bot(make, fake=fake, timeout=60) as h:
            players = world.users
            t0 = time.perf_counter()
            for i in range(n_games):
                ch = f"game-{i}"
                await h.feed(h.slash("game new", {"setup": "historical"}, user=players[0], channel=ch))
                await h.feed(h.slash("game join", {"role": "french"}, user=players[0], channel=ch))
                await h.feed(h.slash("game join", {"role": "allied"}, user=players[1], channel=ch))
                await h.feed(h.slash("game start", user=players[0], channel=ch))
            print(f"set up {n_games} games in {time.perf_counter() - t0:.1f} s")
            rng = random.Random(1)
            lat: list[float] = []
            kinds: dict[str, list[float]] = {}
            service = h.bot.service
            lives = sorted(service.live.values(), key=lambda lv: lv.row.id)
            for _ in range(n_orders):
                live = rng.choice(lives)
                game = live.game
                assert game is not None
                ch = world.channel_by_id(live.row.channel_id)
                if game.over:
                    payload = h.slash("game status", user=players[0], channel=ch)
                    kind = "status"
                else:
                    role = rng.choice(game.active())
                    order = pick(rng, game, role, {})
                    user = players[0] if role == "french" else players[1]
                    payload = order_payload(h, order, user, ch)
                    kind = order.split()[0]
                start = time.perf_counter()
                await h.feed(payload)
                took = sent[str(payload["id"])] - start
                lat.append(took)
                kinds.setdefault(kind, []).append(took)
            print(
                f"{n_orders} interactions over {n_games} active games"
                f" ({'with' if pictures else 'without'} real pictures in the outbox):"
            )
            print(
                f"  interaction -> first response: median {statistics.median(lat) * 1000:.1f} ms, "
                f"p99 {pct(lat, 0.99) * 1000:.1f} ms, max {max(lat) * 1000:.1f} ms"
            )
            for k, xs in sorted(kinds.items()):
                print(f"    {k:14s} n={len(xs):4d} median {statistics.median(xs) * 1000:.1f} ms")
    adapter.create_interaction_response = original  # type: ignore[method-assign]


def order_payload(h, order: str, user, channel):
    """The slash command a player would type for an engine order text."""
    from engine import parse_command

    cmd = parse_command(order)
    opts: dict = dict(cmd.options)
    if cmd.name == "move":
        opts["forced"] = opts.get("forced") == "yes"
    if cmd.name in ("reinforce", "regroup") and "from" in opts:
        opts["from"] = opts.pop("from")
    if cmd.name == "orders":
        opts = {"list": opts["list"]}
    return h.slash(cmd.name, opts, user=user, channel=channel)


def memory(n: int = 100) -> None:
    """Memory per loaded mid-game game (engine state with its history)."""
    snaps = []
    for seed in range(5):
        rng = random.Random(seed)
        g = new_game(random_options(rng), seed)
        budget: dict[str, int] = {}
        while not g.over and g.state.turn < 12:
            role = rng.choice(g.active())
            g.apply(role, pick(rng, g, role, budget))
        snaps.append(g.dumps())
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    games = [Game.loads(snaps[i % len(snaps)]) for i in range(n)]
    gc.collect()
    after = tracemalloc.take_snapshot()
    used = sum(s.size_diff for s in after.compare_to(before, "filename"))
    tracemalloc.stop()
    size = sum(len(s) for s in snaps) / len(snaps)
    print(
        f"memory per loaded mid-game game: {used / n / 1024:.0f} KiB "
        f"(snapshot JSON {size / 1024:.0f} KiB; {len(games)} games loaded)"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--orders", type=int, default=400)
    ap.add_argument("--pictures", action="store_true", help="draw real pictures for the outbox")
    args = ap.parse_args()
    asyncio.run(latency(args.games, args.orders, args.pictures))
    memory()


if __name__ == "__main__":
    main()
