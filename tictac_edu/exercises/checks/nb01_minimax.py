"""Notebook 01 (game trees and minimax): ``winner``, ``count_nodes``, ``minimax``,
``minimax_fast_wins``."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from tictac_edu.exercises.diagnosis import call
from tictac_edu.exercises.positions import (
    Position,
    all_tictactoe_positions,
    board_from,
    random_positions,
    solved,
    ttt,
)
from tictac_edu.exercises.registry import Context, declare, is_int, is_number, show_board
from tictac_edu.games import GameTree, MNKGame
from tictac_edu.games.tree import Tree

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
LINE_MISTAKE = {(0, 1, 2): "missing_row", (3, 4, 5): "missing_row", (6, 7, 8): "missing_row",
                (0, 3, 6): "missing_column", (1, 4, 7): "missing_column", (2, 5, 8): "missing_column",
                (0, 4, 8): "missing_diagonal", (2, 4, 6): "missing_anti_diagonal"}
LINE_NAME = {(0, 1, 2): "the top row 0, 1, 2", (3, 4, 5): "the middle row 3, 4, 5",
             (6, 7, 8): "the bottom row 6, 7, 8", (0, 3, 6): "the left column 0, 3, 6",
             (1, 4, 7): "the middle column 1, 4, 7", (2, 5, 8): "the right column 2, 5, 8",
             (0, 4, 8): "the diagonal 0, 4, 8", (2, 4, 6): "the anti-diagonal 2, 4, 6"}
TEXTBOOK: Tree = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
DEEPER: Tree = [[[1, -2], [3, 4]], [[-5, 6], [7, -8]], [[2, 0], [9, -3]]]


def true_winner(board: Sequence[str | None]) -> tuple[str | None, tuple[int, int, int] | None]:
    """The winner of a board and the (first) line it won on."""
    for line in LINES:
        a, b, c = line
        if board[a] is not None and board[a] == board[b] == board[c]:
            return board[a], line
    return None, None


# -- winner ------------------------------------------------------------------------------------

winner = declare(
    "winner", notebook="01",
    summary="who has three in a row on a board given as 9 cells",
    returns='"X", "O" or None',
    reference="tictac_edu.exercises.solutions.nb01_minimax:winner",
    hints=[
        "There are 8 lines to check: 3 rows, 3 columns and 2 diagonals. Write them down as triples "
        "of cell numbers.",
        "For each line (a, b, c): if board[a] is not None and board[a] == board[b] == board[c], "
        "the player board[a] has won. If no line is complete, return None.",
        "The lines are (0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), "
        "(0, 4, 8) and (2, 4, 6): the last one, the anti-diagonal, is the one most often forgotten.",
    ],
)


ALIASING_PROBE = "O.. .O. XX."
"""A board without a winner where a grid built with ``[[None] * 3] * 3`` shows X on column 0."""


@winner.probes
def _() -> list:
    boards = ["... ... ...", "XXX OO. ...", "O.. XXX O..", "OO. ... XXX", "XO. XO. X..", "XOX .O. XO.", ".OX .OX ..X",
              "XO. OX. ..X", "OOX .X. X..", "XXO XO. O..", "X.X OOO X..", ALIASING_PROBE, "... XXX OO.",
              "XOX XOO OXX", "XO. .XX O.."]
    return [call(board_from(text)) for text in boards] + [call(tuple(board_from("OOX .X. X..")))]


def _check_winner(t: Context, board: Sequence[str | None], *, mistake: str | None = None,
                  message: str | None = None) -> None:
    expected, line = true_winner(board)
    got = t.call(board)
    t.expect_type(got, got is None or got in ("X", "O"), position=board, mistake="winner_value")
    if got == expected:
        return
    if mistake is None and got is None and line is not None:
        mistake = LINE_MISTAKE[line]
    if expected is not None and line is not None:
        t.fail(message or f"{expected} has three in a row on {LINE_NAME[line]}, but your function did not see it.",
               position=board, expected=expected, got=got, mistake=mistake)
    t.fail(message or "Nobody has three in a row on this board.", position=board, expected=expected, got=got,
           mistake=mistake)


@winner.case("the empty board: no winner")
def _(t: Context) -> None:
    _check_winner(t, [None] * 9)


for _text, _title in [("XXX OO. ...", "X wins on the top row"),
                      ("O.. XXX O..", "X wins on the middle row"),
                      ("OO. ... XXX", "X wins on the bottom row"),
                      ("X.X OOO X..", "O wins on the middle row"),
                      ("XO. XO. X..", "X wins on the left column"),
                      ("XOX .O. XO.", "O wins on the middle column"),
                      (".OX .OX ..X", "X wins on the right column"),
                      ("XO. OX. ..X", "X wins on the diagonal 0, 4, 8"),
                      ("OXX .OX ..O", "O wins on the diagonal 0, 4, 8"),
                      ("OOX .X. X..", "X wins on the anti-diagonal 2, 4, 6"),
                      ("XXO XO. O..", "O wins on the anti-diagonal 2, 4, 6")]:
    def _line_case(t: Context, text: str = _text) -> None:
        _check_winner(t, board_from(text))

    winner.case(_title)(_line_case)


@winner.case("X wins on the middle row while the top row is empty")
def _(t: Context) -> None:
    board = board_from("... XXX OO.")
    _check_winner(t, board, message="X has three in a row on the middle row; the empty top row is not a line of "
                                    "three equal marks that counts.")


@winner.case("a draw: no winner")
def _(t: Context) -> None:
    _check_winner(t, board_from("XOX XOO OXX"), mistake="winner_value")


@winner.case("three X that are not in a line: no winner")
def _(t: Context) -> None:
    _check_winner(t, board_from("XO. .XX O.."))


@winner.case("two X on the bottom row: no winner yet")
def _(t: Context) -> None:
    _check_winner(t, board_from(ALIASING_PROBE), mistake="aliasing",
                  message="Nobody has three in a row here, but your function found a winner: a mark seems to "
                          "count in several rows at once.")


@winner.case("a board given as a tuple")
def _(t: Context) -> None:
    _check_winner(t, tuple(board_from("OOX .X. X..")))


@winner.case("every reachable position (5,478), boards unchanged", expensive=True)
def _(t: Context) -> None:
    for state in all_tictactoe_positions():
        _check_winner(t, list(state.board))


# -- count_nodes --------------------------------------------------------------------------------

count_nodes = declare(
    "count_nodes", notebook="01",
    summary="the size of the game tree under a board, by make and unmake on a list",
    returns="the number of nodes (an int)",
    reference="tictac_edu.exercises.solutions.nb01_minimax:count_nodes",
    hints=[
        "A finished position (someone has three in a row, or the board is full) is one node. "
        "Otherwise the tree is this node plus the trees under each move.",
        "Start with nodes = 1. For each empty cell: put `player`'s mark there, add "
        "count_nodes(board, other player), then empty the cell again.",
        "Check for a winner first (your `winner` function, or the 8 lines) and return 1 if there is "
        "one. The line `board[cell] = None` after the recursive call is what keeps the board intact.",
    ],
)


@cache
def _tree_size(board: tuple, player: str) -> int:
    """The nodes of the tree under a 9-cell board (memoised on the board)."""
    if true_winner(board)[0] is not None:
        return 1
    other = "O" if player == "X" else "X"
    return 1 + sum(_tree_size(board[:cell] + (player,) + board[cell + 1:], other) for cell in range(9)
                   if board[cell] is None)


def _check_count(t: Context, board: list, player: str) -> None:
    key = tuple(board)
    expected = _tree_size(key, player)
    position = show_board(key) + f"\n({player} to move)"
    got = t.call(board, player, position=position)
    t.expect_type(got, is_int(got), position=board)
    if got == expected:
        return
    if got < expected:
        t.fail("Too few nodes: not every position of the tree was counted.", position=position, expected=expected,
               got=got, mistake="count_root" if got == expected - 1 else None)
    t.fail("Too many nodes: more positions were counted than the tree has.", position=position, expected=expected,
           got=got)


@count_nodes.probes
def _() -> list:
    return [call(board_from(text), player) for text, player in (
        ("XOX OXO OX.", "X"), ("XOX .X. O..", "O"), ("XX. OO. ...", "X"), ("XXX OO. ...", "O"), ("X.O OX. XO.", "O"),
        ("XO. .XO X.O", "X"), ("XOX XOO OXX", "X"), ("OX. XO. ...", "X"))]


_COUNT_CASES = {
    "a won game is one node": ("XXX OO. ...", "O"),
    "a full board is one node": ("XOX XOO OXX", "X"),
    "one empty cell: two nodes": ("XOX XOO OX.", "X"),
    "O to move, a few cells left": ("XOX .X. O..", "O"),
    "X to move, two moves each played": ("X.. .O. .XO", "X"),
    "a position where wins come early": ("XX. OO. ...", "X"),
}
for _title, (_text, _player) in _COUNT_CASES.items():
    def _count_case(t: Context, text: str = _text, player: str = _player) -> None:
        _check_count(t, board_from(text), player)

    count_nodes.case(_title, mutation_mistake="not_restored")(_count_case)


@count_nodes.case("after X in the centre: 55,505 nodes", mutation_mistake="not_restored", expensive=True)
def _(t: Context) -> None:
    _check_count(t, board_from("... .X. ..."), "O")


@count_nodes.case("the whole game from the empty board: 549,946 nodes", time_limit=3.0,
                  mutation_mistake="not_restored", expensive=True)
def _(t: Context) -> None:
    _check_count(t, [None] * 9, "X")


# -- minimax ------------------------------------------------------------------------------------

minimax = declare(
    "minimax", notebook="01",
    summary="the minimax value of a position for the player to move",
    returns="a number (the value), not a bool or a tuple",
    reference="tictac_edu.exercises.solutions.nb01_minimax:minimax",
    hints=[
        "Two cases. A finished game (state.is_terminal()) is worth state.utility(state.to_move) to "
        "the player to move. Otherwise, try every move and keep the best.",
        "The value of a child position is for the opponent, who moves there: what is +1 for her is -1 "
        "for you. So the value of a move is -minimax(state.play(move)), and you want the largest.",
        "`return max(-minimax(state.play(move)) for move in state.legal_moves())` after the "
        "terminal test is the whole recursion (negamax form).",
    ],
)


def _other_games() -> list[MNKGame]:
    """Late positions of games other than tic-tac-toe: 4x4 and 3x5 boards, three in a row."""
    return (random_positions(13, 6, 9, 12, lambda: MNKGame(4, 4, 3))
            + random_positions(14, 6, 8, 11, lambda: MNKGame(3, 5, 3)))


def _value_probes(faster: bool) -> list:
    states = [GameTree(TEXTBOOK), GameTree(TEXTBOOK).play(1), GameTree(DEEPER), GameTree(DEEPER).play(2),
              ttt(0, 3, 1, 4, 2), ttt(0, 4, 8, 1, 7, 6, 2, 5, 3), ttt(0, 3, 1, 4), ttt(4, 1, 0, 8, 6), ttt(4, 1, 0, 8),
              ttt(0, 1, 4, 8, 3, 5, 6), *random_positions(15, 8, 4, 7), *_other_games()[::2]]
    return [call(state) for state in states]


def _check_value(t: Context, state: Position, expected: float, *, what: str = "value") -> None:
    got = t.call(state)
    t.expect_type(got, is_number(got), position=state)
    if got == expected:
        return
    if expected != 0 and got == -expected:
        t.fail(f"The {what} has the wrong sign: it is for the player to move ({state.to_move}).", position=state,
               expected=expected, got=got, mistake="wrong_side")
    t.fail(f"Not the {what} of this position for {state.to_move}, the player to move.", position=state,
           expected=expected, got=got)


@minimax.case("the textbook tree: 3")
def _(t: Context) -> None:
    _check_value(t, GameTree(TEXTBOOK), 3)


@minimax.probes
def _() -> list:
    return _value_probes(False)


@minimax.case("the textbook tree's middle node, MIN to move: -2")
def _(t: Context) -> None:
    state = GameTree(TEXTBOOK).play(1)
    got = t.call(state)
    t.expect_type(got, is_number(got), position=state)
    if got != -2:
        t.fail("MIN moves here and picks the leaf worth 2 to MAX, so the value for MIN, the player to move, is -2.",
               position=state, expected=-2, got=got, mistake="wrong_side" if got == 2 else None)


@minimax.case("a deeper textbook tree (three levels)")
def _(t: Context) -> None:
    state = GameTree(DEEPER)
    _check_value(t, state, solved(state))


@minimax.case("X has won, O to move: -1 for O")
def _(t: Context) -> None:
    _check_value(t, ttt(0, 3, 1, 4, 2), -1)


@minimax.case("a drawn full board: 0")
def _(t: Context) -> None:
    _check_value(t, ttt(0, 4, 8, 1, 7, 6, 2, 5, 3), 0)


@minimax.case("X to move wins at once: +1")
def _(t: Context) -> None:
    _check_value(t, ttt(0, 3, 1, 4), 1)


@minimax.case("O to move cannot stop X: -1")
def _(t: Context) -> None:
    _check_value(t, ttt(4, 1, 0, 8, 6), -1)


@minimax.case("40 positions, X or O to move")
def _(t: Context) -> None:
    for state in random_positions(11, 40, 2, 7):
        _check_value(t, state, solved(state))


@minimax.case("other games: 4x4 and 3x5 boards, three in a row")
def _(t: Context) -> None:
    for state in _other_games():
        _check_value(t, state, solved(state))


@minimax.case("after X takes a corner: a draw (0)", time_limit=1.5, expensive=True)
def _(t: Context) -> None:
    _check_value(t, ttt(0), 0)


# -- minimax_fast_wins --------------------------------------------------------------------------

minimax_fast_wins = declare(
    "minimax_fast_wins", notebook="01",
    summary="minimax that scores a quicker win higher: +-(10 - ply) on tic-tac-toe",
    returns="a number (the value)",
    reference="tictac_edu.exercises.solutions.nb01_minimax:minimax_fast_wins",
    hints=[
        "Only the score of a finished game changes; the recursion is the same as in minimax.",
        "A finished game is worth state.utility(state.to_move) * (state.max_plies + 1 - state.ply): "
        "on tic-tac-toe max_plies is 9, so a win after 5 moves is worth 5 and a draw 0.",
        "Use state.ply (moves since the start of the game), not a depth counted from where your search "
        "began: the same finished game must score the same from every starting position.",
    ],
)


def _check_fast(t: Context, state: Position) -> None:
    _check_value(t, state, solved(state, True))


@minimax_fast_wins.probes
def _() -> list:
    return _value_probes(True)


@minimax_fast_wins.case("X has won after 5 moves, O to move: -5")
def _(t: Context) -> None:
    _check_fast(t, ttt(0, 3, 1, 4, 2))


@minimax_fast_wins.case("X has won after 7 moves, O to move: -3")
def _(t: Context) -> None:
    _check_fast(t, ttt(0, 1, 4, 8, 3, 5, 6))


@minimax_fast_wins.case("a drawn full board: 0")
def _(t: Context) -> None:
    _check_fast(t, ttt(0, 4, 8, 1, 7, 6, 2, 5, 3))


@minimax_fast_wins.case("X to move wins at once, after 5 moves: +5")
def _(t: Context) -> None:
    _check_fast(t, ttt(0, 3, 1, 4))


@minimax_fast_wins.case("X can win now or later: the quick win counts")
def _(t: Context) -> None:
    _check_fast(t, ttt(4, 1, 0, 8))


@minimax_fast_wins.case("30 positions, X or O to move")
def _(t: Context) -> None:
    for state in random_positions(12, 30, 2, 7):
        _check_fast(t, state)


@minimax_fast_wins.case("games of other lengths: 4x4 and 3x5 boards, and textbook trees")
def _(t: Context) -> None:
    states: list[Position] = [*_other_games(), GameTree(TEXTBOOK), GameTree(DEEPER), GameTree(DEEPER).play(1)]
    for state in states:
        _check_fast(t, state)


@minimax_fast_wins.case("after X takes a corner: a draw (0)", time_limit=1.5, expensive=True)
def _(t: Context) -> None:
    _check_fast(t, ttt(0))
