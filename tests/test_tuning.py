"""Texel tuning and SPSA: the loss and its gradient, the data set's filters, the weighted
evaluations against the course's own, and SPSA's determinism on a process pool and on Dask."""

from __future__ import annotations

import math
import random
from concurrent.futures import Executor, ProcessPoolExecutor

import numpy as np
import pytest

from tictac_edu.arena import SPRT
from tictac_edu.evaluation.connect4 import window_evaluation
from tictac_edu.evaluation.gomoku import count_patterns, pattern_evaluation
from tictac_edu.games import ConnectFour
from tictac_edu.games.base import GameState
from tictac_edu.games.gomoku import Gomoku
from tictac_edu.tuning import (
    PATTERNS,
    WINDOW,
    PatternWeights,
    PositionSet,
    Tunable,
    WindowWeights,
    fit_scale,
    fit_weights,
    logistic_loss,
    loss_gradient,
    positions_from_games,
    self_play_positions,
    spsa,
    texel,
    verify,
)
from tictac_edu.tuning.perturbation import ALPHA, GAMMA, weights_at


def random_positions(new_game: type[GameState], count: int, seed: int, max_plies: int) -> list[GameState]:
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = new_game()
        for _ in range(rng.randrange(max_plies)):
            if state.is_terminal():
                break
            state = state.play(rng.choice(state.legal_moves()))
        found.append(state)
    return found


# -- the loss ---------------------------------------------------------------------------------

def test_the_loss_of_three_hand_checked_positions() -> None:
    X = np.array([[2.0], [-1.0], [0.5]])
    r = np.array([1.0, 0.0, 0.5])  # a win, a loss and a draw for the player to move
    # z = K X w = 1, -0.5, 0.25: the win costs log(1 + e^-1), the loss log(1 + e^-0.5), the draw
    # half of each side's.
    expected = (math.log(1 + math.exp(-1)) + math.log(1 + math.exp(-0.5))
                + 0.5 * math.log(1 + math.exp(-0.25)) + 0.5 * math.log(1 + math.exp(0.25))) / 3
    assert logistic_loss([1.0], X, r, scale=0.5) == pytest.approx(expected, rel=1e-12)
    assert logistic_loss([0.0], X, r, scale=0.5) == pytest.approx(math.log(2))  # no score: log 2 each
    # The draw's loss is least at a score of 0, a win's falls as the score grows.
    assert logistic_loss([0.0], [[1.0]], [0.5], 1.0) < logistic_loss([1.0], [[1.0]], [0.5], 1.0)
    assert logistic_loss([3.0], [[1.0]], [1.0], 1.0) < logistic_loss([1.0], [[1.0]], [1.0], 1.0)
    # The scale multiplies the score: K = 2 with w = 1 is K = 1 with w = 2.
    assert logistic_loss([1.0], X, r, 2.0) == pytest.approx(logistic_loss([2.0], X, r, 1.0))
    # Huge scores stay finite (no log of 0).
    assert math.isfinite(logistic_loss([1e6], X, r, 1.0))


def test_the_loss_refuses_bad_data() -> None:
    with pytest.raises(ValueError, match="one row per result"):
        logistic_loss([1.0], np.ones((3, 1)), np.ones(2), 1.0)
    with pytest.raises(ValueError, match="1 \\(win\\), 0.5 \\(draw\\) or 0"):
        logistic_loss([1.0], np.ones((1, 1)), np.array([-1.0]), 1.0)
    with pytest.raises(ValueError, match="no positions"):
        logistic_loss([1.0], np.ones((0, 1)), np.ones(0), 1.0)


@pytest.mark.parametrize("seed", range(5))
def test_the_gradient_is_the_loss_by_finite_differences(seed: int) -> None:
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(40, 4)) * [1, 10, 100, 3]
    r = rng.choice([0.0, 0.5, 1.0], size=40)
    w = rng.normal(size=4) * [1, 0.1, 0.01, 0.3]
    gradient = loss_gradient(w, X, r, scale=0.7)
    for j in range(4):
        h = 1e-6 / max(abs(X[:, j]).max(), 1)
        up, down = w.copy(), w.copy()
        up[j] += h
        down[j] -= h
        numeric = (logistic_loss(up, X, r, 0.7) - logistic_loss(down, X, r, 0.7)) / (2 * h)
        assert gradient[j] == pytest.approx(numeric, rel=1e-5, abs=1e-9)


def synthetic(seed: int, weights: np.ndarray, scale: float, n: int = 4000) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, len(weights))) * 3
    p = 1 / (1 + np.exp(-scale * X @ weights))
    return X, (rng.random(n) < p).astype(float)


def test_the_scale_and_the_weights_are_found_again_from_their_own_results() -> None:
    true = np.array([2.0, -1.0, 0.5])
    X, r = synthetic(1, true, scale=0.25)
    assert fit_scale(X @ true, r) == pytest.approx(0.25, rel=0.1)
    # K fitted with the true weights; the weights, from other ones, come back close to the truth.
    scale = fit_scale(X @ true, r)
    weights, history = fit_weights(X, r, [1.0, 1.0, 1.0], scale)
    assert weights == pytest.approx(true * 0.25 / scale, rel=0.15, abs=0.05)
    assert all(later <= earlier for earlier, later in zip(history, history[1:], strict=False))
    assert history[-1] < history[0]
    # A weight that is not free stays; a feature that is always 0 leaves its weight alone.
    fixed, _ = fit_weights(X, r, [1.0, 1.0, 1.0], scale, free=[True, False, True])
    assert fixed[1] == 1.0 and fixed[0] != 1.0
    X[:, 2] = 0
    unused, _ = fit_weights(X, r, [1.0, 1.0, 7.0], scale)
    assert unused[2] == 7.0


def test_a_scale_needs_scores_that_tell_something() -> None:
    with pytest.raises(ValueError, match="every score is 0"):
        fit_scale(np.zeros(3), np.array([1.0, 0.0, 0.5]))
    with pytest.raises(ValueError, match="infinite"):
        fit_scale(np.array([1.0, 2.0, -1.0, -3.0]), np.array([1.0, 1.0, 0.0, 0.0]))


# -- the weighted evaluations are the course's own -------------------------------------------------

def test_the_window_weights_are_the_window_evaluation() -> None:
    hand = WindowWeights(WINDOW.hand_weights)
    for state in random_positions(ConnectFour, 150, seed=2, max_plies=42):
        for player in ("X", "O"):
            assert hand(state, player) == window_evaluation(state, player), state.moves_string()
    assert WINDOW.free_names == ("ONE_SCORE", "TWO_SCORE", "THREE_SCORE", "OPPONENT_ONE_SCORE", "OPPONENT_TWO_SCORE",
                                 "OPPONENT_THREE_SCORE", "CENTRE_STONE_SCORE")


def test_the_pattern_weights_are_the_pattern_evaluation() -> None:
    hand = PatternWeights(PATTERNS.hand_weights)
    for state in random_positions(Gomoku, 60, seed=3, max_plies=40):
        for player in ("Black", "White"):
            assert hand(state, player) == pattern_evaluation(state, player)


@pytest.mark.parametrize(("tunable", "new_game", "plies"), [(WINDOW, ConnectFour, 30), (PATTERNS, Gomoku, 30)])
def test_on_quiet_positions_the_evaluation_is_linear_in_its_weights(tunable: Tunable, new_game: type[GameState],
                                                                    plies: int) -> None:
    rng = np.random.default_rng(4)
    weights = np.array(tunable.hand_weights) * np.exp(rng.normal(size=len(tunable.hand_weights)) * 0.5)
    evaluate = tunable.evaluation(weights)
    quiet = [state for state in random_positions(new_game, 80, seed=5, max_plies=plies) if tunable.quiet(state)]
    assert len(quiet) > 20
    X = tunable.feature_matrix(quiet)
    for state, row in zip(quiet, X, strict=True):
        assert evaluate(state, state.to_move) == pytest.approx(row @ weights)


def test_weights_are_checked() -> None:
    with pytest.raises(ValueError, match="has 9 weights"):
        WindowWeights([1.0, 2.0])
    with pytest.raises(ValueError, match="finite"):
        PatternWeights([float("nan")] * 9)


# -- the data set -------------------------------------------------------------------------------

def no_connect4_threat(state: ConnectFour) -> bool:
    """Independently of the filter: no move of the side to move wins, and after any of its
    moves the opponent has no win in another column (a cell it could play now)."""
    for move in state.legal_moves():
        child = state.play(move)
        if child.winner is not None:
            return False
        for reply in child.legal_moves():
            if reply != move and child.play(reply).winner is not None:
                return False
    return True


def test_connect4_positions_are_quiet_unique_and_labelled_for_the_side_to_move() -> None:
    positions = self_play_positions(WINDOW, games=6, seed=7, levels=(("easy", "easy"),))
    assert len(positions) > 50 and positions.loud > 0 and positions.duplicates > 0
    assert positions.seen == len(positions) + positions.loud + positions.duplicates
    assert len({state.key() for state in positions.states}) == len(positions)
    assert all(no_connect4_threat(state) for state in positions.states)  # type: ignore[arg-type]
    results = positions.results
    for state, first, mover_first, result in zip(positions.states, positions.first_results, positions.mover_is_first,
                                                 results, strict=True):
        assert mover_first == (state.to_move == "X")
        assert result == (first if state.to_move == "X" else 1 - first)


def test_a_known_game_gives_its_quiet_positions_once_with_the_winners_labels() -> None:
    # X wins on the bottom row: 4 4 5 5 6 6 7 (0-based columns 3 3 4 4 5 5 6).
    win = [3, 3, 4, 4, 5, 5, 6]
    positions = positions_from_games(WINDOW, [win, win], [1.0, 1.0])
    # The second copy adds nothing; the positions after 44555 (X threatens two cells) are loud.
    assert positions.duplicates == 7 and len(positions) == 5 and positions.loud == 2
    assert [state.ply for state in positions.states] == [0, 1, 2, 3, 4]
    assert list(positions.results) == [1.0, 0.0, 1.0, 0.0, 1.0]  # X's win: 1 with X to move, 0 with O
    drawn = positions_from_games(WINDOW, [[3]], [0.5])
    assert list(drawn.results) == [0.5, 0.5]
    with pytest.raises(ValueError, match="1, 1/2 or 0"):
        positions_from_games(WINDOW, [[3]], [-1.0])


def test_gomoku_positions_are_quiet_and_labelled_for_the_side_to_move() -> None:
    positions = self_play_positions(PATTERNS, games=2, seed=8, levels=(("easy", "easy"),))
    assert len(positions) > 10 and positions.loud > 0
    for state, result, first in zip(positions.states, positions.results, positions.first_results, strict=True):
        assert isinstance(state, Gomoku)
        for player in state.players:
            counts = count_patterns(state, player)  # a full scan, not the filter's incremental counts
            assert not (counts.four or counts.open_four or counts.five)
        assert result == (first if state.to_move == "Black" else 1 - first)


def test_the_split_holds_out_whole_games() -> None:
    positions = self_play_positions(WINDOW, games=8, seed=9, levels=(("easy", "easy"),))
    train, test = positions.split(held_out=0.25, seed=1)
    assert len(train) + len(test) == len(positions)
    assert not set(train.games) & set(test.games)
    assert len(set(test.games)) == 2
    with pytest.raises(ValueError, match="between 0 and 1"):
        positions.split(held_out=1.0)
    with pytest.raises(ValueError, match="at least two"):
        PositionSet([ConnectFour()], [1.0], [True], [0]).split()


def test_texel_lowers_the_training_loss_and_reports_the_held_out_one() -> None:
    train, test = self_play_positions(WINDOW, games=10, seed=10).split(seed=2)
    fit = texel(WINDOW, train, test)
    assert fit.train_loss < fit.hand_train_loss
    assert fit.history[0] == fit.hand_train_loss and fit.history[-1] == fit.train_loss
    assert math.isfinite(fit.test_loss) and math.isfinite(fit.hand_test_loss)
    fixed = [not free for free in WINDOW.free]
    assert np.array_equal(fit.weights[fixed], np.array(WINDOW.hand_weights)[fixed])
    assert "OPPONENT_THREE_SCORE" in fit.table() and "held out" in fit.summary()
    assert len(fit.path) == len(fit.history) and np.array_equal(fit.path[-1], fit.weights)
    assert fit.losses(train) == pytest.approx(fit.history)
    assert fit.losses(test)[0] == pytest.approx(fit.hand_test_loss) and fit.losses(test)[-1] == fit.test_loss


# -- SPSA -----------------------------------------------------------------------------------------

def test_spsa_follows_its_update_rule() -> None:
    result = spsa(WINDOW, iterations=3, games=2, depth=1, seed=11, a=0.4, c=0.2)
    theta = np.zeros(len(WINDOW.free_names))
    for k, step in enumerate(result.steps):
        a_k, c_k = 0.4 / (k + 1 + 0.3) ** ALPHA, 0.2 / (k + 1) ** GAMMA
        theta = theta + a_k * (2 * step.score - 1) / (2 * c_k) * np.array(step.signs)
        assert np.allclose(step.weights, weights_at(WINDOW, theta))
    assert result.games == 6
    assert np.array_equal(result.weights, np.array(result.steps[-1].weights))


def spsa_outline(executor: Executor | None) -> list[tuple[object, ...]]:
    result = spsa(WINDOW, iterations=3, games=4, depth=2, seed=12, executor=executor, pairs_per_task=1)
    return [(step.signs, step.score, step.weights) for step in result.steps]


@pytest.fixture(scope="module")
def sequential_spsa() -> list[tuple[object, ...]]:
    return spsa_outline(None)


def test_spsa_gives_the_same_weights_on_a_process_pool(sequential_spsa: list[tuple[object, ...]]) -> None:
    with ProcessPoolExecutor(2) as pool:
        assert spsa_outline(pool) == sequential_spsa
    scores = {step[1] for step in sequential_spsa}
    assert len(sequential_spsa) == 3 and scores <= {i / 8 for i in range(9)}  # 4 games, draws count 1/2



@pytest.mark.slow
def test_spsa_gives_the_same_weights_on_a_dask_cluster(sequential_spsa: list[tuple[object, ...]],
                                                       dask_executor: Executor) -> None:
    assert spsa_outline(dask_executor) == sequential_spsa


# -- the verifying match -----------------------------------------------------------------------

def test_the_hand_set_weights_against_themselves_win_every_pair_once() -> None:
    # Identical deterministic players play one game twice in a pair: each side wins it once.
    result = verify(WINDOW, WINDOW.hand_weights, games=6, depth=2, seed=13)
    assert result.agent_a == "tuned" and result.agent_b == "hand-set"
    assert result.pentanomial == (0, 0, 3, 0, 0)
    stopped = verify(WINDOW, [w * (0.01 if "THREE" in n else 1) for n, w in zip(WINDOW.weight_names,
                                                                                 WINDOW.hand_weights, strict=True)],
                     games=40, depth=2, seed=13, sprt=SPRT(elo0=0, elo1=20))
    assert stopped.sprt == SPRT(elo0=0, elo1=20) and len(stopped.llr_history) == sum(stopped.pentanomial)
    assert stopped.sprt_status != "continue" or stopped.played == 40  # it stops only with a verdict


@pytest.mark.slow
def test_the_benchmark_runs_with_its_smallest_options(capsys: pytest.CaptureFixture[str]) -> None:
    import importlib.util
    import sys
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "benchmarks" / "tuning.py"
    sys.path.insert(0, str(path.parent))
    spec = importlib.util.spec_from_file_location("benchmark_tuning", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--games", "connect4", "--self-play", "4", "--iterations", "2", "--spsa-games", "2",
                        "--verify-games", "4", "--connect4-depth", "1", "--levels-games", "2", "--workers", "1",
                        "--no-dask"]) == 0
    out = capsys.readouterr().out
    assert "Identical weights from the 2 runs" in out and "Texel on" in out and "verifying match, SPSA" in out
    assert "Texel vs threat_evaluation: " in out  # Connect Four's levels search with another evaluation
    assert module.main(["--games", "gomoku", "--self-play", "2", "--verify-games", "2", "--workers", "1", "--no-dask",
                        "--no-spsa"]) == 0
    out = capsys.readouterr().out
    assert "SPSA" not in out and "verifying match, Texel" in out
    assert "the levels search with the hand-set evaluation itself" in out
