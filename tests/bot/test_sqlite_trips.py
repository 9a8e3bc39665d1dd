"""SQLite's reads and changes run at once on the connections in the event loop's thread: a trip to
aiosqlite's thread for each statement handed the GIL over and back and waited a turn of the event loop (tens
of milliseconds with ten changes under way), while every other change waited for the write lock. A read, a
one-row read of a change and a whole change make no trip there, and give what they gave before."""

from __future__ import annotations

import asyncio

import aiosqlite
import pytest

from bot.storage.sqlite import Store


async def test_a_read_and_a_change_make_no_trip_to_the_connections_thread(tmp_path, monkeypatch):
    store = Store(tmp_path / "t.db")
    await store.open()
    try:
        await store.set_user_locale(11, "ja")
        await store.set_user_locale(12, "en")
        trips = 0
        real = aiosqlite.Connection._execute

        async def counted(self, fn, *args, **kwargs):
            nonlocal trips
            trips += 1
            return await real(self, fn, *args, **kwargs)

        monkeypatch.setattr(aiosqlite.Connection, "_execute", counted)
        rows = await store._all("SELECT user_id FROM users ORDER BY user_id")
        assert [r["user_id"] for r in rows] == [11, 12] and trips == 0
        assert await store._all("SELECT user_id FROM users WHERE user_id=?", (99,)) == []
        assert trips == 0
        async with store._tx() as tx:
            row = await tx.fetchone("SELECT user_id FROM users WHERE user_id=?", (12,))
            assert row is not None and row["user_id"] == 12 and trips == 0
            assert await tx.fetchone("SELECT user_id FROM users WHERE user_id=?", (99,)) is None
            await tx.execute("UPDATE users SET locale=? WHERE user_id=?", ("en", 11))
        await store.set_user_locale(12, "ja")
        assert trips == 0
        assert await store.user_locale(11) == "en" and await store.user_locale(12) == "ja"
    finally:
        await store.close()


async def test_a_change_commits_after_the_log_is_copied_into_the_database(tmp_path, monkeypatch):
    """The checkpoints run on aiosqlite's thread and answer a row: one left unread would keep the next
    change's COMMIT, run at once in the loop's thread, from ending ("SQL statements in progress")."""
    monkeypatch.setattr("bot.storage.sqlite.WAL_CHECKPOINT", 1)
    store = Store(tmp_path / "t.db")
    await store.open()
    try:
        await store.set_user_locale(11, "ja")  # past the size: a checkpoint is asked for
        assert store._checkpoint is not None
        await store._checkpoint
        await store.set_user_locale(12, "en")
        await store.tidy()  # the housekeeping's checkpoint
        await store.set_user_locale(13, "en")
        assert [await store.user_locale(u) for u in (11, 12, 13)] == ["ja", "en", "en"]
    finally:
        await store.close()


async def test_a_read_or_a_change_once_the_store_began_to_close_is_refused_not_run_on_a_closing_connection(
    tmp_path,
):
    """The raw connections close on aiosqlite's thread; a read run on one in the loop's thread meanwhile used
    freed memory (a segfault in a test's background task). Once ``close`` has begun, the store reads as
    closed."""
    store = Store(tmp_path / "c.db")
    await store.open()
    await store.set_user_locale(11, "ja")
    closing = asyncio.create_task(store.close())
    await asyncio.sleep(0)  # close has begun and waits for aiosqlite's thread
    assert not store.is_open
    with pytest.raises(RuntimeError, match="not open"):
        await store._all("SELECT user_id FROM users")
    with pytest.raises(RuntimeError, match="not open"):
        async with store._tx():
            pass
    await closing
