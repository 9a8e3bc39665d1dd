"""Liberty's phases the seeded games rarely reach — a hit among equals (7.32), a withdrawal (7.2) and the
winter's attrition (11.4) — played in the fake Discord: the channel's ping says what the side is asked from
the public view alone, and no message in the channel names a word of the game the public may not know."""

from __future__ import annotations

import random
from typing import Any

import pytest
from support.discord_fake import Upload
from support.harness import Blank, bot_harness

from bot.narrate import TEXT
from bot.service.prompts import prompt
from engine import modules
from tools.secrecy import said, words

LIBERTY = modules.get("liberty")


def _moving(seed: int, phase: str) -> str:
    """The script of a seeded game of random orders, moves preferred (battles come of them), up to the
    moment it first reaches ``phase``."""
    g = LIBERTY.new_game(LIBERTY.make_options(LIBERTY.defaults()), seed)
    rng = random.Random(seed)
    for _ in range(200):
        if g.state.phase == phase:
            return str(g.script())
        role = rng.choice(g.active())
        choices = [str(c) for c in g.legal(role).choices]
        moves = [c for c in choices if c.startswith("/move")]
        g.apply(
            role,
            rng.choice(
                moves if moves and rng.random() < 0.7 else [c for c in choices if c != "/end"] or choices
            ),
        )
    raise AssertionError(f"seed {seed} did not reach {phase}")


def _winter() -> str:
    """Five British blocks in Boston (its supply 3, 11.4) and every side ending what it may: the winter's
    attrition of 1775, the British to choose which blocks it takes."""
    g = LIBERTY.new_game(LIBERTY.make_options(LIBERTY.defaults()), 0)
    for u in ("BR-2", "BR-3", "BR-5", "HE-1", "HE-2"):
        g.directive("place", f"{u} Boston")
    for _ in range(200):
        if g.state.phase == "attrition":
            return str(g.script())
        role = g.active()[0]
        choices = [str(c) for c in g.legal(role).choices]
        g.apply(role, "/end" if "/end" in choices else choices[0])
    raise AssertionError("no attrition")


SCRIPTS = {
    "hit": lambda: _moving(36, "hit"),  # 7.32: a hit among equally strong blocks, their owner's choice
    "withdraw": lambda: _moving(196, "withdraw"),  # 7.2: a block's way out, its owner's choice
    "attrition": _winter,  # 11.4: which blocks the winter takes, their owner's choice
}


@pytest.fixture
async def h(tmp_path):
    async with bot_harness(tmp_path, Blank()) as harness:
        yield harness


@pytest.mark.parametrize("phase", list(SCRIPTS))
async def test_the_ping_of_a_rare_phase_names_nothing_the_public_view_lacks(h, phase):
    script = SCRIPTS[phase]()
    await h.feed(h.slash("game new", {"game": "liberty"}, user="alice", channel="game-1"))
    d = await h.feed(
        h.slash(
            "game import",
            {"script": Upload(f"{phase}.txt", script.encode()), "keep_dice": True},
            user="alice",
            channel="game-1",
        )
    )
    assert "Imported" in d.reply.content, d.reply.content
    await h.feed(h.slash("game join", {"role": "british"}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {"role": "american"}, user="bob", channel="game-1"))
    await h.feed(h.slash("game start", user="alice", channel="game-1"))
    game: Any = next(iter(h.bot.service.live.values())).game
    assert game.state.phase == phase
    side = game.active()[0]
    # what the public may know: its view and the public part of every event; any other word of the game
    # (a role's view, an event's secret part) is not for the channel
    public = words(game.view("public", events=False))
    for e in game.events:
        words(e.visible("public"), public)
    secret = words(game.view("british", events=False)) | words(game.view("american", events=False))
    for e in game.events:
        words(e.secret, secret)
    assert secret - public  # there is something to keep
    posts = [m.get("content") or "" for m in h.fake.messages_in(h.world.channel("game-1").id)]
    for text in posts:
        assert not said(text, secret - public), (phase, said(text, secret - public), text)
    head = LIBERTY.headline(game, side, "en", TEXT)
    assert head and any(head in p for p in posts), head  # the side's task said to all, from the public view
    # the side itself is asked in its DM, with what only it may know (its own prompt)
    user = h.world.user({"british": "alice", "american": "bob"}[side])
    asked = prompt(game, side, "en", LIBERTY)
    assert any(asked in (m.get("content") or "") for m in h.fake.dms_to(user)), asked
