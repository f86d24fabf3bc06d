"""Proof-number search and PN² prove what alpha-beta with a table finds."""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import pytest

from tictac_edu.evaluation.gomoku import candidate_points
from tictac_edu.games import ConnectFour, Gomoku, MNKGame, TicTacToe
from tictac_edu.games.base import GameState
from tictac_edu.search import TranspositionTable, alphabeta
from tictac_edu.search.proofnumber import PNNode, ProofResult, dfpn, pn2, proof_number_search, set_numbers
from tictac_edu.solvers.threats import find_vcf, must_block, win_in_one

SEARCHES = (proof_number_search, pn2)


def forced_win(state: GameState, attacker: str) -> bool:
    """Whether ``attacker`` can force a win, by alpha-beta with a table (the reference)."""
    value = alphabeta(state, table=TranspositionTable(), order=state.game.move_order).value
    return value > 0 if state.to_move == attacker else value < 0


@pytest.mark.parametrize("search", SEARCHES)
def test_tictactoe_is_a_draw_neither_player_can_force_a_win(search: Callable[..., ProofResult]) -> None:
    for attacker in ("X", "O"):
        result = search(TicTacToe(), attacker)
        assert result.proven is False, attacker
        assert (result.proof, result.disproof) == (math.inf, 0)
        assert result.move is None


@pytest.mark.slow
@pytest.mark.parametrize("search", SEARCHES)
def test_4x4_three_in_a_row_is_a_first_player_win(search: Callable[..., ProofResult]) -> None:
    board = MNKGame(4, 4, 3)
    result = search(board)
    assert result.proven is True and (result.proof, result.disproof) == (0, math.inf)
    assert forced_win(board, "X")
    assert forced_win(board.play(result.move), "X")  # the move found keeps the win
    assert search(board, "O").proven is False


def test_node_counts_and_memory_are_pinned() -> None:
    plain, bounded = proof_number_search(TicTacToe()), pn2(TicTacToe())
    assert (plain.nodes, plain.largest_tree, plain.expansions) == (13950, 2903, 3323)
    assert (bounded.nodes, bounded.largest_tree) == (18478, 352)
    four = proof_number_search(MNKGame(4, 4, 3))
    assert (four.nodes, four.largest_tree, four.move) == (38239, 23959, 5)
    assert pn2(MNKGame(4, 4, 3)).largest_tree < four.largest_tree // 10


def random_position(rng: random.Random, new_game: Callable[[], GameState], moves: int) -> GameState:
    state = new_game()
    for _ in range(moves):
        if state.is_terminal():
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize("seed", range(30))
def test_random_positions_agree_with_alphabeta(seed: int) -> None:
    rng = random.Random(seed)
    game = (TicTacToe, lambda: MNKGame(4, 4, 3))[seed % 2]
    state = random_position(rng, game, rng.randint(0, 9) if seed % 2 == 0 else rng.randint(5, 12))
    for attacker in state.players:
        expected = forced_win(state, attacker)
        for search in SEARCHES:
            for table in (False, True):
                assert search(state, attacker, table=table).proven is expected, (search.__name__, attacker, table,
                                                                                  state.as_code())


def test_a_table_of_proofs_saves_nodes() -> None:
    plain, tabled = proof_number_search(TicTacToe()), proof_number_search(TicTacToe(), table=True)
    assert tabled.proven is False
    assert (tabled.nodes, tabled.largest_tree, tabled.table_entries) == (8408, 3439, 917)
    assert tabled.nodes < plain.nodes and tabled.table_entries > 0
    four = proof_number_search(MNKGame(4, 4, 3), table=True)
    assert (four.proven, four.nodes) == (True, 19433)


def test_connect_four_4x4_is_a_draw_with_a_table_of_proofs() -> None:
    board = ConnectFour(4, 4)
    assert proof_number_search(board, table=True).proven is False
    assert proof_number_search(board, "O", table=True).proven is False


@pytest.mark.slow
def test_connect_four_4x4_is_a_draw() -> None:
    board = ConnectFour(4, 4)
    assert alphabeta(board, table=TranspositionTable()).value == 0
    assert proof_number_search(board).proven is False
    assert proof_number_search(board, "O").proven is False


def test_connect_four_small_positions_agree_with_alphabeta() -> None:
    rng = random.Random(7)
    for _ in range(6):
        state = random_position(rng, lambda: ConnectFour(5, 4), rng.randint(8, 12))
        for attacker in state.players:
            assert proof_number_search(state, attacker).proven is forced_win(state, attacker)


def test_a_budget_too_small_leaves_the_question_open() -> None:
    result = proof_number_search(TicTacToe(), max_nodes=50)
    assert result.proven is None and result.proof > 0 and result.disproof > 0
    assert "not settled" in result.summary()


def test_restricted_moves_prove_only_the_narrower_tree() -> None:
    board = MNKGame(4, 4, 3)
    assert proof_number_search(board, moves=lambda state: []).proven is False  # no move to attack with
    corner_only = proof_number_search(board, moves=lambda s: [m for m in s.legal_moves() if m == 0]
                                      if s.to_move == "X" else s.legal_moves())
    assert corner_only.proven is False  # one corner stone cannot win alone


def test_the_numbers_at_or_and_and_nodes() -> None:
    children = []
    for proof, disproof in ((1, 2), (3, 1), (math.inf, 0)):
        child = PNNode(TicTacToe(), None, None, False)
        child.proof, child.disproof = proof, disproof
        children.append(child)
    node = PNNode(TicTacToe(), None, None, True)
    node.children = children
    set_numbers(node)
    assert (node.proof, node.disproof) == (1, 3)
    node.is_or = False
    set_numbers(node)
    assert (node.proof, node.disproof) == (math.inf, 0)


def test_bad_arguments_are_named() -> None:
    with pytest.raises(ValueError, match="attacker must be one of"):
        proof_number_search(TicTacToe(), "Z")
    with pytest.raises(ValueError, match="max_nodes"):
        pn2(TicTacToe(), max_nodes=0)


def fours_only(attacker: str) -> Callable[[Gomoku], list]:
    """The moves of a VCF as a move restriction: a five when there is one, else the attacker's
    moves that make a four (the defender must then block) and the defender's blocks. A defender
    who can make five does (and the attack fails); any other reply to a four loses at once, so a
    proof of the narrower tree is a proof of the game."""
    def moves(state: Gomoku) -> list:
        five = win_in_one(state)
        if five is not None:
            return [five]
        if state.to_move != attacker:
            return must_block(state)
        return [point for point in candidate_points(state) if must_block(state.play(point))]
    return moves


@pytest.mark.slow
@pytest.mark.parametrize("moves", ["h8 a1 i8 a3 j8 a5 h9 b1 h10 b3", "h8 a1 i8 a2 j8 a3 k8",
                                   "h8 a1 i8 o1 j9 a15 j10 o15", "h8 a1 i8 a2 j8 a3 k8 b1"])
def test_vcf_by_proof_numbers_agrees_with_the_threat_search(moves: str) -> None:
    state = Gomoku.from_moves(moves)
    expected = find_vcf(state).kind in ("vcf", "five")
    result = proof_number_search(state, moves=fours_only(state.to_move), table=True)
    assert result.proven is expected
    if expected:  # the first four found is itself the start of a VCF
        after = state.play(result.move)
        assert after.is_terminal() or all(find_vcf(after.play(block)).kind in ("vcf", "five")
                                          for block in must_block(after))


# -- df-pn: depth first, with a transposition table ----------------------------------------------

@pytest.mark.parametrize("epsilon", [0.0, 0.25])
def test_dfpn_proves_tictactoe_a_draw_and_4x4_a_first_player_win(epsilon: float) -> None:
    for attacker in ("X", "O"):
        result = dfpn(TicTacToe(), attacker, epsilon=epsilon)
        assert result.proven is False and (result.proof, result.disproof) == (math.inf, 0), attacker
    board = MNKGame(4, 4, 3)
    win = dfpn(board, epsilon=epsilon)
    assert win.proven is True and (win.proof, win.disproof) == (0, math.inf)
    assert win.move in (5, 6, 9, 10)  # a centre point: all four are alike by symmetry, and one wins (the test above)
    assert dfpn(board, "O", epsilon=epsilon).proven is False


def test_dfpn_node_counts_and_memory_are_pinned() -> None:
    draw = dfpn(TicTacToe())
    assert (draw.nodes, draw.table_entries, draw.largest_tree) == (8222, 1341, 45)
    win = dfpn(MNKGame(4, 4, 3))
    assert (win.nodes, win.table_entries, win.move) == (23243, 1717, 6)
    assert win.largest_tree < 200 < proof_number_search(MNKGame(4, 4, 3)).largest_tree  # the path, not the tree


def test_dfpn_proves_connect_four_4x4_a_draw() -> None:
    board = ConnectFour(4, 4)
    assert dfpn(board).proven is False
    assert dfpn(board, "O").proven is False


@pytest.mark.slow
def test_dfpn_proves_connect_four_5x4_a_draw_as_alphabeta_finds() -> None:
    board = ConnectFour(5, 4)
    assert alphabeta(board, table=TranspositionTable(), order=board.game.move_order).value == 0
    first, second = dfpn(board, "X", epsilon=0.25), dfpn(board, "O", epsilon=0.25)
    assert first.proven is False and second.proven is False
    assert (first.nodes, second.nodes) == (1174398, 1335861)


@pytest.mark.parametrize("seed", range(30))
def test_dfpn_agrees_with_alphabeta_on_random_positions(seed: int) -> None:
    rng = random.Random(seed)
    game = (TicTacToe, lambda: MNKGame(4, 4, 3), lambda: ConnectFour(5, 4))[seed % 3]
    moves = (rng.randint(0, 9), rng.randint(3, 12), rng.randint(6, 14))[seed % 3]
    state = random_position(rng, game, moves)
    for attacker in state.players:
        expected = forced_win(state, attacker)
        for epsilon in (0.0, 0.25):
            result = dfpn(state, attacker, epsilon=epsilon)
            assert result.proven is expected, (attacker, epsilon, state.as_code())
            if expected and state.to_move == attacker and not state.is_terminal():
                assert forced_win(state.play(result.move), attacker)


def test_dfpn_budget_and_restriction() -> None:
    open_question = dfpn(ConnectFour(4, 4), max_nodes=500)
    assert open_question.proven is None and open_question.proof > 0 and open_question.disproof > 0
    assert dfpn(MNKGame(4, 4, 3), moves=lambda state: []).proven is False  # no move to attack with
    with pytest.raises(ValueError, match="attacker must be one of"):
        dfpn(TicTacToe(), "Z")
