"""Minimax, the exhaustive search every other search in the course is measured against.

:func:`minimax` is written in MAX/MIN form: values are always from the root player's point
of view; MAX (the root player) takes the largest child value, MIN the smallest.
:func:`negamax` is the same search in negamax form: every node takes the largest *negated*
child value, each value being from the point of view of the player to move at that node.
Both visit every node (549,946 from the empty tic-tac-toe board) unless a ``cache`` is used.
"""

from __future__ import annotations

import math
import time
from collections.abc import Hashable

from tictac_edu.games.base import GameState, Move, Player
from tictac_edu.search.alphabeta import Evaluation, check_search_arguments, terminal_value
from tictac_edu.search.result import SearchResult, Tracer


class _Minimax:
    """The state of one minimax run: options, counters, an optional cache and tracer."""

    def __init__(self, root_player: Player, depth: int | None, evaluate: Evaluation | None,
                 prefer_faster_wins: bool, cache: bool, trace: bool, negamax: bool) -> None:
        self.root_player = root_player
        self.depth = math.inf if depth is None else depth
        self.evaluate = evaluate
        self.prefer_faster_wins = prefer_faster_wins
        self.cache: dict[Hashable, tuple[float, list[Move]]] | None = {} if cache else None
        self.tracer = Tracer(root_player, negamax=negamax) if trace else None
        self.nodes = 0
        self.cache_hits = 0
        self.reached_depth_limit = False
        self.negamax = negamax

    def search(self, state: GameState, depth: float, ply: int, parent: int | None) -> tuple[float, list[Move]]:
        """Visit one node: count it, trace it, answer from the cache or at a leaf, otherwise
        combine the children's values with the minimax or the negamax rule."""
        node = self.nodes
        self.nodes += 1
        tracer = self.tracer
        if tracer:
            tracer.enter(node, parent, state, ply)
        pv: list[Move]
        if self.cache is not None and state.key() in self.cache:
            self.cache_hits += 1
            value, pv = self.cache[state.key()]
            if tracer:
                tracer.leave(node, value, "cache")
            return value, pv
        if state.is_terminal() or depth <= 0:
            self.reached_depth_limit |= not state.is_terminal()
            player = state.to_move if self.negamax else self.root_player
            if self.evaluate is not None:
                value = self.evaluate(state, player)
            else:
                value = terminal_value(state, player, self.prefer_faster_wins)
            pv = []
            source = "terminal" if state.is_terminal() else "evaluation"
        else:
            rule = self.negamax_rule if self.negamax else self.minimax_rule
            value, pv = rule(state, depth, ply, node)
            source = "search"
        if self.cache is not None:
            self.cache[state.key()] = (value, pv)
        if tracer:
            tracer.leave(node, value, source)
        return value, pv

    def minimax_rule(self, state: GameState, depth: float, ply: int, node: int) -> tuple[float, list[Move]]:
        """MAX (the root player) takes the largest child value, MIN the smallest; values are
        for the root player."""
        maximizing = state.to_move == self.root_player
        value, pv = (-math.inf if maximizing else math.inf), []
        for move in state.legal_moves():
            child_value, child_pv = self.search(state.play(move), depth - 1, ply + 1, node)
            if (child_value > value) if maximizing else (child_value < value):
                value, pv = child_value, [move] + child_pv
        return value, pv

    def negamax_rule(self, state: GameState, depth: float, ply: int, node: int) -> tuple[float, list[Move]]:
        """Every player takes the largest negated child value; values are for the player to
        move at each node."""
        value, pv = -math.inf, []
        for move in state.legal_moves():
            child_value, child_pv = self.search(state.play(move), depth - 1, ply + 1, node)
            if -child_value > value:
                value, pv = -child_value, [move] + child_pv
        return value, pv


def _run(state: GameState, depth: int | None, evaluate: Evaluation | None, prefer_faster_wins: bool,
         cache: bool, trace: bool, negamax: bool) -> SearchResult:
    check_search_arguments(state, depth, evaluate)
    started = time.perf_counter()
    run = _Minimax(state.to_move, depth, evaluate, prefer_faster_wins, cache, trace, negamax)
    value, pv = run.search(state, run.depth, 0, None)
    return SearchResult(value=value, move=pv[0] if pv else None, pv=pv, nodes=run.nodes, player=state.to_move,
                        depth=depth, exact=not run.reached_depth_limit, table_hits=run.cache_hits,
                        elapsed=time.perf_counter() - started,
                        trace=run.tracer.events if run.tracer else None)


def minimax(state: GameState, depth: int | None = None, evaluate: Evaluation | None = None, *,
            prefer_faster_wins: bool = False, cache: bool = False, trace: bool = False) -> SearchResult:
    """Minimax search in MAX/MIN form.

    Args:
        state: the position to search; it is never changed.
        depth: how many moves ahead to look; ``None`` searches to the end of the game.
        evaluate: ``evaluate(state, player)``, needed with a depth; called at the depth
            limit and at finished games.
        prefer_faster_wins: score a win sooner above a win later.
        cache: remember the value of every position searched (keyed on ``state.key()``), so a
            position reached by different move orders is searched once.
        trace: record a trace of events (for pictures; keep the tree small).

    Returns:
        A :class:`~tictac_edu.search.result.SearchResult`; ``value`` is from the point of
        view of the player to move at the root (MAX), ``move`` the first best move.

    >>> from tictac_edu.games import GameTree
    >>> result = minimax(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> result.value, result.move, result.nodes
    (3, 0, 13)
    """
    return _run(state, depth, evaluate, prefer_faster_wins, cache, trace, negamax=False)


def negamax(state: GameState, depth: int | None = None, evaluate: Evaluation | None = None, *,
            prefer_faster_wins: bool = False, cache: bool = False, trace: bool = False) -> SearchResult:
    """Minimax in negamax form: the same values and nodes as :func:`minimax`.

    Every node's value is from the point of view of *its* player to move, and a parent takes
    the largest negated child value. The returned ``value`` is for the player to move at the
    root. Alpha-beta (:func:`~tictac_edu.search.alphabeta.alphabeta`) is written in this form.
    """
    return _run(state, depth, evaluate, prefer_faster_wins, cache, trace, negamax=True)
