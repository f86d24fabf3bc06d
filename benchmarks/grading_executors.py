"""Grading one class on one process, on a pool of two and on a two-worker Dask cluster.

    python benchmarks/grading_executors.py [--copies 100] [--exercise NAME ...] [--executors one pool dask]

The class is :func:`grading.build_class`'s (a third each of complete, untouched and buggy
files). Each executor grades it with :func:`tictac_edu.exercises.grading.grade_class`:

* ``one``: one student at a time (``jobs=1``: each student's process started from here);
* ``pool``: a ``ProcessPoolExecutor(2)``, each of its two processes grading one student at
  a time;
* ``dask``: a ``distributed.LocalCluster`` of two worker processes (one thread each) through
  ``client.get_executor()``, as ``grade --dask local --jobs 2`` does.

``wall s`` runs from creating the executor to shutting it down (a cluster's start included);
``start s`` is that start alone. ``CPU s`` is every process's CPU time, as the system counts
it: this one's (``time.process_time``) and its children's and theirs (``RUSAGE_CHILDREN``, the
pool's or cluster's workers and the students' processes), read once everything has ended;
``students' CPU s`` is the students' processes alone (what :class:`StudentGrade` reports).
``same`` says whether the grades (every status, mistake and hint) equal the first executor's.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from grading import build_class  # noqa: E402  (the class of benchmarks/grading.py)

from tictac_edu.exercises import exercise_names  # noqa: E402
from tictac_edu.exercises.grading import ClassGrades, Limits, dask_executor, grade_class  # noqa: E402


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (and theirs)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


@contextmanager
def _pool() -> Iterator[Executor]:
    with ProcessPoolExecutor(2) as pool:
        yield pool


EXECUTORS: dict[str, tuple[str, Callable[[], Any]]] = {
    "one": ("one process (jobs=1)", lambda: nullcontext(None)),
    "pool": ("ProcessPoolExecutor(2)", _pool),
    "dask": ("LocalCluster, 2 workers", lambda: dask_executor("local", 2)),
}


def _outcome(grades: ClassGrades) -> list[tuple[str, str, str, tuple[str, ...], str | None]]:
    return [(record.student, record.exercise, record.status, tuple(record.mistakes), record.hint)
            for record in grades.records]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--copies", type=int, default=100, help="students in the class (default 100)")
    parser.add_argument("--exercise", action="append", metavar="NAME", help="grade only these (default: all)")
    parser.add_argument("--executors", nargs="+", choices=list(EXECUTORS), default=list(EXECUTORS),
                        help="which executors, in this order (default: one pool dask)")
    options = parser.parse_args(argv)
    names = options.exercise or exercise_names()
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}, "
          f"{time.strftime('%Y-%m-%d %H:%M')}")
    print(f"a class of {options.copies} students (references, stubs and buggy versions by thirds), "
          f"{len(names)} exercises each")
    print(f"{'executor':<26} {'wall s':>8} {'start s':>8} {'students/min':>12} {'CPU s':>8} "
          f"{'students CPU s':>15}  {'load':>5}  same")
    first = None
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        build_class(folder, options.copies)
        for key in options.executors:
            label, make = EXECUTORS[key]
            cpu_before, started = _cpu(), time.monotonic()
            with make() as executor:
                ready = time.monotonic() - started
                grades = grade_class([folder], jobs=1, executor=executor, exercises=names, limits=Limits())
            wall, cpu = time.monotonic() - started, _cpu() - cpu_before
            students_cpu = sum(student.cpu_seconds for student in grades.students)
            outcome = _outcome(grades)
            first = first if first is not None else outcome
            print(f"{label:<26} {wall:>8.1f} {ready:>8.1f} {60 * options.copies / wall:>12.1f} {cpu:>8.1f} "
                  f"{students_cpu:>15.1f}  {os.getloadavg()[0]:>5.2f}  {'yes' if outcome == first else 'NO'}",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
