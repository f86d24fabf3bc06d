"""Move ordering: search the most promising moves first, so alpha-beta cuts off sooner.

A search takes ``order=`` as any of:

* a list of moves, tried in that order (``[4, 0, 2, 6, 8, 1, 3, 5, 7]``: centre, corners,
  edges, which is ``TicTacToe().game.move_order``); moves not in the list come after, in the
  game's order;
* a key function ``key(state, move)``: moves are sorted by it, smallest first (like
  :func:`sorted`); ties keep the game's order;
* a :class:`MoveOrder` object, such as :class:`KillerMoves` or :class:`HistoryHeuristic`,
  which also learns from the cut-offs of the search; :func:`combine` chains several.

Ordering never changes a search's value, only how many nodes it visits.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from tictac_edu.games.base import GameState, Move


class MoveOrder:
    """Orders the moves of a node; this base class keeps the game's order.

    Subclasses override :meth:`order` and may learn from :meth:`record_cutoff`.
    """

    def order(self, state: GameState, moves: list[Move], ply: int) -> list[Move]:
        """The moves of ``state`` (``ply`` moves below the root), best first.

        An order may also leave moves out: the search then looks only at the moves returned
        (gomoku searches only the points near the stones). It must return at least one move
        of a position that has any. The search's values are then those of the narrower tree,
        and it proves no upper bound at such a node (see
        :class:`~tictac_edu.search.result.SearchResult`'s ``proven``).
        """
        return moves

    def record_cutoff(self, state: GameState, move: Move, ply: int, depth: float) -> None:
        """Called when ``move`` caused a cut-off at ``state``, with ``depth`` plies left below."""

    def reset(self) -> None:
        """Forget what was learnt (iterative deepening calls this once per move, so what is
        learnt at one depth helps the next)."""


class StaticOrder(MoveOrder):
    """Moves in a fixed order of preference; unlisted moves follow in the game's order.

    >>> from tictac_edu.games import TicTacToe
    >>> state = TicTacToe().play(0)
    >>> StaticOrder([4, 0, 2, 6, 8, 1, 3, 5, 7]).order(state, state.legal_moves(), 1)
    [4, 2, 6, 8, 1, 3, 5, 7]
    """

    def __init__(self, preference: Sequence[Move]) -> None:
        self.preference = list(preference)
        self._rank = {move: rank for rank, move in enumerate(self.preference)}

    def order(self, state: GameState, moves: list[Move], ply: int) -> list[Move]:
        last = len(self._rank)
        return sorted(moves, key=lambda move: self._rank.get(move, last))

    def __repr__(self) -> str:
        return f"StaticOrder({self.preference})"


class KeyOrder(MoveOrder):
    """Moves sorted by ``key(state, move)``, smallest first; ties keep the game's order."""

    def __init__(self, key: Callable[[GameState, Move], float]) -> None:
        self.key = key

    def order(self, state: GameState, moves: list[Move], ply: int) -> list[Move]:
        return sorted(moves, key=lambda move: self.key(state, move))

    def __repr__(self) -> str:
        return f"KeyOrder({getattr(self.key, '__name__', self.key)})"


class KillerMoves(MoveOrder):
    """The killer heuristic: a move that caused a cut-off at some node is tried first at the
    other nodes of the same ply, where it is often just as strong (a threat, a block).

    Keeps the last ``slots`` killers per ply, most recent first.
    """

    def __init__(self, slots: int = 2) -> None:
        self.slots = slots
        self.killers: dict[int, list[Move]] = {}

    def order(self, state: GameState, moves: list[Move], ply: int) -> list[Move]:
        killers = [move for move in self.killers.get(ply, ()) if move in moves]
        if not killers:
            return moves
        return killers + [move for move in moves if move not in killers]

    def record_cutoff(self, state: GameState, move: Move, ply: int, depth: float) -> None:
        killers = self.killers.setdefault(ply, [])
        if move in killers:
            killers.remove(move)
        killers.insert(0, move)
        del killers[self.slots:]

    def reset(self) -> None:
        self.killers.clear()

    def __repr__(self) -> str:
        return f"KillerMoves(slots={self.slots})"


class HistoryHeuristic(MoveOrder):
    """The history heuristic: every cut-off adds ``2 ** min(depth, 20)`` to its move's score
    (per player); moves are tried in order of score, highest first, ties in the game's order.

    Cut-offs high in the tree (much depth left) weigh more than those near the leaves.
    """

    MAX_WEIGHT_EXPONENT = 20

    def __init__(self) -> None:
        self.scores: dict[tuple[Hashable, Move], float] = {}

    def order(self, state: GameState, moves: list[Move], ply: int) -> list[Move]:
        player, scores = state.to_move, self.scores
        return sorted(moves, key=lambda move: -scores.get((player, move), 0))

    def record_cutoff(self, state: GameState, move: Move, ply: int, depth: float) -> None:
        weight = 2 ** min(depth, self.MAX_WEIGHT_EXPONENT)
        key = (state.to_move, move)
        self.scores[key] = self.scores.get(key, 0) + weight

    def reset(self) -> None:
        self.scores.clear()

    def __repr__(self) -> str:
        return "HistoryHeuristic()"


class CombinedOrder(MoveOrder):
    """Applies several orders one after the other; as each sort keeps ties in place, the
    last order has the final say and the earlier ones break its ties."""

    def __init__(self, *orders: MoveOrder) -> None:
        self.orders = orders

    def order(self, state: GameState, moves: list[Move], ply: int) -> list[Move]:
        for order in self.orders:
            moves = order.order(state, moves, ply)
        return moves

    def record_cutoff(self, state: GameState, move: Move, ply: int, depth: float) -> None:
        for order in self.orders:
            order.record_cutoff(state, move, ply, depth)

    def reset(self) -> None:
        for order in self.orders:
            order.reset()

    def __repr__(self) -> str:
        return f"combine{self.orders}"


OrderSpec = None | Sequence[Move] | Callable[[Any, Move], float] | MoveOrder
"""What a search accepts as ``order=``."""


def combine(*orders: OrderSpec) -> MoveOrder:
    """Chain orders; the last one given decides first, the earlier ones break its ties.

    ``combine(game.move_order, HistoryHeuristic(), KillerMoves())``: killers first, then by
    history score, ties in the game's preferred order (on tic-tac-toe: centre, corners, edges).
    """
    chained = [as_move_order(order) for order in orders]
    return CombinedOrder(*(order for order in chained if order is not None))


def as_move_order(order: OrderSpec) -> MoveOrder | None:
    """Turn what a search accepts as ``order=`` into a :class:`MoveOrder` (or ``None``)."""
    if order is None or isinstance(order, MoveOrder):
        return order
    if callable(order):
        return KeyOrder(order)
    if isinstance(order, (list, tuple)):
        return StaticOrder(order)
    raise TypeError(f"order must be a list of moves, a key function key(state, move) or a MoveOrder, not {order!r}")
