"""The agent protocol: ``agent.choose(state, budget=None) -> Decision``.

An agent says what it did in its answer, so that boards, sessions, matches and the command
line never have to ask it afterwards:

* :class:`Budget`: what a move may spend, given by whoever asks (a game clock's deadline on
  its ``clock``, a number of playouts); ``None``: the agent's own limits.
* :class:`Decision`: the move, the search behind it (a
  :class:`~tictac_edu.search.SearchResult` or an :class:`~tictac_edu.search.MCTSResult`),
  which step chose it (``source``), whether it was a random move, and the time limit the
  budget held the agent to.
* :class:`AgentBase`: what the course's agents share: :meth:`~AgentBase.choose_move`, the
  thin convenience that returns only the move, and a :meth:`~AgentBase.reseed` that matches
  call before every game.
* :func:`as_agent`: any agent as an :class:`AgentBase`, whatever way it was written: an
  object with ``name`` and ``choose_move(state)`` (an agent a learner writes in a notebook)
  decides with the move alone. Sessions and matches ask every agent through it, and start
  each game with :meth:`AgentBase.new_game`.

>>> from tictac_edu.agents import SearchAgent
>>> from tictac_edu.games import TicTacToe
>>> decision = SearchAgent().choose(TicTacToe().play(4))
>>> decision.move, decision.source, decision.random, decision.result.nodes
(0, 'search', False, 2459)
"""

from __future__ import annotations

import copy
import time
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Literal, Protocol, runtime_checkable

from tictac_edu.games.base import GameState, Move
from tictac_edu.search import MCTSResult, SearchResult
from tictac_edu.search.common import Clock


@dataclass(frozen=True)
class Budget:
    """What one move may spend, given by whoever asks for it.

    Attributes:
        deadline: the time on ``clock`` by which the move must be made (a game clock's), or
            ``None``. An agent that keeps a time limit moves within the smaller of its own limit
            and what is left until the deadline when it starts; one that cannot be held to a time
            (a full-depth search, a level budgeted in playouts) plays as it would.
        clock: the clock ``deadline`` is read on.
        playouts: at most this many Monte Carlo iterations (agents that run none ignore it).

    >>> Budget(deadline=12.5, clock=lambda: 10.0).seconds_left()
    2.5
    """

    deadline: float | None = None
    clock: Clock = field(default=time.monotonic, compare=False)
    playouts: int | None = None

    def __post_init__(self) -> None:
        if self.playouts is not None and (not isinstance(self.playouts, int) or isinstance(self.playouts, bool)
                                          or self.playouts < 1):
            raise ValueError(f"a budget's playouts is a whole number >= 1, not {self.playouts!r}")

    def seconds_left(self) -> float | None:
        """The seconds until :attr:`deadline` on :attr:`clock`, to the nanosecond (``None``
        without a deadline)."""
        return None if self.deadline is None else round(self.deadline - self.clock(), 9)


@dataclass(frozen=True)
class Decision:
    """An agent's answer: its move and what it knows about it.

    Attributes:
        move: the move to play.
        result: the search behind the move, values from the point of view of the player who
            moves: a :class:`~tictac_edu.search.SearchResult` (alpha-beta, the solver, threat
            search) or an :class:`~tictac_edu.search.MCTSResult`; ``None`` for a random move or
            an agent that keeps no figures.
        source: which step chose the move, when the agent has several (``"solver"`` or
            ``"search"`` for Connect Four's expert; ``"five"``, ``"block"``, ``"vcf"``, ``"vct"``,
            ``"defence"`` or ``"search"`` for gomoku's threat agent); ``"search"`` for a search
            agent, ``"mcts"`` for Monte Carlo tree search, ``None`` otherwise.
        random: the move was a random one (a random agent's, or an easy level's random share).
        randomness: the agent's chance of playing a random move (0 if it has none).
        time_limit: the seconds the budget held the agent to for this move, when that was less
            than its own time limit; ``None`` otherwise.
    """

    move: Move
    result: SearchResult | MCTSResult | None = None
    source: str | None = None
    random: bool = False
    randomness: float = 0.0
    time_limit: float | None = None

    @property
    def search(self) -> SearchResult | None:
        """:attr:`result` if it is an alpha-beta (or solver) result, else ``None``."""
        return self.result if isinstance(self.result, SearchResult) else None

    @property
    def mcts(self) -> MCTSResult | None:
        """:attr:`result` if it is a Monte Carlo tree search's, else ``None``."""
        return self.result if isinstance(self.result, MCTSResult) else None


@runtime_checkable
class Agent(Protocol):
    """A player: a ``name``, :meth:`choose` and :meth:`reseed` (every agent of the course,
    :class:`AgentBase`); ``choose_move`` is the convenience that returns the move alone."""

    name: str

    def choose(self, state: GameState, budget: Budget | None = None) -> Decision:
        """The decision for the player to move in ``state`` (which must not be finished)."""
        ...

    def choose_move(self, state: GameState) -> Move:
        """The move of :meth:`choose` with no budget."""
        ...

    def reseed(self, seed: int | None) -> None:
        """Restart the agent's random choices from ``seed`` (matches call it before every game)."""
        ...


@runtime_checkable
class MoveChooser(Protocol):
    """The older, smaller protocol that a learner's agent may follow: a ``name`` and
    ``choose_move(state)``. Boards, sessions and matches take one too (:func:`as_agent`)."""

    name: str

    def choose_move(self, state: GameState) -> Move:
        """A legal move for the player to move in ``state``."""
        ...


AnyAgent = Agent | MoveChooser
"""What boards, sessions and matches accept: an agent of the protocol, or a move chooser."""


@runtime_checkable
class Restartable(Protocol):
    """A clock that can start again from 0 (a :class:`~tictac_edu.arena.clock.WorkClock`)."""

    def restart(self) -> None:
        """Back to 0."""
        ...


def restart_clock(clock: object) -> None:
    """Restart ``clock`` if it counts work (:class:`Restartable`); leave a real clock alone."""
    if isinstance(clock, Restartable):
        clock.restart()


class AgentBase:
    """What the course's agents share. A subclass writes :meth:`choose`; this class gives it
    :meth:`choose_move`, a :meth:`reseed` that does nothing (for agents without random
    choices), :meth:`new_game` and :meth:`within`, the agent held to a budget's time."""

    name: str
    time_limit: float | None = None
    clock: Clock | None = None
    """The clock the agent's time limit is read on (``None``: it keeps no time)."""
    reads_clock_at: ClassVar[Literal["node", "iteration"] | None] = None
    """How often the agent reads its clock: at every ``"node"`` of a search, at every
    ``"iteration"`` of Monte Carlo tree search, or (``None``) only now and then. A
    :class:`~tictac_edu.arena.clock.WorkClock` keeps the time limit of the first two."""
    last_decision: Decision | None = None
    """The decision of the last :meth:`choose_move` (so an older subclass that overrides
    ``choose_move`` and calls ``super().choose_move`` still shows its figures)."""

    def choose(self, state: GameState, budget: Budget | None = None) -> Decision:
        """The decision for the player to move in ``state``; subclasses say how."""
        raise NotImplementedError(f"{type(self).__name__} must define choose(state, budget=None)")

    def choose_move(self, state: GameState) -> Move:
        """The move :meth:`choose` decides on, without the figures behind it."""
        decision = self.choose(state)
        self.last_decision = decision
        return decision.move

    def reseed(self, seed: int | None) -> None:
        """Restart the random choices from ``seed`` (nothing to restart here)."""

    def new_game(self, seed: int | None) -> None:
        """Before a game (matches call it): :meth:`reseed` from ``seed``, and restart the
        agent's clock if it counts work, so that every game counts its work from 0."""
        self.reseed(seed)
        restart_clock(self.clock)

    def takes_time_limit(self) -> bool:
        """Whether this agent can be held to a time limit (it keeps one, and can play within it)."""
        return self.time_limit is not None

    def within(self, budget: Budget | None) -> tuple[Any, float | None]:
        """This agent, or a copy of it that moves within the budget's time when that is less
        than its own time limit, and the seconds it was held to (``None`` if it was not). The
        copy shares everything else (random numbers, a solver's table), so a move chosen by it
        is the agent's own."""
        seconds = None if budget is None else budget.seconds_left()
        own = self.time_limit
        if seconds is None or not self.takes_time_limit() or (own is not None and own <= seconds):
            return self, None
        limited = copy.copy(self)
        limited.time_limit = seconds
        return limited, seconds

    def held_to(self, state: GameState, budget: Budget | None) -> Decision | None:
        """The decision of this agent held to the budget's time (a copy's, see :meth:`within`)
        when the budget leaves it less than its own time limit; ``None`` when it does not (the
        agent then decides as it would)."""
        player, limit = self.within(budget)
        if player is self:
            return None
        decision: Decision = player.choose(state)
        return replace(decision, time_limit=limit)


class PlainAgent(AgentBase):
    """An object with ``name`` and ``choose_move(state)`` (an agent a learner writes, or a
    subclass of a course agent that overrides ``choose_move``) as an agent of the protocol:
    its decisions carry the move alone (or, for a course agent's subclass, the decision its
    ``super().choose_move`` made), and its :meth:`reseed` passes the seed on when the object
    has a ``reseed`` of its own. A budget cannot reach it."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name = str(getattr(inner, "name", "agent"))

    def choose(self, state: GameState, budget: Budget | None = None) -> Decision:
        """The inner object's move, with the decision behind it when a course agent made one."""
        inner = self.inner
        if isinstance(inner, AgentBase):
            inner.last_decision = None
        move = inner.choose_move(state)
        made = inner.last_decision if isinstance(inner, AgentBase) else None
        return made if made is not None and made.move == move else Decision(move)

    def reseed(self, seed: int | None) -> None:
        """The inner object's ``reseed(seed)``, if it has one."""
        reseed = getattr(self.inner, "reseed", None)
        if callable(reseed):
            reseed(seed)

    def new_game(self, seed: int | None) -> None:
        """:meth:`reseed`, and restart the inner object's clock if it counts work."""
        self.reseed(seed)
        restart_clock(getattr(self.inner, "clock", None))


class ProtocolAgent(PlainAgent):
    """An agent of the protocol written without :class:`AgentBase`: asked through its own
    :meth:`choose` (a budget reaches it)."""

    def choose(self, state: GameState, budget: Budget | None = None) -> Decision:
        """The inner agent's decision."""
        decision: Decision = self.inner.choose(state, budget)
        return decision


def as_agent(agent: object) -> AgentBase:
    """``agent`` as an :class:`AgentBase`: itself if it is one, else a bridge around it: a
    :class:`ProtocolAgent` for an agent of the protocol written from scratch, a
    :class:`PlainAgent` for an object with ``choose_move`` only, or for a course agent's
    subclass that overrides ``choose_move`` (what it does there is what it plays).

    Raises:
        TypeError: ``agent`` has neither ``choose`` nor ``choose_move``.
    """
    if isinstance(agent, AgentBase):
        overrides_move = type(agent).choose_move is not AgentBase.choose_move
        return PlainAgent(agent) if overrides_move and not isinstance(agent, PlainAgent) else agent
    if callable(getattr(agent, "choose", None)):
        return ProtocolAgent(agent)
    if not callable(getattr(agent, "choose_move", None)):
        raise TypeError(f"an agent has a choose(state, budget=None) or a choose_move(state) method; {agent!r} has "
                        "neither")
    return PlainAgent(agent)
