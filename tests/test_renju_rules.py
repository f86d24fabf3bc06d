"""Renju's forbidden points said plainly (``tictac_edu.games.renju``, and the exercise's
reference built from it) agree with the board's fast scan; and the gomoku pictures."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from test_gomoku import load_cases  # noqa: E402

from tictac_edu.evaluation.gomoku import pattern_evaluation  # noqa: E402
from tictac_edu.exercises.positions import random_renju_positions  # noqa: E402
from tictac_edu.exercises.solutions.nb06_gomoku import forbidden_kind  # noqa: E402
from tictac_edu.games import Gomoku  # noqa: E402
from tictac_edu.games.gomoku import BLACK, WHITE, parse_point  # noqa: E402
from tictac_edu.games.renju import fours, is_straight_four, makes_five, run_length, straight_four_points  # noqa: E402
from tictac_edu.viz.gomoku import around, draw_boards, draw_gomoku, draw_heatmap  # noqa: E402
from tictac_edu.widgets.gomoku import point_values  # noqa: E402


def every_forbidden_point(black: set, white: set, size: int = 15) -> dict:
    return {(x, y): kind for y in range(size) for x in range(size) if (x, y) not in black | white
            and (kind := forbidden_kind(black, white, (x, y), size)) is not None}


def test_the_plain_rule_agrees_with_all_38_published_cases() -> None:
    for case in load_cases():
        black = {tuple(point) for point in case["black"]}
        white = {tuple(point) for point in case["white"]}
        fast = Gomoku.from_stones(black, white, rule="renju", to_move=BLACK).forbidden_points()
        assert every_forbidden_point(black, white) == fast, case["id"]


def test_the_plain_rule_agrees_with_the_fast_scan_on_random_positions() -> None:
    found = 0
    for state in random_renju_positions(15, seed=11):
        black, white = set(state.stones(BLACK)), set(state.stones(WHITE))
        fast = state.forbidden_points()
        assert every_forbidden_point(black, white) == fast, state.as_code()
        found += len(fast)
    assert found > 15


def test_the_helpers_on_small_shapes() -> None:
    row = {(x, 7) for x in (2, 4, 5, 6, 8)}                 # X.XXX.X across row 8
    assert run_length(row, (5, 7), (1, 0)) == 3
    assert fours(row, set(), (5, 7), (1, 0)) == 2
    assert fours({(x, 7) for x in range(4, 8)}, set(), (5, 7), (1, 0)) == 1     # .XXXX. is one four
    assert fours({(x, 7) for x in range(4, 8)}, {(3, 7), (8, 7)}, (5, 7), (1, 0)) == 0
    assert is_straight_four({(x, 7) for x in range(4, 8)}, set(), (5, 7), (1, 0))
    assert not is_straight_four({(x, 7) for x in range(4, 8)} | {(9, 7)}, set(), (5, 7), (1, 0))  # six at I8
    assert makes_five({(x, 7) for x in range(3, 8)}, (5, 7))
    assert not makes_five({(x, 7) for x in range(3, 9)}, (5, 7))                 # six is an overline
    three = {(7, 7), (8, 7), (9, 7)}
    assert straight_four_points(three, set(), (7, 7), (1, 0)) == [(10, 7), (6, 7)]
    assert straight_four_points(three, {(5, 7)}, (7, 7), (1, 0)) == [(10, 7)]      # F8 spoils G8
    assert straight_four_points(three, set(), (7, 7), (0, 1)) == []


def test_the_board_pictures() -> None:
    state = Gomoku.from_moves("h8 i9 h9 h10 i8 g8")
    ax = draw_heatmap(state, point_values(state, pattern_evaluation))
    assert "Black" in ax.get_title() and "best:" in ax.get_xlabel()
    with pytest.raises(ValueError, match="at least one"):
        draw_heatmap(state, {})
    with pytest.raises(ValueError, match="a mark is one of"):
        draw_gomoku(state, marks={(0, 0): "?"})
    four = {str(n): Gomoku.from_moves("h8") for n in range(4)}
    axes = draw_boards(four)
    assert len(axes) == 4 and axes[0].figure.get_size_inches()[0] <= 9.6
    left, top, right, bottom = around(Gomoku.from_moves("a1"), [parse_point("c3")])
    assert (left, bottom) == (0, 14) and right - left >= 6 and bottom - top >= 6
    plt.close("all")
