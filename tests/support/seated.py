"""A game made through the service with two players seated, as the platform's service tests need it: the
host (user 1) makes it in a channel, users 2 and 3 take the first free seats, the host starts it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from bot.pictures import NoPictures
from bot.service import Caller, Service

GUILD = 9


class Seated(NamedTuple):
    """The service, a caller of a user in the game's channel (``who(user)``), the live game, and the user
    seated at each role."""

    svc: Service
    who: Callable[[int], Caller]
    live: Any
    user: dict[str, int]


async def seated(store: Any, game: str, options: str, channel: int, seed: int = 5) -> Seated:
    """``game`` with ``options`` (``k=v`` text) in ``channel``, started, its dice from ``seed``."""

    def who(user: int) -> Caller:
        return Caller(user_id=user, channel_id=channel, guild_id=GUILD)

    svc = Service(store, pictures=NoPictures(), seed_source=lambda: seed)
    await svc.new_game(who(1), options, game=game)
    await svc.join(who(2))
    await svc.join(who(3))
    await svc.start(who(1))
    live = await svc.current(channel)
    return Seated(svc, who, live, {role: u for role, (u, _bot) in live.row.seats.items()})
