"""A player that chooses its moves by Monte Carlo tree search.

:class:`MCTSAgent` runs :class:`~tictac_edu.search.mcts.MCTS` (UCT) or, with ``solver=True``,
:class:`~tictac_edu.search.mcts.MCTSSolver` for a number of iterations or seconds per move,
and keeps its tree from move to move: after its move and the reply, the next search starts
from the subtree of the position reached, with its statistics. ``last_result`` is the
:class:`~tictac_edu.search.mcts.MCTSResult` of its last move (values from the point of view
of the player who moved).

>>> from tictac_edu.games import TicTacToe, play_moves
>>> agent = MCTSAgent(playouts=300, seed=1)
>>> agent.choose_move(play_moves(TicTacToe(), [0, 4, 8])) in (1, 3, 5, 7)   # O must not take a corner
True
>>> agent.last_result.iterations, agent.name
(300, 'mcts 300 playouts')
"""

from __future__ import annotations

import time
from typing import Any, ClassVar, Literal

from tictac_edu.agents.decision import AgentBase, Budget, Decision
from tictac_edu.agents.search import check_can_move
from tictac_edu.games.base import GameState
from tictac_edu.search.common import Clock
from tictac_edu.search.mcts import (
    DEFAULT_EXPLORATION,
    MCTS,
    Candidates,
    MCTSResult,
    MCTSSolver,
    Playout,
    check_budget,
    check_callables,
    check_exploration,
    random_playout,
)


class MCTSAgent(AgentBase):
    """Chooses moves by Monte Carlo tree search with random playouts.

    Args:
        playouts: iterations per move (:data:`~tictac_edu.search.mcts.DEFAULT_PLAYOUTS` if
            neither this nor ``time_limit`` is given).
        time_limit: seconds per move (checked after every iteration). With ``playouts`` too,
            the search stops at whichever runs out first: so an agent budgeted in playouts
            keeps its budget on a game clock, which gives it a ``time_limit`` for the move
            (:meth:`~tictac_edu.agents.decision.AgentBase.within`), and still moves in time.
        exploration: UCB1's constant ``c`` (default sqrt(2)).
        solver: MCTS-solver: back up proven results, play a proven win at once and never a
            proven loss when another move is open.
        reuse_tree: keep the tree from one move to the next (the subtree of the position
            reached after the reply).
        candidates: ``candidates(state)``, the moves a node expands (``None``: every legal
            move); it must pickle, as matches may run on process pools.
        playout: the simulation, ``playout(state, rng) -> winner`` (default: the game's fast
            random game, :func:`~tictac_edu.search.mcts.random_playout`); it must pickle too.
        seed: seed of the random playouts.
        name: shown on boards and in match tables.
        clock: the clock ``time_limit`` is read on, once per iteration (a match that must
            replay gives a :class:`~tictac_edu.arena.clock.WorkClock`, which counts iterations).

    Raises:
        ValueError: a budget that is not positive, a negative ``exploration``, or
            ``candidates`` or ``playout`` that is not callable.
    """

    reads_clock_at: ClassVar[Literal["node", "iteration"] | None] = "iteration"  # once per iteration

    def __init__(self, playouts: int | None = None, time_limit: float | None = None, *,
                 exploration: float = DEFAULT_EXPLORATION, solver: bool = False, reuse_tree: bool = True,
                 candidates: Candidates | None = None, playout: Playout = random_playout, seed: int | None = None,
                 name: str | None = None, clock: Clock = time.monotonic) -> None:
        budget = check_budget(playouts, time_limit)
        check_exploration(exploration)
        check_callables(candidates, playout)
        if not isinstance(solver, bool) or not isinstance(reuse_tree, bool):
            raise ValueError(f"solver and reuse_tree are True or False, not {solver!r} and {reuse_tree!r}")
        if name is not None and (not isinstance(name, str) or not name):
            raise ValueError(f"name is a non-empty string or None, not {name!r}")
        self.playouts = budget
        self.time_limit = time_limit
        self.exploration = float(exploration)
        self.solver = solver
        self.reuse_tree = reuse_tree
        self.candidates = candidates
        self.playout = playout
        self.seed = seed
        self.clock: Clock = clock
        self.engine = self._new_engine(seed)
        self.name = name or self._default_name()
        self.last_result: MCTSResult | None = None

    def _new_engine(self, seed: int | None) -> MCTS:
        kind = MCTSSolver if self.solver else MCTS
        return kind(self.exploration, candidates=self.candidates, playout=self.playout, seed=seed)

    def _default_name(self) -> str:
        kind = "mcts-solver" if self.solver else "mcts"
        budgets = ([f"{self.playouts} playouts"] if self.playouts is not None else []) + \
            ([f"{self.time_limit:g}s"] if self.time_limit is not None else [])
        return f"{kind} {' or '.join(budgets)}"

    def reseed(self, seed: int | None) -> None:
        """Restart the random playouts from ``seed``, with a new tree (so a seeded game
        replays the same, whatever was played before)."""
        self.seed = seed
        self.engine = self._new_engine(seed)
        self.last_result = None

    def search(self, state: GameState, playouts: int | None = None) -> MCTSResult:
        """Search ``state`` (reusing the tree if allowed and ``state`` is in it) and return the
        result; ``playouts``: at most so many iterations, instead of the agent's own budget."""
        check_can_move(state)
        if not self.reuse_tree:
            self.engine.reset()
        self.engine.clock = self.clock
        return self.engine.search(state, self.playouts if playouts is None else playouts, self.time_limit)

    def takes_time_limit(self) -> bool:
        """Whether a budget can hold it to a time: a level budgeted in seconds can; one budgeted
        in playouts takes that budget (MCTS takes playouts or a time, not both)."""
        return self.playouts is None

    def choose(self, state: GameState, budget: Budget | None = None) -> Decision:
        """The searched move: the most visited root move (the solver's proven win first).
        A budget's playouts cap the agent's own; its deadline holds a level budgeted in
        seconds to the time left."""
        searcher, limit = self.within(budget)
        playouts = searcher.playouts
        if budget is not None and budget.playouts is not None:
            playouts = budget.playouts if playouts is None else min(playouts, budget.playouts)
        self.last_result = result = searcher.search(state, playouts)
        return Decision(result.move, result, "mcts", time_limit=limit)

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without its tree or last result (rebuilt by the next move): a tree holds
        thousands of positions, and the agent plays the same without it."""
        state = self.__dict__.copy()
        state["engine"] = self._new_engine(None)
        state["engine"].rng.setstate(self.engine.rng.getstate())
        state["last_result"] = None
        return state

    def __repr__(self) -> str:
        return f"MCTSAgent(name={self.name!r})"


