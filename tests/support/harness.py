"""The bot through the real discord.py against the fake Discord API (``support/discord_fake.py``), and the
test database server, for the tests of every folder."""

from __future__ import annotations

import contextlib
import os
from typing import Any

from bot.pictures import NoPictures

POSTGRES = os.environ.get("ESTAFETTE_TEST_POSTGRES")  # a server's URL (bash .ci/run starts one)


class Blank(NoPictures):
    """Every picture a 1x1 PNG, a game module's own too (a whole game draws hundreds; the pictures
    themselves are tested in tests/napoleon/test_render.py, test_liberty_render.py and
    test_picture_sweep.py)."""

    def run(self, job: Any, scenario: Any = None) -> bytes:
        return self.PNG


@contextlib.asynccontextmanager
async def bot_harness(tmp_path, pictures):
    """The harness of ``harness`` with the pictures given (``NoPictures`` draws a game module's own pictures,
    from their draw path; a test that plays whole games may draw none)."""
    from bot.discord_app.client import EstafetteBot
    from bot.storage import Store
    from support.discord_fake import FakeDiscord, running_bot

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


def components(message: dict) -> list[dict]:
    """A message's components, its rows flattened."""
    return [c for row in message.get("components") or [] for c in row.get("components") or []]
