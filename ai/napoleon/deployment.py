"""Free deployment (3.1): the French stage near the supply bases they will march on; the Allies fill their
bases and the towns around them."""

from __future__ import annotations

from engine import Order
from engine.napoleon import BlockView, Legal
from engine.napoleon.orders import End, Setup

from .knowledge import MapInfo, Situation

DEAL_ORDER = ("cavalry", "infantry", "artillery")  # the French deal their kinds out in this order


def plan_setup(sit: Situation, legal: Legal, mi: MapInfo) -> list[Order]:
    """One /setup order per town, then /end."""
    unplaced = [b for b in sit.view.unplaced if b.id and b.id in legal.setup_towns]
    if not unplaced:
        return [End()]
    by_army: dict[str, list[BlockView]] = {}
    for b in unplaced:
        by_army.setdefault(b.army, []).append(b)
    orders: list[Order] = []
    for army, blocks in sorted(by_army.items()):
        for t, ids in _army_setup(sit, legal, mi, army, blocks).items():
            orders.append(Setup(tuple(ids), t))
    orders.append(End())
    return orders


def _army_setup(
    sit: Situation, legal: Legal, mi: MapInfo, army: str, blocks: list[BlockView]
) -> dict[str, list[str]]:
    """Town -> the blocks of one army placed there: the combat blocks dealt out over the staging towns with
    room (3.1: at most ``free_cap`` a town), the leaders with the biggest group, any left over anywhere
    legal."""
    allowed: set[str] = set()
    for b in blocks:
        allowed.update(legal.setup_towns.get(_id(b), ()))
    cap = mi.free_cap[army]
    used = {t: sum(1 for b in bs if b.army == army and b.type != "leader") for t, bs in sit.mine.items()}
    room = {t: cap - used.get(t, 0) for t in allowed}
    towns = _french_staging(mi, allowed) if army == "french" else _allied_staging(mi, army, allowed)
    combat = sorted([b for b in blocks if b.type != "leader"], key=lambda b: (-(b.cv or 0), b.id))
    leaders = [b for b in blocks if b.type == "leader"]
    # deal the blocks out round-robin by strength, so each group has a share of every kind
    slots = [t for t in towns if room.get(t, 0) > 0]
    if army == "french":
        plan = _deal_french(legal, combat, slots, room)
    else:
        plan = _deal_allied(legal, combat, slots, room)
    if leaders and plan:
        biggest = max(plan, key=lambda t: (len(plan[t]), -towns.index(t) if t in towns else 0))
        for b in leaders:
            if biggest in legal.setup_towns.get(_id(b), ()):
                plan[biggest].append(_id(b))
    _place_rest(legal, combat + leaders, plan, room, cap)
    return plan


def _id(b: BlockView) -> str:
    assert b.id is not None  # the blocks being placed are one's own, whose ids are known
    return b.id


def _deal_french(
    legal: Legal, combat: list[BlockView], slots: list[str], room: dict[str, int]
) -> dict[str, list[str]]:
    """Round-robin over the staging towns, kind by kind (``DEAL_ORDER``), the strongest first."""
    kinds: dict[str, list[BlockView]] = {}
    for b in combat:
        kinds.setdefault(b.type or "", []).append(b)
    order: list[BlockView] = []
    for k in DEAL_ORDER:
        order += kinds.get(k, [])
    plan: dict[str, list[str]] = {}
    i = 0
    for b in order:
        for _ in range(len(slots)):
            t = slots[i % len(slots)]
            i += 1
            if room[t] > 0 and t in legal.setup_towns.get(_id(b), ()):
                plan.setdefault(t, []).append(_id(b))
                room[t] -= 1
                break
    return plan


def _deal_allied(
    legal: Legal, combat: list[BlockView], slots: list[str], room: dict[str, int]
) -> dict[str, list[str]]:
    """Each block into the first staging town with room (the bases first), the strongest first."""
    plan: dict[str, list[str]] = {}
    for b in combat:
        for t in slots:
            if room[t] > 0 and t in legal.setup_towns.get(_id(b), ()):
                plan.setdefault(t, []).append(_id(b))
                room[t] -= 1
                break
    return plan


def _place_rest(
    legal: Legal, blocks: list[BlockView], plan: dict[str, list[str]], room: dict[str, int], cap: int
) -> None:
    """The blocks with no room in the planned towns: anywhere legal with room."""
    placed = {u for ids in plan.values() for u in ids}
    for b in blocks:
        if b.id in placed:
            continue
        for t in legal.setup_towns.get(_id(b), ()):
            if b.type == "leader" or room.get(t, cap) > 0:
                plan.setdefault(t, []).append(_id(b))
                if b.type != "leader":
                    room[t] = room.get(t, cap) - 1
                break


def _french_staging(mi: MapInfo, allowed: set[str]) -> list[str]:
    """The French towns closest to the supply bases: for each base (most valuable first) the nearest allowed
    town; a town that serves two bases counts once."""
    out: list[str] = []
    bases = sorted(mi.bases, key=lambda b: (-mi.bases[b][1], b))
    for b in bases:
        best = min(sorted(allowed), key=lambda t: (mi.dist[t][b], -_major_roads(mi, t)))
        if best not in out:
            out.append(best)
    # two bases share a staging town: the third group goes to the next town nearest the most valuable base
    rest = sorted(allowed - set(out), key=lambda t: (mi.dist[t][bases[0]], -_major_roads(mi, t), t))
    while len(out) < 3 and rest:
        out.append(rest.pop(0))
    return out


def _allied_staging(mi: MapInfo, army: str, allowed: set[str]) -> list[str]:
    bases = [b for b, (a, _loss) in mi.bases.items() if a == army and b in allowed]
    return sorted(allowed, key=lambda t: (min((mi.dist[t][b] for b in bases), default=9), t))


def _major_roads(mi: MapInfo, t: str) -> int:
    return sum(1 for n in mi.adj[t] if mi.road(t, n).cls == "major")
