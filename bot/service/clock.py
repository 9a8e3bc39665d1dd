"""Paces and time banks: the arithmetic, pure (no store, no clock of its own: every time is given).

A game's pace (``/game new pace:``) gives each seat a bank of time: a starting amount, a bonus for each step
the player completes, and a cap. A seat's bank runs only while the game waits for that seat (its own waiting
time); it stops while its player is on vacation; it never goes below zero; and a bank that reaches zero in
the player's quiet hours or on vacation waits at zero until they end. Then the game's ``deadline_action``
plays for that seat alone. A game without a pace keeps its fixed deadline per step (``deadline_hours``)."""

from __future__ import annotations

import datetime as dt
import zoneinfo
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .reminders import is_quiet

HOUR = 3600.0
DAY = 24 * HOUR

Span = tuple[float, float]  # [start, end) in seconds since the epoch


@dataclass(frozen=True)
class Pace:
    name: str
    start: float  # seconds in a new bank
    bonus: float  # seconds added for each completed step
    cap: float  # a bank never holds more
    reminder_hours: float  # the game's reminder before a bank runs out


# none: no clock at all; live: two players online fighting a step through at once (many small sealed steps)
PACES: dict[str, Pace | None] = {
    "none": None,
    "slow": Pace("slow", 5 * DAY, 1 * DAY, 7 * DAY, 24.0),
    "normal": Pace("normal", 3 * DAY, 12 * HOUR, 5 * DAY, 8.0),
    "fast": Pace("fast", 1 * DAY, 4 * HOUR, 2 * DAY, 2.0),
    "live": Pace("live", 30 * 60.0, 3 * 60.0, 60 * 60.0, 0.1),
}


def pace_of(name: str | None) -> Pace | None:
    """The pace of a game's settings (None: a fixed deadline, or the pace ``none``)."""
    return PACES.get(name) if name else None


def overlap(a: float, b: float, spans: Iterable[Span]) -> float:
    """Seconds of [a, b) inside the union of ``spans``."""
    out, cursor = 0.0, a
    for s, e in sorted(spans):
        s, e = max(s, cursor), min(e, b)
        if e > s:
            out += e - s
            cursor = e
    return out


def spent(since: float, now: float, vacations: Sequence[Span]) -> float:
    """The bank time a waiting seat spends from ``since`` to ``now``: its waiting time, less its vacations."""
    if now <= since:
        return 0.0
    return (now - since) - overlap(since, now, vacations)


def charge(bank: float, since: float, now: float, vacations: Sequence[Span]) -> float:
    """The bank after waiting from ``since`` to ``now`` (never below zero)."""
    return max(0.0, bank - spent(since, now, vacations))


def credit(bank: float, pace: Pace) -> float:
    """The bank after a completed step: the bonus, never past the cap (a bank already above it keeps it)."""
    return max(bank, min(pace.cap, bank + pace.bonus))


def on_vacation(t: float, vacations: Sequence[Span]) -> bool:
    return any(s <= t < e for s, e in vacations)


def quiet_end(spec: str | None, t: float) -> float:
    """The first moment at or after ``t`` outside the quiet hours ``spec`` (``HH:MM-HH:MM Zone``)."""
    if not spec or not is_quiet(spec, t):
        return t
    span, _, zone = spec.partition(" ")
    end = span.split("-")[1]
    local = dt.datetime.fromtimestamp(t, zoneinfo.ZoneInfo(zone or "UTC"))
    at = local.replace(hour=int(end[:2]), minute=int(end[3:]), second=0, microsecond=0)
    for _ in range(3):  # today's end, else tomorrow's (a span over midnight; a change of clocks)
        if at.timestamp() > t and not is_quiet(spec, at.timestamp()):
            return at.timestamp()
        at += dt.timedelta(days=1)
    step = t
    while is_quiet(spec, step):  # a zone whose clocks jump over the end: minute by minute, a day at most
        step += 60
        if step - t > DAY:
            return t
    return step


def awake(t: float, vacations: Sequence[Span], quiet: str | None) -> float:
    """The first moment at or after ``t`` when the player is neither on vacation nor in quiet hours."""
    for _ in range(len(vacations) + 8):
        moved = quiet_end(quiet, t)
        for s, e in vacations:
            if s <= moved < e:
                moved = e
        if moved == t:
            return t
        t = moved
    return t


def runs_out(bank: float, since: float, vacations: Sequence[Span], quiet: str | None) -> float:
    """When a bank of ``bank`` seconds at ``since``, waited on from then, is at zero with its player awake:
    the clock stops during vacations, and a bank at zero waits out quiet hours and vacations."""
    t, left = since, bank
    for s, e in sorted(vacations):
        if e <= t:
            continue
        if s > t:
            if t + left <= s:
                break
            left -= s - t
        t = max(t, e)
    return awake(t + left, vacations, quiet)


def deadline(bank: float, since: float, now: float, vacations: Sequence[Span], quiet: str | None) -> float:
    """The moment the game's deadline action plays for a seat: when its bank runs out, or, if that passed
    while its player slept or was away, the moment they are awake again (never before ``now``'s)."""
    at = runs_out(bank, since, vacations, quiet)
    return at if at > now else awake(now, vacations, quiet)


def said(seconds: float) -> str:
    """A bank in few words: ``2d 3h``, ``5h 20m``, ``12m``."""
    m = int(max(0.0, seconds) // 60)
    d, m = divmod(m, 24 * 60)
    h, m = divmod(m, 60)
    if d:
        return f"{d}d {h}h" if h else f"{d}d"
    if h:
        return f"{h}h {m}m" if m else f"{h}h"
    return f"{m}m"
