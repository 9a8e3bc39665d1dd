"""Bot players for Liberty (engine/liberty), from a role's view and legal orders only. The random player
plays a random card, moves a few groups (attacks half the time it can), builds now and then, fires more often
than it retreats, and regroups or disbands rarely, so that a game reaches its end; the heuristic player is
the module's bot player. Both read the fields of the order values ``legal()`` offers
(``engine/liberty/orders.py``) and answer with one of them."""

from __future__ import annotations

import random

from engine import Order
from engine.liberty import Legal, View
from engine.liberty import orders as O


class LibertyRandomPlayer:
    def choose(self, view: View, legal: Legal, rng: random.Random) -> Order:
        choices: list[Order] = list(legal.choices)
        if legal.phase == "actions":
            attacks = list(legal.attacks)
            if attacks and rng.random() < 0.5:
                return rng.choice(attacks)
            moves = [c for c in choices if isinstance(c, (O.Move, O.Sea))]
            r = rng.random()
            if O.Build() in choices and r < 0.3:
                return O.Build()
            if moves and r < 0.85:
                return rng.choice(moves)
            return O.End()
        if legal.phase == "battle":
            fire = [c for c in choices if isinstance(c, O.Fire)]
            return rng.choice(fire) if fire and rng.random() < 0.85 else rng.choice(choices)
        if legal.phase in ("regroup", "disband"):
            return O.End() if rng.random() < 0.7 else rng.choice(choices)
        return rng.choice(choices)


class LibertyHeuristicPlayer:
    """A simple heuristic player for Liberty, from its view and legal orders (and the public map data): it
    plays its highest action card (a supply card when blocks are worn), attacks where it outnumbers the
    blocks it sees, takes the other side's supply towns, keeps its own garrisons, heads for towns before the
    winter, fires rather than retreats, and disbands what the winter would take (11.3, 11.4)."""

    def __init__(self) -> None:
        from data.liberty import load_liberty

        self.lib = load_liberty()
        self.values = {t.hex or t.name: t.value for t in self.lib.towns}
        self.colour = {t.hex or t.name: t.colour for t in self.lib.towns}
        self.cards = {c.id: (c.kind, c.value) for c in self.lib.cards}

    def choose(self, view: View, legal: Legal, rng: random.Random) -> Order:
        choices: list[Order] = list(legal.choices)
        side = legal.role
        if legal.phase == "cards":
            return self._card(view, [c for c in choices if isinstance(c, O.Play)])
        if legal.phase == "supply":
            return max(choices, key=lambda c: len(c.text()))  # the most steps (of the longest names)
        if legal.phase == "actions":
            return self._action(view, choices, side, rng)
        if legal.phase == "place":
            return max(choices, key=lambda c: self.values.get(c.to, 0) if isinstance(c, O.Place) else -1)
        if legal.phase == "disband":
            return self._disband(view, choices, side)
        if legal.phase == "battle":
            return O.Fire() if O.Fire() in choices else choices[0]
        if legal.phase in ("regroup", "withdraw"):
            return O.End()  # 7.5: stay; 7.2, G27: the way each block came (the engine's choice)
        if legal.phase in ("attrition", "hit"):
            return choices[0]  # the default first: 11.4 the weakest go, leaders last; 7.32 non-leaders first
        return choices[0]

    def _card(self, view: View, choices: list[O.Play]) -> O.Play:
        worn = sum(
            1 for b in view.blocks if "id" in b and b["side"] == view.role and b["strength"] < b["max"]
        )

        def rank(c: O.Play) -> tuple[int, int]:
            kind, value = self.cards[c.card]
            return (3 + value if worn >= 2 else 0, 0) if kind == "supply" else (value, 1)

        return max(choices, key=rank)

    def _counts(self, view: View, side: str) -> tuple[dict[str, int], dict[str, int]]:
        own: dict[str, int] = {}
        foe: dict[str, int] = {}
        for b in view.blocks:
            (own if b["side"] == side else foe)[b["at"]] = (own if b["side"] == side else foe).get(
                b["at"], 0
            ) + 1
        return own, foe

    def _lost_if_left(self, place: str, side: str) -> int:
        """The victory points a side gives up by leaving a town of the other's colour empty (G16)."""
        colour = self.colour.get(place)
        theirs = colour == ("blue" if side == "british" else "red")
        return self.values.get(place, 0) if theirs else 0

    def _action(self, view: View, choices: list[Order], side: str, rng: random.Random) -> Order:
        own, foe = self._counts(view, side)
        winter = view.turn >= 5
        best: Order = O.End()
        best_score = 0.4
        for c in choices:
            if isinstance(c, O.Build):
                score = 2.5
            elif isinstance(c, (O.Move, O.Sea)):
                units = list(c.units)
                if isinstance(c, O.Move):
                    origin, dest = c.path[0], c.path[-1]
                else:
                    dest = c.to
                    origin = next((b["at"] for b in view.blocks if b.get("id") == units[0]), dest)
                score = self._score(view, side, own, foe, units, origin, dest, winter)
                score -= 1.0 if isinstance(c, O.Move) and c.forced else 0.0
            else:
                continue
            score += rng.random() * 0.3
            if score > best_score:
                best, best_score = c, score
        return best

    def _score(
        self, view: View, side: str, own: dict[str, int], foe: dict[str, int], units: list[str], origin: str,
        dest: str, winter: bool,
    ) -> float:  # fmt: skip
        n = len(units)
        value = self.values.get(dest, 0)
        score = 0.0
        if foe.get(dest, 0):
            mine = n + own.get(dest, 0)
            score += 3 * (mine - foe[dest]) + 2 * value - (8 if mine <= foe[dest] else 0)
        elif view.control.get(dest) != side and value:
            score += 3 * value
        elif dest in self.values:
            score += 0.5
        if own.get(origin, 0) - n <= 0:
            score -= 3 * self._lost_if_left(origin, side)
        if dest == self.lib.atlantic:
            score -= 4 if winter else 1
        if winter:
            score += 3 if origin not in self.values else 0
            score -= 5 if dest not in self.values else 0
        return score

    def _disband(self, view: View, choices: list[Order], side: str) -> Order:
        """11.3 before 11.4: disband a block the winter would capture (a rough capacity: the town's value)."""
        own, _ = self._counts(view, side)
        for c in choices:
            if not isinstance(c, O.Disband):
                continue
            unit = c.units[0]
            at = next((b["at"] for b in view.blocks if b.get("id") == unit), None)
            if at is None:
                continue
            cap = self.values.get(at, 0) + max(
                (b["strength"] for b in view.blocks if b.get("at") == at and b.get("type") == "leader"
                 and b["side"] == side), default=0,
            )  # fmt: skip
            if own.get(at, 0) > cap:
                return c
        return O.End()
