"""Game-specific solvers: exact game values, faster than the game-agnostic search can find them.

:mod:`tictac_edu.solvers.connect4` solves Connect Four positions with the scores of the
benchmark sets.
"""

from tictac_edu.solvers.connect4 import (
    STEPS,
    Solver,
    SolverLimitReached,
    Steps,
    StepSolver,
    centre_first_columns,
    loss_score,
    win_score,
)

__all__ = ["STEPS", "Solver", "SolverLimitReached", "StepSolver", "Steps", "centre_first_columns", "loss_score",
           "win_score"]
