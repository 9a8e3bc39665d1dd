"""Paces and time banks, vacations (bot/service/clock.py, deadlines.py, vacation.py) through the service, on
both backends: each seat's bank charged only for its own waiting time, a bonus per completed step up to the
cap, the deadline action for the seat whose bank is at zero (and for it alone), a bank at zero that waits out
its player's quiet hours and vacation, /vacation told in every game's channel, its days a year, two users at
the same instant, and a game stored before paces keeping its fixed deadline."""

from __future__ import annotations

import asyncio
import io

import pytest

from bot.outbox import Post, Status
from bot.pictures import NoPictures
from bot.service import Caller, Service, ServiceError
from bot.service.clock import DAY, HOUR, PACES
from engine import modules

T0 = 1_781_000_000.0  # 2026-06-09 10:13:20 UTC
HOST, ALICE, BOB = 1, 2, 3
CH = 100


class Clock:
    def __init__(self) -> None:
        self.t = T0

    def __call__(self) -> float:
        return self.t


def who(user: int, channel: int = CH) -> Caller:
    return Caller(user, channel, 9)


@pytest.fixture
async def env(dash, new_store):
    store = await new_store()
    clock = Clock()
    svc = Service(store, pictures=NoPictures(), clock=clock, seed_source=lambda: 7)
    yield svc, clock
    await svc.idle()


async def dash_game_live(svc: Service, channel: int = CH, pace: str = "live") -> None:
    """A Dash game (red moves first, then the two alternate: D1) at a pace, Alice red, Bob blue."""
    await svc.new_game(who(HOST, channel), "length=30", game="dash", pace=pace)
    await svc.join(who(ALICE, channel), "red")
    await svc.join(who(BOB, channel), "blue")
    await svc.start(who(HOST, channel))


async def settings_of(svc: Service, channel: int = CH):
    return (await svc.current(channel)).row.settings


def texts(out) -> list[str]:
    return [m.text for m in out if isinstance(m, Post)]


async def test_a_bank_is_charged_only_for_its_own_waiting_time_and_gains_a_bonus_per_step(env):
    svc, clock = env
    live = PACES["live"]
    assert live is not None
    await dash_game_live(svc)
    s = await settings_of(svc)
    assert s.pace == "live" and s.banks == {"red": live.start, "blue": live.start}
    assert s.clocks == ["red"] and s.due_at == T0 + live.start and s.deadline_hours == 0
    clock.t = T0 + 600  # red thinks ten minutes
    res = await svc.order(who(ALICE), "/run steps:1")
    s = await settings_of(svc)
    assert s.banks["red"] == live.start - 600 + live.bonus  # charged its wait, then the step's bonus
    assert s.banks["blue"] == live.start  # blue waited for nobody: its bank did not move
    assert s.clocks == ["blue"] and s.due_at == clock.t + live.start
    (board,) = [m for m in res.outbox if isinstance(m, Status)]
    assert "Time banks: red 23m, blue 30m ⏳." in board.text  # the pinned status shows each bank
    for _ in range(14):  # quick steps: the bonus never passes the cap
        await svc.order(who(BOB), "/run steps:1")
        await svc.order(who(ALICE), "/run steps:1")
    s = await settings_of(svc)
    assert s.banks["red"] == live.cap and s.banks["blue"] == live.cap
    status = await svc.status(who(HOST))
    assert "Time banks:" in status.reply.text and "blue 1h ⏳" in status.reply.text


async def test_a_bank_at_zero_plays_the_deadline_action_for_that_seat_alone(env):
    svc, clock = env
    live = PACES["live"]
    assert live is not None
    await dash_game_live(svc)
    clock.t = T0 + 60
    await svc.order(who(ALICE), "/run steps:1")  # blue's clock runs now
    clock.t = T0 + 60 + live.start - live.reminder_hours * HOUR + 1
    out = await svc.tick()
    assert [t for t in texts(out) if "reminder" in t] == [
        f"<@{BOB}>: reminder — your time bank has 5m left and runs out <t:{int(T0 + 60 + live.start)}:R>."
    ]
    clock.t = T0 + 60 + live.start - 1
    assert not [t for t in texts(await svc.tick()) if "passed" in t]
    clock.t = T0 + 60 + live.start
    out = await svc.tick()
    assert any("The deadline passed: blue passed." in t for t in texts(out))
    game = (await svc.current(CH)).game
    assert game.log[-1].startswith("blue: /run")  # the late seat's part played for it, nothing more
    s = await settings_of(svc)
    assert s.banks["blue"] == live.bonus  # it starts its next step with one bonus
    assert s.banks["red"] == live.start - 60 + live.bonus and s.clocks == ["red"]


async def test_a_bank_at_zero_waits_out_its_players_quiet_hours(env):
    svc, clock = env
    live = PACES["live"]
    assert live is not None
    await svc.prefer(who(ALICE), "quiet", "10:00-12:00 UTC")  # T0 is 10:13 UTC
    await dash_game_live(svc)
    s = await settings_of(svc)
    noon = T0 - (T0 % DAY) + 12 * HOUR
    assert s.due_at == noon  # the bank runs (10:13-10:43) but does not run out before noon
    clock.t = T0 + live.start + 60
    assert not [t for t in texts(await svc.tick()) if "passed" in t]
    clock.t = noon
    assert [t for t in texts(await svc.tick()) if "passed" in t]


async def test_a_vacation_stops_the_clocks_in_every_game_and_says_so_in_each_channel(env):
    svc, clock = env
    live = PACES["live"]
    assert live is not None
    await dash_game_live(svc, CH)
    await dash_game_live(svc, CH + 1)
    clock.t = T0 + 600
    res = await svc.vacation_start(who(ALICE, 555), 2)
    assert "Days left this year: 19" in res.reply.text
    told = {m.channel_id: m.text for m in res.outbox if isinstance(m, Post)}
    assert set(told) == {CH, CH + 1} and all(f"<@{ALICE}> is on vacation" in t for t in told.values())
    s = await settings_of(svc)
    assert s.banks["red"] == live.start - 600 and s.due_at == T0 + 600 + 2 * DAY + live.start - 600
    clock.t = T0 + DAY  # a bank never runs out while its player is away
    assert not [t for t in texts(await svc.tick()) if "passed" in t]
    assert "red 20m ⏳" in (await svc.status(who(HOST))).reply.text
    ended = await svc.vacation_end(who(ALICE))
    assert "Days left this year: 20" in ended.reply.text  # one day begun, one day used
    assert {m.channel_id for m in ended.outbox if isinstance(m, Post)} == {CH, CH + 1}
    s = await settings_of(svc, CH + 1)
    assert s.due_at == T0 + DAY + live.start - 600  # its clock runs again from the moment it ended
    with pytest.raises(ServiceError, match="no vacation to end"):
        await svc.vacation_end(who(ALICE))


async def test_a_bank_at_zero_during_a_vacation_waits_for_its_end(env):
    svc, clock = env
    live = PACES["live"]
    assert live is not None
    await dash_game_live(svc)
    clock.t = T0 + live.start - 1  # one second left
    await svc.vacation_start(who(ALICE), 1)
    clock.t = T0 + 5 * HOUR
    assert not [t for t in texts(await svc.tick()) if "passed" in t]
    clock.t = T0 + live.start - 1 + DAY + 1
    assert [t for t in texts(await svc.tick()) if "red passed" in t]


async def test_vacation_days_a_year_and_bad_input_are_refused_clearly(env):
    svc, clock = env
    svc.vacation_days = 5  # the club's setting
    with pytest.raises(ServiceError, match="from 1 to 5, not 6"):
        await svc.vacation_start(who(ALICE), 6)
    with pytest.raises(ServiceError, match="not a date: write it as YYYY-MM-DD"):
        await svc.vacation_start(who(ALICE), 2, "next week")
    with pytest.raises(ServiceError, match="begins today or later"):
        await svc.vacation_start(who(ALICE), 2, "2026-06-01")
    planned = await svc.vacation_start(who(ALICE), 3, "2026-06-20")
    assert "<t:1781913600:f>" in planned.reply.text and "Days left this year: 2" in planned.reply.text
    with pytest.raises(ServiceError, match="already have a vacation until"):
        await svc.vacation_start(who(ALICE), 1)
    shown = await svc.vacation_show(who(ALICE))
    assert "Your vacation: <t:1781913600:f>" in shown.reply.text
    await svc.vacation_end(who(ALICE))  # one not begun yet is dropped, its days given back
    assert "Days left this year: 5 of 5" in (await svc.vacation_show(who(ALICE))).reply.text
    await svc.vacation_start(who(ALICE), 4)
    clock.t = T0 + 5 * DAY
    with pytest.raises(ServiceError, match="1 vacation day\\(s\\) left this year, not 2"):
        await svc.vacation_start(who(ALICE), 2)
    with pytest.raises(ServiceError) as ja:
        await svc.vacation_start(Caller(ALICE, CH, 9, locale="ja"), 2)
    from bot.i18n import localize_error

    assert "今年の休暇は残り 1 日です" in localize_error(ja.value, "ja")


async def test_two_players_start_a_vacation_at_the_same_instant(env):
    svc, clock = env
    await dash_game_live(svc)
    rev = (await svc.current(CH)).row.rev
    a, b = await asyncio.gather(svc.vacation_start(who(ALICE), 2), svc.vacation_start(who(BOB), 3))
    assert "Vacation from" in a.reply.text and "Vacation from" in b.reply.text
    live = await svc.current(CH)
    assert live.row.rev == rev + 2  # one change each, one after the other under the game's lock
    said = [str(m.body) for m in await svc.store.outbox_pending(kind="post", target=CH)]
    assert sum("is on vacation" in t for t in said) == 2
    clock.t += HOUR
    a, b = await asyncio.gather(svc.vacation_end(who(ALICE)), svc.vacation_end(who(BOB)))
    assert "Your vacation is over" in a.reply.text and "Your vacation is over" in b.reply.text
    assert (await svc.current(CH)).row.rev == rev + 4
    said = [str(m.body) for m in await svc.store.outbox_pending(kind="post", target=CH)]
    assert sum("is back from vacation" in t for t in said) == 2
    # one player twice at the same instant: one vacation, the other refused
    await svc.vacation_start(who(ALICE), 1, "2026-06-20")
    got = await asyncio.gather(
        svc.vacation_end(who(ALICE)), svc.vacation_end(who(ALICE)), return_exceptions=True
    )
    assert sum(isinstance(g, ServiceError) for g in got) == 1
    got = await asyncio.gather(
        svc.vacation_start(who(ALICE), 1), svc.vacation_start(who(ALICE), 1), return_exceptions=True
    )
    assert sum(isinstance(g, ServiceError) for g in got) == 1
    assert len((await svc.store.vacations([ALICE], clock.t))[ALICE]) == 1


async def test_two_hosts_make_a_paced_game_at_the_same_instant_and_bad_paces_are_refused(env):
    svc, _clock = env
    got = await asyncio.gather(
        svc.new_game(who(HOST), game="dash", pace="fast"),
        svc.new_game(who(ALICE), game="dash", pace="slow"),
        return_exceptions=True,
    )
    assert sum(isinstance(g, ServiceError) for g in got) == 1  # one game in the channel
    made = next(g for g in got if not isinstance(g, Exception))
    assert "Pace:" in made.reply.text and "at zero: pass" in made.reply.text
    with pytest.raises(ServiceError, match="there is no pace 'brisk'; paces: none, slow, normal"):
        await svc.new_game(who(HOST, 7), game="dash", pace="brisk")
    with pytest.raises(ServiceError, match="give a pace or deadline_hours, not both"):
        await svc.new_game(who(HOST, 7), game="dash", pace="fast", deadline_hours=12)
    await svc.new_game(who(HOST, 8), game="dash", pace="none")
    await svc.join(who(ALICE, 8))
    await svc.join(who(BOB, 8))
    await svc.start(who(HOST, 8))
    assert (await settings_of(svc, 8)).due_at is None  # no clock at all


@pytest.mark.parametrize("game", ["napoleon", "liberty"])
async def test_every_game_module_gives_each_seat_a_bank(new_store, game):
    store = await new_store()
    clock = Clock()
    svc = Service(store, pictures=NoPictures(), clock=clock, seed_source=lambda: 7)
    module = modules.get(game)
    await svc.new_game(who(HOST), module.first_options, game=game, pace="normal")
    live = await svc.current(CH)
    for role in module.roles(module.make_options({**module.defaults(), **live.row.options})):
        await svc.join(who(HOST), role)
    await svc.start(who(HOST))
    s = await settings_of(svc)
    normal = PACES["normal"]
    assert normal is not None
    assert set(s.banks) == set(live.row.seats) | set(s.banks) and s.banks
    assert all(v == normal.start for v in s.banks.values()) and s.clocks
    assert s.due_at == T0 + normal.start
    await svc.idle()


async def test_a_game_stored_before_paces_keeps_its_fixed_deadline(dash, new_store):
    old_schema = {"sqlite": 8, "postgres": 4}[new_store.backend]
    store = await new_store("old", schema=old_schema)
    clock = Clock()
    svc = Service(store, pictures=NoPictures(), clock=clock, seed_source=lambda: 7)
    await svc.new_game(who(HOST), game="dash", deadline_hours=10)
    await svc.join(who(ALICE))
    await svc.join(who(BOB))
    await svc.start(who(HOST))
    await svc.idle()
    await store.close()
    store = await new_store("old")  # the same database opened by this code: migrated
    svc = Service(store, pictures=NoPictures(), clock=clock)
    assert await svc.recover() == []
    s = await settings_of(svc)
    assert s.pace is None and s.deadline_hours == 10 and s.due_at == T0 + 10 * HOUR
    clock.t = T0 + HOUR
    await svc.order(who(ALICE), "/run steps:1")
    s = await settings_of(svc)
    assert s.pace is None and not s.banks and s.due_at == T0 + 11 * HOUR  # a fixed deadline per step
    await svc.vacation_start(who(BOB), 1)  # the new table is there
    clock.t = T0 + 11 * HOUR + 1  # a fixed deadline that passes while its player is away waits
    assert not [t for t in texts(await svc.tick()) if "passed" in t]
    assert (await settings_of(svc)).due_at == T0 + HOUR + DAY
    await svc.idle()


async def test_the_console_plays_a_paced_game_and_takes_a_vacation(dash, tmp_path, monkeypatch):
    from bot.console import run_console

    monkeypatch.setattr("bot.service.service.Pictures", NoPictures)
    monkeypatch.setattr("bot.console.Service", lambda store: Service(store, pictures=NoPictures()))
    out = io.StringIO()
    lines = ":new pace=brisk\n:new pace=live\n:status\n:vacation start 2\n:vacation\n:vacation end\n"
    lines += ":vacation start x\n"
    status = await run_console(
        str(tmp_path / "c.db"), str(tmp_path / "p"), "", io.StringIO(lines), out=out, game="dash"
    )
    assert status == 0
    text = out.getvalue()
    assert "there is no pace 'brisk'" in text
    assert "Time banks: red " in text and "m ⏳, blue 30m." in text  # :status shows each bank
    assert "is on vacation" in text and "Days left this year: 19" in text
    assert "Your vacation is over" in text and "from 1 to 21, not x" in text
    assert "Traceback" not in text


async def test_a_vacation_planned_from_a_date_stops_the_clock_from_that_day(env):
    svc, clock = env
    fast = PACES["fast"]
    assert fast is not None
    await dash_game_live(svc, pace="fast")
    res = await svc.vacation_start(who(ALICE), 2, "2026-06-10")
    midnight = T0 - (T0 % DAY) + DAY  # 2026-06-10 00:00 UTC
    assert f"<t:{int(midnight)}:f>" in res.reply.text
    s = await settings_of(svc)
    used = midnight - T0  # red's bank runs until the vacation begins, then waits two days
    assert s.due_at == midnight + 2 * DAY + fast.start - used
    clock.t = midnight + 12 * HOUR
    assert not [t for t in texts(await svc.tick()) if "passed" in t or "reminder" in t]
    assert f"red {int((fast.start - used) // 3600)}h" in (await svc.status(who(HOST))).reply.text
    clock.t = s.due_at - fast.reminder_hours * HOUR + 60  # the reminder counts the vacation out
    (reminder,) = [t for t in texts(await svc.tick()) if "reminder" in t]
    assert "1h 59m left" in reminder and f"<t:{int(s.due_at)}:R>" in reminder


async def test_a_seat_taken_back_from_a_bot_has_its_bank_running_again(dash, new_store):
    store = await new_store()
    clock = Clock()
    svc = Service(store, pictures=NoPictures(), clock=clock, seed_source=lambda: 7)
    await svc.new_game(who(HOST), "length=30", game="dash", pace="live", deadline_action="bot")
    await svc.join(who(ALICE), "red")
    await svc.join(who(BOB), "blue")
    await svc.start(who(HOST))
    clock.t = T0 + 1800
    out = await svc.tick()
    assert any("bot players now play red" in t for t in texts(out))
    await svc.idle()  # the bot plays red's step; blue is awaited
    assert (await svc.current(CH)).row.seats["red"] == (ALICE, True)
    await svc.order(who(BOB), "/run steps:1")
    await svc.idle()  # the bot plays red again
    await svc.join(who(ALICE), "red")  # Alice takes her seat back
    await svc.order(who(BOB), "/run steps:1")
    s = await settings_of(svc)
    assert s.clocks == ["red"] and s.banks["red"] == 180.0 and s.due_at == clock.t + 180
    await svc.idle()


async def test_the_next_moment_a_paced_game_needs_the_ticker(env):
    """What the ticker may sleep until: the first reminder before a bank runs out, then the zero itself; a
    reminder held by its player's vacation waits for the return."""
    svc, clock = env
    live = PACES["live"]
    assert live is not None
    await dash_game_live(svc)
    row = (await svc.current(CH)).row
    first = await svc.deadlines.next_bank_due(row)
    assert first == T0 + live.start - live.reminder_hours * HOUR
    clock.t = first + 1
    await svc.tick()  # the reminder is sent
    row = (await svc.current(CH)).row
    assert await svc.deadlines.next_bank_due(row) == T0 + live.start
    await svc.vacation_start(who(ALICE), 1)
    row = (await svc.current(CH)).row
    assert (
        await svc.deadlines.next_bank_due(row)
        == row.settings.due_at
        == clock.t + DAY + live.start - (clock.t - T0)
    )
