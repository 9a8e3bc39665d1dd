"""8.1-8.5, a battle turn's combat phase: combat moves (8.1 engage, disengage, redeploy; 8.2 how many; 10.2
one leader in the line), fire (8.3 classes and ranges, 8.4 hits to the strongest block, 13.3 one corps a
column), squares (8.5). ``/battle-move``, ``/fire``, ``/square``, ``/unsquare``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...dice import Dice
from ...errors import RuleError
from ...messages import rule_error
from ...orders import Order
from ..board import RELATIVE, RESERVE, Board, MoveRefused, classify, facing_spot, relative, split, to_spot
from ..context import Ctx
from ..faces import face_public
from ..orders import BattleMove, Fire, Formation, Square, Unsquare
from ..sequence import Phase
from ..state import Battle, BattlePhase, Unit, other_side
from . import machine
from .common import board_of, err, match_unit, named, nat, owned, roll, side_roles
from .rout import check_over, check_rout

# 8.3 (product decision 2): the faces that hit, by fire class (1 single, 2 double, 3 triple).
HIT_FACES = {"3rd": {1: (6,), 2: (5, 6), 3: (4, 5, 6)}, "3.4": {1: (1,), 2: (1, 2), 3: (1, 2, 3)}}
CLASS_NAME = {"3rd": {1: "SF", 2: "DF", 3: "TF"}, "3.4": {1: "F1", 2: "F2", 3: "F3"}}
MOVES = {"cavalry": 2, "leader": 2}  # 8.2, 10.2: other blocks make one combat move


def fire_hits(dice: list[int], klass: int, ruleset: str) -> int:
    """8.3: how many of ``dice`` hit in fire class ``klass`` (1 single, 2 double, 3 triple)."""
    faces = HIT_FACES[ruleset][klass]
    return sum(1 for d in dice if d in faces)


def roll_fire(dice: Dice, cv: int, klass: int, ruleset: str) -> tuple[list[int], int]:
    """8.3: a block of ``cv`` fires: one die per cv. (The statistical test rolls this directly.)"""
    rolled = dice.rolls(cv)
    return rolled, fire_hits(rolled, klass, ruleset)


def _moves_allowed(u: Unit) -> int:
    return MOVES.get(u.type, 1)


def _check_move(ctx: Ctx, b: Battle, role: str, uid: str, dest: str, board: Board | None = None) -> str:
    """8.1, 8.2, 8.5, 10.2: the kind of the combat move, or RuleError (``board``: ``b``'s, if made)."""
    u = ctx.st.units[uid]
    if uid not in b.pos or not owned(u, role):
        raise err("8.1", "battle.not_your_block", unit=uid, town=b.town)
    acts = b.acts.get(uid, [])
    if "fire" in acts:
        raise err("8.0", "battle.fired_no_move", unit=uid)
    if "square" in acts:
        raise err("8.5", "battle.squared_no_move", unit=uid)
    if "forced" in acts:
        raise err("8.6", "battle.morale_moved", unit=uid)
    done = [a for a in acts if a in ("engage", "disengage", "redeploy")]
    if len(done) >= _moves_allowed(u):
        raise err("8.2", "battle.moves_done_two" if len(done) == 2 else "battle.moves_done_one", unit=uid)
    if u.in_square and ctx.third:
        raise err("8.5", "battle.square_no_move", unit=uid)
    if board is None:
        board = board_of(ctx, b)
    try:
        kind = classify(board, uid, dest)
    except MoveRefused as e:
        why = rule_error("", e.key)
        raise err(
            "8.1", "battle.cannot_move_to", unit=uid, position=relative(dest, u.side), why=why
        ) from None
    if kind == "engage" and u.type == "artillery" and not ctx.third:
        raise err("8.1", "battle.artillery_engage")
    if ctx.third and u.type in MOVES and {kind, *done} >= {"engage", "disengage"}:
        raise err("8.2", "battle.engage_disengage", type=u.type)
    if u.leader and split(dest)[1] != RESERVE:
        others = [
            x
            for x in b.pos
            if x != uid
            and ctx.st.units[x].leader
            and ctx.st.units[x].side == u.side
            and split(b.pos[x])[1] != RESERVE
        ]
        if others:
            raise err("10.2", "battle.one_leader", other=others[0])
    return kind


def do_battle_move(ctx: Ctx, b: Battle, role: str, order: BattleMove) -> None:
    uid = match_unit(ctx, order.unit)
    u = ctx.st.units[uid]
    dest = to_spot(order.to, u.side)  # a position's name: read by BattleMove.read
    machine.may_enter(b, BattlePhase.COMBAT)
    kind = _check_move(ctx, b, role, uid, dest)
    machine.open_round(b)
    machine.enter(b, BattlePhase.COMBAT)
    board = board_of(ctx, b)
    was_engaged = board.engaged(dest)
    src = b.pos[uid]
    hidden_before = not face_public(ctx, b, u)
    b.pos[uid] = dest
    b.acts.setdefault(uid, []).append(kind)
    if kind == "engage" and u.type == "cavalry":
        b.fresh[uid] = b.battle_turn + 2  # 8.3, FAQ 1: its charge on its next battle turn
    if not was_engaged and board.engaged(dest):
        for e in board.enemies_at(dest, u.side):  # FAQ 10, 8.3: passively engaged cavalry and artillery
            if ctx.st.units[e].type in ("cavalry", "artillery"):
                b.fresh[e] = b.battle_turn + 1
    if kind == "disengage":
        b.fresh.pop(uid, None)
    data: dict[str, Any] = {"town": b.town, "army": u.army, "move": kind, "from": src, "to": dest}
    if face_public(ctx, b, u) or not hidden_before:  # a block seen in the line is named going back too
        data.update({"unit": uid, "type": u.type, "cv": u.cv})
        ctx.emit("battle_move", data)
        if hidden_before:
            ctx.emit(
                "reveal",
                {
                    "town": b.town,
                    "blocks": [
                        {
                            "unit": uid,
                            "army": u.army,
                            "type": u.type,
                            "cv": u.cv,
                            "max_cv": u.max_cv,
                            "side": u.side,
                            "column": split(dest)[1],
                        }
                    ],
                },
            )
    else:
        ctx.emit("battle_move", data, secret={"unit": uid}, to=ctx.roles_of_army(u.army))
    check_rout(ctx, b, u.side, "a line column emptied by {unit}'s {move} (7.5, 8.1)", unit=uid, move=kind)


@dataclass
class _Shot:
    target: str  # spot
    formation: str  # "line" | "square"
    klass: int
    range: str  # "engaged" | "long" | "short"
    charge: bool


def _targets(ctx: Ctx, b: Battle, board: Board, uid: str) -> tuple[str, str] | None:
    """8.3: (target spot, range) for a block, or None if it cannot fire there."""
    u = ctx.st.units[uid]
    s = b.pos[uid]
    if split(s)[1] == RESERVE:
        return None
    if board.engaged(s):
        return s, ("short" if u.type == "artillery" else "engaged")
    if u.type != "artillery":
        return None  # FAQ 9, [3.4] 8.3: infantry and cavalry must be engaged to fire
    t = facing_spot(s)
    if board.engaged(t) or not board.enemies_at(t, u.side):
        return None  # 8.3: no long-range fire at an engaged column
    return t, "long"


def _check_fire(
    ctx: Ctx, b: Battle, role: str, uid: str, target: str | None, board: Board | None = None
) -> _Shot:
    u = ctx.st.units[uid]
    if uid not in b.pos or not owned(u, role):
        raise err("8.3", "battle.not_your_block", unit=uid, town=b.town)
    if u.leader:
        raise err("10.2", "battle.leader_no_fire")
    acts = b.acts.get(uid, [])
    if "fire" in acts:
        raise err("8.3", "battle.already_fired", unit=uid)
    if acts:
        raise err("8.3", "battle.moved_no_fire", unit=uid)
    if board is None:
        board = board_of(ctx, b)
    tr = _targets(ctx, b, board, uid)
    if tr is None:
        if split(b.pos[uid])[1] == RESERVE:
            raise err("8.3", "battle.reserve_no_fire", unit=uid)
        if u.type == "artillery":
            raise err("8.3", "battle.no_long_range", unit=uid)
        raise err("8.3", "battle.not_engaged", unit=uid)
    t, rng = tr
    enemies = [ctx.st.units[e] for e in board.enemies_at(t, u.side)]
    formations = sorted({"square" if e.in_square else "line" for e in enemies})
    if target:
        target = target.strip().lower()
        if target not in ("line", "square"):
            raise err("", "battle.target_usage")
        if target not in formations:
            raise err("8.5", "battle.no_target", target=target, targets=formations)
        formation = target
    elif len(formations) == 1:
        formation = formations[0]
    else:
        raise err("8.5", "battle.choose_target")
    if u.type == "infantry" and ctx.opts.corps_restriction:
        corps = _corps(ctx, uid)
        fired = b.corps_fired.get(t)
        if fired is not None and fired != corps:
            raise err("13.3", "battle.corps", corps=fired)
    charge = False
    if u.type == "infantry":
        klass = 1 if u.in_square else (2 if formation == "square" else 1)
    elif u.type == "cavalry":
        charge = b.fresh.get(uid) == b.battle_turn
        klass = 1 if formation == "square" else (3 if charge else 2)  # 8.5: no charge at a square
    else:  # artillery
        if rng == "short":
            # 8.3: double right after the enemy engaged, then single; at a square as at any target (8.5)
            klass = 2 if b.fresh.get(uid) == b.battle_turn else 1
        else:
            klass = 2 if formation == "square" else 1  # 8.5: long-range fire at a square is double
    return _Shot(t, formation, klass, rng, charge and formation == "line")


def _corps(ctx: Ctx, uid: str) -> str:
    d = ctx.sc.unit(uid)
    return getattr(d, "corps", None) or f"({uid})"  # rulings 13.3: a block without a corps is its own


def _hit_order(ctx: Ctx, side: str, units: list[Unit]) -> list[Unit]:
    """8.4: the highest current cv first (a leader counts 1, 10.0); ties by the owner's standing preference
    (product decision 7; British before Prussian, decision 8), else leaders last, then the order of
    battle."""
    pref: list[str] = []
    for r in side_roles(ctx, side):
        pref += ctx.st.preferences.get(r, {}).get("hits", [])
    rank = {uid: i for i, uid in enumerate(pref)}
    return sorted(
        units, key=lambda u: (-(1 if u.leader else u.cv), rank.get(u.id, len(rank)), u.leader, nat(u.id))
    )


def do_fire(ctx: Ctx, b: Battle, role: str, order: Fire) -> None:
    uid = match_unit(ctx, order.unit)
    machine.may_enter(b, BattlePhase.COMBAT)
    shot = _check_fire(ctx, b, role, uid, order.target)
    machine.open_round(b)
    machine.enter(b, BattlePhase.COMBAT)
    u = ctx.st.units[uid]
    b.acts.setdefault(uid, []).append("fire")
    b.fresh.pop(uid, None)  # the charge (or close double fire) is used by its first fire
    if u.type == "infantry" and ctx.opts.corps_restriction:
        b.corps_fired.setdefault(shot.target, _corps(ctx, uid))
    if u.side == b.attacker:
        b.progress = True
    ruleset = ctx.opts.ruleset
    pub, sec, to = named(ctx, b, u)
    dice = roll(
        ctx,
        u.cv,
        "fire (8.3)",
        {
            "town": b.town,
            "class": CLASS_NAME[ruleset][shot.klass],
            "target": shot.target,
            "formation": shot.formation,
            **pub,
        },
        sec,
        to,
    )
    hits = fire_hits(dice, shot.klass, ruleset)
    b.last_fire = {
        "side": u.side,
        "army": u.army,
        "unit": pub.get("unit"),
        "dice": dice,
        "class": CLASS_NAME[ruleset][shot.klass],
        "target": shot.target,
        "formation": shot.formation,
        "range": shot.range,
        "charge": shot.charge,
        "hits": hits,
        "applied": 0,
        "faces": list(HIT_FACES[ruleset][shot.klass]),
    }
    enemy_side = other_side(u.side)
    applied = 0
    for _ in range(hits):  # 8.4: one at a time, each to the strongest block of the targeted formation
        board = board_of(ctx, b)
        pool = [
            ctx.st.units[e]
            for e in board.enemies_at(shot.target, u.side)
            if ctx.st.units[e].in_square == (shot.formation == "square")
        ]
        if not pool:
            break  # rulings 8.4: hits beyond the targeted formation are lost
        victim = ctx.st.own(_hit_order(ctx, enemy_side, pool)[0])  # copy on write: the one hit
        ctx.lose(victim, 1, "fire (8.3, 8.4)", public_face=face_public(ctx, b, victim))
        applied += 1
        b.progress = True
        if victim.eliminated:
            b.pos.pop(victim.id, None)
            b.fresh.pop(victim.id, None)
        if ctx.st.phase == Phase.OVER:
            return
    b.last_fire["applied"] = applied
    if not check_rout(ctx, b, enemy_side, "a line column emptied by fire (7.5)"):
        check_over(ctx, b)


def _check_square(ctx: Ctx, b: Battle, role: str, uid: str, form: bool) -> None:
    u = ctx.st.units[uid]
    if uid not in b.pos or not owned(u, role):
        raise err("8.5", "battle.not_your_block", unit=uid, town=b.town)
    if u.type != "infantry":
        raise err("8.5", "battle.only_infantry_square")
    if b.acts.get(uid):
        raise err("8.5", "battle.square_acted", unit=uid)
    if form:
        if u.in_square:
            raise err("8.5", "battle.already_square", unit=uid)
        if split(b.pos[uid])[1] == RESERVE:
            raise err("8.5", "battle.square_reserve")
    elif not u.in_square:
        raise err("8.5", "battle.not_square", unit=uid)


def do_square(ctx: Ctx, b: Battle, role: str, order: Formation) -> None:
    """8.5: ``/square`` forms a square, ``/unsquare`` (``Unsquare``) breaks it."""
    uid = match_unit(ctx, order.unit)
    form = not isinstance(order, Unsquare)
    machine.may_enter(b, BattlePhase.COMBAT)
    _check_square(ctx, b, role, uid, form)
    machine.open_round(b)
    machine.enter(b, BattlePhase.COMBAT)
    u = ctx.st.own(ctx.st.units[uid])  # copy on write (state.py)
    b.acts.setdefault(uid, []).append("square")
    u.in_square = form
    data = {"town": b.town, "army": u.army, "spot": b.pos[uid], "unit": uid}
    if form and ctx.third:
        ctx.emit("square", {**data, "hidden": True})  # [3rd] 8.5: the block is stood up (face hidden)
    else:
        ctx.emit("square" if form else "unsquare", {**data, "cv": u.cv})


def _spots(side: str) -> list[str]:
    return [to_spot(n, side) for n in RELATIVE]


def combat_choices(ctx: Ctx, b: Battle, role: str, mine: list[Unit]) -> list[Order]:
    """8.1-8.5: the combat moves, fire and squares of ``mine`` (the role's blocks in the battle)."""
    out: list[Order] = []
    board = board_of(ctx, b)  # nothing changes while the choices are tried: one board for them all
    for u in mine:
        for s in _spots(u.side):
            if s == b.pos[u.id]:
                continue
            try:
                _check_move(ctx, b, role, u.id, s, board)
            except RuleError:
                continue
            out.append(_made(BattleMove, u.id, relative(s, u.side)))
        for target in (None, "line", "square"):
            try:
                shot = _check_fire(ctx, b, role, u.id, target, board)
            except RuleError:
                continue
            enemies = board.enemies_at(shot.target, u.side)
            both = len({ctx.st.units[e].in_square for e in enemies}) == 2
            if both == (target is not None):
                out.append(_made(Fire, u.id, target))
        for form in (True, False):
            try:
                _check_square(ctx, b, role, u.id, form)
            except RuleError:
                continue
            out.append(_made(Square, u.id) if form else _made(Unsquare, u.id))
    return out


# The orders ``combat_choices`` offers, kept from one call to the next (frozen values; as legal.py's moves)
_MADE: dict[tuple[object, ...], Order] = {}


def _made(kind: type[Order], *fields: object) -> Order:
    """``kind(*fields)``, the same value each time."""
    key = (kind, *fields)
    o = _MADE.get(key)
    if o is None:
        o = _MADE[key] = kind(*fields)
    return o
