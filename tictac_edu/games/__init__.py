"""Games: rules only. Every game follows the protocol in :mod:`tictac_edu.games.base`."""

from tictac_edu.games.base import (
    GameDescription,
    GameOutcome,
    GameState,
    IllegalMoveError,
    Move,
    Outcome,
    Player,
    Preset,
    Termination,
    moves_from_start,
    opponent,
    play_moves,
)
from tictac_edu.games.connect4 import ConnectFour, show_stones
from tictac_edu.games.gomoku import Gomoku
from tictac_edu.games.mnk import MNKGame, TicTacToe, lines_through, winning_lines
from tictac_edu.games.registry import game_names, game_options, new_game, register
from tictac_edu.games.tree import GameTree

__all__ = [
    "ConnectFour",
    "GameDescription",
    "GameOutcome",
    "GameState",
    "GameTree",
    "Gomoku",
    "IllegalMoveError",
    "MNKGame",
    "Move",
    "Outcome",
    "Player",
    "Preset",
    "Termination",
    "game_names",
    "game_options",
    "new_game",
    "register",
    "TicTacToe",
    "moves_from_start",
    "opponent",
    "play_moves",
    "show_stones",
    "lines_through",
    "winning_lines",
]
