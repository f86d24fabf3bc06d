"""Agents, difficulty presets and the match runner."""

from __future__ import annotations

from functools import cache

import pytest

from tictac_edu.agents import RandomAgent, SearchAgent, difficulties, difficulty_agent
from tictac_edu.arena import play_game, play_match, round_robin
from tictac_edu.evaluation import line_evaluation
from tictac_edu.games import MNKGame, TicTacToe


def reachable_positions() -> list[TicTacToe]:
    """Every position reachable from the empty board, each once."""
    seen: dict[int, TicTacToe] = {}
    frontier = [TicTacToe()]
    while frontier:
        state = frontier.pop()
        if state.key() in seen:
            continue
        seen[state.key()] = state
        frontier.extend(state.play(move) for move in state.legal_moves())
    return list(seen.values())


@cache
def _value(state: TicTacToe) -> int:
    """The game-theoretic value for the player to move: +1 win, 0 draw, -1 loss."""
    if state.is_terminal():
        return state.utility(state.to_move)
    return max(-_value(state.play(move)) for move in state.legal_moves())


@pytest.mark.slow  # every one of the 4,520 positions with a move to make
def test_the_perfect_agent_keeps_the_game_theoretic_value_everywhere() -> None:
    positions = reachable_positions()
    assert len(positions) == 5_478
    agent = difficulty_agent(TicTacToe(), "perfect")
    to_move = [state for state in positions if not state.is_terminal()]
    assert {state.to_move for state in to_move} == {"X", "O"}
    for state in to_move:
        move = agent.choose_move(state)
        assert -_value(state.play(move)) == _value(state), f"{move} throws away the value of\n{state}"


def test_perfect_agent_takes_the_quickest_win() -> None:
    state = TicTacToe().play(0).play(3).play(1).play(4)  # X wins at 2 at once
    assert difficulty_agent(TicTacToe(), "perfect").choose_move(state) == 2


def test_search_agent_reports_its_figures() -> None:
    agent = SearchAgent(depth=2, evaluate=line_evaluation, name="depth two")
    move = agent.choose_move(MNKGame(5, 5, 3))
    assert move in range(25)
    assert agent.last_result is not None and agent.last_result.nodes > 25
    assert agent.name == "depth two"


def test_time_limited_agent_uses_iterative_deepening() -> None:
    agent = SearchAgent(time_limit=0.05, evaluate=line_evaluation)
    agent.choose_move(MNKGame(5, 5, 3))
    assert agent.last_result is not None and agent.last_result.depth_results


def test_agents_refuse_a_finished_game_and_bad_settings() -> None:
    finished = TicTacToe().play(0).play(3).play(1).play(4).play(2)
    with pytest.raises(ValueError, match="the game is over"):
        RandomAgent().choose_move(finished)
    with pytest.raises(ValueError, match="needs an evaluate"):
        SearchAgent(depth=3)
    with pytest.raises(ValueError, match="algorithm must be"):
        SearchAgent(algorithm="mcts")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="randomness"):
        SearchAgent(randomness=2)
    with pytest.raises(ValueError, match="Tic-tac-toe has no difficulty 'expert'; its levels are: easy, medium"):
        difficulty_agent(TicTacToe(), "expert")
    with pytest.raises(ValueError, match="no difficulty 'perfect'; its levels are: easy, medium, hard$"):
        difficulty_agent(MNKGame(5, 5, 3), "perfect")
    for bad in (float("nan"), float("inf"), 0, "1"):
        with pytest.raises(ValueError, match="time_limit must be a positive, finite number"):
            SearchAgent(time_limit=bad, evaluate=line_evaluation)  # type: ignore[arg-type]
    for bad_depth in (0, 2.5, "3", True):
        with pytest.raises(ValueError, match="depth must be a whole number >= 1"):
            SearchAgent(depth=bad_depth, evaluate=line_evaluation)  # type: ignore[arg-type]


@pytest.mark.parametrize("difficulty", difficulties(TicTacToe()))
def test_every_difficulty_plays_legal_moves(difficulty: str) -> None:
    agent = difficulty_agent(TicTacToe(), difficulty, seed=1)
    record = play_game(agent, RandomAgent(seed=2), TicTacToe())
    assert record.final.is_terminal()


def test_a_match_alternates_the_first_player_and_is_repeatable() -> None:
    first = play_match(RandomAgent(name="a"), RandomAgent(name="b"), TicTacToe, games=6, seed=3)
    again = play_match(RandomAgent(name="a"), RandomAgent(name="b"), TicTacToe, games=6, seed=3)
    assert [game.moves for game in first.games] == [game.moves for game in again.games]
    assert [game.first for game in first.games] == ["a", "b", "a", "b", "a", "b"]
    assert first.wins + first.draws + first.losses == first.played == 6
    assert set(first.mean_move_seconds) == {"a", "b"}
    other_seed = play_match(RandomAgent(name="a"), RandomAgent(name="b"), TicTacToe, games=6, seed=4)
    assert [game.moves for game in other_seed.games] != [game.moves for game in first.games]


def test_perfect_never_loses_a_match_and_beats_random_players() -> None:
    result = play_match(difficulty_agent(TicTacToe(), "perfect"), RandomAgent(seed=0), TicTacToe, games=20, seed=7)
    assert result.losses == 0 and result.wins >= 10
    assert "perfect vs random" in result.summary()


def test_round_robin_plays_every_pair() -> None:
    agents = [difficulty_agent(TicTacToe(), level, seed=0) for level in ("easy", "medium", "perfect")]
    results = round_robin(agents, TicTacToe, games=2)
    assert [(r.agent_a, r.agent_b) for r in results] == [("easy", "medium"), ("easy", "perfect"), ("medium", "perfect")]


def test_a_match_needs_distinct_names() -> None:
    with pytest.raises(ValueError, match="both agents are called 'random'"):
        play_match(RandomAgent(), RandomAgent(), TicTacToe)
