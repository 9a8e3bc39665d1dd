"""``legal()``'s answers kept by the state's whole content (``engine.gamebase.KeptAnswers``), checked the same
way for every game that keeps them: over the states of random games the kept answer is the one worked out
anew, asked again it is the one kept, and a game saved and loaded gives it (``check_state`` along
``states``); and after every order, after a refused order (nothing worked out again), in a copy (the same
answers) and after a field written in place from outside (a new state, worked out again:
``check_orders_refusals_and_fields``). A key that left something out would give a stale answer, and each
check fails on it."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import pytest

from engine.errors import RuleError
from tools.fuzz import pick

Fresh = Callable[[Any, str], Any]  # (the game's ctx, role) -> the answer worked out anew, nothing kept
Write = Callable[[Any, dict[str, Any]], str | None]  # (the game, its kept answers) -> the role it changed


def texts(lg: Any) -> list[str]:
    return [o.text() for o in lg.choices]


def named(lg: Any, command: str = "/") -> set[str]:
    """Every word the answer's orders starting with ``command`` give (the pieces and places they name)."""
    return {w for t in texts(lg) if t.startswith(command) for w in re.split(r"[\s:,>]+", t)}


def states(module: Any, game: Any, rng: random.Random, every: int, most: int) -> Iterator[Any]:
    """``game`` played on by the fuzzer's random player, at most ``most`` orders: yielded before every
    ``every``-th order (the first included) and at its last state."""
    budget: dict[str, int] = {}
    for n in range(most):
        if game.over:
            break
        if n % every == 0:
            yield game
        play_one(module, rng, game, budget)
    yield game


def play_one(module: Any, rng: random.Random, game: Any, budget: dict[str, int]) -> None:
    """One order of the fuzzer's random player, for a side asked at random."""
    role = rng.choice(game.active())
    order = pick(module, rng, game, role, budget)
    assert order is not None, role
    game.apply(role, order)


def check_state(game: Any, sides: tuple[str, ...], fresh: Fresh) -> None:
    """Each side's kept answer is the fresh one (its orders and their texts); asked again, it is the one kept;
    the game saved and loaded gives the same."""
    again = type(game).loads(game.dumps())
    for role in sides:
        kept = game.legal(role)
        new = fresh(game.ctx, role)
        assert kept == new and texts(kept) == texts(new), (role, game.state.phase)
        assert game.legal(role) is kept  # asked again of the same state: the kept answer
        assert again.legal(role) == new and texts(again.legal(role)) == texts(new), role


@dataclass(frozen=True)
class Keeping:
    """A game that keeps ``legal()``'s answers: its module, its ``legal`` rules (whose ``_legal`` works an
    answer out anew and is counted here), its sides and an order its rules refuse of a side not asked."""

    module: Any
    rules: ModuleType
    sides: tuple[str, ...]
    idle_order: str

    def counted(self, monkeypatch: pytest.MonkeyPatch) -> list[str]:
        """Every answer worked out anew from now on, by role."""
        calls: list[str] = []
        real = self.rules._legal

        def counting(ctx: Any, role: str) -> Any:
            calls.append(role)
            return real(ctx, role)

        monkeypatch.setattr(self.rules, "_legal", counting)
        return calls


def check_orders_refusals_and_fields(
    keeping: Keeping,
    monkeypatch: pytest.MonkeyPatch,
    fresh: Fresh,
    write: Write,
    *,
    seed: int,
    orders: int,
    refused: str | None = None,
) -> Any:
    """A game of ``seed`` played by the fuzzer's random player, ``orders`` orders and on to a state where
    ``write`` finds what to write. At each state each side's kept answer is the fresh one, and asked again
    it is not worked out again; a side not asked is refused ``keeping.idle_order`` (and, if given, each side
    asked is refused ``refused``): the same state, the same answer, not worked out again. Then a copy shares
    the kept answers, a game loaded gives them, and ``write`` (a field written in place from outside, given
    the answers kept; it returns the role whose answer it changes, or None where it finds nothing to write)
    makes a new state, whose answer is worked out anew, is the fresh one and is not the one kept. Returns
    the game as ``write`` left it."""
    module, sides = keeping.module, keeping.sides
    calls = keeping.counted(monkeypatch)
    rng = random.Random(seed)
    g = module.new_game(module.make_options(module.defaults()), seed)
    budget: dict[str, int] = {}
    for played in range(orders + MORE):
        assert not g.over, "no state for the field written"
        for role in sides:
            kept = g.legal(role)
            assert g.legal(role) is kept  # asked again of the same state: not worked out again
            assert kept == fresh(g.ctx, role)
        idle = [r for r in sides if r not in g.active()]
        if idle:  # a refused order changes nothing: the kept answer still holds, and is not made again
            n = len(calls)
            with pytest.raises(RuleError):
                g.apply(idle[0], keeping.idle_order)
            g.legal(idle[0])
            assert len(calls) == n
        for role in g.active() if refused is not None else ():
            with pytest.raises(RuleError):  # the side to act, refused: the same state, the same answer
                g.apply(role, refused)
            assert g.legal(role) == fresh(g.ctx, role)
        if played >= orders and _copied_loaded_written(keeping, g, calls, fresh, write):
            return g
        play_one(module, rng, g, budget)
    raise AssertionError(f"no state for the field written in {orders + MORE} orders")


MORE = 200  # orders played on, at most, to a state where ``write`` finds what to write


def _copied_loaded_written(keeping: Keeping, g: Any, calls: list[str], fresh: Fresh, write: Write) -> bool:
    """A copy shares the kept answers, a game loaded gives them; ``write`` (False where it finds nothing to
    write in this state) makes a new state, whose answer is worked out anew, fresh, and not the one kept."""
    sides = keeping.sides
    kept = {role: g.legal(role) for role in sides}
    copy_ = keeping.module.copy(g)  # a copy shares the kept answers (the same state)
    n = len(calls)
    for role in sides:
        assert copy_.legal(role) is kept[role]
    assert len(calls) == n
    for role in sides:
        assert keeping.module.loads(g.dumps()).legal(role) == kept[role]
    role = write(g, kept)  # in place, from outside: a new state, a new answer
    if role is None:
        return False
    assert g.legal(role) == fresh(g.ctx, role) and len(calls) > n
    assert g.legal(role) != kept[role]
    return True
