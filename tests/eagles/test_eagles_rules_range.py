"""Eagles of the Empire: the command range question (9.2, ``/range leader:X``): the rules' own answer (the
areas a command trace reaches), in every view (``command_areas``) and in one public event, changing nothing;
the picture drawn from it. Rulings (ours): docs/rulings.md."""

from __future__ import annotations

import pytest

from engine.eagles import board as B
from engine.eagles import command, present
from engine.eagles.game import Game
from engine.eagles.module import MODULE
from engine.eagles.options import Options
from engine.errors import RuleError
from engine.script import run_lines


def test_9_2_the_range_is_exactly_where_a_command_trace_reaches_the_leader():
    g = Game.new(Options(), 11)
    ctx = g.ctx
    ctx.st.units["A01"].area = "S6"  # an enemy among the French leaders' ranges: a trace may end, not pass
    for lid, ld in ctx.st.leaders.items():
        if not ld.on_map:
            assert command.in_range(ctx, lid) == []
            continue
        limit = command.leader_range(ctx, lid)
        traced = {
            a for a in B.area_ids(g.ctx.board) if command.trace(ctx, ld.side, a, ld.area, limit) is not None
        }
        assert set(command.in_range(ctx, lid)) == traced, lid


def test_9_2_the_view_carries_every_leaders_range_for_the_pictures():
    g = Game.new(Options(), 11)
    view = g.view("public", events=False).to_dict()
    on_map = {lid for lid, ld in g.state.leaders.items() if ld.on_map}
    assert set(view["command_areas"]) == on_map
    ney = g.state.leaders["F-L1"]
    assert view["command_areas"]["F-L1"][0] == ney.area  # 2.21: his own area counted, nearest first


def test_9_2_the_question_is_answered_publicly_at_any_time_and_changes_nothing():
    g = Game.new(Options(), 11)
    before = g.state.to_dict()
    not_acting = next(s for s in ("french", "allies") if s not in g.active())
    (e,) = g.apply(not_acting, "/range leader:a-l3")
    assert g.state.to_dict() == before
    assert e.kind == "range" and e.data["leader"] == "A-L3"
    assert e.data["areas"] == command.in_range(g.ctx, "A-L3")
    assert e.visible("french") == e.visible("allies")  # public
    en = present.narrate(e.visible("french"), "en")
    ja = present.narrate(e.visible("french"), "ja")
    assert en and "C1" in en and ja and "指揮範囲" in ja
    # the picture: the map with that leader's range, from the view's own answer
    assert [k.name for k in MODULE.pictures if k.places and k.places(g, "public", [e])] == ["range"]
    kind = next(k for k in MODULE.pictures if k.name == "range")
    assert kind.subject is not None
    subject = kind.subject(g, g.view("public"), "public", "A-L3")
    assert subject["command"] == "A-L3"  # type: ignore[index]


def test_9_2_a_bad_leader_is_refused_saying_what_would_do():
    g = Game.new(Options(), 11)
    with pytest.raises(RuleError) as e:
        g.apply("french", "/range leader:X-L9")
    assert e.value.key == "eagles.range.unknown" and "A-L1" in e.value.message
    off = next(lid for lid, ld in g.state.leaders.items() if not ld.on_map)
    with pytest.raises(RuleError) as e:
        g.apply("french", f"/range leader:{off}")
    assert e.value.key == "eagles.range.off_map"
    with pytest.raises(RuleError) as e:
        g.apply("french", '/queue orders:"/range leader:F-L1"')
    assert e.value.key == "eagles.queue.kind"


def test_9_2_the_question_in_a_script():
    out = run_lines(["@game eagles", "allies: /range leader:A-L3", "! allies: /range leader:A-L99"])
    assert out.ok, out.results
    assert any(e.kind == "range" for e in out.game.events)
