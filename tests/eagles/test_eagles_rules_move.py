"""Eagles of the Empire: movement (13.x: allowances, terrain, roads next to the enemy T28, corners G33,
stacking and long counters T29, facing 13.9), leaders (13.4, 3.13) and the assignment segment (11.x, T23), on
our Quatre Bras. Rulings (ours) are in docs/rulings.md, "Eagles of the Empire — ..."."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs
from support.eagles import clear, put

from engine.eagles import movement
from engine.eagles.game import Game
from engine.eagles.options import Options
from engine.eagles.state import GONE
from engine.errors import RuleError

SEED = 11


def acting_with(formations: list[str], side: str = "french", seed: int = SEED, board: bool = False) -> Game:
    """A game in the movement segment of ``side`` with ``formations`` activated, every piece in command."""
    g = Game.new(Options(), seed)
    st = g.state
    g.apply(str(st.chooser), f"/first side:{side}")
    st.dice.force([1])
    g.apply(side, "/roll")
    st.may_activate = len(formations)
    for f in formations:  # set up on the map, so that it may activate (G35)
        if not any(u.on_map for u in st.units.values() if u.formation == f):
            next(u for u in st.units.values() if u.formation == f).area = "N8"
    g.apply(side, f"/activate formations:{','.join(formations)}")
    st.phase = "move"
    if not board:
        clear(g)
    for u in st.units.values():
        u.in_command = True
    for x in st.leaders.values():
        x.in_command = True
    return g


# -- 13.2 movement allowances --------------------------------------------------------------------------------
def test_13_2_movement_allowances_by_type_in_halves_of_an_mp():
    g = acting_with(["pire", "bachelu"], board=True)
    assert movement.ma(g.ctx, "F01") == 4  # infantry 2
    assert movement.ma(g.ctx, "F04") == 6  # cavalry 3
    assert movement.ma(g.ctx, "F14") == 6  # horse artillery 3
    assert movement.ma(g.ctx, "F10") == 4  # artillery 2
    assert movement.ma(g.ctx, "F-L6") == 8  # leader 4


# -- 13.3 roads and trails -----------------------------------------------------------------------------------
def test_13_3_t28_the_road_rate_is_lost_entering_an_area_next_to_the_enemy():
    g = acting_with(["foy"])
    put(g, "F02", "F1", "S7")
    put(g, "F-L4", "F1")
    reach = movement.reach(g.ctx, ["F02"])
    assert reach["S1"].cost == 3 and reach["V1"].cost == 4  # F1 > S7 > S5 > S1 > V1 at 1/2 MP each
    put(g, "A01", "S2")  # an enemy next to S5 and S1
    reach = movement.reach(g.ctx, ["F02"])
    assert reach["S7"].cost == 1  # S7 is not next to S2: the road rate
    assert reach["S5"].cost == 1 + 2  # next to the enemy: the clear terrain's 1 MP
    assert "S1" not in reach  # 1/2 + 1 + 1 is more than MA 2
    with pytest.raises(RuleError) as e:
        g.apply("french", "/move units:F02 to:S1")
    assert e.value.key == "eagles.move.cannot"


def test_13_3_a_long_counter_not_facing_along_the_road_pays_the_terrain():
    g = acting_with(["foy"])
    other = next(n for n in g.ctx.board.facings("F1") if n != "S7")
    put(g, "F02", "F1", other)
    put(g, "F-L4", "F1")
    reach = movement.reach(g.ctx, ["F02"])
    assert reach["S7"].cost == 2  # clear terrain, 1 MP: it does not face along the chaussée
    assert "S1" not in reach
    put(g, "F-L4", "F1")
    put(g, "F04", "F1")  # a short counter (cavalry) uses the road whatever the long one faces
    assert movement.reach(g.ctx, ["F04"])["S7"].cost == 1


def test_13_3_13_9_turning_along_the_road_at_the_start_gives_the_road_rate_and_no_end_turn():
    g = acting_with(["foy"])
    other = next(n for n in g.ctx.board.facings("F1") if n != "S7")
    put(g, "F02", "F1", other)
    put(g, "F-L4", "F1")
    g.apply("french", "/face unit:F02 to:S7")  # 13.9: the turn at the start of the move
    assert movement.reach(g.ctx, ["F02"])["S1"].cost == 3  # in column on the road: 1/2 MP an area
    with pytest.raises(RuleError) as e:
        g.apply("french", f"/move units:F02 to:S1 facing:{sorted(g.ctx.board.facings('S1'))[0]}")
    assert e.value.key == "eagles.face.both"
    g.apply("french", "/move units:F02 to:S1")
    assert g.state.units["F02"].area == "S1"


def test_13_3_the_step_cost_of_a_long_counter_along_the_road_or_not():
    g = acting_with(["foy"])
    put(g, "F02", "S5", "S1")
    put(g, "F-L4", "S5")
    first = movement.step_cost(g.ctx, "F02", "french", "S5", "S1", frozenset(), along=True)
    blocked = movement.step_cost(g.ctx, "F02", "french", "S5", "S1", frozenset(), along=False)
    assert first == 1 and blocked == 2  # 13.3: the road rate only along the road


def test_13_3_a_trail_costs_1_mp_and_cancels_the_terrain_woods_by_trail_for_artillery():
    g = acting_with(["foy"])
    put(g, "F11", "S7", "S6")
    reach = movement.reach(g.ctx, ["F11"])
    assert reach["S6"].cost == 2  # S7-S6 is the Pierrepont lane: 1 MP
    assert "W4" not in reach  # woods: no artillery but along a road or trail (G18)


def test_13_1_never_into_an_area_of_enemy_combat_units():
    g = acting_with(["foy"])
    put(g, "F02", "S1", "V1")
    put(g, "A01", "V1")
    assert "V1" not in movement.reach(g.ctx, ["F02"])


def test_g18_the_hedged_stream_is_closed_to_cavalry_but_by_the_bridge():
    g = acting_with(["pire"])
    put(g, "F04", "V2")
    assert movement.step_cost(g.ctx, "F04", "french", "V2", "C2", frozenset()) is None  # the stream
    assert movement.step_cost(g.ctx, "F04", "french", "V1", "C2", frozenset()) == 1  # the chaussée's bridge
    put(g, "F02", "V2")
    assert movement.step_cost(g.ctx, "F02", "french", "V2", "C2", frozenset()) == 4  # infantry: +1 MP


# -- G33 corners ---------------------------------------------------------------------------------------------
def test_g33_a_corner_move_is_forbidden_only_when_both_flanking_areas_hold_the_enemy():
    g = acting_with(["pire"])
    put(g, "F04", "N3")
    assert g.ctx.board.border("N3", "W5").diagonal
    assert "W5" in movement.reach(g.ctx, ["F04"])
    put(g, "A05", "N2")
    assert movement.step_cost(g.ctx, "F04", "french", "N3", "W5", frozenset()) is not None
    put(g, "A12", "W1")
    assert movement.step_cost(g.ctx, "F04", "french", "N3", "W5", frozenset()) is None


# -- 13.6, 13.7 stacking and long counters -------------------------------------------------------------------
def test_13_7_t29_a_long_counter_may_not_join_another_in_a_normal_area():
    g = acting_with(["foy", "bachelu"])
    st = g.state
    st.may_activate = 2
    put(g, "F01", "S3", "V4")
    put(g, "F02", "S1", "V1")
    assert "S3" not in movement.reach(g.ctx, ["F02"])
    with pytest.raises(RuleError):
        g.apply("french", "/move units:F02 to:S3")


def test_13_7_t29_in_a_circled_2_area_it_may_enter_and_must_stop():
    g = acting_with(["foy", "bachelu"])
    put(g, "F01", "S5", "S1")
    put(g, "F02", "S7", "S5")
    reach = movement.reach(g.ctx, ["F02"])
    assert "S5" in reach and reach["S5"].stop
    assert "S1" not in reach  # it stopped in S5 (13.7)
    g.apply("french", "/move units:F02 to:S5")
    assert g.state.units["F02"].stopped
    with pytest.raises(RuleError) as e:
        g.apply("french", "/move units:F02 to:S1")
    assert e.value.key == "eagles.move.stopped"


def test_13_6_t29_fourteen_sp_in_a_normal_area_is_legal_but_dense():
    g = acting_with(["foy"])
    for uid in ("F03", "F04", "F05", "F06", "F07"):  # 5 + 2 + 2 + 2 + 2 = 13
        put(g, uid, "S3")
    assert not movement.dense(g.ctx, "S3") or sum(u.sp for u in g.state.units_in("S3")) >= 11
    put(g, "F10", "S3")  # 15 SP
    assert movement.dense(g.ctx, "S3")
    assert movement.room_for(g.ctx, "S3", [])
    assert not movement.room_for(g.ctx, "S3", [g.state.units["F14"]])  # 16 > 15


def test_g34_no_long_counter_in_the_pond():
    g = acting_with(["foy"])
    put(g, "F02", "V4", "V5")
    assert "V5" not in movement.reach(g.ctx, ["F02"])


# -- 13.9 facing ---------------------------------------------------------------------------------------------
def test_13_9_facing_changes_at_the_start_or_at_the_end_of_a_move_not_both():
    g = acting_with(["foy"])
    put(g, "F02", "S5", "S1")
    put(g, "A01", "C7")
    g.apply("french", "/face unit:F02 to:S2")
    assert g.state.units["F02"].faced == "start"
    with pytest.raises(RuleError) as e:
        g.apply("french", "/move units:F02 to:S1 facing:V2")
    assert e.value.key == "eagles.face.both"
    g.apply("french", "/move units:F02 to:S1")
    with pytest.raises(RuleError) as e:
        g.apply("french", "/face unit:F02 to:V2")
    assert e.value.key == "eagles.face.both"


def test_13_9_a_move_ending_with_a_facing_ends_the_units_move():
    g = acting_with(["foy"])
    put(g, "F02", "S7", "S5")
    g.apply("french", "/move units:F02 to:S5 facing:S1")
    u = g.state.units["F02"]
    assert u.facing == "S1" and u.faced == "end"
    with pytest.raises(RuleError) as e:
        g.apply("french", "/move units:F02 to:S1")
    assert e.value.key == "eagles.move.stopped"


def test_13_9_cavalry_has_no_facing():
    g = acting_with(["pire"])
    put(g, "F04", "S5")
    with pytest.raises(RuleError) as e:
        g.apply("french", "/face unit:F04 to:S1")
    assert e.value.key == "eagles.face.all_round"


# -- 13.4 leaders, 3.13 the lone leader ----------------------------------------------------------------------
def test_13_4_a_leader_moves_with_his_activated_formation_at_the_cheaper_cost():
    g = acting_with(["foy"])
    put(g, "F-L4", "S5")
    put(g, "F-L3", "S3")
    assert movement.mp_left(g.ctx, "F-L4") == 8
    assert movement.may_move(g.ctx, "F-L3") == "eagles.move.leader_not_active"
    assert movement.step_cost(g.ctx, "F-L4", "french", "S3", "S4", frozenset()) == 4  # woods: 2 MP either way


def test_13_4_the_army_commander_moves_once_a_turn():
    g = acting_with(["foy"], board=True)
    assert g.state.leaders["F-L1"].area == "S5"
    g.apply("french", "/move units:F-L1 to:S7")
    g.apply("french", "/move units:F-L1 to:F1")  # the same activation: still his one move
    g.apply("french", "/done")
    st = g.state
    st.dice.force([6, 1])
    g.apply("allies", "/roll")
    g.apply("french", "/roll")
    g.apply("french", "/activate formations:bachelu")
    assert movement.may_move(g.ctx, "F-L1") == "eagles.move.leader_once"


def test_3_13_a_lone_leader_gives_way_to_an_adjacent_area_free_of_the_enemy_or_is_lost():
    g = acting_with(["pire"])
    put(g, "F04", "S5")
    put(g, "A-L3", "S1")  # Perponcher alone
    put(g, "A01", "V1")
    g.apply("french", "/move units:F04 to:S1")
    ld = g.state.leaders["A-L3"]
    assert ld.alive and ld.area == "V1"  # ours: the area holding his own combat units first
    g2 = acting_with(["pire"])
    put(g2, "F04", "S5")
    put(g2, "A-L3", "F1")
    for n in ("W7", "S6", "S8"):
        put(g2, {"W7": "F01", "S6": "F02", "S8": "F03"}[n], n)
    put(g2, "F05", "S7")
    put(g2, "F06", "S7")
    g2.apply("french", "/move units:F05 to:F1")
    assert not g2.state.leaders["A-L3"].alive and g2.state.leaders["A-L3"].area == GONE


# -- 11.x assignment -----------------------------------------------------------------------------------------
def test_11_2_t23_artillery_attaches_to_a_division_in_its_area_and_slows_it():
    g = acting_with(["bachelu"])
    put(g, "F01", "S3", "V4")
    put(g, "F10", "S3", "V4")
    g.state.phase = "charge"
    g.apply("french", "/attach unit:F10 to:F01")
    assert g.state.units["F10"].attached_to == "F01"
    assert movement.ma(g.ctx, "F01") == 2  # 11.1: MA -1
    g.apply("french", "/move units:F01 to:S1")
    assert g.state.units["F10"].area == "S1"  # it rides with its division


def test_11_1_t23_horse_artillery_only_to_its_own_formation_and_two_batteries_at_most():
    g = acting_with(["pire", "bachelu"])
    st = g.state
    put(g, "F01", "S3", "V4")
    put(g, "F14", "S3", "V4")
    st.phase = "assign"
    with pytest.raises(RuleError) as e:
        g.apply("french", "/attach unit:F14 to:F01")
    assert e.value.key == "eagles.attach.horse"
    for uid in ("F11", "F12", "F10"):
        put(g, uid, "S3", "V4")
        st.units[uid].formation = "bachelu"
    g.apply("french", "/attach unit:F10 to:F01")
    g.apply("french", "/attach unit:F11 to:F01")
    with pytest.raises(RuleError) as e:
        g.apply("french", "/attach unit:F12 to:F01")
    assert e.value.key == "eagles.attach.full"


def test_11_1_attachment_only_to_a_long_infantry_counter():
    g = acting_with(["pire"])
    put(g, "F04", "S5")
    put(g, "F14", "S5", "S1")
    g.state.phase = "assign"
    with pytest.raises(RuleError) as e:
        g.apply("french", "/attach unit:F14 to:F04")
    assert e.value.key == "eagles.attach.not_division"


def test_11_1_detached_artillery_has_ma_minus_1_in_this_movement():
    g = acting_with(["bachelu"])
    put(g, "F01", "S3", "V4")
    put(g, "F10", "S3", "V4")
    g.state.units["F10"].attached_to = "F01"
    g.state.phase = "assign"
    g.apply("french", "/detach units:F10")
    assert g.state.units["F10"].attached_to is None
    assert movement.ma(g.ctx, "F10") == 2


def test_11_1_a_reserve_is_assigned_to_a_formation_by_a_side_without_an_hq():
    g = acting_with(["ii-corps"])
    put(g, "F13", "S1", "V1")
    put(g, "F-L2", "S1")
    g.state.phase = "charge"
    assert g.state.units["F13"].reserve
    g.apply("french", "/assign unit:F13 to:foy")
    assert g.state.units["F13"].formation == "foy" and not g.state.units["F13"].reserve
    with pytest.raises(RuleError) as e:
        g.apply("french", "/assign unit:F13 to:bachelu")
    assert e.value.key == "eagles.assign.not_reserve"


# -- properties ----------------------------------------------------------------------------------------------
AREAS = sorted(a.id for a in Game.new(Options(), 1).ctx.board.areas)


@settings(max_examples=40, deadline=None)
@given(
    piece=hs.sampled_from(["F02", "F04", "F11", "F-L4"]),
    start=hs.sampled_from(AREAS),
    enemies=hs.lists(hs.sampled_from(AREAS), max_size=4, unique=True),
)
def test_13_1_every_destination_is_reached_by_neighbours_within_the_mp_never_through_the_enemy(
    piece, start, enemies
):
    g = acting_with(["foy", "pire"])
    enemies = [a for a in enemies if a != start]
    for uid, area in zip(("A01", "A05", "A12", "A11"), enemies, strict=False):
        put(g, uid, area)
    if piece in g.state.units:
        g.state.units[piece].formation = "foy"
    put(g, piece, start)
    b = g.ctx.board
    left = movement.ma(g.ctx, piece) - movement.used(g.ctx, piece)
    for to, route in movement.reach(g.ctx, [piece]).items():
        assert route.cost <= left
        steps = (start, *route.path)
        assert all(y in b.neighbours(x) for x, y in pairwise(steps))
        assert not any(a in enemies for a in route.path)
        assert to == route.path[-1]
