"""Napoleon's orders said by their options' declarations (``engine/napoleon/orders.py``, ``Spoken``): the unit
lists (``Ids``), the paths (``Path``) and ``battle:`` declared once per kind and said in its fields' order,
byte for byte the text each kind said by hand before, edge cases included; each kind still reads itself in
its own words (``move.usage``, ``battle.needs_units``) and with what the declarations do not read."""

from __future__ import annotations

import dataclasses

import pytest

from engine import RuleError
from engine.napoleon import orders as O
from engine.orders import Order, Spoken

# what a player writes -> the order's text as the kinds said it by hand (recorded from that code)
SAID = {
    "/setup auto:on": "/setup auto:yes",
    "/setup units:FR-1, ,FR-2 town:Charleroi": "/setup units:FR-1,FR-2 town:Charleroi",
    "/setup units:FR-1 town:": "/setup units:FR-1 town:",  # an empty town is said, for 3.1 to refuse
    "/move units:FR-1 path:": "/move units:FR-1 path:",  # a path naming no town is said (5.0 refuses it)
    "/move units:FR-1 path: A > > B forced:y": "/move units:FR-1 path:A>B forced:yes",
    "/end battle:": "/end battle:",  # a battle given empty is said as given
    "/end battle:Ligny": "/end battle:Ligny",
    "/deploy centre:FR-1 reserve:FR-3,FR-4 left:FR-2": "/deploy left:FR-2 center:FR-1 reserve:FR-3,FR-4",
    "/deploy left:FR-1 center:FR-2 centre:FR-3": "/deploy left:FR-1 center:FR-2,FR-3",
    "/battle-move units:FR-1 to:Across Centre battle:L": "/battle-move unit:FR-1 to:across-center battle:L",
    "/fire units:FR-1": "/fire unit:FR-1",
    "/fire unit:FR-1 target:LINE": "/fire unit:FR-1 target:line",
    "/unsquare unit:FR-1 battle:": "/unsquare unit:FR-1 battle:",
    "/retreat unit:FR-1,FR-2 to:Wavre path:L>>Wavre": "/retreat units:FR-1,FR-2 to:Wavre path:L>>Wavre",
    "/retreat units:FR-1 to:Wavre forced:yes battle:L": "/retreat units:FR-1 to:Wavre forced:yes battle:L",
    "/reinforce unit:FR-1 from:Fleurus": "/reinforce units:FR-1 from:Fleurus",
    "/regroup units:FR-1 to: path:>": "/regroup units:FR-1 to: path:>",  # 7.2 judges the empty places
    "/regroup units:FR-1 from:Wavre battle:Ligny": "/regroup units:FR-1 from:Wavre battle:Ligny",
    '/orders list:"fire FR-1 ;; end" battle:': '/orders list:"fire FR-1; end" battle:',
}


@pytest.mark.parametrize("written", sorted(SAID))
def test_each_kind_says_by_its_declarations_the_text_it_said_by_hand(written: str):
    o = O.parse(written)
    assert o.text() == SAID[written]
    again = O.parse(o.text())
    assert type(again) is type(o) and dataclasses.astuple(again) == dataclasses.astuple(o)  # type: ignore[call-overload]


def test_values_built_by_a_player_are_said_as_their_texts_would_be():
    """A bot's values: no units still says ``units:`` (refused as the text would be: 5.0, 3.1)."""
    assert O.Move((), ("Charleroi",)).text() == "/move units: path:Charleroi"
    assert O.Setup((), "Brussels").text() == "/setup units: town:Brussels"
    assert O.Regroup(("FR-1",), source="Wavre", path=("Ligny", "Wavre")).text() == (
        "/regroup units:FR-1 from:Wavre path:Ligny>Wavre"
    )
    assert O.Square("FR-1", "Ligny").text() == "/square unit:FR-1 battle:Ligny"


def test_every_kind_declares_each_field_once():
    """The list of orders too: ``/orders``' items are an ``Items`` (in quotes, joined by "; ")."""
    for kind in O.KINDS:
        assert issubclass(kind, Spoken) and issubclass(kind, Order)
        fields = [f.name for f in dataclasses.fields(kind)]  # type: ignore[arg-type]
        assert [name for name, _said in kind.fields_said] == fields, kind.kind


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("/move units:, path:Fleurus", "move.no_units"),  # its own words, before the declarations'
        ("/move units:FR-1 path:A river:yes", "move.usage"),
        ("/retreat to:Fleurus", "battle.needs_units"),
        ("/deploy middle:FR-1", "battle.deploy_options"),
    ],
)
def test_each_kind_still_refuses_in_its_own_words(text: str, key: str):
    with pytest.raises(RuleError) as e:
        O.parse(text)
    assert e.value.key == key
