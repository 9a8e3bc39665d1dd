"""Holding the supply bases (11.0): which units stay to garrison a base this turn, and how much a base
needs to beat off what the enemy could bring next turn."""

from __future__ import annotations

from .planning import ALLIED_GARRISON_CV, GARRISON_MAX_CV, GARRISON_MIN_CV, GARRISON_MIN_N, Planning

STAY_FIRST = {"artillery": 0, "infantry": 1, "cavalry": 2}  # who stays in a garrison first


def garrison_need(p: Planning, base: str) -> float:
    """Enough to beat off what the enemy could bring next turn: most of what stands next door (one group
    move per town, road limits) and a little of what stands two towns away."""
    floor = GARRISON_MIN_CV if p.sit.side == "french" else ALLIED_GARRISON_CV
    return min(GARRISON_MAX_CV, max(floor, p.threat(base)))


def choose_garrisons(p: Planning) -> None:
    """Units that stay to hold a supply base: artillery and infantry first, cavalry stays mobile. Marks the
    base held (``p.held``), its garrison locked (``p.locked``) and its strength (``p.garrison_cv``)."""
    sit = p.sit
    for base, (army, _loss) in p.mi.bases.items():
        if army in p.view.surrendered:
            continue
        if sit.side != "french" and army not in sit.armies:
            continue
        here = [b for b in sit.mine.get(base, ()) if b.type != "leader" and b.id]
        if not here or base in sit.battle_towns:
            continue
        p.held.add(base)
        need = garrison_need(p, base)
        got = 0.0
        for n, b in enumerate(
            sorted(here, key=lambda b: (STAY_FIRST.get(b.type or "", 3), -(b.cv or 0), b.id))
        ):
            if got >= need and n >= GARRISON_MIN_N:
                break
            assert b.id is not None  # ``here`` holds only blocks whose id we know
            p.locked.add(b.id)
            got += b.cv or 0
        p.garrison_cv[base] = got
