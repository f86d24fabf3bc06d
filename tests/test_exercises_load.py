"""Under load: two CPU-bound programs compete for the cores while every reference solution is
checked. The limits count the learner's CPU time, not the wall clock, so all of them pass."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator

import pytest

from tictac_edu.exercises import check, exercise_names, reference

BUSY = "while True: pass"


@pytest.fixture
def busy_cores() -> Iterator[list[subprocess.Popen]]:
    """Two processes that spin on the CPU for the duration of the test."""
    processes = [subprocess.Popen([sys.executable, "-c", BUSY]) for _ in range(2)]
    time.sleep(0.3)
    try:
        yield processes
    finally:
        for process in processes:
            process.kill()
        for process in processes:
            process.wait(10)


def test_every_reference_passes_while_two_programs_compete_for_the_cores(busy_cores):
    slow = []
    for name in exercise_names():
        started = time.process_time()
        report = check(name, reference(name))
        assert report.passed, str(report)
        cpu = time.process_time() - started
        if cpu >= 5:
            slow.append((name, cpu))
        assert all(process.poll() is None for process in busy_cores)  # the load was really there
    assert not slow, f"checks over 5 s of CPU: {slow}"


def test_a_loop_is_still_stopped_quickly_under_load(busy_cores):
    def minimax(state):
        while True:
            pass

    report = check("minimax", minimax, time_limit=0.3)
    assert report.failures[0].kind == "too slow"
    assert report.learner_cpu < 1.5
