"""Through the real discord.py and the fake Discord: the rematch button under a finished game's result. The
first player's press asks, the other's accepts and starts the new game in the same channel with the same
game and options, each player in the other side's seat; a non-player, a second press and a press after the
rematch was made are refused and change nothing; two players pressing at the same instant make one game."""

from __future__ import annotations

import pytest
from support.discord_fake import component_custom_ids
from test_discord_wedge import chan, settle
from test_status_card import dash_game_in, finish, game_id_in

from bot.service.rematch import swapped


@pytest.fixture
async def card_harness(dash, harness):
    harness.bot.sender.status_card = True
    yield harness


async def finished(h) -> int:
    await dash_game_in(h, length=3)
    await finish(h)
    gid = await game_id_in(h)
    assert any(
        f"est:r:{gid}" in component_custom_ids(m["components"]) for m in h.fake.messages_in(chan(h, "game-1"))
    )
    return gid


async def test_a_rematch_starts_once_both_players_press_with_the_sides_swapped(card_harness):
    h = card_harness
    old = await finished(h)
    asked = await h.feed(h.click(f"est:r:{old}", user="alice", channel="game-1"))
    assert asked.said.ephemeral and "starts once" in asked.said.content
    await settle(h)
    bob = h.world.user("bob")
    told = h.fake.last_message(chan(h, "game-1"))
    assert "asks for a rematch" in told["content"] and f"<@{bob.id}>" in told["content"]
    again = await h.feed(h.click(f"est:r:{old}", user="alice", channel="game-1"))
    assert again.said.ephemeral and "already" in again.said.content  # a second press: refused
    stranger = await h.feed(h.click(f"est:r:{old}", user="carol", channel="game-1"))
    assert stranger.said.ephemeral and "only the players" in stranger.said.content
    accepted = await h.feed(h.click(f"est:r:{old}", user="bob", channel="game-1"))
    assert "The rematch is game" in accepted.said.content, accepted.said.content
    await settle(h)
    new = await game_id_in(h)
    assert new != old
    live = await h.bot.service.game(new)
    assert live is not None and live.row.status == "running" and live.row.module == "dash"
    alice = h.world.user("alice")
    assert live.row.seats == {"red": (bob.id, False), "blue": (alice.id, False)}  # the sides swapped
    assert live.row.options == (await h.bot.service.game(old)).row.options
    late = await h.feed(h.click(f"est:r:{old}", user="alice", channel="game-1"))
    assert late.said.ephemeral and f"made already: game {new}" in late.said.content  # stale: refused
    assert await game_id_in(h) == new


async def test_two_players_pressing_at_the_same_instant_make_one_game(card_harness):
    h = card_harness
    old = await finished(h)
    both = await h.feed_concurrently(
        h.click(f"est:r:{old}", user="alice", channel="game-1"),
        h.click(f"est:r:{old}", user="bob", channel="game-1"),
    )
    said = sorted(d.said.content for d in both)
    assert "The rematch is game" in said[1] and "starts once" in said[0], said  # one asked, one made it
    await settle(h)
    new = await game_id_in(h)
    assert new != old
    live = await h.bot.service.game(new)
    assert live is not None and live.row.status == "running"
    assert (await h.bot.service.game(old)).row.settings.rematch_game == new
    assert await h.bot.service.game(new + 1) is None, "one game, not two"


async def test_a_rematch_is_refused_while_another_game_holds_the_channel(card_harness):
    h = card_harness
    old = await finished(h)
    await h.feed(h.slash("game new", {"game": "dash"}, user="carol", channel="game-1"))
    await h.feed(h.click(f"est:r:{old}", user="alice", channel="game-1"))
    refused = await h.feed(h.click(f"est:r:{old}", user="bob", channel="game-1"))
    assert refused.said.ephemeral and "already has a game" in refused.said.content
    assert (await h.bot.service.game(old)).row.settings.rematch_asked == []  # they may ask again later


def test_more_than_two_seats_each_holder_takes_the_next_seat():
    seats = {"a": (1, False), "b": (2, False), "c": (None, True)}
    assert swapped(("a", "b", "c"), seats) == {"b": (1, False), "c": (2, False), "a": (None, True)}
    assert swapped(("red", "blue"), {"red": (1, False), "blue": (2, False)}) == {
        "blue": (1, False),
        "red": (2, False),
    }


async def test_a_result_sent_as_text_carries_the_rematch_button_too(dash, harness):
    h = harness
    assert not h.bot.sender.status_card
    await dash_game_in(h, length=3)
    await finish(h)
    old = await game_id_in(h)
    (result,) = [
        m
        for m in h.fake.messages_in(chan(h, "game-1"))
        if f"est:r:{old}" in component_custom_ids(m["components"])
    ]
    assert "won: role=red" in result["content"] and not result["flags"]
    await h.feed(h.click(f"est:r:{old}", message=result, user="bob", channel="game-1"))
    made = await h.feed(h.click(f"est:r:{old}", message=result, user="alice", channel="game-1"))
    assert "The rematch is game" in made.said.content
    await settle(h)
    live = await h.bot.service.game(await game_id_in(h))
    assert live is not None and live.row.seats["red"][0] == h.world.user("bob").id
