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


def test_the_heatmaps_colour_bar_is_labelled_in_values() -> None:
    """The colours follow a signed logarithm, but the ticks name the values themselves."""
    state = Gomoku.from_moves("h8 i9 h9 h10 i8 g8")
    values = point_values(state, pattern_evaluation)
    ax = draw_heatmap(state, values)
    bar = ax.figure.axes[-1]
    labels = [int(text.get_text().replace(",", "").replace("\u2212", "-")) for text in bar.get_yticklabels()]
    assert len(labels) >= 3 and min(labels) >= min(values.values()) - 1 and max(labels) <= max(values.values()) + 1
    assert set(labels) <= {sign * m * 10 ** p for sign in (1, -1) for m in (1, 2, 5) for p in range(9)} | {0}
    plt.close("all")


def test_the_last_stone_is_ringed_where_a_label_would_sit_under_a_dot() -> None:
    state = Gomoku.from_moves("h8 a1 i8")
    for labels, ring in (({parse_point("i8"): "3"}, True), (None, False)):
        ax = draw_gomoku(state, labels=labels)
        marks = [c for c in ax.collections if len(c.get_offsets()) == 1 and tuple(c.get_offsets()[0]) == (8, 7)]
        last = marks[-1]  # drawn over the stone
        hollow = len(last.get_facecolors()) == 0 or last.get_facecolors()[0][3] == 0
        assert hollow == ring
        plt.close("all")


# -- Black with no legal point ------------------------------------------------------------------

STUCK_BLACK = ["A6", "B6", "C6", "E6", "F6", "A5", "B5", "D5", "E5", "F5", "E1", "D2", "F4", "C1", "E2", "C4", "B3"]
STUCK_WHITE = ["C2", "B1", "E4", "C3", "A1", "E3", "B2", "D1", "F2", "D3", "D4", "A2", "A3", "F3", "F1", "A4", "B4"]
"""A 6 x 6 renju position, Black to move, whose two empty points D6 and C5 are both overlines."""


def test_renju_black_with_no_legal_point_has_lost_and_every_part_agrees() -> None:
    """Black, to move, may play nowhere: the game is over and White has won (as the fast
    random playout has always counted it), for the rules, the levels, MCTS and threat search."""
    import random

    from tictac_edu.agents import all_levels, difficulty_agent
    from tictac_edu.games import IllegalMoveError
    from tictac_edu.search import alphabeta, mcts
    from tictac_edu.solvers.threats import find_vct, threat_search

    stuck = Gomoku.from_stones(black=STUCK_BLACK, white=STUCK_WHITE, rule="renju", size=6)
    assert set(stuck.forbidden_points().values()) == {"OL"} and len(stuck.forbidden_points()) == 2
    assert stuck.is_terminal() and stuck.winner == WHITE and stuck.legal_moves() == []
    assert stuck.utility(BLACK) == -1 and stuck.utility(WHITE) == 1
    assert stuck.result_text() == "White wins: Black has no legal move (every empty point is forbidden)"
    with pytest.raises(IllegalMoveError, match=r"D6: the game is over \(White wins"):
        stuck.play("D6")
    for level in all_levels(stuck):
        with pytest.raises(ValueError, match="the game is over"):
            difficulty_agent(stuck, level).choose_move(stuck)
    with pytest.raises(ValueError, match="the game is over"):
        mcts(stuck, playouts=5)
    assert threat_search(stuck) is None and find_vct(stuck).kind is None
    assert stuck.random_playout(random.Random(1)) == WHITE

    before = Gomoku.from_stones(black=STUCK_BLACK, white=STUCK_WHITE[1:], rule="renju", size=6)  # White to play C2
    c2 = parse_point("C2", 6)
    assert before.play(c2) == stuck and not before.is_terminal()
    searched = alphabeta(before, 2, pattern_evaluation)
    assert searched.move == c2 and searched.outcome == "win" and searched.proven
    solved = mcts(before, playouts=50, solver=True, seed=1)
    assert solved.proven and solved.outcome == "win" and solved.move == c2
    for level in ("medium", "hard", "strong"):
        assert difficulty_agent(before, level).choose_move(before) == c2, level
