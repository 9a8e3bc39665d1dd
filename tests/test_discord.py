"""The bot end to end through the real discord.py, against the fake Discord API on loopback."""

from __future__ import annotations

import pytest
from discord_fake import BotHandle, running_bot

from bot.discord_app.client import EstafetteBot
from bot.pictures import NoPictures
from bot.storage import Store

EPHEMERAL = 64


@pytest.fixture
async def harness(tmp_path):
    def make():
        return EstafetteBot(Store(tmp_path / "bot.db"), pictures=NoPictures(), tick_seconds=0)

    async with running_bot(make) as h:
        yield h


def chan(h: BotHandle, name: str) -> int:
    return h.world.channel(name).id


async def new_game(h: BotHandle, options: dict | None = None, channel: str = "game-1"):
    opts = {"setup": "historical", "players": 2, **(options or {})}
    await h.feed(h.slash("game new", opts, user="alice", channel=channel))
    await h.feed(h.slash("game join", {"role": "french"}, user="alice", channel=channel))
    await h.feed(h.slash("game join", {"role": "allied"}, user="bob", channel=channel))
    return await h.feed(h.slash("game start", user="alice", channel=channel))


async def test_sync_registers_every_command_with_its_options(harness):
    names = {c["name"]: c for c in harness.fake.synced_commands()}
    assert {
        "game",
        "move",
        "end",
        "setup",
        "deploy",
        "battle-move",
        "fire",
        "square",
        "unsquare",
        "retreat",
        "reinforce",
        "regroup",
        "orders",
    } <= set(names)
    subs = {o["name"] for o in names["game"]["options"]}
    assert subs >= {
        "new",
        "join",
        "leave",
        "start",
        "status",
        "map",
        "log",
        "options",
        "spectate",
        "prefer",
        "abort",
        "export",
        "import",
    }
    move = {o["name"]: o for o in names["move"]["options"]}
    assert move["units"]["autocomplete"] and move["path"]["autocomplete"] and move["units"]["required"]


async def test_start_posts_the_public_map_and_dms_private_maps(harness):
    h = harness
    d = await new_game(h)
    assert not d.reply.ephemeral
    posts = h.fake.messages_in(chan(h, "game-1"))
    assert any(p["attachments"] for p in posts), "the public map is posted"
    alice, bob = h.world.user("alice"), h.world.user("bob")
    assert h.fake.dms_to(alice) and h.fake.dms_to(bob)
    assert any(f"<@{alice.id}>" in (p.get("content") or "") for p in posts), "the player to act is pinged"


async def test_an_order_its_rule_error_and_the_wrong_player(harness):
    h = harness
    await new_game(h)
    ok = await h.feed(
        h.slash("move", {"units": "FR-1", "path": "Solre-sur-Sambre>Thuin"}, user="alice", channel="game-1")
    )
    assert ok.reply.ephemeral and ok.reply.content.startswith("Done")
    bad = await h.feed(
        h.slash(
            "move",
            {"units": "FR-2", "path": "Solre-sur-Sambre>Thuin>Marchienne"},
            user="alice",
            channel="game-1",
        )
    )
    assert bad.reply.ephemeral and "5.2" in bad.reply.content
    wrong = await h.feed(h.slash("end", user="bob", channel="game-1"))
    assert wrong.reply.ephemeral and "4.0" in wrong.reply.content
    spect = await h.feed(h.slash("end", user="dave", channel="game-1"))
    assert spect.reply.ephemeral and "no seat" in spect.reply.content


async def test_autocomplete_offers_only_legal_units_and_paths(harness):
    h = harness
    await new_game(h)
    d = await h.feed(
        h.autocomplete("move", {"units": "FR-1"}, focused="units", user="alice", channel="game-1")
    )
    values = [c["value"] for c in h.fake.autocomplete_choices(d.interaction_id)]
    assert values and all(v.startswith("FR-1") for v in values) and len(values) <= 25
    d = await h.feed(
        h.autocomplete("move", {"units": "FR-1", "path": ""}, focused="path", user="alice", channel="game-1")
    )
    paths = [c["value"] for c in h.fake.autocomplete_choices(d.interaction_id)]
    assert paths and all(p.startswith("Solre-sur-Sambre>") for p in paths)
    d = await h.feed(h.autocomplete("move", {"units": ""}, focused="units", user="bob", channel="game-1"))
    assert h.fake.autocomplete_choices(d.interaction_id) == []  # not Bob's turn: nothing is legal


async def test_a_duplicated_interaction_is_applied_once(harness):
    h = harness
    await new_game(h)
    p = h.slash("move", {"units": "FR-1", "path": "Solre-sur-Sambre>Thuin"}, user="alice", channel="game-1")
    await h.feed(p)
    again = await h.feed(h.duplicate(p))
    assert again.reply.content.startswith("Done")
    live = next(iter(h.bot.service.live.values()))
    assert live.row.version == 1


async def test_two_players_in_two_games_at_once(harness):
    h = harness
    await new_game(h, channel="game-1")
    await h.feed(h.slash("game new", {"setup": "historical"}, user="carol", channel="game-2"))
    await h.feed(h.slash("game join", {"role": "french"}, user="carol", channel="game-2"))
    await h.feed(h.slash("game join", {"role": "allied"}, user="dave", channel="game-2"))
    await h.feed(h.slash("game start", user="carol", channel="game-2"))
    a, b = await h.feed_concurrently(
        h.slash("move", {"units": "FR-1", "path": "Solre-sur-Sambre>Thuin"}, user="alice", channel="game-1"),
        h.slash("move", {"units": "FR-2", "path": "Solre-sur-Sambre>Thuin"}, user="carol", channel="game-2"),
    )
    assert a.reply.content.startswith("Done") and b.reply.content.startswith("Done")


async def test_closed_dms_get_a_notice_without_secrets_and_ephemeral_replies(harness):
    h = harness
    h.fake.close_dms(h.world.user("bob"))
    await new_game(h)
    notices = [
        m for m in h.fake.messages_in(chan(h, "game-1")) if "DMs are closed" in (m.get("content") or "")
    ]
    assert len(notices) == 1 and "PR-" not in notices[0]["content"] and "BR-" not in notices[0]["content"]
    d = await h.feed(h.slash("game status", user="bob", channel="game-1"))
    private = [r for r in d.replies if r.ephemeral and r.attachments]
    assert len(private) >= 2  # the status map, then the private map that could not be DMed


async def test_restart_in_mid_game_keeps_playing(harness):
    h = harness
    await new_game(h)
    await h.feed(
        h.slash("move", {"units": "FR-1", "path": "Solre-sur-Sambre>Thuin"}, user="alice", channel="game-1")
    )
    await h.restart()
    d = await h.feed(h.slash("end", user="alice", channel="game-1"))
    assert d.reply.content.startswith("Done")
    d = await h.feed(h.slash("game status", user="bob", channel="game-1"))
    assert "Turn 2" in d.reply.content


async def test_spectator_channel_gets_public_posts(harness):
    h = harness
    await new_game(h)
    await h.feed(h.slash("game spectate", {"channel": chan(h, "spectators")}, user="alice", channel="game-1"))
    await h.feed(
        h.slash("move", {"units": "FR-1", "path": "Solre-sur-Sambre>Thuin"}, user="alice", channel="game-1")
    )
    posts = h.fake.messages_in(chan(h, "spectators"))
    assert posts and all("FR-1" not in (p.get("content") or "") for p in posts)


async def test_admin_commands_are_refused_to_others(harness):
    h = harness
    await h.feed(h.slash("game new", {"setup": "historical"}, user="bob", channel="game-1"))
    d = await h.feed(h.slash("game abort", user="carol", channel="game-1"))
    assert d.reply.ephemeral and "host" in d.reply.content
    d = await h.feed(h.slash("game abort", user="alice", channel="game-1"))  # alice is a Manager
    assert "aborted" in d.reply.content
