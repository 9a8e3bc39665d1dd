"""Several processes on one database and a bounded memory: a due game is claimed by one process's tick
(two ticks at one instant handle it once), and a game that leaves the process's memory (least recently used
first) is loaded again at its next use and plays on exactly as if it had stayed."""

from __future__ import annotations

import asyncio
import contextlib
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.served import Clock, service

from bot.outbox import Post
from bot.service import Caller, ServiceError
from bot.service.common import Live
from bot.service.core import LiveCache

CH, CH2 = 100, 101
HOST, ALICE, BOB = 1, 2, 3


def who(user, channel=CH):
    return Caller(user_id=user, channel_id=channel, guild_id=9)


async def started(svc, channel=CH, deadline_hours=None):
    kw = {} if deadline_hours is None else {"deadline_hours": deadline_hours}
    await svc.new_game(who(HOST, channel), "setup=historical", **kw)
    await svc.join(who(ALICE, channel))
    await svc.join(who(BOB, channel))
    await svc.start(who(HOST, channel))


# --- deadlines claimed: one process handles a due game -----------------------------------------------------


async def test_two_processes_ticking_at_the_same_instant_handle_a_due_game_once(new_store):
    store_a = await new_store("shared")
    store_b = await new_store("shared")  # another process's connections to the same database
    clock = Clock()
    first, second = service(store_a, clock), service(store_b, clock)
    for channel in (CH, CH2, 102, 103):
        await started(first, channel, deadline_hours=10)
    await first.tick()
    await second.tick()  # nothing due yet: each game's next moment is set
    clock.t += 11 * 3600  # every deadline has passed
    looked: dict[int, list[int]] = {1: [], 2: []}
    for n, svc in ((1, first), (2, second)):
        real = svc.games.read

        async def read(gid, real=real, n=n):
            looked[n].append(gid)
            return await real(gid)

        svc.games.read = read
    for store in (store_a, store_b):
        reads = store._all

        async def slow(sql, params=(), reads=reads):
            # a read takes a moment, in which the other process runs (SQLite's statements no longer wait for
            # the event loop: without this one tick would end before the other began, never at one instant)
            rows = await reads(sql, params)
            await asyncio.sleep(0)
            return rows

        store._all = slow
    sent_a, sent_b = await asyncio.gather(first.tick(), second.tick())
    # each due game looked at by one process's tick (not read by both and left to the game's lock)
    assert sorted(looked[1] + looked[2]) == [1, 2, 3, 4], looked
    passed = [m.channel_id for m in [*sent_a, *sent_b] if isinstance(m, Post) and "deadline passed" in m.text]
    assert sorted(passed) == [CH, CH2, 102, 103]  # each game's deadline passed once, by one process
    await first.idle()
    await second.idle()
    again = [*await first.tick(), *await second.tick()]
    assert not [m for m in again if isinstance(m, Post) and "deadline passed" in m.text]
    await first.idle()
    await second.idle()


async def test_a_claimed_game_is_skipped_by_another_tick_until_its_lease_ends(new_store):
    store_a = await new_store("shared")
    store_b = await new_store("shared")
    clock = Clock()
    svc = service(store_a, clock)
    await started(svc, deadline_hours=10)
    now = clock() + 11 * 3600
    assert await store_a.claim_due(now, lease=60) == [1]
    assert await store_b.claim_due(now) == []  # claimed: the other process's tick does not see it
    assert await store_b.claim_due(now + 61) == [1]  # the first process died holding it: it lapses
    await svc.idle()


# --- memory bounded: least recently used games leave -------------------------------------------------


def test_the_cache_keeps_the_most_recently_used_games():
    cache = LiveCache(limit=2)
    cache[1], cache[2] = Live(None), Live(None)  # type: ignore[arg-type]
    assert cache.get(1) is not None  # 1 used: 2 is now the least recently used
    cache[3] = Live(None)  # type: ignore[arg-type]
    assert list(cache) == [1, 3] and cache.evicted == 1
    cache[1]
    cache[4] = Live(None)  # type: ignore[arg-type]
    assert list(cache) == [1, 4]


async def play(svc, seed, steps, channels, evict):
    """Random legal orders over two games, alternating; each game leaves memory before each order when
    ``evict``. Returns each game's script log."""
    rng = random.Random(seed)
    users = {"french": ALICE, "allied": BOB}
    for _ in range(steps):
        for channel, gid in channels:
            live = svc.live.get(gid) or await svc.game(gid)
            game = live.game
            if game.over:
                continue
            role = sorted(game.active())[0]
            choices = [str(c) for c in game.legal(role).choices]
            if not choices:
                continue
            text = rng.choice(choices)
            if evict:
                svc.live.pop(gid, None)
            with contextlib.suppress(ServiceError):
                await svc.order(who(users[role], channel), text)
    out = []
    for _channel, gid in channels:
        live = await svc.game(gid)
        out.append((list(live.game.state.log), live.game.snapshot()))
    return out


@settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10_000))
def test_a_game_evicted_and_loaded_again_plays_on_identically(tmp_path_factory, seed):
    from bot.storage import Store

    async def run():
        logs = []
        for evict, limit in ((False, 1000), (True, 1)):
            store = Store(tmp_path_factory.mktemp("lru") / "g.db")
            await store.open()
            svc = service(store, Clock())
            svc.games.cache.limit = limit  # one game in memory: each order's game was just loaded
            await started(svc, CH)
            await started(svc, CH2)
            logs.append(await play(svc, seed, 12, [(CH, 1), (CH2, 2)], evict))
            await svc.idle()
            assert svc.games.cache.evicted > 0 if evict else svc.games.cache.evicted == 0
            await store.close()
        assert logs[0] == logs[1]

    asyncio.run(run())


async def test_many_games_stay_within_the_cache_limit(new_store):
    store = await new_store()
    svc = service(store, Clock())
    svc.games.cache.limit = 2
    for channel in (CH, CH2, 102, 103, 104):
        await started(svc, channel)
    for gid in (1, 2, 3, 4, 5, 1):
        assert (await svc.game(gid)).game is not None
    assert len(svc.live) <= 2 and 1 in svc.live
    await svc.idle()
