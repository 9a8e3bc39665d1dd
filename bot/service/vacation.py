"""Vacations: a player's days away, a number a year (the club's setting, ``ESTAFETTE_VACATION_DAYS``). A
vacation stops the player's clocks in every game they sit in (``clock.py``: their banks do not run, a bank at
zero waits, a fixed deadline that passes while they are away waits for their return) and each of those
games' channels is told, by a change of that game (its lock, its outbox)."""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import math
import re

from ..i18n import t
from ..outbox import Message, Post, Reply, Result
from .clock import DAY
from .common import Caller, Hub, ServiceError, language, shown
from .core import Change

log = logging.getLogger("estafette.service")
DAYS_A_YEAR = 21  # the default of the club's setting
AHEAD = 366  # days: the latest a vacation may be planned to begin
_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")


def year_of(t: float) -> tuple[float, float]:
    """The calendar year (UTC) holding ``t``, as [start, end)."""
    y = dt.datetime.fromtimestamp(t, dt.UTC).year
    a = dt.datetime(y, 1, 1, tzinfo=dt.UTC).timestamp()
    return a, dt.datetime(y + 1, 1, 1, tzinfo=dt.UTC).timestamp()


def days_of(start: float, until: float) -> int:
    """The days a vacation uses: each day begun counts."""
    return max(0, math.ceil((until - start) / DAY - 1e-9))


def parse_date(text: str, now: float) -> float:
    """``YYYY-MM-DD`` (UTC) as the moment a vacation begins: today's date is now; a date before today, or more
    than a year ahead, is refused."""
    m = _DATE.match(text.strip())
    try:
        if not m:
            raise ValueError
        day = dt.datetime(int(m[1]), int(m[2]), int(m[3]), tzinfo=dt.UTC).timestamp()
    except ValueError:
        raise ServiceError("svc.vacation_date_bad", value=shown(text)) from None
    today = dt.datetime.fromtimestamp(now, dt.UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    if day < today.timestamp() or day > now + AHEAD * DAY:
        raise ServiceError("svc.vacation_date_range", value=shown(text), most=AHEAD)
    return max(day, now)


class Vacations:
    def __init__(self, svc: Hub) -> None:
        self.svc = svc
        self.store = svc.store
        self.locks: dict[int, asyncio.Lock] = {}  # one player's vacation commands one at a time

    @property
    def allowance(self) -> int:
        return int(getattr(self.svc, "vacation_days", DAYS_A_YEAR))

    async def used(self, user: int, at: float) -> int:
        a, b = year_of(at)
        return sum(days_of(s, e) for s, e in await self.store.vacation_spans(user, a, b))

    async def start(self, caller: Caller, days: int, begin: str | None = None) -> Result:
        """``/vacation start days:N [from:YYYY-MM-DD]``: the days must be left in the year it begins."""
        loc, now = caller.loc, self.svc.clock()
        if not isinstance(days, int) or isinstance(days, bool) or not 1 <= days <= self.allowance:
            raise ServiceError("svc.vacation_days_bad", value=shown(str(days)), most=self.allowance)
        at = parse_date(begin, now) if begin else now
        until = at + days * DAY
        await self.svc.seen(caller)
        async with self.locks.setdefault(caller.user_id, asyncio.Lock()):
            left = self.allowance - await self.used(caller.user_id, at)
            if days > left:
                raise ServiceError("svc.vacation_too_long", days=days, left=max(0, left))
            if not await self.store.add_vacation(caller.user_id, at, until, now):
                away = (await self.store.vacations([caller.user_id], now)).get(caller.user_id, [])
                raise ServiceError("svc.vacation_already", until=int(away[0][1]) if away else int(now))
        out = await self._tell(caller.user_id, "svc.vacation_started", start=int(at), until=int(until))
        text = t("svc.vacation_set", loc, start=int(at), until=int(until), left=left - days)
        return Result(Reply(text), out)

    async def end(self, caller: Caller) -> Result:
        """``/vacation end``: the clocks run again now (a vacation not begun yet is dropped)."""
        now = self.svc.clock()
        await self.svc.seen(caller)
        async with self.locks.setdefault(caller.user_id, asyncio.Lock()):
            had = await self.store.end_vacation(caller.user_id, now)
            if had is None:
                raise ServiceError("svc.vacation_none")
            left = self.allowance - await self.used(caller.user_id, had[0])
        out = await self._tell(caller.user_id, "svc.vacation_ended") if had[0] < now else []
        return Result(Reply(t("svc.vacation_over", caller.loc, left=max(0, left))), out)

    async def show(self, caller: Caller) -> Result:
        """``/vacation show``: the days left this year, and the vacation taken or planned."""
        now = self.svc.clock()
        left = max(0, self.allowance - await self.used(caller.user_id, now))
        away = (await self.store.vacations([caller.user_id], now)).get(caller.user_id, [])
        if away:
            s, e = away[0]
            text = t("svc.vacation_planned", caller.loc, start=int(s), until=int(e), left=left)
        else:
            text = t("svc.vacation_left", caller.loc, left=left, most=self.allowance)
        return Result(Reply(text))

    async def _tell(self, user: int, key: str, **params: int) -> list[Message]:
        """Each open game the player sits in: its channel told, its clocks settled again (a change each)."""
        out: list[Message] = []
        for gid in await self.store.games_of_user(user):
            row = await self.store.game(gid)
            if row is None or row.status not in ("lobby", "running"):
                continue

            async def fn(ch: Change) -> list[Message]:
                row = ch.row
                if row.status not in ("lobby", "running"):
                    return []
                ch.send(Post(row.channel_id, t(key, language(row), user=user, **params)))
                if row.status == "running":
                    await self.svc.deadlines.arm(ch, force=True)
                return list(ch.outbox)

            try:
                out += await self.svc.games.change(gid, fn)
            except ServiceError:  # one game that cannot be changed must not keep the others untold
                log.warning("game %s: a vacation could not be told", gid, exc_info=True)
        return out
