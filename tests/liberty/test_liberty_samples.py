"""``python -m tools.samples OUT_DIR --game liberty``, the guide's Liberty pictures (docs/guide-liberty.md):
it plays the seeded game of the bot players through the engine and draws, from the views, the pictures of the
moments asked for (``GUIDE`` of ``renderers/liberty/samples.py``)."""

from __future__ import annotations

from support.guide import check_samples_tool

from tools import samples


def test_the_hand_moment_writes_both_hands_as_small_pngs(tmp_path, capsys):
    """The card phase of 1776 (3.0: a new deal each year; 3.1: the British card already down), reached by
    play: both hands written, small PNGs the guide holds (docs/images); every picture the chapters show is
    one the tool draws (the checks every game's chapters get: ``support/guide.py``)."""
    check_samples_tool("liberty", tmp_path, "hand")
    assert "wrote 2 pictures" in capsys.readouterr().out


def test_without_an_output_folder_it_prints_its_usage(capsys):
    assert samples.main([]) == 2
    assert "usage: python -m tools.samples OUT_DIR [--game ID]" in capsys.readouterr().err


def test_a_game_without_guide_pictures_or_an_unknown_game_is_refused_saying_why(tmp_path, capsys):
    assert samples.main([str(tmp_path), "--game", "napoleon"]) == 2
    assert "napoleon names no guide pictures" in capsys.readouterr().err
    assert samples.main([str(tmp_path), "--game", "chess"]) == 2
    assert "chess" in capsys.readouterr().err and not list(tmp_path.iterdir())
