"""Rules of tic-tac-toe, m,n,k games and textbook trees, through the game protocol."""

from __future__ import annotations

import pytest

from tictac_edu.games import GameState, GameTree, IllegalMoveError, MNKGame, TicTacToe, moves_from_start, play_moves


def test_tictactoe_starts_empty_with_x_to_move() -> None:
    game = TicTacToe()
    assert game.to_move == "X"
    assert game.legal_moves() == list(range(9))
    assert game.ply == 0 and game.max_plies == 9
    assert not game.is_terminal() and game.winner is None
    assert isinstance(game, GameState)


LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


@pytest.mark.parametrize("line", LINES)
def test_every_line_wins(line: tuple[int, int, int]) -> None:
    others = [cell for cell in (0, 1, 2, 3, 4, 5, 6, 7, 8) if cell not in line]
    o_cells = others[:2]  # two marks cannot make a line
    moves = [line[0], o_cells[0], line[1], o_cells[1], line[2]]
    state = play_moves(TicTacToe(), moves)
    assert state.winner == "X"
    assert state.is_terminal() and state.legal_moves() == []
    assert state.utility("X") == 1 and state.utility("O") == -1
    assert state.winning_line() == line


def test_a_full_board_without_a_line_is_a_draw() -> None:
    state = play_moves(TicTacToe(), [0, 1, 2, 4, 3, 5, 7, 6, 8])
    assert state.is_terminal() and state.winner is None
    assert state.utility("X") == state.utility("O") == 0
    assert state.result_text() == "draw"


def test_play_returns_a_new_state_and_never_changes_the_old_one() -> None:
    game = TicTacToe()
    after = game.play(4)
    assert game.board == (None,) * 9 and game.to_move == "X"
    assert after.board[4] == "X" and after.to_move == "O" and after.last_move == 4
    assert after.undo() is game
    assert moves_from_start(after.play(0).play(8)) == [4, 0, 8]


def test_row_column_moves_are_the_same_as_cell_numbers() -> None:
    assert TicTacToe().play((1, 2)) == TicTacToe().play(5)


@pytest.mark.parametrize(("moves", "bad", "reason"), [
    ([4], 4, "already taken by X"),
    ([], 9, "off the board"),
    ([], -1, "off the board"),
    ([], (3, 0), "off the board"),
    ([], "a", "a move is a cell number"),
    ([], True, "a move is a cell number"),
    ([0, 3, 1, 4, 2], 5, "the game is over (X wins)"),
])
def test_illegal_moves_name_the_move_and_the_reason(moves: list[int], bad: object, reason: str) -> None:
    state = play_moves(TicTacToe(), moves)
    with pytest.raises(IllegalMoveError) as caught:
        state.play(bad)
    message = str(caught.value)
    assert reason in message
    assert repr(bad) in message
    assert isinstance(caught.value, ValueError)


def test_undo_at_the_start_is_an_error() -> None:
    with pytest.raises(ValueError, match="Nothing to undo"):
        TicTacToe().undo()


def test_text_and_svg_rendering() -> None:
    state = play_moves(TicTacToe(), [4, 0])
    assert str(state) == "O . .\n. X .\n. . ."
    assert state.text(numbered=True) == "O . .    . 1 2\n. X .    3 . 5\n. . .    6 7 8"
    assert "0" not in state.text(numbered=True)  # the letter O never beside the digit 0
    svg = state._repr_svg_()
    assert svg.startswith("<svg") and svg.count("<circle") == 1 and svg.count("<path") == 1


def test_keys_are_distinct_for_distinct_positions_and_equal_for_transpositions() -> None:
    assert play_moves(TicTacToe(), [0, 4, 8]).key() == play_moves(TicTacToe(), [8, 4, 0]).key()
    assert play_moves(TicTacToe(), [0, 4]).key() != play_moves(TicTacToe(), [4, 0]).key()


def test_symmetric_keys_of_a_corner_opening() -> None:
    corners = {TicTacToe().play(cell).canonical_key() for cell in (0, 2, 6, 8)}
    edges = {TicTacToe().play(cell).canonical_key() for cell in (1, 3, 5, 7)}
    assert len(corners) == 1 and len(edges) == 1 and corners != edges


def test_mnk_five_by_five_three_in_a_row() -> None:
    game = MNKGame(5, 5, 3)
    assert len(game.legal_moves()) == 25 and game.max_plies == 25
    state = play_moves(game, [6, 0, 12, 1, 18])  # a diagonal in the middle of the board
    assert state.winner == "X"
    state = play_moves(game, [4, 0, 8, 1, 3, 24, 12])  # X: 4, 8, 12 on an anti-diagonal
    assert state.winner == "X"
    assert not play_moves(game, [0, 5, 1, 6, 3]).is_terminal()  # 0, 1, 3 is not a line


def test_mnk_rejects_impossible_boards() -> None:
    with pytest.raises(ValueError, match="cannot fit"):
        MNKGame(3, 3, 4)
    with pytest.raises(ValueError, match="rows must be a positive whole number"):
        MNKGame(0, 3, 3)


TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def test_game_tree_moves_and_leaves() -> None:
    tree = GameTree(TEXTBOOK)
    assert tree.to_move == "MAX" and tree.legal_moves() == [0, 1, 2] and tree.max_plies == 2
    child = tree.play(2)
    assert child.to_move == "MIN" and child.ply == 1
    leaf = child.play(1)
    assert leaf.is_terminal() and leaf.utility("MAX") == 5 and leaf.utility("MIN") == -5
    assert leaf.undo() is child
    assert [value for _, value in tree.leaves()] == [3, 12, 8, 2, 4, 6, 14, 5, 2]


def test_game_tree_errors() -> None:
    with pytest.raises(IllegalMoveError, match="children 0..2"):
        GameTree(TEXTBOOK).play(3)
    with pytest.raises(IllegalMoveError, match="is a leaf"):
        GameTree(TEXTBOOK).play(0).play(0).play(0)
    with pytest.raises(ValueError, match=r"path \[1\] has no children"):
        GameTree([[1], []])
    with pytest.raises(ValueError, match="'x'"):
        GameTree([[1, "x"]])


PROTOCOL_FACTS = ("to_move", "ply", "winner", "last_move", "utility")


def test_the_protocol_facts_are_written_once_in_the_base() -> None:
    """``to_move/ply/winner/last_move/utility`` live in GameStateBase; a game overrides one only
    where it computes it (renju's winner when Black cannot move, a textbook tree's leaf values)."""
    from tictac_edu.games import ConnectFour, Gomoku
    from tictac_edu.games.base import GameStateBase

    overridden = {cls.__name__: sorted(name for name in PROTOCOL_FACTS if name in vars(cls))
                  for cls in (MNKGame, TicTacToe, ConnectFour, Gomoku, GameTree)}
    assert overridden == {"MNKGame": [], "TicTacToe": [], "ConnectFour": [], "Gomoku": ["winner"],
                          "GameTree": ["utility"]}
    assert all(name in vars(GameStateBase) for name in PROTOCOL_FACTS)


@pytest.mark.parametrize("moves", [[4, 0, 8, 2, 1, 7], [0, 3, 1, 4, 2], [4, 0, 2, 6, 3, 5, 1, 7, 8]])
def test_the_facts_follow_every_move(moves: list[int]) -> None:
    from tictac_edu.games import ConnectFour

    for start, columns in ((TicTacToe(), 9), (ConnectFour(), 7)):
        state = start
        for number, move in enumerate(move % columns for move in moves):
            if state.is_terminal():
                break
            mover = state.to_move
            state = state.play(move)
            assert (state.ply, state.last_move, state.to_move) == (number + 1, move, "O" if mover == "X" else "X")
            assert state.utility(mover) == -state.utility(state.to_move) == (1 if state.winner == mover else 0)


def test_a_game_tree_knows_its_facts_at_every_node() -> None:
    tree = GameTree([[3, -2], [0, [4, -1]]])
    assert (tree.to_move, tree.ply, tree.last_move, tree.winner) == ("MAX", 0, None, None)
    leaf = tree.play(1).play(1).play(1)
    assert (leaf.to_move, leaf.ply, leaf.last_move, leaf.winner, leaf.utility("MAX")) == ("MIN", 3, 1, "MIN", -1)
    assert tree.play(0).play(1).winner == "MIN" and tree.play(1).play(0).winner is None
    assert GameTree(7).winner == "MAX" and GameTree(7).is_terminal()
