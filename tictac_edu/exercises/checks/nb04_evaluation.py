"""Notebook 04 (evaluation and depth limits): ``evaluate``, ``is_symmetric``,
``depth_limited``."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from tictac_edu.evaluation import line_evaluation
from tictac_edu.exercises.positions import Position, mnk, random_positions, swap_colours, transformed, ttt
from tictac_edu.exercises.registry import Context, declare, is_number, show_value
from tictac_edu.games import GameState, GameTree, MNKGame
from tictac_edu.search import negamax

WIN = 1_000_000
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))
OPPOSITES = ((0, -1), (-1, 0), (-1, -1), (-1, 1))


def _five() -> MNKGame:
    return MNKGame(5, 5, 3)


def _four() -> MNKGame:
    return MNKGame(4, 4, 3)


def formula(state: MNKGame, player: str, *, directions: tuple = DIRECTIONS, per_mark: bool = False,
            own_only: bool = False, score_wins: bool = True, aliased: bool = False) -> float:
    """The line evaluation of the exercise, or a variant with one deliberate change
    (``aliased``: the lines are read from a grid built with ``[[None] * columns] * rows``,
    whose rows all show the last row)."""
    if state.is_terminal() and score_wins:
        if state.winner is None:
            return 0
        return (WIN - state.ply) if state.winner == player else -(WIN - state.ply)
    rows, columns, k = state.rows, state.columns, state.k
    board = state.board
    if aliased:
        board = board[(rows - 1) * columns:] * rows
    other = "O" if player == "X" else "X"
    score = 0
    for row in range(rows):
        for col in range(columns):
            for d_row, d_col in directions:
                end_row, end_col = row + (k - 1) * d_row, col + (k - 1) * d_col
                if not (0 <= end_row < rows and 0 <= end_col < columns):
                    continue
                marks = [board[(row + i * d_row) * columns + col + i * d_col] for i in range(k)]
                mine, theirs = marks.count(player), marks.count(other)
                if mine and not theirs:
                    score += 10 ** (mine - 1) * (mine if per_mark else 1)
                elif theirs and not mine and not own_only:
                    score -= 10 ** (theirs - 1) * (theirs if per_mark else 1)
    return score


# -- evaluate -----------------------------------------------------------------------------------

evaluate = declare(
    "evaluate", notebook="04",
    summary="a line-based evaluation of an m,n,k position, from one player's side",
    returns="a number (the score for player)",
    reference="tictac_edu.exercises.solutions.nb04_evaluation:evaluate",
    hints=[
        "First the finished games: a win for `player` is worth 1_000_000 - state.ply, a loss the "
        "negation, a draw 0. Then go through every line of k cells.",
        "A line is k cells in a row from a start cell in one of 4 directions: across (0, 1), down (1, 0), "
        "diagonal (1, 1) and anti-diagonal (1, -1); skip the ones that would leave the board. Each line "
        "is found exactly once that way.",
        "For a line, count player's marks (mine) and the opponent's (theirs). If only mine: "
        "+10 ** (mine - 1); if only theirs: -10 ** (theirs - 1); otherwise nothing. That makes "
        "evaluate(state, 'X') == -evaluate(state, 'O') automatically.",
    ],
)


def _score(t: Context, state: MNKGame, player: str) -> float:
    got = t.call(state, player)
    t.expect_type(got, is_number(got), position=state)
    return got


def _check_scores(t: Context, state: MNKGame) -> None:
    for player in ("X", "O"):
        expected = formula(state, player)
        got = _score(t, state, player)
        if got == expected:
            continue
        where = f"Scored for {player}: "
        if state.is_terminal() and abs(got) < WIN / 2 and state.winner is not None:
            t.fail(where + f"{state.winner} has won this game: a win must score far above any position "
                   "still in play.", position=state, expected=expected, got=got, mistake="win_not_scored")
        for variant, message, mistake in _score_variants(state, player, expected):
            if got == variant():
                t.fail(where + f"it looks as if {message}.", position=state, expected=expected, got=got,
                       mistake=mistake)
        t.fail(where + "not the score the docstring describes.", position=state, expected=expected, got=got,
               mistake="line_weights")


def _score_variants(state: MNKGame, player: str, expected: float) -> list[tuple[Callable[[], float], str, str]]:
    """Scores of evaluations with one classic mistake each, the message and the mistake."""
    return [
            (lambda: 2 * expected, "every line is counted twice", "counted_twice"),
            (lambda: formula(state, player, directions=DIRECTIONS + OPPOSITES), "every line is counted twice",
             "counted_twice"),
            (lambda: formula(state, player, per_mark=True), "a line is counted once for each mark in it",
             "counted_twice"),
            (lambda: formula(state, player, own_only=True), "only the lines of `player` count",
             "one_side_only"),
            (lambda: formula(state, player, directions=DIRECTIONS[:3]), "the anti-diagonal lines are missing",
             "missing_anti_diagonal"),
            (lambda: formula(state, player, directions=(DIRECTIONS[0], DIRECTIONS[1], DIRECTIONS[3])),
             "the diagonal lines (down-right) are missing", "missing_diagonal"),
            (lambda: formula(state, "X"), "the score is always X's, whoever `player` is", "not_symmetric"),
            (lambda: formula(state, player, score_wins=False), "a finished game is not scored as a win or loss",
             "win_not_scored"),
            (lambda: formula(state, player, aliased=True), "every row of your grid holds the marks of the last "
             "row", "aliasing"),
        ]


@evaluate.case("a won game scores as a win for the winner, a loss for the other")
def _(t: Context) -> None:
    _check_scores(t, mnk(5, 5, 3, 0, 5, 1, 6, 2))
    _check_scores(t, ttt(0, 3, 1, 4, 8, 5))


@evaluate.case("a drawn game scores 0")
def _(t: Context) -> None:
    _check_scores(t, ttt(0, 4, 8, 1, 7, 6, 2, 5, 3))


@evaluate.case("the empty 5x5 board scores 0")
def _(t: Context) -> None:
    _check_scores(t, _five())


@evaluate.case("more open lines score more: the centre beats a corner")
def _(t: Context) -> None:
    centre, corner = _five().play(12), _five().play(0)
    a, b = _score(t, centre, "X"), _score(t, corner, "X")
    if not a > b:
        t.fail("The centre of the 5x5 board lies on 12 lines of three, a corner on 3: X in the centre should "
               "score more for X.", position=f"{centre}\n\nagainst\n\n{corner}",
               expected="centre > corner", got=f"centre {show_value(a)}, corner {show_value(b)}", raw=True)


@evaluate.case("the opponent's threats count against you")
def _(t: Context) -> None:
    threat = mnk(5, 5, 3, 0, 20, 4, 21)      # O has two in a row on the bottom row
    quiet = mnk(5, 5, 3, 0, 20, 4, 24)       # O's two marks are far apart
    a, b = _score(t, threat, "X"), _score(t, quiet, "X")
    if not a < b:
        t.fail("O has two in a row (an open line of 3 with 2 O's) in the first position and not in the second; "
               "X's marks are the same. Scored for X, the first must be worse.",
               position=f"{threat}\n\nagainst\n\n{quiet}", expected="first < second",
               got=f"first {show_value(a)}, second {show_value(b)}", raw=True, mistake="one_side_only")


@evaluate.case("good for one player = bad for the other: evaluate(s, 'X') == -evaluate(s, 'O')")
def _(t: Context) -> None:
    for state in random_positions(41, 30, 1, 10, _five):
        x, o = _score(t, state, "X"), _score(t, state, "O")
        if x != -o:
            t.fail("The score for O must be minus the score for X.", position=state,
                   expected=f"evaluate(state, 'O') == {show_value(-x)}", got=f"evaluate(state, 'O') == {show_value(o)}",
                   raw=True, mistake="one_side_only" if o == formula(state, "O", own_only=True) else "not_symmetric")


@evaluate.case("swapping X and O swaps the scores")
def _(t: Context) -> None:
    for state in random_positions(42, 30, 2, 10, _five):
        swapped = swap_colours(state)
        if swapped is None:
            continue
        a, b = _score(t, state, "X"), _score(t, swapped, "O")
        if a != b:
            t.fail("The second position is the first with X and O swapped: what the first is worth to X, the "
                   "second must be worth to O.", position=f"{state}\n\nand\n\n{swapped}",
                   expected=f"evaluate(second, 'O') == {show_value(a)}",
                   got=f"evaluate(second, 'O') == {show_value(b)}", raw=True, mistake="not_symmetric")


@evaluate.case("rotations and mirror images score the same")
def _(t: Context) -> None:
    for state in random_positions(43, 12, 1, 8, _five):
        base = _score(t, state, "X")
        for symmetry in range(1, 8):
            image = transformed(state, symmetry)
            got = _score(t, image, "X")
            if got != base:
                mistake = None
                for directions, name in ((DIRECTIONS[:3], "missing_anti_diagonal"),
                                         ((DIRECTIONS[0], DIRECTIONS[1], DIRECTIONS[3]), "missing_diagonal")):
                    if base == formula(state, "X", directions=directions) and \
                            got == formula(image, "X", directions=directions):
                        mistake = name
                t.fail("The second position is a rotation or mirror image of the first: every line of one is a "
                       "line of the other, so they must score the same for X.",
                       position=f"{state}\n\nand\n\n{image}", expected=show_value(base), got=show_value(got),
                       raw=True, mistake=mistake or "not_symmetric")


@evaluate.case("exact scores on 40 positions (5x5, 4x4 and tic-tac-toe)")
def _(t: Context) -> None:
    positions = (random_positions(44, 20, 1, 12, _five) + random_positions(45, 8, 3, 14, _five, finished=True)
                 + random_positions(46, 6, 1, 8, _four) + random_positions(47, 6, 1, 7))
    for state in positions:
        _check_scores(t, state)  # type: ignore[arg-type]


# -- is_symmetric ---------------------------------------------------------------------------------

is_symmetric = declare(
    "is_symmetric", notebook="04",
    summary="the symmetry test of an evaluation on a list of positions",
    returns="True or False",
    reference="tictac_edu.exercises.solutions.nb04_evaluation:is_symmetric",
    hints=[
        "For every position, score it for each of the two players (state.players gives them).",
        "Symmetric means the two scores are exact opposites: evaluate(state, first) == "
        "-evaluate(state, second). One position that breaks it is enough to answer False.",
        "Return False inside the loop as soon as a position fails; return True only after the loop, "
        "when every position has passed.",
    ],
)


def _lopsided_on(bad: Callable[[int], bool]) -> Callable[[GameState, str], float]:
    """An evaluation that favours X by 5 on the positions whose ply satisfies ``bad``."""

    def lopsided(state: GameState, player: str) -> float:
        score = line_evaluation(state, player)  # type: ignore[arg-type]
        if player == "X" and bad(state.ply):
            score += 5
        return score

    return lopsided


def _positions(seed: int = 51) -> list[MNKGame]:
    return random_positions(seed, 12, 1, 9, _five)


def _check_symmetric(t: Context, evaluate_fn: Callable[..., float], positions: list,
                     expected: bool, message: str, mistake: str | None,
                     shown: str) -> None:
    got = t.call(evaluate_fn, positions, position=shown)
    t.expect_type(got, isinstance(got, bool), position=shown)
    if got != expected:
        t.fail(message, position=shown, expected=expected, got=got, mistake=mistake)


@is_symmetric.case("a symmetric evaluation: True")
def _(t: Context) -> None:
    _check_symmetric(t, line_evaluation, _positions(), True,
                     "line_evaluation scores every position exactly as well for X as badly for O.", "forgot_negation",
                     "is_symmetric(line_evaluation, <12 positions on a 5x5 board>)")


@is_symmetric.case("an evaluation that favours X everywhere: False")
def _(t: Context) -> None:
    _check_symmetric(t, _lopsided_on(lambda ply: True), _positions(), False,
                     "This evaluation adds 5 to X's score only: it is not symmetric on any position.", None,
                     "is_symmetric(favours_x, <12 positions>)  # favours_x adds 5 for X")


@is_symmetric.case("lopsided only on the last position: False")
def _(t: Context) -> None:
    positions = _positions()
    last = positions[-1].ply
    positions = [state for state in positions if state.ply != last] + [positions[-1]]
    _check_symmetric(t, _lopsided_on(lambda ply: ply == last), positions, False,
                     "The evaluation is symmetric on every position but the last one: every position must be "
                     "tested.", "return_in_loop",
                     "is_symmetric(evaluate, positions)  # not symmetric on the last position only")


@is_symmetric.case("lopsided only on the first position: False")
def _(t: Context) -> None:
    positions = _positions()
    first = positions[0].ply
    positions = [positions[0]] + [state for state in positions[1:] if state.ply != first]
    _check_symmetric(t, _lopsided_on(lambda ply: ply == first), positions, False,
                     "The evaluation is not symmetric on the first position: one such position is enough for False.",
                     None, "is_symmetric(evaluate, positions)  # not symmetric on the first position only")


@is_symmetric.case("no positions at all: True")
def _(t: Context) -> None:
    _check_symmetric(t, line_evaluation, [], True, "With no position to break it, the test passes.", None,
                     "is_symmetric(line_evaluation, [])")


@is_symmetric.case("textbook trees: the players are MAX and MIN")
def _(t: Context) -> None:
    tree = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    leaves = [tree.play(i).play(j) for i in range(3) for j in range(3)]
    _check_symmetric(t, lambda state, player: state.utility(player), leaves, True,
                     "utility is symmetric; the players of a GameTree are MAX and MIN: take them from state.players.",
                     None, "is_symmetric(lambda state, player: state.utility(player), <the 9 textbook leaves>)")


# -- depth_limited --------------------------------------------------------------------------------

depth_limited = declare(
    "depth_limited", notebook="04",
    summary="minimax to a depth limit, scoring where it stops with evaluate",
    returns="a number (the value)",
    reference="tictac_edu.exercises.solutions.nb04_evaluation:depth_limited",
    hints=[
        "It is your minimax with one more way to stop: when depth is 0, score the position with "
        "evaluate instead of searching on.",
        "Stop when depth == 0 or state.is_terminal(), returning evaluate(state, state.to_move): the "
        "value for the player to move, as everywhere in negamax form.",
        "Otherwise return max(-depth_limited(state.play(move), depth - 1, evaluate) for move in "
        "state.legal_moves()).",
    ],
)


def centre_control(state: GameState, player: str) -> float:
    """A small evaluation for the checks: marks nearer the centre count more."""
    if state.is_terminal():
        return line_evaluation(state, player)  # type: ignore[arg-type]
    rows, columns = state.rows, state.columns  # type: ignore[attr-defined]
    score = 0.0
    for cell, mark in enumerate(state.board):  # type: ignore[attr-defined]
        if mark is None:
            continue
        row, col = divmod(cell, columns)
        weight = 4 - abs(row - (rows - 1) / 2) - abs(col - (columns - 1) / 2)
        score += weight if mark == player else -weight
    return score


def _view_variant(state: GameState, depth: int, evaluate_fn: Callable, view: str, root: str | None = None) -> float:
    root = root or state.to_move
    if depth == 0 or state.is_terminal():
        player = root if view == "root" else state.players[0] if state.to_move == state.players[1] else state.players[1]
        return evaluate_fn(state, player)
    return max(-_view_variant(state.play(move), depth - 1, evaluate_fn, view, root) for move in state.legal_moves())


@cache
def _expected(state: Position, depth: int, evaluation: str) -> float:
    evaluate_fn = line_evaluation if evaluation == "lines" else centre_control
    value = negamax(state, depth, evaluate_fn).value  # type: ignore[arg-type]
    assert value is not None
    return value


def _check_depth(t: Context, state: Position, depth: int, evaluation: str) -> None:
    evaluate_fn = line_evaluation if evaluation == "lines" else centre_control
    expected = _expected(state, depth, evaluation)
    got = t.call(state, depth, evaluate_fn)
    t.expect_type(got, is_number(got), position=state)
    if got == expected:
        return
    with t.untimed():
        _diagnose_depth(t, state, depth, evaluation, evaluate_fn, expected, got)


def _diagnose_depth(t: Context, state: Position, depth: int, evaluation: str, evaluate_fn: Callable,
                    expected: float, got: float) -> None:
    where = f"depth {depth}, evaluate = {evaluate_fn.__name__}: "
    if evaluation != "lines" and got == _expected(state, depth, "lines"):
        t.fail(where + "your search used line_evaluation, not the evaluate it was given.", position=state,
               expected=expected, got=got, mistake="use_given_evaluate")
    for view in ("root", "opponent"):
        if got == _view_variant(state, depth, evaluate_fn, view):
            t.fail(where + "the positions where the search stops are scored from the wrong side.", position=state,
                   expected=expected, got=got, mistake="wrong_side")
    if expected and got == -expected:
        t.fail(where + "the value has the wrong sign.", position=state, expected=expected, got=got,
               mistake="wrong_side")
    t.fail(where + f"not the value of this position for {state.to_move}, the player to move.", position=state,
           expected=expected, got=got)


@depth_limited.case("depth 0: the evaluation of the position itself", timeout_mistake="depth_not_decreasing")
def _(t: Context) -> None:
    for state in (mnk(4, 4, 3, 5, 0), mnk(4, 4, 3, 5, 0, 10)):
        _check_depth(t, state, 0, "lines")
        _check_depth(t, state, 0, "centre")


@depth_limited.case("a finished game: its evaluation, whatever the depth", timeout_mistake="depth_not_decreasing")
def _(t: Context) -> None:
    _check_depth(t, ttt(0, 3, 1, 4, 2), 3, "lines")


@depth_limited.case("the textbook tree at depth 2: 3", timeout_mistake="depth_not_decreasing")
def _(t: Context) -> None:
    tree = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    got = t.call(tree, 2, lambda state, player: state.utility(player))
    t.expect_type(got, is_number(got), position=tree)
    if got != 3:
        t.fail("Two plies deep, the textbook tree is searched to its leaves: MAX gets 3.", position=tree,
               expected=3, got=got, mistake="wrong_side" if got == -3 else None)


@depth_limited.case("depths 1 and 2 on a 4x4 board, two evaluations", timeout_mistake="depth_not_decreasing")
def _(t: Context) -> None:
    for state in random_positions(61, 6, 2, 6, _four):
        for depth in (1, 2):
            _check_depth(t, state, depth, "lines")
            _check_depth(t, state, depth, "centre")


@depth_limited.case("depth 3 on a 4x4 board", timeout_mistake="depth_not_decreasing")
def _(t: Context) -> None:
    for state in random_positions(62, 4, 5, 8, _four):
        _check_depth(t, state, 3, "lines")
        _check_depth(t, state, 3, "centre")


@depth_limited.case("depth 2 on the 5x5 board", timeout_mistake="depth_not_decreasing")
def _(t: Context) -> None:
    for state in random_positions(63, 3, 3, 8, _five):
        _check_depth(t, state, 2, "lines")
