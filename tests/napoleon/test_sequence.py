"""Napoleon's campaign sequence of play as one table (engine/napoleon/sequence.py), checked as
test_battle_machine.py checks the battles: one row a phase, naming real order kinds and prompts, every
transition with its rule; every change of phase real games make is one of ``TRANSITIONS``; who the table asks
is who ``legal()`` offers orders to, with the kinds and the prompt the table says; only ``sequence.go`` writes
the game's phase (a battle's own ``phase`` is ``battle/machine.py``'s)."""

from __future__ import annotations

import ast
import json
import random
import re
import sys
from pathlib import Path

import pytest
from support.source import phase_writes
from test_battle_game import _random_battles

from ai.napoleon import HeuristicPlayer
from bot.i18n import CATALOGS
from engine.errors import RuleError
from engine.napoleon import movement
from engine.napoleon.battle.table import TABLE as BATTLE_TABLE
from engine.napoleon.game import BATTLE_ORDERS, Game, new_game
from engine.napoleon.options import Options
from engine.napoleon.orders import GRAMMAR, Undo
from engine.napoleon.sequence import ANY_TIME, ROWS, TABLE, TRANSITIONS, Phase, Who, go, moves
from engine.napoleon.state import GameState, state_from_dict, state_to_dict

P = Phase
ROOT = Path(__file__).resolve().parents[2]
RULE = re.compile(r"^\d+\.\d+(, \d+\.\d+)*$")


def test_every_phase_has_exactly_one_row_naming_real_kinds_prompts_and_rules():
    phases = [row.phase for row in TABLE]
    assert len(phases) == len(set(phases)) and set(phases) == set(Phase)
    for row in TABLE:
        asks = row.phase != P.OVER
        assert bool(row.orders) == bool(row.prompts) == asks == (row.who is not Who.NOBODY), row.phase
        assert set(row.orders) <= set(GRAMMAR.kinds), row.phase
        assert all(key in CATALOGS["en"] for key in row.prompts), row.phase
        assert RULE.match(row.rule), row.rule
    assert set(ANY_TIME) <= set(GRAMMAR.kinds)
    # the battle phase takes the battles' orders (the gate's list), and shows the battles' own prompts
    assert ROWS[P.BATTLE].orders == BATTLE_ORDERS
    assert {k for r in BATTLE_TABLE for k in r.orders} | {"orders"} == set(BATTLE_ORDERS)
    assert set(ROWS[P.BATTLE].prompts) == {r.prompt for r in BATTLE_TABLE if r.prompt}
    assert {k for row in TABLE for k in row.orders} | set(ANY_TIME) == set(GRAMMAR.kinds)


def test_every_transition_cites_its_rules_and_the_sequence_hangs_together():
    for t in TRANSITIONS:
        assert t.src and t.when and RULE.match(t.rule), t
    assert not any(moves(P.OVER, p) for p in Phase)  # the end
    assert not any(moves(p, P.SETUP) for p in Phase)  # 3.1: the set-up comes once
    assert not moves(P.SETUP, P.BATTLE) and not moves(P.BATTLE, P.BATTLE)  # 4.0: a movement phase between
    assert moves(P.MOVEMENT, P.MOVEMENT)  # 4.0: a movement with no battle ends the campaign turn


def test_go_refuses_a_change_the_table_does_not_list():
    g = new_game(Options(ruleset="3.4", setup="historical", players=2), 1)  # 3.1: no set-up to play
    assert g.state.phase is P.MOVEMENT
    with pytest.raises(AssertionError, match="no transition"):
        go(g.state, P.SETUP)
    assert g.state.phase is P.MOVEMENT
    go(g.state, P.BATTLE)
    assert g.state.phase is P.BATTLE


def test_a_scripts_turn_directive_after_the_end_is_refused_and_changes_nothing():
    g = new_game(Options(ruleset="3.4", setup="historical", players=2), 1)
    g.set_turn(3)  # @turn from a movement phase: campaign turn 3 begins
    assert (g.state.turn, g.state.phase) == (3, P.MOVEMENT)
    g.ctx().eliminate(g.state.units["NAP"], "test")  # 10.0: the game is over
    assert g.state.phase is P.OVER
    with pytest.raises(RuleError) as e:
        g.set_turn(4)
    assert e.value.rule == "12.0" and (g.state.turn, g.state.phase) == (3, P.OVER)


def test_the_stored_strings_are_those_snapshots_hold_and_read_back_as_the_enums():
    assert [p.value for p in Phase] == ["setup", "movement", "battle", "over"]
    g = new_game(Options(ruleset="3.4", setup="historical", players=2), 2)
    stored = json.loads(json.dumps(state_to_dict(g.state)))
    assert stored["phase"] == "movement"
    again = state_from_dict(stored)
    assert again.phase is P.MOVEMENT
    assert json.dumps(state_to_dict(again)) == json.dumps(state_to_dict(g.state))
    text = g.dumps()
    assert Game.loads(text).dumps() == text


def test_only_the_sequence_writes_the_games_phase():
    found = [w for p in sorted((ROOT / "engine" / "napoleon").rglob("*.py")) for w in phase_writes(p)]
    mine = [w for w in found if not w.startswith("sequence.py:")]
    # a battle's phase (6.3): its machine, and the loader that reads it back (test_battle_machine.py)
    where = {(w.split(":")[0], w.split(": ")[1]) for w in mine}
    assert where == {("machine.py", "b"), ("state.py", "b")}, mine
    assert [w for w in found if w.startswith("sequence.py:")]  # (the scan finds the one writer)
    # /undo puts a whole earlier state back, field by field (undo.py: setattr(out, name, ...)), phase included
    undo = ast.parse((ROOT / "engine" / "napoleon" / "undo.py").read_text(encoding="utf-8"))
    assert any(isinstance(n, ast.Constant) and n.value == "phase" for n in ast.walk(undo))


# --- real games walked order by order -----------------------------------------------------------------------


def _check(g: Game) -> None:
    """Who the table asks is who legal() gives choices to; the kinds and the prompt are the table's."""
    st = g.state
    row = ROWS[st.phase]
    who = g.active()  # the table's Who, said of this game
    assert bool(who) == (row.who is not Who.NOBODY), (st.phase, who)
    for role in g.options.roles:
        lg = g.legal(role)
        assert lg.phase is st.phase
        choices = [c for c in lg.choices if c != "/undo"]
        if role in who and not choices:  # 6.1: only 1-2 of its attack in a town and nothing left to move
            assert lg.choices == (Undo(),) and movement.incomplete_attacks(g.ctx(), role), (st.phase, role)
        else:
            assert bool(choices) == (role in who), (st.phase, role, who)
        assert {c.kind for c in choices} <= set(row.orders), (st.phase, role)
        if role in who:
            assert set(lg.orders) <= {*row.orders, *ANY_TIME}, (st.phase, role, lg.orders)
            assert lg.prompt_key in row.prompts, (st.phase, role, lg.prompt_key)
        else:
            assert lg.prompt_key == ""


class _Recorder:
    """Every write of ``GameState.phase`` while installed, as (before, after)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.seen: list[tuple[Phase, Phase]] = []
        plain = GameState.__setattr__

        def record(st: GameState, name: str, value: object) -> None:
            engine = not sys._getframe(1).f_code.co_filename.startswith(str(ROOT / "tests"))
            if name == "phase" and "phase" in st.__dict__ and engine:  # (not a test setting up a position)
                self.seen.append((st.__dict__["phase"], Phase(value)))
            plain(st, name, value)

        monkeypatch.setattr(GameState, "__setattr__", record)


OPTIONS = (
    Options(ruleset="3.4", setup="initiative", players=2, days=3),
    Options(ruleset="3rd", setup="free", players=3, days=3),
    Options(ruleset="3.4", setup="historical", players=3, days=2, corps_restriction=True),
)


def test_real_games_change_phase_only_by_the_table_and_legal_offers_what_it_says(monkeypatch):
    rec = _Recorder(monkeypatch)
    seen: set[Phase] = set()
    for seed in range(4):
        options = OPTIONS[seed % len(OPTIONS)]
        g = new_game(options, seed)
        rng = random.Random(seed)
        bots = {r: HeuristicPlayer() for r in options.roles}
        # the module's bot player, a random legal order now and then (1 in 5)
        for _ in range(3000):
            if g.over:
                break
            _check(g)
            seen.add(g.state.phase)
            role = g.active()[0]
            lg = g.legal(role)
            some = [c for c in lg.choices if c != "/undo"]
            c = rng.choice(some) if rng.random() < 0.2 else bots[role].choose(g.view(role), lg, rng)
            g.apply(role, c)
        assert g.over, seed
        _check(g)
        seen.add(g.state.phase)
    # 10.0 in a battle: Napoleon killed ends the game from the battle phase
    g = _random_battles(1, "3.4", 2)
    assert g.state.phase is P.BATTLE
    ctx = g.ctx()
    ctx.eliminate(ctx.unit("NAP"), "test")
    assert g.state.phase is P.OVER and g.state.result is not None
    wrong = [(a, b) for a, b in rec.seen if not moves(a, b)]
    assert wrong == []
    assert seen == set(Phase)
    pairs = {(s, t.dst) for t in TRANSITIONS for s in t.src}
    assert pairs == set(rec.seen), pairs ^ set(rec.seen)
