"""Notebook 04 (evaluation and depth limits): ``evaluate``, ``is_symmetric``,
``depth_limited``."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from tictac_edu.evaluation import line_evaluation
from tictac_edu.exercises.checks import contract, dimension
from tictac_edu.exercises.checks.explain import follow
from tictac_edu.exercises.diagnosis import call
from tictac_edu.exercises.positions import Position, depth_value, mnk, random_positions, swap_colours, transformed, ttt
from tictac_edu.exercises.registry import Context, declare, is_bool, is_number, show_value
from tictac_edu.games import GameState, GameTree, MNKGame

WIN = 1_000_000


def _five() -> MNKGame:
    return MNKGame(5, 5, 3)


def _four() -> MNKGame:
    return MNKGame(4, 4, 3)


NON_SQUARE = ((4, 5, 3), (5, 4, 3), (3, 6, 4), (6, 3, 3))
"""Boards (rows, columns, k) that are not square: a learner's rows and columns must not mix."""


def _non_square(seed: int, count: int) -> list[MNKGame]:
    positions: list[MNKGame] = []
    for index, (rows, columns, k) in enumerate(NON_SQUARE):
        positions += random_positions(seed + index, count, 2, rows * columns - 4, partial(MNKGame, rows, columns, k))
    return positions


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


def _expected_score(state: MNKGame, player: str) -> float:
    return evaluate.reference(state, player)


CENSUS: tuple[tuple[str, tuple[int, int, int], tuple[int, ...], str], ...] = (
    ("one X on the top edge (cell 1): a row and a column", (3, 3, 3), (1,), "X"),
    ("one X in a corner (cell 0): a row, a column and the diagonal", (3, 3, 3), (0,), "X"),
    ("one X in the other corner (cell 2): a row, a column and the anti-diagonal", (3, 3, 3), (2,), "X"),
    ("one X in the centre: 4 lines", (3, 3, 3), (4,), "X"),
    ("the same X on the edge, scored for O: -2", (3, 3, 3), (1,), "O"),
    ("two X on the top row, O in cell 8", (3, 3, 3), (0, 8, 1), "X"),
    ("X has won (after 5 moves)", (3, 3, 3), (0, 3, 1, 4, 2), "X"),
    ("X has won, scored for O", (3, 3, 3), (0, 3, 1, 4, 2), "O"),
    ("a 3 x 4 board, one X in cell 7 (row 1, column 3)", (3, 4, 3), (7,), "X"),
    ("a 4 x 3 board, one X in cell 7 (row 2, column 1)", (4, 3, 3), (7,), "X"),
    ("a drawn game: 0", (3, 3, 3), (0, 4, 8, 1, 7, 6, 2, 5, 3), "X"),
    ("the empty board: 0", (3, 3, 3), (), "X"),
    ("two O in a line and one X, scored for X", (3, 3, 3), (8, 0, 5, 1), "X"),
)
"""Simple positions whose scores say which part of an evaluation goes wrong: which directions
count, the opponent's side, the weights, finished games, the cell numbers of boards that are
not square."""


def _census(t: Context) -> tuple[str, str | None]:
    """The learner's scores of the :data:`CENSUS` positions that differ from the docstring's, in
    words, and the mistake they point to (if they point to one)."""
    wrong = {}
    for title, (rows, columns, k), moves, player in CENSUS:
        state = mnk(rows, columns, k, *moves)
        expected, got = _expected_score(state, player), _score(t, state, player)
        if got != expected:
            wrong[title] = (expected, got)
    if not wrong:
        return "", None
    text = "Asked about simple positions, your function scores " + "; ".join(
        f"{title}: {show_value(got)}, not {show_value(expected)}" for title, (expected, got) in wrong.items()) + "."
    names = list(wrong)
    if all(got == 2 * expected for expected, got in wrong.values()):
        return text, "counted_twice"
    if set(names) <= {CENSUS[6][0], CENSUS[7][0], CENSUS[10][0]}:
        return text, "win_not_scored" if all(abs(got) < WIN / 2 for _, got in wrong.values()) else None
    if names == [CENSUS[1][0]] or names == [CENSUS[1][0], CENSUS[3][0]]:
        return text, "missing_diagonal"
    if names == [CENSUS[2][0]] or names == [CENSUS[2][0], CENSUS[3][0]]:
        return text, "missing_anti_diagonal"
    if CENSUS[4][0] in wrong and wrong[CENSUS[4][0]][1] == 0 and CENSUS[0][0] not in wrong:
        return text, "one_side_only"
    if CENSUS[4][0] in wrong and wrong[CENSUS[4][0]][1] == 2 and CENSUS[0][0] not in wrong:
        return text, "not_symmetric"
    if set(names) <= {CENSUS[8][0], CENSUS[9][0]}:
        return text, "cell_index"
    if names == [CENSUS[5][0]]:
        return text, "line_weights"
    return text, None


def _check_scores(t: Context, state: MNKGame) -> None:
    for player in ("X", "O"):
        expected = _expected_score(state, player)
        got = _score(t, state, player)
        if got == expected:
            continue
        _fail_score(t, f"Scored for {player}: not the score the docstring describes.", position=state,
                    expected=expected, got=got)


def _fail_score(t: Context, message: str, **where: Any) -> None:
    """Fail with what the simple positions of :data:`CENSUS` say about the learner's function."""
    census, mistake = _census(t)
    t.fail(f"{message} {census}".strip(), mistake=mistake, observed=census or None, **where)


@evaluate.probes
def _() -> list:
    states = (random_positions(48, 4, 2, 9, _five) + random_positions(49, 2, 5, 12, _five, finished=True)
              + random_positions(50, 2, 2, 8, _four) + random_positions(47, 2, 2, 7) + _non_square(70, 1)
              + [_five().play(12), _five().play(0), mnk(5, 5, 3, 0, 20, 4, 21)])
    return [call(state, player) for state in states for player in ("X", "O")]


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
        _fail_score(t, "The centre of the 5x5 board lies on 12 lines of three, a corner on 3: X in the centre should "
                    "score more for X.", position=f"{centre}\n\nagainst\n\n{corner}",
                    expected="centre > corner", got=f"centre {show_value(a)}, corner {show_value(b)}", raw=True)


@evaluate.case("the opponent's threats count against you")
def _(t: Context) -> None:
    threat = mnk(5, 5, 3, 0, 20, 4, 21)      # O has two in a row on the bottom row
    quiet = mnk(5, 5, 3, 0, 20, 4, 24)       # O's two marks are far apart
    a, b = _score(t, threat, "X"), _score(t, quiet, "X")
    if not a < b:
        _fail_score(t, "O has two in a row (an open line of 3 with 2 O's) in the first position and not in the "
                    "second; X's marks are the same. Scored for X, the first must be worse.",
                    position=f"{threat}\n\nagainst\n\n{quiet}", expected="first < second",
                    got=f"first {show_value(a)}, second {show_value(b)}", raw=True)


@evaluate.case("good for one player = bad for the other: evaluate(s, 'X') == -evaluate(s, 'O')")
def _(t: Context) -> None:
    for state in random_positions(41, 30, 1, 10, _five):
        x, o = _score(t, state, "X"), _score(t, state, "O")
        if x != -o:
            _fail_score(t, "The score for O must be minus the score for X.", position=state,
                        expected=f"evaluate(state, 'O') == {show_value(-x)}",
                        got=f"evaluate(state, 'O') == {show_value(o)}", raw=True)


@evaluate.case("swapping X and O swaps the scores")
def _(t: Context) -> None:
    for state in random_positions(42, 30, 2, 10, _five):
        swapped = swap_colours(state)
        if swapped is None:
            continue
        a, b = _score(t, state, "X"), _score(t, swapped, "O")
        if a != b:
            _fail_score(t, "The second position is the first with X and O swapped: what the first is worth to X, the "
                        "second must be worth to O.", position=f"{state}\n\nand\n\n{swapped}",
                        expected=f"evaluate(second, 'O') == {show_value(a)}",
                        got=f"evaluate(second, 'O') == {show_value(b)}", raw=True)


@evaluate.case("rotations and mirror images score the same")
def _(t: Context) -> None:
    for state in random_positions(43, 12, 1, 8, _five):
        base = _score(t, state, "X")
        for symmetry in range(1, 8):
            image = transformed(state, symmetry)
            got = _score(t, image, "X")
            if got != base:
                _fail_score(t, "The second position is a rotation or mirror image of the first: every line of one "
                            "is a line of the other, so they must score the same for X.",
                            position=f"{state}\n\nand\n\n{image}", expected=show_value(base), got=show_value(got),
                            raw=True)


@evaluate.case("exact scores on 40 positions (5x5, 4x4 and tic-tac-toe)")
def _(t: Context) -> None:
    positions = (random_positions(44, 20, 1, 12, _five) + random_positions(45, 8, 3, 14, _five, finished=True)
                 + random_positions(46, 6, 1, 8, _four) + random_positions(47, 6, 1, 7))
    for state in positions:
        _check_scores(t, state)  # type: ignore[arg-type]


@evaluate.case("simple positions: one mark on an edge, in a corner, in the centre, for either player; two in a line")
def _(t: Context) -> None:
    census, mistake = _census(t)
    if census:
        t.fail(census, position="3 x 3 boards (three in a row), and a 3 x 4 and a 4 x 3 board",
               expected="the scores of the docstring", got="see above", raw=True, mistake=mistake, observed=census)


@evaluate.case("called again on the same positions: the same scores (nothing kept between calls)")
def _(t: Context) -> None:
    for state in [_five().play(12), mnk(5, 5, 3, 0, 20, 4, 21), _five().play(12)]:
        _check_scores(t, state)


@evaluate.case("boards that are not square: 4x5, 5x4, 3x6 (four in a row) and 6x3")
def _(t: Context) -> None:
    for state in _non_square(71, 3):
        _check_scores(t, state)


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


def favours_x(state: GameState, player: str) -> float:
    """line_evaluation with 5 more for X everywhere: not symmetric."""
    return line_evaluation(state, player) + (5 if player == "X" else 0)  # type: ignore[arg-type]


def ignores_player(state: GameState, player: str) -> float:
    """X's score, whoever asks: both players get the same (non-zero) score, not symmetric."""
    return line_evaluation(state, "X") or 1  # type: ignore[arg-type]


def cancelling(state: GameState, player: str) -> float:
    """+5 for X on positions of even ply, -5 on odd ply: asymmetries that add up to 0."""
    score = line_evaluation(state, player)  # type: ignore[arg-type]
    if player == "X":
        score += 5 if state.ply % 2 == 0 else -5
    return score


def utility(state: GameState, player: str) -> float:
    """The game's own utility: symmetric in every game."""
    return state.utility(player)


def favours_max(state: GameState, player: str) -> float:
    """A textbook tree's utility with 1 more for MAX: not symmetric."""
    return state.utility(player) + (1 if player == state.players[0] else 0)


def _textbook_leaves() -> list:
    tree = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    return [tree.play(i).play(j) for i in range(3) for j in range(3)]


def _pair(seed: int) -> list:
    """Two positions on a 5x5 board, one of even and one of odd ply (for :func:`cancelling`)."""
    positions = _positions(seed)
    even = next(state for state in positions if state.ply % 2 == 0)
    odd = next(state for state in positions if state.ply % 2 == 1)
    return [even, odd]


@is_symmetric.probes
def _() -> list:
    positions = _positions(52)[:6]
    return [call(line_evaluation, positions), call(favours_x, positions), call(ignores_player, positions),
            call(cancelling, _pair(52)), call(utility, _textbook_leaves()), call(favours_max, _textbook_leaves()),
            call(line_evaluation, []), call(_lopsided_on(lambda ply: ply == positions[-1].ply), positions),
            call(_lopsided_on(lambda ply: ply == positions[0].ply), positions)]


def _check_symmetric(t: Context, evaluate_fn: Callable[..., float], positions: list,
                     expected: bool, message: str, mistake: str | None,
                     shown: str) -> None:
    got = t.call(evaluate_fn, positions, position=shown)
    t.expect_type(got, is_bool(got), position=shown)
    if got != expected:
        seen = (f"Your function answered {got} for an evaluation that {'is' if expected else 'is not'} symmetric. "
                + ("Does it ever return False, as soon as one position has evaluate(state, first) != "
                   "-evaluate(state, second)?" if got else
                   "Does it compare evaluate(state, first) with -evaluate(state, second) (negated), and return True "
                   "only after every position has passed?"))
        t.fail(message, position=shown, expected=expected, got=got, mistake=mistake, observed=seen)


@is_symmetric.case("a symmetric evaluation: True")
def _(t: Context) -> None:
    _check_symmetric(t, line_evaluation, _positions(), True,
                     "line_evaluation scores every position exactly as well for X as badly for O.", "forgot_negation",
                     "is_symmetric(line_evaluation, <12 positions on a 5x5 board>)")


@is_symmetric.case("an evaluation that favours X everywhere: False")
def _(t: Context) -> None:
    _check_symmetric(t, favours_x, _positions(), False,
                     "This evaluation adds 5 to X's score only: it is not symmetric on any position.", None,
                     "is_symmetric(favours_x, <12 positions>)  # favours_x adds 5 for X")


@is_symmetric.case("an evaluation that gives both players the same score: False")
def _(t: Context) -> None:
    _check_symmetric(t, ignores_player, _positions(), False,
                     "This evaluation ignores `player`: both players get the same score, +5 and +5 say, and +5 is "
                     "not -(+5).", "compare_abs",
                     "is_symmetric(ignores_player, <12 positions>)  # the same score for X and for O")


@is_symmetric.case("asymmetries that cancel out: +5 on one position, -5 on another: False")
def _(t: Context) -> None:
    _check_symmetric(t, cancelling, _pair(51), False,
                     "The first position favours X by 5, the second O by 5: neither is symmetric, even if the two "
                     "errors add up to 0.", "errors_cancel",
                     "is_symmetric(cancelling, [first, second])  # +5 for X on the first, -5 on the second")


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


def halves(state: GameState, player: str) -> float:
    """line_evaluation / 4, a symmetric evaluation with fractional scores."""
    return line_evaluation(state, player) / 4  # type: ignore[arg-type]


@is_symmetric.case("fractional scores, and the same list asked again")
def _(t: Context) -> None:
    for _ in range(2):
        _check_symmetric(t, halves, _positions(), True, "line_evaluation / 4 is symmetric: 2.5 for X is -2.5 for O.",
                         None, "is_symmetric(halves, <12 positions>)  # line_evaluation / 4")
        _check_symmetric(t, favours_x, _positions(), False, "favours_x adds 5 for X: not symmetric.", None,
                         "is_symmetric(favours_x, <12 positions>)")


@is_symmetric.case("textbook trees: the players are MAX and MIN")
def _(t: Context) -> None:
    _check_symmetric(t, utility, _textbook_leaves(), True,
                     "utility is symmetric; the players of a GameTree are MAX and MIN: take them from state.players.",
                     "fixed_players", "is_symmetric(utility, <the 9 textbook leaves>)  # state.utility(player)")
    _check_symmetric(t, favours_max, _textbook_leaves(), False,
                     "This evaluation gives MAX 1 more: not symmetric. The players of a GameTree are MAX and MIN: take "
                     "them from state.players.", "fixed_players",
                     "is_symmetric(favours_max, <the 9 textbook leaves>)  # utility, and 1 more for MAX")


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


def _evaluation(name: str) -> Callable[..., float]:
    return line_evaluation if name == "lines" else centre_control  # type: ignore[return-value]


def _expected(state: Position, depth: int, evaluation: str) -> float:
    return depth_value(state, depth, _evaluation(evaluation))


def _depth_value_of(t: Context, state: Position, depth: int, evaluate_fn: Callable[..., float]) -> float:
    got = t.call(state, depth, evaluate_fn)
    t.expect_type(got, is_number(got), position=state)
    return got


def _check_depth(t: Context, state: Position, depth: int, evaluation: str) -> None:
    evaluate_fn = _evaluation(evaluation)
    expected = _expected(state, depth, evaluation)
    got = _depth_value_of(t, state, depth, evaluate_fn)
    if got == expected:
        return
    _explain_depth(t, state, depth, evaluate_fn, got, f"depth {depth}, evaluate = {evaluate_fn.__name__}: ")


def _explain_depth(t: Context, state: Position, depth: int, evaluate_fn: Callable[..., float], got: float,
                   prefix: str) -> None:
    """Follow the learner's values down to the first position (and depth) she gets wrong."""
    culprit = follow(state, lambda position, left: _depth_value_of(t, position, left or 0, evaluate_fn),
                     lambda position, left: depth_value(position, left or 0, evaluate_fn), depth=depth,
                     value_at_root=got)
    node, left, value = culprit.state, culprit.depth or 0, culprit.value
    right = depth_value(node, left, evaluate_fn)
    where = "this position itself" if culprit.root else "the position below, further down"
    lead = (f"{prefix}your function gives {got!r}, the search gives {depth_value(state, depth, evaluate_fn)!r}. "
            f"Following your function's own values down the tree, the first it gets wrong is {where}, with depth "
            f"{left} left, {node.to_move} to move")
    common: dict[str, Any] = dict(position=node, expected=right, got=value,
                                  reproduce=f"depth_limited({node.as_code()}, {left}, {evaluate_fn.__name__})")
    if not culprit.children:
        why = "the game is over" if node.is_terminal() else "the depth is used up"
        text = (f"{lead}: {why}, so the value is evaluate(state, state.to_move) = {right!r}; your function returned "
                f"{value!r}.")
        other = [player for player in getattr(node, "players", ()) if player != node.to_move]
        if other and value == evaluate_fn(node, other[0]) != right:
            t.fail(text + f" That is the score for {other[0]}, not for the player to move.", mistake="wrong_side",
                   **common)
        if evaluate_fn is not line_evaluation and isinstance(node, MNKGame) and value == line_evaluation(node,
                                                                                                         node.to_move):
            t.fail(text + " That is line_evaluation's score, not the evaluate given.", mistake="use_given_evaluate",
                   **common)
        if not node.is_terminal() and value == depth_value(node, 1, evaluate_fn):
            t.fail(text + " That is the value of a search one ply deeper: at depth 0 the search stops.", **common,
                   observed="The search went on at depth 0: `if depth == 0 or state.is_terminal(): return "
                            "evaluate(state, state.to_move)`.")
        t.fail(text, **common, observed="Where the search stops (depth 0, or a finished game) the value is "
                                        "evaluate(state, state.to_move).")
    values = [child for _, _, child in culprit.children]
    best = culprit.negated_best
    text = (f"{lead}. Your function values its children right, at depth {left - 1} ({culprit.children_text()}), each "
            f"for the opponent; so the position is worth max(-value) = {best!r}; your function returned {value!r}.")
    if value == evaluate_fn(node, node.to_move):
        t.fail(text + f" That is evaluate(state, state.to_move): the search stopped with depth {left} left.",
               mistake="depth_off_by_one" if left == 1 else None, **common,
               observed="The search stops too early: only at depth 0 (or a finished game) does it evaluate.")
    if value == max(values) and value != best:
        t.fail(text + " That is the largest child value, not negated.", mistake="wrong_side", **common)
    if value == min(-child for child in values):
        t.fail(text + " That is the SMALLEST negated value: the player to move picks the largest (max, not min).",
               **common, observed="max(...) of the negated child values, not min(...).")
    skipped = max(-depth_value(node.play(move), max(left - 2, 0), evaluate_fn) for move in node.legal_moves())
    if left >= 2 and value == skipped:
        t.fail(text + " That is what the children give searched with depth - 2: a ply is skipped.", **common,
               observed="Each child is searched with depth - 1, one ply less, not two.")
    t.fail(text, **common, observed="The children's values are right but are combined wrongly: the value is the "
                                    "largest of -depth_limited(child, depth - 1, evaluate).")


@depth_limited.probes
def _() -> list:
    states = random_positions(64, 4, 11, 13, _four) + random_positions(65, 3, 5, 7)
    probes = [call(state, depth, _evaluation(name)) for state in states for depth in (0, 1, 2)
              for name in ("lines", "centre")]
    tree = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    return probes + [call(tree, 2, utility), call(tree, 1, utility)]


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
    got = _depth_value_of(t, tree, 2, utility)
    if got != 3:
        _explain_depth(t, tree, 2, utility, got, "Two plies deep, the textbook tree is searched to its leaves, MAX "
                       "gets 3: ")


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


@depth_limited.case("called again on the same positions: the same values (nothing kept between calls)",
                    timeout_mistake="depth_not_decreasing")
def _(t: Context) -> None:
    for state in random_positions(66, 2, 5, 8, _four) * 2:
        _check_depth(t, state, 2, "centre")


@depth_limited.case("depth 2 on the 5x5 board", timeout_mistake="depth_not_decreasing", expensive=True)
def _(t: Context) -> None:
    for state in random_positions(63, 3, 3, 8, _five):
        _check_depth(t, state, 2, "lines")


contract(
    "evaluate",
    dimension("shapes", "every direction once: across, down, the diagonal and the anti-diagonal",
              "simple positions", "rotations and mirror images"),
    dimension("shapes", "any m,n,k board: 3x3, 4x4, 5x5, boards that are not square, k = 3 or 4",
              "boards that are not square", "exact scores on 40 positions", "simple positions"),
    dimension("directions", "either player's point of view, and the opponent's lines against",
              "the opponent's threats", "good for one player", "swapping X and O"),
    dimension("inputs", "finished games (won, lost, drawn) and the empty board", "a won game", "a drawn game",
              "the empty 5x5 board"),
    dimension("numbers", "the weights 10 ** (c - 1), a line of both players' marks 0", "simple positions",
              "exact scores"),
    dimension("repeats", "the same position asked again", "called again"),
)

contract(
    "is_symmetric",
    dimension("directions", "both answers: True for symmetric evaluations, False for every kind of asymmetry",
              "a symmetric evaluation", "an evaluation that favours X", "an evaluation that gives both players"),
    dimension("order", "every position tested: the first, the last, errors that would cancel out",
              "lopsided only on the last", "lopsided only on the first", "asymmetries that cancel out"),
    dimension("numbers", "fractional scores", "fractional scores"),
    dimension("inputs", "no positions at all; positions of other games (players MAX and MIN)",
              "no positions at all", "textbook trees"),
    dimension("repeats", "the same list asked again", "fractional scores, and the same list"),
)

contract(
    "depth_limited",
    dimension("numbers", "evaluations with whole and fractional scores (line_evaluation, centre_control)",
              "depths 1 and 2", "depth 0"),
    dimension("directions", "depth 0, 1, 2, 3: the evaluation where the search stops, for the player to move there",
              "depth 0", "depths 1 and 2", "depth 3"),
    dimension("inputs", "finished games at any depth; the evaluate given, whatever it is",
              "a finished game", "depth 0", "the textbook tree"),
    dimension("shapes", "4x4 and 5x5 boards, tic-tac-toe, textbook trees", "depth 3 on a 4x4 board",
              "depth 2 on the 5x5 board", "the textbook tree"),
    dimension("repeats", "the same position asked again", "called again"),
)
