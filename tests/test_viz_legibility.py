"""The notebooks' tree pictures are legible where a learner sees them, and mark every cut-off.

A notebook shows a picture at most about 970 pixels wide (a JupyterLab or Notebook 7 column):
a wider one is scaled down, its texts with it. So every text's size is measured *as shown*:

    displayed px = fontsize_pt * dpi / 72 * (displayed width / drawn width)

where the drawn width is the picture's width in pixels, as the notebook's inline backend saves
it (``bbox_inches="tight"``), and the displayed width is the smaller of it and 970. No label
may be smaller than 9 px. The pictures are the ones notebooks 01 to 04 draw, built here the
same way (``tests/test_notebooks.py`` measures the real notebooks' pictures as they run), and
the frames of the search viewers of notebook 02.

Every node where the search cut off carries the red ``cut`` label: the texts with the gid
``cut-label`` are counted against the trace's cut-off events.
"""

from __future__ import annotations

import io
import itertools
import struct
from collections.abc import Callable

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.text import Text  # noqa: E402

from tictac_edu import search  # noqa: E402
from tictac_edu.evaluation import line_evaluation, most_lines_first  # noqa: E402
from tictac_edu.games import GameTree, MNKGame, TicTacToe, play_moves  # noqa: E402
from tictac_edu.search.result import SearchResult  # noqa: E402
from tictac_edu.viz import draw_search_tree, search_tree_graph, tidy_layout  # noqa: E402
from tictac_edu.viz.draw import CUT_LABEL, CUT_LABEL_GID, GROUP_PRUNED, PRUNED_WIDTH  # noqa: E402
from tictac_edu.widgets import SearchViewer  # noqa: E402

NOTEBOOK_COLUMN_PX = 970
"""The widest a notebook column shows a picture."""
SMALLEST_PX = 9.0
"""No label smaller than this, as shown."""
TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def png_width(png: bytes) -> int:
    """The width of a PNG image, from its header."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return int(struct.unpack(">I", png[16:20])[0])


def shown_like_a_notebook(figure: Figure) -> int:
    """Save ``figure`` as the inline backend does; the width of the image in pixels."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", bbox_inches="tight")
    return png_width(buffer.getvalue())


def texts(figure: Figure) -> list[Text]:
    """Every visible, non-empty text of a figure (titles, labels, legend entries, ...)."""
    return [text for text in figure.findobj(Text) if text.get_visible() and text.get_text().strip()]


def displayed_pixels(figure: Figure, drawn_width_px: int) -> list[tuple[str, float]]:
    """Each text with its height in pixels where a notebook shows the picture."""
    scale = min(drawn_width_px, NOTEBOOK_COLUMN_PX) / drawn_width_px
    return [(text.get_text(), text.get_fontsize() * figure.dpi / 72 * scale) for text in texts(figure)]


def assert_legible(figure: Figure, drawn_width_px: int, what: str) -> None:
    sizes = displayed_pixels(figure, drawn_width_px)
    assert sizes, f"{what}: no text at all"
    small = [(text, round(px, 1)) for text, px in sizes if px < SMALLEST_PX]
    assert not small, f"{what}: texts smaller than {SMALLEST_PX} px as shown ({drawn_width_px} px drawn): {small}"


def cut_labels(figure: Figure) -> list[Text]:
    return [text for text in texts(figure) if text.get_gid() == CUT_LABEL_GID]


def cutoff_events(result: SearchResult, upto: int | None = None) -> int:
    assert result.trace is not None
    return sum(event.kind == "cutoff" for event in result.trace[:upto])


# --- the pictures of the notebooks, drawn as the notebooks draw them ------------------------

def textbook_pair() -> tuple[Figure, list[SearchResult]]:
    """Notebook 02, section 3: minimax and alpha-beta on the textbook tree, side by side."""
    tree = GameTree(TEXTBOOK)
    full, pruned = search.minimax(tree, trace=True), search.alphabeta(tree, trace=True)
    figure, (left, right) = plt.subplots(1, 2, figsize=(9.6, 4.6))
    draw_search_tree(full, ax=left, legend=False, title=f"minimax: {full.nodes} nodes")
    draw_search_tree(pruned, ax=right, title=f"alpha-beta: {pruned.nodes} nodes")
    return figure, [full, pruned]


def textbook_minimax() -> tuple[Figure, list[SearchResult]]:
    """Notebook 01, section 3."""
    result = search.minimax(GameTree(TEXTBOOK), trace=True)
    return draw_search_tree(result, title="Minimax on the textbook tree").figure, [result]


def faster_wins_pair() -> tuple[Figure, list[SearchResult]]:
    """Notebook 01, section 7: plain minimax against preferring faster wins."""
    small = play_moves(TicTacToe(), [0, 2, 1, 3, 4, 6])
    plain, faster = search.minimax(small, trace=True), search.minimax(small, evaluate=search.faster_wins, trace=True)
    figure, (left, right) = plt.subplots(1, 2, figsize=(9.6, 4.4))
    draw_search_tree(plain, ax=left, title=f"plain minimax: plays {plain.move}", legend=False)
    draw_search_tree(faster, ax=right, title=f"faster wins, +(10 - ply): plays {faster.move}", legend=False)
    return figure, [plain, faster]


def shallow_search() -> SearchResult:
    """Notebook 02, section 9: tic-tac-toe, two moves deep."""
    return search.alphabeta(TicTacToe(), depth=2, evaluate=line_evaluation, trace=True)


def real_search() -> tuple[Figure, list[SearchResult]]:
    result = shallow_search()
    return draw_search_tree(result).figure, [result]


def minimal_tree() -> tuple[Figure, list[SearchResult]]:
    """Notebook 03, section 2: the best-first uniform tree, b = 3, d = 3."""
    b, d = 3, 3
    nested: list = [sum((-1 if level % 2 == 0 else 1) * branch * b ** (d - 1 - level)
                        for level, branch in enumerate(path)) for path in itertools.product(range(b), repeat=d)]
    for _ in range(d):
        nested = [nested[i:i + b] for i in range(0, len(nested), b)]
    result = search.alphabeta(GameTree(nested[0]), trace=True)
    return draw_search_tree(result).figure, [result]


def horizon_search() -> SearchResult:
    """Notebook 04, section 7: depth 2 from the position the horizon loop finds."""
    horizon = play_moves(MNKGame(5, 5, 3), [17, 21, 20])
    return search.alphabeta(horizon, 2, line_evaluation, order=most_lines_first, trace=True)


def horizon_tree() -> tuple[Figure, list[SearchResult]]:
    result = horizon_search()
    title = f"depth 2 from the position above: {result.nodes} nodes"
    return draw_search_tree(result, max_depth=1, title=title).figure, [result]


def horizon_tree_deeper() -> tuple[Figure, list[SearchResult]]:
    """Notebook 04's *Try it*: the same tree with X's replies."""
    result = horizon_search()
    return draw_search_tree(result, max_depth=2).figure, [result]


PICTURES: dict[str, Callable[[], tuple[Figure, list[SearchResult]]]] = {
    "01 textbook minimax": textbook_minimax,
    "01 faster wins": faster_wins_pair,
    "02 textbook pair": textbook_pair,
    "02 real search": real_search,
    "03 minimal tree": minimal_tree,
    "04 horizon": horizon_tree,
    "04 horizon, try it": horizon_tree_deeper,
}


@pytest.mark.parametrize("name", list(PICTURES))
def test_every_label_is_legible_at_the_displayed_width(name: str) -> None:
    figure, _ = PICTURES[name]()
    assert_legible(figure, shown_like_a_notebook(figure), name)


@pytest.mark.parametrize("name", ["02 real search", "04 horizon"])
def test_a_big_picture_fits_the_notebook_column(name: str) -> None:
    figure, _ = PICTURES[name]()
    assert shown_like_a_notebook(figure) <= NOTEBOOK_COLUMN_PX  # shown at full size, not shrunk


@pytest.mark.parametrize("name", ["02 textbook pair", "02 real search", "03 minimal tree", "04 horizon"])
def test_every_cut_off_carries_the_cut_label(name: str) -> None:
    figure, results = PICTURES[name]()
    labels = cut_labels(figure)
    assert len(labels) == sum(cutoff_events(result) for result in results) > 0
    assert all(CUT_LABEL in text.get_text() for text in labels)


def test_the_horizon_tree_marks_every_cut_min_node() -> None:
    """O's 22 moves: the first searched in full, each of the other 21 refuted by a reply or two."""
    result = horizon_search()
    graph = search_tree_graph(result, max_depth=1)
    cut_nodes = [node for node, cutoff in graph.nodes(data="cutoff") if cutoff]
    assert len(list(graph.successors(0))) == 22
    assert len(cut_nodes) == cutoff_events(result) == 21
    figure = draw_search_tree(result, max_depth=1).figure
    assert len(cut_labels(figure)) == 21


def test_a_cut_label_sits_by_its_node() -> None:
    """Each ``cut`` is written at its cut-off node (beside or under it), not somewhere else."""
    result = shallow_search()
    ax = draw_search_tree(result)
    graph = search_tree_graph(result, group_pruned=GROUP_PRUNED)
    positions = tidy_layout(graph, pruned_width=PRUNED_WIDTH)
    cut_xy = {positions[node] for node, cutoff in graph.nodes(data="cutoff") if cutoff}
    assert {tuple(float(v) for v in text.get_position()) for text in cut_labels(ax.figure)} == cut_xy


def test_a_tree_too_wide_to_read_is_cut_down_not_shrunk() -> None:
    """The full tic-tac-toe search (18,297 nodes) keeps a legible picture: fewer nodes shown."""
    result = search.alphabeta(TicTacToe(), trace=True)
    ax = draw_search_tree(result)
    width = shown_like_a_notebook(ax.figure)
    assert width <= NOTEBOOK_COLUMN_PX
    assert_legible(ax.figure, width, "full tic-tac-toe")
    assert "not shown" in ax.get_title()


def test_a_picture_on_wide_axes_writes_bigger() -> None:
    """On a figure wider than the column the texts are drawn bigger, so they are legible once shrunk."""
    result = search.alphabeta(GameTree(TEXTBOOK), trace=True)
    figure, (left, right) = plt.subplots(1, 2, figsize=(16, 5))
    draw_search_tree(result, ax=left)
    draw_search_tree(result, ax=right)
    width = shown_like_a_notebook(figure)
    assert width > NOTEBOOK_COLUMN_PX
    assert_legible(figure, width, "16-inch pair")


# --- the search viewer of notebook 02 ---------------------------------------------------------

@pytest.mark.parametrize("name, every", [("textbook", 1), pytest.param("real search", 3, marks=pytest.mark.slow)])
def test_the_viewer_keeps_every_frame_legible(name: str, every: int) -> None:
    """Every frame (every third of the 79 of the real search, and its last, to keep the test quick)."""
    result = search.alphabeta(GameTree(TEXTBOOK), trace=True) if name == "textbook" else shallow_search()
    viewer = SearchViewer(result)
    last = len(viewer.trace) - 1
    for step in sorted({*range(0, last, every), last}):
        viewer.step = step
        png = viewer.picture.value
        width = png_width(png)
        assert width <= NOTEBOOK_COLUMN_PX
        assert_legible(viewer._figure, width, f"{name}, step {step}")
        assert len(cut_labels(viewer._figure)) == cutoff_events(result, step + 1)


def test_the_viewer_title_numbers_events_like_its_slider() -> None:
    viewer = SearchViewer(search.alphabeta(GameTree(TEXTBOOK), trace=True))
    viewer.step = 6
    titles = [text.get_text() for text in texts(viewer._figure) if "event" in text.get_text()]
    assert titles and "after event 6 of 0–22" in titles[0]
    assert viewer.slider.value == 6 and viewer.event_line.value.startswith("<b>trace[6]</b>")


def test_the_viewer_draws_each_frame_once(monkeypatch: pytest.MonkeyPatch) -> None:
    viewer = SearchViewer(shallow_search())
    drawn: list[int] = []
    render = viewer._render
    monkeypatch.setattr(viewer, "_render", lambda step, figure: drawn.append(step) or render(step, figure))
    viewer.step = 40
    first = bytes(viewer.picture.value)
    viewer.next()
    viewer.previous()
    assert bytes(viewer.picture.value) == first
    assert drawn == [40, 41]  # back at step 40, the frame kept is shown at once


# --- the windows of notebook 02's depth-2 tree ----------------------------------------------------

WINDOW_DIGIT_PX = 9.0
"""The digits of a window (``α=-1 β=1``) are at least this many pixels high, as shown."""


def window_texts(figure: Figure) -> list[Text]:
    """The windows and cut-off marks of a tree picture."""
    return [text for text in texts(figure) if "α=" in text.get_text() or text.get_text() == CUT_LABEL]


def digit_height_px(text: Text, figure: Figure, scale: float) -> float:
    """How many pixels high a digit of ``text`` is, as shown."""
    from matplotlib.textpath import TextPath

    size_px = text.get_fontsize() * figure.dpi / 72 * scale
    return float(TextPath((0, 0), "0", size=size_px).get_extents().height)


def edges_in_pixels(figure: Figure) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Every edge line of the tree, in display pixels."""
    from matplotlib.collections import LineCollection

    (ax,) = figure.axes
    lines = []
    for collection in ax.collections:
        if isinstance(collection, LineCollection):
            for segment in collection.get_segments():
                start, end = ax.transData.transform(segment[0]), ax.transData.transform(segment[-1])
                lines.append(((float(start[0]), float(start[1])), (float(end[0]), float(end[1]))))
    return lines


def crosses(line: tuple[tuple[float, float], tuple[float, float]], box: tuple[float, float, float, float]) -> bool:
    """Whether ``line`` passes through ``box`` (left, bottom, right, top), sampled finely."""
    (x0, y0), (x1, y1) = line
    left, bottom, right, top = box
    steps = 400
    return any(left < x0 + (x1 - x0) * i / steps < right and bottom < y0 + (y1 - y0) * i / steps < top
               for i in range(steps + 1))


@pytest.mark.parametrize("name", ["depth 2 of notebook 02", "textbook"])
def test_windows_are_big_and_no_edge_crosses_them(name: str) -> None:
    if name == "textbook":
        result = search.alphabeta(GameTree(TEXTBOOK), trace=True)
    else:
        result = search.alphabeta(TicTacToe(), depth=2, evaluate=line_evaluation, trace=True)
    ax = draw_search_tree(result)
    figure = ax.figure
    width = shown_like_a_notebook(figure)
    scale = min(width, NOTEBOOK_COLUMN_PX) / width
    windows = window_texts(figure)
    assert any("α=" in text.get_text() for text in windows)
    small = [(text.get_text(), round(digit_height_px(text, figure, scale), 1)) for text in windows
             if digit_height_px(text, figure, scale) < WINDOW_DIGIT_PX]
    assert not small, f"windows whose digits are under {WINDOW_DIGIT_PX} px as shown: {small}"
    renderer = figure.canvas.get_renderer()
    lines = edges_in_pixels(figure)
    crossed = []
    for text in windows:
        extent = text.get_window_extent(renderer)
        box = (extent.x0 + 1, extent.y0 + 1, extent.x1 - 1, extent.y1 - 1)
        patch = text.get_bbox_patch()
        behind = patch is not None and patch.get_alpha() == 1.0 and text.get_zorder() > max(
            collection.get_zorder() for collection in ax.collections)  # an opaque box the edges pass behind
        if not behind and any(crosses(line, box) for line in lines):
            crossed.append(text.get_text())
    assert not crossed, f"edges cross the windows {crossed}"
