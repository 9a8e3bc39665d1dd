"""Eagles of the Empire: 11.3 deployment in the assignment segment (``/split``) and reabsorption
(``/reabsorb``): only the divisions the scenario names (Saxe-Weimar's A02, its Nassau picket), in the
division's area, never next to the enemy or out of command; the step goes to the short counter and comes
back. Rulings (ours where the rules stop): docs/rulings.md "Eagles of the Empire — 11.3 deployment and
reabsorption in the assignment segment"."""

from __future__ import annotations

from support.eagles import activated
from support.rules import refused_as

from engine.eagles import present, victory
from engine.eagles.game import Game
from engine.eagles.invariants import problems
from engine.eagles.options import Options
from engine.script import run_lines


def test_11_3_a_division_deploys_its_short_counter_in_the_assignment_segment():
    g = activated("perponcher", side="allies")
    st = g.state
    score = victory.score(g.ctx)
    assert "/split unit:A02" in {c.text() for c in g.legal("allies").choices}
    events = g.apply("allies", "/split unit:A02")
    a02, picket = st.units["A02"], st.units["A02P"]
    assert st.phase == "assign"
    assert picket.area == a02.area == "W2" and picket.parent == "A02"  # 11.3: in the parent's area
    assert (a02.steps, a02.sp, a02.long) == (2, 2, True)  # one step less
    assert (picket.sp, picket.steps, picket.long, picket.formation) == (1, 1, False, a02.formation)
    assert victory.score(g.ctx) == score  # the deployed step is no loss
    (e,) = [x for x in events if x.kind == "split"]
    assert e.data == {"side": "allies", "division": "A02", "unit": "A02P", "area": "W2"}
    assert "A02P" in str(present.narrate(e.visible("french"), "en"))
    assert "展開" in str(present.narrate(e.visible("french"), "ja"))
    # the short counter acts with its formation in this activation (ours)
    assert any(c.text().startswith("/move units:A02P ") for c in g.legal("allies").choices)
    assert problems(g.ctx) == []


def test_11_3_who_may_deploy_and_where_refusals_change_nothing():
    g = activated("perponcher", side="allies")
    st = g.state
    e = refused_as(g, "allies", "/split unit:A01", "eagles.split.cannot")  # not named by the scenario
    assert "A02" in str(e)
    refused_as(g, "allies", "/split unit:F02", "eagles.unknown_piece")
    st.units["A02"].in_command = False
    refused_as(g, "allies", "/split unit:A02", "eagles.split.command")  # 11.3: out of command
    st.units["A02"].in_command = True
    st.units["A02"].area = "V2"  # next to Foy in S1
    refused_as(g, "allies", "/split unit:A02", "eagles.split.enemy")  # 11.3: adjacent to an enemy
    st.units["A02"].area = "W2"
    st.units["A02"].lose(1)  # 2 SP left: it would keep 1
    refused_as(g, "allies", "/split unit:A02", "eagles.split.weak")  # ours
    h = activated("perponcher", side="allies")
    h.apply("allies", "/split unit:A02")
    refused_as(h, "allies", "/split unit:A02", "eagles.split.out")  # one short counter at a time
    h.apply("allies", "/form-square units:A01")  # the movement segment: the assignments are over
    refused_as(h, "allies", "/split unit:A02", "eagles.segment.over")  # 11.0: the assignment segment only


def test_11_3_reabsorption_gives_the_step_back_in_the_divisions_area():
    g = activated("perponcher", side="allies", picket=True)
    st = g.state
    full = Game.new(Options(), 1).state.units["A02"]
    score = victory.score(g.ctx)
    assert "/reabsorb unit:A02" in {c.text() for c in g.legal("allies").choices}
    events = g.apply("allies", "/reabsorb unit:A02P")  # the short counter may be named too
    a02 = st.units["A02"]
    assert "A02P" not in st.units
    assert (a02.steps, a02.sp, a02.full_steps, a02.full_sp) == (full.steps, full.sp, full.steps, full.sp)
    assert victory.score(g.ctx) == score
    (e,) = [x for x in events if x.kind == "reabsorb"]
    assert e.data["division"] == "A02" and e.data["unit"] == "A02P"
    assert present.narrate(e.visible("french"), "ja")
    # and it may deploy again later (the counter is back in the division)
    g.apply("allies", "/split unit:A02")
    assert st.units["A02P"].area == "W2" and st.units["A02"].steps == 2
    assert problems(g.ctx) == []


def test_11_3_reabsorption_refused_apart_without_a_counter_or_next_to_the_enemy():
    g = activated("perponcher", side="allies")
    refused_as(g, "allies", "/reabsorb unit:A02", "eagles.reabsorb.none")
    h = activated("perponcher", side="allies", picket=True)
    st = h.state
    st.units["A02P"].area = "W1"
    e = refused_as(h, "allies", "/reabsorb unit:A02", "eagles.reabsorb.apart")
    assert "A02P" in str(e)
    st.units["A02P"].area = st.units["A02"].area = "V2"
    refused_as(h, "allies", "/reabsorb unit:A02", "eagles.split.enemy")
    st.units["A02P"].area = st.units["A02"].area = "W2"
    st.units["A02P"].in_command = False
    refused_as(h, "allies", "/reabsorb unit:A02", "eagles.split.command")
    st.units["A02P"].lose(1)  # the picket eliminated: no new one from A02 (its loss stands)
    refused_as(h, "allies", "/split unit:A02", "eagles.split.out")


def test_11_3_split_and_reabsorb_through_the_script_runner():
    refused_lines = 3
    g = Game.new(Options(), 4)
    chooser = g.state.chooser
    lines = ["@game eagles", "@seed 4", f"{chooser}: /first side:allies", "@dice 1", "allies: /roll"]
    lines += [
        "allies: /activate formations:perponcher",
        "! allies: /split unit:A01",  # 11.3: the scenario names A02 only
        "allies: /split unit:A02",
        "! allies: /split unit:A02",  # one at a time
        "allies: /reabsorb unit:A02",
        "! allies: /reabsorb unit:A02",  # nothing left to take back
        "allies: /done",
    ]
    out = run_lines(lines)
    assert out.ok, out.results
    assert "A02P" not in out.game.state.units and out.game.state.units["A02"].steps == 3
    assert sum(not r["ok"] for r in out.results) == refused_lines  # the refusals marked "!", each refused
    assert run_lines(lines).game.dumps() == out.game.dumps()


CH, HOST, ALICE, BOB = 301, 1, 2, 3


async def test_11_3_and_17_two_players_ordering_at_the_same_instant_through_the_service(new_store):
    """The side whose turn it is deploys and forms square while the other queues its try ahead; each goes
    through the game's lock in turn."""
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
    user = {"french": ALICE, "allies": BOB}
    chooser = game.state.chooser
    await svc.order(who(user[chooser]), "/first side:allies", role=chooser)
    game = svc.live[1].game
    game.state.dice.force([1])
    await svc.order(who(BOB), "/roll", role="allies")
    game = svc.live[1].game
    assert game.state.phase == "activate", game.state.phase
    await svc.order(who(BOB), "/activate formations:perponcher", role="allies")
    game = svc.live[1].game
    game.state.units["A02"].in_command = True
    await asyncio.gather(
        svc.order(who(BOB), "/split unit:A02", role="allies"),
        svc.order(who(ALICE), '/queue orders:"/roll"', role="french"),
    )
    game = svc.live[1].game
    assert "A02P" in game.state.units and game.state.queue["french"] == ["/roll"]
    await asyncio.gather(
        svc.order(who(BOB), "/form-square units:A01", role="allies"),
        svc.order(who(ALICE), '/queue orders:"/roll; /done"', role="french"),
    )
    game = svc.live[1].game
    assert game.state.units["A01"].square
    assert game.state.queue["french"] == ["/roll", "/done"]
    assert problems(game.ctx) == []
    await svc.idle()
