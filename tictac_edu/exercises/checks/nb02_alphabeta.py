"""Notebook 02 (alpha-beta pruning): ``alphabeta_tree`` (MAX/MIN form on a textbook tree, recording
the leaves it looks at) and ``alphabeta`` (negamax form, with node counting).

The figures a learner's function is compared with come from the package's own
:class:`~tictac_edu.search.AlphaBeta` (fail-soft, one window at the root, cut-off on
``alpha >= beta``), through its public methods only.
"""

from __future__ import annotations

import math
import random
from functools import cache
from typing import Any

from tictac_edu.exercises.checks import contract, dimension
from tictac_edu.exercises.diagnosis import call
from tictac_edu.exercises.positions import Position, alphabeta_count, random_positions, solved, ttt
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


TreeAnswer = tuple[Any, tuple]
"""What a call of ``alphabeta_tree`` gave: the value and the leaves it appended to ``visited``."""


def _tree_answer(t: Context, tree: Frozen, alpha: float, beta: float, maximizing: bool) -> TreeAnswer:
    """The learner's function on a fresh copy of ``tree``, with an empty ``visited``."""
    visited: list = []
    shown = _tree_position(thaw(tree), alpha, beta, maximizing)
    got = t.call(thaw(tree), alpha, beta, maximizing, visited, changes=(4,), position=shown)
    t.expect_type(got, is_number(got), position=shown, reproduce=_tree_call(thaw(tree), alpha, beta, maximizing))
    return got, freeze(visited)


def tree_node(tree: Frozen, alpha: float, beta: float, maximizing: bool, child: Any, *, pass_window: bool = True,
              strict: bool = False, cuts: bool = True, min_lowers_alpha: bool = False, cut_before: bool = False,
              flip: bool = True, fail_hard: bool = False) -> TreeAnswer:
    """One node of alpha-beta in MAX/MIN form, its children answered by ``child(index, alpha,
    beta, maximizing)``; the keywords make it one classic mistake instead (at this node only)."""
    best = -INF if maximizing else INF
    leaves: tuple = ()
    for index in range(len(tree)):
        value, seen = child(index, alpha, beta, (not maximizing) if flip else maximizing) if pass_window else \
            child(index, -INF, INF, (not maximizing) if flip else maximizing)
        leaves += seen
        if not is_number(value):
            return value, leaves
        best = max(best, value) if maximizing else min(best, value)
        if cut_before and cuts and alpha >= beta:
            break
        if maximizing:
            alpha = max(alpha, value)
        elif min_lowers_alpha:
            alpha = min(alpha, value)
        else:
            beta = min(beta, value)
        if not cut_before and cuts and (alpha > beta if strict else alpha >= beta):
            break
    if fail_hard:
        return (alpha if maximizing else beta), leaves
    return best, leaves


TREE_SLIPS: tuple[tuple[str, dict[str, Any], str], ...] = (
    ("window_not_passed", {"pass_window": False}, "the children each get a fresh window (-inf, inf)"),
    ("strict_cutoff", {"strict": True}, "a cut-off only when alpha > beta, not on equality"),
    ("one_sided_cutoff", {"cuts": False}, "this node never cutting off"),
    ("window_wrong_level", {"min_lowers_alpha": True}, "this MIN node lowering alpha instead of beta"),
    ("cutoff_before_update", {"cut_before": True}, "the cut-off tested before the window is updated"),
    ("alternate_players", {"flip": False}, "the children searched for the same player"),
    ("fail_hard", {"fail_hard": True}, "alpha or beta returned instead of the best value found"),
)
"""The classic slips of one node, as changes of :func:`tree_node`, and what each looks like."""


def _both_cut(t: Context) -> tuple[bool, bool]:
    """Whether the learner's MAX nodes and MIN nodes cut off (two small trees that need it)."""
    min_cuts = _tree_answer(t, ((3, 5), (2, 9)), -INF, INF, True)[1] == (3, 5, 2)
    max_cuts = _tree_answer(t, ((3, 5), (2, 9)), -INF, INF, False)[1] == (3, 5)
    return max_cuts, min_cuts


def _explain_tree(t: Context, tree: Frozen, alpha: float, beta: float, maximizing: bool, got: TreeAnswer,
                  lesson: str = "") -> None:
    """Follow the learner's answers down to the first node she gets wrong, and fail there."""
    answers: dict[tuple, TreeAnswer] = {(tree, alpha, beta, maximizing): got}

    def answer(node: Frozen, lo: float, hi: float, side: bool) -> TreeAnswer:
        key = (node, lo, hi, side)
        if key not in answers:
            answers[key] = _tree_answer(t, node, lo, hi, side)
        return answers[key]

    node, lo, hi, side = tree, alpha, beta, maximizing
    path: list[int] = []
    while isinstance(node, tuple) and len(path) < 12:
        found = None

        def child(index: int, a: float, b: float, m: bool, node: Frozen = node) -> TreeAnswer:
            nonlocal found
            mine = answer(node[index], a, b, m)
            if found is None and mine != library_tree(node[index], a, b, m):
                found = (index, a, b, m)
            return mine

        tree_node(node, lo, hi, side, child)
        if found is None:
            break
        index, lo, hi, side = found
        node, path = node[index], [*path, index]
    mine = answer(node, lo, hi, side)
    right = library_tree(node, lo, hi, side)
    name = "MAX" if side else "MIN"
    where = "the root" if not path else f"the node {thaw(node)!r} (child {' -> '.join(map(str, path))} from the root)"
    common: dict[str, Any] = dict(position=_tree_position(thaw(node), lo, hi, side),
                                  reproduce=_tree_call(thaw(node), lo, hi, side),
                                  expected=f"{right[0]!r}, visited {list(right[1])}",
                                  got=f"{mine[0]!r}, visited {list(mine[1])}", raw=True)
    lead = (f"{lesson}Following your function's own answers down the tree, the first node it gets wrong is {where}, "
            f"{name} to move, window ({lo:g}, {hi:g}): alpha-beta returns {right[0]!r} there and looks at the leaves "
            f"{list(right[1])}; your function returned {mine[0]!r} and looked at {list(mine[1])}.")
    if not isinstance(node, tuple):
        if mine[0] != node:
            t.fail(lead + " A leaf's value is the number itself.", **common,
                   observed="A leaf (a number, not a list) must be returned as it is.")
        t.fail(lead + " A leaf must be appended to `visited` (once) when it is looked at.", mistake="visited_leaves",
               **common)
    children = [answer(sub, *window) for sub, window in zip(node, _child_windows(node, lo, hi, side), strict=False)]
    if mine[1] == () and any(seen for _, seen in children):
        t.fail(lead + " Nothing the children looked at reached `visited`: pass the same list down.",
               mistake="visited_leaves", **common)
    if any(not is_number(leaf) for leaf in mine[1]):
        t.fail(lead + " `visited` holds inner nodes (lists) too: append only leaves.", mistake="visited_leaves",
               **common)
    text = lead + " Your function answers each child right, called with the window alpha-beta passes it; so the " \
                  "mistake is in this node itself."
    for mistake, change, looks in TREE_SLIPS:
        if mistake == "window_wrong_level" and side:
            continue
        if tree_node(node, lo, hi, side, lambda i, a, b, m: answer(node[i], a, b, m), **change) == mine:
            if mistake == "one_sided_cutoff":
                max_cuts, min_cuts = _both_cut(t)
                if not max_cuts and not min_cuts:
                    t.fail(text + " It does not cut off: neither MAX nor MIN nodes ever do.",
                           mistake="window_not_passed", **common)
            t.fail(text + f" What it returned is what {looks} gives.", mistake=mistake, **common)
    t.fail(text, **common, observed=f"At this {name} node the children's answers are right but are combined "
                                    "differently: best = max(...) at MAX, min(...) at MIN; MAX raises alpha, MIN "
                                    "lowers beta; break as soon as alpha >= beta; return best.")


def _child_windows(node: Frozen, alpha: float, beta: float, maximizing: bool) -> list[tuple[float, float, bool]]:
    """The windows the package's alpha-beta gives the children it searches."""
    windows = []
    for index in range(len(node)):
        windows.append((alpha, beta, not maximizing))
        value = library_tree(node[index], alpha, beta, not maximizing)[0]
        if maximizing:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if alpha >= beta:
            break
    return windows


def _check_tree(t: Context, tree: Any, alpha: float = -INF, beta: float = INF, maximizing: bool = True) -> None:
    """The value and the leaves looked at, as the package's alpha-beta."""
    visited: list = []
    got = t.call(tree, alpha, beta, maximizing, visited, changes=(4,))
    t.expect_type(got, is_number(got), position=_tree_position(tree, alpha, beta, maximizing),
                  reproduce=_tree_call(tree, alpha, beta, maximizing))
    frozen = freeze(tree)
    if (got, freeze(visited)) == library_tree(frozen, alpha, beta, maximizing):
        return
    if isinstance(frozen, tuple) and visited and all(is_number(leaf) for leaf in visited):
        _explain_tree(t, frozen, alpha, beta, maximizing, (got, freeze(visited)))
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
    looked = [leaf for leaf in MIDDLE_LEAVES[1:] if leaf in visited]
    lesson = ""
    if looked:
        lesson = ("Once the middle MIN node finds the leaf 2, it is worth at most 2 to MAX, who already has 3 from "
                  "the first branch: its other leaves (4 and 6) must not be looked at, but your function looked at "
                  f"{' and '.join(str(leaf) for leaf in looked)}. ")
    if (value, freeze(visited)) != library_tree(freeze(tree)) and visited and all(is_number(v) for v in visited):
        _explain_tree(t, freeze(tree), -INF, INF, True, (value, freeze(visited)), lesson)
    _check_tree_value(t, tree, value, -INF, INF, True)
    _check_visited(t, tree, visited, -INF, INF, True, lesson or None)


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


ODD_TREES: tuple[Tree, ...] = ([[2.5, -1.25], [-0.0, 3.75, -7]], [[5], [[3, 1], 4]], [[[-0.5]], [[0.25, -3], 8]],
                               [[INF, 1], [-INF, 2]], [[1e9, -1e9], [0.1, 0.2, 0.3]])
"""Trees with fractions, -0.0, infinite or huge leaves, single children and uneven depths."""


@alphabeta_tree.case("leaves of every kind and uneven trees: fractions, -0.0, infinities, single children")
def _(t: Context) -> None:
    for tree in ODD_TREES:
        for maximizing in (True, False):
            _check_tree(t, thaw(freeze(tree)), maximizing=maximizing)
            exact = tree_minimax(freeze(tree), maximizing)
            if math.isfinite(exact):
                for alpha, beta in ((exact, exact + 1), (exact - 1, exact), (-0.0, 0.0)):
                    _check_tree(t, thaw(freeze(tree)), alpha, beta, maximizing)


@alphabeta_tree.case("called again: visited holds only the leaves of its own call (nothing kept between calls)")
def _(t: Context) -> None:
    for tree in (TEXTBOOK, TEXTBOOK, DEPTH3):
        got = t.call(thaw(freeze(tree)))
        if got != tree_minimax(freeze(tree)):
            t.fail("Called with the tree alone, a second time: the same minimax value.", position=f"tree: {tree!r}",
                   expected=tree_minimax(freeze(tree)), got=got, reproduce=f"alphabeta_tree({tree!r})")
        _check_tree(t, thaw(freeze(tree)))


contract(
    "alphabeta_tree",
    dimension("numbers", "leaves of any sign, whole or not, -0.0 and infinities; windows with infinite ends",
              "leaves of every kind", "60 random trees", "called with a window"),
    dimension("directions", "MAX or MIN at the root; a window below, around, at the edge of and above the value",
              "MIN to move at the root", "called with a window", "leaves of every kind"),
    dimension("shapes", "a single leaf, trees of depth 1 to 4, single children, uneven depths",
              "a single leaf", "depth 3", "depth 4", "leaves of every kind", "60 random trees"),
    dimension("order", "a cut-off on equality (alpha == beta) before the next child", "ties"),
    dimension("inputs", "visited given or left at None", "called without visited", "the textbook tree"),
    dimension("repeats", "the same tree asked again; visited holds only its own call's leaves",
              "called again"),
    dimension("cost", "exactly the leaves alpha-beta looks at, in order (4 and 6 of the textbook tree never)",
              "the textbook tree", "60 random trees"),
)


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


def _bound_ok(value: Any, exact: float, alpha: float, beta: float) -> bool:
    """Whether ``value`` keeps alpha-beta's promise for the window (alpha, beta)."""
    if not is_number(value):
        return False
    if exact <= alpha:
        return exact <= value <= alpha
    if exact >= beta:
        return beta <= value <= exact
    return bool(value == exact)


def _right_answer(state: Any, alpha: float, beta: float, answer: tuple[Any, Any]) -> bool:
    return _bound_ok(answer[0], solved(state), alpha, beta) and answer[1] == alphabeta_count(state, alpha, beta)[1]


def negamax_node(state: Any, alpha: float, beta: float, child: Any, *, pass_window: bool = True,
                 negate_window: bool = True, strict: bool = False, cuts: bool = True, cut_before: bool = False,
                 negate_value: bool = True, raise_with_child: bool = False, count_self: bool = True) -> tuple:
    """One node of alpha-beta in negamax form, its children answered by ``child(move, alpha,
    beta)``; the keywords make it one classic mistake instead (at this node only)."""
    if state.is_terminal():
        return state.utility(state.to_move), 1
    best, nodes = -INF, 1 if count_self else 0
    for move in state.legal_moves():
        window = (-INF, INF) if not pass_window else (-beta, -alpha) if negate_window else (alpha, beta)
        child_value, child_nodes = child(move, *window)
        if not is_number(child_value) or not is_int(child_nodes):
            return child_value, child_nodes
        nodes += child_nodes
        value = -child_value if negate_value else child_value
        best = max(best, value)
        if cut_before and cuts and alpha >= beta:
            break
        alpha = max(alpha, child_value if raise_with_child else value)
        if not cut_before and cuts and (alpha > beta if strict else alpha >= beta):
            break
    return best, nodes


NEGAMAX_SLIPS: tuple[tuple[str, dict[str, Any], str], ...] = (
    ("wrong_side", {"negate_value": False}, "the children's values used without negating them"),
    ("window_wrong_level", {"negate_window": False}, "the children getting (alpha, beta) instead of (-beta, -alpha)"),
    ("window_wrong_level", {"raise_with_child": True}, "alpha raised with the child's value before it is negated"),
    ("strict_cutoff", {"strict": True}, "a cut-off only when alpha > beta, not on equality"),
    ("cutoff_before_update", {"cut_before": True}, "the cut-off tested before alpha is raised"),
    ("node_count", {"count_self": False}, "the position itself not counted (only its children)"),
    ("window_not_passed", {"pass_window": False}, "the children each getting a fresh window (-inf, inf)"),
    ("window_not_passed", {"cuts": False}, "no cut-off at this position"),
)
"""The classic slips of one node, as changes of :func:`negamax_node`, and what each looks like."""


def _explain_negamax(t: Context, state: Any, alpha: float, beta: float, got: tuple, lesson: str = "") -> None:
    """Follow the learner's answers down to the first position she gets wrong, and fail there."""
    answers: dict[tuple, tuple] = {(state.key(), alpha, beta): got}

    def answer(position: Any, lo: float, hi: float) -> tuple:
        key = (position.key(), lo, hi)
        if key not in answers:
            answers[key] = _call(t, position, lo, hi)
        return answers[key]

    node, lo, hi = state, alpha, beta
    path: list[Any] = []
    while not node.is_terminal() and len(path) < 12:
        found = None

        def child(move: Any, a: float, b: float, node: Any = node) -> tuple:
            nonlocal found
            mine = answer(node.play(move), a, b)
            if found is None and not _right_answer(node.play(move), a, b, mine):
                found = (move, a, b)
            return mine

        negamax_node(node, lo, hi, child)
        if found is None:
            break
        move, lo, hi = found
        node, path = node.play(move), [*path, move]
    mine = answer(node, lo, hi)
    exact = solved(node)
    right = alphabeta_count(node, lo, hi)
    where = "this position itself" if not path else f"the position after {', '.join(map(str, path))} (below)"
    window = "the full window" if (lo, hi) == (-INF, INF) else f"the window ({lo:g}, {hi:g})"
    common: dict[str, Any] = dict(position=node, expected=f"({right[0]!r}, {right[1]:,} nodes)",
                                  got=f"({mine[0]!r}, {mine[1]!r} nodes)", raw=True,
                                  reproduce=f"alphabeta({node.as_code()}, {_number_text(lo)}, {_number_text(hi)})")
    lead = (f"{lesson}Following your function's own answers down the tree, the first position it gets wrong is "
            f"{where}, searched with {window}: alpha-beta returns ({right[0]!r}, {right[1]:,} nodes) there (the true "
            f"value is {exact!r}); your function returned ({mine[0]!r}, {mine[1]!r} nodes).")
    if node.is_terminal():
        utility = node.utility(node.to_move)
        if mine[0] != utility:
            t.fail(lead + f" A finished game is worth state.utility(state.to_move) = {utility} to {node.to_move}.",
                   mistake="wrong_side" if utility and mine[0] == -utility else None, **common,
                   observed="A finished game was scored wrongly: (state.utility(state.to_move), 1).")
        t.fail(lead + " A finished game is one node: return (its utility, 1).", mistake="node_count", **common)
    text = lead + " Your function answers each child right, called with the window alpha-beta passes it " \
                  "((-beta, -alpha), with alpha raised by the moves before); so the mistake is in this position's " \
                  "own loop."
    for mistake, change, looks in NEGAMAX_SLIPS:
        if negamax_node(node, lo, hi, lambda move, a, b: answer(node.play(move), a, b), **change) == tuple(mine):
            if mistake == "window_not_passed" and "pass_window" in change and not path:
                mistake = "root_window"
            t.fail(text + f" What it returned is what {looks} gives.", mistake=mistake, **common)
    t.fail(text, **common, observed="The children's answers are right but this position combines them differently: "
                                    "nodes = 1 + the children's nodes; value = max(-child value); alpha = max(alpha, "
                                    "value); break as soon as alpha >= beta; return (best, nodes).")


def _check_exact(t: Context, state: Position, alpha: float = -INF, beta: float = INF) -> None:
    """Value (or bound) and node count exactly as the course's alpha-beta."""
    value, nodes = _call(t, state, alpha, beta)
    if _right_answer(state, alpha, beta, (value, nodes)):
        return
    _explain_negamax(t, state, alpha, beta, (value, nodes))


@alphabeta.case("X has won, O to move: (-1, 1 node)")
def _(t: Context) -> None:
    _check_exact(t, ttt(0, 3, 1, 4, 2))


@alphabeta.case("a drawn full board: (0, 1 node)")
def _(t: Context) -> None:
    _check_exact(t, ttt(0, 4, 8, 1, 7, 6, 2, 5, 3))


@alphabeta.case("the textbook tree: value 3, leaves 4 and 6 never looked at")
def _(t: Context) -> None:
    tree = GameTree(TEXTBOOK)
    value, nodes = _call(t, tree)
    if _right_answer(tree, -INF, INF, (value, nodes)):
        return
    lesson = ("Once the middle MIN node finds the leaf 2, it is worth at most 2 to MAX, who already has 3 from the "
              "first branch: its other leaves (4 and 6) must not be searched (alpha-beta visits 11 nodes here, "
              "minimax 13). " if value == 3 and nodes > 11 else "")
    _explain_negamax(t, tree, -INF, INF, (value, nodes), lesson)


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


@alphabeta.case("windows at the edge of the value, fully below and above it, with fractions and infinities")
def _(t: Context) -> None:
    for state in random_positions(28, 4, 3, 6) + [GameTree([[2.5, -1.25], [-0.0, 3.75, -7]])]:
        exact = solved(state)
        for alpha, beta in ((exact, exact + 1), (exact - 1, exact), (exact + 0.5, INF), (-INF, exact - 0.5),
                            (exact - 2.5, exact - 1.5), (exact + 1.5, exact + 2.5)):
            _check_exact(t, state, alpha, beta)


@alphabeta.case("called again on the same positions: the same value and node count (no counter kept between calls)")
def _(t: Context) -> None:
    for state in (ttt(0, 3, 1, 4, 2), ttt(4, 0), ttt(4, 0), GameTree(TEXTBOOK), GameTree(TEXTBOOK)):
        _check_exact(t, state)


@alphabeta.case("the empty board: value 0 in 18,297 nodes", expensive=True)
def _(t: Context) -> None:
    _check_exact(t, TicTacToe())


contract(
    "alphabeta",
    dimension("numbers", "values and windows of any kind: fractions, -0.0, infinite ends of the window",
              "windows at the edge", "called with a narrow window"),
    dimension("directions", "a window around the value, at its edge, fully below it and fully above it "
              "(a bound on the right side each time)", "windows at the edge", "called with a narrow window"),
    dimension("shapes", "tic-tac-toe, 4x4 and 3x5 boards, textbook trees", "exact node counts on 8 positions",
              "the textbook tree"),
    dimension("inputs", "finished positions (1 node) as well as open ones", "X has won, O to move", "a drawn"),
    dimension("repeats", "the same position asked again: the same count (no counter kept between calls)",
              "called again"),
    dimension("cost", "one node per call, exactly alpha-beta's count (18,297 from the empty board)",
              "exact node counts", "the empty board"),
)
