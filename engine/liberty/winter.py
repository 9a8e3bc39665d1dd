"""The winter turn (11.0-11.5), in exactly this order: the victory check (11.1), the French entry roll
(11.2, 9.0), disbanding (11.3, the British first; the Indians whose town the enemy holds are captured, 10.0),
winter attrition with leaders (11.4). Prisoner exchange (11.5) is by agreement at any time
(``exchange.py``). Then the next year begins with a new deal (3.0)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from . import board
from .board import place_name
from .context import Ctx, error
from .sequence import Phase, go
from .state import FRENCH_POOL, POOL, Block
from .turns import capture, deal, start_turn


def british_vp(ctx: Ctx) -> int:
    """11.1 with G40: the sum of the values of the supply towns the British control (stored control, G16)."""
    return sum(
        t.victory_points for t in ctx.lib.towns
        if t.hex is not None and ctx.st.control.get(t.hex) == "british"
    )  # fmt: skip


def begin(ctx: Ctx) -> None:
    st = ctx.st
    st.turn = 6
    ctx.emit("winter", {"year": st.year})
    # 11.1
    st.vp = british_vp(ctx)
    o = ctx.opts
    winner = reason = None
    if st.vp >= o.british_win:
        winner, reason = "british", "british_vp"
    elif st.vp < o.american_win:
        winner, reason = "american", "american_vp"
    elif st.year >= o.last_year:
        winner, reason = "american", "last_year"
    ctx.emit("victory_check", {"year": st.year, "vp": st.vp, "british_win": o.british_win,
                               "american_win": o.american_win, "winner": winner})  # fmt: skip
    if winner is not None:
        st.winner, st.reason = winner, reason
        go(st, Phase.OVER, None)
        ctx.emit("game_over", {"winner": winner, "reason": reason, "vp": st.vp})
        return
    # 11.2, 9.0
    if not st.french_in and st.year >= ctx.lib.french_entry.from_year:
        dice = st.dice.rolls(ctx.lib.french_entry.dice)
        entered = sum(dice) >= o.french_entry
        ctx.emit("french_entry", {"dice": dice, "entered": entered})
        if entered:
            french_enter(ctx)
    # 11.3 (10.0, G44): an Indian whose own town holds enemy blocks is captured, even from the pool
    for b in sorted(st.blocks.values(), key=lambda b: b.id):
        home = ctx.lib.home_of(b.id)
        out = b.at in ("prisoner", FRENCH_POOL)
        if home is not None and home.hex is not None and not out and board.enemy_in(ctx, home.hex, b.side):
            capture(ctx, b, "10.0")
    # 11.3: every block in the Atlantic box must disband
    for side in ("british", "american"):
        gone = st.at(ctx.lib.atlantic, side)
        for b in gone:
            b.at = POOL
        if gone:
            ctx.emit("disbanded", {"side": side, "n": len(gone), "at": ctx.lib.atlantic},
                     {"units": [b.id for b in gone]}, (side,))  # fmt: skip
    st.winter_todo = ["british", "american"]
    go(st, Phase.DISBAND, "british")


def french_enter(ctx: Ctx) -> None:
    """9.0: France is at war; 12.0: its pool's blocks are turned face down into the American pool."""
    st = ctx.st
    st.french_in = True
    for b in st.blocks.values():
        if b.at == FRENCH_POOL:
            b.at = POOL


def may_disband(ctx: Ctx, b: Block) -> bool:
    """11.3 with G43: British and French blocks in a friendly port or next to one (not the ports Yorktown or
    Dover bar), or in the Atlantic box; American, Loyalist and Indian blocks in any town hex."""
    lib = ctx.lib
    unit = lib.unit(b.id)
    if b.at == lib.atlantic:
        return True
    if b.at in ("Jamaica", "Martinique"):
        return unit.nation in ("british", "hessian", "french")
    if b.at not in lib._index.hexes:
        return False
    if unit.nation in ("american", "loyalist", "indian"):
        return lib.town_at(b.at) is not None
    barred = {
        lib.town(p).hex
        for bar in lib.disband_bars
        if board.enemy_in(ctx, lib.town(bar.enemy_in).hex or "", b.side)
        for p in bar.ports
    }
    near = [b.at, *(n for n, _ in lib.neighbours(b.at))]
    for h in near:
        town = lib.town_at(h)
        if town is not None and town.port and h not in barred and board.friendly(ctx, h, b.side):
            return True
    return False


def disband(ctx: Ctx, side: str, ids: Sequence[str]) -> None:
    st = ctx.st
    if st.phase != Phase.DISBAND or st.acting != side:
        raise error("11.3", "liberty.disband.not_now")
    if not ids:
        raise error("11.3", "liberty.disband.none")
    blocks = []
    for u in ids:
        b = st.blocks.get(u)
        if b is None or b.side != side or b.at in ("pool", "prisoner", FRENCH_POOL):
            raise error("11.3", "liberty.disband.not_yours", unit=u)
        if not may_disband(ctx, b):
            raise error("11.3", "liberty.disband.not_here", unit=u, place=place_name(ctx, b.at))
        blocks.append(b)
    for b in blocks:
        where = b.at
        french = ctx.lib.unit(b.id).nation == "french"
        b.at = POOL if (st.french_in or not french) else FRENCH_POOL  # G43
        ctx.emit("disbanded", {"side": side, "n": 1, "at": where}, {"units": [b.id]}, (side,))


def end_disband(ctx: Ctx, side: str) -> None:
    st = ctx.st
    if st.phase != Phase.DISBAND or st.acting != side:
        raise error("11.3", "liberty.disband.not_now")
    st.winter_todo.remove(side)
    if st.winter_todo:
        st.acting = st.winter_todo[0]
        return
    begin_attrition(ctx)


def supported(ctx: Ctx, place: str, blocks: Sequence[Block]) -> list[Block]:
    """11.4 with G45: the blocks a place keeps over the winter: its town's value, plus one leader's strength
    (itself and strength-1 more of its own nation: American leaders Americans, French leaders French) in a
    town hex. Indians are exempt (10.0). Where the owner is not asked (``attrition_choices``), its
    standing order ``/prefer hits:`` decides (those listed go first), else the weakest go first, leaders
    last (ours)."""
    lib = ctx.lib
    town = lib.town(place) if place in ("Jamaica", "Martinique") else lib.town_at(place)
    value = town.value if town is not None else 0
    first = ctx.st.hit_order.get(blocks[0].side, []) if blocks else []

    def keep_rank(b: Block) -> tuple[int, bool, int, str]:
        listed = len(first) - first.index(b.id) if b.id in first else 0  # listed: kept last
        return (listed, not lib.unit(b.id).is_leader, -b.strength, b.id)

    ranked = sorted(blocks, key=keep_rank)
    best: list[Block] = ranked[:value]
    if town is None:
        return best
    for leader in (b for b in ranked if lib.unit(b.id).is_leader):
        nation = lib.unit(leader.id).nation
        extra, slots, keep = leader.strength - 1, value, [leader]
        for b in ranked:
            if b is leader:
                continue
            own = nation == "british" or lib.unit(b.id).nation == nation
            if own and extra > 0:
                extra -= 1
                keep.append(b)
            elif slots > 0:
                slots -= 1
                keep.append(b)
        if len(keep) > len(best):
            best = keep
    return best


def _over_supply(ctx: Ctx, side: str) -> dict[str, list[Block]]:
    """11.4: place -> the side's blocks there (Indians apart, 10.0), where more stand than it supplies."""
    out = {}
    for place in sorted({b.at for b in ctx.st.at_side(side)}):
        here = [b for b in ctx.st.at(place, side) if ctx.lib.unit(b.id).type != "indians"]
        if len(supported(ctx, place, here)) < len(here):
            out[place] = here
    return out


def attrition_choices(ctx: Ctx, side: str, place: str, limit: int = 40) -> list[list[str]]:
    """11.4: 「補給限界を超えるブロックを除去せねばならない」 — the owner chooses which blocks go: sets of as
    many blocks as the place cannot supply whose going leaves the rest all supplied (the leader's share by
    nation, G45), the engine's default (``supported``) first; at most ``limit`` of them (of the first
    2,000 sets of that size)."""
    here = _over_supply(ctx, side).get(place, [])
    keep = supported(ctx, place, here)
    default = [b.id for b in here if b not in keep]
    out = [default]
    for i, gone in enumerate(combinations(here, len(default))):
        if len(out) >= limit or i >= 2000:
            break
        ids = [b.id for b in gone]
        if ids != default and _may_lose(ctx, place, here, ids):
            out.append(ids)
    return out


def _may_lose(ctx: Ctx, place: str, here: Sequence[Block], ids: Sequence[str]) -> bool:
    """Whether the blocks ``ids`` going leaves the rest of ``here`` all supplied (11.4)."""
    rest = [b for b in here if b.id not in ids]
    return len(supported(ctx, place, rest)) == len(rest)


def begin_attrition(ctx: Ctx) -> None:
    """11.4 after 11.3: where a side has more blocks than a place supplies and a choice of who goes, its
    owner chooses (``/attrition``), the British first (G51); a side that has left a standing order
    (``/prefer hits:``) is not asked; where there is no choice the blocks go at once."""
    st = ctx.st
    st.attrition_todo = []
    for side in ("british", "american"):
        for place, here in _over_supply(ctx, side).items():
            if not st.hit_order.get(side) and len(attrition_choices(ctx, side, place, 2)) > 1:
                st.attrition_todo.append(f"{side}|{place}")
                continue
            _lose(ctx, [b for b in here if b not in supported(ctx, place, here)])
    _next_attrition(ctx)


def _lose(ctx: Ctx, gone: Sequence[Block]) -> None:
    for b in gone:
        capture(ctx, b, "11.4")


def _next_attrition(ctx: Ctx) -> None:
    st = ctx.st
    if st.attrition_todo:
        go(st, Phase.ATTRITION, st.attrition_todo[0].split("|")[0])
        return
    ctx.emit("attrition_done", {"year": st.year})
    new_year(ctx)


def attrition_places(ctx: Ctx, side: str) -> list[str]:
    """The places where ``side`` is still to choose who goes (11.4)."""
    return [k.split("|")[1] for k in ctx.st.attrition_todo if k.split("|")[0] == side]


def choose_attrition(ctx: Ctx, side: str, ids: Sequence[str]) -> None:
    """``/attrition units:...``: the blocks that go at one place (11.4)."""
    st = ctx.st
    if st.phase != Phase.ATTRITION or st.acting != side:
        raise error("11.4", "liberty.attrition.not_now")
    blocks = [st.blocks[u] for u in ids if u in st.blocks]
    places = attrition_places(ctx, side)
    where = {b.at for b in blocks}
    if len(blocks) != len(ids) or len(where) != 1 or next(iter(where)) not in places:
        raise error("11.4", "liberty.attrition.place", places=[place_name(ctx, p) for p in places])
    place = next(iter(where))
    here = _over_supply(ctx, side)[place]
    default = attrition_choices(ctx, side, place, 1)[0]
    if len(set(ids)) != len(default) or not _may_lose(ctx, place, here, ids):
        raise error(
            "11.4", "liberty.attrition.wrong", place=place_name(ctx, place), n=len(default),
            example=",".join(default),
        )  # fmt: skip
    _lose(ctx, blocks)
    st.attrition_todo.remove(f"{side}|{place}")
    _next_attrition(ctx)


def end_attrition(ctx: Ctx, side: str) -> None:
    """``/end`` in the winter attrition: the engine's default (``supported``) at the side's places left."""
    st = ctx.st
    if st.phase != Phase.ATTRITION or st.acting != side:
        raise error("11.4", "liberty.attrition.not_now")
    for place in attrition_places(ctx, side):
        _lose(ctx, [st.blocks[u] for u in attrition_choices(ctx, side, place, 1)[0]])
        st.attrition_todo.remove(f"{side}|{place}")
    _next_attrition(ctx)


def new_year(ctx: Ctx) -> None:
    st = ctx.st
    st.year += 1
    st.turn = 1
    board.recompute_control(ctx)
    deal(ctx)
    start_turn(ctx)
