"""The Eagles of the Empire bot players (ai/eagles): a legal order in every state met, the same game for the
same seed, nothing read beyond the view, fights valued as the rules make them (10, 12, 14), objectives
sought (facts 9) and command kept (9.2), and wins against the random player."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from ai import PlayStats, play_one
from ai.eagles import EaglesPlayer, EaglesRandomPlayer
from ai.eagles.bench import play
from ai.eagles.fight import assault, bombard
from ai.eagles.knowledge import board, read
from ai.eagles.plan import aims, move_gain
from ai.registry import new_player, new_random_player
from engine.eagles import orders as O
from engine.eagles.game import Game

SIDES = ("allies", "french")


def test_both_players_are_registered() -> None:
    assert isinstance(new_player("eagles"), EaglesPlayer)
    assert isinstance(new_random_player("eagles"), EaglesRandomPlayer)


@pytest.mark.parametrize("seed", [11, 12])
def test_the_bot_gives_a_legal_order_in_every_state_it_meets(seed: int) -> None:
    """In whole games of the bot against the random player (the bot French in one, Allied in the other,
    the random player's orders mixed in), the engine offers an order in every state and the bot, asked for
    the side that must act at every one (entries 6.0, first player 7.0, rolls and activations 8.1, every
    segment 10-14), always answers with one of the legal choices."""
    game = Game.new(None, seed)
    rng = random.Random(seed)
    bot, rand = EaglesPlayer(), EaglesRandomPlayer()
    bot_side = SIDES[seed % 2]
    steps: set[str] = set()
    for _ in range(3000):
        if game.over:
            break
        role = game.active()[0]
        legal = game.legal(role)
        assert legal.choices, (seed, legal.step, game.log[-3:])
        view = game.view(role, events=False)
        mine = bot.choose(view, legal, random.Random(rng.random()))
        assert mine in legal.choices, (legal.step, str(mine))
        steps.add(legal.step)
        order = mine if role == bot_side or rng.random() < 0.3 else rand.choose(view, legal, rng)
        game.apply(role, order)
    assert game.over
    assert {"enter", "first", "roll", "activate", "move"} <= steps


def _orders(seed: int, n: int) -> list[str]:
    game = Game.new(None, seed)
    rng = random.Random(seed)
    players = {r: EaglesPlayer() for r in SIDES}
    out: list[str] = []
    for _ in range(n):
        if game.over:
            break
        role = game.active()[0]
        got = play_one(game, role, players[role], rng)
        out.append(str(got))
    return out


def test_the_same_seed_gives_the_same_game() -> None:
    assert _orders(5, 150) == _orders(5, 150)


def _plain(view: Any) -> SimpleNamespace:
    """The view as plain values, nothing of the game behind it."""
    return SimpleNamespace(**view.to_dict())


def test_the_bot_decides_from_the_view_alone() -> None:
    """The same view gives the same order: read from a plain copy of it, or from a game whose hidden part
    (the dice to come) differs; the bot never rolls nor reads the game."""
    game = Game.new(None, 3)
    rng = random.Random(3)
    players = {r: EaglesPlayer() for r in SIDES}
    checked = 0
    for i in range(400):
        if game.over:
            break
        role = game.active()[0]
        legal = game.legal(role)
        if i % 7 == 0 and len(legal.choices) > 1:
            twin = Game.loads(game.dumps())
            twin.state.dice.force([6, 1, 6, 1, 6, 1])
            view = game.view(role, events=False)
            assert twin.view(role, events=False) == view
            a = players[role].choose(view, legal, random.Random(1))
            b = EaglesPlayer().choose(
                _plain(twin.view(role, events=False)), twin.legal(role), random.Random(2)
            )
            assert a == b
            checked += 1
        play_one(game, role, players[role], rng)
    assert checked > 10


def _view(units: list[tuple[str, str]], holders: dict[str, str] | None = None, role: str = "french") -> Any:
    """A view with the named units where they are (id, area) and every other one off the map."""
    start = Game.new(None, 1).view(role, events=False).to_dict()
    where = dict(units)
    start["units"] = [dict(u, area=where.get(u["id"], "off")) for u in start["units"]]
    start["leaders"] = [dict(x, area="off") for x in start["leaders"]]
    if holders:
        start["holders"] = dict(start["holders"], **holders)
    return SimpleNamespace(**start)


def test_an_assault_on_a_weak_stack_is_worth_more_than_on_a_strong_one() -> None:
    """14.1-14.2: Foy's division (3 SP) against a 1-SP Brunswick brigade in the open is a good assault; the
    same against Kempt's and Pack's brigades (4 SP, morale 5) in the farm of La Bergerie (-25 %) is not."""
    b = board()
    weak = read(_view([("F02", "V2"), ("A11", "W2")]), b)
    strong = read(_view([("F02", "V2"), ("A06", "C2"), ("A07", "C2")]), b)
    good = assault(b, weak, "french", "V2", ("F02",), "W2")
    bad = assault(b, strong, "french", "V2", ("F02",), "C2")
    assert good > 0.3 > bad


def test_guns_fire_harder_at_what_an_assault_will_strike() -> None:
    """12.1, 12.3: the same battery's fire is worth more against a stack our infantry can then assault."""
    b = board()
    seen = read(_view([("F11", "S1"), ("A01", "V1")]), b)
    assert bombard(b, seen, "french", "S1", ("F11",), "V1", 0.5) > bombard(
        b, seen, "french", "S1", ("F11",), "V1", 0
    )


def test_the_french_walk_into_an_empty_objective_and_keep_their_command() -> None:
    """Facts 9: entering an empty objective the Allies hold takes it; 9.2: a unit stays within its leader's
    range rather than march off alone."""
    b = board()
    v = _view([("F02", "S1"), ("A02", "W2")])
    v.leaders = [dict(x, area="S1") if x["id"] in ("F-L4", "F-L1") else x for x in v.leaders]
    m = aims(b, read(v, b))
    assert move_gain(m, ("F02",), "V1") > 2.0  # Gemioncourt, held by the Allies, empty: taken
    assert move_gain(m, ("F02", "F-L4"), "V1") > move_gain(m, ("F02",), "S7")


def test_the_bot_beats_the_random_player() -> None:
    """Facts 9: the bot wins from either side (the bench plays 200 a side; here 2)."""
    wins = 0
    refused = 0
    for i, side in enumerate(("french", "allies", "french", "allies")):
        players: dict[str, Any] = {r: EaglesPlayer() if r == side else EaglesRandomPlayer() for r in SIDES}
        result, _, _, _, stats = play(700 + i, players)
        wins += result.get("winner") == side
        refused += stats.fallbacks
    assert wins >= 3
    assert refused == 0


def test_the_bot_never_releases_the_guard_nor_delays_arrivals() -> None:
    """Facts 7.3: the Guard light cavalry's release gives the Allies 3 VP; 6.0: arrivals come on at once."""
    stats = PlayStats()
    game = Game.new(None, 21)
    rng = random.Random(21)
    players = {r: EaglesPlayer() for r in SIDES}
    for _ in range(600):
        if game.over:
            break
        role = game.active()[0]
        got = play_one(game, role, players[role], rng, stats=stats)
        assert not isinstance(got, O.Release)
        assert not (isinstance(got, O.Enter) and got.delay)
    assert stats.fallbacks == 0
