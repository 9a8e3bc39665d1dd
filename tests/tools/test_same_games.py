"""``tools.same_games``: a line a fuzzed game, the same for the same game and another for another."""

from __future__ import annotations

import pytest

from tools import same_games


def test_a_seed_gives_the_same_line_and_another_seed_another(dash):
    first = same_games.line("dash", 1)
    assert first == same_games.line("dash", 1)
    seed, mode, orders, result, digest = first.split()
    assert seed == "1" and mode.startswith(("random", "bot")) and int(orders) > 0 and result
    assert len(digest) == 16
    assert same_games.line("dash", 2).split()[-1] != digest


def test_the_hash_reads_the_events(dash):
    from engine import modules

    game = modules.get("dash").new_game(modules.get("dash").make_options(modules.get("dash").defaults()), 1)
    before = same_games.digest(game)
    role = game.active()[0]
    game.apply(role, str(game.legal(role).choices[0]))
    assert same_games.digest(game) != before


def test_an_unknown_game_is_refused_in_one_line(capsys):
    with pytest.raises(SystemExit) as e:
        same_games.main(["chess"])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "no game 'chess'" in err and "Traceback" not in err
