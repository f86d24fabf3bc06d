"""Players, each answering ``choose(state, budget=None)`` with a :class:`Decision` (the
protocol: :mod:`tictac_edu.agents.decision`): a random mover, search agents at a depth or a
time limit, Monte Carlo tree search (:class:`MCTSAgent`), the Connect Four solver's agent,
every game's difficulty levels (:func:`difficulty_agent`), and expectimax against a model of
the opponent (:class:`ExpectimaxAgent`, :func:`level_model`)."""

from tictac_edu.agents.decision import AgentBase, Budget, Decision, PlainAgent, as_agent
from tictac_edu.agents.expectimax import ExpectimaxAgent, LevelPolicy, level_model
from tictac_edu.agents.gomoku import ThreatAgent as ThreatAgent  # re-exported: the strong gomoku level
from tictac_edu.agents.mcts import MCTSAgent
from tictac_edu.agents.presets import (
    all_levels,
    difficulties,
    difficulty_agent,
    mcts_candidates,
    preset_evaluation,
    search_order,
)
from tictac_edu.agents.search import Agent, RandomAgent, SearchAgent, check_can_move
from tictac_edu.agents.solver import SolverAgent

__all__ = ["Agent", "MCTSAgent", "RandomAgent", "SearchAgent", "SolverAgent", "all_levels", "check_can_move",
           "difficulties", "difficulty_agent", "mcts_candidates", "preset_evaluation", "search_order"]
__all__ += ["AgentBase", "Budget", "Decision", "PlainAgent", "as_agent"]
__all__ += ["ExpectimaxAgent", "LevelPolicy", "level_model"]
