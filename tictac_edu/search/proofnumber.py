"""Proof-number search (Allis, 1994): prove or disprove that a player can force a win.

The question is yes or no: can the ``attacker`` force a win from here? The game tree becomes an
AND/OR tree: at the attacker's turn one winning move is enough (an **OR** node), at the
defender's turn every reply must lose (an **AND** node). Each node carries two numbers:

* its **proof number**: how many leaves, at least, must still be proved wins to prove the node;
* its **disproof number**: how many must be shown not to be wins to disprove it.

A won leaf has ``(0, inf)``, a leaf that is not a win (lost, drawn) ``(inf, 0)``, an
unexpanded leaf ``(1, 1)``. Up the tree (the rule the ``proof_numbers`` exercise asks for):

==========  ===============================  ================================
node        proof number                     disproof number
==========  ===============================  ================================
OR          min of the children's proofs     sum of the children's disproofs
AND         sum of the children's proofs     min of the children's disproofs
==========  ===============================  ================================

The search repeats: walk from the root to the **most-proving node** (at an OR node the child
with the smallest proof number, at an AND node the one with the smallest disproof number),
expand it, and update the numbers on the way back to the root; until the root is proved (proof
0) or disproved (disproof 0). It needs no evaluation and no depth, and it goes where the proof
is cheapest: deep and narrow forcing lines, as in gomoku's threat sequences, are its strength.

Its cost is memory: the whole tree stays in memory. :func:`pn2` (PN², Breuker 1998) bounds it:
each leaf the first-level search expands is settled by a second, smaller PN search whose tree is
thrown away, keeping only the numbers of the leaf's children. :func:`dfpn` (df-pn, Nagai 2002)
keeps no tree at all: it searches depth first under proof and disproof thresholds and keeps the
numbers of the positions it has searched in a transposition table by ``state.key()``, so that
it settles Connect Four on 5 columns x 4 rows (a draw) where the tree in memory runs out.

Game-agnostic: it uses the protocol of :mod:`tictac_edu.games.base` only. A ``moves`` function
restricts the moves searched (the threats of a threat-space search): an OR node whose
restricted moves are none is disproved; an AND node's restriction must keep every reply that
could refute the attack, or the proof is a proof of the narrower tree only.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from tictac_edu.games.base import GameState, Move, Player
from tictac_edu.search.common import check_search_arguments

INF = math.inf

MoveFilter = Callable[[GameState], list[Move]]
"""``moves(state)``: the moves to search at ``state`` (a subset of its legal moves)."""

DEFAULT_MAX_NODES = 2_000_000
"""The default budget of nodes created in memory."""


class PNNode:
    """One node of the proof tree: a position, its numbers and its children (``None``: a leaf)."""

    __slots__ = ("children", "disproof", "is_or", "move", "parent", "proof", "state")

    def __init__(self, state: GameState, move: Move | None, parent: PNNode | None, is_or: bool) -> None:
        self.state, self.move, self.parent, self.is_or = state, move, parent, is_or
        self.children: list[PNNode] | None = None
        self.proof = self.disproof = 1.0


def set_numbers(node: PNNode) -> None:
    """Recompute an inner node's proof and disproof numbers from its children (the table in the
    module's docstring). ``inf`` is a number here: ``min`` and ``sum`` handle it."""
    assert node.children is not None
    if node.is_or:
        node.proof = min((child.proof for child in node.children), default=INF)
        node.disproof = sum(child.disproof for child in node.children)
    else:
        node.proof = sum(child.proof for child in node.children)
        node.disproof = min((child.disproof for child in node.children), default=INF)


@dataclass
class ProofResult:
    """What a proof-number search found.

    Attributes:
        attacker: the player whose forced win was asked about.
        proven: ``True`` the attacker can force a win, ``False`` she cannot (a draw or a loss
            with best play), ``None`` the budget ran out first.
        move: a winning first move when ``proven`` and the attacker is to move, else ``None``.
        proof, disproof: the root's numbers at the end (0 and inf for a proof, inf and 0 for
            a disproof).
        nodes: positions created, over every level of the search (the work).
        expansions: nodes expanded by the first level.
        largest_tree: the most nodes held in memory at once (the memory of the tree).
        elapsed: seconds of wall-clock time.
        table_entries: positions kept in the table of proofs (``table=True``), also memory.
    """

    attacker: Player
    proven: bool | None
    move: Move | None
    proof: float
    disproof: float
    nodes: int
    expansions: int
    largest_tree: int
    elapsed: float
    table_entries: int = 0

    def summary(self) -> str:
        """One line for people."""
        verdict = {True: f"{self.attacker} can force a win", False: f"{self.attacker} cannot force a win",
                   None: "not settled within the budget"}[self.proven]
        move = f", move {self.move}" if self.move is not None else ""
        table = f" (+ {self.table_entries:,} in the table)" if self.table_entries else ""
        return (f"{verdict}{move}: {self.nodes:,} nodes created, {self.largest_tree:,} held at most{table}, "
                f"{self.elapsed * 1000:.0f} ms")


class ProofNumberSearch:
    """Proof-number search with the tree in memory (see the module's docstring).

    Args:
        attacker: the player whose forced win is to be proved.
        moves: restricts the moves searched; ``None`` searches every legal move.
        max_nodes: a budget of nodes created; the search stops unsettled beyond it.
        table: keep every settled position's verdict in a dict by ``state.key()`` (a table of
            proofs): a position reached again by another move order is settled at once.
    """

    def __init__(self, attacker: Player, moves: MoveFilter | None = None,
                 max_nodes: int = DEFAULT_MAX_NODES, table: bool = False) -> None:
        self.attacker = attacker
        self.settled: dict[Hashable, bool] | None = {} if table else None
        self.moves = moves
        self.max_nodes = max_nodes
        self.nodes = 0
        self.expansions = 0
        self.size = 0
        self.largest = 0

    def new_node(self, state: GameState, move: Move | None, parent: PNNode | None) -> PNNode:
        """A leaf for ``state``, its numbers set: a finished game is proved (the attacker won)
        or disproved (anything else); an OR node without a move to search is disproved."""
        self.nodes += 1
        self.size += 1
        node = PNNode(state, move, parent, state.to_move == self.attacker)
        if state.is_terminal():
            won = state.winner == self.attacker
            node.proof, node.disproof = (0.0, INF) if won else (INF, 0.0)
        elif node.is_or and self.moves is not None and not self.moves(state):
            node.proof, node.disproof = INF, 0.0
        elif self.settled is not None and (known := self.settled.get(state.key())) is not None:
            node.proof, node.disproof = (0.0, INF) if known else (INF, 0.0)
        return node

    def expand(self, node: PNNode) -> None:
        """Give ``node`` its children and set its numbers from theirs."""
        self.expansions += 1
        moves = node.state.legal_moves() if self.moves is None else self.moves(node.state)
        node.children = [self.new_node(node.state.play(move), move, node) for move in moves]
        self.largest = max(self.largest, self.size)
        self.numbers(node)

    def numbers(self, node: PNNode) -> None:
        """Set an inner node's numbers from its children: :func:`set_numbers` (the
        ``proof_numbers`` exercise plugs a learner's rule in here)."""
        set_numbers(node)

    def most_proving(self, node: PNNode) -> PNNode:
        """Walk down from ``node`` to the leaf whose expansion helps most: at an OR node the
        child with the smallest proof number, at an AND node the smallest disproof number."""
        children = node.children
        while children is not None:
            if node.is_or:
                node = min(children, key=lambda child: child.proof)
            else:
                node = min(children, key=lambda child: child.disproof)
            children = node.children
        return node

    def update(self, node: PNNode | None) -> None:
        """Recompute the numbers from ``node`` up to the root, stopping where nothing changes; a
        node settled on the way (proved or disproved) drops its subtree, which its numbers sum up.
        ``node`` itself, just expanded, is always passed on to its parent."""
        first = True
        while node is not None:
            before = node.proof, node.disproof
            self.numbers(node)
            if node.proof == 0 or node.disproof == 0:
                if self.settled is not None:
                    self.settled[node.state.key()] = node.proof == 0
                if node.parent is not None:
                    self.prune(node)
            if not first and (node.proof, node.disproof) == before:
                return
            first, node = False, node.parent

    def prune(self, node: PNNode) -> None:
        """Forget the subtree under a settled node (keeping the node and its numbers)."""
        if node.children is not None:
            self.size -= count(node) - 1
            node.children = None

    def run(self, root: PNNode) -> None:
        """Expand most-proving nodes until ``root`` is settled or the budget is spent."""
        while root.proof and root.disproof and self.nodes < self.max_nodes:
            leaf = self.most_proving(root)
            self.expand(leaf)
            self.update(leaf)


def count(node: PNNode) -> int:
    """The nodes of the subtree under ``node``, ``node`` included."""
    total, stack = 0, [node]
    while stack:
        current = stack.pop()
        total += 1
        if current.children is not None:
            stack.extend(current.children)
    return total


class PN2Search(ProofNumberSearch):
    """PN²: the first level keeps its tree; each leaf it expands is settled by a second-level
    proof-number search of at most ``second_limit(size)`` nodes (by default the first level's
    size, at least 100), whose tree is thrown away except for the leaf's children."""

    def __init__(self, attacker: Player, moves: MoveFilter | None = None, max_nodes: int = DEFAULT_MAX_NODES,
                 second_limit: Callable[[int], int] | None = None, table: bool = False) -> None:
        super().__init__(attacker, moves, max_nodes, table)
        self.second_limit = second_limit or (lambda size: max(100, size))

    def expand(self, node: PNNode) -> None:
        inner = ProofNumberSearch(self.attacker, self.moves, max_nodes=self.second_limit(self.size))
        inner.numbers = self.numbers  # type: ignore[method-assign]
        inner.settled = self.settled  # one table of proofs for both levels
        parent, node.parent = node.parent, None  # the second level sees node as its root
        inner.expand(node)
        inner.run(node)
        node.parent = parent
        for child in node.children or ():
            child.children = None  # keep the children's numbers, forget the second level below them
        self.nodes += inner.nodes
        self.size += len(node.children or ())
        self.largest = max(self.largest, self.size + inner.largest)
        self.expansions += 1
        self.numbers(node)


def _check(state: GameState, attacker: Player | None, max_nodes: object) -> Player:
    check_search_arguments(state, None, None)
    if not isinstance(max_nodes, int) or isinstance(max_nodes, bool) or max_nodes < 1:
        raise ValueError(f"max_nodes must be a whole number >= 1, not {max_nodes!r}")
    if attacker is None:
        return state.to_move
    if attacker not in state.players:
        raise ValueError(f"the attacker must be one of the players {state.players}, not {attacker!r}")
    return attacker


def _search(searcher: ProofNumberSearch, state: GameState) -> ProofResult:
    started = time.perf_counter()
    root = searcher.new_node(state, None, None)
    searcher.run(root)
    proven = True if root.proof == 0 else False if root.disproof == 0 else None
    move = None
    if proven and root.is_or and root.children:
        move = next(child.move for child in root.children if child.proof == 0)
    return ProofResult(attacker=searcher.attacker, proven=proven, move=move, proof=root.proof,
                       disproof=root.disproof, nodes=searcher.nodes, expansions=searcher.expansions,
                       largest_tree=max(searcher.largest, searcher.size), elapsed=time.perf_counter() - started,
                       table_entries=len(searcher.settled or {}))


def proof_number_search(state: GameState, attacker: Player | None = None, *, moves: MoveFilter | None = None,
                        max_nodes: int = DEFAULT_MAX_NODES, table: bool = False) -> ProofResult:
    """Prove or disprove that ``attacker`` (by default the player to move) can force a win.

    Args:
        state: the position; never changed.
        attacker: whose win is asked about; OR nodes are the positions where she is to move.
        moves: ``moves(state)`` restricts the moves searched (threats); ``None``: all legal moves.
        max_nodes: stop, unsettled, after creating this many nodes.
        table: remember settled positions by key (see :class:`ProofNumberSearch`).

    Returns:
        A :class:`ProofResult`: ``proven`` is ``True``, ``False`` or ``None`` (budget spent).

    >>> from tictac_edu.games import TicTacToe
    >>> proof_number_search(TicTacToe()).proven             # X cannot force a win
    False
    >>> proof_number_search(TicTacToe(), attacker="O").proven
    False
    """
    return _search(ProofNumberSearch(_check(state, attacker, max_nodes), moves, max_nodes, table), state)


def pn2(state: GameState, attacker: Player | None = None, *, moves: MoveFilter | None = None,
        max_nodes: int = DEFAULT_MAX_NODES, second_limit: Callable[[int], int] | None = None,
        table: bool = False) -> ProofResult:
    """:func:`proof_number_search` with memory bounded by PN² (see :class:`PN2Search`): the same
    answer, more nodes created, far fewer held at once (``largest_tree``).

    >>> from tictac_edu.games import MNKGame
    >>> pn2(MNKGame(4, 4, 3)).proven                        # 4 x 4, three in a row: a first-player win
    True
    """
    searcher = PN2Search(_check(state, attacker, max_nodes), moves, max_nodes, second_limit, table)
    return _search(searcher, state)


DFPN_INF = 10**9
"""df-pn's infinity: a whole number, so thresholds stay exact (``inf - 1`` is still ``inf``)."""


class DepthFirstProofNumberSearch:
    """Depth-first proof-number search, df-pn (Nagai, 2002): the same most-proving node as
    :class:`ProofNumberSearch`, found without keeping the tree.

    Each node is searched with two thresholds, a proof and a disproof number it must not reach.
    While its numbers stay under them, the node's most-proving child is the one to search, and
    it keeps being the one as long as its numbers stay under *its* thresholds: at an OR node the
    child's proof threshold is one more than the second-smallest proof number among the children
    (past that, another child is the most-proving), its disproof threshold what the node's sum
    of disproofs may still grow by (AND nodes the same, proof and disproof swapped). A node whose
    numbers reach a threshold returns to its parent, which picks again. Nothing but the path is
    held; the numbers of every node searched go into a **transposition table** keyed by
    ``state.key()``, where a node found again (by another move order, or after a return) takes
    them up. With ``epsilon > 0`` the child's threshold is ``(1 + epsilon)`` times the second
    number instead of one more (Pawlewicz and Lew, 2007): fewer back-and-forth returns between
    two children of nearly equal numbers.

    Args: as :class:`ProofNumberSearch`; ``max_nodes`` bounds the positions created.
    """

    def __init__(self, attacker: Player, moves: MoveFilter | None = None,
                 max_nodes: int = DEFAULT_MAX_NODES, epsilon: float = 0.0) -> None:
        self.attacker = attacker
        self.moves = moves
        self.max_nodes = max_nodes
        self.epsilon = epsilon
        self.table: dict[Hashable, tuple[int, int]] = {}
        """``key -> (proof, disproof)`` of every position searched."""
        self.nodes = 0
        self.expansions = 0
        self.held = 0
        self.largest = 0

    def leaf(self, state: GameState) -> tuple[int, int]:
        """The numbers of a position not yet searched: from the table, or those of a finished
        game, of an OR node without a move to search, or ``(1, 1)``."""
        self.nodes += 1
        known = self.table.get(state.key())
        if known is not None:
            return known
        if state.is_terminal():
            return (0, DFPN_INF) if state.winner == self.attacker else (DFPN_INF, 0)
        if state.to_move == self.attacker and self.moves is not None and not self.moves(state):
            return DFPN_INF, 0
        return 1, 1

    def search(self, state: GameState, proof_limit: int, disproof_limit: int) -> tuple[int, int]:
        """Search ``state`` until its proof number reaches ``proof_limit`` or its disproof number
        ``disproof_limit`` (or it is settled); store and return its numbers."""
        key = state.key()
        known = self.table.get(key)
        if known is not None and (known[0] >= proof_limit or known[1] >= disproof_limit):
            return known
        if state.is_terminal():
            numbers = (0, DFPN_INF) if state.winner == self.attacker else (DFPN_INF, 0)
            self.table[key] = numbers
            return numbers
        is_or = state.to_move == self.attacker
        moves = state.legal_moves() if self.moves is None else self.moves(state)
        if not moves:
            numbers = (DFPN_INF, 0) if is_or else (0, DFPN_INF)
            self.table[key] = numbers
            return numbers
        self.expansions += 1
        children = [state.play(move) for move in moves]
        numbers_of = [self.leaf(child) for child in children]
        self.held += len(children)
        self.largest = max(self.largest, self.held)
        while True:
            proofs = [numbers[0] for numbers in numbers_of]
            disproofs = [numbers[1] for numbers in numbers_of]
            # the table of the module's docstring; "mine" is the number this node takes the min of
            if is_or:
                proof, disproof = min(proofs), min(DFPN_INF, sum(disproofs))
                mine, mine_limit, theirs, theirs_limit, own = proofs, proof_limit, disproof, disproof_limit, disproofs
            else:
                proof, disproof = min(DFPN_INF, sum(proofs)), min(disproofs)
                mine, mine_limit, theirs, theirs_limit, own = disproofs, disproof_limit, proof, proof_limit, proofs
            if proof >= proof_limit or disproof >= disproof_limit or self.nodes >= self.max_nodes:
                break
            best = min(range(len(children)), key=mine.__getitem__)
            second = min((value for index, value in enumerate(mine) if index != best), default=DFPN_INF)
            if self.epsilon and second < DFPN_INF:
                second = max(second, math.ceil(second * (1 + self.epsilon)) - 1)
            child_mine = min(mine_limit, second + 1)  # past the second-best, another child is most-proving
            child_theirs = min(DFPN_INF, theirs_limit - theirs + own[best])  # what the sum may still grow by
            if is_or:
                numbers_of[best] = self.search(children[best], child_mine, child_theirs)
            else:
                numbers_of[best] = self.search(children[best], child_theirs, child_mine)
        self.held -= len(children)
        numbers = (proof, disproof)
        self.table[key] = numbers
        return numbers


def dfpn(state: GameState, attacker: Player | None = None, *, moves: MoveFilter | None = None,
         max_nodes: int = DEFAULT_MAX_NODES, epsilon: float = 0.0) -> ProofResult:
    """:func:`proof_number_search` depth first with a transposition table (see
    :class:`DepthFirstProofNumberSearch`): the same answer; memory is the table, not a tree.

    ``largest_tree`` is the most positions held at once on the path searched, ``table_entries``
    the positions in the table at the end.

    >>> from tictac_edu.games import ConnectFour
    >>> dfpn(ConnectFour(4, 4)).proven, dfpn(ConnectFour(4, 4), "O").proven   # a draw
    (False, False)
    """
    searcher = DepthFirstProofNumberSearch(_check(state, attacker, max_nodes), moves, max_nodes, epsilon)
    started = time.perf_counter()
    searcher.nodes += 1
    proof, disproof = searcher.search(state, DFPN_INF, DFPN_INF)
    proven = True if proof == 0 else False if disproof == 0 else None
    move = None
    if proven and state.to_move == searcher.attacker and not state.is_terminal():
        for candidate in state.legal_moves() if moves is None else moves(state):
            child = state.play(candidate)
            known = searcher.table.get(child.key())
            if (child.is_terminal() and child.winner == searcher.attacker) or (known is not None and known[0] == 0):
                move = candidate
                break
    return ProofResult(attacker=searcher.attacker, proven=proven, move=move,
                       proof=INF if proof >= DFPN_INF else float(proof),
                       disproof=INF if disproof >= DFPN_INF else float(disproof), nodes=searcher.nodes,
                       expansions=searcher.expansions, largest_tree=searcher.largest,
                       elapsed=time.perf_counter() - started, table_entries=len(searcher.table))
