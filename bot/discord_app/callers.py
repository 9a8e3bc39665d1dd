"""Who sent an interaction, as the service takes it (``Caller``): for the cog and for the components of
messages the sender draws (``card.py``), which the cog's module must not be imported by."""

from __future__ import annotations

from typing import Any

import discord
from discord.ext import commands

from ..service import Caller


def caller_of(interaction: discord.Interaction) -> Caller:
    perms = interaction.permissions
    return Caller(
        user_id=interaction.user.id,
        channel_id=interaction.channel_id or 0,
        guild_id=interaction.guild_id or 0,
        manager=bool(perms and perms.manage_guild),
        name=str(interaction.user),
        locale=str(interaction.locale),
    )


def bot_cog(interaction: discord.Interaction) -> Any:
    """The bot's cog (``EstafetteCog``) by its name, for a component drawn below it (its ``service``,
    ``run`` and ``_component``)."""
    bot = interaction.client
    assert isinstance(bot, commands.Bot)
    cog = bot.get_cog("EstafetteCog")
    assert cog is not None
    return cog
