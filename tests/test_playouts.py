"""The random playouts on bits play the game of the rules: the same random draws, played
through the protocol (``play``, ``winner``, gomoku's forbidden points), give the same result."""

from __future__ import annotations

import copy
import random

import pytest

from tictac_edu.games import Gomoku, MNKGame
from tictac_edu.games.base import Player
from tictac_edu.games.gomoku import BLACK, WHITE, _five_along, _playout_lines
from tictac_edu.games.mnk import _geometry
from tictac_edu.games.mnk import _playout_lines as _mnk_playout_lines


def protocol_playout(state: Gomoku, rng: random.Random) -> Player | None:
    """The draws of :meth:`Gomoku.random_playout` (a random point among those not played yet,
    a point forbidden for Black set aside until the next move), each move played through the
    protocol, which alone says who has won and which points are forbidden."""
    size = state.size
    left = [y * size + x for y in range(size) for x in range(size) if state.stone((x, y)) is None]
    count, postponed = len(left), []
    while count:
        if state.winner is not None:
            return state.winner
        pick = int(rng.random() * count)
        count -= 1
        index = left[pick]
        left[pick] = left[count]
        point = (index % size, index // size)
        if point in state.forbidden_points():
            postponed.append(index)
            if not count:
                return WHITE
            continue
        state = state.play(point)
        for index in postponed:
            left[count] = index
            count += 1
        postponed = []
    return state.winner


def random_position(rule: str, size: int, rng: random.Random) -> Gomoku:
    """A seeded random unfinished position of up to a third of the board."""
    while True:
        state = Gomoku(size, rule)  # type: ignore[arg-type]
        for _ in range(rng.randint(0, size * size // 3)):
            if state.is_terminal():
                break
            state = state.play(rng.choice(state.legal_moves()))
        if not state.is_terminal():
            return state


@pytest.mark.parametrize(("rule", "size", "games"), [("freestyle", 15, 40), ("freestyle", 9, 60), ("standard", 9, 80),
                                                     ("standard", 15, 20), ("renju", 9, 25), ("renju", 15, 2)])
def test_the_playout_on_bits_reaches_the_result_of_the_protocol(rule: str, size: int, games: int) -> None:
    rng = random.Random(f"{rule}-{size}")
    outcomes = set()
    for _ in range(games):
        state = random_position(rule, size, rng)
        before = copy.deepcopy(state)
        seed = rng.getrandbits(32)
        fast = state.random_playout(random.Random(seed))
        assert fast == protocol_playout(state, random.Random(seed)), (state.as_code(), seed)
        assert state == before and state.ply == before.ply
        outcomes.add(fast)
    assert games < 20 or {BLACK, WHITE} <= outcomes  # both players win some of them


def test_a_six_is_a_win_only_where_five_or_more_win() -> None:
    """The check the playout makes along a line: six in a row wins in freestyle (five or more),
    not where exactly five are needed (the standard rule; Black under renju)."""
    size = 15
    row = [y * size + x for y in (14,) for x in range(6)]  # A1..F1
    stones = sum(1 << index for index in row)
    lines = _playout_lines(size)[row[3]]  # through D1; across first
    bits, ahead, behind = lines[0]
    assert (stones & bits).bit_count() == 6
    assert _five_along(stones, ahead, behind, exact=False) and not _five_along(stones, ahead, behind, exact=True)
    five = stones & ~(1 << row[0])  # B1..F1
    assert _five_along(five, ahead, behind, exact=True)
    # near a corner one diagonal has no room for five
    assert all(len(lines_of_point) in (3, 4) for lines_of_point in _playout_lines(size))


def test_the_fast_playout_of_a_finished_game_is_its_winner() -> None:
    won = Gomoku.from_moves("h8 a1 i8 a2 j8 a3 k8 a4 l8")
    assert won.winner == BLACK and won.random_playout(random.Random(1)) == BLACK


def shuffled_protocol_playout(state: MNKGame, rng: random.Random) -> Player | None:
    """:meth:`MNKGame.random_playout`'s order of moves (the legal moves shuffled once), each
    played through the protocol, which alone says who has won."""
    cells = state.legal_moves()
    rng.shuffle(cells)
    for cell in cells:
        if state.is_terminal():
            break
        state = state.play(cell)
    return state.winner


@pytest.mark.parametrize("shape", [(3, 3, 3), (5, 5, 3), (4, 7, 4), (9, 9, 5), (15, 15, 5), (1, 6, 3)],
                         ids=lambda shape: "x".join(map(str, shape)))
def test_the_mnk_playout_tries_every_line_and_reaches_the_result_of_the_protocol(shape: tuple[int, int, int]) -> None:
    """The lines a playout tries after a move, direction by direction, are exactly the lines
    through that cell; and from random positions the playout wins where the protocol does."""
    rows, columns, k = shape
    lines = _mnk_playout_lines(rows, columns, k)
    for cell in range(rows * columns):
        tried = sorted(window for _near, windows in lines[cell] for window in windows)
        assert tried == sorted(_geometry(rows, columns, k).win_masks[cell]), cell
    rng = random.Random(str(shape))
    for _ in range(60):
        state = MNKGame(rows, columns, k)
        for _ in range(rng.randint(0, rows * columns // 2)):
            if state.is_terminal():
                break
            state = state.play(rng.choice(state.legal_moves()))
        seed = rng.getrandbits(32)
        assert state.random_playout(random.Random(seed)) == shuffled_protocol_playout(state, random.Random(seed))
