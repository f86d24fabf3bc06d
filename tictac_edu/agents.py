"""Players: a random mover, search agents at a depth or a time limit, and difficulty presets.

Every agent has a ``name`` and a ``choose_move(state)`` method; search agents also keep
``last_result``, the :class:`~tictac_edu.search.SearchResult` of their last move, so boards
and notebooks can show the figures behind each move. ``reseed(seed)`` makes an agent's
random choices repeatable (matches call it before every game).
"""

from __future__ import annotations

import random
from typing import Literal, Protocol, runtime_checkable

from tictac_edu.evaluation.connect4 import threat_evaluation
from tictac_edu.evaluation.mnk import line_evaluation, most_lines_first
from tictac_edu.games.base import GameState, Move
from tictac_edu.games.connect4 import ConnectFour
from tictac_edu.games.mnk import MNKGame
from tictac_edu.search import SearchResult, TranspositionTable, alphabeta, iterative_deepening, minimax
from tictac_edu.search.alphabeta import Evaluation
from tictac_edu.search.ordering import OrderSpec
from tictac_edu.solvers.agent import SolverAgent
from tictac_edu.solvers.connect4 import centre_first_columns

Difficulty = Literal["easy", "medium", "hard", "perfect"]
DIFFICULTIES: tuple[Difficulty, ...] = ("easy", "medium", "hard", "perfect")


@runtime_checkable
class Agent(Protocol):
    """Anything that can choose a move."""

    name: str

    def choose_move(self, state: GameState) -> Move:
        """A legal move for the player to move in ``state`` (which must not be finished)."""
        ...


def _check_can_move(state: GameState) -> None:
    if state.is_terminal():
        raise ValueError(f"the game is over, there is no move to choose:\n{state}")


class RandomAgent:
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

    def choose_move(self, state: GameState) -> Move:
        _check_can_move(state)
        return self.rng.choice(state.legal_moves())

    def __repr__(self) -> str:
        return f"RandomAgent(name={self.name!r})"


class SearchAgent:
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
        prefer_faster_wins: win as quickly, and lose as slowly, as possible.
        randomness: the chance of playing a random legal move instead (for easy levels).
        seed: seed for the random choices.
        name: shown on boards and in match tables.
    """

    def __init__(self, *, algorithm: Literal["alphabeta", "minimax"] = "alphabeta", depth: int | None = None,
                 time_limit: float | None = None, evaluate: Evaluation | None = None, order: OrderSpec = None,
                 use_table: bool = False, prefer_faster_wins: bool = True, randomness: float = 0.0,
                 seed: int | None = None, name: str | None = None) -> None:
        if algorithm not in ("alphabeta", "minimax"):
            raise ValueError(f"algorithm must be 'alphabeta' or 'minimax', not {algorithm!r}")
        if time_limit is not None and (algorithm != "alphabeta" or evaluate is None):
            raise ValueError("a time limit needs algorithm='alphabeta' and an evaluate function (iterative deepening)")
        if depth is not None and evaluate is None:
            raise ValueError(f"depth={depth} needs an evaluate(state, player) function to score where the search stops")
        if not 0.0 <= randomness <= 1.0:
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
        _check_can_move(state)
        if self.algorithm == "minimax":
            return minimax(state, self.depth, self.evaluate, prefer_faster_wins=self.prefer_faster_wins)
        table = TranspositionTable() if self.use_table else None
        if self.time_limit is not None:
            assert self.evaluate is not None
            return iterative_deepening(state, self.evaluate, time_limit=self.time_limit, max_depth=self.depth,
                                       order=self.order, table=table, prefer_faster_wins=self.prefer_faster_wins)
        return alphabeta(state, self.depth, self.evaluate, order=self.order, table=table,
                         prefer_faster_wins=self.prefer_faster_wins)

    def choose_move(self, state: GameState) -> Move:
        """The searched best move, or, with probability ``randomness``, a random legal move."""
        _check_can_move(state)
        if self.randomness and self.rng.random() < self.randomness:
            self.last_result = None
            return self.rng.choice(state.legal_moves())
        self.last_result = self.search(state)
        return self.last_result.move

    def __repr__(self) -> str:
        return f"SearchAgent(name={self.name!r})"


# Difficulty presets for the m,n,k games (tic-tac-toe included): plies of look-ahead and the
# chance of a random move. "perfect" searches to the end of the game.
MNK_PRESETS: dict[str, dict[str, float | int | None]] = {
    "easy": {"depth": 1, "randomness": 0.3},
    "medium": {"depth": 2, "randomness": 0.1},
    "hard": {"depth": 4, "randomness": 0.0},
    "perfect": {"depth": None, "randomness": 0.0},
}
PERFECT_MAX_CELLS = 9
"""'perfect' solves the game at every move; boards with more cells than this take too long."""

CONNECT4_TIME_LIMIT = 0.9
"""Seconds per move for Connect Four's "hard" and "perfect" (under a second a move)."""
# Difficulty presets for Connect Four: alpha-beta with centre-first order (3, 2, 4, 1, 5, 0, 6)
# and the threat evaluation; "hard" searches to the design documents' depth 7 by iterative
# deepening, stopping at the time limit; "perfect" plays from the solver whenever it can finish
# within the time limit and otherwise searches (tictac_edu.solvers.agent.SolverAgent).
CONNECT4_PRESETS: dict[str, dict[str, float | int | None]] = {
    "easy": {"depth": 2, "randomness": 0.2, "time_limit": None},
    "medium": {"depth": 4, "randomness": 0.05, "time_limit": None},
    "hard": {"depth": 7, "randomness": 0.0, "time_limit": CONNECT4_TIME_LIMIT},
    "perfect": {"depth": None, "randomness": 0.0, "time_limit": CONNECT4_TIME_LIMIT},
}


def difficulty_agent(state: GameState, difficulty: Difficulty, seed: int | None = None) -> Agent:
    """The preset agent of a difficulty level for ``state``'s game.

    ``"perfect"`` (tic-tac-toe) searches to the end of the game with alpha-beta, a
    transposition table and centre-corners-edges ordering, and never loses. On Connect Four
    (:data:`CONNECT4_PRESETS`) it plays from the solver whenever the solver finishes within
    the time limit, and otherwise searches like ``"hard"``.

    Raises:
        ValueError: an unknown difficulty, or one this game does not offer.
    """
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"unknown difficulty {difficulty!r}; choose one of {', '.join(DIFFICULTIES)}")
    if isinstance(state, MNKGame):
        preset = MNK_PRESETS[difficulty]
        if difficulty == "perfect" and state.rows * state.columns > PERFECT_MAX_CELLS:
            raise ValueError(f"'perfect' is offered only on boards of at most {PERFECT_MAX_CELLS} cells (tic-tac-toe); "
                             f"a {state.rows}x{state.columns} board is too big to solve at every move. "
                             "Choose easy, medium or hard.")
        depth = preset["depth"]
        return SearchAgent(depth=None if depth is None else int(depth), randomness=float(preset["randomness"] or 0),
                           evaluate=None if depth is None else line_evaluation, order=most_lines_first,
                           use_table=depth is None, seed=seed, name=difficulty)
    if isinstance(state, ConnectFour):
        preset = CONNECT4_PRESETS[difficulty]
        time_limit = preset["time_limit"]
        if difficulty == "perfect":
            return SolverAgent(time_limit=float(time_limit or CONNECT4_TIME_LIMIT), name=difficulty)
        return SearchAgent(depth=int(preset["depth"] or 1), randomness=float(preset["randomness"] or 0),
                           time_limit=None if time_limit is None else float(time_limit),
                           evaluate=threat_evaluation, order=list(centre_first_columns(state.columns)),
                           use_table=time_limit is not None, seed=seed, name=difficulty)
    raise ValueError(f"no difficulty presets for {type(state).__name__}; build a SearchAgent instead")
