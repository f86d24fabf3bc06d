"""The exercise tests as ordinary pytest tests, for teachers.

One test per test case of every exercise, the same cases ``check`` runs in a notebook::

    python -m tictac_edu.exercises alice.py             # the short way
    python -m pytest path/to/tictac_edu/exercises/tests.py --learner alice.py -k winner

A function the file does not define, or that still raises NotImplementedError, is skipped;
a failure prints the same explanation and hint a learner sees. Without ``--learner`` (or
the ``TICTAC_EDU_LEARNER`` variable) the reference solutions are checked.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest

from tictac_edu.exercises.learner import LearnerFileError, load_learner
from tictac_edu.exercises.registry import all_exercises, run_case


def _slug(text: str) -> str:
    words = "".join(char if char.isalnum() else " " for char in text.lower()).split()
    return "-".join(words)[:48].rstrip("-")


CASES = [pytest.param(exercise, index, id=f"{exercise.name}-{index + 1:02d}-{_slug(case.title)}")
         for exercise in all_exercises() for index, case in enumerate(exercise.cases)]


@pytest.fixture(scope="session")
def learner_functions(request: pytest.FixtureRequest) -> tuple[str | None, dict[str, Callable[..., Any]]]:
    """(the learner's file or None, its functions by name)."""
    try:
        path = request.config.getoption("--learner")
    except ValueError:
        path = None
    path = path or os.environ.get("TICTAC_EDU_LEARNER") or None
    if path is None:
        return None, {exercise.name: exercise.reference for exercise in all_exercises()}
    try:
        return path, load_learner(path)
    except LearnerFileError as exc:
        pytest.exit(f"cannot check the learner's file: {exc}", returncode=2)


@pytest.mark.parametrize(("exercise", "index"), CASES)
def test_exercise(exercise: Any, index: int, learner_functions: tuple[str | None, dict]) -> None:
    path, functions = learner_functions
    fn = functions.get(exercise.name)
    if fn is None:
        pytest.skip(f"{path} does not define {exercise.name}")
    case = exercise.cases[index]
    result = run_case(exercise, case, fn)
    if result.status == "not attempted":
        pytest.skip(f"{exercise.name} not attempted (it raises NotImplementedError)")
    if result.status == "failed":
        pytest.fail(f"{exercise.name}: {case.title}\n{result.text()}", pytrace=False)
