"""Napoleon's Triumph's working copy (``Module.copy``: the game an order is applied to while the game as it
was stays) and a prompt's examples: over random games, every order applied to the copy gives the snapshot the
same order gives applied to the game reloaded from its snapshot, a refused order leaves both as they were,
nothing done to the copy reaches the game it was made from, and the state's clone is its deep copy."""

from __future__ import annotations

import copy
import random

import pytest

from engine import modules
from engine.errors import RuleError
from engine.triumph.game import Game
from engine.triumph.legal import first_choices
from engine.triumph.state import SIDES
from tools.fuzz import pick

MODULE = modules.get("triumph")


def _new(scenario: str, seed: int) -> Game:
    return MODULE.new_game(MODULE.make_options(MODULE.defaults() | {"scenario": scenario}), seed)


def _same(a: Game, b: Game) -> None:
    assert a.dumps() == b.dumps()
    assert a.active() == b.active()
    for role in SIDES:
        assert a.legal(role) == b.legal(role)


def _play(scenario: str, seed: int, most: int) -> set[str]:
    """A random game, every order applied to ``copy`` and to ``loads(dumps())``; the steps it saw."""
    rng = random.Random(seed)
    g = _new(scenario, seed)
    steps: set[str] = set()
    budget: dict[str, int] = {}
    played = 0
    while not g.over and played < most:
        before = g.dumps()
        assert g.state.clone() == copy.deepcopy(g.state)
        work, reloaded = MODULE.copy(g), MODULE.loads(before)
        if rng.random() < 0.1:
            waiting = [s for s in SIDES if s not in g.active()]
            role = waiting[0] if waiting else g.active()[0]
            text = "/end" if waiting else "/move unit:nobody to:nowhere"
            with pytest.raises(RuleError) as on_copy:
                work.apply(role, text)
            with pytest.raises(RuleError) as on_reload:
                reloaded.apply(role, text)
            assert str(on_copy.value) == str(on_reload.value)
        else:
            role = rng.choice(g.active())
            order = pick(MODULE, rng, g, role, budget)
            assert order is not None
            assert [e.to_dict() for e in work.apply(role, order)] == [
                e.to_dict() for e in reloaded.apply(role, order)
            ]
            played += 1
        assert g.dumps() == before  # the game as it was stays as it was
        _same(work, reloaded)
        steps.add(str(work.legal(work.active()[0]).step) if work.active() else "over")
        g = work  # play on from the copy, as the service does
    return steps


@pytest.mark.parametrize(("scenario", "seed"), [("2dec", 5), ("1dec", 8)])
def test_copy_plays_as_a_reload_does(scenario, seed):
    """Orders of a random game (set-up 6, orders 7-10, attacks 11.2-11.9, retreats 12), applied to ``copy``
    and to ``loads(dumps())``, give the same events, snapshot, sides to act and legal orders; the game copied
    is untouched; a refused order changes neither and is refused by both with the same message."""
    steps = _play(scenario, seed, 100)
    assert "orders" in steps and len(steps) >= 3, steps


def test_a_prompts_examples_are_the_first_three_legal_orders():
    """7: a prompt's ready orders are the first three of ``legal(role)``, found without trying the rest."""
    rng = random.Random(3)
    g = _new("2dec", 3)
    budget: dict[str, int] = {}
    for _ in range(60):
        if g.over:
            break
        for role in SIDES:
            assert tuple(first_choices(g.ctx, role, 3)) == g.legal(role).choices[:3]
        role = rng.choice(g.active())
        order = pick(MODULE, rng, g, role, budget)
        assert order is not None
        g.apply(role, order)
