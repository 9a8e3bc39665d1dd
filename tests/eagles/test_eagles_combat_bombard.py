"""12 bombardment: T24 (dice, the 8-SP cap, massed artillery, G32), T25 (modifier caps), T26 (range in the
weather), 12.4 facing, 12.5 sight, 12.6 one target, 12.72 counter-battery fire, and the losses they share:
T21 (spreading, 10.3/12.2), T16 (leader casualties, 3.2), 12.21-12.22 (attached artillery, HQ). Every die is
forced through ``Dice.force``."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from engine.eagles.combat import bombard, losses
from engine.eagles.combat.common import Log
from engine.eagles.state import Activation, State, Unit

from .combat_position import BOARD, dice_for, empty, events_of, put, refused


def battery(st: State, n: int, sp: int = 3, area: str = "S1", facing: str = "V1") -> list[str]:
    ids = ["F10", "F11", "F12", "F13"][:n]
    for uid in ids:
        put(st, uid, area, facing=facing, sp=sp)
    return ids


# -- T24: dice and the cap (12.1, 12.6, 12.71, G32) ----------------------------------------------------------
def test_T24_three_batteries_roll_eight_dice_no_massed_bonus() -> None:
    st = empty()
    ids = battery(st, 3)
    put(st, "A02", "V1")
    st.dice.force([6, 5, 5, 5, 5, 5, 5, 1])
    ev = bombard.fire(BOARD, st, st.dice, "S1", ids, "V1")
    (roll,) = dice_for(ev, "bombardment")
    assert len(roll["dice"]) == 8 and roll["modifier"] == -1  # V1 is a farm: target terrain -1
    (b,) = events_of(ev, "bombardment")
    assert b["sp"] == 9 and b["dice"] == 8 and "massed" not in b["modifiers"]
    assert b["hits"] == 0  # a natural 6 with -1 is a 5


def test_T24_four_batteries_roll_every_sp_with_plus_one() -> None:
    st = empty()
    ids = battery(st, 4)
    put(st, "A02", "V2")  # clear: no terrain modifier
    st.dice.force([5] * 11 + [4])
    ev = bombard.fire(BOARD, st, st.dice, "S1", ids, "V2", options=None)
    (b,) = events_of(ev, "bombardment")
    assert b["dice"] == 12 and b["modifier"] == 1 and "massed" in b["modifiers"]
    assert b["hits"] == 11
    assert st.units["A02"].on_map is False  # 3 steps, 11 hits: eliminated, the rest wasted


# -- T25: modifier caps (12.3) -------------------------------------------------------------------------------
def test_T25_positives_capped_at_two_negatives_at_minus_one() -> None:
    st = empty()
    ids = battery(st, 1)
    # V2 (clear, normal stacking: dense from 11): a long division showing its flank to S1, 11 SP in all
    put(st, "A02", "V2", facing="W2", sp=3)
    put(st, "A01", "V2", sp=4)
    put(st, "A05", "V2", sp=4)
    st.units["A01"].square = True  # type: ignore[attr-defined]  # 17.1 as a state that keeps squares
    st.weather = "rain"
    mod, why = bombard.modifiers(BOARD, st, [st.units[i] for i in ids], "S1", "V2")
    assert {"dense", "square"} <= set(why) and "-rain" in why
    assert mod == 2 - 1


def test_12_3_flank_not_rear_of_a_division() -> None:
    st = empty()
    put(st, "F10", "S1", facing="V2")
    classes = BOARD.facing_classes("V2", "W2")
    put(st, "A02", "V2", facing="W2")
    _, why = bombard.modifiers(BOARD, st, [st.units["F10"]], "S1", "V2")
    assert ("flank" in why) == (classes["S1"] == "flank")


# -- T26: range in the weather (12.4) ------------------------------------------------------------------------
def test_T26_range_in_the_weather() -> None:
    assert bombard.reach("heavy", "clear") == 3
    assert bombard.reach("heavy", "rain") == 2
    assert bombard.reach("light", "rain") == 2
    assert (
        bombard.reach("light", "snow")
        == bombard.reach("heavy", "snow")
        == bombard.reach("horse", "snow")
        == 1
    )
    assert bombard.reach("mortar", "snow") == 4 and bombard.reach("rocket", "snow") == 2
    assert bombard.MIN_RANGE["mortar"] == 2  # G29


def test_12_4_snow_keeps_the_light_battery_to_adjacent_areas() -> None:
    st = empty()
    put(st, "F10", "S1", facing="V1")
    put(st, "A02", "C2")
    assert "C2" in bombard.targets(BOARD, st, "S1", ["F10"])
    st.weather = "snow"
    assert "C2" not in bombard.targets(BOARD, st, "S1", ["F10"])
    refused(st, bombard.fire, st.dice, "S1", ["F10"], "C2", rule="12.4", key="eagles.bombard.range")


# -- 12.4/12.5: facing and sight -----------------------------------------------------------------------------
def test_12_4_the_battery_must_face_the_target() -> None:
    st = empty()
    put(st, "F10", "S1", facing="S5")  # facing south, V1 is behind it
    put(st, "A02", "V1")
    assert BOARD.facing_class("S1", "S5", "V1") != "front"
    assert bombard.targets(BOARD, st, "S1", ["F10"]) == []
    refused(st, bombard.fire, st.dice, "S1", ["F10"], "V1", rule="12.4", key="eagles.bombard.facing")


def test_12_5_no_fire_without_sight() -> None:
    st = empty()
    put(st, "F10", "S5", facing="S1")
    put(st, "A02", "V1")  # S5 (+1) over S1 (+1) to V1 (0): c)
    refused(st, bombard.fire, st.dice, "S5", ["F10"], "V1", rule="12.5", key="eagles.bombard.sight")


# -- 12.6 restrictions ---------------------------------------------------------------------------------------
def test_12_6_one_target_an_area_and_no_second_fire() -> None:
    st = empty()
    put(st, "F10", "S1", facing="V1")
    put(st, "F11", "S1", facing="V1")
    put(st, "A02", "V1")
    put(st, "A01", "V2")
    st.activation = Activation(side="french", formations=["foy", "bachelu"])
    st.dice.force([1, 1])
    bombard.fire(BOARD, st, st.dice, "S1", ["F10"], "V1")
    assert st.units["F10"].bombarded and st.activation.targets["bombard:S1"] == "V1"
    refused(st, bombard.fire, st.dice, "S1", ["F11"], "V2", rule="12.6", key="eagles.bombard.one_target")
    refused(st, bombard.fire, st.dice, "S1", ["F10"], "V1", rule="12.6", key="eagles.bombard.done")


def test_12_6_attached_artillery_cannot_bombard_and_no_enemy_no_target() -> None:
    st = empty()
    put(st, "F02", "S1", facing="V1")
    put(st, "F11", "S1", facing="V1", attached_to="F02")
    put(st, "F10", "S1", facing="V1")
    refused(st, bombard.targets, "S1", ["F11"], rule="12.6", key="eagles.bombard.attached")
    refused(st, bombard.fire, st.dice, "S1", ["F10"], "V1", rule="12.0", key="eagles.bombard.no_enemy")
    refused(st, bombard.targets, "S1", ["F02"], rule="12.0", key="eagles.bombard.not_artillery")


# -- 12.72 counter-battery -----------------------------------------------------------------------------------
def test_12_72_counter_battery_hits_only_artillery_two_steps_a_hit() -> None:
    st = empty()
    put(st, "A02", "V2")
    for uid in ("A03", "A09", "A13", "A16"):
        put(st, uid, "V2", facing="S1", sp=1)
    # a fifth light battery there (the variant's F22, lent to the allies for the test)
    st.units["F22"] = Unit("F22", "allies", "artillery", "perponcher", 1, 2, 2, 1, 3, area="V2", facing="S1")
    put(st, "F10", "S1", facing="V2", sp=2)
    st.dice.force([6, 1])
    ev = bombard.fire(BOARD, st, st.dice, "S1", ["F10"], "V2")
    (b,) = events_of(ev, "bombardment")
    assert b["counter_battery"] and b["hits"] == 1
    (lost,) = b["losses"].items()
    assert lost[1] == 2 and lost[0] != "A02" and st.units["A02"].steps == 3
    put(st, "F11", "S1", facing="V2", sp=1)
    st.dice.force([6])
    ev = bombard.fire(BOARD, st, st.dice, "S1", ["F11"], "V2", counter_battery=False)
    (b,) = events_of(ev, "bombardment")
    assert not b["counter_battery"] and b["losses"] == {"A02": 1}  # the first step on the long counter


def test_12_72_no_counter_battery_against_four() -> None:
    st = empty()
    for uid in ("A03", "A09", "A13", "A16"):
        put(st, uid, "V2", facing="S1", sp=1)
    put(st, "F10", "S1", facing="V2")
    refused(
        st,
        bombard.fire,
        st.dice,
        "S1",
        ["F10"],
        "V2",
        counter_battery=True,
        rule="12.72",
        key="eagles.bombard.counter_battery",
    )


def test_12_72_counter_battery_doubles_the_steps() -> None:
    st = empty()
    a = put(st, "A03", "V2", facing="S1")
    put(st, "A02", "V2")
    log = Log(st.dice)
    lost = losses.spread(BOARD, st, log, [a], 1, why="12.72", per_hit=2)
    assert lost == {"A03": 2} and not a.on_map
    assert st.units["A02"].steps == 3


# -- T21: spreading (10.3, 12.2) -----------------------------------------------------------------------------
def test_T21_first_on_the_long_counter_then_spread() -> None:
    st = empty()
    div = put(st, "A02", "V1")
    cav = put(st, "A05", "V1")
    log = Log(st.dice)
    order: list[str] = []
    for _ in range(3):
        lost = losses.spread(BOARD, st, log, [div, cav], 1, why="12.2", taken=(t := getattr(log, "_t", {})))
        log._t = t  # type: ignore[attr-defined]
        order += list(lost)
    assert order[:2] == ["A02", "A05"] and order[2] in ("A02", "A05")
    st2 = empty()
    div2, cav2 = put(st2, "A02", "V1"), put(st2, "A05", "V1")
    lost = losses.spread(BOARD, st2, Log(st2.dice), [div2, cav2], 3, why="12.2")
    assert lost["A02"] >= 1 and lost["A05"] >= 1 and sum(lost.values()) == 3
    assert max(lost.values()) - min(lost.values()) <= 1  # no second step before each took one


def test_12_21_12_22_attached_artillery_and_hq_spared() -> None:
    st = empty()
    div = put(st, "A02", "C1")
    gun = put(st, "A03", "C1", attached_to="A02")
    hq = put(st, "A-HQ", "C1")
    lost = losses.spread(BOARD, st, Log(st.dice), [div, gun, hq], 2, why="12.2")
    assert lost == {"A02": 2} and gun.steps == 2 and hq.on_map
    # the division is a short counter now (1 SP): its artillery is detached and takes the next hit
    lost = losses.spread(BOARD, st, Log(st.dice), [div, gun, hq], 2, why="12.2")
    assert gun.attached_to is None and lost.get("A03", 0) >= 1
    alone = empty()
    h = put(alone, "A-HQ", "C1")
    assert losses.spread(BOARD, alone, Log(alone.dice), [h], 1, why="12.2") == {"A-HQ": 1} and not h.on_map


# -- T16: leader casualties (3.2, G26) -----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("roll", "steps", "charged", "killed"),
    [
        ([5, 6], 3, False, True),  # 11 + 1 = 12
        ([5, 5], 3, False, False),  # 10 + 1
        ([5, 5], 1, True, False),  # 10 + 1 (rode in the charge)
        ([5, 5], 3, True, True),  # 10 + 2: in a charge he took part in, +2 in all
        ([6, 6], 1, False, True),
    ],
)
def test_T16_leader_casualty(roll: list[int], steps: int, charged: bool, killed: bool) -> None:
    st = empty()
    put(st, "A-L3", "C1")
    put(st, "A02", "C1")
    st.dice.force(roll)
    log = Log(st.dice)
    losses.casualties(st, log, "C1", "allies", steps, charged=["A-L3"] if charged else [])
    assert (not st.leaders["A-L3"].alive) is killed
    (d,) = dice_for(log.events, "casualty")
    assert d["dice"] == roll and d["leader"] == "A-L3"


def test_G26_all_steps_lost_is_plus_two() -> None:
    st = empty()
    put(st, "A-L3", "C1")
    st.dice.force([5, 5])
    log = Log(st.dice)
    losses.casualties(st, log, "C1", "allies", 1, wiped=True)
    assert not st.leaders["A-L3"].alive


def test_12_2_a_bombardment_checks_leader_casualties() -> None:
    st = empty()
    put(st, "F10", "S1", facing="V2", sp=1)
    put(st, "A02", "V2")
    put(st, "A-L3", "V2")
    st.dice.force([6, 1, 1])
    ev = bombard.fire(BOARD, st, st.dice, "S1", ["F10"], "V2")
    assert [d["for"] for d in events_of(ev, "dice")] == ["bombardment", "casualty"]
    assert st.units["A02"].steps == 2 and st.leaders["A-L3"].alive


# -- properties of the losses (10.3, 12.2, G16) --------------------------------------------------------------
STACK = ["A02", "A01", "A05", "A03", "A06"]


@settings(max_examples=120, deadline=None)
@given(which=hs.lists(hs.sampled_from(STACK), min_size=1, max_size=5, unique=True), n=hs.integers(0, 14))
def test_property_hits_spread_evenly_first_on_a_long_counter(which: list[str], n: int) -> None:
    st = empty()
    units = [put(st, uid, "C3") for uid in which]
    steps = sum(u.steps for u in units)
    lost = losses.spread(BOARD, st, Log(st.dice), units, n, why="12.2")
    assert sum(lost.values()) == min(n, steps)
    # no unit took a second step while another that could still take one had taken none, and so on
    taken = {u.id: lost.get(u.id, 0) for u in units}
    for u in units:
        for v in units:
            if taken[u.id] > taken[v.id] + 1:
                assert not v.on_map or v.steps == 0
    if n and any(u.long for u in units):
        assert any(lost.get(u.id) for u in units if BOARD.unit(u.id).long)


@settings(max_examples=80, deadline=None)
@given(
    area=hs.sampled_from([a.id for a in BOARD.areas]),
    enemy=hs.lists(hs.sampled_from([a.id for a in BOARD.areas]), max_size=4),
)
def test_property_a_retreat_never_enters_the_enemy_nor_overfills(area: str, enemy: list[str]) -> None:
    st = empty()
    mine = [put(st, uid, area) for uid in ("A02", "A05", "A01")]
    foes = ["F01", "F02", "F03", "F04"]
    for uid, a in zip(foes, enemy, strict=False):
        if a != area:
            put(st, uid, a)
    losses.retreat(BOARD, st, Log(st.dice), mine, area, [a for a in enemy if a != area], why="20.0")
    for u in mine:
        if u.on_map:
            assert u.area != area and BOARD.border(area, u.area) is not None
            assert not st.enemy_combat_in(u.area, u.side)
            assert sum(x.sp for x in st.units_in(u.area, u.side)) <= BOARD.stacking_of(u.area).max_sp
            assert sum(1 for x in st.units_in(u.area, u.side) if x.long) <= max(
                1, BOARD.max_long_counters(u.area)
            )
