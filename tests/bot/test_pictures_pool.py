"""Pictures off the critical path (docs/performance.md): drawn by a process pool from picklable jobs, the same
bytes as in this process; drawn in this process when there is no pool or a worker dies; a message whose
picture cannot be drawn still goes out. No timings here (bench/bot.py measures them)."""

from __future__ import annotations

import asyncio
import os
import pickle
import signal

import pytest

from bot.outbox import Picture
from bot.pictures import NoPictures, Pictures, rank
from engine.napoleon.module import MODULE as NAPOLEON
from engine.napoleon.pictures import BattleSubject, MapSubject
from engine.script import public_views
from renderers.napoleon.samples import battle_game


@pytest.fixture(scope="module")
def game():
    return battle_game()  # a game with an open battle: maps and battle boards to draw


def specs(game) -> list[Picture]:
    town = game.view("public").battles[0].town
    return [
        Picture("map", 1, 5, "public", "en"),
        Picture("map", 1, 5, "french", "ja"),
        Picture("battle", 1, 5, "public", "en", town),
        Picture("battle", 1, 5, "allied", "ja", town),
    ]


@pytest.fixture(scope="module")
def expected(game) -> dict[Picture, bytes]:
    """Each spec drawn the old way: in this process, synchronously."""
    here = Pictures()
    return {p: here.draw(p, game) for p in specs(game)}


def loader(game):
    async def load():
        return game

    return load


@pytest.fixture(scope="module")
def pooled():
    """One worker (its start and warm-up take seconds on a loaded machine): shared by this module's tests,
    the one that kills it last."""
    pictures = Pictures()
    pictures.start(workers=1)
    assert pictures.pool is not None
    yield pictures
    pictures.close()


def test_a_job_holds_views_only_and_survives_pickling(game):
    pictures = Pictures()
    for p in specs(game):
        job = pictures.job(p, game, NAPOLEON.picture(p.kind), NAPOLEON.id)
        view = job.subject.view if p.kind == "map" else job.subject.map.view
        assert view.role == p.role and job.draw.__module__ == "renderers.napoleon"
        if p.kind == "battle":
            assert isinstance(job.subject, BattleSubject) and job.subject.battle.town == p.town
        assert "state" not in job.__dict__ and not any(type(v).__name__ == "Game" for v in vars(job).values())
        back = pickle.loads(pickle.dumps(job))
        assert back == job  # what a worker receives is what was asked
    replay = pictures.job(Picture("replay", 1, 5), game, NAPOLEON.picture("replay"), NAPOLEON.id)
    assert replay.kind == "replay" and replay.subject == game.script()
    assert replay.prepare is public_views  # the engine plays the script, not the renderer


def test_a_battle_that_ended_before_its_moment_is_drawn_as_the_map(game):
    nowhere = Picture("battle", 1, 5, "public", "en", "Nowhere")
    job = Pictures().job(nowhere, game, NAPOLEON.picture("battle"), NAPOLEON.id)
    assert job.subject.battle is None and isinstance(job.subject.map, MapSubject)
    assert job.subject.map.view.role == "public"
    assert Pictures().run(job) == Pictures().draw(Picture("map", 1, 5, "public", "en"), game)


async def test_the_pool_draws_the_same_bytes_as_this_process(game, expected, pooled):
    got = await asyncio.gather(*(pooled.render(p, loader(game)) for p in expected))
    assert dict(zip(expected, got, strict=True)) == expected
    assert pooled.pool.replaced == 0


async def test_every_modules_pictures_go_the_same_way_through_the_pool(pooled):
    """Liberty's pictures are drawn by the same pool from the same kind of job as Napoleon's (its module's
    draw paths, its views picklable): the same bytes as in this process, its hand in the player's DM only."""
    from engine.liberty.module import MODULE as LIBERTY
    from renderers.liberty.from_view import map_png

    game = LIBERTY.new_game(LIBERTY.parse_options(""), 1)
    for p in (Picture("map", 2, 0, "public", "en"), Picture("map", 2, 0, "british", "ja")):
        job = Pictures().job(p, game, LIBERTY.picture("map"), LIBERTY.id)
        assert job.draw is map_png and job.subject.role == p.role
        assert pickle.loads(pickle.dumps(job)) == job
        assert await pooled.render(p, loader(game), LIBERTY) == Pictures().draw(p, game, LIBERTY)


async def test_without_a_pool_the_same_bytes_are_drawn_here(game, expected):
    pictures = Pictures()
    pictures.start(workers=0)  # the console and tests: no pool, the static layers warmed off the loop
    assert pictures.pool is None
    got = await asyncio.gather(*(pictures.render(p, loader(game)) for p in expected))
    assert dict(zip(expected, got, strict=True)) == expected


async def test_a_pool_that_cannot_start_leaves_the_drawing_here(game, expected, monkeypatch):
    def refuse(*a, **kw):
        raise OSError("no semaphores here")

    monkeypatch.setattr("bot.pictures.ProcessPoolExecutor", refuse)
    pictures = Pictures()
    pictures.start(workers=2)
    assert pictures.pool is None
    p = next(iter(expected))
    assert await pictures.render(p, loader(game)) == expected[p]


async def test_a_dead_worker_costs_no_picture_and_its_pool_is_replaced(game, expected, pooled):
    first = pooled.pool.executor
    for proc in list(first._processes.values()):
        os.kill(proc.pid, signal.SIGKILL)
        proc.join()
    got = await asyncio.gather(*(pooled.render(p, loader(game)) for p in expected))
    assert dict(zip(expected, got, strict=True)) == expected  # drawn here instead
    assert pooled.pool.replaced == 1 and pooled.pool.executor is not first
    again = Picture("map", 1, 6, "public", "en")  # and the new pool draws
    assert await pooled.render(again, loader(game)) == expected[Picture("map", 1, 5, "public", "en")]
    assert pooled.pool.replaced == 1


async def test_a_picture_drawn_is_drawn_once_for_every_message_that_carries_it(game):
    drawn = []

    class Counting(Pictures):
        def run(self, job):
            drawn.append(job.role)
            return NoPictures.PNG

    pictures = Counting()
    loads = []

    async def load():
        loads.append(1)
        return game

    p = Picture("map", 1, 5, "public", "en")
    # the outbox draws it before the post's turn, the post and the pinned status ask for it
    got = await asyncio.gather(*(pictures.render(p, load) for _ in range(3)))
    assert got == [NoPictures.PNG] * 3 and drawn == ["public"] and loads == [1]
    assert await pictures.render(p, load) == NoPictures.PNG and drawn == ["public"]  # kept, not drawn again
    assert await pictures.render(Picture("map", 1, 6, "public", "en"), load) and drawn == ["public"] * 2


async def test_waiting_pictures_are_drawn_public_first_change_by_change():
    """With the one slot busy, the pictures waiting are drawn in their kinds' rank order (a private one two
    places behind its public one), not in the order asked."""
    import threading
    from concurrent.futures import ThreadPoolExecutor

    from bot.pictures import _Queue

    release, drawn = threading.Event(), []

    def draw(name: str) -> bytes:
        if name == "busy":
            release.wait(60)
        drawn.append(name)
        return name.encode()

    with ThreadPoolExecutor(1) as executor:
        queue = _Queue(draw, executor, 1)
        busy = queue.draw(5, "busy")
        asked = {  # two changes' pictures, asked change by change
            "private battle": rank(NAPOLEON.picture("battle"), "french"),
            "private map": rank(NAPOLEON.picture("map"), "allied"),
            "public map": rank(NAPOLEON.picture("map"), "public"),
            "public battle": rank(NAPOLEON.picture("battle"), "public"),
            "the next change's public map": rank(NAPOLEON.picture("map"), "public"),
        }
        waiting = [queue.draw(order, name) for name, order in asked.items()]
        assert queue.busy == 1 and len(queue.waiting) == 5
        release.set()
        assert await asyncio.gather(busy, *waiting) == [b"busy", *(n.encode() for n in asked)]
    assert drawn == [  # a channel post waits for its change's map and board alike: both before the next
        "busy",
        "public map",
        "public battle",
        "the next change's public map",
        "private map",
        "private battle",
    ]


async def test_a_slot_is_held_for_the_public_pictures():
    """With two slots and one held, the private pictures waiting never fill both: the public pictures a
    channel post waits for (its map, its battle board), asked for while a private one is drawn, start in the
    held slot one after the other without waiting for it; the private ones then take the slots left."""
    import threading
    from concurrent.futures import ThreadPoolExecutor

    from bot.pictures import _Queue

    release, started = threading.Event(), []

    def draw(name: str) -> bytes:
        started.append(name)
        if name.startswith("private"):
            release.wait(60)
        return name.encode()

    private_map = rank(NAPOLEON.picture("map"), "allied")
    with ThreadPoolExecutor(2) as executor:
        queue = _Queue(draw, executor, 2, held=1)
        privates = [queue.draw(private_map, f"private {i}") for i in range(3)]
        assert queue.busy == 1 and len(queue.waiting) == 2  # the second slot stays free
        board = queue.draw(rank(NAPOLEON.picture("battle"), "public"), "public battle", public=True)
        public = queue.draw(rank(NAPOLEON.picture("map"), "public"), "public map", public=True)
        done = await asyncio.wait_for(asyncio.gather(asyncio.shield(board), asyncio.shield(public)), 30)
        assert done == [b"public battle", b"public map"]
        assert started == ["private 0", "public battle", "public map"]
        release.set()
        assert await asyncio.gather(*privates) == [b"private 0", b"private 1", b"private 2"]
    # one slot: nothing can be held (the pictures would never be drawn)
    with ThreadPoolExecutor(1) as executor:
        queue = _Queue(draw, executor, 1, held=1)
        assert queue.held == 0
        assert await queue.draw(private_map, "private alone") == b"private alone"


# --- through the bot, the outbox and the fake Discord -------------------------------------------------------


async def _game(h) -> None:
    await h.feed(h.slash("game new", {"setup": "historical", "players": 2}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {"role": "french"}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {"role": "allied"}, user="bob", channel="game-1"))
    await h.feed(h.slash("game start", user="alice", channel="game-1"))


def _bot(tmp_path, pictures):
    from support.discord_fake import FakeDiscord

    from bot.discord_app.client import EstafetteBot
    from bot.storage import Store

    fake = FakeDiscord(clock=lambda: 1_000_000.0)
    return fake, lambda: EstafetteBot(Store(tmp_path / "bot.db"), pictures=pictures, tick_seconds=0)


async def test_a_worker_that_dies_loses_no_message_nor_its_map(tmp_path, caplog):
    from support.discord_fake import running_bot

    pictures = Pictures()
    fake, make = _bot(tmp_path, pictures)
    os.environ["ESTAFETTE_PICTURE_WORKERS"] = "1"  # the bot's start-up sizes the pool
    try:
        async with running_bot(make, fake=fake, timeout=120) as h:
            assert pictures.pool is not None and pictures.pool.workers == 1
            await _game(h)
            channel = h.world.channel("game-1").id
            before = len(h.fake.messages_in(channel))
            for proc in list(pictures.pool.executor._processes.values()):
                os.kill(proc.pid, signal.SIGKILL)
                proc.join()
            await h.feed(h.slash("end", user="alice", channel="game-1"))
            await h.bot.outbox.settle()
            posts = h.fake.messages_in(channel)[before:]
            maps = [a for m in posts for a in m["attachments"] if a["filename"].endswith("-public.png")]
            assert maps, "the post after the crash carries its public map, drawn in the bot's process"
            assert pictures.pool.replaced == 1
            assert "a picture worker died" in caplog.text
            assert any(f.is_png and f.filename.startswith("map-") for f in h.fake.uploads())
    finally:
        del os.environ["ESTAFETTE_PICTURE_WORKERS"]
    assert pictures.pool is None  # the bot's close stops the pool


async def test_a_picture_that_cannot_be_drawn_leaves_its_message_going_without_it(tmp_path, caplog):
    from support.discord_fake import running_bot

    class Broken(NoPictures):
        def run(self, job):
            if job.kind == "map":
                raise RuntimeError("the renderer failed")
            return super().run(job)

    fake, make = _bot(tmp_path, Broken())
    async with running_bot(make, fake=fake, timeout=60) as h:
        await _game(h)
        await h.bot.outbox.settle()
        posts = h.fake.messages_in(h.world.channel("game-1").id)
        assert any("<@" in (p.get("content") or "") for p in posts), "the post went, with its ping"
        assert not any(a["filename"].startswith("map-") for p in posts for a in p["attachments"])
        assert h.fake.dms_to(h.world.user("alice")), "and the DMs"
        assert "could not be drawn" in caplog.text


# --- the outbox: a post is never held back behind another destination --------------------------------------


async def test_a_later_changes_post_goes_while_an_earlier_destination_is_still_busy(tmp_path):
    """The outbox delivers each destination by a task of its own: game 2's post, made while game 1's channel
    is still being delivered (its picture slow, say), goes at once instead of waiting for game 1's."""
    from bot.delivery import Outbox, Outcome
    from bot.service import Caller, Service
    from bot.storage import Store

    store = Store(tmp_path / "o.db")
    await store.open()
    try:
        svc = Service(store, pictures=NoPictures(), seed_source=lambda: 1)
        release, entered, delivered = asyncio.Event(), asyncio.Event(), []

        async def deliver(item):
            if item.target == 101:  # game 1's channel: held until released
                entered.set()
                await release.wait()
            delivered.append(item.target)
            return Outcome.done()

        box = Outbox(store, deliver)
        svc.games.on_commit.append(box.kick)
        await svc.new_game(Caller(1, 101, 9), "setup=historical")
        await svc.join(Caller(1, 101, 9), "french")
        await svc.join(Caller(2, 101, 9), "allied")
        await svc.start(Caller(1, 101, 9))
        await asyncio.wait_for(entered.wait(), 60)
        await svc.new_game(Caller(3, 202, 9), "setup=historical")
        await svc.join(Caller(3, 202, 9), "french")
        await svc.join(Caller(4, 202, 9), "allied")
        await svc.start(Caller(3, 202, 9))
        for _ in range(200):  # game 2's channel and DMs are delivered while game 1's channel is held
            if 202 in delivered and 3 in delivered:
                break
            await asyncio.sleep(0.05)
        assert 202 in delivered and 3 in delivered and 101 not in delivered
        release.set()
        await box.settle()
        assert 101 in delivered and await store.outbox_pending() == []
        await svc.idle()
    finally:
        await store.close()


def test_the_campaign_map_is_the_same_drawn_without_the_views_battles(game):
    """Napoleon's map subject holds its view without the battles (the boards draw those), so that a fire
    leaves the map's job and bytes as they were; the map drawn either way must be the same picture."""
    import dataclasses

    from renderers.napoleon.map import render_map

    for role in ("public", "french"):
        view = game.view(role, events=False)
        assert view.battles  # a battle is open: there is something to leave out
        assert render_map(view, game.scenario) == render_map(
            dataclasses.replace(view, battles=()), game.scenario
        )
