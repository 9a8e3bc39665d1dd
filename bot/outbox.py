"""What the application service asks a front end (Discord or the console) to send. No discord imports.

Posts, DMs and thread changes are written to the durable outbox in the same transaction as the change that
made them (``storage.Commit``), as plain JSON (``to_body`` / ``message_from``), and delivered from there by
``bot.delivery``: a failed interaction reply or a restart never drops them. A picture is a spec, not bytes:
which picture of which game at which order, drawn when it is sent, from the game as it was at that order.
"""

from __future__ import annotations

import hashlib
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


def slug(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return "".join(c if c.isalnum() else "-" for c in plain).strip("-").lower()


@dataclass(frozen=True)
class Picture:
    """A picture of game ``game_id`` as ``role`` saw it after order ``seq`` (0: at the start), its texts in
    ``locale``. ``kind``: ``map``, ``battle`` (of the battle at ``town``) or ``replay`` (the whole game)."""

    kind: str
    game_id: int
    seq: int
    role: str = "public"
    locale: str = "en"
    town: str = ""

    @property
    def filename(self) -> str:
        if self.kind == "replay":
            return f"replay-{self.locale}-{self.game_id}.gif"
        place = f"-{slug(self.town)}" if self.town else ""
        return f"{self.kind}-{self.game_id}-{self.seq}{place}-{self.locale}-{self.role}.png"

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "game": self.game_id,
            "seq": self.seq,
            "role": self.role,
            "locale": self.locale,
            "town": self.town,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Picture:
        return cls(
            d["kind"],
            int(d["game"]),
            int(d["seq"]),
            d.get("role", "public"),
            d.get("locale", "en"),
            d.get("town", ""),
        )


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
    handover: tuple[str, ...] = ()  # seats whose deadline passed: the front end adds the vote's buttons
    result: bool = (
        False  # the post of a game's end: drawn as a card, with the rematch button in the game's channel
    )

    kind = "post"

    @property
    def target(self) -> int:
        return self.channel_id

    def to_body(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "pictures": [p.to_dict() for p in self.pictures],
            "mentions": list(self.mentions),
            **({"handover": list(self.handover)} if self.handover else {}),
            **({"result": True} if self.result else {}),
        }


@dataclass
class DM:
    """A private message to one player: their own faces, prompts, summaries. If the player's DMs are closed,
    the front end says so in ``fallback_channel`` without the secret content, and hands the message over as
    an ephemeral reply at the player's next interaction."""

    user_id: int
    text: str
    pictures: list[Picture] = field(default_factory=list)
    fallback_channel: int = 0
    game_id: int = 0
    role: str = ""
    forms: tuple[str, ...] = ()  # places of the sealed choices it makes by a form: the front end draws them
    file: tuple[str, str] | None = None  # (name, text): e.g. the script of an aborted game
    picks: tuple[
        str, ...
    ] = ()  # orders to pick from a list (``Module.interactions``), as they stood when sent
    picks_key: str = ""  # the key of that list at that moment (``picks_key``), which a pick must still match

    kind = "dm"

    @property
    def target(self) -> int:
        return self.user_id

    def to_body(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "pictures": [p.to_dict() for p in self.pictures],
            "fallback_channel": self.fallback_channel,
            "game": self.game_id,
            "role": self.role,
            "forms": list(self.forms),
            "file": list(self.file) if self.file else None,
            **({"picks": list(self.picks), "picks_key": self.picks_key} if self.picks else {}),
        }


@dataclass
class Thread:
    """The private thread of the seats a game's module lets talk privately (``Module.private_talk``): open
    while they may, locked otherwise."""

    game_id: int
    channel_id: int
    open: bool
    members: tuple[int, ...]

    kind = "thread"

    @property
    def target(self) -> int:
        return self.channel_id

    def to_body(self) -> dict[str, Any]:
        return {"game": self.game_id, "open": self.open, "members": list(self.members)}


@dataclass
class Status:
    """The game channel's pinned status message: one message, edited in place after every
    change. Only the latest of several waiting is sent."""

    game_id: int
    channel_id: int
    text: str
    pictures: list[Picture] = field(default_factory=list)
    # the card the front end may draw instead of the text: the same text in parts (the turn, whose move,
    # the banks, the battles, the last events) and the boards of the open battles beside the map
    parts: list[str] = field(default_factory=list)
    boards: list[Picture] = field(default_factory=list)

    kind = "status"

    @property
    def target(self) -> int:
        return self.channel_id

    def to_body(self) -> dict[str, Any]:
        body: dict[str, Any] = {
            "game": self.game_id,
            "text": self.text,
            "pictures": [p.to_dict() for p in self.pictures],
        }
        if self.parts:
            body["parts"] = list(self.parts)
        if self.boards:
            body["boards"] = [p.to_dict() for p in self.boards]
        return body


@dataclass
class LeagueThread:
    """A thread (or forum post) of a league's games channel for one of its pairings, asked for once (its row
    in ``league_games`` says so, in the same transaction). ``name`` is that pairing's alone: a front end
    delivering it again after a crash finds the thread it opened by it rather than opening another."""

    league_id: int
    channel_id: int
    round: int
    index: int
    name: str
    text: str  # its first message: the pairing

    kind = "league_thread"

    @property
    def target(self) -> int:
        return self.channel_id

    def to_body(self) -> dict[str, Any]:
        return {
            "league": self.league_id,
            "round": self.round,
            "index": self.index,
            "name": self.name,
            "text": self.text,
        }


@dataclass
class Standings:
    """A league's standings, one message in its channel, pinned, edited in place. Only the latest of
    several waiting is sent."""

    league_id: int
    channel_id: int
    text: str

    kind = "standings"

    @property
    def target(self) -> int:
        return self.channel_id

    def to_body(self) -> dict[str, Any]:
        return {"league": self.league_id, "text": self.text}


Message = Post | DM | Thread | Status | LeagueThread | Standings


def picks_key(picks: Sequence[str], moment: int = 0) -> str:
    """A short key of a list of picks (``DM.picks``) at a ``moment`` of the game (``pick_moment``): a pick is
    out of date once the list is another, or the same texts again at another moment (``/build · /end`` of
    one year and of the next)."""
    return hashlib.sha1(f"{moment}\n".encode() + "\n".join(picks).encode()).hexdigest()[:10]


def pick_moment(log: Sequence[str], role: str) -> int:
    """Which of ``role``'s lists a list is: the orders the role has given so far (the game's log). Its list
    moves on with every order of its own, and stays while only others act (both sides play a card at once,
    3.1): what it picks from is the decision it was sent, never an earlier one that looks the same."""
    head = f"{role}:"
    return sum(1 for line in log if line.startswith(head))


def message_from(kind: str, target: int, body: dict[str, Any], game_id: int = 0) -> Message:
    """The message an outbox row holds (the inverse of ``to_body``)."""
    pictures = [Picture.from_dict(p) for p in body.get("pictures", [])]
    if kind == "post":
        return Post(
            target,
            body.get("text", ""),
            pictures,
            tuple(body.get("mentions", ())),
            tuple(body.get("handover", ())),
            bool(body.get("result", False)),
        )
    if kind == "dm":
        f = body.get("file")
        return DM(
            target,
            body.get("text", ""),
            pictures,
            int(body.get("fallback_channel") or 0),
            int(body.get("game") or game_id),
            body.get("role", ""),
            tuple(body.get("forms", body.get("deploy", ()))),  # a row stored before: "deploy"
            (f[0], f[1]) if f else None,
            tuple(body.get("picks", ())),
            str(body.get("picks_key", "")),
        )
    if kind == "thread":
        return Thread(
            int(body.get("game") or game_id), target, bool(body.get("open")), tuple(body.get("members", ()))
        )
    if kind == "status":
        return Status(
            int(body.get("game") or game_id),
            target,
            body.get("text", ""),
            pictures,
            [str(x) for x in body.get("parts", ())],
            [Picture.from_dict(p) for p in body.get("boards", ())],
        )
    if kind == "league_thread":
        return LeagueThread(
            int(body["league"]),
            target,
            int(body["round"]),
            int(body["index"]),
            str(body.get("name", "")),
            str(body.get("text", "")),
        )
    if kind == "standings":
        return Standings(int(body["league"]), target, str(body.get("text", "")))
    raise ValueError(f"unknown outbox kind {kind!r}")


@dataclass
class Result:
    """A call's reply, and the messages its change wrote to the outbox (already stored: the front end does
    not send them itself; ``bot.delivery`` does)."""

    reply: Reply
    outbox: list[Message] = field(default_factory=list)
