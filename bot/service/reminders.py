"""Reminders players control: each player's own reminder times before a deadline (``8h 2h``)
and quiet hours in their time zone (``23:00-07:00 Europe/Paris``), set with ``/game prefer`` and kept for
the player across games. A reminder that falls in a player's quiet hours waits until they end (if the
deadline has not passed by then); several that fell in them come as one."""

from __future__ import annotations

import datetime as dt
import re
import zoneinfo

from .common import ServiceError, shown

MOST = 10  # reminder times a player may set
QUIET_AGAIN = 60.0  # seconds before a reminder held by quiet hours is looked at again
_TIME = re.compile(r"^(\d+(?:\.\d+)?)\s*(h|m|min|hours?|minutes?)?$")
_QUIET = re.compile(r"^(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})(?:\s+(\S+))?$")


def parse_reminders(text: str) -> list[float] | None:
    """Hours before a deadline: ``8h 2h``, ``8, 2``, ``90m``; ``off`` for none, ``default`` for the game's."""
    words = [w for w in re.split(r"[,\s]+", text.strip().lower()) if w]
    if words in (["default"], []):
        return None
    if words in (["off"], ["none"]):
        return []
    hours: list[float] = []
    for w in words:
        m = _TIME.match(w)
        if not m:
            raise ServiceError("svc.reminders_bad", value=shown(w))
        n = float(m[1]) / (60 if (m[2] or "h").startswith("m") else 1)
        if not 0 < n <= 720:
            raise ServiceError("svc.reminders_bad", value=shown(w))
        hours.append(round(n, 3))
    if len(hours) > MOST:
        raise ServiceError("svc.reminders_many", most=MOST)
    return sorted(set(hours), reverse=True)


def parse_quiet(text: str) -> str | None:
    """``23:00-07:00 Europe/Paris`` (the time zone defaults to UTC); ``off`` for none."""
    t = text.strip()
    if t.lower() in ("off", "none", ""):
        return None
    m = _QUIET.match(t)
    if not m or int(m[1]) > 23 or int(m[3]) > 23 or int(m[2]) > 59 or int(m[4]) > 59:
        raise ServiceError("svc.quiet_bad", value=shown(t))
    zone = m[5] or "UTC"
    try:
        zoneinfo.ZoneInfo(zone)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise ServiceError("svc.quiet_zone", zone=shown(zone)) from None
    return f"{int(m[1]):02d}:{m[2]}-{int(m[3]):02d}:{m[4]} {zone}"


def is_quiet(spec: str | None, now: float) -> bool:
    """Whether ``now`` falls in the quiet hours ``spec`` (``HH:MM-HH:MM Zone``; they may span midnight)."""
    if not spec:
        return False
    span, _, zone = spec.partition(" ")
    start, end = span.split("-")
    local = dt.datetime.fromtimestamp(now, zoneinfo.ZoneInfo(zone or "UTC"))
    minute = local.hour * 60 + local.minute
    a = int(start[:2]) * 60 + int(start[3:])
    b = int(end[:2]) * 60 + int(end[3:])
    return a <= minute < b if a <= b else minute >= a or minute < b


def due(
    users: list[int],
    deadline: float,
    now: float,
    prefs: dict[int, tuple[list[float] | None, str | None]],
    default_hours: float,
    sent: list[str],
) -> dict[int, list[str]]:
    """The players to remind now, each with the reminder keys (``user:hours``) this reminder covers."""
    out: dict[int, list[str]] = {}
    if now >= deadline:
        return out
    for user in users:
        hours, quiet = prefs.get(user, (None, None))
        if hours is None:
            hours = [default_hours] if default_hours > 0 else []
        passed = [
            f"{user}:{h:g}" for h in hours if now >= deadline - h * 3600 and f"{user}:{h:g}" not in sent
        ]
        if passed and not is_quiet(quiet, now):
            out[user] = passed
    return out


def next_due(
    users: list[int],
    deadline: float,
    now: float,
    prefs: dict[int, tuple[list[float] | None, str | None]],
    default_hours: float,
    sent: list[str],
) -> float:
    """When ``due`` may next find someone to remind, or the deadline passes: the earliest reminder not sent
    yet, the deadline if none is earlier. A reminder already due but held by quiet hours: a minute from now
    (the tick looks again, as it did when it looked at every game)."""
    wake = deadline
    for user in users:
        hours = prefs.get(user, (None, None))[0]
        if hours is None:
            hours = [default_hours] if default_hours > 0 else []
        for h in hours:
            if f"{user}:{h:g}" not in sent:
                at = deadline - h * 3600
                wake = min(wake, at if at > now else now + QUIET_AGAIN)
    return wake


def describe(hours: list[float] | None, quiet: str | None, loc: str) -> dict[str, list[str] | str]:
    return {"hours": [f"{h:g}" for h in hours] if hours else [], "quiet": quiet or ""}
