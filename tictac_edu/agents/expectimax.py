"""A player that searches against a model of its opponent (expectimax), and the models of the
course's players: a random mover (:class:`~tictac_edu.search.expectimax.UniformModel`) and a
difficulty level that sometimes plays at random (:func:`level_model`).

>>> from tictac_edu.games import TicTacToe, play_moves
>>> agent = ExpectimaxAgent(UniformModel())
>>> agent.choose_move(play_moves(TicTacToe(), [0, 4, 8, 1]))      # block O's column
7
>>> round(agent.last_result.value, 3), agent.last_result.model
(0.875, 'uniform')
"""

from __future__ import annotations

import math

from tictac_edu.agents.decision import AgentBase, Budget, Decision
from tictac_edu.agents.presets import difficulty_agent
from tictac_edu.agents.search import Agent, SearchAgent, check_can_move
from tictac_edu.games.base import GameState, Move, Player
from tictac_edu.search.common import Evaluation
from tictac_edu.search.expectimax import (
    EpsilonGreedyModel,
    ExpectimaxResult,
    OpponentModel,
    Table,
    UniformModel,
    expectimax,
)

__all__ = ["ExpectimaxAgent", "LevelPolicy", "UniformModel", "level_model"]

TABLE_LIMIT = 200_000
"""Positions an agent remembers for one side before it starts its table afresh (some tens of
megabytes; tic-tac-toe's whole tree needs about six thousand)."""


class ExpectimaxAgent(AgentBase):
    """Chooses the move with the best *expected* score against ``model``: an
    :func:`~tictac_edu.search.expectimax.expectimax` search at a fixed depth or to the end of
    the game. Deterministic: the first of equally good moves in the game's order.

    Args:
        model: the :class:`~tictac_edu.search.expectimax.OpponentModel` of the opponent.
        depth: plies to look ahead; ``None`` searches to the end of the game.
        evaluate: ``evaluate(state, player)`` for a depth-limited search.
        prefer_faster_wins: score a win sooner above a win later (off by default: the agent
            maximizes its expected result, +1 a win, 0 a draw, -1 a loss).
        name: shown on boards and in match tables.

    ``last_result`` is the :class:`~tictac_edu.search.expectimax.ExpectimaxResult` of the last
    move: its ``value`` is the expected score for the player who moved, never ``proven``. The
    agent keeps the values it found from move to move and game to game, one table for each side
    it plays (the model's distribution depends on the position alone, so they stay exact), up to
    :data:`TABLE_LIMIT` positions.
    """

    def __init__(self, model: OpponentModel, *, depth: int | None = None, evaluate: Evaluation | None = None,
                 prefer_faster_wins: bool = False, name: str | None = None) -> None:
        if not isinstance(model, OpponentModel):
            raise TypeError(f"model must be an opponent model with .name and .distribution(state), not {model!r}")
        if depth is not None and (not isinstance(depth, int) or isinstance(depth, bool) or depth < 1):
            raise ValueError(f"depth must be a whole number >= 1 (plies to look ahead) or None, not {depth!r}")
        if depth is not None and evaluate is None:
            raise ValueError(f"depth={depth} needs an evaluate(state, player) function to score where the search stops")
        self.model = model
        self.depth = depth
        self.evaluate = evaluate
        self.prefer_faster_wins = prefer_faster_wins
        reach = "full depth" if depth is None else f"depth {depth}"
        self.name = name or f"expectimax {reach} vs {model.name}"
        self.last_result: ExpectimaxResult | None = None
        self.tables: dict[Player, Table] = {}

    def reseed(self, seed: int | None) -> None:
        """Nothing to reseed: the agent makes no random choices (matches call this on every agent)."""

    def search(self, state: GameState) -> ExpectimaxResult:
        """Run this agent's search on ``state`` and return the result."""
        check_can_move(state)
        table = self.tables.setdefault(state.to_move, {})
        if len(table) > TABLE_LIMIT:
            table.clear()  # start afresh rather than grow without end over a long match
        return expectimax(state, self.model, self.depth, self.evaluate, prefer_faster_wins=self.prefer_faster_wins,
                          table=table)

    def choose(self, state: GameState, budget: Budget | None = None) -> Decision:
        """The move of the best expected score against the model (a fixed depth or the end of
        the game: a budget's time cannot shorten it)."""
        self.last_result = result = self.search(state)
        return Decision(result.move, result, "expectimax")

    def __repr__(self) -> str:
        return f"ExpectimaxAgent(name={self.name!r}, model={self.model!r})"


class LevelPolicy:
    """The move an agent chooses, as a policy for a model: a search agent's searched move
    (without its random moves, which the model's ``epsilon`` stands for), any other agent's
    ``choose_move``. Remembers the moves it gave, so that each position is searched once.

    Args:
        agent: the agent whose moves are modelled.
    """

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.moves: dict[object, Move] = {}

    def __call__(self, state: GameState) -> Move:
        key = state.key()
        if key not in self.moves:
            agent = self.agent
            self.moves[key] = agent.search(state).move if isinstance(agent, SearchAgent) else agent.choose_move(state)
        return self.moves[key]

    def __repr__(self) -> str:
        return f"LevelPolicy({self.agent.name!r})"


def level_model(state: GameState, level: str, epsilon: float | None = None) -> EpsilonGreedyModel:
    """The model of a difficulty level of ``state``'s game: epsilon-greedy over the level's
    searched move.

    Args:
        state: a position of the game (only its description is read).
        level: one of the game's levels (:func:`~tictac_edu.agents.all_levels`).
        epsilon: the chance of a random move; ``None`` takes the level's own ``randomness``.

    >>> from tictac_edu.games import TicTacToe
    >>> model = level_model(TicTacToe(), "medium")
    >>> model.name, model.epsilon
    ('medium, 10% random', 0.1)
    """
    preset = state.game.preset(level)
    chance = preset.randomness if epsilon is None else epsilon
    if isinstance(chance, bool) or not isinstance(chance, int | float) or not 0.0 <= chance <= 1.0:
        raise ValueError(f"epsilon is a probability between 0 and 1, not {chance!r}")
    percent = 100 * chance
    shown = f"{percent:.0f}" if math.isclose(percent, round(percent)) else f"{percent:g}"
    return EpsilonGreedyModel(LevelPolicy(difficulty_agent(state, level)), chance, name=f"{level}, {shown}% random")
