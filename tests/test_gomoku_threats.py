"""Threat search: win and block in one, VCF and VCT with proof, renju's forbidden points on both
sides, budgets and deadlines, and wins that replay move by move on the real game."""

from __future__ import annotations

import math
import random

import pytest

from tictac_edu.evaluation.gomoku import candidate_points
from tictac_edu.games.gomoku import Gomoku, parse_point, point_name
from tictac_edu.solvers.threats import (
    ThreatResult,
    ThreatSearch,
    board_depth,
    find_vcf,
    find_vct,
    must_block,
    threat_search,
    win_in_one,
)

FAR_WHITE = ["A1", "A15", "O1", "O15"]
"""White stones in the corners: they make no threats."""


def names(points: list[tuple[int, int]]) -> list[str]:
    return [point_name(point) for point in points]


def replay_vcf(state: Gomoku, result: ThreatResult) -> None:
    """Every attacking move is legal and a four (its reply forced) until the five, which wins."""
    line = result.line
    for index, move in enumerate(line):
        state = state.play(move)
        if state.is_terminal():
            assert state.winner == result.attacker and index == len(line) - 1
            return
        if index % 2 == 0:
            blocks = must_block(state)
            assert blocks, f"{point_name(move)} is not a four"
            if len(blocks) >= 2:
                return  # an open four (or a double four): no single stone stops it
            next_reply = line[index + 1] if index + 1 < len(line) else None
            if next_reply is None:
                return  # the defender's only block is forbidden to it
            assert next_reply == blocks[0], "the defender's reply is its only block"
    raise AssertionError("the line does not end in a five")


def test_win_in_one_and_block_in_one() -> None:
    four = Gomoku.from_moves("h8 a1 i8 a2 j8 a3 k8 b1")
    assert point_name(win_in_one(four)) == "G8"
    assert names(must_block(Gomoku.from_moves("h8 a1 i8 a2 j8 a3 k8"))) == ["G8", "L8"]
    assert win_in_one(Gomoku()) is None and must_block(Gomoku()) == []
    assert find_vcf(four).kind == "five"


def test_an_open_three_and_a_four_make_a_vcf_that_replays() -> None:
    state = Gomoku.from_moves("h8 a1 i8 a3 j8 a5 h9 b1 h10 b3")  # Black: three across, three down
    result = find_vcf(state)
    assert result.kind == "vcf" and result.proven and result.attacker == "Black"
    replay_vcf(state, result)


def test_long_vcfs_from_random_games_replay_as_forced_lines() -> None:
    rng = random.Random(5)
    long_lines = 0
    for _ in range(12):
        state = Gomoku()
        while not state.is_terminal() and state.ply < 50:
            state = state.play(rng.choice(candidate_points(state)))
            if state.is_terminal():
                break
            result = find_vcf(state, max_nodes=3000)
            if result.kind == "vcf":
                replay_vcf(state, result)
                long_lines += len(result.line) >= 7
                break
    assert long_lines >= 1


def test_a_double_three_is_a_vct_not_a_vcf() -> None:
    state = Gomoku.from_moves("h8 a1 i8 o1 j9 a15 j10 o15")  # J8 makes two open threes
    assert find_vcf(state).kind is None
    result = find_vct(state)
    assert result.kind == "vct" and result.move == parse_point("j8")
    final = state
    for move in result.line:
        final = final.play(move)
    assert final.winner == "Black"


def test_a_counter_four_of_the_defender_refutes_the_threes() -> None:
    # The same double three, but White's A1 C1 E1 G1 gives D1, a double four of its own.
    state = Gomoku.from_moves("h8 a1 i8 c1 j9 e1 j10 g1")
    result = find_vct(state, max_depth=4)
    assert result.kind is None and result.completed


def test_a_vct_holds_against_every_legal_reply() -> None:
    """The defence set is complete here: after the first threat, whatever White plays, Black
    still wins by threats."""
    state = Gomoku.from_moves("h8 a1 i8 o1 j9 a15 j10 o15")
    after = state.play(find_vct(state).move)
    for reply in after.legal_moves():
        answer = after.play(reply)
        assert find_vct(answer, max_nodes=5000).kind is not None, point_name(reply)


def test_renju_the_attacker_never_plays_a_forbidden_point() -> None:
    black, white = ["E8", "F8", "G8", "H9", "H10", "H11"], ["D8", "H12", "A1", "A15", "O1", "O15"]
    freestyle = Gomoku.from_stones(black=black, white=white)
    assert names(find_vcf(freestyle).line)[0] == "H8"  # a double four
    renju = Gomoku.from_stones(black=black, white=white, rule="renju")
    assert renju.forbidden_points() == {parse_point("h8"): "44"}
    assert find_vcf(renju).kind is None
    vct = find_vct(renju)
    assert parse_point("h8") not in vct.line[::2]


def test_renju_a_black_defender_whose_only_block_is_forbidden_loses() -> None:
    # White's I3 makes a four whose five point J3 is a double three for Black.
    black, white = ["E3", "J5", "J4", "K4", "L5", "A15", "C15"], ["F3", "G3", "H3", "O1", "O15", "N1", "A1"]
    renju = Gomoku.from_stones(black=black, white=white, rule="renju", to_move="White")
    result = find_vcf(renju)
    assert result.kind == "vcf" and names(result.line) == ["I3"]
    assert find_vcf(Gomoku.from_stones(black=black, white=white, to_move="White")).kind is None


QUIET_DEFENCE_BLACK = ["E8", "H8", "G10", "G9", "H10", "E9", "H6", "I9"]
QUIET_DEFENCE_WHITE = ["G11", "H9", "E10", "E6", "E5", "F10", "K11", "I10"]
"""A renju position, Black to move, composed for the test below. G8 makes the three E8 . G8 H8,
whose one winning point is F8 (an open four), with a four-three at G7 behind it (the column
G10 G9 G8 G7, whose five point is G6, and the diagonal G7 H8 I9): White's blocks F8, D8 and I8
all lose to threats. F8 also holds a three on the anti-diagonal (F8 G9 H10) and a fake one on the
diagonal (E9 F8 . H6, whose straight-four point G7 is a double-four once F8 is black). White's
quiet G6 blocks the column: G7 is then no double-four, the diagonal three is real, and F8
becomes a double-three; and the four-three at G7 is gone."""


def test_renju_a_white_stone_that_makes_blacks_winning_point_forbidden_is_a_defence() -> None:
    """The search used to try only the blocks of a three, and claimed a proven VCT here (G8 F8
    G6 G7 D9 F7 F9 C9 H11 I12 D7, G6 a block there); White's G6 straight after G8 refutes it."""
    state = Gomoku.from_stones(black=QUIET_DEFENCE_BLACK, white=QUIET_DEFENCE_WHITE, rule="renju")
    assert state.to_move == "Black" and state.forbidden_points() == {parse_point("f8"): "33"}
    after = state.play("G8")
    for block in ("F8", "D8", "I8"):  # the answers to a three: each loses to threats
        assert find_vct(after.play(block)).kind == "vct", block
    quiet = after.play("G6")
    assert quiet.forbidden_points() == {parse_point("f8"): "33"}  # Black's winning point is forbidden
    # the defences of a three are the subject here: the search by fours and threes alone
    refuted = find_vct(quiet, vcf_threats=False)
    assert refuted.kind is None and refuted.completed
    result = find_vct(state, vcf_threats=False)
    assert result.kind is None and result.completed  # no false proof


def test_the_opponents_threats_can_be_asked_for() -> None:
    state = Gomoku.from_moves("h8 a1 i8 a3 j8 a5 h9 b1 h10")  # White to move; Black threatens
    assert find_vcf(state).kind is None
    assert find_vcf(state, attacker="Black").kind == "vcf"


def test_threat_search_reports_a_proven_search_result() -> None:
    state = Gomoku.from_moves("h8 a1 i8 o1 j9 a15 j10 o15")
    result = threat_search(state)
    assert result is not None and result.proven and result.outcome == "win"
    assert result.move == parse_point("j8") and result.pv[0] == result.move and result.player == "Black"
    assert threat_search(state, vct=False) is None
    assert threat_search(Gomoku.from_moves("h8")) is None


def test_budgets_and_deadlines_stop_the_search() -> None:
    state = Gomoku.from_moves("h8 i9 h9 h10 i8 g8 j7 k6 g10 f11 j8 j9")
    stopped = find_vct(state, max_nodes=3)
    assert not stopped.completed and stopped.kind is None and stopped.nodes <= 4
    late = find_vct(state, deadline=5.0, clock=lambda: 10.0)  # the clock is read at every node
    assert not late.completed and late.nodes == 1
    assert find_vct(state).completed


def test_the_line_is_named_on_the_board_searched() -> None:
    small = Gomoku.from_moves("e5 a1 e4 a2 e3 a3 e2 i1", size=9)  # Black's four down: E6 or E1
    result = find_vcf(small)
    assert result.kind == "five" and result.size == 9 and result.names() == "E6"  # E10 on a 15 x 15 board


@pytest.mark.parametrize(("call", "words"), [
    (lambda: threat_search(Gomoku.from_moves("h8"), max_nodes=-5), "max_nodes is a whole number >= 1, not -5"),
    (lambda: threat_search(Gomoku.from_moves("h8"), max_nodes=0), "max_nodes"),
    (lambda: find_vcf(Gomoku.from_moves("h8"), deadline=math.nan), "deadline is a time on the clock"),
    (lambda: find_vct(Gomoku.from_moves("h8"), deadline=math.inf), "deadline"),
    (lambda: threat_search(Gomoku.from_moves("h8"), deadline="soon"), "deadline"),
], ids=["negative-budget", "zero-budget", "nan-deadline", "infinite-deadline", "text-deadline"])
def test_a_bad_budget_or_deadline_is_refused(call: object, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        call()  # type: ignore[operator]


def test_bad_input_is_explained() -> None:
    from tictac_edu.games import TicTacToe

    with pytest.raises(TypeError, match="gomoku positions"):
        find_vcf(TicTacToe())  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not a player"):
        find_vcf(Gomoku(), attacker="X")
    with pytest.raises(ValueError, match="max_nodes"):
        find_vct(Gomoku(), max_nodes=0)
    with pytest.raises(ValueError, match="max_depth"):
        find_vcf(Gomoku(), max_depth=0)
    with pytest.raises(ValueError, match="proven win"):
        ThreatResult(None, "Black").search_result(Gomoku())


def play_proof(state: Gomoku, proof: ThreatResult, plies: int = 0) -> int:
    """Follow ``proof`` from ``state`` (the attacker to move) against every defender reply that
    stays inside it; every such line must end in the attacker's five (the proof leaves out the
    last move, a five at once, as the agent does). Returns the lines played."""
    assert plies < 40, "a kept proof must end"
    five = win_in_one(state)
    if five is not None:
        assert state.play(five).winner == proof.attacker
        return 1
    kept = proof.follow(state)
    assert kept is not None
    after = state.play(kept[0])
    if after.is_terminal():
        assert after.winner == proof.attacker
        return 1
    lines = 0
    blocks = must_block(after)  # the attacker's five points: the defender must take one
    for reply in blocks or after.legal_moves():
        answer = after.play(reply)
        if answer.is_terminal():
            continue
        if blocks or proof.follow(answer) is not None:
            lines += play_proof(answer, proof, plies + 2)
    assert lines, "some reply stays inside the proof"
    return lines


def test_a_kept_proof_wins_against_every_reply_it_holds() -> None:
    state = Gomoku.from_moves("h8 a1 i8 o1 j9 a15 j10 o15")
    proof = find_vct(state)
    assert proof.follow(state) == (parse_point("j8"), 2)
    after = state.play("j8")
    inside = [reply for reply in after.legal_moves() if proof.follow(after.play(reply)) is not None]
    assert {"G8", "K8", "J11", "J7"} <= set(names(inside))  # the blocks of both threes
    assert play_proof(state, proof) >= len(inside)
    assert proof.follow(after.play("a2")) is None  # a reply outside the proof: search afresh
    assert proof.follow(Gomoku.from_moves("h8 a1 i8 o1 j9 a15 j10 o15", rule="renju")) is None  # another rule
    assert find_vcf(state).proof == {} and find_vcf(state).follow(state) is None  # no win, no proof


QUIET_THREAT = "H8 J10 F8 I11 I13 J14 I6 D10 H11 G4 K9 E3 E6 I3 K7 C3 K2"
"""A freestyle position from a seeded random game, White to move. Fours and open threes
win nothing for White here; G3, which makes neither, threatens a VCF (White would play it were
Black to pass), and the search proves it a win."""


def quiet(state: Gomoku, move: str) -> bool:
    """Whether ``move`` makes no four and no open three for the player to move."""
    search = ThreatSearch(state)
    point = parse_point(move)
    shapes = search.shapes(point[1] * state.size + point[0], search.attacker)
    return not any(shape.five_points or shape.five or shape.open_threes for shape in shapes)


def test_a_quiet_move_that_threatens_a_vcf_starts_a_vct() -> None:
    state = Gomoku.from_moves(QUIET_THREAT)
    old = find_vct(state, vcf_threats=False)
    assert old.kind is None and old.completed  # fours and threes alone: no win
    result = find_vct(state)
    assert result.kind == "vct" and names(result.line)[0] == "G3" and quiet(state, "G3")
    after = state.play("G3")
    assert must_block(after) == [] and find_vcf(after, attacker="White").kind == "vcf"  # the threat
    final = state
    for move in result.line:
        final = final.play(move)
    assert final.winner == "White"


@pytest.mark.slow
def test_a_vcf_threat_holds_against_every_legal_reply() -> None:
    """The defences a VCF threat is searched against are complete: whatever Black answers G3,
    White still wins by threats (a reply outside them leaves the VCF standing)."""
    state = Gomoku.from_moves(QUIET_THREAT)
    after = state.play("G3")
    for reply in after.legal_moves():
        answer = after.play(reply)
        assert find_vcf(answer).kind is not None or find_vct(answer, max_nodes=60_000).kind is not None, \
            point_name(reply)


def outside_replies_leave_the_vcf(state: Gomoku, proof: ThreatResult) -> int:
    """After the proof's first (quiet) move, every legal reply either stays inside the proof
    (the search answered it) or leaves the threatened VCF standing. Returns the replies inside."""
    after = state.play(proof.line[0])
    inside = 0
    for reply in after.legal_moves():
        answer = after.play(reply)
        if proof.follow(answer) is not None:
            inside += 1
        else:
            assert find_vcf(answer).kind is not None, point_name(reply)
    return inside


@pytest.mark.slow
def test_renju_a_black_vcf_threat_is_proven_with_the_forbidden_points() -> None:
    """Renju, Black to move: the position of the quiet-defence test after G8 G6. Fours and threes
    win nothing (the search proved it complete); I7, quiet, threatens the VCF I8 F8 J8 K8 K9
    L10 G5, and the answers searched include the white stones that change whether a black
    move of it is forbidden. Every reply outside them leaves the VCF standing."""
    state = Gomoku.from_stones(black=QUIET_DEFENCE_BLACK, white=QUIET_DEFENCE_WHITE, rule="renju").play("G8").play("G6")
    old = find_vct(state, vcf_threats=False)
    assert old.kind is None and old.completed
    result = find_vct(state, max_nodes=200_000)
    assert result.kind == "vct" and names(result.line)[0] == "I7" and quiet(state, "I7")
    assert not set(result.line[::2]) & set(state.forbidden_points())
    assert outside_replies_leave_the_vcf(state, result) >= 2


def test_a_vcf_threat_is_answered_inside_its_proof_or_loses_to_the_vcf() -> None:
    state = Gomoku.from_moves(QUIET_THREAT)
    assert outside_replies_leave_the_vcf(state, find_vct(state)) >= 2


LADDER_BLACK = ("A26 C26 D24 D22 E26 F23 G21 G19 H23 I20 J18 J16 K20 L17 M15 M13 N17 O14 P12 P10 Q14 R11 S9 S7 S2 "
                "T11 T3 U8 U4 V6 V4 W8").split()
LADDER_WHITE = ("E24 F22 F20 G24 G18 H21 I23 I19 I17 J21 J15 K18 L20 L16 L14 M18 M12 N15 O17 O13 O11 P15 P9 Q12 "
                "R14 R10 R1 S6 T9 U11 U7 V3 X8").split()
"""A ladder composed on a 26 x 26 board, Black to move: from A26, each four's new stone is the
start of the next (along the rows and columns of a staircase going down to the right, each line
``p . B p B``); the white stones stop the shorter wins the search found on the way, so the
shortest VCF left is fourteen fours long."""


def test_a_ladder_longer_than_twelve_fours_is_found_by_default() -> None:
    state = Gomoku.from_stones(black=LADDER_BLACK, white=LADDER_WHITE, size=26, to_move="Black")
    capped = find_vcf(state, max_depth=12)
    assert capped.kind is None and capped.completed  # the depth of 12 it had: nothing
    result = find_vcf(state)
    assert result.kind == "vcf" and result.depth == 14 and len(result.line) // 2 == 14
    assert result.depth <= board_depth(state) == (26 * 26 - len(LADDER_BLACK) - len(LADDER_WHITE)) // 2
    replay_vcf(state, result)
