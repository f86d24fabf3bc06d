"""Reference solutions for notebook 00 (welcome)."""

# No "from __future__ import annotations" here: each function must run when pasted alone
# into a notebook cell, so names that are only annotations are quoted.


def legal_moves(board: list[str | None]) -> list[int]:
    """The empty cells of a tic-tac-toe board, smallest first.

    Args:
        board: 9 cells, row by row (cells 0 1 2 / 3 4 5 / 6 7 8); each is "X", "O" or
            None for an empty cell. A list or a tuple; it is not changed.

    Returns:
        A list of the numbers of the empty cells, in increasing order: the moves the player
        to move can make. (This warm-up does not look at whether someone has already won.)

    >>> legal_moves(["X", None, "O", None, "X", None, None, None, "O"])
    [1, 3, 5, 6, 7]
    """
    return [cell for cell in range(9) if board[cell] is None]


def place(board: list, cell: int, player: str) -> list:
    """Return a new board with ``player``'s mark on ``cell``; ``board`` itself is not changed.

    Args:
        board: a tic-tac-toe board, a list of 9 cells holding "X", "O" or None (row-major).
        cell: the cell to mark, 0..8; it must be empty.
        player: "X" or "O".

    Returns:
        A new list of 9 cells.
    """
    new_board = list(board)      # a copy (of a list or a tuple): the caller's board stays as it was
    new_board[cell] = player
    return new_board
