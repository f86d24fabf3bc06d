"""Pictures of search trees, drawn with matplotlib from the graph of :mod:`tictac_edu.viz.trees`.

How to read a picture:

* an upward triangle is a MAX node (the root player to move), a downward one a MIN node;
* the number on (or beside, or under) a node is its value, from MAX's point of view; ``?``
  means the node has been entered but not finished yet, and such nodes are drawn hollow;
* ``α=.. β=..`` beside a node is its window: what MAX is already sure of (alpha) and what
  MIN already holds MAX to (beta);
* a red ``cut`` marks every node that cut off its remaining moves (``alpha >= beta``), with its
  window where there is room for it;
* the small italic number above a node is the move that leads to it;
* grey dashed stubs ending in ``x`` are moves a cut-off skipped: never searched, with the
  move written under the ``x``; a node that skipped many moves gets one stub for all of them
  (``2–8``: the moves 2 to 8; ``×7``: seven moves, where even that would not fit);
* thick green edges are the principal variation, the line of best play;
* ``+N`` stands for N searched nodes left out to keep the picture readable.

**Legible at the size it is shown.** A notebook shows a picture at most
:data:`NOTEBOOK_WIDTH_PX` pixels wide and scales a wider one down, so every text is sized for
the width the picture is *shown* at: none is smaller than :data:`MIN_TEXT_PIXELS` there. A
figure made here is never wider than a notebook shows it; a tree that would need more room
than that at a readable size is cut down to its first nodes in search order (``+N``).
Windows and move labels are written only where they fit between a node and its neighbours;
a cut-off's ``cut`` is always written. Windows and ``cut`` are written larger than the other
small texts (:data:`WINDOW_TEXT_PIXELS`) and where no edge crosses them: beside the node, raised
if an edge passes there; where no such place is free, on an opaque white box that the edges
pass behind.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import matplotlib.pyplot as plt
import networkx as nx
from matplotlib.axes import Axes
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure, SubFigure
from matplotlib.font_manager import FontProperties
from matplotlib.lines import Line2D
from matplotlib.text import Text
from matplotlib.textpath import text_to_path
from matplotlib.transforms import ScaledTranslation

from tictac_edu.games.base import Move
from tictac_edu.search.result import SearchResult, TraceEvent
from tictac_edu.viz.trees import (
    COLLAPSED,
    DEFAULT_MAX_NODES,
    PRUNED,
    SEARCHED,
    NodeId,
    NodeKind,
    TraceReplay,
    TreeNode,
    format_value,
    pruned_moves_label,
    search_tree_graph,
    tidy_layout,
    trace_events,
    tree_nodes,
)

# Colours (Okabe-Ito, readable by colour-blind viewers).
MAX_COLOR = "#0072B2"
"""MAX nodes: blue."""
MIN_COLOR = "#D55E00"
"""MIN nodes: vermilion."""
PV_COLOR = "#009E73"
"""The principal variation: green."""
CUTOFF_COLOR = "#B2182B"
"""The ``cut`` label and window of a node that cut off its remaining moves: red."""
EDGE_COLOR = "#4D4D4D"
"""Edges to searched nodes."""
PRUNED_COLOR = "#8A8A8A"
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

# What is legible.
NOTEBOOK_WIDTH_PX = 970
"""The widest a notebook column shows an output picture (JupyterLab and Notebook 7 at their
usual width); a wider picture is scaled down to it, its texts with it."""
MIN_TEXT_PIXELS = 9.5
"""No text of a tree picture is smaller than this many pixels at the size it is shown."""
WINDOW_TEXT_PIXELS = 12.5
"""Windows (``α=.. β=..``) and ``cut``, what notebook 02 is about, are written at least this many
pixels high where the picture is shown: their digits are then 9 pixels high."""
WINDOW_RAISES = (0.0, 0.75, 1.5)
"""Where a window is tried beside its node, raised by this many of its own heights, until no
edge crosses it."""
CUT_LABEL = "cut"
"""The word marking a node that cut off its remaining moves."""
CUT_LABEL_GID = "cut-label"
"""The ``gid`` of every text marking a cut-off (``text.get_gid()``), so tests can count them."""
GROUP_PRUNED = 2
"""A node that cut off more moves than this gets one stub for all of them."""
COUNT_PREFIX = "×"
"""A grouped stub whose moves do not fit under it says how many: ``×7``."""

# Layout, in data units: one leaf slot across, one level down.
PRUNED_WIDTH = 0.4
"""The room a pruned stub takes beside its siblings, in leaf slots."""
STUB_LENGTH = 0.5
"""How far down a pruned stub reaches, as a fraction of one level."""
MARGIN_SLOTS = 0.7
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
MAX_FIGURE_WIDTH_PX = 950
"""A figure made here is at most this wide, so a notebook shows it at full size."""
MAX_FIGURE_HEIGHT = 11.0
LEAF_SLOT_FONTS = 2.6
"""A leaf slot is at least this many times the smallest font size wide, so that neighbouring
values do not run into each other; a tree that needs more room is cut down."""

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
MAX_FONT_POINTS = 10.5
SMALL_FONT_RATIO = 0.85
"""Windows and moves are written this much smaller than values (but never below the legible
minimum)."""
TITLE_FONT_POINTS = 11.0
LEGEND_FONT_POINTS = 8.5
LEGEND_MARKER_POINTS = 9.0
LEGEND_TEXT_MARKER_POINTS = 16.0
"""The size of the red "cut" that stands for a cut-off in the legend."""
LEGEND_COLUMNS = 3
LEGEND_HANDLE_FONTS = 2.5
"""The length of a legend's line sample, in font sizes."""
LABEL_GAP_POINTS = 2.5
"""The gap between a node and a text beside it."""
LINE_HEIGHT = 1.3
"""The height of one line of text, in font sizes (with its background box)."""
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

Point = tuple[float, float]
"""A place in the tree's layout, in data units: leaf slots across, levels down."""

Segment = tuple[Point, Point]
"""A line from one point to another, in data units."""


@dataclass(frozen=True)
class _Scale:
    """The sizes of one picture, in points."""

    marker: float
    font: float
    small_font: float
    per_unit: float
    """Points per data unit across (one leaf slot)."""
    window_font: float = 0.0
    """The size of windows and cut-off marks (:data:`WINDOW_TEXT_PIXELS`)."""
    per_level: float = 0.0
    """Points per data unit down (one level)."""


def _clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


@lru_cache(maxsize=4096)
def _text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of ``text`` in points, the widest line if there are several."""
    font = FontProperties(size=size, weight="bold" if bold else "normal")
    return max(text_to_path.get_text_width_height_descent(line, font, ismath=False)[0]
               for line in text.split("\n"))


def _root_figure(figure: Figure | SubFigure) -> Figure:
    while isinstance(figure, SubFigure):
        figure = figure.figure
    return figure


def display_scale(figure: Figure | SubFigure) -> float:
    """How much a notebook shrinks ``figure`` to show it: 1 up to :data:`NOTEBOOK_WIDTH_PX`
    pixels wide, less for a wider figure.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> display_scale(plt.figure(figsize=(9, 4), dpi=100)), display_scale(plt.figure(figsize=(19.4, 4), dpi=100))
    (1.0, 0.5)
    """
    root = _root_figure(figure)
    width_px = root.get_figwidth() * root.dpi
    return float(min(1.0, round(NOTEBOOK_WIDTH_PX / width_px, 6))) if width_px > 0 else 1.0


def min_font_points(figure: Figure | SubFigure) -> float:
    """The smallest font size (points) that is still :data:`MIN_TEXT_PIXELS` pixels high where
    a notebook shows ``figure``: its resolution and :func:`display_scale` decide."""
    root = _root_figure(figure)
    return MIN_TEXT_PIXELS * POINTS_PER_INCH / root.dpi / display_scale(root)


def _figure_size(slots: float, levels: int, dpi: float) -> tuple[float, float]:
    """A figure size (inches) that gives each leaf slot and level about the same room, never
    wider than a notebook shows at full size."""
    width = _clamp(slots * SLOT_INCHES, MIN_FIGURE_SIZE[0], MAX_FIGURE_WIDTH_PX / dpi)
    height = _clamp(levels * LEVEL_INCHES + TITLE_INCHES + LEGEND_INCHES, MIN_FIGURE_SIZE[1], MAX_FIGURE_HEIGHT)
    return width, height


def _span(positions: dict[NodeId, Point]) -> tuple[float, float]:
    """The leftmost and rightmost ``x`` of a layout (0, 0 if empty)."""
    xs = [x for x, _ in positions.values()] or [0.0]
    return min(xs), max(xs)


@dataclass(frozen=True)
class _Frame:
    """The part of the tree's layout a picture shows, in data units, margins not included."""

    left: float
    right: float
    deepest: float
    """The depth of the deepest level."""

    @classmethod
    def around(cls, positions: dict[NodeId, Point], view: tuple[float, float] | None) -> _Frame:
        """The whole layout, or across only the ``view`` (which includes the margins)."""
        left, right = _span(positions)
        if view is not None:
            left, right = view[0] + MARGIN_SLOTS, view[1] - MARGIN_SLOTS
        return cls(left, right, max((-y for _, y in positions.values()), default=0.0))

    @property
    def x_span(self) -> float:
        return self.right - self.left + 2 * MARGIN_SLOTS

    @property
    def y_span(self) -> float:
        return self.deepest + MARGIN_TOP_LEVELS + MARGIN_BOTTOM_LEVELS

    @property
    def x_limits(self) -> tuple[float, float]:
        return self.left - MARGIN_SLOTS, self.right + MARGIN_SLOTS

    @property
    def y_limits(self) -> tuple[float, float]:
        return -self.deepest - MARGIN_BOTTOM_LEVELS, MARGIN_TOP_LEVELS


def _scale(ax: Axes, frame: _Frame) -> _Scale:
    """Marker and font sizes that suit the room the axes give each slot and level, with no
    text below the legible minimum."""
    points_per_pixel = POINTS_PER_INCH / _root_figure(ax.figure).dpi
    width_points = ax.bbox.width * points_per_pixel
    height_points = ax.bbox.height * points_per_pixel
    per_unit = width_points / frame.x_span
    marker = _clamp(min(per_unit * MARKER_PER_SLOT, height_points / frame.y_span * MARKER_PER_LEVEL),
                    MIN_MARKER_POINTS, MAX_MARKER_POINTS)
    least = min_font_points(ax.figure)
    font = _clamp(marker * FONT_PER_MARKER, least, max(MAX_FONT_POINTS, least))
    small = max(least, font * SMALL_FONT_RATIO)
    window = max(small, least * WINDOW_TEXT_PIXELS / MIN_TEXT_PIXELS)
    return _Scale(marker, font, small, per_unit, window, height_points / frame.y_span)


def _slot_points(graph: nx.DiGraph, least: float) -> float:
    """The narrowest leaf slot (points) at which the leaves' values stay apart."""
    widest = max((_text_width(record.label, least, True) for node, record in tree_nodes(graph).items()
                  if record.kind != PRUNED and graph.out_degree(node) == 0), default=0.0)
    return max(LEAF_SLOT_FONTS * least, widest + 2 * LABEL_GAP_POINTS)


def _fits(graph: nx.DiGraph, room_points: float, least: float) -> bool:
    if graph.graph["root"] is None:
        return True
    left, right = _span(tidy_layout(graph, graph.graph["root"], pruned_width=PRUNED_WIDTH))
    return (right - left + 2 * MARGIN_SLOTS) * _slot_points(graph, least) <= room_points


def _fitting_max_nodes(events: Sequence[TraceEvent], max_depth: int | None, max_nodes: int | None,
                       group_pruned: int | None) -> int | None:
    """The largest ``max_nodes`` (at most the one asked for) whose tree fits a figure made here
    at a legible size; the one asked for if that tree fits already."""
    dpi = float(plt.rcParams["figure.dpi"])
    least = MIN_TEXT_PIXELS * POINTS_PER_INCH / dpi
    room = (MAX_FIGURE_WIDTH_PX / dpi - 2 * SIDE_INCHES) * POINTS_PER_INCH
    replay = TraceReplay(events)   # once: each limit tried only builds a graph
    whole = replay.graph(max_depth, max_nodes, group_pruned)
    if _fits(whole, room, least):
        return max_nodes
    low, high = 1, whole.graph["shown"]   # the first node alone always fits; find the most that do
    while low < high:
        middle = (low + high + 1) // 2
        if _fits(replay.graph(max_depth, middle, group_pruned), room, least):
            low = middle
        else:
            high = middle - 1
    return low


def _row_neighbours(points: dict[NodeId, Point]) -> dict[NodeId, tuple[NodeId | None, NodeId | None]]:
    """For each point, its left and right neighbours on the same level (``None`` at the ends)."""
    rows: dict[float, list[tuple[float, NodeId]]] = {}
    for node, (x, y) in points.items():
        rows.setdefault(y, []).append((x, node))
    neighbours: dict[NodeId, tuple[NodeId | None, NodeId | None]] = {}
    for row in rows.values():
        row.sort(key=lambda item: item[0])
        for index, (_, node) in enumerate(row):
            neighbours[node] = (row[index - 1][1] if index > 0 else None,
                                row[index + 1][1] if index + 1 < len(row) else None)
    return neighbours


def _edge_line(positions: dict[NodeId, Point], node: NodeId, record: TreeNode) -> Segment:
    """The line drawn from ``node``'s parent to it; a pruned stub's is short."""
    start, end = positions[record.parent], positions[node]
    if record.kind == PRUNED:
        end = (end[0], start[1] - STUB_LENGTH)
    return start, end


def _crosses(segment: Segment, box: tuple[float, float, float, float]) -> bool:
    """Whether a line crosses (or lies in) a box ``(left, bottom, right, top)``: Liang-Barsky."""
    (x0, y0), (x1, y1) = segment
    left, bottom, right, top = box
    low, high = 0.0, 1.0
    for p, q in ((x0 - x1, x0 - left), (x1 - x0, right - x0), (y0 - y1, y0 - bottom), (y1 - y0, top - y0)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return False
    return True


def text_box(text: str, size: float) -> tuple[float, float]:
    """The width and height (points) of ``text`` written at ``size`` points, one line per line."""
    return _text_width(text, size), size * LINE_HEIGHT * (text.count("\n") + 1)


@dataclass(frozen=True)
class _TreeLayout:
    """One picture's tree, worked out once before anything is drawn: each node's record and
    place, the sizes, each node's neighbours on its level, and the line of every edge. The
    drawing phases only read it.

    Distances and rooms are in points; places are in data units.
    """

    nodes: dict[NodeId, TreeNode]
    positions: dict[NodeId, Point]
    scale: _Scale
    x_limits: tuple[float, float]
    lines: dict[NodeId, Segment]
    """The line of the edge into each node but the root, in the graph's edge order."""
    neighbours: dict[NodeId, tuple[NodeId | None, NodeId | None]]
    """Each searched node's and placeholder's neighbours on its level (stubs are not counted)."""
    parents: frozenset[NodeId]
    """The nodes that have children (stubs and placeholders included)."""

    @classmethod
    def of(cls, graph: nx.DiGraph, positions: dict[NodeId, Point], frame: _Frame, ax: Axes) -> _TreeLayout:
        nodes = tree_nodes(graph)
        lines = {child: _edge_line(positions, child, nodes[child]) for _, child in graph.edges}
        neighbours = _row_neighbours({node: positions[node] for node, record in nodes.items() if record.kind != PRUNED})
        parents = frozenset(record.parent for record in nodes.values() if record.parent is not None)
        return cls(nodes, positions, _scale(ax, frame), frame.x_limits, lines, neighbours, parents)

    def of_kind(self, kind: NodeKind) -> list[tuple[NodeId, TreeNode]]:
        """The nodes of one kind with their records, in graph order."""
        return [(node, record) for node, record in self.nodes.items() if record.kind == kind]

    def is_leaf(self, node: NodeId) -> bool:
        return node not in self.parents

    @property
    def half_marker(self) -> float:
        return self.scale.marker / 2

    @property
    def beside(self) -> float:
        """How far right of a node's centre a text beside it starts."""
        return self.half_marker + LABEL_GAP_POINTS

    def distance(self, left: NodeId | None, right: NodeId | None) -> float:
        """Points between two neighbours' centres, or from a node to the edge of the picture
        (``None`` for the neighbour)."""
        start = self.x_limits[0] if left is None else self.positions[left][0]
        end = self.x_limits[1] if right is None else self.positions[right][0]
        return (end - start) * self.scale.per_unit

    def half_width(self, node: NodeId) -> float:
        """Half the width a node's marker, or a placeholder's box, takes."""
        record = self.nodes[node]
        if record.kind == COLLAPSED:
            return _text_width(record.label, self.scale.small_font) / 2 + LABEL_GAP_POINTS
        return self.half_marker

    def room_left(self, node: NodeId) -> float:
        """The room left of ``node``'s marker, up to its left neighbour's marker (or the edge)."""
        previous = self.neighbours[node][0]
        taken = self.half_width(previous) if previous is not None else 0.0
        return self.distance(previous, node) - self.half_marker - taken

    def room_right(self, node: NodeId, values: Mapping[NodeId, _ValuePlace] | None = None) -> float:
        """The room for a text beside ``node`` (from :attr:`beside`), up to its right
        neighbour's marker, less the room that neighbour's value takes on its left if
        ``values`` says where the values went; or up to the edge of the picture."""
        following = self.neighbours[node][1]
        room = self.distance(node, following) - self.beside
        if following is not None:
            taken = values[following].left if values is not None and following in values else 0.0
            room -= self.half_width(following) + taken + LABEL_GAP_POINTS
        return room

    def room_centred(self, node: NodeId) -> float:
        """The width a text centred over ``node`` may take without reaching its neighbours'
        texts (half the room to each neighbour) or the edge of the picture."""
        previous, following = self.neighbours[node]
        return min(self.distance(previous, node) * (2 if previous is None else 1),
                   self.distance(node, following) * (2 if following is None else 1)) - LABEL_GAP_POINTS

    def clear_raise(self, text: str, size: float, node: NodeId, raises: Sequence[float]) -> float | None:
        """How far up (points) to write ``text`` beside ``node`` so that no edge crosses it: the
        first of ``raises`` (in heights of the text) that is clear; ``None`` if none is."""
        width, height = text_box(text, size)
        per_unit, per_level = self.scale.per_unit, self.scale.per_level
        x, y = self.positions[node][0] * per_unit, self.positions[node][1] * per_level
        lines = [((a[0] * per_unit, a[1] * per_level), (b[0] * per_unit, b[1] * per_level))
                 for a, b in self.lines.values()]
        for fraction in raises:
            raise_by = fraction * height
            box = (x + self.beside, y + raise_by - height / 2, x + self.beside + width, y + raise_by + height / 2)
            if not any(_crosses(line, box) for line in lines):
                return raise_by
        return None


class _Writer:
    """Writes texts at a point of the tree, shifted by a number of points; clipped to the axes
    when only part of the tree is shown."""

    def __init__(self, ax: Axes, clip: bool) -> None:
        self.ax, self.clip = ax, clip
        self.box = {"boxstyle": f"round,pad={TEXT_PAD}", "facecolor": TEXT_BACKGROUND, "edgecolor": "none",
                    "alpha": TEXT_BACKGROUND_ALPHA}
        self.opaque_box = {**self.box, "alpha": 1.0}
        """For a text that edges pass behind: they stop at its edge, none crosses its letters."""

    def __call__(self, text: str, at: Point, shift: tuple[float, float] = (0.0, 0.0),
                 boxed: bool = True, **style: Any) -> Text:
        transform = self.ax.transData + ScaledTranslation(shift[0] / POINTS_PER_INCH, shift[1] / POINTS_PER_INCH,
                                                          _root_figure(self.ax.figure).dpi_scale_trans)
        style = {"bbox": self.box if boxed else None, **style}
        return self.ax.text(at[0], at[1], text, transform=transform, clip_on=self.clip, zorder=TEXT_LAYER, **style)


# --- the drawing phases, in the order they draw ---------------------------------------------

_EDGE_STYLES: dict[str, dict[str, Any]] = {
    "plain": {"colors": EDGE_COLOR, "linewidths": EDGE_WIDTH, "zorder": EDGE_LAYER},
    "principal": {"colors": PV_COLOR, "linewidths": PV_EDGE_WIDTH, "zorder": PV_LAYER, "capstyle": "round"},
    "stub": {"colors": PRUNED_COLOR, "linewidths": STUB_LINE_WIDTH, "linestyles": STUB_DASHES, "zorder": EDGE_LAYER},
    "collapsed": {"colors": PRUNED_COLOR, "linewidths": STUB_LINE_WIDTH, "linestyles": COLLAPSED_DASHES,
                  "zorder": EDGE_LAYER},
    "collapsed principal": {"colors": PV_COLOR, "linewidths": PV_COLLAPSED_WIDTH, "linestyles": COLLAPSED_DASHES,
                            "zorder": PV_LAYER},
}
"""How each kind of edge is drawn (:func:`_edge_style`), in drawing order."""


def _edge_style(layout: _TreeLayout, record: TreeNode) -> str:
    """Which of :data:`_EDGE_STYLES` draws the edge into a node."""
    if record.kind == PRUNED:
        return "stub"
    if record.kind == COLLAPSED:
        return "collapsed principal" if record.on_pv else "collapsed"
    return "principal" if record.on_pv and layout.nodes[record.parent].on_pv else "plain"


def _draw_edges(ax: Axes, layout: _TreeLayout) -> None:
    """Edges to searched nodes (the principal variation in thick green), pruned stubs and
    the dotted lines to collapsed placeholders (green if the principal variation goes on there)."""
    lines: dict[str, list[Segment]] = {style: [] for style in _EDGE_STYLES}
    for node, line in layout.lines.items():
        lines[_edge_style(layout, layout.nodes[node])].append(line)
    for style, segments in lines.items():
        ax.add_collection(LineCollection(segments, **_EDGE_STYLES[style]))


def _stub_text(moves: tuple[Move, ...], room: float, size: float, move_label: MoveLabel) -> str:
    """What a stub says under its ``x``: its move, a group's moves as ``2–8``, or how many
    (``×7``) where those do not fit ``room`` points."""
    if len(moves) == 1:
        return move_label(moves[0])
    text = pruned_moves_label(moves, move_label)
    return f"{COUNT_PREFIX}{len(moves)}" if _text_width(text, size) > room else text


def _draw_stubs(ax: Axes, layout: _TreeLayout, move_label: MoveLabel, write: _Writer) -> None:
    """The grey ``x`` at the end of each pruned stub, with the pruned move(s) under it, in
    the room between it and the stubs beside it (half each)."""
    stubs = layout.of_kind(PRUNED)
    if not stubs:
        return
    ends = {node: layout.lines[node][1] for node, _ in stubs}
    size = layout.scale.marker * PRUNED_MARKER_RATIO
    ax.plot([x for x, _ in ends.values()], [y for _, y in ends.values()], linestyle="", marker=PRUNED_MARKER,
            markersize=size, color=PRUNED_COLOR, zorder=NODE_LAYER)
    neighbours = _row_neighbours(ends)
    for node, record in stubs:
        (x, y), (previous, following) = ends[node], neighbours[node]
        gap = min(x - ends[previous][0] if previous is not None else math.inf,
                  ends[following][0] - x if following is not None else math.inf)
        room = gap * layout.scale.per_unit - LABEL_GAP_POINTS   # half each side: the neighbours' labels
        write(_stub_text(record.moves, room, layout.scale.small_font, move_label), (x, y),
              (0, -size / 2 - LABEL_GAP_POINTS / 2), ha="center", va="top", fontsize=layout.scale.small_font,
              color=PRUNED_COLOR)


def _draw_placeholders(layout: _TreeLayout, write: _Writer) -> None:
    """The ``+N`` boxes standing for searched nodes not shown."""
    for node, record in layout.of_kind(COLLAPSED):
        write(record.label, layout.positions[node], ha="center", va="center", fontsize=layout.scale.small_font,
              color=EDGE_COLOR, bbox={"boxstyle": f"round,pad={2 * TEXT_PAD}", "facecolor": TEXT_BACKGROUND,
                                      "edgecolor": PRUNED_COLOR, "linestyle": "--"})


def _colour(record: TreeNode) -> str:
    return MAX_COLOR if record.maximizing else MIN_COLOR


def _marker_look(record: TreeNode) -> tuple[str, str, str, float]:
    """A searched node's triangle: its shape, fill, outline colour and outline width."""
    colour = _colour(record)
    shape = MAX_MARKER if record.maximizing else MIN_MARKER
    outline = PV_COLOR if record.on_pv else colour
    if record.pending:
        return shape, HOLLOW_FACE_COLOR, outline, HOLLOW_EDGE_WIDTH
    return shape, colour, outline, PV_NODE_EDGE_WIDTH if record.on_pv else NODE_EDGE_WIDTH


def _draw_markers(ax: Axes, layout: _TreeLayout) -> None:
    """The triangles of the searched nodes: one line of markers per look, in search order within each."""
    looks: dict[tuple[str, str, str, float], list[Point]] = {}
    for node, record in layout.of_kind(SEARCHED):
        looks.setdefault(_marker_look(record), []).append(layout.positions[node])
    for (marker, face, edge, edge_width), points in looks.items():
        ax.plot([x for x, _ in points], [y for _, y in points], linestyle="", marker=marker,
                markersize=layout.scale.marker, markerfacecolor=face, markeredgecolor=edge,
                markeredgewidth=edge_width, zorder=NODE_LAYER)


@dataclass(frozen=True)
class _ValuePlace:
    """Where a node's value was written, as the texts written after it need to know."""

    left: float
    """The room it takes left of the node's marker (0 if it is under the node)."""
    below: float
    """How far down from the node's centre the node and the texts under it reach."""


def _write_value(layout: _TreeLayout, node: NodeId, record: TreeNode, write: _Writer) -> _ValuePlace:
    """A node's value: under a leaf, left of an inner node, under it if the left is taken."""
    half, gap, font = layout.half_marker, LABEL_GAP_POINTS, layout.scale.font
    style: dict[str, Any] = {"fontsize": font, "fontweight": "bold", "color": _colour(record)}
    width = _text_width(record.label, font, True) + gap
    is_leaf = layout.is_leaf(node)
    if is_leaf or width > layout.room_left(node):
        write(record.label, layout.positions[node], (0, -half - gap / 2), ha="center", va="top", boxed=not is_leaf,
              **style)
        return _ValuePlace(left=0.0, below=half + gap / 2 + font * LINE_HEIGHT)
    write(record.label, layout.positions[node], (-half - gap, 0), ha="right", va="center", **style)
    return _ValuePlace(left=width, below=half)


def _write_values(layout: _TreeLayout, write: _Writer) -> dict[NodeId, _ValuePlace]:
    """Every searched node's value; where each went."""
    return {node: _write_value(layout, node, record, write) for node, record in layout.of_kind(SEARCHED)}


def _window_lines(record: TreeNode) -> list[str]:
    """The window as one line and as two lines (a cut-off's with ``cut``), and for a cut-off
    the word ``cut`` alone: the texts to try, widest first."""
    alpha, beta = f"α={format_value(record.alpha_now)}", f"β={format_value(record.beta_now)}"
    if record.cutoff:
        beta += f" {CUT_LABEL}"
        return [f"{alpha} {beta}", f"{alpha}\n{beta}", CUT_LABEL]
    return [f"{alpha} {beta}", f"{alpha}\n{beta}"]


def _write_beside(layout: _TreeLayout, node: NodeId, text: str, style: dict[str, Any], write: _Writer) -> Text:
    """``text`` right of the node, raised until no edge crosses it; at the node's level on an
    opaque box, which the edges pass behind, if no raise is clear."""
    raise_by = layout.clear_raise(text, style["fontsize"], node, WINDOW_RAISES)
    if raise_by is None:
        style = {**style, "bbox": write.opaque_box}
    return write(text, layout.positions[node], (layout.beside, raise_by or 0.0), ha="left", va="center", **style)


def _write_cut_elsewhere(layout: _TreeLayout, node: NodeId, below: float, style: dict[str, Any],
                         write: _Writer) -> Text:
    """``cut`` where there is no room beside the node at its level: above its level (where the
    neighbours' values are not) if that is clear of edges, else under the node, below its value."""
    at = layout.positions[node]
    if _text_width(CUT_LABEL, style["fontsize"]) <= layout.room_right(node):
        raise_by = layout.clear_raise(CUT_LABEL, style["fontsize"], node, WINDOW_RAISES[1:])
        if raise_by is not None:
            return write(CUT_LABEL, at, (layout.beside, raise_by), ha="left", va="center", **style)
    return write(CUT_LABEL, at, (0, -below - LABEL_GAP_POINTS / 2), ha="center", va="top",
                 **{**style, "bbox": write.opaque_box})


def _write_window(layout: _TreeLayout, node: NodeId, record: TreeNode, show_window: bool,
                  values: dict[NodeId, _ValuePlace], write: _Writer) -> Text | None:
    """A node's window, in the room beside it (up to its right neighbour's value); for a
    cut-off, at least ``cut`` (marked with :data:`CUT_LABEL_GID`). ``None`` if the window does
    not fit and the node did not cut off."""
    size = layout.scale.window_font
    style: dict[str, Any] = {"fontsize": size, "linespacing": 1.0,
                             "color": CUTOFF_COLOR if record.cutoff else WINDOW_COLOR}
    options = _window_lines(record) if show_window and record.has_window else [CUT_LABEL]
    room = layout.room_right(node, values)
    text = next((lines for lines in options if _text_width(lines, size) <= room), None)
    if text is not None:
        written = _write_beside(layout, node, text, style, write)
    elif record.cutoff:
        written = _write_cut_elsewhere(layout, node, values[node].below, style, write)
    else:
        return None
    if record.cutoff:
        written.set_gid(CUT_LABEL_GID)
    return written


def _write_windows(layout: _TreeLayout, values: dict[NodeId, _ValuePlace], show_window: bool,
                   write: _Writer) -> None:
    """Windows where they matter (inner, unfinished or cut-off nodes) and where they fit; a
    cut-off's mark always."""
    for node, record in layout.of_kind(SEARCHED):
        matters = record.pending or not layout.is_leaf(node)
        if record.cutoff or (show_window and record.has_window and matters):
            _write_window(layout, node, record, show_window, values, write)


def _write_moves(layout: _TreeLayout, move_label: MoveLabel, write: _Writer) -> None:
    """The move that leads to each node, above it, where it fits."""
    for node, record in layout.of_kind(SEARCHED):
        if record.parent is None:
            continue
        text = move_label(record.move)
        if _text_width(text, layout.scale.small_font) <= layout.room_centred(node):
            write(text, layout.positions[node], (0, layout.half_marker + LABEL_GAP_POINTS / 2), ha="center",
                  va="bottom", fontsize=layout.scale.small_font, fontstyle="italic", color=MOVE_COLOR)


def _legend_handles(nodes: Sequence[TreeNode]) -> list[Line2D]:
    """The legend's entries: MAX and MIN nodes, and each other mark the picture uses."""
    size = LEGEND_MARKER_POINTS
    handles = [
        Line2D([], [], linestyle="", marker=MAX_MARKER, markersize=size, color=MAX_COLOR,
               label="MAX node: root player to move"),
        Line2D([], [], linestyle="", marker=MIN_MARKER, markersize=size, color=MIN_COLOR,
               label="MIN node: opponent to move"),
    ]
    if any(record.pending for record in nodes):
        handles.append(Line2D([], [], linestyle="", marker=MAX_MARKER, markersize=size,
                              markerfacecolor=HOLLOW_FACE_COLOR, markeredgecolor=EDGE_COLOR,
                              markeredgewidth=HOLLOW_EDGE_WIDTH, label="hollow, ?: value not known yet"))
    if any(record.on_pv for record in nodes):
        handles.append(Line2D([], [], color=PV_COLOR, linewidth=PV_EDGE_WIDTH, label="principal variation"))
    if any(record.kind == PRUNED for record in nodes):
        handles.append(Line2D([0, 1], [0, 0], color=PRUNED_COLOR, linestyle=STUB_DASHES, linewidth=STUB_LINE_WIDTH,
                              marker=PRUNED_MARKER, markevery=[1], label="pruned move(s): never searched"))
    if any(record.cutoff for record in nodes):
        handles.append(Line2D([], [], color=CUTOFF_COLOR, linestyle="", marker=rf"$\mathrm{{{CUT_LABEL}}}$",
                              markersize=LEGEND_TEXT_MARKER_POINTS, label="cut off here: alpha ≥ beta"))
    if any(record.kind == COLLAPSED for record in nodes):
        handles.append(Line2D([], [], color=PRUNED_COLOR, linestyle=COLLAPSED_DASHES, linewidth=STUB_LINE_WIDTH,
                              label="+N: searched nodes not shown"))
    return handles


def _legend_columns(handles: list[Line2D], font: float, width_points: float) -> int:
    """As many legend columns (up to :data:`LEGEND_COLUMNS`) as fit across ``width_points``."""
    entries = sorted((_text_width(str(handle.get_label()), font) + (LEGEND_HANDLE_FONTS + 3) * font
                      for handle in handles), reverse=True)
    columns = min(LEGEND_COLUMNS, len(entries))
    while columns > 1 and sum(entries[:columns]) > width_points:
        columns -= 1
    return max(columns, 1)


def _draw_legend(ax: Axes, layout: _TreeLayout) -> None:
    """The legend below the tree, in as many columns as fit."""
    handles = _legend_handles(list(layout.nodes.values()))
    font = max(LEGEND_FONT_POINTS, min_font_points(ax.figure))
    width_points = ax.bbox.width * POINTS_PER_INCH / _root_figure(ax.figure).dpi
    ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.0),
              ncol=_legend_columns(handles, font, width_points), fontsize=font, frameon=False,
              handlelength=LEGEND_HANDLE_FONTS)


# --- the picture as a whole -------------------------------------------------------------------

def _auto_title(graph: nx.DiGraph, total_events: int) -> str:
    """A summary: nodes searched, moves pruned, nodes not shown, the root value, the replay step
    (numbered from 0, like the trace and the viewer's slider)."""
    searched, hidden, root = graph.graph["searched"], graph.graph["hidden"], graph.graph["root"]
    nodes = tree_nodes(graph)
    pruned = sum(len(record.moves) for record in nodes.values() if record.kind == PRUNED)
    parts = [f"{searched:,} node{'s' if searched != 1 else ''} searched"]
    if pruned:
        parts.append(f"{pruned} move{'s' if pruned != 1 else ''} pruned")
    if hidden:
        parts.append(f"{hidden:,} not shown")
    if root is not None and not nodes[root].pending:
        parts.append(f"root value {format_value(nodes[root].value)}")
    if graph.graph["events"] < total_events:
        parts.append(f"after event {graph.graph['events'] - 1} of 0–{total_events - 1}")
    return ", ".join(parts)


def _new_axes(frame: _Frame, legend: bool) -> Axes:
    """Axes on a figure of their own, sized to the tree, with room for the title and legend."""
    figure = plt.figure()
    width, height = _figure_size(frame.x_span - 2 * MARGIN_SLOTS + 1, int(frame.deepest) + 1, figure.dpi)
    figure.set_size_inches(width, height)
    ax = figure.add_subplot()
    figure.subplots_adjust(left=SIDE_INCHES / width, right=1 - SIDE_INCHES / width,
                           bottom=(LEGEND_INCHES if legend else SIDE_INCHES) / height, top=1 - TITLE_INCHES / height)
    return ax


def _set_up_axes(ax: Axes, frame: _Frame, title: str) -> None:
    """Limits to the frame, no axis, and the title (none if empty)."""
    ax.set_xlim(*frame.x_limits)
    ax.set_ylim(*frame.y_limits)
    ax.set_axis_off()
    ax.xaxis.set_visible(False)   # no ticks to lay out, even for the title
    ax.yaxis.set_visible(False)
    if title:
        ax.set_title(title, fontsize=max(TITLE_FONT_POINTS, min_font_points(ax.figure)))


def _positions(graph: nx.DiGraph, events: Sequence[TraceEvent], full_layout: bool,
               limits: dict[str, Any]) -> dict[NodeId, Point]:
    """Where the layout puts every node of ``graph`` and, with ``full_layout``, every node of the
    finished tree (so that a partial tree's nodes stand where they will stay)."""
    layout_graph = graph
    if full_layout and graph.graph["events"] < len(events):
        layout_graph = search_tree_graph(events, **limits)
    if layout_graph.graph["root"] is None:
        return {}
    return tidy_layout(layout_graph, layout_graph.graph["root"], pruned_width=PRUNED_WIDTH)


def draw_search_tree(trace_or_result: SearchResult | Sequence[TraceEvent], upto: int | None = None,
                     ax: Axes | None = None, max_depth: int | None = None,
                     max_nodes: int | None = DEFAULT_MAX_NODES, show_window: bool = True,
                     title: str | None = None, *, show_moves: bool = True,
                     move_label: MoveLabel = str, legend: bool = True, full_layout: bool = False,
                     group_pruned: int | None = GROUP_PRUNED, view: tuple[float, float] | None = None) -> Axes:
    """Draw the tree a search explored, from its trace.

    MAX nodes are upward triangles, MIN nodes downward ones, each with its value (from MAX's
    point of view); alpha and beta are written beside inner nodes; every node that cut off
    says ``cut`` in red; moves skipped by a cut-off are grey dashed stubs; the principal
    variation is drawn in thick green; nodes entered but not finished (when replaying part of
    a trace with ``upto``) are hollow, marked ``?``. Big trees are cut down to ``max_depth``
    and ``max_nodes`` (see :func:`~tictac_edu.viz.trees.search_tree_graph`).

    Every text is sized for the width a notebook shows the figure at (see
    :func:`min_font_points`). A figure made here (``ax=None``) is at most
    :data:`MAX_FIGURE_WIDTH_PX` pixels wide, and if the tree does not fit at a legible size it
    shows fewer nodes than ``max_nodes``, the first in search order (the title says how many
    are not shown).

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
        group_pruned: a node that cut off more than this many moves gets one stub for all of
            them (``None``: one stub per move).
        view: show only this range of ``x`` (in leaf slots of the layout, as
            :func:`~tictac_edu.viz.trees.tidy_layout` places the nodes), with sizes chosen
            for that range: the viewer uses it to follow a search across a wide tree.

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
    >>> [text.get_text() for text in ax.texts if text.get_gid() == CUT_LABEL_GID]
    ['α=3 β=2 cut']
    >>> ax = draw_search_tree(result, upto=12, title="")  # just after the leaf 2 was left
    """
    events = trace_events(trace_or_result)
    if ax is None and view is None:
        max_nodes = _fitting_max_nodes(events, max_depth, max_nodes, group_pruned)
    limits: dict[str, Any] = {"max_depth": max_depth, "max_nodes": max_nodes, "group_pruned": group_pruned}
    graph = search_tree_graph(events, upto=upto, **limits)
    all_positions = _positions(graph, events, full_layout, limits)
    frame = _Frame.around(all_positions, view)
    if ax is None:
        ax = _new_axes(frame, legend)
    _set_up_axes(ax, frame, _auto_title(graph, len(events)) if title is None else title)
    if graph.graph["root"] is None:
        ax.text(0.5, 0.5, "nothing searched yet", transform=ax.transAxes, ha="center", va="center",
                fontsize=max(TITLE_FONT_POINTS, min_font_points(ax.figure)), color=MOVE_COLOR)
        return ax

    layout = _TreeLayout.of(graph, {node: all_positions[node] for node in graph}, frame, ax)
    write = _Writer(ax, clip=view is not None)
    _draw_edges(ax, layout)
    _draw_stubs(ax, layout, move_label, write)
    _draw_placeholders(layout, write)
    _draw_markers(ax, layout)
    values = _write_values(layout, write)
    _write_windows(layout, values, show_window, write)
    if show_moves:
        _write_moves(layout, move_label, write)
    if legend:
        _draw_legend(ax, layout)
    return ax
