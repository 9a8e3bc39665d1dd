"""Liberty's properties over random play: no side's view holds a hidden face, build or card
of the other side (events included, G50, 3.0, 6.0); a snapshot (``dumps``/``loads``) and a replay of the
script rebuild the game exactly; whole games by random legal orders reach a result (11.1)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.liberty import new, play_random

from ai.liberty import LibertyRandomPlayer
from engine import modules
from engine.liberty.game import Game
from engine.liberty.module import MODULE
from engine.liberty.state import FRENCH_POOL, PRISONER
from engine.script import run_lines

SIDES = ("british", "american")
# the events that reveal a block to the other side: a battle's start (7.1), the reserves in round 2 (box
# after 7.5) and a capture (2.11, 11.5: face up); no other event may name a block the other side has not seen
REVEALING = {"battle", "reserves_revealed", "captured"}


@pytest.fixture
def liberty():
    modules.register(MODULE)
    yield MODULE
    modules.unregister("liberty")


def advance(g: Game, rng: random.Random, steps: int, check=None) -> None:
    for _ in range(steps):
        if g.over:
            return
        role = rng.choice(g.active())
        legal = g.legal(role)
        assert legal.active and legal.choices, (role, g.state.phase)
        g.apply(role, rng.choice(legal.choices))
        if check is not None:
            check(g)


def known_to(g: Game, role: str) -> set[str]:
    """The other side's block ids ``role`` may know: revealed in a battle or captured (public events), the
    prisoners and the French pool face up (11.5, 12.0)."""
    ids: set[str] = set()
    for e in g.events:
        if e.kind in REVEALING:
            text = json.dumps(e.data)
            ids |= {u for u in g.state.blocks if f'"{u}"' in text}
    ids |= {b.id for b in g.state.blocks.values() if b.at in (PRISONER, FRENCH_POOL)}
    ids |= set(g.ctx.lib.pool("french"))
    return ids


def check_blocks(g: Game) -> None:
    """G50: a block of the other side shows its id only while it stands revealed in the battle (7.1)."""
    bt = g.state.battle
    for role in SIDES:
        for b in g.view(role, events=False).blocks:
            if b["side"] == role or "id" not in b:
                continue
            assert bt is not None and b["at"] == bt.hex, (role, b)
            assert not (bt.round == 1 and b["id"] in bt.reserves), (role, b)


def check_secrets(g: Game) -> None:
    st_ = g.state
    dealt = max(i for i, e in enumerate(g.events) if e.kind == "dealt")
    for role in SIDES:
        foe = "american" if role == "british" else "british"
        v = g.view(role)
        whole = json.dumps(v.to_dict())
        enemy = {u for u, b in st_.blocks.items() if b.side == foe}
        for u in enemy - known_to(g, role):
            assert f'"{u}"' not in whole, (role, u)  # never seen: no trace of it anywhere, events included
        this_year = json.dumps({**v.to_dict(), "events": list(v.events[dealt:])})
        hidden_cards = list(st_.hands[foe]) + (
            [st_.played[foe]] if len(st_.played) == 1 and foe in st_.played else []
        )
        for card in hidden_cards:
            assert f'"{card}"' not in this_year, (role, card)  # 3.0, 3.1: the other hand, the card face down
        assert v.pool == tuple(st_.pool(role)) and v.hand == tuple(st_.hands[role])


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 160))
def test_no_view_shows_the_other_sides_hidden_blocks_builds_or_cards(seed, steps):
    g = new(seed)
    advance(g, random.Random(seed), steps, check_blocks)
    check_secrets(g)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 150))
def test_snapshot_and_replay_rebuild_the_game(seed, steps):
    modules.register(MODULE)
    try:
        g = new(seed)
        rng = random.Random(seed)
        advance(g, rng, steps)
        snap = g.dumps()
        loaded = Game.loads(snap)
        assert loaded.dumps() == snap
        replayed = run_lines(g.script().splitlines()).game
        assert replayed.dumps() == snap  # the script (options, seed, log) is the game
        # and both go on alike
        a, b = random.Random(steps), random.Random(steps)
        advance(g, a, 20)
        advance(loaded, b, 20)
        assert loaded.dumps() == g.dumps()
    finally:
        modules.unregister("liberty")


def test_a_rejected_order_changes_nothing():
    g = new(4)
    before = g.dumps()
    with pytest.raises(Exception):  # noqa: B017 -- any RuleError
        g.apply("british", "/move units:HOWE path:21.08>20.08")  # the card phase: no moves
    assert g.dumps() == before


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_whole_games_by_random_legal_orders_reach_a_result(seed):
    g, n = play_random(seed)
    assert g.over and g.result()["winner"] in SIDES, n
    assert g.legal("british").choices == () and g.active() == []


def test_the_random_player_plays_both_sides_to_the_end():
    g = new(11)
    rng, player = random.Random(11), LibertyRandomPlayer()
    while not g.over:
        role = rng.choice(g.active())
        g.apply(role, player.choose(g.view(role, events=False), g.legal(role), rng))
    assert g.result()["winner"] in SIDES and g.state.year <= 1783


@pytest.mark.parametrize("seed", [5, 6])
def test_the_modules_fuzz_invariants_hold_through_random_games(seed):
    g = new(seed)
    rng = random.Random(seed)

    def check(game):
        for inv in MODULE.fuzz_invariants:
            inv(game)

    check(g)
    advance(g, rng, 5000, check)
    assert g.over


def test_the_modules_bot_player_beats_the_random_player_as_the_british():
    from ai.registry import new_player

    bot = new_player(MODULE.id)
    for seed in (0, 1):
        g = new(seed)
        rng = random.Random(seed)
        players = {"british": bot, "american": LibertyRandomPlayer()}
        while not g.over:
            role = rng.choice(g.active())
            g.apply(role, players[role].choose(g.view(role, events=False), g.legal(role), rng))
        assert g.result()["winner"] == "british", seed
