"""Every level with a time limit stops within it: the work done after the deadline, counted.

A level's clock is injected: a clock that moves only when work is done (an evaluation, a
random playout, a node of the threat search), so each test counts how much work started once
the deadline had passed, and how far past the limit the move ended, in units of work. No test
here reads the real time. The CPU and wall time per move of every level are measured in
``benchmarks/agents_time.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from tictac_edu.agents import MCTSAgent, SearchAgent, ThreatAgent, all_levels
from tictac_edu.agents.presets import difficulty_agent, preset_evaluation, search_order
from tictac_edu.arena.clock import WorkClock
from tictac_edu.games import ConnectFour, Gomoku, MNKGame, play_moves
from tictac_edu.games.base import GameState
from tictac_edu.search.mcts import mcts, random_playout
from tictac_edu.solvers.threats import find_vct


class WorkTime:
    """A clock that moves only when work is done (:meth:`spend`), and remembers, for each unit
    of work, whether it started after ``deadline`` (set by the test once the search has read
    the clock for its start)."""

    def __init__(self) -> None:
        self.now = 0.0
        self.units = 0
        self.started_late = 0
        self.deadline: float | None = None

    def __call__(self) -> float:
        return self.now

    def spend(self, seconds: float) -> None:
        self.units += 1
        if self.deadline is not None and self.now >= self.deadline:
            self.started_late += 1
        self.now += seconds


def costly(function: Callable[..., Any], clock: WorkTime, costs: Callable[[], float]) -> Callable[..., Any]:
    """``function``, each call of which costs ``costs()`` seconds on ``clock``."""
    def call(*args: Any) -> Any:
        clock.spend(costs())
        return function(*args)
    return call


def positions(start: GameState, plies: tuple[int, ...], seed: int) -> list[GameState]:
    """Seeded random openings of ``start`` of these lengths (redrawn if one ends the game)."""
    rng, found = random.Random(seed), []
    for length in plies:
        while True:
            state = start
            for _ in range(length):
                state = state.play(rng.choice(state.legal_moves()))
                if state.is_terminal():
                    break
            if not state.is_terminal():
                found.append(state)
                break
    return found


TIMED_SEARCH_LEVELS = [(start, level) for start in (MNKGame(15, 15, 5), ConnectFour(), Gomoku(), Gomoku(rule="renju"))
                       for level in all_levels(start) if start.game.preset(level).kind == "search"
                       and start.game.preset(level).time_limit is not None]


@pytest.mark.parametrize(("start", "level"), TIMED_SEARCH_LEVELS,
                         ids=[f"{start.game.title}-{level}" for start, level in TIMED_SEARCH_LEVELS])
def test_a_search_level_starts_no_evaluation_after_its_deadline(start: GameState, level: str) -> None:
    """The alpha-beta levels read their clock at every node: once the deadline has passed, not
    one more position is evaluated, and the move ends within one evaluation of the limit."""
    preset = start.game.preset(level)
    assert preset.time_limit is not None
    clock, rng = WorkTime(), random.Random(7)
    evaluate = costly(preset_evaluation(start, preset), clock, lambda: rng.uniform(0.001, 0.02))
    agent = SearchAgent(depth=preset.depth, time_limit=preset.time_limit, evaluate=evaluate, order=search_order(start),
                        use_table=preset.use_table, clock=clock)
    for state in positions(start, (2, 9), seed=3):
        clock.deadline = clock.now + preset.time_limit
        began = clock.now
        agent.search(state)
        assert clock.started_late == 0, f"{clock.started_late} evaluations after the deadline"
        assert clock.now - began <= preset.time_limit + 0.02
    assert clock.units > 20  # the searches did work on this clock


@pytest.mark.parametrize("start", [ConnectFour(), Gomoku(), Gomoku(rule="renju")], ids=["connect4", "gomoku", "renju"])
def test_an_mcts_level_starts_no_playout_after_its_deadline(start: GameState) -> None:
    """MCTS reads its clock after every iteration: no playout starts once the deadline has
    passed, and the move ends within one iteration of the limit, however uneven the playouts."""
    agent = difficulty_agent(start, "mcts", seed=1)
    assert isinstance(agent, MCTSAgent) and agent.time_limit is not None
    clock, rng = WorkTime(), random.Random(5)
    agent.clock = clock
    agent.engine.playout = costly(random_playout, clock, lambda: rng.choice([0.001, 0.005, 0.05]))
    for state in positions(start, (1, 6), seed=2):
        clock.deadline = clock.now + agent.time_limit
        began = clock.now
        agent.choose_move(state)
        assert clock.started_late == 0
        assert clock.now - began <= agent.time_limit + 0.05
        assert agent.last_result is not None and agent.last_result.iterations >= 10


def test_mcts_counts_its_iterations_on_the_clock_of_its_work() -> None:
    """With every playout costing 0.01 s, a 1 s search runs 100 iterations, not one more."""
    clock = WorkTime()
    clock.deadline = 1.0
    result = mcts(ConnectFour(), time_limit=1.0, clock=clock, seed=1,
                  playout=costly(random_playout, clock, lambda: 0.01))
    assert result.iterations == 100 and clock.started_late == 0


@pytest.mark.parametrize("rule", ["freestyle", "renju"])
def test_the_threat_level_ends_its_move_within_its_limit(rule: str) -> None:
    """Gomoku's ``strong`` level splits its limit among its threat searches and the alpha-beta
    search; every one of them reads the clock at each node. On a clock that counts nodes (one
    reading, one millisecond), the whole move stays within the limit."""
    clock = WorkClock(1000)
    agent = ThreatAgent(time_limit=0.5, clock=clock)
    start = Gomoku(rule=rule)  # type: ignore[arg-type]
    for state in positions(start, (3, 8, 16), seed=4):
        clock.restart()
        agent.choose_move(state)
        assert clock() <= agent.time_limit * 1.01, (agent.last_source, clock.readings)


def test_the_threat_search_reads_its_clock_at_every_node() -> None:
    """One node, one reading: the search stops at the first node read past its deadline."""
    clock = WorkClock(1000)
    state = play_moves(Gomoku(), [(7, 7), (8, 8), (7, 8), (9, 9), (8, 7), (6, 6)])
    found = find_vct(state, max_nodes=10_000_000, deadline=0.2, clock=clock)
    assert not found.completed and clock.readings <= 202
