"""Textbook game trees given as nested lists of leaf values.

``GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])`` is the classic example: MAX moves at the
root and chooses one of three MIN nodes; each MIN node chooses a leaf. Leaf values are scores
for MAX. A position is a node of the tree, reached by a path of child indices; the moves are
the child indices ``0, 1, ...`` from left to right.
"""

from __future__ import annotations

from html import escape
from numbers import Real
from typing import Union

from tictac_edu.games.base import IllegalMoveError, Player, Undoable

MAX: Player = "MAX"
MIN: Player = "MIN"

Tree = Union[  # noqa: UP007 - a recursive alias needs Union
    float, int, list["Tree"], tuple["Tree", ...]]
"""A leaf value, or a list of subtrees."""


def _check_tree(tree: object, path: tuple[int, ...] = ()) -> int:
    """Check that ``tree`` is a nested list of numbers; return its depth."""
    if isinstance(tree, Real) and not isinstance(tree, bool):
        return 0
    if isinstance(tree, (list, tuple)):
        if not tree:
            raise ValueError(f"GameTree: the node at path {list(path)} has no children; give it a value or subtrees")
        return 1 + max(_check_tree(child, path + (i,)) for i, child in enumerate(tree))
    raise ValueError(f"GameTree: the node at path {list(path)} is {tree!r}; a node is a number (a leaf) or a list")


class GameTree(Undoable):
    """A node of a textbook game tree; MAX moves at the root, MIN at the next level, and so on.

    >>> tree = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> tree.to_move, tree.legal_moves()
    ('MAX', [0, 1, 2])
    >>> leaf = tree.play(1).play(2)
    >>> leaf.is_terminal(), leaf.utility("MAX"), leaf.path
    (True, 6, (1, 2))
    """

    __slots__ = ("tree", "path", "node", "_depth")

    players: tuple[Player, Player] = (MAX, MIN)

    def __init__(self, tree: Tree) -> None:
        self._depth = _check_tree(tree)
        self.tree = tree
        self.path: tuple[int, ...] = ()
        self.node: Tree = tree
        self._previous: GameTree | None = None

    @property
    def to_move(self) -> Player:
        """MAX at even depths (the root), MIN at odd depths."""
        return MAX if len(self.path) % 2 == 0 else MIN

    @property
    def ply(self) -> int:
        """The depth of this node (0 at the root)."""
        return len(self.path)

    @property
    def max_plies(self) -> int:
        """The depth of the deepest leaf."""
        return self._depth

    @property
    def last_move(self) -> int | None:
        """The child index that led here, ``None`` at the root."""
        return self.path[-1] if self.path else None

    @property
    def value(self) -> float | None:
        """The leaf value (a score for MAX), or ``None`` at an inner node."""
        return None if isinstance(self.node, (list, tuple)) else self.node

    @property
    def winner(self) -> Player | None:
        """At a leaf: MAX if its value is positive, MIN if negative; otherwise ``None``."""
        value = self.value
        if value is None or value == 0:
            return None
        return MAX if value > 0 else MIN

    def legal_moves(self) -> list[int]:
        """The child indices, left to right; none at a leaf."""
        return list(range(len(self.node))) if isinstance(self.node, (list, tuple)) else []

    def play(self, move: int) -> GameTree:
        """The child ``move`` (0 is the leftmost).

        Raises:
            IllegalMoveError: this is a leaf, or there is no such child.
        """
        if not isinstance(self.node, (list, tuple)):
            raise IllegalMoveError(f"Illegal move {move!r}: the node at path {list(self.path)} is a leaf "
                                   f"(value {self.node}); the game is over.")
        if not isinstance(move, int) or isinstance(move, bool) or not 0 <= move < len(self.node):
            raise IllegalMoveError(f"Illegal move {move!r}: the node at path {list(self.path)} has children "
                                   f"0..{len(self.node) - 1}.")
        child = object.__new__(GameTree)
        child.tree, child._depth = self.tree, self._depth
        child.path = self.path + (move,)
        child.node = self.node[move]
        child._previous = self
        return child

    def is_terminal(self) -> bool:
        """Whether this node is a leaf."""
        return not isinstance(self.node, (list, tuple))

    def utility(self, player: Player) -> float:
        """The leaf value for MAX, negated for MIN; 0 at an inner node."""
        value = self.value
        if value is None:
            return 0
        return value if player == MAX else -value

    def key(self) -> tuple[int, ...]:
        """The path from the root: every node of a tree is a different position."""
        return self.path

    def leaves(self) -> list[tuple[tuple[int, ...], float]]:
        """Every leaf under this node as ``(path, value)``, left to right."""
        found: list[tuple[tuple[int, ...], float]] = []

        def walk(node: Tree, path: tuple[int, ...]) -> None:
            if isinstance(node, (list, tuple)):
                for i, child in enumerate(node):
                    walk(child, path + (i,))
            else:
                found.append((path, node))

        walk(self.node, self.path)
        return found

    def __str__(self) -> str:
        where = "root" if not self.path else f"path {list(self.path)}"
        what = f"leaf {self.node}" if self.is_terminal() else f"{self.to_move} to move, subtree {self.node}"
        return f"GameTree at {where}: {what}"

    def __repr__(self) -> str:
        return f"<{self}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameTree) and self.tree == other.tree and self.path == other.path

    def __hash__(self) -> int:
        return hash(self.path)

    def _repr_html_(self) -> str:
        return f"<code>{escape(str(self))}</code>"
