"""The time banks' arithmetic (bot/service/clock.py), as properties: a bank never goes below zero and
never runs out while its player is on vacation or in quiet hours, a bonus never passes the cap, a bank is
charged only for its seat's own waiting time less its vacations, and settling in two steps (a restart
between them) is settling once."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.service import clock
from bot.service.reminders import is_quiet

T0 = 1_781_000_000.0  # 2026-06-09
HOUR, DAY = clock.HOUR, clock.DAY

times = st.integers(0, int(20 * DAY)).map(float)  # whole seconds, as the bot's clock is read
banks = st.integers(0, int(10 * DAY)).map(float)
paces = st.sampled_from([p for p in clock.PACES.values() if p is not None])


@st.composite
def vacations(draw) -> list[clock.Span]:
    """A player's vacations: a few disjoint spans in order."""
    out, t = [], T0 - DAY
    for _ in range(draw(st.integers(0, 3))):
        t += draw(st.integers(0, int(5 * DAY)))
        length = draw(st.integers(60, int(4 * DAY)))
        out.append((t, t + length))
        t += length
    return out


@st.composite
def quiets(draw) -> str | None:
    if draw(st.booleans()):
        return None
    a, b = draw(st.integers(0, 23)), draw(st.integers(0, 23))
    m1, m2 = draw(st.sampled_from([0, 30])), draw(st.sampled_from([0, 30]))
    if (a, m1) == (b, m2):
        return None
    zone = draw(st.sampled_from(["UTC", "Europe/Paris", "Asia/Tokyo", "America/New_York"]))
    return f"{a:02d}:{m1:02d}-{b:02d}:{m2:02d} {zone}"


@settings(max_examples=300, deadline=None)
@given(banks, times, times, vacations())
def test_a_bank_is_charged_only_its_waiting_time_less_vacations_and_never_below_zero(bank, a, b, away):
    since, now = T0 + min(a, b), T0 + max(a, b)
    left = clock.charge(bank, since, now, away)
    assert 0 <= left <= bank
    spent = clock.spent(since, now, away)
    assert 0 <= spent <= now - since
    assert left == max(0.0, bank - spent)
    for s, e in away:  # while the player is away the bank does not move
        if since <= s < e <= now:
            assert clock.charge(bank, s, e, away) == bank


@settings(max_examples=300, deadline=None)
@given(banks, times, times, times, vacations())
def test_settling_twice_is_settling_once_so_a_restart_changes_nothing(bank, a, b, c, away):
    t0, t1, t2 = (T0 + x for x in sorted((a, b, c)))
    once = clock.charge(bank, t0, t2, away)
    twice = clock.charge(clock.charge(bank, t0, t1, away), t1, t2, away)
    assert abs(once - twice) < 1e-6


@settings(max_examples=300, deadline=None)
@given(banks, paces, st.integers(1, 40))
def test_a_bonus_never_passes_the_cap(bank, pace, steps):
    left = min(bank, pace.cap)
    for _ in range(steps):
        more = clock.credit(left, pace)
        assert left <= more <= pace.cap
        left = more
    assert clock.credit(pace.cap * 2, pace) == pace.cap * 2  # a bank above it is never cut


@settings(max_examples=300, deadline=None)
@given(banks, times, vacations(), quiets())
def test_a_bank_never_runs_out_while_its_player_is_away_or_asleep(bank, a, away, quiet):
    since = T0 + a
    at = clock.runs_out(bank, since, away, quiet)
    assert at >= since + bank - 1e-6  # the clock only ever runs slower than the wall's
    assert not clock.on_vacation(at, away), (at, away)
    assert not is_quiet(quiet, at), (at, quiet)
    # the bank is at zero then: its own waiting time, less its vacations, is at least the bank
    assert clock.charge(bank, since, at, away) <= 1e-3


@settings(max_examples=300, deadline=None)
@given(banks, times, times, vacations(), quiets())
def test_the_deadline_is_never_before_now_nor_in_a_vacation_or_quiet_hours(bank, a, b, away, quiet):
    since, now = T0 + min(a, b), T0 + max(a, b)
    due = clock.deadline(bank, since, now, away, quiet)
    assert not clock.on_vacation(due, away) and not is_quiet(quiet, due)
    if clock.charge(bank, since, now, away) > 0:
        assert due > now


def test_a_bank_at_zero_during_a_vacation_waits_for_its_end():
    away = [(T0 - HOUR, T0 + 3 * DAY)]
    assert clock.deadline(0.0, T0 - 2 * HOUR, T0, away, None) == T0 + 3 * DAY
    # and one that ran out at night waits for the morning (quiet hours 23:00-07:00 UTC)
    night = T0 - (T0 % DAY) + 2 * HOUR  # 02:00 UTC
    assert clock.deadline(0.0, night - 1, night, [], "23:00-07:00 UTC") == night + 5 * HOUR


def test_paces_and_their_words():
    assert set(clock.PACES) == {"none", "slow", "normal", "fast", "live"} and clock.PACES["none"] is None
    for pace in clock.PACES.values():
        if pace is not None:
            assert 0 < pace.bonus <= pace.start <= pace.cap
    live = clock.PACES["live"]
    assert live is not None and live.cap <= HOUR  # two players online, a step fought through at once
    assert clock.said(2 * DAY + 3 * HOUR + 59) == "2d 3h" and clock.said(5 * HOUR + 20 * 60) == "5h 20m"
    assert clock.said(12 * 60 + 5) == "12m" and clock.said(-5) == "0m" and clock.said(DAY) == "1d"
