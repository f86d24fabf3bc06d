"""Notebook 06 (gomoku): ``count_fours``, ``candidates``, ``forbidden_kind``."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Any

from tictac_edu.evaluation.gomoku import candidate_points, line_patterns
from tictac_edu.exercises.checks import contract, dimension
from tictac_edu.exercises.checks.explain import once_per_function
from tictac_edu.exercises.diagnosis import Probe, call
from tictac_edu.exercises.positions import random_renju_positions
from tictac_edu.exercises.registry import Context, declare, is_int, show_value
from tictac_edu.games import Gomoku
from tictac_edu.games.gomoku import BLACK, WHITE, Point, parse_point, point_name

# -- count_fours ----------------------------------------------------------------------------------

count_fours = declare(
    "count_fours", notebook="06",
    summary="Black's fives, open fours and fours on one line, each pattern counted once",
    returns='a dict {"five": ..., "open four": ..., "four": ...} of whole numbers',
    reference="tictac_edu.exercises.solutions.nb06_gomoku:count_fours",
    hints=[
        "Go through every window of five points: `for start in range(len(line) - 4)`, the window being "
        "`line[start:start + 5]`. Skip a window with an \"O\" in it. Five \"X\" make a five; four \"X\" and "
        "one \".\" show a four: four stones and the one point that completes them.",
        "The same four stones can be seen by two windows (`.XXXX.` by `.XXXX` and by `XXXX.`). Collect them "
        "in a dict: the key `frozenset` of the four stones' positions, the value the set of points that "
        "complete them. Two points: an open four; one point: a four (`XX.XX` has only its gap).",
        "Last, the fives: windows of five that overlap are one five (six in a row is one five), and a set "
        "of four stones that lies inside a five is not also a four.",
    ],
)

KEYS = ("five", "open four", "four")

TRAPS: tuple[tuple[str, str], ...] = (
    (".XXXX.", "one open four: two windows see the same four stones, and both G and L complete them"),
    ("..XXXX..", "one open four, with room around it"),
    ("XX.XX", "a four, not an open four: only the gap makes five (the 11011 trap)"),
    (".XX.XX.", "a four, not an open four, though both ends are empty: only the gap makes five"),
    ("X.XXX", "a four with a gap: only the gap makes five"),
    ("XXX.X", "a four with a gap"),
    ("X.XXX.X", "two fours on one line: two different sets of four stones, each completed by its own gap"),
    ("OXXXX.", "a four: White blocks one end"),
    ("XXXX.", "a four: the edge of the board blocks one end"),
    (".XXXX", "a four at the other edge"),
    ("XXXX", "nothing: the line is only four points long, no window of five fits"),
    ("XXXXX", "a five"),
    ("XXXXXX", "one five: six in a row is one five in freestyle, not two"),
    ("XXXXX.", "a five, and its stones are not also a four"),
    ("XXXXX.X", "a five, and a four beside it: X X X X . X with the last stone and three of the five"),
    ("OXXXXO", "nothing: White blocks both ends of four stones that have no room"),
    ("XXXXOXXXX", "nothing: the white stone leaves four points on each side"),
    (".XXXXO....", "a four: White blocks one end"),
    ("X.X.X.X.X", "nothing: no window of five holds four black stones"),
)


def _line_counts(line: str) -> dict[str, int]:
    counts = line_patterns(line)[BLACK]
    return {"five": counts.five, "open four": counts.open_four, "four": counts.four}


def _show_line(line: str) -> str:
    return f"count_fours({line!r})"


def _expect_fours(t: Context, line: str, why: str = "") -> None:
    shown = _show_line(line)
    got = t.call(line, position=shown)
    expected = _line_counts(line)
    if not isinstance(got, dict):
        t.fail(f'count_fours should return a dict such as {{"five": 0, "open four": 1, "four": 0}}; it returned '
               f"{show_value(got)}.", kind="wrong type", position=shown, expected=expected, got=got)
    missing = [key for key in KEYS if key not in got]
    if missing:
        t.fail(f"The dict has no {', '.join(repr(key) for key in missing)}: it must have the three keys "
               f"{', '.join(repr(key) for key in KEYS)} (a count of 0 included).", position=shown,
               expected=expected, got=got)
    answer = {key: got[key] for key in KEYS}
    if answer == expected:
        return
    differ = ", ".join(f"{answer[key]!r} {key}{'s' if answer[key] != 1 else ''} (not {expected[key]})"
                       for key in KEYS if answer[key] != expected[key])
    census, mistake = _fours_census(t)
    t.fail(f"On the line {line!r}: {why or 'not the patterns of the docstring'}. Your function counts {differ}. "
           + census, position=shown, expected=expected, got=answer,
           mistake=mistake if census else _fours_mistake(line, expected, answer), observed=census or None)


CENSUS_LINES: tuple[tuple[str, str], ...] = (
    ("XXXXX", "a five"), (".XXXX.", "an open four"), ("XXXX.", "a four at the edge"),
    ("OXXXX.", "a four blocked by White"),
    ("XX.XX", "a four with a gap"), ("X.XXX.X", "two fours"), ("XXXXXX", "one five (six in a row)"),
    ("XXXXX.", "a five and no four"), ("XXXXX.X", "a five and, sharing three of its stones, a four"),
    ("..XXX..", "nothing (a three)"),
)
"""Simple lines whose counts say which step of a pattern count goes wrong."""


def _fours_census(t: Context) -> tuple[str, str | None]:
    """The learner's counts of the :data:`CENSUS_LINES` that differ, in words, and the mistake
    they point to (if they point to one)."""
    wrong = {}
    for line, what in CENSUS_LINES:
        got = t.call(line, position=_show_line(line))
        answer = {key: got.get(key) for key in KEYS} if isinstance(got, dict) else got
        if answer != _line_counts(line):
            wrong[line] = (what, answer)
    if not wrong:
        return "", None
    text = "Asked about simple lines, your function gives " + "; ".join(
        f"{line!r} ({what}): {_counts_text(answer)}" for line, (what, answer) in wrong.items()) + "."
    names = set(wrong)
    mistake = None
    if names <= {".XXXX."} and isinstance(wrong[".XXXX."][1], dict) and wrong[".XXXX."][1].get("four") == 2:
        mistake = "four_per_window"
    elif names <= {"XX.XX", "X.XXX.X"} and all(isinstance(a, dict) and a.get("open four") for _, a in wrong.values()):
        mistake = "gap_four_open"
    elif names <= {"XX.XX", "X.XXX.X"}:
        mistake = "contiguous_only"
    elif names <= {"XXXXX.", "XXXXXX"} and all(isinstance(a, dict) and a.get("four") for _, a in wrong.values()):
        mistake = "five_also_four"
    elif names == {"XXXXX.X"} and isinstance(wrong["XXXXX.X"][1], dict) and wrong["XXXXX.X"][1].get("four") == 0:
        mistake = "four_sharing_five"
    elif names == {"XXXXXX"}:
        mistake = "five_per_window"
    elif names <= {"OXXXX."}:
        mistake = "white_ignored"
    elif names <= {"XXXX.", "XXXXX."} and all(isinstance(a, dict) and a.get("open four") for _, a in wrong.values()):
        mistake = "edge_as_empty"
    return text, mistake


def _counts_text(answer: Any) -> str:
    if not isinstance(answer, dict):
        return show_value(answer)
    return ", ".join(f"{answer.get(key)!r} {key}{'' if answer.get(key) == 1 else 's'}" for key in KEYS)


def _fours_mistake(line: str, expected: dict[str, int], got: dict[str, Any]) -> str | None:
    """The classic mistake that best explains a wrong answer on ``line`` (a guess)."""
    if expected["open four"] and got.get("four") == expected["four"] + 2 * expected["open four"]:
        return "four_per_window"
    if "XX.XX" in line or "X.XXX" in line or "XXX.X" in line:
        if got.get("open four", 0) > expected["open four"]:
            return "gap_four_open"
        if got.get("four", 0) < expected["four"]:
            return "contiguous_only"
    if expected["five"] and got.get("five", 0) > expected["five"]:
        return "five_per_window"
    if expected["five"] and got.get("four", 0) > expected["four"]:
        return "five_also_four"
    if expected["five"] and expected["four"] and got.get("four", 0) < expected["four"]:
        return "four_sharing_five"
    if "O" in line and sum(got.get(key, 0) for key in KEYS) > sum(expected.values()):
        return "white_ignored"
    if got.get("open four", 0) > expected["open four"] and (line.startswith("X") or line.endswith("X")):
        return "edge_as_empty"
    return None


@count_fours.probes
def _() -> list[Probe]:
    lines = [line for line, _ in TRAPS] + ["....XXXX", "XXXX....", "O.XXXX.O", ".XXXXX.XXXX.", "XXXX.XXXX",
                                         "X.XXX.XXX", "OXX.XXO", "..XXX..", "OXXXXX.", "XXXOXX.X"]
    return [call(line) for line in lines]


@count_fours.case("an open four .XXXX. is ONE pattern, though two windows of five see it")
def _(t: Context) -> None:
    for line, why in TRAPS[:2]:
        _expect_fours(t, line, why)
    for padding in range(4):
        _expect_fours(t, "." * padding + ".XXXX." + "O" * padding, "one open four")


@count_fours.case("XX.XX is a four, not an open four; X.XXX.X holds two fours (the 11011 trap)")
def _(t: Context) -> None:
    for line, why in TRAPS[2:7]:
        _expect_fours(t, line, why)


@count_fours.case("blocked by White or by the edge of the board: a four, or nothing")
def _(t: Context) -> None:
    for line, why in TRAPS[7:11] + TRAPS[15:18]:
        _expect_fours(t, line, why)


@count_fours.case("fives: six in a row is one five, and the stones of a five are not a four as well")
def _(t: Context) -> None:
    for line, why in TRAPS[11:15] + TRAPS[18:]:
        _expect_fours(t, line, why)


@count_fours.case("every line of 5 to 8 points with four black stones or more (2,160 lines): as line_patterns")
def _(t: Context) -> None:
    for length in range(5, 9):
        for cells in itertools.product(".XO", repeat=length):
            line = "".join(cells)
            if line.count("X") >= 4:
                _expect_fours(t, line)


@count_fours.case("longer lines: fives and fours side by side, White between them, fours at both edges")
def _(t: Context) -> None:
    for line in ("....XXXX", "XXXX....", "O.XXXX.O", ".XXXXX.XXXX.", "XXXX.XXXX", "X.XXX.XXX", "OXX.XXO", "..XXX..",
                 "OXXXXX.", "XXXOXX.X", "XXXXX.XXXXX", ".XXXX.XXXX.", "X.XXXXX.X"):
        _expect_fours(t, line)


@count_fours.case("random lines of 15 points, crowded and sparse")
def _(t: Context) -> None:
    rng = random.Random(61)
    for black in (0.4, 0.55, 0.7):
        for _ in range(100):
            line = "".join("X" if (roll := rng.random()) < black else "O" if roll > 0.9 else "." for _ in range(15))
            _expect_fours(t, line)


# -- candidates -----------------------------------------------------------------------------------

candidates = declare(
    "candidates", notebook="06",
    summary="the empty points within radius steps of a stone (the centre on an empty board)",
    returns="a list of points (x, y), each once",
    reference="tictac_edu.exercises.solutions.nb06_gomoku:candidates",
    hints=[
        "On an empty board return `[(state.size // 2, state.size // 2)]`. Otherwise go through every stone: "
        "`state.stones(\"Black\") + state.stones(\"White\")`.",
        "Around a stone (x, y) the candidates are (x + dx, y + dy) for every dx AND every dy from -radius to "
        "radius: `range(-radius, radius + 1)`. That is a square of 5 x 5 points for radius 2, diagonals "
        "included.",
        "Keep a point only if it is on the board (0 <= x < size and 0 <= y < size) and empty "
        "(`state.stone(point) is None`). Collect the points in a set, so that a point near two stones "
        "comes once, and return `sorted(found)`.",
    ],
)


def _position_code(state: Gomoku) -> str:
    return state.as_code()


def _candidate_list(t: Context, state: Gomoku, radius: int | None) -> list[Point]:
    arguments = (state,) if radius is None else (state, radius)
    call_text = f"candidates(state{'' if radius is None else f', {radius}'})"
    got = t.call(*arguments, position=state)
    reproduce = f"state = {_position_code(state)}; {call_text}"
    if isinstance(got, set | frozenset):
        got = sorted(got, key=repr)
    if not isinstance(got, list | tuple) or not all(isinstance(point, tuple) and len(point) == 2 for point in got):
        t.fail("candidates should return a list of points (x, y), such as [(7, 7), (8, 7)]; it returned "
               f"{show_value(got)}.", kind="wrong type", position=state, expected="a list of (x, y) tuples",
               got=show_value(got), raw=True, reproduce=reproduce)
    odd = [point for point in got if not (is_int(point[0]) and is_int(point[1]))]
    if odd:
        t.fail("A point is a pair of whole numbers (x, y), the column and the row; your list holds "
               f"{show_value(odd[0])}. (`size // 2` divides without a remainder; `size / 2` gives 7.5.)",
               kind="wrong type", position=state, expected="points (x, y) of whole numbers", got=show_value(got),
               raw=True, reproduce=reproduce)
    return list(got)


def _expect_candidates(t: Context, state: Gomoku, radius: int | None = None, why: str = "") -> None:
    got = _candidate_list(t, state, radius)
    expected = candidate_points(state, 2 if radius is None else radius)
    if len(set(got)) != len(got):
        repeated = sorted({point for point in got if got.count(point) > 1})
        t.fail(f"Some points are listed more than once: {', '.join(_named(point, state) for point in repeated[:6])}.",
               position=state, expected=_points_text(expected, state), got=_points_text(got, state), raw=True,
               mistake="duplicate_points")
    if sorted(got) == sorted(expected):
        return
    extra, missing = sorted(set(got) - set(expected)), sorted(set(expected) - set(got))
    size = state.size
    off = [point for point in extra if not (0 <= point[0] < size and 0 <= point[1] < size)]
    taken = [point for point in extra if point not in off and state.stone(point) is not None]
    parts = []
    if missing:
        parts.append(f"missing {len(missing)}: {', '.join(_named(point, state) for point in missing[:8])}")
    if extra:
        parts.append(f"not candidates but listed, {len(extra)}: "
                     f"{', '.join(_named(point, state) for point in extra[:8])}")
    t.fail((why + " " if why else "") + "; ".join(parts) + ".", position=state,
           expected=_points_text(expected, state), got=_points_text(got, state), raw=True,
           mistake=_candidates_mistake(state, radius or 2, missing, extra, off, taken),
           reproduce=f"state = {_position_code(state)}; candidates(state{'' if radius is None else f', {radius}'})")


def _points_text(points: Sequence[Point], state: Gomoku) -> str:
    """``24 points: F10, F9, ...`` (sorted, shortened)."""
    names = [point_name(point, state.size) if 0 <= point[0] < state.size and 0 <= point[1] < state.size
             else str(point) for point in sorted(points)]
    shown = ", ".join(names[:40]) + (", ..." if len(names) > 40 else "")
    return f"{len(points)} point{'s' if len(points) != 1 else ''}: {shown}"


def _named(point: Point, state: Gomoku) -> str:
    size = state.size
    if 0 <= point[0] < size and 0 <= point[1] < size:
        return f"{point_name(point, size)} {point}"
    return f"{point} (off the board)"


def _candidates_mistake(state: Gomoku, radius: int, missing: Sequence[Point], extra: Sequence[Point],
                        off: Sequence[Point], taken: Sequence[Point]) -> str | None:
    stones = state.stones(BLACK) + state.stones(WHITE)
    if not stones:
        return "empty_board_centre"
    if off:
        return "off_board"
    if taken:
        return "occupied_listed"

    def distance(point: Point) -> int:
        return min(max(abs(point[0] - x), abs(point[1] - y)) for x, y in stones)

    if missing and all(distance(point) == radius for point in missing):
        diagonal = all(min(abs(point[0] - x) + abs(point[1] - y) for x, y in stones) > radius for point in missing)
        return "manhattan_radius" if diagonal else "radius_off_by_one"
    if extra and all(distance(point) == radius + 1 for point in extra):
        return "radius_off_by_one"
    return None


@candidates.probes
def _() -> list[Probe]:
    positions = [Gomoku(), Gomoku(9), Gomoku.from_moves("h8"), Gomoku.from_moves("a1"), Gomoku.from_moves("h8 o15"),
                 Gomoku.from_moves("h8 i9"), Gomoku.from_moves("h8 h9 h10 a1"),
                 Gomoku.from_moves("h8 a15 i9 o1 j10")]
    return [call(state) for state in positions] + [call(Gomoku.from_moves("h8 i9 c3"), 1),
                                                   call(Gomoku.from_moves("h8 i9"), 3)]


@candidates.case("the empty board: the centre alone, (7, 7) on 15 x 15, (4, 4) on 9 x 9")
def _(t: Context) -> None:
    _expect_candidates(t, Gomoku(), why="On an empty board the only candidate is the centre, H8 = (7, 7):")
    _expect_candidates(t, Gomoku(9), why="On an empty 9 x 9 board the only candidate is its centre, (4, 4):")


@candidates.case("one stone in the middle: the 24 points of the 5 x 5 square around it")
def _(t: Context) -> None:
    _expect_candidates(t, Gomoku.from_moves("h8"), why="Around a single stone the candidates are the 5 x 5 square "
                       "around it, diagonals included, without the stone itself: 24 points;")


@candidates.case("stones near the edge and in the corners: nothing off the board")
def _(t: Context) -> None:
    for moves in ("a1", "o15", "h8 o15", "a8 o8", "h1 h15"):
        _expect_candidates(t, Gomoku.from_moves(moves), why="Near the edge, only points on the board count:")


@candidates.case("stones close together: each point once, stones never, both colours' neighbours")
def _(t: Context) -> None:
    for moves in ("h8 i9", "h8 h9 h10 a1", "h8 a15 i9 o1 j10", "h8 i8 j8 k8 g7 f6"):
        _expect_candidates(t, Gomoku.from_moves(moves))


@candidates.case("radius 1 and radius 3")
def _(t: Context) -> None:
    for radius in (1, 3):
        for moves in ("h8", "h8 i9 c3", "a1 o15"):
            _expect_candidates(t, Gomoku.from_moves(moves), radius,
                               why=f"With radius={radius} the square around each stone is "
                                   f"{2 * radius + 1} x {2 * radius + 1}:")


@candidates.case("random games of 5 to 60 moves, and a 9 x 9 board")
def _(t: Context) -> None:
    rng = random.Random(62)
    for size in (15, 15, 15, 9):
        for _ in range(5):
            state = Gomoku(size)
            for _ in range(rng.randint(5, 60 if size == 15 else 25)):
                if state.is_terminal():
                    break
                state = state.play(rng.choice(state.legal_moves()))
            _expect_candidates(t, state)


# -- forbidden_kind -------------------------------------------------------------------------------

forbidden_kind = declare(
    "forbidden_kind", notebook="06",
    summary="whether a black stone on a point is forbidden under renju, and why",
    returns='"OL", "44", "33" or None',
    reference="tictac_edu.exercises.solutions.nb06_gomoku:forbidden_kind",
    hints=[
        "Put the stone on a COPY: `after = set(black) | {point}`. Then `runs = [run_length(after, point, d) "
        "for d in DIRECTIONS]`: if 5 is among them the move wins and is never forbidden (return None); "
        "else if some run is 6 or longer it is an overline, \"OL\".",
        "Fours: add up `fours(after, white, point, d, size)` over the four directions (two fours on one "
        "line count as two). Two or more: \"44\".",
        "Threes: a direction holds a real three if, among `straight_four_points(after, white, point, d, "
        "size)`, some point is NOT forbidden itself: `forbidden_kind(after, white, four_point, size) is "
        "None` (your function calls itself). Count the directions with a real three; two or more: \"33\".",
    ],
)

Composed = tuple[str, Sequence[str], Sequence[str], str, str]
"""A composed problem: its title, Black's and White's stones by name, the point, the lesson."""

COMPOSED: tuple[Composed, ...] = (
    ("a double-three", ("H8", "I8", "J7", "J6"), (), "J8",
     "J8 makes two open threes at once, H8-I8-J8 across and J8-J7-J6 down: a double-three, \"33\"."),
    ("one open three", ("H8", "I8"), (), "J8",
     "J8 makes ONE open three, H8-I8-J8: it has two straight-four points (G8 and K8) but is one three. "
     "Allowed."),
    ("an overline", ("D8", "E8", "F8", "H8", "I8"), (), "G8",
     "G8 makes six in a row, D8 to I8: an overline, \"OL\"."),
    ("five first", ("E8", "F8", "G8", "H8", "I10", "I11", "I12", "J7", "K6", "L5"), (), "I8",
     "I8 makes exactly five, E8 to I8: a win, and never forbidden, although it also makes two fours "
     "(I8 with I10-I11-I12, and I8-J7-K6-L5)."),
    ("two fours on one line", ("C8", "D8", "E8", "I8", "J8", "K8"), (), "G8",
     "G8 makes X X X . X . X X X: two fours on one line (C8-D8-E8-G8, completed by F8, and G8-I8-J8-K8, "
     "completed by H8): a double-four, \"44\"."),
    ("a four and a three", ("F8", "G8", "H8", "I9", "I10"), (), "I8",
     "I8 makes a four (F8-G8-H8-I8) and a three (I8-I9-I10): a 4-3, allowed (it is how Black wins)."),
    ("a fake three", ("I8", "J8", "H9", "H10", "K9", "K10", "K11", "K7", "K6"), ("F8",), "H8",
     "H8 makes a real three down (H8-H9-H10) and a three across (H8-I8-J8) whose only straight-four point, "
     "K8, is an overline point (K6 to K11): a fake three. One real three: allowed."),
)


def _composed_position(black: Iterable[str], white: Iterable[str]) -> tuple[set[Point], set[Point]]:
    return {parse_point(name) for name in black}, {parse_point(name) for name in white}


def _board(black: set[Point], white: set[Point], size: int = 15) -> Gomoku:
    return Gomoku.from_stones(black, white, rule="renju", size=size, to_move=BLACK)


def _code(black: set[Point], white: set[Point], point: Point, size: int) -> str:
    tail = "" if size == 15 else f", {size}"
    return f"forbidden_kind({sorted(black)}, {sorted(white)}, {point}{tail})"


def _expect_forbidden(t: Context, black: set[Point], white: set[Point], point: Point, lesson: str = "",
                      size: int = 15, state: Gomoku | None = None) -> None:
    state = state or _board(black, white, size)
    position = state.text() + f"\n(the point: {point_name(point, size)} = {point})"
    arguments = (black, white, point) if size == 15 else (black, white, point, size)
    got = t.call(*arguments, position=position)
    expected = state.forbidden_points().get(point)
    if got not in ("OL", "44", "33", None):
        t.fail(f"forbidden_kind should return \"OL\", \"44\", \"33\" or None; it returned {show_value(got)}.",
               kind="wrong type", position=position, expected=expected, got=got, mistake="forbidden_kind_value",
               reproduce=_code(black, white, point, size))
    if got == expected:
        return
    census, mistake = _forbidden_census(t)
    t.fail((lesson or f"At {point_name(point, size)} the rules give {expected!r}.") + (" " + census if census else ""),
           position=position, expected=expected, got=got,
           mistake=mistake if census else _forbidden_mistake(black, white, point, size, expected, got),
           reproduce=_code(black, white, point, size), observed=census or None)


def _forbidden_census(t: Context) -> tuple[str, str | None]:
    """The learner's answers to the composed problems (one rule each) that differ from the
    rules, in words, and the mistake they point to (if they point to one)."""
    wrong = {}
    for title, black_names, white_names, name, _ in COMPOSED:
        black, white = _composed_position(black_names, white_names)
        point = parse_point(name)
        got = t.call(black, white, point, position=_board(black, white).text())
        expected = _board(black, white).forbidden_points().get(point)
        if got != expected:
            wrong[title] = (name, expected, got)
    if not wrong:
        return "", None
    text = "Asked about the composed problems, one rule each, your function answers " + "; ".join(
        f"{title} ({name}): {got!r}, not {expected!r}" for title, (name, expected, got) in wrong.items()) + "."
    names = set(wrong)
    kinds = {got for _, _, got in wrong.values()}
    if kinds == {None} and {"a double-three", "an overline", "two fours on one line"} <= names:
        return text + " Every forbidden point came back None: does a test before the overline, double-four and " \
                      "double-three tests (the five test?) return too early?", None
    rules = {"five first": "five_not_first", "an overline": "overline_as_five",
             "two fours on one line": "one_four_per_line", "a fake three": "fake_three",
             "one open three": "three_per_point", "a four and a three": "four_as_three"}
    if len(names) == 1 and next(iter(names)) in rules:
        return text, rules[next(iter(names))]
    return text, None


def _forbidden_mistake(black: set[Point], white: set[Point], point: Point, size: int, expected: str | None,
                       got: str | None) -> str | None:
    from tictac_edu.games.renju import DIRECTIONS, fours, run_length, straight_four_points

    after = black | {point}
    runs = [run_length(after, point, direction) for direction in DIRECTIONS]
    if 5 in runs and got is not None:
        return "five_not_first"
    if expected == "OL":
        return "overline_as_five"
    four_counts = [fours(after, white, point, direction, size) for direction in DIRECTIONS]
    if expected == "44" and max(four_counts) >= 2:
        return "one_four_per_line"
    if got == "33" and expected is None:
        lines = [direction for direction in DIRECTIONS if straight_four_points(after, white, point, direction, size)]
        if any(four_counts) and len(lines) < 2:
            return "four_as_three"
        if len(lines) >= 2:
            return "fake_three"
        return "three_per_point"
    return None


@forbidden_kind.probes
def _() -> list[Probe]:
    probes = []
    for _, black_names, white_names, name, _ in COMPOSED:
        black, white = _composed_position(black_names, white_names)
        probes.append(call(black, white, parse_point(name)))
    for state, point in _mixed_points():
        probes.append(call(set(state.stones(BLACK)), set(state.stones(WHITE)), point))
    return probes


@cache
def _mixed_points() -> tuple[tuple[Gomoku, Point], ...]:
    """Points of random renju positions where the probes learn the most: every forbidden point of a
    few positions, and as many allowed points near black stones."""
    found: list[tuple[Gomoku, Point]] = []
    for state in random_renju_positions(8, seed=63):
        forbidden = state.forbidden_points()
        black = set(state.stones(BLACK))
        allowed = [point for point in state.legal_moves()
                   if sum((point[0] + dx, point[1] + dy) in black for dx in (-1, 0, 1) for dy in (-1, 0, 1)) >= 2]
        found += [(state, point) for point in sorted(forbidden)[:6]] + [(state, point) for point in allowed[:6]]
    return tuple(found)


def _composed_case(index: int) -> None:
    title, black_names, white_names, point, lesson = COMPOSED[index]

    @forbidden_kind.case(f"{title}: {point}")
    def _(t: Context) -> None:
        black, white = _composed_position(black_names, white_names)
        _expect_forbidden(t, black, white, parse_point(point), lesson)


for _index in range(len(COMPOSED)):
    _composed_case(_index)


@forbidden_kind.case("every empty point of random renju positions of 10 to 60 stones: as Gomoku.forbidden_points")
def _(t: Context) -> None:
    for state in random_renju_positions(6, seed=64):
        black, white = set(state.stones(BLACK)), set(state.stones(WHITE))
        for point in state.legal_moves() + sorted(state.forbidden_points()):
            _expect_forbidden(t, black, white, point, state=state)


@forbidden_kind.case("the far edge of the 15 x 15 board (size left at 15): a three against the edge is not open")
def _(t: Context) -> None:
    black = {(12, 7), (13, 7), (14, 5), (14, 6)}
    _expect_forbidden(t, black, set(), (14, 7), "O8 makes one open three, down (O6-O7-O8), and a three against the "
                      "right edge (M8-N8-O8) that can never become a straight four: one three, allowed. (With the "
                      "board taken one column wider, it would be a double-three.)")
    black = {(0, 10), (0, 11), (0, 12), (0, 13)}
    _expect_forbidden(t, black | {(0, 8)}, set(), (0, 9), "A6 makes six in a row on the left edge, A7 to A2: an "
                      "overline.")


@forbidden_kind.case("called again on the same points: the same answers (nothing kept between calls)")
def _(t: Context) -> None:
    for index in (0, 2, 0, 2):
        _, black_names, white_names, point, lesson = COMPOSED[index]
        black, white = _composed_position(black_names, white_names)
        _expect_forbidden(t, black, white, parse_point(point), lesson)


@forbidden_kind.case("a 9 x 9 board: the size is passed on")
def _(t: Context) -> None:
    black, white = {(1, 4), (2, 4), (4, 2), (4, 1)}, set[Point]()
    _expect_forbidden(t, black, white, (4, 4), "On a 9 x 9 board, (4, 4) makes two open threes.", size=9)
    black, white = {(0, 4), (1, 4), (2, 4), (4, 4), (5, 4)}, set[Point]()
    _expect_forbidden(t, black, white, (3, 4), "(3, 4) makes six in a row on a 9 x 9 board.", size=9)


contract(
    "count_fours",
    dimension("order", "each set of four stones once: an open four seen by two windows is one; two fours on one line "
              "are two", "an open four", "XX.XX is a four"),
    dimension("order", "a five beside a four that shares stones; six in a row is one five; the stones of a five are "
              "not a four again", "fives: six in a row", "every line of 5 to 8 points"),
    dimension("shapes", "lines of 0 to 15 points, the edges of the board and White's stones blocking",
              "blocked by White or by the edge", "every line of 5 to 8 points", "longer lines",
              "random lines of 15 points"),
    dimension("outputs", 'a dict with the three keys, a count of 0 included', "every line of 5 to 8 points"),
)

contract(
    "candidates",
    dimension("shapes", "the 15 x 15 board and a 9 x 9 one; stones on the edges and in the corners",
              "stones near the edge", "random games of 5 to 60 moves", "the empty board"),
    dimension("inputs", "the empty board (the centre alone), one stone, many stones of both colours",
              "the empty board", "one stone in the middle", "stones close together"),
    dimension("numbers", "radius 1, 2 (the default) and 3", "radius 1 and radius 3", "one stone in the middle"),
    dimension("outputs", "each point once, empty and on the board, in any order", "stones close together",
              "random games"),
)

contract(
    "forbidden_kind",
    dimension("order", "the rules' order: a five first (even with a double-four), then overline, double-four, "
              "double-three", "five first", "an overline", "two fours on one line", "a double-three"),
    dimension("order", "combinations: two fours on one line, a four and a three (allowed), a fake three",
              "two fours on one line", "a four and a three", "a fake three"),
    dimension("shapes", "the 15 x 15 default with stones on the far edge, and a 9 x 9 board",
              "the far edge", "a 9 x 9 board"),
    dimension("inputs", "random positions of 10 to 60 stones, every empty point", "every empty point"),
    dimension("repeats", "the same point asked again", "called again"),
)


# -- vcf: victory by continuous fours ----------------------------------------------------------------

vcf = declare(
    "vcf", notebook="06",
    summary="a victory by continuous fours for the player to move: every attacking move a four, every reply forced",
    returns="a list of points (the winning line) or None",
    reference="tictac_edu.exercises.solutions.nb06_gomoku:vcf",
    hints=[
        "Write the helper first: the empty points where one more stone of a side makes five. A five point of the "
        "stones just played lies on their four lines; test a point with `run_length(stones | {point}, point, "
        "direction) >= 5` for each of the 4 directions.",
        "The order of the tests: her own five point first (return it), then depth 0 (None), then the defender's five "
        "points: two or more, she has lost (None); one, she must play there, and it must be a four for the attack "
        "to go on.",
        "For each move that makes a four: if it makes two five points, she has won: `[move, one, other]`. Otherwise "
        "the defender's block is forced: `rest = vcf(attacker | {move}, defender | {block}, depth - 1, size)`, and "
        "if rest is not None, return `[move, block, *rest]`. New sets each time: never add to the sets given.",
    ],
)

VCF_POSITIONS: tuple[tuple[str, int, str, int], ...] = (
    # (title, size, moves "x,y ..." from the empty board (the player to move attacks), depth)
    ("a VCF of two fours", 15, "10,2 7,6 9,2 10,5 8,10 5,6 9,10 6,5 5,8 10,6 6,8 9,5 4,5 7,7 3,11", 2),
    ("the same position, one four allowed: no VCF", 15, "10,2 7,6 9,2 10,5 8,10 5,6 9,10 6,5 5,8 10,6 6,8 9,5 4,5 "
     "7,7 3,11", 1),
    ("a VCF of three fours, none shorter", 15, "7,7 8,7 4,9 7,2 4,5 5,7 7,9 9,9 7,13 4,10 6,8 4,8 8,6 7,6 8,5 9,5 "
     "6,7 8,4 4,4 6,4 7,8", 3),
    ("the same position, two fours allowed: no VCF", 15, "7,7 8,7 4,9 7,2 4,5 5,7 7,9 9,9 7,13 4,10 6,8 4,8 8,6 "
     "7,6 8,5 9,5 6,7 8,4 4,4 6,4 7,8", 2),
    ("the defender has a four: block it first (here it leads nowhere)", 15, "7,3 7,8 7,5 7,7 7,4 9,7 4,6 9,10 6,5 "
     "6,8 10,7 6,10 8,5 6,9 6,7 5,8 10,10 6,4 10,8 3,10 5,5", 2),
    ("a five at once: the five alone", 15, "9,4 5,8 6,1 8,5 6,2 4,9 11,7 7,6 9,7 8,10 4,6 8,4 3,6 5,7 10,5 5,5 9,8",
     2),
    ("no four at all: no VCF", 15, "8,5 7,9 8,6 6,6 8,8", 3),
    ("a 9 x 9 board: a VCF of two fours along the edges", 9, "8,4 7,2 2,3 7,3 6,2 8,0 4,2 8,3 5,2 5,6 1,0 5,8 7,1 "
     "4,3 2,1 8,5", 2),
    ("a 9 x 9 board: three fours", 9, "6,3 0,7 6,2 1,8 0,4 3,5 1,7 7,8 7,0 8,8 5,2 5,1 8,3 8,0 5,3 2,2 8,6 1,6", 3),
    ("a 9 x 9 board: the defender has a four", 9, "3,6 7,7 3,8 1,5 2,6 4,4 7,6 1,4 3,4 1,8 8,3 7,1 5,5 4,8 3,5 1,3 "
     "6,8", 2),
)
"""Positions from random games (searched once for the traps each holds), as moves from the empty
board: the player to move attacks."""

Stones = set[Point]

VCF_COMPOSED: tuple[tuple[str, Sequence[Point], Sequence[Point], int], ...] = (
    ("an open four: two five points, one four is enough", ((5, 7), (6, 7), (7, 7)), ((0, 0), (0, 1), (14, 14)), 1),
    ("a double four two steps from every stone", ((5, 7), (6, 7), (7, 7), (9, 3), (9, 4), (9, 5)),
     ((4, 7), (9, 2), (0, 0), (0, 14), (14, 0), (14, 14)), 1),
    ("the defender has two five points: lost, even with an open four to make",
     ((1, 3), (1, 4), (1, 5), (7, 8), (8, 8), (9, 8)), ((2, 2), (3, 2), (4, 2), (5, 2), (12, 12), (12, 13)), 2),
    ("a five at once with no four allowed", ((5, 7), (6, 7), (7, 7), (8, 7)), ((4, 7), (0, 0), (0, 1)), 0),
    ("a double four two rows below and two columns right of every stone",
     ((9, 3), (9, 4), (9, 5), (5, 3), (6, 4), (7, 5)), ((9, 2), (4, 2), (0, 0), (0, 14), (14, 0), (14, 14)), 1),
    ("a four against the left edge: one five point, no win in one four", ((0, 7), (1, 7), (2, 7)),
     ((14, 0), (14, 1), (14, 14)), 1),
    ("a five at the left edge, on column A", ((1, 7), (2, 7), (3, 7), (4, 7)), ((5, 7), (14, 1), (14, 14)), 2),
)
"""Composed positions: (title, the attacker's stones, the defender's, depth)."""


@cache
def vcf_problems() -> tuple[tuple[str, frozenset[Point], frozenset[Point], int, int], ...]:
    """Every position of the checks as (title, attacker's stones, defender's, depth, size)."""
    problems = []
    for title, size, moves, depth in VCF_POSITIONS:
        points: list[Point | str] = [(int(move.split(",")[0]), int(move.split(",")[1])) for move in moves.split()]
        state = Gomoku.from_moves(points, size=size)
        attacker = frozenset(state.stones(state.to_move))
        defender = frozenset(state.stones(WHITE if state.to_move == BLACK else BLACK))
        problems.append((title, attacker, defender, depth, size))
    for title, attacker_points, defender_points, depth in VCF_COMPOSED:
        problems.append((title, frozenset(attacker_points), frozenset(defender_points), depth, 15))
    return tuple(problems)


def vcf_board(attacker: Stones, defender: Stones, size: int) -> Gomoku:
    """The position with the attacker as Black, to move (freestyle: the colours do not matter)."""
    return Gomoku.from_stones(sorted(attacker), sorted(defender), size=size, to_move=BLACK)


def check_line(line: Any, attacker: Stones, defender: Stones, depth: int, size: int) -> tuple[str, str]:
    """Whether ``line`` is a right answer: ("", "") if it is a VCF of at most ``depth`` fours (a
    five at once alone when there is one); else (the kind of fault, the fault in words)."""
    from tictac_edu.solvers.threats import must_block, win_in_one

    state = vcf_board(attacker, defender, size)
    fives = must_block(Gomoku.from_stones(sorted(attacker), sorted(defender), size=size, to_move=WHITE))
    if not isinstance(line, list | tuple) or not line or not all(
            isinstance(point, tuple) and len(point) == 2 and all(is_int(v) for v in point) for point in line):
        return "format", f"a line is a list of points (x, y); this is {show_value(line)}"
    if len(line) % 2 == 0:
        return "format", ("the line ends with a defender's reply, or leaves the replies out: it is the attacker's "
                          "move, the defender's reply, and so on, ending with the attacker's five")
    if fives:
        if len(line) == 1 and tuple(line[0]) in fives:
            return "", ""
        return "five first", (f"the attacker can make five at once at {_names(fives, size)}: the line is that "
                              "five alone")
    fours = (len(line) - 1) // 2
    if fours > depth:
        return "depth", f"the line plays {fours} fours; depth {depth} allows at most {depth}"
    for index in range(0, len(line), 2):
        move = tuple(line[index])
        name = _name(move, size)
        if move not in state.legal_moves():
            return "illegal", f"{name} is not an empty point of the board"
        after = state.play(move)
        if index == len(line) - 1:
            if after.winner == BLACK:
                return "", ""
            return "not five", f"the line ends with {name}, which does not make five"
        blocks = must_block(after)
        counter = win_in_one(after)
        if counter is not None:
            return "counter", (f"after {name} the defender makes five at {_name(counter, size)}: he had a four of "
                               "his own, and the attacker must block it first")
        if not blocks:
            return "not a four", f"{name} is not a four: it threatens no five, and the defender may play anywhere"
        reply = tuple(line[index + 1])
        if reply not in blocks:
            return "not forced", (f"after {name} the defender must block at {_names(blocks, size)}; the line has him "
                                  f"play {_name(reply, size)}")
        state = after.play(reply)
    return "format", "the line does not end with a five"


def _name(point: Any, size: int) -> str:
    try:
        return point_name(tuple(point), size)
    except (TypeError, ValueError):
        return show_value(point)


def _names(points: Iterable[Point], size: int) -> str:
    return " or ".join(_name(point, size) for point in sorted(points))


def _vcf_answer(t: Context, attacker: frozenset[Point], defender: frozenset[Point], depth: int, size: int) -> Any:
    shown = vcf_board(set(attacker), set(defender), size).text() + f"\n(Black attacks; depth {depth})"
    arguments: tuple[Any, ...] = (set(attacker), set(defender), depth) if size == 15 else \
        (set(attacker), set(defender), depth, size)
    got = t.call(*arguments, position=shown)
    if isinstance(got, tuple):
        got = list(got)
    return got


def vcf_outcome(line: Any, attacker: Stones, defender: Stones, depth: int, size: int) -> str:
    """``"none"``, ``"valid"`` or the kind of fault of an answer (for naming a mistake)."""
    if line is None:
        return "none"
    kind, _ = check_line(line, attacker, defender, depth, size)
    return kind or "valid"


def _vcf_census(t: Context) -> str:
    """The learner's answers on every problem that are wrong, in words (worked out once per
    check: the diagnosis, which asks the same problems, names the mistake)."""
    def compute() -> str:
        wrong = []
        for index, (title, attacker, defender, depth, size) in enumerate(vcf_problems()):
            got = _vcf_answer(t, attacker, defender, depth, size)
            outcome = vcf_outcome(got, set(attacker), set(defender), depth, size)
            if outcome not in ("valid", "none") or (outcome == "none") == (vcf_answer(index) is not None):
                wrong.append(f"{title}: {'no VCF found' if outcome == 'none' else outcome}")
        return ("Asked about every problem, your function is wrong on " + "; ".join(wrong) + ".") if wrong else ""

    return str(once_per_function(t.fn, "vcf census", compute))


@cache
def vcf_answer(index: int) -> list[Point] | None:
    """The reference's answer to problem number ``index`` of :func:`vcf_problems` (worked out once)."""
    _, attacker, defender, depth, size = vcf_problems()[index]
    return vcf.reference(set(attacker), set(defender), depth, size)


def _expect_vcf(t: Context, attacker: frozenset[Point], defender: frozenset[Point], depth: int, size: int = 15,
                why: str = "") -> None:
    got = _vcf_answer(t, attacker, defender, depth, size)
    right = next(vcf_answer(index) for index, problem in enumerate(vcf_problems())
                 if problem[1:] == (attacker, defender, depth, size))
    shown = vcf_board(set(attacker), set(defender), size).text() + f"\n(Black attacks; depth {depth})"
    code = f"vcf({sorted(attacker)}, {sorted(defender)}, {depth}" + ("" if size == 15 else f", {size}") + ")"
    if got is None:
        if right is None:
            return
        seen = (f"There is a VCF of at most {depth} four{'s' if depth != 1 else ''} here, for example "
                f"{' '.join(_name(point, size) for point in right)}; your function found none.")
    else:
        kind, fault = check_line(got, set(attacker), set(defender), depth, size)
        if not kind:
            return
        names = " ".join(_name(point, size) for point in got) if isinstance(got, list) else show_value(got)
        seen = f"Your line {names} is not a win: {fault}."
    census = _vcf_census(t)
    t.fail((why + " " if why else "") + seen + (" " + census if census else ""), position=shown,
           expected=" ".join(_name(point, size) for point in right) if right else "None (no VCF)",
           got=" ".join(_name(point, size) for point in got) if isinstance(got, list) else show_value(got),
           raw=True, observed=census or seen, reproduce=code)


def _problem(title: str) -> tuple[frozenset[Point], frozenset[Point], int, int]:
    for name, attacker, defender, depth, size in vcf_problems():
        if name == title:
            return attacker, defender, depth, size
    raise KeyError(title)


def _vcf_case(title: str, lesson: str, *, titles: Sequence[str] | None = None) -> None:
    @vcf.case(title)
    def _(t: Context) -> None:
        for name in titles or (title,):
            attacker, defender, depth, size = _problem(name)
            _expect_vcf(t, attacker, defender, depth, size, lesson)


_vcf_case("a five at once: the five alone", "She can make five now: the answer is that point alone, [point].",
          titles=("a five at once: the five alone", "a five at once with no four allowed"))
_vcf_case("an open four: two five points, one four is enough", "One four with two five points wins: the defender "
          "blocks one, she plays the other.")
_vcf_case("a double four two steps from every stone", "A four can be two steps from every stone of hers (X X X . "
          "m): the candidates reach two steps, not one, in every direction.",
          titles=("a double four two steps from every stone",
                  "a double four two rows below and two columns right of every stone"))
_vcf_case("the edges of the 15 x 15 board: a five on column A, a four against the edge", "The board ends at "
          "column A: a five point there counts, a point beyond it does not.",
          titles=("a five at the left edge, on column A", "a four against the left edge: one five point, no win in "
                  "one four"))
_vcf_case("a VCF of two fours", "Four, forced block, four, forced block, five: the line holds the replies too.",
          titles=("a VCF of two fours", "the same position, one four allowed: no VCF"))
_vcf_case("a VCF of three fours, none shorter", "depth is the most fours she may play before her five.",
          titles=("a VCF of three fours, none shorter", "the same position, two fours allowed: no VCF"))
_vcf_case("the defender has a four: block it first (here it leads nowhere)", "A four of the defender's must be "
          "blocked before anything else; if that block is no four, the attack is over.",
          titles=("the defender has a four: block it first (here it leads nowhere)",
                  "a 9 x 9 board: the defender has a four"))
_vcf_case("the defender has two five points: lost, even with an open four to make", "Two five points of the "
          "defender cannot both be blocked: no VCF.")
_vcf_case("no four at all: no VCF", "Without a four there is no VCF.")
_vcf_case("a 9 x 9 board: a VCF of two fours along the edges", "The board's size is passed on: fours end at its "
          "edges.", titles=("a 9 x 9 board: a VCF of two fours along the edges", "a 9 x 9 board: three fours"))


@vcf.case("the sets given are left unchanged, and the same problem asked again gives a win again")
def _(t: Context) -> None:
    for title in ("a VCF of two fours", "a VCF of two fours", "an open four: two five points, one four is enough"):
        attacker, defender, depth, size = _problem(title)
        _expect_vcf(t, attacker, defender, depth, size, "Asked again, with sets of its own:")


@vcf.probes
def _() -> list[Probe]:
    def probe(attacker: frozenset[Point], defender: frozenset[Point], depth: int, size: int) -> Probe:
        def ask(fn: Callable[..., Any]) -> str:
            a, d = set(attacker), set(defender)
            outcome = vcf_outcome(fn(a, d, depth, size), set(attacker), set(defender), depth, size)
            return outcome + ("" if (a, d) == (set(attacker), set(defender)) else " (the sets changed)")
        return ask

    return [probe(attacker, defender, depth, size) for _, attacker, defender, depth, size in vcf_problems()]


contract(
    "vcf",
    dimension("order", "her five first; then the defender's fours (one: block it, and only a four goes on; two: "
              "lost); then her own fours", "a five at once", "the defender has a four", "the defender has two"),
    dimension("directions", "a VCF found when there is one within depth, None when there is none, both ways, at "
              "the depth limit", "a VCF of two fours", "a VCF of three fours", "no four at all"),
    dimension("shapes", "the 15 x 15 default and a 9 x 9 board, stones on the edges", "a 9 x 9 board",
              "the edges of the 15 x 15 board"),
    dimension("inputs", "fours of every kind: an open four, a double four two steps from every stone, fours "
              "with a gap", "an open four", "a double four"),
    dimension("outputs", "the line with the defender's forced replies, ending with the five; the sets unchanged",
              "a VCF of two fours", "the sets given are left unchanged"),
    dimension("repeats", "the same problem asked again", "the sets given are left unchanged"),
)


# -- proof_numbers --------------------------------------------------------------------------------

INF = float("inf")

proof_numbers = declare(
    "proof_numbers", notebook="06",
    summary="the proof and disproof numbers of an OR or an AND node from its children's",
    returns="a pair (proof, disproof) of numbers (math.inf allowed)",
    reference="tictac_edu.exercises.solutions.nb06_gomoku:proof_numbers",
    hints=[
        "Think of what each number counts: the leaves still to prove (proof) or to disprove (disproof). At an "
        "OR node ONE child proved is enough; to disprove it, ALL children must be disproved.",
        "OR node: proof = min of the children's proof numbers, disproof = sum of their disproof numbers. AND "
        "node: proof = sum of the proofs, disproof = min of the disproofs.",
        "Use math.inf for infinity: min and sum handle it. With no children, give min a default: "
        "`min(numbers, default=math.inf)`; the sum of nothing is 0.",
    ],
)

PN_CASES: tuple[tuple[list[tuple[float, float]], bool], ...] = (
    ([(1, 1), (2, 3), (4, 1)], True), ([(1, 1), (2, 3), (4, 1)], False),
    ([(0, INF), (3, 2)], True), ([(0, INF), (3, 2)], False), ([(INF, 0), (1, 1)], False), ([(INF, 0), (1, 1)], True),
    ([(INF, 0), (INF, 0)], True), ([(0, INF), (0, INF)], False), ([], True), ([], False),
    ([(2.5, 0.5), (1.5, 4)], True), ([(7, 2)], False),
)


def pn_rule(children: Sequence[tuple[float, float]], is_or: bool) -> tuple[float, float]:
    """The right numbers (see :func:`tictac_edu.search.proofnumber.set_numbers`)."""
    proofs, disproofs = [p for p, _ in children], [d for _, d in children]
    if is_or:
        return min(proofs, default=INF), sum(disproofs)
    return sum(proofs), min(disproofs, default=INF)


PN_SLIPS: tuple[tuple[str, Callable[[Sequence[tuple[float, float]], bool], tuple[float, float]], str], ...] = (
    ("pn_min_sum_swapped", lambda children, is_or: pn_rule(children, not is_or), "the rule of the other kind of node"),
    ("pn_numbers_mixed", lambda children, is_or: pn_rule([(d, p) for p, d in children], is_or)[::-1],
     "the proof number made of the children's disproof numbers"),
)


@proof_numbers.probes
def _() -> list:
    return [call(list(children), is_or) for children, is_or in PN_CASES]


def _check_pn(t: Context, children: list[tuple[float, float]], is_or: bool) -> None:
    got = t.call(list(children), is_or)
    ok = isinstance(got, (tuple, list)) and len(got) == 2 and all(isinstance(x, (int, float)) for x in got)
    t.expect_type(got, ok, position=f"proof_numbers({children!r}, {is_or})")
    right = pn_rule(children, is_or)
    if tuple(got) == right:
        return
    kind = "an OR node (the attacker to move)" if is_or else "an AND node (the defender to move)"
    text = f"For {kind} with the children {children!r}, the numbers are {right!r}; your function returned {got!r}."
    position = f"proof_numbers({children!r}, is_or={is_or})".replace("inf", "math.inf")
    for mistake, slip, looks in PN_SLIPS:
        if slip(children, is_or) == tuple(got):
            t.fail(text + f" That is {looks}.", mistake=mistake, position=position, expected=right, got=got)
    if any(x != INF and x >= 10 ** 6 for x in got) and INF in right:
        t.fail(text + " Infinity must stay infinite.", mistake="pn_inf_as_number", position=position,
               expected=right, got=got)
    t.fail(text, position=position, expected=right, got=got,
           observed="OR: (min of the proofs, sum of the disproofs); AND: (sum of the proofs, min of the disproofs).")


@proof_numbers.case("an OR node and an AND node with unsettled children")
def _(t: Context) -> None:
    _check_pn(t, [(1, 1), (2, 3), (4, 1)], True)
    _check_pn(t, [(1, 1), (2, 3), (4, 1)], False)


@proof_numbers.case("a proved or a disproved child: infinity")
def _(t: Context) -> None:
    for children, is_or in PN_CASES[2:8]:
        _check_pn(t, children, is_or)


@proof_numbers.case("no children, fractions, a single child")
def _(t: Context) -> None:
    for children, is_or in PN_CASES[8:]:
        _check_pn(t, children, is_or)


@proof_numbers.case("200 random nodes")
def _(t: Context) -> None:
    rng = random.Random(61)
    for _ in range(200):
        children = [(rng.choice([0, INF, *range(1, 9)]), rng.choice([0, INF, *range(1, 9)]))
                    for _ in range(rng.randint(1, 5))]
        children = [(p, d) if p and d else ((0, INF) if not p else (INF, 0)) for p, d in children]
        _check_pn(t, children, rng.random() < 0.5)


@proof_numbers.case("a proof-number search with your rule: tic-tac-toe is no forced win for X", expensive=True)
def _(t: Context) -> None:
    from tictac_edu.games import TicTacToe
    from tictac_edu.search.proofnumber import PNNode, ProofNumberSearch

    class Yours(ProofNumberSearch):
        def numbers(self, node: PNNode) -> None:
            children = [(child.proof, child.disproof) for child in node.children or ()]
            got = t.call(children, node.is_or)
            node.proof, node.disproof = got[0], got[1]

    search = Yours("X", max_nodes=40_000)
    root = search.new_node(TicTacToe(), None, None)
    search.run(root)
    if (root.proof, root.disproof) != (INF, 0) or search.nodes != 13_950:
        t.fail("With the right rule, the search disproves X's forced win from the empty board after creating "
               "13,950 nodes.", position="TicTacToe()", expected="(inf, 0) after 13,950 nodes",
               got=f"({root.proof}, {root.disproof}) after {search.nodes:,} nodes")


contract(
    "proof_numbers",
    dimension("directions", "OR and AND nodes, proved and disproved children",
              "an OR node and an AND node", "a proved or a disproved child"),
    dimension("numbers", "math.inf, fractions, 0", "a proved or a disproved child", "no children, fractions"),
    dimension("inputs", "no children at all, one child, several", "no children, fractions", "200 random nodes"),
    dimension("cost", "a whole proof-number search built on it", "a proof-number search with your rule"),
)
