"""The bot's attacks (rule 11): how strong a side can lead, what an attack is likely to give, and each step's
choice — defend or give ground (11.2 with 11.4), feint or press (11.3), the attack leaders (11.5), the
counter-attack (11.7), the step-up (11.3, 11.9), the retreat (12) and the advance (G35). Every estimate comes
from faces the view shows; a hidden enemy block counts at its army's mean strength, and the enemy is assumed
to lead and counter-attack as well as its hidden blocks could."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine import Order
from engine.triumph.orders import Advance, Counter, Defend, Feint, GiveGround, Lead, Press, Retreat, StepUp

from .knowledge import Board, Piece, Seen, other

# 11.6: how a hidden block is read when it may lead: among several, one is likely strong (the armies hold
# 10 and 8 blocks of strength 3 among 44 and 36)
STRONG_HIDDEN = {1: 2.0, 2: 2.4, 3: 2.7}
WIN = 8.0  # what winning a fight is worth beside the strength lost (the loser's morale, 13; the locale, 12)


@dataclass(frozen=True)
class Outlook:
    fr: float  # the expected final result (11.8)
    win: bool  # the attacker wins
    attacker_loss: float  # strength (and morale, if it loses) the attacker gives (11.9)
    defender_loss: float  # the defender's (11.9, 12)

    def value(self, attacker: bool, morale: dict[str, float] | None = None) -> float:
        """What the fight is worth to one side: winning, and the strength each side loses; the game, when the
        loser's morale would fall to 0 (13: the loser loses morale by its losses)."""
        mine, theirs = (
            (self.attacker_loss, self.defender_loss) if attacker else (self.defender_loss, self.attacker_loss)
        )
        won = self.win if attacker else not self.win
        v = (WIN if won else -WIN) + theirs - mine
        if morale is not None:
            if won and theirs >= morale.get("them", 99):
                v += 50.0
            if not won and mine >= morale.get("me", 99):
                v -= 50.0
        return v


def _approach(b: Board, source: str, target: str) -> tuple[str, tuple[str, ...], bool]:
    ap = b.data.approach(target, source)
    assert ap is not None
    return ap.width, tuple(ap.penalties), ap.obstructed


def leader_strength(
    units: Sequence[Piece], width: str, obstructed: bool, *, pair_corps: bool = False, weak_ok: bool = False
) -> tuple[float, str]:
    """The best 0-2 (wide) or 0-1 (narrow) leaders' strength and their arm (11.4, 11.5): one arm, no strength
    1 (unless ``weak_ok``: defenders on the approach), no cavalry across an obstructed approach, no
    artillery (it leads only from an approach, detached); ``pair_corps``: two of one corps (11.4 from the
    reserve). Hidden blocks count as a likely strong one and the rest at the mean."""
    k = 2 if width == "wide" else 1
    best, arm_of = 0.0, "infantry"
    hidden = [p for p in units if p.arm is None]
    by: dict[tuple[str, bool, str | None], list[float]] = {}
    for p in units:
        if p.arm is None or p.arm == "artillery" or (p.arm == "cavalry" and obstructed):
            continue
        if p.strength < 2 and not weak_ok:
            continue
        by.setdefault((p.arm, p.guard, p.corps if pair_corps else None), []).append(p.strength)
    for (arm, _, _), ss in by.items():
        v = sum(sorted(ss, reverse=True)[:k])
        if v > best:
            best, arm_of = v, arm
    if hidden:
        est = [STRONG_HIDDEN.get(min(len(hidden), 3), 2.0)] + [hidden[0].strength] * (len(hidden) - 1)
        v = sum(est[:k])
        if v > best:
            best, arm_of = v, "infantry"
    return best, arm_of


def _counter_strength(units: Sequence[Piece], obstructed: bool, attacker_winning: bool) -> float:
    """11.7: what 1-2 counter-attackers of one arm and corps take off the result (each loses 1 first)."""
    best = 0.0
    by: dict[tuple[str | None, str | None], list[float]] = {}
    for p in units:
        if p.arm == "artillery" or (p.arm == "cavalry" and obstructed):
            continue
        if p.arm == "infantry" and not attacker_winning:
            continue
        by.setdefault((p.arm, p.corps), []).append(max(0.0, p.strength - 1))
    for ss in by.values():
        best = max(best, sum(sorted(ss, reverse=True)[:2]))
    return best


def winner(fr: float, blocked: bool, attackers: int, defenders: int, attacker: str) -> bool:
    """11.6 / 11.8: does the attacker win (G14 on a tie against a reserve defence, the French on a tie)."""
    if fr >= 1:
        return True
    if fr <= -1:
        return False
    if blocked:
        return False
    if attackers != defenders:
        return attackers > defenders
    return attacker == "french"


def outlook(
    b: Board,
    source: str,
    target: str,
    attackers: Sequence[Piece],
    defenders: Sequence[Piece],
    blocked: bool,
    attacker: str,
    *,
    attack_lead: float | None = None,
    attack_arm: str | None = None,
    attack_leaders: int | None = None,
    defence_lead: float | None = None,
    defence_leaders: int | None = None,
    rest: Sequence[Piece] = (),
) -> Outlook:
    """The expected fight across source -> target (11.4-11.9, 12): the best leaders each side could name
    unless given, the best counter-attack, the losses and the retreat's."""
    width, penalties, obstructed = _approach(b, source, target)
    if attack_lead is None:
        attack_lead, attack_arm = leader_strength(attackers, width, obstructed)
    arm = attack_arm or "infantry"
    n_lead = (
        attack_leaders
        if attack_leaders is not None
        else (0 if attack_lead <= 0 else (1 if width == "narrow" or attack_lead <= 3 else 2))
    )
    if defence_lead is None:
        defence_lead, _ = leader_strength(
            defenders, width, obstructed, pair_corps=not blocked, weak_ok=blocked
        )
    n_def = (
        defence_leaders
        if defence_leaders is not None
        else (0 if defence_lead <= 0 else (1 if width == "narrow" or defence_lead <= 3 else 2))
    )
    ir = attack_lead - defence_lead
    if blocked and attack_lead > 0:
        ir -= (1 if arm == "infantry" else 0) + (1 if arm in penalties else 0)
    rest_d = sorted(defenders, key=lambda p: -p.strength)[n_def:]
    fr = ir - _counter_strength(rest_d, obstructed, ir >= 1)
    win = winner(round(fr), blocked, len(attackers), len(defenders), attacker)
    att_loss = n_def + max(0.0, -fr)
    def_loss = n_lead + max(0.0, fr)
    if win:
        # 12: the artillery left in the locale is lost; the infantry that did not fight loses 1-2
        def_loss += sum(p.strength for p in rest if p.arm == "artillery")
        if any(p.arm in (None, "infantry") for p in rest):
            def_loss += 1 if width == "narrow" else 2
    return Outlook(fr, win, att_loss, def_loss)


# -- the steps ----------------------------------------------------------------------------------------------
def _ids(seen: Seen, ids: Sequence[str]) -> list[Piece]:
    by = {p.id: p for p in seen.pieces}
    return [by[i] for i in ids if i in by]


def attack_force(seen: Seen, side: str, source: str, target: str) -> list[Piece]:
    """The strongest single force of ``side`` that could attack across source -> target (11.5: one corps or
    one detached unit, from the reserve or that approach)."""
    best: list[Piece] = []
    groups: dict[str, list[Piece]] = {}
    for p in seen.at.get(source, ()):
        if p.side == side and p.on in (None, target):
            groups.setdefault(p.corps or p.id, []).append(p)
    for g in groups.values():
        if seen.might(g) > seen.might(best):
            best = g
    return best


def defence_of(seen: Seen, side: str, source: str, target: str) -> tuple[list[Piece], bool]:
    """Who would defend target against source (11.2): the blockers, else the strongest corps or unit of the
    reserve."""
    block = [p for p in seen.at.get(target, ()) if p.side == side and p.on == source]
    if block:
        return block, True
    groups: dict[str, list[Piece]] = {}
    for p in seen.at.get(target, ()):
        if p.side == side and p.on is None:
            groups.setdefault(p.corps or p.id, []).append(p)
    best: list[Piece] = []
    for g in groups.values():
        if seen.might(g) > seen.might(best):
            best = g
    return best, False


def defend(
    b: Board, seen: Seen, attack: dict[str, object], choices: Sequence[Order], rng: random.Random, keep: float
) -> Order:
    """11.2 and 11.4 at once, sealed: the defence whose fight looks best against the strongest force the
    attacker has there; give ground when every defence looks lost and the locale is worth less than the
    fight (``keep``: what holding it is worth) — and now and then stand anyway, for the attacker may be
    bluffing (11.3)."""
    source, target = str(attack["source"]), str(attack["target"])
    enemy = other(seen.role)
    att = attack_force(seen, enemy, source, target)
    here = seen.mine(target)
    best: Order | None = None
    best_v = -1e9
    for c in choices:
        if not isinstance(c, Defend):
            continue
        ds = _ids(seen, c.units)
        blocked = any(p.on == source for p in ds)
        lead = [p for p in ds if p.id in c.leaders]
        rest = [p for p in here if p.id not in c.units]
        o = outlook(
            b, source, target, att, ds, blocked, enemy,
            defence_lead=sum(p.strength for p in lead), defence_leaders=len(lead), rest=rest,
        )  # fmt: skip
        v = o.value(attacker=False, morale=seen.stakes()) + (keep if not o.win else 0.0) + rng.random() * 0.1
        if v > best_v:
            best, best_v = c, v
    give = next((c for c in choices if isinstance(c, GiveGround)), None)
    if give is not None:
        # 12 before combat: the artillery is lost and the reserve infantry loses 1-2, but no morale (G21)
        art = sum(p.strength for p in here if p.arm == "artillery")
        cost = art + (2 if any(p.arm == "infantry" for p in here) else 0) + keep
        if best is None or (best_v < -cost and rng.random() < 0.85):
            return give
    assert best is not None or choices
    return best if best is not None else choices[0]


def feint_or_press(
    b: Board, seen: Seen, attack: dict[str, object], choices: Sequence[Order], rng: random.Random
) -> Order:
    """11.3: press when the named defence (leaders still sealed) looks beatable, else feint — the threat was
    a bluff, or the defence stronger than it looked — now and then stepping onto the attack approach."""
    source, target = str(attack["source"]), str(attack["target"])
    ds = _ids(seen, [str(u) for u in attack.get("defenders", [])])  # type: ignore[attr-defined]
    blocked = bool(attack.get("blocked"))
    att = attack_force(seen, seen.role, source, target)
    rest = [p for p in seen.foes(target) if p not in ds]
    o = outlook(b, source, target, att, ds, blocked, seen.role, rest=rest)
    press = next((c for c in choices if isinstance(c, Press)), None)
    v = o.value(attacker=True, morale=seen.stakes())
    if press is not None and (v > 0 or (v > -3 and rng.random() < 0.2)):
        return press
    feints = [c for c in choices if isinstance(c, Feint) and not c.road]
    if not feints:
        return press if press is not None else choices[0]
    step = [c for c in feints if c.step]
    return rng.choice(step) if step and rng.random() < 0.4 else feints[0]


def lead(
    b: Board, seen: Seen, attack: dict[str, object], choices: Sequence[Order], rng: random.Random
) -> Order:
    """11.5: the defence leaders are shown now (G7): the force, width and leaders with the best expected
    fight, counting the counter-attack the defence could still make (11.7) and what the elite cost (15)."""
    source, target = str(attack["source"]), str(attack["target"])
    ds = _ids(seen, [str(u) for u in attack.get("defenders", [])])  # type: ignore[attr-defined]
    dl_ids = [str(u) for u in attack.get("defence_leaders", [])]  # type: ignore[attr-defined]
    blocked = bool(attack.get("blocked"))
    rest = [p for p in seen.foes(target) if p not in ds]
    best: Order = choices[0]
    best_v = -1e9
    for c in choices:
        if not isinstance(c, Lead):
            continue
        units = [p for f in c.forces for p in seen.force(f)]
        lead_u = [p for p in units if p.id in c.leaders]
        if any(p.arm == "artillery" for p in lead_u):
            continue  # a bombardment moves nobody and wins nothing (11.9)
        dl = [c.target] if c.target else dl_ids
        dlead = _ids(seen, dl)
        o = outlook(
            b, source, target, units, ds, blocked, seen.role,
            attack_lead=sum(p.strength for p in lead_u), attack_arm=lead_u[0].arm if lead_u else None,
            attack_leaders=len(lead_u),
            defence_lead=sum(p.strength for p in dlead), defence_leaders=len(dlead), rest=rest,
        )  # fmt: skip
        v = o.value(attacker=True, morale=seen.stakes()) + len(units) * 0.05
        v -= sum(2.0 if p.guard else 1.0 if p.arm == "cavalry" and p.strength >= 3 else 0.0 for p in lead_u)
        v += rng.random() * 0.01
        if v > best_v:
            best, best_v = c, v
    return best


def counter(seen: Seen, attack: dict[str, object], choices: Sequence[Order]) -> Order:
    """11.7: counter-attack only to turn the result, with the fewest units that do it (each loses 1)."""
    ir = int(attack.get("ir", 0))  # type: ignore[call-overload]
    blocked = bool(attack.get("blocked"))
    n_att = len(attack.get("attackers", []))  # type: ignore[arg-type]
    n_def = len(attack.get("defenders", []))  # type: ignore[arg-type]
    attacker = str(attack["attacker"])
    if not winner(ir, blocked, n_att, n_def, attacker):
        return Counter()
    by = {p.id: p for p in seen.pieces}
    best: Order = Counter()
    best_n = 99
    for c in choices:
        if not isinstance(c, Counter) or not c.units:
            continue
        fr = ir - sum(max(0.0, by[u].strength - 1) for u in c.units if u in by)
        if not winner(round(fr), blocked, n_att, n_def, attacker) and len(c.units) < best_n:
            best, best_n = c, len(c.units)
    return best


def step_up(choices: Sequence[Order]) -> Order:
    """11.3 / 11.9: every defender onto the approach (a blocked approach is the stronger defence, 11.6)."""
    ups = [c for c in choices if isinstance(c, StepUp)]
    return max(ups, key=lambda c: len(c.units)) if ups else choices[0]


def retreat(b: Board, seen: Seen, choices: Sequence[Order], goals: dict[str, float]) -> Order:
    """12: all to the destination nearest friends and farthest from the enemy (the spread plan when one will
    not hold them all)."""

    def safety(loc: str) -> float:
        foes = sum(seen.might(seen.foes(n)) for n in b.neighbours(loc))
        return len(seen.mine(loc)) * 0.5 - foes * 0.2 + goals.get(loc, 0.0)

    best: Order = choices[0]
    best_v = -1e9
    for c in choices:
        if not isinstance(c, Retreat):
            continue
        dests = [t.split(">")[-1] for t in c.to]
        v = sum(safety(d) for d in dests) / max(1, len(dests)) + (0.5 if len(c.to) > 1 else 0.0)
        if v > best_v:
            best, best_v = c, v
    return best


def advance(seen: Seen, choices: Sequence[Order]) -> Order:
    """G35: move in with the strongest force (a corps with infantry holds a star, 16)."""
    adv = [c for c in choices if isinstance(c, Advance)]
    if not adv:
        return choices[0]
    return max(adv, key=lambda c: (not c.road, sum(seen.might(seen.force(f)) for f in c.forces)))
