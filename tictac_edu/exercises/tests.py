"""The exercise tests as ordinary pytest tests, for teachers.

One test per test case of every exercise, the same cases ``check`` runs in a notebook::

    python -m tictac_edu.exercises alice.py             # the short way (in a protected process)
    python -m pytest path/to/tictac_edu/exercises/tests.py --learner alice.py --exercise winner

A function the file does not define, or that still raises NotImplementedError, is skipped;
so is a test that a check would not run (after a time-out, or a long test after a failure);
a failure prints the same explanation and hint a learner sees, and the run ends with a summary
per exercise (an exercise of which a ``-k`` selection ran only some tests is *partial* there,
not passed). Without ``--learner`` (or the ``TICTAC_EDU_LEARNER`` variable) the reference
solutions are checked. The learner's file is loaded once, whatever it does when it is loaded,
in a process of its own (in the sandbox where it can be): the tests run here, her functions
there (:mod:`tictac_edu.exercises.remote`).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest

from tictac_edu.exercises.plain import LearnerProcessEnded
from tictac_edu.exercises.pytest_plugin import SESSION
from tictac_edu.exercises.registry import ExerciseRun, all_exercises
from tictac_edu.exercises.remote import open_learner


def _slug(text: str) -> str:
    words = "".join(char if char.isalnum() else " " for char in text.lower()).split()
    return "-".join(words)[:48].rstrip("-")


CASES = [pytest.param(exercise, index, id=f"{exercise.name}-{index + 1:02d}-{_slug(case.title)}")
         for exercise in all_exercises() for index, case in enumerate(exercise.cases)]


@pytest.fixture(scope="session")
def learner_functions(request: pytest.FixtureRequest) -> tuple[str | None, dict[str, Callable[..., Any]]]:
    """(the learner's file or None, her functions by name), loaded once for the session."""
    if not SESSION.loaded:
        SESSION.loaded = True
        try:
            path = request.config.getoption("--learner")
        except ValueError:
            path = None
        SESSION.path = path or os.environ.get("TICTAC_EDU_LEARNER") or None
        if SESSION.path is None:
            SESSION.functions = {exercise.name: exercise.reference for exercise in all_exercises()}
        else:
            try:
                SESSION.work = open_learner(SESSION.path, [exercise.name for exercise in all_exercises()])
                SESSION.functions = SESSION.work.functions
            except LearnerProcessEnded as ended:
                pytest.exit(f"{os.path.basename(SESSION.path)} did not load: while it was loaded, {ended}",
                            returncode=2)
            if SESSION.work is not None and SESSION.work.failed:
                SESSION.error = SESSION.work.failed
            if SESSION.error is None and SESSION.on_loaded is not None:
                SESSION.on_loaded()
    if SESSION.error is not None:
        pytest.exit(f"cannot check the learner's file: {SESSION.error}", returncode=2)
    return SESSION.path, SESSION.functions


@pytest.mark.parametrize(("exercise", "index"), CASES)
def test_exercise(exercise: Any, index: int, learner_functions: tuple[str | None, dict]) -> None:
    path, functions = learner_functions
    if exercise.name not in SESSION.seen:
        SESSION.seen.append(exercise.name)
    fn = functions.get(exercise.name)
    if fn is None:
        work = SESSION.work
        if work is not None and exercise.name in work.exercise_errors:
            if exercise.name in SESSION.reported:
                pytest.skip(f"{exercise.name}: its cell could not be run (see above)")
            SESSION.reported.add(exercise.name)
            pytest.fail(f"{exercise.name}: its cell could not be run: {work.exercise_errors[exercise.name]}",
                        pytrace=False)
        pytest.skip(f"{path} does not define {exercise.name}")
    run = SESSION.runs.get(exercise.name)
    if run is None:
        run = SESSION.runs[exercise.name] = ExerciseRun(exercise, fn)
    case = exercise.cases[index]
    try:
        result = run.run_case(index)
    except LearnerProcessEnded as ended:
        pytest.exit(f"The tests of {os.path.basename(str(path))} did not finish: {ended} (while {exercise.name} "
                    "was checked)", returncode=1)
    finally:
        if index == len(exercise.cases) - 1:
            run.close()
    if result.status == "not attempted":
        pytest.skip(f"{exercise.name} not attempted (it raises NotImplementedError)")
    if result.status == "not run":
        pytest.skip(f"{exercise.name}: {result.message}")
    if result.status == "failed":
        notes = "".join(f"\n  note: {note}" for note in run.notes)
        pytest.fail(f"{exercise.name}: {case.title}{notes}\n{result.text()}", pytrace=False)
