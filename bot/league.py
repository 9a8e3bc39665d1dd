"""A league's pairings and standings, pure (no storage, no Discord): a double round robin among its players,
each pairing played once with each player on each side; 2 points a win, 1 a draw, 0 a loss; ties broken by
Sonneborn–Berger, then wins, then who joined first.

A league plays two-seat games: one player a side. Its rounds are the two legs of the round robin: round 1
every pairing once, round 2 the same pairings with the sides swapped, so that each player plays each side
equally (n - 1 times each). Within round 1 the sides alternate along the circle so that no player has one
side in all their games of a round more than the odd count forces.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

WIN, DRAW = 2, 1  # points a win, a draw (a loss 0)
ROUNDS = 2  # legs of the round robin: each pairing once per side


@dataclass(frozen=True)
class Pairing:
    """One game of a league: ``first`` plays the game's first side, ``second`` its second."""

    round: int  # 1 or 2
    index: int  # its place in the round, from 0
    first: int
    second: int

    def players(self) -> tuple[int, int]:
        return (self.first, self.second)


def schedule(players: Sequence[int]) -> list[Pairing]:
    """Every pairing of ``players`` twice, once with each player on each side: round 1, then round 2 (the
    same pairings, sides swapped). Deterministic: the order the players joined decides it."""
    n = len(players)
    if len(set(players)) != n:
        raise ValueError("a player twice")
    first: list[tuple[int, int]] = []
    for i in range(n):
        for j in range(i + 1, n):
            # alternate by the distance around the circle so each player's sides in round 1 are balanced
            a, b = players[i], players[j]
            first.append((a, b) if (j - i) % 2 == 1 else (b, a))
    out = [Pairing(1, k, a, b) for k, (a, b) in enumerate(first)]
    out += [Pairing(2, k, b, a) for k, (a, b) in enumerate(first)]
    return out


@dataclass(frozen=True)
class Outcome:
    """A league game's result: ``winner`` ``first``, ``second`` or ``draw``; ``forfeit``: the loser gave it
    up (dropped out, or a timeout ended it)."""

    pairing: Pairing
    winner: str
    forfeit: bool = False

    def points(self, player: int) -> int:
        if self.winner == "draw":
            return DRAW
        return WIN if self.winner_id == player else 0

    @property
    def winner_id(self) -> int | None:
        p = self.pairing
        return p.first if self.winner == "first" else p.second if self.winner == "second" else None


@dataclass
class Line:
    """One player's line of the standings."""

    player: int
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    points: int = 0
    sb: float = 0.0  # Sonneborn–Berger
    dropped: bool = False
    opponents: list[tuple[int, int]] = field(default_factory=list)  # (opponent, points scored against)


def standings(players: Sequence[int], outcomes: Iterable[Outcome], dropped: Iterable[int] = ()) -> list[Line]:
    """The standings: points (2 a win, 1 a draw), then Sonneborn–Berger (the points of each opponent beaten,
    and half of each drawn, so in the 2-point scale: the sum of opponent's points × points scored / 2), then
    wins, then the order the players joined."""
    lines = {p: Line(p) for p in players}
    gone = set(dropped)
    for p in gone:
        if p in lines:
            lines[p].dropped = True
    for o in outcomes:
        for me, them in (o.pairing.players(), o.pairing.players()[::-1]):
            line = lines[me]
            got = o.points(me)
            line.played += 1
            line.points += got
            line.wins += got == WIN
            line.draws += got == DRAW
            line.losses += got == 0
            line.opponents.append((them, got))
    for line in lines.values():
        line.sb = sum(lines[them].points * got / WIN for them, got in line.opponents)
    order = {p: i for i, p in enumerate(players)}
    return sorted(lines.values(), key=lambda x: (-x.points, -x.sb, -x.wins, order[x.player]))


def unplayed(pairings: Iterable[Pairing], done: Iterable[Pairing]) -> list[Pairing]:
    """The pairings without a result yet."""
    seen = set(done)
    return [p for p in pairings if p not in seen]


def forfeits_of(player: int, pairings: Iterable[Pairing]) -> list[Outcome]:
    """The outcomes of ``player``'s pairings given up (a player who drops out loses what remains)."""
    out = []
    for p in pairings:
        if player in p.players():
            out.append(Outcome(p, "second" if p.first == player else "first", forfeit=True))
    return out
