"""Heuristic evaluations, one module per game, weights as named constants.

An evaluation is a function ``evaluate(state, player) -> float``: how good ``state`` is for
``player``, positive when ``player`` stands better. Searches call it at their depth limit and
at finished games, so every evaluation must score a finished game too (most return
:func:`~tictac_edu.evaluation.common.finished_game_score`; the design documents' Connect Four
evaluation scores the winning four as a window worth 100,000).
"""

from tictac_edu.evaluation.common import WIN_SCORE, finished_game_score, from_root_player
from tictac_edu.evaluation.connect4 import (
    SymmetryReport,
    symmetric_window_evaluation,
    symmetry_test,
    threat_evaluation,
    window_evaluation,
)
from tictac_edu.evaluation.gomoku import (
    CandidateMoves,
    IncrementalPatterns,
    PatternCounts,
    candidate_moves,
    count_patterns,
    line_patterns,
    pattern_evaluation,
)
from tictac_edu.evaluation.mnk import (
    LINE_WEIGHT_BASE,
    line_evaluation,
    lines_through_cell,
    most_lines_first,
    open_line_score,
)

__all__ = [
    "SymmetryReport", "from_root_player", "symmetric_window_evaluation", "symmetry_test", "threat_evaluation",
    "window_evaluation",
    "LINE_WEIGHT_BASE", "WIN_SCORE", "finished_game_score", "line_evaluation", "lines_through_cell", "most_lines_first",
    "open_line_score",
]
__all__ += ["CandidateMoves", "IncrementalPatterns", "PatternCounts", "candidate_moves", "count_patterns",
            "line_patterns", "pattern_evaluation"]
