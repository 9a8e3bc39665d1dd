"""12.5 line of sight: the elevation lists for ranges 1-3 (``los.ground``), obstacles by the chart method
(G31, default) and the literal e)-g) (option), range 1 two lower (G30), high-angle fire (12.57), the fact
sheet's example on our map, the digest's T27, and properties: symmetric between equal elevations, blocked by
higher ground between, never blocked by what stands in the firer's or the target's own area."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.eagles.combat import los
from engine.eagles.combat.los import ground, sight
from engine.errors import RuleError

from .combat_position import BOARD, empty, put

AREAS = [a.id for a in BOARD.areas]
PAIRS = sorted((a, b) for a in AREAS for b in AREAS if 1 <= BOARD.distance(a, b) <= 3)


# -- the elevation lists (12.5), as the seed gives them ------------------------------------------------------
@pytest.mark.parametrize(
    ("kind", "rng", "between", "diff", "ok"),
    [
        # range 1: a) level or 1 higher; b) 1 lower; more than 1 higher never
        ("light", 1, [], 0, True),
        ("light", 1, [], 1, True),
        ("light", 1, [], -1, True),
        ("light", 1, [], 2, False),
        ("heavy", 1, [], -2, False),  # G30: the range-1 list, not the basic "1-2 lower"
        # range 2: a) the area between lower, the target level or 1 higher
        ("light", 2, [-1], 0, True),
        ("light", 2, [-1], 1, True),
        # b) the area between lower, the target at most 2 lower
        ("light", 2, [-1], -2, True),
        ("heavy", 2, [-2], -3, False),
        # c) the area between level, the target lower: no; d) higher between: no
        ("light", 2, [0], -1, False),
        ("light", 2, [1], 0, False),
        ("light", 2, [0], 0, False),  # a) wants it lower: the chart shows nothing else
        # range 3 (heavy only): a) both lower, level or 1 higher target
        ("heavy", 3, [-1, -1], 0, True),
        ("light", 3, [-1, -1], 0, False),
        # b) both level or lower, the target 1 higher
        ("heavy", 3, [0, 0], 1, True),
        ("heavy", 3, [0, 1], 1, False),
        # c) first 1+ lower, second 2+ lower, target 2-3 lower
        ("heavy", 3, [-1, -2], -2, True),
        ("heavy", 3, [-1, -2], -3, True),
        # d) a level one between, a lower target: no
        ("heavy", 3, [0, -2], -2, False),
        # e) the second only 1 lower, the target 2+ lower: no
        ("heavy", 3, [-1, -1], -2, False),
        # f) the nearer one higher: no
        ("heavy", 3, [1, -2], 1, False),
        # not on the chart: a target 1 lower at range 3
        ("heavy", 3, [-1, -2], -1, False),
    ],
)
def test_12_5_elevation_lists(kind: str, rng: int, between: list[int], diff: int, ok: bool) -> None:
    assert (ground(kind, rng, between, diff) is None) is ok


def test_G30_range1_basic_option_allows_the_basic_rule() -> None:
    assert ground("light", 1, [], -2, range1="basic") is None
    assert ground("light", 1, [], -3, range1="basic") is not None
    assert ground("heavy", 1, [], -3, range1="basic") is None


@settings(max_examples=200, deadline=None)
@given(
    kind=st.sampled_from(["light", "heavy", "horse"]),
    rng=st.integers(2, 3),
    between=st.lists(st.integers(-3, 3), min_size=1, max_size=3),
    diff=st.integers(-4, 3),
)
def test_12_5_property_higher_ground_between_blocks(
    kind: str, rng: int, between: list[int], diff: int
) -> None:
    """An area between higher than the firer always blocks (12.5 range 2 d), range 3 f) and b))."""
    if any(e > 0 for e in between):
        assert ground(kind, rng, between, diff) is not None


# -- the fact sheet's example on our map (facts §5) ----------------------------------------------------------
def test_facts_example_S1_sees_C2_across_the_valley() -> None:
    s = sight(BOARD, empty(), "S1", "C2", "light")
    assert s.ok and s.range == 2 and s.why == "eagles.los.clear"
    assert set(s.through) <= {"V1", "V2"}  # the valley (0) between two +1 ridges: rule a)


def test_facts_example_C1_at_range_3_only_for_heavy() -> None:
    """Light artillery never sees 3 areas away. The fact sheet says a heavy battery would see C1 from S1;
    the seed's range-3 list a) wants both areas between lower than the firer, and La Bergerie (C2, +1) is
    level with S1: the seed wins (docs/rulings.md, 12.5), so no line to C1, but one to C3 over the valley."""
    st_ = empty()
    light = sight(BOARD, st_, "S1", "C1", "light")
    assert not light.ok and light.why == "eagles.los.heavy_only"
    heavy = sight(BOARD, st_, "S1", "C1", "heavy")
    assert not heavy.ok and heavy.why == "eagles.los.ground" and heavy.blocker == "C2"
    c3 = sight(BOARD, st_, "S1", "C3", "heavy")
    assert c3.ok and c3.through == ("V1", "V3")


# -- T27 (12.5, G31) -----------------------------------------------------------------------------------------
def test_T27_range2_over_a_lower_area_to_a_level_target() -> None:
    assert sight(BOARD, empty(), "S1", "C2", "light").ok  # +1 over 0 to +1


def test_T27_level_area_between_and_lower_target_c() -> None:
    s = sight(BOARD, empty(), "S5", "V1", "light")  # +1 over S1 (+1) to V1 (0)
    assert not s.ok and s.why == "eagles.los.ground" and s.blocker == "S1"


def test_T27_long_infantry_between_chart_blocks_literal_does_not() -> None:
    st_ = empty()
    put(st_, "A02", "V1")  # a long infantry counter in the valley between S1 and C2
    through = sight(BOARD, st_, "S1", "C2", "light").through
    assert "V1" in through
    s = sight(BOARD, st_, "S1", "C2", "light")
    assert not s.ok and s.why == "eagles.los.obstacle" and s.blocker == "V1"
    assert sight(BOARD, st_, "S1", "C2", "light", options={"los_method": "literal"}).ok


def test_T27_mortar_and_rockets_ignore_it_all() -> None:
    st_ = empty()
    put(st_, "A02", "V1")
    for kind in ("mortar", "rocket"):
        s = sight(BOARD, st_, "S5", "V1", kind)
        assert s.ok and s.why == "eagles.los.high_angle"
        assert sight(BOARD, st_, "S1", "C2", kind).ok


def test_12_5_three_cavalry_steps_block_two_do_not() -> None:
    st_ = empty()
    put(st_, "F04", "V1", steps=2)
    assert sight(BOARD, st_, "S1", "C2", "light").ok
    put(st_, "F05", "V1", steps=1)  # 3 steps of cavalry (both sides would count)
    assert not sight(BOARD, st_, "S1", "C2", "light").ok


def test_12_5_woods_between_block_a_short_counter_does_not() -> None:
    st_ = empty()
    put(st_, "A01", "V1")  # a short infantry counter
    assert sight(BOARD, st_, "S1", "C2", "light").ok
    # the wood W1 (+1) between C1 and V2: higher than the valley anyway; W2 (0) between W5 and V2 (0)
    s = sight(BOARD, st_, "S2", "V2", "light")
    assert not s.ok


def test_12_5_gentle_slopes_do_not_block() -> None:
    # every border between the valley (0) and the ridges (+1) is a gentle slope; S1 sees down into V1
    assert BOARD.border("S1", "V1") is not None and BOARD.border("S1", "V1").slope == "down"  # type: ignore[union-attr]
    assert sight(BOARD, empty(), "S1", "V1", "light").ok


def test_12_5_refusals() -> None:
    with pytest.raises(RuleError) as e:
        sight(BOARD, empty(), "S1", "S1", "light")
    assert e.value.rule == "12.5" and e.value.key == "eagles.los.same_area"
    with pytest.raises(RuleError) as e:
        sight(BOARD, empty(), "S1", "Q9", "light")
    assert e.value.key == "eagles.order.no_area"
    with pytest.raises(RuleError) as e:
        sight(BOARD, empty(), "S1", "C2", "howitzer-ish")
    assert e.value.key == "eagles.los.kind"
    assert sight(BOARD, empty(), "S1", "C2", "F10").ok  # a unit's id: its kind


def test_12_5_too_far_and_messages_said() -> None:
    far = next((a, b) for a in AREAS for b in AREAS if BOARD.distance(a, b) == 4)
    s = sight(BOARD, empty(), far[0], far[1], "heavy")
    assert not s.ok and s.why == "eagles.los.too_far"
    from engine.eagles.combat.messages import EN
    from engine.eagles.combat.messages_ja import JA

    assert set(EN) == set(JA)
    for k in ("eagles.los.clear", "eagles.los.ground", s.why):
        assert EN[k].format(**s.params()) and JA[k].format(**s.params())


# -- properties ----------------------------------------------------------------------------------------------
FILL = ["A02", "F04", "F05", "A05"]  # a long counter and cavalry (3+ steps together) to scatter about


@settings(max_examples=150, deadline=None)
@given(
    pair=st.sampled_from(PAIRS),
    kind=st.sampled_from(["light", "heavy"]),
    where=st.lists(st.sampled_from(AREAS), min_size=4, max_size=4),
)
def test_property_symmetric_between_equal_elevations(
    pair: tuple[str, str], kind: str, where: list[str]
) -> None:
    a, b = pair
    if BOARD.area(a).elevation != BOARD.area(b).elevation:
        return
    st_ = empty()
    for uid, area in zip(FILL, where, strict=True):
        put(st_, uid, area)
    assert sight(BOARD, st_, a, b, kind).ok == sight(BOARD, st_, b, a, kind).ok


@settings(max_examples=150, deadline=None)
@given(pair=st.sampled_from(PAIRS), kind=st.sampled_from(["light", "heavy", "horse"]))
def test_property_higher_ground_between_blocks_on_the_map(pair: tuple[str, str], kind: str) -> None:
    a, b = pair
    s = sight(BOARD, empty(), a, b, kind)
    assert s.range > 1 or not s.through  # range 1: nothing between (the list names no area between)
    if any(BOARD.area(x).elevation > BOARD.area(a).elevation for x in s.through):
        assert not s.ok


@settings(max_examples=150, deadline=None)
@given(
    pair=st.sampled_from(PAIRS),
    kind=st.sampled_from(["light", "heavy", "mortar"]),
    ends=st.sampled_from([0, 1, 2]),
)
def test_property_never_blocked_by_the_ends_own_areas(pair: tuple[str, str], kind: str, ends: int) -> None:
    """12.5: the terrain of the target's and of the firer's area never blocks; nor what stands there."""
    a, b = pair
    before = sight(BOARD, empty(), a, b, kind)
    st_ = empty()
    for uid, area in zip(FILL, [b, b, a, a] if ends == 2 else [b] * 4 if ends else [a] * 4, strict=True):
        put(st_, uid, area)
    after = sight(BOARD, st_, a, b, kind)
    assert (after.ok, after.why) == (before.ok, before.why)


def test_property_woods_target_never_blocks_itself() -> None:
    """A target in woods (W1-W4, S4) is seen whenever the same line to a clear area would be: its own woods
    never block; no line ends in a wood by the wood's fault."""
    for a, b in PAIRS:
        if BOARD.blocks_los(b):
            s = sight(BOARD, empty(), a, b, "heavy")
            assert s.blocker != b


def test_obstacle_reads_terrain_and_units() -> None:
    st_ = empty()
    assert los.obstacle(BOARD, st_, "W1") and not los.obstacle(BOARD, st_, "V1")
    put(st_, "A02", "V1")
    assert los.obstacle(BOARD, st_, "V1")


def test_every_combat_event_and_purpose_has_words_in_both_languages() -> None:
    """Every event kind and dice purpose the combat rules emit has its template in English and Japanese,
    filled from the event's own fields (a whole charge, bombardment and assault)."""
    from engine.eagles.combat import assault, bombard, charge
    from engine.eagles.combat.messages import EN
    from engine.eagles.combat.messages_ja import JA

    st_ = empty()
    put(st_, "F10", "S1", facing="V2")
    put(st_, "A02", "V2", facing="S1")
    put(st_, "A-L3", "V2")
    put(st_, "F04", "S8")
    put(st_, "A01", "S5")
    put(st_, "F03", "S3", facing="V4")
    put(st_, "A06", "V4", facing="S3")
    st_.dice.force([6] * 40)
    events = [
        *bombard.fire(BOARD, st_, st_.dice, "S1", ["F10"], "V2"),
        *charge.charge(BOARD, st_, st_.dice, "S8", ["F04"], "S5"),
        *assault.assault(BOARD, st_, st_.dice, "S3", ["F03"], "V4"),
    ]
    theirs = {"leader-lost", "leader-moved"}  # the game's own words (3.13) say these
    for e in events:
        key = "dice" if e.kind == "dice" else e.kind
        if key in theirs or key == "dice":
            continue
        for cat in (EN, JA):
            text = cat[f"eagles.event.{key}"].format_map({k: str(v) for k, v in e.data.items()})
            assert "{" not in text
    for e in events:
        if "for" in e.data:
            assert f"eagles.for.{e.data['for']}" in EN and f"eagles.for.{e.data['for']}" in JA
