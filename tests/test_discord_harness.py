"""Smoke tests of the Discord harness (tests/discord_fake.py), through a small bot defined here.

The bot is real discord.py; only Discord is fake. Each test starts a fresh fake and bot (~15 ms).
"""

from __future__ import annotations

import asyncio
import io
import logging
import struct
import zlib
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands
from discord_fake import (
    EPHEMERAL,
    BotHandle,
    FakeDiscord,
    Opt,
    Upload,
    World,
    bot_fixture,
    make_test_bot,
    png_size,
    running_bot,
)

# ------------------------------------------------------------------------------------------------------------
# A small bot
# ------------------------------------------------------------------------------------------------------------


def tiny_png(width: int = 3, height: int = 2) -> bytes:
    """A valid RGB PNG, grey."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\x00" + b"\x80\x80\x80" * width for _ in range(height))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    body = chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + body


SETUPS = ["historical", "hidden", "historical-variant", "free"]
TOWNS = ["Charleroi", "Fleurus", "Ligny", "Quatre Bras", "Wavre"]


@dataclass
class State:
    """What the bot would keep in its database: survives a restart (the factory gets the same object)."""

    games: set[str] = field(default_factory=set)
    refreshes: Counter[str] = field(default_factory=Counter)
    handled: set[int] = field(default_factory=set)  # interaction ids already applied (dedupe)
    delivered: list[int] = field(default_factory=list)  # every interaction id seen by on_interaction
    last: dict[str, Any] = field(default_factory=dict)
    race: list[str] = field(default_factory=list)
    barrier: asyncio.Barrier | None = None


class BoardView(discord.ui.View):
    """A persistent board: its custom_ids carry the game id, so it can be re-registered after a restart."""

    def __init__(self, state: State, game: str) -> None:
        super().__init__(timeout=None)
        self.state, self.game = state, game
        refresh: discord.ui.Button[BoardView] = discord.ui.Button(
            label="Refresh", custom_id=f"board:refresh:{game}", style=discord.ButtonStyle.primary
        )
        refresh.callback = self.refresh  # type: ignore[method-assign]
        deploy: discord.ui.Select[BoardView] = discord.ui.Select(
            custom_id=f"board:deploy:{game}",
            min_values=1,
            max_values=2,
            options=[discord.SelectOption(label=t, value=t.lower()) for t in ("Left", "Centre", "Right")],
        )
        deploy.callback = self.deploy  # type: ignore[method-assign]
        self.deploy_select = deploy
        self.add_item(refresh).add_item(deploy)

    async def refresh(self, interaction: discord.Interaction) -> None:
        self.state.refreshes[self.game] += 1
        n = self.state.refreshes[self.game]
        await interaction.response.edit_message(content=f"Board {self.game}: refreshed {n}x", view=self)

    async def deploy(self, interaction: discord.Interaction) -> None:
        values = self.deploy_select.values
        await interaction.response.send_message(f"{self.game}: deployed {', '.join(values)}", ephemeral=True)


class RenameModal(discord.ui.Modal, title="Rename the game"):
    name: discord.ui.TextInput[RenameModal] = discord.ui.TextInput(label="New name", custom_id="rename:name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Renamed to {self.name.value}", ephemeral=True)


class Game(app_commands.Group, name="game", description="Run a game in this channel"):
    def __init__(self, state: State) -> None:
        super().__init__()
        self.state = state

    order = app_commands.Group(name="order", description="Give orders")

    @app_commands.command(name="new", description="Start a new game here")
    @app_commands.describe(setup="Which setup", players="How many players")
    @app_commands.choices(
        rules=[
            app_commands.Choice(name="1st edition", value="first"),
            app_commands.Choice(name="2nd edition", value="second"),
        ]
    )
    async def new(
        self,
        interaction: discord.Interaction,
        setup: str,
        players: app_commands.Range[int, 2, 3] = 2,
        rules: str = "second",
        deadline: float = 24.0,
        fast: bool = False,
        spectate: discord.TextChannel | None = None,
        partner: discord.Member | None = None,
        role: discord.Role | None = None,
        scenario: discord.Attachment | None = None,
    ) -> None:
        self.state.last = {
            "setup": setup,
            "players": players,
            "rules": rules,
            "deadline": deadline,
            "fast": fast,
            "spectate": spectate,
            "partner": partner,
            "role": role,
            "locale": interaction.locale,
            "scenario": await scenario.read() if scenario else None,
            "guild": interaction.guild,
        }
        await interaction.response.send_message(f"New {setup} game for {players}", ephemeral=True)

    @new.autocomplete("setup")
    async def setups(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=s, value=s) for s in SETUPS if s.startswith(current.lower())]

    @app_commands.command(name="abort", description="End the game (host or server manager)")
    async def abort(self, interaction: discord.Interaction) -> None:
        if not interaction.permissions.manage_guild:
            await interaction.response.send_message("Only the host or a server manager may.", ephemeral=True)
            return
        await interaction.response.send_message("Game aborted.")

    @order.command(name="move", description="Move blocks")
    async def move(self, interaction: discord.Interaction, units: str, path: str) -> None:
        await interaction.response.send_message(f"{units} -> {path}", ephemeral=True)

    @move.autocomplete("path")
    async def towns(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        units = interaction.namespace.units
        hits = [t for t in TOWNS if current.lower() in t.lower()]
        return [app_commands.Choice(name=f"{units} to {t}", value=t) for t in hits]


class TinyBot(commands.Bot):
    def __init__(self, state: State) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
        self.state = state

    async def setup_hook(self) -> None:
        state = self.state
        self.tree.add_command(Game(state))

        @self.tree.command(name="map", description="Your private map")
        async def map_(interaction: discord.Interaction) -> None:
            file = discord.File(io.BytesIO(tiny_png()), filename="map.png")
            embed = discord.Embed(title="Your map").set_image(url="attachment://map.png")
            await interaction.response.send_message(embed=embed, file=file, ephemeral=True)

        @self.tree.command(name="slowmap", description="A map that takes a while")
        async def slowmap(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await interaction.followup.send(
                "Here it is", file=discord.File(io.BytesIO(tiny_png(4, 4)), filename="slow.png")
            )

        @self.tree.command(name="notify", description="Send me my private view")
        async def notify(interaction: discord.Interaction) -> None:
            try:
                await interaction.user.send("Your blocks: FR-1 at Charleroi")
            except discord.Forbidden as e:
                state.last["forbidden_code"] = e.code
                await interaction.response.send_message("Your DMs are closed.", ephemeral=True)
            else:
                await interaction.response.send_message("Sent you a DM.", ephemeral=True)

        @self.tree.command(name="board", description="Post the board")
        async def board(interaction: discord.Interaction, game: str) -> None:
            state.games.add(game)
            await interaction.response.send_message(f"Board {game}", view=BoardView(state, game))

        @self.tree.command(name="crash", description="Fails")
        async def crash(interaction: discord.Interaction) -> None:
            raise RuntimeError("boom in a command")

        @self.tree.command(name="race", description="Waits for a second player")
        async def race(interaction: discord.Interaction) -> None:
            assert state.barrier is not None
            state.race.append(f"in:{interaction.user.name}")
            async with asyncio.timeout(2):
                await state.barrier.wait()  # deadlocks unless the two interactions run concurrently
            state.race.append(f"out:{interaction.user.name}")
            await interaction.response.send_message("go", ephemeral=True)

        @self.tree.command(name="once", description="Applies an order exactly once")
        async def once(interaction: discord.Interaction) -> None:
            if interaction.id in state.handled:
                return  # a replayed delivery: already answered
            state.handled.add(interaction.id)
            await interaction.response.send_message("applied", ephemeral=True)

        @self.tree.command(name="thread", description="Open the allied thread")
        async def thread(interaction: discord.Interaction, partner: discord.Member) -> None:
            assert isinstance(interaction.channel, discord.TextChannel)
            t = await interaction.channel.create_thread(
                name="allies", type=discord.ChannelType.private_thread, invitable=False
            )
            assert interaction.guild is not None
            state.last["cached_thread"] = interaction.guild.get_thread(t.id)  # THREAD_CREATE was echoed
            await t.add_user(interaction.user)
            await t.add_user(partner)
            await t.send("Talk here during the night turn.")
            await t.edit(locked=True, archived=True)
            await interaction.response.send_message(f"Opened {t.mention}", ephemeral=True)

        @self.tree.command(name="rename", description="Rename via a modal")
        async def rename(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(RenameModal())

        @self.tree.command(name="where", description="Where am I?")
        @app_commands.allowed_contexts(guilds=True, dms=True)
        async def where(interaction: discord.Interaction) -> None:
            place = "DM" if interaction.guild is None else interaction.guild.name
            await interaction.response.send_message(f"in {place}")

        for game in sorted(state.games):  # persistent views are re-registered from storage
            self.add_view(BoardView(state, game))

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.state.delivered.append(interaction.id)


@pytest.fixture
def state() -> State:
    return State()


@pytest.fixture
async def harness(state: State) -> AsyncIterator[BotHandle]:
    async with running_bot(lambda: TinyBot(state)) as handle:
        yield handle


# ------------------------------------------------------------------------------------------------------------
# Start-up and registration
# ------------------------------------------------------------------------------------------------------------


async def test_login_and_ready(harness: BotHandle) -> None:
    bot, fake, world = harness.bot, harness.fake, harness.world
    assert bot.is_ready()
    assert bot.user is not None and bot.user.id == world.bot.id
    assert bot.application_id == world.application_id
    assert [c.path for c in fake.calls[:2]] == ["/users/@me", "/oauth2/applications/@me"]
    assert fake.calls[0].route == "/users/@me" and fake.calls[0].status == 200
    guild = bot.get_guild(world.guild().id)
    assert guild is not None and guild.me is not None and guild.me.id == world.bot.id
    assert {c.name for c in guild.text_channels} == {"general", "game-1", "game-2", "spectators"}
    assert {r.name for r in guild.roles} >= {"@everyone", "Manager"}
    assert guild.me.guild_permissions.attach_files
    assert fake.base_url == discord.http.Route.BASE
    assert fake.unknown_calls() == []


async def test_route_base_is_restored_and_fake_answers_exact_json() -> None:
    original = discord.http.Route.BASE
    async with running_bot(make_test_bot) as h:
        assert h.fake.base_url == discord.http.Route.BASE
        async with aiohttp.ClientSession() as s, s.get(h.fake.base_url + "/no/such/route") as r:
            assert r.status == 404
            assert r.headers["Content-Type"] == "application/json"  # exactly: no "; charset=..."
            assert await r.json() == {"message": "404: Not Found", "code": 0}
        assert [c.path for c in h.fake.unknown_calls()] == ["/no/such/route"]
    assert original == discord.http.Route.BASE


async def test_several_guilds(state: State) -> None:
    world = World.default()
    second = world.add_guild("Second Club")
    world.add_channel("war-room", guild=second)
    async with running_bot(lambda: TinyBot(state), world=world) as h:
        assert {g.name for g in h.bot.guilds} == {"Estafette Test Club", "Second Club"}
        done = await h.feed(h.slash("where", user="bob", channel="war-room"))
        assert done.reply.content == "in Second Club" and done.payload["guild_id"] == str(second.id)
        fetched = await h.bot.fetch_channel(world.channel("war-room").id)  # GET /channels/{id}
        assert isinstance(fetched, discord.TextChannel) and fetched.guild.id == second.id


async def test_tree_sync_payload_has_every_command_and_option(harness: BotHandle) -> None:
    synced = await harness.bot.tree.sync()
    payload = {c["name"]: c for c in harness.fake.synced_commands()}
    assert set(payload) == {
        "game",
        "map",
        "slowmap",
        "notify",
        "board",
        "crash",
        "race",
        "once",
        "thread",
        "rename",
        "where",
    }
    assert {c.name: c.id for c in synced} == {n: harness.fake.command_id(n) for n in payload}
    game = {o["name"]: o for o in payload["game"]["options"]}
    assert game["order"]["type"] == 2 and game["order"]["options"][0]["name"] == "move"
    move = {o["name"]: o for o in game["order"]["options"][0]["options"]}
    assert move["path"]["autocomplete"] is True and move["units"]["required"] is True
    new = {o["name"]: o for o in game["new"]["options"]}
    assert list(new) == [
        "setup",
        "players",
        "rules",
        "deadline",
        "fast",
        "spectate",
        "partner",
        "role",
        "scenario",
    ]
    assert [new[n]["type"] for n in new] == [3, 4, 3, 10, 5, 7, 6, 8, 11]
    assert new["setup"]["autocomplete"] is True and new["setup"]["required"] is True
    assert (new["players"]["min_value"], new["players"]["max_value"]) == (2, 3)
    assert [c["value"] for c in new["rules"]["choices"]] == ["first", "second"]
    assert payload["where"]["contexts"] == [0, 1]
    # A second sync keeps the ids, as Discord does.
    again = await harness.bot.tree.sync()
    assert {c.id for c in again} == {c.id for c in synced}


async def test_guild_sync_is_recorded_per_guild(harness: BotHandle) -> None:
    guild = discord.Object(harness.world.guild().id)
    harness.bot.tree.copy_global_to(guild=guild)
    await harness.bot.tree.sync(guild=guild)
    assert "game" in {c["name"] for c in harness.fake.synced_commands(guild.id)}


# ------------------------------------------------------------------------------------------------------------
# Slash commands
# ------------------------------------------------------------------------------------------------------------


async def test_slash_command_with_every_option_type(harness: BotHandle, state: State) -> None:
    bob, spectators = harness.world.user("bob"), harness.world.channel("spectators")
    done = await harness.feed(
        harness.slash(
            "game new",
            {
                "setup": "historical",
                "players": 3,
                "rules": "first",
                "deadline": 12.5,
                "fast": True,
                "spectate": spectators,
                "partner": bob,
                "role": "Manager",
                "scenario": Upload("custom.toml", b"[setup]\nname = 'mine'\n"),
            },
            user="alice",
            channel="game-1",
            locale="fr",
        )
    )
    last = state.last
    assert (last["setup"], last["players"], last["rules"], last["deadline"], last["fast"]) == (
        "historical",
        3,
        "first",
        12.5,
        True,
    )
    assert isinstance(last["spectate"], discord.TextChannel) and last["spectate"].id == spectators.id
    assert isinstance(last["partner"], discord.Member) and last["partner"].id == bob.id
    assert isinstance(last["role"], discord.Role) and last["role"].name == "Manager"
    assert last["scenario"] == b"[setup]\nname = 'mine'\n"  # read back from the fake CDN
    assert last["locale"] == discord.Locale.french and last["guild"].id == harness.world.guild().id
    reply = done.reply
    assert reply.type == 4 and reply.flags == EPHEMERAL and reply.ephemeral
    assert reply.content == "New historical game for 3"


async def test_ephemeral_reply_with_png_attachment(harness: BotHandle) -> None:
    done = await harness.feed(harness.slash("map", user="carol"))
    reply = done.reply
    assert reply.ephemeral and reply.call.query == {"with_response": "1"}
    [upload] = reply.attachments
    assert upload.filename == "map.png" and upload.is_png and png_size(upload.data) == (3, 2)
    assert reply.embeds[0]["image"]["url"] == "attachment://map.png"
    assert harness.fake.uploads() == [upload]
    stored = reply.message
    assert stored is not None and stored["attachments"][0]["content_type"] == "image/png"
    assert (stored["attachments"][0]["width"], stored["attachments"][0]["height"]) == (3, 2)
    assert stored["interaction_metadata"]["user"]["username"] == "carol"


async def test_deferred_reply_then_followup_replaces_the_thinking_message(harness: BotHandle) -> None:
    done = await harness.feed(harness.slash("slowmap"))
    kinds = [(r.kind, r.type) for r in done.replies]
    assert kinds == [("callback", 5), ("followup", None)]
    first, followup = done.replies
    assert first.ephemeral and first.message is not None and first.message["flags"] == EPHEMERAL | 128
    assert followup.call.query.get("wait") == "1" and followup.attachments[0].is_png
    assert followup.message is not None and followup.message["id"] == first.message["id"]
    assert followup.message["flags"] == EPHEMERAL and followup.ephemeral  # loading cleared, still ephemeral


async def test_manage_server_permission_comes_from_the_member(harness: BotHandle) -> None:
    denied = await harness.feed(harness.slash("game abort", user="bob"))
    assert denied.reply.content == "Only the host or a server manager may." and denied.reply.ephemeral
    allowed = await harness.feed(
        harness.slash("game abort", user="bob", permissions=discord.Permissions(manage_guild=True))
    )
    assert allowed.reply.content == "Game aborted." and not allowed.reply.ephemeral
    assert allowed.payload["member"]["permissions"] == str(discord.Permissions(manage_guild=True).value)
    assert harness.fake.messages_in(harness.world.channel("general"))[-1]["content"] == "Game aborted."


async def test_command_in_a_dm(harness: BotHandle) -> None:
    done = await harness.feed(harness.slash("where", user="dave", dm=True))
    assert done.reply.content == "in DM"
    assert int(done.payload["channel"]["id"]) == harness.fake.dm_channel_id(harness.world.user("dave"))
    assert "member" not in done.payload and done.payload["user"]["username"] == "dave"


async def test_modal_round_trip(harness: BotHandle) -> None:
    opened = await harness.feed(harness.slash("rename"))
    assert opened.reply.type == 9 and opened.reply.data["custom_id"]
    done = await harness.feed(harness.modal_submit(opened.reply.data["custom_id"], {"rename:name": "Ligny"}))
    assert done.reply.content == "Renamed to Ligny" and done.reply.ephemeral


# ------------------------------------------------------------------------------------------------------------
# Autocomplete
# ------------------------------------------------------------------------------------------------------------


async def test_autocomplete_choices(harness: BotHandle) -> None:
    done = await harness.feed(harness.autocomplete("game new", {"setup": "hi"}, focused="setup"))
    assert done.payload["type"] == 4
    assert done.reply.status == 204 and done.reply.type == 8
    choices = harness.fake.autocomplete_choices(done.interaction_id)
    assert [c["value"] for c in choices] == ["historical", "hidden", "historical-variant"]


async def test_autocomplete_in_a_subcommand_group_sees_other_options(harness: BotHandle) -> None:
    done = await harness.feed(
        harness.autocomplete("game order move", {"units": "FR-1", "path": "ra"}, focused="path")
    )
    options = done.payload["data"]["options"][0]["options"][0]["options"]
    assert {o["name"]: o.get("focused", False) for o in options} == {"units": False, "path": True}
    assert harness.fake.autocomplete_choices(done.interaction_id) == [
        {"name": "FR-1 to Quatre Bras", "value": "Quatre Bras"}
    ]


# ------------------------------------------------------------------------------------------------------------
# DMs, threads
# ------------------------------------------------------------------------------------------------------------


async def test_dm_delivered_and_closed_dms_give_403(harness: BotHandle, state: State) -> None:
    alice, bob = harness.world.user("alice"), harness.world.user("bob")
    harness.fake.close_dms(bob)
    sent = await harness.feed(harness.slash("notify", user=alice))
    assert sent.reply.content == "Sent you a DM."
    assert [m["content"] for m in harness.fake.dms_to(alice)] == ["Your blocks: FR-1 at Charleroi"]
    refused = await harness.feed(harness.slash("notify", user=bob))
    assert refused.reply.content == "Your DMs are closed." and refused.reply.ephemeral
    assert state.last["forbidden_code"] == 50007
    [attempt] = harness.fake.dm_attempts(bob)
    assert attempt.status == 403 and attempt.response == {
        "message": "Cannot send messages to this user",
        "code": 50007,
    }
    assert harness.fake.dms_to(bob) == []
    assert len(harness.fake.calls_to("POST", "/users/@me/channels")) == 2


async def test_private_thread_opened_joined_and_locked(harness: BotHandle, state: State) -> None:
    bob = harness.world.user("bob")
    done = await harness.feed(harness.slash("thread", {"partner": bob}, user="alice", channel="game-1"))
    [thread] = harness.fake.threads(harness.world.channel("game-1"))
    assert thread["type"] == 12 and thread["name"] == "allies"
    assert done.reply.content == f"Opened <#{thread['id']}>"
    alice = harness.world.user("alice")
    assert harness.fake.thread_members[int(thread["id"])] == {harness.world.bot.id, alice.id, bob.id}
    posted = harness.fake.messages_in(int(thread["id"]))
    assert [m["content"] for m in posted] == ["Talk here during the night turn."]
    assert harness.fake.thread_edits() == [{"locked": True, "archived": True}]
    assert thread["thread_metadata"]["locked"] is True
    assert harness.fake.calls_to("POST", "/channels/{id}/threads")[0].body["type"] == 12
    # THREAD_CREATE and THREAD_UPDATE reach the bot's cache, as the gateway would deliver them.
    assert isinstance(state.last["cached_thread"], discord.Thread)
    guild = harness.bot.get_guild(harness.world.guild().id)
    assert guild is not None and guild.get_thread(int(thread["id"])) is None  # archived: dropped from cache


# ------------------------------------------------------------------------------------------------------------
# Components and restarts
# ------------------------------------------------------------------------------------------------------------


async def test_button_and_select_work_and_survive_a_restart(harness: BotHandle, state: State) -> None:
    posted = await harness.feed(harness.slash("board", {"game": "g1"}, channel="game-2"))
    board = posted.reply.message
    assert board is not None and posted.reply.custom_ids == ["board:refresh:g1", "board:deploy:g1"]

    clicked = await harness.feed(harness.click("board:refresh:g1", user="bob"))
    assert clicked.reply.type == 7 and clicked.payload["message"]["id"] == board["id"]
    assert harness.fake.message(board["id"])["content"] == "Board g1: refreshed 1x"

    chosen = await harness.feed(harness.select("board:deploy:g1", ["left", "right"], user="bob"))
    assert chosen.reply.content == "g1: deployed left, right" and chosen.reply.ephemeral

    old_bot = harness.bot
    await harness.restart()
    assert harness.bot is not old_bot and old_bot.is_closed() and harness.bot.is_ready()

    again = await harness.feed(harness.click("board:refresh:g1", user="carol"))
    assert again.reply.type == 7 and again.reply.ok
    assert harness.fake.message(board["id"])["content"] == "Board g1: refreshed 2x"
    assert len(harness.fake.calls_to("GET", "/users/@me")) == 2  # logged in twice on the same fake


async def test_component_in_a_dm(harness: BotHandle) -> None:
    dave = harness.world.user("dave")
    done = await harness.feed(harness.select("board:deploy:g9", ["centre"], user=dave, dm=True))
    assert "guild_id" not in done.payload and done.payload["channel"]["type"] == 1
    assert not done.answered  # g9 was never registered: nothing listens


async def test_unknown_custom_id_is_ignored_silently(harness: BotHandle) -> None:
    before = len(harness.fake.calls)
    done = await harness.feed(harness.click("no-such-button:1"))
    assert not done.answered and done.replies == [] and done.errors == []
    assert len(harness.fake.calls) == before


# ------------------------------------------------------------------------------------------------------------
# Concurrency and duplicates
# ------------------------------------------------------------------------------------------------------------


async def test_two_interactions_run_concurrently(harness: BotHandle, state: State) -> None:
    state.barrier = asyncio.Barrier(2)
    a, b = await harness.feed_concurrently(
        harness.slash("race", user="alice"), harness.slash("race", user="bob")
    )
    assert a.reply.content == b.reply.content == "go"
    assert sorted(state.race[:2]) == ["in:alice", "in:bob"]  # both were inside before either left


async def test_duplicate_delivery_is_delivered_twice(harness: BotHandle, state: State) -> None:
    first = harness.slash("once")
    await harness.feed(first)
    await harness.feed(harness.duplicate(first))
    iid = int(first["id"])
    assert state.delivered.count(iid) == 2  # the harness delivered it twice; the app deduped
    assert [r.kind for r in harness.fake.replies(iid)] == ["callback"]
    again = harness.slash("once", interaction_id=iid)
    assert again["token"] == first["token"]


async def test_a_second_answer_to_the_same_interaction_is_refused(harness: BotHandle) -> None:
    first = harness.slash("map")
    await harness.feed(first)
    done = await harness.feed(harness.duplicate(first), expect_errors=True)  # /map does not dedupe
    [refused] = [r for r in done.replies if not r.ok]
    assert refused.status == 400 and refused.call.response["code"] == 40060
    assert "40060" in done.errors[0].getMessage() or "40060" in str(done.errors[0].exc_info)


# ------------------------------------------------------------------------------------------------------------
# The error guard
# ------------------------------------------------------------------------------------------------------------


async def test_exception_in_a_command_fails_the_feed(harness: BotHandle) -> None:
    with pytest.raises(AssertionError, match="boom in a command"):
        await harness.feed(harness.slash("crash"))


async def test_expected_errors_are_returned_not_raised(harness: BotHandle) -> None:
    done = await harness.feed(harness.slash("crash"), expect_errors=True)
    [record] = done.errors
    assert record.name == "discord.app_commands.tree" and record.exc_info is not None
    assert isinstance(record.exc_info[1], app_commands.CommandInvokeError)
    assert isinstance(record.exc_info[1].original, RuntimeError)
    with pytest.raises(AssertionError, match="expected discord to log an error"):
        await harness.feed(harness.slash("where"), expect_errors=True)


async def test_errors_outside_a_feed_fail_at_teardown_unless_allowed() -> None:
    with pytest.raises(AssertionError, match="late failure"):
        async with running_bot(make_test_bot):
            logging.getLogger("discord.client").error("late failure")
    async with running_bot(make_test_bot) as h:
        logging.getLogger("discord.client").error("late failure, expected")
        h.allow_errors()
    async with running_bot(make_test_bot, fail_on_errors=False):
        logging.getLogger("discord.ui.view").error("tolerated")


# ------------------------------------------------------------------------------------------------------------
# The fixture factory and the fake on its own
# ------------------------------------------------------------------------------------------------------------

plain = bot_fixture(make_test_bot, setup=lambda fake: fake.close_dms(fake.world.user("carol")))


async def test_bot_fixture_and_failure_injection(plain: BotHandle) -> None:
    carol = plain.world.user("carol")
    channel = plain.bot.get_channel(plain.world.channel("general").id)
    assert isinstance(channel, discord.TextChannel)
    plain.fake.fail("POST", "/channels/{channel_id}/messages", 403, 50013, "Missing Permissions")
    with pytest.raises(discord.Forbidden) as info:
        await channel.send("hello")
    assert info.value.code == 50013
    sent = await channel.send("hello again", file=discord.File(io.BytesIO(tiny_png()), "b.png"))
    assert sent.attachments[0].filename == "b.png" and await sent.attachments[0].read() == tiny_png()
    edited = await sent.edit(content="edited")
    assert edited.content == "edited" and plain.fake.message(sent.id)["edited_timestamp"]
    await sent.delete()
    assert sent.id not in plain.fake.messages
    user = await plain.bot.fetch_user(carol.id)
    with pytest.raises(discord.Forbidden):
        await user.send("psst")
    statuses = [(c.method, c.route, c.status) for c in plain.fake.calls[2:]]
    assert (
        statuses
        == [
            ("POST", "/channels/{channel_id}/messages", 403),
            ("POST", "/channels/{channel_id}/messages", 200),
            (
                "GET",
                "/cdn/attachments/{attachment_id}/{filename}",
                200,
            ),  # attachment.read() hits the fake CDN
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", 200),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", 204),
            ("GET", "/users/{user_id}", 200),
            ("POST", "/users/@me/channels", 200),
            ("POST", "/channels/{channel_id}/messages", 403),
        ]
        and plain.fake.calls[3].files[0].is_png
    )


async def test_fake_refuses_what_discord_refuses() -> None:
    async with FakeDiscord() as fake, aiohttp.ClientSession() as s:
        url = fake.base_url + f"/channels/{fake.world.channel('general').id}/messages"
        async with s.post(url, json={"content": ""}) as r:
            assert (r.status, (await r.json())["code"]) == (400, 50006)
        async with s.post(url, json={"content": "x" * 2001}) as r:
            assert (r.status, (await r.json())["code"]) == (400, 50035)
        cb = fake.base_url + "/interactions/1/nope/callback?with_response=1"
        async with s.post(cb, json={"type": 4, "data": {"content": "hi"}}) as r:
            assert (r.status, (await r.json())["code"]) == (404, 10062)
        sync = fake.base_url + f"/applications/{fake.world.application_id}/commands"
        async with s.put(sync, json=[{"name": "Bad Name", "description": "x"}]) as r:
            assert r.status == 400 and "name" in (await r.json())["errors"]["0"]
    assert [c.status for c in fake.calls] == [400, 400, 404, 400]


def test_option_type_can_be_forced() -> None:
    fake = FakeDiscord()
    from discord_fake import InteractionFactory

    payload = InteractionFactory(fake).slash("x", {"n": Opt(10, 2), "who": fake.world.user("bob")})
    opts = {o["name"]: o for o in payload["data"]["options"]}
    assert opts["n"] == {"name": "n", "type": 10, "value": 2.0}
    assert opts["who"]["type"] == 6 and opts["who"]["value"] in payload["data"]["resolved"]["members"]
