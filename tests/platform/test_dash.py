"""The tiny module *Dash* (``tests/support/games/dash.py``) played to its result through the platform: the
Service API (lobby, orders, a bot seat, pictures, storage and a restart, export), the console, and
the Discord harness (real discord.py against the fake Discord API, slash commands made from Dash's order
kinds). And nothing of Napoleon named in ``bot/``: the game is the module's."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from bot.console import run_console
from bot.outbox import DM, Post
from bot.pictures import NoPictures
from bot.service import Caller, Service, ServiceError
from engine.script import run_lines

ROOT = Path(__file__).resolve().parents[2]
CH = 100
HOST, ALICE, BOB = 1, 2, 3


def who(user: int, channel: int = CH) -> Caller:
    return Caller(user_id=user, channel_id=channel, guild_id=9)


async def test_dash_plays_to_its_result_through_the_service(dash, new_store):
    store = await new_store()
    svc = Service(store, pictures=NoPictures(), seed_source=lambda: 7)
    res = await svc.new_game(who(HOST), "length=5", game="dash")
    assert "length=5" in res.reply.text and "red" in res.reply.text  # the module's options and seats
    await svc.join(who(ALICE))
    await svc.join(who(BOB))
    start = await svc.start(who(HOST))
    posts = [m for m in start.outbox if isinstance(m, Post)]
    dms = {m.user_id: m for m in start.outbox if isinstance(m, DM)}
    assert [p.kind for p in posts[0].pictures] == ["track"]  # the module's one picture (PictureKind)
    assert (await svc.draw(posts[0].pictures[0])).startswith(b"\x89PNG")  # drawn by dash_game.draw_track
    assert "/run steps:1" in dms[ALICE].text  # D1: red is asked first, with its legal orders
    refused = await svc.order(who(BOB), "/run steps:2")
    assert "D1" in refused.reply.text  # D1: not blue's turn; nothing stored
    assert "D2" in (await svc.order(who(ALICE), "/run steps:3")).reply.text
    done = await svc.order(who(ALICE), "/run steps:2", "i-1")
    assert done.reply.text.startswith("Done") and "moved" in done.reply.text
    await svc.order(who(BOB), "/run steps:1")
    # a restart: the game is loaded from what the store holds (the module's snapshot) and checked
    svc2 = Service(store, pictures=NoPictures())
    assert await svc2.recover() == []
    await svc2.order(who(ALICE), "/run steps:2")
    await svc2.order(who(BOB), "/run steps:1")
    last = await svc2.order(who(ALICE), "/run steps:1")  # D4: 2 + 2 + 1 reaches 5
    assert "won" in last.reply.text
    live = await svc2.current(CH, finished=True)
    assert live.row.status == "over" and live.game.winner == "red"
    exported = await svc2.export(who(BOB, CH))
    assert exported.reply.file is not None
    script = exported.reply.file[1].decode()
    first = next(line for line in script.splitlines() if not line.startswith("#"))
    assert first == "@game dash"  # the script names its module, and replays the same game
    assert run_lines(script.splitlines()).game.dumps() == live.game.dumps()
    # an import goes to a lobby of the same module only
    await svc2.new_game(who(HOST, 101), game="dash")
    half = "\n".join(script.splitlines()[:6])  # @game, @options, @seed and two orders
    done = await svc2.import_script(who(HOST, 101), half)
    assert "length=5" in done.reply.text
    await svc2.new_game(who(HOST, 102))  # a Napoleon lobby
    with pytest.raises(ServiceError, match="of napoleon; the script is of dash"):
        await svc2.import_script(who(HOST, 102), half)
    await svc.idle()
    await svc2.idle()


async def test_a_dash_bot_seat_plays_the_modules_bot_player(dash, new_store):
    store = await new_store()
    svc = Service(store, pictures=NoPictures(), seed_source=lambda: 7)
    await svc.new_game(who(HOST), "length=4", game="dash")
    await svc.join(who(ALICE), "red")
    await svc.join(who(HOST), "blue", bot=True)
    await svc.start(who(HOST))
    while True:
        live = await svc.current(CH, finished=True)
        if live.game.over:
            break
        await svc.order(who(ALICE), "/run steps:1")
        await svc.idle()  # the bot's move is a change of its own, after the one that woke it
    assert live.game.winner == "blue"  # red runs 1 a turn, dash_game.DashBot always 2 (D2, D4)
    assert any(line.startswith("blue: /run steps:2") for line in live.game.log)


async def test_dash_plays_to_its_result_in_the_console(dash, tmp_path, monkeypatch):
    monkeypatch.setattr("bot.console.Service", lambda store: Service(store, pictures=NoPictures()))
    lines = "\n".join(
        [":legal", "blue: /run steps:1", "/run steps:2", "/run steps:1", "/run steps:2", ":status", ""]
    )
    out = io.StringIO()
    status = await run_console(
        str(tmp_path / "c.db"), str(tmp_path / "pics"), "length=3", io.StringIO(lines), out=out, game="dash"
    )
    text = out.getvalue()
    assert status == 0
    assert "/sprint" in text  # :legal lists the module's own choices
    assert "D1" in text  # blue may not run first
    assert "won" in text and "winner" not in text.split("won")[0][-5:]
    assert (tmp_path / "pics" / "track-public.png").read_bytes().startswith(b"\x89PNG")


def test_bot_names_nothing_of_napoleon():
    """Everything of a game is its module's: no army, nation, unit-id prefix or leader in
    the bot's code. Allowed: the message catalogs (their words are the modules' until the catalogs move to
    Babel) and the storage's default module for rows stored before schema 6."""
    names = re.compile(
        r"french|prussian|british|anglo|allied|wellington|blücher|blucher|\b(FR|BR|PR)-\d|\b(NAP|WEL|BLU)\b",
        re.IGNORECASE,
    )
    allowed = {"bot/i18n.py", "bot/i18n_ja.py"}
    found = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel in allowed:
            continue
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if names.search(line):
                found.append(f"{rel}:{no}: {line.strip()}")
    assert not found, "\n".join(found)


def test_bot_holds_no_napoleon_import():
    found = [
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "bot").rglob("*.py")
        if re.search(r"engine\.napoleon|from engine import .*\b(Game|Options|new_game)\b", p.read_text())
    ]
    assert not found, found


@pytest.fixture
async def dash_harness(dash, harness):
    """The Discord harness (tests/conftest.py ``harness``) started after Dash is registered (``dash`` comes
    first), so that its order kinds become slash commands."""
    yield harness


async def test_dash_plays_to_its_result_through_the_discord_harness(dash_harness):
    h = dash_harness
    synced = {c["name"]: c for c in h.fake.synced_commands()}
    assert {"run", "sprint", "reserve"} <= set(synced)  # made from Dash's order kinds
    (steps,) = synced["run"]["options"]
    assert steps["name"] == "steps" and steps["type"] == 4 and steps["required"]  # an integer (number kind)
    assert "D2" in synced["run"]["description"]
    made = await h.feed(
        h.slash("game new", {"game": "dash", "options": "length=5"}, user="alice", channel="game-1")
    )
    assert "length=5" in made.reply.content  # a module's own options, through the options text
    await h.feed(h.slash("game join", {}, user="alice", channel="game-1"))  # red, the first free seat
    await h.feed(h.slash("game join", {}, user="bob", channel="game-1"))  # blue
    await h.feed(h.slash("game start", user="alice", channel="game-1"))
    channel = h.world.channel("game-1").id
    posts = h.fake.messages_in(channel)
    assert any(a["filename"].startswith("track-") for p in posts for a in p["attachments"])  # its picture
    wrong = await h.feed(h.slash("sprint", user="bob", channel="game-1"))
    assert wrong.reply.ephemeral and "D1" in wrong.reply.content  # not blue's turn
    for user, order, opts in [
        ("alice", "run", {"steps": 2}),
        ("bob", "reserve", {}),
        ("alice", "run", {"steps": 2}),
        ("bob", "run", {"steps": 1}),
        ("alice", "run", {"steps": 1}),
    ]:
        got = await h.feed(h.slash(order, opts, user=user, channel="game-1"))
        assert got.reply.content.startswith("Done"), got.reply.content
        live = next(iter(h.bot.service.live.values()))
        if live.game.over:
            break
    assert live.row.status == "over" and live.game.winner in ("red", "blue")  # D4
    said = "\n".join(p.get("content") or "" for p in h.fake.messages_in(channel))
    assert "won" in said
