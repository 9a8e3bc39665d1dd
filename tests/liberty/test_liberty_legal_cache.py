"""``Game.legal(role)`` is kept with the state it answered (the bot asks it again for each active role's
prompt, headline and drafts after every order), keyed by the state's whole content: the kept answer is the
fresh one after every order, after a rejected order, after a directive and after a field written in place
from outside; asked again of the same state it is not worked out again."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.liberty import actions, empty, new, put

from engine.errors import RuleError
from engine.liberty import legal as legal_rules
from engine.liberty.context import Ctx
from engine.liberty.game import Game
from engine.liberty.module import MODULE
from engine.liberty.sequence import Phase
from engine.liberty.state import Battle

SIDES = ("british", "american")


def fresh(g: Game, role: str) -> legal_rules.Legal:
    return legal_rules.legal(g.ctx, role, g.active())


def same_as_fresh(g: Game) -> None:
    for role in SIDES:
        kept = g.legal(role)
        assert kept == fresh(g, role), (role, g.state.phase)
        assert g.legal(role) == kept


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_kept_answer_is_the_fresh_one_after_every_order_of_random_games(seed: int) -> None:
    rng = random.Random(seed)
    g = new(seed)
    for _ in range(160):
        if g.over:
            break
        same_as_fresh(g)
        role = rng.choice(g.active())
        idle = [r for r in SIDES if r not in g.active()]
        if idle and rng.random() < 0.2:  # a rejected order changes nothing: the kept answer still holds
            with pytest.raises(RuleError):
                g.apply(idle[0], "/end")
            same_as_fresh(g)
        g.apply(role, rng.choice(g.legal(role).choices))
    same_as_fresh(g)
    copy = Game.loads(g.dumps())  # a loaded game answers as the game it was saved from
    for role in SIDES:
        assert copy.legal(role) == g.legal(role)


def test_asked_again_of_the_same_state_it_is_not_worked_out_again(monkeypatch: pytest.MonkeyPatch) -> None:
    legal_rules.ANSWERS.clear()  # the answers are kept for the process: this game's state asked first here
    g = new(3)
    calls: list[str] = []
    real = legal_rules.legal

    def counting(ctx, role, active, kept=None):  # type: ignore[no-untyped-def]
        calls.append(role)
        return real(ctx, role, active, kept)

    monkeypatch.setattr("engine.liberty.game.legal", counting)
    first = g.legal("british")
    assert g.legal("british") is first
    g.legal("american")
    assert calls == ["british", "american"]
    g.apply("british", g.legal("british").choices[0])  # 3.1: an order is a new state
    g.legal("british")
    assert calls == ["british", "american", "british"]


def test_a_field_written_in_place_is_a_new_state() -> None:
    g = new(5)
    assert g.state.phase == Phase.CARDS
    before = g.legal("british")
    card = g.state.hands["british"].pop()  # in place, inside a list: no attribute is assigned (3.1)
    after = g.legal("british")
    assert len(after.choices) == len(before.choices) - 1
    assert f"/play card:{card}" in [str(c) for c in before.choices]
    assert f"/play card:{card}" not in [str(c) for c in after.choices]
    assert after == fresh(g, "british")


def test_a_block_moved_from_outside_is_seen() -> None:
    g = empty(7)
    put(g, "BR-2", "21.08")
    actions(g, "british")
    before = g.legal("british")
    assert before.choices and any("BR-2" in str(c) for c in before.choices)
    g.state.blocks["BR-2"].moved = True  # 5.1: a block moves once a turn
    after = g.legal("british")
    assert not any("BR-2" in str(c) and str(c).startswith("/move") for c in after.choices)
    assert after == fresh(g, "british")


def test_a_directive_is_a_new_state() -> None:
    g = new(9)
    before = g.legal("american")
    g.directive("hand", "american ACT-1")
    after = g.legal("american")
    assert after != before
    assert [str(c) for c in after.choices] == ["/play card:ACT-1"]


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_a_copy_is_the_game_reloaded_and_shares_nothing_that_changes(seed: int) -> None:
    """``Module.copy`` (the game each order of the service is applied to) clones the state instead of
    reloading the snapshot: the copy is the reloaded game, and an order applied to it (or a directive) leaves
    the game it was copied from as it was."""
    rng = random.Random(seed)
    g = new(seed)
    for _ in range(120):
        if g.over:
            break
        saved = g.dumps()
        copy = MODULE.copy(g, deep=rng.random() < 0.5)
        assert copy.dumps() == Game.loads(saved).dumps() == saved
        role = rng.choice(copy.active())
        copy.apply(role, rng.choice(copy.legal(role).choices))
        if rng.random() < 0.1:
            copy.directive("dice", "6 6")
        assert g.dumps() == saved
        g = copy


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_the_state_as_a_dict_is_what_asdict_gives_and_shares_nothing(seed: int) -> None:
    """``State.to_dict`` (the snapshot) is made directly instead of by ``dataclasses.asdict``: the same dict,
    after every order of a random game (battles, winters and French entry included), and a copy."""
    rng = random.Random(seed)
    g = new(seed)
    for _ in range(300):
        if g.over:
            break
        d = g.state.to_dict()
        want = dataclasses.asdict(g.state)
        want["dice"] = g.state.dice.to_dict()
        assert d == want
        assert json.dumps(d, sort_keys=True) == json.dumps(want, sort_keys=True)
        role = rng.choice(g.active())
        g.apply(role, rng.choice(g.legal(role).choices))
    hands = {k: list(v) for k, v in g.state.hands.items()}
    d = g.state.to_dict()
    for value in d["blocks"].values():
        value["at"] = "nowhere"
    for cards in d["hands"].values():
        cards.append("nothing")
    assert all(b.at != "nowhere" for b in g.state.blocks.values()) and g.state.hands == hands


def _other(v: object) -> object:
    """A value unlike ``v`` (of its kind where it has one)."""
    if isinstance(v, bool):
        return not v
    if isinstance(v, int):
        return v + 1
    if isinstance(v, str):
        return v + "x"
    if isinstance(v, list):
        return [*v, "x"]
    if isinstance(v, dict):
        return {**v, "x": 1}
    return "x"


def test_the_key_of_the_answers_changes_with_every_field_of_the_state_and_the_options() -> None:
    """``legal.content``, the key the answers are kept under: every field of the state, of a block, of the
    battle, of the dice and of the options changed (in place too: a list inside a dict) gives another key,
    and changed back the same key."""
    rng = random.Random(12)
    g = new(12)
    for _ in range(60):
        role = rng.choice(g.active())
        g.apply(role, rng.choice(g.legal(role).choices))
    st, key = g.state, legal_rules.content(g.ctx)
    st.battle = Battle("21.08", "british")
    targets: list[object] = [st, next(iter(st.blocks.values())), st.battle, st.dice, g.ctx.opts]
    changed = 0
    for obj in targets:
        for f in dataclasses.fields(obj):  # type: ignore[arg-type]
            if obj is st and f.name in ("blocks", "battle", "dice"):
                continue  # each its own target
            was = getattr(obj, f.name)
            before = legal_rules.content(g.ctx)
            object.__setattr__(obj, f.name, _other(was))
            assert legal_rules.content(g.ctx) != before, (type(obj).__name__, f.name)
            object.__setattr__(obj, f.name, was)
            assert legal_rules.content(g.ctx) == before, (type(obj).__name__, f.name)
            changed += 1
    assert changed > 60
    st.battle = None
    assert legal_rules.content(g.ctx) == key
    blocks = dict(st.blocks)
    del st.blocks["BR-2"]  # a block no longer there
    assert legal_rules.content(g.ctx) != key
    st.blocks.clear()
    st.blocks.update(blocks)
    assert legal_rules.content(g.ctx) == key
    side = next(iter(st.hands))
    st.hands[side].append("x")  # in place, inside a dict
    assert legal_rules.content(g.ctx) != key
    st.hands[side].pop()
    st.blocks["BR-2"].moved = not st.blocks["BR-2"].moved
    assert legal_rules.content(g.ctx) != key


def test_a_value_marshal_cannot_write_is_keyed_by_pickle_and_still_told_apart() -> None:
    """A value of the state that ``marshal`` refuses (here a phase in a list) gives the key of ``pickle``:
    a key all the same, other than the state's without it, and never one of marshal's."""
    g = new(13)
    plain = legal_rules.content(g.ctx)
    g.state.queue.append(Phase.ACTIONS)  # type: ignore[arg-type]
    odd = legal_rules.content(g.ctx)
    assert odd != plain and odd[:1] != plain[:1]
    g.state.queue[-1] = Phase.SUPPLY  # type: ignore[call-overload]
    assert legal_rules.content(g.ctx) not in (odd, plain)


def test_the_answers_are_kept_for_each_scenarios_data() -> None:
    """The answers read the scenario's data too: a game of other data (equal states) keeps its own, and a
    game of the process's data shares them with every other game of it in the same state (its copies)."""
    g = new(14)
    first = g.legal("british")
    assert MODULE.copy(g).legal("british") is first
    lib = g.ctx.lib
    other = lib.model_copy(update={"name": lib.name})  # the same data, another object
    assert other is not lib
    assert legal_rules.answers(lib) is legal_rules.answers(lib)
    assert legal_rules.answers(other) is not legal_rules.answers(lib)
    twin = Game(Ctx(g.state.clone(), other, g.ctx.opts))
    assert twin.legal("british") == first and twin.legal("british") is not first
