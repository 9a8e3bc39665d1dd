"""``python -m tools.fuzz_module`` (issue 6/6 item 6): the fuzzer of any game module plays whole games with
the module's invariants after every order, and reports a broken one with the game's seed."""

from __future__ import annotations

import dataclasses
import json

import pytest

from engine import modules
from engine.liberty.module import MODULE
from tools import fuzz_module


def test_liberty_games_by_random_orders_and_by_its_bot_end_with_every_invariant_kept(capsys):
    assert fuzz_module.main(["liberty", "--games", "3", "--seed", "40"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["games"] == 3 and out["failures"] == 0 and out["orders"] > 30
    assert sum(sum(r.values()) for r in out["results"].values()) == 3
    modules.unregister("liberty")


def test_a_broken_invariant_is_reported_with_the_games_seed():
    def never(game: object) -> None:
        raise AssertionError("a block off the board")

    broken = dataclasses.replace(MODULE, fuzz_invariants=(never,))
    with pytest.raises(AssertionError, match="a block off the board"):
        fuzz_module.play(broken, 7, "random", 5000)
