"""What the course's agents play each game with, bound by ordinary imports: the default
evaluation, the position-dependent search order, and the agent class of each solver level.

A game's description (:class:`~tictac_edu.games.base.GameDescription`) keeps the facts of its
rules and the list of its levels; the code those levels run lives in the layers above the
games, so it is named here, where a misspelt name fails at import time and the type checker
sees every one.

>>> from tictac_edu.games import ConnectFour, TicTacToe
>>> game_defaults(TicTacToe()).evaluation.__name__
'line_evaluation'
>>> solver_agent_class(ConnectFour(), "expert").__name__
'SolverAgent'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tictac_edu.agents.gomoku import ThreatAgent
from tictac_edu.agents.search import Agent
from tictac_edu.agents.solver import SolverAgent
from tictac_edu.evaluation.connect4 import threat_evaluation
from tictac_edu.evaluation.gomoku import candidate_moves, pattern_evaluation
from tictac_edu.evaluation.mnk import line_evaluation
from tictac_edu.games.base import GameState
from tictac_edu.search.common import Evaluation
from tictac_edu.search.ordering import MoveOrder

SolverAgentClass = Callable[..., Agent]
"""A solver level's agent class, built as ``cls(time_limit=..., name=...)``."""


@dataclass(frozen=True)
class GameDefaults:
    """What the course's agents use for one game.

    Attributes:
        evaluation: the default heuristic evaluation (``evaluate(state, player)``, scores for
            ``player``), or ``None`` for a game without one (textbook trees).
        search_order: for games whose good order depends on the position (gomoku searches the
            points near the stones), a factory of the :class:`~tictac_edu.search.ordering.MoveOrder`
            the agents search with (a fresh one per agent, as orders may learn); ``None``
            searches in the description's ``move_order``.
        solver_agents: the agent class of each ``kind="solver"`` level, by level name.
    """

    evaluation: Evaluation | None = None
    search_order: Callable[[], MoveOrder] | None = None
    solver_agents: Mapping[str, SolverAgentClass] = field(default_factory=dict)


CATALOGUE: dict[str, GameDefaults] = {
    "tictactoe": GameDefaults(evaluation=line_evaluation),
    "mnk": GameDefaults(evaluation=line_evaluation),
    "connect4": GameDefaults(evaluation=threat_evaluation, solver_agents={"expert": SolverAgent}),
    "gomoku": GameDefaults(evaluation=pattern_evaluation, search_order=candidate_moves,
                           solver_agents={"strong": ThreatAgent}),
}
"""The defaults of each registered game, by :attr:`GameDescription.name
<tictac_edu.games.base.GameDescription.name>`."""

_NOTHING = GameDefaults()


def game_defaults(state: GameState) -> GameDefaults:
    """The defaults of ``state``'s game (empty defaults for a game not in :data:`CATALOGUE`)."""
    return CATALOGUE.get(state.game.name, _NOTHING)


def game_evaluation(state: GameState) -> Evaluation | None:
    """The default evaluation of ``state``'s game, ``None`` if it has none."""
    return game_defaults(state).evaluation


def solver_agent_class(state: GameState, level: str) -> SolverAgentClass:
    """The agent class of the solver level ``level`` of ``state``'s game.

    Raises:
        ValueError: the catalogue names no agent for that level.
    """
    agents = game_defaults(state).solver_agents
    if level not in agents:
        raise ValueError(f"{state.game.title}: the catalogue of agents names no agent for the solver level "
                         f"{level!r} (it has: {', '.join(agents) or 'none'})")
    return agents[level]


def resolve(reference: str) -> Any:
    """The object named by ``"package.module:name"``: for a name a person types (a board's
    ``evaluation="mypackage.module:evaluate"``), never for the package's own defaults.

    >>> resolve("math:pi")
    3.141592653589793
    """
    module_name, _, attribute = reference.partition(":")
    if not module_name or not attribute:
        raise ValueError(f"a reference is 'module:name', not {reference!r}")
    return getattr(importlib.import_module(module_name), attribute)
