"""A club tries everything offline in its own language: the console in Japanese (``--language ja``,
``:language ja``), and the console's dead ends gone (a game over, ``:export`` of a running solo game,
``:help``'s seats, its own preference syntax, ``--options`` over the historical set-up). Each through a real
subprocess, as a player types."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]


def console(tmp_path: Path, lines: str, *args: str, db: str = "c.db") -> str:
    """``estafette console ARGS`` with ``lines`` typed; its whole output (nothing on stderr, status 0)."""
    env = {k: v for k, v in os.environ.items() if k != "ESTAFETTE_DATABASE"}
    env.update(ESTAFETTE_PICTURES=str(tmp_path / "pictures"), PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-m", "bot", "console", "--database", db, *args],
        input=lines,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stdout + done.stderr and not done.stderr.strip(), done.stderr
    return done.stdout


def english_console_texts() -> list[str]:
    """The fixed words of every console text in English (the parts between its fields), long enough to be
    the console's own (not a seat's name or an order)."""
    with open(ROOT / "bot/locale/en/LC_MESSAGES/bot.po", "rb") as f:
        catalog = read_po(f)
    parts: list[str] = []
    for m in catalog:
        if isinstance(m.id, str) and m.id.startswith("console.") and isinstance(m.string, str):
            parts += [p.strip() for p in re.split(r"\{[^}]*\}", m.string) if len(p.strip()) >= 12]
    assert len(parts) > 20
    return parts


def assert_no_english_console_text(text: str) -> None:
    english = [p for p in english_console_texts() if p in text]
    assert not english, english


def test_the_japanese_console_plays_orders_in_japanese(tmp_path):
    text = console(
        tmp_path,
        ":help\n:legal\nfrench: /move units:FR-1 path:Solre-sur-Sambre>Thuin\n/end\n:frobnicate\n"
        "nobody: /end\nallied /end\n:prefer battle fire\n:status\n:language xx\n",
        "--language",
        "ja",
    )
    assert "Estafette コンソールです" in text and "コンソールのコマンドです" in text
    assert "/game join" not in text  # the console takes every seat itself
    assert "[ゲームチャンネル]" in text and "[french への DM]" in text
    assert text.count("実行しました。") == 2  # the move and the end
    assert ":frobnicate はコンソールのコマンドではありません" in text
    assert "席「nobody」はありません" in text and "命令は「/」で始めます" in text
    assert (
        "自動戦闘命令を設定しました" in text and ":prefer battle off" in text and "/game prefer" not in text
    )
    assert "言語「xx」はありません" in text
    assert_no_english_console_text(text)


def test_language_switches_the_console_in_the_middle_of_a_game(tmp_path):
    text = console(tmp_path, ":frobnicate\n:language ja\n:frobnicate\n:language en\n:frobnicate\n")
    said = text.split("\n", 2)[2]  # after the greeting and the game
    expected = [
        ":frobnicate is not a console command",
        "コンソールを日本語にしました",
        ":frobnicate はコンソールのコマンドではありません",
        "The console speaks English now",
        ":frobnicate is not a console command",
    ]
    at = 0
    for e in expected:  # each said, in this order
        at = said.find(e, at)
        assert at >= 0, (e, said[-600:])
        at += len(e)


def test_help_lists_the_seats_of_a_three_player_game_and_options_keep_the_historical_setup(tmp_path):
    """``--options players=3`` changes the players only: the console's game stays historical (its first
    options), and ``:help`` names the three seats, not the two-player game's."""
    text = console(tmp_path, ":help\n:status\n", "--options", "players=3")
    assert "setup historical" in text and "3 players" in text and "Turn 1/24" in text
    seats = next(line for line in text.splitlines() if "this game's seats" in line)
    assert "french" in seats and "british" in seats and "prussian" in seats and "allied" not in seats
    ja = console(tmp_path, ":help\n", "--language", "ja", db="ja.db")
    assert "このゲームの席: french、allied" in ja
    free = console(tmp_path, ":status\n", "--options", "setup=free", db="free.db")
    assert "setup free" in free and "Turn 1/24" not in free  # setup= given: it is the player's


def _play_to_the_end(tmp_path: Path, then: str, *args: str, db: str = "c.db") -> str:
    """A one-day game (six campaign turns) ended by /end, then what a player tries next."""
    return console(tmp_path, "/end\n" * 7 + then, "--options", "days=1", *args, db=db)


def test_after_a_game_is_over_the_console_says_what_works_and_new_starts_one(tmp_path):
    text = _play_to_the_end(tmp_path, ":status\n:new players=3\n:status\n")
    over, new = text.split("Game over", 1)[1].split(":new starts one", 1)
    assert "/game new" not in text and over.endswith("there is no game in progress: ")
    assert "3 players" in new and "setup historical" in new and "Turn 1/24" in new
    assert "was aborted" not in new  # nothing was in progress
    ja = _play_to_the_end(tmp_path, ":status\n:new\n", "--language", "ja", db="ja.db")
    assert "進行中のゲームはありません。:new で始められます" in ja and "/game new" not in ja
    assert ja.rstrip().endswith("行動待ち: フランス軍。") or "ターン 1: フランス軍" in ja.split("進行中")[-1]
    assert_no_english_console_text(ja)


def test_new_from_the_command_line_after_a_game_is_over(tmp_path):
    _play_to_the_end(tmp_path, "")
    text = console(tmp_path, ":status\n", "--new")
    assert "Turn 1/24" in text and "Not done" not in text and "was aborted" not in text


def test_new_in_the_console_aborts_the_game_in_progress_and_refuses_bad_options(tmp_path):
    text = console(tmp_path, "/end\n:new players=9\n:status\n:new\n:status\n")
    _, rest = text.split("Not done — ", 1)
    assert "players must be 2 or 3, not 9 (nothing was changed)" in rest.splitlines()[0]
    assert "Turn 2/24" in rest.splitlines()[1]  # the refused :new changed nothing: the game goes on
    assert "Game 1 was aborted" in rest and "estafette-game-1.txt" in rest
    assert (tmp_path / "pictures" / "estafette-game-1.txt").exists()  # the aborted game's script
    assert "New game of Napoleon 1815 (game 2)" in rest and rest.rstrip().endswith("waiting for the French.")


def test_export_of_a_running_solo_game_writes_its_script(tmp_path):
    """One person holds every seat: nobody else can learn from the script of the game in progress."""
    text = console(tmp_path, "french: /move units:FR-1 path:Solre-sur-Sambre>Thuin\n:export now.txt\n")
    assert "written now.txt" in text
    script = (tmp_path / "now.txt").read_text(encoding="utf-8")
    assert "french: /move units:FR-1 path:Solre-sur-Sambre>Thuin" in script
    ja = console(tmp_path, ":export\n", "--language", "ja")
    assert "estafette-game-1.txt に書き出しました" in ja


async def test_a_running_game_with_a_bot_seat_or_another_player_is_not_exported(tmp_path):
    """Only a game whose every seat is the caller's may be exported while it runs: a bot's seat is another
    side (its hidden blocks), another player's too."""
    import pytest

    from bot.pictures import NoPictures
    from bot.service import Caller, Service, ServiceError
    from bot.storage import Store

    store = Store(tmp_path / "s.db")
    await store.open()
    try:
        svc = Service(store, pictures=NoPictures())
        for channel, other in ((10, "bot"), (11, "player")):
            me = Caller(1, channel, guild_id=5, manager=True)
            await svc.new_game(me, "setup=historical", deadline_hours=0)
            await svc.join(me, "french")
            if other == "bot":
                await svc.join(me, "allied", bot=True)
            else:
                await svc.join(Caller(2, channel, guild_id=5), "allied")
            await svc.start(me)
            with pytest.raises(ServiceError) as refused:
                await svc.export(me)
            assert refused.value.key == "svc.export_running"
        await svc.idle()
    finally:
        await store.close()


def test_prefer_says_the_consoles_own_syntax_and_takes_no_words(tmp_path):
    text = console(tmp_path, ":prefer battle fire\n:prefer\n:prefer french\n")
    assert ":prefer battle off cancels them" in text and "/game prefer" not in text
    assert text.count("Not done — preferences: hits") == 2 and "failed on our side" not in text
