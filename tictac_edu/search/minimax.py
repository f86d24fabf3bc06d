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
from tictac_edu.search.common import Evaluation, check_search_arguments, deprecated_faster_wins, leaf_score
from tictac_edu.search.result import SearchResult, Tracer


class MinimaxSearch:
    """Minimax in MAX/MIN form: every value is for the root player (MAX); MAX takes the
    largest child value, MIN the smallest. Counts its nodes."""

    def __init__(self, root_player: Player, evaluate: Evaluation | None = None) -> None:
        self.root_player = root_player
        self.evaluate = evaluate
        self.nodes = 0
        self.reached_depth_limit = False

    def search(self, state: GameState, depth: float) -> tuple[float, list[Move]]:
        """The value of ``state`` for the root player and the line of best play from it."""
        self.nodes += 1
        if state.is_terminal() or depth <= 0:
            return self.leaf_value(state), []
        maximizing = state.to_move == self.root_player
        best, best_pv = (-math.inf if maximizing else math.inf), []
        for move in state.legal_moves():
            value, pv = self.search(state.play(move), depth - 1)
            if (value > best) if maximizing else (value < best):
                best, best_pv = value, [move, *pv]
        return best, best_pv

    def leaf_value(self, state: GameState) -> float:
        """A finished game's score, or the evaluation at the depth limit, for the root player."""
        if not state.is_terminal():
            self.reached_depth_limit = True
        return leaf_score(state, self.root_player, self.evaluate)


class NegamaxSearch(MinimaxSearch):
    """The same search in negamax form: every value is for the player to move at its node, and
    a node takes the largest negated child value."""

    def search(self, state: GameState, depth: float) -> tuple[float, list[Move]]:
        """The value of ``state`` for its player to move and the line of best play from it."""
        self.nodes += 1
        if state.is_terminal() or depth <= 0:
            return self.leaf_value(state), []
        best, best_pv = -math.inf, []
        for move in state.legal_moves():
            value, pv = self.search(state.play(move), depth - 1)
            if -value > best:
                best, best_pv = -value, [move, *pv]
        return best, best_pv

    def leaf_value(self, state: GameState) -> float:
        """A finished game's score, or the evaluation at the depth limit, for the player to move."""
        if not state.is_terminal():
            self.reached_depth_limit = True
        return leaf_score(state, state.to_move, self.evaluate)


class Instrumented(MinimaxSearch):
    """Mixed in before a search: a cache of every position's value (keyed on ``state.key()``)
    and a trace of events, around each node of the search it is mixed into."""

    def __init__(self, root_player: Player, evaluate: Evaluation | None = None,
                 *, cache: bool = False, tracer: Tracer | None = None) -> None:
        super().__init__(root_player, evaluate)
        self.cache: dict[Hashable, tuple[float, list[Move]]] | None = {} if cache else None
        self.cache_hits = 0
        self.tracer = tracer
        self._path: list[int] = []

    def search(self, state: GameState, depth: float) -> tuple[float, list[Move]]:
        number, tracer, cache = self.nodes, self.tracer, self.cache
        if tracer:
            tracer.enter(number, self._path[-1] if self._path else None, state, len(self._path))
        if cache is not None and state.key() in cache:
            self.nodes += 1
            self.cache_hits += 1
            value, pv = cache[state.key()]
            if tracer:
                tracer.leave(number, value, "cache")
            return value, pv
        self._path.append(number)
        value, pv = super().search(state, depth)
        self._path.pop()
        if cache is not None:
            cache[state.key()] = (value, pv)
        if tracer:
            source = "terminal" if state.is_terminal() else "evaluation" if depth <= 0 else "search"
            tracer.leave(number, value, source)
        return value, pv


class InstrumentedNegamax(Instrumented, NegamaxSearch):
    """:class:`NegamaxSearch` with a cache and a trace."""


def _run(state: GameState, depth: int | None, evaluate: Evaluation | None,
         cache: bool, trace: bool, negamax: bool) -> SearchResult:
    check_search_arguments(state, depth, evaluate)
    started = time.perf_counter()
    run: MinimaxSearch
    if cache or trace:
        tracer = Tracer(state.to_move, negamax=negamax) if trace else None
        kind = InstrumentedNegamax if negamax else Instrumented
        run = kind(state.to_move, evaluate, cache=cache, tracer=tracer)
    else:
        run = (NegamaxSearch if negamax else MinimaxSearch)(state.to_move, evaluate)
    value, pv = run.search(state, math.inf if depth is None else depth)
    instrumented = run if isinstance(run, Instrumented) else None
    return SearchResult(value=value, move=pv[0] if pv else None, pv=pv, nodes=run.nodes, player=state.to_move,
                        depth=depth, proven=not run.reached_depth_limit,
                        table_hits=instrumented.cache_hits if instrumented else 0,
                        elapsed=time.perf_counter() - started,
                        trace=instrumented.tracer.events if instrumented and instrumented.tracer else None)


def minimax(state: GameState, depth: int | None = None, evaluate: Evaluation | None = None, *,
            cache: bool = False, trace: bool = False, prefer_faster_wins: bool | None = None) -> SearchResult:
    """Minimax search in MAX/MIN form.

    Args:
        state: the position to search; it is never changed.
        depth: how many moves ahead to look; ``None`` searches to the end of the game.
        evaluate: ``evaluate(state, player)``, needed with a depth; called at the depth
            limit and at finished games. A leaf scorer goes here too:
            :func:`~tictac_edu.search.common.faster_wins` scores a win sooner above a win later.
        cache: remember the value of every position searched (keyed on ``state.key()``), so a
            position reached by different move orders is searched once.
        trace: record a trace of events (for pictures; keep the tree small).
        prefer_faster_wins: deprecated (a ``DeprecationWarning`` says so): pass
            ``evaluate=faster_wins``.

    Returns:
        A :class:`~tictac_edu.search.result.SearchResult`; ``value`` is from the point of
        view of the player to move at the root (MAX), ``move`` the first best move.

    >>> from tictac_edu.games import GameTree
    >>> result = minimax(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> result.value, result.move, result.nodes
    (3, 0, 13)
    """
    evaluate = deprecated_faster_wins(evaluate, prefer_faster_wins, "minimax")
    return _run(state, depth, evaluate, cache, trace, negamax=False)


def negamax(state: GameState, depth: int | None = None, evaluate: Evaluation | None = None, *,
            cache: bool = False, trace: bool = False, prefer_faster_wins: bool | None = None) -> SearchResult:
    """Minimax in negamax form: the same values and nodes as :func:`minimax`.

    Every node's value is from the point of view of *its* player to move, and a parent takes
    the largest negated child value. The returned ``value`` is for the player to move at the
    root. Alpha-beta (:func:`~tictac_edu.search.alphabeta.alphabeta`) is written in this form.
    """
    evaluate = deprecated_faster_wins(evaluate, prefer_faster_wins, "negamax")
    return _run(state, depth, evaluate, cache, trace, negamax=True)
