"""Deliberately buggy solutions, one per classic mistake: each must fail its check with the
hint for that mistake in the report."""

from __future__ import annotations

import math
from html import escape

import pytest

from tictac_edu.evaluation import line_evaluation
from tictac_edu.exercises import MISTAKES, check
from tictac_edu.search import Bound

INF = math.inf
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


# -- 00 legal_moves ----------------------------------------------------------------------------

def legal_moves_taken_cells(board):
    return [cell for cell in range(9) if board[cell] is not None]


def legal_moves_marks_the_board(board):
    moves = []
    while None in board:
        cell = board.index(None)
        moves.append(cell)
        board[cell] = "-"
    return moves


# -- 00 place ----------------------------------------------------------------------------------

def place_mutates_the_board(board, cell, player):
    board[cell] = player                     # the caller's board changes too
    return board


def place_mutates_and_returns_none(board, cell, player):
    board[cell] = player


def place_forgets_to_return(board, cell, player):
    new_board = list(board)
    new_board[cell] = player


def place_rows_and_columns_swapped(board, cell, player):
    row, column = cell % 3, cell // 3        # should be cell // 3, cell % 3
    new_board = list(board)
    new_board[row * 3 + column] = player
    return new_board


def place_always_x(board, cell, player):
    new_board = list(board)
    new_board[cell] = "X"
    return new_board


# -- 01 winner ---------------------------------------------------------------------------------

def _winner_on(lines):
    def winner(board):
        for a, b, c in lines:
            if board[a] is not None and board[a] == board[b] == board[c]:
                return board[a]
        return None
    return winner


winner_no_anti_diagonal = _winner_on(LINES[:7])
winner_no_diagonal = _winner_on(LINES[:6] + LINES[7:])
winner_no_columns = _winner_on(LINES[:3] + LINES[6:])
winner_no_rows = _winner_on(LINES[3:])


def winner_aliased_grid(board):
    grid = [[None] * 3] * 3                  # three references to ONE row
    for cell in range(9):
        grid[cell // 3][cell % 3] = board[cell]
    lines = [[grid[r][0], grid[r][1], grid[r][2]] for r in range(3)]
    lines += [[grid[0][c], grid[1][c], grid[2][c]] for c in range(3)]
    lines += [[grid[0][0], grid[1][1], grid[2][2]], [grid[0][2], grid[1][1], grid[2][0]]]
    for line in lines:
        if line[0] is not None and line[0] == line[1] == line[2]:
            return line[0]
    return None


def winner_no_empty_test(board):
    for a, b, c in LINES:
        if board[a] == board[b] == board[c]:
            return board[a]
    return None


def winner_returns_bool(board):
    return any(board[a] is not None and board[a] == board[b] == board[c] for a, b, c in LINES)


def winner_fills_the_board(board):
    for cell in range(9):
        if board[cell] is None:
            board[cell] = "."
    for a, b, c in LINES:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return board[a]
    return None


# -- 01 count_nodes ----------------------------------------------------------------------------

def _won(board):
    return any(board[a] is not None and board[a] == board[b] == board[c] for a, b, c in LINES)


def count_nodes_not_restored(board, player):
    if _won(board):
        return 1
    nodes = 1
    for cell in range(9):
        if board[cell] is None:
            board[cell] = player
            nodes += count_nodes_not_restored(board, "O" if player == "X" else "X")
    return nodes


def count_nodes_plays_on(board, player):
    nodes = 1
    for cell in range(9):
        if board[cell] is None:
            board[cell] = player
            nodes += count_nodes_plays_on(board, "O" if player == "X" else "X")
            board[cell] = None
    return nodes


def count_nodes_leaves_only(board, player):
    if _won(board) or None not in board:
        return 1
    nodes = 0
    for cell in range(9):
        if board[cell] is None:
            board[cell] = player
            nodes += count_nodes_leaves_only(board, "O" if player == "X" else "X")
            board[cell] = None
    return nodes


def count_nodes_one_player(board, player):
    if _won(board):
        return 1
    nodes = 1
    for cell in range(9):
        if board[cell] is None:
            board[cell] = player
            nodes += count_nodes_one_player(board, player)
            board[cell] = None
    return nodes


# -- 01 minimax, minimax_fast_wins -------------------------------------------------------------

def minimax_no_negation(state):
    if state.is_terminal():
        return state.utility(state.to_move)
    return max(minimax_no_negation(state.play(move)) for move in state.legal_moves())


def minimax_always_x(state):
    if state.is_terminal():
        return state.utility("X")
    values = [minimax_always_x(state.play(move)) for move in state.legal_moves()]
    return max(values) if state.to_move == "X" else min(values)


def minimax_fast_wins_no_preference(state):
    if state.is_terminal():
        return state.utility(state.to_move)
    return max(-minimax_fast_wins_no_preference(state.play(move)) for move in state.legal_moves())


def minimax_fast_wins_from_root(state, depth=0):
    if state.is_terminal():
        return state.utility(state.to_move) * (10 - depth)
    return max(-minimax_fast_wins_from_root(state.play(move), depth + 1) for move in state.legal_moves())


# -- 02 alphabeta_tree -------------------------------------------------------------------------

def alphabeta_tree_fresh_windows(tree, alpha=-INF, beta=INF, maximizing=True, visited=None):
    if not isinstance(tree, list):
        if visited is not None:
            visited.append(tree)
        return tree
    best = -INF if maximizing else INF
    for child in tree:
        value = alphabeta_tree_fresh_windows(child, -INF, INF, not maximizing, visited)   # not passed down
        if maximizing:
            best = max(best, value)
            alpha = max(alpha, value)
        else:
            best = min(best, value)
            beta = min(beta, value)
        if alpha >= beta:
            break
    return best


def alphabeta_tree_strict(tree, alpha=-INF, beta=INF, maximizing=True, visited=None):
    if not isinstance(tree, list):
        if visited is not None:
            visited.append(tree)
        return tree
    best = -INF if maximizing else INF
    for child in tree:
        value = alphabeta_tree_strict(child, alpha, beta, not maximizing, visited)
        if maximizing:
            best = max(best, value)
            alpha = max(alpha, value)
        else:
            best = min(best, value)
            beta = min(beta, value)
        if alpha > beta:
            break
    return best


def alphabeta_tree_min_lowers_alpha(tree, alpha=-INF, beta=INF, maximizing=True, visited=None):
    if not isinstance(tree, list):
        if visited is not None:
            visited.append(tree)
        return tree
    if maximizing:
        best = -INF
        for child in tree:
            value = alphabeta_tree_min_lowers_alpha(child, alpha, beta, False, visited)
            best = max(best, value)
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return best
    best = INF
    for child in tree:
        value = alphabeta_tree_min_lowers_alpha(child, alpha, beta, True, visited)
        best = min(best, value)
        alpha = min(alpha, value)              # should lower beta
        if alpha >= beta:
            break
    return best


def alphabeta_tree_not_flipped(tree, alpha=-INF, beta=INF, maximizing=True, visited=None):
    if not isinstance(tree, list):
        if visited is not None:
            visited.append(tree)
        return tree
    best = -INF if maximizing else INF
    for child in tree:
        value = alphabeta_tree_not_flipped(child, alpha, beta, maximizing, visited)   # should be not maximizing
        if maximizing:
            best = max(best, value)
            alpha = max(alpha, value)
        else:
            best = min(best, value)
            beta = min(beta, value)
        if alpha >= beta:
            break
    return best


def alphabeta_tree_min_never_cuts(tree, alpha=-INF, beta=INF, maximizing=True, visited=None):
    if not isinstance(tree, list):
        if visited is not None:
            visited.append(tree)
        return tree
    if maximizing:
        best = -INF
        for child in tree:
            value = alphabeta_tree_min_never_cuts(child, alpha, beta, False, visited)
            best = max(best, value)
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return best
    best = INF
    for child in tree:
        value = alphabeta_tree_min_never_cuts(child, alpha, beta, True, visited)
        best = min(best, value)
        beta = min(beta, value)                # and no cut-off here
    return best


def alphabeta_tree_ignores_window(tree, alpha=-INF, beta=INF, maximizing=True, visited=None):
    def search(node, alpha, beta, maximizing):
        if not isinstance(node, list):
            if visited is not None:
                visited.append(node)
            return node
        best = -INF if maximizing else INF
        for child in node:
            value = search(child, alpha, beta, not maximizing)
            if maximizing:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best
    return search(tree, -INF, INF, maximizing)          # the window given is dropped


def _alphabeta_tree_recording(record, name):
    def alphabeta_tree(tree, alpha=-INF, beta=INF, maximizing=True, visited=None):
        record(tree, visited)
        if not isinstance(tree, list):
            return tree
        best = -INF if maximizing else INF
        for child in tree:
            value = alphabeta_tree(child, alpha, beta, not maximizing, visited)
            if maximizing:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best
    alphabeta_tree.__name__ = name
    return alphabeta_tree


def _record_nothing(tree, visited):
    pass


def _record_every_node(tree, visited):
    if visited is not None:
        visited.append(tree)                   # inner nodes (lists) too


alphabeta_tree_records_nothing = _alphabeta_tree_recording(_record_nothing, "alphabeta_tree_records_nothing")
alphabeta_tree_records_inner_nodes = _alphabeta_tree_recording(_record_every_node,
                                                               "alphabeta_tree_records_inner_nodes")


def alphabeta_tree_visited_not_passed(tree, alpha=-INF, beta=INF, maximizing=True, visited=None):
    if not isinstance(tree, list):
        if visited is not None:
            visited.append(tree)
        return tree
    best = -INF if maximizing else INF
    for child in tree:
        value = alphabeta_tree_visited_not_passed(child, alpha, beta, not maximizing)   # visited left out
        if maximizing:
            best = max(best, value)
            alpha = max(alpha, value)
        else:
            best = min(best, value)
            beta = min(beta, value)
        if alpha >= beta:
            break
    return best


# -- 02 alphabeta ------------------------------------------------------------------------------

def alphabeta_full_windows(state, alpha=-INF, beta=INF):
    if state.is_terminal():
        return state.utility(state.to_move), 1
    nodes, best = 1, -INF
    for move in state.legal_moves():
        value, count = alphabeta_full_windows(state.play(move), -INF, INF)   # the window is not passed down
        nodes += count
        best = max(best, -value)
        alpha = max(alpha, -value)
        if alpha >= beta:
            break
    return best, nodes


def alphabeta_strict(state, alpha=-INF, beta=INF):
    if state.is_terminal():
        return state.utility(state.to_move), 1
    nodes, best = 1, -INF
    for move in state.legal_moves():
        value, count = alphabeta_strict(state.play(move), -beta, -alpha)
        nodes += count
        best = max(best, -value)
        alpha = max(alpha, -value)
        if alpha > beta:
            break
    return best, nodes


def alphabeta_fresh_root(state, alpha=-INF, beta=INF, root=True):
    if state.is_terminal():
        return state.utility(state.to_move), 1
    nodes, best = 1, -INF
    for move in state.legal_moves():
        window = (-INF, INF) if root else (-beta, -alpha)
        value, count = alphabeta_fresh_root(state.play(move), *window, root=False)
        nodes += count
        best = max(best, -value)
        alpha = max(alpha, -value)
        if alpha >= beta:
            break
    return best, nodes


def alphabeta_inner_break(state, alpha=-INF, beta=INF):
    if state.is_terminal():
        return state.utility(state.to_move), 1
    nodes, best = 1, -INF
    moves = state.legal_moves()
    for row in range(3):
        for move in [m for m in moves if m // 3 == row]:
            value, count = alphabeta_inner_break(state.play(move), -beta, -alpha)
            nodes += count
            best = max(best, -value)
            alpha = max(alpha, -value)
            if alpha >= beta:
                break                          # leaves only the loop over this row
    return best, nodes


def alphabeta_counts_leaves(state, alpha=-INF, beta=INF):
    if state.is_terminal():
        return state.utility(state.to_move), 1
    nodes, best = 0, -INF
    for move in state.legal_moves():
        value, count = alphabeta_counts_leaves(state.play(move), -beta, -alpha)
        nodes += count
        best = max(best, -value)
        alpha = max(alpha, -value)
        if alpha >= beta:
            break
    return best, nodes


def alphabeta_no_negation(state, alpha=-INF, beta=INF):
    if state.is_terminal():
        return state.utility(state.to_move), 1
    nodes, best = 1, -INF
    for move in state.legal_moves():
        value, count = alphabeta_no_negation(state.play(move), -beta, -alpha)
        nodes += count
        best = max(best, value)
        alpha = max(alpha, value)
        if alpha >= beta:
            break
    return best, nodes


def alphabeta_alpha_from_child(state, alpha=-INF, beta=INF):
    if state.is_terminal():
        return state.utility(state.to_move), 1
    nodes, best = 1, -INF
    for move in state.legal_moves():
        value, count = alphabeta_alpha_from_child(state.play(move), -beta, -alpha)
        nodes += count
        best = max(best, -value)
        alpha = max(alpha, value)              # the child's value, not negated
        if alpha >= beta:
            break
    return best, nodes


def alphabeta_window_not_negated(state, alpha=-INF, beta=INF):
    if state.is_terminal():
        return state.utility(state.to_move), 1
    nodes, best = 1, -INF
    for move in state.legal_moves():
        value, count = alphabeta_window_not_negated(state.play(move), alpha, beta)
        nodes += count
        best = max(best, -value)
        alpha = max(alpha, -value)
        if alpha >= beta:
            break
    return best, nodes


# -- 03 order_key, store, probe, canonical_key ------------------------------------------------

def order_key_edges_first(state, move):
    return 0 if move == 4 else 1 if move in (1, 3, 5, 7) else 2


def order_key_largest_first(state, move):
    return {4: 4, 0: 3, 2: 3, 6: 3, 8: 3}.get(move, 2)     # lines through the cell: sorted puts it last


def store_always_exact(table, key, depth, value, alpha, beta):
    table[key] = (depth, value, Bound.EXACT)


def store_swapped(table, key, depth, value, alpha, beta):
    bound = Bound.LOWER if value <= alpha else Bound.UPPER if value >= beta else Bound.EXACT
    table[key] = (depth, value, bound)


def store_strict(table, key, depth, value, alpha, beta):
    bound = Bound.UPPER if value < alpha else Bound.LOWER if value > beta else Bound.EXACT
    table[key] = (depth, value, bound)


def store_no_depth(table, key, depth, value, alpha, beta):
    bound = Bound.UPPER if value <= alpha else Bound.LOWER if value >= beta else Bound.EXACT
    table[key] = (0, value, bound)


def probe_any_bound(table, key, depth, alpha, beta):
    entry = table.get(key)
    if entry is None or entry[0] < depth:
        return None
    return entry[1]


def probe_any_depth(table, key, depth, alpha, beta):
    entry = table.get(key)
    if entry is None:
        return None
    _, value, bound = entry
    if bound == Bound.EXACT or (bound == Bound.LOWER and value >= beta) or (bound == Bound.UPPER and value <= alpha):
        return value
    return None


def probe_swapped(table, key, depth, alpha, beta):
    entry = table.get(key)
    if entry is None or entry[0] < depth:
        return None
    _, value, bound = entry
    if bound == Bound.EXACT or (bound == Bound.UPPER and value >= beta) or (bound == Bound.LOWER and value <= alpha):
        return value
    return None


ROTATIONS = [(0, 1, 2, 3, 4, 5, 6, 7, 8), (6, 3, 0, 7, 4, 1, 8, 5, 2), (8, 7, 6, 5, 4, 3, 2, 1, 0),
             (2, 5, 8, 1, 4, 7, 0, 3, 6)]


def canonical_key_rotations_only(board):
    cells = ["." if mark is None else mark for mark in board]
    return min("".join(cells[i] for i in rotation) for rotation in ROTATIONS)


def canonical_key_counts_marks(board):
    return (list(board).count("X"), list(board).count("O"), board[4])


def canonical_key_list(board):
    cells = ["." if mark is None else mark for mark in board]
    return min([cells[i] for i in rotation] for rotation in ROTATIONS)


# -- 04 evaluate, is_symmetric, depth_limited --------------------------------------------------

def _lines(state, directions):
    rows, columns, k = state.rows, state.columns, state.k
    for row in range(rows):
        for col in range(columns):
            for d_row, d_col in directions:
                end_row, end_col = row + (k - 1) * d_row, col + (k - 1) * d_col
                if 0 <= end_row < rows and 0 <= end_col < columns:
                    yield [(row + i * d_row) * columns + col + i * d_col for i in range(k)]


FOUR = ((0, 1), (1, 0), (1, 1), (1, -1))


def _evaluation(directions=FOUR, own_only=False, per_mark=False, always_x=False, score_wins=True, board_of=None):
    def evaluate(state, player):
        if always_x:
            player = "X"
        if score_wins and state.is_terminal():
            if state.winner is None:
                return 0
            return 1_000_000 - state.ply if state.winner == player else -(1_000_000 - state.ply)
        other = "O" if player == "X" else "X"
        board = board_of(state) if board_of else state.board
        score = 0
        for line in _lines(state, directions):
            marks = [board[cell] for cell in line]
            mine, theirs = marks.count(player), marks.count(other)
            weight = 1
            if mine and not theirs:
                score += 10 ** (mine - 1) * (mine if per_mark else weight)
            elif theirs and not mine and not own_only:
                score -= 10 ** (theirs - 1) * (theirs if per_mark else weight)
        return score
    return evaluate


def _aliased_grid(state):
    grid = [[None] * state.columns] * state.rows      # one row, referenced rows times
    for cell, mark in enumerate(state.board):
        grid[cell // state.columns][cell % state.columns] = mark
    return [mark for row in grid for mark in row]


evaluate_own_lines_only = _evaluation(own_only=True)
evaluate_eight_directions = _evaluation(directions=FOUR + ((0, -1), (-1, 0), (-1, -1), (-1, 1)))
evaluate_once_per_mark = _evaluation(per_mark=True)
evaluate_always_for_x = _evaluation(always_x=True)
evaluate_no_anti_diagonal = _evaluation(directions=FOUR[:3])
evaluate_ignores_wins = _evaluation(score_wins=False)
evaluate_aliased_grid = _evaluation(board_of=_aliased_grid)


def is_symmetric_first_only(evaluate, positions):
    for state in positions:
        first, second = state.players
        return evaluate(state, first) == -evaluate(state, second)
    return True


def is_symmetric_no_negation(evaluate, positions):
    for state in positions:
        first, second = state.players
        if evaluate(state, first) != evaluate(state, second):
            return False
    return True


def depth_limited_root_view(state, depth, evaluate, root=None):
    root = root or state.to_move
    if depth == 0 or state.is_terminal():
        return evaluate(state, root)
    return max(-depth_limited_root_view(state.play(move), depth - 1, evaluate, root) for move in state.legal_moves())


def depth_limited_no_decrement(state, depth, evaluate):
    if depth == 0 or state.is_terminal():
        return evaluate(state, state.to_move)
    return max(-depth_limited_no_decrement(state.play(move), depth, evaluate) for move in state.legal_moves())


def depth_limited_own_evaluation(state, depth, evaluate):
    if depth == 0 or state.is_terminal():
        return line_evaluation(state, state.to_move)
    return max(-depth_limited_own_evaluation(state.play(move), depth - 1, evaluate) for move in state.legal_moves())


# -- 05 check_win ------------------------------------------------------------------------------

def _check_win_with(name, shifts_of, steps=4):
    def check_win(stones, rows=6):  # the bitboard test of the solution, with other shifts
        for shift in shifts_of(rows):
            pairs = stones & (stones >> shift)
            if pairs & (pairs >> (2 * shift if steps == 4 else shift)):
                return True
        return False
    check_win.__name__ = name
    return check_win


check_win_no_diagonal_up = _check_win_with("check_win_no_diagonal_up", lambda rows: (1, rows + 1, rows))
check_win_no_diagonal_down = _check_win_with("check_win_no_diagonal_down", lambda rows: (1, rows + 1, rows + 2))
check_win_no_horizontal = _check_win_with("check_win_no_horizontal", lambda rows: (1, rows + 2, rows))
check_win_no_vertical = _check_win_with("check_win_no_vertical", lambda rows: (rows + 1, rows + 2, rows))
check_win_shift_7_everywhere = _check_win_with("check_win_shift_7_everywhere", lambda rows: (7, 7, 7, 7))
check_win_shifts_for_six_rows = _check_win_with("check_win_shifts_for_six_rows", lambda rows: (1, 7, 8, 6))
check_win_diagonal_rows_minus_1 = _check_win_with("check_win_diagonal_rows_minus_1",
                                                  lambda rows: (1, rows + 1, rows + 2, rows - 1))
check_win_three_in_a_row = _check_win_with("check_win_three_in_a_row", lambda rows: (1, rows + 1, rows + 2, rows),
                                           steps=3)
check_win_stride_rows = _check_win_with("check_win_stride_rows", lambda rows: (1, rows, rows + 1, rows - 1))


def check_win_returns_bitboard(stones, rows=6):
    found = 0
    for shift in (1, rows + 1, rows + 2, rows):
        pairs = stones & (stones >> shift)
        found |= pairs & (pairs >> 2 * shift)
    return found


def check_win_grid_no_anti_diagonal(stones, rows=6):
    """Cell by cell on a grid, with the diagonal going down to the right forgotten."""
    columns = (stones.bit_length() + rows) // (rows + 1) + 1
    def disc(column, row):
        return 0 <= row < rows and column >= 0 and bool(stones >> (column * (rows + 1) + row) & 1)
    for column in range(columns):
        for row in range(rows):
            for d_column, d_row in ((0, 1), (1, 0), (1, 1)):
                if all(disc(column + i * d_column, row + i * d_row) for i in range(4)):
                    return True
    return False


# -- 05 score_window ----------------------------------------------------------------------------

OWN = {1: 1, 2: 10, 3: 100, 4: 100_000}
THEIRS = {1: -2, 2: -60, 3: -5000, 4: -100_000}


def score_window_symmetric(window, player):
    other = "O" if player == "X" else "X"
    mine, theirs = window.count(player), window.count(other)
    if mine and theirs:
        return 0
    if mine:
        return OWN[mine]
    if theirs:
        return -OWN[theirs]              # -100 for three: as if the weights were symmetric
    return 0


def score_window_counts_mixed(window, player):
    other = "O" if player == "X" else "X"
    mine, theirs = window.count(player), window.count(other)
    if mine:
        return OWN[mine]                 # a window with an opponent disc in it still counts
    if theirs:
        return THEIRS[theirs]
    return 0


def score_window_own_only(window, player):
    other = "O" if player == "X" else "X"
    mine, theirs = window.count(player), window.count(other)
    if mine and not theirs:
        return OWN[mine]
    return 0


def score_window_always_x(window, player):
    mine, theirs = window.count("X"), window.count("O")
    if mine and theirs:
        return 0
    if mine:
        return OWN[mine]
    if theirs:
        return THEIRS[theirs]
    return 0


def score_window_lower_patterns_too(window, player):
    other = "O" if player == "X" else "X"
    mine, theirs = window.count(player), window.count(other)
    if mine and theirs:
        return 0
    score = 0
    for count in range(1, mine + 1):     # a three is also a two and a one ...
        score += OWN[count]
    for count in range(1, theirs + 1):
        score += THEIRS[count]
    return score


def score_window_three_is_also_two(window, player):
    other = "O" if player == "X" else "X"
    mine, theirs = window.count(player), window.count(other)
    if mine and theirs:
        return 0
    score = 0
    if mine >= 3:
        score += OWN[3] if mine == 3 else OWN[4]
    if mine >= 2 and mine != 4:
        score += OWN[2]
    if mine == 1:
        score += OWN[1]
    if theirs == 4:
        score += THEIRS[4]
    if theirs == 3:
        score += THEIRS[3]
    if theirs in (2, 3):
        score += THEIRS[2]
    if theirs == 1:
        score += THEIRS[1]
    return score


# -- 05 centre_key ------------------------------------------------------------------------------

def centre_key_right_first(state, move):
    centre = state.columns // 2
    return abs(move - centre) + (0.5 if move < centre else 0)


def centre_key_edges_first(state, move):
    return -abs(move - state.columns // 2)


def centre_key_largest_first(state, move):
    order = [3, 2, 4, 1, 5, 0, 6]
    return len(order) - order.index(move)     # the best column gets the LARGEST key


def centre_key_distance_only(state, move):
    return abs(move - state.columns // 2)


def centre_key_fixed_centre(state, move):
    return abs(move - 3) + (0.5 if move > 3 else 0)


BUGGY = [
    ("legal_moves", legal_moves_taken_cells, "empty_is_none"),
    ("legal_moves", legal_moves_marks_the_board, "mutates_input"),
    ("place", place_mutates_the_board, "changed_given_board"),
    ("place", place_mutates_and_returns_none, "changed_given_board"),
    ("place", place_forgets_to_return, "no_return"),
    ("place", place_rows_and_columns_swapped, "row_major"),
    ("place", place_always_x, "wrong_mark"),
    ("winner", winner_no_anti_diagonal, "missing_anti_diagonal"),
    ("winner", winner_no_diagonal, "missing_diagonal"),
    ("winner", winner_no_columns, "missing_column"),
    ("winner", winner_no_rows, "missing_row"),
    ("winner", winner_aliased_grid, "aliasing"),
    ("winner", winner_no_empty_test, "empty_line"),
    ("winner", winner_returns_bool, "winner_value"),
    ("winner", winner_fills_the_board, "mutates_input"),
    ("count_nodes", count_nodes_not_restored, "not_restored"),
    ("count_nodes", count_nodes_plays_on, "won_game_not_leaf"),
    ("count_nodes", count_nodes_leaves_only, "count_root"),
    ("count_nodes", count_nodes_one_player, "alternate_players"),
    ("minimax", minimax_no_negation, "wrong_side"),
    ("minimax", minimax_always_x, "wrong_side"),
    ("minimax_fast_wins", minimax_fast_wins_no_preference, "no_faster_wins"),
    ("minimax_fast_wins", minimax_fast_wins_from_root, "ply_from_root"),
    ("alphabeta_tree", alphabeta_tree_fresh_windows, "window_not_passed"),
    ("alphabeta_tree", alphabeta_tree_strict, "strict_cutoff"),
    ("alphabeta_tree", alphabeta_tree_min_lowers_alpha, "window_wrong_level"),
    ("alphabeta_tree", alphabeta_tree_not_flipped, "alternate_players"),
    ("alphabeta_tree", alphabeta_tree_min_never_cuts, "one_sided_cutoff"),
    ("alphabeta_tree", alphabeta_tree_ignores_window, "window_ignored"),
    ("alphabeta_tree", alphabeta_tree_records_nothing, "visited_leaves"),
    ("alphabeta_tree", alphabeta_tree_records_inner_nodes, "visited_leaves"),
    ("alphabeta_tree", alphabeta_tree_visited_not_passed, "visited_leaves"),
    ("alphabeta", alphabeta_full_windows, "window_not_passed"),
    ("alphabeta", alphabeta_strict, "strict_cutoff"),
    ("alphabeta", alphabeta_fresh_root, "root_window"),
    ("alphabeta", alphabeta_inner_break, "inner_break"),
    ("alphabeta", alphabeta_counts_leaves, "node_count"),
    ("alphabeta", alphabeta_no_negation, "wrong_side"),
    ("alphabeta", alphabeta_alpha_from_child, "window_wrong_level"),
    ("alphabeta", alphabeta_window_not_negated, "window_wrong_level"),
    ("order_key", order_key_edges_first, "edges_before_corners"),
    ("order_key", order_key_largest_first, "sort_direction"),
    ("store", store_always_exact, "cache_ignores_window"),
    ("store", store_swapped, "bound_swapped"),
    ("store", store_strict, "cache_ignores_window"),
    ("store", store_no_depth, "cache_ignores_depth"),
    ("probe", probe_any_bound, "cache_ignores_window"),
    ("probe", probe_any_depth, "cache_ignores_depth"),
    ("probe", probe_swapped, "bound_swapped"),
    ("canonical_key", canonical_key_rotations_only, "missing_reflections"),
    ("canonical_key", canonical_key_counts_marks, "key_too_coarse"),
    ("canonical_key", canonical_key_list, "unhashable_key"),
    ("evaluate", evaluate_own_lines_only, "one_side_only"),
    ("evaluate", evaluate_eight_directions, "counted_twice"),
    ("evaluate", evaluate_once_per_mark, "counted_twice"),
    ("evaluate", evaluate_always_for_x, "not_symmetric"),
    ("evaluate", evaluate_no_anti_diagonal, "missing_anti_diagonal"),
    ("evaluate", evaluate_ignores_wins, "win_not_scored"),
    ("evaluate", evaluate_aliased_grid, "aliasing"),
    ("is_symmetric", is_symmetric_first_only, "return_in_loop"),
    ("is_symmetric", is_symmetric_no_negation, "forgot_negation"),
    ("depth_limited", depth_limited_root_view, "wrong_side"),
    ("depth_limited", depth_limited_no_decrement, "depth_not_decreasing"),
    ("depth_limited", depth_limited_own_evaluation, "use_given_evaluate"),
    ("check_win", check_win_no_diagonal_up, "missing_diagonal_up"),
    ("check_win", check_win_no_diagonal_down, "missing_diagonal_down"),
    ("check_win", check_win_grid_no_anti_diagonal, "missing_diagonal_down"),
    ("check_win", check_win_no_horizontal, "missing_horizontal"),
    ("check_win", check_win_no_vertical, "missing_vertical"),
    ("check_win", check_win_shift_7_everywhere, "one_shift_for_all"),
    ("check_win", check_win_shifts_for_six_rows, "shifts_for_six_rows"),
    ("check_win", check_win_diagonal_rows_minus_1, "wrong_diagonal_shift"),
    ("check_win", check_win_three_in_a_row, "three_in_a_row"),
    ("check_win", check_win_stride_rows, "sentinel_ignored"),
    ("check_win", check_win_returns_bitboard, "return_bool"),
    ("score_window", score_window_symmetric, "opponent_weights"),
    ("score_window", score_window_counts_mixed, "mixed_window"),
    ("score_window", score_window_own_only, "one_side_only"),
    ("score_window", score_window_always_x, "window_player"),
    ("score_window", score_window_lower_patterns_too, "window_counted_twice"),
    ("score_window", score_window_three_is_also_two, "window_counted_twice"),
    ("centre_key", centre_key_right_first, "right_before_left"),
    ("centre_key", centre_key_edges_first, "centre_last"),
    ("centre_key", centre_key_largest_first, "sort_direction"),
    ("centre_key", centre_key_distance_only, "tie_order"),
    ("centre_key", centre_key_fixed_centre, "fixed_centre"),
]


@pytest.mark.parametrize(("name", "buggy", "mistake"), BUGGY,
                         ids=[f"{name}-{getattr(fn, '__name__', '')}-{mistake}" for name, fn, mistake in BUGGY])
def test_buggy_version_fails_with_its_hint(name, buggy, mistake):
    report = check(name, buggy, time_limit=2.0)
    assert report.status == "failed"
    assert not report.passed
    assert mistake in report.mistakes, f"{mistake} not among {report.mistakes}\n{report}"
    hint = MISTAKES[mistake].hint
    assert hint in str(report)
    assert escape(MISTAKES[mistake].hint) in report._repr_html_()


def test_at_least_25_buggy_versions_covering_the_classic_mistakes():
    assert len(BUGGY) >= 25
    assert {name for name, _, _ in BUGGY} >= {"legal_moves", "place", "winner", "alphabeta_tree", "alphabeta"}
    covered = {mistake for _, _, mistake in BUGGY}
    classic = {"not_restored", "missing_diagonal", "missing_anti_diagonal", "aliasing", "wrong_side",
               "window_not_passed", "window_wrong_level", "inner_break", "no_faster_wins", "cache_ignores_window",
               "one_side_only", "counted_twice"}
    assert classic <= covered
    assert all(mistake in MISTAKES for mistake in covered)


def test_connect_four_exercises_have_their_buggy_versions():
    names = {name for name, _, _ in BUGGY}
    assert {"check_win", "score_window", "centre_key"} <= names
    check_win_mistakes = {mistake for name, _, mistake in BUGGY if name == "check_win"}
    # a missing diagonal, each of the two separately, and every other direction
    assert {"missing_diagonal_up", "missing_diagonal_down", "missing_horizontal", "missing_vertical"} <= \
        check_win_mistakes
    assert "a missing diagonal" in MISTAKES["missing_diagonal_up"].title
    assert "a missing anti-diagonal" in MISTAKES["missing_diagonal_down"].title
    assert "shift rows + 2" in MISTAKES["missing_diagonal_up"].hint
    assert {"one_side_only", "window_counted_twice", "window_player", "mixed_window", "opponent_weights"} <= \
        {mistake for name, _, mistake in BUGGY if name == "score_window"}
    assert {"right_before_left", "centre_last", "sort_direction", "tie_order"} <= \
        {mistake for name, _, mistake in BUGGY if name == "centre_key"}
