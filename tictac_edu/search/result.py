"""What a search returns, and the trace of events that pictures and viewers replay."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from tictac_edu.games.base import GameState, Move, Outcome, Player
from tictac_edu.search.common import BudgetExhausted, outcome_of

EventKind = Literal["enter", "leave", "cutoff"]


@dataclass(frozen=True)
class TraceEvent:
    """One step of a search, in the order it happened.

    Values, alpha and beta are from the *root player's* point of view (the player to move
    at the root, MAX in the pictures), whatever form the search was written in.

    Attributes:
        kind: ``"enter"`` a node, ``"leave"`` it with a value, or ``"cutoff"``: the node
            stops searching its remaining moves because ``alpha >= beta``.
        node: the node's number, in the order nodes were entered (the root is 0).
        parent: the parent's number, ``None`` for the root.
        move: the move that leads from the parent to this node.
        depth: the distance from the root.
        maximizing: whether the root player is to move here (a MAX node).
        alpha, beta: the window on entry (``enter``) or at the cut-off (``cutoff``).
        value: the node's value (``leave`` only).
        pruned: the moves never searched (``cutoff`` only).
        source: how a ``leave`` value was found: ``"search"`` (from the children),
            ``"terminal"`` (game over), ``"evaluation"`` (depth limit), ``"table"``
            (transposition table) or ``"cache"``.
        state: the position (``enter`` only); positions are immutable, so this is safe.
    """

    kind: EventKind
    node: int
    parent: int | None
    move: Move | None
    depth: int
    maximizing: bool
    alpha: float | None = None
    beta: float | None = None
    value: float | None = None
    pruned: tuple[Move, ...] = ()
    source: str = ""
    state: GameState | None = field(default=None, repr=False, compare=False)


@dataclass
class SearchResult:
    """The outcome of a search.

    Attributes:
        value: the value of the root position for the player to move there (for minimax
            and alpha-beta, the root player is MAX; for negamax the side to move, which at
            the root is the same player). ``None`` if no search finished.
        move: the best move found (the first of equally good moves in search order), or
            ``None`` at a finished position.
        pv: the principal variation: the line of best play from the root, as far as known.
        nodes: the number of nodes visited, one per call of the search function, the root
            and terminal positions included.
        player: the player to move at the root.
        depth: the depth searched (``None`` for an exhaustive search).
        completed: ``False`` if a deadline stopped the search before it finished.
        proven: ``True`` if the outcome is game-theoretic: the value's sign (win, draw or loss
            for the player to move) holds whatever is searched deeper. A value found at a
            depth limit, or read from a table entry that was, is an estimate: ``proven`` is
            then ``False``. A full-depth search is always proven (its value is exact); a
            depth-limited one is proven when it found a forced win, or when every line it
            searched ended before the depth limit.
        cutoffs: how many times the search cut off the remaining moves of a node.
        table_hits: how many nodes were answered from the transposition table or cache.
        elapsed: wall-clock seconds spent.
        trace: the events, if a trace was requested.
        depth_results: for iterative deepening, the result of each finished depth.
    """

    value: float | None
    move: Move | None
    pv: list[Move]
    nodes: int
    player: Player
    depth: int | None = None
    completed: bool = True
    proven: bool = True
    cutoffs: int = 0
    table_hits: int = 0
    elapsed: float = 0.0
    trace: list[TraceEvent] | None = field(default=None, repr=False)
    depth_results: list[SearchResult] = field(default_factory=list, repr=False)

    @property
    def outcome(self) -> Outcome | None:
        """The :class:`~tictac_edu.games.Outcome` (win, draw or loss; equal to the strings
        ``"win"``, ...) for the player to move at the root when the result is :attr:`proven`,
        else ``None`` (an estimate says nothing for certain)."""
        if not self.proven or self.value is None:
            return None
        return outcome_of(self.value)

    def summary(self) -> str:
        """One line for people: value, move, nodes and time."""
        depth = "full depth" if self.depth is None else f"depth {self.depth}"
        value = f"value {self.value}" + (f" (proven {self.outcome})" if self.outcome and self.depth is not None
                                         else "")
        parts = [value, f"move {self.move}", f"{self.nodes:,} nodes", depth]
        if self.table_hits:
            parts.append(f"{self.table_hits:,} table hits")
        if not self.completed:
            parts.append("stopped by the clock")
        parts.append(f"{self.elapsed * 1000:.0f} ms")
        return ", ".join(parts)


class SearchTimeout(BudgetExhausted):
    """Raised inside a search when its deadline has passed (iterative deepening catches it).

    Attributes:
        nodes: the number of nodes the stopped search had visited (also its first argument).
        best_move, best_value: the best root move among those searched completely before the
            clock ran out, and its value for the player to move (``None`` if none was).
    """

    def __init__(self, nodes: int, best_move: Move | None = None, best_value: float | None = None) -> None:
        super().__init__(nodes)
        self.nodes = nodes
        self.best_move = best_move
        self.best_value = best_value


class Tracer:
    """Collects :class:`TraceEvent` objects while a search runs.

    The search works in its own point of view; the tracer turns values and windows into the
    root player's point of view (for negamax: a node where the opponent moves has its value
    negated and its window ``(alpha, beta)`` turned into ``(-beta, -alpha)``).
    """

    def __init__(self, root_player: Player, negamax: bool) -> None:
        self.root_player = root_player
        self.negamax = negamax
        self.events: list[TraceEvent] = []
        self._maximizing: dict[int, bool] = {}
        self._parent: dict[int, int | None] = {}
        self._depth: dict[int, int] = {}
        self._move: dict[int, Move | None] = {}

    def _view(self, node: int, alpha: float | None, beta: float | None) -> tuple[float | None, float | None]:
        if self.negamax and not self._maximizing[node]:
            return (None if beta is None else -beta, None if alpha is None else -alpha)
        return alpha, beta

    def enter(self, node: int, parent: int | None, state: GameState, depth: int,
              alpha: float | None = None, beta: float | None = None) -> None:
        """Record entering ``node`` (``state``) with window ``(alpha, beta)`` in the search's view."""
        maximizing = state.to_move == self.root_player
        move = state.last_move if parent is not None else None
        self._maximizing[node], self._parent[node] = maximizing, parent
        self._depth[node], self._move[node] = depth, move
        alpha, beta = self._view(node, alpha, beta)
        self.events.append(TraceEvent("enter", node, parent, move, depth, maximizing, alpha, beta, state=state))

    def leave(self, node: int, value: float, source: str) -> None:
        """Record leaving ``node`` with ``value`` (in the search's view)."""
        if self.negamax and not self._maximizing[node]:
            value = -value
        self.events.append(TraceEvent("leave", node, self._parent[node], self._move[node], self._depth[node],
                                      self._maximizing[node], value=value, source=source))

    def cutoff(self, node: int, alpha: float, beta: float, pruned: list[Move]) -> None:
        """Record that ``node`` skips ``pruned`` because its window closed."""
        view_alpha, view_beta = self._view(node, alpha, beta)
        self.events.append(TraceEvent("cutoff", node, self._parent[node], self._move[node], self._depth[node],
                                      self._maximizing[node], view_alpha, view_beta, pruned=tuple(pruned)))
