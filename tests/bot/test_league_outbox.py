"""A league's Discord effects go through the outbox, once: each pairing's thread (or forum post) is asked for
in the transaction that marks it asked, the standings when they change; two services on one database
syncing one league at the same instant open each thread and start each game once; a crash before the thread
is opened, or after Discord opened it but before it was kept, opens it once at the restart; and the fake
Discord refuses what Discord refuses of threads."""

from __future__ import annotations

import asyncio
import re
import time

import discord
import pytest
from test_discord_wedge import chan, settle

from bot.delivery import Outcome
from bot.outbox import LeagueThread, Post, Standings, message_from
from bot.pictures import NoPictures
from bot.service import Caller, Service

GUILD, LOBBY, GAMES = 9, 500, 600
HOST, ALICE, BOB, DAVE = 1, 2, 3, 4


@pytest.fixture
async def dash_harness(dash, harness):
    yield harness


def who(user: int, channel: int = LOBBY) -> Caller:
    return Caller(user, channel, GUILD)


class Chat:
    """The chat two services share, as Discord is shared by two bot processes: a thread is found by its name
    before one is opened (as ``DiscordLeagueFront`` does), and every thread opened is counted."""

    def __init__(self) -> None:
        self.threads: dict[tuple[int, str], int] = {}
        self.opened: list[tuple[int, str]] = []
        self.standings: list[tuple[int, str]] = []
        self.posts: list[Post] = []
        self.next_id = 10_000

    def front(self, svc: Service):
        async def deliver(item) -> Outcome:
            m = message_from(item.kind, item.target, item.body, item.game_id)
            if isinstance(m, LeagueThread):
                key = (m.channel_id, m.name)
                if key not in self.threads:
                    await asyncio.sleep(0)  # Discord's answer takes a moment: the other process may run
                    self.next_id += 1
                    self.threads[key] = self.next_id
                    self.opened.append(key)
                await svc.leagues.thread_opened(m, self.threads[key])
            elif isinstance(m, Standings):
                self.standings.append((m.league_id, m.text))
            elif isinstance(m, Post):
                self.posts.append(m)
            return Outcome.done()

        return deliver


async def test_two_services_on_one_database_syncing_at_once_open_each_thread_and_start_each_game_once(
    dash, new_store
):
    store_a = await new_store("shared")
    store_b = await new_store("shared")  # another process's connections to the same database
    first = Service(store_a, pictures=NoPictures())
    second = Service(store_b, pictures=NoPictures())
    chat = Chat()
    boxes = [first.outbox(chat.front(first)), second.outbox(chat.front(second))]
    await first.leagues.new(who(HOST), "dash", GAMES, "concurrent", "length=5")
    # three players join at the same instant, through either process
    await asyncio.gather(
        first.leagues.join(who(ALICE)), second.leagues.join(who(BOB)), first.leagues.join(who(DAVE))
    )
    lid = (await first.leagues.rows.in_channel(LOBBY)).id
    # both processes start it and sync it at the same instant, and both deliver at once
    got = await asyncio.gather(
        first.leagues.start(who(HOST)),
        second.leagues.start(who(HOST)),
        first.leagues.sync(lid),
        second.leagues.sync(lid),
        return_exceptions=True,
    )
    assert sum(1 for r in got[:2] if not isinstance(r, Exception)) == 1, got
    for _ in range(3):
        await asyncio.gather(*(b.drain() for b in boxes), first.idle(), second.idle())
        await asyncio.gather(first.leagues.sync(lid), second.leagues.sync(lid))
    games = await first.leagues.rows.games(lid)
    assert len(games) == 6 and all(g.game_id and g.thread_id for g in games)
    # each pairing's thread opened once, each game made once, in its own thread
    assert len(chat.opened) == len(set(chat.opened)) == 6
    assert len({g.thread_id for g in games}) == 6 and len({g.game_id for g in games}) == 6
    for g in games:
        assert await store_a.game_id_in_channel(g.thread_id) == g.game_id
        live = await first.game(g.game_id)
        assert live.row.status == "running"
        assert live.row.seats["red"][0] == g.pairing.first and live.row.seats["blue"][0] == g.pairing.second
    rows = await store_a._all("SELECT channel_id, COUNT(*) AS n FROM games GROUP BY channel_id")
    assert all(int(r["n"]) == 1 for r in rows) and len(rows) == 6
    # the pairing said once in each thread, and the thread asked for once in the outbox
    intros = [p for p in chat.posts if "League" in p.text and "round" in p.text and p.channel_id != LOBBY]
    assert sorted(p.channel_id for p in intros) == sorted(g.thread_id for g in games)
    asked = [r for r, _d, _e in await store_a.outbox_all() if r.kind == "league_thread"]
    assert len(asked) == 6
    assert chat.standings and "0 of 6 games over" in chat.standings[-1][1]
    # nobody holds the league's claim any more
    assert await store_a._all("SELECT * FROM outbox_claims WHERE destination LIKE 'league:%'") == []
    for b in boxes:
        await b.close()
    await first.stop()
    await second.stop()


async def test_a_league_claim_held_by_another_process_is_waited_for_and_lapses_if_it_died(dash, new_store):
    from bot.service import leagues as leagues_module

    store_a = await new_store("shared")
    store_b = await new_store("shared")
    first = Service(store_a, pictures=NoPictures())
    second = Service(store_b, pictures=NoPictures())
    await first.leagues.new(who(HOST), "dash", GAMES, "sequential", "length=5")
    lid = (await first.leagues.rows.in_channel(LOBBY)).id
    # a process that died holding the claim: its lease runs a moment more
    assert await store_a.claim(f"league:{lid}", "dead-process", time.time() + 0.4, time.time())
    began = time.monotonic()
    await second.leagues.join(who(ALICE))
    assert time.monotonic() - began >= 0.3  # it waited for the lease to end, then joined
    assert [u for u, _ in await second.leagues.rows.members(lid)] == [ALICE]
    assert leagues_module.LOCK_LEASE >= 60  # a live process's claim outlasts any sync
    await first.stop()
    await second.stop()


async def test_a_league_claim_is_renewed_while_its_holder_works(dash, new_store, monkeypatch):
    from bot.service import leagues as leagues_module

    monkeypatch.setattr(leagues_module, "LOCK_LEASE", 0.3)  # a sync longer than its lease
    store_a = await new_store("shared")
    store_b = await new_store("shared")
    first = Service(store_a, pictures=NoPictures())
    second = Service(store_b, pictures=NoPictures())
    await first.leagues.new(who(HOST), "dash", GAMES, "sequential", "length=5")
    lid = (await first.leagues.rows.in_channel(LOBBY)).id
    order: list[str] = []

    async def holder() -> None:
        async with first.leagues.locked(lid):
            order.append("first in")
            await asyncio.sleep(0.8)
            order.append("first out")

    async def other() -> None:
        await asyncio.sleep(0.05)
        async with second.leagues.locked(lid):
            order.append("second in")

    await asyncio.gather(holder(), other())
    assert order == ["first in", "first out", "second in"]
    await first.stop()
    await second.stop()


async def test_a_league_under_way_before_the_migration_asks_its_threads_after_it(dash, new_store):
    """A league stored before its threads went through the outbox (SQLite 12, PostgreSQL 8): its rows
    read on, and its games not yet begun are asked for through the outbox, once."""
    from bot.league import schedule
    from bot.storage.leagues import LeagueStore

    old = await new_store("old", schema=12 if new_store.backend == "sqlite" else 8)
    rows = LeagueStore(old)
    lid = await rows.create(GUILD, LOBBY, GAMES, HOST, "dash", {"text": "length=5"}, "concurrent", "en", 1.0)
    for user in (ALICE, BOB):
        assert await rows.join(lid, user, 2.0)
    assert await rows.start(lid, schedule([ALICE, BOB]))
    await old.close()
    store = await new_store("old")
    svc = Service(store, pictures=NoPictures())
    chat = Chat()
    box = svc.outbox(chat.front(svc))
    await svc.leagues.sync(lid)
    await svc.leagues.sync(lid)  # again: nothing asked twice
    await box.drain()
    games = await svc.leagues.rows.games(lid)
    assert len(chat.opened) == 2 and all(g.thread_id and g.game_id for g in games)
    await box.close()
    await svc.stop()


# --- through the real discord.py and the fake Discord ------------------------------------------------------


async def league_of_three(h, rounds: str = "concurrent") -> int:
    await h.feed(
        h.slash(
            "league new",
            {"game": "dash", "channel": chan(h, "game-1"), "rounds": rounds, "options": "length=5"},
            user="carol",
            channel="general",
        )
    )
    for name in ("alice", "bob", "dave"):
        await h.feed(h.slash("league join", user=name, channel="general"))
    return (await h.bot.service.leagues.rows.in_channel(chan(h, "general"))).id


async def test_a_crash_before_the_threads_are_opened_opens_each_once_at_the_restart(dash_harness):
    """The league started (its threads asked for, in the outbox) and the process died before delivering:
    the restart opens each thread once and starts its game there."""
    h = dash_harness
    lid = await league_of_three(h)
    killed = []

    async def dead(item, m):
        killed.append(item.id)
        raise RuntimeError("killed")  # the process died before Discord was asked

    h.bot.sender.league = dead
    await h.feed(h.slash("league start", user="carol", channel="general"))
    await settle(h)
    assert killed and h.fake.threads(chan(h, "game-1")) == []
    assert all(g.game_id is None for g in await h.bot.service.leagues.rows.games(lid))
    await h.restart()
    h.bot.outbox.clock = lambda: time.time() + 3600  # past the refused items' back-off
    await settle(h)
    threads = h.fake.threads(chan(h, "game-1"))
    names = sorted(t["name"] for t in threads)
    assert len(threads) == 6 and len(set(names)) == 6, names
    games = await h.bot.service.leagues.rows.games(lid)
    assert {g.thread_id for g in games} == {int(t["id"]) for t in threads}
    for g in games:
        live = await h.bot.service.game(g.game_id)
        assert live.row.status == "running" and live.row.channel_id == g.thread_id
    assert len(h.fake.pinned(chan(h, "general"))) == 1  # one standings message, pinned once


async def test_a_crash_after_discord_opened_the_thread_finds_it_again_instead_of_a_second(dash_harness):
    """Discord opened the thread and the process died before keeping its id: the resend, well after
    Discord's nonce window, finds the thread the bot opened by its name; none is opened twice."""
    h = dash_harness
    lid = await league_of_three(h)
    leagues = h.bot.service.leagues
    real = leagues.thread_opened
    killed: list[int] = []

    async def dies(thread, thread_id):
        if not killed:
            killed.append(thread_id)
            raise RuntimeError("killed")  # Discord answered; the process died before keeping it
        await real(thread, thread_id)

    leagues.thread_opened = dies
    await h.feed(h.slash("league start", user="carol", channel="general"))
    await settle(h)
    leagues.thread_opened = real
    assert len(killed) == 1 and len(h.fake.threads(chan(h, "game-1"))) == 1  # the others wait behind it
    h.fake.advance(3600)  # Discord's nonce window is long past: a resent starter would be a new message
    await h.restart()
    h.bot.outbox.clock = lambda: time.time() + 3600
    await settle(h)
    threads = h.fake.threads(chan(h, "game-1"))
    assert len(threads) == 6
    starters = [m for m in h.fake.messages_in(chan(h, "game-1")) if m.get("thread")]
    assert len(starters) == 6  # one message starts each thread, none sent twice
    games = await h.bot.service.leagues.rows.games(lid)
    assert set(killed) <= {g.thread_id for g in games}
    assert all(g.game_id for g in games)
    assert await h.bot.store.outbox_pending() == []


async def test_a_thread_started_from_a_message_resent_in_the_nonce_window_is_the_same_thread(dash_harness):
    """The starter message went out and the process died before the thread was made from it... and again
    after: the resend carries the item's nonce (the same message), and Discord's refusal of a second thread
    on it (160004) is read as the thread it has."""
    h = dash_harness
    lid = await league_of_three(h, "sequential")
    await h.feed(h.slash("league start", user="carol", channel="general"))
    await settle(h)
    games = await h.bot.service.leagues.rows.games(lid)
    first = next(g for g in games if g.pairing.round == 1 and g.thread_id)
    # deliver that pairing's item again, as after a crash before it was marked done
    name = next(t["name"] for t in h.fake.threads(chan(h, "game-1")) if int(t["id"]) == first.thread_id)
    item = next(r for r, _d, _e in await h.bot.store.outbox_all() if r.body.get("name") == name)
    front = h.bot.sender.league
    h.bot.get_guild(h.world.guilds[0].id)._threads.clear()  # nothing cached: only the nonce holds
    got = await front(item, message_from(item.kind, item.target, item.body, item.game_id))
    assert got.state == "done"
    assert len([t for t in h.fake.threads(chan(h, "game-1")) if t["name"] == name]) == 1
    assert (await h.bot.service.leagues.rows.games(lid))[games.index(first)].thread_id == first.thread_id


async def test_a_player_who_drops_out_of_a_league_forfeits_and_the_dice_seed_is_revealed(dash_harness):
    from bot.verify import verify

    h = dash_harness
    lid = await league_of_three(h)
    await h.feed(h.slash("league start", user="carol", channel="general"))
    await settle(h)
    await h.feed(h.slash("league drop", user="dave", channel="general"))
    await settle(h)
    dave = h.world.user("dave").id
    svc = h.bot.service
    for g in await svc.leagues.rows.games(lid):
        if dave not in g.pairing.players():
            continue
        said = "\n".join(m.get("content") or "" for m in h.fake.messages_in(g.thread_id))
        assert re.search(r"dice seed of game \d+ was `\d+`", said), said[-400:]
        export = await svc.export(Caller(h.world.user("alice").id, g.thread_id, h.world.guilds[0].id))
        verdict = verify(export.reply.file[1].decode())
        assert verdict.ok, verdict.lines


async def test_the_fake_refuses_what_discord_refuses_of_threads(harness):
    h = harness
    channel = chan(h, "game-1")
    route = discord.http.Route("POST", "/channels/{channel_id}/threads", channel_id=channel)
    for bad in ({"name": "x" * 101, "type": 11}, {"name": "ok", "type": 11, "auto_archive_duration": 999}):
        with pytest.raises(discord.HTTPException) as info:
            await h.bot.http.request(route, json=bad)
        assert info.value.status == 400 and info.value.code == 50035
    posted = await h.bot.http.request(
        discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=channel),
        json={"content": "the pairing"},
    )
    from_message = discord.http.Route(
        "POST",
        "/channels/{channel_id}/messages/{message_id}/threads",
        channel_id=channel,
        message_id=posted["id"],
    )
    made = await h.bot.http.request(from_message, json={"name": "one", "auto_archive_duration": 10080})
    assert made["id"] == posted["id"]
    with pytest.raises(discord.HTTPException) as info:
        await h.bot.http.request(from_message, json={"name": "two"})
    assert info.value.code == 160004
    assert [t["name"] for t in h.fake.threads(channel)] == ["one"]
