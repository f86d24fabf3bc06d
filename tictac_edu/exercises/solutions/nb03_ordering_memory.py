"""Reference solutions for notebook 03 (move ordering and memory)."""

# No "from __future__ import annotations" here: each function must run when pasted alone
# into a notebook cell, so names that are only annotations are quoted.

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tictac_edu.games import GameState


def order_key(state: "GameState", move: int) -> float:
    """A sort key for tic-tac-toe moves: the most promising moves get the smallest keys.

    Centre (4) first, then the corners (0, 2, 6, 8), then the edges (1, 3, 5, 7): a cell on
    more lines is worth more. Moves of the same kind get the same key, so sorting keeps them
    in cell order: ``sorted(state.legal_moves(), key=lambda move: order_key(state, move))``
    gives ``[4, 0, 2, 6, 8, 1, 3, 5, 7]`` on the empty board, and
    ``alphabeta(TicTacToe(), order=order_key)`` visits 7,275 nodes.

    Args:
        state: a tic-tac-toe position (this key does not need to look at it).
        move: an empty cell, 0..8.

    Returns:
        A number; smaller means "search earlier".
    """
    if move == 4:
        return 0
    if move in (0, 2, 6, 8):
        return 1
    return 2


def store(table: dict, key: object, depth: float, value: float, alpha: float, beta: float) -> None:
    """Remember in ``table`` what an alpha-beta search of a position found.

    Args:
        table: a dict from position keys to entries ``(depth, value, bound)``.
        key: the position's key (``state.key()``).
        depth: how many plies deep the search looked.
        value: the value it returned, for the player to move there.
        alpha, beta: the window the search was *called* with.

    Sets ``table[key] = (depth, value, bound)``, replacing any older entry, where ``bound``
    (``from tictac_edu.search import Bound``) says what ``value`` is: ``Bound.UPPER`` if
    ``value <= alpha`` (no move reached alpha: the true value is at most ``value``),
    ``Bound.LOWER`` if ``value >= beta`` (the search was cut off: the true value is at least
    ``value``), else ``Bound.EXACT``.
    """
    from tictac_edu.search import Bound

    if value <= alpha:
        bound = Bound.UPPER
    elif value >= beta:
        bound = Bound.LOWER
    else:
        bound = Bound.EXACT
    table[key] = (depth, value, bound)


def probe(table: dict, key: object, depth: float, alpha: float, beta: float) -> float | None:
    """Look a position up in ``table`` before searching it.

    Args:
        table: a dict from position keys to entries ``(depth, value, bound)``, filled by
            ``store``; not changed.
        key: the position's key.
        depth: how many plies deep this search must look.
        alpha, beta: this search's window.

    Returns:
        The stored value if it settles this search: the entry was searched at least ``depth``
        deep and it is ``Bound.EXACT``, or a ``Bound.LOWER`` bound ``>= beta``, or a
        ``Bound.UPPER`` bound ``<= alpha``. Otherwise ``None``: search the position.
    """
    from tictac_edu.search import Bound

    entry = table.get(key)
    if entry is None:
        return None
    stored_depth, value, bound = entry
    if stored_depth < depth:
        return None
    if bound == Bound.EXACT:
        return value
    if bound == Bound.LOWER and value >= beta:
        return value
    if bound == Bound.UPPER and value <= alpha:
        return value
    return None


def canonical_key(board: tuple[str | None, ...]) -> str:
    """A key that is the same for a tic-tac-toe board and its mirror images and rotations.

    Args:
        board: 9 cells ("X", "O" or None), row by row; a tuple or a list, not changed.

    Returns:
        A hashable key: equal for two boards exactly when one is a rotation or a mirror image
        of the other (the 8 symmetries of the square). The 5,478 positions of tic-tac-toe fall
        into 765 classes.
    """
    symmetries = [
        (0, 1, 2, 3, 4, 5, 6, 7, 8),  # unchanged
        (6, 3, 0, 7, 4, 1, 8, 5, 2),  # rotated a quarter turn
        (8, 7, 6, 5, 4, 3, 2, 1, 0),  # half a turn
        (2, 5, 8, 1, 4, 7, 0, 3, 6),  # three quarters
        (2, 1, 0, 5, 4, 3, 8, 7, 6),  # mirrored left-right
        (6, 7, 8, 3, 4, 5, 0, 1, 2),  # mirrored top-bottom
        (0, 3, 6, 1, 4, 7, 2, 5, 8),  # mirrored in the diagonal
        (8, 5, 2, 7, 4, 1, 6, 3, 0),  # mirrored in the anti-diagonal
    ]
    cells = ["." if mark is None else mark for mark in board]
    return min("".join(cells[i] for i in symmetry) for symmetry in symmetries)


def pvs(state: "GameState", alpha: float = float("-inf"), beta: float = float("inf")) -> tuple[float, int]:
    """Principal variation search (NegaScout) in negamax form, counting the nodes it visits.

    The first move is searched with the window (-beta, -alpha), as alpha-beta does. Every later
    move is only *tested* with the null window (alpha, alpha + 1): "is it better than alpha?"
    (the values are whole numbers, so no value lies strictly inside that window). A test that
    fails high *inside* the window, ``alpha < value < beta``, has found a move that may be the
    new best: search it again with the full window (-beta, -alpha), and take that value. A test
    at or below alpha proves the move no better; one at or above beta cuts off as it is.

    Args:
        state: any game position whose utilities are whole numbers (tic-tac-toe: -1, 0, 1).
        alpha: the value the player to move is already sure of elsewhere.
        beta: the value above which the opponent will never let the game come here.

    Returns:
        ``(value, nodes)``: the value for the player to move at ``state``, as alpha-beta
        promises it (exact inside the window, a bound on the right side outside it), and the
        number of calls made, this one and every re-search included. From the empty
        tic-tac-toe board: ``(0, 18016)``, where alpha-beta needs 18,297.
    """
    if state.is_terminal():
        return state.utility(state.to_move), 1
    best, nodes = float("-inf"), 1
    for index, move in enumerate(state.legal_moves()):
        child = state.play(move)
        if index == 0:
            value, count = pvs(child, -beta, -alpha)
        else:
            value, count = pvs(child, -alpha - 1, -alpha)       # the null window (alpha, alpha + 1)
            if alpha < -value < beta:                           # failed high inside the window
                nodes += count
                value, count = pvs(child, -beta, -alpha)        # re-search with the full window
        nodes += count
        best = max(best, -value)
        alpha = max(alpha, -value)
        if alpha >= beta:
            break
    return best, nodes
