"""An order's options typed once at the edge that received them (``engine/text.py``, ``engine/module.py``):
a slash command's typed values kept typed (``Command.given``), a line's text read by the order kind's
declaration (``OrderKind.read``, ``Module.command``), the text form kept byte for byte for the log and the
scripts; and the game receiving the typed values through the Discord harness and the console."""

from __future__ import annotations

import io

import pytest
from support.games import dash as dash_game

from bot.console import run_console
from bot.pictures import NoPictures
from bot.service import Service
from engine import modules
from engine.errors import RuleError
from engine.liberty.orders import GRAMMAR as LIBERTY
from engine.module import OrderKind, OrderOption
from engine.napoleon.orders import GRAMMAR as NAPOLEON
from engine.orders import command_of, text_of
from engine.text import Command, flag, number, parse_command
from engine.triumph.orders import GRAMMAR as TRIUMPH

FIRE = OrderKind(
    "fire",
    (
        OrderOption("unit", "unit"),
        OrderOption("target", "text", False, choices=("line", "square")),
        OrderOption("times", "number", False),
        OrderOption("forced", "bool", False),
    ),
)


def test_typed_values_are_kept_and_said_once_as_the_text_a_player_writes():
    cmd = Command.given("fire", {"unit": " A ", "target": "line", "times": 2, "forced": True, "battle": None})
    assert cmd.values == {"unit": "A", "target": "line", "times": 2, "forced": True}
    assert cmd.options == {"unit": "A", "target": "line", "times": "2", "forced": "yes"}
    assert cmd.text() == "/fire unit:A target:line times:2 forced:yes"
    assert parse_command(cmd.text()) == cmd  # equal by the text form; the text reads back to it
    assert Command.given("fire", {"unit": "A", "forced": False}).text() == "/fire unit:A"  # unset: left out


def test_a_declared_option_is_typed_from_its_text_or_from_a_typed_value_alike():
    line = FIRE.read(parse_command("/fire unit:A target:Square times:3 forced:YES battle:Ligny"))
    given = FIRE.read(Command.given("fire", {"unit": "A", "target": "Square", "times": 3, "forced": True}))
    assert line.values == {"unit": "A", "target": "square", "times": 3, "forced": True, "battle": "Ligny"}
    assert {k: v for k, v in line.values.items() if k != "battle"} == given.values
    # the text form stays as written: the log keeps the player's line
    assert line.text() == "/fire unit:A target:Square times:3 forced:YES battle:Ligny"


def test_what_a_declaration_cannot_read_is_left_to_the_orders_own_reader():
    cmd = FIRE.read(parse_command("/fire unit:A target:xx times:many forced:maybe"))
    assert cmd.values == {"unit": "A", "target": "xx", "times": "many", "forced": "maybe"}
    with pytest.raises(RuleError) as e:
        flag(cmd, "forced")
    assert e.value.key == "text.yes_no"
    with pytest.raises(RuleError) as e:
        number(cmd, "times")
    assert e.value.key == "text.number"
    # a superscript is a digit to str.isdigit but no number: left as written, refused in words, no traceback
    odd = FIRE.read(parse_command("/fire unit:A times:²"))
    assert odd.values["times"] == "²"
    with pytest.raises(RuleError) as e:
        number(odd, "times")
    assert e.value.key == "text.number"


def test_a_reader_takes_a_value_typed_or_from_its_text_once():
    typed = Command.given("run", {"steps": 2, "forced": True})
    line = parse_command("/run steps:2 forced:yes")
    for cmd in (typed, line):
        assert number(cmd, "steps") == 2 and flag(cmd, "forced") is True
        assert number(cmd, "other") is None and flag(cmd, "other") is False
    assert typed.value("steps") == 2 and line.value("steps") == "2"


def test_module_command_reads_a_line_or_a_slash_commands_values_by_the_games_declaration():
    napoleon = modules.get("napoleon")
    line = napoleon.command("/move units:FR-1,FR-2 path:Charleroi>Fleurus forced:yes")
    given = napoleon.command(
        Command.given("move", {"units": "FR-1,FR-2", "path": "Charleroi>Fleurus", "forced": True})
    )
    assert line == given and line.values == given.values
    assert line.values["forced"] is True and line.text() == given.text()
    assert napoleon.command("/fire unit:FR-6 target:LINE").values["target"] == "line"  # 8.4's list
    assert napoleon.command("/nothing x:1").values == {}  # no declaration: its parser refuses it
    with pytest.raises(RuleError):
        napoleon.command("move units:FR-1")  # not an order


@pytest.mark.parametrize(
    ("game", "line", "typed"),
    [
        ("napoleon", "/move units:FR-1 path:Charleroi>Fleurus forced:yes", {"forced": True}),  # 5.5
        ("liberty", "/move units:B1 path:Boston>Salem river:yes", {"river": True}),  # 5.6
        ("triumph", "/feint with:lannes step:yes", {"step": True}),  # 11.3
    ],
)
def test_a_games_reader_takes_a_slash_commands_yes_no_as_typed(game, line, typed, monkeypatch):
    """A yes/no Discord typed reaches the game's reader as a ``bool``, never said as text and read back;
    a line's is read from its text once. Either way the same order."""
    import engine.text

    read: list[str] = []
    yes_no = engine.text.yes_no
    monkeypatch.setattr(engine.text, "yes_no", lambda v, o: read.append(v) or yes_no(v, o))
    module = modules.get(game)
    from_text = module.command(line)
    cmd = parse_command(line)
    options = {k: v for k, v in cmd.options.items() if k not in typed}
    given = module.command(Command.given(cmd.name, {**options, **typed}))
    parser = {"napoleon": NAPOLEON, "liberty": LIBERTY, "triumph": TRIUMPH}[game]
    assert parser.read(given) == parser.read(parse_command(line)) == parser.parse(line)
    assert from_text.text() == given.text() == line
    read.clear()
    parser.read(given)
    assert read == []  # typed: no yes/no read from text
    parser.parse(line)
    assert read == ["yes"]  # a line: its yes/no read once


@pytest.mark.parametrize("game", ["napoleon", "liberty", "triumph", "eagles"])
def test_every_legal_order_keeps_its_text_through_its_typed_reading(game):
    """Stored orders stay the same text: each legal order of a new game, read by its declaration, says the
    same text, and its game's parser reads the typed command as it reads the text."""
    module = modules.get(game)
    g = module.new_game(module.make_options(module.defaults()), 1)
    seen = set()
    for _ in range(8):  # the first steps of a game, each order it offers at each (a new game offers few)
        if g.over or not g.active():
            break
        for role in g.active():
            for choice in g.legal(role).choices:
                text = text_of(choice)
                seen.add(parse_command(text).name)
                cmd = module.command(text)
                assert cmd.text() == command_of(choice).text() == parse_command(text).text()
                assert module.command(cmd).values == cmd.values  # typed once: reading again changes nothing
        role = g.active()[0]
        g.apply(role, module.command(text_of(g.legal(role).choices[-1])))
    assert len(seen) > 1


def _spy_apply(monkeypatch) -> list[object]:
    got: list[object] = []
    apply = dash_game.DashGame.apply

    def spy(self, role, order):
        got.append(order)
        return apply(self, role, order)

    monkeypatch.setattr(dash_game.DashGame, "apply", spy)
    return got


async def test_a_slash_commands_number_reaches_the_game_as_a_number(dash, harness, monkeypatch):
    """D2 through Discord: ``/run steps:2`` reaches the game with ``steps`` the int Discord typed (no text
    made and read back), and is logged and stored as its text."""
    h = harness
    await h.feed(h.slash("game new", {"game": "dash", "length": 5}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {}, user="bob", channel="game-1"))
    await h.feed(h.slash("game start", user="alice", channel="game-1"))
    got = _spy_apply(monkeypatch)
    done = await h.feed(h.slash("run", {"steps": 2}, user="alice", channel="game-1"))
    assert done.reply.content.startswith("Done"), done.reply.content
    assert [o.values for o in got if isinstance(o, Command)] == [{"steps": 2}]
    refused = await h.feed(h.slash("run", {"steps": 3}, user="bob", channel="game-1"))
    assert "D2" in refused.reply.content  # a number out of its rule: the game's own refusal
    live = next(iter(h.bot.service.live.values()))
    assert live.game.log == ["red: /run steps:2"]
    stored = await h.bot.store.orders(live.id)
    assert [o.text for o in stored] == ["/run steps:2"]


async def test_a_console_line_is_read_by_the_games_declaration_and_logged_as_written(
    dash, tmp_path, monkeypatch
):
    monkeypatch.setattr("bot.console.Service", lambda store: Service(store, pictures=NoPictures()))
    got = _spy_apply(monkeypatch)
    lines = "\n".join(["/run steps:2", "/run steps:x", "/run steps:1", ":status", ""])
    out = io.StringIO()
    status = await run_console(
        str(tmp_path / "c.db"), str(tmp_path / "pics"), "length=9", io.StringIO(lines), out=out, game="dash"
    )
    assert status == 0
    assert "D2" in out.getvalue()  # steps:x: the game's own refusal, with its rule
    assert got[:3] == ["/run steps:2", "/run steps:x", "/run steps:1"]  # the text, kept for the log


async def test_a_triumph_bid_reaches_its_reader_as_the_number_discord_typed(harness, monkeypatch):
    """17 through Discord: ``/bid morale:5`` reaches Napoleon's Triumph's reader with ``morale`` the int
    Discord typed, is refused below nothing in 17's words, and is stored as its text."""
    import engine.triumph.orders as orders

    h = harness
    await h.feed(
        h.slash("game new", {"game": "triumph", "options": "balance=on"}, user="alice", channel="game-1")
    )
    await h.feed(h.slash("game join", {}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {}, user="bob", channel="game-1"))
    await h.feed(h.slash("game start", user="alice", channel="game-1"))
    got: list[Command] = []
    read = orders.Bid.read.__func__  # type: ignore[attr-defined]
    monkeypatch.setattr(orders.Bid, "read", classmethod(lambda cls, cmd: got.append(cmd) or read(cls, cmd)))
    refused = await h.feed(h.slash("bid", {"morale": -1}, user="alice", channel="game-1"))
    assert "17" in refused.reply.content and "-1" in refused.reply.content, refused.reply.content
    done = await h.feed(h.slash("bid", {"morale": 5}, user="alice", channel="game-1"))
    assert "sealed" in done.reply.content.lower() or done.reply.content.startswith("Done"), done.reply.content
    assert [c.values for c in got] == [{"morale": -1}, {"morale": 5}]  # typed, never said and read back
    live = next(iter(h.bot.service.live.values()))
    assert [line.split(": ", 1)[1] for line in live.game.log] == ["/bid morale:5"]
    stored = await h.bot.store.orders(live.id)
    assert [o.text for o in stored] == ["/bid morale:5"]


async def test_a_triumph_feints_step_reaches_its_reader_as_the_yes_no_discord_typed(harness, monkeypatch):
    """11.3 through Discord: ``/feint with:lannes step:True`` reaches Napoleon's Triumph's reader with
    ``step`` the bool Discord typed (no yes/no read from text), and is played and logged as its text."""
    from triumph.position import empty, put

    import engine.text
    import engine.triumph.orders as orders
    from bot.service.common import Live

    h = harness
    await h.feed(h.slash("game new", {"game": "triumph"}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {}, user="bob", channel="game-1"))
    await h.feed(h.slash("game start", user="alice", channel="game-1"))
    service = h.bot.service
    live = next(iter(service.live.values()))
    french = next(u for role, (u, _bot) in live.row.seats.items() if role == "french")
    # a threat on the Krug, defended (11.1-11.2): the French choose how to attack (T15's position)
    g = empty()
    for u in ("F12", "F13"):
        put(g, u, "bosenitz_plain", corps="lannes")
    for u in ("A01", "A02"):
        put(g, u, "krug", corps="bagration")
    g.state.side = "french"
    g.apply("french", "/attack from:bosenitz_plain into:krug")
    g.apply("allies", "/defend units:A01,A02 leaders:A01")
    service.live[live.id] = Live(live.row, g, live.bot)
    got: list[Command] = []
    read = orders.Feint.read.__func__  # type: ignore[attr-defined]
    monkeypatch.setattr(orders.Feint, "read", classmethod(lambda cls, cmd: got.append(cmd) or read(cls, cmd)))
    texts: list[str] = []
    yes_no = engine.text.yes_no
    spy = lambda v, o: texts.append(v) or yes_no(v, o)  # noqa: E731
    monkeypatch.setattr(engine.text, "yes_no", spy)
    monkeypatch.setattr(orders, "yes_no", spy, raising=False)  # a reader that read it from the text itself
    done = await h.feed(
        h.slash("feint", {"with": "lannes", "step": True}, user=h.user(french), channel="game-1")
    )
    assert "Not done" not in done.reply.content, done.reply.content
    assert [c.values for c in got] == [{"with": "lannes", "step": True}]  # typed
    assert texts == []  # no yes/no said as text and read back
    now = service.live[live.id].game
    assert now.log[-1] == "french: /feint with:lannes step:yes"
    assert {now.state.blocks[u].where for u in ("F12", "F13")} == {("bosenitz_plain", "krug")}  # stepped on
