"""Pictures of search: traces become networkx trees, trees become matplotlib drawings.

* :mod:`tictac_edu.viz.trees`: :func:`search_tree_graph` replays a search trace into a tree
  of :class:`TreeNode` records (:func:`tree_nodes` reads them), :func:`tidy_layout` places it
  top down.
* :mod:`tictac_edu.viz.draw`: :func:`draw_search_tree` draws it (MAX and MIN nodes, values,
  alpha-beta windows, pruned moves, the principal variation).
* :mod:`tictac_edu.viz.plots`: :func:`plot_node_counts` and :func:`bar_node_counts` for the
  node counts the notebooks compare.
* :mod:`tictac_edu.viz.boards`: :func:`side_by_side` shows positions in a row, with captions.
* :mod:`tictac_edu.viz.progress`: :func:`evaluation_progress`, a progress bar for a long search.
* :mod:`tictac_edu.viz.mcts`: :func:`draw_mcts_tree` draws the most visited part of a Monte
  Carlo tree (edges by visits, colours by value), :func:`bar_mcts_visits` the root moves' visits.

Every tree picture is sized for the width a notebook shows it at: no text is smaller than
:data:`~tictac_edu.viz.draw.MIN_TEXT_PIXELS` pixels there, and every cut-off is marked ``cut``.

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from tictac_edu.games import GameTree
>>> from tictac_edu.search import alphabeta
>>> result = alphabeta(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), trace=True)
>>> ax = draw_search_tree(result)  # in a notebook, the picture appears below the cell
"""

from tictac_edu.viz.boards import side_by_side
from tictac_edu.viz.draw import draw_search_tree
from tictac_edu.viz.mcts import bar_mcts_visits, draw_mcts_tree, mcts_tree_graph
from tictac_edu.viz.plots import bar_node_counts, plot_node_counts
from tictac_edu.viz.progress import evaluation_progress
from tictac_edu.viz.trees import (
    COLLAPSED,
    PRUNED,
    SEARCHED,
    TreeNode,
    format_value,
    pruned_moves_label,
    search_tree_graph,
    tidy_layout,
    trace_events,
    tree_nodes,
)

__all__ = [
    "COLLAPSED", "PRUNED", "SEARCHED", "TreeNode", "bar_mcts_visits", "bar_node_counts", "draw_mcts_tree",
    "draw_search_tree", "evaluation_progress", "format_value", "mcts_tree_graph", "plot_node_counts",
    "pruned_moves_label", "search_tree_graph", "side_by_side", "tidy_layout", "trace_events", "tree_nodes",
]
