"""The pytest side of :mod:`tictac_edu.exercises.tests`: the options ``--learner FILE`` and
``--exercise NAME`` and the per-exercise summary at the end of the run.

The summary counts an exercise as passed or failed only when all its tests ran: pytest's ``-k``
matches substrings of the tests' names (``-k minimax`` also picks the alpha-beta tests whose
titles mention minimax), so an exercise of which only some tests were selected is shown as
*partial*, not counted in the score. ``--exercise NAME`` selects every test of an exercise,
and nothing else.

Loaded by the ``conftest.py`` beside ``tests.py`` when pytest is given its path, or with
``-p tictac_edu.exercises.pytest_plugin``. The environment variable ``TICTAC_EDU_LEARNER``
works as well as ``--learner``.
"""

from __future__ import annotations

from collections import Counter
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
    selected: Counter = field(default_factory=Counter)
    on_loaded: Any = None
    """Called once the learner's file is loaded (the worker tells the grader so)."""


SESSION = Session()


def pytest_addoption(parser: Any) -> None:
    """Add ``--learner``."""
    try:
        parser.addoption("--learner", action="store", default=None, metavar="FILE",
                         help="a learner's .py file (or .ipynb with cells tagged exercise:<name>) whose exercise "
                              "functions the tictac_edu exercise tests check; without it they check the "
                              "reference solutions")
    except ValueError:  # already added (the plugin and the conftest are both loaded)
        return
    parser.addoption("--exercise", action="append", default=None, metavar="NAME",
                     help="run every test of this exercise and no other (may be given more than once)")


def _exercise_of(item: Any) -> str | None:
    """The exercise whose test ``item`` is, if it is one."""
    callspec = getattr(item, "callspec", None)
    exercise = callspec.params.get("exercise") if callspec is not None else None
    return getattr(exercise, "name", None)


def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:
    """``--exercise NAME``: keep the tests of those exercises only."""
    import pytest

    from tictac_edu.exercises.registry import get_exercise

    names = config.getoption("--exercise", default=None)
    if not names:
        return
    try:
        chosen = {get_exercise(name).name for name in names}
    except (KeyError, ValueError) as exc:
        raise pytest.UsageError(f"--exercise: {exc}") from None
    keep = [item for item in items if _exercise_of(item) in chosen]
    dropped = [item for item in items if _exercise_of(item) not in chosen]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = keep


def pytest_collection_finish(session: Any) -> None:
    """Count the selected tests of each exercise (to tell a partial run from a whole one)."""
    SESSION.selected = Counter(name for name in map(_exercise_of, session.items) if name)


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
            grade = grade_from_report(run.report(), exercise, file=SESSION.path or "")
            ran = SESSION.selected.get(name, len(exercise.cases))
            if ran < len(exercise.cases) and grade.status in ("passed", "failed"):
                failed = grade.tests_total - grade.tests_passed
                verb = "was" if ran == 1 else "were"
                grade.message = (f"only {ran} of its {len(exercise.cases)} tests {verb} selected "
                                 f"({grade.tests_passed} passed, {failed} did not): not counted; "
                                 f"--exercise {name} runs them all")
                grade.status, grade.mistakes, grade.hint = "partial", [], None
            grades.append(grade)
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
