"""The teacher's commands.

``python -m tictac_edu.exercises grade SUBMISSIONS... [--jobs N] [--csv FILE] [--json FILE]``
grades a class (see :mod:`tictac_edu.exercises.grading`); ``python -m tictac_edu.exercises FILE
[pytest options]`` checks one learner's file with pytest, in a protected process, and ends with
the same per-exercise summary; ``--list`` lists the exercises.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path

USAGE = """usage: python -m tictac_edu.exercises grade SUBMISSIONS... [--jobs N] [--dask ADDRESS]
                                      [--csv FILE] [--json FILE]
       python -m tictac_edu.exercises FILE [pytest options]
       python -m tictac_edu.exercises --list

grade: grades every learner's file (.py, or .ipynb whose exercise cells are tagged
exercise:<name>) in SUBMISSIONS (files, or folders of them: each file in a folder is one
student, each sub-folder one student), each in a process of its own, N at a time (or on a
Dask cluster: --dask tcp://HOST:PORT, or --dask local for N local workers); prints a
table of students and exercises with a score per student and a summary per exercise, and
writes the same as CSV and JSON. Exits with 0 whenever the grading itself worked.

FILE: runs the exercise tests on the functions FILE defines, with pytest (its options pass
through), in a protected process; --exercise NAME runs every test of one exercise (pytest's -k
matches parts of the tests' names: an exercise of which only some tests ran is reported as
partial and not counted). Examples:

    python -m tictac_edu.exercises grade submissions/ --jobs 2 --csv grades.csv
    python -m tictac_edu.exercises alice.py
    python -m tictac_edu.exercises alice.py --exercise winner --exercise minimax
"""

OUTPUT_LIMIT = 1 << 20
"""Bytes of the single-file command's output shown at most (a learner's flood is cut)."""

MIN_MEMORY_MB = 256
"""The least ``--memory-limit``: a student's process with the package and its checks loaded
needs about 128 MB of address space to pass every check with the reference solutions."""
MIN_SECONDS = 10.0
"""The least ``--cpu-limit`` and ``--wall-limit``: a student's process takes a few seconds of
CPU to start, load the checks and run them."""


def _limit(name: str, unit: str, least: float) -> Callable[[str], float]:
    """An argparse type: a finite number of ``unit``, at least ``least``; the refusal names
    the option and the value."""
    import math

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number of {unit}") from None
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"{text!r}: give a finite number of {unit}")
        if value < least:
            raise argparse.ArgumentTypeError(
                f"{text} {unit} is too little: give at least {least:g} {unit} (with less, a student's process "
                f"cannot even load the checks)")
        return value

    parse.__name__ = name
    return parse


def _grade_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m tictac_edu.exercises grade",
                                     description="Grade a class: every learner's file, each in a process of its own.")
    parser.add_argument("submissions", nargs="+", help=".py or .ipynb files, or folders of them")
    parser.add_argument("--jobs", "-j", type=int, default=1, help="students graded at a time (default 1)")
    parser.add_argument("--csv", metavar="FILE", help="write one row per student and exercise to FILE")
    parser.add_argument("--json", metavar="FILE", help="write the grades as JSON to FILE")
    parser.add_argument("--notebook", action="append", metavar="NN",
                        help="grade only this notebook's exercises (may be given more than once)")
    parser.add_argument("--exercise", action="append", metavar="NAME",
                        help="grade only this exercise (may be given more than once)")
    parser.add_argument("--cpu-limit", type=_limit("cpu limit", "seconds", MIN_SECONDS), default=300.0,
                        metavar="SECONDS", help=f"CPU time per student (default 300, at least {MIN_SECONDS:g})")
    parser.add_argument("--memory-limit", type=_limit("memory limit", "MB", MIN_MEMORY_MB), default=4096,
                        metavar="MB", help=f"memory per student (default 4096, at least {MIN_MEMORY_MB})")
    parser.add_argument("--wall-limit", type=_limit("wall limit", "seconds", MIN_SECONDS), default=None,
                        metavar="SECONDS",
                        help="wall-clock time per student, a last resort (default 4 x the CPU limit + 60)")
    parser.add_argument("--dask", metavar="ADDRESS",
                        help="grade on a Dask cluster: its scheduler's tcp://HOST:PORT, or 'local' (a cluster of "
                             "--jobs worker processes on this machine); each worker needs this package")
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress lines, no details under the table")
    return parser


def grade_command(argv: list[str]) -> int:
    """``grade``: grade a class; 0 whenever grading worked, 2 when it could not."""
    parser = _grade_parser()
    try:
        options = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    from tictac_edu.exercises.api import exercise_names
    from tictac_edu.exercises.grading import Limits, Skipped, find_submissions, grade_class, printable

    skipped: list[Skipped] = []
    try:
        exercises = _chosen_exercises(options.notebook, options.exercise)
        submissions = find_submissions(options.submissions, skipped)
        if options.jobs < 1:
            raise ValueError(f"--jobs must be 1 or more, not {options.jobs}")
    except (FileNotFoundError, ValueError) as exc:
        print(printable(f"grade: {exc}"), file=sys.stderr)
        return 2
    if not submissions:
        print(printable(f"grade: no .py or .ipynb files found in {', '.join(options.submissions)}"), file=sys.stderr)
        for item in skipped:
            print(printable(f"  not graded: {item.path}: {item.reason}"), file=sys.stderr)
        return 2
    for target in (options.csv, options.json):
        if target and not Path(target).resolve().parent.is_dir():
            print(f"grade: cannot write {target}: no such folder", file=sys.stderr)
            return 2
    limits = Limits(cpu_seconds=options.cpu_limit, memory_bytes=int(options.memory_limit * (1 << 20)),
                    wall_seconds=options.wall_limit)

    def progress(student: object, done: int, total: int) -> None:
        if not options.quiet:
            print(printable(f"graded {student.student}: {student.score}/{student.total} "  # type: ignore
                            f"({done}/{total})"), file=sys.stderr, flush=True)

    with ExitStack() as stack:
        executor = None
        if options.dask:
            from tictac_edu.exercises.grading import dask_executor

            try:
                executor = stack.enter_context(dask_executor(options.dask, options.jobs))
            except (OSError, ValueError, ImportError) as exc:
                print(f"grade: {exc}", file=sys.stderr)
                return 2
        grades = grade_class(submissions, jobs=options.jobs, executor=executor,
                             exercises=exercises or exercise_names(), limits=limits, progress=progress,
                             skipped=skipped)
    print(grades.table(details=not options.quiet))
    try:
        if options.csv:
            grades.write_csv(options.csv)
        if options.json:
            grades.write_json(options.json)
    except OSError as exc:
        print(f"grade: cannot write the results: {exc}", file=sys.stderr)
        return 2
    return 0


def _chosen_exercises(notebooks: list[str] | None, names: list[str] | None) -> list[str]:
    from tictac_edu.exercises.api import exercise_names
    from tictac_edu.exercises.registry import get_exercise

    chosen: list[str] = []
    for notebook in notebooks or []:
        found = exercise_names(notebook)
        if not found:
            raise ValueError(f"notebook {notebook!r} has no exercises")
        chosen += found
    for name in names or []:
        chosen.append(get_exercise(name).name)
    ordered = [name for name in exercise_names() if name in chosen]
    return ordered


def file_command(learner: str, rest: list[str]) -> int:
    """``FILE [pytest options]``: the exercise tests on one learner's file, with pytest, in a
    protected process; pytest's exit code."""
    import os

    from tictac_edu.exercises.grading import Limits, run_worker

    tests = Path(__file__).with_name("tests.py")
    limits = Limits()
    path = os.path.abspath(learner)  # named as given (not where a link leads)
    args = [str(tests), "--learner", path, "-p", "no:cacheprovider",
            "-p", "tictac_edu.exercises.pytest_plugin", "-rfEs", *rest]
    run = run_worker({"limits": limits.__dict__, "files": [path], "exercises": []},
                     limits.wall, pytest_args=args, forward_output=OUTPUT_LIMIT)
    if not run.sandboxed:
        from tictac_edu.exercises.sandbox import BEST_EFFORT

        print(f"\nNote: {BEST_EFFORT}.", flush=True)
    finished = any(record.get("type") == "done" for record in run.records)
    if not finished or run.timed_out or run.returncode is None or run.returncode < 0 or run.returncode > 5:
        from tictac_edu.exercises.grading import _crash_detail, _ended, printable

        how = f"{_ended(run, limits)}{_crash_detail(run)}"
        how += "" if how.endswith("?") else "."
        if not any(record.get("type") == "loaded" for record in run.records):
            print(f"\n{printable(learner)} did not load: while it was loaded, {how}", flush=True)
            return 2
        print(f"\nThe tests of {printable(learner)} did not finish: {how}", flush=True)
        return 1
    return run.returncode


def main(argv: list[str] | None = None) -> int:
    """Run a teacher's command; its exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(USAGE)
        return 0 if args else 2
    if args[0] == "--list":
        from tictac_edu.exercises.registry import all_exercises

        for exercise in all_exercises():
            print(f"{exercise.notebook}  {exercise.name:<18} {exercise.summary}")
        return 0
    if args[0] == "grade" and not Path("grade").is_file():
        return grade_command(args[1:])
    learner, rest = args[0], args[1:]
    if not Path(learner).is_file():
        print(f"no such file: {learner}\n\n{USAGE}", file=sys.stderr)
        return 2
    return file_command(learner, rest)


if __name__ == "__main__":
    sys.exit(main())
