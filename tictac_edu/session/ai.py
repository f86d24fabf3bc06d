"""The AI's moves as a session asks for them: an :class:`AIRequest` stamped with the session's
generation, the :class:`AIMove` that answers it, what the AI may spend on it (:func:`move_budget`),
and its figures and values in words."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from tictac_edu.agents.decision import AnyAgent, Budget, as_agent
from tictac_edu.games.base import GameState, Move, Outcome, Player
from tictac_edu.search.mcts import MCTSResult
from tictac_edu.search.result import SearchResult
from tictac_edu.session.clock import ai_budget
from tictac_edu.session.notation import format_elapsed, format_number, ordinal


def agent_name(agent: object) -> str:
    """An agent's name, ``"agent"`` if it has none."""
    return as_agent(agent).name


@dataclass(frozen=True)
class AIRequest:
    """A request for the AI's move, stamped with the session's generation when it was made.

    Attributes:
        generation: :attr:`GameSession.generation` at the request.
        state: the position to move in.
        agent: the agent to ask.
        deadline: with a clock, the time on ``clock`` when the player to move runs out of time
            (:meth:`GameSession.think` gives the agent what is left then); ``None`` without.
        clock: the session's clock function (:func:`time.monotonic`).
    """

    generation: int
    state: GameState
    agent: AnyAgent
    deadline: float | None = None
    clock: Callable[[], float] = field(default=time.monotonic, compare=False)


@dataclass(frozen=True)
class AIMove:
    """The AI's answer to an :class:`AIRequest`: its move and the figures behind it.

    Attributes:
        generation: the request's generation.
        before: the position the AI moved in.
        after: the position after its move (``None`` if it could not move).
        player: the player the AI moved for.
        agent_name: the agent's name.
        move: the move (``None`` if it could not move).
        result: the search behind the move (its value is from ``player``'s point of view), or
            ``None`` when the move was not searched (a random move) or the agent keeps no
            figures.
        elapsed: seconds the agent took.
        random_move: the move was one of the level's random moves (or a random agent's).
        randomness: the level's chance of a random move (0 if it has none).
        error: why the AI could not move, or ``None``.
        source: where a move came from when the agent says (``"solver"`` or ``"search"``).
        clock_limit: the seconds the session's clock gave the agent for this move, when that was
            less than the agent's own time limit (see :func:`move_budget`); ``None`` otherwise.
        mcts: the Monte Carlo tree search behind the move (an MCTS level), or ``None``.
    """

    generation: int
    before: GameState
    after: GameState | None
    player: Player
    agent_name: str
    move: Move | None
    result: SearchResult | None
    elapsed: float
    random_move: bool = False
    randomness: float = 0.0
    error: str | None = None
    source: str | None = None
    clock_limit: float | None = None
    mcts: MCTSResult | None = None

    @property
    def proven(self) -> bool:
        """Whether the AI's evaluation is game-theoretic (``SearchResult.proven``), not an estimate."""
        return self.result is not None and self.result.proven and self.result.value is not None

    @property
    def outcome(self) -> Outcome | None:
        """The :class:`~tictac_edu.games.Outcome` (win, draw or loss) for :attr:`player` when
        :attr:`proven`, else ``None``."""
        return self.result.outcome if self.result is not None else None

    def random_words(self) -> str:
        """Why there are no figures for a random move: ``"a random move: easy plays 30% of its
        moves at random"``."""
        if self.randomness:
            return f"a random move: {self.agent_name} plays {self.randomness:.0%} of its moves at random"
        return "a random move"

    def figures_text(self) -> str:
        """The search figures in words: ``"18,297 nodes, to the end, 12 ms"``; for Monte Carlo
        tree search ``"5,000 iterations, 4,210 of them on this move, 495 ms"``."""
        if self.result is None:
            if self.mcts is not None:
                return f"{self.mcts_count_text()}, {format_elapsed(self.mcts.elapsed)}"
            return format_elapsed(self.elapsed)
        depth = "to the end" if self.result.depth is None else f"depth {self.result.depth}"
        return f"{self.result.nodes:,} nodes, {depth}, {format_elapsed(self.result.elapsed)}"

    def mcts_count_text(self) -> str:
        """A Monte Carlo tree search's budget in words: ``"5,000 iterations, 1,850 on this
        move"`` (``""`` without one)."""
        if self.mcts is None:
            return ""
        return f"{self.mcts.iterations:,} iterations, {self.mcts.visits.get(self.mcts.move, 0):,} on this move"

    def value_text(self) -> str:
        """What the AI's value says, from :attr:`player`'s point of view: ``"proven: a draw
        with best play on both sides"``, ``"proven: O wins by force, with its 2nd move from here
        (this one included)"``, ``"an estimate: +35 for O, not proven"``."""
        result = self.result
        if result is None and self.mcts is not None:
            return mcts_words(self.mcts)
        if result is None or result.value is None:
            return "no value"
        words = outcome_words(result, self.before)
        if words is not None:
            return f"proven: {words}"
        return f"an estimate: {format_number(result.value)} for {self.player}, not proven"


def winner_moves(before: GameState, line: Sequence[Move], winner: Player) -> int | None:
    """How many moves ``winner`` makes along ``line`` (a principal variation) from ``before``
    until the game ends in its win; ``None`` if the line does not end so (a line cut short).

    >>> from tictac_edu.games import TicTacToe, play_moves
    >>> winner_moves(play_moves(TicTacToe(), [0, 3, 1]), [4, 2], "X")    # O plays 4, X wins at 2
    1
    """
    state, count = before, 0
    for move in line:
        if state.is_terminal():
            return None
        mover = state.to_move
        try:
            state = state.play(move)
        except (ValueError, TypeError):  # IllegalMoveError is a ValueError
            return None
        count += mover == winner
    return count if state.is_terminal() and state.winner == winner else None


def outcome_words(result: SearchResult, before: GameState | None = None) -> str | None:
    """A proven result in the words of someone who knows the rules but not yet the scores, for
    the player who searched (``result.player``): ``"a draw with best play on both sides"``,
    ``"X wins by force, with its 2nd move from here (this one included)"``, ``"O loses against
    best play: X wins with its 3rd move from here"``; the count of moves is read from the
    principal variation, played from ``before`` (left out when the line is cut short). ``None``
    for an estimate (not :attr:`~SearchResult.proven`).

    >>> from tictac_edu.games import TicTacToe, play_moves
    >>> from tictac_edu.search import alphabeta
    >>> before = play_moves(TicTacToe(), [0, 3, 1])                      # X threatens 2
    >>> outcome_words(alphabeta(before), before)
    'O loses against best play: X wins with its 2nd move from here'
    """
    outcome = result.outcome
    if outcome is None:
        return None
    if outcome == "draw":
        return "a draw with best play on both sides"
    player = result.player
    others = [p for p in (before.players if before is not None else ()) if p != player]
    other = others[0] if others else "the opponent"
    winner = player if outcome == "win" else other
    count = winner_moves(before, result.pv, winner) if before is not None else None
    if outcome == "win":
        if count is None:
            return f"{player} wins by force"
        if count == 1:
            return f"{player} wins with this move"
        return f"{player} wins by force, with its {ordinal(count)} move from here (this one included)"
    if count is None:
        return f"{player} loses against best play"
    return f"{player} loses against best play: {other} wins with its {ordinal(count)} move from here"


def mcts_words(result: MCTSResult) -> str:
    """What a Monte Carlo tree search says of its move, for the player who searched: a proven
    outcome (MCTS-solver), or the mean result of the move's playouts, an estimate.

    >>> from tictac_edu.games import TicTacToe
    >>> from tictac_edu.search.mcts import MCTS
    >>> mcts_words(MCTS(seed=1).search(TicTacToe(), playouts=200))
    'an estimate, not proven: 0.82 for X, the mean result of its simulations (1 a win, 0.5 a draw, 0 a loss)'
    """
    if result.proven and result.outcome is not None:
        return "proven: a draw with best play on both sides" if result.outcome == "draw" else \
            f"proven: {result.player} {'wins' if result.outcome == 'win' else 'loses'} against best play"
    return (f"an estimate, not proven: {result.value:.2f} for {result.player}, the mean result of its simulations "
            "(1 a win, 0.5 a draw, 0 a loss)")


def move_budget(request: AIRequest) -> Budget | None:
    """What the AI may spend on the request's move: with a clock, until :func:`ai_budget` of
    the time it has left from now (an agent that keeps a time limit moves within the smaller of
    the two; one that takes no time limit, such as a random agent, a full-depth search or an
    MCTS level budgeted in playouts, plays as it would, and on a clock may run out of time);
    ``None`` without a clock.

    >>> from tictac_edu.games import TicTacToe
    >>> move_budget(AIRequest(0, TicTacToe(), None, deadline=10.0, clock=lambda: 9.0)).seconds_left()
    0.8
    """
    if request.deadline is None:
        return None
    return Budget(deadline=request.clock() + ai_budget(request.deadline - request.clock()), clock=request.clock)
