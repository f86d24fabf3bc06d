"""Game-agnostic search: every function here works on any game that follows the protocol of
:mod:`tictac_edu.games.base`, and none of them knows which game it is playing."""

from tictac_edu.search.alphabeta import INFINITY, AlphaBeta, Evaluation, alphabeta, terminal_value
from tictac_edu.search.counting import TreeCounts, count_tree
from tictac_edu.search.deepening import iterative_deepening
from tictac_edu.search.minimax import minimax, negamax
from tictac_edu.search.ordering import (
    CENTRE_CORNERS_EDGES,
    HistoryHeuristic,
    KeyOrder,
    KillerMoves,
    MoveOrder,
    StaticOrder,
    combine,
)
from tictac_edu.search.result import SearchResult, SearchTimeout, TraceEvent
from tictac_edu.search.table import Bound, TableEntry, TranspositionTable

__all__ = [
    "CENTRE_CORNERS_EDGES", "INFINITY", "AlphaBeta", "Bound", "Evaluation", "HistoryHeuristic", "KeyOrder",
    "KillerMoves", "MoveOrder", "SearchResult", "SearchTimeout", "StaticOrder", "TableEntry", "TraceEvent",
    "TranspositionTable", "TreeCounts", "alphabeta", "combine", "count_tree", "iterative_deepening", "minimax",
    "negamax", "terminal_value",
]
