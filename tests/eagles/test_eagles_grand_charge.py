"""10.8 the grand charge as an order: ``/charge grand:LEADER from:AREAS target:AREA [then:return]``, declared
instead of a normal activation (at the activation try, in place of ``/roll``), through the script runner
(``engine/script.py``), the Discord harness and the service; offered by ``legal()`` and autocomplete, played
by the fuzzer's random player and the bot. Every die is forced (``@dice``).

The position: Guiton's cuirassiers (F06, heavy) with Kellermann (F-L7, tactical 2, the scenario's grand charge
leader) and Ney in S5, Picquet's dragoons (F07) in the adjacent S6; both ride through S7 (clear, level, empty)
at Saxe-Weimar's brigade (A02, 3 SP in 3 steps) in S8."""

from __future__ import annotations

import asyncio
import random

import pytest
from support.harness import Blank, bot_harness

from ai.eagles.players import EaglesPlayer
from engine import script
from engine.eagles import present
from engine.eagles.game import Game
from engine.eagles.invariants import problems
from engine.eagles.module import MODULE, action_areas
from engine.eagles.options import Options
from engine.eagles.state import OFF
from engine.errors import RuleError

GRAND = "/charge grand:F-L7 from:S5,S6 target:S8"
# formed on a 1 (< Kellermann's 2); A02 fails its emergency square (17.12: a 6 against its morale);
# A02 fires ceil(3/2) = 2 dice; F06 2 SP + F07 2 SP + Kellermann's 2 = 6 dice at +3 (the grand charge's +1,
# heavy cavalry's +1, the disordered target's +1): three 4s hit, A02 loses its 3 steps
WIN = "@dice 1 6 1 1 4 4 4 1 1 1"


def position(g: Game) -> Game:
    """Past 7.0 with the French to try; the board cleared (nothing left to arrive) and the pieces placed."""
    st = g.state
    if st.phase == "first":
        g.apply(str(st.chooser), "/first side:french")
    assert st.phase == "roll" and st.roller == "french"
    for u in st.units.values():
        u.area, u.arrive, u.attached_to, u.facing = OFF, 0, None, None
    for x in st.leaders.values():
        x.area, x.arrive = OFF, 0
    st.due = {}
    placed = (("F06", "S5"), ("F07", "S6"), ("F-L7", "S5"), ("F-L1", "S5"), ("A02", "S8"), ("A05", "N1"))
    for pid, area in placed:  # van Merlen (A05) far off: the Allies have a formation left to activate
        if pid in st.units:
            st.units[pid].area = area
        else:
            st.leaders[pid].area = area
    st.units["A02"].facing = "S7"
    for pid, area in (("A-L2", "N1"), ("A-L3", "N1")):
        st.leaders[pid].area = area
    return g


def new(seed: int = 3) -> Game:
    return position(Game.new(Options(), seed))


def play(g: Game, *lines: str) -> script.Outcome:
    out = script.run_lines(list(lines), start=g, module="eagles")
    assert out.ok, out.results
    return out


def kinds(g: Game, since: int) -> list[str]:
    return [e.kind for e in g.events[since:]]


# -- the order, through the script runner --------------------------------------------------------------------
def test_10_8_a_grand_charge_declared_instead_of_the_activation_roll_forms_up_and_charges_as_one_body():
    g = new()
    st = g.state
    before = len(g.events)
    play(g, WIN, f"french: {GRAND}")
    told = kinds(g, before)
    assert told[:3] == ["dice", "grand-charge", "activate"]  # 10.8: its die stands for the activation's
    assert "roll" not in [e.data.get("for") for e in g.events[before:] if e.kind == "dice"]
    assert told.count("charge") == 1 and "charge-result" in told and told[-1] != "charge"
    (act,) = [e.data for e in g.events[before:] if e.kind == "activate"]
    where = {"areas": ["S5", "S6", "S7"], "target": "S8"}  # the start areas, the area between, the target
    assert act == {"side": "french", "formations": ["kellermann"], "grand": "F-L7", **where}
    assert "command" in told  # 9.0: determined at once, as for any activation
    assert action_areas(g) == ["S5", "S6", "S7", "S8"]  # the crop round the action: both start areas
    (c,) = [e.data for e in g.events[before:] if e.kind == "charge"]
    assert c["units"] == ["F06", "F07"] and c["via"] == "S7" and c["target"] == "S8"
    charger = [e.data for e in g.events[before:] if e.kind == "dice" and e.data.get("fire") == "charger"]
    assert len(charger[0]["dice"]) == 6 and charger[0]["modifier"] == 3  # +1 grand, +1 heavy, +1 disordered
    assert not st.units["A02"].on_map
    assert st.units["F06"].area == st.units["F07"].area == "S8" == st.leaders["F-L7"].area
    fm = st.formations["kellermann"]
    assert fm.activated and fm.last_turn == st.turn  # 8.15-8.17: its activation for this turn
    assert st.activation is None and "action-end" in told  # the activation is over: the next try
    assert st.fails == 0 and problems(g.ctx) == []
    assert "/charge grand:F-L7 from:S5,S6 target:S8" in g.log[-1]
    for e in g.events[before:]:
        for lang in ("en", "ja"):
            assert present.narrate(e.visible("allies"), lang), (e.kind, lang)
    said = present.narrate(g.events[before + 2].visible("public"), "en")
    kellermann = "III Cavalry Corps, 11th Cavalry Division (Kellermann)"
    assert said == f"The French activate {kellermann} for Kellermann's grand charge."


def test_10_8_the_die_must_be_less_than_the_tactical_value_and_a_failure_is_a_failed_try():
    g = new()
    st = g.state
    before = len(g.events)
    play(g, "@dice 2", f"french: {GRAND}")  # 2 is not less than Kellermann's 2
    assert kinds(g, before) == ["dice", "grand-charge-failed"]
    assert st.units["F06"].area == "S5" and st.units["A02"].steps == 3
    assert not st.formations["kellermann"].activated and st.fails == 1  # 8.12: a failed try
    assert st.phase == "roll" and st.roller == "allies"
    turn = st.turn
    play(g, "@dice 6", "allies: /roll")  # 8.13: both fail in a row: the activation step ends
    assert st.turn == turn + 1 or st.phase == "over"


def test_10_8_then_return_brings_the_cavalry_and_its_leader_back_to_their_start_areas():
    g = new()
    st = g.state
    play(g, WIN, f"french: {GRAND} then:return")
    assert not st.units["A02"].on_map
    assert (st.units["F06"].area, st.units["F07"].area, st.leaders["F-L7"].area) == ("S5", "S6", "S5")
    assert "charge-return" in kinds(g, 0)


def test_10_8_a_grand_charge_from_one_area_with_its_cavalry_alone():
    g = new()
    st = g.state
    play(g, "@dice 1 6 1 1 4 4 1 1", "french: /charge grand:F-L7 from:S5 target:S8")  # 17.12 the 6
    c = next(e.data for e in g.events if e.kind == "charge")
    assert c["units"] == ["F06"] and st.units["F07"].area == "S6"


def test_10_8_and_17_12_an_emergency_square_against_a_grand_charge_ends_a_reverse_slope():
    """17.12 and 17.2 (ours, G13: one posture at a time): infantry in reverse-slope defence that forms an
    emergency square against a grand charge leaves the reverse slope, as against any charge (the fuzzer's seed
    482136 found a unit with both marks)."""
    g = new()
    st = g.state
    st.units["A02"].reverse_slope = True
    # formed on a 1; A02's square on a 1 (<= its morale); every other die a 1: nobody hits, the charge fails
    play(g, "@dice 1 1 1 1 1 1 1 1 1 1", f"french: {GRAND}")
    a02 = st.units["A02"]
    assert a02.area == "S8" and a02.square and not a02.reverse_slope
    assert problems(g.ctx) == []


def test_10_8_only_available_cavalry_rides_not_an_activated_formation_nor_the_guard_held_back():
    g = new()
    st = g.state
    st.units["F08"].area = "S6"  # the Guard light cavalry, not released (facts 7.3)
    st.units["F04"].area = "S6"  # Piré's lancers, whose division has activated this turn
    st.formations["pire"].activated, st.formations["pire"].last_turn = True, st.turn
    play(g, WIN, f"french: {GRAND}")
    (c,) = [e.data for e in g.events if e.kind == "charge"]
    assert c["units"] == ["F06", "F07"]
    assert st.units["F08"].area == st.units["F04"].area == "S6"


def test_10_8_cavalry_out_of_command_does_not_charge_9_4():
    g = new()
    st = g.state
    st.leaders["F-L1"].area = "N1"  # Ney far away: Kellermann must take command by initiative (9.3)
    before = len(g.events)
    play(g, "@dice 1 6", f"french: {GRAND}")  # formed; Kellermann's initiative roll fails
    told = kinds(g, before)
    assert "grand-charge-halted" in told and "charge" not in told
    assert st.units["F06"].area == "S5" and st.units["A02"].steps == 3
    assert st.formations["kellermann"].activated  # it has activated, for nothing (9.3)


def test_10_8_refusals_say_why_and_change_nothing():
    g = new()
    st = g.state
    saved, n = st.to_dict(), len(g.events)
    bad = {
        "/charge grand:F-L7 from:S5 target:S7": "10.1",  # adjacent: not 2 areas away
        "/charge grand:F-L6 from:S5,S6 target:S8": "10.8",  # Piré is not named by the scenario
        "/charge grand:F-L7 from:S5,S8 target:S8": "10.8",  # not two adjacent start areas
        "/charge grand:F-L7 from:S5,S6 target:S8 then:maybe": "10.8",
        "/charge grand:F-L7 from:S5 units:F06 target:S8": "10.8",  # the areas, not the units
        "/charge grand:F-L7 from:S7 target:S9": "10.8",  # no cavalry there
        "/charge units:F06 target:S8": "8.1",  # a plain charge at the roll: roll first
        "/charge units:F06 target:S8 from:S5": "10.8",
    }
    for order, rule in bad.items():
        with pytest.raises(RuleError) as e:
            g.apply("french", order)
        assert e.value.rule == rule, (order, e.value)
        assert str(e.value) and "Traceback" not in str(e.value)
    with pytest.raises(RuleError) as e:
        g.apply("allies", GRAND)
    assert e.value.key == "eagles.order.not_your_turn"
    with pytest.raises(RuleError) as e:
        g.apply("french", "/charge grand:F-L7 target:S8")  # the start areas are needed
    assert "from" in str(e.value)
    assert st.to_dict() == saved and len(g.events) == n
    lines = [f"! french: {o}" for o in bad] + [f"! allies: {GRAND}"]
    out = script.run_lines(lines, start=g, module="eagles")
    assert out.ok and not any(r["ok"] for r in out.results)
    assert st.to_dict() == saved


def test_10_8_not_once_the_activation_has_begun():
    g = new()
    st = g.state
    st.dice.force([1])
    g.apply("french", "/roll")
    g.apply("french", "/activate formations:kellermann")
    with pytest.raises(RuleError) as e:
        g.apply("french", GRAND)
    assert (e.value.rule, e.value.key) == ("10.8", "eagles.charge.grand_when")
    assert "/roll" in str(e.value)
    assert not [c for c in g.legal("french").choices if c.kind == "charge" and getattr(c, "grand", "")]


def test_10_8_legal_offers_each_grand_charge_the_rules_take_and_the_other_side_none():
    g = new()
    texts = {c.text() for c in g.legal("french").choices}
    assert {"/roll", GRAND, f"{GRAND} then:return", "/charge grand:F-L7 from:S5 target:S8"} <= texts
    assert "/charge grand:F-L7 from:S6 target:S8" in texts  # S6 charges S8 through S7 too
    for t in texts:
        if t.startswith("/charge"):
            assert "grand:F-L7" in t
    assert g.legal("allies").choices == ()
    g.state.units["F01"].area = "S7"  # the area between is no longer empty (10.1)
    assert not [c for c in g.legal("french").choices if c.kind == "charge"]


def test_10_8_the_fuzzers_random_player_both_rolls_and_declares_grand_charges():
    g = new()
    rng = random.Random(5)
    picked = [MODULE.fuzzing.pick(rng, g, "french", {}) for _ in range(200)]
    grand = [p for p in picked if p and p.startswith("/charge grand:")]
    assert 0 < len(grand) < 100 and "/roll" in picked


def test_10_8_the_bot_declares_a_grand_charge_where_it_is_good_and_rolls_where_it_is_not():
    """A brigade in the open fields of S8 is not worth the 1 in 6 of forming up against the 4 in 6 of the
    activation roll; the Namur road east of the crossroads (C3, 4 VP, held by the Allies) is."""
    from ai.eagles import fight
    from ai.eagles.knowledge import board, read

    g = new()
    bot = EaglesPlayer()
    rng = random.Random(1)
    assert bot.choose(g.view("french"), g.legal("french"), rng).text() == "/roll"
    st = g.state
    for pid, area in (("F06", "N8"), ("F07", "N8"), ("F-L7", "N8"), ("F-L1", "N8"), ("A02", "C3")):
        (st.units[pid] if pid in st.units else st.leaders[pid]).area = area
    st.units["A02"].facing = "C6"
    st.holders["C3"] = "allies"
    grand = "/charge grand:F-L7 from:N8 target:C3"  # through C6
    assert grand in {c.text() for c in g.legal("french").choices}
    seen = read(g.view("french"), board())
    assert fight.grand(board(), seen, "french", "F-L7", ("N8",), "C3") > 0
    assert bot.choose(g.view("french"), g.legal("french"), rng).text() == grand


# -- through Discord and the service -------------------------------------------------------------------------
@pytest.fixture
async def h(tmp_path):
    async with bot_harness(tmp_path, Blank()) as harness:
        yield harness


async def test_10_8_a_grand_charge_through_discord_with_autocomplete_and_a_refusal(h):
    """The French player's slash command ``/charge grand: from: target:``: autocomplete offers the leader,
    the start areas and the target; a grand charge the rules refuse gets the rule and the reason and changes
    nothing; the one they take is told in the channel, die, purpose and all."""
    await h.feed(h.slash("game new", {"game": "eagles"}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {"role": "french"}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {"role": "allies"}, user="bob", channel="game-1"))
    await h.feed(h.slash("game start", user="alice", channel="game-1"))
    channel = h.world.channel("game-1").id
    live = next(iter(h.bot.service.live.values()))
    game = live.game
    if game.state.phase == "first":
        user = "alice" if game.state.chooser == "french" else "bob"
        got = await h.feed(h.slash("first", {"side": "french"}, user=user, channel="game-1"))
        assert got.said.content.startswith("Done"), got.said.content
    live = next(iter(h.bot.service.live.values()))
    position(live.game)

    for option, given, want in (
        ("grand", {"grand": ""}, "F-L7"),
        ("from", {"grand": "F-L7", "from": ""}, "S5,S6"),
        ("target", {"grand": "F-L7", "from": "S5,S6", "target": ""}, "S8"),
        ("then", {"grand": "F-L7", "then": ""}, "return"),
    ):
        auto = h.autocomplete("charge", given, focused=option, user="alice", channel="game-1")
        await h.feed(auto)
        offered = {c["value"] for c in h.fake.autocomplete_choices(auto["id"])}
        assert want in offered, (option, offered)

    saved = live.game.state.to_dict()
    wrong = await h.feed(
        h.slash("charge", {"grand": "F-L7", "from": "S5", "target": "S7"}, user="alice", channel="game-1")
    )
    text = wrong.said.content
    assert text.startswith("Not accepted") and "10.1" in text and "S7" in text and "2 areas" in text, text
    assert "Traceback" not in text
    twice = await h.feed(h.slash("charge", {"units": "F06", "target": "S8"}, user="alice", channel="game-1"))
    assert twice.said.content.startswith("Not accepted") and "grand" in twice.said.content
    live = next(iter(h.bot.service.live.values()))
    assert live.game.state.to_dict()["units"] == saved["units"]

    live.game.state.dice.force([1, 6, 1, 1, 4, 4, 4, 1, 1, 1])  # 17.12: the 6 fails the square
    since = len(h.fake.messages_in(channel))
    got = await h.feed(
        h.slash("charge", {"grand": "F-L7", "from": "S5,S6", "target": "S8"}, user="alice", channel="game-1")
    )
    assert got.said.content.startswith("Done"), got.said.content
    told = "\n".join(m.get("content") or "" for m in h.fake.messages_in(channel)[since:])
    assert "A02 is eliminated" in told and "earlier lines of this change: /game log" in told, told
    log = await h.feed(h.slash("game log", {"last": 30}, user="alice", channel="game-1"))
    assert "Kellermann leads a grand charge against S8" in log.said.content, log.said.content
    assert "for Kellermann's grand charge" in log.said.content, log.said.content  # among the earlier lines
    assert "Dice for grand charge: 1" in log.said.content, log.said.content
    live = next(iter(h.bot.service.live.values()))
    assert not live.game.state.units["A02"].on_map
    assert live.game.log[-1] == f"french: {GRAND}"


async def test_10_8_two_players_at_the_same_instant_a_grand_charge_and_a_question(new_store):
    """The French declare a grand charge while the Allies ask a line-of-sight question at the same instant:
    each goes through the game's lock in turn, both are in the log, the board as the grand charge left it."""
    from bot.pictures import NoPictures
    from bot.service import Caller, Service

    def who(user: int) -> Caller:
        return Caller(user, 310, 9)

    store = await new_store()
    svc = Service(store, pictures=NoPictures())
    await svc.new_game(who(1), game="eagles")
    await svc.join(who(2), "french")
    await svc.join(who(3), "allies")
    await svc.start(who(1))
    game = svc.live[1].game
    if game.state.phase == "first":
        chooser = game.state.chooser
        await svc.order(who(2 if chooser == "french" else 3), "/first side:french", role=chooser)
    game = svc.live[1].game
    position(game)
    game.state.dice.force([1, 6, 1, 1, 4, 4, 4, 1, 1, 1])  # 17.12: the 6 fails the square
    await asyncio.gather(
        svc.order(who(2), GRAND, role="french"),
        svc.order(who(3), "/los from:S8 to:S5", role="allies"),
    )
    game = svc.live[1].game
    assert sorted(game.log[-2:]) == sorted([f"french: {GRAND}", "allies: /los from:S8 to:S5"])
    assert not game.state.units["A02"].on_map and game.state.units["F06"].area == "S8"
    assert problems(game.ctx) == []
    await svc.idle()
