"""Alpha-beta search in negamax form: the plain search a learner reads, and its lesson variants.

Negamax form: every node's value is from the point of view of *its* player to move, and a
child's value is negated on the way up (``max(a, b) == -min(-a, -b)``). The window
``(alpha, beta)`` means: the player to move already has a line worth ``alpha`` elsewhere,
and the opponent already has one that holds this player to ``beta``. A node whose value
reaches ``beta`` is *cut off*: the opponent will never let the game get here, so the rest of
its moves need not be searched.

:class:`AlphaBeta` is the whole algorithm in two short methods, :meth:`AlphaBeta.value` and
:meth:`AlphaBeta.best_move`. The variants the course compares change one small method each:

* :class:`StrictCutoff` cuts off only when ``alpha > beta`` (:meth:`AlphaBeta.cuts_off`);
* :class:`FreshRootWindow` gives each move at the root a full window, as a naive root loop
  would (:meth:`AlphaBeta.root_window`);
* :class:`OrderedMoves` searches the moves in a chosen order (:meth:`AlphaBeta.moves`).

:func:`alphabeta` runs the same search with everything a player needs around it (the best
line, transposition tables, learning move orders, a deadline, a trace for pictures, and
whether the value is proven): :mod:`tictac_edu.search.engine`, which takes the rules as an
object, ``alphabeta(state, rules=StrictCutoff())``. Both count the same nodes.

Conventions (they fix the node counts the course reproduces):

* A node is one call of the search function; the root and terminal positions count.
* The root keeps one window for all its children.
* A node cuts off when ``alpha >= beta``.
* The search is *fail-soft*: a node returns its best value even when it is outside the window.
"""

from __future__ import annotations

import math
import time
import warnings
from functools import cache

from tictac_edu.games.base import GameState, Move
from tictac_edu.search.common import (
    INFINITY,
    Clock,
    Evaluation,
    check_search_arguments,
    deprecated_faster_wins,
    leaf_score,
)
from tictac_edu.search.engine import PLAIN_RULES, SearchEngine, SearchRules
from tictac_edu.search.ordering import OrderSpec, as_move_order
from tictac_edu.search.result import SearchResult
from tictac_edu.search.table import TranspositionTable


class AlphaBeta:
    """Plain alpha-beta in negamax form, with node counting.

    Args:
        evaluate: ``evaluate(state, player)`` for the positions where a depth limit stops
            the search (and for finished games); ``None`` scores finished games by their
            utility (a search to the end of the game); a leaf scorer such as
            :func:`~tictac_edu.search.common.faster_wins` (a win sooner scores above a win
            later) goes here too.
        prefer_faster_wins: deprecated; pass ``evaluate=faster_wins``.

    >>> from tictac_edu.games import TicTacToe
    >>> search = AlphaBeta()
    >>> search.best_move(TicTacToe()), search.nodes
    ((0, 0), 18297)
    """

    def __init__(self, evaluate: Evaluation | None = None, *, prefer_faster_wins: bool | None = None) -> None:
        self.evaluate = deprecated_faster_wins(evaluate, prefer_faster_wins, type(self).__name__)
        self.nodes = 0

    def value(self, state: GameState, depth: float = INFINITY, alpha: float = -INFINITY,
              beta: float = INFINITY) -> float:
        """The value of ``state`` for its player to move, searched ``depth`` moves deep.

        Fail-soft: a value at or below ``alpha`` is an upper bound of the true value, one at
        or above ``beta`` a lower bound; between them it is exact.
        """
        self.nodes += 1
        if state.is_terminal() or depth <= 0:
            return self.leaf_value(state)
        best = -INFINITY
        for move in self.moves(state):
            value = -self.value(state.play(move), depth - 1, -beta, -alpha)
            if value > best:
                best = value
            if value > alpha:
                alpha = value
            if self.cuts_off(alpha, beta):
                break  # the opponent will not let the game come here
        return best

    def best_move(self, state: GameState, depth: float = INFINITY) -> tuple[float, Move | None]:
        """The value of ``state`` for its player to move and the first best move (``None`` at a
        finished game): the root of the search, which keeps one window for all its moves."""
        self.nodes += 1
        if state.is_terminal() or depth <= 0:
            return self.leaf_value(state), None
        alpha, beta = -INFINITY, INFINITY
        best, best_move = -INFINITY, None
        for move in self.moves(state):
            child_alpha, child_beta = self.root_window(alpha, beta)
            value = -self.value(state.play(move), depth - 1, -child_beta, -child_alpha)
            if value > best:
                best, best_move = value, move
            alpha = max(alpha, value)
        return best, best_move

    def leaf_value(self, state: GameState) -> float:
        """A finished game's score, or the evaluation at the depth limit, for the player to move."""
        return leaf_score(state, state.to_move, self.evaluate)

    def moves(self, state: GameState) -> list[Move]:
        """The moves to search, in the order to search them: the game's order."""
        return state.legal_moves()

    def cuts_off(self, alpha: float, beta: float) -> bool:
        """Whether the window has closed: ``alpha >= beta`` (pruning on equality too)."""
        return alpha >= beta

    def root_window(self, alpha: float, beta: float) -> tuple[float, float]:
        """The window the root gives its next move: the one it has narrowed so far."""
        return alpha, beta


PLAIN_RULES.append(AlphaBeta)  # the engine's fast search inlines these three rules (not a variant's)


class StrictCutoff(AlphaBeta):
    """Cut off only when ``alpha > beta``: no pruning on equality (146,120 nodes on the empty
    tic-tac-toe board instead of 18,297)."""

    def cuts_off(self, alpha: float, beta: float) -> bool:
        return alpha > beta


class FreshRootWindow(AlphaBeta):
    """Give every move at the root a full window ``(-inf, inf)``, as a root loop that calls the
    search afresh for each move does: what the root has learnt is thrown away (30,710 nodes
    on the empty tic-tac-toe board instead of 18,297)."""

    def root_window(self, alpha: float, beta: float) -> tuple[float, float]:
        return -INFINITY, INFINITY


class OrderedMoves(AlphaBeta):
    """Search the moves in the order ``order`` gives (a list of preferred moves, a key
    function ``key(state, move)`` or a :class:`~tictac_edu.search.ordering.MoveOrder`)."""

    def __init__(self, order: OrderSpec, evaluate: Evaluation | None = None, *,
                 prefer_faster_wins: bool | None = None) -> None:
        super().__init__(deprecated_faster_wins(evaluate, prefer_faster_wins, type(self).__name__))
        self.order = as_move_order(order)

    def moves(self, state: GameState) -> list[Move]:
        moves = state.legal_moves()
        return moves if self.order is None else self.order.order(state, moves, 0)


@cache
def variant(base: type[AlphaBeta], strict: bool = False, fresh_root_window: bool = False) -> type[AlphaBeta]:
    """``base`` with the lesson variants mixed in: the same search with one rule changed.

    >>> variant(AlphaBeta, strict=True).__name__
    'StrictCutoffAlphaBeta'
    """
    mixins = [mixin for mixin, wanted in ((StrictCutoff, strict), (FreshRootWindow, fresh_root_window)) if wanted]
    if not mixins:
        return base
    name = "".join(mixin.__name__ for mixin in mixins) + base.__name__
    return type(name, (*mixins, base), {"__doc__": base.__doc__})


def check_deadline(deadline: object) -> None:
    """Raise a clear error for a deadline that is not a finite number (NaN would never pass)."""
    if deadline is None:
        return
    if not isinstance(deadline, int | float) or isinstance(deadline, bool) or not math.isfinite(deadline):
        raise ValueError(f"deadline must be a finite time in seconds on the search's clock, not {deadline!r}")


def alphabeta(state: GameState, depth: int | None = None, evaluate: Evaluation | None = None, *,
              rules: SearchRules | None = None, order: OrderSpec = None, table: TranspositionTable | None = None,
              first_move: Move | None = None, deadline: float | None = None, clock: Clock = time.monotonic,
              trace: bool = False, prefer_faster_wins: bool | None = None, strict: bool | None = None,
              fresh_root_window: bool | None = None) -> SearchResult:
    """Alpha-beta search: the minimax value of ``state``, visiting far fewer nodes.

    Args:
        state: the position to search; it is never changed.
        depth: how many moves ahead to look; ``None`` searches to the end of the game.
        evaluate: ``evaluate(state, player)``, needed with a depth; called at the depth
            limit and at finished games. A leaf scorer goes here too:
            :func:`~tictac_edu.search.common.faster_wins` scores a win sooner above a win later.
        rules: the search's rules, an :class:`AlphaBeta` (the default) or a lesson variant:
            ``StrictCutoff()`` cuts off only when ``alpha > beta``, ``FreshRootWindow()``
            gives each move at the root a full window (a lesson, not a habit).
        order: move ordering (a list of preferred moves, a key function or a
            :class:`~tictac_edu.search.ordering.MoveOrder`); the game's order if ``None``.
            A learning order (killers, history) keeps what it learnt from one call to the
            next; :func:`~tictac_edu.search.deepening.iterative_deepening` resets it once per move.
        table: a :class:`~tictac_edu.search.table.TranspositionTable` to use and fill; its
            best move is also searched first. One table serves one game and one scoring.
        first_move: a move to search first at the root (iterative deepening passes the
            previous best).
        deadline: a time on ``clock`` at which to stop, raising
            :class:`~tictac_edu.search.result.SearchTimeout`; checked at every node.
        clock: the clock for ``deadline``.
        trace: record a trace of events (for pictures; keep the tree small).
        prefer_faster_wins, strict, fresh_root_window: deprecated (a ``DeprecationWarning``
            says so): pass ``evaluate=faster_wins``, ``rules=StrictCutoff()``,
            ``rules=FreshRootWindow()``.

    Returns:
        A :class:`~tictac_edu.search.result.SearchResult`; ``value`` is from the point of
        view of the player to move at the root, ``move`` the first best move in search order,
        ``proven`` whether the outcome is game-theoretic.

    Raises:
        ValueError: bad arguments, a table of another game, or an evaluation that returns
            something other than a number.

    >>> from tictac_edu.games import TicTacToe
    >>> result = alphabeta(TicTacToe())
    >>> result.value, result.nodes, result.outcome
    (0, 18297, <Outcome.DRAW: 'draw'>)
    >>> alphabeta(TicTacToe(), rules=StrictCutoff()).nodes
    146120
    """
    evaluate = deprecated_faster_wins(evaluate, prefer_faster_wins, "alphabeta")
    rules = _deprecated_rules(rules, strict, fresh_root_window)
    check_search_arguments(state, depth, evaluate)
    check_deadline(deadline)
    engine = SearchEngine(evaluate, rules=AlphaBeta() if rules is None else rules, order=order, table=table,
                          first_move=first_move, deadline=deadline, clock=clock, trace=trace)
    return engine.run(state, depth)


def _deprecated_rules(rules: SearchRules | None, strict: bool | None,
                      fresh_root_window: bool | None) -> SearchRules | None:
    """The rules a call with the old ``strict``/``fresh_root_window`` flags asks for, with a
    ``DeprecationWarning`` naming the new way; ``rules`` itself when no flag was given."""
    if strict is None and fresh_root_window is None:
        return rules
    warnings.warn("alphabeta(strict=..., fresh_root_window=...) is deprecated: pass the rules as an object, "
                  "alphabeta(state, rules=StrictCutoff()) or rules=FreshRootWindow() (from tictac_edu.search)",
                  DeprecationWarning, stacklevel=3)
    if rules is not None:
        raise ValueError("give the rules once: rules=... or the deprecated strict/fresh_root_window flags")
    return variant(AlphaBeta, bool(strict), bool(fresh_root_window))()
