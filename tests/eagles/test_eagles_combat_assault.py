"""14 assault: T30 (the procedure, simultaneous fire), T31 (several areas, modifiers area by area, the
defender's one target), T32 (flank modifiers and the +2 cap), T13 and T14 (leaders' values, 3.1, 3.12), T11
(out of command, 9.4), G4 (stand or retreat), G5 (advance), G6 (restrictions). Every die is forced through
``Dice.force``."""

from __future__ import annotations

from typing import Any

from engine.eagles.combat import assault
from engine.eagles.combat.common import leader_value
from engine.eagles.state import Activation, State

from .combat_position import BOARD, big, dice_for, empty, events_of, put, refused, seq


def rolls(ev: list[Any], side: str) -> list[dict[str, Any]]:
    return [d for d in dice_for(ev, "assault") if d["side"] == side]


# -- T30: the procedure (14.1) -------------------------------------------------------------------------------
def _t30(st: State) -> None:
    big(st, "F01", "W2", 4, morale=4, facing="W3")  # a French 4-4 division in the wood
    put(st, "A02", "W3", facing="W2", morale=2)  # a 3-2 division in the next wood, level


def test_T30_woods_minus_25_morale_plus_one_simultaneous() -> None:
    st = empty()
    _t30(st)
    st.dice.force(seq([6, 5, 5], [6, 6, 6]))
    ev = assault.assault(BOARD, st, st.dice, "W2", ["F01"], "W3")
    (att,) = rolls(ev, "french")
    (dfn,) = rolls(ev, "allies")
    assert len(att["dice"]) == 3 and att["modifier"] == 1 and "+morale" in att["modifiers"]
    assert len(dfn["dice"]) == 3 and dfn["modifier"] == 0  # no modifier for the attacking area's woods
    (r,) = events_of(ev, "assault-result")
    assert (r["hits_dealt"], r["hits_taken"]) == (3, 3)  # 5 + 1; and the defender's fire is not reduced
    assert not st.units["A02"].on_map and st.units["F01"].steps == 1
    assert st.units["F01"].area == "W3"  # 14.5: the emptied area is taken (G5)
    assert st.units["F01"].assaulted


def test_T30_cavalry_joins_at_half_strength() -> None:
    st = empty()
    _t30(st)
    put(st, "F04", "W2")  # 2 SP of cavalry: 1
    st.dice.force(seq([1] * 4, [1] * 3))
    ev = assault.assault(BOARD, st, st.dice, "W2", ["F01", "F04"], "W3")
    (att,) = rolls(ev, "french")
    assert att["sp"] == 5 and len(att["dice"]) == 4  # (4 + 1) x 0.75 = 3.75 -> 4 (G2)


# -- T31: several areas (14.1, 14.2) -------------------------------------------------------------------------
def test_T31_combined_arms_only_where_it_is_and_one_return_fire() -> None:
    st = empty()
    put(st, "F02", "S1", facing="S5")
    put(st, "A10", "V2", facing="S1")  # Brunswick: infantry, its battery attached, its cavalry
    put(st, "A13", "V2", facing="S1", attached_to="A10")
    put(st, "A12", "V2")
    put(st, "A14", "V4", facing="S1")  # Alten's infantry alone
    st.dice.force([1] * 20)
    ev = assault.assault(BOARD, st, st.dice, "V2", ["A10", "A12"], "S1", also={"V4": ["A14"]})
    by_area = {d["area"]: d for d in rolls(ev, "allies")}
    assert "+combined arms" in by_area["V2"]["modifiers"] and by_area["V2"]["modifier"] >= 1
    assert "+combined arms" not in by_area["V4"]["modifiers"]
    assert "A13" in by_area["V2"]["units"]  # 11.1: attached artillery must take part
    (back,) = rolls(ev, "french")
    assert back["at"] == "V2"  # the defender fires at one area: the strongest
    assert all(st.units[u].assaulted for u in ("A10", "A12", "A13", "A14"))


# -- T32: flank (14.2) ---------------------------------------------------------------------------------------
def test_T32_elite_on_the_flank_cap_two_defender_halved() -> None:
    st = empty()
    put(st, "F01", "S1", facing="V1")  # S2 is on its flank
    assert BOARD.facing_class("S1", "V1", "S2") == "flank"
    put(st, "A17", "S2", facing="S1")  # the Guards: elite
    st.dice.force([1] * 10)
    ev = assault.assault(BOARD, st, st.dice, "S2", ["A17"], "S1")
    (att,) = rolls(ev, "allies")
    assert {"+elite", "+flank"} <= set(att["modifiers"]) and att["modifier"] == 2
    (dfn,) = rolls(ev, "french")
    assert "flank -50%" in dfn["modifiers"] and len(dfn["dice"]) == 2  # 3 SP -50% = 1.5, halves up


def test_14_2_cap_is_two_even_with_combined_arms() -> None:
    st = empty()
    put(st, "F01", "S1", facing="V1")
    put(st, "A10", "S2", facing="S1", morale=6, elite=True)
    put(st, "A13", "S2", facing="S1", attached_to="A10")
    put(st, "A12", "S2")
    f = assault.fire_of(
        BOARD, st, "S2", [st.units[u] for u in ("A10", "A13", "A12")], "S1", [st.units["F01"]], attacking=True
    )
    assert {"+combined arms", "+flank"} <= set(f.why) and f.modifier == 2


# -- T13, T14: leaders (3.1, 3.11, 3.12) ---------------------------------------------------------------------
def test_T13_leader_value_capped_at_the_units_sp() -> None:
    st = empty()
    put(st, "F02", "S1", facing="V1", sp=2)
    put(st, "F-L4", "S1")
    st.leaders["F-L4"].tactical = 3  # as Davout
    put(st, "A02", "V1")
    f = assault.fire_of(BOARD, st, "S1", [st.units["F02"]], "V1", [st.units["A02"]], attacking=True)
    assert f.sp == 4 and f.leader == "F-L4"
    st.units["F02"].sp = 5
    f = assault.fire_of(BOARD, st, "S1", [st.units["F02"]], "V1", [st.units["A02"]], attacking=True)
    assert f.sp == 8


def test_T14_cavalry_leader_with_foreign_infantry_adds_nothing() -> None:
    st = empty()
    put(st, "F01", "S1")
    put(st, "F-L6", "S1")  # Piré, cavalry, tactical 2; F01 is Bachelu's
    assert leader_value(BOARD, st.leaders["F-L6"], [st.units["F01"]]) == 0
    put(st, "F04", "S1")
    assert leader_value(BOARD, st.leaders["F-L6"], [st.units["F04"]]) == 2
    assert leader_value(BOARD, st.leaders["F-L6"], [st.units["F01"], st.units["F04"]]) == 0


def test_3_11_in_attack_only_a_leader_of_their_own_formation() -> None:
    st = empty()
    put(st, "F02", "S1", facing="V1")
    put(st, "F-L3", "S1")  # Bachelu: not Foy's leader
    put(st, "A02", "V1")
    f = assault.fire_of(BOARD, st, "S1", [st.units["F02"]], "V1", [st.units["A02"]], attacking=True)
    assert f.leader is None
    put(st, "F-L1", "S1")  # Ney, the army commander, supports any
    f = assault.fire_of(BOARD, st, "S1", [st.units["F02"]], "V1", [st.units["A02"]], attacking=True)
    assert f.leader == "F-L1"


# -- T11, G6: who may assault --------------------------------------------------------------------------------
def test_T11_out_of_command_may_not_assault() -> None:
    st = empty()
    put(st, "F02", "S1", in_command=False)
    put(st, "A02", "V1")
    refused(
        st, assault.assault, st.dice, "S1", ["F02"], "V1", rule="9.4", key="eagles.assault.out_of_command"
    )


def test_G6_restrictions() -> None:
    st = empty()
    put(st, "F02", "S1", facing="V1")
    put(st, "F10", "S1", facing="V1")
    put(st, "F03", "S3", facing="V4")
    put(st, "A02", "V1")
    put(st, "A01", "V2")
    refused(st, assault.targets, "S1", ["F10"], rule="12.6", key="eagles.assault.arm")
    refused(st, assault.assault, st.dice, "S1", ["F02"], "S7", rule="14.0", key="eagles.assault.not_adjacent")
    refused(st, assault.assault, st.dice, "S1", ["F02"], "V4", rule="14.0", key="eagles.assault.no_enemy")
    assert assault.targets(BOARD, st, "S1", ["F02"]) == ["V1", "V2"]
    st.activation = Activation(side="french", formations=["foy"])
    st.dice.force([1] * 10)
    assault.assault(BOARD, st, st.dice, "S1", ["F02"], "V1")
    assert st.activation.targets["assault:S1"] == "V1"
    refused(st, assault.targets, "S1", ["F02"], rule="G6", key="eagles.assault.done")


# -- G4, G5: stand or retreat, advance -----------------------------------------------------------------------
def test_G4_defender_fails_and_retreats_attacker_advances() -> None:
    st = empty()
    big(st, "F03", "S1", 5, facing="V1")
    put(st, "A02", "V1", facing="S1")
    # 5 attacker dice (into a farm -25%, downhill +25%), 2 hits; 2 defender dice (3 SP uphill -25%), none;
    # the morale roll 5
    st.dice.force(seq([6, 6, 1, 1, 1], [1, 1], [5]))
    ev = assault.assault(BOARD, st, st.dice, "S1", ["F03"], "V1")
    (m,) = dice_for(ev, "morale")
    assert m["area"] == "V1" and m["morale"] == 4 - 1  # G14: lost half or more of its steps
    assert not events_of(ev, "morale-check")[0]["passed"]
    assert st.units["A02"].retreated and st.units["A02"].area != "V1"
    assert st.units["F03"].area == "V1"
    (adv,) = events_of(ev, "advance")
    assert adv["units"] == ["F03"]


def test_G4_defender_stands_no_advance() -> None:
    st = empty()
    big(st, "F03", "S1", 5, facing="V1")
    put(st, "A02", "V1", facing="S1")
    st.dice.force(seq([6, 1, 1, 1, 1], [1, 1], [2]))
    ev = assault.assault(BOARD, st, st.dice, "S1", ["F03"], "V1")
    assert events_of(ev, "morale-check")[0]["passed"]
    assert st.units["A02"].area == "V1" and st.units["F03"].area == "S1"
    assert events_of(ev, "advance") == []


def test_G4_attacker_that_took_more_hits_checks_and_holds_when_no_enemy_adjacent_would_chase() -> None:
    st = empty()
    big(st, "F03", "S1", 5, facing="V1")
    put(st, "A02", "V1", facing="S1")
    st.dice.force(seq([1, 1, 1, 1, 1], [6, 6], [6]))
    ev = assault.assault(BOARD, st, st.dice, "S1", ["F03"], "V1")
    (m,) = dice_for(ev, "morale")
    assert m["area"] == "S1"
    assert not events_of(ev, "morale-check")[0]["passed"]  # a natural 6 always fails (G14)
    # V1's defender is adjacent to S1: the attacker retreats (G4 5)
    assert st.units["F03"].area != "S1" and st.units["F03"].retreated


# -- T15 (3.13) and retreats (G16) ---------------------------------------------------------------------------
def test_T15_lone_leader_moves_off_or_is_removed() -> None:
    from engine.eagles.combat import losses
    from engine.eagles.combat.common import Log

    st = empty()
    put(st, "A-L3", "V1")  # alone in V1
    put(st, "F02", "S1")  # the enemy comes from S1; C2 empty, V4 holds an enemy
    put(st, "F03", "V4")
    log = Log(st.dice)
    losses.lone_leaders(BOARD, st, log, "V1", "french")
    assert st.leaders["A-L3"].area not in ("V1", "V4") and st.leaders["A-L3"].alive
    st2 = empty()
    put(st2, "A-L3", "V1")
    for n, uid in zip(BOARD.neighbours("V1"), ["F01", "F02", "F03", "F04", "F05"], strict=False):
        put(st2, uid, n)
    losses.lone_leaders(BOARD, st2, Log(st2.dice), "V1", "french")
    assert not st2.leaders["A-L3"].alive


def test_G16_a_retreat_into_an_area_holding_only_an_enemy_leader_moves_him_off() -> None:
    """A fuzzer's game: the defenders of an assault retreated into an area where an enemy leader stood alone
    and he stayed there with them; 3.13 moves him off when they enter."""
    st = empty()
    big(st, "F03", "S1", 5, facing="V1")
    put(st, "A02", "V1", facing="S1")
    put(st, "F-L4", "C2")  # alone where A02 will retreat to
    st.dice.force(seq([6, 6, 1, 1, 1], [1, 1], [5]))
    ev = assault.assault(BOARD, st, st.dice, "S1", ["F03"], "V1")
    assert st.units["A02"].area == "C2"
    assert st.leaders["F-L4"].area != "C2"
    assert any(e["leader"] == "F-L4" for e in events_of(ev, "leader-moved"))
