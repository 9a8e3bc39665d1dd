"""``/league``: new, join, leave, start, standings, drop. A league is a round robin among the players who join
(``bot.league``: each pairing played once with each player on each side, in two rounds); its games are
started in threads of a channel the host names, each a game like any other (``/game`` commands work in its
thread, every change to it goes through ``Games.change`` under its lock); its standings are one message in
the league's channel, pinned, edited when a game of it ends.

The service imports nothing of discord: opening a thread and posting or editing the pinned standings are the
front end's (``LeagueFront``, given by the Discord cog). A league's own rows change by statements whose WHERE
says what must still hold (``storage.leagues``), and within this process under the league's lock: two
``/league join`` at once both land, two ``/league start`` at once start it once.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Protocol

from engine import RuleError, modules

from ..i18n import CATALOGS, t
from ..league import ROUNDS, Line, Outcome, Pairing, forfeits_of, schedule, standings
from ..outbox import Post, Reply, Result
from ..storage import ChannelTaken
from ..storage.leagues import LeagueRow, LeagueStore
from .broadcast import reveal
from .common import Caller, Hub, ServiceError, shown
from .core import Change
from .lobby import Lobby, describe_options, read_options

log = logging.getLogger("estafette.service")
MODES = ("sequential", "concurrent")
MOST_PLAYERS = 12  # a round robin of 12 plays 132 games


class LeagueFront(Protocol):
    """What a league needs of the chat: a thread to start a game in, and the pinned standings."""

    async def open_thread(self, channel_id: int, name: str) -> int:
        """A new thread (or forum post) in ``channel_id``: its id."""

    async def show_standings(self, channel_id: int, message_id: int, text: str) -> int:
        """Edit the standings message ``message_id`` (0: post it and pin it): the message's id."""


class Leagues:
    def __init__(self, svc: Hub, lobby: Lobby) -> None:
        self.svc = svc
        self.lobby = lobby
        self.rows = LeagueStore(svc.store)
        self.front: LeagueFront | None = None
        self._locks: dict[int, asyncio.Lock] = {}
        self.games = svc.games
        self.games.on_commit.append(self._committed)

    def lock(self, league_id: int) -> asyncio.Lock:
        return self._locks.setdefault(league_id, asyncio.Lock())

    # --- the commands ------------------------------------------------------------------------------------
    async def new(
        self,
        caller: Caller,
        game: str | None,
        channel_id: int | None,
        mode: str = "sequential",
        options: str = "",
    ) -> Result:
        """``/league new``: a league of one game and its options in the caller's channel; its games in
        threads of ``channel_id`` (default: this channel)."""
        loc = caller.loc
        if mode not in MODES:
            raise ServiceError("svc.league_mode", value=shown(str(mode)), known=list(MODES))
        try:
            module = modules.get(game)
            opts = read_options(module, {}, options)
        except RuleError as e:
            raise ServiceError.of_rule(e) from None
        roles = list(module.roles(opts))
        if len(roles) != 2:  # a league pairs two players, one a side
            raise ServiceError("svc.league_two_seats", roles=roles)
        try:
            lid = await self.rows.create(
                caller.guild_id,
                caller.channel_id,
                channel_id or caller.channel_id,
                caller.user_id,
                module.id,
                {"text": options},
                mode,
                loc,
                self.svc.clock(),
            )
        except ChannelTaken:
            raise ServiceError("svc.league_channel_taken") from None
        title = CATALOGS[loc].get(f"title.{module.id}", module.title)
        text = t(
            "svc.league_new",
            loc,
            league=lid,
            title=title,
            options=describe_options(module, opts, loc),
            mode=t(f"svc.league_mode_{mode}", loc),
            channel=channel_id or caller.channel_id,
        )
        return Result(Reply(text, ephemeral=False))

    async def _here(self, caller: Caller) -> LeagueRow:
        row = await self.rows.in_channel(caller.channel_id)
        if row is None:
            raise ServiceError("svc.league_none")
        return row

    async def join(self, caller: Caller) -> Result:
        row = await self._here(caller)
        if row.status != "lobby":
            raise ServiceError("svc.league_started")
        async with self.lock(row.id):
            if len(await self.rows.members(row.id)) >= MOST_PLAYERS:
                raise ServiceError("svc.league_full", most=MOST_PLAYERS)
            if not await self.rows.join(row.id, caller.user_id, self.svc.clock()):
                now = await self.rows.get(row.id)
                if now is not None and now.status != "lobby":
                    raise ServiceError("svc.league_started")
                raise ServiceError("svc.league_joined_already")
            n = len(await self.rows.members(row.id))
        return Result(Reply(t("svc.league_joined", caller.loc, user=caller.user_id, n=n), ephemeral=False))

    async def leave(self, caller: Caller) -> Result:
        row = await self._here(caller)
        if row.status != "lobby":
            raise ServiceError("svc.league_started_drop")
        if not await self.rows.leave(row.id, caller.user_id):
            raise ServiceError("svc.league_not_member")
        return Result(Reply(t("svc.league_left", caller.loc, user=caller.user_id), ephemeral=False))

    async def start(self, caller: Caller) -> Result:
        """``/league start`` (the host, or Manage Server): the pairings drawn, the first games started."""
        row = await self._here(caller)
        if caller.user_id != row.host_id and not caller.manager:
            raise ServiceError("svc.need_admin", host=row.host_id, what="start")
        if row.status != "lobby":
            raise ServiceError("svc.league_started")
        if self.front is None:
            raise ServiceError("svc.league_no_threads")
        async with self.lock(row.id):
            players = [u for u, _gone in await self.rows.members(row.id)]
            if len(players) < 2:
                raise ServiceError("svc.league_too_few", n=len(players))
            if not await self.rows.start(row.id, schedule(players)):
                raise ServiceError("svc.league_started")
        await self.sync(row.id)
        n = len(players) * (len(players) - 1)
        said = " ".join(f"<@{u}>" for u in players)
        return Result(Reply(t("svc.league_begins", caller.loc, players=said, games=n), ephemeral=False))

    async def show(self, caller: Caller) -> Result:
        """``/league standings``: the table, as it stands (and the pinned one brought up to date)."""
        row = await self._here(caller)
        if row.status != "lobby":
            await self.sync(row.id)
        return Result(Reply(await self.table(row.id, caller.loc)))

    async def drop(self, caller: Caller, user_id: int | None = None) -> Result:
        """``/league drop``: the caller drops out (the host may drop another): each of their remaining games
        is lost, by ``Change.forfeit`` where it is being played, recorded as forfeited where not begun."""
        row = await self._here(caller)
        who = user_id or caller.user_id
        if who != caller.user_id and caller.user_id != row.host_id and not caller.manager:
            raise ServiceError("svc.need_admin", host=row.host_id, what="drop_player")
        if row.status == "lobby":
            if not await self.rows.leave(row.id, who):
                raise ServiceError("svc.league_not_member")
            return Result(Reply(t("svc.league_left", caller.loc, user=who), ephemeral=False))
        if row.status != "running":
            raise ServiceError("svc.league_over")
        if who not in [u for u, _ in await self.rows.members(row.id)]:
            raise ServiceError("svc.league_not_member")
        if not await self.rows.drop(row.id, who, self.svc.clock()):
            raise ServiceError("svc.league_dropped_already")
        lost = 0
        async with self.lock(row.id):  # no game of theirs starts meanwhile
            for g in await self.rows.games(row.id):
                if g.winner is not None or who not in g.pairing.players():
                    continue
                (outcome,) = forfeits_of(who, [g.pairing])
                if g.game_id is not None:
                    if await self.rows.game_result(g.game_id) is not None:
                        continue  # it ended before the drop: its own result counts (``sync``)
                    await self._forfeit_game(g.game_id, who, row.locale)
                await self.rows.decide(row.id, g.pairing, outcome.winner, True)
                lost += 1
        await self.sync(row.id)
        return Result(Reply(t("svc.league_dropped", caller.loc, user=who, n=lost), ephemeral=False))

    async def _forfeit_game(self, game_id: int, user: int, loc: str) -> None:
        """End a league game being played, lost by ``user``'s side (it counts in the ratings)."""

        async def fn(ch: Change) -> None:
            if ch.row.status != "running":
                return
            roles = [r for r, (u, _bot) in ch.row.seats.items() if u == user]
            ch.forfeit(roles)
            ch.settings().due_at = None
            text = t("svc.league_forfeit", loc, user=user, roles=roles) + reveal(ch, loc)
            ch.send(Post(ch.row.channel_id, text))

        await self.games.change(game_id, fn)

    # --- keeping it going ----------------------------------------------------------------------------------
    def _committed(self, game_id: int) -> None:
        """After every change: a game that just ended may be a league's (its result, the next round)."""
        live = self.games.cache.get(game_id)
        if live is None or live.row.status != "over":
            return
        self.svc.background(self._ended(game_id), f"league-game-{game_id}")

    async def _ended(self, game_id: int) -> None:
        lid = await self.rows.of_game(game_id)
        if lid is not None:
            await self.sync(lid)

    async def catch_up(self) -> None:
        """At start-up: every league being played brought up to date (its games that ended while the bot
        was down, the round that could begin meanwhile)."""
        for lid in await self.rows.running():
            try:
                await self.sync(lid)
            except Exception:  # one league that cannot be read must not stop the others
                log.exception("league %s: it could not be brought up to date", lid)

    async def sync(self, league_id: int) -> None:
        """Bring a league up to date: the results of its finished games, the next round's games once the
        last one's are all over (sequential; concurrent: every game at once), the end, the pinned table."""
        async with self.lock(league_id):
            row = await self.rows.get(league_id)
            if row is None or row.status == "lobby":
                return
            games = await self.rows.games(league_id)
            for g in games:
                if g.winner is None and g.game_id is not None:
                    got = await self.rows.game_result(g.game_id)
                    if got is not None:
                        g.winner, g.forfeit = self._winner(row, got)
                        await self.rows.decide(league_id, g.pairing, g.winner, g.forfeit)
            if row.status == "running":
                rnd = row.round
                while rnd < ROUNDS and all(g.winner is not None for g in games if g.pairing.round <= rnd):
                    await self.rows.advance(league_id, rnd)
                    rnd += 1
                now = rnd if row.mode == "sequential" else ROUNDS
                gone = {u for u, dropped in await self.rows.members(league_id) if dropped}
                for g in games:
                    if g.pairing.round <= now and g.game_id is None and g.winner is None:
                        if gone & set(g.pairing.players()):  # a player who dropped out: not started
                            continue
                        try:
                            g.game_id = await self._start_game(row, g.pairing)
                        except Exception:  # the others still start; the next sync tries it again
                            log.exception("league %s: a game could not be started", league_id)
                if all(g.winner is not None for g in games) and await self.rows.finish(league_id):
                    row.status = "over"
            await self._pin(league_id)

    def _winner(self, row: LeagueRow, got: tuple[list[tuple[int, list[str]]], str]) -> tuple[str, bool]:
        """first | second | draw from the game's places (no result said: a draw)."""
        placings, how = got
        roles = self._roles(row)
        place = {r: p for p, rs in placings for r in rs}
        a, b = place.get(roles[0]), place.get(roles[1])
        if a is None or b is None or a == b:
            return "draw", False
        return ("first" if a < b else "second"), how == "forfeit"

    @staticmethod
    def _roles(row: LeagueRow) -> list[str]:
        module = modules.get(row.module)
        return list(module.roles(read_options(module, {}, str(row.options.get("text", "")))))

    async def _start_game(self, row: LeagueRow, p: Pairing) -> int | None:
        """A pairing's game: a thread in the league's games channel, a game in it with the two players
        seated (``first`` the first side) and started, as ``/game new``, ``/game join`` and ``/game start``
        by the host would."""
        if self.front is None:  # no chat to open a thread in yet: the next sync starts it
            return None
        loc = row.locale
        name = t("svc.league_thread", loc, league=row.id, round=p.round, game=p.index + 1)
        try:
            thread = await self.front.open_thread(row.games_channel, name)
        except Exception:
            log.exception("league %s: a thread could not be opened", row.id)
            return None
        host = Caller(row.host_id, thread, row.guild_id, locale=loc)
        await self.lobby.new_game(host, str(row.options.get("text", "")), game=row.module)
        live = await self.games.read_channel(thread)
        roles = self._roles(row)

        async def seat(ch: Change) -> None:
            ch.seat(roles[0], p.first)
            ch.seat(roles[1], p.second)
            intro = t(
                "svc.league_game",
                loc,
                league=row.id,
                round=p.round,
                first=p.first,
                first_role=roles[0],
                second=p.second,
                second_role=roles[1],
            )
            ch.send(Post(thread, intro))

        await self.games.change(live.id, seat)
        await self.lobby.start(host)
        await self.rows.set_game(row.id, p, live.id)
        return int(live.id)

    # --- the table -----------------------------------------------------------------------------------------
    async def lines(self, league_id: int) -> list[Line]:
        members = await self.rows.members(league_id)
        outcomes: list[Outcome] = [o for g in await self.rows.games(league_id) if (o := g.outcome)]
        return standings([u for u, _ in members], outcomes, [u for u, gone in members if gone])

    async def table(self, league_id: int, loc: str) -> str:
        row = await self.rows.get(league_id)
        assert row is not None
        games = await self.rows.games(league_id)
        members = await self.rows.members(league_id)
        module = modules.get(row.module)
        title = CATALOGS[loc].get(f"title.{module.id}", module.title)
        done = sum(1 for g in games if g.winner is not None)
        head = t(
            "svc.league_table_" + row.status,
            loc,
            league=row.id,
            title=title,
            round=row.round,
            rounds=ROUNDS,
            done=done,
            games=len(games),
            n=len(members),
        )
        out = [head]
        if row.status == "lobby":
            out += [f"- <@{u}>" for u, _ in members]
            return "\n".join(out)
        for i, line in enumerate(await self.lines(league_id), 1):
            text = t(
                "svc.league_table_line",
                loc,
                i=i,
                user=line.player,
                points=line.points,
                played=line.played,
                wins=line.wins,
                draws=line.draws,
                losses=line.losses,
                sb=f"{line.sb:.1f}",
            )
            out.append(text + (" " + t("svc.league_table_dropped", loc) if line.dropped else ""))
        out.append(t("svc.league_table_foot", loc))
        return "\n".join(out)

    async def _pin(self, league_id: int) -> None:
        """The pinned standings in the league's channel, posted once and edited after."""
        row = await self.rows.get(league_id)
        if row is None or self.front is None:
            return
        text = await self.table(league_id, row.locale)
        try:
            mid = await self.front.show_standings(row.channel_id, row.standings_message, text)
        except Exception:
            log.exception("league %s: its standings could not be shown", league_id)
            return
        if mid != row.standings_message:
            await self.rows.set_standings_message(league_id, mid)
