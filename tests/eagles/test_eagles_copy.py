"""Eagles of the Empire's working copy (``Module.copy``: the game an order is applied to while the game as it
was stays): a clone of the state instead of a reload of the snapshot. Over random games every order applied
to the copy gives the events and the snapshot the same order gives applied to the game reloaded from its
snapshot, a refused order leaves both as they were and is refused by both alike, and nothing done to the copy
(an order, a directive's dice) reaches the game it was made from."""

from __future__ import annotations

import random

import pytest

from engine import modules
from engine.eagles.game import Game
from engine.eagles.state import SIDES
from engine.errors import RuleError
from tools.fuzz import draw, pick

MODULE = modules.get("eagles")


def _same(a: Game, b: Game) -> None:
    assert a.dumps() == b.dumps()
    assert a.active() == b.active()
    for role in SIDES:  # the same orders (a reload lists the pieces in the snapshot's order)
        texts = [sorted(o.text() for o in g.legal(role).choices) for g in (a, b)]
        assert texts[0] == texts[1]


@pytest.mark.parametrize("seed", [4, 9])
def test_copy_plays_as_a_reload_does(seed: int) -> None:
    rng = random.Random(seed)
    g = MODULE.new_game(MODULE.make_options(MODULE.defaults() | draw(MODULE, seed)), seed)
    budget: dict[str, int] = {}
    phases: set[str] = set()
    for _ in range(90):
        if g.over:
            break
        before = g.dumps()
        work, reloaded = MODULE.copy(g), MODULE.loads(before)
        assert work.state is not g.state and work.state == g.state
        role = rng.choice(g.active())
        if rng.random() < 0.1:
            with pytest.raises(RuleError) as on_copy:
                work.apply(role, "/move units:NOBODY to:nowhere")
            with pytest.raises(RuleError) as on_reload:
                reloaded.apply(role, "/move units:NOBODY to:nowhere")
            assert str(on_copy.value) == str(on_reload.value)
            assert work.dumps() == reloaded.dumps() == before
        order = pick(MODULE, rng, g, role, budget)
        assert order is not None
        assert [e.to_dict() for e in work.apply(role, order)] == [
            e.to_dict() for e in reloaded.apply(role, order)
        ]
        if rng.random() < 0.1:
            MODULE.directive(work, "dice", "6 6")
            MODULE.directive(reloaded, "dice", "6 6")
        assert g.dumps() == before  # the game as it was stays as it was
        _same(work, reloaded)
        phases.add(work.state.phase)
        g = work  # play on from the copy, as the service does
    assert len(phases) >= 3, phases
