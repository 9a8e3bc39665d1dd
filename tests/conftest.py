"""Shared test helpers: games on a cleared board, so each test places only the blocks it needs."""

from __future__ import annotations

import asyncio
import contextlib
import os
import uuid
from typing import Any

import pytest

from bot.pictures import NoPictures
from engine import RuleError
from engine.napoleon import Game, Options, new_game

# Out-of-the-way towns where every block waits unless a test places it (far from the action, each army
# in its own country; Ghent is a British base so parking British there never triggers supply).
PARK = {"french": "Avesnes", "british": "Ghent", "prussian": "Tongres"}


def cleared(turn: int = 1, **options) -> Game:
    """A game at campaign turn ``turn`` (1 = French, 15 June morning) with every block parked."""
    opts = {"setup": "historical", **options}
    game = new_game(Options(**opts), seed=1)
    game.set_turn(turn)
    for u in game.state.units.values():
        u.location = PARK[u.army]
    return game


def place(game: Game, town: str, *units: str, cv: int | None = None) -> None:
    for u in units:
        game.place(u, town, cv)


def rejected(game: Game, role: str, order: str, rule: str) -> RuleError:
    """Assert that ``order`` is rejected citing ``rule`` and that the game is unchanged."""
    before = game.dumps()
    with pytest.raises(RuleError) as info:
        game.apply(role, order)
    assert info.value.rule == rule, str(info.value)
    assert game.dumps() == before, "a rejected order changed the game"
    return info.value


def loc(game: Game, uid: str) -> str | None:
    return game.state.units[uid].location


def cv(game: Game, uid: str) -> int:
    return game.state.units[uid].cv


def units_of(
    game: Game, army: str, kind: str, n: int, *, skip: int = 0, max_cv: int | None = None
) -> list[str]:
    """``n`` unit ids of this army and type (in order of the order of battle), optionally of one max cv."""
    ids = [
        d.id
        for d in game.scenario.units
        if d.army == army and d.type == kind and (max_cv is None or d.max_cv == max_cv)
    ]
    got = ids[skip : skip + n]
    assert len(got) == n, f"the order of battle has too few {army} {kind}"
    return got


POSTGRES = os.environ.get("ESTAFETTE_TEST_POSTGRES")  # a server's URL (bash .ci/run starts one)


@pytest.fixture(params=["sqlite", "postgres"])
async def new_store(request, tmp_path):
    """Make fresh, open stores of one backend; every storage and service test runs on both (issue 5/6).
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
async def harness(tmp_path):
    """The bot running through the real discord.py against the fake Discord API (tests/discord_fake.py), on
    its own database, without pictures or deadline ticks."""
    from bot.pictures import NoPictures

    async with bot_harness(tmp_path, NoPictures()) as h:
        yield h


class Blank(NoPictures):
    """Every picture a 1x1 PNG, a game module's own too (a whole game draws hundreds; the pictures
    themselves are tested in tests/test_render.py, test_liberty_render.py and test_picture_sweep.py)."""

    def run(self, job: Any, scenario: Any = None) -> bytes:
        return self.PNG


@contextlib.asynccontextmanager
async def bot_harness(tmp_path, pictures):
    """The harness of ``harness`` with the pictures given (``NoPictures`` draws a game module's own pictures,
    from their draw path; a test that plays whole games may draw none)."""
    from discord_fake import FakeDiscord, running_bot

    from bot.discord_app.client import EstafetteBot
    from bot.storage import Store

    def make():
        return EstafetteBot(Store(tmp_path / "bot.db"), pictures=pictures, tick_seconds=0)

    # The fake's clock stands still unless a test moves it (fake.advance): Discord's 3-second deadline for
    # a reply is then tested where a test means to, never by a slow shared machine.
    fake = FakeDiscord(clock=lambda: 1_000_000.0)
    await fake.start()
    try:
        async with running_bot(make, fake=fake) as h:
            yield h
    finally:
        await fake.close()
