"""The null-window family: aspiration windows, PVS (NegaScout) and MTD(f).

Alpha-beta's work shrinks with its window: the narrower ``(alpha, beta)``, the sooner a node
cuts off. The narrowest window of all, a *null window* ``(g - step, g)`` with no value strictly
inside, cannot say what a position is worth, only whether it is worth at least ``g``: the
search *fails high* (returns ``>= g``, a lower bound) or *fails low* (returns ``< g``, an
upper bound). Every strong engine is built on such cheap tests:

* :func:`aspiration`: search the root with a small window around a guess (the previous
  iteration's value); if the value falls outside, widen that side and search again.
* :func:`pvs` (principal variation search, NegaScout): search the first move with the full
  window and prove each other move *no better* with a null window; only a move that fails high
  inside ``(alpha, beta)`` is searched again with the full window. Cheap when the first move
  is the best (good ordering), costly when it is not.
* :func:`mtdf`: find the value by null-window searches alone, each one halving nothing but
  moving a bound to the value it returns; cheap only with a transposition table, which keeps
  what each pass learnt for the next.

All three are lesson variants around :class:`~tictac_edu.search.engine.SearchEngine` (the
alpha-beta with ordering and tables): they count nodes the same way (one per call of the
search function, re-searches included), take the same ``order=`` and ``table=``, and return
the alpha-beta value (the tests check this on random positions).

Values may be integers or floats, so a null window is ``(math.nextafter(g, -inf), g)``: no
float lies strictly between its ends, and ``g`` is the smallest value that fails high. On
integer values ``(g - 1, g)`` is the same test.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from tictac_edu.games.base import GameState, Move
from tictac_edu.search.alphabeta import AlphaBeta, check_deadline
from tictac_edu.search.common import INFINITY, Clock, Evaluation, check_search_arguments, proven_outcome
from tictac_edu.search.engine import UNKNOWN, Node, SearchEngine, table_owner
from tictac_edu.search.ordering import OrderSpec
from tictac_edu.search.result import SearchResult
from tictac_edu.search.table import TranspositionTable


def just_above(value: float) -> float:
    """The smallest number above ``value``: ``(value, just_above(value))`` is a null window.

    >>> just_above(0) > 0 and not 0 < just_above(0) / 2 < just_above(0)
    True
    """
    return math.nextafter(value, INFINITY)


def just_below(value: float) -> float:
    """The largest number below ``value``: ``(just_below(value), value)`` is a null window."""
    return math.nextafter(value, -INFINITY)


class PVSEngine(SearchEngine):
    """The alpha-beta engine with the principal-variation rule in its move loop: the first move
    gets the window ``(alpha, beta)``, each later move the null window ``(alpha, just_above(alpha))``;
    a later move that fails high *inside* the window (``alpha < value < beta``) is searched again
    with ``(alpha, beta)``, as it may be the new best. A value ``>= beta`` needs no re-search (it
    cuts off anyway) and a value ``<= alpha`` is proven no better than the first move."""

    def expand(self, state: GameState, depth: float, alpha: float, beta: float, ply: int, number: int,
               table_move: Move | None, known: tuple[float, float] = UNKNOWN) -> Node:
        moves = self.ordered_moves(state, ply, table_move)
        complete = not self.narrowed
        window = alpha, beta
        best, best_pv = -INFINITY, []
        low = high = -INFINITY  # proven bounds, as in SearchEngine.expand
        for index, move in enumerate(moves):
            child = state.play(move)
            if index == 0:
                value, pv, child_low, child_high = self.child(child, depth, alpha, beta, ply, number)
            else:
                value, pv, child_low, child_high = self.child(child, depth, alpha, just_above(alpha), ply, number)
                if alpha < value < beta:  # failed high inside the window: maybe a new best, find its value
                    value, pv, child_low, child_high = self.child(child, depth, alpha, beta, ply, number)
            low, high = max(low, -child_high), max(high, -child_low)
            if value > best:
                best, best_pv = value, [move, *pv]
                if ply == 0:
                    self.root_best = (move, value)
            alpha = max(alpha, value)
            if self.rules.cuts_off(alpha, beta):
                if index + 1 < len(moves):
                    high = INFINITY
                self.cut(state, move, ply, depth, (alpha, beta), moves[index + 1:], number)
                break
        if not complete:
            high = INFINITY
        if known is not UNKNOWN:
            low, high = max(low, known[0]), min(high, known[1])
        if self.table is not None:
            self.remember(state, depth, best, window, best_pv, (low, high))
        if self.tracer:
            self.tracer.leave(number, best, "search")
        return best, best_pv, low, high

    def child(self, child: GameState, depth: float, alpha: float, beta: float, ply: int, number: int) -> Node:
        """Search a child with the window ``(alpha, beta)`` seen from this node: the value comes
        back negated to this node's point of view, the proven bounds as the child has them."""
        value, pv, child_low, child_high = self.node(child, depth - 1, -beta, -alpha, ply + 1, number)
        return -value, pv, child_low, child_high


def _engine(engine_class: type[SearchEngine], state: GameState, depth: int | None, evaluate: Evaluation | None,
            order: OrderSpec, table: TranspositionTable | None, deadline: float | None, clock: Clock) -> SearchEngine:
    check_search_arguments(state, depth, evaluate)
    check_deadline(deadline)
    engine = engine_class(evaluate, rules=AlphaBeta(), order=order, table=table, deadline=deadline, clock=clock)
    if table is not None:
        table.claim(*table_owner(state, evaluate))
    return engine


@dataclass
class NullWindowResult(SearchResult):
    """A :class:`~tictac_edu.search.result.SearchResult` that also says how many searches of the
    root it took (``searches``: 1 for PVS, 1 or more for aspiration windows and MTD(f))."""

    searches: int = 1


def _result(engine: SearchEngine, state: GameState, depth: int | None, value: float, pv: list[Move],
            bounds: tuple[float, float], started: float, searches: int) -> NullWindowResult:
    return NullWindowResult(value=value, move=pv[0] if pv else None, pv=pv, nodes=engine.nodes,
                            player=state.to_move, depth=depth, proven=proven_outcome(*bounds),
                            cutoffs=engine.cutoffs, table_hits=engine.table_hits,
                            elapsed=time.perf_counter() - started, searches=searches)


def pvs(state: GameState, depth: int | None = None, evaluate: Evaluation | None = None, *,
        order: OrderSpec = None, table: TranspositionTable | None = None,
        deadline: float | None = None, clock: Clock = time.monotonic) -> NullWindowResult:
    """Principal variation search (NegaScout): the alpha-beta value of ``state`` for its player
    to move, every move after the first searched with a null window (see :class:`PVSEngine`).

    Arguments as for :func:`~tictac_edu.search.alphabeta.alphabeta`; ``nodes`` counts the
    re-searches too.

    >>> from tictac_edu.games import TicTacToe
    >>> result = pvs(TicTacToe())
    >>> result.value, result.nodes
    (0, 18016)
    """
    started = time.perf_counter()
    engine = _engine(PVSEngine, state, depth, evaluate, order, table, deadline, clock)
    value, pv, low, high = engine.node(state, INFINITY if depth is None else depth, -INFINITY, INFINITY, 0, None)
    return _result(engine, state, depth, value, pv, (low, high), started, 1)


def aspiration(state: GameState, depth: int | None = None, evaluate: Evaluation | None = None, *,
               guess: float = 0, width: float = 1, order: OrderSpec = None,
               table: TranspositionTable | None = None,
               deadline: float | None = None, clock: Clock = time.monotonic) -> NullWindowResult:
    """Alpha-beta at the root with the window ``(guess - width, guess + width)``.

    If the value fails low (``<= guess - width``) or high (``>= guess + width``), the search
    is repeated with that side of the window opened to infinity: a fail-soft search's value is a
    bound, so the second search starts from it (the window ``(-inf, value]`` after a fail low,
    ``[value, inf)`` after a fail high). A good guess (the value of the previous depth of
    iterative deepening) makes every node's window narrower than ``(-inf, inf)``; a bad one costs
    a second search.

    Args:
        guess, width: the window's centre and half-width (in the evaluation's units).
        the rest: as for :func:`~tictac_edu.search.alphabeta.alphabeta`.

    Returns:
        A :class:`~tictac_edu.search.result.SearchResult` whose ``nodes`` count both searches
        and whose ``searches`` says how many there were (1 or 2, rarely 3).

    >>> from tictac_edu.games import TicTacToe
    >>> aspiration(TicTacToe(), guess=0, width=1).nodes < 18297
    True
    """
    if not width > 0:
        raise ValueError(f"an aspiration window needs a width > 0, not {width!r}")
    started = time.perf_counter()
    engine = _engine(SearchEngine, state, depth, evaluate, order, table, deadline, clock)
    plies = INFINITY if depth is None else depth
    alpha, beta = guess - width, guess + width
    low, high = -INFINITY, INFINITY
    searches = 0
    while True:
        searches += 1
        value, pv, node_low, node_high = engine.node(state, plies, alpha, beta, 0, None)
        low, high = max(low, node_low), min(high, node_high)
        if value <= alpha and alpha > -INFINITY:
            alpha, beta = -INFINITY, just_above(value)  # failed low: the value is at most this one
        elif value >= beta and beta < INFINITY:
            alpha, beta = just_below(value), INFINITY  # failed high: the value is at least this one
        else:
            return _result(engine, state, depth, value, pv, (low, high), started, searches)


def mtdf(state: GameState, depth: int | None = None, evaluate: Evaluation | None = None, *,
         guess: float = 0, order: OrderSpec = None, table: TranspositionTable | None = None,
         deadline: float | None = None,
         clock: Clock = time.monotonic) -> NullWindowResult:
    """MTD(f) (Plaat et al., 1996): the alpha-beta value of ``state`` by null-window searches only.

    Keep bounds ``lower <= value <= upper``, start from ``guess``, and test "is the value at
    least ``beta``?" with the null window ``(just_below(beta), beta)``: a search that fails low
    returns a new ``upper``, one that fails high a new ``lower``. The next test is at the value
    just returned, so the bounds close in on the value; when they meet, it is found.

    Each pass searches the tree afresh, so MTD(f) is meant to run with a transposition ``table``
    (pass one): the table keeps the bounds each pass proved and the next pass reads them. Without
    one, every pass costs nearly a full search.

    Args:
        guess: the first guess (the previous depth's value, in iterative deepening).
        the rest: as for :func:`~tictac_edu.search.alphabeta.alphabeta`.

    Returns:
        A :class:`~tictac_edu.search.result.SearchResult` whose ``nodes`` count every pass and
        whose ``searches`` says how many passes there were.

    >>> from tictac_edu.games import TicTacToe
    >>> from tictac_edu.search import TranspositionTable
    >>> result = mtdf(TicTacToe(), table=TranspositionTable())
    >>> result.value, result.searches
    (0, 2)
    """
    started = time.perf_counter()
    engine = _engine(SearchEngine, state, depth, evaluate, order, table, deadline, clock)
    plies = INFINITY if depth is None else depth
    lower, upper = -INFINITY, INFINITY
    proved = UNKNOWN
    value, best_pv = guess, []
    searches = 0
    while lower < upper:
        beta = min(max(value, just_above(lower)), upper)  # test: is the value at least beta?
        searches += 1
        value, pv, node_low, node_high = engine.node(state, plies, just_below(beta), beta, 0, None)
        proved = max(proved[0], node_low), min(proved[1], node_high)
        if value < beta:
            upper = min(upper, value)  # failed low: value is an upper bound
        else:
            lower = max(lower, value)  # failed high: value is a lower bound, reached by pv's first move
            best_pv = pv
    return _result(engine, state, depth, value, best_pv, proved, started, searches)
