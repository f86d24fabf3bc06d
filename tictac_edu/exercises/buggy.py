"""Deliberately buggy solutions, one per classic mistake: the only place they are written.

Each is written the way a learner would write it, with one mistake, and registered in
:data:`BUGGY` with the exercise, the id of the mistake (see
:data:`~tictac_edu.exercises.mistakes.MISTAKES`) and what the mistake looks like from the
outside. They serve twice:

* the checks' diagnosis (:mod:`tictac_edu.exercises.diagnosis`) asks the learner's function
  the same small questions as every buggy version, and a function that answers exactly like
  one of them has most likely made its mistake;
* the project's tests check that every buggy version fails its check with its own mistake
  named first.

Nothing here is imported by a notebook; the functions only use the game protocol.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tictac_edu.search import Bound

INF = math.inf
SQRT2 = math.sqrt(2)
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


@dataclass(frozen=True)
class Buggy:
    """A deliberately buggy solution.

    Attributes:
        exercise: the exercise it answers.
        mistake: the id of its classic mistake.
        function: the function itself.
        looks_like: what a check sees, as the end of "It looks as if ..." (or ``""``).
    """

    exercise: str
    mistake: str
    function: Callable[..., Any]
    looks_like: str = ""

    @property
    def name(self) -> str:
        """The function's name, such as ``winner_no_anti_diagonal``."""
        return getattr(self.function, "__name__", repr(self.function))


BUGGY: list[Buggy] = []
"""Every buggy version, exercise by exercise. Where two versions of one exercise answer the
diagnosis' questions alike, the first is named."""


def buggy(exercise: str, mistake: str, looks_like: str = "") -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Decorator: register ``function`` as a buggy version of ``exercise``."""

    def register(function: Callable[..., Any]) -> Callable[..., Any]:
        BUGGY.append(Buggy(exercise, mistake, function, looks_like))
        return function

    return register


def versions(exercise: str) -> list[Buggy]:
    """The buggy versions of one exercise, in the order they are tried."""
    return [entry for entry in BUGGY if entry.exercise == exercise]


def _named(function: Callable[..., Any], name: str) -> Callable[..., Any]:
    function.__name__ = function.__qualname__ = name
    return function


# -- 00 legal_moves ------------------------------------------------------------------------

@buggy("legal_moves", "empty_is_none", "the taken cells were listed, not the empty ones")
def legal_moves_taken_cells(board):
    return [cell for cell in range(9) if board[cell] is not None]


@buggy("legal_moves", "stops_at_win", "no moves are listed once someone has three in a row")
def legal_moves_stops_at_win(board):
    for a, b, c in LINES:
        if board[a] is not None and board[a] == board[b] == board[c]:
            return []                        # the docstring does not ask for this
    return [cell for cell in range(9) if board[cell] is None]


@buggy("legal_moves", "set_order", "the moves come back as a set")
def legal_moves_as_a_set(board):
    return {cell for cell in range(9) if board[cell] is None}


@buggy("legal_moves", "mutates_input", "the board is written into while the moves are collected")
def legal_moves_marks_the_board(board):
    moves = []
    while None in board:
        cell = board.index(None)
        moves.append(cell)
        board[cell] = "-"
    return moves


# -- 00 place ------------------------------------------------------------------------------

@buggy("place", "changed_given_board", "the mark went into the board you were given")
def place_mutates_the_board(board, cell, player):
    board[cell] = player                     # the caller's board changes too
    return board


@buggy("place", "changed_given_board", "the mark went into the board you were given")
def place_mutates_and_returns_none(board, cell, player):
    board[cell] = player


@buggy("place", "no_return", "nothing is returned")
def place_forgets_to_return(board, cell, player):
    new_board = list(board)
    new_board[cell] = player


@buggy("place", "row_major", "row and column are swapped")
def place_rows_and_columns_swapped(board, cell, player):
    row, column = cell % 3, cell // 3        # should be cell // 3, cell % 3
    new_board = list(board)
    new_board[row * 3 + column] = player
    return new_board


@buggy("place", "wrong_mark", "the mark is always X's")
def place_always_x(board, cell, player):
    new_board = list(board)
    new_board[cell] = "X"
    return new_board


# -- 01 winner -----------------------------------------------------------------------------

def _winner_on(lines: Sequence[tuple[int, int, int]], name: str) -> Callable[..., Any]:
    def winner(board):
        for a, b, c in lines:
            if board[a] is not None and board[a] == board[b] == board[c]:
                return board[a]
        return None
    return _named(winner, name)


winner_no_anti_diagonal = buggy("winner", "missing_anti_diagonal", "the anti-diagonal 2, 4, 6 is not checked")(
    _winner_on(LINES[:7], "winner_no_anti_diagonal"))
winner_no_diagonal = buggy("winner", "missing_diagonal", "the diagonal 0, 4, 8 is not checked")(
    _winner_on(LINES[:6] + LINES[7:], "winner_no_diagonal"))
winner_no_columns = buggy("winner", "missing_column", "the columns are not checked")(
    _winner_on(LINES[:3] + LINES[6:], "winner_no_columns"))
winner_no_rows = buggy("winner", "missing_row", "the rows are not checked")(_winner_on(LINES[3:], "winner_no_rows"))


@buggy("winner", "aliasing", "every row of your grid holds the marks of the last row")
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


@buggy("winner", "empty_line", "three empty cells in a line count as a win")
def winner_no_empty_test(board):
    for a, b, c in LINES:
        if board[a] == board[b] == board[c]:
            return board[a]
    return None


@buggy("winner", "winner_value", "True or False comes back instead of the player")
def winner_returns_bool(board):
    return any(board[a] is not None and board[a] == board[b] == board[c] for a, b, c in LINES)


@buggy("winner", "mutates_input", "the empty cells of the board you were given are filled in")
def winner_fills_the_board(board):
    for cell in range(9):
        if board[cell] is None:
            board[cell] = "."
    for a, b, c in LINES:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return board[a]
    return None


# -- 01 count_nodes ------------------------------------------------------------------------

def _won(board):
    return any(board[a] is not None and board[a] == board[b] == board[c] for a, b, c in LINES)


@buggy("count_nodes", "not_restored", "the marks are never taken back")
def count_nodes_not_restored(board, player):
    if _won(board):
        return 1
    nodes = 1
    for cell in range(9):
        if board[cell] is None:
            board[cell] = player
            nodes += count_nodes_not_restored(board, "O" if player == "X" else "X")
    return nodes


@buggy("count_nodes", "won_game_not_leaf", "the count goes on playing after someone has won")
def count_nodes_plays_on(board, player):
    nodes = 1
    for cell in range(9):
        if board[cell] is None:
            board[cell] = player
            nodes += count_nodes_plays_on(board, "O" if player == "X" else "X")
            board[cell] = None
    return nodes


@buggy("count_nodes", "count_root", "only the finished games are counted")
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


@buggy("count_nodes", "alternate_players", "the same player moves all the time")
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


# -- 01 minimax, minimax_fast_wins ---------------------------------------------------------

@buggy("minimax", "wrong_side", "the children's values are used without negating them")
def minimax_no_negation(state):
    if state.is_terminal():
        return state.utility(state.to_move)
    return max(minimax_no_negation(state.play(move)) for move in state.legal_moves())


@buggy("minimax", "wrong_side", "the values are always the first player's, whoever is to move")
def minimax_always_x(state):
    first = state.players[0]
    if state.is_terminal():
        return state.utility(first)
    values = [minimax_always_x(state.play(move)) for move in state.legal_moves()]
    return max(values) if state.to_move == first else min(values)


@buggy("minimax", "best_starts_at_zero", "no value ever comes out below 0")
def minimax_best_starts_at_zero(state):
    if state.is_terminal():
        return state.utility(state.to_move)
    best = 0                                  # should start at -inf
    for move in state.legal_moves():
        value = -minimax_best_starts_at_zero(state.play(move))
        if value > best:
            best = value
    return best


@buggy("minimax_fast_wins", "no_faster_wins", "every win scores the same")
def minimax_fast_wins_no_preference(state):
    if state.is_terminal():
        return state.utility(state.to_move)
    return max(-minimax_fast_wins_no_preference(state.play(move)) for move in state.legal_moves())


@buggy("minimax_fast_wins", "ply_from_root", "the plies are counted from where the search started")
def minimax_fast_wins_from_root(state, depth=0):
    if state.is_terminal():
        return state.utility(state.to_move) * (10 - depth)
    return max(-minimax_fast_wins_from_root(state.play(move), depth + 1) for move in state.legal_moves())


@buggy("minimax_fast_wins", "fixed_game_length", "wins are scored 10 - ply, as on tic-tac-toe, in every game")
def minimax_fast_wins_ten_minus_ply(state):
    if state.is_terminal():
        return state.utility(state.to_move) * (10 - state.ply)
    return max(-minimax_fast_wins_ten_minus_ply(state.play(move)) for move in state.legal_moves())


# -- 02 alphabeta_tree ---------------------------------------------------------------------

def _tree_search(*, window_down: str = "same", lower_alpha_at_min: bool = False, flip: bool = True,
                 min_cuts: bool = True, max_cuts: bool = True, strict: bool = False, fail_hard: bool = False,
                 cut_before_update: bool = False, record: str = "leaves", pass_visited: bool = True,
                 name: str) -> Callable[..., Any]:
    """An alpha-beta in MAX/MIN form with one deliberate change (written once, for the buggy
    versions below)."""

    def alphabeta_tree(tree, alpha=-INF, beta=INF, maximizing=True, visited=None):
        if record == "all" and visited is not None:
            visited.append(tree)
        if not isinstance(tree, list):
            if record == "leaves" and visited is not None:
                visited.append(tree)
            return tree
        if window_down == "dropped_at_root":
            alpha, beta = -INF, INF
        best = -INF if maximizing else INF
        for child in tree:
            window = (-INF, INF) if window_down == "fresh" else (alpha, beta)
            value = search(child, *window, (not maximizing) if flip else maximizing,
                           visited if pass_visited else None)
            best = max(best, value) if maximizing else min(best, value)
            if cut_before_update and alpha >= beta:
                break                          # too early: the window does not know this child's value yet
            if maximizing:
                alpha = max(alpha, value)
                cuts = max_cuts
            else:
                if lower_alpha_at_min:
                    alpha = min(alpha, value)
                else:
                    beta = min(beta, value)
                cuts = min_cuts
            if not cut_before_update and cuts and (alpha > beta if strict else alpha >= beta):
                break
        if fail_hard:
            return alpha if maximizing else beta
        return best

    def search(tree, alpha, beta, maximizing, visited):
        if window_down == "dropped_at_root":
            return inner(tree, alpha, beta, maximizing, visited)
        return alphabeta_tree(tree, alpha, beta, maximizing, visited)

    inner = _tree_search(name="inner") if window_down == "dropped_at_root" else None
    return _named(alphabeta_tree, name)


buggy("alphabeta_tree", "window_not_passed", "every child is searched with a fresh window (-inf, inf)")(
    _tree_search(window_down="fresh", name="alphabeta_tree_fresh_windows"))
buggy("alphabeta_tree", "strict_cutoff", "the search cuts off only when alpha > beta")(
    _tree_search(strict=True, name="alphabeta_tree_strict"))
buggy("alphabeta_tree", "window_wrong_level", "MIN nodes lower alpha instead of beta")(
    _tree_search(lower_alpha_at_min=True, name="alphabeta_tree_min_lowers_alpha"))
buggy("alphabeta_tree", "alternate_players", "the children are searched for the same player")(
    _tree_search(flip=False, name="alphabeta_tree_not_flipped"))
buggy("alphabeta_tree", "one_sided_cutoff", "MIN nodes never cut off")(
    _tree_search(min_cuts=False, name="alphabeta_tree_min_never_cuts"))
buggy("alphabeta_tree", "one_sided_cutoff", "MAX nodes never cut off")(
    _tree_search(max_cuts=False, name="alphabeta_tree_max_never_cuts"))
buggy("alphabeta_tree", "window_ignored", "the search starts from (-inf, inf), not from the window it is given")(
    _tree_search(window_down="dropped_at_root", name="alphabeta_tree_ignores_window"))
buggy("alphabeta_tree", "fail_hard", "alpha or beta comes back when the value is outside the window")(
    _tree_search(fail_hard=True, name="alphabeta_tree_fail_hard"))
buggy("alphabeta_tree", "cutoff_before_update", "the cut-off is tested before the window is updated")(
    _tree_search(cut_before_update=True, name="alphabeta_tree_cutoff_before_update"))
buggy("alphabeta_tree", "visited_leaves", "nothing is appended to visited")(
    _tree_search(record="none", name="alphabeta_tree_records_nothing"))
buggy("alphabeta_tree", "visited_leaves", "inner nodes (lists) are appended to visited too")(
    _tree_search(record="all", name="alphabeta_tree_records_inner_nodes"))
buggy("alphabeta_tree", "visited_leaves", "visited is not passed on to the recursive calls")(
    _tree_search(pass_visited=False, name="alphabeta_tree_visited_not_passed"))


# -- 02 alphabeta --------------------------------------------------------------------------

@buggy("alphabeta", "window_not_passed", "nothing is ever cut off: the children get a fresh window")
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


@buggy("alphabeta", "strict_cutoff", "the search cuts off only when alpha > beta")
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


@buggy("alphabeta", "root_window", "every move at the root gets a fresh, full window")
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


@buggy("alphabeta", "inner_break", "after a cut-off the search goes on with the moves of the next row")
def alphabeta_inner_break(state, alpha=-INF, beta=INF):
    if state.is_terminal():
        return state.utility(state.to_move), 1
    nodes, best = 1, -INF
    moves = state.legal_moves()
    width = getattr(state, "columns", 3) or 3
    for row in range(max(moves) // width + 1 if moves else 0):
        for move in [m for m in moves if m // width == row]:
            value, count = alphabeta_inner_break(state.play(move), -beta, -alpha)
            nodes += count
            best = max(best, -value)
            alpha = max(alpha, -value)
            if alpha >= beta:
                break                          # leaves only the loop over this row
    return best, nodes


@buggy("alphabeta", "node_count", "only the finished games are counted")
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


@buggy("alphabeta", "wrong_side", "the children's values are used without negating them")
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


@buggy("alphabeta", "window_wrong_level", "alpha is raised with the child's value before it is negated")
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


@buggy("alphabeta", "window_wrong_level", "the children get (alpha, beta) instead of (-beta, -alpha)")
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


@buggy("alphabeta", "cutoff_before_update", "the cut-off is tested before alpha is raised")
def alphabeta_cutoff_before_update(state, alpha=-INF, beta=INF):
    if state.is_terminal():
        return state.utility(state.to_move), 1
    nodes, best = 1, -INF
    for move in state.legal_moves():
        value, count = alphabeta_cutoff_before_update(state.play(move), -beta, -alpha)
        nodes += count
        best = max(best, -value)
        if alpha >= beta:                      # too early: alpha does not know this move's value yet
            break
        alpha = max(alpha, -value)
    return best, nodes


# -- 03 order_key --------------------------------------------------------------------------

@buggy("order_key", "edges_before_corners", "the edges come before the corners")
def order_key_edges_first(state, move):
    return 0 if move == 4 else 1 if move in (1, 3, 5, 7) else 2


@buggy("order_key", "sort_direction", "the best moves get the LARGEST keys, so sorted puts them last")
def order_key_largest_first(state, move):
    return {4: 4, 0: 3, 2: 3, 6: 3, 8: 3}.get(move, 2)     # lines through the cell: sorted puts it last


@buggy("order_key", "centre_first", "the corners come before the centre")
def order_key_corners_first(state, move):
    return 0 if move in (0, 2, 6, 8) else 1 if move == 4 else 2


# -- 03 store, probe -----------------------------------------------------------------------

@buggy("store", "cache_ignores_window", "every value is stored as EXACT, whatever the window")
def store_always_exact(table, key, depth, value, alpha, beta):
    table[key] = (depth, value, Bound.EXACT)


@buggy("store", "bound_swapped", "LOWER and UPPER are swapped")
def store_swapped(table, key, depth, value, alpha, beta):
    bound = Bound.LOWER if value <= alpha else Bound.UPPER if value >= beta else Bound.EXACT
    table[key] = (depth, value, bound)


@buggy("store", "cache_ignores_window", "a value equal to alpha or beta is stored as EXACT")
def store_strict(table, key, depth, value, alpha, beta):
    bound = Bound.UPPER if value < alpha else Bound.LOWER if value > beta else Bound.EXACT
    table[key] = (depth, value, bound)


@buggy("store", "cache_ignores_depth", "the depth is not stored")
def store_no_depth(table, key, depth, value, alpha, beta):
    bound = Bound.UPPER if value <= alpha else Bound.LOWER if value >= beta else Bound.EXACT
    table[key] = (0, value, bound)


@buggy("store", "yield_not_return", "nothing at all happens when it is called")
def store_generator(table, key, depth, value, alpha, beta):
    bound = Bound.UPPER if value <= alpha else Bound.LOWER if value >= beta else Bound.EXACT
    yield (depth, value, bound)                # a generator: calling it runs none of this
    table[key] = (depth, value, bound)


# -- 03 pvs ------------------------------------------------------------------------------------

@buggy("pvs", "pvs_no_research", "the null-window value is taken as the move's value")
def pvs_no_research(state, alpha=-INF, beta=INF):
    if state.is_terminal():
        return state.utility(state.to_move), 1
    best, nodes = -INF, 1
    for index, move in enumerate(state.legal_moves()):
        window = (-beta, -alpha) if index == 0 else (-alpha - 1, -alpha)
        value, count = pvs_no_research(state.play(move), *window)   # no re-search
        nodes += count
        best = max(best, -value)
        alpha = max(alpha, -value)
        if alpha >= beta:
            break
    return best, nodes


@buggy("pvs", "pvs_research_fail_low", "every move below beta is searched again, fail lows too")
def pvs_research_fail_low(state, alpha=-INF, beta=INF):
    if state.is_terminal():
        return state.utility(state.to_move), 1
    best, nodes = -INF, 1
    for index, move in enumerate(state.legal_moves()):
        child = state.play(move)
        if index == 0:
            value, count = pvs_research_fail_low(child, -beta, -alpha)
        else:
            value, count = pvs_research_fail_low(child, -alpha - 1, -alpha)
            if -value < beta:                                        # should be alpha < -value < beta
                nodes += count
                value, count = pvs_research_fail_low(child, -beta, -alpha)
        nodes += count
        best = max(best, -value)
        alpha = max(alpha, -value)
        if alpha >= beta:
            break
    return best, nodes


@buggy("pvs", "pvs_null_window_at_beta", "the null window is put at beta, (beta - 1, beta)")
def pvs_null_window_at_beta(state, alpha=-INF, beta=INF):
    if state.is_terminal():
        return state.utility(state.to_move), 1
    best, nodes = -INF, 1
    for index, move in enumerate(state.legal_moves()):
        child = state.play(move)
        if index == 0:
            value, count = pvs_null_window_at_beta(child, -beta, -alpha)
        else:
            value, count = pvs_null_window_at_beta(child, -beta, -beta + 1)     # should be (-alpha - 1, -alpha)
            if alpha < -value < beta:
                nodes += count
                value, count = pvs_null_window_at_beta(child, -beta, -alpha)
        nodes += count
        best = max(best, -value)
        alpha = max(alpha, -value)
        if alpha >= beta:
            break
    return best, nodes


@buggy("probe", "cache_ignores_window", "a bound is used as if it were an exact value")
def probe_any_bound(table, key, depth, alpha, beta):
    entry = table.get(key)
    if entry is None or entry[0] < depth:
        return None
    return entry[1]


@buggy("probe", "cache_ignores_depth", "an entry is used however shallow its search was")
def probe_any_depth(table, key, depth, alpha, beta):
    entry = table.get(key)
    if entry is None:
        return None
    _, value, bound = entry
    if bound == Bound.EXACT or (bound == Bound.LOWER and value >= beta) or (bound == Bound.UPPER and value <= alpha):
        return value
    return None


@buggy("probe", "bound_swapped", "LOWER and UPPER are swapped")
def probe_swapped(table, key, depth, alpha, beta):
    entry = table.get(key)
    if entry is None or entry[0] < depth:
        return None
    _, value, bound = entry
    if bound == Bound.EXACT or (bound == Bound.UPPER and value >= beta) or (bound == Bound.LOWER and value <= alpha):
        return value
    return None


@buggy("probe", "depth_equal", "an entry exactly as deep as the search needs is not used")
def probe_strict_depth(table, key, depth, alpha, beta):
    entry = table.get(key)
    if entry is None or entry[0] <= depth:     # should be <
        return None
    _, value, bound = entry
    if bound == Bound.EXACT or (bound == Bound.LOWER and value >= beta) or (bound == Bound.UPPER and value <= alpha):
        return value
    return None


# -- 03 canonical_key ----------------------------------------------------------------------

ROTATIONS = [(0, 1, 2, 3, 4, 5, 6, 7, 8), (6, 3, 0, 7, 4, 1, 8, 5, 2), (8, 7, 6, 5, 4, 3, 2, 1, 0),
             (2, 5, 8, 1, 4, 7, 0, 3, 6)]


@buggy("canonical_key", "missing_reflections", "mirror images get different keys")
def canonical_key_rotations_only(board):
    cells = ["." if mark is None else mark for mark in board]
    return min("".join(cells[i] for i in rotation) for rotation in ROTATIONS)


@buggy("canonical_key", "key_too_coarse", "boards that are not images of each other share a key")
def canonical_key_counts_marks(board):
    return (list(board).count("X"), list(board).count("O"), board[4])


@buggy("canonical_key", "unhashable_key", "the key is a list")
def canonical_key_list(board):
    cells = ["." if mark is None else mark for mark in board]
    return min([cells[i] for i in rotation] for rotation in ROTATIONS)


# -- 04 evaluate ---------------------------------------------------------------------------

FOUR = ((0, 1), (1, 0), (1, 1), (1, -1))


def _lines(state, directions):
    rows, columns, k = state.rows, state.columns, state.k
    for row in range(rows):
        for col in range(columns):
            for d_row, d_col in directions:
                end_row, end_col = row + (k - 1) * d_row, col + (k - 1) * d_col
                if 0 <= end_row < rows and 0 <= end_col < columns:
                    yield [(row + i * d_row, col + i * d_col) for i in range(k)]


def _evaluation(name: str, *, directions=FOUR, own_only=False, per_mark=False, always_x=False, score_wins=True,
                board_of=None, index="columns") -> Callable[..., Any]:
    """The line evaluation with one deliberate change (written once, for the versions below)."""

    def evaluate(state, player):
        if always_x:
            player = "X"
        if score_wins and state.is_terminal():
            if state.winner is None:
                return 0
            return 1_000_000 - state.ply if state.winner == player else -(1_000_000 - state.ply)
        other = "O" if player == "X" else "X"
        board = board_of(state) if board_of else state.board
        width = state.rows if index == "rows" else state.columns     # index="rows": row * rows + col
        score = 0
        for line in _lines(state, directions):
            marks = [board[row * width + col] for row, col in line]
            mine, theirs = marks.count(player), marks.count(other)
            if mine and not theirs:
                score += 10 ** (mine - 1) * (mine if per_mark else 1)
            elif theirs and not mine and not own_only:
                score -= 10 ** (theirs - 1) * (theirs if per_mark else 1)
        return score

    return _named(evaluate, name)


def _aliased_grid(state):
    grid = [[None] * state.columns] * state.rows      # one row, referenced rows times
    for cell, mark in enumerate(state.board):
        grid[cell // state.columns][cell % state.columns] = mark
    return [mark for row in grid for mark in row]


buggy("evaluate", "aliasing", "every row of your grid holds the marks of the last row")(
    _evaluation("evaluate_aliased_grid", board_of=_aliased_grid))
buggy("evaluate", "one_side_only", "only the lines of `player` count")(
    _evaluation("evaluate_own_lines_only", own_only=True))
buggy("evaluate", "counted_twice", "every line is counted twice, once from each end")(
    _evaluation("evaluate_eight_directions", directions=FOUR + ((0, -1), (-1, 0), (-1, -1), (-1, 1))))
buggy("evaluate", "counted_twice", "a line is counted once for each mark in it")(
    _evaluation("evaluate_once_per_mark", per_mark=True))
buggy("evaluate", "not_symmetric", "the score is always X's, whoever `player` is")(
    _evaluation("evaluate_always_for_x", always_x=True))
buggy("evaluate", "missing_anti_diagonal", "the anti-diagonal lines are missing")(
    _evaluation("evaluate_no_anti_diagonal", directions=FOUR[:3]))
buggy("evaluate", "missing_diagonal", "the diagonal lines (down-right) are missing")(
    _evaluation("evaluate_no_diagonal", directions=(FOUR[0], FOUR[1], FOUR[3])))
buggy("evaluate", "win_not_scored", "a finished game is not scored as a win or a loss")(
    _evaluation("evaluate_ignores_wins", score_wins=False))


buggy("evaluate", "cell_index", "cell (row, col) was read as board[row * rows + col]")(
    _evaluation("evaluate_rows_for_columns", index="rows"))


# -- 04 is_symmetric -----------------------------------------------------------------------

@buggy("is_symmetric", "return_in_loop", "only the first position is tested")
def is_symmetric_first_only(evaluate, positions):
    for state in positions:
        first, second = state.players
        return evaluate(state, first) == -evaluate(state, second)
    return True


@buggy("is_symmetric", "forgot_negation", "the two scores are compared without negating one")
def is_symmetric_no_negation(evaluate, positions):
    for state in positions:
        first, second = state.players
        if evaluate(state, first) != evaluate(state, second):
            return False
    return True


@buggy("is_symmetric", "compare_abs", "the absolute values of the two scores are compared")
def is_symmetric_abs(evaluate, positions):
    for state in positions:
        first, second = state.players
        if abs(evaluate(state, first)) != abs(evaluate(state, second)):
            return False
    return True


@buggy("is_symmetric", "errors_cancel", "the asymmetries of all positions are added up")
def is_symmetric_sum(evaluate, positions):
    total = 0
    for state in positions:
        first, second = state.players
        total += evaluate(state, first) + evaluate(state, second)
    return total == 0


@buggy("is_symmetric", "fixed_players", "the players are always X and O")
def is_symmetric_x_and_o(evaluate, positions):
    for state in positions:
        if evaluate(state, "X") != -evaluate(state, "O"):
            return False
    return True


# -- 04 depth_limited ----------------------------------------------------------------------

@buggy("depth_limited", "wrong_side", "the positions where the search stops are scored for the root player")
def depth_limited_root_view(state, depth, evaluate, root=None):
    root = root or state.to_move
    if depth == 0 or state.is_terminal():
        return evaluate(state, root)
    return max(-depth_limited_root_view(state.play(move), depth - 1, evaluate, root) for move in state.legal_moves())


@buggy("depth_limited", "depth_not_decreasing", "the depth never goes down")
def depth_limited_no_decrement(state, depth, evaluate):
    if depth == 0 or state.is_terminal():
        return evaluate(state, state.to_move)
    return max(-depth_limited_no_decrement(state.play(move), depth, evaluate) for move in state.legal_moves())


@buggy("depth_limited", "use_given_evaluate", "the search used line_evaluation, not the evaluate it was given")
def depth_limited_own_evaluation(state, depth, evaluate):
    from tictac_edu.evaluation import line_evaluation

    if depth == 0 or state.is_terminal():
        return line_evaluation(state, state.to_move)
    return max(-depth_limited_own_evaluation(state.play(move), depth - 1, evaluate) for move in state.legal_moves())


@buggy("depth_limited", "depth_off_by_one", "the search stops one ply early")
def depth_limited_one_ply_short(state, depth, evaluate):
    if depth <= 1 or state.is_terminal():     # should be depth == 0
        return evaluate(state, state.to_move)
    return max(-depth_limited_one_ply_short(state.play(move), depth - 1, evaluate) for move in state.legal_moves())


# -- 05 check_win --------------------------------------------------------------------------

def _check_win_with(name: str, shifts_of: Callable[[int], Sequence[int]], steps: int = 4) -> Callable[..., Any]:
    def check_win(stones, rows=6):  # the bitboard test of the solution, with other shifts
        for shift in shifts_of(rows):
            pairs = stones & (stones >> shift)
            if pairs & (pairs >> (2 * shift if steps == 4 else shift)):
                return True
        return False
    return _named(check_win, name)


buggy("check_win", "missing_diagonal_up", "the diagonal going up to the right is not checked")(
    _check_win_with("check_win_no_diagonal_up", lambda rows: (1, rows + 1, rows)))
buggy("check_win", "missing_diagonal_up", "neither diagonal is checked")(
    _check_win_with("check_win_no_diagonals", lambda rows: (1, rows + 1)))
buggy("check_win", "missing_diagonal_down", "the diagonal going down to the right is not checked")(
    _check_win_with("check_win_no_diagonal_down", lambda rows: (1, rows + 1, rows + 2)))
buggy("check_win", "missing_horizontal", "four along a row is not checked")(
    _check_win_with("check_win_no_horizontal", lambda rows: (1, rows + 2, rows)))
buggy("check_win", "missing_vertical", "four up a column is not checked")(
    _check_win_with("check_win_no_vertical", lambda rows: (rows + 1, rows + 2, rows)))
buggy("check_win", "one_shift_for_all", "every direction is shifted by 7")(
    _check_win_with("check_win_shift_7_everywhere", lambda rows: (7, 7, 7, 7)))
buggy("check_win", "shifts_for_six_rows", "the shifts 1, 7, 8, 6 are used whatever `rows` is")(
    _check_win_with("check_win_shifts_for_six_rows", lambda rows: (1, 7, 8, 6)))
buggy("check_win", "wrong_diagonal_shift", "a diagonal is shifted by rows - 1")(
    _check_win_with("check_win_diagonal_rows_minus_1", lambda rows: (1, rows + 1, rows + 2, rows - 1)))
buggy("check_win", "three_in_a_row", "three in a row counts as a win")(
    _check_win_with("check_win_three_in_a_row", lambda rows: (1, rows + 1, rows + 2, rows), steps=3))
buggy("check_win", "sentinel_ignored", "the columns are taken to be `rows` bits tall, without the sentinel")(
    _check_win_with("check_win_stride_rows", lambda rows: (1, rows, rows + 1, rows - 1)))


@buggy("check_win", "return_bool", "the bitboard comes back instead of True or False")
def check_win_returns_bitboard(stones, rows=6):
    found = 0
    for shift in (1, rows + 1, rows + 2, rows):
        pairs = stones & (stones >> shift)
        found |= pairs & (pairs >> 2 * shift)
    return found


@buggy("check_win", "missing_diagonal_down", "the diagonal going down to the right is not checked")
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


# -- 05 score_window -----------------------------------------------------------------------

OWN = {1: 1, 2: 10, 3: 100, 4: 100_000}
THEIRS = {1: -2, 2: -60, 3: -5000, 4: -100_000}


@buggy("score_window", "opponent_weights", "the opponent's windows score minus your own (symmetric weights)")
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


@buggy("score_window", "mixed_window", "a window holding both players' discs is scored by your own discs")
def score_window_counts_mixed(window, player):
    other = "O" if player == "X" else "X"
    mine, theirs = window.count(player), window.count(other)
    if mine:
        return OWN[mine]                 # a window with an opponent disc in it still counts
    if theirs:
        return THEIRS[theirs]
    return 0


@buggy("score_window", "one_side_only", "only your own discs count: the opponent's windows score 0")
def score_window_own_only(window, player):
    other = "O" if player == "X" else "X"
    mine, theirs = window.count(player), window.count(other)
    if mine and not theirs:
        return OWN[mine]
    return 0


@buggy("score_window", "window_player", "the window is always scored for X, whoever `player` is")
def score_window_always_x(window, player):
    mine, theirs = window.count("X"), window.count("O")
    if mine and theirs:
        return 0
    if mine:
        return OWN[mine]
    if theirs:
        return THEIRS[theirs]
    return 0


@buggy("score_window", "window_counted_twice", "the lower patterns are added in too (a three is also a two and a one)")
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


@buggy("score_window", "window_counted_twice", "a three also counts as a two")
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


# -- 05 centre_key -------------------------------------------------------------------------

@buggy("centre_key", "sort_direction", "the best column gets the LARGEST key, so sorted puts it last")
def centre_key_largest_first(state, move):
    order = [3, 2, 4, 1, 5, 0, 6]
    return len(order) - order.index(move)     # the best column gets the LARGEST key


@buggy("centre_key", "right_before_left", "of two columns as far from the centre, the right one comes first")
def centre_key_right_first(state, move):
    centre = state.columns // 2
    return abs(move - centre) + (0.5 if move < centre else 0)


@buggy("centre_key", "centre_last", "the edge columns come first")
def centre_key_edges_first(state, move):
    return -abs(move - state.columns // 2)


@buggy("centre_key", "tie_order", "two columns as far from the centre share a key")
def centre_key_distance_only(state, move):
    return abs(move - state.columns // 2)


@buggy("centre_key", "fixed_centre", "the centre is column 3 whatever the width")
def centre_key_fixed_centre(state, move):
    return abs(move - 3) + (0.5 if move > 3 else 0)


# -- 05 tuning_loss ------------------------------------------------------------------------

@buggy("tuning_loss", "tuning_wrong_side", "the first player's result is used whoever is to move")
def tuning_loss_first_players_result(weights, positions, scale):
    total = 0.0
    for features, _first_to_move, result in positions:
        score = sum(w * f for w, f in zip(weights, features, strict=True))
        p = 1 / (1 + math.exp(-scale * score))
        total += -(result * math.log(p) + (1 - result) * math.log(1 - p))
    return total / len(positions)


@buggy("tuning_loss", "tuning_scale", "the score goes into the sigmoid without the scale")
def tuning_loss_no_scale(weights, positions, scale):
    total = 0.0
    for features, first_to_move, result in positions:
        score = sum(w * f for w, f in zip(weights, features, strict=True))
        r = result if first_to_move else 1 - result
        p = 1 / (1 + math.exp(-score))
        total += -(r * math.log(p) + (1 - r) * math.log(1 - p))
    return total / len(positions)


@buggy("tuning_loss", "tuning_draws", "a draw is counted as a loss for the player to move")
def tuning_loss_draws_lose(weights, positions, scale):
    total = 0.0
    for features, first_to_move, result in positions:
        score = sum(w * f for w, f in zip(weights, features, strict=True))
        won = (result == 1) if first_to_move else (result == 0)
        r = 1.0 if won else 0.0
        p = 1 / (1 + math.exp(-scale * score))
        total += -(r * math.log(p) + (1 - r) * math.log(1 - p))
    return total / len(positions)


@buggy("tuning_loss", "tuning_mean", "the losses are added up, not averaged")
def tuning_loss_sum(weights, positions, scale):
    total = 0.0
    for features, first_to_move, result in positions:
        score = sum(w * f for w, f in zip(weights, features, strict=True))
        r = result if first_to_move else 1 - result
        p = 1 / (1 + math.exp(-scale * score))
        total += -(r * math.log(p) + (1 - r) * math.log(1 - p))
    return total


@buggy("tuning_loss", "tuning_squared", "the squared error (r - p) ** 2 is averaged")
def tuning_loss_squared_error(weights, positions, scale):
    total = 0.0
    for features, first_to_move, result in positions:
        score = sum(w * f for w, f in zip(weights, features, strict=True))
        r = result if first_to_move else 1 - result
        p = 1 / (1 + math.exp(-scale * score))
        total += (r - p) ** 2
    return total / len(positions)


# -- 06 count_fours ------------------------------------------------------------------------

def _fours_with(name: str, *, per_window: bool = False, gap_open: bool = False, drop_in_five: bool = True,
                merge_fives: bool = True, skip_white: bool = True, pad: bool = False,
                contiguous: bool = False, drop_sharing_five: bool = False) -> Callable[..., Any]:
    def count_fours(line):  # the windows of the solution, with one step changed
        if pad:
            line = "." + line + "."               # as if the line went on past its ends
        fives, completions, fours_seen = [], {}, 0
        for start in range(len(line) - 4):
            window = range(start, start + 5)
            if skip_white and any(line[i] == "O" for i in window):
                continue
            stones = frozenset(i for i in window if line[i] == "X")
            if len(stones) == 5:
                fives.append(stones)
            elif len(stones) == 4:
                empty = next(i for i in window if line[i] != "X")
                if contiguous and max(stones) - min(stones) != 3:
                    continue
                completions.setdefault(stones, set()).add(empty)
                fours_seen += 1
        runs: list[frozenset[int]] = []
        for stones in fives:
            if merge_fives and runs and runs[-1] & stones:
                runs[-1] = runs[-1] | stones
            else:
                runs.append(stones)
        counts = {"five": len(runs), "open four": 0, "four": 0}
        for stones, points in completions.items():
            if drop_in_five and any(stones <= run for run in runs):
                continue
            if drop_sharing_five and any(stones & run for run in runs):
                continue                          # any stone in common with a five, not all of them
            if per_window:
                counts["four"] += len(points)     # one four for every window that shows it
            elif gap_open:
                ends_empty = min(stones) > 0 and max(stones) < len(line) - 1 and \
                    line[min(stones) - 1] == "." and line[max(stones) + 1] == "."
                counts["open four" if ends_empty or len(points) >= 2 else "four"] += 1
            else:
                counts["open four" if len(points) >= 2 else "four"] += 1
        return counts
    return _named(count_fours, name)


buggy("count_fours", "four_per_window", "every window with four stones counts as a four")(
    _fours_with("count_fours_per_window", per_window=True))
buggy("count_fours", "gap_four_open", "a four with empty points at both ends counts as open, XX.XX among them")(
    _fours_with("count_fours_gap_is_open", gap_open=True))
buggy("count_fours", "five_also_four", "the stones of a five are counted as a four too")(
    _fours_with("count_fours_five_and_four", drop_in_five=False))
buggy("count_fours", "four_sharing_five", "a four sharing any stone with a five is left out")(
    _fours_with("count_fours_sharing_five", drop_sharing_five=True))
buggy("count_fours", "five_per_window", "six in a row counts as two fives")(
    _fours_with("count_fours_five_per_window", merge_fives=False))
buggy("count_fours", "white_ignored", "windows with a white stone in them are used")(
    _fours_with("count_fours_through_white", skip_white=False))
buggy("count_fours", "edge_as_empty", "the line goes on, empty, past the edges of the board")(
    _fours_with("count_fours_padded", pad=True))
buggy("count_fours", "contiguous_only", "only four stones side by side are fours")(
    _fours_with("count_fours_contiguous_only", contiguous=True))


@buggy("count_fours", "contiguous_only", "the line is searched for the strings XXXX and XXXXX")
def count_fours_substrings(line):
    counts = {"five": 0, "open four": 0, "four": 0}
    counts["five"] = line.count("XXXXX")
    for at in range(len(line) - 3):
        if line[at:at + 4] == "XXXX" and (at == 0 or line[at - 1] != "X") and \
                (at + 4 == len(line) or line[at + 4] != "X"):
            before = at > 0 and line[at - 1] == "."
            after = at + 4 < len(line) and line[at + 4] == "."
            if before and after:
                counts["open four"] += 1
            elif before or after:
                counts["four"] += 1
    return counts


# -- 06 candidates -------------------------------------------------------------------------

def _candidates_with(name: str, *, square: bool = True, reach: int = 0, bounds: bool = True, empty_only: bool = True,
                     unique: bool = True, centre: bool = True, colours: tuple[str, ...] = ("Black", "White"),
                     last_only: bool = False) -> Callable[..., Any]:
    def candidates(state, radius=2):  # the square around every stone, with one step changed
        size = state.size
        stones = [point for colour in colours for point in state.stones(colour)]
        if last_only and state.last_move is not None:
            stones = [state.last_move]
        if not stones:
            return [(size // 2, size // 2)] if centre else []
        found = []
        limit = radius + reach
        for x, y in stones:
            for dx in range(-limit, limit + 1):
                for dy in range(-limit, limit + 1):
                    if not square and abs(dx) + abs(dy) > limit:
                        continue
                    point = (x + dx, y + dy)
                    inside = 0 <= point[0] < size and 0 <= point[1] < size
                    if bounds and not inside:
                        continue
                    if empty_only and inside and state.stone(point) is not None:
                        continue
                    if point == (x, y) and empty_only:
                        continue
                    found.append(point)
        return sorted(set(found)) if unique else found
    return _named(candidates, name)


buggy("candidates", "manhattan_radius", "points two steps away diagonally are missing (a diamond)")(
    _candidates_with("candidates_diamond", square=False))
buggy("candidates", "radius_off_by_one", "the points at exactly two steps are missing")(
    _candidates_with("candidates_radius_one", reach=-1))
buggy("candidates", "radius_off_by_one", "points three steps away are listed too")(
    _candidates_with("candidates_radius_three", reach=1))
buggy("candidates", "off_board", "points off the board are listed near the edges")(
    _candidates_with("candidates_off_board", bounds=False))
buggy("candidates", "occupied_listed", "points holding a stone are listed")(
    _candidates_with("candidates_with_stones", empty_only=False))
buggy("candidates", "duplicate_points", "points near several stones are listed several times")(
    _candidates_with("candidates_repeated", unique=False))
buggy("candidates", "empty_board_centre", "an empty board has no candidates")(
    _candidates_with("candidates_none_on_empty", centre=False))
buggy("candidates", "one_colour_only", "only the points near Black's stones are listed")(
    _candidates_with("candidates_black_only", colours=("Black",)))
buggy("candidates", "last_move_only", "only the points near the last stone are listed")(
    _candidates_with("candidates_last_move_only", last_only=True))


# -- 06 forbidden_kind ---------------------------------------------------------------------

def _forbidden_with(name: str, *, five_first: bool = True, overline_at: int = 6, count_fours_per_line: bool = True,
                    recursive: bool = True, per_point: bool = False, fours_as_threes: bool = False,
                    kinds: tuple[Any, Any, Any] = ("OL", "44", "33")) -> Callable[..., Any]:
    def forbidden_kind(black, white, point, size=15):  # the solution's order of tests, with one step changed
        from tictac_edu.games.renju import DIRECTIONS, fours, run_length, straight_four_points

        after = set(black) | {point}
        runs = [run_length(after, point, direction) for direction in DIRECTIONS]
        if five_first and 5 in runs:
            return None
        if max(runs) >= overline_at:
            return kinds[0]
        four_counts = [fours(after, white, point, direction, size) for direction in DIRECTIONS]
        made = sum(four_counts) if count_fours_per_line else sum(1 for count in four_counts if count)
        if made >= 2:
            return kinds[1]
        if not five_first and 5 in runs:
            return None
        threes = sum(1 for count in four_counts if count) if fours_as_threes else 0
        for direction in DIRECTIONS:
            points = straight_four_points(after, white, point, direction, size)
            real = [four_point for four_point in points
                    if not recursive or forbidden(after, white, four_point, size) is None]
            threes += len(real) if per_point else bool(real)
        return kinds[2] if threes >= 2 else None

    forbidden = _named(forbidden_kind, name)
    return forbidden


buggy("forbidden_kind", "five_not_first", "a five that is also a double-four is called forbidden")(
    _forbidden_with("forbidden_five_last", five_first=False))
buggy("forbidden_kind", "overline_as_five", "six in a row is not an overline")(
    _forbidden_with("forbidden_overline_from_seven", overline_at=7))
buggy("forbidden_kind", "one_four_per_line", "two fours on one line count as one")(
    _forbidden_with("forbidden_one_four_per_line", count_fours_per_line=False))
buggy("forbidden_kind", "fake_three", "a three whose straight-four points are forbidden still counts")(
    _forbidden_with("forbidden_counts_fake_threes", recursive=False))
buggy("forbidden_kind", "three_per_point", "an open three counts twice, once per straight-four point")(
    _forbidden_with("forbidden_three_per_point", per_point=True))
buggy("forbidden_kind", "four_as_three", "a four and a three together are called a double-three")(
    _forbidden_with("forbidden_four_and_three", fours_as_threes=True))
buggy("forbidden_kind", "forbidden_kind_value", "True comes back instead of the kind")(
    _forbidden_with("forbidden_returns_true", kinds=(True, True, True)))
buggy("forbidden_kind", "forbidden_kind_value", "the kinds are spelt out as words")(
    _forbidden_with("forbidden_returns_words", kinds=("overline", "double-four", "double-three")))


# -- 07 select_child -----------------------------------------------------------------------

def _select_with(name: str, *, explore: bool = True, unvisited_first: bool = True, flip: bool = False,
                 strict: bool = True, formula: str = "ucb1", fixed_c: bool = False) -> Callable[..., Any]:
    def select_child(children, parent_visits, exploration=SQRT2):  # UCB1, with one step changed
        c = math.sqrt(2) if fixed_c else exploration
        best, best_score = 0, -INF
        for index, (wins, visits) in enumerate(children):
            if visits == 0:
                if unvisited_first:
                    return index
                continue
            mean = (visits - wins) / visits if flip else wins / visits
            if formula == "ucb1":
                bonus = math.sqrt(math.log(parent_visits) / visits)
            elif formula == "no_sqrt":
                bonus = math.log(parent_visits) / visits
            else:  # log10
                bonus = math.sqrt(math.log10(parent_visits) / visits)
            score = mean + (c * bonus if explore else 0.0)
            if score > best_score or (not strict and score == best_score):
                best, best_score = index, score
        return best
    return _named(select_child, name)


buggy("select_child", "no_exploration", "the best mean is selected, with no bonus")(
    _select_with("select_child_mean_only", explore=False))
buggy("select_child", "unvisited_skipped", "unvisited children are never selected")(
    _select_with("select_child_skips_unvisited", unvisited_first=False))
buggy("select_child", "wrong_side_value", "the children's wins are read for the other player")(
    _select_with("select_child_other_side", flip=True))
buggy("select_child", "ties_last", "of equal children the last is selected")(
    _select_with("select_child_last_of_ties", strict=False))
buggy("select_child", "ucb1_formula", "the bonus has no square root")(
    _select_with("select_child_no_sqrt", formula="no_sqrt"))
buggy("select_child", "ucb1_formula", "the bonus uses log10")(
    _select_with("select_child_log10", formula="log10"))
buggy("select_child", "ucb1_formula", "the exploration constant given is ignored")(
    _select_with("select_child_fixed_constant", fixed_c=True))


@buggy("select_child", "unvisited_skipped", "an unvisited child makes it divide by zero")
def select_child_divides_by_zero(children, parent_visits, exploration=SQRT2):
    scores = [wins / visits + exploration * math.sqrt(math.log(parent_visits) / visits) for wins, visits in children]
    return scores.index(max(scores))


@buggy("select_child", "index_not_score", "the best score comes back, not its index")
def select_child_returns_score(children, parent_visits, exploration=SQRT2):
    best = -INF
    for wins, visits in children:
        if visits == 0:
            return INF
        best = max(best, wins / visits + exploration * math.sqrt(math.log(parent_visits) / visits))
    return best


# -- 07 pair_scores ------------------------------------------------------------------------

@buggy("pair_scores", "colours_not_swapped", "A moves first in both games of every pair")
def pair_scores_a_always_first(play_game, openings):
    points = {"A": 1.0, None: 0.5, "B": 0.0}
    return [points[play_game(opening, True)] + points[play_game(opening, True)] for opening in openings]


@buggy("pair_scores", "pairs_split", "one game per opening, colours alternating from one opening to the next")
def pair_scores_split_pairs(play_game, openings):
    points = {"A": 1.0, None: 0.5, "B": 0.0}
    games = [points[play_game(opening, index % 2 == 0)] for index, opening in enumerate(openings)]
    return [sum(games[i:i + 2]) for i in range(0, len(games), 2)] if len(games) > 1 else [2 * games[0]]


@buggy("pair_scores", "draws_as_losses", "draws score 0")
def pair_scores_draws_lose(play_game, openings):
    scores = []
    for opening in openings:
        score = 0.0
        for a_first in (True, False):
            if play_game(opening, a_first) == "A":
                score += 1.0
        scores.append(score)
    return scores


@buggy("pair_scores", "winner_as_first_player", "\"A\" is taken to mean the first player")
def pair_scores_winner_by_colour(play_game, openings):
    points = {"A": 1.0, None: 0.5, "B": 0.0}
    flipped = {"A": 0.0, None: 0.5, "B": 1.0}
    return [points[play_game(opening, True)] + flipped[play_game(opening, False)] for opening in openings]


# -- 07 elo_interval -----------------------------------------------------------------------

def _elo_with(name: str, *, draw: float = 0.5, log: Callable[[float], float] = math.log10, sign: float = -1,
              per_game: bool = True, binomial: bool = False, symmetric: bool = False, z: float = 1.96,
              sample: bool = False, degenerate: bool = True) -> Callable[..., Any]:
    def elo_interval(wins, draws, losses):  # the formulas of the solution, with one step changed
        games = wins + draws + losses
        if degenerate and games == 0:
            return None
        score = (wins + draw * draws) / games

        def elo(s):
            if s <= 0:
                return -INF if sign < 0 else INF
            if s >= 1:
                return INF if sign < 0 else -INF
            return sign * 400 * log(1 / s - 1)

        if binomial:
            variance = score * (1 - score)
        else:
            variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / games
            if sample:
                variance = variance * games / (games - 1)
        if degenerate and variance == 0:
            return None
        stderr = math.sqrt(variance / games) if per_game else math.sqrt(variance)
        if symmetric:
            margin = elo(min(1.0, score + z * stderr)) - elo(score)
            return elo(score), elo(score) - margin, elo(score) + margin
        return elo(score), elo(max(0.0, score - z * stderr)), elo(min(1.0, score + z * stderr))
    return _named(elo_interval, name)


buggy("elo_interval", "elo_draw_half", "draws count as losses")(_elo_with("elo_draws_lose", draw=0.0))
buggy("elo_interval", "elo_draw_half", "draws count as wins")(_elo_with("elo_draws_win", draw=1.0))
buggy("elo_interval", "elo_log10", "the natural logarithm is used")(_elo_with("elo_natural_log", log=math.log))
buggy("elo_interval", "elo_sign", "+400 instead of -400")(_elo_with("elo_plus_400", sign=1))
buggy("elo_interval", "elo_standard_error", "the spread of one game is used, not the standard error")(
    _elo_with("elo_standard_deviation", per_game=False))
buggy("elo_interval", "elo_variance", "the variance s(1 - s) of a game without draws")(
    _elo_with("elo_binomial_variance", binomial=True))
buggy("elo_interval", "elo_variance", "the variance is divided by n - 1")(_elo_with("elo_sample_variance", sample=True))
buggy("elo_interval", "elo_interval_on_score", "the interval is symmetric in Elo")(
    _elo_with("elo_symmetric_interval", symmetric=True))
buggy("elo_interval", "elo_z", "1.645 standard errors: a 90% interval")(_elo_with("elo_ninety_percent", z=1.645))
buggy("elo_interval", "elo_degenerate", "every game alike gives an interval with no width")(
    _elo_with("elo_no_none", degenerate=False))


# -- 07 backup -----------------------------------------------------------------------------

def _backup_with(name: str, *, alternate: bool = True, start_flipped: bool = False, skip_root: bool = False,
                 win_proves_win: bool = False, ignore_untried: bool = False, best: Callable[..., Any] = max,
                 draws: bool = True, one_level: bool = False) -> Callable[..., Any]:
    def backup(tree, path, result):  # the solution's two loops, with one step changed
        value = 1 - result if start_flipped else result
        for index, node_name in enumerate(reversed(path)):
            if not (skip_root and index == len(path) - 1):
                tree[node_name]["visits"] += 1
                tree[node_name]["wins"] += value
            if alternate:
                value = 1 - value
        for depth in range(len(path) - 1, 0, -1):
            if tree[path[depth]]["proven"] is None:
                break
            parent = tree[path[depth - 1]]
            if parent["proven"] is None:
                proven = [tree[child]["proven"] for child in parent["children"]]
                if 1.0 in proven:
                    parent["proven"] = 1.0 if win_proves_win else 0.0
                elif (ignore_untried or parent["untried"] == 0) and None not in proven:
                    if draws or best(proven) != 0.5:
                        parent["proven"] = 1 - best(proven)
            if parent["proven"] is None or one_level:
                break
    return _named(backup, name)


buggy("backup", "backup_side", "every node gets the same result")(_backup_with("backup_no_alternation",
                                                                               alternate=False))
buggy("backup", "backup_side", "the last node gets 1 - result")(_backup_with("backup_flipped_start",
                                                                             start_flipped=True))
buggy("backup", "backup_root", "the root is not counted")(_backup_with("backup_skips_root", skip_root=True))
buggy("backup", "proof_side", "a child proven a win proves its parent a win")(_backup_with("backup_win_proves_win",
                                                                                          win_proves_win=True))
buggy("backup", "proof_untried", "a node is proven although moves are untried")(
    _backup_with("backup_ignores_untried", ignore_untried=True))
buggy("backup", "proof_best", "1 - min instead of 1 - max")(_backup_with("backup_worst_child", best=min))
buggy("backup", "proof_draw", "draws are never proven")(_backup_with("backup_no_draws", draws=False))
buggy("backup", "proof_climb", "only the parent of the last node is proven")(_backup_with("backup_one_level",
                                                                                        one_level=True))


# -- 06 vcf --------------------------------------------------------------------------------

def _vcf_with(name: str, *, counter: bool = True, stop_at: int = 0, five_first: bool = True, reach: int = 2,
              replies: bool = True, in_place: bool = False, two_threats: bool = False) -> Callable[..., Any]:
    def vcf(attacker, defender, depth, size=15):  # the solution's search, with one step changed
        from tictac_edu.games.renju import DIRECTIONS, run_length

        def on_board(point):
            return 0 <= point[0] < size and 0 <= point[1] < size

        def five_points(stones, others, near):
            return sorted(point for point in near if on_board(point) and point not in stones and point not in others
                          and any(run_length(stones | {point}, point, d) >= 5 for d in DIRECTIONS))

        def around(stones, steps):
            return {(x + dx, y + dy) for x, y in stones for dx in range(-steps, steps + 1)
                    for dy in range(-steps, steps + 1)}

        def on_lines(point):
            return {(point[0] + s * dx, point[1] + s * dy) for dx, dy in DIRECTIONS for s in range(-4, 5) if s}

        if not in_place:
            attacker, defender = set(attacker), set(defender)
        wins = five_points(attacker, defender, around(attacker, 1))
        if wins and (five_first or depth <= stop_at):
            return [wins[0]]
        if depth <= stop_at:
            return None
        threats = five_points(defender, attacker, around(defender, 1)) if counter else []
        if len(threats) >= 2 and not two_threats:
            return None
        moves = threats[:1] if threats else sorted(point for point in around(attacker, reach) if on_board(point)
                                                    and point not in attacker and point not in defender)
        for move in moves:
            if in_place:
                attacker.add(move)                 # the caller's set, and never taken back
                mine = attacker
            else:
                mine = attacker | {move}
            blocks = five_points(mine, defender, on_lines(move))
            if not blocks:
                continue
            if len(blocks) >= 2:
                return [move, blocks[0], blocks[1]] if replies else [move, blocks[1]]
            rest = vcf(mine, defender | {blocks[0]}, depth - 1, size)
            if rest is not None:
                return [move, blocks[0], *rest] if replies else [move, *rest]
        return None
    return _named(vcf, name)


buggy("vcf", "vcf_counter_four", "the defender's own four is not looked at")(
    _vcf_with("vcf_ignores_counter_four", counter=False))
buggy("vcf", "vcf_counter_four", "of the defender's two five points one is blocked")(
    _vcf_with("vcf_blocks_one_of_two", two_threats=True))
buggy("vcf", "vcf_depth", "one four more than depth allows")(_vcf_with("vcf_one_four_too_many", stop_at=-1))
buggy("vcf", "vcf_depth", "one four fewer than depth allows")(_vcf_with("vcf_one_four_short", stop_at=1))
buggy("vcf", "vcf_five_first", "a four is played where a five was possible")(
    _vcf_with("vcf_five_not_first", five_first=False))
buggy("vcf", "vcf_candidates", "only the points next to a stone are tried")(
    _vcf_with("vcf_fours_next_to_stones", reach=1))
buggy("vcf", "vcf_line", "the line leaves the defender's replies out")(_vcf_with("vcf_no_replies", replies=False))
buggy("vcf", "mutates_input", "the fours are added to the sets given")(_vcf_with("vcf_changes_sets", in_place=True))


# -- 07 chance_node ------------------------------------------------------------------------

@buggy("chance_node", "chance_unweighted", "every reply counts alike, whatever its probability")
def chance_node_plain_mean(replies):
    return sum(-value for _, value in replies) / len(replies)


@buggy("chance_node", "chance_min", "the opponent's best reply is taken, as at a MIN node")
def chance_node_best_reply(replies):
    return max(-value for _, value in replies)


@buggy("chance_node", "chance_min", "the opponent's worst reply is taken (min instead of the expectation)")
def chance_node_min(replies):
    return min(-value for _, value in replies)


@buggy("chance_node", "chance_no_flip", "the values are not negated")
def chance_node_not_flipped(replies):
    return sum(probability * value for probability, value in replies)


@buggy("chance_node", "chance_divided", "the weighted sum is divided by the number of replies")
def chance_node_divided(replies):
    return sum(probability * -value for probability, value in replies) / len(replies)


@buggy("chance_node", "chance_likeliest", "only the most likely reply counts")
def chance_node_likeliest(replies):
    probability, value = max(replies, key=lambda reply: reply[0])
    return -value


# -- 08 batch_line_evaluation ----------------------------------------------------------------

def _batch_with(name: str, *, axis: int | None = 1, net: bool = False, dead: bool = True, opponent: int = -1,
                weight_shift: int = 1) -> Callable[..., Any]:
    def batch_line_evaluation(boards, lines):  # the solution's arrays, with one step changed
        import numpy as np

        marks = np.asarray(boards, dtype=np.int64)[:, np.asarray(lines, dtype=np.intp)]
        if net:
            total = marks.sum(axis=2)
            mine, theirs = np.maximum(total, 0), np.maximum(-total, 0)
        else:
            mine, theirs = (marks == 1).sum(axis=2), (marks == -1).sum(axis=2)
        own_open = (mine > 0) & (theirs == 0) if dead else mine > 0
        their_open = (theirs > 0) & (mine == 0) if dead else theirs > 0
        own = np.where(own_open, 10 ** np.maximum(mine - weight_shift, 0), 0)
        other = np.where(their_open, 10 ** np.maximum(theirs - weight_shift, 0), 0)
        scores = own + opponent * other
        return scores.sum().item() if axis is None else scores.sum(axis=axis).tolist()
    return _named(batch_line_evaluation, name)


buggy("batch_line_evaluation", "batch_axis", "the whole batch is summed into one number")(
    _batch_with("batch_sums_everything", axis=None))
buggy("batch_line_evaluation", "batch_axis", "the sum runs over the boards, one number per line")(
    _batch_with("batch_sums_over_boards", axis=0))
buggy("batch_line_evaluation", "batch_net_marks", "the marks are added up, hers and his cancelling")(
    _batch_with("batch_net_marks", net=True))
buggy("batch_line_evaluation", "batch_dead_lines", "lines holding both sides' marks are scored")(
    _batch_with("batch_scores_dead_lines", dead=False))
buggy("batch_line_evaluation", "batch_opponent", "the opponent's lines are left out")(
    _batch_with("batch_own_lines_only", opponent=0))
buggy("batch_line_evaluation", "batch_opponent", "the opponent's lines are added")(
    _batch_with("batch_adds_opponent_lines", opponent=1))
buggy("batch_line_evaluation", "batch_weight", "an open line of c marks is worth 10 ** c")(
    _batch_with("batch_weight_ten_to_the_c", weight_shift=0))

# -- 06 proof_numbers ---------------------------------------------------------------------------

@buggy("proof_numbers", "pn_min_sum_swapped", "min and sum are swapped: the rule of an AND node at an OR node")
def proof_numbers_swapped(children, is_or):
    proofs = [proof for proof, _ in children]
    disproofs = [disproof for _, disproof in children]
    if is_or:
        return sum(proofs), min(disproofs, default=INF)
    return min(proofs, default=INF), sum(disproofs)


@buggy("proof_numbers", "pn_numbers_mixed", "the proof number is taken from the children's disproof numbers")
def proof_numbers_mixed(children, is_or):
    proofs = [proof for proof, _ in children]
    disproofs = [disproof for _, disproof in children]
    if is_or:
        return min(disproofs, default=INF), sum(proofs)
    return sum(disproofs), min(proofs, default=INF)


@buggy("proof_numbers", "pn_inf_as_number", "infinity is written as a large number")
def proof_numbers_big_number(children, is_or):
    big = 10 ** 9                                     # "infinity"
    proofs = [min(proof, big) for proof, _ in children]
    disproofs = [min(disproof, big) for _, disproof in children]
    if is_or:
        return min(proofs, default=big), sum(disproofs)
    return sum(proofs), min(disproofs, default=big)
