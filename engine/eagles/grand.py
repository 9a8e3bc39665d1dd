"""10.8 the grand charge as an order. "It is declared instead of a normal activation": at the side's
activation try (the roll phase, 8.1), in place of ``/roll``:

    /charge grand:F-L7 from:S5,S6 target:S8 [then:return]

The leader the scenario names, one start area or two adjacent ones, one target. Its die (less than the
leader's tactical value) stands for the activation die: a failure is a failed try (8.12, counted for 8.13);
a success activates the formations of the cavalry that forms up (8.15-8.17), their command is determined at
once (9.0) and the cavalry in command (9.4) charges as one body (``combat/charge.py``); then the activation
is over and the next try comes (1.1). Ours where 10.8 is silent: ``docs/rulings.md``, "Eagles of the Empire
— 10.8 the grand charge as an order"."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from engine.events import Event

from . import activation, turns
from . import orders as O
from .combat import charge
from .context import Ctx, error

THEN = ("continue", "return")  # 10.8: after a success, continue the charge or return to the start areas


def declare(ctx: Ctx, side: str, o: O.Charge, *, dry: bool = False) -> None:
    """The grand charge ``o`` of ``side`` at its activation try; raises the refusal and changes nothing."""
    st = ctx.st
    if not o.grand:
        if o.start or o.then:
            raise error("10.8", "eagles.charge.grand_only")
        raise error("8.1", "eagles.charge.at_roll")
    if o.units:
        raise error("10.8", "eagles.charge.grand_units", units=list(o.units))
    if o.then and o.then not in THEN:
        raise error("10.8", "eagles.charge.grand_then", then=o.then, choices=list(THEN))
    ld = st.leaders.get(o.grand)
    if ld is not None and ld.side != side:
        raise error("10.8", "eagles.charge.grand_leader", leader=o.grand)
    chargers, via = charge.grand_check(ctx.board, st, o.grand, list(o.start), o.target)
    if dry:
        return
    formed, events = charge.form_up(st, st.dice, o.grand, list(o.start), o.target)
    _join(ctx, events)
    if not formed:
        st.fails += 1  # 8.12: the try has failed (8.13: two in a row end the step)
        turns.next_try(ctx, side)
        return
    st.fails = 0
    formations = sorted({u.formation for u in chargers})
    turns.begin_action(ctx, side, formations)
    for f in formations:
        fm = st.formations[f]
        fm.activated, fm.last_turn = True, st.turn  # 8.15-8.17: the grand charge is their activation
    # the start areas, the area between and the target: the action crop shows them (module.action_areas)
    where = {"areas": [*o.start, via], "target": o.target}
    ctx.emit("activate", {"side": side, "formations": formations, "grand": o.grand, **where})
    activation.determine(ctx, formations)  # 9.0, at once
    riders = [u for u in chargers if u.on_map and u.in_command]  # 9.4: out of command, no attack
    if riders:
        go_on = o.then != "return"
        _join(ctx, charge.grand_charge(ctx.board, st, st.dice, o.grand, riders, via, o.target, go_on=go_on))
    else:
        ctx.emit("grand-charge-halted", {"leader": o.grand, "units": [u.id for u in chargers]})
    ctx.emit("action-end", {"side": side, "formations": formations})
    st.activation = None
    turns.next_try(ctx, side)


def _join(ctx: Ctx, events: Sequence[Event]) -> None:
    for e in events:
        ctx.events.append(Event(e.kind, e.data, e.secret, e.to, seq=len(ctx.events) + 1))


def candidates(ctx: Ctx, role: str) -> list[O.Charge]:
    """Every grand charge ``role`` might declare now (``legal`` keeps those the rules take): each leader the
    scenario names, each area of available cavalry alone and each two adjacent ones, each target 2 away from
    every start area through the same first area that holds the enemy; continuing, and returning."""
    st, b = ctx.st, ctx.board
    leaders = charge.grand_leaders(b, st, role)
    if not leaders:
        return []
    areas = sorted({u.area for u in charge.available(st, role)})
    groups: list[tuple[str, ...]] = [(a,) for a in areas]
    groups += [(a, c) for a, c in combinations(areas, 2) if b.border(a, c) is not None]
    out: list[O.Charge] = []
    for g in groups:
        lines = [b.charge_targets(a) for a in g]
        for t in sorted(t for t, via in lines[0].items() if all(x.get(t) == via for x in lines[1:])):
            if not any(u.side != role for u in st.units_in(t)):
                continue
            for lid in leaders:
                out += [O.Charge((), t, lid, g), O.Charge((), t, lid, g, "return")]
    return out
