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
Python process (:mod:`tictac_edu.exercises.worker`) that runs the checks; her code runs in a
process of its own (:mod:`tictac_edu.exercises.remote`, :mod:`tictac_edu.exercises.host`),
inside the operating system's sandbox of :mod:`tictac_edu.exercises.sandbox` where it can be
(else under the in-process guard, and the grades say that isolation was best effort), with
limits on CPU time, memory, file sizes and wall-clock time. Only plain data comes back from it
(:mod:`tictac_edu.exercises.plain`), and the worker's records are signed with a secret of the
run. Her code never runs in the teacher's process, cannot see or write the teacher's files, and
whatever it does (loop at import, exit, print without end, crash the interpreter) is reported
for her while the rest of the class is still graded. When her process dies while one exercise
is checked, the student's remaining exercises are graded in a fresh one.

Every exercise of every student gets a status: ``passed``, ``failed`` (with the mistakes the
check diagnosed, the most likely first), ``not attempted`` (not defined, or still the stub) or
``error`` (her file could not be loaded, or the process died). Students are named by the paths
given (see :func:`find_submissions`), and what a folder holds that is not graded is reported
with the reason (:attr:`ClassGrades.skipped`). The score is the number of
exercises passed: nothing attempted scores 0. (The single-file command has one status more,
``partial``: only some of the exercise's tests were selected, so it is neither passed nor
failed, and not counted.)
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tictac_edu.exercises import sandbox
from tictac_edu.exercises.mistakes import MISTAKES

STATUSES = ("passed", "failed", "not attempted", "error", "partial")
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

    def __post_init__(self) -> None:
        for name in ("cpu_seconds", "memory_bytes", "wall_seconds", "file_bytes", "load_cpu_seconds"):
            value = getattr(self, name)
            if value is None and name == "wall_seconds":
                continue
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
                    or value <= 0:
                raise ValueError(f"Limits.{name} must be a finite positive number, not {value!r}")


@dataclass(frozen=True)
class Submission:
    """One student's work: a name, the files to grade together (as the teacher gave them, made
    absolute, not resolved), and notes about how they were found."""

    student: str
    files: tuple[str, ...]
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Skipped:
    """A path among the submissions that is not graded, and why."""

    path: str
    reason: str


@dataclass
class ExerciseGrade:
    """One exercise of one student: one record of the CSV and JSON output.

    Attributes:
        student: the student.
        exercise: the exercise.
        notebook: its notebook, ``"00"`` .. ``"07"``.
        status: ``"passed"``, ``"failed"``, ``"not attempted"``, ``"error"``, or (only when
            a pytest selection ran some of its tests) ``"partial"``.
        mistakes: the ids of the mistakes diagnosed, the most likely first.
        hint: the text of the hint she was shown first (under the first failed test), the
            hint for ``mistakes[0]`` when a classic mistake was recognised.
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
    first = report.failures[0] if report.failures else None
    if status == "failed":
        if first is not None:
            message = first.title + ": " + (first.error or first.message.split("\n")[0])
    return ExerciseGrade(
        student=student, exercise=exercise.name, notebook=exercise.notebook, status=status, mistakes=mistakes,
        hint=first.hint if status == "failed" and first is not None and first.hint else None,
        tests_passed=sum(result.status == "passed" for result in report.results), tests_total=len(report.results),
        cpu_seconds=round(report.cpu, 3), learner_cpu_seconds=round(report.learner_cpu, 3),
        message=_short(message), file=file)


def _short(text: str, limit: int = 240) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


# -- finding the submissions ------------------------------------------------------------------

def find_submissions(paths: Iterable[str | Path], skipped: list[Skipped] | None = None) -> list[Submission]:
    """The submissions in ``paths``: a ``.py``/``.ipynb`` file is one student; in a folder, each
    such file is one student and each sub-folder one student (all its files together).

    A student is named by the path the teacher gave, not where a symbolic link leads: her
    file's name without its suffix (or her folder's name), with as many of the folders above it
    as it takes to tell two students of one name apart (``class1/alice``, ``class2/alice``).
    Two links to one file are two students, each with a note saying so; a file given twice
    (``alice.py`` and the folder it is in) is graded once, with a note. What a folder holds and
    is not graded is appended to ``skipped`` with the reason: a file that is neither ``.py``
    nor ``.ipynb``, a name starting with ``_``, a symbolic link that leads nowhere, a linked
    folder outside the folder given, a link in a student's sub-folder that leads out of it (a
    linked file directly in the class folder is followed wherever it leads: the teacher may have
    gathered her class so), a sub-folder without a learner's file. Hidden names
    (``.ipynb_checkpoints``) and ``__pycache__`` are passed over in silence.

    Raises:
        FileNotFoundError: a path given does not exist (or is a link that leads nowhere).
        ValueError: a file given is neither ``.py`` nor ``.ipynb``.
    """
    skips = skipped if skipped is not None else []
    found: list[tuple[tuple[str, ...], str, tuple[str, ...]]] = []  # (name parts as given, stem, files)
    where: dict[tuple[str, ...], int] = {}
    notes: dict[int, list[str]] = {}

    def add(shown: Path, stem: str, files: Sequence[Path]) -> None:
        key = tuple(os.path.abspath(file) for file in files)
        if key in where:
            notes.setdefault(where[key], [str(Path(*found[where[key]][0]))]).append(str(shown))
            return
        where[key] = len(found)
        found.append((shown.parts, stem, key))

    for given in paths:
        path = Path(given)
        if path.is_symlink() and not path.exists():
            raise FileNotFoundError(f"{path} is a symbolic link to {os.readlink(path)}, which does not exist")
        if path.is_file():
            if path.suffix not in SUFFIXES:
                raise ValueError(f"{path} is not a learner's file: give .py files or .ipynb notebooks")
            add(path, path.stem, [path])
        elif path.is_dir():
            _scan_folder(path, add, skips)
        else:
            raise FileNotFoundError(f"no such file or folder: {path}")
    names = _names([(parts, stem) for parts, stem, _ in found])
    submissions = [Submission(name, files, tuple(_given_twice(notes[index]) if index in notes else ()))
                   for index, (name, (_, _, files)) in enumerate(zip(names, found, strict=True))]
    return _note_same_files(submissions)


def _given_twice(shown: list[str]) -> list[str]:
    """The note on a file given more than once (``shown``: each time, as it was given)."""
    return [f"given {len(shown)} times ({', '.join(shown)}): graded once"]


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def _link_problem(entry: Path, root: Path, *, files_too: bool) -> str:
    """Why the symbolic link ``entry`` is not followed (empty if it is, or is no link): it
    leads nowhere, or to a folder (to a file too, if ``files_too``) outside ``root``."""
    if not entry.is_symlink():
        return ""
    if not entry.exists():
        return f"a symbolic link to {os.readlink(entry)}, which does not exist"
    if (files_too or entry.is_dir()) and not _inside(entry.resolve(), root.resolve()):
        return f"a symbolic link to {entry.resolve()}, outside {root}"
    return ""


def _scan_folder(root: Path, add: Any, skips: list[Skipped]) -> None:
    """Add each student of the class folder ``root``; append what is not graded to ``skips``."""
    for entry in sorted(root.iterdir()):
        if entry.name.startswith(".") or entry.name == "__pycache__":
            continue
        problem = _link_problem(entry, root, files_too=False)
        if problem:
            skips.append(Skipped(str(entry), problem))
        elif entry.name.startswith("_"):
            skips.append(Skipped(str(entry), "its name starts with '_'"))
        elif entry.is_file():
            if entry.suffix in SUFFIXES:
                add(entry, entry.stem, [entry])
            else:
                skips.append(Skipped(str(entry), "neither a .py file nor an .ipynb notebook"))
        elif entry.is_dir():
            files = []
            for file in sorted(entry.rglob("*")):
                inner = file.relative_to(entry).parts
                if any(part.startswith(".") or part == "__pycache__" for part in inner):
                    continue
                problem = _link_problem(file, entry, files_too=True)
                if problem and file.suffix in SUFFIXES:
                    skips.append(Skipped(str(file), problem))
                elif not problem and file.is_file() and file.suffix in SUFFIXES:
                    files.append(file)
            if files:
                add(entry, entry.name, files)
            else:
                skips.append(Skipped(str(entry), "a folder without .py files or .ipynb notebooks"))
        else:
            skips.append(Skipped(str(entry), "neither a file nor a folder"))


def _names(items: Sequence[tuple[tuple[str, ...], str]]) -> list[str]:
    """A unique name per student (``items``: the parts of the path given, her stem): the stem,
    with as many folders of the path in front of it as it takes to tell her from another."""
    folders = [[part for part in parts[:-1] if part not in ("/", "\\")] for parts, _ in items]
    depth = [0] * len(items)

    def name(index: int) -> str:
        shown = folders[index][len(folders[index]) - depth[index]:] if depth[index] else []
        return "/".join([*shown, items[index][1]])

    while True:
        groups: dict[str, list[int]] = {}
        for index in range(len(items)):
            groups.setdefault(name(index), []).append(index)
        grown = False
        for members in groups.values():
            if len(members) > 1:
                for index in members:
                    if depth[index] < len(folders[index]):
                        depth[index] += 1
                        grown = True
        if not grown:
            break
    names = [name(index) for index in range(len(items))]
    counts: Counter = Counter()
    for index, text in enumerate(names):
        counts[text] += 1
        if counts[text] > 1:
            names[index] = f"{text} ({counts[text]})"
    return names


def _note_same_files(submissions: list[Submission]) -> list[Submission]:
    """A note on each student whose files are, once links are followed, another's."""
    by_files: dict[tuple[str, ...], list[int]] = {}
    for index, submission in enumerate(submissions):
        real = tuple(sorted(os.path.realpath(file) for file in submission.files))
        by_files.setdefault(real, []).append(index)
    result = list(submissions)
    for real, members in by_files.items():
        if len(members) < 2:
            continue
        for index in members:
            others = ", ".join(submissions[other].student for other in members if other != index)
            note = f"the same file as {others} (both lead to {', '.join(real)}): graded for each"
            result[index] = Submission(submissions[index].student, submissions[index].files,
                                       (*submissions[index].notes, note))
    return result


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

    from tictac_edu.exercises.plain import sign

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
        submission = Submission(path.stem, (os.path.abspath(path),))
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
    """The grades of a class: one :class:`StudentGrade` per student, in the order given, and
    what was found and not graded."""

    exercises: list[str]
    students: list[StudentGrade]
    wall_seconds: float = 0.0
    skipped: list[Skipped] = field(default_factory=list)

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
        """Everything, as JSON-ready data (one record per student and exercise: the fields of
        :class:`ExerciseGrade`)."""
        return {
            "exercises": self.exercises,
            "students": [{"student": student.student, "files": student.files, "score": student.score,
                          "total": student.total, "notes": student.notes, "cpu_seconds": student.cpu_seconds,
                          "wall_seconds": student.wall_seconds} for student in self.students],
            "records": [asdict(record) for record in self.records],
            "summary": self.summary(),
            "skipped": [asdict(item) for item in self.skipped],
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
                progress: Any = None, skipped: Iterable[Skipped] = ()) -> ClassGrades:
    """Grade every student of ``submissions`` (files, folders or :class:`Submission` objects),
    each in a process of her own, ``jobs`` at a time (or on ``executor``, any
    :class:`concurrent.futures.Executor`: a process pool, a Dask cluster's
    ``client.get_executor()`` (see :func:`dask_executor`) ...). The grades are the same on
    any executor; the students come back in the order given.

    Args:
        submissions: what to grade (see :func:`find_submissions`).
        jobs: how many students at a time, without an executor.
        executor: where to run :func:`grade_submission` for each student.
        exercises: the exercises to grade (all if ``None``).
        limits: per student.
        progress: called as ``progress(student_grade, done, total)`` as each student is done.
        skipped: what was found and not graded already (the folders given add their own).

    Raises:
        FileNotFoundError, ValueError: see :func:`find_submissions`; ``jobs`` < 1.
    """
    if jobs < 1:
        raise ValueError(f"jobs must be 1 or more, not {jobs}")
    listed = list(submissions)
    skips = list(skipped)
    given = [item for item in listed if isinstance(item, Submission)]
    found = given + find_submissions([item for item in listed if not isinstance(item, Submission)], skips)
    names = [exercise.name for exercise in _exercises(exercises)]
    started = time.monotonic()
    own = executor is None
    pool = ThreadPoolExecutor(max_workers=jobs) if own else executor
    try:
        futures = {pool.submit(grade_submission, submission, names, limits): index  # type: ignore[union-attr]
                   for index, submission in enumerate(found)}
        graded: dict[int, StudentGrade] = {}
        for future in as_completed(futures):  # progress as students finish, in any order
            graded[futures[future]] = future.result()
            if progress is not None:
                progress(graded[futures[future]], len(graded), len(futures))
        results = [graded[index] for index in range(len(found))]
    finally:
        if own:
            pool.shutdown()  # type: ignore[union-attr]
    for submission, result in zip(found, results, strict=True):
        result.notes = [*submission.notes, *result.notes]
    return ClassGrades(names, results, time.monotonic() - started, skips)


@contextmanager
def dask_executor(address: str = "local", workers: int = 2) -> Iterator[Executor]:
    """An executor on a Dask cluster for :func:`grade_class`: the scheduler at ``address``
    (``"tcp://HOST:PORT"``), or ``"local"``: a cluster of ``workers`` processes on this machine,
    one student at a time each. Every worker needs this package (it runs
    :func:`grade_submission`, which starts each student's own process there).

    Raises:
        ValueError: ``address`` is neither ``"local"`` nor a scheduler's address; ``workers`` < 1.
        OSError: no scheduler answers at ``address``.
        ImportError: ``dask.distributed`` is not installed.
    """
    try:
        from distributed import Client, LocalCluster
    except ImportError as exc:
        raise ImportError('grading on Dask needs dask.distributed: pip install "dask[distributed]"') from exc
    if address != "local" and "://" not in address:
        raise ValueError(f"--dask {address!r}: give a scheduler's address, tcp://HOST:PORT, or 'local'")
    if workers < 1:
        raise ValueError(f"a local cluster needs 1 worker or more, not {workers}")
    cluster = None
    if address == "local":
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
    try:
        client = Client(cluster if cluster is not None else address, timeout="20s")
    except (OSError, TimeoutError) as exc:
        if cluster is not None:
            cluster.close()
        raise OSError(f"no Dask scheduler answers at {address}: {exc}") from exc
    try:
        yield client.get_executor(pure=False)  # each student graded afresh, never from a cache
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


# -- the table ----------------------------------------------------------------------------------

_SYMBOL = {"passed": "ok", "failed": "F", "not attempted": "-", "error": "E", "partial": "p"}


def printable(text: str) -> str:
    """``text`` with control characters (a newline in a file name, a terminal escape) written
    as escapes, so that it stays on its line: ``printable("new\\nline")`` is ``'new\\\\nline'``."""
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else repr(char)[1:-1] if char != "'" else char for char in text)


def format_table(grades: ClassGrades, *, details: bool = True) -> str:
    """The text of :meth:`ClassGrades.table` (every name and message on one line)."""
    lines: list[str] = []
    numbers = {name: str(index) for index, name in enumerate(grades.exercises, 1)}
    legend = [f"{numbers[name]:>2} {name}" for name in grades.exercises]
    lines.append("Exercises: " + "   ".join(legend[:6]))
    for start in range(6, len(legend), 6):
        lines.append("           " + "   ".join(legend[start:start + 6]))
    partial = any(grade.status == "partial" for grade in grades.records)
    lines.append("ok = passed, F = failed, - = not attempted, E = error"
                 + (", p = partial (only some of its tests ran: not counted)" if partial else ""))
    lines.append("")
    width = max([len("student"), *(len(printable(student.student)) for student in grades.students)]) + 2
    header = "student".ljust(width) + "".join(numbers[name].rjust(4) for name in grades.exercises) + "   score"
    lines.append(header)
    lines.append("-" * len(header))
    for student in grades.students:
        cells = "".join(_SYMBOL[grade.status].rjust(4) for grade in student.grades)
        lines.append(printable(student.student).ljust(width) + cells + f"   {student.score}/{student.total}")
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
                elif grade.status == "partial":
                    problems.append(f"  {student.student}: {grade.exercise} partial: {grade.message}")
            for message, names in errors.items():
                which = names[0] if len(names) == 1 else f"{len(names)} exercises ({names[0]} ... {names[-1]})"
                problems.append(f"  {student.student}: {which} error: {message}")
            problems += [f"  {student.student}: {note}" for note in student.notes
                         if not any(note in message for message in errors)]
        if problems:
            lines += ["", "Mistakes and errors", *map(printable, problems)]
    if grades.skipped:
        lines += ["", f"Not graded ({len(grades.skipped)})"]
        lines += [printable(f"  {item.path}: {item.reason}") for item in grades.skipped]
    count = len(grades.students)
    lines += ["", f"Per exercise (of {count} student{'' if count == 1 else 's'})"]
    name_width = max([len("exercise"), *(len(name) for name in grades.exercises)]) + 2
    lines.append("exercise".ljust(name_width) + "passed  failed  not attempted  error"
                 + ("  partial" if partial else "") + "   most common mistakes")
    for row in grades.summary():
        common = ", ".join(f"{mistake} ({count})" for mistake, count in list(row["mistakes"].items())[:3])
        lines.append(row["exercise"].ljust(name_width) + f"{row['passed']:>6}  {row['failed']:>6}  "
                     f"{row['not attempted']:>13}  {row['error']:>5}"
                     + (f"  {row['partial']:>7}" if partial else "") + f"   {common}")
    return "\n".join(lines)
