"""Monte Carlo tree search: UCT with random playouts, for any game of the protocol.

Alpha-beta needs an evaluation to stop early; Monte Carlo tree search needs none. It grows a
tree from the root one node per *iteration*, in four steps:

1. **select**: from the root, go down to the child with the highest UCB1 score,
   ``mean + c * sqrt(ln(parent visits) / child visits)``, while every move of the node has
   a child already (a well-scored move is *exploited*, a rarely tried one *explored*);
2. **expand**: add one child for an untried move;
3. **simulate**: play random moves from the new child to the end of the game
   (``state.random_playout(rng)``, each game's fast version);
4. **back up**: add the result to every node on the way back to the root.

**Whose point of view.** A node's statistics are from the point of view of the player who
moved *into* it (its ``mover``): a playout that player won adds 1, a draw 1/2, a loss 0. So
a parent chooses among its children by their plain mean: each child's mean is the win rate,
for the player choosing, of the move leading to it. In the results every root move's value is
therefore from the point of view of the player to move at the root.

:class:`MCTS` is that search and nothing else (its four steps are :meth:`MCTS.iteration`,
:meth:`~MCTS.select`, :meth:`~MCTS.expand`, :meth:`~MCTS.simulate`, :meth:`~MCTS.backup`);
around it are a budget (``playouts=`` iterations, or a ``time_limit=`` checked at every
iteration), tree reuse between moves (:meth:`MCTS.advance`, or found by itself from the new
position's moves), and the :class:`MCTSResult`. :class:`MCTSSolver` is the *MCTS-solver*
variant (Winands, Bjornsson and Saito, 2008): it also backs up proven results, and stops when
the root is proven.

>>> from tictac_edu.games import TicTacToe, play_moves
>>> state = play_moves(TicTacToe(), [0, 3, 1, 4])   # X to move: 2 wins at once, 5 would lose
>>> result = mcts(state, playouts=400, seed=1)
>>> result.move, sum(result.visits.values())
(2, 400)
>>> result.values[2] > 0.9                         # X's win rate after 2: X wins every playout
True
>>> solved = mcts(state, playouts=400, solver=True, seed=1)
>>> solved.proven, solved.outcome, solved.move, solved.iterations < 400   # proven early
(True, <Outcome.WIN: 'win'>, 2, True)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from tictac_edu.games.base import GameState, Move, Outcome, Player, whole_number
from tictac_edu.search.common import Clock
from tictac_edu.search.ordering import MoveOrder

DEFAULT_EXPLORATION = math.sqrt(2)
"""UCB1's exploration constant ``c``: sqrt(2), the value of the UCB1 regret bound for rewards
between 0 and 1 (Auer et al., 2002) and of Kocsis and Szepesvari's UCT."""
DEFAULT_PLAYOUTS = 1000
"""Iterations per search when neither ``playouts`` nor ``time_limit`` is given."""
WIN, DRAW, LOSS = 1.0, 0.5, 0.0
"""What a playout adds to a node for the player who moved into it: a win 1, a draw 1/2, a loss 0."""

Candidates = Callable[[GameState], Sequence[Move]]
"""``candidates(state)``: the moves a node of ``state`` expands, best first (a subset of the
legal moves, at least one in a position that has any)."""

_OUTCOMES: dict[float, Outcome] = {WIN: Outcome.WIN, DRAW: Outcome.DRAW, LOSS: Outcome.LOSS}


def reward(winner: Player | None, player: Player) -> float:
    """What a finished game is worth to ``player``: :data:`WIN`, :data:`DRAW` or :data:`LOSS`.

    >>> reward("X", "X"), reward(None, "X"), reward("O", "X")
    (1.0, 0.5, 0.0)
    """
    if winner is None:
        return DRAW
    return WIN if winner == player else LOSS


def random_playout(state: GameState, rng: random.Random) -> Player | None:
    """The winner (``None``: a draw) of a game played on from ``state`` by uniformly random
    moves: the game's own ``state.random_playout(rng)`` (every game of the course has a fast
    one), or :func:`plain_playout` for a game without it. The default ``playout`` of :class:`MCTS`.

    >>> from tictac_edu.games import TicTacToe, play_moves
    >>> random_playout(play_moves(TicTacToe(), [0, 3, 1, 4, 2]), random.Random(1))   # X has won
    'X'
    """
    fast = getattr(state, "random_playout", None)
    if fast is not None:
        return fast(rng)  # type: ignore[no-any-return]
    return plain_playout(state, rng)


def plain_playout(state: GameState, rng: random.Random) -> Player | None:
    """The same random game as :func:`random_playout`, played through the protocol only
    (``legal_moves``, ``play``, ``is_terminal``, ``winner``): slower, and a check of a game's
    fast version."""
    while not state.is_terminal():
        state = state.play(rng.choice(state.legal_moves()))
    return state.winner


Playout = Callable[[GameState, random.Random], Player | None]
"""``playout(state, rng)``: the winner of a game played on from ``state`` (``None``: a draw);
the *simulation* step. :func:`random_playout` by default; it must pickle to go into an agent."""


def _other(state: GameState, player: Player) -> Player:
    first, second = state.players
    return second if player == first else first


class MCTSNode:
    """One position of the tree.

    Attributes:
        state: the position.
        move: the move that led here from the parent (``None`` at the root).
        mover: the player who moved *into* this node; ``visits`` and ``wins`` are from that
            player's point of view (at the root: the opponent of the player to move there).
        children: the expanded children, in the order they were expanded.
        untried: the moves not expanded yet, the next to expand last.
        visits: the iterations that went through this node.
        wins: the sum of their results for ``mover``: 1 per win, 1/2 per draw.
        proven: (:class:`MCTSSolver` only) the game-theoretic result for ``mover`` once proven:
            :data:`WIN`, :data:`DRAW` or :data:`LOSS`; ``None`` while unknown.
        complete: whether the node's moves are all its legal moves (``False`` when
            ``candidates`` left some out: a loss cannot be proven there).
    """

    __slots__ = ("state", "move", "mover", "children", "untried", "visits", "wins", "proven", "complete")

    def __init__(self, state: GameState, move: Move | None, mover: Player, moves: Sequence[Move],
                 complete: bool = True) -> None:
        self.state = state
        self.move = move
        self.mover = mover
        self.children: list[MCTSNode] = []
        self.untried: list[Move] = list(reversed(moves))
        self.visits = 0
        self.wins = 0.0
        self.proven: float | None = None
        self.complete = complete

    @property
    def mean(self) -> float:
        """The mean result for :attr:`mover` (1/2 before any visit)."""
        return self.wins / self.visits if self.visits else DRAW

    def value_for(self, player: Player) -> float:
        """The mean result from ``player``'s point of view (1 a win, 0 a loss)."""
        return self.mean if player == self.mover else 1.0 - self.mean

    def child(self, move: Move) -> MCTSNode | None:
        """The child reached by ``move``, or ``None`` if it was not expanded."""
        return next((child for child in self.children if child.move == move), None)

    def size(self) -> int:
        """The number of nodes in this subtree."""
        return sum(1 for _ in tree_nodes(self))

    def __repr__(self) -> str:
        proven = "" if self.proven is None else f", proven {_OUTCOMES[self.proven]} for {self.mover}"
        return f"<MCTSNode move={self.move!r}: {self.visits} visits, mean {self.mean:.3f} for {self.mover}{proven}>"


@dataclass
class MCTSResult:
    """What a Monte Carlo tree search found.

    Every value is from the point of view of :attr:`player`, the player to move at the root.

    Attributes:
        move: the move to play: the most visited root move (:class:`MCTSSolver`: a proven win
            first; in a proven position the best proven move; never a proven loss if another
            move is not one).
        player: the player to move at the root.
        visits: the visits of each expanded root move, in expansion order.
        values: the mean result of each root move for :attr:`player` (1 win, 1/2 draw, 0 loss).
        iterations: the iterations this search ran (a reused tree keeps earlier ones as well:
            :attr:`reused`).
        playouts: the random playouts it ran (an iteration that reaches a finished game or a
            proven node plays none).
        elapsed: the seconds it took, on the search's clock.
        proven: whether the root's result was proven (:class:`MCTSSolver` only).
        outcome: the :class:`~tictac_edu.games.Outcome` (win, draw or loss) for :attr:`player`
            when :attr:`proven`.
        proven_moves: the root moves proven so far, each with its outcome for :attr:`player`.
        reused: the visits the root had from earlier searches (tree reuse), 0 for a new tree.
        exploration: the exploration constant used.
        root: the root of the tree, for pictures (:func:`tictac_edu.viz.draw_mcts_tree`).
    """

    move: Move
    player: Player
    visits: dict[Move, int]
    values: dict[Move, float]
    iterations: int
    playouts: int
    elapsed: float
    proven: bool = False
    outcome: Outcome | None = None
    proven_moves: dict[Move, Outcome] = field(default_factory=dict)
    reused: int = 0
    exploration: float = DEFAULT_EXPLORATION
    root: MCTSNode | None = field(default=None, repr=False, compare=False)

    @property
    def value(self) -> float:
        """The chosen move's mean result for :attr:`player`."""
        return self.values[self.move]

    @property
    def pv(self) -> list[Move]:
        """The most visited line from the root (empty without a tree)."""
        line: list[Move] = []
        node = self.root
        while node is not None and node.children:
            node = max(node.children, key=lambda child: child.visits)
            line.append(node.move)
        return line

    def summary(self) -> str:
        """One line for people: the move, its visits and value, the budget and the proof."""
        parts = [f"move {self.move}", f"{self.visits[self.move]:,} of {sum(self.visits.values()):,} visits",
                 f"value {self.value:.3f} for {self.player}", f"{self.iterations:,} iterations"]
        if self.reused:
            parts.append(f"{self.reused:,} visits reused")
        if self.proven:
            parts.append(f"proven {self.outcome}")
        parts.append(f"{self.elapsed * 1000:.0f} ms")
        return ", ".join(parts)


class MCTS:
    """UCT: Monte Carlo tree search choosing by UCB1, with random playouts.

    Each node's ``visits`` and ``wins`` are from the point of view of the player who moved
    into it (:class:`MCTSNode`), so UCB1 ranks a node's children by their own means.

    The object keeps its tree between searches: searching a position reached from the last
    root by moves in the tree (the agent's own move and the reply) starts from that subtree
    and keeps its statistics (:meth:`advance` moves the root explicitly).

    Args:
        exploration: UCB1's constant ``c`` (:data:`DEFAULT_EXPLORATION`, sqrt(2)); 0 never
            explores a move again once it has a worse mean.
        candidates: ``candidates(state)``, the moves a node expands (a game's way to leave out
            hopeless moves, such as gomoku's points far from every stone); ``None``: all legal
            moves. Playouts are still over all legal moves.
        playout: the simulation, ``playout(state, rng) -> winner``; :func:`random_playout`
            (the game's fast random game) by default.
        seed: seed of the random playouts.
        clock: the clock for ``time_limit`` and ``elapsed`` (tests give a fake one).

    Raises:
        ValueError: a negative or infinite ``exploration``, or ``candidates`` or ``playout``
            not callable.
    """

    def __init__(self, exploration: float = DEFAULT_EXPLORATION, *, candidates: Candidates | None = None,
                 playout: Playout = random_playout, seed: int | None = None, clock: Clock = time.monotonic) -> None:
        check_exploration(exploration)
        check_callables(candidates, playout)
        self.exploration = float(exploration)
        self.candidates = candidates
        self.playout = playout
        self.rng = random.Random(seed)
        self.clock = clock
        self.root: MCTSNode | None = None
        self.playouts_run = 0
        """Random playouts run by this object, over all its searches."""

    # -- the algorithm: one iteration in four steps -----------------------------------------

    def iteration(self) -> None:
        """One iteration: select a path, expand one child, simulate a game, back up its result."""
        assert self.root is not None
        path = self.select(self.root)
        if path[-1].untried:
            path.append(self.expand(path[-1]))
        winner = self.simulate(path[-1])
        self.backup(path, winner)

    def select(self, node: MCTSNode) -> list[MCTSNode]:
        """The path from ``node`` down by UCB1, to the first node with an untried move (or with
        no moves: a finished game)."""
        path = [node]
        while not node.untried and node.children:
            node = self.ucb1_child(node)
            path.append(node)
        return path

    def ucb1_child(self, node: MCTSNode) -> MCTSNode:
        """The child with the highest UCB1 score: its mean for the player choosing (who moved
        into it) plus ``exploration * sqrt(ln(node.visits) / child.visits)``."""
        log_visits = math.log(node.visits)
        return max(node.children, key=lambda child: child.wins / child.visits
                   + self.exploration * math.sqrt(log_visits / child.visits))

    def expand(self, node: MCTSNode) -> MCTSNode:
        """Add the child of ``node``'s next untried move, and return it."""
        move = node.untried.pop()
        child = self.new_node(node.state.play(move), move, node.state.to_move)
        node.children.append(child)
        return child

    def simulate(self, node: MCTSNode) -> Player | None:
        """Play random moves from ``node`` to the end: the winner (``None`` for a draw)."""
        self.playouts_run += 1
        return self.playout(node.state, self.rng)

    def backup(self, path: list[MCTSNode], winner: Player | None) -> None:
        """Count the game on every node of ``path``, for the player who moved into that node."""
        for node in path:
            node.visits += 1
            node.wins += reward(winner, node.mover)

    # -- around it: nodes, budgets, tree reuse, results ----------------------------------------

    def new_node(self, state: GameState, move: Move | None, mover: Player) -> MCTSNode:
        """A node for ``state``, with the moves it will expand (``candidates``, if given)."""
        if self.candidates is None:
            return MCTSNode(state, move, mover, state.legal_moves())
        legal = state.legal_moves()
        moves = list(self.candidates(state)) if legal else []
        if legal and not moves:
            raise ValueError(f"candidates returned no move for a position that has legal moves:\n{state}")
        return MCTSNode(state, move, mover, moves, complete=len(moves) == len(legal))

    def search(self, state: GameState, playouts: int | None = None, time_limit: float | None = None) -> MCTSResult:
        """Search ``state`` for ``playouts`` iterations or ``time_limit`` seconds (checked after
        every iteration: at least one runs), whichever runs out first when both are given,
        reusing the tree if ``state`` is in it.

        Args:
            state: a position that is not finished; it is never changed.
            playouts: iterations to run; :data:`DEFAULT_PLAYOUTS` if neither limit is given.
            time_limit: seconds to search.

        Returns:
            The :class:`MCTSResult`, values from the point of view of the player to move.

        Raises:
            ValueError: a finished game, or a limit that is not positive.
        """
        playouts = check_budget(playouts, time_limit)
        if state.is_terminal():
            raise ValueError(f"the game is over, there is nothing to search:\n{state}")
        started = self.clock()
        self.root = self._reusable(state) or self.new_node(state, None, _other(state, state.to_move))
        root, reused, before = self.root, self.root.visits, self.playouts_run
        deadline = None if time_limit is None else started + time_limit
        done = 0
        while root.proven is None and (playouts is None or done < playouts):
            self.iteration()
            done += 1
            if deadline is not None and self.clock() >= deadline:
                break
        return self.result(root, done, self.playouts_run - before, self.clock() - started, reused)

    def advance(self, move: Move) -> None:
        """Move the root to its child ``move`` (played on the board), keeping that subtree's
        statistics; a new root if the move was never expanded.

        Raises:
            ValueError: there is no tree yet (search first), or the move is illegal there.
        """
        if self.root is None:
            raise ValueError("there is no tree to advance: search a position first")
        child = self.root.child(move)
        self.root = child if child is not None else self.new_node(self.root.state.play(move), move,
                                                                  self.root.state.to_move)

    def reset(self) -> None:
        """Forget the tree (the next search starts a new one)."""
        self.root = None

    def _reusable(self, state: GameState) -> MCTSNode | None:
        """The node of the tree for ``state``: the root, or a node reached from it by the moves
        that led from the root's position to ``state``; ``None`` if there is none."""
        root = self.root
        if root is None:
            return None
        line: list[Move] = []
        earlier = state
        try:
            while earlier.ply > root.state.ply and earlier is not root.state:
                line.append(earlier.last_move)
                earlier = earlier.undo()
        except ValueError:  # a position set up without its moves (no undo): nothing to follow
            return None
        if not same_position(earlier, root.state):
            return None
        node: MCTSNode | None = root
        for move in reversed(line):
            node = node.child(move) if node is not None else None
        return node

    def best_child(self, root: MCTSNode) -> MCTSNode:
        """The child to play: the most visited (ties: the higher mean, then the first expanded)."""
        return max(root.children, key=lambda child: (child.visits, child.mean))

    def result(self, root: MCTSNode, iterations: int, playouts: int, elapsed: float, reused: int) -> MCTSResult:
        """The :class:`MCTSResult` of a search that ran from ``root``."""
        player = root.state.to_move
        best = self.best_child(root)
        proven_moves = {child.move: _OUTCOMES[child.proven] for child in root.children if child.proven is not None}
        return MCTSResult(
            move=best.move, player=player, visits={child.move: child.visits for child in root.children},
            values={child.move: child.mean for child in root.children}, iterations=iterations, playouts=playouts,
            elapsed=elapsed, proven=root.proven is not None,
            outcome=None if root.proven is None else _OUTCOMES[1.0 - root.proven], proven_moves=proven_moves,
            reused=reused, exploration=self.exploration, root=root)


class MCTSSolver(MCTS):
    """MCTS-solver (Winands, Bjornsson and Saito, 2008): UCT that also backs up proofs.

    A finished game is proven. A node is a proven *win* for the player to move there if one
    of its children is a proven loss for the opponent (a move into a lost position for them);
    a proven *loss* if every child is a proven win for the opponent. This version also proves
    a *draw*: a node whose children are all proven, the best of them a draw. Selection never
    enters a child proven lost for the player choosing, and stops at a proven node, whose
    result is then backed up as if a playout had ended with it; the search stops as soon as
    the root is proven. With ``candidates`` a node that leaves moves out proves only wins.

    Arguments as :class:`MCTS`.
    """

    def select(self, node: MCTSNode) -> list[MCTSNode]:
        path = [node]
        while node.proven is None and not node.untried and node.children:
            node = self.ucb1_child(node)
            path.append(node)
        return path

    def ucb1_child(self, node: MCTSNode) -> MCTSNode:
        """As :meth:`MCTS.ucb1_child`, among the children not proven lost for the player choosing."""
        children = [child for child in node.children if child.proven != LOSS] or node.children
        log_visits = math.log(node.visits)
        return max(children, key=lambda child: child.wins / child.visits
                   + self.exploration * math.sqrt(log_visits / child.visits))

    def expand(self, node: MCTSNode) -> MCTSNode:
        child = super().expand(node)
        if child.state.is_terminal():
            child.proven = reward(child.state.winner, child.mover)
        return child

    def simulate(self, node: MCTSNode) -> Player | None:
        if node.proven is None:
            return super().simulate(node)
        if node.proven == DRAW:
            return None
        return node.mover if node.proven == WIN else _other(node.state, node.mover)

    def backup(self, path: list[MCTSNode], winner: Player | None) -> None:
        """Count the game as :class:`MCTS` does, then prove upwards from the end of ``path`` for
        as long as a node's children prove it."""
        super().backup(path, winner)
        for depth in range(len(path) - 1, 0, -1):
            if path[depth].proven is None or not self.prove(path[depth - 1]):
                break

    @staticmethod
    def prove(node: MCTSNode) -> bool:
        """Prove ``node`` from its children if they allow it; whether it is proven now.

        The children's ``proven`` is for the player to move at ``node``: one :data:`WIN`
        proves ``node`` a loss for its mover; all children proven (every move expanded, none
        left out) prove it ``1 -`` the best of them.
        """
        if node.proven is not None:
            return True
        proven = [child.proven for child in node.children if child.proven is not None]
        if WIN in proven:
            node.proven = LOSS
        elif not node.untried and node.complete and len(proven) == len(node.children):
            node.proven = 1.0 - max(proven)
        if node.proven is not None:
            node.untried.clear()  # a proven node is never expanded further
        return node.proven is not None

    def best_child(self, root: MCTSNode) -> MCTSNode:
        """A proven win first; in a proven position the best proven move; otherwise the most
        visited move that is not a proven loss."""
        proven = [child for child in root.children if child.proven is not None]
        wins = [child for child in proven if child.proven == WIN]
        if wins:
            return max(wins, key=lambda child: child.visits)
        if root.proven is not None:
            return max(proven, key=lambda child: (child.proven or 0.0, child.visits))
        open_children = [child for child in root.children if child.proven != LOSS] or root.children
        return max(open_children, key=lambda child: (child.visits, child.mean))


class OrderCandidates:
    """``candidates`` from a :class:`~tictac_edu.search.ordering.MoveOrder`: the moves the order
    returns for a position (all its legal moves, or the subset it keeps), best first. It is
    how a game's ``search_order`` factory (gomoku: the points near the stones, in the agents' catalogue) narrows MCTS.

    >>> from tictac_edu.games import TicTacToe
    >>> from tictac_edu.search.ordering import StaticOrder
    >>> OrderCandidates(StaticOrder([4, 0, 2]))(TicTacToe().play(0))
    [4, 2, 1, 3, 5, 6, 7, 8]
    """

    def __init__(self, order: MoveOrder) -> None:
        if not callable(getattr(order, "order", None)):
            raise ValueError(f"OrderCandidates needs a MoveOrder (with .order(state, moves, ply)), not {order!r}")
        self.order = order

    def __call__(self, state: GameState) -> list[Move]:
        return list(self.order.order(state, state.legal_moves(), 0))

    def __repr__(self) -> str:
        return f"OrderCandidates({self.order!r})"


def same_position(a: GameState, b: GameState) -> bool:
    """Whether ``a`` and ``b`` are the same position of the same game (by :meth:`key`)."""
    return a is b or (type(a) is type(b) and a.ply == b.ply and a.key() == b.key() and a.game == b.game)


def check_exploration(exploration: object) -> None:
    """Raise ``ValueError`` unless ``exploration`` is a finite number >= 0."""
    if not isinstance(exploration, int | float) or isinstance(exploration, bool) or \
            not math.isfinite(exploration) or exploration < 0:
        raise ValueError(f"exploration must be a finite number >= 0 (UCB1's constant c), not {exploration!r}")


def check_callables(candidates: object, playout: object) -> None:
    """Raise ``ValueError`` unless ``candidates`` is a function or ``None`` and ``playout`` a function."""
    if candidates is not None and not callable(candidates):
        raise ValueError(f"candidates must be a function candidates(state) -> moves, or None, not {candidates!r}")
    if not callable(playout):
        raise ValueError(f"playout must be a function playout(state, rng) -> winner, not {playout!r}")


def check_budget(playouts: object, time_limit: object) -> int | None:
    """The number of iterations to run: ``playouts`` (a NumPy integer too), ``None`` with only
    a ``time_limit``, or :data:`DEFAULT_PLAYOUTS` when neither is given. With both, the search
    stops at whichever runs out first (an agent budgeted in playouts on a game clock).

    Raises:
        ValueError: ``playouts`` is not a whole number >= 1, or ``time_limit`` is not a
            positive, finite number of seconds.
    """
    if time_limit is not None and (not isinstance(time_limit, int | float) or isinstance(time_limit, bool)
                                   or not math.isfinite(time_limit) or time_limit <= 0):
        raise ValueError(f"time_limit must be a positive, finite number of seconds, not {time_limit!r}")
    if playouts is None:
        return None if time_limit is not None else DEFAULT_PLAYOUTS
    iterations = whole_number(playouts)
    if iterations is None or iterations < 1:
        raise ValueError(f"playouts must be a whole number >= 1 (iterations per search), not {playouts!r}")
    return iterations


def mcts(state: GameState, playouts: int | None = None, time_limit: float | None = None, *,
         exploration: float = DEFAULT_EXPLORATION, solver: bool = False, candidates: Candidates | None = None,
         playout: Playout = random_playout, seed: int | None = None, clock: Clock = time.monotonic) -> MCTSResult:
    """Monte Carlo tree search of ``state`` with a new tree: :class:`MCTS` (UCT), or
    :class:`MCTSSolver` with ``solver=True``.

    Args:
        state: a position that is not finished.
        playouts: iterations to run (:data:`DEFAULT_PLAYOUTS` if neither limit is given).
        time_limit: seconds to search (with ``playouts`` too: whichever runs out first).
        exploration: UCB1's constant.
        solver: back up proven wins, draws and losses, and stop once the root is proven.
        candidates: the moves a node expands (see :class:`MCTS`).
        playout: the simulation (see :class:`MCTS`).
        seed: seed of the random playouts.
        clock: the clock for ``time_limit``.

    Returns:
        The :class:`MCTSResult`; values from the point of view of the player to move.

    Raises:
        ValueError: bad arguments or a finished game.
    """
    kind = MCTSSolver if solver else MCTS
    engine = kind(exploration, candidates=candidates, playout=playout, seed=seed, clock=clock)
    return engine.search(state, playouts, time_limit)


def tree_nodes(root: MCTSNode) -> Iterator[MCTSNode]:
    """Every node of the tree below ``root`` (``root`` first), walked with a stack."""
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.children))
