"""The pytest side of :mod:`tictac_edu.exercises.tests`: the option ``--learner FILE`` and the
per-exercise summary at the end of the run.

Loaded by the ``conftest.py`` beside ``tests.py`` when pytest is given its path, or with
``-p tictac_edu.exercises.pytest_plugin``. The environment variable ``TICTAC_EDU_LEARNER``
works as well as ``--learner``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Session:
    """What the exercise tests of one pytest run share: the learner's work and one
    :class:`~tictac_edu.exercises.registry.ExerciseRun` per exercise."""

    path: str | None = None
    loaded: bool = False
    functions: dict[str, Any] = field(default_factory=dict)
    work: Any = None
    error: str | None = None
    runs: dict[str, Any] = field(default_factory=dict)
    seen: list[str] = field(default_factory=list)
    reported: set[str] = field(default_factory=set)
    summarized: bool = False


SESSION = Session()


def pytest_addoption(parser: Any) -> None:
    """Add ``--learner``."""
    try:
        parser.addoption("--learner", action="store", default=None, metavar="FILE",
                         help="a learner's .py file (or .ipynb with cells tagged exercise:<name>) whose exercise "
                              "functions the tictac_edu exercise tests check; without it they check the "
                              "reference solutions")
    except ValueError:  # already added (the plugin and the conftest are both loaded)
        pass


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """After the tests: the same per-exercise summary as the grade command's, for this file."""
    if SESSION.summarized or not SESSION.seen:  # the hook is there twice with the conftest and -p
        return
    SESSION.summarized = True
    from pathlib import Path

    from tictac_edu.exercises.grading import ClassGrades, ExerciseGrade, StudentGrade, grade_from_report
    from tictac_edu.exercises.registry import get_exercise

    grades = []
    for name in SESSION.seen:
        exercise = get_exercise(name)
        run = SESSION.runs.get(name)
        if run is not None:
            grades.append(grade_from_report(run.report(), exercise, file=SESSION.path or ""))
        else:
            status, message = "not attempted", ""
            work = SESSION.work
            if work is not None and name in work.exercise_errors:
                status, message = "error", work.exercise_errors[name]
            elif work is not None and not work.complete:
                status, message = "error", "; ".join(work.errors)[:240]
            grades.append(ExerciseGrade("", name, exercise.notebook, status, message=message))
    student = Path(SESSION.path).stem if SESSION.path else "(the reference solutions)"
    notes = list(SESSION.work.errors) if SESSION.work is not None else []
    table = ClassGrades([grade.exercise for grade in grades],
                        [StudentGrade(student, [SESSION.path or ""], grades, notes)]).table()
    terminalreporter.write_sep("=", "per exercise")
    for line in table.splitlines():
        terminalreporter.write_line(line)
