"""Reference solutions for notebook 04 (evaluation and depth limits)."""

# No "from __future__ import annotations" here: each function must run when pasted alone
# into a notebook cell, so names that are only annotations are quoted.

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

    from tictac_edu.games import GameState, MNKGame


def evaluate(state: "MNKGame", player: str) -> float:
    """A line-based evaluation of an m,n,k position (tic-tac-toe, 5x5 with three in a row, ...).

    Args:
        state: an ``MNKGame`` position (``state.rows``, ``state.columns``, ``state.k``,
            ``state.board`` as a tuple of "X"/"O"/None, row by row).
        player: "X" or "O", the player whose point of view the score takes.

    Returns:
        From ``player``'s point of view:

        * a finished game: ``1_000_000 - state.ply`` if ``player`` has won, the negation if
          she has lost, 0 for a draw;
        * otherwise, over every line of k cells (across, down, diagonal, anti-diagonal, each
          counted once): a line holding c of ``player``'s marks and none of the opponent's
          adds ``10 ** (c - 1)``; one holding c of the opponent's marks and none of hers
          subtracts ``10 ** (c - 1)``; other lines add 0.

        So ``evaluate(state, "X") == -evaluate(state, "O")``.
    """
    if state.is_terminal():
        if state.winner is None:
            return 0
        score = 1_000_000 - state.ply
        return score if state.winner == player else -score
    rows, columns, k = state.rows, state.columns, state.k
    score = 0
    for row in range(rows):
        for col in range(columns):
            # across, down, diagonal, anti-diagonal: each line once, from its first cell
            for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
                end_row, end_col = row + (k - 1) * d_row, col + (k - 1) * d_col
                if not (0 <= end_row < rows and 0 <= end_col < columns):
                    continue
                marks = [state.board[(row + i * d_row) * columns + col + i * d_col] for i in range(k)]
                mine = marks.count(player)
                theirs = k - mine - marks.count(None)
                if mine and not theirs:
                    score += 10 ** (mine - 1)
                elif theirs and not mine:
                    score -= 10 ** (theirs - 1)
    return score


def is_symmetric(evaluate: "Callable", positions: "list[GameState]") -> bool:
    """The symmetry test of an evaluation: is every position exactly as good for one player as
    it is bad for the other?

    Args:
        evaluate: a function ``evaluate(state, player)``.
        positions: the positions to test (a list); not changed.

    Returns:
        True if ``evaluate(state, first) == -evaluate(state, second)`` for every ``state`` in
        ``positions``, where ``first, second = state.players``; False as soon as one
        position breaks it. (True for an empty list.)
    """
    for state in positions:
        first, second = state.players
        if evaluate(state, first) != -evaluate(state, second):
            return False
    return True


def depth_limited(state: "GameState", depth: int, evaluate: "Callable") -> float:
    """Minimax with a depth limit, in negamax form.

    Args:
        state: any game position.
        depth: how many plies (moves) to look ahead, 0 or more.
        evaluate: ``evaluate(state, player)``, the score of a position for ``player``.

    Returns:
        The value for the player to move at ``state``: at a finished game or when ``depth``
        is 0, ``evaluate(state, state.to_move)``; otherwise the largest of
        ``-depth_limited(child, depth - 1, evaluate)`` over the children.
    """
    if depth == 0 or state.is_terminal():
        return evaluate(state, state.to_move)
    return max(-depth_limited(state.play(move), depth - 1, evaluate) for move in state.legal_moves())
