"""Orders as text (engine/text.py: the grammar scripts, logs and slash commands share) and the seeded dice."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import Dice, RuleError, parse_command
from engine.text import fold


def test_parse_options_with_spaces_and_paths():
    c = parse_command("/move units:FR-1,FR-2 path:Quatre Bras>Waterloo forced:yes")
    assert c.name == "move"
    assert c.options == {"units": "FR-1,FR-2", "path": "Quatre Bras>Waterloo", "forced": "yes"}


def test_parse_quoted_value_keeps_colons_and_semicolons():
    c = parse_command('/orders list:"fire A; B>across-left; square C" battle:Ligny')
    assert c.options == {"list": "fire A; B>across-left; square C", "battle": "Ligny"}


@pytest.mark.parametrize(
    "bad", ["move units:A", "/", "/move units:A units:B", '/orders list:"open', "/move junk units:A"]
)
def test_unreadable_orders_say_what_is_accepted(bad):
    with pytest.raises(RuleError) as e:
        parse_command(bad)
    assert e.value.rule == ""
    assert str(e.value)


def test_round_trip_through_text():
    c = parse_command('/orders list:"fire A; square C"')
    assert parse_command(c.text()) == c


def test_fold_is_case_and_accent_insensitive():
    assert fold("Châtelet") == fold("CHATELET") == "chatelet"


def test_dice_are_deterministic_and_restorable():
    a, b = Dice.seeded(7), Dice.seeded(7)
    assert a.rolls(50) == b.rolls(50)
    c = Dice.from_dict(a.to_dict())
    assert c.rolls(20) == a.rolls(20)


def test_forced_dice_come_first_then_the_generator_resumes_unchanged():
    a, b = Dice.seeded(3), Dice.seeded(3)
    a.force([6, 1])
    assert a.rolls(2) == [6, 1]
    assert a.rolls(10) == b.rolls(10)


def test_forced_die_out_of_range_is_refused():
    with pytest.raises(ValueError):
        Dice.seeded(1).force([7])


def test_dice_are_uniform():
    d = Dice.seeded(11)
    counts = Counter(d.rolls(60000))
    for face in range(1, 7):
        assert abs(counts[face] / 60000 - 1 / 6) < 0.01


@given(st.integers(min_value=0, max_value=2**63))
def test_every_seed_rolls_d6(seed):
    assert all(1 <= v <= 6 for v in Dice.seeded(seed).rolls(30))
