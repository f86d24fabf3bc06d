"""m,n,k games: tic-tac-toe and its bigger relatives (5x5 with three in a row, ...).

Two players, X (first) and O, take turns marking an empty cell of an m-row, n-column board;
the first to get k of their marks in a row (across, down or diagonally) wins. A full board
without such a row is a draw.

Cells are numbered row-major from 0 (0..8 on tic-tac-toe)::

    0 1 2
    3 4 5
    6 7 8

:meth:`MNKGame.play` also accepts a ``(row, column)`` pair.
"""

from __future__ import annotations

from functools import cache
from html import escape
from typing import Self

from tictac_edu.games.base import IllegalMoveError, Player, Undoable, moves_from_start

X: Player = "X"
O: Player = "O"  # noqa: E741 - the player's name
EMPTY = None
"""The content of an empty cell in :attr:`MNKGame.board`."""

_CELL_CODE = {EMPTY: 0, X: 1, O: 2}


@cache
def winning_lines(rows: int, columns: int, k: int) -> tuple[tuple[int, ...], ...]:
    """Every line of ``k`` cells on a ``rows`` x ``columns`` board, as tuples of cell indices.

    Lines are listed row by row from the top-left cell; for each start cell: across, down,
    diagonal (down-right), anti-diagonal (down-left).

    >>> len(winning_lines(3, 3, 3))
    8
    >>> winning_lines(3, 3, 3)[:2]
    ((0, 1, 2), (0, 3, 6))
    """
    lines = []
    for row in range(rows):
        for col in range(columns):
            for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
                end_row, end_col = row + d_row * (k - 1), col + d_col * (k - 1)
                if 0 <= end_row < rows and 0 <= end_col < columns:
                    lines.append(tuple((row + d_row * i) * columns + col + d_col * i for i in range(k)))
    return tuple(lines)


@cache
def lines_through(rows: int, columns: int, k: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each cell (row-major), the lines of ``k`` cells that pass through it."""
    lines = winning_lines(rows, columns, k)
    return tuple(tuple(line for line in lines if cell in line) for cell in range(rows * columns))


class MNKGame(Undoable):
    """A position of the m,n,k game: ``rows`` x ``columns`` board, ``k`` in a row wins.

    X moves first. Moves are cell indices, row-major from 0; :meth:`legal_moves` lists the
    empty cells in that order. Positions are immutable: :meth:`play` returns a new one.

    >>> game = MNKGame(5, 5, 3)
    >>> game.to_move, len(game.legal_moves())
    ('X', 25)
    >>> print(game.play(12).play((0, 0)))
    O . . . .
    . . . . .
    . . X . .
    . . . . .
    . . . . .
    """

    __slots__ = ("rows", "columns", "k", "board", "to_move", "ply", "winner", "last_move", "_key")

    players: tuple[Player, Player] = (X, O)

    def __init__(self, rows: int = 3, columns: int = 3, k: int = 3) -> None:
        for name, value in (("rows", rows), ("columns", columns), ("k", k)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"{name} must be a positive whole number, not {value!r}")
        if k > max(rows, columns):
            raise ValueError(f"k={k} in a row cannot fit on a {rows}x{columns} board")
        self.rows = rows
        self.columns = columns
        self.k = k
        self.board: tuple[Player | None, ...] = (EMPTY,) * (rows * columns)
        self.to_move: Player = X
        self.ply = 0
        self.winner: Player | None = None
        self.last_move: int | None = None
        self._previous: Self | None = None
        self._key = 0

    # -- the protocol -------------------------------------------------------------------

    @property
    def max_plies(self) -> int:
        """The longest possible game: one move per cell."""
        return self.rows * self.columns

    def legal_moves(self) -> list[int]:
        """The empty cells in row-major order; none once the game is over."""
        if self.winner is not None:
            return []
        return [cell for cell, mark in enumerate(self.board) if mark is EMPTY]

    def play(self, move: int | tuple[int, int]) -> Self:
        """The position after the player to move marks ``move`` (a cell or ``(row, column)``).

        Raises:
            IllegalMoveError: the cell is off the board or taken, or the game is over.
        """
        cell = self._cell(move)
        if self.winner is not None or self.ply == len(self.board):
            raise IllegalMoveError(f"Illegal move {move!r}: the game is over ({self.result_text()}).\n{self}")
        if self.board[cell] is not EMPTY:
            row, col = divmod(cell, self.columns)
            raise IllegalMoveError(
                f"Illegal move {move!r}: cell {cell} (row {row}, column {col}) is already taken "
                f"by {self.board[cell]}.\n{self}"
            )
        child = object.__new__(type(self))
        child.rows, child.columns, child.k = self.rows, self.columns, self.k
        player = self.to_move
        child.board = self.board[:cell] + (player,) + self.board[cell + 1 :]
        child.to_move = O if player == X else X
        child.ply = self.ply + 1
        child.last_move = cell
        child._previous = self
        child._key = self._key + _CELL_CODE[player] * 3**cell
        board = child.board
        child.winner = None
        for line in lines_through(self.rows, self.columns, self.k)[cell]:
            if all(board[i] == player for i in line):
                child.winner = player
                break
        return child

    def is_terminal(self) -> bool:
        """Whether someone has k in a row or the board is full."""
        return self.winner is not None or self.ply == len(self.board)

    def utility(self, player: Player) -> int:
        """+1 if ``player`` has won, -1 if they have lost, 0 for a draw or an unfinished game."""
        if self.winner is None:
            return 0
        return 1 if self.winner == player else -1

    def key(self) -> int:
        """The position as a base-3 number (empty 0, X 1, O 2 per cell): the same in every run."""
        return self._key

    # -- extras for the course -------------------------------------------------------------

    def winning_line(self) -> tuple[int, ...] | None:
        """The cells of the winner's k in a row, or ``None``."""
        if self.winner is None:
            return None
        for line in winning_lines(self.rows, self.columns, self.k):
            if all(self.board[i] == self.winner for i in line):
                return line
        return None  # pragma: no cover - a winner always has a line

    def symmetric_keys(self) -> list[int]:
        """The keys of the position under every symmetry of the board (8 if square, else 4)."""
        rows, cols = self.rows, self.columns
        maps = [lambda r, c: (r, c), lambda r, c: (r, cols - 1 - c), lambda r, c: (rows - 1 - r, c),
                lambda r, c: (rows - 1 - r, cols - 1 - c)]
        if rows == cols:
            maps += [lambda r, c: (c, r), lambda r, c: (c, rows - 1 - r), lambda r, c: (cols - 1 - c, r),
                     lambda r, c: (cols - 1 - c, rows - 1 - r)]
        keys = []
        for transform in maps:
            key = 0
            for cell, mark in enumerate(self.board):
                if mark is not EMPTY:
                    r, c = transform(*divmod(cell, cols))
                    key += _CELL_CODE[mark] * 3 ** (r * cols + c)
            keys.append(key)
        return keys

    def canonical_key(self) -> int:
        """The smallest of :meth:`symmetric_keys`: equal for positions that are mirror images
        or rotations of each other."""
        return min(self.symmetric_keys())

    def result_text(self) -> str:
        """``"X wins"``, ``"O wins"``, ``"draw"`` or ``"X to move"``."""
        if self.winner is not None:
            return f"{self.winner} wins"
        if self.ply == len(self.board):
            return "draw"
        return f"{self.to_move} to move"

    def text(self, numbered: bool = False) -> str:
        """The board as text, one row a line; empty cells show ``.`` or, if ``numbered``,
        their cell number."""
        width = len(str(len(self.board) - 1)) if numbered else 1
        lines = []
        for row in range(self.rows):
            cells = []
            for col in range(self.columns):
                cell = row * self.columns + col
                mark = self.board[cell]
                shown = mark if mark is not EMPTY else (str(cell) if numbered else ".")
                cells.append(shown.rjust(width))
            lines.append(" ".join(cells))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        name = type(self).__name__
        dims = "" if isinstance(self, TicTacToe) else f"{self.rows}, {self.columns}, {self.k}"
        return f"<{name}({dims}) after moves {moves_from_start(self)}: {self.result_text()}>"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, MNKGame) and (self.rows, self.columns, self.k) == (other.rows, other.columns, other.k)
                and self.board == other.board)

    def __hash__(self) -> int:
        return hash((self.rows, self.columns, self.k, self._key))

    def _cell(self, move: object) -> int:
        """The cell index of ``move`` (an index or a ``(row, column)`` pair), checked."""
        size = self.rows * self.columns
        whole = all(isinstance(v, int) and not isinstance(v, bool) for v in move) if isinstance(move, tuple) else False
        if isinstance(move, tuple) and len(move) == 2 and whole:
            row, col = move
            if not (0 <= row < self.rows and 0 <= col < self.columns):
                raise IllegalMoveError(
                    f"Illegal move {move!r}: off the board; rows are 0..{self.rows - 1} and columns "
                    f"0..{self.columns - 1}.")
            return row * self.columns + col
        if isinstance(move, int) and not isinstance(move, bool):
            if not 0 <= move < size:
                raise IllegalMoveError(
                    f"Illegal move {move!r}: off the board; cells are numbered 0..{size - 1}, row by row.")
            return move
        raise IllegalMoveError(
            f"Illegal move {move!r}: a move is a cell number 0..{size - 1} (row by row) or a (row, column) pair.")

    def _repr_svg_(self) -> str:
        """The board as an SVG picture (Jupyter shows it when a position is displayed)."""
        cell, pad = 40, 4
        width, height = self.columns * cell + 2 * pad, self.rows * cell + 2 * pad
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
                 f'viewBox="0 0 {width} {height}">',
                 f'<rect x="0" y="0" width="{width}" height="{height}" fill="#fdfcf7"/>']
        line = set(self.winning_line() or ())
        for index, mark in enumerate(self.board):
            row, col = divmod(index, self.columns)
            x, y = pad + col * cell, pad + row * cell
            fill = "#ffe9a8" if index in line else ("#eef4ff" if index == self.last_move else "none")
            parts.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{fill}" stroke="#555"/>')
            if mark == X:
                a, b = 9, cell - 9
                parts.append(f'<path d="M{x + a},{y + a} L{x + b},{y + b} M{x + b},{y + a} L{x + a},{y + b}" '
                             'stroke="#c0392b" stroke-width="4" stroke-linecap="round"/>')
            elif mark == O:
                parts.append(f'<circle cx="{x + cell / 2}" cy="{y + cell / 2}" r="{cell / 2 - 9}" '
                             'fill="none" stroke="#2c5fa8" stroke-width="4"/>')
        parts.append(f"<title>{escape(self.result_text())}</title></svg>")
        return "".join(parts)


class TicTacToe(MNKGame):
    """Tic-tac-toe: the 3,3,3 game. X moves first; cells 0..8 row-major.

    >>> game = TicTacToe().play(4).play(0)
    >>> game.to_move, game.legal_moves()
    ('X', [1, 2, 3, 5, 6, 7, 8])
    """

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(3, 3, 3)
