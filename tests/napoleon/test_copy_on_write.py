"""Copy on write (engine/napoleon/state.py ``fork``/``own``, ``Game.apply``).

An order first runs on a fork of the state whose units are the state's own objects until a rule writes one
(``GameState.own`` copies it then); a rule that writes a shared unit without ``own`` stops the order
(``SharedWrite``, before anything changed) and it runs again on a full copy. These tests play whole random
games both ways and compare them order by order, and check that no earlier state changes afterwards (the
service keeps the states of earlier moments for their pictures)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine.napoleon import new_game
from engine.napoleon import state as S
from engine.napoleon.fuzzing import pick, random_options
from engine.napoleon.game import Game


def _play(seed: int, cow: bool) -> tuple[list[str], list[S.GameState], Game]:
    S.COPY_ON_WRITE[0] = cow
    try:
        rng = random.Random(seed)
        g = new_game(dataclasses.replace(random_options(rng), days=0), seed)
        budget: dict[str, int] = {}
        dumps: list[str] = []
        states: list[S.GameState] = []
        while not g.over:
            role = rng.choice(g.active())
            g.apply(role, pick(rng, g, role, budget))
            dumps.append(g.dumps())
            states.append(g.state)
        return dumps, states, g
    finally:
        S.COPY_ON_WRITE[0] = True


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_a_whole_game_is_the_same_with_copy_on_write_as_with_full_copies(seed: int) -> None:
    with_cow, states, g = _play(seed, True)
    without, _, _ = _play(seed, False)
    assert len(with_cow) == len(without) > 50
    for i, (a, b) in enumerate(zip(with_cow, without, strict=True)):
        assert a == b, f"order {i + 1} of seed {seed}"
    # every earlier state is still as it was after its own order, although later orders wrote their units
    again = [Game(st, g.scenario).dumps() for st in states]
    assert again == with_cow


def test_a_fork_shares_its_units_until_one_is_written_then_copies_that_one_only() -> None:
    g = new_game(seed=3)
    prev = g.state
    work = prev.fork()
    uid = next(k for k, u in prev.units.items() if u.cv > 1)
    assert all(work.units[k] is prev.units[k] for k in prev.units)
    w = work.own(prev.units[uid])
    assert w is not prev.units[uid] and work.units[uid] is w
    assert work.own(prev.units[uid]) is w  # owned once: the same copy again
    w.cv = 1
    assert prev.units[uid].cv != 1
    shared = [k for k in prev.units if work.units[k] is prev.units[k]]
    assert len(shared) == len(prev.units) - 1
    assert work.__dict__["_dirty"] == {uid}  # what /undo's entry is made of (undo.record)


def test_a_write_to_a_shared_unit_during_a_forked_order_changes_nothing_and_signals_the_full_copy() -> None:
    g = new_game(seed=3)
    work = g.state.fork()
    u = next(u for u in g.state.units.values() if u.cv > 1)
    before = u.cv
    was = S.writing(work.__dict__["_dirty"])
    try:
        with pytest.raises(S.SharedWrite):
            work.units[u.id].cv = before - 1  # a rule that forgot ``own``
    finally:
        S.writing(was)
    assert u.cv == before
    assert not work.__dict__["_dirty"]


def test_fire_hits_leave_the_state_before_them_untouched() -> None:
    """A fire's hits (8.4) write the blocks hit, their losses, eliminations and the routs they cause (7.5):
    on the fork's own copies, never on the state before the order."""
    seed = 5
    rng = random.Random(seed)
    g = new_game(dataclasses.replace(random_options(rng), days=0), seed)
    budget: dict[str, int] = {}
    fired = 0
    while not g.over and fired < 3:
        role = rng.choice(g.active())
        order = pick(rng, g, role, budget)
        before = g.state
        text = g.dumps()
        g.apply(role, order)
        if order.startswith("/fire"):
            fired += 1
            assert Game(before, g.scenario).dumps() == text
    assert fired == 3


def _mutables(v: object) -> list[object]:
    """The lists, dicts and sets inside ``v`` (itself included), depth first."""
    if isinstance(v, dict):
        return [v, *(m for x in v.values() for m in _mutables(x))]
    if isinstance(v, (list, tuple, set)):
        own = [v] if not isinstance(v, tuple) else []
        return [*own, *(m for x in v for m in _mutables(x))]
    return []


def test_a_battle_copy_is_plain_copy_field_by_field_and_shares_nothing_that_changes() -> None:
    """``battle_fields`` copies each field by its declared shape (``_battle_copier``); over the battles of
    random games it gives what ``plain_copy`` gives, in the fields' order, and no list or dict of the copy
    is the battle's own (or an order on a fork would write the state before it)."""
    seen = 0
    for seed in (21, 22, 23):
        rng = random.Random(seed)
        g = new_game(dataclasses.replace(random_options(rng), days=0), seed)
        budget: dict[str, int] = {}
        while not g.over and seen < 400:
            role = rng.choice(g.active())
            g.apply(role, pick(rng, g, role, budget))
            for b in g.state.battles:
                seen += 1
                fields = S.battle_fields(b)
                expected = {n: S.plain_copy(getattr(b, n)) for n in S.field_names(S.Battle)}
                assert fields == expected and list(fields) == list(expected)
                theirs = {id(m) for m in _mutables([getattr(b, n) for n in S.field_names(S.Battle)])}
                assert not theirs & {id(m) for m in _mutables(list(fields.values()))}
                clone = b.clone()
                assert clone == b and clone is not b
    assert seen >= 100


def test_every_field_of_a_battle_has_a_copier_for_its_shape() -> None:
    """A field whose declared shape is none of the hand-copied ones is ``plain_copy``'s, never shared as a
    scalar: only str, int, bool, None and the enums are."""
    for name, copier in S._BATTLE_COPIERS:
        value = S.Battle("X", "french", "allied").__dict__[name]
        if copier is None:
            assert type(value) in S._SCALARS, name
        else:
            assert copier in (list, dict, S._lists_by_key, S._columns_by_role, S.plain_copy), name
    assert dict(S._BATTLE_COPIERS)["last_fire"] is S.plain_copy


def test_standing_preferences_are_shared_by_copies_and_replaced_whole_by_prefer() -> None:
    """The standing preferences (the engine chooses so that the game never waits on the loser;
    docs/rulings.md, 7.5 Rout) are not copied by a fork: ``Game.prefer`` replaces
    them whole, so a state from before keeps its own."""
    g = new_game(seed=5)
    g.prefer("allied", "hits", ["BR-1"])
    before = g.state
    work = before.fork()
    assert work.preferences is before.preferences
    g.state = work
    g.prefer("allied", "hits", ["PR-2"])
    assert before.preferences["allied"]["hits"] == ["BR-1"]
    assert g.state.preferences["allied"]["hits"] == ["PR-2"]


def test_a_forced_march_waiting_for_its_roll_is_frozen_and_shared_by_copies() -> None:
    """5.5: the forced marches wait for the end of the movement; no rule changes one, so a copy of the
    movement bookkeeping shares them."""
    fm = S.PendingForcedMarch("FR-1", ("Charleroi", "Fleurus"), 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        fm.bonus = 0  # type: ignore[misc]
    mv = S.Movement(forced=[fm])
    assert S.copy_movement(mv).forced[0] is fm
    assert S.movement_from_dict(S.movement_to_dict(mv)) == mv


def test_a_town_view_is_the_same_value_while_the_same_faces_stand_there_and_new_when_one_changes() -> None:
    """views._town: a town's view is found again by the faces standing there (kept with their units until
    they change), so an order's views remake only the towns it touched; a unit that changes gives a new
    face, and its town a new view saying the change."""
    from engine.napoleon import views

    views._TOWNS.clear()  # the kept views are forgotten whole when full: not in the middle of this test
    rng = random.Random(4)
    g = new_game(dataclasses.replace(random_options(rng), days=0), 4)
    budget: dict[str, int] = {}
    while g.state.phase == "setup":
        role = rng.choice(g.active())
        g.apply(role, pick(rng, g, role, budget))
    before = {t.name: t for t in g.view("french", events=False).towns}
    town, tv = next((n, t) for n, t in before.items() if any(b.known and b.cv and b.cv > 1 for b in t.blocks))
    uid = next(b.id for b in tv.blocks if b.known and b.cv and b.cv > 1)
    work = g.state.fork()
    work.own(work.units[uid]).cv -= 1
    after = {t.name: t for t in Game(work, g.scenario).view("french", events=False).towns}
    assert all(after[n] is before[n] for n in before if n != town)  # the towns not touched: the same values
    assert after[town] is not tv and after[town] != tv
    cv = next(b.cv for b in tv.blocks if b.id == uid)
    assert cv is not None
    assert [b.cv for b in after[town].blocks if b.id == uid] == [cv - 1]
    again = {t.name: t for t in g.view("french", events=False).towns}
    assert again[town] is tv  # the state before: as it was
