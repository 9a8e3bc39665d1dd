"""Slash commands that cannot cross games (bot/discord_app/cog.py, ``order_commands`` and
``game_new_command``): made with discord.py's own objects (no source text run), one type per option of a
command several games share (a conflict stops the bot at start, naming both games), a game's listed values
offered by autocomplete for the channel's game (never as a list every game's command would show), and
options and orders handed to the game as typed values, the order's line in the log as its text says it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support.games import dash as dash_game
from test_discord import _battle_until_bob_deploys

from bot.discord_app.cog import CommandConflict, order_commands, order_given
from bot.i18n_ja import CHOICE_NAMES_JA
from bot.pictures import NoPictures
from bot.service.lobby import read_options
from engine import RuleError, modules
from engine.module import Module, OptionSpec, OrderKind, OrderOption
from engine.napoleon.orders import GRAMMAR
from engine.text import Command, parse_command

ROOT = Path(__file__).resolve().parents[2]


def test_no_exec_or_eval_outside_the_tests():
    """Nothing is run from source text: every Python file outside ``tests/`` is free of ``exec(`` and
    ``eval(`` (a command is built with discord.py's API; a catalog's dict is read as data)."""
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT)
        if rel.parts[0] in ("tests", "venv", "build") or any(
            part.startswith(".") or part == "site-packages" for part in rel.parts
        ):
            continue  # the tests, and what is not the project's own (hidden dirs, environments)
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"(?<![\w.])(exec|eval)\s*\(", line):
                found.append(f"{rel}:{n}: {line.strip()}")
    assert not found, "\n".join(found)


# --- a toy game beside the built-in ones --------------------------------------------------------------------


def toy(**changes) -> Module:
    """The tests' tiny module Dash (tests/support/games/dash.py) under another id, with ``changes``."""
    variant = type("Toy", (type(dash_game.MODULE),), {"id": "toy", "title": "Toy", **changes})
    return variant()


async def start_bot(tmp_path, module: Module) -> None:
    """The bot's start (its setup hook: the cog, ``/game new``, the order commands) with ``module``
    registered beside Napoleon and Liberty."""
    from bot.discord_app.client import EstafetteBot
    from bot.storage import Store

    modules.register(module)
    bot = EstafetteBot(Store(tmp_path / "x.db"), pictures=NoPictures(), tick_seconds=0, sync=False)
    try:
        await bot.setup_hook()
    finally:
        modules.unregister(module.id)
        await bot.store.close()


async def test_an_order_option_two_games_type_differently_stops_the_bot_naming_both(tmp_path):
    fire = OrderKind("fire", (OrderOption("unit", "unit"), OrderOption("target", "number")), "T1")
    with pytest.raises(CommandConflict) as refused:
        await start_bot(tmp_path, toy(orders=(*dash_game.MODULE.orders, fire)))
    said = str(refused.value)
    assert "/fire target" in said and "'napoleon'" in said and "'toy'" in said
    assert "text" in said and "whole number" in said


async def test_a_game_option_two_games_type_differently_stops_the_bot_naming_both(tmp_path):
    players = OptionSpec("players", "bool", False, "a toy's yes/no")
    with pytest.raises(CommandConflict) as refused:
        await start_bot(tmp_path, toy(options=(*dash_game.MODULE.options, players)))
    said = str(refused.value)
    assert "/game new players" in said and "'napoleon'" in said and "'toy'" in said


def test_options_of_one_type_in_two_games_are_one_option_required_only_where_both_require_it():
    fire = OrderKind("fire", (OrderOption("target", "text", choices=("volley", "aimed")),), "T1")
    modules.register(toy(orders=(*dash_game.MODULE.orders, fire)))
    try:
        made = {c.name: c for c in order_commands({"game", "mygames"})}
    finally:
        modules.unregister("toy")
    params = {p.name: p for p in made["fire"].parameters}
    assert not params["unit"].required  # the toy's /fire has no unit
    target = params["target"]
    assert target.autocomplete is not None and not target.choices  # neither game's values as a list


# --- autocomplete: each game's own values, for the channel's game -------------------------------------------


@pytest.fixture
def two_fires():
    """The toy module (Dash's rules) with a ``/fire target:`` of its own listed values, registered before
    the harness starts (``two_fires`` comes first), so that ``/fire`` is one command of two games."""
    fire = OrderKind("fire", (OrderOption("target", "text", choices=("volley", "aimed")),), "T1")
    modules.register(toy(orders=(*dash_game.MODULE.orders, fire)))
    yield
    modules.unregister("toy")


async def test_each_games_listed_values_come_by_autocomplete_for_its_own_channel(two_fires, harness):
    h = harness
    for game, channel in (("toy", "game-1"), ("napoleon", "game-2")):
        await h.feed(h.slash("game new", {"game": game}, user="alice", channel=channel))
        await h.feed(h.slash("game join", {}, user="alice", channel=channel))
        await h.feed(h.slash("game join", {}, user="bob", channel=channel))
        await h.feed(h.slash("game start", user="alice", channel=channel))

    async def offered(channel: str, typed: str = "", locale: str = "en-US") -> list[dict]:
        ask = h.autocomplete(
            "fire", {"target": typed}, focused="target", user="alice", channel=channel, locale=locale
        )
        await h.feed(ask)
        return h.fake.autocomplete_choices(ask["id"])

    assert [c["value"] for c in await offered("game-1")] == ["volley", "aimed"]  # the toy's, not 8.4's
    assert [c["value"] for c in await offered("game-2")] == ["line", "square"]  # Napoleon's 8.4
    assert [c["value"] for c in await offered("game-2", "sq")] == ["square"]
    ja = await offered("game-2", locale="ja")
    assert [c["name"] for c in ja] == [CHOICE_NAMES_JA["line"], CHOICE_NAMES_JA["square"]]
    assert await offered("spectators") == []  # no game in the channel: nothing


async def test_game_new_and_join_offer_the_chosen_games_values(harness):
    h = harness

    async def offered(
        command: str, option: str, given: dict, channel: str = "game-1", what: str = "value", locale="en-US"
    ) -> list[str]:
        ask = h.autocomplete(
            command, {**given, option: ""}, focused=option, user="alice", channel=channel, locale=locale
        )
        await h.feed(ask)
        return [c[what] for c in h.fake.autocomplete_choices(ask["id"])]

    assert await offered("game new", "setup", {}) == ["historical", "free", "initiative"]  # the default game
    assert await offered("game new", "setup", {"game": "napoleon"}) == ["historical", "free", "initiative"]
    assert await offered("game new", "setup", {"game": "liberty"}) == []  # Liberty has no setup option
    await h.feed(h.slash("game new", {"game": "liberty"}, user="alice", channel="game-1"))
    await h.feed(h.slash("game new", {"players": 3}, user="alice", channel="game-2"))
    assert await offered("game join", "role", {}) == ["british", "american"]  # Liberty's seats only
    assert await offered("game join", "role", {}, "game-2") == ["french", "british", "prussian"]
    named = await offered("game join", "role", {}, "game-2", "name", "ja")  # as the list named them
    assert named == [CHOICE_NAMES_JA[r] for r in ("french", "british", "prussian")]
    # Liberty's standing battle orders, no priority lists (Napoleon's hits and supply)
    assert await offered("game prefer", "key", {}) == ["battle", "reminders", "quiet"]
    assert await offered("game prefer", "key", {}, "game-2") == [
        "hits",
        "supply",
        "battle",
        "reminders",
        "quiet",
    ]


# --- typed options and orders, one conversion at the edge -----------------------------------------------


async def test_game_new_hands_its_typed_options_to_the_game_as_values(harness):
    h = harness
    given = []
    lobby = h.bot.service.lobby
    new_game = lobby.new_game

    async def spy(caller, options="", **kw):
        given.append((options, kw.get("values")))
        return await new_game(caller, options, **kw)

    lobby.new_game = spy
    made = await h.feed(
        h.slash(
            "game new",
            {"players": 3, "command_control": True, "setup": "free", "options": "days=2"},
            user="alice",
            channel="game-1",
        )
    )
    assert not made.reply.ephemeral, made.reply.content
    assert given == [("days=2", {"setup": "free", "players": 3, "command_control": True})]  # not as text
    live = await h.bot.service.current(h.world.channel("game-1").id)
    assert live.row.options["players"] == 3 and live.row.options["command_control"] is True
    assert live.row.options["setup"] == "free" and live.row.options["days"] == 2
    # a value the chosen game does not list, typed past the autocomplete: its own clear refusal
    wrong = await h.feed(h.slash("game new", {"setup": "random"}, user="alice", channel="game-2"))
    assert wrong.reply.ephemeral and "setup" in wrong.reply.content and "initiative" in wrong.reply.content


def test_typed_options_are_checked_by_the_games_option_specs():
    napoleon, liberty = modules.get("napoleon"), modules.get("liberty")
    opts = read_options(napoleon, {"players": 3, "setup": "free"}, "days=2")
    assert (opts.players, opts.setup, opts.days) == (3, "free", 2)
    refusals = [
        (liberty, {"setup": "free"}, "", "options.unknown"),  # Liberty has no setup
        (liberty, {"last_year": 1700}, "", "options.range"),  # 11.1: 1775..1790
        (napoleon, {"setup": "random"}, "", "options.choice"),
        (napoleon, {"command_control": "on"}, "", "options.on_off"),  # a yes/no is a bool, not its text
        (napoleon, {"days": 2}, "days=3", "options.twice"),
    ]
    for module, values, text, key in refusals:
        with pytest.raises(RuleError) as e:
            read_options(module, values, text)
        assert e.value.key == key, (values, text, e.value)


def test_an_order_command_says_its_typed_options_in_the_order_kinds_order():
    assert order_given("move", {"units": "FR-1", "path": "A>B", "forced": True}) == Command(
        "move", {"units": "FR-1", "path": "A>B", "forced": "yes"}
    )
    assert order_given("retreat", {"units": "FR-1", "to": "Mons", "forced": False, "path": None}).text() == (
        "/retreat units:FR-1 to:Mons"
    )
    assert order_given("run", {"steps": 2}).options == {"steps": "2"}
    given = order_given("orders", {"list": "fire FR-1; end", "battle": None})
    assert given.text() == '/orders list:"fire FR-1; end"' and parse_command(given.text()) == given
    assert GRAMMAR.read(given) == GRAMMAR.parse('/orders list:"fire FR-1; end"')


async def test_a_battle_order_goes_to_the_game_typed_and_is_logged_as_its_text(harness):
    """8.1, 8.4 through Discord: ``/fire`` reaches the service as its name and options (no text made and
    read back in the cog), ``target:`` outside Napoleon's list is refused by the engine's own message, and
    the log line of the order fired is the one its text gives."""
    h = harness
    await _battle_until_bob_deploys(h, "FR-1,FR-2,FR-3,FR-6")
    for user, columns in (("bob", ("PR-1", "PR-2", "PR-3")), ("alice", ("FR-1,FR-6", "FR-2", "FR-3"))):
        d = await h.feed(
            h.slash(
                "deploy",
                dict(zip(("left", "center", "right"), columns, strict=True)),
                user=user,
                channel="game-1",
            )
        )
        assert d.reply.content.startswith("Done"), d.reply.content
    service = h.bot.service
    given = []
    order = service.order

    async def spy(caller, text, *args, **kw):
        given.append(text)
        return await order(caller, text, *args, **kw)

    service.order = spy
    wrong = await h.feed(h.slash("fire", {"unit": "FR-6", "target": "xx"}, user="alice", channel="game-1"))
    assert wrong.reply.ephemeral and wrong.reply.content.startswith("Not accepted"), wrong.reply.content
    with pytest.raises(RuleError) as e:  # the engine's own refusal of a target it does not list
        GRAMMAR.read(Command("fire", {"unit": "FR-6", "target": "xx"}))
    assert e.value.key == "battle.target_usage"
    assert "line" in wrong.reply.content and "square" in wrong.reply.content
    done = await h.feed(h.slash("fire", {"unit": "FR-6"}, user="alice", channel="game-1"))
    assert done.reply.content.startswith("Done"), done.reply.content
    assert given == [Command("fire", {"unit": "FR-6", "target": "xx"}), Command("fire", {"unit": "FR-6"})]
    live = next(iter(service.live.values()))
    assert live.game.log[-1] == "french: /fire unit:FR-6"
    stored = await h.bot.store.orders(live.id)
    assert stored[-1].text == "/fire unit:FR-6"


async def test_a_toy_games_order_is_logged_as_its_text(two_fires, harness):
    h = harness
    made = await h.feed(h.slash("game new", {"game": "toy", "length": 5}, user="alice", channel="game-1"))
    assert "length=5" in made.reply.content, made.reply.content  # a typed option of the toy's own
    await h.feed(h.slash("game join", {}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {}, user="bob", channel="game-1"))
    await h.feed(h.slash("game start", user="alice", channel="game-1"))
    got = await h.feed(h.slash("run", {"steps": 2}, user="alice", channel="game-1"))
    assert got.reply.content.startswith("Done"), got.reply.content
    live = next(iter(h.bot.service.live.values()))
    assert live.game.log == ["red: /run steps:2"]


def test_a_command_several_games_share_is_described_in_the_bots_words_not_one_games():
    """Discord has one description for ``/attach`` whatever the channel's game: for an order name (and an
    option of it) that several registered games share, the words are the bot's own, in English and
    Japanese, and name no game."""
    from bot.i18n import BOT_EN, BOT_JA

    shared: dict[str, list[OrderKind]] = {}
    for module in modules.modules():
        for kind in module.orders:
            shared.setdefault(kind.name, []).append(kind)
    made = {c.name: c for c in order_commands({"game", "mygames"})}
    games = [m.title for m in modules.modules()] + ["Napoleon's Triumph", "Eagles", "Liberty"]
    checked = 0
    for name, kinds in shared.items():
        if len(kinds) < 2:
            continue
        keys = [f"cmd.{name}"]
        keys += [
            f"opt.{name}.{o}"
            for o in {o.name for k in kinds for o in k.options}
            if sum(any(x.name == o for x in k.options) for k in kinds) > 1
        ]
        for key in keys:
            assert key in BOT_EN and key in BOT_JA, key
        said = [made[name].description] + [
            p.description for p in made[name].parameters if f"opt.{name}.{p.name}" in keys
        ]
        assert not any(g in d for g in games for d in said), (name, said)
        checked += 1
    assert checked >= 4  # /move, /attach, /detach, /enter at least
    assert made["attach"].description == BOT_EN["cmd.attach"]


def test_game_new_keeps_to_discords_25_options_an_untyped_option_comes_as_text():
    """Discord allows a command 25 options: a game option declared ``typed=False`` is not one of ``/game
    new``'s own but is read from its ``options:`` text like any other."""
    from bot.discord_app.cog import game_new_command

    params = game_new_command().parameters
    assert len(params) <= 25
    names = {p.name for p in params}
    eagles = modules.get("eagles")
    untyped = [o.name for o in eagles.options if not o.typed]
    assert untyped and not names & set(untyped)
    opts = read_options(eagles, {}, " ".join(f"{n}=on" for n in untyped))
    assert all(getattr(opts, n) is True for n in untyped)
