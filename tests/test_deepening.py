"""Iterative deepening under a deadline, with a fake clock so every run is the same."""

from __future__ import annotations

import pytest

from tictac_edu.evaluation import line_evaluation
from tictac_edu.games import MNKGame, TicTacToe
from tictac_edu.search import SearchTimeout, alphabeta, iterative_deepening


class TickingClock:
    """A fake clock that advances one tick every time it is read."""

    def __init__(self) -> None:
        self.now = 0.0
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += 1
        return self.now


def test_the_deadline_stops_the_search_and_the_last_finished_depth_answers() -> None:
    state = MNKGame(5, 5, 3).play(12)
    depth1 = alphabeta(state, 1, line_evaluation)
    depth2 = alphabeta(state, 2, line_evaluation, first_move=depth1.move)
    depth3 = alphabeta(state, 3, line_evaluation, first_move=depth2.move)
    # Enough ticks for depths 1 and 2, not for depth 3 (the clock is read from the first node).
    budget = depth1.nodes + depth2.nodes + depth3.nodes // 2
    clock = TickingClock()
    result = iterative_deepening(state, line_evaluation, time_limit=budget, clock=clock)
    assert not result.completed
    assert result.depth == 2
    assert (result.move, result.value) == (depth2.move, depth2.value)
    assert [r.depth for r in result.depth_results] == [1, 2]
    # The clock is read at every node: the stopped iteration ran exactly until the deadline.
    stopped_nodes = result.nodes - depth1.nodes - depth2.nodes
    assert stopped_nodes == budget - depth1.nodes - depth2.nodes
    assert clock.reads == 1 + depth1.nodes + depth2.nodes + stopped_nodes


def test_a_deadline_inside_depth_one_still_gives_the_best_move_searched_so_far() -> None:
    state = MNKGame(15, 15, 5).play(112)
    depth1 = alphabeta(state, 1, line_evaluation)
    clock = TickingClock()
    result = iterative_deepening(state, line_evaluation, time_limit=100, clock=clock)
    assert not result.completed and not result.proven and result.depth_results == []
    assert clock.reads == 101 and result.nodes == 100  # the clock stops the 100th node
    searched = state.legal_moves()[:98]  # the root and 98 of its moves finished; the 99th was stopped
    best = max(searched, key=lambda move: -line_evaluation(state.play(move), state.play(move).to_move))
    assert result.move == best and result.move in state.legal_moves()
    assert depth1.nodes == 1 + len(state.legal_moves())


def test_a_deadline_before_any_move_is_searched_plays_the_first_move_in_order() -> None:
    state = MNKGame(15, 15, 5).play(112)
    result = iterative_deepening(state, line_evaluation, time_limit=1, clock=TickingClock(), order=[0, 1])
    assert not result.completed and result.move == 0 and result.value is None


def test_a_generous_deadline_lets_every_depth_finish() -> None:
    state = MNKGame(5, 5, 3).play(12)
    result = iterative_deepening(state, line_evaluation, time_limit=10**9, max_depth=3, clock=TickingClock())
    assert result.completed and result.depth == 3
    assert result.value == alphabeta(state, 3, line_evaluation).value


def test_deepening_stops_once_the_whole_game_is_searched() -> None:
    state = TicTacToe().play(4).play(0).play(8).play(2)
    result = iterative_deepening(state, line_evaluation, max_depth=9)
    assert result.proven and result.depth < 9
    assert result.value == alphabeta(state, None, line_evaluation).value


def test_a_search_past_its_deadline_raises_timeout() -> None:
    with pytest.raises(SearchTimeout):
        alphabeta(TicTacToe(), deadline=5, clock=TickingClock())


def test_bad_limits_are_explained() -> None:
    with pytest.raises(ValueError, match="time_limit .* or a max_depth"):
        iterative_deepening(TicTacToe(), line_evaluation)
    for bad in (0, float("nan"), float("inf"), -1, "1", True):
        with pytest.raises(ValueError, match="time_limit must be a positive, finite number of seconds"):
            iterative_deepening(TicTacToe(), line_evaluation, time_limit=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="deadline must be a finite time"):
        alphabeta(TicTacToe(), deadline=float("nan"))
    with pytest.raises(ValueError, match="needs evaluate"):
        alphabeta(TicTacToe(), depth=2)
    with pytest.raises(ValueError, match="depth must be a whole number"):
        alphabeta(TicTacToe(), depth=-1, evaluate=line_evaluation)
