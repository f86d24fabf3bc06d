"""Why alpha-beta stops at a MIN node and not at a chance node: one picture, two small trees.

Both trees are the textbook's first two MIN nodes. On the left, alpha-beta: the second MIN
node's first leaf is already below what MAX is sure of, so its other leaves are cut. On the
right, the same tree with chance nodes (each reply equally likely): the second node's value is
the *average* of its leaves, and the leaves not yet seen can still lift it above the first
node's value, however small its first leaf is. Only a bound on the leaves lets a chance node
stop early (*-minimax, Ballard 1983).

Drawn in the style of :mod:`tictac_edu.viz.draw`: MAX an upward triangle, MIN a downward one,
a chance node a circle; values from MAX's point of view; red ``cut`` where the search stops.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import matplotlib.pyplot as plt
import networkx as nx
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from tictac_edu.viz.draw import (
    CUT_LABEL,
    CUT_LABEL_GID,
    CUTOFF_COLOR,
    EDGE_COLOR,
    HOLLOW_FACE_COLOR,
    MAX_COLOR,
    MAX_MARKER,
    MIN_COLOR,
    MIN_MARKER,
    PRUNED_COLOR,
    PRUNED_MARKER,
)

CHANCE_COLOR = "#CC79A7"
"""A chance node's colour (Okabe-Ito reddish purple, beside MAX's blue and MIN's vermillion)."""
CHANCE_MARKER = "o"
"""A chance node is a circle."""
FIGURE_SIZE = (9.4, 4.4)
"""Inches: two panels, within the width a notebook shows (at matplotlib's 100 dpi)."""
FONT_SIZE = 11
"""Points, for the values; the notes are a point smaller."""


def _tree(first: Sequence[float], second: Sequence[float]) -> nx.DiGraph:
    """The root, two inner nodes and their leaves, with positions."""
    graph = nx.DiGraph()
    graph.add_node("root", pos=(2.0, 2.0))
    for index, (name, leaves) in enumerate((("a", first), ("b", second))):
        x = 0.5 + 3.0 * index
        graph.add_node(name, pos=(x, 1.0))
        graph.add_edge("root", name)
        for leaf, value in enumerate(leaves):
            leaf_name = f"{name}{leaf}"
            graph.add_node(leaf_name, pos=(x + (leaf - (len(leaves) - 1) / 2) * 0.9, 0.0), value=value)
            graph.add_edge(name, leaf_name)
    return graph


def _number(value: float) -> str:
    return f"{value:g}" if float(value).is_integer() else f"{float(value):.2f}"


def _panel(ax: Axes, graph: nx.DiGraph, inner_marker: str, inner_color: str, labels: dict[str, str],
           unseen: Sequence[str], cut: bool, title: str, note: str) -> None:
    pos = nx.get_node_attributes(graph, "pos")
    seen_edges = [edge for edge in graph.edges if edge[1] not in unseen]
    nx.draw_networkx_edges(graph, pos, edgelist=seen_edges, ax=ax, edge_color=EDGE_COLOR, arrows=False, width=1.4)
    nx.draw_networkx_edges(graph, pos, edgelist=[edge for edge in graph.edges if edge[1] in unseen], ax=ax,
                           edge_color=PRUNED_COLOR, style="dashed", arrows=False, width=1.2)
    x, y = pos["root"]
    ax.scatter([x], [y], marker=MAX_MARKER, s=420, color=MAX_COLOR, zorder=3)
    for name in ("a", "b"):
        x, y = pos[name]
        ax.scatter([x], [y], marker=inner_marker, s=420, color=inner_color, zorder=3)
    for node, value in nx.get_node_attributes(graph, "value").items():
        x, y = pos[node]
        if node in unseen:
            ax.scatter([x], [y], marker=PRUNED_MARKER if cut else CHANCE_MARKER, s=90, zorder=3,
                       color=PRUNED_COLOR, facecolors=PRUNED_COLOR if cut else HOLLOW_FACE_COLOR)
            ax.text(x, y - 0.22, "?", ha="center", va="top", fontsize=FONT_SIZE, color=PRUNED_COLOR)
        else:
            ax.scatter([x], [y], marker="s", s=60, color=EDGE_COLOR, zorder=3)
            ax.text(x, y - 0.22, _number(value), ha="center", va="top", fontsize=FONT_SIZE)
    for node, label in labels.items():
        x, y = pos[node]
        side = -0.32 if node == "a" else 0.32
        ax.text(x + side, y + 0.05, label, ha="right" if node == "a" else "left", va="center",
                fontsize=FONT_SIZE, color=EDGE_COLOR)
    if cut:
        x, y = pos["b"]
        ax.text(x + 0.32, y - 0.3, CUT_LABEL, gid=CUT_LABEL_GID, ha="left", va="center", fontsize=FONT_SIZE,
                color=CUTOFF_COLOR, fontweight="bold")
    ax.set_title(title, fontsize=FONT_SIZE + 1)
    ax.text(2.0, -0.75, note, ha="center", va="top", fontsize=FONT_SIZE - 1)
    ax.set_xlim(-1.1, 5.1)
    ax.set_ylim(-1.5, 2.4)
    ax.axis("off")


def draw_chance_versus_cutoff(first: Sequence[float] = (3, 12, 8), second: Sequence[float] = (2, 4, 6),
                              bound: float | None = 15) -> Figure:
    """Two panels: alpha-beta cutting off a MIN node after its first leaf, and the same tree
    with chance nodes (each reply equally likely), where the first leaf settles nothing.

    Args:
        first: the leaves of the first inner node (all searched), values for MAX.
        second: the leaves of the second; only its first is searched, and it must be below the
            first node's minimum, so that alpha-beta cuts.
        bound: the largest value a leaf may have, for the note on *-minimax (``None``: no note
            of a bound).

    Returns:
        The figure (in a notebook, it appears below the cell).

    Raises:
        ValueError: the second node's first leaf does not make alpha-beta cut off.
    """
    if not second or second[0] > min(first):
        raise ValueError(f"the second node's first leaf must be at most {min(first)} (the first node's minimum), "
                         "or alpha-beta does not cut")
    graph = _tree(first, second)
    unseen = [f"b{index}" for index in range(1, len(second))]
    fig, (left, right) = plt.subplots(1, 2, figsize=FIGURE_SIZE)
    minimum = min(first)
    _panel(left, graph, MIN_MARKER, MIN_COLOR, {"root": f"≥ {_number(minimum)}", "a": f"min = {_number(minimum)}",
                                                "b": f"≤ {_number(second[0])}"}, unseen, True,
           "alpha-beta: a MIN node",
           f"MIN can hold MAX to {_number(second[0])} here, so MAX takes the\n{_number(minimum)} on the left: "
           "the leaves marked ? are never searched")
    mean = Fraction(sum(Fraction(value) for value in first), len(first))
    rest = " + ".join("?" for _ in unseen)
    note = "every ? can still lift the average above " + _number(float(mean))
    if bound is not None and unseen:
        most = (Fraction(second[0]) + bound * len(unseen)) / len(second)
        verdict = f"> {_number(float(mean))}: no cut" if most > mean else f"≤ {_number(float(mean))}: cut"
        note += (f";\nwith leaves ≤ {_number(bound)}, at most {_number(float(most))} {verdict}\n"
                 "(the bound *-minimax prunes with, Ballard 1983)")
    labels = {"root": f"≥ {_number(float(mean))}", "a": f"mean = {_number(float(mean))}",
              "b": f"({_number(second[0])} + {rest}) / {len(second)}"}
    _panel(right, graph, CHANCE_MARKER, CHANCE_COLOR, labels, unseen, False, "expectimax: a chance node", note)
    fig.tight_layout()
    return fig
