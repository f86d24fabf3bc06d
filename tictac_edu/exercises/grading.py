"""Grading a class: every student's file checked in a process of its own, in parallel.

::

    python -m tictac_edu.exercises grade submissions/ --jobs 2 --csv grades.csv --json grades.json

From Python, :func:`grade_class` does the same on any :class:`concurrent.futures.Executor`::

    from concurrent.futures import ProcessPoolExecutor
    from tictac_edu.exercises.grading import grade_class

    with ProcessPoolExecutor(4) as pool:
        grades = grade_class(["submissions/"], executor=pool)
    print(grades.table())
    grades.write_csv("grades.csv")

A *submission* is a learner's ``.py`` file or a notebook whose exercise cells are tagged
``exercise:<name>``; a folder holds several: each file directly in it is one student, each
sub-folder one student whose files are graded together. Each student is graded by a separate
Python process (:mod:`tictac_edu.exercises.worker`) with limits on CPU time, memory, file
sizes and wall-clock time, and with the guard of :mod:`tictac_edu.exercises.sandbox`: her code
never runs in the teacher's process, cannot write the teacher's files, and whatever it does
(loop at import, exit, print without end, crash the interpreter) is reported for her while
the rest of the class is still graded. When the interpreter dies while one exercise is checked,
the student's remaining exercises are graded in a fresh process.

Every exercise of every student gets a status: ``passed``, ``failed`` (with the mistakes the
check diagnosed, the most likely first), ``not attempted`` (not defined, or still the stub) or
``error`` (her file could not be loaded, or the process died). The score is the number of
exercises passed: nothing attempted scores 0.
"""

from __future__ import annotations

import csv
import io
import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tictac_edu.exercises import sandbox
from tictac_edu.exercises.mistakes import MISTAKES

STATUSES = ("passed", "failed", "not attempted", "error")
SUFFIXES = (".py", ".ipynb")
_PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])


@dataclass(frozen=True)
class Limits:
    """What one student's grading process may use.

    Attributes:
        cpu_seconds: CPU time of the whole process (the system stops it beyond). Each check
            also stops the learner's function after a few seconds of its own CPU time.
        memory_bytes: address space of the process.
        wall_seconds: wall-clock time for the student, a last resort far above any honest
            need (a learner's code that sleeps or waits uses no CPU); ``None``: four times
            ``cpu_seconds`` and a minute.
        file_bytes: the largest file the process may write (its console output included).
        load_cpu_seconds: CPU time her file may take to load.
    """

    cpu_seconds: float = 300.0
    memory_bytes: int = 4 << 30
    wall_seconds: float | None = None
    file_bytes: int = 16 << 20
    load_cpu_seconds: float = 10.0

    @property
    def wall(self) -> float:
        """The wall-clock limit in seconds."""
        return self.wall_seconds if self.wall_seconds is not None else 4 * self.cpu_seconds + 60


@dataclass(frozen=True)
class Submission:
    """One student's work: a name and the files to grade together."""

    student: str
    files: tuple[str, ...]


@dataclass
class ExerciseGrade:
    """One exercise of one student: one record of the CSV and JSON output.

    Attributes:
        student: the student.
        exercise: the exercise.
        notebook: its notebook, ``"00"`` .. ``"07"``.
        status: ``"passed"``, ``"failed"``, ``"not attempted"`` or ``"error"``.
        mistakes: the ids of the mistakes diagnosed, the most likely first.
        hint: the id of the mistake whose hint she was shown (the first of ``mistakes``).
        tests_passed, tests_total: how many of the exercise's tests passed, of how many.
        cpu_seconds: CPU time of the check: the checker's own work and her function's (not the
            cost of passing data between the grader's process and hers).
        learner_cpu_seconds: CPU time her function took.
        message: for a failure without a known mistake, or an error, what went wrong.
        file: the file the function came from.
    """

    student: str
    exercise: str
    notebook: str
    status: str
    mistakes: list[str] = field(default_factory=list)
    hint: str | None = None
    tests_passed: int = 0
    tests_total: int = 0
    cpu_seconds: float = 0.0
    learner_cpu_seconds: float = 0.0
    message: str = ""
    file: str = ""


@dataclass
class StudentGrade:
    """Every exercise of one student, and what happened to her files."""

    student: str
    files: list[str]
    grades: list[ExerciseGrade]
    notes: list[str] = field(default_factory=list)
    cpu_seconds: float = 0.0
    wall_seconds: float = 0.0

    @property
    def score(self) -> int:
        """The number of exercises passed."""
        return sum(grade.status == "passed" for grade in self.grades)

    @property
    def total(self) -> int:
        """The number of exercises graded."""
        return len(self.grades)


def grade_from_report(report: Any, exercise: Any, student: str = "", file: str = "") -> ExerciseGrade:
    """The record of one check's :class:`~tictac_edu.exercises.report.Report`."""
    status = report.status if report.status in STATUSES else "failed"
    mistakes = list(report.mistakes) if status == "failed" else []
    message = ""
    if status == "failed":
        first = report.failures[0] if report.failures else None
        if first is not None:
            message = first.title + ": " + (first.error or first.message.split("\n")[0])
    return ExerciseGrade(
        student=student, exercise=exercise.name, notebook=exercise.notebook, status=status, mistakes=mistakes,
        hint=mistakes[0] if mistakes else None,
        tests_passed=sum(result.status == "passed" for result in report.results), tests_total=len(report.results),
        cpu_seconds=round(report.cpu, 3), learner_cpu_seconds=round(report.learner_cpu, 3),
        message=_short(message), file=file)


def _short(text: str, limit: int = 240) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


# -- finding the submissions ------------------------------------------------------------------

def find_submissions(paths: Iterable[str | Path]) -> list[Submission]:
    """The submissions in ``paths``: a ``.py``/``.ipynb`` file is one student; in a folder, each
    such file is one student and each sub-folder one student (all its files together).

    Raises:
        FileNotFoundError: a path does not exist.
        ValueError: a file is neither ``.py`` nor ``.ipynb``.
    """
    found: list[Submission] = []
    for given in paths:
        path = Path(given)
        if path.is_file():
            if path.suffix not in SUFFIXES:
                raise ValueError(f"{path} is not a learner's file: give .py files or .ipynb notebooks")
            found.append(Submission(path.stem, (str(path.resolve()),)))
        elif path.is_dir():
            for entry in sorted(path.iterdir()):
                if entry.name.startswith((".", "_")):
                    continue
                if entry.is_file() and entry.suffix in SUFFIXES:
                    found.append(Submission(entry.stem, (str(entry.resolve()),)))
                elif entry.is_dir():
                    files = tuple(str(file.resolve()) for file in sorted(entry.rglob("*"))
                                  if file.is_file() and file.suffix in SUFFIXES and ".ipynb_checkpoints" not in
                                  file.parts and not file.name.startswith("."))
                    if files:
                        found.append(Submission(entry.name, files))
        else:
            raise FileNotFoundError(f"no such file or folder: {path}")
    names = Counter(submission.student for submission in found)
    return [Submission(_unique_name(submission, names), submission.files) for submission in found]


def _unique_name(submission: Submission, names: Counter) -> str:
    if names[submission.student] == 1:
        return submission.student
    first = Path(submission.files[0])
    folder = first.parent if len(submission.files) == 1 else first.parent.parent
    return f"{folder.name}/{submission.student}"


# -- grading one student ------------------------------------------------------------------------

def _exercises(names: Sequence[str] | None) -> list[Any]:
    from tictac_edu.exercises.registry import all_exercises, get_exercise

    return all_exercises() if names is None else [get_exercise(name) for name in names]


def _child_environment(sandbox_dir: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("TICTAC_EDU_STRICT", "TICTAC_EDU_LEARNER", "PYTEST_", "COV_"))}
    env.update(PYTHONDONTWRITEBYTECODE="1", PYTHONHASHSEED="0", MPLBACKEND="Agg", OPENBLAS_NUM_THREADS="1",
               OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", TMPDIR=sandbox_dir, TEMP=sandbox_dir, TMP=sandbox_dir,
               PYTHONUNBUFFERED="1", PYTHONFAULTHANDLER="1")
    env["PYTHONPATH"] = os.pathsep.join([_PACKAGE_ROOT, *filter(None, [os.environ.get("PYTHONPATH")])])
    return env


def sandbox_environment(scratch: str) -> dict[str, str]:
    """The whole environment of a process in the sandbox: nothing of the teacher's but what
    Python and the package need."""
    env = {key: value for key, value in _child_environment(scratch).items()
           if key.startswith(("PYTHON", "OPENBLAS_", "OMP_", "MKL_", "TICTAC_EDU_CLOCK", "LANG", "LC_"))
           or key in ("MPLBACKEND", "TMPDIR", "TEMP", "TMP", "PATH")}
    env.update(HOME=scratch, MPLCONFIGDIR=os.path.join(scratch, ".matplotlib"), PYTHONNOUSERSITE="1")
    return env


def allowed_folders() -> list[str]:
    """Folders a learner's code may write to besides its scratch folder: matplotlib's cache
    (importing matplotlib may build it)."""
    folders = []
    for variable, default in (("MPLCONFIGDIR", None), ("XDG_CACHE_HOME", "~/.cache"), ("XDG_CONFIG_HOME", "~/.config")):
        value = os.environ.get(variable) or default
        if value:
            folder = Path(value).expanduser()
            folders.append(str(folder if variable == "MPLCONFIGDIR" else folder / "matplotlib"))
    return folders


@dataclass
class _Run:
    records: list[dict[str, Any]]
    returncode: int | None
    cpu: float
    wall: float
    stderr: str
    timed_out: bool
    sandboxed: bool = False


def run_worker(job: dict[str, Any], wall_seconds: float, *, pytest_args: Sequence[str] | None = None,
               forward_output: int = 0) -> _Run:
    """Run :mod:`tictac_edu.exercises.worker` on ``job`` in a fresh process (and a fresh scratch
    folder), wait at most ``wall_seconds``, and return what it reported. With ``pytest_args``
    it runs pytest instead; ``forward_output`` bytes of its output are passed on to this
    process's standard output as they come (the rest is dropped)."""
    workdir = tempfile.mkdtemp(prefix="tictac_edu_grading_")
    sandbox_dir = os.path.join(workdir, "scratch")
    os.mkdir(sandbox_dir)
    results_path = os.path.join(workdir, "results.jsonl")
    results_fd = os.open(results_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    sandboxed = sandbox.sandbox_available()
    secret = secrets.token_hex(32)
    job = dict(job, result_fd=results_fd, sandboxed=sandboxed)
    command = [sys.executable, "-m", "tictac_edu.exercises.worker", json.dumps(job)]
    if pytest_args is not None:
        command += ["--pytest", *pytest_args]
    env = _child_environment(sandbox_dir)
    output_path = os.path.join(workdir, "output")
    started = time.monotonic()
    timed_out = False
    cpu = 0.0
    try:
        with open(output_path, "wb") as output:
            process = subprocess.Popen(
                command, cwd=sandbox_dir, env=env, stdin=subprocess.PIPE,
                stdout=subprocess.PIPE if forward_output else output, stderr=subprocess.STDOUT,
                pass_fds=(results_fd,), start_new_session=True)
            os.close(results_fd)
            results_fd = -1
            assert process.stdin is not None
            try:
                process.stdin.write((secret + "\n").encode("ascii"))
                process.stdin.close()
            except OSError:
                pass
            if forward_output:
                timed_out = _forward(process, output, forward_output, started + wall_seconds)
            returncode, cpu, waited_out = _wait(process, started + wall_seconds)
            timed_out = timed_out or waited_out
        wall = time.monotonic() - started
        with open(output_path, "rb") as output:
            output.seek(max(os.path.getsize(output_path) - 4000, 0))
            tail = output.read().decode("utf-8", "replace")
        records = []
        with open(results_path, encoding="utf-8", errors="replace") as results:
            for line in results:
                record = _verified(line, secret)
                if record is not None:
                    records.append(record)
        return _Run(records, returncode, cpu, wall, tail, timed_out, sandboxed)
    finally:
        if results_fd >= 0:
            os.close(results_fd)
        shutil.rmtree(workdir, ignore_errors=True)


def _verified(line: str, secret: str) -> dict[str, Any] | None:
    """The record of a line of the worker's results, if it carries the run's signature (a line
    the worker did not write is dropped)."""
    import hmac

    from tictac_edu.exercises.worker import sign

    try:
        signed = json.loads(line)
        text, mac = signed["record"], signed["mac"]
        if not (isinstance(text, str) and isinstance(mac, str) and hmac.compare_digest(sign(secret, text), mac)):
            return None
        record = json.loads(text)
    except (ValueError, TypeError, KeyError):
        return None
    return record if isinstance(record, dict) else None


def _forward(process: subprocess.Popen, copy: Any, limit: int, deadline: float) -> bool:
    """Pass the child's output on, at most ``limit`` bytes, keeping its last 4,000 bytes in
    ``copy``; True if the deadline passed."""
    import threading

    assert process.stdout is not None
    passed = [0]
    tail = bytearray()

    def pump() -> None:
        assert process.stdout is not None
        for chunk in iter(lambda: process.stdout.read1(65536), b""):  # type: ignore[union-attr,attr-defined]
            if passed[0] < limit:
                part = chunk[: limit - passed[0]]
                if hasattr(sys.stdout, "buffer"):
                    sys.stdout.buffer.write(part)
                else:
                    sys.stdout.write(part.decode("utf-8", "replace"))
                sys.stdout.flush()
                passed[0] += len(part)
                if passed[0] >= limit:
                    sys.stdout.write(f"\n... (the rest of the output is not shown: more than {limit:,} bytes)\n")
                    sys.stdout.flush()
            tail.extend(chunk)
            del tail[:-4000]

    reader = threading.Thread(target=pump, daemon=True)
    reader.start()
    while reader.is_alive() and time.monotonic() < deadline:
        reader.join(0.1)
    timed_out = reader.is_alive()
    if timed_out:
        _kill(process)
        reader.join(5)
    copy.write(bytes(tail))
    return timed_out


def _kill(process: subprocess.Popen) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (OSError, AttributeError):
        process.kill()


def _wait(process: subprocess.Popen, deadline: float) -> tuple[int | None, float, bool]:
    """Wait for the child until ``deadline``; (its return code, its CPU time, timed out?)."""
    timed_out = False
    if hasattr(os, "wait4"):
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                process.returncode = os.waitstatus_to_exitcode(status)
                return process.returncode, usage.ru_utime + usage.ru_stime, timed_out
            if time.monotonic() > deadline and not timed_out:
                _kill(process)
                timed_out = True
            time.sleep(0.02)
    try:
        process.wait(max(deadline - time.monotonic(), 0.01))
    except subprocess.TimeoutExpired:
        _kill(process)
        process.wait()
        timed_out = True
    return process.returncode, 0.0, timed_out


def _ended(run: _Run, limits: Limits) -> str:
    """How a worker that did not finish ended, in words."""
    if run.timed_out:
        return f"it was still running after {limits.wall:g} s of wall-clock time and was stopped"
    code = run.returncode
    if code is not None and code < 0:
        number = -code
        try:
            name = signal.Signals(number).name
        except ValueError:
            name = f"signal {number}"
        reason = {"SIGXCPU": f"it used up its {limits.cpu_seconds:g} s of CPU time",
                  "SIGKILL": "it was killed (out of memory, or past its hard CPU limit?)",
                  "SIGSEGV": "the Python interpreter crashed (segmentation fault)",
                  "SIGABRT": "the Python interpreter aborted"}.get(name, f"it was ended by {name}")
        return reason
    return f"the Python interpreter exited (code {code}) without finishing: os._exit() or a crash?"


def _crash_detail(run: _Run) -> str:
    """Where a crash happened, from the traceback Python prints when it crashes (the innermost
    frame of the learner's code, if it is there)."""
    import re

    from tictac_edu.exercises.guard import is_learner_file

    frames = re.findall(r'File "([^"]+)", line (\d+) in (\S+)', run.stderr)
    for filename, line, function in frames:  # most recent call first
        if is_learner_file(filename) and not filename.startswith("<"):
            return f" (in {Path(filename).name}, line {line}, in {function})"
    fatal = [line.strip() for line in run.stderr.splitlines() if line.startswith(("Fatal Python error", "MemoryError"))]
    return f" ({fatal[0]})" if fatal else ""


def grade_submission(submission: Submission | str | Path, exercises: Sequence[str] | None = None,
                     limits: Limits = Limits()) -> StudentGrade:
    """Grade one student in a process of her own (two or more if her code kills one).

    Args:
        submission: a :class:`Submission`, or one learner's file.
        exercises: the exercises to grade (all of them if ``None``).
        limits: what her process may use.
    """
    if not isinstance(submission, Submission):
        path = Path(submission)
        submission = Submission(path.stem, (str(path.resolve()),))
    chosen = _exercises(exercises)
    todo = [exercise.name for exercise in chosen]
    by_name = {exercise.name: exercise for exercise in chosen}
    grades: dict[str, ExerciseGrade] = {}
    notes: list[str] = []
    cpu = wall = 0.0
    sandboxed = True
    started = time.monotonic()
    while todo:
        left = limits.wall - (time.monotonic() - started)
        job = {"files": list(submission.files), "exercises": todo, "student": submission.student,
               "limits": asdict(limits)}
        run = run_worker(job, max(left, 1.0))
        sandboxed = run.sandboxed
        cpu += run.cpu
        wall += run.wall
        loaded = False
        current: str | None = None
        for record in run.records:
            kind = record.get("type")
            if kind == "loaded":
                loaded = True
                for text in record.get("errors", []):
                    if text not in notes:
                        notes.append(text)
            elif kind == "start":
                current = record.get("exercise")
            elif kind == "note":
                text = _short(str(record.get("text", "")), 400)
                if text not in notes:
                    notes.append(text)
            elif kind == "result" and record.get("exercise") in by_name:
                grade = ExerciseGrade(**{key: value for key, value in record.items() if key != "type"})
                grade.student = submission.student
                grades[grade.exercise] = grade
                current = None
        finished = any(record.get("type") == "done" for record in run.records)
        todo = [name for name in todo if name not in grades]
        if finished or not todo:
            todo = [name for name in todo if name not in grades]
            for name in todo:
                grades[name] = ExerciseGrade(submission.student, name, by_name[name].notebook, "error",
                                             message="the grading process did not report this exercise")
            break
        how = _ended(run, limits) + _crash_detail(run)
        if not loaded:
            message = f"the file could not be loaded: {how}"
            notes.append(f"Loading the files: {how}.")
            for name in todo:
                grades[name] = ExerciseGrade(submission.student, name, by_name[name].notebook, "error",
                                             message=_short(message))
            break
        if current is None or current not in todo:
            message = f"the grading process stopped: {how}"
            for name in todo:
                grades[name] = ExerciseGrade(submission.student, name, by_name[name].notebook, "error",
                                             message=_short(message))
            break
        notes.append(f"While {current} was checked, {how}; the other exercises were graded in a new process.")
        grades[current] = ExerciseGrade(submission.student, current, by_name[current].notebook, "error",
                                        message=_short(f"while it was checked, {how}"))
        todo = [name for name in todo if name not in grades]
        if time.monotonic() - started >= limits.wall:
            for name in todo:
                grades[name] = ExerciseGrade(submission.student, name, by_name[name].notebook, "error",
                                             message=f"not graded: the student's {limits.wall:g} s were used up")
            break
    if not sandboxed:
        notes.append(f"Graded without the sandbox: {sandbox.BEST_EFFORT}.")
    ordered = [grades[exercise.name] for exercise in chosen]
    return StudentGrade(submission.student, list(submission.files), ordered, notes, round(cpu, 3), round(wall, 3))


# -- grading a class ----------------------------------------------------------------------------

@dataclass
class ClassGrades:
    """The grades of a class: one :class:`StudentGrade` per student, in the order given."""

    exercises: list[str]
    students: list[StudentGrade]
    wall_seconds: float = 0.0

    @property
    def records(self) -> list[ExerciseGrade]:
        """One record per student and exercise."""
        return [grade for student in self.students for grade in student.grades]

    def summary(self) -> list[dict[str, Any]]:
        """Per exercise: how many passed, failed, did not attempt it or had an error, and the
        most common mistakes."""
        rows = []
        for index, name in enumerate(self.exercises):
            grades = [student.grades[index] for student in self.students]
            counts = Counter(grade.status for grade in grades)
            mistakes = Counter(grade.mistakes[0] for grade in grades if grade.status == "failed" and grade.mistakes)
            rows.append({"exercise": name, "notebook": grades[0].notebook if grades else "",
                         **{status: counts.get(status, 0) for status in STATUSES},
                         "students": len(grades), "mistakes": dict(mistakes.most_common())})
        return rows

    def table(self, *, details: bool = True) -> str:
        """The grades as text: students x exercises, scores, the mistakes and errors of each
        student, and a summary per exercise."""
        return format_table(self, details=details)

    def to_json(self) -> dict[str, Any]:
        """Everything, as JSON-ready data."""
        return {
            "exercises": self.exercises,
            "students": [{"student": student.student, "files": student.files, "score": student.score,
                          "total": student.total, "notes": student.notes, "cpu_seconds": student.cpu_seconds,
                          "wall_seconds": student.wall_seconds} for student in self.students],
            "records": [asdict(record) for record in self.records],
            "summary": self.summary(),
            "wall_seconds": round(self.wall_seconds, 3),
        }

    def write_json(self, path: str | Path) -> None:
        """Write :meth:`to_json` to ``path``."""
        Path(path).write_text(json.dumps(self.to_json(), indent=2) + "\n", encoding="utf-8")

    def write_csv(self, path: str | Path) -> None:
        """One row per student and exercise."""
        Path(path).write_text(self.csv_text(), encoding="utf-8", newline="")

    def csv_text(self) -> str:
        """The CSV text of :meth:`write_csv`."""
        buffer = io.StringIO()
        writer = csv.writer(buffer)
        writer.writerow(CSV_COLUMNS)
        for record in self.records:
            row = asdict(record)
            row["mistakes"] = ";".join(record.mistakes)
            row["hint"] = record.hint or ""
            writer.writerow([row[column] for column in CSV_COLUMNS])
        return buffer.getvalue()


CSV_COLUMNS = ("student", "exercise", "notebook", "status", "mistakes", "hint", "tests_passed", "tests_total",
               "cpu_seconds", "learner_cpu_seconds", "message", "file")


def grade_class(submissions: Iterable[str | Path | Submission], *, jobs: int = 1, executor: Executor | None = None,
                exercises: Sequence[str] | None = None, limits: Limits = Limits(),
                progress: Any = None) -> ClassGrades:
    """Grade every student of ``submissions`` (files, folders or :class:`Submission` objects),
    each in a process of her own, ``jobs`` at a time (or on ``executor``, any
    :class:`concurrent.futures.Executor`: a process pool, a cluster's ...).

    Args:
        submissions: what to grade (see :func:`find_submissions`).
        jobs: how many students at a time, without an executor.
        executor: where to run :func:`grade_submission` for each student.
        exercises: the exercises to grade (all if ``None``).
        limits: per student.
        progress: called as ``progress(student_grade, done, total)`` as each student is done.

    Raises:
        FileNotFoundError, ValueError: see :func:`find_submissions`; ``jobs`` < 1.
    """
    if jobs < 1:
        raise ValueError(f"jobs must be 1 or more, not {jobs}")
    listed = list(submissions)
    given = [item for item in listed if isinstance(item, Submission)]
    found = given + find_submissions([item for item in listed if not isinstance(item, Submission)])
    names = [exercise.name for exercise in _exercises(exercises)]
    started = time.monotonic()
    own = executor is None
    pool = ThreadPoolExecutor(max_workers=jobs) if own else executor
    try:
        futures = [pool.submit(grade_submission, submission, names, limits) for submission in found]  # type: ignore
        results: list[StudentGrade] = []
        for number, future in enumerate(futures, 1):
            results.append(future.result())
            if progress is not None:
                progress(results[-1], number, len(futures))
    finally:
        if own:
            pool.shutdown()  # type: ignore[union-attr]
    return ClassGrades(names, results, time.monotonic() - started)


# -- the table ----------------------------------------------------------------------------------

_SYMBOL = {"passed": "ok", "failed": "F", "not attempted": "-", "error": "E"}


def format_table(grades: ClassGrades, *, details: bool = True) -> str:
    """The text of :meth:`ClassGrades.table`."""
    lines: list[str] = []
    numbers = {name: str(index) for index, name in enumerate(grades.exercises, 1)}
    legend = [f"{numbers[name]:>2} {name}" for name in grades.exercises]
    lines.append("Exercises: " + "   ".join(legend[:6]))
    for start in range(6, len(legend), 6):
        lines.append("           " + "   ".join(legend[start:start + 6]))
    lines.append("ok = passed, F = failed, - = not attempted, E = error")
    lines.append("")
    width = max([len("student"), *(len(student.student) for student in grades.students)]) + 2
    header = "student".ljust(width) + "".join(numbers[name].rjust(4) for name in grades.exercises) + "   score"
    lines.append(header)
    lines.append("-" * len(header))
    for student in grades.students:
        cells = "".join(_SYMBOL[grade.status].rjust(4) for grade in student.grades)
        lines.append(student.student.ljust(width) + cells + f"   {student.score}/{student.total}")
    if details:
        problems = []
        for student in grades.students:
            errors: dict[str, list[str]] = {}
            for grade in student.grades:
                if grade.status == "failed":
                    mistake = grade.mistakes[0] if grade.mistakes else None
                    what = f"{mistake} ({MISTAKES[mistake].title})" if mistake in MISTAKES else grade.message
                    problems.append(f"  {student.student}: {grade.exercise} failed: {what}")
                elif grade.status == "error":
                    errors.setdefault(grade.message, []).append(grade.exercise)
            for message, names in errors.items():
                which = names[0] if len(names) == 1 else f"{len(names)} exercises ({names[0]} ... {names[-1]})"
                problems.append(f"  {student.student}: {which} error: {message}")
            problems += [f"  {student.student}: {note}" for note in student.notes
                         if not any(note in message for message in errors)]
        if problems:
            lines += ["", "Mistakes and errors", *problems]
    lines += ["", f"Per exercise (of {len(grades.students)} students)"]
    name_width = max([len("exercise"), *(len(name) for name in grades.exercises)]) + 2
    lines.append("exercise".ljust(name_width) + "passed  failed  not attempted  error   most common mistakes")
    for row in grades.summary():
        common = ", ".join(f"{mistake} ({count})" for mistake, count in list(row["mistakes"].items())[:3])
        lines.append(row["exercise"].ljust(name_width) + f"{row['passed']:>6}  {row['failed']:>6}  "
                     f"{row['not attempted']:>13}  {row['error']:>5}   {common}")
    return "\n".join(lines)
