"""The game-module contract: Napoleon is the first module, and a tiny second one
(``tests/support/games/dash.py``, *Dash*) plays end to end through the same contract: the registry, options,
the script runner (``@game``), snapshots, hidden information through ``view``, its picture and its bot player.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ai import registry as players
from bot.narrate import TEXT
from engine import modules
from engine.errors import RuleError
from engine.module import GameObject, Module
from engine.script import ScriptError, report, run_lines
from renderers import registry as pictures

ROOT = Path(__file__).resolve().parents[2]


def test_napoleon_is_the_default_module_and_keeps_its_options():
    m = modules.get()
    assert m.id == "napoleon" and modules.get("Napoleon") is m
    opts = m.parse_options("players=3 setup=historical")
    assert m.roles(opts) == ("french", "british", "prussian")
    assert m.options_dict(opts)["setup"] == "historical"
    game = m.new_game(opts, 1)
    assert isinstance(game, GameObject)
    assert m.loads(game.dumps()).dumps() == game.dumps()


def test_an_unknown_game_is_named_with_the_games_there_are(dash):
    with pytest.raises(RuleError) as e:
        modules.get("chess")
    said = str(e.value)
    assert "chess" in said and all(g in said for g in ("dash", "liberty", "napoleon"))


def test_options_are_read_by_their_declared_types(dash):
    assert dash.parse_options("length=9").length == 9
    for bad, said in (
        ("length=2", "from 3 to 30"),
        ("length=x", "whole number"),
        ("speed=1", "unknown option"),
    ):
        with pytest.raises(RuleError) as e:
            dash.parse_options(bad)
        assert said in str(e.value)


def test_napoleon_ownership_and_private_talk_come_from_the_module():
    m = modules.get("napoleon")
    assert m.owns("allied", "PR-3") and m.owns("allied", "WEL") and not m.owns("british", "BLU")
    assert m.owns("french", "NAP") and not m.owns("french", "BR-1")
    three = m.new_game(m.parse_options("players=3 setup=free"), 1)
    assert m.private_talk(three) == [("british", "prussian")]  # 13.1: the allies confer during set-up
    assert m.private_talk(m.new_game(m.parse_options("setup=free"), 1)) == []  # 2 players: nobody to talk to


def test_a_second_module_plays_a_whole_script_with_hidden_information(dash):
    out = run_lines(
        [
            "@game dash",
            "@options length=5",
            "@seed 3",
            "@dice 6",
            "red: /sprint",
            "blue: /run steps:2",
            "! blue: /run steps:1",
            "red: /run steps:2",
        ]
    )
    g = out.game
    assert out.ok and out.module == "dash" and g.over and g.winner == "red"  # D4: 3 + 2 reaches 5
    assert g.view("blue").reserve["red"] is None and g.view("red").reserve["red"] == g.reserve["red"]
    assert report(out)["winner"] == "red" and report(out)["results"][2]["ok"] is False
    again = run_lines(g.script().splitlines())
    assert again.game.dumps() == g.dumps()  # the script rebuilds the game exactly
    assert dash.loads(g.dumps()).dumps() == g.dumps()


def test_the_script_runner_refuses_game_after_options_and_unknown_directives(dash):
    with pytest.raises(ScriptError, match="@game must come before @options"):
        run_lines(["@options players=3", "@game dash"])
    with pytest.raises(ScriptError, match="known: @game, @options, @seed, @dice"):
        run_lines(["@game dash", "@place X Y"])


def test_the_module_picture_and_bot_player_are_registered_above_the_engine(dash):
    game = dash.new_game(dash.parse_options(""), 1)
    (kind,) = dash.pictures
    png = pictures.drawing("dash", kind.name)(game.view("public"), "en")
    assert png.startswith(b"\x89PNG")
    bot = players.new_player("dash")
    while not game.over:
        (role,) = game.active()
        game.apply(role, bot.choose(game.view(role), game.legal(role), None))
    assert game.winner == "red"  # red moves first and both always run 2 (D1, D2, D4)


def test_every_built_in_picture_kind_has_its_drawing_and_every_game_its_bot_player():
    for m in modules.modules():
        for kind in m.pictures:
            assert callable(pictures.drawing(m.id, kind.name)), (m.id, kind.name)
        assert players.has_player(m.id), m.id
    with pytest.raises(LookupError, match=r"no drawing of 'board' for 'napoleon' \(registered: \[.*'map'"):
        pictures.drawing("napoleon", "board")
    with pytest.raises(LookupError, match="no bot player for 'chess'"):
        players.new_player("chess")


def test_a_module_must_say_its_games_options_and_seats():
    """The six hooks without a default (options both ways, seats, a new game, a snapshot, ownership):
    a module that leaves one out cannot be made."""

    class Half(Module):
        id, title, options, orders = "half", "Half", (), ()

        def make_options(self, values):
            return dict(values)

    with pytest.raises(TypeError, match="abstract"):
        Half()


def test_the_platforms_defaults_fit_a_small_game(dash):
    """Dash overrides none of the presentation and storage hooks: each default says the game plainly."""
    game = dash.new_game(dash.parse_options(""), 1)
    assert dash.status(game, "en", TEXT) == "waiting for red"
    assert dash.prompt(game, "red", "en", TEXT) == (
        "run, sprint or use your reserve (D2, D3) `/run steps:1` · `/run steps:2` · `/sprint`"
    )
    assert dash.prompt(game, "blue", "en", TEXT) == ""  # not asked (D1)
    assert dash.headline(game, "red", "en", TEXT) == ""  # no public headline of its own
    assert dash.describe_options(game.options, "en", TEXT) == "length=6"
    events = game.apply("red", "/run steps:2")
    assert (
        dash.narrate(events[0].visible("blue"), "en", game.options, TEXT) == "moved: role=red, to=2, how=run"
    )
    work = dash.copy(game)
    work.apply("blue", "/run steps:1")
    assert game.at["blue"] == 0 and work.at["blue"] == 1  # the game as it was stays as it was
    state = dash.dumps_state(game)
    assert dash.loads_state(state, [], []).dumps() == game.dumps()  # a snapshot that holds its own logs
    assert dash.epoch(game) is None and dash.waiting(game) == "blue"


def test_scenario_list_prints_the_modules():
    done = subprocess.run(
        [sys.executable, "-m", "engine.scenario", "--list"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 0
    assert done.stdout.startswith("napoleon: Napoleon: The Waterloo Campaign 1815; roles french, allied")
    assert "  players=2" in done.stdout and "  command_control=off" in done.stdout


@pytest.mark.parametrize("game", ["napoleon", "liberty", "triumph"])
def test_what_the_platform_reads_of_a_games_view_is_its_events(game):
    """``GameObject.view`` is a ``View`` to the platform (engine/module.py): its events as the role may
    see them, which the log, the archive and the demo read; the rest is the game's own."""
    from collections.abc import Sequence

    module = modules.get(game)
    g = module.new_game(module.make_options(module.defaults()), 1)
    assert isinstance(g, GameObject)
    for role in ("public", *module.roles(g.options)):
        assert isinstance(g.view(role).events, Sequence)
