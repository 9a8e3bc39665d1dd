"""Liberty's rules by number, through numbered test cases (Tnn) on our reconstructed map (``data/liberty/``).
Cases resting on a suggested reading cite it (Gnn) and the ruling in ``docs/rulings.md`` ("Liberty")."""

from __future__ import annotations

from typing import Any

import pytest
from support.liberty import actions, empty, new, put, to_p2
from support.rules import refused as rejected

from engine.liberty import battle, winter
from engine.liberty.board import recompute_control
from engine.liberty.state import POOL, PRISONER

BOSTON, SPRINGFIELD, NEWPORT, WEST = "21.08", "20.09", "21.09", "20.08"


def fired(g):
    return [e.data["unit"] for e in g.events if e.kind == "fired"]


def took(g):
    """The hits of the last roll as [block, strength after] (8.3: [block, "bombardment"]), told one by one
    after it."""
    last = max(i for i, e in enumerate(g.events) if e.kind == "fired")
    return [
        [e.data["unit"], "bombardment" if e.kind == "bombarded" else e.data["strength"]]
        for e in g.events[last:]
        if e.kind in ("hit", "bombarded")
    ]


# -- cards and sequence (Intro, 3.0-3.3) -----------------------------------------------------------------


def _cards(g, british, american):
    g.state.hands = {"british": [british, "ACT-2"], "american": [american, "ACT-3"]}
    g.apply("british", f"/play card:{british}")
    g.apply("american", f"/play card:{american}")


def test_t01_equal_cards_make_the_british_player_1():
    g = new(3)
    _cards(g, "ACT-7", "ACT-8")  # 2 and 2 (Intro, 3.1)
    st = g.state
    assert st.p1 == "british" and st.acting == "british" and st.actions_left == 2
    assert next(e for e in g.events if e.kind == "weather").data["roller"] == "american"  # 4.0: P2 rolls


def test_t02_the_higher_card_is_player_1():
    g = new(3)
    _cards(g, "ACT-1", "ACT-15")  # 1 against 3
    assert g.state.p1 == "american" and g.state.actions_left == 3 and g.active() == ["american"]


def test_t03_a_supply_card_makes_player_1_resolves_first_and_gives_no_actions():
    g = new(3)
    _cards(g, "ACT-15", "SUP-1")
    st = g.state
    assert st.p1 == "american" and st.phase == "supply" and st.acting == "american"  # 3.3, G2
    g.apply("american", "/supply")
    assert st.phase == "actions" and st.acting == "british" and st.actions_left == 3
    assert st.queue == []  # G1: the American takes no move or build


def test_t04_both_supply_cards_british_first_then_american_then_no_actions():
    g = new(3)
    _cards(g, "SUP-1", "SUP-4")
    st = g.state
    assert st.p1 == "british" and st.acting == "british" and st.phase == "supply"
    rejected(g, "american", "/supply", "3.3")
    g.apply("british", "/supply")
    assert st.acting == "american"
    g.apply("american", "/supply")
    assert st.turn == 2 and st.phase == "cards"  # no actions, no battles: the next game turn


def test_card_play_is_secret_until_both_are_in():
    g = new(3)
    card = g.state.hands["british"][0]
    g.apply("british", f"/play card:{card}")
    assert card not in str(g.view("american").to_dict()) or card in g.state.hands["american"]
    assert g.view("american").committed == {"british": True, "american": False}
    assert g.view("british").cards == {"british": card}
    rejected(g, "british", f"/play card:{g.state.hands['british'][0]}", "3.1")  # one card a turn
    rejected(g, "american", "/play card:NOPE", "3.1")


def test_t05_unused_actions_are_lost_and_each_year_is_dealt_afresh():
    g = new(3)
    _cards(g, "ACT-15", "ACT-1")
    g.apply("british", "/end")  # 3 actions, none used
    assert g.state.acting == "american" and g.state.actions_left == 1
    g = new(5)
    for _ in range(5):  # five turns: every card played, each side ending at once
        for side in ("british", "american"):
            g.apply(side, f"/play card:{g.state.hands[side][0]}")
        while g.state.phase in ("supply", "actions"):
            side = g.state.acting
            g.apply(side, "/supply" if g.state.phase == "supply" else "/end")
    assert g.state.phase == "disband" and g.state.hands == {"british": [], "american": []}  # 11.0
    g.apply("british", "/end")
    g.apply("american", "/end")
    assert g.state.year == 1776 and [len(h) for h in g.state.hands.values()] == [5, 5]  # 3.0
    assert len(set(g.state.hands["british"]) | set(g.state.hands["american"])) == 10


def test_t06_no_move_after_a_build():
    g = empty()
    put(g, "BR-2", BOSTON)
    for u in g.state.pool("british"):
        if u != "BR-5":
            put(g, u, PRISONER)
    actions(g, "british", 2)
    g.apply("british", "/build")
    assert g.state.blocks["BR-5"].at == g.ctx.lib.atlantic and g.state.actions_left == 1
    rejected(g, "british", f"/move units:BR-2 path:{BOSTON}>{WEST}", "3.2")


# -- weather (4.0) ---------------------------------------------------------------------------------------


def test_t07_t08_weather_bans_attacks_in_or_from_its_region():
    g = empty()
    put(g, "BR-2", BOSTON)
    put(g, "BR-3", BOSTON)
    put(g, "AM-1", WEST)
    actions(g, "british", 3, weather=1)  # North
    rejected(g, "british", f"/move units:BR-2 path:{BOSTON}>{WEST}", "4.0")
    g.apply("british", f"/move units:BR-2 path:{BOSTON}>{SPRINGFIELD}")  # no attack: allowed
    g.state.weather = 2  # South: the North's attacks are free
    g.apply("british", f"/move units:BR-3 path:{BOSTON}>{WEST}")
    assert g.state.attacks == {WEST: "british"}


# -- combat (2.11, 2.12, 7.x) ---------------------------------------------------------------------------


def _battle(g, attacker, moves, p1=None):
    """``attacker`` makes ``moves`` as P1 and ends: the battle phase begins (7.1)."""
    actions(g, attacker, 3, p1=p1 or attacker)
    g.state.queue = []
    for m in moves:
        g.apply(attacker, m)
    if g.state.phase == "actions":
        g.apply(attacker, "/end")


def test_t09_a_block_rolls_its_strength_and_hits_at_or_under_its_number():
    g = empty()
    put(g, "AM-9", WEST, 3)  # Morgan's riflemen, B3
    put(g, "BR-2", BOSTON, 4)
    put(g, "BR-3", BOSTON, 3)
    _battle(g, "american", [f"/move units:AM-9 path:{WEST}>{BOSTON}"])
    g.state.dice.force([1, 4, 3])  # B before C: the attacking rifles fire first (7.21) and roll 1, 4, 3
    assert g.active() == ["american"]
    g.apply("american", "/fire")
    # 7.32: 4 -> 3, then the two 3s tie and, with no /prefer, their owner chooses at once (G25)
    assert g.state.phase == "hit" and g.active() == ["british"]
    assert g.legal("british").choices == ("/hit unit:BR-2", "/hit unit:BR-3")  # the default first
    assert g.legal("american").choices == ()
    e = rejected(g, "british", "/hit unit:BR-5", "7.32")
    assert e.key == "liberty.hit.not_equal"
    g.apply("british", "/hit unit:BR-3")
    shot = [e for e in g.events if e.kind == "fired"][-1].data
    assert shot["dice"] == [1, 4, 3] and shot["hits"] == 2 and shot["rating"] == "B3"
    assert g.state.blocks["BR-2"].strength == 3 and g.state.blocks["BR-3"].strength == 2
    assert g.state.phase == "battle" and g.active() == ["british"]  # the combat turns go on (C)


def test_t10_firing_order_defender_first_within_each_letter():
    g = empty()
    for u in ("GATES", "AM-8", "MI-2"):  # defender: A1, B2, C1
        put(g, u, WEST)
    for u in ("HOWE", "BR-2", "BR-3"):  # attacker: A1, C2, C2
        put(g, u, BOSTON)
    _battle(g, "british", [f"/move units:HOWE,BR-2,BR-3 path:{BOSTON}>{WEST}"])
    g.state.dice.force([6] * 40)
    for _ in range(5):
        g.apply(g.active()[0], "/fire")
    assert fired(g) == ["GATES", "HOWE", "AM-8", "MI-2", "BR-2", "BR-3"]
    assert g.state.battle.round == 2  # 7.21: the sequence again


def test_t11_each_hit_goes_to_the_strongest_the_owner_choosing_among_equals():
    g = empty()
    put(g, "AM-2", WEST, 3)
    put(g, "AM-3", WEST, 3)
    put(g, "AM-10", WEST, 2)
    put(g, "BR-2", BOSTON, 3)  # C2, 3 dice
    _battle(g, "british", [f"/move units:BR-2 path:{BOSTON}>{WEST}"])
    g.apply("american", "/prefer hits:AM-3,AM-2")  # 7.32: the owner's choice among equals, standing
    g.state.dice.force([6] * 8 + [1, 1, 1])  # AM-10 (B2) misses; AM-2, AM-3 (C2) miss; BR-2 3 hits
    g.apply("american", "/fire")  # B
    g.apply("american", "/fire")  # C (defender first)
    g.apply("british", "/fire")
    assert took(g) == [["AM-3", 2], ["AM-2", 2], ["AM-3", 1]]


def test_t12_a_block_below_strength_1_is_captured_and_never_fires():
    g = empty()
    put(g, "AM-1", WEST, 1)  # C2 at 1
    put(g, "HOWE", BOSTON, 1)  # A1: fires first as attacker A
    put(g, "BR-2", BOSTON)
    _battle(g, "british", [f"/move units:HOWE,BR-2 path:{BOSTON}>{WEST}"])
    g.state.dice.force([1])
    g.apply("british", "/fire")
    assert g.state.blocks["AM-1"].at == PRISONER  # 2.11, 11.5: held face up by the enemy
    assert fired(g) == ["HOWE"]  # 7.32 note: not simultaneous, AM-1 never fires
    assert {"id": "AM-1", "side": "american"} in g.view("british").prisoners


def test_t13_after_three_rounds_the_attacker_withdraws_the_way_it_came():
    g = empty()
    put(g, "AM-1", WEST)
    put(g, "BR-2", BOSTON)
    _battle(g, "british", [f"/move units:BR-2 path:{BOSTON}>{WEST}"])
    g.state.dice.force([6] * 30)
    for _ in range(6):
        g.apply(g.active()[0], "/fire")
    assert g.state.blocks["BR-2"].at == BOSTON  # 7.2, G30
    over = next(e for e in g.events if e.kind == "battle_over").data
    assert over["victor"] == "american" and over["rounds"] == 3  # G26


def test_t13_an_attacker_with_no_way_back_is_captured():
    g = empty()
    put(g, "AM-1", WEST)
    put(g, "BR-2", BOSTON)
    _battle(g, "british", [f"/move units:BR-2 path:{BOSTON}>{WEST}"])
    put(g, "AM-2", BOSTON)  # Boston is now enemy-held (an artificial block: no retreat there)
    g.state.dice.force([6] * 30)
    while g.state.phase == "battle" and g.state.battle.hex == WEST:
        g.apply(g.active()[0], "/fire")
    assert g.state.blocks["BR-2"].at == PRISONER  # G28


def test_t14_the_defender_may_not_retreat_across_the_attackers_hexside():
    g = empty()
    put(g, "AM-8", WEST)  # B2: acts before the British C2
    put(g, "BR-2", BOSTON)
    _battle(g, "british", [f"/move units:BR-2 path:{BOSTON}>{WEST}"])
    rejected(g, "american", f"/retreat unit:AM-8 path:{WEST}>{BOSTON}", "7.4")
    legal = g.legal("american").choices
    assert f"/retreat unit:AM-8 path:{WEST}>{BOSTON}" not in legal
    g.apply("american", f"/retreat unit:AM-8 path:{WEST}>{SPRINGFIELD}")
    assert g.state.blocks["AM-8"].at == SPRINGFIELD


def test_t15_retreat_limits_count_per_round():
    g = empty()
    defenders = ["AM-1", "AM-2", "AM-3", "AM-4", "AM-5"]
    for u in defenders:
        put(g, u, WEST)
    put(g, "BR-2", BOSTON)
    _battle(g, "british", [f"/move units:BR-2 path:{BOSTON}>{WEST}"])
    for u in defenders[:4]:
        g.apply("american", f"/retreat unit:{u} path:{WEST}>{SPRINGFIELD}")
    rejected(g, "american", f"/retreat unit:AM-5 path:{WEST}>{SPRINGFIELD}", "7.4")  # clear: 4 a round


def reserve_battle() -> Any:
    """T16's battle: the British attack AM-1 in WEST; AM-2, Player 2's, reinforces it and waits in reserve."""
    g = empty()
    put(g, "AM-1", WEST)
    put(g, "AM-2", "20.07")
    put(g, "BR-2", BOSTON)
    put(g, "BR-3", BOSTON)
    actions(g, "british", 3)
    g.apply("british", f"/move units:BR-2,BR-3 path:{BOSTON}>{WEST}")
    to_p2(g, "american")
    g.apply("american", f"/move units:AM-2 path:20.07>{WEST}")
    return g


def test_t16_reserves_are_hidden_and_out_of_round_1():
    g = reserve_battle()
    assert g.state.reserves == ["AM-2"]
    g.apply("american", "/end")
    bt = g.state.battle
    assert bt.reserves == ["AM-2"]
    british = g.view("british")
    assert not any(b.get("id") == "AM-2" for b in british.blocks)  # not revealed in round 1
    g.state.dice.force([6, 6, 6, 6, 1, 1, 1, 1])  # AM-1 misses; BR-2's four dice all hit
    g.apply("american", "/fire")
    g.apply("british", "/fire unit:BR-2")
    assert g.state.blocks["AM-1"].at == PRISONER and g.state.blocks["AM-2"].strength == 3  # G27: no hits
    # the battle ended in round 1: the reserve must retreat (box after 7.5, G27), its owner choosing the way
    assert g.state.phase == "withdraw" and g.active() == ["american"]
    assert f"/retreat unit:AM-2 path:{WEST}>20.07" in g.legal("american").choices
    assert g.legal("british").choices == ()
    g.apply("american", "/end")  # the engine's choice: the way it came
    assert g.state.blocks["AM-2"].at == "20.07"
    assert '"AM-2"' not in str(g.view("british").to_dict()).replace("'", '"')  # still unseen


def test_g30_the_attacker_chooses_each_blocks_way_out_after_round_3():
    g = empty()
    put(g, "AM-1", WEST)
    put(g, "BR-7", BOSTON)  # dragoons, MA 2: more than one way back through Boston
    put(g, "BR-2", BOSTON)
    _battle(g, "british", [f"/move units:BR-7,BR-2 path:{BOSTON}>{WEST}"])
    g.state.dice.force([6] * 40)
    while g.state.phase == "battle":
        g.apply(g.active()[0], "/fire")
    assert g.state.phase == "withdraw" and g.active() == ["british"]  # 7.2 with G30
    assert {"BR-7", "AM-1"} <= {b.get("id") for b in g.view("american").blocks}  # still revealed (7.1)
    assert g.state.blocks["BR-2"].at == BOSTON  # one way only: it went at once
    choices = g.legal("british").choices
    assert f"/retreat unit:BR-7 path:{WEST}>{BOSTON}>21.07" in choices
    assert not any(f"path:{WEST}>20.07" in str(c) for c in choices)  # only where the attacker came in
    e = rejected(g, "british", f"/retreat unit:BR-7 path:{WEST}>20.07", "7.4")  # 20.07: neutral
    assert e.key == "liberty.retreat.attacker_side"
    e = rejected(g, "british", f"/retreat unit:BR-2 path:{BOSTON}>{NEWPORT}", "7.2")
    assert e.key == "liberty.withdraw.not_yours"
    g.apply("british", f"/retreat unit:BR-7 path:{WEST}>{BOSTON}>21.07")
    assert g.state.blocks["BR-7"].at == "21.07" and g.state.phase == "regroup"  # the victor may regroup
    over = next(e for e in g.events if e.kind == "battle_over").data
    assert over["victor"] == "american"  # G26


def test_t17_regroup_up_to_the_blocks_move_into_friendly_hexes():
    g = empty()
    put(g, "AM-1", WEST, 1)
    put(g, "BR-7", BOSTON)  # dragoons, B2, MA 2
    _battle(g, "british", [f"/move units:BR-7 path:{BOSTON}>{WEST}"])
    g.state.dice.force([6, 1, 6])
    g.apply("british", "/fire")
    assert g.state.phase == "regroup" and g.active() == ["british"]
    paths = battle.regroup_options(g.ctx)["BR-7"]
    options = {p[-1] for p in paths}
    assert BOSTON in options and g.ctx.lib.atlantic not in options
    assert all(len(p) <= 3 for p in paths)  # no forced march (5.5)
    assert "20.07" not in options  # neutral, not friendly (G31)
    g.apply("british", f"/regroup units:BR-7 path:{WEST}>{BOSTON}")
    assert g.state.blocks["BR-7"].at == BOSTON and g.state.phase == "cards"


# -- movement (5.x) -------------------------------------------------------------------------------------


def test_t18_hexside_limits_are_per_hexside():
    g = empty()
    six = ["BR-2", "BR-3", "BR-5", "HE-1", "HE-2", "HE-3"]
    for u in six:
        put(g, u, SPRINGFIELD)
    for u in ("BR-1", "BR-4", "BR-6", "HE-4"):
        put(g, u, NEWPORT)
    actions(g, "british", 3)
    g.apply("british", f"/move units:{','.join(six[:4])} path:{SPRINGFIELD}>{BOSTON}")
    err = rejected(g, "british", f"/move units:HE-2 path:{SPRINGFIELD}>{BOSTON}", "5.2")
    assert err.key == "liberty.move.hexside_full"
    g.apply("british", f"/move units:BR-1,BR-4,BR-6,HE-4 path:{NEWPORT}>{BOSTON}")
    assert len(g.state.at(BOSTON)) == 8


def test_t19_hexside_limits_are_per_player():
    g = empty()
    for u in ("BR-2", "BR-3", "BR-5", "HE-1"):
        put(g, u, SPRINGFIELD)
    for u in ("AM-1", "AM-2", "AM-3", "AM-4", "AM-5"):
        put(g, u, BOSTON)
    g.state.control[BOSTON] = "american"
    actions(g, "british", 3)
    g.apply("british", f"/move units:BR-2,BR-3,BR-5,HE-1 path:{SPRINGFIELD}>20.10")
    to_p2(g, "american")
    g.apply("american", f"/move units:AM-1,AM-2,AM-3,AM-4 path:{BOSTON}>{SPRINGFIELD}")
    rejected(g, "american", f"/move units:AM-5 path:{BOSTON}>{SPRINGFIELD}", "5.2")


def _forest(g, *, river):
    """A forest hexside (with or without a river) between two land hexes, and a land hex beyond."""
    lib = g.ctx.lib
    for s in lib.hexsides:
        if s.terrain == "forest" and bool(s.rivers) == river and lib.hex(s.a).land and lib.hex(s.b).land:
            beyond = [n for n, c in lib.neighbours(s.b) if c.land and lib.hex(n).land and n != s.a]
            if beyond and not lib.town_at(s.a) and not lib.town_at(s.b):
                return s.a, s.b, beyond[0]
    raise AssertionError("no such hexside")


def test_t20_forest_hexsides_stop_and_carry_2_but_not_indians_nor_with_a_river():
    g = empty(indians_wilderness=False)
    a, b, c = _forest(g, river=False)
    for u in ("BR-7", "LO-5", "BR-2", "IN-3"):
        put(g, u, a)
    actions(g, "british", 3)
    rejected(g, "british", f"/move units:BR-7 path:{a}>{b}>{c}", "5.2")  # dragoons must stop
    g.apply("british", f"/move units:IN-3 path:{a}>{b}>{c}")  # 10.0: an Indian need not
    g.apply("british", f"/move units:BR-7 path:{a}>{b}")
    rejected(g, "british", f"/move units:LO-5,BR-2 path:{a}>{b}", "5.2")  # a 3rd block: limit 2
    r1, r2, _ = _forest(g, river=True)
    assert g.ctx.lib.hexside(r1, r2).limit == 3 and not g.ctx.lib.hexside(r1, r2).stops


def test_t21_forced_march_rolls_after_the_movement_and_may_capture():
    g = empty()
    put(g, "AM-1", "20.07", 1)
    put(g, "AM-2", "20.07")
    actions(g, "american", 2)
    rejected(g, "american", "/move units:AM-1 path:20.07>20.08>21.08", "2.13")  # MA 1
    g.apply("american", "/move units:AM-1 path:20.07>20.08>20.09 forced:yes")
    rejected(g, "american", "/move units:AM-2 path:20.07>20.08 forced:yes river:yes", "5.5")
    g.state.dice.force([2])
    g.apply("american", "/end")
    assert g.state.blocks["AM-1"].at == PRISONER  # 5.5, 11.5: the move stood, the step lost


def test_t22_river_movement_two_hexes_along_one_river_and_not_past_the_breaks():
    g = empty()
    put(g, "BR-2", "18.08")  # Albany
    put(g, "BR-3", "19.06")  # Ticonderoga
    put(g, "AM-1", "18.10")
    actions(g, "british", 3)
    rejected(g, "british", "/move units:BR-3 path:19.06>18.07>18.08 river:yes", "5.6")  # the break
    g.apply("british", "/move units:BR-2 path:18.08>18.09>18.10 river:yes")  # Hudson, an attack
    assert g.state.attacks == {"18.10": "british"} and g.state.blocks["BR-2"].by_river


def test_t23_pinning_the_defender_keeps_as_many_as_attacked():
    g = empty()
    for u in ("AM-1", "AM-2", "AM-3", "AM-4", "AM-5"):
        put(g, u, WEST)
    put(g, "BR-2", BOSTON)
    put(g, "BR-3", BOSTON)
    actions(g, "british", 3)
    g.apply("british", f"/move units:BR-2,BR-3 path:{BOSTON}>{WEST}")
    to_p2(g, "american")
    rejected(g, "american", f"/move units:AM-1 path:{WEST}>{BOSTON}", "5.4")  # the attackers' hexside
    g.apply("american", f"/move units:AM-1,AM-2 path:{WEST}>20.07")
    rejected(g, "american", f"/move units:AM-3,AM-4 path:{WEST}>19.07", "5.4")  # 2 are pinned
    g.apply("american", f"/move units:AM-3 path:{WEST}>19.07")
    rejected(g, "american", f"/move units:AM-4 path:{WEST}>19.08", "5.4")


def test_t24_sea_movement_one_leg_a_turn_and_not_for_americans():
    g = empty()
    put(g, "BR-2", BOSTON)
    put(g, "AM-1", NEWPORT)
    actions(g, "british", 3)
    g.apply("british", "/sea units:BR-2 to:Atlantic")
    rejected(g, "british", "/sea units:BR-2 to:Boston", "5.1")  # moved once this turn
    g.state.blocks["BR-2"].moved = False
    g.apply("british", "/sea units:BR-2 to:Boston")
    to_p2(g, "american")
    rejected(g, "american", "/sea units:AM-1 to:Atlantic", "5.7")


def test_t25_passing_through_does_not_change_control_ending_there_does_at_turn_end():
    g = empty()
    put(g, "AM-10", WEST)  # dragoons
    assert g.state.control[BOSTON] == "british"
    actions(g, "american", 2)
    g.state.queue = []
    g.apply("american", f"/move units:AM-10 path:{WEST}>{BOSTON}")
    assert g.state.control[BOSTON] == "british"  # 5.3: not before the end of the turn
    g.apply("american", "/end")
    assert g.state.control[BOSTON] == "american"


# -- builds (6.x) ---------------------------------------------------------------------------------------


def test_t26_builds_british_regulars_to_the_atlantic_loyalists_to_a_supply_town():
    g = empty()
    pool = g.state.pool("british")
    for u in pool:
        if u not in ("BR-2", "LO-3"):
            put(g, u, PRISONER)
    actions(g, "british", 3)
    g.state.dice.force([1])  # the first of the two (sorted: BR-2, LO-3)
    g.apply("british", "/build")
    assert g.state.blocks["BR-2"].at == g.ctx.lib.atlantic and g.state.blocks["BR-2"].strength == 4
    g.apply("british", "/build")
    assert g.state.phase == "place" and g.state.drawn == "LO-3"
    places = [c.to for c in g.legal("british").choices]
    assert BOSTON in places and "18.11" not in places  # a British supply town, not an American one
    rejected(g, "british", "/place to:New York", "6.1")
    g.apply("british", "/place to:Boston")
    assert g.state.blocks["LO-3"].at == BOSTON
    assert not any(b.get("id") in ("BR-2", "LO-3") for b in g.view("american").blocks)  # drawn blind


def test_t27_supply_card_one_step_a_block_in_supply_towns_and_the_atlantic():
    g = empty()
    put(g, "BR-2", BOSTON, 2)  # A 2/4 in a supply town
    put(g, "BR-5", "Atlantic", 1)  # B 1/3
    put(g, "BR-3", "15.17", 3)  # C 3/3 (Norfolk)
    put(g, "BR-1", "19.02", 1)  # D in a small town (Three Rivers)
    g.state.hands = {"british": ["SUP-4"], "american": ["ACT-1"]}
    g.apply("british", "/play card:SUP-4")
    g.apply("american", "/play card:ACT-1")
    assert g.state.phase == "supply"
    rejected(g, "british", "/supply units:BR-2,BR-2", "3.3")
    rejected(g, "british", "/supply units:BR-3", "3.3")
    rejected(g, "british", "/supply units:BR-1", "3.3")
    g.apply("british", "/supply units:BR-2,BR-5")
    assert g.state.blocks["BR-2"].strength == 3 and g.state.blocks["BR-5"].strength == 2


def test_t45_no_build_into_a_battle_hex():
    g = empty()
    put(g, "BR-2", BOSTON)
    put(g, "AM-1", "18.11")  # New York, value 4
    for u in g.state.pool("american"):
        if u != "AM-2":
            put(g, u, PRISONER)
    actions(g, "british", 3)
    g.state.blocks["BR-2"].at = "18.11"  # the attack is in place
    g.state.attacks["18.11"] = "british"
    to_p2(g, "american")
    g.apply("american", "/build")
    assert "/place to:18.11" not in g.legal("american").choices
    rejected(g, "american", "/place to:New York", "6.2")


# -- navy (8.x) -----------------------------------------------------------------------------------------


def test_t28_sea_attack_needs_a_warship_and_at_most_3_land_blocks():
    g = empty()
    for u in ("BR-2", "BR-3", "BR-5", "HE-1", "RN-2"):
        put(g, u, "Atlantic")
    put(g, "AM-1", NEWPORT)
    actions(g, "british", 3)
    rejected(g, "british", "/sea units:BR-2,BR-3,BR-5,HE-1,RN-2 to:Newport", "8.4")
    rejected(g, "british", "/sea units:BR-2 to:Newport", "8.4")
    g.apply("british", "/sea units:BR-2,BR-3,BR-5,RN-2 to:Newport")
    assert g.state.attacks == {NEWPORT: "british"}


def test_t30_bombardment_never_takes_a_land_block_below_1():
    g = empty()
    put(g, "AM-2", NEWPORT, 1)
    put(g, "RN-2", "Atlantic", 2)  # A2
    actions(g, "british", 3)
    g.state.queue = []
    g.apply("british", "/sea units:RN-2 to:Newport")
    g.apply("british", "/end")
    g.state.dice.force([1, 1, 6])
    g.apply("british", "/fire")
    assert g.state.blocks["AM-2"].strength == 1
    assert took(g) == [["AM-2", "bombardment"]] * 2


# -- winter (11.x), France, Indians ---------------------------------------------------------------------


def _winter(g):
    g.state.turn = 5
    recompute_control(g.ctx)
    g.state.phase = "winter"  # the fifth game turn's battles are over (11.0; engine/liberty/sequence.py)
    winter.begin(g.ctx)


def _five_in_boston_at_winter():
    """5 British blocks in Boston (value 3), one of them worn, and the disbanding over (11.3)."""
    g = empty()
    for u in ("BR-2", "BR-3", "BR-5", "HE-1", "HE-2"):
        put(g, u, BOSTON, 2 if u == "HE-2" else None)
    _winter(g)
    g.apply("british", "/end")
    g.apply("american", "/end")
    return g


def test_t33_winter_attrition_without_a_leader():
    g = _five_in_boston_at_winter()
    assert g.state.phase == "attrition" and g.active() == ["british"]  # 11.4: the owner's choice
    choices = g.legal("british").choices
    assert len(choices) == 10 + 1 and choices[-1] == "/end"  # any 2 of the 5 (Boston supplies 3), or /end
    assert choices[0] == "/attrition units:BR-5,HE-2"  # the default first: the weakest (3 and 2)
    e = rejected(g, "british", "/attrition units:BR-2", "11.4")
    assert e.key == "liberty.attrition.wrong"
    g.apply("british", "/attrition units:BR-3,HE-1")
    gone = sorted(b.id for b in g.state.blocks.values() if b.at == PRISONER)
    assert gone == ["BR-3", "HE-1"] and g.state.phase == "cards" and g.state.year == 1777


def test_11_4_end_leaves_the_choice_to_the_engine_the_weakest_first():
    g = _five_in_boston_at_winter()
    g.apply("british", "/end")  # what a passed deadline does (bot/service/deadlines.py)
    gone = sorted(b.id for b in g.state.blocks.values() if b.at == PRISONER)
    assert len(gone) == 2 and "HE-2" in gone and g.state.phase == "cards"


def test_11_4_no_choice_no_question_and_only_blocks_at_a_place_in_question():
    g = empty()
    for u in ("BR-2", "BR-3"):
        put(g, u, "18.10")  # West Point: a small town supplies none
    for u in ("AM-1", "AM-2", "AM-3", "AM-4"):
        put(g, u, BOSTON)
    g.state.control[BOSTON] = "american"
    _winter(g)
    g.apply("british", "/end")
    g.apply("american", "/end")
    assert [g.state.blocks[u].at for u in ("BR-2", "BR-3")] == [PRISONER, PRISONER]  # no choice: both go
    assert g.active() == ["american"] and g.state.phase == "attrition"
    e = rejected(g, "british", "/attrition units:BR-2", "11.4")
    assert e.key == "liberty.attrition.not_now"
    e = rejected(g, "american", "/attrition units:AM-1,AM-2", "11.4")
    assert e.key == "liberty.attrition.wrong"
    g.apply("american", "/attrition units:AM-4")
    assert g.state.blocks["AM-4"].at == PRISONER and g.state.phase == "cards"


def test_t33_the_owner_chooses_who_goes_by_its_standing_order():
    g = empty()
    for u in ("BR-2", "BR-3", "BR-5", "HE-1", "HE-2"):
        put(g, u, BOSTON)
    g.apply("british", "/prefer hits:BR-2,HE-1")
    _winter(g)
    g.apply("british", "/end")
    g.apply("american", "/end")
    assert sorted(b.id for b in g.state.blocks.values() if b.at == PRISONER) == ["BR-2", "HE-1"]


@pytest.mark.parametrize(
    ("town", "leader_cv", "others", "lost"),
    [("18.09", 3, ["AM-1", "AM-2", "AM-3"], 1), (BOSTON, 2, ["AM-1", "AM-2", "AM-3", "AM-4"], 0)],
)
def test_t34_leaders_supply_their_strength_in_a_town(town, leader_cv, others, lost):
    g = empty()
    put(g, "WASHINGTON", town, leader_cv)
    for u in others:
        put(g, u, town)
    kept = winter.supported(g.ctx, town, g.state.at(town, "american"))
    assert len(g.state.at(town)) - len(kept) == lost  # (a) Kingston, small: 3; (b) Boston 3 + 2


def test_t34c_an_american_leader_does_not_supply_french_blocks():
    g = empty()
    put(g, "WASHINGTON", BOSTON, 2)
    for u in ("FR-1", "FR-2", "FR-3", "FR-4"):
        put(g, u, BOSTON)
    kept = winter.supported(g.ctx, BOSTON, g.state.at(BOSTON, "american"))
    assert len(kept) == 4 and "WASHINGTON" in [b.id for b in kept]  # 3 French + the leader: 1 French lost
    # the owner's choice (11.4) is of the French block to lose: losing Washington would leave 4 French for 3
    assert winter.attrition_choices(g.ctx, "american", BOSTON) == [["FR-4"], ["FR-1"], ["FR-2"], ["FR-3"]]


@pytest.mark.parametrize(("vp_towns", "year", "winner"), [(30, 1777, "british"), (11, 1777, "american")])
def test_t35_victory_thresholds(vp_towns, year, winner):
    g = empty(british_win=30, american_win=12)  # the text's thresholds (ours are calibrated: options)
    g.state.year = year
    towns = sorted((t for t in g.ctx.lib.towns if t.hex and t.value), key=lambda t: -t.value)
    total, british = 0, []
    for t in towns:
        if total + t.value <= vp_towns:
            total += t.value
            british.append(t.hex)
    assert total == vp_towns
    _winter(g)
    for t in towns:
        g.state.control[t.hex] = "british" if t.hex in british else "american"
    g.state.phase = "winter"  # the next year's winter (11.0)
    winter.begin(g.ctx)
    assert g.state.winner == winner and g.state.vp == vp_towns and g.over


def test_t35_the_americans_win_at_the_end_of_1783_and_the_option_moves_it():
    g = empty()
    g.state.year = 1783
    _winter(g)
    assert g.state.winner == "american" and g.state.reason == "last_year"  # not the misprinted 1873
    g = empty(last_year=1790)
    g.state.year = 1783
    _winter(g)
    assert not g.over
    g = empty(british_win=14)
    _winter(g)
    assert g.state.winner == "british"  # the British hold 14 at the start (data README)


def test_t36_french_entry_from_1776_on_8_or_more():
    g = empty()
    g.state.year = 1775
    _winter(g)
    assert not any(e.kind == "french_entry" for e in g.events)
    g = empty()
    g.state.dice.force([3, 4])
    _winter(g)
    assert not g.state.french_in
    g = empty()
    g.state.dice.force([4, 4])
    _winter(g)
    assert g.state.french_in and "FR-1" in g.state.pool("american")


def test_t37_disbanding():
    g = empty()
    put(g, "BR-2", "Atlantic")
    put(g, "BR-3", "10.12")  # Fort Pitt, inland
    put(g, "AM-1", "18.09")  # Kingston, a small town
    _winter(g)
    assert g.state.blocks["BR-2"].at == POOL  # 11.3: the Atlantic must disband
    rejected(g, "british", "/disband units:BR-3", "11.3")
    g.apply("british", "/end")
    g.apply("american", "/disband units:AM-1")
    assert g.state.blocks["AM-1"].at == POOL


def test_t37_yorktown_bars_the_chesapeake_ports():
    g = empty()
    put(g, "BR-2", "15.17")  # Norfolk
    put(g, "AM-1", "15.16")  # Yorktown
    _winter(g)
    rejected(g, "british", "/disband units:BR-2", "11.3")


def test_t38_indians_b2_in_their_own_town_and_captured_if_it_is_taken():
    g = empty()
    assert g.ctx.lib.rating("IN-2", "17.07") == "B2" and g.ctx.lib.rating("IN-2", "17.08") == "B1"
    put(g, "AM-1", "17.07")  # the Mohawk town; IN-2 is in the pool
    _winter(g)
    assert g.state.blocks["IN-2"].at == PRISONER  # 10.0, G44: even from the pool


def test_t38_indians_suffer_no_attrition():
    g = empty()
    put(g, "IN-1", "04.20")  # a hex with no town
    put(g, "BR-2", "04.20")
    _winter(g)
    g.apply("british", "/end")
    g.apply("american", "/end")
    assert g.state.blocks["IN-1"].at == "04.20" and g.state.blocks["BR-2"].at == PRISONER


def test_t39_west_indies_before_french_entry():
    g = empty()
    put(g, "RN-3", "Jamaica")
    put(g, "BR-2", "Jamaica")
    put(g, "BR-3", "Atlantic")
    actions(g, "british", 3)
    rejected(g, "british", "/sea units:BR-3 to:Jamaica", "9.1")
    rejected(g, "british", "/sea units:RN-3 to:Martinique", "9.1")


def test_t44_the_indians_wilderness_reading_is_an_option():
    for on, ok in ((True, False), (False, True)):
        g = empty(indians_wilderness=on)
        put(g, "IN-2", "17.07")
        actions(g, "british", 3)
        order = "/move units:IN-2 path:17.07>18.08"  # Albany: not wilderness
        if ok:
            g.apply("british", order)
        else:
            rejected(g, "british", order, "10.0")


def test_11_5_prisoners_are_exchanged_by_an_offer_and_its_acceptance_at_any_time():
    g = empty()
    put(g, "AM-1", PRISONER)
    put(g, "AM-2", PRISONER)
    put(g, "BR-2", PRISONER)
    rejected(g, "british", "/exchange give:BR-2 take:AM-1", "11.5")  # BR-2 is the British's own
    g.apply("british", "/exchange give:AM-1 take:BR-2")  # in the card phase, out of any turn order
    assert g.view("american").offer == {"by": "british", "give": ["AM-1"], "take": ["BR-2"]}
    assert "/accept" in g.legal("american").choices
    rejected(g, "british", "/accept", "11.5")  # not one's own offer
    answered = [e for e in g.apply("american", "/accept") if e.kind == "exchange_answered"]
    assert [(e.data["by"], e.data["accepted"]) for e in answered] == [("american", True)]  # who answered
    assert g.state.blocks["AM-1"].at == POOL and g.state.blocks["BR-2"].at == POOL
    assert g.state.blocks["AM-2"].at == PRISONER and g.state.offer is None  # G46: nothing else moves
    put(g, "BR-1", PRISONER)
    g.apply("american", "/exchange give:BR-1 take:AM-2")
    g.apply("british", "/decline")
    assert g.state.blocks["AM-2"].at == PRISONER and g.state.blocks["BR-1"].at == PRISONER


def test_t32_warships_move_2_sea_hexes_to_a_port_3_by_forced_march():
    g = empty()
    put(g, "RN-1", BOSTON)
    put(g, "RN-2", BOSTON)
    put(g, "BR-2", BOSTON)
    actions(g, "british", 3)
    rejected(g, "british", f"/move units:RN-1 path:{BOSTON}>22.08", "8.1")  # not a port
    rejected(g, "british", f"/move units:RN-1 path:{BOSTON}>{NEWPORT}", "8.1")  # a land hexside
    rejected(g, "british", f"/move units:RN-1,BR-2 path:{BOSTON}>22.08>22.07", "8.1")
    rejected(g, "british", f"/move units:RN-1 path:{BOSTON}>22.09>22.10>{NEWPORT}", "8.1")  # 3 hexes
    g.apply("british", f"/move units:RN-1 path:{BOSTON}>22.08>22.07")  # Portsmouth
    g.apply("british", f"/move units:RN-2 path:{BOSTON}>22.09>22.10>{NEWPORT} forced:yes")
    g.state.dice.force([5])
    g.apply("british", "/end")
    assert g.state.blocks["RN-1"].at == "22.07" and g.state.blocks["RN-2"].at == NEWPORT
    assert any(e.kind == "forced_march" and e.data["die"] == 5 for e in g.events)  # 5.5 for warships too


# -- navy in battle (8.2-8.6) ---------------------------------------------------------------------------


def _sea_attack_on_newport(g, land, ship_cv):
    g.state.french_in = True
    put(g, "FN-2", NEWPORT, 1 if ship_cv == "weak_french" else 2)
    put(g, "AM-1", NEWPORT)
    put(g, "AM-2", NEWPORT)
    for u in land:
        put(g, u, "Atlantic")
    put(g, "RN-2", "Atlantic", 1 if ship_cv == "weak_british" else 4)
    _battle(g, "british", [f"/sea units:{','.join([*land, 'RN-2'])} to:Newport"])


def test_t29_warships_fight_first_and_the_land_blocks_wait_at_sea():
    g = empty()
    _sea_attack_on_newport(g, ["BR-2", "BR-3", "BR-5"], "weak_french")
    assert g.legal("american").choices[:2] == ("/fire", "/fire unit:FN-2")  # only the warship acts (8.4)
    assert not any("AM-1" in str(c) for c in g.legal("american").choices)
    g.state.dice.force([6, 6, 1, 6, 6, 6])  # FN-2 misses; RN-2 sinks it with one of four
    g.apply("american", "/fire")
    g.apply("british", "/fire")
    assert g.state.blocks["FN-2"].at == PRISONER
    assert g.active() == ["american"] and g.state.battle.round == 1  # landed: the C blocks fight (G35)
    assert {b.id for b in battle.step(g.ctx)[2]} == {"AM-1", "AM-2"}


def test_t29_if_the_attacking_warships_are_sunk_the_land_blocks_lose_a_step_and_go_back():
    g = empty()
    _sea_attack_on_newport(g, ["BR-2", "BR-3", "BR-5"], "weak_british")
    g.state.dice.force([1, 6])
    g.apply("american", "/fire")
    assert g.state.blocks["RN-2"].at == PRISONER
    assert [(g.state.blocks[u].at, g.state.blocks[u].strength) for u in ("BR-2", "BR-3")] == [
        ("Atlantic", 3), ("Atlantic", 2),
    ]  # fmt: skip


def test_t31_a_dragoon_landing_fires_as_c_in_the_first_round():
    g = empty()
    put(g, "AM-2", NEWPORT)
    put(g, "BR-7", "Atlantic")
    put(g, "RN-2", "Atlantic")
    _battle(g, "british", ["/sea units:BR-7,RN-2 to:Newport"])
    g.state.dice.force([6] * 40)
    for _ in range(6):
        g.apply(g.active()[0], "/fire")
    assert fired(g) == ["RN-2", "AM-2", "BR-7", "RN-2", "BR-7", "AM-2"]  # C2 in round 1, B2 after (G34)


def test_t40_player_2_may_sea_move_unpinned_blocks_out_of_a_battle_hex():
    g = empty()
    for u in ("BR-2", "BR-3", "BR-5", "HE-1"):
        put(g, u, BOSTON)
    put(g, "AM-1", WEST)
    put(g, "AM-2", WEST)
    actions(g, "american", 3)
    g.apply("american", f"/move units:AM-1,AM-2 path:{WEST}>{BOSTON}")
    to_p2(g, "british")
    g.apply("british", "/sea units:BR-2,BR-3 to:Atlantic")
    rejected(g, "british", "/sea units:BR-5 to:Atlantic", "5.4")  # the other 2 are pinned


def test_t41_excess_hits_carry_over_from_the_last_warship_to_the_land_blocks():
    g = empty()
    g.state.french_in = True
    put(g, "RN-1", NEWPORT, 1)
    put(g, "BR-3", NEWPORT, 3)
    put(g, "LO-1", NEWPORT, 2)
    g.state.control[NEWPORT] = "british"
    put(g, "FN-3", "Atlantic", 4)
    _battle(g, "american", ["/sea units:FN-3 to:Newport"])
    g.state.dice.force([6, 1, 1, 1, 6])  # RN-1 misses; FN-3 scores 3
    g.apply("british", "/fire")
    g.apply("american", "/fire")
    assert g.state.phase == "hit" and g.active() == ["british"]  # the third hit: "the owner picks one"
    g.apply("british", "/hit unit:LO-1")
    assert took(g) == [["RN-1", 0], ["BR-3", 2], ["LO-1", 1]]  # 8.2; 7.32 the owner's choice among equals


def test_t42_land_blocks_sea_retreat_only_with_a_warship_and_at_most_3():
    g = empty()
    for u in ("RN-1", "BR-2", "BR-3", "BR-5", "HE-1"):
        put(g, u, BOSTON)
    put(g, "AM-1", WEST)
    _battle(g, "american", [f"/move units:AM-1 path:{WEST}>{BOSTON}"])
    g.state.dice.force([6] * 60)
    g.apply("british", "/fire unit:RN-1")  # round 1: the warship stays
    rejected(g, "british", "/retreat unit:BR-2 path:Atlantic", "8.5")
    while g.state.battle.round == 1:
        g.apply(g.active()[0], "/fire")
    g.apply("british", "/retreat unit:RN-1 path:Atlantic")
    for u in ("BR-2", "BR-3", "BR-5"):
        g.apply("british", f"/retreat unit:{u} path:Atlantic")
    rejected(g, "british", "/retreat unit:HE-1 path:Atlantic", "8.5")
    assert [g.state.blocks[u].at for u in ("RN-1", "BR-2", "BR-5", "HE-1")] == ["Atlantic"] * 3 + [BOSTON]


def test_t43_warships_alone_cannot_hold_against_land_blocks():
    g = empty()
    put(g, "RN-1", BOSTON)
    put(g, "AM-1", WEST, 1)
    _battle(g, "american", [f"/move units:AM-1 path:{WEST}>{BOSTON}"])
    g.state.dice.force([1, 1, 6] * 3)  # the warship hits twice a round, AM-1 misses
    for _ in range(6):
        g.apply(g.active()[0], "/fire")
    assert g.state.blocks["RN-1"].at == "Atlantic" and g.state.blocks["AM-1"].at == BOSTON  # 8.6, G37
    assert g.state.blocks["AM-1"].strength == 1  # 8.3: bombardment never eliminates


def test_g7_one_action_moves_one_group_along_several_paths():
    g = empty()
    for u in ("BR-2", "BR-3", "BR-5"):
        put(g, u, BOSTON)
    put(g, "HE-1", NEWPORT)
    actions(g, "british", 1)
    g.apply("british", f"/move units:BR-2 path:{BOSTON}>{WEST}")
    assert g.state.phase == "actions" and g.state.actions_left == 0  # the group may go on (G7)
    assert f"/move units:BR-3 path:{BOSTON}>{SPRINGFIELD} also:yes" in g.legal("british").choices
    rejected(g, "british", f"/move units:HE-1 path:{NEWPORT}>{SPRINGFIELD} also:yes", "5.1")  # another group
    rejected(g, "british", f"/move units:BR-3 path:{BOSTON}>{SPRINGFIELD}", "3.1")  # a new action: none left
    g.apply("british", f"/move units:BR-3 path:{BOSTON}>{SPRINGFIELD} also:yes")
    g.apply("british", f"/move units:BR-5 path:{BOSTON}>21.07 also:yes")
    assert g.state.phase == "cards"  # the whole group moved: the actions end by themselves
    assert [g.state.blocks[u].at for u in ("BR-2", "BR-3", "BR-5")] == [WEST, SPRINGFIELD, "21.07"]


def test_g33_land_blocks_at_sea_leave_with_their_last_warship():
    g = empty()
    _sea_attack_on_newport(g, ["BR-2", "BR-3"], "weak_french")
    g.state.dice.force([6])
    g.apply("american", "/fire")  # FN-2 misses
    g.apply("british", "/retreat unit:RN-2 path:Atlantic")
    assert [g.state.blocks[u].at for u in ("RN-2", "BR-2", "BR-3")] == ["Atlantic"] * 3
    assert g.state.blocks["BR-2"].strength == 4  # no step lost (G33)


def test_7_4_a_hexside_both_used_is_for_the_last_to_enter():
    g = empty()
    put(g, "AM-1", WEST)
    put(g, "AM-10", "21.07")  # dragoons, MA 2
    put(g, "BR-2", BOSTON)
    actions(g, "british", 3)
    g.apply("british", f"/move units:BR-2 path:{BOSTON}>{WEST}")
    to_p2(g, "american")
    g.apply("american", f"/move units:AM-10 path:21.07>{BOSTON}>{WEST}")  # through empty Boston (G8)
    g.apply("american", "/end")
    g.state.dice.force([6] * 30)
    g.apply("american", "/fire")
    assert g.active() == ["british"]
    # the Americans came last
    assert not any(str(c).startswith("/retreat") for c in g.legal("british").choices)
    rejected(g, "british", f"/retreat unit:BR-2 path:{WEST}>{BOSTON}", "7.4")
    while g.state.phase == "battle":
        g.apply(g.active()[0], "/fire")
    assert g.state.blocks["BR-2"].at == PRISONER  # G28: no way back after round 3


# -- retreat and regroup by river (7.4, 7.5, G29, G31) and between the West Indies ports (8.5, 9.1) ------


def test_g29_a_block_that_joined_by_river_may_retreat_by_river_and_no_other():
    g = empty()
    put(g, "BR-2", "18.08")  # Albany
    put(g, "AM-1", "18.10", 1)
    put(g, "AM-2", "18.10")
    _battle(g, "british", ["/move units:BR-2 path:18.08>18.09>18.10 river:yes"])  # the Hudson (5.6)
    g.state.control.update({"18.08": "british", "18.09": "british"})  # Albany and Kingston held (artificial)
    g.state.dice.force([6] * 10)
    g.apply("american", "/fire")  # the defender's C blocks first; both miss
    river = "/retreat unit:BR-2 path:18.10>18.09>18.08 river:yes"
    assert river in g.legal("british").choices  # 7.4: it joined by river
    rejected(g, "british", "/retreat unit:BR-2 path:18.10>18.09>18.08", "2.13")  # overland: MA 1
    g.apply("british", river)
    assert g.state.blocks["BR-2"].at == "18.08"


def test_g29_a_block_that_came_overland_does_not_retreat_by_river():
    g = empty()
    put(g, "BR-2", "18.09")
    put(g, "AM-8", "18.10")  # B2: acts first
    _battle(g, "british", ["/move units:BR-2 path:18.09>18.10"])
    assert not any("river:yes" in str(c) for c in g.legal("american").choices)
    e = rejected(g, "american", "/retreat unit:AM-8 path:18.10>18.11 river:yes", "7.4")
    assert e.key == "liberty.move.river_joined"


def test_g28_g30_an_attacker_that_came_by_river_withdraws_back_along_it():
    g = empty()
    put(g, "BR-2", "18.08")
    put(g, "AM-1", "18.10")
    _battle(g, "british", ["/move units:BR-2 path:18.08>18.09>18.10 river:yes"])
    g.state.control.update({"18.08": "british", "18.09": "british"})
    g.state.dice.force([6] * 30)
    while g.state.phase == "battle":
        g.apply(g.active()[0], "/fire")
    assert "/retreat unit:BR-2 path:18.10>18.09>18.08 river:yes" in g.legal("british").choices
    g.apply("british", "/end")  # the engine's choice
    assert g.state.blocks["BR-2"].at == "18.08"  # 7.2 with G30: the way it came, by river (G29)


def test_g31_a_block_that_joined_by_river_may_regroup_by_river():
    g = empty()
    put(g, "BR-2", "18.08")
    put(g, "BR-3", "18.09")
    put(g, "AM-1", "18.10", 1)
    _battle(
        g,
        "british",
        ["/move units:BR-2 path:18.08>18.09>18.10 river:yes", "/move units:BR-3 path:18.09>18.10"],
    )
    g.state.control.update({"18.08": "british", "18.09": "british"})
    g.state.dice.force([6, 1, 6, 6])  # AM-1 misses, BR-2 takes its last step
    g.apply("american", "/fire")
    g.apply("british", "/fire unit:BR-2")
    assert g.state.phase == "regroup"
    choices = g.legal("british").choices
    assert "/regroup units:BR-2 path:18.10>18.09>18.08 river:yes" in choices
    assert not any(str(c).startswith("/regroup units:BR-3") and "river:yes" in str(c) for c in choices)
    rejected(g, "british", "/regroup units:BR-3 path:18.10>18.09>18.08 river:yes", "7.5")  # came overland
    g.apply("british", "/regroup units:BR-2 path:18.10>18.09>18.08 river:yes")
    assert g.state.blocks["BR-2"].at == "18.08"


def _west_indies_battle(g, french_land):
    """The French sail from Martinique straight to Jamaica (9.1), held by a British warship and a block."""
    g.state.french_in = True
    put(g, "RN-1", "Jamaica")
    put(g, "BR-2", "Jamaica")
    put(g, "FN-1", "Martinique")
    for u in french_land:
        put(g, u, "Martinique")
    recompute_control(g.ctx)
    _battle(g, "american", [f"/sea units:{','.join(['FN-1', *french_land])} to:Jamaica"])


def test_9_1_a_sea_retreat_from_a_west_indies_port_may_go_to_the_other():
    g = empty()
    _west_indies_battle(g, ["FR-1"])
    g.state.dice.force([6] * 20)
    g.apply("british", "/fire unit:RN-1")  # the warships first (8.2, 8.4): RN-1 misses
    choices = g.legal("american").choices
    assert "/retreat unit:FN-1 path:Martinique" in choices and "/retreat unit:FN-1 path:Atlantic" in choices
    g.apply("american", "/retreat unit:FN-1 path:Martinique")
    # G33 with 9.1: the land block still at sea goes with its last warship, back to Martinique
    assert [g.state.blocks[u].at for u in ("FN-1", "FR-1")] == ["Martinique", "Martinique"]


def test_8_5_land_blocks_sea_retreat_where_their_warship_went():
    g = empty()
    g.state.french_in = True
    put(g, "BR-2", "Jamaica", 1)
    put(g, "FN-1", "Martinique")
    put(g, "FR-1", "Martinique")
    recompute_control(g.ctx)
    _battle(g, "american", ["/sea units:FN-1,FR-1 to:Jamaica"])  # no British warship: they land at once
    g.apply("american", "/retreat unit:FN-1 path:Martinique")  # the unopposed warship goes first (A)
    g.state.dice.force([6])
    g.apply("british", "/fire")  # the defender's C block misses
    choices = g.legal("american").choices
    assert (
        "/retreat unit:FR-1 path:Martinique" in choices and "/retreat unit:FR-1 path:Atlantic" not in choices
    )
    e = rejected(g, "american", "/retreat unit:FR-1 path:Atlantic", "8.5")
    assert e.key == "liberty.retreat.sea_place"
    g.apply("american", "/retreat unit:FR-1 path:Martinique")
    assert g.state.blocks["FR-1"].at == "Martinique"


def test_9_1_the_victor_may_regroup_between_the_west_indies_ports():
    g = empty()
    _west_indies_battle(g, ["FR-1", "FR-2"])
    g.state.dice.force([6] * 8 + [1] * 4 + [1] * 3 + [6] * 10)  # RN-1 misses, FN-1 sinks it
    g.apply("british", "/fire unit:RN-1")
    while g.state.phase in ("battle", "hit"):
        role = g.active()[0]
        g.apply(role, g.legal(role).choices[0] if g.state.phase == "hit" else "/fire")
    assert g.state.phase == "regroup" and g.state.battle.victor == "american"
    choices = g.legal("american").choices
    assert "/regroup units:FR-1 path:Jamaica>Martinique" in choices
    assert not any("Atlantic" in str(c) for c in choices)  # 7.5: never into the Atlantic box
    g.apply("american", "/regroup units:FN-1,FR-1 path:Martinique")
    assert [g.state.blocks[u].at for u in ("FN-1", "FR-1", "FR-2")] == ["Martinique", "Martinique", "Jamaica"]


def test_7_4_a_retreat_is_offered_by_each_hexside_the_attacker_entered_by():
    g = empty()
    put(g, "AM-1", WEST)
    put(g, "BR-7", BOSTON)  # dragoons, MA 2
    put(g, "BR-2", SPRINGFIELD)
    _battle(
        g,
        "british",
        [f"/move units:BR-7 path:{BOSTON}>{WEST}", f"/move units:BR-2 path:{SPRINGFIELD}>{WEST}"],
    )
    g.state.control.update({SPRINGFIELD: "british", NEWPORT: "british"})  # (artificial) both ways open
    choices = g.legal("british").choices
    assert f"/retreat unit:BR-7 path:{WEST}>{BOSTON}>{NEWPORT}" in choices
    assert f"/retreat unit:BR-7 path:{WEST}>{SPRINGFIELD}>{NEWPORT}" in choices  # the other hexside
    g.apply("british", f"/retreat unit:BR-7 path:{WEST}>{SPRINGFIELD}>{NEWPORT}")
    assert g.state.blocks["BR-7"].at == NEWPORT


def test_g25_a_hit_among_equals_waits_on_its_owner_and_the_turns_other_blocks_fire_after():
    g = empty()
    put(g, "AM-2", WEST, 3)
    put(g, "AM-3", WEST, 3)
    put(g, "BR-2", BOSTON, 4)
    put(g, "BR-3", BOSTON, 3)
    _battle(g, "british", [f"/move units:BR-2,BR-3 path:{BOSTON}>{WEST}"])
    g.state.dice.force([6] * 6 + [1, 6, 6, 6] + [1, 6, 6])
    g.apply("american", "/fire")  # the defender's C blocks miss
    g.apply("british", "/fire")  # BR-2 hits once: AM-2 and AM-3 are equals
    # BR-2's roll is told, its hit waits on the owner (G25)
    assert g.state.phase == "hit" and fired(g) == ["AM-2", "AM-3", "BR-2"] and took(g) == []
    rejected(g, "british", "/hit unit:BR-3", "7.32")  # not the British player's choice
    g.apply("american", "/hit unit:AM-3")
    assert fired(g)[-2:] == ["BR-2", "BR-3"]  # then BR-3 fires, at the then-strongest: AM-2
    assert (g.state.blocks["AM-2"].strength, g.state.blocks["AM-3"].strength) == (2, 2)
    assert g.state.battle.round == 2


# -- through the script runner: 1.6 no combat in the Atlantic box; 7.5 warships regroup ------------------


def _script(lines: str):
    from engine.script import run_lines

    out = run_lines(["@game liberty", "@seed 3", *lines.strip().splitlines()])
    assert out.ok, [r for r in out.results if r.get("unexpected")]
    return out.game, [r["error"] for r in out.results if r["error"]]


# after French entry (9.0) the American P1 sails a French block into the Atlantic box where British blocks are
ATLANTIC = """
@french in
@hand british ACT-1,ACT-2
@hand american ACT-15,ACT-16
@place FR-1 Newport
@place BR-5 Atlantic
@place HE-1 Atlantic
@dice 6
american: /play card:ACT-15
british: /play card:ACT-1
american: /sea units:FR-1 to:Atlantic
american: /end
"""


def test_1_6_sailing_into_the_atlantic_box_where_enemy_blocks_are_pins_nobody():
    """1.6 「戦闘は許されない」: no attack in the Atlantic box, so nothing there is pinned (5.4): the British
    P2 sails its blocks out to Boston as it may from any place."""
    g, _ = _script(ATLANTIC + "british: /sea units:BR-5,HE-1 to:Boston\n")
    st = g.state
    assert [st.blocks[u].at for u in ("FR-1", "BR-5", "HE-1")] == ["Atlantic", BOSTON, BOSTON]
    sailed = next(e for e in g.events if e.kind == "sea_moved" and e.data["side"] == "american")
    assert sailed.data["attack"] is False and "Atlantic" not in st.attacks


def test_1_6_both_sides_stay_in_the_atlantic_box_and_no_battle_is_fought():
    g, _ = _script(ATLANTIC + "british: /sea units:BR-5 to:Boston\n")  # its one action: its turn is over
    st = g.state
    assert st.blocks["HE-1"].at == "Atlantic" and st.blocks["FR-1"].at == "Atlantic"  # side by side
    assert st.turn == 2 and st.phase == "cards"  # the turn ended without a battle (7.0)
    assert not any(e.kind == "battle" for e in g.events)


# the British defend New London (a port) with a warship and a land block; the Americans attack from Newport;
# the British win, LO-2 holds New York (friendly by its blocks), New Haven and Newport are American towns
NEW_LONDON = """
@hand british ACT-1,ACT-2
@hand american ACT-15,ACT-16
@place RN-1 New London
@place BR-2 New London cv=1
@place LO-2 New York
@place AM-2 Newport cv=1
@dice 6
american: /play card:ACT-15
british: /play card:ACT-1
american: /move units:AM-2 path:Newport>New London
american: /end
british: /end
@dice 6 6
british: /fire unit:RN-1
@dice 1
british: /fire unit:BR-2
"""


def test_7_5_the_victors_warship_regroups_by_its_normal_move_to_a_friendly_port():
    """7.5 「再編成は勝利ヘクスにいるいくつか/全てのブロックの敵ブロックのいない友好的ヘクスへの通常移動
    である」: any of the victor's blocks, a warship too, by its own move (8.1: 2 hexes by sea, to a port)."""
    g, _ = _script(NEW_LONDON)
    st = g.state
    assert st.blocks["AM-2"].at == PRISONER and st.phase == "regroup" and g.active() == ["british"]
    assert "/regroup units:RN-1 path:20.10>19.10>18.11" in g.legal("british").choices  # to New York
    g, _ = _script(NEW_LONDON + "british: /regroup units:RN-1 path:New London>New Haven>New York\n")
    assert g.state.blocks["RN-1"].at == "18.11" and g.state.blocks["BR-2"].at == "20.10"
    assert any(e.kind == "regrouped" and e.data.get("unit") == "RN-1" for e in g.events)


def test_7_5_a_warships_regroup_goes_to_a_friendly_port_never_the_atlantic_box():
    g, errors = _script(
        NEW_LONDON
        + "! british: /regroup units:RN-1 path:New London>21.10>Newport\n"  # an American port: not friendly
        + "! british: /regroup units:RN-1 path:New London>New Haven\n"  # the same
        + "! british: /regroup units:RN-1 path:New London>Atlantic\n"  # 7.5: never the Atlantic box
        + "! british: /regroup units:RN-1,BR-2 path:New London>New Haven>New York\n"  # 8.1: not with land
    )
    assert [e.split(":")[0] for e in errors] == ["7.5", "7.5", "7.5", "8.1"]
    assert "friendly" in errors[0] and "Newport" in errors[0] and "New Haven" in errors[1]
    assert "Atlantic box" in errors[2] and "separately" in errors[3]
    assert g.state.blocks["RN-1"].at == "20.10" and g.state.phase == "regroup"
    ends = {
        str(c).split(">")[-1] for c in g.legal("british").choices if str(c).startswith("/regroup units:RN-1")
    }
    assert ends == {"18.11"}  # New York alone
