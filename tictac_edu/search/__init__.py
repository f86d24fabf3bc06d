"""Game-agnostic search: every function here works on any game that follows the protocol of
:mod:`tictac_edu.games.base`, and none of them knows which game it is playing.

The alpha-beta a learner reads is :class:`AlphaBeta` (with its lesson variants
:class:`StrictCutoff`, :class:`FreshRootWindow` and :class:`OrderedMoves`); :func:`alphabeta`
runs the same search with the best line, tables, learning move orders, a deadline, traces and
proven values around it. :func:`mcts` (:class:`MCTS`, :class:`MCTSSolver`) is Monte Carlo tree
search: no evaluation, random playouts instead. :func:`expectimax` searches against a model of
the opponent (:class:`UniformModel`, :class:`EpsilonGreedyModel`): chance nodes instead of MIN nodes.
:func:`aspiration`, :func:`pvs` and :func:`mtdf` are the null-window family
(:mod:`tictac_edu.search.nullwindow`); :func:`proof_number_search`, :func:`pn2` and :func:`dfpn` prove
or disprove a forced win (:mod:`tictac_edu.search.proofnumber`).
"""

from tictac_edu.search.alphabeta import AlphaBeta, FreshRootWindow, OrderedMoves, StrictCutoff, alphabeta, variant
from tictac_edu.search.common import INFINITY, BudgetExhausted, Evaluation, faster_wins, terminal_value
from tictac_edu.search.counting import TreeCounts, count_tree
from tictac_edu.search.deepening import iterative_deepening
from tictac_edu.search.engine import SearchEngine, SearchRules
from tictac_edu.search.mcts import MCTS, MCTSNode, MCTSResult, MCTSSolver, OrderCandidates, mcts
from tictac_edu.search.minimax import minimax, negamax
from tictac_edu.search.nullwindow import NullWindowResult, PVSEngine, aspiration, mtdf, pvs
from tictac_edu.search.ordering import (
    HistoryHeuristic,
    KeyOrder,
    KillerMoves,
    MoveOrder,
    StaticOrder,
    combine,
)
from tictac_edu.search.proofnumber import ProofResult, dfpn, pn2, proof_number_search
from tictac_edu.search.result import SearchResult, SearchTimeout, TraceEvent
from tictac_edu.search.table import Bound, TableEntry, TranspositionTable

__all__ = [
    "INFINITY", "MCTS", "AlphaBeta", "Bound", "Evaluation", "FreshRootWindow", "HistoryHeuristic", "KeyOrder",
    "KillerMoves", "MCTSNode", "MCTSResult", "MCTSSolver", "MoveOrder", "OrderCandidates", "OrderedMoves",
    "SearchEngine", "SearchResult", "SearchTimeout", "StaticOrder", "StrictCutoff", "TableEntry", "TraceEvent",
    "TranspositionTable", "TreeCounts", "alphabeta", "combine", "count_tree", "iterative_deepening", "mcts",
    "minimax", "negamax", "terminal_value", "variant",
]

from tictac_edu.search.expectimax import (  # noqa: E402 - chance nodes: expectimax against an opponent model
    EpsilonGreedyModel,
    Expectimax,
    ExpectimaxResult,
    OpponentModel,
    UniformModel,
    expectimax,
)

__all__ += ["BudgetExhausted", "EpsilonGreedyModel", "Expectimax", "ExpectimaxResult", "NullWindowResult",
            "OpponentModel", "PVSEngine", "SearchRules", "UniformModel", "aspiration", "expectimax", "faster_wins",
            "mtdf", "pvs"]
__all__ += ["ProofResult", "dfpn", "pn2", "proof_number_search"]
