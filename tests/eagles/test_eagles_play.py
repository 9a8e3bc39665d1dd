"""Eagles of the Empire played: the combat segments' orders through the game (10 charges, 12 bombardment, 14
assault, with their limits 10.7 and 12.6), the line-of-sight question, and whole random games through the
module to their end with the invariants after every order, every event told, the same seed the same game."""

from __future__ import annotations

import random

import pytest
from support.eagles import activated

from engine import modules
from engine.eagles import present
from engine.eagles.game import Game
from engine.eagles.invariants import problems
from engine.eagles.options import Options
from engine.errors import RuleError


def test_12_a_bombardment_is_offered_fired_with_its_dice_and_ends_the_batterys_move():
    g = activated("bachelu")
    assert "/bombard units:F10 target:V1" in {c.text() for c in g.legal("french").choices}
    g.state.dice.force([6, 6])
    events = g.apply("french", "/bombard units:F10 target:V1")
    kinds = [e.kind for e in events]
    assert "bombardment" in kinds
    dice = [e.data for e in events if e.kind == "dice"]
    assert dice and dice[0]["for"] == "bombardment"
    assert g.state.phase == "bombard" and g.state.units["F10"].bombarded
    with pytest.raises(RuleError) as e:
        g.apply("french", "/move units:F10 to:S1")
    assert e.value.key == "eagles.move.bombarded"  # 12.6
    for ev in events:
        for lang in ("en", "ja"):
            assert present.narrate(ev.visible("allies"), lang)


def test_12_a_target_the_rules_do_not_give_is_refused_with_the_targets_named():
    g = activated("bachelu")
    with pytest.raises(RuleError) as e:
        g.apply("french", "/bombard units:F10 target:N1")
    assert e.value.key == "eagles.fight.target" and "V1" in str(e.value)


def test_10_a_charge_through_the_game_and_no_move_after_it():
    g = activated("pire")
    st = g.state
    st.units["F04"].area = "N7"  # two areas from V3 through C3 (10.1)
    assert "/charge units:F04 target:V3" in {c.text() for c in g.legal("french").choices}
    events = g.apply("french", "/charge units:F04 target:V3")
    kinds = [e.kind for e in events]
    assert "charge" in kinds and "charge-result" in kinds
    assert {e.data["for"] for e in events if e.kind == "dice"} >= {"charge"}
    assert st.units["F04"].charged or not st.units["F04"].on_map
    if st.units["F04"].on_map:
        with pytest.raises(RuleError) as e:
            g.apply("french", "/move units:F04 to:N8")
        assert e.value.key == "eagles.move.charged"  # 10.7
    assert problems(g.ctx) == []


def test_14_an_assault_through_the_game_closes_the_earlier_segments():
    g = activated("foy")
    assert "/assault units:F02 target:V1" in {c.text() for c in g.legal("french").choices}
    events = g.apply("french", "/assault units:F02 target:V1")
    assert g.state.phase == "assault"
    assert {"assault", "assault-result"} <= {e.kind for e in events}
    with pytest.raises(RuleError) as e:
        g.apply("french", "/move units:F02 to:S2")
    assert e.value.key == "eagles.segment.over"
    assert problems(g.ctx) == []


def test_12_5_the_line_of_sight_question_changes_nothing_and_says_why():
    g = Game.new(Options(), 2)
    before = g.state.to_dict()
    events = g.apply("allies", "/los from:S5 to:V2")
    assert g.state.to_dict() == before
    (e,) = events
    assert e.kind == "los" and e.data["ok"] is False and e.data["blocker"]
    said = present.narrate(e.visible("french"), "en")
    assert said and "no" in said
    with pytest.raises(RuleError):
        g.apply("allies", "/los from:S5 to:S5")


# -- whole games ---------------------------------------------------------------------------------------------
def play(seed: int, cap: int = 5000) -> Game:
    m = modules.get("eagles")
    g = m.new_game(m.parse_options(""), seed)
    rng = random.Random(seed)
    assert m.fuzzing.pick is not None
    for _ in range(cap):
        if g.over:
            break
        role = g.active()[0]
        order = m.fuzzing.pick(rng, g, role, {})
        assert order is not None
        g.apply(role, order)
        assert problems(g.ctx) == [], order
    return g


@pytest.mark.parametrize("seed", [2, 8])
def test_a_whole_random_game_plays_to_its_end_through_the_module(seed):
    g = play(seed)
    assert g.over and g.state.winner in ("french", "allies", "draw")
    assert g.state.turn <= 8
    for e in g.events:
        seen = e.visible("french")
        if e.kind not in ("queued", "queue-cancelled"):
            assert present.narrate(seen, "en") and present.narrate(seen, "ja"), e.kind


def test_the_same_seed_plays_the_same_game():
    assert play(4, cap=150).dumps() == play(4, cap=150).dumps()


# -- through the service: two players at the same instant ----------------------------------------------------
CH, HOST, ALICE, BOB = 300, 1, 2, 3


async def test_two_players_ordering_at_the_same_instant_through_the_service(new_store):
    """Both seats at once: the side whose turn it is names the first player (7.0) while the other queues its
    try ahead; each goes through the game's lock in turn, and the queue is played when its turn comes."""
    import asyncio

    from bot.pictures import NoPictures
    from bot.service import Caller, Service

    def who(user: int) -> Caller:
        return Caller(user, CH, 9)

    store = await new_store()
    svc = Service(store, pictures=NoPictures())
    await svc.new_game(who(HOST), game="eagles")
    await svc.join(who(ALICE), "french")
    await svc.join(who(BOB), "allies")
    await svc.start(who(HOST))
    game = svc.live[1].game
    chooser = game.state.chooser
    user = {"french": ALICE, "allies": BOB}
    other = "allies" if chooser == "french" else "french"
    await asyncio.gather(
        svc.order(who(user[chooser]), f"/first side:{chooser}", role=chooser),
        svc.order(who(user[other]), '/queue orders:"/roll"', role=other),
    )
    game = svc.live[1].game
    assert game.state.first == chooser
    assert game.log[-2:] in (
        [f"{chooser}: /first side:{chooser}", f'{other}: /queue orders:"/roll"'],
        [f'{other}: /queue orders:"/roll"', f"{chooser}: /first side:{chooser}"],
    )
    assert game.state.queue[other] == ["/roll"]  # not its turn yet: kept for when it comes
    assert problems(game.ctx) == []
    await svc.idle()
