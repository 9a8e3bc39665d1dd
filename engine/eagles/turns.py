"""The set-up (facts 7.1), the preparation step of a turn (5.0 weather, 6.0 reinforcements, 7.0 first player),
the end of the activation step (8.13, 1.1) and of a turn (15 then facts 9)."""

from __future__ import annotations

from data.eagles import Eagles
from engine.dice import Dice

from . import board as B
from . import movement, recovery, victory
from .context import Ctx, error
from .machine import Phase, go
from .options import Options
from .state import GONE, OFF, SIDES, Activation, Formation, Leader, State, Unit, other, step_sp

HQ_FORMATION = "hq"  # 9.5: the HQ is a formation of its own


def new_state(board: Eagles, opts: Options, seed: int) -> State:
    """Facts 7.1: every piece of the scenario in its set-up area, facing as the data says (13.9); the
    reinforcements off the map until their turn (6.0); then the first turn's preparation."""
    sc = B.scenario(board, opts.scenario)
    st = State(scenario=sc.id, seed=seed, dice=Dice.seeded(seed))
    st.weather = str(getattr(sc, "weather", "clear") or "clear")
    chosen = opts.variants()
    for u in sorted(board.units, key=lambda x: x.id):
        if getattr(u, "variant", None) not in (None, *chosen):
            continue  # facts 7.2: a variant's pieces only when it is chosen
        st.units[u.id] = Unit(
            id=u.id,
            side=u.side,
            kind=u.arm,
            formation=u.formation,
            full_sp=u.sp,
            full_steps=u.steps,
            steps=u.steps,
            sp=step_sp(u.sp, u.steps, u.steps),
            morale=u.morale,
            long=bool(getattr(u, "long", False)),
            reserve=bool(getattr(u, "reserve", False)),
        )
    for h in board.hqs:
        st.units[h.id] = Unit(
            id=h.id, side=h.side, kind="hq", formation=HQ_FORMATION, full_sp=0, full_steps=h.steps,
            steps=h.steps, sp=0, morale=0,
        )  # fmt: skip
    for ld in sorted(board.leaders, key=lambda x: x.id):
        if getattr(ld, "variant", None) not in (None, *chosen):
            continue
        st.leaders[ld.id] = Leader(
            id=ld.id,
            side=ld.side,
            kind=ld.role,
            range=ld.range,
            tactical=ld.tactical,
            initiative=ld.initiative,
            arrive=99 if ld.role == "division" else 0,  # 2.3: off the map until he takes over (15.3)
        )
    for f in board.formations:
        if getattr(f, "variant", None) not in (None, *chosen):
            continue
        st.formations[f.id] = Formation(f.id, f.side, f.leader)
    for h in board.hqs:
        st.formations[HQ_FORMATION] = Formation(HQ_FORMATION, h.side, h.id)
    guard = getattr(sc, "guard", None)
    if guard is not None:
        for fid in {st.units[x].formation for x in guard.units}:
            st.formations[fid].released = False
    for g in sc.setup:
        for uid in g.units:
            piece = st.units[uid]
            piece.area = g.area
            if _faces(piece):
                piece.facing = _facing(board, g.area, getattr(g, "facing", None))
        for lid in g.leaders:
            st.leaders[lid].area = g.area
        for hid in g.hqs:
            st.units[hid].area = g.area
    if opts.nassau_picket:
        for d in getattr(sc, "deployments", ()):
            deploy(st, d.unit, d.sp)
    for r in sc.reinforcements:
        for pid in (*r.units, *r.leaders, *getattr(r, "hqs", ())):
            if pid in st.units:
                st.units[pid].arrive = r.turn
            elif pid in st.leaders:
                st.leaders[pid].arrive = r.turn
    for pid in (p for v in getattr(sc, "variants", ()) if v.id in chosen for p in (*v.units, *v.leaders)):
        _piece_arrive_st(st, pid, NEVER)  # facts 7.2: until the die brings it
    army: dict[str, str] = {str(ld.side): ld.id for ld in board.leaders if ld.role == "army"}
    st.army_commander = dict(army)
    acting = getattr(sc, "acting_commander", None)
    if acting is not None:  # facts 7.3: the Prince of Orange commands until Wellington arrives
        side = st.leaders[acting.leader].side
        if st.leaders[acting.until].area == OFF:
            st.army_commander[side] = acting.leader
    french_start = set(sc.victory.french_start)
    st.holders = {o.area: ("french" if o.area in french_start else "allies") for o in sc.victory.objectives}
    st.bonus_vp = {s: 0 for s in SIDES}
    st.assigned = {s: 0 for s in SIDES}
    st.queue = {s: [] for s in SIDES}
    return st


NEVER = 99  # facts 7.2: a variant's arrival turn until its die brings it


def _piece_arrive_st(st: State, piece: str, turn: int) -> None:
    if piece in st.units:
        st.units[piece].arrive = turn
    elif piece in st.leaders:
        st.leaders[piece].arrive = turn


def variant_rolls(ctx: Ctx) -> None:
    """Facts 7.2: in each reinforcement phase from the variant's turn, its side rolls 1d6; at most
    ``roll_at_most`` brings its pieces this turn (6.0 then applies: they may be delayed once)."""
    st = ctx.st
    for v in getattr(B.scenario(ctx.board, st.scenario), "variants", ()):
        if v.id not in ctx.opts.variants() or v.id in st.came or st.turn < v.from_turn:
            continue
        (die,) = ctx.roll("variant", variant=v.id, side=v.side, need=v.roll_at_most)
        if die <= v.roll_at_most:
            st.came[v.id] = st.turn
            for pid in (*v.units, *v.leaders):
                _piece_arrive_st(st, pid, st.turn)
            ctx.emit("variant-comes", {"variant": v.id, "side": v.side, "area": v.area})


def deployed_id(parent: str) -> str:
    """11.3: the id of the short counter ``parent`` deploys."""
    return parent + "P"


def deploy(st: State, parent: str, sp: int) -> Unit:
    """11.3: the short counter of ``sp`` goes in the parent division's area (ours, the rule over the
    scenario's own area: docs/rulings.md) and the division is one step less. Ours: the division's full
    strength is lowered with it, so that the deployed step counts as no loss (facts 9) and is not
    recovered (G9)."""
    p = st.units[parent]
    p.full_steps -= 1
    p.steps -= 1  # 11.3: the division loses the step the short counter takes
    p.full_sp = step_sp(p.full_sp, p.full_steps + 1, p.full_steps)
    p.sp = step_sp(p.full_sp, p.full_steps, p.steps)
    u = Unit(
        id=deployed_id(parent), side=p.side, kind=p.kind, formation=p.formation, full_sp=sp, full_steps=1,
        steps=1, sp=sp, morale=p.morale, area=p.area, reserve=p.reserve, arrive=p.arrive, parent=parent,
        in_command=p.in_command,
    )  # fmt: skip
    st.units[u.id] = u
    return u


def _faces(u: Unit) -> bool:
    """13.9: long counters and artillery have a facing."""
    return u.long or u.kind == "artillery"


def _facing(board: Eagles, area: str, wanted: str | None) -> str:
    ns = B.facings(board, area)
    return wanted if wanted in ns else sorted(ns)[0]


def start(ctx: Ctx) -> None:
    """The first turn's preparation (the game has just been set up: its first phase is set here, not by a
    transition)."""
    st = ctx.st
    st.phase = str(Phase.ENTER if any(due_pieces(ctx, s) for s in SIDES) else Phase.FIRST)
    _prepare(ctx)


# -- the preparation step ----------------------------------------------------------------------------------
def _prepare(ctx: Ctx) -> None:
    """5.0 (clear all game: the scenario's weather), 6.0 (the arrivals due), then 7.0 once they are in."""
    st = ctx.st
    sc = B.scenario(ctx.board, st.scenario)
    st.weather = str(getattr(sc, "weather", "clear") or "clear")
    track = sc.turns
    ctx.emit("turn", {"turn": st.turn, "time": track[st.turn - 1].hour, "weather": st.weather})
    variant_rolls(ctx)
    st.due = {s: due_pieces(ctx, s) for s in SIDES}
    if any(st.due.values()):
        if st.phase != Phase.ENTER:
            go(st, Phase.ENTER)
        return
    _first_player(ctx)


def due_pieces(ctx: Ctx, side: str) -> list[str]:
    st = ctx.st
    out = [u.id for u in st.units.values() if u.side == side and u.area == OFF and 0 < u.arrive <= st.turn]
    out += [x.id for x in st.leaders.values() if x.side == side and x.area == OFF and 0 < x.arrive <= st.turn]
    return sorted(out)


def _groups(ctx: Ctx, side: str) -> list[tuple[str, str | None, list[str]]]:
    """The scenario's arrival groups of ``side`` with pieces due: (entry area, facing, the pieces due)."""
    st = ctx.st
    due = set(st.due.get(side, ()))
    out = []
    for r in B.scenario(ctx.board, st.scenario).reinforcements:
        if r.side != side:
            continue
        pieces = [p for p in (*r.units, *getattr(r, "hqs", ()), *r.leaders) if p in due]
        if pieces:
            out.append((r.area, getattr(r, "facing", None), pieces))
    for v in getattr(B.scenario(ctx.board, st.scenario), "variants", ()):
        pieces = [p for p in (*v.units, *v.leaders) if p in due and v.side == side]
        if pieces:  # facts 7.2: the variant enters where it says
            out.append((v.area, v.facing, pieces))
    return out


def enter(ctx: Ctx, side: str, delay: tuple[str, ...], *, dry: bool = False) -> None:
    """6.0: the side's arrivals due come on in their entry areas; those named in ``delay`` wait one turn (an
    arrival cannot be refused, only delayed once). Never into an enemy-held area: the nearest map-edge area
    free of the enemy instead (6.0), with room for them (13.6; ours). In command this turn (6.0)."""
    st = ctx.st
    due = st.due.get(side, [])
    data_turn = {p: _scheduled(ctx, p) for p in due}
    for p in delay:
        if p not in due:
            raise error("6.0", "eagles.enter.not_due", unit=p, due=due)
        if data_turn[p] < st.turn:
            raise error("6.0", "eagles.enter.delayed_once", unit=p)
    if dry:
        return
    entered: list[str] = []
    for area, facing, pieces in _groups(ctx, side):
        coming = [p for p in pieces if p not in delay]
        for p in pieces:
            if p in delay:
                _piece_arrive(ctx, p, st.turn + 1)
        if not coming:
            continue
        placed: dict[str, list[str]] = {}
        first: str | None = None
        for p in coming:  # units one by one, each where it fits (13.6); leaders with the first of them
            if p in st.units:
                where = _entry_area(ctx, side, area, [p])
                if where is None:  # no room anywhere along the edge: it waits a turn (ours)
                    _piece_arrive(ctx, p, st.turn + 1)
                    continue
                u = st.units[p]
                u.area, u.in_command = where, True
                if _faces(u):
                    u.facing = _facing(ctx.board, where, facing)
            else:
                where = first or _entry_area(ctx, side, area, [])
                if where is None:
                    _piece_arrive(ctx, p, st.turn + 1)
                    continue
                st.leaders[p].area = where
            first = first or where
            placed.setdefault(where, []).append(p)
            entered.append(p)
        for where, ps in placed.items():
            ctx.emit("enter", {"side": side, "area": where, "units": ps})
            movement.displace_leaders(ctx, where, side)  # 3.13: an enemy leader alone gives way
    if delay:
        ctx.emit("delay", {"side": side, "units": list(delay)})
    _acting_commander(ctx)
    st.due[side] = []
    victory.update_holders(ctx)
    if any(st.due.values()):
        go(st, Phase.ENTER)
        return
    _first_player(ctx)


def _scheduled(ctx: Ctx, piece: str) -> int:
    sc = B.scenario(ctx.board, ctx.st.scenario)
    for r in sc.reinforcements:
        if piece in (*r.units, *r.leaders, *getattr(r, "hqs", ())):
            return int(r.turn)
    for v in getattr(sc, "variants", ()):
        if piece in (*v.units, *v.leaders):
            return int(ctx.st.came.get(v.id, 0))  # facts 7.2: the turn its die brought it
    return 0


def _piece_arrive(ctx: Ctx, piece: str, turn: int) -> None:
    if piece in ctx.st.units:
        ctx.st.units[piece].arrive = turn
    else:
        ctx.st.leaders[piece].arrive = turn


def _entry_area(ctx: Ctx, side: str, area: str, pieces: list[str]) -> str | None:
    """6.0: the entry area, else the map-edge areas nearest it, the first free of enemy combat units with
    room for the arriving stack (13.6, 13.7)."""
    st, b = ctx.st, ctx.board
    units = [st.units[p] for p in pieces if p in st.units]
    edge = [a for a in B.area_ids(b) if B.edges(b, a)]
    order = [area, *sorted((a for a in edge if a != area), key=lambda a: (B.distance(b, area, a), a))]
    for a in order:
        if movement.enemy_in(ctx, a, side):
            continue
        if movement.room_for(ctx, a, units):
            return a
    return None


def _acting_commander(ctx: Ctx) -> None:
    """Facts 7.3 (Wellington away): the acting commander leads the army until the army commander is on the
    map, and again if he falls."""
    st = ctx.st
    sc = B.scenario(ctx.board, st.scenario)
    acting = getattr(sc, "acting_commander", None)
    if acting is None:
        return
    side = st.leaders[acting.leader].side
    before = st.army_commander.get(side)
    chief = st.leaders[acting.until]
    now = acting.until if chief.on_map else acting.leader
    if not chief.alive:
        now = acting.leader
    if not st.leaders[now].alive:  # ours: the surviving leader of the best initiative
        alive = [x for x in st.leaders.values() if x.side == side and x.on_map]
        now = max(alive, key=lambda x: (x.initiative, x.range, x.id)).id if alive else now
    if now != before:
        st.army_commander[side] = now
        ctx.emit("commander", {"side": side, "leader": now})


def army_initiative(ctx: Ctx, side: str) -> int:
    """The army commander's initiative (7.0, 8.1); facts 7.3 the acting commander's while Wellington is
    away."""
    st = ctx.st
    sc = B.scenario(ctx.board, st.scenario)
    lid = st.army_commander[side]
    acting = getattr(sc, "acting_commander", None)
    if acting is not None and lid == acting.leader and getattr(acting, "initiative", None):
        return int(acting.initiative)
    return st.leaders[lid].initiative


def _first_player(ctx: Ctx) -> None:
    """7.0: each side rolls 1d6 + its army commander's initiative; a tie is rolled again; the higher total
    chooses who tries first."""
    st = ctx.st
    while True:
        totals = {}
        for s in SIDES:
            init = army_initiative(ctx, s)
            (d,) = ctx.roll("first player", side=s, initiative=init)
            totals[s] = d + init
        if totals["french"] != totals["allies"]:
            break
        ctx.emit("tie", {"total": totals["french"]})
    st.chooser = max(SIDES, key=lambda s: totals[s])
    st.first = None
    if st.phase != Phase.FIRST:
        go(st, Phase.FIRST)


def choose_first(ctx: Ctx, side: str, who: str, *, dry: bool = False) -> None:
    """7.0: the side with the higher total names the side that tries first."""
    if who not in SIDES:
        raise error("7.0", "eagles.first.side", side=who, sides=list(SIDES))
    if dry:
        return
    st = ctx.st
    st.first, st.fails, st.activation = who, 0, None
    ctx.emit("first", {"side": side, "first": who})
    st.roller = who
    go(st, Phase.ROLL)
    next_try(ctx, who, keep=True)


# -- the activation step: whose try, and its end -----------------------------------------------------------
def ready(ctx: Ctx, side: str) -> list[str]:
    """The formations ``side`` may still activate this turn: not Activated (8.16, 8.17), not yet this turn
    (8.15), released (facts 7.3), with a piece on the map (G35)."""
    st = ctx.st
    out = []
    for f in sorted(st.formations.values(), key=lambda x: x.id):
        if f.side != side or f.activated or f.last_turn == st.turn or not f.released:
            continue
        if any(u.on_map for u in st.units.values() if u.formation == f.id):
            out.append(f.id)
    return out


def next_try(ctx: Ctx, last: str, *, keep: bool = False) -> None:
    """1.1, 8.1, 8.13: after ``last``'s try the other side tries, or ``last`` again if the other has nothing
    left to activate; two failures in a row, or nothing left on either side, end the activation step.
    ``keep``: ``last`` is the side that tries first (7.0)."""
    st = ctx.st
    if st.fails >= 2:
        end_step(ctx, "fails")
        return
    order = (last, other(last)) if keep else (other(last), last)
    for s in order:
        if ready(ctx, s):
            st.roller = s
            if st.phase != Phase.ROLL:
                go(st, Phase.ROLL)
            return
    end_step(ctx, "all")


def end_step(ctx: Ctx, why: str) -> None:
    """8.13 / 1.1: the activation step ends; 15 rally, recovery and replacement; then facts 9 (a French
    decisive victory at the end of any turn, the last turn's result) or the next turn."""
    st = ctx.st
    st.activation = None
    ctx.emit("step-end", {"turn": st.turn, "why": why})
    recovery.end_of_turn(ctx)
    _acting_commander(ctx)
    victory.update_holders(ctx)
    last = len(B.scenario(ctx.board, st.scenario).turns)
    result = victory.at_turn_end(ctx, st.turn >= last)
    if result is not None:
        st.winner, st.reason = result
        go(st, Phase.OVER)
        ctx.emit("over", {"winner": st.winner, "reason": st.reason, "vp": victory.score(ctx)})
        return
    st.turn += 1
    for ld in st.leaders.values():
        ld.moved = False
    st.assigned = {s: 0 for s in SIDES}
    st.fails, st.may_activate, st.first, st.chooser = 0, 0, None, None
    _prepare(ctx)


def begin_action(ctx: Ctx, side: str, formations: list[str]) -> Activation:
    """8.14: the formations named act together; their units' marks of an earlier activation are cleared."""
    st = ctx.st
    act = Activation(side=side, formations=list(formations))
    st.activation = act
    for u in st.units.values():
        if u.formation in formations:
            u.charged = u.bombarded = u.assaulted = u.moved = u.stopped = u.detached_now = False
            u.mp_used, u.faced = 0, ""
    for ld in st.leaders.values():
        ld.mp_used = 0
    return act


def eliminated(u: Unit) -> bool:
    return u.area == GONE
