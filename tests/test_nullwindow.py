"""The null-window family (aspiration windows, PVS, MTD(f)) returns the alpha-beta value."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from positions import positions  # the random positions of every property test

from tictac_edu.evaluation import line_evaluation, most_lines_first, threat_evaluation
from tictac_edu.games import ConnectFour, MNKGame, TicTacToe
from tictac_edu.games.base import GameState
from tictac_edu.search import TranspositionTable, alphabeta, faster_wins
from tictac_edu.search.nullwindow import NullWindowResult, aspiration, just_above, just_below, mtdf, pvs

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])



TICTACTOE = positions(TicTacToe, 0, 9)
MNK_443 = positions(lambda: MNKGame(4, 4, 3), 8, 16)
MNK_553 = positions(lambda: MNKGame(5, 5, 3), 0, 25)
CONNECT4 = positions(ConnectFour, 0, 30)


def every_variant(state: GameState, depth: int | None, evaluate: Any, guess: float, width: float,
                  order: Any, faster: bool = False) -> dict[str, NullWindowResult]:
    """Each search of the family, with and without a table, as ``name: result``."""
    found = {}
    if faster:
        evaluate = faster_wins
    for table in (False, True):
        suffix = " +table" if table else ""
        options: dict[str, Any] = {"order": order}
        found["pvs" + suffix] = pvs(state, depth, evaluate, table=TranspositionTable() if table else None,
                                    **options)
        found["aspiration" + suffix] = aspiration(state, depth, evaluate, guess=guess, width=width,
                                                  table=TranspositionTable() if table else None, **options)
        found["mtdf" + suffix] = mtdf(state, depth, evaluate, guess=guess,
                                      table=TranspositionTable() if table else None, **options)
    return found


@SETTINGS
@given(st.one_of(TICTACTOE, MNK_443), st.integers(-2, 2), st.sampled_from([0.5, 1, 3]), st.booleans(),
       st.booleans())
def test_full_depth_searches_return_the_alphabeta_value(state: GameState, guess: int, width: float,
                                                        ordered: bool, faster: bool) -> None:
    order = most_lines_first if ordered else None
    expected = alphabeta(state, evaluate=faster_wins if faster else None)
    for name, result in every_variant(state, None, None, guess, width, order, faster).items():
        assert result.value == expected.value, name
        assert result.proven, name
        assert (result.move is None) == state.is_terminal(), name
        if result.move is not None and name.endswith("table"):  # the move found achieves the value
            after = alphabeta(state.play(result.move), evaluate=faster_wins if faster else None)
            assert -after.value == expected.value, name


@SETTINGS
@given(MNK_553, st.integers(1, 3), st.integers(-30, 30), st.sampled_from([1, 10, 1000]), st.booleans())
def test_depth_limited_searches_return_the_alphabeta_value_5x5(state: MNKGame, depth: int, guess: int,
                                                              width: int, ordered: bool) -> None:
    order = most_lines_first if ordered else None
    expected = alphabeta(state, depth, line_evaluation).value
    for name, result in every_variant(state, depth, line_evaluation, guess, width, order).items():
        assert result.value == expected, name


@pytest.mark.slow
@SETTINGS
@given(CONNECT4, st.integers(1, 4), st.integers(-200, 200), st.sampled_from([5, 50, 500]), st.booleans())
def test_depth_limited_searches_return_the_alphabeta_value_connect_four(state: ConnectFour, depth: int,
                                                                        guess: int, width: int,
                                                                        ordered: bool) -> None:
    order = state.game.move_order if ordered else None
    expected = alphabeta(state, depth, threat_evaluation).value
    for name, result in every_variant(state, depth, threat_evaluation, guess, width, order).items():
        assert result.value == expected, name


def test_a_null_window_has_no_number_inside() -> None:
    for g in (0, 1, -3, 2.5, 1e9):
        assert just_below(g) < g < just_above(g)
        assert not any(just_below(g) < x < g for x in (just_below(g) / 2 + g / 2, (just_below(g) + g) / 2))
    assert just_above(-math.inf) > -math.inf


def test_node_counts_on_the_empty_tictactoe_board() -> None:
    board = TicTacToe()
    assert alphabeta(board).nodes == 18297
    assert pvs(board).nodes == 18016
    assert pvs(board, table=TranspositionTable()).nodes == 4522
    assert aspiration(board, guess=0, width=1).nodes == 16811
    assert aspiration(board, guess=0, width=1, table=TranspositionTable()).nodes == 4311
    no_table = mtdf(board)
    assert (no_table.nodes, no_table.searches) == (17125, 2)
    assert mtdf(board, table=TranspositionTable()).nodes == 4369


def test_node_counts_on_5x5_at_depth_4() -> None:
    board = MNKGame(5, 5, 3)
    results = {f.__name__: f(board, 4, line_evaluation, order=most_lines_first, table=TranspositionTable())
               for f in (alphabeta, pvs)}
    guess = alphabeta(board, 3, line_evaluation, order=most_lines_first).value  # the previous depth's value
    assert guess == 28
    results["aspiration"] = aspiration(board, 4, line_evaluation, guess=guess, order=most_lines_first,
                                       table=TranspositionTable())
    results["mtdf"] = mtdf(board, 4, line_evaluation, guess=guess, order=most_lines_first,
                           table=TranspositionTable())
    assert {name: (result.value, result.nodes) for name, result in results.items()} == {
        "alphabeta": (1, 1780), "pvs": (1, 1683), "aspiration": (1, 3170), "mtdf": (1, 3286)}
    assert (results["aspiration"].searches, results["mtdf"].searches) == (2, 4)
    exact = mtdf(board, 4, line_evaluation, guess=1, order=most_lines_first, table=TranspositionTable())
    assert (exact.nodes, exact.searches) == (1671, 2)  # guessing the value itself: two passes


def test_a_bad_guess_costs_aspiration_a_second_search() -> None:
    board = TicTacToe().play(4).play(1)  # X wins
    good = aspiration(board, guess=1, width=0.5)
    bad = aspiration(board, guess=-1, width=0.5)
    assert good.value == bad.value == 1
    assert (good.searches, bad.searches) == (1, 2)
    assert bad.nodes > good.nodes


def worst_first(state: ConnectFour, move: int) -> float:
    """An order key that searches the move the evaluation likes least first."""
    return threat_evaluation(state.play(move), state.to_move)


def test_pvs_wins_with_good_ordering_and_loses_with_bad() -> None:
    board = ConnectFour.from_moves("4453")
    centre_first = board.game.move_order
    assert (pvs(board, 4, threat_evaluation, order=centre_first).nodes,
            alphabeta(board, 4, threat_evaluation, order=centre_first).nodes) == (673, 848)
    assert (pvs(board, 4, threat_evaluation, order=worst_first).nodes,
            alphabeta(board, 4, threat_evaluation, order=worst_first).nodes) == (2819, 2457)


def test_bad_arguments_are_named() -> None:
    with pytest.raises(ValueError, match="width > 0"):
        aspiration(TicTacToe(), width=0)
    with pytest.raises(ValueError, match="needs evaluate"):
        pvs(TicTacToe(), 3)
    with pytest.raises(ValueError, match="deadline"):
        mtdf(TicTacToe(), deadline=math.nan)
