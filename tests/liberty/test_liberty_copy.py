"""Liberty's working copy (``Module.copy``: the game an order is applied to while the game as it was stays):
over random games, every order applied to the copy gives the snapshot the same order gives applied to the
game reloaded from its snapshot, a rejected order leaves both as they were, and nothing done to the copy
reaches the game it was made from."""

from __future__ import annotations

import random

import pytest
from support.liberty import new

from engine import modules
from engine.errors import RuleError
from engine.liberty.game import Game
from engine.liberty.module import MODULE

SIDES = ("british", "american")


@pytest.fixture
def liberty():
    modules.register(MODULE)
    yield MODULE
    modules.unregister("liberty")


def _wrong_order(g: Game, rng: random.Random) -> tuple[str, str]:
    """An order the rules refuse now: a side not acting, a block that is not a block, an /end out of turn."""
    waiting = [s for s in SIDES if s not in g.active()]
    if waiting and rng.random() < 0.5:
        return waiting[0], rng.choice(["/end", "/build", "/play card:1"])
    return rng.choice(g.active()), rng.choice(["/supply units:nobody", "/move units:nobody path:nowhere"])


def _same(a: Game, b: Game) -> None:
    assert a.dumps() == b.dumps()
    assert a.active() == b.active()
    for role in SIDES:
        assert a.legal(role) == b.legal(role)


def _play(seed: int) -> set[str]:
    """A whole random game, every order applied to ``copy`` and to ``loads(dumps())``; the phases it saw."""
    rng = random.Random(seed)
    g = new(seed)
    phases = set()
    steps = 0
    while not g.over and steps < 2000:
        before = g.dumps()
        work, reloaded = MODULE.copy(g), MODULE.loads(before)
        if rng.random() < 0.15:
            role, text = _wrong_order(g, rng)
            with pytest.raises(RuleError) as on_copy:
                work.apply(role, text)
            with pytest.raises(RuleError) as on_reload:
                reloaded.apply(role, text)
            assert str(on_copy.value) == str(on_reload.value)
        else:
            role = rng.choice(g.active())
            order = rng.choice(g.legal(role).choices)
            assert [e.to_dict() for e in work.apply(role, order)] == [
                e.to_dict() for e in reloaded.apply(role, order)
            ]
            steps += 1
        assert g.dumps() == before  # the game as it was stays as it was
        _same(work, reloaded)
        phases.add(str(work.state.phase))
        g = work  # play on from the copy, as the service does
    assert g.over
    return phases


@pytest.mark.parametrize("seed", [3, 7])
def test_copy_plays_as_a_reload_does(liberty, seed):
    """Every order of a whole random game (cards, actions, battles, the winter's disbanding: 3.0-11.3),
    applied to ``copy`` and to ``loads(dumps())``, gives the same events, snapshot, sides to act and legal
    orders; the game copied is untouched; a refused order changes neither and is refused by both with the
    same message."""
    assert {"battle", "disband", "over"} <= _play(seed)


def test_copy_shares_nothing_the_rules_change(liberty):
    """The copy's state, blocks, battle, hands, dice, exchange offer (11.5), events and log are its own: a
    change to any of them leaves the game copied as it was (``deep`` too, for a directive)."""
    g = new(5)
    rng = random.Random(5)
    while g.state.battle is None:  # into a battle (7.0), so that it is copied too
        role = rng.choice(g.active())
        g.apply(role, rng.choice(g.legal(role).choices))
    g.state.offer = {"by": "british", "give": ["B1"], "take": ["A1"]}
    before = g.dumps()
    for deep in (False, True):
        c = MODULE.copy(g, deep=deep)
        st = c.state
        assert st is not g.state and c.ctx.events is not g.ctx.events and c.log is not g.log
        next(iter(st.blocks.values())).strength = 0
        st.battle.acted.append("x")  # type: ignore[union-attr]
        st.hands["british"].append("x")
        st.offer["give"].append("x")  # type: ignore[index]
        st.dice.force([6])
        st.control["x"] = "british"
        c.ctx.events.clear()
        c.log.append("x")
        assert g.dumps() == before
