"""Checks a fuzzer runs after every order (``Module.fuzz_invariants``): each raises AssertionError with what
is wrong. They read the state, as a fuzzer may; a bot player never does."""

from __future__ import annotations

from ..module import GameObject
from . import board
from .game import Game
from .sequence import Phase
from .state import FRENCH_POOL, OFF_MAP, POOL, PRISONER, SIDES


def strengths(game: GameObject) -> None:
    """2.11: a block on the board is at 1..its maximum; a prisoner at 0; 50 blocks, 25 a colour (2.0)."""
    assert isinstance(game, Game)
    lib = game.ctx.lib
    for b in game.state.blocks.values():
        top = lib.unit(b.id).max_cv
        if b.at == PRISONER:
            assert b.strength == 0, b
        elif b.at not in (POOL, FRENCH_POOL):
            assert 1 <= b.strength <= top, b
    assert sorted(sum(1 for b in game.state.blocks.values() if b.side == s) for s in SIDES) == [25, 25]


def battles_only_in_the_battle_phase(game: GameObject) -> None:
    """7.0: outside the battle phase no hex holds both sides' blocks; the Atlantic box never fights (1.6)."""
    assert isinstance(game, Game)
    st = game.state
    fighting = (Phase.COMBAT, Phase.HIT, Phase.WITHDRAW, Phase.CHOOSING_BATTLE, Phase.REGROUP)
    if st.phase not in (*fighting, Phase.ACTIONS, Phase.PLACE, Phase.SUPPLY):
        assert board.battle_places(st) == [], (st.phase, board.battle_places(st))


def hands_and_cards(game: GameObject) -> None:
    """3.0: 5 cards a hand at the start of a year, one fewer each turn; no card in two places."""
    assert isinstance(game, Game)
    st = game.state
    if st.phase == Phase.OVER:
        return
    held = [c for s in SIDES for c in st.hands[s]] + list(st.played.values())
    assert len(held) == len(set(held)), held
    per_turn = game.ctx.lib.deck.hand - (st.turn - 1) if st.turn <= game.ctx.lib.deck.turns_per_year else 0
    for s in SIDES:
        expected = per_turn - (1 if s in st.played else 0)
        assert st.phase == Phase.DISBAND or len(st.hands[s]) == max(expected, 0), (s, st.turn, st.hands[s])


def hidden_faces(game: GameObject) -> None:
    """G50: a side's view shows the other side's block ids only in the battle being fought (7.1)."""
    assert isinstance(game, Game)
    bt = game.state.battle
    for role in SIDES:
        for b in game.view(role, events=False).blocks:
            if b["side"] != role and "id" in b:
                assert bt is not None and b["at"] == bt.hex and b["at"] not in OFF_MAP, (role, b)


INVARIANTS = (strengths, battles_only_in_the_battle_phase, hands_and_cards, hidden_faces)
