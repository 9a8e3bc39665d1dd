"""Deployment (3.1-3.3), the sequence of play (4.0), supply (11.0), surrender and victory (12.0-12.3)."""

from __future__ import annotations

import pytest
from support.napoleon import cleared, loc, place, rejected, units_of

from engine.napoleon import Options, new_game

# --- 3.x deployment -------------------------------------------------------------------------------------


def test_3_2_historical_setup_places_everyone_at_full_strength_and_starts_turn_1():
    g = new_game(Options(setup="historical"))
    assert g.state.turn == 1 and g.state.phase == "movement"
    for u in g.state.units.values():
        assert u.location == g.scenario.historical[u.id]
        assert u.cv == u.max_cv


def test_3_3_initiative_is_the_default_allies_historical_french_free():
    g = new_game()
    assert g.options.setup == "initiative"
    assert g.state.phase == "setup" and g.active() == ["french"]
    for u in g.state.units.values():
        if u.army == "french":
            assert u.location is None
        else:
            assert u.location == g.scenario.historical[u.id]


def test_3_1_free_setup_allies_first_then_french():
    g = new_game(Options(setup="free"))
    assert g.active() == ["allied"]
    (fr,) = units_of(g, "french", "infantry", 1)
    rejected(g, "french", f"/setup units:{fr} town:Beaumont", "3.1")


def test_3_1_allied_deployment_rules():
    g = new_game(Options(setup="free"))
    br = units_of(g, "british", "infantry", 6)
    (pr,) = units_of(g, "prussian", "infantry", 1)
    err = rejected(g, "allied", f"/setup units:{br[0]} town:Beaumont", "3.1")
    assert "France" in str(err)
    rejected(g, "allied", f"/setup units:{br[0]} town:Liège", "3.1")  # east of the line
    rejected(g, "allied", f"/setup units:{pr} town:Mons", "3.1")  # west of the line
    rejected(g, "allied", f"/setup units:{','.join(br)} town:Mons", "3.1")  # 5 British a town
    g.apply("allied", f"/setup units:{','.join(br[:5])},WEL town:Mons")  # leaders are not counted
    prs = units_of(g, "prussian", "infantry", 7)
    rejected(g, "allied", f"/setup units:{','.join(prs)} town:Namur", "3.1")  # 6 Prussian a town
    g.apply("allied", f"/setup units:{','.join(prs[:6])} town:Namur")
    err = rejected(g, "allied", "/end", "3.1")
    assert "still to place" in str(err)


def _place_all(g, role, army, towns, cap):
    ids = [u.id for u in g.state.units.values() if u.army == army]
    i = 0
    for t in towns:
        chunk = []
        while i < len(ids) and len(chunk) < cap:
            chunk.append(ids[i])
            i += 1
        if chunk:
            g.apply(role, f"/setup units:{','.join(chunk)} town:{t}")
        if i >= len(ids):
            break
    assert i == len(ids)


def test_3_1_whole_free_deployment_then_turn_1():
    g = new_game(Options(setup="free", players=3))
    assert set(g.active()) == {"british", "prussian"}
    _place_all(g, "british", "british", g.scenario.free_towns("british"), 5)
    _place_all(g, "prussian", "prussian", g.scenario.free_towns("prussian"), 6)
    g.apply("british", "/end")
    assert g.active() == ["prussian"]
    g.apply("prussian", "/end")
    assert g.active() == ["french"]
    fr = [u.id for u in g.state.units.values() if u.army == "french" and u.type != "leader"]
    rejected(g, "french", f"/setup units:{','.join(fr[:17])} town:Beaumont", "3.1")  # 16 a town
    _place_all(g, "french", "french", g.scenario.free_towns("french"), 16)
    g.apply("french", "/end")
    assert g.state.phase == "movement" and g.state.turn == 1 and g.active() == ["french"]


def test_3_1_a_placed_unit_may_be_placed_again_before_ending():
    g = new_game(Options(setup="initiative"))
    (fr,) = units_of(g, "french", "infantry", 1)
    g.apply("french", f"/setup units:{fr} town:Beaumont")
    g.apply("french", f"/setup units:{fr} town:Maubeuge")
    assert loc(g, fr) == "Maubeuge"


def test_3_1_setup_auto_places_the_rest_as_in_history_and_may_be_changed_before_end():
    """/setup auto:yes, so a newcomer need not place 38 blocks one by one, places every block still to place,
    legally (3.1), at its historical town (3.2) where it may; the player may change any of them before
    /end."""
    g = new_game(Options(setup="initiative"))
    (fr,) = units_of(g, "french", "infantry", 1)
    g.apply("french", f"/setup units:{fr} town:Maubeuge")  # placed by hand: auto leaves it there
    assert g.legal("french").choices[0] == "/setup auto:yes"
    g.apply("french", "/setup auto:yes")
    assert loc(g, fr) == "Maubeuge"
    for u in g.state.units.values():
        if u.army == "french" and u.id != fr:
            assert u.location == g.scenario.historical[u.id], u.id
    assert "/setup auto:yes" not in g.legal("french").choices
    err = rejected(g, "french", "/setup auto:yes", "3.1")  # nothing left to place
    assert "placed already" in str(err)
    g.apply("french", f"/setup units:{fr} town:Beaumont")  # still free to change
    g.apply("french", "/end")
    assert g.state.phase == "movement" and g.state.turn == 1


def test_3_1_setup_auto_in_free_setup_keeps_the_caps_for_every_role():
    """Free set-up (3.1): auto respects the stacking caps (5 British, 6 Prussian, 16 French a town) and the
    deployment line, for both allied seats of a 3-player game, and the game then starts."""
    g = new_game(Options(setup="free", players=3))
    for role in ("british", "prussian"):
        g.apply(role, "/setup auto:yes")
    g.apply("british", "/end")
    g.apply("prussian", "/end")
    g.apply("french", "/setup auto:yes")
    g.apply("french", "/end")
    assert g.state.phase == "movement" and g.state.turn == 1
    caps = {"british": 5, "prussian": 6, "french": 16}
    counts: dict[tuple[str, str], int] = {}
    for u in g.state.units.values():
        assert u.location is not None, u.id
        if u.type != "leader":
            counts[(u.location, u.army)] = counts.get((u.location, u.army), 0) + 1
            assert u.location in g.scenario.free_towns(u.army)
    assert all(n <= caps[army] for (_, army), n in counts.items())


def test_3_1_setup_auto_rejects_a_no_or_a_mixture():
    g = new_game(Options(setup="initiative"))
    rejected(g, "french", "/setup auto:no", "")
    rejected(g, "french", "/setup auto:yes town:Beaumont", "")
    rejected(g, "french", "/setup auto:maybe", "")
    rejected(g, "allied", "/setup auto:yes", "3.1")  # not the Allies' turn to deploy


def test_hidden_setup_faces():
    g = new_game(Options(setup="initiative"))
    (fr,) = units_of(g, "french", "infantry", 1)
    g.apply("french", f"/setup units:{fr} town:Beaumont")
    pub = g.view("allied")
    blocks = [b for t in pub.towns if t.name == "Beaumont" for b in t.blocks]
    assert blocks and not any(b.known for b in blocks)
    assert not pub.unplaced  # the French reserve of unplaced blocks is French-only


# --- 4.0 sequence of play --------------------------------------------------------------------------------


def test_4_0_turns_alternate_french_first_with_night_turns():
    g = new_game(Options(setup="historical"))
    seen = []
    while g.state.turn <= 7 and not g.over:
        v = g.view("public")
        seen.append((v.turn, v.side, v.night))
        g.apply(g.active()[0], "/end")
    assert seen[:6] == [
        (1, "french", False),
        (2, "allied", False),
        (3, "french", False),
        (4, "allied", False),
        (5, "french", True),
        (6, "allied", True),
    ]


def test_4_0_time_record_has_24_turns_and_the_allies_win_at_its_end():
    g = cleared(turn=24)
    assert g.view("public").last_turn == 24
    g.apply("allied", "/end")
    assert g.over and g.state.result.winner == "allied"


def test_days_option_shortens_the_time_record():
    g = cleared(turn=6, days=1)
    assert g.view("public").last_turn == 6
    g.apply("allied", "/end")
    assert g.over


def test_7_4_disruption_recovers_at_the_end_of_the_campaign_turn():
    g = cleared()
    (pi,) = units_of(g, "prussian", "infantry", 1)
    fr = units_of(g, "french", "infantry", 3)
    place(g, "Charleroi", pi)
    place(g, "Gosselies", *fr)
    g.apply("french", f"/move units:{','.join(fr)} path:Gosselies>Charleroi")
    events = g.apply("french", "/end")
    assert any(e.kind == "routed" for e in events)
    assert not g.state.units[pi].disrupted  # the French turn ended after its battles: recovered
    assert g.state.turn == 2


# --- 11.0 supply -----------------------------------------------------------------------------------------


def _hold(g, *bases):
    fr = units_of(g, "french", "infantry", len(bases))
    for u, b in zip(fr, bases, strict=True):
        place(g, b, u)


def _alive(g, army):
    return sorted(u.id for u in g.state.units.values() if u.army == army and not u.eliminated)


def test_11_0_french_in_liege_cost_two_prussian_units_at_the_end_of_the_french_turn():
    g = cleared()
    _hold(g, "Liège")
    before = _alive(g, "prussian")
    g.apply("french", "/end")
    assert len(_alive(g, "prussian")) == len(before) - 2
    assert "BLU" in _alive(g, "prussian")  # leaders are not supply losses


def test_11_0_liege_and_brussels_example_every_french_turn():
    g = cleared()
    _hold(g, "Liège", "Brussels")
    pr, br = len(_alive(g, "prussian")), len(_alive(g, "british"))
    g.apply("french", "/end")
    assert (len(_alive(g, "prussian")), len(_alive(g, "british"))) == (pr - 2, br - 1)
    g.apply("allied", "/end")  # no supply loss on Allied turns
    assert (len(_alive(g, "prussian")), len(_alive(g, "british"))) == (pr - 2, br - 1)
    g.apply("french", "/end")
    assert (len(_alive(g, "prussian")), len(_alive(g, "british"))) == (pr - 4, br - 2)


def test_11_0_the_effect_stops_when_the_base_is_vacated():
    g = cleared()
    _hold(g, "Ghent")
    (fr,) = [u.id for u in g.state.units.values() if u.location == "Ghent" and u.army == "french"]
    for u in g.state.units.values():
        if u.army == "british" and u.location == "Ghent":
            u.location = "Alost"
    br = len(_alive(g, "british"))
    g.apply("french", f"/move units:{fr} path:Ghent>Termonde")
    g.apply("french", "/end")
    assert len(_alive(g, "british")) == br


def test_11_0_the_allied_standing_preference_chooses_the_losses():
    g = cleared()
    _hold(g, "Liège")
    strongest = sorted(
        (u for u in g.state.units.values() if u.army == "prussian" and u.type != "leader"),
        key=lambda u: -u.cv,
    )[:2]
    g.prefer("allied", "supply", [u.id for u in strongest])
    g.apply("french", "/end")
    assert all(g.state.units[u.id].eliminated for u in strongest)


def test_11_0_the_allied_player_may_give_up_a_leader_to_supply():
    """11.0 「除去するユニットは連合軍プレイヤーが選び」: the Allied player chooses the units lost, and a
    leader is a unit (2.5): Wellington may be one of them (rulings 11.0). Without a preference the leader goes
    last."""
    g = cleared()
    _hold(g, "Brussels")
    g.prefer("allied", "supply", ["WEL"])
    g.apply("french", "/end")
    assert g.state.units["WEL"].eliminated

    g = cleared()
    _hold(g, "Brussels")
    for u in g.state.units.values():
        if u.army == "british" and u.type != "leader" and u.id != "BR-1":
            u.eliminated, u.location, u.cv = True, None, 0
    events = g.apply("french", "/end")
    lost = [e.data["unit"] for e in events if e.kind == "eliminated" and "supply" in e.data["reason"]]
    assert lost == ["BR-1"]  # then the British surrender (12.0), Wellington with them


def test_11_0_default_choice_is_the_weakest_block():
    g = cleared()
    _hold(g, "Brussels")
    weakest = min(
        (u for u in g.state.units.values() if u.army == "british" and u.type != "leader"),
        key=lambda u: (u.cv, u.max_cv, u.id),
    )
    g.apply("french", "/end")
    assert g.state.units[weakest.id].eliminated


# --- 12.0 surrender and victory ----------------------------------------------------------------------------


def _cut(g, army, keep):
    """Eliminate combat blocks of ``army`` until it has ``keep`` units left, its leader included (12.0)."""
    ids = [u for u in g.state.units.values() if u.army == army and u.type != "leader" and not u.eliminated]
    for u in ids[keep - 1 :]:
        u.eliminated, u.location, u.cv = True, None, 0


def test_12_0_british_surrender_at_nine_units_all_remaining_are_eliminated():
    g = cleared()
    _cut(g, "british", 10)  # Wellington and 9 combat blocks
    g.apply("french", "/end")
    assert "british" not in g.state.surrendered
    _hold(g, "Brussels")  # supply takes one more on the next French turn: 9 (rulings 4.0: supply first)
    g.apply("allied", "/end")
    g.apply("french", "/end")
    assert "british" in g.state.surrendered
    assert not _alive(g, "british")  # Wellington too
    assert not g.over  # 12.1: one ally surrendering is not a French victory


@pytest.mark.parametrize(
    ("army", "keep", "surrenders"),
    [("french", 20, False), ("french", 19, True), ("prussian", 13, False), ("prussian", 12, True)],
)
def test_12_0_thresholds_count_units_leaders_included(army, keep, surrenders):
    """12.0 「フランス軍はユニット数が19個以下に減少すると降伏します」: units, and a leader is a unit (2.5,
    docs/rulings.md, Data): 19 French combat blocks and Napoleon are 20 units, no surrender."""
    g = cleared()
    _cut(g, army, keep)
    assert sum(1 for u in g.state.units.values() if u.army == army and not u.eliminated) == keep
    g.apply("french", "/end")
    assert (army in g.state.surrendered) == surrenders


def test_12_1_french_win_when_both_allies_have_surrendered():
    g = cleared()
    _cut(g, "british", 9)
    _cut(g, "prussian", 12)
    g.apply("french", "/end")
    assert g.over and g.state.result.winner == "french"


def test_12_2_allies_win_when_the_french_surrender():
    g = cleared()
    _cut(g, "french", 19)
    _cut(g, "british", 9)
    g.apply("french", "/end")
    assert g.state.result.winner == "allied"


def test_12_3_stalemate_when_all_three_surrender_together():
    g = cleared()
    for a, k in (("french", 19), ("british", 9), ("prussian", 12)):
        _cut(g, a, k)
    g.apply("french", "/end")
    assert g.state.result.winner == "draw"
