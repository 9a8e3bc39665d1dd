"""Reminders players control (their own times before a deadline, quiet hours in their
time zone) and /mygames across servers."""

from __future__ import annotations

import pytest

from bot.outbox import Post
from bot.pictures import NoPictures
from bot.service import Caller, Service, ServiceError
from bot.service.reminders import is_quiet, parse_quiet, parse_reminders

HOST, ALICE, BOB = 1, 2, 3
START = 1_000_000.0  # 1970-01-12 13:46:40 UTC


class Clock:
    t = START

    def __call__(self) -> float:
        return self.t


def who(user, channel=100, guild=9):
    return Caller(user, channel, guild)


@pytest.fixture
async def env(new_store):
    store = await new_store()
    clock = Clock()
    svc = Service(store, pictures=NoPictures(), clock=clock)
    yield svc, clock
    await svc.idle()


async def game(svc, channel=100, guild=9, hours=10.0):
    await svc.new_game(who(HOST, channel, guild), "setup=historical", deadline_hours=hours)
    await svc.join(who(ALICE, channel, guild), "french")
    await svc.join(who(BOB, channel, guild), "allied")
    await svc.start(who(HOST, channel, guild))


def reminded(out) -> list[tuple[int, ...]]:
    return [m.mentions for m in out if isinstance(m, Post) and "reminder" in m.text]


async def test_each_player_has_their_own_reminder_times(env):
    svc, clock = env
    await svc.prefer(who(ALICE), "reminders", "8h 2h")
    await game(svc)  # the French turn: Alice is awaited, deadline in 10 h
    clock.t = START + 1.9 * 3600
    assert reminded(await svc.tick()) == []
    clock.t = START + 2.1 * 3600  # 8 h before
    assert reminded(await svc.tick()) == [(ALICE,)]
    clock.t = START + 5 * 3600
    assert reminded(await svc.tick()) == []  # once for each time
    clock.t = START + 8.2 * 3600  # 2 h before
    assert reminded(await svc.tick()) == [(ALICE,)]


async def test_a_reminder_in_quiet_hours_waits_until_they_end(env):
    svc, clock = env
    await svc.prefer(who(ALICE), "reminders", "8h")
    r = await svc.prefer(who(ALICE), "quiet", "13:00-16:00 UTC")
    assert "13:00-16:00 UTC" in r.reply.text
    await game(svc)
    clock.t = START + 2.1 * 3600  # 15:52 UTC: quiet
    assert reminded(await svc.tick()) == []
    clock.t = START + 2.3 * 3600  # 16:04 UTC: the quiet hours are over
    assert reminded(await svc.tick()) == [(ALICE,)]


async def test_players_without_their_own_times_get_the_games(env):
    svc, clock = env
    await game(svc)  # reminder 2.5 h before (a quarter of 10 h)
    clock.t = START + 7.6 * 3600
    assert reminded(await svc.tick()) == [(ALICE,)]
    await svc.prefer(who(BOB), "reminders", "off")


@pytest.mark.parametrize(
    ("key", "value", "said"),
    [
        ("reminders", "0h", "hours or minutes"),
        ("reminders", "soon", "hours or minutes"),
        ("reminders", " ".join(f"{h}h" for h in range(1, 13)), "at most"),
        ("quiet", "25:00-07:00", "23:00-07:00"),
        ("quiet", "23:00-07:00 Mars/Olympus", "not a time zone"),
    ],
)
async def test_bad_reminders_and_quiet_hours_are_refused_plainly(env, key, value, said):
    svc, _ = env
    with pytest.raises(ServiceError) as info:
        await svc.prefer(who(ALICE), key, value)
    assert said in str(info.value)


def test_parsing_and_quiet_hours_across_midnight():
    assert parse_reminders("8h, 90m 2") == [8.0, 2.0, 1.5]
    assert parse_reminders("default") is None and parse_reminders("off") == []
    assert parse_quiet("23:00-07:00 Asia/Tokyo") == "23:00-07:00 Asia/Tokyo"
    assert parse_quiet("off") is None
    night = parse_quiet("23:00-07:00 UTC")
    assert is_quiet(night, 3600 * 24 * 10 + 23.5 * 3600) and is_quiet(night, 3600 * 24 * 10 + 3 * 3600)
    assert not is_quiet(night, 3600 * 24 * 10 + 12 * 3600)


async def test_mygames_lists_every_game_a_player_sits_in_across_servers(env):
    svc, _ = env
    await game(svc, channel=100, guild=9)
    await game(svc, channel=200, guild=10)
    await svc.order(who(ALICE, 200, 10), "/end")  # in the second game it is now the Allied turn
    r = await svc.my_games(Caller(ALICE, 0, 0))  # from anywhere, a DM included
    lines = r.reply.text.splitlines()
    assert len(lines) == 2
    assert "<#100>" in lines[0] and "your move" in lines[0] and "deadline <t:" in lines[0]
    assert "<#200>" in lines[1] and "your move" not in lines[1] and "waiting for the Allies" in lines[1]
    r = await svc.my_games(Caller(99, 0, 0))
    assert "no game" in r.reply.text
