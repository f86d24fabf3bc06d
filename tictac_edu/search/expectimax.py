"""Expectimax: search against a *modelled* opponent instead of a perfect one.

Minimax assumes the opponent always finds the reply that is worst for us. Against a weak
opponent that is too careful: a move that wins against most replies and draws against the
best one looks no better to minimax than a quiet draw. Expectimax replaces the opponent's MIN
nodes by *chance nodes*: an :class:`OpponentModel` gives a probability for each of the
opponent's moves, and a chance node's value is the expected value of its children,

    value(chance node) = sum over moves m of  P(m) * value(child after m).

The player to move at the root (the *root player*) still takes the best of its moves at its
own nodes. Every value here is from the root player's point of view (MAX/chance form, like
:func:`~tictac_edu.search.minimax.minimax`, not negamax): +1 a win for the root player.

Two models come with the search:

* :class:`UniformModel`: the opponent plays every legal move with the same probability (a
  random player, :class:`~tictac_edu.agents.RandomAgent`);
* :class:`EpsilonGreedyModel`: with probability ``epsilon`` a uniformly random move, otherwise
  the move a policy chooses (a difficulty level's move). With ``epsilon = 0`` and the minimax
  reply as the policy, expectimax *is* minimax; with ``epsilon = 1`` it is the uniform model.

Alpha-beta does not carry over: a MIN node can stop as soon as one reply is bad enough, but a
chance node's value depends on *every* child, so no single child settles it. With bounds on
the evaluation, *-minimax (Ballard 1983) prunes chance nodes after all: once the children
searched so far, with the rest at their best possible value, cannot reach the window, the node
is cut off. This module does not prune; it keeps a table of the positions already valued
(keyed on the position and the depth left), which is exact because a model's distribution
depends only on the position.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from tictac_edu.games.base import GameState, Move, Player
from tictac_edu.search.common import Evaluation, check_search_arguments, faster_wins, leaf_score
from tictac_edu.search.result import SearchResult

Distribution = list[tuple[Move, float]]
"""A probability for each legal move, in the game's move order: ``[(move, p), ...]`` with every
``p >= 0`` and the ``p`` summing to 1."""

Policy = Callable[[GameState], Move]
"""``policy(state)``: the move some player chooses in ``state`` (deterministic: the same move
for the same position, so that a search may remember the values it found)."""

PROBABILITY_TOLERANCE = 1e-9
"""How far from 1 a distribution's probabilities may sum (rounding)."""


@runtime_checkable
class OpponentModel(Protocol):
    """What the searching player believes the opponent does: a probability for each legal move."""

    name: str

    def distribution(self, state: GameState) -> Distribution:
        """The probability of each legal move of ``state``'s player to move (see :data:`Distribution`)."""
        ...


class UniformModel:
    """The opponent plays each legal move with the same probability: a random player.

    >>> from tictac_edu.games import TicTacToe
    >>> UniformModel().distribution(TicTacToe().play(4))[:2]
    [(0, 0.125), (1, 0.125)]
    """

    name = "uniform"

    def distribution(self, state: GameState) -> Distribution:
        """``1 / n`` for each of the ``n`` legal moves."""
        moves = state.legal_moves()
        return [(move, 1.0 / len(moves)) for move in moves]

    def __repr__(self) -> str:
        return "UniformModel()"


class EpsilonGreedyModel:
    """With probability ``epsilon`` the opponent plays a uniformly random move, otherwise the
    move ``policy`` chooses (a difficulty level's move, a search's best reply).

    The policy's move gets ``1 - epsilon + epsilon / n``, every other move ``epsilon / n``
    (the random move may be the policy's move too). ``epsilon = 0`` puts probability 1 on the
    policy's move; ``epsilon = 1`` is :class:`UniformModel`.

    Args:
        policy: ``policy(state)``, the opponent's deterministic choice.
        epsilon: the chance of a random move, between 0 and 1.
        name: how the model is shown.

    >>> from tictac_edu.games import TicTacToe
    >>> model = EpsilonGreedyModel(lambda state: 4, epsilon=0.5)
    >>> dict(model.distribution(TicTacToe().play(0)))[4], dict(model.distribution(TicTacToe().play(0)))[1]
    (0.5625, 0.0625)
    """

    def __init__(self, policy: Policy, epsilon: float, name: str | None = None) -> None:
        if isinstance(epsilon, bool) or not isinstance(epsilon, int | float) or not 0.0 <= epsilon <= 1.0:
            raise ValueError(f"epsilon is a probability between 0 and 1, not {epsilon!r}")
        if not callable(policy):
            raise TypeError(f"policy must be a function policy(state) -> move, not {policy!r}")
        self.policy = policy
        self.epsilon = float(epsilon)
        self.name = name or f"epsilon-greedy {self.epsilon:g}"

    def distribution(self, state: GameState) -> Distribution:
        """``epsilon / n`` for each legal move, plus ``1 - epsilon`` on the policy's move.

        Raises:
            ValueError: the policy chose a move that is not legal in ``state``.
        """
        moves = state.legal_moves()
        share = self.epsilon / len(moves)
        if self.epsilon == 1.0:
            return [(move, share) for move in moves]
        chosen = self.policy(state)
        if chosen not in moves:
            raise ValueError(f"the policy of {self.name} chose {chosen!r}, not a legal move here:\n{state}")
        return [(move, share + (1.0 - self.epsilon if move == chosen else 0.0)) for move in moves]

    def __repr__(self) -> str:
        return f"EpsilonGreedyModel(epsilon={self.epsilon:g}, name={self.name!r})"


def check_distribution(distribution: Distribution, state: GameState, model: object) -> None:
    """Raise ``ValueError`` unless ``distribution`` gives every legal move of ``state`` a
    probability (each at least 0) and the probabilities sum to 1."""
    moves = [move for move, _ in distribution]
    if sorted(map(repr, moves)) != sorted(map(repr, state.legal_moves())):
        raise ValueError(f"{model!r} must give a probability to each legal move exactly once; it gave {moves!r} "
                         f"for the legal moves {state.legal_moves()!r}")
    total = math.fsum(p for _, p in distribution)
    if any(not p >= 0 for _, p in distribution) or abs(total - 1.0) > PROBABILITY_TOLERANCE:
        raise ValueError(f"{model!r} gave probabilities that are not a distribution (each >= 0, summing to 1): "
                         f"{distribution!r} sums to {total!r}")


@dataclass
class ExpectimaxResult(SearchResult):
    """A :class:`~tictac_edu.search.result.SearchResult` of :func:`expectimax`.

    ``value`` is the *expected* score of the best move for the player to move at the root,
    against the model; it is never ``proven`` (an expectation says nothing for certain about
    the game). ``pv`` follows the best move, then the model's most likely reply, and so on.

    Attributes:
        move_values: each root move's expected value, for the root player, in move order.
        model: the name of the opponent model searched against.
    """

    move_values: dict[Move, float] = field(default_factory=dict)
    model: str = ""


class Expectimax:
    """One expectimax search: the root player's nodes take the best child, the opponent's
    nodes the expectation under ``model``. Every value is for ``root_player``.

    Args:
        root_player: the player whose moves are chosen (MAX); the other player is the chance.
        model: the :class:`OpponentModel` of the other player.
        evaluate: ``evaluate(state, player)`` at the depth limit and at finished games; ``None``
            scores finished games by their utility.
        prefer_faster_wins: without ``evaluate``, a win sooner scores above a win later.
        check: check every distribution the model gives (:func:`check_distribution`).
    """

    def __init__(self, root_player: Player, model: OpponentModel, evaluate: Evaluation | None = None,
                 prefer_faster_wins: bool = False, *, check: bool = True) -> None:
        self.root_player = root_player
        self.model = model
        self.evaluate = evaluate if evaluate is not None or not prefer_faster_wins else faster_wins
        self.prefer_faster_wins = prefer_faster_wins
        self.check = check
        self.nodes = 0
        self.table_hits = 0
        self.table: Table = {}

    def value(self, state: GameState, depth: float) -> tuple[float, list[Move]]:
        """The expected value of ``state`` for the root player, searched ``depth`` plies deep,
        and the line the search expects (best moves and the most likely replies)."""
        self.nodes += 1
        if state.is_terminal() or depth <= 0:
            return leaf_score(state, self.root_player, self.evaluate), []
        key = (state.key(), depth)
        if key in self.table:
            self.table_hits += 1
            return self.table[key]
        if state.to_move == self.root_player:
            found = self.best(state, depth)[:2]
        else:
            found = self.chance(state, depth)
        self.table[key] = found
        return found

    def best(self, state: GameState, depth: float) -> tuple[float, list[Move], dict[Move, float]]:
        """A node of the root player: the best child (the first of equal ones), its line, and
        every move's value."""
        best, best_line, values = -math.inf, [], {}
        for move in state.legal_moves():
            value, line = self.value(state.play(move), depth - 1)
            values[move] = value
            if value > best:
                best, best_line = value, [move, *line]
        return best, best_line, values

    def chance(self, state: GameState, depth: float) -> tuple[float, list[Move]]:
        """A chance node: the probability-weighted sum of the children's values (moves of
        probability 0 are not searched), and the line through the most likely reply."""
        distribution = self.model.distribution(state)
        if self.check:
            check_distribution(distribution, state, self.model)
        expected, likeliest, line = 0.0, -1.0, []
        for move, probability in distribution:
            if probability == 0:
                continue
            value, child_line = self.value(state.play(move), depth - 1)
            expected += probability * value
            if probability > likeliest:
                likeliest, line = probability, [move, *child_line]
        return expected, line


Table = dict[tuple[Hashable, float], tuple[float, list[Move]]]
"""Expectimax's memory: ``(position key, depth left)`` to the value for the root player and the
line expected from there."""


def expectimax(state: GameState, model: OpponentModel, depth: int | None = None,
               evaluate: Evaluation | None = None, *, prefer_faster_wins: bool = False,
               table: Table | None = None) -> ExpectimaxResult:
    """Expectimax search of ``state`` against an opponent who plays as ``model`` says.

    Args:
        state: the position to search; it is never changed. Its player to move is the root
            player (MAX); the other player's nodes are chance nodes.
        model: the :class:`OpponentModel` of the opponent.
        depth: plies to look ahead (the root player's and the opponent's moves both count);
            ``None`` searches to the end of the game.
        evaluate: ``evaluate(state, player)``, needed with a depth; called at the depth limit
            and at finished games.
        prefer_faster_wins: without ``evaluate``, score a win sooner above a win later.
        table: a dict to use and fill with the values found, so that later searches reuse
            them (a player keeps one from move to move). Its values are for the player to move
            at the root and hold for one model, one evaluation and one scoring: give each root
            player, model and scoring a table of its own. ``None``: a fresh one.

    Returns:
        An :class:`ExpectimaxResult`: ``value`` the expected score of the best move for the
        player to move at the root (+1 a sure win with plain utilities), ``move`` the first
        best move, ``move_values`` every root move's expected value; ``proven`` is ``False``.

    Raises:
        ValueError, TypeError: bad arguments, or a model whose probabilities are not a
            distribution over the legal moves.

    >>> from tictac_edu.games import TicTacToe, play_moves
    >>> state = play_moves(TicTacToe(), [0, 4, 8, 1])   # X to move must block O's column at 7
    >>> result = expectimax(state, UniformModel())
    >>> result.move, result.value, result.move_values[6]   # 6 lets a random O win half the time
    (7, 0.875, 0.5)
    """
    check_search_arguments(state, depth, evaluate)
    if not isinstance(model, OpponentModel):
        raise TypeError(f"model must be an opponent model with .name and .distribution(state), not {model!r}")
    started = time.perf_counter()
    run = Expectimax(state.to_move, model, evaluate, prefer_faster_wins)
    if table is not None:
        run.table = table
    run.nodes = 1
    limit = math.inf if depth is None else depth
    if state.is_terminal() or limit <= 0:
        value = leaf_score(state, state.to_move, run.evaluate)
        line: list[Move] = []
        values: dict[Move, float] = {}
    else:
        value, line, values = run.best(state, limit)
    return ExpectimaxResult(value=value, move=line[0] if line else None, pv=line, nodes=run.nodes,
                            player=state.to_move, depth=depth, proven=False, table_hits=run.table_hits,
                            elapsed=time.perf_counter() - started, move_values=values, model=model.name)
