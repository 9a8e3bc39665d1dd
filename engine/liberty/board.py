"""The map's rules: control (1.2, 5.3, G16), ports, battle hexes, and the walk of a block or a group along a
path for a move (5.1-5.6), a retreat (7.4) or a regroup (7.5), with the hexside limits of 5.2 and the
weather of 4.0. ``walk`` checks one path; ``reach`` finds the paths a block may take, for ``legal``."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import pairwise

from data.liberty import Hexside, Liberty

from ..messages import shown
from .context import Ctx, error
from .state import Block, State, other

MOVE, RETREAT, REGROUP = "move", "retreat", "regroup"


def side_key(side: str, a: str, b: str) -> str:
    x, y = sorted((a, b))
    return f"{side}|{x}|{y}"


def pair_key(a: str, b: str) -> str:
    x, y = sorted((a, b))
    return f"{x}|{y}"


def town_colour_side(ctx: Ctx, place: str) -> str | None:
    """1.2: blue towns are American, red and orange towns British (the West Indies ports by their colour)."""
    town = ctx.lib.town(place) if place in ("Jamaica", "Martinique") else ctx.lib.town_at(place)
    if town is None:
        return None
    return "american" if town.colour == "blue" else "british"


def recompute_control(ctx: Ctx) -> None:
    """5.3 with G16: at the end of each game turn a place held by one side's blocks is that side's, else its
    town's colour decides, else it is neutral. During the turn the stored value stands."""
    occ = ctx.st.occupied()
    places = {t.hex if t.hex else t.name for t in ctx.lib.towns} | set(occ)
    places.discard(ctx.lib.atlantic)
    control: dict[str, str] = {}
    for place in sorted(places):
        sides = occ.get(place, set())
        if len(sides) == 1:
            control[place] = next(iter(sides))
        elif len(sides) == 2:  # only while a battle is open (never at the end of a turn)
            if place in ctx.st.control:
                control[place] = ctx.st.control[place]
        else:
            owner = town_colour_side(ctx, place)
            if owner is not None:
                control[place] = owner
    ctx.st.control = control


def place_of(ctx: Ctx, text: str) -> str:
    """The place meant by ``text``: a hex id, the Atlantic box, a West Indies port, or a town (its hex)."""
    from data import AmbiguousMatch, NoMatch

    try:
        name = ctx.lib.match_place(text)
    except (NoMatch, AmbiguousMatch):
        raise error("", "liberty.place.unknown", place=shown(text)) from None
    if name in ctx.lib._index.hexes or name == ctx.lib.atlantic:
        return name
    town = ctx.lib.town(name)
    return town.hex if town.hex else town.name


def place_name(ctx: Ctx, place: str) -> str:
    return named(ctx.lib, place)


def named(lib: Liberty, place: str) -> str:
    """A place as players read it: a town's hex by the town's name and the hex id (what an order may use)."""
    town = lib.town_at(place)
    return f"{town.name} ({place})" if town else place


def sea_links(ctx: Ctx, place: str) -> tuple[str, ...]:
    """5.7, 9.1: where a sea move from ``place`` goes (hexes for the ports on the map)."""
    return _sea_links(ctx.lib, place)


@functools.lru_cache(maxsize=512)
def _sea_links(lib: Liberty, place: str) -> tuple[str, ...]:
    town = lib.town_at(place)
    out = []
    for name in lib.sea_links(town.name if town is not None else place):
        if name == lib.atlantic or west_indies(name):
            out.append(name)
        else:
            out.append(lib.town(name).hex or name)
    return tuple(out)


def is_port(ctx: Ctx, place: str) -> bool:
    if place in ("Jamaica", "Martinique"):
        return True
    town = ctx.lib.town_at(place)
    return town is not None and town.port


def west_indies(place: str) -> bool:
    return place in ("Jamaica", "Martinique")


def enemy_in(ctx: Ctx, place: str, side: str) -> bool:
    return other(side) in ctx.occupied().get(place, ())


def own_in(ctx: Ctx, place: str, side: str) -> bool:
    return side in ctx.occupied().get(place, ())


def battle_places(st: State) -> list[str]:
    """7.0: every place (not the Atlantic box, 1.6) where both sides' blocks stand."""
    return sorted(p for p, sides in st.occupied().items() if len(sides) == 2 and p != "Atlantic")


def friendly(ctx: Ctx, place: str, side: str) -> bool:
    """5.3: a friendly town (stored control) or friendly blocks, and no enemy blocks."""
    st = ctx.st
    return not enemy_in(ctx, place, side) and (st.control.get(place) == side or own_in(ctx, place, side))


def not_enemy(ctx: Ctx, place: str, side: str) -> bool:
    """7.4: friendly or neutral (stored control, G16) and free of enemy blocks."""
    st = ctx.st
    if enemy_in(ctx, place, side):
        return False
    return st.control.get(place) != other(side) or own_in(ctx, place, side)


def weather_bans(ctx: Ctx, origin: str, target: str) -> str | None:
    """4.0 with G5: on a 1 no attack in or from the North, on a 2 none in or from the South (the West Indies
    are South). Returns the region that bans this attack, if any."""
    banned = {1: "north", 2: "south"}.get(ctx.st.weather or 0)
    if banned is None:
        return None
    regions = {ctx.lib.region(origin) if origin != ctx.lib.atlantic else None, ctx.lib.region(target)}
    return banned if banned in regions else None


def indian_may_enter(ctx: Ctx, block: Block, hex_: str) -> bool:
    """2.25, 10.0 with G9 (option ``indians_wilderness``): an Indian enters only wilderness and its own
    town."""
    if not ctx.opts.indians_wilderness or ctx.lib.unit(block.id).type != "indians":
        return True
    home = ctx.lib.home_of(block.id)
    return ctx.lib.hex(hex_).wilderness or (home is not None and home.hex == hex_)


def _crossing(ctx: Ctx, a: str, b: str) -> Hexside:
    side = ctx.lib.hexside(a, b) if a in ctx.lib._index.hexes else None
    if side is None:
        raise error("5.1", "liberty.move.not_adjacent", a=place_name(ctx, a), b=place_name(ctx, b))
    if not side.land or not ctx.lib.hex(b).land:
        raise error("1.1", "liberty.move.water", a=place_name(ctx, a), b=place_name(ctx, b))
    return side


def walk(
    ctx: Ctx,
    side: str,
    group: Sequence[Block],
    path: Sequence[str],
    mode: str = MOVE,
    *,
    forced: bool = False,
    river: bool = False,
    counts: dict[str, int] | None = None,
) -> list[str]:
    """Check that ``group`` (blocks of ``side`` in ``path[0]``) may go along ``path``; return the hexside keys
    it crosses. Raises a RuleError naming the rule broken. ``counts``: the hexside counts that apply (5.2: the
    turn's for a move; 7.4: the round's for a retreat; 7.5: the battle's for a regroup)."""
    steps = len(path) - 1
    if steps < 1:
        raise error("5.1", "liberty.move.short")
    if forced and (river or mode != MOVE):
        raise error("5.5", "liberty.move.forced_not_here")
    crossings = [_crossing(ctx, a, b) for a, b in pairwise(path)]
    if river:
        common = set(crossings[0].waterways)
        for c in crossings[1:]:
            common &= set(c.waterways)
        if steps > 2 or not common:
            raise error("5.6", "liberty.move.river")
    for b in group:
        _block_may_go(ctx, b, path, crossings, mode, forced=forced, river=river)
    for h in path[1:-1]:
        if enemy_in(ctx, h, side):
            raise error("5.1", "liberty.move.stop_and_fight", place=place_name(ctx, h))
    if mode == RETREAT:
        for h in path[1:]:
            if not not_enemy(ctx, h, side) or h in battle_places(ctx.st):
                raise error("7.4", "liberty.retreat.hex", place=place_name(ctx, h))
    if mode == REGROUP:
        for h in path[1:]:
            if not friendly(ctx, h, side):
                raise error("7.5", "liberty.regroup.hex", place=place_name(ctx, h))
    keys = [side_key(side, a, b) for a, b in pairwise(path)]
    used = ctx.st.hexsides if counts is None else counts
    for key, c, (x, y) in zip(keys, crossings, pairwise(path), strict=False):
        count_key = key if counts is None else pair_key(x, y)
        if used.get(count_key, 0) + len(group) > c.limit:
            rule = {MOVE: "5.2", RETREAT: "7.4", REGROUP: "7.5"}[mode]
            raise error(
                rule, "liberty.move.hexside_full", a=place_name(ctx, x), b=place_name(ctx, y),
                used=used.get(count_key, 0), limit=c.limit, n=len(group),
            )  # fmt: skip
    return keys


def _block_may_go(
    ctx: Ctx,
    b: Block,
    path: Sequence[str],
    crossings: Sequence[Hexside],
    mode: str,
    *,
    forced: bool,
    river: bool,
) -> None:
    """One block of a moving group: no warship on land (8.1); by river only if it joined by river (7.4,
    7.5); within its move allowance (2.13, 5.5) and stopping where a crossing stops it (5.2; Indians do not
    stop); Indians only where they may enter (10.0)."""
    unit = ctx.lib.unit(b.id)
    steps = len(path) - 1
    if unit.type == "warship":
        raise error("8.1", "liberty.move.warship")
    if river and mode != MOVE and not b.by_river:
        raise error("7.4" if mode == RETREAT else "7.5", "liberty.move.river_joined", unit=b.id)
    indian = unit.type == "indians"
    if not river:
        allowance = unit.move + (1 if forced else 0)
        if steps > allowance:
            raise error(
                "5.5" if forced else "2.13", "liberty.move.too_far", unit=b.id, steps=steps, ma=allowance
            )
        if forced and steps <= unit.move:
            raise error("5.5", "liberty.move.forced_needless", unit=b.id)
        if not indian:
            for i, c in enumerate(crossings[:-1]):
                if c.stops:
                    raise error(
                        "5.2", "liberty.move.must_stop", unit=b.id, place=place_name(ctx, path[i + 1])
                    )
    for h in path[1:]:
        if not indian_may_enter(ctx, b, h):
            raise error("10.0", "liberty.move.indian_wilderness", unit=b.id, place=place_name(ctx, h))


def _sea_regroup_bars(ctx: Ctx, place: str, side: str) -> bool:
    """7.5 for a warship: its normal move (8.1) by sea, through hexes free of enemy blocks
    (「敵ブロックのいない」); whose town a coast is does not close the water off it, so only the port it ends
    in must be friendly."""
    return enemy_in(ctx, place, side)


def naval_walk(ctx: Ctx, side: str, path: Sequence[str], *, forced: bool, mode: str = MOVE) -> None:
    """8.1: warships move 2 hexes on the map (3 by forced march, 5.5) across sea hexsides only, ignore the
    hexside limits, and end in a port; 5.1: they stop where enemy blocks are. 7.5 (``mode`` REGROUP): the
    victor's warships regroup by this normal move, no forced march (5.5), to a friendly port free of enemy
    blocks (「敵ブロックのいない友好的ヘクスへの通常移動」)."""
    if forced and mode != MOVE:
        raise error("5.5", "liberty.move.forced_not_here")
    steps = len(path) - 1
    if steps < 1:
        raise error("5.1", "liberty.move.short")
    for x, y in pairwise(path):
        c = ctx.lib.hexside(x, y) if x in ctx.lib._index.hexes else None
        if c is None:
            raise error("5.1", "liberty.move.not_adjacent", a=place_name(ctx, x), b=place_name(ctx, y))
        if not c.navigable:
            raise error("8.1", "liberty.move.land_hexside", a=place_name(ctx, x), b=place_name(ctx, y))
    allowance = 2 + (1 if forced else 0)
    if steps > allowance:
        raise error("8.1", "liberty.move.warship_far", steps=steps, ma=allowance)
    if forced and steps <= 2:
        raise error("5.5", "liberty.move.forced_needless", unit="warships")
    for h in path[1:-1]:
        if enemy_in(ctx, h, side):
            raise error("5.1", "liberty.move.stop_and_fight", place=place_name(ctx, h))
    if not is_port(ctx, path[-1]):
        raise error("8.1", "liberty.move.warship_port", place=place_name(ctx, path[-1]))
    if mode == REGROUP:
        for h in path[1:]:
            if _sea_regroup_bars(ctx, h, side) or (h == path[-1] and not friendly(ctx, h, side)):
                raise error("7.5", "liberty.regroup.hex", place=place_name(ctx, h))


def naval_reach(
    ctx: Ctx, side: str, start: str, *, forced: bool = False, mode: str = MOVE
) -> dict[str, list[str]]:
    """8.1: port -> one shortest sea path for the warships in ``start``; 7.5 (``mode`` REGROUP): through
    hexes open to a regroup (``naval_walk``), to friendly ports."""
    lib = ctx.lib
    if start not in lib._index.hexes:
        return {}
    limit = 2 + (1 if forced else 0)
    out: dict[str, list[str]] = {}
    frontier, seen = [[start]], {start}
    for _ in range(limit):
        nxt = []
        for path in frontier:
            if len(path) > 1 and enemy_in(ctx, path[-1], side):
                continue
            for n, c in lib.neighbours(path[-1]):
                if c.navigable and n not in seen:
                    if mode == REGROUP and _sea_regroup_bars(ctx, n, side):
                        continue
                    seen.add(n)
                    nxt.append([*path, n])
        frontier = nxt
        for p in nxt:
            ends = is_port(ctx, p[-1]) and (not forced or len(p) - 1 == limit)
            if ends and (mode != REGROUP or friendly(ctx, p[-1], side)):
                out[p[-1]] = p
    return out


Walks = dict[tuple[object, ...], dict[str, list[str]]]


def _walker(ctx: Ctx, block: Block) -> tuple[int, bool, str | None]:
    """What of a block a walk depends on: its move allowance (2.13), whether it is Indian (5.2: Indians do
    not stop) and, under G9, the home hex it may enter off the wilderness (10.0)."""
    unit = ctx.lib.unit(block.id)
    indian = unit.type == "indians"
    home = None
    if indian and ctx.opts.indians_wilderness:
        town = ctx.lib.home_of(block.id)
        home = town.hex if town is not None else None
    return unit.move, indian, home


def reach(
    ctx: Ctx,
    side: str,
    block: Block,
    mode: str = MOVE,
    *,
    forced: bool = False,
    first: str | None = None,
    memo: Walks | None = None,
) -> dict[str, list[str]]:
    """dest -> one shortest path the block alone may take by land (no river move), pruned as it goes (the
    limits and the rules of ``walk`` for one block; ``walk`` checks again when the order comes); ``first``:
    only the paths whose first step enters that hex (a retreat's or a regroup's hexside, 7.4, 7.5).
    ``memo``: walks kept while the state does not change, shared by every block of the same place, allowance
    and kind, one walk as far as a forced march goes serving the normal move too (the walk goes out one
    step a round, so its first rounds are the shorter walk; callers must not change the answer)."""
    lib = ctx.lib
    if lib.unit(block.id).type == "warship" or block.at not in lib._index.hexes:
        return {}
    move = lib.unit(block.id).move
    limit = move + (1 if forced else 0)
    if memo is None:
        out = _reach(ctx, side, block, mode, limit, first)
        return {d: p for d, p in out.items() if len(p) - 1 == limit} if forced else out
    kind = (side, block.at, *_walker(ctx, block), mode, first)
    kept = memo.get(("land", forced, *kind))
    if kept is not None:
        return kept
    whole = memo.get(("walk", *kind))
    if whole is None:
        whole = memo["walk", *kind] = _reach(ctx, side, block, mode, move + 1, first)
    if forced:  # 5.5: a forced march goes exactly one hex beyond the move
        out = {d: p for d, p in whole.items() if len(p) - 1 == limit}
    else:
        out = {d: p for d, p in whole.items() if len(p) - 1 <= limit}
    memo["land", forced, *kind] = out
    return out


def _reach(
    ctx: Ctx, side: str, block: Block, mode: str, limit: int, first: str | None
) -> dict[str, list[str]]:
    """The walk of ``reach``, ``limit`` steps out: every place it reaches, by one shortest path."""
    st, lib = ctx.st, ctx.lib
    unit = lib.unit(block.id)
    indian = unit.type == "indians"
    picky = indian and ctx.opts.indians_wilderness  # 10.0 with G9: only then may a hex be closed to it
    occ, foe = ctx.occupied(), other(side)
    battles = set(battle_places(st)) if mode == RETREAT else set()
    steps = _land_steps(lib)
    out: dict[str, list[str]] = {}
    frontier: list[tuple[list[str], bool]] = [([block.at], False)]
    seen = {block.at}
    for _ in range(limit):
        nxt: list[tuple[list[str], bool]] = []
        for path, stop in frontier:
            here = path[-1]
            if len(path) > 1:
                if foe in occ.get(here, ()):
                    continue  # 5.1: stop and fight
                if stop and not indian:
                    continue  # 5.2
            for n, stops in steps[here]:
                if n in seen or (len(path) == 1 and first not in (None, n)):
                    continue
                if picky and not indian_may_enter(ctx, block, n):
                    continue
                if mode == RETREAT and (not not_enemy(ctx, n, side) or n in battles):
                    continue
                if mode == REGROUP and not friendly(ctx, n, side):
                    continue
                seen.add(n)
                nxt.append(([*path, n], stops))
        frontier = nxt
        for p, _ in nxt:
            out[p[-1]] = p
    return out


@functools.lru_cache(maxsize=4)
def _land_steps(lib: Liberty) -> dict[str, tuple[tuple[str, bool], ...]]:
    """hex -> the steps a land block may take from it (1.1: across a land hexside into a land hex), in the
    order of ``neighbours``, each with whether the hexside stops the block that crosses it (5.2)."""
    return {
        h: tuple((n, c.stops) for n, c in lib.neighbours(h) if c.land and lib.hex(n).land)
        for h in lib._index.hexes
    }


def river_reach(ctx: Ctx, side: str, block: Block, *, memo: Walks | None = None) -> dict[str, list[str]]:
    """5.6: the hexes 1 or 2 hexes along one river or lake shore (no stop at forest hexsides); ``memo`` as
    for ``reach``."""
    lib = ctx.lib
    unit = lib.unit(block.id)
    if unit.type == "warship" or block.at not in lib._index.hexes:
        return {}
    if memo is None:
        return _river_reach(ctx, side, block)
    _, indian, home = _walker(ctx, block)
    key = ("river", side, block.at, indian, home)
    out = memo.get(key)
    if out is None:
        out = memo[key] = _river_reach(ctx, side, block)
    return out


def _river_reach(ctx: Ctx, side: str, block: Block) -> dict[str, list[str]]:
    lib = ctx.lib
    out: dict[str, list[str]] = {}
    picky = ctx.opts.indians_wilderness and lib.unit(block.id).type == "indians"  # 10.0 with G9
    foe = other(side)
    occ = ctx.occupied()
    ways = {w for _, c in lib.neighbours(block.at) for w in c.waterways}
    for way in sorted(ways):
        for n in lib.waterway_neighbours(block.at, way):
            if not lib.hex(n).land or (picky and not indian_may_enter(ctx, block, n)):
                continue
            out.setdefault(n, [block.at, n])
            if foe in occ.get(n, ()):  # enemy_in: 5.1, the move stops there
                continue
            for m in lib.waterway_neighbours(n, way):
                if m != block.at and lib.hex(m).land and (not picky or indian_may_enter(ctx, block, m)):
                    out.setdefault(m, [block.at, n, m])
    return out
