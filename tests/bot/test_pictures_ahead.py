"""Unless ``ESTAFETTE_PICTURES_AHEAD=0``, a channel post's pictures are handed to be drawn when its change
is stored, not when the outbox reads the change back (which comes after every interaction waiting on the
event loop: with ten at once, after all ten; docs/performance.md). Drawn once, and the post carries them."""

from __future__ import annotations

import asyncio

import pytest

from bot.delivery import Outcome
from bot.outbox import Picture, Post, message_from
from bot.pictures import NoPictures, Pictures, ahead_setting
from bot.service import Caller, Service
from bot.storage import Store


@pytest.fixture(autouse=True)
def ahead(monkeypatch):
    monkeypatch.setattr("bot.pictures.AHEAD", True)


class Counting(Pictures):
    def __init__(self) -> None:
        self.drawn: list[tuple[str, str]] = []

    def run(self, job):
        self.drawn.append((job.kind, job.role))
        return NoPictures.PNG


async def _started(tmp_path, pictures, *, prepare: bool):
    store = Store(tmp_path / "a.db")
    await store.open()
    svc = Service(store, pictures=pictures, seed_source=lambda: 1)
    sent: list[list[Picture]] = []

    async def deliver(item):
        m = message_from(item.kind, item.target, item.body, item.game_id)
        if isinstance(m, Post):
            sent.append(m.pictures)
            for p in m.pictures:
                assert await svc.draw(p) == NoPictures.PNG
        return Outcome.done()

    async def ready(item):
        return None

    box = svc.outbox(deliver, prepare=ready if prepare else None)
    at_commit: list[set[Picture]] = []
    # after the service's own listeners: what is under way the instant the change is stored
    svc.games.on_stored.append(lambda ch: at_commit.append(set(pictures._drawn)))
    await svc.new_game(Caller(1, 101, 9), "setup=historical")
    await svc.join(Caller(1, 101, 9), "french")
    await svc.join(Caller(2, 101, 9), "allied")
    await svc.start(Caller(1, 101, 9))
    await box.settle()
    return store, svc, sent, at_commit


async def test_a_posts_pictures_are_under_way_the_instant_its_change_is_stored(tmp_path):
    pictures = Counting()
    store, svc, sent, at_commit = await _started(tmp_path, pictures, prepare=True)
    try:
        start_post = next(p for p in sent if p)  # the start's post: the public map
        assert all(p.role == "public" for p in start_post)
        assert set(start_post) <= at_commit[-1], "handed to be drawn at the commit, before the outbox ran"
        # drawn once: the post took the picture drawn ahead
        assert pictures.drawn.count(("map", "public")) == 1
        # the private pictures are not drawn ahead (they wait behind the public ones anyway)
        assert all(p.role == "public" for p in at_commit[-1])
    finally:
        await svc.idle()
        await store.close()


async def test_without_a_front_end_that_draws_ahead_nothing_is_drawn_at_the_commit(tmp_path):
    """The console's outbox draws nothing ahead: no picture is started at a commit."""
    pictures = Counting()
    store, svc, _sent, at_commit = await _started(tmp_path, pictures, prepare=False)
    try:
        assert at_commit and not any(at_commit)
    finally:
        await svc.idle()
        await store.close()


async def test_a_picture_that_cannot_be_started_ahead_leaves_the_change_stored(tmp_path, caplog):
    """Making the job fails (a broken view, say): the change is stored all the same and its post goes; the
    post asks again and goes without the picture, saying why."""

    class Broken(Counting):
        def job(self, picture, game, kind, module_id):
            raise RuntimeError("no view")

    pictures = Broken()
    store, svc, sent, _at = await _started(tmp_path, pictures, prepare=True)
    try:
        assert sent, "the post went"
        assert "could not be started ahead" in caplog.text
        assert (await svc.current(101)).row.status == "running"
    finally:
        await svc.idle()
        await store.close()


async def test_kept_pictures_drawn_ahead_stay_bounded():
    """``ahead`` keeps at most ``keep`` pictures once drawn, as ``render`` does."""
    from engine.napoleon.module import MODULE
    from renderers.napoleon.samples import battle_game

    pictures = Counting()
    pictures.keep = 3
    game = battle_game()
    for seq in range(6):
        pictures.ahead([Post(1, "x", [Picture("map", 7, seq, "public", "en")])], {seq: game}, MODULE)
        await asyncio.wait_for(asyncio.shield(pictures._drawn[Picture("map", 7, seq, "public", "en")]), 30)
    assert pictures.drawn == [("map", "public")] * 6
    assert list(pictures._drawn) == [Picture("map", 7, seq, "public", "en") for seq in (3, 4, 5)]


async def test_off_nothing_is_drawn_at_the_commit(tmp_path, monkeypatch):
    monkeypatch.setattr("bot.pictures.AHEAD", False)
    pictures = Counting()
    store, svc, sent, at_commit = await _started(tmp_path, pictures, prepare=True)
    try:
        assert at_commit and not any(at_commit) and sent
        assert pictures.drawn.count(("map", "public")) == 1  # drawn when the outbox asked
    finally:
        await svc.idle()
        await store.close()


async def test_a_status_waits_for_the_public_pictures_waiting_to_be_drawn():
    """``after_public`` returns once no public picture waits (a pinned status's boards then go behind the
    channel posts' maps, not among them); a private picture waiting does not hold it."""
    import threading
    from concurrent.futures import ThreadPoolExecutor

    from bot.pictures import _Queue

    release = threading.Event()

    def draw(name: str) -> bytes:
        if name == "busy":
            release.wait(60)
        return name.encode()

    pictures = Counting()
    with ThreadPoolExecutor(1) as executor:
        queue = pictures.__dict__["_here"] = _Queue(draw, executor, 1)
        busy = queue.draw(0, "busy")
        public = queue.draw(0, "a post's map")
        private = queue.draw(2, "a private map")
        waiting = asyncio.ensure_future(pictures.after_public())
        await asyncio.sleep(0.05)
        assert not waiting.done()
        release.set()
        await asyncio.wait_for(waiting, 30)
        assert public.done() and await busy == b"busy"
        await private


def test_on_unless_the_setting_says_0():
    """Drawn ahead by default (quiet, ten at once: the map posted sooner; docs/performance.md); ``0`` turns
    it off."""
    assert ahead_setting({}) is True and ahead_setting({"ESTAFETTE_PICTURES_AHEAD": "1"}) is True
    assert ahead_setting({"ESTAFETTE_PICTURES_AHEAD": "0"}) is False
