"""``legal()``'s moves made cheaper (5.1, 5.2, 5.5, 5.6, 8.1; G7): the land and river walks kept from one call
to the next while the enemy blocks stand where they stood (a walk stops only where they are, 5.1), each path's
room worked out once (5.2), the moves' values made at once. Over whole random games, state after state as the
bot asks them (so that the walks kept from one ask serve the next), every answer is the one the code before
gave (its moves as the reference, each call walking afresh: ``ref_moves_afresh`` of
``support/liberty_legal_before.py``); and a walk kept is never served once an enemy block has moved."""

from __future__ import annotations

import random

import pytest
from support.liberty import actions, empty, new, put
from support.liberty_legal_before import ref_moves_afresh

from engine.liberty import legal as legal_rules
from engine.liberty import orders as O
from engine.liberty.sequence import Phase

SIDES = ("british", "american")


@pytest.mark.parametrize(("seed", "wilderness"), [(11, True), (12, False), (13, True)])
def test_every_answer_over_whole_random_games_is_the_one_before(
    monkeypatch: pytest.MonkeyPatch, seed: int, wilderness: bool
) -> None:
    rng = random.Random(seed)
    g = new(seed, indians_wilderness=wilderness)
    actions_seen = 0
    for _ in range(900):
        if g.over:
            break
        for role in SIDES:
            now = legal_rules.legal(g.ctx, role, g.active())
            with monkeypatch.context() as m:
                m.setattr(legal_rules, "_moves", ref_moves_afresh)
                before = legal_rules.legal(g.ctx, role, g.active())
            assert now == before, (seed, role, g.state.phase)
            assert [str(c) for c in now.choices] == [str(c) for c in before.choices]
            assert [str(c) for c in now.attacks] == [str(c) for c in before.attacks]
            actions_seen += g.state.phase == Phase.ACTIONS and now.active
        role = rng.choice(g.active())
        g.apply(role, rng.choice(g.legal(role).choices))
    assert actions_seen > 100


def test_a_walk_kept_is_not_served_once_an_enemy_block_has_moved() -> None:
    """5.1: a walk stops and fights where enemy blocks stand: an enemy block put on the way after a first ask
    cuts the moves beyond it at the next ask, and taken away again opens them."""
    g = empty(7)
    put(g, "BR-2", "21.08")
    actions(g, "british")
    far = {tuple(c.path) for c in g.legal("british").choices if isinstance(c, O.Move)}
    mid = sorted(p for p in far if len(p) >= 3)[0][1]  # a hex the walks go through
    put(g, "AM-1", mid)  # an American block on the way
    cut = g.legal("british")
    assert not any(isinstance(c, O.Move) and len(c.path) >= 3 and c.path[1] == mid for c in cut.choices)
    assert any(isinstance(c, O.Move) and c.path[-1] == mid for c in cut.attacks)
    g.state.blocks["AM-1"].at = "pool"  # taken away again: the walks of the first ask are right again
    again = {tuple(c.path) for c in g.legal("british").choices if isinstance(c, O.Move)}
    assert again == far
