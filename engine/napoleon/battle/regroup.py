"""7.6, the regroup: the victor's roles with something to regroup (in a 3-player game the British first,
product decision 8), who retreat units out of the town or bring units in, not both (FAQ 8.2), 2/1 a road (FAQ
4, 8.3). ``/regroup``, then ``/end``."""

from __future__ import annotations

from ...errors import RuleError
from ..context import Ctx
from ..orders import Regroup
from ..state import Battle, BattleStatus, road_key
from .common import err, match_town, nat, owned, side_roles, unit_ids
from .reinforce import plan_reinforce, reinforcements
from .retreat import plan_retreat, retreat_paths, room


def regroup_roles(ctx: Ctx, b: Battle) -> list[str]:
    """7.6: the victor's roles with something to regroup. In a 3-player game the British choose first, so
    their choice of retreat or reinforce binds the Prussians (product decision 8)."""
    if b.status != BattleStatus.REGROUP or b.victor is None:
        return []
    out = []
    for r in side_roles(ctx, b.victor):
        if r in b.ended:
            continue
        here = any(owned(u, r) for u in ctx.units_at(b.town, b.victor))
        if (b.regroup_kind != "reinforce" and here and _regroup_out_options(ctx, b, r)) or (
            b.regroup_kind != "retreat" and reinforcements(ctx, b, r, regroup=True)
        ):
            out.append(r)
    return out[:1]


def _regroup_out_options(ctx: Ctx, b: Battle, role: str) -> list[tuple[str, str]]:
    out = []
    victor = b.acting(regroup=True)
    for u in ctx.units_at(b.town, victor):
        if not owned(u, role):
            continue
        for p in retreat_paths(ctx, b, victor, u, forced=False):
            if u.leader or room(ctx, b.regroup_use, p[0], p[1], {}) > 0:
                out.append((u.id, p[-1]))
    return out


def do_regroup(ctx: Ctx, b: Battle, role: str, order: Regroup) -> None:
    """7.6: the victor retreats units out of the town or brings units in, not both (FAQ 8.2); 2/1 per road
    (FAQ 4, 8.3). Disrupted: retreating regroupers in both editions; reinforcing ones in [3.4] only
    (FAQ 8.1)."""
    ids = unit_ids(ctx, order.units)
    kind = "retreat" if order.to is not None else "reinforce"
    if b.regroup_kind and b.regroup_kind != kind:
        raise err("7.6", "battle.regroup_kind", kind=b.regroup_kind)
    if kind == "retreat":
        dest = match_town(ctx, order.to or "")
        plan = plan_retreat(ctx, b, role, ids, dest, order.path, False, b.regroup_use, regroup=True)
        b.regroup_kind = kind
        for u, path in plan:
            assert path is not None  # 7.6: a regrouping block leaves no engaged spot, so it never routs
            if not u.leader:
                k = road_key(path[0], path[1])
                b.regroup_use[k] = b.regroup_use.get(k, 0) + 1
            w = ctx.st.own(u)  # copy on write (state.py); the plan's objects are read for their army only
            w.location = path[-1]
            w.disrupted = True
            w.retreated = True
        towns = ", ".join(sorted({p[-1] for _u, p in plan if p}))
        ctx.emit(
            "regroup",
            {
                "town": b.town,
                "how": kind,
                "to": towns,
                "count": len(plan),
                "armies": sorted({u.army for u, _p in plan}),
            },
            secret={"units": ids},
            to=(role,),
        )
    else:
        town = match_town(ctx, order.source or "")
        plan_reinforce(ctx, b, role, ids, town, b.regroup_use, regroup=True)
        b.regroup_kind = kind
        key = road_key(b.town, town)
        for uid in ids:
            u = ctx.st.own(ctx.st.units[uid])  # copy on write (state.py)
            u.location = b.town
            if not u.leader:
                b.regroup_use[key] = b.regroup_use.get(key, 0) + 1
            if not ctx.third:
                u.disrupted = True  # [3.4] 7.6: every regrouped unit is disrupted (FAQ 8.1 is [3rd] only)
        ctx.emit(
            "regroup",
            {"town": b.town, "how": kind, "from": town, "count": len(ids)},
            secret={"units": ids},
            to=(role,),
        )


def regroup_choices(ctx: Ctx, b: Battle, role: str) -> list[Regroup]:
    out = []
    if b.regroup_kind != "reinforce":
        for uid, dest in sorted(set(_regroup_out_options(ctx, b, role)), key=lambda x: (nat(x[0]), x[1])):
            try:
                plan_retreat(ctx, b, role, [uid], dest, (), False, b.regroup_use, regroup=True)
            except RuleError:
                continue
            out.append(Regroup((uid,), to=dest))
    if b.regroup_kind != "retreat":
        found = reinforcements(ctx, b, role, regroup=True)  # asked once for all the choices
        for town, u in sorted(found, key=lambda x: (x[0], nat(x[1].id))):
            try:
                plan_reinforce(ctx, b, role, [u.id], town, b.regroup_use, regroup=True, found=found)
            except RuleError:
                continue
            out.append(Regroup((u.id,), source=town))
    return out
