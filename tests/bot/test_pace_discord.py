"""Paces and vacations through the real discord.py and the fake Discord (tests/support/discord_fake.py):
``/game new pace:`` (a choice Discord lists, in both languages) and the pinned status showing each seat's
bank, ``/vacation start|show|end`` answered to the player alone and told in the game's channel, bad input
refused with what would be accepted, and two players' commands at the same instant."""

from __future__ import annotations

import time

import pytest
from test_discord_wedge import chan, settle


@pytest.fixture
async def dash_harness(dash, harness):
    """The harness started after Dash is registered (a game module the platform does not name), so that
    its order kinds are slash commands."""
    yield harness


async def paced_game(h, pace: str = "live") -> None:
    made = await h.feed(h.slash("game new", {"game": "dash", "pace": pace}, user="alice", channel="game-1"))
    assert "Pace: live" in made.said.content, made.said.content
    await h.feed(h.slash("game join", {"role": "red"}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {"role": "blue"}, user="bob", channel="game-1"))
    await h.feed(h.slash("game start", user="alice", channel="game-1"))
    await settle(h)


async def test_game_new_pace_lists_the_paces_and_the_pinned_status_shows_each_bank(dash_harness):
    h = dash_harness
    game = next(c for c in h.fake.synced_commands() if c["name"] == "game")
    new = next(o for o in game["options"] if o["name"] == "new")
    pace = next(o for o in new["options"] if o["name"] == "pace")
    assert [c["value"] for c in pace["choices"]] == ["none", "slow", "normal", "fast", "live"]
    assert pace["name_localizations"]["ja"] == "ペース" and all(
        c["name_localizations"]["ja"] for c in pace["choices"]
    )
    await paced_game(h)
    (pinned,) = h.fake.pinned(chan(h, "game-1"))
    assert "Time banks: red 30m ⏳, blue 30m." in pinned["content"]
    ran = await h.feed(h.slash("run", {"steps": 1}, user="alice", channel="game-1"))
    assert ran.said.content.startswith("Done"), ran.said.content
    await settle(h)
    (pinned,) = h.fake.pinned(chan(h, "game-1"))
    assert "blue 30m ⏳" in pinned["content"] and "red 3" in pinned["content"]  # red's bank and bonus
    both = await h.feed(
        h.slash(
            "game new",
            {"game": "dash", "pace": "fast", "deadline_hours": 12},
            user="alice",
            channel="game-2",
        )
    )
    assert both.said.ephemeral and "give a pace or deadline_hours, not both" in both.said.content


async def test_vacation_through_discord_is_told_in_the_channel_and_bad_input_is_refused(dash_harness):
    h = dash_harness
    await paced_game(h)
    started = await h.feed(h.slash("vacation start", {"days": 2}, user="alice", channel="game-1"))
    assert started.said.ephemeral and "Days left this year: 19" in started.said.content
    await settle(h)
    alice = h.world.user("alice")
    posts = [m["content"] for m in h.fake.messages_in(chan(h, "game-1"))]
    assert any(f"<@{alice.id}> is on vacation from" in p for p in posts)
    shown = await h.feed(h.slash("vacation show", user="alice", channel="game-1"))
    assert shown.said.ephemeral and "Your vacation:" in shown.said.content
    again = await h.feed(h.slash("vacation start", {"days": 1}, user="alice", channel="game-1"))
    assert again.said.ephemeral and "already have a vacation" in again.said.content
    ended = await h.feed(h.slash("vacation end", user="alice", channel="game-1"))
    assert "Your vacation is over" in ended.said.content
    await settle(h)
    posts = [m["content"] for m in h.fake.messages_in(chan(h, "game-1"))]
    assert any(f"<@{alice.id}> is back from vacation" in p for p in posts)
    bad = await h.feed(
        h.slash("vacation start", {"days": 2, "from": "14/07/2026"}, user="bob", channel="game-1")
    )
    assert bad.said.ephemeral and "write it as YYYY-MM-DD" in bad.said.content
    ja = await h.feed(h.slash("vacation end", user="bob", channel="game-1", locale="ja"))
    assert "終える休暇はありません" in ja.said.content


async def test_two_players_start_a_vacation_at_the_same_instant_through_discord(dash_harness):
    h = dash_harness
    await paced_game(h)
    got = await h.feed_concurrently(
        h.slash("vacation start", {"days": 2}, user="alice", channel="game-1"),
        h.slash("vacation start", {"days": 3}, user="bob", channel="game-1"),
    )
    assert all("Vacation from" in d.said.content for d in got)
    await settle(h)
    posts = [m["content"] for m in h.fake.messages_in(chan(h, "game-1"))]
    assert sum("is on vacation from" in p for p in posts) == 2
    live = next(iter(h.bot.service.live.values()))
    assert live.row.settings.due_at >= time.time() + 2 * 86400 - 60  # red's clock waits for Alice


async def test_two_hosts_make_a_paced_game_at_the_same_instant_through_discord(dash_harness):
    h = dash_harness
    got = await h.feed_concurrently(
        h.slash("game new", {"game": "dash", "pace": "slow"}, user="alice", channel="game-1"),
        h.slash("game new", {"game": "dash", "pace": "fast"}, user="bob", channel="game-1"),
    )
    said = sorted(d.said.content for d in got)
    assert sum("Pace:" in s for s in said) == 1 and sum("already has a game" in s for s in said) == 1, said
