"""Boards to play m,n,k games (tic-tac-toe included) against any agent.

Built from standard ipywidgets only (buttons in a grid, drop-downs, labels), so a board works
the same in JupyterLab, Notebook 7 and Voila. The controls, the AI's turn, the messages and
the figures are shared with the other boards (:class:`~tictac_edu.widgets.base.GameBoard`);
this module adds the grid of cell buttons.

>>> board = TicTacToeBoard(difficulty="perfect")
>>> board.click(4)                       # what clicking the centre does: X there, O replies
>>> board.state.board[4], board.state.ply
('X', 2)
>>> board.click(4)                       # an occupied cell: a message, nothing changes
>>> board.message.value
'Cell 4 is taken by X: choose an empty cell.'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from tictac_edu.agents import Agent
from tictac_edu.games.mnk import EMPTY, MNKGame, TicTacToe, X
from tictac_edu.widgets import style
from tictac_edu.widgets.base import (
    DEFAULT_PAUSE,
    GIVEN_AGENT,
    MAX_PLIES_FOR_WIN_SCORES,
    SIDE_LABELS,
    SIDES,
    THINKING_TEXT,
    GameBoard,
    Side,
    format_elapsed,
    format_figures,
    format_number,
    verdict,
)

__all__ = ["DEFAULT_PAUSE", "GIVEN_AGENT", "MAX_PLIES_FOR_WIN_SCORES", "SIDES", "SIDE_LABELS", "THINKING_TEXT",
           "MNKBoard", "Side", "TicTacToeBoard", "format_elapsed", "format_figures", "format_number", "verdict"]


class MNKBoard(GameBoard):
    """A board to play an m,n,k game against an agent, against itself, or with a friend.

    Display it (make it the last expression of a cell) and click the cells. The controls:
    who plays (you as X or O, AI vs AI, two humans), the AI's difficulty, New game, Undo
    (takes back your last move and the AI's reply), AI move (the AI plays the next move,
    for whoever is to move) and Play to the end; in AI vs AI the chosen AI plays both sides,
    and Undo takes back one move. After each AI move the figures of its
    search are shown: value (from the AI's point of view), nodes, time and principal
    variation. Clicks that cannot be played get a message, never an exception.

    Args:
        rows, columns, k: the game (ignored when ``start`` is given).
        side: who plays; see :data:`Side`.
        difficulty: a preset of :data:`~tictac_edu.agents.DIFFICULTIES`, built with
            :func:`~tictac_edu.agents.difficulty_agent`; by default ``opponent`` if one is
            given, else the strongest preset the board offers ("perfect" on tic-tac-toe).
        opponent: an agent to play against (anything with ``name`` and
            ``choose_move(state)``); the difficulty drop-down lists it first, beside the
            presets, so you can switch between them.
        seed: seed for the presets' random moves.
        start: the position New game returns to (an empty board by default).
        numbered: show the cell numbers in empty cells (they are the moves of the figures).
        pause: seconds between the moves of Play to the end.
        cell_size: width and height of a cell in pixels.

    Raises:
        ValueError: an unknown side or difficulty, or a difficulty this board does not offer.
        TypeError: ``opponent`` has no ``choose_move``, or ``start`` is not an m,n,k position.

    Attributes:
        buttons: one button per cell, row-major (cell ``i`` carries the CSS class
            ``tictac-cell-i``).
        grid: the grid of cell buttons.
        message: a label answering clicks that could not be played (``.value`` is the text).
        status: whose turn it is, or the result.
        thinking: shows "AI is thinking…" while the AI searches.
        figures: the AI's figures for its last move.
        agent: the AI playing now.
        last_result: the search result behind the AI's last move, or ``None``.
    """

    def __init__(self, rows: int = 3, columns: int = 3, k: int = 3, *, side: Side = "X",
                 difficulty: str | None = None, opponent: Agent | None = None, seed: int | None = None,
                 start: MNKGame | None = None, numbered: bool = True, pause: float = DEFAULT_PAUSE,
                 cell_size: int = style.CELL_SIZE_PX) -> None:
        if start is None:
            start = MNKGame(rows, columns, k)
        elif not isinstance(start, MNKGame):
            raise TypeError(f"start must be an MNKGame position (such as TicTacToe()), not {type(start).__name__}")
        self.numbered = numbered
        self._cell_size = cell_size
        super().__init__(start, side=side, difficulty=difficulty, opponent=opponent, seed=seed, pause=pause)

    @property
    def state(self) -> MNKGame:
        """The position on the board."""
        return self._state  # type: ignore[no-any-return]

    @state.setter
    def state(self, position: MNKGame) -> None:
        self._set_state(position)

    def click(self, cell: int | tuple[int, int]) -> None:
        """Do what a click on ``cell`` does: play it for you, then let the AI reply.

        A cell that cannot be played (taken, off the board, the game over, not your turn)
        leaves the position as it is and explains why in :attr:`message`.
        """
        super().click(cell)

    # -- the board's own part ---------------------------------------------------------------

    def _build_board(self) -> widgets.Widget:
        start, cell_size = self._start, self._cell_size
        self.buttons: list[widgets.Button] = []
        for cell in range(start.rows * start.columns):
            row, col = divmod(cell, start.columns)
            button = widgets.Button(description="", tooltip=f"cell {cell} (row {row}, column {col})",
                                    layout=widgets.Layout(width=f"{cell_size}px", height=f"{cell_size}px",
                                                          margin="0", padding="0"))
            button.add_class("tictac-cell")
            button.add_class(f"tictac-cell-{cell}")
            button.on_click(self._cell_handler(cell))
            self.buttons.append(button)
        self.grid = widgets.GridBox(self.buttons, layout=widgets.Layout(
            grid_template_columns=f"repeat({start.columns}, {cell_size}px)",
            grid_template_rows=f"repeat({start.rows}, {cell_size}px)",
            grid_gap=f"{style.CELL_GAP_PX}px", width="max-content", margin="6px 0"))
        self.grid.add_class("tictac-grid")
        return self.grid

    def _check_position(self, position: Any) -> None:
        start = self._start
        if not isinstance(position, MNKGame) or (position.rows, position.columns, position.k) != (
                start.rows, start.columns, start.k):
            raise ValueError(f"this board plays {start.rows},{start.columns},{start.k}; cannot show {position!r}")

    def _board_words(self) -> str:
        return f"a {self._start.rows}x{self._start.columns} board"

    def _click_problem(self, target: Any) -> str | None:
        index = self._cell_index(target)
        if index is not None and self._state.board[index] is not EMPTY:
            return f"Cell {index} is taken by {self._state.board[index]}: choose an empty cell."
        return None

    def _win_words(self) -> str:
        return " with cells " + ", ".join(str(c) for c in self._state.winning_line() or ())

    def _cell_index(self, cell: object) -> int | None:
        """The index of ``cell`` (an index or a ``(row, column)`` pair), ``None`` if it is off the board."""
        rows, columns = self._start.rows, self._start.columns
        if isinstance(cell, tuple) and len(cell) == 2 and all(type(v) is int for v in cell):
            row, col = cell
            return row * columns + col if 0 <= row < rows and 0 <= col < columns else None
        if type(cell) is int and 0 <= cell < rows * columns:
            return cell
        return None

    def _cell_handler(self, cell: int) -> Callable[[widgets.Button], None]:
        def handler(_: widgets.Button) -> None:
            self._safely(lambda: self.click(cell))
        return handler

    def _show_position(self) -> None:
        """Show the marks and the highlights."""
        state = self._state
        line = set(state.winning_line() or ())
        for cell, button in enumerate(self.buttons):
            mark = state.board[cell]
            if mark is EMPTY:
                button.description = str(cell) if self.numbered else ""
                button.style.text_color = style.NUMBER_COLOUR
                button.style.font_size = style.NUMBER_FONT_SIZE
                button.style.font_weight = "normal"
            else:
                button.description = mark
                button.style.text_color = style.X_COLOUR if mark == X else style.O_COLOUR
                button.style.font_size = style.MARK_FONT_SIZE
                button.style.font_weight = style.MARK_FONT_WEIGHT
            if cell in line:
                button.style.button_color = style.WIN_COLOUR
            elif cell == state.last_move:
                button.style.button_color = style.LAST_MOVE_COLOUR
            else:
                button.style.button_color = style.CELL_COLOUR


class TicTacToeBoard(MNKBoard):
    """A tic-tac-toe board: :class:`MNKBoard` on the 3x3 board, three in a row.

    >>> board = TicTacToeBoard(side="O", difficulty="perfect")   # the AI opens as X
    >>> board.state.ply
    1
    """

    def __init__(self, *, side: Side = "X", difficulty: str | None = None, opponent: Agent | None = None,
                 seed: int | None = None, start: TicTacToe | None = None, numbered: bool = True,
                 pause: float = DEFAULT_PAUSE, cell_size: int = style.CELL_SIZE_PX) -> None:
        super().__init__(side=side, difficulty=difficulty, opponent=opponent, seed=seed,
                         start=TicTacToe() if start is None else start, numbered=numbered, pause=pause,
                         cell_size=cell_size)
