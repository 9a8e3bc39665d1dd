"""What the fuzzer (``tools/fuzz.py``) does to play a game faster checks what it checked before: a game's
``legal`` and ``view`` are answered once per state (``_Moment``) and are the game's own answers; a secret
told, a broken invariant and a twin that plays on differently are still found; a seed plays the same game."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.liberty.module import MODULE
from tools import fuzz


def _counted(game: Any) -> dict[str, int]:
    """Counts the game's own ``legal`` and ``view`` calls (wrapped before the fuzzer's answers are)."""
    calls = {"legal": 0, "view": 0}
    legal, view = game.legal, game.view

    def legal_counted(role: str) -> Any:
        calls["legal"] += 1
        return legal(role)

    def view_counted(role: str = "public", *, events: bool = True) -> Any:
        calls["view"] += 1
        return view(role, events=events)

    game.legal, game.view = legal_counted, view_counted
    return calls


def test_a_games_questions_are_answered_once_per_state_and_every_order_forgets_them():
    game = MODULE.new_game(MODULE.make_options(MODULE.defaults()), 4)
    calls = _counted(game)
    fuzz._Moment.hold(game)
    rng = random.Random(4)
    for _ in range(40):
        role = game.active()[0]
        first = game.legal(role)
        assert game.legal(role) is first and calls["legal"] == 1  # asked again: the same answer
        seen = game.view(role, events=False)
        assert game.view(role, events=False) is seen and calls["view"] == 1
        assert game.view(role) is not seen and calls["view"] == 2  # the events asked for: another question
        # the answers are the game's own of this state: a copy loaded from its snapshot gives the same
        fresh = MODULE.loads(game.dumps())
        assert [str(c) for c in first.choices] == [str(c) for c in fresh.legal(role).choices]
        assert seen == fresh.view(role, events=False)
        game.apply(role, str(rng.choice(list(first.choices))))
        calls["legal"] = calls["view"] = 0
    assert not game.over


def test_a_refused_order_forgets_the_answers_too():
    game = MODULE.new_game(MODULE.make_options(MODULE.defaults()), 4)
    calls = _counted(game)
    fuzz._Moment.hold(game)
    role = game.active()[0]
    game.legal(role)
    with pytest.raises(Exception):  # noqa: B017 (whatever the game refuses it with)
        game.apply(role, "/no-such-order")
    game.legal(role)
    assert calls["legal"] == 2


def test_a_secret_told_is_still_found_in_a_game_the_fuzzer_plays_in_place(monkeypatch):
    """The scan after each order of ``fuzz.play`` (the game applied in place, its answers kept for the
    state): a headline made from the side's own prompt names its drawn blocks to the public (as it once
    did)."""
    import bot.service.broadcast as broadcast
    from bot.narrate import TEXT

    def private(game: Any, role: str, lang: str, module: Any) -> str:
        return module.prompt(game, role, lang, TEXT, examples=False)

    monkeypatch.setattr(broadcast, "headline", private)
    with pytest.raises(fuzz.Failure, match="a secret told"):
        fuzz.play(MODULE, 0, MODULE.make_options(MODULE.defaults()), secrecy=True)


def test_a_broken_invariant_still_fails_the_game_once_the_answers_are_kept():
    """An invariant that reads the game's ``legal`` (kept for the state) breaks at the order it breaks at."""
    seen: list[int] = []

    def never_more_than_ten(game: Any) -> None:
        seen.append(len(game.legal(game.active()[0]).choices) if game.active() else 0)
        assert len(game.log) < 10, "ten orders"

    class Broken(type(MODULE)):
        fuzz_invariants = (never_more_than_ten,)

    with pytest.raises(fuzz.Failure, match="ten orders") as failed:
        fuzz.play(Broken(), 7, MODULE.make_options(MODULE.defaults()))
    assert len(seen) == 10 and "FAILED after the last order above" in failed.value.script


def test_a_twin_that_plays_on_differently_is_still_caught():
    """The twin saved and loaded every few orders: a load that loses the last order logged is found at the
    first comparison (its snapshot, made once, both compared and loaded)."""

    class Forgetful(type(MODULE)):
        def loads(self, snapshot: str) -> Any:
            d = json.loads(snapshot)
            d["log"] = d["log"][:-1]
            return super().loads(json.dumps(d))

    with pytest.raises(fuzz.Failure, match="saved and loaded plays on differently"):
        fuzz.play(Forgetful(), 3, MODULE.make_options(MODULE.defaults()))


@pytest.mark.parametrize("seed", [5, 6])
def test_a_seed_plays_the_same_game_with_the_answers_kept_as_without(monkeypatch, seed):
    """Random orders and the bot (seed 5: the bot as the British), the scan and the pictures: the same orders,
    result and counts whether ``legal`` and ``view`` are asked once per state or each time."""
    options = MODULE.make_options(MODULE.defaults())
    mode = ("random", "bot-british")[seed % 2]

    def run() -> tuple[Any, ...]:
        sampler = fuzz._sampler(MODULE, seed, fuzz.PICTURES)
        r = fuzz.play(MODULE, seed, options, mode=mode, secrecy=True, pictures=sampler)
        assert sampler is not None
        return r.orders, r.result, r.reason, r.kinds, r.counts, sampler.states, sampler.pictures

    kept = run()
    monkeypatch.setattr(fuzz._Moment, "hold", classmethod(lambda cls, game: None))
    assert run() == kept
