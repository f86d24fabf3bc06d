"""Which Connect Four solver to use: the compiled one, or the pure-Python one notebook 05 builds.

Both give the same scores (``tests/test_connect4_fast.py``). Choosing does not import numba:
:func:`make_solver` imports it only when the compiled engine is asked for, so commands that
never solve do not pay for it.
"""

from __future__ import annotations

import importlib.util
from typing import TYPE_CHECKING

from tictac_edu.games.connect4 import DEFAULT_COLUMNS, DEFAULT_ROWS
from tictac_edu.solvers.connect4 import Solver

if TYPE_CHECKING:
    from tictac_edu.solvers.connect4_fast import FastSolver

ENGINES = ("numba", "python")
"""The Connect Four solver engines: the compiled
:class:`~tictac_edu.solvers.connect4_fast.FastSolver` and the pure-Python
:class:`~tictac_edu.solvers.connect4.Solver`."""
DEFAULT_ENGINE = "numba" if importlib.util.find_spec("numba") is not None else "python"
"""The engine ``solve connect4`` and the ``expert`` level use: the compiled one when numba is installed."""


def make_solver(engine: str = DEFAULT_ENGINE, columns: int = DEFAULT_COLUMNS,
                rows: int = DEFAULT_ROWS) -> Solver | FastSolver:
    """A Connect Four solver of the engine named (the same scores either way).

    The compiled engine covers the 7 x 6 board; other sizes get the pure solver, which solves
    any size. The compiled code is compiled (or loaded from numba's cache) here, so that a
    first solve with a deadline does not pay for it.

    >>> make_solver("python").solve("2252576253462244111563365343671351441")
    -1

    Args:
        engine: ``"numba"`` or ``"python"`` (:data:`ENGINES`).
        columns, rows: the board size.

    Returns:
        The solver.

    Raises:
        ValueError: an unknown engine, or ``"numba"`` without numba installed.
    """
    if engine not in ENGINES:
        raise ValueError(f"unknown solver engine {engine!r}: choose one of {', '.join(ENGINES)}")
    if engine == "python" or (columns, rows) != (DEFAULT_COLUMNS, DEFAULT_ROWS):
        return Solver(columns, rows)
    if importlib.util.find_spec("numba") is None:
        raise ValueError("the 'numba' engine needs numba (pip install numba); use the 'python' engine")
    from tictac_edu.solvers.connect4_fast import FastSolver, warm_up

    warm_up()
    return FastSolver(columns, rows)
