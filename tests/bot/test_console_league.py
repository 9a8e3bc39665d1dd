"""Leagues and the rematch in the console (no Discord token: ``python -m bot``), through a subprocess as a
player meets them: ``:league new|join|leave|start|standings|drop`` with ``/league``'s words and checks (the
console plays for every player, as it holds every seat of its own game: ``:league join 2``), each league game
in a channel of its own (``:game ID``, its orders given for the player seated), and ``:rematch [N]`` under a
finished game, refused as the button is."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from bot.verify import verify

ROOT = Path(__file__).resolve().parents[2]


def console(tmp_path: Path, lines: str, *more: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "bot", "console", "--database", str(tmp_path / "c.db"), *more],
        input=lines,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=240,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stdout + done.stderr
    return done.stdout


def test_a_league_is_made_joined_started_played_and_dropped_in_the_console(tmp_path):
    out = console(
        tmp_path,
        "\n".join(
            [
                ":league",  # its words
                ":league join 99",  # not a player
                ":league start",  # no league yet
                ":league new napoleon concurrent players=2",
                ":league start",  # a league of none
                ":league join",
                ":league start",  # a league of one
                ":league join 2",
                ":league join 2",  # twice
                ":league start",
                ":game 3",  # round 2: player 2 plays the French
                "/setup auto:yes",  # given for the player seated in the seat that must act
                ":league drop 2",
                ":league standings",
                ":quit",
            ]
        )
        + "\n",
    )
    assert ":league new [GAME] [sequential, concurrent] [OPTIONS]" in out
    assert "a player is a number from 1 to 12" in out
    assert "There is no league here. Make one with :league new." in out
    assert "each of its games is played in a channel of its own (:game ID)" in out
    assert "A league needs at least two players; it has 0." in out
    assert "A league needs at least two players; it has 1." in out
    assert "You are in this league already." in out
    assert "The league begins: <@1> <@2>, 2 games in all" in out
    # each game in its own channel, opened once, its pairing said there
    assert out.count("[league] League 1 round 1 game 1 opens") == 1
    assert out.count("[league] League 1 round 2 game 1 opens") == 1
    assert "[game 2] League 1, round 1: <@1> (french) against <@2> (allied)." in out
    assert "[game 3] League 1, round 2: <@2> (french) against <@1> (allied)." in out
    assert "now go to game 3" in out
    assert re.search(r"Done\.", out.split("now go to game 3", 1)[1]), "player 2's order, given for them"
    # the drop: both games lost by forfeit, each revealing its dice seed; the standings kept current
    assert "<@2> drops out of the league: 2 remaining games are lost by forfeit." in out
    assert re.search(r"\[game 2\] <@2> has dropped out.*\n🎲 The dice seed of game 2 was `\d+`", out)
    assert "**League 1** (Napoleon 1815) is over: 2 games." in out
    assert "1. <@1>: 4 points (2 won, 0 drawn, 0 lost of 2)" in out
    assert "(dropped out)" in out


def test_a_rematch_in_the_console_is_asked_by_each_player_and_refused_as_the_button_is(tmp_path):
    out = console(
        tmp_path,
        "\n".join(
            [
                ":rematch",  # the console's own game runs: refused
                ":league new napoleon sequential players=2",
                ":league join",
                ":league join 2",
                ":league start",
                ":league drop 2",  # the league's game ends, by forfeit
                ":game 2",
                ":export " + str(tmp_path / "g2.txt"),
                ":rematch 3",  # not a player of it
                ":rematch",
                ":rematch",  # twice
                ":rematch 2",  # the other player accepts: the rematch is made
                ":rematch 2",  # the channel's game is now the rematch, under way
                ":status",
                ":quit",
            ]
        )
        + "\n",
    )
    assert "Not done — game 1 is not finished: a rematch is offered once it is over" in out
    assert "only the players of game 2 may ask for its rematch" in out
    assert "<@1> asks for a rematch of game 2 with the sides swapped: <@2>, :rematch [N] to accept." in out
    assert "you asked for the rematch of game 2 already" in out
    assert "The rematch is game 3 (game 2 with the sides swapped)." in out
    assert (
        "Rematch of game 2: game 3, the sides swapped: Allied (`allied`): <@1>, French (`french`): <@2>."
        in out
    )
    assert "game 3 is not finished" in out
    # the game given up is checked like any ended game
    verdict = verify((tmp_path / "g2.txt").read_text())
    assert verdict.ok and "commitment matches" in verdict.lines[0], verdict.lines


def test_the_console_says_its_league_words_in_japanese(tmp_path):
    out = console(tmp_path, ":league start\n:league join x\n:game 99\n:quit\n", "--language", "ja")
    assert "ここにリーグはありません。:league new で作れます。" in out
    assert "プレイヤーは 1 から 12 までの番号です" in out
    assert "ゲーム '99' はありません" in out
