"""The course's players at each difficulty level, built from the game's own description.

A game lists its levels in :attr:`~tictac_edu.games.base.GameDescription.presets`; this module
turns a :class:`~tictac_edu.games.base.Preset` into an agent, so it never needs to know which
game it is building for.

>>> from tictac_edu.games import TicTacToe
>>> difficulties(TicTacToe())
('easy', 'medium', 'hard', 'perfect')
>>> difficulty_agent(TicTacToe(), "perfect").choose_move(TicTacToe().play(0).play(4).play(1))  # O must block
2

A game may also offer levels beside that ladder (``GameDescription.extra_presets``): the Monte
Carlo levels, found by name like the others and listed by :func:`all_levels`.

>>> all_levels(TicTacToe())
('easy', 'medium', 'hard', 'perfect', 'mcts', 'mcts-solver')
>>> difficulty_agent(TicTacToe(), "mcts", seed=1).choose_move(TicTacToe().play(0).play(4).play(1))
2
"""

from __future__ import annotations

from tictac_edu.agents.catalogue import game_defaults, solver_agent_class
from tictac_edu.agents.mcts import MCTSAgent
from tictac_edu.agents.search import Agent, SearchAgent
from tictac_edu.games.base import GameState, Preset
from tictac_edu.search.common import Evaluation
from tictac_edu.search.mcts import Candidates, OrderCandidates
from tictac_edu.search.ordering import OrderSpec


def difficulties(state: GameState) -> tuple[str, ...]:
    """The difficulty levels ``state``'s game offers, weakest first (without the extra levels)."""
    return state.game.difficulties


def all_levels(state: GameState) -> tuple[str, ...]:
    """Every level ``state``'s game offers: its difficulties, weakest first, then its extra
    levels (the Monte Carlo ones), each a name :func:`difficulty_agent` builds."""
    return state.game.levels


def preset_evaluation(state: GameState, preset: Preset) -> Evaluation:
    """The evaluation a level uses: its game's default (:mod:`tictac_edu.agents.catalogue`).

    Raises:
        ValueError: the catalogue names none for the game.
    """
    evaluation = game_defaults(state).evaluation
    if evaluation is None:
        raise ValueError(f"{state.game.title} has no evaluation for its level {preset.name!r}")
    return evaluation


def difficulty_agent(state: GameState, difficulty: str, seed: int | None = None) -> Agent:
    """The course's agent of a difficulty level for ``state``'s game.

    Levels with ``proven=True`` (``"perfect"`` on tic-tac-toe) search to the end of the game
    and never lose; a level with a time limit deepens until its clock runs out; a solver level
    (Connect Four's ``"expert"``) plays the solver's proven move when it finds one in time; an
    MCTS level (``kind="mcts"``) is an :class:`~tictac_edu.agents.MCTSAgent` with the level's
    playouts or time, expanding the moves of :func:`mcts_candidates`.

    Args:
        state: a position of the game (only its description is read).
        difficulty: one of :func:`all_levels` for that game.
        seed: seed for the level's random moves (an MCTS level's playouts).

    Raises:
        ValueError: the game has no such level (the message lists its levels).
    """
    preset = state.game.preset(difficulty)
    if preset.kind == "mcts":
        return MCTSAgent(playouts=preset.playouts, time_limit=preset.time_limit, solver=preset.mcts_solver,
                         candidates=mcts_candidates(state), seed=seed, name=preset.name)
    if preset.kind == "solver":
        return solver_agent_class(state, preset.name)(time_limit=preset.time_limit, name=preset.name)
    full_depth = preset.depth is None and preset.time_limit is None
    return SearchAgent(depth=preset.depth, time_limit=preset.time_limit, randomness=preset.randomness,
                       evaluate=None if full_depth else preset_evaluation(state, preset),
                       order=search_order(state), use_table=preset.use_table, seed=seed, name=preset.name)


def search_order(state: GameState) -> OrderSpec:
    """The move order the course's agents search ``state``'s game with: the game's order
    factory if it names one (a fresh order, as orders may learn), else its static move order."""
    factory = game_defaults(state).search_order
    if factory is not None:
        return factory()
    return list(state.game.move_order) or None


def mcts_candidates(state: GameState) -> Candidates | None:
    """The moves the course's MCTS levels expand in ``state``'s game: if the game names a
    ``search_order`` factory (gomoku: the points near the stones), the moves that order keeps,
    best first (:class:`~tictac_edu.search.mcts.OrderCandidates`); otherwise ``None``, every
    legal move. Only the tree is narrowed: the random playouts still range over the board."""
    factory = game_defaults(state).search_order
    if factory is None:
        return None
    return OrderCandidates(factory())
