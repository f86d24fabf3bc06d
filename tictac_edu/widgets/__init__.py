"""Interactive boards and viewers for notebooks, built from standard ipywidgets only.

No custom JavaScript: the game logic and the searches run in the kernel, inside the widgets'
handlers, so the widgets work the same in JupyterLab, Notebook 7 and Voila.

* :class:`TicTacToeBoard` / :class:`MNKBoard`: play against any agent, choose sides and
  difficulty, undo, watch AI against AI, see the AI's search figures after each move.
* :class:`ConnectFourBoard`: the same for Connect Four, with drop buttons above the columns
  and an Analyse toggle showing the solver's score of every column.
* :class:`SearchViewer`: step through an alpha-beta trace while the tree picture grows.

The boards share their controls through :class:`~tictac_edu.widgets.base.GameBoard`.
"""

from tictac_edu.widgets.base import DEFAULT_PAUSE, GIVEN_AGENT, SIDES, GameBoard, Side, format_figures
from tictac_edu.widgets.board import MNKBoard, TicTacToeBoard
from tictac_edu.widgets.connect4 import ColumnScore, ConnectFourBoard, analyse_columns
from tictac_edu.widgets.viewer import SearchViewer, describe_event

__all__ = [
    "DEFAULT_PAUSE",
    "GIVEN_AGENT",
    "SIDES",
    "ColumnScore",
    "ConnectFourBoard",
    "GameBoard",
    "MNKBoard",
    "SearchViewer",
    "Side",
    "TicTacToeBoard",
    "analyse_columns",
    "describe_event",
    "format_figures",
]
