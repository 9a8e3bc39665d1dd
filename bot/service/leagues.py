"""``/league``: new, join, leave, start, standings, drop. A league is a round robin among the players who join
(``bot.league``: each pairing played once with each player on each side, in two rounds); its games are
started in threads of a channel the host names, each a game like any other (``/game`` commands work in its
thread, every change to it goes through ``Games.change`` under its lock); its standings are one message in
the league's channel, pinned, edited when a game of it ends.

The service imports nothing of discord. What a league asks of the chat — a thread (or forum post) for each
game, the standings pinned in its channel — goes through the outbox like every other message: each written
in the transaction that decides it (a pairing's thread asked for once, ``LeagueStore.ask_thread``; the
standings when they change), delivered by the front end, which then reports the thread it opened
(``thread_opened``) or the message it pinned (``standings_shown``). A league's rows change by statements whose
WHERE says what must still hold (``storage.leagues``), under the league's lock: this process's and a claim
in the database with a lease (``locked``), so that two processes never change one league at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
import uuid
from collections.abc import AsyncIterator, Callable

from engine import RuleError, modules

from ..i18n import CATALOGS, t
from ..league import ROUNDS, Line, Outcome, Pairing, forfeits_of, schedule, standings
from ..outbox import LeagueThread, Post, Reply, Result, Standings
from ..storage import ChannelTaken
from ..storage.leagues import LeagueGame, LeagueRow, LeagueStore
from .broadcast import reveal
from .common import Caller, Hub, ServiceError, shown
from .core import Change
from .lobby import Lobby, describe_options, read_options

log = logging.getLogger("estafette.service")
MODES = ("sequential", "concurrent")
MOST_PLAYERS = 12  # a round robin of 12 plays 132 games


LOCK_LEASE = 120.0  # seconds a process holds a league's claim: one that dies holding it loses it then
LOCK_POLL = (0.02, 0.5)  # seconds between two tries of a claim another process holds: first, most


class Leagues:
    def __init__(self, svc: Hub, lobby: Lobby) -> None:
        self.svc = svc
        self.lobby = lobby
        self.rows = LeagueStore(svc.store)
        self._locks: dict[int, asyncio.Lock] = {}
        self.owner = f"league-{os.getpid()}-{uuid.uuid4().hex[:8]}"  # this service's claims
        self.wake: list[Callable[[], None]] = []  # the outbox senders: something new to deliver
        self.games = svc.games
        self.games.on_commit.append(self._committed)

    def lock(self, league_id: int) -> asyncio.Lock:
        return self._locks.setdefault(league_id, asyncio.Lock())

    @contextlib.asynccontextmanager
    async def locked(self, league_id: int) -> AsyncIterator[None]:
        """The league's lock: this process's, then its claim in the database (``outbox_claims``,
        ``league:N``, a lease of ``LOCK_LEASE``), waited for while another process holds it. Every change to
        a league's rows that reads before it writes is made under it; the claim is renewed while held."""
        store = self.svc.store
        key = f"league:{league_id}"
        async with self.lock(league_id):
            pause = LOCK_POLL[0]
            while not await store.claim(key, self.owner, time.time() + LOCK_LEASE, time.time()):
                await asyncio.sleep(pause)
                pause = min(pause * 2, LOCK_POLL[1])
            renew = asyncio.create_task(self._renew(key), name=f"estafette-league-claim-{league_id}")
            try:
                yield
            finally:
                renew.cancel()
                await asyncio.gather(renew, return_exceptions=True)
                await store.release(key, self.owner)

    async def _renew(self, key: str) -> None:
        """Keep a claim held while its holder works (a long sync must not lose it to another process)."""
        while True:
            await asyncio.sleep(LOCK_LEASE / 3)
            try:
                await self.svc.store.claim(key, self.owner, time.time() + LOCK_LEASE, time.time())
            except Exception:  # the database failed: the next try, or the lease, settles it
                log.warning("the claim %s could not be renewed", key, exc_info=True)

    def _wake(self) -> None:
        for kick in self.wake:
            kick()

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
        async with self.locked(row.id):
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
        async with self.locked(row.id):
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
        lost = 0
        async with self.locked(row.id):  # no game of theirs starts meanwhile, in any process
            if not await self.rows.drop(row.id, who, self.svc.clock()):
                raise ServiceError("svc.league_dropped_already")
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
        last one's are all over (sequential; concurrent: every game at once), the end, the pinned table. A
        game to begin has its thread asked for through the outbox, once; once the front end has opened it
        (``thread_opened``), its game is made and started there."""
        async with self.locked(league_id):
            row = await self.rows.get(league_id)
            if row is None or row.status == "lobby":
                return
            games = await self.rows.games(league_id)
            for g in games:
                if g.winner is None and g.game_id is not None:
                    got = await self.rows.game_result(g.game_id)
                    if got is not None:
                        g.winner, g.forfeit = self._winner(row, got, g.game_id)
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
                            await self._begin(row, g)
                        except Exception:  # the others still begin; the next sync tries it again
                            log.exception("league %s: a game could not be started", league_id)
                if all(g.winner is not None for g in games) and await self.rows.finish(league_id):
                    row.status = "over"
            await self._pin(league_id)
        self._wake()

    async def _begin(self, row: LeagueRow, g: LeagueGame) -> None:
        """A pairing's next step: its thread asked for (once), or, in the thread the front end opened, its
        game made and started."""
        p = g.pairing
        if g.thread_id is None:
            if not g.asked:
                loc = row.locale
                name = t("svc.league_thread", loc, league=row.id, round=p.round, game=p.index + 1)
                ask = LeagueThread(row.id, row.games_channel, p.round, p.index, name, name)
                await self.rows.ask_thread(p, ask, time.time())
            return
        g.game_id = await self._start_game(row, p, g.thread_id)

    async def thread_opened(self, thread: LeagueThread, thread_id: int) -> None:
        """The front end opened (or found again) the thread of a pairing: kept, and its game started there.
        Raises if it cannot be kept: the outbox item stays and is delivered again (the same thread found)."""
        kept = await self.rows.set_thread(thread.league_id, thread.round, thread.index, thread_id)
        if kept is not None and kept != thread_id:
            log.warning(
                "league %s: round %s game %s has thread %s already, not %s",
                thread.league_id,
                thread.round,
                thread.index + 1,
                kept,
                thread_id,
            )
        await self.sync(thread.league_id)

    def _winner(
        self, row: LeagueRow, got: tuple[list[tuple[int, list[str]]], str], game_id: int
    ) -> tuple[str, bool]:
        """first | second | draw from the game's places. A game over whose module names no place for a side
        (``Module.placings`` empty: no result it can say) counts as a draw, the one result that lets the
        league go on, and the log says so: a game won but so told would otherwise pass for a draw unseen."""
        placings, how = got
        roles = self._roles(row)
        place = {r: p for p, rs in placings for r in rs}
        a, b = place.get(roles[0]), place.get(roles[1])
        if a is None or b is None:
            log.warning("league %s: game %s ended with no result said: counted as a draw", row.id, game_id)
            return "draw", False
        if a == b:
            return "draw", False
        return ("first" if a < b else "second"), how == "forfeit"

    @staticmethod
    def _roles(row: LeagueRow) -> list[str]:
        module = modules.get(row.module)
        return list(module.roles(read_options(module, {}, str(row.options.get("text", "")))))

    async def _start_game(self, row: LeagueRow, p: Pairing, thread: int) -> int:
        """A pairing's game in its thread, with the two players seated (``first`` the first side) and
        started, as ``/game new``, ``/game join`` and ``/game start`` by the host would. Each step is done
        once whatever happened before it (a restart between two of them): the thread's game is made only if
        it has none, seated and told the pairing only while in its lobby, started only once."""
        loc = row.locale
        host = Caller(row.host_id, thread, row.guild_id, locale=loc)
        gid = await self.svc.store.game_id_in_channel(thread, finished=True)
        if gid is None:
            try:
                await self.lobby.new_game(host, str(row.options.get("text", "")), game=row.module)
            except ServiceError as e:
                if e.key != "svc.channel_has_game":
                    raise
            gid = await self.svc.store.game_id_in_channel(thread, finished=True)
            assert gid is not None
        roles = self._roles(row)

        async def seat(ch: Change) -> bool:
            if ch.row.status != "lobby":
                return False
            if ch.row.seats.get(roles[0]) != (p.first, False) or ch.row.seats.get(roles[1]) != (
                p.second,
                False,
            ):
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
            return True

        if await self.games.change(gid, seat):
            try:
                await self.lobby.start(host)
            except ServiceError as e:
                if e.key != "svc.already_started":
                    raise
        await self.rows.set_game(row.id, p, gid)
        return gid

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
        """The standings asked for, through the outbox, when they are not as last asked for: the front end
        posts and pins them the first time and edits that message after (``standings_shown``)."""
        row = await self.rows.get(league_id)
        if row is None:
            return
        text = await self.table(league_id, row.locale)
        await self.rows.ask_standings(Standings(league_id, row.channel_id, text), time.time())

    async def standings_message(self, league_id: int) -> int:
        """The message the league's standings are pinned in (0: none yet)."""
        row = await self.rows.get(league_id)
        return row.standings_message if row is not None else 0

    async def standings_shown(self, league_id: int, message_id: int) -> None:
        """The front end posted (or found deleted and posted again) the standings message."""
        await self.rows.set_standings_message(league_id, message_id)
