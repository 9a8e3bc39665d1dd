"""What we send as components-v2 cards and mentions, against Discord's own rules (its developer documentation:
the component reference's "up to 40 total components", text displays totalling at most 4000 characters, the
IS_COMPONENTS_V2 flag needed by every layout and content component and excluding content, embeds, stickers
and polls, an edit setting the flag emptying the content; and the allowed-mentions object deciding who is
pinged by the content or by the text displays), through the real discord.py and the fake Discord, which now
refuses and parses as Discord does."""

from __future__ import annotations

import io

import discord
import pytest
from support.discord_fake import CONTAINER, IS_COMPONENTS_V2, TEXT_DISPLAY, walk_components
from test_discord_wedge import chan, settle

from bot.discord_app import card
from bot.outbox import Post, Status


def pictures(n: int) -> list[discord.File]:
    return [discord.File(io.BytesIO(b"png"), filename=f"map-{i}.png") for i in range(n)]


def pinged(message: dict) -> set[int]:
    return {int(u["id"]) for u in message.get("mentions") or []}


async def test_a_status_of_many_parts_is_one_card_of_at_most_forty_components_discord_takes(harness):
    """Each bank and battle is a part: a game of many seats and battles had more text displays than the
    40 components a message may hold, and Discord refused the card. Parts past the room are joined."""
    parts = [f"part {i}" for i in range(60)]
    files = pictures(10)
    view = card.status_card(Status(7, 1, "x", [], parts), files)
    assert view.total_children_count <= card.COMPONENT_LIMIT
    said = "\n".join(c.content for c in view.walk_children() if isinstance(c, discord.ui.TextDisplay))
    assert all(p in said for p in parts)  # nothing left out
    channel = harness.bot.get_channel(chan(harness, "game-1"))
    sent = await channel.send(view=view, files=files)  # the fake refuses what Discord refuses
    assert sent.flags.value & IS_COMPONENTS_V2 and not sent.content


async def test_a_result_of_many_paragraphs_is_one_card_discord_takes(harness):
    post = Post(1, "\n\n".join(f"paragraph {i}" for i in range(50)), result=True)
    assert card.fits(post)
    view = card.result_card(7, post, pictures(3))
    assert view.total_children_count <= card.COMPONENT_LIMIT
    channel = harness.bot.get_channel(chan(harness, "game-1"))
    sent = await channel.send(view=view, files=pictures(3))
    assert sent.flags.value & IS_COMPONENTS_V2


async def test_the_fake_refuses_layout_without_the_flag_stickers_with_it_and_an_edit_keeping_content(harness):
    h = harness
    channel = h.bot.get_channel(chan(h, "game-1"))
    route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=channel.id)
    box = {"type": CONTAINER, "components": [{"type": TEXT_DISPLAY, "content": "the turn"}]}
    with pytest.raises(discord.HTTPException) as unflagged:  # a container needs IS_COMPONENTS_V2
        await h.bot.http.request(route, json={"components": [box]})
    assert unflagged.value.status == 400 and "must be one of (1,)" in str(unflagged.value)
    for extra in ({"sticker_ids": ["1"]}, {"poll": {"question": {"text": "?"}, "answers": []}}):
        with pytest.raises(discord.HTTPException) as legacy:
            await h.bot.http.request(route, json={"flags": IS_COMPONENTS_V2, "components": [box], **extra})
        assert "cannot be used when using MessageFlags.IS_COMPONENTS_V2" in str(legacy.value)
    empty = {"type": CONTAINER, "components": [{"type": TEXT_DISPLAY, "content": ""}]}
    with pytest.raises(discord.HTTPException):
        await h.bot.http.request(route, json={"flags": IS_COMPONENTS_V2, "components": [empty]})
    # a message sent as text turned into a card by an edit: its content must be emptied with the flag
    text = await channel.send("the status as text")
    edit = discord.http.Route(
        "PATCH", "/channels/{channel_id}/messages/{message_id}", channel_id=channel.id, message_id=text.id
    )
    with pytest.raises(discord.HTTPException) as kept:
        await h.bot.http.request(edit, json={"flags": IS_COMPONENTS_V2, "components": [box]})
    assert "content" in str(kept.value)
    done = await h.bot.http.request(
        edit, json={"flags": IS_COMPONENTS_V2, "components": [box], "content": None}
    )
    assert done["flags"] & IS_COMPONENTS_V2 and not done["content"]
    h.allow_errors()


async def test_the_fake_pings_whom_discord_would(harness):
    h = harness
    channel = h.bot.get_channel(chan(h, "game-1"))
    alice, bob = h.world.user("alice").id, h.world.user("bob").id
    said = f"<@{alice}> and <@{bob}>"
    default = await channel.send(said)  # a bot's message: every mention parsed by default
    assert {u.id for u in default.mentions} == {alice, bob}
    none = await channel.send(said, allowed_mentions=discord.AllowedMentions.none())
    assert none.mentions == []
    one = await channel.send(said, allowed_mentions=discord.AllowedMentions(users=[discord.Object(bob)]))
    assert [u.id for u in one.mentions] == [bob]
    view = discord.ui.LayoutView()
    view.add_item(discord.ui.Container(discord.ui.TextDisplay(said)))
    in_card = await channel.send(view=view)  # the text displays of a card ping as content does
    assert {u.id for u in in_card.mentions} == {alice, bob}
    quiet = await channel.send(view=view, allowed_mentions=discord.AllowedMentions.none())
    assert quiet.mentions == []


async def test_the_status_card_and_the_standings_ping_nobody_and_the_move_post_its_player(dash, harness):
    """Checked against the allowed-mentions object: the pinned status (its text names the players) and its
    edits ping nobody; the post saying whose move it is pings that player alone."""
    h = harness
    h.bot.sender.status_card = True
    await h.feed(h.slash("game new", {"game": "dash", "options": "length=5"}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {"role": "red"}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {"role": "blue"}, user="bob", channel="game-1"))
    await h.feed(h.slash("game start", user="alice", channel="game-1"))
    await settle(h)
    alice, bob = h.world.user("alice").id, h.world.user("bob").id
    (status,) = h.fake.pinned(chan(h, "game-1"))
    texts = [c.get("content") or "" for c, _ in walk_components(status["components"])]
    assert any(f"<@{alice}>" in x for x in texts) and pinged(status) == set()
    await h.feed(h.slash("run", {"steps": 1}, user="alice", channel="game-1"))
    await settle(h)
    (status,) = h.fake.pinned(chan(h, "game-1"))
    assert pinged(status) == set()  # edited in place: still nobody
    move = [m for m in h.fake.messages_in(chan(h, "game-1")) if pinged(m)]
    assert move and pinged(move[-1]) == {bob}  # blue's move now: Bob alone
    assert all(pinged(m) <= {alice, bob} for m in move)
