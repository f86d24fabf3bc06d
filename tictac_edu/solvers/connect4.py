"""A Connect Four solver: the exact score of a position, as in Pascal Pons' solver.

Scores follow the benchmark sets' convention, from the point of view of the **player to
move**: 0 for a draw; a win scores ``22 - s`` on the 7 x 6 board, where ``s`` is the number
of discs the winner has played when the game ends (winning sooner scores more); a loss is
minus the opponent's win score. The solver computes it as Pons does (:func:`win_score`): a
win with the next disc, ``moves`` discs having been played, scores ``(cells + 1 - moves) // 2``;
on any board with an even number of cells that is ``cells // 2 + 1 - s``.

Two ways to the same search:

* :class:`Solver`, the fast one, with every idea below switched on, written for speed
  (whole numbers and local variables in the inner loop, no objects made per node).
* The steps of the course, one class per idea (:data:`STEP_CLASSES`), each a subclass of the
  one before that overrides one small method, so the node count can be measured as the ideas
  are added one at a time (``Negamax -> AlphaBeta -> CentreOrder -> Table -> NullWindow ->
  NonLosing -> ThreatOrder``; :func:`StepSolver` builds one from the switches of :data:`STEPS`):

  1. **negamax**: try every move, to the end of the game (a win in one move is spotted at
     once: one node less per win);
  2. **+ alpha-beta**: stop searching a position once it is good enough to be refused; a
     position nobody can win at once scores at most ``(cells - 1 - moves) // 2``, which
     narrows the window;
  3. **+ centre-first order**: try the columns ``3, 2, 4, 1, 5, 0, 6``;
  4. **+ transposition table**: remember the lower and upper bounds found for each
     position (keyed by ``position + mask``), and narrow the window with them;
  5. **+ null-window search**: instead of one search with a wide window, ask a series of
     yes/no questions ("is the score above ``m``?", a window ``(m, m + 1)``), each cheap,
     narrowing the range of possible scores until it holds one value;
  6. **+ non-losing moves**: never search a move that lets the opponent win at once (found
     with bit tricks: the opponent's winning cells, and the cells just below them); if the
     opponent has two cells to win on, the position is lost;
  7. **+ threat ordering**: try first the moves that create the most winning cells for the
     player (ties: centre first).

Both count their nodes in ``nodes`` (one call of the search function is a node; the
position given to :meth:`Solver.solve` counts only when it is searched).

What limits the speed in pure Python: almost all the time goes in the interpreter executing
operations on whole numbers one at a time, each an interpreter step that makes a new int
object. Finding a player's winning cells takes about fifty shifts, ands and ors, and ordering
the moves by threats needs them for every move of a node. :class:`Solver` does it once per
move: the winning cells a move gives the player are exactly the opponent's threats in the
position after it, so they are handed to the child instead of being found again; and a memo
keyed by the player's discs answers about two thirds of them without any shift at all (the
same discs come back in other positions and in every null-window search). The rest is the two
table look-ups, the sort of at most seven moves and the recursive call itself (profiled with
cProfile and line_profiler). The node *counts* match Pons' C++ solver; the node *rate*, about
300-380 thousand per second on begin- and middle-game benchmark positions (less on the tiniest
solves, where the fixed cost of a call weighs most, and on very long ones, whose tables outgrow
the processor's caches), is what Python allows (see ``benchmarks/README.md``). Its twin compiled with numba,
:class:`~tictac_edu.solvers.connect4_fast.FastSolver`, runs the same search at 10 to 17 times
its node rate (more on the larger solves).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from operator import itemgetter

from tictac_edu.games.connect4 import (
    DEFAULT_COLUMNS,
    DEFAULT_ROWS,
    ConnectFour,
    bitboard_layout,
    centre_first_columns,
    winning_cells,
)
from tictac_edu.search.common import BudgetExhausted

PositionLike = ConnectFour | str
"""What the solvers accept: a :class:`~tictac_edu.games.connect4.ConnectFour` position or a
1-based move string such as ``"4453"``."""

DRAW_SCORE = 0
TABLE_LIMIT = 4_000_000
"""Each table (lower and upper bounds) is emptied when it holds this many entries (a few hundred
megabytes each): a long solve forgets old positions rather than fill the memory."""
MEMO_LIMIT = 1_000_000
"""The memo of winning cells (:class:`Solver`) is emptied when it holds this many entries
(about a hundred megabytes)."""
CHECK_EVERY = 250
"""With a deadline, the clock is read at least once every this many nodes (under a millisecond of
search on an idle machine, a few on a busy one: a solve stops that soon after its deadline even
when the process was paused and the node rate measured before says nothing about the time)."""
FIRST_CHECK = 64
"""With a deadline, the clock is read again after this many nodes, to measure the node rate."""
MIN_CHECK = 16
"""The fewest nodes between two readings of the clock, however close the deadline."""
DEADLINE_SLACK = 0.1
"""Between two readings of the clock the solver searches no more nodes than, at the rate measured
since the previous reading, fit in this part of the time left: so a solve overruns its deadline
by about a tenth of the time that was left at most (or :data:`MIN_CHECK` nodes)."""
_NO_LIMIT = 1 << 62
_first = itemgetter(0)


class SolverLimitReached(BudgetExhausted):
    """Raised when a solve runs past its node budget or deadline.

    What the solver learnt so far stays in its table and makes a new attempt cheaper.
    """


def win_score(cells: int, moves: int) -> int:
    """The score of the player to move who wins with their next disc.

    Args:
        cells: the number of cells of the board (42).
        moves: the number of discs played before that disc.

    Returns:
        The score for the player to move: 21 on the empty 7 x 6 board, 1 for a win with
        one's 21st disc.

    >>> win_score(42, 0), win_score(42, 40)
    (21, 1)
    """
    return (cells + 1 - moves) // 2


def loss_score(cells: int, moves: int) -> int:
    """The score of the player to move when the opponent wins with their next disc.

    Args:
        cells: the number of cells of the board (42).
        moves: the number of discs played so far.

    Returns:
        The (negative) score for the player to move.
    """
    return -((cells - moves) // 2)


def _half_toward_zero(value: int) -> int:
    """``value / 2`` rounded toward zero (as C's integer division, which Pons' solver uses)."""
    return -((-value) // 2) if value < 0 else value // 2


def narrow(search: Callable[[int, int], int], low: int, high: int) -> int:
    """The score in ``[low, high]``, found by null-window searches.

    ``search(alpha, beta)`` is a fail-soft search with the window ``(alpha, beta)``. Each
    null-window search ``(middle, middle + 1)`` only answers "is the score above ``middle``?",
    which is cheap, and halves the interval; the search starts nearer zero than the middle,
    because most positions of a game are close to a draw.
    """
    while low < high:
        middle = low + (high - low) // 2
        if middle <= 0 and _half_toward_zero(low) < middle:
            middle = _half_toward_zero(low)
        elif middle >= 0 and _half_toward_zero(high) > middle:
            middle = _half_toward_zero(high)
        score = search(middle, middle + 1)
        if score <= middle:
            high = score
        else:
            low = score
    return low


def _as_state(position: PositionLike, columns: int, rows: int) -> ConnectFour:
    state = ConnectFour.from_moves(position, columns, rows) if isinstance(position, str) else position
    if not isinstance(state, ConnectFour):
        raise TypeError(f"a solver needs a ConnectFour position or a move string, not {type(position).__name__}")
    if (state.columns, state.rows) != (columns, rows):
        raise ValueError(f"this solver is built for a {columns}x{rows} board, but the position is "
                         f"{state.columns}x{state.rows}; make a Solver(columns={state.columns}, rows={state.rows})")
    if state.is_terminal():
        raise ValueError(f"the game is over ({state.result_text()}): there is nothing to solve")
    return state


class _Bitboards:
    """Bitboard helpers shared by both solvers (see :mod:`tictac_edu.games.connect4`)."""

    def __init__(self, columns: int, rows: int) -> None:
        layout = bitboard_layout(columns, rows)
        self.columns = columns
        self.rows = rows
        self.cells = columns * rows
        self.stride = layout.stride
        self.bottom = layout.bottom
        self.board = layout.board
        self.column_masks = layout.column_masks
        self.top_masks = layout.top_masks
        self.centre_order = centre_first_columns(columns)
        self.nodes = 0

    def winning_cells(self, stones: int, mask: int) -> int:
        """The empty cells (playable now or not) that would complete a four for a player:
        those with three of the player's discs in line with them.

        Args:
            stones: the player's discs.
            mask: all discs.

        Returns:
            A bitboard of the player's winning cells.
        """
        return winning_cells(stones, mask, self.columns, self.rows)

    def playable(self, mask: int) -> int:
        """The cells where a disc can be dropped.

        Args:
            mask: all discs.

        Returns:
            A bitboard of the lowest empty cell of every column that is not full.
        """
        return (mask + self.bottom) & self.board

    def can_win_next(self, position: int, mask: int) -> bool:
        """Whether the player to move can complete a four at once.

        Args:
            position: the discs of the player to move.
            mask: all discs.

        Returns:
            ``True`` if one of the player's winning cells can be played now.
        """
        return bool(self.winning_cells(position, mask) & self.playable(mask))

    def non_losing_moves(self, position: int, mask: int) -> int:
        """The playable cells that do not let the opponent win at once (assuming the player to
        move cannot win at once): if the opponent threatens to win on a playable cell, that
        cell must be blocked (two such cells: no move saves the game); and a cell just below
        an opponent's winning cell must not be played, as it would make that cell playable.

        Args:
            position: the discs of the player to move.
            mask: all discs.

        Returns:
            A bitboard of those cells; 0 if every move loses at once.
        """
        opponent_wins = self.winning_cells(position ^ mask, mask)
        possible = self.playable(mask)
        forced = possible & opponent_wins
        if forced:
            if forced & (forced - 1):
                return 0
            possible = forced
        return possible & ~(opponent_wins >> 1)

    def threat_count(self, position: int, mask: int, move: int) -> int:
        """How many winning cells the player to move has after a move.

        Args:
            position: the discs of the player to move.
            mask: all discs.
            move: the bit of the cell played.

        Returns:
            The number of the player's winning cells after the move.
        """
        return self.winning_cells(position | move, mask).bit_count()


class _Clocked(_Bitboards):
    """The node budget and the deadline of a solver whose ``nodes`` grow as it searches: the
    search calls :meth:`_check_limits` when ``nodes`` reaches ``_node_limit``."""

    check_every = CHECK_EVERY
    """The most nodes between two readings of the clock."""
    first_check = FIRST_CHECK
    """The nodes between the first two readings of the clock (to measure the node rate)."""
    min_check = MIN_CHECK
    """The fewest nodes between two readings of the clock."""

    def __init__(self, columns: int, rows: int) -> None:
        super().__init__(columns, rows)
        self._node_limit = _NO_LIMIT
        self._max_nodes: int | None = None
        self._deadline: float | None = None
        self._clock: Callable[[], float] = time.monotonic
        self._last_reading: tuple[int, float] | None = None

    def _set_limits(self, max_nodes: int | None, deadline: float | None, clock: Callable[[], float]) -> None:
        self._max_nodes, self._deadline, self._clock = max_nodes, deadline, clock
        self._last_reading = None
        self._node_limit = _NO_LIMIT
        self._check_limits()

    def _check_limits(self) -> None:
        """Called when ``nodes`` reaches ``_node_limit``: raise if a limit has run out, else set
        the next point to look again."""
        nodes = self.nodes
        if self._max_nodes is not None and nodes >= self._max_nodes:
            raise SolverLimitReached(f"node budget of {self._max_nodes:,} reached")
        limit = _NO_LIMIT
        if self._deadline is not None:
            now = self._clock()
            if now >= self._deadline:
                raise SolverLimitReached("deadline passed")
            limit = nodes + self._nodes_to_next_reading(nodes, now, self._deadline)
        if self._max_nodes is not None:
            limit = min(limit, self._max_nodes)
        self._node_limit = limit

    def _nodes_to_next_reading(self, nodes: int, now: float, deadline: float) -> int:
        """How many nodes to search before reading the clock again (see :data:`DEADLINE_SLACK`):
        ``first_check`` after the first reading, then ``check_every``, or fewer when the
        node rate since the previous reading says they would take more than a tenth of the time
        left."""
        previous, self._last_reading = self._last_reading, (nodes, now)
        if previous is None:
            return self.first_check
        searched, elapsed = nodes - previous[0], now - previous[1]
        if elapsed <= 0:
            return self.check_every
        affordable = (deadline - now) * DEADLINE_SLACK * searched / elapsed  # infinite for an infinite deadline
        return max(self.min_check, int(min(self.check_every, affordable)))


# -- the steps of the course: one class per idea -----------------------------------------------


class Negamax(_Bitboards):
    """Step 1, **negamax**: try every move, left to right, to the end of the game (a win with the
    next disc is spotted at once: one node less per win). Each later step is a subclass that
    overrides one small method of the one before (:data:`STEP_CLASSES`).

    With every step, the solver visits exactly the nodes of :class:`Solver`, more slowly.

    >>> position = "2252576253462244111563365343671351441"   # the first line of Test_L3_R1
    >>> [step().solve(position) for _, step in STEP_CLASSES[1:]]
    [-1, -1, -1, -1, -1, -1]

    Args:
        columns, rows: the board size.

    Attributes:
        nodes: the calls of :meth:`negamax` so far (the position given to :meth:`solve` counts
            only when it is searched).
    """

    def __init__(self, columns: int = DEFAULT_COLUMNS, rows: int = DEFAULT_ROWS) -> None:
        super().__init__(columns, rows)
        self.lower: dict[int, int] = {}
        self.upper: dict[int, int] = {}
        self.order = self.column_order()
        self._max_nodes = _NO_LIMIT

    def reset(self) -> None:
        """Forget the table and zero the node counter."""
        self.lower.clear()
        self.upper.clear()
        self.nodes = 0

    def solve(self, position: PositionLike, weak: bool = False, *, max_nodes: int | None = None) -> int:
        """The score of ``position`` for the player to move (the benchmark sets' convention).

        Args:
            position: a position or a 1-based move string; the game must not be over.
            weak: only tell win, draw or loss: return 1, 0 or -1.
            max_nodes: stop with :class:`SolverLimitReached` when ``nodes`` reaches this many
                (the early steps take millions of nodes on all but the easiest positions).

        Returns:
            The score; ``nodes`` grows by the nodes searched.

        Raises:
            ValueError: the game is over.
            SolverLimitReached: the node budget ran out.
        """
        state = _as_state(position, self.columns, self.rows)
        self._max_nodes = _NO_LIMIT if max_nodes is None else max_nodes
        try:
            return self._solve(state, weak)
        finally:
            self._max_nodes = _NO_LIMIT

    def analyze(self, position: PositionLike, weak: bool = False, *, max_nodes: int | None = None) -> list[int | None]:
        """The score of playing each column, for the player to move: ``None`` for a full column.

        Args:
            position: a position or a move string; the game must not be over.
            weak: scores as 1 / 0 / -1.
            max_nodes: a node budget, as for :meth:`solve`, on the whole analysis.

        Returns:
            One entry per column, left to right.
        """
        state = _as_state(position, self.columns, self.rows)
        self._max_nodes = _NO_LIMIT if max_nodes is None else max_nodes
        try:
            return _analyze(state, self.cells, weak, lambda child: self._solve(child, weak))
        finally:
            self._max_nodes = _NO_LIMIT

    def _solve(self, state: ConnectFour, weak: bool) -> int:
        cells, moves = self.cells, state.ply
        if self.wins_at_once(state):
            return 1 if weak else win_score(cells, moves)
        low, high = (-1, 1) if weak else (loss_score(cells, moves), win_score(cells, moves))
        score = self.search(state.position, state.mask, moves, low, high)
        return (score > 0) - (score < 0) if weak else score

    def wins_at_once(self, state: ConnectFour) -> bool:
        """Whether :meth:`solve` answers ``state`` without a search (here never: the search
        itself spots a win with the next disc)."""
        return False

    def search(self, position: int, mask: int, moves: int, low: int, high: int) -> int:
        """The score of the position, known to lie in ``[low, high]``: one search."""
        return self.negamax(position, mask, moves, low, high)

    def column_order(self) -> tuple[int, ...]:
        """The order in which the columns are tried: left to right."""
        return tuple(range(self.columns))

    def count_node(self) -> None:
        """Count a node, or raise :class:`SolverLimitReached` when the budget is spent."""
        if self.nodes >= self._max_nodes:
            raise SolverLimitReached(f"node budget of {self._max_nodes:,} reached")
        self.nodes += 1

    def expand(self, position: int, mask: int, moves: int, alpha: int, beta: int) -> tuple[int | None, int, int]:
        """What a node knows before it searches a move: ``(score, candidates, alpha)``, with
        the node's score when it needs no search (``None`` otherwise), the cells to play, and
        the window's lower end (raised when the node can tell the score is above it).

        Here: a full board is a draw, a playable winning cell a win with this disc.
        """
        if moves == self.cells:
            return DRAW_SCORE, 0, alpha
        candidates = self.playable(mask)
        if self.winning_cells(position, mask) & candidates:
            return win_score(self.cells, moves), 0, alpha
        return None, candidates, alpha

    def negamax(self, position: int, mask: int, moves: int, alpha: int, beta: int) -> int:
        """The score of the position (discs of the player to move ``position``, all discs
        ``mask``, ``moves`` played) for the player to move. Here exact (the window is not
        used); from :class:`AlphaBeta` on, the score if it lies in ``(alpha, beta)``, else a
        bound on the side of the window where it lies.
        """
        self.count_node()
        score, candidates, _ = self.expand(position, mask, moves, alpha, beta)
        if score is not None:
            return score
        best = -self.cells
        opponent = position ^ mask  # after our move, the opponent is to move and these are their discs
        for move in self.ordered_moves(position, mask, candidates):
            best = max(best, -self.negamax(opponent, mask | move, moves + 1, -beta, -alpha))
        return best

    def ordered_moves(self, position: int, mask: int, candidates: int) -> list[int]:
        """The cells of ``candidates`` (at most one per column), one bit each, in search order:
        the order of :meth:`column_order`."""
        moves = [candidates & self.column_masks[column] for column in self.order]
        return [move for move in moves if move]


class AlphaBeta(Negamax):
    """Step 2, **+ alpha-beta**: stop searching a position once it is good enough to be refused;
    a position nobody can win at once scores at most ``(cells - 1 - moves) // 2``, which narrows
    the window (:meth:`bounds`)."""

    def bounds(self, position: int, mask: int, moves: int) -> tuple[int | None, int]:
        """A lower bound on the score (``None``: none known) and an upper bound."""
        return None, (self.cells - 1 - moves) // 2  # the player to move cannot win with this disc

    def remember(self, position: int, mask: int, score: int, lower: bool) -> None:
        """Note that ``score`` bounds the position's score from below (``lower``) or above
        (here: forgotten; :class:`Table` keeps it)."""

    def negamax(self, position: int, mask: int, moves: int, alpha: int, beta: int) -> int:
        self.count_node()
        score, candidates, alpha = self.expand(position, mask, moves, alpha, beta)
        if score is not None:
            return score
        lower, upper = self.bounds(position, mask, moves)
        if beta > upper:
            beta = upper
            if alpha >= beta:
                return beta
        if lower is not None and alpha < lower:
            alpha = lower
            if alpha >= beta:
                return alpha
        opponent = position ^ mask
        for move in self.ordered_moves(position, mask, candidates):
            score = -self.negamax(opponent, mask | move, moves + 1, -beta, -alpha)
            if score >= beta:
                self.remember(position, mask, score, lower=True)
                return score
            alpha = max(alpha, score)
        self.remember(position, mask, alpha, lower=False)
        return alpha


class CentreOrder(AlphaBeta):
    """Step 3, **+ centre-first order**: try the columns ``3, 2, 4, 1, 5, 0, 6``."""

    def column_order(self) -> tuple[int, ...]:
        return self.centre_order


class Table(CentreOrder):
    """Step 4, **+ transposition table**: remember the lower and upper bounds found for each
    position (keyed by ``position + mask``), and narrow the window with them."""

    def bounds(self, position: int, mask: int, moves: int) -> tuple[int | None, int]:
        _, upper = super().bounds(position, mask, moves)
        key = position + mask
        return self.lower.get(key), min(upper, self.upper.get(key, upper))

    def remember(self, position: int, mask: int, score: int, lower: bool) -> None:
        _store(self.lower if lower else self.upper, position + mask, score)


class NullWindow(Table):
    """Step 5, **+ null-window search**: instead of one search with a wide window, ask a series
    of yes/no questions ("is the score above ``m``?", a window ``(m, m + 1)``), each cheap,
    narrowing the range of possible scores until it holds one value (:func:`narrow`)."""

    def search(self, position: int, mask: int, moves: int, low: int, high: int) -> int:
        return narrow(lambda alpha, beta: self.negamax(position, mask, moves, alpha, beta), low, high)


class NonLosing(NullWindow):
    """Step 6, **+ non-losing moves**: never search a move that lets the opponent win at once
    (:meth:`~_Bitboards.non_losing_moves`); if the opponent has two cells to win on, the position
    is lost. The search then assumes that the player to move cannot win at once, so
    :meth:`solve` answers that case itself (:meth:`wins_at_once`)."""

    def wins_at_once(self, state: ConnectFour) -> bool:
        return self.can_win_next(state.position, state.mask)

    def expand(self, position: int, mask: int, moves: int, alpha: int, beta: int) -> tuple[int | None, int, int]:
        candidates = self.non_losing_moves(position, mask)  # the player to move cannot win at once
        if not candidates:
            return loss_score(self.cells, moves), 0, alpha
        if moves >= self.cells - 2:  # both players have one disc left and neither can win: a draw
            return DRAW_SCORE, 0, alpha
        lowest = -((self.cells - 2 - moves) // 2)  # the opponent cannot win with their next disc
        if alpha < lowest:
            alpha = lowest
            if alpha >= beta:
                return alpha, 0, alpha
        return None, candidates, alpha


class ThreatOrder(NonLosing):
    """Step 7, **+ threat ordering**: try first the moves that create the most winning cells
    for the player (ties: centre first)."""

    def ordered_moves(self, position: int, mask: int, candidates: int) -> list[int]:
        moves = super().ordered_moves(position, mask, candidates)
        # Most winning cells first; sorting keeps the column order among equals.
        moves.sort(key=lambda move: self.threat_count(position, mask, move), reverse=True)
        return moves


STEP_CLASSES: tuple[tuple[str, type[Negamax]], ...] = (
    ("negamax", Negamax),
    ("+ alpha-beta", AlphaBeta),
    ("+ centre-first order", CentreOrder),
    ("+ transposition table", Table),
    ("+ null-window search", NullWindow),
    ("+ non-losing moves", NonLosing),
    ("+ threat ordering", ThreatOrder),
)
"""The steps of the course, each class adding one idea to the one before: ``(label, class)``."""


def _store(table: dict[int, int], key: int, value: int) -> None:
    if len(table) >= TABLE_LIMIT:
        table.clear()
    table[key] = value


# -- the steps as switches (the older spelling) ------------------------------------------------


@dataclass(frozen=True)
class Steps:
    """Which ideas a :func:`StepSolver` uses, as switches: each true switch turns on one class
    of :data:`STEP_CLASSES`, and the ones it builds on must be on too."""

    alpha_beta: bool = True
    centre_order: bool = True
    table: bool = True
    null_window: bool = True
    non_losing: bool = True
    threat_order: bool = True


_NOTHING = Steps(alpha_beta=False, centre_order=False, table=False, null_window=False, non_losing=False,
                 threat_order=False)
STEPS: tuple[tuple[str, Steps], ...] = (
    ("negamax", _NOTHING),
    ("+ alpha-beta", replace(_NOTHING, alpha_beta=True)),
    ("+ centre-first order", replace(_NOTHING, alpha_beta=True, centre_order=True)),
    ("+ transposition table", replace(_NOTHING, alpha_beta=True, centre_order=True, table=True)),
    ("+ null-window search", replace(_NOTHING, alpha_beta=True, centre_order=True, table=True, null_window=True)),
    ("+ non-losing moves", replace(Steps(), threat_order=False)),
    ("+ threat ordering", Steps()),
)
"""The steps of :data:`STEP_CLASSES` as switches: ``(label, steps)``."""


def StepSolver(steps: Steps = Steps(), columns: int = DEFAULT_COLUMNS, rows: int = DEFAULT_ROWS) -> Negamax:
    """The step of :data:`STEP_CLASSES` that ``steps`` switches on, for a ``columns`` x ``rows``
    board.

    >>> type(StepSolver(STEPS[3][1])).__name__
    'Table'

    Raises:
        ValueError: a switch is on without one it builds on (each step builds on the one before).
    """
    if not steps.alpha_beta and (steps.table or steps.null_window or steps.non_losing or steps.threat_order):
        raise ValueError("the table, null-window, non-losing and threat steps build on alpha-beta: "
                         "switch alpha_beta on too")
    for (_, switches), (_, step) in zip(STEPS, STEP_CLASSES, strict=True):
        if switches == steps:
            return step(columns, rows)
    raise ValueError(f"{steps} is not a step of the course: each step builds on the one before (see STEPS)")


class Solver(_Clocked):
    """The fast solver: negamax with alpha-beta, null-window narrowing, a table of bounds,
    non-losing moves and threat ordering (the last step of :data:`STEPS`). It visits exactly
    the nodes of :class:`ThreatOrder`, the last step.

    The table keeps what was learnt between calls (it holds game-theoretic bounds, true in
    any later search), and so does a memo of winning cells (pure arithmetic, true for any
    position); :meth:`reset` forgets both.

    >>> solver = Solver()
    >>> solver.solve("2252576253462244111563365343671351441")   # Test_L3_R1, line 1: -1
    -1
    >>> solver.analyze("2252576253462244111563365343671351441")   # columns 1-5 are full
    [None, None, None, None, None, -1, -2]

    Args:
        columns, rows: the board size.
    """

    def __init__(self, columns: int = DEFAULT_COLUMNS, rows: int = DEFAULT_ROWS) -> None:
        super().__init__(columns, rows)
        self.lower: dict[int, int] = {}
        self.upper: dict[int, int] = {}
        self._wins: dict[int, int] = {}
        centre_masks = [self.column_masks[column] for column in self.centre_order]
        self._centre_masks = tuple(centre_masks)
        # One, two and three steps along each of the three directions that are not vertical:
        # across, down-right, up-right.
        directions = (self.stride, self.stride - 1, self.stride + 1)
        self._shifts = tuple(steps * shift for shift in directions for steps in (1, 2, 3))

    def reset(self) -> None:
        """Forget the table (and the memo of winning cells) and zero the node counter."""
        self.lower.clear()
        self.upper.clear()
        self._wins.clear()
        self.nodes = 0

    def solve(self, position: PositionLike, weak: bool = False, *, max_nodes: int | None = None,
              deadline: float | None = None, clock: Callable[[], float] = time.monotonic) -> int:
        """The score of ``position`` for the player to move (the benchmark sets' convention).

        Args:
            position: a position or a 1-based move string; the game must not be over.
            weak: only tell win, draw or loss: return 1, 0 or -1 (faster).
            max_nodes: stop with :class:`SolverLimitReached` when ``nodes`` reaches this many
                (counted over the solver's life, as ``nodes`` is).
            deadline: stop with :class:`SolverLimitReached` once ``clock()`` passes this time
                (the clock is read at least every :data:`CHECK_EVERY` nodes, and more often as
                the deadline nears: see :data:`DEADLINE_SLACK`).
            clock: the clock of ``deadline``.

        Returns:
            The score: 0 draw, ``22 - s`` for a win with the ``s``-th disc (7 x 6), minus that
            for a loss; with ``weak``, 1 / 0 / -1.

        Raises:
            ValueError: the game is over, or the board is another size than the solver's.
            IllegalMoveError: a bad move string.
            SolverLimitReached: the budget or the deadline ran out.
        """
        state = _as_state(position, self.columns, self.rows)
        self._set_limits(max_nodes, deadline, clock)
        try:
            return self._solve(state.position, state.mask, state.ply, weak)
        finally:
            self._set_limits(None, None, clock)

    def analyze(self, position: PositionLike, weak: bool = False, *, max_nodes: int | None = None,
                deadline: float | None = None, clock: Callable[[], float] = time.monotonic) -> list[int | None]:
        """The score of playing each column, for the player to move (the score of the position
        after that move, negated): ``None`` for a full column.

        Warning:
            This proves the exact score of every column, bad ones included, and the positions
            after a bad move are often the hardest to solve: early in a game it can take
            minutes (``"4455"``: tens of millions of nodes). Give a ``max_nodes`` or
            ``deadline``, or use :meth:`best_move` when one good column is enough.

        Args:
            position: a position or a move string; the game must not be over.
            weak: scores as 1 / 0 / -1.
            max_nodes, deadline, clock: limits, as for :meth:`solve`, on the whole analysis.

        Returns:
            One entry per column, left to right; the best columns have the highest score.
        """
        state = _as_state(position, self.columns, self.rows)
        self._set_limits(max_nodes, deadline, clock)
        try:
            return _analyze(state, self.cells, weak,
                            lambda child: self._solve(child.position, child.mask, child.ply, weak))
        finally:
            self._set_limits(None, None, clock)

    def best_move(self, position: PositionLike, *, max_nodes: int | None = None, deadline: float | None = None,
                  clock: Callable[[], float] = time.monotonic) -> tuple[int, int]:
        """A best column for the player to move and its score, cheaper than :meth:`analyze`.

        Solves the position, then looks for a column that keeps its score, in centre-first
        order: each check is a null-window search ("is the opponent's score at most minus
        ours?"), answered mostly from the table the solve has just filled.

        Args:
            position: a position or a move string; the game must not be over.
            max_nodes, deadline, clock: limits, as for :meth:`solve`, on the whole search.

        Returns:
            ``(column, score)``: the column (0-based) and the score of the position for the
            player to move; of equally good columns, the one nearest the centre.

        Raises:
            SolverLimitReached: the budget or the deadline ran out.
        """
        state = _as_state(position, self.columns, self.rows)
        self._set_limits(max_nodes, deadline, clock)
        try:
            score = self._solve(state.position, state.mask, state.ply, weak=False)
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
                    # The opponent would win at once: that is the best there is only when
                    # every move loses at once.
                    if -win_score(self.cells, child.ply) == score:
                        return column, score
                    continue
                # Our score after this move is -(the opponent's); we need it to reach `score`.
                threats = self.winning_cells(child.position ^ child.mask, child.mask)
                if -self._negamax(child.position, child.mask, child.ply, -score, -score + 1, threats) >= score:
                    return column, score
        finally:
            self._set_limits(None, None, clock)
        raise AssertionError(f"no column keeps the score {score}")  # pragma: no cover - a solved score is reachable

    def _solve(self, position: int, mask: int, moves: int, weak: bool) -> int:
        """:meth:`solve` on bitboards (the game must not be over)."""
        cells = self.cells
        if self.winning_cells(position, mask) & ((mask + self.bottom) & self.board):
            return 1 if weak else win_score(cells, moves)  # the search assumes no win in one move
        low, high = (-1, 1) if weak else (loss_score(cells, moves), win_score(cells, moves))
        threats = self.winning_cells(position ^ mask, mask)
        score = narrow(lambda alpha, beta: self._negamax(position, mask, moves, alpha, beta, threats), low, high)
        return (score > 0) - (score < 0) if weak else score

    def _negamax(self, position: int, mask: int, moves: int, alpha: int, beta: int, threats: int) -> int:
        """The score for the player to move if it lies in ``(alpha, beta)``, else a bound on the
        side of the window where it lies. The player to move must not be able to win at once.

        ``threats`` are the opponent's winning cells (:meth:`winning_cells` of ``position ^
        mask``): the parent has computed them while ordering its moves, so each node computes
        winning cells once per move it orders and never for the opponent.

        The same search as :meth:`ThreatOrder.negamax <AlphaBeta.negamax>`, with the helpers
        written out in place (a function call costs as much as a few shifts).
        """
        if self.nodes >= self._node_limit:
            self._check_limits()
        self.nodes += 1
        cells = self.cells
        possible = (mask + self.bottom) & self.board
        forced = possible & threats
        if forced:
            if forced & (forced - 1):
                return -((cells - moves) // 2)  # two cells to block: lost
            possible = forced
        candidates = possible & ~(threats >> 1)
        if not candidates:
            return -((cells - moves) // 2)
        if moves >= cells - 2:
            return DRAW_SCORE

        lowest = -((cells - 2 - moves) // 2)
        if alpha < lowest:
            alpha = lowest
            if alpha >= beta:
                return alpha
        highest = (cells - 1 - moves) // 2
        key = position + mask
        upper = self.upper.get(key)
        if upper is not None and upper < highest:
            highest = upper
        if beta > highest:
            beta = highest
            if alpha >= beta:
                return beta
        lower = self.lower.get(key)
        if lower is not None and alpha < lower:
            alpha = lower
            if alpha >= beta:
                return alpha

        # For each move, the winning cells it gives the player (as in winning_cells): their
        # number orders the moves (most first, centre first among equals), and they are the
        # threats of the opponent in the child. (The cell played is never among them: the
        # player cannot win at once, so ``wins & free`` is already the child's empty cells.)
        free = self.board ^ mask
        known = self._wins
        scored = []
        for column_mask in self._centre_masks:
            move = candidates & column_mask
            if move:
                mine = position | move
                wins = known.get(mine)
                if wins is None:
                    h1, h2, h3, d1, d2, d3, u1, u2, u3 = self._shifts
                    before = mine << h1
                    after = mine >> h1
                    wins = ((before & (mine << h2) & ((mine << h3) | after))
                            | (after & (mine >> h2) & (before | (mine >> h3))))
                    before = mine << d1
                    after = mine >> d1
                    wins |= ((before & (mine << d2) & ((mine << d3) | after))
                             | (after & (mine >> d2) & (before | (mine >> d3))))
                    before = mine << u1
                    after = mine >> u1
                    wins |= ((before & (mine << u2) & ((mine << u3) | after))
                             | (after & (mine >> u2) & (before | (mine >> u3))))
                    wins |= (mine << 1) & (mine << 2) & (mine << 3)
                    if len(known) >= MEMO_LIMIT:
                        known.clear()
                    known[mine] = wins
                wins &= free
                scored.append((wins.bit_count(), move, wins))
        if len(scored) > 1:
            scored.sort(key=_first, reverse=True)  # stable: equals keep the centre-first order

        negamax = self._negamax
        opponent = position ^ mask
        moves += 1
        for _, move, wins in scored:
            score = -negamax(opponent, mask | move, moves, -beta, -alpha, wins)
            if score >= beta:
                lower_table = self.lower
                if len(lower_table) >= TABLE_LIMIT:
                    lower_table.clear()
                lower_table[key] = score
                return score
            if score > alpha:
                alpha = score
        upper_table = self.upper
        if len(upper_table) >= TABLE_LIMIT:
            upper_table.clear()
        upper_table[key] = alpha
        return alpha


def _analyze(state: ConnectFour, cells: int, weak: bool, solve_child: Callable[[ConnectFour], int]) -> list[int | None]:
    """The score of each column for the player to move in ``state`` (``None``: full), using
    ``solve_child(child)`` for the positions that are not over after the move."""
    scores: list[int | None] = []
    for column in range(state.columns):
        if not state.can_play(column):
            scores.append(None)
            continue
        child = state.play(column)
        if child.winner is not None:
            scores.append(1 if weak else win_score(cells, state.ply))
        elif child.is_terminal():
            scores.append(DRAW_SCORE)
        else:
            scores.append(-solve_child(child))
    return scores
