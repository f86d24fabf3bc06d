"""Players that choose a move at random or by searching.

Every agent follows the protocol of :mod:`tictac_edu.agents.decision`: a ``name``,
``choose(state, budget=None)``, which returns a :class:`~tictac_edu.agents.decision.Decision`
(the move, the search behind it, whether it was random), and ``reseed(seed)``, which makes
its random choices repeatable (matches call it before every game). ``choose_move(state)`` is
the convenience that returns the move alone. Search agents also keep ``last_result``, the
:class:`~tictac_edu.search.SearchResult` of their last move (``None`` after a random move),
for notebooks that look at it after a move.
"""

from __future__ import annotations

import math
import random
import time
from typing import ClassVar, Literal

from tictac_edu.agents.decision import Agent, AgentBase, Budget, Decision
from tictac_edu.games.base import GameState
from tictac_edu.search import SearchResult, TranspositionTable, alphabeta, iterative_deepening, minimax
from tictac_edu.search.common import Clock, Evaluation, faster_wins
from tictac_edu.search.ordering import OrderSpec

__all__ = ["Agent", "RandomAgent", "SearchAgent", "check_can_move"]


def check_can_move(state: GameState) -> None:
    """Raise ``ValueError`` if ``state`` is a finished game: there is no move to choose."""
    if state.is_terminal():
        raise ValueError(f"the game is over, there is no move to choose:\n{state}")


class RandomAgent(AgentBase):
    """Plays a uniformly random legal move.

    >>> from tictac_edu.games import TicTacToe
    >>> RandomAgent(seed=1).choose_move(TicTacToe()) in range(9)
    True
    """

    def __init__(self, seed: int | None = None, name: str = "random") -> None:
        self.name = name
        self.rng = random.Random(seed)
        self.last_result: SearchResult | None = None

    def reseed(self, seed: int | None) -> None:
        """Restart the random choices from ``seed``."""
        self.rng = random.Random(seed)

    def choose(self, state: GameState, budget: Budget | None = None) -> Decision:
        """A uniformly random legal move (a budget changes nothing: it takes no time)."""
        check_can_move(state)
        return Decision(self.rng.choice(state.legal_moves()), random=True)

    def __repr__(self) -> str:
        return f"RandomAgent(name={self.name!r})"


class SearchAgent(AgentBase):
    """Chooses moves by searching: minimax or alpha-beta at a fixed depth, to the end of the
    game, or by iterative deepening under a time limit.

    Args:
        algorithm: ``"alphabeta"`` (default) or ``"minimax"``.
        depth: plies to look ahead; ``None`` searches to the end of the game (unless a
            ``time_limit`` is given, which deepens until the clock runs out).
        time_limit: seconds per move for iterative deepening (alpha-beta only).
        evaluate: ``evaluate(state, player)`` for depth-limited search.
        order: move ordering for alpha-beta.
        use_table: give each alpha-beta search a fresh transposition table.
        prefer_faster_wins: win as quickly, and lose as slowly, as possible: without an
            ``evaluate``, the search scores finished games with the leaf scorer
            :func:`~tictac_edu.search.common.faster_wins`.
        randomness: the chance of playing a random legal move instead (for easy levels).
        seed: seed for the random choices.
        name: shown on boards and in match tables.
        clock: the clock ``time_limit`` is read on, at every node (a match that must replay
            gives a :class:`~tictac_edu.arena.clock.WorkClock`, which counts nodes).
    """

    reads_clock_at: ClassVar[Literal["node", "iteration"] | None] = "node"  # alpha-beta reads it at every node

    def __init__(self, *, algorithm: Literal["alphabeta", "minimax"] = "alphabeta", depth: int | None = None,
                 time_limit: float | None = None, evaluate: Evaluation | None = None, order: OrderSpec = None,
                 use_table: bool = False, prefer_faster_wins: bool = True, randomness: float = 0.0,
                 seed: int | None = None, name: str | None = None, clock: Clock = time.monotonic) -> None:
        if algorithm not in ("alphabeta", "minimax"):
            raise ValueError(f"algorithm must be 'alphabeta' or 'minimax', not {algorithm!r}")
        if time_limit is not None and (algorithm != "alphabeta" or evaluate is None):
            raise ValueError("a time limit needs algorithm='alphabeta' and an evaluate function (iterative deepening)")
        if time_limit is not None and (not isinstance(time_limit, int | float) or isinstance(time_limit, bool)
                                       or not math.isfinite(time_limit) or time_limit <= 0):
            raise ValueError(f"time_limit must be a positive, finite number of seconds, not {time_limit!r}")
        if depth is not None and (not isinstance(depth, int) or isinstance(depth, bool) or depth < 1):
            raise ValueError(f"depth must be a whole number >= 1 (plies to look ahead) or None, not {depth!r}")
        if depth is not None and evaluate is None:
            raise ValueError(f"depth={depth} needs an evaluate(state, player) function to score where the search stops")
        if not isinstance(randomness, int | float) or not 0.0 <= randomness <= 1.0:
            raise ValueError(f"randomness is a probability between 0 and 1, not {randomness!r}")
        self.algorithm = algorithm
        self.depth = depth
        self.time_limit = time_limit
        self.evaluate = evaluate
        self.order = order
        self.use_table = use_table
        self.prefer_faster_wins = prefer_faster_wins
        self.randomness = randomness
        self.rng = random.Random(seed)
        self.name = name or self._default_name()
        self.clock: Clock = clock
        self.last_result: SearchResult | None = None

    def _default_name(self) -> str:
        if self.time_limit is not None:
            return f"{self.algorithm} {self.time_limit:g}s"
        return f"{self.algorithm} depth {self.depth}" if self.depth is not None else f"{self.algorithm} full depth"

    def reseed(self, seed: int | None) -> None:
        """Restart the random choices from ``seed``."""
        self.rng = random.Random(seed)

    def search(self, state: GameState) -> SearchResult:
        """Run this agent's search on ``state`` (no randomness) and return the result."""
        check_can_move(state)
        evaluate = self.evaluate if self.evaluate is not None or not self.prefer_faster_wins else faster_wins
        if self.algorithm == "minimax":
            return minimax(state, self.depth, evaluate)
        table = TranspositionTable() if self.use_table else None
        if self.time_limit is not None:
            assert self.evaluate is not None
            return iterative_deepening(state, self.evaluate, time_limit=self.time_limit, max_depth=self.depth,
                                       clock=self.clock, order=self.order, table=table)
        return alphabeta(state, self.depth, evaluate, order=self.order, table=table)

    def takes_time_limit(self) -> bool:
        """Whether a budget can hold it to a time: iterative deepening needs alpha-beta and an
        evaluation (a search to the end, or minimax, can only take the time it takes)."""
        return self.algorithm == "alphabeta" and self.evaluate is not None

    def choose(self, state: GameState, budget: Budget | None = None) -> Decision:
        """The searched best move, or, with probability ``randomness``, a random legal move; with
        a budget's deadline, a time-limited level deepens only until then (see
        :meth:`~tictac_edu.agents.decision.AgentBase.within`)."""
        check_can_move(state)
        if self.randomness and self.rng.random() < self.randomness:
            self.last_result = None
            return Decision(self.rng.choice(state.legal_moves()), random=True, randomness=self.randomness)
        searcher, limit = self.within(budget)
        self.last_result = result = searcher.search(state)
        return Decision(result.move, result, "search", randomness=self.randomness, time_limit=limit)

    def __repr__(self) -> str:
        return f"SearchAgent(name={self.name!r})"
