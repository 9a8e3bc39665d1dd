"""The console as a club meets it: a first run that works, no tracebacks ever, pictures always current, seats
in every reader. The terminal items (Ctrl-C, line editing) go through a pseudo-terminal."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.console import Console, console_values, run_console
from bot.pictures import NoPictures
from bot.service import Service
from bot.storage import Store

ROOT = Path(__file__).resolve().parents[2]


async def console_run(tmp_path: Path, lines: str, options: str = "", new: bool = False) -> str:
    out = io.StringIO()
    status = await run_console(
        str(tmp_path / "c.db"), str(tmp_path / "pictures"), options, io.StringIO(lines), new=new, out=out
    )
    assert status == 0
    return out.getvalue()


@pytest.fixture(autouse=True)
def no_pictures(monkeypatch):
    """The console draws every seat's pictures after each change: drawn for real they take a while."""
    monkeypatch.setattr("bot.service.service.Pictures", NoPictures)
    monkeypatch.setattr("bot.console.Service", lambda store: Service(store, pictures=NoPictures()))


async def test_the_first_game_is_the_historical_setup(tmp_path):
    text = await console_run(tmp_path, ":status\n")
    assert "setup historical" in text and "Turn 1/24" in text  # playing at once, no 39 blocks to place


async def test_options_given_for_an_existing_game_are_said_to_be_ignored_and_new_starts_afresh(tmp_path):
    await console_run(tmp_path, "")
    text = await console_run(tmp_path, ":status\n", options="players=3")
    assert "--options are ignored" in text and "--new" in text and "2 players" not in text.split("\n")[0]
    text = await console_run(tmp_path, ":status\n", options="players=3", new=True)
    assert "3 players" in text and "ignored" not in text


def test_console_options_are_read_once_into_typed_values_over_the_historical_setup():
    """``--options`` and ``:new`` read once into the values the game is made with (not merged back into
    text and read again): the module's first options, the given ones over them key by key."""
    assert console_values("players=3 days=2", "napoleon") == (
        {"setup": "historical", "players": 3, "days": 2},
        None,
    )
    assert console_values("setup=free", "napoleon") == ({"setup": "free"}, None)
    values, problem = console_values("players=7", "napoleon")
    assert values == {} and problem is not None and "players" in problem


@pytest.mark.parametrize("options", ["players=7", "bogus=1", "days=-1", "players=3,setup=free"])
def test_bad_options_are_one_line_and_leave_no_database(tmp_path, options):
    done = subprocess.run(
        [sys.executable, "-m", "bot", "console", "--options", options, "--database", str(tmp_path / "x.db")],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr + done.stdout
    assert len(done.stderr.strip().splitlines()) == 1 and done.stderr.startswith("error:")
    assert not (tmp_path / "x.db").exists()


async def test_legal_says_how_many_more_and_unknown_commands_are_named(tmp_path):
    text = await console_run(tmp_path, ":legal\n:frobnicate\nFRENCH: /end\n")
    assert "…and " in text and " more" in text
    assert ":frobnicate is not a console command" in text
    assert "orders start with" not in text
    assert text.count("Done.") == 1  # FRENCH: in capitals is the French seat


async def test_free_deployment_is_one_line_with_setup_auto(tmp_path):
    """A newcomer in an initiative game places the 38 French blocks with one order, sees
    the rest of the choices to change them, and /end starts turn 1."""
    text = await console_run(
        tmp_path, ":legal\nfrench: /setup auto:yes\nfrench: /end\n:status\n", "setup=initiative"
    )
    assert text.index("/setup auto:yes") < text.index("Done.")  # offered (first) before it was used
    assert "Every block is placed" in text and "deployed at Beaumont" in text
    assert "Turn 1/24" in text and "error" not in text.lower()


async def test_readers_take_a_seat_and_default_to_the_one_that_must_act(tmp_path):
    text = await console_run(tmp_path, ":map\n:map allied\n:status french\n:map nobody\n")
    assert "The map as the French see it." in text and "The map as the Allied see it." in text
    assert "you do not hold the nobody seat" in text


async def test_every_seats_pictures_are_current_after_each_change(tmp_path):
    pics = tmp_path / "pictures"
    await console_run(tmp_path, "")
    before = {p.name: p.stat().st_mtime_ns for p in pics.iterdir()}
    assert {"map-public.png", "map-french.png", "map-allied.png"} <= set(before)
    time.sleep(0.01)
    await console_run(tmp_path, "french: /move units:FR-1 path:Solre-sur-Sambre>Thuin\n")
    after = {p.name: p.stat().st_mtime_ns for p in pics.iterdir()}
    assert all(after[n] > before[n] for n in ("map-public.png", "map-french.png", "map-allied.png"))


async def test_prefer_takes_a_seat_and_refuses_an_empty_list(tmp_path):
    text = await console_run(tmp_path, ":prefer hits BR-1,BR-2\n:prefer french hits\n:prefer hits\n")
    assert "Preference saved: hits BR-1, BR-2." in text  # the Allied seat's blocks: the Allied seat
    assert text.count("give the blocks in order of priority") == 2


async def test_export_to_a_missing_folder_is_one_line(tmp_path):
    store = Store(tmp_path / "e.db")
    await store.open()
    out = io.StringIO()
    con = Console(Service(store, pictures=NoPictures()), tmp_path / "p", out=out)
    await con.ensure_game("setup=historical days=1")
    live = await con.svc.games.read_channel(1)
    live.game.set_turn(6)
    await con.handle("allied: /end")
    await con.handle(f":export {tmp_path / 'no' / 'such' / 'folder.txt'}")
    assert "could not write" in out.getvalue() and "Traceback" not in out.getvalue()
    await con.svc.idle()
    await store.close()


@pytest.mark.parametrize("module", ["engine.scenario napoleon --json", "engine.script SCRIPT"])
def test_the_tools_end_quietly_when_their_pipe_closes(tmp_path, module):
    script = tmp_path / "s.txt"
    script.write_text("@options setup=historical\n@seed 1\nfrench: /end\n", encoding="utf-8")
    argv = [sys.executable, "-m", *module.replace("SCRIPT", str(script)).split()]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    assert proc.stdout is not None
    proc.stdout.read(5)
    proc.stdout.close()  # like `| head -c 5`
    _out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0 and b"Traceback" not in err and b"BrokenPipe" not in err


def _pty_console(tmp_path: Path):
    """The console at a pseudo-terminal: (pid, master fd)."""
    import pty

    pid, fd = pty.fork()
    if pid == 0:  # the child: the console, as a player starts it
        # from a terminal's shell, Ctrl-C's signal at its default (a run in the background, as CI may be,
        # inherits it ignored, and an ignored SIGINT is what Python and asyncio then keep)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.chdir(tmp_path)
        os.environ["ESTAFETTE_PICTURES"] = str(tmp_path / "pictures")
        os.execv(
            sys.executable, [sys.executable, "-m", "bot", "console", "--database", str(tmp_path / "t.db")]
        )
    return pid, fd


def _read_until(fd: int, marker: bytes, timeout: float = 60.0) -> bytes:
    import select

    got = b""
    end = time.monotonic() + timeout
    while marker not in got and time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                got += os.read(fd, 4096)
            except OSError:
                break
    return got


def _wait(pid: int, timeout: float = 20.0) -> int | None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status
        time.sleep(0.05)
    os.kill(pid, 9)
    os.waitpid(pid, 0)
    return None


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")
def test_ctrl_c_ends_the_console_at_once_without_a_traceback(tmp_path):
    pid, fd = _pty_console(tmp_path)
    first = _read_until(fd, b"> ")
    assert b"> " in first, first
    os.write(fd, b"\x03")  # Ctrl-C at the prompt
    rest = _read_until(fd, b"\x00", timeout=3)
    status = _wait(pid)
    assert status is not None, ("the console did not end after Ctrl-C", first[-300:], rest[-600:])
    assert b"Traceback" not in first + rest


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")
def test_the_console_edits_lines_with_the_arrow_keys(tmp_path):
    pid, fd = _pty_console(tmp_path)
    assert b"> " in _read_until(fd, b"> ")
    os.write(fd, b":qit\x1b[D\x1b[Du\r")  # ":qit", two steps left, "u": ":quit"
    out = _read_until(fd, b"\x00", timeout=5)
    status = _wait(pid)
    assert status is not None and os.WEXITSTATUS(status) == 0, out
    assert b"^[[D" not in out and b"not a console command" not in out


async def test_legal_in_a_battle_turn_lists_fire_before_retreat(tmp_path):
    from engine.napoleon.prompts import ranked

    orders = ("/retreat units:PR-1 to:Binche", "/end", "/fire unit:PR-2", "/battle-move unit:PR-3 to:left")
    assert ranked(orders) == [
        "/fire unit:PR-2",
        "/battle-move unit:PR-3 to:left",
        "/retreat units:PR-1 to:Binche",
        "/end",
    ]
