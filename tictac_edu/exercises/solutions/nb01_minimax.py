"""Reference solutions for notebook 01 (game trees and minimax)."""

# No "from __future__ import annotations" here: each function must run when pasted alone
# into a notebook cell, so names that are only annotations are quoted.

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tictac_edu.games import GameState


def winner(board: list[str | None]) -> str | None:
    """The player with three in a row on a tic-tac-toe board, or None.

    Args:
        board: 9 cells, row by row (cells 0 1 2 / 3 4 5 / 6 7 8); each is "X", "O" or
            None for an empty cell. A list or a tuple; it is not changed.

    Returns:
        "X" or "O" if that player has three marks in a row, a column or a diagonal; None if
        nobody has (the game goes on, or it is a draw).

    >>> winner(["X", "X", "X", "O", "O", None, None, None, None])
    'X'
    """
    lines = [
        (0, 1, 2), (3, 4, 5), (6, 7, 8),  # rows
        (0, 3, 6), (1, 4, 7), (2, 5, 8),  # columns
        (0, 4, 8), (2, 4, 6),             # the diagonal and the anti-diagonal
    ]
    for a, b, c in lines:
        if board[a] is not None and board[a] == board[b] == board[c]:
            return board[a]
    return None


def count_nodes(board: list[str | None], player: str) -> int:
    """The number of nodes in the game tree under a tic-tac-toe position, the position included.

    Works on the list itself, the way fast game programs do: put a mark in a cell, count the
    tree below, then empty the cell again ("make and unmake").

    Args:
        board: a list of 9 cells ("X", "O" or None), row by row. You may change it while
            counting, but it must be exactly as it was when the function returns.
        player: the player to move, "X" or "O".

    Returns:
        1 for this position plus the nodes under each of its moves. A position where someone
        has three in a row, or a full board, is a leaf: 1 node. From the empty board with X to
        move: 549,946.
    """
    lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
    for a, b, c in lines:
        if board[a] is not None and board[a] == board[b] == board[c]:
            return 1  # the game is over
    other = "O" if player == "X" else "X"
    nodes = 1
    for cell in range(9):
        if board[cell] is None:
            board[cell] = player                   # make the move
            nodes += count_nodes(board, other)
            board[cell] = None                     # ... and unmake it
    return nodes


def minimax(state: "GameState") -> float:
    """The minimax value of a position for the player to move there.

    Uses only the game protocol: ``state.is_terminal()``, ``state.utility(player)``,
    ``state.to_move``, ``state.legal_moves()`` and ``state.play(move)`` (which returns a new
    position and leaves ``state`` unchanged).

    Args:
        state: any game position (tic-tac-toe, a textbook GameTree, ...).

    Returns:
        The value with perfect play on both sides, from the point of view of the player to
        move at ``state``: on tic-tac-toe +1 (she wins), 0 (draw) or -1 (she loses); on a
        GameTree the leaf value, negated when MIN is to move.
    """
    if state.is_terminal():
        return state.utility(state.to_move)
    # Negamax: a child's value is for the opponent, so the best move has the largest -value.
    return max(-minimax(state.play(move)) for move in state.legal_moves())


def minimax_fast_wins(state: "GameState") -> float:
    """Minimax that prefers faster wins (and slower losses).

    A finished game is worth ``state.utility(player) * (state.max_plies + 1 - state.ply)``:
    on tic-tac-toe +-(10 - ply), where ``ply`` is the number of marks on the board, so a win
    after 5 moves scores 5 and a win after 9 moves only 1; a draw scores 0.

    Args:
        state: any game position.

    Returns:
        The value with perfect play, from the point of view of the player to move at ``state``.
    """
    if state.is_terminal():
        return state.utility(state.to_move) * (state.max_plies + 1 - state.ply)
    return max(-minimax_fast_wins(state.play(move)) for move in state.legal_moves())
