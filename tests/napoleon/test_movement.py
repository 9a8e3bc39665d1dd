"""Movement, 5.0-5.6 (both editions unless marked)."""

from __future__ import annotations

from typing import Any

import pytest
from support.napoleon import cleared, cv, forced_march_setup, loc, place, rejected, units_of


def test_5_1_french_have_three_group_moves():
    g = cleared()
    inf = units_of(g, "french", "infantry", 5)
    place(g, "Beaumont", inf[0], inf[4])
    place(g, "Walcourt", inf[1])
    place(g, "Philippeville", inf[2])
    place(g, "Maubeuge", inf[3])
    g.apply("french", f"/move units:{inf[0]} path:Beaumont>Chimay")
    g.apply("french", f"/move units:{inf[1]} path:Walcourt>Laneffe")
    g.apply("french", f"/move units:{inf[2]} path:Philippeville>Florennes")
    err = rejected(g, "french", f"/move units:{inf[3]} path:Maubeuge>Bavay", "5.1")
    assert "all 3 group moves" in str(err)
    # a later move out of a town that already moved belongs to the same group move (5.1)
    g.apply("french", f"/move units:{inf[4]} path:Beaumont>Thuin")
    assert loc(g, inf[4]) == "Thuin"


def test_5_1_a_unit_moves_once_a_turn():
    g = cleared()
    (a,) = units_of(g, "french", "infantry", 1)
    place(g, "Beaumont", a)
    g.apply("french", f"/move units:{a} path:Beaumont>Thuin")
    rejected(g, "french", f"/move units:{a} path:Thuin>Binche", "5.1")


def test_5_1_allies_have_two_british_and_two_prussian_moves():
    g = cleared(turn=2)
    br = units_of(g, "british", "infantry", 3)
    pr = units_of(g, "prussian", "infantry", 3)
    for u, t in zip(br, ["Brussels", "Hal", "Enghien"], strict=True):
        place(g, t, u)
    for u, t in zip(pr, ["Namur", "Huy", "Ciney"], strict=True):
        place(g, t, u)
    g.apply("allied", f"/move units:{br[0]} path:Brussels>Waterloo")
    g.apply("allied", f"/move units:{br[1]} path:Hal>Tubize")
    rejected(g, "allied", f"/move units:{br[2]} path:Enghien>Ath", "5.1")
    g.apply("allied", f"/move units:{pr[0]} path:Namur>Gembloux")  # British moves do not use Prussian ones
    g.apply("allied", f"/move units:{pr[1]} path:Huy>Andenne")
    rejected(g, "allied", f"/move units:{pr[2]} path:Ciney>Dinant", "5.1")


def test_5_1_moving_both_armies_out_of_a_shared_town_costs_one_of_each():
    g = cleared(turn=2)
    br = units_of(g, "british", "infantry", 2)
    pr = units_of(g, "prussian", "infantry", 2)
    place(g, "Wavre", br[0], pr[0])
    place(g, "Hal", br[1])
    place(g, "Namur", pr[1])
    g.apply("allied", f"/move units:{br[0]},{pr[0]} path:Wavre>Louvain")
    assert g.view("allied").group_moves_left == {"british": 1, "prussian": 1}
    g.apply("allied", f"/move units:{br[1]} path:Hal>Tubize")
    g.apply("allied", f"/move units:{pr[1]} path:Namur>Gembloux")
    assert g.view("allied").group_moves_left == {"british": 0, "prussian": 0}


def test_5_1_brussels_example_group_may_split_to_all_six_neighbours():
    g = cleared(turn=2)
    br = units_of(g, "british", "infantry", 6)
    place(g, "Brussels", *br)
    for u, t in zip(br, ["Alost", "Ninove", "Hal", "Waterloo", "Wavre", "Louvain"], strict=True):
        g.apply("allied", f"/move units:{u} path:Brussels>{t}")
        assert loc(g, u) == t
    assert g.view("allied").group_moves_left["british"] == 1  # one group move for all six


def test_5_2_speeds():
    g = cleared()
    (inf,) = units_of(g, "french", "infantry", 1)
    (cav,) = units_of(g, "french", "cavalry", 1)
    (art,) = units_of(g, "french", "artillery", 1)
    place(g, "Beaumont", inf, cav, art, "NAP")
    err = rejected(g, "french", f"/move units:{inf} path:Beaumont>Thuin>Marchienne", "5.2")
    assert "forced:yes" in str(err)
    rejected(g, "french", f"/move units:{art} path:Beaumont>Thuin>Marchienne", "5.2")
    rejected(g, "french", f"/move units:{cav} path:Beaumont>Thuin>Marchienne>Fontaine-l'Évêque", "5.2")
    g.apply("french", f"/move units:{cav} path:Beaumont>Thuin>Marchienne")
    g.apply("french", "/move units:NAP path:Beaumont>Thuin>Binche")
    assert (loc(g, cav), loc(g, "NAP")) == ("Marchienne", "Binche")


def test_5_5_leaders_cannot_force_march():
    g = cleared()
    place(g, "Beaumont", "NAP")
    rejected(g, "french", "/move units:NAP path:Beaumont>Thuin>Marchienne>Charleroi forced:yes", "5.5")


def test_path_may_leave_out_the_start_and_names_match_loosely():
    g = cleared()
    (a,) = units_of(g, "french", "infantry", 1)
    place(g, "Laneffe", a)
    g.apply("french", f"/move units:{a.lower()} path:chatel")  # Châtelet, accent-insensitive prefix
    assert loc(g, a) == "Châtelet"


def test_no_road_is_rejected_with_the_roads_that_exist():
    g = cleared()
    (a,) = units_of(g, "french", "infantry", 1)
    place(g, "Beaumont", a)
    err = rejected(g, "french", f"/move units:{a} path:Beaumont>Laneffe", "1.0")
    assert "Walcourt" in str(err)


def test_units_of_one_order_must_share_a_town():
    g = cleared()
    a, b = units_of(g, "french", "infantry", 2)
    place(g, "Beaumont", a)
    place(g, "Walcourt", b)
    rejected(g, "french", f"/move units:{a},{b} path:Beaumont>Thuin", "5.1")


def test_not_your_units_and_not_your_turn():
    g = cleared()
    (br,) = units_of(g, "british", "infantry", 1)
    place(g, "Mons", br)
    rejected(g, "french", f"/move units:{br} path:Mons>Binche", "5.1")
    rejected(g, "allied", f"/move units:{br} path:Mons>Binche", "4.0")


# --- 5.3 road limits ------------------------------------------------------------------------------------


def test_5_3_minor_road_carries_six_with_the_documented_message():
    g = cleared()
    inf = units_of(g, "french", "infantry", 7)
    place(g, "Quatre Bras", *inf)
    g.apply("french", f"/move units:{','.join(inf[:6])} path:Quatre Bras>Ligny")
    err = rejected(g, "french", f"/move units:{inf[6]} path:Quatre Bras>Ligny", "5.3")
    assert str(err) == (
        "5.3: the Quatre Bras–Ligny road has already carried 6 units this turn (minor road limit 6)"
    )


def test_5_3_major_road_carries_ten():
    g = cleared()
    inf = units_of(g, "french", "infantry", 11)
    place(g, "Charleroi", *inf)
    g.apply("french", f"/move units:{','.join(inf[:8])} path:Charleroi>Gosselies")
    err = rejected(g, "french", f"/move units:{','.join(inf[8:])} path:Charleroi>Gosselies", "5.3")
    assert "can carry 2 more units this turn, not 3 (major road limit 10)" in str(err)
    g.apply("french", f"/move units:{','.join(inf[8:10])} path:Charleroi>Gosselies")


def test_5_3_both_directions_share_the_count_and_leaders_are_ignored():
    g = cleared()
    inf = units_of(g, "french", "infantry", 7)
    place(g, "Ligny", *inf[:3])
    place(g, "Quatre Bras", *inf[3:], "NAP")
    g.apply("french", f"/move units:{','.join(inf[:3])} path:Ligny>Quatre Bras")
    g.apply("french", f"/move units:{','.join(inf[3:6])} path:Quatre Bras>Ligny")
    rejected(g, "french", f"/move units:{inf[6]} path:Quatre Bras>Ligny", "5.3")
    g.apply("french", "/move units:NAP path:Quatre Bras>Ligny")  # 10.0: leaders ignored for movement


def test_5_3_a_two_town_move_counts_on_every_segment():
    g = cleared()
    cav = units_of(g, "french", "cavalry", 6)
    inf = units_of(g, "french", "infantry", 1)
    place(g, "Quatre Bras", *cav)
    place(g, "Ligny", *inf)
    g.apply("french", f"/move units:{','.join(cav)} path:Quatre Bras>Ligny>Fleurus")
    rejected(g, "french", f"/move units:{inf[0]} path:Ligny>Quatre Bras", "5.3")


# --- 5.4 rivers -----------------------------------------------------------------------------------------


def test_5_4_laneffe_charleroi_example_five_may_attack_across_the_sambre():
    g = cleared()
    pr = units_of(g, "prussian", "infantry", 3)
    fr = units_of(g, "french", "infantry", 9)
    place(g, "Charleroi", *pr)
    place(g, "Laneffe", *fr[:6])
    place(g, "Gosselies", *fr[6:])
    err = rejected(g, "french", f"/move units:{','.join(fr[:6])} path:Laneffe>Charleroi", "5.4")
    assert "halved to 5" in str(err)
    g.apply("french", f"/move units:{','.join(fr[:5])} path:Laneffe>Charleroi")
    rejected(g, "french", f"/move units:{fr[5]} path:Laneffe>Charleroi", "5.4")
    # [3rd] note, kept in both editions (rulings 5.4): other units may attack along other roads
    g.apply("french", f"/move units:{','.join(fr[6:])} path:Gosselies>Charleroi")


def test_5_4_no_halving_without_enemy_in_the_destination():
    g = cleared()
    fr = units_of(g, "french", "infantry", 10)
    place(g, "Laneffe", *fr)
    g.apply("french", f"/move units:{','.join(fr)} path:Laneffe>Charleroi")
    assert all(loc(g, u) == "Charleroi" for u in fr)


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_5_4_only_the_last_segment_into_the_enemy_town_is_halved(ruleset):
    g = cleared(ruleset=ruleset)
    cav = units_of(g, "french", "cavalry", 4)
    pr = units_of(g, "prussian", "infantry", 3)
    place(g, "Thuin", *cav)
    place(g, "Fontaine-l'Évêque", *pr)
    # Thuin–Marchienne crosses the Sambre, Marchienne–Fontaine-l'Évêque does not: 4 > 3 would fail if halved
    g.apply("french", f"/move units:{','.join(cav)} path:Thuin>Marchienne>Fontaine-l'Évêque")
    assert all(loc(g, u) == "Fontaine-l'Évêque" for u in cav)


# --- 5.5 forced march -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("die", "loss"), [(1, 1), (3, 1), (4, 0), (6, 0)])
def test_5_5_forced_march_loses_a_step_on_1_to_3(die, loss):
    g, a, _ = forced_march_setup()
    g.apply("french", f"/move units:{a} path:Beaumont>Thuin>Marchienne forced:yes")
    assert loc(g, a) == "Marchienne"
    before = cv(g, a)
    g.force_dice([die])
    g.apply("french", "/end")
    assert cv(g, a) == before - loss


def test_5_5_rolls_come_after_all_normal_moves():
    g, a, b = forced_march_setup()
    rolled = g.state.dice.rolled
    g.apply("french", f"/move units:{a} path:Beaumont>Thuin>Marchienne forced:yes")
    g.apply("french", f"/move units:{b} path:Beaumont>Chimay")
    assert g.state.dice.rolled == rolled  # nothing rolled yet
    events = g.apply("french", "/end")
    assert [e.data["why"] for e in events if e.kind == "dice"] == ["forced march (5.5)"]


@pytest.mark.parametrize(("die", "loss"), [(2, 1), (3, 0)])
def test_10_1_active_leader_in_the_start_town_adds_one(die, loss):
    g, a, _ = forced_march_setup()
    place(g, "Beaumont", "NAP")
    g.apply("french", f"/move units:{a} path:Beaumont>Thuin>Marchienne forced:yes")
    before = cv(g, a)
    g.force_dice([die])
    g.apply("french", "/end")
    assert cv(g, a) == before - loss


def test_10_1_a_leader_may_order_a_forced_march_after_its_own_move():
    g, a, _ = forced_march_setup()
    place(g, "Chimay", "NAP")
    g.apply("french", "/move units:NAP path:Chimay>Beaumont")
    g.apply("french", f"/move units:{a} path:Beaumont>Thuin>Marchienne forced:yes")
    before = cv(g, a)
    g.force_dice([3])
    g.apply("french", "/end")
    assert cv(g, a) == before  # 3 counts as 4


def test_5_5_a_one_cv_unit_that_fails_is_eliminated():
    g, a, _ = forced_march_setup()
    g.place(a, "Beaumont", cv=1)
    g.apply("french", f"/move units:{a} path:Beaumont>Thuin>Marchienne forced:yes")
    g.force_dice([1])
    g.apply("french", "/end")
    assert g.state.units[a].eliminated


def test_5_5_force_marched_units_are_marked_and_may_attack():
    g = cleared()
    fr = units_of(g, "french", "infantry", 3)
    pr = units_of(g, "prussian", "infantry", 1)
    place(g, "Beaumont", *fr)
    place(g, "Marchienne", *pr)
    g.apply("french", f"/move units:{','.join(fr)} path:Beaumont>Thuin>Marchienne forced:yes")
    assert all(g.state.units[u].force_marched for u in fr)  # cannot directly reinforce (5.5, 9.0)
    g.force_dice([6, 6, 6, 1])
    g.apply("french", "/end")
    assert loc(g, pr[0]) != "Marchienne"  # 6.1: a lone defender routs


# --- 5.6 night ------------------------------------------------------------------------------------------

NIGHT_FRENCH = 5  # 15 June, night, French turn


def test_5_6_night_turns_are_marked():
    g = cleared(turn=NIGHT_FRENCH)
    v = g.view("public")
    assert v.night and v.side == "french" and v.slot == "night"


def test_5_6_no_attack_at_night():
    g = cleared(turn=NIGHT_FRENCH)
    fr = units_of(g, "french", "infantry", 3)
    pr = units_of(g, "prussian", "infantry", 1)
    place(g, "Beaumont", *fr)
    place(g, "Thuin", *pr)
    rejected(g, "french", f"/move units:{','.join(fr)} path:Beaumont>Thuin", "5.6")


def test_5_6_no_forced_march_at_night_unless_a_leader_orders_it_at_normal_odds():
    g = cleared(turn=NIGHT_FRENCH)
    a, _b = units_of(g, "french", "infantry", 2)
    place(g, "Beaumont", a)
    rejected(g, "french", f"/move units:{a} path:Beaumont>Thuin>Marchienne forced:yes", "5.6")
    place(g, "Beaumont", "NAP")
    g.apply("french", f"/move units:{a} path:Beaumont>Thuin>Marchienne forced:yes")
    before = cv(g, a)
    g.force_dice([3])
    g.apply("french", "/end")
    assert cv(g, a) == before - 1  # 10.1: at night the leader's forced march is at normal odds


def test_5_6_normal_moves_are_allowed_at_night():
    g = cleared(turn=NIGHT_FRENCH)
    (a,) = units_of(g, "french", "infantry", 1)
    place(g, "Beaumont", a)
    g.apply("french", f"/move units:{a} path:Beaumont>Thuin")
    assert loc(g, a) == "Thuin"


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_5_3_a_road_filled_by_movement_still_carries_a_rout_in_both_editions(ruleset):
    """[3rd] closes a full road for the movement phase, [3.4] for the campaign turn except retreats and
    regroups; a rout is a forced retreat ([3.4] 7.5) with its own 10/6 limits (FAQ 4), so in both editions the
    attackers may rout back along the road they filled (rulings 5.3)."""
    g = cleared(ruleset=ruleset)
    pr = units_of(g, "prussian", "infantry", 3)
    fr = units_of(g, "french", "infantry", 10, max_cv=None)
    place(g, "Gosselies", *pr)
    place(g, "Charleroi", *fr)
    g.apply("french", f"/move units:{','.join(fr)} path:Charleroi>Gosselies")
    assert g.state.movement.road_use["Charleroi|Gosselies"] == 10  # the major road is full (5.3)
    g.apply("french", "/end")
    g.apply("allied", f"/deploy left:{pr[0]} center:{pr[1]} right:{pr[2]}")
    g.apply("french", f"/deploy left:{fr[0]} center:{fr[1]} right:{','.join(fr[2:])}")
    g.apply("french", f"/battle-move unit:{fr[0]} to:across-left")  # empties the French Left: rout (7.5)
    gone = [e for e in g.state.events if e.kind == "eliminated" and "get away" in e.data["reason"]]
    assert not gone
    survivors = [u for u in fr if not g.state.units[u].eliminated]
    assert survivors and all(loc(g, u) == "Charleroi" for u in survivors)


def test_5_2_example_cavalry_brussels_to_waterloo_and_beyond():
    """5.2 example: cavalry may move Brussels -> Waterloo -> any town adjacent to Waterloo."""
    g = cleared(turn=2)
    cav = units_of(g, "british", "cavalry", 4)
    place(g, "Brussels", *cav)
    beyond = [t for t, _ in g.scenario.neighbours("Waterloo") if t != "Brussels"]
    paths = {p[-1] for p in g.legal("allied").moves[cav[0]] if len(p) == 3 and p[1] == "Waterloo"}
    assert paths == set(beyond)
    g.apply("allied", f"/move units:{cav[0]} path:Brussels>Waterloo>{beyond[0]}")
    assert loc(g, cav[0]) == beyond[0]


def test_a_walk_finds_the_room_of_each_attack_path_as_road_room_says_of_its_steps() -> None:
    """5.3, 5.4: the units a path into an enemy-held town may still carry is the least room of its roads
    (a river crossed into the enemy's town halves its road); a combat unit's walk finds it on the way, and
    legal() reads it there instead of walking the path again. Over random movement phases it is the least
    of what road_room says of each step, for every such path of every combat unit."""
    import dataclasses
    import itertools
    import random

    from engine.napoleon import new_game
    from engine.napoleon.fuzzing import pick, random_options
    from engine.napoleon.movement import road_room, walk_paths

    checked = 0
    for seed in (31, 32, 33, 34):
        rng = random.Random(seed)
        g = new_game(dataclasses.replace(random_options(rng), days=0), seed)
        budget: dict[str, int] = {}
        for _ in range(400):
            if g.over:
                break
            if g.state.phase == "movement":
                ctx = g.ctx()
                for u in g.state.units.values():
                    normal, forced, rooms = walk_paths(ctx, u)
                    hostile = [p for p, h in (*normal, *forced) if h]
                    if u.leader:
                        assert rooms == {}
                        continue
                    assert set(rooms) == set(hostile)
                    for p in hostile:
                        least = min(road_room(ctx, a, b, u.side)[0] for a, b in itertools.pairwise(p))
                        assert rooms[p] == least >= 1
                        checked += 1
            role = rng.choice(g.active())
            g.apply(role, pick(rng, g, role, budget))
    assert checked >= 50


def _simple_paths(adjacent: dict[str, Any], path: tuple[str, ...], max_steps: int) -> list[tuple[str, ...]]:
    """The simple paths on from ``path`` of up to ``max_steps`` roads, depth first (the reference)."""
    out: list[tuple[str, ...]] = []
    for nxt, *_ in adjacent[path[-1]]:
        if nxt not in path:
            out.append((*path, nxt))
            if len(path) < max_steps:
                out += _simple_paths(adjacent, (*path, nxt), max_steps)
    return out


def test_the_tree_of_a_walk_is_every_simple_path_in_depth_first_order_with_its_subtree_bounds() -> None:
    """5.0 (a move never enters a town twice), 5.2 (1 or 2 roads, 3 with a forced march): ``_tree`` lists
    every simple path from a town in the order a depth-first walk of the roads finds them, and each step's
    ``end`` closes exactly the paths that go on from it (what the walk skips when a road is full or the
    town is held by the enemy)."""
    from engine.napoleon import new_game
    from engine.napoleon.movement import _tree, roads_from

    sc = new_game().scenario
    adjacent = roads_from(sc)
    for start in adjacent:
        for max_steps in (1, 2, 3):
            expected = _simple_paths(adjacent, (start,), max_steps)
            tree = _tree(sc, start, max_steps)
            assert [step[4] for step in tree] == expected
            for i, (nxt, _limit, _river, _road, path, steps, end) in enumerate(tree):
                assert path[-1] == nxt and len(path) == steps + 1 and i < end <= len(tree)
                below = [p for p in expected[i + 1 :] if p[: len(path)] == path]
                assert [step[4] for step in tree[i + 1 : end]] == below[: end - i - 1] == below
