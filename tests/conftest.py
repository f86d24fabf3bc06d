"""Shared fixtures and helpers for the test suite."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
"""The folder of reference data beside the project (benchmark sets, renju cases)."""


@pytest.fixture
def shared_data() -> Path:
    """The ``shared/data`` folder; tests that need it skip with a clear message when absent."""
    data = SHARED / "data"
    if not data.is_dir():
        pytest.skip(f"reference data not found at {data}: these tests need ../shared beside the project")
    return data
