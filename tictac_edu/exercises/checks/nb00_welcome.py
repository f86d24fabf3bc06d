"""Notebook 00 (welcome): the warm-up exercises ``legal_moves`` and ``place``."""

from __future__ import annotations

from collections.abc import Sequence

from tictac_edu.exercises.checks import contract, dimension
from tictac_edu.exercises.diagnosis import call
from tictac_edu.exercises.positions import board_from, random_positions
from tictac_edu.exercises.registry import Context, declare, is_int, show_value

legal_moves = declare(
    "legal_moves", notebook="00",
    summary="the empty cells of a board, smallest first",
    returns="a list of cell numbers (ints), smallest first",
    reference="tictac_edu.exercises.solutions.nb00_welcome:legal_moves",
    hints=[
        "Go through the cell numbers 0 to 8 and keep the ones whose cell is empty.",
        "An empty cell holds None: `board[cell] is None`. Collect the cell numbers (not the "
        "contents) in a list, in the order you meet them.",
        "One line does it: `[cell for cell in range(9) if board[cell] is None]`.",
    ],
)


WON_BOARDS = ("XXX OO. ...", "O.. XXX O..", "XO. XO. X..", ".OX .XO X..", "XX. OOO X.X", "X.. .X. O.X")
"""Boards where someone has three in a row and cells are still empty."""


@legal_moves.probes
def _() -> list:
    boards = ["... ... ...", "X.O .X. ..O", "XOX OXO OX.", "XOX XOO OXX", "O.. .X. X..", *WON_BOARDS]
    return [call(board_from(text)) for text in boards] + [call(tuple(board_from("X.. .O. ..X")))]


def _expect_moves(t: Context, board: Sequence, expected: list[int], message: str = "") -> None:
    got = t.call(board)
    t.expect_type(got, isinstance(got, list) and all(is_int(m) for m in got),
                  position=board, mistake="set_order" if isinstance(got, (set, frozenset)) else None)
    if got == expected:
        return
    occupied = [cell for cell in range(9) if board[cell] is not None]
    missing = [cell for cell in expected if cell not in got]
    extra = [cell for cell in got if cell not in expected]
    seen = "; ".join(part for part in (
        f"missing: {'cell' if len(missing) == 1 else 'cells'} {_cells(missing)} (empty)" if missing else "",
        f"listed but taken: {_cells([c for c in extra if c in occupied])}" if set(extra) & set(occupied) else "",
        f"listed but not cells of the board (0 to 8): {_cells([c for c in extra if c not in range(9)])}"
        if any(c not in range(9) for c in extra) else "",
        f"listed twice: {_cells(sorted({c for c in got if got.count(c) > 1}))}" if len(set(got)) != len(got) else "")
        if part)
    if message:
        t.fail(f"{message} Your list: {seen}.", position=board, expected=expected, got=got)
    if sorted(got) == expected:
        t.fail("The right cells, but not in increasing order.", position=board, expected=expected, got=got,
               mistake="set_order")
    if got and set(got) <= set(occupied) or (not got and not occupied):
        t.fail(f"These are not the empty cells: {seen}. An empty cell holds None.", position=board,
               expected=expected, got=got, mistake="empty_is_none")
    if missing == [8] and not extra:
        t.fail("Cell 8, the last one, is missing: the cells are numbered 0 to 8, so go through range(9).",
               position=board, expected=expected, got=got)
    t.fail(f"Not the empty cells of this board: {seen}.", position=board, expected=expected, got=got,
           mistake="empty_is_none" if set(extra) & set(occupied) else None)


def _cells(cells: Sequence[int]) -> str:
    return ", ".join(str(cell) for cell in cells)


@legal_moves.case("the empty board: every cell")
def _(t: Context) -> None:
    _expect_moves(t, [None] * 9, list(range(9)))


@legal_moves.case("a game in progress")
def _(t: Context) -> None:
    _expect_moves(t, board_from("X.O .X. ..O"), [1, 3, 5, 6, 7])


@legal_moves.case("only the last cell is empty")
def _(t: Context) -> None:
    _expect_moves(t, board_from("XOX OXO OX."), [8])


@legal_moves.case("a full board: no moves")
def _(t: Context) -> None:
    _expect_moves(t, board_from("XOX XOO OXX"), [])


@legal_moves.case("someone has three in a row: the empty cells all the same")
def _(t: Context) -> None:
    for text in WON_BOARDS:
        board = board_from(text)
        _expect_moves(t, board, [cell for cell in range(9) if board[cell] is None],
                      "Someone has three in a row here, but this warm-up does not look at wins (see its docstring): "
                      "it lists every empty cell.")


@legal_moves.case("a board given as a tuple")
def _(t: Context) -> None:
    _expect_moves(t, tuple(board_from("O.. .X. X..")), [1, 2, 3, 5, 7, 8])  # type: ignore[arg-type]


@legal_moves.case("many boards, the board left unchanged")
def _(t: Context) -> None:
    for state in random_positions(7, 30, 0, 8):
        board = list(state.board)
        _expect_moves(t, board, [cell for cell in range(9) if board[cell] is None])


@legal_moves.case("called again on the same boards: the same answers (nothing kept between calls)")
def _(t: Context) -> None:
    for text in ("X.O .X. ..O", "... ... ...", "X.O .X. ..O", "XOX OXO OX.", "... ... ..."):
        board = board_from(text)
        _expect_moves(t, board, [cell for cell in range(9) if board[cell] is None],
                      "The same board as in an earlier call: the same cells, whatever was asked before.")


contract(
    "legal_moves",
    dimension("inputs", "a board as a list or as a tuple of 9 cells", "a board given as a tuple", "the empty board"),
    dimension("shapes", "every number of empty cells, 0 to 9, the first and the last cell among them",
              "the empty board", "only the last cell", "a full board", "a game in progress"),
    dimension("order", "a won board still lists every empty cell (the warm-up does not look at wins)",
              "someone has three in a row"),
    dimension("outputs", "a list of ints in increasing order, the board unchanged", "many boards"),
    dimension("repeats", "the same board asked again gives the same list (no state kept between calls)",
              "called again on the same boards"),
)


# -- place --------------------------------------------------------------------------------------

place = declare(
    "place", notebook="00",
    summary="a new board with one more mark; the board given is not changed",
    returns="a new list of 9 cells",
    reference="tictac_edu.exercises.solutions.nb00_welcome:place",
    hints=[
        "The list you are given belongs to the caller and must stay exactly as it is. So do not write "
        "into it: make a new list, write into that one, and return it.",
        "`list(board)` makes a new list holding the same cells (and turns a tuple into a list). "
        "`new_board = board` would NOT copy: it only gives the same list a second name, and writing "
        "into one changes the other.",
        "Cells are numbered row by row, so `new_board[cell]` is the cell to mark; put `player` there "
        "(\"X\" or \"O\", whichever you are given).",
        "Three lines: `new_board = list(board)`, then `new_board[cell] = player`, then `return new_board`.",
    ],
)


def _marked(board: Sequence, cell: int, player: str) -> list:
    new_board = list(board)
    new_board[cell] = player
    return new_board


def _transposed(cell: int) -> int:
    """The cell with row and column swapped (the mirror image in the diagonal 0, 4, 8)."""
    return (cell % 3) * 3 + cell // 3


@place.probes
def _() -> list:
    return [call(board_from(text), cell, player) for text, cell, player in (
        ("... ... ...", 4, "X"), ("X.. .O. ...", 5, "X"), ("XO. .X. ..O", 3, "O"), ("X.O .X. O..", 1, "X"),
        ("X.. ... ...", 2, "O"))] + [call(tuple(board_from("X.. .O. ...")), 7, "X")]


def _expect_place(t: Context, board: Sequence, cell: int, player: str) -> None:
    before = list(board)
    call = f"place({board!r}, {cell}, {player!r})"
    got = t.call(board, cell, player, changes=(0,))
    if list(board) != before:
        t.fail(f"Your function changed the board it was given: after the call the caller's board is "
               f"{show_value(list(board))}. The caller's board must stay as it was; the mark belongs on a new list "
               "(`new_board = board` gives the same list a second name, it does not copy it).", position=before,
               expected=before, got=list(board), mistake="changed_given_board", reproduce=call)
    t.expect_type(got, isinstance(got, list) and len(got) == 9, position=before,
                  mistake="no_return" if got is None else None, reproduce=call)
    expected = _marked(before, cell, player)
    if got == expected:
        return
    other = "O" if player == "X" else "X"
    mirror = _transposed(cell)
    if mirror != cell and got == _marked(before, mirror, player):
        t.fail(f"The mark went on cell {mirror}, not on cell {cell}: row and column are swapped.",
               position=before, expected=expected, got=got, mistake="row_major", reproduce=call)
    if got == _marked(before, cell, other):
        t.fail(f"The right cell, but the mark of {other}, not of {player}.", position=before, expected=expected,
               got=got, mistake="wrong_mark", reproduce=call)
    if got == before:
        t.fail(f"No mark was placed: cell {cell} is still empty in the list your function returned.",
               position=before, expected=expected, got=got, reproduce=call,
               observed=f"The board came back unchanged: nothing was written into cell {cell} of the new list.")
    wrong = [index for index in range(9) if got[index] != expected[index]]
    t.fail(f"Only cell {cell} should change, to {player!r}; cells {wrong} are not as expected.", position=before,
           expected=expected, got=got, reproduce=call)


@place.case("the empty board: X in the centre")
def _(t: Context) -> None:
    _expect_place(t, [None] * 9, 4, "X")


@place.case("games in progress: the given cell, and only it, is marked")
def _(t: Context) -> None:
    for text, cell, player in (("X.. .O. ...", 5, "X"), ("XO. .X. ..O", 3, "O"), ("X.O .X. O..", 1, "X"),
                               ("XOX .O. ...", 7, "X"), ("... ... ...", 2, "X"), ("XO. ... ...", 6, "X")):
        _expect_place(t, board_from(text), cell, player)


@place.case("returns a new list of 9 cells, not the board it was given")
def _(t: Context) -> None:
    _expect_place(t, board_from("O.. .X. ..X"), 1, "O")


@place.case("the board you were given is left unchanged")
def _(t: Context) -> None:
    board = board_from(".X. ... O..")
    _expect_place(t, board, 3, "X")
    _expect_place(t, board, 5, "X")        # the same board again: it must still be as it was


@place.case("a board given as a tuple: a list comes back")
def _(t: Context) -> None:
    _expect_place(t, tuple(board_from("X.. .O. ...")), 7, "X")


@place.case("O's marks too")
def _(t: Context) -> None:
    for text, cell in (("X.. ... ...", 1), ("X.. .O. ..X", 2), ("XX. .O. ...", 3)):
        _expect_place(t, board_from(text), cell, "O")


@place.case("many boards: every empty cell, for the player to move")
def _(t: Context) -> None:
    for state in random_positions(8, 25, 0, 8):
        board = list(state.board)
        for cell in range(9):
            if board[cell] is None:
                _expect_place(t, board, cell, state.to_move)


@place.case("the corner cells 0 and 8 and the edges: row and column not swapped")
def _(t: Context) -> None:
    for cell in (0, 8, 1, 3, 5, 7, 2, 6):
        _expect_place(t, board_from("... .X. ..."), cell, "O")


contract(
    "place",
    dimension("inputs", "a board as a list or as a tuple (a list comes back either way)",
              "a board given as a tuple", "the empty board"),
    dimension("shapes", "either player's mark, on any empty cell: corners, edges, centre",
              "O's marks too", "the corner cells 0 and 8", "many boards"),
    dimension("outputs", "a NEW list of 9 cells; the board given is left exactly as it was",
              "returns a new list", "the board you were given is left unchanged"),
    dimension("repeats", "the same board marked twice in a row (it must still be unmarked the second time)",
              "the board you were given is left unchanged"),
)
