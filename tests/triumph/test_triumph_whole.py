"""Whole games of Napoleon's Triumph, each scenario (2 December; 1-2 December with the night, 14) to its end
(16: the last round, or an army demoralised, 13): through the real discord.py against the fake Discord API
(tests/support/discord_fake.py), every order a slash command, nothing in the channel that the public may not
know; the module's bot players on both seats through the service; and the 2 December game in the console
(1-2 December's: tests/triumph/test_triumph_play.py)."""

from __future__ import annotations

import random

import pytest
from support.harness import Blank, bot_harness
from support.whole import bots_play, channel_text, in_console, live_game, open_game, random_game, slash_games

from engine import modules
from tools.secrecy import said, told, words

MODULE = modules.get("triumph")
CH = 710


@pytest.fixture
async def h(tmp_path):
    async with bot_harness(tmp_path, Blank()) as harness:
        yield harness


@pytest.mark.parametrize(("scenario", "seed"), [("2dec", 11), ("1dec", 12)])
async def test_a_whole_game_of_each_scenario_plays_through_discord(h, scenario, seed):
    """Every order, the sealed ones too (11.2-11.5: ``/defend``, ``/feint``, ``/press``, ``/lead``), a slash
    command of the seat's player; each post in the channel is checked against what the public may know (its
    view before and after, the public parts of the events: G5-G8); the result is posted (16)."""
    name = {"allies": "alice", "french": "bob"}
    made = await open_game(h, "triumph", name, {"options": f"scenario={scenario}"})
    assert not made.reply.ephemeral, made.reply.content
    channel = h.world.channel("game-1").id
    live = live_game(h)
    assert live.game.options.scenario == scenario
    memo: dict = {}  # the words of the parts of views already walked (tools/secrecy.py)
    seen = words(live.game.view("public", events=False), memo=memo)
    public: set[str] = set()
    for e in live.game.events:
        told(e.visible("public"), public)
    _, since = channel_text(h, channel, 0)
    orders, kinds, nights, guarded = 0, set(), 0, 0
    async for played in slash_games(h, MODULE, random.Random(seed), name):
        order, before, live = played.order, played.before, played.live
        kinds.add(played.command)
        orders += 1
        game = live.game
        # what the public may know: its view before and after, and what the events told it
        now = words(game.view("public", events=False), memo=memo)
        new = game.events[before:]
        for e in new:
            told(e.visible("public"), public)
        lawful = seen | now | public
        secret: set[str] = set()
        for e in new:
            if e.secret:
                words(e.secret, secret)
        for side in ("allies", "french"):
            words(game.view(side, events=False), secret, memo)
        texts, since = channel_text(h, channel, since)
        guarded += bool(texts and secret - lawful)  # faces and sealed choices the public may not know
        for text in texts:
            assert not said(text, secret - lawful), (order, text)
        seen = now
        nights += "night" in "\n".join(texts).lower()
    assert live.game.over and live.row.status == "over", orders
    assert guarded > orders // 2, (guarded, orders)
    assert {"attack", "end"} <= kinds and kinds & {"defend", "give-ground"}, kinds
    result = live.game.result()
    said_all = "\n".join(p.get("content") or "" for p in h.fake.messages_in(channel))
    winner = "the Allies win" if result["winner"] == "allies" else "the French win"
    assert winner in said_all, said_all[-1500:]
    if scenario == "1dec" and result["reason"] != "demoralised":
        assert nights  # 14: the night round is told in the channel


@pytest.mark.parametrize("scenario", ["2dec", "1dec"])
async def test_bot_players_play_a_whole_game_of_each_scenario_through_the_service(new_store, scenario):
    """The host seats the module's bot player on both sides; the service plays the seats in the background
    until the game ends (16), every order stored without a user."""
    store = await new_store()
    live, rows = await bots_play(store, "triumph", ("allies", "french"), f"scenario={scenario}", channel=CH)
    assert live.game.options.scenario == scenario
    assert any(r.text.startswith("/attack") for r in rows)


async def test_a_whole_game_of_2_december_plays_in_the_console(tmp_path, monkeypatch):
    """The console game of the 2 December scenario (1-2 December: tests/triumph/test_triumph_play.py), every
    order typed as ``ROLE: /order``, to the result (16, or 13 an army demoralised)."""
    seed = 9
    game = random_game(MODULE, MODULE.make_options({"scenario": "2dec"}), seed)
    lines = [*game.log, ":status"]
    status, text = await in_console(monkeypatch, tmp_path, "triumph", "scenario=2dec", lines, seed)
    assert status == 0 and "Traceback" not in text and "Not accepted" not in text
    winner = "the Allies win" if game.result()["winner"] == "allies" else "the French win"
    assert winner in text, text[-2000:]
