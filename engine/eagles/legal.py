"""``legal(role)``: what a role may order now, as concrete orders, each checked by the same rules as the order
(``play.dispatch`` with ``dry``). Complete for entries, the first player, rolls, releases, activations (every
set of formations up to the roll), assignments, attachments, deployments and reabsorptions (11.3), facings,
squares and reverse slopes (17.0) and the end of the action phase; moves
offer every destination the MP left reach (13.1) for each piece alone and for each area's movable stack
together; charges, bombardments and assaults every target the combat rules give for each area's units (a
charge for each cavalry unit alone too); at the roll, every grand charge the rules take (10.8)."""

from __future__ import annotations

from itertools import combinations

from engine.gamebase import KeptAnswers, KeptByContent, allowed
from engine.gamebase import Legal as Legal  # what ``legal(role)`` gives
from engine.orders import Order

from . import board as B
from . import movement, turns
from . import orders as O
from .context import Ctx
from .context import content as content  # the state's whole content, the key of what is kept
from .machine import SEGMENTS, Phase
from .play import dispatch
from .table import ROWS, acting, phase_of


def ok(ctx: Ctx, role: str, o: Order) -> bool:
    return allowed(dispatch, ctx, role, o)


def candidates(ctx: Ctx, role: str) -> list[Order]:
    """Every order ``legal`` tries, in its order (a new list: the random player shuffles it). A state's are
    asked more than once (its prompt's ``legal``, then a random player's pick, an order's check), and a move
    segment's search every group's reach: they are kept by the state's whole content (``content``)."""
    kept = _CANDIDATES.of(content(ctx))
    found = kept.get(role)
    if found is None:
        found = kept[role] = tuple(_candidates(ctx, role))
    return list(found)


_CANDIDATES: KeptByContent[tuple[Order, ...]] = KeptByContent(16)


def _candidates(ctx: Ctx, role: str) -> list[Order]:
    st = ctx.st
    phase = phase_of(st)
    out: list[Order] = []
    if phase == Phase.ENTER:
        due = st.due.get(role, [])
        out.append(O.Enter())
        if due:
            out.append(O.Enter(tuple(due)))
    elif phase == Phase.FIRST:
        out += [O.First("french"), O.First("allies")]
    elif phase in (Phase.ROLL, Phase.ACTIVATE):
        if phase == Phase.ROLL:
            out.append(O.Roll())
        else:
            ready = turns.ready(ctx, role)
            for n in range(min(st.may_activate, len(ready)), 0, -1):
                out += [O.Activate(c) for c in combinations(ready, n)]
        if role == "french" and not st.guard_released:
            out.append(O.Release())
        if phase == Phase.ROLL:
            from . import grand

            out += grand.candidates(ctx, role)  # 10.8: instead of the activation roll
    elif phase in SEGMENTS:
        i = SEGMENTS.index(phase)
        for seg in SEGMENTS[i:]:
            out += _segment(ctx, role, seg)
        out.append(O.Done())
    return out


def _segment(ctx: Ctx, role: str, seg: Phase) -> list[Order]:
    st = ctx.st
    act = st.activation
    if act is None:
        return []
    mine = [u for u in st.units.values() if u.formation in act.formations and u.on_map and u.side == role]
    out: list[Order] = []
    if seg == Phase.ASSIGN:
        for u in st.units.values():
            if u.side == role and u.reserve and u.on_map:
                out += [
                    O.Assign(u.id, f.id) for f in st.formations.values() if f.side == role and f.id != "hq"
                ]
        for a in mine:
            if a.kind == "artillery":
                if a.attached_to:
                    out.append(O.Detach((a.id,)))
                else:
                    out += [O.Attach(a.id, d.id) for d in st.units_in(a.area, role) if d.long]
        for u in mine:  # 11.3
            if u.parent:
                out.append(O.Reabsorb(u.parent))
            elif u.long:
                out.append(O.Split(u.id))
    elif seg == Phase.MOVE:
        out += _moves(ctx, role)
        for u in mine:
            if (u.long or u.kind == "artillery") and not u.attached_to and u.facing:
                out += [O.Face(u.id, n) for n in B.facings(ctx.board, u.area) if n != u.facing]
        for u in mine:  # 17.0
            if u.kind == "infantry":
                out += [O.FormSquare((u.id,)), O.ReverseSlope((u.id,)), O.Line((u.id,))]
    elif seg in (Phase.CHARGE, Phase.BOMBARD, Phase.ASSAULT):
        from . import fight

        out += fight.candidates(ctx, role, seg)
    return out


def _moves(ctx: Ctx, role: str) -> list[Order]:
    """Each movable piece alone, and each area's movable pieces together, to every area within reach."""
    st = ctx.st
    pieces = [u.id for u in st.units.values() if u.side == role and movement.may_move(ctx, u.id) is None]
    pieces += [x.id for x in st.leaders.values() if x.side == role and movement.may_move(ctx, x.id) is None]
    groups: list[tuple[str, ...]] = [(p,) for p in sorted(pieces)]
    by_area: dict[str, list[str]] = {}
    for p in sorted(pieces):
        area = st.units[p].area if p in st.units else st.leaders[p].area
        by_area.setdefault(area, []).append(p)
    groups += [tuple(ps) for ps in by_area.values() if len(ps) > 1]
    out: list[Order] = []
    state = content(ctx)
    for g in groups:
        if any(movement.ma(ctx, p) - movement.used(ctx, p) <= 0 for p in g):
            continue
        for to in sorted(movement.kept_reach(ctx, list(g), state)):
            out.append(O.Move(g, to))
    return out


def legal(ctx: Ctx, role: str) -> Legal:
    """What ``role`` may order now. The bot and the service ask again of the same state (each active role's
    list, its prompt, the list before an order, a pick's check), so the answer is kept (``_kept``)."""
    kept = _kept(content(ctx))
    found = kept.get(role)
    if found is None:
        found = kept[role] = _legal(ctx, role)
    return found


# ``legal``'s answers, kept by the state's whole content (``content``)
_KEPT = KeptAnswers(64)
_kept = _KEPT.of


def _legal(ctx: Ctx, role: str) -> Legal:
    st = ctx.st
    phase = phase_of(st)
    if acting(st) != role:
        return Legal(role, str(phase), False)
    seen: set[str] = set()
    choices: list[Order] = []
    for o in candidates(ctx, role):
        text = o.text()
        if text in seen:
            continue
        seen.add(text)
        if isinstance(o, O.Move) or ok(ctx, role, o):  # a move's destinations are its rule's own reach
            choices.append(o)
    return Legal(role, str(phase), True, ROWS[phase].orders, tuple(choices))
