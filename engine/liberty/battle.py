"""Battles (7.0-7.5, 8.2-8.6): the order P1 chooses, up to 3 rounds, A before B before C with the defender
first within a letter, fire or retreat, hits to the strongest block, reserves, the attacker's withdrawal after
round 3, and the victor's regroup. The navy: warships fight warships first (8.2, G32), bombardment cannot
eliminate (8.3), sea attackers stay at sea until the enemy warships are gone (8.4), sea retreat (8.5), and
warships cannot hold against land blocks (8.6)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from engine.errors import RuleError

from . import board
from .board import REGROUP, RETREAT, pair_key, place_name, west_indies
from .context import Ctx, error
from .sequence import Phase, go
from .state import PRISONER, Battle, Block, other
from .turns import capture, end_turn

LETTERS = ("A", "B", "C")


def begin_battles(ctx: Ctx) -> None:
    """7.1: after all movement, the battles one at a time, in the order P1 chooses."""
    st = ctx.st
    st.battles = board.battle_places(st)
    next_battle(ctx)


def next_battle(ctx: Ctx) -> None:
    st = ctx.st
    st.battles = [h for h in st.battles if h in board.battle_places(st)]
    st.battle = None
    if not st.battles:
        end_turn(ctx)
        return
    if len(st.battles) == 1:
        start(ctx, st.battles[0])
        return
    go(st, Phase.CHOOSING_BATTLE, st.p1)


def choose(ctx: Ctx, side: str, where: str) -> None:
    st = ctx.st
    if st.phase != Phase.CHOOSING_BATTLE or side != st.p1:
        raise error("7.1", "liberty.battle.not_order")
    if where not in st.battles:
        raise error(
            "7.1", "liberty.battle.no_battle", place=where, battles=[place_name(ctx, h) for h in st.battles]
        )
    start(ctx, where)


def start(ctx: Ctx, hex_: str) -> None:
    """7.1: the blocks of both sides are revealed (the reserves not until round 2)."""
    st = ctx.st
    attacker = st.attacks.get(hex_) or st.p1 or "british"
    reserves = [b.id for b in st.at(hex_) if b.id in st.reserves]
    st.battle = Battle(hex=hex_, attacker=attacker, reserves=reserves)
    go(st, Phase.COMBAT)
    st.battles.remove(hex_)
    shown = [
        {"unit": b.id, "side": b.side, "strength": b.strength} for b in st.at(hex_) if b.id not in reserves
    ]
    ctx.emit("battle", {"at": hex_, "attacker": attacker, "blocks": shown, "reserves": len(reserves)})
    settle(ctx)


# -- who acts ---------------------------------------------------------------------------------------------


def letter(ctx: Ctx, b: Block, bt: Battle) -> str:
    """2.12 (the letter), 2.25 (Indians), 8.4 (a dragoon landing from the sea is C in its first round,
    G34)."""
    unit = ctx.lib.unit(b.id)
    if unit.type == "dragoons" and b.by_sea and bt.round == 1:
        return "C"
    return ctx.lib.rating(b.id, bt.hex)[0]


def fire_number(ctx: Ctx, b: Block, bt: Battle) -> int:
    return int(ctx.lib.rating(b.id, bt.hex)[1:])


def in_battle(ctx: Ctx, bt: Battle, side: str) -> list[Block]:
    """The side's blocks in the battle now (not the reserves in round 1)."""
    return [b for b in ctx.st.at(bt.hex, side) if not (bt.round == 1 and b.id in bt.reserves)]


def warships(ctx: Ctx, blocks: Sequence[Block]) -> list[Block]:
    return [b for b in blocks if ctx.lib.unit(b.id).type == "warship"]


def at_sea(ctx: Ctx, bt: Battle) -> bool:
    """8.4: sea attackers stay at sea while the defender has warships (and they have some)."""
    att = in_battle(ctx, bt, bt.attacker)
    return (
        any(b.by_sea for b in att)
        and bool(warships(ctx, att))
        and bool(warships(ctx, in_battle(ctx, bt, bt.defender)))
    )


def step(ctx: Ctx) -> tuple[str, str, list[Block]] | None:
    """7.21: the next combat turn: defender A, attacker A, defender B, attacker B, defender C, attacker C.
    While a sea attack is at sea only the warships act (8.4)."""
    bt = ctx.st.battle
    assert bt is not None
    sea = at_sea(ctx, bt)
    for let in LETTERS:
        for side in (bt.defender, bt.attacker):
            ready = [
                b for b in in_battle(ctx, bt, side)
                if b.id not in bt.acted and letter(ctx, b, bt) == let
                and (not sea or ctx.lib.unit(b.id).type == "warship")
            ]  # fmt: skip
            if ready:
                return side, let, ready
    return None


def settle(ctx: Ctx) -> None:
    """After each combat turn: the battle's end (G26, G27), the next round (7.21), or after round 3 the
    attacker's withdrawal (7.2, G30) or the warships' retreat (8.6, G37)."""
    st = ctx.st
    bt = st.battle
    assert bt is not None
    while True:
        att = in_battle(ctx, bt, bt.attacker)
        dfd = in_battle(ctx, bt, bt.defender)
        if not att:
            finish(ctx, bt.defender if st.at(bt.hex, bt.defender) else None)
            return
        if not dfd:
            if bt.round == 1 and st.at(bt.hex, bt.defender):  # G27: the reserves must retreat
                begin_withdrawal(ctx, bt.defender, "7.4")
                return
            finish(ctx, bt.attacker)
            return
        if step(ctx) is not None:
            return
        bt.round += 1
        bt.acted, bt.retreats, bt.warship_retreated, bt.sea_to = [], {}, False, []
        if bt.round == 2 and bt.reserves:
            shown = [{"unit": u, "strength": st.blocks[u].strength} for u in bt.reserves
                     if st.blocks[u].at == bt.hex]  # fmt: skip
            ctx.emit("reserves_revealed", {"at": bt.hex, "blocks": shown})
        if bt.round > 3:
            dfd = st.at(bt.hex, bt.defender)
            if dfd and all(ctx.lib.unit(b.id).type == "warship" for b in dfd):
                begin_withdrawal(ctx, bt.defender, "8.6")  # G37: warships cannot hold against land blocks
                return
            begin_withdrawal(ctx, bt.attacker, "7.2")  # 7.2: the attacker withdraws
            return
        ctx.emit("round", {"at": bt.hex, "round": bt.round})


# -- fire ------------------------------------------------------------------------------------------------


def _targets(ctx: Ctx, bt: Battle, firer: Block) -> list[Block]:
    """7.32: the strongest enemy blocks, equals all (their owner chooses among them, G25); 8.2 with G32:
    warships hit warships first while both sides have them, land blocks hit land blocks."""
    enemy = in_battle(ctx, bt, other(firer.side))
    if not enemy:
        return []
    mine_ws = warships(ctx, in_battle(ctx, bt, firer.side))
    their_ws = warships(ctx, enemy)
    is_ws = ctx.lib.unit(firer.id).type == "warship"
    if their_ws and mine_ws:
        pool = their_ws if is_ws else [b for b in enemy if b not in their_ws]
        if not pool:
            return []
    else:
        pool = enemy
    if at_sea(ctx, bt) and not is_ws:
        return []
    top = max(b.strength for b in pool)
    return [b for b in pool if b.strength == top]


def _default_target(ctx: Ctx, tied: Sequence[Block]) -> Block:
    """Among equals, the owner's standing order ``/prefer hits:`` (those listed first), else non-leaders
    first, then by id."""
    prefer = ctx.st.hit_order.get(tied[0].side, [])

    def rank(b: Block) -> tuple[int, int, str]:
        listed = prefer.index(b.id) if b.id in prefer else len(prefer)
        return (listed, 1 if ctx.lib.unit(b.id).is_leader else 0, b.id)

    return min(tied, key=rank)


def hit_choices(ctx: Ctx) -> list[str]:
    """G25: the blocks the owner may choose from for the hit waiting on it (phase "hit"), the default
    first."""
    st = ctx.st
    bt = st.battle
    if st.phase != Phase.HIT or bt is None or bt.pending is None:
        return []
    tied = _targets(ctx, bt, st.blocks[bt.pending["unit"]])
    first = _default_target(ctx, tied)
    return [first.id, *(b.id for b in tied if b is not first)]


def fire(ctx: Ctx, side: str, unit: str | None) -> None:
    st = ctx.st
    bt = st.battle
    now = step(ctx) if st.phase == Phase.COMBAT and bt is not None else None
    if now is None or bt is None or now[0] != side:
        raise error("7.21", "liberty.battle.not_your_turn")
    ready = now[2]
    firing = ready if unit is None else [b for b in ready if b.id == unit]
    if not firing:
        raise error("7.21", "liberty.battle.not_ready", unit=unit, ready=[b.id for b in ready])
    bt.firing = [b.id for b in firing]
    _fire_on(ctx, bt)


def _fire_on(ctx: Ctx, bt: Battle) -> None:
    """The blocks of the combat turn fire one after the other (G25), each roll's hits applied at once; a hit
    among equals whose owner has no standing order waits on its choice (phase "hit")."""
    st = ctx.st
    while bt.firing:
        b = st.blocks[bt.firing[0]]
        if bt.pending is None:
            if b.at != bt.hex:
                bt.firing.pop(0)
                continue
            _roll(ctx, bt, b)
        if not _hits(ctx, bt, b):
            return  # waiting on the owner's choice
        bt.firing.pop(0)
        if not in_battle(ctx, bt, other(b.side)):
            bt.firing = []
    settle(ctx)


def _roll(ctx: Ctx, bt: Battle, b: Block) -> None:
    """7.31: as many dice as the strength; each die at or under the rating's number hits. The roll is told
    (and shown as the last fire) at once, before its hits and any choice among equals they wait on."""
    bt.acted.append(b.id)
    n = fire_number(ctx, b, bt)
    dice = ctx.st.dice.rolls(b.strength)
    hits = sum(1 for d in dice if d <= n)
    rating = f"{letter(ctx, b, bt)}{n}"
    bt.pending = {"unit": b.id, "dice": dice, "hits": hits, "left": hits, "rating": rating}
    ctx.emit(
        "fired", {"at": bt.hex, "unit": b.id, "side": b.side, "rating": rating, "dice": dice, "hits": hits}
    )
    bt.last_fire = {"unit": b.id, "side": b.side, "rating": rating, "dice": list(dice), "took": []}


def _hits(ctx: Ctx, bt: Battle, b: Block, chosen: str | None = None) -> bool:
    """7.32: each hit at once to the then-strongest enemy block (``chosen``: the owner's pick among equals);
    8.3: bombardment never takes a land block below 1 (G39). False while a hit waits on a choice (G25)."""
    st = ctx.st
    p = bt.pending
    assert p is not None
    is_ws = ctx.lib.unit(b.id).type == "warship"
    while p["left"] > 0:
        tied = _targets(ctx, bt, b)
        if not tied:
            p["left"] = 0
            break
        bombard = is_ws and ctx.lib.unit(tied[0].id).type != "warship" and tied[0].strength <= 1
        if chosen is None and len(tied) > 1 and not bombard and not _standing(ctx, tied):
            go(st, Phase.HIT, tied[0].side)
            return False
        t = next((x for x in tied if x.id == chosen), None) or _default_target(ctx, tied)
        chosen = None
        p["left"] -= 1
        if not bombard:  # 8.3: bombardment never takes a land block below 1
            t.strength -= 1
        if bt.last_fire is not None:
            bt.last_fire["took"].append([t.id, "bombardment" if bombard else t.strength])
        # each hit told as it lands, naming the block (and then its capture, 2.11)
        told = {"at": bt.hex, "unit": t.id, "side": t.side, "by": b.id, "strength": t.strength}
        ctx.emit("bombarded" if bombard else "hit", told)
        if t.strength <= 0:
            capture(ctx, t, "7.32")
    go(st, Phase.COMBAT, None)
    bt.pending = None
    _sea_attack_lost(ctx, bt)
    return True


def _standing(ctx: Ctx, tied: Sequence[Block]) -> bool:
    """Whether the owner's standing order ``/prefer hits:`` names one of the equals (then it decides)."""
    prefer = ctx.st.hit_order.get(tied[0].side, [])
    return any(b.id in prefer for b in tied)


def choose_hit(ctx: Ctx, side: str, unit: str) -> None:
    """``/hit unit:ID``: the owner's block to take the hit among equals (7.32 「持ち主がどちらを減少させるか
    選択する」, G25)."""
    st = ctx.st
    bt = st.battle
    if st.phase != Phase.HIT or bt is None or bt.pending is None or st.acting != side:
        raise error("7.32", "liberty.hit.not_now")
    choices = hit_choices(ctx)
    if unit not in choices:
        raise error("7.32", "liberty.hit.not_equal", unit=unit, units=choices)
    if not _hits(ctx, bt, st.blocks[bt.pending["unit"]], unit):
        return  # another hit among equals waits on the owner
    bt.firing.pop(0)
    if not in_battle(ctx, bt, side):
        bt.firing = []
    _fire_on(ctx, bt)


def _sea_attack_lost(ctx: Ctx, bt: Battle) -> None:
    """8.4: if the defender sinks all the attacking warships while the land blocks are at sea, each loses a
    step and goes back to the Atlantic box."""
    att = in_battle(ctx, bt, bt.attacker)
    at_sea_land = [b for b in att if b.by_sea and ctx.lib.unit(b.id).type != "warship"]
    if at_sea_land and not warships(ctx, att) and warships(ctx, in_battle(ctx, bt, bt.defender)):
        for b in at_sea_land:
            b.strength -= 1
            if b.strength <= 0:
                capture(ctx, b, "8.4")
            else:
                b.at = sea_home(ctx, b)
                ctx.emit("sea_repulsed", {"at": bt.hex, "unit": b.id, "side": b.side, "to": b.at})


# -- retreat ---------------------------------------------------------------------------------------------


def attacker_sides(ctx: Ctx, bt: Battle) -> list[str]:
    """7.4: the hexes the attacker entered from, less those the defender's reserves also came through: "if
    both players used the same hexside, only the player who entered last may retreat across it" (the
    reserves come after the attack, so such a hexside is the defender's)."""
    st = ctx.st
    theirs = st.entries.get(f"{bt.hex}|{bt.defender}", [])
    return [h for h in st.entries.get(f"{bt.hex}|{bt.attacker}", []) if h not in theirs]


def retreat_paths(ctx: Ctx, b: Block) -> list[list[str]]:
    """7.4: the overland retreats open to ``b`` now, a shortest path to each hex by each first hexside: up to
    its MA (G29) into friendly or neutral hexes free of enemy blocks and battles; the attacker only across
    the hexsides it entered by, the defender never across them; the hexside limits per round."""
    st = ctx.st
    bt = st.battle
    assert bt is not None
    entered = attacker_sides(ctx, bt)
    out = []
    for first in _first_steps(ctx, b.at):
        if (b.side == bt.attacker) != (first in entered):
            continue
        for path in board.reach(ctx, b.side, b, RETREAT, first=first).values():
            if _within_limits(ctx, bt.retreats, path):
                out.append(path)
    return out


def _first_steps(ctx: Ctx, place: str) -> list[str]:
    """The land hexes next to ``place`` (the first steps of a retreat or a regroup)."""
    if place not in ctx.lib._index.hexes:
        return []
    return [n for n, c in ctx.lib.neighbours(place) if c.land and ctx.lib.hex(n).land]


def retreat_options(ctx: Ctx, b: Block) -> list[tuple[list[str], bool]]:
    """7.4 with G29: (path, by river) of the retreats open to ``b`` now: overland (``retreat_paths``), and
    for a block that joined the battle by river, 2 hexes along a river (5.6):
    「河から戦闘に加入したブロックのみ河から退却できる」."""
    out = [(p, False) for p in retreat_paths(ctx, b)]
    if b.by_river:
        for path in board.river_reach(ctx, b.side, b).values():
            if len(path) < 3:
                continue  # one hex by river is one hex overland
            try:
                _retreat_check(ctx, b, path, river=True)
            except RuleError:
                continue
            out.append((path, True))
    return out


def _retreat_check(ctx: Ctx, b: Block, path: Sequence[str], *, river: bool) -> None:
    """7.4: the walk of a retreat (the round's hexside counts) and its hexside rule for the attacker (only
    where it entered) and the defender (never there)."""
    bt = ctx.st.battle
    assert bt is not None
    board.walk(ctx, b.side, [b], path, RETREAT, river=river, counts=bt.retreats)
    entered = attacker_sides(ctx, bt)
    if b.side == bt.attacker and path[1] not in entered:
        raise error("7.4", "liberty.retreat.attacker_side", place=place_name(ctx, path[1]))
    if b.side != bt.attacker and path[1] in entered:
        raise error("7.4", "liberty.retreat.defender_side", place=place_name(ctx, path[1]))


def can_sea_retreat(ctx: Ctx, b: Block) -> bool:
    """8.5: warships may always retreat to the Atlantic box from a port; land blocks with a friendly unopposed
    warship retreating the same round, at most 3; blocks still at sea with their warships."""
    st = ctx.st
    bt = st.battle
    assert bt is not None
    unit = ctx.lib.unit(b.id)
    if not board.is_port(ctx, bt.hex) and not b.by_sea:
        return False
    if unit.type == "warship":
        return True
    if not unit.can_sea_move or bt.sea_retreats >= 3:
        return False
    if at_sea(ctx, bt) and b.by_sea:
        return bt.warship_retreated
    return bt.warship_retreated and not warships(ctx, in_battle(ctx, bt, other(b.side)))


def other_port(ctx: Ctx, place: str, side: str, n: int = 1) -> str | None:
    """9.1: from a West Indies port, the other one, if ``n`` blocks of ``side`` may go there now by a sea
    retreat or a regroup: free of enemy blocks and of battle, not the enemy's (7.4), and within the stack of
    2 before French entry."""
    if not west_indies(place):
        return None
    there = "Martinique" if place == "Jamaica" else "Jamaica"
    st = ctx.st
    if not board.not_enemy(ctx, there, side) or there in board.battle_places(st):
        return None
    if not st.french_in and len(st.at(there, side)) + n > ctx.lib.west_indies_stack:
        return None
    return there


def sea_retreat_places(ctx: Ctx, b: Block) -> list[str]:
    """8.5 with 9.1: where ``b`` may retreat by sea now: the Atlantic box, and from a West Indies port the
    other one (``other_port``); land blocks and warships retreat together (「共に退却する」), so a land block
    goes only where a warship of its side has retreated this round."""
    bt = ctx.st.battle
    assert bt is not None
    if not can_sea_retreat(ctx, b):
        return []
    places = [ctx.lib.atlantic]
    there = other_port(ctx, bt.hex, b.side)
    if there is not None:
        places.append(there)
    if ctx.lib.unit(b.id).type != "warship":
        places = [p for p in places if p in bt.sea_to]
    return places


def sea_home(ctx: Ctx, b: Block) -> str:
    """Where a block that must leave by sea goes (8.4's repulse, 8.6, G28, G30: the engine's choice, the
    way it came): back to the West Indies port it sailed from directly (9.1, 「9.1 を除く」) if it may go
    there, else to the Atlantic box."""
    bt = ctx.st.battle
    assert bt is not None
    there = other_port(ctx, bt.hex, b.side)
    return there if there is not None and b.came_from == there else ctx.lib.atlantic


def sea_retreat(ctx: Ctx, b: Block, to: str | None = None) -> None:
    """8.5 to the Atlantic box or, between the West Indies ports, to the other (9.1); ``to`` None: the
    engine's choice (``sea_home``). G33: when the attacker's last warship leaves a sea attack still at sea,
    its land blocks go with it, with no step lost."""
    st = ctx.st
    bt = st.battle
    assert bt is not None
    to = to or sea_home(ctx, b)
    ship = ctx.lib.unit(b.id).type == "warship"
    stranded = ship and b.side == bt.attacker and at_sea(ctx, bt)
    if ship:
        bt.warship_retreated = True
        bt.sea_to = [*bt.sea_to, to] if to not in bt.sea_to else bt.sea_to
    else:
        bt.sea_retreats += 1
    b.at = to
    if b.id not in bt.acted:
        bt.acted.append(b.id)
    ctx.emit("retreated", {"at": bt.hex, "unit": b.id, "side": b.side, "to": to})
    if stranded and not warships(ctx, st.at(bt.hex, b.side)):
        for land in st.at(bt.hex, b.side):
            if land.by_sea:
                sea_retreat(ctx, land, to)


def retreat(ctx: Ctx, side: str, unit: str, path: Sequence[str], *, river: bool = False) -> None:
    st = ctx.st
    bt = st.battle
    if st.phase == Phase.WITHDRAW and bt is not None:
        withdraw(ctx, side, unit, path, river=river)
        return
    now = step(ctx) if st.phase == Phase.COMBAT and bt is not None else None
    if now is None or bt is None or now[0] != side:
        raise error("7.21", "liberty.battle.not_your_turn")
    b = next((x for x in now[2] if x.id == unit), None)
    if b is None:
        raise error("7.21", "liberty.battle.not_ready", unit=unit, ready=[x.id for x in now[2]])
    path = list(path)
    if path and path[0] != bt.hex:
        path.insert(0, bt.hex)
    sea = len(path) == 2 and (path[1] == ctx.lib.atlantic or (west_indies(bt.hex) and west_indies(path[1])))
    if sea:  # 8.5, 9.1
        if not can_sea_retreat(ctx, b):
            raise error("8.5", "liberty.retreat.no_sea")
        places = sea_retreat_places(ctx, b)
        if path[1] not in places:
            raise error("8.5", "liberty.retreat.sea_place", unit=b.id, place=path[1], places=places)
        sea_retreat(ctx, b, path[1])
        settle(ctx)
        return
    _retreat_check(ctx, b, path, river=river)
    _go(ctx, bt, b, path, bt.retreats)
    bt.acted.append(b.id)
    settle(ctx)


def _go(
    ctx: Ctx, bt: Battle, b: Block, path: Sequence[str], counts: dict[str, int], kind: str = "retreated"
) -> None:
    for x, y in pairwise(path):
        counts[pair_key(x, y)] = counts.get(pair_key(x, y), 0) + 1
    b.at = path[-1]
    data = {"at": bt.hex, "side": b.side, "to": path[-1], "path": list(path)}
    if bt.round == 1 and b.id in bt.reserves:  # G27: a reserve leaving in round 1 was never revealed
        ctx.emit(kind, data, {"unit": b.id}, (b.side,))
    else:
        ctx.emit(kind, {**data, "unit": b.id})


# -- the retreats a side must make (7.2 with G30, G27), each block's way chosen by its owner ---------------


def begin_withdrawal(ctx: Ctx, side: str, rule: str) -> None:
    """7.2 (G30: after round 3 the attacker withdraws), G27 (the reserves retreat when the battle ends in
    round 1) or 8.6 with G37 (warships alone cannot hold against land blocks after round 3, the sea retreat
    from a West Indies port to the Atlantic box or the other port): every block of ``side`` in the hex must
    retreat; its owner chooses each one's way
    (``/retreat``, phase "withdraw") where there is more than one, ``/end`` leaves the rest to the engine
    (``forced_retreat``: the way it came); a block with no way is captured (G28)."""
    st = ctx.st
    bt = st.battle
    assert bt is not None
    bt.withdrawing = [b.id for b in st.at(bt.hex, side)]
    bt.withdraw_rule = rule
    _next_withdrawal(ctx)


def withdrawal_options(ctx: Ctx, b: Block) -> list[tuple[list[str], bool]]:
    """The ways ``b`` may withdraw: (path, by river) overland or by river (7.4, G29), or by sea to the
    Atlantic box or the other West Indies port (8.5, 9.1) for a block that came by sea and a warship."""
    bt = ctx.st.battle
    assert bt is not None
    if b.by_sea or ctx.lib.unit(b.id).type == "warship":
        there = other_port(ctx, bt.hex, b.side)
        return [([bt.hex, p], False) for p in [ctx.lib.atlantic, *([there] if there else [])]]
    return retreat_options(ctx, b)


def _next_withdrawal(ctx: Ctx) -> None:
    st = ctx.st
    bt = st.battle
    assert bt is not None
    side = bt.attacker if bt.withdraw_rule == "7.2" else bt.defender  # who withdraws (G30, G27)
    left = []
    for u in bt.withdrawing:
        b = st.blocks[u]
        options = withdrawal_options(ctx, b)
        if not options:
            capture(ctx, b, bt.withdraw_rule)  # G28
        elif len(options) == 1:
            forced_retreat(ctx, b, bt.withdraw_rule)
        else:
            left.append(u)
    bt.withdrawing = left
    if left:
        go(st, Phase.WITHDRAW, side)
        return
    go(st, Phase.COMBAT, None)
    finish(ctx, other(side))


def withdraw(ctx: Ctx, side: str, unit: str, path: Sequence[str], *, river: bool) -> None:
    """``/retreat`` in the withdrawal: one block's way (``withdrawal_options``)."""
    st = ctx.st
    bt = st.battle
    assert bt is not None
    if st.acting != side:
        raise error("7.2", "liberty.withdraw.not_now")
    if unit not in bt.withdrawing:
        raise error("7.2", "liberty.withdraw.not_yours", unit=unit, units=bt.withdrawing)
    b = st.blocks[unit]
    path = list(path)
    if path and path[0] != bt.hex:
        path.insert(0, bt.hex)
    if b.by_sea or ctx.lib.unit(b.id).type == "warship":
        places = [p[-1] for p, _ in withdrawal_options(ctx, b)]
        if len(path) != 2 or path[1] not in places:
            raise error("8.5", "liberty.retreat.sea_place", unit=b.id, place=path[-1], places=places)
        sea_retreat(ctx, b, path[1])
    else:
        _retreat_check(ctx, b, path, river=river)
        _go(ctx, bt, b, path, bt.retreats)
    bt.withdrawing.remove(unit)
    _next_withdrawal(ctx)


def end_withdrawal(ctx: Ctx, side: str) -> None:
    """``/end`` in the withdrawal: the engine chooses the rest (``forced_retreat``)."""
    st = ctx.st
    bt = st.battle
    if st.phase != Phase.WITHDRAW or bt is None or st.acting != side:
        raise error("7.2", "liberty.withdraw.not_now")
    for u in list(bt.withdrawing):
        forced_retreat(ctx, st.blocks[u], bt.withdraw_rule)
    bt.withdrawing = []
    _next_withdrawal(ctx)


def forced_retreat(ctx: Ctx, b: Block, rule: str) -> None:
    """G28, G30: a block that must retreat (the attacker after round 3, reserves under G27) goes the way it
    came if it can (the engine's choice: the hex it came from first), by sea if it came by sea; with no
    legal retreat it is captured."""
    st = ctx.st
    bt = st.battle
    assert bt is not None
    if b.by_sea or ctx.lib.unit(b.id).type == "warship":
        sea_retreat(ctx, b)
        return
    options = retreat_options(ctx, b)  # G29: a block that came by river goes back by it
    if not options:
        capture(ctx, b, rule)
        return
    best = min(options, key=lambda o: (o[0][1] != b.came_from, o[1] != b.by_river, len(o[0]), o[0][-1]))[0]
    _go(ctx, bt, b, best, bt.retreats)


# -- the end of a battle and the regroup ----------------------------------------------------------------


def finish(ctx: Ctx, victor: str | None) -> None:
    """G26: the victor is the side left in the hex; it may regroup (7.5). The blocks stand up again (G24)."""
    st = ctx.st
    bt = st.battle
    assert bt is not None
    bt.victor = victor
    for b in st.at(bt.hex):
        if b.id in st.reserves:
            st.reserves.remove(b.id)
    ctx.emit("battle_over", {"at": bt.hex, "victor": victor, "rounds": min(bt.round, 3)})
    bt.acted = []
    if victor is not None and (regroup_options(ctx) or river_regroups(ctx)):
        go(st, Phase.REGROUP, victor)
        return
    next_battle(ctx)


def regroup_options(ctx: Ctx) -> dict[str, list[list[str]]]:
    """7.5 with G31: unit -> its overland paths (a shortest one to each hex by each first hexside), for the
    victor's blocks not yet regrouped; a warship's by its normal move (7.5 「いくつか/全てのブロックの…通常
    移動」, 8.1: 2 hexes by sea to a friendly port); 9.1 (7.5: 「西インド諸島と港の間では再編成を行える」,
    read as between the two West Indies ports, D9): from one West Indies port to the other, for the blocks
    that may go by sea (warships too)."""
    st = ctx.st
    bt = st.battle
    assert bt is not None and bt.victor is not None
    out = {}
    there = _regroup_port(ctx, bt, bt.victor, 1)
    for b in st.at(bt.hex, bt.victor):
        if b.id in bt.acted:
            continue
        paths = []
        if there is not None and ctx.lib.unit(b.id).can_sea_move:
            paths.append([bt.hex, there])
        if ctx.lib.unit(b.id).type == "warship":
            paths += board.naval_reach(ctx, b.side, bt.hex, mode=REGROUP).values()
        for first in _first_steps(ctx, bt.hex):
            for path in board.reach(ctx, b.side, b, REGROUP, first=first).values():
                if _within_limits(ctx, bt.regroups, path):
                    paths.append(path)
        if paths:
            out[b.id] = paths
    return out


def river_regroups(ctx: Ctx) -> dict[str, list[list[str]]]:
    """7.5 with G31: unit -> dest -> path by river (5.6) for the victor's blocks that joined the battle by
    river (「河から戦闘に加入したブロックのみ河で再編成を行える」), not yet regrouped."""
    st = ctx.st
    bt = st.battle
    assert bt is not None and bt.victor is not None
    out: dict[str, list[list[str]]] = {}
    for b in st.at(bt.hex, bt.victor):
        if b.id in bt.acted or not b.by_river:
            continue
        for path in board.river_reach(ctx, b.side, b).values():
            if len(path) < 3:
                continue  # one hex by river is one hex overland
            try:
                board.walk(ctx, b.side, [b], path, REGROUP, river=True, counts=bt.regroups)
            except RuleError:
                continue
            out.setdefault(b.id, []).append(path)
    return out


def _regroup_port(ctx: Ctx, bt: Battle, side: str, n: int) -> str | None:
    """9.1: the other West Indies port, if ``n`` blocks may regroup into it (friendly, 7.5)."""
    there = other_port(ctx, bt.hex, side, n)
    return there if there is not None and board.friendly(ctx, there, side) else None


def regroup(ctx: Ctx, side: str, ids: Sequence[str], path: Sequence[str], *, river: bool = False) -> None:
    st = ctx.st
    bt = st.battle
    if st.phase != Phase.REGROUP or bt is None or side != bt.victor:
        raise error("7.5", "liberty.regroup.not_now")
    group = []
    for u in ids:
        b = st.blocks.get(u)
        if b is None or b.side != side or b.at != bt.hex or b.id in bt.acted:
            raise error("7.5", "liberty.regroup.not_in_battle", unit=u)
        group.append(b)
    if not group:
        raise error("5.1", "liberty.move.no_units")
    path = list(path)
    if path and path[0] != bt.hex:
        path.insert(0, bt.hex)
    if path and path[-1] == ctx.lib.atlantic:  # 7.5 「大西洋ボックスへ再編成は行えない」
        raise error("7.5", "liberty.regroup.atlantic")
    if len(path) == 2 and west_indies(bt.hex) and west_indies(path[1]):  # 9.1: port to port
        for b in group:
            if not ctx.lib.unit(b.id).can_sea_move:
                raise error("5.7", "liberty.sea.not_by_sea", unit=b.id)
        if _regroup_port(ctx, bt, side, len(group)) != path[1]:
            raise error("9.1", "liberty.regroup.port", place=path[1])
    elif any(ctx.lib.unit(b.id).type == "warship" for b in group):  # 7.5 by 8.1's move, no hexside limits
        if not all(ctx.lib.unit(b.id).type == "warship" for b in group):
            raise error("8.1", "liberty.move.mixed")
        if river:
            raise error("5.6", "liberty.move.river")
        board.naval_walk(ctx, side, path, forced=False, mode=REGROUP)
    else:
        board.walk(ctx, side, group, path, REGROUP, river=river, counts=bt.regroups)
        for x, y in pairwise(path):
            bt.regroups[pair_key(x, y)] = bt.regroups.get(pair_key(x, y), 0) + len(group)
    for b in group:
        _go(ctx, bt, b, path, {}, "regrouped")
        bt.acted.append(b.id)
    if not regroup_options(ctx) and not river_regroups(ctx):
        end_regroup(ctx, side)


def end_regroup(ctx: Ctx, side: str) -> None:
    st = ctx.st
    if st.phase != Phase.REGROUP or st.battle is None or side != st.battle.victor:
        raise error("7.5", "liberty.regroup.not_now")
    st.acting = None
    next_battle(ctx)


def prisoners(ctx: Ctx, side: str) -> list[str]:
    """11.5: the blocks ``side`` holds: the other side's captured blocks."""
    return sorted(b.id for b in ctx.st.blocks.values() if b.at == PRISONER and b.side != side)


def _within_limits(ctx: Ctx, crossed: dict[str, int], path: Sequence[str]) -> bool:
    """Whether one more block may take ``path`` with the hexsides' limits (7.4, 7.5): ``crossed`` counts the
    blocks that crossed each hexside already (this round's retreats, this battle's regroups)."""
    return all(
        crossed.get(pair_key(x, y), 0) + 1 <= c.limit
        for x, y in pairwise(path)
        if (c := ctx.lib.hexside(x, y)) is not None
    )
