"""The game objects' common part (``engine/gamebase.py``), the orders read and said by their declarations
(``engine/orders.py``, ``Spoken``), the hooks a module's presenter says (``engine/module.py``, ``Presented``)
and a game's words (``engine/voice.py``), proved on *Tally*, a toy game of this file: two sides add 1-3 to a
count in turn (T1), the one that brings it to 10 or more wins (T2)."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from typing import Any

import pytest

from engine.errors import RuleError
from engine.events import Event
from engine.gamebase import GameBase, Legal, allowed, winner_and_why
from engine.module import GameModule, Presented
from engine.orders import Flag, Grammar, Ids, Number, One, Order, Path, Spoken, order
from engine.text import Command, parse_command
from engine.voice import Voice

SIDES = ("left", "right")


@order("add")
class Add(Spoken):
    n: int
    spec = (Number("n"),)


@order("pass")
class Pass(Spoken):
    pass


@order("tag")
class Tag(Spoken):
    """Every kind of declared option, in the order the text says them."""

    units: tuple[str, ...]
    to: str
    path: tuple[str, ...] = ()
    at: str | None = None
    loud: bool = False
    also: tuple[str, ...] = ()
    spec = (
        Ids("units", needed=True, case="upper"),
        One("to", case="lower"),
        Path("path", needed=False),
        One("at", needed=False),
        Flag("loud"),
        Ids("also", always=True),
    )


GRAMMAR = Grammar([Add, Pass, Tag])


@dataclass
class TallyState:
    seed: int = 0
    phase: str = "play"
    count: int = 0
    turn: str = "left"
    winner: str | None = None
    marks: list[str] = field(default_factory=list)

    def clone(self) -> TallyState:
        return dataclasses.replace(self, marks=list(self.marks))

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class TallyOptions:
    target: int = 10
    bonus: bool = False  # an optional rule added later: scripted only when on

    def to_dict(self) -> dict[str, Any]:
        return {"target": self.target, "bonus": self.bonus}


@dataclass
class TallyCtx:
    st: TallyState
    data: object
    opts: TallyOptions
    events: list[Event] = field(default_factory=list)


DATA = object()  # the rules' data: shared by a copy, never stored


def dispatch(ctx: TallyCtx, role: str, o: Order, *, dry: bool = False) -> None:
    st = ctx.st
    if st.phase == "over":
        raise RuleError("T2", "the game is over")
    if role != st.turn:  # T1
        raise RuleError("T1", f"it is {st.turn}'s turn")
    if isinstance(o, Tag):
        if not dry:
            st.marks.extend(o.units)  # written before the refusal below: apply must undo it
        if o.to == "nowhere":
            raise RuleError("T1", "nowhere is not a place")
        return
    if isinstance(o, Add) and not 1 <= o.n <= 3:
        raise RuleError("T1", "add 1, 2 or 3")
    if dry:
        return
    if isinstance(o, Add):
        st.count += o.n
        ctx.events.append(Event("add", {"side": role, "n": o.n}, seq=len(ctx.events) + 1))
    if st.count >= ctx.opts.target:  # T2
        st.phase, st.winner = "over", role
    st.turn = SIDES[1 - SIDES.index(role)]


class Tally(GameBase[TallyState, TallyOptions]):
    name = "tally"
    sides = SIDES
    grammar = GRAMMAR
    quiet_options = frozenset({"bonus"})
    ctx: TallyCtx

    @classmethod
    def new(cls, options: TallyOptions | None = None, seed: int = 0) -> Tally:
        return cls(TallyCtx(TallyState(seed=seed), DATA, options or TallyOptions()))

    @classmethod
    def _stored(cls, state: dict[str, Any], options: dict[str, Any]) -> TallyCtx:
        return TallyCtx(TallyState(**state), DATA, TallyOptions(**options))

    def _not_a_side(self, role: str) -> RuleError:
        return RuleError("", f"{role} is not a side")

    def _play(self, role: str, order: Order) -> None:
        dispatch(self.ctx, role, order)

    def result(self) -> dict[str, Any] | None:
        return {"winner": self.state.winner, "reason": "ten"} if self.over else None

    def active(self) -> list[str]:
        return [] if self.over else [self.state.turn]

    def legal(self, role: str) -> Legal:
        tried = [Add(1), Add(2), Add(3), Pass()]
        ok = tuple(o for o in tried if allowed(dispatch, self.ctx, role, o))
        return Legal(role, self.state.phase, role in self.active(), tuple(o.text() for o in ok), ok)


def _snapshot(game: Tally) -> str:
    return game.dumps()


# --- the game object's common part --------------------------------------------------------------------------


def test_an_order_is_applied_and_logged_as_written_or_as_its_text():
    g = Tally.new(seed=7)
    assert [e.data for e in g.apply("left", "  /add n:2 ")] == [{"side": "left", "n": 2}]
    g.apply("right", Command.given("add", {"n": 3}))
    g.apply("left", Add(1))
    assert g.log == ["left: /add n:2", "right: /add n:3", "left: /add n:1"]
    assert g.state.count == 6 and g.options.target == 10 and len(g.events) == 3


def test_a_refused_order_changes_nothing_even_what_its_rules_wrote_before_refusing():
    g = Tally.new()
    g.apply("left", "/add n:2")
    state, before = g.state, _snapshot(g)
    for role, text in [
        ("right", "/add n:4"),  # T1: 1-3
        ("left", "/add n:1"),  # T1: not its turn
        ("right", "/tag units:a to:nowhere"),  # the rules wrote the marks, then refused
        ("right", "/add"),  # cannot be read
        ("right", "/jump"),  # no such order
    ]:
        with pytest.raises(RuleError):
            g.apply(role, text)
        assert _snapshot(g) == before
    assert g.state is state  # restored in place: references to the state stay good


def test_a_role_that_is_not_a_side_is_refused_in_the_games_words():
    with pytest.raises(RuleError, match="umpire is not a side"):
        Tally.new().apply("umpire", "/add n:1")


def test_the_game_is_over_when_its_phase_says_so_and_the_result_says_who_and_why():
    g = Tally.new(TallyOptions(target=3))
    assert not g.over and g.result() is None and g.active() == ["left"]
    g.apply("left", "/add n:3")  # T2
    assert g.over and winner_and_why(g) == ("left", "ten")
    with pytest.raises(RuleError, match="T2"):
        g.apply("right", "/add n:1")


def test_the_script_writes_a_quiet_option_only_when_on_and_replays_to_the_same_game():
    g = Tally.new(seed=5)
    g.apply("left", "/add n:2")
    assert g.script() == "@game tally\n@options target=10\n@seed 5\nleft: /add n:2"
    on = Tally.new(TallyOptions(target=12, bonus=True), seed=5)
    assert on.script().splitlines()[1] == "@options target=12 bonus=on"
    replay = Tally.new(seed=5)
    for line in g.script().splitlines()[3:]:
        role, _, text = line.partition(": ")
        replay.apply(role, text)
    assert replay.dumps() == g.dumps()


def test_a_snapshot_keeps_options_state_log_and_events_and_loads_to_the_same_game():
    g = Tally.new(TallyOptions(target=12), seed=3)
    g.apply("left", "/add n:2")
    g.apply("right", "/tag units:a,b to:Here")
    d = json.loads(g.dumps())
    assert sorted(d) == ["events", "log", "options", "state"]  # the stored format every game keeps
    back = Tally.loads(g.dumps())
    assert back.dumps() == g.dumps() and back.ctx.data is DATA
    assert back.events == g.events and back.log == g.log


def test_a_copy_is_the_same_game_sharing_nothing_an_order_changes():
    g = Tally.new()
    g.apply("left", "/add n:1")
    before = g.dumps()
    c = g.copy()
    assert c.dumps() == before and c.ctx.data is g.ctx.data and c.options is g.options
    c.apply("right", "/tag units:x to:there")
    c.apply("right", "/add n:3")  # a tag does not end the turn
    assert g.dumps() == before and g.state.marks == [] and len(g.log) == 1 and len(g.events) == 1


def test_legal_offers_what_the_rules_take_tried_dry():
    g = Tally.new()
    lg = g.legal("left")
    assert lg.phase == "play" and lg.active and lg.orders == ("/add n:1", "/add n:2", "/add n:3", "/pass")
    assert g.legal("right").choices == () and g.dumps() == Tally.new().dumps()  # dry: nothing changed


# --- orders read and said by their declarations -------------------------------------------------------------


def test_a_declared_order_reads_each_option_and_says_them_in_its_fields_order():
    t = GRAMMAR.parse("/tag loud:yes at:Mill path:a > b to:HILL units:f1,f2")
    assert t == Tag(("F1", "F2"), "hill", ("a", "b"), "Mill", True, ())
    assert t.text() == "/tag units:F1,F2 to:hill path:a>b at:Mill loud:yes also:"  # ``always``: said empty
    assert Tag(("A",), "x").text() == "/tag units:A to:x also:"  # the options not given left out
    assert GRAMMAR.parse(t.text()) == t and GRAMMAR.parse(Command.given("tag", {"units": "a", "to": "x"}))
    assert Pass.parse("/pass").text() == "/pass" and Add.parse("/add n:2") == Add(2)
    assert GRAMMAR.read(Command.given("add", {"n": 3})) == Add(3)  # a number typed at the edge, kept


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("/tag to:x", "text.needs"),  # units needed
        ("/tag units:a", "text.needs"),  # to needed
        ("/tag units:a to:x loud:maybe", "text.yes_no"),
        ("/tag units:a to:x colour:red", "text.options"),  # an option it does not take, named
        ("/pass now:yes", "text.no_options"),
        ("/add n:two", "text.number"),
        ("/add", "text.needs"),
    ],
)
def test_a_declared_order_refuses_what_it_cannot_read_saying_what_would_be_accepted(text: str, key: str):
    with pytest.raises(RuleError) as e:
        GRAMMAR.parse(text)
    assert e.value.key == key


def test_a_needed_path_is_given_and_its_places_are_the_rules_to_judge():
    @order("walk")
    class Walk(Spoken):
        path: tuple[str, ...]
        spec = (Path("path"),)

    with pytest.raises(RuleError) as e:
        Walk.parse("/walk path: ")
    assert e.value.key == "text.needs"
    assert Walk.parse("/walk path:a > b").text() == "/walk path:a>b"
    assert Walk.parse("/walk path:>").path == ()  # given: what it names is for the rules to refuse


def test_a_path_said_always_is_said_naming_no_place_and_is_not_needed():
    @order("go")
    class Go(Spoken):
        path: tuple[str, ...]
        spec = (Path("path", needed=False, always=True),)

    assert Go(()).text() == "/go path:" and Go.parse("/go").path == ()  # not needed, said all the same
    assert Go.parse("/go path: a >> b").text() == "/go path:a>b"


def test_a_declaration_for_each_field_or_the_kind_is_not_made():
    with pytest.raises(AssertionError):

        @order("bad")
        class Bad(Spoken):
            a: str
            b: str
            spec = (One("a"),)


def test_an_order_equals_its_text_and_command():
    assert Tag(("A",), "x") == "/tag units:A to:x also:"
    assert parse_command(Add(2).text()).options == {"n": "2"}


# --- a module's words said by its presenter -----------------------------------------------------------------


class _Presenter:
    """A game's ``present`` as an object (a module fits the same protocol)."""

    def narrate(self, event: Any, lang: str) -> str | None:
        if event["kind"] == "odd":
            raise KeyError("n")  # a template it cannot fill
        return f"{lang}: {event['side']} added {event['n']}"

    def status(self, view: Any, lang: str) -> str:
        return f"{lang}: {view['count']}"

    def headline(self, view: Any, role: str, lang: str) -> str:
        return f"{role} to add ({view['count']})"

    def describe_options(self, options: Any, lang: str) -> str:
        return f"up to {options['target']}"

    def place(self, place: Any, lang: str) -> str:
        return place.upper()


class _Told(Presented[TallyOptions, Any, Any], GameModule[TallyOptions, Any, Any]):
    id = "tally"
    title = "Tally"
    options = ()
    orders = ()
    presenter = _Presenter()
    sides = SIDES

    def make_options(self, values: Any) -> TallyOptions:
        return TallyOptions(**values)

    def options_dict(self, options: TallyOptions) -> dict[str, Any]:
        return options.to_dict()

    def owns(self, role: str, unit: str) -> bool:
        return False


class _Viewed(Tally):
    def view(self, role: str = "public", *, events: bool = True) -> Any:
        return {"count": self.state.count}


_Told.game = _Viewed  # the module's games: one class's (``GameModule``)


def test_a_module_of_one_game_class_makes_and_loads_its_games_for_the_same_sides():
    m = _Told()
    g = m.new_game(TallyOptions(target=5), 4)
    assert isinstance(g, _Viewed) and g.state.seed == 4 and g.options.target == 5
    g.apply("left", "/add n:2")
    assert m.loads(g.dumps()).dumps() == g.dumps() and m.roles(g.options) == m.every_role() == SIDES


def test_a_module_of_one_game_class_stores_its_games_without_their_logs_by_the_games_own_hooks():
    m = _Told()
    g = m.new_game(TallyOptions(target=9), 2)
    g.apply("left", "/add n:2")
    g.apply("right", "/add n:1")
    events, log = [e.to_dict() for e in g.events], list(g.log)
    light = m.dumps_state(g)
    assert json.loads(light)["log"] == json.loads(light)["events"] == []  # the store keeps them apart
    back = m.loads_state(light, events, log)
    assert isinstance(back, _Viewed) and back.dumps() == g.dumps()
    assert m.loads_state(g.dumps(), events, log).dumps() == g.dumps()  # a whole snapshot, stored before
    assert m.with_history(m.loads_state(light, [], []), events, log).dumps() == g.dumps()
    c = m.copy(g)
    c.apply("left", "/add n:3")
    assert g.state.count == 3 and len(g.log) == 2  # the copy's order leaves the game as it was


def test_the_presented_hooks_say_what_the_presenter_says_from_the_public_view():
    m, text = _Told(), None  # the presenter needs no translator of the bot's
    g = m.new_game(TallyOptions(target=3), 0)
    assert m.status(g, "ja", text) == "ja: 0" and m.outcome(g) == ""
    assert m.public_headline(g.view(), "left", "en", text) == "left to add (0)"
    assert m.describe_options(g.options, "en", text) == "up to 3" and m.place_said("mill", "en") == "MILL"
    g.apply("left", "/add n:3")
    assert m.outcome(g) == "en: 3"  # why it ended, in English
    assert m.narrate({"kind": "add", "side": "left", "n": 3}, "en", g.options, text) == "en: left added 3"
    # a template it cannot fill: the plain event rather than an error
    assert m.narrate({"kind": "odd", "side": "left"}, "en", g.options, text) == "odd: side=left"


def test_a_voice_says_its_layers_words_in_the_languages_it_has():
    v = Voice("engine")
    assert v.lang("fr") == "en" and v.lang("ja") == "ja"
    assert v.word_or("no.such.word", 42, "en") == "42"
    en = v.catalog("en")
    key = next(k for k, t in en.items() if not set("{⟨") & set(t) and t[:1].isalpha() and t[:1].islower())
    said = v.say(key, "en")
    assert said[0].isupper() and said[1:] == v.word(key, "en")[1:]  # English begins with a capital
