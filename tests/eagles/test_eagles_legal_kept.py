"""Eagles of the Empire's ``legal()`` kept per state: the bot, the fuzzer and the service ask it again of the
same state (each active side's list, its prompt, the list before an order, a pick's check), so the answer is
kept by the state's whole content. It is the fresh answer after every order, after a refused order, after a
field written in place and after a save and load; it is never in the snapshot; over the states of whole
games it is the answer worked out anew."""

from __future__ import annotations

import random

import pytest

from engine import modules
from engine.eagles import legal as legal_rules
from engine.eagles.context import Ctx
from engine.eagles.game import Game
from engine.eagles.state import OFF, SIDES
from engine.errors import RuleError
from tools.fuzz import pick

MODULE = modules.get("eagles")


def fresh(g: Game, role: str) -> legal_rules.Legal:
    """The answer worked out anew, nothing kept."""
    return legal_rules._legal(g.ctx, role)


def texts(lg: legal_rules.Legal) -> list[str]:
    return [o.text() for o in lg.choices]


def test_the_kept_answer_is_the_fresh_one_over_whole_games() -> None:
    phases: set[str] = set()
    for seed in (2,):  # the fuzzer's seed 2, to its end
        rng = random.Random(seed)
        g = MODULE.new_game(MODULE.make_options(MODULE.defaults()), seed)
        budget: dict[str, int] = {}
        n = 0
        while not g.over:
            if n % 9 == 0:
                phases.add(g.state.phase)
                for role in SIDES:
                    kept = g.legal(role)
                    new = fresh(g, role)
                    assert kept == new and texts(kept) == texts(new), (seed, n, role, g.state.phase)
                    assert g.legal(role) is kept  # asked again of the same state: the kept answer
                    again = Game.loads(g.dumps())  # saved and loaded: the same answer
                    assert again.legal(role) == new and texts(again.legal(role)) == texts(new)
            role = rng.choice(g.active())
            order = pick(MODULE, rng, g, role, budget)
            assert order is not None
            g.apply(role, order)
            n += 1
            assert n < 5000
    assert {"roll", "activate", "move"} <= phases, phases


def test_kept_answer_is_the_fresh_one_after_orders_refusals_and_fields_written(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[str] = []
    real = legal_rules._legal

    def counting(ctx: Ctx, role: str) -> legal_rules.Legal:
        calls.append(role)
        return real(ctx, role)

    monkeypatch.setattr(legal_rules, "_legal", counting)
    rng = random.Random(7)
    g = MODULE.new_game(MODULE.make_options(MODULE.defaults()), 7)
    budget: dict[str, int] = {}
    for _ in range(80):
        if g.over:
            break
        for role in SIDES:
            kept = g.legal(role)
            assert g.legal(role) is kept  # not worked out again
            assert kept == real(g.ctx, role)
        idle = [r for r in SIDES if r not in g.active()]
        if idle:  # a refused order changes nothing: the kept answer still holds, and is not made again
            n = len(calls)
            with pytest.raises(RuleError):
                g.apply(idle[0], "/done")
            g.legal(idle[0])
            assert len(calls) == n
        (mover,) = g.active()
        with pytest.raises(RuleError):  # the side to act, refused: the same state, the same answer
            g.apply(mover, "/move units:NOBODY to:NOWHERE")
        assert g.legal(mover) == real(g.ctx, mover)
        role = rng.choice(g.active())
        order = pick(MODULE, rng, g, role, budget)
        assert order is not None
        g.apply(role, order)
    (mover,) = g.active()
    kept = g.legal(mover)
    copy_ = MODULE.copy(g)  # a copy shares the kept answers (the same state)
    n = len(calls)
    assert copy_.legal(mover) is kept and len(calls) == n
    u = next(u for u in g.state.units.values() if u.side == mover and u.area != OFF)
    u.area = OFF  # in place, from outside: a new state, a new answer
    assert g.legal(mover) == real(g.ctx, mover) and len(calls) > n
    assert not any(u.id in o.text() for o in g.legal(mover).choices if o.text().startswith("/move"))


def test_nothing_kept_is_in_the_snapshot() -> None:
    g = MODULE.new_game(MODULE.make_options(MODULE.defaults()), 3)
    rng = random.Random(3)
    budget: dict[str, int] = {}
    for _ in range(40):
        role = rng.choice(g.active())
        g.apply(role, pick(MODULE, rng, g, role, budget) or "")
    before = g.dumps()
    for role in SIDES:
        g.legal(role)
    assert g.dumps() == before and MODULE.dumps_state(g) == MODULE.dumps_state(MODULE.loads(before))
    legal_rules._KEPT.clear()  # a process that kept nothing gives the same answer
    for role in SIDES:
        assert MODULE.loads(before).legal(role) == fresh(g, role)
