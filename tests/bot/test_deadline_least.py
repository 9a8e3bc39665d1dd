"""A passed deadline whose action is ``pass`` ends what each late player was doing and nothing more, in every
game, through the service: the game is imported at a state where the deadline may pass (a script of a random
game stopped there), two players take the seats, the deadline passes, and the late player's orders are the
module's ``passing``: no piece of theirs moved, no attack made, no die rolled that the rules let them leave
(docs/rulings.md, "a passed deadline" of each game)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from functools import cache
from typing import Any, NamedTuple

import pytest
from support.served import Clock, service

from bot.outbox import Post
from bot.service import Caller
from engine import modules
from engine.triumph.standing import choose as standing_choice
from tools.samples import walk

CH = 100
HOST, ALICE, BOB = 1, 2, 3


def who(user: int) -> Caller:
    return Caller(user_id=user, channel_id=CH, guild_id=9)


def mover(game: Any) -> str:
    (role,) = game.active()
    return str(role)


def kinds(game: Any, role: str) -> set[str]:
    return {str(c).split()[0] for c in game.legal(role).choices}


def game_at(gid: str, kind: str, seed: int, orders: int) -> Any:
    """Game ``seed`` of ``gid``'s random player, stopped at the first state ``kind`` picks."""
    module = modules.get(gid)
    pick = PICKS[gid][kind]
    game = module.new_game(module.make_options(module.defaults()), seed)
    for g in walk(game, random.Random(seed), every=1, max_orders=orders, module=module):
        if not g.over and pick(g):
            return g
    raise AssertionError(f"{gid} seed {seed}: no {kind} state in {orders} orders")


@cache
def script_at(gid: str, kind: str, seed: int, orders: int) -> str:
    """The script of ``game_at``."""
    return str(game_at(gid, kind, seed, orders).script())


class Passed(NamedTuple):
    before: Any  # the game when the deadline passed
    after: Any
    late: list[str]
    given: list[str]  # the orders the deadline gave, as stored ("role: /order")
    sent: list[Any]


async def passed(store: Any, gid: str, script: str, then: tuple[str, ...] = ()) -> Passed:
    """The game imported from ``script`` with two players seated, the orders ``then`` ("role: /order") given
    by their players, and its deadline passed."""
    clock = Clock()
    svc = service(store, clock)
    await svc.new_game(who(HOST), "", game=gid, deadline_hours=10, deadline_action="pass")
    await svc.import_script(who(HOST), script)
    await svc.join(who(ALICE))
    await svc.join(who(BOB))
    await svc.start(who(HOST))
    for line in then:
        role, order = line.split(": ", 1)
        seats = (await svc.current(CH)).row.seats
        await svc.order(who(seats[role][0]), order)
    live = await svc.current(CH)
    before, stored = live.game, len(await store.orders(live.id))
    clock.t += 11 * 3600
    sent = await svc.tick()
    after = (await svc.current(CH)).game
    rows = (await store.orders(live.id))[stored:]
    await svc.idle()
    assert all(r.user_id is None for r in rows)
    return Passed(before, after, list(before.active()), [f"{r.role}: {r.text}" for r in rows], sent)


# --- Eagles of the Empire ---------------------------------------------------------------------------------
def eagles_pieces(game: Any, side: str) -> dict[str, tuple[Any, ...]]:
    st = game.state
    out: dict[str, tuple[Any, ...]] = {
        u.id: (u.area, u.facing, u.attached_to, u.square, u.reverse_slope, u.parent)
        for u in st.units.values()
        if u.side == side
    }
    out.update({x.id: (x.area,) for x in st.leaders.values() if x.side == side})
    return out


def eagles_action(g: Any) -> bool:
    from engine.eagles.machine import SEGMENTS, Phase

    if Phase(g.state.phase) not in SEGMENTS:
        return False
    return len(kinds(g, mover(g)) - {"/done"}) >= 2  # pieces it could move, attack or attach


# --- Napoleon, Liberty, Napoleon's Triumph ----------------------------------------------------------------
def napoleon_pieces(game: Any, role: str) -> dict[str, Any]:
    module = modules.get("napoleon")
    return {u.id: (u.location, u.eliminated) for u in game.state.units.values() if module.owns(role, u.id)}


def liberty_pieces(game: Any, side: str) -> dict[str, Any]:
    return {b.id: (b.at, b.strength) for b in game.state.blocks.values() if b.side == side}


def triumph_pieces(game: Any, side: str) -> dict[str, Any]:
    st = game.state
    out = {b.id: (b.at, b.on) for b in st.blocks.values() if b.side == side}
    out.update({c.id: (c.at, c.on) for c in st.commanders.values() if c.side == side})
    return out


def napoleon_moving(g: Any) -> bool:
    if g.state.phase != "movement" or len(g.active()) != 1:
        return False
    return {"/move", "/end"} <= kinds(g, mover(g))


def napoleon_short(g: Any) -> bool:
    """6.1: an attack of 1-2 units stands, and ``/end`` waits until it is 3 or taken back."""
    if g.state.phase != "movement" or len(g.active()) != 1:
        return False
    return "/end" not in kinds(g, mover(g)) and "/undo" in kinds(g, mover(g))


def triumph_step(step: str) -> Callable[[Any], bool]:
    from engine.triumph.table import step_of

    return lambda g: str(step_of(g.state)) == step and len(g.active()) == 1


def triumph_units(g: Any, role: str, forces: tuple[str, ...]) -> int:
    from engine.triumph import moves

    return sum(len(moves.group_of(g.ctx, role, f)[1]) for f in forces)


def triumph_plain(g: Any, role: str, kind: type) -> list[Any]:
    """The legal orders of ``kind`` that name one force and move nothing on (no ``step:``, no ``road:``)."""
    return [
        c
        for c in g.legal(role).choices
        if isinstance(c, kind)
        and len(c.forces) == 1
        and not getattr(c, "step", False)
        and not getattr(c, "road", ())
    ]


def triumph_sizes(step: str, kind: str) -> Callable[[Any], bool]:
    """A ``step`` where the one-force orders of ``kind`` commit forces of more than one size."""

    def pick(g: Any) -> bool:
        from engine.triumph import orders as O

        if not triumph_step(step)(g):
            return False
        role = mover(g)
        return len({triumph_units(g, role, c.forces) for c in triumph_plain(g, role, getattr(O, kind))}) > 1

    return pick


PICKS: dict[str, dict[str, Callable[[Any], bool]]] = {
    "eagles": {
        "action": eagles_action,
        "roll": lambda g: g.state.phase == "roll" and g.state.turn > 1,
        "activate": lambda g: g.state.phase == "activate",
        "first": lambda g: g.state.phase == "first",
    },
    "napoleon": {"moving": napoleon_moving, "short": napoleon_short},
    "liberty": {
        "actions": lambda g: g.state.phase == "actions" and "/move" in kinds(g, mover(g)),
        "cards": lambda g: g.state.phase == "cards" and len(g.active()) == 2,
    },
    "triumph": {
        "orders": lambda g: triumph_step("orders")(g) and "/move" in kinds(g, mover(g)),
        "defend": lambda g: triumph_step("defend")(g) and "/give-ground" in kinds(g, mover(g)),
        "feint": triumph_step("feint"),
        "feint-sizes": triumph_sizes("feint", "Feint"),
        "lead-sizes": triumph_sizes("lead", "Lead"),
        "advance-sizes": triumph_sizes("advance", "Advance"),
    },
}


PIECES: dict[str, Callable[[Any, str], dict[str, Any]]] = {
    "eagles": eagles_pieces,
    "napoleon": napoleon_pieces,
    "liberty": liberty_pieces,
    "triumph": triumph_pieces,
}


async def late_one(store: Any, gid: str, kind: str, seed: int, most: int) -> tuple[str, Passed]:
    """The deadline passed at the first ``kind`` state of ``gid``'s random game ``seed`` (within ``most``
    orders), one player late: that role and what happened."""
    p = await passed(store, gid, script_at(gid, kind, seed, most))
    (role,) = p.late
    return role, p


def unmoved(gid: str, p: Passed, role: str) -> bool:
    """No piece of ``role``'s moved, eliminated or changed from before the deadline passed to after."""
    return PIECES[gid](p.after, role) == PIECES[gid](p.before, role)


class Ended(NamedTuple):
    gid: str
    kind: str
    seed: int
    most: int
    order: str  # the one order given: the step ended, nothing else asked of the rules
    rule: str


ENDED = [
    Ended(
        "eagles",
        "action",
        2,
        600,
        "/done",
        "8.15: no unit has to move or attack. The fuzzer's seed 2: the late side's army was moved, "
        "activated, assaulting and attached back and forth for it, up to 300 orders",
    ),
    Ended(
        "eagles",
        "roll",
        3,
        900,
        "/roll",
        "8.15: activation cannot be refused, so the roll is made; a step of its own (the activation, if any, "
        "is the next step's, with its own deadline), and never a grand charge in its place (10.8)",
    ),
    Ended("napoleon", "moving", 1, 400, "/end", "5.0: the movement phase ends with /end; no group moved"),
    Ended(
        "liberty", "actions", 1, 400, "/end", "3.1: a player's actions end with /end; no block moved or built"
    ),
    Ended("triumph", "orders", 1, 200, "/end", "7: the turn's orders end with /end; no force moved"),
]


@pytest.mark.parametrize("case", ENDED, ids=[f"{c.gid}-{c.kind}" for c in ENDED])
async def test_a_late_step_is_ended_by_its_one_order_and_nothing_moved(new_store, case: Ended):
    """Each case's rule: the late player's step is ended by the one order that ends it, nothing of theirs
    moved, and the channel told the deadline passed."""
    role, p = await late_one(await new_store(), case.gid, case.kind, case.seed, case.most)
    assert p.given == [f"{role}: {case.order}"], case.rule
    assert unmoved(case.gid, p, role), case.rule
    assert any(isinstance(m, Post) and "deadline passed" in m.text for m in p.sent)


async def test_eagles_activation_is_one_formation_then_done(new_store):
    """8.1 "may activate", 8.15: the fewest formations the rules allow (one), then the action phase ended."""
    role, p = await late_one(await new_store(), "eagles", "activate", 1, 900)
    orders = p.given
    assert len(orders) == 2 and orders[1] == f"{role}: /done", orders
    assert orders[0].startswith(f"{role}: /activate formations:") and "," not in orders[0]
    assert unmoved("eagles", p, role)


async def test_eagles_first_player_is_the_other_side(new_store):
    """7.0: the higher total chooses who tries first; a late chooser lets the other side go first (ours)."""
    role, p = await late_one(await new_store(), "eagles", "first", 1, 900)
    other = next(s for s in ("french", "allies") if s != role)
    assert p.given == [f"{role}: /first side:{other}"]


async def test_napoleon_attack_short_of_three_is_taken_back_then_ended(new_store):
    """6.1: an attack of fewer than 3 units may not stand; it is taken back (``/undo``), never completed with
    units the player did not send (ours: docs/rulings.md)."""
    for seed in range(1, 40):
        try:
            script = script_at("napoleon", "short", seed, 300)
            break
        except AssertionError:
            continue
    lines = script.splitlines()  # the move that made the attack is the player's own, so that it may undo it
    before, after, late, orders, _ = await passed(
        await new_store(), "napoleon", "\n".join(lines[:-1]), (lines[-1],)
    )
    (role,) = late
    assert orders[-1] == f"{role}: /end" and orders[:-1] and set(orders[:-1]) == {f"{role}: /undo"}, orders
    moved = {u for u, at in napoleon_pieces(before, role).items() if napoleon_pieces(after, role)[u] != at}
    assert moved  # the short attack's units went back where they were before it


async def test_liberty_card_is_played_for_each_late_player_and_nothing_more(new_store):
    """G4: a card is played each turn (the one choice the rules force); nothing of the turn after it."""
    p = await passed(await new_store(), "liberty", script_at("liberty", "cards", 1, 400))
    assert sorted(p.late) == ["american", "british"]
    assert sorted(o.split(":")[0] for o in p.given) == sorted(p.late), p.given
    assert all(": /play " in o for o in p.given)
    for side in p.late:
        assert unmoved("liberty", p, side)


async def test_triumph_threat_is_answered_by_the_documented_default_defence(new_store):
    """G34, the documented default: a silent defender defends with every unit that may (11.2; blockers
    exactly), with the strongest legal leaders (11.4), as the standing answer ``defend`` would; nothing moves
    and the step is the defender's one order."""
    role, p = await late_one(await new_store(), "triumph", "defend", 1, 600)
    expected = standing_choice(p.before, role, {"defend": True})
    assert expected is not None and expected.startswith("/defend units:") and "leaders:" in expected
    assert p.given == [f"{role}: {expected}"], p.given
    assert unmoved("triumph", p, role)


async def test_triumph_attacker_feints_rather_than_presses(new_store):
    """11.3: the attacker may feint; a late attacker feints, its pieces staying where they are."""
    role, p = await late_one(await new_store(), "triumph", "feint", 1, 600)
    orders = p.given
    assert len(orders) == 1 and orders[0].startswith(f"{role}: /feint with:") and "step:" not in orders[0]
    assert unmoved("triumph", p, role)


class Attacker(NamedTuple):
    p: Passed
    role: str
    chosen: Any  # the one order the deadline gave, as the legal order it was
    plain: list[Any]  # the one-force orders of its kind it could have given that move nothing on
    units: Callable[[Any], int]  # the units an order commits


async def late_attacker(store: Any, kind: str, seed: int, order: str) -> Attacker:
    """The deadline passed at the first ``kind`` state of Triumph's game ``seed``, its attacker late."""
    from engine.triumph import orders as O

    role, p = await late_one(store, "triumph", kind, seed, 600)
    (given,) = p.given
    chosen = next(c for c in p.before.legal(role).choices if given == f"{role}: {c}")
    plain = triumph_plain(p.before, role, getattr(O, order))
    return Attacker(p, role, chosen, plain, lambda c: triumph_units(p.before, role, c.forces))


async def test_triumph_feint_names_the_force_of_fewest_units(new_store):
    """11.3 with G34: a late attacker feints (the attack ends, no combat) naming the force of fewest units
    (each unit named is shown as attacking, each force named spends its command), stepping nowhere, as the
    standing answer ``press:0`` feints: not a corps where a smaller force may feint."""
    from engine.triumph import orders as O

    a = await late_attacker(await new_store(), "feint-sizes", 1, "Feint")
    assert isinstance(a.chosen, O.Feint) and not a.chosen.step and not a.chosen.road, a.chosen
    assert a.units(a.chosen) == min(map(a.units, a.plain)) < max(map(a.units, a.plain))
    assert str(a.chosen) == standing_choice(a.p.before, a.role, {"press": 0})
    assert unmoved("triumph", a.p, a.role)


async def test_triumph_lead_is_the_fewest_units_with_no_leader(new_store):
    """11.5: every unit that moves is an attacking unit, and no leader is allowed: a late attacker whose
    attack was pressed attacks with the force of fewest units, no leader, no target, no unit kept (G26), at
    the approach's own width (wide where the rules take it)."""
    from engine.triumph import orders as O

    a = await late_attacker(await new_store(), "lead-sizes", 1, "Lead")
    assert isinstance(a.chosen, O.Lead) and (a.chosen.leaders, a.chosen.target, a.chosen.keep) == (
        (),
        None,
        (),
    )
    assert a.units(a.chosen) == min(map(a.units, a.plain)) < max(map(a.units, a.plain))
    assert a.chosen.width == ("wide" if any(c.width == "wide" for c in a.plain) else "narrow")


async def test_triumph_advance_enters_with_the_fewest_units(new_store):
    """G35: after ground given, at least one piece must enter: a late attacker moves in with the force of
    fewest units, not by road where a force of the attack locale may enter."""
    from engine.triumph import orders as O

    a = await late_attacker(await new_store(), "advance-sizes", 5, "Advance")
    assert isinstance(a.chosen, O.Advance) and not a.chosen.road, a.chosen
    assert a.units(a.chosen) == min(map(a.units, a.plain)) < max(map(a.units, a.plain))


@pytest.mark.parametrize(("kind", "seed"), [("feint-sizes", 1), ("lead-sizes", 1), ("advance-sizes", 5)])
def test_triumph_least_among_equals_is_by_the_order_not_by_where_it_is_offered(kind, seed, monkeypatch):
    """G34 (docs/rulings.md): the least order is told from its equals by its fields (the forces' names), so
    the same order is given whatever order ``legal()`` offers the choices in."""
    module = modules.get("triumph")
    g = game_at("triumph", kind, seed, 600)
    role = mover(g)
    given = module.passing(g, role)
    offered = g.legal(role)
    assert len(offered.choices) > 1
    monkeypatch.setattr(g, "legal", lambda r: dataclasses.replace(offered, choices=offered.choices[::-1]))
    assert g.legal(role).choices[0] == offered.choices[-1]
    assert module.passing(g, role) == given
