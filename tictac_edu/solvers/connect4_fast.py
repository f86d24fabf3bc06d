"""The Connect Four solver compiled with numba: the same algorithm as :class:`~tictac_edu.solvers.connect4.Solver`.

:class:`~tictac_edu.solvers.connect4.Solver` is the solver notebook 05 builds and a learner
reads. :class:`FastSolver` is its twin for when speed matters (the ``expert`` level, ``solve
connect4``): the same null-window driver, the same negamax with alpha-beta, the same non-losing
moves and the same move order by threats, written as plain loops over 64-bit whole numbers that
numba compiles to machine code (``@njit(cache=True)``: the first call in a fresh installation
compiles for a few seconds and writes the result beside this file, or in numba's user cache when
this folder cannot be written; later runs load it).

One thing differs: the transposition table. The pure solver keeps two dictionaries (lower and
upper bounds) that grow until :data:`~tictac_edu.solvers.connect4.TABLE_LIMIT` entries and are
then emptied; this one is a fixed NumPy array of :data:`TABLE_SIZE` packed 64-bit entries, as
in Pascal Pons' solver: a position's key ``position + mask`` (49 bits on 7 x 6), its lower
bound and its upper bound (6 bits each, ``score + 32``, 0 for none) in one number, ``key << 12
| (lower + 32) << 6 | (upper + 32)``, at index ``key % size``. A position whose slot holds
another position replaces it (always-replace, as Pons' table). While no entry has been replaced
(:attr:`FastSolver.replacements` is 0) the table has answered exactly as the pure solver's
dictionaries would, and both solvers visit exactly the same nodes; after a replacement, the
fast solver may search again a position the pure one remembers, or (when the pure one has
emptied its dictionaries) remember one it forgot. The score is the same either way: every entry
holds a true bound.

The memory stays bounded (64 MB for the default table, whatever the solve), and the node count
of a long solve stays near Pons' (``4453``: 57.5 million nodes against his 51.2 million; the
pure solver, whose dictionaries are emptied when full, 94.6 million). The node rate is 10 to
17 times the pure solver's on begin- and middle-game solves, close to Pons' C++ per node (see
``benchmarks/README.md``, ``benchmarks/connect4_fast.py``).

>>> solver = FastSolver()
>>> solver.solve("2252576253462244111563365343671351441")   # Test_L3_R1, line 1: -1
-1
>>> solver.analyze("2252576253462244111563365343671351441")
[None, None, None, None, None, -1, -2]
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np

from tictac_edu.games.connect4 import DEFAULT_COLUMNS, DEFAULT_ROWS, ConnectFour, bitboard_layout, centre_first_columns
from tictac_edu.solvers.connect4 import (
    DRAW_SCORE,
    PositionLike,
    _analyze,
    _as_state,
    _Clocked,
    win_score,
)

try:
    import numba
except ImportError:  # pragma: no cover - numba is in requirements.txt
    numba = None  # type: ignore[assignment]

TABLE_SIZE = 8_000_009
"""Entries of the table (8 bytes each: 64 MB): a prime, as Pons' ``2**23 + 9``, but far from a
power of two. Keys are sums of powers of two, and ``2**23 + 9`` sends the high bits of close
positions to nearby slots (``2**23`` is ``-9`` modulo it): measured on the first 40 lines of
``Test_L1_R1``, 731 replacements with Pons' size, 16 with this one."""
FAST_CHECK_EVERY = 20_000
"""With a deadline, the most nodes between two readings of the clock (a few milliseconds)."""
FAST_MIN_CHECK = 2_000
"""The fewest nodes between two readings of the clock (each reading restarts the search from the
position given, which the table answers quickly: see :meth:`FastSolver._run`)."""
PROGRESS_EVERY = 5_000_000
"""Without a deadline but with a clock to show progress on, the nodes between two readings
(about a second)."""
_NO_LIMIT = 1 << 62
# The counters shared with the compiled code (one int64 array):
_NODES, _LIMIT, _ABORTED, _REPLACED = 0, 1, 2, 3


def _compile(function: Callable[..., Any]) -> Any:
    """``function`` compiled by numba in nopython mode, cached on disk when a cache folder can be
    written (beside this file, else numba's user-wide cache), else compiled in memory each run."""
    if numba is None:  # pragma: no cover
        return function
    try:
        return numba.njit(cache=True, error_model="numpy")(function)
    except RuntimeError:  # no cache locator: a read-only installation and no writable cache folder
        return numba.njit(error_model="numpy")(function)


_STRIDE = DEFAULT_ROWS + 1
_LAYOUT = bitboard_layout(DEFAULT_COLUMNS, DEFAULT_ROWS)
_BOTTOM = _LAYOUT.bottom
_BOARD = _LAYOUT.board
_CELLS = DEFAULT_COLUMNS * DEFAULT_ROWS
_ORDER = tuple(_LAYOUT.column_masks[column] for column in centre_first_columns(DEFAULT_COLUMNS))
_WIDTH = DEFAULT_COLUMNS
# numba compiles these module constants into the code (the 7 x 6 board), so the shifts and masks
# are constants of the machine code. ``work`` holds the counters, then one row of
# ``3 * _WIDTH`` numbers per ply: a node's ordered moves (threat count, move, its winning cells).
_ROW = 3 * _WIDTH
_FIRST_ROW = 8


def _line_wins(mine: int, step: int) -> int:
    """The cells completing a four along one direction (``step`` bits apart) for discs ``mine``."""
    before = mine << step
    after = mine >> step
    return ((before & (mine << 2 * step) & ((mine << 3 * step) | after))
            | (after & (mine >> 2 * step) & (before | (mine >> 3 * step))))


_line_wins = _compile(_line_wins)


def _winning_cells(mine: int) -> int:
    """The cells (empty or not) that complete a four for the discs ``mine``."""
    wins = (mine << 1) & (mine << 2) & (mine << 3)
    wins |= _line_wins(mine, _STRIDE)
    wins |= _line_wins(mine, _STRIDE - 1)
    wins |= _line_wins(mine, _STRIDE + 1)
    return wins


_winning_cells = _compile(_winning_cells)


def _popcount(value: int) -> int:
    """The number of bits set in ``value`` (below 2**63)."""
    value = value - ((value >> 1) & 0x5555555555555555)
    value = (value & 0x3333333333333333) + ((value >> 2) & 0x3333333333333333)
    value = (value + (value >> 4)) & 0x0F0F0F0F0F0F0F0F
    return ((value * 0x0101010101010101) >> 56) & 0xFF


_popcount = _compile(_popcount)


def _negamax(position: int, mask: int, moves: int, alpha: int, beta: int, threats: int, table: Any, work: Any) -> int:
    """:meth:`Solver._negamax <tictac_edu.solvers.connect4.Solver._negamax>`, line for line: the
    score for the player to move if it lies in ``(alpha, beta)``, else a bound on that side.

    ``threats`` are the opponent's winning cells. ``work[0]`` counts the nodes; when it
    reaches ``work[1]`` the search stops, sets ``work[2]`` and returns 0 up the line without
    storing anything. A row of ``work`` per ply holds a node's ordered moves (no array is made
    per node).
    """
    if work[0] >= work[1]:
        work[2] = 1
        return 0
    work[0] += 1
    possible = (mask + _BOTTOM) & _BOARD
    forced = possible & threats
    if forced != 0:
        if (forced & (forced - 1)) != 0:
            return -((_CELLS - moves) // 2)  # two cells to block: lost
        possible = forced
    candidates = possible & ~(threats >> 1)
    if candidates == 0:
        return -((_CELLS - moves) // 2)
    if moves >= _CELLS - 2:
        return 0

    lowest = -((_CELLS - 2 - moves) // 2)
    if alpha < lowest:
        alpha = lowest
        if alpha >= beta:
            return alpha
    highest = (_CELLS - 1 - moves) // 2
    key = position + mask
    index = key % table.shape[0]
    entry = table[index]
    upper_code = 0
    lower_code = 0
    if (entry >> 12) == key:
        upper_code = entry & 63
        lower_code = (entry >> 6) & 63
    if upper_code != 0 and upper_code - 32 < highest:
        highest = upper_code - 32
    if beta > highest:
        beta = highest
        if alpha >= beta:
            return beta
    if lower_code != 0 and alpha < lower_code - 32:
        alpha = lower_code - 32
        if alpha >= beta:
            return alpha

    # The moves, most winning cells first, centre first among equals (a stable insertion).
    free = _BOARD ^ mask
    row = _FIRST_ROW + moves * _ROW
    count = 0
    for column in range(_WIDTH):
        move = candidates & _ORDER[column]
        if move != 0:
            wins = _winning_cells(position | move) & free
            threat_count = _popcount(wins)
            slot = row + 3 * count
            while slot > row and work[slot - 3] < threat_count:
                work[slot] = work[slot - 3]
                work[slot + 1] = work[slot - 2]
                work[slot + 2] = work[slot - 1]
                slot -= 3
            work[slot] = threat_count
            work[slot + 1] = move
            work[slot + 2] = wins
            count += 1

    opponent = position ^ mask
    for slot in range(row, row + 3 * count, 3):
        score = -_negamax(opponent, mask | work[slot + 1], moves + 1, -beta, -alpha, work[slot + 2], table, work)
        if work[2] != 0:
            return 0
        if score >= beta:
            # The entry keeps the other bound of the same position, or replaces another position.
            entry = table[index]
            if (entry >> 12) != key:
                if entry != 0:
                    work[3] += 1
                entry = key << 12
            table[index] = (entry & ~np.int64(63 << 6)) | ((score + 32) << 6)
            return score
        if score > alpha:
            alpha = score
    entry = table[index]
    if (entry >> 12) != key:
        if entry != 0:
            work[3] += 1
        entry = key << 12
    table[index] = (entry & ~np.int64(63)) | (alpha + 32)
    return alpha


_negamax = _compile(_negamax)


def _half_toward_zero(value: int) -> int:
    """``value / 2`` rounded toward zero."""
    if value < 0:
        return -((-value) // 2)
    return value // 2


_half_toward_zero = _compile(_half_toward_zero)


def _solve(position: int, mask: int, moves: int, weak: bool, table: Any, work: Any) -> int:
    """:meth:`Solver._solve <tictac_edu.solvers.connect4.Solver._solve>`: the null-window driver
    (:func:`~tictac_edu.solvers.connect4.narrow`) around :func:`_negamax`. Returns 0 with
    ``work[2]`` set if the node limit stopped it."""
    if _winning_cells(position) & (_BOARD ^ mask) & ((mask + _BOTTOM) & _BOARD) != 0:
        return 1 if weak else (_CELLS + 1 - moves) // 2
    if weak:
        low, high = -1, 1
    else:
        low, high = -((_CELLS - moves) // 2), (_CELLS + 1 - moves) // 2
    threats = _winning_cells(position ^ mask) & (_BOARD ^ mask)
    while low < high:
        middle = low + (high - low) // 2
        if middle <= 0 and _half_toward_zero(low) < middle:
            middle = _half_toward_zero(low)
        elif middle >= 0 and _half_toward_zero(high) > middle:
            middle = _half_toward_zero(high)
        score = _negamax(position, mask, moves, middle, middle + 1, threats, table, work)
        if work[2] != 0:
            return 0
        if score <= middle:
            high = score
        else:
            low = score
    if weak:
        return 1 if low > 0 else (-1 if low < 0 else 0)
    return low


_solve = _compile(_solve)


class FastSolver(_Clocked):
    """The compiled twin of :class:`~tictac_edu.solvers.connect4.Solver`, with the same methods
    and scores (for the player to move, the benchmark sets' convention) and, while its table has
    replaced no entry, the same node counts; its table is a fixed array (see the module docstring).

    >>> FastSolver().solve("7422341735647741166133573473242566")   # Test_L3_R1, line 2: 1
    1

    Args:
        columns, rows: the board size: the compiled code is built for 7 x 6 (its masks are
            constants of the machine code); :class:`~tictac_edu.solvers.connect4.Solver` solves
            other sizes.
        table_size: entries of the table (8 bytes each); a prime spreads the keys best.

    Raises:
        ValueError: another board size, or ``table_size`` is not a positive whole number.
        ImportError: numba is not installed.
    """

    check_every = FAST_CHECK_EVERY
    first_check = FAST_MIN_CHECK
    min_check = FAST_MIN_CHECK

    def __init__(self, columns: int = DEFAULT_COLUMNS, rows: int = DEFAULT_ROWS, table_size: int = TABLE_SIZE) -> None:
        if numba is None:  # pragma: no cover
            raise ImportError("FastSolver needs numba (pip install numba); Solver is the pure-Python one")
        self._work = np.zeros(_FIRST_ROW + (_CELLS + 1) * _ROW, dtype=np.int64)
        if (columns, rows) != (DEFAULT_COLUMNS, DEFAULT_ROWS):
            raise ValueError(f"FastSolver is compiled for the {DEFAULT_COLUMNS}x{DEFAULT_ROWS} board, not "
                             f"{columns}x{rows}: use Solver(columns={columns}, rows={rows})")
        super().__init__(columns, rows)
        if not isinstance(table_size, int) or isinstance(table_size, bool) or table_size < 1:
            raise ValueError(f"table_size must be a positive number of entries, not {table_size!r}")
        # Written once here, so that the system hands over all its pages now: otherwise the first
        # solves pay for them (64 MB of page faults, tenths of a second on a busy machine, inside
        # a move's clock).
        self.table = np.empty(table_size, dtype=np.int64)
        self.table.fill(0)

    def _nodes_to_next_reading(self, nodes: int, now: float, deadline: float) -> int:
        """As the pure solver's, except that an infinite deadline (a clock read only to show
        progress) is read every :data:`PROGRESS_EVERY` nodes, as each reading restarts the search."""
        if deadline == float("inf"):
            return PROGRESS_EVERY
        return super()._nodes_to_next_reading(nodes, now, deadline)

    @property
    def nodes(self) -> int:
        """Nodes searched over the solver's life (as :attr:`Solver.nodes`)."""
        return int(self._work[_NODES])

    @nodes.setter
    def nodes(self, value: int) -> None:
        self._work[_NODES] = value

    @property
    def replacements(self) -> int:
        """Entries of the table overwritten by another position since the last :meth:`reset`."""
        return int(self._work[_REPLACED])

    def reset(self) -> None:
        """Empty the table and zero the node and replacement counters."""
        # Written over in place (64 MB of writes, a few milliseconds): a new array would hand out
        # its pages as the next solve first touches them, and that solve would pay for it.
        self.table.fill(0)
        self._work[:_FIRST_ROW] = 0

    def _run(self, search: Callable[[], int]) -> int:
        """``search()`` under the limits: the compiled search stops at ``_node_limit`` nodes;
        then the limits are checked (raising :class:`SolverLimitReached` if one has run out) and
        the search starts again from its position, which the table, holding every bound found
        so far, answers in a few hundred nodes back to where it stopped."""
        work = self._work
        while True:
            work[_LIMIT] = self._node_limit
            work[_ABORTED] = 0
            result = search()
            if not work[_ABORTED]:
                return result
            self._check_limits()

    def _solve_bits(self, position: int, mask: int, moves: int, weak: bool) -> int:
        return self._run(lambda: int(_solve(position, mask, moves, weak, self.table, self._work)))

    def solve(self, position: PositionLike, weak: bool = False, *, max_nodes: int | None = None,
              deadline: float | None = None, clock: Callable[[], float] = time.monotonic) -> int:
        """The score of ``position`` for the player to move, as :meth:`Solver.solve
        <tictac_edu.solvers.connect4.Solver.solve>` (the same arguments; the clock is read at
        least every :data:`FAST_CHECK_EVERY` nodes)."""
        state = _as_state(position, self.columns, self.rows)
        self._set_limits(max_nodes, deadline, clock)
        try:
            return self._solve_bits(state.position, state.mask, state.ply, weak)
        finally:
            self._set_limits(None, None, clock)

    def analyze(self, position: PositionLike, weak: bool = False, *, max_nodes: int | None = None,
                deadline: float | None = None, clock: Callable[[], float] = time.monotonic) -> list[int | None]:
        """The score of playing each column for the player to move (``None``: full), as
        :meth:`Solver.analyze <tictac_edu.solvers.connect4.Solver.analyze>`."""
        state = _as_state(position, self.columns, self.rows)
        self._set_limits(max_nodes, deadline, clock)
        try:
            return _analyze(state, self.cells, weak, lambda child: self._solve_bits(child.position, child.mask,
                                                                                    child.ply, weak))
        finally:
            self._set_limits(None, None, clock)

    def best_move(self, position: PositionLike, *, max_nodes: int | None = None, deadline: float | None = None,
                  clock: Callable[[], float] = time.monotonic) -> tuple[int, int]:
        """A best column (0-based) and the position's score for the player to move, as
        :meth:`Solver.best_move <tictac_edu.solvers.connect4.Solver.best_move>`: the same column."""
        state = _as_state(position, self.columns, self.rows)
        self._set_limits(max_nodes, deadline, clock)
        try:
            score = self._solve_bits(state.position, state.mask, state.ply, weak=False)
            for column in self.centre_order:
                if not state.can_play(column):
                    continue
                child = state.play(column)
                if child.winner is not None:
                    if win_score(self.cells, state.ply) == score:
                        return column, score
                    continue
                if child.is_terminal():
                    if score == DRAW_SCORE:
                        return column, score
                    continue
                if self.can_win_next(child.position, child.mask):
                    if -win_score(self.cells, child.ply) == score:
                        return column, score
                    continue
                if -self._null_window(child, -score) >= score:
                    return column, score
        finally:
            self._set_limits(None, None, clock)
        raise AssertionError(f"no column keeps the score {score}")  # pragma: no cover - a solved score is reachable

    def _null_window(self, child: ConnectFour, alpha: int) -> int:
        """The compiled negamax of ``child`` with the window ``(alpha, alpha + 1)``."""
        threats = self.winning_cells(child.position ^ child.mask, child.mask)
        return self._run(lambda: int(_negamax(child.position, child.mask, child.ply, alpha, alpha + 1, threats,
                                              self.table, self._work)))

    def __repr__(self) -> str:
        return f"FastSolver(columns={self.columns}, rows={self.rows}, table_size={self.table.shape[0]})"


def warm_up() -> float:
    """Compile the solver (or load it from numba's cache) by solving one small position.

    Returns:
        The seconds it took (process CPU time): a few seconds on the first run of a fresh
        installation, a fraction of a second once cached.
    """
    started = time.process_time()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # numba's note when it cannot write its cache
        FastSolver(table_size=1_009).solve("2252576253462244111563365343671351441")
    return time.process_time() - started

