"""SQLite runs every statement on the connection's own thread (aiosqlite): each trip there hands the GIL over
and back, which on a loaded machine is where a busy bot's time went. A read and a one-row read of a change
make one trip each, and give what they gave before."""

from __future__ import annotations

import aiosqlite

from bot.storage.sqlite import Store


async def test_a_read_makes_one_trip_to_the_connections_thread(tmp_path, monkeypatch):
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
        assert [r["user_id"] for r in rows] == [11, 12] and trips == 1
        trips = 0
        assert await store._all("SELECT user_id FROM users WHERE user_id=?", (99,)) == []
        assert trips == 1
        async with store._tx() as tx:
            trips = 0
            row = await tx.fetchone("SELECT user_id FROM users WHERE user_id=?", (12,))
            assert row is not None and row["user_id"] == 12 and trips == 1
            assert await tx.fetchone("SELECT user_id FROM users WHERE user_id=?", (99,)) is None
    finally:
        await store.close()
