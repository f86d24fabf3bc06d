"""Shared fixtures and helpers for the test suite."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
TEST_DATA = REPO / "tests" / "data"
"""The reference data the tests read (benchmark sets, renju cases); ``tests/data/README.md``
names each file's source and licence."""
CHROMIUM = Path("/usr/bin/chromium")
"""Debian's Chromium, which the browser tests drive."""


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
