"""Smoke tests of the Discord harness (tests/support/discord_fake.py), through a small bot defined here.

The bot is real discord.py; only Discord is fake. Each test starts a fresh fake and bot (~15 ms).
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import struct
import zlib
from collections import Counter
from collections.abc import AsyncIterator, Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands
from support.discord_fake import (
    EPHEMERAL,
    JSON,
    NONCE_WINDOW,
    PIN_LIMIT,
    TOKEN_LIFETIME,
    BotHandle,
    Call,
    FakeDiscord,
    InteractionFactory,
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
    payload = InteractionFactory(fake).slash("x", {"n": Opt(10, 2), "who": fake.world.user("bob")})
    opts = {o["name"]: o for o in payload["data"]["options"]}
    assert opts["n"] == {"name": "n", "type": 10, "value": 2.0}
    assert opts["who"]["type"] == 6 and opts["who"]["value"] in payload["data"]["resolved"]["members"]


# ------------------------------------------------------------------------------------------------------------
# What the fake refuses, as Discord does: the status, the code, and the field named in "errors"
# ------------------------------------------------------------------------------------------------------------

ACCEPTED = (200, None, {})


def flat_errors(errors: Mapping[str, Any], prefix: str = "") -> dict[str, list[str]]:
    """Discord's nested form errors as ``{"components.0.components.1.custom_id": ["COMPONENT_..."]}``."""
    out: dict[str, list[str]] = {}
    for key, value in errors.items():
        if key == "_errors":
            out[prefix] = [e["code"] for e in value]
        else:
            out |= flat_errors(value, f"{prefix}.{key}" if prefix else key)
    return out


def verdict(call: Call) -> tuple[int, int | None, dict[str, list[str]]]:
    """(HTTP status, Discord error code, flattened form errors) of a call; ``ACCEPTED`` for a 200."""
    body = call.response if isinstance(call.response, dict) and not call.ok else {}
    return call.status, body.get("code"), flat_errors(body.get("errors") or {})


def form_error(errors: dict[str, list[str]], under: str = "") -> tuple[int, int, dict[str, list[str]]]:
    """The verdict of a 400 / 50035 "Invalid Form Body" naming these fields (each under ``under``)."""
    return 400, 50035, {f"{under}.{k}" if under else k: v for k, v in errors.items()}


RAW_PATHS = ["channel", "dm", "edit", "callback", "update", "followup", "deferred_followup", "webhook_edit"]


async def send_raw(fake: FakeDiscord, path: str, body: JSON) -> Call:
    """Send a message payload with aiohttp (for what discord.py will not send) by one of ``RAW_PATHS``;
    returns the recorded call that carried it. Callbacks carry it as their ``data``."""
    api, general = fake.base_url, fake.world.channel("general").id
    async with aiohttp.ClientSession() as session:

        async def request(method: str, url: str, payload: JSON) -> Any:
            async with session.request(method, url, json=payload) as r:
                return await r.json() if r.status == 200 else None

        channel = f"{api}/channels/{general}/messages"
        if path == "channel":
            await request("POST", channel, body)
        elif path == "dm":
            dm = fake.dm_channel_id(fake.world.user("alice"))
            await request("POST", f"{api}/channels/{dm}/messages", body)
        elif path == "edit":
            before = await request("POST", channel, {"content": "before"})
            await request("PATCH", f"{channel}/{before['id']}", body)
        else:
            factory = InteractionFactory(fake)
            payload = factory.click("raw:button") if path == "update" else factory.slash("raw")
            fake.register_interaction(payload)
            callback = f"{api}/interactions/{payload['id']}/{payload['token']}/callback?with_response=1"
            webhook = f"{api}/webhooks/{fake.world.application_id}/{payload['token']}"
            if path in ("callback", "update"):
                await request("POST", callback, {"type": 4 if path == "callback" else 7, "data": body})
            else:
                first = {"type": 5} if path == "deferred_followup" else {"type": 4, "data": {"content": "ok"}}
                await request("POST", callback, first)
                if path == "webhook_edit":
                    await request("PATCH", f"{webhook}/messages/@original", body)
                else:
                    await request("POST", f"{webhook}?wait=1", body)
    return fake.calls[-1]


def data_prefix(route: str) -> str:
    """Callback refusals name their fields under "data" (the callback body is {"type": .., "data": ..})."""
    return "data" if route in ("callback", "update") else ""


def button(custom_id: str | None = "go", **extra: Any) -> JSON:
    out: JSON = {"type": 2, "style": 1, "label": "Go"} | extra
    if custom_id is not None:
        out["custom_id"] = custom_id
    return out


def rows(n: int) -> list[JSON]:
    return [{"type": 1, "components": [button(f"b{i}")]} for i in range(n)]


# (within the limit, beyond it, the errors beyond it)
RAW_CASES: dict[str, tuple[JSON, JSON, dict[str, list[str]]]] = {
    "embeds": (
        {"embeds": [{"title": "t"}] * 10},
        {"embeds": [{"title": "t"}] * 11},
        {"embeds": ["BASE_TYPE_MAX_LENGTH"]},
    ),
    "embed size": (  # the footer counts towards the 6000 characters
        {"embeds": [{"description": "d" * 4000, "footer": {"text": "f" * 2000}}]},
        {"embeds": [{"description": "d" * 4000, "footer": {"text": "f" * 2001}}]},
        {"embeds": ["MAX_EMBED_SIZE_EXCEEDED"]},
    ),
    "action rows": (
        {"components": rows(5)},
        {"components": rows(6)},
        {"components": ["BASE_TYPE_MAX_LENGTH"]},
    ),
}


def named_cases(argnames: tuple[str, str], cases: Sequence[tuple[str, Any, Any]]) -> pytest.MarkDecorator:
    """``parametrize`` over ``(name, a, b)`` cases, each named in the test id."""
    return pytest.mark.parametrize(argnames, [case[1:] for case in cases], ids=[case[0] for case in cases])


#: Each limit is tried just within and just beyond.
within_or_beyond = pytest.mark.parametrize("over", [False, True], ids=["within", "beyond"])


@within_or_beyond
@pytest.mark.parametrize("case", list(RAW_CASES))
@pytest.mark.parametrize("path", RAW_PATHS)
async def test_every_path_refuses_too_many_embeds_or_action_rows(path: str, case: str, over: bool) -> None:
    within, beyond, errors = RAW_CASES[case]
    async with FakeDiscord() as fake:
        call = await send_raw(fake, path, {"content": "x"} | (beyond if over else within))
    assert verdict(call) == (form_error(errors, data_prefix(path)) if over else ACCEPTED)


@dataclass
class Outbox:
    """What the /say bot sends (keyword arguments of ``send``; edits get ``files`` as ``attachments``)."""

    kwargs: dict[str, Any] = field(default_factory=dict)
    refused: list[discord.HTTPException] = field(default_factory=list)

    @property
    def edit_kwargs(self) -> dict[str, Any]:
        return {("attachments" if k == "files" else k): v for k, v in self.kwargs.items()}

    @contextlib.contextmanager
    def catching(self) -> Iterator[None]:
        try:
            yield
        except discord.HTTPException as e:
            self.refused.append(e)


SAY_ROUTES = [
    "callback",  # interaction.response.send_message (callback type 4)
    "update",  # interaction.response.edit_message, from a button (type 7)
    "followup",  # interaction.followup.send after a reply
    "deferred_followup",  # ... after defer(thinking=True): replaces the thinking message
    "edit_original",  # interaction.edit_original_response (webhook edit)
    "channel",  # channel.send
    "edit_message",  # message.edit
    "dm",  # user.send
]


class UpdateView(discord.ui.View):
    def __init__(self, outbox: Outbox) -> None:
        super().__init__(timeout=None)
        self.outbox = outbox

    @discord.ui.button(label="Update", custom_id="say:update")
    async def update(self, interaction: discord.Interaction, button: discord.ui.Button[UpdateView]) -> None:
        with self.outbox.catching():
            await interaction.response.edit_message(**self.outbox.edit_kwargs)


def say_bot(outbox: Outbox) -> commands.Bot:
    """A bot that sends ``outbox.kwargs`` by the route it is told, recording what Discord refused."""
    bot = make_test_bot()
    bot.add_view(UpdateView(outbox))

    @bot.tree.command(name="say", description="Send the outbox by one route")
    async def say(interaction: discord.Interaction, route: str) -> None:
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        with outbox.catching():
            if route == "callback":
                await interaction.response.send_message(**outbox.kwargs)
                return
            if route == "deferred_followup":
                await interaction.response.defer(thinking=True)
                await interaction.followup.send(**outbox.kwargs)
                return
            await interaction.response.send_message("On it.", ephemeral=True)
            if route == "followup":
                await interaction.followup.send(**outbox.kwargs)
            elif route == "edit_original":
                await interaction.edit_original_response(**outbox.edit_kwargs)
            elif route == "channel":
                await channel.send(**outbox.kwargs)
            elif route == "edit_message":
                await (await channel.send("before")).edit(**outbox.edit_kwargs)
            elif route == "dm":
                await interaction.user.send(**outbox.kwargs)

    return bot


def buttons(*custom_ids: str) -> discord.ui.View:
    view = discord.ui.View()
    for custom_id in custom_ids:
        view.add_item(discord.ui.Button(label="Go", custom_id=custom_id))
    return view


def maps(n: int) -> list[discord.File]:
    return [discord.File(io.BytesIO(tiny_png()), filename=f"map{i}.png") for i in range(n)]


# (the keyword arguments within or beyond the limit, the errors beyond it)
SAY_CASES: dict[str, tuple[Callable[[bool], dict[str, Any]], dict[str, list[str]]]] = {
    "duplicate custom id": (
        lambda over: {"content": "Pick", "view": buttons("twin", "twin" if over else "other")},
        {"components.0.components.1.custom_id": ["COMPONENT_CUSTOM_ID_DUPLICATED"]},
    ),
    "content": (
        lambda over: {"content": "x" * (2001 if over else 2000)},
        {"content": ["BASE_TYPE_MAX_LENGTH"]},
    ),
    "files": (
        lambda over: {"content": "Maps", "files": maps(11 if over else 10)},
        {"files": ["BASE_TYPE_MAX_LENGTH"]},
    ),
}


@within_or_beyond
@pytest.mark.parametrize("case", list(SAY_CASES))
@pytest.mark.parametrize("route", SAY_ROUTES)
async def test_every_route_refuses_duplicate_ids_long_content_and_too_many_files(
    route: str, case: str, over: bool
) -> None:
    make_kwargs, errors = SAY_CASES[case]
    outbox = Outbox()
    async with running_bot(lambda: say_bot(outbox)) as h:
        outbox.kwargs = make_kwargs(over)
        done = await h.feed(h.click("say:update") if route == "update" else h.slash("say", {"route": route}))
    refused = [c for c in done.calls if not c.ok]
    if not over:
        assert refused == [] and outbox.refused == []
        return
    [call] = refused
    assert verdict(call) == form_error(errors, data_prefix(route))
    assert [(e.status, e.code) for e in outbox.refused] == [(400, 50035)]


def text_channel(h: BotHandle, name: str = "general") -> discord.TextChannel:
    """The bot's own view of a guild text channel."""
    channel = h.bot.get_channel(h.world.channel(name).id)
    assert isinstance(channel, discord.TextChannel)
    return channel


async def send_in_general(h: BotHandle, **kwargs: Any) -> Call:
    """``channel.send(**kwargs)`` through discord.py in #general; the call, accepted or refused."""
    with contextlib.suppress(discord.HTTPException):
        await text_channel(h).send(**kwargs)
    return h.fake.calls_to("POST", "/channels/{channel_id}/messages")[-1]


def select(**kwargs: Any) -> discord.ui.View:
    kwargs.setdefault("options", options(3))
    return discord.ui.View().add_item(discord.ui.Select(custom_id="pick", **kwargs))


def options(n: int, length: int = 0) -> list[discord.SelectOption]:
    """``n`` options; or, with ``length``, one whose label, value and description are that long."""
    if length:
        return [discord.SelectOption(label="l" * length, value="v" * length, description="d" * length)]
    return [discord.SelectOption(label=f"Town {i}", value=f"t{i}") for i in range(n)]


def labelled(label: str) -> discord.ui.View:
    return discord.ui.View().add_item(discord.ui.Button(label=label, custom_id="go"))


FIRST = "components.0.components.0"  # the first component of the first row
DISCORD_PY_COMPONENT_CASES: list[tuple[str, Callable[[], discord.ui.View], dict[str, list[str]]]] = [
    ("custom id of 100", lambda: buttons("c" * 100), {}),
    ("custom id of 101", lambda: buttons("c" * 101), {f"{FIRST}.custom_id": ["BASE_TYPE_BAD_LENGTH"]}),
    ("button label of 80", lambda: labelled("l" * 80), {}),
    ("button label of 81", lambda: labelled("l" * 81), {f"{FIRST}.label": ["BASE_TYPE_MAX_LENGTH"]}),
    ("5 buttons in a row", lambda: buttons(*"abcde"), {}),
    (
        "a link button",
        lambda: discord.ui.View().add_item(discord.ui.Button(label="Rules", url="https://x.y")),
        {},
    ),
    ("25 options", lambda: select(options=options(25)), {}),
    ("26 options", lambda: select(options=options(26)), {f"{FIRST}.options": ["BASE_TYPE_BAD_LENGTH"]}),
    ("no options", lambda: select(options=[]), {f"{FIRST}.options": ["BASE_TYPE_REQUIRED"]}),
    ("min 0, max 25 of 25", lambda: select(options=options(25), min_values=0, max_values=25), {}),
    ("min_values -1", lambda: select(min_values=-1), {f"{FIRST}.min_values": ["NUMBER_TYPE_MIN"]}),
    (
        "min_values 26",
        lambda: select(min_values=26, max_values=25),
        {f"{FIRST}.min_values": ["NUMBER_TYPE_MAX"]},
    ),
    ("max_values 0", lambda: select(max_values=0), {f"{FIRST}.max_values": ["NUMBER_TYPE_MIN"]}),
    (
        "max_values 26",
        lambda: select(options=options(25), max_values=26),
        {f"{FIRST}.max_values": ["NUMBER_TYPE_MAX"]},
    ),
    ("max_values 3 of 3", lambda: select(max_values=3), {}),
    ("max_values 4 of 3", lambda: select(max_values=4), {f"{FIRST}.options": ["BASE_TYPE_MIN_LENGTH"]}),
    (
        "min_values 4 of 3",
        lambda: select(min_values=4, max_values=3),
        {f"{FIRST}.min_values": ["NUMBER_TYPE_MAX"]},
    ),
    ("option texts of 100", lambda: select(options=options(1, length=100)), {}),
    (
        "option texts of 101",
        lambda: select(options=options(1, length=101)),
        {
            f"{FIRST}.options.0.label": ["BASE_TYPE_BAD_LENGTH"],
            f"{FIRST}.options.0.value": ["BASE_TYPE_BAD_LENGTH"],
            f"{FIRST}.options.0.description": ["BASE_TYPE_MAX_LENGTH"],
        },
    ),
    (
        "duplicate option values",
        lambda: select(options=[discord.SelectOption(label=t, value="same") for t in ("A", "B")]),
        {f"{FIRST}.options.1.value": ["SELECT_COMPONENT_OPTION_VALUE_DUPLICATED"]},
    ),
    ("placeholder of 150", lambda: select(placeholder="p" * 150), {}),
    (
        "placeholder of 151",
        lambda: select(placeholder="p" * 151),
        {f"{FIRST}.placeholder": ["BASE_TYPE_MAX_LENGTH"]},
    ),
]


@named_cases(("view", "errors"), DISCORD_PY_COMPONENT_CASES)
async def test_components_that_discord_py_sends_but_discord_refuses(
    plain: BotHandle, view: Callable[[], discord.ui.View], errors: dict[str, list[str]]
) -> None:
    call = await send_in_general(plain, content="Choose", view=view())
    assert verdict(call) == (form_error(errors) if errors else ACCEPTED)


def v2_container(*children: JSON) -> JSON:
    return {"type": 17, "components": list(children)}


RAW_COMPONENT_CASES: list[tuple[str, JSON, dict[str, list[str]]]] = [
    (
        "button without custom id",
        {"components": [{"type": 1, "components": [button(None)]}]},
        {f"{FIRST}.custom_id": ["BUTTON_COMPONENT_CUSTOM_ID_REQUIRED"]},
    ),
    (
        "link button without url",
        {"components": [{"type": 1, "components": [button(None, style=5)]}]},
        {f"{FIRST}.url": ["BASE_TYPE_REQUIRED"]},
    ),
    (
        "link button with a custom id",
        {"components": [{"type": 1, "components": [button("go", style=5, url="https://x.y")]}]},
        {f"{FIRST}.custom_id": ["BUTTON_COMPONENT_CUSTOM_ID_URL_MUTUALLY_EXCLUSIVE"]},
    ),
    (
        "6 buttons in a row",
        {"components": [{"type": 1, "components": [button(f"b{i}") for i in range(6)]}]},
        {"components.0.components.5": ["COMPONENT_LAYOUT_WIDTH_EXCEEDED"]},
    ),
    (
        "a select and a button in a row",
        {"components": [{"type": 1, "components": [{"type": 5, "custom_id": "who"}, button()]}]},
        {"components.0.components.1": ["COMPONENT_LAYOUT_WIDTH_EXCEEDED"]},
    ),
    (
        "a button and a select in a row",
        {"components": [{"type": 1, "components": [button(), {"type": 5, "custom_id": "who"}]}]},
        {"components.0.components.1": ["COMPONENT_LAYOUT_WIDTH_EXCEEDED"]},
    ),
    (
        "duplicate ids deep in a components v2 message",
        {
            "flags": 1 << 15,
            "components": [
                v2_container(
                    {"type": 1, "components": [button("a")]},
                    {"type": 9, "components": [{"type": 10, "content": "x"}], "accessory": button("a")},
                )
            ],
        },
        {"components.0.components.1.accessory.custom_id": ["COMPONENT_CUSTOM_ID_DUPLICATED"]},
    ),
    ("6 containers in a components v2 message", {"flags": 1 << 15, "components": [v2_container()] * 6}, {}),
]


@named_cases(("body", "errors"), RAW_COMPONENT_CASES)
async def test_components_that_only_a_raw_request_can_send(body: JSON, errors: dict[str, list[str]]) -> None:
    async with FakeDiscord() as fake:
        call = await send_raw(fake, "channel", body)
    assert verdict(call) == (form_error(errors) if errors else ACCEPTED)


def modal_bot(title: str, custom_ids: Sequence[str]) -> commands.Bot:
    bot = make_test_bot()

    @bot.tree.command(name="ask", description="Opens a modal")
    async def ask(interaction: discord.Interaction) -> None:
        modal: discord.ui.Modal = discord.ui.Modal(title=title)
        for custom_id in custom_ids:
            modal.add_item(discord.ui.TextInput(label=custom_id, custom_id=custom_id))
        with contextlib.suppress(discord.HTTPException):
            await interaction.response.send_modal(modal)

    return bot


@pytest.mark.parametrize(
    ("title", "custom_ids", "errors"),
    [
        ("t" * 45, ("a", "b"), {}),
        ("t" * 46, ("a", "b"), {"data.title": ["BASE_TYPE_MAX_LENGTH"]}),
        (
            "Rename",
            ("a", "a"),
            {"data.components.1.components.0.custom_id": ["COMPONENT_CUSTOM_ID_DUPLICATED"]},
        ),
    ],
    ids=["title of 45", "title of 46", "duplicate custom id"],
)
async def test_modals_are_checked_like_messages(
    title: str, custom_ids: Sequence[str], errors: dict[str, list[str]]
) -> None:
    async with running_bot(lambda: modal_bot(title, custom_ids)) as h:
        done = await h.feed(h.slash("ask"))
    assert verdict(done.reply.call) == ((400, 50035, errors) if errors else ACCEPTED)


async def test_a_callback_type_that_does_not_fit_the_interaction_is_refused() -> None:
    async with FakeDiscord() as fake, aiohttp.ClientSession() as s:
        for rtype, expected in ((4, (400, 50035, {"type": ["BASE_TYPE_CHOICES"]})), (8, (204, None, {}))):
            payload = InteractionFactory(fake).autocomplete("find", {"town": "li"}, focused="town")
            fake.register_interaction(payload)
            url = f"{fake.base_url}/interactions/{payload['id']}/{payload['token']}/callback"
            async with s.post(url, json={"type": rtype, "data": {"content": "hi", "choices": []}}):
                pass
            assert verdict(fake.calls[-1]) == expected


# -- nonces --------------------------------------------------------------------------------------------------


async def test_a_nonce_is_at_most_25_characters(plain: BotHandle) -> None:
    assert verdict(await send_in_general(plain, content="x", nonce="n" * 25)) == ACCEPTED
    refused = await send_in_general(plain, content="x", nonce="n" * 26)
    assert verdict(refused) == form_error({"nonce": ["NONCE_TYPE_TOO_LONG"]})
    async with FakeDiscord() as fake:  # discord.py sends str(nonce): only a raw request sends another type
        wrong = await send_raw(fake, "channel", {"content": "x", "nonce": ["n"]})
        assert verdict(wrong) == form_error({"nonce": ["NONCE_TYPE_INVALID_TYPE"]})


async def test_enforce_nonce_returns_the_first_message_for_5_minutes(plain: BotHandle) -> None:
    fake, channel, other = plain.fake, text_channel(plain), text_channel(plain, "game-1")
    first = await channel.send("Turn 3 begins", nonce="turn-3")
    retry = await channel.send("Turn 3 begins (retry)", nonce="turn-3")  # discord.py sets enforce_nonce
    assert retry.id == first.id and retry.content == "Turn 3 begins"
    assert [c.body["enforce_nonce"] for c in fake.posts_with_nonce("turn-3")] == [True, True]
    [stored] = fake.messages_with_nonce("turn-3")
    assert stored["nonce"] == "turn-3" and len(fake.messages_in(channel.id)) == 1
    elsewhere = await other.send("Turn 3 begins", nonce="turn-3")  # another channel: a new message
    assert elsewhere.id != first.id
    fake.advance(NONCE_WINDOW + 1)
    later = await channel.send("Turn 3 begins", nonce="turn-3")
    assert later.id != first.id and len(fake.messages_with_nonce("turn-3")) == 3
    assert len(fake.posts_with_nonce("turn-3")) == 4


async def test_integer_nonces_and_posts_without_enforce_nonce() -> None:
    async with FakeDiscord() as fake:
        for _ in range(2):
            await send_raw(fake, "channel", {"content": "x", "nonce": 12345, "enforce_nonce": True})
        for _ in range(2):
            await send_raw(fake, "channel", {"content": "y", "nonce": 777})
    assert [c.status for c in fake.calls] == [200] * 4
    assert len(fake.messages_with_nonce(12345)) == 1 and len(fake.posts_with_nonce("12345")) == 2
    assert len(fake.messages_with_nonce(777)) == 2  # without enforce_nonce, Discord creates both


# -- the clock: late answers and expired tokens -------------------------------------------------------------


async def test_the_clock_moves_with_advance_and_only_forward() -> None:
    async with FakeDiscord(clock=lambda: 100.0) as fake, aiohttp.ClientSession() as s:
        assert fake.now() == 100.0
        fake.advance(4)
        assert fake.now() == 104.0
        with pytest.raises(ValueError, match="forward"):
            fake.advance(-1)
        payload = InteractionFactory(fake).slash("x")
        fake.register_interaction(payload)
        fake.advance(2)
        fake.register_interaction(payload)  # a duplicate delivery keeps the first registration's age
        fake.advance(2)  # 4 s after the first, 2 after the duplicate: late
        url = f"{fake.base_url}/interactions/{payload['id']}/{payload['token']}/callback"
        await (await s.post(url, json={"type": 4, "data": {"content": "hi"}})).read()
    assert verdict(fake.calls[-1]) == (404, 10062, {})


def slow_bot(fake: FakeDiscord, codes: list[tuple[int, int]]) -> commands.Bot:
    """Commands that let the fake's clock run before answering, and record what Discord refused."""
    bot = make_test_bot()

    @bot.tree.command(name="late", description="Answers after a while")
    async def late(interaction: discord.Interaction, seconds: float) -> None:
        fake.advance(seconds)
        try:
            await interaction.response.send_message("Here, at last.")
        except discord.HTTPException as e:
            codes.append((e.status, e.code))

    @bot.tree.command(name="slow", description="Defers, then uses the token after a while")
    async def slow(interaction: discord.Interaction, seconds: float, then: str) -> None:
        await interaction.response.defer(thinking=True)
        fake.advance(seconds)
        try:
            if then == "followup":
                await interaction.followup.send("Done.")
            elif then == "edit":
                await interaction.edit_original_response(content="Done.")
            elif then == "get":
                await interaction.original_response()
            elif then == "delete":
                await interaction.delete_original_response()
        except discord.HTTPException as e:
            codes.append((e.status, e.code))

    @bot.tree.command(name="stuck", description="Its token dies before it answers")
    async def stuck(interaction: discord.Interaction) -> None:
        fake.expire(interaction.id)
        for answer in (interaction.response.send_message, interaction.followup.send):
            try:
                await answer("Too late.")
            except discord.HTTPException as e:
                codes.append((e.status, e.code))

    return bot


@pytest.mark.parametrize(("seconds", "codes"), [(2.9, []), (3.1, [(404, 10062)])])
async def test_the_initial_response_must_come_within_3_seconds(seconds: float, codes: list[Any]) -> None:
    fake, got = FakeDiscord(), []
    async with running_bot(lambda: slow_bot(fake, got), fake=fake) as h:
        done = await h.feed(h.slash("late", {"seconds": seconds}))
    assert got == codes
    assert verdict(done.reply.call) == (ACCEPTED if not codes else (404, 10062, {}))
    if codes:
        assert done.reply.call.response == {"message": "Unknown interaction", "code": 10062}


@pytest.mark.parametrize("then", ["followup", "edit", "get", "delete"])
@pytest.mark.parametrize(
    ("seconds", "codes"), [(TOKEN_LIFETIME - 60, []), (TOKEN_LIFETIME + 1, [(401, 50027)])]
)
async def test_the_token_works_for_15_minutes(then: str, seconds: float, codes: list[Any]) -> None:
    fake, got = FakeDiscord(), []
    async with running_bot(lambda: slow_bot(fake, got), fake=fake) as h:
        done = await h.feed(h.slash("slow", {"seconds": seconds, "then": then}))
    assert got == codes
    last = done.replies[-1]
    assert last.kind != "callback" and last.ok == (not codes)
    if codes:
        assert last.call.response == {"message": "Invalid Webhook Token", "code": 50027}


async def test_expire_kills_a_token_at_once() -> None:
    fake, got = FakeDiscord(), []
    async with running_bot(lambda: slow_bot(fake, got), fake=fake) as h:
        await h.feed(h.slash("stuck"))
    assert got == [(404, 10062), (401, 50027)]


async def test_a_late_duplicate_delivery_still_gets_40060(harness: BotHandle) -> None:
    first = harness.slash("map")
    await harness.feed(first)
    harness.fake.advance(10)  # answered in time; the replay comes late
    done = await harness.feed(harness.duplicate(first), expect_errors=True)
    [refused] = [r for r in done.replies if not r.ok]
    assert verdict(refused.call) == (400, 40060, {})


# -- command registration and autocomplete -------------------------------------------------------------------


def ping_bot(name: str | app_commands.locale_str, description: str | app_commands.locale_str) -> commands.Bot:
    bot = make_test_bot()

    @bot.tree.command(name=name, description=description)
    async def ping(interaction: discord.Interaction) -> None: ...

    return bot


async def synced(make: Callable[[], commands.Bot], translator: app_commands.Translator | None = None) -> Call:
    """Start the bot, sync its command tree (accepted or refused) and return the PUT that carried it."""
    async with running_bot(make) as h:
        if translator is not None:
            await h.bot.tree.set_translator(translator)
        with contextlib.suppress(discord.HTTPException):
            await h.bot.tree.sync()
        [sync] = h.fake.calls_to("PUT", "/applications/{app_id}/commands")
    return sync


@pytest.mark.parametrize(
    ("length", "errors"), [(100, {}), (101, {"0.description": ["BASE_TYPE_BAD_LENGTH"]})]
)
async def test_command_descriptions_are_1_to_100_characters(
    length: int, errors: dict[str, list[str]]
) -> None:
    sync = await synced(lambda: ping_bot("ping", "d" * length))
    assert verdict(sync) == (form_error(errors) if errors else ACCEPTED)


class French(app_commands.Translator):
    def __init__(self, words: dict[str, str]) -> None:
        self.words = words

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext,
    ) -> str | None:
        return self.words.get(string.message) if locale is discord.Locale.french else None


@pytest.mark.parametrize(
    ("words", "errors"),
    [
        ({"ping": "pong", "Answers": "Répond"}, {}),
        ({"ping": "Pong Pong"}, {"0.name_localizations.fr": ["APPLICATION_COMMAND_INVALID_NAME"]}),
        ({"Answers": "r" * 101}, {"0.description_localizations.fr": ["BASE_TYPE_BAD_LENGTH"]}),
    ],
    ids=["valid", "bad name", "long description"],
)
async def test_localized_names_and_descriptions_have_the_same_limits(
    words: dict[str, str], errors: dict[str, list[str]]
) -> None:
    locale_str = app_commands.locale_str
    sync = await synced(lambda: ping_bot(locale_str("ping"), locale_str("Answers")), French(words))
    assert verdict(sync) == (form_error(errors) if errors else ACCEPTED)
    if not errors:
        assert sync.json[0]["name_localizations"] == {"fr": "pong"}


def commands_payload(n: int, **extra: Any) -> list[JSON]:
    return [{"name": f"cmd{i}", "description": "d", **extra} for i in range(n)]


def option(name: str, type: int = 3, **extra: Any) -> JSON:
    return {"name": name, "description": "d", "type": type, **extra}


def choices(n: int, length: int = 1) -> list[JSON]:
    return [{"name": f"{i}".rjust(length, "n"), "value": f"{i}"} for i in range(n)]


# Payloads discord.py refuses to build itself (it counts commands, subcommands and options too).
SYNC_CASES: list[tuple[str, list[JSON], tuple[int, int | None, dict[str, list[str]]]]] = [
    ("100 commands", commands_payload(100), ACCEPTED),
    ("101 commands", commands_payload(101), (400, 30032, {})),
    (
        "100 + 15 user + 15 message commands",
        commands_payload(100) + [{"name": f"User {i}", "type": t} for t in (2, 3) for i in range(15)],
        ACCEPTED,
    ),
    ("131 commands", commands_payload(131), form_error({"": ["BASE_TYPE_MAX_LENGTH"]})),
    (
        "25 options",
        [{"name": "x", "description": "d", "options": [option(f"o{i}") for i in range(25)]}],
        ACCEPTED,
    ),
    (
        "26 options",
        [{"name": "x", "description": "d", "options": [option(f"o{i}") for i in range(26)]}],
        form_error({"0.options": ["BASE_TYPE_MAX_LENGTH"]}),
    ),
    (
        "25 subcommands in a group",
        [
            {
                "name": "x",
                "description": "d",
                "options": [option("g", 2, options=[option(f"s{i}", 1) for i in range(25)])],
            }
        ],
        ACCEPTED,
    ),
    (
        "26 subcommands in a group",
        [
            {
                "name": "x",
                "description": "d",
                "options": [option("g", 2, options=[option(f"s{i}", 1) for i in range(26)])],
            }
        ],
        form_error({"0.options.0.options": ["BASE_TYPE_MAX_LENGTH"]}),
    ),
    (
        "25 choices of 100",
        [{"name": "x", "description": "d", "options": [option("o", choices=choices(25, 100))]}],
        ACCEPTED,
    ),
    (
        "26 choices",
        [{"name": "x", "description": "d", "options": [option("o", choices=choices(26))]}],
        form_error({"0.options.0.choices": ["BASE_TYPE_MAX_LENGTH"]}),
    ),
    (
        "a choice name of 101",
        [{"name": "x", "description": "d", "options": [option("o", choices=choices(1, 101))]}],
        form_error({"0.options.0.choices.0.name": ["BASE_TYPE_BAD_LENGTH"]}),
    ),
]


@named_cases(("payload", "expected"), SYNC_CASES)
async def test_command_sync_limits(payload: list[JSON], expected: Any) -> None:
    async with FakeDiscord() as fake, aiohttp.ClientSession() as s:
        url = f"{fake.base_url}/applications/{fake.world.application_id}/commands"
        await (await s.put(url, json=payload)).read()
    assert verdict(fake.calls[-1]) == expected
    if expected[1] == 30032:
        assert fake.calls[-1].response["message"] == "Maximum number of application commands reached (100)"


async def test_creating_a_101st_command_is_refused_but_replacing_one_is_not() -> None:
    async with FakeDiscord() as fake, aiohttp.ClientSession() as s:
        url = f"{fake.base_url}/applications/{fake.world.application_id}/commands"
        async with s.put(url, json=commands_payload(100)):
            pass
        for name in ("cmd7", "cmd100"):
            async with s.post(url, json={"name": name, "description": "new"}):
                pass
    assert [verdict(c)[:2] for c in fake.calls] == [(200, None), (201, None), (400, 30032)]
    assert len(fake.commands[None]) == 100


def suggest_bot(suggestions: list[app_commands.Choice[str]]) -> commands.Bot:
    bot = make_test_bot()

    @bot.tree.command(name="find", description="Find a town")
    async def find(interaction: discord.Interaction, town: str) -> None: ...

    @find.autocomplete("town")
    async def towns(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return suggestions

    return bot


def towns(n: int, name: int = 5, value: int = 5) -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=f"{i}".rjust(name, "n"), value=f"{i}".rjust(value, "v")) for i in range(n)
    ]


@pytest.mark.parametrize(
    ("suggestions", "errors"),
    [
        (towns(25), {}),
        (towns(26), {"data.choices": ["BASE_TYPE_MAX_LENGTH"]}),
        (towns(1, name=100, value=100), {}),
        (towns(1, name=101), {"data.choices.0.name": ["BASE_TYPE_BAD_LENGTH"]}),
        ([app_commands.Choice(name="", value="x")], {"data.choices.0.name": ["BASE_TYPE_BAD_LENGTH"]}),
        (towns(1, value=101), {"data.choices.0.value": ["BASE_TYPE_MAX_LENGTH"]}),
    ],
    ids=["25 choices", "26 choices", "name and value of 100", "name of 101", "empty name", "value of 101"],
)
async def test_autocomplete_results_limits(
    suggestions: list[app_commands.Choice[str]], errors: dict[str, list[str]]
) -> None:
    async with running_bot(lambda: suggest_bot(suggestions)) as h:
        done = await h.feed(
            h.autocomplete("find", {"town": "li"}, focused="town"), expect_errors=bool(errors)
        )
    assert verdict(done.reply.call) == ((400, 50035, errors) if errors else (204, None, {}))


# -- pins ----------------------------------------------------------------------------------------------------


async def test_pin_unpin_and_list_pins_through_discord_py(plain: BotHandle) -> None:
    fake, channel = plain.fake, text_channel(plain)
    updates: list[discord.abc.GuildChannel] = []

    async def on_guild_channel_pins_update(ch: discord.abc.GuildChannel, last: Any) -> None:
        updates.append(ch)

    plain.bot.add_listener(on_guild_channel_pins_update)
    sent = [await channel.send(f"Order {i}") for i in range(60)]
    for m in sent:
        await m.pin()
    await sent[0].pin()  # pinning again changes nothing
    pinned = [m async for m in channel.pins(limit=None)]  # two pages: 50, then 10 before the 50th
    assert [m.id for m in pinned] == [m.id for m in reversed(sent)]
    assert all(m.pinned and m.pinned_at is not None for m in pinned)
    await sent[5].unpin()
    await sent[6].delete()
    assert [int(m["id"]) for m in fake.pinned(channel.id)][-6:] == [
        m.id for m in (sent[7], *reversed(sent[:5]))
    ]
    assert fake.message(sent[5].id)["pinned"] is False and fake.message(sent[7].id)["pinned"] is True
    routes = {c.route for c in fake.calls if c.route and "pins" in c.route}
    assert routes == {
        "/channels/{channel_id}/messages/pins/{message_id}",  # PUT and DELETE, as discord.py 2.7.1 calls them
        "/channels/{channel_id}/messages/pins",
    }
    await plain.drain()
    assert len(updates) == 61 and updates[0].id == channel.id  # CHANNEL_PINS_UPDATE reached the bot


async def test_at_most_250_pins_a_channel(plain: BotHandle) -> None:
    fake, channel = plain.fake, text_channel(plain)
    url = f"{fake.base_url}/channels/{channel.id}"
    async with aiohttp.ClientSession() as s:
        for i in range(PIN_LIMIT):
            async with s.post(f"{url}/messages", json={"content": f"pin {i}"}) as r:
                mid = (await r.json())["id"]
            async with s.put(f"{url}/messages/pins/{mid}") as r:
                assert r.status == 204
    extra = await channel.send("one too many")
    with pytest.raises(discord.HTTPException) as info:
        await extra.pin()
    assert (info.value.status, info.value.code) == (400, 30003)
    assert fake.calls[-1].response == {"message": "Maximum number of pins reached (250)", "code": 30003}
    await channel.get_partial_message(int(fake.pinned(channel.id)[0]["id"])).unpin()
    await extra.pin()
    assert len(fake.pinned(channel.id)) == PIN_LIMIT


async def test_the_older_pins_routes_work_too() -> None:
    async with FakeDiscord() as fake, aiohttp.ClientSession() as s:
        posted = await send_raw(fake, "channel", {"content": "Rules of the club"})
        base = f"{fake.base_url}/channels/{fake.world.channel('general').id}"
        mid = posted.response["id"]
        async with s.put(f"{base}/pins/{mid}") as r:
            assert r.status == 204
        async with s.get(f"{base}/pins") as r:
            assert [m["id"] for m in await r.json()] == [mid]
        async with s.put(f"{base}/pins/{int(mid) + 1}") as r:
            assert (r.status, (await r.json())["code"]) == (404, 10008)
        async with s.delete(f"{base}/pins/{mid}") as r:
            assert r.status == 204
        assert fake.pinned(fake.world.channel("general")) == []


# -- test-only routes, for a bot in another process; background tasks ---------------------------------------


async def test_fake_routes_register_interactions_and_list_messages() -> None:
    async with FakeDiscord() as fake, aiohttp.ClientSession() as s:
        payload = InteractionFactory(fake).slash("ping")
        callback = f"{fake.base_url}/interactions/{payload['id']}/{payload['token']}/callback"
        answer = {"type": 4, "data": {"content": "pong", "flags": EPHEMERAL}}
        async with s.post(callback, json=answer) as r:
            assert (r.status, (await r.json())["code"]) == (404, 10062)  # unknown to the fake so far
        async with s.post(f"{fake.base_url}/_fake/interactions", json=payload) as r:
            assert r.status == 404  # not inside the API
        async with s.post(f"{fake.origin}/_fake/interactions", json=payload) as r:
            assert r.status == 204
        async with s.post(callback, json=answer) as r:
            assert r.status == 204
        async with s.post(f"{fake.origin}/_fake/interactions", json={"id": "1"}) as r:
            body = await r.json()
            assert r.status == 400 and flat_errors(body["errors"]) == {
                "token": ["BASE_TYPE_REQUIRED"],
                "type": ["BASE_TYPE_REQUIRED"],
            }
        general = fake.world.channel("general").id
        await send_raw(fake, "channel", {"content": "public"})
        async with s.get(f"{fake.origin}/_fake/messages", params={"channel_id": general}) as r:
            assert [m["content"] for m in await r.json()] == ["public"]
        query = {"channel_id": general, "include_ephemeral": "1"}
        async with s.get(f"{fake.origin}/_fake/messages", params=query) as r:
            assert [m["content"] for m in await r.json()] == ["pong", "public"]
        async with s.get(f"{fake.origin}/_fake/messages") as r:
            assert r.status == 400
    assert fake.replies(payload["id"])[0].content == "pong"


async def test_feed_waits_for_the_bots_own_work_tasks() -> None:
    def make() -> commands.Bot:
        bot = make_test_bot()

        @bot.tree.command(name="later", description="Answers, then posts in the background")
        async def later(interaction: discord.Interaction) -> None:
            channel = interaction.channel
            assert isinstance(channel, discord.TextChannel)

            async def work() -> None:
                await asyncio.sleep(0.05)
                await channel.send("Background work done.")

            asyncio.get_running_loop().create_task(work(), name=f"estafette-work-{interaction.id}")
            await interaction.response.send_message("Working on it.", ephemeral=True)

        return bot

    async with running_bot(make) as h:
        await h.feed(h.slash("later"))
        assert h.fake.last_message(h.world.channel("general"))["content"] == "Background work done."


def test_the_fake_reads_a_form_parts_name_and_file_name_as_aiohttp_does() -> None:
    """The fake's quick reading of ``Content-Disposition`` (``_disposition``) gives what aiohttp's gives, for
    what discord.py writes and for the headers it leaves to aiohttp."""
    from aiohttp import BodyPartReader
    from multidict import CIMultiDict, CIMultiDictProxy
    from support import discord_fake

    headers = [
        'form-data; name="files[0]"; filename="map-12-public.png"',
        'form-data; name="payload_json"',
        'form-data; name="files[1]"; filename="battle-3-french.png"',
        'form-data; name="files[0]"; filename="%E3%83%9E%E3%83%83%E3%83%97.png"',
        "form-data; name=\"files[0]\"; filename*=utf-8''%E3%83%9E.png",
        'form-data; name="a\\"b"; filename="c.png"',
    ]
    for h in headers:
        part = BodyPartReader(b"--x", CIMultiDictProxy(CIMultiDict({"Content-Disposition": h})), None)  # type: ignore[arg-type]
        assert discord_fake._disposition(part) == (part.name or "", part.filename), h
