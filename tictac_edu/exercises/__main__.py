"""The teacher's commands.

``python -m tictac_edu.exercises grade SUBMISSIONS... [--jobs N] [--csv FILE] [--json FILE]``
grades a class (see :mod:`tictac_edu.exercises.grading`); ``python -m tictac_edu.exercises FILE
[pytest options]`` checks one learner's file with pytest, in a protected process, and ends with
the same per-exercise summary; ``--list`` lists the exercises.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

USAGE = """usage: python -m tictac_edu.exercises grade SUBMISSIONS... [--jobs N] [--csv FILE] [--json FILE]
       python -m tictac_edu.exercises FILE [pytest options]
       python -m tictac_edu.exercises --list

grade: grades every learner's file (.py, or .ipynb whose exercise cells are tagged
exercise:<name>) in SUBMISSIONS (files, or folders of them: each file in a folder is one
student, each sub-folder one student), each in a process of its own, N at a time; prints a
table of students and exercises with a score per student and a summary per exercise, and
writes the same as CSV and JSON. Exits with 0 whenever the grading itself worked.

FILE: runs the exercise tests on the functions FILE defines, with pytest (its options pass
through), in a protected process. Examples:

    python -m tictac_edu.exercises grade submissions/ --jobs 2 --csv grades.csv
    python -m tictac_edu.exercises alice.py
    python -m tictac_edu.exercises alice.py -k "winner or minimax"
"""

OUTPUT_LIMIT = 1 << 20
"""Bytes of the single-file command's output shown at most (a learner's flood is cut)."""


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
    parser.add_argument("--cpu-limit", type=float, default=300.0, metavar="SECONDS",
                        help="CPU time per student (default 300)")
    parser.add_argument("--memory-limit", type=float, default=4096, metavar="MB",
                        help="memory per student (default 4096)")
    parser.add_argument("--wall-limit", type=float, default=None, metavar="SECONDS",
                        help="wall-clock time per student, a last resort (default 4 x the CPU limit + 60)")
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
    from tictac_edu.exercises.grading import Limits, find_submissions, grade_class

    try:
        exercises = _chosen_exercises(options.notebook, options.exercise)
        submissions = find_submissions(options.submissions)
        if options.jobs < 1:
            raise ValueError(f"--jobs must be 1 or more, not {options.jobs}")
        if options.cpu_limit <= 0 or options.memory_limit <= 0 or (options.wall_limit is not None and
                                                                   options.wall_limit <= 0):
            raise ValueError("the limits must be positive numbers")
    except (FileNotFoundError, ValueError) as exc:
        print(f"grade: {exc}", file=sys.stderr)
        return 2
    if not submissions:
        print(f"grade: no .py or .ipynb files found in {', '.join(options.submissions)}", file=sys.stderr)
        return 2
    for target in (options.csv, options.json):
        if target and not Path(target).resolve().parent.is_dir():
            print(f"grade: cannot write {target}: no such folder", file=sys.stderr)
            return 2
    limits = Limits(cpu_seconds=options.cpu_limit, memory_bytes=int(options.memory_limit * (1 << 20)),
                    wall_seconds=options.wall_limit)

    def progress(student: object, done: int, total: int) -> None:
        if not options.quiet:
            print(f"graded {student.student}: {student.score}/{student.total} ({done}/{total})",  # type: ignore
                  file=sys.stderr, flush=True)

    grades = grade_class(submissions, jobs=options.jobs, exercises=exercises or exercise_names(), limits=limits,
                         progress=progress)
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
    from tictac_edu.exercises.grading import Limits, run_worker

    tests = Path(__file__).with_name("tests.py")
    limits = Limits()
    args = [str(tests), "--learner", str(Path(learner).resolve()), "-p", "no:cacheprovider",
            "-p", "tictac_edu.exercises.pytest_plugin", "-rfEs", *rest]
    run = run_worker({"limits": limits.__dict__, "files": [str(Path(learner).resolve())], "exercises": []},
                     limits.wall, pytest_args=args, forward_output=OUTPUT_LIMIT)
    if not run.sandboxed:
        from tictac_edu.exercises.sandbox import BEST_EFFORT

        print(f"\nNote: {BEST_EFFORT}.", flush=True)
    if run.timed_out or run.returncode is None or run.returncode < 0 or run.returncode > 5:
        from tictac_edu.exercises.grading import _crash_detail, _ended

        print(f"\nThe tests of {learner} did not finish: {_ended(run, limits)}{_crash_detail(run)}.", flush=True)
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
