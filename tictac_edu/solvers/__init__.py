"""Game-specific solvers: exact game values, faster than the game-agnostic search can find them.

:mod:`tictac_edu.solvers.connect4` solves Connect Four positions with the scores of the
benchmark sets, in pure Python (the solver notebook 05 builds);
:mod:`tictac_edu.solvers.connect4_fast` is its twin compiled with numba, and
:mod:`tictac_edu.solvers.engines` chooses between them.
"""

from tictac_edu.solvers.connect4 import (
    STEP_CLASSES,
    STEPS,
    AlphaBeta,
    CentreOrder,
    Negamax,
    NonLosing,
    NullWindow,
    Solver,
    SolverLimitReached,
    Steps,
    StepSolver,
    Table,
    ThreatOrder,
    loss_score,
    win_score,
)
from tictac_edu.solvers.threats import (
    ThreatResult,
    ThreatSearch,
    ThreatSearchStopped,
    find_vcf,
    find_vct,
    must_block,
    threat_search,
    win_in_one,
)

__all__ = ["STEPS", "Solver", "SolverLimitReached", "StepSolver", "Steps", "loss_score", "win_score"]
__all__ += ["ThreatResult", "ThreatSearch", "find_vcf", "find_vct", "must_block", "threat_search", "win_in_one"]
__all__ += ["ThreatSearchStopped"]
__all__ += ["STEP_CLASSES", "AlphaBeta", "CentreOrder", "Negamax", "NonLosing", "NullWindow", "Table", "ThreatOrder"]
