"""Eagles of the Empire's bot players, from a role's view and legal orders only (``docs/ai.md``).

``EaglesPlayer`` scores every legal order with a cheap evaluation (``plan.py``, ``fight.py``; no search) and
plays the action phase's segments in their order (8.2): a charge worth making (10), a bombardment (12, before
the assault it softens), the moves that gain the most (13), facings towards the enemy (13.9), a square
against cavalry or a reverse slope against guns for infantry that stays (17.0), an assault worth making
(14), then ``/done``; a deployed short counter goes back into its division (11.3). It brings its arrivals on
at once (6.0), tries first when it may choose (7.0), declares a grand charge in place of the activation roll
when it is worth more (10.8), names the most pressing formations (8.1) and keeps the Guard light cavalry
(facts 7.3).
``EaglesRandomPlayer`` is the baseline: a uniformly random legal order."""

from __future__ import annotations

import random
from typing import Any, Protocol

from engine import Order
from engine.eagles import orders as O

from . import fight
from .knowledge import Seen, board, read
from .plan import Aims, aims, best_facing, formation_urgency, move_gain

SEGMENTS = ("charge", "assign", "bombard", "move", "assault")
KIND_SEGMENT = {
    "charge": "charge",
    "assign": "assign",
    "attach": "assign",
    "detach": "assign",
    "bombard": "bombard",
    "move": "move",
    "face": "move",
    "assault": "assault",
    "split": "assign",
    "reabsorb": "assign",
    "form-square": "move",
    "reverse-slope": "move",
    "line": "move",
}
GAIN = 0.25  # a move must gain this much to be made
FIGHT = 0.3  # a charge or an assault must be worth this much


class EaglesLegal(Protocol):
    """What the bot reads of ``game.legal(role)`` (``engine.eagles.legal.Legal``)."""

    @property
    def role(self) -> str: ...
    @property
    def step(self) -> str: ...
    @property
    def active(self) -> bool: ...
    @property
    def choices(self) -> tuple[Order, ...]: ...


class EaglesPlayer:
    """The module's bot player for either side. It keeps nothing from one order to the next: it may be made
    afresh at any moment, and decides from the view, the legal orders and nothing else (not even ``rng``:
    its ties are broken by the orders' text)."""

    def __init__(self) -> None:
        self.board = board()

    def choose(self, game_view: Any, legal: EaglesLegal, rng: random.Random) -> Order:
        choices = list(legal.choices)
        if len(choices) == 1:
            return choices[0]
        step = legal.step
        if step == "enter":
            return next((c for c in choices if isinstance(c, O.Enter) and not c.delay), choices[0])
        if step == "first":
            return next((c for c in choices if isinstance(c, O.First) and c.side == legal.role), choices[0])
        if step == "roll":
            roll = next((c for c in choices if isinstance(c, O.Roll)), choices[0])
            grand = [c for c in choices if isinstance(c, O.Charge) and c.grand]
            if not grand:
                return roll
            return _grand(read(game_view, self.board), legal.role, grand) or roll
        seen = read(game_view, self.board)
        m = aims(self.board, seen)
        if step == "activate":
            return _activate(m, choices)
        if step in SEGMENTS:
            return _action(m, seen, step, choices)
        others = [c for c in choices if not isinstance(c, O.Release)]
        return (others or choices)[0]


def _grand(seen: Seen, side: str, orders: list[O.Charge]) -> Order | None:
    """10.8: the grand charge worth more than the activation roll it replaces (``fight.grand``), if any;
    it continues after a success (the ground it takes is worth more than the way back)."""
    b = board()
    scored: list[tuple[float, str, Order]] = [
        (fight.grand(b, seen, side, c.grand, c.start, c.target), c.text(), c)
        for c in orders
        if c.then != "return"
    ]
    return _best(scored, 0.0)


def _activate(m: Aims, choices: list[Order]) -> Order:
    """8.1: as many formations as the roll allows, the most pressing first."""
    acts = [c for c in choices if isinstance(c, O.Activate)]
    if not acts:
        others = [c for c in choices if not isinstance(c, O.Release)]
        return (others or choices)[0]
    most = max(len(c.formations) for c in acts)
    urgency = {f: formation_urgency(m, f) for c in acts for f in c.formations}
    best = max(
        (c for c in acts if len(c.formations) == most),
        key=lambda c: (sum(urgency[f] for f in c.formations), c.text()),
    )
    return best


def _action(m: Aims, seen: Seen, step: str, choices: list[Order]) -> Order:
    """8.2: the segments in order; in each the best order worth giving, else on to the next; ``/done`` when
    nothing is left worth doing."""
    done = next((c for c in choices if isinstance(c, O.Done)), None)
    by_seg: dict[str, list[Order]] = {}
    for c in choices:
        seg = KIND_SEGMENT.get(c.kind)
        if seg is not None:
            by_seg.setdefault(seg, []).append(c)
    start = SEGMENTS.index(step)
    assault_targets = _assault_targets(m, seen, by_seg.get("assault", []))
    for seg in SEGMENTS[start:]:
        got = _segment(m, seen, seg, by_seg.get(seg, []), assault_targets)
        if got is not None:
            return got
    return done if done is not None else choices[0]


def _assault_targets(m: Aims, seen: Seen, assaults: list[Order]) -> set[str]:
    """The enemy areas an assault may strike this activation: those the legal assaults name and those next to
    our units (12 before 14: the guns soften them first)."""
    out = {str(getattr(c, "target", "")) for c in assaults}
    for a in {seen.units[u]["area"] for u in seen.units if seen.units[u]["side"] == m.side}:
        for n in m.b.nbrs[a]:
            if seen.combat(seen.enemy, n):
                out.add(n)
    return out


def _segment(m: Aims, seen: Seen, seg: str, orders: list[Order], targets: set[str]) -> Order | None:
    b, side = m.b, m.side
    if not orders:
        return None
    scored: list[tuple[float, str, Order]] = []
    if seg == "charge":
        for c in orders:
            assert isinstance(c, O.Charge)
            area = seen.units[c.units[0]]["area"]
            v = fight.charge(b, seen, side, area, c.units, c.target)
            scored.append((v, c.text(), c))
        return _best(scored, FIGHT)
    if seg == "bombard":
        for c in orders:
            assert isinstance(c, O.Bombard)
            area = seen.units[c.units[0]]["area"]
            support = (0.5 if c.target in targets else 0.0) + (0.3 if c.target in b.objectives else 0.0)
            v = fight.bombard(b, seen, side, area, c.units, c.target, support)
            scored.append((v, c.text(), c))
        return _best(scored, 0.1)
    if seg == "move":
        for c in orders:
            if isinstance(c, O.Move):
                scored.append((move_gain(m, c.units, c.to), c.text(), c))
        got = _best(scored, GAIN)
        if got is not None:
            return got
        for c in orders:
            if isinstance(c, O.Face) and best_facing(m, c.unit) == c.to:
                return c
        return _posture(m, seen, orders)
    if seg == "assault":
        for c in orders:
            assert isinstance(c, O.Assault)
            area = seen.units[c.units[0]]["area"]
            v = fight.assault(b, seen, side, area, c.units, c.target)
            scored.append((v, c.text(), c))
        return _best(scored, FIGHT)
    if seg == "assign":  # 11.3: a deployed counter goes back into its division whenever it may
        return next((c for c in orders if isinstance(c, O.Reabsorb)), None)
    return None  # 11: the bot leaves its other assignments and attachments as they are


def _best(scored: list[tuple[float, str, Order]], floor: float) -> Order | None:
    if not scored:
        return None
    v, _, c = max(scored, key=lambda x: (x[0], x[1]))
    return c if v > floor else None


class EaglesRandomPlayer:
    """The baseline (the fuzzer's and the bench's): a uniformly random legal order."""

    def choose(self, game_view: Any, legal: EaglesLegal, rng: random.Random) -> Order:
        return rng.choice(list(legal.choices))


def _posture(m: Aims, seen: Seen, orders: list[Order]) -> Order | None:
    """17.0, for infantry that stays where it is: square when enemy cavalry could charge it (10.1: two
    areas away), back into line when none could (14.2: a square assaults at -50%), a reverse slope when
    only guns threaten it (12.3)."""
    b = m.b
    cavalry = [u["area"] for u in seen.units.values() if u["side"] == seen.enemy and u["kind"] == "cavalry"]
    guns = [u["area"] for u in seen.units.values() if u["side"] == seen.enemy and u["kind"] == "artillery"]
    for c in sorted(orders, key=lambda c: c.text()):
        if not isinstance(c, (O.FormSquare, O.ReverseSlope, O.Line)):
            continue
        u = seen.units.get(c.units[0])
        if u is None:
            continue
        area = u["area"]
        charged = any(b.d(area, a) <= 2 for a in cavalry)
        shot = any(b.d(area, a) <= 3 for a in guns)
        if isinstance(c, O.FormSquare) and charged:
            return c
        if isinstance(c, O.Line) and u.get("square") and not charged:
            return c
        if isinstance(c, O.ReverseSlope) and shot and not charged:
            return c
    return None
