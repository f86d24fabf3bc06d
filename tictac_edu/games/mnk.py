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

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from html import escape
from typing import Self

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
EMPTY = None
"""The content of an empty cell in :attr:`MNKGame.board`."""

MAX_CELLS = 40_000
"""The largest board the course plays on (200 x 200); bigger ones are refused at once."""

_DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))
"""Across, down, diagonal (down-right), anti-diagonal (down-left)."""


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
            for d_row, d_col in _DIRECTIONS:
                end_row, end_col = row + d_row * (k - 1), col + d_col * (k - 1)
                if 0 <= end_row < rows and 0 <= end_col < columns:
                    lines.append(tuple((row + d_row * i) * columns + col + d_col * i for i in range(k)))
    return tuple(lines)


@cache
def lines_through(rows: int, columns: int, k: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each cell (row-major), the lines of ``k`` cells that pass through it, in the order
    of :func:`winning_lines` (built in one pass over the lines)."""
    through: list[list[tuple[int, ...]]] = [[] for _ in range(rows * columns)]
    for line in winning_lines(rows, columns, k):
        for cell in line:
            through[cell].append(line)
    return tuple(tuple(lines) for lines in through)


@dataclass(frozen=True)
class _Geometry:
    """Precomputed facts of one board size, shared by all its positions.

    ``win_masks[cell]`` holds, for each line through ``cell``, ``(shift, mask)``: the line's
    cells as bits of ``stones >> shift`` (a player's stones as one whole number, bit ``i`` for
    cell ``i``), so a line is complete when ``(stones >> shift) & mask == mask``.
    """

    rows: int
    columns: int
    k: int
    size: int
    win_masks: tuple[tuple[tuple[int, int], ...], ...]


@cache
def _geometry(rows: int, columns: int, k: int) -> _Geometry:
    size = rows * columns
    masks: list[list[tuple[int, int]]] = [[] for _ in range(size)]
    for line in winning_lines(rows, columns, k):
        shift = line[0] if line[0] < line[-1] else line[-1]
        mask = 0
        for cell in line:
            mask |= 1 << (cell - shift)
        for cell in line:
            masks[cell].append((shift, mask))
    return _Geometry(rows, columns, k, size, tuple(tuple(m) for m in masks))


@cache
def _playout_lines(rows: int, columns: int, k: int) -> tuple[tuple[tuple[int, tuple[tuple[int, int], ...]], ...], ...]:
    """For each cell, one entry per direction with a line of ``k`` through it: the bits of the
    cells within ``k - 1`` steps along that direction (the cell included), and that
    direction's ``(shift, mask)`` lines from :class:`_Geometry`'s ``win_masks``. Built the first
    time a board of this size plays a random playout."""
    geometry = _geometry(rows, columns, k)
    found = []
    for cell in range(rows * columns):
        row, col = divmod(cell, columns)
        entries = []
        for d_row, d_col in _DIRECTIONS:
            near = 0
            for step in range(1 - k, k):
                r, c = row + step * d_row, col + step * d_col
                if 0 <= r < rows and 0 <= c < columns:
                    near |= 1 << (r * columns + c)
            windows = tuple((shift, mask) for shift, mask in geometry.win_masks[cell] if (mask << shift) & ~near == 0)
            if windows:
                entries.append((near, windows))
        found.append(tuple(entries))
    return tuple(found)


def _check_size(rows: object, columns: object, k: object) -> None:
    for name, value in (("rows", rows), ("columns", columns), ("k", k)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise ValueError(f"{name} must be a positive whole number, not {value!r}")
    assert isinstance(rows, int) and isinstance(columns, int) and isinstance(k, int)
    if k > max(rows, columns):
        raise ValueError(f"k={k} in a row cannot fit on a {rows}x{columns} board")
    if rows * columns > MAX_CELLS:
        raise ValueError(f"a {rows}x{columns} board has {rows * columns:,} cells; the course plays on boards of "
                         f"at most {MAX_CELLS:,} cells")


_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}

MNK_LEVELS_SMALL = (
    Preset("easy", depth=1, randomness=0.3, description="looks one move ahead; 30% of its moves are random"),
    Preset("medium", depth=2, randomness=0.1, description="looks two moves ahead; 10% of its moves are random"),
    Preset("hard", depth=4, description="looks four moves ahead"),
)
"""Difficulty levels for boards small enough for a fixed depth (up to :data:`FIXED_DEPTH_MAX_CELLS`)."""
PERFECT = Preset("perfect", use_table=True, proven=True,
                 description="searches to the end of the game at every move: it never loses")
"""The perfect player, offered on boards of at most :data:`PERFECT_MAX_CELLS` cells."""
MCTS_PLAYOUTS = 5000
"""Iterations per move of the MCTS levels: in ``benchmarks/mcts_vs_alphabeta.py`` (300 games
against the perfect level per setting) UCT lost no game with 5,000 playouts a move (one with
2,000 or 3,000), MCTS-solver none from 2,000; about 0.1 s for the first move, less later."""
MNK_MCTS_LEVELS = (
    Preset("mcts", kind="mcts", playouts=MCTS_PLAYOUTS,
           description=f"Monte Carlo tree search: {MCTS_PLAYOUTS:,} random playouts a move, no evaluation"),
    Preset("mcts-solver", kind="mcts", playouts=MCTS_PLAYOUTS, mcts_solver=True,
           description=f"MCTS-solver: {MCTS_PLAYOUTS:,} playouts a move, backing up proven wins, draws and losses"),
)
"""The Monte Carlo levels, beside the ladder of difficulties (``GameDescription.extra_presets``),
offered with the perfect level, on boards of at most :data:`PERFECT_MAX_CELLS` cells."""
MNK_LEVELS_LARGE = (
    Preset("easy", depth=1, time_limit=0.5, randomness=0.3,
           description="looks one move ahead (at most 0.5 s); 30% of its moves are random"),
    Preset("medium", depth=2, time_limit=0.5, randomness=0.1,
           description="looks up to two moves ahead within 0.5 s; 10% of its moves are random"),
    Preset("hard", time_limit=1.0, use_table=True, description="looks as deep as it can in 1 s"),
)
"""Difficulty levels for bigger boards: every level has a time limit, as no depth can promise one."""
PERFECT_MAX_CELLS = 9
"""'perfect' solves the game at every move; boards with more cells than this take too long."""
FIXED_DEPTH_MAX_CELLS = 25
"""Boards up to this size (5 x 5) play their levels at a fixed depth; bigger ones by the clock."""


@cache
def mnk_description(rows: int, columns: int, k: int) -> GameDescription:
    """The description of the ``rows`` x ``columns``, ``k``-in-a-row game (tic-tac-toe when
    all three are 3): its name, levels, default evaluation and move order (cells on more
    lines first, then nearer the centre, then in cell order: ``(4, 0, 2, 6, 8, 1, 3, 5, 7)`` on
    tic-tac-toe).

    >>> mnk_description(3, 3, 3).move_order
    (4, 0, 2, 6, 8, 1, 3, 5, 7)
    >>> mnk_description(3, 3, 3).difficulties
    ('easy', 'medium', 'hard', 'perfect')
    """
    cells = rows * columns
    through = lines_through(rows, columns, k)
    centre_row, centre_column = (rows - 1) / 2, (columns - 1) / 2

    def promise(cell: int) -> tuple[int, float]:
        row, column = divmod(cell, columns)
        return -len(through[cell]), abs(row - centre_row) + abs(column - centre_column)

    order = tuple(sorted(range(cells), key=promise))
    levels: tuple[Preset, ...] = MNK_LEVELS_SMALL if cells <= FIXED_DEPTH_MAX_CELLS else MNK_LEVELS_LARGE
    if cells <= PERFECT_MAX_CELLS:
        levels = levels + (PERFECT,)
    tictactoe = (rows, columns, k) == (3, 3, 3)
    in_a_row = _NUMBER_WORDS.get(k, str(k))
    return GameDescription(
        name="tictactoe" if tictactoe else "mnk",
        title="Tic-tac-toe" if tictactoe else f"{rows}x{columns}, {in_a_row} in a row",
        players=(X, O), rows=rows, columns=columns, max_plies=cells, presets=levels,
        move_order=order, board="cells",
        start_code="TicTacToe()" if tictactoe else f"MNKGame({rows}, {columns}, {k})",
        options={} if tictactoe else {"rows": rows, "columns": columns, "k": k},
        extra_presets=MNK_MCTS_LEVELS if cells <= PERFECT_MAX_CELLS else (),
        opening_plies=1)  # tic-tac-toe: every first move draws with perfect play, some second moves lose


Symmetry = Callable[[int, int], tuple[int, int]]
"""A symmetry of the board: ``(row, column) -> (row, column)``."""


class MNKGame(GameStateBase[int]):
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

    __slots__ = ("_geometry", "_board", "_empty", "_x", "_o")  # and the protocol's, in GameStateBase

    players: tuple[Player, Player] = (X, O)

    def __init__(self, rows: int = 3, columns: int = 3, k: int = 3) -> None:
        _check_size(rows, columns, k)
        sealed = unseal(self)
        self._geometry = _geometry(rows, columns, k)
        self._board: tuple[Player | None, ...] | None = (EMPTY,) * (rows * columns)
        self._empty: tuple[int, ...] = tuple(range(rows * columns))
        self._to_move = X
        self._ply = 0
        self._winner = None
        self._last_move = None
        self._previous = None
        self._x = self._o = 0  # X's and O's cells as bits (bit i: cell i)
        self.__class__ = sealed

    # -- read-only attributes (positions are immutable) ----------------------------------

    @property
    def rows(self) -> int:
        """The number of rows."""
        return self._geometry.rows

    @property
    def columns(self) -> int:
        """The number of columns."""
        return self._geometry.columns

    @property
    def k(self) -> int:
        """How many marks in a row win."""
        return self._geometry.k

    @property
    def board(self) -> tuple[Player | None, ...]:
        """The cells, row-major: ``"X"``, ``"O"`` or ``None`` (:data:`EMPTY`).

        Built from the bits the first time it is asked for (a search that never looks at the
        cells never pays for them), then kept.
        """
        board = self._board
        if board is None:
            x, o = self._x, self._o
            board = tuple(X if x >> cell & 1 else O if o >> cell & 1 else EMPTY for cell in range(self._geometry.size))
            object.__setattr__(self, "_board", board)  # a cache: the position stays what it was
        return board

    # -- the protocol -------------------------------------------------------------------

    @property
    def game(self) -> GameDescription:
        """The description of this board size's game (see :func:`mnk_description`)."""
        return mnk_description(self.rows, self.columns, self.k)

    @property
    def max_plies(self) -> int:
        """The longest possible game: one move per cell."""
        return self._geometry.size

    def legal_moves(self) -> list[int]:
        """The empty cells in row-major order; none once the game is over."""
        if self._winner is not None:
            return []
        return list(self._empty)

    def play(self, move: int | tuple[int, int]) -> Self:
        """The position after the player to move marks ``move`` (a cell or ``(row, column)``).

        Raises:
            IllegalMoveError: the cell is off the board or taken, or the game is over.
        """
        geometry = self._geometry
        cell = move if type(move) is int and 0 <= move < geometry.size else self._cell(move)
        bit = 1 << cell
        if (self._x | self._o) & bit or self._winner is not None:
            raise self._illegal(move, cell)
        sealed = type(self)
        child: Self = object.__new__(sealed._open)  # open: its slots are filled in, then it is sealed
        child._geometry = geometry
        child._board = None
        empty = self._empty
        at = empty.index(cell)
        child._empty = empty[:at] + empty[at + 1 :]
        child._ply = self._ply + 1
        child._last_move = cell
        child._previous = self
        child._winner = None
        player = self._to_move
        if player is X:
            child._to_move = O
            child._o = self._o
            child._x = stones = self._x | bit
        else:
            child._to_move = X
            child._x = self._x
            child._o = stones = self._o | bit
        for shift, mask in geometry.win_masks[cell]:
            if (stones >> shift) & mask == mask:
                child._winner = player
                break
        child.__class__ = sealed
        return child

    def _illegal(self, move: object, cell: int) -> IllegalMoveError:
        """The error for a move on a taken cell or after the end of the game."""
        if self._winner is not None or self._ply == self._geometry.size:
            return IllegalMoveError(f"Illegal move {move!r}: the game is over ({self.result_text()}).\n{self}")
        row, col = divmod(cell, self.columns)
        return IllegalMoveError(f"Illegal move {move!r}: cell {cell} (row {row}, column {col}) is already taken "
                                f"by {self.board[cell]}.\n{self}")

    def is_terminal(self) -> bool:
        """Whether someone has k in a row or the board is full."""
        return self._winner is not None or not self._empty

    def key(self) -> int:
        """The position as one whole number: X's cells as bits, then O's cells as the bits above
        them (bit ``cell`` for X, bit ``cells + cell`` for O); the same in every run."""
        return self._x | self._o << self._geometry.size

    def as_code(self) -> str:
        """Python code that rebuilds this position.

        >>> TicTacToe().play(4).play(0).as_code()
        'play_moves(TicTacToe(), [4, 0])'
        """
        start = self.game.start_code
        return f"play_moves({start}, {moves_from_start(self)})" if self.ply else start

    def random_playout(self, rng: random.Random) -> Player | None:
        """Play uniformly random moves to the end of the game; return the winner (``None``: a
        draw). This position is unchanged: the playout works on bits, not on new positions.

        Shuffling the empty cells once and playing them in that order is the same as choosing
        a random empty cell at every move, and far cheaper. After each move the lines through
        the new mark are tried only along a direction that now holds ``k`` of the player's
        marks within ``k - 1`` cells of it (one count of bits, :func:`_playout_lines`): on a
        big board most moves try none.
        """
        if self._winner is not None:
            return self._winner
        cells = list(self._empty)
        rng.shuffle(cells)
        geometry = self._geometry
        lines, k = _playout_lines(geometry.rows, geometry.columns, geometry.k), geometry.k
        stones = [self._x, self._o]
        mover = 0 if self._to_move is X else 1
        for cell in cells:
            mine = stones[mover] | (1 << cell)
            stones[mover] = mine
            for near, windows in lines[cell]:
                if (mine & near).bit_count() >= k:
                    for shift, mask in windows:
                        if (mine >> shift) & mask == mask:
                            return X if mover == 0 else O
            mover ^= 1
        return None

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
        """The :meth:`key` of the position under every symmetry of the board (8 if square, else
        4), the position itself first."""
        rows, cols = self.rows, self.columns
        maps: list[Symmetry] = [lambda r, c: (r, c), lambda r, c: (r, cols - 1 - c), lambda r, c: (rows - 1 - r, c),
                                lambda r, c: (rows - 1 - r, cols - 1 - c)]
        if rows == cols:
            maps += [lambda r, c: (c, r), lambda r, c: (c, rows - 1 - r), lambda r, c: (cols - 1 - c, r),
                     lambda r, c: (cols - 1 - c, rows - 1 - r)]
        size = self._geometry.size
        keys = []
        for transform in maps:
            key = 0
            for cell, mark in enumerate(self.board):
                if mark is not EMPTY:
                    r, c = transform(*divmod(cell, cols))
                    key |= 1 << (r * cols + c + (size if mark is O else 0))
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
        """The board as text, one row a line, ``.`` for an empty cell; with ``numbered``, a
        key beside it gives the numbers of the empty cells (the moves). Marks and numbers are
        never mixed in one grid, so the letter O and the digit 0 cannot be confused.

        >>> print(TicTacToe().play(4).play(0).text(numbered=True))
        O . .    . 1 2
        . X .    3 . 5
        . . .    6 7 8
        """
        board, columns = self.board, self.columns
        width = len(str(len(board) - 1))
        lines = []
        for row in range(self.rows):
            cells = range(row * columns, (row + 1) * columns)
            marks = " ".join(board[cell] or "." for cell in cells)
            if numbered:
                key = " ".join((str(cell) if board[cell] is EMPTY else ".").rjust(width) for cell in cells)
                marks = f"{marks}    {key}"
            lines.append(marks)
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"<{self.game.start_code} after moves {moves_from_start(self)}: {self.result_text()}>"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, MNKGame) and (self.rows, self.columns, self.k) == (other.rows, other.columns, other.k)
                and self.board == other.board)

    def __hash__(self) -> int:
        return hash((self.rows, self.columns, self.k, self.key()))

    def _cell(self, move: object) -> int:
        """The cell index of ``move`` (an index or a ``(row, column)`` pair), checked."""
        size = self.rows * self.columns
        pair = [whole_number(v) for v in move] if isinstance(move, tuple) and len(move) == 2 else []
        if pair and None not in pair:
            row, col = pair
            assert row is not None and col is not None
            if not (0 <= row < self.rows and 0 <= col < self.columns):
                raise IllegalMoveError(
                    f"Illegal move {(row, col)!r}: off the board; rows are 0..{self.rows - 1} and columns "
                    f"0..{self.columns - 1}.")
            return row * self.columns + col
        cell = whole_number(move)
        if cell is not None:
            if not 0 <= cell < size:
                raise IllegalMoveError(
                    f"Illegal move {cell!r}: off the board; cells are numbered 0..{size - 1}, row by row.")
            return cell
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


def _new_mnk(rows: int = 5, columns: int = 5, k: int = 3) -> MNKGame:
    return TicTacToe() if (rows, columns, k) == (3, 3, 3) else MNKGame(rows, columns, k)


register("tictactoe", TicTacToe)
register("mnk", _new_mnk)
