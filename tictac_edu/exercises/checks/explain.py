"""Finding where a recursive search goes wrong, from its own answers.

When a learner's search returns a wrong value for a position, the checks follow her own
values down the game tree: a child she values wrongly is where the error lives, further
down; a position she values wrongly although she values every child right is where her code
makes the mistake: a finished game scored wrongly, or children's values combined wrongly.
The failure then shows that position and what her function made of it, which says far more
than the wrong value at the root.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

MAX_FOLLOW = 12
"""The most levels followed down (more than any game the checks use)."""


@dataclass
class Culprit:
    """The first position, following the function's own values down, that it gets wrong
    while it gets every child right.

    Attributes:
        state: that position.
        depth: the depth left there (for a depth-limited search; ``None`` otherwise).
        value: what the function returned for it.
        children: ``(move, child, the function's value of the child)`` for each move (empty
            at a finished game or at depth 0).
        root: whether it is the position the test asked about.
    """

    state: Any
    depth: int | None
    value: Any
    children: list[tuple[Any, Any, Any]] = field(default_factory=list)
    root: bool = True

    @property
    def negated_best(self) -> float:
        """The value the children give: the largest negated child value."""
        return max(-value for _, _, value in self.children)

    def children_text(self) -> str:
        """``4: -1, 5: 0``: each move and the function's value of the child it leads to."""
        return ", ".join(f"{move}: {_number(value)}" for move, _, value in self.children)


def _number(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) and not math.isinf(value) else repr(value)


def follow(state: Any, value_of: Callable[[Any, int | None], Any], expected_of: Callable[[Any, int | None], Any],
           depth: int | None = None, leaf: Callable[[Any, int | None], bool] | None = None,
           value_at_root: Any = None) -> Culprit:
    """Follow the function's wrong values down from ``state`` (whose value it got wrong).

    Args:
        state: the position of the test.
        value_of: ``value_of(position, depth)``: the function's value (a call of it).
        expected_of: ``expected_of(position, depth)``: the right value.
        depth: the depth left at ``state`` for a depth-limited search (children get one less),
            or ``None``.
        leaf: whether the search stops at a position (by default: a finished game, or depth 0).
        value_at_root: the function's value of ``state``, if known (saves a call).

    Returns:
        The :class:`Culprit`.
    """
    stops = leaf or (lambda position, left: position.is_terminal() or (left is not None and left <= 0))
    asked: dict[tuple[Hashable, int | None], Any] = {}
    if value_at_root is not None:
        asked[(state.key(), depth)] = value_at_root

    def value(position: Any, left: int | None) -> Any:
        key = (position.key(), left)
        if key not in asked:
            asked[key] = value_of(position, left)
        return asked[key]

    node, left, root = state, depth, True
    for _ in range(MAX_FOLLOW):
        if stops(node, left):
            break
        down = None if left is None else left - 1
        wrong = next((node.play(move) for move in node.legal_moves()
                      if value(node.play(move), down) != expected_of(node.play(move), down)), None)
        if wrong is None:
            break
        node, left, root = wrong, down, False
    if stops(node, left):
        return Culprit(node, left, value(node, left), [], root)
    down = None if left is None else left - 1
    children = [(move, node.play(move), value(node.play(move), down)) for move in node.legal_moves()]
    return Culprit(node, left, value(node, left), children, root)


_ONCE: weakref.WeakKeyDictionary[Any, dict[str, Any]] = weakref.WeakKeyDictionary()


def once_per_function(fn: Any, key: str, compute: Callable[[], Any]) -> Any:
    """``compute()``, worked out once for the function ``fn`` (the learner's) and ``key``: for an
    observation that several failing tests of one check share (and that costs her CPU time)."""
    try:
        store = _ONCE.setdefault(fn, {})
    except TypeError:  # an object that cannot be weakly referenced: no sharing
        return compute()
    if key not in store:
        store[key] = compute()
    return store[key]
