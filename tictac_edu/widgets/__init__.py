"""Interactive boards and viewers for notebooks, built from standard ipywidgets only.

No custom JavaScript: the game logic and the searches run in the kernel, inside the widgets'
handlers, so the widgets work the same in JupyterLab, Notebook 7 and Voila.

* :class:`TicTacToeBoard` / :class:`MNKBoard`: play against any agent, choose sides and
  difficulty, undo, watch AI against AI, see the AI's search figures after each move.
* :class:`SearchViewer`: step through an alpha-beta trace while the tree picture grows.
"""

from tictac_edu.widgets.board import DEFAULT_PAUSE, GIVEN_AGENT, SIDES, MNKBoard, Side, TicTacToeBoard, format_figures
from tictac_edu.widgets.viewer import SearchViewer, describe_event

__all__ = [
    "DEFAULT_PAUSE",
    "GIVEN_AGENT",
    "MNKBoard",
    "SIDES",
    "SearchViewer",
    "Side",
    "TicTacToeBoard",
    "describe_event",
    "format_figures",
]
