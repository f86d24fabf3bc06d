"""Makes ``python -m pytest path/to/tictac_edu/exercises/tests.py --learner alice.py`` work."""

from tictac_edu.exercises.pytest_plugin import pytest_addoption, pytest_terminal_summary  # noqa: F401
