"""What every evaluation shares: how a finished game is scored."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tictac_edu.games.base import GameState, Player

WIN_SCORE = 1_000_000
"""The score of a won game, far above any heuristic score of an unfinished position."""


def finished_game_score(state: GameState, player: Player) -> float:
    """The score of a finished game for ``player``: ``WIN_SCORE - ply`` for a win (a quicker
    win scores more), its negation for a loss, 0 for a draw.

    >>> from tictac_edu.games import play_moves, TicTacToe
    >>> finished_game_score(play_moves(TicTacToe(), [0, 3, 1, 4, 2]), "X")
    999995
    """
    utility = state.utility(player)
    if utility > 0:
        return WIN_SCORE - state.ply
    if utility < 0:
        return -(WIN_SCORE - state.ply)
    return 0


def from_root_player(evaluate: Callable[[Any, Player], float], root_player: Player
                     ) -> Callable[[Any, Player], float]:
    """An evaluation that always looks from ``root_player``'s side, as a MAX/MIN search does.

    A negamax search (:func:`~tictac_edu.search.alphabeta`) asks for the score of a leaf for
    the player to move there; a MAX/MIN search, as the design documents used, always scores
    leaves for the root player (MAX). For a symmetric evaluation the two agree; for an
    asymmetric one such as Connect Four's
    :func:`~tictac_edu.evaluation.connect4.window_evaluation` they do not, and the node counts of
    ``figures.md`` are measured the MAX/MIN way: pass
    ``from_root_player(window_evaluation, state.to_move)`` to ``alphabeta``.

    Args:
        evaluate: ``evaluate(state, player)``.
        root_player: the player to move at the root of the search.

    Returns:
        ``view(state, player)``: ``evaluate(state, root_player)`` when ``player`` is the root
        player, its negation otherwise.

    >>> from tictac_edu.evaluation.connect4 import window_evaluation
    >>> from tictac_edu.games import ConnectFour
    >>> from tictac_edu.search import alphabeta
    >>> start = ConnectFour()
    >>> alphabeta(start, 7, from_root_player(window_evaluation, "X"), order=[3, 2, 4, 1, 5, 0, 6]).nodes
    8746
    """

    def view(state: Any, player: Player) -> float:
        score = evaluate(state, root_player)
        return score if player == root_player else -score

    view.__name__ = f"{getattr(evaluate, '__name__', 'evaluate')}_for_{root_player}"
    return view
