"""10 cavalry charges: T17 (range and path), T18 (the defender's dice), T19 (a square), T20 (success and
repulse), T22 (pursuit), 10.0 (no charge into prohibited terrain, up a gentle slope or across the stream),
10.23 enfilade, 10.7 limits. Every die is forced through ``Dice.force``.

Most cases: French cavalry in S5 charges S8 through S7 (all clear, level, +1)."""

from __future__ import annotations

import pytest

from engine.eagles.combat import charge
from engine.eagles.state import State
from engine.errors import RuleError

from .combat_position import BOARD, big, dice_for, empty, events_of, put, refused, seq


# -- T17: direction and range (10.1) -------------------------------------------------------------------------
def test_T17_two_areas_away_through_an_empty_area() -> None:
    st = empty()
    put(st, "F04", "S5")
    put(st, "A02", "S8", facing="S7")
    assert BOARD.charge_via("S5", "S8") == "S7"
    assert "S8" in charge.targets(BOARD, st, "S5", ["F04"])


def test_T17_not_through_any_unit_not_adjacent_not_from_two_areas() -> None:
    st = empty()
    put(st, "F04", "S5")
    put(st, "A02", "S8", facing="S7")
    put(st, "F01", "S7")  # a friendly unit in the way
    assert "S8" not in charge.targets(BOARD, st, "S5", ["F04"])
    refused(st, charge.charge, st.dice, "S5", ["F04"], "S8", rule="10.1", key="eagles.charge.occupied")
    put(st, "F01", "S3")
    put(st, "A05", "S7")
    refused(st, charge.charge, st.dice, "S5", ["F04"], "S7", rule="10.1", key="eagles.charge.adjacent")
    put(st, "A05", "N8")
    put(st, "F05", "S1")
    refused(st, charge.charge, st.dice, "S5", ["F04", "F05"], "S8", rule="10.1", key="eagles.charge.not_here")


def test_10_0_no_charge_into_a_village_up_a_slope_or_over_the_stream() -> None:
    assert charge._enter(BOARD, "S7", "F1") == (
        "eagles.charge.terrain",
        {"blocker": "F1", "terrain": "village"},
    )
    assert charge._enter(BOARD, "W4", "W3")[0] == "eagles.charge.terrain"  # type: ignore[index]  # woods
    assert charge._enter(BOARD, "S1", "V1") is None  # a farm: open, down the slope (10.0 names no farm)
    assert charge._enter(BOARD, "C3", "C1") is None  # a hamlet: open (10.0: towns and villages)
    assert charge._enter(BOARD, "V2", "S1") == ("eagles.charge.uphill", {"from_area": "V2", "blocker": "S1"})
    assert charge._enter(BOARD, "C2", "V2") == ("eagles.charge.stream", {"from_area": "C2", "blocker": "V2"})
    assert charge._enter(BOARD, "S1", "V2") is None  # downhill is allowed
    st = empty()
    put(st, "F04", "V2")
    put(st, "A02", "S5")  # V2 -> S1 -> S5 climbs the slope
    assert charge.targets(BOARD, st, "V2", ["F04"]) == []
    refused(st, charge.charge, st.dice, "V2", ["F04"], "S5", rule="10.0", key="eagles.charge.uphill")
    st2 = empty()
    put(st2, "F04", "S5")
    put(st2, "A02", "V2", facing="S1")  # S5 -> S1 -> V2 rides down into the valley: +25%
    assert charge.targets(BOARD, st2, "S5", ["F04"]) == ["V2"]
    st2.dice.force(seq([6], [1, 1], [1, 1, 1]))  # 17.12: A02 fails its emergency square (6, morale 4)
    ev = charge.charge(BOARD, st2, st2.dice, "S5", ["F04"], "V2")
    assert len(dice_for(ev, "charge")[1]["dice"]) == 3  # 2 SP + 25% = 2.5, rounded up


def test_10_7_horse_artillery_and_infantry_may_not_charge_nor_twice() -> None:
    st = empty()
    put(st, "F14", "S5")
    put(st, "F04", "S5", charged=True)
    put(st, "F01", "S5")
    put(st, "A02", "S8", facing="S7")
    refused(st, charge.targets, "S5", ["F14"], rule="10.7", key="eagles.charge.not_cavalry")
    refused(st, charge.targets, "S5", ["F01"], rule="10.7", key="eagles.charge.not_cavalry")
    refused(st, charge.targets, "S5", ["F04"], rule="10.7", key="eagles.charge.done")


# -- T18: the defender's strength (10.2) ---------------------------------------------------------------------
def test_T18_defender_rolls_six_dice_unmodified_sixes() -> None:
    st = empty()
    put(st, "F04", "S5")
    put(st, "A02", "S8", facing="S7")  # infantry 3 SP, facing the chargers
    put(st, "A03", "S8", facing="S7")  # artillery 2 SP
    put(st, "A05", "S8", sp=1)  # cavalry 1 SP
    put(st, "A-L3", "S8")  # Perponcher, tactical 1
    st.dice.force(seq([6], [5, 5, 5, 5, 5, 5]))  # 17.12: A02 fails its emergency square, then 6 dice
    ev = charge.charge(BOARD, st, st.dice, "S5", ["F04"], "S8")
    first = dice_for(ev, "charge")[0]
    assert first["fire"] == "defender" and len(first["dice"]) == 3 + 2 + 1
    (r,) = events_of(ev, "charge-result")
    assert r["hits_taken"] == 0  # 5s never hit: only an unmodified 6


def test_10_23_enfilade_silences_the_flanked_division_not_the_cavalry() -> None:
    st = empty()
    put(st, "F04", "S5")
    put(st, "A02", "S8", facing="S9")  # its back or flank to S7
    put(st, "A05", "S8", sp=1)
    assert BOARD.facing_class("S8", "S9", "S7") in ("flank", "rear")
    st.dice.force(seq([6], [1, 1]))  # 17.12: no square (6, morale 4): A02 stays caught in the flank
    ev = charge.charge(BOARD, st, st.dice, "S5", ["F04"], "S8")
    first = dice_for(ev, "charge")[0]
    assert first["units"] == ["A05"] and len(first["dice"]) == 2  # the cavalry alone, doubled


# -- T19: a square (10.2) ------------------------------------------------------------------------------------
def test_T19_heavy_cavalry_against_a_square() -> None:
    st = empty()
    big(st, "F06", "S5", 4)  # heavy cavalry, 4 SP
    put(st, "A02", "S8", facing="S9", square=True)  # in square: no enfilade even with its back turned
    st.dice.force([1, 1])
    ev = charge.charge(BOARD, st, st.dice, "S5", ["F06"], "S8")
    defender, charger = dice_for(ev, "charge")[:2]
    assert defender["units"] == ["A02"] and len(defender["dice"]) == 2  # 3 SP halved, rounding up
    assert len(charger["dice"]) == 2 and charger["modifier"] == 1  # 4 SP halved, +1 heavy


# -- T20: success and repulse (10.4-10.6) --------------------------------------------------------------------
def _t20(st: State) -> None:
    big(st, "F04", "S5", 4)
    big(st, "F05", "S5", 4)  # lancers: +1
    big(st, "A02", "S8", 4, facing="S7")  # one 4-SP unit


def test_T20_success_defenders_retreat_cavalry_stays() -> None:
    st = empty()
    _t20(st)
    # 17.12: A02 fails its emergency square (+1 more); 2 hits on the chargers; 3 hits back (5 + 1 lancers)
    st.dice.force(seq([6], [6, 6], [6, 6, 5, 1, 1, 1]))
    ev = charge.charge(BOARD, st, st.dice, "S5", ["F04", "F05"], "S8")
    (r,) = events_of(ev, "charge-result")
    assert (r["hits_taken"], r["hits_dealt"], r["sp_before"], r["sp_after"]) == (2, 3, 4, 1)
    assert r["success"]
    a02 = st.units["A02"]
    assert a02.area not in ("S8", "S5") and a02.retreated and BOARD.border("S8", a02.area) is not None
    assert st.units["F04"].area == st.units["F05"].area == "S8"
    assert st.units["F04"].charged and st.units["F05"].charged


def test_T20_two_steps_only_is_repelled_second_fire_and_back_one_further() -> None:
    st = empty()
    _t20(st)
    st.dice.force(seq([6], [6, 6], [6, 5, 1, 1, 1, 1], [6]))  # 17.12: a failed emergency square first
    ev = charge.charge(BOARD, st, st.dice, "S5", ["F04", "F05"], "S8")
    (r,) = events_of(ev, "charge-result")
    assert not r["success"] and r["hits_dealt"] == 2
    second = dice_for(ev, "charge")[2]
    assert second["fire"] == "second" and len(second["dice"]) == 1  # 2 SP of infantry halved; no artillery
    assert st.units["A02"].area == "S8"  # the target does not retreat
    for uid in ("F04", "F05"):
        u = st.units[uid]
        assert u.on_map and u.area != "S5" and BOARD.border("S5", u.area) is not None and u.retreated


# -- T22: pursuit (10.9) -------------------------------------------------------------------------------------
def _t22(st: State) -> None:
    big(st, "F04", "S8", 4)  # light cavalry, morale 4
    put(st, "F-L6", "S8")  # Piré rides with them
    st.leaders["F-L6"].tactical = 1
    big(st, "A01", "S5", 4)  # a short counter of 4 SP in 4 steps
    put(st, "A06", "S1", facing="S5")  # friends where it will retreat to


def test_T22_pursuit_on_a_five_minus_one() -> None:
    st = empty()
    _t22(st)
    # A01 fails its emergency square (17.12), 2 defender dice, 4 + 1 charger dice (3 hits), the pursuit roll
    # 5, then the pursuit charge: A01 and A06 fail their squares, A06 alone fires (1 die: the retreated A01
    # may not), the pursuers 5 dice
    st.dice.force(seq([6], [1, 1], [6, 6, 6, 1, 1], [5], [6, 6], [1], [1, 1, 1, 1, 1]))
    ev = charge.charge(BOARD, st, st.dice, "S8", ["F04"], "S5")
    assert st.units["A01"].area == "S1" and st.units["A01"].retreated
    (roll,) = dice_for(ev, "pursuit")
    assert roll["dice"] == [5] and roll["leader"] == 1 and roll["morale"] == 4
    (p,) = events_of(ev, "pursuit")
    assert p["to"] == "S1" and p["pursue"] is True
    again = dice_for(ev, "charge")[2]
    assert again["fire"] == "defender" and again["units"] == ["A06"] and len(again["dice"]) == 1
    # not forced back: the pursuit failed, yet the pursuers are not repelled and stay in S5
    assert st.units["F04"].area == "S5" and st.leaders["F-L6"].area == "S5"
    assert [r["success"] for r in events_of(ev, "charge-result")] == [True, False]


def test_T22_no_pursuit_on_a_six() -> None:
    st = empty()
    _t22(st)
    st.dice.force(seq([6], [1, 1], [6, 6, 6, 1, 1], [6]))  # 17.12: a failed emergency square first
    ev = charge.charge(BOARD, st, st.dice, "S8", ["F04"], "S5")
    (p,) = events_of(ev, "pursuit")
    assert p["why"] == "10.9" and p["pursue"] is False
    assert len(dice_for(ev, "charge")) == 2 and st.units["F04"].area == "S5"


def test_10_9_heavy_cavalry_pursues_only_if_its_owner_wishes() -> None:
    st = empty()
    _t22(st)
    st.units["F04"].area = "off"
    big(st, "F06", "S8", 4)  # heavy cavalry (Kellermann's): his leader is not Piré
    st.dice.force(seq([6], [1, 1], [6, 6, 6, 1]))  # 17.12: a failed emergency square first
    ev = charge.charge(BOARD, st, st.dice, "S8", ["F06"], "S5")
    assert events_of(ev, "pursuit") == [] and st.units["F06"].area == "S5"


# -- 10.8 the grand charge -----------------------------------------------------------------------------------
def _grand(st: State) -> None:
    put(st, "F06", "S5")  # Guiton's cuirassiers
    put(st, "F07", "S6")  # Picquet's dragoons, in the adjacent area: both ride through S7
    put(st, "F-L7", "S5")  # Kellermann, tactical 2, named for the grand charge
    put(st, "A02", "S8", facing="S7")


def test_10_8_the_roll_must_be_less_than_the_tactical_value() -> None:
    st = empty()
    _grand(st)
    st.dice.force([2])
    ev = charge.grand(BOARD, st, st.dice, "F-L7", ["S5", "S6"], "S8")
    (g,) = events_of(ev, "grand-charge-failed")
    assert g["leader"] == "F-L7" and events_of(ev, "charge") == [] and events_of(ev, "grand-charge") == []
    assert st.units["A02"].steps == 3 and st.units["F06"].area == "S5"


def test_10_8_grand_charge_plus_one_then_return() -> None:
    st = empty()
    _grand(st)
    # formed on a 1; A02 fails its emergency square (17.12: 6, morale 4); A02 fires 2 dice; 4 SP +
    # Kellermann's 2 = 6 dice at +3 (grand +1, heavy +1, disordered +1)
    st.dice.force(seq([1], [6], [1, 1], [4, 4, 4, 1, 1, 1]))
    ev = charge.grand(BOARD, st, st.dice, "F-L7", ["S5", "S6"], "S8", go_on=False)
    charger = dice_for(ev, "charge")[1]
    assert len(charger["dice"]) == 6 and charger["modifier"] == 3
    assert not st.units["A02"].on_map
    assert (st.units["F06"].area, st.units["F07"].area) == ("S5", "S6")  # returned to their start areas
    assert st.units["F06"].charged and st.units["F07"].charged


def test_10_8_grand_charge_continues_beyond_the_target() -> None:
    st = empty()
    _grand(st)
    put(st, "A05", "S9")  # beyond S8 on the line from S7 through S8
    assert BOARD.continuation("S7", "S8") == "S9"
    st.dice.force(seq([1], [6], [1, 1], [4, 4, 4, 1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1, 1, 1]))  # 17.12 [6]
    ev = charge.grand(BOARD, st, st.dice, "F-L7", ["S5", "S6"], "S8")
    targets = [c["target"] for c in events_of(ev, "charge")]
    assert targets == ["S8", "S9"]
    again = dice_for(ev, "charge")[3]
    assert (
        again["fire"] == "charger" and again["modifier"] == 1
    )  # heavy only: no grand +1 on the continuation


def test_10_8_refusals() -> None:
    st = empty()
    _grand(st)
    put(st, "F-L6", "S5")
    before = st.to_dict()
    for leader, areas, key in (
        ("F-L6", ["S5"], "eagles.charge.grand_leader"),
        ("F-L7", ["S5", "S8"], "eagles.charge.grand_areas"),
        ("F-L7", ["S7"], "eagles.charge.grand_none"),
    ):
        with pytest.raises(RuleError) as e:
            charge.grand(BOARD, st, st.dice, leader, areas, "S8")
        assert (e.value.rule, e.value.key) == ("10.8", key)
    assert st.to_dict() == before


def test_10_2_a_square_shields_the_artillery_beside_it_from_enfilade() -> None:
    st = empty()
    put(st, "F04", "S5")
    put(st, "A03", "S8", facing="S9")  # a battery with its back to the chargers
    assert charge.enfiladed(BOARD, st.units["A03"], "S8", "S7")
    put(st, "A01", "S8", square=True)  # infantry in square beside it
    st.dice.force([1, 1, 1])
    ev = charge.charge(BOARD, st, st.dice, "S5", ["F04"], "S8")
    first = dice_for(ev, "charge")[0]
    assert sorted(first["units"]) == ["A01", "A03"]
