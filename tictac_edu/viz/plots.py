"""Small plots for the notebooks: node counts by depth, node counts side by side, and an SPRT's
log-likelihood ratio pair after pair."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.ticker import FuncFormatter, MaxNLocator, NullFormatter

LINE_MARKER = "o"
LINE_WIDTH = 1.8
MARKER_POINTS = 5.0
FIGURE_SIZE = (6.4, 4.0)
BAR_WIDTH = 0.6
COLORS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442", "#000000")
"""Okabe-Ito colours, readable by colour-blind viewers; used in turn for lines and bars."""
BAR_LABEL_PADDING = 3.0
"""Points between the top of a bar and its number."""
BAR_LABEL_FONT_POINTS = 9.0
HEADROOM = 1.12
"""The value axis reaches this much above the tallest bar (linear), so its number fits."""
LOG_HEADROOM = 2.5
"""The same, as a factor, on a log axis."""
GRID_ALPHA = 0.3


def _new_axes(ax: Axes | None) -> Axes:
    if ax is None:
        _, ax = plt.subplots(figsize=FIGURE_SIZE)
    return ax


def _whole_numbers(value: float, _position: int | None = None) -> str:
    """A tick label with thousands separators: 549,946 rather than 5.5e5 or 10^5."""
    return f"{value:,.0f}" if value >= 1 or value == 0 else f"{value:g}"


def _count_axis(ax: Axes, log: bool) -> None:
    """Label the node axis with plain whole numbers, on a log scale if ``log``."""
    if log:
        ax.set_yscale("log")
        ax.yaxis.set_minor_formatter(NullFormatter())
    ax.yaxis.set_major_formatter(FuncFormatter(_whole_numbers))


def plot_node_counts(rows: Mapping[str, Sequence[tuple[float, float]]], ax: Axes | None = None, log: bool = True,
                     title: str | None = None, *, xlabel: str = "depth", ylabel: str = "nodes visited") -> Axes:
    """One line per algorithm: nodes visited against depth (or any other x).

    Args:
        rows: ``{name: [(x, nodes), ...]}``, for example
            ``{"minimax": [(1, 10), (2, 82)], "alpha-beta": [(1, 10), (2, 37)]}``.
        ax: the axes to draw on; a new figure if ``None``.
        log: a logarithmic node axis (node counts grow exponentially with depth).
        title: the title, if any.
        xlabel: the label of the x axis.
        ylabel: the label of the node axis.

    Returns:
        The axes drawn on, with one line per name.

    Raises:
        ValueError: a row is not a sequence of ``(x, nodes)`` pairs.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> ax = plot_node_counts({"minimax": [(1, 10), (2, 82)], "alpha-beta": [(1, 10), (2, 37)]})
    >>> len(ax.get_lines())
    2
    """
    ax = _new_axes(ax)
    whole_xs = True
    for index, (name, points) in enumerate(rows.items()):
        pairs = list(points)
        if any(not isinstance(pair, (tuple, list)) or len(pair) != 2 for pair in pairs):
            raise ValueError(f"plot_node_counts: the row {name!r} must be a list of (x, nodes) pairs, not {points!r}")
        xs = [x for x, _ in pairs]
        ys = [nodes for _, nodes in pairs]
        whole_xs = whole_xs and all(float(x).is_integer() for x in xs)
        ax.plot(xs, ys, marker=LINE_MARKER, markersize=MARKER_POINTS, linewidth=LINE_WIDTH, label=str(name),
                color=COLORS[index % len(COLORS)])
    _count_axis(ax, log)
    if whole_xs:
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.grid(True, which="major", alpha=GRID_ALPHA)
    if rows:
        ax.legend()
    if title:
        ax.set_title(title)
    return ax


def bar_node_counts(mapping: Mapping[str, float], ax: Axes | None = None, log: bool = False,
                    title: str | None = None, *, ylabel: str = "nodes visited") -> Axes:
    """Bars of node counts side by side, each with its number written on top.

    Args:
        mapping: ``{name: nodes}``, drawn left to right in the mapping's order, for example
            ``{"minimax": 549_946, "alpha-beta": 18_297, "alpha-beta, ordered": 7_275}``.
        ax: the axes to draw on; a new figure if ``None``.
        log: a logarithmic node axis.
        title: the title, if any.
        ylabel: the label of the node axis.

    Returns:
        The axes drawn on, with one bar per name.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> ax = bar_node_counts({"minimax": 549_946, "alpha-beta": 18_297, "ordered": 7_275})
    >>> len(ax.patches), [text.get_text() for text in ax.texts]
    (3, ['549,946', '18,297', '7,275'])
    """
    ax = _new_axes(ax)
    names = [str(name) for name in mapping]
    counts = list(mapping.values())
    colours = [COLORS[i % len(COLORS)] for i in range(len(names))]
    bars = ax.bar(names, counts, width=BAR_WIDTH, color=colours)
    ax.bar_label(bars, labels=[f"{count:,}" for count in counts], padding=BAR_LABEL_PADDING,
                 fontsize=BAR_LABEL_FONT_POINTS)
    _count_axis(ax, log)
    if counts and max(counts) > 0:
        top = max(counts)
        ax.set_ylim(top=top * (LOG_HEADROOM if log else HEADROOM))
    ax.set_ylabel(ylabel)
    ax.grid(True, axis="y", alpha=GRID_ALPHA)
    ax.set_axisbelow(True)
    if title:
        ax.set_title(title)
    return ax


ACCEPT_H1_COLOUR = "#2e7d32"
ACCEPT_H0_COLOUR = "#c62828"
SPRT_FIGURE_SIZE = (9.0, 3.6)


def plot_llr(histories: Mapping[str, Sequence[float]], sprt: Any, ax: Axes | None = None, title: str | None = None,
             *, xlabel: str = "pairs played") -> Axes:
    """An SPRT's log-likelihood ratio after each pair (or game), one line per history, with
    the test's two bounds; the x axis counts whole pairs.

    Args:
        histories: ``{label: [llr after pair 1, after pair 2, ...]}``, for example the exact
            ratio of a match (its ``llr_history``) beside an approximation of it.
        sprt: the test (a :class:`~tictac_edu.arena.SPRT`: its ``lower`` and ``upper`` bounds).
        ax: the axes to draw on; a new figure if ``None``.
        title: the title, if any.
        xlabel: the label of the x axis.

    Returns:
        The axes drawn on: one line per history, then the two bounds.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from tictac_edu.arena import SPRT
    >>> ax = plot_llr({"exact": [0.3, 1.2, 3.1]}, SPRT(0, 50))
    >>> len(ax.get_lines()), bool(ax.get_xlim()[0] <= 1)
    (3, True)
    """
    if ax is None:
        _, ax = plt.subplots(figsize=SPRT_FIGURE_SIZE)
    for index, (label, history) in enumerate(histories.items()):
        ax.plot(range(1, len(history) + 1), list(history), label=str(label), color=COLORS[index % len(COLORS)],
                linewidth=LINE_WIDTH)
    ax.axhline(sprt.upper, color=ACCEPT_H1_COLOUR, linestyle="--", label=f"accept H1 ({sprt.upper:.2f})")
    ax.axhline(sprt.lower, color=ACCEPT_H0_COLOUR, linestyle="--", label=f"accept H0 ({sprt.lower:.2f})")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel(xlabel)
    ax.set_ylabel("log-likelihood ratio")
    ax.grid(True, alpha=GRID_ALPHA)
    ax.legend(fontsize=BAR_LABEL_FONT_POINTS, loc="best")
    if title:
        ax.set_title(title, fontsize=11)
    return ax
