"""``/league``: the Discord front of leagues (``bot.service.leagues``), and what a league needs of Discord:
a thread (or a forum post) for each game in the channel the host named, and the standings pinned in the
league's channel and edited in place."""

from __future__ import annotations

import logging
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from engine import modules

from ..service import Service
from .callers import caller_of
from .cog import EstafetteCog, _d, _o

log = logging.getLogger("estafette.discord")
THREAD_ARCHIVE_MINUTES: Literal[10080] = (
    10080  # a week: a league game lasts weeks, each thread kept open between moves
)


class DiscordLeagueFront:
    """``LeagueFront`` over the bot's connection."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def _channel(self, channel_id: int) -> discord.abc.GuildChannel | discord.Thread:
        got = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)
        assert isinstance(got, (discord.abc.GuildChannel, discord.Thread))
        return got

    async def open_thread(self, channel_id: int, name: str) -> int:
        channel = await self._channel(channel_id)
        if isinstance(channel, discord.ForumChannel):  # a forum: each game a post
            made = await channel.create_thread(
                name=name[:100], content=name, auto_archive_duration=THREAD_ARCHIVE_MINUTES
            )
            return int(made.thread.id)
        if not isinstance(channel, discord.TextChannel):
            raise TypeError(f"channel {channel_id} holds no threads")
        thread = await channel.create_thread(
            name=name[:100],
            type=discord.ChannelType.public_thread,
            auto_archive_duration=THREAD_ARCHIVE_MINUTES,
        )
        return thread.id

    async def show_standings(self, channel_id: int, message_id: int, text: str) -> int:
        channel = await self._channel(channel_id)
        assert isinstance(channel, discord.abc.Messageable)
        content = text[:2000]
        if message_id:
            try:
                await channel.get_partial_message(message_id).edit(content=content)
                return message_id
            except discord.NotFound:
                pass  # deleted: posted again below
        message = await channel.send(content)
        try:
            await message.pin()
        except discord.HTTPException as e:  # no Manage Messages, or the pins full: the table still stands
            log.warning("league standings in %s could not be pinned: %s", channel_id, e)
        return message.id


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
        service.leagues.front = DiscordLeagueFront(bot)

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
