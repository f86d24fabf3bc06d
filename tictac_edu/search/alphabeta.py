"""Alpha-beta search, written in negamax form, with the options the course studies.

Negamax form: every node's value is from the point of view of *its* player to move, and a
child's value is negated on the way up (``max(a, b) == -min(-a, -b)``). The window
``(alpha, beta)`` means: the player to move already has a line worth ``alpha`` elsewhere,
and the opponent already has one that holds this player to ``beta``. A node whose value
reaches ``beta`` is *cut off*: the opponent will never let the game get here, so the rest of
its moves need not be searched.

Conventions (they fix the node counts the course reproduces):

* A node is one call of the search function; the root and terminal positions count.
* The root keeps one window for all its children (``fresh_root_window=True`` gives each
  child a full window instead, as a naive root loop would).
* A node cuts off when ``alpha >= beta`` (``strict=True``: only when ``alpha > beta``).
* The search is *fail-soft*: a node returns its best value even when it is outside the window.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from tictac_edu.games.base import GameState, Move, Player
from tictac_edu.search.ordering import MoveOrder, OrderSpec, as_move_order
from tictac_edu.search.result import SearchResult, SearchTimeout, Tracer
from tictac_edu.search.table import Bound, TranspositionTable

Evaluation = Callable[[Any, Player], float]
"""``evaluate(state, player)``: a heuristic score of ``state`` from ``player``'s point of view.
Depth-limited searches call it at the depth limit *and* at finished games, so it must score a
finished game too (a win far above any unfinished position). Each game's evaluations take
that game's states, hence ``Any``."""

Clock = Callable[[], float]
"""A function returning the current time in seconds, like :func:`time.monotonic`."""

INFINITY = math.inf


def check_search_arguments(state: GameState, depth: int | None, evaluate: Evaluation | None) -> None:
    """Raise a clear error for arguments a search cannot work with."""
    for name in ("to_move", "legal_moves", "play", "is_terminal", "utility"):
        if not hasattr(state, name):
            raise TypeError(f"search needs a game state with .{name}; {type(state).__name__} has none "
                            "(see tictac_edu.games.base for the game protocol)")
    if depth is not None:
        if not isinstance(depth, int) or isinstance(depth, bool) or depth < 0:
            raise ValueError(f"depth must be a whole number >= 0 or None (search to the end), not {depth!r}")
        if evaluate is None:
            raise ValueError(f"a depth-limited search (depth={depth}) needs evaluate(state, player) to score "
                             "the positions where it stops")


def terminal_value(state: GameState, player: Player, prefer_faster_wins: bool) -> float:
    """The score of a finished game for ``player``: ``state.utility(player)``; with
    ``prefer_faster_wins``, a win or loss is scaled by ``max_plies + 1 - ply`` (on tic-tac-toe,
    ``+-(10 - ply)``), so a quicker win scores more and a later loss less badly."""
    utility = state.utility(player)
    if prefer_faster_wins and utility:
        return utility * (state.max_plies + 1 - state.ply)
    return utility


class AlphaBeta:
    """One alpha-beta search with fixed options; :func:`alphabeta` is the usual way to run it.

    Kept as a class so the options live in attributes instead of being passed down every call.
    """

    def __init__(self, *, depth: int | None = None, evaluate: Evaluation | None = None,
                 order: OrderSpec = None, table: TranspositionTable | None = None,
                 prefer_faster_wins: bool = False, strict: bool = False, fresh_root_window: bool = False,
                 first_move: Move | None = None, deadline: float | None = None, clock: Clock = time.monotonic,
                 trace: bool = False) -> None:
        self.depth = INFINITY if depth is None else depth
        self.evaluate = evaluate
        self.order: MoveOrder | None = as_move_order(order)
        self.table = table
        self.prefer_faster_wins = prefer_faster_wins
        self.strict = strict
        self.fresh_root_window = fresh_root_window
        self.first_move = first_move
        self.deadline = deadline
        self.clock = clock
        self.trace = trace
        self.nodes = 0
        self.cutoffs = 0
        self.table_hits = 0
        self.reached_depth_limit = False
        self.tracer: Tracer | None = None

    def run(self, state: GameState) -> SearchResult:
        """Search ``state`` and return the result (values for the player to move there)."""
        started = time.perf_counter()
        self.tracer = Tracer(state.to_move, negamax=True) if self.trace else None
        value, pv = self.search(state, self.depth, -INFINITY, INFINITY, 0, None)
        return SearchResult(
            value=value, move=pv[0] if pv else None, pv=pv, nodes=self.nodes, player=state.to_move,
            depth=None if self.depth == INFINITY else int(self.depth), exact=not self.reached_depth_limit,
            cutoffs=self.cutoffs, table_hits=self.table_hits, elapsed=time.perf_counter() - started,
            trace=self.tracer.events if self.tracer else None)

    def leaf_value(self, state: GameState) -> float:
        """The value of a finished game or of a position at the depth limit, for its player to move."""
        if self.evaluate is not None:
            return self.evaluate(state, state.to_move)
        return terminal_value(state, state.to_move, self.prefer_faster_wins)

    def search(self, state: GameState, depth: float, alpha: float, beta: float, ply: int,
               parent: int | None) -> tuple[float, list[Move]]:
        """The negamax value of ``state`` (for its player to move) and its principal variation."""
        node = self.nodes
        self.nodes += 1
        if self.deadline is not None and self.clock() >= self.deadline:
            raise SearchTimeout(self.nodes)
        tracer = self.tracer
        if tracer:
            tracer.enter(node, parent, state, ply, alpha, beta)

        if state.is_terminal() or depth <= 0:
            if not state.is_terminal():
                self.reached_depth_limit = True
            value = self.leaf_value(state)
            if tracer:
                tracer.leave(node, value, "terminal" if state.is_terminal() else "evaluation")
            return value, []

        table_move = None
        if self.table is not None:
            key = state.key()
            entry = self.table.probe(key)
            if entry is not None:
                table_move = entry.move
                if entry.depth >= depth:
                    if entry.bound is Bound.EXACT:
                        found = True
                    elif entry.bound is Bound.LOWER:
                        alpha = max(alpha, entry.value)
                        found = alpha >= beta
                    else:
                        beta = min(beta, entry.value)
                        found = alpha >= beta
                    if found:
                        self.table_hits += 1
                        if tracer:
                            tracer.leave(node, entry.value, "table")
                        return entry.value, [entry.move] if entry.move is not None else []

        moves = state.legal_moves()
        if self.order is not None:
            moves = self.order.order(state, moves, ply)
        first = table_move if table_move is not None else (self.first_move if ply == 0 else None)
        if first is not None and first in moves and moves[0] != first:
            moves.remove(first)
            moves.insert(0, first)

        window_alpha, window_beta = alpha, beta
        best_value, best_pv = -INFINITY, []
        for index, move in enumerate(moves):
            child = state.play(move)
            if ply == 0 and self.fresh_root_window:
                child_value, child_pv = self.search(child, depth - 1, -INFINITY, INFINITY, ply + 1, node)
            else:
                child_value, child_pv = self.search(child, depth - 1, -beta, -alpha, ply + 1, node)
            value = -child_value
            if value > best_value:
                best_value, best_pv = value, [move] + child_pv
            if value > alpha:
                alpha = value
            if alpha > beta or (alpha == beta and not self.strict):
                self.cutoffs += 1
                if self.order is not None:
                    plies_left = depth if depth != INFINITY else state.max_plies - state.ply
                    self.order.record_cutoff(state, move, ply, plies_left)
                if tracer and index + 1 < len(moves):
                    tracer.cutoff(node, alpha, beta, moves[index + 1:])
                break

        if self.table is not None:
            if best_value <= window_alpha:
                bound = Bound.UPPER
            elif best_value >= window_beta:
                bound = Bound.LOWER
            else:
                bound = Bound.EXACT
            self.table.store(state.key(), depth, best_value, bound, best_pv[0] if best_pv else None)
        if tracer:
            tracer.leave(node, best_value, "search")
        return best_value, best_pv


def alphabeta(state: GameState, depth: int | None = None, evaluate: Evaluation | None = None, *,
              order: OrderSpec = None, table: TranspositionTable | None = None,
              prefer_faster_wins: bool = False, strict: bool = False, fresh_root_window: bool = False,
              first_move: Move | None = None, deadline: float | None = None, clock: Clock = time.monotonic,
              trace: bool = False) -> SearchResult:
    """Alpha-beta search: the minimax value of ``state``, visiting far fewer nodes.

    Args:
        state: the position to search; it is never changed.
        depth: how many moves ahead to look; ``None`` searches to the end of the game.
        evaluate: ``evaluate(state, player)``, needed with a depth; called at the depth
            limit and at finished games.
        order: move ordering (a list of preferred moves, a key function or a
            :class:`~tictac_edu.search.ordering.MoveOrder`); the game's order if ``None``.
        table: a :class:`~tictac_edu.search.table.TranspositionTable` to use and fill; its
            best move is also searched first.
        prefer_faster_wins: score a win sooner above a win later (see :func:`terminal_value`).
        strict: cut off only when ``alpha > beta`` (the default also prunes on equality).
        fresh_root_window: give each move at the root a full window (a lesson, not a habit).
        first_move: a move to search first at the root (iterative deepening passes the
            previous best).
        deadline: a time on ``clock`` at which to stop, raising
            :class:`~tictac_edu.search.result.SearchTimeout`; checked at every node.
        clock: the clock for ``deadline``.
        trace: record a trace of events (for pictures; keep the tree small).

    Returns:
        A :class:`~tictac_edu.search.result.SearchResult`; ``value`` is from the point of
        view of the player to move at the root, ``move`` the first best move in search order.

    >>> from tictac_edu.games import TicTacToe
    >>> result = alphabeta(TicTacToe())
    >>> result.value, result.nodes
    (0, 18297)
    """
    check_search_arguments(state, depth, evaluate)
    search = AlphaBeta(depth=depth, evaluate=evaluate, order=order, table=table,
                       prefer_faster_wins=prefer_faster_wins, strict=strict,
                       fresh_root_window=fresh_root_window, first_move=first_move, deadline=deadline,
                       clock=clock, trace=trace)
    if search.order is not None:
        search.order.reset()
    return search.run(state)

