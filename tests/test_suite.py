"""The suite's own bookkeeping: the slow tests that ``conftest.py`` names exist, and its markers
reach the tests they are meant for."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from conftest import SLOW_TESTS, expected_cost

TESTS = Path(__file__).resolve().parent


def defined_tests(module: str) -> set[str]:
    """The names of the test functions defined at the top of ``tests/<module>``."""
    tree = ast.parse((TESTS / module).read_text(encoding="utf-8"))
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef) and node.name.startswith("test")}


def test_every_slow_test_named_in_conftest_exists() -> None:
    missing = []
    for key in SLOW_TESTS:
        module, _, name = key.partition("::")
        name = name.split("[")[0]
        if not (TESTS / module).exists() or name not in defined_tests(module):
            missing.append(key)
    assert not missing, f"conftest.SLOW_TESTS names tests that do not exist (renamed or removed?): {missing}"


def test_the_markers_reach_their_tests(request: pytest.FixtureRequest) -> None:
    items = {item.nodeid.split("@")[0]: item for item in request.session.items}
    this = items[request.node.nodeid.split("@")[0]]
    assert this.get_closest_marker("slow") is None and expected_cost(this) == 0
    for item in request.session.items:
        if item.path.name.startswith("test_browser"):
            assert item.get_closest_marker("browser") and item.get_closest_marker("slow")
            assert [mark.args for mark in item.iter_markers("xdist_group")] == [("browser",)]
        if item.path.name == "test_notebooks.py":
            assert item.get_closest_marker("notebook")
