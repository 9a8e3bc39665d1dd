"""Eagles of the Empire's hot paths made cheaper for the fuzzer give what they gave before: the snapshot's
state (``State.to_dict``, every few orders by the fuzzer's twin) is ``dataclasses.asdict``'s, key for key and
in the same order, over the states of whole games of the fuzzer's options."""

from __future__ import annotations

import json
import random
from dataclasses import asdict
from typing import Any

import pytest

from engine import modules
from engine.eagles.game import Game
from engine.eagles.state import State
from tools.fuzz import pick, plan

MODULE = modules.get("eagles")


def old_to_dict(st: State) -> dict[str, Any]:
    """``State.to_dict`` as it was: ``dataclasses.asdict``, the dice their own, the tables' order."""
    d = asdict(st)
    d["dice"] = st.dice.to_dict()
    d["order"] = {name: keys for name, table in st._tables() if (keys := list(table)) != sorted(keys)}
    return d


def states(seed: int, every: int) -> list[Game]:
    """Every ``every``-th state of the fuzzer's random game ``seed`` (its options and its picks), and the
    last."""
    options, _ = plan(MODULE, seed)
    rng = random.Random(seed)
    g = MODULE.new_game(options, seed)
    budget: dict[str, int] = {}
    out = []
    n = 0
    while not g.over and n < 3000:
        if n % every == 0:
            out.append(MODULE.copy(g))
        role = rng.choice(g.active())
        order = pick(MODULE, rng, g, role, budget)
        assert order is not None
        g.apply(role, order)
        n += 1
    return [*out, g]


@pytest.mark.parametrize("seed", [1, 4])
def test_the_snapshots_state_is_asdicts_key_for_key_in_order(seed: int) -> None:
    seen_activation = False
    for g in states(seed, 7):
        st = g.state
        seen_activation |= st.activation is not None
        new, old = st.to_dict(), old_to_dict(st)
        assert new == old
        assert json.dumps(new) == json.dumps(old)  # the same keys in the same order, all the way down
        assert State.from_dict(new) == st
    assert seen_activation
