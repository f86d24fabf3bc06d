"""How long grading takes: a whole class on 1 and 2 processes, and every check's CPU time.

    python benchmarks/grading.py [--copies 100] [--jobs 1 2] [--skip-class] [--skip-checks]

1. A class of ``--copies`` students, a third each of: the reference solutions of every
   exercise, the untouched stubs, and buggy versions (each buggy student a different
   combination of :mod:`tictac_edu.exercises.buggy`, wrapped in functions of the student's own
   file), graded by :func:`tictac_edu.exercises.grading.grade_class` with ``jobs`` processes at
   a time. The table shows the wall-clock time, the students per minute and the CPU time of
   the grading processes (each student's process, as the system counts it).
2. Every check's CPU time (``time.process_time`` around ``check``, the checker's own work
   included), per exercise: the reference, the stub and every buggy version, each exercise in
   a fresh process so the first check pays for the figures it computes once. The table shows
   the maximum, the promise being at most 5 s for any function.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tictac_edu.exercises import exercise_names, solution_source, stub_source
from tictac_edu.exercises.buggy import versions
from tictac_edu.exercises.grading import Limits, grade_class


def _buggy_file(index: int) -> str:
    """A student whose every exercise is one buggy version (the ``index``-th combination)."""
    lines = ["from tictac_edu.exercises import buggy as _buggy", ""]
    for name in exercise_names():
        choices = versions(name)
        entry = choices[index % len(choices)]
        lines += [f"def {name}(*args):", f"    return _buggy.{entry.name}(*args)", "", ""]
    return "\n".join(lines)


def build_class(folder: Path, copies: int) -> dict[str, str]:
    """Write the class into ``folder``; the kind of each student."""
    kinds = {}
    reference = "\n\n".join(solution_source(name) for name in exercise_names())
    stubs = "\n\n".join(stub_source(name) for name in exercise_names())
    for number in range(copies):
        kind = ("reference", "stubs", "buggy")[number % 3]
        student = f"student{number:03d}"
        source = reference if kind == "reference" else stubs if kind == "stubs" else _buggy_file(number // 3)
        (folder / f"{student}.py").write_text(source)
        kinds[student] = kind
    return kinds


def grade_the_class(copies: int, jobs_list: list[int]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        kinds = build_class(folder, copies)
        print(f"a class of {copies} students (references, stubs and buggy versions by thirds), "
              f"{len(exercise_names())} exercises each")
        print(f"{'processes':>9}  {'wall s':>8}  {'students/min':>12}  {'CPU s':>8}  "
              f"{'CPU s per student: reference':>29}  {'stubs':>6}  {'buggy':>6}  {'scores':>24}")
        for jobs in jobs_list:
            started = time.monotonic()
            grades = grade_class([folder], jobs=jobs, limits=Limits())
            wall = time.monotonic() - started
            cpu = sum(student.cpu_seconds for student in grades.students)
            per_kind = {kind: [student.cpu_seconds for student in grades.students if kinds[student.student] == kind]
                        for kind in ("reference", "stubs", "buggy")}
            mean = {kind: sum(values) / len(values) if values else 0.0 for kind, values in per_kind.items()}
            scores = sorted({(kinds[student.student], student.score) for student in grades.students})
            score_text = ", ".join(f"{kind} {score}" for kind, score in scores)
            print(f"{jobs:>9}  {wall:>8.1f}  {60 * copies / wall:>12.1f}  {cpu:>8.1f}  {mean['reference']:>29.2f}"
                  f"  {mean['stubs']:>6.2f}  {mean['buggy']:>6.2f}  {score_text}")


_MEASURE = r"""
import json, sys, time
from tictac_edu.exercises import check, reference, stub_source
from tictac_edu.exercises.buggy import versions
name = sys.argv[1]
namespace = {}
exec(stub_source(name), namespace)
rows = []
for label, function in [("reference", reference(name)), ("stub", namespace[name])] + \
        [(entry.name, entry.function) for entry in versions(name)]:
    started = time.process_time()
    report = check(name, function)
    rows.append((label, time.process_time() - started, report.status, report.learner_cpu))
print(json.dumps(rows))
"""


def time_the_checks() -> None:
    print("CPU seconds of one check, the checker's own work included (each exercise in a fresh process)")
    print(f"{'exercise':<18} {'reference':>9} {'stub':>6} {'buggy (max)':>11}  {'slowest buggy version':<40} "
          f"{'max':>6}")
    worst = 0.0
    for name in exercise_names():
        output = subprocess.run([sys.executable, "-c", _MEASURE, name], capture_output=True, text=True, check=True,
                                env={**os.environ, "PYTHONHASHSEED": "0"}).stdout
        rows = json.loads(output)
        reference_cpu, stub_cpu = rows[0][1], rows[1][1]
        slowest = max(rows[2:], key=lambda row: row[1])
        top = max(row[1] for row in rows)
        worst = max(worst, top)
        print(f"{name:<18} {reference_cpu:>9.2f} {stub_cpu:>6.2f} {slowest[1]:>11.2f}  {slowest[0]:<40} {top:>6.2f}")
    print(f"the slowest check of any version: {worst:.2f} s of CPU")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--copies", type=int, default=100, help="students in the class (default 100)")
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2], help="processes at a time (default 1 2)")
    parser.add_argument("--skip-class", action="store_true", help="do not grade the class")
    parser.add_argument("--skip-checks", action="store_true", help="do not time the checks one by one")
    options = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.2f}, {time.strftime('%Y-%m-%d')}")
    if not options.skip_class:
        grade_the_class(options.copies, options.jobs)
        print()
    if not options.skip_checks:
        time_the_checks()
    return 0


if __name__ == "__main__":
    sys.exit(main())
