"""tools/liberty_samples.py, the guide's Liberty pictures (docs/guide-liberty.md): it plays the seeded game of
the bot players through the engine and draws, from the views, the pictures of the moments asked for."""

from __future__ import annotations

from tools import liberty_samples


def test_the_hand_moment_writes_both_hands_as_small_pngs(tmp_path, capsys):
    # the card phase of 1776 (3.0: a new deal each year; 3.1: the British card already down): reached by play
    assert liberty_samples.main([str(tmp_path)], only=("hand",)) == 0
    hand = next(m for m in liberty_samples.MOMENTS if m.name == "hand")
    written = sorted(p.name for p in tmp_path.iterdir())
    assert written == sorted(name for name, *_ in hand.draw)
    for p in tmp_path.iterdir():
        data = p.read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n")
        assert len(data) < 300 * 1024  # the guide's pictures stay small (docs/images)
    assert "wrote 2 pictures" in capsys.readouterr().out


def test_without_an_output_folder_it_prints_its_usage(capsys):
    assert liberty_samples.main([]) == 2
    assert "usage: python -m tools.liberty_samples OUT_DIR" in capsys.readouterr().err
