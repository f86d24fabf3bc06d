"""Pictures of search trees, drawn with matplotlib from the graph of :mod:`tictac_edu.viz.trees`.

How to read a picture:

* an upward triangle is a MAX node (the root player to move), a downward one a MIN node;
* the number on (or beside, or under) a node is its value, from MAX's point of view; ``?``
  means the node has been entered but not finished yet, and such nodes are drawn hollow;
* ``α=.. β=..`` beside a node is its window: what MAX is already sure of (alpha) and what
  MIN already holds MAX to (beta); it is red where the node cut off its remaining moves;
* the small italic number above a node is the move that leads to it;
* grey dashed stubs ending in ``x`` are moves a cut-off skipped: never searched, with the
  move written under the ``x``;
* thick green edges are the principal variation, the line of best play;
* ``+N`` stands for N searched nodes left out to keep the picture readable.

Texts beside a node are only written where they fit between the node and its neighbours, so
in a crowded picture some windows are left out rather than drawn over each other.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import matplotlib.pyplot as plt
import networkx as nx
from matplotlib.axes import Axes
from matplotlib.collections import LineCollection
from matplotlib.font_manager import FontProperties
from matplotlib.lines import Line2D
from matplotlib.textpath import text_to_path

from tictac_edu.games.base import Move
from tictac_edu.search.result import SearchResult, TraceEvent
from tictac_edu.viz.trees import (
    COLLAPSED,
    DEFAULT_MAX_NODES,
    PRUNED,
    NodeId,
    format_value,
    search_tree_graph,
    tidy_layout,
    trace_events,
)

# Colours (Okabe-Ito, readable by colour-blind viewers).
MAX_COLOR = "#0072B2"
"""MAX nodes: blue."""
MIN_COLOR = "#D55E00"
"""MIN nodes: vermilion."""
PV_COLOR = "#009E73"
"""The principal variation: green."""
CUTOFF_COLOR = "#B2182B"
"""The window of a node that cut off its remaining moves: red."""
EDGE_COLOR = "#4D4D4D"
"""Edges to searched nodes."""
PRUNED_COLOR = "#9E9E9E"
"""Pruned stubs and collapsed placeholders: grey."""
WINDOW_COLOR = "#333333"
"""Alpha-beta windows."""
MOVE_COLOR = "#6B6B6B"
"""Move labels on edges."""
HOLLOW_FACE_COLOR = "white"
"""The inside of a node that is not finished yet."""
TEXT_BACKGROUND = "white"
"""Behind texts that may cross edges."""
TEXT_BACKGROUND_ALPHA = 0.85

# Shapes.
MAX_MARKER = "^"
MIN_MARKER = "v"
PRUNED_MARKER = "x"

# Layout, in data units: one leaf slot across, one level down.
PRUNED_WIDTH = 0.4
"""The room a pruned stub takes beside its siblings, in leaf slots."""
STUB_LENGTH = 0.5
"""How far down a pruned stub reaches, as a fraction of one level."""
MARGIN_SLOTS = 0.8
"""Empty room left and right of the tree, in slots."""
MARGIN_TOP_LEVELS = 0.35
MARGIN_BOTTOM_LEVELS = 0.45

# Figure size (inches), when the figure is made here.
SLOT_INCHES = 0.5
"""The width of one leaf slot, until the figure reaches its largest size."""
LEVEL_INCHES = 1.1
"""The height of one level of the tree."""
TITLE_INCHES = 0.45
"""Room above the tree for the title."""
LEGEND_INCHES = 0.75
"""Room below the tree for the legend."""
SIDE_INCHES = 0.1
"""Room left and right of the tree."""
MIN_FIGURE_SIZE = (6.0, 3.0)
MAX_FIGURE_SIZE = (16.0, 11.0)

# Sizes in points.
POINTS_PER_INCH = 72
MARKER_PER_SLOT = 0.66
"""A node marker is this fraction of one leaf slot ..."""
MARKER_PER_LEVEL = 0.3
"""... or of one level, whichever is smaller."""
MIN_MARKER_POINTS = 8.0
MAX_MARKER_POINTS = 24.0
FONT_PER_MARKER = 0.4
"""The value font size as a fraction of the marker size."""
MIN_FONT_POINTS = 6.5
MAX_FONT_POINTS = 10.5
SMALL_FONT_RATIO = 0.85
"""Windows and moves are written this much smaller than values ..."""
MIN_SMALL_FONT_POINTS = 6.0
"""... but not smaller than this."""
TITLE_FONT_POINTS = 11.0
LEGEND_FONT_POINTS = 8.5
LEGEND_MARKER_POINTS = 9.0
LEGEND_TEXT_MARKER_POINTS = 12.5
"""The size of the red "αβ" that stands for a cut-off window in the legend."""
LEGEND_COLUMNS = 3
LABEL_GAP_POINTS = 2.5
"""The gap between a node and a text beside it."""
NODE_EDGE_WIDTH = 1.0
PV_NODE_EDGE_WIDTH = 2.2
HOLLOW_EDGE_WIDTH = 1.6
EDGE_WIDTH = 1.0
PV_EDGE_WIDTH = 3.6
PV_COLLAPSED_WIDTH = 2.0
"""The dotted line to a placeholder that the principal variation goes on into."""
STUB_LINE_WIDTH = 1.0
STUB_DASHES = (0, (3, 2))
COLLAPSED_DASHES = (0, (1, 1.5))
PRUNED_MARKER_RATIO = 0.4
"""A pruned stub's ``x`` is this fraction of a node marker."""
TEXT_PAD = 0.1
"""Padding of the white box behind texts, in font sizes."""

# Drawing order.
EDGE_LAYER = 1
PV_LAYER = 2
NODE_LAYER = 3
TEXT_LAYER = 4

MoveLabel = Callable[[Move], str]
"""Turns a move into the short text written for it."""

Segment = tuple[tuple[float, float], tuple[float, float]]
"""A line from one point to another, in data units."""


@dataclass(frozen=True)
class _Scale:
    """The sizes of one picture, in points."""

    marker: float
    font: float
    small_font: float
    per_unit: float
    """Points per data unit across (one leaf slot)."""


def _clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


@lru_cache(maxsize=4096)
def _text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of ``text`` in points, the widest line if there are several."""
    font = FontProperties(size=size, weight="bold" if bold else "normal")
    return max(text_to_path.get_text_width_height_descent(line, font, ismath=False)[0]
               for line in text.split("\n"))


def _figure_size(slots: float, levels: int) -> tuple[float, float]:
    """A figure size (inches) that gives each leaf slot and level about the same room."""
    width = _clamp(slots * SLOT_INCHES, MIN_FIGURE_SIZE[0], MAX_FIGURE_SIZE[0])
    height = _clamp(levels * LEVEL_INCHES + TITLE_INCHES + LEGEND_INCHES, MIN_FIGURE_SIZE[1], MAX_FIGURE_SIZE[1])
    return width, height


def _scale(ax: Axes, x_span: float, y_span: float) -> _Scale:
    """Marker and font sizes that suit the room the axes give each slot and level."""
    points_per_pixel = POINTS_PER_INCH / ax.figure.dpi
    width_points = ax.bbox.width * points_per_pixel
    height_points = ax.bbox.height * points_per_pixel
    per_unit = width_points / x_span
    marker = _clamp(min(per_unit * MARKER_PER_SLOT, height_points / y_span * MARKER_PER_LEVEL),
                    MIN_MARKER_POINTS, MAX_MARKER_POINTS)
    font = _clamp(marker * FONT_PER_MARKER, MIN_FONT_POINTS, MAX_FONT_POINTS)
    return _Scale(marker, font, max(MIN_SMALL_FONT_POINTS, font * SMALL_FONT_RATIO), per_unit)


def _neighbours(graph: nx.DiGraph, positions: dict[NodeId, tuple[float, float]]
                ) -> dict[NodeId, tuple[NodeId | None, NodeId | None]]:
    """For each searched or collapsed node, its left and right neighbours on the same level."""
    levels: dict[float, list[tuple[float, NodeId]]] = {}
    for node, kind in graph.nodes(data="kind"):
        if kind != PRUNED:
            x, y = positions[node]
            levels.setdefault(y, []).append((x, node))
    neighbours: dict[NodeId, tuple[NodeId | None, NodeId | None]] = {}
    for row in levels.values():
        row.sort(key=lambda item: item[0])
        for index, (_, node) in enumerate(row):
            neighbours[node] = (row[index - 1][1] if index > 0 else None,
                                row[index + 1][1] if index + 1 < len(row) else None)
    return neighbours


def _window_lines(attrs: dict[str, Any]) -> tuple[str, str]:
    """The window as one line and as two lines."""
    alpha, beta = f"α={format_value(attrs['alpha_now'])}", f"β={format_value(attrs['beta_now'])}"
    if attrs["cutoff"]:
        beta += " cut"
    return f"{alpha} {beta}", f"{alpha}\n{beta}"


def _legend_handles(graph: nx.DiGraph) -> list[Line2D]:
    nodes = [attrs for _, attrs in graph.nodes(data=True)]
    size = LEGEND_MARKER_POINTS
    handles = [
        Line2D([], [], linestyle="", marker=MAX_MARKER, markersize=size, color=MAX_COLOR,
               label="MAX node: root player to move"),
        Line2D([], [], linestyle="", marker=MIN_MARKER, markersize=size, color=MIN_COLOR,
               label="MIN node: opponent to move"),
    ]
    if any(attrs["pending"] for attrs in nodes):
        handles.append(Line2D([], [], linestyle="", marker=MAX_MARKER, markersize=size,
                              markerfacecolor=HOLLOW_FACE_COLOR, markeredgecolor=EDGE_COLOR,
                              markeredgewidth=HOLLOW_EDGE_WIDTH, label="hollow, ?: value not known yet"))
    if any(attrs["on_pv"] for attrs in nodes):
        handles.append(Line2D([], [], color=PV_COLOR, linewidth=PV_EDGE_WIDTH, label="principal variation"))
    if any(attrs["kind"] == PRUNED for attrs in nodes):
        handles.append(Line2D([0, 1], [0, 0], color=PRUNED_COLOR, linestyle=STUB_DASHES, linewidth=STUB_LINE_WIDTH,
                              marker=PRUNED_MARKER, markevery=[1], label="pruned move: never searched"))
    if any(attrs["cutoff"] for attrs in nodes):
        handles.append(Line2D([], [], color=CUTOFF_COLOR, linestyle="", marker=r"$\alpha\beta$",
                              markersize=LEGEND_TEXT_MARKER_POINTS,
                              label="cut off here: alpha ≥ beta"))
    if any(attrs["kind"] == COLLAPSED for attrs in nodes):
        handles.append(Line2D([], [], color=PRUNED_COLOR, linestyle=COLLAPSED_DASHES, linewidth=STUB_LINE_WIDTH,
                              label="+N: searched nodes not shown"))
    return handles


def _auto_title(graph: nx.DiGraph, total_events: int) -> str:
    """A summary: nodes searched, moves pruned, nodes not shown, the root value, the replay step."""
    searched, hidden = graph.graph["searched"], graph.graph["hidden"]
    pruned = sum(1 for _, kind in graph.nodes(data="kind") if kind == PRUNED)
    parts = [f"{searched:,} node{'s' if searched != 1 else ''} searched"]
    if pruned:
        parts.append(f"{pruned} move{'s' if pruned != 1 else ''} pruned")
    if hidden:
        parts.append(f"{hidden:,} not shown")
    root = graph.graph["root"]
    if root is not None and not graph.nodes[root]["pending"]:
        parts.append(f"root value {format_value(graph.nodes[root]['value'])}")
    if graph.graph["events"] < total_events:
        parts.append(f"after event {graph.graph['events']} of {total_events}")
    return ", ".join(parts)


def _draw_edges(ax: Axes, graph: nx.DiGraph, positions: dict[NodeId, tuple[float, float]]) -> None:
    """Edges to searched nodes (the principal variation in thick green), pruned stubs and
    the dotted lines to collapsed placeholders (green if the principal variation goes on there)."""
    plain: list[Segment] = []
    principal: list[Segment] = []
    stubs: list[Segment] = []
    collapsed: list[Segment] = []
    collapsed_pv: list[Segment] = []
    for parent, child in graph.edges:
        start, end = positions[parent], positions[child]
        kind = graph.nodes[child]["kind"]
        if kind == PRUNED:
            stubs.append((start, (end[0], start[1] - STUB_LENGTH)))
        elif kind == COLLAPSED:
            (collapsed_pv if graph.nodes[child]["on_pv"] else collapsed).append((start, end))
        elif graph.nodes[parent]["on_pv"] and graph.nodes[child]["on_pv"]:
            principal.append((start, end))
        else:
            plain.append((start, end))
    ax.add_collection(LineCollection(plain, colors=EDGE_COLOR, linewidths=EDGE_WIDTH, zorder=EDGE_LAYER))
    ax.add_collection(LineCollection(principal, colors=PV_COLOR, linewidths=PV_EDGE_WIDTH, zorder=PV_LAYER,
                                     capstyle="round"))
    ax.add_collection(LineCollection(stubs, colors=PRUNED_COLOR, linewidths=STUB_LINE_WIDTH,
                                     linestyles=STUB_DASHES, zorder=EDGE_LAYER))
    ax.add_collection(LineCollection(collapsed, colors=PRUNED_COLOR, linewidths=STUB_LINE_WIDTH,
                                     linestyles=COLLAPSED_DASHES, zorder=EDGE_LAYER))
    ax.add_collection(LineCollection(collapsed_pv, colors=PV_COLOR, linewidths=PV_COLLAPSED_WIDTH,
                                     linestyles=COLLAPSED_DASHES, zorder=PV_LAYER))


def _draw_stubs(ax: Axes, graph: nx.DiGraph, positions: dict[NodeId, tuple[float, float]], scale: _Scale,
                move_label: MoveLabel, text_box: dict[str, Any]) -> None:
    """The grey ``x`` at the end of each pruned stub, with the pruned move under it."""
    stubs = [(node, attrs) for node, attrs in graph.nodes(data=True) if attrs["kind"] == PRUNED]
    if not stubs:
        return
    ends = [(positions[node][0], positions[attrs["parent"]][1] - STUB_LENGTH) for node, attrs in stubs]
    size = scale.marker * PRUNED_MARKER_RATIO
    ax.plot([x for x, _ in ends], [y for _, y in ends], linestyle="", marker=PRUNED_MARKER, markersize=size,
            color=PRUNED_COLOR, zorder=NODE_LAYER)
    for (_, attrs), end in zip(stubs, ends, strict=True):
        ax.annotate(move_label(attrs["move"]), end, xytext=(0, -size / 2 - LABEL_GAP_POINTS / 2),
                    textcoords="offset points", ha="center", va="top", fontsize=scale.small_font,
                    color=PRUNED_COLOR, zorder=TEXT_LAYER, bbox=text_box)


def _draw_nodes(ax: Axes, graph: nx.DiGraph, positions: dict[NodeId, tuple[float, float]], scale: _Scale,
                show_window: bool, show_moves: bool, move_label: MoveLabel, text_box: dict[str, Any]) -> None:
    """Searched nodes (triangles, with values, windows and moves) and collapsed placeholders.

    Values come first: under leaves, left of inner nodes (under them if the left is taken).
    Windows and moves then take the room left between neighbours on the same level, or are
    left out.
    """
    half, gap = scale.marker / 2, LABEL_GAP_POINTS
    neighbours = _neighbours(graph, positions)
    searched = [(node, attrs) for node, attrs in graph.nodes(data=True) if attrs["kind"] not in (PRUNED, COLLAPSED)]

    def distance(left: NodeId | None, right: NodeId | None) -> float:
        """Points between two neighbours' centres (infinite past either end)."""
        if left is None or right is None:
            return math.inf
        return (positions[right][0] - positions[left][0]) * scale.per_unit

    def node_half(node: NodeId) -> float:
        """Half the width a neighbour's marker or placeholder box takes."""
        if graph.nodes[node]["kind"] == COLLAPSED:
            return _text_width(graph.nodes[node]["label"], scale.small_font) / 2 + gap
        return half

    for node, attrs in graph.nodes(data=True):
        if attrs["kind"] == COLLAPSED:
            ax.annotate(attrs["label"], positions[node], ha="center", va="center", fontsize=scale.small_font,
                        color=EDGE_COLOR, zorder=TEXT_LAYER,
                        bbox={"boxstyle": f"round,pad={2 * TEXT_PAD}", "facecolor": TEXT_BACKGROUND,
                              "edgecolor": PRUNED_COLOR, "linestyle": "--"})

    # Nodes and values; remember how much room each value takes to the left of its node.
    left_text: dict[NodeId, float] = {}
    for node, attrs in searched:
        x, y = positions[node]
        colour = MAX_COLOR if attrs["maximizing"] else MIN_COLOR
        pending = attrs["pending"]
        if pending:
            edge_width = HOLLOW_EDGE_WIDTH
        else:
            edge_width = PV_NODE_EDGE_WIDTH if attrs["on_pv"] else NODE_EDGE_WIDTH
        ax.plot([x], [y], linestyle="", marker=MAX_MARKER if attrs["maximizing"] else MIN_MARKER,
                markersize=scale.marker, markerfacecolor=HOLLOW_FACE_COLOR if pending else colour,
                markeredgecolor=PV_COLOR if attrs["on_pv"] else colour, markeredgewidth=edge_width,
                zorder=NODE_LAYER)
        label = attrs["label"]
        is_leaf = graph.out_degree(node) == 0
        style: dict[str, Any] = {"fontsize": scale.font, "fontweight": "bold", "zorder": TEXT_LAYER,
                                 "textcoords": "offset points"}
        width = _text_width(label, scale.font, True) + gap
        previous = neighbours[node][0]
        free_left = distance(previous, node) - half - (node_half(previous) if previous is not None else 0)
        if is_leaf or width > free_left:
            ax.annotate(label, (x, y), xytext=(0, -half - gap / 2), ha="center", va="top", color=colour,
                        bbox=None if is_leaf else text_box, **style)
        else:
            ax.annotate(label, (x, y), xytext=(-half - gap, 0), ha="right", va="center", color=colour,
                        bbox=text_box, **style)
            left_text[node] = width

    # Windows, where they matter (inner, unfinished or cut-off nodes) and where they fit.
    for node, attrs in searched:
        if not show_window or attrs["alpha_now"] is None:
            continue
        if graph.out_degree(node) == 0 and not attrs["pending"] and not attrs["cutoff"]:
            continue
        following = neighbours[node][1]
        room = distance(node, following) - half - gap
        if following is not None:
            room -= node_half(following) + left_text.get(following, 0) + gap
        text = next((lines for lines in _window_lines(attrs) if _text_width(lines, scale.small_font) <= room), None)
        if text is not None:
            ax.annotate(text, positions[node], xytext=(half + gap, 0), textcoords="offset points", ha="left",
                        va="center", fontsize=scale.small_font, linespacing=1.0,
                        color=CUTOFF_COLOR if attrs["cutoff"] else WINDOW_COLOR, zorder=TEXT_LAYER, bbox=text_box)

    # The move that leads to each node, above it, where it fits.
    if show_moves:
        for node, attrs in searched:
            if attrs["parent"] is None:
                continue
            text = move_label(attrs["move"])
            previous, following = neighbours[node]
            room = min(distance(previous, node), distance(node, following)) - gap
            if _text_width(text, scale.small_font) <= room:
                ax.annotate(text, positions[node], xytext=(0, half + gap / 2), textcoords="offset points",
                            ha="center", va="bottom", fontsize=scale.small_font, fontstyle="italic",
                            color=MOVE_COLOR, zorder=TEXT_LAYER, bbox=text_box)


def draw_search_tree(trace_or_result: SearchResult | Sequence[TraceEvent], upto: int | None = None,
                     ax: Axes | None = None, max_depth: int | None = None,
                     max_nodes: int | None = DEFAULT_MAX_NODES, show_window: bool = True,
                     title: str | None = None, *, show_moves: bool = True,
                     move_label: MoveLabel = str, legend: bool = True, full_layout: bool = False) -> Axes:
    """Draw the tree a search explored, from its trace.

    MAX nodes are upward triangles, MIN nodes downward ones, each with its value (from MAX's
    point of view); alpha and beta are written beside inner nodes; moves skipped by a cut-off
    are grey dashed stubs; the principal variation is drawn in thick green; nodes entered but
    not finished (when replaying part of a trace with ``upto``) are hollow, marked ``?``.
    Big trees are cut down to ``max_depth`` and ``max_nodes`` (see
    :func:`~tictac_edu.viz.trees.search_tree_graph`).

    Args:
        trace_or_result: a search result made with ``trace=True``, or its ``trace``.
        upto: draw the tree as it was after the first ``upto`` events (all if ``None``).
        ax: the axes to draw on; if ``None``, a new figure sized to the tree.
        max_depth: leave out nodes deeper than this.
        max_nodes: show at most this many searched nodes (the first in search order).
        show_window: write each inner node's alpha-beta window, as its search has narrowed it
            so far (red where it cut off); left out where there is no room.
        title: the title; ``None`` for a summary (nodes searched, moves pruned, value),
            ``""`` for none.
        show_moves: write above each node the move that leads to it.
        move_label: turns a move into the text written for it (``str`` by default).
        legend: add a legend below the tree.
        full_layout: with ``upto``, put every node where it stands in the finished tree, so
            that stepping through a trace does not move the nodes already drawn.

    Returns:
        The axes drawn on.

    Raises:
        ValueError: the result has no trace (search with ``trace=True``), or a bad limit.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from tictac_edu.games import GameTree
    >>> from tictac_edu.search import alphabeta
    >>> result = alphabeta(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), trace=True)
    >>> ax = draw_search_tree(result)
    >>> ax.get_title()
    '11 nodes searched, 2 moves pruned, root value 3'
    >>> ax = draw_search_tree(result, upto=12, title="")  # just after the leaf 2 was left
    """
    events = trace_events(trace_or_result)
    graph = search_tree_graph(events, upto=upto, max_depth=max_depth, max_nodes=max_nodes)
    root = graph.graph["root"]
    layout_graph = graph
    if full_layout and graph.graph["events"] < len(events):
        layout_graph = search_tree_graph(events, max_depth=max_depth, max_nodes=max_nodes)
    all_positions = tidy_layout(layout_graph, root, pruned_width=PRUNED_WIDTH) if root is not None else {}
    positions = {node: all_positions[node] for node in graph}
    xs = [x for x, _ in all_positions.values()] or [0.0]
    deepest = max((-y for _, y in all_positions.values()), default=0.0)
    x_span = max(xs) - min(xs) + 2 * MARGIN_SLOTS
    y_span = deepest + MARGIN_TOP_LEVELS + MARGIN_BOTTOM_LEVELS

    if ax is None:
        width, height = _figure_size(max(xs) - min(xs) + 1, int(deepest) + 1)
        figure, ax = plt.subplots(figsize=(width, height))
        figure.subplots_adjust(left=SIDE_INCHES / width, right=1 - SIDE_INCHES / width,
                               bottom=(LEGEND_INCHES if legend else SIDE_INCHES) / height,
                               top=1 - TITLE_INCHES / height)
    ax.set_xlim(min(xs) - MARGIN_SLOTS, max(xs) + MARGIN_SLOTS)
    ax.set_ylim(-deepest - MARGIN_BOTTOM_LEVELS, MARGIN_TOP_LEVELS)
    ax.set_axis_off()
    if title is None:
        title = _auto_title(graph, len(events))
    if title:
        ax.set_title(title, fontsize=TITLE_FONT_POINTS)
    if root is None:
        ax.text(0.5, 0.5, "nothing searched yet", transform=ax.transAxes, ha="center", va="center",
                fontsize=TITLE_FONT_POINTS, color=MOVE_COLOR)
        return ax

    scale = _scale(ax, x_span, y_span)
    _draw_edges(ax, graph, positions)
    text_box = {"boxstyle": f"round,pad={TEXT_PAD}", "facecolor": TEXT_BACKGROUND, "edgecolor": "none",
                "alpha": TEXT_BACKGROUND_ALPHA}
    _draw_stubs(ax, graph, positions, scale, move_label, text_box)
    _draw_nodes(ax, graph, positions, scale, show_window, show_moves, move_label, text_box)
    if legend:
        handles = _legend_handles(graph)
        ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.0),
                  ncol=min(LEGEND_COLUMNS, len(handles)), fontsize=LEGEND_FONT_POINTS, frameon=False,
                  handlelength=2.5)
    return ax
