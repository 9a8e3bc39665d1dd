"""The set-up (rule 6), the order of play (7: a round is the Allied turn, then the French turn), the end of
a turn (G6: faces hidden again), night (14) and winning (16)."""

from __future__ import annotations

from collections import deque

from data.triumph import Triumph
from engine.dice import Dice

from .context import Ctx, error
from .options import Options
from .state import GONE, OFF, SIDES, Block, Commander, State, other


def new_state(data: Triumph, opts: Options, seed: int) -> State:
    """6: every commander of the scenario on the map stands in the reserve of its set-up locale with its
    units of the default allocation (ours: ``data/triumph``); reinforcements wait off the map. Not done: the
    players' own secret allocation, French detachments and the fixed battery (G27)."""
    sc = data.scenario(opts.scenario)
    st = State(scenario=sc.id, seed=seed, dice=Dice.seeded(seed))
    st.morale = {str(k): v for k, v in data.morale.start.items()}
    st.lost = {s: 0 for s in SIDES}
    st.elite_used = {s: [] for s in SIDES}
    # in id order, as a stored game is read back (``dumps`` sorts keys): ``legal`` lists in the same order
    for u in sorted(data.units, key=lambda x: x.id):
        st.blocks[u.id] = Block(u.id, u.side, u.arm, u.strength, u.guard)
    for c in sorted(data.commanders, key=lambda x: x.id):
        where = c.setup if c.id in sc.commanders_on_map(c.side) else OFF
        st.commanders[c.id] = Commander(c.id, c.side, at=where)
        for uid in data.allocation.get(c.id, ()):
            b = st.blocks[uid]
            b.corps, b.at = c.id, where
    if opts.balance:
        st.phase = "auction"  # 17: the bids come before everything, the set-up of 6 included
    elif opts.setup:
        st.phase = "setup"
    return st


# -- the morale auction (optional 17) -----------------------------------------------------------------------
def most_bid(ctx: Ctx, side: str) -> int:
    """17: the most morale an army may bid: all it starts with but 1 (an army at 0 has lost, 13)."""
    start = {str(k): v for k, v in ctx.data.morale.start.items()}
    return max(start.get(side, 1) - 1, 0)


def bid(ctx: Ctx, side: str, n: int, *, dry: bool = False) -> None:
    """17 ([JW]: the bid is taken off the chosen army's starting morale), sealed (a ruling: the armies were
    chosen at the seats): each army bids once, unseen; when both bids are in they are opened together, the
    higher is taken off its army's starting morale and the other army, which passed, keeps its own; equal
    bids: the French (the rules' one tie-breaker, 11.6)."""
    st = ctx.st
    if side in st.bids:
        raise error("17", "triumph.bid.twice", side=side)
    most = most_bid(ctx, side)
    if not 0 <= n <= most:
        raise error("17", "triumph.bid.most", most=most, value=n)
    if dry:
        return
    st.bids[side] = n
    ctx.emit("bid", {"side": side}, {"morale": n}, to=(side,))
    if any(s not in st.bids for s in SIDES):
        return
    french, allies = st.bids["french"], st.bids["allies"]
    winner = "french" if french >= allies else "allies"
    paid = st.bids[winner]
    st.morale[winner] -= paid
    ctx.emit(
        "auction",
        {"french": french, "allies": allies, "winner": winner, "bid": paid, "morale": st.morale[winner]},
    )
    st.phase = "setup" if ctx.opts.setup else "play"


# -- the French set-up (6, [JW]) ----------------------------------------------------------------------------
def within(ctx: Ctx, start: str, steps: int) -> set[str]:
    seen, frontier = {start}, {start}
    for _ in range(steps):
        frontier = {n for loc in frontier for n in ctx.data.neighbours(loc)} - seen
        seen |= frontier
    return seen


def battery(ctx: Ctx, side: str, name: str, facing: str | None, *, dry: bool = False) -> None:
    """6 ([JW]): the French name one artillery unit on the map the fixed battery: detached, on an approach of
    its locale, face up for good, never moving (it may lead an artillery attack where it stands). 18 (the
    Santon, optional): in the Santon it may stand in the reserve instead (``facing`` None)."""
    st = ctx.st
    b = st.blocks.get(name.upper())
    if b is None or b.side != "french" or b.arm != "artillery" or b.at in (OFF, GONE):
        raise error("6", "triumph.setup.battery_unit", unit=name)
    if st.battery is not None:
        raise error("6", "triumph.setup.battery_named", unit=st.battery)
    if facing is None:
        if not (ctx.opts.santon and b.at == ctx.data.setup_rules.santon):
            raise error("18", "triumph.setup.battery_reserve", locale=ctx.data.setup_rules.santon)
    else:
        ap = ctx.data.approach(b.at, facing)
        if ap is None or ap.impassable:
            raise error("10", "triumph.move.no_approach", locale=b.at, to=facing)
    if b.corps is not None and len(st.corps_units(b.corps)) < 2:
        raise error("8", "triumph.corps.last_unit", commander=b.corps)
    if dry:
        return
    b.corps, b.on, b.shown = None, facing, True
    st.battery = b.id
    ctx.emit("battery", {"unit": b.id, "face": b.face, "locale": b.at, "facing": facing})


def post(ctx: Ctx, side: str, name: str, to: str, at: str | None = None, *, dry: bool = False) -> None:
    """6 ([JW]): up to 6 French units detached at set-up, each within 2 locales of its commander's set-up
    locale, not in or next to a locale with an Allied star, not in an enemy locale, within capacity."""
    st, rules = ctx.st, ctx.data.setup_rules
    b = st.blocks.get(name.upper())
    if b is None or b.side != "french" or b.corps is None or b.at in (OFF, GONE):
        raise error("6", "triumph.setup.post_unit", unit=name)
    if len(st.posted) >= rules.french_detached_max:
        raise error("6", "triumph.setup.post_max", most=rules.french_detached_max)
    if len(st.corps_units(b.corps)) < 2:
        raise error("8", "triumph.corps.last_unit", commander=b.corps)
    if to not in {loc.id for loc in ctx.data.locales}:
        raise error("", "triumph.order.no_locale", locale=to)
    if to not in within(ctx, st.commanders[b.corps].at, rules.french_detached_within):
        raise error("6", "triumph.setup.post_far", locale=to, steps=rules.french_detached_within)
    allied = {o.locale for o in ctx.data.objectives if set(o.colours) - {"blue"}}
    if to in allied or any(n in allied for n in ctx.data.neighbours(to, passable=False)):
        raise error("6", "triumph.setup.post_star", locale=to)
    if any(x.at == to and x.side == "allies" for x in st.blocks.values()):
        raise error("6", "triumph.move.enemy", locale=to)
    count = sum(1 for x in st.blocks.values() if x.at == to and x.side == "french" and x is not b)
    if count + 1 > ctx.data.locale(to).capacity:
        raise error("4", "triumph.move.capacity", locale=to, capacity=ctx.data.locale(to).capacity)
    if at is not None and ctx.data.approach(to, at) is None:
        raise error("10", "triumph.move.no_approach", locale=to, to=at)
    if dry:
        return
    b.corps, b.at, b.on = None, to, at
    st.posted.append(b.id)
    ctx.emit("post", {"unit": b.id, "locale": to, "at": at})


def ready(ctx: Ctx, side: str, *, dry: bool = False) -> None:
    """6: the French set-up ends (the fixed battery named, if the French have artillery on the map)."""
    st = ctx.st
    guns = [
        b
        for b in st.blocks.values()
        if b.side == "french" and b.arm == "artillery" and b.at not in (OFF, GONE)
    ]
    if ctx.data.setup_rules.fixed_battery and guns and st.battery is None:
        raise error("6", "triumph.setup.battery_first")
    if dry:
        return
    st.phase = "play"
    ctx.emit("ready", {"side": side, "battery": st.battery, "posted": list(st.posted)})


def end_turn(ctx: Ctx, side: str, *, dry: bool = False) -> None:
    """7: the mover ends its turn; the other side moves next, and after the French turn the next round
    begins. G6: faces shown in a group of 2+ (same place, same corps) are shuffled among its blocks and
    hidden again; a block alone stays known."""
    st = ctx.st
    if st.attack is not None:
        raise error("11", "triumph.end.attack")
    if dry:
        return
    _rehide(ctx)
    for c in st.commanders.values():
        c.commands = 0
    for b in st.blocks.values():
        b.commanded, b.defended, b.retreated = 0, None, False
    st.corps_commands = st.independent = 0
    st.entered_now = []
    st.moved_into, st.road_through, st.taken, st.closed, st.bombarded = [], [], [], [], []
    ctx.emit("end-turn", {"side": side})
    if side == "allies":
        st.side = "french"
        return
    st.side = "allies"
    rounds = ctx.data.scenario(st.scenario).rounds
    if st.round >= len(rounds):
        victory(ctx)
        return
    st.round += 1
    r = rounds[st.round - 1]
    ctx.emit("round", {"round": st.round, "label": r.label, "night": r.night})
    if r.night:  # 14: at nightfall each army regains half the morale it has lost, at most 4
        for s in SIDES:
            back = ctx.data.morale.night_recovery(st.lost.get(s, 0))
            st.morale[s] += back
            st.lost[s] -= back
            ctx.emit("night", {"side": s, "recovered": back, "morale": st.morale[s]})


def _rehide(ctx: Ctx) -> None:
    st = ctx.st
    groups: dict[tuple[str, str | None, str | None, str], list[Block]] = {}
    for b in st.blocks.values():
        if b.at not in (OFF, GONE) and b.id != st.battery:  # the fixed battery stays face up (6, [JW])
            groups.setdefault((b.at, b.on, b.corps, b.side), []).append(b)
    for g in groups.values():
        if len(g) < 2 or not any(b.shown for b in g):
            continue
        faces = [(b.arm, b.strength, b.guard) for b in g]
        for i in range(len(faces) - 1, 0, -1):  # Fisher-Yates from the seeded dice
            j = _pick(st.dice, i + 1)
            faces[i], faces[j] = faces[j], faces[i]
        for b, (arm, strength, guard) in zip(g, faces, strict=True):
            b.arm, b.strength, b.guard, b.shown = arm, strength, guard, False


def _pick(dice: Dice, n: int) -> int:
    """A uniform choice among ``n`` from the seeded d6."""
    k, span = 1, 6
    while span < n:
        k, span = k + 1, span * 6
    limit = span - span % n
    while True:
        v = 0
        for _ in range(k):
            v = v * 6 + dice.roll() - 1
        if v < limit:
            return v % n


# -- winning (16) -------------------------------------------------------------------------------------------
def holds(ctx: Ctx, side: str, locale: str) -> bool:
    """16 (G33): a side holds a star locale with a corps unit of infantry or artillery there that traces a
    road, through no locale with an enemy piece, to a main-road entry of its side not held by the enemy."""
    st = ctx.st
    if not any(
        b.at == locale and b.side == side and b.corps is not None and b.arm in ("infantry", "artillery")
        for b in st.blocks.values()
    ):
        return False
    enemy = {b.at for b in st.blocks.values() if b.side == other(side)}
    goals = {e.locale for e in ctx.data.entries if e.side == side and e.road_class == "main"} - enemy
    seen, todo = {locale}, deque([locale])
    while todo:
        loc = todo.popleft()
        if loc in goals:
            return True
        for r in ctx.data.roads_through(loc):
            i = r.locales.index(loc)
            for n in r.locales[max(0, i - 1) : i + 2]:
                if n not in seen and n not in enemy:
                    seen.add(n)
                    todo.append(n)
    return False


def victory(ctx: Ctx) -> None:
    """16: after the last round. No French reinforcement entered: the Allies win only holding a blue star
    while the French hold no green, red or black one. Once one entered (G30): the French win only holding
    all three Allied colours while the Allies hold no blue star."""
    st = ctx.st

    def held(side: str, colour: str) -> bool:
        return any(holds(ctx, side, loc) for loc in ctx.data.stars(colour))  # type: ignore[arg-type]

    allied_colours = ("green", "red", "black")
    if not st.reinforced:
        allies_win = held("allies", "blue") and not any(held("french", c) for c in allied_colours)
        st.winner = "allies" if allies_win else "french"
    else:
        french_win = all(held("french", c) for c in allied_colours) and not held("allies", "blue")
        st.winner = "french" if french_win else "allies"
    st.phase, st.reason = "over", "objectives"
    ctx.emit("over", {"winner": st.winner, "reason": "objectives"})
