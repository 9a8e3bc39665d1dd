"""Leagues through the real discord.py and the fake Discord: ``/league new``, ``join``, ``start``,
``standings``, ``drop``; each game started in a thread of the channel the host named, the standings pinned in
the league's channel and edited as games end, the next round begun when the last one's games are all over."""

from __future__ import annotations

import asyncio

import pytest
from test_discord_wedge import chan, settle

from bot.league import schedule

HOURS = 3600.0


@pytest.fixture
async def dash_harness(dash, harness):
    yield harness


def said(d) -> str:
    """What the user reads: the reply, or the answer that replaced a deferred one (a slow machine)."""
    return d.said.content or ""


async def league_of_three(h, rounds: str = "sequential") -> int:
    """Carol hosts a Dash league in #general, its games in threads of #game-1; Alice, Bob and Dave join."""
    made = await h.feed(
        h.slash(
            "league new",
            {"game": "dash", "channel": chan(h, "game-1"), "rounds": rounds, "options": "length=5"},
            user="carol",
            channel="general",
        )
    )
    assert "League" in said(made) and "threads of" in said(made), said(made)
    for who in ("alice", "bob", "dave"):
        joined = await h.feed(h.slash("league join", user=who, channel="general"))
        assert "joins the league" in said(joined)
    row = await h.bot.service.leagues.rows.in_channel(chan(h, "general"))
    return row.id


async def finish(h, game_id: int, winner: str) -> None:
    """Play a Dash game in its thread by its players' own orders: the winner's runner runs 2, the other 1."""
    svc = h.bot.service
    for _ in range(20):
        live = await svc.game(game_id)
        if live.row.status == "over":
            return
        (role,) = live.game.active()
        user = live.row.seats[role][0]
        name = h.world.user_by_id(user).name
        steps = 2 if role == winner else 1
        await h.feed(h.slash("run", {"steps": steps}, user=name, channel=live.row.channel_id))
        await settle(h)
    raise AssertionError("the game did not end")


def pinned_table(h) -> str:
    (pin,) = h.fake.pinned(chan(h, "general"))
    return pin["content"]


async def test_a_two_round_league_of_three_is_played_to_the_end(dash_harness):
    h = dash_harness
    svc = h.bot.service
    lid = await league_of_three(h)
    ids = {n: h.world.user(n).id for n in ("alice", "bob", "dave")}
    started = await h.feed(h.slash("league start", user="carol", channel="general"))
    assert "6 games" in said(started)
    await settle(h)
    # round 1: three games, each in its own thread of #game-1, its players seated as drawn
    threads = h.fake.threads(chan(h, "game-1"))
    assert len(threads) == 3
    games = await svc.leagues.rows.games(lid)
    assert [g.pairing for g in games] == schedule([ids["alice"], ids["bob"], ids["dave"]])
    r1 = [g for g in games if g.pairing.round == 1]
    assert all(g.game_id for g in r1) and not any(g.game_id for g in games if g.pairing.round == 2)
    for g in r1:
        live = await svc.game(g.game_id)
        assert live.row.status == "running"
        assert live.row.seats["red"][0] == g.pairing.first and live.row.seats["blue"][0] == g.pairing.second
        assert live.row.channel_id in {int(t["id"]) for t in threads}
    assert "round 1 of 2, 0 of 6 games over" in pinned_table(h)
    # game 1 won by its first player, game 2 by its second
    await finish(h, r1[0].game_id, "red")
    await finish(h, r1[1].game_id, "blue")
    await settle(h)
    assert "2 of 6 games over" in pinned_table(h)  # the one pinned table, edited
    assert len(h.fake.threads(chan(h, "game-1"))) == 3  # sequential: round 2 waits for round 1
    # game 3: red never moves; after the deadline the host and blue's player vote it a forfeit
    now = svc.clock()
    svc.clock = lambda: now + 100 * HOURS
    await svc.tick()
    await settle(h)
    thread3 = (await svc.game(r1[2].game_id)).row.channel_id
    await h.feed(h.slash("game handover", {"choice": "forfeit"}, user="carol", channel=thread3))
    blue = h.world.user_by_id(r1[2].pairing.second).name
    voted = await h.feed(h.slash("game handover", {"choice": "forfeit"}, user=blue, channel=thread3))
    assert "decided" in said(voted).lower(), said(voted)
    await settle(h)
    ended = (await svc.game(r1[2].game_id)).row
    assert ended.status == "over" and ended.settings.forfeit == "red"
    assert [t for _g, t, _at in await svc.store.timeouts_of(r1[2].pairing.first)] == ["red"]
    # round 2 has begun: three more threads, the same pairings with the sides swapped
    assert len(h.fake.threads(chan(h, "game-1"))) == 6
    games = await svc.leagues.rows.games(lid)
    r2 = [g for g in games if g.pairing.round == 2]
    assert all(g.game_id for g in r2)
    assert "round 2 of 2, 3 of 6 games over" in pinned_table(h)
    for g in r2:
        await finish(h, g.game_id, "red")
    await settle(h)
    table = pinned_table(h)
    assert "is over: 6 games" in table
    lines = svc.leagues
    standing = await lines.lines(lid)
    assert sum(x.points for x in standing) == 12  # 2 points a decided game
    # the table as drawn from the games: round 1 first won, second won, first forfeited; round 2 firsts won
    points = {x.player: x.points for x in standing}
    expect = dict.fromkeys(ids.values(), 0)
    for g in r1[:1] + r1[2:] + r2:
        winner = g.pairing.first if g is not r1[2] else g.pairing.second
        expect[winner] += 2
    expect[r1[1].pairing.second] += 2
    assert points == expect
    shown = await h.feed(h.slash("league standings", user="bob", channel="general"))
    assert "Sonneborn–Berger" in said(shown) and "is over" in said(shown)
    # every game is rated (a forfeit counts) and the ratings know them
    results = await svc.store.results(h.world.guilds[0].id, "dash")
    assert len(results) == 6 and all(r.rated for r in results)
    assert [r.how for r in results].count("forfeit") == 1
    rated = await h.feed(h.slash("ratings", {"game": "dash"}, user="alice", channel="general"))
    assert "6" in said(rated) and f"<@{ids['dave']}>" in said(rated)


async def test_a_player_who_drops_out_loses_every_remaining_game(dash_harness):
    h = dash_harness
    svc = h.bot.service
    lid = await league_of_three(h, "concurrent")
    await h.feed(h.slash("league start", user="carol", channel="general"))
    await settle(h)
    assert len(h.fake.threads(chan(h, "game-1"))) == 6  # concurrent: every game at once
    dave = h.world.user("dave").id
    games = await svc.leagues.rows.games(lid)
    first = next(g for g in games if dave not in g.pairing.players())
    await finish(h, first.game_id, "red")
    dropped = await h.feed(h.slash("league drop", user="dave", channel="general"))
    assert "4 remaining games are lost" in said(dropped), said(dropped)
    await settle(h)
    for g in await svc.leagues.rows.games(lid):
        if dave in g.pairing.players():
            assert g.forfeit and g.outcome.winner_id != dave
            live = await svc.game(g.game_id)
            assert live.row.status == "over"  # its running game ended by Change.forfeit
    assert "(dropped out)" in pinned_table(h)
    again = await h.feed(h.slash("league drop", user="dave", channel="general"))
    assert "dropped out already" in said(again)
    # the dropped games count as forfeits in the results
    results = await svc.store.results(h.world.guilds[0].id, "dash")
    assert sum(1 for r in results if r.how == "forfeit") == 4


async def test_two_joins_at_the_same_instant_both_land_and_two_starts_start_it_once(dash_harness):
    h = dash_harness
    svc = h.bot.service
    await h.feed(
        h.slash("league new", {"game": "dash", "options": "length=5"}, user="carol", channel="general")
    )
    a, b = await h.feed_concurrently(
        h.slash("league join", user="alice", channel="general"),
        h.slash("league join", user="bob", channel="general"),
    )
    assert "joins the league" in said(a) and "joins the league" in said(b)
    row = await svc.leagues.rows.in_channel(chan(h, "general"))
    assert len(await svc.leagues.rows.members(row.id)) == 2
    twice = await h.feed(h.slash("league join", user="alice", channel="general"))
    assert "already" in said(twice)
    s1, s2 = await asyncio.gather(
        h.feed(h.slash("league start", user="carol", channel="general")),
        h.feed(h.slash("league start", user="alice", channel="general")),
    )
    texts = sorted([said(s1), said(s2)])
    assert sum("league begins" in x for x in texts) == 1 and sum("has started" in x for x in texts) == 1
    await settle(h)
    assert len(await svc.leagues.rows.games(row.id)) == 2
    assert len(h.fake.threads(chan(h, "general"))) == 1  # sequential: round 1 of a league of two is 1 game
    late = await h.feed(h.slash("league join", user="dave", channel="general"))
    assert "has started" in said(late)


async def test_bad_leagues_are_refused_clearly(dash_harness):
    h = dash_harness
    none = await h.feed(h.slash("league join", user="alice", channel="game-2"))
    assert "no league" in said(none)
    three = await h.feed(
        h.slash("league new", {"game": "napoleon", "options": "players=3"}, user="carol", channel="game-2")
    )
    assert "two seats" in said(three), said(three)
    await h.feed(h.slash("league new", {"game": "dash"}, user="carol", channel="game-2"))
    again = await h.feed(h.slash("league new", {"game": "dash"}, user="carol", channel="game-2"))
    assert "not over yet" in said(again)
    await h.feed(h.slash("league join", user="alice", channel="game-2"))
    one = await h.feed(h.slash("league start", user="carol", channel="game-2"))
    assert "at least two players" in said(one)
    not_host = await h.feed(h.slash("league start", user="bob", channel="game-2"))
    assert "only the host" in said(not_host)
    ja = await h.feed(h.slash("league join", user="bob", channel="game-1", locale="ja"))
    assert "リーグはありません" in said(ja)


async def test_a_game_that_ended_unnoticed_is_counted_at_start_up(dash_harness):
    h = dash_harness
    svc = h.bot.service
    lid = await league_of_three(h)
    await h.feed(h.slash("league start", user="carol", channel="general"))
    await settle(h)
    svc.games.on_commit.remove(svc.leagues._committed)  # as if the bot stopped as the game ended
    first = (await svc.leagues.rows.games(lid))[0]
    await finish(h, first.game_id, "red")
    assert (await svc.leagues.rows.games(lid))[0].winner is None
    assert "0 of 6 games over" in pinned_table(h)
    await svc.leagues.catch_up()  # what the league cog runs when it loads
    await settle(h)
    assert (await svc.leagues.rows.games(lid))[0].winner == "first"
    assert "1 of 6 games over" in pinned_table(h)


async def test_a_leagues_games_in_a_forum_are_posts_each_opened_with_its_pairing(dash_harness):
    h = dash_harness
    svc = h.bot.service
    forum = h.world.add_channel("league-forum", type=15)
    await h.dispatch("CHANNEL_CREATE", h.fake.channel(forum.id) | {"available_tags": []})
    await h.feed(
        h.slash(
            "league new",
            {"game": "dash", "channel": forum.id, "rounds": "concurrent", "options": "length=5"},
            user="carol",
            channel="general",
        )
    )
    for who in ("alice", "bob"):
        await h.feed(h.slash("league join", user=who, channel="general"))
    await h.feed(h.slash("league start", user="carol", channel="general"))
    await settle(h)
    posts = h.fake.threads(forum)
    assert len(posts) == 2 and {p["name"] for p in posts} == {
        "League 1 round 1 game 1",
        "League 1 round 2 game 1",
    }
    for post in posts:
        first, *_ = h.fake.messages_in(int(post["id"]))
        assert first["content"] == post["name"]  # the post's own first message
        live = await svc.game(await svc.channel_game_id(int(post["id"])))
        assert live.row.status == "running"


async def test_the_fake_refuses_a_forum_post_without_its_first_message(harness):
    import discord

    forum = harness.world.add_channel("a-forum", type=15)
    route = discord.http.Route("POST", "/channels/{channel_id}/threads", channel_id=forum.id)
    with pytest.raises(discord.HTTPException) as info:
        await harness.bot.http.request(route, json={"name": "no first message"})
    assert info.value.status == 400 and harness.fake.threads(forum) == []
    made = await harness.bot.http.request(route, json={"name": "a post", "message": {"content": "hello"}})
    assert made["type"] == 11 and made["message"]["content"] == "hello"
