"""The process that grades one student: started by :mod:`tictac_edu.exercises.grading`, never
imported by the teacher's own process to run a learner's code.

``python -m tictac_edu.exercises.worker JOB`` (``JOB`` is JSON: the student's files, the
exercises, the limits, the folders her code may write to, and the number of the file
descriptor for the results) limits itself, installs the guard of
:mod:`tictac_edu.exercises.sandbox`, loads her files and checks each exercise, writing one JSON
line per event to the results descriptor as it goes (``loaded``, then ``start`` and ``result``
per exercise, then ``done``), so that the grader knows how far it got if her code kills it.

``python -m tictac_edu.exercises.worker JOB --pytest ARGS...`` runs pytest with ``ARGS`` in the
same protected process instead (the single-file command, ``python -m tictac_edu.exercises FILE``).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from typing import Any


class _Results:
    """JSON lines written straight to a file descriptor (no buffer a crash could lose)."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def send(self, record: dict[str, Any]) -> None:
        data = (json.dumps(record, default=str) + "\n").encode("utf-8")
        while data:
            written = os.write(self.fd, data)
            data = data[written:]


def _pick(works: list[Any], name: str) -> tuple[Callable[..., Any] | None, Any]:
    """The learner's function for exercise ``name`` and the work it is in: a notebook that tags
    the exercise first, else the last file that defines it."""
    found = [(work, work.functions[name]) for work in works if name in work.functions]
    if not found:
        return None, None
    tagged = [item for item in found if name in item[0].tagged]
    work, function = (tagged or found)[-1]
    return function, work


def _missing(works: list[Any], failed_files: list[str], name: str) -> tuple[str, str]:
    """(status, message) for an exercise the learner's files do not define."""
    for work in works:
        if name in work.exercise_errors:
            return "error", work.exercise_errors[name]
    if failed_files:
        return "error", f"not found: {failed_files[0]}"
    for work in works:
        if not work.complete:
            return "error", f"not found: {work.path.name} did not load completely ({'; '.join(work.errors)[:200]})"
    return "not attempted", ""


def grade(job: dict[str, Any]) -> None:
    """Grade the student of ``job`` (see the module's documentation)."""
    from tictac_edu.exercises import sandbox
    from tictac_edu.exercises.guard import BoundedOutput

    results = _Results(int(job["result_fd"]))
    limits = job.get("limits", {})
    sys.stdout = BoundedOutput(0)  # type: ignore[assignment]  # her printing goes nowhere
    sys.stderr = BoundedOutput(0)  # type: ignore[assignment]
    from tictac_edu.exercises.grading import ExerciseGrade, grade_from_report
    from tictac_edu.exercises.learner import LearnerFileError, load_work
    from tictac_edu.exercises.registry import get_exercise, run_exercise

    exercises = [get_exercise(name) for name in job["exercises"]]
    for exercise in exercises:  # the package's code, imported before hers runs
        exercise.reference  # noqa: B018
    sandbox.install(list(job.get("allowed", [])))
    sandbox.forbid_new_processes()
    works, errors, failed_files = [], [], []
    for path in job["files"]:
        try:
            with sandbox.guarded():
                work = load_work(path, time_limit=float(limits.get("load_cpu_seconds", 10.0)))
        except LearnerFileError as exc:
            errors.append(str(exc))
            failed_files.append(str(exc))
            continue
        works.append(work)
        errors += work.errors
    results.send({"type": "loaded", "errors": errors,
                  "functions": sorted({name for work in works for name in work.functions})})
    student = str(job.get("student", ""))
    for exercise in exercises:
        results.send({"type": "start", "exercise": exercise.name})
        function, work = _pick(works, exercise.name)
        if function is None:
            status, message = _missing(works, failed_files, exercise.name)
            record = ExerciseGrade(student, exercise.name, exercise.notebook, status, message=message[:240])
        else:
            try:
                with sandbox.guarded():
                    report = run_exercise(exercise, function)
                record = grade_from_report(report, exercise, student, str(work.path))
            except BaseException as exc:  # noqa: BLE001 - a failure of the checker itself: report it, go on
                record = ExerciseGrade(student, exercise.name, exercise.notebook, "error",
                                       message=f"the check itself failed: {type(exc).__name__}: {exc}"[:240],
                                       file=str(work.path))
        results.send({"type": "result", **record.__dict__})
    results.send({"type": "done"})


def run_pytest(job: dict[str, Any], args: list[str]) -> int:
    """Run pytest with ``args`` in this protected process; its exit code."""
    import pytest

    from tictac_edu.exercises import sandbox
    results = _Results(int(job["result_fd"]))

    class Tell:
        """Has the exercise tests say when the learner's file is loaded."""

        def pytest_configure(self, config: Any) -> None:
            from tictac_edu.exercises.pytest_plugin import SESSION

            SESSION.on_loaded = lambda: results.send({"type": "loaded"})

    sandbox.install(list(job.get("allowed", [])))
    sandbox.forbid_new_processes()
    code = int(pytest.main(args, plugins=[Tell()]))
    results.send({"type": "done", "code": code})  # pytest finished: her code did not end the process
    return code


def main(argv: list[str] | None = None) -> None:
    """The entry point: limit the process, then grade (or run pytest), then end at once."""
    args = list(sys.argv[1:] if argv is None else argv)
    job = json.loads(args[0])
    limits = job.get("limits", {})
    from tictac_edu.exercises import sandbox

    sandbox.apply_limits(limits.get("cpu_seconds"), limits.get("memory_bytes"), limits.get("file_bytes"),
                         sandbox.OPEN_FILES, sandbox.PROCESSES if job.get("sandboxed") else None)
    code = 0
    try:
        if len(args) > 1 and args[1] == "--pytest":
            code = run_pytest(job, args[2:])
        else:
            grade(job)
    except BaseException:  # noqa: BLE001 - say what broke, then end
        import traceback

        traceback.print_exc(file=sys.__stderr__)
        code = 1
    finally:
        try:
            sys.__stdout__.flush()  # type: ignore[union-attr]
            sys.__stderr__.flush()  # type: ignore[union-attr]
        except (OSError, ValueError, AttributeError):
            pass
        # End here: no atexit handlers, no finalizers of the learner's objects.
        os._exit(code)


if __name__ == "__main__":
    main()
