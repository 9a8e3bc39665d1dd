"""Napoleon's Triumph's ``legal()`` counts where the blocks stand once per state (``moves.Places``), not once
per candidate it tries dry: over the states of random games of the fuzzer's options, every count it answers
(a side's blocks in a locale for capacity, G4; a locale held by the enemy, 10; the enemy corps of 2+ units
next to a road move, G16; a corps' units, 8) is the one counted from the blocks, and the orders ``legal()``
offers with it are those the rules take tried one by one without it."""

from __future__ import annotations

import random

from engine import modules
from engine.triumph import legal as legal_rules
from engine.triumph import moves
from engine.triumph.game import Game
from engine.triumph.state import SIDES
from engine.triumph.table import actors
from tools.fuzz import pick

MODULE = modules.get("triumph")


def states(seed: int, every: int, most: int = 400) -> list[Game]:
    rng = random.Random(seed)
    assert MODULE.fuzzing.random_options is not None
    g = MODULE.new_game(MODULE.fuzzing.random_options(rng), seed)
    budget: dict[str, int] = {}
    out = []
    for i in range(most):
        if g.over:
            break
        if i % every == 0:
            out.append(MODULE.copy(g))
        role = rng.choice(g.active())
        order = pick(MODULE, rng, g, role, budget)
        assert order is not None
        g.apply(role, order)
    return out


def test_every_count_is_the_one_counted_from_the_blocks() -> None:
    stops = 0
    for seed in (1, 2):
        for g in states(seed, 9):
            ctx = g.ctx
            places = moves.Places(ctx)
            locales = sorted(moves.locale_ids(ctx))
            for side in SIDES:
                for loc in locales:
                    ctx.places = None
                    counted = (moves.own_count(ctx, loc, side), moves.enemy_held(ctx, loc, side))
                    stop = [moves._stops(ctx, side, loc, n) for n in (1, 2)]
                    ctx.places = places
                    assert (moves.own_count(ctx, loc, side), moves.enemy_held(ctx, loc, side)) == counted
                    assert [moves._stops(ctx, side, loc, n) for n in (1, 2)] == stop, (loc, side)
                    stops += stop[1]
            for c in ctx.st.commanders:
                ctx.places = places
                kept = moves.corps_units(ctx, c)
                ctx.places = None
                assert kept == ctx.st.corps_units(c)
            ctx.places = None
    assert stops > 0


def test_the_orders_offered_are_those_the_rules_take_one_by_one() -> None:
    offered = 0
    for g in states(3, 11):
        ctx = g.ctx
        for role in actors(ctx.st):
            legal_rules._KEPT.clear()
            got = legal_rules.legal(ctx, role).choices
            assert ctx.places is None  # forgotten once the candidates are tried: the next order moves blocks
            one_by_one = [o for o in legal_rules.candidates(ctx, role) if legal_rules._ok(ctx, role, o)]
            texts = list(dict.fromkeys(o.text() for o in one_by_one))  # each once, in order
            assert [o.text() for o in got] == texts
            offered += len(got)
    assert offered > 100
