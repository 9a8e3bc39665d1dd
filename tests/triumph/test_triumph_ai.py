"""The Napoleon's Triumph bot players (ai/triumph): a legal order in every state, the same order for the same
view and seed, nothing read beyond the view (hidden faces changed, the same decisions), bluffs (threats
it does not press, 11.1 / 11.3), and wins against the random player."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from ai import PlayStats, play_one
from ai.registry import new_player, new_random_player
from ai.triumph import TriumphPlayer, TriumphRandomPlayer
from ai.triumph.bench import play
from ai.triumph.fight import outlook
from ai.triumph.knowledge import Piece, board
from engine import RuleError
from engine.triumph.game import Game
from engine.triumph.options import Options

SIDES = ("allies", "french")


def _options(seed: int) -> Options:
    """The scenarios and the French set-up option, by seed."""
    return Options(scenario=("2dec", "1dec")[seed % 2], french_setup=seed % 3 == 0)


def test_both_players_are_registered() -> None:
    assert isinstance(new_player("triumph"), TriumphPlayer)
    assert isinstance(new_random_player("triumph"), TriumphRandomPlayer)


@settings(max_examples=3, deadline=None)
@given(st.integers(0, 10**6))
def test_the_bot_gives_a_legal_order_in_every_state_it_meets(seed: int) -> None:
    """In games between the bot and the random player (each side half the time, orders mixed between them),
    the bot is asked at every state for the side that must act — orders, every step of an attack (11.2-11.9),
    retreats (12), the French set-up (6), the Allied entries of 1 December — and always answers with one of
    the legal choices, or an order the engine accepts (a corps move leaving a unit behind, 10)."""
    game = Game.new(_options(seed), seed)
    rng = random.Random(seed)
    bots = {r: TriumphPlayer() for r in SIDES}
    rand = TriumphRandomPlayer()
    steps: set[str] = set()
    beyond = 0
    for _ in range(160):
        if game.over:
            break
        role = game.active()[0]
        legal = game.legal(role)
        # the engine always offers an order (15: a Guard Attack no force could press is refused at its threat)
        assert legal.choices, game.log[-3:]
        view = game.view(role, events=False)
        mine = bots[role].choose(view, legal, random.Random(rng.random()))
        if str(mine) not in {str(c) for c in legal.choices}:
            # an order beyond the examples (a corps leaving a unit behind, 10): the engine must take it
            Game.loads(game.dumps()).apply(role, mine)
            beyond += 1
        steps.add(legal.step)
        order = mine if rng.random() < 0.5 else rand.choose(view, legal, rng)
        game.apply(role, order)
    assert "orders" in steps and beyond <= len(game.log)


def test_the_same_view_and_seed_give_the_same_game() -> None:
    """Deterministic: the bot against the random player twice from one seed plays the same orders."""
    logs = []
    for _ in range(2):
        game = Game.new(Options(), 7)
        players = {"french": TriumphPlayer(), "allies": TriumphRandomPlayer()}
        rng = random.Random(7)
        for _ in range(80):
            if game.over:
                break
            role = game.active()[0]
            play_one(game, role, players[role], rng)
        logs.append(list(game.log))
    assert logs[0] == logs[1] and len(logs[0]) > 20


def _hide_differently(game: Game, side: str) -> int:
    """Give every block of ``side`` the view of its enemy cannot see another face (rule 3: the faces are
    secret, G5): strength 3 for 2 and 2 for 3 (arms and the blocks of strength 1 kept, so that the same orders
    stay legal for its owner, 11.4). Returns how many changed."""
    n = 0
    for b in game.state.blocks.values():
        if b.side == side and not b.shown and b.at != "gone" and b.strength >= 2:
            b.strength = 5 - b.strength
            n += 1
    return n


def test_the_bot_decides_from_its_view_only() -> None:
    """Two games alike but for the hidden faces of the Allies (every one changed) look the same to the French:
    as long as the French views are equal, the French bot gives the same orders in both, the Allies being
    played the same way (a random player reading its own view, the same seed)."""
    a, b = Game.new(Options(), 11), Game.new(Options(), 11)
    assert _hide_differently(b, "allies") > 25
    assert a.view("french", events=False) == b.view("french", events=False)
    bots = [TriumphPlayer(), TriumphPlayer()]
    allies = TriumphRandomPlayer()
    rngs, allied_rng = [random.Random(3), random.Random(3)], random.Random(4)
    compared = 0
    for _ in range(200):
        if a.over or b.over or a.active() != b.active():
            break
        role = a.active()[0]
        if role == "allies":  # the same Allied orders in both games, while both take them
            order = allies.choose(a.view(role), a.legal(role), allied_rng)
            try:
                b.apply(role, order)
            except RuleError:
                break
            a.apply(role, order)
            continue
        va, vb = a.view(role, events=False), b.view(role, events=False)
        if va != vb:
            break  # a fight showed a face: the games part here
        la, lb = a.legal(role), b.legal(role)
        orders = [bots[0].choose(va, la, rngs[0]), bots[1].choose(vb, lb, rngs[1])]
        assert str(orders[0]) == str(orders[1])
        compared += 1
        a.apply(role, orders[0])
        b.apply(role, orders[1])
    assert compared >= 10


def test_a_hidden_block_counts_at_its_armys_mean_not_its_face() -> None:
    """The bot's estimate of a fight reads a hidden block at the army's mean strength (the order of battle is
    public, rule 3): a known weak defender and a hidden one of the same id look different; two hidden ones
    whatever their faces look alike."""
    bd = board()
    mean = bd.mean_strength["allies"]
    att = [Piece(f"F{i:02}", "french", "zuran", None, "lannes", "infantry", 3.0, known=True) for i in (1, 2)]
    hidden = [Piece("A01", "allies", "santon_plain", None, "bagration", None, mean)]
    weak = [Piece("A01", "allies", "santon_plain", None, "bagration", "infantry", 1.0, known=True)]
    o_hidden = outlook(bd, "zuran", "santon_plain", att, hidden, False, "french")
    o_weak = outlook(bd, "zuran", "santon_plain", att, weak, False, "french")
    assert o_weak.fr > o_hidden.fr


def test_the_bot_bluffs_threats_it_does_not_press() -> None:
    """11.1 / 11.3: over a few games the bot threatens approaches and feints some of those threats (the
    defence named was too strong, or the threat was a bluff), and gives ground now and then (11.2)."""
    kinds: dict[str, int] = {}
    for seed in range(2):
        game = Game.new(Options(), 500 + seed)
        players: dict[str, Any] = {"french": TriumphPlayer(), "allies": TriumphPlayer()}
        rng = random.Random(seed)
        while not game.over:
            role = game.active()[0]
            order = play_one(game, role, players[role], rng)
            word = str(order).split()[0]
            kinds[word] = kinds.get(word, 0) + 1
    assert kinds.get("/attack", 0) > 0 and kinds.get("/feint", 0) > 0 and kinds.get("/press", 0) > 0
    assert kinds.get("/give-ground", 0) + kinds.get("/defend", 0) > 0


def test_the_bot_beats_the_random_player_from_either_side() -> None:
    """10 games, 5 a side, against the random player: at least 8 won (the random player against itself wins
    about half of them: the French about a quarter, the Allies three quarters), and no order refused."""
    wins = 0
    stats = PlayStats()
    for i in range(10):
        side = SIDES[i % 2]
        players: dict[str, Any] = {r: TriumphPlayer() if r == side else TriumphRandomPlayer() for r in SIDES}
        result, _, _, _, st_ = play(900 + i, "2dec", players)
        stats.fallbacks += st_.fallbacks
        wins += result["winner"] == side
    assert wins >= 8
    assert stats.fallbacks == 0
