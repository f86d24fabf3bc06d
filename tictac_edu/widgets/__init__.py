"""Interactive boards and viewers for notebooks, built from standard ipywidgets only.

No custom JavaScript: the game logic and the searches run in the kernel, so the widgets work
the same in JupyterLab, Notebook 7 and Voila. A board is a view of a
:class:`~tictac_edu.session.GameSession` (the same session the terminal's ``play`` command
drives); the AI thinks in a background thread, so the page never freezes.

* :class:`TicTacToeBoard` / :class:`MNKBoard`: play against any agent, choose sides and
  difficulty, undo, watch AI against AI, see the AI's search figures after each move.
* :class:`ConnectFourBoard`: the same for Connect Four, with drop buttons above the columns
  and an Analyse toggle showing the solver's score of every column (estimates marked).
* :class:`GomokuBoard`: gomoku and renju on a 15 x 15 grid of points named A..O and 15..1,
  with renju's forbidden points marked, a countdown clock the AI plays within, and an
  evaluation heatmap.
* :func:`game_board`: the board for any game's position, chosen by ``state.game.board``.
* :class:`SearchViewer`: step through an alpha-beta trace while the tree picture grows.

The boards share their controls through :class:`~tictac_edu.widgets.base.GameBoard`.
"""

from __future__ import annotations

from typing import Any

from tictac_edu.games.base import GameState
from tictac_edu.widgets.base import DEFAULT_PAUSE, GIVEN_AGENT, SIDES, GameBoard, Side, format_figures
from tictac_edu.widgets.board import MNKBoard, TicTacToeBoard
from tictac_edu.widgets.connect4 import ColumnScore, ConnectFourBoard, analyse_columns
from tictac_edu.widgets.gomoku import GomokuBoard
from tictac_edu.widgets.viewer import SearchViewer, describe_event

BOARDS: dict[str, type[GameBoard]] = {"cells": MNKBoard, "columns": ConnectFourBoard, "grid": GomokuBoard}
"""The board class for each kind of board a game can describe (``state.game.board``)."""


def game_board(start: GameState, **options: Any) -> GameBoard:
    """A board for ``start``'s game, chosen by ``start.game.board``: cells (m,n,k games),
    columns (Connect Four) or a grid of points (gomoku). ``options`` go to the board
    (``side``, ``difficulty``, ...).

    Raises:
        ValueError: the game is not played on a board (a textbook tree).

    >>> from tictac_edu.games import new_game
    >>> type(game_board(new_game("connect4"), side="two humans")).__name__
    'ConnectFourBoard'
    """
    kind = start.game.board
    if kind not in BOARDS:
        raise ValueError(f"{start.game.title} is not played on a board (its board kind is {kind!r}); "
                         f"boards draw: {', '.join(BOARDS)}")
    return BOARDS[kind](start=start, **options)


__all__ = [
    "BOARDS",
    "DEFAULT_PAUSE",
    "GIVEN_AGENT",
    "SIDES",
    "ColumnScore",
    "ConnectFourBoard",
    "GameBoard",
    "GomokuBoard",
    "MNKBoard",
    "SearchViewer",
    "Side",
    "TicTacToeBoard",
    "analyse_columns",
    "describe_event",
    "format_figures",
    "game_board",
]
