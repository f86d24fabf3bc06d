"""Reference solutions for notebook 08 (making search fast)."""

# No "from __future__ import annotations" here: each function must run when pasted alone
# into a notebook cell, so names that are only annotations are quoted.


def batch_line_evaluation(boards: "list", lines: "list") -> "list":
    """Notebook 04's line evaluation of many positions at once, vectorised with NumPy.

    Each board is a list of the cells of one m,n,k position, seen from one player's point of
    view: ``1`` for her marks, ``-1`` for the opponent's, ``0`` for an empty cell. Each line is
    a tuple of the ``k`` cells of one winning line (the same lines for every board). A line
    holding marks of only one side is *open*: with ``c`` of her marks it is worth
    ``10 ** (c - 1)`` to her (1, 10, 100, ...), with ``c`` of the opponent's it is worth as much
    to him, so minus that to her. A line holding marks of both is dead (0), an empty line 0.
    A board's score is the sum over the lines: what ``line_evaluation(state, player)`` gives on
    an unfinished position.

    Work on whole arrays, with no Python loop over boards or lines: ``np.asarray(boards)`` is
    an array of shape (positions, cells); indexing it with the array of lines gives shape
    (positions, lines, k); count along the last axis, score, then sum along the lines.

    Args:
        boards: one list of cells per position (at least one position); not changed.
        lines: the winning lines, tuples of cell indices (at least one line); not changed.

    Returns:
        One whole number per board, in order, from the point of view of the player whose
        marks are ``1``: a list of Python ints (``array.tolist()``).

    >>> TIC_TAC_TOE = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
    >>> centre = [0, 0, 0, 0, 1, 0, 0, 0, 0]         # her mark in the centre: 4 open lines of one mark
    >>> corner_and_edge = [1, -1, 0, 0, 0, 0, 0, 0, 0]   # hers in a corner, his beside it: 2 open lines for her,
    >>> batch_line_evaluation([centre, corner_and_edge], TIC_TAC_TOE)   # 1 for him, the top row dead
    [4, 1]
    """
    import numpy as np

    marks = np.asarray(boards, dtype=np.int64)[:, np.asarray(lines, dtype=np.intp)]   # (positions, lines, k)
    mine = (marks == 1).sum(axis=2)
    theirs = (marks == -1).sum(axis=2)
    own = np.where((mine > 0) & (theirs == 0), 10 ** np.maximum(mine - 1, 0), 0)
    opponent = np.where((theirs > 0) & (mine == 0), 10 ** np.maximum(theirs - 1, 0), 0)
    return (own - opponent).sum(axis=1).tolist()
