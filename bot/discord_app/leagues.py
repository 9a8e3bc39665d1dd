"""``/league``: the Discord front of leagues (``bot.service.leagues``), and what a league needs of Discord:
a thread (or a forum post) for each game in the channel the host named, and the standings pinned in the
league's channel and edited in place."""

from __future__ import annotations

import logging
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from engine import modules

from ..delivery import Outcome
from ..outbox import LeagueThread, Standings
from ..service import Service
from ..storage import OutboxRow
from .callers import caller_of
from .cog import EstafetteCog, _d, _o
from .send import LIMIT, NO_MENTIONS

log = logging.getLogger("estafette.discord")
THREAD_ARCHIVE_MINUTES: Literal[10080] = (
    10080  # a week: a league game lasts weeks, each thread kept open between moves
)
NAME_LIMIT = 100  # a thread's name, at most (Discord's)
THREAD_MADE_ALREADY = 160004  # Discord: "A thread has already been created for this message"


class DiscordLeagueFront:
    """Delivers a league's outbox items over the bot's connection (``Sender.league``): a pairing's thread,
    opened once, and the standings, pinned once and edited in place."""

    def __init__(self, bot: commands.Bot, service: Service) -> None:
        self.bot = bot
        self.service = service

    async def deliver(self, item: OutboxRow, m: LeagueThread | Standings) -> Outcome:
        if isinstance(m, Standings):
            await self.show_standings(item, m)
            return Outcome.done()
        thread = await self.open_thread(item, m)
        if thread is None:
            return Outcome.dropped(f"channel {m.channel_id} holds no threads")
        await self.service.leagues.thread_opened(m, thread)
        return Outcome.done()

    async def _channel(self, channel_id: int) -> Any:
        return self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)

    def _made_before(self, channel: discord.TextChannel | discord.ForumChannel, name: str) -> int | None:
        """The thread of this name the bot opened in ``channel`` (a delivery cut short after Discord made
        it): a pairing's name is its own, so it is that pairing's."""
        me = self.bot.user.id if self.bot.user else None
        for thread in channel.threads:
            if thread.name == name and thread.owner_id == me:
                return thread.id
        return None

    async def open_thread(self, item: OutboxRow, m: LeagueThread) -> int | None:
        """The pairing's thread: the one opened before under its name, else a new one — in a forum a post;
        in a text channel a thread from a message naming the game, sent with the item's nonce, so that a
        resend is the same message, which Discord gives one thread only. None: the channel holds no
        threads."""
        channel = await self._channel(m.channel_id)
        name = m.name[:NAME_LIMIT]
        if not isinstance(channel, (discord.TextChannel, discord.ForumChannel)):
            log.error("league %s: channel %s holds no threads", m.league_id, m.channel_id)
            return None
        found = self._made_before(channel, name)
        if found is not None:
            return found
        if isinstance(channel, discord.ForumChannel):  # a forum: each game a post, opened with its pairing
            made = await channel.create_thread(
                name=name,
                content=m.text[:LIMIT],
                auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                allowed_mentions=NO_MENTIONS,
            )
            return int(made.thread.id)
        starter = await channel.send(m.text[:LIMIT], nonce=f"e{item.id}.0", allowed_mentions=NO_MENTIONS)
        try:
            thread = await starter.create_thread(name=name, auto_archive_duration=THREAD_ARCHIVE_MINUTES)
        except discord.HTTPException as e:
            if e.code != THREAD_MADE_ALREADY:
                raise
            return starter.id  # the thread of a message shares its id
        return thread.id

    async def show_standings(self, item: OutboxRow, m: Standings) -> None:
        """Edit the pinned standings in place; post and pin them the first time (or again if deleted)."""
        channel = await self._channel(m.channel_id)
        content = m.text[:LIMIT]
        mid = await self.service.leagues.standings_message(m.league_id)
        if mid:
            try:
                await channel.get_partial_message(mid).edit(content=content, allowed_mentions=NO_MENTIONS)
                return
            except discord.NotFound:
                pass  # deleted: posted again below
        message = await channel.send(content, nonce=f"e{item.id}.0", allowed_mentions=NO_MENTIONS)
        try:
            await message.pin()
        except discord.HTTPException as e:  # no Manage Messages, or the pins full: the table still stands
            log.warning("league standings in %s could not be pinned: %s", m.channel_id, e)
        await self.service.leagues.standings_shown(m.league_id, message.id)


async def _games(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=m.title[:100], value=m.id)
        for m in modules.modules()
        if current.lower() in m.id.lower() or current.lower() in m.title.lower()
    ][:25]


class LeagueCog(commands.Cog):
    league = app_commands.Group(name="league", description=_d("league"))

    def __init__(self, bot: commands.Bot, service: Service, main: EstafetteCog) -> None:
        self.bot = bot
        self.service = service
        self.main = main  # its ``run``: one way of answering and of saying errors
        main.sender.league = DiscordLeagueFront(bot, service).deliver

    async def cog_load(self) -> None:
        """The leagues' games that ended while the bot was down, counted (in the background)."""
        self.service.background(self.service.leagues.catch_up(), "estafette-leagues-catch-up")

    @league.command(name="new", description=_d("league new"))
    @app_commands.describe(**_o("league new", "game", "channel", "rounds", "options"))
    @app_commands.autocomplete(game=_games)
    async def league_new(
        self,
        interaction: discord.Interaction,
        game: str | None = None,
        channel: discord.TextChannel | discord.ForumChannel | None = None,
        rounds: Literal["sequential", "concurrent"] = "sequential",
        options: str = "",
    ) -> None:
        call = self.service.leagues.new(
            caller_of(interaction), game, channel.id if channel else None, rounds, options
        )
        await self.main.run(interaction, call, public=True)

    @league.command(name="join", description=_d("league join"))
    async def league_join(self, interaction: discord.Interaction) -> None:
        await self.main.run(interaction, self.service.leagues.join(caller_of(interaction)), public=True)

    @league.command(name="leave", description=_d("league leave"))
    async def league_leave(self, interaction: discord.Interaction) -> None:
        await self.main.run(interaction, self.service.leagues.leave(caller_of(interaction)), public=True)

    @league.command(name="start", description=_d("league start"))
    async def league_start(self, interaction: discord.Interaction) -> None:
        await self.main.run(interaction, self.service.leagues.start(caller_of(interaction)), public=True)

    @league.command(name="standings", description=_d("league standings"))
    async def league_standings(self, interaction: discord.Interaction) -> None:
        await self.main.run(interaction, self.service.leagues.show(caller_of(interaction)))

    @league.command(name="drop", description=_d("league drop"))
    @app_commands.describe(**_o("league drop", "player"))
    async def league_drop(self, interaction: discord.Interaction, player: discord.User | None = None) -> None:
        call = self.service.leagues.drop(caller_of(interaction), player.id if player else None)
        await self.main.run(interaction, call, public=True)


__all__ = ["DiscordLeagueFront", "LeagueCog"]
