"""Eagles of the Empire's hot paths made cheaper for the fuzzer give what they gave before: the snapshot's
state (``State.to_dict``, every few orders by the fuzzer's twin) is ``dataclasses.asdict``'s, key for key and
in the same order, over the states of whole games of the fuzzer's options; the cost of a step (G18, 13.3),
with what the map alone says of it worked out once, is the one worked out from the map each time, for every
border, arm and facing in those states; and a search's room asked once per area is the search's answer."""

from __future__ import annotations

import json
import random
from dataclasses import asdict
from typing import Any

import pytest

from engine import modules
from engine.eagles import board as B
from engine.eagles import movement
from engine.eagles.context import Ctx
from engine.eagles.game import Game
from engine.eagles.orders import Move
from engine.eagles.state import State
from tools.fuzz import pick, plan

MODULE = modules.get("eagles")


def old_to_dict(st: State) -> dict[str, Any]:
    """``State.to_dict`` as it was: ``dataclasses.asdict``, the dice their own, the tables' order."""
    d = asdict(st)
    d["dice"] = st.dice.to_dict()
    d["order"] = {name: keys for name, table in st._tables() if (keys := list(table)) != sorted(keys)}
    return d


def states(seed: int, every: int) -> list[Game]:
    """Every ``every``-th state of the fuzzer's random game ``seed`` (its options and its picks), and the
    last."""
    options, _ = plan(MODULE, seed)
    rng = random.Random(seed)
    g = MODULE.new_game(options, seed)
    budget: dict[str, int] = {}
    out = []
    n = 0
    while not g.over and n < 3000:
        if n % every == 0:
            out.append(MODULE.copy(g))
        role = rng.choice(g.active())
        order = pick(MODULE, rng, g, role, budget)
        assert order is not None
        g.apply(role, order)
        n += 1
    return [*out, g]


@pytest.mark.parametrize("seed", [1, 4])
def test_the_snapshots_state_is_asdicts_key_for_key_in_order(seed: int) -> None:
    seen_activation = False
    for g in states(seed, 7):
        st = g.state
        seen_activation |= st.activation is not None
        new, old = st.to_dict(), old_to_dict(st)
        assert new == old
        assert json.dumps(new) == json.dumps(old)  # the same keys in the same order, all the way down
        assert State.from_dict(new) == st
    assert seen_activation


def old_cost_arm(
    ctx: Ctx, arm_: str, long: bool, side: str, a: str, n: str, moving: frozenset[str], occ: movement.Occ
) -> int | None:
    """``movement._cost_arm`` as it was: the map read at each step (``along`` True)."""
    b = ctx.board
    road, trail, stream = B.is_road(b, a, n), B.is_trail(b, a, n), B.is_stream(b, a, n)
    benefit = (road or trail) and not movement.next_to_enemy(ctx, n, side, occ)
    benefit = benefit and not (long and movement.long_in(ctx, n, side, moving, occ) > 0)
    extra = 0
    if stream:
        if road:
            extra = B.border_mp(b, "bridge", arm_) or 0
        elif trail:
            extra = B.border_mp(b, "ford", arm_) or 0
        else:
            e = B.border_mp(b, "stream", arm_)
            if e is None:
                return None
            extra = e
    if benefit:
        return (1 if road else B.HALF) + extra * B.HALF
    t = B.terrain_mp(b, n, arm_)
    if t is None:
        return None
    return (t + extra) * B.HALF


def test_a_steps_cost_is_the_one_read_from_the_map_each_time() -> None:
    games = states(1, 40)
    b = games[0].ctx.board
    pairs = [(a, n) for a in B.area_ids(b) for n in B.neighbours(b, a)]
    kinds = set()
    for g in games:
        ctx, occ = g.ctx, movement.occupancy(g.ctx)
        for side in ("french", "allies"):
            moving = frozenset(u.id for u in ctx.st.units.values() if u.side == side and u.long)
            for a, n in pairs:
                for arm_ in ("infantry", "cavalry", "artillery"):
                    for long in (False, True):
                        old = old_cost_arm(ctx, arm_, long, side, a, n, moving, occ)
                        new = movement._cost_arm(ctx, arm_, long, side, a, n, moving, occ)
                        assert new == old, (arm_, long, side, a, n)
                        # 13.3: a long counter not along the road pays the terrain
                        if long:
                            kinds.add(old)
                            off = movement._cost_arm(ctx, arm_, long, side, a, n, moving, occ, along=False)
                            no_road = old_cost_arm(ctx, arm_, False, side, a, n, moving, occ)
                            if not (B.is_road(b, a, n) or B.is_trail(b, a, n)):
                                assert off == no_road
    assert None in kinds and len(kinds) >= 4, kinds  # prohibited steps, roads, trails, terrain all met


@pytest.mark.parametrize("seed", [1, 4])
def test_a_search_asks_the_room_of_an_area_once(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """13.6: a group's room in an area does not change during its search (nothing moves in it), so it is
    asked once an area; the answers are ``room_for``'s."""
    asked: list[tuple[str, bool]] = []
    room_for = movement.room_for

    def counted(ctx: Ctx, area: str, units: list[Any], moving: frozenset[str] = frozenset()) -> bool:
        fits = room_for(ctx, area, units, moving)
        asked.append((area, fits))
        return fits

    monkeypatch.setattr(movement, "room_for", counted)
    found = refused = 0
    for g in states(seed, 11):
        ctx = g.ctx
        for u in ctx.st.units.values():
            if not u.on_map:
                continue
            asked.clear()
            routes = movement.reach(ctx, [u.id])
            areas = [a for a, _ in asked]
            assert len(areas) == len(set(areas))  # each area asked once a search
            for a, fits in asked:
                assert room_for(ctx, a, [u], movement_moving(ctx, [u.id])) == fits
                assert fits or a not in routes  # 13.6: no route ends where there is no room
                refused += not fits
            found += len(routes)
    assert found > 100 and refused > 0, (found, refused)


def movement_moving(ctx: Ctx, pieces: list[str]) -> frozenset[str]:
    """The pieces a search moves: the group and what rides on it (``reach``'s ``moving``)."""
    return frozenset(pieces) | frozenset(x.id for x in ctx.st.units.values() if x.attached_to in pieces)


def test_a_states_candidates_are_kept_and_are_the_ones_made_anew() -> None:
    """A state's candidates are asked again (its prompt's ``legal``, then the random player's pick): the kept
    list is the one made anew, a new list each time (the random player shuffles it), and a field written in
    place is a new state with its own."""
    from engine.eagles import legal as legal_rules

    moves = 0
    for g in states(4, 5):
        for role in ("french", "allies"):
            first = legal_rules.candidates(g.ctx, role)
            again = legal_rules.candidates(g.ctx, role)
            assert first == again and first is not again
            assert [o.text() for o in first] == [o.text() for o in legal_rules._candidates(g.ctx, role)]
            random.Random(0).shuffle(first)  # the random player's shuffle leaves the kept list as it was
            assert [o.text() for o in legal_rules.candidates(g.ctx, role)] == [o.text() for o in again]
            moves += sum(o.kind == "move" for o in again)
    assert moves > 50
    found = [
        (g, role, o)
        for g in states(4, 5)
        for role in ("french", "allies")
        for o in legal_rules.candidates(g.ctx, role)
        if isinstance(o, Move) and len(o.units) == 1 and o.units[0] in g.state.units
    ]
    g, role, mover = found[0]
    g.state.units[mover.units[0]].area = "off"  # in place, from outside: a new state, its own candidates
    after = [o.text() for o in legal_rules.candidates(g.ctx, role)]
    assert after == [o.text() for o in legal_rules._candidates(g.ctx, role)]
    assert mover.text() not in after


def test_command_ranges_kept_per_state_are_the_ones_traced_anew() -> None:
    """9.2: every view of a state shows every leader's command range; traced once a state, they are the
    ranges traced anew (``in_range``), each view given its own, and a leader moved in place has his new."""
    from engine.eagles import command

    def traced(g: Game) -> dict[str, tuple[str, ...]]:
        st = g.ctx.st
        return {
            lid: tuple(command.in_range(g.ctx, lid)) for lid in sorted(st.leaders) if st.leaders[lid].on_map
        }

    games = states(1, 9)
    for g in games:
        views = [g.view(r, events=False) for r in ("public", "french", "allies")]
        assert all(v.command_areas == traced(g) for v in views)
        views[0].command_areas.clear()  # one view's own: the others' and the next asker's are whole
        assert views[1].command_areas == traced(g) == command.ranges(g.ctx)
    g = games[len(games) // 2]
    ld = next(ld for ld in g.state.leaders.values() if ld.on_map)
    before = command.ranges(g.ctx)[ld.id]
    ld.area = next(a for a in B.area_ids(g.ctx.board) if a not in before)  # in place: a new state
    assert command.ranges(g.ctx) == traced(g) and command.ranges(g.ctx)[ld.id] != before


def test_a_groups_reach_kept_per_state_is_the_one_searched_anew() -> None:
    """13.1: a group's reach is searched by the state's candidates, then again by the random player's check
    of a move and by the move itself: kept by the state's content, it is the search made anew, a new dict
    each time, and a state changed in place is searched again."""
    searched = 0
    for g in states(1, 13):
        ctx = g.ctx
        for u in ctx.st.units.values():
            if not u.on_map:
                continue
            kept = movement.kept_reach(ctx, [u.id])
            assert kept == movement.reach(ctx, [u.id])
            kept.clear()  # the caller's own: the next asker's is whole
            assert movement.kept_reach(ctx, [u.id]) == movement.reach(ctx, [u.id])
            searched += len(movement.reach(ctx, [u.id]))
    assert searched > 100
    g = states(1, 13)[3]
    u = next(u for u in g.state.units.values() if u.on_map)
    before = movement.kept_reach(g.ctx, [u.id])
    u.mp_used += 2  # in place: a new state, searched again
    assert movement.kept_reach(g.ctx, [u.id]) == movement.reach(g.ctx, [u.id])
    u.area = next(a for a in B.area_ids(g.ctx.board) if a != u.area and a not in before)
    assert movement.kept_reach(g.ctx, [u.id]) == movement.reach(g.ctx, [u.id]) != before


def test_a_game_loaded_again_gives_its_states_content() -> None:
    """What is kept by a state's content is shared by the game loaded again (the fuzzer's twin, the
    service's reload): an equal state gives equal bytes, though the loaded game's strings are others."""
    from engine.eagles.context import content

    games = states(1, 13)
    for g in games:
        assert content(MODULE.loads(g.dumps()).ctx) == content(g.ctx)
    assert len({content(g.ctx) for g in games}) == len(games)


def test_the_rows_every_view_of_a_state_shares_are_the_ones_made_anew() -> None:
    """Every role's view of a state holds the same rows (units, leaders, formations): made once a state,
    they are the rows made anew, and a state changed in place has its own."""
    from engine.eagles import views

    games = states(1, 11)
    for g in games:
        seen = [g.view(r, events=False) for r in ("public", "french", "allies")]
        assert all(v.units is seen[0].units and v.leaders is seen[0].leaders for v in seen)
        assert (seen[0].units, seen[0].leaders, seen[0].formations) == views._rows(g.ctx)
    g = games[len(games) // 2]
    u = next(u for u in g.state.units.values() if u.on_map)
    u.sp += 1  # in place: a new state
    assert (g.view("public").units, g.view("french").leaders) == views._rows(g.ctx)[:2]
    assert next(x for x in g.view("allies").units if x["id"] == u.id)["sp"] == u.sp


def test_the_steps_costs_kept_for_a_state_are_the_ones_worked_out_anew() -> None:
    """G18, 13.3, 13.1, G33: a step's cost kept for the state's searches (by the piece's kind, side, long
    counters moving and facing) is the cost worked out anew, for every piece on the map and every step out
    of its area; next to the enemy likewise."""
    asked = 0
    for g in states(4, 9):
        ctx = g.ctx
        occ = movement.occupancy(ctx)
        pieces = [u.id for u in ctx.st.units.values() if u.on_map]
        pieces += [ld.id for ld in ctx.st.leaders.values() if ld.on_map]
        for p in pieces:
            side = ctx.st.units[p].side if p in ctx.st.units else ctx.st.leaders[p].side
            here = ctx.st.units[p].area if p in ctx.st.units else ctx.st.leaders[p].area
            moving = frozenset([p])
            for n in B.neighbours(ctx.board, here):
                for along in (True, False):
                    fresh = movement.occupancy(ctx)
                    want = movement._step_cost(ctx, p, side, here, n, moving, fresh, along)
                    assert movement.step_cost(ctx, p, side, here, n, moving, occ, along) == want
                    assert movement.next_to_enemy(ctx, n, side, occ) == movement.next_to_enemy(ctx, n, side)
                    asked += 1
    assert asked > 1000


def test_a_line_of_the_log_kept_is_the_one_told_anew() -> None:
    """The log's lines are kept by the event's content (the log is told again whenever it is asked): each
    is the line told anew, and an event that differs is told its own."""
    from engine.eagles import present

    g = states(1, 1000)[-1]
    for e in g.events[:400]:
        for role in ("public", "french", "allies"):
            seen = e.visible(role)
            for lang in ("en", "ja"):
                assert present.narrate(seen, lang) == present._narrate(seen, lang)
                assert present.narrate(dict(seen), lang) == present._narrate(seen, lang)
    move = next(e.visible("public") for e in g.events if e.kind == "move")
    other = {**move, "to": move["from"], "from": move["to"]}
    assert present.narrate(other, "en") == present._narrate(other, "en") != present.narrate(move, "en")
