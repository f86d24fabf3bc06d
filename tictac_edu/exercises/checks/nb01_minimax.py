"""Notebook 01 (game trees and minimax): ``winner``, ``count_nodes``, ``minimax``,
``minimax_fast_wins``."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from tictac_edu.exercises.checks import contract, dimension
from tictac_edu.exercises.checks.explain import follow
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
ODD_TREES: tuple[Tree, ...] = ([[2.5, -1.25], [-0.0, 3.75, -7]], [[[-0.5]], [[0.25, -3]]], [[-3, -1], [-2]],
                               [[4]], [[1e9, -1e9], [0.1, 0.2]])
"""Trees whose leaves are fractions, negative, -0.0, huge, or alone on their branch."""


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


@cache
def line_boards() -> tuple[tuple[tuple[int, int, int], str, tuple[str | None, ...]], ...]:
    """For each line and each player, a reachable board where that player has won on that
    line only (the first such board in a fixed order)."""
    found: dict[tuple[tuple[int, int, int], str | None], tuple[str | None, ...]] = {}
    for state in all_tictactoe_positions():
        board = state.board
        won = [line for line in LINES if board[line[0]] is not None and
               board[line[0]] == board[line[1]] == board[line[2]]]
        if len(won) == 1:
            found.setdefault((won[0], board[won[0][0]]), tuple(board))
    return tuple((line, player, found[(line, player)]) for line in LINES for player in ("X", "O"))


def _lines_missed(t: Context) -> list[tuple[int, int, int]]:
    """The lines on which the learner's function misses a win (asked on one board per line
    and player)."""
    missed = []
    for line, player, board in line_boards():
        got = t.call(list(board), position=list(board))
        if got != player and line not in missed:
            missed.append(line)
    return missed


def _check_winner(t: Context, board: Sequence[str | None], *, message: str | None = None) -> None:
    expected, line = true_winner(board)
    got = t.call(board)
    t.expect_type(got, got is None or got in ("X", "O"), position=board, mistake="winner_value")
    if got == expected:
        return
    if got is not None:
        truth = f"{expected} has, on {LINE_NAME[line]}" if line is not None else "nobody has"
        t.fail(message or f"Your function answered {got}, but {got} has no three in a row on this board ({truth}): "
               "a line was taken for a win that is not one.", position=board, expected=expected, got=got,
               observed=f"{got} came back for a board where {got} has no three in a row. Is each of your lines a "
                        "real row, column or diagonal, and is each tested for three EQUAL marks that are not "
                        "None (`board[a] is not None and board[a] == board[b] == board[c]`)?")
    assert line is not None and expected is not None
    missed = _lines_missed(t)
    kinds = {LINE_MISTAKE[one] for one in missed}
    if len(missed) == len(LINES):
        t.fail(message or f"{expected} has three in a row on {LINE_NAME[line]}, but your function did not see it; "
               "it sees no win at all, on none of the 8 lines.", position=board, expected=expected, got=got,
               observed="None came back for a win on every one of the 8 lines: does the test of a line ever come "
                        "out true, and does your function return the winner (`return board[a]`) when it does?")
    names = ", ".join(LINE_NAME[one] for one in missed)
    t.fail(message or f"{expected} has three in a row on {LINE_NAME[line]}, but your function did not see it. "
           f"Asked about a win on each of the 8 lines, it misses {names}.", position=board, expected=expected,
           got=got, mistake=kinds.pop() if len(kinds) == 1 else LINE_MISTAKE[line] if line in missed else None)


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
    got = t.call(board)
    t.expect_type(got, got is None or got in ("X", "O"), position=board, mistake="winner_value")
    if got is None and t.call(board_from("XXX OO. ...")) == "X":
        t.fail("X has three in a row on the middle row; the empty top row is not a line of three equal marks "
               "that counts, but your function stopped there.", position=board, expected="X", got=got,
               mistake="empty_line")
    _check_winner(t, board)


@winner.case("a draw: no winner")
def _(t: Context) -> None:
    _check_winner(t, board_from("XOX XOO OXX"))


@winner.case("three X that are not in a line: no winner")
def _(t: Context) -> None:
    _check_winner(t, board_from("XO. .XX O.."))


ALIASING_CONFIRM = ("OX. X.. .OX", "O")
"""A board without a winner where a grid built with ``[[None] * 3] * 3`` shows O on column 0."""


@winner.case("two X on the bottom row: no winner yet")
def _(t: Context) -> None:
    board = board_from(ALIASING_PROBE)
    got = t.call(board)
    t.expect_type(got, got is None or got in ("X", "O"), position=board, mistake="winner_value")
    confirm, mark = ALIASING_CONFIRM
    if got == "X" and t.call(board_from(confirm)) == mark:
        t.fail("Nobody has three in a row here, but your function found a winner: every row of the grid seems to "
               "hold the marks of the last row (here and on the board " + repr(confirm) + " too).",
               position=board, expected=None, got=got, mistake="aliasing")
    _check_winner(t, board)


@winner.case("a board given as a tuple")
def _(t: Context) -> None:
    _check_winner(t, tuple(board_from("OOX .X. X..")))


@winner.case("every reachable position (5,478), boards unchanged", expensive=True)
def _(t: Context) -> None:
    for state in all_tictactoe_positions():
        _check_winner(t, list(state.board))


@winner.case("called again on the same boards: the same answers (nothing kept between calls)")
def _(t: Context) -> None:
    for text in ("XXX OO. ...", "... ... ...", "XXX OO. ...", "XOX XOO OXX", "OOX .X. X..", "... ... ..."):
        _check_winner(t, board_from(text))


contract(
    "winner",
    dimension("shapes", "a win on each of the 8 lines: 3 rows, 3 columns, the diagonal and the anti-diagonal",
              "X wins on the top row", "X wins on the middle row", "X wins on the bottom row",
              "X wins on the left column", "O wins on the middle column", "X wins on the right column",
              "X wins on the diagonal", "X wins on the anti-diagonal"),
    dimension("inputs", "either player's win, and no win: an empty board, a draw, a game in progress",
              "O wins on the middle row", "O wins on the diagonal", "the empty board", "a draw",
              "three X that are not in a line"),
    dimension("order", "an empty line before the winning one is not a win", "X wins on the middle row while"),
    dimension("inputs", "a list or a tuple, never changed", "a board given as a tuple", "every reachable position"),
    dimension("outputs", '"X", "O" or None, nothing else', "a draw", "the empty board"),
    dimension("shapes", "marks in one row that an aliased grid would repeat in every row",
              "two X on the bottom row"),
    dimension("repeats", "the same board asked again (no state kept between calls)", "called again on the same"),
)


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


def _other_player(player: str) -> str:
    return "O" if player == "X" else "X"


def _children(board: tuple, player: str) -> list[tuple[int, tuple]]:
    return [(cell, board[:cell] + (player,) + board[cell + 1:]) for cell in range(9) if board[cell] is None]


def _count_of(t: Context, board: tuple, player: str) -> Any:
    shown = show_board(board) + f"\n({player} to move)"
    got = t.call(list(board), player, position=shown)
    t.expect_type(got, is_int(got), position=shown)
    return got


def _check_count(t: Context, board: list, player: str) -> None:
    key = tuple(board)
    expected = _tree_size(key, player)
    position = show_board(key) + f"\n({player} to move)"
    got = t.call(board, player, position=position)
    t.expect_type(got, is_int(got), position=board)
    if got == expected:
        return
    summary = (f"{'Too few' if got < expected else 'Too many'} nodes: from this board your function counts {got:,}, "
               f"the tree has {expected:,}.")
    # follow the function's own counts down to the first position it gets wrong while its children are right
    node, mover, count = key, player, got
    for _ in range(10):
        won = true_winner(node)[0]
        if won is not None or None not in node:
            break
        wrong = next(((cell, child) for cell, child in _children(node, mover)
                      if _count_of(t, child, _other_player(mover)) != _tree_size(child, _other_player(mover))), None)
        if wrong is None:
            break
        node, mover = wrong[1], _other_player(mover)
        count = _count_of(t, node, mover)
    shown = show_board(node) + f"\n({mover} to move)"
    where = "this board" if node == key else "the position below (a position of this board's tree)"
    right = _tree_size(node, mover)
    won, line = true_winner(node)
    if won is not None or None not in node:
        what = f"{won} has three in a row on {LINE_NAME[line]}" if won is not None and line is not None else \
            "the board is full"
        t.fail(f"{summary} The first place it goes wrong, following its own counts down the tree: {where}, where "
               f"{what}. The game is over there, and a finished position is ONE node; your function counted {count}.",
               position=shown, expected=1, got=count, reproduce=f"count_nodes({list(node)!r}, {mover!r})",
               mistake="won_game_not_leaf" if won is not None and count > 1 else "count_root" if count == 0 else None,
               observed=(f"A finished position ({what}) got {count} nodes instead of 1: is the test for a finished "
                         "game (someone has three in a row) the first thing your function does, returning 1?"
                         if won is not None else f"A full board got {count} nodes instead of 1. It has no move to "
                         "try, so its count is the one your function starts from: start at `nodes = 1`."))
    kids = [(cell, _count_of(t, child, _other_player(mover))) for cell, child in _children(node, mover)]
    total = 1 + sum(count_ for _, count_ in kids)
    listed = " + ".join(f"{count_}" for _, count_ in kids)
    counted = ", ".join(f"cell {cell}: {count_}" for cell, count_ in kids)
    text = (f"{summary} The first place it goes wrong, following its own counts down the tree: {where}, with "
            f"{mover} to move. Your function counts its children right ({counted}), "
            f"so it is 1 + {listed} = {total} nodes; your function counted {count}.")
    common: dict[str, Any] = dict(position=shown, expected=right, got=count,
                                  reproduce=f"count_nodes({list(node)!r}, {mover!r})")
    if count == total - 1:
        t.fail(text + " The position itself is not counted.", mistake="count_root", **common)
    if count == 1:
        t.fail(text + " It took this position for a finished game, but nobody has three in a row here and cells "
               "are empty.", **common, observed="An unfinished position was counted as a leaf: is the test for a "
                                              "finished game (a line of three equal marks, not None) right?")
    same = 1 + sum(_count_of(t, child, mover) for _, child in _children(node, mover))
    if count == same and same != total:
        t.fail(text + f" That is what the children give with {mover} to move again: the players must alternate.",
               mistake="alternate_players", **common)
    t.fail(text, **common, observed=f"At this position the count is not 1 + the counts of its children "
                                    f"({total}): look at how your function adds up the children's counts.")


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


@count_nodes.case("called again on the same boards: the same counts (no counter kept between calls)",
                  mutation_mistake="not_restored")
def _(t: Context) -> None:
    for text, player in (("XOX XOO OX.", "X"), ("XOX .X. O..", "O"), ("XOX XOO OX.", "X"), ("XOX .X. O..", "O")):
        _check_count(t, board_from(text), player)


contract(
    "count_nodes",
    dimension("shapes", "boards with 0 to 9 empty cells: full, won, one cell left, a few, the whole game",
              "a full board is one node", "a won game is one node", "one empty cell", "O to move, a few cells",
              "the whole game"),
    dimension("directions", "either player to move", "O to move, a few cells left", "X to move, two moves each"),
    dimension("order", "a win ends the game before the board is full", "a position where wins come early",
              "a won game is one node"),
    dimension("outputs", "the board given back exactly as it was (make and unmake)", "one empty cell",
              "after X in the centre"),
    dimension("repeats", "the same board asked again (no counter kept between calls)", "called again"),
    dimension("cost", "the notebook's figures: 549,946 nodes from the empty board, 55,505 after X in the centre",
              "the whole game", "after X in the centre"),
)


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


def _value_of(t: Context, state: Position) -> float:
    got = t.call(state)
    t.expect_type(got, is_number(got), position=state)
    return got


def _finished_score(state: Position, faster: bool) -> float:
    utility = state.utility(state.to_move)
    return utility * (state.max_plies + 1 - state.ply) if faster else utility


def _check_value(t: Context, state: Position, expected: float, *, faster: bool = False) -> None:
    got = _value_of(t, state)
    if got == expected:
        return
    summary = f"Your function gives {got!r} for this position; its value for {state.to_move}, the player to move, " \
              f"is {expected!r}."
    culprit = follow(state, lambda position, _: _value_of(t, position), lambda position, _: solved(position, faster),
                     value_at_root=got)
    node, value = culprit.state, culprit.value
    where = "this position itself" if culprit.root else "the position below, further down this position's tree"
    common: dict[str, Any] = dict(position=node, expected=solved(node, faster), got=value)
    lead = f"{summary} Following your function's own values down the tree, the first it gets wrong is {where}"
    if not culprit.children:
        right = _finished_score(node, faster)
        utility = node.utility(node.to_move)
        how = (f"state.utility(state.to_move) * (state.max_plies + 1 - state.ply) = {utility} * "
               f"({node.max_plies} + 1 - {node.ply}) = {right}" if faster else
               f"state.utility(state.to_move) = {right}")
        text = f"{lead}: a finished game, worth {how} to {node.to_move}, the player to move there; your function " \
               f"returned {value!r}."
        if right and value == -right:
            t.fail(text + " That is the other player's score.", mistake="wrong_side", **common)
        if faster and value == utility and right != utility:
            t.fail(text + " That is the plain utility: a quick win must score more than a slow one.",
                   mistake="no_faster_wins", **common)
        if faster and value == utility * (node.max_plies + 1):
            t.fail(text + " That is what a depth counted from where this call began gives (0 here).",
                   mistake="ply_from_root", **common)
        if faster and value == utility * (10 - node.ply) and node.max_plies != 9:
            t.fail(text + f" That is 10 - ply, right for tic-tac-toe only: this game lasts at most {node.max_plies} "
                   "moves.", mistake="fixed_game_length", **common)
        t.fail(text, **common, observed=f"A finished game was scored {value!r}: is the test `state.is_terminal()` "
                                        "first, and is its score the one of the docstring, for the player to move?")
    values = [child_value for _, _, child_value in culprit.children]
    best = culprit.negated_best
    text = (f"{lead}: {node.to_move} to move there. Your function values its children right ({culprit.children_text()}"
            f"), each for the opponent who moves there; so the position is worth the largest NEGATED value, "
            f"max(-value) = {best!r}; your function returned {value!r}.")
    if value == max(values) and value != best:
        t.fail(text + " That is the largest child value, not negated.", mistake="wrong_side", **common)
    if best and value == -best:
        t.fail(text + " That is its negation.", mistake="wrong_side", **common)
    if value == 0 and best < 0:
        t.fail(text + " The best value found never goes below 0 here.", mistake="best_starts_at_zero", **common)
    if value == min(-child for child in values):
        t.fail(text + " That is the SMALLEST negated value: the player to move picks the largest (max, not min).",
               **common, observed="max(...) of the negated child values, not min(...).")
    t.fail(text, **common, observed="The children's values are right but are combined into a wrong value: the "
                                    "value of a position is max(-value of each child), over every legal move.")


@minimax.case("the textbook tree: 3")
def _(t: Context) -> None:
    _check_value(t, GameTree(TEXTBOOK), 3)


@minimax.probes
def _() -> list:
    return _value_probes(False)


@minimax.case("the textbook tree's middle node, MIN to move: -2")
def _(t: Context) -> None:
    _check_value(t, GameTree(TEXTBOOK).play(1), -2)


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


@minimax.case("leaves of every kind: fractions, negative values, -0.0, a tree with one branch")
def _(t: Context) -> None:
    for tree in ODD_TREES:
        _check_value(t, GameTree(tree), solved(GameTree(tree)))
        _check_value(t, GameTree(tree).play(0), solved(GameTree(tree).play(0)))


@minimax.case("called again on the same positions: the same values (nothing kept between calls)")
def _(t: Context) -> None:
    for state in (ttt(0, 3, 1, 4), ttt(4, 1, 0, 8, 6), ttt(0, 3, 1, 4), GameTree(TEXTBOOK), GameTree(TEXTBOOK)):
        _check_value(t, state, solved(state))


@minimax.case("after X takes a corner: a draw (0)", time_limit=1.5, expensive=True)
def _(t: Context) -> None:
    _check_value(t, ttt(0), 0)


contract(
    "minimax",
    dimension("numbers", "leaf values of any sign, whole or not, -0.0 among them (textbook trees)",
              "leaves of every kind", "the textbook tree", "a deeper textbook tree"),
    dimension("directions", "either player to move at the root: MAX or MIN, X or O",
              "the textbook tree's middle node", "X has won, O to move", "O to move cannot stop X", "40 positions"),
    dimension("inputs", "finished positions (won, drawn) as well as open ones",
              "X has won, O to move", "a drawn full board", "X to move wins at once"),
    dimension("shapes", "any game of the protocol: tic-tac-toe, 4x4 and 3x5 boards, trees of any depth",
              "other games", "a deeper textbook tree", "leaves of every kind"),
    dimension("repeats", "the same position asked again (no state kept between calls)", "called again"),
    dimension("cost", "a whole game tree: every node searched (a draw after a corner)", "after X takes a corner"),
)


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
    _check_value(t, state, solved(state, True), faster=True)


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


@minimax_fast_wins.case("the same finished game reached from different starts scores the same")
def _(t: Context) -> None:
    for moves in ((0, 3, 1, 4), (0, 3, 1), (0, 3), (0,)):
        start = ttt(*moves)
        _check_fast(t, start)
    for state in (ttt(0, 3, 1, 4, 2), ttt(0, 3, 1, 4, 2)):       # the finished game itself, asked twice
        _check_fast(t, state)


@minimax_fast_wins.case("after X takes a corner: a draw (0)", time_limit=1.5, expensive=True)
def _(t: Context) -> None:
    _check_fast(t, ttt(0))


contract(
    "minimax_fast_wins",
    dimension("numbers", "scores utility * (max_plies + 1 - ply): 5 for a win after 5 moves, 0 for a draw",
              "X has won after 5 moves", "X has won after 7 moves", "a drawn full board"),
    dimension("order", "a quick win is preferred to a slow one", "X can win now or later"),
    dimension("shapes", "games of other lengths: 4x4 (16 plies), 3x5 (15), textbook trees (2 or 3)",
              "games of other lengths"),
    dimension("directions", "either player to move", "30 positions", "X has won after 5 moves, O to move"),
    dimension("repeats", "the same finished game reached from different starts, and asked twice: the same score "
              "(plies counted from the start of the game, not from the search's root)",
              "the same finished game reached"),
    dimension("cost", "a whole game tree (after a corner)", "after X takes a corner"),
)
