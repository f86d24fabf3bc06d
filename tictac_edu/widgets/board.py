"""Boards to play games on cells (m,n,k games, tic-tac-toe included) against any agent.

Built from standard ipywidgets only (buttons in a grid, drop-downs, labels), so a board works
the same in JupyterLab, Notebook 7 and Voila. The game itself (sides, undo, the AI's moves, the
messages) is a :class:`~tictac_edu.session.GameSession`; the controls and the AI's background
thread are shared with the other boards (:class:`~tictac_edu.widgets.base.GameBoard`); this
module adds the grid of cell buttons.

>>> board = TicTacToeBoard(difficulty="perfect")
>>> board.click(4)                       # what clicking the centre does: X there, O replies
>>> board.wait()                         # the AI thinks in the background
True
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

from tictac_edu.agents.decision import AnyAgent
from tictac_edu.games.base import GameState
from tictac_edu.games.registry import new_game
from tictac_edu.widgets import style
from tictac_edu.widgets.base import DEFAULT_PAUSE, GameBoard, Side

__all__ = ["MNKBoard", "TicTacToeBoard"]


def check_board_kind(start: object, kind: str, example: str) -> None:
    """Raise ``TypeError`` unless ``start`` is a position whose game is drawn as ``kind``
    (``state.game.board``)."""
    game = getattr(start, "game", None)
    if getattr(game, "board", None) != kind:
        raise TypeError(f"start must be a position of a game played on {kind} (such as {example}), "
                        f"not {type(start).__name__}")


EMPTY_CELL = "\u00a0"
"""What an empty cell shows: a no-break space (a page keeps a button's old text when its
description becomes the empty string)."""


class MNKBoard(GameBoard):
    """A board to play an m,n,k game (any game of cells) against an agent, against itself, or
    with a friend.

    Display it (make it the last expression of a cell) and click the cells. The controls:
    who plays (you as X or O, AI vs AI, two humans), the AI's difficulty (the game's levels),
    New game, Undo (takes back your last move and the AI's reply), AI move (the AI plays the
    next move, for whoever is to move) and Play to the end; in AI vs AI the chosen AI plays
    both sides, and Undo takes back one move. The AI thinks in the background ("AI is
    thinking…"), so the board answers at once on any size. After each AI move the figures of
    its search are shown: value (from the AI's point of view, proven or an estimate), nodes,
    time and principal variation. Clicks that cannot be played get a message, never an
    exception.

    Args:
        rows, columns, k: the game (ignored when ``start`` is given).
        side: who plays; see :data:`~tictac_edu.session.Side`.
        difficulty: a level of the game (``start.game.difficulties``); by default
            ``opponent`` if one is given, else the strongest level ("perfect" on tic-tac-toe,
            "hard" on bigger boards, where every level is time-limited above 25 cells).
        opponent: an agent to play against (anything with ``name`` and
            ``choose_move(state)``); the difficulty drop-down lists it first, beside the
            levels, so you can switch between them.
        seed: seed for the levels' random moves.
        start: the position New game returns to (an empty board by default); any position of
            a game drawn on cells (``start.game.board == "cells"``).
        pause: seconds between the moves of Play to the end.
        cell_size: width and height of a cell in pixels.

    Raises:
        ValueError: an unknown side or difficulty, or a difficulty the game does not offer.
        TypeError: ``opponent`` has no ``choose_move``, or ``start`` is not a game of cells.

    Attributes:
        buttons: one button per cell, row-major (cell ``i`` carries the CSS class
            ``tictac-cell-i``).
        grid: the grid of cell buttons.
        session, message, status, thinking, figures: as on every board
            (:class:`~tictac_edu.widgets.base.GameBoard`).
    """

    def __init__(self, rows: int = 3, columns: int = 3, k: int = 3, *, side: Side = "X",
                 difficulty: str | None = None, opponent: AnyAgent | None = None, seed: int | None = None,
                 start: GameState | None = None, pause: float = DEFAULT_PAUSE,
                 cell_size: int = style.CELL_SIZE_PX) -> None:
        if start is None:
            start = new_game("mnk", rows=rows, columns=columns, k=k)
        check_board_kind(start, "cells", "TicTacToe() or MNKGame(5, 5, 3)")
        self._cell_size = cell_size
        super().__init__(start, side=side, difficulty=difficulty, opponent=opponent, seed=seed, pause=pause)

    def click(self, cell: int | tuple[int, int]) -> None:
        """Do what a click on ``cell`` does: play it for you, then let the AI reply (in the
        background: :meth:`wait` waits for it).

        A cell that cannot be played (taken, off the board, the game over, not your turn)
        leaves the position as it is and explains why in :attr:`message`.
        """
        super().click(cell)

    # -- the board's own part ---------------------------------------------------------------

    def _build_board(self) -> widgets.Widget:
        game, cell_size = self._start.game, self._cell_size
        self.buttons: list[widgets.Button] = []
        for cell in range(game.rows * game.columns):
            row, col = divmod(cell, game.columns)
            button = widgets.Button(description=EMPTY_CELL, tooltip=f"cell {cell} (row {row}, column {col})",
                                    layout=widgets.Layout(width=f"{cell_size}px", height=f"{cell_size}px",
                                                          margin="0", padding="0"))
            button.add_class("tictac-cell")
            button.add_class(f"tictac-cell-{cell}")
            button.on_click(self._cell_handler(cell))
            self.buttons.append(button)
        self.grid = widgets.GridBox(self.buttons, layout=widgets.Layout(
            grid_template_columns=f"repeat({game.columns}, {cell_size}px)",
            grid_template_rows=f"repeat({game.rows}, {cell_size}px)",
            grid_gap=f"{style.CELL_GAP_PX}px", width="max-content", margin="6px 0"))
        self.grid.add_class("tictac-grid")
        return self.grid

    def _win_words(self, state: Any) -> str:
        return " with cells " + ", ".join(str(c) for c in state.winning_line() or ())

    def _cell_handler(self, cell: int) -> Callable[[widgets.Button], None]:
        def handler(_: widgets.Button) -> None:
            self._safely(lambda: self.click(cell))
        return handler

    def _show_position(self, state: Any) -> None:
        """Show the marks and the highlights."""
        line = set(state.winning_line() or ())
        first = state.players[0]
        for cell, button in enumerate(self.buttons):
            mark = state.board[cell]
            if mark is None:
                button.description = EMPTY_CELL
                button.style.text_color = style.NUMBER_COLOUR
                button.style.font_size = style.NUMBER_FONT_SIZE
                button.style.font_weight = "normal"
            else:
                button.description = mark
                button.style.text_color = style.X_COLOUR if mark == first else style.O_COLOUR
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
    >>> board.wait() and board.state.ply
    1
    """

    def __init__(self, *, side: Side = "X", difficulty: str | None = None, opponent: AnyAgent | None = None,
                 seed: int | None = None, start: GameState | None = None,
                 pause: float = DEFAULT_PAUSE, cell_size: int = style.CELL_SIZE_PX) -> None:
        super().__init__(side=side, difficulty=difficulty, opponent=opponent, seed=seed,
                         start=new_game("tictactoe") if start is None else start, pause=pause,
                         cell_size=cell_size)
