"""Typed orders: each of Napoleon's order kinds is a frozen value read from its text by
the one parser (``engine/napoleon/orders.py``) and said again byte for byte; ``legal()`` offers the values."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.orders_games import GAMES, play

from engine import RuleError, parse_command
from engine.napoleon import Game, Options, new_game
from engine.napoleon import orders as O
from engine.napoleon.fuzzing import pick
from engine.orders import Grammar, Order, command_of, text_of

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "orders_texts.json"

OPTIONS = [
    Options(ruleset="3.4", setup="free", players=2),
    Options(ruleset="3rd", setup="historical", players=3),
    Options(ruleset="3.4", setup="initiative", players=3, command_control=True, corps_restriction=True),
    Options(ruleset="3rd", setup="initiative", players=2, days=1),
]


def _same(a: Order, b: Order) -> bool:
    """Equal as values: the same kind and the same fields (not only the same text)."""
    return type(a) is type(b) and dataclasses.astuple(a) == dataclasses.astuple(b)  # type: ignore[call-overload]


def _walk(opts: Options, seed: int, steps: int) -> Game:
    game = new_game(opts, seed)
    rng, budget = random.Random(seed), {}
    for _ in range(steps):
        if game.over:
            break
        role = game.active()[0]
        order = pick(rng, game, role, budget)
        if order is None:
            break
        game.apply(role, order)
    return game


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(OPTIONS), st.integers(0, 50), st.integers(0, 250))
def test_every_legal_order_reads_back_from_its_text_and_is_accepted_as_text(opts, seed, steps):
    """For random reachable states (both editions, 2 and 3 players, 13.2/13.3 on and off): every choice
    ``legal()`` offers is an order value; ``parse(o.text()) == o`` field for field; its text reads as the
    same ``Command`` the old parser made (so the log line is the same); and the text, applied as text, is
    accepted and does what the value does."""
    game = _walk(opts, seed, steps)
    if game.over:
        return
    before = game.dumps()
    rng = random.Random(seed)
    for role in game.options.roles:
        lg = game.legal(role)
        assert set(lg.attacks) <= set(lg.choices)
        for o in lg.choices:
            assert isinstance(o, Order)
            text = o.text()
            back = O.parse(text)
            assert _same(back, o), (text, back, o)
            assert parse_command(text).text() == text  # the log keeps the text the old code logged
            assert o.kind == parse_command(text).name and str(o) == text and o == text
        for o in rng.sample(list(lg.choices), min(3, len(lg.choices))):
            as_text, as_value = Game.loads(before), Game.loads(before)
            as_text.apply(role, o.text())
            as_value.apply(role, o)
            assert as_text.dumps() == as_value.dumps()


def test_every_order_kind_reads_its_own_forms_and_says_the_canonical_text():
    """What a player may write (spaces, ``centre``, yes/no words, ``unit:``/``units:``) reads as the value
    whose text ``legal()`` would offer."""
    cases = {
        "/move units:FR-1, FR-2 path: Charleroi > Fleurus forced:y": (
            "/move units:FR-1,FR-2 path:Charleroi>Fleurus forced:yes"
        ),
        "/setup auto:on": "/setup auto:yes",
        "/deploy centre:FR-1 left:FR-2": "/deploy left:FR-2 center:FR-1",
        "/battle-move units:FR-1 to:Across Centre": "/battle-move unit:FR-1 to:across-center",
        "/fire unit:FR-1 target:Square battle:Ligny": "/fire unit:FR-1 target:square battle:Ligny",
        "/retreat unit:FR-1 to:Fleurus forced:no": "/retreat units:FR-1 to:Fleurus",
        "/regroup units:FR-1 from:Fleurus": "/regroup units:FR-1 from:Fleurus",
        '/orders list:" fire FR-1;FR-2>across-left " battle:Ligny': (
            '/orders list:"fire FR-1; FR-2>across-left" battle:Ligny'
        ),
    }
    for written, canonical in cases.items():
        o = O.parse(written)
        assert o.text() == canonical
        assert _same(O.parse(canonical), o)


def test_an_orders_item_is_read_by_the_same_parser_in_its_battle():
    """/orders: the short forms are the same orders, in the list's battle unless they name one."""
    assert _same(O.item("FR-2>across-left", "Ligny"), O.BattleMove("FR-2", "across-left", "Ligny"))
    assert _same(O.item("fire FR-1 square", None), O.Fire("FR-1", "square"))
    assert _same(O.item("/end battle:Wavre", "Ligny"), O.End("Wavre"))
    with pytest.raises(RuleError) as e:
        O.item("/orders list:end", None)
    assert e.value.key == "battle.nested_orders"
    with pytest.raises(RuleError) as e:
        O.item("/move units:FR-1 path:Fleurus", None)
    assert e.value.key == "battle.unknown_order"


MALFORMED = {
    "/move units:FR-1": ("", "move.usage"),
    "/move units:, path:Fleurus": ("", "move.no_units"),
    "/move units:FR-1 path:Fleurus forced:perhaps": ("", "text.yes_no"),
    "/setup units:FR-1": ("", "setup.usage"),
    "/setup auto:no": ("", "setup.usage"),
    "/end now:yes": ("", "battle.end_options"),
    "/undo all:yes": ("", "game.end_no_options"),
    "/deploy middle:FR-1": ("", "battle.deploy_options"),
    "/battle-move unit:FR-1": ("", "battle.move_usage"),
    "/battle-move unit:FR-1 to:behind": ("", "battle.unknown_position"),
    "/fire": ("", "battle.needs_units"),
    "/fire unit:FR-1,FR-2": ("", "battle.fire_usage"),
    "/fire unit:FR-1 target:flank": ("", "battle.target_usage"),
    "/square unit:FR-1,FR-2": ("", "battle.square_usage"),
    "/retreat units:FR-1": ("", "battle.retreat_needs_to"),
    "/reinforce units:FR-1": ("", "battle.reinforce_needs_from"),
    "/regroup units:FR-1 to:Ligny from:Wavre": ("", "battle.regroup_usage"),
    "/orders": ("", "battle.orders_usage"),
    "/charge unit:FR-1": ("", "text.unknown_order"),
    "move units:FR-1": ("", "text.no_slash"),
}


@pytest.mark.parametrize("text", sorted(MALFORMED))
def test_a_malformed_order_gives_its_one_syntax_error(text):
    with pytest.raises(RuleError) as e:
        O.parse(text)
    assert (e.value.rule, e.value.key) == MALFORMED[text]


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(
        st.text(max_size=60),
        st.builds(
            lambda name, rest: f"/{name} {rest}",
            st.sampled_from([*O.GRAMMAR.kinds, "charge", "Move"]),
            st.text(alphabet=st.sampled_from(list('abc:>,; "FR-1yesnoleftunitpath')), max_size=40),
        ),
    )
)
def test_parse_of_any_text_gives_an_order_or_one_rule_error_never_anything_else(text):
    """Whatever is typed, the parser answers with an order value or a RuleError naming its message key
    (and a rule number, "" for syntax); no other exception."""
    try:
        o = O.parse(text)
    except RuleError as e:
        assert e.key and e.rule == ""
        return
    assert isinstance(o, Order)
    assert _same(O.parse(o.text()), o)


def test_an_unknown_or_ambiguous_unit_name_gives_its_one_error():
    """The parser keeps names as written; the rules resolve them, one error for a name matching no unit or
    several (5.0 orders name units by id or name)."""
    g = new_game(Options(setup="historical"), seed=1)
    with pytest.raises(RuleError) as e:
        g.apply("french", O.Move(("Nobody",), ("Charleroi",)))
    assert e.value.key == "match.no_unit"
    with pytest.raises(RuleError) as e:
        g.apply("french", "/move units:FR path:Charleroi")
    assert e.value.key == "match.ambiguous_unit"
    assert len(e.value.params["candidates"]) > 1


def test_the_phase_says_no_before_the_order_is_read():
    """4.1: a battle order in the movement phase is refused as such, whatever its options (the gate comes
    before the parser), as before orders were values."""
    g = new_game(Options(setup="historical"), seed=1)
    with pytest.raises(RuleError) as e:
        g.apply("french", "/fire")
    assert (e.value.rule, e.value.key) == ("4.1", "game.battle_order_in_movement")


def test_an_order_value_equals_its_text_and_the_generic_helpers_take_either():
    end = O.End()
    assert end == "/end" and "/end" in [end] and end in ["/end"] and hash(end) == hash("/end")
    assert O.End("Ligny") != end and O.Square("FR-1") != O.Unsquare("FR-1")
    assert text_of(end) == text_of("/end") == "/end"
    assert command_of(O.Move(("FR-1",), ("A", "B"))).options == {"units": "FR-1", "path": "A>B"}
    assert command_of("/end battle:Ligny").options == {"battle": "Ligny"}
    with pytest.raises(RuleError) as e:
        O.Fire.parse("/end")
    assert e.value.key == "text.wrong_order"
    assert Grammar([O.End]).parse(end) is end


def test_the_choices_texts_are_those_of_the_code_before_orders_were_values():
    """Four whole random games (both editions, 2 and 3 players, 13.2/13.3): every role's choices and attacks
    after every order, as text, hash to what main's code at 2c9adba gave (tests/fixtures/orders_texts.json,
    recorded by tests/support/orders_games.py run on that code), and so do their scripts."""
    want = json.loads(FIXTURE.read_text())
    assert [(w["options"], w["seed"]) for w in want] == [(o, s) for o, s in GAMES]
    for (opts, seed), w in zip(GAMES, want, strict=True):
        got = play(opts, seed)
        assert got == w, f"game {opts} seed {seed}"


def test_a_value_made_without_units_is_refused_as_its_text_would_be():
    """An order value built by a player rather than read (a bot player's) gets the same answer as its text:
    a /move or /setup naming no unit (5.0, 3.1)."""
    g = new_game(Options(setup="historical"), seed=1)
    with pytest.raises(RuleError) as e:
        g.apply("french", O.Move((), ("Charleroi",)))
    assert e.value.key == "move.no_units"
    free = new_game(Options(setup="free"), seed=1)
    with pytest.raises(RuleError) as e:
        free.apply("allied", O.Setup((), "Brussels"))
    assert e.value.key == "setup.no_units"
