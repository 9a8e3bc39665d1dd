"""Slash commands in the player's Discord language: ``app_commands.Translator`` gives Discord the Japanese
names and descriptions of every command, option and choice when the commands are synced
(``name_localizations`` / ``description_localizations``). Interactions still carry the English names, so
nothing else changes. English is the default: no translation is given for it."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from ..i18n import CATALOGS
from ..i18n_ja import CHOICE_NAMES_JA, COMMAND_NAMES_JA, OPTION_NAMES_JA


def description_key(command: str, option: str | None = None) -> str:
    """The catalog key of a command's description (``cmd.game.new``) or of an option's
    (``opt.game.new.setup``)."""
    path = command.replace(" ", ".")
    return f"opt.{path}.{option}" if option else f"cmd.{path}"


class EstafetteTranslator(app_commands.Translator):
    """Japanese for ``discord.Locale.japanese``; None (Discord's default, English) for every other locale."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if locale is not discord.Locale.japanese:
            return None
        return japanese(context)


def japanese(context: app_commands.TranslationContextTypes) -> str | None:
    """The Japanese of the string at ``context``, or None where there is none (a language's own name)."""
    where, data = context.location, context.data
    if isinstance(data, app_commands.Parameter):
        if where is Where.parameter_name:  # the command's own name for it first (``retreat unit``)
            own = OPTION_NAMES_JA.get(f"{data.command.qualified_name} {data.display_name}")
            return own or OPTION_NAMES_JA.get(data.display_name)
        return CATALOGS["ja"].get(description_key(data.command.qualified_name, data.display_name))
    if isinstance(data, app_commands.Choice):
        return CHOICE_NAMES_JA.get(str(data.value)) if where is Where.choice_name else None
    if where in (Where.command_name, Where.group_name):
        return COMMAND_NAMES_JA.get(data.qualified_name)
    if where in (Where.command_description, Where.group_description):
        return CATALOGS["ja"].get(description_key(data.qualified_name))
    return None
