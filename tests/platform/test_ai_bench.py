"""The games' bot benches play through one loop and count in one tally (``ai/bench.py``): a game played out
ends over, past the limit, stuck, or (where the bench asks) crashed with the engine's error named."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from ai.bench import Tally, play_out
from ai.player import PlayStats
from engine.errors import RuleError


@dataclass
class _Legal:
    active: bool = True
    phase: str = "play"
    choices: tuple[str, ...] = ("/step", "/end")


@dataclass
class _Game:
    """A game of ``length`` steps by one role; ``stuck_at``: nobody acts from that step; ``crash_at``: the
    engine fails at that step; ``refuse``: orders the engine refuses (the fallback /end is applied)."""

    length: int = 3
    stuck_at: int | None = None
    crash_at: int | None = None
    refuse: set[str] = field(default_factory=set)
    steps: int = 0

    @property
    def over(self) -> bool:
        return self.steps >= self.length

    def active(self) -> list[str]:
        return [] if self.steps == self.stuck_at else ["one"]

    def view(self, role: str, *, events: bool = True) -> None:
        return None

    def legal(self, role: str) -> _Legal:
        return _Legal()

    def apply(self, role: str, order: Any) -> None:
        if self.steps == self.crash_at:
            raise ZeroDivisionError("the engine's bug")
        if order in self.refuse:
            raise RuleError("not now", "1.0")
        self.steps += 1

    def result(self) -> dict[str, Any] | None:
        return {"winner": "one", "reason": "done"} if self.over else None


class _Stepper:
    def choose(self, game_view: Any, legal: Any, rng: random.Random) -> str:
        return "/step"


def test_a_game_played_out_to_its_end() -> None:
    result, n, secs, cpu, stats = play_out(_Game(), {"one": _Stepper()}, 1, 100)
    assert (result, n, stats.orders, stats.fallbacks) == ({"winner": "one", "reason": "done"}, 3, 3, 0)
    assert secs >= 0 and cpu >= 0


def test_past_the_limit_or_stuck_is_no_win() -> None:
    result, n, *_ = play_out(_Game(length=10), {"one": _Stepper()}, 1, 4)
    assert (result, n) == ({"winner": None, "reason": "limit"}, 4)
    result, n, *_ = play_out(_Game(stuck_at=2), {"one": _Stepper()}, 1, 100)
    assert (result, n) == ({"winner": None, "reason": "stuck"}, 2)


def test_an_engine_error_is_named_where_the_bench_asks_and_raised_otherwise() -> None:
    result, n, _, _, stats = play_out(_Game(crash_at=1), {"one": _Stepper()}, 1, 100, crashes=True)
    assert result == {"winner": None, "reason": "crash ZeroDivisionError: the engine's bug"}
    assert n == 1 and stats.rejected == [("one", "(engine error)", result["reason"])]
    with pytest.raises(ZeroDivisionError):
        play_out(_Game(crash_at=1), {"one": _Stepper()}, 1, 100)


def test_a_refused_order_is_replaced_and_counted() -> None:
    _, n, _, _, stats = play_out(_Game(refuse={"/step"}), {"one": _Stepper()}, 1, 100)
    assert n == 3 and stats.fallbacks == 3 and [r[1] for r in stats.rejected] == ["/step"] * 3


def test_the_tally_counts_and_says_the_refused_orders_in_the_bench_s_word() -> None:
    t = Tally()
    t.add(10, 2.0, 1.0, PlayStats(fallbacks=2), won=True, reason="won:vp")
    t.add(30, 4.0, 3.0, PlayStats(), won=False, reason="lost:vp")
    assert (t.games, t.wins, t.orders, t.fallbacks, t.reasons) == (
        2,
        1,
        [10, 30],
        2,
        {"won:vp": 1, "lost:vp": 1},
    )
    line = t.line("bot")
    assert line.startswith(
        "bot                       1 / 2    ( 50.0 %)  orders/game   20.0  s/game min 2.00"
    )
    assert line.endswith("fallbacks 2  by {'lost:vp': 1, 'won:vp': 1}")

    class Refused(Tally):
        REFUSED = "refused"

    assert Refused(fallbacks=1).line("x").endswith("refused 1  by {}")
