"""A battle through the whole game (engine.napoleon.Game): the campaign's attack starts it, orders fight it,
the campaign turn ends when it is over; snapshots taken mid-battle reload exactly."""

from __future__ import annotations

import pytest
from support.napoleon import cleared, place, rejected, units_of

from engine.napoleon.game import Game


def attack(ruleset: str) -> tuple[Game, list[str], list[str]]:
    g = cleared(ruleset=ruleset)
    fr = units_of(g, "french", "infantry", 3) + units_of(g, "french", "cavalry", 1)
    pr = units_of(g, "prussian", "infantry", 3)
    place(g, "Beaumont", *fr)
    place(g, "Thuin", *pr)
    g.place(pr[1], "Thuin", 2)
    g.apply("french", f"/move units:{','.join(fr)} path:Beaumont>Thuin")
    g.apply("french", "/end")
    return g, fr, pr


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_a_battle_from_the_attack_to_the_next_campaign_turn(ruleset):
    g, fr, pr = attack(ruleset)
    assert g.state.phase == "battle" and g.active() == ["allied"]
    rejected(g, "french", f"/deploy left:{fr[0]} center:{fr[1]} right:{fr[2]} reserve:{fr[3]}", "6.2")
    g.apply("allied", f"/deploy left:{pr[0]} center:{pr[1]} right:{pr[2]}")
    g.apply("french", f"/deploy left:{fr[0]} center:{fr[1]},{fr[3]} right:{fr[2]}")
    view = g.view("allied").battles[0]
    assert [x.id for x in view.side("french").center] == [fr[1], fr[3]]
    g.apply(
        "french", f"/battle-move unit:{fr[3]} to:across-center"
    )  # the cavalry engages the Prussian Center
    g.apply("french", "/end")
    g.apply("allied", "/end")
    miss = 1 if ruleset == "3rd" else 6
    hit = 4 if ruleset == "3rd" else 3  # hits only at triple fire
    g.force_dice([hit, hit] + [miss] * (g.state.units[fr[3]].cv - 2))
    g.apply("french", f"/fire unit:{fr[3]}")  # the charge: triple fire
    assert g.state.units[pr[1]].eliminated
    # the Prussian Center is empty: rout (7.5); the French regroup or end
    assert g.active() == ["french"]
    g.apply("french", "/end")
    assert g.state.phase == "movement" and g.state.turn == 2
    assert all(g.state.units[u].location not in ("Thuin", None) or g.state.units[u].eliminated for u in pr)


def test_a_mid_battle_snapshot_reloads_exactly():
    g, fr, pr = attack("3.4")
    g.apply("allied", f"/deploy left:{pr[0]} center:{pr[1]} right:{pr[2]}")
    g.apply("french", f"/deploy left:{fr[0]} center:{fr[1]},{fr[3]} right:{fr[2]}")
    g.apply("french", f"/battle-move unit:{fr[3]} to:across-center")
    again = Game.loads(g.dumps())
    assert again.dumps() == g.dumps()
    assert again.legal("french").choices == g.legal("french").choices


def _random_battles(seed: int, ruleset: str, players: int) -> Game:
    """Two battles at once (Thuin and Charleroi, both attacked from Beaumont), with reinforcements next door
    on both sides, British and Prussian defenders mixed."""
    import random

    rng = random.Random(seed)
    g = cleared(ruleset=ruleset, players=players, corps_restriction=ruleset == "3.4" and seed % 2 == 0)
    fr = (
        units_of(g, "french", "infantry", 12)
        + units_of(g, "french", "cavalry", 4)
        + units_of(g, "french", "artillery", 3)
    )
    rng.shuffle(fr)
    pr = (
        units_of(g, "prussian", "infantry", 8)
        + units_of(g, "prussian", "cavalry", 2)
        + units_of(g, "prussian", "artillery", 2)
    )
    br = units_of(g, "british", "infantry", 4) + units_of(g, "british", "cavalry", 1)
    rng.shuffle(pr)
    place(g, "Beaumont", *fr[:12], *(["NAP"] if rng.random() < 0.5 else []))
    place(g, "Solre-sur-Sambre", *fr[12:])
    place(g, "Thuin", *pr[:3], *br[:2], *(["WEL"] if rng.random() < 0.5 else []))
    place(g, "Charleroi", *pr[3:7], *(["BLU"] if rng.random() < 0.5 else []))
    place(g, "Marchienne", *pr[7:], *br[2:])
    a, b = rng.randint(3, 6), 3  # Beaumont-Charleroi crosses the Sambre: 3 at most (5.4)
    g.apply("french", f"/move units:{','.join(fr[:a])} path:Beaumont>Thuin")
    g.apply("french", f"/move units:{','.join(fr[a : a + b])} path:Beaumont>Charleroi")
    g.apply("french", "/end")
    return g


@pytest.mark.parametrize("seed", range(12))
def test_random_legal_play_finishes_simultaneous_battles_on_the_real_map(seed):
    import random

    ruleset = ("3rd", "3.4")[seed % 2]
    players = (2, 3)[(seed // 2) % 2]
    g = _random_battles(seed, ruleset, players)
    assert g.state.phase == "battle" and len(g.state.open_battles()) == 2
    rng = random.Random(seed)
    for _ in range(5000):
        if g.state.phase != "battle":
            break
        active = g.active()
        assert active, "dead end"
        role = rng.choice(active)
        choices = list(g.legal(role).choices)
        assert choices, f"{role} is active with nothing to do"
        non_end = [c for c in choices if c.kind != "end"]
        order = rng.choice(non_end) if non_end and rng.random() < 0.85 else rng.choice(choices)
        g.apply(role, order)
    else:
        raise AssertionError("the battles did not end")
    assert g.state.phase in ("movement", "over")
