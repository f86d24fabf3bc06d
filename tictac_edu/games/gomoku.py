"""Gomoku and renju: five in a row on a 15 x 15 board.

Black moves first; players place one stone a turn on any empty point. Three rules:

* ``"freestyle"``: five or more stones in a row (across, down or diagonally) win;
* ``"standard"``: exactly five win; six or more (an *overline*) do not;
* ``"renju"``: Black wins only with exactly five, and Black may not play a *forbidden* point
  (double-three, double-four, overline); White wins with five or more and has no forbidden
  points. A point that makes five is never forbidden.

Points are ``(x, y)``: ``x`` the column 0..14 from the left, ``y`` the row 0..14 from the top.
People read them as ``H8``-style names: the column letter A..O, then the row number 15..1
counted from the top, as on a printed board (``H8`` is the centre, ``(7, 7)``).

Forbidden points follow the rules of the Renju International Federation:

* an **overline** is six or more black stones in a row;
* a **four** is a line of four black stones that one more stone turns into exactly five; a
  *straight four* is one that can do so at both ends (``.XXXX.``). A **double-four** is a move
  that makes two fours at once, two on one line included (``XXX.p.XXX``);
* a **three** is a line of three black stones that one more stone turns into a straight four;
  it counts only if that stone is itself not forbidden for Black (checked recursively) and does
  not make a five at the same time. A **double-three** makes two threes at once.

>>> game = Gomoku.from_moves("h8 h9 i8 i9")
>>> game.to_move, point_name(game.last_move), len(game.legal_moves())
('Black', 'I9', 221)
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from functools import cache
from html import escape
from typing import Any, Literal

from tictac_edu.games.base import (
    GameDescription,
    GameStateBase,
    IllegalMoveError,
    Player,
    Preset,
    Termination,
    open_position,
    slot_names,
    unseal,
    whole_number,
)
from tictac_edu.games.registry import register

BLACK: Player = "Black"
WHITE: Player = "White"
Point = tuple[int, int]
"""A point ``(x, y)``: column from the left, row from the top, both from 0."""
Rule = Literal["freestyle", "standard", "renju"]
RULES: tuple[Rule, ...] = ("freestyle", "standard", "renju")
Forbidden = Literal["33", "44", "OL"]
"""The kinds of forbidden points: double-three, double-four, overline."""

DEFAULT_SIZE = 15
MIN_SIZE, MAX_SIZE = 5, 26
"""Boards from 5 x 5 (five must fit) to 26 x 26 (one letter per column)."""
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

_EMPTY, _BLACK, _WHITE = 0, 1, 2
_DIRECTIONS: tuple[Point, ...] = ((1, 0), (0, 1), (1, 1), (1, -1))
"""Across, down, diagonal (down-right), anti-diagonal (up-right)."""
_PATTERN_NAMES: dict[Forbidden, str] = {"33": "double-three", "44": "double-four", "OL": "overline"}


def point_name(point: Point | None, size: int = DEFAULT_SIZE) -> str:
    """The printed name of a point: ``(7, 7)`` is ``"H8"`` on 15 x 15.

    >>> point_name((0, 0)), point_name((14, 14)), point_name((7, 7))
    ('A15', 'O1', 'H8')
    """
    if point is None:
        return "-"
    x, y = point
    return f"{LETTERS[x]}{size - y}"


_NAME = re.compile(r"\s*([A-Za-z])\s*(\d{1,2})\s*")


def parse_point(name: str, size: int = DEFAULT_SIZE) -> Point:
    """The point a name such as ``"H8"`` or ``"h8"`` stands for.

    Raises:
        ValueError: the text is not a column letter followed by a row number on this board.

    >>> parse_point("h8"), parse_point("A15")
    ((7, 7), (0, 0))
    """
    match = _NAME.fullmatch(name) if isinstance(name, str) else None
    last = LETTERS[size - 1]
    if match is None:
        raise ValueError(f"{_shown(name)} is not a point: write a column letter A..{last} and a row number "
                         f"1..{size}, such as H8")
    letter, number = match.group(1).upper(), int(match.group(2))
    x = LETTERS.find(letter)
    if not 0 <= x < size or not 1 <= number <= size:
        raise ValueError(f"{name!r} is off the board: columns are A..{last}, rows 1..{size}")
    return x, size - number


SHOWN_LENGTH = 40
"""The most characters of a bad input that a message repeats."""


def _shown(value: object) -> str:
    """``repr(value)``, cut to :data:`SHOWN_LENGTH` characters (a pasted page is not echoed back)."""
    text = repr(value)
    return text if len(text) <= SHOWN_LENGTH else f"{text[:SHOWN_LENGTH - 5]}...{text[-2:]} ({len(text):,} characters)"


@cache
def _zobrist(size: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """64-bit random keys per point for Black and for White, the same in every run."""
    rng = random.Random(f"gomoku-{size}")
    cells = size * size
    return (tuple(rng.getrandbits(64) for _ in range(cells)), tuple(rng.getrandbits(64) for _ in range(cells)))


def _run(cells: Sequence[int], size: int, x: int, y: int, dx: int, dy: int, colour: int) -> int:
    """How many stones of ``colour`` lie in an unbroken line through ``(x, y)`` along
    ``(dx, dy)``, counting ``(x, y)`` itself as one of them."""
    length = 1
    for sign in (1, -1):
        cx, cy = x + sign * dx, y + sign * dy
        while 0 <= cx < size and 0 <= cy < size and cells[cy * size + cx] == colour:
            length += 1
            cx, cy = cx + sign * dx, cy + sign * dy
    return length


def _line_points(size: int, x: int, y: int, dx: int, dy: int, reach: int) -> list[int]:
    """The empty-or-not cells within ``reach`` steps of ``(x, y)`` along ``(dx, dy)``, as
    indices, nearest first on each side (the point itself excluded)."""
    found = []
    for sign in (1, -1):
        for step in range(1, reach + 1):
            cx, cy = x + sign * step * dx, y + sign * step * dy
            if not (0 <= cx < size and 0 <= cy < size):
                break
            found.append(cy * size + cx)
    return found


def _makes_five(cells: Sequence[int], size: int, x: int, y: int) -> bool:
    """Whether a black stone at ``(x, y)`` makes exactly five in some direction."""
    return any(_run(cells, size, x, y, dx, dy, _BLACK) == 5 for dx, dy in _DIRECTIONS)


def _fours(cells: list[int], size: int, x: int, y: int, dx: int, dy: int) -> int:
    """The number of fours through the black stone at ``(x, y)`` along one direction: the
    distinct sets of four stones that one more stone turns into exactly five."""
    stone_sets = set()
    for index in _line_points(size, x, y, dx, dy, 4):
        if cells[index] != _EMPTY:
            continue
        cells[index] = _BLACK
        qx, qy = index % size, index // size
        if _run(cells, size, qx, qy, dx, dy, _BLACK) == 5:
            stones = _run_cells(cells, size, qx, qy, dx, dy)
            if y * size + x in stones:
                stones.discard(index)
                stone_sets.add(frozenset(stones))
        cells[index] = _EMPTY
    return len(stone_sets)


def _run_cells(cells: Sequence[int], size: int, x: int, y: int, dx: int, dy: int) -> set[int]:
    """The cells of the unbroken black line through ``(x, y)`` along ``(dx, dy)``."""
    found = {y * size + x}
    for sign in (1, -1):
        cx, cy = x + sign * dx, y + sign * dy
        while 0 <= cx < size and 0 <= cy < size and cells[cy * size + cx] == _BLACK:
            found.add(cy * size + cx)
            cx, cy = cx + sign * dx, cy + sign * dy
    return found


def _is_straight_four(cells: Sequence[int], size: int, x: int, y: int, dx: int, dy: int) -> bool:
    """Whether the black line through ``(x, y)`` along ``(dx, dy)`` is a straight four:
    exactly four stones, both ends empty, and either end completes exactly five."""
    if _run(cells, size, x, y, dx, dy, _BLACK) != 4:
        return False
    for sign in (1, -1):
        cx, cy = x, y
        while 0 <= cx + sign * dx < size and 0 <= cy + sign * dy < size and \
                cells[(cy + sign * dy) * size + cx + sign * dx] == _BLACK:
            cx, cy = cx + sign * dx, cy + sign * dy
        ex, ey = cx + sign * dx, cy + sign * dy  # the first cell past this end
        if not (0 <= ex < size and 0 <= ey < size) or cells[ey * size + ex] != _EMPTY:
            return False
        bx, by = ex + sign * dx, ey + sign * dy  # one further: filling the end must not make six
        if 0 <= bx < size and 0 <= by < size and cells[by * size + bx] == _BLACK:
            return False
    return True


def _is_three(cells: list[int], size: int, x: int, y: int, dx: int, dy: int, depth: int) -> bool:
    """Whether the black stone at ``(x, y)`` is part of a real three along one direction: some
    empty point nearby turns the line into a straight four through ``(x, y)``, without making a
    five, and that point is not itself forbidden for Black."""
    for index in _line_points(size, x, y, dx, dy, 4):
        if cells[index] != _EMPTY:
            continue
        qx, qy = index % size, index // size
        cells[index] = _BLACK
        straight = _is_straight_four(cells, size, qx, qy, dx, dy) and \
            y * size + x in _run_cells(cells, size, qx, qy, dx, dy) and not _makes_five(cells, size, qx, qy)
        cells[index] = _EMPTY
        if straight and _forbidden_kind(cells, size, qx, qy, depth + 1) is None:
            return True
    return False


def _forbidden_kind(cells: list[int], size: int, x: int, y: int, depth: int = 0) -> Forbidden | None:
    """Whether the empty point ``(x, y)`` is forbidden for Black, and why (``cells`` is
    changed during the check and restored)."""
    index = y * size + x
    cells[index] = _BLACK
    try:
        runs = [_run(cells, size, x, y, dx, dy, _BLACK) for dx, dy in _DIRECTIONS]
        if 5 in runs:
            return None  # five comes first
        if max(runs) >= 6:
            return "OL"
        if sum(_fours(cells, size, x, y, dx, dy) for dx, dy in _DIRECTIONS) >= 2:
            return "44"
        if depth < 6 and sum(_is_three(cells, size, x, y, dx, dy, depth) for dx, dy in _DIRECTIONS) >= 2:
            return "33"
        return None
    finally:
        cells[index] = _EMPTY


def _fake_three_points(cells: list[int], size: int, x: int, y: int) -> list[int]:
    """The straight-four points of the *fake* threes a black stone on the empty ``(x, y)``
    would make: on each line through it where some empty point makes a straight four (without
    a five) but every such point is forbidden, those points (``cells`` is restored).

    They are how a white stone can make ``(x, y)`` forbidden: a white stone gives Black no
    four, no overline and no new straight four, so it can only turn a fake three real, by
    lifting the ban on one of these points."""
    index = y * size + x
    cells[index] = _BLACK
    found: list[int] = []
    try:
        for dx, dy in _DIRECTIONS:
            straight = []
            for point in _line_points(size, x, y, dx, dy, 4):
                if cells[point] != _EMPTY:
                    continue
                qx, qy = point % size, point // size
                cells[point] = _BLACK
                if _is_straight_four(cells, size, qx, qy, dx, dy) and index in _run_cells(cells, size, qx, qy, dx, dy) \
                        and not _makes_five(cells, size, qx, qy):
                    straight.append(point)
                cells[point] = _EMPTY
            if straight and all(_forbidden_kind(cells, size, p % size, p // size, 1) is not None for p in straight):
                found.extend(straight)
    finally:
        cells[index] = _EMPTY
    return found


class _ReadCells(list[int]):
    """A board that remembers which cells were read (to find what a check depends on)."""

    def __init__(self, cells: Iterable[int]) -> None:
        super().__init__(cells)
        self.read: set[int] = set()

    def __getitem__(self, index: Any) -> Any:
        self.read.add(index)
        return super().__getitem__(index)


def _cells_deciding(cells: list[int], size: int, x: int, y: int, depth: int = 0) -> set[int]:
    """The empty cells whose content the check "is ``(x, y)`` forbidden for Black?" reads: a
    stone anywhere else cannot change its answer."""
    board = _ReadCells(cells)
    _forbidden_kind(board, size, x, y, depth)
    return {index for index in board.read if cells[index] == _EMPTY and index != y * size + x}


def _could_be_forbidden(cells: Sequence[int], size: int, x: int, y: int) -> bool:
    """A cheap filter: a forbidden point needs at least three black stones within four steps
    of it along its lines (a double-three has four, an overline five)."""
    count = 0
    for dx, dy in _DIRECTIONS:
        for index in _line_points(size, x, y, dx, dy, 4):
            if cells[index] == _BLACK:
                count += 1
    return count >= 3


def _ray(size: int, x: int, y: int, dx: int, dy: int, reach: int) -> tuple[int, ...]:
    """The indices of the points up to ``reach`` steps from ``(x, y)`` along ``(dx, dy)`` (one
    side only), nearest first, as far as the board goes."""
    points = []
    for step in range(1, reach + 1):
        cx, cy = x + step * dx, y + step * dy
        if not (0 <= cx < size and 0 <= cy < size):
            break
        points.append(cy * size + cx)
    return tuple(points)


PlayoutLine = tuple[int, tuple[int, ...], tuple[int, ...]]
"""What a random playout reads for a point and a direction: the bits of the points within four
steps along the line (the point included), and the points up to five steps ahead and behind."""


@cache
def _playout_lines(size: int) -> tuple[tuple[PlayoutLine, ...], ...]:
    """For each point (by index), one :data:`PlayoutLine` for each direction in which a five
    through it fits on the board: what :meth:`Gomoku.random_playout` looks up at each move."""
    found = []
    for index in range(size * size):
        x, y = index % size, index // size
        lines = []
        for dx, dy in _DIRECTIONS:
            ahead, behind = _ray(size, x, y, dx, dy, 5), _ray(size, x, y, -dx, -dy, 5)
            near = ahead[:4] + behind[:4]
            if len(near) < 4:
                continue  # no five through this point fits along this line
            bits = 1 << index
            for point in near:
                bits |= 1 << point
            lines.append((bits, ahead, behind))
        found.append(tuple(lines))
    return tuple(found)


def _five_along(stones: int, ahead: tuple[int, ...], behind: tuple[int, ...], exact: bool) -> bool:
    """Whether the player's ``stones`` (bits) make a winning line through the point that
    ``ahead`` and ``behind`` are the rays of, the point itself one of the stones: five or more
    in a row, or exactly five if ``exact``."""
    run = 1
    for ray in (ahead, behind):
        for point in ray:
            if not stones >> point & 1:
                break
            run += 1
    return run == 5 if exact else run >= 5


class Gomoku(GameStateBase[Point]):
    """A gomoku or renju position on a ``size`` x ``size`` board (15 x 15 by default).

    Moves are points ``(x, y)`` (:meth:`play` also takes a name such as ``"H8"``);
    :meth:`legal_moves` lists the empty points row by row from the top-left, without Black's
    forbidden points under renju. Positions are immutable: :meth:`play` returns a new one.

    Args:
        size: the board's width and height, 5..26.
        rule: ``"freestyle"``, ``"standard"`` or ``"renju"`` (see the module docstring).
    """

    __slots__ = ("_size", "_rule", "_cells", "_key", "_forbidden", "_stones", "_blocked")  # and GameStateBase's

    players: tuple[Player, Player] = (BLACK, WHITE)

    def __init__(self, size: int = DEFAULT_SIZE, rule: Rule = "freestyle") -> None:
        if not isinstance(size, int) or isinstance(size, bool) or not MIN_SIZE <= size <= MAX_SIZE:
            raise ValueError(f"a gomoku board is {MIN_SIZE} to {MAX_SIZE} points wide, not {size!r}")
        if rule not in RULES:
            raise ValueError(f"unknown rule {rule!r}; the rules are: {', '.join(RULES)}")
        sealed = unseal(self)
        self._size = size
        self._rule: Rule = rule
        self._cells: tuple[int, ...] = (_EMPTY,) * (size * size)
        self._to_move = BLACK
        self._ply = 0
        self._winner = None
        self._last_move = None
        self._key = 0
        self._forbidden: dict[Point, Forbidden] | None = None
        self._stones: tuple[int, ...] = ()
        self._blocked: bool | None = None
        self._previous: Gomoku | None = None
        self.__class__ = sealed

    # -- building positions --------------------------------------------------------------

    @classmethod
    def from_moves(cls, moves: str | Iterable[Point | str], rule: Rule = "freestyle",
                   size: int = DEFAULT_SIZE) -> Gomoku:
        """The position after ``moves``: names separated by spaces (``"h8 i9 h9"``) or a
        sequence of points or names, Black first.

        Raises:
            ValueError: a name is not a point of the board.
            IllegalMoveError: a move is illegal (the message names it and its number).
        """
        items = moves.split() if isinstance(moves, str) else list(moves)
        state = cls(size, rule)
        for number, move in enumerate(items, start=1):
            try:
                state = state.play(move)
            except IllegalMoveError as error:
                raise IllegalMoveError(f"move {number} of {len(items)}: {error}") from None
        return state

    @classmethod
    def from_stones(cls, black: Iterable[Point], white: Iterable[Point], rule: Rule = "freestyle",
                    size: int = DEFAULT_SIZE, *, to_move: Player | None = None) -> Gomoku:
        """A position from the stones on the board: Black to move when both have as many stones,
        White when Black has one more.

        Args:
            black, white: the points of each player's stones (``(x, y)`` or names).
            rule, size: as for :class:`Gomoku`.
            to_move: for a composed problem whose counts no game could reach (a renju
                exercise with many black stones), say who is to move; the counts are then
                not checked.

        Raises:
            ValueError: a point is off the board or listed twice, the counts are impossible, or
                the stones already show a finished game.
        """
        black_points, white_points = [cls._checked_point(p, size) for p in black], \
            [cls._checked_point(p, size) for p in white]
        everything = black_points + white_points
        if len(set(everything)) != len(everything):
            twice = sorted({point_name(p, size) for p in everything if everything.count(p) > 1})
            raise ValueError(f"points listed twice: {', '.join(twice)}")
        if to_move is not None and to_move not in (BLACK, WHITE):
            raise ValueError(f"to_move is 'Black' or 'White', not {to_move!r}")
        if to_move is None and len(black_points) not in (len(white_points), len(white_points) + 1):
            raise ValueError(f"Black has {len(black_points)} stones and White {len(white_points)}: Black moves "
                             "first, so Black has as many stones as White, or one more")
        empty = cls(size, rule)
        cells = [_EMPTY] * (size * size)
        key = 0
        black_keys, white_keys = _zobrist(size)
        for points, colour, keys in ((black_points, _BLACK, black_keys), (white_points, _WHITE, white_keys)):
            for x, y in points:
                cells[y * size + x] = colour
                key ^= keys[y * size + x]
        for (x, y), player in [(p, BLACK) for p in black_points] + [(p, WHITE) for p in white_points]:
            if empty._wins(cells, x, y, _BLACK if player == BLACK else _WHITE):
                raise ValueError(f"the stones already hold a finished game ({player} has five at "
                                 f"{point_name((x, y), size)}); build it with from_moves to play it")
        state = open_position(cls)
        for name in slot_names(Gomoku):
            setattr(state, name, getattr(empty, name))
        state._cells = tuple(cells)
        state._ply = len(everything)
        state._to_move = to_move or (BLACK if len(black_points) == len(white_points) else WHITE)
        state._key = key
        state._stones = tuple(y * size + x for x, y in everything)
        state.__class__ = cls
        return state

    @staticmethod
    def _checked_point(point: object, size: int) -> Point:
        """``point`` (``(x, y)`` of whole numbers, NumPy integers too, or a name) as a point of the
        board; the ``ValueError`` message starts with the point as given."""
        if isinstance(point, str):
            return parse_point(point, size)
        pair = [whole_number(v) for v in point] if isinstance(point, (tuple, list)) and len(point) == 2 else []
        if not pair or None in pair:
            raise ValueError(f"{_shown(point)} is not a point: give (x, y), x the column and y the row from the top, "
                             "or a name such as 'H8'")
        x, y = pair
        assert x is not None and y is not None
        if not (0 <= x < size and 0 <= y < size):
            raise ValueError(f"{(x, y)} is off the board: x and y are 0..{size - 1} (the columns "
                             f"A..{LETTERS[size - 1]} and the rows {size}..1)")
        return x, y

    # -- read-only attributes ---------------------------------------------------------------

    @property
    def size(self) -> int:
        """The board's width and height."""
        return self._size

    @property
    def rule(self) -> Rule:
        """``"freestyle"``, ``"standard"`` or ``"renju"``."""
        return self._rule

    @property
    def winner(self) -> Player | None:
        """The player who has made a winning line, or ``None``; under renju also White when
        Black, to move, has no legal point (every empty point is forbidden: Black loses)."""
        if self._winner is not None or self._rule != "renju":
            return self._winner
        return WHITE if self._black_is_stuck() else None

    def _black_is_stuck(self) -> bool:
        """Under renju: Black is to move, nobody has won, the board is not full, and every
        empty point is forbidden to Black. Black cannot move, and loses (as a player who cannot
        move loses under RIF rules, and as :meth:`random_playout` counts it). Computed once, and
        cheaply: the scan stops at the first point Black may play (usually the first one)."""
        if self._rule != "renju" or self._to_move != BLACK or self._winner is not None \
                or self._ply == self._size * self._size:
            return False
        stuck = self._blocked
        if stuck is None:
            if self._forbidden is not None:
                stuck = len(self._forbidden) == self._size * self._size - self._ply
            else:
                size, cells = self._size, list(self._cells)
                stuck = all(cells[index] != _EMPTY or (_could_be_forbidden(cells, size, index % size, index // size)
                                                        and _forbidden_kind(cells, size, index % size, index // size))
                            for index in range(size * size))
            object.__setattr__(self, "_blocked", stuck)  # a cache: the position stays what it was
        return stuck

    @property
    def max_plies(self) -> int:
        """The longest possible game: one stone per point."""
        return self._size * self._size

    @property
    def game(self) -> GameDescription:
        """The description of this board size and rule (see :func:`gomoku_description`)."""
        return gomoku_description(self._size, self._rule)

    # -- the protocol ---------------------------------------------------------------------

    def stone(self, point: Point) -> Player | None:
        """Who has a stone on ``point``: ``"Black"``, ``"White"`` or ``None``.

        Raises:
            ValueError: the point is off the board.
        """
        x, y = self._checked_point(point, self._size)
        return (None, BLACK, WHITE)[self._cells[y * self._size + x]]

    def stones(self, player: Player) -> list[Point]:
        """The points of a player's stones, row by row from the top-left."""
        colour = _BLACK if player == BLACK else _WHITE if player == WHITE else None
        if colour is None:
            raise ValueError(f"{player!r} is not a player of gomoku; the players are Black and White")
        size = self._size
        return [(index % size, index // size) for index, cell in enumerate(self._cells) if cell == colour]

    def legal_moves(self) -> list[Point]:
        """The empty points row by row from the top-left; none once the game is over; under
        renju, without Black's forbidden points."""
        if self._winner is not None:
            return []
        size, cells = self._size, self._cells
        moves = [(index % size, index // size) for index in range(size * size) if cells[index] == _EMPTY]
        forbidden = self.forbidden_points()
        return [move for move in moves if move not in forbidden] if forbidden else moves

    def forbidden_points(self) -> dict[Point, Forbidden]:
        """Black's forbidden points under renju, with their kinds (``"33"``, ``"44"``,
        ``"OL"``), when Black is to move; empty otherwise. Computed once per position.

        >>> renju = Gomoku.from_stones(black=["H8", "I8", "J7", "J6"], white=["A15", "B15", "C15", "D15"],
        ...                            rule="renju")
        >>> renju.forbidden_points()   # J8 makes two open threes: H8-I8-J8 and J8-J7-J6
        {(9, 7): '33'}
        """
        if self._forbidden is None:
            object.__setattr__(self, "_forbidden", self._find_forbidden())  # a cache: the position stays what it was
        assert self._forbidden is not None
        return dict(self._forbidden)

    def _find_forbidden(self) -> dict[Point, Forbidden]:
        if self._rule != "renju" or self._to_move != BLACK or self._winner is not None:
            return {}
        size, cells = self._size, list(self._cells)
        found: dict[Point, Forbidden] = {}
        for index in range(size * size):
            if cells[index] != _EMPTY:
                continue
            x, y = index % size, index // size
            if _could_be_forbidden(cells, size, x, y):
                kind = _forbidden_kind(cells, size, x, y)
                if kind is not None:
                    found[(x, y)] = kind
        return found

    def play(self, move: Point | str) -> Gomoku:
        """The position after the player to move puts a stone on ``move`` (a point or a name).

        Raises:
            IllegalMoveError: the point is off the board or taken, the game is over, or the
                point is forbidden for Black under renju (the message names the pattern).
        """
        size = self._size
        try:
            x, y = self._checked_point(move, size)
        except ValueError as error:  # its message names the move
            raise IllegalMoveError(f"Illegal move: {error}") from None
        name = point_name((x, y), size)
        if self.is_terminal():
            raise IllegalMoveError(f"Illegal move {name}: the game is over ({self.result_text()}).")
        index = y * size + x
        if self._cells[index] != _EMPTY:
            owner = BLACK if self._cells[index] == _BLACK else WHITE
            raise IllegalMoveError(f"Illegal move {name}: the point is taken by {owner}.")
        if self._rule == "renju" and self._to_move == BLACK:
            kind = self.forbidden_points().get((x, y))
            if kind is not None:
                raise IllegalMoveError(f"Illegal move {name}: forbidden for Black under renju "
                                       f"({_PATTERN_NAMES[kind]}).")
        return self._child(x, y)

    def _child(self, x: int, y: int) -> Gomoku:
        size = self._size
        index = y * size + x
        colour = _BLACK if self._to_move == BLACK else _WHITE
        cells = list(self._cells)
        cells[index] = colour
        child: Gomoku = object.__new__(Gomoku._open)  # open: its slots are filled in, then it is sealed
        child._size, child._rule = size, self._rule
        child._cells = tuple(cells)
        child._to_move = WHITE if colour == _BLACK else BLACK
        child._ply = self._ply + 1
        child._last_move = (x, y)
        child._previous = self
        child._forbidden = None
        child._stones = self._stones + (index,)
        child._key = self._key ^ _zobrist(size)[colour - 1][index]
        child._winner = self._to_move if self._wins(cells, x, y, colour) else None
        child._blocked = None
        child.__class__ = Gomoku
        return child

    def _wins(self, cells: Sequence[int], x: int, y: int, colour: int) -> bool:
        """Whether the stone of ``colour`` at ``(x, y)`` makes a winning line under the rule."""
        longest = max(_run(cells, self._size, x, y, dx, dy, colour) for dx, dy in _DIRECTIONS)
        exact = self._rule == "standard" or (self._rule == "renju" and colour == _BLACK)
        if exact:
            return any(_run(cells, self._size, x, y, dx, dy, colour) == 5 for dx, dy in _DIRECTIONS)
        return longest >= 5

    def termination(self) -> Termination:
        """A winning line, a full board, or (renju) Black has no legal point and loses.

        >>> Gomoku.from_moves("h8 a1 h9 a2 h10 a3 h11 a4 h12").outcome()
        GameOutcome(winner='Black', termination=<Termination.LINE: 'line'>)
        """
        if self._winner is None and self._black_is_stuck():
            return Termination.NO_LEGAL_MOVE
        return super().termination()

    def is_terminal(self) -> bool:
        """Whether someone has won, the board is full, or (renju) Black has no legal point."""
        return self._winner is not None or self._ply == self._size * self._size or \
            (self._rule == "renju" and self._black_is_stuck())

    def key(self) -> int:
        """A 64-bit Zobrist key: the XOR of one random number per stone, the same in every run."""
        return self._key

    def as_code(self) -> str:
        """Python code that rebuilds this position with its moves (so ``undo`` goes back the
        same way): ``from_moves`` from the empty board, or ``from_stones`` for a position set up
        from its stones, followed by the moves played since.

        >>> Gomoku.from_moves("h8 i9").as_code()
        "Gomoku.from_moves('H8 I9')"
        >>> Gomoku.from_stones(black=["H8"], white=[]).play("A1").as_code()
        "Gomoku.from_stones(black=['H8'], white=[]).play('A1')"
        """
        options = "".join([f", rule={self._rule!r}" if self._rule != "freestyle" else "",
                           f", size={self._size}" if self._size != DEFAULT_SIZE else ""])
        moves, root = self.moves(), self
        while root._previous is not None:
            root = root._previous
        if root._ply == 0 and root._to_move == BLACK:
            names = " ".join(point_name(point, self._size) for point in moves)
            return f"Gomoku.from_moves({names!r}{options})"
        black = [point_name(point, self._size) for point in root.stones(BLACK)]
        white = [point_name(point, self._size) for point in root.stones(WHITE)]
        counted = BLACK if len(black) == len(white) else WHITE if len(black) == len(white) + 1 else None
        who = f", to_move={root._to_move!r}" if counted != root._to_move else ""
        played = "".join(f".play({point_name(point, self._size)!r})" for point in moves)
        return f"Gomoku.from_stones(black={black}, white={white}{options}{who}){played}"

    def moves(self) -> list[Point]:
        """The points played since the start (or since :meth:`from_stones`), in order."""
        moves: list[Point] = []
        state: Gomoku = self
        while state._previous is not None:
            assert state._last_move is not None
            moves.append(state._last_move)
            state = state._previous
        moves.reverse()
        return moves

    def random_playout(self, rng: random.Random) -> Player | None:
        """Play uniformly random legal moves to the end and return the winner (``None``: a
        draw); this position is unchanged. Under renju, Black's forbidden points are skipped
        when drawn (checked only for the point drawn), and Black loses when none is left.

        The playout works on one whole number per player, a bit per point, instead of new
        positions. Each move draws one of the points not played yet (a swap with the last of
        them, as a shuffle does, but only for the moves played: a random game rarely fills the
        board), and looks for a five only along the lines that now hold five of the player's
        stones within four points of the new one (:func:`_playout_lines`)."""
        if self._winner is not None:
            return self._winner
        size, cells = self._size, self._cells
        lines = _playout_lines(size)
        black = white = 0
        for index in self._stones:
            if cells[index] == _BLACK:
                black |= 1 << index
            else:
                white |= 1 << index
        stones = [black, white]
        left = [index for index in range(size * size) if cells[index] == _EMPTY]
        count = len(left)
        mover = 0 if self._to_move == BLACK else 1
        rule = self._rule
        exact = (rule != "freestyle", rule == "standard")  # must Black, must White make exactly five?
        board = list(cells) if rule == "renju" else None  # the forbidden-point rules read a list of cells
        postponed: list[int] = []
        draw = rng.random
        while count:
            pick = int(draw() * count)  # uniform over the points left (a bias below 2**-43)
            count -= 1
            index = left[pick]
            left[pick] = left[count]
            if board is not None:  # renju
                if mover == 0 and _could_be_forbidden(board, size, index % size, index // size) and \
                        _forbidden_kind(board, size, index % size, index // size) is not None:
                    postponed.append(index)  # forbidden now; it may be playable for White later
                    if not count:
                        return WHITE  # Black has no legal point left: count it as a loss for Black
                    continue
                board[index] = _BLACK if mover == 0 else _WHITE
            mine = stones[mover] | (1 << index)
            stones[mover] = mine
            for line, forward, backward in lines[index]:
                if (mine & line).bit_count() >= 5 and \
                        _five_along(mine, forward, backward, exact[mover]):
                    return BLACK if mover == 0 else WHITE
            mover ^= 1
            if postponed:
                for index in postponed:
                    left[count] = index
                    count += 1
                postponed = []
        return None

    # -- showing positions ------------------------------------------------------------------

    def result_text(self) -> str:
        """``"Black wins"``, ``"White wins"``, ``"draw"`` or ``"Black to move"``."""
        if self._winner is not None:
            return f"{self._winner} wins"
        if self.winner is not None:
            return f"{self.winner} wins: Black has no legal move (every empty point is forbidden)"
        if self._ply == self._size * self._size:
            return "draw"
        return f"{self._to_move} to move"

    def text(self) -> str:
        """The board as text: ``X`` Black, ``O`` White, ``.`` empty, column letters below and
        row numbers (15 at the top) on the left.

        >>> print(Gomoku(5).play("c3").text())
         5 . . . . .
         4 . . . . .
         3 . . X . .
         2 . . . . .
         1 . . . . .
           A B C D E   (X Black, O White)
        """
        size = self._size
        glyphs = ".XO"
        lines = []
        for y in range(size):
            row = " ".join(glyphs[self._cells[y * size + x]] for x in range(size))
            lines.append(f"{size - y:>2} {row}")
        lines.append("   " + " ".join(LETTERS[:size]) + "   (X Black, O White)")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"<{self.as_code()}: {self.result_text()}>"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Gomoku) and (self._size, self._rule) == (other._size, other._rule)
                and self._cells == other._cells and self._to_move == other._to_move)

    def __hash__(self) -> int:
        return hash((self._size, self._rule, self._key))

    def _repr_svg_(self) -> str:
        """The board as an SVG picture: a wooden board, black and white stones, the last stone
        marked, Black's forbidden points crossed in red under renju, coordinates around."""
        size, step, margin = self._size, 26, 24
        width = margin * 2 + step * (size - 1)
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{width}" '
                 f'viewBox="0 0 {width} {width}">', f'<rect width="{width}" height="{width}" fill="#e3b873"/>']
        for i in range(size):
            offset = margin + i * step
            parts.append(f'<line x1="{margin}" y1="{offset}" x2="{width - margin}" y2="{offset}" stroke="#5a4026"/>')
            parts.append(f'<line x1="{offset}" y1="{margin}" x2="{offset}" y2="{width - margin}" stroke="#5a4026"/>')
            parts.append(f'<text x="{offset}" y="{width - 6}" font-size="11" text-anchor="middle" '
                         f'font-family="sans-serif">{LETTERS[i]}</text>')
            parts.append(f'<text x="9" y="{offset + 4}" font-size="11" text-anchor="middle" '
                         f'font-family="sans-serif">{size - i}</text>')
        for index, cell in enumerate(self._cells):
            if cell == _EMPTY:
                continue
            cx, cy = margin + (index % size) * step, margin + (index // size) * step
            fill, edge = ("#111", "#000") if cell == _BLACK else ("#fafafa", "#333")
            parts.append(f'<circle cx="{cx}" cy="{cy}" r="{step / 2 - 1.5}" fill="{fill}" stroke="{edge}"/>')
        if self._last_move is not None:
            cx, cy = margin + self._last_move[0] * step, margin + self._last_move[1] * step
            parts.append(f'<circle cx="{cx}" cy="{cy}" r="4" fill="#d62828"/>')
        for (x, y), kind in self.forbidden_points().items():
            cx, cy = margin + x * step, margin + y * step
            parts.append(f'<path d="M{cx - 5},{cy - 5} L{cx + 5},{cy + 5} M{cx + 5},{cy - 5} L{cx - 5},{cy + 5}" '
                         f'stroke="#c0392b" stroke-width="2"><title>{_PATTERN_NAMES[kind]}</title></path>')
        parts.append(f"<title>{escape(self.result_text())}</title></svg>")
        return "".join(parts)


GOMOKU_TIME_LIMIT = 1.0
"""Seconds per move of the time-limited levels."""
GOMOKU_LEVELS: tuple[Preset, ...] = (
    Preset("easy", depth=1, randomness=0.25,
           description="weighs the patterns one move ahead; a quarter of its moves are random"),
    Preset("medium", depth=2, time_limit=GOMOKU_TIME_LIMIT,
           description=f"looks two moves ahead over the points near the stones (at most {GOMOKU_TIME_LIMIT:g} s)"),
    Preset("hard", depth=4, time_limit=2 * GOMOKU_TIME_LIMIT, use_table=True,
           description=f"looks up to four moves ahead within {2 * GOMOKU_TIME_LIMIT:g} s"),
    Preset("strong", kind="solver", time_limit=GOMOKU_TIME_LIMIT,
           description=f"plays a win proved by threat search (fours, then threes) when it finds one, stops the "
                       f"opponent's, and otherwise searches as deep as it can in {GOMOKU_TIME_LIMIT:g} s"),
)
"""Gomoku's difficulty levels, weakest first. None is called perfect: no level plays only
proven-optimal moves (only the strong level's threat-search wins are proven)."""
GOMOKU_MCTS_LEVELS: tuple[Preset, ...] = (
    Preset("mcts", kind="mcts", time_limit=GOMOKU_TIME_LIMIT,
           description=f"Monte Carlo tree search for {GOMOKU_TIME_LIMIT:g} s a move: expands the points near the "
                       "stones, plays random games over the whole board"),
)
"""The Monte Carlo level, beside the ladder of difficulties (``GameDescription.extra_presets``)."""


@cache
def gomoku_description(size: int = DEFAULT_SIZE, rule: Rule = "freestyle") -> GameDescription:
    """The description of gomoku on a ``size`` x ``size`` board under ``rule``; moves in the
    order centre first, then outwards ring by ring."""
    centre = (size - 1) / 2

    def ring(point: Point) -> tuple[float, float]:
        x, y = abs(point[0] - centre), abs(point[1] - centre)
        return max(x, y), x + y

    points = sorted(((x, y) for y in range(size) for x in range(size)), key=ring)
    title = {"freestyle": "Gomoku", "standard": "Gomoku (standard: exactly five)", "renju": "Renju"}[rule]
    options: dict[str, object] = {}
    if size != DEFAULT_SIZE:
        options["size"] = size
    if rule != "freestyle":
        options["rule"] = rule
    start = "Gomoku(" + ", ".join(f"{name}={value!r}" for name, value in options.items()) + ")"
    return GameDescription(name="gomoku", title=title if size == DEFAULT_SIZE else f"{title}, {size} x {size}",
                           players=(BLACK, WHITE), rows=size, columns=size, max_plies=size * size,
                           presets=GOMOKU_LEVELS,
                           move_order=tuple(points),
                           board="grid", start_code=start,
                           options=options, extra_presets=GOMOKU_MCTS_LEVELS, opening_plies=2)


register("gomoku", Gomoku)
