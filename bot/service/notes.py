"""Private notes: a player's own notes on a game they sit in (``/note``). Shown to that player alone, as an
ephemeral reply, and put in their own export of the game only (as comment lines, which a script's reader
skips); never in a post, a DM to another, the status or another's export. A note is the player's, not the
game's: it changes nothing in the game, so it is one statement of its own (two at once both land), not a
change under the game's lock."""

from __future__ import annotations

from ..i18n import t
from ..outbox import Reply, Result
from ..storage.base import StoreBase
from .common import Caller, Hub, ServiceError, roles_of, shown

LINE_MOST = 500  # characters in one note
NOTES_MOST = 8000  # characters of one player's notes on one game


async def export_lines(store: StoreBase, game_id: int, user_id: int) -> str:
    """The player's notes as the script's comment lines (their own export only)."""
    body = await store.note(game_id, user_id)
    return "".join(f"# note: {line}\n" for line in body.splitlines())


class Notes:
    def __init__(self, svc: Hub) -> None:
        self.svc = svc
        self.store = svc.store

    async def _game(self, caller: Caller, game_id: int | None) -> int:
        """The game meant: the one named, else the caller's channel's; the caller must sit in it."""
        if game_id is None:
            live = await self.svc.games.read_channel(caller.channel_id, finished=True)
        else:
            got = await self.svc.games.read(game_id)
            if got is None:
                raise ServiceError("svc.note_no_game", game=game_id)
            live = got
        if not roles_of(live.row, caller.user_id):
            raise ServiceError("svc.note_not_seated", game=live.row.id)
        return int(live.row.id)

    async def note(
        self, caller: Caller, text: str | None = None, game_id: int | None = None, clear: bool = False
    ) -> Result:
        """``/note [text] [game] [clear]``: add a line, clear them, or (neither) show them."""
        gid = await self._game(caller, game_id)
        loc = caller.loc
        if clear:
            if text:
                raise ServiceError("svc.note_clear_and_text")
            had = await self.store.clear_note(gid, caller.user_id)
            return Result(Reply(t("svc.note_cleared" if had else "svc.note_none", loc, game=gid)))
        if text is None or not text.strip():
            body = await self.store.note(gid, caller.user_id)
            if not body:
                return Result(Reply(t("svc.note_none", loc, game=gid)))
            return Result(Reply(t("svc.note_show", loc, game=gid) + "\n" + body))
        line = " ".join(text.split())  # one line a note
        if len(line) > LINE_MOST:
            raise ServiceError("svc.note_too_long", size=len(line), most=LINE_MOST)
        if not await self.store.add_note(gid, caller.user_id, line, self.svc.clock(), NOTES_MOST):
            raise ServiceError("svc.note_full", most=NOTES_MOST)
        return Result(Reply(t("svc.note_added", loc, game=gid, text=shown(line))))
