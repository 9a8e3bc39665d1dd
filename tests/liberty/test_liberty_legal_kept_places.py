"""``legal()``'s moves served again from one ask to the next (the moves from each place kept with the game,
``legal.Kept``, checked against the enemy blocks and crossings they read: 5.1, 5.2, 5.4, 5.7, 4.0, 8.1, 8.4),
the walks of a place with nobody near taken from a table of the scenario, a kind of block's plan shared by
like blocks, like sea groups tried once. Over whole random games played as the service plays them (each
order on the working copy, ``Module.copy``), with refused orders and saves and loads among them (a loaded
game keeps nothing), every answer of both sides, state after state, is the one the code before gave: its
moves and its walks kept as the reference (``support/liberty_legal_before.py``), the same choices in the same
order. Asking changes nothing a game stores: the same orders replayed without a question give the same
snapshot."""

from __future__ import annotations

import random

import pytest
from support.liberty import actions, empty, new, put
from support.liberty_legal_before import reference

from engine.errors import RuleError
from engine.liberty import board
from engine.liberty import legal as legal_rules
from engine.liberty import orders as O
from engine.liberty.game import Game
from engine.liberty.module import MODULE
from engine.liberty.sequence import Phase
from tools.fuzz import pick

SIDES = ("british", "american")


def same(g: Game, monkeypatch: pytest.MonkeyPatch, where: object) -> int:
    """Both sides' answers (the game's, its moves kept) against the reference's; how many listed moves."""
    moving = 0
    for role in SIDES:
        now, before = g.legal(role), reference(g, role, monkeypatch)
        assert now == before, (where, role, g.state.phase)
        assert [str(c) for c in now.choices] == [str(c) for c in before.choices], (where, role)
        assert [str(c) for c in now.attacks] == [str(c) for c in before.attacks], (where, role)
        moving += (
            g.state.phase == Phase.ACTIONS and now.active and any(isinstance(c, O.Move) for c in now.choices)
        )
    return moving


# -- whole games ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("seed", "wilderness"), [(31, True), (32, False), (33, True)])
def test_every_answer_of_whole_random_games_is_the_one_before(
    monkeypatch: pytest.MonkeyPatch, seed: int, wilderness: bool
) -> None:
    rng = random.Random(seed)
    g = new(seed, indians_wilderness=wilderness)
    played: list[tuple[str, str]] = []
    budget: dict[str, int] = {}
    moving = refused = loaded = 0
    while not g.over:
        assert len(played) < 2000, seed
        moving += same(g, monkeypatch, (seed, len(played)))
        active = g.active()
        idle = [r for r in SIDES if r not in active]
        if rng.random() < 0.05:  # a refused order changes nothing, the moves kept included
            with pytest.raises(RuleError):
                g.apply(idle[0] if idle else active[0], "/move units:BR-1 path:01.01")
            refused += 1
            same(g, monkeypatch, (seed, len(played), "refused"))
        if played and rng.random() < 0.02:  # saved and loaded: the game keeps no moves, and answers alike
            g = Game.loads(g.dumps())
            assert not g._places.places
            legal_rules.ANSWERS.clear()  # nor are its answers kept in the process: all worked out again
            loaded += 1
            same(g, monkeypatch, (seed, len(played), "loaded"))
        role = rng.choice(active)
        order = pick(MODULE, rng, g, role, budget)
        assert order is not None
        work = MODULE.copy(g)  # the service's working copy: the moves kept go with it
        work.apply(role, order)
        played.append((role, order))
        g = work
    assert moving > 60 and refused > 5 and loaded > 2, (moving, refused, loaded)
    # nothing asked is stored: the orders replayed with no question asked give the same game
    again = new(seed, indians_wilderness=wilderness)
    for role, order in played:
        again.apply(role, order)
    assert again.dumps() == g.dumps()
    assert "_places" not in g.dumps() and "Kept" not in g.dumps()


# -- what a kept place reads -----------------------------------------------------------------------------


def test_a_place_kept_is_not_served_once_an_enemy_block_stands_where_its_walks_went(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """5.1: an enemy block put two hexes out after an ask cuts the moves beyond it at the next ask (the
    place's kept moves and its calm walks both refused; a place out of its reach served as kept), and taken
    away again the first answer is given again."""
    g = empty(7)
    put(g, "BR-2", "21.08")
    put(g, "BR-3", "13.08")  # a place far from the enemy: its moves kept from the first ask
    actions(g, "british")
    first = g.legal("british")
    far = {tuple(c.path) for c in first.choices if isinstance(c, O.Move) and c.units == ("BR-2",)}
    mid = sorted(p for p in far if len(p) >= 3)[0][1]
    kept = {id(c) for c in first.choices if isinstance(c, O.Move) and c.units == ("BR-3",)}
    put(g, "AM-1", mid)
    cut = g.legal("british")
    assert cut == reference(g, "british", monkeypatch)
    assert not any(isinstance(c, O.Move) and len(c.path) >= 3 and c.path[1] == mid for c in cut.choices)
    assert any(isinstance(c, O.Move) and c.path[-1] == mid for c in cut.attacks)
    assert {id(c) for c in cut.choices if isinstance(c, O.Move) and c.units == ("BR-3",)} == kept
    g.state.blocks["AM-1"].at = "pool"
    again = g.legal("british")
    assert again == first == reference(g, "british", monkeypatch)


def test_a_place_kept_is_not_served_once_its_hexsides_were_crossed_or_the_weather_bans_its_attack(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """5.2: a hexside its paths cross, full this turn, takes the moves across it away; 4.0: a weather roll
    that bans attacks there takes the attack away (each asked again of a place whose moves were kept)."""
    g = empty(9)
    put(g, "BR-2", "21.08")
    actions(g, "british")
    first = g.legal("british")
    step = next(c.path[:2] for c in first.choices if isinstance(c, O.Move) and len(c.path) == 2)
    g.state.hexsides[board.side_key("british", *step)] = g.ctx.lib.hexside(*step).limit  # type: ignore[union-attr]
    full = g.legal("british")
    assert full == reference(g, "british", monkeypatch)
    assert not any(isinstance(c, O.Move) and tuple(c.path[:2]) == step for c in full.choices)
    del g.state.hexsides[board.side_key("british", *step)]
    put(g, "AM-1", step[1])  # an enemy block next to it: an attack
    assert any(isinstance(c, O.Move) and c.path[-1] == step[1] for c in g.legal("british").attacks)
    region = g.ctx.lib.region(step[1])
    g.state.weather = 1 if region == "north" else 2
    banned = g.legal("british")
    assert banned == reference(g, "british", monkeypatch)
    assert not any(isinstance(c, O.Move) and c.path[-1] == step[1] for c in banned.attacks)


def test_the_moves_kept_stay_few_and_a_copy_keeps_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """The moves kept are those of the side's last asks (a bounded few places a side), and a copy of the game
    (``Module.copy``) asks on its own: what it keeps is not the original's."""
    rng = random.Random(5)
    g = new(5)
    most = 0
    for _ in range(400):
        if g.over:
            break
        for role in g.active():
            g.legal(role)
        most = max(most, *(len(p) for p in g._places.places.values()), 0)
        role = rng.choice(g.active())
        g.apply(role, rng.choice(g.legal(role).choices))
    assert 0 < most <= 40
    copy = MODULE.copy(g)
    for role in SIDES:
        copy.legal(role)
    assert all(copy._places.places[s] is not g._places.places.get(s) for s in copy._places.places)
    same(copy, monkeypatch, "copy")
