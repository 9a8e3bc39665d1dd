"""6.1-6.2, the battle begins: set up on the board (6.1), deployed in secret, the defender first, each role
its own blocks (6.2, 13.1), one block at least in each line column and one leader in the line (10.2); then
the lines are revealed and the attacker's first battle turn begins (6.3). ``/deploy``."""

from __future__ import annotations

from typing import Any

from ...errors import RuleError
from ..board import LINE, RESERVE, split, spot
from ..context import Ctx
from ..orders import Deploy
from ..state import Attack, Battle, BattleStatus, Unit, other_side
from . import machine
from .common import err, match_unit, nat, owned, side_roles, units_in
from .rout import check_rout
from .turns import begin_turn


def start_battle(ctx: Ctx, attack: Attack) -> Battle:
    """6.1: 3 or more defending units: a battle, set up on the board (6.2)."""
    town = attack.town
    b = Battle(
        town=town,
        attacker=attack.side,
        defender=other_side(attack.side),
        entries={u: [] for u in attack.units},
        passed=list(attack.passed),
        origins=list(attack.origins),
    )
    for uid in attack.units:
        u = ctx.st.units[uid]
        if not u.eliminated and u.location == town:
            b.pos[uid] = spot(b.attacker, RESERVE)  # undeployed blocks wait in the Reserve (6.2)
    for u in ctx.units_at(town, b.defender):
        b.pos[u.id] = spot(b.defender, RESERVE)
    ctx.st.battles.append(b)
    ctx.emit(
        "battle",
        {
            "town": town,
            "attacker": b.attacker,
            "defender": b.defender,
            "blocks": {
                b.attacker: len(units_in(ctx, b, b.attacker)),
                b.defender: len(units_in(ctx, b, b.defender)),
            },
        },
    )
    return b


def must_deploy(ctx: Ctx, b: Battle) -> list[str]:
    """6.2: the defender's roles deploy first, then the attacker's; each role its own blocks (13.1)."""
    if b.status != BattleStatus.DEPLOY:
        return []
    return machine.undeployed(ctx, b, b.defender) or machine.undeployed(ctx, b, b.attacker)


def redeployers(ctx: Ctx, b: Battle) -> list[str]:
    """6.2 「防御側は一度攻撃側が配置を始めたら、その配置を変更することはできません」: the defending roles
    that have deployed may deploy again (the new deployment replacing the first) until a role of the attacker
    has deployed."""
    if b.status != BattleStatus.DEPLOY or any(r in b.deployed for r in side_roles(ctx, b.attacker)):
        return []
    return [r for r in side_roles(ctx, b.defender) if r in b.deployed]


def _line_capable(units: list[Unit]) -> int:
    """How many line columns these blocks can hold (10.2: one leader per side in the line)."""
    return sum(1 for u in units if not u.leader) + (1 if any(u.leader for u in units) else 0)


def _check_deploy(ctx: Ctx, b: Battle, role: str, cols: dict[str, list[str]]) -> None:
    """6.2: every block of the role placed once; at least one block in each of Left, Center and Right for the
    side (rulings 6.2 for 3 players and for a side with fewer than 3 blocks); one leader in the line
    (10.2)."""
    side = b.defender if role in side_roles(ctx, b.defender) else b.attacker
    mine = [u.id for u in units_in(ctx, b, side) if owned(u, role)]
    placed = [uid for c in (*LINE, RESERVE) for uid in cols.get(c, [])]
    for uid in placed:
        if uid not in b.pos or not owned(ctx.st.units[uid], role):
            raise err("6.2", "battle.deploy_not_yours", unit=uid, town=b.town, mine=mine)
    if len(set(placed)) != len(placed):
        raise err("6.2", "battle.placed_twice")
    missing = [u for u in mine if u not in placed]
    if missing:
        raise err("6.2", "battle.place_all", missing=missing)
    allies = [r for r in side_roles(ctx, side) if r != role]
    filled = {c for c in LINE if cols.get(c)} | {
        c for r in allies for c in LINE if b.deployed.get(r, {}).get(c)
    }
    line_leaders = [uid for c in LINE for uid in cols.get(c, []) if ctx.st.units[uid].leader]
    line_leaders += [
        uid
        for r in allies
        for c in LINE
        for uid in b.deployed.get(r, {}).get(c, [])
        if ctx.st.units[uid].leader
    ]
    if len(line_leaders) > 1:
        raise err("10.2", "battle.one_leader_deploy")
    side_units = units_in(ctx, b, side)
    need = min(3, _line_capable(side_units))
    pending = [r for r in allies if r not in b.deployed]
    to_come = [u for u in side_units if any(owned(u, r) for r in pending)]
    if line_leaders:
        to_come = [u for u in to_come if not u.leader]
    if len(filled) + min(3 - len(filled), _line_capable(to_come)) < need:
        raise err("6.2", "battle.fill_columns")


def do_deploy(ctx: Ctx, b: Battle, role: str, order: Deploy) -> None:
    if b.status != BattleStatus.DEPLOY:
        raise err("6.2", "battle.already_set_up", town=b.town)
    cols = {c: [match_unit(ctx, t) for t in names] for c, names in order.columns().items()}
    _check_deploy(ctx, b, role, cols)
    side = ctx.st.units[next(uid for c in cols.values() for uid in c)].side
    again = role in b.deployed  # 6.2: the defender changes its deployment before the attacker places
    b.deployed[role] = cols
    for c, ids in cols.items():
        for uid in ids:
            b.pos[uid] = spot(side, c)
    data: dict[str, Any] = {"town": b.town, "role": role, "side": side}
    if again:
        data["again"] = True
    ctx.emit("deployed", data, secret={"columns": cols}, to=(role,))
    if not must_deploy(ctx, b):
        _finish_setup(ctx, b)


def _finish_setup(ctx: Ctx, b: Battle) -> None:
    """6.2: both sides reveal their line blocks (type and current cv); reserves stay hidden."""
    blocks = []
    for uid, s in sorted(b.pos.items(), key=lambda kv: nat(kv[0])):
        side, col = split(s)
        if col != RESERVE:
            u = ctx.st.units[uid]
            blocks.append(
                {
                    "unit": uid,
                    "army": u.army,
                    "type": u.type,
                    "cv": u.cv,
                    "max_cv": u.max_cv,
                    "side": side,
                    "column": col,
                }
            )
    reserves = {
        side: len([u for u in units_in(ctx, b, side) if split(b.pos[u.id])[1] == RESERVE])
        for side in (b.attacker, b.defender)
    }
    machine.reveal(b)
    ctx.emit("reveal", {"town": b.town, "blocks": blocks, "reserves": reserves})
    # rulings 6.2: a side that could not fill its three columns routs at once (7.5)
    for side in (b.defender, b.attacker):
        if check_rout(ctx, b, side, "a line column left empty at the set-up (6.2, 7.5)"):
            return
    begin_turn(ctx, b, b.attacker)


def deploy_choices(ctx: Ctx, b: Battle, role: str) -> list[Deploy]:
    """A few diverse valid deployments (a complete list is impossible)."""
    side = b.defender if role in side_roles(ctx, b.defender) else b.attacker
    mine = sorted([u for u in units_in(ctx, b, side) if owned(u, role)], key=lambda u: nat(u.id))
    combat = [u.id for u in mine if not u.leader]
    leaders = [u.id for u in mine if u.leader]
    allies = [r for r in side_roles(ctx, side) if r != role and r in b.deployed]
    allies_line = {c for r in allies for c in LINE if b.deployed[r].get(c)}
    ally_leader = any(
        ctx.st.units[uid].leader for r in allies for c in LINE for uid in b.deployed[r].get(c, [])
    )
    base = [c for c in LINE if c not in allies_line] + [c for c in LINE if c in allies_line]
    out: list[Deploy] = []
    for rot, style in enumerate(("spread", "thin", "center", "spread", "thin")):
        order = base if rot < 3 else base[:1] + base[1:][::-1]
        cols: dict[str, list[str]] = {c: [] for c in (*LINE, RESERVE)}
        pool = list(combat) if rot % 2 == 0 else list(reversed(combat))
        if leaders and not ally_leader and style != "thin":
            pool.insert(min(len(pool), 1), leaders[0])
            rest = leaders[1:]
        else:
            rest = list(leaders)
        for i, uid in enumerate(pool):
            if style == "spread":
                col = order[i % 3]
            elif style == "thin":
                col = order[i] if i < 3 else RESERVE
            else:
                col = order[i] if i < 3 else ("center" if i % 2 else RESERVE)
            cols[col].append(uid)
        cols[RESERVE] += rest
        try:
            _check_deploy(ctx, b, role, cols)
        except RuleError:
            continue
        choice = Deploy(
            tuple(cols["left"]), tuple(cols["center"]), tuple(cols["right"]), tuple(cols[RESERVE])
        )
        if choice not in out:
            out.append(choice)
    return out
