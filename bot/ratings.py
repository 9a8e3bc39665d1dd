"""Ratings that know the side played: from the finished games' results of one game module on one server to
each player's rating, pure (no storage, no Discord).

The model is OpenSkill's Weng–Lin Plackett–Luce (``openskill``), whose teams may differ in size: a game of
one against two is rated as it was played, each side a team of its players. Each side of each scenario (the
module and its options) also plays as a pseudo-player of its own on its team, its *side term*: its skill is
fitted from the server's results like a player's, so a side that wins more often than its players' ratings
say takes that edge off its players' ratings. A side term starts where it makes the teams even (one player's
prior skill for each seat the other side has more), and the table shows each side's record beside it.

Only finished, rated games count: a game is rated unless created ``rated:no``, unless a bot held a seat,
unless one player held seats on both sides, and unless it names no result (``judge``). Forfeits count. The
games are rated in the order they finished, those finished at the same instant by their number, so the
ratings never depend on the order the results are handed in. A player is *provisional* below
``PROVISIONAL`` rated games. Sigma never grows from a game (``limit_sigma``), so a win never lowers the
rating shown (``mu - 3 sigma``) and a loss never raises it."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating

MU = 25.0
SIGMA = MU / 3
SIDE_SIGMA = MU / 6  # a side term's prior spread: a side is one of many things that decide a game
PROVISIONAL = 5  # rated games below which a rating is provisional
Z = 3.0  # the rating shown is mu - Z sigma (OpenSkill's ordinal)


@dataclass(frozen=True)
class GameResult:
    """One finished game as stored (``results``): which sides played, where each placed, who sat where."""

    game_id: int
    guild_id: int
    module: str
    options: Mapping[str, Any]
    finished: float
    placings: tuple[tuple[int, tuple[str, ...]], ...]  # (place, roles): 1 the winner
    seats: Mapping[str, int | None]  # role -> player (None: nobody, or a bot)
    rated: bool = True
    why: str = ""  # why it is not rated: "unrated", "bot", "self", "no_result"
    how: str = "end"  # "end" (the rules ended it) or "forfeit"

    @property
    def scenario(self) -> str:
        return scenario_key(self.options)

    def place_of(self, role: str) -> int | None:
        return next((p for p, roles in self.placings if role in roles), None)

    def won(self, user: int) -> bool | None:
        """Whether ``user`` was on a winning side (None: a draw for them, or not seated)."""
        places = [p for p, roles in self.placings if any(self.seats.get(r) == user for r in roles)]
        if not places:
            return None
        if all(p == 1 for p, _ in self.placings):
            return None  # a draw
        return min(places) == 1


def scenario_key(options: Mapping[str, Any]) -> str:
    """A scenario is the module's whole set of options (its setup, players, edition...), canonical."""
    return json.dumps(dict(options), sort_keys=True, separators=(",", ":"), default=str)


def judge(
    placings: Sequence[tuple[int, Sequence[str]]],
    seats: Mapping[str, tuple[int | None, bool]],
    *,
    rated: bool,
    bot_seated: bool,
) -> str:
    """Why a finished game is not rated ("" when it is): created ``rated:no`` ("unrated"), a bot held a
    seat ("bot": now, or at any time, ``bot_seated``), one player on two sides ("self"), no result the
    module can say ("no_result")."""
    if not rated:
        return "unrated"
    if bot_seated or any(is_bot or user is None for user, is_bot in seats.values()):
        return "bot"
    if len(placings) < 2:
        return "no_result"
    owner: dict[int, int] = {}
    for i, (_place, roles) in enumerate(placings):
        for r in roles:
            user = seats.get(r, (None, True))[0]
            if user is None:
                return "bot"
            if owner.setdefault(user, i) != i:
                return "self"
    return ""


@dataclass
class Skill:
    mu: float = MU
    sigma: float = SIGMA
    games: int = 0
    wins: int = 0
    draws: int = 0
    start: float = MU  # where it began (a side term: ``side_prior``)

    @property
    def edge(self) -> float:
        """How far the results moved it from where it began (a side term: the side's fitted edge)."""
        return self.mu - self.start

    @property
    def rating(self) -> float:
        return self.mu - Z * self.sigma

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL


@dataclass(frozen=True)
class SideKey:
    scenario: str
    roles: tuple[str, ...]


@dataclass
class Table:
    """The ratings of one module on one server."""

    module: str
    players: dict[int, Skill] = field(default_factory=dict)
    sides: dict[SideKey, Skill] = field(default_factory=dict)
    games: int = 0  # rated games counted

    def ranked(self) -> list[tuple[int, Skill]]:
        """Players best first (the rating shown, then more games, then the player's id: a fixed order)."""
        return sorted(self.players.items(), key=lambda kv: (-kv[1].rating, -kv[1].games, kv[0]))


def _model() -> PlackettLuce:
    return PlackettLuce(mu=MU, sigma=SIGMA, limit_sigma=True)


def side_prior(size: int, largest: int) -> float:
    """A side term's starting skill: one player's prior for each seat the largest side has more, so that
    teams of unequal size start even (a team's skill is its members' sum)."""
    return MU * (largest - size)


def rate(results: Iterable[GameResult], module: str) -> Table:
    """The table of ``module`` from its results (those of other modules and unrated games are skipped)."""
    table = Table(module)
    model = _model()
    chosen = [r for r in results if r.module == module and r.rated and len(r.placings) >= 2]
    for r in sorted(chosen, key=lambda r: (r.finished, r.game_id)):
        largest = max(len({r.seats.get(x) for x in roles}) for _p, roles in r.placings)
        teams: list[list[PlackettLuceRating]] = []
        members: list[list[Skill]] = []
        ranks: list[float] = []
        draw = all(p == r.placings[0][0] for p, _ in r.placings)
        for at, roles in r.placings:
            users = sorted({u for x in roles if (u := r.seats.get(x)) is not None})
            key = SideKey(r.scenario, tuple(roles))
            side = table.sides.get(key)
            if side is None:
                prior = side_prior(len(users), largest)
                side = table.sides[key] = Skill(prior, SIDE_SIGMA, start=prior)
            skills = [table.players.setdefault(u, Skill()) for u in users] + [side]
            teams.append([model.rating(mu=s.mu, sigma=s.sigma) for s in skills])
            members.append(skills)
            ranks.append(float(at))
        new = model.rate(teams, ranks=ranks)
        for skills, ratings, rank in zip(members, new, ranks, strict=True):
            for s, n in zip(skills, ratings, strict=True):
                s.mu, s.sigma = n.mu, n.sigma
                s.games += 1
                s.wins += int(rank == 1 and not draw)
                s.draws += int(draw)
        table.games += 1
    return table


def side_label(key: SideKey) -> str:
    return "+".join(key.roles)
