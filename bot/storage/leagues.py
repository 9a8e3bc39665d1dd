"""Leagues as stored (schema 12; PostgreSQL's 8): the league, its players, and its pairings with the game
started for each and its result. Each write is one statement or one transaction whose WHERE says what must
still hold (a league still open to join, a pairing not yet started or decided), so that two calls at once,
from one process or two, do a thing once."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..league import Outcome, Pairing
from ..outbox import LeagueThread, Standings
from .base import ChannelTaken, Row, StoreBase


@dataclass
class LeagueRow:
    id: int
    guild_id: int
    channel_id: int
    games_channel: int
    host_id: int
    module: str
    options: dict[str, Any]
    mode: str  # sequential | concurrent
    status: str  # lobby | running | over
    round: int
    standings_message: int
    locale: str


@dataclass
class LeagueGame:
    pairing: Pairing
    game_id: int | None
    winner: str | None  # first | second | draw
    forfeit: bool
    thread_id: int | None = None  # the thread (or forum post) its game is played in, once opened
    asked: bool = False  # its thread was asked for (through the outbox)

    @property
    def outcome(self) -> Outcome | None:
        return None if self.winner is None else Outcome(self.pairing, self.winner, self.forfeit)


def _league(r: Row) -> LeagueRow:
    return LeagueRow(
        int(r["id"]),
        int(r["guild_id"]),
        int(r["channel_id"]),
        int(r["games_channel"]),
        int(r["host_id"]),
        str(r["module"]),
        json.loads(r["options"]),
        str(r["mode"]),
        str(r["status"]),
        int(r["round"]),
        int(r["standings_message"]),
        str(r["locale"]),
    )


COLUMNS = (
    "id, guild_id, channel_id, games_channel, host_id, module, options, mode, status, round,"
    " standings_message, locale"
)


class LeagueStore:
    """The leagues' rows, over a store's connection."""

    def __init__(self, store: StoreBase) -> None:
        self.store = store

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        games_channel: int,
        host_id: int,
        module: str,
        options: dict[str, Any],
        mode: str,
        locale: str,
        now: float,
    ) -> int:
        """A new league in the lobby; ChannelTaken if the channel has an open one (its unique index)."""
        try:
            async with self.store._tx() as tx:
                r = await tx.fetchone(
                    "INSERT INTO leagues (guild_id, channel_id, games_channel, host_id, module, options,"
                    " mode, status, locale, created) VALUES (?, ?, ?, ?, ?, ?, ?, 'lobby', ?, ?)"
                    " RETURNING id",
                    (
                        guild_id,
                        channel_id,
                        games_channel,
                        host_id,
                        module,
                        json.dumps(options),
                        mode,
                        locale,
                        float(now),
                    ),
                )
        except self.store.integrity_errors:
            raise ChannelTaken(channel_id) from None
        assert r is not None
        return int(r["id"])

    async def get(self, league_id: int) -> LeagueRow | None:
        r = await self.store._one(f"SELECT {COLUMNS} FROM leagues WHERE id=?", (league_id,))
        return _league(r) if r else None

    async def in_channel(self, channel_id: int) -> LeagueRow | None:
        """The channel's open league, else its latest."""
        r = await self.store._one(
            f"SELECT {COLUMNS} FROM leagues WHERE channel_id=? ORDER BY status='over', id DESC LIMIT 1",
            (channel_id,),
        )
        return _league(r) if r else None

    async def running(self) -> list[int]:
        """The leagues being played."""
        return [int(r["id"]) for r in await self.store._all("SELECT id FROM leagues WHERE status='running'")]

    async def of_game(self, game_id: int) -> int | None:
        r = await self.store._one("SELECT league_id FROM league_games WHERE game_id=?", (game_id,))
        return int(r["league_id"]) if r else None

    async def join(self, league_id: int, user_id: int, now: float) -> bool:
        """Add a player while the league is in its lobby (one statement). Whether they were added."""
        async with self.store._tx() as tx:
            n = await tx.execute(
                "INSERT INTO league_members (league_id, user_id, joined) SELECT CAST(? AS BIGINT),"
                " CAST(? AS BIGINT), CAST(? AS DOUBLE PRECISION) WHERE EXISTS (SELECT 1 FROM leagues"
                " WHERE id=? AND status='lobby') ON CONFLICT (league_id, user_id) DO NOTHING",
                (league_id, user_id, float(now), league_id),
            )
        return n == 1

    async def members(self, league_id: int) -> list[tuple[int, bool]]:
        """The players in the order they joined, and whether each dropped out."""
        rows = await self.store._all(
            "SELECT user_id, dropped FROM league_members WHERE league_id=? ORDER BY joined, user_id",
            (league_id,),
        )
        return [(int(r["user_id"]), r["dropped"] is not None) for r in rows]

    async def start(self, league_id: int, pairings: Sequence[Pairing]) -> bool:
        """From the lobby to round 1 with its pairings, all or nothing; False if it had started already."""
        async with self.store._tx() as tx:
            n = await tx.execute(
                "UPDATE leagues SET status='running', round=1 WHERE id=? AND status='lobby'", (league_id,)
            )
            if n != 1:
                return False
            for p in pairings:
                await tx.execute(
                    "INSERT INTO league_games (league_id, round, idx, first_id, second_id)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (league_id, p.round, p.index, p.first, p.second),
                )
        return True

    async def games(self, league_id: int) -> list[LeagueGame]:
        rows = await self.store._all(
            "SELECT round, idx, first_id, second_id, game_id, winner, forfeit, thread_id, asked"
            " FROM league_games"
            " WHERE league_id=? ORDER BY round, idx",
            (league_id,),
        )
        return [
            LeagueGame(
                Pairing(int(r["round"]), int(r["idx"]), int(r["first_id"]), int(r["second_id"])),
                None if r["game_id"] is None else int(r["game_id"]),
                None if r["winner"] is None else str(r["winner"]),
                bool(r["forfeit"]),
                None if r["thread_id"] is None else int(r["thread_id"]),
                r["asked"] is not None,
            )
            for r in rows
        ]

    async def ask_thread(self, p: Pairing, thread: LeagueThread, now: float) -> bool:
        """Ask the front end for a pairing's thread: its outbox item written in the same transaction as the
        mark that it was asked for, once (a pairing asked already, started or decided is left): two
        processes at the same instant write one item. Whether this call wrote it."""
        async with self.store._tx() as tx:
            n = await tx.execute(
                "UPDATE league_games SET asked=? WHERE league_id=? AND round=? AND idx=? AND asked IS NULL"
                " AND game_id IS NULL AND winner IS NULL",
                (float(now), thread.league_id, p.round, p.index),
            )
            if n != 1:
                return False
            await tx.execute(
                "INSERT INTO outbox (game_id, rev, kind, target, body, created) VALUES (0, 0, ?, ?, ?, ?)",
                (thread.kind, thread.target, json.dumps(thread.to_body()), float(now)),
            )
        return True

    async def set_thread(self, league_id: int, round_: int, index: int, thread_id: int) -> int | None:
        """The thread a pairing's game is played in, set once; the one it has (None: no such pairing)."""
        async with self.store._tx() as tx:
            await tx.execute(
                "UPDATE league_games SET thread_id=? WHERE league_id=? AND round=? AND idx=?"
                " AND thread_id IS NULL",
                (thread_id, league_id, round_, index),
            )
            r = await tx.fetchone(
                "SELECT thread_id FROM league_games WHERE league_id=? AND round=? AND idx=?",
                (league_id, round_, index),
            )
        return None if r is None or r["thread_id"] is None else int(r["thread_id"])

    async def ask_standings(self, standings: Standings, now: float) -> bool:
        """Ask the front end to show the standings, unless they were last asked for as they stand: the
        text kept and the outbox item written in one transaction. Whether this call wrote it."""
        async with self.store._tx() as tx:
            n = await tx.execute(
                "UPDATE leagues SET standings_text=? WHERE id=? AND (standings_text IS NULL"
                " OR standings_text<>?)",
                (standings.text, standings.league_id, standings.text),
            )
            if n != 1:
                return False
            await tx.execute(
                "INSERT INTO outbox (game_id, rev, kind, target, body, created) VALUES (0, 0, ?, ?, ?, ?)",
                (standings.kind, standings.target, json.dumps(standings.to_body()), float(now)),
            )
        return True

    async def set_game(self, league_id: int, p: Pairing, game_id: int) -> bool:
        """The game started for a pairing, unless one was already (or it was decided)."""
        async with self.store._tx() as tx:
            n = await tx.execute(
                "UPDATE league_games SET game_id=? WHERE league_id=? AND round=? AND idx=?"
                " AND game_id IS NULL AND winner IS NULL",
                (game_id, league_id, p.round, p.index),
            )
        return n == 1

    async def decide(self, league_id: int, p: Pairing, winner: str, forfeit: bool) -> bool:
        """A pairing's result, unless it has one."""
        async with self.store._tx() as tx:
            n = await tx.execute(
                "UPDATE league_games SET winner=?, forfeit=? WHERE league_id=? AND round=? AND idx=?"
                " AND winner IS NULL",
                (winner, int(forfeit), league_id, p.round, p.index),
            )
        return n == 1

    async def drop(self, league_id: int, user_id: int, now: float) -> bool:
        async with self.store._tx() as tx:
            n = await tx.execute(
                "UPDATE league_members SET dropped=? WHERE league_id=? AND user_id=? AND dropped IS NULL",
                (float(now), league_id, user_id),
            )
        return n == 1

    async def leave(self, league_id: int, user_id: int) -> bool:
        """Leave a league still in its lobby."""
        async with self.store._tx() as tx:
            n = await tx.execute(
                "DELETE FROM league_members WHERE league_id=? AND user_id=? AND EXISTS"
                " (SELECT 1 FROM leagues WHERE id=? AND status='lobby')",
                (league_id, user_id, league_id),
            )
        return n == 1

    async def advance(self, league_id: int, round_: int) -> bool:
        """From round ``round_`` to the next, once (two game ends at once advance it once)."""
        async with self.store._tx() as tx:
            n = await tx.execute(
                "UPDATE leagues SET round=? WHERE id=? AND round=? AND status='running'",
                (round_ + 1, league_id, round_),
            )
        return n == 1

    async def finish(self, league_id: int) -> bool:
        async with self.store._tx() as tx:
            n = await tx.execute(
                "UPDATE leagues SET status='over' WHERE id=? AND status='running'", (league_id,)
            )
        return n == 1

    async def set_standings_message(self, league_id: int, message_id: int) -> None:
        async with self.store._tx() as tx:
            await tx.execute("UPDATE leagues SET standings_message=? WHERE id=?", (message_id, league_id))

    async def game_result(self, game_id: int) -> tuple[list[tuple[int, list[str]]], str] | None:
        """A finished game's places (``results``) and how it ended (end | forfeit); None: not finished."""
        r = await self.store._one("SELECT placings, how FROM results WHERE game_id=?", (game_id,))
        if r is None:
            return None
        return [(int(p), [str(x) for x in rs]) for p, rs in json.loads(r["placings"])], str(r["how"])
