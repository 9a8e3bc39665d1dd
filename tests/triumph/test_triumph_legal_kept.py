"""Napoleon's Triumph's ``legal()`` made cheaper for the bot, which asks it after every order (each active
role's list and prompt, the list before the order, a pick's check): the answer is kept by the state's whole
content, so it is the fresh one after every order, after a refused order and after a field written in place;
the orders step makes its candidates as they are asked for and offers no move of a force that may not be
commanded (9); and over many states of random games of every option its answer is the one it gave before
(the orders step's candidates as they were, every one tried by the rules, kept below as the reference). The
snapshot leaves out the event and script logs, which the store keeps apart: a game loaded from it with them
is the game, and a snapshot with them (as stored before) still loads."""

from __future__ import annotations

import copy
import dataclasses
import json
import random

import pytest
from support.kept import Keeping, check_orders_refusals_and_fields, check_state, named, states

from engine import modules
from engine.orders import Order
from engine.triumph import legal as legal_rules
from engine.triumph import moves
from engine.triumph import orders as O
from engine.triumph.context import Ctx
from engine.triumph.game import Game
from engine.triumph.state import OFF, SIDES
from engine.triumph.table import ROWS, actors, step_of

MODULE = modules.get("triumph")
TRIUMPH = Keeping(MODULE, legal_rules, SIDES, "/end")


def old_order_candidates(ctx: Ctx, role: str) -> list[Order]:
    """The orders step's candidates as ``legal`` made them before: every force's moves and marches whether or
    not it may be commanded, all made before any is tried."""
    st = ctx.st
    out: list[Order] = []
    forces: list[tuple[str, str, str | None]] = []
    for c in st.commanders.values():
        if c.side == role and c.at not in (OFF, "gone") and c.commands < moves.commander_limit(ctx, c.id):
            forces.append((c.id, c.at, c.on))
    for b in st.blocks.values():
        if b.side == role and b.at not in (OFF, "gone") and b.commanded < moves.unit_limit(ctx, b):
            forces.append((b.id, b.at, b.on))
    for name, at, on in forces:
        if on is None:
            for n in ctx.data.neighbours(at):
                out.append(O.Move(name, n))
                out.append(O.Move(name, at, n))
        else:
            out += [O.Move(name, at), O.Move(name, on)]
        if name in st.commanders and on is None:
            for path in moves.road_paths(ctx, at):
                out.append(O.March(name, path))
                for n in ctx.data.neighbours(path[-1]):
                    if moves.road_classes(ctx, path[-1], n):
                        out.append(O.March(name, path, n))
            for b in st.blocks.values():
                if b.side == role and (b.at, b.on) == (at, on) and b.corps != name:
                    out.append(O.Attach(name, b.id))
    for c in st.commanders.values():
        if c.side == role and c.at == OFF:
            out += [O.Enter(c.id, e.id) for e in ctx.data.entries if e.side == role]
    sources = {b.at for b in st.blocks.values() if b.side == role and b.at not in (OFF, "gone")}
    for s in sorted(sources):
        for n in ctx.data.neighbours(s):
            if moves.enemy_held(ctx, n, role):
                out.append(O.Threat(s, n))
                guards = [b.id for b in st.blocks.values() if b.side == role and b.at == s and b.guard]
                out += [O.Threat(s, n, g) for g in guards]
    out.append(O.End())
    return out


def old_legal(ctx: Ctx, role: str) -> legal_rules.Legal:
    """``legal`` as it was: nothing kept, every candidate made, then each tried by the rules."""
    st = ctx.st
    step = step_of(st)
    if role not in actors(st):
        return legal_rules.Legal(role, str(step), False)
    cands = old_order_candidates(ctx, role) if step == "orders" else legal_rules.candidates(ctx, role)
    seen: set[str] = set()
    choices = []
    for o in cands:
        if o.text() not in seen:
            seen.add(o.text())
            if legal_rules._ok(ctx, role, o):
                choices.append(o)
    return legal_rules.Legal(role, str(step), True, ROWS[step].orders, tuple(choices))


def _games(seeds: range, most: int, every: int) -> list[Game]:
    """States of random games on the fuzzer's random options: every ``every``-th, at most ``most`` orders."""
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        assert MODULE.fuzzing.random_options is not None
        g = MODULE.new_game(MODULE.fuzzing.random_options(rng), seed)
        out += [MODULE.copy(state) for state in states(MODULE, g, rng, every, most)]
    return out


@pytest.mark.parametrize("seeds", [range(0, 3), range(3, 6)])
def test_the_answer_is_the_one_it_gave_before_over_random_games(seeds: range) -> None:
    steps: set[str] = set()
    for g in _games(seeds, 260, 13):
        steps.add(str(step_of(g.state)))
        check_state(g, SIDES, old_legal)
        for role in SIDES:
            assert [o.text() for o in legal_rules.first_choices(g.ctx, role, 3)] == [
                o.text() for o in g.legal(role).choices[:3]
            ]
    assert "orders" in steps and len(steps) >= 3, steps


def test_a_force_that_may_not_be_commanded_has_no_move_offered() -> None:
    """9: the Allies give at most 5 corps commands a turn: with the 5 given, no corps moves (nor marches),
    and the moves the rules would refuse are not among the candidates at all."""
    g = MODULE.new_game(MODULE.make_options(MODULE.defaults()), 1)
    st = g.state
    assert st.side == "allies" and step_of(st) == "orders"
    before = g.legal("allies")
    assert any(isinstance(o, O.Move) and o.force in st.commanders for o in before.choices)
    st.corps_commands = g.ctx.data.commands.allied_corps_commands  # in place: a new state (9)
    after = g.legal("allies")
    corps_moves = [
        o
        for o in legal_rules.candidates(g.ctx, "allies")
        if (isinstance(o, O.Move) and o.force in st.commanders) or isinstance(o, O.March)
    ]
    assert corps_moves == [] and not any(isinstance(o, O.March) for o in after.choices)
    assert not any(isinstance(o, O.Move) and o.force in st.commanders for o in after.choices)
    assert after == old_legal(g.ctx, "allies")


def test_kept_answer_is_the_fresh_one_after_orders_refusals_and_fields_written(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    written: list[str] = []

    def gone(g: Game, kept: dict[str, legal_rules.Legal]) -> str | None:
        """A block of a side to act that its answer names, eliminated."""
        b = next(
            (b for b in g.state.blocks.values() if b.side in g.active() and b.id in named(kept[b.side])), None
        )
        if b is None:
            return None
        b.at, b.on = "gone", None
        written.append(b.id)
        return b.side

    g = check_orders_refusals_and_fields(TRIUMPH, monkeypatch, old_legal, gone, seed=7, orders=60)
    (block,) = written
    assert not any(block in named(g.legal(r)) for r in SIDES)


@pytest.mark.parametrize("seed", [2, 11])
def test_snapshot_without_the_logs_loads_with_them_as_the_game(seed: int) -> None:
    for g in _games(range(seed, seed + 1), 400, 37):
        events = [e.to_dict() for e in g.events]
        light = MODULE.dumps_state(g)
        assert json.loads(light)["events"] == [] and json.loads(light)["log"] == []
        assert len(light) < len(g.dumps()) or not g.events
        again = MODULE.loads_state(light, events, list(g.log))
        assert again.dumps() == g.dumps()
        assert MODULE.loads_state(g.dumps(), events, list(g.log)).dumps() == g.dumps()  # stored before
        whole = MODULE.with_history(g, events, list(g.log))
        assert whole.dumps() == g.dumps() and whole.state is not g.state
        d = g.state.to_dict()  # made directly: what ``dataclasses.asdict`` gives, sharing nothing
        want = dataclasses.asdict(g.state)
        assert d == want and json.dumps(d, sort_keys=True) == json.dumps(want, sort_keys=True)
        assert g.state.clone() == copy.deepcopy(g.state)
        for value in d["blocks"].values():
            value["at"] = "nowhere"
        d["dice"]["forced"].append(6)
        assert all(b.at != "nowhere" for b in g.state.blocks.values()) and 6 not in g.state.dice.forced
