"""Renju's forbidden points, piece by piece: plain functions on sets of points.

:meth:`Gomoku.forbidden_points <tictac_edu.games.gomoku.Gomoku.forbidden_points>` finds
Black's forbidden points quickly, on the board's cells. The functions here say the same rules
slowly and plainly, one idea each, so that notebook 06 (and a learner writing the check
herself) can build the rule from them. Stones are sets of points ``(x, y)``; a point is on a
``size`` x ``size`` board.

* :func:`run_length` -- how long the unbroken line of black stones through a point is
  (five makes a win, six or more an overline);
* :func:`fours` -- how many fours a black stone is part of along one line (two on one line
  make a double-four by themselves);
* :func:`straight_four_points` -- the points where one more black stone turns a line through
  a stone into a straight four: a *three* is real only if one of them is not itself forbidden.

>>> black = {(7, 7), (8, 7), (9, 7)}                 # H8 I8 J8: an open three across
>>> sorted(straight_four_points(black, set(), (7, 7), (1, 0)))   # G8 or K8 makes .XXXX.
[(6, 7), (10, 7)]
"""

from __future__ import annotations

from collections.abc import Set

from tictac_edu.games.gomoku import DEFAULT_SIZE, Point

DIRECTIONS: tuple[Point, ...] = ((1, 0), (0, 1), (1, 1), (1, -1))
"""The four lines through a point: across, down, diagonal (down-right), anti-diagonal."""


def on_board(point: Point, size: int = DEFAULT_SIZE) -> bool:
    """Whether ``point`` lies on a ``size`` x ``size`` board."""
    x, y = point
    return 0 <= x < size and 0 <= y < size


def step(point: Point, direction: Point, steps: int) -> Point:
    """The point ``steps`` steps from ``point`` along ``direction`` (negative steps go back)."""
    return point[0] + steps * direction[0], point[1] + steps * direction[1]


def run_length(black: Set[Point], point: Point, direction: Point) -> int:
    """The number of black stones in the unbroken line through ``point`` along ``direction``,
    ``point`` counted as one of them (it should be in ``black``).

    >>> run_length({(3, 3), (4, 3), (5, 3), (7, 3)}, (4, 3), (1, 0))   # the gap stops the line
    3
    """
    return len(run_points(black, point, direction))


def run_points(black: Set[Point], point: Point, direction: Point) -> set[Point]:
    """The black stones of the unbroken line through ``point`` along ``direction``, ``point``
    included."""
    found = {point}
    for sign in (1, -1):
        steps = 1
        while step(point, direction, sign * steps) in black:
            found.add(step(point, direction, sign * steps))
            steps += 1
    return found


def makes_five(black: Set[Point], point: Point) -> bool:
    """Whether the black stone on ``point`` is part of exactly five in a row in some direction
    (Black's win under renju; six or more is an overline, not a five)."""
    return any(run_length(black, point, direction) == 5 for direction in DIRECTIONS)


def _empty(point: Point, black: Set[Point], white: Set[Point], size: int) -> bool:
    return on_board(point, size) and point not in black and point not in white


def fours(black: Set[Point], white: Set[Point], point: Point, direction: Point, size: int = DEFAULT_SIZE) -> int:
    """How many *fours* the black stone on ``point`` is part of along one line: the different
    sets of four black stones, ``point`` among them, that one more stone on an empty point of
    this line turns into exactly five.

    A straight four (``.XXXX.``) is one four (two points complete the same four stones);
    ``X.XXX.X`` with ``point`` in the middle is two fours on one line.

    >>> fours({(2, 0), (4, 0), (5, 0), (6, 0), (8, 0)}, set(), (5, 0), (1, 0))   # X.XXX.X
    2
    """
    stone_sets = set()
    for steps in (*range(-4, 0), *range(1, 5)):
        completing = step(point, direction, steps)
        if not _empty(completing, black, white, size):
            continue
        five = run_points(set(black) | {completing}, completing, direction)
        if len(five) == 5 and point in five:
            stone_sets.add(frozenset(five - {completing}))
    return len(stone_sets)


def is_straight_four(black: Set[Point], white: Set[Point], point: Point, direction: Point,
                     size: int = DEFAULT_SIZE) -> bool:
    """Whether the unbroken black line through ``point`` along ``direction`` is a *straight
    four*: exactly four stones, and the empty point at each end makes exactly five (so it is
    on the board and the point beyond it is not black, which would make six)."""
    if run_length(black, point, direction) != 4:
        return False
    for sign in (1, -1):
        end = point
        while step(end, direction, sign) in black:
            end = step(end, direction, sign)
        past, beyond = step(end, direction, sign), step(end, direction, 2 * sign)
        if not _empty(past, black, white, size) or beyond in black:
            return False
    return True


def straight_four_points(black: Set[Point], white: Set[Point], point: Point, direction: Point,
                         size: int = DEFAULT_SIZE) -> list[Point]:
    """The empty points on the line through the black stone ``point`` (along ``direction``,
    within four steps) where one more black stone makes a straight four that includes
    ``point``, without making a five anywhere at the same time.

    The stone on ``point`` is part of a *three* along this line when this list is not empty,
    and of a *real* three (the kind a double-three counts) when at least one of these points
    is not itself forbidden for Black.

    Returns:
        The points, nearest first on the positive side, then on the negative side.
    """
    found = []
    for sign in (1, -1):
        for steps in range(1, 5):
            candidate = step(point, direction, sign * steps)
            if not on_board(candidate, size):
                break
            if not _empty(candidate, black, white, size):
                continue
            grown = set(black) | {candidate}
            if is_straight_four(grown, white, candidate, direction, size) and \
                    point in run_points(grown, candidate, direction) and not makes_five(grown, candidate):
                found.append(candidate)
    return found
