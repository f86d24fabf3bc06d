"""Connect Four: the rules on bitboards, the evaluations, and the design documents' node figures."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tictac_edu.evaluation.common import from_root_player
from tictac_edu.evaluation.connect4 import (
    CENTRE_STONE_SCORE,
    FOUR_SCORE,
    OPPONENT_THREE_SCORE,
    THREE_SCORE,
    score_window,
    symmetric_window_evaluation,
    symmetry_test,
    threat_evaluation,
    window_evaluation,
    windows,
    winning_cells,
)
from tictac_edu.games import ConnectFour, GameState, IllegalMoveError
from tictac_edu.games.connect4 import bitboard_layout, centre_first_columns, has_four
from tictac_edu.search import alphabeta, minimax

CENTRE_FIRST = [3, 2, 4, 1, 5, 0, 6]
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_game(rng: random.Random, max_moves: int = 42) -> ConnectFour:
    """A position after up to ``max_moves`` random moves (stopping when the game ends)."""
    state = ConnectFour()
    for _ in range(rng.randrange(max_moves + 1)):
        if state.is_terminal():
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


positions = st.builds(random_game, st.randoms(use_true_random=False))


# -- rules -------------------------------------------------------------------------------------


def test_the_empty_board() -> None:
    game = ConnectFour()
    assert isinstance(game, GameState)
    assert (game.columns, game.rows, game.max_plies, game.ply) == (7, 6, 42, 0)
    assert game.to_move == "X" and game.players == ("X", "O")
    assert game.legal_moves() == [0, 1, 2, 3, 4, 5, 6]
    assert game.last_move is None and game.winner is None and not game.is_terminal()
    assert game.moves_string() == "" and game.key() == 0


def test_discs_fall_to_the_lowest_empty_cell() -> None:
    state = ConnectFour().play(3).play(3).play(4)
    assert state.cell(3, 0) == "X" and state.cell(3, 1) == "O" and state.cell(4, 0) == "X"
    assert state.cell(3, 2) is None and state.height(3) == 2 and state.height(0) == 0
    assert state.to_move == "O" and state.last_move == 4
    assert str(state).splitlines()[-3:] == [". . . O . . .", ". . . X X . .", "1 2 3 4 5 6 7"]


WINS = {
    "vertical": "1212121",
    "horizontal": "1122334",
    "diagonal up-right": "3243445555",
    "diagonal down-right": "53234632422",
}
STEP = {"vertical": (0, 1), "horizontal": (1, 0), "diagonal up-right": (1, 1), "diagonal down-right": (1, -1)}


@pytest.mark.parametrize("direction", WINS)
def test_four_in_a_row_wins_in_every_direction(direction: str) -> None:
    moves = WINS[direction]
    before = ConnectFour.from_moves(moves[:-1])
    assert before.winner is None
    state = ConnectFour.from_moves(moves)
    winner = "X" if len(moves) % 2 else "O"
    assert state.winner == winner and state.is_terminal() and state.legal_moves() == []
    assert state.utility(winner) == 1 and state.utility("X" if winner == "O" else "O") == -1
    line = state.winning_line()
    assert line is not None and len(line) == 4
    assert all(state.cell(column, row) == winner for column, row in line)
    (column0, row0), (column1, row1) = line[:2]
    assert (column1 - column0, row1 - row0) == STEP[direction]


def test_three_in_a_row_and_a_broken_line_do_not_win() -> None:
    assert ConnectFour.from_moves("112233").winner is None
    assert ConnectFour.from_moves("11223355").winner is None  # X on 1, 2, 3, 5: a gap
    assert not has_four(0b1110111, 7)  # across a column's sentinel bit: no wrap-around


DRAWN_GAME = "472424756645422154157737216635626711335331"
"""A full board without four in a row (a random game, kept)."""


def test_a_full_board_without_four_is_a_draw() -> None:
    state = ConnectFour.from_moves(DRAWN_GAME)
    assert state.ply == 42 and state.is_terminal() and state.winner is None
    assert state.utility("X") == state.utility("O") == 0 and state.result_text() == "draw"
    assert state.legal_moves() == [] and state.winning_line() is None
    with pytest.raises(IllegalMoveError, match="game is over"):
        state.play(0)
    with pytest.raises(IllegalMoveError, match="comes after the end of the game"):
        ConnectFour.from_moves(DRAWN_GAME + "1")


def test_a_full_column_is_refused() -> None:
    state = ConnectFour.from_moves("444444")
    assert 3 not in state.legal_moves() and not state.can_play(3)
    with pytest.raises(IllegalMoveError, match=r"column 3 \(shown as 4\) is full"):
        state.play(3)


@pytest.mark.parametrize("move", [-1, 7, "3", 2.0, True, None])
def test_moves_that_are_not_columns_are_refused(move: object) -> None:
    with pytest.raises(IllegalMoveError, match="a move is a column number 0..6"):
        ConnectFour().play(move)  # type: ignore[arg-type]


@pytest.mark.parametrize(("moves", "message"), [
    ("4444444", "character 7 ('4'): column 4 is full"),
    ("44x5", "character 3 ('x') is not a column number 1..7"),
    ("4480", "character 3 ('8') is not a column number 1..7"),
    ("1 2", "character 2 (' ') is not a column number 1..7"),
    ("12121212", "character 8 ('2') comes after the end of the game (X wins after 7 moves)"),
])
def test_bad_move_strings_name_the_character_and_the_problem(moves: str, message: str) -> None:
    with pytest.raises(IllegalMoveError) as caught:
        ConnectFour.from_moves(moves)
    assert message in str(caught.value)
    assert repr(moves) in str(caught.value)


def test_moves_as_a_list_of_column_numbers() -> None:
    assert ConnectFour.from_moves([4, 4, 5, 3]) == ConnectFour.from_moves("4453")
    assert ConnectFour.from_moves((4, 4, 5, 3)).moves_string() == "4453"
    assert ConnectFour.from_moves([]) == ConnectFour.from_moves(range(0)) == ConnectFour()
    # A list can name columns beyond 9, which a move string cannot.
    assert ConnectFour.from_moves([12, 1], columns=12, rows=4).moves() == [11, 0]
    with pytest.raises(IllegalMoveError, match=r"bad move list \[4, 8\]: move 2 \(8\) is not a column number 1..7"):
        ConnectFour.from_moves([4, 8])
    with pytest.raises(IllegalMoveError, match=r"move 1 \(0\) is not a column number 1..7"):
        ConnectFour.from_moves([0])  # the numbers are 1-based, as in move strings
    with pytest.raises(IllegalMoveError, match=r"move 7 \(4\): column 4 is full"):
        ConnectFour.from_moves([4] * 7)
    with pytest.raises(IllegalMoveError, match=r"move 8 \(2\) comes after the end of the game"):
        ConnectFour.from_moves([1, 2] * 4)


@pytest.mark.parametrize(("moves", "message"), [
    (b"4453", r"must be text \(str\), not bytes: decode it first"),
    (bytearray(b"44"), "not bytearray"),
    (4453, "a move string such as '4453' or a sequence of 1-based column numbers .*, not int"),
    ({4, 5}, "not set"),
    (None, "not NoneType"),
    ([4, "4"], r"move 2 \('4'\) is a str, not a whole number"),
    ([4, 4.0], r"move 2 \(4.0\) is a float"),
    ([True], r"move 1 \(True\) is a bool"),
])
def test_moves_of_the_wrong_type_are_refused_clearly(moves: object, message: str) -> None:
    with pytest.raises(TypeError, match=message):
        ConnectFour.from_moves(moves)  # type: ignore[arg-type]


@pytest.mark.parametrize("column", [7, -1, 100, True, 2.0, "3"])
def test_columns_off_the_board_are_refused_by_height_and_can_play(column: object) -> None:
    state = ConnectFour.from_moves("4453")
    for method in (state.height, state.can_play):
        with pytest.raises(ValueError, match=r"column .* is not on the board: the columns are 0..6"):
            method(column)  # type: ignore[arg-type]
    assert ConnectFour(5, 4).can_play(4)
    with pytest.raises(ValueError, match="the columns are 0..4"):
        ConnectFour(5, 4).height(5)


def test_cells_off_the_board_are_refused() -> None:
    state = ConnectFour.from_moves("4453")
    assert state.cell(3, 0) == "X" and state.cell(3, 1) == "O" and state.cell(3, 2) is None
    assert state.cell(6, 5) is None
    with pytest.raises(ValueError, match=r"column 7 is not on the board: the columns are 0..6"):
        state.cell(7, 0)
    with pytest.raises(ValueError, match=r"column -1 is not on the board"):
        state.cell(-1, 0)
    with pytest.raises(ValueError, match=r"row 6 is not on the board: the rows are 0..5"):
        state.cell(0, 6)  # the sentinel row is not a cell
    with pytest.raises(ValueError, match=r"row -1 is not on the board"):
        state.cell(0, -1)


def test_move_strings_round_trip() -> None:
    for moves in ("", "4", "4453", "32751571231557", "2252576253462244111563365343671351441"):
        state = ConnectFour.from_moves(moves)
        assert state.moves_string() == moves
        assert state.moves() == [int(char) - 1 for char in moves]
        assert state.ply == len(moves)


def test_undo_walks_back_to_the_start() -> None:
    state = ConnectFour.from_moves("4453")
    assert state.undo() == ConnectFour.from_moves("445")
    assert state.undo().undo().undo().undo() == ConnectFour()
    with pytest.raises(ValueError, match="Nothing to undo"):
        ConnectFour().undo()


def test_other_board_sizes() -> None:
    small = ConnectFour(columns=5, rows=4)
    assert small.max_plies == 20 and small.legal_moves() == [0, 1, 2, 3, 4]
    state = ConnectFour.from_moves("1122334", columns=5, rows=4)
    assert state.winner == "X"
    assert str(state).splitlines()[-1] == "1 2 3 4 5"
    assert ConnectFour.from_moves("1212121", columns=4, rows=4).winner == "X"
    wide = ConnectFour(columns=12, rows=3)
    assert str(wide).splitlines()[-1].split() == [str(n) for n in range(1, 13)]
    with pytest.raises(ValueError, match="positive whole number"):
        ConnectFour(columns=0)
    with pytest.raises(ValueError, match="at most 9"):
        ConnectFour.from_moves("1", columns=10)


def test_the_bitboard_layout() -> None:
    layout = bitboard_layout(7, 6)
    assert layout.stride == 7 and layout.shifts == (1, 7, 6, 8)
    assert layout.bit(0, 0) == 1 and layout.bit(1, 0) == 1 << 7 and layout.bit(6, 5) == 1 << 47
    assert layout.board.bit_count() == 42 and layout.bottom.bit_count() == 7
    state = ConnectFour.from_moves("4453")
    assert state.mask == layout.bit(3, 0) | layout.bit(3, 1) | layout.bit(4, 0) | layout.bit(2, 0)
    assert state.position == state.stones("X") == layout.bit(3, 0) | layout.bit(4, 0)  # X to move
    assert state.stones("O") == state.position ^ state.mask
    assert state.key() == state.position + state.mask


@SETTINGS
@given(positions)
def test_play_never_changes_the_position_it_is_called_on(state: ConnectFour) -> None:
    before = (state.position, state.mask, state.ply, state.winner, state.last_move, str(state))
    for move in state.legal_moves():
        child = state.play(move)
        assert child.undo() is state
        assert child.ply == state.ply + 1 and child.last_move == move
        assert child.height(move) == state.height(move) + 1
    assert (state.position, state.mask, state.ply, state.winner, state.last_move, str(state)) == before


@SETTINGS
@given(positions)
def test_the_bitboard_winner_agrees_with_a_cell_by_cell_check(state: ConnectFour) -> None:
    grid = {(c, r): state.cell(c, r) for c in range(7) for r in range(6)}

    def four(player: str) -> bool:
        return any(all(grid.get((c + i * dc, r + i * dr)) == player for i in range(4))
                   for c in range(7) for r in range(6) for dc, dr in ((0, 1), (1, 0), (1, 1), (1, -1)))

    assert (state.winner == "X") == four("X")
    assert (state.winner == "O") == four("O")
    assert sum(mark is not None for mark in grid.values()) == state.ply


def test_keys_differ_for_different_positions_and_agree_for_equal_ones() -> None:
    rng = random.Random(4)
    seen: dict[int, tuple[int, int]] = {}
    for _ in range(3000):
        state = random_game(rng)
        board = (state.position, state.mask)
        assert seen.setdefault(state.key(), board) == board
        assert hash(state) == hash(ConnectFour.from_moves(state.moves_string()))
    assert len(seen) > 2000
    # Transpositions: two move orders, one position, one key.
    assert ConnectFour.from_moves("4453").key() == ConnectFour.from_moves("4354").key()
    assert ConnectFour.from_moves("4453") == ConnectFour.from_moves("4354")
    assert ConnectFour.from_moves("4453") != ConnectFour.from_moves("4435")


def test_the_board_draws_itself() -> None:
    svg = ConnectFour.from_moves("1122334")._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count("<circle") >= 42 and "#d62828" in svg and "#f7c948" in svg and "#1f4fbf" in svg
    assert "X wins" in svg and ">7</text>" in svg
    assert "ConnectFour() after moves '4453': X to move" in repr(ConnectFour.from_moves("4453"))


# -- evaluations -------------------------------------------------------------------------------


def test_there_are_69_windows_of_four() -> None:
    assert len(windows(7, 6)) == 69
    assert all(window.bit_count() == 4 for window in windows(7, 6))
    assert len(set(windows(7, 6))) == 69


def test_window_scores() -> None:
    assert [score_window(n, 0) for n in range(5)] == [0, 1, 10, THREE_SCORE, FOUR_SCORE]
    assert [score_window(0, n) for n in range(5)] == [0, -2, -60, OPPONENT_THREE_SCORE, -100_000]
    assert score_window(2, 2) == score_window(1, 3) == 0
    assert [score_window(0, n, symmetric=True) for n in range(5)] == [0, -1, -10, -100, -100_000]


def test_the_window_evaluation_by_hand() -> None:
    # One X disc in the bottom centre cell lies on 7 windows: 1 vertical, 4 across, 2 diagonal.
    state = ConnectFour().play(3)
    assert window_evaluation(state, "X") == 7 * 1 + CENTRE_STONE_SCORE
    assert window_evaluation(state, "O") == 7 * -2 - CENTRE_STONE_SCORE


def naive_window_evaluation(state: ConnectFour, player: str) -> int:
    """The design documents' evaluation written cell by cell, to check the bitboard one."""
    score = 0
    for column in range(7):
        for row in range(6):
            for d_column, d_row in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(column + i * d_column, row + i * d_row) for i in range(4)]
                if not all(0 <= c < 7 and 0 <= r < 6 for c, r in cells):
                    continue
                marks = [state.cell(c, r) for c, r in cells]
                mine = sum(mark == player for mark in marks)
                theirs = sum(mark not in (None, player) for mark in marks)
                score += score_window(mine, theirs)
    for column in (2, 3, 4):
        for row in range(6):
            mark = state.cell(column, row)
            if mark is not None:
                score += CENTRE_STONE_SCORE if mark == player else -CENTRE_STONE_SCORE
    return score


@SETTINGS
@given(positions)
def test_the_window_evaluation_agrees_with_a_cell_by_cell_one(state: ConnectFour) -> None:
    # Finished games included: they are scored by their windows too (a four: FOUR_SCORE).
    for player in ("X", "O"):
        assert window_evaluation(state, player) == naive_window_evaluation(state, player)


def test_the_design_evaluation_is_not_symmetric_and_the_variant_is() -> None:
    rng = random.Random(5)
    states = [random_game(rng, 30) for _ in range(200)]
    design = symmetry_test(window_evaluation, states)
    assert not design.symmetric and design.asymmetric > 150
    assert "NOT symmetric" in design.summary()
    state, for_x, for_o = design.examples[0]
    assert for_x != -for_o
    assert symmetry_test(symmetric_window_evaluation, states).symmetric
    assert symmetry_test(threat_evaluation, states).symmetric
    assert "symmetric on all 200 positions" in symmetry_test(threat_evaluation, states).summary()


def test_winning_cells_are_the_empty_cells_that_complete_four() -> None:
    rng = random.Random(6)
    for _ in range(300):
        state = random_game(rng, 30)
        if state.is_terminal():
            continue
        for player in ("X", "O"):
            threats = winning_cells(state.stones(player), state.mask)
            for column in range(7):
                for row in range(6):
                    bit = state.layout.bit(column, row)
                    if state.mask & bit:
                        assert not threats & bit
                        continue
                    completes = has_four(state.stones(player) | bit, state.layout.stride)
                    assert bool(threats & bit) == completes


def test_the_threat_evaluation_sees_a_win_in_one_and_a_double_threat() -> None:
    assert threat_evaluation(ConnectFour.from_moves("445566"), "X") > 100_000  # X to move wins at once
    assert threat_evaluation(ConnectFour.from_moves("44553"), "O") < -100_000  # O cannot block both ends
    assert threat_evaluation(ConnectFour.from_moves("1212121"), "X") > 900_000  # a finished win


# -- the design documents' figures (figures.md) ------------------------------------------------


def test_plain_minimax_depth_6_visits_every_node() -> None:
    result = minimax(ConnectFour(), 6, window_evaluation)
    assert result.nodes == 137_257 == sum(7**depth for depth in range(7))


@pytest.mark.parametrize(("moves", "depth", "order", "nodes"), [
    ("", 5, None, 3_994),
    ("", 5, CENTRE_FIRST, 914),
    ("", 6, None, 16_301),
    ("", 6, CENTRE_FIRST, 3_288),
    ("", 7, None, 81_365),
    ("", 7, CENTRE_FIRST, 8_746),
    ("32751571231557", 7, None, 25_808),
    ("32751571231557", 7, CENTRE_FIRST, 24_261),
])
def test_alpha_beta_node_figures(moves: str, depth: int, order: list[int] | None, nodes: int) -> None:
    state = ConnectFour.from_moves(moves)
    result = alphabeta(state, depth, from_root_player(window_evaluation, state.to_move), order=order)
    assert result.nodes == nodes


def test_the_centre_first_order() -> None:
    assert list(centre_first_columns(7)) == CENTRE_FIRST
    assert list(centre_first_columns(6)) == [3, 2, 4, 1, 5, 0]


def test_the_fast_playout_plays_the_same_game_as_the_protocol_loop() -> None:
    """With the same random choices, ``random_playout`` (on the bitboards) must reach the same
    result as playing random legal moves one by one, from any position, not only the empty
    board (a playout that swapped the players' discs would agree there and nowhere else)."""
    import random

    from tictac_edu.search.mcts import plain_playout

    rng = random.Random(42)
    checked = 0
    for _ in range(300):
        state = ConnectFour()
        for _ in range(rng.randint(0, 30)):
            if state.is_terminal():
                break
            state = state.play(rng.choice(state.legal_moves()))
        if state.is_terminal():
            continue
        seed = rng.getrandbits(32)
        assert state.random_playout(random.Random(seed)) == plain_playout(state, random.Random(seed)), state
        checked += 1
    assert checked > 200
