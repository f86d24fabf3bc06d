"""The process that grades one student: started by :mod:`tictac_edu.exercises.grading`, never
imported by the teacher's own process to run a learner's code.

``python -m tictac_edu.exercises.worker JOB`` (``JOB`` is JSON: the student's files, the
exercises, the limits, and the number of the file descriptor for the results; the run's secret
comes on its standard input) starts her files in a process of their own
(:mod:`tictac_edu.exercises.remote`: in the sandbox of :mod:`tictac_edu.exercises.sandbox`
where it can), runs the checks here on her functions there, and writes one JSON line per event
to the results descriptor as it goes (``loaded``, then ``start`` and ``result`` per exercise,
then ``done``), each signed with the secret, so that the grader knows how far it got and
takes nothing for a result that this process did not write. Only plain data comes back from
her process: the checks never hold one of her objects, her process never holds the secret, the
results descriptor or the reference solutions.

``python -m tictac_edu.exercises.worker JOB --pytest ARGS...`` runs pytest with ``ARGS`` in the
same protected process instead (the single-file command, ``python -m tictac_edu.exercises FILE``).
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from tictac_edu.exercises.plain import sign


class _Results:
    """JSON lines written straight to a file descriptor (no buffer a crash could lose), each
    signed with the run's secret (:func:`sign`)."""

    def __init__(self, fd: int, secret: str = "") -> None:
        self.fd = fd
        self.secret = secret

    def send(self, record: dict[str, Any]) -> None:
        text = json.dumps(record, default=str)
        data = (json.dumps({"record": text, "mac": sign(self.secret, text)}) + "\n").encode("utf-8")
        while data:
            written = os.write(self.fd, data)
            data = data[written:]


def grade(job: dict[str, Any]) -> None:
    """Grade the student of ``job`` (see the module's documentation): her files are loaded and
    her functions run in a process of their own (:class:`~tictac_edu.exercises.remote.LearnerProcess`,
    in the sandbox where it can be); the checks run here."""
    from tictac_edu.exercises.grading import ExerciseGrade, grade_from_report
    from tictac_edu.exercises.plain import LearnerProcessEnded
    from tictac_edu.exercises.registry import get_exercise, run_exercise
    from tictac_edu.exercises.remote import LearnerProcess, RemoteFunction

    results = _Results(int(job["result_fd"]), job.get("secret", ""))
    limits = job.get("limits", {})
    exercises = [get_exercise(name) for name in job["exercises"]]
    for exercise in exercises:  # the references, imported here before any check runs
        exercise.reference  # noqa: B018
    student = str(job.get("student", ""))
    learner = LearnerProcess(list(job["files"]), [exercise.name for exercise in exercises], limits,
                             sandboxed=bool(job.get("sandboxed")))
    try:
        loaded = learner.start()
    except LearnerProcessEnded as ended:
        results.send({"type": "loaded", "errors": [f"Loading the files: {ended}."]})
        for exercise in exercises:
            record = ExerciseGrade(student, exercise.name, exercise.notebook, "error",
                                   message=f"the file could not be loaded: {ended}"[:240])
            results.send({"type": "result", **record.__dict__})
        results.send({"type": "done"})
        return
    results.send({"type": "loaded", "errors": list(loaded.get("errors", []))})
    for exercise in exercises:
        results.send({"type": "start", "exercise": exercise.name})
        info = loaded["exercises"].get(exercise.name, {"missing": ["not attempted", ""]})
        if "missing" in info:
            status, message = info["missing"]
            record = ExerciseGrade(student, exercise.name, exercise.notebook, str(status), message=str(message)[:240])
        else:
            try:
                report = run_exercise(exercise, RemoteFunction(learner, exercise.name, info))
                record = grade_from_report(report, exercise, student, str(info.get("file", "")))
                for note in report.notes:
                    results.send({"type": "note", "text": f"{exercise.name}: {note}"})
            except LearnerProcessEnded as ended:
                record = ExerciseGrade(student, exercise.name, exercise.notebook, "error",
                                       message=f"while it was checked, {ended}"[:240], file=str(info.get("file", "")))
                results.send({"type": "note", "text": f"While {exercise.name} was checked, {ended}; the other "
                                                      "exercises were graded in a new process."})
            except BaseException as exc:  # noqa: BLE001 - a failure of the checker itself: report it, go on
                record = ExerciseGrade(student, exercise.name, exercise.notebook, "error",
                                       message=f"the check itself failed: {type(exc).__name__}: {exc}"[:240],
                                       file=str(info.get("file", "")))
        results.send({"type": "result", **record.__dict__})
    learner.close()
    results.send({"type": "done"})


def run_pytest(job: dict[str, Any], args: list[str]) -> int:
    """Run pytest with ``args`` here; the learner's functions run in a process of their own
    (:mod:`tictac_edu.exercises.tests` starts it). Its exit code."""
    import pytest

    from tictac_edu.exercises.remote import LEARNER_JOB_ENV

    results = _Results(int(job["result_fd"]), job.get("secret", ""))

    class Tell:
        """Has the exercise tests say when the learner's file is loaded."""

        def pytest_configure(self, config: Any) -> None:
            from tictac_edu.exercises.pytest_plugin import SESSION

            SESSION.on_loaded = lambda: results.send({"type": "loaded"})

    os.environ[LEARNER_JOB_ENV] = json.dumps({"sandboxed": bool(job.get("sandboxed")),
                                              "limits": job.get("limits", {})})
    code = int(pytest.main(args, plugins=[Tell()]))
    results.send({"type": "done", "code": code})  # pytest finished (the learner's file is loaded elsewhere)
    return code


def main(argv: list[str] | None = None) -> None:
    """The entry point: limit the process, then grade (or run pytest), then end at once."""
    args = list(sys.argv[1:] if argv is None else argv)
    job = json.loads(args[0])
    job["secret"] = sys.stdin.readline().strip()  # never in the command line or the environment
    limits = job.get("limits", {})
    from tictac_edu.exercises import sandbox

    memory = limits.get("memory_bytes")
    sandbox.apply_limits(None, 2 * memory + (2 << 30) if memory else None, None)
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
