"""The sequence of play (4.0) over the time record; supply (11.0); surrender and victory (12.0-12.3)."""

from __future__ import annotations

from datetime import date

from .context import Ctx
from .movement import acting_side
from .sequence import Phase, go
from .state import ARMIES, SIDE_OF, Movement, Result

SURRENDER_AT = {"french": 19, "british": 9, "prussian": 12}  # 12.0: "N units or fewer", leaders included


def last_turn(ctx: Ctx) -> int:
    """The time record of the scenario, or its first ``days`` days (product decision 5)."""
    turns = ctx.sc.turns
    if not ctx.opts.days:
        return len(turns)
    days: list[date] = []
    last = 0
    for t in turns:
        if t.day not in days:
            days.append(t.day)
        if len(days) > ctx.opts.days:
            break
        last = t.n
    return last


def over(ctx: Ctx) -> bool:
    """Whether the game has ended (10.0, 12.0-12.3), asked again after each step that may end it."""
    return ctx.st.phase == Phase.OVER


def begin_turn(ctx: Ctx, n: int) -> None:
    st = ctx.st
    st.turn = n
    go(st, Phase.MOVEMENT)
    st.movement = Movement()
    t = ctx.sc.turns[n - 1]
    ctx.emit("turn", {"turn": n, "side": t.side, "day": str(t.day), "slot": t.slot, "night": t.night})


def end_campaign_turn(ctx: Ctx) -> None:
    """4.0: at the end of a campaign turn: French supply pressure (French turns), surrender (after all
    battles), then disrupted units recover (7.4). Order decided in rulings 4.0."""
    st = ctx.st
    side = acting_side(ctx)
    if side == "french":
        supply(ctx)
    if over(ctx):
        return
    surrender(ctx)
    if over(ctx):
        return
    for u in list(st.units.values()):  # 7.4 recovery; per-turn flags
        if u.disrupted or u.moved or u.force_marched or u.retreated or u.in_square:
            w = st.own(u)  # copy on write (state.py): only the units that change
            w.disrupted = False
            w.moved = False
            w.force_marched = False
            w.retreated = False
            w.in_square = False
    st.battles = [b for b in st.battles if not b.over]
    if st.turn >= last_turn(ctx):
        # 12.2: the Allies win if the French have not won by the end of the game.
        finish(ctx, "allied", "the French had not won by the end of the time record (12.2)")
        return
    begin_turn(ctx, st.turn + 1)


def supply_choice(ctx: Ctx, army: str, n: int) -> list[str]:
    """11.0: the Allied player chooses which units are lost (a leader is a unit, 2.5): his standing preference
    (product decision 7); without one, the weakest combat blocks first (lowest cv, then lowest maximum,
    then id), the leader last (rulings 11.0)."""
    candidates = [u for u in ctx.st.units.values() if u.army == army and not u.eliminated]
    role = ctx.roles_of_army(army)[0]
    pref = ctx.st.preferences.get(role, {}).get("supply", [])
    rank = {uid: i for i, uid in enumerate(pref)}
    candidates.sort(key=lambda u: (rank.get(u.id, len(rank)), u.leader, u.cv, u.max_cv, u.id))
    return [u.id for u in candidates[:n]]


def supply(ctx: Ctx) -> None:
    """11.0: at the end of every French turn (night turns too), after its battles, every base held by at
    least one French unit costs its army the listed number of units."""
    for base in ctx.sc.supply_bases():
        town = base.name
        sb = base.supply_base
        assert sb is not None  # supply_bases() holds only the towns that have one
        army = sb.army
        french = ctx.units_at(town, "french")  # "at least 1 French unit": a leader is a unit (2.5)
        if not french or ctx.units_at(town, "allied") or army in ctx.st.surrendered:
            continue
        lost = supply_choice(ctx, army, sb.loss)
        ctx.emit("supply", {"base": town, "army": army, "units": len(lost)})
        for uid in lost:
            ctx.eliminate(ctx.unit(uid), "supply: the French hold {town} (11.0)", town=town)
            if ctx.st.phase == Phase.OVER:
                return


def surrender(ctx: Ctx) -> None:
    """12.0-12.3, checked after all battles of the turn."""
    st = ctx.st
    newly = [a for a in ARMIES if a not in st.surrendered and st.army_units(a) <= SURRENDER_AT[a]]
    for army in newly:
        st.surrendered.append(army)
        ctx.emit("surrender", {"army": army, "blocks": st.army_units(army), "threshold": SURRENDER_AT[army]})
        for u in ctx.st.units.values():
            if u.army == army and not u.eliminated:
                u.eliminated = True  # 12.0: all remaining units of a surrendering army are eliminated
                u.location = None
                u.cv = 0
    gone = set(st.surrendered)
    if "french" in gone and {"british", "prussian"} <= gone and "french" in newly:
        finish(ctx, "draw", "all three armies have surrendered (12.3)")
    elif "french" in newly:
        finish(ctx, "allied", "the French army surrendered (12.2)")
    elif {"british", "prussian"} <= gone:
        finish(ctx, "french", "both Allied armies surrendered (12.1)")


def finish(ctx: Ctx, winner: str, reason: str) -> None:
    st = ctx.st
    if st.result is None:
        st.result = Result(winner, reason)
        go(st, Phase.OVER)
        ctx.emit("game_over", {"winner": winner, "reason": reason})


__all__ = ["SIDE_OF", "begin_turn", "end_campaign_turn", "last_turn", "supply", "surrender"]
