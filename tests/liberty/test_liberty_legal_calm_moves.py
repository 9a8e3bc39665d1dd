"""``legal()``'s tables of the scenario shared by every game: a group's calm moves from a place (no enemy
block within its walks' calm reach, no hexside crossed yet this turn, a hex that pins nothing: 5.1, 5.2,
5.4), a kind of block's walks among the enemy blocks within their calm reach (5.1: a walk reads no other
enemy), and each move made once. A game that asks with nothing of its own kept (a new or loaded game) is
served from them, and gets what the code before gave (the reference, ``support/liberty_legal_before.py``);
an enemy block within the reach, a crossing, a pin or the options' Indians' rule (10.0 with G9) is never
answered from the calm table."""

from __future__ import annotations

import pytest
from support.liberty import actions, empty, put
from support.liberty_legal_before import reference

from engine.liberty import board, turns
from engine.liberty import legal as legal_rules
from engine.liberty import orders as O
from engine.liberty.game import Game


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The places whose candidates are worked out (``_candidates``' calls), in order (no answer kept)."""
    legal_rules.ANSWERS.clear()
    calls: list[str] = []
    real = legal_rules._candidates

    def counted(ask, origin, blocks, reads):  # type: ignore[no-untyped-def]
        calls.append(origin)
        return real(ask, origin, blocks, reads)

    monkeypatch.setattr(legal_rules, "_candidates", counted)
    return calls


def _game(seed: int, **options: object) -> Game:
    g = empty(seed, **options)
    put(g, "BR-3", "13.08")
    put(g, "BR-2", "21.08")
    actions(g, "british")
    return g


def test_a_new_game_in_the_same_position_is_served_the_calm_moves_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = _game(41)
    answer = first.legal("british")
    assert answer == reference(first, "british", monkeypatch)
    calls = _counting(monkeypatch)
    again = _game(42)  # nothing of its own kept: the calm moves of both places from the table
    served = again.legal("british")
    assert calls == []
    assert served == answer == reference(again, "british", monkeypatch)
    assert [str(c) for c in served.choices] == [str(c) for c in answer.choices]


def test_an_enemy_block_within_the_calm_reach_is_never_answered_from_the_calm_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """5.1: the enemy block two hexes out stops the walk there (an attack), in a new game as in the first."""
    first = _game(43)
    calm = first.legal("british")
    far = sorted(tuple(c.path) for c in calm.choices if isinstance(c, O.Move) and c.units == ("BR-2",))
    mid = next(p for p in far if len(p) >= 3)[1]
    g = _game(44)
    put(g, "AM-1", mid)
    calls = _counting(monkeypatch)
    cut = g.legal("british")
    assert calls == ["21.08"]  # BR-3's place is out of reach of AM-1: its calm moves served
    assert cut == reference(g, "british", monkeypatch)
    assert any(isinstance(c, O.Move) and c.path[-1] == mid for c in cut.attacks)
    assert not any(isinstance(c, O.Move) and len(c.path) >= 3 and c.path[1] == mid for c in cut.choices)
    # the walks among that enemy kept too: a third game with AM-1 there and another enemy block beyond
    # every walk's reach (a new position, so nothing of the game's walks before serves)
    h = _game(45)
    put(h, "AM-1", mid)
    put(h, "AM-2", h.ctx.lib.atlantic)
    walked: list[object] = []
    real = board._reach
    legal_rules.ANSWERS.clear()
    monkeypatch.setattr(board, "_reach", lambda *a: walked.append(a) or real(*a))
    again = h.legal("british")
    assert walked == []
    monkeypatch.setattr(board, "_reach", real)
    assert again == reference(h, "british", monkeypatch)
    assert [c for c in again.choices if isinstance(c, O.Move)] == [
        c for c in cut.choices if isinstance(c, O.Move)
    ]


def test_a_crossing_or_a_pin_is_never_answered_from_the_calm_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """5.2: a full hexside takes the moves across it away; 5.4: a pinned hex lets only so many go."""
    first = _game(46)
    calm = first.legal("british")
    step = next(c.path[:2] for c in calm.choices if isinstance(c, O.Move) and c.units == ("BR-2",))
    g = _game(47)
    g.state.hexsides[board.side_key("british", *step)] = g.ctx.lib.hexside(*step).limit  # type: ignore[union-attr]
    full = g.legal("british")
    assert full == reference(g, "british", monkeypatch)
    assert not any(isinstance(c, O.Move) and tuple(c.path[:2]) == step for c in full.choices)
    h = _game(48)
    put(h, "BR-4", "21.08")
    h.state.p1 = "american"  # the British are P2: their hex pinned, one block may leave
    h.state.pinned["21.08"] = 1
    pinned = h.legal("british")
    assert pinned == reference(h, "british", monkeypatch)
    assert not any(
        isinstance(c, O.Move) and len(c.units) > 1 and c.path[0] == "21.08" for c in pinned.choices
    )


@pytest.mark.parametrize("wilderness", [True, False])
def test_the_indians_rule_of_the_options_keeps_its_own_calm_moves(
    monkeypatch: pytest.MonkeyPatch, wilderness: bool
) -> None:
    """10.0 with G9: an Indian block's walks under the option and without it are not the same table's."""
    g = empty(49, indians_wilderness=wilderness)
    indian = next(u.id for u in g.ctx.lib.units if u.type == "indians" and u.side == "british")
    home = g.ctx.lib.home_of(indian)
    assert home is not None and home.hex is not None
    put(g, indian, home.hex)
    actions(g, "british")
    assert g.legal("british") == reference(g, "british", monkeypatch)
    other = empty(50, indians_wilderness=not wilderness)
    put(other, indian, home.hex)
    actions(other, "british")
    assert other.legal("british") == reference(other, "british", monkeypatch)


def test_the_sea_moves_kept_are_served_only_where_what_they_read_is_as_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """5.7: a port's sea moves served again with the place's moves the game kept (``legal.Kept``: no sea move
    checked again) when the state changed elsewhere; 9.1: France's entry answered anew (a French block sails
    only once France is at war); from the Atlantic box (its ends the West Indies, 9.1) an enemy port is a sea
    attack (8.4)."""
    again = _game(51)
    seas = [c for c in again.legal("british").choices if isinstance(c, O.Sea)]
    assert seas and again.legal("british") == reference(again, "british", monkeypatch)
    checked: list[object] = []
    real = turns.sea_check
    monkeypatch.setattr(turns, "sea_check", lambda *a: checked.append(a) or real(*a))
    again.state.hands["british"].append("ACT-1")  # another state, nothing the ports' moves read
    assert [c for c in again.legal("british").choices if isinstance(c, O.Sea)] == seas
    assert checked == []
    monkeypatch.setattr(turns, "sea_check", real)
    lib = again.ctx.lib
    french = next(u.id for u in lib.units if u.nation == "french" and u.can_sea_move)
    for war in (False, True):
        g = empty(56 + war)
        g.state.french_in = war
        put(g, french, "21.08")
        actions(g, "american")
        answer = g.legal("american")
        assert answer == reference(g, "american", monkeypatch)
        assert any(isinstance(c, O.Sea) and french in c.units for c in answer.choices) == war
    h = _game(58)
    put(h, "BR-2", lib.atlantic)
    put(h, "AM-1", "21.08")
    atlantic = h.legal("british")
    assert atlantic == reference(h, "british", monkeypatch)
