"""Sending the service's outbox through discord.py: posts with pictures, DMs with a fallback, threads."""

from __future__ import annotations

import asyncio
import io
import logging
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor

import discord

from ..i18n import t
from ..outbox import DM, Message, Picture, Post, Reply, Thread

log = logging.getLogger("estafette.discord")
EPHEMERAL_FALLBACK_LIMIT = 5  # private messages kept for a player whose DMs are closed


# Pictures are drawn off the event loop (a map takes tens of milliseconds: other games must not wait), one at
# a time (Pillow's fonts are not meant to be shared between threads).
_RENDER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="estafette-render")


async def files(pictures: list[Picture]) -> list[discord.File]:
    loop = asyncio.get_running_loop()
    out = []
    for p in pictures:
        png = await loop.run_in_executor(_RENDER, lambda p=p: p.png)
        out.append(discord.File(io.BytesIO(png), filename=p.filename))
    return out


def chunks(text: str, size: int = 1900) -> list[str]:
    """Discord's limit is 2,000 characters a message: split on line breaks."""
    out, cur = [], ""
    for line in text.split("\n"):
        while len(line) > size:
            out.append(line[:size])
            line = line[size:]
        if len(cur) + len(line) + 1 > size:
            out.append(cur)
            cur = line
        else:
            cur = f"{cur}\n{line}" if cur else line
    if cur or not out:
        out.append(cur)
    return out


class Sender:
    """Delivers outbox messages. Remembers players whose DMs are closed, to tell the channel once (without
    secrets) and to hand their private messages over as ephemeral replies at their next interaction."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self.closed_dms: set[int] = set()
        self.pending: dict[int, list[DM]] = defaultdict(list)
        self.deploy_view = None  # set by the cog: builds the deployment components for a DM
        self.remember_thread = None  # async (game_id, thread_id) -> None: stores the thread id
        self.game_locale = None  # (game_id) -> "en" | "ja": the language of a game's channel posts

    def _locale(self, game_id: int) -> str:
        return self.game_locale(game_id) if self.game_locale is not None else "en"

    async def reply(self, interaction: discord.Interaction, reply: Reply) -> None:
        kw: dict = {"ephemeral": reply.ephemeral}
        fs = await files(reply.pictures)
        if reply.file:
            fs.append(discord.File(io.BytesIO(reply.file[1]), filename=reply.file[0]))
        parts = chunks(reply.text)
        allowed = discord.AllowedMentions(users=False, roles=False, everyone=False)
        if interaction.response.is_done():
            for i, part in enumerate(parts):
                await interaction.followup.send(
                    part, files=fs if i == len(parts) - 1 else [], allowed_mentions=allowed, **kw
                )
        else:
            await interaction.response.send_message(
                parts[0], files=fs if len(parts) == 1 else [], allowed_mentions=allowed, **kw
            )
            for i, part in enumerate(parts[1:], 1):
                await interaction.followup.send(
                    part, files=fs if i == len(parts) - 1 else [], allowed_mentions=allowed, **kw
                )
        await self.flush_pending(interaction)

    async def flush_pending(self, interaction: discord.Interaction) -> None:
        """Private messages that could not be DMed go to their owner as ephemeral replies (DESIGN)."""
        queued = self.pending.pop(interaction.user.id, [])
        for dm in queued[-EPHEMERAL_FALLBACK_LIMIT:]:
            await interaction.followup.send(
                chunks(dm.text)[0], files=await files(dm.pictures), ephemeral=True
            )

    async def send(self, messages: list[Message], interaction: discord.Interaction | None = None) -> None:
        for m in messages:
            try:
                if isinstance(m, Post):
                    await self._post(m)
                elif isinstance(m, DM):
                    await self._dm(m, interaction)
                elif isinstance(m, Thread):
                    await self._thread(m)
            except discord.HTTPException:
                log.exception("could not deliver %s", type(m).__name__)

    async def _channel(self, channel_id: int) -> discord.abc.Messageable | None:
        ch = self.client.get_channel(channel_id)
        if ch is None:
            try:
                ch = await self.client.fetch_channel(channel_id)
            except discord.HTTPException:
                log.warning("channel %s is gone", channel_id)
                return None
        return ch  # type: ignore[return-value]

    async def _post(self, m: Post) -> None:
        ch = await self._channel(m.channel_id)
        if ch is None:
            return
        allowed = discord.AllowedMentions(
            users=[discord.Object(u) for u in m.mentions], roles=False, everyone=False
        )
        parts = chunks(m.text)
        for i, part in enumerate(parts):
            await ch.send(
                part, files=(await files(m.pictures)) if i == len(parts) - 1 else [], allowed_mentions=allowed
            )

    async def _dm(self, m: DM, interaction: discord.Interaction | None) -> None:
        if m.user_id in self.closed_dms:
            self._queue(m)
            return
        try:
            user = self.client.get_user(m.user_id) or await self.client.fetch_user(m.user_id)
            view = self.deploy_view(m) if (self.deploy_view and m.deploy) else None
            parts = chunks(m.text)
            for i, part in enumerate(parts):
                last = i == len(parts) - 1
                kw = {"view": view} if (last and view is not None) else {}
                await user.send(part, files=(await files(m.pictures)) if last else [], **kw)
        except discord.Forbidden:
            self.closed_dms.add(m.user_id)
            self._queue(m)
            ch = await self._channel(m.fallback_channel) if m.fallback_channel else None
            if ch is not None:
                await ch.send(
                    t("ui.dms_closed", self._locale(m.game_id), user=m.user_id),
                    allowed_mentions=discord.AllowedMentions(users=[discord.Object(m.user_id)]),
                )
        else:
            self.closed_dms.discard(m.user_id)

    def _queue(self, m: DM) -> None:
        q = self.pending[m.user_id]
        q.append(m)
        del q[:-EPHEMERAL_FALLBACK_LIMIT]

    async def _thread(self, m: Thread) -> None:
        """13.1: the allies' private thread, open only when they may confer."""
        ch = await self._channel(m.channel_id)
        if not isinstance(ch, discord.TextChannel):
            return
        tid = m.thread_id
        thread = ch.get_thread(tid) if tid else None
        if thread is None and tid:
            try:
                thread = await self.client.fetch_channel(tid)  # type: ignore[assignment]
            except discord.HTTPException:
                thread = None
        if thread is None:
            if not m.open:
                return  # nothing to lock yet
            thread = await ch.create_thread(
                name=t("ui.thread_name", self._locale(m.game_id), game=m.game_id),
                type=discord.ChannelType.private_thread,
                invitable=False,
            )
            if self.remember_thread is not None:
                await self.remember_thread(m.game_id, thread.id)
            for u in m.members:
                await thread.add_user(discord.Object(u))
        if isinstance(thread, discord.Thread) and thread.locked == m.open:
            await thread.edit(locked=not m.open, archived=False)
            await thread.send(t("ui.thread_open" if m.open else "ui.thread_locked", self._locale(m.game_id)))
