"""What the application service asks a front end (Discord or the console) to send. No discord imports."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class Picture:
    """A PNG drawn on demand (rendering is the slow part: a front end that cannot show it never pays)."""

    filename: str
    draw: Callable[[], bytes]
    _png: bytes | None = None

    @property
    def png(self) -> bytes:
        if self._png is None:
            self._png = self.draw()
        return self._png


@dataclass
class Reply:
    """The answer to the person who acted. Ephemeral unless said otherwise."""

    text: str
    ephemeral: bool = True
    pictures: list[Picture] = field(default_factory=list)
    file: tuple[str, bytes] | None = None  # e.g. an exported script


@dataclass
class Post:
    """A message in a channel: the game channel or a spectator channel. Never carries secrets."""

    channel_id: int
    text: str
    pictures: list[Picture] = field(default_factory=list)
    mentions: tuple[int, ...] = ()


@dataclass
class DM:
    """A private message to one player: their own faces, prompts, summaries. If the player's DMs are closed,
    the front end says so in ``fallback_channel`` without the secret content (DESIGN)."""

    user_id: int
    text: str
    pictures: list[Picture] = field(default_factory=list)
    fallback_channel: int = 0
    game_id: int = 0
    role: str = ""
    deploy: tuple[str, ...] = ()  # battle towns where this player must deploy: the front end offers its UI


@dataclass
class Thread:
    """The allied players' private thread in a 3-player game (13.1): open only during deployment and
    Allied night turns, locked otherwise."""

    game_id: int
    channel_id: int
    open: bool
    members: tuple[int, ...]
    thread_id: int = 0  # 0 until the front end has created it


Message = Post | DM | Thread


@dataclass
class Result:
    reply: Reply
    outbox: list[Message] = field(default_factory=list)
