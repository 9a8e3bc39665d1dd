"""The attack (rule 11, its nine steps), after combat, retreats (12), morale (13) and elite units (15): the
digest's test cases T10-T13, T15-T32 and the sealed choices' secrecy.

Most cases: the French attack from the Bosenitz plain into the Krug across the Krug's wide approach without
penalties (``data/triumph/map.toml``); the Allies defend the Krug."""

from __future__ import annotations

import pytest
from support.rules import last, refused

from engine.errors import RuleError
from engine.triumph.attack import retreat_destinations
from engine.triumph.game import Game

from .position import SRC, TGT, empty, faces, patch, put, threat


# -- 11.1 threat ---------------------------------------------------------------------------------------------
def test_11_1_threat_names_only_the_approach() -> None:
    g = empty()
    put(g, "F12", SRC, corps="lannes")
    put(g, "A01", TGT)
    threat(g)
    assert g.view("allies").attack == {"attacker": "french", "source": SRC, "target": TGT, "step": "defend"}
    assert g.active() == ["allies"]
    assert last(g, "threat") == {"side": "french", "source": SRC, "target": TGT, "width": "wide"}


def test_11_1_no_threat_into_an_empty_locale_or_without_forces() -> None:
    g = empty()
    put(g, "F12", SRC, corps="lannes")
    g.state.side = "french"
    refused(g, "french", f"/attack from:{SRC} into:{TGT}", "11.1")
    put(g, "A01", TGT)
    refused(g, "french", f"/attack from:santon_plain into:{SRC}", "11.1")


# -- T10-T12: defend (11.2) ----------------------------------------------------------------------------------
def test_T10_must_defend_with_exactly_the_blockers() -> None:
    g = empty()
    put(g, "F12", SRC, corps="lannes")
    put(g, "A01", TGT, on=SRC)
    put(g, "A02", TGT, on=SRC)
    for u in ("A03", "A04", "A05"):
        put(g, u, TGT, corps="bagration")
    threat(g)
    refused(g, "allies", "/defend units:A01,A02,A03", "11.2")
    refused(g, "allies", "/defend units:A01", "11.2")
    refused(g, "allies", "/give-ground", "11.2")  # G9: blockers must fight (option)
    g.apply("allies", "/defend units:A01,A02")
    assert g.state.attack is not None and g.state.attack.blocked


def test_T10_g9_seed_reading_lets_blockers_give_ground() -> None:
    g = empty(blockers_must_fight=False)
    put(g, "F12", SRC, corps="lannes")
    put(g, "A01", TGT, on=SRC)
    threat(g)
    g.apply("allies", "/give-ground")
    assert g.state.attack is not None and g.state.attack.step == "retreat"


def test_T11_may_defend_with_reserve_units_and_one_detached() -> None:
    g = empty()
    put(g, "F12", SRC, corps="lannes")
    for u in ("A01", "A02", "A03"):
        put(g, u, TGT, corps="bagration")
    put(g, "A04", TGT)
    put(g, "A05", TGT)
    put(g, "A06", TGT, on="posthouse")
    threat(g)
    refused(g, "allies", "/defend units:A01,A04,A05", "11.2")  # two detached units
    refused(g, "allies", "/defend units:A01,A06", "11.2")  # on another approach: Cannot defend
    g.apply("allies", "/defend units:A01,A02,A03,A04")


def test_T12_used_and_retreated_units_may_not_defend() -> None:
    g = empty()
    put(g, "F12", SRC, corps="lannes")
    put(g, "A01", TGT, corps="bagration")
    put(g, "A02", TGT, corps="bagration")
    put(g, "A03", TGT, corps="bagration")
    g.state.blocks["A01"].defended = "posthouse"  # defended across another approach this turn
    g.state.blocks["A02"].retreated = True  # fought and retreated into the Krug this turn
    threat(g)
    refused(g, "allies", "/defend units:A01,A03", "11.2")
    refused(g, "allies", "/defend units:A02,A03", "11.2")
    g.apply("allies", "/defend units:A03")


# -- T13, T30: give ground, retreat destinations, the advance (11.2, 12, G35) --------------------------------
def test_T13_give_ground_skips_steps_3_to_9_and_the_attacker_moves_in() -> None:
    g = empty()
    for u in ("F12", "F13"):
        put(g, u, SRC, corps="lannes")
    put(g, "A01", TGT, "inf-2", corps="bagration")
    put(g, "A02", TGT, "art-1", corps="bagration")
    threat(g)
    g.apply("allies", "/give-ground")
    # 12: the units that did not fight lose first: artillery eliminated, reserve infantry 2 (wide approach),
    # placed by the retreating player with its retreat
    assert faces(g, "A01", "A02") == ["inf-2", "gone"]
    assert g.view("french").attack["retreat_losses"] == {"reserve": [2, ["A01"]]}  # type: ignore[index]
    refused(g, "allies", "/retreat to:posthouse hits:A01", "12")  # 2 points are due
    g.apply("allies", "/retreat to:posthouse hits:A01,A01")
    assert faces(g, "A01") == ["gone"]
    assert g.state.commanders["bagration"].at == "gone"  # 8: removed with its last unit
    assert g.state.morale["allies"] == 27  # G21: no morale for a retreat before combat
    assert g.state.attack is not None and g.state.attack.step == "advance"
    g.apply("french", "/advance with:lannes")
    assert {g.state.blocks[u].where for u in ("F12", "F13")} == {(TGT, None)}
    assert g.state.attack is None and TGT in g.state.taken


def test_T30_retreat_destinations_capacity_and_corps() -> None:
    g = empty()
    put(g, "F12", SRC, corps="lannes")
    put(g, "F20", "holubitz", corps="murat")  # enemy-held
    for i in range(3):
        put(g, f"A1{i}", "welatitz", corps="kienmayer")  # welatitz 4: room for 1
    for i in range(6):
        put(g, f"A2{i}", "posthouse", corps="dokhturov")  # posthouse 9: room for 3
    for u in ("A01", "A02", "A03"):
        put(g, u, TGT, "cav-2", corps="bagration")
    threat(g)
    g.apply("allies", "/give-ground")
    refused(g, "allies", "/retreat to:A01>holubitz,A02>posthouse,A03>posthouse", "12")
    refused(g, "allies", f"/retreat to:A01>{SRC},A02>posthouse,A03>posthouse", "12")
    refused(g, "allies", "/retreat to:A01>welatitz,A02>welatitz,A03>posthouse", "12")
    refused(g, "allies", "/retreat to:A01>posthouse,A02>posthouse", "12")  # A03 has room somewhere
    g.apply("allies", "/retreat to:A01>welatitz,A02>posthouse,A03>posthouse")
    # 12: a retreating corps keeps one unit (the commander goes with it); the others are detached
    assert g.state.commanders["bagration"].at == "welatitz"
    assert [g.state.blocks[u].corps for u in ("A01", "A02", "A03")] == ["bagration", None, None]
    assert all(g.state.blocks[u].retreated and g.state.blocks[u].shown for u in ("A01", "A02", "A03"))


# -- T15: feint (11.3) ---------------------------------------------------------------------------------------
def test_T15_feint_positions_and_the_defenders_step_up() -> None:
    g = empty()
    for u in ("F12", "F13"):
        put(g, u, SRC, corps="lannes")
    for u in ("A01", "A02"):
        put(g, u, TGT, corps="bagration")
    threat(g)
    g.apply("allies", "/defend units:A01,A02 leaders:A01")
    g.apply("french", "/feint with:lannes step:yes")
    assert {g.state.blocks[u].where for u in ("F12", "F13")} == {(SRC, TGT)}  # all of them, not some
    assert g.state.commanders["lannes"].on == TGT
    assert g.active() == ["allies"]
    refused(g, "allies", "/step-up units:F12", "8")
    g.apply("allies", "/step-up units:A01")
    assert g.state.blocks["A01"].where == (TGT, SRC) and g.state.blocks["A01"].corps is None  # G24
    assert g.state.commanders["bagration"].on is None
    # G19: no further attack across an approach feinted this turn
    refused(g, "french", f"/attack from:{SRC} into:{TGT}", "11")
    # a feint shows no face (G5) and the defence leaders stay sealed
    assert "face" not in next(b for b in g.view("french").blocks if b["id"] == "A02")
    assert "face" not in next(b for b in g.view("allies").blocks if b["id"] == "F12")


# -- T16, T17: leaders (11.4, 11.5) --------------------------------------------------------------------------
def test_T16_defence_leader_limits() -> None:
    g = empty()
    put(g, "F12", "santon_plain", corps="lannes")
    put(g, "A01", SRC, "inf-3", corps="bagration")
    put(g, "A02", SRC, "inf-3", corps="bagration")
    threat(g, "santon_plain", SRC)  # the plain's approach from the Santon plain is narrow
    refused(g, "allies", "/defend units:A01,A02 leaders:A01,A02", "11.4")
    g = empty()
    put(g, "F12", SRC, corps="lannes")
    put(g, "A01", TGT, "inf-1", corps="bagration")
    put(g, "A02", TGT, "inf-2", corps="bagration")
    put(g, "A03", TGT, "cav-2", corps="bagration")
    put(g, "A04", TGT, "inf-3", corps="bagration")
    put(g, "A05", TGT, "inf-2", corps="kienmayer")
    threat(g)
    everyone = "A01,A02,A03,A04,A05"
    refused(g, "allies", f"/defend units:{everyone} leaders:A01", "11.4")  # strength 1 from the reserve
    refused(g, "allies", f"/defend units:{everyone} leaders:A02,A03", "11.4")  # type
    refused(g, "allies", f"/defend units:{everyone} leaders:A04,A05", "11.4")  # corps
    g.apply("allies", f"/defend units:{everyone} leaders:A04,A02")


def _pressed(g: Game) -> None:
    g.apply("allies", "/defend units:A01")
    g.apply("french", "/press")


def test_T17_attack_leader_limits() -> None:
    g = empty()
    put(g, "F12", SRC, "inf-1", corps="lannes")
    put(g, "F13", SRC, "inf-3", corps="lannes")
    put(g, "F14", SRC, "cav-2", corps="lannes")
    put(g, "F01", SRC, "art-1", corps="lannes")
    put(g, "A01", TGT)
    threat(g)
    _pressed(g)
    refused(g, "french", "/lead with:lannes leaders:F12", "11.5")  # strength 1
    refused(g, "french", "/lead with:lannes leaders:F01", "11.5")  # artillery from the reserve, in a corps
    refused(g, "french", "/lead with:lannes leaders:F13,F14", "11.5")  # type
    refused(g, "french", "/lead with:lannes leaders:F13,F14 width:narrow", "11.5")  # narrow: one
    g.apply("french", "/lead with:lannes leaders:F13")
    g = empty()
    put(g, "F12", "santon_plain", "inf-3", corps="lannes")
    put(g, "F13", "santon_plain", "inf-3", corps="lannes")
    put(g, "A01", SRC)
    threat(g, "santon_plain", SRC)
    _pressed(g)
    refused(g, "french", "/lead with:lannes width:wide leaders:F12", "11.5")  # a narrow approach
    g.apply("french", "/lead with:lannes leaders:F12")
    assert g.state.attack is None or g.state.attack.width == "narrow"


def _guns_to_lead(*guns: str) -> Game:
    """``guns`` (art-1) on the Krug's approach, A01 defending the Krug alone, the attack pressed (11.3)."""
    g = empty()
    for gun in guns:
        put(g, gun, SRC, "art-1", on=TGT)
    put(g, "A01", TGT)
    threat(g)
    _pressed(g)
    return g


def test_T17_artillery_on_the_approach_leads_alone() -> None:
    g = _guns_to_lead("F01")
    g.apply("french", "/lead with:F01 leaders:F01")


# -- T18: joint attacks (11.5) -------------------------------------------------------------------------------
def test_T18_joint_attacks() -> None:
    g = empty()
    put(g, "F12", SRC, corps="lannes")
    put(g, "F13", SRC, corps="murat")
    put(g, "F14", SRC)
    put(g, "A01", TGT)
    threat(g)
    _pressed(g)
    refused(g, "french", "/lead with:lannes,F14", "11.5")  # a detached unit attacks alone
    g.apply("french", "/lead with:lannes,murat")
    g = empty()
    put(g, "F12", SRC, corps="lannes")
    put(g, "F13", SRC, on="posthouse", corps="murat")
    put(g, "A01", TGT)
    threat(g)
    _pressed(g)
    refused(g, "french", "/lead with:lannes,murat", "11.5")  # from different places
    g = _guns_to_lead("F01", "F02")
    g.apply("french", "/lead with:F01,F02 leaders:F01,F02")


# -- T19: a narrow attack against two defence leaders (11.5, G17) --------------------------------------------
def test_T19_narrow_attack_picks_one_defence_leader() -> None:
    g = empty()
    put(g, "F12", SRC, "inf-3", corps="lannes")
    put(g, "F13", SRC, "inf-3", corps="lannes")
    put(g, "A01", TGT, "inf-3", corps="bagration")
    put(g, "A02", TGT, "inf-2", corps="bagration")
    threat(g)
    g.apply("allies", "/defend units:A01,A02 leaders:A01,A02")
    g.apply("french", "/press")
    refused(g, "french", "/lead with:lannes width:narrow leaders:F12", "11.5")  # must pick
    g.apply("french", "/lead with:lannes width:narrow leaders:F12 target:A02")
    a = g.state.attack
    assert a is not None
    assert a.ir == 3 - 2 and a.defence_leaders == ["A02"]  # only the inf-2 is subtracted
    assert a.winner == "french"
    g.apply("allies", "/counter")
    # 11.9: the attacker loses one per defence leader (one, G17) + the negative part of FR (0)
    assert faces(g, "F12", "F13") == ["inf-2", "inf-3"]


# -- T20-T22: the initial result (11.6) ----------------------------------------------------------------------
def test_T20_blocked_tie_goes_to_the_defender() -> None:
    g = empty()
    patch(g, {(TGT, SRC): {"penalties": ("infantry",)}})
    put(g, "F12", SRC, "inf-3", corps="lannes")
    put(g, "F13", SRC, "inf-3", corps="lannes")
    for u in ("A01", "A02", "A03"):
        put(g, u, TGT, "inf-2", on=SRC, corps="bagration")
    threat(g)
    g.apply("allies", "/defend units:A01,A02,A03 leaders:A01,A02")
    g.apply("french", "/press")
    g.apply("french", "/lead with:lannes leaders:F12,F13")
    # IR = 6 - 1 - 1 - 4 = 0: the defender wins; no infantry counter-attack (the attacker is not winning)
    assert last(g, "initial-result") == {"ir": 0, "winning": "allies"}
    assert g.state.attack is None  # no counter-attack step: none was legal
    assert faces(g, "F12", "F13") == ["inf-2", "inf-2"]
    assert faces(g, "A01", "A02", "A03") == ["inf-1", "inf-1", "inf-2"]
    assert g.state.morale == {"french": 21, "allies": 27}


def test_T21_penalty_only_against_blockers() -> None:
    g = empty()
    patch(g, {(TGT, SRC): {"penalties": ("cavalry",)}})
    put(g, "F04", SRC, "cav-3", corps="murat")
    put(g, "A01", TGT, "inf-2", corps="bagration")
    threat(g)
    g.apply("allies", "/defend units:A01 leaders:A01")
    g.apply("french", "/press")
    g.apply("french", "/lead with:murat leaders:F04")
    assert last(g, "initial-result")["ir"] == 1


@pytest.mark.parametrize(
    ("attackers", "defenders", "side", "winner"),
    [
        (4, 3, "french", "french"),
        (3, 4, "french", "allies"),
        (3, 3, "french", "french"),
        (3, 3, "allies", "french"),
    ],
)
def test_T22_reserve_tie_by_numbers_then_the_french(
    attackers: int, defenders: int, side: str, winner: str
) -> None:
    g = empty()
    a_ids = [f"F1{i}" for i in range(attackers)] if side == "french" else [f"A1{i}" for i in range(attackers)]
    d_ids = (
        [f"A0{i + 1}" for i in range(defenders)] if side == "french" else [f"F2{i}" for i in range(defenders)]
    )
    a_corps, d_corps = ("lannes", "bagration") if side == "french" else ("bagration", "lannes")
    src, tgt = (SRC, TGT) if side == "french" else (TGT, SRC)
    for u in a_ids:
        put(g, u, src, "cav-2", corps=a_corps)
    for u in d_ids:
        put(g, u, tgt, "inf-2", corps=d_corps)
    threat(g, src, tgt, side)
    g.apply(
        other := ("allies" if side == "french" else "french"),
        f"/defend units:{','.join(d_ids)} leaders:{d_ids[0]}",
    )
    g.apply(side, "/press")
    g.apply(side, f"/lead with:{a_corps} leaders:{a_ids[0]}")
    assert last(g, "initial-result") == {"ir": 0, "winning": winner}
    if g.state.attack is not None and g.state.attack.step == "counter":
        g.apply(other, "/counter")
    assert last(g, "final-result")["winner"] == winner


# -- T23, T24: counter-attack (11.7, 11.8) -------------------------------------------------------------------
def test_T23_counter_attack_turns_the_result() -> None:
    g = empty()
    put(g, "F12", SRC, "inf-3", corps="lannes")
    put(g, "A01", TGT, "inf-2", corps="bagration")
    put(g, "A02", TGT, "inf-3", corps="bagration")
    put(g, "A03", TGT, "inf-2", corps="bagration")
    threat(g)
    g.apply("allies", "/defend units:A01,A02,A03 leaders:A01")
    g.apply("french", "/press")
    g.apply("french", "/lead with:lannes leaders:F12")
    assert last(g, "initial-result") == {"ir": 1, "winning": "french"}
    # the counter-attack is the defender's, shown when made
    g.apply("allies", "/counter units:A02,A03")
    assert last(g, "counter")["fr"] == 1 - (2 + 1)
    assert last(g, "final-result")["winner"] == "allies"
    # 11.9: attacker 1 (defence leader) + 2 (negative FR) on its leader; defender 1 (attack leader) on A01
    assert faces(g, "F12") == ["gone"]
    assert faces(g, "A01", "A02", "A03") == ["inf-1", "inf-2", "inf-1"]


def _counter_setup(ir_winning_attacker: bool) -> Game:
    g = empty()
    put(g, "F12", SRC, "inf-2", corps="lannes")
    put(g, "A01", TGT, "inf-1" if ir_winning_attacker else "inf-3", on=SRC, corps="bagration")
    put(g, "A02", TGT, "inf-2", on=SRC, corps="bagration")
    put(g, "A03", TGT, "cav-1", on=SRC, corps="bagration")
    put(g, "A04", TGT, "cav-2", on=SRC)
    put(g, "A05", TGT, "art-1", on=SRC, corps="bagration")
    put(g, "A06", TGT, "cav-2", on=SRC, corps="bagration")
    threat(g)
    g.apply("allies", "/defend units:A01,A02,A03,A04,A05,A06 leaders:A01")
    g.apply("french", "/press")
    g.apply("french", "/lead with:lannes leaders:F12")
    return g


def test_T24_counter_attack_limits() -> None:
    g = _counter_setup(ir_winning_attacker=False)  # IR = 2 - 1 - 3 = -2: the defender is winning
    assert g.state.attack is not None and g.state.attack.step == "counter"
    refused(g, "allies", "/counter units:A02", "11.7")  # infantry: only if the attacker is winning
    refused(g, "allies", "/counter units:A05", "11.7")  # artillery never
    refused(g, "allies", "/counter units:A01", "11.7")  # a leader
    refused(g, "allies", "/counter units:A03,A04", "11.7")  # different corps
    before = g.state.attack.ir
    g.apply("allies", "/counter units:A03")  # strength 1: eliminated, adds nothing
    assert faces(g, "A03") == ["gone"] and last(g, "counter")["fr"] == before


def test_T24_two_counter_attackers_against_a_narrow_attack() -> None:
    g = empty()
    put(g, "F12", "santon_plain", "inf-2", corps="lannes")
    put(g, "A01", SRC, "inf-2", corps="bagration")
    put(g, "A02", SRC, "cav-2", corps="bagration")
    put(g, "A03", SRC, "cav-2", corps="bagration")
    threat(g, "santon_plain", SRC)
    g.apply("allies", "/defend units:A01,A02,A03 leaders:A01")
    g.apply("french", "/press")
    g.apply("french", "/lead with:lannes leaders:F12")
    g.apply("allies", "/counter units:A02,A03")
    assert last(g, "counter")["fr"] == 0 - 2


def test_T24_no_counter_attack_against_artillery() -> None:
    g = empty()
    put(g, "F01", SRC, "art-1", on=TGT)
    put(g, "A01", TGT, "inf-3", on=SRC, corps="bagration")
    put(g, "A02", TGT, "cav-3", on=SRC, corps="bagration")
    threat(g)
    g.apply("allies", "/defend units:A01,A02 leaders:A01")
    g.apply("french", "/press")
    g.apply("french", "/lead with:F01 leaders:F01")
    assert g.state.attack is None  # no step 7; artillery led: nobody moves


# -- T25-T28: losses and after combat (11.9) -----------------------------------------------------------------
def test_T25_losses_when_the_attacker_wins() -> None:
    g = empty()
    patch(g, {(TGT, SRC): {"penalties": ("infantry",)}})
    put(g, "F12", SRC, "inf-3", corps="lannes")
    put(g, "F13", SRC, "inf-3", corps="lannes")
    put(g, "A01", TGT, "inf-2", on=SRC, corps="bagration")
    put(g, "A02", TGT, "inf-2", on=SRC, corps="bagration")
    put(g, "A03", TGT, "inf-2", on=SRC, corps="bagration")
    threat(g)
    g.apply("allies", "/defend units:A01,A02,A03 leaders:A01")
    g.apply("french", "/press")
    g.apply("french", "/lead with:lannes leaders:F12,F13")
    assert last(g, "initial-result")["ir"] == 6 - 1 - 1 - 2
    g.apply("allies", "/counter")
    assert sorted(faces(g, "F12", "F13")) == ["inf-2", "inf-3"]  # 1: one defence leader + 0
    # 2 (attack leaders) + 2 (FR) = 4: 2 eliminate the leader, 2 on the other defending units
    assert faces(g, "A01", "A02", "A03") == ["gone", "inf-1", "inf-1"]
    g.apply("allies", "/retreat to:posthouse")
    assert {g.state.blocks[u].where for u in ("F12", "F13")} == {(TGT, None)}  # 12: they advance
    assert g.state.commanders["lannes"].at == TGT
    assert g.state.morale["allies"] == 27 - 4 and g.state.morale["french"] == 23  # T31: the loser only


def test_T26_artillery_defence_leader_takes_no_loss() -> None:
    g = empty()
    put(g, "F04", SRC, "cav-3", corps="murat")
    put(g, "A01", TGT, "art-1", on=SRC, corps="bagration")
    put(g, "A02", TGT, "inf-2", on=SRC, corps="bagration")
    put(g, "A03", TGT, "inf-2", on=SRC, corps="bagration")
    threat(g)
    g.apply("allies", "/defend units:A01,A02,A03 leaders:A01")
    g.apply("french", "/press")
    g.apply("french", "/lead with:murat leaders:F04")
    assert last(g, "initial-result") == {"ir": 2, "winning": "french"}
    g.apply("allies", "/counter")
    assert faces(g, "F04") == ["cav-2"]
    assert faces(g, "A01", "A02", "A03") == ["art-1", "inf-1", "inf-1"]  # 1 + 2 - 1 = 2
    assert g.state.morale["french"] == 23 - 2  # 15: the first heavy cavalry costs 2


def test_T27_artillery_led_attack() -> None:
    g = empty()
    put(g, "F01", SRC, "art-1", on=TGT)
    put(g, "A01", TGT, "inf-3", on=SRC, corps="bagration")
    threat(g)
    g.apply("allies", "/defend units:A01 leaders:A01")
    g.apply("french", "/press")
    g.apply("french", "/lead with:F01 leaders:F01")
    assert last(g, "initial-result") == {"ir": 1, "winning": "french"}
    assert faces(g, "F01", "A01") == ["art-1", "inf-2"]
    assert g.state.blocks["F01"].where == (SRC, TGT) and g.state.blocks["A01"].where == (TGT, SRC)
    assert g.state.morale == {"french": 23, "allies": 26}


def test_T27_artillery_losses_do_not_take_morale_below_one() -> None:
    g = empty()
    put(g, "F01", SRC, "art-1", on=TGT)
    put(g, "A01", TGT, "inf-3", on=SRC, corps="bagration")
    g.state.morale["allies"] = 1
    threat(g)
    g.apply("allies", "/defend units:A01")
    g.apply("french", "/press")
    g.apply("french", "/lead with:F01 leaders:F01")
    assert g.state.morale["allies"] == 1 and not g.over


def test_T28_defender_holds_a_reserve_defence() -> None:
    g = empty()
    for u in ("F12", "F13", "F14", "F15"):
        put(g, u, SRC, "inf-2", on=TGT, corps="lannes")
    for u in ("A01", "A02", "A03"):
        put(g, u, TGT, "inf-3", corps="bagration")
    threat(g)
    g.apply("allies", "/defend units:A01,A02,A03 leaders:A01")
    g.apply("french", "/press")
    g.apply("french", "/lead with:lannes leaders:F12")
    assert last(g, "final-result") == {"fr": -1, "winner": "allies"}
    left = [b for b in g.state.blocks.values() if b.id in ("F12", "F13", "F14", "F15") and b.at != "gone"]
    assert {b.where for b in left} == {(SRC, None)}  # back to the attack locale's reserve
    c = g.state.commanders["lannes"]
    assert len(g.state.corps_units("lannes")) == 1 and (c.at, c.on) == (SRC, None)  # G26: one unit kept
    assert sum(1 for b in left if b.corps is None) == len(left) - 1
    assert g.state.morale["french"] == 23 - 2  # 1 (defence leader) + 1 (FR -1)
    assert g.active() == ["allies"]
    g.apply("allies", "/step-up units:A02")
    assert g.state.blocks["A02"].where == (TGT, SRC) and g.state.blocks["A02"].corps is None
    assert g.state.commanders["bagration"].on is None  # a split corps: the commander stays
    refused(g, "french", f"/attack from:{SRC} into:{TGT}", "11")  # G19: beaten back this turn


# -- T29, T31, T32: retreat losses and morale (12, 13) -------------------------------------------------------
def _t29(morale: int = 27, order: str = "/retreat to:krug") -> Game:
    g = empty()
    g.state.morale["allies"] = morale
    src, tgt = "blasowitz", SRC  # the plain's approach from Blasowitz is wide; from Bosenitz narrow
    put(g, "F12", src, "inf-3", corps="lannes")
    put(g, "F13", src, "inf-3", corps="lannes")
    put(g, "A01", tgt, "inf-2")
    put(g, "A04", tgt, "inf-2", corps="bagration")
    put(g, "A05", tgt, "inf-2", corps="bagration")
    put(g, "A06", tgt, "art-1", corps="bagration")
    put(g, "A07", tgt, "cav-2", corps="bagration")
    put(g, "A08", tgt, "inf-2", on="bosenitz", corps="kienmayer")
    threat(g, src, tgt)
    g.apply("allies", "/defend units:A01 leaders:A01")
    g.apply("french", "/press")
    g.apply("french", "/lead with:lannes leaders:F12,F13")
    assert g.state.attack is not None and g.state.attack.step == "retreat"
    g.apply("allies", order)
    return g


def test_T29_retreat_losses() -> None:
    g = _t29()
    assert faces(g, "A01") == ["gone"]
    assert faces(g, "A04", "A05", "A06", "A07", "A08") == ["inf-1", "inf-1", "gone", "cav-2", "inf-1"]
    # T31: the loser's morale falls by its combat (2) and retreat (1 + 2 + 1) losses; the attacker's not
    assert g.state.morale == {"french": 23 - 0, "allies": 27 - 6}  # attacker's loss (1) costs it nothing
    assert faces(g, "F12", "F13") in (["inf-2", "inf-3"], ["inf-3", "inf-2"])


def test_T29_the_retreating_player_places_the_retreat_losses() -> None:
    # the seed: 「どの部隊が損害を受けるかは、退却するプレイヤーが選択できます」
    g = _t29(order="/retreat to:krug hits:A04,A04,A08")
    assert faces(g, "A04", "A05", "A06", "A07", "A08") == ["gone", "inf-2", "gone", "cav-2", "inf-1"]
    assert g.state.morale["allies"] == 27 - 6


def test_T29_retreat_losses_only_on_the_units_due() -> None:
    for order in ("/retreat to:krug hits:A07,A04,A08", "/retreat to:krug hits:A04,A08"):
        with pytest.raises(RuleError) as e:
            _t29(order=order)
        assert e.value.rule == "12"


def test_T32_demoralisation_ends_the_game_at_once() -> None:
    g = _t29(morale=4)
    assert g.over and g.state.winner == "french" and g.state.reason == "demoralised"
    assert g.legal("allies").choices == () and g.active() == []


# -- secrecy of the sealed choices ---------------------------------------------------------------------------
def test_defence_leaders_sealed_until_the_attacker_presses() -> None:
    g = empty()
    put(g, "F12", SRC, "inf-3", corps="lannes")
    put(g, "A01", TGT, "inf-3", corps="bagration")
    put(g, "A02", TGT, "inf-2", corps="bagration")
    threat(g)
    g.apply("allies", "/defend units:A01,A02 leaders:A01")
    fv = g.view("french")
    assert fv.attack is not None and "defence_leaders" not in fv.attack
    assert fv.attack["defenders"] == ["A01", "A02"]  # named (11.2), faces hidden (G5)
    assert all("face" not in b for b in fv.blocks if b["side"] == "allies")
    assert all("leaders" not in e for e in fv.events)
    av = g.view("allies")
    assert av.attack is not None and av.attack["defence_leaders"] == ["A01"]
    g.apply("french", "/press")
    fv = g.view("french")
    assert fv.attack is not None and fv.attack["defence_leaders"] == ["A01"]
    shown = {b["id"]: b.get("face") for b in fv.blocks if b["id"] in ("A01", "A02")}
    assert shown == {"A01": "inf-3", "A02": None}


def test_the_guard_costs_four_once() -> None:
    g = empty()
    put(g, "F35", SRC, "guard-3", corps="bessieres")
    put(g, "F36", SRC, "guard-3", corps="bessieres")
    put(g, "A01", TGT, "inf-1", corps="bagration")
    threat(g)
    g.apply("allies", "/defend units:A01")
    g.apply("french", "/press")
    g.apply("french", "/lead with:bessieres leaders:F35,F36")
    assert g.state.morale["french"] == 23 - 4


# -- T14: road attacks (11.3, G11, G35) ----------------------------------------------------------------------
def _road_threat() -> Game:
    g = empty()
    put(g, "F04", "santon_plain", "cav-2", corps="murat")
    put(g, "F05", "santon_plain", "cav-2", corps="murat")
    put(g, "A01", TGT, corps="bagration")
    put(g, "A02", TGT, corps="bagration")
    threat(g)  # nobody in the Bosenitz plain: the cavalry may ride the highway into it (G10, G11)
    return g


def test_T14_a_road_attack_must_be_a_feint() -> None:
    g = _road_threat()
    g.apply("allies", "/defend units:A01,A02")
    refused(g, "french", "/press", "11.3")
    g.apply("french", f"/feint with:murat road:{SRC} step:yes")
    assert g.state.blocks["F04"].where == (SRC, TGT) and g.state.commanders["murat"].on == TGT
    assert g.state.blocks["F04"].shown  # [JW]: road cavalry on an approach is shown
    g.apply("allies", "/step-up units:A01,A02")
    assert g.state.commanders["bagration"].on == SRC  # the whole corps stepped up: its commander too


def test_T14_road_cavalry_rides_in_after_a_retreat_before_combat() -> None:
    g = _road_threat()
    g.apply("allies", "/give-ground")
    g.apply("allies", "/retreat to:posthouse")
    refused(g, "french", f"/advance with:murat road:{SRC}", "G35")
    g.apply("french", f"/advance with:murat road:{SRC}>{TGT}")
    assert g.state.commanders["murat"].at == TGT and TGT in g.state.taken


def test_T14_infantry_does_not_attack_by_road() -> None:
    g = empty()
    put(g, "F12", "santon_plain", corps="lannes")
    put(g, "A01", TGT)
    g.state.side = "french"
    refused(g, "french", f"/attack from:{SRC} into:{TGT}", "11.1")


# -- artillery ([JW], rule 11; G19) -------------------------------------------------------------------------
def _bombard(g: Game, unit: str) -> None:
    threat(g)
    g.apply("allies", "/defend units:A01")
    g.apply("french", "/press")
    g.apply("french", f"/lead with:{unit} leaders:{unit}")


def test_one_bombardment_then_one_more_attack_across_an_approach() -> None:
    g = empty()
    put(g, "F01", SRC, "art-1", on=TGT)
    put(g, "F02", SRC, "art-1", on=TGT)
    put(g, "F12", SRC, "inf-3", corps="lannes")
    put(g, "F13", SRC, "inf-3", corps="murat")
    put(g, "A01", TGT, "inf-3", on=SRC)
    _bombard(g, "F01")
    threat(g)
    g.apply("allies", "/defend units:A01")
    g.apply("french", "/press")
    refused(g, "french", "/lead with:F02 leaders:F02", "11")  # a second bombardment this turn
    g.apply("french", "/lead with:lannes")  # the one more attack, not artillery-led
    refused(g, "french", f"/attack from:{SRC} into:{TGT}", "11")


def test_no_bombardment_of_an_approach_two_rounds_running() -> None:
    g = empty()
    put(g, "F01", SRC, "art-1", on=TGT)
    put(g, "A01", TGT, "inf-3", on=SRC)
    _bombard(g, "F01")
    g.apply("french", "/end")
    g.apply("allies", "/end")
    assert g.state.round == 2
    threat(g)
    g.apply("allies", "/defend units:A01")
    g.apply("french", "/press")
    refused(g, "french", "/lead with:F01 leaders:F01", "11")


# -- the Guard Attack (15, [JW]) -----------------------------------------------------------------------------
def _guard_attack(g: Game, defence: str) -> None:
    g.state.side = "french"
    g.apply("french", f"/attack from:{SRC} into:{TGT} guard:F35")
    assert (
        g.view("allies").blocks[[b["id"] for b in g.view("allies").blocks].index("F35")]["face"] == "guard-3"
    )
    g.apply("allies", defence)


def test_guard_attack_is_led_by_the_guard_never_feinted_and_weakens_small_leaders() -> None:
    g = empty()
    put(g, "F35", SRC, "guard-3", corps="bessieres")
    put(g, "F30", SRC, "inf-3", corps="bessieres")
    put(g, "A01", TGT, "inf-2", corps="bagration")
    _guard_attack(g, "/defend units:A01 leaders:A01")
    refused(g, "french", "/feint with:bessieres", "15")
    g.apply("french", "/press")
    refused(g, "french", "/lead with:bessieres leaders:F30", "15")
    g.apply("french", "/lead with:bessieres leaders:F35")
    assert last(g, "initial-result")["ir"] == 3 - (2 - 1)


def test_a_guard_attack_no_force_could_press_may_not_be_threatened() -> None:
    """15: led by the Guard, never a feint; G23: no more attackers than the defence locale holds. A Guard
    corps larger than the defence locale could be neither pressed nor feinted, so its threat is refused (a
    ruling, docs/rulings.md) and the turn never stalls at 11.3."""
    g = empty()
    cap = g.ctx.data.locale(TGT).capacity
    units = ["F35", *[f"F{n}" for n in range(20, 20 + cap)]]
    put(g, "F35", SRC, "guard-3", corps="bessieres")
    for u in units[1:]:
        put(g, u, SRC, "inf-2", corps="bessieres")
    put(g, "A01", TGT, "inf-2", corps="bagration")
    g.state.side = "french"
    assert not any("guard:" in str(c) for c in g.legal("french").choices)
    refused(g, "french", f"/attack from:{SRC} into:{TGT} guard:F35", "15")
    g.apply("french", f"/attack from:{SRC} into:{TGT}")  # a plain threat stays open: it may be a feint


def test_a_failed_guard_attack_costs_three_more_and_bars_the_next() -> None:
    g = empty()
    put(g, "F35", SRC, "guard-3", corps="bessieres")
    put(g, "F36", SRC, "guard-3", corps="lannes")
    for u in ("A01", "A02"):
        put(g, u, TGT, "inf-3", on=SRC, corps="bagration")
    _guard_attack(g, "/defend units:A01,A02 leaders:A01,A02")
    g.apply("french", "/press")
    g.apply("french", "/lead with:bessieres leaders:F35")
    assert last(g, "final-result")["winner"] == "allies"
    # 15: the Guard's first use 4, the failure 3; the losses 2 (two defence leaders) + 4 (FR = 3 - 1 - 6)
    # fall on the one attacking unit: its strength 3 is lost, the rest discarded (11.9)
    assert faces(g, "F35") == ["gone"]
    assert g.state.morale["french"] == 23 - 4 - 3 - 3
    g.apply("french", "/end")
    g.apply("allies", "/end")
    refused(g, "french", f"/attack from:{SRC} into:{TGT} guard:F36", "15")
    g.apply("french", f"/attack from:{SRC} into:{TGT}")


def test_T28_the_owner_names_the_unit_its_corps_keeps() -> None:
    # the seed: 「軍団には指揮官と任意の一部隊だけが残ります」 (G26: the owner chooses, with the attack)
    g = empty()
    for u in ("F12", "F13", "F14", "F15"):
        put(g, u, SRC, "inf-2", on=TGT, corps="lannes")
    put(g, "A01", TGT, "inf-3", corps="bagration")
    threat(g)
    g.apply("allies", "/defend units:A01 leaders:A01")
    g.apply("french", "/press")
    refused(g, "french", "/lead with:lannes leaders:F12 keep:A01", "8")
    refused(g, "french", "/lead with:lannes leaders:F12 keep:F13,F14", "11.9")
    g.apply("french", "/lead with:lannes leaders:F12 keep:F14")
    assert [b.id for b in g.state.corps_units("lannes")] == ["F14"]


def test_T30_no_retreat_across_an_impassable_approach() -> None:
    g = empty()
    put(g, "F12", "telnitz_fields", corps="lannes")
    put(g, "A01", "augezd", "cav-2", corps="kienmayer")
    threat(g, "telnitz_fields", "augezd")
    g.apply("allies", "/give-ground")
    a = g.state.attack
    assert a is not None
    assert set(retreat_destinations(g.ctx, a)) == {
        "littawa_augezd",
        "sokolnitz_slopes",
        "st_anthony",
    }  # not across the Satschan pond
    refused(g, "allies", "/retreat to:satschan_fields", "12")


def test_T17_artillery_on_the_approach_does_not_lead_a_corps_attack() -> None:
    g = empty()
    put(g, "F01", SRC, "art-1", on=TGT, corps="lannes")
    put(g, "F12", SRC, "inf-2", on=TGT, corps="lannes")
    put(g, "A01", TGT)
    threat(g)
    _pressed(g)
    refused(g, "french", "/lead with:lannes leaders:F01", "11.5")


def test_a_threat_no_force_could_press_or_feint_is_refused() -> None:
    """11.3 with 6: after the threat the attacker presses or feints; where every force in the attack locale
    holds the fixed battery (it never moves) neither is possible, so the threat is refused (a ruling,
    docs/rulings.md) and the turn does not stall. A fuzzer's game (seed 300118) ran into it."""
    from pathlib import Path

    from engine import modules

    m = modules.get("triumph")
    text = (Path(__file__).parent / "battery_dead_end.txt").read_text(encoding="utf-8")
    lines = [x.strip() for x in text.splitlines() if x.strip() and not x.startswith("#")]
    g = m.new_game(m.parse_options(lines[1].split(" ", 1)[1]), int(lines[2].split()[1]))
    *played, threat, _defence = lines[3:]
    for line in played:
        role, order = line.split(": ", 1)
        g.apply(role, order)
    refused(g, "french", threat.split(": ", 1)[1], "11.3")
    assert g.legal("french").choices
