"""Gomoku patterns: one line classified, each pattern counted once; the board scanned in full and
incrementally, figure for figure; the pattern evaluation; the candidate moves a search looks at."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tictac_edu.agents.catalogue import game_defaults
from tictac_edu.evaluation.common import finished_game_score
from tictac_edu.evaluation.gomoku import (
    OPEN_THREE_TEMPO,
    WINS_NEXT_MOVE,
    CandidateMoves,
    IncrementalPatterns,
    PatternCounts,
    candidate_moves,
    candidate_points,
    count_patterns,
    line_patterns,
    pattern_evaluation,
    patterns_of,
    weighted,
)
from tictac_edu.games.gomoku import Gomoku, parse_point


def black(line: str, rule: str = "freestyle") -> dict[str, int]:
    return line_patterns(line, rule)["Black"].named()  # type: ignore[arg-type]


# -- one line ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("line", "expected"), [
    ("XXXXX", {"five": 1}),
    (".XXXX.", {"open four": 1}),          # two windows see it: one pattern
    ("OXXXX.", {"four": 1}),
    ("XX.XX", {"four": 1}),                # 11011: only the gap makes five, not an open four
    (".XX.XX.", {"four": 1}),
    ("X.XXX.X", {"four": 2}),              # two sets of four stones: two fours on one line
    (".XXX.X.", {"four": 1}),              # the three inside the four is not counted again
    ("..XXX..", {"open three": 1}),
    (".XX.X.", {"open three": 1}),
    ("O.XXX..", {"open three": 1}),        # H..: one end still makes an open four
    ("O.XXX.O", {"closed three": 1}),
    ("OXXX..", {"closed three": 1}),
    ("X.X.X", {"closed three": 1}),
    ("XX..X", {"closed three": 1}),
    ("..XX..", {"open two": 1}),
    (".X.X..", {"open two": 1}),
    ("O.XX..O", {"closed two": 1}),
    ("OXX...", {"closed two": 1}),
    ("OXXXXO", {}),                        # dead: no room for five
    ("X...", {}),                          # shorter than five
    ("..XXX..X....", {"open three": 1, "closed three": 1}),
])
def test_a_line_is_classified_with_each_pattern_counted_once(line: str, expected: dict[str, int]) -> None:
    assert black(line) == expected
    assert line_patterns(line.replace("X", "#").replace("O", "X").replace("#", "O"))["White"].named() == expected


def test_the_rule_decides_whether_an_overline_is_a_five_and_what_it_spoils() -> None:
    assert black(".XXXXXX.") == {"five": 1}
    assert black(".XXXXXX.", "standard") == {} and black(".XXXXXX.", "renju") == {}
    # Filling the gap of XXXX.X makes six: a four in freestyle, nothing with exactly five.
    assert black("OXXXX.X") == {"four": 2} and black("OXXXX.X", "renju") == {}
    # Under renju only Black needs exactly five.
    assert line_patterns(".OOOOOO.", "renju")["White"].named() == {"five": 1}


def test_a_line_may_be_given_as_values_and_bad_input_is_explained() -> None:
    assert line_patterns([0, 1, 1, 1, 1, 0]) == line_patterns(".XXXX.")
    with pytest.raises(ValueError, match="'Z'"):
        line_patterns(".XZ..")
    with pytest.raises(ValueError, match="0 \\(empty\\), 1 \\(Black\\)"):
        line_patterns([0, 1, 7])
    with pytest.raises(ValueError, match="unknown rule"):
        line_patterns(".....", "go")  # type: ignore[arg-type]


def test_counts_add_up_and_name_themselves() -> None:
    counts = PatternCounts(open_three=1) + PatternCounts(four=2)
    assert counts == PatternCounts(four=2, open_three=1) and counts.named() == {"four": 2, "open three": 1}
    assert weighted(PatternCounts(open_four=1, closed_two=1)) == 10_010


# -- the whole board --------------------------------------------------------------------------

def test_the_full_scan_reads_every_direction() -> None:
    across = Gomoku.from_stones(black=["H8", "I8", "J8"], white=["A1", "O1", "O15"], rule="freestyle",
                                to_move="White")
    assert count_patterns(across, "Black").named() == {"open three": 1}
    diagonal = Gomoku.from_stones(black=["E4", "F5", "G6", "H7"], white=["A15", "O15", "O1"], to_move="White")
    assert count_patterns(diagonal, "Black").named() == {"open four": 1}
    anti = Gomoku.from_stones(black=["E12", "F11", "G10"], white=["D13", "O1", "A1"], to_move="White")
    assert count_patterns(anti, "Black").named() == {"closed three": 1}
    # A stone is counted on each of its lines: H8 with I8 (across) and with H9 (down).
    cross = Gomoku.from_stones(black=["H8", "I8", "H9"], white=["A1", "O1"])
    assert count_patterns(cross, "Black").open_two == 3
    with pytest.raises(ValueError, match="not a player of gomoku"):
        count_patterns(cross, "X")


def random_game(seed: int, rule: str, plies: int) -> list[Gomoku]:
    rng = random.Random(seed)
    state = Gomoku(rule=rule)  # type: ignore[arg-type]
    states = [state]
    while not state.is_terminal() and state.ply < plies:
        state = state.play(rng.choice(candidate_points(state)))
        states.append(state)
    return states


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), rule=st.sampled_from(["freestyle", "standard", "renju"]))
def test_the_incremental_counts_agree_with_the_full_scan_on_random_games(seed: int, rule: str) -> None:
    states = random_game(seed, rule, plies=80)
    patterns = IncrementalPatterns(states[0])
    for state in states[1:]:
        patterns = patterns.after(state)
        for player in ("Black", "White"):
            assert patterns.counts(player) == count_patterns(state, player), state.as_code()


def test_incremental_play_takes_a_move_and_leaves_itself_unchanged() -> None:
    start = IncrementalPatterns(Gomoku())
    after = start.play("H8").play("A1").play("I8")
    assert after.counts("Black").named() == {"open two": 1}
    assert start.counts("Black") == PatternCounts()
    with pytest.raises(ValueError, match="one move after"):
        start.after(after.state)


# -- the evaluation ---------------------------------------------------------------------------

def test_the_evaluation_is_from_the_players_point_of_view_and_negates_for_the_other() -> None:
    for state in random_game(7, "freestyle", 40)[1:]:
        if not state.is_terminal():
            assert pattern_evaluation(state, "Black") == -pattern_evaluation(state, "White")


def test_a_finished_game_scores_like_finished_game_score() -> None:
    won = Gomoku.from_moves("h8 a1 i8 a2 j8 a3 k8 a4 l8")
    assert pattern_evaluation(won, "Black") == finished_game_score(won, "Black") > 0
    assert pattern_evaluation(won, "White") == finished_game_score(won, "White") < 0


def test_the_side_to_move_wins_with_a_four_and_gains_with_an_open_three() -> None:
    four = Gomoku.from_moves("h8 a1 i8 a2 j8 a3 k8 o15")  # Black to move with an open four
    assert pattern_evaluation(four, "Black") == WINS_NEXT_MOVE
    facing = Gomoku.from_moves("h8 a1 i8 a2 j8 a3 k8")  # White to move against an open four
    assert pattern_evaluation(facing, "White") == -WINS_NEXT_MOVE
    three = Gomoku.from_moves("h8 a1 i8 o1 j8 o15")  # Black to move with an open three
    counts = patterns_of(three)
    expected = weighted(counts.counts("Black")) - weighted(counts.counts("White")) + OPEN_THREE_TEMPO
    assert pattern_evaluation(three, "Black") == expected


def test_the_evaluation_refuses_other_games_and_players() -> None:
    from tictac_edu.games import TicTacToe

    with pytest.raises(TypeError, match="gomoku positions"):
        pattern_evaluation(TicTacToe(), "X")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not a player"):
        pattern_evaluation(Gomoku(), "X")


# -- candidate moves --------------------------------------------------------------------------

def test_candidates_are_the_centre_then_the_points_within_two_of_a_stone() -> None:
    assert candidate_points(Gomoku()) == [(7, 7)]
    one = Gomoku.from_moves("h8")
    points = candidate_points(one)
    assert len(points) == 24 and all(max(abs(x - 7), abs(y - 7)) <= 2 for x, y in points)
    corner = Gomoku.from_moves("a1")
    assert len(candidate_points(corner)) == 8


def test_the_order_puts_threats_first_and_keeps_only_forced_moves() -> None:
    order = CandidateMoves()
    three = Gomoku.from_moves("h8 a1 i8 o1 j8 o15 h6")  # White to move against an open three
    best = order.order(three, three.legal_moves(), 0)[:2]
    assert set(best) == {parse_point("g8"), parse_point("k8")}
    win = Gomoku.from_moves("h8 a1 i8 a2 j8 a3 k8 o15")  # Black makes five: that alone
    assert order.order(win, win.legal_moves(), 0) in ([parse_point("g8")], [parse_point("l8")])
    block = Gomoku.from_moves("h8 a1 i8 a2 j8 a3 k8")  # White must stop the open four
    assert sorted(order.order(block, block.legal_moves(), 0)) == sorted([parse_point("g8"), parse_point("l8")])
    assert len(CandidateMoves(max_moves=5).order(three, three.legal_moves(), 0)) == 5


def test_an_unordered_candidate_list_is_the_candidates_row_by_row() -> None:
    """What the cut to candidates does without the order: the same points, row by row, with
    the search's node counts in between a full-width search and the ordered one."""
    from tictac_edu.search import alphabeta

    three = Gomoku.from_moves("h8 i9 h9")
    plain = CandidateMoves(ordered=False)
    assert plain.order(three, three.legal_moves(), 0) == candidate_points(three)
    block = Gomoku.from_moves("h8 a1 i8 a2 j8 a3 k8")
    assert len(plain.order(block, block.legal_moves(), 0)) == len(candidate_points(block))  # nothing searched alone
    nodes = [alphabeta(three, 2, pattern_evaluation, order=order).nodes for order in (plain, CandidateMoves())]
    assert nodes == [302, 100]
    with pytest.raises(ValueError, match="ordered"):
        CandidateMoves(ordered="no")  # type: ignore[arg-type]


def test_candidates_leave_out_blacks_forbidden_points() -> None:
    renju = Gomoku.from_stones(black=["H8", "I8", "J7", "J6"], white=["A15", "B15", "C15", "D15"], rule="renju")
    assert (9, 7) in renju.forbidden_points()
    moves = CandidateMoves().order(renju, renju.legal_moves(), 0)
    assert (9, 7) not in moves and moves


def test_the_game_names_the_evaluation_and_the_order_factory() -> None:
    defaults = game_defaults(Gomoku())
    assert defaults.evaluation is pattern_evaluation
    assert defaults.search_order is candidate_moves and isinstance(candidate_moves(), CandidateMoves)
    with pytest.raises(ValueError, match="max_moves"):
        CandidateMoves(max_moves=0)
    with pytest.raises(ValueError, match="radius"):
        CandidateMoves(radius=0)


def _fast_scores_cases() -> list[Gomoku]:
    """The renju test positions of tests/data/renju (both players to move), and seeded random
    freestyle and renju positions."""
    import json
    from pathlib import Path

    from tictac_edu.evaluation.gomoku import candidate_points

    cases = Path(__file__).resolve().parent / "data" / "renju" / "forbidden_cases.jsonl"
    found = []
    for line in cases.read_text().splitlines():
        case = json.loads(line)
        for to_move in ("Black", "White"):
            try:
                found.append(Gomoku.from_stones(black=[tuple(p) for p in case["black"]],
                                                white=[tuple(p) for p in case["white"]], rule="renju",
                                                to_move=to_move))
            except ValueError:
                pass  # a finished game
    rng = random.Random(20)
    for rule in ("freestyle", "renju") * 20:
        state = Gomoku(rule=rule)
        for _ in range(rng.randrange(2, 70)):
            if state.is_terminal():
                break
            state = state.play(rng.choice(candidate_points(state)))
        if not state.is_terminal():
            found.append(state)
    return found


def test_the_line_codes_of_a_child_built_from_its_parents_equal_a_fresh_reading() -> None:
    from tictac_edu.evaluation.gomoku import board_codes, candidate_points, line_codes

    rng = random.Random(21)
    for rule in ("freestyle", "renju"):
        state = Gomoku(rule=rule)
        board_codes(state)
        while not state.is_terminal() and state.ply < 60:
            state = state.play(rng.choice(candidate_points(state)))
            assert list(board_codes(state)) == line_codes(state.size, state._cells)


def test_the_fast_point_scores_equal_the_plain_ones() -> None:
    """The candidate order's scores read from line codes equal the window-by-window reading, on
    every renju test case and on random positions, for every empty point near the stones."""
    from tictac_edu.evaluation.gomoku import _scores, _scores_plain, candidate_points

    states = _fast_scores_cases()
    assert len(states) >= 60
    for state in states:
        points = candidate_points(state) + [(0, 0), (state.size - 1, state.size - 1)]
        points = [point for point in dict.fromkeys(points) if state.stone(point) is None]
        assert _scores(state, points) == _scores_plain(state, points), state.as_code()
