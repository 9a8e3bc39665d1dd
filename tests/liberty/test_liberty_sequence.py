"""Liberty's sequence of play as one table (engine/liberty/sequence.py), checked as test_battle_machine.py
checks Napoleon's battles: one row a phase, naming real order kinds and prompts, every transition with its
rule; every change of phase real games make is one of ``TRANSITIONS``; who the table asks is who ``legal()``
offers orders to, with the kinds and the prompt the table says; only ``sequence.go`` writes the phase."""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

import pytest
from support.liberty import empty, new, put
from support.source import phase_writes
from test_liberty_rules import BOSTON, WEST, _battle, _winter

import engine.liberty.module as liberty_module
from ai.liberty import LibertyHeuristicPlayer, LibertyRandomPlayer
from engine.liberty.game import Game
from engine.liberty.messages import EN
from engine.liberty.orders import GRAMMAR
from engine.liberty.sequence import ANY_TIME, ROWS, TABLE, TRANSITIONS, Phase, Who, go, moves
from engine.liberty.state import State

P = Phase
ROOT = Path(__file__).resolve().parents[2]
RULE = re.compile(r"^(Game turn|\d+\.\d+|G\d+)(, (Game turn|\d+\.\d+|G\d+))*$")


def test_every_phase_has_exactly_one_row_naming_real_kinds_prompts_and_rules():
    phases = [row.phase for row in TABLE]
    assert len(phases) == len(set(phases)) and set(phases) == set(Phase)
    for row in TABLE:
        # the phases nobody acts in (the engine plays them out, or the game is over) offer nothing
        asks = row.phase not in (P.BATTLE_PHASE, P.WINTER, P.OVER)
        assert bool(row.orders) == bool(row.prompts) == asks == (row.who is not Who.NOBODY), row.phase
        assert set(row.orders) <= set(GRAMMAR.kinds), row.phase
        assert all(key in EN for key in row.prompts), row.phase
        assert RULE.match(row.rule), row.rule
    assert set(ANY_TIME) <= set(GRAMMAR.kinds)
    # every kind of order is taken somewhere
    assert {k for row in TABLE for k in row.orders} | set(ANY_TIME) == set(GRAMMAR.kinds)


def test_every_transition_cites_its_rules_and_the_sequence_hangs_together():
    for t in TRANSITIONS:
        assert t.src and t.when and RULE.match(t.rule), t
    assert not any(moves(P.OVER, p) for p in Phase)  # 11.1: the end
    assert moves(P.WINTER, P.OVER) and not moves(P.ACTIONS, P.OVER)  # the war is decided in the winter only
    # 7.1: the battles come after all the actions; a battle never goes back to the actions
    assert not moves(P.COMBAT, P.ACTIONS) and not moves(P.BATTLE_PHASE, P.ACTIONS)
    assert not moves(P.CHOOSING_BATTLE, P.CHOOSING_BATTLE)  # P1 chooses once, then the battle is fought
    # every phase is reached from the card phase
    reached, todo = {P.CARDS}, [P.CARDS]
    while todo:
        src = todo.pop()
        for p in Phase:
            if p not in reached and moves(src, p):
                reached.add(p)
                todo.append(p)
    assert reached == set(Phase)


def test_go_refuses_a_change_the_table_does_not_list():
    g = new(1)
    assert g.state.phase is P.CARDS
    with pytest.raises(AssertionError, match="no transition"):
        go(g.state, P.REGROUP, "british")
    assert g.state.phase is P.CARDS and g.state.acting is None
    go(g.state, P.SUPPLY, "american")
    assert (g.state.phase, g.state.acting) == (P.SUPPLY, "american")


def test_the_stored_strings_are_those_snapshots_hold_and_read_back_as_the_enums():
    # the values stored games hold (a snapshot written before the enums loads as it was)
    assert [p.value for p in Phase] == [
        "cards", "supply", "actions", "place", "battles", "battle_order", "battle", "hit", "withdraw",
        "regroup", "winter", "disband", "attrition", "over",
    ]  # fmt: skip
    g = new(3)
    text = g.dumps()
    stored = json.loads(text)
    assert stored["state"]["phase"] == "cards"
    for value in ("battle", "regroup", "attrition"):
        old = dict(stored["state"], phase=value)
        again = State.from_dict(json.loads(json.dumps(old)))
        assert again.phase is Phase(value) and json.loads(json.dumps(again.to_dict()))["phase"] == value
    assert Game.loads(text).dumps() == text


# --- only the sequence writes the phase ---------------------------------------------------------------------


def test_only_the_sequence_writes_the_phase(tmp_path):
    found = [w for p in sorted((ROOT / "engine" / "liberty").rglob("*.py")) for w in phase_writes(p)]
    assert [w.split(":")[0] for w in found] == ["sequence.py"], found
    probe = tmp_path / "probe.py"  # (the scan finds writes in a tuple and by setattr too)
    probe.write_text("st.phase, st.acting = 'cards', None\nsetattr(st, 'phase', 'x')\nst.phase += 'x'\n")
    assert len(phase_writes(probe)) == 3


# --- real games walked order by order -----------------------------------------------------------------------


class _Recorder:
    """Every write of ``State.phase`` by the engine while installed, as (before, after) (not a test's own,
    which sets up a position)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.seen: list[tuple[Phase, Phase]] = []
        plain = State.__setattr__

        def record(st: State, name: str, value: object) -> None:
            engine = not sys._getframe(1).f_code.co_filename.startswith(str(ROOT / "tests"))
            if name == "phase" and "phase" in st.__dict__ and engine:
                self.seen.append((st.__dict__["phase"], Phase(value)))
            plain(st, name, value)

        monkeypatch.setattr(State, "__setattr__", record)


def _said(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    keys: list[str] = []
    plain = liberty_module.say

    def say(key: str, lang: str, /, **params: object) -> str:
        keys.append(key)
        return plain(key, lang, **params)

    monkeypatch.setattr(liberty_module, "say", say)
    return keys


def _check(g: Game, said: list[str]) -> None:
    """Who the table asks is who legal() gives choices to; the kinds and the prompt are the table's."""
    st = g.state
    row = ROWS[st.phase]
    who = g.active()  # the table's Who, said of this game
    assert bool(who) == (row.who is not Who.NOBODY), (st.phase, who)
    answering = st.offer is not None
    for role in ("british", "american"):
        lg = g.legal(role)
        assert lg.phase is st.phase
        answers = (
            {"accept", "decline"} if answering and st.offer is not None and st.offer["by"] != role else set()
        )
        kinds = {c.kind for c in lg.choices}
        if role in who:
            assert lg.active and kinds - answers and kinds <= set(row.orders) | answers, (st.phase, kinds)
            assert lg.orders[: len(row.orders)] == row.orders
            said.clear()
            liberty_module.prompt(g, role, "en", None, examples=False)
            assert said[:1] and said[0] in row.prompts, (st.phase, said)
        else:
            assert not lg.active and kinds <= answers, (st.phase, role, kinds)
            assert lg.orders == (() if st.phase == P.OVER else ANY_TIME)  # 11.5: at any time, but the end


# the games walked: 1, 3, 7 and 9 (long games, the bot on both sides), 2, 26 and 49, which go from a battle to
# P1's choice of the next (7.1), make a second hit among equals from one roll (7.32), and choose the next
# battle after a regroup (7.1)
SEEDS = (1, 2, 3, 7, 9, 26, 49)


def _two_ways_to_withdraw(g: Game) -> None:
    """7.2 (G30): two dragoons (2 hexes, so more than one way back) withdraw after round 3."""
    put(g, "AM-1", WEST)
    put(g, "BR-7", BOSTON)
    put(g, "LO-5", BOSTON)
    _battle(g, "british", [f"/move units:BR-7,LO-5 path:{BOSTON}>{WEST}"])
    g.state.dice.force([6] * 60)
    while g.state.phase == P.COMBAT:
        g.apply(g.active()[0], "/fire")
    assert g.state.phase == P.WITHDRAW and g.state.battle is not None
    assert g.state.battle.withdrawing == ["BR-7", "LO-5"]
    g.apply("british", f"/retreat unit:BR-7 path:{WEST}>{BOSTON}")
    assert g.state.phase == P.WITHDRAW  # the second block's way is asked next
    g.apply("british", "/end")


def _two_places_over_supply(g: Game) -> None:
    """11.4: British blocks over the supply of Boston and of Niagara (value 1): a choice at each."""
    for u in ("BR-2", "BR-3", "BR-5", "HE-1", "HE-2"):
        put(g, u, BOSTON)
    for u in ("BR-6", "LO-1", "LO-2"):
        put(g, u, "11.07")
    _winter(g)
    g.apply("british", "/end")
    g.apply("american", "/end")
    assert g.state.phase == P.ATTRITION and len(g.state.attrition_todo) == 2
    g.apply("british", g.legal("british").choices[0])
    assert g.state.phase == P.ATTRITION  # the other place
    g.apply("british", "/end")
    assert g.state.phase == P.CARDS


def test_real_games_change_phase_only_by_the_table_and_legal_offers_what_it_says(monkeypatch):
    rec = _Recorder(monkeypatch)
    said = _said(monkeypatch)
    seen_phases: set[Phase] = set()
    for seed in SEEDS:
        g, rng = new(seed), random.Random(seed)
        # the module's bot player on one side or both, a random legal order now and then (3 in 10), so that
        # battles are fought to their ends (7.2, 7.5) as well as the turns played out
        players = {
            "british": LibertyHeuristicPlayer(),
            "american": LibertyHeuristicPlayer() if seed % 2 else LibertyRandomPlayer(),
        }
        for _ in range(3000):
            if g.over:
                break
            _check(g, said)
            seen_phases.add(g.state.phase)
            role = rng.choice(g.active())
            lg = g.legal(role)
            c = rng.choice(lg.choices) if rng.random() < 0.3 else players[role].choose(g.view(role), lg, rng)
            g.apply(role, c)
        assert g.over, seed
        _check(g, said)
        seen_phases.add(g.state.phase)
    # and two positions set up to make what random games seldom do
    for made in (_two_ways_to_withdraw, _two_places_over_supply):
        made(empty())
    wrong = [(a, b) for a, b in rec.seen if not moves(a, b)]
    assert wrong == []
    # the phases at rest between orders: all but those the engine plays out at once (flow.run)
    assert seen_phases == set(Phase) - {P.BATTLE_PHASE, P.WINTER}
    pairs = {(s, t.dst) for t in TRANSITIONS for s in t.src}
    assert pairs == set(rec.seen), pairs ^ set(rec.seen)  # every transition made
