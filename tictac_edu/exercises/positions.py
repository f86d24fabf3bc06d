"""Positions the checks use: fixed examples and deterministic random samples, and the
reference figures about them, computed once per process and fast (memoised on positions), so
that the checker's own work stays small next to the learner's."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from tictac_edu.games import ConnectFour, GameTree, Gomoku, MNKGame, TicTacToe, moves_from_start, new_game, play_moves
from tictac_edu.games.gomoku import BLACK

Position = MNKGame | GameTree | ConnectFour
"""A game position the checks use: hashable, so expected values can be cached."""


def start_of(state: Any) -> Any:
    """The starting position of ``state``'s game (of the same size), from its description."""
    game = state.game
    return new_game(game.name, **game.options)


@cache
def solved(state: Position, faster: bool = False) -> float:
    """The negamax value of ``state`` for the player to move: with ``faster``, a finished game
    scores ``utility * (max_plies + 1 - ply)``. Memoised, so a whole tic-tac-toe tree costs
    5,478 positions, not 549,946 nodes."""
    if state.is_terminal():
        utility = state.utility(state.to_move)
        return utility * (state.max_plies + 1 - state.ply) if faster else utility
    return max(-solved(state.play(move), faster) for move in state.legal_moves())


@cache
def tree_size(state: Position) -> int:
    """The nodes of the whole game tree under ``state``, ``state`` included (memoised)."""
    if state.is_terminal():
        return 1
    return 1 + sum(tree_size(state.play(move)) for move in state.legal_moves())


@cache
def depth_value(state: Position, depth: int, evaluate: Callable[[Any, str], float]) -> float:
    """The depth-limited negamax value of ``state``, scored by ``evaluate`` where it stops."""
    if depth == 0 or state.is_terminal():
        return evaluate(state, state.to_move)
    return max(-depth_value(state.play(move), depth - 1, evaluate) for move in state.legal_moves())


def alphabeta_count(state: Any, alpha: float = -math.inf, beta: float = math.inf) -> tuple[float, int]:
    """The course's alpha-beta (negamax, fail-soft, one window at the root, cut-off on
    ``alpha >= beta``) from ``state`` with the window ``(alpha, beta)``: (value, nodes)."""
    from tictac_edu.search import AlphaBeta

    search = AlphaBeta()
    value = search.value(state, math.inf, alpha, beta)
    return value, search.nodes


def ttt(*moves: int) -> TicTacToe:
    """The tic-tac-toe position after ``moves`` (cells, X first)."""
    return play_moves(TicTacToe(), moves)


def mnk(rows: int, columns: int, k: int, *moves: int) -> MNKGame:
    """The m,n,k position after ``moves``."""
    return play_moves(MNKGame(rows, columns, k), moves)


def board_from(text: str) -> list[str | None]:
    """A 9-cell list from a string such as ``"XO. .X. ..O"`` (spaces ignored, ``.`` empty)."""
    cells = [char for char in text if char in "XO."]
    if len(cells) != 9:
        raise ValueError(f"a board needs 9 cells, {text!r} has {len(cells)}")
    return [None if char == "." else char for char in cells]


def random_positions(seed: int, count: int, min_ply: int, max_ply: int,
                     new_game: Callable[[], Any] = TicTacToe, finished: bool = False) -> list[Any]:
    """``count`` different positions reached by random play, ``min_ply``..``max_ply`` moves
    deep, unfinished unless ``finished`` (then only finished ones). The same every run."""
    rng = random.Random(seed)
    found: dict[object, Any] = {}
    attempts = 0
    while len(found) < count and attempts < count * 200:
        attempts += 1
        state = new_game()
        target = rng.randint(min_ply, max_ply)
        while state.ply < target and not state.is_terminal():
            state = state.play(rng.choice(state.legal_moves()))
        if state.ply < min_ply or state.is_terminal() != finished:
            continue
        found.setdefault(state.key(), state)
    return list(found.values())


@cache
def all_tictactoe_positions() -> tuple[TicTacToe, ...]:
    """Every position reachable from the empty tic-tac-toe board (5,478), in a fixed order."""
    seen: dict[int, TicTacToe] = {}
    stack = [TicTacToe()]
    while stack:
        state = stack.pop()
        if state.key() in seen:
            continue
        seen[state.key()] = state
        for move in reversed(state.legal_moves()):
            stack.append(state.play(move))
    return tuple(sorted(seen.values(), key=lambda state: (state.ply, state.key())))


def swap_colours(state: MNKGame) -> MNKGame | None:
    """The position with every X turned into O and every O into X, reached by legal play with
    X to move; ``None`` if no legal game reaches it (X must have as many marks as O)."""
    xs = [cell for cell, mark in enumerate(state.board) if mark == "X"]
    os_ = [cell for cell, mark in enumerate(state.board) if mark == "O"]
    if len(xs) != len(os_):
        return None
    swapped = start_of(state)
    for x_cell, o_cell in zip(os_, xs, strict=True):
        if swapped.is_terminal():
            return None
        swapped = swapped.play(x_cell)
        if swapped.is_terminal():
            return None
        swapped = swapped.play(o_cell)
    return swapped


def transformed(state: MNKGame, symmetry: int) -> MNKGame:
    """``state`` under one of the 8 symmetries of a square board (0 = unchanged), replayed
    move by move so that it has the same history length and player to move."""
    size = state.rows
    if state.rows != state.columns:
        raise ValueError("board symmetries need a square board")

    def cell_map(cell: int) -> int:
        row, col = divmod(cell, size)
        last = size - 1
        row, col = [(row, col), (col, last - row), (last - row, last - col), (last - col, row),
                    (row, last - col), (last - row, col), (col, row), (last - col, last - row)][symmetry]
        return row * size + col

    new = start_of(state)
    for move in moves_from_start(state):
        new = new.play(cell_map(move))
    return new


BOARD_SYMMETRIES: tuple[tuple[int, ...], ...] = (
    (0, 1, 2, 3, 4, 5, 6, 7, 8),  # unchanged
    (6, 3, 0, 7, 4, 1, 8, 5, 2),  # rotated a quarter turn clockwise
    (8, 7, 6, 5, 4, 3, 2, 1, 0),  # half a turn
    (2, 5, 8, 1, 4, 7, 0, 3, 6),  # three quarters
    (2, 1, 0, 5, 4, 3, 8, 7, 6),  # mirrored left-right
    (6, 7, 8, 3, 4, 5, 0, 1, 2),  # mirrored top-bottom
    (0, 3, 6, 1, 4, 7, 2, 5, 8),  # mirrored in the diagonal 0, 4, 8
    (8, 5, 2, 7, 4, 1, 6, 3, 0),  # mirrored in the anti-diagonal 2, 4, 6
)
"""The 8 symmetries of the 3x3 board: cell ``i`` of the new board is ``board[perm[i]]``."""

ROTATIONS = (0, 1, 2, 3)
REFLECTIONS = (4, 5, 6, 7)


def permute(board: Sequence[object], symmetry: int) -> tuple:
    """A 9-cell board under one of :data:`BOARD_SYMMETRIES`."""
    return tuple(board[i] for i in BOARD_SYMMETRIES[symmetry])


# -- Connect Four ---------------------------------------------------------------------------------

def stones_from(cells: Sequence[tuple[int, int]], rows: int = 6) -> int:
    """The bitboard with a disc on each cell ``(column, row)`` (0-based, row 0 at the bottom), in
    the layout of :mod:`tictac_edu.games.connect4`: bit ``column * (rows + 1) + row``."""
    return sum(1 << (column * (rows + 1) + row) for column, row in set(cells))


def random_stones(rng: random.Random, columns: int, rows: int, density: float) -> int:
    """A bitboard with each cell of a ``columns`` x ``rows`` board taken with probability
    ``density`` (gravity ignored: any set of cells)."""
    return stones_from([(column, row) for column in range(columns) for row in range(rows)
                        if rng.random() < density], rows)


def random_games(seed: int, count: int, min_ply: int, max_ply: int, finished: bool = False) -> list[ConnectFour]:
    """``count`` different Connect Four positions reached by random play (7 x 6),
    ``min_ply``..``max_ply`` moves deep, unfinished unless ``finished`` (then only finished
    ones). The same every run."""
    return random_positions(seed, count, min_ply, max_ply, ConnectFour, finished)


def random_renju_positions(count: int, seed: int) -> list[Gomoku]:
    """Random positions of 10 to 60 stones clustered around the centre, Black to move, many of
    them with forbidden points (a position that already holds a five is skipped)."""
    rng = random.Random(seed)
    found: list[Gomoku] = []
    while len(found) < count:
        n = rng.randint(10, 60)
        points: set[tuple[int, int]] = set()
        while len(points) < n:
            points.add((min(14, max(0, int(rng.gauss(7, 3)))), min(14, max(0, int(rng.gauss(7, 3))))))
        ordered = sorted(points)
        rng.shuffle(ordered)
        black = rng.randint(n // 2, n // 2 + n // 4 + 1)
        try:
            found.append(Gomoku.from_stones(ordered[:black], ordered[black:], rule="renju", to_move=BLACK))
        except ValueError:
            continue
    return found
