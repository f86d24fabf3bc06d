"""How people name moves and numbers: a board's notation (cells, columns, points such as
``H8``), and the words for scores, times and ordinals that the session's messages use."""

from __future__ import annotations

import re
from collections.abc import Sequence

from tictac_edu.agents.words import ordinal as ordinal  # re-exported: moves in words count with it
from tictac_edu.games.base import GameState, Move

QUIT_WORDS = ("q", "quit", "exit")
"""What a person types to leave a game in the terminal."""

LONGEST_MOVE_TEXT = 40
"""Typed text longer than this is no move of any board; its message quotes only its start."""

QUOTED_CHARACTERS = 20
"""How much of an overlong line a message quotes."""


# -- naming moves ---------------------------------------------------------------------------------


class Notation:
    """How people name the moves of one kind of board (``state.game.board``) and type them.

    The base class names a move by itself and reads a whole number (textbook trees: the
    child's index).
    """

    def name(self, move: Move) -> str:
        """The move in a sentence: ``"4"`` (a cell), ``"column 4"``."""
        return str(move)

    def short(self, move: Move) -> str:
        """The move in a list of moves (a principal variation): ``"4"``."""
        return str(move)

    def input_help(self, state: GameState) -> str:
        """What to type for a move, for the terminal's greeting and its error messages."""
        return "a move number"

    def prompt_help(self, state: GameState) -> str:
        """What to type, in a few words for the terminal's prompt: ``"a cell 0-8"``."""
        return "a move number"

    def parse(self, text: str, state: GameState) -> Move:
        """The move typed as ``text``.

        Raises:
            ValueError: ``text`` is not a move; the message says what to type.
        """
        if _WHOLE_NUMBER.fullmatch(text.strip()):
            return int(text)
        raise ValueError(f"{text.strip()!r} is not a move: type {self.input_help(state)}")

    def problem(self, state: GameState, move: Move) -> str | None:
        """Why ``move`` cannot be played in ``state`` (a game that is on), in the board's words;
        ``None`` leaves it to the game's own :class:`~tictac_edu.games.IllegalMoveError`."""
        return None

    def board_text(self, state: GameState) -> str:
        """The position as text for the terminal, with what a person types for each move."""
        return str(state)


_WHOLE_NUMBER = re.compile(r"-?[0-9]+")
"""A whole number in ASCII digits (``str.isdigit`` also accepts ``²``, which ``int`` refuses)."""


class CellNotation(Notation):
    """Boards of cells (m,n,k games): a person types a cell's number, as the board prints it
    (row-major from 0: on tic-tac-toe 0-8); in code a move may also be ``(row, column)``."""

    def input_help(self, state: GameState) -> str:
        return f"a cell number {self._range(state)} as shown on the board"

    def prompt_help(self, state: GameState) -> str:
        return f"a cell {self._range(state)}"

    @staticmethod
    def _range(state: GameState) -> str:
        return f"0-{state.game.rows * state.game.columns - 1}"

    def parse(self, text: str, state: GameState) -> Move:
        """``"4"`` is cell 4, as numbered on the board."""
        shown = text.strip()
        if _WHOLE_NUMBER.fullmatch(shown):
            return int(shown)
        raise ValueError(f"{shown!r} is not a move: type {self.input_help(state)}")

    def cell_index(self, state: GameState, move: object) -> int | None:
        """The cell of ``move`` (an index or a ``(row, column)`` pair), ``None`` if it is none."""
        rows, columns = state.game.rows, state.game.columns
        if isinstance(move, tuple) and len(move) == 2 and all(type(value) is int for value in move):
            row, column = move
            return row * columns + column if 0 <= row < rows and 0 <= column < columns else None
        if type(move) is int and 0 <= move < rows * columns:
            return move
        return None

    def problem(self, state: GameState, move: Move) -> str | None:
        cell = self.cell_index(state, move)
        if cell is None or cell in state.legal_moves():
            return None  # off the board or not a cell: the game's message says which
        marks = getattr(state, "board", None)
        owner = f" by {marks[cell]}" if isinstance(marks, Sequence) and marks[cell] is not None else ""
        return f"Cell {cell} is taken{owner}: choose an empty cell."

    def board_text(self, state: GameState) -> str:
        text = getattr(state, "text", None)
        return str(text(numbered=True)) if callable(text) else str(state)


class ColumnNotation(Notation):
    """Boards of columns (Connect Four): columns are 0-based in code, and named and typed
    1-based, as they are printed under the board and in move strings."""

    def name(self, move: Move) -> str:
        return f"column {move + 1}" if type(move) is int else str(move)

    def short(self, move: Move) -> str:
        return str(move + 1) if type(move) is int else str(move)

    def input_help(self, state: GameState) -> str:
        return f"a column number 1-{state.game.columns} as printed under the board"

    def prompt_help(self, state: GameState) -> str:
        return f"a column 1-{state.game.columns}"

    def parse(self, text: str, state: GameState) -> Move:
        """``"4"`` is column 4 on the board, ``3`` in code."""
        columns = state.game.columns
        shown = text.strip()
        if _WHOLE_NUMBER.fullmatch(shown):
            if 1 <= int(shown) <= columns:
                return int(shown) - 1
            raise ValueError(f"There is no column {shown}: type {self.input_help(state)}")
        raise ValueError(f"{shown!r} is not a move: type {self.input_help(state)}")

    def problem(self, state: GameState, move: Move) -> str | None:
        columns = state.game.columns
        if type(move) is not int or not 0 <= move < columns:
            return (f"There is no column {move!r}: columns are 0 to {columns - 1} in code "
                    f"(shown as 1 to {columns} on the board).")
        if move not in state.legal_moves():
            return f"Column {move + 1} is full: choose another column."
        return None


class NamedNotation(Notation):
    """Boards whose moves the game reads from their names itself (``state.play("H8")``): the
    text typed is the move, and the game's own error says what is wrong with it."""

    def input_help(self, state: GameState) -> str:
        return "a move as the board names it"

    def prompt_help(self, state: GameState) -> str:
        return "a move as the board names it"

    def parse(self, text: str, state: GameState) -> Move:
        if not text.strip():
            raise ValueError(f"'' is not a move: type {self.input_help(state)}")
        return text.strip()


class PointNotation(Notation):
    """Boards of points named as on a printed gomoku board (``state.game.board == "grid"``): a
    move is a point ``(x, y)``, ``x`` the column from the left and ``y`` the row from the top,
    both from 0; people name it by its column letter and its row number counted from the
    bottom: on 15 x 15, ``(7, 7)`` is ``H8`` and ``(0, 0)`` is ``A15``.

    Args:
        rows, columns: the board's size (``state.game.rows``, ``state.game.columns``).

    >>> notation = PointNotation(15, 15)
    >>> notation.name((7, 7)), notation.name((0, 0)), notation.name((14, 14))
    ('H8', 'A15', 'O1')
    """

    _NAME = re.compile(r"([A-Za-z])\s*([0-9]{1,3})")

    def __init__(self, rows: int, columns: int) -> None:
        if not 1 <= columns <= len(_LETTERS):
            raise ValueError(f"points are named by one letter each: at most {len(_LETTERS)} columns, not {columns}")
        self.rows, self.columns = rows, columns

    def name(self, move: Move) -> str:
        """``"H8"`` for ``(7, 7)`` on 15 x 15; anything that is not a point of the board as it is."""
        if _is_point(move) and 0 <= move[0] < self.columns and 0 <= move[1] < self.rows:
            return f"{_LETTERS[move[0]]}{self.rows - move[1]}"
        return str(move)

    def short(self, move: Move) -> str:
        return self.name(move)

    def input_help(self, state: GameState) -> str:
        centre = self.name((self.columns // 2, self.rows // 2))
        last = _LETTERS[self.columns - 1]
        return f"a point such as {centre}: a column letter A-{last} and a row number 1-{self.rows}"

    def prompt_help(self, state: GameState) -> str:
        centre = self.name((self.columns // 2, self.rows // 2))
        return f"a point A-{_LETTERS[self.columns - 1]} 1-{self.rows}, such as {centre}"

    def parse(self, text: str, state: GameState) -> Move:
        """``"H8"``, ``"h8"`` or ``"H 8"`` is the point ``(7, 7)`` on 15 x 15.

        Raises:
            ValueError: ``text`` is not a column letter followed by a row number (``"8h"``,
                ``"h"``), or names a point off the board (``"Z99"``).
        """
        shown = text.strip()
        match = self._NAME.fullmatch(shown)
        if match is None:
            raise ValueError(f"{shown!r} is not a point: type {self.input_help(state)}")
        x, number = _LETTERS.find(match.group(1).upper()), int(match.group(2))
        if not 0 <= x < self.columns or not 1 <= number <= self.rows:
            raise ValueError(f"{shown!r} is off the board: the columns are A-{_LETTERS[self.columns - 1]} and "
                             f"the rows 1-{self.rows}.")
        return (x, self.rows - number)

    def problem(self, state: GameState, move: Move) -> str | None:
        if _is_point(move) and not (0 <= move[0] < self.columns and 0 <= move[1] < self.rows):
            return (f"There is no point {move}: x is 0 to {self.columns - 1} and y 0 to {self.rows - 1} in code "
                    f"(A-{_LETTERS[self.columns - 1]} and {self.rows} to 1 on the board).")
        return None  # taken, forbidden, not a point at all: the game's own message says which


_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""The column letters of a board of points (gomoku's: every letter, ``I`` included)."""


def _is_point(move: object) -> bool:
    return isinstance(move, tuple) and len(move) == 2 and all(type(value) is int for value in move)


NOTATIONS: dict[str, Notation] = {"cells": CellNotation(), "columns": ColumnNotation(), "tree": Notation()}
"""The notation of each kind of board (:data:`~tictac_edu.games.base.BoardKind`); a board of
points (``"grid"``) has a :class:`PointNotation` of its own size."""


def notation_for(state: GameState) -> Notation:
    """The notation of ``state``'s board, chosen by ``state.game.board``: points such as ``H8``
    on a grid (gomoku); a board of cells whose moves are not cell numbers is left to the game's
    own names.

    >>> from tictac_edu.games import ConnectFour, TicTacToe
    >>> type(notation_for(TicTacToe())).__name__, type(notation_for(ConnectFour())).__name__
    ('CellNotation', 'ColumnNotation')
    """
    kind = state.game.board
    if kind == "grid":
        return PointNotation(state.game.rows, state.game.columns)
    if kind == "cells" and any(type(move) is not int for move in state.legal_moves()[:1]):
        return NamedNotation()
    return NOTATIONS.get(kind, NOTATIONS["tree"])


# -- numbers in words ----------------------------------------------------------------------------


def format_number(value: float | None) -> str:
    """A score for people: ``3``, ``2.5``, ``∞``, ``-∞``, or ``?`` when there is none.

    >>> format_number(3.0), format_number(-float("inf")), format_number(0.125)
    ('3', '-∞', '0.125')
    """
    if value is None:
        return "?"
    if value == float("inf"):
        return "∞"
    if value == -float("inf"):
        return "-∞"
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.3g}"


def format_elapsed(seconds: float) -> str:
    """``"14 ms"`` below a second, ``"1.25 s"`` above.

    >>> format_elapsed(0.0141), format_elapsed(1.25)
    ('14 ms', '1.25 s')
    """
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"
