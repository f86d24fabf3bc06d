"""Gomoku and renju: the rules, the names of points, and Black's forbidden points checked
against the 38 published cases and, position by position, against an independent referee."""

from __future__ import annotations

import json
import pickle
import random
from pathlib import Path

import pytest

from tictac_edu.exercises.positions import random_renju_positions
from tictac_edu.games import IllegalMoveError, new_game
from tictac_edu.games.gomoku import BLACK, WHITE, Gomoku, parse_point, point_name

CASES = Path(__file__).resolve().parent / "data" / "renju" / "forbidden_cases.jsonl"
"""The 38 published renju cases (sources and licences in ``tests/data/README.md``)."""


def load_cases() -> list[dict]:
    return [json.loads(line) for line in CASES.read_text().splitlines() if line.strip()]


# -- points and names -------------------------------------------------------------------------

def test_points_have_printed_names() -> None:
    assert point_name((7, 7)) == "H8" and parse_point("h8") == (7, 7) and parse_point(" O1 ") == (14, 14)
    assert all(parse_point(point_name((x, y))) == (x, y) for x in range(15) for y in range(15))
    assert point_name((2, 2), size=5) == "C3"


@pytest.mark.parametrize("name", ["Z99", "h", "8h", "", "H0", "H16", "P8", "h 8 9"])
def test_a_malformed_or_off_board_name_is_explained(name: str) -> None:
    with pytest.raises(ValueError, match=r"is not a point|is off the board"):
        parse_point(name)
    with pytest.raises(IllegalMoveError, match="Illegal move"):
        Gomoku().play(name)


@pytest.mark.parametrize(("point", "message"), [
    ((20, 20), "Illegal move: (20, 20) is off the board: x and y are 0..14 (the columns A..O and the rows 15..1)"),
    ((30, 1), "Illegal move: (30, 1) is off the board: x and y are 0..14"),
    ((-1, 3), "Illegal move: (-1, 3) is off the board"),
    ("Z9", "Illegal move: 'Z9' is off the board: columns are A..O, rows 1..15"),
    ((1.0, 2), "Illegal move: (1.0, 2) is not a point: give (x, y)"),
])
def test_an_off_board_point_is_named_once_as_given(point: object, message: str) -> None:
    """No invented name (``'U-5'`` for (20, 20)), and the point is not printed twice."""
    with pytest.raises(IllegalMoveError) as raised:
        Gomoku().play(point)
    assert str(raised.value).startswith(message), str(raised.value)
    shown = str(point) if not isinstance(point, str) else repr(point)
    assert str(raised.value).count(shown) == 1 and "U-5" not in str(raised.value)


def test_a_long_junk_name_is_not_echoed_in_full() -> None:
    with pytest.raises(ValueError, match=r"is not a point") as raised:
        parse_point("x" * 200_000)
    assert len(str(raised.value)) < 200 and "200,002 characters" in str(raised.value)


# -- the rules --------------------------------------------------------------------------------

def test_five_wins_and_the_rules_differ_on_overlines() -> None:
    five = "a1 a15 b1 b15 c1 c15 d1 d15 e1"
    assert Gomoku.from_moves(five).winner == BLACK
    # Black fills the gap of X X X . X X: six in a row.
    six = "a1 a15 b1 b15 c1 c15 e1 e15 f1 o15 d1"
    assert Gomoku.from_moves(six).winner == BLACK  # freestyle: five or more
    assert Gomoku.from_moves(six, rule="standard").winner is None  # exactly five only
    with pytest.raises(IllegalMoveError, match=r"D1: forbidden for Black under renju \(overline\)"):
        Gomoku.from_moves(six, rule="renju")
    white_six = "a15 a1 b15 b1 c15 c1 e15 e1 f15 f1 n8 d1"
    assert Gomoku.from_moves(white_six, rule="renju").winner == WHITE  # White may make six
    assert Gomoku.from_moves(white_six, rule="standard").winner is None


def test_a_move_after_the_end_or_on_a_stone_is_refused_and_nothing_changes() -> None:
    state = Gomoku.from_moves("h8")
    with pytest.raises(IllegalMoveError, match="H8: the point is taken by Black"):
        state.play((7, 7))
    assert state.ply == 1 and state.to_move == WHITE
    won = Gomoku.from_moves("a1 a15 b1 b15 c1 c15 d1 d15 e1")
    with pytest.raises(IllegalMoveError, match="the game is over"):
        won.play("h8")
    assert won.legal_moves() == [] and won.is_terminal() and won.utility(BLACK) == 1
    with pytest.raises(IllegalMoveError, match=r"move 2 of 2: Illegal move H8: the point is taken"):
        Gomoku.from_moves("h8 h8")


@pytest.mark.parametrize("state", [
    Gomoku.from_stones(black=["H8"], white=[]).play("A1"),
    Gomoku.from_stones(black=["H8", "I8", "J8"], white=[], rule="renju", to_move="Black").play("A1").play("G8"),
    Gomoku.from_stones(black=["C3"], white=["D4"], size=9, to_move="White"),
    Gomoku.from_moves("h8 i9 g7", rule="standard"),
    Gomoku(7),
], ids=["stones-then-a-move", "composed-renju", "white-to-move", "moves", "empty"])
def test_as_code_rebuilds_the_stones_the_player_to_move_and_the_moves(state: Gomoku) -> None:
    code = state.as_code()
    rebuilt = eval(code, {"Gomoku": Gomoku})
    assert rebuilt == state and rebuilt.to_move == state.to_move and rebuilt.moves() == state.moves(), code
    assert rebuilt.rule == state.rule and rebuilt.size == state.size
    if state.moves():
        assert rebuilt.undo() == state.undo()


def test_as_code_of_stones_then_a_move_keeps_the_stones() -> None:
    assert Gomoku.from_stones(black=["H8"], white=[]).play("A1").as_code() == \
        "Gomoku.from_stones(black=['H8'], white=[]).play('A1')"  # not Gomoku.from_moves('A1')


def test_stones_build_a_position() -> None:
    state = Gomoku.from_stones(black=[(7, 7), "I9"], white=[(6, 6)])
    assert state.to_move == WHITE and state.ply == 3 and state.stone((8, 6)) == BLACK
    assert Gomoku.from_stones(black=[], white=[]) == Gomoku()
    with pytest.raises(ValueError, match="points listed twice: H8"):
        Gomoku.from_stones(black=[(7, 7)], white=[(7, 7)])
    with pytest.raises(ValueError, match="Black has 3 stones and White 1"):
        Gomoku.from_stones(black=[(0, 0), (1, 1), (2, 2)], white=[(5, 5)])
    with pytest.raises(ValueError, match="off the board"):
        Gomoku.from_stones(black=[(15, 0)], white=[])
    with pytest.raises(ValueError, match="already hold a finished game"):
        Gomoku.from_stones(black=[(x, 0) for x in range(5)], white=[(x, 5) for x in range(5)])


def test_a_position_is_immutable_copies_and_describes_itself() -> None:
    state = Gomoku.from_moves("h8 i9 g7", rule="renju")
    for attribute in ("size", "rule", "to_move", "ply", "winner", "last_move"):
        with pytest.raises(AttributeError):
            setattr(state, attribute, 1)
    assert pickle.loads(pickle.dumps(state)) == state and state.undo().undo() == Gomoku.from_moves("h8", rule="renju")
    assert eval(state.as_code(), {"Gomoku": Gomoku}) == state
    assert new_game("gomoku", rule="renju", size=15).game.title == "Renju"
    assert state.game.name == "gomoku" and state.game.move_order[0] == (7, 7)
    assert Gomoku.from_moves("h8 g7 i9").key() == Gomoku.from_moves("i9 g7 h8").key()  # same stones, same key
    assert Gomoku.from_moves("h8 g7 i9").key() != Gomoku.from_moves("g7 h8 i9").key()  # colours swapped


def test_the_text_board_names_rows_and_columns() -> None:
    text = Gomoku.from_moves("h8 i9").text()
    assert text.splitlines()[0].startswith("15 ") and text.splitlines()[-1].strip().startswith("A B C")
    assert text.splitlines()[7].split()[8] == "X" and text.splitlines()[6].split()[9] == "O"
    assert "<svg" in Gomoku.from_moves("h8")._repr_svg_()


def test_random_playouts_end_and_leave_the_position_alone() -> None:
    state = Gomoku.from_moves("h8 i9", rule="renju")
    results = [state.random_playout(random.Random(seed)) for seed in range(20)]
    assert set(results) <= {BLACK, WHITE, None} and state.ply == 2


# -- renju forbidden points -------------------------------------------------------------------

def test_forbidden_points_only_for_black_under_renju() -> None:
    stones = {"black": [(7, 7), (8, 7), (9, 8), (9, 9)], "white": [(0, 0), (1, 0), (2, 0), (3, 0)]}
    assert Gomoku.from_stones(**stones, rule="renju").forbidden_points() == {(9, 7): "33"}
    assert Gomoku.from_stones(**stones, rule="freestyle").forbidden_points() == {}
    renju = Gomoku.from_stones(**stones, rule="renju")
    assert (9, 7) not in renju.legal_moves() and len(renju.legal_moves()) == 225 - 8 - 1
    with pytest.raises(IllegalMoveError, match=r"J8: forbidden for Black under renju \(double-three\)"):
        renju.play("j8")
    assert renju.play("a8").play("j8").winner is None  # White's move: Black may not, White may


@pytest.mark.parametrize("case", load_cases() if CASES.exists() else [], ids=lambda case: case["id"])
def test_the_published_renju_cases(case: dict) -> None:
    state = Gomoku.from_stones(black=[tuple(p) for p in case["black"]], white=[tuple(p) for p in case["white"]],
                               rule="renju", to_move=BLACK)
    found = state.forbidden_points()
    if case["scope"] == "all":
        assert set(found) == {(x, y) for x, y, _ in case["expected"]}
    for x, y, kind in case["expected"]:
        if kind is None and case["scope"] == "query":
            assert (x, y) not in found, f"{point_name((x, y))} is legal"
        elif kind is not None:
            assert found.get((x, y)) == kind, f"{point_name((x, y))} should be {kind}"


def test_all_38_cases_are_there() -> None:
    assert len(load_cases()) == 38


def test_forbidden_points_agree_with_an_independent_referee() -> None:
    """The PyPI package ``renju`` (a port of the Piskvork referee) judges every point that has
    at least three black stones within four steps along its lines (no other point can be
    forbidden: a double-three needs four, a double-four and an overline five); ours must agree
    on each, kind included, on a thousand random positions."""
    referee = pytest.importorskip("renju.check_forbid", reason="pip install renju (in requirements.txt)")
    kinds = {0: None, 1: "33", 2: "44", 3: "OL"}
    compared = forbidden = 0
    for state in random_renju_positions(1_000, seed=1):
        ours = state.forbidden_points()
        grid = [[0] * 15 for _ in range(15)]
        for x, y in state.stones(BLACK):
            grid[x][y] = 1
        for x, y in state.stones(WHITE):
            grid[x][y] = 2
        for x in range(15):
            for y in range(15):
                if grid[x][y] or _black_nearby(grid, x, y) < 3:
                    continue
                theirs = kinds[referee.get_foul_type(grid, x, y)]
                compared += 1
                forbidden += theirs is not None
                assert ours.get((x, y)) == theirs, f"{point_name((x, y))} in {state.as_code()}"
    assert compared > 40_000 and forbidden > 1_500


def test_a_point_with_few_black_stones_near_it_is_never_forbidden() -> None:
    """What the comparison above leaves out: the referee finds no forbidden point with fewer
    than three black stones within four steps (checked on a sample of positions)."""
    referee = pytest.importorskip("renju.check_forbid", reason="pip install renju (in requirements.txt)")
    for state in random_renju_positions(60, seed=2):
        grid = [[0] * 15 for _ in range(15)]
        for x, y in state.stones(BLACK):
            grid[x][y] = 1
        for x, y in state.stones(WHITE):
            grid[x][y] = 2
        assert all(referee.get_foul_type(grid, x, y) == 0 for x in range(15) for y in range(15)
                   if not grid[x][y] and _black_nearby(grid, x, y) < 3)


def _black_nearby(grid: list[list[int]], x: int, y: int) -> int:
    count = 0
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for sign in (1, -1):
            for step in range(1, 5):
                cx, cy = x + sign * step * dx, y + sign * step * dy
                if not (0 <= cx < 15 and 0 <= cy < 15):
                    break
                count += grid[cx][cy] == 1
    return count
