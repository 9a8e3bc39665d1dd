"""Fixtures shared by every folder of the tests: stores of both backends and the Discord harness. The helpers
and fakes they use live in ``support/`` (imported as ``support.…``: ``tests/`` is on ``sys.path``)."""

from __future__ import annotations

import asyncio
import os
import uuid

import pytest
from support.harness import POSTGRES, bot_harness

# The in-process bots of the tests leave Python's collector as it is: a bot freezes what its process
# holds (bot/collector.py), here the whole test session's (tests/bot/test_collector.py turns it on)
os.environ.setdefault("ESTAFETTE_COLLECT_SECONDS", "0")


@pytest.fixture(params=["sqlite", "postgres"])
async def new_store(request, tmp_path):
    """Make fresh, open stores of one backend; every storage and service test runs on both
    (docs/service.md).
    ``await new_store("a")`` twice gives two stores on one database (two processes, or a restart)."""
    from bot.storage import Store

    backend = request.param
    if backend == "postgres" and not POSTGRES:
        pytest.skip("no PostgreSQL server: set ESTAFETTE_TEST_POSTGRES (bash .ci/run starts one)")
    opened, databases = [], {}
    creating = asyncio.Lock()

    async def make(name: str = "main", schema: int | None = None):
        """``schema``: migrate only so far (an older database, for the migration tests)."""
        kw = {} if schema is None else {"schema": schema}
        if backend == "sqlite":
            store = Store(tmp_path / f"{name}.db", **kw)
        else:
            import asyncpg

            from bot.storage.postgres import PostgresStore

            async with creating:
                if name not in databases:
                    admin = await asyncpg.connect(POSTGRES)
                    db = f"estafette_test_{uuid.uuid4().hex[:12]}"
                    await admin.execute(f'CREATE DATABASE "{db}"')
                    await admin.close()
                    databases[name] = db
            store = PostgresStore(POSTGRES.rsplit("/", 1)[0] + "/" + databases[name], **kw)
        await store.open()
        opened.append(store)
        return store

    make.backend = backend
    yield make
    for store in opened:
        await store.close()
    if databases:
        import asyncpg

        admin = await asyncpg.connect(POSTGRES)
        for db in databases.values():
            await admin.execute(f'DROP DATABASE IF EXISTS "{db}" WITH (FORCE)')
        await admin.close()


@pytest.fixture
def dash():
    """The tiny test game (tests/support/games/dash.py) registered for one test, then taken out again."""
    from support.games import dash as dash_game

    from engine import modules

    modules.register(dash_game.MODULE)
    yield dash_game.MODULE
    modules.unregister("dash")


@pytest.fixture
async def harness(tmp_path):
    """The bot running through the real discord.py against the fake Discord API
    (tests/support/discord_fake.py), on its own database, without pictures or deadline ticks."""
    from bot.pictures import NoPictures

    async with bot_harness(tmp_path, NoPictures()) as h:
        yield h
