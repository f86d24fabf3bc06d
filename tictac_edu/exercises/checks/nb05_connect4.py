"""Notebook 05 (Connect Four): ``check_win``, ``score_window``, ``centre_key``."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from tictac_edu.evaluation import from_root_player, window_evaluation
from tictac_edu.exercises.checks import contract, dimension
from tictac_edu.exercises.diagnosis import Probe, call
from tictac_edu.exercises.positions import random_games, random_stones, stones_from
from tictac_edu.exercises.registry import Context, declare, is_bool, is_int, is_number, show_value
from tictac_edu.games import ConnectFour
from tictac_edu.games.connect4 import has_four, show_stones
from tictac_edu.search import SearchTimeout, alphabeta

Cell = tuple[int, int]

# -- check_win ------------------------------------------------------------------------------------

check_win = declare(
    "check_win", notebook="05",
    summary="four in a row on a Connect Four bitboard, in any of the four directions",
    returns="True or False",
    reference="tictac_edu.exercises.solutions.nb05_connect4:check_win",
    hints=[
        "Work on the whole board at once. `stones >> shift` moves every disc `shift` bits down, that is one "
        "step back along a line, so `stones & (stones >> shift)` has a 1 on every disc whose neighbour one "
        "step on is a disc too.",
        "There are four directions, each with its own shift: up 1, right rows + 1 (one whole column, the "
        "sentinel included), up-right rows + 2 and down-right rows. Forgetting one of the two diagonals is "
        "the classic slip: write all four.",
        "For each shift: `pairs = stones & (stones >> shift)`; then `pairs & (pairs >> 2 * shift)` is not 0 "
        "exactly when two pairs lie two steps apart, which is four in a row. Return True as soon as one "
        "direction has it, and False after the loop.",
    ],
)

DIRECTION_STEPS: dict[str, Cell] = {
    "vertical": (0, 1),
    "horizontal": (1, 0),
    "diagonal up-right": (1, 1),
    "diagonal down-right": (1, -1),
}
"""Each direction as a step (columns, rows)."""

DIRECTION_MISTAKES = {
    "vertical": "missing_vertical",
    "horizontal": "missing_horizontal",
    "diagonal up-right": "missing_diagonal_up",
    "diagonal down-right": "missing_diagonal_down",
}

SIZES = ((7, 6), (6, 5), (8, 7), (5, 4), (9, 8))
"""Board sizes (columns, rows) the checks use: the usual one first."""


def lines(columns: int, rows: int, direction: str, length: int = 4) -> list[list[Cell]]:
    """Every run of ``length`` cells in one direction that fits on the board."""
    d_column, d_row = DIRECTION_STEPS[direction]
    found = []
    for column in range(columns):
        for row in range(rows):
            cells = [(column + i * d_column, row + i * d_row) for i in range(length)]
            if all(0 <= c < columns and 0 <= r < rows for c, r in cells):
                found.append(cells)
    return found


def four_by_cells(stones: int, columns: int, rows: int) -> bool:
    """Four in a row, found cell by cell (an independent check of the bitboard answers)."""
    stride = rows + 1
    return any(all(stones >> (c * stride + r) & 1 for c, r in cells)
               for direction in DIRECTION_STEPS for cells in lines(columns, rows, direction))


def wrapped_lines(columns: int, rows: int) -> list[list[Cell]]:
    """Four cells that follow each other up a column and on from the bottom of the next (three
    at the top of a column and one at the bottom of the next, two and two, one and three): not
    four in a row, though they would be if the columns had no sentinel bit."""
    return [[(column, rows - 1 - i) for i in range(on_top)] + [(column + 1, i) for i in range(4 - on_top)]
            for column in range(columns - 1) for on_top in (1, 2, 3)]


def spaced_lines(columns: int, rows: int) -> list[list[Cell]]:
    """Four cells whose bits are ``rows - 1`` apart (``b, b + rows - 1, ...``): not in a line on
    the board, though they would be a diagonal if the columns were ``rows`` bits tall."""
    stride = rows + 1
    found = []
    for start in range(columns * stride):
        cells = [divmod(start + i * (rows - 1), stride) for i in range(4)]
        if all(r < rows and c < columns for c, r in cells) and \
                not four_by_cells(stones_from(cells, rows), columns, rows):
            found.append(cells)
    return found


def _bits_of(cells: Sequence[Cell], rows: int) -> str:
    return ", ".join(str(c * (rows + 1) + r) for c, r in sorted(cells))


def _no_wrapping(t: Context, columns: int, rows: int) -> None:
    for cells in wrapped_lines(columns, rows):
        _expect_win(t, stones_from(cells, rows), columns, rows, False,
                    "Discs at the top of one column and at the bottom of the next are not four in a row: a line does "
                    "not run on from the top of a column into the next one. (Between them lies the sentinel bit, "
                    "always 0.)", "sentinel_ignored")
    for cells in spaced_lines(columns, rows):
        _expect_win(t, stones_from(cells, rows), columns, rows, False,
                    f"These four discs are not in a line on the board, although their bits ({_bits_of(cells, rows)}) "
                    f"are evenly spaced, {rows - 1} apart. They would be a diagonal if the columns were {rows} bits "
                    f"tall, without the sentinel; with {rows + 1} bits per column a step of {rows - 1} is one column "
                    "right and two rows down.", "sentinel_ignored")


@cache
def _probe_boards() -> tuple[tuple[int, int], ...]:
    """(stones, rows): the boards on which a learner's function is compared with the variants."""
    boards: list[tuple[int, int]] = []
    for columns, rows in SIZES[:3]:
        for direction in DIRECTION_STEPS:
            for length in (4, 3):
                boards += [(stones_from(cells, rows), rows) for cells in lines(columns, rows, direction, length)]
        near_misses = wrapped_lines(columns, rows) + spaced_lines(columns, rows)
        boards += [(stones_from(cells, rows), rows) for cells in near_misses]
    rng = random.Random(505)
    boards += [(random_stones(rng, 7, 6, 0.3), 6) for _ in range(20)]
    return tuple(boards)


@check_win.probes
def _() -> list:
    probes = [call(stones, rows) for stones, rows in _probe_boards()]
    return probes + [call(stones_from([(0, 0), (0, 1), (0, 2), (0, 3)]))]


def _expect_win(t: Context, stones: int, columns: int, rows: int, expected: bool, message: str,
                fallback: str | None = None, *, give_rows: bool = True) -> None:
    shown = show_stones(stones, columns, rows)
    call = f"check_win({stones}, {rows})" if give_rows else f"check_win({stones})"
    got = _win(t, stones, rows, shown, call, give_rows)
    if got == expected:
        return
    census, found = _win_census(t)
    t.fail(f"{message} {census}".strip(), position=shown, expected=expected, got=got, reproduce=call,
           mistake=found if census else fallback, observed=census or None)


def _win(t: Context, stones: int, rows: int, shown: str, call: str, give_rows: bool = True) -> Any:
    got = t.call(*((stones, rows) if give_rows else (stones,)), position=shown)
    t.expect_type(got, is_bool(got), position=shown, reproduce=call, mistake="return_bool" if is_int(got) else None)
    return got


def _win_census(t: Context) -> tuple[str, str | None]:
    """Which fours the learner's function misses and which non-fours it takes for fours, asked
    about a few of each kind on the usual board and on one 5 rows high; in words, with the mistake
    they point to (if they point to one)."""

    def asks(cells: Sequence[Cell], rows: int) -> Any:
        stones = stones_from(cells, rows)
        return _win(t, stones, rows, show_stones(stones, 7, rows), f"check_win({stones}, {rows})")

    missed: dict[str, int] = {}
    for direction in DIRECTION_STEPS:
        found = lines(7, 6, direction)
        missed[direction] = sum(asks(cells, 6) is not True for cells in (found[0], found[len(found) // 2], found[-1]))
    threes = [direction for direction in DIRECTION_STEPS if asks(lines(7, 6, direction, 3)[0], 6) is True]
    wraps = sum(asks(cells, 6) is True for cells in wrapped_lines(7, 6)[:6] + spaced_lines(7, 6)[:6])
    small = [direction for direction in DIRECTION_STEPS if asks(lines(7, 5, direction)[0], 5) is not True]
    parts = [f"{direction}: misses {count} of 3" for direction, count in missed.items() if count]
    if threes:
        parts.append(f"three in a row taken for four ({', '.join(threes)})")
    if wraps:
        parts.append(f"{wraps} of 12 sets of four discs that are not in a line (across the sentinel) taken for four")
    if small and not any(missed.values()):
        parts.append(f"on a board 5 rows high it misses fours ({', '.join(small)})")
    if not parts:
        return "", None
    text = "Asked about a few fours in each direction and a few near misses, your function: " + "; ".join(parts) + "."
    fully = [direction for direction, count in missed.items() if count == 3]
    if len(fully) == 4 and not threes and not wraps:
        return text + " It finds four in a row in no direction at all.", None
    if threes and len(threes) == 4 and not any(missed.values()):
        return text, "three_in_a_row"
    if wraps and not any(missed.values()) and not threes:
        return text, "sentinel_ignored"
    if small and not any(missed.values()) and not threes and not wraps:
        return text, "shifts_for_six_rows"
    if not threes and not wraps and missed == {d: 3 if d in fully else 0 for d in DIRECTION_STEPS}:
        if len(fully) == 1:
            return text, DIRECTION_MISTAKES[fully[0]]
        if set(fully) == {"diagonal up-right", "diagonal down-right"}:
            return text, "missing_diagonal_up"
    return text, None


def _every_line(t: Context, columns: int, rows: int, direction: str) -> None:
    for cells in lines(columns, rows, direction):
        _expect_win(t, stones_from(cells, rows), columns, rows, True,
                    f"Four in a row, {direction}, from column {cells[0][0]}, row {cells[0][1]}: that is a win.",
                    DIRECTION_MISTAKES[direction])


@check_win.case("four up a column (vertical), in every place: True")
def _(t: Context) -> None:
    _every_line(t, 7, 6, "vertical")


@check_win.case("four along a row (horizontal), in every place: True")
def _(t: Context) -> None:
    _every_line(t, 7, 6, "horizontal")


@check_win.case("four on a diagonal going up to the right, in every place: True")
def _(t: Context) -> None:
    _every_line(t, 7, 6, "diagonal up-right")


@check_win.case("four on a diagonal going down to the right, in every place: True")
def _(t: Context) -> None:
    _every_line(t, 7, 6, "diagonal down-right")


@check_win.case("no disc, one disc: False")
def _(t: Context) -> None:
    _expect_win(t, 0, 7, 6, False, "No disc at all: no four in a row.")
    for cell in ((0, 0), (3, 2), (6, 5)):
        _expect_win(t, stones_from([cell]), 7, 6, False, "A single disc is not four in a row.")


@check_win.case("three in a row is not four: False")
def _(t: Context) -> None:
    for direction in DIRECTION_STEPS:
        for cells in lines(7, 6, direction, 3):
            _expect_win(t, stones_from(cells), 7, 6, False,
                        f"Only three in a row ({direction}): not a win yet.", "three_in_a_row")
    for direction in DIRECTION_STEPS:          # four cells of a line with one missing: X X . X
        for cells in lines(7, 6, direction)[:3]:
            for gap in (1, 2):
                _expect_win(t, stones_from(cells[:gap] + cells[gap + 1:]), 7, 6, False,
                            f"Three discs of a {direction} line with a gap: not four in a row.")


@check_win.case("no wrapping round: a 'line' that only exists if the sentinel is ignored: False")
def _(t: Context) -> None:
    _no_wrapping(t, 7, 6)


@check_win.case("called without rows: the usual 6 rows")
def _(t: Context) -> None:
    for direction in DIRECTION_STEPS:
        found = lines(7, 6, direction)
        for cells in (found[0], found[len(found) // 2], found[-1]):
            _expect_win(t, stones_from(cells), 7, 6, True, f"Four in a row, {direction}, with rows left at its "
                        "default of 6.", DIRECTION_MISTAKES[direction], give_rows=False)
    _expect_win(t, stones_from([(0, 3), (0, 4), (0, 5), (1, 0)]), 7, 6, False, "Not four in a row: three at the "
                "top of the first column and one at the bottom of the next.", give_rows=False)


@check_win.case("random games: the winner's discs, and only the winner's, hold four in a row")
def _(t: Context) -> None:
    games = random_games(51, 20, 7, 42, finished=True) + random_games(52, 20, 1, 30)
    for state in games:
        for player in state.players:
            stones = state.stones(player)
            won = state.winner == player
            _expect_win(t, stones, state.columns, state.rows, won,
                        (f"These are the discs of {player}, who has just won this game (ConnectFour.winner)."
                         if won else f"These are the discs of {player} in a game that {player} has not won "
                                     f"({state.result_text()}): no four in a row."
                         ) + f" The game: {state.moves_string()!r}.")


@check_win.case("random boards, crowded and sparse: as the package's has_four")
def _(t: Context) -> None:
    rng = random.Random(53)
    for density in (0.2, 0.35, 0.5, 0.65):
        for _ in range(15):
            stones = random_stones(rng, 7, 6, density)
            expected = has_four(stones, 7)
            _expect_win(t, stones, 7, 6, expected, "Four in a row somewhere on this board." if expected else
                        "No four in a row on this board.")


@check_win.case("other board sizes: 5, 4, 7 and 8 rows")
def _(t: Context) -> None:
    rng = random.Random(54)
    for columns, rows in SIZES[1:]:
        for direction in DIRECTION_STEPS:
            for cells in lines(columns, rows, direction):
                _expect_win(t, stones_from(cells, rows), columns, rows, True,
                            f"Four in a row, {direction}, on a board of {columns} columns and {rows} rows "
                            f"(rows = {rows}): the shifts are up 1, right {rows + 1}, up-right {rows + 2}, "
                            f"down-right {rows}. Compute them from `rows`, and assume nothing about the width.")
        _no_wrapping(t, columns, rows)
        for _ in range(10):
            stones = random_stones(rng, columns, rows, 0.4)
            expected = has_four(stones, rows + 1)
            _expect_win(t, stones, columns, rows, expected, f"On a board of {columns} columns and {rows} rows: "
                        + ("four in a row somewhere." if expected else "no four in a row."))


# -- score_window ---------------------------------------------------------------------------------

score_window = declare(
    "score_window", notebook="05",
    summary="the design documents' score of one window of four cells, for one player",
    returns="a whole number (the window's score for player)",
    reference="tictac_edu.exercises.solutions.nb05_connect4:score_window",
    hints=[
        "Count the discs first: how many are `player`'s (`window.count(player)`) and how many the "
        "opponent's. The score depends only on these two counts, not on where the discs are in the window.",
        "If both players have discs in the window, neither can ever make four there: 0. Otherwise look up "
        "the count in the table of the docstring: your own discs score +1, +10, +100, +100000 for 1 to 4, "
        "the opponent's -2, -60, -5000, -100000.",
        "Each window gets exactly ONE score: an if/elif chain on the count (or a table indexed by it). The "
        "constants are in tictac_edu.evaluation.connect4: `from tictac_edu.evaluation.connect4 import "
        "THREE_SCORE, OPPONENT_THREE_SCORE` and so on.",
    ],
)

OWN_WEIGHTS = (0, 1, 10, 100, 100_000)
"""The design documents' score of a window holding n of one's own discs, the rest empty."""
OPPONENT_WEIGHTS = (0, -2, -60, -5_000, -100_000)
"""The design documents' score of a window holding n of the opponent's discs, the rest empty."""

ALL_WINDOWS: tuple[tuple[str | None, ...], ...] = tuple(itertools.product(("X", "O", None), repeat=4))
"""The 81 windows of four cells."""


def window_score(window: Sequence[str | None], player: str) -> int:
    """The design documents' score of a window for ``player`` (the exercise's answer)."""
    other = "O" if player == "X" else "X"
    mine, theirs = list(window).count(player), list(window).count(other)
    if mine and theirs:
        return 0
    return OWN_WEIGHTS[mine] if mine else OPPONENT_WEIGHTS[theirs]


@score_window.probes
def _() -> list:
    probes = [call(list(window), player) for window in ALL_WINDOWS for player in "XO"]
    return probes + [call(("O", "O", None, "O"), "X")]


def _show_window(window: Sequence[str | None], player: str) -> str:
    cells = " ".join("." if cell is None else str(cell) for cell in window)
    return f"score_window({show_value(list(window) if isinstance(window, list) else window)}, {player!r})  " \
           f"# the window: {cells}"


def _window_score(t: Context, window: Sequence[str | None], player: str) -> float:
    shown = _show_window(window, player)
    got = t.call(window, player, position=shown)
    t.expect_type(got, is_number(got), position=shown)
    return got


def _expect_window(t: Context, window: Sequence[str | None], player: str, message: str = "") -> None:
    expected = window_score(window, player)
    got = _window_score(t, window, player)
    if got == expected:
        return
    mistake = None
    other = "O" if player == "X" else "X"
    mine, theirs = list(window).count(player), list(window).count(other)
    if mine and theirs:
        mistake = "mixed_window"
    elif theirs and got == -OWN_WEIGHTS[theirs]:
        mistake = "opponent_weights"
    seen = [f"holding {count} of {player}'s discs and no other" for count in range(1, 5) if got == OWN_WEIGHTS[count]]
    seen += [f"holding {count} of {other}'s discs and no other" for count in range(1, 5)
             if got == OPPONENT_WEIGHTS[count]]
    if got == 0:
        seen.append("holding discs of both players, or none")
    content = f"{mine} of {player}'s discs, {theirs} of {other}'s"
    what = (f" This window holds {content}; your {show_value(got)} is the score of a window "
            f"{' or '.join(seen)}." if seen else f" This window holds {content}.")
    t.fail((message or f"Not the score of this window for {player}.") + what, position=_show_window(window, player),
           expected=expected, got=got, mistake=mistake,
           observed=f"A window with {content} got {show_value(got)}: which branch of your function gave it?")


def _counted(player: str, mine: int, theirs: int, order: int = 0) -> list[str | None]:
    """A window with ``mine`` of ``player``'s discs and ``theirs`` of the opponent's, in one of a
    few arrangements."""
    other = "O" if player == "X" else "X"
    cells: list[str | None] = [player] * mine + [other] * theirs + [None] * (4 - mine - theirs)
    arrangements = sorted(set(itertools.permutations(cells)), key=lambda cells: [str(c) for c in cells])
    return list(arrangements[order % len(arrangements)])


@score_window.case("an empty window: 0")
def _(t: Context) -> None:
    for player in "XO":
        _expect_window(t, [None, None, None, None], player, "An empty window scores 0.")


@score_window.case("your own discs, the rest empty: +1, +10, +100, +100000")
def _(t: Context) -> None:
    for player in "XO":
        for mine in (1, 2, 3, 4):
            for order in (0, 1):
                _expect_window(t, _counted(player, mine, 0, order), player,
                               f"{mine} of {player}'s discs and {4 - mine} empty cells: {OWN_WEIGHTS[mine]:+} for "
                               f"{player}.")


@score_window.case("the opponent's discs, the rest empty: -2, -60, -5000, -100000")
def _(t: Context) -> None:
    for player in "XO":
        other = "O" if player == "X" else "X"
        for theirs in (1, 2, 3, 4):
            for order in (0, 2):
                _expect_window(t, _counted(player, 0, theirs, order), player,
                               f"{theirs} of {other}'s discs and {4 - theirs} empty cells, scored for {player}: "
                               f"{OPPONENT_WEIGHTS[theirs]:+}.")


@score_window.case("discs of both players: 0, neither can make four there")
def _(t: Context) -> None:
    for player in "XO":
        for mine, theirs in ((1, 1), (2, 1), (1, 2), (3, 1), (1, 3), (2, 2)):
            for order in (0, 3):
                _expect_window(t, _counted(player, mine, theirs, order), player,
                               "Both players have discs in this window: it scores 0.")


@score_window.case("the order inside the window does not matter")
def _(t: Context) -> None:
    for player, mine, theirs in (("X", 3, 0), ("O", 0, 2), ("X", 1, 0), ("O", 2, 1), ("X", 0, 3)):
        first = _counted(player, mine, theirs)
        for window in sorted(set(itertools.permutations(first)), key=lambda cells: [str(c) for c in cells]):
            _expect_window(t, list(window), player, "The same discs in another order: the same score.")


@score_window.case("the window you are given is left unchanged; a tuple works too")
def _(t: Context) -> None:
    for window in (["X", None, "X", "X"], [None, "O", "O", None], ["X", "O", None, None]):
        _expect_window(t, window, "O")
        _expect_window(t, window, "X")
    _expect_window(t, ("O", "O", None, "O"), "X")


@score_window.case("all 81 windows, for X and for O")
def _(t: Context) -> None:
    for window in ALL_WINDOWS:
        for player in "XO":
            _expect_window(t, list(window), player)


@score_window.case("the symmetry test: these weights are NOT symmetric, as the design documents give them")
def _(t: Context) -> None:
    rows = []
    for mine in (1, 2, 3, 4):
        window = ["X"] * mine + [None] * (4 - mine)
        for_x, for_o = _window_score(t, window, "X"), _window_score(t, window, "O")
        expected = (OWN_WEIGHTS[mine], OPPONENT_WEIGHTS[mine])
        if (for_x, for_o) != expected:
            if for_x == OWN_WEIGHTS[mine] and for_o == -for_x:
                t.fail("Your scores are symmetric (the score for O is minus the score for X), but the design "
                       "documents' weights are not: the opponent's windows weigh more.",
                       position=_show_window(window, "O"), expected=expected[1], got=for_o,
                       mistake="opponent_weights")
            _expect_window(t, window, "X")
            _expect_window(t, window, "O")
        rows.append((window, for_x, for_o))
    table = "\n".join(f"  {' '.join('.' if c is None else c for c in window)}   {for_x:>+9}   {for_o:>+9}   "
                      f"{-for_x:>+9}" + ("   (symmetric)" if for_o == -for_x else "")
                      for window, for_x, for_o in rows)
    t.inform("A symmetric evaluation scores every window for O as minus its score for X. With the design\n"
             "documents' weights (and so with your function) only the four is symmetric:\n"
             "  window      for X       for O   symmetric\n" + table + "\n"
             "The opponent's threats weigh more than your own, so the evaluation built on these windows is\n"
             "not symmetric either: window_evaluation(state, 'X') != -window_evaluation(state, 'O'). A negamax\n"
             "search scores each leaf for the player to move there; with an asymmetric evaluation that is not\n"
             "the same as scoring every leaf for the root player (from_root_player), and the two searches\n"
             "visit different trees. symmetry_test in tictac_edu.evaluation.connect4 measures this on whole\n"
             "positions.")


# -- centre_key -----------------------------------------------------------------------------------

centre_key = declare(
    "centre_key", notebook="05",
    summary="a sort key trying the centre column first, then outwards, left before right",
    returns="a number (smaller = searched earlier)",
    reference="tictac_edu.exercises.solutions.nb05_connect4:centre_key",
    hints=[
        "The centre column lies on the most windows of four and the edge columns on the fewest. `sorted` "
        "puts the smallest key first, so let the key grow with the distance from the centre column, "
        "`state.columns // 2`.",
        "`abs(move - centre)` puts 3 first and 0 and 6 last, but gives 2 and 4 the same key (and 1 and 5, and "
        "0 and 6). Settle those ties inside the key, left column first, so that the order is the same whatever "
        "order the columns are listed in.",
        "For example `abs(move - centre) + (0.5 if move > centre else 0)`: 3 -> 0, 2 -> 1, 4 -> 1.5, 1 -> 2, "
        "5 -> 2.5, 0 -> 3, 6 -> 3.5.",
    ],
)

NODE_BUDGET = 4
"""A search with the learner's key is stopped after this many times the expected node count."""


def _keys(t: Context, state: ConnectFour, moves: Sequence[int]) -> dict[int, float]:
    keys = {}
    for move in moves:
        key = t.call(state, move, position=state)
        t.expect_type(key, is_number(key), position=state, reproduce=f"centre_key({_code(state)}, {move})")
        keys[move] = key
    return keys


def _code(state: ConnectFour) -> str:
    return state.as_code()


def centre_first_columns(columns: int) -> tuple[int, ...]:
    """The centre-first order of a board ``columns`` wide: the game's own move order."""
    return ConnectFour(columns, 4).game.move_order


def _order_mistake(keys: dict[int, float], centre: int, columns: int) -> str | None:
    """The likely mistake behind the keys of the columns ``0..columns-1`` of one board, given
    that they did not sort some columns into the centre-first order."""
    expected = list(centre_first_columns(columns))
    got = sorted(range(columns), key=lambda move: keys[move])
    if got == expected[::-1]:
        return "sort_direction"
    if columns != 7 and got[0] == 3:
        return "fixed_centre"
    if got[-1] == centre or keys[centre] > min(keys.values()):
        return "centre_last"
    pairs = [(centre - d, centre + d) for d in range(1, columns) if 0 <= centre - d and centre + d < columns]
    if any(keys[left] == keys[right] for left, right in pairs):
        return "tie_order"
    if pairs and all(keys[right] < keys[left] for left, right in pairs):
        return "right_before_left"
    return None


def _check_order(t: Context, state: ConnectFour, listed: Sequence[int] | None = None, message: str = "") -> None:
    moves = list(state.legal_moves() if listed is None else listed)
    keys = _keys(t, state, moves)
    got = sorted(moves, key=lambda move: keys[move])
    expected = [move for move in centre_first_columns(state.columns) if move in moves]
    if got == expected:
        return
    every_key = {**keys, **_keys(t, state, [move for move in range(state.columns) if move not in keys])}
    mistake = _order_mistake(every_key, state.columns // 2, state.columns)
    shown_keys = ", ".join(f"{move}: {show_value(keys[move])}" for move in sorted(keys))
    listed_text = "" if listed is None else f" The columns were listed in the order {list(listed)}."
    t.fail((message or "Sorted with your key, the columns come in the wrong order.") + listed_text +
           f" Your keys: {{{shown_keys}}}.", position=state, expected=expected, got=got, mistake=mistake,
           reproduce=f"state = {_code(state)}; sorted({moves}, key=lambda move: centre_key(state, move))")


def _order_probe(state: ConnectFour, listed: Sequence[int]) -> Probe:
    return lambda fn: tuple(sorted(listed, key=lambda move: fn(state, move)))


@centre_key.probes
def _() -> list:
    boards = [(ConnectFour(), range(7)), (ConnectFour(), [6, 5, 4, 3, 2, 1, 0]), (ConnectFour(5, 4), range(5)),
              (ConnectFour(9, 7), range(9)), (ConnectFour(6, 6), range(6)),
              (ConnectFour.from_moves("444444"), range(7))]
    return [_order_probe(state, list(listed)) for state, listed in boards]


@centre_key.case("the empty board: 3, 2, 4, 1, 5, 0, 6")
def _(t: Context) -> None:
    _check_order(t, ConnectFour(), message="The centre column 3 comes first, then outwards, left before right.")


@centre_key.case("columns listed right to left, or shuffled: still 3, 2, 4, 1, 5, 0, 6")
def _(t: Context) -> None:
    rng = random.Random(55)
    orders = [[6, 5, 4, 3, 2, 1, 0]] + [rng.sample(range(7), 7) for _ in range(4)]
    for listed in orders:
        _check_order(t, ConnectFour(), listed, "Sorted with your key, the columns must come in the centre-first "
                     "order whatever order they are listed in.")


@centre_key.case("full columns left out: the others keep the centre-first order")
def _(t: Context) -> None:
    for moves in ("444444", "444444111111", "3333335555552", "4"):
        _check_order(t, ConnectFour.from_moves(moves))


@centre_key.case("boards 5, 9, 6 and 8 columns wide: the centre is state.columns // 2")
def _(t: Context) -> None:
    for columns, rows in ((5, 4), (9, 7), (6, 6), (8, 7)):
        _check_order(t, ConnectFour(columns, rows), message=f"On a board {columns} columns wide the centre column "
                     f"is {columns // 2}: it comes first, then outwards, left before right.")


def search_nodes(state: ConnectFour, depth: int, order: Any, budget: int | None = None) -> int | None:
    """The nodes alpha-beta visits from ``state`` to ``depth`` with ``order``, scoring with the
    design documents' evaluation from the root player's side (the convention of the figures);
    ``None`` if it needed more than ``budget`` nodes (it is stopped there)."""
    counter = itertools.count(1)
    evaluate = from_root_player(window_evaluation, state.to_move)
    try:
        return alphabeta(state, depth, evaluate, order=order, deadline=budget, clock=counter.__next__).nodes
    except SearchTimeout:
        return None


@cache
def centre_first_nodes(moves: str, depth: int) -> int:
    """The node count with the package's own centre-first order."""
    state = ConnectFour.from_moves(moves)
    nodes = search_nodes(state, depth, list(centre_first_columns(state.columns)))
    assert nodes is not None
    return nodes


def _check_nodes(t: Context, moves: str, depth: int) -> None:
    state = ConnectFour.from_moves(moves)
    expected = centre_first_nodes(moves, depth)
    budget = NODE_BUDGET * expected
    got = search_nodes(state, depth, lambda position, move: t.call(position, move, position=position), budget)
    if got == expected:
        return
    keys = _keys(t, state, range(state.columns))
    mistake = _order_mistake(keys, state.columns // 2, state.columns)
    fewer = (" A different order searches a different tree: here it happens to visit fewer nodes (no fixed order "
             "is best in every position), but this key must give the centre-first order." if got is not None
             and got < expected else "")
    t.fail(f"alphabeta(state, {depth}, from_root_player(window_evaluation, {state.to_move!r}), order=centre_key) "
           f"visits {expected:,} nodes with the centre-first order 3, 2, 4, 1, 5, 0, 6. With your key it "
           f"visits " + (f"{got:,}." if got is not None else f"more than {budget:,} (it was stopped there).") + fewer,
           position=state, expected=f"{expected:,} nodes",
           got=f"{got:,} nodes" if got is not None else f"more than {budget:,} nodes", raw=True, mistake=mistake)


@centre_key.case("alpha-beta, depth 7, from the empty board, with your key: 8,746 nodes (81,365 in column order)",
                 expensive=True)
def _(t: Context) -> None:
    _check_nodes(t, "", 7)


@centre_key.case("alpha-beta, depth 6, after 4453 and after 32751571231557: as with the centre-first order",
                 expensive=True)
def _(t: Context) -> None:
    _check_nodes(t, "4453", 6)
    _check_nodes(t, "32751571231557", 6)


@centre_key.case("called again on the same boards: the same keys (nothing kept between calls)")
def _(t: Context) -> None:
    for state in (ConnectFour(), ConnectFour(5, 4), ConnectFour()):
        _check_order(t, state)


contract(
    "check_win",
    dimension("shapes", "every four in each of the 4 directions, in every place, on the usual board",
              "four up a column", "four along a row", "four on a diagonal going up", "four on a diagonal going down"),
    dimension("shapes", "boards 4 to 8 rows high and 5 to 9 columns wide (the shifts come from rows)",
              "other board sizes"),
    dimension("directions", "near misses: three in a row, a gap, discs across the sentinel, evenly spaced bits",
              "three in a row is not four", "no wrapping round", "other board sizes"),
    dimension("inputs", "0 discs, 1 disc, crowded and sparse boards; rows left at its default of 6",
              "no disc, one disc", "random boards", "called without rows"),
    dimension("outputs", "True or False, not the bitboard", "four up a column", "random games"),
)

contract(
    "score_window",
    dimension("numbers", "every count of one's own discs (0 to 4) and of the opponent's, with their weights",
              "your own discs", "the opponent's discs", "an empty window"),
    dimension("directions", "the same window scored for X and for O (the weights are not symmetric)",
              "all 81 windows", "the symmetry test"),
    dimension("inputs", "windows mixing both players' discs; discs in any order; a list or a tuple",
              "discs of both players", "the order inside the window", "the window you are given"),
    dimension("outputs", "the window given left unchanged", "the window you are given"),
)

contract(
    "centre_key",
    dimension("shapes", "odd and even widths: 5, 6, 7, 8, 9 columns (the centre is columns // 2)",
              "boards 5, 9, 6 and 8 columns wide", "the empty board"),
    dimension("order", "of two columns as far from the centre, the left one first; no two columns share a key",
              "the empty board", "columns listed right to left"),
    dimension("inputs", "columns listed in any order; full columns left out",
              "columns listed right to left", "full columns left out"),
    dimension("repeats", "the same board asked again", "called again"),
    dimension("cost", "alpha-beta's 8,746 nodes at depth 7 with this order", "alpha-beta, depth 7",
              "alpha-beta, depth 6"),
)


# -- tuning_loss ------------------------------------------------------------------------------------

tuning_loss = declare(
    "tuning_loss", notebook="05",
    summary="the logistic loss of a weight vector on positions labelled with their games' results (Texel's method)",
    returns="a float: the mean loss over the positions",
    reference="tictac_edu.exercises.solutions.nb05_connect4:tuning_loss",
    hints=[
        "One position at a time: `for features, first_to_move, result in positions:`; the score for the player to "
        "move is `sum(w * f for w, f in zip(weights, features))`. Add up the positions' losses and divide by "
        "`len(positions)` at the end: the MEAN, not the sum.",
        "The result is given for the FIRST player; the features, and so the score, are for the player to move. "
        "Turn the result round when the second player is to move: `r = result if first_to_move else 1 - result`. "
        "A draw is 0.5 either way: keep it 0.5 (half a win, half a loss), never 0.",
        "The chance is `p = 1 / (1 + math.exp(-scale * score))`: the scale multiplies the score INSIDE the "
        "exponential. The position's loss is `-(r * math.log(p) + (1 - r) * math.log(1 - p))` (the logistic "
        "loss, not the squared error `(r - p) ** 2`).",
    ],
)

LabelledPosition = tuple[list[float], bool, float]


def _loss_variant(weights: Sequence[float], positions: Sequence[LabelledPosition], scale: float, *,
                  side: bool = True, use_scale: bool = True, mean: bool = True, squared: bool = False) -> float:
    """The loss, or the loss with one classic slip (for naming the mistake an answer shows)."""
    total = 0.0
    for features, first_to_move, result in positions:
        score = sum(weight * feature for weight, feature in zip(weights, features, strict=False))
        r = result if first_to_move or not side else 1 - result
        z = (scale if use_scale else 1.0) * score
        p = 1 / (1 + math.exp(-z))
        total += (r - p) ** 2 if squared else -(r * math.log(p) + (1 - r) * math.log(1 - p))
    return total / len(positions) if mean else total


def _draws_as_losses(weights: Sequence[float], positions: Sequence[LabelledPosition], scale: float) -> float:
    """The slip of a learner who counts a draw as a loss for the player to move."""
    total = 0.0
    for features, first_to_move, result in positions:
        score = sum(weight * feature for weight, feature in zip(weights, features, strict=False))
        r = result if first_to_move else 1 - result
        r = 1.0 if r == 1 else 0.0
        p = 1 / (1 + math.exp(-scale * score))
        total += -(r * math.log(p) + (1 - r) * math.log(1 - p))
    return total / len(positions)


LOSS_SLIPS: tuple[tuple[str, Callable[..., float], str], ...] = (
    ("tuning_wrong_side", lambda w, ps, k: _loss_variant(w, ps, k, side=False),
     "the first player's result used for the player to move"),
    ("tuning_scale", lambda w, ps, k: _loss_variant(w, ps, k, use_scale=False), "the scale left out"),
    ("tuning_draws", _draws_as_losses, "draws counted as losses"),
    ("tuning_mean", lambda w, ps, k: _loss_variant(w, ps, k, mean=False), "the sum of the losses, not their mean"),
    ("tuning_squared", lambda w, ps, k: _loss_variant(w, ps, k, squared=True),
     "the squared error (r - p) ** 2 instead of the logistic loss"),
)


def _loss_close(got: Any, expected: float) -> bool:
    return is_number(got) and math.isfinite(float(got)) and math.isclose(float(got), expected, rel_tol=1e-7,
                                                                         abs_tol=1e-9)


def _positions_text(positions: Sequence[LabelledPosition]) -> str:
    shown = ", ".join(f"({list(features)}, {first}, {result})" for features, first, result in positions[:4])
    return f"[{shown}{', ...' if len(positions) > 4 else ''}]"


def _expect_loss(t: Context, weights: list[float], positions: list[LabelledPosition], scale: float,
                 why: str = "") -> None:
    expected = _loss_variant(weights, positions, scale)
    shown = f"tuning_loss({weights}, {_positions_text(positions)}, {scale})"
    got = t.call(weights, positions, scale, position=shown)
    t.expect_type(got, is_number(got), position=shown)
    if _loss_close(got, expected):
        return
    mistake, looks = None, ""
    for name, slip, text in LOSS_SLIPS:
        if _loss_close(got, slip(weights, positions, scale)):
            mistake, looks = name, f" That is what {text} gives."
            break
    t.fail((why + " " if why else "") + f"On {len(positions)} position{'s' if len(positions) != 1 else ''} the "
           f"mean logistic loss is {expected:.6g}; your function returned {show_value(got)}.{looks}",
           position=shown, expected=f"{expected:.6g}", got=show_value(got), raw=True, mistake=mistake,
           observed=looks.strip() or None)


def _rounded_loss(weights: list[float], positions: list[LabelledPosition], scale: float) -> Callable[..., Any]:
    """A probe: the answer rounded to 7 significant digits (a float computed another way agrees)."""
    def probe(fn: Callable[..., Any]) -> Any:
        got = fn([*weights], [(list(f), first, r) for f, first, r in positions], scale)
        return float(f"{float(got):.7g}") if is_number(got) else repr(got)
    return probe


DOCSTRING_POSITIONS: list[LabelledPosition] = [([2.0], True, 1.0), ([-1.0], False, 1.0), ([0.5], True, 0.5)]


def _random_positions(rng: random.Random, count: int, size: int, draws: bool = True) -> list[LabelledPosition]:
    return [([rng.choice([rng.randint(-4, 4), round(rng.uniform(-3, 3), 3)]) for _ in range(size)],
             rng.random() < 0.5, rng.choice([0.0, 0.5, 1.0] if draws else [0.0, 1.0])) for _ in range(count)]


@tuning_loss.probes
def _() -> list[Probe]:
    rng = random.Random(5)
    probes = [_rounded_loss([1.0], DOCSTRING_POSITIONS, 0.5), _rounded_loss([1.0], [([3.0], False, 0.0)], 0.2),
              _rounded_loss([2.0], [([1.0], True, 0.5)], 1.0), _rounded_loss([0.5, -1.0], [([2, 1], True, 1.0)], 2.0)]
    for size in (1, 2, 4):
        for count in (1, 3, 8):
            probes.append(_rounded_loss([round(rng.uniform(-2, 2), 2) for _ in range(size)],
                                        _random_positions(rng, count, size), round(rng.uniform(0.1, 2.0), 2)))
    return probes


@tuning_loss.case("the docstring's three positions (a win, a loss for the player to move, a draw): 0.4961")
def _(t: Context) -> None:
    _expect_loss(t, [1.0], [([2.0], True, 1.0), ([-1.0], False, 1.0), ([0.5], True, 0.5)], 0.5,
                 "Scores 2, -1 and 0.5 times the scale 0.5 give log-odds 1, -0.5 and 0.25; the second position's "
                 "player to move (O) lost the game X won.")


@tuning_loss.case("a score of 0 says nothing: log 2 per position, whatever the results")
def _(t: Context) -> None:
    _expect_loss(t, [0.0, 0.0], [([3, 1], True, 1.0), ([1, 2], False, 0.0), ([5, 5], True, 0.5)], 1.0)
    _expect_loss(t, [4.0], [([0], False, 1.0)], 0.3)


@tuning_loss.case("the result for the player to move: the first player's result turned round when the second moves")
def _(t: Context) -> None:
    for first_to_move in (True, False):
        _expect_loss(t, [1.0], [([2.0], first_to_move, 1.0)], 1.0,
                     f"X won the game; the player to move is {'X' if first_to_move else 'O'}, whose score is 2.")
    _expect_loss(t, [0.5, 1.0], [([1, 2], False, 0.0), ([2, -1], False, 1.0), ([-3, 1], True, 0.0)], 0.8)


@tuning_loss.case("draws are half a win and half a loss, for either player")
def _(t: Context) -> None:
    for first_to_move in (True, False):
        _expect_loss(t, [1.0], [([1.5], first_to_move, 0.5)], 2.0,
                     "A drawn game: r = 0.5, so a score of 1.5 (or any score but 0) costs more than log 2.")
    _expect_loss(t, [1.0, -0.5], [([2, 2], True, 0.5), ([-1, 3], False, 0.5), ([1, 0], True, 1.0)], 0.7)


@tuning_loss.case("the scale multiplies the score inside the sigmoid")
def _(t: Context) -> None:
    for scale in (0.01, 0.25, 3.0):
        _expect_loss(t, [10.0, 1.0], [([1, 2], True, 1.0), ([-1, 0], False, 0.0), ([0, 3], True, 0.0)], scale,
                     f"With scale {scale} the scores 12, -10 and 3 become log-odds {12 * scale:g}, {-10 * scale:g} "
                     f"and {3 * scale:g}.")


@tuning_loss.case("the mean over the positions: one, two or twelve of them")
def _(t: Context) -> None:
    rng = random.Random(11)
    for count in (1, 2, 12):
        _expect_loss(t, [1.0, -2.0], _random_positions(rng, count, 2), 0.5)


@tuning_loss.case("whole numbers and floats, many weights: 100 random sets as the formula, within rounding")
def _(t: Context) -> None:
    rng = random.Random(29)
    for _ in range(100):
        size = rng.randint(1, 9)
        weights = [rng.choice([rng.randint(-3, 3), round(rng.uniform(-2, 2), 4)]) for _ in range(size)]
        _expect_loss(t, weights, _random_positions(rng, rng.randint(1, 20), size, draws=rng.random() < 0.7),
                     round(rng.uniform(0.05, 1.5), 3))


@tuning_loss.case("called again on the same positions: the same loss (nothing kept between calls)")
def _(t: Context) -> None:
    for _ in range(3):
        _expect_loss(t, [1.0], [([2.0], True, 1.0), ([-1.0], False, 1.0), ([0.5], True, 0.5)], 0.5)
        _expect_loss(t, [0.3], [([1], False, 0.5)], 1.0)


contract(
    "tuning_loss",
    dimension("numbers", "weights and features whole or fractional, of either sign; scales from 0.01 to 3",
              "whole numbers and floats", "the scale multiplies"),
    dimension("directions", "the first player to move and the second (the result turned round or not)",
              "the result for the player to move", "the docstring's three positions"),
    dimension("inputs", "results 1, 0.5 and 0; a score of 0; one position or many",
              "draws are half a win", "a score of 0", "the mean over the positions"),
    dimension("repeats", "the same positions asked again", "called again"),
    dimension("outputs", "a float, the arguments left unchanged", "the docstring's three positions",
              "whole numbers and floats"),
)
