"""Makes ``python -m pytest path/to/tictac_edu/exercises/tests.py --learner alice.py`` work."""

from tictac_edu.exercises.pytest_plugin import (  # noqa: F401
    pytest_addoption,
    pytest_collection_finish,
    pytest_collection_modifyitems,
    pytest_terminal_summary,
)
