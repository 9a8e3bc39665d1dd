"""Through the service: a campaign never wedges.

Every command that changes a game goes through one path (the game's lock, its row read inside it, a
compare-and-set on its revision); readers never write; what a change sends is stored with it; a restart
never changes what happens next; a damaged row suspends only its own game. Each test here reproduces one
finding of the outside reviews and fails on the service as it was before the change.
"""

from __future__ import annotations

import asyncio
import json
import random

import pytest
from support.served import served

from bot.outbox import DM, Post, message_from
from bot.pictures import NoPictures
from bot.service import Caller, Service, ServiceError
from bot.service.core import Games
from bot.storage import Commit, StaleWrite, Store, StoreError
from engine.napoleon import Game
from engine.napoleon.fuzzing import pick

CH, CH2, SPECT = 100, 101, 200
HOST, ALICE, BOB, CAROL = 1, 2, 3, 4


def who(user, channel=CH, manager=False, locale="en"):
    return Caller(user_id=user, channel_id=channel, guild_id=9, manager=manager, locale=locale)


@pytest.fixture
async def env(new_store):
    async with served(new_store) as got:
        yield got


async def stored(store: Store) -> list:
    return [message_from(r.kind, r.target, r.body, r.game_id) for r, _d, _e in await store.outbox_all()]


async def lobby(svc, options="setup=historical", players=(ALICE, BOB), channel=CH):
    await svc.new_game(who(HOST, channel), options)
    for p in players:
        await svc.join(who(p, channel))


async def started(svc, options="setup=historical", players=(ALICE, BOB), channel=CH):
    await lobby(svc, options, players, channel)
    return await svc.start(who(HOST, channel))


async def outcomes(*calls):
    """Run calls at the same instant; each gives its Result or the ServiceError it raised."""
    return await asyncio.gather(*calls, return_exceptions=True)


def refused(x) -> bool:
    return isinstance(x, ServiceError)


async def stored_game(store: Store, game_id: int = 1) -> Game:
    """The game as stored: its latest snapshot, the orders since, and its event and script logs as stored."""
    game = await Games(store).stored(await store.game(game_id))
    assert game is not None
    return game


async def assert_consistent(store: Store, game_id: int = 1) -> None:
    """The stored game is whole: orders numbered 1..n, the version n, the snapshot and the stored history
    those of a replay."""
    row = await store.game(game_id)
    orders = await store.orders(game_id)
    assert [o.seq for o in orders] == list(range(1, len(orders) + 1))
    assert row.version == len(orders)
    if row.status in ("running", "over"):
        svc = Service(store, pictures=NoPictures())
        replay = await svc.games.replay(row)
        assert replay.dumps() == (await stored_game(store, game_id)).dumps()


# --- restarts never change what happens next ------------------------------------------------------------


async def test_a_restart_at_any_moment_plays_on_exactly_like_no_restart(new_store):
    """Two services play the same orders (battles included); one is restarted every few orders on its
    database. Their snapshots stay identical, and no start-up check suspends the game (28 of 150 start-ups
    did in the kill test, because the snapshot was dumped with sorted keys)."""
    stores = [await new_store("a"), await new_store("b")]
    svcs = [Service(s, pictures=NoPictures(), seed_source=lambda: 7) for s in stores]
    for svc in svcs:
        await started(svc, "setup=historical days=1")
    rng = random.Random(3)
    budget: dict[str, int] = {}
    user = {"french": ALICE, "allied": BOB}
    for n in range(1, 400):
        game = svcs[0].live[1].game
        if game.over:
            break
        role = rng.choice(game.active())
        order = pick(rng, game, role, budget)
        for svc in svcs:
            r = await svc.order(who(user[role]), order, role=role)
            assert r.reply.text.startswith("Done"), r.reply.text
        if n % 7 == 0:
            await svcs[1].idle()
            svcs[1] = Service(stores[1], pictures=NoPictures())
            assert await svcs[1].recover() == []
        a, b = [(await stored_game(s)).dumps() for s in stores]
        assert a == b, f"the restarted game differs after order {n}: {role}: {order}"
    assert svcs[0].live[1].game.over, "the test should play a whole (short) game"
    for svc in svcs:
        await svc.idle()


async def test_a_snapshot_saved_with_sorted_keys_is_rewritten_from_the_replay_not_suspended(env):
    """Games stored before schema 3 have sorted-key snapshots: the replay is what the players saw. (Such a
    game is whole in its row, as before schema 6: no snapshots, no history.)"""
    svc, store, _ = env
    await started(svc)
    await svc.order(who(ALICE), "/move units:FR-1 path:Solre-sur-Sambre>Thuin")
    whole = svc.live[1].game.dumps()
    legacy = json.dumps(json.loads(whole), sort_keys=True, separators=(",", ":"))
    assert legacy != whole
    await store._exec("DELETE FROM snapshots")
    await store._exec("DELETE FROM events")
    await store._exec("UPDATE games SET snapshot=?, snapshot_seq=NULL WHERE id=1", (legacy,))
    again = Service(store, pictures=NoPictures())
    assert await again.recover() == []
    row = await store.game(1)
    assert row.snapshot is None and row.snapshot_seq == 1  # moved to the tables of schema 6
    assert (await stored_game(store)).dumps() == whole


# --- lobby races -------------------------------------------------------------------------------------------


async def test_a_double_game_start_starts_once(env):
    svc, store, _ = env
    await lobby(svc)
    a, b = await outcomes(svc.start(who(HOST)), svc.start(who(HOST)))
    assert sum(refused(x) for x in (a, b)) == 1
    await svc.order(who(ALICE), "/move units:FR-1 path:Solre-sur-Sambre>Thuin")
    r = await svc.order(who(ALICE), "/end")
    assert r.reply.text.startswith("Done"), r.reply.text
    starts = [m for m in await stored(store) if isinstance(m, Post) and "your move" in m.text]
    assert len([m for m in starts if m.pictures and m.pictures[0].seq == 0]) == 1  # posted once
    await assert_consistent(store)


async def test_two_joins_for_one_seat_seat_one_player(env):
    svc, store, _ = env
    await svc.new_game(who(HOST))
    a, b = await outcomes(svc.join(who(ALICE), "french"), svc.join(who(BOB), "french"))
    assert sum(refused(x) for x in (a, b)) == 1
    row = await store.game(1)
    winner = ALICE if not refused(a) else BOB
    assert row.seats == {"french": (winner, False)}


async def test_leave_racing_start_never_starts_a_game_with_an_empty_seat(env):
    svc, store, _ = env
    await lobby(svc)
    await outcomes(svc.leave(who(BOB)), svc.start(who(HOST)))
    row = await store.game(1)
    if row.status == "running":
        assert set(row.seats) == {"french", "allied"}
    else:
        assert row.status == "lobby" and "allied" not in row.seats


async def test_options_racing_start_leave_the_row_and_the_engine_agreeing(env):
    svc, store, _ = env
    await lobby(svc)
    await outcomes(svc.set_options(who(HOST), "ruleset=3rd"), svc.start(who(HOST)))
    row = await store.game(1)
    assert row.status == "running"
    assert (await stored_game(store)).options.to_dict() == row.options


async def test_two_new_games_in_one_channel_make_one(env):
    svc, store, _ = env
    a, b = await outcomes(svc.new_game(who(HOST)), svc.new_game(who(ALICE)))
    assert sum(refused(x) for x in (a, b)) == 1
    assert await store.game_ids("lobby") == [1]


async def test_the_database_refuses_a_second_open_game_in_a_channel(env):  # both backends
    """Even around the service (another process): the unique index holds."""
    _svc, store, _ = env
    await store.create_game(9, CH, HOST, {}, 1, {})
    with pytest.raises(StoreError):
        await store.create_game(9, CH, HOST, {}, 1, {})


# --- stale reads never write back ---------------------------------------------------------------------------


async def test_readers_while_a_bot_seat_moves_never_put_back_an_old_version(env):
    """A /game status or an autocomplete while a bot seat stores its orders used to put back an old row;
    the next order then collided on (game_id, seq) and the game was stuck after a restart."""
    svc, store, _ = env
    await svc.new_game(who(HOST), "setup=historical days=1")
    await svc.join(who(ALICE), "french")
    await svc.join(who(HOST), "allied", bot=True)
    await svc.start(who(HOST))
    await svc.order(who(ALICE), "/end")  # the bot's campaign turn begins, in the background

    async def readers():
        for _ in range(30):
            await svc.status(who(ALICE))
            await svc.suggestions(who(ALICE), "move", "units", "")
            await asyncio.sleep(0)

    await asyncio.gather(readers(), svc.idle())
    r = await svc.order(who(ALICE), "/end")
    assert r.reply.text.startswith("Done"), r.reply.text
    await svc.idle()
    await assert_consistent(store)
    again = Service(store, pictures=NoPictures())
    assert await again.recover() == []


async def test_a_stale_writer_fails_loudly_and_changes_nothing(env):
    svc, store, _ = env
    await started(svc)
    row = await store.game(1)
    await svc.order(who(ALICE), "/move units:FR-1 path:Solre-sur-Sambre>Thuin")
    stale = row.copy()
    stale.settings.thread_id = 99
    with pytest.raises(StaleWrite):
        await store.commit(Commit(row=stale, rev=row.rev))
    assert (await store.game(1)).settings.thread_id is None


# --- the outbox is durable, and pictures show their own moment ----------------------------------------------


async def test_what_a_change_sends_is_stored_with_it_and_sent_after_a_restart(env):
    svc, store, _ = env
    await started(svc)
    r = await svc.order(who(ALICE), "/move units:FR-1 path:Solre-sur-Sambre>Thuin")
    pending = await store.outbox_pending()
    assert pending and {p.kind for p in pending} >= {"post", "dm"}
    assert len(pending) >= len(r.outbox)
    # a new process delivers what the old one never sent
    from bot.delivery import Outbox, Outcome

    got = []

    async def deliver(item):
        got.append(item.id)
        return Outcome.done()

    again = Service(store, pictures=NoPictures())
    await again.recover()
    box = Outbox(store, deliver)
    await box.drain()
    latest_status = max(p.id for p in pending if p.kind == "status")  # earlier statuses are superseded
    assert sorted(got) == sorted(p.id for p in pending if p.kind != "status" or p.id == latest_status)
    assert await store.outbox_pending() == []


class MomentPictures(NoPictures):
    """Remembers the campaign turn each map was drawn at."""

    def __init__(self) -> None:
        self.turns: list[tuple[str, int]] = []

    def run(self, job):
        if job.kind == "map":
            self.turns.append((job.subject.view.role, job.subject.view.turn))
        return super().run(job)


async def test_pictures_show_the_state_of_their_message_not_a_later_one(new_store):
    """A post "Turn 2 ... your move (allied)" carried the map of turn 3 after the bot seat had moved."""
    store = await new_store()
    pictures = MomentPictures()
    svc = Service(store, pictures=pictures, seed_source=lambda: 42)
    await svc.new_game(who(HOST), "setup=historical days=1")
    await svc.join(who(ALICE), "french")
    await svc.join(who(HOST), "allied", bot=True)
    await svc.start(who(HOST))
    r = await svc.order(who(ALICE), "/end")  # French turn 1 ends: the post is of turn 2
    await svc.idle()  # the bot plays the Allied turn 2: now it is turn 3
    assert svc.live[1].game.state.turn == 3
    post = next(m for m in r.outbox if isinstance(m, Post))
    await svc.draw(post.pictures[0])
    assert pictures.turns[-1] == ("public", 2)
    # and the same after a restart, when the moment is rebuilt from the stored orders
    again = Service(store, pictures=pictures)
    await again.recover()
    await again.draw(post.pictures[0])
    assert pictures.turns[-1] == ("public", 2)
    await again.idle()


# --- import and export that cannot cheat ------------------------------------------------------------------


async def test_an_aborted_games_script_goes_to_every_seated_player_at_once(env):
    svc, store, _ = env
    await started(svc)
    await svc.order(who(ALICE), "/move units:FR-1 path:Solre-sur-Sambre>Thuin")
    await svc.abort(who(HOST))
    sent = await stored(store)
    scripts = [m for m in sent if isinstance(m, DM) and m.file]
    assert {m.user_id for m in scripts} == {ALICE, BOB}
    assert any(isinstance(m, Post) and "every seated player" in m.text for m in sent)
    with pytest.raises(ServiceError):
        await svc.export(who(ALICE))  # not the host: no script for one player alone
    r = await svc.export(who(HOST))  # the host may send it again, to everyone at once
    assert r.reply.file is None
    assert len([m for m in await stored(store) if isinstance(m, DM) and m.file]) == 4


async def test_a_finished_games_script_is_public(env):
    svc, _store, _ = env
    await started(svc, "setup=historical days=1")
    svc.live[1].game.set_turn(6)
    await svc.order(who(BOB), "/end")
    r = await svc.export(who(CAROL))  # anyone, not only a player
    assert r.reply.file and b"\n@options" in r.reply.file[1]


SCRIPT = """@options setup=historical players=3
@seed 5
@place PR-1 Thuin
@dice 6 6 6
@dice 1 2
"""


async def test_an_import_says_what_it_fixes_drops_queued_dice_and_resets_seats(env):
    svc, store, _ = env
    await lobby(svc)  # a 2-player lobby: the allied seat is taken
    r = await svc.import_script(who(HOST), SCRIPT)
    assert "Imported" in r.reply.text
    note = next(m for m in await stored(store) if isinstance(m, Post) and "imported a script" in m.text)
    assert "1 block placed by hand" in note.text and "5 forced die rolls left over, dropped" in note.text
    row = await store.game(1)
    assert row.seats == {"french": (ALICE, False)}  # the 2-player allied seat is gone: 3 players now
    await svc.join(who(BOB), "british")
    await svc.join(who(CAROL), "prussian")
    await svc.start(who(HOST))
    assert svc.live[1].game.state.dice.forced == []


async def test_an_import_may_keep_its_forced_dice_only_openly(env):
    svc, store, _ = env
    await lobby(svc, "setup=historical players=3", (ALICE, BOB, CAROL))
    await svc.import_script(who(HOST), SCRIPT, keep_dice=True)
    note = next(m for m in await stored(store) if isinstance(m, Post) and "imported a script" in m.text)
    assert "the next dice: 6 6 6 1 2" in note.text
    await svc.start(who(HOST))
    assert svc.live[1].game.state.dice.forced == [6, 6, 6, 1, 2]


async def test_imports_are_bounded_and_only_for_the_host(env):
    svc, _store, _ = env
    await lobby(svc)
    with pytest.raises(ServiceError) as info:
        await svc.check_import(who(ALICE), 10)
    assert "host" in str(info.value)
    with pytest.raises(ServiceError) as info:
        await svc.check_import(who(HOST), 10**7)
    assert "bytes" in str(info.value)
    with pytest.raises(ServiceError) as info:
        await svc.import_script(who(HOST), "# x\n" * 30_000)
    assert "lines" in str(info.value)


# --- bad rows and values ----------------------------------------------------------------------------------


async def test_an_unreadable_row_suspends_its_own_game_and_the_others_start(env):
    svc, store, _ = env
    await started(svc, channel=CH)
    await started(svc, channel=CH2)
    await store._exec("UPDATE games SET settings='{not json' WHERE id=1")
    again = Service(store, pictures=NoPictures())
    problems = await again.recover()
    assert len(problems) == 1 and problems[0].startswith("game 1:")
    assert await store.game_ids("suspended") == [1] and await store.game_ids("running") == [2]
    r = await again.order(who(ALICE, CH2), "/move units:FR-1 path:Solre-sur-Sambre>Thuin")
    assert r.reply.text.startswith("Done")


async def test_a_version_that_disagrees_with_the_orders_is_caught_at_start_up(env):
    svc, store, _ = env
    await started(svc)
    await svc.order(who(ALICE), "/move units:FR-1 path:Solre-sur-Sambre>Thuin")
    await store._exec("UPDATE games SET version=0 WHERE id=1")
    problems = await Service(store, pictures=NoPictures()).recover()
    assert problems and "version" in problems[0]


@pytest.mark.parametrize("hours", [float("inf"), float("nan"), -1.0, 10_000.0])
async def test_bad_deadlines_are_refused_before_anything_is_stored(env, hours):
    svc, store, _ = env
    with pytest.raises(ServiceError) as info:
        await svc.new_game(who(HOST), deadline_hours=hours)
    assert "hours" in str(info.value)
    assert await store.game_ids("lobby") == []


async def test_a_full_disk_is_said_plainly_and_changes_nothing(env, monkeypatch):
    svc, store, _ = env
    await started(svc)

    async def full(_commit):
        raise StoreError("database or disk is full")

    monkeypatch.setattr(store, "commit", full)
    with pytest.raises(ServiceError) as info:
        await svc.order(who(ALICE), "/move units:FR-1 path:Solre-sur-Sambre>Thuin")
    assert "could not save" in str(info.value) and "nothing was changed" in str(info.value)
    monkeypatch.undo()
    assert (await store.game(1)).version == 0 and svc.live[1].game.state.orders == 0


async def test_the_game_channel_cannot_spectate_itself(env):
    svc, store, _ = env
    await started(svc)
    with pytest.raises(ServiceError):
        await svc.spectate(who(HOST), CH)
    assert (await store.game(1)).spectators == []


# --- every command that changes something, by two users at the same instant --------------------------------


async def test_every_changing_command_twice_at_the_same_instant_leaves_a_whole_game(env):
    svc, store, clock = env
    await svc.new_game(who(HOST), "setup=historical", deadline_hours=10)
    await outcomes(svc.join(who(ALICE), "french"), svc.join(who(BOB), "allied"))
    await outcomes(svc.set_options(who(HOST), "days=1"), svc.set_options(who(HOST, manager=True), "days=1"))
    await outcomes(svc.spectate(who(HOST), SPECT), svc.spectate(who(HOST), SPECT))
    await outcomes(svc.start(who(HOST)), svc.start(who(HOST)))
    await outcomes(
        svc.order(who(ALICE), "/move units:FR-1 path:Solre-sur-Sambre>Thuin", "i-1"),
        svc.order(who(ALICE), "/move units:FR-1 path:Solre-sur-Sambre>Thuin", "i-1"),
    )
    await outcomes(svc.prefer(who(BOB), "hits", "BR-1"), svc.prefer(who(BOB), "supply", "PR-1"))
    await outcomes(svc.order(who(ALICE), "/end", "i-2"), svc.order(who(BOB), "/end", "i-3"))
    clock.t += 11 * 3600
    await outcomes(svc.tick(), svc.tick())
    await svc.idle()
    await assert_consistent(store)
    rows = await store.orders(1)
    assert sum(1 for o in rows if o.interaction_id == "i-1") == 1
    assert (await store.game(1)).spectators == [SPECT]
    await outcomes(svc.abort(who(HOST)), svc.abort(who(HOST)))
    assert len([m for m in await stored(store) if isinstance(m, DM) and m.file]) == 2  # once each


async def test_undo_is_an_order_stored_replayed_and_checked_like_any_other(env):
    """/undo through the service: it is stored as itself; the state after it is the state
    before the undone order; a restart's check against the replay finds nothing wrong."""
    svc, store, _ = env
    await started(svc)
    before = svc.live[1].game.dumps()
    await svc.order(who(ALICE), "/move units:FR-1 path:Solre-sur-Sambre>Thuin")
    r = await svc.order(who(ALICE), "/undo")
    assert r.reply.text.startswith("Done") and "Taken back: /move units:FR-1" in r.reply.text
    texts = [o.text for o in await store.orders(1)]
    assert texts == ["/move units:FR-1 path:Solre-sur-Sambre>Thuin", "/undo"]
    assert svc.live[1].game.dumps() == before
    public = next(m for m in r.outbox if isinstance(m, Post) and m.channel_id == CH)
    assert "took back an order" in public.text and "FR-1" not in public.text  # what was undone stays private
    assert await Service(store, pictures=NoPictures()).recover() == []
    await assert_consistent(store)
