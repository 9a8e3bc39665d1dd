"""Starting a battle (6.1), the automatic rout of 1-2 defenders (7.5), command control (13.2), three players
(13.1)."""

from __future__ import annotations

import pytest
from conftest import cleared, cv, loc, place, rejected, units_of

from engine import Options, RuleError, new_game


def test_6_1_an_attack_needs_three_units():
    g = cleared()
    fr = units_of(g, "french", "infantry", 4)
    pr = units_of(g, "prussian", "infantry", 3)
    place(g, "Beaumont", *fr[:3])
    place(g, "Walcourt", fr[3])
    place(g, "Thuin", *pr)
    err = rejected(g, "french", f"/move units:{fr[0]},{fr[1]} path:Beaumont>Thuin", "6.1")
    assert "at least 3 units" in str(err)
    g.apply("french", f"/move units:{','.join(fr[:3])} path:Beaumont>Thuin")
    # once 3 have attacked, more may follow from another group
    place(g, "Solre-sur-Sambre", fr[3])
    g.apply("french", f"/move units:{fr[3]} path:Solre-sur-Sambre>Thuin")


def test_6_1_leaders_do_not_count_towards_the_three():
    g = cleared()
    fr = units_of(g, "french", "infantry", 2)
    pr = units_of(g, "prussian", "infantry", 3)
    place(g, "Beaumont", *fr, "NAP")
    place(g, "Thuin", *pr)
    rejected(g, "french", f"/move units:{','.join(fr)},NAP path:Beaumont>Thuin", "6.1")


def _attack_lone(defender_units, attackers, ruleset="3.4", town="Mons", start="Maubeuge"):
    g = cleared(turn=1, ruleset=ruleset)
    place(g, town, *defender_units)
    place(g, start, *attackers)
    g.apply("french", f"/move units:{','.join(attackers)} path:{start}>{town}")
    return g


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_6_1_faq_2_lone_cavalry_at_mons_without_french_cavalry_retreats_without_loss(ruleset):
    g = cleared(ruleset=ruleset)
    (bc,) = units_of(g, "british", "cavalry", 1)
    fr = units_of(g, "french", "infantry", 3)
    place(g, "Mons", bc)
    place(g, "Maubeuge", *fr)
    before = cv(g, bc)
    g.apply("french", f"/move units:{','.join(fr)} path:Maubeuge>Mons")
    g.apply("french", "/end")
    assert cv(g, bc) == before
    assert loc(g, bc) not in ("Mons", "Maubeuge")


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_6_1_faq_2_lone_cavalry_at_mons_loses_one_if_the_french_have_cavalry(ruleset):
    g = cleared(ruleset=ruleset)
    (bc,) = units_of(g, "british", "cavalry", 1)
    fr = units_of(g, "french", "infantry", 2) + units_of(g, "french", "cavalry", 1)
    place(g, "Mons", bc)
    place(g, "Maubeuge", *fr)
    before = cv(g, bc)
    g.apply("french", f"/move units:{','.join(fr)} path:Maubeuge>Mons")
    g.apply("french", "/end")
    assert cv(g, bc) == before - 1
    assert loc(g, bc) not in ("Mons", "Maubeuge")


def test_7_5_automatic_rout_attrition_by_type():
    g = cleared()
    (pi,) = units_of(g, "prussian", "infantry", 1)
    (pa,) = units_of(g, "prussian", "artillery", 1)
    fr = units_of(g, "french", "infantry", 3)
    place(g, "Charleroi", pi, pa)
    place(g, "Gosselies", *fr)
    inf_cv, art_cv = cv(g, pi), cv(g, pa)
    g.apply("french", f"/move units:{','.join(fr)} path:Gosselies>Charleroi")
    g.apply("french", "/end")
    assert cv(g, pi) == inf_cv - 1  # infantry 1
    if art_cv <= 2:
        assert g.state.units[pa].eliminated  # artillery 2
    else:
        assert cv(g, pa) == art_cv - 2


def test_7_1_the_defender_never_routs_to_where_the_attack_came_from_nor_to_enemy_towns():
    g = cleared()
    (pi,) = units_of(g, "prussian", "infantry", 1)
    fr = units_of(g, "french", "infantry", 5)
    place(g, "Charleroi", pi)
    place(g, "Gosselies", *fr[:3])
    place(g, "Fleurus", fr[3])  # French-held: no way out there
    place(g, "Marchienne", fr[4])
    g.apply("french", f"/move units:{','.join(fr[:3])} path:Gosselies>Charleroi")
    g.apply("french", "/end")
    assert loc(g, pi) in ("Châtelet", "Laneffe", "Beaumont")


def test_7_5_a_routed_unit_with_nowhere_to_go_is_eliminated():
    g = cleared()
    (pi,) = units_of(g, "prussian", "infantry", 1)
    fr = units_of(g, "french", "infantry", 4)
    place(g, "Genappe", pi)  # Genappe's only roads lead to Quatre Bras and Wavre
    place(g, "Quatre Bras", *fr[:3])
    place(g, "Wavre", fr[3])
    g.apply("french", f"/move units:{','.join(fr[:3])} path:Quatre Bras>Genappe")
    g.apply("french", "/end")
    assert g.state.units[pi].eliminated


def _lone_leader(ruleset, with_cavalry):
    g = cleared(turn=1, ruleset=ruleset)
    fr = units_of(g, "french", "infantry", 2) + (
        units_of(g, "french", "cavalry", 1) if with_cavalry else units_of(g, "french", "infantry", 1, skip=2)
    )
    place(g, "Mons", "WEL")
    place(g, "Maubeuge", *fr)
    g.apply("french", f"/move units:{','.join(fr)} path:Maubeuge>Mons")
    g.apply("french", "/end")
    return g


def test_7_5_3rd_lone_leader_against_three_with_cavalry_is_eliminated():
    g = _lone_leader("3rd", True)
    assert g.state.units["WEL"].eliminated


@pytest.mark.parametrize(("ruleset", "with_cavalry"), [("3rd", False), ("3.4", True), ("3.4", False)])
def test_7_5_otherwise_a_lone_leader_escapes(ruleset, with_cavalry):
    g = _lone_leader(ruleset, with_cavalry)
    assert not g.state.units["WEL"].eliminated
    assert loc(g, "WEL") not in ("Mons", "Maubeuge")


def test_10_0_napoleon_killed_ends_the_game():
    g = cleared(turn=2, ruleset="3rd")
    place(g, "Beaumont", "NAP")
    br = units_of(g, "british", "infantry", 2) + units_of(g, "british", "cavalry", 1)
    place(g, "Thuin", *br)
    g.apply("allied", f"/move units:{','.join(br)} path:Thuin>Beaumont")
    g.apply("allied", "/end")
    assert g.state.units["NAP"].eliminated
    assert g.over and g.state.result.winner == "allied"
    with pytest.raises(RuleError):
        g.apply("french", "/end")


# --- 13.2 command control --------------------------------------------------------------------------------


def _command(cc: bool, second: str):
    g = cleared(turn=2, command_control=cc)
    fr = units_of(g, "french", "infantry", 3)
    br = units_of(g, "british", "infantry", 6)
    place(g, "Quatre Bras", *fr)
    place(g, "Waterloo", *br[:3])
    place(g, second, *br[3:])
    g.apply("allied", f"/move units:{','.join(br[:3])} path:Waterloo>Quatre Bras")
    return g, br


def test_13_2_waterloo_and_ligny_may_not_both_attack_quatre_bras():
    g, br = _command(True, "Ligny")
    err = rejected(g, "allied", f"/move units:{','.join(br[3:])} path:Ligny>Quatre Bras", "13.2")
    assert "reinforce" in str(err)


def test_13_2_waterloo_and_nivelles_may_attack_together():
    g, br = _command(True, "Nivelles")
    g.apply("allied", f"/move units:{','.join(br[3:])} path:Nivelles>Quatre Bras")


def test_13_2_without_the_option_any_groups_may_combine():
    g, br = _command(False, "Ligny")
    g.apply("allied", f"/move units:{','.join(br[3:])} path:Ligny>Quatre Bras")


# --- 13.1 three players ----------------------------------------------------------------------------------


def test_13_1_each_allied_player_commands_only_his_army():
    g = cleared(turn=2, players=3)
    (br,) = units_of(g, "british", "infantry", 1)
    (pr,) = units_of(g, "prussian", "infantry", 1)
    place(g, "Wavre", br, pr)
    rejected(g, "british", f"/move units:{pr} path:Wavre>Louvain", "13.1")
    rejected(g, "prussian", f"/move units:{br} path:Wavre>Louvain", "13.1")
    g.apply("british", f"/move units:{br} path:Wavre>Louvain")
    g.apply("prussian", f"/move units:{pr} path:Wavre>Gembloux")
    assert set(g.active()) == {"british", "prussian"}


def test_13_1_roles_of_a_three_player_game():
    g = new_game(Options(players=3, setup="historical"))
    assert g.options.roles == ("french", "british", "prussian")
    with pytest.raises(RuleError) as e:
        g.apply("allied", "/end")
    assert e.value.rule == "13.1"


def test_13_1_allied_turn_ends_when_both_allied_players_have_ended():
    g = cleared(turn=2, players=3)
    g.apply("british", "/end")
    assert g.state.turn == 2 and g.active() == ["prussian"]
    rejected(g, "british", "/end", "4.0")
    g.apply("prussian", "/end")
    assert g.state.turn == 3
