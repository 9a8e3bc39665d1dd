"""Commands and movement (rules 8-10): corps moves, unit moves, detach and attach, road moves with their
limits, reinforcements; and the shared helpers of positions, capacity and commands.

Every rule function checks everything first and changes the state only after (``dry``: check only, for
``legal``), so a refused order changes nothing."""

from __future__ import annotations

from collections.abc import Sequence

from engine.errors import RuleError

from .context import Ctx, error
from .context import Places as Places  # where the blocks stand, counted once (kept in the context)
from .state import GONE, OFF, Block, other

# -- roads (rule 10): which road classes cross each approach, worked out once per data set -------------------
_ROADS: dict[int, tuple[object, dict[tuple[str, str], frozenset[str]]]] = {}
_NONE: frozenset[str] = frozenset()


def road_classes(ctx: Ctx, a: str, b: str) -> frozenset[str]:
    """The classes (main, local) of the roads crossing the approach between ``a`` and ``b``."""
    key = id(ctx.data)
    hit = _ROADS.get(key)
    if hit is None or hit[0] is not ctx.data:
        table: dict[tuple[str, str], set[str]] = {}
        for r in ctx.data.roads:
            for p, q in zip(r.locales, r.locales[1:], strict=False):
                table.setdefault((p, q), set()).add(r.road_class)
                table.setdefault((q, p), set()).add(r.road_class)  # either way across
        hit = (ctx.data, {k: frozenset(v) for k, v in table.items()})
        _ROADS[key] = hit
    return hit[1].get((a, b), _NONE)


_LOCALES: dict[int, tuple[object, frozenset[str]]] = {}


def locale_ids(ctx: Ctx) -> frozenset[str]:
    """Every locale's id, worked out once per data set."""
    hit = _LOCALES.get(id(ctx.data))
    if hit is None or hit[0] is not ctx.data:
        hit = _LOCALES[id(ctx.data)] = (ctx.data, frozenset(x.id for x in ctx.data.locales))
    return hit[1]


# -- where things stand -------------------------------------------------------------------------------------
def own_count(ctx: Ctx, locale: str, side: str) -> int:
    """Blocks of ``side`` in ``locale`` (capacity counts blocks, not strength, nor commanders: G4)."""
    if ctx.places is not None:
        return ctx.places.count.get((locale, side), 0)
    return sum(1 for b in ctx.st.blocks.values() if b.at == locale and b.side == side)


def enemy_held(ctx: Ctx, locale: str, side: str) -> bool:
    if ctx.places is not None:
        return ctx.places.count.get((locale, other(side)), 0) > 0
    return any(b.at == locale and b.side == other(side) for b in ctx.st.blocks.values())


def corps_units(ctx: Ctx, commander: str) -> list[Block]:
    """``State.corps_units``: the corps' units not gone."""
    if ctx.places is not None:
        return list(ctx.places.corps.get(commander, ()))
    return ctx.st.corps_units(commander)


def adjacent(ctx: Ctx, a: str, b: str) -> bool:
    ap = ctx.data.approach(a, b)
    return ap is not None and not ap.impassable


def group_of(ctx: Ctx, side: str, name: str) -> tuple[str | None, list[Block]]:
    """A force named by a commander (the corps: commander id, its units) or a detached unit (None, [it])."""
    st = ctx.st
    if name in st.commanders:
        c = st.commanders[name]
        if c.side != side:
            raise error("8", "triumph.order.not_yours", name=name)
        if c.at in (OFF, GONE):
            raise error("8", "triumph.order.not_on_map", name=name)
        return name, corps_units(ctx, name)
    b = st.blocks.get(name.upper())
    if b is None:
        raise error("", "triumph.order.unknown", name=name)
    if b.side != side:
        raise error("8", "triumph.order.not_yours", name=name)
    if b.at in (OFF, GONE):
        raise error("8", "triumph.order.not_on_map", name=name)
    return None, [b]


def unit(ctx: Ctx, side: str, name: str) -> Block:
    b = ctx.st.blocks.get(name.upper())
    if b is None:
        raise error("", "triumph.order.unknown", name=name)
    if b.side != side:
        raise error("8", "triumph.order.not_yours", name=name)
    if b.at in (OFF, GONE):
        raise error("8", "triumph.order.not_on_map", name=name)
    return b


# -- commands (rule 9) --------------------------------------------------------------------------------------
def commander_limit(ctx: Ctx, commander: str) -> int:
    """9 ([JW]): a commander gives one command a turn, two in the turn its French reinforcement enters."""
    lim = ctx.data.commands
    return lim.reinforcement_turn if commander in ctx.st.entered_now else lim.per_commander


def unit_limit(ctx: Ctx, b: Block) -> int:
    """9 ([JW]): a unit is commanded once a turn, twice in the turn its reinforcement corps enters."""
    lim = ctx.data.commands
    return lim.reinforcement_turn if b.corps is not None and b.corps in ctx.st.entered_now else 1


def check_commands(ctx: Ctx, side: str, corps: Sequence[str], detached: Sequence[Block]) -> None:
    """9: each commander one command a turn; the Allies at most 5 corps commands a turn; independent
    commands French 4, Allies 3; a unit commanded once a turn (G12: all spent when the order is given)."""
    st, lim = ctx.st, ctx.data.commands
    for c in corps:
        if st.commanders[c].commands >= commander_limit(ctx, c):
            raise error("9", "triumph.command.commander_used", commander=c)
        for b in corps_units(ctx, c):
            if b.commanded >= unit_limit(ctx, b):
                raise error("9", "triumph.command.unit_used", unit=b.id)
    if corps and side == "allies" and st.corps_commands + len(corps) > lim.allied_corps_commands:
        raise error("9", "triumph.command.corps_limit", limit=lim.allied_corps_commands)
    limit = dict(lim.independent).get(side, 0)  # type: ignore[call-overload]
    if detached and st.independent + len(detached) > limit:
        raise error("9", "triumph.command.independent_limit", limit=limit)
    for b in detached:
        if b.commanded >= unit_limit(ctx, b):
            raise error("9", "triumph.command.unit_used", unit=b.id)


def spend(ctx: Ctx, corps: Sequence[str], detached: Sequence[Block]) -> None:
    st = ctx.st
    for c in corps:
        st.commanders[c].commands += 1
        st.corps_commands += 1
        for b in corps_units(ctx, c):
            b.commanded += 1
    for b in detached:
        st.independent += 1
        b.commanded += 1


def detach(b: Block) -> None:
    b.corps = None


def place(ctx: Ctx, corps: str | None, units: Sequence[Block], at: str, on: str | None) -> None:
    for b in units:
        b.at, b.on = at, on
    if corps is not None:
        c = ctx.st.commanders[corps]
        c.at, c.on = at, on


# -- basic moves (rule 10) ----------------------------------------------------------------------------------
def check_step(ctx: Ctx, side: str, units: Sequence[Block], to: str, at: str | None) -> None:
    """10, basic moves: from a reserve to an approach of the same locale or the reserve of an adjacent one;
    from an approach back to its reserve or across it; never onto another locale's approach."""
    here, on = units[0].at, units[0].on
    if to not in locale_ids(ctx):
        raise error("", "triumph.order.no_locale", locale=to)
    if at is not None:
        if to != here or on is not None:
            raise error("10", "triumph.move.approach_only_own")
        if ctx.data.approach(here, at) is None:
            raise error("10", "triumph.move.no_approach", locale=here, to=at)
        return
    if to == here:
        if on is None:
            raise error("10", "triumph.move.nowhere")
        return
    if on is not None and to != on:
        raise error("10", "triumph.move.from_approach", locale=here, to=on)
    if on is None and not adjacent(ctx, here, to):
        raise error("10", "triumph.move.not_adjacent", locale=here, to=to)
    if ctx.data.approach(here, to) is None or ctx.data.approach(here, to).impassable:  # type: ignore[union-attr]
        raise error("4", "triumph.move.impassable", locale=here, to=to)
    if enemy_held(ctx, to, side):
        raise error("10", "triumph.move.enemy", locale=to)
    if to in ctx.st.road_through:
        raise error("10", "triumph.move.congested_road", locale=to)
    if to in ctx.st.taken:
        raise error("11", "triumph.move.taken", locale=to)
    if own_count(ctx, to, side) + len(units) > ctx.data.locale(to).capacity:
        raise error("4", "triumph.move.capacity", locale=to, capacity=ctx.data.locale(to).capacity)


def move(
    ctx: Ctx,
    side: str,
    name: str,
    to: str,
    at: str | None = None,
    leave: Sequence[str] = (),
    *,
    dry: bool = False,
) -> None:
    """A corps move (commander and its units, those in ``leave`` stay behind, detached) or a unit move (a
    detached unit, or one unit taken out of a corps that keeps another) (9, 10)."""
    st = ctx.st
    corps, units = group_of(ctx, side, name)
    origin = units[0].at
    if corps is not None:
        left = [unit(ctx, side, u) for u in leave]
        if any(b.corps != corps for b in left):
            raise error("8", "triumph.move.leave_not_in_corps", commander=corps)
        units = [b for b in units if b not in left]
        if not units:
            raise error("8", "triumph.corps.last_unit", commander=corps)
        check_commands(ctx, side, [corps], [])
        check_step(ctx, side, units, to, at)
        if dry:
            return
        spend(ctx, [corps], [])
        for b in left:
            detach(b)
        place(ctx, corps, units, to, at)
    else:
        b = units[0]
        if b.id == st.battery:
            raise error("6", "triumph.battery.fixed", unit=b.id)
        if b.corps is not None and len(corps_units(ctx, b.corps)) < 2:
            raise error("8", "triumph.corps.last_unit", commander=b.corps)
        check_commands(ctx, side, [], [b])
        check_step(ctx, side, [b], to, at)
        if dry:
            return
        spend(ctx, [], [b])
        detach(b)
        place(ctx, None, [b], to, at)
    if to != origin and to not in st.moved_into:  # 10: it moved into another locale (congestion)
        st.moved_into.append(to)
    ctx.emit(
        "move",
        {"side": side, "force": corps or units[0].id, "to": to, "at": at, "units": [u.id for u in units]},
    )


def detach_move(
    ctx: Ctx,
    side: str,
    commander: str,
    names: Sequence[str],
    to: str,
    at: str | None = None,
    *,
    dry: bool = False,
) -> None:
    """9, a Detach Move: a commander sends some of its units off (a basic move, never by road [JW]); they
    become detached; the commander keeps at least one unit (8)."""
    st = ctx.st
    corps, members = group_of(ctx, side, commander)
    if corps is None:
        raise error("", "triumph.order.not_commander", name=commander)
    units = [unit(ctx, side, u) for u in names]
    if not units or any(b.corps != corps for b in units):
        raise error("8", "triumph.move.leave_not_in_corps", commander=corps)
    if len(members) - len(units) < 1:
        raise error("8", "triumph.corps.last_unit", commander=corps)
    if st.commanders[corps].commands >= commander_limit(ctx, corps):
        raise error("9", "triumph.command.commander_used", commander=corps)
    for b in units:
        if b.commanded >= unit_limit(ctx, b):
            raise error("9", "triumph.command.unit_used", unit=b.id)
    if side == "allies" and st.corps_commands + 1 > ctx.data.commands.allied_corps_commands:
        raise error("9", "triumph.command.corps_limit", limit=ctx.data.commands.allied_corps_commands)
    check_step(ctx, side, units, to, at)
    if dry:
        return
    st.commanders[corps].commands += 1
    st.corps_commands += 1
    for b in units:
        b.commanded += 1
        detach(b)
    origin = units[0].at
    place(ctx, None, units, to, at)
    if to != origin and to not in st.moved_into:
        st.moved_into.append(to)
    ctx.emit("detach", {"side": side, "commander": corps, "units": [b.id for b in units], "to": to, "at": at})


def attach(ctx: Ctx, side: str, commander: str, name: str, *, dry: bool = False) -> None:
    """9, Attach: a commander takes one unit standing where it stands into its corps (from another corps
    only if that corps keeps a unit); it costs the commander's command and a corps command; a corps holds at
    most 8 units (8)."""
    st = ctx.st
    corps, members = group_of(ctx, side, commander)
    if corps is None:
        raise error("", "triumph.order.not_commander", name=commander)
    b = unit(ctx, side, name)
    c = st.commanders[corps]
    if b.corps == corps:
        raise error("9", "triumph.attach.already", unit=b.id, commander=corps)
    if b.id == st.battery:  # it stands on its approach for good (6, [JW]); a corps stands together (8)
        raise error("6", "triumph.battery.fixed", unit=b.id)
    if (b.at, b.on) != (c.at, c.on):
        raise error("9", "triumph.attach.not_together", unit=b.id, commander=corps)
    if b.corps is not None and len(corps_units(ctx, b.corps)) < 2:
        raise error("8", "triumph.corps.last_unit", commander=b.corps)
    if len(members) >= ctx.data.corps.max_units:
        raise error("8", "triumph.attach.full", commander=corps, limit=ctx.data.corps.max_units)
    if c.commands >= commander_limit(ctx, corps):
        raise error("9", "triumph.command.commander_used", commander=corps)
    if side == "allies" and st.corps_commands + 1 > ctx.data.commands.allied_corps_commands:
        raise error("9", "triumph.command.corps_limit", limit=ctx.data.commands.allied_corps_commands)
    if dry:
        return
    c.commands += 1
    st.corps_commands += 1
    b.corps = corps
    ctx.emit("attach", {"side": side, "commander": corps, "unit": b.id})


# -- road moves (rule 10) -----------------------------------------------------------------------------------
def _stops(ctx: Ctx, side: str, locale: str, moving: int) -> bool:
    """10, stop next to the enemy (G16): ``corps`` ([JW]): a moving corps of 2+ units stops next to an enemy
    corps of 2+ units (neighbours across impassable approaches count); ``units`` (the seed): any road move
    stops next to a locale holding 2+ enemy units."""
    st, places, foe = ctx.st, ctx.places, other(side)
    for n in ctx.data.neighbours(locale, passable=False):
        if places is not None:  # the same answers, counted once (``Places``)
            if ctx.opts.road_stop == "units":
                if places.count.get((n, foe), 0) >= 2:
                    return True
            elif moving >= 2 and (n, foe) in places.paired:
                return True
            continue
        enemy = [b for b in st.blocks.values() if b.at == n and b.side == foe]
        if ctx.opts.road_stop == "units":
            if len(enemy) >= 2:
                return True
        elif moving >= 2:
            by_corps: dict[str, int] = {}
            for b in enemy:
                if b.corps is not None:
                    by_corps[b.corps] = by_corps.get(b.corps, 0) + 1
            if any(v >= 2 for v in by_corps.values()):
                return True
    return False


def march(
    ctx: Ctx, side: str, commander: str, path: Sequence[str], at: str | None = None, *, dry: bool = False
) -> None:
    """10, a road move of a corps along connected roads: up to 2 locales onward on local roads, 3 on a main
    road; from a reserve to a reserve (an all-cavalry corps may end on the destination's approach the road
    crosses); it stops next to the enemy (G16); congestion both ways; never through a full locale ([JW]
    erratum); detached units do not move by road ([JW])."""
    st = ctx.st
    corps, units = group_of(ctx, side, commander)
    if corps is None:
        raise error("10", "triumph.march.corps_only")
    here = st.commanders[corps].at
    steps = [p for p in path if p]
    if steps and steps[0] == here:
        steps = steps[1:]
    if not steps:
        raise error("10", "triumph.march.short")
    if st.commanders[corps].on is not None:
        raise error("10", "triumph.march.from_reserve")
    check_commands(ctx, side, [corps], [])
    main = True
    prev = here
    for i, loc in enumerate(steps):
        if loc not in locale_ids(ctx):
            raise error("", "triumph.order.no_locale", locale=loc)
        classes = road_classes(ctx, prev, loc)
        if not classes or not adjacent(ctx, prev, loc):
            raise error("10", "triumph.march.no_road", locale=prev, to=loc)
        if "main" not in classes:
            main = False
        if loc in steps[:i] or loc == here:
            raise error("10", "triumph.march.loop")
        if enemy_held(ctx, loc, side):
            raise error("10", "triumph.march.enemy", locale=loc)
        if loc in st.moved_into or loc in st.road_through or loc in st.taken:
            raise error("10", "triumph.move.congested", locale=loc)
        cap = ctx.data.locale(loc).capacity
        last = i == len(steps) - 1
        if own_count(ctx, loc, side) >= cap or (last and own_count(ctx, loc, side) + len(units) > cap):
            raise error("4", "triumph.move.capacity", locale=loc, capacity=cap)
        if not last and _stops(ctx, side, loc, len(units)):
            raise error("10", "triumph.march.stop", locale=loc)
        prev = loc
    reach = 3 if main else 2
    if len(steps) > reach:
        raise error("10", "triumph.march.reach", reach=reach)
    end = steps[-1]
    if at is not None:
        if any(b.arm != "cavalry" for b in units):
            raise error("10", "triumph.march.cavalry_only")
        if not road_classes(ctx, end, at) or ctx.data.approach(end, at) is None:
            raise error("10", "triumph.march.approach_road", locale=end, to=at)
    if dry:
        return
    spend(ctx, [corps], [])
    place(ctx, corps, units, end, at)
    for loc in steps:
        if loc not in st.road_through:
            st.road_through.append(loc)
    if at is not None:
        for b in units:  # [JW]: a road move of cavalry that ends on an approach shows the cavalry
            b.shown = True
    ctx.emit("march", {"side": side, "commander": corps, "path": [here, *steps], "at": at})


def road_paths(ctx: Ctx, start: str, longest: int = 3) -> list[tuple[str, ...]]:
    """Every path of 1..``longest`` locales onward from ``start`` along roads (no locale twice), in order."""
    out: list[tuple[str, ...]] = []

    def walk(path: tuple[str, ...]) -> None:
        if len(path) > 1:
            out.append(path[1:])
        if len(path) > longest:
            return
        for r in ctx.data.roads_through(path[-1]):
            i = r.locales.index(path[-1])
            for n in r.locales[max(0, i - 1) : i + 2]:
                if n not in path:
                    walk((*path, n))

    walk((start,))
    return sorted(set(out))


def road_attackers(ctx: Ctx, side: str, source: str, target: str) -> list[tuple[str, tuple[str, ...]]]:
    """G11: all-cavalry corps that can ride a road into the attack locale ``source`` (the only way a road
    move can carry an attack: road moves end in a reserve, cavalry alone on an approach the road crosses),
    with their road paths."""
    st = ctx.st
    out = []
    for c in st.commanders.values():
        if c.side != side or c.at in (OFF, GONE, source) or c.on is not None:
            continue
        units = corps_units(ctx, c.id)
        if not units or any(b.arm != "cavalry" for b in units):
            continue
        for path in road_paths(ctx, c.at):
            if path[-1] != source:
                continue
            try:
                march(ctx, side, c.id, path, dry=True)
            except RuleError:
                continue
            out.append((c.id, path))
    return out


# -- reinforcements -----------------------------------------------------------------------------------------
def enter(ctx: Ctx, side: str, commander: str, entry: str, *, dry: bool = False) -> None:
    """A reinforcement corps enters by an entry road from its round ([JW]): the French reinforcements of the
    scenario; on 1 December the Allied corps not on the map, by any Allied entry road from the scenario's
    Allied entry round (G28). It stands in the entry locale's reserve, as a road move into it (10: it counts
    for congestion); never at night (G29); not into an enemy-held or full locale: it waits (G31). The first
    French entry raises French morale by 4 and makes the French victory harder (13, 16, G30)."""
    st = ctx.st
    sc = ctx.data.scenario(st.scenario)
    c = st.commanders.get(commander)
    if c is None or c.side != side or c.at != OFF:
        raise error("", "triumph.enter.not_reinforcement", name=commander)
    rein = next((r for r in sc.reinforcements if r.commander == commander), None)
    if rein is not None:
        first, entries = rein.round, tuple(rein.entries)
    elif side == "allies" and sc.allied_entry_round is not None:
        first = sc.allied_entry_round
        entries = tuple(e.id for e in ctx.data.entries if e.side == "allies")
    else:
        raise error("", "triumph.enter.not_reinforcement", name=commander)
    if st.round < first:
        raise error("7", "triumph.enter.too_early", commander=commander, round=first)
    if sc.rounds[st.round - 1].night:
        raise error("14", "triumph.enter.night")
    if entry not in entries:
        raise error("7", "triumph.enter.entry", commander=commander, entries=list(entries))
    loc = next(e.locale for e in ctx.data.entries if e.id == entry)
    units = corps_units(ctx, commander)
    if enemy_held(ctx, loc, side) or own_count(ctx, loc, side) + len(units) > ctx.data.locale(loc).capacity:
        raise error("7", "triumph.enter.blocked", locale=loc)
    if loc in st.road_through or loc in st.moved_into:
        raise error("10", "triumph.move.congested", locale=loc)
    if st.corps_commands + 1 > ctx.data.commands.allied_corps_commands and side == "allies":
        raise error("9", "triumph.command.corps_limit", limit=ctx.data.commands.allied_corps_commands)
    if dry:
        return
    place(ctx, commander, units, loc, None)
    c.commands += 1
    st.corps_commands += 1
    for b in units:
        b.commanded += 1
    st.road_through.append(loc)
    st.entered.append(commander)
    if side == "french":
        st.entered_now.append(commander)
    if side == "french" and not st.reinforced:
        st.reinforced = True
        st.morale["french"] += ctx.data.morale.first_reinforcement
    ctx.emit("enter", {"side": side, "commander": commander, "locale": loc})


def santon_holds(ctx: Ctx) -> bool:
    """18 (optional): the French fixed battery stands in the Santon's reserve."""
    st = ctx.st
    if not ctx.opts.santon or st.battery is None:
        return False
    b = st.blocks[st.battery]
    return b.at == ctx.data.setup_rules.santon and b.on is None
