"""The course's players at each difficulty level, built from the game's own description.

A game lists its levels in :attr:`~tictac_edu.games.base.GameDescription.presets`; this module
turns a :class:`~tictac_edu.games.base.Preset` into an agent, so it never needs to know which
game it is building for.

>>> from tictac_edu.games import TicTacToe
>>> difficulties(TicTacToe())
('easy', 'medium', 'hard', 'perfect')
>>> difficulty_agent(TicTacToe(), "perfect").choose_move(TicTacToe().play(0).play(4).play(1))  # O must block
2
"""

from __future__ import annotations

from tictac_edu.agents.search import Agent, SearchAgent
from tictac_edu.games.base import GameState, Preset, resolve
from tictac_edu.search.common import Evaluation
from tictac_edu.search.ordering import OrderSpec


def difficulties(state: GameState) -> tuple[str, ...]:
    """The difficulty levels ``state``'s game offers, weakest first."""
    return state.game.difficulties


def preset_evaluation(state: GameState, preset: Preset) -> Evaluation:
    """The evaluation a level uses: its own, or its game's default.

    Raises:
        ValueError: neither the level nor the game names one.
    """
    reference = preset.evaluation or state.game.evaluation
    if reference is None:
        raise ValueError(f"{state.game.title} has no evaluation for its level {preset.name!r}")
    return resolve(reference)  # type: ignore[no-any-return]


def difficulty_agent(state: GameState, difficulty: str, seed: int | None = None) -> Agent:
    """The course's agent of a difficulty level for ``state``'s game.

    Levels with ``proven=True`` (``"perfect"`` on tic-tac-toe) search to the end of the game
    and never lose; a level with a time limit deepens until its clock runs out; a solver level
    (Connect Four's ``"expert"``) plays the solver's proven move when it finds one in time.

    Args:
        state: a position of the game (only its description is read).
        difficulty: one of :func:`difficulties` for that game.
        seed: seed for the level's random moves.

    Raises:
        ValueError: the game has no such level (the message lists its levels).
    """
    preset = state.game.preset(difficulty)
    if preset.kind == "solver":
        assert preset.agent is not None
        return resolve(preset.agent)(time_limit=preset.time_limit, name=preset.name)  # type: ignore[no-any-return]
    full_depth = preset.depth is None and preset.time_limit is None
    return SearchAgent(depth=preset.depth, time_limit=preset.time_limit, randomness=preset.randomness,
                       evaluate=None if full_depth else preset_evaluation(state, preset),
                       order=search_order(state), use_table=preset.use_table, seed=seed, name=preset.name)


def search_order(state: GameState) -> OrderSpec:
    """The move order the course's agents search ``state``'s game with: the game's order
    factory if it names one (a fresh order, as orders may learn), else its static move order."""
    game = state.game
    if game.search_order is not None:
        return resolve(game.search_order)()  # type: ignore[no-any-return]
    return list(game.move_order) or None
