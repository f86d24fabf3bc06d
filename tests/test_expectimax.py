"""Expectimax and opponent models: exact values on small trees and positions, the limits of the
epsilon-greedy model, and, on random positions, minimax recovered when the model puts all its
probability on the minimax reply."""

from __future__ import annotations

import math
from fractions import Fraction
from functools import partial

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from positions import positions  # the random positions of every property test

from tictac_edu.evaluation import line_evaluation
from tictac_edu.evaluation.connect4 import threat_evaluation
from tictac_edu.games import ConnectFour, GameTree, MNKGame, TicTacToe, play_moves
from tictac_edu.games.base import GameState
from tictac_edu.search import alphabeta, faster_wins, minimax
from tictac_edu.search.expectimax import (
    EpsilonGreedyModel,
    UniformModel,
    check_distribution,
    expectimax,
)

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])



TICTACTOE = positions(TicTacToe, 2, 9)
MNK_553 = positions(partial(MNKGame, 5, 5, 3), 0, 12)
CONNECT4 = positions(ConnectFour, 0, 16)


def minimax_reply(state: GameState) -> object:
    """The opponent's best reply, searched to the end of the game."""
    return alphabeta(state).move


# -- exact values -------------------------------------------------------------------------------

def test_a_textbook_tree_takes_the_best_expectation_not_the_best_worst_case() -> None:
    tree = GameTree([[1, 1], [0, 10]])
    assert minimax(tree).move == 0 and minimax(tree).value == 1
    result = expectimax(tree, UniformModel())
    assert result.move == 1 and result.value == 5.0
    assert result.move_values == {0: 1.0, 1: 5.0}
    assert result.pv == [1, 0] and not result.proven and result.model == "uniform"


def test_the_classic_tree_under_a_uniform_opponent() -> None:
    result = expectimax(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), UniformModel())
    assert result.move_values == pytest.approx({0: 23 / 3, 1: 4.0, 2: 7.0})
    assert result.move == 0 and result.nodes == 13  # no pruning: every node, the root included


def test_the_scale_of_the_values_matters_to_expectimax_not_to_minimax() -> None:
    leaves = [[2, 2], [0, 5]]
    squashed = [[math.sqrt(leaf) for leaf in node] for node in leaves]  # the same order, another scale
    assert minimax(GameTree(leaves)).move == minimax(GameTree(squashed)).move == 0
    assert expectimax(GameTree(leaves), UniformModel()).move == 1        # 2.5 against 2
    assert expectimax(GameTree(squashed), UniformModel()).move == 0      # 1.12 against 1.41


def test_two_levels_of_chance() -> None:
    # MAX, chance, MAX, chance: [[[a, b], [c, d]], ...] with a uniform opponent at both levels.
    tree = GameTree([[[[4, 0], [1, 1]], [[8, 8], [0, 0]]], [[[2, 2]], [[3, 3]]]])
    # move 0: chance of two MAX nodes: max(2, 1) = 2 and max(8, 0) = 8 -> 5; move 1: (2 + 3) / 2
    result = expectimax(tree, UniformModel())
    assert result.move_values == {0: 5.0, 1: 2.5}
    # minimax: min(max(0, 1), max(8, 0)) = 1 against min(2, 3) = 2: it plays the other move
    assert minimax(tree).move == 1 and minimax(tree).value == 2


def test_a_tictactoe_position_worked_by_hand() -> None:
    # X: 0, 8; O: 4, 1. X to move must block 7; a random O then has 2, 3, 5, 6 to choose from.
    state = play_moves(TicTacToe(), [0, 4, 8, 1])
    result = expectimax(state, UniformModel())
    assert result.move == 7 and result.value == 0.875
    # X at 6 threatens 3 and 7; O wins at once only by playing 7 (one in four): 3/4 - 1/4
    assert result.move_values[6] == 0.5
    assert minimax(state).value == expectimax(state, EpsilonGreedyModel(minimax_reply, 0.0)).value == 0


def test_a_finished_position_and_depth_zero() -> None:
    won = play_moves(TicTacToe(), [0, 3, 1, 4, 2])
    result = expectimax(won, UniformModel())
    assert result.move is None and result.value == -1 and result.nodes == 1  # O to move has lost
    shallow = expectimax(TicTacToe(), UniformModel(), depth=0, evaluate=line_evaluation)
    assert shallow.move is None and shallow.value == line_evaluation(TicTacToe(), "X")


def test_values_are_for_the_player_to_move_at_the_root() -> None:
    state = play_moves(TicTacToe(), [0, 4, 8, 1, 7])  # X blocked at 7; O to move must block 6
    result = expectimax(state, UniformModel())
    assert result.player == "O" and result.move == 6 and minimax(state).value == 0
    # O at 6 threatens 2: a random X blocks it one time in three (2 of 2, 3, 5), and then it is a draw
    assert result.value == pytest.approx(2 / 3)


def test_depth_limited_search_scores_leaves_for_the_root_player() -> None:
    state = play_moves(ConnectFour(), [3, 3, 2])
    result = expectimax(state, UniformModel(), depth=2, evaluate=threat_evaluation)
    expected = {}
    for move in state.legal_moves():
        child = state.play(move)
        replies = child.legal_moves()
        expected[move] = sum(threat_evaluation(child.play(reply), result.player)
                             for reply in replies) / len(replies)
    assert result.move_values == pytest.approx(expected)
    assert result.nodes == 1 + 7 + 49 and result.table_hits == 0  # every node: no transposition in two plies


# -- the models ---------------------------------------------------------------------------------

@SETTINGS
@given(st.one_of(TICTACTOE, MNK_553, CONNECT4), st.sampled_from([0.0, 0.1, 0.5, 1.0]))
def test_probabilities_sum_to_one(state: GameState, epsilon: float) -> None:
    if state.is_terminal():
        return
    for model in (UniformModel(), EpsilonGreedyModel(lambda s: s.legal_moves()[-1], epsilon)):
        distribution = model.distribution(state)
        check_distribution(distribution, state, model)
        assert [move for move, _ in distribution] == state.legal_moves()
        assert math.isclose(math.fsum(p for _, p in distribution), 1.0)


def test_epsilon_limits() -> None:
    state = play_moves(TicTacToe(), [4])
    greedy = EpsilonGreedyModel(lambda s: 2, 0.0)
    assert dict(greedy.distribution(state)) == {move: (1.0 if move == 2 else 0.0) for move in state.legal_moves()}
    random_like = EpsilonGreedyModel(lambda s: 2, 1.0)
    assert random_like.distribution(state) == UniformModel().distribution(state)
    half = dict(EpsilonGreedyModel(lambda s: 2, 0.5).distribution(state))
    assert Fraction(half[2]) == Fraction(1, 2) + Fraction(1, 16) and half[0] == 1 / 16
    for state in (TicTacToe(), play_moves(TicTacToe(), [0, 4])):
        assert (expectimax(state, EpsilonGreedyModel(minimax_reply, 1.0)).move_values
                == expectimax(state, UniformModel()).move_values)


def test_epsilon_moves_the_value_from_minimax_to_uniform() -> None:
    state = play_moves(TicTacToe(), [0, 4])  # a draw against the best replies
    values = [expectimax(state, EpsilonGreedyModel(minimax_reply, epsilon)).value for epsilon in (0, 0.25, 0.5, 1)]
    assert values[0] == minimax(state).value
    assert values[-1] == expectimax(state, UniformModel()).value
    assert values == sorted(values) and values[0] < values[-1]  # a weaker opponent is worth more


def test_bad_models_and_arguments_are_named() -> None:
    class Short:
        name = "short"

        def distribution(self, state: GameState) -> list[tuple[object, float]]:
            return [(move, 0.1) for move in state.legal_moves()]

    with pytest.raises(ValueError, match="not a distribution"):
        expectimax(play_moves(TicTacToe(), [4, 0]), Short())
    with pytest.raises(ValueError, match="not a legal move"):
        expectimax(play_moves(TicTacToe(), [4, 0, 8]), EpsilonGreedyModel(lambda s: 4, 0.2))
    with pytest.raises(ValueError, match="epsilon"):
        EpsilonGreedyModel(minimax_reply, 1.5)
    with pytest.raises(TypeError, match="opponent model"):
        expectimax(TicTacToe(), "uniform")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="needs evaluate"):
        expectimax(TicTacToe(), UniformModel(), depth=2)


# -- properties on random positions -------------------------------------------------------------

@SETTINGS
@given(TICTACTOE, st.booleans())
def test_with_all_probability_on_the_minimax_reply_expectimax_is_minimax(state: TicTacToe, faster: bool) -> None:
    board = state.board
    reply = (lambda s: alphabeta(s, evaluate=faster_wins).move) if faster else minimax_reply
    result = expectimax(state, EpsilonGreedyModel(reply, 0.0), prefer_faster_wins=faster)
    expected = minimax(state, evaluate=faster_wins if faster else None)
    assert result.value == expected.value
    if not state.is_terminal():
        assert result.move_values[result.move] == expected.value
    assert state.board == board


@SETTINGS
@given(st.one_of(MNK_553, CONNECT4))
def test_at_two_plies_the_one_ply_reply_gives_the_minimax_value(state: GameState) -> None:
    evaluate = threat_evaluation if isinstance(state, ConnectFour) else line_evaluation
    model = EpsilonGreedyModel(lambda s: alphabeta(s, 1, evaluate).move, 0.0)
    assert expectimax(state, model, depth=2, evaluate=evaluate).value == minimax(state, 2, evaluate).value


@SETTINGS
@given(TICTACTOE)
def test_against_a_uniform_opponent_the_value_is_at_least_the_minimax_value(state: TicTacToe) -> None:
    result = expectimax(state, UniformModel())
    assert result.value >= minimax(state).value - 1e-12  # an expectation is never below the worst case
    assert -1 - 1e-12 <= result.value <= 1 + 1e-12     # (up to rounding: 1/7 seven times is not exactly 1)


# -- the agent ----------------------------------------------------------------------------------

def test_the_agent_plays_in_the_arena_and_says_its_expected_value() -> None:
    from tictac_edu.agents import ExpectimaxAgent, RandomAgent
    from tictac_edu.arena import play_match

    agent = ExpectimaxAgent(UniformModel())
    assert agent.name == "expectimax full depth vs uniform"
    result = play_match(agent, RandomAgent(), TicTacToe, games=6, seed=3, progress=False)
    assert result.played == 6 and result.losses <= 1
    assert agent.last_result is not None and not agent.last_result.proven
    connect4 = ExpectimaxAgent(UniformModel(), depth=2, evaluate=threat_evaluation, name="x")
    assert connect4.choose_move(play_moves(ConnectFour(), [3, 3, 3, 0, 3, 0])) == 3  # four in a column wins


def test_a_level_model_with_no_randomness_is_the_level() -> None:
    from tictac_edu.agents import ExpectimaxAgent, difficulty_agent, level_model
    from tictac_edu.arena import play_match

    perfect = level_model(TicTacToe(), "perfect")
    assert perfect.epsilon == 0.0 and perfect.name == "perfect, 0% random"
    state = play_moves(TicTacToe(), [0, 4, 8])
    assert expectimax(state, perfect).value == minimax(state).value == 0
    assert dict(perfect.distribution(state.play(1)))[7] == 1.0  # the level blocks
    assert level_model(TicTacToe(), "easy").epsilon == 0.3  # the level's own randomness
    assert level_model(TicTacToe(), "easy", epsilon=0.05).epsilon == 0.05
    agent = ExpectimaxAgent(perfect, name="cautious")
    result = play_match(agent, difficulty_agent(TicTacToe(), "perfect"), TicTacToe, games=2, seed=1,
                        progress=False)
    assert result.draws == 2  # knowing the opponent is perfect, expectimax plays as minimax does


def test_bad_agent_arguments_are_named() -> None:
    from tictac_edu.agents import ExpectimaxAgent, level_model

    with pytest.raises(ValueError, match="needs an evaluate"):
        ExpectimaxAgent(UniformModel(), depth=3)
    with pytest.raises(ValueError, match="depth must be"):
        ExpectimaxAgent(UniformModel(), depth=0, evaluate=line_evaluation)
    with pytest.raises(TypeError, match="opponent model"):
        ExpectimaxAgent("uniform")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="has no difficulty"):
        level_model(TicTacToe(), "grandmaster")
    with pytest.raises(ValueError, match="epsilon"):
        level_model(TicTacToe(), "easy", epsilon=2)
    with pytest.raises(ValueError, match="game is over"):
        ExpectimaxAgent(UniformModel()).choose_move(play_moves(TicTacToe(), [0, 3, 1, 4, 2]))


def test_a_table_kept_between_searches_gives_the_same_values() -> None:
    from tictac_edu.search.expectimax import Table

    table: Table = {}
    first = expectimax(TicTacToe(), UniformModel(), table=table)
    again = expectimax(TicTacToe(), UniformModel(), table=table)
    assert again.move_values == first.move_values and again.nodes == 1 + 9  # every child from the table
    later = play_moves(TicTacToe(), [0, 4])
    assert expectimax(later, UniformModel(), table=table).move_values == expectimax(later, UniformModel()).move_values


# -- the picture --------------------------------------------------------------------------------

def test_the_picture_cuts_the_min_node_and_not_the_chance_node() -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from tictac_edu.viz.chance import draw_chance_versus_cutoff
    from tictac_edu.viz.draw import CUT_LABEL_GID

    fig = draw_chance_versus_cutoff()
    try:
        left, right = fig.axes
        assert [text.get_gid() for text in left.texts].count(CUT_LABEL_GID) == 1
        assert CUT_LABEL_GID not in [text.get_gid() for text in right.texts]
        shown = " ".join(text.get_text() for text in right.texts)
        assert "mean = 7.67" in shown and "(2 + ? + ?) / 3" in shown and "Ballard 1983" in shown
        assert "10.67 > 7.67: no cut" in shown  # (2 + 15 + 15) / 3 still beats the first node
        tight = " ".join(text.get_text() for text in draw_chance_versus_cutoff(bound=9).axes[1].texts)
        assert "6.67 ≤ 7.67: cut" in tight
        with pytest.raises(ValueError, match="does not cut"):
            draw_chance_versus_cutoff(second=(5, 1))
    finally:
        plt.close("all")


def test_the_agent_and_a_level_model_pickle_for_the_arenas_executors() -> None:
    import pickle

    from tictac_edu.agents import ExpectimaxAgent, level_model
    from tictac_edu.arena import check_picklable

    agent = ExpectimaxAgent(level_model(ConnectFour(), "easy"), depth=2, evaluate=threat_evaluation, name="e")
    check_picklable("agent_a", agent, "")
    copy = pickle.loads(pickle.dumps(agent))
    state = play_moves(ConnectFour(), [3, 3])
    assert copy.choose_move(state) == agent.choose_move(state)
