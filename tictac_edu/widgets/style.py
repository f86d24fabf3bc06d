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

# -- search viewer ---------------------------------------------------------------------------
VIEWER_FIGSIZE = (10.0, 5.5)
"""Size of the tree picture in inches (matplotlib)."""

VIEWER_DPI = 90
"""Resolution of the tree picture."""

VIEWER_INTERVAL_MS = 900
"""Time between two steps while the viewer plays."""
