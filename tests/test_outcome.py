"""One outcome vocabulary (``Outcome``, ``state.outcome()``) and one "out of budget" exception."""

from __future__ import annotations

import random
import time

import pytest

from tictac_edu.games import (
    ConnectFour,
    GameOutcome,
    GameTree,
    Gomoku,
    MNKGame,
    Outcome,
    Termination,
    TicTacToe,
    play_moves,
)
from tictac_edu.search import BudgetExhausted, SearchTimeout, alphabeta, mcts
from tictac_edu.solvers import Solver, SolverLimitReached, ThreatSearchStopped, threats

STUCK_BLACK = ["A6", "B6", "C6", "E6", "F6", "A5", "B5", "D5", "E5", "F5", "E1", "D2", "F4", "C1", "E2", "C4", "B3"]
STUCK_WHITE = ["C2", "B1", "E4", "C3", "A1", "E3", "B2", "D1", "F2", "D3", "D4", "A2", "A3", "F3", "F1", "A4", "B4"]
"""The 6 x 6 renju position of tests/test_renju_rules.py: Black to move, both empty points overlines."""


def test_each_way_a_game_ends_has_its_reason() -> None:
    assert TicTacToe().outcome() is None and ConnectFour().outcome() is None and Gomoku().outcome() is None
    assert play_moves(TicTacToe(), [0, 3, 1, 4, 2]).outcome() == GameOutcome("X", Termination.LINE)
    assert play_moves(TicTacToe(), [0, 1, 2, 4, 3, 5, 7, 6, 8]).outcome() == GameOutcome(None, Termination.FULL_BOARD)
    assert ConnectFour.from_moves("4455667").outcome() == GameOutcome("X", Termination.LINE)
    assert Gomoku.from_moves("h8 a1 h9 a2 h10 a3 h11 a4 h12").outcome() == GameOutcome("Black", Termination.LINE)
    stuck = Gomoku.from_stones(black=STUCK_BLACK, white=STUCK_WHITE, rule="renju", size=6)
    assert stuck.outcome() == GameOutcome("White", Termination.NO_LEGAL_MOVE)
    tree = GameTree([[3, -2], [0, 4]])
    assert tree.outcome() is None
    assert [tree.play(a).play(b).outcome() for a, b in ((0, 0), (0, 1), (1, 0))] == [
        GameOutcome("MAX", Termination.LEAF), GameOutcome("MIN", Termination.LEAF), GameOutcome(None, Termination.LEAF)]


@pytest.mark.parametrize("start", [TicTacToe(), MNKGame(4, 4, 3), ConnectFour(), Gomoku(7)], ids=repr)
def test_the_outcome_says_what_utility_says_at_every_finished_game(start: object) -> None:
    rng = random.Random(19)
    for _ in range(30):
        state = start
        while not state.is_terminal():  # type: ignore[attr-defined]
            assert state.outcome() is None  # type: ignore[attr-defined]
            state = state.play(rng.choice(state.legal_moves()))  # type: ignore[attr-defined]
        outcome = state.outcome()
        assert outcome is not None and outcome.winner == state.winner
        for player in state.players:
            expected = {1: Outcome.WIN, 0: Outcome.DRAW, -1: Outcome.LOSS}[state.utility(player)]
            assert outcome.result(player) is expected
        assert outcome.result(state.players[0]).for_opponent() is outcome.result(state.players[1])


def test_search_results_speak_the_outcome_vocabulary() -> None:
    result = alphabeta(TicTacToe())
    assert result.outcome is Outcome.DRAW and result.outcome == "draw"
    edge_reply = play_moves(TicTacToe(), [4, 1])  # O answers the centre on an edge: X wins
    assert alphabeta(edge_reply).outcome is Outcome.WIN
    assert alphabeta(edge_reply, depth=1, evaluate=lambda state, player: 0).outcome is None  # an estimate
    solved = mcts(edge_reply, playouts=300, solver=True, seed=1)
    assert solved.proven and solved.outcome is Outcome.WIN
    assert all(isinstance(value, Outcome) for value in solved.proven_moves.values())


def test_every_out_of_budget_stop_is_one_exception() -> None:
    for kind in (SearchTimeout, SolverLimitReached, ThreatSearchStopped):
        assert issubclass(kind, BudgetExhausted)
    assert threats._Stopped is ThreatSearchStopped  # noqa: SLF001 - the old name still imports
    with pytest.raises(BudgetExhausted):
        alphabeta(TicTacToe(), deadline=time.monotonic() - 1)
    with pytest.raises(BudgetExhausted, match="node budget"):
        Solver().solve(ConnectFour(), max_nodes=500)
