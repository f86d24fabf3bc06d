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
from tictac_edu.search.proofnumber import PNNode, ProofResult, pn2, proof_number_search, set_numbers
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
