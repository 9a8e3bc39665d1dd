"""The engine's state kept fast (copy on write, docs/architecture.md) without changing what it is: ``dumps()``
is the same text as before, snapshots stored by the earlier engine load and replay identically, answers kept
with a state (``legal``, views, ``active``) are never stale, and ``apply`` never changes the state it
replaces."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.napoleon import cleared, place
from test_properties import options_st, random_walk

from engine.napoleon import Game, new_game
from engine.napoleon.fuzzing import pick
from engine.napoleon.state import Unit
from engine.script import run_lines

REFERENCE = Path(__file__).resolve().parents[1] / "fixtures" / "reference" / "snapshot-before-5-6.json"


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options_st, st.integers(0, 10**6), st.integers(1, 250))
def test_dumps_is_the_snapshot_as_compact_json_after_every_order(opts, seed, steps):
    """``dumps()`` is made part by part (state.state_json) but is exactly json.dumps(snapshot()), dict order
    included (not sort_keys), after every order, /undo included, and loads back to the same text."""

    def same_text(game: Game) -> None:
        text = game.dumps()
        assert text == json.dumps(game.snapshot(), separators=(",", ":"))
        assert Game.loads(text).dumps() == text

    random_walk(opts, seed, steps, same_text)


def test_a_snapshot_stored_by_the_earlier_engine_loads_and_replays_to_the_same_text():
    """A game stored before the state was made copy-on-write (a 3-player battle with an undo entry) loads to
    the same dumps(), and the replay of its orders, as the bot checks at load, gives that text too."""
    text = REFERENCE.read_text(encoding="utf-8").strip()
    game = Game.loads(text)
    assert game.dumps() == text
    replay = run_lines(game.script().splitlines())
    assert replay.ok and replay.game is not None

    def state(snapshot: str) -> dict:  # dice events have since gained what a roll needed
        d = json.loads(snapshot)
        d.pop("events")
        return d

    assert state(replay.game.dumps()) == state(text)
    assert len(json.loads(replay.game.dumps())["events"]) == len(json.loads(text)["events"])


def test_apply_never_changes_the_state_it_replaces():
    """The bot keeps earlier states (pictures of a moment, the twin check) while orders go on."""
    rng = random.Random(3)
    game = new_game(seed=3)
    budget: dict[str, int] = {}
    kept = []
    for _ in range(120):
        role = rng.choice(game.active())
        kept.append((game.state, game.dumps()))
        game.apply(role, pick(rng, game, role, budget))
    assert all(Game(st, game.scenario).dumps() == text for st, text in kept)


def _moves(game: Game, role: str = "french") -> list[str]:
    return [c.text() for c in game.legal(role).choices if c.kind == "move"]


def test_legal_is_asked_again_of_an_unchanged_state_and_answered_the_same():
    game = cleared()
    place(game, "Charleroi", "FR-1")
    first = game.legal("french")
    assert game.legal("french") is first  # kept with the state
    assert Game(game.state, game.scenario).legal("french") is first  # whichever Game wraps it
    assert first.choices == game._legal("french").choices  # and it is what legal() works out


def test_legal_kept_with_a_state_is_dropped_by_directives_and_changes_to_the_state():
    game = cleared()
    place(game, "Charleroi", "FR-1")
    assert any("path:Charleroi>" in c for c in _moves(game))
    place(game, "Fleurus", "FR-1")  # @place
    assert not any("path:Charleroi>" in c for c in _moves(game))
    assert any("path:Fleurus>" in c for c in _moves(game))
    game.state.units["FR-1"].location = "Charleroi"  # a test moving a block by hand
    assert any("path:Charleroi>" in c for c in _moves(game))
    game.state.units["FR-1"].moved = True  # 5.1: one move a unit a phase
    assert not any("units:FR-1 " in c for c in _moves(game))
    game.set_turn(2)  # @turn: the Allied turn
    assert game.legal("french").active is False
    assert game.active() == ["allied"]
    game.state.phase = "over"  # the state's own fields too
    assert game.legal("allied").phase == "over" and game.active() == []


def test_a_view_kept_with_a_state_follows_a_directive():
    game = cleared()
    place(game, "Charleroi", "FR-1")
    before = game.view("french", events=False)
    assert game.view("french", events=False) is before
    place(game, "Fleurus", "FR-1")
    towns = {t.name for t in game.view("french", events=False).towns if any(b.id == "FR-1" for b in t.blocks)}
    assert towns == {"Fleurus"}


def test_a_unit_is_its_fields_and_refuses_any_other():
    u = Unit("FR-1", "french", "infantry", 4, 4, "Charleroi")
    with pytest.raises(AttributeError):
        u.strength = 3  # a typo must not pass silently into a snapshot
    copy = u.clone()
    copy.cv = 3
    assert (u.cv, copy.cv) == (4, 3)
    assert Unit.from_dict(u.to_dict()) == u
    with pytest.raises(TypeError):
        Unit.from_dict({**u.to_dict(), "strength": 3})  # as Unit(**d) did
    with pytest.raises(TypeError):
        Unit.from_dict({"id": "FR-1"})
