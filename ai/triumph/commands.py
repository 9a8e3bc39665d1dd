"""The bot's commands in its turn (rules 8-11, 16): which stars matter now, a pull toward them over the map,
and a score for every legal command — a move or road move by the pull it gains, an attack by the fight it
is likely to give (``fight.outlook``), an entry by what it does to the victory condition (16, G30) — the best
one given, ``/end`` when nothing is worth a command."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine import Order
from engine.triumph.orders import Attach, End, Enter, March, Move, Threat

from . import fight
from .knowledge import ALLIED_COLOURS, Board, Piece, Seen, TriumphView, holds, rounds_left, trace_blockers

DECAY = 0.72  # how a star's pull fades with each locale of distance
THRESHOLD = 0.25  # a command must gain this much: each one is a turn of the clock for the players
BLUFF = 0.2  # how often a weakly held approach is threatened though the fight does not look good (11.1)


@dataclass
class Aims:
    """What the side plays for now (16): a weight for every locale it wants to hold or take."""

    weights: dict[str, float]  # stars to hold or take (a corps with infantry or artillery holds one, 16)
    fights: dict[str, float]  # enemy-held locales (any force may fight there)
    keep: set[str]  # stars it holds and must not leave empty
    enter: bool  # whether its reinforcements should come on (G30 for the French)
    clear: frozenset[str] = frozenset()  # locales not to enter


def aims(b: Board, seen: Seen, view: TriumphView) -> Aims:
    """16: the French keep the blue stars and take an Allied one (before any reinforcement; after one, every
    Allied colour); the Allies keep their stars and take a blue one. Beside the stars, every enemy-held
    locale draws a little: beating the enemy there costs it morale (13)."""
    me, foe = seen.role, seen.enemy
    w: dict[str, float] = {}
    keep: set[str] = set()
    foes_at = {p.at for p in seen.pieces if p.side == foe}
    # 16: with no French reinforcement on, the Allies need a blue star of their own; afterwards only to keep
    # the French from all three colours (a star the enemy is far from needs nobody)
    need = 1.0 if me == "french" or not view.reinforced else 0.4
    for loc in b.stars[me]:
        holder = seen.holder(loc)
        if holder == me:
            keep.add(loc)
        near = min((b.d(loc, x) for x in foes_at), default=99)
        w[loc] = 6.0 if holder == foe else (4.0 if near <= 2 else 1.0) if holder is None else 0.0
    for loc in b.stars[foe]:
        holder = seen.holder(loc)
        blockers = trace_blockers(b, seen, me, loc)
        for x in blockers:  # 16 (G33): a star is held only with its road open to an entry of ours
            w[x] = max(w.get(x, 0.0), (4.0 if holder == me else 2.5) * need)
        if holder == me:
            keep.add(loc)
            continue
        value = (7.0 if holder is None else 5.0) - (1.5 if blockers else 0.0)
        w[loc] = max(w.get(loc, 0.0), value * need)
    fights: dict[str, float] = {}
    for p in seen.pieces:
        if p.side == foe:
            weak = seen.might(seen.foes(p.at)) < 4.5
            fights[p.at] = max(w.get(p.at, 0.0), 2.0 if weak else 1.0)
    if me == "french":
        allied = {c: any(holds(b, seen, me, s) for s in b.data.stars(c)) for c in ALLIED_COLOURS}
        enter = view.morale.get(me, 0) <= 6 or all(allied.values())
    else:
        enter = True
    # G31: a French reinforcement waits while its entry is held by the enemy — and the first one on makes the
    # French condition the hard one (16, G30): the Allies leave the French entries free
    clear = b.entries["french"] if me == "allies" and not view.reinforced else frozenset()
    return Aims(w, fights, keep, enter, clear)


def pull(b: Board, weights: dict[str, float]) -> dict[str, float]:
    out: dict[str, float] = {}
    for loc in b.dist:
        best = 0.0
        for t, wt in weights.items():
            if wt > 0:
                best = max(best, wt * DECAY ** b.d(loc, t))
        out[loc] = best
    return out


class Commander:
    """One turn's commands: the aims and the pull are worked out once per view of the turn (positions change
    with each command), the bluffs once per turn."""

    def __init__(self) -> None:
        self._bluffs: dict[tuple[int, str], set[tuple[str, str]]] = {}

    def choose(
        self, b: Board, seen: Seen, view: TriumphView, choices: Sequence[Order], rng: random.Random
    ) -> Order:
        a = aims(b, seen, view)
        fights = pull(b, a.fights)
        stars = pull(b, {**a.fights, **a.weights})
        key = (view.round, view.role)
        if key not in self._bluffs:
            self._bluffs = {key: self._pick_bluffs(b, seen, rng)}
        bluffs = self._bluffs[key]
        end: Order = End()
        best: Order = end
        best_v = THRESHOLD
        last = rounds_left(view) == 0
        for c in [*choices, *self._garrisons(b, seen, choices)]:
            v = self._score(b, seen, a, (stars, fights), bluffs, c, last)
            if v is None:
                continue
            v += rng.random() * 0.02
            if v > best_v:
                best, best_v = c, v
        if best is end and end not in choices:
            return choices[0]
        return best

    def _garrisons(self, b: Board, seen: Seen, choices: Sequence[Order]) -> list[Order]:
        """A corps leaving one of its side's stars empty may leave its weakest unit behind (10: ``leave``,
        the unit detached, 9): the enemy must then attack to walk in (16: the stars it keeps need only be
        denied)."""
        out: list[Order] = []
        for c in choices:
            if not isinstance(c, Move) or c.at is not None or c.force not in seen.commanders:
                continue
            units = seen.corps(c.force)
            if len(units) < 2 or c.to == units[0].at:
                continue
            src = units[0].at
            if src in b.stars[seen.role] and len(seen.mine(src)) == len(units):
                weakest = min(units, key=lambda p: (p.strength, p.id))
                out.append(Move(c.force, c.to, None, (weakest.id,)))
        return out

    def _pick_bluffs(self, b: Board, seen: Seen, rng: random.Random) -> set[tuple[str, str]]:
        """11.1: approaches threatened this turn whatever the fight looks like: into locales held by fewer
        blocks than the attack would bring (the defender cannot know it is a bluff: it may give ground)."""
        out: set[tuple[str, str]] = set()
        for loc in sorted({p.at for p in seen.pieces if p.side == seen.role}):
            for n in b.neighbours(loc):
                foes = seen.foes(n)
                if foes and len(foes) < len(seen.mine(loc)) and rng.random() < BLUFF:
                    out.add((loc, n))
        return out

    def _score(
        self,
        b: Board,
        seen: Seen,
        a: Aims,
        fields: tuple[dict[str, float], dict[str, float]],
        bluffs: set[tuple[str, str]],
        c: Order,
        last: bool,
    ) -> float | None:
        if isinstance(c, Threat):
            return None if c.guard else self._threat(b, seen, a, bluffs, c)
        if isinstance(c, Enter):
            return 20.0 if a.enter else None
        if isinstance(c, Attach):
            here = [p for p in seen.pieces if p.id == c.unit]
            return 1.0 if here and here[0].at in a.keep else 0.3
        if isinstance(c, Move):
            units = [p for p in seen.force(c.force) if p.id not in c.leave]
            if not units:
                return None
            src = units[0].at
            if c.force not in seen.commanders and units[0].corps is not None:
                return None  # a unit moved out of its corps is detached (9): corps hold stars (16)
            if c.at is not None:  # onto an approach of its own locale (or staying on it)
                return self._block(seen, a, units, c.to, c.at)
            if c.to == src:  # off an approach back into the reserve
                return -0.2
            return self._march(b, seen, a, fields, units, src, c.to, last)
        if isinstance(c, March):
            units = seen.force(c.corps)
            if not units or c.at is not None:
                return None
            return self._march(b, seen, a, fields, units, units[0].at, c.path[-1], last) - 0.05
        return None

    def _march(
        self,
        b: Board,
        seen: Seen,
        a: Aims,
        fields: tuple[dict[str, float], dict[str, float]],
        units: list[Piece],
        src: str,
        dst: str,
        last: bool,
    ) -> float:
        if dst in a.clear:
            return -4.0
        might = seen.might(units)
        holds_stars = any(p.corps is not None and p.arm in ("infantry", "artillery") for p in units)
        field = fields[0] if holds_stars else fields[1]  # 16: only a corps with foot or guns holds a star
        v = (field.get(dst, 0.0) - field.get(src, 0.0)) * (0.5 + min(might, 8.0) / 8.0)
        if src in a.keep:
            near = min((b.d(src, p.at) for p in seen.pieces if p.side != seen.role), default=99)
            if src in b.stars[seen.role]:  # 16: a star of ours needs only be denied: any unit will do
                holders = seen.mine(src)
            else:  # an enemy star is held by a corps unit of infantry or artillery (16, G33)
                holders = [
                    p for p in seen.mine(src) if p.corps is not None and p.arm in ("infantry", "artillery")
                ]
            if not [p for p in holders if p not in units]:
                v -= 8.0 if near <= 2 else 1.5
            if len(seen.mine(src)) - len(units) < 2 and near <= 2:
                v -= 1.0
        threat = max((seen.might(seen.foes(n)) for n in b.neighbours(dst)), default=0.0)
        if threat > might * 1.8 + 2:
            v -= 1.0  # 11: a small force next to a big one is easy prey
        if last:
            v *= 0.3  # 16: the last round: hold what is held
        return v

    def _block(self, seen: Seen, a: Aims, units: list[Piece], loc: str, facing: str) -> float:
        """Blocking an approach (10): the defence of the approach then has the edge of 11.6 (the infantry -1,
        the penalties, a tie) and the defenders must stand (11.2)."""
        if units[0].on == facing:
            return -1.0  # already there
        foes = seen.might(seen.foes(facing))
        if foes <= 0:
            return -0.5
        return (0.6 if loc in a.keep else 0.25) + min(foes, 8.0) / 40.0 - (0.2 if units[0].on else 0.0)

    def _threat(self, b: Board, seen: Seen, a: Aims, bluffs: set[tuple[str, str]], c: Threat) -> float | None:
        att = fight.attack_force(seen, seen.role, c.source, c.target)
        if not att:
            return None
        ds, blocked = fight.defence_of(seen, seen.enemy, c.source, c.target)
        rest = [p for p in seen.foes(c.target) if p not in ds]
        o = fight.outlook(b, c.source, c.target, att, ds, blocked, seen.role, rest=rest)
        v = o.value(attacker=True, morale=seen.stakes())
        if o.win and v > 0:
            return 3.0 + v + a.weights.get(c.target, 0.0)
        if (c.source, c.target) in bluffs and not blocked:
            return 1.5  # a bluff: the defence decides blind; we feint at 11.3 if it stands strong
        return None
