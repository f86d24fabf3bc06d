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

from tictac_edu.games.base import (
    GameDescription,
    GameStateBase,
    IllegalMoveError,
    Player,
    Termination,
    open_position,
    unseal,
    whole_number,
)
from tictac_edu.games.registry import register

MAX: Player = "MAX"
MIN: Player = "MIN"

Tree = Union[  # noqa: UP007 - a recursive alias needs Union
    float, int, list["Tree"], tuple["Tree", ...]]
"""A leaf value, or a list of subtrees."""


Flat = tuple[tuple[int, float], ...]
"""A tree written out in pre-order, one entry per node: ``(children, 0)`` for an inner node
with that many children, ``(0, value)`` for a leaf. Flat, so no part of the package ever
walks a deep tree recursively (checking, comparing, copying, pickling, writing it as code)."""


def _flatten(tree: object) -> Flat:
    """Check that ``tree`` is a nested list of numbers and write it out in pre-order.

    Raises:
        ValueError: a node is empty, or neither a number nor a list (the message gives its path).
    """
    flat: list[tuple[int, float]] = []
    stack: list[tuple[object, tuple[int, ...]]] = [(tree, ())]
    while stack:
        node, path = stack.pop()
        if isinstance(node, Real) and not isinstance(node, bool):
            flat.append((0, node))  # type: ignore[arg-type]
        elif isinstance(node, (list, tuple)):
            if not node:
                raise ValueError(f"GameTree: the node at path {list(path)} has no children; "
                                 "give it a value or subtrees")
            flat.append((len(node), 0))
            stack.extend((child, path + (i,)) for i, child in reversed(list(enumerate(node))))
        else:
            shown = repr(node) if isinstance(node, (str, bytes, int, float, type(None))) else type(node).__name__
            raise ValueError(f"GameTree: the node at path {list(path)} is {shown}; a node is a number (a leaf) "
                             "or a list")
    return tuple(flat)


def _rebuild(flat: Flat) -> tuple[Tree, int]:
    """The nested tuples a flat tree stands for, and the depth of its deepest leaf."""
    root: list[Tree] = []
    stack: list[tuple[list[Tree], int, int]] = [(root, 1, 0)]  # (children so far, how many, depth)
    depth = 0
    for children, value in flat:
        parent, _, level = stack[-1]
        if children:
            stack.append(([], children, level + 1))
        else:
            parent.append(value)
            depth = max(depth, level)
        while len(stack) > 1 and len(stack[-1][0]) == stack[-1][1]:
            done, _, _ = stack.pop()
            stack[-1][0].append(tuple(done))
    return root[0], depth


def _tree_code(flat: Flat) -> str:
    """``GameTree([...])``: the tree as Python code, written out from its flat form."""
    parts: list[str] = []
    left: list[int] = []  # children still to write, per open list
    for children, value in flat:
        if left and left[-1] < 0:
            parts.append(", ")
        if left:
            left[-1] = -abs(left[-1])
        if children:
            parts.append("[")
            left.append(children)
        else:
            parts.append(repr(value))
            while left:
                remaining = abs(left[-1]) - 1
                if remaining:
                    left[-1] = -remaining
                    break
                left.pop()
                parts.append("]")
    return "GameTree(" + "".join(parts) + ")"


class GameTree(GameStateBase[int]):
    """A node of a textbook game tree; MAX moves at the root, MIN at the next level, and so on.

    >>> tree = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> tree.to_move, tree.legal_moves()
    ('MAX', [0, 1, 2])
    >>> leaf = tree.play(1).play(2)
    >>> leaf.is_terminal(), leaf.utility("MAX"), leaf.path
    (True, 6, (1, 2))
    """

    __slots__ = ("_tree", "_path", "_node", "_depth", "_flat")

    players: tuple[Player, Player] = (MAX, MIN)

    def __init__(self, tree: Tree) -> None:
        flat = _flatten(tree)
        sealed = unseal(self)
        self._flat = flat
        self._tree, self._depth = _rebuild(self._flat)  # a frozen copy: later changes to ``tree`` do not leak in
        self._path: tuple[int, ...] = ()
        self._node: Tree = self._tree
        self._previous = None
        self._set_root_facts()
        self.__class__ = sealed

    def _set_root_facts(self) -> None:
        """Fill in the protocol's facts of an open root position: MAX to move, no move played,
        and a winner only if the whole tree is one leaf."""
        self._to_move, self._ply, self._last_move = MAX, 0, None
        self._winner = _leaf_winner(self._node)

    def __reduce_ex__(self, protocol: object) -> tuple[object, ...]:
        """Pickled as the flat tree and the path: no recursion, however deep the tree."""
        return _from_flat, (self._flat, self._path)

    def __deepcopy__(self, memo: dict[int, object]) -> GameTree:
        """A position is immutable (its tree is a frozen copy): it is its own deep copy."""
        return self

    def __copy__(self) -> GameTree:
        return self

    @property
    def tree(self) -> Tree:
        """The whole tree, from the root, as nested tuples (a frozen copy of the one given)."""
        return self._tree

    @property
    def path(self) -> tuple[int, ...]:
        """The child indices from the root to this node."""
        return self._path

    @property
    def node(self) -> Tree:
        """This node's subtree (a leaf value at a leaf)."""
        return self._node

    @property
    def max_plies(self) -> int:
        """The depth of the deepest leaf."""
        return self._depth

    @property
    def value(self) -> float | None:
        """The leaf value (a score for MAX), or ``None`` at an inner node."""
        return None if isinstance(self.node, (list, tuple)) else self.node

    def legal_moves(self) -> list[int]:
        """The child indices, left to right; none at a leaf."""
        return list(range(len(self.node))) if isinstance(self.node, (list, tuple)) else []

    def play(self, move: int) -> GameTree:
        """The child ``move`` (0 is the leftmost).

        Raises:
            IllegalMoveError: this is a leaf, or there is no such child.
        """
        node = self._node
        if not isinstance(node, (list, tuple)):
            raise IllegalMoveError(f"Illegal move {move!r}: the node at path {list(self.path)} is a leaf "
                                   f"(value {node}); the game is over.")
        index = move if type(move) is int else whole_number(move)  # a NumPy integer is a child index too
        if index is None or not 0 <= index < len(node):
            raise IllegalMoveError(f"Illegal move {move!r}: the node at path {list(self.path)} has children "
                                   f"0..{len(node) - 1}.")
        child: GameTree = object.__new__(GameTree._open)  # open: its slots are filled in, then it is sealed
        child._tree, child._depth, child._flat = self._tree, self._depth, self._flat
        child._path = self._path + (index,)
        child._node = leaf = node[index]
        child._previous = self
        child._to_move = MIN if self._to_move == MAX else MAX  # MAX at even depths (the root), MIN at odd ones
        child._ply = self._ply + 1  # the depth of the node
        child._last_move = index
        child._winner = _leaf_winner(leaf)
        child.__class__ = GameTree
        return child

    def termination(self) -> Termination:
        """A textbook tree ends at a leaf, whose value decides."""
        return Termination.LEAF

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

    @property
    def game(self) -> GameDescription:
        """A textbook tree describes itself as the game ``"tree"``: no board, no levels."""
        return GameDescription(name="tree", title="a textbook game tree", players=(MAX, MIN), rows=0, columns=0,
                               max_plies=self._depth, board="tree", start_code=_tree_code(self._flat),
                               options={"tree": id(self._tree)})

    def as_code(self) -> str:
        """Python code that rebuilds this node.

        >>> GameTree([[3, 12], [2, 4]]).play(1).as_code()
        'GameTree([[3, 12], [2, 4]]).play(1)'
        """
        return self.game.start_code + "".join(f".play({move})" for move in self.path)

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
        return isinstance(other, GameTree) and self._path == other._path and \
            (self._flat is other._flat or self._flat == other._flat)

    def __hash__(self) -> int:
        return hash(self.path)

    def _repr_html_(self) -> str:
        return f"<code>{escape(str(self))}</code>"


register("tree", GameTree)


def _leaf_winner(node: Tree) -> Player | None:
    """At a leaf: MAX if its value is positive, MIN if negative; otherwise (a draw, an inner
    node) nobody."""
    if isinstance(node, (list, tuple)) or node == 0:
        return None
    return MAX if node > 0 else MIN


def _from_flat(flat: Flat, path: tuple[int, ...]) -> GameTree:
    """Rebuild a pickled :class:`GameTree` position."""
    state = open_position(GameTree)
    state._flat = flat
    state._tree, state._depth = _rebuild(flat)
    state._path, state._node, state._previous = (), state._tree, None
    state._set_root_facts()
    state.__class__ = GameTree
    for move in path:
        state = state.play(move)
    return state
