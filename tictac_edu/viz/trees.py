"""Search traces as trees: replay a trace into a networkx graph, and lay the tree out.

A search run with ``trace=True`` records what it did as a list of
:class:`~tictac_edu.search.result.TraceEvent` (enter a node, leave it with a value, cut off
its remaining moves). :func:`search_tree_graph` replays those events into a rooted
:class:`networkx.DiGraph` that the pictures draw; :func:`tidy_layout` places its nodes top
down, parents centred over their children.

Values, alpha and beta in the graph are, like in the trace, from the *root player's* point
of view (MAX in the pictures), whatever form the search was written in.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any

import networkx as nx

from tictac_edu.search.result import SearchResult, TraceEvent

DEFAULT_MAX_NODES = 100
"""How many searched nodes a picture shows before collapsing the rest: about as many as stay
readable on one screen."""

SEARCHED = "searched"
"""``kind`` of a node the search visited."""
PRUNED = "pruned"
"""``kind`` of a stub for a move that was cut off and never searched; its id is
``("pruned", parent, move)``, or ``("pruned", parent)`` for one stub standing for all the
moves a node cut off (see ``group_pruned`` in :func:`search_tree_graph`)."""
COLLAPSED = "collapsed"
"""``kind`` of a placeholder for searched nodes hidden by ``max_depth`` / ``max_nodes``; its id
is ``("collapsed", parent)`` and it stands for all the hidden nodes below ``parent``."""

PENDING_LABEL = "?"
"""The label of a node entered but not yet left: its value is not known yet."""
LARGE_VALUE = 10_000
"""Values at least this large (in size) are written in thousands (k) or millions (M)."""
SIGNIFICANT_DIGITS = 3
"""Significant digits kept when a value has to be shortened."""

NodeId = Hashable
"""A node of the graph: the trace's node number for searched nodes, a tuple for stubs."""


def format_value(value: float | None) -> str:
    """A short text for a value: whole numbers as they are, infinities as ``∞``.

    Args:
        value: a node value (or alpha, beta), or ``None`` when unknown.

    Returns:
        The text to print on a picture; :data:`PENDING_LABEL` for ``None``.

    >>> [format_value(v) for v in (3, -2.0, 0.25, float("inf"), -float("inf"), 999_995, None)]
    ['3', '-2', '0.25', '∞', '-∞', '1M', '?']
    """
    if value is None:
        return PENDING_LABEL
    if math.isinf(value):
        return "∞" if value > 0 else "-∞"
    size = abs(value)
    if size >= LARGE_VALUE:
        scaled, suffix = (value / 1e6, "M") if size >= 1e6 - 0.5e3 else (value / 1e3, "k")
        return f"{scaled:.{SIGNIFICANT_DIGITS}g}{suffix}"
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.{SIGNIFICANT_DIGITS}g}"


def trace_events(trace_or_result: SearchResult | Sequence[TraceEvent]) -> list[TraceEvent]:
    """The events of a trace, given either the trace itself or a search result holding one.

    Args:
        trace_or_result: a list of :class:`TraceEvent`, or a :class:`SearchResult`.

    Returns:
        The list of events.

    Raises:
        ValueError: the result has no trace (the search was run without ``trace=True``).
        TypeError: neither a result nor a sequence of events.
    """
    if isinstance(trace_or_result, SearchResult):
        if trace_or_result.trace is None:
            raise ValueError("this search result has no trace: search with trace=True "
                             "(for example alphabeta(state, trace=True)) to draw its tree")
        return list(trace_or_result.trace)
    if isinstance(trace_or_result, (str, bytes)) or not isinstance(trace_or_result, Iterable):
        raise TypeError(f"expected a SearchResult or a list of TraceEvent, not {type(trace_or_result).__name__}")
    events = list(trace_or_result)
    for index, event in enumerate(events):
        if not isinstance(event, TraceEvent):
            raise TypeError(f"trace item {index} is a {type(event).__name__}, not a TraceEvent")
    return events


def _replay(events: Sequence[TraceEvent]) -> tuple[dict[int, dict[str, Any]], dict[int, list[int]]]:
    """Every searched node's attributes and children after ``events``, in search order."""
    nodes: dict[int, dict[str, Any]] = {}
    children: dict[int, list[int]] = {}
    for index, event in enumerate(events):
        if event.kind == "enter":
            if event.node in nodes:
                raise ValueError(f"trace event {index} enters node {event.node} a second time; "
                                 "give search_tree_graph the trace of one search")
            if event.parent is None and nodes:
                raise ValueError(f"trace event {index} enters a second root (node {event.node}); "
                                 "give search_tree_graph the trace of one search")
            if event.parent is not None and event.parent not in nodes:
                raise ValueError(f"trace event {index} enters node {event.node} under node {event.parent}, "
                                 "which was never entered")
            nodes[event.node] = {
                "kind": SEARCHED, "maximizing": event.maximizing, "depth": event.depth, "move": event.move,
                "parent": event.parent, "value": None, "alpha": event.alpha, "beta": event.beta,
                "alpha_now": event.alpha, "beta_now": event.beta, "cutoff": False, "pruned": (),
                "source": "", "on_pv": False, "state": event.state, "pending": True,
            }
            children[event.node] = []
            if event.parent is not None:
                children[event.parent].append(event.node)
            continue
        if event.node not in nodes:
            raise ValueError(f"trace event {index} ({event.kind}) is about node {event.node}, "
                             "which was never entered")
        node = nodes[event.node]
        if event.kind == "leave":
            node["value"], node["source"], node["pending"] = event.value, event.source, False
            parent = nodes.get(event.parent) if event.parent is not None else None
            if parent is not None and event.value is not None:
                # The parent's own window narrows as its children return (what the search does).
                if parent["maximizing"] and parent["alpha_now"] is not None:
                    parent["alpha_now"] = max(parent["alpha_now"], event.value)
                elif not parent["maximizing"] and parent["beta_now"] is not None:
                    parent["beta_now"] = min(parent["beta_now"], event.value)
        elif event.kind == "cutoff":
            node["cutoff"], node["pruned"] = True, tuple(event.pruned)
            node["alpha"] = node["alpha_now"] = event.alpha
            node["beta"] = node["beta_now"] = event.beta
        else:
            raise ValueError(f"trace event {index} has an unknown kind {event.kind!r}")
    return nodes, children


def _mark_principal_variation(nodes: dict[int, dict[str, Any]], children: dict[int, list[int]], root: int) -> None:
    """Set ``on_pv`` along the line of best play: at each finished node, the first finished
    child whose value equals the node's value."""
    current: int | None = root
    while current is not None and not nodes[current]["pending"]:
        nodes[current]["on_pv"] = True
        value = nodes[current]["value"]
        current = next((child for child in children[current]
                        if not nodes[child]["pending"] and nodes[child]["value"] == value), None)


def _subtree_size(node: int, children: dict[int, list[int]]) -> int:
    """The number of searched nodes in the subtree of ``node`` (itself included)."""
    size, stack = 0, [node]
    while stack:
        current = stack.pop()
        size += 1
        stack.extend(children[current])
    return size


def _node_label(attrs: dict[str, Any]) -> str:
    return format_value(attrs["value"])


def pruned_moves_label(moves: Sequence[Any], move_label: Callable[[Any], str] = str) -> str:
    """A short text for the moves one cut-off skipped: runs of whole numbers as ``a–b``.

    Args:
        moves: the pruned moves, in search order.
        move_label: turns a move into its text (``str`` by default).

    Returns:
        The moves separated by commas, three or more consecutive whole numbers written as a
        range.

    >>> pruned_moves_label([2, 3, 4, 5, 6, 7, 8]), pruned_moves_label([1, 2]), pruned_moves_label([0, 2, 3, 4, 7])
    ('2–8', '1,2', '0,2–4,7')
    """
    parts: list[str] = []
    run: list[Any] = []

    def flush() -> None:
        if len(run) >= 3:
            parts.append(f"{move_label(run[0])}–{move_label(run[-1])}")
        else:
            parts.extend(move_label(move) for move in run)
        run.clear()

    for move in moves:
        whole = isinstance(move, int) and not isinstance(move, bool)
        if run and whole and move == run[-1] + 1:
            run.append(move)
            continue
        flush()
        if whole:
            run.append(move)
        else:
            parts.append(move_label(move))
    flush()
    return ",".join(parts)


def _extra_node(parent: int, parent_attrs: dict[str, Any], maximizing: bool, **attrs: Any) -> dict[str, Any]:
    """The attributes of a stub or placeholder under ``parent`` (never searched itself):
    nothing known, except ``attrs``."""
    return {"maximizing": maximizing, "depth": parent_attrs["depth"] + 1, "parent": parent, "value": None,
            "alpha": None, "beta": None, "alpha_now": None, "beta_now": None, "cutoff": False, "pruned": (),
            "source": "", "on_pv": False, "state": None, "pending": False, **attrs}


def search_tree_graph(trace: SearchResult | Sequence[TraceEvent], upto: int | None = None,
                      max_depth: int | None = None, max_nodes: int | None = DEFAULT_MAX_NODES, *,
                      group_pruned: int | None = None) -> nx.DiGraph:
    """Replay a search trace into a rooted tree.

    Searched nodes keep the trace's node numbers as ids (the root is 0). Every move that a
    cut-off skipped becomes a stub node ``("pruned", parent, move)``; with ``group_pruned``,
    a node that cut off more moves than that gets a single stub ``("pruned", parent)`` for
    all of them, labelled like ``2–8``. Searched nodes beyond
    ``max_depth``, or after the first ``max_nodes`` (in search order), are not shown: each shown
    node with hidden children gets one placeholder ``("collapsed", parent)`` labelled ``+N``.

    Node attributes:

    ==============  ============================================================
    ``kind``        ``"searched"``, ``"pruned"`` or ``"collapsed"``
    ``maximizing``  whether the root player (MAX) is to move there
    ``depth``       the distance from the root
    ``move``        the move from the parent (``None`` at the root and placeholders)
    ``value``       the value (root player's view); ``None`` until the node is left
    ``alpha``       the window on entry, or at the node's cut-off
    ``beta``        (``None`` for searches without a window, such as minimax)
    ``alpha_now``   the window as the node's own search has narrowed it so far: a MAX
    ``beta_now``    node raises alpha, a MIN node lowers beta as each child returns
    ``cutoff``      whether this node cut off its remaining moves
    ``pruned``      the moves it cut off (searched nodes)
    ``moves``       the moves a stub stands for (stubs only; one move unless grouped)
    ``source``      how the value was found (``"search"``, ``"terminal"``, ...)
    ``on_pv``       whether the node is on the principal variation (finished nodes only;
                    a placeholder is, if the principal variation goes on among its nodes)
    ``pending``     entered but not yet left (only when replaying part of a trace)
    ``state``       the position, if known (``None`` otherwise)
    ``hidden``      the number of searched nodes a placeholder stands for (0 otherwise)
    ``label``       a short text to print on the node: the value, ``?``, the pruned
                    move(s), or ``+N``
    ==============  ============================================================

    Edges carry ``move``. ``graph.graph`` holds ``root``, ``hidden`` (searched nodes not shown),
    ``searched`` (searched nodes replayed), ``shown`` (searched nodes shown) and ``events``
    (events replayed).

    Args:
        trace: a list of :class:`~tictac_edu.search.result.TraceEvent`, or a search result
            made with ``trace=True``.
        upto: replay only the first ``upto`` events (all of them if ``None``; a larger number
            than the trace holds means all of them).
        max_depth: hide searched nodes deeper than this.
        max_nodes: after ``max_depth``, show only the first ``max_nodes`` searched nodes in
            search order (``None``: no limit). Pruned stubs and placeholders come on top.
        group_pruned: a node that cut off more than this many moves gets one stub for all
            of them (``None``: one stub per move, always).

    Returns:
        A :class:`networkx.DiGraph`, edges from parent to child, empty if no event was replayed.

    Raises:
        ValueError: a bad ``upto``/``max_depth``/``max_nodes``, a result without a trace, or
            events that do not form one search.

    >>> from tictac_edu.games import GameTree
    >>> from tictac_edu.search import alphabeta
    >>> result = alphabeta(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), trace=True)
    >>> graph = search_tree_graph(result)
    >>> graph.nodes[5]["cutoff"], [n for n in graph.successors(5)]
    (True, [6, ('pruned', 5, 1), ('pruned', 5, 2)])
    >>> [n for n in graph if graph.nodes[n]["on_pv"]]
    [0, 1, 2]
    """
    events = trace_events(trace)
    for name, limit, least in (("upto", upto, 0), ("max_depth", max_depth, 0), ("max_nodes", max_nodes, 1),
                               ("group_pruned", group_pruned, 1)):
        if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < least):
            raise ValueError(f"{name} must be a whole number >= {least} or None, not {limit!r}")
    if upto is not None:
        events = events[:upto]
    nodes, children = _replay(events)

    graph = nx.DiGraph()
    graph.graph.update(root=None, hidden=0, searched=len(nodes), shown=0, events=len(events))
    if not nodes:
        return graph
    root = next(iter(nodes))
    graph.graph["root"] = root
    _mark_principal_variation(nodes, children, root)

    within_depth = [n for n in nodes if max_depth is None or nodes[n]["depth"] <= max_depth]
    # Nodes are numbered in the order they were entered (pre-order), so any prefix of the
    # nodes within the depth limit is a connected tree containing the root.
    shown = set(within_depth if max_nodes is None else within_depth[:max_nodes])
    graph.graph["shown"] = len(shown)
    graph.graph["hidden"] = len(nodes) - len(shown)

    # Searched nodes first, so that each node's children come in search order: its searched
    # children, then the placeholder for the hidden ones, then the moves it cut off.
    for node, attrs in nodes.items():
        if node in shown:
            graph.add_node(node, **attrs, hidden=0, label=_node_label(attrs))
            if attrs["parent"] is not None:
                graph.add_edge(attrs["parent"], node, move=attrs["move"])
    for node, attrs in nodes.items():
        if node not in shown:
            continue
        hidden_children = [child for child in children[node] if child not in shown]
        if hidden_children:
            count = sum(_subtree_size(child, children) for child in hidden_children)
            placeholder = (COLLAPSED, node)
            on_pv = any(nodes[child]["on_pv"] for child in hidden_children)
            graph.add_node(placeholder, **_extra_node(node, attrs, nodes[hidden_children[0]]["maximizing"],
                                                      kind=COLLAPSED, move=None, hidden=count, on_pv=on_pv,
                                                      label=f"+{count}"))
            graph.add_edge(node, placeholder, move=None)
        if attrs["pruned"] and (max_depth is None or attrs["depth"] < max_depth):
            sibling = children[node][0] if children[node] else None
            maximizing = nodes[sibling]["maximizing"] if sibling is not None else not attrs["maximizing"]
            if group_pruned is not None and len(attrs["pruned"]) > group_pruned:
                moves = tuple(attrs["pruned"])
                graph.add_node((PRUNED, node), **_extra_node(node, attrs, maximizing, kind=PRUNED, move=None,
                                                              moves=moves, hidden=0,
                                                              label=pruned_moves_label(moves)))
                graph.add_edge(node, (PRUNED, node), move=None)
                continue
            for move in attrs["pruned"]:
                stub = (PRUNED, node, move)
                state = attrs["state"].play(move) if attrs["state"] is not None else None
                graph.add_node(stub, **_extra_node(node, attrs, maximizing, kind=PRUNED, move=move, moves=(move,),
                                                   state=state, hidden=0, label=str(move)))
                graph.add_edge(node, stub, move=move)
    return graph


def tidy_layout(graph: nx.DiGraph, root: NodeId = 0, *, pruned_width: float = 1.0) -> dict[NodeId, tuple[float, float]]:
    """A tidy top-down layout: leaves side by side in search order, parents centred over children.

    Leaves are placed left to right, one unit apart, in the order the search met them (the
    order children were added to the graph); every inner node sits at the mean ``x`` of its
    children, not counting pruned stubs (which come last, so they fan out to the right of
    the searched children and no edge crosses them), and ``y = -depth``. A node with only
    stubs sits over them. Subtrees never overlap, because each occupies its own run of leaves.

    Args:
        graph: a tree, edges from parent to child (as made by :func:`search_tree_graph`).
        root: the root node.
        pruned_width: the room given to a pruned stub, in units of a leaf (1: evenly spaced;
            the pictures pass less, so that many cut-off moves take less room).

    Returns:
        ``{node: (x, y)}`` for every node reachable from ``root``; empty for an empty graph.

    Raises:
        ValueError: ``root`` is not in a non-empty graph, or the graph is not a tree below it.

    >>> graph = nx.DiGraph([(0, 1), (0, 2), (1, 3), (1, 4)])
    >>> tidy_layout(graph)
    {3: (0.0, -2), 4: (1.0, -2), 1: (0.5, -1), 2: (2.0, -1), 0: (1.25, 0)}
    """
    if graph.number_of_nodes() == 0:
        return {}
    if root not in graph:
        raise ValueError(f"tidy_layout: the root {root!r} is not a node of the graph")
    if pruned_width <= 0:
        raise ValueError(f"tidy_layout: pruned_width must be positive, not {pruned_width!r}")
    positions: dict[NodeId, tuple[float, float]] = {}
    last_x, last_width = 0.0, None
    seen: set[NodeId] = set()
    # Iterative post-order walk, so deep trees do not hit Python's recursion limit.
    stack: list[tuple[NodeId, int, bool]] = [(root, 0, False)]
    while stack:
        node, depth, expanded = stack.pop()
        kids = list(graph.successors(node))
        if not expanded:
            if node in seen:
                raise ValueError(f"tidy_layout: node {node!r} is reached twice; the graph is not a tree")
            seen.add(node)
            if kids:
                stack.append((node, depth, True))
                stack.extend((child, depth + 1, False) for child in reversed(kids))
                continue
        if kids:
            centre = [child for child in kids if graph.nodes[child].get("kind") != PRUNED] or kids
            positions[node] = (sum(positions[child][0] for child in centre) / len(centre), -depth)
        else:
            width = pruned_width if graph.nodes[node].get("kind") == PRUNED else 1.0
            # Neighbouring leaves are half a width each away from the gap between them.
            x = 0.0 if last_width is None else last_x + (last_width + width) / 2
            positions[node] = (x, -depth)
            last_x, last_width = x, width
    return positions
