"""What every evaluation shares: how a finished game is scored."""

from __future__ import annotations

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
