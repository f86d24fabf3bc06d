"""Gomoku pictures with matplotlib: a board with its stones, marks on chosen points (Black's
forbidden points, candidate moves), and an evaluation heatmap.

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from tictac_edu.games import Gomoku
>>> ax = draw_gomoku(Gomoku.from_moves("h8 i9 h9"), marks={(7, 5): "x"}, title="a mark on H10")
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.colors import Normalize

from tictac_edu.games.gomoku import BLACK, LETTERS, WHITE, Gomoku, Point, point_name

BOARD_COLOUR = "#e3b873"
LINE_COLOUR = "#5a4026"
MARK_COLOURS = {"x": "#c0392b", "o": "#1f77b4", "*": "#2e7d32"}
"""The colours of the marks: ``x`` a forbidden point (red), ``o`` a candidate (blue), ``*`` a
chosen point (green)."""
HEAT_MAP = "RdYlGn"
"""Red for the points worst for the player to move, green for the best."""
NOTEBOOK_INCHES = 9.6
"""The widest figure a notebook shows without scaling it down (970 pixels at 100 dpi)."""
FIGURE_INCHES = 6.2
"""A 15 x 15 board's width: the board fills half of a notebook's width, its labels stay legible."""


def draw_gomoku(state: Gomoku, *, marks: Mapping[Point, str] | None = None, labels: Mapping[Point, str] | None = None,
                title: str | None = None, view: tuple[int, int, int, int] | None = None,
                ax: Axes | None = None) -> Axes:
    """Draw ``state``'s board: grid, coordinates, stones (the last one ringed in red), and
    ``marks`` on points (``"x"``, ``"o"`` or ``"*"``, see :data:`MARK_COLOURS`) and ``labels``
    (short texts) on points.

    Args:
        state: a gomoku position.
        marks, labels: by point ``(x, y)``.
        title: shown above the board.
        view: ``(left, top, right, bottom)``, the columns and rows to show (all by default).
        ax: the axes to draw on (a new figure by default).

    Returns:
        The axes drawn on.
    """
    size = state.size
    left, top, right, bottom = view or (0, 0, size - 1, size - 1)
    if ax is None:
        _, ax = plt.subplots(figsize=(FIGURE_INCHES * size / 15 + 0.6, FIGURE_INCHES * size / 15 + 0.6))
    ax.set_facecolor(BOARD_COLOUR)
    for i in range(size):
        ax.plot([0, size - 1], [i, i], color=LINE_COLOUR, linewidth=0.8, zorder=1)
        ax.plot([i, i], [0, size - 1], color=LINE_COLOUR, linewidth=0.8, zorder=1)
    ax.set_xticks(range(left, right + 1), list(LETTERS[left:right + 1]), fontsize=9)
    ax.set_yticks(range(top, bottom + 1), [str(size - y) for y in range(top, bottom + 1)], fontsize=9)
    ax.set_xlim(left - 0.7, right + 0.7)
    ax.set_ylim(bottom + 0.7, top - 0.7)   # row 0 (the top row, named 15) at the top
    ax.set_aspect("equal")
    ax.tick_params(length=0)
    for spine in ax.spines.values():
        spine.set_visible(False)
    for player, face, edge in ((BLACK, "#111111", "#000000"), (WHITE, "#fafafa", "#333333")):
        points = state.stones(player)
        if points:
            ax.scatter([x for x, _ in points], [y for _, y in points], s=_stone_area(ax, left, right), c=face,
                       edgecolors=edge, linewidths=1, zorder=3)
    if state.last_move is not None:
        if labels and state.last_move in labels:  # a ring around the stone: a dot would hide its label
            ax.scatter([state.last_move[0]], [state.last_move[1]], s=_stone_area(ax, left, right) * 1.25,
                       facecolors="none", edgecolors="#d62828", linewidths=2.2, zorder=4)
        else:
            ax.scatter([state.last_move[0]], [state.last_move[1]], s=30 * 15 / size, c="#d62828", zorder=4)
    for point, mark in (marks or {}).items():
        if mark not in MARK_COLOURS:
            raise ValueError(f"a mark is one of {', '.join(map(repr, MARK_COLOURS))}, not {mark!r}")
        shape = {"x": "x", "o": "o", "*": "*"}[mark]
        ax.scatter([point[0]], [point[1]], marker=shape, s=90 if mark != "o" else 40, c=MARK_COLOURS[mark],
                   linewidths=2, zorder=5)
    for point, text in (labels or {}).items():
        colour = "white" if state.stone(point) == BLACK else "black"
        ax.text(point[0], point[1], text, ha="center", va="center", fontsize=9, color=colour, zorder=6,
                fontweight="bold")
    if title:
        ax.set_title(title, fontsize=11)
    return ax


def _stone_area(ax: Axes, left: int, right: int) -> float:
    """Marker area (points squared) of a stone that nearly fills one grid step."""
    figure = ax.get_figure(root=True)
    inches = figure.get_size_inches()[0] if figure is not None else FIGURE_INCHES
    width_points = inches * 72 * ax.get_position().width
    step = width_points / (right - left + 1.4)
    return float((0.85 * step) ** 2)


def _squash(value: float) -> float:
    """A signed logarithm: a four (thousands) and a two (tens) both show."""
    return math.copysign(math.log1p(abs(value)), value)


def value_ticks(low: float, high: float, most: int = 7) -> list[float]:
    """Round values whose :func:`_squash` lies between ``low`` and ``high``: the colour bar's
    ticks, labelled in values, not in logarithms. 1, 2 and 5 times a power of ten (either sign,
    and 0) if at most ``most`` of them fit; else powers of ten alone; else some of those, spread
    along the bar.

    >>> value_ticks(_squash(20), _squash(900))
    [20.0, 50.0, 100.0, 200.0, 500.0]
    >>> value_ticks(_squash(-5000), _squash(200_000))
    [-1000.0, -100.0, -10.0, 10.0, 100.0, 10000.0, 100000.0]
    """
    inside: list[float] = []
    for mantissas in ((1, 2, 5), (1,)):
        values = {sign * mantissa * 10.0 ** power for sign in (-1, 1) for mantissa in mantissas
                  for power in range(9)} | {0.0}
        inside = sorted(value for value in values if low - 1e-9 <= _squash(value) <= high + 1e-9)
        if len(inside) <= most:
            return inside
    targets = [low + (high - low) * step / (most - 1) for step in range(most)]
    return sorted({min(inside, key=lambda value: abs(_squash(value) - target)) for target in targets})


def draw_heatmap(state: Gomoku, values: Mapping[Point, float], *, title: str | None = None,
                 ax: Axes | None = None) -> Axes:
    """The evaluation heatmap: each valued point coloured by what playing there is worth to the
    player to move, from the worst of these points (red) to the best (green), on a signed
    logarithmic scale; the best is starred.

    Args:
        state: the position.
        values: by point, the value of playing there **from the point of view of the player to
            move** (as :func:`tictac_edu.widgets.gomoku.point_values` gives them).
        title: shown above the board (by default it says whose point of view).
        ax: the axes to draw on.

    Returns:
        The axes drawn on.
    """
    if not values:
        raise ValueError("draw_heatmap needs at least one valued point")
    ax = draw_gomoku(state, ax=ax, title=title or f"what each point is worth to {state.to_move} (to move)")
    finite = {point: _squash(value) for point, value in values.items() if math.isfinite(value)}
    low = min(finite.values(), default=-1.0)
    high = max(finite.values(), default=1.0)
    squashed = {point: finite.get(point, high if values[point] > 0 else low) for point in values}
    top = high if high > low else low + 1.0
    norm = Normalize(vmin=low, vmax=top)
    points = list(squashed)
    drawn = ax.scatter([x for x, _ in points], [y for _, y in points], c=[squashed[p] for p in points], cmap=HEAT_MAP,
                       norm=norm, s=150 * 15 / state.size, marker="s", alpha=0.85, zorder=2)
    best = max(values, key=lambda point: values[point])
    ax.scatter([best[0]], [best[1]], marker="*", s=160, c="#1b5e20", edgecolors="white", linewidths=0.8, zorder=5)
    bar = ax.figure.colorbar(drawn, ax=ax, fraction=0.04, pad=0.02)
    ticks = value_ticks(low, top)
    if ticks:
        bar.set_ticks([_squash(value) for value in ticks], labels=[f"{value:,.0f}" for value in ticks])
    bar.set_label(f"value for {state.to_move} (a logarithmic scale)", fontsize=9)
    bar.ax.tick_params(labelsize=9)
    ax.set_xlabel(f"best: {point_name(best, state.size)} (★)", fontsize=10)
    return ax


def around(state: Gomoku, points: Any = (), margin: int = 2) -> tuple[int, int, int, int]:
    """The view ``(left, top, right, bottom)`` that shows every stone and ``points`` with
    ``margin`` points around them, at least 7 x 7, inside the board."""
    chosen = [point for player in state.players for point in state.stones(player)] + list(points)
    size = state.size
    if not chosen:
        return 0, 0, size - 1, size - 1
    xs, ys = [x for x, _ in chosen], [y for _, y in chosen]
    left, right = max(0, min(xs) - margin), min(size - 1, max(xs) + margin)
    top, bottom = max(0, min(ys) - margin), min(size - 1, max(ys) + margin)
    while right - left < 6:
        left, right = max(0, left - 1), min(size - 1, right + 1)
    while bottom - top < 6:
        top, bottom = max(0, top - 1), min(size - 1, bottom + 1)
    return left, top, right, bottom


def draw_boards(states: Mapping[str, Gomoku], marks: Mapping[str, Mapping[Point, str]] | None = None) -> list[Axes]:
    """Several positions side by side (up to three a row; four as two rows of two), each cut to
    the part of the board around its stones and marks, with its title (the keys of ``states``)
    and its marks (by the same keys)."""
    count = len(states)
    if not count:
        raise ValueError("draw_boards needs at least one position")
    columns = 2 if count == 4 else min(count, 3)
    rows = -(-count // columns)
    _, axes = plt.subplots(rows, columns, figsize=(min(3.6 * columns, NOTEBOOK_INCHES), 4.0 * rows), squeeze=False)
    drawn = []
    for ax, (title, state) in zip(axes.flat, states.items(), strict=False):  # spare axes stay empty
        own = (marks or {}).get(title) or {}
        drawn.append(draw_gomoku(state, marks=own, title=title, view=around(state, own), ax=ax))
    for ax in list(axes.flat)[count:]:
        ax.set_visible(False)
    plt.tight_layout()
    return drawn
