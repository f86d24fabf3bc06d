"""The agent protocol: choose(state, budget=None) -> Decision, read by sessions and matches."""

from __future__ import annotations

import pytest

from tictac_edu.agents import (
    AgentBase,
    Budget,
    Decision,
    MCTSAgent,
    PlainAgent,
    RandomAgent,
    SearchAgent,
    SolverAgent,
    ThreatAgent,
    as_agent,
)
from tictac_edu.evaluation.mnk import line_evaluation
from tictac_edu.games import ConnectFour, Gomoku, TicTacToe, play_moves
from tictac_edu.games.base import GameState, Move
from tictac_edu.games.gomoku import parse_point
from tictac_edu.search import MCTSResult, SearchResult

MIDDLE = play_moves(TicTacToe(), [4, 0])


def test_each_course_agent_says_what_it_did() -> None:
    random_move = RandomAgent(seed=1).choose(MIDDLE)
    assert random_move.random and random_move.result is None and random_move.move in MIDDLE.legal_moves()
    searched = SearchAgent().choose(MIDDLE)
    assert (searched.source, searched.random, searched.time_limit) == ("search", False, None)
    assert isinstance(searched.result, SearchResult) and searched.result.move == searched.move
    assert searched.search is searched.result and searched.mcts is None
    lucky = SearchAgent(randomness=1.0, seed=3).choose(MIDDLE)
    assert lucky.random and lucky.result is None and lucky.randomness == 1.0
    monte = MCTSAgent(playouts=200, seed=1).choose(MIDDLE)
    assert isinstance(monte.result, MCTSResult) and monte.mcts is monte.result and monte.source == "mcts"
    end_game = ConnectFour.from_moves("2252576253462244111563365343671351441")  # from Test_L3_R1
    expert = SolverAgent().choose(end_game)
    assert expert.source == "solver" and expert.search is not None and expert.search.proven
    five = ThreatAgent(time_limit=0.5).choose(Gomoku.from_moves("h8 a1 i8 a2 j8 a3 k8 b1"))
    assert (five.move, five.source) == (parse_point("g8"), "five")


def test_choose_move_is_the_move_of_choose() -> None:
    for make in (lambda: RandomAgent(seed=5), lambda: SearchAgent(randomness=0.5, seed=5),
                 lambda: MCTSAgent(playouts=100, seed=5)):
        assert make().choose_move(MIDDLE) == make().choose(MIDDLE).move


def test_a_budget_holds_a_timed_agent_to_the_time_left_and_leaves_it_unchanged() -> None:
    agent = SearchAgent(time_limit=5.0, evaluate=line_evaluation)
    decision = agent.choose(TicTacToe(), Budget(deadline=100.05, clock=lambda: 100.0))
    assert decision.time_limit == pytest.approx(0.05) and agent.time_limit == 5.0
    assert agent.last_result is decision.result
    roomy = agent.choose(TicTacToe(), Budget(deadline=100.0 + 60, clock=lambda: 100.0))
    assert roomy.time_limit is None  # its own limit is the smaller: it was not held to anything
    assert SearchAgent().choose(MIDDLE, Budget(deadline=1.0, clock=lambda: 0.0)).time_limit is None  # full depth


def test_a_budget_caps_the_playouts() -> None:
    capped = MCTSAgent(playouts=500, seed=1).choose(MIDDLE, Budget(playouts=40))
    assert capped.mcts is not None and capped.mcts.iterations == 40
    with pytest.raises(ValueError, match="playouts"):
        Budget(playouts=0)


class OnlyMoves:
    """An agent written the short way: a name and choose_move."""

    name = "short"

    def choose_move(self, state: GameState) -> Move:
        return state.legal_moves()[-1]


class Overriding(SearchAgent):
    """A course agent's subclass that overrides choose_move, the older way."""

    def choose_move(self, state: GameState) -> Move:
        self.asked = True
        return super().choose_move(state)


def test_any_agent_becomes_one_of_the_protocol() -> None:
    course = SearchAgent()
    assert as_agent(course) is course
    short = as_agent(OnlyMoves())
    assert isinstance(short, PlainAgent) and short.name == "short"
    assert short.choose(MIDDLE) == Decision(MIDDLE.legal_moves()[-1])
    older = Overriding()
    wrapped = as_agent(older)
    decision = wrapped.choose(MIDDLE)
    assert isinstance(wrapped, PlainAgent) and older.asked  # what it does in choose_move is what it plays
    assert decision.source == "search" and decision.result is older.last_result  # with its figures
    with pytest.raises(TypeError, match="choose_move"):
        as_agent(object())
    assert isinstance(as_agent(RandomAgent()), AgentBase)


class FromScratch:
    """An agent of the protocol written without AgentBase: it sees the budget it is given."""

    name = "scratch"

    def __init__(self) -> None:
        self.budgets: list[Budget | None] = []
        self.seeds: list[int | None] = []

    def choose(self, state: GameState, budget: Budget | None = None) -> Decision:
        self.budgets.append(budget)
        return Decision(state.legal_moves()[0], source="first")

    def reseed(self, seed: int | None) -> None:
        self.seeds.append(seed)


def test_an_agent_written_from_scratch_gets_the_budget_and_the_seed() -> None:
    from tictac_edu.agents.decision import ProtocolAgent

    inner = FromScratch()
    agent = as_agent(inner)
    budget = Budget(deadline=5.0, clock=lambda: 4.0)
    assert isinstance(agent, ProtocolAgent) and agent.choose(MIDDLE, budget) == Decision(1, source="first")
    agent.new_game(7)
    assert inner.budgets == [budget] and inner.seeds == [7] and agent.name == "scratch"


def test_a_new_game_restarts_a_clock_that_counts_work() -> None:
    from tictac_edu.arena.clock import WorkClock

    agent = SearchAgent(time_limit=0.01, evaluate=line_evaluation, clock=WorkClock(1000))
    agent.choose(TicTacToe())
    assert agent.clock.readings > 0  # type: ignore[attr-defined]
    agent.new_game(1)
    assert agent.clock.readings == 0  # type: ignore[attr-defined]
