"""No traceback ever reaches a user: the command line's bad files, closed pipes and Ctrl-C (through a real
subprocess or a pseudo-terminal), and Discord's stale commands and over-long suggestions (through the fake
Discord, which refuses what Discord refuses)."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def estafette(tmp_path: Path, *args: str, env: dict[str, str] | None = None, stdin: str = "", timeout=120):
    """``estafette ARGS`` as a player runs it, from a folder of their own."""
    environ = {k: v for k, v in os.environ.items() if k != "ESTAFETTE_DATABASE"}
    environ.update(ESTAFETTE_PICTURES=str(tmp_path / "pictures"), PYTHONPATH=str(ROOT))
    environ.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=environ,
        timeout=timeout,
    )


def one_error_line(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    assert "Traceback" not in done.stdout + done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:"), done.stderr
    return lines[0]


async def stored_game(db: Path) -> tuple[str, int]:
    """The console's game as stored: its status and its orders so far (reopened as a new process would)."""
    from bot.storage import Store

    store = Store(db)
    await store.open()
    try:
        gid = await store.game_id_in_channel(1)
        assert gid is not None
        row = await store.game(gid)
        assert row is not None
        return row.status, row.version
    finally:
        await store.close()


# --- the command line ------------------------------------------------------------------------------------


def test_a_database_in_a_missing_folder_is_one_line(tmp_path):
    line = one_error_line(estafette(tmp_path, "console", "--database", "missing/dir/x.db"))
    assert "missing" in line and "does not exist" in line
    assert not (tmp_path / "missing").exists()


def test_estafette_database_in_a_missing_folder_is_one_line(tmp_path):
    done = estafette(tmp_path, "console", env={"ESTAFETTE_DATABASE": "missing/dir/y.db"})
    assert "does not exist" in one_error_line(done)
    assert not (tmp_path / "missing").exists()


def test_a_database_that_is_not_one_is_one_line_and_left_as_it_was(tmp_path):
    (tmp_path / "notes.db").write_text("my notes, not a database\n")
    line = one_error_line(estafette(tmp_path, "console", "--database", "notes.db"))
    assert "cannot open the database notes.db" in line
    assert (tmp_path / "notes.db").read_text() == "my notes, not a database\n"


def test_estafette_pictures_naming_a_file_is_one_line_and_the_game_stays(tmp_path):
    estafette(
        tmp_path,
        "console",
        "--database",
        "g.db",
        stdin="french: /move units:FR-1 path:Solre-sur-Sambre>Thuin\n",
    )
    before = asyncio.run(stored_game(tmp_path / "g.db"))
    (tmp_path / "afile").write_text("x")
    done = estafette(tmp_path, "console", "--database", "g.db", env={"ESTAFETTE_PICTURES": "afile"})
    assert "afile" in one_error_line(done) and "is a file" in done.stderr
    assert asyncio.run(stored_game(tmp_path / "g.db")) == before == ("running", 1)


def _into_head(tmp_path: Path, args: list[str], lines: int = 2) -> tuple[int, bytes, bytes]:
    """``estafette ARGS | head -n LINES``: the reader leaves after a few lines."""
    env = {k: v for k, v in os.environ.items() if k != "ESTAFETTE_DATABASE"}
    env.update(ESTAFETTE_PICTURES=str(tmp_path / "pictures"), PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot", *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
        env=env,
    )
    assert proc.stdout is not None
    got = b"".join(proc.stdout.readline() for _ in range(lines))
    proc.stdout.close()  # like `| head -n 2`
    _out, err = proc.communicate(timeout=120)
    return proc.returncode, got, err


def test_the_console_into_head_ends_quietly_and_keeps_the_game(tmp_path):
    status, got, err = _into_head(tmp_path, ["console", "--database", "h.db"])
    assert b"Estafette console" in got
    assert status == 0 and b"Traceback" not in err and b"BrokenPipe" not in err, err.decode()
    assert b"closed database" not in err.lower() and b"ERROR" not in err, err.decode()
    assert asyncio.run(stored_game(tmp_path / "h.db")) == ("running", 0)
    again = estafette(tmp_path, "console", "--database", "h.db", stdin=":status\n")
    assert again.returncode == 0 and "Turn 1/24" in again.stdout and "Traceback" not in again.stderr


def test_the_scripted_demo_into_head_ends_quietly(tmp_path):
    status, got, err = _into_head(tmp_path, ["demo", "--scripted"], lines=1)
    assert got.startswith(b"Estafette demo")
    assert status == 0 and b"Traceback" not in err and b"BrokenPipe" not in err, err.decode()


def _sigint_default() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")
@pytest.mark.parametrize("delay", [0.3, 0.6, 0.9, 1.3])
def test_ctrl_c_in_the_consoles_first_second_is_one_line_and_keeps_the_game(tmp_path, delay):
    """Ctrl-C while the console starts, draws and delivers: the outbox's deliveries end before the store
    closes (no "Cannot operate on a closed database"), one line, status 130, the game stored."""
    pexpect = pytest.importorskip("pexpect")
    env = {k: v for k, v in os.environ.items() if k != "ESTAFETTE_DATABASE"}
    env.update(ESTAFETTE_PICTURES=str(tmp_path / "pictures"), PYTHONPATH=str(ROOT))
    child = pexpect.spawn(
        sys.executable,
        ["-m", "bot", "console", "--database", "c.db"],
        env=env,
        cwd=str(tmp_path),
        timeout=60,
        preexec_fn=_sigint_default,  # as from a terminal's shell (a background run inherits it ignored)
    )
    child.expect("Estafette console")  # started: the interpreter and the console are under way
    time.sleep(delay)
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    text = (child.before or b"").decode("utf-8", "replace")
    assert child.exitstatus == 130, text
    assert "Traceback" not in text and "closed database" not in text and "ERROR" not in text, text
    assert text.count("Stopped (Ctrl-C)") == 1 and "c.db" in text
    if (tmp_path / "c.db").exists():  # stopped before anything was stored, or with each change whole
        status, version = asyncio.run(stored_game(tmp_path / "c.db"))
        assert status in ("lobby", "running") and version == 0
    again = estafette(tmp_path, "console", "--database", "c.db", stdin=":status\n")
    assert again.returncode == 0 and "Turn 1/24" in again.stdout and "Traceback" not in again.stderr


# --- Discord ----------------------------------------------------------------------------------------------


async def _new_game(h) -> None:
    await h.feed(h.slash("game new", {"setup": "historical", "players": 2}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {"role": "french"}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {"role": "allied"}, user="bob", channel="game-1"))
    await h.feed(h.slash("game start", user="alice", channel="game-1"))


async def test_a_stale_slash_command_says_it_is_gone_and_logs_no_error(harness, caplog):
    """A command a client still shows after a sync (one the bot no longer has, or a subcommand gone): the
    player is told the command is gone, nothing is logged as a bug, the game is untouched."""
    h = harness
    await _new_game(h)
    version = next(iter(h.bot.service.live.values())).row.version
    caplog.set_level(logging.INFO)
    for command in ("surrender", "game resign"):
        done = await h.feed(h.slash(command, user="alice", channel="game-1"))
        assert done.reply.ephemeral and "no longer exists" in done.reply.content, done.reply.content
        assert "Sorry" not in done.reply.content
    ja = await h.feed(h.slash("surrender", user="alice", channel="game-1", locale="ja"))
    assert "そのコマンドはもうありません" in ja.reply.content
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert next(iter(h.bot.service.live.values())).row.version == version


async def test_autocomplete_of_a_stale_command_answers_no_choices_without_an_error(harness, caplog):
    h = harness
    caplog.set_level(logging.INFO)
    done = await h.feed(
        h.autocomplete("surrender", {"to": "x"}, focused="to", user="alice", channel="game-1")
    )
    assert h.fake.autocomplete_choices(done.interaction_id) == []
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_autocomplete_shortens_suggestions_over_100_characters(harness):
    """A long list of units typed: completions near or over Discord's 100 characters are offered (the fake
    refuses a choice over 100), one over it shortened at its last whole unit with its name ending in "…",
    and never without a unit the player typed whole (picked, it would change their order)."""
    h = harness
    await _new_game(h)
    for n in (17, 18):  # 97 and 103 characters typed: the completions fit, then they must be shortened
        typed = ",".join(f"FR-{i}" for i in range(1, n + 1)) + ",FR-2"
        whole = typed[: typed.rfind(",") + 1]
        done = await h.feed(
            h.autocomplete("move", {"units": typed}, focused="units", user="alice", channel="game-1")
        )
        choices = h.fake.autocomplete_choices(done.interaction_id)
        assert choices, f"no choice at all for {len(typed)} characters typed"
        for c in choices:
            assert len(c["value"]) <= 100 and len(c["name"]) <= 100
            assert c["value"].startswith(whole)  # every unit typed whole is kept
            assert c["name"].endswith("…") == (not c["value"].startswith(typed))
    short = await h.feed(
        h.autocomplete("move", {"units": "FR-1,FR-"}, focused="units", user="alice", channel="game-1")
    )
    assert all(not c["name"].endswith("…") for c in h.fake.autocomplete_choices(short.interaction_id))


def test_a_value_is_cut_at_its_last_whole_item():
    from bot.discord_app.cog import _shortened

    assert _shortened("FR-1,FR-2") == "FR-1,FR-2"
    long = ",".join(f"FR-{i}" for i in range(1, 30))
    assert _shortened(long) == long[: long[:99].rfind(",") + 1] and len(_shortened(long)) <= 99
    assert _shortened("A>" * 60).endswith(">")
    assert _shortened("x" * 150) == ""  # no item to cut at: not offered


def test_the_demo_into_a_file_is_one_line(tmp_path):
    (tmp_path / "out").write_text("mine\n")
    done = estafette(tmp_path, "demo", "--out", "out")
    assert "is a file" in one_error_line(done) and (tmp_path / "out").read_text() == "mine\n"


def test_the_discord_bot_with_a_database_in_a_missing_folder_is_one_line(tmp_path):
    done = estafette(
        tmp_path, "discord", env={"ESTAFETTE_DISCORD_TOKEN": "x", "ESTAFETTE_DATABASE": "missing/b.db"}
    )
    assert "does not exist" in one_error_line(done) and not (tmp_path / "missing").exists()


def test_a_console_game_stopped_while_it_was_being_made_is_made_at_the_next_start(tmp_path):
    """Ctrl-C between the new game and its seats leaves it in the lobby: the next console takes the seats
    and starts it, rather than showing a game nobody can play."""

    async def half_made() -> None:
        from bot.console import CHANNEL, USER
        from bot.pictures import NoPictures
        from bot.service import Caller, Service
        from bot.storage import Store

        store = Store(tmp_path / "half.db")
        await store.open()
        try:
            svc = Service(store, pictures=NoPictures())
            me = Caller(USER, CHANNEL, guild_id=0, manager=True, name="console")
            await svc.new_game(me, "setup=historical", deadline_hours=0)
            await svc.join(me, "french")
            await svc.idle()
        finally:
            await store.close()

    asyncio.run(half_made())
    assert asyncio.run(stored_game(tmp_path / "half.db")) == ("lobby", 0)
    done = estafette(tmp_path, "console", "--database", "half.db", stdin=":status\n")
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert "The campaign begins" in done.stdout and "Turn 1/24" in done.stdout
    assert asyncio.run(stored_game(tmp_path / "half.db")) == ("running", 0)
