"""A league game's result read from the places its module names (``Module.placings``, stored with the game's
result): the first side's player or the second's wins, a draw places both first, a forfeit is said. A game
over whose module names no place for a side counts as a draw — the one result that lets the league go on —
and the log says so, since a game won but not told would otherwise pass for a draw unseen (the console's
test of a game won and counted: ``test_console_league.py``)."""

from __future__ import annotations

import logging

import pytest
from support.games import ambush as ambush_game

from bot.pictures import NoPictures
from bot.service import Service
from bot.storage.leagues import LeagueRow
from engine import modules


@pytest.fixture
def ambush():
    modules.register(ambush_game.MODULE)
    yield ambush_game.MODULE
    modules.unregister("ambush")


async def test_a_league_game_is_won_drawn_or_forfeited_as_its_places_say(ambush, new_store, caplog):
    svc = Service(await new_store(), pictures=NoPictures())
    row = LeagueRow(1, 9, 100, 100, 1, "ambush", {"text": ""}, "sequential", "running", 1, 0, "en")
    winner = svc.leagues._winner  # north is the first side, south the second
    with caplog.at_level(logging.WARNING, "estafette.service"):
        assert winner(row, ([(2, ["north"]), (1, ["south"])], "end"), 7) == ("second", False)
        assert winner(row, ([(1, ["north"]), (2, ["south"])], "forfeit"), 7) == ("first", True)
        assert winner(row, ([(1, ["north"]), (1, ["south"])], "end"), 7) == ("draw", False)
        assert "no result" not in caplog.text
        assert winner(row, ([], "end"), 7) == ("draw", False)
    assert "league 1: game 7 ended with no result said: counted as a draw" in caplog.text


def test_ambush_names_the_side_that_won(ambush):
    """A3: the side that captured more places first (south a tie); the default reading of a view's
    ``winner`` finds none in Ambush's plain view, which is how a won game once counted as a draw."""
    game = ambush.new_game(ambush.make_options({}), 1)
    assert ambush.placings(game) == []  # not over: no result yet
    game.apply("north", "/hide ridge:N1,N2,N3 at:pass")
    game.apply("south", "/hide wood:S1,S2,S3 at:pass")
    game.apply("north", "/strike at:ridge")
    game.apply("south", "/strike at:ridge")
    assert game.over and game.winner() == "south"
    assert ambush.placings(game) == [(2, ("north",)), (1, ("south",))]
    assert ambush.placings(game, ["south"]) == [(1, ("north",)), (2, ("south",))]  # a forfeit
