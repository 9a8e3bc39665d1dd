"""The bot's picture of a good position (``Aims``): a value for every piece in every area, so that a move is
scored by what it gains, cheaply, with no search.

- **Objectives (facts 9).** The French are drawn to the objectives the Allies hold (Quatre Bras most: with
  the Namur road east of it, the decisive victory), to the area next to one the enemy stands in (14: an
  assault needs contact, 13.1: no entering an enemy area), and into an empty one (entering it takes it). The
  Allies keep what they hold, the more the nearer the enemy is, and retake what the French took. An
  objective of one's own is worth a garrison while the enemy is near (13.1: he cannot walk in).
- **Command (9.0-9.4, 3.32).** A unit beyond its formation leader's range will be out of command at its next
  activation (MA -1, no attack, no entering an area next to the enemy): each area beyond costs. A leader is
  drawn to his units and his superior's range, and is never left alone next to the enemy (3.13).
- **Arms.** Artillery wants the enemy at range 2 (12.4) and not in contact alone; cavalry wants a charge line
  (10.1: 2 areas, straight, the area between empty, the target chargeable, not uphill); the HQ keeps away
  from the enemy (9.53, 9.54: one step eliminates it) near the army commander (9.5)."""

from __future__ import annotations

from dataclasses import dataclass

from .knowledge import Board, Seen, bearing

FADE = 0.8  # an objective's pull loses a fifth an area
COMMAND = 1.5  # the cost of each area beyond a leader's range (9.2, 9.4)
ALONE = 4.0  # a leader alone next to the enemy (3.13)


@dataclass
class Aims:
    b: Board
    seen: Seen
    side: str
    weight: dict[str, float]  # objective -> what it is worth to this side
    threat: dict[str, float]  # objective -> how near the enemy is
    field: dict[str, float]  # area -> the pull of the objectives
    pos: dict[str, str]  # own piece -> area
    combat: dict[str, int]  # area -> own combat units there
    leaders_in: dict[str, int]  # area -> own leaders there
    pairs: dict[str, list[tuple[str, int, float]]]  # piece -> (the other piece, range, weight)
    charge_from: dict[str, float]  # area -> the best charge line from it


def aims(b: Board, seen: Seen) -> Aims:
    side = seen.role
    weight: dict[str, float] = {}
    for o, vp in b.objectives.items():
        w = float(vp)
        if b.decisive and b.decisive[0] == side and o in b.decisive[1]:
            w *= 1.4  # facts 9: the crossroads and the Namur road end the game at once
        weight[o] = w
    # how near the enemy is: the Allies, on the defence, look one area further ahead
    reach = 1 if side == "allies" else 0
    threat = {
        o: 1.0 if seen.near[o] <= 2 + reach else 0.5 if seen.near[o] <= 3 + reach else 0.2
        for o in b.objectives
    }
    late = seen.turn >= seen.turns - 1
    field = {}
    for a in b.areas:
        best = 0.0
        for o, w in weight.items():
            d = b.d(a, o)
            if seen.holders.get(o) != side:
                if seen.enemy_at(o):
                    d = max(d - 1, 0)  # 14: the assault is made from next door
                v = w * (1.2 if side == "french" else 0.9)
            else:
                v = w * threat[o] * (0.8 if side == "french" else 1.0)
            best = max(best, v * FADE**d)
        field[a] = best
    if late and side == "allies":
        field = {a: v * 1.2 for a, v in field.items()}
    pos: dict[str, str] = {}
    combat: dict[str, int] = {}
    for u in seen.units.values():
        if u["side"] == side:
            pos[u["id"]] = u["area"]
            if u["kind"] != "hq":
                combat[u["area"]] = combat.get(u["area"], 0) + 1
    leaders_in: dict[str, int] = {}
    for x in seen.leaders.values():
        if x["side"] == side:
            pos[x["id"]] = x["area"]
            leaders_in[x["area"]] = leaders_in.get(x["area"], 0) + 1
    pairs: dict[str, list[tuple[str, int, float]]] = {}

    def pair(x: str, y: str, r: int, w: float) -> None:
        if x in pos and y in pos:
            pairs.setdefault(x, []).append((y, r, w))
            pairs.setdefault(y, []).append((x, r, w))

    for u in seen.units.values():
        if u["side"] != side or u["kind"] == "hq":
            continue
        f = seen.formations.get(u["formation"])
        if f is not None and f["leader"] in seen.leaders:
            pair(u["id"], f["leader"], int(seen.leaders[f["leader"]]["range"]), COMMAND)
    for x in seen.leaders.values():
        if x["side"] != side:
            continue
        sup = b.superior.get(x["id"])
        if x["id"] != seen.army.get(side) and seen.army.get(side) in seen.leaders:
            sup = sup if sup in seen.leaders else seen.army[side]
        if sup and sup in seen.leaders and sup != x["id"]:
            pair(x["id"], sup, int(seen.leaders[sup]["range"]), COMMAND * 0.6)
    charge_from = {a: _charge_line(b, seen, a) for a in b.areas}
    return Aims(b, seen, side, weight, threat, field, pos, combat, leaders_in, pairs, charge_from)


def _charge_line(b: Board, seen: Seen, a: str) -> float:
    """10.1: the best target a charge from ``a`` would have (2 areas away in a straight line, the area between
    empty, the target chargeable and not uphill), infantry and guns softer than cavalry."""
    best = 0.0
    for t, via in b.charge_lines[a].items():
        foes = seen.combat(seen.enemy, t)
        if not foes or not b.chargeable[t] or b.elev[t] > b.elev[a]:
            continue
        if seen.by_area[seen.enemy].get(via) or seen.by_area[seen.role].get(via):
            continue
        soft = sum(1 for u in foes if u["kind"] != "cavalry") / len(foes)
        best = max(best, 1.0 + soft + (0.5 if t in b.objectives else 0.0))
    return best


def piece_value(m: Aims, pid: str, a: str) -> float:
    """What one piece is worth in area ``a`` by itself (objectives' pull, its arm's wants)."""
    seen, b = m.seen, m.b
    near = seen.near[a]
    if pid in seen.leaders:
        x = seen.leaders[pid]
        if x["kind"] == "army":
            return -0.3 * max(0, 2 - near)  # the army commander stays a little back
        return 0.0
    u = seen.units[pid]
    kind = u["kind"]
    strength = 0.5 + 0.25 * min(int(u["sp"]), 4)
    if kind == "hq":
        army = seen.army.get(m.side)
        with_him = army in m.pos and m.pos[army] == a
        return (-3.0 if near <= 1 else 0.0) + (0.8 if with_him else 0.0)
    if kind == "artillery":
        gun = 1.2 if near == 2 else 0.6 if near == 1 and m.combat.get(a, 0) > 1 else -1.0 if near == 1 else 0
        return 0.5 * strength * m.field[a] + gun
    if kind == "cavalry":
        return 0.6 * strength * m.field[a] + m.charge_from[a] - (0.5 if b.assault_pct[a] < 0 else 0.0)
    return strength * m.field[a] - (0.2 if near == 1 and int(u["steps"]) <= 1 else 0.0)


def area_value(m: Aims, a: str, combat: int, leaders: int) -> float:
    """What standing in ``a`` is worth to the side as a whole: an objective taken (facts 9: the last to occupy
    it), an objective of its own garrisoned while the enemy is near, a leader never alone next to the enemy
    (3.13)."""
    v = 0.0
    if a in m.weight and combat > 0:
        if m.seen.holders.get(a) != m.side:
            v += 2.0 * m.weight[a]
        else:
            v += m.weight[a] * m.threat[a] * (1.0 if m.side == "allies" else 0.7)
    if leaders and m.seen.near[a] <= 1:
        v -= ALONE * leaders if combat == 0 else 0.3 * leaders
    return v


def _pair(m: Aims, a: str, c: str, r: int, w: float) -> float:
    """9.2: each area beyond the range costs; a leader with his units gives them his tactical value (3.1)
    and his presence in the morale check (G4), so standing together is worth a little."""
    d = m.b.d(a, c)
    return -w * max(0, d - r) + (0.2 if d == 0 else 0.0)


def move_gain(m: Aims, pieces: tuple[str, ...], to: str) -> float:
    """The change of the position's value when ``pieces`` (standing together) go to ``to``."""
    if not pieces or any(p not in m.pos for p in pieces):
        return -99.0
    src = m.pos[pieces[0]]
    if src == to:
        return 0.0
    new = {p: to for p in pieces}
    gain = sum(piece_value(m, p, to) - piece_value(m, p, src) for p in pieces)
    done: set[tuple[str, str]] = set()
    for p in pieces:
        for q, r, w in m.pairs.get(p, []):
            key = (min(p, q), max(p, q))
            if key in done:
                continue
            done.add(key)
            here, there = m.pos[p], m.pos[q]
            gain += _pair(m, new.get(p, here), new.get(q, there), r, w) - _pair(m, here, there, r, w)
    n_combat = sum(1 for p in pieces if p in m.seen.units and m.seen.units[p]["kind"] != "hq")
    n_lead = sum(1 for p in pieces if p in m.seen.leaders)
    for area, dc, dl in ((src, -n_combat, -n_lead), (to, n_combat, n_lead)):
        nc, nl = m.combat.get(area, 0), m.leaders_in.get(area, 0)
        gain += area_value(m, area, nc + dc, nl + dl) - area_value(m, area, nc, nl)
    return gain


def best_facing(m: Aims, uid: str) -> str | None:
    """13.9: a long counter or battery faces the enemy nearest it (the pull of the enemy's stacks by distance)
    through the border that points the most towards them; None when no enemy is within 3 areas."""
    seen, b = m.seen, m.b
    u = seen.units[uid]
    a = u["area"]
    targets = [(t, seen.sp(seen.enemy, t)) for t in b.areas if seen.combat(seen.enemy, t) and b.d(a, t) <= 3]
    if not targets:
        return None
    vx = vy = 0.0
    for t, sp in targets:
        w = (sp + 1) / (b.d(a, t) ** 2)
        dx, dy = bearing(b, a, t)
        vx, vy = vx + w * dx, vy + w * dy
    opts = b.facings.get(a, ())
    if not opts:
        return None

    def cos(n: str) -> float:
        dx, dy = bearing(b, a, n)
        return dx * vx + dy * vy

    best = max(sorted(opts), key=cos)
    cur = u.get("facing")
    if cur in opts and cos(best) - cos(cur) < 0.3 * (abs(vx) + abs(vy)):
        return None
    return best


def formation_urgency(m: Aims, fid: str) -> float:
    """8.1: which formations to name first: those in contact, then those with guns in range, then the rest
    (each activates once a turn, 8.15; the step may end at two failures in a row, 8.13)."""
    v = 0.0
    for u in m.seen.units.values():
        if u["formation"] != fid or u["side"] != m.side or u["kind"] == "hq":
            continue
        near = m.seen.near[u["area"]]
        k = 3.0 if near <= 1 else 2.0 if near <= 2 else 1.0
        if u["kind"] == "artillery" and near <= 2:
            k = 3.0
        v += k * (1 + int(u["sp"]))
    return v
