"""Games: rules only. Every game follows the protocol in :mod:`tictac_edu.games.base`."""

from tictac_edu.games.base import GameState, IllegalMoveError, Move, Player, moves_from_start, opponent, play_moves
from tictac_edu.games.connect4 import ConnectFour, show_stones
from tictac_edu.games.mnk import MNKGame, TicTacToe, lines_through, winning_lines
from tictac_edu.games.tree import GameTree

__all__ = [
    "ConnectFour",
    "GameState",
    "GameTree",
    "IllegalMoveError",
    "MNKGame",
    "Move",
    "Player",
    "TicTacToe",
    "moves_from_start",
    "opponent",
    "play_moves",
    "show_stones",
    "lines_through",
    "winning_lines",
]
