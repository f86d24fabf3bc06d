"""Iterative deepening: search depth 1, then 2, then 3, ... until the clock runs out.

Each finished depth gives a usable move, so the search can be stopped at any time; the
best move of one depth is searched first at the next, and a learning move order (killers,
history) keeps what it learnt from one depth to the next, which makes the deeper search
cheaper. The deadline is checked at every node from the very first, so a search never
overruns the clock by more than one node.
"""

from __future__ import annotations

import math
import time

from tictac_edu.games.base import GameState
from tictac_edu.search.alphabeta import alphabeta
from tictac_edu.search.common import Clock, Evaluation, deprecated_faster_wins
from tictac_edu.search.ordering import OrderSpec, as_move_order
from tictac_edu.search.result import SearchResult, SearchTimeout
from tictac_edu.search.table import TranspositionTable


def _check_limits(time_limit: object, max_depth: object) -> None:
    if time_limit is None and max_depth is None:
        raise ValueError("iterative deepening needs a time_limit (seconds) or a max_depth, or it may never stop")
    if time_limit is not None and (not isinstance(time_limit, int | float) or isinstance(time_limit, bool)
                                   or not math.isfinite(time_limit) or time_limit <= 0):
        raise ValueError(f"time_limit must be a positive, finite number of seconds, not {time_limit!r}")
    if max_depth is not None and (not isinstance(max_depth, int) or isinstance(max_depth, bool) or max_depth < 1):
        raise ValueError(f"max_depth must be a whole number >= 1, not {max_depth!r}")


def iterative_deepening(state: GameState, evaluate: Evaluation, *, time_limit: float | None = None,
                        max_depth: int | None = None, clock: Clock = time.monotonic, order: OrderSpec = None,
                        table: TranspositionTable | None = None,
                        prefer_faster_wins: bool | None = None) -> SearchResult:
    """Alpha-beta at depth 1, 2, 3, ... until ``time_limit`` seconds pass or ``max_depth`` is done.

    The search stops early once a depth proves the outcome (a forced win or loss, or every
    line searched to the end of the game): more depth cannot change it. If the clock runs out
    before depth 1 finishes (a huge board, a tiny limit), the best of the root moves searched
    so far is returned, or the first move in search order.

    Args:
        state: the position; never changed.
        evaluate: ``evaluate(state, player)``, called at the depth limit and at finished games.
        time_limit: seconds on ``clock`` for the whole search; ``None`` for no limit.
        max_depth: the deepest depth to try; ``None`` for no limit (then give a time limit,
            or make sure the game ends).
        clock: the clock; tests pass a fake one so that the stop is deterministic.
        order: as for :func:`~tictac_edu.search.alphabeta.alphabeta`; a learning order is
            reset once, here, and then learns across the depths.
        table: as for :func:`~tictac_edu.search.alphabeta.alphabeta`.
        prefer_faster_wins: deprecated, and without effect beside an evaluation (which scores
            finished games too).

    Returns:
        The result of the deepest finished depth (``value`` for the player to move at the
        root), with ``nodes`` counting every node of every iteration, the unfinished one
        included, ``completed=False`` if the clock stopped an iteration, and
        ``depth_results`` holding each finished depth's result.

    Raises:
        ValueError: neither ``time_limit`` nor ``max_depth`` is given, or a limit is not a
            positive number.
    """
    _check_limits(time_limit, max_depth)
    evaluate = deprecated_faster_wins(evaluate, prefer_faster_wins, "iterative_deepening") or evaluate
    started = time.perf_counter()
    deadline = None if time_limit is None else clock() + time_limit
    move_order = as_move_order(order)
    if move_order is not None:
        move_order.reset()
    finished: list[SearchResult] = []
    nodes, depth = 0, 1
    stopped: SearchTimeout | None = None
    while max_depth is None or depth <= max_depth:
        previous_move = finished[-1].move if finished else None
        try:
            result = alphabeta(state, depth, evaluate, order=move_order, table=table, first_move=previous_move,
                               deadline=deadline, clock=clock)
        except SearchTimeout as timeout:
            nodes += timeout.nodes
            stopped = timeout
            break
        nodes += result.nodes
        finished.append(result)
        if result.proven or state.is_terminal():
            break
        depth += 1
    elapsed = time.perf_counter() - started
    if not finished:
        return _unfinished(state, stopped, nodes, elapsed, move_order)
    best = finished[-1]
    return SearchResult(value=best.value, move=best.move, pv=best.pv, nodes=nodes, player=best.player,
                        depth=best.depth, completed=stopped is None, proven=best.proven, cutoffs=best.cutoffs,
                        table_hits=best.table_hits, elapsed=elapsed, depth_results=finished)


def _unfinished(state: GameState, stopped: SearchTimeout | None, nodes: int, elapsed: float,
                order: object) -> SearchResult:
    """The result when the clock stopped depth 1: the best root move searched so far, or the
    first in search order; not proven."""
    assert stopped is not None
    move = stopped.best_move
    if move is None:
        moves = state.legal_moves()
        if order is not None:
            moves = order.order(state, moves, 0)  # type: ignore[attr-defined]
        move = moves[0] if moves else None
    return SearchResult(value=stopped.best_value, move=move, pv=[] if move is None else [move], nodes=nodes,
                        player=state.to_move, depth=1, completed=False, proven=False, elapsed=elapsed)
