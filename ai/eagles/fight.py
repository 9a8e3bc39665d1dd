"""The bot's estimate of a fight, cheap and exact enough to rank orders: the dice each side would roll and
the chance of each outcome, from the binomial law of 6s (10.3, 12.1, 14.1: one die per SP, a 6 hits; a die
modifier makes a 5 hit too). Charges (10.2-10.5), bombardment (12.1-12.3) and assaults (14.1-14.2, G1-G4)
are each worth what the side would gain in victory points: a step is 1 VP (facts 9), an objective taken is
its VP won and the enemy's lost."""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from .knowledge import Board, Seen, other


@cache
def pmf(n: int, p: float) -> tuple[float, ...]:
    """P(k hits) for n dice hitting with p each."""
    n = max(n, 0)
    return tuple(math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1))


def hit(mod: int) -> float:
    """A die hits on a 6; +1 makes a 5 hit too, +2 a 4 (12.3, 14.2: at most +2). A -1 is counted as none:
    the bot's estimate, not the rule."""
    return max(1, 1 + min(mod, 2)) / 6.0


def _round(x: float) -> int:
    """G2: round to nearest, halves up; at least 1 die for at least 1 SP."""
    return max(1, math.floor(x + 0.5)) if x > 0 else 0


def _morale(units: list[dict[str, Any]]) -> float:
    """G1: the SP-weighted morale of a stack."""
    sp = sum(int(u["sp"]) for u in units) or 1
    return sum(int(u["sp"]) * int(u["morale"]) for u in units) / sp


def _leader(seen: Seen, side: str, area: str) -> int:
    return max((int(x["tactical"]) for x in seen.leaders_at(side, area)), default=0)


def _elite(b: Board, units: list[dict[str, Any]]) -> bool:
    return any(b.units[u["id"]].elite for u in units if u["id"] in b.units)


def _fail(morale: float, tactical: int) -> float:
    """G4: a morale check passes on a roll not above the lowest morale, the leader's value helping."""
    return min(max((6 - min(6.0, morale + tactical)) / 6.0, 0.0), 1.0)


def _steps(units: list[dict[str, Any]]) -> int:
    return sum(int(u["steps"]) for u in units)


def taking(b: Board, seen: Seen, side: str, area: str) -> float:
    """What entering ``area`` is worth to ``side`` beyond the steps: an objective held by the enemy is its VP
    won and the enemy's lost (facts 9); any area of the enemy's line a little."""
    vp = b.objectives.get(area, 0)
    if vp and seen.holders.get(area) != side:
        return 2.0 * vp
    return 1.0 + (0.5 * vp if vp else 0.0)


def assault(b: Board, seen: Seen, side: str, area: str, ids: tuple[str, ...], target: str) -> float:
    """14.1-14.2, G1-G5: the simultaneous fire of the assaulting units and the defenders, the morale check
    of the side that took more hits (the defender on a tie), the advance into an emptied area."""
    enemy = seen.enemy if side == seen.role else seen.role
    mine = [seen.units[i] for i in ids if i in seen.units]
    foes = seen.combat(enemy, target)
    if not mine:
        return -1.0
    if not foes:
        return taking(b, seen, side, target)
    inf = sum(int(u["sp"]) for u in mine if u["kind"] != "cavalry")
    cav = sum(int(u["sp"]) for u in mine if u["kind"] == "cavalry")
    pct = b.assault_pct[target]
    if (area, target) in b.stream:
        pct += b.stream_pct
    up = b.elev[target] - b.elev[area]
    pct += -25 if up > 0 else 25 if up < 0 else 0
    a_sp = (inf + math.ceil(cav / 2) + _leader(seen, side, area)) * (1 + pct / 100)
    f_inf = sum(int(u["sp"]) for u in foes if u["kind"] != "cavalry")
    f_cav = sum(int(u["sp"]) for u in foes if u["kind"] == "cavalry")
    d_pct = 25 if up > 0 else -25 if up < 0 else 0
    d_sp = (f_inf + math.ceil(f_cav / 2) + _leader(seen, enemy, target)) * (1 + d_pct / 100)
    m_a, m_d = _morale(mine), _morale(foes)
    a_mod = int(_elite(b, mine)) + int(m_a >= 2 * m_d)
    d_mod = int(_elite(b, foes)) + int(m_d >= 2 * m_a)
    pa, pd = pmf(_round(a_sp), hit(a_mod)), pmf(_round(d_sp), hit(d_mod))
    steps = _steps(foes)
    low_d = min(int(u["morale"]) for u in foes)
    low_a = min(int(u["morale"]) for u in mine)
    fail_d = _fail(low_d, _leader(seen, enemy, target))
    fail_a = _fail(low_a, _leader(seen, side, area))
    take = back = 0.0
    for ha, p1 in enumerate(pa):
        for hd, p2 in enumerate(pd):
            p = p1 * p2
            if ha >= steps:
                take += p
            elif ha >= hd:
                take += p * fail_d
            else:
                back += p * fail_a
    e_out = sum(k * p for k, p in enumerate(pa))
    e_in = sum(k * p for k, p in enumerate(pd))
    return take * taking(b, seen, side, target) + min(e_out, steps) - e_in - back * 1.0


def charge(
    b: Board, seen: Seen, side: str, area: str, ids: tuple[str, ...], target: str, bonus: int = 0
) -> float:
    """10.2-10.5: the defenders fire first (infantry and artillery halved, cavalry doubled, a leader's value),
    the chargers after their losses; success if the defenders lost more than half their SP and at least as
    many as the chargers did: they retreat and the chargers take the area; else the chargers are repelled,
    take the second fire and fall back. ``bonus``: the grand charge's +1 (10.8)."""
    enemy = seen.enemy if side == seen.role else seen.role
    mine = [seen.units[i] for i in ids if i in seen.units]
    foes = seen.combat(enemy, target)
    if not mine or not foes:
        return -1.0
    f_ia = sum(int(u["sp"]) for u in foes if u["kind"] != "cavalry")
    f_cav = sum(int(u["sp"]) for u in foes if u["kind"] == "cavalry")
    first = math.ceil(f_ia / 2) + 2 * f_cav + _leader(seen, enemy, target)
    up = b.elev[target] - b.elev[area]
    c_sp = sum(int(u["sp"]) for u in mine) * (0.75 if up > 0 else 1.25 if up < 0 else 1.0)
    c_sp += _leader(seen, side, area)
    mod = int(any(b.units[u["id"]].elite or b.units[u["id"]].lancers or b.units[u["id"]].heavy for u in mine))
    mod += bonus
    f_sp = sum(int(u["sp"]) for u in foes)
    second = math.ceil(sum(int(u["sp"]) for u in foes if u["kind"] == "infantry") / 2) + f_cav
    e_second = second / 6.0
    win = lose = e_out = e_in = 0.0
    for h1, p1 in enumerate(pmf(first, 1 / 6)):
        left = _round(c_sp - h1)
        for h2, p2 in enumerate(pmf(left, hit(mod))):
            p = p1 * p2
            e_out += p * min(h2, _steps(foes))
            e_in += p * h1
            if h2 * 2 > f_sp and h2 >= h1:
                win += p
            else:
                lose += p
    return win * taking(b, seen, side, target) + e_out - e_in - lose * (e_second + 0.5)


GAIN = 1.0  # what a successful activation roll is worth to the bot, roughly (8.1)
LEFT = 0.5  # what each formation still to activate is worth when the step may end (8.13)


def _initiative(seen: Seen, side: str) -> int:
    ld = seen.leaders.get(seen.army.get(side, ""))
    return min(int(ld["initiative"]), 6) if ld is not None else 3


def grand(b: Board, seen: Seen, side: str, leader: str, areas: tuple[str, ...], target: str) -> float:
    """10.8, declared in place of the activation roll: what it is worth beyond the roll it replaces. The
    cavalry forms up on a die less than the leader's tactical value and charges as one body at +1 (worth
    what ``charge`` says); the roll succeeds on a die not above the army commander's initiative (8.1, worth
    ``GAIN``). Either failing is a failed try, and the other side failing next ends the step (8.13): every
    formation still to activate loses its turn (``LEFT`` each)."""
    ld = seen.leaders.get(leader)
    if ld is None:
        return -1.0
    ready = {f for f, x in seen.formations.items() if x["side"] == side and not x["activated"]}
    ids = tuple(
        u["id"]
        for a in areas
        for u in seen.combat(side, a)
        if u["kind"] == "cavalry" and u["formation"] in ready
    )
    if not ids:
        return -1.0
    left = len({u["formation"] for u in seen.units.values() if u["side"] == side} & ready)
    risk = (6 - _initiative(seen, other(side))) / 6.0 * left * LEFT
    formed = max(int(ld["tactical"]) - 1, 0) / 6.0
    rolled = _initiative(seen, side) / 6.0
    start = ld["area"] if ld["area"] in areas else areas[0]
    value = formed * charge(b, seen, side, start, ids, target, bonus=1) - (1 - formed) * risk
    return value - (rolled * GAIN - (1 - rolled) * risk)


def bombard(
    b: Board, seen: Seen, side: str, area: str, ids: tuple[str, ...], target: str, support: float
) -> float:
    """12.1-12.3: one die per SP, a 6 hits; dense stacks +1, the target's terrain, horse artillery at range 2
    -1 (at most +2 / -1). ``support``: what softening the target is worth beyond its steps (an assault to
    come, an objective)."""
    enemy = seen.enemy if side == seen.role else seen.role
    mine = [seen.units[i] for i in ids if i in seen.units]
    foes = seen.combat(enemy, target)
    if not mine or not foes:
        return -1.0
    sp = sum(int(u["sp"]) for u in mine)
    plus = int(sum(int(u["sp"]) for u in seen.by_area[enemy].get(target, [])) >= 11)
    minus = b.bombard_die[target]
    if b.d(area, target) >= 2 and any(u["arm"] == "horse" for u in mine):
        minus -= 1
    mod = min(plus, 2) + max(minus, -1)
    e = sp * hit(mod) * (0.7 if mod < 0 else 1.0)
    return min(e, _steps(foes)) * (1.0 + support)
