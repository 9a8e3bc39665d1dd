"""The league's pairings and standings (bot/league.py): a double round robin with sides swapped, 2 points a
win, Sonneborn–Berger."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from bot.league import Outcome, Pairing, forfeits_of, schedule, standings

players_st = st.lists(st.integers(1, 10**6), min_size=2, max_size=9, unique=True)


@given(players_st)
def test_every_pair_meets_once_on_each_side(players: list[int]) -> None:
    games = schedule(players)
    met = Counter((p.first, p.second) for p in games)
    for a, b in combinations(players, 2):
        assert met[(a, b)] == 1 and met[(b, a)] == 1
    assert len(games) == len(players) * (len(players) - 1)


@given(players_st)
def test_each_player_plays_each_side_equally(players: list[int]) -> None:
    games = schedule(players)
    firsts = Counter(p.first for p in games)
    seconds = Counter(p.second for p in games)
    for p in players:
        assert firsts[p] == seconds[p] == len(players) - 1


@given(players_st)
def test_round_two_is_round_one_swapped(players: list[int]) -> None:
    games = schedule(players)
    one = [(p.first, p.second) for p in games if p.round == 1]
    two = [(p.second, p.first) for p in games if p.round == 2]
    assert one == two


@given(players_st, st.data())
def test_points_sum_to_two_a_decided_game(players: list[int], data: st.DataObject) -> None:
    games = schedule(players)
    played = data.draw(st.lists(st.sampled_from(games), unique=True))
    outs = [Outcome(p, data.draw(st.sampled_from(["first", "second", "draw"]))) for p in played]
    table = standings(players, outs)
    assert sum(line.points for line in table) == 2 * len(outs)
    assert sum(line.played for line in table) == 2 * len(outs)
    assert [line.points for line in table] == sorted((line.points for line in table), reverse=True)


def test_sonneborn_berger_breaks_a_tie() -> None:
    # a beats b, b beats c, c beats a, then a and b beat d: a and b on 4 points; a beat b (4 pts) and d,
    # b beat c (2 pts) and d: a's SB is higher
    a, b, c, d = 1, 2, 3, 4
    outs = [
        Outcome(Pairing(1, 0, a, b), "first"),
        Outcome(Pairing(1, 1, b, c), "first"),
        Outcome(Pairing(1, 2, c, a), "first"),
        Outcome(Pairing(1, 3, a, d), "first"),
        Outcome(Pairing(1, 4, b, d), "first"),
    ]
    table = standings([b, a, c, d], outs)  # b joined first: only SB puts a above
    assert [x.player for x in table][:2] == [a, b]
    assert table[0].sb == 4 / 2 * 2 + 0  # beat b (4 points) and d (0 points)
    assert table[1].sb == 2  # beat c (2 points) and d (0)


def test_a_drop_forfeits_every_remaining_game() -> None:
    games = schedule([1, 2, 3])
    left = forfeits_of(2, games)
    assert len(left) == 4 and all(o.forfeit and o.winner_id != 2 for o in left)
    table = standings([1, 2, 3], left, dropped=[2])
    assert next(x for x in table if x.player == 2).points == 0
    assert table[-1].player == 2 and table[-1].dropped
