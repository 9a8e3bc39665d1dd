"""Every registered module on ``GameModule`` (``engine/module.py``) stores its games without their two growing
logs and loads them back, by the game object's own hooks (``dumps_state``, ``loads_state``,
``with_history``, ``copy``) that the module no longer writes: the store's path (``bot/service/core.py``)
and a snapshot stored whole before the module stored them light."""

from __future__ import annotations

import json
from random import Random

import pytest

from engine.module import AnyModule, GameModule, GameObject
from engine.modules import get, modules

GAME_MODULES = sorted(m.id for m in modules() if isinstance(m, GameModule))


def _played(module_id: str, seed: int, orders: int) -> tuple[AnyModule, GameObject]:
    """A game of the module's default options after up to ``orders`` legal orders picked at random."""
    m = get(module_id)
    g = m.new_game(m.make_options(m.defaults()), seed)
    rng = Random(seed)
    for _ in range(orders):
        roles = [r for r in g.active() if g.legal(r).choices]
        if g.over or not roles:
            break
        role = rng.choice(roles)
        g.apply(role, rng.choice(list(g.legal(role).choices)))
    return m, g


@pytest.mark.parametrize("module_id", GAME_MODULES)
def test_a_game_module_stores_a_game_without_its_logs_and_loads_it_with_the_stores(module_id: str):
    m, g = _played(module_id, 11, 8)
    events, log, whole = [e.to_dict() for e in g.events], list(g.log), g.dumps()
    light = m.dumps_state(g)
    assert len(light) < len(whole)
    assert m.loads_state(light, events, log).dumps() == whole
    assert m.loads_state(whole, events, log).dumps() == whole  # a snapshot stored whole before
    assert m.with_history(m.loads_state(light, [], []), events, log).dumps() == whole
    assert json.loads(m.loads_state(light, [], []).dumps()) != json.loads(whole)  # the logs are the store's


@pytest.mark.parametrize("module_id", GAME_MODULES)
def test_a_game_modules_copy_takes_an_order_while_the_game_stays_as_it_was(module_id: str):
    m, g = _played(module_id, 5, 4)
    before = g.dumps()
    c = m.copy(g)
    roles = [r for r in c.active() if c.legal(r).choices]
    if not roles:
        pytest.skip("no order to give")
    c.apply(roles[0], c.legal(roles[0]).choices[0])
    assert g.dumps() == before and c.dumps() != before
