"""The bot process: discord.py client, start-up recovery, command sync, the outbox sender, the deadline
ticker."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from ..collector import Collector, collect_seconds
from ..config import Settings
from ..pictures import Pictures
from ..service import Service
from ..storage import StoreBase, open_store
from .card import CardButton, RematchButton
from .cog import (
    EstafetteCog,
    FormButton,
    FormSelect,
    HandoverButton,
    HandoverUser,
    OrderPick,
    on_app_command_error,
    order_commands,
)
from .leagues import LeagueCog
from .send import Sender
from .translate import EstafetteTranslator

log = logging.getLogger("estafette.discord")
TICK_SECONDS = 60
OUTBOX_SECONDS = 30  # how often the sender looks again at what waits on a back-off
# Games live in server channels: the commands are not offered in DMs, where a game would have no guild.
GUILDS_ONLY = app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False)
# and installed with the bot in a server; a user's own install is declared by the commands that allow it
SERVER_INSTALL = app_commands.AppInstallationType(guild=True, user=False)


class EstafetteBot(commands.Bot):
    def __init__(
        self,
        store: StoreBase,
        *,
        dev_guild: int | None = None,
        service: Service | None = None,
        pictures: Pictures | None = None,
        sync: bool = True,
        tick_seconds: float = TICK_SECONDS,
        **kwargs: Any,  # commands.Bot's own options, passed on
    ) -> None:
        intents = discord.Intents.default()  # no privileged intents: slash commands need none
        kwargs.setdefault("chunk_guilds_at_startup", False)
        kwargs.setdefault("allowed_contexts", GUILDS_ONLY)
        kwargs.setdefault("allowed_installs", SERVER_INSTALL)
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None, **kwargs)
        self.store = store
        self.service = service or Service(store, pictures=pictures)
        self.sender = Sender(self, self.service)
        self.outbox = self.service.outbox(self.sender.deliver, prepare=self.sender.prepare)
        self.dev_guild = dev_guild
        self.do_sync = sync
        self.tick_seconds = tick_seconds
        self.outbox_seconds = OUTBOX_SECONDS if tick_seconds > 0 else 0
        self._tasks: list[asyncio.Task[None]] = []
        # ESTAFETTE_COLLECT_SECONDS=0 leaves Python's collector as it is (the tests' in-process bots)
        self.collect_seconds = collect_seconds()
        self.collector = Collector()

    async def setup_hook(self) -> None:
        if not self.store.is_open:
            await self.store.open()
        self.service.start_pictures()  # the picture workers start and warm their static layers meanwhile
        # the games are checked against their replays in the background (each first if it is used before
        # its turn comes): the bot answers at once, however many games are stored
        await self.service.recover(lazy=True)
        main = EstafetteCog(self, self.service, self.sender)
        await self.add_cog(main)
        await self.add_cog(LeagueCog(self, self.service, main))
        for command in order_commands({c.name for c in self.tree.get_commands()}):
            self.tree.add_command(command)  # the other game modules' orders
        # components that work after a restart
        self.add_dynamic_items(FormButton, FormSelect, OrderPick, HandoverButton, HandoverUser)
        self.add_dynamic_items(CardButton, RematchButton)  # the status card's and the result's buttons
        self.tree.error(on_app_command_error)  # the tree's one error handler
        await self.tree.set_translator(EstafetteTranslator())  # Japanese names and descriptions
        if self.do_sync:
            if self.dev_guild:
                guild = discord.Object(self.dev_guild)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
            else:
                await self.tree.sync()
        if self.tick_seconds > 0:
            self._tasks.append(asyncio.create_task(self._tick_loop(), name="estafette-deadlines"))
        if self.outbox_seconds > 0:
            self._tasks.append(asyncio.create_task(self._outbox_loop(), name="estafette-outbox"))
        if self.collect_seconds > 0:
            self._tasks.append(asyncio.create_task(self._collect_loop(), name="estafette-collector"))

    async def on_ready(self) -> None:
        self.outbox.kick()  # what a stopped process left undelivered

    async def _tick_loop(self) -> None:
        await self.wait_until_ready()
        while not self.is_closed():
            try:
                await self.service.tick()  # what it sends is in the outbox, and the outbox is woken
            except Exception:
                log.exception("deadline tick failed")
            await asyncio.sleep(self.tick_seconds)

    async def _collect_loop(self) -> None:
        while not self.is_closed():
            await asyncio.sleep(self.collect_seconds)
            self.collector.tick(quiet=self.service.games.changing == 0)

    async def _outbox_loop(self) -> None:
        await self.wait_until_ready()
        await self.outbox.run(self.outbox_seconds)

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        await self.service.stop()
        await self.outbox.settle()
        self.service.close_pictures()
        if self.collect_seconds > 0:
            self.collector.release()
        await super().close()
        await self.store.close()


class EstafetteShardedBot(EstafetteBot, commands.AutoShardedBot):
    """The bot serving several shards in one process (discord.py's AutoShardedBot)."""


def make_bot(settings: Settings, database: str) -> EstafetteBot:
    """The bot for these settings: one process for every guild, or this process's shards of them (issue
    docs/service.md: several processes on one PostgreSQL database, each serving its own shards)."""
    store = open_store(database)
    shards = settings.shards()
    if not shards:
        return EstafetteBot(store, dev_guild=settings.dev_guild)
    if settings.shard_count is None or any(not 0 <= s < settings.shard_count for s in shards):
        raise SystemExit("error: ESTAFETTE_SHARD_IDS needs ESTAFETTE_SHARD_COUNT, and each id below it")
    if len(shards) == 1:
        return EstafetteBot(
            store, dev_guild=settings.dev_guild, shard_id=shards[0], shard_count=settings.shard_count
        )
    return EstafetteShardedBot(
        store, dev_guild=settings.dev_guild, shard_ids=shards, shard_count=settings.shard_count
    )


def run_discord(settings: Settings, database: str) -> int:
    bot = make_bot(settings, database)
    bot.sender.status_card = settings.status_card  # the pinned status as a card, else as text
    bot.service.vacation_days = settings.vacation_days  # the club's setting
    assert settings.discord_token
    bot.run(settings.discord_token, log_handler=None)
    return 0
