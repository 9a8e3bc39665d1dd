"""A fake Discord API on loopback, and a harness that drives the real discord.py against it.

The bot under test is a real ``commands.Bot``: it logs in over HTTP (to us), receives hand-fed gateway events
(READY, GUILD_CREATE, INTERACTION_CREATE, THREAD_*), and makes real REST calls, including the interaction
callbacks and webhook followups that discord.py sends through its separate webhook adapter. Every call is
recorded in :attr:`FakeDiscord.calls` and answered with realistic JSON, so tests can assert on what the bot
really sent (flags, content, embeds, components, uploaded bytes, synced command payloads). What real Discord
refuses (over-long content, duplicate custom ids, late answers, expired tokens...) the fake refuses too,
with Discord's status, code and ``errors`` tree; its clock (:meth:`FakeDiscord.now`) can be moved forward.

See ``docs/testing-discord.md`` for a walkthrough. Quick start::

    harness = bot_fixture(make_bot)             # module level: a pytest fixture named "harness"

    async def test_ping(harness: BotHandle) -> None:
        done = await harness.feed(harness.slash("ping"))
        assert done.reply.content == "pong" and done.reply.ephemeral

This leans on private discord.py internals (``Route.BASE``, ``ConnectionState.parse_*``, task names), which
is why discord.py is pinned; rerun ``tests/bot/test_discord_fake.py`` when upgrading it.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import copy
import datetime as dt
import json
import logging
import mimetypes
import re
import struct
import threading
import time
import traceback
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping, Sequence, Sized
from dataclasses import dataclass, field
from typing import Any, TypeAlias

import discord
import pytest_asyncio
from aiohttp import BodyPartReader, web
from discord import app_commands
from discord.ext import commands

JSON: TypeAlias = dict[str, Any]
BotFactory: TypeAlias = Callable[[], commands.Bot]

API_PREFIX = "/api/v10"
DISCORD_EPOCH_MS = 1420070400000
EPHEMERAL = 1 << 6  # MessageFlags.ephemeral
LOADING = 1 << 7  # MessageFlags.loading ("Bot is thinking...")
IS_COMPONENTS_V2 = 1 << 15  # MessageFlags.components_v2
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024

#: Seconds, on the fake's clock (:meth:`FakeDiscord.now`): the initial response must come within
#: CALLBACK_DEADLINE of the interaction, followups and edits within TOKEN_LIFETIME; ``enforce_nonce`` finds
#: a message posted with the same nonce within NONCE_WINDOW.
CALLBACK_DEADLINE = 3.0
TOKEN_LIFETIME = 15 * 60.0
NONCE_WINDOW = 5 * 60.0
THREAD_NAME_LIMIT = 100  # a thread's (a channel's) name: 1-100 characters
THREAD_ARCHIVE_MINUTES = (60, 1440, 4320, 10080)  # the auto-archive durations Discord takes
PIN_LIMIT = 250  # pins per channel (Discord raised it from 50)
#: Commands per scope (global, or one guild), by command type: chat input, user, message.
COMMAND_LIMITS = {1: 100, 2: 15, 3: 15}
#: Test-only routes (outside the API prefix): a parent process drives the fake through these.
TEST_PREFIX = "/_fake"

#: Background tasks that discord.py creates for an incoming event; ``feed`` waits for these.
TASK_PREFIXES: tuple[str, ...] = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch",
    "discord-ui-modal-dispatch",
    "discord-ui-dynamic-item",
    "discord.py: ",
    "estafette-work",  # the bot's own short-lived background tasks ("estafette-work-...")
)

# Interaction types (payload "type") and callback types (response "type").
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
PONG, CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE = 1, 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9

# Component types (string select 3; user, role, mentionable, channel selects 5-8) and button styles.
ACTION_ROW, BUTTON, STRING_SELECT = 1, 2, 3
SELECT_TYPES = (STRING_SELECT, 5, 6, 7, 8)
LINK_BUTTON, PREMIUM_BUTTON = 5, 6
# Components v2 (layout and content components), and Discord's limits on a message that uses them.
SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE_COMPONENT, SEPARATOR, CONTAINER = (
    9,
    10,
    11,
    12,
    13,
    14,
    17,
)
V2_COMPONENT_LIMIT = 40  # components in a whole message, nested ones counted
V2_TEXT_LIMIT = 4000  # characters of every text display together
GALLERY_ITEMS = 10

# Channel types.
GUILD_TEXT, DM, GUILD_CATEGORY, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 4, 11, 12
THREAD_TYPES = (10, PUBLIC_THREAD, PRIVATE_THREAD)

EVERYONE_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    read_message_history=True,
    use_application_commands=True,
    use_external_emojis=True,
    change_nickname=True,
)
BOT_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    create_private_threads=True,
    manage_threads=True,
    manage_messages=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    read_message_history=True,
    use_application_commands=True,
    mention_everyone=True,
)
MANAGER_PERMISSIONS = discord.Permissions(manage_guild=True, manage_channels=True, manage_threads=True)


# ------------------------------------------------------------------------------------------------------------
# Snowflakes and small payload helpers
# ------------------------------------------------------------------------------------------------------------

_snowflake_lock = threading.Lock()
_last_snowflake = 0


def new_snowflake() -> int:
    """A process-wide unique, increasing snowflake whose timestamp is now (so ``created_at`` is realistic)."""
    global _last_snowflake
    with _snowflake_lock:
        candidate = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        _last_snowflake = max(candidate, _last_snowflake + 1)
        return _last_snowflake


def now_iso() -> str:
    return dt.datetime.now(dt.UTC).isoformat()


def discord_error(code: int, message: str, errors: JSON | None = None) -> JSON:
    """Discord's error body: ``{"message": ..., "code": ...}`` (plus ``errors`` for form errors)."""
    body: JSON = {"message": message, "code": code}
    if errors:
        body["errors"] = errors
    return body


def png_size(data: bytes) -> tuple[int, int] | None:
    """Width and height of a PNG, or None if ``data`` is not one."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or len(data) < 24:
        return None
    width, height = struct.unpack(">II", data[16:24])
    return width, height


# ------------------------------------------------------------------------------------------------------------
# The world: users, guilds, roles, channels the fake knows about
# ------------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FakeUser:
    id: int
    name: str
    bot: bool = False
    global_name: str | None = None

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> JSON:
        data: JSON = {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.global_name or self.name.title(),
            "discriminator": "0" if not self.bot else "0001",
            "avatar": None,
            "public_flags": 0,
            "flags": 0,
            "banner": None,
            "accent_color": None,
            "avatar_decoration_data": None,
            "collectibles": None,
            "primary_guild": None,
        }
        if self.bot:
            data["bot"] = True
        return data


@dataclass(frozen=True)
class FakeRole:
    id: int
    name: str
    permissions: int = 0
    position: int = 0
    managed_by_bot: int | None = None  # the bot's user id for an integration role

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"

    def payload(self) -> JSON:
        data: JSON = {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed_by_bot is not None,
            "mentionable": False,
            "flags": 0,
        }
        if self.managed_by_bot is not None:
            data["tags"] = {"bot_id": str(self.managed_by_bot)}
        return data


@dataclass(frozen=True)
class FakeChannel:
    id: int
    name: str
    guild_id: int | None
    type: int = GUILD_TEXT
    parent_id: int | None = None
    position: int = 0
    topic: str | None = None

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def payload(self) -> JSON:
        data: JSON = {
            "id": str(self.id),
            "type": self.type,
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [],
            "parent_id": str(self.parent_id) if self.parent_id else None,
            "flags": 0,
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if self.type == GUILD_TEXT:
            data |= {
                "topic": self.topic,
                "nsfw": False,
                "last_message_id": None,
                "rate_limit_per_user": 0,
                "default_auto_archive_duration": 1440,
            }
        return data


@dataclass
class FakeGuild:
    id: int
    name: str
    owner_id: int
    roles: list[FakeRole] = field(default_factory=list)
    channels: list[FakeChannel] = field(default_factory=list)
    members: dict[int, list[int]] = field(default_factory=dict)  # user id -> role ids (without @everyone)
    locale: str = "en-US"

    @property
    def everyone(self) -> FakeRole:
        return next(r for r in self.roles if r.id == self.id)

    def role(self, name: str) -> FakeRole:
        for r in self.roles:
            if r.name == name:
                return r
        raise KeyError(f"no role {name!r} in guild {self.name!r}")

    def channel(self, name: str) -> FakeChannel:
        for c in self.channels:
            if c.name == name:
                return c
        raise KeyError(f"no channel {name!r} in guild {self.name!r}")

    def permissions_of(self, user_id: int) -> int:
        """The member's guild-wide permissions (owner and administrators get everything)."""
        if user_id == self.owner_id:
            return discord.Permissions.all().value
        value = self.everyone.permissions
        wanted = set(self.members.get(user_id, []))
        for r in self.roles:
            if r.id in wanted:
                value |= r.permissions
        if value & discord.Permissions(administrator=True).value:
            return discord.Permissions.all().value
        return value


@dataclass
class World:
    """Who and what exists: the bot, its application, users and guilds. Mutable before the bot starts."""

    bot: FakeUser
    application_id: int
    owner: FakeUser
    users: list[FakeUser] = field(default_factory=list)
    guilds: list[FakeGuild] = field(default_factory=list)
    # the installation contexts the application allows (developer portal): 0 a server, 1 a user
    install_types: tuple[int, ...] = (0, 1)
    # channels by id and by name (the first of a name), kept by add_channel: a bench's world holds tens of
    # thousands, and a scan per lookup made its start-up quadratic
    _channel_ids: dict[int, FakeChannel] = field(default_factory=dict, repr=False)
    _channel_names: dict[str, FakeChannel] = field(default_factory=dict, repr=False)

    @classmethod
    def default(
        cls,
        users: Sequence[str] = ("alice", "bob", "carol", "dave"),
        channels: Sequence[str] = ("general", "game-1", "game-2", "spectators"),
        guild_name: str = "Estafette Test Club",
    ) -> World:
        """One guild owned by the first user, who is also a "Manager"; the bot has its integration role.

        The channels live in a "Games" category. Other users hold no role.
        """
        app_id = new_snowflake()
        bot = FakeUser(id=app_id, name="Estafette", bot=True)  # bot user id == application id, as on Discord
        people = [FakeUser(id=new_snowflake(), name=n) for n in users]
        world = cls(bot=bot, application_id=app_id, owner=people[0] if people else bot, users=people)
        guild = world.add_guild(guild_name, owner=people[0] if people else None)
        if people:
            guild.members[people[0].id].append(guild.role("Manager").id)
        category = world.add_channel("Games", guild=guild, type=GUILD_CATEGORY)
        for name in channels:
            world.add_channel(name, guild=guild, parent=category)
        return world

    def add_guild(self, name: str, owner: FakeUser | None = None) -> FakeGuild:
        gid = new_snowflake()
        roles = [
            FakeRole(gid, "@everyone", EVERYONE_PERMISSIONS.value, 0),
            FakeRole(new_snowflake(), "Manager", MANAGER_PERMISSIONS.value, 1),
            FakeRole(
                new_snowflake(),
                self.bot.global_name or self.bot.name,
                BOT_PERMISSIONS.value,
                2,
                managed_by_bot=self.bot.id,
            ),
        ]
        guild = FakeGuild(gid, name, (owner or self.owner).id, roles)
        guild.members = {u.id: [] for u in self.users}
        guild.members[self.bot.id] = [roles[2].id]
        self.guilds.append(guild)
        return guild

    def add_user(self, name: str, *, guilds: Sequence[FakeGuild] | None = None) -> FakeUser:
        user = FakeUser(id=new_snowflake(), name=name)
        self.users.append(user)
        for g in self.guilds if guilds is None else guilds:
            g.members[user.id] = []
        return user

    def add_channel(
        self,
        name: str,
        *,
        guild: FakeGuild | None = None,
        type: int = GUILD_TEXT,
        parent: FakeChannel | None = None,
        topic: str | None = None,
    ) -> FakeChannel:
        g = guild or self.guild()
        parent_id = parent.id if parent else None
        ch = FakeChannel(new_snowflake(), name, g.id, type, parent_id, len(g.channels), topic)
        g.channels.append(ch)
        self._channel_ids[ch.id] = ch
        self._channel_names.setdefault(name, ch)
        return ch

    def guild(self, name: str | None = None) -> FakeGuild:
        for g in self.guilds:
            if name is None or g.name == name:
                return g
        raise KeyError(f"no guild {name!r}")

    def user(self, name: str) -> FakeUser:
        for u in [*self.users, self.bot]:
            if u.name == name:
                return u
        raise KeyError(f"no user {name!r}")

    def user_by_id(self, user_id: int) -> FakeUser | None:
        for u in [*self.users, self.bot, self.owner]:
            if u.id == user_id:
                return u
        return None

    def channel(self, name: str) -> FakeChannel:
        found = self._channel_names.get(name)
        if found is not None:
            return found
        raise KeyError(f"no channel {name!r}")

    def channel_by_id(self, channel_id: int) -> FakeChannel | None:
        return self._channel_ids.get(channel_id)

    def guild_by_id(self, guild_id: int) -> FakeGuild | None:
        return next((g for g in self.guilds if g.id == guild_id), None)

    def member_payload(self, guild: FakeGuild, user: FakeUser, *, with_user: bool = True) -> JSON:
        data: JSON = {
            "roles": [str(r) for r in guild.members.get(user.id, [])],
            "joined_at": "2024-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "nick": None,
            "premium_since": None,
            "avatar": None,
            "banner": None,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = user.payload()
        return data


# ------------------------------------------------------------------------------------------------------------
# Recorded calls and their readings
# ------------------------------------------------------------------------------------------------------------


@dataclass
class UploadedFile:
    """One ``files[n]`` part of a multipart request."""

    field: str
    filename: str
    content_type: str
    data: bytes

    @property
    def index(self) -> int:
        m = re.fullmatch(r"files\[(\d+)\]", self.field)
        return int(m.group(1)) if m else -1

    @property
    def is_png(self) -> bool:
        return png_size(self.data) is not None

    def __repr__(self) -> str:
        return f"UploadedFile({self.filename!r}, {self.content_type!r}, {len(self.data)} bytes)"


@dataclass
class Call:
    """One HTTP request the bot made, with what the fake answered."""

    method: str
    path: str  # without the /api/v10 prefix
    query: dict[str, str]
    json: Any  # the JSON body, or the multipart ``payload_json``; None if neither
    files: list[UploadedFile]
    route: str | None = None  # the matched template, e.g. "/channels/{channel_id}/messages"; None if unknown
    params: dict[str, str] = field(default_factory=dict)
    status: int = 0
    response: Any = None
    seq: int = 0

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300

    @property
    def body(self) -> JSON:
        """The JSON body as a dict ({} when absent or not an object)."""
        return self.json if isinstance(self.json, dict) else {}

    def __repr__(self) -> str:
        extra = f" +{len(self.files)} files" if self.files else ""
        return f"<Call #{self.seq} {self.method} {self.path} -> {self.status}{extra}>"


@dataclass
class Reply:
    """One answer the bot gave to an interaction: the callback, or a followup/edit through the webhook."""

    kind: str  # "callback", "followup", "edit_original", "delete_original", "edit_message", "delete_message"
    call: Call
    type: int | None  # callback type (4 message, 5 deferred, 6 deferred update, 7 update, 8 choices, 9 modal)

    @property
    def data(self) -> JSON:
        """The message-like part: the callback's ``data`` or the webhook body."""
        if self.kind == "callback":
            return self.call.body.get("data") or {}
        return self.call.body

    @property
    def status(self) -> int:
        return self.call.status

    @property
    def ok(self) -> bool:
        return self.call.ok

    @property
    def flags(self) -> int:
        return int(self.data.get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        if self.kind != "callback":  # edits and deferred followups inherit the original's flag
            msg = self.message
            if msg is not None:
                return bool(int(msg.get("flags") or 0) & EPHEMERAL)
        return bool(self.flags & EPHEMERAL)

    @property
    def content(self) -> str | None:
        return self.data.get("content")

    @property
    def embeds(self) -> list[JSON]:
        return list(self.data.get("embeds") or [])

    @property
    def components(self) -> list[JSON]:
        return list(self.data.get("components") or [])

    @property
    def custom_ids(self) -> list[str]:
        return component_custom_ids(self.components)

    @property
    def attachments(self) -> list[UploadedFile]:
        return list(self.call.files)

    @property
    def choices(self) -> list[JSON]:
        return list(self.data.get("choices") or [])

    @property
    def message(self) -> JSON | None:
        """The message the fake created or edited for this reply (None for 204s and errors)."""
        resp = self.call.response
        if not isinstance(resp, dict):
            return None
        if self.kind == "callback":
            resource = resp.get("resource") or {}
            msg = resource.get("message")
            return msg if isinstance(msg, dict) else None
        return resp if "id" in resp else None

    def __repr__(self) -> str:
        return (
            f"<Reply {self.kind} type={self.type} status={self.status} flags={self.flags} "
            f"content={self.content!r} files={len(self.attachments)}>"
        )


def component_custom_ids(components: Sequence[JSON]) -> list[str]:
    """Every ``custom_id`` in a component tree (action rows, containers, sections, labels...)."""
    return [c["custom_id"] for c, _ in walk_components(components) if "custom_id" in c]


def message_text(message: JSON) -> str:
    """What a message says: its content, or the text displays of its components v2 card, in order."""
    every = walk_components(message.get("components") or [])
    texts = [str(c.get("content") or "") for c, _ in every if c.get("type") == TEXT_DISPLAY]
    return "\n".join([message.get("content") or "", *texts]).strip()


def find_component(components: Sequence[JSON], custom_id: str) -> JSON | None:
    return next((c for c, _ in walk_components(components) if c.get("custom_id") == custom_id), None)


Path: TypeAlias = tuple[str | int, ...]  # where a field sits in a payload: ("components", 0, "custom_id")


def walk_components(components: Sequence[JSON], path: Path = ()) -> Iterator[tuple[JSON, Path]]:
    """Every component of a tree, depth first, with its path, e.g. ``(0, "components", 1)``."""
    for i, c in enumerate(components):
        yield from _walk_component(c, (*path, i))


def _walk_component(component: JSON, path: Path) -> Iterator[tuple[JSON, Path]]:
    yield component, path
    for key in ("components", "accessory", "component"):
        child = component.get(key)
        if isinstance(child, list):
            yield from walk_components(child, (*path, key))
        elif isinstance(child, dict):
            yield from _walk_component(child, (*path, key))


@dataclass
class _Interaction:
    payload: JSON
    token: str
    created: float  # when the fake learnt of it, on its clock
    response_type: int | None = None
    original_id: int | None = None  # the message @original refers to
    expired: bool = False  # FakeDiscord.expire: the token is dead whatever the clock says

    @property
    def id(self) -> int:
        return int(self.payload["id"])

    @property
    def channel_id(self) -> int:
        return int(self.payload["channel"]["id"])


@dataclass
class Answer:
    """What a route handler returns: a status and a JSON body (None → empty body, for 204)."""

    status: int
    body: Any = None


RouteHandler: TypeAlias = Callable[[Call], Answer | Awaitable[Answer]]
CALLBACK_ROUTE = "/interactions/{interaction_id}/{token}/callback"


def _compile(template: str) -> re.Pattern[str]:
    parts = re.split(r"(\{[a-z_]+\})", template)
    rx = "".join(f"(?P<{p[1:-1]}>[^/]+)" if p.startswith("{") else re.escape(p) for p in parts)
    return re.compile(rx + r"/?")


def path_matches(pattern: str, path: str) -> bool:
    """``pattern`` with ``{placeholders}`` (each matching one path segment) against a concrete path."""
    return _compile(pattern).fullmatch(path) is not None


# ------------------------------------------------------------------------------------------------------------
# The fake server
# ------------------------------------------------------------------------------------------------------------


class FakeDiscord:
    """A fake Discord REST API on 127.0.0.1 (random port): records every call, answers from a route table.

    State (messages, threads, DM channels, synced commands, interactions) lives here, so it survives a bot
    restart. Unknown routes answer 404 and are recorded with ``route=None`` (see :meth:`unknown_calls`).

    Time limits (token ages, the nonce window) are read on :meth:`now`: ``clock()`` (default
    ``time.monotonic``) plus whatever :meth:`advance` added. Pass ``clock=lambda: 0.0`` for a clock that
    moves only when told.
    """

    def __init__(self, world: World | None = None, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.world = world or World.default()
        self._clock = clock
        self._skew = 0.0
        self.calls: list[Call] = []
        self.channels: dict[int, JSON] = {}  # DMs, threads and any guild channel touched or edited
        self.messages: dict[int, JSON] = {}
        self.dm_channels: dict[int, int] = {}  # user id -> DM channel id
        self.closed_dms: set[int] = set()  # user ids whose DMs are closed to the bot
        self.thread_members: dict[int, set[int]] = {}
        self.commands: dict[int | None, list[JSON]] = {}  # guild id (None = global) -> registered commands
        self.hosted: dict[int, tuple[str, str, bytes]] = {}  # attachment id -> (filename, type, bytes)
        #: Called as ``on_gateway_event("THREAD_CREATE", data)`` for REST calls that Discord would echo
        #: over the gateway; the harness points it at the running bot.
        self.on_gateway_event: Callable[[str, JSON], None] | None = None
        self._interactions: dict[int, _Interaction] = {}
        self._tokens: dict[str, int] = {}
        self._nonces: dict[tuple[int, str], tuple[int, float]] = {}  # (channel, nonce) -> (message, when)
        self._pinned_at: dict[int, dt.datetime] = {}  # message id -> when it was pinned
        self._command_ids: dict[tuple[int | None, int, str], int] = {}
        self._overrides: list[tuple[str, re.Pattern[str], str, RouteHandler]] = []
        self._routes: list[tuple[str, re.Pattern[str], str, Callable[..., Answer]]] = []
        self._test_routes: list[tuple[str, re.Pattern[str], str, Callable[..., Answer]]] = []
        self._runner: web.AppRunner | None = None
        self.port: int = 0
        self._install_routes()

    # -- lifecycle -------------------------------------------------------------------------------------------

    async def start(self) -> FakeDiscord:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/{tail:.*}", self._dispatch)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None
        sockets = getattr(server, "sockets", None) or []
        self.port = sockets[0].getsockname()[1]
        return self

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def started(self) -> bool:
        return self._runner is not None

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def base_url(self) -> str:
        """What ``discord.http.Route.BASE`` must be set to."""
        return self.origin + API_PREFIX

    # -- the clock -------------------------------------------------------------------------------------------

    def now(self) -> float:
        """The fake's time in seconds: what interaction ages and the nonce window are measured on."""
        return self._clock() + self._skew

    def advance(self, seconds: float) -> None:
        """Move the fake's clock forward, e.g. ``advance(4)`` inside a handler: its callback is now late."""
        if seconds < 0:
            raise ValueError("the clock only moves forward")
        self._skew += seconds

    def expire(self, interaction_id: int | str) -> None:
        """Kill this interaction's token now: its callback answers 10062, its webhook 401 / 50027."""
        self._interactions[int(interaction_id)].expired = True

    # -- configuration ---------------------------------------------------------------------------------------

    def close_dms(self, *users: FakeUser | int) -> None:
        """These users do not accept DMs from the bot: sending to their DM channel answers 403 / 50007."""
        self.closed_dms |= {_id(u) for u in users}

    def open_dms(self, *users: FakeUser | int) -> None:
        self.closed_dms -= {_id(u) for u in users}

    def override(self, method: str, pattern: str, handler: RouteHandler) -> None:
        """Answer ``method pattern`` with ``handler(call) -> Answer`` (sync or async) before the table."""
        self._overrides.insert(0, (method.upper(), _compile(pattern), pattern, handler))

    def fail(
        self,
        method: str,
        pattern: str,
        status: int,
        code: int = 0,
        message: str = "error",
        *,
        times: int | None = 1,
    ) -> None:
        """Make the next ``times`` (None: every) matching call fail with Discord's error JSON.

        Avoid 5xx statuses: discord.py retries them after sleeping one second or more.
        """
        left = [times]

        def handler(call: Call) -> Answer:
            if left[0] is not None:
                left[0] -= 1
                if left[0] <= 0:
                    self._overrides[:] = [o for o in self._overrides if o[3] is not handler]
            return Answer(status, discord_error(code, message))

        self.override(method, pattern, handler)

    def host_file(
        self, filename: str, data: bytes, content_type: str | None = None, *, ephemeral: bool = False
    ) -> JSON:
        """Store bytes on the fake CDN and return an attachment payload whose ``url`` serves them."""
        att_id = new_snowflake()
        ctype = content_type or _guess_type(filename, data)
        self.hosted[att_id] = (filename, ctype, data)
        url = f"{self.origin}/cdn/attachments/{att_id}/{filename}"
        att: JSON = {
            "id": str(att_id),
            "filename": filename,
            "size": len(data),
            "url": url,
            "proxy_url": url,
            "content_type": ctype,
        }
        size = png_size(data)
        if size:
            att["width"], att["height"] = size
        if ephemeral:
            att["ephemeral"] = True
        return att

    # -- queries ---------------------------------------------------------------------------------------------

    def calls_to(self, method: str, pattern: str) -> list[Call]:
        """Calls with this method whose path matches ``pattern`` ("{x}" matches any one segment)."""
        rx = _compile(pattern)
        return [c for c in self.calls if c.method == method.upper() and rx.fullmatch(c.path)]

    def unknown_calls(self) -> list[Call]:
        """Calls that matched no route (answered 404): gaps in the fake, or wrong calls by the bot."""
        return [c for c in self.calls if c.route is None]

    def interaction_token(self, interaction_id: int | str) -> str:
        return self._interactions[int(interaction_id)].token

    def replies(self, interaction_id: int | str) -> list[Reply]:
        """Everything the bot answered to this interaction, in order (callback, followups, edits)."""
        iid = int(interaction_id)
        st = self._interactions.get(iid)
        out: list[Reply] = []
        token = st.token if st is not None else None
        for c in self.calls:
            if c.route == CALLBACK_ROUTE and int(c.params["interaction_id"]) == iid:
                out.append(Reply("callback", c, c.body.get("type")))
            elif token and (c.route or "").startswith("/webhooks/") and c.params.get("token") == token:
                out.append(Reply(_webhook_kind(c), c, None))
        return out

    def reply(self, interaction_id: int | str) -> Reply:
        """The callback (initial response) to this interaction; AssertionError if it was never answered."""
        for r in self.replies(interaction_id):
            if r.kind == "callback":
                return r
        raise AssertionError(
            f"interaction {interaction_id} was never answered (the user would see "
            f"'The application did not respond')"
        )

    def autocomplete_choices(self, interaction_id: int | str) -> list[JSON]:
        r = self.reply(interaction_id)
        assert r.type == AUTOCOMPLETE_RESULT, f"expected an autocomplete result, got {r!r}"
        return r.choices

    def dm_channel_id(self, user: FakeUser | int) -> int:
        """The user's DM channel with the bot (created on first use, as POST /users/@me/channels does)."""
        uid = _id(user)
        if uid not in self.dm_channels:
            cid = new_snowflake()
            self.dm_channels[uid] = cid
            recipient = self.world.user_by_id(uid) or FakeUser(uid, f"user{uid}")
            self.channels[cid] = {
                "id": str(cid),
                "type": DM,
                "last_message_id": None,
                "flags": 0,
                "recipients": [recipient.payload()],
            }
        return self.dm_channels[uid]

    def dm_attempts(self, user: FakeUser | int) -> list[Call]:
        """Every attempt to post in the user's DM channel, delivered (200) or refused (403)."""
        cid = self.dm_channels.get(_id(user))
        return [] if cid is None else self.calls_to("POST", f"/channels/{cid}/messages")

    def dms_to(self, user: FakeUser | int) -> list[JSON]:
        """Messages delivered (and not deleted) in the user's DM channel, oldest first."""
        cid = self.dm_channels.get(_id(user))
        return [] if cid is None else self.messages_in(cid, include_ephemeral=True)

    def messages_in(self, channel: FakeChannel | int, *, include_ephemeral: bool = False) -> list[JSON]:
        """Current messages in a channel (after edits and deletes), oldest first."""
        cid = _id(channel)
        return [
            m
            for m in self.messages.values()
            if int(m["channel_id"]) == cid and (include_ephemeral or not int(m.get("flags") or 0) & EPHEMERAL)
        ]

    def last_message(self, channel: FakeChannel | int) -> JSON:
        msgs = self.messages_in(channel)
        assert msgs, f"no message in channel {_id(channel)}"
        return msgs[-1]

    def message(self, message_id: int | str) -> JSON:
        return self.messages[int(message_id)]

    def posts_with_nonce(self, nonce: str | int) -> list[Call]:
        """Every ``POST /channels/{id}/messages`` that carried this nonce, answered or refused."""
        return [
            c
            for c in self.calls_to("POST", "/channels/{channel_id}/messages")
            if "nonce" in c.body and str(c.body["nonce"]) == str(nonce)
        ]

    def messages_with_nonce(self, nonce: str | int) -> list[JSON]:
        """Stored messages created with this nonce (with ``enforce_nonce``, a retry adds none)."""
        return [m for m in self.messages.values() if "nonce" in m and str(m["nonce"]) == str(nonce)]

    def pinned(self, channel: FakeChannel | int) -> list[JSON]:
        """The channel's pinned messages, most recently pinned first."""
        return [m for _, m in self._pins(_id(channel))]

    def find_message_with(self, custom_id: str) -> JSON | None:
        """The latest stored message carrying a component with this custom_id."""
        for m in reversed(self.messages.values()):
            if find_component(m.get("components") or [], custom_id) is not None:
                return m
        return None

    def uploads(self, pattern: str | None = None) -> list[UploadedFile]:
        """Every file the bot uploaded (optionally only through paths matching ``pattern``)."""
        rx = _compile(pattern) if pattern else None
        return [f for c in self.calls if c.ok and (rx is None or rx.fullmatch(c.path)) for f in c.files]

    def threads(self, parent: FakeChannel | int | None = None) -> list[JSON]:
        return [
            c
            for c in self.channels.values()
            if c["type"] in THREAD_TYPES and (parent is None or int(c["parent_id"]) == _id(parent))
        ]

    def thread_edits(self, thread: FakeChannel | int | None = None) -> list[JSON]:
        """Bodies of successful PATCH /channels/{thread} calls (e.g. {"locked": true, "archived": true})."""
        out = []
        for c in self.calls_to("PATCH", "/channels/{channel_id}"):
            ch = self.channels.get(int(c.params["channel_id"]))
            if (
                c.ok
                and ch is not None
                and ch["type"] in THREAD_TYPES
                and (thread is None or ch["id"] == str(_id(thread)))
            ):
                out.append(c.body)
        return out

    def synced_commands(self, guild: FakeGuild | int | None = None) -> list[JSON]:
        """The payload of the last bulk sync (PUT) globally, or for one guild."""
        path = (
            f"/applications/{self.world.application_id}/commands"
            if guild is None
            else f"/applications/{self.world.application_id}/guilds/{_id(guild)}/commands"
        )
        puts = [c for c in self.calls_to("PUT", path) if c.ok]
        assert puts, f"no command sync to {path}"
        return list(puts[-1].json)

    def command_id(self, name: str, guild_id: int | None = None, type: int = 1) -> int:
        """The id Discord gave (or would give) this command; stable across syncs, like Discord's."""
        key = (guild_id, type, name)
        if key not in self._command_ids:
            self._command_ids[key] = new_snowflake()
        return self._command_ids[key]

    # -- interactions ----------------------------------------------------------------------------------------

    def register_interaction(self, payload: JSON) -> None:
        """Make the callback/webhook routes accept this interaction (``feed`` does it), from now on the
        fake's clock. Idempotent: a duplicate delivery keeps the first registration and its age."""
        iid = int(payload["id"])
        if iid not in self._interactions:
            self._interactions[iid] = _Interaction(copy.deepcopy(payload), payload["token"], self.now())
            self._tokens[payload["token"]] = iid

    def known_token(self, interaction_id: int) -> str | None:
        st = self._interactions.get(interaction_id)
        return st.token if st else None

    # -- channel lookup --------------------------------------------------------------------------------------

    def channel(self, channel_id: int) -> JSON | None:
        """The current payload of a channel (guild channel, thread or DM), or None."""
        if channel_id not in self.channels:
            ch = self.world.channel_by_id(channel_id)
            if ch is None:
                return None
            self.channels[channel_id] = ch.payload()
        return self.channels[channel_id]

    def guild_id_of(self, channel_id: int) -> int | None:
        ch = self.channel(channel_id)
        return int(ch["guild_id"]) if ch and ch.get("guild_id") else None

    # -- HTTP plumbing ---------------------------------------------------------------------------------------

    async def _dispatch(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        call = Call(request.method, path, dict(request.query), None, [], seq=len(self.calls) + 1)
        await _read_body(request, call)
        self.calls.append(call)
        if path.startswith("/cdn/attachments/"):
            return self._serve_cdn(call)
        if path.startswith(API_PREFIX + "/"):
            call.path = path[len(API_PREFIX) :]
            answer = await self._route(call)
        elif path.startswith(TEST_PREFIX + "/"):
            answer = _route_in(self._test_routes, call)
        else:
            answer = Answer(404, discord_error(0, "404: Not Found"))
        call.status, call.response = answer.status, answer.body
        if answer.body is None:
            return web.Response(status=answer.status if answer.status != 200 else 204)
        # Exactly "application/json": discord.py's json_or_text compares the header verbatim.
        return web.Response(
            status=answer.status,
            body=json.dumps(answer.body).encode(),
            headers={"Content-Type": "application/json"},
        )

    def _serve_cdn(self, call: Call) -> web.Response:
        m = re.fullmatch(r"/cdn/attachments/(\d+)/.*", call.path)
        hosted = self.hosted.get(int(m.group(1))) if m else None
        if hosted is None:
            call.status = 404
            return web.Response(status=404)
        call.route, call.status = "/cdn/attachments/{attachment_id}/{filename}", 200
        return web.Response(body=hosted[2], headers={"Content-Type": hosted[1]})

    async def _route(self, call: Call) -> Answer:
        for method, rx, template, handler in self._overrides:
            m = rx.fullmatch(call.path)
            if m and method == call.method:
                call.route, call.params = template, m.groupdict()
                result = handler(call)
                return await result if asyncio.iscoroutine(result) else result  # type: ignore[return-value]
        return _route_in(self._routes, call)

    def _install_routes(self) -> None:
        table: list[tuple[str, str, Callable[..., Answer]]] = [
            ("GET", "/users/@me", self._get_me),
            ("GET", "/oauth2/applications/@me", self._get_application),
            ("GET", "/applications/@me", self._get_application),
            ("GET", "/users/{user_id}", self._get_user),
            ("POST", "/users/@me/channels", self._open_dm),
            ("PUT", "/applications/{app_id}/commands", self._sync_commands),
            ("GET", "/applications/{app_id}/commands", self._get_commands),
            ("POST", "/applications/{app_id}/commands", self._upsert_command),
            ("PUT", "/applications/{app_id}/guilds/{guild_id}/commands", self._sync_commands),
            ("GET", "/applications/{app_id}/guilds/{guild_id}/commands", self._get_commands),
            ("POST", "/applications/{app_id}/guilds/{guild_id}/commands", self._upsert_command),
            ("GET", "/channels/{channel_id}", self._get_channel),
            ("PATCH", "/channels/{channel_id}", self._edit_channel),
            ("DELETE", "/channels/{channel_id}", self._delete_channel),
            ("GET", "/channels/{channel_id}/messages", self._get_messages),
            ("POST", "/channels/{channel_id}/messages", self._post_message),
            # Pins: discord.py 2.7.1 uses the /messages/pins routes; the older /pins ones still exist. Before
            # /messages/{message_id}, which would take "pins" for a message id.
            ("GET", "/channels/{channel_id}/messages/pins", self._get_pins),
            ("PUT", "/channels/{channel_id}/messages/pins/{message_id}", self._pin),
            ("DELETE", "/channels/{channel_id}/messages/pins/{message_id}", self._unpin),
            ("GET", "/channels/{channel_id}/pins", self._get_pins_legacy),
            ("PUT", "/channels/{channel_id}/pins/{message_id}", self._pin),
            ("DELETE", "/channels/{channel_id}/pins/{message_id}", self._unpin),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self._get_message),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self._edit_message),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self._delete_message),
            ("POST", "/channels/{channel_id}/threads", self._create_thread),
            ("POST", "/channels/{channel_id}/messages/{message_id}/threads", self._create_thread),
            ("PUT", "/channels/{channel_id}/thread-members/{user_id}", self._add_thread_member),
            ("DELETE", "/channels/{channel_id}/thread-members/{user_id}", self._remove_thread_member),
            ("POST", "/channels/{channel_id}/typing", lambda call, channel_id: Answer(204)),
            ("POST", CALLBACK_ROUTE, self._interaction_callback),
            ("POST", "/webhooks/{app_id}/{token}", self._followup),
            ("GET", "/webhooks/{app_id}/{token}/messages/@original", self._webhook_get),
            ("PATCH", "/webhooks/{app_id}/{token}/messages/@original", self._webhook_edit),
            ("DELETE", "/webhooks/{app_id}/{token}/messages/@original", self._webhook_delete),
            ("GET", "/webhooks/{app_id}/{token}/messages/{message_id}", self._webhook_get),
            ("PATCH", "/webhooks/{app_id}/{token}/messages/{message_id}", self._webhook_edit),
            ("DELETE", "/webhooks/{app_id}/{token}/messages/{message_id}", self._webhook_delete),
        ]
        self._routes = [(m, _compile(t), t, h) for m, t, h in table]
        tests: list[tuple[str, str, Callable[..., Answer]]] = [
            ("POST", TEST_PREFIX + "/interactions", self._test_register_interaction),
            ("GET", TEST_PREFIX + "/messages", self._test_messages),
        ]
        self._test_routes = [(m, _compile(t), t, h) for m, t, h in tests]

    # -- test-only routes, for a bot in another process ------------------------------------------------------

    def _test_register_interaction(self, call: Call) -> Answer:
        """``POST /_fake/interactions`` with an interaction payload: as :meth:`register_interaction`."""
        payload = call.body
        errors = FormErrors()
        for key in ("id", "token", "type"):
            if key not in payload:
                errors.add((key,), "BASE_TYPE_REQUIRED", "This field is required")
        if errors:
            return errors.answer()
        self.register_interaction(payload)
        return Answer(204)

    def _test_messages(self, call: Call) -> Answer:
        """``GET /_fake/messages?channel_id=...[&include_ephemeral=1]``: as :meth:`messages_in`."""
        cid = call.query.get("channel_id", "")
        if not cid.isdigit():
            errors = FormErrors()
            errors.add(("channel_id",), "BASE_TYPE_REQUIRED", "This field is required")
            return errors.answer()
        ephemeral = _truthy(call.query.get("include_ephemeral"))
        return Answer(200, copy.deepcopy(self.messages_in(int(cid), include_ephemeral=ephemeral)))

    # -- users and application -------------------------------------------------------------------------------

    def _get_me(self, call: Call) -> Answer:
        return Answer(
            200,
            self.world.bot.payload()
            | {"verified": True, "mfa_enabled": False, "email": None, "locale": "en-US", "bio": ""},
        )

    def _get_application(self, call: Call) -> Answer:
        w = self.world
        return Answer(
            200,
            {
                "id": str(w.application_id),
                "name": w.bot.global_name or w.bot.name,
                "icon": None,
                "description": "",
                "summary": "",
                "type": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "verify_key": "0" * 64,
                "owner": w.owner.payload(),
                "team": None,
                "flags": 0,
                "rpc_origins": [],
                "interactions_endpoint_url": None,
                "redirect_uris": [],
                "tags": [],
                "bot": w.bot.payload(),
                "approximate_guild_count": len(w.guilds),
                "integration_types_config": {str(k): {} for k in w.install_types},
            },
        )

    def _get_user(self, call: Call, user_id: str) -> Answer:
        user = self.world.user_by_id(int(user_id)) if user_id.isdigit() else None
        if user is None:
            return Answer(404, discord_error(10013, "Unknown User"))
        return Answer(200, user.payload())

    def _open_dm(self, call: Call) -> Answer:
        rid = call.body.get("recipient_id")
        if rid is None or self.world.user_by_id(int(rid)) is None:
            return Answer(400, discord_error(50033, "Invalid Recipients"))
        return Answer(200, copy.deepcopy(self.channels[self.dm_channel_id(int(rid))]))

    # -- application commands --------------------------------------------------------------------------------

    def _command_out(self, data: JSON, guild_id: int | None) -> JSON:
        ctype = int(data.get("type", 1))
        out: JSON = {
            "id": str(self.command_id(data["name"], guild_id, ctype)),
            "application_id": str(self.world.application_id),
            "version": str(new_snowflake()),
            "type": ctype,
            "default_member_permissions": None,
            "nsfw": False,
            "description": "",
            "options": [],
        } | copy.deepcopy(data)
        if guild_id is not None:
            out["guild_id"] = str(guild_id)
        return out

    def _sync_commands(self, call: Call, app_id: str, guild_id: str | None = None) -> Answer:
        if int(app_id) != self.world.application_id:
            return Answer(403, discord_error(50001, "Missing Access"))
        body = call.json if isinstance(call.json, list) else None
        errors = FormErrors()
        if body is None:
            errors.add((), "BASE_TYPE_REQUIRED", "This field is required")
            return errors.answer()
        _check_length(errors, (), body, sum(COMMAND_LIMITS.values()))
        for i, cmd in enumerate(body):
            _command_problems(cmd, errors, (i,))
            _install_problems(cmd, errors, (i,), self.world.install_types, guild_id is not None)
        if errors:
            return errors.answer()
        too_many = _too_many_commands(body)
        if too_many:
            return too_many
        gid = int(guild_id) if guild_id else None
        self.commands[gid] = [self._command_out(c, gid) for c in body]
        return Answer(200, copy.deepcopy(self.commands[gid]))

    def _get_commands(self, call: Call, app_id: str, guild_id: str | None = None) -> Answer:
        return Answer(200, copy.deepcopy(self.commands.get(int(guild_id) if guild_id else None, [])))

    def _upsert_command(self, call: Call, app_id: str, guild_id: str | None = None) -> Answer:
        errors = FormErrors()
        _command_problems(call.body, errors, ())
        _install_problems(call.body, errors, (), self.world.install_types, guild_id is not None)
        if errors:
            return errors.answer()
        gid = int(guild_id) if guild_id else None
        out = self._command_out(call.body, gid)
        cmds = [*(c for c in self.commands.get(gid, []) if c["id"] != out["id"]), out]
        too_many = _too_many_commands(cmds)
        if too_many:
            return too_many
        self.commands[gid] = cmds
        return Answer(201, copy.deepcopy(out))

    # -- channels and threads --------------------------------------------------------------------------------

    def _get_channel(self, call: Call, channel_id: str) -> Answer:
        ch = self.channel(int(channel_id))
        if ch is None:
            return Answer(404, discord_error(10003, "Unknown Channel"))
        return Answer(200, copy.deepcopy(ch))

    def _edit_channel(self, call: Call, channel_id: str) -> Answer:
        ch = self.channel(int(channel_id))
        if ch is None:
            return Answer(404, discord_error(10003, "Unknown Channel"))
        body = call.body
        for key in ("name", "topic", "nsfw", "rate_limit_per_user", "position", "parent_id", "flags"):
            if key in body:
                ch[key] = body[key]
        if ch["type"] in THREAD_TYPES:
            meta = ch["thread_metadata"]
            for key in ("archived", "locked", "auto_archive_duration", "invitable"):
                if key in body:
                    meta[key] = body[key]
            if "archived" in body:
                meta["archive_timestamp"] = now_iso()
            self._echo("THREAD_UPDATE", ch)
        return Answer(200, copy.deepcopy(ch))

    def _delete_channel(self, call: Call, channel_id: str) -> Answer:
        ch = self.channel(int(channel_id))
        if ch is None:
            return Answer(404, discord_error(10003, "Unknown Channel"))
        del self.channels[int(channel_id)]
        if ch["type"] in THREAD_TYPES:
            gone = {k: ch[k] for k in ("id", "guild_id", "parent_id", "type")}
            self._echo("THREAD_DELETE", gone)
        return Answer(200, ch)

    def _create_thread(self, call: Call, channel_id: str, message_id: str | None = None) -> Answer:
        parent = self.channel(int(channel_id))
        if parent is None:
            return Answer(404, discord_error(10003, "Unknown Channel"))
        if parent["type"] not in (GUILD_TEXT, 5, 15):
            return Answer(400, discord_error(50024, "Cannot execute action on this channel type"))
        body = call.body
        if not body.get("name"):
            return Answer(400, discord_error(50035, "Invalid Form Body", {"name": "required"}))
        if len(body["name"]) > THREAD_NAME_LIMIT:  # a channel's name: 1-100 characters
            return Answer(400, discord_error(50035, "Invalid Form Body", {"name": "BASE_TYPE_BAD_LENGTH"}))
        archive = body.get("auto_archive_duration")
        if archive is not None and archive not in THREAD_ARCHIVE_MINUTES:
            return Answer(
                400, discord_error(50035, "Invalid Form Body", {"auto_archive_duration": "BASE_TYPE_CHOICES"})
            )
        forum = parent["type"] == 15
        if forum and (message_id is not None or not isinstance(body.get("message"), dict)):
            # a forum post is made with its first message, never from a message
            return Answer(400, discord_error(50035, "Invalid Form Body", {"message": "required"}))
        if message_id is not None:
            if int(message_id) not in self.messages:
                return Answer(404, discord_error(10008, "Unknown Message"))
            if "thread" in self.messages[int(message_id)]:  # a message starts one thread, never two
                return Answer(
                    400, discord_error(160004, "A thread has already been created for this message")
                )
            tid, ttype = int(message_id), PUBLIC_THREAD  # a thread from a message shares its id
        elif forum:
            tid, ttype = new_snowflake(), PUBLIC_THREAD  # a forum's posts are public threads
        else:
            tid, ttype = new_snowflake(), int(body.get("type", PRIVATE_THREAD))
        bot_id = str(self.world.bot.id)
        thread: JSON = {
            "id": str(tid),
            "type": ttype,
            "guild_id": parent.get("guild_id"),
            "parent_id": str(channel_id),
            "owner_id": bot_id,
            "name": body["name"],
            "last_message_id": None,
            "rate_limit_per_user": int(body.get("rate_limit_per_user") or 0),
            "message_count": 0,
            "member_count": 1,
            "total_message_sent": 0,
            "flags": 0,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": int(body.get("auto_archive_duration") or 4320),
                "archive_timestamp": now_iso(),
                "locked": False,
                "create_timestamp": now_iso(),
                "invitable": bool(body.get("invitable", True)),
            },
            "member": {"id": str(tid), "user_id": bot_id, "join_timestamp": now_iso(), "flags": 0},
        }
        self.channels[tid] = thread
        if message_id is not None:  # the message carries the thread it started, as Discord's does
            self.messages[tid]["thread"] = copy.deepcopy(thread)
        self.thread_members[tid] = {self.world.bot.id}
        self._echo("THREAD_CREATE", thread | {"newly_created": True})
        if forum:  # the post's first message, in the new thread, comes back with it
            first = self._create_message(tid, body["message"], call.files)
            if first.status >= 400:
                del self.channels[tid]
                return first
            return Answer(201, copy.deepcopy(thread) | {"message": first.body})
        return Answer(201, copy.deepcopy(thread))

    def _add_thread_member(self, call: Call, channel_id: str, user_id: str) -> Answer:
        ch = self.channel(int(channel_id))
        if ch is None or ch["type"] not in THREAD_TYPES:
            return Answer(404, discord_error(10003, "Unknown Channel"))
        uid = self.world.bot.id if user_id == "@me" else int(user_id)
        self.thread_members.setdefault(int(channel_id), set()).add(uid)
        ch["member_count"] = len(self.thread_members[int(channel_id)])
        return Answer(204)

    def _remove_thread_member(self, call: Call, channel_id: str, user_id: str) -> Answer:
        ch = self.channel(int(channel_id))
        if ch is None or ch["type"] not in THREAD_TYPES:
            return Answer(404, discord_error(10003, "Unknown Channel"))
        uid = self.world.bot.id if user_id == "@me" else int(user_id)
        self.thread_members.setdefault(int(channel_id), set()).discard(uid)
        ch["member_count"] = len(self.thread_members[int(channel_id)])
        return Answer(204)

    def _echo(self, event: str, data: JSON) -> None:
        if self.on_gateway_event is not None:
            self.on_gateway_event(event, copy.deepcopy(data))

    # -- messages --------------------------------------------------------------------------------------------

    def _get_messages(self, call: Call, channel_id: str) -> Answer:
        if self.channel(int(channel_id)) is None:
            return Answer(404, discord_error(10003, "Unknown Channel"))
        limit = int(call.query.get("limit", 50))
        msgs = list(reversed(self.messages_in(int(channel_id))))[:limit]
        return Answer(200, copy.deepcopy(msgs))

    def _channel_message(self, channel_id: str, message_id: str) -> JSON | Answer:
        """The stored message with this id in this channel, or 404 / 10008."""
        msg = self.messages.get(int(message_id)) if message_id.isdigit() else None
        if msg is None or msg["channel_id"] != channel_id:
            return Answer(404, discord_error(10008, "Unknown Message"))
        return msg

    def _get_message(self, call: Call, channel_id: str, message_id: str) -> Answer:
        msg = self._channel_message(channel_id, message_id)
        return msg if isinstance(msg, Answer) else Answer(200, copy.deepcopy(msg))

    def _post_message(self, call: Call, channel_id: str) -> Answer:
        cid = int(channel_id)
        ch = self.channel(cid)
        if ch is None:
            return Answer(404, discord_error(10003, "Unknown Channel"))
        if ch["type"] == DM:
            recipient = int(ch["recipients"][0]["id"])
            if recipient in self.closed_dms:
                return Answer(403, discord_error(50007, "Cannot send messages to this user"))
        # (A locked thread still accepts the bot's messages: its role has Manage Threads.)
        mtype = 19 if "message_reference" in call.body else 0
        return self._create_message(cid, call.body, call.files, mtype=mtype)

    def _create_message(
        self,
        channel_id: int,
        body: JSON,
        files: list[UploadedFile],
        *,
        mtype: int = 0,
        interaction: _Interaction | None = None,
        flags: int | None = None,
        allow_empty: bool = False,
    ) -> Answer:
        mflags = int(body.get("flags") or 0) if flags is None else flags
        problem = _message_problems(body, files, empty_ok=allow_empty, flags=mflags)
        if problem:
            return problem
        nonce = body.get("nonce")
        if nonce is not None and body.get("enforce_nonce"):
            earlier = self._message_by_nonce(channel_id, nonce)
            if earlier is not None:  # a retry: Discord answers with the first message and creates nothing
                return Answer(200, copy.deepcopy(earlier))
        attachments = self._attachments(body, files, [], ephemeral=bool(mflags & EPHEMERAL))
        if isinstance(attachments, Answer):
            return attachments
        mid = new_snowflake()
        content = body.get("content") or ""
        msg: JSON = {
            "id": str(mid),
            "channel_id": str(channel_id),
            "type": mtype,
            "content": content,
            "author": self.world.bot.payload(),
            "timestamp": now_iso(),
            "edited_timestamp": None,
            "tts": bool(body.get("tts")),
            "mention_everyone": False,
            "mentions": self._mentions(
                _said(body, mflags), body.get("allowed_mentions"), users_only=interaction is not None
            ),
            "mention_roles": re.findall(r"<@&(\d+)>", content),
            "attachments": attachments,
            "embeds": copy.deepcopy(body.get("embeds") or []),
            "components": copy.deepcopy(body.get("components") or []),
            "pinned": False,
            "flags": mflags,
            "reactions": [],
        }
        if nonce is not None:
            msg["nonce"] = nonce
            self._nonces[(channel_id, str(nonce))] = (mid, self.now())
        if "message_reference" in body:
            msg["message_reference"] = body["message_reference"]
        if body.get("poll"):
            msg["poll"] = body["poll"]
        if interaction is not None:
            p = interaction.payload
            user = p.get("member", {}).get("user") or p.get("user")
            msg["webhook_id"] = msg["application_id"] = str(self.world.application_id)
            msg["interaction_metadata"] = {
                "id": str(interaction.id),
                "type": p["type"],
                "user": user,
                "authorizing_integration_owners": p.get("authorizing_integration_owners", {}),
            }
            if p["type"] == MESSAGE_COMPONENT and "message" in p:
                msg["interaction_metadata"]["interacted_message_id"] = p["message"]["id"]
        self.messages[mid] = msg
        ch = self.channel(channel_id)
        if ch is not None:
            ch["last_message_id"] = str(mid)
            if ch["type"] in THREAD_TYPES:
                ch["message_count"] = ch.get("message_count", 0) + 1
                ch["total_message_sent"] = ch.get("total_message_sent", 0) + 1
        return Answer(200, copy.deepcopy(msg))

    def _message_by_nonce(self, channel_id: int, nonce: str | int) -> JSON | None:
        """The message created in this channel with this nonce within the nonce window, if still there."""
        seen = self._nonces.get((channel_id, str(nonce)))
        if seen is None or self.now() - seen[1] > NONCE_WINDOW:
            return None
        return self.messages.get(seen[0])

    def _apply_edit(
        self, msg: JSON, body: JSON, files: list[UploadedFile], *, empty_ok: bool = True
    ) -> Answer:
        """Edit a stored message (PATCH, webhook edit, update callback, first followup after a defer).

        Nothing changes unless the whole edit is valid. A successful edit ends the "thinking" state.
        """
        old_flags = int(msg.get("flags") or 0)
        existing = msg.get("attachments") or []
        if body.get("attachments") is not None:  # the attachments kept are those the edit names
            ids = {str(a.get("id")) for a in body["attachments"]}
            existing = [a for a in existing if str(a["id"]) in ids]
        new_v2 = int(body.get("flags") or 0) & IS_COMPONENTS_V2 and not old_flags & IS_COMPONENTS_V2
        for key in ("content", "embeds") if new_v2 else ():
            # setting IS_COMPONENTS_V2 by an edit: the message's content and embeds must be emptied with it
            # (Discord's Edit Message: "must have their values reset to empty ... Failing to do this will
            # result in a 400 BAD REQUEST")
            if msg.get(key) and key not in body:
                return Answer(
                    400,
                    discord_error(
                        50035,
                        "Invalid Form Body",
                        {key: {"_errors": [{"code": "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"}]}},
                    ),
                )
        problem = _message_problems(
            body,
            files,
            empty_ok=empty_ok,
            flags=old_flags | int(body.get("flags") or 0),
            kept=[str(a.get("filename")) for a in existing],
        )
        if problem:
            return problem
        if "attachments" in body or files:
            attachments = self._attachments(
                body, files, msg.get("attachments") or [], ephemeral=bool(old_flags & EPHEMERAL)
            )
            if isinstance(attachments, Answer):
                return attachments
            msg["attachments"] = attachments
        for key, empty in (("content", ""), ("embeds", []), ("components", [])):
            if key in body:
                msg[key] = copy.deepcopy(body[key]) if body[key] is not None else empty
        if "content" in body or "components" in body:
            msg["mentions"] = self._mentions(
                _said(msg, new_flags_of(old_flags, body)), body.get("allowed_mentions")
            )
        new_flags = old_flags & ~LOADING
        if body.get("flags") is not None:  # ephemeral and components v2 stay as they were
            kept = new_flags & (EPHEMERAL | IS_COMPONENTS_V2)
            new_flags = kept | (int(body["flags"]) & ~(EPHEMERAL | LOADING))
        msg["flags"] = new_flags
        msg["edited_timestamp"] = now_iso()
        return Answer(200, copy.deepcopy(msg))

    def _edit_message(self, call: Call, channel_id: str, message_id: str) -> Answer:
        msg = self._channel_message(channel_id, message_id)
        if isinstance(msg, Answer):
            return msg
        if msg["author"]["id"] != str(self.world.bot.id):
            return Answer(403, discord_error(50005, "Cannot edit a message authored by another user"))
        return self._apply_edit(msg, call.body, call.files)

    def _delete_message(self, call: Call, channel_id: str, message_id: str) -> Answer:
        msg = self._channel_message(channel_id, message_id)
        if isinstance(msg, Answer):
            return msg
        del self.messages[int(message_id)]
        return Answer(204)

    # -- pins ------------------------------------------------------------------------------------------------

    def _pins(self, channel_id: int) -> list[tuple[dt.datetime, JSON]]:
        """(pinned at, message) for the channel's pinned messages, most recently pinned first."""
        pins = [
            (self._pinned_at.get(int(m["id"]), _EPOCH), m)
            for m in self.messages_in(channel_id)
            if m.get("pinned")
        ]
        return sorted(pins, key=lambda pin: pin[0], reverse=True)

    def _get_pins(self, call: Call, channel_id: str) -> Answer:
        """``GET /channels/{id}/messages/pins``: ``{"items": [{"pinned_at", "message"}], "has_more"}``."""
        if self.channel(int(channel_id)) is None:
            return Answer(404, discord_error(10003, "Unknown Channel"))
        pins = self._pins(int(channel_id))
        if "before" in call.query:
            before = dt.datetime.fromisoformat(call.query["before"])
            pins = [(at, m) for at, m in pins if at < before]
        limit = min(int(call.query.get("limit", 50)), 50)
        items = [{"pinned_at": at.isoformat(), "message": copy.deepcopy(m)} for at, m in pins[:limit]]
        return Answer(200, {"items": items, "has_more": len(pins) > limit})

    def _get_pins_legacy(self, call: Call, channel_id: str) -> Answer:
        """``GET /channels/{id}/pins``: a plain list of the pinned messages."""
        if self.channel(int(channel_id)) is None:
            return Answer(404, discord_error(10003, "Unknown Channel"))
        return Answer(200, copy.deepcopy(self.pinned(int(channel_id))))

    def _pin(self, call: Call, channel_id: str, message_id: str) -> Answer:
        msg = self._channel_message(channel_id, message_id)
        if isinstance(msg, Answer):
            return msg
        if not msg["pinned"]:
            if len(self._pins(int(channel_id))) >= PIN_LIMIT:
                return Answer(400, discord_error(30003, f"Maximum number of pins reached ({PIN_LIMIT})"))
            latest = max(self._pinned_at.values(), default=_EPOCH)
            stamp = max(dt.datetime.now(dt.UTC), latest + dt.timedelta(microseconds=1))  # strictly ordered
            msg["pinned"], self._pinned_at[int(message_id)] = True, stamp
            self._echo_pins(channel_id)
        return Answer(204)

    def _unpin(self, call: Call, channel_id: str, message_id: str) -> Answer:
        msg = self._channel_message(channel_id, message_id)
        if isinstance(msg, Answer):
            return msg
        if msg["pinned"]:
            msg["pinned"] = False
            self._pinned_at.pop(int(message_id), None)
            self._echo_pins(channel_id)
        return Answer(204)

    def _echo_pins(self, channel_id: str) -> None:
        pins = self._pins(int(channel_id))
        event: JSON = {
            "channel_id": channel_id,
            "last_pin_timestamp": pins[0][0].isoformat() if pins else None,
        }
        guild_id = self.guild_id_of(int(channel_id))
        if guild_id is not None:
            event["guild_id"] = str(guild_id)
        self._echo("CHANNEL_PINS_UPDATE", event)

    def _attachments(
        self, body: JSON, files: list[UploadedFile], existing: list[JSON], *, ephemeral: bool
    ) -> list[JSON] | Answer:
        by_index = {f.index: f for f in files}
        specs = body.get("attachments")
        if specs is None:
            specs = [{"id": a["id"]} for a in existing]
            specs += [{"id": f.index, "filename": f.filename} for f in files]
        keep = {a["id"]: a for a in existing}
        out: list[JSON] = []
        used: set[int] = set()
        for spec in specs:
            sid = str(spec.get("id"))
            if sid in keep:
                out.append(keep[sid])
                continue
            upload = by_index.get(int(sid)) if sid.isdigit() and int(sid) < 1000 else None
            if upload is None:
                return Answer(
                    400,
                    discord_error(
                        50035, "Invalid Form Body", {"attachments": f"unknown attachment id {sid}"}
                    ),
                )
            used.add(upload.index)
            att = self.host_file(spec.get("filename") or upload.filename, upload.data, ephemeral=ephemeral)
            if spec.get("description"):
                att["description"] = spec["description"]
            out.append(att)
        for f in files:
            if f.index not in used:
                out.append(self.host_file(f.filename, f.data, ephemeral=ephemeral))
        return out

    def _mentions(self, content: str, allowed: JSON | None = None, *, users_only: bool = False) -> list[JSON]:
        """The users a message mentions (and pings), as Discord parses them: each ``<@id>`` of the content,
        or of the text displays of a components-v2 message, that ``allowed_mentions`` allows — by default
        every one in a bot's message, every user in an interaction's or a webhook's (Discord's "Default
        Settings for Allowed Mentions"); ``parse`` without "users" and no ``users`` list: none."""
        if allowed is None:
            allowed = {"parse": ["users"] if users_only else ["users", "roles", "everyone"]}
        listed = {str(u) for u in allowed.get("users") or []}
        every = "users" in (allowed.get("parse") or [])
        found = []
        for uid in dict.fromkeys(re.findall(r"<@!?(\d+)>", content)):
            if not every and uid not in listed:
                continue
            user = self.world.user_by_id(int(uid))
            if user is not None:
                found.append(user.payload())
        return found

    # -- interaction callbacks -------------------------------------------------------------------------------

    def _interaction_callback(self, call: Call, interaction_id: str, token: str) -> Answer:
        st = self._interactions.get(int(interaction_id))
        if st is None or st.token != token or self._callback_expired(st):
            return Answer(404, discord_error(10062, "Unknown interaction"))
        if st.response_type is not None:
            return Answer(400, discord_error(40060, "Interaction has already been acknowledged."))
        rtype = call.body.get("type")
        data: JSON = call.body.get("data") or {}
        itype = st.payload["type"]
        allowed = {
            APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
            MESSAGE_COMPONENT: {
                CHANNEL_MESSAGE,
                DEFERRED_CHANNEL_MESSAGE,
                DEFERRED_UPDATE_MESSAGE,
                UPDATE_MESSAGE,
                MODAL,
            },
            AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
            MODAL_SUBMIT: {
                CHANNEL_MESSAGE,
                DEFERRED_CHANNEL_MESSAGE,
                DEFERRED_UPDATE_MESSAGE,
                UPDATE_MESSAGE,
            },
            PING: {PONG},
        }.get(itype, set())
        if rtype not in allowed:
            errors = FormErrors()
            choices = ", ".join(map(str, sorted(allowed)))
            errors.add(("type",), "BASE_TYPE_CHOICES", f"Value must be one of ({choices}).")
            return errors.answer()
        meta: JSON = {"id": str(st.id), "type": itype, "activity_instance_id": None}
        resource: JSON | None = None
        if rtype == CHANNEL_MESSAGE:
            answer = self._create_message(
                self._interaction_channel(st),
                data,
                call.files,
                interaction=st,
                mtype=20 if itype == APPLICATION_COMMAND else 0,
            )
            if answer.status != 200:
                return _under("data", answer)
            st.original_id = int(answer.body["id"])
            resource = {"type": rtype, "message": answer.body}
        elif rtype == DEFERRED_CHANNEL_MESSAGE:
            flags = (int(data.get("flags") or 0) & EPHEMERAL) | LOADING
            answer = self._create_message(
                self._interaction_channel(st),
                {},
                [],
                interaction=st,
                flags=flags,
                mtype=20 if itype == APPLICATION_COMMAND else 0,
                allow_empty=True,
            )
            st.original_id = int(answer.body["id"])
            resource = {"type": rtype, "message": answer.body}
        elif rtype in (DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE):
            msg = self._component_message(st)
            if msg is None:
                errors = FormErrors()
                errors.add(("type",), "INTERACTION_NO_MESSAGE", "This interaction has no message to update")
                return errors.answer()
            if rtype == UPDATE_MESSAGE:
                answer = self._apply_edit(msg, data, call.files)
                if answer.status != 200:
                    return _under("data", answer)
                resource = {"type": rtype, "message": answer.body}
            st.original_id = int(msg["id"])
        elif rtype in (AUTOCOMPLETE_RESULT, MODAL):
            errors = FormErrors()
            if rtype == AUTOCOMPLETE_RESULT:
                _choices_problems(data.get("choices"), errors, ("data", "choices"))
            else:
                _modal_problems(data, errors, ("data",))
            if errors:
                return errors.answer()
        st.response_type = rtype
        if st.original_id is not None:
            msg = self.messages.get(st.original_id, {})
            meta |= {
                "response_message_id": str(st.original_id),
                "response_message_loading": bool(int(msg.get("flags") or 0) & LOADING),
                "response_message_ephemeral": bool(int(msg.get("flags") or 0) & EPHEMERAL),
            }
        if rtype in (PONG, AUTOCOMPLETE_RESULT) or not _truthy(call.query.get("with_response")):
            return Answer(204)
        out: JSON = {"interaction": meta}
        if resource is not None:
            out["resource"] = resource
        return Answer(200, out)

    def _interaction_channel(self, st: _Interaction) -> int:
        """The interaction's channel id, making sure the fake knows it (it may come only from a payload)."""
        cid = st.channel_id
        if self.channel(cid) is None:
            self.channels[cid] = copy.deepcopy(st.payload["channel"])
        return cid

    def _component_message(self, st: _Interaction) -> JSON | None:
        p = st.payload.get("message")
        if p is None:
            return None
        mid = int(p["id"])
        if mid not in self.messages:  # a message the fake never saw (built by hand): adopt it
            self.messages[mid] = copy.deepcopy(p)
        return self.messages[mid]

    def _token_expired(self, st: _Interaction) -> bool:
        return st.expired or self.now() - st.created > TOKEN_LIFETIME

    def _callback_expired(self, st: _Interaction) -> bool:
        """Discord forgets an interaction not answered within 3 seconds (and any whose token is dead)."""
        late = st.response_type is None and self.now() - st.created > CALLBACK_DEADLINE
        return late or self._token_expired(st)

    # -- webhooks (followups and edits of interaction responses) ---------------------------------------------

    def _webhook_interaction(self, app_id: str, token: str) -> _Interaction | Answer:
        iid = self._tokens.get(token)
        if iid is None or app_id != str(self.world.application_id):
            return Answer(404, discord_error(10015, "Unknown Webhook"))
        st = self._interactions[iid]
        if self._token_expired(st):
            return Answer(401, discord_error(50027, "Invalid Webhook Token"))
        if st.response_type is None:  # before the initial response, Discord knows no webhook for this token
            return Answer(404, discord_error(10015, "Unknown Webhook"))
        return st

    def _followup(self, call: Call, app_id: str, token: str) -> Answer:
        st = self._webhook_interaction(app_id, token)
        if isinstance(st, Answer):
            return st
        original = self.messages.get(st.original_id) if st.original_id is not None else None
        if original is not None and int(original.get("flags") or 0) & LOADING:
            # After a deferred (type 5) response, the first followup replaces the "thinking" message,
            # keeping its ephemeral state whatever the followup's flags say.
            answer = self._apply_edit(original, call.body, call.files, empty_ok=False)
        else:
            cid = self._interaction_channel(st)
            answer = self._create_message(cid, call.body, call.files, interaction=st)
        if answer.status == 200 and not _truthy(call.query.get("wait")):
            return Answer(204)
        return answer

    def _webhook_message(self, app_id: str, token: str, message_id: str | None) -> JSON | Answer:
        """The message a webhook route names (``@original`` when ``message_id`` is None), or the refusal."""
        st = self._webhook_interaction(app_id, token)
        if isinstance(st, Answer):
            return st
        mid = st.original_id if message_id is None else int(message_id)
        msg = self.messages.get(mid) if mid is not None else None
        return msg if msg is not None else Answer(404, discord_error(10008, "Unknown Message"))

    def _webhook_get(self, call: Call, app_id: str, token: str, message_id: str | None = None) -> Answer:
        msg = self._webhook_message(app_id, token, message_id)
        return msg if isinstance(msg, Answer) else Answer(200, copy.deepcopy(msg))

    def _webhook_edit(self, call: Call, app_id: str, token: str, message_id: str | None = None) -> Answer:
        msg = self._webhook_message(app_id, token, message_id)
        return msg if isinstance(msg, Answer) else self._apply_edit(msg, call.body, call.files)

    def _webhook_delete(self, call: Call, app_id: str, token: str, message_id: str | None = None) -> Answer:
        msg = self._webhook_message(app_id, token, message_id)
        if isinstance(msg, Answer):
            return msg
        del self.messages[int(msg["id"])]
        return Answer(204)


def _route_in(table: Sequence[tuple[str, re.Pattern[str], str, Callable[..., Answer]]], call: Call) -> Answer:
    """Answer ``call`` from the first route of ``table`` matching its method and path (else 404)."""
    for method, rx, template, handler in table:
        m = rx.fullmatch(call.path)
        if m and method == call.method:
            call.route, call.params = template, m.groupdict()
            return handler(call, **m.groupdict())
    return Answer(404, discord_error(0, "404: Not Found"))


def _under(key: str, answer: Answer) -> Answer:
    """A form-error answer about a nested payload (a callback's ``data``), its errors moved under ``key``."""
    body = answer.body
    if isinstance(body, dict) and "errors" in body:
        return Answer(answer.status, body | {"errors": {key: body["errors"]}})
    return answer


def _truthy(value: str | None) -> bool:
    return value in ("1", "true", "True")


def _webhook_kind(call: Call) -> str:
    if call.route == "/webhooks/{app_id}/{token}":
        return "followup"
    target = "original" if call.path.endswith("/@original") else "message"
    return {"PATCH": "edit_", "DELETE": "delete_", "GET": "get_"}[call.method] + target


def _id(x: Any) -> int:
    if isinstance(x, (FakeUser, FakeChannel, FakeRole, FakeGuild)):
        return x.id
    if isinstance(x, dict):
        return int(x["id"])
    if hasattr(x, "id"):
        return int(x.id)
    return int(x)


def _guess_type(filename: str, data: bytes) -> str:
    if png_size(data):
        return "image/png"
    return mimetypes.guess_type(filename)[0] or "application/octet-stream"


_DISPOSITION = re.compile(r'\s*form-data((?:\s*;\s*[a-z]+="[^"\\]*")*)\s*')
_DISPOSITION_PARAM = re.compile(r'([a-z]+)="([^"\\]*)"')


def _disposition(part: BodyPartReader) -> tuple[str, str | None]:
    """A form part's name and file name. The plain ``form-data; name="..."; filename="..."`` that
    discord.py writes is read here (aiohttp's own reading escapes the header a character at a time: a tenth
    of the fake's time reading uploads, on the bot's own event loop in the benchmarks); anything else
    (escapes, percent-encoding, ``filename*``) by aiohttp."""
    header = part.headers.get("Content-Disposition", "")
    m = _DISPOSITION.fullmatch(header) if "%" not in header else None
    if m is None:
        return part.name or "", part.filename
    params = dict(_DISPOSITION_PARAM.findall(m.group(1)))
    return params.get("name", ""), params.get("filename")


async def _read_body(request: web.Request, call: Call) -> None:
    ctype = request.headers.get("Content-Type", "")
    if ctype.startswith("multipart/"):
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            if not isinstance(part, BodyPartReader):
                continue  # nested multipart: discord.py never sends one
            name, filename = _disposition(part)
            data = await part.read(decode=False)
            if filename is not None or name.startswith("files["):
                ctype_part = part.headers.get("Content-Type", "application/octet-stream")
                call.files.append(UploadedFile(name, filename or "", ctype_part, bytes(data)))
            elif name == "payload_json":
                call.json = json.loads(bytes(data).decode())
        return
    raw = await request.read()
    if raw and ctype.startswith("application/json"):
        call.json = json.loads(raw)


# -- validation: what real Discord refuses, so bugs show up before production --------------------------------
#
# One function per kind of payload (message, components, command, choices, modal), called from every route
# that accepts it. Errors come back as Discord words them: 400, code 50035 "Invalid Form Body", and an
# ``errors`` tree naming each bad field, e.g. {"content": {"_errors": [{"code": "BASE_TYPE_MAX_LENGTH",
# "message": "Must be 2000 or fewer in length."}]}} (discord.py flattens it to "content: Must be ...").

_NAME_RX = re.compile(r"^[-_\w]{1,32}$")
_EPOCH = dt.datetime(2015, 1, 1, tzinfo=dt.UTC)


class FormErrors:
    """Discord's form-error tree, built field by field: ``add(("embeds", 0, "description"), code, text)``.

    An empty path is an error about the request body itself (``{"_errors": [...]}``).
    """

    def __init__(self) -> None:
        self.tree: JSON = {}

    def add(self, path: Path, code: str, message: str) -> None:
        node = self.tree
        for key in path:
            node = node.setdefault(str(key), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def __bool__(self) -> bool:
        return bool(self.tree)

    def answer(self) -> Answer:
        return Answer(400, discord_error(50035, "Invalid Form Body", self.tree))


def _check_length(errors: FormErrors, path: Path, value: Sized, high: int, low: int = 0) -> None:
    """Discord's length errors (for strings and arrays alike) unless ``low <= len(value) <= high``."""
    if low <= len(value) <= high:
        return
    if low == 0:
        errors.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {high} or fewer in length.")
    else:
        errors.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")


def _require(errors: FormErrors, path: Path) -> None:
    errors.add(path, "BASE_TYPE_REQUIRED", "This field is required")


def _said(message: JSON, flags: int) -> str:
    """What a message says, where mentions are read: its content, or its text displays with the v2 flag."""
    if flags & IS_COMPONENTS_V2:
        every = walk_components(message.get("components") or [])
        return "\n".join(str(c.get("content") or "") for c, _ in every if c.get("type") == TEXT_DISPLAY)
    return str(message.get("content") or "")


def new_flags_of(old: int, body: JSON) -> int:
    """A message's flags after an edit: ephemeral and components v2 stay; the rest as the edit says."""
    if body.get("flags") is None:
        return old
    return (old & (EPHEMERAL | IS_COMPONENTS_V2)) | int(body["flags"])


def _message_problems(
    body: JSON,
    files: Sequence[UploadedFile],
    *,
    empty_ok: bool = False,
    flags: int | None = None,
    kept: Sequence[str] = (),
) -> Answer | None:
    """Why Discord would refuse this message payload (create, edit, callback data, webhook), or None.

    ``flags`` are the message's flags when they are not the body's (an edit keeps the message's);
    ``kept``: the names of the attachments an edit keeps (what ``attachment://`` may name besides uploads).
    """
    content = body.get("content") or ""
    embeds = body.get("embeds") or []
    components = body.get("components") or []
    mflags = int(body.get("flags") or 0) if flags is None else flags
    errors = FormErrors()
    _check_length(errors, ("content",), content, 2000)
    _embeds_problems(embeds, errors)
    _check_length(errors, ("files",), files, 10)
    _components_problems(components, errors, v2=bool(mflags & IS_COMPONENTS_V2))
    if not mflags & IS_COMPONENTS_V2:
        # a message without the flag takes action rows only at its top: a container, a text display or a
        # gallery needs IS_COMPONENTS_V2 (Discord's component reference, "To use this component...")
        for i, c in enumerate(components):
            if c.get("type") != ACTION_ROW:
                errors.add(
                    ("components", i, "type"),
                    "UNION_TYPE_CHOICES",
                    'Value of field "type" must be one of (1,).',
                )
    if mflags & IS_COMPONENTS_V2:
        names = {f.filename for f in files} | set(kept)
        names |= {str(a["filename"]) for a in body.get("attachments") or [] if a.get("filename")}
        _v2_problems(body, errors, names)
    nonce = body.get("nonce")
    if nonce is not None and (isinstance(nonce, bool) or not isinstance(nonce, (str, int))):
        errors.add(("nonce",), "NONCE_TYPE_INVALID_TYPE", "This field must be a string or integer.")
    elif isinstance(nonce, str) and len(nonce) > 25:
        errors.add(("nonce",), "NONCE_TYPE_TOO_LONG", "Must be 25 or fewer characters long.")
    if errors:
        return errors.answer()
    if any(len(f.data) > ATTACHMENT_SIZE_LIMIT for f in files):
        return Answer(413, discord_error(40005, "Request entity too large"))
    empty = not (
        content
        or embeds
        or files
        or body.get("attachments")
        or components
        or body.get("sticker_ids")
        or body.get("poll")
    )
    if empty and not empty_ok:
        return Answer(400, discord_error(50006, "Cannot send an empty message"))
    return None


def _v2_problems(body: JSON, errors: FormErrors, names: set[str]) -> None:
    """What Discord refuses in a message with the components v2 flag: content or embeds (the components are
    the whole message), more than 40 components counting nested ones, more than 4000 characters of text,
    a media gallery of no item or more than 10, and an ``attachment://`` reference to a file the message
    does not carry."""
    for key in ("content", "embeds", "sticker_ids", "poll"):
        if body.get(key):
            errors.add(
                (key,),
                "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                f"The '{key}' field cannot be used when using MessageFlags.IS_COMPONENTS_V2",
            )
    components = body.get("components") or []
    every = list(walk_components(components, ("components",)))
    if len(every) > V2_COMPONENT_LIMIT:
        errors.add(
            ("components",),
            "BASE_TYPE_MAX_LENGTH",
            f"Must be {V2_COMPONENT_LIMIT} or fewer in length (components, nested ones counted).",
        )
    text = sum(len(str(c.get("content") or "")) for c, _ in every if c.get("type") == TEXT_DISPLAY)
    for c, where in every:
        if c.get("type") == TEXT_DISPLAY and not str(c.get("content") or ""):
            _require(errors, (*where, "content"))  # a text display says something
        accent = c.get("accent_color") if c.get("type") == CONTAINER else None
        if accent is not None and not 0 <= int(accent) <= 0xFFFFFF:
            errors.add((*where, "accent_color"), "NUMBER_TYPE_MAX", "int value should be less than 16777216.")
    if text > V2_TEXT_LIMIT:
        errors.add(("components",), "MAX_TEXT_LENGTH_EXCEEDED", f"Text must be {V2_TEXT_LIMIT} or fewer.")
    for c, where in every:
        media: list[tuple[JSON, Path]] = []
        if c.get("type") == MEDIA_GALLERY:
            items = c.get("items") or []
            _check_length(errors, (*where, "items"), items, GALLERY_ITEMS, low=1)
            media = [(i.get("media") or {}, (*where, "items", n, "media")) for n, i in enumerate(items)]
        elif c.get("type") in (THUMBNAIL, FILE_COMPONENT):
            media = [(c.get("media") or c.get("file") or {}, (*where, "media"))]
        for m, at in media:
            url = str(m.get("url") or "")
            if url.startswith("attachment://") and url.removeprefix("attachment://") not in names:
                errors.add(
                    (*at, "url"),
                    "UNFURLED_MEDIA_ITEM_ATTACHMENT_NOT_FOUND",
                    f"The attachment {url} is not in this message.",
                )


def _embeds_problems(embeds: Sequence[JSON], errors: FormErrors) -> None:
    _check_length(errors, ("embeds",), embeds, 10)
    total = 0
    for i, e in enumerate(embeds):
        fields = e.get("fields") or []
        texts = [e.get("title"), e.get("description"), (e.get("footer") or {}).get("text")]
        texts += [
            (e.get("author") or {}).get("name"),
            *(t for f in fields for t in (f.get("name"), f.get("value"))),
        ]
        total += sum(len(str(t or "")) for t in texts)
        _check_length(errors, ("embeds", i, "description"), str(e.get("description") or ""), 4096)
        _check_length(errors, ("embeds", i, "fields"), fields, 25)
    if total > 6000:
        errors.add(("embeds",), "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")


def _components_problems(
    components: Sequence[JSON], errors: FormErrors, path: Path = ("components",), *, v2: bool = False
) -> None:
    """What Discord refuses in a message's or modal's component tree.

    At most 5 top-level action rows (components v2 lifts that); custom ids 1-100 characters and unique in
    the whole tree, disabled or not; rows at most 5 wide (a button is 1, a select or text input 5); and
    each button and select on its own (see :func:`_button_problems`, :func:`_select_problems`).
    """
    if not v2:
        _check_length(errors, path, components, 5)
    seen: set[str] = set()
    for c, where in walk_components(components, path):
        if "custom_id" in c:
            custom_id = str(c["custom_id"])
            _check_length(errors, (*where, "custom_id"), custom_id, 100, low=1)
            if custom_id in seen:
                errors.add(
                    (*where, "custom_id"),
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                    "Component custom id cannot be duplicated",
                )
            seen.add(custom_id)
        if c.get("type") == ACTION_ROW:
            width = 0
            for i, child in enumerate(c.get("components") or []):
                width += 1 if child.get("type") == BUTTON else 5
                if width > 5:
                    errors.add(
                        (*where, "components", i),
                        "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                        "The specified component exceeds the maximum width",
                    )
        elif c.get("type") == BUTTON:
            _button_problems(c, errors, where)
        elif c.get("type") in SELECT_TYPES:
            _select_problems(c, errors, where)


def _button_problems(button: JSON, errors: FormErrors, path: Path) -> None:
    """Label at most 80; a link button (style 5) needs a url and no custom id; every other style but
    premium (6) needs a custom id."""
    _check_length(errors, (*path, "label"), str(button.get("label") or ""), 80)
    style = button.get("style")
    if style == LINK_BUTTON:
        if not button.get("url"):
            _require(errors, (*path, "url"))
        if "custom_id" in button:
            errors.add(
                (*path, "custom_id"),
                "BUTTON_COMPONENT_CUSTOM_ID_URL_MUTUALLY_EXCLUSIVE",
                "A custom id and url cannot both be specified",
            )
    elif style != PREMIUM_BUTTON and "custom_id" not in button:
        errors.add((*path, "custom_id"), "BUTTON_COMPONENT_CUSTOM_ID_REQUIRED", "A custom id is required")


def _select_problems(select: JSON, errors: FormErrors, path: Path) -> None:
    """min_values 0-25, max_values 1-25; a string select has 1-25 options, at least max_values and
    min_values of them, with labels and values 1-100 characters, descriptions up to 100, values unique."""
    low, high = int(select.get("min_values", 1)), int(select.get("max_values", 1))
    for key, value, floor in (("min_values", low, 0), ("max_values", high, 1)):
        if value < floor:
            errors.add(
                (*path, key), "NUMBER_TYPE_MIN", f"int value should be greater than or equal to {floor}."
            )
        elif value > 25:
            errors.add((*path, key), "NUMBER_TYPE_MAX", "int value should be less than or equal to 25.")
    _check_length(errors, (*path, "placeholder"), str(select.get("placeholder") or ""), 150)
    if select.get("type") != STRING_SELECT:
        return
    if "options" not in select:
        _require(errors, (*path, "options"))
        return
    options = select["options"]
    _check_length(errors, (*path, "options"), options, 25, low=1)
    in_range = 0 <= low <= 25 and 1 <= high <= 25  # else those errors come alone
    if in_range and options and high > len(options):
        errors.add((*path, "options"), "BASE_TYPE_MIN_LENGTH", f"Must be {high} or more in length.")
    if in_range and options and low > len(options):
        message = f"int value should be less than or equal to {len(options)}."
        errors.add((*path, "min_values"), "NUMBER_TYPE_MAX", message)
    values: set[str] = set()
    for i, opt in enumerate(options):
        here = (*path, "options", i)
        _check_length(errors, (*here, "label"), str(opt.get("label") or ""), 100, low=1)
        _check_length(errors, (*here, "value"), str(opt.get("value") or ""), 100, low=1)
        _check_length(errors, (*here, "description"), str(opt.get("description") or ""), 100)
        if opt.get("value") in values:
            errors.add(
                (*here, "value"),
                "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                "The specified option value is already used",
            )
        values.add(opt.get("value"))


def _modal_problems(data: JSON, errors: FormErrors, path: Path) -> None:
    """A modal needs a custom id (1-100), a title (1-45) and 1-5 components (checked as components)."""
    for key, high in (("custom_id", 100), ("title", 45)):
        if not data.get(key):
            _require(errors, (*path, key))
        else:
            _check_length(errors, (*path, key), str(data[key]), high)
    if not data.get("components"):
        _require(errors, (*path, "components"))
    else:
        _components_problems(data["components"], errors, (*path, "components"))


def _install_problems(
    cmd: JSON, errors: FormErrors, path: Path, allowed: tuple[int, ...], guild: bool
) -> None:
    """Where a command may be installed and used, as Discord checks it: ``integration_types`` among 0 (a
    server's install) and 1 (a user's), each one the application allows (``integration_types_config``);
    ``contexts`` among 0 (a server), 1 (the bot's DM) and 2 (a private channel: another DM or a group),
    neither empty; a server's own command (a guild sync) is a server install's alone."""
    types, contexts = cmd.get("integration_types"), cmd.get("contexts")
    for key, values, known in (("integration_types", types, (0, 1)), ("contexts", contexts, (0, 1, 2))):
        if values is None:
            continue
        if not isinstance(values, list) or not values:
            errors.add((*path, key), "BASE_TYPE_REQUIRED", "This field is required")
            continue
        for i, v in enumerate(values):
            if v not in known:
                choices = ", ".join(map(str, known))
                errors.add((*path, key, i), "BASE_TYPE_CHOICES", f"Value must be one of ({choices}).")
    for i, v in enumerate(types or []):
        if v in (0, 1) and (v not in allowed or (guild and v != 0)):
            errors.add(
                (*path, "integration_types", i),
                "APPLICATION_COMMAND_INTEGRATION_TYPE_NOT_SUPPORTED",
                "Integration type is not supported by this application",
            )


def _command_problems(cmd: JSON, errors: FormErrors, path: Path, depth: int = 0) -> None:
    """What Discord refuses in a command being registered (``depth`` 0) or one of its options.

    Chat-input names (and their localizations) are 1-32 lowercase word characters or dashes; descriptions
    (and localizations) 1-100 characters; at most 25 options, subcommands or subcommand groups at each
    level; required options first; choices as in :func:`_choices_problems`, and not with autocomplete.
    """
    chat_input = cmd.get("type", 1) in (1, None) or depth > 0
    names = [(("name",), cmd.get("name", ""))]
    names += [(("name_localizations", k), v) for k, v in (cmd.get("name_localizations") or {}).items()]
    for where, name in names:
        if not chat_input:  # user and message commands: free text
            _check_length(errors, (*path, *where), name, 32, low=1)
        elif not _NAME_RX.match(name) or name != name.lower():
            errors.add((*path, *where), "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
    if chat_input:
        texts = [(("description",), cmd.get("description", ""))]
        texts += [
            (("description_localizations", k), v)
            for k, v in (cmd.get("description_localizations") or {}).items()
        ]
        for where, text in texts:
            _check_length(errors, (*path, *where), text, 100, low=1)
    options = cmd.get("options") or []
    _check_length(errors, (*path, "options"), options, 25)
    seen_optional = False
    for i, opt in enumerate(options):
        here = (*path, "options", i)
        if opt.get("type") in (1, 2):  # a subcommand or a group: a command of its own
            _command_problems(opt, errors, here, depth + 1)
            continue
        _command_problems({**opt, "options": []}, errors, here, depth + 1)
        if opt.get("required"):
            if seen_optional:
                errors.add(
                    (*here, "required"),
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                )
        else:
            seen_optional = True
        if "choices" in opt:
            _choices_problems(opt["choices"], errors, (*here, "choices"))
        if opt.get("choices") and opt.get("autocomplete"):
            errors.add(
                (*here, "autocomplete"),
                "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_CHOICES",
                "Autocomplete and choices cannot both be set",
            )


def _too_many_commands(commands: Sequence[JSON]) -> Answer | None:
    """At most 100 chat-input, 15 user and 15 message commands per scope: 400 / 30032 beyond."""
    counts = collections.Counter(int(c.get("type") or 1) for c in commands)
    for ctype, limit in COMMAND_LIMITS.items():
        if counts[ctype] > limit:
            return Answer(
                400, discord_error(30032, f"Maximum number of application commands reached ({limit})")
            )
    return None


def _choices_problems(choices: Any, errors: FormErrors, path: Path) -> None:
    """Autocomplete results and registered option choices: at most 25, names 1-100, string values <= 100."""
    if not isinstance(choices, list):
        _require(errors, path)
        return
    _check_length(errors, path, choices, 25)
    for i, c in enumerate(choices):
        _check_length(errors, (*path, i, "name"), str(c.get("name", "")), 100, low=1)
        if isinstance(c.get("value"), str):
            _check_length(errors, (*path, i, "value"), c["value"], 100)


# ------------------------------------------------------------------------------------------------------------
# Pointing discord.py at the fake; surfacing swallowed errors
# ------------------------------------------------------------------------------------------------------------

_active_base: str | None = None


@contextlib.contextmanager
def pointed_at(fake: FakeDiscord | str) -> Iterator[None]:
    """Set ``discord.http.Route.BASE`` (process-wide: every REST URL, webhooks included) and restore it."""
    global _active_base
    base = fake if isinstance(fake, str) else fake.base_url
    if _active_base is not None and _active_base != base:
        raise RuntimeError(f"discord.py already points at another fake ({_active_base}); one at a time")
    old, outer = discord.http.Route.BASE, _active_base is None
    discord.http.Route.BASE = base
    _active_base = base
    try:
        yield
    finally:
        if outer:
            discord.http.Route.BASE = old
            _active_base = None


class ErrorGuard(logging.Handler):
    """Collects ERROR records of the ``discord`` logger: what ``tree.on_error``/``View.on_error`` swallow."""

    def __init__(self, logger: str = "discord") -> None:
        super().__init__(logging.ERROR)
        self.logger = logging.getLogger(logger)
        self.records: list[logging.LogRecord] = []
        self._old_level: int | None = None

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def install(self) -> ErrorGuard:
        self.logger.addHandler(self)
        if self.logger.getEffectiveLevel() > logging.ERROR:
            self._old_level = self.logger.level
            self.logger.setLevel(logging.ERROR)
        return self

    def uninstall(self) -> None:
        self.logger.removeHandler(self)
        if self._old_level is not None:
            self.logger.setLevel(self._old_level)
            self._old_level = None

    def take(self, since: int = 0) -> list[logging.LogRecord]:
        """Remove and return the records collected after the first ``since``."""
        taken = self.records[since:]
        del self.records[since:]
        return taken

    def check(self) -> None:
        if self.records:
            records = self.take()
            raise AssertionError(f"discord logged {len(records)} error(s):\n{format_records(records)}")


def format_records(records: Sequence[logging.LogRecord]) -> str:
    parts = []
    for r in records:
        text = f"[{r.name}] {r.getMessage()}"
        if r.exc_info and r.exc_info[1] is not None:
            text += "\n" + "".join(traceback.format_exception(*r.exc_info)).rstrip()
        parts.append(text)
    return "\n".join(parts)


# ------------------------------------------------------------------------------------------------------------
# Interaction payload builders
# ------------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Opt:
    """An option value with an explicit Discord option type (3 str, 4 int, 5 bool, 6 user, 7 channel,
    8 role, 9 mentionable, 10 number, 11 attachment), when the command tree cannot tell."""

    type: int
    value: Any


@dataclass(frozen=True)
class Upload:
    """A file a user attaches to an attachment option; on the fake CDN, so ``attachment.read()`` works."""

    filename: str
    data: bytes
    content_type: str | None = None


UserLike: TypeAlias = FakeUser | str | int | None
ChannelLike: TypeAlias = FakeChannel | str | int | None
PermissionsLike: TypeAlias = discord.Permissions | int | None

TreeGetter: TypeAlias = Callable[[], app_commands.CommandTree[Any] | None]


class InteractionFactory:
    """Builds INTERACTION_CREATE payloads the way Discord would send them to this application.

    Option types come from the bot's command tree when it knows the command (so ``players=2`` is an integer
    option), else from the Python value. Every payload gets a fresh id and token unless ``interaction_id``
    repeats an earlier one (same token: a duplicate delivery).
    """

    def __init__(self, fake: FakeDiscord, tree: TreeGetter | None = None) -> None:
        self.fake = fake
        self.world = fake.world
        self._tree = tree or (lambda: None)

    # -- public builders -------------------------------------------------------------------------------------

    def slash(
        self,
        command: str,
        options: Mapping[str, Any] | None = None,
        *,
        user: UserLike = None,
        channel: ChannelLike = None,
        dm: bool = False,
        permissions: PermissionsLike = None,
        locale: str = "en-US",
        interaction_id: int | None = None,
        elsewhere: bool = False,
    ) -> JSON:
        """A slash command: ``slash("game order move", {"units": "FR-1", "path": "A>B"}, user="bob")``.
        ``elsewhere``: from the user's own install, in a DM with someone else or a server the bot is not in
        (refused here, as Discord would not offer it, unless the command is a user's install there)."""
        return self._command(
            APPLICATION_COMMAND,
            command,
            options or {},
            None,
            user=user,
            channel=channel,
            dm=dm,
            permissions=permissions,
            locale=locale,
            interaction_id=interaction_id,
            elsewhere=elsewhere,
        )

    def autocomplete(
        self,
        command: str,
        options: Mapping[str, Any] | None = None,
        *,
        focused: str,
        user: UserLike = None,
        channel: ChannelLike = None,
        dm: bool = False,
        permissions: PermissionsLike = None,
        locale: str = "en-US",
        interaction_id: int | None = None,
    ) -> JSON:
        """An autocomplete request (type 4); ``focused`` names the option being typed (value: the text)."""
        opts = dict(options or {})
        opts.setdefault(focused, "")
        return self._command(
            AUTOCOMPLETE,
            command,
            opts,
            focused,
            user=user,
            channel=channel,
            dm=dm,
            permissions=permissions,
            locale=locale,
            interaction_id=interaction_id,
        )

    def click(
        self,
        custom_id: str,
        *,
        message: JSON | int | None = None,
        user: UserLike = None,
        channel: ChannelLike = None,
        dm: bool | None = None,
        permissions: PermissionsLike = None,
        locale: str = "en-US",
        interaction_id: int | None = None,
    ) -> JSON:
        """A button press. Without ``message``, on the latest stored message carrying ``custom_id``."""
        return self.component(
            custom_id,
            2,
            message=message,
            user=user,
            channel=channel,
            dm=dm,
            permissions=permissions,
            locale=locale,
            interaction_id=interaction_id,
        )

    def select(
        self,
        custom_id: str,
        values: Sequence[str],
        *,
        component_type: int = 3,
        message: JSON | int | None = None,
        user: UserLike = None,
        channel: ChannelLike = None,
        dm: bool | None = None,
        permissions: PermissionsLike = None,
        locale: str = "en-US",
        interaction_id: int | None = None,
    ) -> JSON:
        """A select menu choice (string select by default; ``values`` as Discord sends them)."""
        return self.component(
            custom_id,
            component_type,
            values=values,
            message=message,
            user=user,
            channel=channel,
            dm=dm,
            permissions=permissions,
            locale=locale,
            interaction_id=interaction_id,
        )

    def component(
        self,
        custom_id: str,
        component_type: int,
        *,
        values: Sequence[str] | None = None,
        message: JSON | int | None = None,
        user: UserLike = None,
        channel: ChannelLike = None,
        dm: bool | None = None,
        permissions: PermissionsLike = None,
        locale: str = "en-US",
        interaction_id: int | None = None,
    ) -> JSON:
        msg = self._message_for(custom_id, component_type, message, channel, dm, user)
        ch = self.fake.channel(int(msg["channel_id"]))
        is_dm = bool(ch and ch["type"] == DM) if dm is None else dm
        if is_dm and user is None and ch is not None and ch["type"] == DM:
            user = int(ch["recipients"][0]["id"])
        data: JSON = {"custom_id": custom_id, "component_type": component_type}
        if values is not None:
            data["values"] = list(values)
        payload = self._base(
            MESSAGE_COMPONENT,
            data,
            user=user,
            channel=int(msg["channel_id"]),
            dm=is_dm,
            permissions=permissions,
            locale=locale,
            interaction_id=interaction_id,
        )
        payload["message"] = copy.deepcopy(msg)
        return payload

    def modal_submit(
        self,
        custom_id: str,
        fields: Mapping[str, str],
        *,
        message: JSON | int | None = None,
        user: UserLike = None,
        channel: ChannelLike = None,
        dm: bool = False,
        permissions: PermissionsLike = None,
        locale: str = "en-US",
        interaction_id: int | None = None,
    ) -> JSON:
        """A modal submit (type 5): ``fields`` maps each text input's custom_id to what the user typed."""
        data: JSON = {
            "custom_id": custom_id,
            "components": [
                {"type": 1, "components": [{"type": 4, "custom_id": k, "value": v}]}
                for k, v in fields.items()
            ],
        }
        payload = self._base(
            MODAL_SUBMIT,
            data,
            user=user,
            channel=channel,
            dm=dm,
            permissions=permissions,
            locale=locale,
            interaction_id=interaction_id,
        )
        if message is not None:
            msg = self.fake.message(message) if isinstance(message, int) else message
            payload["message"] = copy.deepcopy(msg)
        return payload

    @staticmethod
    def duplicate(payload: JSON) -> JSON:
        """The same interaction again (same id and token), as a gateway replay would deliver it."""
        return copy.deepcopy(payload)

    # -- lookups ---------------------------------------------------------------------------------------------

    def user(self, who: UserLike = None) -> FakeUser:
        if isinstance(who, FakeUser):
            return who
        if who is None:
            return self.world.users[0]
        if isinstance(who, str):
            return self.world.user(who)
        found = self.world.user_by_id(int(who))
        if found is None:
            raise KeyError(f"no user {who}")
        return found

    def channel(self, which: ChannelLike = None) -> JSON:
        """A channel payload: a FakeChannel, a name (guild channel or thread), an id, or None (the first
        text channel)."""
        if which is None:
            first = next(c for g in self.world.guilds for c in g.channels if c.type == GUILD_TEXT)
            which = first.id
        if isinstance(which, FakeChannel):
            which = which.id
        if isinstance(which, str):
            for c in self.fake.channels.values():
                if c.get("name") == which and c["type"] in THREAD_TYPES:
                    which = int(c["id"])
                    break
            else:
                which = self.world.channel(which).id
        ch = self.fake.channel(int(which))
        if ch is None:
            raise KeyError(f"unknown channel {which}")
        return ch

    # -- internals -------------------------------------------------------------------------------------------

    def _ids(self, interaction_id: int | None) -> tuple[int, str]:
        if interaction_id is not None:
            known = self.fake.known_token(interaction_id)
            return interaction_id, known or f"fake-token-{interaction_id}"
        iid = new_snowflake()
        return iid, f"fake-token-{iid}-aW50ZXJhY3Rpb246{iid % 9973}"

    def _base(
        self,
        itype: int,
        data: JSON,
        *,
        user: UserLike,
        channel: ChannelLike,
        dm: bool,
        permissions: PermissionsLike,
        locale: str,
        interaction_id: int | None,
        elsewhere: bool = False,
    ) -> JSON:
        who = self.user(user)
        iid, token = self._ids(interaction_id)
        w = self.world
        payload: JSON = {
            "id": str(iid),
            "application_id": str(w.application_id),
            "type": itype,
            "token": token,
            "version": 1,
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
            "locale": locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "data": data,
        }
        if elsewhere:  # a user's install, used where the bot is not: Discord tells only the channel's id
            self._check_usable(data, 2, 1)
            payload |= {
                "channel_id": str(new_snowflake()),
                "channel": {"id": str(new_snowflake()), "type": 1},
                "user": who.payload(),
                "context": 2,
                "authorizing_integration_owners": {"1": str(who.id)},
                "app_permissions": "0",
            }
            return payload
        if dm:
            cid = self.fake.dm_channel_id(who)
            ch = copy.deepcopy(self.fake.channels[cid])
            payload |= {
                "channel_id": str(cid),
                "channel": ch,
                "user": who.payload(),
                "context": 1,
                "authorizing_integration_owners": {"0": str(w.owner.id)},
                "app_permissions": str(BOT_PERMISSIONS.value),
            }
            return payload
        ch = copy.deepcopy(self.channel(channel))
        gid = int(ch["guild_id"])
        guild = w.guild_by_id(gid)
        assert guild is not None, f"channel {ch['id']} is in no known guild"
        perms = (
            guild.permissions_of(who.id)
            if permissions is None
            else (permissions.value if isinstance(permissions, discord.Permissions) else int(permissions))
        )
        member = w.member_payload(guild, who) | {"permissions": str(perms)}
        ch["permissions"] = str(perms)
        payload |= {
            "guild_id": str(gid),
            "guild": {"id": str(gid), "locale": guild.locale, "features": []},
            "guild_locale": guild.locale,
            "channel_id": ch["id"],
            "channel": ch,
            "member": member,
            "app_permissions": str(guild.permissions_of(w.bot.id)),
            "context": 0,
            "authorizing_integration_owners": {"0": str(gid)},
        }
        return payload

    def _message_for(
        self,
        custom_id: str,
        component_type: int,
        message: JSON | int | None,
        channel: ChannelLike,
        dm: bool | None,
        user: UserLike,
    ) -> JSON:
        if isinstance(message, dict):
            return message
        if message is not None:
            return self.fake.message(message)
        found = self.fake.find_message_with(custom_id)
        if found is not None:
            return found
        # Nothing carries it: a message as if posted long ago (e.g. by a previous version of the bot).
        cid = self.fake.dm_channel_id(self.user(user)) if dm else int(self.channel(channel)["id"])
        component: JSON = {"type": component_type, "custom_id": custom_id}
        if component_type == 2:
            component |= {"style": 1, "label": custom_id}
        elif component_type == 3:
            component["options"] = []
        return {
            "id": str(new_snowflake()),
            "channel_id": str(cid),
            "type": 0,
            "content": "",
            "author": self.world.bot.payload(),
            "timestamp": now_iso(),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "components": [{"type": 1, "components": [component]}],
            "pinned": False,
            "flags": 0,
        }

    def _find_command(self, names: list[str], guild_id: int | None) -> tuple[Any, int | None]:
        """(the discord.py command or group, the guild it is registered in or None if global)."""
        tree = self._tree()
        if tree is None:
            return None, None
        cmd: Any = None
        scope: int | None = None
        if guild_id is not None:
            cmd = tree.get_command(names[0], guild=discord.Object(guild_id))
            scope = guild_id if cmd is not None else None
        if cmd is None:
            cmd = tree.get_command(names[0])
        for name in names[1:]:
            if cmd is None or not isinstance(cmd, app_commands.Group):
                return None, scope
            cmd = cmd.get_command(name)
        return cmd, scope

    def _command(
        self,
        itype: int,
        command: str,
        options: Mapping[str, Any],
        focused: str | None,
        *,
        user: UserLike,
        channel: ChannelLike,
        dm: bool,
        permissions: PermissionsLike,
        locale: str,
        interaction_id: int | None,
        elsewhere: bool = False,
    ) -> JSON:
        names = command.split()
        guild_id = None if dm or elsewhere else int(self.channel(channel)["guild_id"])
        cmd, scope = self._find_command(names, guild_id)
        declared: dict[str, int] = {}
        if isinstance(cmd, app_commands.Command):
            declared = {p.display_name: p.type.value for p in cmd.parameters}
            unknown = set(options) - set(declared)
            if unknown:
                raise KeyError(f"/{command} has no option(s) {sorted(unknown)}; it has {sorted(declared)}")
        resolved: dict[str, dict[str, JSON]] = {}
        opts = [
            self._option(name, value, declared.get(name), guild_id, resolved, focused == name)
            for name, value in options.items()
        ]
        for depth, name in reversed(list(enumerate(names[1:], start=1))):
            kind = 1 if depth == len(names) - 1 else 2  # the last name is a subcommand, any before it a group
            opts = [{"name": name, "type": kind, "options": opts}]
        data: JSON = {
            "id": str(self.fake.command_id(names[0], scope)),
            "name": names[0],
            "type": 1,
            "options": opts,
        }
        if resolved:
            data["resolved"] = resolved
        if scope is not None:
            data["guild_id"] = str(scope)
        return self._base(
            itype,
            data,
            user=user,
            channel=channel,
            dm=dm,
            permissions=permissions,
            locale=locale,
            interaction_id=interaction_id,
            elsewhere=elsewhere,
        )

    def _check_usable(self, data: JSON, context: int, install: int) -> None:
        """Discord offers a command only where its contexts and installs say (unset: everywhere the app is
        installed, for a server's install alone)."""
        synced = {c["name"]: c for c in self.fake.commands.get(None, [])}
        cmd = synced.get(data["name"])
        if cmd is None:
            raise AssertionError(f"/{data['name']} is not a global command: Discord would not offer it here")
        if install not in (cmd.get("integration_types") or [0]) or context not in (
            cmd.get("contexts") or [0, 1, 2]
        ):
            raise AssertionError(f"Discord would not offer /{data['name']} in context {context}")

    def _option(
        self,
        name: str,
        value: Any,
        declared: int | None,
        guild_id: int | None,
        resolved: dict[str, dict[str, JSON]],
        focused: bool,
    ) -> JSON:
        if isinstance(value, Opt):
            otype, value = value.type, value.value
        else:
            otype = declared or _infer_type(value)
        if focused:  # while typing, Discord sends the raw text of the focused option
            return {"name": name, "type": otype, "value": str(value), "focused": True}
        out: Any
        if otype == 6 or (otype == 9 and not isinstance(value, FakeRole)):
            out = self._resolve_user(value, guild_id, resolved)
        elif otype == 7:
            ch = copy.deepcopy(self.channel(value))
            ch.setdefault("permissions", str(discord.Permissions.all().value))
            resolved.setdefault("channels", {})[ch["id"]] = ch
            out = ch["id"]
        elif otype in (8, 9):
            role = self._role(value, guild_id)
            resolved.setdefault("roles", {})[str(role.id)] = role.payload()
            out = str(role.id)
        elif otype == 11:
            up = value if isinstance(value, Upload) else Upload("upload.bin", bytes(value))
            att = self.fake.host_file(up.filename, up.data, up.content_type, ephemeral=True)
            resolved.setdefault("attachments", {})[att["id"]] = att
            out = att["id"]
        elif otype == 3:
            out = str(value)
        elif otype == 4:
            out = int(value)
        elif otype == 10:
            out = float(value)
        elif otype == 5:
            out = bool(value)
        else:
            raise ValueError(f"cannot build option {name!r} of type {otype}")
        return {"name": name, "type": otype, "value": out}

    def _resolve_user(self, value: Any, guild_id: int | None, resolved: dict[str, dict[str, JSON]]) -> str:
        user = self.user(value)
        resolved.setdefault("users", {})[str(user.id)] = user.payload()
        guild = self.world.guild_by_id(guild_id) if guild_id else None
        if guild is not None and user.id in guild.members:
            member = self.world.member_payload(guild, user, with_user=False)
            member["permissions"] = str(guild.permissions_of(user.id))
            resolved.setdefault("members", {})[str(user.id)] = member
        return str(user.id)

    def _role(self, value: Any, guild_id: int | None) -> FakeRole:
        if isinstance(value, FakeRole):
            return value
        guild = self.world.guild_by_id(guild_id) if guild_id else self.world.guild()
        assert guild is not None
        if isinstance(value, str) and not value.isdigit():
            return guild.role(value)
        return next(r for r in guild.roles if r.id == int(value))


def _infer_type(value: Any) -> int:
    if isinstance(value, bool):
        return 5
    if isinstance(value, int):
        return 4
    if isinstance(value, float):
        return 10
    if isinstance(value, FakeUser):
        return 6
    if isinstance(value, FakeChannel):
        return 7
    if isinstance(value, FakeRole):
        return 8
    if isinstance(value, (Upload, bytes)):
        return 11
    return 3


# ------------------------------------------------------------------------------------------------------------
# The running bot
# ------------------------------------------------------------------------------------------------------------


@dataclass
class Delivery:
    """What feeding one interaction produced."""

    payload: JSON
    fake: FakeDiscord
    calls: list[Call]  # every call recorded while it was handled (other concurrent work included)
    errors: list[logging.LogRecord]  # ERROR records logged meanwhile (only kept with expect_errors=True)

    @property
    def interaction_id(self) -> int:
        return int(self.payload["id"])

    @property
    def replies(self) -> list[Reply]:
        return self.fake.replies(self.interaction_id)

    @property
    def reply(self) -> Reply:
        """The initial response (callback); AssertionError if the bot never answered."""
        return self.fake.reply(self.interaction_id)

    @property
    def answered(self) -> bool:
        return any(r.kind == "callback" for r in self.replies)

    @property
    def said(self) -> Reply:
        """The answer the user reads: the callback, or, after a deferred one ("thinking", type 5: the bot's
        call ran past its ``DEFER_AFTER`` on a slow machine), the followup or edit that replaced it."""
        first = self.reply
        if first.type != 5:
            return first
        later = [r for r in self.replies if r.kind in ("followup", "edit_original")]
        assert later, f"interaction {self.interaction_id} was deferred and never answered"
        return later[0]


class BotHandle(InteractionFactory):
    """A logged-in, ready bot wired to a :class:`FakeDiscord`, plus payload builders and feeding."""

    def __init__(
        self,
        fake: FakeDiscord,
        factory: BotFactory | None,
        bot: commands.Bot,
        guard: ErrorGuard,
        *,
        token: str = "fake-token",
        fast_startup: bool = True,
        timeout: float = 5.0,
    ) -> None:
        super().__init__(fake, lambda: self.bot.tree)
        self.bot = bot
        self.guard = guard
        self.factory = factory
        self.token = token
        self.fast_startup = fast_startup
        self.timeout = timeout
        self.task_prefixes: tuple[str, ...] = TASK_PREFIXES
        self.fail_on_errors = True
        self.restarts = 0

    @property
    def tree(self) -> app_commands.CommandTree[Any]:
        return self.bot.tree

    async def start(self) -> None:
        """Log in for real, feed READY and one GUILD_CREATE per guild, and wait for ``on_ready``."""
        bot = self.bot
        conn: Any = bot._connection
        if self.fast_startup:
            conn.guild_ready_timeout = min(conn.guild_ready_timeout, 0.01)
            conn._chunk_guilds = False  # chunking needs a gateway: start-up would wait for member chunks
        self.fake.on_gateway_event = self._gateway_echo
        before = set(asyncio.all_tasks())
        await asyncio.wait_for(bot.login(self.token), self.timeout)  # GET /users/@me, app info, setup_hook
        w = self.world
        conn.parse_ready(
            {
                "v": 10,
                "user": w.bot.payload() | {"verified": True, "mfa_enabled": False},
                "guilds": [{"id": str(g.id), "unavailable": True} for g in w.guilds],
                "session_id": f"fake-session-{new_snowflake()}",
                "resume_gateway_url": "wss://gateway.invalid",
                "shard": [0, 1],
                "application": {"id": str(w.application_id), "flags": 0},
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "geo_ordered_rtc_regions": [],
                "user_settings": {},
                "session_type": "normal",
                "auth": {},
                "guild_join_requests": [],
            }
        )
        for g in w.guilds:
            conn.parse_guild_create(self.guild_create_payload(g))
        await asyncio.wait_for(bot.wait_until_ready(), self.timeout)
        await self._drain(before)

    def guild_create_payload(self, guild: FakeGuild) -> JSON:
        """GUILD_CREATE as Discord sends it: roles, channels, active threads, members (only the bot itself
        unless the members intent is on)."""
        w = self.world
        members_intent = self.bot.intents.members
        members = [
            w.member_payload(guild, u)
            for u in [w.bot, *w.users]
            if u.id in guild.members and (members_intent or u.id == w.bot.id)
        ]
        threads = []
        for t in self.fake.threads():
            if t.get("guild_id") == str(guild.id) and not t["thread_metadata"]["archived"]:
                item = copy.deepcopy(t)
                if w.bot.id not in self.fake.thread_members.get(int(t["id"]), set()):
                    item.pop("member", None)
                threads.append(item)
        channels = [self.fake.channel(c.id) or c.payload() for c in guild.channels]
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(guild.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 1,
            "explicit_content_filter": 0,
            "roles": [r.payload() for r in guild.roles],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "max_members": 500000,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": guild.locale,
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": "2024-01-01T00:00:00+00:00",
            "large": False,
            "unavailable": False,
            "member_count": len(guild.members),
            "voice_states": [],
            "members": members,
            "channels": copy.deepcopy(channels),
            "threads": threads,
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "lazy": True,
        }

    def _gateway_echo(self, event: str, data: JSON) -> None:
        conn: Any = self.bot._connection
        parser = getattr(conn, "parse_" + event.lower(), None)
        if parser is not None and self.bot.is_ready():
            parser(data)

    async def feed(
        self, payload: JSON, *, expect_errors: bool = False, timeout: float | None = None
    ) -> Delivery:
        """Deliver an INTERACTION_CREATE and wait until the work it started is done.

        Fails (AssertionError with the traceback) if discord.py logged an error meanwhile, unless
        ``expect_errors``, in which case at least one error must be logged; they are returned, not raised.
        """
        self.fake.register_interaction(payload)
        before = set(asyncio.all_tasks())
        n_calls, n_errors = len(self.fake.calls), len(self.guard.records)
        conn: Any = self.bot._connection
        conn.parse_interaction_create(copy.deepcopy(payload))
        await self._drain(before, timeout)
        errors = self.guard.take(n_errors)
        if errors and not expect_errors:
            raise AssertionError(
                f"discord logged {len(errors)} error(s) while handling interaction "
                f"{payload['id']}:\n{format_records(errors)}"
            )
        if expect_errors and not errors:
            raise AssertionError(f"expected discord to log an error for interaction {payload['id']}; none")
        return Delivery(payload, self.fake, self.fake.calls[n_calls:], errors)

    async def feed_concurrently(self, *payloads: JSON, timeout: float | None = None) -> list[Delivery]:
        """Deliver several interactions at once (``asyncio.gather`` of :meth:`feed`)."""
        return list(await asyncio.gather(*(self.feed(p, timeout=timeout) for p in payloads)))

    async def dispatch(self, event: str, data: JSON) -> None:
        """Feed any other gateway event (``dispatch("THREAD_UPDATE", {...})``) and wait for its handlers."""
        before = set(asyncio.all_tasks())
        conn: Any = self.bot._connection
        getattr(conn, "parse_" + event.lower())(data)
        await self._drain(before)

    async def drain(self, timeout: float | None = None) -> None:
        """Wait for every pending discord.py event/command/view task (whenever it started)."""
        await self._drain(set(), timeout)

    async def _drain(self, before: set[asyncio.Task[Any]], timeout: float | None = None) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + (self.timeout if timeout is None else timeout)
        me = asyncio.current_task()
        while True:
            pending = [
                t
                for t in asyncio.all_tasks()
                if t is not me
                and t not in before
                and not t.done()
                and t.get_name().startswith(self.task_prefixes)
            ]
            if not pending:
                return
            left = deadline - loop.time()
            if left <= 0:
                names = sorted(t.get_name() for t in pending)
                raise AssertionError(f"discord.py tasks still running after the timeout: {names}")
            await asyncio.wait(pending, timeout=left)

    async def restart(self, factory: BotFactory | None = None) -> commands.Bot:
        """Close the bot and start a new instance on the same fake (its messages, threads, commands kept)."""
        make = factory or self.factory
        if make is None:
            raise RuntimeError("restart needs a bot factory (pass one to running_bot or to restart)")
        await self.drain()
        await self.bot.close()
        self.bot = make()
        self.restarts += 1
        await self.start()
        return self.bot

    async def close(self) -> None:
        with contextlib.suppress(AssertionError):
            await self.drain(timeout=1.0)
        self.fake.on_gateway_event = None
        await self.bot.close()

    def allow_errors(self) -> None:
        """Opt out of failing at teardown on ERROR records (``feed`` still raises unless told otherwise)."""
        self.fail_on_errors = False

    def take_errors(self) -> list[logging.LogRecord]:
        return self.guard.take()


@contextlib.asynccontextmanager
async def running_bot(
    bot: commands.Bot | BotFactory,
    *,
    fake: FakeDiscord | None = None,
    world: World | None = None,
    token: str = "fake-token",
    fast_startup: bool = True,
    fail_on_errors: bool = True,
    timeout: float = 5.0,
) -> AsyncIterator[BotHandle]:
    """Start (or reuse) a fake, point discord.py at it, log the bot in, make it ready, and yield a handle.

    ``bot`` is a ``commands.Bot`` or a zero-argument factory (needed for :meth:`BotHandle.restart`). At exit
    the bot is closed, ``Route.BASE`` restored, and any ERROR logged by discord.py fails the test.
    """
    own_fake = fake is None or not fake.started
    fake = fake or FakeDiscord(world)
    if not fake.started:
        await fake.start()
    guard = ErrorGuard().install()
    handle: BotHandle | None = None
    try:
        with pointed_at(fake):
            factory = None if isinstance(bot, commands.Bot) else bot
            instance = bot if isinstance(bot, commands.Bot) else bot()
            handle = BotHandle(
                fake, factory, instance, guard, token=token, fast_startup=fast_startup, timeout=timeout
            )
            handle.fail_on_errors = fail_on_errors
            try:
                await handle.start()
                yield handle
            finally:
                await handle.close()
        if handle.fail_on_errors:
            guard.check()
    finally:
        guard.uninstall()
        if own_fake:
            await fake.close()


def bot_fixture(
    factory: BotFactory,
    *,
    world: Callable[[], World] | None = None,
    setup: Callable[[FakeDiscord], None] | None = None,
    name: str | None = None,
) -> Any:
    """A pytest fixture yielding a ready :class:`BotHandle` for ``factory``; assign it at module level::

        harness = bot_fixture(make_bot)

    ``world`` builds a custom :class:`World`; ``setup`` configures the fake before the bot starts.
    """

    @pytest_asyncio.fixture(name=name)
    async def _fixture() -> AsyncIterator[BotHandle]:
        fake = FakeDiscord(world() if world else None)
        if setup is not None:
            setup(fake)
        async with running_bot(factory, fake=fake) as handle:
            yield handle

    return _fixture


def make_test_bot(intents: discord.Intents | None = None, **kwargs: Any) -> commands.Bot:
    """A bare ``commands.Bot`` with the settings the harness expects (no prefix commands, no chunking)."""
    kwargs.setdefault("command_prefix", commands.when_mentioned)
    kwargs.setdefault("guild_ready_timeout", 0.01)
    kwargs.setdefault("chunk_guilds_at_startup", False)
    return commands.Bot(intents=intents or discord.Intents.default(), **kwargs)


__all__ = [
    "ATTACHMENT_SIZE_LIMIT",
    "CALLBACK_DEADLINE",
    "COMMAND_LIMITS",
    "EPHEMERAL",
    "IS_COMPONENTS_V2",
    "LOADING",
    "NONCE_WINDOW",
    "PIN_LIMIT",
    "TASK_PREFIXES",
    "TEST_PREFIX",
    "TOKEN_LIFETIME",
    "Answer",
    "BotHandle",
    "Call",
    "Delivery",
    "ErrorGuard",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeRole",
    "FakeUser",
    "FormErrors",
    "InteractionFactory",
    "Opt",
    "Reply",
    "Upload",
    "UploadedFile",
    "World",
    "bot_fixture",
    "component_custom_ids",
    "discord_error",
    "find_component",
    "format_records",
    "make_test_bot",
    "new_snowflake",
    "path_matches",
    "png_size",
    "pointed_at",
    "running_bot",
    "walk_components",
]
