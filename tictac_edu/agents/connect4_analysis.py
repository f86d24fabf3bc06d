"""What each column is worth to the player to move in a Connect Four position: the solver's
exact score where it finishes within a budget, else a depth-limited search's estimate.

The Connect Four board's **Analyse** row (:class:`~tictac_edu.widgets.ConnectFourBoard`) and
``python -m tictac_edu solve --analyze`` both read their scores here: :func:`exact_columns`
(the solver's score of every column, or :class:`~tictac_edu.solvers.connect4.SolverLimitReached`)
and :func:`analyse_columns` (which falls back to estimates), with the words that explain a score.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from tictac_edu.agents.words import ordinal
from tictac_edu.evaluation.connect4 import threat_evaluation
from tictac_edu.games.base import Outcome
from tictac_edu.games.connect4 import ConnectFour, O, X
from tictac_edu.search import alphabeta
from tictac_edu.search.common import Clock, Evaluation, outcome_of
from tictac_edu.solvers.connect4 import PositionLike, Solver, SolverLimitReached, win_score

ANALYSIS_MAX_NODES = 200_000
"""The solver's node budget for one analysis (all columns together): about a second."""

ANALYSIS_TIME_LIMIT = 2.0
"""Seconds the solver may take for one analysis (all columns together), whatever its node
budget; the estimates of the columns it cannot finish come on top (a few milliseconds each)."""

WHOLE_ANALYSIS_SHARE = 0.5
"""The part of the node budget and of the time for the solver's analysis of all the columns at
once (:meth:`Solver.analyze`); if it does not finish, the rest goes column by column."""

ANALYSIS_SEARCH_DEPTH = 4
"""Plies the estimating search looks beyond a column's move when the solver cannot finish."""

NO_DEADLINE_S = 1e9
"""A deadline that never comes, in seconds: the solver and the search still read the clock,
which is how a running analysis is cancelled."""

ESTIMATE_MARK = "≈"
"""Marks an estimate in the analysis (the solver's scores are shown without it)."""

ESTIMATE_NOTE = "estimate"
"""The words under an estimate."""

ESTIMATE_THOUSANDS = 1000
"""Estimates from this size on are shown in thousands (``+5.2k``), so they fit under a column."""

FULL_COLUMN_TEXT = "full"
"""The analysis text under a full column."""

FULL_COLUMN_MARK = "-"
"""What ``solve --analyze`` prints for a full column."""


class ColumnSolver(Protocol):
    """A Connect Four solver that scores every column at once (the Python
    :class:`~tictac_edu.solvers.connect4.Solver` and the compiled ``FastSolver``)."""

    def analyze(self, position: PositionLike, weak: bool = False, *, max_nodes: int | None = None,
                deadline: float | None = None, clock: Callable[[], float] = time.monotonic) -> list[int | None]:
        """The score of playing each column for the player to move, ``None`` for a full column."""
        ...


def exact_columns(solver: ColumnSolver, position: PositionLike, *, weak: bool = False, max_nodes: int | None = None,
                  deadline: float | None = None, clock: Callable[[], float] = time.monotonic
                  ) -> tuple[int, list[int | None]]:
    """The solver's best score and its score of every column (``None`` for a full column), for
    the player to move in ``position`` (the benchmark sets' convention).

    Raises:
        SolverLimitReached: the node budget or the deadline ran out first.
        ValueError: a bad move string, or the game is over.

    >>> exact_columns(Solver(), "2252576253462244111563365343671351441")
    (-1, [None, None, None, None, None, -1, -2])
    """
    scores = solver.analyze(position, weak, max_nodes=max_nodes, deadline=deadline, clock=clock)
    return max(score for score in scores if score is not None), scores


def columns_line(scores: Sequence[int | None]) -> str:
    """Column scores as ``solve --analyze`` prints them: ``"- - -1 -2"``, :data:`FULL_COLUMN_MARK`
    for a full column.

    >>> columns_line([None, 3, -1])
    '- 3 -1'
    """
    return " ".join(FULL_COLUMN_MARK if score is None else str(score) for score in scores)



@dataclass(frozen=True)
class ColumnScore:
    """The analysis of one column: what dropping a disc there is worth to the player to move.

    Attributes:
        column: the column, 0-based.
        score: the solver's score (``exact``), in the benchmark sets' convention, or the
            estimating search's value; both for the player to move.
        exact: ``True`` for the solver's score, ``False`` for the search's.
        text: the score as shown: ``"+5"``, ``"0"``, ``"-3"``, ``"≈+130"``, ``"≈-5.2k"``, or
            ``"win"`` / ``"loss"`` when the search proved the outcome but has no exact score.
        note: a few words under it: ``"win in 3"``, ``"loss in 2"``, ``"draw"``, ``"estimate"``,
            ``"proven"``.
        tooltip: the score explained in a sentence.
        proven: the search (not the solver) proved the outcome: a four the opponent cannot stop
            within its look-ahead, or every line ends within it.
    """

    column: int
    score: float
    exact: bool
    text: str
    note: str
    tooltip: str
    proven: bool = False

    @property
    def outcome(self) -> Outcome | None:
        """The :class:`~tictac_edu.games.Outcome` for the player to move when known for certain
        (the solver's score, or an outcome the search proved); ``None`` for an estimate."""
        return outcome_of(self.score) if self.exact or self.proven else None

    @property
    def estimate(self) -> bool:
        """Whether this is only an estimate (not proven)."""
        return self.outcome is None


class AnalysisCancelled(Exception):
    """Raised from the clock of an analysis that is no longer wanted (the position changed)."""


class Cancellation:
    """A clock for :func:`analyse_columns` that can stop it: once :meth:`cancel` is called,
    reading the clock raises :class:`AnalysisCancelled` (the solver and the search read their
    clock every few hundred nodes, so the analysis stops within milliseconds)."""

    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        """Stop the analysis at its next look at the clock."""
        self.cancelled = True

    def clock(self) -> float:
        """:func:`time.monotonic`, or :class:`AnalysisCancelled` once cancelled."""
        if self.cancelled:
            raise AnalysisCancelled
        return time.monotonic()


def discs_to_win(score: int, state: ConnectFour) -> int | None:
    """For a solver score of the player to move in ``state`` (its next disc counted), how many
    discs the winner drops from now until four, the winning one included; ``None`` for a draw.

    A positive score is the player to move's win, a negative one the opponent's.

    >>> discs_to_win(21, ConnectFour()), discs_to_win(-1, ConnectFour.from_moves("4" * 5))
    (1, 18)
    """
    if score == 0:
        return None
    cells = state.max_plies
    first_winning_move = state.ply if score > 0 else state.ply + 1  # the winner's next disc
    for count in range(1, cells + 1):
        moves = first_winning_move + 2 * (count - 1)
        if moves >= cells:
            break
        if win_score(cells, moves) == abs(score):
            return count
    return None


def _signed(value: float) -> str:
    number = int(round(value))
    return f"{number:+d}" if number else "0"


def compact_signed(value: float) -> str:
    """A heuristic value in a few characters, to fit under a column: ``+97``, ``-5.2k``, ``+12k``.

    >>> [compact_signed(v) for v in (0, 97.4, -5197, 12345, -999)]
    ['0', '+97', '-5.2k', '+12k', '-999']
    """
    number = int(round(value))
    if abs(number) < ESTIMATE_THOUSANDS:
        return _signed(number)
    thousands = number / 1000
    return f"{thousands:+.1f}k" if abs(thousands) < 10 else f"{thousands:+.0f}k"


def describe_exact(score: int, state: ConnectFour) -> tuple[str, str]:
    """The note (``"win in 3"``) and the sentence explaining a solver score of the player to
    move in ``state`` for a move about to be played."""
    mover = state.to_move
    other = O if mover == X else X
    count = discs_to_win(score, state)
    if score == 0 or count is None:
        return "draw", "0: a draw with best play on both sides."
    if score > 0:
        return (f"win in {count}",
                f"{_signed(score)}: {mover} wins with best play on both sides: {mover}'s {ordinal(count)} disc "
                f"from now (this one included) completes four.")
    return (f"loss in {count}",
            f"{_signed(score)}: {mover} loses with best play on both sides: {other}'s {ordinal(count)} disc "
            f"from now completes four.")


def solved_column(column: int, score: int, state: ConnectFour) -> ColumnScore:
    """The :class:`ColumnScore` of a solver's ``score`` for playing ``column`` in ``state``."""
    note, tooltip = describe_exact(score, state)
    return ColumnScore(column, score, True, _signed(score), note, tooltip)


def analyse_columns(state: ConnectFour, solver: Solver | None = None, *, max_nodes: int = ANALYSIS_MAX_NODES,
                    time_limit: float | None = ANALYSIS_TIME_LIMIT, depth: int = ANALYSIS_SEARCH_DEPTH,
                    evaluate: Evaluation = threat_evaluation, clock: Clock = time.monotonic
                    ) -> list[ColumnScore | None]:
    """What dropping a disc in each column is worth to the player to move.

    First the solver analyses all the columns at once (:meth:`Solver.analyze`) with
    :data:`WHOLE_ANALYSIS_SHARE` of the budget; that is enough from the middle game on. If it
    runs out (:class:`~tictac_edu.solvers.connect4.SolverLimitReached`), each column is given
    to :meth:`Solver.solve` with a share of what is left (a column's unused nodes go to the
    next; what the first pass learnt stays in the solver's table, so columns it finished come
    back at once). A column the solver cannot finish gets an **estimate**: alpha-beta
    ``depth`` plies after the column's move, in the game's move order, with ``evaluate``,
    which must be symmetric (the score for one player is minus the score for the other, as
    :func:`~tictac_edu.evaluation.connect4.threat_evaluation` and
    :func:`~tictac_edu.evaluation.connect4.symmetric_window_evaluation` are); when that search
    proves the outcome (``SearchResult.proven``) the column shows it as "win" or "loss".

    Args:
        state: the position; the game must not be over.
        solver: the solver to use (its table is reused and grows); a new one by default.
        max_nodes: the solver's node budget for the whole analysis.
        time_limit: seconds for the solver over the whole analysis (``None``: only the node
            budget); the estimates come on top.
        depth: the estimating search's depth after the column's move.
        evaluate: the estimating search's evaluation (symmetric).
        clock: the clock of ``time_limit``; a clock that raises stops the analysis with its
            exception (:class:`Cancellation`).

    Returns:
        One entry per column, left to right; ``None`` for a full column. Scores are from the
        point of view of the player to move in ``state``.

    Raises:
        ValueError: the game is over.

    >>> scores = analyse_columns(ConnectFour.from_moves("2252576253462244111563365343671351441"))
    >>> [None if score is None else (score.text, score.note) for score in scores]   # columns 1-5 are full
    [None, None, None, None, None, ('-1', 'loss in 2'), ('-2', 'loss in 1')]
    >>> analyse_columns(ConnectFour(), max_nodes=0)[3].text.startswith(ESTIMATE_MARK)
    True
    """
    if state.is_terminal():
        raise ValueError(f"the game is over ({state.result_text()}): there is nothing to analyse")
    if solver is None:
        solver = Solver(state.columns, state.rows)
    seconds = NO_DEADLINE_S if time_limit is None else time_limit
    started = clock()
    whole_nodes = int(max_nodes * WHOLE_ANALYSIS_SHARE)
    try:
        _, scores = exact_columns(solver, state, max_nodes=solver.nodes + whole_nodes,
                                  deadline=started + seconds * WHOLE_ANALYSIS_SHARE, clock=clock)
    except SolverLimitReached:
        pass
    else:
        return [None if score is None else solved_column(column, score, state) for column, score in enumerate(scores)]

    deadline = started + seconds
    order = list(state.game.move_order) or None
    cells = state.max_plies
    playable = state.legal_moves()
    columns: list[ColumnScore | None] = [None] * state.columns
    remaining = max_nodes - whole_nodes
    for index, column in enumerate(playable):
        child = state.play(column)
        if child.is_terminal():  # four at once, or the last cell: nothing to solve
            columns[column] = solved_column(column, win_score(cells, state.ply) if child.winner else 0, state)
            continue
        share = max(0, remaining) // (len(playable) - index)
        before = solver.nodes
        try:
            score = -solver.solve(child, max_nodes=before + share, deadline=deadline, clock=clock)
            columns[column] = solved_column(column, score, state)
        except SolverLimitReached:
            columns[column] = _estimate(column, state, child, depth, evaluate, order, clock, max_nodes, time_limit)
        remaining -= solver.nodes - before
    return columns


def _estimate(column: int, state: ConnectFour, child: ConnectFour, depth: int, evaluate: Evaluation,
              order: list[Any] | None, clock: Clock, max_nodes: int, time_limit: float | None) -> ColumnScore:
    """The search's :class:`ColumnScore` of ``column``, for the player to move in ``state``."""
    result = alphabeta(child, depth, evaluate, order=order, deadline=clock() + NO_DEADLINE_S, clock=clock)
    assert result.value is not None
    value = -result.value  # the search scores the child for the opponent, who moves there
    mover = state.to_move
    budget = f"{max_nodes:,} nodes" + ("" if time_limit is None else f" and {time_limit:g} s")
    if result.outcome is not None:
        outcome = outcome_of(value)
        verb = {"win": "wins", "loss": "loses", "draw": "draws"}[outcome]
        return ColumnScore(column, value, False, outcome, "proven",
                           f"{outcome}: {mover} {verb} by force within {depth + 1} plies, proven by a depth-limited "
                           f"search; the solver did not finish within {budget}, so there is no exact score.",
                           proven=True)
    name = getattr(evaluate, "__name__", "the evaluation")
    return ColumnScore(column, value, False, f"{ESTIMATE_MARK}{compact_signed(value)}", ESTIMATE_NOTE,
                       f"{ESTIMATE_MARK}{_signed(value)}: an estimate, not proven (the solver did not finish within "
                       f"{budget}): alpha-beta {depth} plies after this move with {name}, from {mover}'s point of "
                       f"view (higher is better for {mover}).")


def best_columns(scores: Sequence[ColumnScore | None]) -> set[int]:
    """The columns to highlight as best: the highest solver score when every column is solved;
    otherwise a win known for certain (the solver's best win first, else a win the search
    proved); with estimates only, the highest estimate. An estimate is never set against a
    solver's draw or loss.

    >>> best_columns([None, ColumnScore(1, 2, True, "+2", "", ""), ColumnScore(2, -1, True, "-1", "", "")])
    {1}
    """
    known = [score for score in scores if score is not None]
    if not known:
        return set()
    pool = known
    if not all(score.exact for score in known):
        wins = [score for score in known if score.outcome == "win"]
        if wins:
            pool = [score for score in wins if score.exact] or wins
        elif any(score.exact for score in known):
            return set()
        else:
            pool = [score for score in known if score.estimate] or known
    top = max(score.score for score in pool)
    return {score.column for score in pool if score.score == top}


EXACT_WORDS = "Exact scores (the solver's: above 0 a win, the higher the sooner; 0 a draw; below 0 a loss)"
"""How :func:`analysis_summary` names the solver's scores."""


def _columns_words(columns: Sequence[int]) -> str:
    numbers = [str(column + 1) for column in columns]
    return f"column {numbers[0]}" if len(numbers) == 1 else f"columns {', '.join(numbers[:-1])} and {numbers[-1]}"


def analysis_summary(scores: Sequence[ColumnScore | None]) -> str:
    """One sentence under the scores saying which columns carry the solver's exact score and
    which only an estimate, on another scale (or a result the search proved without a score).

    >>> exact, guess = ColumnScore(0, 2, True, "+2", "", ""), ColumnScore(3, 130, False, "≈+130", "estimate", "")
    >>> print(analysis_summary([exact, None, None, guess]))
    Exact scores (the solver's: above 0 a win, the higher the sooner; 0 a draw; below 0 a loss): column 1. \
Estimates (≈, a depth-limited search in evaluation points, another scale: compare them only with each other): \
column 4.
    """
    known = [score for score in scores if score is not None]
    exact = [score.column for score in known if score.exact]
    proven = [score.column for score in known if not score.exact and score.proven]
    estimates = [score.column for score in known if score.estimate]
    parts = []
    if exact:
        parts.append(f"{EXACT_WORDS}: {_columns_words(exact)}.")
    if proven:
        parts.append(f"A win or a loss the search proved, without an exact score: {_columns_words(proven)}.")
    if estimates:
        parts.append(f"Estimates ({ESTIMATE_MARK}, a depth-limited search in evaluation points, another scale: "
                     f"compare them only with each other): {_columns_words(estimates)}.")
    if exact and not proven and not estimates:
        parts = [f"{EXACT_WORDS}: every column."]
    return " ".join(parts)
