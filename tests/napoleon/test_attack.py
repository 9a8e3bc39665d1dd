"""Starting a battle (6.1), the automatic rout of 1-2 defenders (7.5), command control (13.2), three players
(13.1)."""

from __future__ import annotations

import pytest
from support.napoleon import cleared, cv, loc, place, rejected, units_of

from engine import RuleError
from engine.napoleon import Options, new_game


def test_6_1_an_attack_needs_three_units_counted_over_every_order():
    """6.1 「攻撃側プレイヤーが3個以上の自軍ユニットを敵の存在する町に移動させると会戦が発生します」: 3 or
    more units moved into the town, in total, not in one order. Two units stand provisionally; /end is refused
    naming the town until a third comes (rulings 6.1)."""
    g = cleared()
    fr = units_of(g, "french", "infantry", 4)
    pr = units_of(g, "prussian", "infantry", 3)
    place(g, "Beaumont", *fr[:2])
    place(g, "Solre-sur-Sambre", fr[2])
    place(g, "Thuin", *pr)
    g.apply("french", f"/move units:{fr[0]},{fr[1]} path:Beaumont>Thuin")  # stands, provisionally
    assert "/end" not in g.legal("french").choices
    err = rejected(g, "french", "/end", "6.1")
    assert "Thuin" in str(err) and "/undo" in str(err) and "1 more unit" in str(err)
    assert f"/move units:{fr[2]} path:Solre-sur-Sambre>Thuin" in g.legal("french").attacks
    g.apply("french", f"/move units:{fr[2]} path:Solre-sur-Sambre>Thuin")  # a second group brings the third
    assert "/end" in g.legal("french").choices
    g.apply("french", "/end")
    assert g.state.phase == "battle" and g.state.battles[0].town == "Thuin"


def test_6_1_leaders_do_not_count_towards_the_three():
    g = cleared()
    fr = units_of(g, "french", "infantry", 2)
    pr = units_of(g, "prussian", "infantry", 3)
    place(g, "Beaumont", *fr, "NAP")
    place(g, "Thuin", *pr)
    rejected(g, "french", "/move units:NAP path:Beaumont>Thuin", "6.1")  # a leader starts no attack (10.0)
    g.apply("french", f"/move units:{','.join(fr)},NAP path:Beaumont>Thuin")
    err = rejected(g, "french", "/end", "6.1")  # two combat units and Napoleon: still short of 3
    assert "2 units" in str(err)


def test_6_1_one_or_two_defenders_rout_once_three_have_entered_from_two_groups():
    """6.1, 7.5: the automatic rout of 1-2 defenders also waits for the third attacker."""
    g = cleared()
    fr = units_of(g, "french", "infantry", 3)
    (pi,) = units_of(g, "prussian", "infantry", 1)
    place(g, "Beaumont", fr[0])
    place(g, "Solre-sur-Sambre", *fr[1:])
    place(g, "Thuin", pi)
    g.apply("french", f"/move units:{fr[0]} path:Beaumont>Thuin")
    rejected(g, "french", "/end", "6.1")
    g.apply("french", f"/move units:{fr[1]},{fr[2]} path:Solre-sur-Sambre>Thuin")
    g.apply("french", "/end")
    assert loc(g, pi) != "Thuin" and all(loc(g, u) == "Thuin" for u in fr)


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
    """13.2 example: Allied groups at Waterloo and at Ligny or Nivelles, the French at Quatre Bras. Two units
    of the first group go in; the second group's unit would be the third (6.1 counts every order)."""
    g = cleared(turn=2, command_control=cc)
    fr = units_of(g, "french", "infantry", 3)
    br = units_of(g, "british", "infantry", 3)
    place(g, "Quatre Bras", *fr)
    place(g, "Waterloo", *br[:2])
    place(g, second, br[2])
    g.apply("allied", f"/move units:{br[0]},{br[1]} path:Waterloo>Quatre Bras")
    return g, br


def test_13_2_waterloo_and_ligny_may_not_both_attack_quatre_bras():
    g, br = _command(True, "Ligny")
    err = rejected(g, "allied", f"/move units:{br[2]} path:Ligny>Quatre Bras", "13.2")
    assert "reinforce" in str(err)
    rejected(g, "allied", "/end", "6.1")  # and the two units of Waterloo cannot attack alone


def test_13_2_waterloo_and_nivelles_may_attack_together():
    """13.2: 「WaterlooとNivellesにいるのであれば…両方のグループで同時にQuatre Brasを攻撃することができます」
    — with two units from Waterloo and one from Nivelles, the battle the example describes."""
    g, br = _command(True, "Nivelles")
    g.apply("allied", f"/move units:{br[2]} path:Nivelles>Quatre Bras")
    g.apply("allied", "/end")
    (b,) = g.state.battles
    assert b.town == "Quatre Bras" and sorted(b.origins) == ["Nivelles", "Waterloo"]


def test_13_2_without_the_option_any_groups_may_combine():
    g, br = _command(False, "Ligny")
    g.apply("allied", f"/move units:{br[2]} path:Ligny>Quatre Bras")
    g.apply("allied", "/end")
    assert g.state.battles[0].town == "Quatre Bras"


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


def test_6_1_13_1_british_and_prussian_units_make_one_attack_the_ally_waits_meanwhile():
    """6.1 with 13.1: the Allied side's units count together. While the British attack is short of 3 units,
    the Prussian player waits (rulings 6.1: so that the British /undo stays possible) and may move only units
    that complete it."""
    g = cleared(turn=2, players=3)
    fr = units_of(g, "french", "infantry", 3)
    br = units_of(g, "british", "infantry", 2)
    pr = units_of(g, "prussian", "infantry", 2)
    place(g, "Quatre Bras", *fr)
    place(g, "Waterloo", *br)
    place(g, "Ligny", pr[0])
    place(g, "Wavre", pr[1])
    g.apply("british", f"/move units:{','.join(br)} path:Waterloo>Quatre Bras")
    assert g.active() == ["british"]
    err = rejected(g, "prussian", f"/move units:{pr[1]} path:Wavre>Louvain", "6.1")
    assert "Quatre Bras" in str(err)
    rejected(g, "british", "/end", "6.1")
    g.apply("prussian", f"/move units:{pr[0]} path:Ligny>Quatre Bras")  # the third unit
    assert set(g.active()) == {"british", "prussian"}
    g.apply("british", "/end")
    g.apply("prussian", "/end")
    (b,) = g.state.battles
    assert sorted(b.entries) == sorted([*br, pr[0]])


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
    rejected(g, "british", "/end", "13.1")  # its own part of the allied turn is done
    g.apply("prussian", "/end")
    assert g.state.turn == 3
