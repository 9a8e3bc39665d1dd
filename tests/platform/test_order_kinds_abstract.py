"""An order kind and an option declaration say what they must (``engine/orders.py``): ``Order.read``/``say``
and ``Said.read``/``say`` are abstract, so a kind or an option that forgets one cannot be made, while the
``@order`` dataclass and the classmethod ``read`` work as before."""

from __future__ import annotations

import dataclasses

import pytest

from engine.orders import Grammar, One, Order, Said, Spoken, order
from engine.text import Command


def test_an_order_kind_that_does_not_say_itself_cannot_be_made():
    @order("mute")
    class Mute(Order):
        @classmethod
        def read(cls, cmd: Command) -> Mute:
            return cls()

    with pytest.raises(TypeError, match="say"):
        Mute()
    with pytest.raises(TypeError, match="read"):
        Order()  # type: ignore[abstract]


def test_an_option_declaration_that_cannot_read_cannot_be_made():
    @dataclasses.dataclass(frozen=True)
    class Half(Said):
        def say(self, value: object) -> str:
            return f" {self.name}:{value}"

    with pytest.raises(TypeError, match="read"):
        Half("x")


def test_a_declared_kind_is_still_a_frozen_dataclass_read_by_its_classmethod():
    @order("greet")
    class Greet(Spoken):
        who: str
        spec = (One("who"),)

    g = Grammar([Greet]).parse("/greet who:ney")
    assert g == Greet("ney") == "/greet who:ney" and hash(g) == hash("/greet who:ney")
    assert g != "/greet who:soult" and g != Greet("soult")
    with pytest.raises(dataclasses.FrozenInstanceError):
        g.who = "soult"  # type: ignore[misc]
