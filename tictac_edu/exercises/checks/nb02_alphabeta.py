"""Notebook 02 (alpha-beta pruning): ``alphabeta_tree`` (MAX/MIN form on a textbook tree, recording
the leaves it looks at) and ``alphabeta`` (negamax form, with node counting).

The figures a learner's function is compared with come from the package's own
:class:`~tictac_edu.search.AlphaBeta` (fail-soft, one window at the root, cut-off on
``alpha >= beta``), through its public methods only.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable
from functools import cache
from typing import Any

from tictac_edu.exercises.diagnosis import call
from tictac_edu.exercises.positions import Position, alphabeta_count, random_positions, solved, tree_size, ttt
from tictac_edu.exercises.registry import Context, declare, is_int, is_number, show_value
from tictac_edu.games import GameTree, MNKGame, TicTacToe
from tictac_edu.games.tree import Tree
from tictac_edu.search import AlphaBeta

INF = math.inf
TEXTBOOK: Tree = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
MIDDLE_LEAVES = [2, 4, 6]

# -- alphabeta_tree: MAX/MIN form on nested lists -------------------------------------------------

alphabeta_tree = declare(
    "alphabeta_tree", notebook="02",
    summary="alpha-beta in MAX/MIN form on a nested-list tree, recording the leaves it looks at",
    returns="a number: the best value found, for MAX (fail-soft)",
    reference="tictac_edu.exercises.solutions.nb02_alphabeta:alphabeta_tree",
    hints=[
        "Begin with plain minimax on the nested lists: a leaf (a number, not a list) is returned as it "
        "is; a MAX node returns the largest value of its children, a MIN node the smallest, and the "
        "children are searched with `not maximizing`. Then add the window.",
        "At a leaf, append it to `visited` first, but only if there is a list: `if visited is not None: "
        "visited.append(tree)`. Pass the same `visited` to every recursive call, and never append a list "
        "(an inner node).",
        "Pass the current alpha and beta to every child. A MAX node starts from best = -inf and after "
        "each child does `best = max(best, value)` and `alpha = max(alpha, value)`; a MIN node starts from "
        "+inf and does `best = min(best, value)` and `beta = min(beta, value)`.",
        "In both halves, right after updating the bound: `if alpha >= beta: break` (on equality too), "
        "then return best (not alpha or beta). On the textbook tree the middle MIN node has beta = 2 after "
        "its first leaf, <= alpha = 3, so 4 and 6 are skipped: value 3, visited [3, 12, 8, 2, 14, 5, 2].",
    ],
)

DEPTH3: Tree = [[[5, 2], [6, 1]], [[3, 8], [9, 4]]]
"""A MAX node cuts off below a MIN node: [6, 1] stops at 6 (>= beta 5), [9, 4] at 9 (>= beta 8)."""

DEEP: Tree = [[[[5, 6], [7, 4]], [[8, 6], [6, 9]]], [[[3, 9], [6, 2]], [[7, 1], [4, 8]]]]
"""A deep cut-off: the MIN node [3, 9] stops at 3 because of the alpha = 5 the root got from its first
branch, three levels up."""

TIES: tuple[Tree, ...] = ([[3, 5], [3, 1]], [[[6, 4], [6, 9]], [[2, 7]]])
"""Cut-offs on equality: 1 in the first tree, 9 in the second are never looked at."""

Frozen = Any
"""A tree with tuples instead of lists: hashable, so figures about it can be cached."""


def freeze(tree: Any) -> Frozen:
    """The tree with tuples for lists (hashable)."""
    return tuple(freeze(child) for child in tree) if isinstance(tree, (list, tuple)) else tree


def thaw(tree: Frozen) -> Any:
    """The tree with lists again (a fresh copy)."""
    return [thaw(child) for child in tree] if isinstance(tree, (list, tuple)) else tree


def _negated(tree: Frozen) -> Frozen:
    return tuple(_negated(child) for child in tree) if isinstance(tree, tuple) else -tree


class _LeafRecorder(AlphaBeta):
    """The package's alpha-beta, noting the value of every leaf it scores (in order)."""

    def __init__(self) -> None:
        super().__init__()
        self.leaves: list[float] = []

    def leaf_value(self, state: Any) -> float:
        self.leaves.append(state.value)
        return super().leaf_value(state)


@cache
def library_tree(tree: Frozen, alpha: float = -INF, beta: float = INF, maximizing: bool = True) -> tuple[float, tuple]:
    """The package's alpha-beta on ``GameTree(tree)`` called with the window (alpha, beta): (the
    fail-soft value for MAX, the leaves it looked at, left to right).

    A MIN root is searched as the MAX root of the negated tree with the window (-beta, -alpha)."""
    sign = 1 if maximizing else -1
    search = _LeafRecorder()
    window = (alpha, beta) if maximizing else (-beta, -alpha)
    value = search.value(GameTree(tree if maximizing else _negated(tree)), INF, *window)
    return sign * value, tuple(sign * leaf for leaf in search.leaves)


@cache
def tree_minimax(tree: Frozen, maximizing: bool = True) -> float:
    """The minimax value of ``tree`` for MAX."""
    if not isinstance(tree, tuple):
        return tree
    values = [tree_minimax(child, not maximizing) for child in tree]
    return max(values) if maximizing else min(values)


def random_trees(seed: int, count: int) -> list[Tree]:
    """``count`` random trees: branching 2-3, depth 2-4, leaves 0..9 (so ties are common). The same
    every run."""
    rng = random.Random(seed)

    def build(depth: int) -> Tree:
        if depth == 0:
            return rng.randint(0, 9)
        return [build(depth - 1) for _ in range(rng.randint(2, 3))]

    return [build(rng.randint(2, 4)) for _ in range(count)]


def _windows(exact: float) -> tuple[tuple[float, float], ...]:
    return ((exact - 2, exact + 2), (exact + 1, exact + 3), (exact - 3, exact - 1), (-INF, exact - 1),
            (exact + 1, INF), (exact - 0.5, exact + 0.5), (exact, exact + 1))


@alphabeta_tree.probes
def _() -> list:
    probes = []
    for index, tree in enumerate((TEXTBOOK, DEPTH3, DEEP, *TIES, *random_trees(33, 6))):
        frozen = freeze(tree)
        for maximizing in (True, False):
            exact = tree_minimax(frozen, maximizing)
            for alpha, beta in ((-INF, INF), *_windows(exact)[index % 3::3]):
                probes.append(call(thaw(frozen), alpha, beta, maximizing, []))
    return probes + [call(7, -INF, INF, True, []), call(thaw(freeze(TEXTBOOK)))]


def _number_text(value: float) -> str:
    return f'float("{value}")' if math.isinf(value) else repr(value)


def _tree_call(tree: Any, alpha: float, beta: float, maximizing: bool) -> str:
    """Code that repeats the call, to try it."""
    args = [repr(tree)]
    if alpha != -INF:
        args.append(f"alpha={_number_text(alpha)}")
    if beta != INF:
        args.append(f"beta={_number_text(beta)}")
    if not maximizing:
        args.append("maximizing=False")
    return f"seen = []; alphabeta_tree({', '.join(args)}, visited=seen); seen"


def _tree_position(tree: Any, alpha: float, beta: float, maximizing: bool) -> str:
    side = "MAX" if maximizing else "MIN"
    return f"tree: {show_value(tree)}\n{side} to move at the root, window (alpha, beta) = ({alpha:g}, {beta:g})"


def _check_tree_value(t: Context, tree: Any, value: float, alpha: float, beta: float, maximizing: bool) -> None:
    """The best value found (fail-soft), exactly as the package's alpha-beta finds it."""
    frozen = freeze(tree)
    expected = library_tree(frozen, alpha, beta, maximizing)[0]
    if value == expected:
        return
    exact = tree_minimax(frozen, maximizing)
    side = "MAX" if maximizing else "MIN"
    where: dict[str, Any] = dict(position=_tree_position(tree, alpha, beta, maximizing), expected=expected,
                                 got=value, reproduce=_tree_call(tree, alpha, beta, maximizing))
    if (alpha, beta) == (-INF, INF):
        t.fail(f"The value is not the minimax value of this tree for MAX ({side} to move at the root).", **where)
    low_ok = exact <= alpha and exact <= value <= alpha
    high_ok = exact >= beta and beta <= value <= exact
    if low_ok or high_ok:
        t.fail(f"The tree's value for MAX is {exact:g}, outside the window ({alpha:g}, {beta:g}): your {value:g} is a "
               f"true bound, but the exercise asks for the best value found (fail-soft), {expected:g}"
               + (", not alpha or beta themselves." if value in (alpha, beta) else "."),
               mistake="fail_hard" if value in (alpha, beta) else None, **where)
    if exact <= alpha:
        promise = f"a value from {exact:g} up to alpha = {alpha:g} (the best found: {expected:g})"
    elif exact >= beta:
        promise = f"a value from beta = {beta:g} up to {exact:g} (the best found: {expected:g})"
    else:
        promise = f"exactly {exact:g}"
    t.fail(f"The tree's value for MAX is {exact:g}; called with the window ({alpha:g}, {beta:g}), alpha-beta must "
           f"return {promise}.", **where)


def _check_visited(t: Context, tree: Any, visited: list, alpha: float, beta: float, maximizing: bool,
                   message: str | None = None) -> None:
    """The leaves looked at: exactly those the package's alpha-beta scores, in order."""
    expected = list(library_tree(freeze(tree), alpha, beta, maximizing)[1])
    if visited == expected:
        return
    where: dict[str, Any] = dict(position=_tree_position(tree, alpha, beta, maximizing),
                                 reproduce=_tree_call(tree, alpha, beta, maximizing), expected=expected, got=visited)
    if not visited:
        t.fail("Nothing was appended to `visited`: every leaf looked at must be.", mistake="visited_leaves", **where)
    if any(not is_number(item) for item in visited):
        t.fail("`visited` holds more than leaf values (numbers): inner nodes (lists) were appended too.",
               mistake="visited_leaves", **where)
    if len(visited) > len(expected) and set(expected) <= set(visited):
        t.fail(message or "Your function looked at more leaves than alpha-beta does: it goes on where alpha-beta "
               "cuts off (as soon as alpha >= beta).", **where)
    t.fail(message or "Not the leaves alpha-beta looks at: every leaf it reaches, left to right, and none after a "
           "cut-off (cut off as soon as alpha >= beta).", **where)


def _check_tree(t: Context, tree: Any, alpha: float = -INF, beta: float = INF, maximizing: bool = True) -> None:
    """The value and the leaves looked at, as the package's alpha-beta."""
    visited: list = []
    got = t.call(tree, alpha, beta, maximizing, visited, changes=(4,))
    t.expect_type(got, is_number(got), position=_tree_position(tree, alpha, beta, maximizing),
                  reproduce=_tree_call(tree, alpha, beta, maximizing))
    _check_tree_value(t, tree, got, alpha, beta, maximizing)
    _check_visited(t, tree, visited, alpha, beta, maximizing)


@alphabeta_tree.case("a single leaf: its value, and visited holds it")
def _(t: Context) -> None:
    _check_tree(t, 7)
    _check_tree(t, -2, maximizing=False)


@alphabeta_tree.case("the textbook tree: value 3, leaves 4 and 6 never looked at")
def _(t: Context) -> None:
    tree = thaw(freeze(TEXTBOOK))
    visited: list = []
    value = t.call(tree, -INF, INF, True, visited, changes=(4,))
    t.expect_type(value, is_number(value), position=_tree_position(tree, -INF, INF, True),
                  reproduce=_tree_call(tree, -INF, INF, True))
    _check_tree_value(t, tree, value, -INF, INF, True)
    looked = [leaf for leaf in MIDDLE_LEAVES[1:] if leaf in visited]
    message = None
    if looked:
        message = ("Once the middle MIN node finds the leaf 2, it is worth at most 2 to MAX, who already has 3 from "
                   "the first branch: its other leaves (4 and 6) must not be looked at, but your function looked at "
                   f"{' and '.join(str(leaf) for leaf in looked)}.")
    _check_visited(t, tree, visited, -INF, INF, True, message)


@alphabeta_tree.case("called without visited (it is None by default)")
def _(t: Context) -> None:
    for tree, expected in ((thaw(freeze(TEXTBOOK)), 3), (5, 5), ([[1, 2], [0, 9]], 1)):
        got = t.call(tree)
        call_text = f"alphabeta_tree({tree!r})"
        t.expect_type(got, is_number(got), position=f"tree: {tree!r}", reproduce=call_text)
        if got != expected:
            t.fail("Called with the tree alone, the function must return its minimax value for MAX.",
                   position=f"tree: {tree!r}", expected=expected, got=got, reproduce=call_text)


@alphabeta_tree.case("depth 3: a MAX node below a MIN node cuts off")
def _(t: Context) -> None:
    _check_tree(t, thaw(freeze(DEPTH3)))


@alphabeta_tree.case("depth 4: a cut-off with the alpha from three levels up")
def _(t: Context) -> None:
    _check_tree(t, thaw(freeze(DEEP)))


@alphabeta_tree.case("ties: cut off when alpha == beta, [[3, 5], [3, 1]] never looks at 1")
def _(t: Context) -> None:
    for tree in TIES:
        _check_tree(t, thaw(freeze(tree)))


@alphabeta_tree.case("MIN to move at the root (maximizing=False)")
def _(t: Context) -> None:
    for tree in (TEXTBOOK, DEPTH3, DEEP):
        _check_tree(t, thaw(freeze(tree)), maximizing=False)


@alphabeta_tree.case("60 random trees: minimax's value, alpha-beta's leaves")
def _(t: Context) -> None:
    for tree in random_trees(31, 60):
        _check_tree(t, tree)


@alphabeta_tree.case("called with a window: the best value found (fail-soft), the same leaves")
def _(t: Context) -> None:
    trees = [thaw(freeze(tree)) for tree in (TEXTBOOK, DEPTH3, DEEP)] + random_trees(32, 15)
    for index, tree in enumerate(trees):
        maximizing = index % 3 != 2
        exact = tree_minimax(freeze(tree), maximizing)
        for alpha, beta in _windows(exact):
            _check_tree(t, tree, alpha, beta, maximizing)


# -- alphabeta: negamax form on game states, with node counts ------------------------------------

alphabeta = declare(
    "alphabeta", notebook="02",
    summary="alpha-beta in negamax form, returning (value, nodes)",
    returns="a pair (value, nodes): a number and an int",
    reference="tictac_edu.exercises.solutions.nb02_alphabeta:alphabeta",
    hints=[
        "Start from your minimax (negamax form) and return a pair (value, nodes). A finished game is "
        "(state.utility(state.to_move), 1).",
        "In the loop over the moves: search the child with the window (-beta, -alpha), negate its "
        "value, add its node count to yours, keep the best value, and raise alpha to the value if it "
        "is higher.",
        "Stop the loop (`break`) as soon as alpha >= beta: the opponent will never let the game reach "
        "this position, so the other moves do not matter. Start each call with nodes = 1.",
        "Check the window at the root too: the root keeps ONE window, so a good first move makes the "
        "later root moves cheaper. From the empty board: value 0 and 18,297 nodes.",
    ],
)

NARROW = ((-1, 0), (0, 1), (-0.5, 0.5))


def _late_positions() -> list:
    """Late positions of other games: 4x4 and 3x5 boards, three in a row (cheap to search)."""
    return random_positions(26, 2, 9, 11, lambda: MNKGame(4, 4, 3)) + random_positions(27, 2, 8, 10,
                                                                                       lambda: MNKGame(3, 5, 3))


@alphabeta.probes
def _() -> list:
    states = [GameTree(TEXTBOOK), GameTree([[[1, -2], [3, 4]], [[-5, 6], [7, -8]]]), ttt(0, 3, 1, 4, 2),
              *random_positions(24, 8, 4, 6), *_late_positions()]
    probes = [call(state) for state in states]
    probes += [call(state, alpha, beta) for state in random_positions(25, 4, 4, 6) for alpha, beta in NARROW]
    return probes


def _call(t: Context, state: Any, alpha: float = -INF, beta: float = INF) -> tuple[float, int]:
    got = t.call(state, alpha, beta)
    ok = isinstance(got, (tuple, list)) and len(got) == 2 and is_number(got[0]) and is_int(got[1])
    t.expect_type(got, ok, position=state)
    return got[0], got[1]


def _check_bound(t: Context, state: Position, value: float, exact: float, alpha: float, beta: float) -> None:
    """What alpha-beta promises about its value for a window (alpha, beta): the exact value
    inside it; outside, a true bound on the right side of the window."""
    if exact <= alpha:
        ok, promise = exact <= value <= alpha, f"a value from {show_value(exact)} up to alpha = {alpha:g}"
    elif exact >= beta:
        ok, promise = beta <= value <= exact, f"a value from beta = {beta:g} up to {show_value(exact)}"
    else:
        ok, promise = value == exact, f"exactly {show_value(exact)}"
    if not ok:
        t.fail(f"The true value is {show_value(exact)}; called with the window ({alpha:g}, {beta:g}), alpha-beta "
               f"must return {promise}.", position=state, expected=promise, got=value,
               mistake="wrong_side" if value == -exact and exact else None)


def _check_exact(t: Context, state: Position, alpha: float = -INF, beta: float = INF) -> None:
    """Value (or bound) and node count exactly as the course's alpha-beta."""
    value, nodes = _call(t, state, alpha, beta)
    exact = solved(state)
    full = (alpha, beta) == (-INF, INF)
    window = "" if full else f" with the window ({alpha:g}, {beta:g})"
    if full and value != exact:
        t.fail("The value is not the minimax value of this position for the player to move "
               f"({state.to_move}).", position=state, expected=exact, got=value,
               mistake="wrong_side" if value == -exact and exact else None)
    _check_bound(t, state, value, exact, alpha, beta)
    expected_nodes = alphabeta_count(state, alpha, beta)[1]
    if nodes == expected_nodes:
        return
    expected, got = f"{expected_nodes:,} nodes", f"{nodes:,} nodes"
    if nodes in (expected_nodes - 1, expected_nodes + 1):
        t.fail(f"The value is right, but the node count{window} is off by one.", position=state, expected=expected,
               got=got, mistake="node_count", raw=True)
    if not full and nodes == alphabeta_count(state)[1]:
        t.fail(f"Your function searched as if the window were (-inf, inf), not ({alpha:g}, {beta:g}).",
               position=state, expected=expected, got=got, mistake="window_ignored", raw=True)
    if nodes == tree_size(state):
        t.fail(f"Your search visits every node of the tree{window}: nothing is ever cut off.", position=state,
               expected=expected, got=got, mistake="window_not_passed", raw=True)
    t.fail(f"The node count{window} differs from alpha-beta's (one node = one call, the root and finished "
           "games included; cut off when alpha >= beta; moves in the order of state.legal_moves()).",
           position=state, expected=expected, got=got, raw=True)


@alphabeta.case("X has won, O to move: (-1, 1 node)")
def _(t: Context) -> None:
    _check_exact(t, ttt(0, 3, 1, 4, 2))


@alphabeta.case("a drawn full board: (0, 1 node)")
def _(t: Context) -> None:
    _check_exact(t, ttt(0, 4, 8, 1, 7, 6, 2, 5, 3))


class Watched:
    """A position that records which positions the search looked at (for the textbook tree)."""

    def __init__(self, state: Any, seen: set[Hashable]) -> None:
        self._state = state
        self._seen = seen

    def _look(self) -> None:
        self._seen.add(self._state.key())

    def is_terminal(self) -> bool:
        self._look()
        return self._state.is_terminal()

    def utility(self, player: str) -> float:
        self._look()
        return self._state.utility(player)

    def legal_moves(self) -> list:
        self._look()
        return self._state.legal_moves()

    def play(self, move: Any) -> Watched:
        return Watched(self._state.play(move), self._seen)

    def undo(self) -> Watched:
        return Watched(self._state.undo(), self._seen)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)

    def __str__(self) -> str:
        return str(self._state)

    def __repr__(self) -> str:
        return repr(self._state)


@alphabeta.case("the textbook tree: value 3, leaves 4 and 6 never looked at")
def _(t: Context) -> None:
    seen: set[Hashable] = set()
    tree = GameTree(TEXTBOOK)
    value, nodes = _call(t, Watched(tree, seen))
    if value != 3:
        t.fail("MAX's best move is the first branch, whose MIN node is worth 3.", position=tree, expected=3, got=value,
               mistake="wrong_side" if value == -3 else None)
    skipped = [path for path in [(1, 1), (1, 2)] if path in seen]
    if skipped:
        t.fail("Once the middle MIN node finds the leaf 2, it is worth at most 2 to MAX, who already has 3 from "
               "the first branch: its other leaves (4 and 6) must not be searched.", position=tree,
               expected="leaves 4 and 6 not visited",
               got="visited the leaves " + " and ".join(str(MIDDLE_LEAVES[path[1]]) for path in skipped), raw=True)
    _check_exact(t, tree)


@alphabeta.case("40 positions: the same value as minimax")
def _(t: Context) -> None:
    for state in random_positions(21, 40, 3, 7):
        value, _ = _call(t, state)
        exact = solved(state)
        if value != exact:
            t.fail(f"Alpha-beta must return the minimax value for the player to move ({state.to_move}).",
                   position=state, expected=exact, got=value,
                   mistake="wrong_side" if value == -exact and exact else None)


@alphabeta.case("exact node counts on 8 positions, and on other games")
def _(t: Context) -> None:
    for state in [*random_positions(22, 8, 2, 5), GameTree([[[1, -2], [3, 4]], [[-5, 6], [7, -8]]]),
                  *_late_positions()]:
        _check_exact(t, state)


@alphabeta.case("called with a narrow window: bounds and node counts")
def _(t: Context) -> None:
    for state in random_positions(23, 6, 2, 5):
        for alpha, beta in NARROW:
            _check_exact(t, state, alpha, beta)


@alphabeta.case("the empty board: value 0 in 18,297 nodes", expensive=True)
def _(t: Context) -> None:
    _check_exact(t, TicTacToe())
