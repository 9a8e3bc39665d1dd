"""The bot freezes what its process holds so that Python's automatic collections walk only what is newer,
and finds cycles among the frozen objects by a whole collection at a quiet moment (bot/collector.py)."""

from __future__ import annotations

import asyncio
import gc
import weakref

import pytest

from bot.collector import COLLECT_SECONDS, Collector, collect_seconds


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def _cycle() -> weakref.ref[Node]:
    """A pair of objects referring to each other, no longer reachable: only a collection frees them."""
    a, b = Node(), Node()
    a.other, b.other = b, a
    return weakref.ref(a)


@pytest.fixture
def unfrozen():
    gc.collect()
    yield
    gc.unfreeze()


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_tick_freezes_what_the_process_holds(unfrozen):
    keep = [Node() for _ in range(100)]
    before = gc.get_freeze_count()
    Collector(clock=Clock()).tick(quiet=True)
    assert gc.get_freeze_count() >= before + 100
    assert keep


def test_a_cycle_frozen_is_left_by_the_automatic_collections_and_freed_by_the_whole_one(unfrozen):
    clock = Clock()
    collector = Collector(full_every=600, clock=clock)
    a, b = Node(), Node()
    a.other, b.other = b, a
    alive = weakref.ref(a)
    collector.tick(quiet=True)  # not due yet: frozen with the rest
    del a, b
    gc.collect()  # what Python's own collections do: the frozen are not walked
    assert alive() is not None
    clock.now += 600
    assert collector.tick(quiet=True) is True
    assert alive() is None and collector.fulls == 1


def test_a_whole_collection_waits_for_a_quiet_moment_but_not_past_twice_its_period(unfrozen):
    clock = Clock()
    collector = Collector(full_every=600, clock=clock)
    clock.now += 600
    assert collector.tick(quiet=False) is False  # a change in progress: not now
    clock.now += 300
    assert collector.tick(quiet=False) is False
    assert collector.tick(quiet=True) is True  # the first quiet moment after it is due
    clock.now += 1199
    assert collector.tick(quiet=False) is False
    clock.now += 1
    assert collector.tick(quiet=False) is True  # overdue twice over: quiet or not
    assert collector.fulls == 2


def test_garbage_already_made_is_not_frozen(unfrozen):
    """A cycle dropped before a tick is collected by the tick's own collection, not frozen for 10 min."""
    alive = _cycle()
    Collector(clock=Clock()).tick(quiet=False)
    assert alive() is None


def test_the_setting_reads_seconds_and_zero_turns_it_off(monkeypatch):
    monkeypatch.setenv("ESTAFETTE_COLLECT_SECONDS", "0")
    assert collect_seconds() == 0
    monkeypatch.setenv("ESTAFETTE_COLLECT_SECONDS", "2.5")
    assert collect_seconds() == 2.5
    monkeypatch.setenv("ESTAFETTE_COLLECT_SECONDS", "often")
    assert collect_seconds() == COLLECT_SECONDS  # a bad value: the default, never a crash at start-up
    monkeypatch.delenv("ESTAFETTE_COLLECT_SECONDS")
    assert collect_seconds() == COLLECT_SECONDS


async def test_the_bot_freezes_while_it_runs_and_leaves_nothing_frozen_at_its_close(
    tmp_path, monkeypatch, unfrozen
):
    from support.discord_fake import FakeDiscord, running_bot

    from bot.discord_app.client import EstafetteBot
    from bot.pictures import NoPictures
    from bot.storage import Store

    monkeypatch.setenv("ESTAFETTE_COLLECT_SECONDS", "0.05")
    gc.unfreeze()
    fake = FakeDiscord()
    bot = EstafetteBot(Store(tmp_path / "bot.db"), pictures=NoPictures(), tick_seconds=0)
    async with running_bot(bot, fake=fake, timeout=30) as h:
        for _ in range(100):
            if gc.get_freeze_count() > 0:
                break
            await asyncio.sleep(0.02)
        assert gc.get_freeze_count() > 0
        await h.feed(h.slash("game status", user="alice", channel="game-1"))  # it answers as before
        assert h.bot.service.games.changing == 0
    assert gc.get_freeze_count() == 0


async def test_a_change_in_progress_is_not_a_quiet_moment(tmp_path):
    from bot.service.core import Games
    from bot.storage import Store

    store = Store(tmp_path / "x.db")
    await store.open()
    try:
        games = Games(store)
        async with games.locked(1):
            assert games.changing == 1
            async with games.locked(2):
                assert games.changing == 2
        assert games.changing == 0
        with pytest.raises(RuntimeError):
            async with games.locked(3):
                raise RuntimeError("a change that failed")
        assert games.changing == 0
    finally:
        await store.close()
