"""The alpha-beta that players use: the rules of a plain
:class:`~tictac_edu.search.alphabeta.AlphaBeta` with what a real search needs around them.

The engine takes its rules as an object, ``SearchEngine(rules=AlphaBeta())``, and asks it
``moves``, ``cuts_off`` and ``root_window`` (:class:`SearchRules`): a lesson variant,
``rules=StrictCutoff()`` or ``rules=FreshRootWindow()``, changes the engine's search exactly
as it changes the plain one, and node counts are equal. Leaves are scored by the engine's
evaluation (or leaf scorer, such as :func:`~tictac_edu.search.common.faster_wins`). Around
the rules:

* the principal variation (the line of best play) and the best move;
* what is *proven* about the value (see :class:`~tictac_edu.search.result.SearchResult`):
  each node also returns bounds ``low <= true value <= high`` that hold game-theoretically.
  A finished game knows its value exactly; a position scored at the depth limit knows nothing
  (``-inf, inf``). A node's ``low`` is the best of its moves' ``-high``, and its ``high`` the
  best of their ``-low`` when every move was searched (``inf`` after a cut-off). The outcome is
  proven when the bounds agree on it: ``low > 0`` a win, ``high < 0`` a loss, both 0 a draw;
* a transposition table (entries carry their bound and whether they are proven);
* move ordering that learns from cut-offs (killers, history) and keeps what it learnt;
* a deadline, checked at every node;
* a trace of events for pictures and viewers.

:meth:`SearchEngine.run` searches with :meth:`SearchEngine.fast_search`, the same search written
as one tight function (the same nodes and answers, at about the plain class's speed or above),
unless a trace is asked for or a subclass changes one of the node's methods: then
:meth:`SearchEngine.node` and :meth:`SearchEngine.expand` run, the readable general path.
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from typing import Any, Protocol

from tictac_edu.games.base import GameState, Move
from tictac_edu.search.common import (
    INFINITY,
    Clock,
    Evaluation,
    checked_score,
    faster_wins,
    leaf_score,
    proven_outcome,
)
from tictac_edu.search.ordering import MoveOrder, OrderSpec, as_move_order
from tictac_edu.search.result import SearchResult, SearchTimeout, Tracer
from tictac_edu.search.table import Bound, TranspositionTable

Node = tuple[float, list[Move], float, float]
"""What a node returns: its value (for its player to move), its principal variation, and the
proven bounds ``low <= true value <= high``."""

UNKNOWN = (-INFINITY, INFINITY)
"""The proven bounds of a position scored by a heuristic: nothing is known."""


def table_owner(state: GameState, evaluate: Evaluation | None) -> tuple[Hashable, str]:
    """What a table's values depend on (the game, its options, the scoring), and in words."""
    game = state.game
    options = tuple(sorted(game.options.items()))
    if evaluate is None or evaluate is faster_wins:
        scoring = "the game's utility" + (", preferring faster wins" if evaluate is faster_wins else "")
    else:
        scoring = getattr(evaluate, "__qualname__", repr(evaluate))
    return (game.name, options, evaluate), f"{game.title} scored by {scoring}"


class SearchRules(Protocol):
    """The rules an engine delegates to: the three small methods of
    :class:`~tictac_edu.search.alphabeta.AlphaBeta` that its lesson variants override."""

    def moves(self, state: GameState) -> list[Move]:
        """The moves to search, in the order to search them (before the engine's own order)."""
        ...

    def cuts_off(self, alpha: float, beta: float) -> bool:
        """Whether the window ``(alpha, beta)`` has closed."""
        ...

    def root_window(self, alpha: float, beta: float) -> tuple[float, float]:
        """The window the root gives its next move."""
        ...


class SearchEngine:
    """One alpha-beta search with options; :func:`~tictac_edu.search.alphabeta.alphabeta` is
    the usual way to run it. ``rules``: the object whose ``moves``, ``cuts_off`` and
    ``root_window`` the search follows (:class:`SearchRules`: an ``AlphaBeta()`` or one of its
    lesson variants); the other options as for that function."""

    def __init__(self, evaluate: Evaluation | None = None, *, rules: SearchRules,
                 order: OrderSpec = None, table: TranspositionTable | None = None, first_move: Move | None = None,
                 deadline: float | None = None, clock: Clock = time.monotonic, trace: bool = False) -> None:
        self.evaluate = evaluate
        self.rules = rules
        self.nodes = 0
        self.order: MoveOrder | None = as_move_order(order)
        self.table = table
        self.first_move = first_move
        self.deadline = deadline
        self.clock = clock
        self.trace = trace
        self.cutoffs = 0
        self.table_hits = 0
        self.tracer: Tracer | None = None
        self.narrowed = False
        self.root_best: tuple[Move, float] | None = None

    def run(self, state: GameState, depth: int | None) -> SearchResult:
        """Search ``state`` to ``depth`` (``None``: to the end) and return the result."""
        started = time.perf_counter()
        if self.table is not None:
            self.table.claim(*table_owner(state, self.evaluate))
        self.tracer = Tracer(state.to_move, negamax=True) if self.trace else None
        plies = INFINITY if depth is None else depth
        if self.uses_fast_path():
            value, pv, low, high = self.fast_search(state, plies)
        else:
            value, pv, low, high = self.node(state, plies, -INFINITY, INFINITY, 0, None)
        return SearchResult(
            value=value, move=pv[0] if pv else None, pv=pv, nodes=self.nodes, player=state.to_move, depth=depth,
            proven=proven_outcome(low, high), cutoffs=self.cutoffs, table_hits=self.table_hits,
            elapsed=time.perf_counter() - started, trace=self.tracer.events if self.tracer else None)

    def leaf_value(self, state: GameState) -> float:
        """A finished game's score, or the evaluation at the depth limit, for the player to move."""
        return leaf_score(state, state.to_move, self.evaluate)

    def node(self, state: GameState, depth: float, alpha: float, beta: float, ply: int, parent: int | None) -> Node:
        """Visit one node: count it, check the clock, trace it, answer at a leaf or from the
        table, otherwise search its moves."""
        number = self.nodes
        self.nodes += 1
        if self.deadline is not None and self.clock() >= self.deadline:
            best_move, best_value = self.root_best or (None, None)
            raise SearchTimeout(self.nodes, best_move, best_value)
        if self.tracer:
            self.tracer.enter(number, parent, state, ply, alpha, beta)
        if state.is_terminal() or depth <= 0:
            value = self.leaf_value(state)
            finished = state.is_terminal()
            if self.tracer:
                self.tracer.leave(number, value, "terminal" if finished else "evaluation")
            return (value, [], value, value) if finished else (value, [], *UNKNOWN)
        table_move, known = None, UNKNOWN
        if self.table is not None:
            hit, table_move, known, alpha, beta = self.probe(state, depth, alpha, beta)
            if hit is not None:
                if self.tracer:
                    self.tracer.leave(number, hit[0], "table")
                return hit
        return self.expand(state, depth, alpha, beta, ply, number, table_move, known)

    def expand(self, state: GameState, depth: float, alpha: float, beta: float, ply: int, number: int,
               table_move: Move | None, known: tuple[float, float] = UNKNOWN) -> Node:
        """Search the moves of ``state`` within ``(alpha, beta)``: the loop of
        :meth:`AlphaBeta.value`, keeping the best line and the proven bounds (``known``: what
        the table had already proved about this position)."""
        moves = self.ordered_moves(state, ply, table_move)
        complete = not self.narrowed  # every legal move is among those searched
        window = alpha, beta
        best, best_pv = -INFINITY, []
        low = high = -INFINITY
        at_root, child_depth, child_ply = ply == 0, depth - 1, ply + 1
        search, cuts_off, root_window = self.node, self.rules.cuts_off, self.rules.root_window
        for index, move in enumerate(moves):
            child_alpha, child_beta = root_window(alpha, beta) if at_root else (alpha, beta)
            child_value, child_pv, child_low, child_high = search(state.play(move), child_depth, -child_beta,
                                                                  -child_alpha, child_ply, number)
            value = -child_value
            if -child_high > low:
                low = -child_high
            if -child_low > high:
                high = -child_low
            if value > best:
                best, best_pv = value, [move, *child_pv]
                if at_root:
                    self.root_best = (move, value)
            if value > alpha:
                alpha = value
            if cuts_off(alpha, beta):
                if index + 1 < len(moves):
                    high = INFINITY  # moves left unsearched: no upper bound is proven
                self.cut(state, move, ply, depth, (alpha, beta), moves[index + 1:], number)
                break
        if not complete:
            high = INFINITY  # moves the order left out might be better: no upper bound is proven
        if known is not UNKNOWN:
            low, high = max(low, known[0]), min(high, known[1])
        if self.table is not None:
            self.remember(state, depth, best, window, best_pv, (low, high))
        if self.tracer:
            self.tracer.leave(number, best, "search")
        return best, best_pv, low, high

    def ordered_moves(self, state: GameState, ply: int, table_move: Move | None) -> list[Move]:
        """The moves in search order: the order's, with the table's move (or, at the root,
        ``first_move``) first. An order may leave out moves it judges not worth searching;
        ``self.narrowed`` then records that this node's moves are not all searched."""
        moves = self.rules.moves(state)
        if self.order is not None:
            count = len(moves)
            moves = self.order.order(state, moves, ply)
            self.narrowed = len(moves) < count
        first = table_move if table_move is not None else (self.first_move if ply == 0 else None)
        if first is not None and first in moves and moves[0] != first:
            moves.remove(first)
            moves.insert(0, first)
        return moves

    def cut(self, state: GameState, move: Move, ply: int, depth: float, window: tuple[float, float],
            pruned: list[Move], number: int) -> None:
        """Count a cut-off at node ``number``, teach it to the move order, and trace the moves
        it skips."""
        self.cutoffs += 1
        if self.order is not None:
            plies_left = depth if depth != INFINITY else state.max_plies - state.ply
            self.order.record_cutoff(state, move, ply, plies_left)
        if self.tracer and pruned:
            self.tracer.cutoff(number, *window, pruned)

    def probe(self, state: GameState, depth: float, alpha: float,
              beta: float) -> tuple[Node | None, Move | None, tuple[float, float], float, float]:
        """Look ``state`` up in the table: ``(answer or None, the table's move, the entry's
        proven bounds, alpha, beta)``.

        An entry searched at least as deep answers the node if it is exact, or if its bound
        closes the window; otherwise a bound narrows the window (and the node's own proven
        bounds must then include the entry's).
        """
        assert self.table is not None
        entry = self.table.probe(state.key())
        if entry is None:
            return None, None, UNKNOWN, alpha, beta
        known = entry.low, entry.high
        if entry.depth >= depth:
            if entry.bound is Bound.LOWER:
                alpha = max(alpha, entry.value)
            elif entry.bound is Bound.UPPER:
                beta = min(beta, entry.value)
            if entry.bound is Bound.EXACT or alpha >= beta:
                self.table_hits += 1
                pv = [entry.move] if entry.move is not None else []
                return (entry.value, pv, *known), entry.move, known, alpha, beta
        return None, entry.move, known, alpha, beta

    def remember(self, state: GameState, depth: float, value: float, window: tuple[float, float],
                 pv: list[Move], proven: tuple[float, float]) -> None:
        """Store a searched node with the bound its window gives it and its proven bounds."""
        assert self.table is not None
        alpha, beta = window
        bound = Bound.UPPER if value <= alpha else Bound.LOWER if value >= beta else Bound.EXACT
        self.table.store(state.key(), depth, value, bound, pv[0] if pv else None, *proven)


    # -- the same search, in one tight function ------------------------------------------

    fast = True
    """Whether :meth:`run` may search with :meth:`fast_search`, which gives the same answers
    faster; ``False`` always runs :meth:`node` (the tests compare the two)."""

    def uses_fast_path(self) -> bool:
        """Whether :meth:`run` searches with :meth:`fast_search`: when :attr:`fast` is on, no
        trace is recorded, and the class overrides none of the node's methods (a subclass that
        changes the search, such as the principal-variation engine, runs its own methods)."""
        engine = type(self)
        return (self.fast and not self.trace
                and all(getattr(engine, name) is getattr(SearchEngine, name) for name in _NODE_METHODS))

    def fast_search(self, state: GameState, depth: float) -> Node:
        """:meth:`node` from the root with the full window, as one function that calls itself:
        the same nodes in the same order and the same answers (value, line, proven bounds,
        cut-offs, table entries and hits, the order's lessons, the clock read once a node),
        without the method calls, attribute look-ups and trace hooks of :meth:`node` and
        :meth:`expand`. Only the options in use cost anything, and the plain rules are inlined.

        A search to the end of the game with none of the options (no table, order, deadline or
        first move; the plain cut-off and root window) keeps no proven bounds at all: every
        leaf is a finished game, so the root's value is exact and proven (see
        :meth:`_full_depth_search`)."""
        rules, order, table = self.rules, self.order, self.table
        plain_cut, plain_root = _plain_rule(rules, "cuts_off"), _plain_rule(rules, "root_window")
        if (depth == INFINITY and table is None and order is None and self.deadline is None
                and self.first_move is None and plain_cut and plain_root):
            return self._full_depth_search(state)
        evaluate, plain_moves = self.evaluate, _plain_rule(rules, "moves")
        rules_moves, cuts_off, root_window = rules.moves, rules.cuts_off, rules.root_window
        deadline, clock, first_move = self.deadline, self.clock, self.first_move
        probe, store = (table.probe, table.store) if table is not None else (None, None)
        order_moves, record_cutoff = (order.order, order.record_cutoff) if order is not None else (None, None)
        exact, lower, upper = Bound.EXACT, Bound.LOWER, Bound.UPPER
        nodes, cutoffs, table_hits = self.nodes, self.cutoffs, self.table_hits

        def node(state: GameState, depth: float, alpha: float, beta: float, ply: int) -> _Linked:
            nonlocal nodes, cutoffs, table_hits
            nodes += 1
            if deadline is not None and clock() >= deadline:
                best_move, best_value = self.root_best or (None, None)
                raise SearchTimeout(nodes, best_move, best_value)
            finished = state.is_terminal()
            if finished or depth <= 0:  # the root only: the loop below scores its children's leaves
                value = state.utility(state.to_move) if evaluate is None else _evaluated(state, evaluate)
                return (value, None, value, value) if finished else (value, None, -INFINITY, INFINITY)
            table_move = entry = None
            if probe is not None:  # as probe()
                key = state.key()
                entry = probe(key)
                if entry is not None:
                    table_move = entry.move
                    if entry.depth >= depth:
                        bound = entry.bound
                        if bound is lower:
                            if entry.value > alpha:
                                alpha = entry.value
                        elif bound is upper:
                            if entry.value < beta:
                                beta = entry.value
                        if bound is exact or alpha >= beta:
                            table_hits += 1
                            pv = None if table_move is None else (table_move, None)
                            return entry.value, pv, entry.low, entry.high
            moves = state.legal_moves() if plain_moves else rules_moves(state)  # as ordered_moves()
            complete = True
            if order_moves is not None:
                count = len(moves)
                moves = order_moves(state, moves, ply)
                complete = len(moves) >= count
            at_root = ply == 0
            first = table_move if table_move is not None else first_move if at_root else None
            if first is not None and first in moves and moves[0] != first:
                moves.remove(first)
                moves.insert(0, first)
            window_alpha = alpha  # as expand()
            best, best_pv = -INFINITY, None
            least_high = least_low = INFINITY  # the proven bounds are -least_high, -least_low
            child_depth, child_ply = depth - 1, ply + 1
            child_alpha, child_beta = -beta, -alpha
            for move in moves:
                if at_root:
                    root_alpha, root_beta = root_window(alpha, beta)
                    child_alpha, child_beta = -root_beta, -root_alpha
                child = state.play(move)
                finished = child.is_terminal()
                if finished or child_depth <= 0:  # a leaf: scored here, as node() would, without a call
                    nodes += 1
                    if deadline is not None and clock() >= deadline:
                        best_move, best_value = self.root_best or (None, None)
                        raise SearchTimeout(nodes, best_move, best_value)
                    child_value = child.utility(child.to_move) if evaluate is None else _evaluated(child, evaluate)
                    child_pv = None
                    if finished:
                        child_low = child_high = child_value
                    else:
                        child_low, child_high = -INFINITY, INFINITY
                else:
                    child_value, child_pv, child_low, child_high = node(  # noqa: F821 - itself, deleted after
                        child, child_depth, child_alpha, child_beta, child_ply)
                if child_high < least_high:
                    least_high = child_high
                if child_low < least_low:
                    least_low = child_low
                value = -child_value
                if value > best:
                    best, best_pv = value, (move, child_pv)
                    if at_root:
                        self.root_best = (move, value)
                if value > alpha:
                    alpha, child_beta = value, -value
                if (alpha >= beta) if plain_cut else cuts_off(alpha, beta):
                    if move != moves[-1]:
                        least_low = -INFINITY  # moves left unsearched: no upper bound is proven
                    cutoffs += 1  # as cut()
                    if record_cutoff is not None:
                        record_cutoff(state, move, ply, depth if depth != INFINITY else state.max_plies - state.ply)
                    break
            low, high = -least_high, -least_low
            if not complete:
                high = INFINITY  # moves the order left out might be better: no upper bound is proven
            if entry is not None:
                if entry.low > low:
                    low = entry.low
                if entry.high < high:
                    high = entry.high
            if store is not None:  # as remember()
                bound = upper if best <= window_alpha else lower if best >= beta else exact
                store(key, depth, best, bound, None if best_pv is None else best_pv[0], low, high)
            return best, best_pv, low, high

        try:
            value, line, low, high = node(state, depth, -INFINITY, INFINITY, 0)
        finally:
            self.nodes, self.cutoffs, self.table_hits = nodes, cutoffs, table_hits
            del node  # the function refers to itself: break the cycle, or it keeps the table alive until a collection
        return value, _unlinked(line), low, high

    def _full_depth_search(self, state: GameState) -> Node:
        """:meth:`fast_search` to the end of the game with none of the options: plain fail-soft
        alpha-beta that keeps the best line, and no proven bounds. None are needed: when every
        leaf is a finished game (its value exact), a node whose value falls inside its window
        is exact, one that fails low (high) has its value as a proven upper (lower) bound, and
        the root's window is ``(-inf, inf)``; so the root's bounds are its value (:meth:`expand`
        works them out to the same). A finished game is scored where its parent finds it, without
        a call of its own (it still counts as a node)."""
        evaluate, rules_moves, plain_moves = self.evaluate, self.rules.moves, _plain_rule(self.rules, "moves")
        nodes, cutoffs = self.nodes, self.cutoffs

        def node(state: GameState, alpha: float, beta: float) -> tuple[float, Any]:
            """An unfinished position: its value and best line (nested pairs)."""
            nonlocal nodes, cutoffs
            nodes += 1
            best, best_pv = -INFINITY, None
            moves = state.legal_moves() if plain_moves else rules_moves(state)
            for move in moves:
                child = state.play(move)
                if child.is_terminal():
                    nodes += 1
                    value = -(child.utility(child.to_move) if evaluate is None else _evaluated(child, evaluate))
                    child_pv = None
                else:
                    child_value, child_pv = node(child, -beta, -alpha)  # noqa: F821 - itself, deleted after the search
                    value = -child_value
                if value > best:
                    best, best_pv = value, (move, child_pv)
                if value > alpha:
                    alpha = value
                    if alpha >= beta:  # the window can only close when alpha rises
                        cutoffs += 1
                        break
            return best, best_pv

        if state.is_terminal():
            self.nodes += 1
            value = state.utility(state.to_move) if evaluate is None else _evaluated(state, evaluate)
            return value, [], value, value
        try:
            value, line = node(state, -INFINITY, INFINITY)
        finally:
            self.nodes, self.cutoffs = nodes, cutoffs
            del node  # the function refers to itself: break the cycle
        return value, _unlinked(line), value, value


_NODE_METHODS = ("node", "expand", "ordered_moves", "cut", "probe", "remember", "leaf_value")
"""The methods of :class:`SearchEngine` that :meth:`SearchEngine.fast_search` stands in for."""

_Linked = tuple[float, Any, float, float]
"""What a node of :meth:`SearchEngine.fast_search` returns: as :data:`Node`, with the principal
variation as nested pairs ``(move, (move, ... None))``, cheaper to build than lists."""


def _evaluated(state: GameState, evaluate: Evaluation) -> float:
    """``evaluate``'s score of ``state`` for its player to move, checked (as :meth:`SearchEngine.leaf_value`)."""
    player = state.to_move
    value = evaluate(state, player)
    kind = type(value)
    return value if kind is int or (kind is float and value == value) else checked_score(value, state, player)


def _unlinked(line: Any) -> list[Move]:
    """The moves of a line of nested pairs ``(move, rest)`` ending in ``None``, as a list."""
    moves = []
    while line is not None:
        move, line = line
        moves.append(move)
    return moves


PLAIN_RULES: list[type] = []
"""The rules class whose ``moves``, ``cuts_off`` and ``root_window`` the fast search may inline:
:class:`~tictac_edu.search.alphabeta.AlphaBeta`, which registers itself here when its module is
imported (this module cannot import that one, which builds on it)."""


def _plain_rule(rules: SearchRules, name: str) -> bool:
    """Whether ``rules`` follows the plain :class:`~tictac_edu.search.alphabeta.AlphaBeta` rule
    ``name`` (its method, not a variant's), so the fast search may inline it."""
    method = getattr(getattr(rules, name, None), "__func__", None)
    return any(method is getattr(plain, name) for plain in PLAIN_RULES)
