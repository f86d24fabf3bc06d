"""Notebook 02 (alpha-beta pruning): ``alphabeta_tree`` (MAX/MIN form on a textbook tree, recording
the leaves it looks at) and ``alphabeta`` (negamax form, with node counting)."""

from __future__ import annotations

import math
import random
from collections.abc import Hashable
from functools import cache
from typing import Any

from tictac_edu.exercises.positions import Position, random_positions, ttt
from tictac_edu.exercises.registry import Context, declare, is_number, show_value
from tictac_edu.games import GameState, GameTree, TicTacToe
from tictac_edu.games.tree import Tree
from tictac_edu.search import AlphaBeta, negamax
from tictac_edu.search import alphabeta as library_alphabeta
from tictac_edu.search.result import TraceEvent, Tracer

INF = math.inf
TEXTBOOK: Tree = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
MIDDLE_LEAVES = [2, 4, 6]

# -- alphabeta_tree: MAX/MIN form on nested lists -------------------------------------------------

alphabeta_tree = declare(
    "alphabeta_tree", notebook="02",
    summary="alpha-beta in MAX/MIN form on a nested-list tree, recording the leaves it looks at",
    returns="a number: the tree's value for MAX (a bound on the same side if outside the window)",
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
        "then return best. On the textbook tree the middle MIN node has beta = 2 after its first leaf, "
        "<= alpha = 3, so 4 and 6 are skipped: value 3, visited [3, 12, 8, 2, 14, 5, 2].",
    ],
)

Frozen = Any
"""A tree with tuples instead of lists: hashable, so figures about it can be cached."""

DEPTH3: Tree = [[[5, 2], [6, 1]], [[3, 8], [9, 4]]]
"""A MAX node cuts off below a MIN node: [6, 1] stops at 6 (>= beta 5), [9, 4] at 9 (>= beta 8)."""

DEEP: Tree = [[[[5, 6], [7, 4]], [[8, 6], [6, 9]]], [[[3, 9], [6, 2]], [[7, 1], [4, 8]]]]
"""A deep cut-off: the MIN node [3, 9] stops at 3 because of the alpha = 5 the root got from its first
branch, three levels up."""

TIES: tuple[Tree, ...] = ([[3, 5], [3, 1]], [[[6, 4], [6, 9]], [[2, 7]]])
"""Cut-offs on equality: 1 in the first tree, 9 in the second are never looked at."""


def _freeze(tree: Any) -> Frozen:
    return tuple(_freeze(child) for child in tree) if isinstance(tree, (list, tuple)) else tree


def _thaw(tree: Frozen) -> Any:
    return [_thaw(child) for child in tree] if isinstance(tree, (list, tuple)) else tree


def _negated(tree: Frozen) -> Frozen:
    return tuple(_negated(child) for child in tree) if isinstance(tree, tuple) else -tree


def _all_leaves(tree: Frozen) -> list:
    return [leaf for child in tree for leaf in _all_leaves(child)] if isinstance(tree, tuple) else [tree]


def leaves_entered(trace: list[TraceEvent], sign: int = 1) -> tuple:
    """The leaf values a traced search of a GameTree entered, in order (times ``sign``)."""
    states: list[Any] = [event.state for event in trace if event.kind == "enter" and event.state is not None]
    return tuple(sign * state.value for state in states if state.is_terminal())


@cache
def library_tree(tree: Frozen, alpha: float = -INF, beta: float = INF, maximizing: bool = True) -> tuple[float, tuple]:
    """The library's alpha-beta on ``GameTree(tree)``: (the value for MAX, the leaves it looked at).

    A MIN root is searched as the MAX root of the negated tree with the window (-beta, -alpha)."""
    if (alpha, beta, maximizing) == (-INF, INF, True):
        result = library_alphabeta(GameTree(tree), trace=True)
        assert result.value is not None and result.trace is not None
        return result.value, leaves_entered(result.trace)
    sign = 1 if maximizing else -1
    game = GameTree(tree if maximizing else _negated(tree))
    search = AlphaBeta(trace=True)
    search.tracer = Tracer(game.to_move, negamax=True)
    window = (alpha, beta) if maximizing else (-beta, -alpha)
    value, _ = search.search(game, INF, *window, 0, None)
    return sign * value, leaves_entered(search.tracer.events, sign)


@cache
def tree_minimax(tree: Frozen, maximizing: bool = True) -> float:
    """The minimax value of ``tree`` for MAX."""
    if not isinstance(tree, tuple):
        return tree
    values = [tree_minimax(child, not maximizing) for child in tree]
    return max(values) if maximizing else min(values)


def tree_variant(tree: Frozen, alpha: float = -INF, beta: float = INF, maximizing: bool = True,
                 visited: list | None = None, *, strict: bool = False, fresh_children: bool = False,
                 ignore_window: bool = False, min_lowers_alpha: bool = False, no_flip: bool = False,
                 min_never_cuts: bool = False, max_never_cuts: bool = False, record_inner: bool = False,
                 root: bool = True) -> float:
    """Alpha-beta in MAX/MIN form (fail-soft) with one deliberate change; with no option set it is
    the reference ``alphabeta_tree``."""
    if not isinstance(tree, tuple):
        if visited is not None:
            visited.append(tree)
        return tree
    options = dict(strict=strict, fresh_children=fresh_children, ignore_window=ignore_window,
                   min_lowers_alpha=min_lowers_alpha, no_flip=no_flip, min_never_cuts=min_never_cuts,
                   max_never_cuts=max_never_cuts, record_inner=record_inner, root=False)
    if ignore_window and root:
        alpha, beta = -INF, INF
    best = -INF if maximizing else INF
    for child in tree:
        window = (-INF, INF) if fresh_children else (alpha, beta)
        value = tree_variant(child, *window, maximizing if no_flip else not maximizing, visited,
                             **options)  # type: ignore[arg-type]
        if maximizing:
            best = max(best, value)
            alpha = max(alpha, value)
            cut = not max_never_cuts
        else:
            best = min(best, value)
            if min_lowers_alpha:
                alpha = min(alpha, value)
            else:
                beta = min(beta, value)
            cut = not min_never_cuts
        if cut and (alpha > beta or (alpha == beta and not strict)):
            break
    if record_inner and visited is not None:
        visited.append(best)
    return best


@cache
def _tree_variant(tree: Frozen, alpha: float, beta: float, maximizing: bool, name: str) -> tuple[float, tuple]:
    visited: list = []
    value = tree_variant(tree, alpha, beta, maximizing, visited, **({name: True} if name else {}))
    return value, tuple(visited)


_TREE_VALUE_VARIANTS = [
    ("no_flip", "alternate_players"),
    ("min_lowers_alpha", "window_wrong_level"),
]
"""Variants whose value can be wrong, to name the mistake behind a wrong value."""

_TREE_LEAF_VARIANTS = [
    ("record_inner", "visited_leaves", "Your `visited` also holds the values found for inner nodes: append "
                                       "leaves only."),
    ("strict", "strict_cutoff", "Your function looks at the leaves of a search that cuts off only when alpha > "
                                "beta: on equality it goes on."),
    ("fresh_children", "window_not_passed", "Your function looks at the leaves of a search that searches every "
                                            "child with a fresh window (-inf, inf): alpha and beta are not "
                                            "passed down."),
    ("ignore_window", "window_ignored", "Your function looks at the leaves of a search called with the window "
                                        "(-inf, inf), not with the window it was given."),
    ("min_lowers_alpha", "window_wrong_level", "Your function looks at the leaves of a search whose MIN nodes "
                                               "lower alpha instead of beta."),
    ("min_never_cuts", "one_sided_cutoff", "Your function looks at the leaves of a search whose MIN nodes never "
                                           "cut off."),
    ("max_never_cuts", "one_sided_cutoff", "Your function looks at the leaves of a search whose MAX nodes never "
                                           "cut off."),
]
"""Variants that look at other leaves, in the order they are tried when naming the mistake behind a
wrong ``visited`` (where two variants look at the same leaves, the first is named)."""


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


def _tree_value_mistake(tree: Frozen, value: float, alpha: float, beta: float, maximizing: bool) -> str | None:
    for name, mistake in _TREE_VALUE_VARIANTS:
        if _tree_variant(tree, alpha, beta, maximizing, name)[0] == value:
            return mistake
    return None


def _check_tree_value(t: Context, tree: Any, value: float, alpha: float, beta: float, maximizing: bool) -> None:
    """The value, or the bound alpha-beta promises outside the window (fail-soft or fail-hard)."""
    frozen = _freeze(tree)
    exact = tree_minimax(frozen, maximizing)
    full = (alpha, beta) == (-INF, INF)
    if exact <= alpha:
        ok, promise = exact <= value <= alpha, f"an upper bound: from {exact:g} up to alpha = {alpha:g}"
    elif exact >= beta:
        ok, promise = beta <= value <= exact, f"a lower bound: from beta = {beta:g} up to {exact:g}"
    else:
        ok, promise = value == exact, show_value(exact)
    if ok:
        return
    with t.untimed():
        mistake = _tree_value_mistake(frozen, value, alpha, beta, maximizing)
    side = "MAX" if maximizing else "MIN"
    if full:
        message = f"The value is not the minimax value of this tree for MAX ({side} to move at the root)."
    else:
        message = (f"The tree's value for MAX is {exact:g}; called with the window ({alpha:g}, {beta:g}), "
                   f"alpha-beta must return {promise}.")
    t.fail(message, position=_tree_position(tree, alpha, beta, maximizing), expected=promise if not full else exact,
           got=value, mistake=mistake, reproduce=_tree_call(tree, alpha, beta, maximizing))


def _check_visited(t: Context, tree: Any, visited: list, alpha: float, beta: float, maximizing: bool,
                   message: str | None = None) -> None:
    """The leaves looked at: exactly those the library's alpha-beta enters, in order."""
    frozen = _freeze(tree)
    expected = list(library_tree(frozen, alpha, beta, maximizing)[1])
    if visited == expected:
        return
    where: dict[str, Any] = dict(position=_tree_position(tree, alpha, beta, maximizing),
                                 reproduce=_tree_call(tree, alpha, beta, maximizing))
    if not visited:
        t.fail("Nothing was appended to `visited`: every leaf looked at must be.", expected=expected, got=visited,
               mistake="visited_leaves", **where)
    if any(not is_number(item) for item in visited):
        t.fail("`visited` holds more than leaf values (numbers): inner nodes (lists) were appended too.",
               expected=expected, got=visited, mistake="visited_leaves", **where)
    with t.untimed():
        candidates = _leaf_candidates(frozen, alpha, beta, maximizing, visited)
    if candidates:
        _, mistake, variant_message = _narrow_down(t, candidates)
        t.fail((message + " " if message else "") + variant_message, expected=expected, got=visited,
               mistake=mistake, **where)
    t.fail(message or "Not the leaves alpha-beta looks at: every leaf it reaches, left to right, and none "
           "after a cut-off (cut off as soon as alpha >= beta).", expected=expected, got=visited, **where)


_NO_CUTOFF = ("no_cutoff", "window_not_passed", "Your function looks at every leaf of the tree: nothing is cut off.")


def _variant_leaves(name: str, tree: Frozen, alpha: float, beta: float, maximizing: bool) -> list:
    if name == _NO_CUTOFF[0]:
        return _all_leaves(tree)
    return list(_tree_variant(tree, alpha, beta, maximizing, name)[1])


def _leaf_candidates(tree: Frozen, alpha: float, beta: float, maximizing: bool,
                     visited: list) -> list[tuple[str, str, str]]:
    """The variants (with their mistakes) that look at exactly the leaves ``visited``, most likely first."""
    expected = library_tree(tree, alpha, beta, maximizing)[1]
    found = [entry for entry in _TREE_LEAF_VARIANTS
             if _variant_leaves(entry[0], tree, alpha, beta, maximizing) == visited]
    if len(visited) > len(expected) and _all_leaves(tree) == visited:
        found.append(_NO_CUTOFF)
    return found


@cache
def _probes() -> tuple[tuple[Frozen, float, float, bool], ...]:
    """Calls that tell the variants apart: the fixed trees and a few random ones, with and without a
    window, MAX or MIN at the root."""
    probes = []
    for tree in (TEXTBOOK, DEPTH3, DEEP, *TIES, *random_trees(33, 8)):
        frozen = _freeze(tree)
        for maximizing in (True, False):
            exact = tree_minimax(frozen, maximizing)
            for alpha, beta in ((-INF, INF), (exact - 2, exact + 2), (exact + 1, exact + 3), (exact - 3, exact - 1)):
                probes.append((frozen, alpha, beta, maximizing))
    return tuple(probes)


def _narrow_down(t: Context, candidates: list[tuple[str, str, str]]) -> tuple[str, str, str]:
    """The most likely of several variants that explain a wrong ``visited``: where they would look at
    different leaves, call the learner's function and keep those that agree with it."""
    for tree, alpha, beta, maximizing in _probes():
        if len(candidates) == 1:
            break
        with t.untimed():
            predictions = [_variant_leaves(name, tree, alpha, beta, maximizing) for name, _, _ in candidates]
        if all(prediction == predictions[0] for prediction in predictions):
            continue
        visited: list = []
        try:
            t.call(_thaw(tree), alpha, beta, maximizing, visited, changes=(4,))
        except Exception:  # the function fails there in another way: keep what is known
            break
        agreeing = [entry for entry, prediction in zip(candidates, predictions, strict=True) if prediction == visited]
        if agreeing:
            candidates = agreeing
    return candidates[0]


def _check_tree(t: Context, tree: Any, alpha: float = -INF, beta: float = INF, maximizing: bool = True) -> None:
    """The value (or bound) and the leaves looked at, as the library's alpha-beta."""
    visited: list = []
    got = t.call(tree, alpha, beta, maximizing, visited, changes=(4,))
    t.expect_type(got, is_number(got), position=_tree_position(tree, alpha, beta, maximizing),
                  reproduce=_tree_call(tree, alpha, beta, maximizing))
    _check_tree_value(t, tree, got, alpha, beta, maximizing)
    _check_visited(t, tree, visited, alpha, beta, maximizing)


def random_trees(seed: int, count: int) -> list[Tree]:
    """``count`` random trees: branching 2-3, depth 2-4, leaves 0..9 (so ties are common). The same
    every run."""
    rng = random.Random(seed)

    def build(depth: int) -> Tree:
        if depth == 0:
            return rng.randint(0, 9)
        return [build(depth - 1) for _ in range(rng.randint(2, 3))]

    return [build(rng.randint(2, 4)) for _ in range(count)]


@alphabeta_tree.case("a single leaf: its value, and visited holds it")
def _(t: Context) -> None:
    _check_tree(t, 7)
    _check_tree(t, -2, maximizing=False)


@alphabeta_tree.case("the textbook tree: value 3, leaves 4 and 6 never looked at")
def _(t: Context) -> None:
    tree = _thaw(_freeze(TEXTBOOK))
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
    for tree, expected in ((_thaw(_freeze(TEXTBOOK)), 3), (5, 5), ([[1, 2], [0, 9]], 1)):
        got = t.call(tree)
        call = f"alphabeta_tree({tree!r})"
        t.expect_type(got, is_number(got), position=f"tree: {tree!r}", reproduce=call)
        if got != expected:
            with t.untimed():
                mistake = _tree_value_mistake(_freeze(tree), got, -INF, INF, True)
            t.fail("Called with the tree alone, the function must return its minimax value for MAX.",
                   position=f"tree: {tree!r}", expected=expected, got=got, mistake=mistake, reproduce=call)


@alphabeta_tree.case("depth 3: a MAX node below a MIN node cuts off")
def _(t: Context) -> None:
    _check_tree(t, _thaw(_freeze(DEPTH3)))


@alphabeta_tree.case("depth 4: a cut-off with the alpha from three levels up")
def _(t: Context) -> None:
    _check_tree(t, _thaw(_freeze(DEEP)))


@alphabeta_tree.case("ties: cut off when alpha == beta, [[3, 5], [3, 1]] never looks at 1")
def _(t: Context) -> None:
    for tree in TIES:
        _check_tree(t, _thaw(_freeze(tree)))


@alphabeta_tree.case("MIN to move at the root (maximizing=False)")
def _(t: Context) -> None:
    for tree in (TEXTBOOK, DEPTH3, DEEP):
        _check_tree(t, _thaw(_freeze(tree)), maximizing=False)


@alphabeta_tree.case("60 random trees: minimax's value, alpha-beta's leaves")
def _(t: Context) -> None:
    for tree in random_trees(31, 60):
        _check_tree(t, tree)


@alphabeta_tree.case("called with a window: a bound on the right side, the same leaves")
def _(t: Context) -> None:
    trees = [_thaw(_freeze(tree)) for tree in (TEXTBOOK, DEPTH3, DEEP)] + random_trees(32, 15)
    for index, tree in enumerate(trees):
        maximizing = index % 3 != 2
        exact = tree_minimax(_freeze(tree), maximizing)
        for alpha, beta in ((exact - 2, exact + 2), (exact + 1, exact + 3), (exact - 3, exact - 1),
                            (-INF, exact - 1), (exact + 1, INF), (exact - 0.5, exact + 0.5), (exact, exact + 1)):
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


# -- variants of alpha-beta, to name the mistake behind a wrong node count ------------------------

def variant(state: GameState, alpha: float = -INF, beta: float = INF, *, strict: bool = False,
            fresh_root: bool = False, full_child_window: bool = False, row_break: bool = False,
            window_not_negated: bool = False, alpha_from_child: bool = False, no_negation: bool = False,
            root: bool = True) -> tuple[float, int, int]:
    """Alpha-beta with one deliberate change; returns (value, nodes, finished games visited).

    With no option set it is exactly the course's alpha-beta (negamax, one window at the root,
    cut-off on ``alpha >= beta``, fail-soft)."""
    if state.is_terminal():
        return state.utility(state.to_move), 1, 1
    options = dict(strict=strict, fresh_root=fresh_root, full_child_window=full_child_window, row_break=row_break,
                   window_not_negated=window_not_negated, alpha_from_child=alpha_from_child,
                   no_negation=no_negation, root=False)
    nodes, leaves, best = 1, 0, -INF
    moves = state.legal_moves()
    groups = ([[move for move in moves if move // 3 == row] for row in range(3)] if row_break else [moves])
    for group in groups:
        for move in group:
            child = state.play(move)
            if (fresh_root and root) or full_child_window:
                window = (-INF, INF)
            elif window_not_negated:
                window = (alpha, beta)
            else:
                window = (-beta, -alpha)
            child_value, child_nodes, child_leaves = variant(child, *window, **options)  # type: ignore[arg-type]
            nodes += child_nodes
            leaves += child_leaves
            value = child_value if no_negation else -child_value
            best = max(best, value)
            alpha = max(alpha, child_value if alpha_from_child else value)
            if alpha > beta or (alpha == beta and not strict):
                break
        else:
            continue
        if not row_break:
            break
    return best, nodes, leaves


@cache
def _variant(state: Position, alpha: float, beta: float, name: str) -> tuple[float, int, int]:
    return variant(state, alpha, beta, **({name: True} if name else {}))


@cache
def library_count(state: Position, alpha: float = -INF, beta: float = INF) -> tuple[float, int]:
    """The library's alpha-beta (negamax, fail-soft) from ``state`` with a root window."""
    search = AlphaBeta()
    value, _ = search.search(state, INF, alpha, beta, 0, None)
    return value, search.nodes


@cache
def true_value(state: Position) -> float:
    """The minimax value of ``state`` for the player to move."""
    value = negamax(state).value
    assert value is not None
    return value


@cache
def _full_tree(state: Position) -> int:
    if state.is_terminal():
        return 1
    return 1 + sum(_full_tree(state.play(move)) for move in state.legal_moves())


_VARIANT_MESSAGES = [
    ("strict", "strict_cutoff", "Your search visits the nodes of a search that cuts off only when alpha > beta."),
    ("fresh_root", "root_window", "Your search visits the nodes of a search whose root gives every move a fresh, "
                                  "full window."),
    ("row_break", "inner_break", "After a cut-off your search goes on with the moves of the next row."),
    ("window_not_negated", "window_wrong_level", "Your search visits the nodes of a search that passes "
                                                 "(alpha, beta) to the children instead of (-beta, -alpha)."),
    ("alpha_from_child", "window_wrong_level", "Your search visits the nodes of a search that raises alpha with "
                                               "the child's value before negating it."),
]


def _value_mistake(state: Position, value: float, alpha: float = -INF, beta: float = INF) -> str:
    """The most likely mistake behind a wrong value."""
    exact = true_value(state)
    if value == -exact or value == _variant(state, alpha, beta, "no_negation")[0]:
        return "wrong_side"
    return "window_wrong_level"


def _call(t: Context, state: Any, alpha: float = -INF, beta: float = INF) -> tuple[float, int]:
    got = t.call(state, alpha, beta)
    ok = (isinstance(got, (tuple, list)) and len(got) == 2 and is_number(got[0])
          and isinstance(got[1], int) and not isinstance(got[1], bool))
    t.expect_type(got, ok, position=state)
    return got[0], got[1]


def _check_exact(t: Context, state: Position, alpha: float = -INF, beta: float = INF) -> None:
    """Value (or bound) and node count exactly as the course's alpha-beta."""
    value, nodes = _call(t, state, alpha, beta)
    exact = true_value(state)
    window = "" if (alpha, beta) == (-INF, INF) else f" with the window ({alpha:g}, {beta:g})"
    if (alpha, beta) == (-INF, INF) and value != exact:
        with t.untimed():
            mistake = _value_mistake(state, value)
        t.fail("The value is not the minimax value of this position for the player to move "
               f"({state.to_move}).", position=state, expected=exact, got=value, mistake=mistake)
    _check_bound(t, state, value, exact, alpha, beta)
    expected_nodes = library_count(state, alpha, beta)[1]
    if nodes == expected_nodes:
        return
    with t.untimed():
        _diagnose_count(t, state, nodes, expected_nodes, alpha, beta, window)


def _diagnose_count(t: Context, state: Position, nodes: int, expected_nodes: int, alpha: float, beta: float,
                    window: str) -> None:
    expected = f"{expected_nodes:,} nodes"
    got = f"{nodes:,} nodes"
    leaves = _variant(state, alpha, beta, "")[2]
    if nodes in (expected_nodes - 1, expected_nodes + 1, leaves, expected_nodes - leaves):
        t.fail(f"The value is right, but the node count{window} is off.", position=state, expected=expected,
               got=got, mistake="node_count", raw=True)
    if (alpha, beta) != (-INF, INF) and nodes == library_count(state)[1]:
        t.fail(f"Your function searched as if the window were (-inf, inf), not ({alpha:g}, {beta:g}).",
               position=state, expected=expected, got=got, mistake="window_ignored", raw=True)
    if nodes == _full_tree(state):
        t.fail(f"Your search visits every node of the tree{window}: nothing is ever cut off.", position=state,
               expected=expected, got=got, mistake="window_not_passed", raw=True)
    for name, mistake, message in _VARIANT_MESSAGES:
        if nodes == _variant(state, alpha, beta, name)[1]:
            t.fail(message, position=state, expected=expected, got=got, mistake=mistake, raw=True)
    t.fail(f"The node count{window} differs from alpha-beta's (one node = one call, the root and finished "
           "games included; cut off when alpha >= beta; moves in the order of state.legal_moves()).",
           position=state, expected=expected, got=got, raw=True)


def _check_bound(t: Context, state: Position, value: float, true_value: float, alpha: float, beta: float) -> None:
    """What alpha-beta promises about its value for a window (alpha, beta)."""
    if true_value <= alpha:
        ok, promise = value <= alpha, f"at most alpha = {alpha:g}"
    elif true_value >= beta:
        ok, promise = value >= beta, f"at least beta = {beta:g}"
    else:
        ok, promise = value == true_value, f"exactly {show_value(true_value)}"
    if not ok:
        with t.untimed():
            mistake = _value_mistake(state, value, alpha, beta)
        t.fail(f"The true value is {show_value(true_value)}; called with the window ({alpha:g}, {beta:g}), "
               f"alpha-beta must return {promise}.", position=state, expected=promise, got=value,
               mistake=mistake)


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
        with t.untimed():
            mistake = _value_mistake(tree, value)
        t.fail("MAX's best move is the first branch, whose MIN node is worth 3.", position=tree, expected=3, got=value,
               mistake=mistake)
    skipped = [path for path in [(1, 1), (1, 2)] if path in seen]
    if skipped:
        t.fail("Once the middle MIN node finds the leaf 2, it is worth at most 2 to MAX, who already has 3 from "
               "the first branch: its other leaves (4 and 6) must not be searched.", position=tree,
               expected="leaves 4 and 6 not visited",
               got="visited the leaves " + " and ".join(str(MIDDLE_LEAVES[path[1]]) for path in skipped), raw=True,
               mistake="root_window" if nodes == _variant(tree, -INF, INF, "fresh_root")[1] != _full_tree(tree)
               else "window_not_passed")
    _check_exact(t, tree)


@alphabeta.case("40 positions: the same value as minimax")
def _(t: Context) -> None:
    for state in random_positions(21, 40, 3, 7):
        value, _ = _call(t, state)
        exact = true_value(state)
        if value != exact:
            with t.untimed():
                mistake = _value_mistake(state, value)
            t.fail(f"Alpha-beta must return the minimax value for the player to move ({state.to_move}).",
                   position=state, expected=exact, got=value, mistake=mistake)


@alphabeta.case("exact node counts on 8 positions")
def _(t: Context) -> None:
    for state in random_positions(22, 8, 2, 5):
        _check_exact(t, state)


@alphabeta.case("called with a narrow window: bounds and node counts")
def _(t: Context) -> None:
    for state in random_positions(23, 6, 2, 5):
        for alpha, beta in ((-1, 0), (0, 1), (-0.5, 0.5)):
            _check_exact(t, state, alpha, beta)


@alphabeta.case("the empty board: value 0 in 18,297 nodes", time_limit=15.0)
def _(t: Context) -> None:
    _check_exact(t, TicTacToe())
