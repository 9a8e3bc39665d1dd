"""Small things met on the way: ``game=`` in a script's ``@options``, an option given twice, ``/game log
last:`` out of its range, and what a player typed said back without the characters that would garble it."""

from __future__ import annotations

import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from test_discord import new_game

from bot.i18n import localize_error
from engine import RuleError, modules
from engine.script import ScriptError, run_lines

ROOT = Path(__file__).resolve().parents[2]
# a right-to-left override, a zero-width space, a zero-width joiner, a BOM, a bell, a line separator
GARBLE = "\u202e\u200b\u200d\ufeff\x07\u2028"


def clean(text: str) -> bool:
    return not any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") for c in text.replace("\n", ""))


# --- @options game= -------------------------------------------------------------------------------------


def test_options_game_is_read_as_at_game():
    """``/game new game:liberty`` has its script twin: ``@options game=liberty`` is ``@game liberty``."""
    a = run_lines(["@options game=liberty british_win=25", "@seed 4"])
    b = run_lines(["@game liberty", "@options british_win=25", "@seed 4"])
    assert a.module == "liberty" and a.game.options.british_win == 25 and a.game.dumps() == b.game.dumps()
    assert run_lines(["@game liberty", "@options game=liberty"]).module == "liberty"  # the same game: fine


@pytest.mark.parametrize(
    ("lines", "said"),
    [
        (["@game napoleon", "@options game=liberty"], "@game napoleon"),
        (["@options days=1", "@options game=liberty"], "first @options"),
        (["@options game=liberty game=napoleon"], "game is given twice"),
        (["@options game=chess"], "no game 'chess'"),
    ],
)
def test_options_game_that_cannot_be_read_says_why(lines, said):
    with pytest.raises(ScriptError) as e:
        run_lines(lines)
    assert said in str(e.value) and str(e.value).startswith("line ")


# --- an option given twice ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "text", "option"),
    [
        ("liberty", "british_win=5 british_win=6", "british_win"),
        ("napoleon", "players=2 Players=3", "players"),
    ],
)
def test_an_option_given_twice_is_refused_naming_it(game, text, option):
    with pytest.raises(RuleError) as e:
        modules.get(game).parse_options(text)
    assert e.value.key == "options.twice" and f"option {option} is given twice" in str(e.value)
    assert option in localize_error(e.value, "ja") and "二度" in localize_error(e.value, "ja")


@pytest.mark.parametrize(
    "lines",
    [
        ["@game liberty", "@options british_win=5 british_win=6"],
        ["@options game=liberty british_win=5 british_win=6"],
        ["@game liberty", "@options british_win=5", "@options british_win=6"],  # two lines: given twice too
    ],
)
def test_an_option_given_twice_in_a_script_is_unreadable(lines, tmp_path):
    with pytest.raises(ScriptError) as e:
        run_lines(lines)
    assert "british_win is given twice" in str(e.value)
    f = tmp_path / "s.txt"
    f.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "engine.script", str(f)], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert done.returncode == 2 and "given twice" in done.stderr and "Traceback" not in done.stderr


def test_an_option_given_twice_on_the_console_is_one_line_and_no_database(tmp_path):
    db = tmp_path / "x.db"
    args = ["console", "--game", "liberty", "--options", "british_win=5 british_win=6", "--database", str(db)]
    done = subprocess.run(
        [sys.executable, "-m", "bot", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr + done.stdout
    assert (
        done.stderr.strip().splitlines() == [done.stderr.strip()]
        and "british_win is given twice" in done.stderr
    )
    assert not db.exists()


async def test_an_option_given_twice_in_game_new_is_refused_and_no_game_made(harness):
    h = harness
    typed_and_text = await h.feed(
        h.slash(
            "game new",
            {"game": "liberty", "british_win": 25, "options": "british_win=26"},
            user="alice",
            channel="game-1",
        )
    )
    assert typed_and_text.reply.ephemeral and "british_win is given twice" in typed_and_text.reply.content
    in_text = await h.feed(h.slash("game new", {"options": "days=1 days=2"}, user="alice", channel="game-1"))
    assert in_text.reply.ephemeral and "days is given twice" in in_text.reply.content
    made = await h.feed(h.slash("game new", {"options": "days=2"}, user="alice", channel="game-1"))
    assert not made.reply.ephemeral and "(game 1)" in made.reply.content  # the refused made none


# --- /game log last: ------------------------------------------------------------------------------------


async def test_game_log_last_outside_1_to_100_says_what_it_takes(harness):
    """``last:`` is how many of the latest lines to show: 0 or a negative number would have shown the whole
    log, or all but its first line; they are refused saying what is taken, and 1 shows one line."""
    h = harness
    await new_game(h)
    await h.feed(h.slash("end", user="alice", channel="game-1"))
    every = await h.feed(h.slash("game log", {"last": 100}, user="alice", channel="game-1"))
    assert len(every.reply.content.splitlines()) > 1
    one = await h.feed(h.slash("game log", {"last": 1}, user="alice", channel="game-1"))
    assert one.reply.content == every.reply.content.splitlines()[-1]
    for last in (0, -1, 101):
        done = await h.feed(h.slash("game log", {"last": last}, user="alice", channel="game-1"))
        assert done.reply.ephemeral
        assert done.reply.content.startswith("Not done") and f"from 1 to 100 (default 25), not {last}" in (
            done.reply.content
        )
    ja = await h.feed(h.slash("game log", {"last": 0}, user="alice", channel="game-1", locale="ja"))
    assert "1 から 100" in ja.reply.content


# --- what a player typed, said back ---------------------------------------------------------------------


async def test_a_refused_cards_echo_has_no_control_bidi_or_zero_width_characters(harness):
    h = harness
    await h.feed(h.slash("game new", {"game": "liberty"}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {}, user="bob", channel="game-1"))
    await h.feed(h.slash("game start", user="alice", channel="game-1"))
    for locale in ("en-US", "ja"):
        done = await h.feed(
            h.slash("play", {"card": f"NO{GARBLE}PE"}, user="alice", channel="game-1", locale=locale)
        )
        assert "NOPE" in done.reply.content and clean(done.reply.content), repr(done.reply.content)


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_a_refused_name_is_said_back_without_garbling_characters(locale):
    napoleon = modules.get("napoleon")
    g = napoleon.new_game(napoleon.parse_options("setup=historical"), 1)
    with pytest.raises(RuleError) as e:
        g.apply("french", f"/move units:ZZ{GARBLE}9 path:Beaumont>Thuin")
    said = localize_error(e.value, locale)
    assert "ZZ9" in said and clean(said), repr(said)
    liberty = modules.get("liberty")
    lg = liberty.new_game(liberty.parse_options(""), 1)
    with pytest.raises(RuleError) as e:
        lg.apply("british", f"/play card:A{GARBLE}B")
    said = localize_error(e.value, locale)
    assert "AB" in said and clean(said), repr(said)
