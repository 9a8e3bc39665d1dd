"""``/ratings`` and ``/profile``: a server's ratings of one game and a player's record, read from the finished
games' results (``results``, written by the change that ends a game) and the timeouts. Readers: they take no
lock and change no game. And the start-up backfill of the results of games finished before schema 9."""

from __future__ import annotations

import asyncio
import logging
import statistics
from collections.abc import Callable

from engine import RuleError, modules
from engine.module import AnyModule
from renderers.table import draw_table

from ..i18n import CATALOGS, t
from ..outbox import Reply, Result
from ..ratings import GameResult, Table, rate
from .common import Caller, Hub, ServiceError, module_of
from .core import Games, result_of
from .lobby import describe_options

log = logging.getLogger("estafette.service")
SHOWN_ROWS = 25  # players listed in the text (the picture draws as many)


def _title(module: AnyModule, loc: str) -> str:
    return CATALOGS[loc].get(f"title.{module.id}", module.title)


def took(seconds: float, loc: str) -> str:
    """A time in words: minutes, hours and minutes, or days and hours."""
    m = int(seconds // 60)
    if m < 60:
        return t("svc.took_minutes", loc, m=m)
    h, m = divmod(m, 60)
    if h < 48:
        return t("svc.took_hours", loc, h=h, m=m)
    return t("svc.took_days", loc, d=h // 24, h=h % 24)


class Records:
    def __init__(self, svc: Hub) -> None:
        self.svc = svc
        self.games: Games = svc.games
        self.store = svc.store

    async def ratings(
        self, caller: Caller, game: str | None = None, name_of: Callable[[int], str] | None = None
    ) -> Result:
        """The server's ratings of one game (the default one when None): each player's, provisional below
        five rated games, and each side's record and fitted edge by scenario. A picture and the text."""
        loc = caller.loc
        try:
            module = modules.get(game)
        except RuleError as e:
            raise ServiceError.of_rule(e) from None
        results = await self.store.results(caller.guild_id, module.id)
        table = rate(results, module.id)
        title = t("svc.ratings_title", loc, title=_title(module, loc), n=table.games)
        if not table.players:
            return Result(Reply(title + "\n" + t("svc.ratings_none", loc)))
        lines = [title]
        rows = []
        for i, (user, s) in enumerate(table.ranked(), 1):
            mark = " " + t("svc.ratings_provisional", loc) if s.provisional else ""
            if i <= SHOWN_ROWS:
                lines.append(
                    t(
                        "svc.ratings_line",
                        loc,
                        i=i,
                        user=user,
                        rating=f"{s.rating:.1f}",
                        mu=f"{s.mu:.1f}",
                        sigma=f"{s.sigma:.1f}",
                        games=s.games,
                        wins=s.wins,
                    )
                    + mark
                )
            name = name_of(user) if name_of else str(user)
            rows.append([str(i), name, f"{s.rating:.1f}", str(s.games), str(s.wins), mark.strip()])
        lines += self._sides(module, table, results, loc)
        header = [t(f"svc.ratings_col_{c}", loc) for c in ("place", "player", "rating", "games", "wins")] + [
            ""
        ]
        png = await asyncio.to_thread(
            draw_table,
            t("svc.ratings_picture", loc, title=_title(module, loc)),
            header,
            rows,
            loc,
            right=(True, False, True, True, True, False),
            footer=t("svc.ratings_footer", loc),
        )
        return Result(Reply("\n".join(lines), file=(f"ratings-{module.id}.png", png)))

    @staticmethod
    def _sides(module: AnyModule, table: Table, results: list[GameResult], loc: str) -> list[str]:
        """Each scenario's sides: their record and their fitted edge (the side term beyond where it began)."""
        out: list[str] = []
        options = {r.scenario: r.options for r in results}
        for scenario in sorted({k.scenario for k in table.sides}):
            try:
                said = describe_options(
                    module, module.make_options({**module.defaults(), **options[scenario]}), loc
                )
            except (RuleError, ValueError, TypeError, KeyError):
                said = scenario
            out.append(t("svc.ratings_scenario", loc, options=said))
            for key, s in sorted(table.sides.items(), key=lambda kv: kv[0].roles):
                if key.scenario == scenario:
                    share = round(100 * s.wins / s.games) if s.games else 0
                    out.append(
                        t(
                            "svc.ratings_side",
                            loc,
                            roles=list(key.roles),
                            games=s.games,
                            wins=s.wins,
                            share=share,
                            edge=f"{s.edge:+.1f}",
                        )
                    )
        return out

    async def profile(self, caller: Caller, user_id: int | None = None) -> Result:
        """A player's record on this server: each game's rating, games by game and side, wins, timeouts, the
        median time per move, and the games they sit in now."""
        loc = caller.loc
        user = user_id or caller.user_id
        results = await self.store.results(caller.guild_id, user=user)
        lines = [t("svc.profile_title", loc, user=user)]
        by_module: dict[str, list[GameResult]] = {}
        for r in results:
            by_module.setdefault(r.module, []).append(r)
        if not results:
            lines.append(t("svc.profile_none", loc))
        for mid in sorted(by_module):
            try:
                module = modules.get(mid)
            except RuleError:
                continue
            mine = by_module[mid]
            table = rate(await self.store.results(caller.guild_id, mid), mid)
            s = table.players.get(user)
            if s is not None:
                mark = " " + t("svc.ratings_provisional", loc) if s.provisional else ""
                lines.append(
                    t(
                        "svc.profile_rating",
                        loc,
                        title=_title(module, loc),
                        rating=f"{s.rating:.1f}",
                        games=s.games,
                    )
                    + mark
                )
            else:
                lines.append(t("svc.profile_unrated", loc, title=_title(module, loc)))
            seats: dict[str, list[GameResult]] = {}
            for r in mine:
                for role, u in r.seats.items():
                    if u == user:
                        seats.setdefault(role, []).append(r)
            for role in sorted(seats):
                games = seats[role]
                wins = sum(1 for r in games if r.won(user))
                forfeits = sum(1 for r in games if r.how == "forfeit")
                lines.append(
                    t("svc.profile_side", loc, role=role, games=len(games), wins=wins, forfeits=forfeits)
                )
        timeouts = await self.store.timeouts_on(user, caller.guild_id)
        times = await self.store.move_times(user, caller.guild_id)
        median = took(statistics.median(times), loc) if times else "—"
        lines.append(t("svc.profile_pace", loc, timeouts=timeouts, median=median, moves=len(times)))
        now = await self.store.games_seated(user, caller.guild_id, "lobby", "running")
        if now:
            lines.append(t("svc.profile_now", loc, games=[f"{g} (<#{ch}>)" for g, _m, ch in now]))
        return Result(Reply("\n".join(lines)))

    async def backfill(self) -> int:
        """The results of the games finished before schema 9, from their stored state (one at a time; a game
        that cannot be read is left out and said in the log). How many were filled in."""
        n = 0
        for gid in await self.store.finished_without_result():
            try:
                row = await self.store.game(gid)
                game = await self.games.load(row) if row is not None else None  # not cached: read once
                if row is None or game is None:
                    continue
                at = await self.store.last_order_at(gid) or row.created
                await self.store.add_result(result_of(row, module_of(row), game, (), at))
                n += 1
            except Exception:
                log.exception("game %s: its result could not be filled in", gid)
        return n
