"""Storage that stays bounded (schema 7, docs/service.md "What is kept"), on both backends: delivered outbox
items deleted after the grace and never before, their ids (the Discord nonces) never given again, snapshots
thinned to the first of each epoch and the latest two, finished games' working rows folded away while the
game still exports, verifies, loads and rebuilds its moments, a game restored from the kept snapshots after
a kill -9 that plays on exactly like one that never stopped, and housekeeping at the same instant as a
change."""

from __future__ import annotations

import asyncio
import json
import random
import time

from bot.delivery import KEEP, Outcome
from bot.pictures import NoPictures
from bot.service import Caller, Service
from bot.service.core import epoch_key
from bot.verify import verify
from engine.napoleon import Game
from engine.napoleon.fuzzing import pick
from engine.napoleon.module import MODULE as NAPOLEON
from engine.script import run_lines

HOST, ALICE, BOB = 1, 2, 3


def who(user: int, channel: int) -> Caller:
    return Caller(user, channel, 9, manager=user == HOST)


async def delivered(_item) -> Outcome:
    return Outcome.done()


async def started(svc: Service, channel: int, seed: int = 5) -> int:
    svc.seed_source = lambda: seed
    await svc.new_game(who(HOST, channel), "setup=historical days=0")
    await svc.join(who(ALICE, channel), "french")
    await svc.join(who(BOB, channel), "allied")
    await svc.start(who(HOST, channel))
    gid = await svc.store.game_id_in_channel(channel)
    assert gid is not None
    return gid


async def play(svc: Service, channel: int, rng: random.Random, upto: int | None = None, box=None) -> int:
    """Random legal orders through the service until the game ends (or ``upto`` orders); how many."""
    user = {"french": ALICE, "allied": BOB}
    budget: dict[str, int] = {}
    n = 0
    while upto is None or n < upto:
        live = await svc.current(channel, finished=True)
        if live.game.over:
            break
        role = rng.choice(live.game.active())
        order = pick(rng, live.game, role, budget)
        r = await svc.order(who(user[role], channel), order, f"i-{channel}-{n}-{rng.random()}", role=role)
        assert r.reply.text.startswith("Done"), r.reply.text
        n += 1
        if box is not None:
            await box.settle()
    await svc.idle()
    return n


async def seqs(store, table: str, gid: int) -> list[int]:
    rows = await store._all(f"SELECT seq FROM {table} WHERE game_id=? ORDER BY seq", (gid,))
    return [int(r["seq"]) for r in rows]


async def test_delivered_items_go_after_the_grace_and_not_before(new_store):
    store = await new_store()
    svc = Service(store, pictures=NoPictures())
    box = svc.outbox(delivered)
    gid = await started(svc, 100)
    await play(svc, 100, random.Random(1), upto=6, box=box)
    done = [(row, at) for row, at, _e in await store.outbox_all()]
    assert done and all(at is not None for _r, at in done)
    # an item refused stays pending whatever its age: it is never pruned (it is sent again, nonce and all)
    svc2 = Service(store, pictures=NoPictures())
    await svc2.spectate(who(HOST, 100), 555)
    waiting = await store.outbox_pending()
    assert waiting
    last = max(at for _r, at in done)
    inside = await svc.games.housekeeping(last + KEEP - 5, KEEP)
    assert inside["outbox"] == 0 and len(await store.outbox_all()) == len(done) + len(waiting)
    after = await svc.games.housekeeping(last + KEEP + 5, KEEP)
    assert after["outbox"] == len(done)
    assert [r.id for r, _d, _e in await store.outbox_all()] == [r.id for r in waiting]
    assert (await store.game(gid)).status == "running"


async def test_a_pruned_item_s_id_and_nonce_are_never_given_again(new_store):
    """A new item reusing a pruned item's id would carry its nonce ``e{id}.0``, and Discord drops a post
    whose nonce it saw in the last minutes as a resend: the message would be lost. The highest id is pruned
    too (a plain rowid would give it again)."""
    store = await new_store()
    svc = Service(store, pictures=NoPictures())
    box = svc.outbox(delivered)
    await started(svc, 101)
    await play(svc, 101, random.Random(2), upto=3, box=box)
    ids = [r.id for r, _d, _e in await store.outbox_all()]
    assert await store.outbox_pending() == []
    assert await store.prune_outbox(time.time() + 1) == len(ids)
    assert await store.outbox_all() == []
    await play(svc, 101, random.Random(3), upto=1)
    fresh = [r.id for r, _d, _e in await store.outbox_all()]
    assert fresh and min(fresh) > max(ids)


async def test_a_resend_inside_the_grace_is_still_one_post(harness):
    """The process dies between Discord's answer and the done mark: the item is pending, so no
    housekeeping prunes it, and its resend carries the same nonce (one message). Items pruned afterwards
    leave their ids unused: the next post is posted, not taken for a resend."""
    import time as _time

    from test_discord_wedge import chan, new_game, settle

    h = harness
    await new_game(h)
    await settle(h)
    store = h.bot.store
    real, crashed = store.outbox_done, []

    async def crash(item_id, error=None):  # the process dies each time before the done mark
        crashed.append(item_id)
        raise RuntimeError("killed")

    store.outbox_done = crash
    n = len(h.fake.messages_in(chan(h, "game-1")))
    await h.feed(
        h.slash("move", {"units": "FR-1", "path": "Solre-sur-Sambre>Thuin"}, user="alice", channel="game-1")
    )
    await settle(h)
    store.outbox_done = real
    assert crashed[0] in [r.id for r in await store.outbox_pending()]
    kept = await h.bot.service.games.housekeeping(_time.time() + KEEP + 60, KEEP)
    assert crashed[0] in [r.id for r in await store.outbox_pending()] and kept["outbox"] > 0
    await h.restart()
    h.bot.outbox.clock = lambda: _time.time() + 3600
    await settle(h)
    posts = h.fake.messages_in(chan(h, "game-1"))[n:]
    nonces = [p.get("nonce") for p in posts]
    assert len(nonces) == len(set(nonces)) and f"e{crashed[0]}.0" in nonces
    assert len(h.fake.posts_with_nonce(f"e{crashed[0]}.0")) >= 2  # sent again, posted once
    assert len(h.fake.messages_with_nonce(f"e{crashed[0]}.0")) == 1
    await h.bot.service.games.housekeeping(_time.time() + KEEP + 60, KEEP)
    assert await h.bot.store.outbox_all() == []
    before = len(h.fake.messages_in(chan(h, "game-1")))
    await h.feed(h.slash("end", {}, user="alice", channel="game-1"))
    await settle(h)
    assert len(h.fake.messages_in(chan(h, "game-1"))) > before  # a new nonce: posted


async def test_snapshots_keep_each_epoch_s_first_and_the_latest_two(new_store):
    store = await new_store()
    svc = Service(store, pictures=NoPictures())
    svc.games.snapshot_every = 4
    gid = await started(svc, 102)
    written: dict[int, str] = {}
    rng = random.Random(4)
    for _ in range(90):
        await play(svc, 102, rng, upto=1)
        live = await svc.current(102, finished=True)
        if live.row.snapshot_seq is not None:
            written[live.row.snapshot_seq] = epoch_key(
                NAPOLEON, await svc.games.game_at(gid, live.row.snapshot_seq)
            )
        if live.game.over:
            break
    order = sorted(written)
    first = {}
    for seq in order:
        first.setdefault(written[seq], seq)
    want = sorted(set(first.values()) | set(order[-2:]))
    assert len(set(written.values())) > 1 and len(order) > len(want)  # turns passed, something was thinned
    assert await seqs(store, "snapshots", gid) == want


async def test_a_game_restored_after_kill_9_from_the_kept_snapshots_plays_on_identically(new_store):
    store = await new_store("club")
    svc = Service(store, pictures=NoPictures())
    svc.games.snapshot_every = 5
    gid = await started(svc, 103)
    rng = random.Random(6)
    await play(svc, 103, rng, upto=120)
    await svc.games.housekeeping(time.time() + KEEP + 5, KEEP)
    twin = (await svc.current(103)).game
    twin = Game.loads(twin.dumps())
    assert len(await seqs(store, "snapshots", gid)) < 120 // 5
    # kill -9: the first process is dropped as it is; another opens the same database
    other = await new_store("club")
    again = Service(other, pictures=NoPictures())
    assert await again.recover() == []
    restored = (await again.current(103)).game
    assert restored.dumps() == twin.dumps()
    user = {"french": ALICE, "allied": BOB}
    budget: dict[str, int] = {}
    for n in range(60):
        if twin.over:
            break
        role = rng.choice(twin.active())
        order = pick(rng, twin, role, budget)
        twin.apply(role, order)
        r = await again.order(who(user[role], 103), order, f"j-{n}", role=role)
        assert r.reply.text.startswith("Done"), r.reply.text
        assert (await again.current(103, finished=True)).game.dumps() == twin.dumps()
    # and a moment of an older turn is rebuilt from its turn's kept snapshot, as a replay makes it
    moment = await Service(other, pictures=NoPictures()).games.game_at(gid, 17)
    row = await other.game(gid)
    assert moment.dumps() == (await again.games.replay(row, upto=17)).dumps()


async def test_a_finished_game_folded_still_exports_verifies_loads_and_shows_its_log(new_store):
    store = await new_store("fin")
    svc = Service(store, pictures=NoPictures())
    svc.games.snapshot_every = 8
    box = svc.outbox(delivered)
    gid = await started(svc, 104)
    await play(svc, 104, random.Random(7), box=box)
    await box.settle()
    row = await store.game(gid)
    assert row.status == "over"
    exported = (await svc.export(who(ALICE, 104))).reply.file[1].decode()
    log = (await svc.log_text(who(ALICE, 104), last=40)).reply.text
    whole = (await svc.current(104, finished=True)).game.dumps()
    early = (await svc.games.game_at(gid, 9)).dumps()
    assert len(await seqs(store, "snapshots", gid)) > 1 and len(await seqs(store, "events", gid)) > 1
    # inside the grace the game's outbox is recent: nothing is folded yet
    assert (await svc.games.housekeeping(time.time() + 1, KEEP))["finished"] == 0
    done = await svc.games.housekeeping(time.time() + KEEP + 5, KEEP)
    assert done["finished"] == 1
    assert await seqs(store, "snapshots", gid) == [row.snapshot_seq]
    assert await seqs(store, "events", gid) == [row.snapshot_seq]
    assert (await svc.games.housekeeping(time.time() + KEEP + 5, KEEP))["finished"] == 0  # once
    # another process that never saw the game: export, verify, log, load, an early moment
    fresh = Service(await new_store("fin"), pictures=NoPictures())
    assert (await fresh.export(who(BOB, 104))).reply.file[1].decode() == exported
    assert verify(exported).ok
    assert (await fresh.log_text(who(ALICE, 104), last=40)).reply.text == log
    assert (await fresh.current(104, finished=True)).game.dumps() == whole
    assert (await fresh.games.game_at(gid, 9)).dumps() == early
    assert run_lines(exported.splitlines()).game.dumps() == whole  # the replay


async def test_housekeeping_at_the_same_instant_as_a_change(new_store):
    """Two at once: an order and a round of housekeeping on a running game (the order's snapshot thinning
    and its new outbox items against the pruning); the host resending an aborted game's script and another
    process folding that game's rows. Both happen, nothing is lost, the game reads the same."""
    store = await new_store("race")
    svc = Service(store, pictures=NoPictures())
    svc.games.snapshot_every = 3
    box = svc.outbox(delivered)
    gid = await started(svc, 105)
    rng = random.Random(8)
    user = {"french": ALICE, "allied": BOB}
    budget: dict[str, int] = {}
    for n in range(25):
        live = await svc.current(105)
        role = rng.choice(live.game.active())
        order = pick(rng, live.game, role, budget)
        r, _hk = await asyncio.gather(
            svc.order(who(user[role], 105), order, f"r-{n}", role=role),
            svc.games.housekeeping(time.time() + KEEP + 5, KEEP),
        )
        assert r.reply.text.startswith("Done"), r.reply.text
        await box.settle()
    assert await store.outbox_pending() == []
    live = await svc.current(105)
    again = Service(await new_store("race"), pictures=NoPictures())
    assert await again.recover() == []
    assert (await again.current(105)).game.dumps() == live.game.dumps()
    await svc.abort(who(HOST, 105))
    await box.settle()
    other = Service(await new_store("race"), pictures=NoPictures())
    sent, _folded = await asyncio.gather(
        svc.export(who(HOST, 105)), other.games.housekeeping(time.time() + KEEP + 5, KEEP)
    )
    scripts = [m for m in sent.outbox if getattr(m, "file", None)]
    assert len(scripts) == 2  # the script went to both seats, whichever came first
    await box.settle()
    assert await store.outbox_pending() == []  # the fold held back nothing of the change
    assert await store.outbox_pending() == []
    await other.games.housekeeping(time.time() + KEEP + 5, KEEP)
    row = await store.game(gid)
    assert row.status == "aborted" and await seqs(store, "snapshots", gid) == [row.snapshot_seq]
    again = Service(await new_store("race"), pictures=NoPictures())
    resent = await again.export(who(HOST, 105))
    got = [json.dumps(m.file) for m in resent.outbox if getattr(m, "file", None)]
    assert got == [json.dumps(m.file) for m in scripts]  # the same script from the folded rows


async def test_snapshots_from_before_schema_7_get_their_epochs_and_are_thinned(new_store):
    store = await new_store("old", schema={"sqlite": 6, "postgres": 2}[new_store.backend])
    assert await store._all("SELECT * FROM snapshots") == []
    store = await new_store("old")  # migrated to 7: the epoch column
    svc = Service(store, pictures=NoPictures())
    svc.games.snapshot_every = 4
    gid = await started(svc, 106)
    await play(svc, 106, random.Random(9), upto=80)
    # as a database migrated from 6 holds them: every snapshot kept, no epoch known
    await store._exec("UPDATE snapshots SET epoch=NULL WHERE game_id=?", (gid,))
    kept = await seqs(store, "snapshots", gid)
    live = (await svc.current(106)).game
    done = await svc.games.housekeeping(time.time(), KEEP)
    assert done["epochs"] == len(kept)
    assert await store.snapshots_without_epoch() == []
    after = await seqs(store, "snapshots", gid)
    assert kept[-2:] == after[-2:] and kept[0] == after[0] and len(after) <= len(kept)
    fresh = Service(await new_store("old"), pictures=NoPictures())
    assert await fresh.recover() == []
    assert (await fresh.current(106)).game.dumps() == live.dumps()


async def test_the_delivery_loop_runs_housekeeping_at_start_up_and_every_round(new_store):
    from bot import delivery

    store = await new_store()
    now = [1000.0]
    svc = Service(store, pictures=NoPictures(), clock=lambda: now[0])
    box = svc.outbox(delivered)
    rounds: list[float] = []
    real = svc.games.housekeeping

    async def counted(at: float, keep: float) -> dict[str, int]:
        rounds.append(at)
        assert keep == KEEP
        return await real(at, keep)

    svc.games.housekeeping = counted  # type: ignore[method-assign]
    task = asyncio.ensure_future(box.run(0.01))
    await asyncio.sleep(0.05)
    assert rounds == [1000.0]  # at start-up, not again before the period
    now[0] += delivery.HOUSEKEEPING_EVERY
    await asyncio.sleep(0.05)
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    await box.settle()
    assert rounds == [1000.0, 1000.0 + delivery.HOUSEKEEPING_EVERY]


async def test_housekeeping_cuts_sqlite_s_write_ahead_log_back(tmp_path):
    """The WAL of SQLite otherwise stays at its largest (about 4 MB) for good."""
    import os

    from bot.storage import Store

    store = Store(tmp_path / "wal.db")
    await store.open()
    svc = Service(store, pictures=NoPictures())
    await started(svc, 107)
    await play(svc, 107, random.Random(10), upto=20)
    wal = tmp_path / "wal.db-wal"
    assert os.path.getsize(wal) > 100_000
    await svc.games.housekeeping(time.time(), KEEP)
    assert os.path.getsize(wal) == 0
    await store.close()
