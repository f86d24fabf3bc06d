"""Property tests: every search in the family agrees with plain minimax, on random positions."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from positions import positions  # the random positions of every property test

from tictac_edu.evaluation import line_evaluation, most_lines_first
from tictac_edu.games import MNKGame, TicTacToe
from tictac_edu.search import (
    FreshRootWindow,
    HistoryHeuristic,
    KillerMoves,
    StrictCutoff,
    TranspositionTable,
    alphabeta,
    combine,
    faster_wins,
    iterative_deepening,
    minimax,
    negamax,
)

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])



TICTACTOE = positions(TicTacToe, 0, 9)
MNK_443 = positions(lambda: MNKGame(4, 4, 3), 7, 16)  # few enough empty cells to search exhaustively
MNK_553 = positions(lambda: MNKGame(5, 5, 3), 0, 25)  # searched to a depth limit


def snapshot(state: MNKGame) -> tuple:
    return (state.board, state.to_move, state.ply, state.winner, state.key(), state.last_move)


@SETTINGS
@given(st.one_of(TICTACTOE, MNK_443))
def test_alphabeta_value_is_the_minimax_value(state: MNKGame) -> None:
    before = snapshot(state)
    expected = minimax(state)
    for result in (alphabeta(state), negamax(state), alphabeta(state, rules=StrictCutoff()),
                   alphabeta(state, rules=FreshRootWindow()), alphabeta(state, order=most_lines_first)):
        assert result.value == expected.value
        assert result.nodes <= expected.nodes
    assert snapshot(state) == before


@SETTINGS
@given(st.one_of(TICTACTOE, MNK_443))
def test_the_best_move_achieves_the_value(state: MNKGame) -> None:
    result = alphabeta(state, evaluate=faster_wins, order=most_lines_first, table=TranspositionTable())
    if state.is_terminal():
        assert result.move is None
        return
    assert minimax(state.play(result.move), evaluate=faster_wins).value == -result.value
    assert result.value == minimax(state, evaluate=faster_wins).value


@SETTINGS
@given(st.one_of(TICTACTOE, MNK_443), st.sampled_from([False, True]))
def test_a_cached_search_returns_the_uncached_value(state: MNKGame, faster: bool) -> None:
    before = snapshot(state)
    scorer = faster_wins if faster else None
    plain = alphabeta(state, evaluate=scorer)
    for table_size in (1 << 16, 7):  # a roomy table, and a tiny one full of collisions
        cached = alphabeta(state, evaluate=scorer, table=TranspositionTable(table_size))
        assert cached.value == plain.value
    assert minimax(state, cache=True, evaluate=scorer).value == plain.value
    assert snapshot(state) == before


@SETTINGS
@given(MNK_553, st.integers(1, 3))
def test_depth_limited_searches_agree(state: MNKGame, depth: int) -> None:
    before = snapshot(state)
    expected = minimax(state, depth, line_evaluation).value
    assert negamax(state, depth, line_evaluation).value == expected
    assert alphabeta(state, depth, line_evaluation).value == expected
    assert alphabeta(state, depth, line_evaluation, table=TranspositionTable()).value == expected
    ordered = combine(most_lines_first, HistoryHeuristic(), KillerMoves())
    assert alphabeta(state, depth, line_evaluation, order=ordered).value == expected
    assert snapshot(state) == before


@SETTINGS
@given(st.one_of(MNK_553, positions(lambda: MNKGame(4, 4, 3), 0, 16)), st.integers(1, 3))
def test_iterative_deepening_at_full_depth_equals_fixed_depth(state: MNKGame, depth: int) -> None:
    before = snapshot(state)
    fixed = alphabeta(state, depth, line_evaluation)
    deepened = iterative_deepening(state, line_evaluation, max_depth=depth)
    assert deepened.value == fixed.value
    assert deepened.completed
    with_table = iterative_deepening(state, line_evaluation, max_depth=depth, table=TranspositionTable(),
                                     order=most_lines_first)
    assert with_table.value == fixed.value
    assert snapshot(state) == before
