"""Liberty's typed orders: each of Liberty's order kinds is a frozen value read from its
text by the one parser (``engine/liberty/orders.py``) and said again byte for byte; ``legal()`` offers the
values, ``apply`` takes a value or its text."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.liberty import new
from support.liberty_orders_games import GAMES, choose, play

from engine import RuleError, parse_command
from engine.liberty import orders as O
from engine.liberty.game import Game
from engine.liberty.module import ORDERS
from engine.liberty.options import Options
from engine.liberty.state import SIDES
from engine.orders import Order

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "liberty_orders_texts.json"

OPTIONS = [
    Options(),
    Options(british_win=30, american_win=12),
    Options(indians_wilderness=False, french_entry=2),
    Options(last_year=1778, french_entry=13),
]


def _same(a: Order, b: Order) -> bool:
    """Equal as values: the same kind and the same fields (not only the same text)."""
    return type(a) is type(b) and dataclasses.astuple(a) == dataclasses.astuple(b)  # type: ignore[call-overload]


def _walk(opts: Options, seed: int, steps: int) -> Game:
    """A game after ``steps`` random legal orders (the fixture's player: attacks, fire, few regroups)."""
    game = Game.new(opts, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        role = rng.choice(game.active())
        lg = game.legal(role)
        game.apply(role, choose(rng, lg.phase, [str(c) for c in lg.choices], [str(c) for c in lg.attacks]))
    return game


def test_the_kinds_are_the_modules_declared_orders():
    """One value per order kind ``module.py`` declares (its slash commands), and no other."""
    assert list(O.GRAMMAR.kinds) == [k.name for k in ORDERS]


def test_the_choices_texts_are_those_of_the_code_before_orders_were_values():
    """Six whole seeded games (options varied): every side's phase, choices, attacks and order kinds after
    every order, as text, hash to what main's code at ebe0aa9 gave (tests/fixtures/liberty_orders_texts.json,
    recorded by tests/support/liberty_orders_games.py run on that code), and so do their scripts."""
    want = json.loads(FIXTURE.read_text())
    assert [(w["options"], w["seed"]) for w in want] == [(o, s) for o, s in GAMES]
    for (opts, seed), w in zip(GAMES, want, strict=True):
        assert play(opts, seed) == w, f"game {opts} seed {seed}"


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(OPTIONS), st.integers(0, 40), st.integers(0, 400))
def test_every_legal_order_reads_back_from_its_text_and_is_accepted_as_text(opts, seed, steps):
    """For random reachable states: every choice ``legal()`` offers is an order value; ``parse(o.text()) ==
    o`` field for field; its text is its own canonical form (read again, it says the same) and reads as the
    same ``Command``; and the text, applied as text, is accepted and does what the value does."""
    game = _walk(opts, seed, steps)
    if game.over:
        return
    before = game.dumps()
    rng = random.Random(seed)
    for role in SIDES:
        lg = game.legal(role)
        assert set(lg.attacks) <= set(lg.choices)
        for o in lg.choices:
            assert isinstance(o, Order)
            text = o.text()
            back = O.parse(text)
            assert _same(back, o), (text, back, o)
            assert back.text() == text == o.say() == str(o) and o == text and hash(o) == hash(text)
            assert o.kind == parse_command(text).name and parse_command(text).text() == text
        for o in rng.sample(list(lg.choices), min(3, len(lg.choices))):
            as_text, as_value = Game.loads(before), Game.loads(before)
            as_text.apply(role, o.text())
            as_value.apply(role, o)
            assert as_text.dumps() == as_value.dumps()


def test_every_order_kind_reads_its_own_forms_and_says_the_canonical_text():
    """What a player may write (spaces, empty items, yes/no words, ``to:`` for a retreat's path, a case)
    reads as the value whose text ``legal()`` would offer."""
    cases = {
        "/play card:ACT-7": "/play card:ACT-7",
        "/supply units:": "/supply",
        "/supply units: BR-1 , BR-2": "/supply units:BR-1,BR-2",
        "/MOVE units:BR-1,,BR-2 path: 21.08 > 21.07 forced:y river:no also:on": (
            "/move units:BR-1,BR-2 path:21.08>21.07 forced:yes also:yes"
        ),
        "/move units:BR-1 path:21.08>>21.07 river:true": "/move units:BR-1 path:21.08>21.07 river:yes",
        "/sea units:RN-1 to:Atlantic": "/sea units:RN-1 to:Atlantic",
        "/fire unit:": "/fire",
        "/fire unit:AM-1": "/fire unit:AM-1",
        "/retreat unit:AM-1 to:18.11": "/retreat unit:AM-1 path:18.11",
        "/retreat unit:AM-1 path:18.10>18.11 river:yes": "/retreat unit:AM-1 path:18.10>18.11 river:yes",
        "/regroup units:BR-2 path:18.10>18.09 river:0": "/regroup units:BR-2 path:18.10>18.09",
        "/exchange take:AM-1": "/exchange take:AM-1",
        "/exchange give:BR-1 take:AM-1": "/exchange give:BR-1 take:AM-1",
        "/prefer": "/prefer hits:",
        "/prefer hits:BR-2,BR-3": "/prefer hits:BR-2,BR-3",
        "  /end  ": "/end",
    }
    for written, canonical in cases.items():
        o = O.parse(written)
        assert o.text() == canonical, written
        assert _same(O.parse(canonical), o)


MALFORMED = {
    "/play": ("", "text.needs"),
    "/play card:": ("", "text.needs"),
    "/play card:ACT-1 unit:BR-1": ("", "text.options"),
    "/supply unit:BR-1": ("", "text.options"),
    "/move units:BR-1": ("", "text.needs"),
    "/move path:21.08": ("", "text.needs"),
    "/move units:, path:21.08": ("", "text.needs"),
    "/move units:BR-1 path:>": ("", "text.needs"),
    "/move units:BR-1 path:21.08 forced:perhaps": ("", "text.yes_no"),
    "/move units:BR-1 path:21.08 also:maybe": ("", "text.yes_no"),
    "/move units:BR-1 path:21.08 battle:Boston": ("", "text.options"),
    "/sea units:RN-1": ("", "text.needs"),
    "/build now:yes": ("", "text.no_options"),
    "/place": ("", "text.needs"),
    "/end battle:Boston": ("", "text.no_options"),
    "/battle": ("", "text.needs"),
    "/fire unit:AM-1,AM-2": ("7.31", "liberty.fire.one_unit"),
    "/fire unit:AM-1 target:line": ("", "text.options"),
    "/hit": ("7.32", "liberty.hit.one_unit"),
    "/hit unit:AM-1,AM-2": ("7.32", "liberty.hit.one_unit"),
    "/retreat path:18.11": ("7.4", "liberty.retreat.one_unit"),
    "/retreat unit:AM-1,AM-2 path:18.11": ("7.4", "liberty.retreat.one_unit"),
    "/retreat unit:AM-1": ("", "text.needs"),
    "/retreat unit:AM-1 path:18.11 river:sometimes": ("", "text.yes_no"),
    "/retreat units:AM-1 path:18.11": ("", "text.options"),
    "/regroup units:BR-2": ("", "text.needs"),
    "/regroup path:18.10": ("", "text.needs"),
    "/disband": ("", "text.needs"),
    "/attrition units:": ("", "text.needs"),
    "/exchange give:BR-1 for:AM-1": ("", "text.options"),
    "/accept now:yes": ("", "text.no_options"),
    "/decline why:no": ("", "text.no_options"),
    "/prefer hits:BR-2 supply:BR-3": ("", "text.options"),
    "/charge unit:BR-1": ("", "liberty.order.unknown"),
    "move units:BR-1": ("", "text.no_slash"),
    "/move units:BR-1 path:21.08 path:21.07": ("", "text.option_twice"),
}


@pytest.mark.parametrize("text", sorted(MALFORMED))
def test_a_malformed_order_gives_its_one_syntax_error(text):
    with pytest.raises(RuleError) as e:
        O.parse(text)
    assert (e.value.rule, e.value.key) == MALFORMED[text]


@pytest.mark.parametrize("text", sorted(MALFORMED))
def test_a_malformed_order_is_refused_by_the_game_with_the_same_error_and_changes_nothing(text):
    """``apply`` reads through the one parser: the syntax fault is its answer, found before the rules."""
    g = new(3)
    before = g.dumps()
    with pytest.raises(RuleError) as e:
        g.apply("british", text)
    assert (e.value.rule, e.value.key) == MALFORMED[text]
    assert g.dumps() == before


@pytest.mark.parametrize("name", ["charge", "deploy", "undo", "square", "reinforce", "orders", "setup"])
def test_an_unknown_order_name_names_the_orders_liberty_has(name):
    """An order Liberty does not have (Napoleon's among them) is refused in Liberty's words, listing its
    own orders, as before orders were values."""
    g = new(1)
    with pytest.raises(RuleError) as e:
        g.apply("british", f"/{name} unit:BR-1")
    assert (e.value.rule, e.value.key) == ("", "liberty.order.unknown")
    assert e.value.params == {"order": name, "known": sorted(k.name for k in ORDERS)}
    assert str(e.value).startswith(f"unknown order /{name}; known: accept, attrition, battle")


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(
        st.text(max_size=60),
        st.builds(
            lambda name, rest: f"/{name} {rest}",
            st.sampled_from([*O.GRAMMAR.kinds, "charge", "Move", "deploy"]),
            st.text(alphabet=st.sampled_from(list('abc:>,; "BR-1yesnounitspathtoriverhits')), max_size=40),
        ),
    )
)
def test_parse_of_any_text_gives_an_order_or_one_rule_error_never_anything_else(text):
    """Whatever is typed, the parser answers with an order value or a RuleError naming its message key
    (a syntax fault: no rule number, or the one-block orders' 7.31, 7.32, 7.4); no other exception."""
    try:
        o = O.parse(text)
    except RuleError as e:
        assert e.key and e.rule in ("", "7.31", "7.32", "7.4")
        return
    assert isinstance(o, Order)
    assert _same(O.parse(o.text()), o)


def test_an_unknown_unit_or_place_name_gives_the_rules_error_as_before():
    """The parser keeps names as written; the rules resolve them, with the same answer whether the order
    comes as text or as a value (5.1 names blocks by id; places by hex, town or box)."""
    g = new(1)
    for order in (O.Supply(("Nobody",)), "/supply units:Nobody"):
        with pytest.raises(RuleError) as e:
            g.apply("british", order)
        assert (e.value.key, e.value.params) == ("liberty.order.unit", {"unit": "Nobody"})
    with pytest.raises(RuleError) as e:
        g.apply("british", O.Place("Nowhere"))
    assert e.value.key == "liberty.place.unknown"


def test_an_illegal_order_that_reads_well_gets_the_rules_answer_as_before():
    """3.1: a card not in the hand, or any order out of its phase, is the rules' to refuse, as before."""
    g = new(1)
    with pytest.raises(RuleError) as e:
        g.apply("british", "/play card:NOPE")
    assert (e.value.rule, e.value.key) == ("3.1", "liberty.card.not_in_hand")
    with pytest.raises(RuleError) as e:
        g.apply("british", O.End())
    assert e.value.key == "liberty.order.end_not_now"
    with pytest.raises(RuleError) as e:
        g.apply("british", "/fire")
    assert e.value.rule.startswith("7")


def test_a_game_over_refuses_a_well_read_order_by_11_1_and_a_malformed_one_by_its_fault():
    """11.1: nothing is played after the end; a syntax fault is now found first (the parser reads first)."""
    g = new(1)
    g.state.phase = "over"
    with pytest.raises(RuleError) as e:
        g.apply("american", "/end")
    assert (e.value.rule, e.value.key) == ("11.1", "liberty.order.over")
    with pytest.raises(RuleError) as e:
        g.apply("american", "/end now:yes")
    assert e.value.key == "text.no_options"


def test_apply_takes_a_value_its_text_or_a_command_and_logs_the_same_line():
    a, b, c = new(1), new(1), new(1)
    card = a.state.hands["british"][0]
    a.apply("british", O.Play(card))
    b.apply("british", f"/play card:{card}")
    c.apply("british", parse_command(f"/play card:{card}"))
    assert a.dumps() == b.dumps() == c.dumps()
    assert a.log[-1] == f"british: /play card:{card}"
    assert O.GRAMMAR.parse(O.End()) == O.End() and O.Fire("AM-1") != O.Fire() and O.End() == "/end"
    with pytest.raises(RuleError) as e:
        O.Fire.parse("/end")
    assert e.value.key == "text.wrong_order"


def test_the_bot_players_answer_with_values_the_game_accepts():
    """The module's bot player and the random one read the values' fields and answer with one of them."""
    from ai.liberty import LibertyHeuristicPlayer, LibertyRandomPlayer

    g = Game.new(Options(), 5)
    rng = random.Random(5)
    players = {"british": LibertyHeuristicPlayer(), "american": LibertyRandomPlayer()}
    for _ in range(400):
        if g.over:
            break
        role = rng.choice(g.active())
        lg = g.legal(role)
        o = players[role].choose(g.view(role, events=False), lg, rng)
        assert isinstance(o, Order) and o in lg.choices
        g.apply(role, o)
