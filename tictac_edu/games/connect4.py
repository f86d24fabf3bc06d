"""Connect Four: drop discs into columns; four in a row (across, up, or diagonally) wins.

Two players, X (first, drawn red) and O (second, drawn yellow), take turns dropping a disc
into one of the columns; it falls to the lowest empty cell of that column (*gravity*). The
first to line up four of their discs wins; a full board without four in a row is a draw.
The usual board has 7 columns and 6 rows; ``ConnectFour(columns=..., rows=...)`` makes
others.

Moves are column numbers, ``0..6`` in code from the left, and :meth:`ConnectFour.legal_moves`
lists the columns that are not full in that order, left to right. Move *strings*, as in the
benchmark sets, number the columns ``1..7``: ``"4453"`` means X in column 4, O in 4, X in 5,
O in 3 (:meth:`ConnectFour.from_moves`, :meth:`ConnectFour.moves_string`).

Bitboards
---------
A position is stored as two whole numbers used as rows of bits, *bitboards*, in Pascal
Pons' layout. Each cell has one bit; the bits go up column by column from the bottom-left
cell, and each column has one extra bit on top, a *sentinel* row that is always empty.
On the 7x6 board the bit numbers are::

    6 13 20 27 34 41 48   <- sentinel row: always 0
    5 12 19 26 33 40 47   <- top row
    4 11 18 25 32 39 46
    3 10 17 24 31 38 45
    2  9 16 23 30 37 44
    1  8 15 22 29 36 43
    0  7 14 21 28 35 42   <- bottom row
    1  2  3  4  5  6  7   <- column numbers in move strings

so the cell in column ``c`` (0-based), row ``r`` (0 = bottom) is bit ``c * (rows + 1) + r``.

* ``mask`` has a 1 for every occupied cell.
* ``position`` has a 1 for every disc of the *player to move*; the other player's discs are
  ``position ^ mask``.

Why this layout? Moving one step in a direction is one shift of the whole board, the same
for every cell: up is ``1``, right is ``rows + 1`` (one column further), up-right is
``rows + 2`` and down-right is ``rows``. The sentinel row keeps a line from wrapping round
from the top of one column to the bottom of the next. So four in a row needs only two shifts
per direction (:func:`has_four`)::

    pairs = stones & (stones >> shift)     # a disc with another one step beyond it
    pairs & (pairs >> 2 * shift)           # a pair with another pair two steps beyond it

Dropping a disc is arithmetic too: adding the column's bottom bit to ``mask`` carries up
through the occupied cells of that column and stops at the first empty one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from html import escape

from tictac_edu.games.base import (
    GameDescription,
    GameStateBase,
    IllegalMoveError,
    Player,
    Preset,
    moves_from_start,
    unseal,
    whole_number,
)
from tictac_edu.games.registry import register

X: Player = "X"
O: Player = "O"  # noqa: E741 - the player's name
CONNECT = 4
"""How many discs in a row win."""

DEFAULT_COLUMNS = 7
DEFAULT_ROWS = 6
MAX_CELLS = 400
"""The largest board played (a bitboard per position stays small)."""
MAX_STRING_COLUMNS = 9
"""Move strings use one digit per move, so they can name at most 9 columns."""

DIRECTIONS = ("vertical", "horizontal", "diagonal down-right", "diagonal up-right")
"""The four directions of a line, in the order of :meth:`BitboardLayout.shifts`."""


@dataclass(frozen=True)
class BitboardLayout:
    """The bit masks of one board size (see the module docstring for the layout).

    Attributes:
        columns, rows: the board size.
        stride: bits per column, ``rows + 1`` (the cells and the sentinel bit).
        bottom: one bit per column, on the bottom row.
        board: one bit per cell (every bit but the sentinels).
        column_masks: for each column, the bits of its cells.
        bottom_masks: for each column, the bit of its bottom cell.
        top_masks: for each column, the bit of its top cell.
    """

    columns: int
    rows: int
    stride: int
    bottom: int
    board: int
    column_masks: tuple[int, ...]
    bottom_masks: tuple[int, ...]
    top_masks: tuple[int, ...]

    @property
    def shifts(self) -> tuple[int, int, int, int]:
        """The shift of one step in each of the four directions of :data:`DIRECTIONS`:
        up ``1``, right ``rows + 1``, down-right ``rows``, up-right ``rows + 2``."""
        return (1, self.stride, self.stride - 1, self.stride + 1)

    def bit(self, column: int, row: int) -> int:
        """The bit of one cell.

        Args:
            column: 0-based, from the left.
            row: 0-based, from the bottom.

        Returns:
            ``1 << (column * stride + row)``.
        """
        return 1 << (column * self.stride + row)


@cache
def bitboard_layout(columns: int = DEFAULT_COLUMNS, rows: int = DEFAULT_ROWS) -> BitboardLayout:
    """The :class:`BitboardLayout` of a ``columns`` x ``rows`` board (computed once per size).

    Args:
        columns, rows: the board size.

    Returns:
        The layout's masks.

    >>> layout = bitboard_layout()
    >>> layout.stride, bin(layout.column_masks[1])
    (7, '0b1111110000000')
    """
    stride = rows + 1
    column_cells = (1 << rows) - 1
    column_masks = tuple(column_cells << (column * stride) for column in range(columns))
    bottom_masks = tuple(1 << (column * stride) for column in range(columns))
    top_masks = tuple(1 << (column * stride + rows - 1) for column in range(columns))
    return BitboardLayout(columns=columns, rows=rows, stride=stride, bottom=sum(bottom_masks),
                          board=sum(column_masks), column_masks=column_masks, bottom_masks=bottom_masks,
                          top_masks=top_masks)


def has_four(stones: int, stride: int) -> bool:
    """Whether the bitboard ``stones`` holds four in a row on a board with ``stride`` bits per
    column (``rows + 1``).

    For each direction, ``pairs`` marks every disc with another one step beyond it, and a
    pair with another pair two steps beyond it is four in a row.

    Args:
        stones: a bitboard of one player's discs.
        stride: bits per column of the layout (``rows + 1``).

    Returns:
        ``True`` if four of the discs are in a line, in any of the four directions.

    >>> layout = bitboard_layout()
    >>> has_four(sum(layout.bit(column, 0) for column in (2, 3, 4, 5)), layout.stride)
    True
    """
    for shift in (1, stride, stride - 1, stride + 1):
        pairs = stones & (stones >> shift)
        if pairs & (pairs >> 2 * shift):
            return True
    return False


def winning_cells(stones: int, mask: int, columns: int = 7, rows: int = 6) -> int:
    """The empty cells that would complete a four for the player with ``stones`` (a bitboard),
    whether or not they can be played yet: the player's *threats*.

    For each direction, a cell is a threat if the three cells on one side, or two on one side
    and one on the other, or one and two, are the player's.

    Args:
        stones: bitboard of one player's discs.
        mask: bitboard of all discs.
        columns, rows: the board size.

    Returns:
        A bitboard of the threat cells.

    >>> state = ConnectFour.from_moves("11223")         # X on 1, 2 and 3 (bottom row)
    >>> bin(winning_cells(state.stones("X"), state.mask))  # bottom of column 4: bit 21
    '0b1000000000000000000000'
    """
    layout = bitboard_layout(columns, rows)
    # Vertical: three discs directly below.
    threats = (stones << 1) & (stones << 2) & (stones << 3)
    for shift in (layout.stride, layout.stride - 1, layout.stride + 1):
        # Two discs on the left (one and two steps away) ...
        left_two = (stones << shift) & (stones << 2 * shift)
        threats |= left_two & (stones << 3 * shift)   # ... and a third: three on the left
        threats |= left_two & (stones >> shift)       # ... and one on the right
        # Two discs on the right ...
        right_two = (stones >> shift) & (stones >> 2 * shift)
        threats |= right_two & (stones << shift)      # ... and one on the left
        threats |= right_two & (stones >> 3 * shift)  # ... and a third: three on the right
    return threats & (layout.board ^ mask)


def show_stones(stones: int, columns: int = 7, rows: int = 6) -> str:
    """One player's discs (a bitboard) as text: ``X`` a disc, ``.`` none, the top row first,
    the columns numbered from 0, with the number and its set bits above.

    >>> print(show_stones(0b1111, rows=6))  # bits 0-3: four discs up the first column
    stones = 15, rows = 6: the bits 0, 1, 2, 3
    . . . . . . .
    . . . . . . .
    X . . . . . .
    X . . . . . .
    X . . . . . .
    X . . . . . .
    0 1 2 3 4 5 6   <- column
    """
    stride = rows + 1
    bits = [bit for bit in range(stones.bit_length()) if stones >> bit & 1]
    width = len(str(columns - 1))
    lines = [f"stones = {stones}, rows = {rows}: the bits {', '.join(map(str, bits)) or '(none)'}"]
    for row in reversed(range(rows)):
        lines.append(" ".join(("X" if stones >> (column * stride + row) & 1 else ".").rjust(width)
                              for column in range(columns)))
    lines.append(" ".join(str(column).rjust(width) for column in range(columns)) + "   <- column")
    return "\n".join(lines)


def centre_first_columns(columns: int) -> tuple[int, ...]:
    """The columns from the centre outwards, left before right.

    Args:
        columns: the board's width.

    Returns:
        The columns, 0-based: ``(3, 2, 4, 1, 5, 0, 6)`` for 7.

    >>> centre_first_columns(7)
    (3, 2, 4, 1, 5, 0, 6)
    """
    return tuple(columns // 2 + (1 - 2 * (i % 2)) * (i + 1) // 2 for i in range(columns))


class ConnectFour(GameStateBase[int]):
    """A Connect Four position: ``columns`` x ``rows`` board (7 x 6 by default).

    X moves first. Moves are columns ``0..columns-1`` from the left; :meth:`legal_moves`
    lists the columns that are not full, left to right. Positions are immutable:
    :meth:`play` returns a new one and :meth:`undo` the previous one.

    Attributes:
        columns, rows: the board size.
        position: bitboard of the discs of the player to move.
        mask: bitboard of the occupied cells.
        ply: the number of moves played.
        last_move: the column of the last move, ``None`` on the empty board.
        winner: ``"X"`` or ``"O"`` once someone has four in a row, else ``None``.

    >>> game = ConnectFour.from_moves("4453")
    >>> game.to_move, game.ply, game.legal_moves()
    ('X', 4, [0, 1, 2, 3, 4, 5, 6])
    >>> print(game)
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . O . . .
    . . O X X . .
    1 2 3 4 5 6 7
    """

    __slots__ = ("_position", "_mask", "_layout")  # and the protocol's, in GameStateBase

    players: tuple[Player, Player] = (X, O)

    def __init__(self, columns: int = DEFAULT_COLUMNS, rows: int = DEFAULT_ROWS) -> None:
        for name, value in (("columns", columns), ("rows", rows)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"{name} must be a positive whole number, not {value!r}")
        if columns * rows > MAX_CELLS:
            raise ValueError(f"a {columns} x {rows} board has {columns * rows:,} cells; Connect Four is played "
                             f"here on at most {MAX_CELLS} cells")
        sealed = unseal(self)
        self._position = 0
        self._mask = 0
        self._to_move = X
        self._ply = 0
        self._last_move = None
        self._winner = None
        self._previous = None
        self._layout = bitboard_layout(columns, rows)
        self.__class__ = sealed

    # -- read-only attributes (positions are immutable) ----------------------------------

    @property
    def columns(self) -> int:
        """The number of columns."""
        return self._layout.columns

    @property
    def rows(self) -> int:
        """The number of rows."""
        return self._layout.rows

    @property
    def position(self) -> int:
        """The bitboard of the discs of the player to move."""
        return self._position

    @property
    def mask(self) -> int:
        """The bitboard of the occupied cells."""
        return self._mask

    @classmethod
    def from_moves(cls, moves: str | Sequence[int], columns: int = DEFAULT_COLUMNS,
                   rows: int = DEFAULT_ROWS) -> ConnectFour:
        """The position after some moves from the empty board, the columns numbered from 1 at
        the left: a move string such as ``"4453"``, or the same as whole numbers, ``[4, 4, 5, 3]``.

        Args:
            moves: the columns played, first player first: a string of one digit per move (the
                format of the benchmark sets), or a sequence (list, tuple) of whole numbers
                ``1..columns``; ``""`` and ``[]`` are the empty board.
            columns, rows: the board size (at most 9 columns for move strings).

        Returns:
            The position after all the moves.

        Raises:
            TypeError: ``moves`` is neither a string nor a sequence of whole numbers (bytes
                included: decode them first).
            IllegalMoveError: a move is not a column number, a column is full, or a move comes
                after the game has ended; the message names the move's position (counting from 1).

        >>> ConnectFour.from_moves([4, 4, 5, 3]) == ConnectFour.from_moves("4453")
        True
        >>> ConnectFour.from_moves("4444444")
        Traceback (most recent call last):
        ...
        tictac_edu.games.base.IllegalMoveError: bad move string '4444444': character 7 ('4'): column 4 is full
        """
        numbers: list[int | None] = []  # the column numbers, 1-based; None: not a column number
        if isinstance(moves, str):
            if columns > MAX_STRING_COLUMNS:
                raise ValueError(f"move strings name columns with one digit, so they cannot describe a board "
                                 f"of {columns} columns (at most {MAX_STRING_COLUMNS}): give a list of numbers")
            numbers = [int(char) if "1" <= char <= "9" else None for char in moves]
            shown, item = f"move string {moves!r}", "character"
        elif isinstance(moves, (bytes, bytearray)):
            raise TypeError(f"a move string must be text (str), not {type(moves).__name__}: decode it first, "
                            f"as in {bytes(moves)!r}.decode()")
        elif isinstance(moves, Sequence):
            for index, number in enumerate(moves, start=1):
                whole = whole_number(number)
                if whole is None:
                    raise TypeError(f"bad move list {list(moves)!r}: move {index} ({number!r}) is a "
                                    f"{type(number).__name__}, not a whole number (a column 1..{columns})")
                numbers.append(whole)
            shown, item = f"move list {list(moves)!r}", "move"
        else:
            raise TypeError(f"moves are a move string such as '4453' or a sequence of 1-based column numbers "
                            f"such as [4, 4, 5, 3], not {type(moves).__name__} {moves!r}")
        state = cls(columns, rows)
        for index, (number, original) in enumerate(zip(numbers, moves, strict=True), start=1):
            where = f"bad {shown}: {item} {index} ({original!r})"
            if number is None or not 1 <= number <= columns:
                raise IllegalMoveError(f"{where} is not a column number 1..{columns}")
            if state.is_terminal():
                raise IllegalMoveError(f"{where} comes after the end of the game ({state.result_text()} "
                                       f"after {state.ply} moves)")
            if not state.can_play(number - 1):
                raise IllegalMoveError(f"{where}: column {number} is full")
            state = state.play(number - 1)
        return state

    # -- the protocol -------------------------------------------------------------------

    @property
    def max_plies(self) -> int:
        """The longest possible game: one move per cell (42 on 7 x 6)."""
        return self.columns * self.rows

    def legal_moves(self) -> list[int]:
        """The columns that are not full, left to right (``0..columns-1``); none once the game is over."""
        if self.winner is not None:
            return []
        mask, top_masks = self.mask, self._layout.top_masks
        return [column for column in range(self.columns) if not mask & top_masks[column]]

    def play(self, move: int) -> ConnectFour:
        """The position after the player to move drops a disc into column ``move``.

        Args:
            move: the column, 0-based from the left.

        Returns:
            A new position; this one is unchanged.

        Raises:
            IllegalMoveError: ``move`` is not a column, the column is full, or the game is over.
        """
        if type(move) is not int:
            column = whole_number(move)  # a NumPy integer is a column too; a bool or a float is not
            if column is None:
                raise IllegalMoveError(f"Illegal move {move!r}: a move is a column number 0..{self.columns - 1} "
                                       f"(0 is the leftmost column).")
            move = column
        if not 0 <= move < self.columns:
            raise IllegalMoveError(f"Illegal move {move!r}: a move is a column number 0..{self.columns - 1} "
                                   f"(0 is the leftmost column).")
        if self.is_terminal():
            raise IllegalMoveError(f"Illegal move {move}: the game is over ({self.result_text()}).\n{self}")
        layout = self._layout
        if self._mask & layout.top_masks[move]:
            raise IllegalMoveError(f"Illegal move {move}: column {move} (shown as {move + 1}) is full.\n{self}")
        # Adding the column's bottom bit carries up through its discs to the first empty cell.
        dropped = (self.mask + layout.bottom_masks[move]) & layout.column_masks[move]
        child: ConnectFour = object.__new__(ConnectFour._open)  # open: its slots are filled in, then it is sealed
        child._layout = layout
        child._mask = self._mask | dropped
        child._position = self._position ^ self._mask  # the opponent's discs: they move next
        child._ply = self._ply + 1
        child._last_move = move
        child._previous = self
        mover = self._to_move
        child._to_move = O if mover == X else X
        mover_discs = child._position ^ child._mask
        child._winner = mover if has_four(mover_discs, layout.stride) else None
        child.__class__ = ConnectFour
        return child

    def is_terminal(self) -> bool:
        """Whether someone has four in a row or the board is full."""
        return self.winner is not None or self.ply == self.columns * self.rows

    def key(self) -> int:
        """``position + mask``: a whole number, the same in every run, different for different
        positions of one board size.

        Within a column with ``h`` discs, ``mask`` is ``2**h - 1`` and adding the discs of the
        player to move gives a number between ``2**h - 1`` and ``2**(h+1) - 2``: the ranges of
        different heights do not overlap and never carry into the next column.
        """
        return self.position + self.mask

    # -- extras for the course -------------------------------------------------------------

    @property
    def layout(self) -> BitboardLayout:
        """The bit masks of this board size."""
        return self._layout

    def stones(self, player: Player) -> int:
        """A player's discs.

        Args:
            player: ``"X"`` or ``"O"``.

        Returns:
            The bitboard of ``player``'s discs.
        """
        if player == self.to_move:
            return self.position
        if player not in self.players:
            raise ValueError(f"{player!r} is not a player of Connect Four; the players are X and O")
        return self.position ^ self.mask

    def height(self, column: int) -> int:
        """How many discs a column holds.

        Args:
            column: 0-based, from the left.

        Returns:
            0 (empty) to ``rows`` (full).

        Raises:
            ValueError: ``column`` is not one of the board's columns ``0..columns-1``.
        """
        column = self._column(column)
        return (self.mask & self._layout.column_masks[column]).bit_count()

    def _column(self, column: object, note: str = "") -> int:
        """``column`` as an ``int`` (a NumPy integer too), checked to be on the board."""
        number = whole_number(column)
        if number is None or not 0 <= number < self.columns:
            raise ValueError(f"column {column!r} is not on the board: the columns are 0..{self.columns - 1}{note}")
        return number

    def can_play(self, column: int) -> bool:
        """Whether a column has an empty cell (whether or not the game is over).

        Args:
            column: 0-based, from the left.

        Returns:
            ``True`` if a disc can still be dropped into it.

        Raises:
            ValueError: ``column`` is not one of the board's columns ``0..columns-1``.
        """
        column = self._column(column)
        return not self.mask & self._layout.top_masks[column]

    def cell(self, column: int, row: int) -> Player | None:
        """Who has a disc in one cell.

        Args:
            column: 0-based, from the left.
            row: 0-based, from the bottom.

        Returns:
            ``"X"``, ``"O"`` or ``None`` for an empty cell.

        Raises:
            ValueError: the cell is not on the board (columns ``0..columns-1``, rows ``0..rows-1``).
        """
        column = self._column(column, " (cell(column, row), row 0 at the bottom)")
        number = whole_number(row)
        if number is None or not 0 <= number < self.rows:
            raise ValueError(f"row {row!r} is not on the board: the rows are 0..{self.rows - 1} "
                             "(cell(column, row), row 0 at the bottom)")
        row = number
        bit = self._layout.bit(column, row)
        if not self.mask & bit:
            return None
        return self.to_move if self.position & bit else (O if self.to_move == X else X)

    def grid(self) -> list[list[Player | None]]:
        """The board as rows of cells, the *top* row first (as it is printed)."""
        return [[self.cell(column, row) for column in range(self.columns)] for row in reversed(range(self.rows))]

    def moves(self) -> list[int]:
        """The columns played from the empty board to here (0-based), in order."""
        return moves_from_start(self)

    def moves_string(self) -> str:
        """The moves from the empty board as a 1-based move string, such as ``"4453"``.

        Raises:
            ValueError: the board has more than 9 columns.
        """
        if self.columns > MAX_STRING_COLUMNS:
            raise ValueError(f"move strings cannot name more than {MAX_STRING_COLUMNS} columns")
        return "".join(str(move + 1) for move in self.moves())

    def winning_line(self) -> list[tuple[int, int]] | None:
        """The cells ``(column, row)`` of the winner's four in a row (the first found), or ``None``."""
        if self.winner is None:
            return None
        discs = self.stones(self.winner)
        for d_column, d_row in ((0, 1), (1, 0), (1, -1), (1, 1)):
            for column in range(self.columns):
                for row in range(self.rows):
                    cells = [(column + i * d_column, row + i * d_row) for i in range(CONNECT)]
                    if all(0 <= c < self.columns and 0 <= r < self.rows and discs & self._layout.bit(c, r)
                           for c, r in cells):
                        return cells
        return None  # pragma: no cover - a winner always has a line

    def result_text(self) -> str:
        """``"X wins"``, ``"O wins"``, ``"draw"`` or ``"X to move"``."""
        if self.winner is not None:
            return f"{self.winner} wins"
        if self.ply == self.max_plies:
            return "draw"
        return f"{self.to_move} to move"

    def text(self) -> str:
        """The board as text, the top row first, ``.`` for an empty cell, and the column numbers
        ``1..columns`` (as in move strings) under it."""
        width = len(str(self.columns))
        lines = [" ".join((mark or ".").rjust(width) for mark in row) for row in self.grid()]
        lines.append(" ".join(str(column + 1).rjust(width) for column in range(self.columns)))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        size = "" if (self.columns, self.rows) == (DEFAULT_COLUMNS, DEFAULT_ROWS) else f"{self.columns}, {self.rows}"
        moves = self.moves_string() if self.columns <= MAX_STRING_COLUMNS else str(self.moves())
        return f"<ConnectFour({size}) after moves {moves!r}: {self.result_text()}>"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, ConnectFour) and (self.columns, self.rows) == (other.columns, other.rows)
                and self.position == other.position and self.mask == other.mask)

    def __hash__(self) -> int:
        return hash((self.columns, self.rows, self.position, self.mask))

    @property
    def game(self) -> GameDescription:
        """The description of this board size's Connect Four (see :func:`connect4_description`)."""
        return connect4_description(self.columns, self.rows)

    def as_code(self) -> str:
        """Python code that rebuilds this position.

        >>> ConnectFour.from_moves("4453").as_code()
        "ConnectFour.from_moves('4453')"
        """
        size = "" if (self.columns, self.rows) == (DEFAULT_COLUMNS, DEFAULT_ROWS) else \
            f", columns={self.columns}, rows={self.rows}"
        if self.columns <= MAX_STRING_COLUMNS:
            return f"ConnectFour.from_moves({self.moves_string()!r}{size})"
        return f"play_moves(ConnectFour({self.columns}, {self.rows}), {self.moves()})"

    def random_playout(self, rng: random.Random) -> Player | None:
        """Drop discs in uniformly random columns that are not full until the game ends; return
        the winner (``None``: a draw). Works on the bitboards; this position is unchanged."""
        if self.winner is not None:
            return self.winner
        layout = self._layout
        stride, bottom_masks, column_masks, top_masks = (layout.stride, layout.bottom_masks, layout.column_masks,
                                                         layout.top_masks)
        position, mask = self.position ^ self.mask, self.mask  # the discs of the player who moved last
        open_columns = [column for column in range(self.columns) if not mask & top_masks[column]]
        mover = self.to_move
        choice = rng.choice
        while open_columns:
            column = choice(open_columns)
            mask |= (mask + bottom_masks[column]) & column_masks[column]
            mine = position ^ mask  # the mover's discs, the new one included
            if has_four(mine, stride):
                return mover
            if mask & top_masks[column]:
                open_columns.remove(column)
            position = mine
            mover = O if mover == X else X
        return None

    def _repr_svg_(self) -> str:
        """The board as an SVG picture: a blue frame, red discs for X, yellow for O, the last
        disc ringed, a winning four outlined, column numbers 1..columns underneath."""
        cell, pad, label = 44, 6, 18
        radius = cell / 2 - 5
        width = self.columns * cell + 2 * pad
        height = self.rows * cell + 2 * pad + label
        colours = {X: "#d62828", O: "#f7c948", None: "#ffffff"}
        last = None
        if self.last_move is not None:
            last = (self.last_move, self.height(self.last_move) - 1)
        four = set(self.winning_line() or ())
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
                 f'viewBox="0 0 {width} {height}">',
                 f'<rect x="0" y="0" width="{width}" height="{height - label}" rx="8" fill="#1f4fbf"/>']
        for column in range(self.columns):
            for row in range(self.rows):
                cx = pad + column * cell + cell / 2
                cy = pad + (self.rows - 1 - row) * cell + cell / 2
                mark = self.cell(column, row)
                parts.append(f'<circle cx="{cx}" cy="{cy}" r="{radius}" fill="{colours[mark]}" stroke="#163a8c"/>')
                if (column, row) in four:
                    parts.append(f'<circle cx="{cx}" cy="{cy}" r="{radius - 2}" fill="none" stroke="#2ecc71" '
                                 'stroke-width="4"/>')
                elif (column, row) == last:
                    parts.append(f'<circle cx="{cx}" cy="{cy}" r="{radius / 3}" fill="none" stroke="#333" '
                                 'stroke-width="2"/>')
            parts.append(f'<text x="{pad + column * cell + cell / 2}" y="{height - 4}" text-anchor="middle" '
                         f'font-family="sans-serif" font-size="13" fill="#333">{column + 1}</text>')
        parts.append(f"<title>{escape(self.result_text())}</title></svg>")
        return "".join(parts)


CONNECT4_TIME_LIMIT = 0.9
"""Seconds per move for the levels that play by the clock (under a second a move)."""
CONNECT4_LEVELS = (
    Preset("easy", depth=2, randomness=0.2, description="looks two moves ahead; 20% of its moves are random"),
    Preset("medium", depth=4, randomness=0.05, description="looks four moves ahead; 5% of its moves are random"),
    Preset("hard", depth=7, time_limit=CONNECT4_TIME_LIMIT, use_table=True,
           description=f"looks up to seven moves ahead within {CONNECT4_TIME_LIMIT:g} s"),
    Preset("expert", kind="solver", time_limit=CONNECT4_TIME_LIMIT,
           description=f"plays the solver's proven best move when it finds one within {CONNECT4_TIME_LIMIT:g} s, "
                       "and searches otherwise; every move says whether it was proven"),
)
"""Connect Four's difficulty levels. None is called perfect: early in a game the solver cannot
prove a move within a second in pure Python, so the strongest level says per move whether its
move was proven."""
CONNECT4_MCTS_LEVELS = (
    Preset("mcts", kind="mcts", time_limit=CONNECT4_TIME_LIMIT,
           description=f"Monte Carlo tree search: random playouts for {CONNECT4_TIME_LIMIT:g} s a move, no evaluation"),
    Preset("mcts-solver", kind="mcts", time_limit=CONNECT4_TIME_LIMIT, mcts_solver=True,
           description=f"MCTS-solver: playouts for {CONNECT4_TIME_LIMIT:g} s a move, backing up proven results"),
)
"""The Monte Carlo levels, beside the ladder of difficulties (``GameDescription.extra_presets``)."""


@cache
def connect4_description(columns: int = DEFAULT_COLUMNS, rows: int = DEFAULT_ROWS) -> GameDescription:
    """The description of Connect Four on a ``columns`` x ``rows`` board: its levels, the threat
    evaluation, and centre-first move order.

    >>> connect4_description().move_order
    (3, 2, 4, 1, 5, 0, 6)
    """
    default = (columns, rows) == (DEFAULT_COLUMNS, DEFAULT_ROWS)
    return GameDescription(
        name="connect4", title="Connect Four" if default else f"Connect Four, {columns} x {rows}",
        players=(X, O), rows=rows, columns=columns, max_plies=columns * rows, presets=CONNECT4_LEVELS,
        move_order=tuple(centre_first_columns(columns)), board="columns",
        start_code="ConnectFour()" if default else f"ConnectFour({columns}, {rows})",
        options={} if default else {"columns": columns, "rows": rows}, extra_presets=CONNECT4_MCTS_LEVELS,
        opening_plies=2)


register("connect4", ConnectFour)
