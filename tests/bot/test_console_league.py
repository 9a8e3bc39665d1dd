"""Leagues and the rematch in the console (no Discord token: ``python -m bot``), through a subprocess as a
player meets them: ``:league new|join|leave|start|standings|drop`` with ``/league``'s words and checks (the
console plays for every player, as it holds every seat of its own game: ``:league join 2``), each league game
in a channel of its own (``:game ID``, its orders given for the player seated), and ``:rematch [N]`` under a
finished game, refused as the button is.

The tests of a league game's lists and forms (``:pick``, ``:put``, ``:clear``, ``:confirm``, given for the
player seated in the seat) run the console in this process (``run_console`` with its input and output as
text, the service with a fixed seed and no pictures): the console reads a line only once the one before it
has been answered and everything it sent delivered, so what they print is the same at every run, and the
cards dealt are the same too."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from support.games import ambush as ambush_game

from bot.console import run_console
from bot.pictures import NoPictures
from bot.service import Service
from bot.verify import verify
from engine import modules

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


SEED = 1775  # every game's seed: Liberty's cards dealt the same at every run


async def console_here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lines: list[str]) -> str:
    """The console, in this process, read to its end: what it printed."""
    monkeypatch.setattr(
        "bot.console.Service", lambda store: Service(store, pictures=NoPictures(), seed_source=lambda: SEED)
    )
    out = io.StringIO()
    status = await run_console(
        str(tmp_path / "c.db"), str(tmp_path / "p"), "", io.StringIO("\n".join(lines) + "\n"), out=out
    )
    text = out.getvalue()
    assert status == 0 and "Traceback" not in text, text[-3000:]
    return text


def posts_of(text: str, game: int) -> str:
    """What the console printed as game ``game``'s channel posts: each begins ``[game N]`` and runs to the
    next line that begins with a bracket."""
    return "\n".join(c for c in re.split(r"\n(?=\[)", text) if c.startswith(f"[game {game}] "))


async def test_a_pick_in_a_league_game_is_given_for_the_player_seated_in_its_seat(tmp_path, monkeypatch):
    """A league game's card played face down (Liberty 3.1, a list in the seat's DM) picked with ``:pick``
    for the player seated there, as a plain order is: player 2's American card, then player 1's British."""
    out = await console_here(
        tmp_path,
        monkeypatch,
        [
            ":league new liberty sequential last_year=1775",
            ":league join",
            ":league join 2",
            ":league start",
            ":game 2",
            ":pick american 1",  # player 2's seat
            ":pick british 1",  # player 1's
            ":quit",
        ],
    )
    assert "[game 2] League 1, round 1: <@1> (british) against <@2> (american)." in out
    after = out.split("now go to game 2", 1)[1]
    assert "out of date" not in after and "no seat" not in after
    assert after.count("Done.") == 2
    told = posts_of(after, 2)
    assert "🔒 american has sealed its choice" in told and "🔒 british has sealed its choice" in told
    assert re.search(r"cards played: British \w+ card \d, American \w+ card \d", told)


async def test_each_league_games_lists_are_its_own_when_both_are_played_at_once(tmp_path, monkeypatch):
    """A concurrent league of two: games 2 and 3 each ask their British and American cards (3.1) at once,
    each seat of another player. ``:pick`` answers the list of the game the console is at (``:game``), for
    the player seated there; a list of another game is named, not answered."""
    out = await console_here(
        tmp_path,
        monkeypatch,
        [
            ":league new liberty concurrent last_year=1775",
            ":league join",
            ":league join 2",
            ":league start",
            ":pick british 1",  # the console's own game asks no card: the league's games are named
            ":game 3",
            ":pick british 1",  # game 3's British card: player 2's
            ":pick american 1",  # game 3's American card: player 1's
            ":game 2",
            ":pick british 1",  # game 2's British card: player 1's
            ":quit",
        ],
    )
    assert "[game 2] League 1, round 1: <@1> (british) against <@2> (american)." in out
    assert "[game 3] League 1, round 2: <@2> (british) against <@1> (american)." in out
    assert "No list or form waits in this game; game 2, 3 has one (:game ID goes there)." in out
    in3 = out.split("now go to game 3", 1)[1].split("now go to game 2", 1)[0]
    assert in3.count("Done.") == 2 and "out of date" not in in3
    told = posts_of(in3, 3)
    assert "🔒 british has sealed its choice" in told and "🔒 american has sealed its choice" in told
    assert re.search(r"cards played: British \w+ card \d, American \w+ card \d", told)
    assert not posts_of(in3, 2)  # nothing given in game 2
    in2 = out.split("now go to game 2", 1)[1]
    told = posts_of(in2, 2)
    assert in2.count("Done.") == 1 and "🔒 british has sealed its choice" in told
    assert "cards played" not in told  # its American card is still to come
    assert not posts_of(in2, 3)


@pytest.fixture
def ambush():
    modules.register(ambush_game.MODULE)
    yield ambush_game.MODULE
    modules.unregister("ambush")


async def test_a_sealed_form_in_a_league_game_is_filled_for_the_player_seated_in_its_seat(
    ambush, tmp_path, monkeypatch
):
    """``:put``, ``:clear`` and ``:confirm`` in a league game act for the player seated in the form's seat
    (A1: player 2 hides south's scouts, player 1 north's), and ``:pick`` then strikes for each (A2)."""
    out = await console_here(
        tmp_path,
        monkeypatch,
        [
            ":league new ambush sequential",
            ":league join",
            ":league join 2",
            ":league start",
            ":game 2",
            ":put south S1,S2 wood",
            ":clear south",
            ":put south S1,S2,S3 wood",
            ":confirm south",
            ":put north N1,N2,N3 ridge",
            ":confirm north",
            ":pick north 1",
            ":pick south 1",
            ":quit",
        ],
    )
    assert "[game 2] League 1, round 1: <@1> (north) against <@2> (south)." in out
    after = out.split("now go to game 2", 1)[1]
    assert "no seat" not in after and "out of date" not in after
    drafts = after.split("Done.", 1)[0]
    # player 2's draft: two scouts put, cleared, all three put
    assert drafts.count("Not yet placed: S3") == 1 and drafts.count("Not yet placed: S1, S2, S3") == 1
    assert "wood: S1, S2, S3\nNot yet placed: none" in drafts
    assert "revealed: role=south, ridge=, wood=S1,S2,S3" in after  # both confirmed, revealed together
    assert "struck: role=north, at=ridge" in after and "struck: role=south, at=ridge" in after


async def test_a_league_game_won_counts_as_won_in_the_standings(ambush, tmp_path, monkeypatch):
    """Round 1's game of Ambush won by south (A3: its strike takes north's three scouts, north's none) is
    two points for the player who played south, none for the other, in the standings asked for and in the
    table kept current; round 2 then begins."""
    out = await console_here(
        tmp_path,
        monkeypatch,
        [
            ":league new ambush sequential",
            ":league join",
            ":league join 2",
            ":league start",
            ":game 2",
            ":put south S1,S2,S3 wood",
            ":confirm south",
            ":put north N1,N2,N3 ridge",
            ":confirm north",
            ":pick north 1",  # north strikes the ridge: none of south's scouts
            ":pick south 1",  # south strikes the ridge: north's three
            ":league standings",
            ":quit",
        ],
    )
    assert "[game 2] struck: role=south, at=ridge\nwon: role=south" in out
    after = out.split("won: role=south", 1)[1]
    # the table kept current (its pinned message) and the one asked for
    head = "**League 1** (Ambush (a test module)): round 2 of 2, 1 of 2 games over."
    assert after.count(head) == 2 and "[league standings] " + head in after
    won = "1. <@2>: 2 points (1 won, 0 drawn, 0 lost of 1)"
    lost = "2. <@1>: 0 points (0 won, 0 drawn, 1 lost of 1)"
    assert after.count(won) == 2 and after.count(lost) == 2
    assert "1 drawn" not in out
    assert "[league] League 1 round 2 game 1 opens" in after
