"""A battle order applied (atomic, as every order): the battle it is meant for (6.4: named, else the
one waiting for this role), the rule file that applies it, then whatever has nothing left to wait for
(``settle``, ``advance``: the automatic transitions of ``machine.py``); ``/orders``, several orders in one;
and ``legal_battle``, every order a role may give now."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from ...errors import RuleError
from ...messages import error_data
from ...orders import Order
from ..context import Ctx
from ..orders import End, Orders
from ..orders import item as read_item
from ..sequence import Phase
from ..state import Battle, BattleStatus, GameState
from . import machine
from .combat import do_battle_move, do_fire, do_square
from .common import err, match_town, match_unit, side_roles
from .deploy import deploy_choices, do_deploy
from .regroup import do_regroup, regroup_choices, regroup_roles
from .reinforce import do_reinforce
from .retreat import do_retreat
from .table import active_roles, battles_for, stages_for
from .turns import end_turn, turn_choices, turn_roles


def _pick(ctx: Ctx, role: str, order: Order, kinds: tuple[str, ...]) -> Battle:
    found = battles_for(ctx, role)
    cands = [b for k in kinds for b in found[k]]
    named: str | None = getattr(order, "battle", None)
    if named is not None:
        town = match_town(ctx, named)
        for b in cands:
            if b.town == town:
                return b
        if any(b.town == town and not b.over for b in ctx.st.battles):
            if cands:
                towns = [b.town for b in cands]
                raise err("6.4", "battle.not_waiting_here_others", town=town, role=role, towns=towns)
            raise err("6.4", "battle.not_waiting_here", town=town, role=role)
        raise err("6.0", "battle.no_battle", town=town)
    if len(cands) == 1:
        return cands[0]
    if not cands:
        if kinds == ("deploy",):
            for b in ctx.st.battles:
                if (
                    b.status in (BattleStatus.DEPLOY, BattleStatus.FIGHTING)
                    and role in b.deployed
                    and role in side_roles(ctx, b.defender)
                    and any(r in b.deployed for r in side_roles(ctx, b.attacker))
                ):
                    # 6.2: once the attacker has started placing, the defender may not change
                    raise err("6.2", "battle.deploy_final", town=b.town)
        waiting = active_roles(ctx)
        rule = "6.2" if kinds == ("deploy",) else "7.6" if kinds == ("regroup",) else "6.3"
        mine = {k: [b.town for b in bs] for k, bs in battles_for(ctx, role).items() if bs}
        if mine:  # the battles wait for another order of this role: say which, not "waiting for you"
            kind, towns = next(iter(mine.items()))
            raise err(rule, "battle.nothing_waiting_yours", order=order.kind, wait=kind, towns=towns)
        if waiting:
            raise err(rule, "battle.nothing_waiting_for", order=order.kind, role=role, waiting=waiting)
        raise err(rule, "battle.nothing_waiting", order=order.kind, role=role)
    names: tuple[str, ...] = getattr(order, "units", None) or (
        (order.unit,) if hasattr(order, "unit") else ()
    )
    ids = [match_unit(ctx, t) for t in names]
    if ids and order.kind not in ("reinforce", "regroup"):
        with_units = [b for b in cands if ids[0] in b.pos]
        if len(with_units) == 1:
            return with_units[0]
    raise err("6.4", "battle.which", role=role, towns=[b.town for b in cands])


def apply_battle_order(ctx: Ctx, role: str, order: Order) -> None:
    if ctx.st.phase == Phase.OVER:
        raise err("12.0", "game.over")
    if isinstance(order, Orders):
        _orders(ctx, role, order)
        return
    _apply_one(ctx, role, order)


def _apply_one(ctx: Ctx, role: str, order: Order) -> None:
    """One order: to the battle waiting for it (the stages of the table whose states take this kind of order),
    by the rule file of its kind; then whatever has nothing left to wait for (not after a deployment, which
    ends nothing but its own set-up)."""
    stages = stages_for(order.kind)
    if not stages:
        raise err("", "battle.unknown_order", order=order.kind)
    b = _pick(ctx, role, order, stages)
    was = b.status
    _RULES[order.kind](ctx, b, role, order)
    settle(ctx, b, was)
    if order.kind != "deploy":
        _advance(ctx)


def _end(ctx: Ctx, b: Battle, role: str, order: End) -> None:
    """``/end``: this role is done with this battle turn (6.3, 13.1) or with the regroup (7.6)."""
    if b.status == BattleStatus.REGROUP:
        b.ended.append(role)
        ctx.emit("regroup_done", {"town": b.town, "role": role})
    else:
        machine.open_round(b)
        b.ended.append(role)


# the rule file that applies each kind of order (each takes its own kind: ``orders.py``)
_RULES: dict[str, Callable[[Ctx, Battle, str, Any], None]] = {
    "deploy": do_deploy,  # 6.2
    "retreat": do_retreat,  # 7.0
    "battle-move": do_battle_move,  # 8.1
    "fire": do_fire,  # 8.3
    "square": do_square,  # 8.5
    "unsquare": do_square,
    "reinforce": do_reinforce,  # 9.0
    "regroup": do_regroup,  # 7.6
    "end": _end,
}


def settle(ctx: Ctx, b: Battle, was: BattleStatus) -> None:
    """7.6: a battle that the rule just applied has won (it was ``was``, now it regroups) and whose victor has
    nothing to regroup is over at once (the transition REGROUP -> OVER of ``machine.py``, made here, above the
    rules that say who regroups)."""
    if was != BattleStatus.REGROUP and b.status == BattleStatus.REGROUP and not regroup_roles(ctx, b):
        machine.finish(ctx, b)


def _advance(ctx: Ctx) -> None:
    """Close whatever has nothing left to wait for: a battle turn whose roles have all ended, a regroup with
    nothing left to decide."""
    for _ in range(1000):
        if ctx.st.phase == Phase.OVER:
            return
        changed = False
        for b in ctx.st.battles:
            if b.status == BattleStatus.FIGHTING and b.turn_side and not turn_roles(ctx, b):
                end_turn(ctx, b)
                settle(ctx, b, BattleStatus.FIGHTING)
                changed = True
            elif b.status == BattleStatus.REGROUP and not regroup_roles(ctx, b):
                machine.finish(ctx, b)
                changed = True
        if not changed:
            return


def _restore(st: GameState, snap: GameState) -> None:
    for f in dataclasses.fields(GameState):
        setattr(st, f.name, getattr(snap, f.name))


def _orders(ctx: Ctx, role: str, order: Orders) -> None:
    """Several orders applied in order; stops at the first one not legal then (or that cannot be
    read: each item is read when its turn comes), the ones before it standing (so this order is not
    all-or-nothing). The first item failing rejects the whole order."""
    for i, item in enumerate(order.items, 1):
        if ctx.st.phase == Phase.OVER:
            break
        snap = ctx.st.clone()
        try:
            _apply_one(ctx, role, read_item(item, order.battle))
        except RuleError as e:
            _restore(ctx.st, snap)
            if i == 1:
                raise err(e.rule, "battle.orders_item", i=i, item=item.strip(), error=e) from None
            ctx.emit(
                "orders_stopped",
                {"role": role, "done": i - 1, "item": i, "rule": e.rule},
                secret={"text": item.strip(), "error": e.message, "why": error_data(e)},
                to=(role,),
            )
            return


def legal_battle(ctx: Ctx, role: str) -> list[Order]:
    """Every order ``role`` may give now (complete but for /deploy, which lists a few diverse choices); each
    names its battle when the role acts in more than one (6.4)."""
    if ctx.st.phase == Phase.OVER:
        return []
    found = battles_for(ctx, role)
    n = sum(len(v) for v in found.values())
    out: list[Order] = []

    def named(b: Battle, orders: list[Any]) -> list[Order]:
        return [dataclasses.replace(o, battle=b.town) for o in orders] if n > 1 else orders

    for b in found["deploy"]:
        out += named(b, deploy_choices(ctx, b, role))
    for b in found["turn"]:
        out += named(b, [*turn_choices(ctx, b, role), End()])
    for b in found["regroup"]:
        out += named(b, [*regroup_choices(ctx, b, role), End()])
    return out
