"""Sending through discord.py: replies to interactions, and the outbox (posts with pictures, DMs with a
fallback, the private thread).

A reply that fails (the interaction expired after 3 s, or was acknowledged already because Discord
delivered it twice) is logged and dropped: what the change must send is in the outbox and goes anyway
(``bot.delivery``). Channel posts and DMs carry a nonce made from the outbox item, so that a resend after a
crash is not a second message. A player whose DMs are closed is told so once in the game channel (without
secrets), retried with a back-off, and handed their private messages — deployment buttons included — as
ephemeral replies at their next interaction."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from ..delivery import Outcome
from ..i18n import t
from ..outbox import DM, LeagueThread, Picture, Post, Reply, Standings, Status, Thread, message_from
from ..storage import OutboxRow
from . import card

if TYPE_CHECKING:
    from ..service import Service

log = logging.getLogger("estafette.discord")
EPHEMERAL_FALLBACK_LIMIT = 5  # private messages handed over to a player whose DMs are closed
LIMIT = 2000  # Discord's message content limit
NO_MENTIONS = discord.AllowedMentions(users=False, roles=False, everyone=False)
EXPIRED = (10062, 10015, 50027)  # unknown interaction, unknown webhook, invalid webhook token
ACKNOWLEDGED = 40060


def chunks(text: str, size: int = LIMIT - 50) -> list[str]:
    """Discord's limit is 2,000 characters a message: split on line breaks (every part is sent)."""
    out, cur = [], ""
    for line in text.split("\n"):
        while len(line) > size:
            if cur:
                out.append(cur)
                cur = ""
            out.append(line[:size])
            line = line[size:]
        if cur and len(cur) + len(line) + 1 > size:
            out.append(cur)
            cur = line
        else:
            cur = f"{cur}\n{line}" if cur else line
    if cur or not out:
        out.append(cur)
    return out


class Sender:
    """Delivers replies and outbox items. ``draw`` makes a picture's bytes (``Service.draw``)."""

    def __init__(self, client: discord.Client, service: Service) -> None:
        self.client = client
        self.service = service
        self.dm_view: Callable[[DM], Awaitable[discord.ui.View | None]] | None = None  # set by the cog
        self.post_view: Callable[[int, Post], discord.ui.View | None] | None = None  # set by the cog
        # a league's threads and standings (set by the league cog; ``discord_app/leagues.py``)
        self.league: Callable[[OutboxRow, LeagueThread | Standings], Awaitable[Outcome]] | None = None
        # the pinned status and the result post as cards (components v2), else as plain text
        self.status_card = False

    async def files(self, pictures: list[Picture]) -> list[discord.File]:
        """The message's pictures, drawn side by side; one that cannot be drawn is left out (logged)."""
        drawn = await asyncio.gather(*(self.service.draw(p) for p in pictures), return_exceptions=True)
        out = []
        for p, png in zip(pictures, drawn, strict=True):
            if isinstance(png, BaseException):  # a picture not drawn does not hold back the message
                log.error("picture %s could not be drawn", p.filename, exc_info=png)
                continue
            out.append(discord.File(io.BytesIO(png), filename=p.filename))
        return out

    async def prepare(self, item: OutboxRow) -> None:
        """Draw an outbox item's pictures, side by side, before its turn to be sent (``bot.delivery``): a
        failure is left for ``files`` to log when it asks again. (Pictures not kept are drawn when sent.)"""
        if not self.service.pictures_kept:
            return
        m = message_from(item.kind, item.target, item.body, item.game_id)
        pictures = [*getattr(m, "pictures", ()), *(getattr(m, "boards", ()) if self.status_card else ())]
        await asyncio.gather(*(self.service.draw(p) for p in pictures), return_exceptions=True)

    # --- replies ----------------------------------------------------------------------------------------
    async def reply(
        self, interaction: discord.Interaction, reply: Reply, view: discord.ui.View | None = None
    ) -> bool:
        """Answer the interaction (all of a long text, the pictures and file with the last part). Never
        raises for an expired or already answered interaction: returns whether it got through."""
        fs = await self.files(reply.pictures)
        if reply.file:
            fs.append(discord.File(io.BytesIO(reply.file[1]), filename=reply.file[0]))
        return await self.answer(interaction, reply.text, files=fs, ephemeral=reply.ephemeral, view=view)

    async def answer(
        self,
        interaction: discord.Interaction,
        text: str,
        *,
        files: list[discord.File] | None = None,
        ephemeral: bool = True,
        view: discord.ui.View | None = None,
    ) -> bool:
        parts = chunks(text)
        try:
            for i, part in enumerate(parts):
                last = i == len(parts) - 1
                kw: dict[str, Any] = {"ephemeral": ephemeral, "allowed_mentions": NO_MENTIONS}
                if last and files:
                    kw["files"] = files
                if last and view is not None:
                    kw["view"] = view
                if interaction.response.is_done():
                    await interaction.followup.send(part, **kw)
                else:
                    await interaction.response.send_message(part, **kw)
        except discord.HTTPException as e:
            if e.code == ACKNOWLEDGED:
                log.info("interaction %s was answered already (delivered twice)", interaction.id)
            elif e.code in EXPIRED:
                log.warning("interaction %s expired before its reply (its messages go on)", interaction.id)
            else:
                log.warning("reply to interaction %s failed: %s", interaction.id, e)
            return False
        except discord.InteractionResponded:
            log.info("interaction %s was answered already", interaction.id)
            return False
        return True

    async def flush_pending(self, interaction: discord.Interaction) -> None:
        """Private messages that could not be DMed go to their owner as ephemeral replies (docs/service.md):
        the last few, deployment buttons included; older ones are superseded."""
        user = interaction.user.id
        refused = await self.service.refused_dms(user)
        if not refused:
            return
        for old in refused[:-EPHEMERAL_FALLBACK_LIMIT]:
            await self.service.handed_over(old.id, "superseded: handed over as an ephemeral reply")
        for item in refused[-EPHEMERAL_FALLBACK_LIMIT:]:
            m = message_from(item.kind, item.target, item.body, item.game_id)
            assert isinstance(m, DM)
            view = await self.dm_view(m) if (self.dm_view and (m.forms or m.picks)) else None
            fs = await self.files(m.pictures) + self._file(m)
            if await self.answer(interaction, m.text, files=fs, ephemeral=True, view=view):
                await self.service.handed_over(item.id, "handed over as an ephemeral reply")

    @staticmethod
    def _file(m: DM) -> list[discord.File]:
        if not m.file:
            return []
        return [discord.File(io.BytesIO(m.file[1].encode()), filename=m.file[0])]

    # --- the outbox ---------------------------------------------------------------------------------------
    async def deliver(self, item: OutboxRow) -> Outcome:
        """One outbox item (``bot.delivery.Outbox`` calls this)."""
        m = message_from(item.kind, item.target, item.body, item.game_id)
        try:
            if isinstance(m, Post):
                return await self._post(item, m)
            if isinstance(m, DM):
                return await self._dm(item, m)
            if isinstance(m, Status):
                return await self._status(item, m)
            if isinstance(m, (LeagueThread, Standings)):
                if self.league is None:  # no league cog loaded: kept until one is
                    return Outcome.retry("no league front")
                return await self.league(item, m)
            return await self._thread(m)
        except discord.NotFound as e:
            return Outcome.dropped(f"gone: {e}")
        except discord.Forbidden as e:
            return Outcome.dropped(f"forbidden: {e}")
        except discord.HTTPException as e:
            if e.status is not None and 400 <= e.status < 500 and e.status != 429:
                log.error("Discord refused outbox item %s (game %s): %s", item.id, item.game_id, e)
                return Outcome.dropped(f"refused: {e}")
            return Outcome.retry(f"{e.status}: {e}")

    async def _channel(self, channel_id: int) -> Any:
        ch = self.client.get_channel(channel_id)
        if ch is None:
            ch = await self.client.fetch_channel(channel_id)  # NotFound: the channel is gone
        return ch

    async def _send_parts(
        self,
        target: discord.abc.Messageable,
        item: OutboxRow,
        text: str,
        files: list[discord.File],
        **kw: Any,
    ) -> None:
        parts = chunks(text)
        for i, part in enumerate(parts):
            last = i == len(parts) - 1
            extra = dict(kw) if last else {k: v for k, v in kw.items() if k != "view"}
            await target.send(part, files=files if last else [], nonce=f"e{item.id}.{i}", **extra)

    async def _post(self, item: OutboxRow, m: Post) -> Outcome:
        ch = await self._channel(m.channel_id)
        allowed = discord.AllowedMentions(
            users=[discord.Object(u) for u in m.mentions], roles=False, everyone=False
        )
        kw: dict[str, Any] = {"allowed_mentions": allowed}
        if self.post_view and m.handover:  # a deadline's notice: the buttons of the handover vote
            kw["view"] = self.post_view(item.game_id, m)
        if m.result:  # the result: as a card, or as text with the rematch button (in the game's channel)
            loc = self.service.game_locale(item.game_id)
            live = await self.service.game(item.game_id)
            here = live is not None and m.channel_id == live.row.channel_id
            if self.status_card and card.fits(m):
                files = (await self.files(m.pictures))[: card.GALLERY_LIMIT]
                view = card.result_card(item.game_id, m, files, loc, rematch=here)
                await ch.send(files=files, view=view, nonce=f"e{item.id}.0", **kw)
                return Outcome.done()
            if here and "view" not in kw:
                kw["view"] = card.rematch_view(item.game_id, loc)
        await self._send_parts(ch, item, m.text, await self.files(m.pictures), **kw)
        return Outcome.done()

    async def _dm(self, item: OutboxRow, m: DM) -> Outcome:
        try:
            # the DM channel, kept by discord.py once opened: no request to fetch the user before each DM
            user = await self.client.create_dm(discord.Object(m.user_id))
            view = await self.dm_view(m) if (self.dm_view and (m.forms or m.picks)) else None
            kw: dict[str, Any] = {"view": view} if view is not None else {}
            await self._send_parts(user, item, m.text, await self.files(m.pictures) + self._file(m), **kw)
        except discord.Forbidden:
            if await self.service.dms_closed_since(m.user_id) is None:
                await self.service.set_dms_closed(m.user_id, item.created)
                await self._dms_closed_notice(m)
            return Outcome.retry("dms closed")
        if await self.service.dms_closed_since(m.user_id) is not None:
            await self.service.set_dms_closed(m.user_id, None)
        return Outcome.done()

    async def _status(self, item: OutboxRow, m: Status) -> Outcome:
        """The pinned status message: edited in place; made (and pinned) the first time, or again if it was
        deleted. The outbox sends only the latest of several waiting, so a busy game edits it rarely;
        Discord's rate limits are waited out here, never in a reply."""
        ch = await self._channel(m.channel_id)
        if self.status_card:
            return await self._status_card(item, m, ch)
        text = chunks(m.text)[0]
        mid = await self.service.status_message(m.game_id)
        if mid:
            try:
                await ch.get_partial_message(mid).edit(
                    content=text, attachments=await self.files(m.pictures), allowed_mentions=NO_MENTIONS
                )
                return Outcome.done()
            except discord.NotFound:
                mid = 0  # deleted: make a new one
        msg = await ch.send(
            text, files=await self.files(m.pictures), nonce=f"e{item.id}.0", allowed_mentions=NO_MENTIONS
        )
        try:
            await msg.pin(reason="Estafette: the game's status")
        except discord.HTTPException as e:  # no permission to pin, or the channel's pins are full
            log.warning("could not pin the status of game %s: %s", m.game_id, e)
        await self.service.set_status_message(m.game_id, msg.id)
        return Outcome.done()

    async def _status_card(self, item: OutboxRow, m: Status, ch: Any) -> Outcome:
        """The pinned status as a card: edited in place (its text and pictures replaced), made and pinned the
        first time or again if it was deleted."""
        if m.boards:  # its boards drawn after the waiting posts' pictures: the posts first
            await self.service.pictures.after_public()
        files = (await self.files([*m.pictures, *m.boards]))[: card.GALLERY_LIMIT]  # each one shown
        view = card.status_card(m, files, self.service.game_locale(m.game_id))
        mid = await self.service.status_message(m.game_id)
        if mid:
            try:
                # content None: a status pinned as text before turns into the card
                await ch.get_partial_message(mid).edit(
                    content=None, view=view, attachments=files, allowed_mentions=NO_MENTIONS
                )
                return Outcome.done()
            except discord.NotFound:
                mid = 0
        msg = await ch.send(view=view, files=files, nonce=f"e{item.id}.0", allowed_mentions=NO_MENTIONS)
        try:
            await msg.pin(reason="Estafette: the game's status")
        except discord.HTTPException as e:
            log.warning("could not pin the status of game %s: %s", m.game_id, e)
        await self.service.set_status_message(m.game_id, msg.id)
        return Outcome.done()

    async def _dms_closed_notice(self, m: DM) -> None:
        if not m.fallback_channel:
            return
        try:
            ch = await self._channel(m.fallback_channel)
            await ch.send(
                t("ui.dms_closed", self.service.game_locale(m.game_id), user=m.user_id),
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(m.user_id)]),
            )
        except discord.HTTPException:
            log.warning(
                "could not tell channel %s that <@%s>'s DMs are closed", m.fallback_channel, m.user_id
            )

    async def _thread(self, m: Thread) -> Outcome:
        """13.1: the partners' private thread, open only when they may confer."""
        ch = await self._channel(m.channel_id)
        if not isinstance(ch, discord.TextChannel):
            return Outcome.dropped("not a text channel")
        loc = self.service.game_locale(m.game_id)
        tid = await self.service.thread_id(m.game_id)
        thread: discord.Thread | discord.abc.GuildChannel | discord.abc.PrivateChannel | None
        thread = ch.get_thread(tid) if tid else None
        if thread is None and tid:
            try:
                thread = await self.client.fetch_channel(tid)
            except discord.NotFound:
                thread = None
        if thread is None:
            if not m.open:
                return Outcome.done()  # nothing to lock yet
            thread = await ch.create_thread(
                name=t("ui.thread_name", loc, game=m.game_id),
                type=discord.ChannelType.private_thread,
                invitable=False,
            )
            await self.service.set_thread(m.game_id, thread.id)
            for u in m.members:
                await thread.add_user(discord.Object(u))
        if isinstance(thread, discord.Thread) and thread.locked == m.open:
            await thread.edit(locked=not m.open, archived=False)
            await thread.send(t("ui.thread_open" if m.open else "ui.thread_locked", loc))
        return Outcome.done()
