"""Proof-number search restricted to threats proves what the threat search finds."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tictac_edu.exercises.positions import random_renju_positions
from tictac_edu.games import Gomoku
from tictac_edu.search.proofnumber import ProofResult, dfpn, proof_number_search
from tictac_edu.solvers.threat_space import threat_moves, threats_of
from tictac_edu.solvers.threats import find_vcf, find_vct, must_block

NOTEBOOK_VCF = ["h8 a1 i8 a3 j8 a5 h9 b1 h10 b3", "h8 a1 i8 a2 j8 a3 k8", "h8 a1 i8 o1 j9 a15 j10 o15",
                "h8 a1 i8 a2 j8 a3 k8 b1"]
THREES = ["H8", "I8", "J8", "H9", "H10"]
CORNER = ["A1", "A3", "A5", "B1", "B3"]


def vcf_found(state: Gomoku) -> bool:
    return find_vcf(state).kind in ("vcf", "five")


@pytest.mark.parametrize("moves", NOTEBOOK_VCF)
@pytest.mark.parametrize("search", [dfpn, proof_number_search])
def test_vcf_by_proof_numbers_agrees_with_the_threat_search(moves: str, search: Callable[..., ProofResult]) -> None:
    state = Gomoku.from_moves(moves)
    result = search(state, moves=threat_moves(state.to_move))
    assert result.proven is vcf_found(state)
    if result.proven and not state.play(result.move).is_terminal():  # the first four starts a VCF
        after = state.play(result.move)
        assert all(vcf_found(after.play(block)) for block in must_block(after))


def test_renju_vcf_for_either_colour() -> None:
    black = Gomoku.from_stones(black=THREES, white=CORNER, rule="renju", to_move="Black")
    white = Gomoku.from_stones(black=CORNER, white=THREES, rule="renju", to_move="White")
    for state in (black, white):
        result = dfpn(state, moves=threat_moves(state.to_move))
        assert result.proven is True and vcf_found(state)
        assert (result.nodes, result.move) == (221, (11, 7))


def test_random_renju_positions_agree_with_the_threat_search() -> None:
    settled = proved = 0
    for position in random_renju_positions(12, seed=3):
        for to_move in ("Black", "White"):
            state = Gomoku.from_stones(position.stones("Black"), position.stones("White"), rule="renju",
                                       to_move=to_move)
            result = dfpn(state, moves=threat_moves(to_move), max_nodes=3000)
            assert result.proven is vcf_found(state), state.as_code()
            settled += 1
            proved += bool(result.proven)
    assert (settled, proved) == (24, 10)


def test_vct_by_proof_numbers_agrees_with_the_threat_search() -> None:
    state = Gomoku.from_moves("h8 a1 i9 o1 j10 a15 h10 o15")  # an open three on the diagonal
    assert find_vct(state).kind == "vct"
    for search in (dfpn, proof_number_search):
        assert search(state, moves=threat_moves("Black", threes=True, root=state)).proven is True
    white = Gomoku.from_stones(black=state.stones("White"), white=state.stones("Black"), rule="renju",
                               to_move="White")  # the same threes for White under renju
    assert find_vct(white).kind == "vct"
    assert dfpn(white, moves=threat_moves("White", threes=True, root=white)).proven is True
    quiet = Gomoku.from_moves("h8 i9 h9 h10 i8 g8 j7 k6 g10 f11 j8 j9")  # no threat win for either side
    assert find_vct(quiet).kind is None
    assert dfpn(quiet, moves=threat_moves(quiet.to_move, threes=True, root=quiet), max_nodes=20000).proven is False


@pytest.mark.slow
def test_the_notebook_vct_two_threes_at_once() -> None:
    state = Gomoku.from_moves("h8 a1 i8 o1 j9 a15 j10 o15")  # J8 makes two open threes
    assert find_vcf(state).kind is None and find_vct(state).kind == "vct"
    assert dfpn(state, moves=threat_moves("Black")).proven is False  # no VCF
    assert dfpn(state, moves=threat_moves("Black", threes=True, root=state), max_nodes=20000).proven is True


def test_threats_and_refusals() -> None:
    three = Gomoku.from_moves("h8 a1 i8 a3 j8 a5")
    assert set(threats_of(three, "Black", threes=False)) == {(5, 7), (6, 7), (10, 7), (11, 7)}  # F8 G8 K8 L8
    two = Gomoku.from_moves("h8 a1 i8 a3")
    assert threats_of(two, "Black", threes=False) == []
    assert {(6, 7), (9, 7)} <= set(threats_of(two, "Black", threes=True))  # G8, J8: open threes
    renju = Gomoku.from_stones(black=THREES, white=CORNER, rule="renju", to_move="Black")
    with pytest.raises(ValueError, match="renju VCT for Black"):
        dfpn(renju, moves=threat_moves("Black", threes=True))


@pytest.mark.parametrize("search", [dfpn, proof_number_search])
def test_a_renju_win_through_blacks_forbidden_block(search: Callable[..., ProofResult]) -> None:
    stones = {"black": ["H8", "I8", "J7", "J6", "O3", "I9"], "white": ["K7", "L6", "M5", "A1"]}
    renju = Gomoku.from_stones(**stones, rule="renju", to_move="White")
    freestyle = Gomoku.from_stones(**stones, rule="freestyle", to_move="White")
    assert renju.play((13, 11)).forbidden_points()[(9, 7)] == "33"  # N4's four: Black's block J8 is a double-three
    result = search(renju, moves=threat_moves("White"))
    assert result.proven is True and result.move == (13, 11) and find_vcf(renju).names() == "N4"
    assert search(freestyle, moves=threat_moves("White")).proven is False  # Black may block in freestyle
    assert find_vcf(freestyle).kind is None
