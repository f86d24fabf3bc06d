"""Search-tree pictures: the structure of the replayed graph, the layout, and that the drawing
and plot helpers produce what they promise. Structure is checked, not pixels."""

from __future__ import annotations

import dataclasses
import math
from itertools import pairwise

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import networkx as nx  # noqa: E402
import pytest  # noqa: E402
from matplotlib.axes import Axes  # noqa: E402

from tictac_edu.evaluation import line_evaluation  # noqa: E402
from tictac_edu.games import GameTree, TicTacToe  # noqa: E402
from tictac_edu.search import alphabeta, minimax  # noqa: E402
from tictac_edu.search.result import TraceEvent  # noqa: E402
from tictac_edu.viz import (  # noqa: E402
    bar_node_counts,
    draw_search_tree,
    format_value,
    plot_node_counts,
    search_tree_graph,
    tidy_layout,
)
from tictac_edu.viz.trees import TREE_NODE, TraceReplay, TreeNode, tree_nodes  # noqa: E402

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


@pytest.fixture(scope="module")
def textbook_alphabeta():
    return alphabeta(GameTree(TEXTBOOK), trace=True)


@pytest.fixture(scope="module")
def textbook_minimax():
    return minimax(GameTree(TEXTBOOK), trace=True)


@pytest.fixture(scope="module")
def tictactoe_alphabeta():
    """The full alpha-beta search of the empty board: 18,297 nodes."""
    return alphabeta(TicTacToe(), trace=True)


@pytest.fixture(scope="module")
def tictactoe_depth2():
    return alphabeta(TicTacToe(), depth=2, evaluate=line_evaluation, trace=True)


def kinds(graph: nx.DiGraph, kind: str) -> list:
    return [node for node, node_kind in graph.nodes(data="kind") if node_kind == kind]


def leaves_in_search_order(graph: nx.DiGraph, root=0) -> list:
    """Leaves in depth-first order, children in the order the graph lists them."""
    return [node for node in nx.dfs_preorder_nodes(graph, root) if graph.out_degree(node) == 0]


def centred_over(graph: nx.DiGraph, node) -> list:
    """The children a node sits over in the layout: all but its pruned stubs, unless it has
    nothing else."""
    children = list(graph.successors(node))
    return [child for child in children if graph.nodes[child]["kind"] != "pruned"] or children


# --- the graph of the textbook tree ------------------------------------------------------

def test_textbook_alphabeta_searched_nodes(textbook_alphabeta):
    graph = search_tree_graph(textbook_alphabeta)
    assert sorted(kinds(graph, "searched")) == list(range(11))
    assert graph.graph["root"] == 0
    assert graph.graph["hidden"] == 0
    assert graph.graph["searched"] == textbook_alphabeta.nodes == 11


def test_textbook_alphabeta_pruned_stubs(textbook_alphabeta):
    graph = search_tree_graph(textbook_alphabeta)
    # The second MIN node (node 5) sees the leaf 2 and never looks at the leaves 4 and 6.
    assert sorted(kinds(graph, "pruned")) == [("pruned", 5, 1), ("pruned", 5, 2)]
    assert list(graph.successors(5)) == [6, ("pruned", 5, 1), ("pruned", 5, 2)]
    for move in (1, 2):
        stub = graph.nodes[("pruned", 5, move)]
        assert stub["move"] == move
        assert stub["value"] is None
        assert stub["depth"] == 2
        assert stub["label"] == str(move)
        assert stub["state"].path == (1, move)
        assert graph.edges[5, ("pruned", 5, move)]["move"] == move
    cutoff_nodes = [node for node, cutoff in graph.nodes(data="cutoff") if cutoff]
    assert cutoff_nodes == [5]
    assert (graph.nodes[5]["alpha"], graph.nodes[5]["beta"]) == (3, 2)


def test_textbook_alphabeta_values_and_kinds(textbook_alphabeta):
    graph = search_tree_graph(textbook_alphabeta)
    assert graph.nodes[0]["value"] == 3
    assert [graph.nodes[n]["value"] for n in (1, 5, 7)] == [3, 2, 2]
    assert [graph.nodes[n]["value"] for n in (2, 3, 4, 6, 8, 9, 10)] == [3, 12, 8, 2, 14, 5, 2]
    assert graph.nodes[0]["maximizing"] is True
    assert [graph.nodes[n]["maximizing"] for n in (1, 5, 7)] == [False, False, False]
    assert [graph.nodes[n]["depth"] for n in (0, 1, 2, 5, 6)] == [0, 1, 2, 1, 2]
    assert [graph.nodes[n]["move"] for n in (0, 1, 5, 7, 9)] == [None, 0, 1, 2, 1]
    assert graph.nodes[0]["source"] == "search" and graph.nodes[2]["source"] == "terminal"
    assert graph.nodes[0]["label"] == "3"
    assert graph.edges[0, 7]["move"] == 2
    assert graph.nodes[3]["state"].path == (0, 1)


def test_textbook_windows(textbook_alphabeta):
    graph = search_tree_graph(textbook_alphabeta)
    # On entry: the root has the full window, node 7 already knows MAX has 3.
    assert (graph.nodes[0]["alpha"], graph.nodes[0]["beta"]) == (-math.inf, math.inf)
    assert (graph.nodes[7]["alpha"], graph.nodes[7]["beta"]) == (3, math.inf)
    # As narrowed by the children: the root raised alpha to 3, node 7 lowered beta to 2.
    assert graph.nodes[0]["alpha_now"] == 3
    assert graph.nodes[7]["beta_now"] == 2


def test_textbook_principal_variation(textbook_alphabeta):
    graph = search_tree_graph(textbook_alphabeta)
    on_pv = sorted(node for node, flag in graph.nodes(data="on_pv") if flag)
    assert on_pv == [0, 1, 2]
    assert [graph.nodes[n]["move"] for n in on_pv[1:]] == textbook_alphabeta.pv


def test_textbook_minimax_has_no_stubs(textbook_minimax):
    graph = search_tree_graph(textbook_minimax)
    assert len(kinds(graph, "searched")) == 13
    assert kinds(graph, "pruned") == []
    assert not any(cutoff for _, cutoff in graph.nodes(data="cutoff"))
    assert graph.nodes[0]["alpha"] is None  # minimax has no window
    assert [graph.nodes[n]["value"] for n in graph.successors(0)] == [3, 2, 2]
    assert sorted(node for node, flag in graph.nodes(data="on_pv") if flag) == [0, 1, 2]


def test_edges_form_a_tree_rooted_at_zero(textbook_alphabeta):
    graph = search_tree_graph(textbook_alphabeta)
    assert nx.is_arborescence(graph)
    assert graph.in_degree(0) == 0
    assert sorted(graph.successors(0)) == [1, 5, 7]


# --- replaying part of a trace ------------------------------------------------------------

def test_upto_replays_partially(textbook_alphabeta):
    # Events 0..11: the first MIN node is finished, node 5 has just seen the leaf 2.
    graph = search_tree_graph(textbook_alphabeta, upto=12)
    assert sorted(kinds(graph, "searched")) == [0, 1, 2, 3, 4, 5, 6]
    assert kinds(graph, "pruned") == []  # the cut-off is the next event
    assert graph.nodes[0]["value"] is None and graph.nodes[0]["pending"]
    assert graph.nodes[5]["value"] is None and graph.nodes[5]["pending"]
    assert graph.nodes[5]["label"] == "?"
    assert graph.nodes[1]["value"] == 3 and not graph.nodes[1]["pending"]
    assert graph.nodes[5]["beta_now"] == 2  # the leaf 2 already lowered node 5's beta
    assert not any(flag for _, flag in graph.nodes(data="on_pv"))  # the root is not finished
    assert graph.graph["events"] == 12

    after_cutoff = search_tree_graph(textbook_alphabeta, upto=13)
    assert sorted(kinds(after_cutoff, "pruned")) == [("pruned", 5, 1), ("pruned", 5, 2)]
    assert after_cutoff.nodes[5]["cutoff"]


def test_upto_edges(textbook_alphabeta):
    assert search_tree_graph(textbook_alphabeta, upto=0).number_of_nodes() == 0
    only_root = search_tree_graph(textbook_alphabeta, upto=1)
    assert list(only_root.nodes) == [0] and only_root.nodes[0]["pending"]
    everything = search_tree_graph(textbook_alphabeta, upto=10_000)
    assert everything.number_of_nodes() == 13
    with pytest.raises(ValueError, match="upto"):
        search_tree_graph(textbook_alphabeta, upto=-1)


# --- limits: max_depth and max_nodes -------------------------------------------------------

def test_max_depth_collapses_full_tictactoe(tictactoe_alphabeta):
    graph = search_tree_graph(tictactoe_alphabeta, max_depth=1, max_nodes=None)
    searched = kinds(graph, "searched")
    assert len(searched) == 10  # the root and its nine moves
    assert max(graph.nodes[n]["depth"] for n in graph) <= 2
    assert graph.graph["hidden"] == 18_297 - 10
    collapsed = kinds(graph, "collapsed")
    assert len(collapsed) == 9
    assert sum(graph.nodes[n]["hidden"] for n in collapsed) == graph.graph["hidden"]
    assert all(graph.nodes[n]["label"] == f"+{graph.nodes[n]['hidden']}" for n in collapsed)
    # No stubs below the depth limit.
    assert all(graph.nodes[n]["depth"] <= 1 for n in kinds(graph, "pruned"))


def test_max_nodes_collapses_full_tictactoe(tictactoe_alphabeta):
    limit = 100
    graph = search_tree_graph(tictactoe_alphabeta, max_nodes=limit)
    searched = kinds(graph, "searched")
    assert len(searched) == limit
    assert sorted(searched) == list(range(limit))  # the first nodes in search order
    assert graph.graph["hidden"] == 18_297 - limit > 0
    collapsed = kinds(graph, "collapsed")
    assert collapsed and sum(graph.nodes[n]["hidden"] for n in collapsed) == graph.graph["hidden"]
    assert nx.is_arborescence(graph)
    for node in collapsed:  # a placeholder comes after its parent's shown searched children
        siblings = list(graph.successors(graph.nodes[node]["parent"]))
        assert all(graph.nodes[s]["kind"] == "pruned" for s in siblings[siblings.index(node) + 1:])


def test_max_depth_then_max_nodes(tictactoe_alphabeta):
    graph = search_tree_graph(tictactoe_alphabeta, max_depth=2, max_nodes=30)
    searched = kinds(graph, "searched")
    assert len(searched) == 30
    assert max(graph.nodes[n]["depth"] for n in searched) <= 2
    assert graph.graph["hidden"] == 18_297 - 30


def test_default_limit_keeps_big_traces_small(tictactoe_alphabeta):
    graph = search_tree_graph(tictactoe_alphabeta)
    assert len(kinds(graph, "searched")) == 100
    assert graph.graph["hidden"] > 0


def test_bad_limits(textbook_alphabeta):
    for arguments in ({"max_depth": -1}, {"max_nodes": 0}, {"max_nodes": 2.5}, {"upto": True}):
        with pytest.raises(ValueError):
            search_tree_graph(textbook_alphabeta, **arguments)


def test_result_without_trace_is_refused():
    result = alphabeta(GameTree(TEXTBOOK))
    with pytest.raises(ValueError, match="trace=True"):
        search_tree_graph(result)


def test_trace_that_is_not_one_search(textbook_alphabeta):
    events = textbook_alphabeta.trace
    with pytest.raises(ValueError, match="second"):
        search_tree_graph(events + events)
    orphan = TraceEvent("enter", 3, 2, 0, 2, True, state=None)
    with pytest.raises(ValueError, match="never entered"):
        search_tree_graph([events[0], orphan])


# --- the node record --------------------------------------------------------------------

def test_the_record_of_the_textbook_cut_off_and_of_a_move_it_pruned(textbook_alphabeta):
    """Node 5 is MIN's reply to MAX's move 1: its first leaf, 2, is below the 3 MAX already has,
    so it cuts off its moves 1 and 2, which become stubs that know nothing but where they are."""
    nodes = tree_nodes(search_tree_graph(textbook_alphabeta))
    cut = nodes[5]
    assert (cut.kind, cut.maximizing, cut.depth, cut.parent, cut.move) == ("searched", False, 1, 0, 1)
    assert (cut.value, cut.alpha, cut.beta, cut.cutoff, cut.pruned, cut.on_pv) == (2, 3, 2, True, (1, 2), False)
    assert cut.label == "2" and cut.has_window
    stub = nodes[("pruned", 5, 1)]
    assert stub == TreeNode("pruned", maximizing=True, depth=2, parent=5, move=1, moves=(1,))
    assert stub.value is None and not stub.has_window and stub.label == "1"
    assert stub.state is not None and stub.state.path == (1, 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        stub.value = 5  # type: ignore[misc]  # a picture cannot change the tree it draws


def test_a_grouped_stub_and_a_placeholder_say_what_they_stand_for(tictactoe_depth2, tictactoe_alphabeta):
    group = tree_nodes(search_tree_graph(tictactoe_depth2, group_pruned=2))[("pruned", 10)]
    assert (group.parent, group.move, group.moves, group.label) == (10, None, (2, 3, 4, 5, 6, 7, 8), "2–8")
    placeholder = tree_nodes(search_tree_graph(tictactoe_alphabeta, max_depth=1))[("collapsed", 1)]
    # The search under X's first move, with the root's window still open, is that move's own search.
    assert 1 + placeholder.hidden == alphabeta(TicTacToe().play(0)).nodes == 2_338
    assert (placeholder.depth, placeholder.maximizing, placeholder.on_pv) == (2, True, True)
    assert placeholder.label == "+2337" and placeholder.value is None


def test_the_graph_attributes_are_the_records_fields(tictactoe_depth2):
    graph = search_tree_graph(tictactoe_depth2, group_pruned=2)
    for node, record in tree_nodes(graph).items():
        attributes = graph.nodes[node]
        assert attributes[TREE_NODE] is record and attributes["label"] == record.label
        assert all(attributes[field.name] is getattr(record, field.name) for field in dataclasses.fields(TreeNode))


@pytest.mark.parametrize("limits", [{}, {"max_depth": 1}, {"max_nodes": 7, "group_pruned": 2},
                                    {"max_depth": 1, "max_nodes": 3, "group_pruned": 1}])
def test_one_replay_gives_the_tree_of_every_limit(tictactoe_depth2, limits):
    replayed = TraceReplay(tictactoe_depth2.trace).graph(**limits)
    graph = search_tree_graph(tictactoe_depth2, **limits)
    assert list(replayed.nodes(data=TREE_NODE)) == list(graph.nodes(data=TREE_NODE))
    assert list(replayed.edges(data=True)) == list(graph.edges(data=True))
    assert replayed.graph == graph.graph


# --- layout ----------------------------------------------------------------------------

@pytest.mark.parametrize("search", [alphabeta, minimax])
def test_tidy_layout_textbook(search):
    graph = search_tree_graph(search(GameTree(TEXTBOOK), trace=True))
    positions = tidy_layout(graph)
    assert set(positions) == set(graph.nodes)
    for node, (x, y) in positions.items():
        assert y == -graph.nodes[node]["depth"]
        children = centred_over(graph, node)
        if children:
            assert x == pytest.approx(sum(positions[c][0] for c in children) / len(children))
    leaves = leaves_in_search_order(graph)
    xs = [positions[leaf][0] for leaf in leaves]
    assert all(a < b for a, b in pairwise(xs))
    assert all(b - a == pytest.approx(1.0) for a, b in pairwise(xs))  # evenly spaced


def test_tidy_layout_stubs_in_search_order(textbook_alphabeta):
    graph = search_tree_graph(textbook_alphabeta)
    positions = tidy_layout(graph)
    # Under node 5: the leaf it searched, then the two moves it pruned, left to right.
    xs = [positions[n][0] for n in (6, ("pruned", 5, 1), ("pruned", 5, 2))]
    assert xs == sorted(xs) and len(set(xs)) == 3
    assert positions[5][0] == positions[6][0]  # over the leaf it searched: the stubs fan out to the right
    assert positions[0][0] == pytest.approx((positions[1][0] + positions[5][0] + positions[7][0]) / 3)


def test_tidy_layout_big_tree_is_tidy_without_overlap(tictactoe_alphabeta):
    graph = search_tree_graph(tictactoe_alphabeta, max_nodes=100)
    positions = tidy_layout(graph, pruned_width=0.5)
    for node, (x, _) in positions.items():
        children = centred_over(graph, node)
        if children:  # the mean, not the midpoint of the outer children
            assert x == pytest.approx(sum(positions[c][0] for c in children) / len(children))
    xs = [positions[leaf][0] for leaf in leaves_in_search_order(graph)]
    assert all(a < b for a, b in pairwise(xs))
    levels: dict[float, list[float]] = {}
    for x, y in positions.values():
        levels.setdefault(y, []).append(x)
    for xs in levels.values():
        xs.sort()
        assert all(b - a >= 0.5 - 1e-9 for a, b in pairwise(xs))


def test_tidy_layout_small_cases():
    assert tidy_layout(nx.DiGraph()) == {}
    single = nx.DiGraph()
    single.add_node(0)
    assert tidy_layout(single) == {0: (0.0, 0)}
    assert tidy_layout(nx.DiGraph([(0, 1), (0, 2), (1, 3), (1, 4)])) == {
        3: (0.0, -2), 4: (1.0, -2), 1: (0.5, -1), 2: (2.0, -1), 0: (1.25, 0)}
    with pytest.raises(ValueError, match="root"):
        tidy_layout(nx.DiGraph([(1, 2)]))
    with pytest.raises(ValueError, match="not a tree"):
        tidy_layout(nx.DiGraph([(0, 1), (0, 2), (1, 3), (2, 3)]))


# --- drawing ----------------------------------------------------------------------------

def texts_of(ax: Axes) -> list[str]:
    return [text.get_text() for text in ax.texts]


def test_draw_textbook(textbook_alphabeta):
    ax = draw_search_tree(textbook_alphabeta)
    assert isinstance(ax, Axes)
    texts = texts_of(ax)
    for value in ("3", "12", "8", "14", "5"):  # leaf values are written
        assert value in texts
    assert any(text.startswith("α=3") and "β=2" in text and "cut" in text for text in texts)
    assert ax.collections and ax.lines  # edges, and node markers
    legend = [text.get_text() for text in ax.get_legend().get_texts()]
    assert any("MAX" in text for text in legend) and any("MIN" in text for text in legend)
    assert any("pruned" in text for text in legend)
    assert "11 nodes searched" in ax.get_title()


def marker_count(ax: Axes, marker: str) -> int:
    return sum(len(line.get_xdata()) for line in ax.lines if line.get_marker() == marker)


def test_draw_marks_max_and_min_nodes(textbook_alphabeta):
    ax = draw_search_tree(textbook_alphabeta, legend=False)
    assert marker_count(ax, "^") == 8  # the root and the seven leaves searched
    assert marker_count(ax, "v") == 3  # the three MIN nodes


def test_draw_pending_nodes_hollow(textbook_alphabeta):
    ax = draw_search_tree(textbook_alphabeta, upto=12)
    hollow = [line for line in ax.lines
              if line.get_marker() in ("^", "v") and line.get_markerfacecolor() == "white"]
    assert sum(len(line.get_xdata()) for line in hollow) == 2  # the root and node 5
    assert "?" in texts_of(ax)
    assert "after event 11 of 0–22" in ax.get_title()  # numbered like the trace and the viewer's slider


def node_positions(ax: Axes) -> set[tuple[float, float]]:
    """Where the triangles are."""
    return {(float(x), float(y)) for line in ax.lines if line.get_marker() in ("^", "v")
            for x, y in zip(line.get_xdata(), line.get_ydata(), strict=True)}


def test_draw_full_layout_keeps_nodes_in_place(textbook_alphabeta):
    finished = node_positions(draw_search_tree(textbook_alphabeta))
    moving = node_positions(draw_search_tree(textbook_alphabeta, upto=12))
    fixed = node_positions(draw_search_tree(textbook_alphabeta, upto=12, full_layout=True))
    assert len(fixed) == len(moving) == 7  # nodes 0..6
    assert fixed < finished
    assert not moving <= finished  # on its own, the partial tree centres its root elsewhere


def test_draw_without_window(textbook_alphabeta):
    ax = draw_search_tree(textbook_alphabeta, show_window=False, title="")
    assert not any("α=" in text for text in texts_of(ax))
    assert ax.get_title() == ""


def test_draw_on_given_axes_and_nothing_yet(textbook_alphabeta):
    _, given = plt.subplots()
    assert draw_search_tree(textbook_alphabeta.trace, ax=given) is given
    _, empty = plt.subplots()
    draw_search_tree(textbook_alphabeta, upto=0, ax=empty)
    assert "nothing searched yet" in texts_of(empty)


def test_draw_refuses_result_without_trace():
    with pytest.raises(ValueError, match="search with trace=True"):
        draw_search_tree(alphabeta(GameTree(TEXTBOOK)))


def test_draw_tictactoe_depth2(tictactoe_depth2):
    ax = draw_search_tree(tictactoe_depth2)
    cutoffs = [event for event in tictactoe_depth2.trace if event.kind == "cutoff"]
    pruned = sum(len(event.pruned) for event in cutoffs)
    stub_marks = [line for line in ax.lines if line.get_marker() == "x"]
    assert len(stub_marks) == 1 and len(stub_marks[0].get_xdata()) == len(cutoffs)  # one stub per cut-off
    assert f"{tictactoe_depth2.nodes} nodes searched, {pruned} moves pruned" in ax.get_title()
    assert "2–8" in texts_of(ax)  # X's move 1: O's reply 0 refuted it, so 2 to 8 were never searched


def test_one_stub_per_move_when_asked(tictactoe_depth2):
    pruned = sum(len(event.pruned) for event in tictactoe_depth2.trace)
    _, wide = plt.subplots(figsize=(16, 4))   # on axes of one's own, nothing is left out to fit
    ax = draw_search_tree(tictactoe_depth2, group_pruned=None, ax=wide)
    assert marker_count(ax, "x") == pruned
    assert "not shown" in draw_search_tree(tictactoe_depth2, group_pruned=None).get_title()  # too wide to fit
    graph = search_tree_graph(tictactoe_depth2, group_pruned=2)
    groups = [node for node in kinds(graph, "pruned") if len(node) == 2]
    assert groups and all(len(graph.nodes[node]["moves"]) > 2 for node in groups)
    assert sum(len(graph.nodes[node]["moves"]) for node in kinds(graph, "pruned")) == pruned


def test_draw_big_tree_collapsed(tictactoe_alphabeta):
    ax = draw_search_tree(tictactoe_alphabeta, max_depth=3, max_nodes=60)
    assert any(text.startswith("+") for text in texts_of(ax))
    assert "not shown" in ax.get_title()


def test_format_value():
    assert [format_value(v) for v in (3, -2.0, 0.5, math.inf, -math.inf, None)] == ["3", "-2", "0.5", "∞", "-∞", "?"]
    assert format_value(999_995) == "1M"
    assert format_value(-12_345) == "-12.3k"


# --- plots ------------------------------------------------------------------------------

def test_plot_node_counts():
    rows = {"minimax": [(1, 10), (2, 82), (3, 586)], "alpha-beta": [(1, 10), (2, 37), (3, 200)]}
    ax = plot_node_counts(rows, title="nodes by depth")
    assert len(ax.get_lines()) == 2
    assert list(ax.get_lines()[1].get_ydata()) == [10, 37, 200]
    assert ax.get_yscale() == "log"
    assert ax.get_xlabel() == "depth" and ax.get_ylabel() == "nodes visited"
    assert [text.get_text() for text in ax.get_legend().get_texts()] == ["minimax", "alpha-beta"]
    assert ax.get_title() == "nodes by depth"
    assert plot_node_counts(rows, log=False).get_yscale() == "linear"


def test_plot_node_counts_refuses_bad_rows():
    with pytest.raises(ValueError, match="pairs"):
        plot_node_counts({"minimax": [10, 82]})


def test_bar_node_counts():
    counts = {"minimax": 549_946, "alpha-beta": 18_297, "alpha-beta, ordered": 7_275}
    ax = bar_node_counts(counts)
    assert len(ax.patches) == 3
    assert [patch.get_height() for patch in ax.patches] == [549_946, 18_297, 7_275]
    assert [text.get_text() for text in ax.texts] == ["549,946", "18,297", "7,275"]
    assert ax.get_yscale() == "linear"
    assert bar_node_counts(counts, log=True).get_yscale() == "log"
