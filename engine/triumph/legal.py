"""``legal(role)``: what a role may order now, as concrete orders, each checked by the same rules as the order
(``play.dispatch`` with ``dry``). The lists are complete for moves, road moves, attaches, entries, threats,
feints, presses, counter-attacks and advances; for the choices of sets (defending units, attack leaders,
retreat plans, step-ups, Detach Moves) they offer a representative set: every corps alone, every leader choice
among them, every destination for the whole retreat."""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from itertools import combinations

from engine.errors import RuleError
from engine.gamebase import KeptAnswers, allowed
from engine.gamebase import Legal as Legal  # what ``legal(role)`` gives
from engine.orders import Order

from . import attack, moves, turns
from . import orders as O
from .context import Ctx
from .play import dispatch
from .state import OFF, Attack, Block, other
from .table import ROWS, actors, step_of


def _ok(ctx: Ctx, role: str, o: Order) -> bool:
    return allowed(dispatch, ctx, role, o)


def _leader_sets(units: list[Block], most: int = 2) -> list[tuple[str, ...]]:
    ids = [b.id for b in units]
    out: list[tuple[str, ...]] = [()]
    out += [(u,) for u in ids]
    if most >= 2:
        out += list(combinations(ids, 2))
    return out


def candidates(ctx: Ctx, role: str) -> list[Order]:
    return list(_candidates(ctx, role))


def _candidates(ctx: Ctx, role: str) -> Iterator[Order]:
    """The candidates of ``candidates``, in its order, made as they are asked for (a prompt's first three
    legal orders need only the first few of an orders step's hundreds)."""
    step = step_of(ctx.st)
    if step == "orders":
        return _order_candidates(ctx, role)
    if step == "setup":
        return iter(_setup_candidates(ctx))
    if step == "auction":  # 17: every bid the army may make
        return iter([O.Bid(n) for n in range(turns.most_bid(ctx, role) + 1)])
    if step in ("defend", "feint", "lead", "counter", "step-up", "retreat", "advance"):
        return iter(_attack_candidates(ctx, role, step))
    return iter(())


def _order_candidates(ctx: Ctx, role: str) -> Iterator[Order]:
    """The orders step: each force's moves and marches, attaching, entering, threatening, then /end."""
    st = ctx.st
    forces: list[tuple[str, str, str | None]] = []
    for c in st.commanders.values():
        if c.side == role and c.at not in (OFF, "gone") and c.commands < moves.commander_limit(ctx, c.id):
            forces.append((c.id, c.at, c.on))
    for b in st.blocks.values():
        if b.side == role and b.at not in (OFF, "gone") and b.commanded < moves.unit_limit(ctx, b):
            forces.append((b.id, b.at, b.on))
    for name, at, on in forces:
        # 9: a force that may not be commanded now (its commander, a unit of it, the turn's corps or
        # independent commands used up) has no move nor road move: the rules would refuse each one
        commanded = _commandable(ctx, role, name)
        if commanded:
            if on is None:
                for n in ctx.data.neighbours(at):
                    yield O.Move(name, n)
                    yield O.Move(name, at, n)
            else:
                yield O.Move(name, at)
                yield O.Move(name, on)
        if name in st.commanders and on is None:
            for path in moves.road_paths(ctx, at) if commanded else ():
                yield O.March(name, path)
                for n in ctx.data.neighbours(path[-1]):
                    if moves.road_classes(ctx, path[-1], n):
                        yield O.March(name, path, n)
            for b in st.blocks.values():
                if b.side == role and (b.at, b.on) == (at, on) and b.corps != name:
                    yield O.Attach(name, b.id)
    for c in st.commanders.values():
        if c.side == role and c.at == OFF:
            yield from (O.Enter(c.id, e.id) for e in ctx.data.entries if e.side == role)
    sources = {b.at for b in st.blocks.values() if b.side == role and b.at not in (OFF, "gone")}
    held = {b.at for b in st.blocks.values() if b.side != role}  # moves.enemy_held of every locale at once
    for s in sorted(sources):
        for n in ctx.data.neighbours(s):
            if n in held:
                yield O.Threat(s, n)
                guards = [b.id for b in st.blocks.values() if b.side == role and b.at == s and b.guard]
                yield from (O.Threat(s, n, g) for g in guards)
    yield O.End()


def _commandable(ctx: Ctx, role: str, name: str) -> bool:
    """Whether the force ``name`` (a commander's corps, or a unit) may be given a command now (9)."""
    st = ctx.st
    try:
        if name in st.commanders:
            moves.check_commands(ctx, role, [name], [])
        else:
            moves.check_commands(ctx, role, [], [st.blocks[name]])
    except RuleError:
        return False
    return True


def _setup_candidates(ctx: Ctx) -> list[Order]:
    """The optional French set-up: the fixed battery's place, the detached units' posts, then /ready."""
    st = ctx.st
    out: list[Order] = []
    within = ctx.data.setup_rules.french_detached_within
    for b in st.blocks.values():
        if b.side == "french" and b.at not in (OFF, "gone"):
            if b.arm == "artillery":
                out += [O.Battery(b.id, n) for n in ctx.data.neighbours(b.at)]
                out.append(O.Battery(b.id))  # 18: in the Santon's reserve
            if b.corps is not None:
                near = turns.within(ctx, st.commanders[b.corps].at, within)
                out += [O.Post(b.id, loc) for loc in sorted(near)]
    out.append(O.Ready())
    return out


def _attack_candidates(ctx: Ctx, role: str, step: str) -> list[Order]:
    st = ctx.st
    a = st.attack
    assert a is not None
    out: list[Order] = []
    if step == "defend":
        out += _defend_candidates(ctx, a)
    elif step == "feint":
        out.append(O.Press())
        for f in attack._forces_at(ctx, role, a.source, a.target):
            out += [O.Feint((f,)), O.Feint((f,), True)]
        for f, path in moves.road_attackers(ctx, role, a.source, a.target):
            out += [O.Feint((f,), False, path), O.Feint((f,), True, path)]
    elif step == "lead":
        for f in attack._forces_at(ctx, role, a.source, a.target):
            _, units = moves.group_of(ctx, role, f)
            for width in ("wide", "narrow"):
                for lead in _leader_sets(units):
                    targets: list[str | None] = [None]
                    if width == "narrow" and len(a.defence_leaders) == 2:
                        targets = list(a.defence_leaders)
                    for t in targets:
                        out.append(O.Lead((f,), width, lead, t))
    elif step == "counter":
        cands = attack.counter_candidates(ctx, a)
        out.append(O.Counter())
        out += [O.Counter((b.id,)) for b in cands]
        out += [O.Counter((x.id, y.id)) for x, y in combinations(cands, 2)]
    elif step == "step-up":
        ds = [u for u in a.defenders if st.blocks[u].at == a.target and st.blocks[u].on is None]
        out += [O.StepUp((u,)) for u in ds]
        if len(ds) > 1:
            out.append(O.StepUp(tuple(ds)))
    elif step == "retreat":
        out += _retreat_candidates(ctx, a)
    elif step == "advance":
        out += [O.Advance((f,)) for f in attack._forces_at(ctx, role, a.source, a.target)]
        for f, path in moves.road_attackers(ctx, role, a.source, a.target):
            out.append(O.Advance((f,), (*path, a.target)))
    return out


def _defend_candidates(ctx: Ctx, a: Attack) -> list[Order]:
    """Giving ground, or defending with the blockers, else with a corps or an unattached unit, and each set
    of leaders."""
    st = ctx.st
    out: list[Order] = []
    out.append(O.GiveGround())
    block = attack.blockers(ctx, a.source, a.target)
    groups: list[list[Block]] = [block] if block else []
    if not block:
        reserve = [b for b in st.units_at(a.target, None)]
        by_corps: dict[str | None, list[Block]] = {}
        for b in reserve:
            by_corps.setdefault(b.corps, []).append(b)
        for c, us in by_corps.items():
            if c is None:
                groups += [[b] for b in us]
            else:
                groups.append(us)
    for g in groups:
        for lead in _leader_sets(g):
            out.append(O.Defend(tuple(b.id for b in g), lead))
    return out


def _retreat_candidates(ctx: Ctx, a: Attack) -> list[Order]:
    """Each destination for all, and a plan spreading the units by the room left."""
    out: list[Order] = []
    dests = attack.retreat_destinations(ctx, a)
    out += [O.Retreat((d,)) for d in dests]
    plan: list[str] = []
    room = {d: ctx.data.locale(d).capacity - moves.own_count(ctx, d, other(a.attacker)) for d in dests}
    # 12: only the units that survive the retreat losses (spread as G18) move; the fixed battery never does
    taken = attack._retreat_losses(ctx, a, ())
    st = ctx.st
    alive = [u for u in a.retreating if st.blocks[u].strength - taken.get(u, 0) > 0 and u != st.battery]
    for u in alive:
        d = max(dests, key=lambda x: (room[x], x), default=None)
        if d is None or room[d] <= 0:
            break
        room[d] -= 1
        plan.append(f"{u}>{d}")
    if plan:
        out.append(O.Retreat(tuple(plan)))
    return out


def legal(ctx: Ctx, role: str) -> Legal:
    """What ``role`` may order now. The bot asks again of the same state (each active role's list, its
    prompt, the list before the last order, a pick's check), so the answer is kept (``_kept``)."""
    kept = _kept(content(ctx))
    found = kept.get(role)
    if found is None:
        found = kept[role] = _legal(ctx, role)
    return found


def _legal(ctx: Ctx, role: str) -> Legal:
    st = ctx.st
    step = step_of(st)
    mine = role in actors(st)
    if not mine:
        return Legal(role, str(step), False)
    ctx.places = moves.Places(ctx)  # the candidates are tried dry: nothing moves until it is forgotten
    try:
        choices = tuple(_choices(ctx, role))
    finally:
        ctx.places = None
    return Legal(role, str(step), True, ROWS[step].orders, choices)


def first_choices(ctx: Ctx, role: str, n: int) -> list[Order]:
    """The first ``n`` of ``legal(role).choices``, without trying the candidates after them (a prompt's
    examples: each candidate is tried by the rules themselves, and an order step has hundreds); the kept
    answer's when ``legal`` was asked of this state already."""
    if role not in actors(ctx.st):  # as legal(): both armies act at once in the auction (17)
        return []
    found = _KEPT.peek(content(ctx), role)
    if found is not None:
        return list(found.choices[:n])
    out: list[Order] = []
    for o in _choices(ctx, role):
        if len(out) == n:
            break
        out.append(o)
    return out


# ``legal``'s answers, kept by the state's whole content (``content``)
_KEPT = KeptAnswers(64)
_kept = _KEPT.of


def content(ctx: Ctx) -> bytes:
    """Everything ``legal`` reads (the state and the options; the rules' data never changes) as bytes: equal
    bytes are an equal state. Plain dicts and lists pickle several times faster than the dataclasses."""
    st = ctx.st
    d = dict(st.__dict__)
    d["blocks"] = [b.__dict__ for b in st.blocks.values()]
    d["commanders"] = [c.__dict__ for c in st.commanders.values()]
    d["attack"] = None if st.attack is None else st.attack.__dict__
    d["dice"] = (st.dice.state, st.dice.forced, st.dice.rolled)
    return pickle.dumps((d, ctx.opts.__dict__), pickle.HIGHEST_PROTOCOL)


def _choices(ctx: Ctx, role: str) -> Iterator[Order]:
    """The role's legal orders, in ``legal``'s order: each candidate once, if the rules take it."""
    seen: set[str] = set()
    for o in _candidates(ctx, role):
        text = o.text()  # made once: an order's text is written anew each time it is asked
        if text in seen:
            continue
        seen.add(text)
        if _ok(ctx, role, o):
            yield o
