"""/undo (docs/rulings.md, "Undo"; the rule of Rally the Troops): a role takes back its own last order, as
many times as it likes, until a die is rolled, something hidden is revealed to another role, or another role
acts. The state after an undo is the state before the undone order: same snapshot, same view for every
role."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.napoleon import cleared, place, rejected, units_of
from test_properties import options_st, random_walk

from engine import RuleError
from engine.napoleon import Game, Options, new_game
from engine.napoleon.orders import Move
from engine.script import run_lines

STOPS = {"undo.after_dice", "undo.after_reveal", "undo.after_turn", "undo.over"}


def views(game: Game) -> dict[str, dict]:
    return {r: game.view(r).to_dict() for r in ("public", *game.options.roles)}


def undo_refusal(game: Game, role: str) -> RuleError:
    before = game.dumps()
    with pytest.raises(RuleError) as info:
        game.apply(role, "/undo")
    assert game.dumps() == before
    return info.value


def test_undo_takes_back_moves_one_at_a_time_as_often_as_wanted():
    g = cleared()
    fr = units_of(g, "french", "infantry", 2)
    place(g, "Beaumont", *fr)
    g.apply("french", "/end")  # the directive's stop is behind us: a new French turn (turn 3)
    g.apply("allied", "/end")
    start, start_views = g.dumps(), views(g)
    assert "/undo" not in g.legal("french").choices
    g.apply("french", f"/move units:{fr[0]} path:Beaumont>Thuin")
    middle = g.dumps()
    g.apply("french", f"/move units:{fr[1]} path:Beaumont>Walcourt")
    assert "/undo" in g.legal("french").choices
    (event,) = g.apply("french", "/undo")
    assert event.kind == "undo" and event.visible("french")["order"].startswith(f"/move units:{fr[1]}")
    assert "order" not in event.visible("allied")  # which order was taken back is the mover's own business
    assert g.dumps() == middle
    g.apply("french", "/undo")
    assert g.dumps() == start and views(g) == start_views
    err = undo_refusal(g, "french")
    assert err.key == "undo.after_turn"  # nothing left since the turn began


def test_undo_stops_when_a_die_is_rolled():
    g = cleared()
    fr = units_of(g, "french", "infantry", 1)
    place(g, "Beaumont", *fr)
    g.apply("french", "/end")
    g.apply("allied", "/end")
    g.apply("french", f"/move units:{fr[0]} path:Beaumont>Thuin>Marchienne forced:yes")
    g.apply("french", "/undo")  # nothing rolled yet: the forced-march die comes at /end (5.5)
    g.apply("french", f"/move units:{fr[0]} path:Beaumont>Thuin>Marchienne forced:yes")
    g.apply("french", "/end")  # the die is rolled
    assert undo_refusal(g, "french").key == "undo.after_dice"
    assert "a die" in str(undo_refusal(g, "allied"))


def _battle_at_charleroi(players: int = 2) -> Game:
    """A French attack on Charleroi: the movement phase ended, the Allies to deploy."""
    g = cleared(players=players)
    fr = units_of(g, "french", "infantry", 3)
    pr = units_of(g, "prussian", "infantry", 3)
    place(g, "Gosselies", *fr)
    place(g, "Charleroi", *pr)
    g.apply("french", "/end")
    g.apply(g.active()[0], "/end")
    if players == 3:
        g.apply(g.active()[0], "/end")
    g.apply("french", f"/move units:{','.join(fr)} path:Gosselies>Charleroi")
    g.apply("french", "/end")
    assert g.state.phase == "battle"
    return g


def test_undo_stops_when_another_role_acts_and_comes_back_when_that_role_undoes():
    g = _battle_at_charleroi()
    moved = g.state.log[-2]
    ended = g.dumps()
    assert "/undo" in g.legal("french").choices  # the French /end started a battle and revealed nothing
    pr = units_of(g, "prussian", "infantry", 3)
    g.apply("allied", f"/deploy left:{pr[0]} center:{pr[1]} right:{pr[2]}")
    err = undo_refusal(g, "french")
    assert err.key == "undo.other_role" and "the Allies have acted" in str(err)
    g.apply("allied", "/undo")  # the defender changes its mind before the French deploy (6.2)
    assert g.dumps() == ended
    g.apply("french", "/undo")  # the /end: back in the movement phase
    assert g.state.phase == "movement" and g.state.log[-1] == moved
    g.apply("french", "/undo")  # and the attack itself
    assert not g.state.movement.attacks


def test_undo_stops_when_something_hidden_is_revealed_to_another_role():
    g = _battle_at_charleroi()
    pr = units_of(g, "prussian", "infantry", 3)
    fr = units_of(g, "french", "infantry", 3)
    g.apply("allied", f"/deploy left:{pr[0]} center:{pr[1]} right:{pr[2]}")
    g.apply("french", f"/deploy left:{fr[0]} center:{fr[1]} right:{fr[2]}")  # both lines revealed (6.2)
    assert undo_refusal(g, "french").key == "undo.after_reveal"
    assert undo_refusal(g, "allied").key == "undo.after_reveal"


def test_an_undo_is_an_order_of_scripts_and_replays():
    lines = [
        "@options ruleset=3.4 setup=historical players=2",
        "@seed 7",
        "french: /move units:FR-1 path:Solre-sur-Sambre>Maubeuge",
        "french: /undo",
        "! french: /undo",
        "! allied: /undo",
        "french: /move units:FR-1 path:Solre-sur-Sambre>Thuin",
    ]
    out = run_lines(lines)
    assert out.ok and out.game is not None
    again = run_lines([*lines[:2], lines[-1]])
    assert again.game is not None and again.game.dumps() == out.game.dumps()


def test_the_undo_stack_survives_a_save_and_a_load():
    g = _battle_at_charleroi()
    loaded = Game.loads(g.dumps())
    assert json.loads(loaded.dumps()) == json.loads(g.dumps()) and loaded.dumps() == g.dumps()
    g.apply("french", "/undo")
    loaded.apply("french", "/undo")
    assert loaded.dumps() == g.dumps()


def test_three_players_an_allys_order_stops_the_other_allys_undo():
    g = cleared(turn=2, players=3)
    (br,) = units_of(g, "british", "infantry", 1)
    (pr,) = units_of(g, "prussian", "infantry", 1)
    place(g, "Wavre", br, pr)
    g.apply("british", "/end")
    g.apply("prussian", "/end")
    g.apply("french", "/end")
    g.apply("british", f"/move units:{br} path:Wavre>Louvain")
    g.apply("prussian", f"/move units:{pr} path:Wavre>Gembloux")
    err = undo_refusal(g, "british")
    assert err.key == "undo.other_role" and "the Prussians" in str(err)
    g.apply("prussian", "/undo")
    g.apply("british", "/undo")
    assert g.state.units[br].location == g.state.units[pr].location == "Wavre"


def test_6_1_undo_puts_an_incomplete_attack_right():
    g = cleared()
    fr = units_of(g, "french", "infantry", 2)
    place(g, "Beaumont", *fr)
    place(g, "Thuin", *units_of(g, "prussian", "infantry", 3))
    g.apply("french", "/end")
    g.apply("allied", "/end")
    g.apply("french", f"/move units:{','.join(fr)} path:Beaumont>Thuin")
    rejected(g, "french", "/end", "6.1")
    assert g.legal("french").choices[-1] == "/undo"
    g.apply("french", "/undo")
    g.apply("french", "/end")


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options_st, st.integers(0, 10**6), st.integers(0, 160))
def test_apply_then_undo_gives_back_the_same_state_and_every_view(opts, seed, steps):
    """For random states and every kind of order the acting roles may give: after the order, either /undo
    gives back the same snapshot (dict order included) and the same view for every role, or it is refused
    naming one of the stops, and that stop did happen (a die rolled, a reveal, the turn passing)."""
    game = random_walk(opts, seed, steps)
    if game.over:
        return
    rng = random.Random(seed)
    before, before_views = game.dumps(), views(game)
    rolled = game.state.dice.rolled
    for role in game.options.roles:
        by_kind: dict[str, list[str]] = {}
        for c in game.legal(role).choices:
            if c != "/undo":
                by_kind.setdefault(c.kind, []).append(c)
        for kind, orders in by_kind.items():
            for order in rng.sample(orders, min(2, len(orders))):
                g = Game.loads(before)
                g.apply(role, order)
                try:
                    g.apply(role, "/undo")
                except RuleError as e:
                    assert e.key in STOPS, f"{kind}: {order}: {e}"
                    if e.key == "undo.after_dice":
                        assert g.state.dice.rolled > rolled
                    elif e.key == "undo.after_turn":
                        assert g.state.turn != game.state.turn or g.over
                    elif e.key == "undo.over":
                        assert g.over  # the order ended the game (12.0): nothing is taken back after
                    continue
                assert g.dumps() == before, f"{role}: {order} then /undo changed the game"
                assert views(g) == before_views


def test_undo_data_stays_small():
    """A whole French movement phase of single-unit moves, each still undoable: a few hundred bytes each."""
    g = new_game(Options(setup="historical"), seed=3)
    empty = len(g.dumps())
    n = 0
    for c in g.legal("french").choices:
        if isinstance(c, Move) and len(c.units) == 1 and not c.forced:
            try:
                g.apply("french", c)
            except RuleError:
                continue
            n += 1
    assert n >= 10 and len(g.state.undo) == n
    assert (len(g.dumps()) - empty) / n < 3000
