"""The database failing (connection lost, read-only, a timeout) is never taken for a damaged game, and a
player meets it as one plain line in their language: through the service, on both backends, with the
faults injected into the store (a database error raised by a store call) or made real (SQLite's
``query_only``, PostgreSQL's ``default_transaction_read_only``). Each test fails on the service as it was:
a healthy game suspended by its start-up check, the raw SQL error or "Sorry — something went wrong" for a
read-only moment, the outbox sender ended by a failed release, a tick that reads every running game."""

from __future__ import annotations

import contextlib
import sqlite3

import pytest
from support.served import Clock, served, service

from bot.delivery import Outbox, Outcome
from bot.i18n import localize_error, t
from bot.outbox import Post
from bot.service import Caller, ServiceError
from bot.storage import base as storage_base

CH, CH2 = 100, 101
HOST, ALICE, BOB = 1, 2, 3
MOVE = "/move units:FR-1 path:Solre-sur-Sambre>Thuin"


def who(user, channel=CH, locale="en"):
    return Caller(user_id=user, channel_id=channel, guild_id=9, locale=locale)


@pytest.fixture
async def env(new_store):
    async with served(new_store) as got:
        yield got


async def started(svc, channel=CH, deadline_hours=None):
    kw = {} if deadline_hours is None else {"deadline_hours": deadline_hours}
    await svc.new_game(who(HOST, channel), "setup=historical", **kw)
    await svc.join(who(ALICE, channel))
    await svc.join(who(BOB, channel))
    await svc.start(who(HOST, channel))


def database_error(store):
    """What the backend's driver raises when the database fails under it (not a fault of the data)."""
    if store.__class__.__name__ == "PostgresStore":
        import asyncpg

        return asyncpg.exceptions.ConnectionDoesNotExistError("connection was closed mid-operation")
    return sqlite3.OperationalError("disk I/O error")


def failing(store, name, times=None):
    """``store.name`` raising the backend's database error (``times``: the first so many calls only)."""
    real = getattr(store, name)
    calls = {"n": 0}

    async def call(*args, **kw):
        calls["n"] += 1
        if times is None or calls["n"] <= times:
            raise database_error(store)
        return await real(*args, **kw)

    setattr(store, name, call)
    return calls


@contextlib.asynccontextmanager
async def read_only(store):
    """A real read-only moment: reads answer, every write is refused by the database itself."""
    if store.__class__.__name__ == "PostgresStore":
        import asyncpg

        base_url, db = store.url.rsplit("/", 1)
        admin = await asyncpg.connect(base_url + "/postgres")
        await admin.execute(f'ALTER DATABASE "{db}" SET default_transaction_read_only = on')
        await store.pool.expire_connections()
        try:
            yield
        finally:
            await admin.execute(f'ALTER DATABASE "{db}" RESET default_transaction_read_only')
            await store.pool.expire_connections()
            await admin.close()
    else:
        await store.db.execute("PRAGMA query_only = ON")
        try:
            yield
        finally:
            await store.db.execute("PRAGMA query_only = OFF")


def restarted(store, clock=None):
    svc = service(store, clock or Clock())
    svc.check_retries = (0.0, 0.0)
    return svc


# --- the start-up check --------------------------------------------------------------------------------


@pytest.mark.parametrize("call", ["game", "order_count", "snapshot", "history", "orders"])
async def test_a_database_error_during_the_start_up_check_never_suspends_a_healthy_game(env, call):
    svc, store, _ = env
    await started(svc)
    await svc.order(who(ALICE), MOVE)
    await svc.idle()  # the first process has stopped: only the check reads now
    again = restarted(store)
    calls = failing(store, call, times=1)  # a moment's failure: the check tries again and passes
    assert await again.recover() == []
    assert calls["n"] >= 2
    assert await store.game_ids("suspended") == [] and await store.game_ids("running") == [1]
    r = await again.order(who(ALICE), "/end")
    assert r.reply.text.startswith("Done")


async def test_a_database_down_throughout_the_check_leaves_the_game_to_be_checked_at_its_next_use(env):
    svc, store, _ = env
    await started(svc)
    await svc.order(who(ALICE), MOVE)
    again = restarted(store)
    failing(store, "order_count")
    assert await again.recover() == []  # nothing reported, nothing suspended
    assert await store.game_ids("suspended") == []
    with pytest.raises(ServiceError) as info:
        await again.order(who(ALICE, locale="ja"), "/end")
    assert info.value.key == "svc.storage_down"
    assert localize_error(info.value, "ja") == t("svc.storage_down", "ja")
    del store.order_count  # the database is back: the game is checked at its next use, and plays on
    r = await again.order(who(ALICE), "/end")
    assert r.reply.text.startswith("Done")
    assert again.problems == [] and (await store.game(1)).status == "running"


async def test_a_game_that_disagrees_with_its_replay_is_still_suspended(env):
    """The database failing is forgiven; a damaged game is not (its stored version contradicts its orders)."""
    svc, store, _ = env
    await started(svc)
    await svc.order(who(ALICE), MOVE)
    await store._exec("UPDATE games SET version=0 WHERE id=1")
    again = restarted(store)
    problems = await again.recover()
    assert problems and "version" in problems[0]
    assert await store.game_ids("suspended") == [1]


# --- a read-only moment while orders flow ---------------------------------------------------------------


@pytest.mark.parametrize("locale", ["en", "ja"])
async def test_a_read_only_database_answers_one_plain_line_in_the_players_language(env, locale):
    svc, store, _ = env
    await started(svc)
    async with read_only(store):
        with pytest.raises(ServiceError) as info:
            await svc.order(who(ALICE, locale=locale), MOVE)
    said = localize_error(info.value, locale)
    assert info.value.key == "svc.storage_down" and said == t("svc.storage_down", locale)
    for raw in ("read-only", "readonly", "SQL", "UPDATE", "INSERT", "transaction"):
        assert raw not in said
    assert (await store.game(1)).version == 0 and svc.live[1].game.state.orders == 0  # nothing changed
    await svc.order(who(ALICE, locale=locale), MOVE)  # the moment has passed: the same order is taken
    assert (await store.game(1)).version == 1
    assert await store.user_locale(ALICE) == locale


async def test_the_language_is_saved_after_the_order_and_its_failure_refuses_nothing(env):
    svc, store, _ = env
    await started(svc)
    failing(store, "set_user_locale")
    r = await svc.order(who(ALICE, locale="ja"), MOVE)
    assert (await store.game(1)).version == 1  # the order is stored and answered
    assert r.reply.text
    del store.set_user_locale
    await svc.order(who(ALICE, locale="ja"), "/end")  # tried again at the next command
    assert await store.user_locale(ALICE) == "ja"


async def test_a_read_only_moment_at_a_new_game_and_a_join_is_said_plainly(env):
    svc, store, _ = env
    await svc.new_game(who(HOST), "setup=historical")
    async with read_only(store):
        for call in (svc.join(who(ALICE, locale="ja")), svc.new_game(who(HOST, CH2), "setup=historical")):
            with pytest.raises(ServiceError) as info:
                await call
            assert info.value.key == "svc.storage_down"
    assert (await store.game(1)).seats == {} and await store.game_id_in_channel(CH2) is None


# --- the outbox sender ----------------------------------------------------------------------------------


async def test_a_failed_release_of_a_claim_never_stops_the_sender(env, monkeypatch):
    svc, store, _ = env
    for channel in (CH, CH2, 102, 103, 104, 105):  # more destinations than are delivered side by side
        await started(svc, channel)
    monkeypatch.setattr(storage_base, "RELEASE_RETRIES", (0.0, 0.0), raising=False)
    real = store._exec
    releases = {"n": 0}

    async def exec_(sql, params=()):
        if sql.startswith("DELETE FROM outbox_claims"):
            releases["n"] += 1
            raise database_error(store)
        return await real(sql, params)

    monkeypatch.setattr(store, "_exec", exec_)
    got = []

    async def deliver(item):
        got.append(item.id)
        return Outcome.done()

    box = Outbox(store, deliver)
    await box.drain()  # never raises: each failed release is tried again, then left to lapse
    assert releases["n"] >= 3 * 6
    assert await store.outbox_pending() == []
    assert got


# --- the deadline ticker --------------------------------------------------------------------------------


async def test_the_ticker_reads_only_the_games_whose_deadline_or_reminder_is_due(env):
    svc, store, clock = env
    await started(svc, CH, deadline_hours=10)  # game 1: its reminder and its deadline come first
    for channel in (CH2, 102, 103, 104):
        await started(svc, channel, deadline_hours=48)
    await svc.tick()  # every game changed since the last tick is looked at once
    again = service(store, clock)  # another process
    read = []
    real = store.game

    async def game(gid):
        read.append(gid)
        return await real(gid)

    store.game = game
    assert await again.tick() == [] and read == []  # nothing is due: no game is read
    first = (await real(1)).settings
    clock.t = first.due_at - first.reminder_hours * 3600 + 1
    sent = await again.tick()
    assert set(read) == {1}  # only game 1's reminder is due
    assert [m for m in sent if isinstance(m, Post) and m.channel_id == CH]
    read.clear()
    clock.t = first.due_at + 1
    await again.tick()  # game 1's deadline passes; the others still wait
    assert set(read) == {1}


async def test_new_reminder_times_are_seen_by_the_next_tick(env):
    svc, store, clock = env
    await started(svc, deadline_hours=24)
    await svc.tick()
    assert await store.games_due(clock()) == []  # its reminder is hours away
    await svc.prefer(who(ALICE), "reminders", "23h")  # the French player acts first: reminded at 1 h
    clock.t += 3600 + 1
    sent = await svc.tick()
    assert any(isinstance(m, Post) and f"<@{ALICE}>" in m.text for m in sent)


async def test_the_ticker_query_uses_its_index(env):
    _svc, store, _ = env
    sql = "SELECT id FROM games WHERE status='running' AND wake_at <= 5"  # as ``StoreBase.games_due``
    if store.__class__.__name__ == "PostgresStore":
        async with store.pool.acquire() as con:
            await con.execute("SET enable_seqscan = off")
            plan = "\n".join(r[0] for r in await con.fetch("EXPLAIN " + sql))
            await con.execute("RESET enable_seqscan")
    else:
        plan = "\n".join(str(tuple(r)) for r in await store._all("EXPLAIN QUERY PLAN " + sql))
    assert "games_wake" in plan


# --- where the players met it: a slash command through the real discord.py and the fake Discord ---------


async def test_a_read_only_moment_answers_a_slash_command_with_one_plain_line(harness):
    """274 replies carried the raw SQL error and 122 said "Sorry — something went wrong" in the soak."""
    h = harness
    await h.feed(h.slash("game new", {"setup": "historical", "players": 2}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {"role": "french"}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {"role": "allied"}, user="bob", channel="game-1"))
    await h.feed(h.slash("game start", user="alice", channel="game-1"))
    store = h.bot.service.store
    move = {"units": "FR-1", "path": "Solre-sur-Sambre>Thuin"}
    async with read_only(store):
        d = await h.feed(h.slash("move", move, user="alice", channel="game-1", locale="ja"))
    said = d.reply.content
    assert t("svc.storage_down", "ja") in said, said
    assert t("ui.sorry", "ja") not in said and "readonly" not in said and "read-only" not in said
    assert (await store.game(1)).version == 0
    d = await h.feed(h.slash("move", move, user="alice", channel="game-1", locale="ja"))
    assert (await store.game(1)).version == 1
