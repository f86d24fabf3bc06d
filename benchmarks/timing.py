"""What the benchmark scripts share: CPU-time measurement, medians and percentiles, the
formatting of times and rates, and the message for a peer that is not installed.

The rules every script follows (``benchmarks/README.md``): peers run live, in the same run,
on the same positions; positions are built before the clock starts, and only the search (or
the playout, or the move) is timed; time is CPU time (:func:`time.process_time`), as this
machine is shared; each measurement is repeated and the median kept. A figure measured on
another machine is never divided by.

The scripts import this module as ``timing``: run them as ``python benchmarks/NAME.py`` (the
script's folder is then on ``sys.path``).
"""

from __future__ import annotations

import datetime
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any, TypeVar

from tictac_edu.arena.stats import format_seconds as format_seconds  # re-exported: the scripts print times alike

T = TypeVar("T")
S = TypeVar("S")


def cpu_time(function: Callable[[], T]) -> tuple[T, float]:
    """Run ``function()`` once: its result and the CPU seconds it took (this process only)."""
    started = time.process_time()
    result = function()
    return result, time.process_time() - started


def both_times(function: Callable[[], T]) -> tuple[T, float, float]:
    """Run ``function()`` once: its result, the wall-clock seconds and the CPU seconds."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = function()
    return result, time.perf_counter() - wall, time.process_time() - cpu


MAX_RUNS = 1000
"""The most runs :func:`median_cpu` makes to fill ``min_seconds``."""


def median_cpu(function: Callable[[], T], repeat: int, min_seconds: float = 0.0) -> tuple[T, float, int]:
    """Run ``function()`` ``repeat`` times, and more while the runs add up to less than
    ``min_seconds`` of CPU time (a short search is noisy; its median over many runs is not):
    the last result, the median CPU seconds and the number of runs."""
    return median_cpu_after(lambda: None, lambda _: function(), repeat, min_seconds)


def median_cpu_after(setup: Callable[[], S], function: Callable[[S], T], repeat: int,
                     min_seconds: float = 0.0) -> tuple[T, float, int]:
    """Like :func:`median_cpu` for ``function(setup())``, with ``setup()`` outside the clock
    (a fresh transposition table for every run, say)."""
    times: list[float] = []
    while len(times) < max(1, repeat) or (sum(times) < min_seconds and len(times) < MAX_RUNS):
        prepared = setup()
        started = time.process_time()
        result = function(prepared)
        times.append(time.process_time() - started)
    return result, statistics.median(times), len(times)


def percentile(values: list[float], fraction: float) -> float:
    """The ``fraction`` percentile of ``values`` by the nearest-rank rule (0.9: the 90th)."""
    ordered = sorted(values)
    if not ordered:
        raise ValueError("no values")
    rank = max(1, min(len(ordered), round(fraction * len(ordered) + 0.5)))
    return ordered[rank - 1]


def format_ratio(ratio: float | None) -> str:
    """``2.45x``, or ``-`` when there is nothing to compare with."""
    if ratio is None:
        return "-"
    return f"{ratio:.2f}x" if ratio < 10 else f"{ratio:.1f}x"


def machine_line() -> str:
    """One line saying where and when a run was made (the figures depend on it)."""
    cores = os.cpu_count() or 0
    load = ""
    if hasattr(os, "getloadavg"):
        load = f", load average {os.getloadavg()[0]:.2f}"
    return (f"Python {platform.python_version()} on {platform.machine()}, {cores} cores{load}, "
            f"{datetime.date.today().isoformat()}; times are CPU seconds (time.process_time)")


def peer_missing(peer: str, install: str, error: BaseException) -> None:
    """Say that a peer is skipped, why, and how to install it (on standard output, in the table's place)."""
    print(f"{peer}: skipped, not installed ({type(error).__name__}: {error}).")
    print(f"  To run it: {install}   (for the benchmarks only; not a dependency of the course)")


def flush() -> None:
    """Flush standard output, so a long run shows its progress."""
    sys.stdout.flush()


def random_opening(start: Any, plies: int, rng: random.Random) -> Any:
    """``plies`` uniformly random moves from ``start``, drawn again until the game is not over."""
    while True:
        state = start
        for _ in range(plies):
            if state.is_terminal():
                break
            state = state.play(rng.choice(state.legal_moves()))
        if not state.is_terminal():
            return state
