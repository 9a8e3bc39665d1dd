"""7.0-7.4, retreats in a battle turn's retreat phase: the paths a block may take (7.1 towns,
``destinations.py``; 7.3 speed and forced march), the road limits of 2/1 a battle turn (7.2), a block that
leaves an engaged column routs (7.0 with 7.5: attrition, the rout's road limits, eliminated if it has no way
out), and retreated blocks are disrupted (7.4). ``/retreat``."""

from __future__ import annotations

from typing import Any

from ...errors import RuleError
from ..context import Ctx
from ..faces import face_public
from ..orders import Retreat
from ..sequence import Phase
from ..state import LEADER_OF, Battle, BattlePhase, Unit, road_key
from . import machine
from .common import ROAD_LIMIT, board_of, err, match_town, named, owned, road_between, roll, unit_ids
from .destinations import may_retreat_far, retreat_towns
from .rout import ROUT_LOSS, check_over, check_rout, rout_limit


def _over(ctx: Ctx) -> bool:
    """Whether the game has ended (12.0): read afresh, as the rout or the loss just made may end it."""
    return ctx.st.phase == Phase.OVER


def _speed(u: Unit) -> int:
    """7.3: infantry and artillery 1 town, cavalry (and leaders, [3.4] text; 5.2 for [3rd]) 2."""
    return 2 if u.type in ("cavalry", "leader") else 1


def retreat_paths(ctx: Ctx, b: Battle, side: str, u: Unit, *, forced: bool) -> list[list[str]]:
    """Every legal retreat path (battle town first) for ``u``. 7.1: the first town is one the side may
    retreat to; 7.3: every town passed through must be a legal retreat town (never an enemy town), and so
    must the town reached, in both editions (rulings 7.3: [3.4] says it, [3rd] 「退却可能な町」 means it: a
    clarification, not a change of the edition). [3rd] forced march: exactly one town more
    than the unit's speed (rulings 7.3)."""
    return [list(p) for p in _paths(ctx, b, side, _speed(u) + (1 if forced else 0), forced)]


# The walks of ``_paths``, kept while who stands where is the same (``Ctx.occupancy``: a new dict whenever a
# unit's place changes, never changed in place) in the same scenario: (occupancy, scenario, key -> paths).
# ``legal()`` asks the same walk for every block of a speed and every town it may reach (docs/performance.md).
_WALKS: list[tuple[object, object, dict[tuple[object, ...], tuple[tuple[str, ...], ...]]]] = [
    (None, None, {})
]


def _paths(ctx: Ctx, b: Battle, side: str, length: int, forced: bool) -> tuple[tuple[str, ...], ...]:
    """``retreat_paths`` of a block that retreats ``length`` towns at most (exactly, ``forced``)."""
    occ = ctx.occupancy()
    sc = ctx.sc
    kept = _WALKS[0]
    if kept[0] is not occ or kept[1] is not sc:
        kept = (occ, sc, {})
        _WALKS[0] = kept  # one assignment: another thread sees the old triple or the new one
    passed, reinforced_from = tuple(b.passed), tuple(b.reinforced_from)
    key = (b.town, side, b.attacker, passed, reinforced_from, length, forced)
    found = kept[2].get(key)
    if found is not None:
        return found
    first = set(retreat_towns(ctx, b.town, side, b.attacker, passed, reinforced_from))
    out: list[tuple[str, ...]] = []

    def walk(path: tuple[str, ...]) -> None:
        depth = len(path) - 1
        if depth >= 1:
            here = path[-1]
            # 7.1, 7.3: the town reached and every town passed through are towns the side may retreat to
            through = (
                here in first
                if depth == 1
                else may_retreat_far(ctx, here, side, b.attacker, passed, reinforced_from)
            )
            if through and (not forced or depth == length):
                out.append(path)
            if depth == length or not through:
                return
        for nxt, _r in sc.neighbours(path[-1]):
            if nxt not in path:
                sides = occ.get(nxt)
                if not (sides and (len(sides) > 1 or side not in sides)):  # Ctx.enemy_in
                    walk((*path, nxt))

    walk((b.town,))
    paths = kept[2][key] = tuple(out)
    return paths


def room(ctx: Ctx, use: dict[str, int], a: str, c: str, extra: dict[str, int], *, rout: bool = False) -> int:
    """Units the road a-c may still take this battle turn: 2/1 (7.2, 9.1, 7.6), or 10/6 halved across a river
    for a unit that routs (7.5)."""
    road = road_between(ctx, a, c)
    key = road_key(a, c)
    limit = rout_limit(road) if rout else ROAD_LIMIT[road.cls]
    return limit - use.get(key, 0) - extra.get(key, 0)


def plan_retreat(
    ctx: Ctx,
    b: Battle,
    role: str,
    ids: list[str],
    dest: str,
    pinned_names: tuple[str, ...],
    forced: bool,
    use: dict[str, int],
    *,
    regroup: bool = False,
) -> list[tuple[Unit, list[str] | None]]:
    """Validate a retreat (7.0-7.3) or a regroup by retreat (7.6) of ``ids`` to ``dest``; return each unit's
    path (None: routing, it finds no way out and is eliminated, 7.5). Nothing is changed."""
    rule = "7.6" if regroup else "7.0"
    side = b.acting(regroup)
    if forced and not ctx.third:
        raise err("7.3", "battle.retreat_forced_34")
    if forced and regroup:
        raise err("7.6", "battle.regroup_not_forced")
    pinned = None
    if pinned_names:
        pinned = [match_town(ctx, t) for t in pinned_names]
        if pinned[0] != b.town:
            pinned = [b.town, *pinned]
        if pinned[-1] != dest:
            raise err(rule, "battle.path_end", town=dest)
    extra: dict[str, int] = {}
    extra_rout: dict[str, int] = {}
    board = None if regroup else board_of(ctx, b)
    plan: list[tuple[Unit, list[str] | None]] = []
    for uid in ids:
        u = ctx.st.units[uid]
        if regroup:
            if u.location != b.town or u.side != side or not owned(u, role):
                raise err(rule, "battle.not_your_block_at", unit=uid, town=b.town)
        elif uid not in b.pos or not owned(u, role):
            raise err(rule, "battle.not_your_block", unit=uid, town=b.town)
        if forced and u.leader:
            raise err("5.5", "battle.leader_forced")
        # 7.0 (P1-7.0a): a unit leaving an engaged spot routs, so it uses the rout limits of 7.5 (10/6, halved
        # across a river), counted apart from the 2/1 of the ordinary retreat (7.2)
        routs = not regroup and board is not None and board.unit_engaged(uid)
        used, tally = (b.rout_use, extra_rout) if routs else (use, extra)
        if routs and trapped(ctx, b, side, u, used, tally):
            # 7.0, 7.5 「(いかなる理由があっても)退却できなかったユニットは全滅します」: it routs, finds no
            # way out, and is eliminated (rulings 7.0); the order names a neighbouring town
            if ctx.sc.road(b.town, dest) is None:
                raise err("7.5", "battle.trapped_neighbour", unit=uid, battle=b.town, town=dest)
            plan.append((u, None))
            continue
        every = _paths(ctx, b, side, _speed(u) + (1 if forced else 0), forced)
        paths = [p for p in every if p[-1] == dest]
        if pinned:
            paths = [p for p in paths if list(p) == pinned]
        if not paths:
            ok = sorted({p[-1] for p in every})
            near = ctx.sc.road(b.town, dest) is not None
            key = ("battle.cannot_retreat_to" if ok else "battle.cannot_retreat_nowhere") + (
                "_3rd" if ctx.third else ""
            )
            extra_params: dict[str, Any] = {"ok": ok} if ok else {}
            if ctx.third:
                extra_params["forced"] = forced
            raise err("7.3" if dest in ok or not near else "7.1", key, unit=uid, town=dest, **extra_params)
        best = None
        for p in sorted(paths, key=lambda p: (len(p), -room(ctx, used, p[0], p[1], tally, rout=routs), p)):
            if u.leader or room(ctx, used, p[0], p[1], tally, rout=routs) > 0:
                best = p
                break
        if best is None:
            road = road_between(ctx, paths[0][0], paths[0][1])
            raise err(
                "7.5" if routs else "7.6" if regroup else "7.2",
                "battle.regroup_road_full" if regroup else "battle.retreat_road_full",
                town=b.town,
                to=paths[0][1],
                cls=road.cls,
                limit=rout_limit(road) if routs else ROAD_LIMIT[road.cls],
            )
        if not u.leader:  # rulings 10.0: leaders use no road capacity
            k = road_key(best[0], best[1])
            tally[k] = tally.get(k, 0) + 1
        plan.append((u, list(best)))
    return plan


def trapped(ctx: Ctx, b: Battle, side: str, u: Unit, used: dict[str, int], tally: dict[str, int]) -> bool:
    """7.5: no road out for this routing unit: no town it may retreat to (7.1, 7.3; a [3rd] forced march
    included), or no room left on the rout limits of every road to one."""
    for forced in (False, True) if ctx.third and not u.leader else (False,):
        for p in _paths(ctx, b, side, _speed(u) + (1 if forced else 0), forced):
            if u.leader or room(ctx, used, p[0], p[1], tally, rout=True) > 0:
                return False
    return True


def do_retreat(ctx: Ctx, b: Battle, role: str, order: Retreat) -> None:
    if b.phase != BattlePhase.RETREAT:
        raise err("7.0", "battle.retreat_phase_over")
    ids = unit_ids(ctx, order.units)
    dest = match_town(ctx, order.to)
    plan = plan_retreat(ctx, b, role, ids, dest, order.path, order.forced, b.retreat_use)
    machine.open_round(b)
    side = b.acting()
    for u, path in plan:
        if u.id not in b.pos or _over(ctx):
            break  # routed by an earlier unit of this order
        u = ctx.st.own(u)  # copy on write (state.py): this state's own object, read and written from here
        board = board_of(ctx, b)
        s = b.pos[u.id]
        engaged = board.engaged(s)
        pub, sec, to = named(ctx, b, u)
        if engaged:  # 7.0: retreating from an engaged column costs that unit the rout attrition (7.5)
            loss = ROUT_LOSS[u.type]
            if u.type == "cavalry" and not any(
                ctx.st.units[e].type == "cavalry" for e in board.enemies_at(s, side)
            ):
                loss = 0
            if loss:
                ctx.lose(
                    u, loss, "retreat from an engaged column (7.0, 7.5)", public_face=face_public(ctx, b, u)
                )
        if path is None:  # 7.5: it could not retreat, so it is eliminated (rulings 7.0)
            if not u.eliminated:
                ctx.eliminate(u, "no way out of the battle: a unit that cannot retreat is eliminated (7.5)")
            b.progress = True
            b.pos.pop(u.id, None)
            if _over(ctx):
                return
            if check_rout(ctx, b, side, "a line column emptied by retreat (7.5)") or check_over(ctx, b):
                return
            continue
        if not u.leader and not u.eliminated:  # a unit the attrition eliminated never takes the road
            k = road_key(path[0], path[1])
            use = b.rout_use if engaged else b.retreat_use  # 7.0: from an engaged spot it routs (7.5)
            use[k] = use.get(k, 0) + 1
        if not u.eliminated and len(path) - 1 > _speed(u):  # [3rd] 7.3: forced march, -1 to the roll
            lid = LEADER_OF.get(u.army)
            bonus = 1 if lid and lid in b.pos and lid != u.id else 0  # 10.1: a leader in the town
            need = 4 - (bonus - 1)  # the lowest die that avoids the loss (1-3 after the modifier loses)
            check = {"town": b.town, "modifier": bonus - 1, "need": need, **pub}
            die = roll(ctx, 1, "forced-march retreat (7.3)", check, sec, to)[0]
            u.force_marched = True
            if die < need:
                ctx.lose(u, 1, "forced-march retreat (5.5, 7.3)", public_face=False)
        b.progress = True
        if u.eliminated:
            b.pos.pop(u.id, None)
        else:
            del b.pos[u.id]
            u.location = path[-1]
            u.disrupted = True  # 7.4
            u.retreated = True  # 9.2
            u.in_square = False
            ctx.emit(
                "retreat",
                {"town": b.town, "to": path[-1], "path": path, "army": u.army, **pub, "engaged": engaged},
                secret=sec,
                to=to,
            )
        if _over(ctx):
            return
        if check_rout(ctx, b, side, "a line column emptied by retreat (7.5)"):
            return
        if check_over(ctx, b):
            return


def retreat_choices(ctx: Ctx, b: Battle, role: str, side: str, mine: list[Unit]) -> list[Retreat]:
    """7.0-7.3, 7.5: the retreats of ``mine`` (the role's blocks in the battle)."""
    out: list[Retreat] = []
    board = board_of(ctx, b)
    for u in mine:
        if board.unit_engaged(u.id) and trapped(ctx, b, side, u, b.rout_use, {}):
            town = ctx.sc.neighbours(b.town)[0][0]  # 7.5: retreated anyway, it is eliminated
            out.append(Retreat((u.id,), town))
            continue
        for forced in (False, True) if ctx.third and not u.leader else (False,):
            dests = sorted({p[-1] for p in _paths(ctx, b, side, _speed(u) + (1 if forced else 0), forced)})
            for d in dests:
                try:
                    plan_retreat(ctx, b, role, [u.id], d, (), forced, b.retreat_use)
                except RuleError:
                    continue
                out.append(Retreat((u.id,), d, forced=forced))
    return out
