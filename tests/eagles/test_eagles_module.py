"""Eagles of the Empire as a module: the registry, the scenario dump, scripts (``@game eagles``), save/load
and
replay, the views (open information; a queue its side's own), orders queued ahead, bad input said clearly,
legal orders (move destinations with the MP left), the words in English and Japanese, and the dice checked by
``estafette verify``."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from support.whole import random_game

from bot.verify import annotate, verify
from engine import modules
from engine.eagles import present
from engine.eagles.game import Game
from engine.eagles.invariants import problems
from engine.eagles.module import MODULE
from engine.eagles.options import Options
from engine.errors import RuleError
from engine.script import run_lines


def new(seed: int = 3) -> Game:
    return Game.new(Options(), seed)


@pytest.fixture(scope="module")
def finished() -> Game:
    g = random_game(MODULE, Options(), 21, most=4000)
    assert g.over
    return g


# -- the registry and the scenario dump ---------------------------------------------------------------------
def test_the_module_is_registered_with_its_sides_and_options():
    m = modules.get("eagles")
    assert m is MODULE and m.roles(m.parse_options("")) == ("french", "allies")
    assert m.parse_options("tall_crops=on").tall_crops


def test_the_scenario_dump_gives_areas_units_and_leaders():
    out = subprocess.run(
        [sys.executable, "-m", "engine.scenario", "eagles", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    d = json.loads(out.stdout)
    assert len(d["areas"]) == 42
    c1 = next(a for a in d["areas"] if a["id"] == "C1")
    assert {"id", "name", "elevation", "neighbours"} <= set(c1) and "C3" in c1["neighbours"]
    f01 = next(u for u in d["units"] if u["id"] == "F01")
    assert {k: f01[k] for k in ("side", "type", "sp", "morale")} == {
        "side": "french",
        "type": "infantry",
        "sp": 3,
        "morale": 4,
    }
    assert {x["id"] for x in d["leaders"]} >= {"F-L1", "A-L1", "A-L9"}


# -- scripts, replay, save/load -----------------------------------------------------------------------------
def test_a_script_with_game_eagles_plays_forced_dice_and_a_marked_refusal():
    lines = [
        "@game eagles",
        "@seed 4",
        "@dice 2 4 1",  # after the 7.0 roll of the set-up: the French activation die
    ]
    out = run_lines(lines)
    g = out.game
    chooser = g.state.chooser
    lines += [
        f"{chooser}: /first side:french",
        "french: /roll",
        "! french: /activate formations:foy,bachelu,pire,kellermann",
        "french: /activate formations:foy",
        "! french: /move units:F02 to:V1",  # Bijlandt holds Gemioncourt (13.1)
        "french: /move units:F02 to:V4",
        "! allies: /roll",
    ]
    out = run_lines(lines)
    assert out.ok, out.results
    assert out.game.state.units["F02"].area == "V4"
    assert out.module == "eagles"


def test_replaying_the_script_rebuilds_the_game_exactly(finished):
    out = run_lines(finished.script().splitlines())
    assert out.ok
    assert out.game.dumps() == finished.dumps()


def test_save_and_load_round_trip_and_play_on_alike():
    g = new(9)
    rng = random.Random(9)
    pick = MODULE.fuzzing.pick
    assert pick is not None
    for _ in range(60):
        role = g.active()[0]
        g.apply(role, str(pick(rng, g, role, {})))
    h = Game.loads(g.dumps())
    assert h.dumps() == g.dumps()
    assert h.view("french").to_dict() == g.view("french").to_dict()
    for _ in range(40):
        role = g.active()[0]
        order = str(pick(rng, g, role, {}))
        a, b = g.apply(role, order), h.apply(role, order)
        assert [e.to_dict() for e in a] == [e.to_dict() for e in b]
    assert h.dumps() == g.dumps()


def test_a_rejected_order_changes_nothing():
    g = new()
    before = g.dumps()
    with pytest.raises(RuleError):
        g.apply("french", "/move units:F02 to:V1")
    assert g.dumps() == before


# -- bad input ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("order", "says"),
    [
        ("/march units:F02", "/march"),
        ("/first", "side"),
        ("/first side:french colour:blue", "colour"),
        ("/first side:prussia", "french"),
    ],
)
def test_bad_input_says_what_was_wrong_and_what_is_accepted(order, says):
    g = new()
    with pytest.raises(RuleError) as e:
        g.apply(str(g.state.chooser), order)
    assert says in str(e.value)


def test_an_unknown_area_and_an_unknown_piece_are_named():
    g = new()
    g.apply(str(g.state.chooser), "/first side:french")
    g.state.dice.force([1])
    g.apply("french", "/roll")
    g.apply("french", "/activate formations:foy")
    with pytest.raises(RuleError) as e:
        g.apply("french", "/move units:F02 to:X9")
    assert "X9" in str(e.value) and "N1-N8" in str(e.value)
    with pytest.raises(RuleError) as e:
        g.apply("french", "/move units:F99 to:V1")
    assert "F99" in str(e.value)


def test_a_side_that_is_not_a_seat_is_refused():
    with pytest.raises(RuleError) as e:
        new().apply("prussians", "/roll")
    assert e.value.key == "eagles.order.role"


# -- views: open information, a queue its side's own ---------------------------------------------------------
def test_every_role_sees_every_piece():
    g = new()
    for role in ("french", "allies", "public"):
        v = g.view(role)
        assert {u["id"] for u in v.units} == set(g.state.units)
        assert {x["id"] for x in v.leaders} == set(g.state.leaders)


def test_legal_offers_move_destinations_within_the_mp_left():
    g = new()
    g.apply(str(g.state.chooser), "/first side:french")
    g.state.dice.force([1])
    g.apply("french", "/roll")
    g.apply("french", "/activate formations:foy")
    moves = [c for c in g.legal("french").choices if c.kind == "move" and c.units == ("F02",)]
    assert moves and all(c.to != "S1" for c in moves)
    assert "V4" in {c.to for c in moves} and "V1" not in {c.to for c in moves}  # V1: Bijlandt (13.1)
    v = g.view("french")
    assert next(u for u in v.units if u["id"] == "F02")["mp_left"] == 4
    g.apply("french", "/move units:F02 to:V4")  # 1 MP into the farm
    assert next(u for u in g.view("french").units if u["id"] == "F02")["mp_left"] == 2
    assert g.legal("allies").choices == () and not g.legal("allies").active


def test_every_legal_order_is_accepted():
    g = random_game(MODULE, Options(), 5, most=120)
    role = g.active()[0]
    for c in g.legal(role).choices:
        h = Game.loads(g.dumps())
        h.apply(role, c.text())
        assert problems(h.ctx) == []


# -- orders queued ahead
# --------------------------------------------------------------------------------------
def test_a_queue_is_played_when_its_turn_comes_and_kept_from_the_other_side():
    g = new()
    chooser = str(g.state.chooser)
    g.apply("allies", '/queue orders:"/roll; /activate formations:perponcher; /done"')
    assert g.view("allies").queue == ("/roll", "/activate formations:perponcher", "/done")
    assert g.view("french").queue == () and g.view("public").queue == ()
    queued = [e for e in g.events if e.kind == "queued"]
    assert queued and "orders" not in queued[-1].visible("french")
    assert present.narrate(queued[-1].visible("french"), "en") is None
    g.state.dice.force([6, 1])  # French fail; the Allies' queued roll: 1
    g.apply(chooser, "/first side:french")
    g.apply("french", "/roll")
    assert g.state.formations["perponcher"].activated
    assert g.state.roller == "french" and g.state.phase == "roll"  # the queue played through /done
    assert [e.data["order"] for e in g.events if e.kind == "played"] == [
        "/roll",
        "/activate formations:perponcher",
        "/done",
    ]


def test_a_queued_order_no_longer_legal_cancels_the_rest_told_to_its_side():
    g = new()
    chooser = str(g.state.chooser)
    g.apply("allies", '/queue orders:"/roll; /activate formations:cooke; /done"')  # Cooke is not here yet
    g.state.dice.force([6, 1])
    g.apply(chooser, "/first side:french")
    g.apply("french", "/roll")
    st = g.state
    assert st.phase == "activate" and st.roller == "allies" and st.queue["allies"] == []
    cancelled = [e for e in g.events if e.kind == "queue-cancelled"][-1]
    mine = cancelled.visible("allies")
    assert mine["order"] == "/activate formations:cooke" and mine["dropped"] == ["/done"]
    assert "order" not in cancelled.visible("french")
    said = present.narrate(mine, "en")
    assert said and "/activate formations:cooke" in said and "cancelled" in said
    assert present.narrate(mine, "ja")


def test_queue_alone_clears_it_and_a_bad_item_is_refused_whole():
    g = new()
    g.apply("allies", '/queue orders:"/roll"')
    g.apply("allies", "/queue")
    assert g.state.queue["allies"] == []
    with pytest.raises(RuleError) as e:
        g.apply("allies", '/queue orders:"/roll; /jump"')
    assert e.value.key == "eagles.queue.unreadable" and "/jump" in str(e.value)
    assert MODULE.sealed('/queue orders:"/roll"')


# -- words
# ---------------------------------------------------------------------------------------------------------
def test_every_event_of_a_whole_game_is_told_in_both_languages(finished):
    for e in finished.events:
        for role in ("french", "allies"):
            seen = e.visible(role)
            for lang in ("en", "ja"):
                said = present.narrate(seen, lang)
                if e.kind not in ("queued", "queue-cancelled"):
                    assert said, (e.kind, lang)
                    assert "{" not in said


def test_prompts_status_and_headline_in_both_languages():
    g = new()
    chooser = str(g.state.chooser)
    for lang in ("en", "ja"):
        assert "/first" in MODULE.prompt(g, chooser, lang, None)
        assert present.status(g.view("public"), lang)
        assert present.headline(g.view("public"), chooser, lang)
    assert "活性化" in present.word("eagles.phase.activate", "ja")
    assert "騎兵突撃" in present.word("eagles.phase.charge", "ja")


def test_a_japanese_refusal_reads_in_japanese():
    from engine.eagles.messages_ja import JA
    from engine.messages import render

    g = new()
    with pytest.raises(RuleError) as e:
        g.apply(str(g.state.chooser), "/first side:prussia")
    assert e.value.key is not None
    said = render(JA[e.value.key], e.value.params, JA)
    assert "陣営" in said


# -- dice everyone can verify
# -----------------------------------------------------------------------------------
def test_every_roll_names_its_purpose(finished):
    dice = [e for e in finished.events if e.kind == "dice"]
    assert dice and all(e.data.get("for") and e.data.get("dice") for e in dice)
    assert {"first player", "activation"} <= {e.data["for"] for e in dice}


def test_estafette_verify_checks_every_die_of_a_finished_game(finished):
    text = annotate(finished.script().splitlines(), 77, "ab12")
    verdict = verify(text)
    assert verdict.ok, verdict.lines
    assert any("dice replayed from the seed: all as the file says" in x for x in verdict.lines)
    lines = text.splitlines()
    i = next(i for i, x in enumerate(lines) if x.startswith("# dice: "))
    first = lines[i].split()[2]
    lines[i] = lines[i].replace(first, str(7 - int(first)), 1)
    assert not verify("\n".join(lines) + "\n").ok


def test_13_1_autocomplete_offers_the_named_pieces_destinations_nearest_first():
    g = new()
    g.apply(str(g.state.chooser), "/first side:french")
    g.state.dice.force([1])
    g.apply("french", "/roll")
    g.apply("french", "/activate formations:foy")
    offered = MODULE.suggest(g, "french", "move", "to", "", {"units": "F02"})
    assert offered and offered[0] == "S5"  # 1/2 MP by the chaussée
    assert "V1" not in offered and "S1" not in offered
    vs = [a for a in offered if a[0] == "V"]
    assert MODULE.suggest(g, "french", "move", "to", "v", {"units": "F02"}) == vs
    # the units typed so far read as /move reads them: any case, spaces and empty items ignored
    assert MODULE.suggest(g, "french", "move", "to", "", {"units": " f02 ,"}) == offered
    assert MODULE.suggest(g, "allies", "move", "to", "", {"units": "F02"}) is None
