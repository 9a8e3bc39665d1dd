"""Attacks (rule 11, the nine steps as the seed gives them), after combat, retreats (12), morale (13) and
elite units (15). Each function is one order of one step of ``machine.py``; it checks everything before it
changes anything (``dry``: check only)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.errors import RuleError

from . import moves
from .context import Ctx, error
from .machine import Step
from .state import GONE, Attack, Block, other


def _att(ctx: Ctx) -> Attack:
    a = ctx.st.attack
    assert a is not None
    return a


def width_of(ctx: Ctx, a: Attack) -> str:
    ap = ctx.data.approach(a.target, a.source)
    assert ap is not None
    return ap.width


def blockers(ctx: Ctx, source: str, target: str) -> list[Block]:
    """The defender's units on the defence approach (target's side, facing source)."""
    return [b for b in ctx.st.blocks.values() if b.at == target and b.on == source]


# -- morale (13) and elite units (15) -----------------------------------------------------------------------
def lose_morale(ctx: Ctx, side: str, n: int, floor: int = 0) -> None:
    """13: an army's morale falls; ``floor`` (15, and losses from an artillery-led attack [JW]) it cannot
    pass. At 0 the army is demoralised and loses at once (G32)."""
    st = ctx.st
    if n <= 0:
        return
    new = max(st.morale[side] - n, min(floor, st.morale[side]))
    st.lost[side] = st.lost.get(side, 0) + st.morale[side] - new
    st.morale[side] = new
    ctx.emit("morale", {"side": side, "lost": n, "morale": new})
    if new <= 0 and st.phase != "over":
        st.phase, st.winner, st.reason = "over", other(side), "demoralised"
        ctx.emit("over", {"winner": other(side), "reason": "demoralised"})


def use_elite(ctx: Ctx, units: Sequence[Block]) -> None:
    """15: the first use of heavy cavalry costs 2 morale, of the Guard 4, once per army; not below 1."""
    st, m = ctx.st, ctx.data.morale
    for b in units:
        kind = "guard" if b.guard else "heavy" if (b.arm == "cavalry" and b.strength == 3) else None
        used = st.elite_used.setdefault(b.side, [])
        if kind is None or kind in used:
            continue
        used.append(kind)
        lose_morale(ctx, b.side, m.guard if kind == "guard" else m.heavy_cavalry, floor=m.elite_floor)


def show(ctx: Ctx, units: Sequence[Block], why: str) -> None:
    """The rules reveal these faces to the enemy (G5)."""
    for b in units:
        b.shown = True
    if units:
        ctx.emit("shown", {"why": why, "units": {b.id: b.face for b in units}})


def hit(ctx: Ctx, b: Block, n: int, a: Attack) -> int:
    """``b`` loses ``n`` strength (at 0 it is eliminated); the loss is public with the face (G5); returns
    the strength lost. Guard that takes a loss becomes line infantry ([JW])."""
    n = min(n, b.strength)
    if n <= 0:
        return 0
    use_elite(ctx, [b])
    before = b.face
    b.strength -= n
    b.guard = False
    b.shown = True
    a.losses[b.side] = a.losses.get(b.side, 0) + n
    if b.strength == 0:
        eliminate(ctx, b)
    ctx.emit("loss", {"unit": b.id, "side": b.side, "before": before, "lost": n, "after": b.strength})
    return n


def eliminate(ctx: Ctx, b: Block) -> None:
    """A unit at 0 is eliminated; a commander is removed with its last unit (8)."""
    corps = b.corps
    b.at, b.on, b.strength, b.corps = GONE, None, 0, None
    if corps is not None and not ctx.st.corps_units(corps):
        c = ctx.st.commanders[corps]
        c.at, c.on = GONE, None


def spread(ctx: Ctx, a: Attack, n: int, tiers: Sequence[Sequence[Block]]) -> None:
    """11.9: losses spread as evenly as possible over the first tier, then the next, the rest discarded
    (G18: one point at a time to the unit that has taken fewest so far, the strongest first on a tie)."""
    for tier in tiers:
        taken: dict[str, int] = {b.id: 0 for b in tier}
        while n > 0:
            alive = [b for b in tier if b.at != GONE]
            if not alive:
                break
            b = min(alive, key=lambda u: (taken[u.id], -u.strength, u.id))
            n -= 1
            taken[b.id] += 1
            hit(ctx, b, 1, a)
        if n <= 0:
            return


# -- 11.1 threat --------------------------------------------------------------------------------------------
def threaten(
    ctx: Ctx, side: str, source: str, target: str, guard: str | None = None, *, dry: bool = False
) -> None:
    """11.1: the attacker names only the approach (from its locale into an enemy locale). G10: some piece of
    the attacker in the attack locale (reserve or the attack approach) can still be commanded; never across
    an impassable approach, never at night (14), nor across an approach closed this turn (G19)."""
    st = ctx.st
    for loc in (source, target):
        if loc not in {x.id for x in ctx.data.locales}:
            raise error("", "triumph.order.no_locale", locale=loc)
    ap = ctx.data.approach(source, target)
    if ap is None or ap.impassable:
        raise error("11.1", "triumph.attack.no_approach", source=source, target=target)
    if not moves.enemy_held(ctx, target, side):
        raise error("11.1", "triumph.attack.no_enemy", target=target)
    if ctx.data.scenario(st.scenario).rounds[st.round - 1].night:
        raise error("14", "triumph.attack.night")
    if f"{source}>{target}" in st.closed:
        raise error("11", "triumph.attack.closed", source=source, target=target)
    if not _forces_at(ctx, side, source, target) and not moves.road_attackers(ctx, side, source, target):
        raise error("11.1", "triumph.attack.nobody", source=source)
    g = None
    if guard is not None:
        # 15 ([JW]): a Guard Attack shows a Guard unit with the threat; not across an obstructed approach;
        # not again after one failed
        g = moves.unit(ctx, side, guard)
        if not g.guard or g.at != source or g.on not in (None, target):
            raise error("15", "triumph.guard.unit", unit=g.id, source=source)
        if ap.obstructed or ctx.data.approach(target, source).obstructed:  # type: ignore[union-attr]
            raise error("15", "triumph.guard.obstructed")
        if side in st.guard_barred:
            raise error("15", "triumph.guard.barred")
        if not _guard_may_lead(ctx, side, source, target, g.id):
            cap = ctx.data.locale(target).capacity
            raise error("15", "triumph.guard.cannot_lead", unit=g.id, capacity=cap)
    if (
        g is None
        and not moves.road_attackers(ctx, side, source, target)
        and not _may_go_on(ctx, side, source, target)
    ):
        raise error("11.3", "triumph.attack.dead_end", source=source, target=target)
    if dry:
        return
    st.attack = Attack(attacker=side, source=source, target=target, step=Step.DEFEND)
    ctx.emit("threat", {"side": side, "source": source, "target": target, "width": ap.width})
    if g is not None:
        st.attack.guard = g.id
        show(ctx, [g], "15")


def _guard_may_lead(ctx: Ctx, side: str, source: str, target: str, guard: str) -> bool:
    """15: a Guard Attack is led by the Guard and may not be a feint, so one that no force could press with
    the Guard leading (G23: no more attackers than the defence locale holds) may not be threatened: it could
    be neither pressed nor feinted. Nothing the defender does at 11.2-11.4 changes what may lead."""
    st = ctx.st
    saved = st.attack
    st.attack = Attack(attacker=side, source=source, target=target, step=Step.LEAD, guard=guard)
    try:
        return any(_can_lead(ctx, side, st.attack, f) for f in _forces_at(ctx, side, source, target))
    finally:
        st.attack = saved


def _may_go_on(ctx: Ctx, side: str, source: str, target: str) -> bool:
    """11.3: after the threat the attacker presses or feints; a threat no force could do either with (the
    fixed battery in every force, 6: it never moves) would stall the turn, so it is not made (a ruling)."""
    st = ctx.st
    saved = st.attack
    st.attack = Attack(attacker=side, source=source, target=target, step=Step.FEINT)
    try:
        for f in _forces_at(ctx, side, source, target):
            if _can_lead(ctx, side, st.attack, f):
                return True
            try:
                feint(ctx, side, [f], False, dry=True)
            except RuleError:
                continue
            return True
        return False
    finally:
        st.attack = saved


def _forces_at(ctx: Ctx, side: str, source: str, target: str) -> list[str]:
    """The forces (commanders, detached units) that may attack across source -> target now (G10, G12: their
    commands not yet given nor beyond the turn's limits)."""
    st, out = ctx.st, []
    for c in st.commanders.values():
        here = c.side == side and c.at == source and c.on in (None, target)
        if here and st.corps_units(c.id) and _commandable(ctx, side, [c.id], []):
            out.append(c.id)
    for b in st.blocks.values():
        here = b.side == side and b.corps is None and b.at == source and b.on in (None, target)
        if here and _commandable(ctx, side, [], [b]):
            out.append(b.id)
    return out


def _commandable(ctx: Ctx, side: str, corps: list[str], detached: list[Block]) -> bool:
    try:
        moves.check_commands(ctx, side, corps, detached)
    except RuleError:
        return False
    return True


# -- 11.2 defend or give ground, 11.4 defence leaders (sealed together, G7) ---------------------------------
def defend(ctx: Ctx, side: str, names: Sequence[str], leaders: Sequence[str], *, dry: bool = False) -> None:
    """11.2: with units on the defence approach, exactly those defend (Must defend / Cannot defend); without,
    any reserve units, at most one of them detached, none that defended across another approach this turn or
    fought and retreated. 11.4: leaders 0-2 (wide) or 0-1 (narrow), from the defenders; from the reserve no
    strength 1 and a pair of one arm and one corps; obstructed: no cavalry leads ([JW])."""
    a = _att(ctx)
    units = [moves.unit(ctx, side, n) for n in names]
    if len({b.id for b in units}) != len(units):
        raise error("11.2", "triumph.defend.twice")
    if not units:
        raise error("11.2", "triumph.defend.none")
    block = blockers(ctx, a.source, a.target)
    if block:
        if {b.id for b in units} != {b.id for b in block}:
            raise error("11.2", "triumph.defend.must", units=[b.id for b in block])
    else:
        for b in units:
            if b.at != a.target or b.on is not None:
                raise error("11.2", "triumph.defend.cannot", unit=b.id)
            if b.defended is not None and b.defended != a.source:
                raise error("11.2", "triumph.defend.used", unit=b.id)
            if b.retreated:
                raise error("11.2", "triumph.defend.retreated", unit=b.id)
        if sum(1 for b in units if b.corps is None) > 1:
            raise error("11.2", "triumph.defend.detached")
    lead = [moves.unit(ctx, side, n) for n in leaders]
    width = width_of(ctx, a)
    if len({b.id for b in lead}) != len(lead) or len(lead) > (2 if width == "wide" else 1):
        raise error("11.4", "triumph.lead.count", width=width, most=2 if width == "wide" else 1)
    for b in lead:
        if b not in units:
            raise error("11.4", "triumph.lead.not_defending", unit=b.id)
        if b.arm == "cavalry" and _obstructed(ctx, a):
            raise error("11.4", "triumph.lead.obstructed", unit=b.id)
        if not block and b.strength == 1:
            raise error("11.4", "triumph.lead.weak", unit=b.id)
    if not block and len(lead) == 2 and (lead[0].arm != lead[1].arm or lead[0].corps != lead[1].corps):
        raise error("11.4", "triumph.lead.pair")
    if not block and len(lead) == 2 and lead[0].corps is None:
        raise error("11.4", "triumph.lead.pair")
    if dry:
        return
    a.defenders = [b.id for b in units]
    a.blocked = bool(block)
    a.defence_leaders = [b.id for b in lead]
    for b in units:
        b.defended = a.source
    a.step = Step.FEINT
    # 11.2: the defending units are named (G5: faces hidden); the leaders are sealed until 11.5 (G7)
    ctx.emit("defend", {"units": a.defenders, "blocked": a.blocked}, {"leaders": a.defence_leaders}, (side,))


def _obstructed(ctx: Ctx, a: Attack) -> bool:
    ap = ctx.data.approach(a.target, a.source)
    return bool(ap and ap.obstructed)


def give_ground(ctx: Ctx, side: str, *, dry: bool = False) -> None:
    """11.2: the defender retreats instead: every unit in the locale retreats (12), steps 3-9 skipped. G9:
    units blocking the attacked approach must fight (option ``blockers_must_fight``)."""
    a = _att(ctx)
    if ctx.opts.blockers_must_fight and blockers(ctx, a.source, a.target):
        raise error("11.2", "triumph.defend.blockers_fight")
    if dry:
        return
    a.before_combat = True
    ctx.emit("give-ground", {"side": side, "locale": a.target})
    _begin_retreat(ctx, a, defence_width=width_of(ctx, a), defenders=())


# -- 11.3 feint ---------------------------------------------------------------------------------------------
def _forces(
    ctx: Ctx, side: str, a: Attack, names: Sequence[str], *, artillery: bool = False
) -> tuple[list[str], list[Block], list[Block]]:
    """The forces of an order in 11.3 / 11.5 / G35: commanders (whole corps) and detached units in the attack
    locale, all from one place (11.5: corps from the same place to the same place; two artillery units on
    the same approach jointly; otherwise a unit alone)."""
    if not names:
        raise error("11.5", "triumph.lead.no_force")
    corps: list[str] = []
    detached: list[Block] = []
    units: list[Block] = []
    for n in names:
        c, us = moves.group_of(ctx, side, n)
        if c is not None:
            corps.append(c)
        else:
            detached.append(us[0])
        units += us
    where = {(b.at, b.on) for b in units}
    if len(where) != 1:
        raise error("11.5", "triumph.lead.one_place")
    at, on = next(iter(where))
    if at != a.source or on not in (None, a.target):
        raise error("11.5", "triumph.lead.not_there", source=a.source)
    if detached and (corps or len(detached) > 2):
        raise error("11.5", "triumph.lead.separately")
    if len(detached) == 2 and not (on == a.target and all(b.arm == "artillery" for b in detached)):
        raise error("11.5", "triumph.lead.separately")
    moves.check_commands(ctx, side, corps, detached)
    if ctx.st.battery in {b.id for b in units} and not artillery:
        raise error("6", "triumph.battery.fixed", unit=ctx.st.battery)
    return corps, detached, units


def feint(
    ctx: Ctx, side: str, names: Sequence[str], step_up: bool, road: Sequence[str] = (), *, dry: bool = False
) -> None:
    """11.3: the attack is a feint: the attackers named (G5: faces hidden) stay, or those in the reserve all
    step onto the attack approach; the attack ends (G19: the approach is closed this turn); against a
    defence from the reserve at least one defender then steps onto the defence approach. An attack made by a
    road move must be a feint (11.3): G11, an all-cavalry corps rides its road into the attack locale and ends
    there (on the attack approach with ``step``, if the road crosses it)."""
    a = _att(ctx)
    if a.guard is not None:
        raise error("15", "triumph.guard.feint")
    if road:
        if len(names) != 1 or not road or road[-1] != a.source:
            raise error("11.3", "triumph.feint.road", source=a.source)
        corps_id, units = moves.group_of(ctx, side, names[0])
        if corps_id is None or any(b.arm != "cavalry" for b in units):
            raise error("11.3", "triumph.feint.road", source=a.source)
        moves.march(ctx, side, corps_id, road, a.target if step_up else None, dry=True)
        if dry:
            return
        moves.march(ctx, side, corps_id, road, a.target if step_up else None)
        corps: list[str] = []
        detached: list[Block] = []
    else:
        corps, detached, units = _forces(ctx, side, a, names)
        if step_up and units[0].on is not None:
            raise error("11.3", "triumph.feint.on_approach")
        if dry:
            return
        moves.spend(ctx, corps, detached)
        if step_up:
            moves.place(ctx, None, units, a.source, a.target)
            for c in corps:
                ctx.st.commanders[c].at, ctx.st.commanders[c].on = a.source, a.target
    a.forces = list(names)
    a.attackers = [b.id for b in units]
    ctx.st.closed.append(f"{a.source}>{a.target}")
    ctx.emit("feint", {"side": side, "forces": a.forces, "units": a.attackers, "step_up": step_up})
    if a.blocked or not _may_step_up(ctx, a):
        _end(ctx)
    else:
        a.step = Step.STEP_UP


def press(ctx: Ctx, side: str, *, dry: bool = False) -> None:
    """11.3: not a feint. G7: the defence leaders are shown now, before the attacker picks its own (11.4)."""
    a = _att(ctx)
    if not any(_can_lead(ctx, side, a, f) for f in _forces_at(ctx, side, a.source, a.target)):
        raise error("11.3", "triumph.press.nobody", capacity=ctx.data.locale(a.target).capacity)
    if dry:
        return
    a.step = Step.LEAD
    lead = [ctx.st.blocks[u] for u in a.defence_leaders]
    ctx.emit("press", {"side": side, "defence_leaders": a.defence_leaders})
    show(ctx, lead, "11.4")


def _can_lead(ctx: Ctx, side: str, a: Attack, force: str) -> bool:
    try:
        leaders = (a.guard,) if a.guard is not None else ()  # 15: a Guard Attack is led by the Guard
        lead(ctx, side, [force], None, leaders, None, dry=True)
    except RuleError:
        return False
    return True


# -- 11.5 attack leaders, 11.6 initial result ---------------------------------------------------------------
def lead(
    ctx: Ctx,
    side: str,
    names: Sequence[str],
    width: str | None,
    leaders: Sequence[str],
    target_leader: str | None,
    keep: Sequence[str] = (),
    *,
    dry: bool = False,
) -> None:
    """11.5: the attacker's orders (every unit that moves attacks), wide or narrow (narrow across a narrow
    approach), 0-2 / 0-1 leaders of one arm, no strength-1 infantry or cavalry, no artillery that moves from
    the reserve or in a corps attack; a narrow attack against two defence leaders picks one (G17). G23: no
    more attackers than the defence locale holds."""
    st = ctx.st
    a = _att(ctx)
    corps, detached, units = _forces(ctx, side, a, names, artillery=True)
    guns = [moves.unit(ctx, side, u) for u in leaders]
    if st.battery in {b.id for b in units} and not (guns and all(b.arm == "artillery" for b in guns)):
        raise error("6", "triumph.battery.fixed", unit=st.battery)  # it never moves: it leads the guns only
    ap_width = width_of(ctx, a)
    w = width or ap_width
    if w not in ("wide", "narrow"):
        raise error("11.5", "triumph.lead.width_word", width=w)
    if ap_width == "narrow" and w == "wide":
        raise error("11.5", "triumph.lead.narrow")
    if len(units) > ctx.data.locale(a.target).capacity:
        raise error("11.5", "triumph.lead.capacity", capacity=ctx.data.locale(a.target).capacity)
    lead_units = _attack_leaders(ctx, side, a, leaders, w, units, bool(corps))
    key = f"{a.source}>{a.target}"
    if lead_units and lead_units[0].arm == "artillery":
        # [JW] (11): one bombardment of an approach a turn; not two rounds running, unless the guns fire from
        # a hill onto a locale that is not a hill
        downhill = ctx.data.locale(a.source).hill and not ctx.data.locale(a.target).hill
        if key in st.bombarded or (st.bombard_rounds.get(key) == st.round - 1 and not downhill):
            raise error("11", "triumph.lead.bombarded", source=a.source, target=a.target)
    kept = [moves.unit(ctx, side, u) for u in keep]
    for b in kept:
        if b not in units or b.corps is None:
            raise error("11.9", "triumph.lead.keep", unit=b.id)
    if len({b.corps for b in kept}) != len(kept):
        raise error("11.9", "triumph.lead.keep_twice")
    dl = list(a.defence_leaders)
    if w == "narrow" and len(dl) == 2:
        if target_leader is None or target_leader.upper() not in dl:
            raise error("11.5", "triumph.lead.target", leaders=dl)
    elif target_leader is not None:
        raise error("11.5", "triumph.lead.no_target")
    if dry:
        return
    moves.spend(ctx, corps, detached)
    if w == "narrow" and len(dl) == 2:
        assert target_leader is not None
        a.defence_leaders = [target_leader.upper()]  # G17: the other stops being a leader
    a.forces = list(names)
    a.attackers = [b.id for b in units]
    a.width = w
    a.leaders = [b.id for b in lead_units]
    a.keep = [b.id for b in kept]
    a.artillery_led = bool(lead_units) and lead_units[0].arm == "artillery"
    if a.artillery_led:
        st.bombarded.append(key)
        st.bombard_rounds[key] = st.round
    elif key in st.bombarded:
        st.closed.append(key)  # [JW] (11): after a bombardment, one more attack (not artillery-led) may cross
    ctx.emit(
        "lead", {"side": side, "forces": a.forces, "units": a.attackers, "width": w, "leaders": a.leaders}
    )
    show(ctx, lead_units, "11.5")
    use_elite(ctx, lead_units)
    use_elite(ctx, [st.blocks[u] for u in a.defence_leaders])
    a.ir = initial_result(ctx, a)
    a.winner = winner_of(ctx, a, a.ir)
    ctx.emit("initial-result", {"ir": a.ir, "winning": a.winner})
    if st.phase == "over":
        return
    if counter_candidates(ctx, a):
        a.step = Step.COUNTER
    else:
        a.fr = a.ir
        _conclude(ctx, a)


def _attack_leaders(
    ctx: Ctx, side: str, a: Attack, leaders: Sequence[str], w: str, units: Sequence[Block], corps: bool
) -> list[Block]:
    """11.5: 0-2 leaders (wide) or 0-1 (narrow) among the attackers, of one arm, no strength-1 infantry or
    cavalry, artillery only from an approach and not in a corps attack, no cavalry across an obstructed
    approach; 15: a Guard Attack is led by the Guard."""
    lead_units = [moves.unit(ctx, side, n) for n in leaders]
    if len({b.id for b in lead_units}) != len(lead_units) or len(lead_units) > (2 if w == "wide" else 1):
        raise error("11.5", "triumph.lead.count", width=w, most=2 if w == "wide" else 1)
    for b in lead_units:
        if b not in units:
            raise error("11.5", "triumph.lead.not_attacking", unit=b.id)
        if b.arm != "artillery" and b.strength == 1:
            raise error("11.5", "triumph.lead.weak", unit=b.id)
        if b.arm == "artillery" and (b.on is None or corps):
            raise error("11.5", "triumph.lead.artillery", unit=b.id)
        if b.arm == "cavalry" and _obstructed(ctx, a):
            raise error("11.5", "triumph.lead.obstructed", unit=b.id)
        if b.arm == "artillery" and b.at == ctx.data.setup_rules.santon and moves.santon_holds(ctx):
            raise error("18", "triumph.lead.santon", unit=b.id)  # 18: no other guns on the Santon lead
    if len(lead_units) == 2 and (
        lead_units[0].arm != lead_units[1].arm or lead_units[0].guard != lead_units[1].guard
    ):
        raise error("11.5", "triumph.lead.pair_arm")
    if a.guard is not None and (not lead_units or not all(b.guard for b in lead_units)):
        raise error("15", "triumph.guard.lead")
    return lead_units


def initial_result(ctx: Ctx, a: Attack) -> int:
    """11.6: the attack leaders' strength; -1 if they are infantry and the defenders block the approach; -1
    if the approach carries a penalty of their arm and the defenders block it; minus the defence leaders'
    strength unless artillery leads (G13: no leader, no -1)."""
    st = ctx.st
    lead = [st.blocks[u] for u in a.leaders]
    ir = sum(b.strength for b in lead)
    if lead and a.blocked:
        arm = lead[0].arm
        if arm == "infantry":
            ir -= 1
        ap = ctx.data.approach(a.target, a.source)
        if ap is not None and arm in ap.penalties:
            ir -= 1
    elif lead and _santon_defended(ctx, a):
        # 18: the French defending the Santon's reserve, its fixed battery there, get the printed penalties
        # (nothing else: no infantry -1, and a 0 is still decided as against a reserve, 11.6)
        ap = ctx.data.approach(a.target, a.source)
        if ap is not None and lead[0].arm in ap.penalties:
            ir -= 1
    if not a.artillery_led:
        # 15 ([JW]): against a Guard Attack defence leaders of strength less than 3 count one less
        ir -= sum(
            st.blocks[u].strength - (1 if a.guard and st.blocks[u].strength < 3 else 0)
            for u in a.defence_leaders
        )
    return ir


def _santon_defended(ctx: Ctx, a: Attack) -> bool:
    """18 (optional): an attack on the French in the Santon's reserve while the fixed battery stands there."""
    return a.target == ctx.data.setup_rules.santon and a.attacker == "allies" and moves.santon_holds(ctx)


def winner_of(ctx: Ctx, a: Attack, result: int) -> str:
    """11.6 / 11.8: +1 or more the attacker, -1 or less the defender; 0: the defender if it blocks, else the
    side with more units (G14: attacking units named in 11.5 against defending units named in 11.2), the
    French on a tie."""
    if result >= 1:
        return a.attacker
    if result <= -1:
        return other(a.attacker)
    if a.blocked:
        return other(a.attacker)
    if len(a.attackers) != len(a.defenders):
        return a.attacker if len(a.attackers) > len(a.defenders) else other(a.attacker)
    return "french"


# -- 11.7 counter-attack, 11.8 final result, 11.9 losses ---------------------------------------------------
def counter_candidates(ctx: Ctx, a: Attack) -> list[Block]:
    """11.7: not against an artillery-led attack; non-leading defenders; cavalry always (not across an
    obstructed approach [JW]), infantry only if the attacker is winning, artillery never."""
    if a.artillery_led:
        return []
    out = []
    for u in a.defenders:
        b = ctx.st.blocks[u]
        if u in a.defence_leaders or b.at == GONE:
            continue
        if (b.arm == "cavalry" and not _obstructed(ctx, a)) or (
            b.arm == "infantry" and a.winner == a.attacker
        ):
            out.append(b)
    return out


def counter(ctx: Ctx, side: str, names: Sequence[str], *, dry: bool = False) -> None:
    """11.7: 1 or 2 counter-attackers (two of one arm and one corps, even against a narrow attack); each
    loses 1 at once. 11.8: FR = IR - their strength after it."""
    a = _att(ctx)
    st = ctx.st
    units = [moves.unit(ctx, side, n) for n in names]
    cands = counter_candidates(ctx, a)
    if len({b.id for b in units}) != len(units) or len(units) > 2:
        raise error("11.7", "triumph.counter.count")
    for b in units:
        if b not in cands:
            raise error("11.7", "triumph.counter.not_eligible", unit=b.id)
    if len(units) == 2 and (
        units[0].arm != units[1].arm
        or units[0].guard != units[1].guard
        or units[0].corps != units[1].corps
        or units[0].corps is None
    ):
        raise error("11.7", "triumph.counter.pair")
    if dry:
        return
    a.counter = [b.id for b in units]
    show(ctx, units, "11.7")
    use_elite(ctx, units)
    for b in units:
        hit(ctx, b, 1, a)
    a.fr = a.ir - sum(st.blocks[u].strength for u in a.counter)
    ctx.emit("counter", {"side": side, "units": a.counter, "fr": a.fr})
    if st.phase == "over":
        return
    _conclude(ctx, a)


def _conclude(ctx: Ctx, a: Attack) -> None:
    """11.8 the final result, 11.9 losses, then after combat."""
    st = ctx.st
    a.winner = winner_of(ctx, a, a.fr)
    ctx.emit("final-result", {"fr": a.fr, "winner": a.winner})
    other(a.attacker)
    lead = [st.blocks[u] for u in a.leaders]
    dlead = [st.blocks[u] for u in a.defence_leaders]
    attackers = [st.blocks[u] for u in a.attackers]
    # 11.9 attacker: nothing if artillery led; else the defence leaders + the negative part of FR
    if not a.artillery_led:
        spread(ctx, a, len(dlead) + max(0, -a.fr), [lead, attackers])
    # 11.9 defender: attack leaders (not artillery) + the positive part of FR - artillery defence leaders
    # (against infantry or cavalry), spread over the infantry and cavalry defence leaders (not artillery),
    # then the counter-attackers, then the defending units (the seed: 防御部隊, all of them)
    n = (0 if a.artillery_led else len(lead)) + max(0, a.fr)
    art = [b for b in dlead if b.arm == "artillery"]
    if not a.artillery_led:
        n -= len(art)
    others = [st.blocks[u] for u in a.defenders]
    spread(
        ctx,
        a,
        n,
        [[b for b in dlead if b.arm != "artillery"], [st.blocks[u] for u in a.counter], others],
    )
    if st.phase == "over":
        return
    if a.guard is not None and a.winner != a.attacker:
        # 15 ([JW]): a failed Guard Attack costs 3 more morale (it may demoralise); no further Guard Attack
        st.guard_barred.append(a.attacker)
        lose_morale(ctx, a.attacker, ctx.data.morale.failed_guard_attack)
        if st.phase == "over":
            return
    if a.artillery_led:
        # after combat: nobody moves; the loser's morale cannot fall below 1 from it ([JW])
        loser = other(a.winner)
        lose_morale(ctx, loser, a.losses.get(loser, 0), floor=ctx.data.morale.artillery_floor)
        _end(ctx)
    elif a.winner == a.attacker:
        _begin_retreat(ctx, a, defence_width=width_of(ctx, a), defenders=a.defenders)
    else:
        _repulse(ctx, a)


def _repulse(ctx: Ctx, a: Attack) -> None:
    """After combat, the defender won: the attackers go back to the attack locale's reserve (G25); every
    attacking unit is detached except one its corps keeps (G26: the strongest); the approach is closed
    (G19); the attacker's morale falls by its losses (13); against a defence from the reserve at least one
    defender steps onto the approach."""
    st = ctx.st
    alive = [st.blocks[u] for u in a.attackers if st.blocks[u].at != GONE]
    for b in alive:
        b.at, b.on = a.source, None
    for c in {b.corps for b in alive if b.corps}:
        assert c is not None
        mine = [b for b in alive if b.corps == c]
        chosen = [b for b in mine if b.id in a.keep]  # the seed: 「任意の一部隊」, the owner's choice (G26)
        keep = chosen[0] if chosen else max(mine, key=lambda u: (u.strength, u.id))
        for b in mine:
            if b is not keep:
                moves.detach(b)
        st.commanders[c].at, st.commanders[c].on = a.source, None
    st.closed.append(f"{a.source}>{a.target}")
    ctx.emit("repulsed", {"side": a.attacker, "units": [b.id for b in alive]})
    lose_morale(ctx, a.attacker, a.losses.get(a.attacker, 0))
    if st.phase == "over":
        return
    if not a.blocked and _may_step_up(ctx, a):
        a.step = Step.STEP_UP
    else:
        _end(ctx)


def _end(ctx: Ctx) -> None:
    ctx.st.attack = None


def _may_step_up(ctx: Ctx, a: Attack) -> bool:
    """11.3 / 11.9: a defender still in the reserve that may step onto the approach (G24: not the fixed
    battery, which never moves, 6; it stands in a reserve only in the Santon, 18)."""
    st = ctx.st
    return any(
        st.blocks[u].at == a.target and st.blocks[u].on is None and u != st.battery for u in a.defenders
    )


# -- after a feint or a held defence: the step-up (11.3, 11.9, G24) -----------------------------------------
def step_up(ctx: Ctx, side: str, names: Sequence[str], *, dry: bool = False) -> None:
    """11.3 / 11.9: at least one defender of the reserve steps onto the defence approach (all or some); a
    commander goes only if every unit with it goes, else the units that go are detached (G24)."""
    st = ctx.st
    a = _att(ctx)
    units = [moves.unit(ctx, side, n) for n in names]
    if not units or len({b.id for b in units}) != len(units):
        raise error("11.3", "triumph.step_up.none")
    for b in units:
        if b.id not in a.defenders or b.at != a.target or b.on is not None:
            raise error("11.3", "triumph.step_up.not_defender", unit=b.id)
        if b.id == st.battery:  # G24: it never moves (6), in the Santon's reserve too (18)
            raise error("6", "triumph.battery.fixed", unit=b.id)
    if dry:
        return
    ids = {b.id for b in units}
    for b in units:
        b.on = a.source
    for c in {b.corps for b in units if b.corps}:
        assert c is not None
        cu = st.corps_units(c)
        if all(u.id in ids for u in cu):
            st.commanders[c].on = a.source
        else:
            for u in units:
                if u.corps == c:
                    moves.detach(u)
    ctx.emit("step-up", {"side": side, "units": sorted(ids), "approach": f"{a.target}>{a.source}"})
    _end(ctx)


# -- retreats (12) ------------------------------------------------------------------------------------------
def _begin_retreat(ctx: Ctx, a: Attack, defence_width: str, defenders: Sequence[str]) -> None:
    """12: every unit in the defence locale retreats; faces are shown ([JW], G5). Those that did not fight
    lose first: every artillery is eliminated now; the other losses (``loss_groups``) the retreating player
    places with its retreat."""
    st = ctx.st
    for b in [b for b in st.units_at(a.target) if b.id not in defenders]:
        if b.arm == "artillery":
            hit(ctx, b, b.strength, a)
    a.retreating = [b.id for b in st.units_at(a.target)]
    show(ctx, [st.blocks[u] for u in a.retreating], "12")
    if st.phase == "over":
        return
    a.step = Step.RETREAT
    if not a.retreating or not retreat_destinations(ctx, a):
        retreat(ctx, other(a.attacker), {})


def retreat_destinations(ctx: Ctx, a: Attack) -> list[str]:
    """12: adjacent locales, not the attack locale, not enemy-held, not across an impassable approach, with
    room."""
    side = other(a.attacker)
    return [
        n
        for n in ctx.data.neighbours(a.target)
        if n != a.source
        and not moves.enemy_held(ctx, n, side)
        and moves.own_count(ctx, n, side) < ctx.data.locale(n).capacity
    ]


def loss_groups(ctx: Ctx, a: Attack) -> dict[str, tuple[int, list[Block]]]:
    """12 (G20: totals per group): the infantry in the reserve that did not defend lose 1 (narrow defence
    approach) or 2 (wide) between them; the infantry and cavalry on each other approach 1 or 2 between them by
    that approach's width. Group -> (points, its units)."""
    st = ctx.st
    rest = [st.blocks[u] for u in a.retreating if u not in a.defenders and st.blocks[u].at != GONE]
    out: dict[str, tuple[int, list[Block]]] = {}
    reserve = [b for b in rest if b.on is None and b.arm == "infantry"]
    if reserve:
        out["reserve"] = (1 if width_of(ctx, a) == "narrow" else 2, reserve)
    for b in rest:
        if b.on is not None and b.on != a.source and b.arm in ("infantry", "cavalry"):
            ap = ctx.data.approach(a.target, b.on)
            n = 1 if ap is not None and ap.width == "narrow" else 2
            out.setdefault(b.on, (n, []))[1].append(b)
    return out


def _even(units: Sequence[Block], n: int) -> dict[str, int]:
    """G18 without changing anything: one point at a time to the unit that has taken fewest, the strongest
    first on a tie; the points a group cannot take are lost with it."""
    taken = {b.id: 0 for b in units}
    for _ in range(n):
        alive = [b for b in units if b.strength - taken[b.id] > 0]
        if not alive:
            break
        b = min(alive, key=lambda u: (taken[u.id], -(u.strength - taken[u.id]), u.id))
        taken[b.id] += 1
    return taken


def retreat(
    ctx: Ctx, side: str, plan: dict[str, str], hits: Sequence[str] = (), *, dry: bool = False
) -> None:
    """12: first the retreat losses (``hits``: one unit id per point, placed by the retreating player, each
    group's points exactly; none given: spread as G18); then each surviving unit to a legal neighbour of the
    player's choice (G22: checked unit by unit in the order given, capacity included); units that cannot
    retreat are eliminated; every unit of a retreating corps but one is detached (the commander goes with the
    one kept); the loser's morale falls by its losses in the fight and the retreat (13; G21 before combat);
    then every attacker advances."""
    st = ctx.st
    a = _att(ctx)
    taken = _retreat_losses(ctx, a, hits)
    # the fixed battery cannot move (6, [JW]): it is eliminated with the rest that cannot retreat
    survivors = [u for u in a.retreating if st.blocks[u].strength - taken.get(u, 0) > 0 and u != st.battery]
    plan = {u: to for u, to in plan.items() if u in survivors or u not in a.retreating}
    legal = set(retreat_destinations(ctx, a))
    room = {n: ctx.data.locale(n).capacity - moves.own_count(ctx, n, side) for n in legal}
    for u, to in plan.items():
        if u not in a.retreating:
            raise error("12", "triumph.retreat.not_retreating", unit=u)
        if to not in legal:
            raise error("12", "triumph.retreat.destination", unit=u, locale=to, legal=sorted(legal))
        room[to] -= 1
        if room[to] < 0:
            raise error("12", "triumph.retreat.capacity", locale=to)
    missing = [u for u in survivors if u not in plan]
    if missing and any(r > 0 for r in room.values()):
        raise error("12", "triumph.retreat.missing", units=missing)
    if dry:
        return
    for u, k in taken.items():
        if k:
            hit(ctx, st.blocks[u], k, a)
    if st.battery in a.retreating and st.blocks[st.battery].at != GONE and st.battery not in missing:
        missing = [*missing, st.battery]
    for u in missing:  # 12: units that cannot retreat are eliminated (their strength is lost, 13)
        a.losses[side] = a.losses.get(side, 0) + st.blocks[u].strength
        eliminate(ctx, st.blocks[u])
    kept: dict[str, str] = {}
    for u, to in plan.items():
        b = st.blocks[u]
        use_elite(ctx, [b])
        b.at, b.on, b.retreated = to, None, True
        if b.corps is not None:
            if b.corps in kept:
                moves.detach(b)
            else:
                kept[b.corps] = u
                st.commanders[b.corps].at, st.commanders[b.corps].on = to, None
    for c in st.commanders.values():  # a commander left with no unit is removed (8)
        if c.side == side and c.at == a.target and not st.corps_units(c.id):
            c.at, c.on = GONE, None
    ctx.emit("retreat", {"side": side, "to": dict(plan), "eliminated": missing})
    if not a.before_combat or ctx.opts.give_ground_morale:
        lose_morale(ctx, side, a.losses.get(side, 0))
    if st.phase == "over":
        return
    if a.before_combat:
        a.step = Step.ADVANCE
        on_foot = [([f], ()) for f in _forces_at(ctx, a.attacker, a.source, a.target)]
        by_road = [
            ([f], (*p, a.target)) for f, p in moves.road_attackers(ctx, a.attacker, a.source, a.target)
        ]
        if not any(_can_advance(ctx, a.attacker, f, p) for f, p in on_foot + by_road):
            _end(ctx)  # G35: nobody can carry the threat out (capacity): the locale stays empty
        return
    _advance(ctx, a, [st.blocks[u] for u in a.attackers if st.blocks[u].at != GONE])
    _end(ctx)


def _retreat_losses(ctx: Ctx, a: Attack, hits: Sequence[str]) -> dict[str, int]:
    """12: the retreat losses, unit -> points: as the retreating player places them (``hits``, one unit id a
    point, each group's points exactly), or spread evenly when none are given (G18)."""
    groups = loss_groups(ctx, a)
    taken: dict[str, int] = {}
    if not hits:
        for n, us in groups.values():
            for u, k in _even(us, n).items():
                taken[u] = taken.get(u, 0) + k
        return taken
    member = {b.id: g for g, (_, us) in groups.items() for b in us}
    for u in hits:
        if u.upper() not in member:
            raise error("12", "triumph.retreat.hit_not_due", unit=u)
        taken[u.upper()] = taken.get(u.upper(), 0) + 1
    for n, us in groups.values():
        need = min(n, sum(b.strength for b in us))
        given = sum(taken.get(b.id, 0) for b in us)
        if given != need or any(taken.get(b.id, 0) > b.strength for b in us):
            raise error("12", "triumph.retreat.hits", points=need, units=[b.id for b in us])
    return taken


def _advance(ctx: Ctx, a: Attack, units: Sequence[Block]) -> None:
    """12: every attacking unit advances into the defence locale's reserve; the locale is taken ([JW])."""
    st = ctx.st
    for b in units:
        b.at, b.on = a.target, None
        if b.corps is not None:
            st.commanders[b.corps].at, st.commanders[b.corps].on = a.target, None
    st.taken.append(a.target)
    if a.target not in st.moved_into:
        st.moved_into.append(a.target)
    ctx.emit("advance", {"side": a.attacker, "units": [b.id for b in units], "locale": a.target})


def _can_advance(ctx: Ctx, side: str, names: Sequence[str], road: Sequence[str] = ()) -> bool:
    try:
        advance(ctx, side, names, road, dry=True)
    except RuleError:
        return False
    return True


def advance(
    ctx: Ctx, side: str, names: Sequence[str], road: Sequence[str] = (), *, dry: bool = False
) -> None:
    """G35: after a retreat before combat the attacker gives the move order(s) that carry out the threat
    (as at 11.5, without leaders); at least one piece enters; the commands are spent. G11: cavalry that
    threatened by road rides on through the attack locale into the emptied one."""
    a = _att(ctx)
    if a.guard is not None:
        raise error("15", "triumph.guard.feint")
    if road:
        if len(names) != 1 or len(road) < 2 or road[-1] != a.target or road[-2] != a.source:
            raise error("G35", "triumph.advance.road", source=a.source, target=a.target)
        corps_id, units = moves.group_of(ctx, side, names[0])
        if corps_id is None or any(b.arm != "cavalry" for b in units):
            raise error("G35", "triumph.advance.road", source=a.source, target=a.target)
        moves.march(ctx, side, corps_id, road, dry=True)
        if dry:
            return
        moves.march(ctx, side, corps_id, road)
        a.attackers = [b.id for b in units]
        _advance(ctx, a, units)
        _end(ctx)
        return
    corps, detached, units = _forces(ctx, side, a, names)
    if len(units) > ctx.data.locale(a.target).capacity:
        raise error("11.5", "triumph.lead.capacity", capacity=ctx.data.locale(a.target).capacity)
    if dry:
        return
    moves.spend(ctx, corps, detached)
    a.attackers = [b.id for b in units]
    _advance(ctx, a, units)
    _end(ctx)
