"""Whole games of Eagles of the Empire's Quatre Bras (16 June 1815, 8 turns 14:00-21:00) to their end (the
last turn's victory points, or the game's sudden end): through the real discord.py against the fake Discord
API (tests/support/discord_fake.py), every order a slash command of the seat's player, the channel told each
change and each roll with its purpose (open information: every roll is public, 4.0); in the console, every
order typed as ``ROLE: /order``; and the module's bot players on both seats through the service."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from support.harness import Blank, bot_harness
from support.whole import bots_play, channel_text, live_game, open_game, random_game, slash_games

from engine import modules

MODULE = modules.get("eagles")
ROOT = Path(__file__).resolve().parents[2]
CH = 740


@pytest.fixture
async def h(tmp_path):
    async with bot_harness(tmp_path, Blank()) as harness:
        yield harness


BODY = 12  # the lines a change posts in the channel (bot/service/broadcast.py: the last 12)


def describe(e: Any, game: Any) -> str | None:
    return MODULE.narrate(e.visible("public"), "en", game.options, None)


async def test_a_whole_quatre_bras_plays_through_discord(h):
    """Every order a slash command of the seat's player (the fuzzer's random legal orders, so that every
    segment comes up); open information (4.0), so the channel must show every change: each event's line,
    each roll with its purpose and result (``Dice for activation: 3.``); the result is posted (facts 9)."""
    name = {"french": "alice", "allies": "bob"}
    h.bot.service.seed_source = lambda: 7  # the same game every run: its dice come from this seed
    await open_game(h, "eagles", name)
    channel = h.world.channel("game-1").id
    live = live_game(h)
    _, since = channel_text(h, channel, 0)
    orders, kinds, rolls, cut = 0, set(), 0, 0
    purposes: dict[str, str] = {}  # purpose -> the words the channel gives it
    async for played in slash_games(h, MODULE, random.Random(2), name):
        order, before, live = played.order, played.before, played.live
        kinds.add(played.command)
        orders += 1
        game = live.game
        texts, since = channel_text(h, channel, since)
        told = "\n".join(texts)
        lines = [(e, line) for e in game.events[before:] if (line := describe(e, game))]
        for e, line in lines[-BODY:]:
            assert line in told, (order, e.kind, line, told)
        if len(lines) > BODY:  # the lines a post leaves out are one /game log away, in the channel's game
            cut += sum(e.kind == "dice" for e, _ in lines[:-BODY])
            # said in the post, not lost
            assert f"{len(lines) - BODY} earlier lines of this change: /game log" in told, told
            log = await h.feed(
                h.slash("game log", {"last": len(lines)}, user=name[played.role], channel="game-1")
            )
            for _, line in lines:
                assert line in log.said.content, (order, line, log.said.content)
        for e, line in lines:
            if e.kind == "dice":  # the roll, its result and its purpose (each purpose said its own way)
                rolls += 1
                assert " ".join(map(str, e.data["dice"])) in line, (e.data, line)
                lead = line.split(":")[0]
                assert purposes.setdefault(e.data["for"], lead) == lead, (e.data, line)
    assert live.game.over and live.row.status == "over", orders
    assert cut < rolls // 10, (cut, rolls)  # the end of a turn, its recoveries' rolls (15.x)
    assert rolls > 50 and {"roll", "activate", "move", "done"} <= kinds, (rolls, kinds)
    result = live.game.result()
    said_all = "\n".join(p.get("content") or "" for p in h.fake.messages_in(channel))
    assert len(set(purposes.values())) == len(purposes) >= 4, purposes
    winner = {"french": "the French", "allies": "the Allies", "draw": "a draw"}[result["winner"]]
    assert f"Game over**: Over: {winner}" in said_all, said_all[-1500:]


async def test_bot_players_play_a_whole_quatre_bras_through_the_service(new_store):
    """The host seats the module's bot player on both sides; the service plays the seats in the background
    until the game ends (facts 9: after the last turn, 21:00), every order stored without a user."""
    _, rows = await bots_play(await new_store(), "eagles", ("french", "allies"), channel=CH, seed=21)
    texts = {r.text.split(" ")[0] for r in rows}
    assert {"/roll", "/activate", "/move", "/done"} <= texts, texts


CONSOLE = """
import sys
import bot.console
from bot.pictures import NoPictures
from bot.service import Service
bot.console.Service = lambda store: Service(store, pictures=NoPictures(), seed_source=lambda: {seed})
from bot.__main__ import main
sys.exit(main(["console", "--game", "eagles", "--database", {db!r}]))
"""  # the console as ``estafette console --game eagles`` runs it, its game's dice seed fixed


def test_a_whole_quatre_bras_plays_in_the_console(tmp_path):
    """``estafette console --game eagles`` in its own process, every order typed on its input as ``ROLE:
    /order`` (the game's dice seed fixed, so the same dice as the game played here), to the result after the
    last turn (facts 9)."""
    seed = 5
    game = random_game(MODULE, MODULE.make_options({}), seed)
    code = CONSOLE.format(seed=seed, db=str(tmp_path / "c.db"))
    done = subprocess.run(
        [sys.executable, "-c", code],
        input="\n".join([*game.log, ":status", ""]),
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "ESTAFETTE_PICTURES": str(tmp_path / "pictures")},
        timeout=600,
    )
    text = done.stdout + done.stderr
    assert done.returncode == 0, text[-2000:]
    assert "Traceback" not in text and "Not accepted" not in text, text[-2000:]
    winner = "the French" if game.result()["winner"] == "french" else "the Allies"
    assert f"The game is over: {winner}" in text, text[-2000:]


async def test_orders_queued_ahead_through_discord_are_kept_from_the_channel_until_played(h):
    """The one thing a side keeps to itself (queued orders, docs/rulings.md "queued orders"): given as a slash
    command while the other side must act, its orders are not in the channel (only the sealed commitment);
    once that side's turn comes the queue plays and the channel tells its orders' events, the roll among
    them (8.1)."""
    name = {"french": "alice", "allies": "bob"}
    await open_game(h, "eagles", name)
    channel = h.world.channel("game-1").id
    live = live_game(h)
    chooser = str(live.game.state.chooser)
    waiting = "allies" if chooser == "french" else "french"
    formation = {"french": "foy", "allies": "perponcher"}[waiting]
    _, since = channel_text(h, channel, 0)
    queue = f"/roll; /activate formations:{formation}"
    got = await h.feed(h.slash("queue", {"orders": queue}, user=name[waiting], channel="game-1"))
    assert got.said.content.startswith("Done"), got.said.content
    texts, since = channel_text(h, channel, since)
    told = "\n".join(texts)
    assert f"formations:{formation}" not in told and "/roll" not in told, told
    before = len(live.game.events)
    got = await h.feed(h.slash("first", {"side": waiting}, user=name[chooser], channel="game-1"))
    assert got.said.content.startswith("Done"), got.said.content
    live = live_game(h)
    texts, since = channel_text(h, channel, since)
    told = "\n".join(texts)
    new = live.game.events[before:]
    rolls = [e for e in new if e.kind == "dice" and e.data["for"] == "activation"]
    assert rolls and rolls[0].data["side"] == waiting  # the queue's /roll, played at once
    for e in new:
        line = describe(e, live.game)
        if line and e.kind != "queue-cancelled":  # a cancelled queue is told to its side alone
            assert line in told, (line, told)
