"""Storage on both backends: SQLite, the embedded default, and PostgreSQL for several bot
processes on one database. Two services on one database stand for two processes."""

from __future__ import annotations

import asyncio
import contextlib
import random

import pytest

from bot.delivery import Outbox, Outcome, destination
from bot.outbox import DM, Post
from bot.pictures import NoPictures
from bot.service import Caller, Service, ServiceError
from bot.storage import Commit, StaleWrite, open_store
from bot.storage.base import History, pack
from bot.storage.postgres import PostgresStore
from engine.napoleon.fuzzing import pick

CH, HOST, ALICE, BOB = 100, 1, 2, 3


def who(user: int) -> Caller:
    return Caller(user, CH, 9)


def test_the_database_setting_picks_the_backend(tmp_path):
    assert isinstance(open_store("postgresql://u@h/db"), PostgresStore)
    assert not isinstance(open_store(str(tmp_path / "x.db")), PostgresStore)


async def test_a_change_round_trips_every_field_on_either_backend(new_store):
    store = await new_store()
    gid = await store.create_game(9, CH, HOST, {"players": 2}, 2**61 + 5, {"deadline_hours": 24.0})
    row = await store.game(gid)
    assert row.seed == 2**61 + 5 and row.rev == 0  # 64-bit seeds and Discord ids
    new = row.copy()
    new.status = "running"
    new.seats = {"french": (2**60, False), "allied": (None, True)}
    new.spectators = [2**59]
    new.version = 1
    new.snapshot_seq = 1
    from bot.storage import NewOrder

    ids = await store.commit(
        Commit(
            row=new,
            rev=0,
            snapshot=pack("{}"),
            history=History(0, [{"seq": 1, "kind": "x", "data": {}}], 0, ["french: /end"]),
            orders=[NewOrder("french", 2**60, "/end", "i-1", "Done.")],
            outbox=[("post", 2**59, {"text": "hello"})],
            preferences=[(2**60, "battle", {"fire": True})],
            import_lines=["@place FR-1 Thuin"],
            seats_changed=True,
            spectators_changed=True,
        )
    )
    again = await store.game(gid)
    assert again.rev == 1 and again.status == "running" and again.snapshot is None
    assert again.module == "napoleon" and again.snapshot_seq == 1
    assert await store.snapshot(gid) == (1, "{}") and await store.snapshot(gid, 0) is None
    assert await store.history(gid, 1) == ([{"seq": 1, "kind": "x", "data": {}}], ["french: /end"])
    assert again.seats == new.seats and again.spectators == [2**59]
    assert [o.text for o in await store.orders(gid)] == ["/end"]
    assert (await store.find_interaction("i-1")).reply == "Done."
    assert await store.preferences(gid) == {2**60: {"battle": {"fire": True}}}
    assert await store.import_lines(gid) == ["@place FR-1 Thuin"]
    (item,) = await store.outbox_pending()
    assert item.id == ids[0] and item.body == {"text": "hello"} and item.target == 2**59
    with pytest.raises(StaleWrite):
        await store.commit(Commit(row=new, rev=0))


async def _started(host: Service, other: Service) -> None:
    """A one-day historical game started by ``host``, Alice French, Bob Allied (joining through ``other``)."""
    await host.new_game(who(HOST), "setup=historical days=1")
    await host.join(who(ALICE), "french")
    await other.join(who(BOB), "allied")
    await host.start(who(HOST))


async def test_two_processes_on_one_database_never_apply_an_order_twice_nor_lose_one(new_store):
    """Orders for one game arrive at two services at once. With PostgreSQL the game's advisory lock makes
    them take turns (no refusal at all); with SQLite, which is for one process, the compare-and-set still
    refuses the stale writer, loudly, and nothing is lost or doubled."""
    one = Service(await new_store("shared"), pictures=NoPictures())
    two = Service(await new_store("shared"), pictures=NoPictures())
    await _started(one, two)
    rng = random.Random(5)
    user = {"french": ALICE, "allied": BOB}
    done = refused = 0
    for n in range(40):
        live = await one.games.read(1)
        game = live.game
        if game.over:
            break
        role = rng.choice(game.active())
        order = pick(rng, game, role, {})
        calls = [svc.order(who(user[role]), order, f"i-{n}", role=role) for svc in (one, two)]
        calls.append(two.order(who(user[role]), order, f"j-{n}", role=role))  # another click at once
        for r in await asyncio.gather(*calls, return_exceptions=True):
            if isinstance(r, ServiceError):
                refused += 1
            elif r.reply.text.startswith("Done"):
                done += 1
    await one.idle()
    await two.idle()
    store = one.store
    orders = await store.orders(1)
    row = await store.game(1)
    assert [o.seq for o in orders] == list(range(1, len(orders) + 1)) and row.version == len(orders)
    ids = [o.interaction_id for o in orders if o.interaction_id]
    assert len(ids) == len(set(ids))  # a retried interaction is applied once, whichever process got it
    replay = await one.games.replay(row)
    assert replay.dumps() == (await one.games.stored(row)).dumps()
    assert done >= 40 and len(orders) >= 40
    if new_store.backend == "postgres":
        assert refused == 0


async def test_two_senders_on_one_database_deliver_each_item_once_in_order(new_store):
    store = await new_store("shared")
    other = await new_store("shared")
    svc = Service(store, pictures=NoPictures())
    await svc.new_game(who(HOST), "setup=historical")
    await svc.join(who(ALICE), "french")
    await svc.join(who(BOB), "allied")
    await svc.start(who(HOST))

    async def burst(ch):
        for i in range(30):
            ch.send(Post(CH + i % 3, f"post {i}"), DM(ALICE + i % 2, f"dm {i}", game_id=1))

    await svc.games.change(1, burst)
    got: list[tuple[str, int, int]] = []

    def deliver_as(name):
        async def deliver(item):
            got.append((name, item.id, item.target))
            await asyncio.sleep(0.001)
            return Outcome.done()

        return deliver

    a, b = Outbox(store, deliver_as("a")), Outbox(other, deliver_as("b"))
    await asyncio.gather(a.drain(), b.drain(), a.drain(), b.drain())
    ids = [i for _n, i, _t in got]
    assert len(ids) == len(set(ids)), "an item was delivered twice"
    assert await store.outbox_pending() == []
    by_dest: dict[tuple[str, int], list[int]] = {}
    for _n, i, _t in got:
        row = next(r for r, _d, _e in await store.outbox_all() if r.id == i)
        by_dest.setdefault(destination(row), []).append(i)
    assert all(q == sorted(q) for q in by_dest.values()), "a destination's items went out of order"


async def test_migrations_run_once_when_two_processes_start_at_once(new_store):
    stores = await asyncio.gather(new_store("same"), new_store("same"), new_store("same"))
    gid = await stores[0].create_game(9, CH, HOST, {}, 1, {})
    assert (await stores[2].game(gid)).id == gid


def test_each_process_serves_its_own_shards(tmp_path, monkeypatch):
    from bot.config import Settings
    from bot.discord_app.client import EstafetteShardedBot, make_bot

    db = str(tmp_path / "s.db")
    assert make_bot(Settings(), db).shard_count is None  # one process, every guild
    one = make_bot(Settings(shard_count=4, shard_ids="2"), db)
    assert one.shard_id == 2 and one.shard_count == 4
    two = make_bot(Settings(shard_count=4, shard_ids="0, 1"), db)
    assert isinstance(two, EstafetteShardedBot) and two.shard_ids == [0, 1] and two.shard_count == 4
    with pytest.raises(SystemExit):
        make_bot(Settings(shard_count=2, shard_ids="3"), db)


def test_game_settings_read_and_write_the_json_older_code_stored():
    """The settings are a typed model stored as the same JSON object: a field at its
    default left out, a key the model does not know kept, a value of the wrong type refused as a bad row."""
    from bot.storage import GameSettings

    old = '{"deadline_hours": 24.0, "reminder_hours": 4.0, "deadline_action": "pass", "language": "ja",'
    old += ' "drafts": {"allied@Ligny": {"PR-1": "left"}}, "due_at": null, "someday": [1]}'
    s = GameSettings.loads(old)
    assert s.language == "ja" and s.drafts["allied@Ligny"] == {"PR-1": "left"} and s.due_at is None
    assert s.dice_salt is None and s.reminders_sent == [] and s.handed == {}  # missing: what old code read
    assert s.to_dict() == {
        "deadline_hours": 24.0,
        "reminder_hours": 4.0,
        "language": "ja",
        "drafts": {"allied@Ligny": {"PR-1": "left"}},
        "someday": [1],
    }
    assert GameSettings.loads(s.dumps()) == s
    assert GameSettings.loads("{}").deadline_hours == 0  # a row without deadlines has none
    for bad in ("[]", '{"due_at": "soon"}'):
        with pytest.raises(ValueError):
            GameSettings.loads(bad)
    with pytest.raises(ValueError):
        s.deadline_hours = "long"  # assignments are checked too


async def test_the_seats_languages_are_read_in_one_query_on_either_backend(new_store):
    """A change reads its seats' languages at once (``user_locales``): those seen, and no one else."""
    store = await new_store()
    await store.set_user_locale(11, "ja")
    await store.set_user_locale(12, "en")
    await store.set_dms_closed(13, 5.0)  # a player known for something else, whose language was never seen
    assert await store.user_locales([11, 12, 13, 14]) == {11: "ja", 12: "en"}
    assert await store.user_locales([12]) == {12: "en"}
    assert await store.user_locales([]) == {}
    await store.set_user_locale(11, "en")  # a language seen again
    assert await store.user_locales([11]) == {11: "en"}


async def test_a_process_starting_while_another_plays_a_game_does_not_suspend_it(new_store):
    """The start-up check of a process that starts while another plays the game reads it under the game's
    locks (PostgreSQL's advisory lock): an order the other commits meanwhile waits for the check, rather than
    landing between the check's reading of the row and of the orders (which looked like a damaged game and
    suspended it: seen in tests/bot/test_crash.py's two processes on a busy machine)."""
    if new_store.backend != "postgres":
        pytest.skip("one process per SQLite database: nobody commits around a check")
    one = Service(await new_store("shared"), pictures=NoPictures())
    await _started(one, one)
    rng = random.Random(3)
    for n in range(6):
        game = (await one.games.read(1)).game
        role = rng.choice(game.active())
        await one.order(
            who({"french": ALICE, "allied": BOB}[role]), pick(rng, game, role, {}), f"a-{n}", role=role
        )
    two = Service(await new_store("shared"), pictures=NoPictures())  # a second process starting
    real = two.store.order_count
    played: list[asyncio.Task] = []

    async def count_then_let_the_other_play(gid: int):
        got = await real(gid)
        game = (await one.games.read(gid)).game
        role = game.active()[0]
        order = pick(random.Random(9), game, role, {})
        user = {"french": ALICE, "allied": BOB}[role]
        played.append(asyncio.ensure_future(one.order(who(user), order, "b-1", role=role)))
        await asyncio.sleep(0.5)  # the other process's order, if nothing holds it, is committed now
        return got

    two.store.order_count = count_then_let_the_other_play
    problems = await two.recover()
    assert problems == [] and (await two.store.game(1)).status == "running"
    assert played and (await played[0]).reply.text.startswith("Done")  # it went, after the check
    assert (await two.store.game(1)).version == 7
    await one.idle()
    await two.idle()


async def test_a_change_cancelled_as_its_transaction_begins_leaves_none_open(tmp_path):
    """A task cancelled while SQLite begins its transaction (a shutdown, a timeout): the BEGIN runs on in
    the connection's thread, and the next change must still begin its own ("cannot start a transaction
    within a transaction" was the next writer's error)."""
    from bot.storage.sqlite import Store as SqliteStore

    store = SqliteStore(tmp_path / "c.db")
    await store.open()
    try:
        for _ in range(5):
            task = asyncio.create_task(store.prune_outbox(0.0))
            await asyncio.sleep(0)  # it holds the lock and waits for its BEGIN
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            assert await store.prune_outbox(0.0) == 0  # the next change begins, and commits
            assert not store._db.in_transaction
    finally:
        await store.close()
