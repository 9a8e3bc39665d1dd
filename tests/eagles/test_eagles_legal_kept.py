"""Eagles of the Empire's ``legal()`` kept per state: the bot, the fuzzer and the service ask it again of the
same state (each active side's list, its prompt, the list before an order, a pick's check), so the answer is
kept by the state's whole content. It is the fresh answer after every order, after a refused order, after a
field written in place and after a save and load; it is never in the snapshot; over the states of whole
games it is the answer worked out anew."""

from __future__ import annotations

import random

import pytest
from support.kept import Keeping, check_orders_refusals_and_fields, check_state, named, play_one, states

from engine import modules
from engine.eagles import legal as legal_rules
from engine.eagles.context import Ctx
from engine.eagles.game import Game
from engine.eagles.state import OFF, SIDES

MODULE = modules.get("eagles")


ANEW = legal_rules._legal  # taken before any test counts it
EAGLES = Keeping(MODULE, legal_rules, SIDES, "/done")


def fresh(ctx: Ctx, role: str) -> legal_rules.Legal:
    """The answer worked out anew, nothing kept."""
    return ANEW(ctx, role)


def test_the_kept_answer_is_the_fresh_one_over_whole_games() -> None:
    phases: set[str] = set()
    for seed in (2,):  # the fuzzer's seed 2, to its end
        g = MODULE.new_game(MODULE.make_options(MODULE.defaults()), seed)
        for state in states(MODULE, g, random.Random(seed), 9, 5000):
            phases.add(state.state.phase)
            check_state(state, SIDES, fresh)
        assert g.over
    assert {"roll", "activate", "move"} <= phases, phases


def test_kept_answer_is_the_fresh_one_after_orders_refusals_and_fields_written(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    written: list[tuple[str, str]] = []

    def off_the_map(g: Game, kept: dict[str, legal_rules.Legal]) -> str | None:
        """A unit of the side to act that its answer moves, taken off the map."""
        (mover,) = g.active()
        moves = named(kept[mover], "/move")
        u = next(
            (u for u in g.state.units.values() if u.side == mover and u.area != OFF and u.id in moves), None
        )
        if u is None:
            return None
        u.area = OFF
        written.append((mover, u.id))
        return mover

    g = check_orders_refusals_and_fields(
        EAGLES, monkeypatch, fresh, off_the_map, seed=7, orders=80, refused="/move units:NOBODY to:NOWHERE"
    )
    ((mover, gone),) = written
    assert gone not in named(g.legal(mover), "/move")


def test_nothing_kept_is_in_the_snapshot() -> None:
    g = MODULE.new_game(MODULE.make_options(MODULE.defaults()), 3)
    rng = random.Random(3)
    budget: dict[str, int] = {}
    for _ in range(40):
        play_one(MODULE, rng, g, budget)
    before = g.dumps()
    for role in SIDES:
        g.legal(role)
    assert g.dumps() == before and MODULE.dumps_state(g) == MODULE.dumps_state(MODULE.loads(before))
    legal_rules._KEPT.clear()  # a process that kept nothing gives the same answer
    for role in SIDES:
        assert MODULE.loads(before).legal(role) == fresh(g.ctx, role)
