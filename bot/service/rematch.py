"""A rematch with the sides swapped, from the button under a finished game's result.

Every player of the finished game presses it (the first asks, the others accept); each press is a change of
the finished game under its lock (``GameSettings.rematch_asked``), said in its channel through the outbox.
The press that completes the set — one press alone, since presses take their turn on the lock — makes the
new game: in the same channel, the same game module, options and settings, each seat's holder (a player, or
a bot player) moved to the next seat in the module's order of seats, and starts it. With two seats that is
the swap of sides; with more, every holder takes the seat after theirs (the module names no sides, and a
swap of unequal teams would put two players in one seat). The finished game then records the new game's id
(``rematch_game``): a later press is refused as done."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from ..i18n import t
from ..outbox import Post, Reply, Result
from ..storage import GameSettings
from .common import Caller, ServiceError, language, module_of, options_of
from .core import Change
from .lobby import Lobby

if TYPE_CHECKING:
    from .common import Hub


def swapped(
    roles: tuple[str, ...], seats: dict[str, tuple[int | None, bool]]
) -> dict[str, tuple[int | None, bool]]:
    """Each seat's holder moved to the next seat in ``roles`` (two seats: the sides swapped)."""
    n = len(roles)
    return {roles[(i + 1) % n]: seats[r] for i, r in enumerate(roles) if r in seats}


def players(seats: dict[str, tuple[int | None, bool]]) -> list[int]:
    """The people seated (bot seats have nobody to ask)."""
    return sorted({u for u, is_bot in seats.values() if u and not is_bot})


def _who(users: list[int]) -> list[str]:
    return [f"<@{u}>" for u in users]


class Rematch:
    def __init__(self, svc: Hub, lobby: Lobby) -> None:
        self.svc = svc
        self.lobby = lobby
        self.games = svc.games
        self.store = svc.store

    async def press(self, caller: Caller, game_id: int) -> Result:
        """One press of the rematch button of game ``game_id``."""
        live = await self.games.read(game_id)
        if live is None:
            raise ServiceError("svc.no_game")
        loc = caller.loc

        async def ask(ch: Change) -> tuple[Result, bool]:
            row, s = ch.row, ch.row.settings
            if row.status != "over":
                raise ServiceError("svc.rematch_not_over", game=row.id)
            if caller.user_id not in players(row.seats):
                raise ServiceError("svc.rematch_not_player", game=row.id)
            if s.rematch_game:
                raise ServiceError("svc.rematch_made", game=s.rematch_game)
            if caller.user_id in s.rematch_asked:
                raise ServiceError("svc.rematch_twice", game=row.id)
            asked = [*s.rematch_asked, caller.user_id]
            ch.settings().rematch_asked = asked
            waiting = [u for u in players(row.seats) if u not in asked]
            if not waiting:
                return Result(Reply(t("svc.rematch_making", loc, game=row.id))), True
            ch.send(
                Post(
                    row.channel_id,
                    t(
                        "svc.rematch_asked",
                        language(row),
                        user=caller.user_id,
                        game=row.id,
                        who=_who(waiting),
                    ),
                    mentions=tuple(waiting),
                )
            )
            return Result(Reply(t("svc.rematch_you_asked", loc, game=row.id, who=_who(waiting)))), False

        asked: tuple[Result, bool] = await self.games.change(game_id, ask)
        res, ready = asked
        if not ready:
            return res
        try:
            gid = await self._make(game_id)
        except ServiceError:

            async def forget(ch: Change) -> None:  # nothing was made: the players may ask again later
                ch.settings().rematch_asked = []

            await self.games.change(game_id, forget)
            raise

        async def made(ch: Change) -> None:
            ch.settings().rematch_game = gid

        await self.games.change(game_id, made)
        return Result(Reply(t("svc.rematch_started", loc, game=gid, old=game_id)))

    async def _make(self, old_id: int) -> int:
        """The new game, its seats swapped, started (each step a change of its own under its lock)."""
        live = await self.games.read(old_id)
        assert live is not None
        old = live.row
        module = module_of(old)
        opts = options_of(old)
        s = old.settings
        settings = GameSettings(
            deadline_hours=s.deadline_hours,
            reminder_hours=s.reminder_hours,
            deadline_action=s.deadline_action,
            pace=s.pace,
            language=s.language,
            rated=s.rated,
            handover_host=s.handover_host,
            dice_salt=secrets.token_hex(16),  # a new game, a new dice commitment (bot/verify.py)
        )

        async def create() -> int:
            return await self.store.create_game(
                old.guild_id,
                old.channel_id,
                old.host_id,
                module.options_dict(opts),
                self.svc.seed_source(),
                settings,
                module=module.id,
            )

        gid: int = await self.games.create(old.channel_id, create)
        seats = swapped(tuple(module.roles(opts)), old.seats)

        async def seat(ch: Change) -> None:
            for role, (user, is_bot) in seats.items():
                ch.seat(role, user, is_bot=is_bot)
            lang = language(ch.row)
            said = [
                t("svc.rematch_seat", lang, role=r, user=u) if u and not b else r
                for r, (u, b) in seats.items()
            ]
            ch.send(Post(ch.row.channel_id, t("svc.rematch_new", lang, game=gid, old=old_id, who=said)))

        await self.games.change(gid, seat)
        host = Caller(
            user_id=old.host_id,
            channel_id=old.channel_id,
            guild_id=old.guild_id,
            locale=old.settings.language,
        )
        await self.lobby.start(host)
        return gid
