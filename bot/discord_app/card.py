"""The pinned status and the result post as cards (Discord's components v2: ``discord.ui.LayoutView``).

A card is one container: the status's parts as text, a media gallery of the pictures attached to the same
message (``attachment://`` names: only the files actually drawn), and its buttons. A message with
components v2 carries no content and no embeds, at most 40 components counting nested ones, and at most
4000 characters of text; the card keeps under all three (``LIMITS``). The plain text stays the fallback
(``Sender.status_card`` off: ``ESTAFETTE_STATUS_CARD=false``).

Its buttons keep their state in the custom id (game and action), so they work after a restart; a button of
a game that is no longer the channel's latest is refused as out of date."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

from ..i18n import t
from ..outbox import Post, Status
from ..service import ServiceError
from .callers import bot_cog, caller_of

TEXT_LIMIT = 4000  # characters of text in a whole components-v2 message
COMPONENT_LIMIT = 40  # components in a message, nested ones counted
GALLERY_LIMIT = 10  # items in a media gallery
LOG_LINES = 10  # the lines the Log button shows
ACCENT = 0x8A6D3B


def _cut(parts: Sequence[str], most: int, room: int = TEXT_LIMIT - 100) -> list[str]:
    """The parts as at most ``most`` text displays (those past it joined to the last: each is a component,
    and a message holds 40), the last ones shortened (or left out) so that all fit in ``room`` characters."""
    parts = [p for p in parts if p]
    if len(parts) > most:
        parts = [*parts[: most - 1], "\n".join(parts[most - 1 :])]
    out = []
    for p in parts:
        if room <= 0:
            break
        text = p if len(p) <= room else p[: max(room - 1, 0)] + "…"
        out.append(text)
        room -= len(text)
    return [p for p in out if p]


def _gallery(files: Sequence[discord.File]) -> discord.ui.MediaGallery[Any] | None:
    items = [discord.MediaGalleryItem(f"attachment://{f.filename}") for f in files[:GALLERY_LIMIT]]
    return discord.ui.MediaGallery(*items) if items else None


def status_card(m: Status, files: Sequence[discord.File], locale: str = "en") -> discord.ui.LayoutView:
    """The pinned status: the turn, whose move, each bank, the battles and the last events (``m.parts``, else
    its text), the public map and the open battles' boards, and the buttons My view, Orders, Log."""
    view = discord.ui.LayoutView(timeout=None)
    box: discord.ui.Container[Any] = discord.ui.Container(accent_colour=ACCENT)
    # the container, the gallery, the row and its three buttons: the rest of the 40 for the text
    for part in _cut(m.parts or [m.text], COMPONENT_LIMIT - 6):
        box.add_item(discord.ui.TextDisplay(part))
    gallery = _gallery(files)
    if gallery is not None:
        box.add_item(gallery)
    box.add_item(
        discord.ui.ActionRow(
            CardButton(m.game_id, "view", t("ui.card_view", locale)),
            CardButton(m.game_id, "orders", t("ui.card_orders", locale)),
            CardButton(m.game_id, "log", t("ui.card_log", locale)),
        )
    )
    view.add_item(box)
    return view


def result_card(
    game_id: int, m: Post, files: Sequence[discord.File], locale: str = "en", *, rematch: bool = True
) -> discord.ui.LayoutView:
    """The post of a game's end as a card: its text, its pictures, and (in the game's channel) the rematch
    button."""
    view = discord.ui.LayoutView(timeout=None)
    box: discord.ui.Container[Any] = discord.ui.Container(accent_colour=ACCENT)
    for part in _cut(m.text.split("\n\n"), COMPONENT_LIMIT - 4):  # container, gallery, row, button
        box.add_item(discord.ui.TextDisplay(part))
    gallery = _gallery(files)
    if gallery is not None:
        box.add_item(gallery)
    if rematch:
        box.add_item(discord.ui.ActionRow(RematchButton(game_id, t("ui.rematch", locale))))
    view.add_item(box)
    return view


def rematch_view(game_id: int, locale: str = "en") -> discord.ui.View:
    """The rematch button alone, under a result sent as plain text."""
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(game_id, t("ui.rematch", locale)))
    return view


def fits(m: Post) -> bool:
    """Whether a post's text fits one card (a longer one goes as text, in parts)."""
    return len(m.text) <= TEXT_LIMIT - 100


class CardButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.LayoutView]],
    template=r"est:c:(?P<game>\d+):(?P<what>view|orders|log)",
):
    """A button of the pinned status card: the presser's own map (My view), their orders (Orders), the last
    lines of the log as they may see it (Log) — each an ephemeral reply to the presser alone."""

    def __init__(self, game: int, what: str, label: str = "") -> None:
        style = discord.ButtonStyle.primary if what == "orders" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(label=label or what, style=style, custom_id=f"est:c:{game}:{what}")
        )
        self.game, self.what = game, what

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> CardButton:
        return cls(int(match["game"]), match["what"])

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = _cog(interaction)
        await cog._component(interaction, self.game, card_answer(cog, interaction, self.game, self.what))


class RematchButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.LayoutView]],
    template=r"est:r:(?P<game>\d+)",
):
    """The rematch under a game's result: the same game again with the sides swapped, made once every
    player of the finished game pressed it (``bot/service/rematch.py``)."""

    def __init__(self, game: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or "Rematch", style=discord.ButtonStyle.success, custom_id=f"est:r:{game}"
            )
        )
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RematchButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = _cog(interaction)
        call = cog.service.rematch(caller_of(interaction), self.game)
        await cog._component(interaction, self.game, cog.run(interaction, call))


async def card_answer(cog: Any, interaction: discord.Interaction, game_id: int, what: str) -> None:
    """My view, Orders or Log, for the channel's latest game only (a card of an older game is out of date)."""
    caller = caller_of(interaction)
    live = await cog.service.current(caller.channel_id, finished=True)
    if live.id != game_id:
        raise ServiceError("svc.card_stale", game=live.id)
    if what == "view":
        call = cog.service.map(caller)
    elif what == "orders":
        call = cog.service.your_orders(caller)
    else:
        call = cog.service.log_text(caller, LOG_LINES)
    await cog.run(interaction, call)


def _cog(interaction: discord.Interaction) -> Any:
    return bot_cog(interaction)  # by its name: the cog imports this module
