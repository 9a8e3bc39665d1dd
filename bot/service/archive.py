"""A finished game's archive: its public picture after each order, stepped through (``/game archive``), and
the whole game as one HTML file that opens with no server (``/game export format:html``).

Only what the public saw leaves here: each picture is the module's board kind drawn for the ``public`` role
from the game replayed to that order (``Picture`` -> ``Service.draw`` -> ``game_at``: the one picture path,
as ``/game map``), the log is the public view's events said in the reader's language, the result is the
module's status line. A game not over is refused: its archive would tell what is still hidden."""

from __future__ import annotations

import asyncio
import io
from dataclasses import dataclass
from typing import Any

from ..archive_html import page
from ..i18n import t
from ..narrate import describe
from ..outbox import Reply
from ..storage import GameRow
from .broadcast import board_picture, status_text
from .common import Caller, ServiceError, module_of

# The HTML export's bounds: a game of hundreds of orders is shown at FRAMES evenly spread orders (the first
# and the last always among them), each picture at most WIDTH pixels wide, and the file kept under MOST_BYTES
# (Discord's upload limit is 10 MB) by leaving out pictures already drawn, evenly (never the first or the
# last), until it fits.
FRAMES = 40
WIDTH = 1300
MOST_BYTES = 8_000_000


@dataclass(frozen=True)
class Shown:
    """One step of the archive: the reply (the text "N of M" and the public picture after order ``at``),
    for the front end to give buttons to (``at`` of ``of`` orders of game ``game_id``)."""

    reply: Reply
    game_id: int
    at: int
    of: int


def sampled(total: int, most: int = FRAMES) -> list[int]:
    """The orders shown of a game of ``total`` orders: every one from 0 (the start) if they fit, else
    ``most`` evenly spread, the start and the end among them."""
    if total + 1 <= most:
        return list(range(total + 1))
    if most < 2:
        return [total]
    return sorted({round(i * total / (most - 1)) for i in range(most)})


def shrink(png: bytes, width: int = WIDTH) -> bytes:
    """A picture at most ``width`` pixels wide (PNG; as it was if already narrow enough). A map's palette
    is smoothed before it is made smaller (a palette picture would be shrunk by dropping pixels: its
    letters broken) and taken again after, 256 colours, which keeps the file as small as the original's."""
    from PIL import Image

    with Image.open(io.BytesIO(png)) as im:
        if im.width <= width:
            return png
        size = (width, max(1, round(im.height * width / im.width)))
        small = im.convert("RGB").resize(size, Image.Resampling.LANCZOS)
        if im.mode == "P":
            small = small.quantize(256, method=Image.Quantize.FASTOCTREE)
        out = io.BytesIO()
        small.save(out, "PNG")
        return out.getvalue()


def _shrunk(pngs: list[bytes]) -> list[bytes]:
    return [shrink(p) for p in pngs]


class Archive:
    """The archive of finished games (``svc``: the ``Service``, whose store, games and pictures it reads;
    nothing here writes a game)."""

    def __init__(self, svc: Any) -> None:
        self.svc = svc

    async def _finished(self, row: GameRow | None) -> GameRow:
        if row is None or row.status == "aborted":
            raise ServiceError("svc.game_gone")
        if row.status != "over":
            raise ServiceError("svc.archive_not_over", game=row.id)
        return row

    def _step(self, row: GameRow, at: int, loc: str) -> Shown:
        of = row.version
        if not 0 <= at <= of:
            raise ServiceError("svc.archive_range", at=at, most=of)
        text = t("svc.archive_step", loc, game=row.id, at=at, of=of)
        return Shown(Reply(text, pictures=[board_picture(row, at, "public", loc)]), row.id, at, of)

    async def show(self, caller: Caller, at: int | None = None) -> Shown:
        """``/game archive``: the channel's latest game, if over, after order ``at`` (default: the start)."""
        live = await self.svc.games.read_channel(caller.channel_id, finished=True)
        row = await self._finished(live.row)
        return self._step(row, 0 if at is None else at, caller.loc)

    async def step(self, game_id: int, at: int, of: int, loc: str) -> Shown:
        """A button's step: game ``game_id`` after order ``at``, the button made when it had ``of`` orders
        (another count: the button is out of date, refused)."""
        live = await self.svc.games.read(game_id)
        row = await self._finished(live.row if live is not None else None)
        if of != row.version:
            raise ServiceError("svc.archive_stale", game=game_id)
        return self._step(row, at, loc)

    async def html(self, caller: Caller) -> Reply:
        """``/game export format:html``: the channel's finished game as one self-contained HTML file."""
        live = await self.svc.games.read_channel(caller.channel_id, finished=True)
        row = await self._finished(live.row)
        game = live.game
        assert game is not None  # a finished game has been played
        loc = caller.loc
        module = module_of(row)
        log = [x for x in (describe(e, loc, game.options, module) for e in game.view("public").events) if x]
        result = status_text(row, game, loc)
        title = t("svc.archive_title", loc, game=row.id, module=module.id)
        shown = sampled(row.version)
        drawn = await asyncio.gather(*(self.svc.draw(board_picture(row, n, "public", loc)) for n in shown))
        frames = list(zip(shown, await asyncio.to_thread(_shrunk, list(drawn)), strict=True))
        while True:
            labels = [t("svc.archive_step", loc, game=row.id, at=n, of=row.version) for n, _png in frames]
            text = page(title, list(zip(labels, (p for _n, p in frames), strict=True)), log, result, loc)
            if len(text.encode()) <= MOST_BYTES or len(frames) <= 2:
                break
            # as many as the bound holds at their mean size, evenly spread, the start and the end kept
            fit = max(2, min(len(frames) - 1, len(frames) * MOST_BYTES // len(text.encode())))
            frames = [frames[i] for i in sampled(len(frames) - 1, fit)]
        return Reply(
            t("svc.archive_html", loc, game=row.id, frames=len(frames), of=row.version + 1),
            file=(f"estafette-game-{row.id}.html", text.encode()),
        )
