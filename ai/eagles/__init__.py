"""Eagles of the Empire's bot players, deciding from the role's view and legal orders only (open information):
a simple player that fights whenever the rules let it, otherwise moves towards the objectives it does not hold
(facts 9), and a random player. Not the tuned bot player of the game (its calibration is still to come)."""

from __future__ import annotations

import random

from data.eagles import load_eagles
from engine import Choice
from engine.eagles.legal import Legal
from engine.eagles.views import View

FIGHTS = ("charge", "bombard", "assault")


def _to(c: Choice) -> str:
    return str(getattr(c, "to", ""))


def _kind(c: Choice) -> str:
    return str(getattr(c, "kind", "") or str(c).split()[0].lstrip("/"))


class EaglesPlayer:
    """Fights first (10, 12, 14); moves a piece towards the nearest objective the enemy holds, a few moves an
    activation; never releases the Guard (facts 7.3); activates as many formations as the roll allows."""

    def __init__(self) -> None:
        self._moves: dict[tuple[int, int], int] = {}
        board = load_eagles()
        self._board = board
        self._objectives = {o.area: o.vp for o in board.scenario("quatre-bras").victory.objectives}

    def choose(self, game_view: View, legal: Legal, rng: random.Random | None) -> Choice:
        rng = rng or random.Random(0)
        choices: list[Choice] = list(legal.choices)
        kinds = {c: _kind(c) for c in choices}
        fights = [c for c in choices if kinds[c] in FIGHTS]
        if fights:
            return fights[0]
        if legal.phase == "first":
            return next((c for c in choices if str(c).endswith(legal.role)), choices[0])
        if legal.phase in ("roll", "activate", "enter"):
            return next((c for c in choices if kinds[c] != "release"), choices[0])
        moves = [c for c in choices if kinds[c] == "move"]
        key = (game_view.turn, len(game_view.events))
        count = sum(n for (turn, _), n in self._moves.items() if turn == game_view.turn)
        if moves and count < 12:
            best = min(moves, key=lambda c: (self._distance(game_view, legal.role, _to(c)), rng.random()))
            self._moves[key] = self._moves.get(key, 0) + 1
            return best
        done = [c for c in choices if kinds[c] == "done"]
        return done[0] if done else rng.choice(choices)

    def _distance(self, view: View, role: str, area: str) -> int:
        targets = [a for a in self._objectives if view.holders.get(a) != role] or list(self._objectives)
        return min(self._board.distance(area, t) if area != t else 0 for t in targets)


class EaglesRandomPlayer:
    """Any legal order, the end of an action phase one time in six."""

    def choose(self, game_view: View, legal: Legal, rng: random.Random | None) -> Choice:
        rng = rng or random.Random(0)
        choices: list[Choice] = list(legal.choices)
        others = [c for c in choices if _kind(c) != "done"]
        if others and rng.random() > 1 / 6:
            return rng.choice(others)
        return rng.choice(choices)
