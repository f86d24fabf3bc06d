"""Heuristic evaluations, one module per game, weights as named constants.

An evaluation is a function ``evaluate(state, player) -> float``: how good ``state`` is for
``player``, positive when ``player`` stands better. Searches call it at their depth limit and
at finished games, so every evaluation scores a finished game as a win or loss first.
"""

from tictac_edu.evaluation.common import WIN_SCORE, finished_game_score
from tictac_edu.evaluation.mnk import LINE_WEIGHT_BASE, line_evaluation, lines_through_cell, most_lines_first, open_line_score

__all__ = [
    "LINE_WEIGHT_BASE", "WIN_SCORE", "finished_game_score", "line_evaluation", "lines_through_cell", "most_lines_first",
    "open_line_score",
]
