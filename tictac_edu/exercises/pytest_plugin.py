"""The pytest option ``--learner FILE`` used by :mod:`tictac_edu.exercises.tests`.

Loaded by the ``conftest.py`` beside it when pytest is given the path of ``tests.py``, or
with ``-p tictac_edu.exercises.pytest_plugin``. The environment variable
``TICTAC_EDU_LEARNER`` works as well.
"""

from __future__ import annotations

from typing import Any


def pytest_addoption(parser: Any) -> None:
    """Add ``--learner``."""
    try:
        parser.addoption("--learner", action="store", default=None, metavar="FILE",
                         help="a learner's .py file (or .ipynb with cells tagged exercise:<name>) whose exercise "
                              "functions the tictac_edu exercise tests check; without it they check the "
                              "reference solutions")
    except ValueError:  # already added (the plugin and the conftest are both loaded)
        pass
