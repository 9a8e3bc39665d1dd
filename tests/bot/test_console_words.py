"""The console says its own way where the service's texts name Discord's: a prompt's "…and N more" points
to ``:legal`` (not autocomplete), the dice commitment and their reveal to ``:export`` and ``estafette
verify`` (not ``/game export``, ``/game verify``), an aborted game's script names no ``/game import``; the
private thread is named by no game's word; a DM to the player, with no seat, says so. Through a real
subprocess, as a player types, in both languages."""

from __future__ import annotations

from test_console_ja import console

# a game of three seats (the private thread), aborted by :new (its script DM'd to the player), then a
# one-day game of two played to its end (the dice revealed)
LINES = "/end\n:new players=2 days=1\n" + "/end\n" * 7 + ":status\n"


def test_the_console_says_its_own_way_where_the_service_says_discords(tmp_path):
    text = console(tmp_path, LINES, "--options", "days=1 players=3")
    assert "autocomplete" not in text and "/game" not in text, text
    assert "more (:legal lists them)" in text
    assert "`estafette verify FILE` checks every die against it (:export writes the FILE)" in text
    assert "Check every die: :export, then `estafette verify FILE`." in text
    assert "[DM to you] The script of game 1, with every secret." in text and "[DM to ]" not in text
    assert "[the private thread is locked]" in text and "allied thread" not in text
    assert "Game over" in text


def test_the_japanese_console_says_its_own_way_too(tmp_path):
    text = console(tmp_path, LINES, "--options", "days=1 players=3", "--language", "ja")
    assert "オートコンプリート" not in text and "/game" not in text and "/ゲーム 書き出し" not in text, text
    assert "(:legal で一覧できます)" in text
    assert "確かめるには :export のあと `estafette verify FILE` を使ってください。" in text
    assert "[あなたへの DM] ゲーム 1 のスクリプトです" in text and "への DM] ゲーム 1" not in text.replace(
        "[あなたへの DM] ゲーム 1", ""
    )
    assert "[非公開スレッド ロック]" in text and "連合軍スレッド" not in text
