"""Exercises for the learner: write a function, then check it.

In a notebook::

    from tictac_edu.exercises import check, hint, solution

    def winner(board):
        ...

    check("winner", winner)      # the tests, with the position, the answer and a hint per failure
    hint("winner")               # graded hints: each call gives the next one
    solution("winner")           # a complete reference solution

``check`` returns a :class:`~tictac_edu.exercises.report.Report` that shows itself as the last
value of a cell. Only the CPU time of the learner's own function counts against its limits;
nothing she wrote is ever changed or overwritten, and no check writes a file.

For teachers (:mod:`tictac_edu.exercises.grading`), every student in a protected process of
her own::

    python -m tictac_edu.exercises grade submissions/ --jobs 2 --csv grades.csv
    python -m tictac_edu.exercises alice.py            # one file, with pytest
    python -m tictac_edu.exercises alice.py -k winner  # one exercise

For the notebooks' CI: :func:`exercise_names`, :func:`reference`, :func:`solution_source`
(the code that replaces a cell tagged ``exercise:<name>``) and :func:`stub_source`; with the
environment variable ``TICTAC_EDU_STRICT_CHECKS=1`` a check that does not pass raises
:class:`CheckFailed`.
"""

from tictac_edu.exercises.api import (
    CheckFailed,
    check,
    exercise_names,
    hint,
    reference,
    solution,
    solution_source,
    stub_source,
)
from tictac_edu.exercises.mistakes import MISTAKES
from tictac_edu.exercises.report import CaseResult, Report

__all__ = [
    "MISTAKES", "CaseResult", "CheckFailed", "Report", "check", "exercise_names", "hint", "reference", "solution",
    "solution_source", "stub_source",
]
