"""The exact figures of reference/figures.md, computed by the search functions.

Convention (figures.md): a node is one call of the search function, the root and terminal
positions included; alpha-beta keeps one window at the root and cuts off when alpha >= beta.
"""

from __future__ import annotations

import pytest

from tictac_edu.games import GameTree, TicTacToe
from tictac_edu.search import (
    FreshRootWindow,
    StrictCutoff,
    TranspositionTable,
    alphabeta,
    count_tree,
    faster_wins,
    minimax,
    negamax,
)

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def test_the_tic_tac_toe_tree() -> None:
    counts = count_tree(TicTacToe())
    assert counts.nodes == 549_946
    assert counts.nodes_by_depth == [1, 9, 72, 504, 3_024, 15_120, 54_720, 148_176, 200_448, 127_872]
    assert counts.games == 255_168
    assert counts.games_by_length == {5: 1_440, 6: 5_328, 7: 47_952, 8: 72_576, 9: 127_872}
    assert counts.outcomes == {"X": 131_184, "O": 77_904, "draw": 46_080}
    assert (counts.positions, counts.terminal_positions) == (5_478, 958)
    assert (counts.symmetric_positions, counts.symmetric_terminal_positions) == (765, 138)


@pytest.mark.parametrize("search", [minimax, negamax])
def test_plain_minimax_visits_every_node_and_draws(search) -> None:
    result = search(TicTacToe())
    assert (result.value, result.nodes) == (0, 549_946)
    assert result.proven and result.player == "X"


def test_minimax_with_a_position_cache() -> None:
    result = minimax(TicTacToe(), cache=True)
    assert (result.value, result.nodes) == (0, 16_168)
    assert result.nodes - result.table_hits == 5_478  # each distinct position searched once


@pytest.mark.parametrize(("options", "nodes"), [
    ({}, 18_297),
    ({"order": TicTacToe().game.move_order}, 7_275),
    ({"evaluate": faster_wins}, 20_866),
    ({"evaluate": faster_wins, "order": TicTacToe().game.move_order}, 7_865),
    ({"rules": FreshRootWindow()}, 30_710),
    ({"rules": FreshRootWindow(), "order": TicTacToe().game.move_order}, 15_706),
    ({"rules": StrictCutoff()}, 146_120),
])
def test_alphabeta_node_counts(options: dict, nodes: int) -> None:
    result = alphabeta(TicTacToe(), **options)
    assert result.value == 0
    assert result.nodes == nodes


def test_ordering_by_a_key_function_matches_the_ordering_list() -> None:
    rank = {cell: i for i, cell in enumerate(TicTacToe().game.move_order)}
    assert alphabeta(TicTacToe(), order=lambda state, move: rank[move]).nodes == 7_275


def test_a_transposition_table_saves_nodes_and_keeps_the_value() -> None:
    table = TranspositionTable()
    result = alphabeta(TicTacToe(), table=table)
    assert result.value == 0
    assert result.nodes < 18_297 and result.table_hits > 0
    assert len(table) <= 5_478


def test_the_textbook_tree() -> None:
    tree = GameTree(TEXTBOOK)
    assert (minimax(tree).value, minimax(tree).move, minimax(tree).nodes) == (3, 0, 13)
    result = alphabeta(tree, trace=True)
    assert (result.value, result.move, result.pv) == (3, 0, [0, 0])
    assert result.nodes == 11
    visited_leaves = {event.state.path for event in result.trace if event.kind == "enter" and event.state.is_terminal()}
    assert visited_leaves == {(0, 0), (0, 1), (0, 2), (1, 0), (2, 0), (2, 1), (2, 2)}
    # The leaves 4 and 6 (second MIN node, moves 1 and 2) are never visited.
    cutoffs = [event for event in result.trace if event.kind == "cutoff"]
    assert [(event.move, event.pruned) for event in cutoffs] == [(1, (1, 2))]
    assert (cutoffs[0].alpha, cutoffs[0].beta) == (3, 2)


def test_trace_values_are_from_max_point_of_view() -> None:
    result = alphabeta(GameTree(TEXTBOOK), trace=True)
    leaves = {event.node: event.value for event in result.trace if event.kind == "leave"}
    assert leaves[0] == 3 and leaves[1] == 3 and leaves[5] == 2 and leaves[7] == 2


def test_prefer_faster_wins_scores_the_quickest_win() -> None:
    from tictac_edu.games import play_moves
    # X to move can win at once (2) or later; the plain search takes the first winning move in
    # cell order, the faster-wins search the immediate win.
    state = play_moves(TicTacToe(), [0, 3, 1, 4])
    fast = alphabeta(state, evaluate=faster_wins)
    assert fast.move == 2 and fast.value == 10 - 5
    assert minimax(state, evaluate=faster_wins).value == 5


@pytest.mark.parametrize(("old", "new"), [
    ({"prefer_faster_wins": True}, {"evaluate": faster_wins}),
    ({"strict": True}, {"rules": StrictCutoff()}),
    ({"fresh_root_window": True, "prefer_faster_wins": True}, {"rules": FreshRootWindow(), "evaluate": faster_wins}),
])
def test_the_old_flags_still_search_alike_and_say_they_are_deprecated(old: dict, new: dict) -> None:
    with pytest.warns(DeprecationWarning, match="deprecated: pass"):
        before = alphabeta(TicTacToe(), **old)
    after = alphabeta(TicTacToe(), **new)
    assert (before.value, before.nodes, before.move) == (after.value, after.nodes, after.move)
    with pytest.warns(DeprecationWarning, match="evaluate=faster_wins"):
        assert minimax(TicTacToe().play(4).play(1), prefer_faster_wins=True).value == \
            minimax(TicTacToe().play(4).play(1), evaluate=faster_wins).value
