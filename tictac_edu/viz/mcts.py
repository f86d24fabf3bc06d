"""Pictures of a Monte Carlo tree: its most visited part, and the visits of the root moves.

How to read :func:`draw_mcts_tree`:

* the top node is the root; below it its most visited moves (``top`` of them), and below
  each of those its most visited replies, down to ``depth`` plies;
* an edge is as wide as the share of the root's visits that went through it: the thick
  edges are where the search spent its playouts;
* a node's colour is its mean result *for the player to move at the root* (the title names
  that player): blue a win for them, red a loss, white even (a diverging scale, with its
  colour bar); a node of the opponent's move is coloured from the root player's point of view
  too, so one colour means the same everywhere;
* the number under a node is its visits; the small italic text above it is the move that leads
  to it; a proven node (MCTS-solver) has a thick black outline and, where there is room, says
  ``win``, ``draw`` or ``loss`` for the root player.

:func:`bar_mcts_visits` shows the visits per root move as bars, coloured the same way.

Both are sized for a notebook column like the other tree pictures
(:data:`~tictac_edu.viz.draw.MAX_FIGURE_WIDTH_PX` wide at most, no text smaller than
:data:`~tictac_edu.viz.draw.MIN_TEXT_PIXELS` pixels as shown).

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from tictac_edu.games import TicTacToe
>>> from tictac_edu.search import mcts
>>> result = mcts(TicTacToe(), playouts=500, seed=1)
>>> graph = mcts_tree_graph(result, depth=2, top=(3, 2))
>>> graph.number_of_nodes(), graph.graph["player"]
(10, 'X')
>>> ax = draw_mcts_tree(result)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import matplotlib.pyplot as plt
import networkx as nx
from matplotlib import colormaps
from matplotlib.axes import Axes
from matplotlib.cm import ScalarMappable
from matplotlib.collections import LineCollection
from matplotlib.colors import Normalize

from tictac_edu.games.base import Move
from tictac_edu.search.mcts import MCTSNode, MCTSResult
from tictac_edu.viz.draw import (
    EDGE_COLOR,
    MAX_FIGURE_WIDTH_PX,
    MOVE_COLOR,
    POINTS_PER_INCH,
    TEXT_BACKGROUND,
    TEXT_BACKGROUND_ALPHA,
    TEXT_PAD,
    _text_width,
    min_font_points,
)
from tictac_edu.viz.trees import NodeId, tidy_layout

DEFAULT_DEPTH = 2
"""Plies below the root drawn by default."""
DEFAULT_TOP = (6, 3)
"""The most visited children drawn at each level: 6 moves at the root, 3 replies to each
(the last number holds for the levels below)."""
VALUE_COLORMAP = "RdBu"
"""Diverging: red a loss for the root player, white even, blue a win."""
FIGURE_INCHES = 10.0
"""The figure's width, unless that is wider than a notebook shows at full size."""
LEVEL_INCHES = 1.25
"""The height of one level of the tree."""
EXTRA_INCHES = 1.1
"""Room for the title and the colour bar's labels."""
FONT_POINTS = 10.0
TITLE_POINTS = 11.0
MIN_EDGE_WIDTH = 0.8
MAX_EDGE_WIDTH = 9.0
"""An edge through every visit of the root is this wide (points)."""
MAX_MARKER_POINTS = 24.0
MIN_MARKER_POINTS = 9.0
MARKER_PER_SLOT = 0.5
"""A node's diameter is at most this share of the room between two leaves."""
PROVEN_EDGE_WIDTH = 2.6
NODE_EDGE_WIDTH = 0.8
BAR_FIGURE = (7.5, 3.6)
DEFAULT_BARS = 12
"""The most visited root moves a bar chart shows."""

MoveLabel = Callable[[Move], str]

TreeLike = MCTSResult | MCTSNode


def _root_of(tree: TreeLike) -> MCTSNode:
    """The root node of a result or a node, or a clear error."""
    root = tree.root if isinstance(tree, MCTSResult) else tree
    if not isinstance(root, MCTSNode):
        raise TypeError(f"expected an MCTSResult with its tree, or an MCTSNode, not {type(tree).__name__}")
    if root.visits == 0:
        raise ValueError("this tree has not been searched yet: no visits to draw")
    return root


def _tops(top: int | Sequence[int], depth: int) -> list[int]:
    counts = [top] if isinstance(top, int) else list(top)
    if not counts or any(not isinstance(count, int) or isinstance(count, bool) or count < 1 for count in counts):
        raise ValueError(f"top is a whole number >= 1 or a list of them (one per level), not {top!r}")
    return [counts[min(level, len(counts) - 1)] for level in range(depth)]


def mcts_tree_graph(tree: TreeLike, depth: int = DEFAULT_DEPTH,
                    top: int | Sequence[int] = DEFAULT_TOP) -> nx.DiGraph:
    """The most visited part of a Monte Carlo tree as a networkx tree.

    Args:
        tree: a search result (its ``root``) or a node.
        depth: plies below the root to include.
        top: how many of the most visited children to keep at each level (one number for
            all, or one per level; the last holds for deeper levels).

    Returns:
        A :class:`networkx.DiGraph` whose nodes are paths of moves from the root (the root is
        ``()``), children in order of visits, most first. Each node has ``move``, ``visits``,
        ``value`` (mean result for the player to move at the root: 1 a win for them, 0 a loss),
        ``proven`` (``"win"``/``"draw"``/``"loss"`` for that player, or ``None``), ``depth``
        and ``hidden`` (children left out). ``graph.graph`` holds ``root`` (``()``), ``player``
        and ``visits`` (the root's).

    Raises:
        ValueError: ``depth`` below 0, a bad ``top``, or a tree not searched yet.
        TypeError: ``tree`` is neither a result nor a node.
    """
    root = _root_of(tree)
    if not isinstance(depth, int) or isinstance(depth, bool) or depth < 0:
        raise ValueError(f"depth is a whole number >= 0, not {depth!r}")
    counts = _tops(top, depth)
    player = root.state.to_move
    graph = nx.DiGraph(root=(), player=player, visits=root.visits)
    outcome = {1.0: "win", 0.5: "draw", 0.0: "loss"}

    def add(node: MCTSNode, path: tuple[Move, ...], level: int) -> None:
        proven = None if node.proven is None else outcome[node.proven if node.mover == player else 1 - node.proven]
        graph.add_node(path, move=node.move, visits=node.visits, value=node.value_for(player), proven=proven,
                       depth=level, hidden=0)

    add(root, (), 0)
    stack: list[tuple[MCTSNode, tuple[Move, ...], int]] = [(root, (), 0)]
    while stack:
        node, path, level = stack.pop()
        if level == depth:
            graph.nodes[path]["hidden"] = len(node.children)
            continue
        shown = sorted(node.children, key=lambda child: -child.visits)[:counts[level]]
        graph.nodes[path]["hidden"] = len(node.children) - len(shown)
        for child in shown:
            child_path = path + (child.move,)
            add(child, child_path, level + 1)
            graph.add_edge(path, child_path)
        stack.extend((child, path + (child.move,), level + 1) for child in reversed(shown))
    return graph


def _rooms(positions: dict[NodeId, tuple[float, float]]) -> dict[NodeId, float]:
    """The room across each node has for its texts: the distance to its nearest neighbour on
    the same level (in leaf slots), or 3 slots if it is alone there."""
    levels: dict[float, list[tuple[float, NodeId]]] = {}
    for node, (x, y) in positions.items():
        levels.setdefault(y, []).append((x, node))
    rooms: dict[NodeId, float] = {}
    for row in levels.values():
        row.sort(key=lambda item: item[0])
        for index, (x, node) in enumerate(row):
            gaps = [abs(x - row[other][0]) for other in (index - 1, index + 1) if 0 <= other < len(row)]
            rooms[node] = min(gaps, default=3.0)
    return rooms


def _title(graph: nx.DiGraph, root: MCTSNode, counts: list[int]) -> str:
    player = graph.graph["player"]
    moves = len(root.children)
    shown = min(moves, counts[0]) if counts else 0
    head = f"MCTS tree: {root.visits:,} visits at the root; its {shown} most visited of {moves} moves"
    if len(counts) > 1:
        head += f", {counts[1]} replies each"
    return f"{head}\ncolour: mean result for {player}, the player to move at the root (1 win, 0 loss)"


def draw_mcts_tree(tree: TreeLike, *, depth: int = DEFAULT_DEPTH, top: int | Sequence[int] = DEFAULT_TOP,
                   ax: Axes | None = None, title: str | None = None, move_label: MoveLabel = str,
                   colorbar: bool = True) -> Axes:
    """Draw the most visited part of a Monte Carlo tree (see the module's notes on reading it).

    Args:
        tree: a search result (:class:`~tictac_edu.search.mcts.MCTSResult`) or a node.
        depth: plies below the root to draw (2 by default).
        top: the most visited children drawn at each level (:data:`DEFAULT_TOP`).
        ax: the axes to draw on; a new figure about 10 inches wide if ``None``.
        title: the title; ``None`` for one saying what is shown and whose values the colours
            are, ``""`` for none.
        move_label: turns a move into the text written above its node.
        colorbar: add the colour bar of values.

    Returns:
        The axes drawn on.

    Raises:
        ValueError: a bad ``depth`` or ``top``, or a tree not searched yet.
        TypeError: ``tree`` is neither a result nor a node.
    """
    root = _root_of(tree)
    graph = mcts_tree_graph(root, depth, top)
    counts = _tops(top, depth)
    positions = tidy_layout(graph, ())
    deepest = max(data["depth"] for _, data in graph.nodes(data=True))
    if ax is None:
        figure = plt.figure()
        width = min(FIGURE_INCHES, MAX_FIGURE_WIDTH_PX / figure.dpi)
        figure.set_size_inches(width, (deepest + 1) * LEVEL_INCHES + EXTRA_INCHES)
        ax = figure.add_subplot()
    least = min_font_points(ax.figure)
    font = max(FONT_POINTS, least)
    xs = [x for x, _ in positions.values()]
    left, right = min(xs) - 0.6, max(xs) + 0.6
    ax.set_xlim(left, right)
    ax.set_ylim(-deepest - 0.55, 0.45)
    ax.set_axis_off()

    slot_points = ax.bbox.width * POINTS_PER_INCH / ax.figure.dpi / (right - left)
    marker = max(MIN_MARKER_POINTS, min(MAX_MARKER_POINTS, slot_points * MARKER_PER_SLOT))
    norm, cmap = Normalize(0.0, 1.0), colormaps[VALUE_COLORMAP]

    edges = list(graph.edges())
    widths = [MIN_EDGE_WIDTH + (MAX_EDGE_WIDTH - MIN_EDGE_WIDTH) * graph.nodes[child]["visits"] / root.visits
              for _, child in edges]
    ax.add_collection(LineCollection([(positions[a], positions[b]) for a, b in edges], linewidths=widths,
                                     colors=EDGE_COLOR, alpha=0.55, zorder=1, capstyle="round"))
    nodes = list(graph.nodes())
    ax.scatter([positions[n][0] for n in nodes], [positions[n][1] for n in nodes], s=marker ** 2,
               c=[graph.nodes[n]["value"] for n in nodes], cmap=cmap, norm=norm, zorder=3,
               edgecolors="black",
               linewidths=[PROVEN_EDGE_WIDTH if graph.nodes[n]["proven"] else NODE_EDGE_WIDTH for n in nodes])
    offset = marker / 2 + 2  # points from a node's centre to the texts above and below it
    rooms = _rooms(positions)
    box = {"boxstyle": f"square,pad={TEXT_PAD}", "facecolor": TEXT_BACKGROUND, "edgecolor": "none",
           "alpha": TEXT_BACKGROUND_ALPHA}
    for node in nodes:
        data = graph.nodes[node]
        x, y = positions[node]
        label = f"{data['visits']:,}"
        if data["proven"] and _text_width(data["proven"], font) <= rooms[node] * slot_points - 2:
            label += f"\n{data['proven']}"  # where it does not fit, the thick outline says it alone
        ax.annotate(label, (x, y), xytext=(0, -offset), textcoords="offset points", ha="center", va="top",
                    fontsize=font, zorder=4, bbox=box)
        if node:
            ax.annotate(move_label(data["move"]), (x, y), xytext=(0, offset), textcoords="offset points",
                        ha="center", va="bottom", fontsize=font, style="italic", color=MOVE_COLOR, zorder=4,
                        bbox=box)
    if title is None:
        title = _title(graph, root, counts)
    if title:
        ax.set_title(title, fontsize=max(TITLE_POINTS, least))
    if colorbar:
        bar = ax.figure.colorbar(ScalarMappable(norm=norm, cmap=cmap), ax=ax, fraction=0.035, pad=0.01)
        bar.set_label(f"mean result for {graph.graph['player']}", fontsize=font)
        bar.ax.tick_params(labelsize=font)
    return ax


def bar_mcts_visits(tree: TreeLike, *, ax: Axes | None = None, top: int = DEFAULT_BARS,
                    move_label: MoveLabel = str, title: str | None = None) -> Axes:
    """Bars of the visits of the most visited root moves, coloured by their mean result for
    the player to move at the root (the scale of :func:`draw_mcts_tree`), each with its value.

    Args:
        tree: a search result or a root node.
        ax: the axes to draw on; a new figure if ``None``.
        top: how many root moves to show, most visited first.
        move_label: turns a move into its tick label.
        title: the title; ``None`` for a summary, ``""`` for none.

    Returns:
        The axes drawn on, one bar per move shown.

    Raises:
        ValueError: ``top`` below 1, or a tree not searched yet.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from tictac_edu.games import TicTacToe
    >>> from tictac_edu.search import mcts
    >>> len(bar_mcts_visits(mcts(TicTacToe(), playouts=200, seed=1), top=5).patches)
    5
    """
    root = _root_of(tree)
    if not isinstance(top, int) or isinstance(top, bool) or top < 1:
        raise ValueError(f"top is a whole number >= 1, not {top!r}")
    if ax is None:
        _, ax = plt.subplots(figsize=BAR_FIGURE)
    least = min_font_points(ax.figure)
    font = max(FONT_POINTS, least)
    player = root.state.to_move
    children = sorted(root.children, key=lambda child: -child.visits)[:top]
    values = [child.value_for(player) for child in children]
    cmap = colormaps[VALUE_COLORMAP]
    labels = [move_label(child.move) for child in children]
    bars = ax.bar(range(len(children)), [child.visits for child in children],
                  color=[cmap(value) for value in values], edgecolor="black", linewidth=0.6)
    ax.bar_label(bars, labels=[f"{value:.2f}" for value in values], padding=2, fontsize=font)
    ax.set_xticks(range(len(children)), labels, fontsize=font)
    ax.tick_params(axis="y", labelsize=font)
    ax.set_xlabel("move", fontsize=font)
    ax.set_ylabel("visits", fontsize=font)
    ax.margins(y=0.15)
    if title is None:
        title = f"visits per root move ({root.visits:,} in all); above each bar its mean result for {player}"
    if title:
        ax.set_title(title, fontsize=max(TITLE_POINTS, least))
    return ax
