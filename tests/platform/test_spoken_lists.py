"""Lists and paths read and said by their options' declarations (``engine/orders.py``: ``Ids``, ``Single``,
``Path``, ``Items``, and an option needed only with or without another), in every game: no order kind splits
or joins a list or a path itself, and every text, value and refusal is the one each kind read and said by
hand before (recorded from that code, faults given together included: which is said first)."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import typing
from typing import Any

import pytest

from engine import RuleError, modules
from engine.orders import Flag, Ids, Items, Number, Order, Path, Said, Single, Spoken, order
from engine.text import Command, parse_command

# what a player writes -> the text said, or "!" and the refusal's key (recorded from the kinds read by hand)
WRITTEN = [
    ("e", "/charge units:f04,f05 target:v1", "/charge units:F04,F05 target:V1"),
    ("e", "/charge target:V1 units:F04 then:Return", "/charge units:F04 target:V1 then:return"),
    (
        "e",
        "/charge grand:f-l7 from:s5,s6 target:s8 then:return",
        "/charge grand:F-L7 from:S5,S6 target:S8 then:return",
    ),
    ("e", "/charge target:s8 from:S5 grand:F-L7", "/charge grand:F-L7 from:S5 target:S8"),
    ("e", "/charge target:V1", "!text.needs"),
    ("e", "/charge grand:F-L7 target:S8", "!text.needs"),
    ("e", "/charge grand:F-L7", "!text.needs"),
    ("e", "/charge grand: units:F1 target:S8", "/charge units:F1 target:S8"),
    ("e", "/charge units:F1 target:S8 via:x", "!text.options"),
    ("e", "/charge from:S5 units:F1 target:S8", "/charge from:S5 units:F1 target:S8"),
    ("e", "/queue", "/queue"),
    ("e", "/queue orders:", "/queue"),
    (
        "e",
        '/queue orders:" /roll ;; /activate formations:foy ;"',
        '/queue orders:"/roll; /activate formations:foy"',
    ),
    ("e", "/queue list:x", "!text.options"),
    (
        "t",
        "/lead with:lannes,murat width:NARROW leaders:F12 target:A01 keep:F13",
        "/lead with:lannes,murat width:narrow leaders:F12 target:A01 keep:F13",
    ),
    ("t", "/lead with:lannes width:tall", "!triumph.lead.width_word"),
    ("t", "/lead with:lannes width: target:", "/lead with:lannes"),
    ("t", "/lead width:wide", "!text.needs"),
    ("t", "/lead with:x other:1", "!text.options"),
    (
        "l",
        "/move units:A,B path:H1>H2 forced:yes river:y also:1",
        "/move units:A,B path:H1>H2 forced:yes river:yes also:yes",
    ),
    ("l", "/move path:H1 forced:maybe", "!text.yes_no"),
    ("l", "/move units:A path:>", "!text.needs"),
    ("l", "/move units:A", "!text.needs"),
    ("l", "/move units:, path:X", "!text.needs"),
    ("l", "/retreat unit:A to:H1>H2 river:yes", "/retreat unit:A path:H1>H2 river:yes"),
    ("l", "/retreat unit:A path:H3 to:H1", "/retreat unit:A path:H3"),
    ("l", "/retreat unit:A,B to:H1", "!liberty.retreat.one_unit"),
    ("l", "/retreat to:H1 river:maybe", "!liberty.retreat.one_unit"),
    ("l", "/retreat unit:A river:maybe", "!text.yes_no"),
    ("l", "/retreat unit:A", "!text.needs"),
    ("l", "/regroup units:A path:> river:maybe", "!text.yes_no"),
    ("l", "/regroup units:A,B path:H1", "/regroup units:A,B path:H1"),
    ("l", "/fire", "/fire"),
    ("l", "/fire unit:,", "/fire"),
    ("l", "/fire unit:A,B", "!liberty.fire.one_unit"),
    ("l", "/fire unit: A ", "/fire unit:A"),
    ("l", "/hit unit:", "!liberty.hit.one_unit"),
    ("l", "/hit unit:,", "!liberty.hit.one_unit"),
    ("l", "/hit unit:A", "/hit unit:A"),
    ("l", "/hit x:1", "!text.options"),
    ("l", "/retreat unit:A to:H1 x:1", "!text.options"),
    ("n", "/fire unit:,", "!battle.fire_usage"),
    ("n", "/fire", "!battle.needs_units"),
    ("n", "/fire unit:A,B", "!battle.fire_usage"),
    ("n", "/fire units:A target:Square x:1", "/fire unit:A target:square"),
    ("n", "/fire unit:A target:cannon", "!battle.target_usage"),
    ("n", "/fire unit: units:A", "/fire unit:A"),
    ("n", "/square unit:A,B", "!battle.square_usage"),
    ("n", "/unsquare", "!battle.needs_units"),
    ("n", "/square units:A battle:L", "/square unit:A battle:L"),
    ("n", "/battle-move unit:A,B", "!battle.move_usage"),
    ("n", "/battle-move unit:A", "!battle.move_usage"),
    ("n", "/battle-move to:left", "!battle.needs_units"),
    ("n", "/battle-move unit:, to:left", "!battle.move_usage"),
    ("n", "/retreat units:, to:X", "/retreat units: to:X"),
    ("n", "/retreat unit:A units:B to:X", "/retreat units:B to:X"),
    ("n", "/retreat units:A", "!battle.retreat_needs_to"),
    ("n", "/retreat unit:A to:X path:A>>B", "/retreat units:A to:X path:A>>B"),
    ("n", "/retreat unit:A to:X path:>", "/retreat units:A to:X path:>"),
    ("n", "/reinforce units:A,B", "!battle.reinforce_needs_from"),
    ("n", "/reinforce from:X", "!battle.needs_units"),
    ("n", "/reinforce unit:A from:X y:1", "/reinforce units:A from:X"),
    ("n", "/regroup unit:A", "!battle.regroup_usage"),
    ("n", "/regroup unit:A to:X from:Y", "!battle.regroup_usage"),
    ("n", "/regroup units:A from:X path:A> B", "/regroup units:A from:X path:A>B"),
    ("n", "/orders", "!battle.orders_usage"),
    ("n", "/orders list:", "!battle.orders_usage"),
    ("n", '/orders list:";" battle:L', '/orders list:"" battle:L'),
    ("n", '/orders list:"end" x:1', '/orders list:"end"'),
    ("n", "/deploy center:A centre:B,C left:D", "/deploy left:D center:A,B,C"),
    ("n", "/deploy centre:A", "/deploy center:A"),
    ("n", "/deploy middle:A", "!battle.deploy_options"),
    ("n", "/deploy", "/deploy"),
]


# an empty list read is said empty, and refused when read again, as before (the rules' or the usage's)
_REFUSED_AGAIN = {"/retreat units: to:X", '/orders list:"" battle:L'}


def _grammars() -> dict[str, Any]:
    return {
        g: importlib.import_module(f"engine.{m}.orders").GRAMMAR
        for g, m in (("e", "eagles"), ("t", "triumph"), ("l", "liberty"), ("n", "napoleon"))
    }


@pytest.mark.parametrize(("game", "text", "said"), WRITTEN)
def test_a_list_or_path_is_read_and_said_as_each_kind_did_by_hand(game: str, text: str, said: str):
    grammar = _grammars()[game]
    if said.startswith("!"):
        with pytest.raises(RuleError) as e:
            grammar.parse(text)
        assert e.value.key == said[1:]
        return
    o = grammar.parse(text)
    assert o.text() == said
    if said in _REFUSED_AGAIN:
        with pytest.raises(RuleError):
            grammar.parse(said)
        return
    again = grammar.parse(said)
    assert dataclasses.astuple(again) == dataclasses.astuple(o)


def _kinds() -> list[type[Order]]:
    """Every order kind of every registered module (those that give orders as values)."""
    out: list[type[Order]] = []
    for module in modules.modules():
        package = type(module).__module__.rpartition(".")[0]
        try:
            orders = importlib.import_module(f"{package}.orders")
        except ModuleNotFoundError:  # a module giving its orders as plain texts
            continue
        found = [v for v in vars(orders).values() if isinstance(v, type) and issubclass(v, Order)]
        out += [k for k in found if k.kind and k.__module__ == orders.__name__]
    return out


_BY_HAND = (".split(", ".join(", "split_list", "listed_ids", ".partition(", ".rsplit(")


def _own_code(cls: type) -> list[tuple[str, str]]:
    """The source of each reading or saying method ``cls`` and its game's classes above it define."""
    out = []
    for c in cls.__mro__:
        if c.__module__ == "engine.orders" or c is object:
            continue
        for name in ("read", "say", "declared"):
            f = c.__dict__.get(name)
            if f is not None:
                f = getattr(f, "__func__", f)
                out.append((f"{c.__qualname__}.{name}", inspect.getsource(f)))
    return out


def test_no_order_kind_of_any_module_reads_or_says_a_list_or_a_path_by_hand():
    """Each kind is declared (``Spoken``), each of its lists and paths by a list's declaration (``Ids``,
    ``Path``, ``Items``), and no ``read``/``say`` a game writes (a kind's, or its own ``Said``'s) splits or
    joins anything: what it reads or says by hand is a word, a check or a usage, never a list."""
    kinds = _kinds()
    assert {k.__module__.split(".")[1] for k in kinds} >= {"napoleon", "liberty", "triumph", "eagles"}
    for kind in kinds:
        assert issubclass(kind, Spoken), kind
        hints = typing.get_type_hints(kind)
        for name, said in kind.fields_said:
            if typing.get_origin(hints[name]) is tuple:  # a list or a path
                assert isinstance(said, (Ids, Path, Items)), (kind.kind, name, said)
        for where, code in _own_code(kind) + [x for _, s in kind.fields_said for x in _own_code(type(s))]:
            assert not [w for w in _BY_HAND if w in code], (kind.kind, where)


def test_the_check_finds_a_kind_that_splits_by_hand():
    """The check above is honest: a kind splitting its list itself is caught."""

    @order("rogue")
    class Rogue(Spoken):
        units: tuple[str, ...]
        spec = (Ids("units"),)

        @classmethod
        def read(cls, cmd: Command) -> Rogue:
            return cls(tuple(cmd.options.get("units", "").split(",")))

    assert [where for where, code in _own_code(Rogue) if ".split(" in code] == [
        "test_the_check_finds_a_kind_that_splits_by_hand.<locals>.Rogue.read"
    ]


# --- the declarations themselves, on a kind of no game ------------------------------------------------------


def _refusal(key: str) -> Any:
    return lambda cmd, value: RuleError("", key=key, params={"value": value}, say=lambda: key)


@order("sortie")
class Sortie(Spoken):
    """A kind of no game: its one leader where a list may be written, its units (``unit:`` too), its path
    pinned, its captain needed only without a leader, its list of orders, said leader first."""

    units: tuple[str, ...]
    leader: str | None = None
    path: tuple[str, ...] = ()
    captains: tuple[str, ...] = ()
    plan: tuple[str, ...] = ()
    spec = (
        Ids("units", aliases=("unit",), needed=True),
        Single("leader", needed=False, case="upper", wrong=_refusal("one-leader")),
        Path("path", needed=False, pinned=True),
        Ids("captains", unless="leader", missing=_refusal("no-captain")),
        Items("plan"),
    )
    saying = ("leader", "units", "path", "captains", "plan")
    reading = ("captains",)


def _read(text: str) -> Sortie:
    return Sortie.read(parse_command(text))


def test_an_alias_is_read_when_the_option_is_not_given():
    assert _read("/sortie unit:A,B captains:C").units == ("A", "B")
    assert _read("/sortie units:A unit:B captains:C").units == ("A",)  # its own name first
    with pytest.raises(RuleError) as e:
        _read("/sortie captains:C")
    assert (e.value.key, e.value.params) == ("text.needs", {"order": "sortie", "option": "units"})


def test_a_single_refuses_a_list_of_several_and_reads_none_as_absent():
    assert _read("/sortie units:A leader:x").leader == "X"
    assert _read("/sortie units:A leader:, captains:C").leader is None
    with pytest.raises(RuleError) as e:
        _read("/sortie units:A leader:x,y")
    assert (e.value.key, e.value.params) == ("one-leader", {"value": "x,y"})


def test_an_option_needed_only_without_another_is_read_and_said_so():
    assert _read("/sortie units:A leader:L").text() == "/sortie leader:L units:A"
    with pytest.raises(RuleError) as e:
        _read("/sortie units:A")
    assert e.value.key == "no-captain"
    # said when needed, even empty: a value the rules would refuse says so as its text would
    assert Sortie(("A",)).text() == "/sortie units:A captains:"
    assert Sortie(("A",), "L").text() == "/sortie leader:L units:A"


def test_a_pinned_path_keeps_each_place_as_written_and_a_list_of_orders_its_items():
    o = _read('/sortie units:A path: x >> y captains:C plan:"/roll ;; /done ;"')
    assert o.path == ("x", "", "y") and o.plan == ("/roll", "/done")
    assert o.text() == '/sortie units:A path:x>>y captains:C plan:"/roll; /done"'
    assert _read(o.text()) == o


def test_the_options_read_first_say_their_faults_first():
    with pytest.raises(RuleError) as e:  # no units either, but the captains are read first
        _read('/sortie plan:"/roll"')
    assert e.value.key == "no-captain"
    with pytest.raises(RuleError) as e:  # then the rest in the text's order: the leader before the units
        _read("/sortie leader:x,y")
    assert e.value.key == "one-leader"


def test_a_kind_refuses_an_option_it_does_not_take_naming_aliases_too():
    with pytest.raises(RuleError) as e:
        _read("/sortie units:A captains:C via:x")
    assert e.value.params["known"] == ["units", "unit", "leader", "path", "captains", "plan"]


def test_a_games_own_declaration_is_a_said():
    assert issubclass(Single, Said) and issubclass(Items, Said)


def test_each_slash_option_is_typed_as_its_kind_declares_it():
    """The front ends' options (``OrderKind``: what a slash command offers and types) and the kinds'
    declarations agree: every option a slash command gives is one the kind reads (or an alias of one), a
    yes/no a ``Flag``, a number a ``Number``, a list of units an ``Ids``, a path a ``Path``, a quoted list of
    orders an ``Items``; so a typed value is read by the declaration the text would be."""
    typed = {"bool": Flag, "number": Number, "units": Ids, "list": Ids, "path": Path}
    checked = 0
    for module in modules.modules():
        package = type(module).__module__.rpartition(".")[0]
        try:
            grammar = importlib.import_module(f"{package}.orders").GRAMMAR
        except ModuleNotFoundError:
            continue
        for kind in module.orders:
            declared = {n: s for s in grammar.kinds[kind.name].spec for n in s.names()}
            for option in kind.options:
                said = declared[option.name]
                want = typed.get(option.kind)
                assert want is None or isinstance(said, want), (module.id, kind.name, option.name, said)
                assert option.quoted == isinstance(said, Items), (module.id, kind.name, option.name)
                assert isinstance(said, (Flag, Number)) == (option.kind in ("bool", "number"))
                checked += 1
    assert checked > 100
