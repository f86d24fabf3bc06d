"""A strong Connect Four player, and an honest one: a proven best move whenever the solver
finds one in time, otherwise the best move of a heuristic search, and each move says which.

Early in the game a position is far too hard to solve within a second (the empty board takes
hours, even compiled); from the middle game on, most are solved in milliseconds. The agent uses
the compiled solver (:mod:`tictac_edu.solvers.connect4_fast`) by default, which proves moves
from earlier in the game than the pure-Python one (``engine="python"``) can.
:class:`SolverAgent` tries the solver first with part of its time and, if the solver does not
finish, searches with a heuristic evaluation (iterative deepening alpha-beta) for the rest of
the time. So it is not a perfect player: its early moves are the search's best guesses. Its
level is called ``"expert"``; ``last_result.proven`` tells a proven move from a guess.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from tictac_edu.agents.decision import AgentBase, Budget, Decision
from tictac_edu.evaluation.connect4 import threat_evaluation
from tictac_edu.games.base import GameState
from tictac_edu.games.connect4 import CONNECT4_TIME_LIMIT, ConnectFour
from tictac_edu.search import SearchResult, TranspositionTable, iterative_deepening
from tictac_edu.search.common import Clock, Evaluation
from tictac_edu.solvers.connect4 import Solver, SolverLimitReached
from tictac_edu.solvers.engines import DEFAULT_ENGINE, ENGINES, make_solver

if TYPE_CHECKING:
    from tictac_edu.solvers.connect4_fast import FastSolver

DEFAULT_TIME_LIMIT = CONNECT4_TIME_LIMIT
"""Seconds per move: the whole move, solver and fallback search together, stays under a second."""
SOLVER_SHARE = 0.5
"""The part of the time limit given to the solver before falling back to the search."""
MIN_SEARCH_SECONDS = 1e-3
"""The fallback search's time limit when the solver has used up the time."""
SAFETY = 0.97
"""The whole move aims to end at this part of the time limit: on a busy machine the process can
be paused between two readings of the clock, and the margin keeps such a late reading inside
the limit (0.87 s of a 0.9 s limit: 27 ms to spare)."""


class SolverAgent(AgentBase):
    """Plays a Connect Four move from the solver when it finishes within ``time_limit *
    solver_share`` seconds, otherwise from iterative-deepening alpha-beta with ``evaluate``,
    centre-first order and a transposition table, for the time that is left. Not a perfect
    player: a move found by the search is a heuristic guess, and is labelled so.

    The whole move, solver and search together, aims to end at :data:`SAFETY` of ``time_limit``
    seconds on ``clock`` (the solver reads the clock at least every
    :data:`~tictac_edu.solvers.connect4.CHECK_EVERY` nodes, the search at every node), so that a
    reading made late on a busy machine still falls within the limit.

    The solver keeps its table from move to move and game to game (it holds exact bounds,
    true forever), so the solver finishes earlier and earlier in a game.

    ``last_result`` describes the last move. From the solver (``last_source == "solver"``):
    ``proven=True``, ``depth=None``, and ``value`` the solver's proven score for the player who
    moved (the benchmark sets' convention: 0 a draw, positive a win). From the fallback search
    (``last_source == "search"``): ``proven=False`` always, and ``value`` the search's heuristic
    score for the player who moved (from ``evaluate``), not a proof. In both, ``nodes`` counts
    the solver's nodes and the search's, and ``elapsed`` the whole move.

    Args:
        time_limit: seconds per move (wall-clock time on the default clock), for the whole move: a
            positive, finite number.
        solver_share: the part of ``time_limit`` for the solver.
        evaluate: the fallback search's evaluation.
        name: shown on boards and in match tables.
        clock: the clock for the time limit (tests give a fake one).
        engine: the solver, ``"numba"`` (compiled, the default when numba is installed) or
            ``"python"``: the same proven scores, the compiled one in far fewer seconds. It is
            made (and compiled, or loaded from numba's cache) on the first move, before that
            move's clock starts.

    Raises:
        ValueError: a time limit that is not a positive, finite number, a share outside (0, 1],
            or an unknown engine.
    """

    def __init__(self, time_limit: float = DEFAULT_TIME_LIMIT, solver_share: float = SOLVER_SHARE,
                 evaluate: Evaluation = threat_evaluation, name: str = "expert",
                 clock: Callable[[], float] = time.monotonic, engine: str = DEFAULT_ENGINE) -> None:
        if engine not in ENGINES:
            raise ValueError(f"unknown solver engine {engine!r}: choose one of {', '.join(ENGINES)}")
        if not isinstance(time_limit, int | float) or isinstance(time_limit, bool) or not math.isfinite(time_limit) \
                or time_limit <= 0:
            raise ValueError(f"time_limit must be a positive, finite number of seconds, not {time_limit!r}")
        if not 0 < solver_share <= 1:
            raise ValueError(f"solver_share is a part of the time limit, between 0 and 1, not {solver_share!r}")
        self.name = name
        self.time_limit: float = time_limit
        self.solver_share = solver_share
        self.evaluate = evaluate
        self.clock: Clock = clock
        self.engine = engine
        self.solvers: dict[tuple[int, int], Solver | FastSolver] = {}
        self.last_result: SearchResult | None = None
        self.last_source: str | None = None

    def reseed(self, seed: int | None) -> None:
        """Nothing to reseed: the agent makes no random choices (matches call this on every agent)."""

    def solver_for(self, state: ConnectFour) -> Solver | FastSolver:
        """The agent's solver for a board size (made on first use, then kept).

        Args:
            state: a position of that size.

        Returns:
            The solver.
        """
        size = (state.columns, state.rows)
        if size not in self.solvers:
            self.solvers[size] = make_solver(self.engine, *size)
        return self.solvers[size]

    def choose(self, state: GameState, budget: Budget | None = None) -> Decision:
        """A proven best move if the solver finds one in time, else the search's best guess;
        the decision's ``source`` (``"solver"`` or ``"search"``) and ``result.proven`` say which.

        Args:
            state: the position; the game must not be over.
            budget: a deadline holds the whole move to the time left when that is less than
                the agent's ``time_limit``.

        Returns:
            The decision; its move is the column to play, 0-based.

        Raises:
            TypeError: ``state`` is not a Connect Four position.
            ValueError: the game is over.
        """
        if not isinstance(state, ConnectFour):
            raise TypeError(f"{self.name} plays Connect Four only, not {type(state).__name__}")
        if state.is_terminal():
            raise ValueError(f"the game is over, there is no move to choose:\n{state}")
        held = self.held_to(state, budget)
        if held is not None:
            self.last_result, self.last_source = held.search, held.source
            return held
        move, result, source = self._decide(state)
        self.last_result, self.last_source = result, source
        return Decision(move, result, source)

    def _decide(self, state: ConnectFour) -> tuple[int, SearchResult, str]:
        """The move, the result behind it and its source, within this agent's time limit."""
        solver = self.solver_for(state)  # made (and compiled) before the clock starts
        started = self.clock()
        began = time.perf_counter()
        nodes_before = solver.nodes
        try:
            column, score = solver.best_move(state, deadline=started + self.time_limit * self.solver_share,
                                             clock=self.clock)
        except SolverLimitReached:
            remaining = max(started + self.time_limit * SAFETY - self.clock(), MIN_SEARCH_SECONDS)
            result = iterative_deepening(state, self.evaluate, time_limit=remaining, clock=self.clock,
                                         order=list(state.game.move_order), table=TranspositionTable())
            result.nodes += solver.nodes - nodes_before
            result.proven = False  # not proven optimal: the search's move, even when it found a forced result
            result.elapsed = time.perf_counter() - began
            move: int | None = result.move
            assert move is not None  # iterative deepening always names a move of a game not over
            return move, result, "search"
        proof = SearchResult(value=score, move=column, pv=[column], nodes=solver.nodes - nodes_before,
                             player=state.to_move, depth=None, proven=True, elapsed=time.perf_counter() - began)
        return column, proof, "solver"

    def __repr__(self) -> str:
        return (f"SolverAgent(name={self.name!r}, time_limit={self.time_limit}, solver_share={self.solver_share}, "
                f"engine={self.engine!r})")
