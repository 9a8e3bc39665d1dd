"""Marching orders: what each supply base is worth and still needs (11.0), and each mobile unit's target
town. The French march on the bases and hold them, the Allies garrison their own and gather the rest of
each army there; a target is kept from turn to turn while it is still wanted."""

from __future__ import annotations

from .garrisons import garrison_need
from .knowledge import SURRENDER_AT
from .planning import ALLIED_GARRISON_CV, ATTACK_RATIO, GARRISON_MIN_CV, LIEGE_WEIGHT, Planning, StackKey


def objectives(p: Planning) -> tuple[dict[str, float], dict[str, float]]:
    """(value of each objective town, strength it still needs from the mobile units)."""
    sit, mi = p.sit, p.mi
    value: dict[str, float] = {}
    need: dict[str, float] = {}
    surrendered = set(p.view.surrendered)
    for base, (army, loss) in mi.bases.items():
        if army in surrendered:
            continue
        if sit.side == "french":
            # the army further from surrender (in turns of supply losses) matters more; Liège, far and
            # strongly held, counts double again
            rate = sum(ls for b, (a, ls) in mi.bases.items() if a == army)
            surplus = max(1, sit.alive.get(army, 0) - SURRENDER_AT[army])
            value[base] = float(loss) * surplus / rate * (LIEGE_WEIGHT if loss > 1 else 1.0) / 4.0
            if base in p.held:
                need[base] = max(0.0, garrison_need(p, base) - p.garrison_cv.get(base, 0.0))
            else:
                adj = sum(sit.enemy_cv(n) for n in mi.adj[base])
                need[base] = ATTACK_RATIO * (sit.enemy_cv(base) + 0.4 * adj) + GARRISON_MIN_CV
        else:
            if army not in sit.armies:
                continue
            value[base] = 2.0 * loss
            if sit.enemy.get(base):
                need[base] = ATTACK_RATIO * sit.enemy_cv(base) + ALLIED_GARRISON_CV
            else:
                need[base] = max(0.0, garrison_need(p, base) - p.garrison_cv.get(base, 0.0))
    return value, need


def update_targets(
    p: Planning, mobile: list[str], value: dict[str, float], need: dict[str, float]
) -> dict[str, str]:
    """Each mobile unit's target: kept from earlier turns while it is still wanted, otherwise chosen stack
    by stack (the biggest first) by value over distance, favouring objectives that still need strength.
    The targets are remembered for the next turn (``p.memory``)."""
    sit = p.sit
    targets = _kept_targets(p, mobile, value, need)
    remaining = dict(need)
    for uid, t in targets.items():
        if t not in p.held or sit.where.get(uid) != t:
            remaining[t] = remaining.get(t, 0.0) - p.cv(uid)
    free: dict[StackKey, list[str]] = {}  # (army, town) -> units without a target
    for uid in mobile:
        if uid not in targets:
            free.setdefault(p.key(uid), []).append(uid)
    big: dict[StackKey, tuple[int, str]] = {}  # (army, town) -> (units, target) of assigned forces
    for uid, t in targets.items():
        n, _t = big.get(p.key(uid), (0, t))
        big[p.key(uid)] = (n + 1, t)
    for army, town in sorted(free, key=lambda k: (-p.team_cv(free[k]), k)):
        ids = free[(army, town)]
        tgt = _new_target(p, army, town, ids, value, remaining, big)
        for uid in ids:
            targets[uid] = tgt
        remaining[tgt] = remaining.get(tgt, 0.0) - p.team_cv(ids)
        n, _t = big.get((army, town), (0, tgt))
        big[(army, town)] = (n + len(ids), tgt)
    detach(p, targets, value, remaining)
    p.memory.clear()
    p.memory.update(targets)
    return targets


def _kept_targets(
    p: Planning, mobile: list[str], value: dict[str, float], need: dict[str, float]
) -> dict[str, str]:
    """The targets remembered from earlier turns that are still wanted: an objective still standing (of the
    unit's own army, for the Allies), unless the unit has arrived at a base held well enough."""
    sit, mi = p.sit, p.mi
    targets: dict[str, str] = {}
    for uid in mobile:
        t = p.memory.get(uid)
        if t is None or t not in value:
            continue
        if sit.side != "french" and mi.bases[t][0] != sit.block[uid].army:
            continue
        here = sit.where.get(uid)
        if t in p.held and need.get(t, 0.0) <= 0 and here == t:
            continue  # it arrived and the base is held well enough: free for the next objective
        targets[uid] = t
    return targets


def _new_target(
    p: Planning,
    army: str,
    town: str,
    ids: list[str],
    value: dict[str, float],
    remaining: dict[str, float],
    big: dict[StackKey, tuple[int, str]],
) -> str:
    """The target of a stack without one: the Allies defend their own army's bases, the French go for any;
    a small detachment joins the nearest strong force instead of marching alone."""
    mi = p.mi
    mine = {o: v for o, v in value.items() if p.sit.side == "french" or mi.bases[o][0] == army}
    near = [
        (mi.dist[town][w], w)
        for (a, w), (n, _t) in big.items()
        if a == army and n >= 4 and w != town and mi.dist[town][w] <= 3
    ]
    if len(ids) <= 2 and near and mine:
        return big[(army, min(near)[1])][1]
    if not mine:
        return hunt_target(p, town)
    speed = 2.0 if all(p.utype(u) == "cavalry" for u in ids) else 1.0

    def score(o: str) -> tuple[float, str]:
        d = mi.dist[town][o] / speed
        wanted = 1.0 if remaining.get(o, 0.0) > 0 else 0.25
        return (-value[o] * wanted / (d + 2.0), o)

    return min(mine, key=score)


def detach(
    p: Planning, targets: dict[str, str], value: dict[str, float], remaining: dict[str, float]
) -> None:
    """A supply base nobody marches on (typically Ghent) gets a flying column: up to four cavalry blocks
    from a force marching on the same army's other base that has more than it needs."""
    if p.sit.side != "french":
        return
    for obj in sorted(value, key=lambda o: (-value[o], o)):
        if obj in p.held or any(t == obj for t in targets.values()):
            continue
        if remaining.get(obj, 0.0) <= 0:
            continue
        team = []
        for _d, _cv, u in sorted(_column_candidates(p, obj, targets, remaining)):
            t = targets[u]
            if remaining.get(t, 0.0) > -p.cv(u):
                continue
            targets[u] = obj
            remaining[t] = remaining.get(t, 0.0) + p.cv(u)
            remaining[obj] = remaining.get(obj, 0.0) - p.cv(u)
            team.append(u)
            if len(team) >= 4 or remaining[obj] <= 0:
                break


def _column_candidates(
    p: Planning, obj: str, targets: dict[str, str], remaining: dict[str, float]
) -> list[tuple[int, float, str]]:
    """Cavalry that can spare a step, from a force marching on the same army's other base with strength to
    spare: (distance to ``obj``, -strength, unit)."""
    mi = p.mi
    cands = []
    for u, t in targets.items():
        if p.utype(u) != "cavalry" or p.cv(u) < 2 or remaining.get(t, 0.0) > -p.cv(u):
            continue
        if mi.bases.get(t, ("", 0))[0] != mi.bases[obj][0]:
            continue  # only from a force marching on the same army's other base
        cands.append((mi.dist[p.sit.where[u]][obj], -p.cv(u), u))
    return cands


def hunt_target(p: Planning, town: str) -> str:
    """No objective left: the nearest enemy stack (or stay)."""
    if not p.sit.enemy:
        return town
    d = p.mi.dist[town]
    return min(p.sit.enemy, key=lambda t: (d.get(t, 99) - 0.1 * len(p.sit.enemy[t]), t))
