"""The battle board (6.2, 8.1): facing, "engaged", the three combat moves and the worked example A-D."""

from __future__ import annotations

import pytest

from engine.napoleon.board import Board, classify, facing_spot, relative, to_spot

W, K = "french", "allied"  # White (the mover, as in the 8.1 example) and Black


def board(**pos: str) -> Board:
    """Units named w* are White, b* are Black; spots are given as 'white:left', 'black:right' ..."""
    norm = {u: s.replace("white", W).replace("black", K) for u, s in pos.items()}
    return Board(norm, {u: (W if u.startswith("w") else K) for u in norm})


def test_6_2_facing_left_faces_the_enemy_right_and_center_faces_center():
    assert facing_spot("french:left") == "allied:right"
    assert facing_spot("french:center") == "allied:center"
    assert facing_spot("allied:right") == "french:left"
    assert to_spot("across-left", "french") == "allied:right"
    assert relative("allied:right", "french") == "across-left"
    assert relative("french:left", "allied") == "across-right"


def test_engaged_means_both_sides_on_one_spot_and_crossed_blocks_do_not_hold_their_column():
    b = board(wA="black:right", wD="white:left", bX="black:right", bY="black:center", bZ="black:left")
    assert b.engaged("allied:right")
    assert b.unit_engaged("wA") and b.unit_engaged("bX")
    assert not b.engaged("french:left") and not b.unit_engaged("wD")
    # wA crossed: it no longer holds White's Left; White's Center and Right are empty here
    assert b.holds(W, "left") == ["wD"]
    assert b.empty_columns(W) == ["center", "right"]
    assert b.empty_columns(K) == []


def test_8_1_example_white_a_engages_from_its_left_into_black_right():
    b = board(wA="white:left", wD="white:center", bX="black:right")
    assert classify(b, "wA", "allied:right") == "engage"


def test_8_1_example_white_b_disengages_from_black_left_back_to_white_right():
    b = board(wB="black:left", bX="black:left")
    assert classify(b, "wB", "french:right") == "disengage"
    with pytest.raises(ValueError):  # only back the way it came
        classify(b, "wB", "french:center")
    with pytest.raises(ValueError):  # the Reserve is a second move
        classify(b, "wB", "french:reserve")


def test_8_1_example_white_c_redeploys_left_right_or_reserve_and_once_engaged_only_to_the_reserve():
    b = board(wC="white:center", wD="white:center", bX="black:center")
    for dest in ("french:left", "french:right", "french:reserve"):
        assert classify(b, "wC", dest) == "redeploy"
    engaged = board(wC="white:center", wD="white:center", bE="white:center", bX="black:center")
    assert classify(engaged, "wC", "french:reserve") == "disengage"
    for dest in ("french:left", "french:right", "allied:center"):
        with pytest.raises(ValueError):
            classify(engaged, "wC", dest)


def test_8_1_example_white_d_holds_the_center_so_c_may_leave_it():
    with_d = board(wC="white:center", wD="white:center")
    with_d.pos["wC"] = "french:left"
    assert "center" not in with_d.empty_columns(W)
    without_d = board(wC="white:center")
    without_d.pos["wC"] = "french:left"
    assert "center" in without_d.empty_columns(W)  # any move by C would empty the Centre: rout (7.5)


def test_8_1_reserve_to_an_engaged_friendly_column_is_an_engage_and_no_sideways_engage():
    b = board(wR="white:reserve", wL="white:left", wC="white:center", bX="white:center")
    assert classify(b, "wR", "french:center") == "engage"
    assert classify(b, "wR", "french:left") == "redeploy"
    with pytest.raises(ValueError, match="sideways"):
        classify(b, "wL", "french:center")
    with pytest.raises(ValueError):  # Reserve -> across is two moves
        classify(b, "wR", "allied:center")


def test_8_1_cross_only_into_the_facing_column_and_never_into_the_enemy_reserve():
    b = board(wL="white:left", bX="black:center", bY="black:right")
    with pytest.raises(ValueError, match="facing"):
        classify(b, "wL", "allied:center")
    with pytest.raises(ValueError, match="Reserve"):
        classify(b, "wL", "allied:reserve")
