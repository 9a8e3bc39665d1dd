"""7.1: the towns a side may retreat (or rout) to from a battle, shared by the retreats of a battle (7.0-7.3,
``retreat.py``), its regroup (7.6) and every rout (7.5, ``rout.py``; the automatic rout of 6.1 too)."""

from __future__ import annotations

from collections.abc import Iterable

from ..context import Ctx


def attacker_towns(
    ctx: Ctx, town: str, attacker: str, passed: Iterable[str], reinforced_from: Iterable[str]
) -> set[str]:
    """7.1: the towns the attacker may retreat to from ``town``: towns holding its units (and no enemy), towns
    its units in the battle passed through (their starting towns included), towns its reinforcements came
    from. Never a town holding enemy units."""
    out: set[str] = set(passed) | set(reinforced_from)
    for other, _road in ctx.sc.neighbours(town):
        if ctx.friendly_in(other, attacker):
            out.add(other)
    out.discard(town)
    return {t for t in out if not ctx.enemy_in(t, attacker)}


def retreat_towns(
    ctx: Ctx, town: str, side: str, attacker: str, passed: Iterable[str], reinforced_from: Iterable[str]
) -> list[str]:
    """7.1: the adjacent towns ``side`` may retreat or rout to from ``town``."""
    passed = list(passed)
    reinforced_from = list(reinforced_from)
    att = attacker_towns(ctx, town, attacker, passed, reinforced_from)
    out = []
    for other, _road in ctx.sc.neighbours(town):
        if ctx.enemy_in(other, side):
            continue  # 7.1: never into a town containing enemy units
        if side == attacker:
            if other in att:
                out.append(other)
        elif other not in att:  # 7.1: the defender only where the attacker could not retreat
            out.append(other)
    return out


def may_retreat_far(
    ctx: Ctx, town: str, side: str, attacker: str, passed: Iterable[str], reinforced_from: Iterable[str]
) -> bool:
    """7.1 / 7.3 for a town that is not next to the battle: never a town holding enemy units; for the attacker
    one of its towns (friendly-held, passed through, reinforcements' origin), for the defender a town the
    attacker could not retreat to."""
    if ctx.enemy_in(town, side):
        return False
    attackers = ctx.friendly_in(town, attacker) or town in passed or town in reinforced_from
    return attackers if side == attacker else not attackers
