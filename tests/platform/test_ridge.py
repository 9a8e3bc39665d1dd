"""*Ridge* (``tests/support/games/ridge/``), a module of another shape than Dash — an area map with
elevations, open information, alternating activations — played by its rules (R1-R7) and through the platform:
the service (lobby, a bot seat, pictures, a restart, export), the console and the Discord harness. Everything
it needs is in its own folder; the platform learns of it only through the registry."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.games.ridge import MODULE
from support.games.ridge.picture import draw_map
from support.games.ridge.player import RidgeBot
from support.games.ridge.rules import ADJACENT, RidgeGame, RidgeOptions

from bot.console import run_console
from bot.outbox import DM, Post
from bot.pictures import NoPictures
from bot.service import Caller, Service
from engine import modules
from engine.errors import RuleError
from engine.script import run_lines

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
CH = 100
HOST, ALICE, BOB = 1, 2, 3


@pytest.fixture
def ridge():
    modules.register(MODULE)
    yield MODULE
    modules.unregister("ridge")


def play(*lines: str, rounds: int = 4):
    """The game after ``lines``, each accepted; the last one's RuleError if it is refused."""
    out = run_lines(["@game ridge", f"@options rounds={rounds}", "@seed 1", *lines[:-1]])
    assert out.ok, out.results
    game = out.game
    if lines and not lines[-1].startswith("@"):
        role, _, order = lines[-1].partition(": ")
        game.apply(role, order)
    elif lines:
        game = run_lines(["@game ridge", f"@options rounds={rounds}", "@seed 1", *lines]).game
    return game


# --- the rules -------------------------------------------------------------------------------------------


def test_r1_a_move_goes_only_to_an_adjacent_area(ridge):
    with pytest.raises(RuleError, match=r"^R1: ridge is not next to ford"):
        play("blue: /move unit:B1 to:ridge")
    with pytest.raises(RuleError, match=r"^R1: there is no area hill"):
        play("blue: /move unit:B1 to:hill")


def test_r3_sides_alternate_blue_first_and_a_unit_acts_once_a_round(ridge):
    g = play()
    assert g.active() == ["blue"]
    with pytest.raises(RuleError, match=r"^R3: it is blue's activation"):
        play("grey: /pass")
    g = play("blue: /move unit:B1 to:orchard")
    assert g.active() == ["grey"]  # R3: the other side's turn
    with pytest.raises(RuleError, match=r"^R3: B1 has been activated this round already"):
        play("blue: /move unit:B1 to:orchard", "grey: /pass", "blue: /move unit:B1 to:ford")


def test_r3_a_side_that_passed_drops_out_and_the_other_goes_on(ridge):
    g = play("blue: /pass")
    assert g.active() == ["grey"]
    g = play("blue: /pass", "grey: /pass")  # R3: neither can act: a new round, blue first, all fresh
    assert g.round == 2 and g.active() == ["blue"] and g.passed == []
    g = play("blue: /pass", "grey: /move unit:G2 to:orchard")
    assert g.active() == ["grey"]  # blue passed: grey goes on


def test_r4_no_move_into_enemies_nor_a_third_unit(ridge):
    with pytest.raises(RuleError, match=r"^R4: enemy units hold orchard"):
        play("blue: /pass", "grey: /move unit:G1 to:orchard", "grey: /pass", "blue: /move unit:B1 to:orchard")
    with pytest.raises(RuleError, match=r"^R4: mill already holds 2 of your units"):
        play("blue: /move unit:B1 to:mill", "grey: /pass", "blue: /move unit:B3 to:mill")


def test_r5_the_ground_adds_or_takes_one_and_the_strongest_loses_a_step(ridge):
    # G1 (ridge, 2) attacks orchard (1) from higher ground: a 3 hits (3 + 1 >= 4)
    g = play("blue: /move unit:B1 to:orchard", "@dice 3", "grey: /attack unit:G1 area:orchard")
    assert g.events[-1].kind == "hit" and g.units["B1"].steps == 2
    # round 2: B1 (orchard, 1) attacks the church (1) on level ground: a 4 hits
    moved = ("blue: /move unit:B1 to:orchard", "grey: /pass", "blue: /pass", "@dice 4")
    g = play(*moved, "blue: /attack unit:B1 area:church")
    assert g.events[-1].kind == "hit" and g.units["G2"].steps == 1
    # and the ridge (2) from below: the same 4 misses (4 - 1 < 4)
    g = play(*moved, "blue: /attack unit:B1 area:ridge")
    assert g.events[-1].kind == "missed" and g.units["G1"].steps == 3


def test_r5_a_unit_without_steps_is_eliminated(ridge):
    g = play(
        "@dice 6",
        "blue: /attack unit:B2 area:wood",
        "grey: /pass",
        "@dice 6",
        "blue: /attack unit:B3 area:wood",
    )
    assert "G3" not in g.units and [e.kind for e in g.events][-2:] == ["hit", "eliminated"]


def test_r7_blue_wins_holding_the_ridge_alone_at_the_end_else_grey(ridge):
    g = play("blue: /pass", "grey: /pass", rounds=1)
    assert g.over and g.winner == "grey"  # R7: grey still holds the ridge
    g = RidgeGame.new(RidgeOptions(rounds=1), 1)
    for unit in ("G1", "G2", "G3"):
        g.units[unit].area = "farm" if unit != "G1" else "mill"
    g.units["B1"].area = "orchard"
    g.apply("blue", "/move unit:B1 to:ridge")
    g.apply("grey", "/pass")
    g.apply("blue", "/pass")
    assert g.winner == "blue"


def test_r7_a_side_with_no_unit_left_loses_at_once(ridge):
    g = RidgeGame.new(RidgeOptions(), 1)
    for unit in ("G1", "G2"):
        del g.units[unit]
    g.units["G3"].steps = 1
    g.dice.force([6])
    g.apply("blue", "/attack unit:B2 area:wood")
    assert g.over and g.winner == "blue" and g.events[-1].data["why"] == "eliminated"


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 8))
def test_any_game_of_legal_orders_ends_in_time_and_its_script_replays_it(seed, rounds):
    modules.register(MODULE)
    try:
        _play_at_random(seed, rounds)
    finally:
        modules.unregister("ridge")


def _play_at_random(seed: int, rounds: int) -> None:
    rng = random.Random(seed)
    g = RidgeGame.new(RidgeOptions(rounds), seed)
    for _ in range(rounds * 7):  # R3: at most six activations and a pass a round
        if g.over:
            break
        (role,) = g.active()
        g.apply(role, rng.choice(g.legal(role).choices))
    assert g.over
    assert run_lines(g.script().splitlines()).game.dumps() == g.dumps()
    for u in g.units.values():
        assert 1 <= u.steps <= 3 and u.area in ADJACENT


def test_the_picture_is_drawn_from_the_view():
    g = RidgeGame.new(RidgeOptions(), 1)
    assert draw_map(g.view("public"), "en").startswith(b"\x89PNG")


def test_the_bot_player_plays_whole_games():
    for seed in range(5):
        g, rng, bot = RidgeGame.new(RidgeOptions(), seed), random.Random(seed), RidgeBot()
        while not g.over:
            (role,) = g.active()
            g.apply(role, bot.choose(g.view(role), g.legal(role), rng))
        assert g.winner in ("blue", "grey")


# --- the platform ---------------------------------------------------------------------------------------


def who(user: int, channel: int = CH) -> Caller:
    return Caller(user_id=user, channel_id=channel, guild_id=9)


async def test_ridge_plays_through_the_service(ridge, new_store):
    store = await new_store()
    svc = Service(store, pictures=NoPictures(), seed_source=lambda: 5)
    res = await svc.new_game(who(HOST), "rounds=2", game="ridge")
    assert "rounds=2" in res.reply.text and "grey" in res.reply.text
    await svc.join(who(ALICE))
    await svc.join(who(BOB))
    start = await svc.start(who(HOST))
    posts = [m for m in start.outbox if isinstance(m, Post)]
    dms = {m.user_id: m for m in start.outbox if isinstance(m, DM)}
    assert [p.kind for p in posts[0].pictures] == ["map"]
    assert (await svc.draw(posts[0].pictures[0])).startswith(b"\x89PNG")
    assert "/move unit:B1" in dms[ALICE].text  # R3: blue is asked first, with its legal orders
    refused = await svc.order(who(BOB), "/pass")
    assert "R3" in refused.reply.text
    done = await svc.order(who(ALICE), "/move unit:B1 to:orchard")
    assert done.reply.text.startswith("Done") and "B1 moves from ford to orchard" in done.reply.text
    svc2 = Service(store, pictures=NoPictures())  # a restart
    assert await svc2.recover() == []
    for user, order in [(BOB, "/pass"), (ALICE, "/pass"), (ALICE, "/pass"), (BOB, "/pass")]:
        got = await svc2.order(who(user), order)
        assert got.reply.text.startswith("Done"), got.reply.text
    live = await svc2.current(CH, finished=True)
    assert live.row.status == "over" and live.game.winner == "grey"  # R7
    exported = await svc2.export(who(BOB, CH))
    script = exported.reply.file[1].decode()
    assert run_lines(script.splitlines()).game.dumps() == live.game.dumps()
    await svc.idle()
    await svc2.idle()


async def test_a_ridge_bot_seat_plays_the_modules_bot_player(ridge, new_store):
    store = await new_store()
    svc = Service(store, pictures=NoPictures(), seed_source=lambda: 3)
    await svc.new_game(who(HOST), "rounds=2", game="ridge")
    await svc.join(who(ALICE), "blue")
    await svc.join(who(HOST), "grey", bot=True)
    await svc.start(who(HOST))
    for _ in range(20):
        live = await svc.current(CH, finished=True)
        if live.game.over:
            break
        await svc.order(who(ALICE), "/pass")
        await svc.idle()
    assert live.game.over
    assert any(line.startswith("grey: /") for line in live.game.log)  # RidgeBot played grey's turns


async def test_ridge_plays_in_the_console(ridge, tmp_path, monkeypatch):
    monkeypatch.setattr("bot.console.Service", lambda store: Service(store, pictures=NoPictures()))
    lines = "\n".join([":legal", "grey: /pass", "blue: /pass", "/pass", ":status", ""])
    out = io.StringIO()
    status = await run_console(
        str(tmp_path / "c.db"), str(tmp_path / "pics"), "rounds=1", io.StringIO(lines), out=out, game="ridge"
    )
    text = out.getvalue()
    assert status == 0
    assert "/attack unit:B2 area:wood" in text  # :legal lists the module's own orders
    assert "R3" in text  # grey may not act first
    assert "grey wins" in text  # R7
    assert (tmp_path / "pics" / "map-public.png").read_bytes().startswith(b"\x89PNG")


@pytest.fixture
async def ridge_harness(ridge, harness):
    yield harness


async def test_ridge_plays_through_the_discord_harness(ridge_harness):
    h = ridge_harness
    synced = {c["name"]: c for c in h.fake.synced_commands()}
    assert {"move", "attack", "pass"} <= set(synced)
    await h.feed(
        h.slash("game new", {"game": "ridge", "options": "rounds=1"}, user="alice", channel="game-1")
    )
    await h.feed(h.slash("game join", {}, user="alice", channel="game-1"))  # blue
    await h.feed(h.slash("game join", {}, user="bob", channel="game-1"))  # grey
    await h.feed(h.slash("game start", user="alice", channel="game-1"))
    channel = h.world.channel("game-1").id
    assert any(
        a["filename"].startswith("map-") for p in h.fake.messages_in(channel) for a in p["attachments"]
    )
    wrong = await h.feed(h.slash("pass", user="bob", channel="game-1"))
    assert wrong.reply.ephemeral and "R3" in wrong.reply.content
    got = await h.feed(h.slash("attack", {"unit": "B2", "area": "wood"}, user="alice", channel="game-1"))
    assert got.reply.content.startswith("Done"), got.reply.content
    for user in ("bob", "alice", "bob", "alice", "bob"):
        live = next(iter(h.bot.service.live.values()))
        if live.game.over:
            break
        await h.feed(h.slash("pass", user=user, channel="game-1"))
    live = next(iter(h.bot.service.live.values()))
    assert live.row.status == "over"
    said = "\n".join(p.get("content") or "" for p in h.fake.messages_in(channel))
    assert "wins" in said


# --- what a module needs -----------------------------------------------------------------------------------


def test_a_module_needs_its_own_folder_and_the_registry_only():
    """The files Ridge needs are in its folder; nothing outside it (but this test) names it."""
    folder = TESTS / "support" / "games" / "ridge"
    needed = sorted(
        p.relative_to(folder).as_posix()
        for p in folder.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    )
    assert needed == [
        "__init__.py",
        "locale/en/LC_MESSAGES/ridge.po",
        "locale/ja/LC_MESSAGES/ridge.po",
        "picture.py",
        "player.py",
        "rules.py",
    ]
    named = re.compile(r"\bridge\b|games\.ridge|Ridge")
    outside = [
        p.relative_to(ROOT).as_posix()
        for top in ("engine", "data", "renderers", "ai", "bot", "tools", "bench")
        for p in (ROOT / top).rglob("*.py")
        if named.search(p.read_text(encoding="utf-8"))
    ]
    assert outside == []
