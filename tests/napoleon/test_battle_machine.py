"""The battle's state machine (engine/napoleon/battle/machine.py and table.py): one row a
state, who acts by the table is who ``legal()`` offers orders to, with the order kinds and the prompt the
table says; every change of state a real battle makes is one of ``TRANSITIONS``; only the machine writes what
a battle is doing."""

from __future__ import annotations

import ast
import itertools
import json
import random
from pathlib import Path

from support.battlefield import Fight
from test_battle_game import _random_battles

from bot.i18n import CATALOGS
from engine.napoleon import prompts
from engine.napoleon.battle import machine, must_deploy
from engine.napoleon.battle.machine import BattleState, state_of
from engine.napoleon.battle.orders import _RULES
from engine.napoleon.battle.table import ROWS, TABLE, stages_for
from engine.napoleon.game import BATTLE_ORDERS, Game
from engine.napoleon.state import Battle, BattlePhase, BattleStatus

S = BattleState
ROOT = Path(__file__).resolve().parents[2]


def test_every_state_has_exactly_one_row():
    states = [row.state for row in TABLE]
    assert len(states) == len(set(states))
    assert set(states) == set(BattleState)


def test_a_row_that_asks_nobody_offers_no_order_and_no_prompt_and_the_others_name_real_ones():
    for row in TABLE:
        assert (row.stage is None) == (row.orders == ()) == (row.prompt is None), row.state
        assert set(row.orders) <= set(BATTLE_ORDERS), row.state
        assert row.prompt is None or row.prompt in CATALOGS["en"], row.state
        assert row.rule
    # 6.3: a later phase closes the earlier ones, so each turn state offers fewer kinds than the one before
    assert set(ROWS[S.REINFORCE].orders) < set(ROWS[S.COMBAT].orders) < set(ROWS[S.RETREAT].orders)
    assert "retreat" not in ROWS[S.COMBAT].orders and ROWS[S.REINFORCE].orders == ("reinforce", "end")


def test_every_battle_order_is_taken_in_some_state_and_applied_by_one_rule():
    kinds = {k for row in TABLE for k in row.orders}
    assert kinds == set(BATTLE_ORDERS) - {"orders"} == set(_RULES)  # (/orders: a list of the others)
    # an order goes to a battle in a state that takes it: /end ends a battle turn or a regroup
    assert stages_for("end") == ("turn", "regroup") and stages_for("fire") == ("turn",)
    assert stages_for("deploy") == ("deploy",) and stages_for("regroup") == ("regroup",)
    assert stages_for("move") == ()


def test_every_transition_leaves_a_state_for_another():
    for t in machine.TRANSITIONS:
        assert t.src and (t.dst not in t.src or t.dst == S.RETREAT), t
        assert t.rule and t.when
    assert not any(machine.moves(S.OVER, s) for s in BattleState)  # the end
    assert machine.moves(S.REINFORCE, S.RETREAT) and machine.moves(S.COMBAT, S.RETREAT)  # next battle turn
    assert not machine.moves(S.REINFORCE, S.COMBAT)  # 6.3: an earlier phase is never reopened
    assert not machine.moves(S.COMBAT, S.DEPLOY_ATTACKER)  # 6.3: an earlier phase is never reopened
    assert not machine.moves(S.DEPLOY_ATTACKER, S.DEPLOY_DEFENDER)


def test_the_stored_strings_are_read_back_as_the_enums_and_written_the_same():
    f = Fight(["FR-1", "FR-2", "FR-3"], ["PR-1", "PR-2", "PR-4"])
    f.deploy("allied", left="PR-1", center="PR-2", right="PR-4")
    f.deploy("french", left="FR-1", center="FR-2", right="FR-3")
    text = json.dumps(f.b.to_dict())
    stored = json.loads(text)  # as a snapshot holds it: plain strings, as before the enums
    assert (stored["status"], stored["phase"]) == ("fighting", "retreat")
    again = Battle.from_dict(stored)
    assert again.status is BattleStatus.FIGHTING and again.phase is BattlePhase.RETREAT
    assert json.dumps(again.to_dict()) == text
    assert Battle.from_dict({**stored, "status": "over", "phase": ""}).over


# --- only the machine writes what a battle is doing ---------------------------------------------------------

_MACHINE_FIELDS = {"status", "round_open", "turn_side", "victor", "battle_turn"}


def _writes(path: Path) -> list[str]:
    """``x.field = ...`` / ``x.field += ...`` of the battle's state fields in a file (a battle's ``phase``:
    any ``.phase`` but the game's, ``st.phase``)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets = (
            node.targets
            if isinstance(node, ast.Assign)
            else [node.target]
            if isinstance(node, (ast.AugAssign, ast.AnnAssign))
            else []
        )
        for t in targets:
            if not isinstance(t, ast.Attribute):
                continue
            owner = ast.unparse(t.value)
            game = owner.split(".")[-1] in ("st", "work")  # the game's phase (setup, movement, battle)
            if t.attr in _MACHINE_FIELDS or (t.attr == "phase" and not game):
                out.append(f"{path.name}:{node.lineno}: {owner}.{t.attr}")
    return out


def test_only_the_machine_changes_a_battles_status_phase_and_round():
    found = []
    for path in sorted((ROOT / "engine" / "napoleon").rglob("*.py")):
        if path.name == "machine.py":
            continue
        found += _writes(path)
    # but the loader, which reads the stored strings back as the enums (state.py: Battle.from_dict)
    assert [f.partition(" ")[2] for f in found] == ["b.status", "b.phase"], found
    assert all(f.startswith("state.py:") for f in found), found
    assert _writes(ROOT / "engine" / "napoleon" / "battle" / "machine.py")  # (the scan finds writes)


# --- a battle walked order by order -------------------------------------------------------------------------


def test_a_battle_goes_through_the_states_the_rules_say():
    f = Fight(
        ["FR-1", "FR-2", "FR-3", "FR-16"],
        ["PR-1", "PR-2", "PR-4"],
        cv={"PR-2": 1},
        others={"FR-4": "Fleurus"},
    )
    seen = []

    def now() -> BattleState:
        s = state_of(f.ctx(), f.b)
        seen.append(s)
        return s

    assert now() == S.DEPLOY_DEFENDER and f.active() == ["allied"]
    f.deploy("allied", left="PR-1", center="PR-2", right="PR-4")
    assert now() == S.DEPLOY_ATTACKER and f.active() == ["french"]
    # 6.2: until the attacker places, the defender may deploy again, but it is not asked to
    assert f.legal("allied") and all(c.startswith("/deploy") for c in f.legal("allied"))
    f.deploy("french", left="FR-1", center="FR-2,FR-16", right="FR-3")
    assert now() == S.RETREAT and f.active() == ["french"] and f.b.battle_turn == 1
    f.do("french", "/battle-move unit:FR-2 to:across-center")
    assert now() == S.COMBAT
    f.do("french", "/reinforce units:FR-4 from:Fleurus")
    assert now() == S.REINFORCE
    assert {c.split()[0] for c in f.legal("french")} == {"/end"}  # 6.3: no fire nor move any more
    f.dice(4)  # the morale (8.6) of PR-2, engaged at 1 cv, as the Allied battle turn begins: it passes
    f.do("french", "/end")
    assert now() == S.RETREAT and f.b.turn_side == "allied" and f.active() == ["allied"]
    f.do("allied", "/end")
    assert now() == S.RETREAT and f.b.turn_side == "french"
    f.dice(1, 6, 6, 6)  # [3.4] single fire hits on a 1
    f.do("french", "/fire unit:FR-2")  # PR-2 shot away: the Center is empty, the Prussians rout (7.5)
    assert now() == S.REGROUP and f.active() == ["french"] and f.b.victor == "french"
    f.do("french", "/end")
    assert now() == S.OVER and f.active() == []
    assert [a for a, b in itertools.pairwise(seen) if a != b and not machine.moves(a, b)] == []


def test_6_4_a_battle_is_held_while_another_battles_round_is_under_way():
    g = _random_battles(1, "3.4", 2)  # Thuin and Charleroi (each order makes a new state: read it afresh)
    for _ in range(8):  # deploy both battles, defenders first (6.2)
        role = g.active()[0]
        town = next(b.town for b in g.state.battles if role in must_deploy(g.ctx(), b))
        deploys = [c for c in g.legal(role).choices if c.kind == "deploy"]
        g.apply(role, next((c for c in deploys if getattr(c, "battle", None) == town), deploys[0]))
        if all(b.status == "fighting" for b in g.state.battles):
            break
    ctx = g.ctx()
    assert [state_of(ctx, b) for b in g.state.battles] == [S.RETREAT, S.RETREAT]
    # the attacker chooses a battle (6.4): its first order there, even an /end, holds the other one until
    # the defender has replied
    g.apply("french", "/end battle:Charleroi")
    ctx = g.ctx()
    assert [state_of(ctx, b) for b in g.state.battles] == [S.HELD, S.RETREAT]
    assert g.active() == ["allied"] and g.state.battles[1].turn_side == "allied"
    assert all(c.battle is None for c in g.legal("allied").choices)  # Charleroi's orders only
    g.apply("allied", "/end")
    ctx = g.ctx()
    assert [state_of(ctx, b) for b in g.state.battles] == [S.RETREAT, S.RETREAT]  # the round is over


# --- who acts by the table is who legal() asks, through real battles ----------------------------------------


def _check(g: Game, seen: set[BattleState], last: dict[int, BattleState], monkeypatch) -> None:
    ctx = g.ctx()
    states = {i: state_of(ctx, b) for i, b in enumerate(g.state.battles)}
    for i, s in states.items():
        if i in last and last[i] != s:
            assert machine.moves(last[i], s), f"{last[i]} -> {s} is no transition"
        last[i] = s
    seen.update(states.values())
    asked = {r for i, b in enumerate(g.state.battles) for r in ROWS[states[i]].who(ctx, b)}
    assert set(g.active()) == asked
    for role in g.options.roles:
        lg = g.legal(role)
        choices = [c for c in lg.choices if c != "/undo"]
        assert bool(choices) == (role in asked), (role, states, choices)
        if not choices:
            assert lg.prompt_key == ""
            continue
        mine = [
            i
            for i, b in enumerate(g.state.battles)
            if role in ROWS[states[i]].who(ctx, b) or role in ROWS[states[i]].also(ctx, b)
        ]
        for c in choices:
            where = getattr(c, "battle", None)
            (i,) = [j for j in mine if where is None or g.state.battles[j].town == where]
            assert c.kind in ROWS[states[i]].orders, (c, states[i])
        # the prompt the table gives is the one the front ends show (engine/napoleon/prompts.py reads it:
        # a victor whose only choice left is /end is still asked to regroup or /end)
        said = _Said()
        prompts.prompt(g, role, "en", said)
        keys = [k for k in said.keys if k not in ("prompt.examples", "prompt.more", "prompt.deploy_template")]
        assert keys[:1] == [lg.prompt_key], (role, states)


class _Said:
    """The translator the prompts are handed (``engine.module.Text``), keeping the keys asked."""

    def __init__(self) -> None:
        self.keys: list[str] = []

    def t(self, key: str, lang: str, /, **params: object) -> str:
        self.keys.append(key)
        return ""

    def join(self, items: object, lang: str) -> str:
        return ""

    def term(self, kind: str, text: str, lang: str) -> str:
        return text

    def localize_error(self, err: object, lang: str) -> str:
        return ""


def test_who_acts_by_the_table_is_who_legal_offers_orders_in_random_battles(monkeypatch):
    seen: set[BattleState] = set()
    for seed in range(6):
        ruleset, players = ("3rd", "3.4")[seed % 2], (2, 3)[(seed // 2) % 2]
        g = _random_battles(seed, ruleset, players)
        rng = random.Random(seed)
        last: dict[int, BattleState] = {}
        for _ in range(3000):
            if g.state.phase != "battle":
                break
            _check(g, seen, last, monkeypatch)
            role = rng.choice(g.active())
            choices = [c for c in g.legal(role).choices if c != "/undo"]
            non_end = [c for c in choices if c.kind != "end"]
            g.apply(role, rng.choice(non_end) if non_end and rng.random() < 0.85 else rng.choice(choices))
        assert g.state.phase != "battle"
        ctx = g.ctx()
        for i, b in enumerate(g.state.battles):
            assert machine.moves(last[i], state_of(ctx, b)) or last[i] == state_of(ctx, b)
            seen.add(state_of(ctx, b))
    assert seen == set(BattleState), set(BattleState) - seen  # the walk went through every state
