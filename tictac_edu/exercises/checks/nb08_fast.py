"""Notebook 08 (making search fast): ``batch_line_evaluation``."""

from __future__ import annotations

import random
from typing import Any

from tictac_edu.exercises.checks import contract, dimension
from tictac_edu.exercises.diagnosis import Probe
from tictac_edu.exercises.registry import Context, declare, show_value
from tictac_edu.games.mnk import winning_lines

Board = list[int]
Line = tuple[int, ...]

batch_line_evaluation = declare(
    "batch_line_evaluation", notebook="08",
    summary="notebook 04's line evaluation of many positions at once, vectorised with NumPy",
    returns="a list of whole numbers, one per board",
    reference="tictac_edu.exercises.solutions.nb08_fast:batch_line_evaluation",
    hints=[
        "Make two arrays: `boards = np.asarray(boards)` (positions x cells) and `lines = np.asarray(lines)` (lines x "
        "k). Then `marks = boards[:, lines]` has shape (positions, lines, k): the marks on every line of every "
        "board, with no Python loop.",
        "Count each side separately along the last axis: `mine = (marks == 1).sum(axis=2)` and `theirs = (marks == "
        "-1).sum(axis=2)`. (Adding the marks themselves cancels one of hers against one of his, and a dead line "
        "then looks open.) A line is hers only where `mine > 0` and `theirs == 0`.",
        "Score with `np.where`: `np.where((mine > 0) & (theirs == 0), 10 ** np.maximum(mine - 1, 0), 0)`, the same "
        "for the opponent, subtract, and sum along the LINES axis, `.sum(axis=1)`: one number per board. Return "
        "`.tolist()`.",
    ],
)

SIZES: tuple[tuple[int, int, int], ...] = ((3, 3, 3), (4, 4, 3), (5, 5, 4), (6, 7, 4), (15, 15, 5))
"""The boards the checks use, as (rows, columns, k): tic-tac-toe first."""

TIC_TAC_TOE = winning_lines(3, 3, 3)


def line_sum(board: Board, lines: list[Line]) -> int:
    """The score of one board, line by line in plain Python (the exercise's answer, computed
    independently of NumPy)."""
    score = 0
    for line in lines:
        mine = sum(board[cell] == 1 for cell in line)
        theirs = sum(board[cell] == -1 for cell in line)
        if mine and not theirs:
            score += 10 ** (mine - 1)
        elif theirs and not mine:
            score -= 10 ** (theirs - 1)
    return score


def random_board(rng: random.Random, cells: int, fill: float) -> Board:
    """A board with about ``fill`` of its cells taken, her marks and his in about equal numbers."""
    return [rng.choice((1, -1)) if rng.random() < fill else 0 for _ in range(cells)]


def _grid(board: Board, columns: int) -> str:
    symbols = {1: "X", -1: "O", 0: "."}
    rows = [" ".join(symbols.get(cell, "?") for cell in board[start:start + columns])
            for start in range(0, len(board), columns)]
    return "\n".join(rows)


def _plain(result: Any) -> Any:
    """What the diagnosis compares: a list of ints as a tuple, anything else by its kind."""
    if isinstance(result, list) and all(type(value) is int for value in result):
        return ("list", tuple(result))
    return ("not a list of ints", type(result).__name__)


def _probe(boards: list[Board], lines: list[Line]) -> Probe:
    return lambda fn: _plain(fn([list(board) for board in boards], list(lines)))


def _answers(t: Context, boards: list[Board], lines: list[Line], shown: str) -> list[int]:
    got = t.call(boards, lines, position=shown)
    ok = type(got) is list and len(got) == len(boards) and all(type(value) is int for value in got)
    if not ok and isinstance(got, list) and len(got) == len(lines) and len(lines) != len(boards):
        t.fail(f"Your function returned {len(got)} numbers for {len(boards)} board(s): one per LINE, not one per "
               "board. The sum ran over the boards' axis (axis 0), not over the lines (axis 1).",
               position=shown, expected=f"a list of {len(boards)} whole numbers", got=show_value(got), raw=True,
               mistake="batch_axis")
    if not ok and type(got).__module__ == "numpy":
        t.fail(f"Your function returned a NumPy {type(got).__name__}; the exercise returns a list of Python ints: "
               "end with `.tolist()`" + (" (and one number per board: a single number means the sum ran over the "
                                         "whole array, not along the lines)." if getattr(got, "ndim", 1) == 0
                                         else "."),
               position=shown, expected=batch_line_evaluation.returns, got=show_value(got), raw=True,
               mistake="batch_axis" if getattr(got, "ndim", 1) == 0 else None)
    t.expect_type(got, ok, position=shown, mistake="batch_axis" if isinstance(got, int) else None)
    return list(got)


def _expect(t: Context, boards: list[Board], size: tuple[int, int, int], why: str = "") -> None:
    rows, columns, k = size
    lines = [tuple(line) for line in winning_lines(rows, columns, k)]
    shown = (f"{len(boards)} board(s) of {rows} x {columns}, k = {k} ({len(lines)} lines); the first:\n"
             + _grid(boards[0], columns))
    got = _answers(t, boards, lines, shown)
    expected = [line_sum(board, lines) for board in boards]
    if got == expected:
        return
    index = next(i for i, (mine, right) in enumerate(zip(got, expected, strict=True)) if mine != right)
    wrong = sum(mine != right for mine, right in zip(got, expected, strict=True))
    position = f"board {index + 1} of {len(boards)}, {rows} x {columns}, k = {k}:\n" + _grid(boards[index], columns)
    t.fail((why + " " if why else "") + f"{wrong} of the {len(boards)} scores differ; the first is board "
           f"{index + 1}'s: {got[index]}, not {expected[index]} (X: the marks 1, O: the marks -1).",
           position=position, expected=expected[index], got=got[index],
           observed=f"On board {index + 1} your score is {got[index]} where the lines add up to {expected[index]}: "
                    "count one board's open lines by hand and compare with your array's values for it.")


@batch_line_evaluation.probes
def _() -> list[Probe]:
    lines = [tuple(line) for line in TIC_TAC_TOE]
    boards = [[0] * 9, [0, 0, 0, 0, 1, 0, 0, 0, 0], [1, -1, 0, 0, 0, 0, 0, 0, 0], [1, 1, 0, 0, -1, 0, 0, 0, 0],
              [1, -1, 1, 0, -1, 0, 0, 0, 0], [-1, -1, 0, 1, 1, 0, 0, 0, 0], [0, 0, 0, 0, -1, 0, 0, 0, 0]]
    rng = random.Random(80)
    return [_probe(boards, lines), _probe(boards[1:2], lines), _probe(boards[2:3], lines),
            _probe([random_board(rng, 16, 0.5) for _ in range(5)], [tuple(line) for line in winning_lines(4, 4, 3)])]


@batch_line_evaluation.case("the docstring's boards: 4 and 1")
def _(t: Context) -> None:
    _expect(t, [[0, 0, 0, 0, 1, 0, 0, 0, 0], [1, -1, 0, 0, 0, 0, 0, 0, 0]], (3, 3, 3),
            "Her mark in the centre lies on 4 open lines; hers in a corner and his beside it leave her 2 open "
            "lines and him 1.")


@batch_line_evaluation.case("one board at a time: empty, one mark, and the opponent's marks count negatively")
def _(t: Context) -> None:
    for board in ([0] * 9, [0, 0, 0, 0, -1, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0, 0, 0], [-1, 0, -1, 0, 0, 0, 0, 0, 0],
                  [1, 1, 0, 0, 0, 0, 0, 0, 0]):
        _expect(t, [board], (3, 3, 3), "A single board is a batch of one.")


@batch_line_evaluation.case("a line holding marks of both sides is dead: worth nothing to either")
def _(t: Context) -> None:
    for board in ([1, -1, 0, 0, 0, 0, 0, 0, 0], [1, 1, -1, 0, 0, 0, 0, 0, 0], [1, -1, 1, -1, 1, -1, 0, 0, 0],
                  [1, 0, 0, 0, -1, 0, 0, 0, 1]):
        _expect(t, [board], (3, 3, 3), "Count her marks and his on each line separately: one of each is a dead "
                                       "line, not an empty one.")


@batch_line_evaluation.case("the weights: 1, 10, 100, ... for one, two, three marks on an open line")
def _(t: Context) -> None:
    _expect(t, [[1, 1, 0, 0, 0, 0, 0, 0, 0], [-1, 0, 0, 0, -1, 0, 0, 0, 0]], (3, 3, 3))
    _expect(t, [[1, 1, 1, 0] + [0] * 21, [0] * 6 + [-1, -1, -1] + [0] * 16], (5, 5, 4))
    _expect(t, [[1, 1, 1, 1] + [0] * 221], (15, 15, 5), "Four of her marks on an open line of five: 1,000.")


@batch_line_evaluation.case("many boards in one call: one score each, in the order given")
def _(t: Context) -> None:
    rng = random.Random(81)
    boards = [random_board(rng, 9, rng.choice((0.2, 0.4, 0.6))) for _ in range(50)]
    _expect(t, boards, (3, 3, 3), "Fifty boards: fifty scores, the first for the first board.")


@batch_line_evaluation.case("other boards: 4 x 4 and 5 x 5, 6 x 7 (Connect Four's shape), 15 x 15 with k = 5")
def _(t: Context) -> None:
    rng = random.Random(82)
    for size in SIZES[1:]:
        rows, columns, _ = size
        _expect(t, [random_board(rng, rows * columns, fill) for fill in (0.1, 0.3, 0.5)], size,
                "The lines depend on the board; the function takes them as given.")


@batch_line_evaluation.case("the boards and lines given are left unchanged")
def _(t: Context) -> None:
    rng = random.Random(83)
    _expect(t, [random_board(rng, 16, 0.4) for _ in range(4)], (4, 4, 3))


@batch_line_evaluation.case("300 random boards of every size: as the lines add up")
def _(t: Context) -> None:
    rng = random.Random(84)
    for size in SIZES:
        rows, columns, _ = size
        _expect(t, [random_board(rng, rows * columns, rng.random()) for _ in range(60)], size)


@batch_line_evaluation.case("called again on the same boards: the same scores")
def _(t: Context) -> None:
    boards = [[1, -1, 0, 0, 1, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0, -1]]
    for _ in range(3):
        _expect(t, boards, (3, 3, 3))


contract(
    "batch_line_evaluation",
    dimension("numbers", "scores of both signs and zero; line weights 1 to 1,000 (k up to 5)",
              "one board at a time", "the weights", "300 random boards"),
    dimension("shapes", "boards from 3 x 3 to 15 x 15, k from 3 to 5; batches of 1 to 60 boards",
              "other boards", "one board at a time", "many boards in one call", "300 random boards"),
    dimension("directions", "open lines of either side (plus and minus) and dead lines (zero)",
              "the docstring's boards", "a line holding marks of both sides", "one board at a time"),
    dimension("outputs", "a list of Python ints, one per board, in order; the arguments left unchanged",
              "many boards in one call", "the boards and lines given"),
    dimension("repeats", "the same boards asked again", "called again"),
)
