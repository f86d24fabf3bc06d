"""Search traces as trees: replay a trace into a networkx graph, and lay the tree out.

A search run with ``trace=True`` records what it did as a list of
:class:`~tictac_edu.search.result.TraceEvent` (enter a node, leave it with a value, cut off
its remaining moves). :func:`search_tree_graph` replays those events into a rooted
:class:`networkx.DiGraph` that the pictures draw, one :class:`TreeNode` record per node;
:func:`tidy_layout` places its nodes top down, parents centred over their children.

Values, alpha and beta in the graph are, like in the trace, from the *root player's* point
of view (MAX in the pictures), whatever form the search was written in.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Literal

import networkx as nx

from tictac_edu.games.base import GameState, Move
from tictac_edu.search.result import SearchResult, TraceEvent

DEFAULT_MAX_NODES = 100
"""How many searched nodes a picture shows before collapsing the rest: about as many as stay
readable on one screen."""

NodeKind = Literal["searched", "pruned", "collapsed"]
"""What a node of the tree stands for: :data:`SEARCHED`, :data:`PRUNED` or :data:`COLLAPSED`."""
SEARCHED: NodeKind = "searched"
"""``kind`` of a node the search visited."""
PRUNED: NodeKind = "pruned"
"""``kind`` of a stub for a move that was cut off and never searched; its id is
``("pruned", parent, move)``, or ``("pruned", parent)`` for one stub standing for all the
moves a node cut off (see ``group_pruned`` in :func:`search_tree_graph`)."""
COLLAPSED: NodeKind = "collapsed"
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
TREE_NODE = "tree_node"
"""The graph attribute that holds a node's :class:`TreeNode` (``graph.nodes[n][TREE_NODE]``)."""


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


@dataclass(frozen=True)
class TreeNode:
    """One node of a search tree as a picture shows it.

    Values, alpha and beta are from the root player's point of view (MAX), like the trace's.
    A pruned stub or a collapsed placeholder was never searched itself (or is not shown):
    its value and window stay unknown (``None``).

    Attributes:
        kind: :data:`SEARCHED`, :data:`PRUNED` or :data:`COLLAPSED`.
        maximizing: whether the root player (MAX) is to move there.
        depth: the distance from the root.
        parent: the parent's id (``None`` at the root).
        move: the move from the parent (``None`` at the root, at placeholders and at a stub
            that stands for several moves).
        value: the value; ``None`` until the node is left.
        alpha, beta: the window on entry, or at the node's cut-off (``None`` for searches
            without a window, such as minimax).
        alpha_now, beta_now: the window as the node's own search has narrowed it so far: a MAX
            node raises alpha, a MIN node lowers beta as each child returns.
        cutoff: whether this node cut off its remaining moves.
        pruned: the moves it cut off (searched nodes).
        moves: the moves a stub stands for (stubs only; one move unless grouped).
        source: how the value was found (``"search"``, ``"terminal"``, ...).
        on_pv: whether the node is on the principal variation (finished nodes only; a
            placeholder is, if the principal variation goes on among its nodes).
        pending: entered but not yet left (only when replaying part of a trace).
        state: the position, if known.
        hidden: the number of searched nodes a placeholder stands for (0 otherwise).

    >>> TreeNode(PRUNED, maximizing=True, depth=2, parent=5, moves=(2, 3, 4)).label
    '2–4'
    """

    kind: NodeKind
    maximizing: bool
    depth: int
    parent: NodeId | None = None
    move: Move | None = None
    value: float | None = None
    alpha: float | None = None
    beta: float | None = None
    alpha_now: float | None = None
    beta_now: float | None = None
    cutoff: bool = False
    pruned: tuple[Move, ...] = ()
    moves: tuple[Move, ...] = ()
    source: str = ""
    on_pv: bool = False
    pending: bool = False
    state: GameState | None = field(default=None, repr=False, compare=False)
    hidden: int = 0

    @property
    def label(self) -> str:
        """The short text printed on the node: its value (``?`` while pending), the pruned
        move(s) of a stub, or ``+N`` for a placeholder."""
        if self.kind == PRUNED:
            return pruned_moves_label(self.moves)
        if self.kind == COLLAPSED:
            return f"+{self.hidden}"
        return format_value(self.value)

    @property
    def has_window(self) -> bool:
        """Whether the search kept an alpha-beta window here (minimax does not)."""
        return self.alpha_now is not None

    def attributes(self) -> dict[str, Any]:
        """The node's attributes in the graph: the record itself under :data:`TREE_NODE`, and
        each of its fields and ``label`` by name, for networkx's views
        (``graph.nodes(data="value")``)."""
        named = {item.name: getattr(self, item.name) for item in fields(self)}
        return {TREE_NODE: self, **named, "label": self.label}


def tree_nodes(graph: nx.DiGraph) -> dict[NodeId, TreeNode]:
    """The record of every node of a graph made by :func:`search_tree_graph`, in graph order.

    >>> from tictac_edu.games import GameTree
    >>> from tictac_edu.search import alphabeta
    >>> nodes = tree_nodes(search_tree_graph(alphabeta(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), trace=True)))
    >>> nodes[5].cutoff, nodes[5].alpha, nodes[5].beta, nodes[5].pruned
    (True, 3, 2, (1, 2))
    """
    return {node: record for node, record in graph.nodes(data=TREE_NODE)}


@dataclass(slots=True)
class _Visit:
    """A searched node while its trace is replayed: its value and window change as events come in."""

    entered: TraceEvent
    value: float | None = None
    source: str = ""
    pending: bool = True
    alpha: float | None = None
    beta: float | None = None
    alpha_now: float | None = None
    beta_now: float | None = None
    cutoff: bool = False
    pruned: tuple[Move, ...] = ()
    on_pv: bool = False
    children: list[int] = field(default_factory=list)

    @classmethod
    def of(cls, event: TraceEvent) -> _Visit:
        return cls(event, alpha=event.alpha, beta=event.beta, alpha_now=event.alpha, beta_now=event.beta)

    @property
    def maximizing(self) -> bool:
        return self.entered.maximizing

    @property
    def depth(self) -> int:
        return self.entered.depth

    def leave(self, event: TraceEvent) -> None:
        self.value, self.source, self.pending = event.value, event.source, False

    def child_returned(self, value: float) -> None:
        """The node's own window narrows as its children return (what the search does)."""
        if self.maximizing and self.alpha_now is not None:
            self.alpha_now = max(self.alpha_now, value)
        elif not self.maximizing and self.beta_now is not None:
            self.beta_now = min(self.beta_now, value)

    def cut_off(self, event: TraceEvent) -> None:
        self.cutoff, self.pruned = True, tuple(event.pruned)
        self.alpha = self.alpha_now = event.alpha
        self.beta = self.beta_now = event.beta

    def record(self) -> TreeNode:
        """The node as the picture shows it, now."""
        event = self.entered
        return TreeNode(SEARCHED, event.maximizing, event.depth, parent=event.parent, move=event.move,
                        value=self.value, alpha=self.alpha, beta=self.beta, alpha_now=self.alpha_now,
                        beta_now=self.beta_now, cutoff=self.cutoff, pruned=self.pruned, source=self.source,
                        on_pv=self.on_pv, pending=self.pending, state=event.state)


def _check_entry(visits: dict[int, _Visit], index: int, event: TraceEvent) -> None:
    """Refuse an ``enter`` event that does not continue the one search replayed so far."""
    if event.node in visits:
        raise ValueError(f"trace event {index} enters node {event.node} a second time; "
                         "give search_tree_graph the trace of one search")
    if event.parent is None and visits:
        raise ValueError(f"trace event {index} enters a second root (node {event.node}); "
                         "give search_tree_graph the trace of one search")
    if event.parent is not None and event.parent not in visits:
        raise ValueError(f"trace event {index} enters node {event.node} under node {event.parent}, "
                         "which was never entered")


def _replay(events: Sequence[TraceEvent]) -> dict[int, _Visit]:
    """Every searched node after ``events``, in search order (the order they were entered)."""
    visits: dict[int, _Visit] = {}
    for index, event in enumerate(events):
        if event.kind == "enter":
            _check_entry(visits, index, event)
            visits[event.node] = _Visit.of(event)
            if event.parent is not None:
                visits[event.parent].children.append(event.node)
        elif event.node not in visits:
            raise ValueError(f"trace event {index} ({event.kind}) is about node {event.node}, "
                             "which was never entered")
        elif event.kind == "leave":
            visits[event.node].leave(event)
            if event.parent in visits and event.value is not None:
                visits[event.parent].child_returned(event.value)
        elif event.kind == "cutoff":
            visits[event.node].cut_off(event)
        else:
            raise ValueError(f"trace event {index} has an unknown kind {event.kind!r}")
    return visits


def _mark_principal_variation(visits: dict[int, _Visit], root: int) -> None:
    """Set ``on_pv`` along the line of best play: at each finished node, the first finished
    child whose value equals the node's value."""
    current: int | None = root
    while current is not None and not visits[current].pending:
        visits[current].on_pv = True
        value = visits[current].value
        current = next((child for child in visits[current].children
                        if not visits[child].pending and visits[child].value == value), None)


def _check_limit(name: str, limit: int | None, least: int) -> None:
    if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < least):
        raise ValueError(f"{name} must be a whole number >= {least} or None, not {limit!r}")


def _add(graph: nx.DiGraph, node: NodeId, record: TreeNode) -> None:
    """Add ``node`` with its record, and the edge from its parent."""
    graph.add_node(node, **record.attributes())
    if record.parent is not None:
        graph.add_edge(record.parent, node, move=record.move)


class TraceReplay:
    """A trace replayed once, ready to become trees with different limits.

    :func:`search_tree_graph` is ``TraceReplay(events).graph(...)``; a picture that tries
    several limits to find the largest tree that fits replays the trace only once.

    Args:
        events: the trace, or its first events (see :func:`trace_events`).

    Raises:
        ValueError: events that do not form one search.
    """

    def __init__(self, events: Sequence[TraceEvent]) -> None:
        self.events = len(events)
        """How many events were replayed."""
        self._visits = _replay(events)
        self.root: int | None = next(iter(self._visits), None)
        """The root's node number, ``None`` if nothing was entered."""
        if self.root is not None:
            _mark_principal_variation(self._visits, self.root)

    def graph(self, max_depth: int | None = None, max_nodes: int | None = DEFAULT_MAX_NODES,
              group_pruned: int | None = None) -> nx.DiGraph:
        """The tree, with ``max_depth``, ``max_nodes`` and ``group_pruned`` as
        :func:`search_tree_graph` takes them."""
        _check_limit("max_depth", max_depth, 0)
        _check_limit("max_nodes", max_nodes, 1)
        _check_limit("group_pruned", group_pruned, 1)
        graph = nx.DiGraph()
        graph.graph.update(root=self.root, hidden=0, searched=len(self._visits), shown=0, events=self.events)
        if self.root is None:
            return graph
        shown = self._shown(max_depth, max_nodes)
        graph.graph.update(shown=len(shown), hidden=len(self._visits) - len(shown))
        # Searched nodes first, so that each node's children come in search order: its searched
        # children, then the placeholder for the hidden ones, then the moves it cut off.
        for node in shown:
            _add(graph, node, self._visits[node].record())
        for node in shown:
            self._add_placeholder(graph, node, shown)
            if max_depth is None or self._visits[node].depth < max_depth:
                self._add_stubs(graph, node, group_pruned)
        return graph

    def _shown(self, max_depth: int | None, max_nodes: int | None) -> dict[int, None]:
        """The searched nodes to show, in search order (as the keys of a dict)."""
        within_depth = [node for node, visit in self._visits.items() if max_depth is None or visit.depth <= max_depth]
        # Nodes are numbered in the order they were entered (pre-order), so any prefix of the
        # nodes within the depth limit is a connected tree containing the root.
        return dict.fromkeys(within_depth if max_nodes is None else within_depth[:max_nodes])

    def _subtree_size(self, node: int) -> int:
        """The number of searched nodes in the subtree of ``node`` (itself included)."""
        size, stack = 0, [node]
        while stack:
            size += 1
            stack.extend(self._visits[stack.pop()].children)
        return size

    def _add_placeholder(self, graph: nx.DiGraph, node: int, shown: dict[int, None]) -> None:
        """One ``+N`` placeholder under ``node`` for all its searched children not shown."""
        hidden = [child for child in self._visits[node].children if child not in shown]
        if not hidden:
            return
        count = sum(self._subtree_size(child) for child in hidden)
        _add(graph, (COLLAPSED, node), TreeNode(
            COLLAPSED, self._visits[hidden[0]].maximizing, self._visits[node].depth + 1, parent=node,
            on_pv=any(self._visits[child].on_pv for child in hidden), hidden=count))

    def _add_stubs(self, graph: nx.DiGraph, node: int, group_pruned: int | None) -> None:
        """A stub under ``node`` for each move it cut off, or one for all of them if they
        are more than ``group_pruned``."""
        visit = self._visits[node]
        if not visit.pruned:
            return
        children = visit.children
        maximizing = self._visits[children[0]].maximizing if children else not visit.maximizing
        depth = visit.depth + 1
        if group_pruned is not None and len(visit.pruned) > group_pruned:
            _add(graph, (PRUNED, node), TreeNode(PRUNED, maximizing, depth, parent=node, moves=visit.pruned))
            return
        state = visit.entered.state
        for move in visit.pruned:
            _add(graph, (PRUNED, node, move), TreeNode(PRUNED, maximizing, depth, parent=node, move=move,
                                                       moves=(move,),
                                                       state=state.play(move) if state is not None else None))


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

    Each node holds its :class:`TreeNode` under the attribute :data:`TREE_NODE` (read them all
    with :func:`tree_nodes`), and, for networkx's own views, each field of the record and its
    ``label`` as an attribute of that name: ``graph.nodes[5]["cutoff"]``,
    ``graph.nodes(data="value")``.

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
    _check_limit("upto", upto, 0)
    return TraceReplay(events[:upto]).graph(max_depth, max_nodes, group_pruned)


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
    for node, depth in _post_order(graph, root):
        kids = list(graph.successors(node))
        if kids:
            centre = [child for child in kids if graph.nodes[child].get("kind") != PRUNED] or kids
            positions[node] = (sum(positions[child][0] for child in centre) / len(centre), -depth)
            continue
        width = pruned_width if graph.nodes[node].get("kind") == PRUNED else 1.0
        # Neighbouring leaves are half a width each away from the gap between them.
        x = 0.0 if last_width is None else last_x + (last_width + width) / 2
        positions[node] = (x, -depth)
        last_x, last_width = x, width
    return positions


def _post_order(graph: nx.DiGraph, root: NodeId) -> list[tuple[NodeId, int]]:
    """Every node below ``root`` (itself included) with its depth, children before their parent
    and left to right: an iterative walk, so deep trees do not hit Python's recursion limit.

    Raises:
        ValueError: a node is reached twice (the graph is not a tree below ``root``).
    """
    order: list[tuple[NodeId, int]] = []
    seen: set[NodeId] = set()
    stack: list[tuple[NodeId, int, bool]] = [(root, 0, False)]
    while stack:
        node, depth, expanded = stack.pop()
        if expanded:
            order.append((node, depth))
            continue
        if node in seen:
            raise ValueError(f"tidy_layout: node {node!r} is reached twice; the graph is not a tree")
        seen.add(node)
        stack.append((node, depth, True))
        stack.extend((child, depth + 1, False) for child in reversed(list(graph.successors(node))))
    return order
