"""Movement, commands, corps and detachment (rules 8-10), the digest's test cases T01-T09, and the set-up of
the 2 December scenario (rule 6) and the order of play (7)."""

from __future__ import annotations

import pytest
from support.rules import refused

from engine.triumph.game import Game
from engine.triumph.options import Options

from .position import empty, put


def legal_texts(g: Game, role: str) -> set[str]:
    return {o.text() for o in g.legal(role).choices}


# -- rule 6, 7: the set-up and the order of play ------------------------------------------------------------
def test_setup_2dec_places_every_corps_of_the_default_allocation() -> None:
    g = Game.new()
    st = g.state
    assert st.morale == {"french": 23, "allies": 27}  # 13 [JW]
    assert st.commanders["lannes"].at == "santon_plain"
    assert {b.id for b in st.corps_units("lannes")} == {"F01", "F12", "F13", "F14", "F28", "F29"}
    assert all(b.at == "santon_plain" and b.on is None for b in st.corps_units("lannes"))
    # reinforcements wait off the map
    assert st.commanders["bernadotte"].at == "off" and st.commanders["davout"].at == "off"
    assert g.active() == ["allies"]  # 7: a round is the Allied turn, then the French turn


def test_round_is_allied_then_french_turn() -> None:
    g = Game.new()
    g.apply("allies", "/end")
    assert g.active() == ["french"] and g.state.round == 1
    g.apply("french", "/end")
    assert g.active() == ["allies"] and g.state.round == 2
    refused(g, "french", "/end", "7, 9, 10")


# -- T01, T02: basic moves (10) -----------------------------------------------------------------------------
def test_T01_basic_move_from_a_reserve() -> None:
    g = empty()
    put(g, "A01", "krug")
    texts = legal_texts(g, "allies")
    assert "/move force:A01 to:posthouse" in texts
    assert "/move force:A01 to:krug at:posthouse" in texts
    refused(g, "allies", "/move force:A01 to:posthouse_east", "10")  # two locales away, no road move
    g.apply("allies", "/move force:A01 to:posthouse")
    assert g.state.blocks["A01"].where == ("posthouse", None)


def test_T02_basic_move_from_an_approach() -> None:
    g = empty()
    put(g, "A01", "krug", on="posthouse")
    g2 = Game.loads(g.dumps())
    g.apply("allies", "/move force:A01 to:krug")
    assert g.state.blocks["A01"].where == ("krug", None)
    g2.apply("allies", "/move force:A01 to:posthouse")
    assert g2.state.blocks["A01"].where == ("posthouse", None)
    g3 = Game.loads(g2.dumps())
    refused(g3, "allies", "/move force:A02 to:holubitz", "8")  # A02 is off the map
    g4 = empty()
    put(g4, "A01", "krug", on="posthouse")
    refused(g4, "allies", "/move force:A01 to:holubitz", "10")  # across another approach
    refused(g4, "allies", "/move force:A01 to:krug at:welatitz", "10")  # onto another approach


# -- T03-T06: road moves (10) -------------------------------------------------------------------------------
def test_T03_local_road_reach_is_two() -> None:
    g = empty()
    for u in ("A01", "A02"):
        put(g, u, "schlapanitz", corps="bagration")
    g.apply("allies", "/march corps:bagration path:kobelnitz_fields>kobelnitz")
    assert g.state.commanders["bagration"].at == "kobelnitz"
    g = empty()
    for u in ("A01", "A02"):
        put(g, u, "schlapanitz", corps="bagration")
    refused(g, "allies", "/march corps:bagration path:kobelnitz_fields>kobelnitz>pheasantry", "10")


def test_T04_main_road_reach_is_three() -> None:
    g = empty()
    put(g, "A01", "latein_fields", corps="bagration")
    put(g, "A02", "latein_fields", corps="bagration")
    refused(g, "allies", "/march corps:bagration path:podolie_fields>podolie>zuran>santon_plain", "10")
    g.apply("allies", "/march corps:bagration path:podolie_fields>podolie>zuran")
    assert {b.at for b in g.state.corps_units("bagration")} == {"zuran"}


def test_T05_road_move_starts_in_a_reserve() -> None:
    g = empty()
    put(g, "A01", "latein_fields", on="podolie_fields", corps="bagration")
    refused(g, "allies", "/march corps:bagration path:podolie_fields>podolie", "10")


def test_T06_only_cavalry_ends_a_road_move_on_an_approach_the_road_crosses() -> None:
    g = empty()
    put(g, "A01", "latein_fields", "cav-2", corps="bagration")
    put(g, "A02", "latein_fields", "cav-3", corps="bagration")
    refused(
        g, "allies", "/march corps:bagration path:podolie_fields>podolie at:bellowitz", "10"
    )  # no road there
    g.apply("allies", "/march corps:bagration path:podolie_fields>podolie at:zuran")
    assert g.state.blocks["A01"].where == ("podolie", "zuran")
    assert g.state.blocks["A01"].shown  # [JW]: road cavalry on an approach shows its faces
    g = empty()
    put(g, "A01", "latein_fields", "cav-2", corps="bagration")
    put(g, "A02", "latein_fields", "inf-2", corps="bagration")
    refused(g, "allies", "/march corps:bagration path:podolie_fields>podolie at:zuran", "10")


# -- T07: stop next to the enemy (10, G16) ------------------------------------------------------------------
@pytest.mark.parametrize("road_stop", ["units", "corps"])
def test_T07_road_move_stops_next_to_two_enemy_units(road_stop: str) -> None:
    g = empty(road_stop=road_stop)
    put(g, "A01", "latein_fields", corps="bagration")
    put(g, "A02", "latein_fields", corps="bagration")
    put(g, "F01", "loesch", corps="lannes")  # loesch is next to podolie_fields
    put(g, "F02", "loesch", corps="lannes")
    refused(g, "allies", "/march corps:bagration path:podolie_fields>podolie", "10")
    g.apply("allies", "/march corps:bagration path:podolie_fields")


def test_T07_one_enemy_unit_does_not_stop_a_road_move() -> None:
    g = empty(road_stop="units")
    put(g, "A01", "latein_fields", corps="bagration")
    put(g, "A02", "latein_fields", corps="bagration")
    put(g, "F01", "loesch", corps="lannes")
    g.apply("allies", "/march corps:bagration path:podolie_fields>podolie")
    assert g.state.commanders["bagration"].at == "podolie"


def test_T07_g16_two_detached_enemy_units_stop_only_the_seeds_reading() -> None:
    # G16 ([JW]): an enemy *corps* of 2+ units stops a moving corps of 2+; two detached units do not
    for road_stop, stops in (("units", True), ("corps", False)):
        g = empty(road_stop=road_stop)
        put(g, "A01", "latein_fields", corps="bagration")
        put(g, "A02", "latein_fields", corps="bagration")
        put(g, "F01", "loesch")
        put(g, "F02", "loesch")
        order = "/march corps:bagration path:podolie_fields>podolie"
        if stops:
            refused(g, "allies", order, "10")
        else:
            g.apply("allies", order)


# -- T08, T09: congestion (10) ------------------------------------------------------------------------------
def test_T08_no_road_move_through_a_locale_another_corps_moved_into() -> None:
    g = empty()
    put(g, "A01", "podolie", corps="kienmayer")
    put(g, "A02", "latein_fields", corps="bagration")
    g.apply("allies", "/move force:kienmayer to:podolie_fields")
    refused(g, "allies", "/march corps:bagration path:podolie_fields>podolie", "10")


def test_T09_no_move_into_a_locale_a_corps_passed_by_road() -> None:
    g = empty()
    put(g, "A02", "latein_fields", corps="bagration")
    put(g, "A01", "loesch", corps="kienmayer")
    g.apply("allies", "/march corps:bagration path:podolie_fields>podolie")
    refused(g, "allies", "/move force:kienmayer to:podolie_fields", "10")


# -- commands (9), corps and detachment (8) -----------------------------------------------------------------
def test_a_commander_gives_one_command_a_turn() -> None:
    g = empty()
    put(g, "A01", "krug", corps="bagration")
    g.apply("allies", "/move force:bagration to:posthouse")
    refused(g, "allies", "/move force:bagration to:krug", "9")


def test_allies_give_at_most_five_corps_commands() -> None:
    g = empty()
    corps = ["bagration", "liechtenstein", "constantine", "miloradovich", "kollowrath", "prebyshevsky"]
    for i, c in enumerate(corps):
        put(g, f"A{i + 1:02d}", "posthouse_east", corps=c)
    for c in corps[:5]:
        g.apply("allies", f"/move force:{c} to:posthouse_east at:posthouse")
    refused(g, "allies", f"/move force:{corps[5]} to:posthouse_east at:posthouse", "9")


def test_independent_commands_allies_three() -> None:
    g = empty()
    for i in range(1, 5):
        put(g, f"A{i:02d}", "posthouse_east")
    for i in range(1, 4):
        g.apply("allies", f"/move force:A{i:02d} to:posthouse")
    refused(g, "allies", "/move force:A04 to:posthouse", "9")


def test_a_unit_moves_out_of_its_corps_detached_but_never_the_last() -> None:
    g = empty()
    put(g, "A01", "krug", corps="bagration")
    put(g, "A02", "krug", corps="bagration")
    g.apply("allies", "/move force:A01 to:posthouse")
    assert g.state.blocks["A01"].corps is None
    refused(g, "allies", "/move force:A02 to:posthouse", "8")  # 8: a commander is never alone


def test_corps_move_leaves_units_behind_detached() -> None:
    g = empty()
    for u in ("A01", "A02", "A03"):
        put(g, u, "krug", corps="bagration")
    g.apply("allies", "/move force:bagration to:posthouse leave:A03")
    assert g.state.blocks["A03"].where == ("krug", None) and g.state.blocks["A03"].corps is None
    assert {b.id for b in g.state.corps_units("bagration")} == {"A01", "A02"}


def test_detach_move_and_attach() -> None:
    g = empty()
    for u in ("A01", "A02", "A03"):
        put(g, u, "krug", corps="bagration")
    put(g, "A04", "krug")
    refused(g, "allies", "/detach corps:bagration units:A01,A02,A03 to:posthouse", "8")
    g.apply("allies", "/detach corps:bagration units:A01 to:posthouse")
    assert g.state.blocks["A01"].corps is None and g.state.blocks["A01"].at == "posthouse"
    refused(g, "allies", "/attach corps:bagration unit:A04", "9")  # its command is given
    g.apply("allies", "/end")
    g.apply("french", "/end")
    g.apply("allies", "/attach corps:bagration unit:A04")
    assert g.state.blocks["A04"].corps == "bagration"


def test_capacity_counts_blocks() -> None:
    g = empty()
    for i in range(1, 6):
        put(g, f"A{i:02d}", "krug", corps="bagration")
    put(g, "A10", "holubitz", corps="kienmayer")  # holubitz holds 4
    refused(g, "allies", "/move force:bagration to:holubitz", "4")


def test_moving_into_an_enemy_locale_is_an_attack() -> None:
    g = empty()
    put(g, "A01", "krug")
    put(g, "F01", "posthouse")
    e = refused(g, "allies", "/move force:A01 to:posthouse", "10")
    assert "/attack" in e.message


def test_french_reinforcement_enters_and_raises_morale() -> None:
    g = Game.new(Options(scenario="2dec"))
    g.apply("allies", "/end")
    g.apply("french", "/enter corps:bernadotte entry:brunn")
    assert g.state.commanders["bernadotte"].at == "latein_fields"
    assert g.state.morale["french"] == 27 and g.state.reinforced  # 13, G30: +4 at the first entry
    refused(g, "french", "/enter corps:davout entry:raigern", "7")  # from round 2


# -- 1 December: the Allied corps enter (G28), night (14, G29) ----------------------------------------------
def test_1dec_allied_corps_enter_by_allied_entry_roads() -> None:
    g = Game.new(Options(scenario="1dec"))
    assert g.state.commanders["liechtenstein"].at == "off"
    refused(g, "allies", "/enter corps:liechtenstein entry:brunn", "7")  # a French entry road
    refused(g, "allies", "/enter corps:liechtenstein entry:olmuetz", "7")  # 5 units: Rausnitz holds 4 (G31)
    g.apply("allies", "/enter corps:miloradovich entry:olmuetz")
    assert g.state.commanders["miloradovich"].at == "rausnitz"
    assert all(b.at == "rausnitz" for b in g.state.corps_units("miloradovich"))


def test_night_recovers_morale_and_forbids_attacks_and_entries() -> None:
    g = Game.new(Options(scenario="1dec"))
    g.state.morale["allies"], g.state.lost["allies"] = 20, 7
    for _ in range(10):
        g.apply("allies", "/end")
        g.apply("french", "/end")
    assert g.state.round == 11 and g.view("allies").night
    assert g.state.morale["allies"] == 20 + 3  # 14: half of 7, rounded down (at most 4)
    refused(g, "allies", "/enter corps:miloradovich entry:olmuetz", "14")
    a01, f12 = g.state.blocks["A01"], g.state.blocks["F12"]
    a01.at, a01.corps = "posthouse_east", None
    f12.at, f12.corps = "schumitz_fields", None
    refused(g, "allies", "/attack from:posthouse_east into:schumitz_fields", "14")


def test_a_french_reinforcement_gives_two_commands_in_its_entry_turn() -> None:
    g = Game.new(Options(scenario="2dec"))
    g.apply("allies", "/end")
    g.apply("french", "/enter corps:bernadotte entry:brunn")
    g.apply("french", "/move force:bernadotte to:latein")  # 9 ([JW]): its second command this turn
    refused(g, "french", "/move force:bernadotte to:latein_fields", "9")
    g.apply("french", "/end")
    g.apply("allies", "/end")
    g.apply("french", "/move force:bernadotte to:latein_fields")
    refused(g, "french", "/move force:bernadotte to:latein", "9")  # one a turn afterwards


# -- G6: faces hidden again at the end of a turn ------------------------------------------------------------
def test_g6_shown_faces_in_a_group_are_shuffled_and_hidden_a_lone_block_stays_known() -> None:
    g = empty()
    for u, face in (("A01", "inf-3"), ("A02", "cav-2"), ("A03", "inf-1")):
        put(g, u, "krug", face, corps="bagration")
    put(g, "A04", "posthouse", "cav-3")
    for u in ("A01", "A02", "A04"):
        g.state.blocks[u].shown = True
    before = sorted(g.state.blocks[u].face for u in ("A01", "A02", "A03"))
    g.apply("allies", "/end")
    assert not any(g.state.blocks[u].shown for u in ("A01", "A02", "A03"))
    assert sorted(g.state.blocks[u].face for u in ("A01", "A02", "A03")) == before  # the same faces, shuffled
    assert g.state.blocks["A04"].shown
    french = {b["id"]: b for b in g.view("french").blocks}
    assert "face" not in french["A01"] and french["A04"]["face"] == "cav-3"


def test_script_and_result() -> None:
    g = Game.new(Options(), seed=5)
    g.apply("allies", "/end")
    assert g.script().splitlines() == [
        "@game triumph",
        "@options scenario=2dec blockers_must_fight=on road_stop=corps give_ground_morale=off"
        " french_setup=off",
        "@seed 5",
        "allies: /end",
    ]
    assert g.result() is None and not g.over


# -- 6: the French set-up, the fixed battery and detachments ([JW], option french_setup) -----------------
def test_french_setup_names_the_fixed_battery_before_play() -> None:
    g = Game.new(Options(french_setup=True))
    assert g.active() == ["french"] and g.view("french").step == "setup"
    refused(g, "french", "/ready", "6")
    refused(g, "french", "/battery unit:F12 facing:santon", "6")  # not artillery
    g.apply("french", "/battery unit:F01 facing:santon")
    f01 = g.state.blocks["F01"]
    assert (f01.at, f01.on, f01.corps, f01.shown) == ("santon_plain", "santon", None, True)
    assert {b["id"]: b.get("face") for b in g.view("allies").blocks}["F01"] == "art-1"  # face up
    g.apply("french", "/ready")
    assert g.active() == ["allies"] and g.view("allies").battery == "F01"
    g.apply("allies", "/end")
    refused(g, "french", "/move force:F01 to:santon_plain", "6")  # it never moves
    refused(g, "french", "/attach corps:lannes unit:F01", "6")
    g.apply("french", "/end")
    g.apply("allies", "/end")
    assert g.state.blocks["F01"].shown  # G6 does not hide it


def test_french_setup_detachments_limits() -> None:
    g = Game.new(Options(french_setup=True))
    refused(g, "french", "/post unit:F12 to:bosenitz_plain", "6")  # next to the Krug's green star
    refused(g, "french", "/post unit:F12 to:latein_fields", "6")  # more than 2 locales away
    refused(g, "french", "/post unit:A01 to:bellowitz_plain", "6")  # not French
    for u in ("F12", "F13", "F14", "F28", "F30", "F31"):
        g.apply("french", f"/post unit:{u} to:bellowitz_plain")
    assert g.state.blocks["F12"].corps is None and g.state.blocks["F12"].at == "bellowitz_plain"
    refused(g, "french", "/post unit:F35 to:bellowitz_plain", "6")  # at most 6
