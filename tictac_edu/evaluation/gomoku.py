"""Gomoku patterns, a pattern evaluation, and the candidate moves a gomoku search looks at.

A *pattern* is a set of one player's stones on one line that can still grow into five: a
window of five points on the line holds those stones and otherwise only empty points. What
the stones can become names the pattern (``X`` the player's stones, ``.`` empty, ``O`` the
opponent or the edge of the board):

===============  ===============================================  ==========================
pattern          the stones ...                                   examples
===============  ===============================================  ==========================
five             are five in a row (exactly five where the rule   ``XXXXX``
                 asks for exactly five)
open four        four stones with two points that each make five  ``.XXXX.``
four             four stones with one point that makes five       ``OXXXX.``, ``XX.XX``
open three       three stones that one more stone turns into an   ``.XXX..``, ``.XX.X.``
                 open four
closed three     three stones that can become a four, not an      ``OXXX..``, ``X.X.X``
                 open four
open two         two stones that one more stone turns into an     ``..XX..``, ``.X.X..``
                 open three
closed two       two stones that can become a closed three only   ``OXX...``
===============  ===============================================  ==========================

Each pattern is counted **once**, however many windows see it (``.XXXX.`` lies in two windows
and is one open four; ``XX.XX`` is a four, not an open four, since only its gap makes five),
and a set of stones that belongs to a bigger pattern is not counted again (the three stones
inside ``.XXXX.`` are not also a three). Two different sets of stones are two patterns, even
on one line: ``X.XXX.X`` holds two fours.

:func:`line_patterns` classifies one line, :func:`count_patterns` scans a whole board, and
:class:`IncrementalPatterns` keeps the counts up to date move by move, recounting only the four
lines through the new stone; :func:`pattern_evaluation` weighs the counts with
:data:`PATTERN_WEIGHTS`. :class:`CandidateMoves` is the move order a gomoku search uses: the
empty points within two steps of a stone, most promising first.

>>> line_patterns(".XXXX.")["Black"].open_four, line_patterns("XX.XX")["Black"].four
(1, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from operator import add
from typing import NamedTuple

from tictac_edu.evaluation.common import finished_game_score
from tictac_edu.games.base import Move, Player
from tictac_edu.games.gomoku import BLACK, RULES, WHITE, Gomoku, Point, Rule
from tictac_edu.search.ordering import MoveOrder

EMPTY, BLACK_STONE, WHITE_STONE, WALL = 0, 1, 2, 3
"""Cell values: the board's ``_cells`` use 0, 1, 2; 3 stands for off the board."""
PATTERN_NAMES = ("five", "open four", "four", "open three", "closed three", "open two", "closed two")
"""The patterns, strongest first, in the order of :class:`PatternCounts`' fields."""
FIVE, OPEN_FOUR, FOUR, OPEN_THREE, CLOSED_THREE, OPEN_TWO, CLOSED_TWO = range(7)

DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (1, 1), (1, -1))
"""Across, down, diagonal (down-right), anti-diagonal (up-right)."""


class PatternCounts(NamedTuple):
    """How many patterns of each kind one player has (on a line or on the whole board)."""

    five: int = 0
    open_four: int = 0
    four: int = 0
    open_three: int = 0
    closed_three: int = 0
    open_two: int = 0
    closed_two: int = 0

    def __add__(self, other: object) -> PatternCounts:
        if not isinstance(other, PatternCounts):
            return NotImplemented
        return PatternCounts(*(a + b for a, b in zip(self, other, strict=True)))

    def __sub__(self, other: PatternCounts) -> PatternCounts:
        return PatternCounts(*(a - b for a, b in zip(self, other, strict=True)))

    def named(self) -> dict[str, int]:
        """The non-zero counts by pattern name: ``{"open four": 1}``."""
        return {name: count for name, count in zip(PATTERN_NAMES, self, strict=True) if count}


NO_PATTERNS = PatternCounts()

FIVE_WEIGHT = 100_000
OPEN_FOUR_WEIGHT = 10_000
FOUR_WEIGHT = 1_000
OPEN_THREE_WEIGHT = 1_000
CLOSED_THREE_WEIGHT = 100
OPEN_TWO_WEIGHT = 100
CLOSED_TWO_WEIGHT = 10
PATTERN_WEIGHTS = PatternCounts(FIVE_WEIGHT, OPEN_FOUR_WEIGHT, FOUR_WEIGHT, OPEN_THREE_WEIGHT,
                                CLOSED_THREE_WEIGHT, OPEN_TWO_WEIGHT, CLOSED_TWO_WEIGHT)
"""What one pattern is worth, per kind: each kind about ten times the next weaker one."""

WINS_NEXT_MOVE = 200_000
"""The evaluation's score for the side to move when it has a four (it makes five next move),
or against it when the opponent has an open four or two fours and it has no four: far above
any pattern sum, below :data:`~tictac_edu.evaluation.common.WIN_SCORE`."""
OPEN_THREE_TEMPO = 20_000
"""Extra for the side to move when it has an open three and the opponent has no four: it
makes an open four next move, which only fours can answer."""

DOUBLE_THREAT = 50_000
"""Taken from the side to move when it has no four and no open three, and the opponent has a
four and an open three, or two open threes: one stone rarely stops both."""

_SIDE = {BLACK: BLACK_STONE, WHITE: WHITE_STONE}


def exact_five(rule: Rule) -> tuple[bool, bool]:
    """Whether Black, and whether White, win only with exactly five under ``rule``."""
    if rule not in RULES:
        raise ValueError(f"unknown rule {rule!r}; the rules are: {', '.join(RULES)}")
    return rule != "freestyle", rule == "standard"


# -- one line ---------------------------------------------------------------------------------

def _live_windows(stones: tuple[int, ...], exact: bool) -> dict[frozenset[int], set[int]]:
    """For one segment (``stones[i]`` is 1 for the player's stone, 0 for empty), the sets of
    stones of each window of five that filling its empty points would turn into a five, with
    those empty points (the windows where filling makes an overline are left out when the rule
    asks for exactly five)."""
    found: dict[frozenset[int], set[int]] = {}
    length = len(stones)
    for start in range(length - 4):
        if exact and ((start > 0 and stones[start - 1]) or (start + 5 < length and stones[start + 5])):
            continue
        window = range(start, start + 5)
        held = frozenset(i for i in window if stones[i])
        found.setdefault(held, set()).update(i for i in window if not stones[i])
    return found


def _five_points(stones: tuple[int, ...], held: frozenset[int], exact: bool) -> set[int]:
    """The empty points that make five together with the four stones ``held``."""
    return _live_windows(stones, exact).get(held, set()) if len(held) == 4 else set()


def _grown(stones: tuple[int, ...], point: int) -> tuple[int, ...]:
    return stones[:point] + (1,) + stones[point + 1:]


def _is_open_four(stones: tuple[int, ...], held: frozenset[int], exact: bool) -> bool:
    return len(_five_points(stones, held, exact)) >= 2


def _is_open_three(stones: tuple[int, ...], held: frozenset[int], empties: set[int], exact: bool) -> bool:
    return any(_is_open_four(_grown(stones, point), held | {point}, exact) for point in empties)


def _is_open_two(stones: tuple[int, ...], held: frozenset[int], empties: set[int], exact: bool) -> bool:
    for point in empties:
        grown = _grown(stones, point)
        three = held | {point}
        windows = _live_windows(grown, exact)
        if three in windows and _is_open_three(grown, three, windows[three], exact):
            return True
    return False


def _runs(stones: tuple[int, ...]) -> list[frozenset[int]]:
    """The unbroken runs of the player's stones in a segment."""
    runs, start = [], None
    for index, stone in enumerate((*stones, 0)):
        if stone and start is None:
            start = index
        elif not stone and start is not None:
            runs.append(frozenset(range(start, index)))
            start = None
    return runs


@cache
def segment_patterns(stones: tuple[int, ...], exact: bool = False) -> PatternCounts:
    """The patterns of one player in one *segment*: a stretch of a line between the opponent's
    stones or the board's edges (``stones[i]`` is 1 for the player's stone, 0 for empty).

    Args:
        stones: the segment, 0 and 1 only.
        exact: the player wins only with exactly five (renju's Black, the standard rule).

    Returns:
        The counts, each pattern counted once (see the module docstring).
    """
    if len(stones) < 5 or sum(stones) < 2:
        return NO_PATTERNS
    counts = [0] * 7
    fives = [run for run in _runs(stones) if (len(run) == 5 if exact else len(run) >= 5)]
    counts[FIVE] = len(fives)
    windows = _live_windows(stones, exact)
    sets = [held for held in windows if 2 <= len(held) <= 4]
    bigger = sets + fives
    for held in sets:
        if any(held < other for other in bigger):
            continue  # part of a bigger pattern: counted there
        empties = windows[held]
        size = len(held)
        if size == 4:
            counts[OPEN_FOUR if len(empties) >= 2 else FOUR] += 1
        elif size == 3:
            counts[OPEN_THREE if _is_open_three(stones, held, empties, exact) else CLOSED_THREE] += 1
        else:
            counts[OPEN_TWO if _is_open_two(stones, held, empties, exact) else CLOSED_TWO] += 1
    return PatternCounts(*counts)


def colour_patterns(line: Sequence[int], colour: int, exact: bool = False) -> PatternCounts:
    """The patterns of the player with stones ``colour`` (1 Black, 2 White) on a line of cells
    (0 empty, 1 Black, 2 White, 3 off the board): the line is cut into segments at every other
    value, and the segments' patterns are added up."""
    total = NO_PATTERNS
    segment: list[int] = []
    for cell in (*line, WALL):
        if cell == colour:
            segment.append(1)
        elif cell == EMPTY:
            segment.append(0)
        else:
            if len(segment) >= 5:
                total = total + segment_patterns(tuple(segment), exact)
            segment = []
    return total


Counts = tuple[int, ...]
"""Pattern counts as a plain tuple in :data:`PATTERN_NAMES` order (what the caches keep: the
garbage collector stops looking at plain tuples of numbers, not at named tuples)."""
_LINE_CACHE: dict[tuple[tuple[int, ...], bool, bool], tuple[Counts, Counts]] = {}
LINE_CACHE_SIZE = 200_000
"""How many lines :func:`line_counts` remembers before it starts again."""


def line_counts(line: tuple[int, ...], black_exact: bool, white_exact: bool) -> tuple[Counts, Counts]:
    """Black's and White's patterns on a line of cells (0, 1, 2, 3 as in :func:`colour_patterns`),
    as plain tuples, remembered: a search sees the same lines over and over."""
    key = (line, black_exact, white_exact)
    found = _LINE_CACHE.get(key)
    if found is None:
        if len(_LINE_CACHE) >= LINE_CACHE_SIZE:
            _LINE_CACHE.clear()
        found = (tuple(colour_patterns(line, BLACK_STONE, black_exact)),
                 tuple(colour_patterns(line, WHITE_STONE, white_exact)))
        _LINE_CACHE[key] = found
    return found


_GLYPHS = {".": EMPTY, "-": EMPTY, "_": EMPTY, "X": BLACK_STONE, "x": BLACK_STONE, "O": WHITE_STONE,
           "o": WHITE_STONE, "|": WALL, "#": WALL}


def _parse_line(line: str | Sequence[int]) -> tuple[int, ...]:
    if isinstance(line, str):
        unknown = sorted({glyph for glyph in line if glyph not in _GLYPHS})
        if unknown:
            raise ValueError(f"a line is written with '.' (empty), 'X' (Black), 'O' (White) and '|' (edge); "
                             f"{line!r} has {', '.join(map(repr, unknown))}")
        return tuple(_GLYPHS[glyph] for glyph in line)
    cells = tuple(line)
    if any(not isinstance(cell, int) or isinstance(cell, bool) or cell not in (0, 1, 2, 3) for cell in cells):
        raise ValueError(f"a line's cells are 0 (empty), 1 (Black), 2 (White) or 3 (edge), not {list(line)!r}")
    return cells


def line_patterns(line: str | Sequence[int], rule: Rule = "freestyle") -> dict[Player, PatternCounts]:
    """Classify one line: each player's patterns on it.

    Args:
        line: the cells from one end to the other, as text (``".XXXX."``: ``X`` Black, ``O``
            White, ``.`` empty; the ends of the text are the board's edges) or as values 0
            empty, 1 Black, 2 White.
        rule: ``"freestyle"``, ``"standard"`` or ``"renju"``: whether a five must be exactly five.

    Returns:
        ``{"Black": counts, "White": counts}``.

    Raises:
        ValueError: a cell is not one of those values, or the rule is unknown.

    >>> line_patterns("..XXX..O")["Black"].named()
    {'open three': 1}
    >>> line_patterns(".XXXXXX.")["Black"].named(), line_patterns(".XXXXXX.", "renju")["Black"].named()
    ({'five': 1}, {})
    """
    cells = _parse_line(line)
    black, white = line_counts(cells, *exact_five(rule))
    return {BLACK: PatternCounts._make(black), WHITE: PatternCounts._make(white)}


# -- the whole board --------------------------------------------------------------------------

@cache
def board_lines(size: int) -> tuple[tuple[int, ...], ...]:
    """Every line of at least five points on a ``size`` x ``size`` board, as cell indices
    (``y * size + x``), in the four directions: rows, columns, diagonals, anti-diagonals."""
    lines: list[tuple[int, ...]] = []
    for dx, dy in DIRECTIONS:
        for y in range(size):
            for x in range(size):
                px, py = x - dx, y - dy
                if 0 <= px < size and 0 <= py < size:
                    continue  # not the first point of its line
                points = []
                cx, cy = x, y
                while 0 <= cx < size and 0 <= cy < size:
                    points.append(cy * size + cx)
                    cx, cy = cx + dx, cy + dy
                if len(points) >= 5:
                    lines.append(tuple(points))
    return tuple(lines)


@cache
def lines_through(size: int) -> tuple[tuple[int, ...], ...]:
    """For each cell, the numbers (in :func:`board_lines`) of the lines through it (up to 4)."""
    through: list[list[int]] = [[] for _ in range(size * size)]
    for number, line in enumerate(board_lines(size)):
        for index in line:
            through[index].append(number)
    return tuple(tuple(numbers) for numbers in through)


def _player_colour(player: Player) -> int:
    colour = _SIDE.get(player)
    if colour is None:
        raise ValueError(f"{player!r} is not a player of gomoku; the players are Black and White")
    return colour


def _check_state(state: object) -> Gomoku:
    if not isinstance(state, Gomoku):
        raise TypeError(f"this evaluation reads gomoku positions, not {type(state).__name__}")
    return state


def count_patterns(state: Gomoku, player: Player) -> PatternCounts:
    """``player``'s patterns on the whole board: a full scan of every line.

    >>> count_patterns(Gomoku.from_moves("h8 a1 i8 a2 j8"), "Black").named()
    {'open three': 1}
    """
    _check_state(state)
    colour = _player_colour(player)
    cells = state._cells
    black_exact, white_exact = exact_five(state.rule)
    total: Counts = NO_PATTERNS
    read = cells.__getitem__
    for line in board_lines(state.size):
        counts = line_counts(tuple(map(read, line)), black_exact, white_exact)
        total = tuple(map(add, total, counts[colour - 1]))
    return PatternCounts._make(total)


class IncrementalPatterns:
    """Both players' pattern counts of a position, kept up to date move by move: :meth:`play`
    recounts only the four lines through the new stone. Agrees with :func:`count_patterns`.

    >>> patterns = IncrementalPatterns(Gomoku())
    >>> for move in ["H8", "A1", "I8", "A2", "J8"]:
    ...     patterns = patterns.play(move)
    >>> patterns.counts("Black") == count_patterns(patterns.state, "Black")
    True
    """

    __slots__ = ("state", "_lines", "_totals")

    def __init__(self, state: Gomoku) -> None:
        _check_state(state)
        self.state = state
        cells = state._cells
        exact = exact_five(state.rule)
        read = cells.__getitem__
        self._lines = tuple(line_counts(tuple(map(read, line)), *exact) for line in board_lines(state.size))
        black: Counts = NO_PATTERNS
        white: Counts = NO_PATTERNS
        for black_line, white_line in self._lines:
            black, white = tuple(map(add, black, black_line)), tuple(map(add, white, white_line))
        self._totals = (PatternCounts._make(black), PatternCounts._make(white))

    def counts(self, player: Player) -> PatternCounts:
        """``player``'s patterns on the whole board."""
        return self._totals[_player_colour(player) - 1]

    def play(self, move: Point | str) -> IncrementalPatterns:
        """The counts after the player to move plays ``move`` (this object is unchanged).

        Raises:
            IllegalMoveError: the move is illegal.
        """
        return self.after(self.state.play(move))

    def after(self, child: Gomoku) -> IncrementalPatterns:
        """The counts of ``child``, a position one move after this one (its ``undo()`` is this
        position), recounting the four lines through its last move."""
        if child.last_move is None or child.ply != self.state.ply + 1:
            raise ValueError("after() takes the position one move after this one")
        size = child.size
        x, y = child.last_move
        cells = child._cells
        exact = exact_five(child.rule)
        lines = list(self._lines)
        black, white = self._totals
        all_lines = board_lines(size)
        read = cells.__getitem__
        for number in lines_through(size)[y * size + x]:
            old_black, old_white = lines[number]
            new_black, new_white = line_counts(tuple(map(read, all_lines[number])), *exact)
            if new_black is not old_black:
                black = PatternCounts._make(map(_replace_count, black, old_black, new_black))
            if new_white is not old_white:
                white = PatternCounts._make(map(_replace_count, white, old_white, new_white))
            lines[number] = (new_black, new_white)
        updated = object.__new__(IncrementalPatterns)
        updated.state, updated._lines, updated._totals = child, tuple(lines), (black, white)
        return updated


def _replace_count(total: int, old: int, new: int) -> int:
    return total - old + new


_INCREMENTAL: dict[tuple[int, int, str], IncrementalPatterns] = {}
INCREMENTAL_CACHE_SIZE = 20_000
"""How many positions :func:`patterns_of` remembers before it starts again."""


PATTERN_CHAIN = 16
"""How many moves back :func:`patterns_of` looks for a position it has counted."""


def patterns_of(state: Gomoku) -> IncrementalPatterns:
    """The pattern counts of ``state``, remembered by Zobrist key: from the nearest position
    before it (up to :data:`PATTERN_CHAIN` moves back) that was counted, four lines recounted
    per move since, else by a full scan. A search evaluates its leaves, whose parent positions
    are then counted once for all their children."""
    cache_get = _INCREMENTAL.get
    found = cache_get((state.key(), state.size, state.rule))
    if found is not None and found.state._cells == state._cells:
        return found
    chain = [state]
    base: IncrementalPatterns | None = None
    previous = state._previous
    while previous is not None and len(chain) < PATTERN_CHAIN:
        known = cache_get((previous.key(), previous.size, previous.rule))
        if known is not None and known.state._cells == previous._cells:
            base = known
            break
        chain.append(previous)
        previous = previous._previous
    if base is None:
        base = IncrementalPatterns(chain.pop())
        _remember(base)
    for position in reversed(chain):
        base = base.after(position)
        _remember(base)
    return base


def _remember(patterns: IncrementalPatterns) -> None:
    state = patterns.state
    if len(_INCREMENTAL) >= INCREMENTAL_CACHE_SIZE:
        _INCREMENTAL.clear()
    _INCREMENTAL[(state.key(), state.size, state.rule)] = patterns


def weighted(counts: PatternCounts) -> int:
    """The patterns' worth by :data:`PATTERN_WEIGHTS`."""
    return sum(weight * count for weight, count in zip(PATTERN_WEIGHTS, counts, strict=True))


def pattern_evaluation(state: Gomoku, player: Player) -> float:
    """How good ``state`` is for ``player`` (positive: ``player`` stands better).

    The patterns' worth (:data:`PATTERN_WEIGHTS`) for ``player`` minus the opponent's, and who
    is to move: the side to move wins next move with a four (:data:`WINS_NEXT_MOVE`), loses
    against an open four or two fours if it has no four, gains :data:`OPEN_THREE_TEMPO` with an
    open three when the opponent has no four, and otherwise loses :data:`DOUBLE_THREAT` against
    a four and an open three or two open threes. A finished game scores
    :func:`~tictac_edu.evaluation.common.finished_game_score`. Counted incrementally
    (:func:`patterns_of`).

    >>> pattern_evaluation(Gomoku.from_moves("h8"), "Black") == -pattern_evaluation(Gomoku.from_moves("h8"), "White")
    True
    """
    _check_state(state)
    colour = _player_colour(player)
    if state.is_terminal():
        return finished_game_score(state, player)
    black, white = patterns_of(state)._totals
    mover, other = (black, white) if state.to_move == BLACK else (white, black)
    if mover.four or mover.open_four:
        score: float = WINS_NEXT_MOVE
    elif other.open_four or other.four >= 2:
        score = -WINS_NEXT_MOVE
    else:
        score = weighted(mover) - weighted(other)
        if mover.open_three and not other.four:
            score += OPEN_THREE_TEMPO
        elif (other.four and other.open_three) or other.open_three >= 2:
            score -= DOUBLE_THREAT
    mover_colour = BLACK_STONE if state.to_move == BLACK else WHITE_STONE
    return score if colour == mover_colour else -score


# -- candidate moves --------------------------------------------------------------------------

CANDIDATE_RADIUS = 2
"""Candidate moves lie within this many steps (across, down or diagonally) of a stone."""
WINDOW_REACH = 5
"""A point's shape along a line is read from this many points on each side."""
ORDER_CACHE_SIZE = 100_000
"""How many positions' orders a :class:`CandidateMoves` remembers (iterative deepening visits
the same positions again at each depth)."""
DEFENCE_SHARE = 0.9
"""How much a point's worth to the opponent counts in its score (blocking)."""


class Shape(NamedTuple):
    """What a stone of one player at a point does along one line (from the 11 points around
    it): ``five`` it makes five; ``five_points`` the offsets (along the line, -4..4) of the empty
    points that then make five with it (one: a four; two: an open four); ``open_threes`` how many
    open threes it adds there; ``gain`` the player's pattern worth it adds there."""

    five: bool
    five_points: tuple[int, ...]
    open_threes: int
    gain: int


@cache
def window_indices(size: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each cell and each direction, the cells at offsets -5..-1 and 1..5 along it (``-1``
    off the board)."""
    table = []
    for index in range(size * size):
        x, y = index % size, index // size
        rows = []
        for dx, dy in DIRECTIONS:
            cells = []
            for step in (*range(-WINDOW_REACH, 0), *range(1, WINDOW_REACH + 1)):
                cx, cy = x + step * dx, y + step * dy
                cells.append(cy * size + cx if 0 <= cx < size and 0 <= cy < size else -1)
            rows.append(tuple(cells))
        table.append(tuple(rows))
    return tuple(table)


_OFFSETS = (*range(-WINDOW_REACH, 0), *range(1, WINDOW_REACH + 1))


@cache
def window_shape(window: tuple[int, ...], colour: int, exact: bool) -> Shape:
    """The :class:`Shape` of a stone of ``colour`` at the middle of ``window`` (the 10 cells at
    offsets -5..-1, 1..5, values 0..3)."""
    before = window[:WINDOW_REACH] + (EMPTY,) + window[WINDOW_REACH:]
    after = window[:WINDOW_REACH] + (colour,) + window[WINDOW_REACH:]
    middle = WINDOW_REACH
    five = _makes_five_at(after, middle, colour, exact)
    points = []
    if not five:
        for offset in range(-4, 5):
            cell = middle + offset
            if offset and after[cell] == EMPTY:
                grown = after[:cell] + (colour,) + after[cell + 1:]
                if _makes_five_at(grown, cell, colour, exact) and _run_holds(grown, cell, middle, colour):
                    points.append(offset)
    grown, plain = colour_patterns(after, colour, exact), colour_patterns(before, colour, exact)
    return Shape(five, tuple(points), max(0, grown.open_three - plain.open_three), weighted(grown) - weighted(plain))


def _run_length(line: Sequence[int], at: int, colour: int) -> tuple[int, int]:
    low = at
    while low > 0 and line[low - 1] == colour:
        low -= 1
    high = at
    while high + 1 < len(line) and line[high + 1] == colour:
        high += 1
    return low, high


def _makes_five_at(line: Sequence[int], at: int, colour: int, exact: bool) -> bool:
    low, high = _run_length(line, at, colour)
    length = high - low + 1
    return length == 5 if exact else length >= 5


def _run_holds(line: Sequence[int], at: int, other: int, colour: int) -> bool:
    low, high = _run_length(line, at, colour)
    return low <= other <= high


def point_shapes(cells: Sequence[int], size: int, index: int, colour: int, exact: bool) -> list[Shape]:
    """The :class:`Shape` of a ``colour`` stone at ``index`` along each of the four directions."""
    read = (*cells, WALL).__getitem__  # index -1 (off the board) reads WALL
    return [window_shape(tuple(map(read, neighbours)), colour, exact) for neighbours in window_indices(size)[index]]


def _direction_score(window: tuple[int, ...], mover: int, black_exact: bool, white_exact: bool
                     ) -> tuple[float, bool, bool]:
    """Along one direction, for the player ``mover`` (1, 2) to move: the point's score (its
    gain for the mover plus :data:`DEFENCE_SHARE` of its gain for the opponent), whether it
    makes five for the mover, and whether it would for the opponent."""
    other = WHITE_STONE if mover == BLACK_STONE else BLACK_STONE
    exact = {BLACK_STONE: black_exact, WHITE_STONE: white_exact}
    attack = window_shape(window, mover, exact[mover])
    defence = window_shape(window, other, exact[other])
    return attack.gain + DEFENCE_SHARE * defence.gain, attack.five, defence.five


_DIRECTION_TABLES: dict[tuple[int, bool, bool], dict[tuple[int, ...], tuple[float, bool, bool]]] = {}


def _scores_plain(state: Gomoku, points: Sequence[Point]) -> list[tuple[float, bool, bool]]:
    """For each point: its score for the player to move, whether it makes five for them, and
    whether it makes five for the opponent (the plain version: each window read cell by cell)."""
    size = state.size
    read = (*state._cells, WALL).__getitem__
    mover = BLACK_STONE if state.to_move == BLACK else WHITE_STONE
    black_exact, white_exact = exact_five(state.rule)
    table = _DIRECTION_TABLES.setdefault((mover, black_exact, white_exact), {})
    windows = window_indices(size)
    found = []
    for x, y in points:
        score, wins, blocks = 0.0, False, False
        for neighbours in windows[y * size + x]:
            window = tuple(map(read, neighbours))
            known = table.get(window)
            if known is None:
                known = table[window] = _direction_score(window, mover, black_exact, white_exact)
            score += known[0]
            wins = wins or known[1]
            blocks = blocks or known[2]
        found.append((score, wins, blocks))
    return found


@cache
def padded_lines(size: int) -> tuple[tuple[int, ...], ...]:
    """Every line of the board in the four directions (short ones too), padded with
    :data:`WINDOW_REACH` off-board points (``-1``) at each end; each cell lies on exactly one
    line per direction."""
    lines = []
    for dx, dy in DIRECTIONS:
        for y in range(size):
            for x in range(size):
                if 0 <= x - dx < size and 0 <= y - dy < size:
                    continue
                points, cx, cy = [], x, y
                while 0 <= cx < size and 0 <= cy < size:
                    points.append(cy * size + cx)
                    cx, cy = cx + dx, cy + dy
                lines.append((-1,) * WINDOW_REACH + tuple(points) + (-1,) * WINDOW_REACH)
    return tuple(lines)


@cache
def line_places(size: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each cell, per direction (in :data:`DIRECTIONS` order): its line's number in
    :func:`padded_lines` and the shift of its 11-point window in that line's code."""
    table: list[list[tuple[int, int]]] = [[] for _ in range(size * size)]
    for number, line in enumerate(padded_lines(size)):
        for position, index in enumerate(line):
            if index >= 0:
                table[index].append((number, 2 * (position - WINDOW_REACH)))
    return tuple(tuple(places) for places in table)


def line_codes(size: int, cells: Sequence[int]) -> list[int]:
    """Each line of :func:`padded_lines` as one integer, two bits a point (off the board:
    ``WALL``): a point's window is then one shift and a mask (:data:`WINDOW_MASK`)."""
    codes = []
    for line in padded_lines(size):
        code = 0
        for position, index in enumerate(line):
            code |= (WALL if index < 0 else cells[index]) << (2 * position)
        codes.append(code)
    return codes


WINDOW_MASK = (1 << (2 * (2 * WINDOW_REACH + 1))) - 1
"""Two bits for each of the 11 points of a window."""


@cache
def window_cells(window: int) -> tuple[int, ...]:
    """The 10 cells around the middle of a window code, in :func:`window_indices`' order."""
    cells = [(window >> (2 * position)) & 3 for position in range(2 * WINDOW_REACH + 1)]
    return tuple(cells[:WINDOW_REACH] + cells[WINDOW_REACH + 1:])


_CODE_TABLES: dict[tuple[int, bool, bool], dict[int, tuple[float, bool, bool]]] = {}
_BOARD_CODES: dict[tuple[int, ...], tuple[int, ...]] = {}
BOARD_CODES_KEPT = 4096
"""How many positions' line codes :func:`board_codes` remembers (then it starts afresh)."""


def board_codes(state: Gomoku) -> tuple[int, ...]:
    """The line codes of ``state``'s board (:func:`line_codes`), remembered by position; a
    position whose parent's codes are remembered gets them with its last stone added on its four
    lines, instead of reading the whole board. (Tuples: the garbage collector soon stops
    scanning them.)"""
    cells = state._cells
    known = _BOARD_CODES.get(cells)
    if known is not None:
        return known
    parent, last = state._previous, state._last_move
    inherited = _BOARD_CODES.get(parent._cells) if parent is not None and last is not None else None
    if inherited is not None and last is not None:
        index = last[1] * state.size + last[0]
        colour = cells[index]
        codes = list(inherited)
        for line, shift in line_places(state.size)[index]:
            codes[line] += colour << (shift + 2 * WINDOW_REACH)
        known = tuple(codes)
    else:
        known = tuple(line_codes(state.size, cells))
    if len(_BOARD_CODES) >= BOARD_CODES_KEPT:
        _BOARD_CODES.clear()
    _BOARD_CODES[cells] = known
    return known
FAST_SCORES_FROM = 8
"""From this many points :func:`_scores` reads the windows from line codes (building the codes
costs about as much as reading eight points cell by cell)."""


def _scores(state: Gomoku, points: Sequence[Point]) -> list[tuple[float, bool, bool]]:
    """For each point: its score for the player to move, whether it makes five for them, and
    whether it makes five for the opponent. The same answers as :func:`_scores_plain`, faster:
    each window is a shift and a mask of its line's code, looked up by that integer."""
    if len(points) < FAST_SCORES_FROM:
        return _scores_plain(state, points)
    size = state.size
    mover = BLACK_STONE if state.to_move == BLACK else WHITE_STONE
    black_exact, white_exact = exact_five(state.rule)
    table = _CODE_TABLES.setdefault((mover, black_exact, white_exact), {})
    codes, places, mask = board_codes(state), line_places(size), WINDOW_MASK
    found = []
    for x, y in points:
        score, wins, blocks = 0.0, False, False
        for line, shift in places[y * size + x]:
            window = (codes[line] >> shift) & mask
            known = table.get(window)
            if known is None:
                known = table[window] = _direction_score(window_cells(window), mover, black_exact, white_exact)
            score += known[0]
            wins = wins or known[1]
            blocks = blocks or known[2]
        found.append((score, wins, blocks))
    return found


@cache
def _neighbourhood(size: int, radius: int) -> tuple[tuple[int, ...], ...]:
    table = []
    for index in range(size * size):
        x, y = index % size, index // size
        table.append(tuple((y + dy) * size + x + dx for dy in range(-radius, radius + 1)
                           for dx in range(-radius, radius + 1)
                           if (dx or dy) and 0 <= x + dx < size and 0 <= y + dy < size))
    return tuple(table)


def candidate_points(state: Gomoku, radius: int = CANDIDATE_RADIUS) -> list[Point]:
    """The empty points within ``radius`` steps of a stone, row by row (the centre on an empty
    board); Black's forbidden points under renju are left out."""
    _check_state(state)
    size, cells = state.size, state._cells
    if state.ply == 0 or not any(cells):
        centre = size // 2
        return [(centre, centre)]
    near = bytearray(size * size)
    around = _neighbourhood(size, radius)
    for index, cell in enumerate(cells):
        if cell:
            for neighbour in around[index]:
                near[neighbour] = 1
    forbidden = state.forbidden_points()
    points = [(index % size, index // size) for index in range(size * size) if near[index] and not cells[index]]
    return [point for point in points if point not in forbidden] if forbidden else points


def point_score(state: Gomoku, point: Point) -> float:
    """A cheap score of ``point`` for the player to move: the pattern worth a stone there adds
    for them, plus :data:`DEFENCE_SHARE` of what it would add for the opponent (blocking)."""
    return _scores(_check_state(state), [point])[0][0]


class CandidateMoves(MoveOrder):
    """The moves a gomoku search looks at: the empty points within :data:`CANDIDATE_RADIUS` of a
    stone (the centre on an empty board), ordered by :func:`point_score`, best first; at most
    ``max_moves`` of them.

    Each position's order is computed once per move searched and remembered (by Zobrist key).
    Two cases leave
    fewer moves: a point that makes five for the player to move is searched alone,
    and if the opponent has a four, only the points that stop it are searched (every other
    move loses at once). As this returns a subset of the legal moves, a search with it proves
    no upper bound (see :class:`~tictac_edu.search.ordering.MoveOrder`).

    Args:
        max_moves: the most moves searched at a node; ``None`` for all candidates.
        radius: how far from the stones candidates may lie.
        ordered: ``False`` keeps the candidates row by row, none searched alone (to measure
            what the cut to candidates does without the order).

    >>> order = CandidateMoves()
    >>> state = Gomoku.from_moves("h8 a1 i8 a2 j8 a3 k8")   # Black threatens G8 and L8
    >>> [p for p in order.order(state, state.legal_moves(), 0)]
    [(6, 7), (11, 7)]
    """

    def __init__(self, max_moves: int | None = None, radius: int = CANDIDATE_RADIUS, *, ordered: bool = True) -> None:
        if max_moves is not None and (not isinstance(max_moves, int) or isinstance(max_moves, bool) or max_moves < 1):
            raise ValueError(f"max_moves is a whole number >= 1 or None, not {max_moves!r}")
        if not isinstance(radius, int) or isinstance(radius, bool) or radius < 1:
            raise ValueError(f"radius is a whole number >= 1, not {radius!r}")
        if not isinstance(ordered, bool):
            raise ValueError(f"ordered is True or False, not {ordered!r}")
        self.max_moves = max_moves
        self.radius = radius
        self.ordered = ordered
        self._known: dict[tuple[int, int], tuple[Move, ...]] = {}

    def order(self, state: Gomoku, moves: list[Move], ply: int) -> list[Move]:  # type: ignore[override]
        if not moves:
            return moves
        key = (state.key(), len(moves))
        known = self._known.get(key)
        if known is None:
            if len(self._known) >= ORDER_CACHE_SIZE:
                self._known.clear()
            known = self._known[key] = tuple(self._order(state, moves))  # a tuple: the garbage collector skips it
        return list(known)

    def reset(self) -> None:
        """Forget the remembered orders (iterative deepening calls this once per move)."""
        self._known.clear()

    def _order(self, state: Gomoku, moves: list[Move]) -> list[Move]:
        legal = set(moves)
        points = [point for point in candidate_points(state, self.radius) if point in legal] or list(moves)
        if not self.ordered:
            return points[:self.max_moves] if self.max_moves else points
        scored = _scores(state, points)
        wins = [point for point, (_, five, _) in zip(points, scored, strict=True) if five]
        if wins:
            return wins[:1]
        blocks = [point for point, (_, _, stops) in zip(points, scored, strict=True) if stops]
        if blocks:
            return blocks
        ranked = sorted(range(len(points)), key=lambda i: -scored[i][0])
        chosen = ranked[:self.max_moves] if self.max_moves else ranked
        return [points[i] for i in chosen]

    def __repr__(self) -> str:
        return f"CandidateMoves(max_moves={self.max_moves}, radius={self.radius}" + \
            (", ordered=False)" if not self.ordered else ")")


def forced_points(state: Gomoku, points: Sequence[Point]) -> list[Point]:
    """Among ``points``: the first that makes five for the player to move, if any; else those
    that stop the opponent's five; else none (nothing is forced)."""
    scored = _scores(_check_state(state), points)
    wins = [point for point, (_, five, _) in zip(points, scored, strict=True) if five]
    return wins[:1] or [point for point, (_, _, stops) in zip(points, scored, strict=True) if stops]


def candidate_moves() -> CandidateMoves:
    """The move order gomoku's agents search with (its ``search_order`` in :mod:`tictac_edu.agents.catalogue`)."""
    return CandidateMoves()


__all__ = [
    "CANDIDATE_RADIUS", "CandidateMoves", "IncrementalPatterns", "PATTERN_NAMES", "PATTERN_WEIGHTS", "PatternCounts",
    "candidate_moves", "candidate_points", "count_patterns", "line_patterns", "pattern_evaluation", "patterns_of",
    "point_score", "segment_patterns",
]
