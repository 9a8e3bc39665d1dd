"""Through the real discord.py and the fake Discord (tests/support/discord_fake.py): the pinned status as one
components-v2 card (a container with the turn, whose move, each bank, a gallery of the public map and the
open battles' boards, and the buttons My view, Orders, Log), edited in place; the result post as a card with
the rematch button; the plain text when the card is off; and the fake refusing what Discord refuses."""

from __future__ import annotations

import pytest
from support.discord_fake import (
    CONTAINER,
    IS_COMPONENTS_V2,
    MEDIA_GALLERY,
    component_custom_ids,
    message_text,
    walk_components,
)
from test_discord_wedge import chan, settle


@pytest.fixture
async def card_harness(dash, harness):
    harness.bot.sender.status_card = True
    yield harness


async def dash_game_in(h, channel: str = "game-1", length: int = 5, pace: str | None = None) -> None:
    opts = {"game": "dash", "options": f"length={length}"} | ({"pace": pace} if pace else {})
    await h.feed(h.slash("game new", opts, user="alice", channel=channel))
    await h.feed(h.slash("game join", {"role": "red"}, user="alice", channel=channel))
    await h.feed(h.slash("game join", {"role": "blue"}, user="bob", channel=channel))
    await h.feed(h.slash("game start", user="alice", channel=channel))
    await settle(h)


async def finish(h, channel: str = "game-1") -> None:
    """Red wins a dash of 3 squares (D4): 2, 1, 2."""
    for user, steps in (("alice", 2), ("bob", 1), ("alice", 2)):
        await h.feed(h.slash("run", {"steps": steps}, user=user, channel=channel))
    await settle(h)


async def game_id_in(h, channel: str = "game-1") -> int:
    return (await h.bot.service.current(chan(h, channel), finished=True)).id


def the_card(h, channel: str = "game-1") -> dict:
    (pinned,) = h.fake.pinned(chan(h, channel))
    return pinned


async def test_the_status_is_one_card_pinned_and_edited_in_place(card_harness):
    h = card_harness
    await dash_game_in(h, pace="fast")
    card = the_card(h)
    assert card["flags"] & IS_COMPONENTS_V2 and not card["content"] and not card["embeds"]
    (box,) = card["components"]
    assert box["type"] == CONTAINER
    text = message_text(card)
    alice = h.world.user("alice")
    assert "Game" in text and f"<@{alice.id}>" in text  # the turn and whose move
    assert "Time banks: red" in text and "blue" in text  # each bank
    (gallery,) = [c for c, _ in walk_components(card["components"]) if c["type"] == MEDIA_GALLERY]
    names = {a["filename"] for a in card["attachments"]}
    assert [i["media"]["url"].removeprefix("attachment://") for i in gallery["items"]] == [
        n for n in (i["media"]["url"].removeprefix("attachment://") for i in gallery["items"]) if n in names
    ] and gallery["items"], "the gallery shows the message's own pictures"
    game_id = await game_id_in(h)
    assert component_custom_ids(card["components"]) == [
        f"est:c:{game_id}:view",
        f"est:c:{game_id}:orders",
        f"est:c:{game_id}:log",
    ]
    made = [
        c
        for c in h.fake.calls
        if c.method == "POST" and c.path.endswith(f"/channels/{chan(h, 'game-1')}/messages")
    ]
    assert any((c.body or {}).get("flags", 0) & IS_COMPONENTS_V2 for c in made)
    await h.feed(h.slash("run", {"steps": 1}, user="alice", channel="game-1"))
    await settle(h)
    now = the_card(h)
    assert now["id"] == card["id"], "edited in place, not posted again"
    assert f"<@{h.world.user('bob').id}>" in message_text(now) and now["flags"] & IS_COMPONENTS_V2
    edits = [c for c in h.fake.calls if c.method == "PATCH" and c.path.endswith(f"/messages/{card['id']}")]
    assert edits and all(c.ok for c in edits)


async def test_the_cards_buttons_answer_the_presser_alone(card_harness):
    h = card_harness
    await dash_game_in(h)
    card = the_card(h)
    gid = await game_id_in(h)
    view = await h.feed(h.click(f"est:c:{gid}:view", message=card, user="alice", channel="game-1"))
    assert view.said.ephemeral and "red" in view.said.content and view.said.attachments
    assert view.said.attachments[0].filename.endswith("-red.png"), "the presser's own map"
    orders = await h.feed(h.click(f"est:c:{gid}:orders", message=card, user="alice", channel="game-1"))
    assert orders.said.ephemeral and "run" in orders.said.content.lower()
    waits = await h.feed(h.click(f"est:c:{gid}:orders", message=card, user="bob", channel="game-1"))
    assert waits.said.ephemeral and "Nothing is asked of you now (blue)" in waits.said.content
    await h.feed(h.slash("run", {"steps": 1}, user="alice", channel="game-1"))
    await settle(h)
    log = await h.feed(h.click(f"est:c:{gid}:log", message=card, user="bob", channel="game-1"))
    assert log.said.ephemeral and log.said.content.strip()
    stranger = await h.feed(h.click(f"est:c:{gid}:orders", message=card, user="carol", channel="game-1"))
    assert stranger.said.ephemeral and "no seat" in stranger.said.content
    stale = await h.feed(h.click(f"est:c:{gid + 99}:view", user="alice", channel="game-1"))
    assert stale.said.ephemeral and "out of date" in stale.said.content


async def test_the_status_stays_text_when_the_card_is_off(dash, harness):
    h = harness
    assert h.bot.sender.status_card is False  # the fallback for clients and tests that need text
    await dash_game_in(h)
    (pinned,) = h.fake.pinned(chan(h, "game-1"))
    assert pinned["content"].startswith("**Game") or "Game" in pinned["content"]
    assert not pinned["flags"] & IS_COMPONENTS_V2 and not pinned["components"]


async def test_the_setting_turns_the_card_on_by_default(monkeypatch):
    from bot.config import Settings

    assert Settings().status_card is True
    monkeypatch.setenv("ESTAFETTE_STATUS_CARD", "false")
    assert Settings().status_card is False


async def test_the_result_is_a_card_with_the_rematch_button(card_harness):
    h = card_harness
    await dash_game_in(h, length=3)
    await finish(h)
    gid = await game_id_in(h)
    posts = [
        m
        for m in h.fake.messages_in(chan(h, "game-1"))
        if f"est:r:{gid}" in component_custom_ids(m["components"])
    ]
    (result,) = posts
    assert result["flags"] & IS_COMPONENTS_V2 and not result["content"]
    said = message_text(result)
    assert "won: role=red" in said and "dice seed" in said  # the whole result, as the text post said it
    assert result["attachments"] and any(
        c["type"] == MEDIA_GALLERY for c, _ in walk_components(result["components"])
    )


# --- the fake refuses what Discord refuses ---------------------------------------------------------------


async def test_the_fake_refuses_content_too_many_components_and_missing_attachments(harness):
    import discord

    h = harness
    channel = h.bot.get_channel(chan(h, "game-1"))
    assert channel is not None

    def card(n: int, media: str = "") -> discord.ui.LayoutView:
        view = discord.ui.LayoutView()
        box = discord.ui.Container()
        for i in range(n):
            box.add_item(discord.ui.TextDisplay(f"line {i}"))
        if media:
            box.add_item(discord.ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{media}")))
        view.add_item(box)
        return view

    ok = await channel.send(view=card(39))  # 39 texts and their container: 40
    assert ok.flags.value & IS_COMPONENTS_V2
    # discord.py refuses a 41st component itself: the raw payload, as another client would send it
    texts = [{"type": 10, "content": f"line {i}"} for i in range(40)]
    route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=channel.id)
    payload = {"flags": IS_COMPONENTS_V2, "components": [{"type": CONTAINER, "components": texts}]}
    with pytest.raises(discord.HTTPException) as many:
        await h.bot.http.request(route, json=payload)
    assert many.value.status == 400 and "40 or fewer" in str(many.value)
    with pytest.raises(discord.HTTPException) as worded:
        await h.bot.http.request(route, json={**payload, "content": "hello", "components": [texts[0]]})
    assert "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2" in str(worded.value) or "content" in str(
        worded.value
    )
    long_id = [{"type": 1, "components": [{"type": 2, "style": 1, "label": "x", "custom_id": "x" * 101}]}]
    with pytest.raises(discord.HTTPException):
        await h.bot.http.request(route, json={"flags": IS_COMPONENTS_V2, "components": long_id})
    with pytest.raises(discord.HTTPException) as missing:
        await channel.send(view=card(1, media="map.png"))
    assert "attachment://map.png" in str(missing.value)
    import io

    fine = await channel.send(view=card(1, media="map.png"), file=discord.File(io.BytesIO(b"x"), "map.png"))
    assert fine.attachments
    with pytest.raises(discord.HTTPException) as legacy:
        await fine.edit(content="plain words")
    assert "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2" in str(legacy.value) or "content" in str(
        legacy.value
    )
    with pytest.raises(discord.HTTPException) as gone:
        await fine.edit(view=card(1, media="map.png"), attachments=[])
    assert "attachment://map.png" in str(gone.value)
    h.allow_errors()


async def test_the_card_shows_an_open_battles_board_beside_the_map(harness):
    from test_discord_wedge import SMALL_BATTLE, battle

    h = harness
    h.bot.sender.status_card = True
    await battle(h, SMALL_BATTLE)
    await settle(h)
    card = the_card(h)
    (gallery,) = [c for c, _ in walk_components(card["components"]) if c["type"] == MEDIA_GALLERY]
    shown = [i["media"]["url"].removeprefix("attachment://") for i in gallery["items"]]
    assert shown[0].startswith("map-") and any(n.startswith("battle-") and "thuin" in n for n in shown), shown
    assert set(shown) <= {a["filename"] for a in card["attachments"]}
    assert "Thuin" in message_text(card)


async def test_a_status_pinned_as_text_becomes_the_card_at_its_next_edit(dash, harness):
    h = harness
    await dash_game_in(h)
    (text,) = h.fake.pinned(chan(h, "game-1"))
    assert text["content"] and not text["flags"] & IS_COMPONENTS_V2
    h.bot.sender.status_card = True  # e.g. the bot restarted with the card on
    await h.feed(h.slash("run", {"steps": 1}, user="alice", channel="game-1"))
    await settle(h)
    (card,) = h.fake.pinned(chan(h, "game-1"))
    assert card["id"] == text["id"] and card["flags"] & IS_COMPONENTS_V2 and not card["content"]
    assert "Game" in message_text(card)


async def test_the_cards_buttons_work_after_a_restart_and_speak_the_games_language(card_harness):
    h = card_harness
    await h.feed(
        h.slash("game new", {"game": "dash", "language": "ja"}, user="alice", channel="game-1", locale="ja")
    )
    await h.feed(h.slash("game join", {"role": "red"}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {"role": "blue"}, user="bob", channel="game-1"))
    await h.feed(h.slash("game start", user="alice", channel="game-1"))
    await settle(h)
    card = the_card(h)
    labels = [c.get("label") for c, _ in walk_components(card["components"]) if c.get("type") == 2]
    assert labels == ["自分の視点", "命令", "記録"]
    await h.restart()
    h.bot.sender.status_card = True
    gid = await game_id_in(h)
    d = await h.feed(h.click(f"est:c:{gid}:view", message=card, user="bob", channel="game-1"))
    assert d.said.ephemeral and d.said.attachments[0].filename.endswith("-blue.png")


def test_a_long_status_is_cut_to_the_cards_limits():
    import discord

    from bot.discord_app import card
    from bot.outbox import Status

    view = card.status_card(Status(7, 1, "x", [], ["head", "y" * 5000, "z" * 100]), [])
    texts = [c.content for c in view.walk_children() if isinstance(c, discord.ui.TextDisplay)]
    assert sum(map(len, texts)) <= card.TEXT_LIMIT and texts[0] == "head" and texts[1].endswith("…")
    assert view.total_children_count <= card.COMPONENT_LIMIT
