"""Shared fixtures and helpers for the test suite."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
"""The folder of reference data beside the project (benchmark sets, renju cases)."""
CHROMIUM = Path("/usr/bin/chromium")
"""Debian's Chromium, which the browser tests drive."""


@pytest.fixture
def shared_data() -> Path:
    """The ``shared/data`` folder; tests that need it skip with a clear message when absent."""
    data = SHARED / "data"
    if not data.is_dir():
        pytest.skip(f"reference data not found at {data}: these tests need ../shared beside the project")
    return data


@pytest.fixture(scope="module")
def chromium() -> Path:
    """Debian's Chromium; skip without it (fail in CI, where it must be installed)."""
    if not CHROMIUM.exists():
        reason = f"{CHROMIUM} is missing: install Debian's chromium package (apt-get install chromium)"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    return CHROMIUM
