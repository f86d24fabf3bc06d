"""Iterative deepening: search depth 1, then 2, then 3, ... until the clock runs out.

Each finished depth gives a usable move, so the search can be stopped at any time; the
best move of one depth is searched first at the next, which makes the deeper search
cheaper. The deadline is checked at every node, so a deep search never overruns the clock
by more than one node.
"""

from __future__ import annotations

import time

from tictac_edu.games.base import GameState
from tictac_edu.search.alphabeta import Clock, Evaluation, alphabeta
from tictac_edu.search.ordering import OrderSpec
from tictac_edu.search.result import SearchResult, SearchTimeout
from tictac_edu.search.table import TranspositionTable


def iterative_deepening(state: GameState, evaluate: Evaluation, *, time_limit: float | None = None,
                        max_depth: int | None = None, clock: Clock = time.monotonic, order: OrderSpec = None,
                        table: TranspositionTable | None = None, prefer_faster_wins: bool = False) -> SearchResult:
    """Alpha-beta at depth 1, 2, 3, ... until ``time_limit`` seconds pass or ``max_depth`` is done.

    Depth 1 always finishes, so there is always a move to play. The search also stops early
    once a depth reaches the end of the game on every line (its value is then exact).

    Args:
        state: the position; never changed.
        evaluate: ``evaluate(state, player)``, called at the depth limit and at finished games.
        time_limit: seconds on ``clock`` for the whole search; ``None`` for no limit.
        max_depth: the deepest depth to try; ``None`` for no limit (then give a time limit,
            or make sure the game ends).
        clock: the clock; tests pass a fake one so that the stop is deterministic.
        order, table, prefer_faster_wins: as for :func:`~tictac_edu.search.alphabeta.alphabeta`.

    Returns:
        The result of the deepest finished depth (``value`` for the player to move at the
        root), with ``nodes`` counting every node of every iteration, the unfinished one
        included, ``completed=False`` if the clock stopped an iteration, and
        ``depth_results`` holding each finished depth's result.

    Raises:
        ValueError: neither ``time_limit`` nor ``max_depth`` is given, or a limit is not positive.
    """
    if time_limit is None and max_depth is None:
        raise ValueError("iterative deepening needs a time_limit (seconds) or a max_depth, or it may never stop")
    if time_limit is not None and time_limit <= 0:
        raise ValueError(f"time_limit must be a positive number of seconds, not {time_limit!r}")
    if max_depth is not None and (not isinstance(max_depth, int) or max_depth < 1):
        raise ValueError(f"max_depth must be a whole number >= 1, not {max_depth!r}")
    started = time.perf_counter()
    deadline = None if time_limit is None else clock() + time_limit
    finished: list[SearchResult] = []
    nodes = 0
    completed = True
    depth = 1
    while max_depth is None or depth <= max_depth:
        previous_move = finished[-1].move if finished else None
        try:
            result = alphabeta(state, depth, evaluate, order=order, table=table,
                               prefer_faster_wins=prefer_faster_wins, first_move=previous_move,
                               deadline=deadline if finished else None, clock=clock)
        except SearchTimeout as stop:
            nodes += stop.args[0] if stop.args else 0
            completed = False
            break
        nodes += result.nodes
        finished.append(result)
        if result.exact or state.is_terminal():
            break
        depth += 1
    best = finished[-1]
    return SearchResult(value=best.value, move=best.move, pv=best.pv, nodes=nodes, player=best.player,
                        depth=best.depth, completed=completed, exact=best.exact, cutoffs=best.cutoffs,
                        table_hits=best.table_hits, elapsed=time.perf_counter() - started,
                        depth_results=finished)
