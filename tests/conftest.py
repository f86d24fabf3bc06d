"""Shared fixtures and helpers for the test suite, and how the suite is marked and shared out.

Markers (registered in ``pyproject.toml``; ``--strict-markers`` refuses any other):

* ``notebook``: the course notebooks run in real kernels (every test of ``test_notebooks.py``);
* ``browser``: a real Chromium drives Voila or Notebook 7 (every test of ``test_browser*.py``);
* ``slow``: over about 5 s on an idle two-core machine: every ``browser`` test, every notebook run,
  the tests listed in :data:`SLOW_TESTS`, and any test marked ``@pytest.mark.slow`` in its file.

``pytest -m "not slow"`` is the quick loop; ``pytest`` runs everything, on two worker
processes (``pytest-xdist``, ``--dist loadgroup``; see ``addopts`` in ``pyproject.toml``). The
tests that must share one worker are grouped here, so no test file needs to know about workers:
the browser tests form one group (they start servers and a browser: one at a time), and the
tests of a module that share a module-wide fixture of that module (a Dask cluster, a process
pool) form a group, so the fixture starts once. The slowest tests are handed out first
(:data:`SLOW_TESTS` gives their cost), so that no worker is left with a long test at the end.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from concurrent.futures import Executor
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
TEST_DATA = REPO / "tests" / "data"
"""The reference data the tests read (benchmark sets, renju cases); ``tests/data/README.md``
names each file's source and licence."""
CHROMIUM = Path("/usr/bin/chromium")
"""Debian's Chromium, which the browser tests drive."""

NOTEBOOK_MODULES = ("test_notebooks.py",)
"""The modules whose tests run the course notebooks (marked ``notebook``; the runs themselves
are marked ``slow`` where they are defined)."""
BROWSER_PREFIX = "test_browser"
"""Modules named so drive a real browser (marked ``browser`` and ``slow``, and one group)."""
BROWSER_GROUP = "browser"
"""The worker group of the browser tests: they run one after another on one worker."""

SLOW_TESTS: dict[str, float] = {
    # "module::test" (every parametrisation) or "module::test[id]": seconds on a busy 2-core machine.
    "test_notebooks.py::test_notebook_runs_both_ways[05_connect_four]": 55,
    "test_notebooks.py::test_notebook_runs_both_ways[07_beyond_alpha_beta]": 60,
    "test_notebooks.py::test_notebook_runs_both_ways[04_evaluation_and_depth]": 27,
    "test_notebooks.py::test_notebook_runs_both_ways[06_gomoku]": 30,
    "test_notebooks.py::test_notebook_runs_both_ways[08_making_search_fast]": 27,
    "test_notebooks.py::test_notebook_runs_both_ways[03_ordering_and_memory]": 22,
    "test_notebooks.py::test_notebook_runs_both_ways[01_game_trees_and_minimax]": 13,
    "test_notebooks.py::test_notebook_runs_both_ways[02_alpha_beta]": 10,
    "test_notebooks.py::test_notebook_runs_both_ways[00_welcome]": 6,
    "test_gomoku.py::test_forbidden_points_agree_with_an_independent_referee": 18,
    "test_browser_notebook.py::test_notebook_00_in_notebook_7": 14,
    "test_search_properties.py::test_alphabeta_value_is_the_minimax_value": 10,
    "test_browser_notebook.py::test_notebook_00_in_voila": 8,
    "test_exercises_guard.py::test_the_fallback_clocks_pass_the_references": 8,
    "test_cli_solve.py::test_the_readme_examples_answer": 7,
    "test_exercises_guard.py::test_every_clock_stops_a_loop": 6.5,
    "test_grading.py::test_after_a_time_out_the_other_tests_are_not_waited_for": 6,
    "test_grading.py::test_grading_a_class_from_the_command_line": 60,
    "test_exercises_load.py::test_every_reference_passes_while_two_programs_compete_for_the_cores": 35,
    "test_grading.py::test_an_untouched_course_notebook_is_not_attempted": 5.1,
    "test_grading.py::test_a_misbehaving_file_is_reported_and_the_rest_of_the_class_is_graded": 4.7,
    "test_connect4_solver.py::test_the_node_count_falls_over_the_steps": 4.1,
    "test_exercises_guard.py::test_without_setitimer_every_reference_passes": 7.8,
    "test_grading.py::test_students_are_named_by_the_paths_given_and_what_is_skipped_is_said": 5.8,
    "test_cli_solve.py::test_the_benchmark_sets_own_lines_are_solved_and_checked": 5.5,
    # The compiled solver's slow tests (marked in their file; costs here order them first).
    "test_connect4_fast.py::test_every_line_of_the_longer_sets_has_its_published_score[Test_L1_R2]": 18,
    "test_connect4_fast.py::test_every_line_of_the_longer_sets_has_its_published_score[Test_L2_R2]": 15,
    "test_connect4_fast.py::test_every_line_of_the_quick_sets_agrees_with_the_pure_solver": 13,
    "test_connect4_fast.py::test_it_runs_from_a_read_only_installation_without_a_cache": 10,
    "test_connect4_fast.py::test_a_begin_hard_line_agrees_with_the_pure_solver": 10,
}
"""Tests of other files that take over about 5 s, marked ``slow`` here (a test in a file may
also carry ``@pytest.mark.slow`` itself), with their cost, by which the slowest are started
first. ``tests/test_suite.py`` checks that every name here is a test that exists."""


def slow_keys(item: pytest.Item) -> tuple[str, str]:
    """``("module.py::test", "module.py::test[id]")``: how :data:`SLOW_TESTS` names a test."""
    name = getattr(item, "originalname", None) or item.name
    module = item.path.name
    return f"{module}::{name}", f"{module}::{item.name}"


def expected_cost(item: pytest.Item) -> float:
    """The seconds :data:`SLOW_TESTS` gives ``item``; 5 s for another slow test, 0 otherwise."""
    every, this = slow_keys(item)
    if this in SLOW_TESTS or every in SLOW_TESTS:
        return SLOW_TESTS.get(this, SLOW_TESTS.get(every, 0.0))
    return 5.0 if item.get_closest_marker("slow") else 0.0


def _module_fixture_group(item: pytest.Item) -> str | None:
    """A group name for a test using a module-wide fixture defined in its own module (a Dask
    cluster, a process pool), so that the tests sharing it run on one worker."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return None
    module = item.path.name
    for name in item.fixturenames:
        definitions = info.name2fixturedefs.get(name) or ()
        if definitions and definitions[-1].scope in ("module", "package", "session") \
                and Path(str(definitions[-1].baseid).split("::")[0]).name == module:
            return f"{module}-fixtures"
    return None


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the notebook, browser and slow tests, group the tests that must share a worker,
    and put the slowest first."""
    for item in items:
        module = item.path.name
        if module in NOTEBOOK_MODULES:
            item.add_marker(pytest.mark.notebook)
        if module.startswith(BROWSER_PREFIX):
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.slow)
            item.add_marker(pytest.mark.xdist_group(BROWSER_GROUP))
        elif (group := _module_fixture_group(item)) is not None:
            item.add_marker(pytest.mark.xdist_group(group))
        every, this = slow_keys(item)
        if every in SLOW_TESTS or this in SLOW_TESTS:
            item.add_marker(pytest.mark.slow)
    items.sort(key=expected_cost, reverse=True)  # stable: the others keep their order


@pytest.fixture
def test_data() -> Path:
    """The ``tests/data`` folder of the repository."""
    return TEST_DATA


@pytest.fixture(scope="module")
def chromium() -> Path:
    """Debian's Chromium; skip without it (fail in CI, where it must be installed)."""
    if not CHROMIUM.exists():
        reason = f"{CHROMIUM} is missing: install Debian's chromium package (apt-get install chromium)"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    return CHROMIUM


@pytest.fixture(scope="module")
def dask_executor() -> Iterator[Executor]:
    """The executor of a real two-worker Dask cluster (one per test module that asks for it)."""
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    client = distributed.Client(cluster)
    try:
        yield client.get_executor()
    finally:
        client.close()
        cluster.close()
