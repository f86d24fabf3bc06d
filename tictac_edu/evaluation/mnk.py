"""A line-based evaluation for tic-tac-toe and the other m,n,k games.

Every line of k cells that only one player has marks in is still winnable by that player; the
more marks it already holds, the more it is worth. Lines holding marks of both players are
dead and count for nothing. The score is the sum over one's own open lines minus the sum over
the opponent's: the evaluation is *symmetric*, so swapping the players negates it.
"""

from __future__ import annotations

from tictac_edu.evaluation.common import finished_game_score
from tictac_edu.games.base import Player, opponent
from tictac_edu.games.mnk import MNKGame, lines_through, winning_lines

LINE_WEIGHT_BASE = 10
"""An open line holding ``c`` of one player's marks is worth ``LINE_WEIGHT_BASE ** (c - 1)``:
one mark 1, two marks 10, three marks 100, ..."""


def open_line_score(marks: int) -> int:
    """The worth of an open line holding ``marks`` of one player's marks (0 for an empty line)."""
    return LINE_WEIGHT_BASE ** (marks - 1) if marks else 0


def line_evaluation(state: MNKGame, player: Player) -> float:
    """Score ``state`` for ``player``: open lines for ``player`` minus open lines for the
    opponent; a finished game scores :func:`~tictac_edu.evaluation.common.finished_game_score`.

    >>> from tictac_edu.games import TicTacToe
    >>> line_evaluation(TicTacToe().play(4), "X")  # the centre lies on 4 lines
    4
    >>> line_evaluation(TicTacToe().play(4), "O")
    -4
    """
    if state.is_terminal():
        return finished_game_score(state, player)
    other = opponent(state, player)
    board = state.board
    score = 0
    for line in winning_lines(state.rows, state.columns, state.k):
        mine = theirs = 0
        for cell in line:
            mark = board[cell]
            if mark == player:
                mine += 1
            elif mark == other:
                theirs += 1
        if mine and not theirs:
            score += open_line_score(mine)
        elif theirs and not mine:
            score -= open_line_score(theirs)
    return score


def lines_through_cell(state: MNKGame, cell: int) -> int:
    """How many lines of k cells pass through ``cell`` (4 for the tic-tac-toe centre)."""
    return len(lines_through(state.rows, state.columns, state.k)[cell])


def most_lines_first(state: MNKGame, move: int) -> int:
    """A move-ordering key: cells on more lines first. On tic-tac-toe this is centre,
    corners, edges, ties in cell order: ``[4, 0, 2, 6, 8, 1, 3, 5, 7]``."""
    return -lines_through_cell(state, move)
