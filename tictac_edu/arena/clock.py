"""A clock that counts work instead of seconds, so that agents with a time limit replay.

An agent with a time limit stops searching when its clock passes a deadline. On the wall clock
how far it got depends on the machine and on what else runs there: under load the same seed
gives other moves, and a match does not replay. Engine testers fix this with a node budget
(cutechess's ``nodes=``). A :class:`WorkClock` gives one to every agent that reads its clock
at each unit of work, without changing the agent: each *reading* advances the clock by
``1 / readings_per_second`` seconds, so a time limit of ``t`` seconds becomes about ``t *
readings_per_second`` units of work, the same on every machine.

Which agents that fits: the course's alpha-beta (``SearchAgent`` with a time limit) reads its
clock at every node, so the budget is in nodes; ``MCTSAgent`` with a time limit reads it once
per iteration, so the budget is in iterations. Agents that read their clock only now and then,
and adapt how often to the time it shows (Connect Four's solver agent, gomoku's threat agent),
become deterministic too, but their budget no longer matches their time limit:
:func:`count_work` refuses them unless asked (and Connect Four's solver agent also keeps its
table from game to game, so its games depend on the games before them).

>>> from tictac_edu.agents import SearchAgent
>>> from tictac_edu.evaluation import line_evaluation
>>> from tictac_edu.games import TicTacToe
>>> agent = SearchAgent(time_limit=0.01, evaluate=line_evaluation, name="clocked")
>>> count_work(agent)                   # 100,000 nodes a second: 0.01 s = 1,000 nodes a move
>>> agent.choose_move(TicTacToe()) == agent.choose_move(TicTacToe())
True
"""

from __future__ import annotations

import math

from tictac_edu.agents.decision import AgentBase

NODES_PER_SECOND = 100_000
"""The work clock's default rate for alpha-beta: one node of 10 us, about the course's alpha-beta
speed in Connect Four on one core of a laptop (measured in ``benchmarks/``)."""
ITERATIONS_PER_SECOND = 10_000
"""The default rate for MCTS: one iteration (a selection, an expansion, a random playout and a
backup) of 100 us, about its speed in Connect Four."""


class WorkClock:
    """A callable clock (``clock() -> seconds``) that advances ``1 / readings_per_second`` s at
    every reading, from 0.

    A match restarts it before each game (:meth:`restart`), so that a game's readings do not
    depend on the games before it: the same seed then gives the same games sequentially and on
    any executor.

    Args:
        readings_per_second: how many readings make one second.

    Raises:
        ValueError: the rate is not a positive, finite number.

    >>> clock = WorkClock(1000)
    >>> clock(), clock(), round(clock(), 6)
    (0.001, 0.002, 0.003)
    """

    def __init__(self, readings_per_second: float = NODES_PER_SECOND) -> None:
        if isinstance(readings_per_second, bool) or not isinstance(readings_per_second, int | float) \
                or not math.isfinite(readings_per_second) or readings_per_second <= 0:
            raise ValueError(f"readings_per_second must be a positive, finite number, not {readings_per_second!r}")
        self.readings_per_second = float(readings_per_second)
        self.readings = 0

    def __call__(self) -> float:
        """Count one reading; the time in seconds after it."""
        self.readings += 1
        return self.readings / self.readings_per_second

    def restart(self) -> None:
        """Back to 0 readings."""
        self.readings = 0

    def __repr__(self) -> str:
        return f"WorkClock({self.readings_per_second:g} readings a second)"


def count_work(agent: object, readings_per_second: float | None = None, *, sparse_reader: bool = False) -> None:
    """Give ``agent`` a :class:`WorkClock` for its time limit: its moves, and a match's games,
    then depend only on the positions and seeds, not on the machine or its load.

    Args:
        agent: an agent whose ``clock`` its time limit is read on, and which says how often it
            reads it (:attr:`~tictac_edu.agents.decision.AgentBase.reads_clock_at`): a
            ``SearchAgent`` at every node, an ``MCTSAgent`` at every iteration.
        readings_per_second: the clock's rate; ``None``: :data:`NODES_PER_SECOND` for an agent
            reading at every node, :data:`ITERATIONS_PER_SECOND` at every iteration.
        sparse_reader: accept another agent with a clock, one that reads it only now and then
            (see the module): it replays, but its budget is not its time limit.

    Raises:
        ValueError: the agent has no ``clock`` to replace, or reads it sparsely without
            ``sparse_reader``.
    """
    name = agent.name if isinstance(agent, AgentBase) else repr(agent)
    if not isinstance(agent, AgentBase) or agent.clock is None:
        raise ValueError(f"{name} has no clock to count its work with (an agent without a time limit replays "
                         "anyway; one that keeps its own time cannot be made to replay)")
    if agent.reads_clock_at == "iteration":
        default = ITERATIONS_PER_SECOND
    elif agent.reads_clock_at == "node" or sparse_reader:
        default = NODES_PER_SECOND
    else:
        raise ValueError(f"{name} reads its clock only now and then, so a work clock would not keep its time limit "
                         "(give sparse_reader=True to make it replay anyway)")
    agent.clock = WorkClock(default if readings_per_second is None else readings_per_second)
