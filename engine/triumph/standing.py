"""Standing answers (G34: deadlines per hand-off, standing answers, documented defaults): what a player who is
away leaves to be answered at each step of an attack, so that an attack does not wait a day per step.

Each word answers one or two steps and nothing else; outside them (the turn's moves, the threat itself, a step
whose word the player did not give) ``choose`` returns None and the step waits for the player. An answer reads
only what its side may know: its own faces, every position (G8), the counts the rules name (11.2), the defence
leaders once shown (G7), the initial result (11.6). It is an ordinary order: a sealed one is committed like a
player's (``Module.sealed``).

    defend / defend:N   11.2 defend with every unit that may (blockers: exactly them), or the N strongest;
                        11.4 leaders: the strongest legal set; 11.3 / 11.9 every defender steps up
    give-ground[:N]     11.2 give ground instead when the units in the attack locale outnumber those that
                        would defend (by more than N; never where blockers must fight, G9)
    counter             11.7 counter-attack only when it turns the result, with the fewest units that do
    no-counter          11.7 never counter-attack
    retreat             12 every unit to the neighbour holding most of its own side (then the most room)
    press / press:N     11.3 press, or feint when more than N units defend; 11.5 with every force that may,
                        the leaders of the best initial result (artillery only when nothing else may lead)
    advance             G35 move in with the most units that may

The words may be given for part of the map only (the digest's "a posture per locale (or per approach)"):
``into:L`` for the attacks into locale L, ``from:A into:L`` for the attacks across the approach from A into
L, ``from:A`` for the attacks out of A. Each scope keeps its own words, which answer instead of the others in
the attacks it covers (an approach before a locale, a locale before the place attacked from); a scope with no
word answers nothing there: the player answers each step of those attacks. Where the attack is, is public
(11.1), so the scope chosen says nothing the other side may not know.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from typing import Any

from engine.errors import RuleError
from engine.module import SCOPED, Standing
from engine.orders import Order

from . import attack, moves, present
from . import orders as O
from .context import Ctx
from .game import Game
from .machine import Step
from .play import dispatch
from .present import place
from .state import GONE, Attack, Block, other
from .table import acting, step_of

KEY = "attack"
WORDS = ("defend", "give-ground", "counter", "no-counter", "retreat", "press", "advance")
COUNTED = ("defend", "give-ground", "press")  # the words that take a number: ``press:3``
SAID = "triumph.standing."  # the catalog keys of the answers' words and messages
STEPS = frozenset(
    {Step.DEFEND, Step.FEINT, Step.LEAD, Step.COUNTER, Step.STEP_UP, Step.RETREAT, Step.ADVANCE}
)
Spec = dict[str, Any]


def when(game: Any) -> bool:
    """Standing answers play during an attack only (11.2-11.9, 12, G35)."""
    assert isinstance(game, Game)
    return step_of(game.state) in STEPS


def choose(game: Any, role: str, spec: Spec) -> str | None:
    """The order the role's standing answers give at this step, or None: not its step, no word of the
    player's answers it, or no such order is legal."""
    assert isinstance(game, Game)
    ctx, st = game.ctx, game.state
    step = step_of(st)
    a = st.attack
    if step not in STEPS or a is None or acting(st) != role or not spec:
        return None
    spec = _scoped(spec, a)
    o: Order | None = None
    if step == Step.DEFEND:
        o = _defend(ctx, role, a, spec)
    elif step == Step.FEINT and _on(spec, "press"):
        o = _feint_or_press(ctx, role, a, _number(spec, "press"))
    elif step == Step.LEAD and _on(spec, "press"):
        o = _lead(ctx, role, a)
    elif step == Step.COUNTER and (_on(spec, "counter") or _on(spec, "no-counter")):
        o = _counter(ctx, role, a) if _on(spec, "counter") else O.Counter()
    elif step == Step.STEP_UP and _on(spec, "defend"):
        o = _step_up(ctx, role, a)
    elif step == Step.RETREAT and _on(spec, "retreat"):
        o = _retreat(ctx, role, a)
    elif step == Step.ADVANCE and _on(spec, "advance"):
        o = _advance(ctx, role, a)
    return o.text() if o is not None and _ok(ctx, role, o) else None


# -- the scopes: the attacks across one approach, into one locale, out of one locale ------------------------
SCOPES = ("from", "into")


def _keys(source: str, target: str) -> tuple[str, ...]:
    """The scopes an attack from ``source`` into ``target`` falls in, the narrowest first."""
    return (f"from:{source} into:{target}", f"into:{target}", f"from:{source}")


def _scoped(spec: Spec, a: Attack) -> Spec:
    """The words that answer in this attack: its narrowest scope's, else the words given for every attack."""
    scoped = spec.get(SCOPED) or {}
    for key in _keys(a.source, a.target):
        if key in scoped:
            return dict(scoped[key])
    return {k: v for k, v in spec.items() if k != SCOPED}


def scope(game: Any, given: dict[str, str]) -> str | None:
    """The key of the scope ``from:A`` / ``into:L`` / both name (locale ids of our map), or None: an unknown
    locale, or ``from:A into:L`` where no approach leads from A into L (rule 4, 11.1)."""
    assert isinstance(game, Game)
    data = game.ctx.data
    ids = {loc.id for loc in data.locales}
    source, target = given.get("from", ""), given.get("into", "")
    if any(x and x not in ids for x in (source, target)) or not (source or target):
        return None
    if source and target:
        ap = data.approach(target, source)
        return f"from:{source} into:{target}" if ap is not None and not ap.impassable else None
    return f"from:{source}" if source else f"into:{target}"


def scope_said(key: str, lang: str) -> str:
    """A scope in words: "the attacks from Plain of Bosenitz into Krug" (the locales by their names)."""
    parts = dict(p.split(":", 1) for p in key.split())
    source, target = place(parts.get("from", ""), lang), place(parts.get("into", ""), lang)
    kind = "across" if "from" in parts and "into" in parts else "into" if "into" in parts else "from"
    return present.word(f"triumph.standing.scope_{kind}", lang).format(source=source, target=target)


def _on(spec: Spec, word: str) -> bool:
    v = spec.get(word)
    return v is not None and v is not False


def _number(spec: Spec, word: str) -> int | None:
    """The N of ``word:N`` (a bool is the word alone)."""
    v = spec.get(word)
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def _ok(ctx: Ctx, role: str, o: Order) -> bool:
    try:
        dispatch(ctx, role, o, dry=True)
    except RuleError:
        return False
    return True


def _strength(b: Block) -> tuple[int, str]:
    return (-b.strength, b.id)


def _elite(b: Block) -> bool:
    """15: the Guard and heavy cavalry cost morale when first used."""
    return b.guard or (b.arm == "cavalry" and b.strength == 3)


def _sets(units: list[Block], most: int = 2) -> list[tuple[Block, ...]]:
    out: list[tuple[Block, ...]] = [(b,) for b in units]
    if most >= 2:
        out += list(combinations(units, 2))
    return out


# -- 11.2 defend or give ground, 11.4 the defence leaders ---------------------------------------------------
def _defenders(ctx: Ctx, role: str, a: Attack, most: int | None) -> list[Block]:
    """11.2: the blockers, exactly; else the reserve units that may defend (not across another approach this
    turn, not retreated), at most one of them detached (the strongest), or the ``most`` strongest."""
    block = attack.blockers(ctx, a.source, a.target)
    if block:
        return block
    free = [
        b
        for b in ctx.st.units_at(a.target, None)
        if b.side == role and b.defended in (None, a.source) and not b.retreated
    ]
    free.sort(key=_strength)
    out: list[Block] = []
    for b in free:
        if b.corps is None and any(x.corps is None for x in out):
            continue
        out.append(b)
    return out[:most] if most is not None else out


def _defend(ctx: Ctx, role: str, a: Attack, spec: Spec) -> Order | None:
    units = _defenders(ctx, role, a, _number(spec, "defend"))
    yields = _number(spec, "give-ground")
    if yields is None and _on(spec, "give-ground"):
        yields = 0  # the word alone: whenever outnumbered
    if yields is not None:
        # 11.2: what the defender knows: the pieces standing in the attack locale (G8), its own defenders
        enemy = sum(1 for b in ctx.st.blocks.values() if b.at == a.source and b.side == other(role))
        if enemy - len(units) > yields and _ok(ctx, role, O.GiveGround()):
            return O.GiveGround()
    if not _on(spec, "defend"):
        return None
    if not units:
        return O.GiveGround()  # nobody may defend: the rules leave only this (11.2)
    ids = tuple(b.id for b in units)
    best: tuple[Any, ...] = (0, 0, ())  # the least is the best: the strongest, no elite, by name
    chosen: tuple[str, ...] = ()
    for lead in _sets(units):
        o = O.Defend(ids, tuple(b.id for b in lead))
        key = (-sum(b.strength for b in lead), sum(_elite(b) for b in lead), tuple(b.id for b in lead))
        if key < best and _ok(ctx, role, o):
            best, chosen = key, o.leaders
    return O.Defend(ids, chosen)


def _step_up(ctx: Ctx, role: str, a: Attack) -> Order | None:
    """11.3 / 11.9: every defender still in the reserve steps onto the approach (its corps stays whole,
    G24)."""
    ds = [u for u in a.defenders if ctx.st.blocks[u].at == a.target and ctx.st.blocks[u].on is None]
    for o in [O.StepUp(tuple(ds)), *(O.StepUp((u,)) for u in ds)]:
        if ds and _ok(ctx, role, o):
            return o
    return None


# -- 11.3 feint or press, 11.5 the attack -------------------------------------------------------------------
def _feint_or_press(ctx: Ctx, role: str, a: Attack, most: int | None) -> Order | None:
    """11.3: press; with ``most``, feint when more than that many units defend (named at 11.2). The feint
    names the force of fewest units and steps nowhere; a road threat (G11) or nobody able to press feints."""
    if (most is None or len(a.defenders) <= most) and _ok(ctx, role, O.Press()):
        return O.Press()
    forces = sorted(
        attack._forces_at(ctx, role, a.source, a.target),
        key=lambda f: (len(moves.group_of(ctx, role, f)[1]), f),
    )
    feints: list[Order] = [O.Feint((f,)) for f in forces]
    feints += [O.Feint((f,), False, p) for f, p in moves.road_attackers(ctx, role, a.source, a.target)]
    feints.append(O.Press())  # a Guard Attack cannot feint (15)
    return next((o for o in feints if _ok(ctx, role, o)), None)


def _lead(ctx: Ctx, role: str, a: Attack) -> Order | None:
    """11.5: the forces with the most units that may attack together (no more than the locale holds), then
    the width, leaders and target of the best initial result (11.6) — artillery leads only when nothing
    else may, the Guard and heavy cavalry only when they do better (15)."""
    forces = attack._forces_at(ctx, role, a.source, a.target)
    groups: list[tuple[str, ...]] = []
    for k in range(min(len(forces), 4), 0, -1):
        groups += list(combinations(forces, k))

    def size(g: tuple[str, ...]) -> int:
        return sum(len(moves.group_of(ctx, role, f)[1]) for f in g)

    groups.sort(key=lambda g: (-size(g), g))
    guard = (a.guard,) if a.guard is not None else ()  # 15: a Guard Attack is led by the Guard
    with_ = next((g for g in groups if _ok(ctx, role, O.Lead(g, None, guard))), None)
    if with_ is None:
        return None
    units = [b for f in with_ for b in moves.group_of(ctx, role, f)[1]]
    ap_width = attack.width_of(ctx, a)
    widths = ("wide", "narrow") if ap_width == "wide" else ("narrow",)
    dl = list(a.defence_leaders)
    best: tuple[Any, ...] | None = None
    chosen: Order | None = None
    for w in widths:
        targets: list[str | None] = [None]
        if w == "narrow" and len(dl) == 2:
            targets = [*sorted(dl)]
        for lead in [(), *_sets(units, 2 if w == "wide" else 1)]:
            for t in targets:
                o = O.Lead(with_, w, tuple(b.id for b in lead), t)
                guns = bool(lead) and lead[0].arm == "artillery"
                trial = replace(
                    a,
                    leaders=[b.id for b in lead],
                    artillery_led=guns,
                    defence_leaders=[t] if t is not None else dl,
                )
                key = (  # the least is the best: no guns, the highest result, no elite, wide, by name
                    guns,
                    -attack.initial_result(ctx, trial),
                    sum(_elite(b) for b in lead),
                    w != "wide",
                    o.text(),
                )
                if (best is None or key < best) and _ok(ctx, role, o):
                    best, chosen = key, o
    return chosen


def _advance(ctx: Ctx, role: str, a: Attack) -> Order | None:
    """G35: move in with every force that may, else the one of most units, else the cavalry by road."""
    forces = sorted(
        attack._forces_at(ctx, role, a.source, a.target),
        key=lambda f: (-len(moves.group_of(ctx, role, f)[1]), f),
    )
    tries: list[Order] = [O.Advance(tuple(forces))] if len(forces) > 1 else []
    tries += [O.Advance((f,)) for f in forces]
    tries += [O.Advance((f,), (*p, a.target)) for f, p in moves.road_attackers(ctx, role, a.source, a.target)]
    return next((o for o in tries if _ok(ctx, role, o)), None)


# -- 11.7 counter-attack ------------------------------------------------------------------------------------
def _counter(ctx: Ctx, role: str, a: Attack) -> Order:
    """11.7: only when the attacker wins on the initial result and a counter-attack turns it (11.8, 11.6:
    the result the defender can work out from the initial result and the counts, G14), with the fewest
    units, then the weakest, that do; else none."""
    if attack.winner_of(ctx, a, a.ir) == role:
        return O.Counter()
    cands = sorted(attack.counter_candidates(ctx, a), key=lambda b: (b.strength, b.id))
    for k in (1, 2):
        pairs = sorted(combinations(cands, k), key=lambda g: (sum(b.strength for b in g), [b.id for b in g]))
        for us in pairs:
            fr = a.ir - sum(max(b.strength - 1, 0) for b in us)
            o = O.Counter(tuple(b.id for b in us))
            if attack.winner_of(ctx, a, fr) == role and _ok(ctx, role, o):
                return o
    return O.Counter()


# -- 12 retreat ---------------------------------------------------------------------------------------------
def _retreat(ctx: Ctx, role: str, a: Attack) -> Order:
    """12: each unit that survives the retreat losses (spread evenly, G18) to the legal neighbour holding
    most units of its side, then the one with most room, then the first by name; one by one while room is
    left (those that find none are lost, 12)."""
    st = ctx.st
    dests = attack.retreat_destinations(ctx, a)
    own = {d: moves.own_count(ctx, d, role) for d in dests}
    room = {d: ctx.data.locale(d).capacity - own[d] for d in dests}
    taken = attack._retreat_losses(ctx, a, ())
    alive = [
        st.blocks[u]
        for u in a.retreating
        if st.blocks[u].at != GONE and st.blocks[u].strength - taken.get(u, 0) > 0 and u != st.battery
    ]
    plan: list[str] = []
    for b in sorted(alive, key=_strength):
        free = [d for d in dests if room[d] > 0]
        if not free:
            break
        d = min(free, key=lambda x: (-own[x], -room[x], x))
        room[d] -= 1
        plan.append(f"{b.id}>{d}")
    return O.Retreat(tuple(plan))


STANDING: Standing[Any] = Standing(
    KEY, WORDS, choose, when, counted=COUNTED, said=SAID, scopes=SCOPES, scope=scope, scope_said=scope_said
)
"""The module's declaration: ``standing = standing.STANDING`` (``/game prefer key:attack value:defend
press:2 counter retreat advance``; ``value:into:pratze give-ground retreat`` for the attacks into Pratze
only)."""
