"""``Module.passing``: what a passed deadline's ``pass`` plays for a late role is the module's answer, played
through the service's one path; by default ``/end`` when it is legal and nothing otherwise; an answer the
game refuses changes nothing and reaches nobody as a traceback."""

from __future__ import annotations

from typing import Any

import pytest
from support.games import dash as dash_game

from bot.outbox import Post
from bot.pictures import NoPictures
from bot.service import Caller, Service
from engine import modules
from engine.module import Module

CH = 100
HOST, ALICE, BOB = 1, 2, 3


class Lap(dash_game.Dash):
    """Dash whose late runner is given what ``answer`` says (and every question asked is kept)."""

    id = "lap"
    title = "Lap (a test module)"

    def __init__(self) -> None:
        super().__init__()
        self.answer: Any = None
        self.asked: list[str] = []

    def passing(self, game: Any, role: str) -> Any:
        self.asked.append(role)
        return self.answer


@pytest.fixture
def lap():
    module = Lap()
    modules.register(module)
    yield module
    modules.unregister("lap")


def who(user: int) -> Caller:
    return Caller(user_id=user, channel_id=CH, guild_id=9)


async def late_red(store: Any) -> tuple[Any, Any, list[Any]]:
    """A game of Lap, red (Alice) to run, its deadline passed: (before, after, what was sent)."""
    now = [1_000_000.0]
    svc = Service(store, pictures=NoPictures(), seed_source=lambda: 7, clock=lambda: now[0])
    await svc.new_game(who(HOST), "length=9", game="lap", deadline_hours=1, deadline_action="pass")
    await svc.join(who(ALICE), "red")
    await svc.join(who(BOB), "blue")
    await svc.start(who(HOST))
    before = (await svc.current(CH)).game
    now[0] += 2 * 3600
    sent = await svc.tick()
    after = (await svc.current(CH)).game
    await svc.idle()
    return before, after, sent


async def test_the_modules_answer_is_what_is_played(lap, new_store):
    lap.answer = ("/run steps:2", True)  # not Dash's own least (one square): the module's answer wins
    before, after, sent = await late_red(await new_store())
    assert lap.asked == ["red"]
    assert after.log[len(before.log) :] == ["red: /run steps:2"] and after.at["red"] == before.at["red"] + 2
    assert any(isinstance(m, Post) and "deadline passed" in m.text for m in sent)


async def test_an_order_that_does_not_end_the_step_is_followed_while_the_role_is_asked(lap, new_store):
    lap.answer = ("/run steps:1", False)  # a forced order: the loop asks again, and red is no longer asked
    before, after, _ = await late_red(await new_store())
    assert lap.asked == ["red"] and after.log[len(before.log) :] == ["red: /run steps:1"]


@pytest.mark.parametrize("answer", [None, ("/run steps:7", True)])
async def test_no_answer_or_a_refused_one_changes_nothing(lap, new_store, answer):
    lap.answer = answer  # nothing to give; an order the game refuses (D2: 1 or 2 steps)
    before, after, sent = await late_red(await new_store())
    assert after.log == before.log and after.active() == ["red"]
    assert any(isinstance(m, Post) and "deadline passed" in m.text for m in sent)


class Ended:
    """A game whose legal choices are given: the default ``passing`` reads nothing else."""

    def __init__(self, choices: tuple[str, ...]) -> None:
        self.choices = choices

    def legal(self, role: str) -> Any:
        return self


def test_the_default_is_end_when_legal_and_nothing_otherwise():
    default = Module.passing
    assert default(dash_game.MODULE, Ended(("/move x", "/end")), "red") == ("/end", True)
    assert default(dash_game.MODULE, Ended(("/move x",)), "red") is None
