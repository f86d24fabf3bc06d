"""Colours and sizes of the boards and viewers, named in one place.

The mark colours match the SVG pictures of :mod:`tictac_edu.games.mnk`, so a position looks
the same whether it is printed in a notebook or played on a board.
"""

from __future__ import annotations

# -- board cells ---------------------------------------------------------------------------
CELL_SIZE_PX = 64
"""Width and height of one cell button on a tic-tac-toe board."""

CELL_GAP_PX = 4
"""Space between neighbouring cells."""

MARK_FONT_SIZE = "30px"
"""Font size of X and O."""

NUMBER_FONT_SIZE = "12px"
"""Font size of the cell numbers shown in empty cells."""

MARK_FONT_WEIGHT = "bold"
"""Font weight of X and O."""

X_COLOUR = "#c0392b"
"""Colour of the X marks (red)."""

O_COLOUR = "#2c5fa8"
"""Colour of the O marks (blue)."""

NUMBER_COLOUR = "#9a9a9a"
"""Colour of the cell numbers in empty cells (light grey)."""

CELL_COLOUR = "#f1eee4"
"""Background of an empty or ordinary cell (a light sand colour, so the grid shows)."""

LAST_MOVE_COLOUR = "#e3edff"
"""Background of the cell played last."""

WIN_COLOUR = "#ffd95e"
"""Background of the cells of the winning line."""

# -- text lines ------------------------------------------------------------------------------
MESSAGE_COLOUR = "#a04000"
"""Colour of messages about clicks that could not be played."""

THINKING_COLOUR = "#6a6a6a"
"""Colour of the "AI is thinking" line."""

STATUS_FONT_SIZE = "16px"
"""Font size of the status line (whose turn, result)."""

CONTROL_WIDTH = "190px"
"""Width of the side and difficulty drop-downs."""

BUTTON_WIDTH = "145px"
"""Width of the command buttons (New game, Undo, ...)."""

MAX_PV_MOVES = 12
"""How many moves of a principal variation the figures line shows before "…"."""

# -- Connect Four ------------------------------------------------------------------------------
# The colours match the SVG picture of tictac_edu.games.connect4.ConnectFour.

C4_CELL_SIZE_PX = 58
"""Width and height of one cell of the Connect Four board (a blue square with a round hole)."""

C4_DISC_SIZE_PX = 46
"""Diameter of a disc (and of an empty hole)."""

C4_BOARD_RADIUS_PX = 12
"""Rounding of the board's four outer corners."""

C4_BOARD_COLOUR = "#1f4fbf"
"""The board (blue)."""

C4_HOLE_COLOUR = "#f4f6fb"
"""An empty hole (almost white)."""

C4_X_COLOUR = "#d62828"
"""X's discs (red)."""

C4_O_COLOUR = "#f7c948"
"""O's discs (yellow)."""

C4_DISC_SHADE = "rgba(0, 0, 0, 0.28)"
"""The shadow at the lower edge of a disc, and inside an empty hole."""

C4_WIN_RING_COLOUR = "#2ecc71"
"""The ring round each disc of the winning four (green)."""

C4_WIN_RING_PX = 5
"""Width of the ring round the winning discs."""

C4_LAST_MOVE_MARK_COLOUR = "rgba(0, 0, 0, 0.55)"
"""The small ring in the middle of the disc dropped last."""

C4_LAST_MOVE_MARK_PX = 14
"""Diameter of that ring."""

C4_DROP_BUTTON_COLOUR = "#dfe7fb"
"""Background of a drop button above a column that can take a disc."""

C4_FULL_COLUMN_COLOUR = "#eeeeee"
"""Background of a drop button above a full column, or once the game is over."""

C4_DROP_TEXT_COLOUR = "#1f3f8f"
"""Text of a drop button."""

C4_FULL_TEXT_COLOUR = "#b0b0b0"
"""Text of a drop button above a full column."""

C4_SCORE_FONT_SIZE = "15px"
"""Font size of the analysis scores under the columns."""

C4_ESTIMATE_FONT_SIZE = "13px"
"""Font size of the heuristic estimates under the columns (a little smaller: they are longer)."""

C4_SCORE_NOTE_FONT_SIZE = "10px"
"""Font size of the words under each score ("win in 3", "estimate")."""

C4_WIN_SCORE_COLOUR = "#1e8449"
"""Analysis: a column that wins (green)."""

C4_LOSS_SCORE_COLOUR = "#b03a2e"
"""Analysis: a column that loses (red)."""

C4_DRAW_SCORE_COLOUR = "#555555"
"""Analysis: a column that draws, or a heuristic estimate near zero (grey)."""

C4_BEST_SCORE_BACKGROUND = "#fff3c4"
"""Analysis: the background of the best column(s) (light yellow)."""

C4_LEGEND_FONT_SIZE = "12px"
"""Font size of the analysis legend."""

C4_LEGEND_COLOUR = "#555555"
"""Colour of the analysis legend."""

C4_LEGEND_WIDTH = "560px"
"""Width of the analysis legend (it wraps)."""

# -- search viewer ---------------------------------------------------------------------------
VIEWER_FIGSIZE = (10.0, 5.5)
"""Size of the tree picture in inches (matplotlib)."""

VIEWER_DPI = 90
"""Resolution of the tree picture."""

VIEWER_INTERVAL_MS = 900
"""Time between two steps while the viewer plays."""
