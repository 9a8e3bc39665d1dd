"""Eagles of the Empire: 17.0 defensive postures, squares (17.1) and reverse slopes (17.2), formed and left in
the movement segment (13.1) by ``/form-square``, ``/reverse-slope`` and ``/line``; what they change in
movement, charges (10.2, 17.12), bombardment (12.3) and assault (14.2); the bot's use of them and how a square
looks. Rulings (ours where the rules stop): docs/rulings.md "Eagles of the Empire — 17.0 squares and reverse
slopes"."""

from __future__ import annotations

import pytest
from support.eagles import activated
from support.rules import refused_as

from engine.eagles import movement, present
from engine.eagles.combat import common, losses
from engine.eagles.game import Game
from engine.eagles.invariants import problems
from engine.eagles.options import Options
from engine.eagles.state import State
from engine.errors import RuleError
from engine.script import run_lines


# -- 17.1 squares -------------------------------------------------------------------------------------------
def test_17_1_infantry_forms_square_in_the_movement_segment_as_its_move():
    g = activated("foy")
    st = g.state
    assert "/form-square units:F02" in {c.text() for c in g.legal("french").choices}  # 13.1: offered
    events = g.apply("french", "/form-square units:F02")
    f02 = st.units["F02"]
    assert f02.square and not f02.reverse_slope and st.phase == "move"  # 8.2: the earlier segments close
    assert f02.moved and movement.mp_left(g.ctx, "F02") == 0  # its whole move (ours, G13)
    assert not any(c.text().startswith("/move units:F02 ") for c in g.legal("french").choices)
    (e,) = [x for x in events if x.kind == "form-square"]
    assert e.data == {"side": "french", "units": ["F02"], "area": "S1"}
    assert "square" in str(present.narrate(e.visible("allies"), "en"))
    assert "方陣" in str(present.narrate(e.visible("allies"), "ja"))
    assert next(u for u in g.view("allies").units if u["id"] == "F02")["square"]  # open to both sides
    assert problems(g.ctx) == []


def test_17_1_only_infantry_that_has_not_moved_and_bad_orders_change_nothing():
    g = activated("foy")
    refused_as(g, "french", "/form-square units:F11", "eagles.posture.not_infantry")  # 17.0: Foy's battery
    refused_as(g, "french", "/form-square units:A01", "eagles.unknown_piece")  # not ours
    refused_as(g, "french", "/form-square units:F01", "eagles.move.not_active")  # Bachelu's: not activated
    refused_as(g, "french", "/form-square units:F02,F02", "eagles.move.twice")
    refused_as(g, "french", "/line units:F02", "eagles.posture.in_line")
    g.apply("french", "/move units:F02 to:S2")
    refused_as(g, "french", "/form-square units:F02", "eagles.posture.moved")  # 13.1: instead of moving
    with pytest.raises(RuleError):
        g.apply("allies", "/form-square units:A01")  # not the Allies' turn


def test_17_1_a_square_moves_slowly_one_area_at_most():
    g = activated("foy")
    st = g.state
    free = movement.reach(g.ctx, ["F02"])
    assert any(len(r.path) > 1 for r in free.values())  # in line it goes further
    st.units["F02"].square = True
    assert movement.ma(g.ctx, "F02") == 2  # MA 1 in halves (ours, G13)
    routes = movement.reach(g.ctx, ["F02"])
    assert routes and all(len(r.path) == 1 for r in routes.values())
    assert set(routes) <= set(free)


def test_17_1_the_combat_rules_read_the_square_and_a_retreat_ends_it():
    g = activated("foy")
    f02 = g.state.units["F02"]
    assert not common.in_square(f02)
    g.apply("french", "/form-square units:F02")
    assert common.in_square(f02)  # 10.2, 12.3, 14.2 read this mark
    f02.reverse_slope = True  # (a bug's two postures, to see both end)
    losses._go(g.ctx.board, common.Log(g.state.dice), f02, "S1", "S2")  # 20.0: a retreat
    assert not f02.square and not f02.reverse_slope and f02.area == "S2"


def test_17_12_a_charge_at_infantry_makes_it_try_an_emergency_square():
    """17.12 (10.2): each infantry unit of the charged area not in square tries one; ours: 1d6 <= morale."""
    g = activated("pire")
    st = g.state
    st.units["F04"].area = "N7"  # two areas from V3 through C3 (10.1)
    st.units["A01"].area = "V3"  # Bijlandt with the horse battery
    st.dice.force([1])  # the square roll: formed
    events = g.apply("french", "/charge units:F04 target:V3")
    rolls = [e.data for e in events if e.kind == "dice"]
    assert rolls[0]["for"] == "square" and rolls[0]["unit"] == "A01"
    a01 = st.units["A01"]
    assert a01.square or a01.retreated or not a01.on_map  # 20.0 (G13): a retreat leaves the square
    assert problems(g.ctx) == []


# -- 17.2 reverse slopes ------------------------------------------------------------------------------------
def test_17_2_reverse_slope_on_a_crest_only_and_moving_ends_it():
    g = activated("foy")
    st = g.state
    assert st.units["F02"].area == "S1"  # the Gemioncourt heights, above the valley (V1)
    g.apply("french", "/reverse-slope units:F02")
    assert st.units["F02"].reverse_slope and not st.units["F02"].square
    refused_as(g, "french", "/reverse-slope units:F02", "eagles.posture.in_slope")
    h = activated("perponcher", side="allies")
    assert h.state.units["A01"].area == "V1"  # the valley: no lower neighbour
    e = refused_as(h, "allies", "/reverse-slope units:A01", "eagles.posture.no_slope")
    assert "V1" in str(e)
    # it ends when the unit moves (ours, G13)
    k = activated("foy")
    k.state.units["F02"].reverse_slope = True
    k.apply("french", "/move units:F02 to:S2")
    assert not k.state.units["F02"].reverse_slope


def test_17_0_line_leaves_a_square_or_a_reverse_slope_in_a_later_activation():
    g = activated("foy")
    st = g.state
    st.units["F02"].square = True
    g.apply("french", "/line units:F02")
    assert not st.units["F02"].square and st.units["F02"].moved
    h = activated("foy")
    h.state.units["F02"].reverse_slope = True
    h.apply("french", "/line units:F02")
    assert not h.state.units["F02"].reverse_slope


def test_17_0_forming_square_ends_a_reverse_slope_one_posture_at_a_time():
    g = activated("foy")
    st = g.state
    st.units["F02"].reverse_slope = True
    g.apply("french", "/form-square units:F02")
    assert st.units["F02"].square and not st.units["F02"].reverse_slope
    st.units["F11"].square = True  # an artillery unit marked by a bug: the invariants catch it
    assert problems(g.ctx)


# -- the script runner, snapshots, the bot, the picture ------------------------------------------------------
def test_17_postures_through_the_script_runner():
    refused_lines = 2
    g = Game.new(Options(), 4)
    lines = ["@game eagles", "@seed 4", f"{g.state.chooser}: /first side:french", "@dice 1", "french: /roll"]
    lines += [
        "french: /activate formations:foy",
        "! french: /form-square units:F11",  # 17.0: infantry only
        "french: /form-square units:F02",
        "! french: /move units:F02 to:S2",  # 13.1: forming square was its move
        "french: /done",
    ]
    out = run_lines(lines)
    assert out.ok, out.results
    assert out.game.state.units["F02"].square
    assert sum(not r["ok"] for r in out.results) == refused_lines  # the refusals marked "!", each refused
    assert run_lines(lines).game.dumps() == out.game.dumps()


def test_17_a_snapshot_from_before_postures_still_loads():
    g = Game.new(Options(), 3)
    d = g.state.to_dict()
    for u in d["units"].values():
        del u["square"], u["reverse_slope"]
    st = State.from_dict(d)
    assert not any(u.square or u.reverse_slope for u in st.units.values())


def test_17_the_bot_forms_square_against_cavalry_and_leaves_it_when_none_is_near():
    from ai.eagles.knowledge import board, read
    from ai.eagles.plan import aims
    from ai.eagles.players import _posture

    g = activated("perponcher", side="allies")
    st = g.state
    st.units["F04"].area = "S3"  # Piré's lancers within a charge of Bijlandt (10.1: two areas)
    b = board()
    seen = read(g.view("allies"), b)
    m = aims(b, seen)
    legal = list(g.legal("allies").choices)
    got = _posture(m, seen, legal)
    near = [u for u in ("A01", "A02") if b.d(st.units[u].area, "S3") <= 2]
    assert near, "a test position with cavalry in reach"
    assert got is not None and got.kind == "form-square" and got.units[0] in near  # type: ignore[attr-defined]
    for u in st.units.values():
        if u.kind == "cavalry" and u.side == "french":
            u.area = "off"
    st.units["A01"].square = True
    seen = read(g.view("allies"), b)
    got = _posture(aims(b, seen), seen, list(g.legal("allies").choices))
    assert got is not None and got.text() == "/line units:A01"


def test_17_a_square_is_drawn_on_its_counter():
    from renderers.eagles import read as R
    from renderers.eagles import sprites as S

    plain = S.counter("allies", "A01", "infantry", False, 2, 2, 2, None)
    square = S.counter("allies", "A01", "infantry", False, 2, 2, 2, None, "square")
    slope = S.counter("allies", "A02", "infantry", True, 3, 3, 3, -90.0, "slope")
    assert plain.tobytes() != square.tobytes()
    assert slope.tobytes() != S.counter("allies", "A02", "infantry", True, 3, 3, 3, -90.0).tobytes()
    g = activated("foy")
    g.apply("french", "/form-square units:F02")
    pic = R.read(g.view("public"))
    assert next(u for u in pic.units if u.id == "F02").posture == "square"


def test_11_3_and_17_the_fuzzers_random_player_gives_the_new_orders():
    """The random player (the fuzzer's) reads the new orders from the candidates, and the invariants hold."""
    import random
    from collections import Counter

    from engine.eagles.module import MODULE

    pick = MODULE.fuzzing.pick
    assert pick is not None
    seen: Counter[str] = Counter()
    for seed in (5, 6):
        g = Game.new(Options(nassau_picket=seed == 6), seed)
        rng = random.Random(seed)
        for _ in range(1200):
            if g.over:
                break
            role = g.active()[0]
            order = pick(rng, g, role, {})
            assert order is not None, (role, g.state.phase)
            g.apply(role, order)
            assert problems(g.ctx) == [], order
        seen.update(e.kind for e in g.events)
    assert seen["form-square"] and seen["line"] and seen["reverse-slope"], seen
    # 11.3: in an assignment segment where A02 may deploy, the random player gives it among the others
    g = Game.new(Options(), 1)
    g.apply(str(g.state.chooser), "/first side:allies")
    g.state.dice.force([1])
    g.apply("allies", "/roll")
    g.apply("allies", "/activate formations:perponcher")
    g.state.units["A02"].in_command = True
    picked = {pick(random.Random(k), g, "allies", {}) for k in range(1000)}
    assert "/split unit:A02" in picked, picked
