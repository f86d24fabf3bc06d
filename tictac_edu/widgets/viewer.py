"""Step through a search trace: the tree grows event by event, with a line saying what happened.

The picture follows the search: it shows the part of the tree drawn so far, as large as it
fits, and once the tree is too wide to show whole at a legible size it keeps the node of the
current event in view and pans along with the search. Nodes keep the places they have in the
finished tree, and every frame is kept once drawn, so stepping back and forth is instant.

>>> from tictac_edu.games import GameTree
>>> from tictac_edu.search import alphabeta
>>> viewer = SearchViewer(alphabeta(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), trace=True))
>>> viewer.step = 12
>>> viewer.description
'cut-off at node 5 (MIN): α=3 ≥ β=2, skipping moves 1, 2'
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable, Hashable, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets
from matplotlib.figure import Figure

from tictac_edu.search.result import SearchResult, TraceEvent
from tictac_edu.widgets import style
from tictac_edu.widgets.base import format_number

DrawTree = Callable[..., Any]
"""``draw(trace, upto=..., ax=..., max_depth=..., max_nodes=..., show_window=..., title=...,
full_layout=True, view=(left, right))``, like :func:`tictac_edu.viz.draw_search_tree`."""

VIEW_MIN_SLOTS = 8.0
"""The picture never zooms in closer than this many leaf slots across, so the first steps of
a search are not drawn huge."""
MARGINS = (0.01, 0.03, 0.99, 0.92)
"""Left, bottom, right and top of the tree's axes in the picture (fractions), the same at
every step: room above for the title (the legend is written under the picture, once)."""
PREFETCH_STEPS = 3
"""After showing a step, the viewer draws this many of the next steps while the kernel is idle,
so that Next and Play answer at once."""
PREFETCH_PAUSE_S = 0.02
"""The pause before drawing each step ahead, so that clicks are answered first."""
PNG_OPTIONS = {"compress_level": 1}
"""Quick to write: the frames are shown, not stored."""


def legend_html() -> str:
    """The key to the pictures, as HTML under the viewer's picture (drawn once, rather than in
    every frame): its keys wrap to the width of the page, each kept whole."""
    from tictac_edu.viz import draw

    def key(symbol: str, colour: str, text: str, weight: str = "normal") -> str:
        return (f'<span style="display:inline-block;white-space:nowrap;margin-right:1.2em"><span style="color:{colour};'
                f'font-weight:{weight}">{symbol}</span> {escape(text)}</span>')

    # The keys are separated by spaces, where the line may break: at any width, a key that does
    # not fit goes to the next line, whole.
    return ('<div style="white-space:normal;line-height:1.6">' + " ".join([
        key("▲", draw.MAX_COLOR, "MAX node: root player to move"),
        key("▼", draw.MIN_COLOR, "MIN node: opponent to move"),
        key("△ ?", draw.EDGE_COLOR, "not finished yet"),
        key("━", draw.PV_COLOR, "principal variation", "bold"),
        key("╌ ×", draw.PRUNED_COLOR, "pruned move(s): never searched"),
        key(draw.CUT_LABEL, draw.CUTOFF_COLOR, "cut off here: α ≥ β", "bold"),
        key("+N", draw.PRUNED_COLOR, "searched nodes not shown"),
    ]) + "</div>")


LEAVE_SOURCES = {
    "terminal": " (a finished game: a leaf)",
    "evaluation": " (evaluated at the depth limit)",
    "table": " (from the transposition table)",
    "cache": " (from the cache)",
}


def _kind(event: TraceEvent) -> str:
    return "MAX" if event.maximizing else "MIN"


def _window(event: TraceEvent) -> str:
    if event.alpha is None and event.beta is None:
        return ""
    return f" with α={format_number(event.alpha)}, β={format_number(event.beta)}"


def describe_event(event: TraceEvent) -> str:
    """One line saying what a trace event means; values are from the root player's (MAX's) view.

    >>> describe_event(TraceEvent("leave", 1, 0, 0, 1, False, value=3, source="search"))
    'leave node 1 (MIN) with value 3'
    """
    if event.kind == "enter":
        where = "the root, node 0" if event.parent is None else f"node {event.node}"
        via = "" if event.parent is None else f" by move {event.move} from node {event.parent}"
        return f"enter {where} ({_kind(event)}){via}{_window(event)}"
    if event.kind == "leave":
        return (f"leave node {event.node} ({_kind(event)}) with value {format_number(event.value)}"
                f"{LEAVE_SOURCES.get(event.source, '')}")
    if event.kind == "cutoff":
        skipped = ", ".join(str(move) for move in event.pruned)
        moves = "move" if len(event.pruned) == 1 else "moves"
        return (f"cut-off at node {event.node} ({_kind(event)}): α={format_number(event.alpha)} ≥ "
                f"β={format_number(event.beta)}, skipping {moves} {skipped}")
    return f"{event.kind} at node {event.node}"


def _trace_of(result_or_trace: SearchResult | Sequence[TraceEvent]) -> list[TraceEvent]:
    if isinstance(result_or_trace, SearchResult):
        if result_or_trace.trace is None:
            raise ValueError("this search result has no trace: run the search with trace=True "
                             "(for example alphabeta(state, trace=True))")
        trace = list(result_or_trace.trace)
    else:
        trace = list(result_or_trace)
        if not all(isinstance(event, TraceEvent) for event in trace):
            raise TypeError("SearchViewer needs a SearchResult with a trace, or a list of TraceEvent")
    if not trace:
        raise ValueError("the trace is empty: there is nothing to step through")
    return trace


class SearchViewer(widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """Replay a search trace step by step: Play, Previous/Next and a slider over the events.

    At step ``i`` the picture shows the tree as it stood after event ``trace[i]`` (the first
    event is step 0, as on the slider), and the line above it says what that event did:
    entering a node with its window, leaving it with a value, or cutting off its remaining
    moves. Values, alpha and beta are from the root player's (MAX's) point of view.

    Args:
        result_or_trace: a :class:`~tictac_edu.search.SearchResult` searched with
            ``trace=True``, or its ``trace``.
        max_depth, max_nodes, show_window, title: passed to the tree picture
            (:func:`tictac_edu.viz.draw_search_tree`).
        step: the event to show first.
        figsize: the picture's size in inches.
        dpi: the picture's resolution.
        interval_ms: time between two steps while playing.
        draw: the function drawing the tree (by default
            :func:`tictac_edu.viz.draw_search_tree`).

    Raises:
        ValueError: the result has no trace, or the trace is empty.

    Attributes:
        trace: the events.
        max_depth, max_nodes, show_window, title: the picture's options (change them, then
            call :meth:`redraw`).
        slider, play, previous_button, next_button: the controls.
        event_line: the line describing the current event.
        picture: the image of the tree.
        legend: the key to the picture, under it.
    """

    def __init__(self, result_or_trace: SearchResult | Sequence[TraceEvent], *, max_depth: int | None = None,
                 max_nodes: int = 100, show_window: bool = True, title: str | None = None, step: int = 0,
                 figsize: tuple[float, float] = style.VIEWER_FIGSIZE, dpi: int = style.VIEWER_DPI,
                 interval_ms: int = style.VIEWER_INTERVAL_MS, draw: DrawTree | None = None) -> None:
        super().__init__()
        self.trace: list[TraceEvent] = _trace_of(result_or_trace)
        self._source = result_or_trace if isinstance(result_or_trace, SearchResult) else self.trace
        self.max_depth = max_depth
        self.max_nodes = max_nodes
        self.show_window = show_window
        self.title = title
        self._draw = draw
        self._figure = Figure(figsize=figsize, dpi=dpi)
        self._frames: dict[int, bytes] = {}
        self._layout: dict[Hashable, tuple[float, float]] | None = None
        self._options: tuple[Any, ...] | None = None
        self._generation = 0
        """Counts the changes of the picture's options: frames drawn for older ones are dropped."""
        self._prefetching: int | None = None
        """The generation the steps ahead are being drawn for, if they are."""
        last = len(self.trace) - 1

        self.play = widgets.Play(value=0, min=0, max=last, step=1, interval=interval_ms,
                                 description="Play", tooltip="Play the search event by event")
        self.previous_button = widgets.Button(description="Previous", icon="step-backward",
                                              tooltip="Go back one event", layout=widgets.Layout(width="110px"))
        self.next_button = widgets.Button(description="Next", icon="step-forward", tooltip="Go forward one event",
                                          layout=widgets.Layout(width="110px"))
        self.slider = widgets.IntSlider(value=0, min=0, max=last, step=1, description="Event",
                                        continuous_update=False, layout=widgets.Layout(width="420px"))
        widgets.link((self.play, "value"), (self.slider, "value"))
        self.event_line = widgets.HTML()
        self.event_line.add_class("tictac-event")
        self.picture = widgets.Image(format="png", layout=widgets.Layout(max_width="100%", height="auto"))
        self.picture.add_class("tictac-tree")
        self.legend = widgets.HTML(legend_html())
        self.legend.add_class("tictac-tree-legend")

        self.step = step
        self.previous_button.on_click(lambda _: self.previous())
        self.next_button.on_click(lambda _: self.next())
        self.slider.observe(lambda change: self.redraw(), names="value")

        self.children = [widgets.HBox([self.play, self.previous_button, self.next_button, self.slider]),
                         self.event_line, self.picture, self.legend]
        self.add_class("tictac-search-viewer")
        self.redraw()

    @property
    def step(self) -> int:
        """The index of the event shown (0 is the first event)."""
        return int(self.slider.value)

    @step.setter
    def step(self, value: int) -> None:
        self.slider.value = max(0, min(int(value), len(self.trace) - 1))

    @property
    def event(self) -> TraceEvent:
        """The event shown."""
        return self.trace[self.step]

    @property
    def description(self) -> str:
        """What the event shown does, in words (see :func:`describe_event`)."""
        return describe_event(self.event)

    def next(self) -> None:
        """Show the next event (stays on the last one)."""
        self.step = self.step + 1

    def previous(self) -> None:
        """Show the previous event (stays on the first one)."""
        self.step = self.step - 1

    def redraw(self) -> None:
        """Draw the picture and the event line for the current step. After changing the
        picture's options, call it to draw every step again with them."""
        options = (self.max_depth, self.max_nodes, self.show_window, self.title)
        if options != self._options:
            self._options = options
            self._generation += 1   # steps being drawn ahead are for the old options: they stop
            self._frames = {}
            self._layout = None
        step = self.step
        self.event_line.value = f"<b>trace[{step}]</b> · {escape(self.description)}"
        self.picture.value = self._frame(step)
        self._prefetch(step)

    def _frame(self, step: int) -> bytes:
        """The picture after event ``step``, drawn once and then kept."""
        frame = self._frames.get(step)
        if frame is None:
            frame = self._frames[step] = self._render(step, self._figure)
        return frame

    def _prefetch(self, step: int) -> None:
        """Draw the next few steps one at a time while the kernel has nothing else to do.

        In a Jupyter kernel each step ahead is drawn by a callback of the kernel's event loop,
        between the messages the kernel answers, so a click never waits for more than one
        frame; outside a running event loop (a script, a test) nothing is drawn ahead.
        """
        if self._prefetching == self._generation:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        generation = self._generation

        def draw_one() -> None:
            ahead = next((later for later in range(self.step + 1, min(self.step + 1 + PREFETCH_STEPS,
                                                                         len(self.trace)))
                          if later not in self._frames), None)
            if generation != self._generation:
                return
            if ahead is None:
                self._prefetching = None
                return
            self._frame(ahead)
            loop.call_later(PREFETCH_PAUSE_S, draw_one)

        self._prefetching = generation
        loop.call_later(PREFETCH_PAUSE_S, draw_one)

    def _view(self, step: int) -> tuple[float, float]:
        """The range of the finished tree's layout (in leaf slots) to show after event ``step``:
        the nodes drawn so far, as large as they fit, and if they are too wide to show whole
        at a legible size, a legible window around the node of this event."""
        from tictac_edu.viz.draw import GROUP_PRUNED, LEAF_SLOT_FONTS, MARGIN_SLOTS, PRUNED_WIDTH, min_font_points
        from tictac_edu.viz.trees import search_tree_graph, tidy_layout

        limits: dict[str, Any] = {"max_depth": self.max_depth, "max_nodes": self.max_nodes,
                                  "group_pruned": GROUP_PRUNED}
        layout = self._layout
        if layout is None:
            layout = self._layout = tidy_layout(search_tree_graph(self.trace, **limits), pruned_width=PRUNED_WIDTH)
        drawn = search_tree_graph(self.trace, upto=step + 1, **limits)
        xs = [layout[node][0] for node in drawn if node in layout] or [0.0]
        low, high = min(xs) - MARGIN_SLOTS, max(xs) + MARGIN_SLOTS
        width_points = (MARGINS[2] - MARGINS[0]) * self._figure.get_figwidth() * 72
        widest = width_points / (LEAF_SLOT_FONTS * min_font_points(self._figure))
        span = min(max(high - low, VIEW_MIN_SLOTS), max(widest, VIEW_MIN_SLOTS))
        node = self.trace[step].node
        if high - low <= span:
            centre = (low + high) / 2
        else:  # follow the search: keep this event's node in view, within the tree
            here = layout.get(node, (high, 0.0))[0]
            centre = min(max(here, low + span / 2), high - span / 2)
        return centre - span / 2, centre + span / 2

    def _render(self, step: int, figure: Figure) -> bytes:
        """The tree after event ``step`` as PNG bytes, drawn on ``figure``."""
        draw = self._draw
        if draw is None:
            from tictac_edu.viz import draw_search_tree  # imported when first needed (it loads networkx)

            draw = draw_search_tree
        figure.clear()
        left, bottom, right, top = MARGINS
        ax = figure.add_axes((left, bottom, right - left, top - bottom))
        draw(self._source, upto=step + 1, ax=ax, max_depth=self.max_depth, max_nodes=self.max_nodes,
             show_window=self.show_window, title=self.title, full_layout=True,  # nodes keep their places
             view=self._view(step), legend=False)
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png", pil_kwargs=PNG_OPTIONS)  # the same size at every step
        return buffer.getvalue()
